"""The memory's own rules, kept in its database: the predicates it adds to the built-in
registry and the policies that approve automatically.

A file dropped in the memory directory changes nothing: rules change only through
these functions (``kg predicates ...``, ``kg policies ...``), each change recorded with
who made it (``--by`` and the OS user), what it was before and what it is after. A
change that would revive a rejected claim or leave two current values in a one-valued
slot is refused:

- a synonym may not be a spelling claims already use (their keys and tombstones were
  made under it: "Acme uses Slack", rejected, would come back as pending under the new
  name);
- a synonym once given stays while claims use its predicate (without it, a claim said
  that way would get a new key, and a rejected one would come back);
- a predicate may become one-valued only where no subject holds two current values.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel

from kg import gate
from kg.errors import InvalidDecision
from kg.registry import PredicateRegistry, PredicateSpec

Kind = Literal["predicate", "policy", "owner"]


class RuleChange(BaseModel):
    """One change to the memory's rules."""

    seq: int
    at: datetime
    actor: str
    os_user: str
    kind: Kind
    name: str
    before: dict[str, Any] | None  # None: the rule did not exist
    after: dict[str, Any] | None  # None: the rule was removed


def registry(store: Any) -> PredicateRegistry:
    """The built-in registry with the memory's own predicates over it."""
    specs = PredicateRegistry.builtin().specs()
    for name, body in store.rules("predicate").items():
        own = PredicateSpec.model_validate(body)
        builtin = specs.get(name, PredicateSpec()).synonyms
        specs[name] = PredicateSpec(cardinality=own.cardinality,
                                    synonyms=list(dict.fromkeys([*builtin, *own.synonyms])))
    return PredicateRegistry(specs)


def set_predicate(store: Any, name: str, spec: PredicateSpec, by: str | None,
                  now: datetime) -> RuleChange:
    """Declare (or redeclare) a predicate of the memory's own; see the module's rules."""
    actor = gate.actor(by)
    canonical = PredicateRegistry.fold(name)
    if not canonical:
        raise InvalidDecision(f"predicate {name!r} is empty once normalised")
    with store.transaction():
        before = registry(store)
        if before.canonical(canonical) != canonical:
            raise InvalidDecision(f"{canonical!r} is a synonym of "
                                  f"{before.canonical(canonical)!r}: set that one")
        synonyms = [PredicateRegistry.fold(s) for s in spec.synonyms]
        for synonym in synonyms:
            if synonym == canonical:
                raise InvalidDecision(f"{synonym!r} is the predicate itself, not a synonym")
            if synonym in before.specs():
                raise InvalidDecision(f"{synonym!r} is a predicate of its own, not a synonym")
            if before.canonical(synonym) not in (synonym, canonical):
                raise InvalidDecision(f"{synonym!r} is already a synonym of "
                                      f"{before.canonical(synonym)!r}")
            used = store.claims_with_predicate(synonym)
            if used:
                raise InvalidDecision(
                    f"{used} claim(s) already use predicate {synonym!r}: as a synonym of "
                    f"{canonical!r} it would part them from their keys, and a rejected one "
                    "would be proposed again. Keep it a predicate of its own")
        old = store.rules("predicate").get(canonical)
        _keeps_synonyms(store, canonical, old, synonyms)
        if spec.cardinality == "one" and before.cardinality(canonical) == "many":
            _become_one_valued(store, canonical)
        body = PredicateSpec(cardinality=spec.cardinality, synonyms=synonyms).model_dump()
        return _record(store, "predicate", canonical, old, body, actor, now)


def _become_one_valued(store: Any, predicate: str) -> None:
    """Refuse while a subject holds two current value sets of ``predicate``; else give
    each of its slots the current value and count a one-valued slot keeps (a many-valued
    predicate's slots keep none), so the next value supersedes it."""
    crowded = store.subjects_with_values(predicate)
    if crowded:
        raise InvalidDecision(
            f"{len(crowded)} subject(s) hold more than one current {predicate!r} "
            f"(e.g. {crowded[0]}): a one-valued predicate would hold two current values. "
            "Forget the extra values first")
    slots: dict[str, list[Any]] = {}
    for claim in store.approved_in_predicate(predicate):
        slots.setdefault(gate.slot_of(claim.scope, claim.subject, claim.predicate),
                         []).append(claim)
    for slot, claims in slots.items():
        current = next((c.id for c in claims if c.lifecycle == "current"), "")
        store.set_slot_current(slot, current, len(claims))


def _keeps_synonyms(store: Any, canonical: str, old: dict[str, Any] | None,
                    synonyms: list[str]) -> None:
    """A synonym once given stays while claims use the predicate: without it, a claim
    said that way would get a new key and a rejected one would be proposed again."""
    dropped = sorted(set((old or {}).get("synonyms", [])) - set(synonyms))
    if dropped and store.claims_with_predicate(canonical):
        raise InvalidDecision(
            f"synonym(s) {', '.join(dropped)} of {canonical!r} stay: claims use "
            f"{canonical!r}, and one said as {dropped[0]!r} would be proposed again under "
            "a new name")


class Owner(BaseModel):
    """Whom "I/my" and "we/our" mean for a memory (``kg init --user --organisation``)."""

    user: str = ""
    organisation: str = ""


def owner(store: Any) -> Owner:
    body = store.rules("owner").get("owner")
    return Owner.model_validate(body) if body else Owner()


def set_owner(store: Any, user: str, organisation: str, by: str | None,
              now: datetime) -> RuleChange:
    try:
        body = Owner(user=user.strip(), organisation=organisation.strip())
    except ValueError as exc:
        raise InvalidDecision(f"owner: {exc}") from exc
    if not body.user or len(body.user) > 200 or len(body.organisation) > 200:
        raise InvalidDecision("the owner needs a name of 1 to 200 characters")
    with store.transaction():
        old = store.rules("owner").get("owner")
        return _record(store, "owner", "owner", old, body.model_dump(), gate.actor(by), now)


def set_policy(store: Any, name: str, body: dict[str, Any], by: str | None,
               now: datetime) -> RuleChange:
    """Add or replace the policy ``name`` (its body already validated by the caller)."""
    with store.transaction():
        old = store.rules("policy").get(name)
        return _record(store, "policy", name, old, body, gate.actor(by), now)


def changes(store: Any) -> list[RuleChange]:
    """Every change to the memory's rules, oldest first."""
    return [RuleChange.model_validate_json(body) for body in store.rule_changes()]


def remove_rule(store: Any, kind: Kind, name: str, by: str | None,
                now: datetime) -> RuleChange:
    actor = gate.actor(by)
    with store.transaction():
        old = store.rules(kind).get(name)
        if old is None:
            raise InvalidDecision(f"there is no {kind} {name!r} of this memory's own")
        if kind == "predicate":
            _keeps_synonyms(store, name, old, [])
            if old.get("cardinality") == "many" and \
                    PredicateRegistry.builtin().cardinality(name) == "one":
                _become_one_valued(store, name)
        return _record(store, kind, name, old, None, actor, now)


def _record(store: Any, kind: Kind, name: str, before: dict[str, Any] | None,
            after: dict[str, Any] | None, actor: str, now: datetime) -> RuleChange:
    if actor.startswith("policy:"):
        raise InvalidDecision("rules are changed by a person, not by a policy")
    change = RuleChange(seq=store.next_rule_seq(), at=now, actor=actor,
                        os_user=gate.os_user(), kind=kind, name=name, before=before,
                        after=after)
    store.put_rule(kind, name, None if after is None else json.dumps(after),
                   change.model_dump_json())
    return change

"""The approval gate: proposals and the decisions a person (or a declared policy) makes.

Every function here is one transaction on the store: a proposal lands with its
event, a decision lands with its supersession and events, or nothing changes.
Supersession happens only when a claim is approved; a pending claim never
retires anything.
"""

from __future__ import annotations

import getpass
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from kg import undo
from kg.errors import InvalidClaim, InvalidDecision
from kg.models import (
    Action,
    Claim,
    ClaimDraft,
    ClaimKind,
    Lifecycle,
    ObjectKind,
    Outcome,
    ProposeResult,
    Scope,
    Status,
)
from kg.normalise import digest, entity_id, normalise_text
from kg.registry import PredicateRegistry
from kg.storage.cypher import new_id
from kg.storage.protocol import (
    ClaimStore,
    Decisions,
    EntityRef,
    KeyState,
    NewClaim,
    entity_pk,
    slot_of,
)
from kg.timeline import Entry, place
from kg.unit_of_work import UnitOfWork

ACTOR_KINDS = ("human", "policy")
SYSTEM = "system:kg"


def os_user() -> str:
    """Who the operating system says runs this process: kept beside every decision,
    since ``by`` is only what the decider says of themself."""
    try:
        return getpass.getuser() or "unknown"
    except (KeyError, OSError):
        return "unknown"


def _decided(**detail: Any) -> str:
    """A decision event's detail, with the OS user beside the self-named decider."""
    return json.dumps({**detail, "os_user": os_user()})


def actor(by: str | None) -> str:
    """``decided_by`` for a decision: ``human:<name>`` or ``policy:<rule>``.

    >>> actor("priya"), actor("policy:bench")
    ('human:priya', 'policy:bench')
    """
    text = (by or "").strip()
    kind, _, name = text.partition(":") if ":" in text else ("human", "", text)
    name = name.strip()
    if not name:
        raise InvalidDecision("a decision needs an actor: pass by='<name>' or by='policy:<rule>'")
    if kind not in ACTOR_KINDS:
        raise InvalidDecision(f"actor {text!r} must be 'human:<name>' or 'policy:<rule>'")
    if len(name) > 200 or any(not ch.isprintable() for ch in name):
        raise InvalidDecision(f"actor name {name!r} is too long or has control characters")
    return f"{kind}:{name}"


# -- naming: drafts become keys, slots and entity ids ---------------------------


def object_value_key(value: str, kind: ObjectKind) -> str:
    if kind == ObjectKind.entity:
        return entity_id(value)
    return normalise_text(value)


def claim_key(scope: Scope, subject: str, predicate: str, object_key: str,
              kind: ClaimKind = ClaimKind.assert_) -> str:
    """The hash a tombstone and de-duplication are keyed on."""
    parts = [scope.label(), subject, predicate, object_key]
    if kind == ClaimKind.retract:
        parts.append("retract")
    return digest(*parts)


def _names(draft_subject: str, draft_object: str, object_kind: ObjectKind,
           scope: Scope) -> tuple[str, str, list[EntityRef]]:
    subject = entity_id(draft_subject)
    if not subject:
        raise InvalidClaim(f"subject {draft_subject!r} is empty once normalised")
    entities = [EntityRef.of(scope.namespace, subject, draft_subject.strip())]
    object_entity = ""
    if object_kind == ObjectKind.entity:
        object_entity = entity_id(draft_object)
        if not object_entity:
            raise InvalidClaim(f"object {draft_object!r} is empty once normalised")
        entities.append(EntityRef.of(scope.namespace, object_entity, draft_object.strip()))
    return subject, object_entity, entities


def _object_pk(scope: Scope, object_entity: str) -> str:
    return entity_pk(scope.namespace, object_entity) if object_entity else ""


# -- proposals ------------------------------------------------------------------


def propose(store: ClaimStore, registry: PredicateRegistry, scope: Scope,
            drafts: Sequence[ClaimDraft], now: datetime,
            ids: Sequence[str] | None = None) -> list[ProposeResult]:
    """Store pending claims, or say for each draft why nothing new was stored.

    One transaction for the whole batch; new claims are written in a fixed number of
    statements. A draft whose key was seen (in the store or earlier in the batch) is a
    duplicate, a reinforcement, or suppressed by a tombstone. ``ids``: the new claims'
    ids, one per draft (an import keeps the exported ones), else fresh ones."""
    named = [_name_draft(registry, scope, d) for d in drafts]
    results: list[ProposeResult] = []
    with store.transaction():
        states = store.key_states(list(dict.fromkeys(
            [n.key for n in named] + [k for n in named for k in n.broader])))
        # a rejection in a broader scope covers this one: agent a cannot re-propose what
        # was rejected for the whole namespace
        named = [_tombstoned_above(n, states) for n in named]
        known = [_already_known(store, states[n.above or n.key]) for n in named]
        past = _history(store, scope, [n for n, seen in zip(named, known, strict=True)
                                       if seen is None])
        fresh: dict[str, NewClaim] = {}
        again: list[tuple[str, ClaimDraft]] = []
        given = list(ids) if ids is not None else [new_id() for _ in drafts]
        for draft, n, seen, fresh_id in zip(drafts, named, known, given, strict=True):
            if n.key in fresh:  # the same fact twice in one batch: counted, and audited
                item = fresh[n.key]  # once the claim exists
                fresh[n.key] = replace(item, claim=item.claim.model_copy(
                    update={"observations": item.claim.observations + 1}))
                results.append(ProposeResult(outcome=Outcome.duplicate,
                                             claim_id=item.claim.id, key=n.key))
                again.append((item.claim.id, draft))
                continue
            if seen is not None:
                outcome, claim_id = seen
                _record_seen(store, outcome, claim_id, draft, now,
                             statement_of(draft, draft.valid_from or now))
                results.append(ProposeResult(outcome=outcome, claim_id=claim_id, key=n.key))
                continue
            closed = _outdated_by(past.get(n.key, []), draft, now)
            if closed is not None:  # said again from before the value that replaced it
                results.append(ProposeResult(outcome=Outcome.outdated, claim_id=closed.id,
                                             key=n.key))
                continue
            claim = Claim(
                id=fresh_id, key=n.key, scope=scope, subject=n.subject,
                subject_name=draft.subject.strip(), predicate=n.predicate,
                object=draft.object.strip(), object_kind=draft.object_kind,
                object_entity=n.object_entity, kind=draft.kind, status=Status.pending,
                lifecycle=Lifecycle.current, valid_from=draft.valid_from or now,
                recorded_at=now, initial_text=draft.text, final_text="",
                provenance=draft.provenance, observations=1, update_cue=draft.update_cue,
                pinned=draft.pinned, said_in=statement_of(draft, draft.valid_from or now),
            )
            subject_entity, *object_entity = n.entities
            fresh[n.key] = NewClaim(claim, slot_of(scope, n.subject, n.predicate),
                                    subject_entity, object_entity[0] if object_entity else None,
                                    _proposer(draft), _source_detail(draft))
            results.append(ProposeResult(outcome=Outcome.pending, claim_id=claim.id, key=n.key))
        store.insert_claims(list(fresh.values()))
        for claim_id, draft in again:
            store.add_event(claim_id, _proposer(draft), Action.duplicate, now,
                            detail=_source_detail(draft))
    return results


@dataclass(frozen=True)
class _Named:
    key: str
    subject: str
    predicate: str
    object_entity: str
    entities: list[EntityRef]
    broader: tuple[str, ...] = ()  # the same claim's keys in the broader readable scopes
    above: str = ""  # the broader key whose tombstone covers this draft, if any


def _name_draft(registry: PredicateRegistry, scope: Scope, draft: ClaimDraft) -> _Named:
    predicate = registry.canonical(draft.predicate)
    subject, object_entity, entities = _names(draft.subject, draft.object, draft.object_kind,
                                              scope)
    value = object_value_key(draft.object, draft.object_kind)
    key = claim_key(scope, subject, predicate, value, draft.kind)
    broader = tuple(claim_key(s, subject, predicate, value, draft.kind)
                    for s in scope.readable() if s != scope)
    return _Named(key, subject, predicate, object_entity, entities, broader)


def keys_above(registry: PredicateRegistry, scope: Scope,
               drafts: Sequence[ClaimDraft]) -> list[str]:
    """The drafts' keys in the scopes broader than ``scope``, whose tombstones cover
    them."""
    return list(dict.fromkeys(k for d in drafts for k in _name_draft(registry, scope, d)
                              .broader))


def _refuse_tombstoned(store: ClaimStore, scope: Scope, subject: str, predicate: str,
                       value: str, kind: ClaimKind) -> None:
    """An edit may not turn a claim into one that was rejected, here or in a broader
    scope: the rejection stands for every path a claim takes."""
    keys = [claim_key(s, subject, predicate, value, kind) for s in scope.readable()]
    for state in store.key_states(keys).values():
        if state["tombstoned_at"] is not None:
            raise InvalidDecision(
                f"the edit makes this claim one that was rejected (claim "
                f"{state['rejected']}); reject this one, or undo that rejection first")


def _tombstoned_above(n: _Named, states: dict[str, KeyState]) -> _Named:
    above = next((k for k in n.broader if states[k]["tombstoned_at"] is not None), "")
    return replace(n, above=above) if above else n


def _already_known(store: ClaimStore, state: KeyState) -> tuple[Outcome, str] | None:
    """How an earlier claim with this key (or edited from it) answers a new proposal."""
    if state["tombstoned_at"] is not None:
        return Outcome.suppressed, state["rejected"]
    if state["pending"]:
        return Outcome.duplicate, state["pending"]
    if state["current"]:
        return Outcome.reinforced, state["current"]
    if state["redirect"]:
        target = store.claim_any_scope(state["redirect"])
        if target is not None:
            if target.status == Status.rejected:
                return Outcome.suppressed, target.id
            if target.status == Status.pending:
                return Outcome.duplicate, target.id
            if target.lifecycle == Lifecycle.current:
                return Outcome.reinforced, target.id
    return None


def _history(store: ClaimStore, scope: Scope, named: list[_Named]) -> dict[str, list[
        tuple[Claim, Claim]]]:
    """For each key, its approved values that a later one closed, with what closed them."""
    if not named:
        return {}
    closed = store.superseded_in([slot_of(scope, n.subject, n.predicate) for n in named],
                                 [n.key for n in named])
    closers = store.claims_by_id(list({c.superseded_by for c in closed if c.superseded_by}))
    found: dict[str, list[tuple[Claim, Claim]]] = {}
    for claim in closed:
        if claim.kind == ClaimKind.retract:  # an approved ending, said again
            found.setdefault(claim.key, []).append((claim, claim))
        elif claim.superseded_by in closers:
            found.setdefault(claim.key, []).append((claim, closers[claim.superseded_by]))
    return found


def _outdated_by(closed: list[tuple[Claim, Claim]], draft: ClaimDraft,
                 now: datetime) -> Claim | None:
    """The closed value a draft only repeats: said in the same message, or said of a
    time no later than the value (or ending) that replaced it. "I moved back to
    Portland", said after Denver, is news and is proposed."""
    message = (draft.provenance.conversation_id, draft.provenance.message_id)
    said_at = draft.valid_from or now
    for claim, closer in closed:
        same_message = bool(message[1]) and message == (claim.provenance.conversation_id,
                                                        claim.provenance.message_id)
        if same_message or said_at <= closer.valid_from:
            return claim
    return None


def statement_of(draft: ClaimDraft, valid_from: datetime) -> str:
    """The statement a draft was said in: one message at one time. Values said in one
    statement are one value set; '' (no message id) makes a set of its own."""
    p = draft.provenance
    if not p.message_id:
        return ""
    return digest(p.conversation_id, p.message_id, valid_from.isoformat())


def _record_seen(store: ClaimStore, outcome: Outcome, claim_id: str, draft: ClaimDraft,
                 now: datetime, said_in: str) -> None:
    action = {Outcome.suppressed: Action.suppressed, Outcome.duplicate: Action.duplicate,
              Outcome.reinforced: Action.reinforced}[outcome]
    if outcome != Outcome.suppressed:
        claim = store.claim_any_scope(claim_id)
        assert claim is not None
        if not _seen_in(store, claim, draft):  # ("kg ingest --reprocess" reads the same
            # messages again: no new observation)
            store.update_claim(claim_id, {"observations": claim.observations + 1})
    # "said_in": a current value said again belongs to that statement's value set too
    store.add_event(claim_id, _proposer(draft), action, now,
                    detail=_source_detail(draft, said_in))


def restated(store: ClaimStore, claim_id: str, draft: ClaimDraft, now: datetime,
             said_in: str) -> None:
    """Record that the claim's value was said again in statement ``said_in`` (as a
    proposal that finds it does): it joins that statement's value set."""
    with store.transaction():
        _record_seen(store, Outcome.reinforced, claim_id, draft, now, said_in)


def _proposer(draft: ClaimDraft) -> str:
    return f"extractor:{draft.provenance.extractor}"


def _seen_in(store: ClaimStore, claim: Claim, draft: ClaimDraft) -> bool:
    """Whether the draft's message is one the claim was already observed in: its own
    source, or a message that already reinforced it (events before the conversation was
    recorded in them count as the claim's own conversation)."""
    p = draft.provenance
    if not p.message_id:
        return False
    if (p.conversation_id, p.message_id) == (claim.provenance.conversation_id,
                                             claim.provenance.message_id):
        return True
    for e in store.events(claim.id):
        if e.action not in (Action.reinforced, Action.duplicate):
            continue
        seen = json.loads(e.detail or "{}")
        if seen.get("message_id") == p.message_id and seen.get(
                "conversation_id", claim.provenance.conversation_id) == p.conversation_id:
            return True
    return False


def _source_detail(draft: ClaimDraft, said_in: str = "") -> str:
    p = draft.provenance
    detail = {"message_id": p.message_id, "conversation_id": p.conversation_id,
              "pattern": p.pattern, "confidence": p.confidence}
    return json.dumps({**detail, "said_in": said_in} if said_in else detail)


# -- decisions ------------------------------------------------------------------


def approve(store: ClaimStore, registry: PredicateRegistry, scope: Scope,
            claim_ids: Sequence[str], by: str | None, now: datetime) -> list[Claim]:
    """Approve pending claims, in order; each supersedes what it replaces. One
    transaction: all are approved or none. The changes are gathered in a unit of work
    and written together (see ``kg.unit_of_work``)."""
    decided_by = actor(by)
    with store.transaction():
        work = UnitOfWork(store)
        work.prefetch(list(claim_ids), lambda c: c.key,
                      lambda c: slot_of(c.scope, c.subject, c.predicate))
        decided = [_approve_one(work, registry, scope, claim_id, decided_by, now)
                   for claim_id in claim_ids]
        work.flush()
    return decided


def _approve_one(store: Decisions, registry: PredicateRegistry, scope: Scope, claim_id: str,
                 decided_by: str, now: datetime) -> Claim:
    claim = store.claim(claim_id, scope)
    require_pending(claim, "approve")
    decision: dict[str, Any] = {"status": "approved", "decided_by": decided_by,
                                "decided_at": now, "deferred_until": None}
    if claim.kind == ClaimKind.retract:
        _end_target(store, claim, decided_by, now)
        decision["lifecycle"] = "retracted"
        store.set_key_state(claim.key, pending="")
    else:
        decision.update(_take_effect(store, registry, claim, decided_by, now))
    store.update_claim(claim.id, decision)
    store.add_event(claim.id, decided_by, Action.approved, now, "pending", "approved",
                    _decided())
    return store.claim(claim_id, scope)


def _take_effect(store: Decisions, registry: PredicateRegistry, claim: Claim, decided_by: str,
                 now: datetime) -> dict[str, Any]:
    """Place an approved assertion: reinforce, become current, or slot into history.

    Writes the claim's key state once; returns the claim's own new fields."""
    existing = store.key_state(claim.key)["current"]
    if existing and existing != claim.id:
        current = store.claim_any_scope(existing)
        assert current is not None
        store.set_key_state(claim.key, pending="")
        store.update_claim(existing, {"observations": current.observations + claim.observations})
        store.add_event(existing, decided_by, Action.reinforced, now,
                        detail=json.dumps({"merged": claim.id}))
        return {"lifecycle": "superseded", "superseded_by": existing,
                "valid_to": claim.valid_from}
    if registry.cardinality(claim.predicate) == "many":
        store.set_key_state(claim.key, pending="", current=claim.id)
        return {"lifecycle": "current"}
    slot = slot_of(claim.scope, claim.subject, claim.predicate)
    current_id, placed = store.slot_state(slot)
    members = _values(store.slot_members(slot), claim.id) if placed else []
    if all(m.valid_from <= claim.valid_from for m in members):
        # The common case needs no timeline: a first value, or a newer statement. The
        # current set's values said again in this statement join it; the rest close.
        again = said_again(store, members, claim.said_in)
        for member in members:
            if member.id in again:
                _carry(store, member, claim, decided_by, now)
            elif not (claim.said_in and member.said_in == claim.said_in):
                _close(store, member.id, claim.valid_from, claim.id, decided_by, now,
                       slot_handled=True)
        store.set_slot_current(slot, claim.id, placed + 1)
        store.set_key_state(claim.key, pending="", current=claim.id)
        return {"lifecycle": "current"}
    # A value older than the current set needs the slot's whole timeline.
    placed_claims = _values(store.slot_claims(slot), claim.id)
    others = [Entry(c.id, c.valid_from, c.valid_to, c.said_in) for c in placed_claims]
    placement = place(Entry(claim.id, claim.valid_from, None, claim.said_in), others)
    # A late value goes to history and the current set stays.
    for closure in placement.closes:
        _close(store, closure.id, closure.valid_to, closure.superseded_by, decided_by, now,
               slot_handled=True)
    new_current = claim.id if placement.is_current else current_id
    store.set_slot_current(slot, new_current, placed + 1)
    if placement.is_current:
        store.set_key_state(claim.key, pending="", current=claim.id)
        return {"lifecycle": "current"}
    store.set_key_state(claim.key, pending="")
    return {"lifecycle": "superseded", "valid_to": placement.valid_to,
            "superseded_by": placement.superseded_by}


def _values(slot_claims: list[Claim], besides: str) -> list[Claim]:
    """A slot's approved, not retracted values, other than claim ``besides``."""
    return [c for c in slot_claims if c.id != besides and c.status == Status.approved
            and c.kind == ClaimKind.assert_ and c.lifecycle != Lifecycle.retracted]


def said_again(store: Decisions, members: list[Claim], said_in: str) -> set[str]:
    """Which current values were proposed again in statement ``said_in``."""
    if not said_in:
        return set()
    return {m.id for m in members if m.said_in != said_in and any(
        e.action == Action.reinforced and json.loads(e.detail or "{}").get("said_in") == said_in
        for e in store.events(m.id))}


def _carry(store: Decisions, member: Claim, into: Claim, actor_: str, now: datetime) -> None:
    """A current value said again in a new statement stays current, in its value set
    ("our stack is now Rust and Go": Go stays); the event keeps its old set, for undo."""
    store.update_claim(member.id, {"said_in": into.said_in})
    store.add_event(member.id, actor_, Action.reinforced, now, detail=undo.detail(
        undo.Carried(carried_by=into.id, previous_said_in=member.said_in)))


def _close(store: Decisions, claim_id: str, valid_to: datetime, by_claim: str, actor_: str,
           now: datetime, slot_handled: bool = False) -> None:
    """End a value's interval at ``valid_to``; the event keeps what it was, for undo.
    ``slot_handled``: the caller rewrites the slot's current value itself."""
    before = store.claim_any_scope(claim_id)
    assert before is not None
    store.update_claim(claim_id, {"lifecycle": "superseded", "valid_to": valid_to,
                                  "superseded_by": by_claim})
    if before.lifecycle == Lifecycle.current:
        store.set_key_state(before.key, current="")
        if not slot_handled:
            _release_slot(store, before)
    previous = undo.Before(lifecycle=before.lifecycle, superseded_by=before.superseded_by,
                           valid_to=before.valid_to)
    store.add_event(claim_id, actor_, Action.superseded, now, str(before.lifecycle),
                    "superseded", undo.detail(undo.Closed(by=by_claim, previous=previous)))


def _release_slot(store: Decisions, claim: Claim) -> None:
    """Clear the slot's current value if it is this claim."""
    slot = slot_of(claim.scope, claim.subject, claim.predicate)
    if store.slot_current(slot) == claim.id:
        store.set_slot_current(slot, "")


def _end_target(store: Decisions, retraction: Claim, decided_by: str, now: datetime) -> None:
    """An approved ending closes the matching current claim's validity."""
    target_key = claim_key(retraction.scope, retraction.subject, retraction.predicate,
                           object_value_key(retraction.object, retraction.object_kind))
    target = store.key_state(target_key)["current"]
    if target:
        _close(store, target, retraction.valid_from, retraction.id, decided_by, now)


def reject(store: ClaimStore, scope: Scope, claim_id: str, by: str | None, reason: str,
           now: datetime) -> Claim:
    """Reject a pending claim and tombstone its key, so it is not proposed again."""
    decided_by = actor(by)
    with store.transaction():
        claim = store.claim(claim_id, scope)
        require_pending(claim, "reject")
        store.update_claim(claim.id, {"status": "rejected", "decided_by": decided_by,
                                      "decided_at": now, "deferred_until": None})
        store.set_key_state(claim.key, pending="", rejected=claim.id, tombstoned_at=now)
        store.add_event(claim.id, decided_by, Action.rejected, now, "pending", "rejected",
                        _decided(reason=reason))
    return store.claim(claim_id, scope)


EDITABLE = ("subject", "predicate", "object", "object_kind", "text")


def edit(store: ClaimStore, registry: PredicateRegistry, scope: Scope, claim_id: str,
         changes: dict[str, str], by: str | None, now: datetime) -> Claim:
    """Rewrite a pending claim. The extractor's version stays in ``initial_text``
    and in the event; re-proposing the original is treated as this claim."""
    decided_by = actor(by)
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise InvalidDecision(f"cannot edit {sorted(unknown)}; editable: {', '.join(EDITABLE)}")
    if not changes:
        raise InvalidDecision("an edit needs at least one change")
    with store.transaction():
        claim = store.claim(claim_id, scope)
        require_pending(claim, "edit")
        kind = ObjectKind(changes.get("object_kind", claim.object_kind))
        subject_name = changes.get("subject", claim.subject_name)
        object_text = changes.get("object", claim.object)
        draft = ClaimDraft(subject=subject_name, predicate=changes.get("predicate",
                           claim.predicate), object=object_text, object_kind=kind)
        predicate = registry.canonical(draft.predicate)
        subject, object_entity, entities = _names(draft.subject, draft.object, kind, scope)
        key = claim_key(scope, subject, predicate, object_value_key(draft.object, kind),
                        claim.kind)
        updated = claim.model_copy(update={
            "key": key, "subject": subject, "subject_name": draft.subject.strip(),
            "predicate": predicate, "object": draft.object.strip(), "object_kind": kind,
            "object_entity": object_entity,
        })
        text = changes.get("text") or updated.model_copy(update={"final_text": ""}).sentence()
        updated = updated.model_copy(update={"final_text": text})
        store.relink_claim(updated, slot_of(scope, subject, predicate),
                           entity_pk(scope.namespace, subject), _object_pk(scope, object_entity),
                           entities)
        if key != claim.key:
            _refuse_tombstoned(store, scope, subject, predicate,
                               object_value_key(draft.object, kind), claim.kind)
            store.set_key_state(claim.key, pending="", redirect=claim.id)
            store.set_key_state(key, pending=claim.id)
        before = {f: getattr(claim, f) for f in ("subject_name", "predicate", "object")}
        after = {f: getattr(updated, f) for f in ("subject_name", "predicate", "object")}
        store.add_event(claim.id, decided_by, Action.edited, now, "pending", "pending",
                        _decided(before=before, after=after,
                                 text_before=claim.final_text or claim.initial_text,
                                 text_after=text))
    return store.claim(claim_id, scope)


def defer(store: ClaimStore, scope: Scope, claim_id: str, until: datetime, by: str | None,
          now: datetime) -> Claim:
    """Hide a pending claim from review until ``until``."""
    decided_by = actor(by)
    if until <= now:
        raise InvalidDecision(f"defer until {until.isoformat()} is not in the future")
    with store.transaction():
        claim = store.claim(claim_id, scope)
        require_pending(claim, "defer")
        store.update_claim(claim.id, {"deferred_until": until})
        store.add_event(claim.id, decided_by, Action.deferred, now, "pending", "pending",
                        _decided(until=until.isoformat()))
    return store.claim(claim_id, scope)


def pin(store: ClaimStore, scope: Scope, claim_id: str, pinned: bool, by: str | None,
        now: datetime) -> Claim:
    """Mark an approved claim always-include (or not): the pinned band that context
    falls back to when a query names no entity."""
    decided_by = actor(by)
    with store.transaction():
        claim = store.claim(claim_id, scope)
        if claim.status != Status.approved:
            raise InvalidDecision(f"cannot pin claim {claim.id}: it is {claim.status}; only "
                                  "an approved claim can be pinned")
        store.update_claim(claim.id, {"pinned": pinned})
        store.add_event(claim.id, decided_by, Action.pinned, now,
                        detail=json.dumps({"pinned": pinned}))
    return store.claim(claim_id, scope)


def record_outcome(store: ClaimStore, scope: Scope, claim_id: str, accepted: bool, by: str,
                   origin: str, now: datetime, note: str = "") -> Claim:
    """Record that using an approved claim led to an accepted (or a declined) outcome:
    an ``outcome`` event naming who reported it and how it came in, and the claim's
    count, which ranks it among its rivals in context (kg.context.outcome_weight). The
    claim's status and lifecycle never change: no report approves or retires anything."""
    reporter = reporter_of(by)
    if len(note) > 2000:
        raise InvalidDecision("an outcome's note is at most 2,000 characters")
    with store.transaction():
        claim = store.claim(claim_id, scope)
        if claim.status != Status.approved or claim.purged:
            raise InvalidDecision(f"claim {claim.id} is {claim.status}: an outcome is "
                                  "reported on an approved claim an agent was given")
        field = "accepted" if accepted else "declined"
        store.update_claim(claim.id, {field: getattr(claim, field) + 1})
        store.add_event(claim.id, reporter, Action.outcome, now, detail=json.dumps(
            {"accepted": accepted, "origin": origin, **({"note": note} if note else {})}))
    return store.claim(claim_id, scope)


def reporter_of(by: str | None) -> str:
    """Who reports an outcome: ``agent:<name>`` as well as a person or a policy.

    >>> reporter_of("agent:planner"), reporter_of("dana")
    ('agent:planner', 'human:dana')
    """
    text = (by or "").strip()
    if text.startswith("agent:"):
        name = text.removeprefix("agent:").strip()
        if not name or len(name) > 200 or any(not ch.isprintable() for ch in name):
            raise InvalidDecision(f"reporter {text!r} needs a printable agent name")
        return f"agent:{name}"
    return actor(by)


def skip(store: ClaimStore, scope: Scope, claim_id: str, by: str | None, now: datetime) -> None:
    """Record that a reviewer passed over a claim; it stays pending."""
    decided_by = actor(by)
    with store.transaction():
        claim = store.claim(claim_id, scope)
        require_pending(claim, "skip")
        store.add_event(claim.id, decided_by, Action.skipped, now, "pending", "pending",
                        _decided())


def forget(store: ClaimStore, scope: Scope, claim_id: str, by: str | None, reason: str,
           now: datetime) -> Claim:
    """Retract an approved claim: it leaves every band; the events keep the story."""
    decided_by = actor(by)
    with store.transaction():
        claim = store.claim(claim_id, scope)
        if claim.status != Status.approved or claim.lifecycle == Lifecycle.retracted:
            raise InvalidDecision(
                f"cannot forget claim {claim.id}: it is {claim.status}/{claim.lifecycle}; "
                "only an approved, unretracted claim can be forgotten (reject a pending one)"
            )
        if claim.lifecycle == Lifecycle.current:
            store.set_key_state(claim.key, current="")
            _release_slot(store, claim)
        store.update_claim(claim.id, {"lifecycle": "retracted",
                                      "valid_to": claim.valid_to or now})
        store.add_event(claim.id, decided_by, Action.retracted, now, str(claim.lifecycle),
                        "retracted", _decided(reason=reason))
    return store.claim(claim_id, scope)


PURGED = "[purged]"


def purge(store: ClaimStore, scope: Scope, claim_id: str, by: str | None, now: datetime) -> None:
    """Erase a claim's text for an erasure request. Its key hash and the fact that it
    was purged remain, so a purged rejection still suppresses its re-proposal."""
    decided_by = actor(by)
    with store.transaction():
        claim = store.claim(claim_id, scope)
        if claim.lifecycle == Lifecycle.current and claim.status == Status.approved:
            _release_slot(store, claim)
        # The key's tombstone outlives the text: what was erased is not learnt again.
        store.set_key_state(claim.key, pending="", current="", rejected=claim.id,
                            tombstoned_at=now)
        store.update_claim(claim.id, {
            "object": PURGED, "subject_name": PURGED, "initial_text": "", "final_text": "",
            "source_text": "", "message_words": "", "lifecycle": "retracted", "purged": True,
            "status": "rejected" if claim.status == Status.pending else str(claim.status),
        })
        store.scrub_events(claim.id)
        store.add_event(claim.id, decided_by, Action.purged, now, str(claim.lifecycle),
                        "retracted")


UNDOABLE = (Action.approved, Action.rejected, Action.deferred)


def revert(store: ClaimStore, scope: Scope, claim_id: str, by: str | None, now: datetime) -> Claim:
    """Undo a claim's last decision (approve, reject or defer): it is pending again.

    Nothing is deleted: a ``reverted`` event records it. Undoing an approval also
    restores what the approval superseded, from the ``superseded`` events' record of
    each closed value's previous state."""
    decided_by = actor(by)
    with store.transaction():
        claim = store.claim(claim_id, scope)
        last = next((e for e in reversed(store.events(claim.id)) if e.action in UNDOABLE
                     or e.action == Action.reverted), None)
        if last is None or last.action == Action.reverted:
            raise InvalidDecision(f"claim {claim.id} has no decision to undo")
        if last.action == Action.approved:
            if claim.purged or (claim.kind == ClaimKind.assert_
                                and claim.lifecycle == Lifecycle.retracted):
                raise InvalidDecision(f"claim {claim.id} was forgotten; it cannot be undone")
            later = store.claim_any_scope(claim.superseded_by) if claim.superseded_by else None
            if later is not None and later.status == Status.approved and \
                    later.decided_at is not None and claim.decided_at is not None and \
                    later.decided_at >= claim.decided_at:
                raise InvalidDecision(f"claim {claim.id} was superseded by {later.id} since; "
                                      "undo that decision first")
            _unapprove(store, claim, decided_by, now)
        elif last.action == Action.rejected:
            store.update_claim(claim.id, {"status": "pending", "decided_by": "",
                                          "decided_at": None})
            store.set_key_state(claim.key, pending=claim.id, rejected="", tombstoned_at=None)
        else:
            store.update_claim(claim.id, {"deferred_until": None})
        store.add_event(claim.id, decided_by, Action.reverted, now, str(claim.status),
                        "pending", _decided(undid=str(last.action)))
    return store.claim(claim_id, scope)


def _unapprove(store: ClaimStore, claim: Claim, actor_: str, now: datetime) -> None:
    slot = slot_of(claim.scope, claim.subject, claim.predicate)
    current_id, placed = store.slot_state(slot)
    restored_current = ""
    in_slot = store.slot_claims(slot)
    for other in in_slot:
        if other.id == claim.id or (other.superseded_by != claim.id
                                    and other.lifecycle != Lifecycle.current):
            continue
        events = list(reversed(store.events(other.id)))
        carried = next((c for e in events if e.action == Action.reinforced
                        and (c := undo.read(e, undo.Carried)) and c.carried_by == claim.id),
                       None)
        if carried is not None and other.lifecycle == Lifecycle.current:
            store.update_claim(other.id, {"said_in": carried.previous_said_in})
            store.add_event(other.id, actor_, Action.reverted, now, "current", "current",
                            json.dumps({"undone_by": claim.id,
                                        "said_in": carried.previous_said_in}))
            restored_current = restored_current or other.id  # its set is current again
            continue
        if other.superseded_by != claim.id:
            continue
        closing = next((c for e in events if e.action == Action.superseded
                        and (c := undo.read(e, undo.Closed)) and c.by == claim.id), None)
        if closing is None:
            continue
        previous = closing.previous
        store.update_claim(other.id, {"lifecycle": str(previous.lifecycle),
                                      "valid_to": previous.valid_to,
                                      "superseded_by": previous.superseded_by})
        if previous.lifecycle == Lifecycle.current:
            restored_current = other.id
            store.set_key_state(other.key, current=other.id)
        store.add_event(other.id, actor_, Action.reverted, now, "superseded",
                        str(previous.lifecycle), json.dumps({"undone_by": claim.id}))
    if current_id == claim.id or restored_current:
        current_id = restored_current or next(  # a value said with it stays current
            (c.id for c in _values(in_slot, claim.id) if c.lifecycle == Lifecycle.current), "")
    if claim.kind == ClaimKind.assert_:
        store.set_slot_current(slot, current_id, max(placed - 1, 0))
    store.set_key_state(claim.key, pending=claim.id, current="")
    store.update_claim(claim.id, {"status": "pending", "decided_by": "", "decided_at": None,
                                  "lifecycle": "current", "valid_to": None,
                                  "superseded_by": ""})


def require_pending(claim: Claim, verb: str) -> None:
    if claim.status != Status.pending:
        raise InvalidDecision(
            f"cannot {verb} claim {claim.id}: it is already {claim.status} "
            f"(decided by {claim.decided_by or 'nobody'})"
        )

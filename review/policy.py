"""Policies: rules that approve automatically. Off by default: a memory has none until
a person adds one (``kg policies add``, ``add_policy``), and every change is recorded
with who made it (``kg policies history``). They live in the memory's database: a
``policies.toml`` dropped in its directory is not read. ``kg policies load FILE`` adds
the policies of a file of this shape:

    [[policy]]
    name = "confident-preferences"
    predicates = ["likes", "prefers"]
    min_confidence = 0.8
    speakers = ["Priya"]          # optional; also: extractors = ["kg-spacy-patterns"]
    origins = ["cli"]             # optional; agents' ("mcp:<client>") and imported claims
                                  # ("import") are matched only if named

A policy's approval is recorded as ``policy:<name>``, never as a human's, and a policy
never approves a claim that would supersede or end a human-approved value, or override
one approved in a broader scope: that claim stays for a person.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kg.errors import InvalidDecision
from kg.memory import Memory
from kg.models import Claim
from kg.rules import RuleChange


class Policy(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(pattern=r"^[A-Za-z0-9_.-]+$")
    predicates: list[str] | None = None
    extractors: list[str] | None = None
    speakers: list[str] | None = None
    # how claims entered ("mcp:<client>", "cli", "api", "import"): an agent's claims
    # (mcp:...) and imported ones are matched only by a policy that names their origin here
    origins: list[str] | None = None
    min_confidence: float = Field(default=0.9, ge=0.0, le=1.0)

    def matches(self, claim: Claim, predicate_names: set[str] | None) -> bool:
        p = claim.provenance
        if self.origins is None and _named_only(p.origin) or (
                self.origins is not None and p.origin not in self.origins):
            return False
        return ((predicate_names is None or claim.predicate in predicate_names)
                and (self.extractors is None or p.extractor in self.extractors)
                and (self.speakers is None or p.speaker in self.speakers)
                and p.confidence >= self.min_confidence)


def _named_only(origin: str) -> bool:
    """An agent's claims and imported ones are matched only by a policy naming them."""
    return origin.startswith("mcp:") or origin == "import"


def load_policies(path: Path) -> list[Policy]:
    if not path.exists():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return [Policy.model_validate(p) for p in data.get("policy", [])]
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        raise InvalidDecision(f"policy file {path} is not valid: {exc}") from exc


def policies(mem: Memory) -> list[Policy]:
    """The memory's policies, by name."""
    return [Policy.model_validate(body) for body in mem.own_rules("policy").values()]


def add_policy(mem: Memory, policy: Policy, by: str | None) -> RuleChange:
    """Add (or replace) a policy, recorded as a change by ``by`` (a person)."""
    return mem.set_policy(policy.name, policy.model_dump(), by=by)


class PolicyOutcome(BaseModel):
    approved: list[tuple[str, str]] = []  # (claim id, policy name)
    for_a_person: list[str] = []  # matched, but would replace a human-approved value


def apply_policies(mem: Memory, policies: list[Policy], dry_run: bool = False) -> PolicyOutcome:
    """Approve the pending claims some policy matches, except those that would replace
    or end a human-approved value."""
    outcome = PolicyOutcome()
    for claim in mem.pending():
        policy = next((p for p in policies if p.matches(claim, _predicates(mem, p))), None)
        if policy is None:
            continue
        change = mem.would_change(claim.id)
        if any(c is not None and c.decided_by.startswith("human:")
               for c in [*change.retires, *change.overrides, change.ends]):
            outcome.for_a_person.append(claim.id)
            continue
        if not dry_run:
            mem.approve(claim.id, by=f"policy:{policy.name}")
        outcome.approved.append((claim.id, policy.name))
    return outcome


def _predicates(mem: Memory, policy: Policy) -> set[str] | None:
    if policy.predicates is None:
        return None
    return {mem.registry.canonical(p) for p in policy.predicates}

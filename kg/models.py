"""The data shapes at kg's boundaries (DESIGN.md section 1).

Everything is a claim: ``(subject, predicate, object)`` inside a scope, with
provenance and a lifecycle. Entities are names that claims touch; an entity's
attributes (alias, type, same_as) are claims too.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from functools import lru_cache
from itertools import product
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from kg.phrasing import spoken

# Absolute caps on what a model holds; the configurable limits (kg.limits) sit below them.
MAX_FIELD_CHARS = 100_000
MAX_TEXT_CHARS = 10_000_000

ShortText = Annotated[str, StringConstraints(max_length=MAX_FIELD_CHARS)]
LongText = Annotated[str, StringConstraints(max_length=MAX_TEXT_CHARS)]
ScopePart = Annotated[str, StringConstraints(max_length=200, pattern=r"^[A-Za-z0-9_.:@-]*$")]


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(value: datetime) -> datetime:
    """Aware UTC datetime; a naive one is taken to be UTC already."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Status(StrEnum):
    """The trust state of a claim."""

    pending = "pending"
    approved = "approved"
    rejected = "rejected"


class Lifecycle(StrEnum):
    """Whether an approved claim still holds; independent of status."""

    current = "current"
    superseded = "superseded"
    retracted = "retracted"


class ClaimKind(StrEnum):
    """``assert`` states a fact; ``retract`` proposes that a current fact ended."""

    assert_ = "assert"
    retract = "retract"


class ObjectKind(StrEnum):
    entity = "entity"
    string = "string"
    number = "number"
    date = "date"
    colour = "colour"
    money = "money"
    email = "email"
    url = "url"


class Action(StrEnum):
    """What an audit event records."""

    proposed = "proposed"
    suppressed = "suppressed"
    duplicate = "duplicate"
    approved = "approved"
    rejected = "rejected"
    edited = "edited"
    deferred = "deferred"
    skipped = "skipped"
    superseded = "superseded"
    reinforced = "reinforced"
    retracted = "retracted"
    reverted = "reverted"
    purged = "purged"
    pinned = "pinned"
    imported = "imported"
    outcome = "outcome"  # an agent's report that using the claim was accepted or not


class Scope(Frozen):
    """Who a claim belongs to. ``namespace`` is the tenant; the rest narrow it.

    A reader sees a claim when the namespaces match and each of ``agent``,
    ``team`` and ``project`` is either empty on the claim (shared at that level)
    or equal to the reader's. A reader can never see a sibling's claims.

    >>> Scope(namespace="acme", agent="bot").can_read(Scope(namespace="acme"))
    True
    >>> Scope(namespace="acme").can_read(Scope(namespace="acme", agent="bot"))
    False
    """

    namespace: ScopePart = "default"
    agent: ScopePart = ""
    team: ScopePart = ""
    project: ScopePart = ""

    @field_validator("namespace")
    @classmethod
    def _namespace_not_empty(cls, value: str) -> str:
        if not value:
            raise ValueError("namespace must not be empty")
        return value

    def can_read(self, other: Scope) -> bool:
        """True when a reader in this scope may see a claim stored in ``other``."""
        return other.namespace == self.namespace and all(
            theirs in ("", mine)
            for mine, theirs in (
                (self.agent, other.agent),
                (self.team, other.team),
                (self.project, other.project),
            )
        )

    def readable(self) -> list[Scope]:
        """Every scope this reader may see, most specific first."""
        options = [("", v) if v else ("",) for v in (self.agent, self.team, self.project)]
        scopes = {
            Scope(namespace=self.namespace, agent=a, team=t, project=p)
            for a, t, p in product(*options)
        }
        return sorted(scopes, key=lambda s: (-s.specificity(), s.agent, s.team, s.project))

    def specificity(self) -> int:
        return sum(1 for v in (self.agent, self.team, self.project) if v)

    def label(self) -> str:
        """``namespace[/agent=..][/team=..][/project=..]``: unambiguous, as the parts
        cannot hold ``/`` or ``=``."""
        return _label(self.namespace, self.agent, self.team, self.project)


@lru_cache(maxsize=4096)
def _label(namespace: str, agent: str, team: str, project: str) -> str:
    parts = [namespace] + [f"{k}={v}" for k, v in (("agent", agent), ("team", team),
                                                   ("project", project)) if v]
    return "/".join(parts)


class Provenance(Frozen):
    """Where a claim came from."""

    message_id: ShortText = ""
    conversation_id: ShortText = ""
    speaker: ShortText = ""
    source_text: LongText = ""
    span_start: int = Field(default=-1, ge=-1)
    span_end: int = Field(default=-1, ge=-1)
    extractor: ShortText = "manual"
    extractor_version: ShortText = ""
    model: ShortText = ""
    pattern: ShortText = ""
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    # How the claim entered, set by kg itself whatever a caller passes: "api", "cli",
    # "import" or "mcp:<client>" (see Memory.propose_many's ``origin``)
    origin: ShortText = ""
    # who an agent says spoke: its word, never taken as the speaker
    reported_speaker: ShortText = ""
    # The content words (kg.words stems) of the whole message, for ranking only: the rest
    # of a message says what a sentence is about ("Any book recs? ... I loved it!"). It
    # holds words of sentences nobody approved, so it is stored, never shown or exported.
    message_words: LongText = Field(default="", exclude=True, repr=False)


class ClaimDraft(Frozen):
    """A claim as proposed: names and values, not yet ids or states.

    >>> ClaimDraft(subject="Acme", predicate="brand colour", object="#1F4E79").predicate
    'brand colour'
    """

    subject: ShortText
    predicate: ShortText
    object: ShortText
    object_kind: ObjectKind = ObjectKind.string
    kind: ClaimKind = ClaimKind.assert_
    valid_from: datetime | None = None
    text: LongText = ""
    update_cue: bool = False
    pinned: bool = False
    provenance: Provenance = Provenance()

    @field_validator("subject", "predicate", "object")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value


class Claim(Frozen):
    """A stored claim with its trust state, lifecycle and provenance."""

    id: str
    key: str
    scope: Scope
    subject: str
    subject_name: str
    predicate: str
    object: str
    object_kind: ObjectKind
    object_entity: str = ""
    kind: ClaimKind = ClaimKind.assert_
    status: Status
    decided_by: str = ""
    decided_at: datetime | None = None
    lifecycle: Lifecycle = Lifecycle.current
    valid_from: datetime
    valid_to: datetime | None = None
    recorded_at: datetime
    superseded_by: str = ""
    initial_text: str = ""
    final_text: str = ""
    provenance: Provenance = Provenance()
    observations: int = 0
    update_cue: bool = False
    pinned: bool = False
    deferred_until: datetime | None = None
    purged: bool = False
    # the statement (one message, at one time) whose value set the claim belongs to;
    # '' for a claim said outside any message: a set of its own
    said_in: str = ""
    # outcomes reported on the claim (Memory.record_outcome): how often using it led to
    # an accepted, or a declined, result; they rank it among its rivals, nothing more
    accepted: int = 0
    declined: int = 0

    def sentence(self) -> str:
        """The claim as one line of text, using its reviewed wording if any."""
        if self.final_text:
            return self.final_text
        return f"{self.subject_name} {spoken(self.predicate)}: {self.object}"


class Change(Frozen):
    """What approving a pending claim would change (``Memory.would_change``): the
    values it would retire, the values said with it that it would join, the current
    value a pending ending would close."""

    retires: list[Claim] = []
    joins: list[Claim] = []
    ends: Claim | None = None
    # current values of a broader scope this claim would shadow for its own scope
    overrides: list[Claim] = []


class Entity(Frozen):
    """A named thing that approved claims touch."""

    id: str
    name: str
    type: str = ""
    aliases: tuple[str, ...] = ()


class Event(Frozen):
    """One line of the append-only audit log."""

    id: str
    seq: int = Field(ge=0, description="Order of the event in the whole log")
    claim_id: str
    at: datetime
    actor: str
    action: Action
    from_state: str = ""
    to_state: str = ""
    detail: str = ""


class Outcome(StrEnum):
    """What ``propose`` did with a draft."""

    pending = "pending"
    suppressed = "suppressed"
    duplicate = "duplicate"
    reinforced = "reinforced"
    outdated = "outdated"  # a value a later approved one superseded: history, not news


class ProposeResult(Frozen):
    outcome: Outcome
    claim_id: str
    key: str

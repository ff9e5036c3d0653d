"""What a store is made of, whatever the backend: the identities the gate computes (a
claim's slot, an entity's primary key and reference, a key's state), the batches a store
is handed, ``Decisions``, the claim-by-claim surface the gate's decision logic runs on
(a store, or a ``kg.unit_of_work.UnitOfWork`` wrapped around one), and ``ClaimStore``,
the whole of it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypedDict

from kg.models import Action, Claim, Entity, Event, Scope
from kg.normalise import digest


def slot_of(scope: Scope, subject: str, predicate: str) -> str:
    """The slot of ``(scope, subject, predicate)``: where one-valued supersession looks."""
    return digest(scope.label(), subject, predicate)


def entity_pk(namespace: str, eid: str) -> str:
    """An entity's primary key: its id within its namespace (tenant)."""
    return f"{namespace}\x1f{eid}"


class EntityRef(NamedTuple):
    """An entity a claim is written with: key, namespace, id and the name said."""

    pk: str
    namespace: str
    eid: str
    name: str

    @classmethod
    def of(cls, namespace: str, eid: str, name: str) -> EntityRef:
        return cls(entity_pk(namespace, eid), namespace, eid, name)


class KeyState(TypedDict):
    """What is known of one claim key: the claim pending on it, the claim current with
    it, a rejection (``rejected``: the rejected claim's id, ``tombstoned_at``: when) and
    where a reviewer's edit sent it (``redirect``)."""

    key: str
    pending: str
    current: str
    rejected: str
    redirect: str
    tombstoned_at: datetime | None


@dataclass(frozen=True)
class Contents:
    """A store's whole content (``CypherStore.contents``)."""

    claims: list[Claim]
    key_states: list[KeyState]
    slots: dict[str, tuple[str, int]]
    events: list[Event]


@dataclass(frozen=True)
class NewClaim:
    """A claim to insert: the model, its slot, its entities, and who proposed it (for
    the ``proposed`` event)."""

    claim: Claim
    slot: str
    subject: EntityRef
    object: EntityRef | None
    actor: str
    detail: str


class Decisions(Protocol):
    """Claims, key states, slots and events one at a time: what approving, rejecting,
    editing and undoing read and write."""

    def claim_any_scope(self, claim_id: str) -> Claim | None: ...

    def claim(self, claim_id: str, reader: Scope) -> Claim: ...

    def update_claim(self, claim_id: str, fields: dict[str, Any]) -> None: ...

    def slot_claims(self, slot: str) -> list[Claim]: ...

    def slot_members(self, slot: str) -> list[Claim]: ...

    def key_state(self, key: str) -> KeyState: ...

    def set_key_state(self, key: str, **fields: Any) -> None: ...

    def slot_state(self, slot: str) -> tuple[str, int]: ...

    def slot_current(self, slot: str) -> str: ...

    def set_slot_current(self, slot: str, claim_id: str, placed: int | None = None) -> None: ...

    def events(self, claim_id: str) -> list[Event]: ...

    def add_event(self, claim_id: str, actor: str, action: Action, at: datetime,
                  from_state: str = "", to_state: str = "", detail: str = "") -> Event: ...


class ClaimStore(Decisions, Protocol):
    """A memory's storage as the gate, context, exports and stats use it, whatever the
    backend: what ``kg.storage.open_store`` returns (``kg.storage.cached.CachedStore``
    around ``kg.storage.kuzu.KuzuStore`` or ``kg.storage.falkordb.FalkorStore``)."""

    read_only: bool

    # life: one operation, one write transaction, hand-over between operations
    def session(self) -> AbstractContextManager[None]: ...

    def transaction(self) -> AbstractContextManager[None]: ...

    def hand_over_if_asked(self) -> None: ...

    def close(self) -> None: ...

    def backup(self, dest: Path) -> list[str]: ...

    def schema_version(self) -> int: ...

    def integrity_problems(self) -> dict[str, int]: ...

    # writes (inside ``transaction``)
    def insert_claims(self, items: Sequence[NewClaim]) -> None: ...

    def relink_claim(self, claim: Claim, slot: str, subject_pk: str, object_pk: str,
                     entities: Sequence[EntityRef]) -> None: ...

    def write(self, claims: dict[str, dict[str, Any]], keys: dict[str, dict[str, Any]],
              slots: dict[str, tuple[str, int]], events: Sequence[Event]) -> None: ...

    def next_seq(self) -> int: ...

    def scrub_events(self, claim_id: str) -> None: ...

    def record_messages(self, keys: Sequence[str], scope_label: str, at: datetime) -> None: ...

    def put_rule(self, kind: str, name: str, body: str | None, change: str) -> None: ...

    def contents(self) -> Contents: ...

    def add_contents(self, contents: Contents) -> None: ...

    # reads by id, of any status (the gate's own)
    def claims_by_id(self, ids: Sequence[str]) -> dict[str, Claim]: ...

    def key_states(self, keys: Sequence[str]) -> dict[str, KeyState]: ...

    def slot_states(self, slots: Sequence[str]) -> dict[str, tuple[str, int]]: ...

    def current_sets(self, slots: Sequence[str]) -> dict[str, list[Claim]]: ...

    def superseded_in(self, slots: Sequence[str], keys: Sequence[str]) -> list[Claim]: ...

    def seen_messages(self, keys: Sequence[str]) -> set[str]: ...

    def rules(self, kind: str) -> dict[str, dict[str, Any]]: ...

    def rules_version(self) -> int: ...

    def next_rule_seq(self) -> int: ...

    def rule_changes(self) -> list[str]: ...

    def claims_with_predicate(self, predicate: str) -> int: ...

    def approved_in_predicate(self, predicate: str) -> list[Claim]: ...

    def subjects_with_values(self, predicate: str) -> list[str]: ...

    # gated reads: the reader's scopes, approved claims unless a reviewer's read
    def waiting(self, reader: Scope) -> tuple[int, datetime | None]: ...

    def pending(self, reader: Scope) -> list[Claim]: ...

    def all_claims(self, reader: Scope) -> list[Claim]: ...

    def all_events(self, reader: Scope) -> list[Event]: ...

    def decisions(self, reader: Scope) -> list[tuple[str, str, str, str]]: ...

    def current_value(self, reader: Scope, subject: str, predicate: str) -> list[Claim]: ...

    def band(self, reader: Scope, band: str = "current", subject: str = "",
             predicate: str = "") -> list[Claim]: ...

    def as_of(self, reader: Scope, at: datetime, subject: str = "") -> list[Claim]: ...

    def pinned(self, reader: Scope) -> list[Claim]: ...

    def touching(self, reader: Scope, entity: str, band: str = "current") -> list[Claim]: ...

    def best_touching(self, reader: Scope, entity: str, limit: int,
                      rank: Callable[[Claim], float]) -> list[Claim]: ...

    def mentioning(self, reader: Scope, entity: str, wanted: frozenset[str], limit: int,
                   rank: Callable[[Claim], float]) -> list[Claim]: ...

    def holding(self, reader: Scope, wanted: frozenset[str], limit: int,
                rank: Callable[[Claim], float]) -> list[Claim]: ...

    def word_weights(self, reader: Scope, wanted: frozenset[str]) -> dict[str, float]: ...

    def entity(self, reader: Scope, eid: str) -> Entity | None: ...

    def entity_names(self, reader: Scope) -> dict[str, str]: ...

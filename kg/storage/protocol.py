"""What a store is made of, whatever the backend: the identities the gate computes (a
claim's slot, an entity's primary key and reference, a key's state), the batches a store
is handed, and ``Decisions``, the claim-by-claim surface the gate's decision logic runs
on (a store, or a ``kg.unit_of_work.UnitOfWork`` over one)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple, Protocol, TypedDict

from kg.models import Action, Claim, Event, Scope
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

    def key_state(self, key: str) -> KeyState: ...

    def set_key_state(self, key: str, **fields: Any) -> None: ...

    def slot_state(self, slot: str) -> tuple[str, int]: ...

    def slot_current(self, slot: str) -> str: ...

    def set_slot_current(self, slot: str, claim_id: str, placed: int | None = None) -> None: ...

    def events(self, claim_id: str) -> list[Event]: ...

    def add_event(self, claim_id: str, actor: str, action: Action, at: datetime,
                  from_state: str = "", to_state: str = "", detail: str = "") -> Event: ...

"""A unit of work over the store: reads see the batch's own changes, and every change
is written at the end in a handful of statements.

The approval logic reads and writes claims, key states and slots one at a time. Run
against the store directly, each of those is a Kùzu statement (about a millisecond
each). A ``UnitOfWork`` wraps the store: it reads through to it once per claim, key and
slot, keeps the batch's changes in memory, and ``flush`` hands the lot to the store's
batch write (one statement per kind of change for a large batch). The approval logic
takes either, as ``kg.storage.protocol.Decisions``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from kg.errors import ClaimNotFound
from kg.models import Action, Claim, Event, Lifecycle, Scope, Status
from kg.storage.cypher import new_id
from kg.storage.protocol import ClaimStore, KeyState, slot_of


class UnitOfWork:
    def __init__(self, store: ClaimStore) -> None:
        self.store = store
        self._claims: dict[str, Claim] = {}
        self._keys: dict[str, KeyState] = {}
        self._slots: dict[str, tuple[str, int]] = {}
        self._members: dict[str, list[str]] = {}  # each slot's current set, as stored
        self._updated: dict[str, set[str]] = {}  # each slot's claims this batch changed
        self._claim_writes: dict[str, dict[str, Any]] = {}
        self._key_writes: dict[str, dict[str, Any]] = {}
        self._slot_writes: dict[str, tuple[str, int]] = {}
        self._events: list[Event] = []

    def prefetch(self, claim_ids: list[str], key_of: Any, slot_of: Any) -> None:
        """Read a batch's claims, their key states and slots, and the slots' current
        sets, in a few statements."""
        claims = self.store.claims_by_id(claim_ids)
        self._claims.update(claims)
        keys = list(dict.fromkeys(key_of(c) for c in claims.values()))
        self._keys.update(self.store.key_states(keys))
        slots = list(dict.fromkeys(slot_of(c) for c in claims.values()))
        self._slots.update(self.store.slot_states(slots))
        # (a slot's current claim is one of its current set, read with it here)
        for slot, members in self.store.current_sets(slots).items():
            self._remember_members(slot, members)

    # -- claims --------------------------------------------------------------------

    def claim_any_scope(self, claim_id: str) -> Claim | None:
        if claim_id not in self._claims:
            found = self.store.claim_any_scope(claim_id)
            if found is None:
                return None
            self._claims[claim_id] = found
        return self._claims[claim_id]

    def claim(self, claim_id: str, reader: Scope) -> Claim:
        claim = self.claim_any_scope(claim_id)
        if claim is None or not reader.can_read(claim.scope):
            raise ClaimNotFound(f"no claim {claim_id!r} in scope {reader.label()}")
        return claim

    def update_claim(self, claim_id: str, fields: dict[str, Any]) -> None:
        claim = self.claim_any_scope(claim_id)
        assert claim is not None
        self._claims[claim_id] = Claim.model_validate({**claim.model_dump(), **fields})
        self._claim_writes.setdefault(claim_id, {}).update(fields)
        self._updated.setdefault(slot_of(claim.scope, claim.subject, claim.predicate),
                                 set()).add(claim_id)

    def slot_claims(self, slot: str) -> list[Claim]:
        """The slot's claims as this batch sees them."""
        claims = [self._claims.get(c.id, c) for c in self.store.slot_claims(slot)]
        return sorted(claims, key=lambda c: (c.valid_from, c.recorded_at))

    def slot_members(self, slot: str) -> list[Claim]:
        """The slot's current set as this batch sees it: the store's, less what this
        batch closed, with what this batch made current."""
        if slot not in self._members:
            self._remember_members(slot, self.store.slot_members(slot))
        ids = dict.fromkeys([*self._members[slot], *sorted(self._updated.get(slot, ()))])
        claims = [self._claims[i] for i in ids]
        return sorted((c for c in claims
                       if c.status == Status.approved and c.lifecycle == Lifecycle.current),
                      key=lambda c: (c.valid_from, c.recorded_at))

    def _remember_members(self, slot: str, members: list[Claim]) -> None:
        self._members[slot] = [c.id for c in members]
        for claim in members:
            self._claims.setdefault(claim.id, claim)

    # -- key states and slots ------------------------------------------------------

    def key_state(self, key: str) -> KeyState:
        if key not in self._keys:
            self._keys[key] = self.store.key_state(key)
        return self._keys[key]

    def set_key_state(self, key: str, **fields: Any) -> None:
        self._keys[key] = KeyState(**{**self.key_state(key), **fields})
        self._key_writes.setdefault(key, {}).update(fields)

    def slot_state(self, slot: str) -> tuple[str, int]:
        if slot not in self._slots:
            self._slots[slot] = self.store.slot_state(slot)
        return self._slots[slot]

    def slot_current(self, slot: str) -> str:
        return self.slot_state(slot)[0]

    def set_slot_current(self, slot: str, claim_id: str, placed: int | None = None) -> None:
        current = (claim_id, self.slot_state(slot)[1] if placed is None else placed)
        self._slots[slot] = self._slot_writes[slot] = current

    # -- events and the end --------------------------------------------------------

    def events(self, claim_id: str) -> list[Event]:
        """A claim's events, this batch's included."""
        return self.store.events(claim_id) + [e for e in self._events if e.claim_id == claim_id]

    def add_event(self, claim_id: str, actor: str, action: Action, at: datetime,
                  from_state: str = "", to_state: str = "", detail: str = "") -> Event:
        event = Event(id=new_id(), seq=self.store.next_seq(), claim_id=claim_id, at=at,
                      actor=actor, action=action, from_state=from_state, to_state=to_state,
                      detail=detail)
        self._events.append(event)
        return event

    def flush(self) -> None:
        """Write every change; the caller's transaction makes it all or nothing."""
        self.store.write(self._claim_writes, self._key_writes, self._slot_writes,
                         self._events)

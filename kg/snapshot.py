"""An in-process copy of the current band, kept fresh from the audit log.

Kùzu answers a primary-key lookup in a fraction of a millisecond but plans a
filtered relationship walk as a scan of every claim (tens of milliseconds at
100k claims). Context and neighbourhoods walk the current band many times per
query, so the store keeps this copy of it: approved, current assertions only,
indexed by slot and by entity.

Freshness: every change to a claim writes an event, and the event counter is
stored in the database. Before each read the store compares that counter (one
primary-key lookup) with the last one applied here; if another process or
transaction moved it, the claims named by the newer events are read again.
The copy never holds a pending, rejected, superseded or retracted claim.
"""

from __future__ import annotations

from collections.abc import Iterable

from kg.models import Claim, ClaimKind, Lifecycle, Status


def in_current_band(claim: Claim) -> bool:
    return (claim.status == Status.approved and claim.lifecycle == Lifecycle.current
            and claim.kind == ClaimKind.assert_)


class CurrentBand:
    """Approved current claims by id, by slot and by entity; plain data, no I/O."""

    def __init__(self, seq: int, claims: Iterable[Claim]) -> None:
        self.seq = seq
        self.claims: dict[str, Claim] = {}
        self.by_slot: dict[tuple[str, str, str], set[str]] = {}
        self.by_entity: dict[tuple[str, str], set[str]] = {}
        for claim in claims:
            self.put(claim)

    def put(self, claim: Claim) -> None:
        """Add, replace or drop a claim according to its state now."""
        self.drop(claim.id)
        if not in_current_band(claim):
            return
        self.claims[claim.id] = claim
        self.by_slot.setdefault(_slot(claim), set()).add(claim.id)
        for eid in _entities(claim):
            self.by_entity.setdefault((claim.scope.namespace, eid), set()).add(claim.id)

    def drop(self, claim_id: str) -> None:
        old = self.claims.pop(claim_id, None)
        if old is None:
            return
        self.by_slot.get(_slot(old), set()).discard(claim_id)
        for eid in _entities(old):
            self.by_entity.get((old.scope.namespace, eid), set()).discard(claim_id)

    def in_slot(self, labels: Iterable[str], subject: str, predicate: str) -> list[Claim]:
        return [self.claims[i] for label in labels
                for i in self.by_slot.get((label, subject, predicate), ())]

    def touching(self, namespace: str, labels: set[str], eid: str) -> list[Claim]:
        ids = self.by_entity.get((namespace, eid), ())
        return [c for c in map(self.claims.__getitem__, ids) if c.scope.label() in labels]

    def visible(self, labels: set[str]) -> list[Claim]:
        return [c for c in self.claims.values() if c.scope.label() in labels]


def _slot(claim: Claim) -> tuple[str, str, str]:
    return (claim.scope.label(), claim.subject, claim.predicate)


def _entities(claim: Claim) -> tuple[str, ...]:
    return (claim.subject, claim.object_entity) if claim.object_entity else (claim.subject,)

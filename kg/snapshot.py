"""An in-process copy of the current band (and of which claims are pending), kept fresh
from the audit log.

Kùzu answers a primary-key lookup in a fraction of a millisecond but plans a
filtered relationship walk as a scan of every claim (tens of milliseconds at
100k claims). Context and neighbourhoods walk the current band many times per
query, so every store keeps this copy of it (``kg.storage.cached.CachedStore``, the
wrapper around each backend): approved, current assertions only, indexed by slot and
by entity.

Freshness (the wrapper's): every change to a claim writes an event, and the event
counter is stored in the database. When another process may have written, the wrapper
compares that counter (one primary-key lookup) with the last one applied here; if it
moved, the claims named by the newer events are read again. This class is plain data,
no I/O. The copy never holds a pending, rejected, superseded or retracted claim.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from datetime import datetime

from kg import words
from kg.models import Claim, ClaimKind, Lifecycle, Status


def in_current_band(claim: Claim) -> bool:
    return (claim.status == Status.approved and claim.lifecycle == Lifecycle.current
            and claim.kind == ClaimKind.assert_)


_LOADS = itertools.count()


class CurrentBand:
    """Approved current claims by id, by slot and by entity; plain data, no I/O."""

    def __init__(self, seq: int, claims: Iterable[Claim]) -> None:
        self.seq = seq
        self.claims: dict[str, Claim] = {}
        self.by_slot: dict[tuple[str, str, str], set[str]] = {}
        self.by_entity: dict[tuple[str, str], set[str]] = {}
        self.by_predicate: dict[str, set[str]] = {}
        # (scope label, content word of a claim's predicate, object or sentence) -> claims
        self.by_word: dict[tuple[str, str], set[str]] = {}
        self.pinned: set[str] = set()  # the pinned claims: a context naming no one adds them
        self.per_label: dict[str, int] = {}  # scope label -> claims in the band
        # per scope label: entity id -> [name, number of claims touching it]
        self.names: dict[str, dict[str, list]] = {}
        # pending claims, for the waiting count every read reports: id -> (label, recorded)
        self.pending: dict[str, tuple[str, datetime]] = {}
        self._version = 0  # bumped on every change; keys the name cache
        self._epoch = next(_LOADS)  # which band this is, as long as the process lives
        self._names_cache: dict[tuple[str, ...], tuple[int, dict[str, str]]] = {}
        self._ranked_cache: dict[tuple[str, str], tuple[int, list[Claim]]] = {}
        self._word_cache: dict[tuple[str, str], tuple[int, list[Claim]]] = {}
        for claim in claims:
            self.put(claim)

    @property
    def version(self) -> tuple[int, int]:
        """Changes whenever a claim is put or dropped, and differs between two bands
        (another load): what a cache of the band keys on."""
        return self._epoch, self._version

    def put(self, claim: Claim) -> None:
        """Add, replace or drop a claim according to its state now."""
        self.drop(claim.id)
        self._version += 1
        if claim.status == Status.pending:
            self.pending[claim.id] = (claim.scope.label(), claim.recorded_at)
        if not in_current_band(claim):
            return
        self.claims[claim.id] = claim
        if claim.pinned:
            self.pinned.add(claim.id)
        self.by_slot.setdefault(_slot(claim), set()).add(claim.id)
        self.by_predicate.setdefault(claim.predicate, set()).add(claim.id)
        for word in words.held_by(claim):
            self.by_word.setdefault((claim.scope.label(), word), set()).add(claim.id)
        self.per_label[claim.scope.label()] = self.per_label.get(claim.scope.label(), 0) + 1
        names = self.names.setdefault(claim.scope.label(), {})
        for eid, name in _named_entities(claim):
            self.by_entity.setdefault((claim.scope.namespace, eid), set()).add(claim.id)
            entry = names.setdefault(eid, [name, 0])
            entry[1] += 1

    def drop(self, claim_id: str) -> None:
        self._version += 1
        self.pending.pop(claim_id, None)
        old = self.claims.pop(claim_id, None)
        if old is None:
            return
        self.pinned.discard(claim_id)
        self.by_slot.get(_slot(old), set()).discard(claim_id)
        self.by_predicate.get(old.predicate, set()).discard(claim_id)
        for word in words.held_by(old):
            self.by_word.get((old.scope.label(), word), set()).discard(claim_id)
        self.per_label[old.scope.label()] -= 1
        names = self.names.get(old.scope.label(), {})
        for eid, _ in _named_entities(old):
            self.by_entity.get((old.scope.namespace, eid), set()).discard(claim_id)
            entry = names.get(eid)
            if entry is not None:
                entry[1] -= 1
                if entry[1] <= 0:
                    del names[eid]

    def in_slot(self, labels: Iterable[str], subject: str, predicate: str) -> list[Claim]:
        return [self.claims[i] for label in labels
                for i in self.by_slot.get((label, subject, predicate), ())]

    def touching(self, namespace: str, labels: set[str], eid: str) -> list[Claim]:
        ids = self.by_entity.get((namespace, eid), ())
        return [c for c in map(self.claims.__getitem__, ids) if c.scope.label() in labels]

    def ranked(self, namespace: str, eid: str, rank: Callable[[Claim], float]) -> list[Claim]:
        """An entity's claims, best first by ``rank`` (cached until the band changes)."""
        return self._sorted(self._ranked_cache, (namespace, eid), self.by_entity, rank)

    def mentioning(self, namespace: str, labels: Iterable[str], eid: str,
                   wanted: Iterable[str], limit: int,
                   rank: Callable[[Claim], float]) -> list[Claim]:
        """An entity's claims, in the reader's scopes, whose predicate, object or source
        sentence has one of the ``wanted`` words: for each word, the ``limit`` best by
        ``rank``, in that order."""
        touching = self.by_entity.get((namespace, eid), set())
        if len(touching) <= limit:  # a small entity: its matches, however many words hold
            ids = {i for label in labels for word in wanted
                   for i in self.by_word.get((label, word), set()) & touching}
            return sorted(map(self.claims.__getitem__, ids), key=lambda c: (-rank(c), c.id))
        return self._best_holding(labels, wanted, limit, rank, touching)

    def holding(self, labels: Iterable[str], wanted: Iterable[str], limit: int,
                rank: Callable[[Claim], float]) -> list[Claim]:
        """Claims in the reader's scopes holding one of the ``wanted`` words: for each
        word, the ``limit`` best by ``rank``, in that order. A word that thousands of
        claims hold costs ``limit`` of them, not thousands."""
        return self._best_holding(labels, wanted, limit, rank, None)

    def _best_holding(self, labels: Iterable[str], wanted: Iterable[str], limit: int,
                      rank: Callable[[Claim], float],
                      within: set[str] | None) -> list[Claim]:
        """For each label and word, the ``limit`` best claims holding the word (of those
        ``within``, if given), in that order."""
        found: dict[str, Claim] = {}
        for label in labels:
            for word in wanted:
                if within is not None:
                    few = self.by_word.get((label, word), set()) & within
                    if len(few) <= limit:  # all of them: no need to read the word's list
                        for claim in sorted(map(self.claims.__getitem__, few),
                                            key=lambda c: (-rank(c), c.id)):
                            found.setdefault(claim.id, claim)
                        continue
                taken = 0
                for claim in self._ranked_by_word(label, word, rank):
                    if taken >= limit:
                        break
                    if within is None or claim.id in within:
                        found.setdefault(claim.id, claim)
                        taken += 1
        return list(found.values())

    def _ranked_by_word(self, label: str, word: str,
                        rank: Callable[[Claim], float]) -> list[Claim]:
        """The claims holding a word, best first by ``rank`` (cached until the band
        changes)."""
        return self._sorted(self._word_cache, (label, word), self.by_word, rank)

    def _sorted(self, cache: dict[tuple[str, str], tuple[int, list[Claim]]],
                key: tuple[str, str], index: dict[tuple[str, str], set[str]],
                rank: Callable[[Claim], float]) -> list[Claim]:
        """The claims ``index`` holds under ``key``, best first by ``rank``, kept in
        ``cache`` until the band changes."""
        cached = cache.get(key)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        claims = sorted(map(self.claims.__getitem__, index.get(key, ())),
                        key=lambda c: (-rank(c), c.id))
        cache[key] = (self._version, claims)
        return claims

    def word_weights(self, labels: Iterable[str], wanted: Iterable[str]) -> dict[str, float]:
        """How telling each word is in the reader's scopes: ``ln(1 + claims / claims
        holding it)``, so a word most claims hold counts for little."""
        labels = list(labels)
        total = sum(self.per_label.get(label, 0) for label in labels)
        weights = {}
        for word in wanted:
            holding = sum(len(self.by_word.get((label, word), ())) for label in labels)
            if holding:
                weights[word] = math.log(1 + total / holding)
        return weights

    def visible(self, labels: set[str], predicate: str = "") -> list[Claim]:
        pool = (map(self.claims.__getitem__, self.by_predicate.get(predicate, ()))
                if predicate else self.claims.values())
        return [c for c in pool if c.scope.label() in labels]

    def pinned_in(self, labels: set[str]) -> list[Claim]:
        """The pinned claims in these scopes (a few, read without a pass over the band)."""
        return [c for c in map(self.claims.__getitem__, self.pinned) if c.scope.label() in labels]

    def waiting(self, labels: set[str]) -> tuple[int, datetime | None]:
        """How many pending claims the reader's scopes hold, and the oldest one's time."""
        times = [at for label, at in self.pending.values() if label in labels]
        return len(times), min(times, default=None)

    def entity_names(self, labels: list[str]) -> dict[str, str]:
        """Entities some visible claim touches, with a name as first written (cached
        until the band changes: every query's linking asks for it)."""
        cached = self._names_cache.get(tuple(labels))
        if cached is not None and cached[0] == self._version:
            return cached[1]
        out: dict[str, str] = {}
        for label in labels:
            for eid, (name, _) in self.names.get(label, {}).items():
                out.setdefault(eid, name)
        self._names_cache[tuple(labels)] = (self._version, out)
        return out


def _slot(claim: Claim) -> tuple[str, str, str]:
    return (claim.scope.label(), claim.subject, claim.predicate)


def _named_entities(claim: Claim) -> list[tuple[str, str]]:
    out = [(claim.subject, claim.subject_name)]
    if claim.object_entity:
        out.append((claim.object_entity, claim.object))
    return out

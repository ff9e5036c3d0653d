"""The in-process band as a wrapper around any backend: one read path.

``CachedStore`` wraps a backend (``kg.storage.kuzu.KuzuStore``,
``kg.storage.falkordb.FalkorStore``) and answers every read of the current band, and of
what waits for review, from an in-process copy (``kg.snapshot.CurrentBand``); the
backend never reads the current band itself. Every other read and every write passes
to the backend unchanged (``PASSED``), after the wrapper has noted which claims a write
touched.

Freshness: every change to a claim writes an event, and the backend keeps the number
of the last committed one. Before a read, when another process may have written (the
backend was reopened or committed since the last check, or it is a shared server),
the wrapper compares that number with the band's and re-reads the claims the newer
events name. Inside a write transaction the band also takes in the transaction's own
writes (by id), and reads them again if it rolls back.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from kg.models import Claim, Entity, Scope
from kg.snapshot import CurrentBand
from kg.storage.cypher import CypherStore, readable_labels, sorted_claims
from kg.storage.protocol import Contents, EntityRef, NewClaim

FULL_RELOAD = 5_000  # more changed claims than this since the last read: reload the band

# What the wrapper hands to the backend as it is: reads the band does not hold, writes
# that change no claim, and the backend's own life (sessions, hand-over, backup).
PASSED = frozenset({
    "add_event", "all_claims", "all_events", "approved_in_predicate", "as_of", "backup",
    "claim", "claim_any_scope", "claims_by_id", "claims_with_predicate", "close",
    "contents", "decisions", "events", "hand_over_if_asked", "key_state", "key_states",
    "next_rule_seq", "next_seq", "pending", "put_rule", "read_only", "record_messages",
    "rule_changes", "rules", "schema_version", "scrub_events",
    "seen_messages", "set_key_state", "set_slot_current", "slot_claims",
    "slot_current", "slot_members", "current_sets", "slot_state", "slot_states",
    "subjects_with_values", "superseded_in",
    "path", "url", "hold", "wait", "location",
})


class CachedStore:
    """A backend with the current band held in this process (see the module's note)."""

    def __init__(self, backend: CypherStore) -> None:
        self.backend = backend
        self._band: CurrentBand | None = None
        self._generation = -1  # the backend's generation the band was last checked at
        # Claims written through this store that the band has not re-read yet, and those
        # a transaction's reads took into the band (read again if it rolls back).
        self._dirty: set[str] = set()
        self._absorbed: set[str] = set()
        self._loaded_in_tx = False
        self._local = threading.local()  # per thread: operations open, log checked in one
        self._rules_seen = (-1, 0)  # (the backend's generation, its rules_version then)

    @contextmanager
    def session(self) -> Iterator[None]:
        """One operation on the backend. On a shared server the log is checked once per
        operation (its first band read), so one context sees one state of the memory
        and pays one round trip for it, not one per read."""
        local = self._local
        local.depth = getattr(local, "depth", 0) + 1
        try:
            with self.backend.session():
                yield
        finally:
            local.depth -= 1
            if not local.depth:
                local.checked = False

    def __getattr__(self, name: str) -> Any:
        if name in PASSED:
            return getattr(self.backend, name)
        raise AttributeError(f"{type(self).__name__} has no {name!r}")

    # -- writes: note the claims they touch, then pass them on ------------------------

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction; nested uses join the outer one. A rollback hands the
        claims the band took from it back to be read again."""
        if self.backend.in_transaction:
            yield
            return
        with self.backend.session():
            self._absorbed, self._loaded_in_tx = set(), False
            try:
                with self.backend.transaction():
                    yield
            except BaseException:
                self._rolled_back()
                raise
            self._absorbed = set()

    def _rolled_back(self) -> None:
        self._dirty |= self._absorbed
        self._absorbed = set()
        if self._loaded_in_tx or len(self._dirty) > FULL_RELOAD:
            self._band, self._dirty = None, set()

    def insert_claims(self, items: list[NewClaim]) -> None:
        self._dirty.update(item.claim.id for item in items)
        self.backend.insert_claims(items)

    def update_claim(self, claim_id: str, fields: dict[str, Any]) -> None:
        self._dirty.add(claim_id)
        self.backend.update_claim(claim_id, fields)

    def relink_claim(self, claim: Claim, slot: str, subject_pk: str, object_pk: str,
                     entities: list[EntityRef]) -> None:
        self._dirty.add(claim.id)
        self.backend.relink_claim(claim, slot, subject_pk, object_pk, entities)

    def write(self, claims: dict[str, dict[str, Any]], keys: dict[str, dict[str, Any]],
              slots: dict[str, tuple[str, int]], events: list[Any]) -> None:
        self._dirty.update(claims)
        self.backend.write(claims, keys, slots, events)

    def add_contents(self, contents: Contents) -> None:
        with self.transaction():
            self._dirty.update(c.id for c in contents.claims)
            self.backend.add_contents(contents)

    # -- the band ----------------------------------------------------------------------

    def rules_version(self) -> int:
        """The last rule change's number, read from the backend only when another
        process may have written since (as the band is): a context does not pay a query
        for it while this process holds the database."""
        backend = self.backend
        generation, seq = self._rules_seen
        if backend.shared or backend.in_transaction or generation != backend.generation:
            seq = backend.rules_version()
            if not backend.shared and not backend.in_transaction:
                self._rules_seen = (backend.generation, seq)
        return seq

    def current_band(self) -> CurrentBand:
        """The in-process copy of the current band (and of what waits for review),
        brought up to date with the log when another process may have written."""
        backend, band = self.backend, self._band
        in_tx = backend.in_transaction
        checked = getattr(self._local, "checked", False)
        if band is None or backend.shared and not checked or \
                self._generation != backend.generation or in_tx:
            seq = backend.read_seq()
            if band is None or band.seq != seq:
                # a log that went back (a dead writer's transaction undone) is read whole
                changed = (None if band is None or seq < band.seq
                           else backend.changed_since(band.seq))
                if changed is None or len(changed) > FULL_RELOAD:
                    band = self._band = CurrentBand(seq, backend.current_and_pending())
                    self._loaded_in_tx = in_tx
                else:
                    self._refresh(band, changed)
                    if in_tx:  # the log read inside holds this transaction's events
                        self._absorbed |= changed
                band.seq = seq
            # Nobody else writes while this process holds the database, so the band stays
            # fresh until the backend's next commit or reopening.
            self._generation = -1 if in_tx else backend.generation
            self._local.checked = not in_tx and getattr(self._local, "depth", 0) > 0
        if self._dirty:
            dirty, self._dirty = self._dirty, set()
            if in_tx:
                self._absorbed |= dirty
            self._refresh(band, dirty)
        return band

    def _refresh(self, band: CurrentBand, claim_ids: set[str]) -> None:
        """Re-read claims into the band (a claim gone, or no longer current, drops out)."""
        found = self.backend.claims_by_id(sorted(claim_ids))
        for claim_id in claim_ids:
            claim = found.get(claim_id)
            if claim is None:
                band.drop(claim_id)
            else:
                band.put(claim)

    def integrity_problems(self) -> dict[str, int]:
        """The backend's counts of what must never happen, and ``band_drift``: claims on
        which the band, kept change by change, differs from the band read afresh."""
        found = self.backend.integrity_problems()
        kept = self.current_band()
        fresh = CurrentBand(kept.seq, self.backend.current_and_pending())
        ids = set(kept.claims) | set(fresh.claims) | set(kept.pending) | set(fresh.pending)
        found["band_drift"] = sum(1 for i in ids if kept.claims.get(i) != fresh.claims.get(i)
                                  or kept.pending.get(i) != fresh.pending.get(i))
        return found

    # -- the gated reads of the current band -------------------------------------------

    def waiting(self, reader: Scope) -> tuple[int, datetime | None]:
        """How many claims wait for review in the reader's scopes, and since when."""
        return self.current_band().waiting(set(readable_labels(reader)))

    def current_value(self, reader: Scope, subject: str, predicate: str) -> list[Claim]:
        """The current values of one ``(subject, predicate)`` in every scope the reader
        sees."""
        return sorted_claims(self.current_band().in_slot(readable_labels(reader), subject,
                                                         predicate))

    def band(self, reader: Scope, band: str = "current", subject: str = "",
             predicate: str = "") -> list[Claim]:
        """Approved claims of a band visible to the reader, optionally of one subject
        (the history bands are the backend's)."""
        if band != "current":
            return self.backend.band(reader, band, subject, predicate)
        snapshot, labels = self.current_band(), set(readable_labels(reader))
        claims = (snapshot.touching(reader.namespace, labels, subject)
                  if subject else snapshot.visible(labels, predicate))
        return sorted_claims([c for c in claims if (not subject or c.subject == subject)
                              and (not predicate or c.predicate == predicate)])

    def pinned(self, reader: Scope) -> list[Claim]:
        """The pinned current claims the reader sees, in ``band``'s order: as
        ``band(reader)`` filtered, without sorting the whole band for them (a context that
        names no one asks for these each time: 5,469 claims sorted took ~100 ms)."""
        return sorted_claims(self.current_band().pinned_in(set(readable_labels(reader))))

    def touching(self, reader: Scope, entity: str, band: str = "current") -> list[Claim]:
        """Approved claims of a band with ``entity`` as subject or object."""
        if band != "current":
            return self.backend.touching(reader, entity, band)
        return sorted_claims(self.current_band().touching(
            reader.namespace, set(readable_labels(reader)), entity))

    def best_touching(self, reader: Scope, entity: str, limit: int,
                      rank: Callable[[Claim], float]) -> list[Claim]:
        """The ``limit`` best current claims touching ``entity`` by ``rank``."""
        labels = set(readable_labels(reader))
        out = []
        for claim in self.current_band().ranked(reader.namespace, entity, rank):
            if claim.scope.label() in labels:
                out.append(claim)
                if len(out) >= limit:
                    break
        return out

    def mentioning(self, reader: Scope, entity: str, wanted: frozenset[str], limit: int,
                   rank: Callable[[Claim], float]) -> list[Claim]:
        """Current claims touching ``entity`` whose predicate, object or source sentence
        has one of the ``wanted`` content words (``kg.words``): for each word, the
        ``limit`` best by ``rank``."""
        return self.current_band().mentioning(reader.namespace, readable_labels(reader),
                                              entity, wanted, limit, rank)

    def holding(self, reader: Scope, wanted: frozenset[str], limit: int,
                rank: Callable[[Claim], float]) -> list[Claim]:
        """Current claims the reader sees whose predicate, object or source sentence has
        one of the ``wanted`` content words, the word candidates of a context: for each
        word, the ``limit`` best by ``rank``."""
        return self.current_band().holding(readable_labels(reader), wanted, limit, rank)

    def word_weights(self, reader: Scope, wanted: frozenset[str]) -> dict[str, float]:
        """Each wanted word's weight for ranking (``CurrentBand.word_weights``) over the
        current band the reader sees."""
        return self.current_band().word_weights(readable_labels(reader), wanted)

    def entity_names(self, reader: Scope) -> dict[str, str]:
        """``{entity id: name}`` for entities an approved current claim touches."""
        return self.current_band().entity_names(readable_labels(reader))

    def entity(self, reader: Scope, eid: str) -> Entity | None:
        """An entity, only if an approved claim visible to the reader touches it."""
        if not self.backend.touching(reader, eid, band="all"):
            return None
        name = self.backend.entity_name(reader.namespace, eid)
        if name is None:
            return None
        aliases = tuple(c.object for c in self.band(reader, "current", eid, "alias"))
        types = [c.object for c in self.band(reader, "current", eid, "type")]
        return Entity(id=eid, name=name, type=types[0] if types else "", aliases=aliases)

"""The Cypher every backend runs, written once, and the store built on it.

``CypherStore`` holds the gate's reads and writes as Cypher statements over a driver
each backend supplies (``kg.storage.kuzu``: embedded Kùzu, the default;
``kg.storage.falkordb``: a FalkorDB server graph). Every read takes the reader's scope
and, unless it is a reviewer's read of pending work, returns approved claims only; every
current-band read is the in-process band's (``kg.storage.cached.CachedStore``, wrapped
around every backend ``open_store`` opens), kept up to date from the event log: one read
path. Nothing outside ``kg.storage`` writes Cypher.

Layout in the graph (claims are reified as nodes so that they are found by id
through the primary-key index, and so that a claim can point at two entities):

- ``Claim`` nodes, ``(Claim)-[:SUBJECT]->(Entity)``, ``(Claim)-[:OBJECT]->(Entity)``;
- ``Slot`` nodes, one per ``(scope, subject, predicate)``, holding the id of the
  current value, ``(Claim)-[:IN_SLOT]->(Slot)``: the current value is two
  primary-key lookups, never a scan;
- ``KeyState`` nodes, one per claim key: pending claim, current claim,
  tombstone (a hash only: the rejected text is not needed to suppress it);
- ``Event`` nodes, ``(Event)-[:ABOUT]->(Claim)``: the append-only audit log;
- ``Meta``: the schema version and the last committed event number.
"""

from __future__ import annotations

import contextlib
import functools
import json
import uuid
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kg.errors import ClaimNotFound
from kg.models import (
    Action,
    Claim,
    ClaimKind,
    Event,
    Lifecycle,
    ObjectKind,
    Provenance,
    Scope,
    Status,
    as_utc,
)
from kg.storage.protocol import Contents, EntityRef, KeyState, NewClaim, entity_pk, slot_of

SCHEMA_VERSION = 7

_CLAIM_COLUMNS: dict[str, str] = {
    "id": "STRING", "key": "STRING", "slot": "STRING", "scope": "STRING",
    "namespace": "STRING", "agent": "STRING", "team": "STRING", "project": "STRING",
    "subject": "STRING", "subject_name": "STRING", "predicate": "STRING",
    "object": "STRING", "object_kind": "STRING", "object_entity": "STRING",
    "kind": "STRING", "status": "STRING", "decided_by": "STRING", "decided_at": "TIMESTAMP",
    "lifecycle": "STRING", "valid_from": "TIMESTAMP", "valid_to": "TIMESTAMP",
    "recorded_at": "TIMESTAMP", "superseded_by": "STRING",
    "initial_text": "STRING", "final_text": "STRING",
    "message_id": "STRING", "conversation_id": "STRING", "speaker": "STRING",
    "source_text": "STRING", "span_start": "INT64", "span_end": "INT64",
    "extractor": "STRING", "extractor_version": "STRING", "model": "STRING",
    "pattern": "STRING", "confidence": "DOUBLE", "observations": "INT64",
    "update_cue": "BOOLEAN", "pinned": "BOOLEAN", "deferred_until": "TIMESTAMP",
    "purged": "BOOLEAN", "message_words": "STRING", "said_in": "STRING",
    "origin": "STRING", "reported_speaker": "STRING",
    "accepted": "INT64", "declined": "INT64",
}
_PROVENANCE_FIELDS = tuple(Provenance.model_fields)
# Claims are read as named columns: returning the whole node costs several times more.
_C = ", ".join(f"c.{name}" for name in _CLAIM_COLUMNS)

# turns already ingested: a digest of scope, conversation, message id and text
_MESSAGE_TABLE = ("CREATE NODE TABLE IF NOT EXISTS Message(key STRING, scope STRING, "
                  "at TIMESTAMP, PRIMARY KEY(key))")

# the memory's own rules (kg.rules): predicates and policies, and every change to them
_RULE_TABLES = [
    "CREATE NODE TABLE IF NOT EXISTS Rule(pk STRING, kind STRING, name STRING, body STRING, "
    "PRIMARY KEY(pk))",
    "CREATE NODE TABLE IF NOT EXISTS RuleChange(seq INT64, body STRING, PRIMARY KEY(seq))",
]

SCHEMA = [
    "CREATE NODE TABLE IF NOT EXISTS Meta(name STRING, value STRING, PRIMARY KEY(name))",
    "CREATE NODE TABLE IF NOT EXISTS Entity(pk STRING, namespace STRING, eid STRING, "
    "name STRING, etype STRING, PRIMARY KEY(pk))",
    "CREATE NODE TABLE IF NOT EXISTS Claim("
    + ", ".join(f"{name} {kind}" for name, kind in _CLAIM_COLUMNS.items())
    + ", PRIMARY KEY(id))",
    "CREATE NODE TABLE IF NOT EXISTS Slot(id STRING, current STRING, placed INT64, "
    "PRIMARY KEY(id))",
    "CREATE NODE TABLE IF NOT EXISTS KeyState(key STRING, pending STRING, current STRING, "
    "rejected STRING, redirect STRING, tombstoned_at TIMESTAMP, PRIMARY KEY(key))",
    "CREATE NODE TABLE IF NOT EXISTS Event(id STRING, seq INT64, claim_id STRING, at TIMESTAMP, "
    "actor STRING, action STRING, from_state STRING, to_state STRING, detail STRING, "
    "PRIMARY KEY(id))",
    _MESSAGE_TABLE,
    *_RULE_TABLES,
    "CREATE REL TABLE IF NOT EXISTS SUBJECT(FROM Claim TO Entity)",
    "CREATE REL TABLE IF NOT EXISTS OBJECT(FROM Claim TO Entity)",
    "CREATE REL TABLE IF NOT EXISTS IN_SLOT(FROM Claim TO Slot)",
    "CREATE REL TABLE IF NOT EXISTS ABOUT(FROM Event TO Claim)",
]

# Forward migrations: MIGRATIONS[n] takes a database from version n to n + 1.
MIGRATIONS: dict[int, list[str]] = {
    1: ["ALTER TABLE Claim ADD message_words STRING DEFAULT ''"],  # Provenance.message_words
    2: [_MESSAGE_TABLE],  # ingest idempotent by message
    3: ["ALTER TABLE Claim ADD said_in STRING DEFAULT ''"],  # value sets (Claim.said_in)
    4: ["ALTER TABLE Claim ADD origin STRING DEFAULT ''",  # how a claim entered, and who
        "ALTER TABLE Claim ADD reported_speaker STRING DEFAULT ''"],  # an agent says spoke
    5: _RULE_TABLES,  # rules in the database, not in files beside it
    6: ["ALTER TABLE Claim ADD accepted INT64 DEFAULT 0",  # outcomes reported on a claim
        "ALTER TABLE Claim ADD declined INT64 DEFAULT 0"],
}

_VISIBLE = "c.scope IN $scopes"
_APPROVED_ASSERT = "c.status = 'approved' AND c.kind = 'assert'"
BANDS = {
    "current": f"{_APPROVED_ASSERT} AND c.lifecycle = 'current'",
    "history": f"{_APPROVED_ASSERT} AND c.lifecycle = 'superseded'",
    "all": f"{_APPROVED_ASSERT} AND c.lifecycle <> 'retracted'",
    # approved endings: "I quit smoking", "we no longer use Slack", said and approved
    "ended": "c.status = 'approved' AND c.kind = 'retract'",
}
_AS_OF = (f"{_APPROVED_ASSERT} AND c.lifecycle <> 'retracted' AND c.valid_from <= $t "
          "AND (c.valid_to IS NULL OR c.valid_to > $t)")


def new_id() -> str:
    return uuid.uuid4().hex


def _db_time(value: datetime | None) -> datetime | None:
    """Kùzu stores naive timestamps: everything is kept in UTC."""
    return None if value is None else as_utc(value).replace(tzinfo=None)


def _py_time(value: datetime | int | None) -> datetime | None:
    """A stored time as an aware UTC datetime: Kùzu gives a naive datetime, a server
    backend microseconds since the epoch (``kg.storage.falkordb``)."""
    if value is None:
        return None
    if isinstance(value, int):
        return datetime.fromtimestamp(value / 1_000_000, UTC)
    return as_utc(value)


def claim_from_row(row: dict[str, Any]) -> Claim:
    """Build a Claim model from a ``Claim`` node's properties."""
    times = {k: _py_time(row[k]) for k in
             ("decided_at", "valid_from", "valid_to", "recorded_at", "deferred_until")}
    provenance = Provenance(**{k: row[k] or "" if k in ("origin", "reported_speaker")
                               else row[k] for k in _PROVENANCE_FIELDS})
    scope = Scope(namespace=row["namespace"], agent=row["agent"], team=row["team"],
                  project=row["project"])
    return Claim(
        id=row["id"], key=row["key"], scope=scope, subject=row["subject"],
        subject_name=row["subject_name"], predicate=row["predicate"], object=row["object"],
        object_kind=ObjectKind(row["object_kind"]), object_entity=row["object_entity"],
        kind=ClaimKind(row["kind"]), status=Status(row["status"]),
        decided_by=row["decided_by"], lifecycle=Lifecycle(row["lifecycle"]),
        superseded_by=row["superseded_by"], initial_text=row["initial_text"],
        final_text=row["final_text"], provenance=provenance,
        observations=row["observations"], update_cue=row["update_cue"],
        pinned=row["pinned"], purged=row["purged"], said_in=row["said_in"] or "",
        accepted=row["accepted"] or 0, declined=row["declined"] or 0, **times,
    )


def _claim(values: list[Any]) -> Claim:
    return claim_from_row(dict(zip(_CLAIM_COLUMNS, values, strict=True)))


def claim_to_row(claim: Claim, slot: str) -> dict[str, Any]:
    """The ``Claim`` node properties for a Claim model."""
    row: dict[str, Any] = claim.model_dump(exclude={"scope", "provenance"})
    row.update(claim.provenance.model_dump())
    row["message_words"] = claim.provenance.message_words  # excluded from dumps, kept here
    row.update(claim.scope.model_dump())
    row["scope"] = claim.scope.label()
    row["slot"] = slot
    for key in ("decided_at", "valid_from", "valid_to", "recorded_at", "deferred_until"):
        row[key] = _db_time(row[key])
    for key in ("object_kind", "kind", "status", "lifecycle"):
        row[key] = str(row[key])
    return row


SMALL_BATCH = 8
UNWIND_RATIO = 50  # measured: a 1,000-row UNWIND loses to row-by-row past ~50,000 claims
_OTHER_COLUMNS = {"pending": "STRING", "current": "STRING", "rejected": "STRING",
                  "redirect": "STRING", "tombstoned_at": "TIMESTAMP", "placed": "INT64"}

# One claim with its edges and ``proposed`` event, its entity and slot MERGEd before
# (see below: a node MERGEd in a statement must not be used by a later clause of it).
_SINGLE_INSERT = (
    "MATCH (e:Entity {pk: $spk}), (s:Slot {id: $slot}) "
    "CREATE (c:Claim {" + ", ".join(f"{n}: ${n}" for n in _CLAIM_COLUMNS) + "}) "
    "CREATE (c)-[:SUBJECT]->(e) CREATE (c)-[:IN_SLOT]->(s) "
    "CREATE (ev:Event {id: $ev_id, seq: $ev_seq, claim_id: $id, at: $recorded_at, "
    "actor: $ev_actor, action: 'proposed', from_state: '', to_state: 'pending', "
    "detail: $ev_detail}) CREATE (ev)-[:ABOUT]->(c)")

# Kùzu 0.11.3 binds a node MERGEd in a statement to the wrong node when a later clause of
# the same statement uses it (edges landed on other claims' entities and slots: inside
# UNWIND, and also, now and then, in a one-row statement). So writes run in phases:
# MERGE entities, slots and key states on their own, then MATCH them (the small tables;
# joining on Claim costs a scan of every claim) and CREATE the claims with their edges
# and events.
_CAST_CLAIM = ", ".join(f"{n}: CAST(r.{n} AS {k})" if k != "STRING" else f"{n}: r.{n}"
                        for n, k in _CLAIM_COLUMNS.items())


def _create_claims_cypher(with_object: bool, with_event: bool) -> str:
    """CREATE unwound claims with their edges (and ``proposed`` events), matching their
    entities and slots by primary key."""
    cypher = ("UNWIND $rows AS r MATCH (e:Entity {pk: r.spk}), (s:Slot {id: r.slot}) "
              + ("MATCH (o:Entity {pk: r.opk}) " if with_object else "")
              + f"CREATE (c:Claim {{{_CAST_CLAIM}}}) "
              "CREATE (c)-[:SUBJECT]->(e) CREATE (c)-[:IN_SLOT]->(s) "
              + ("CREATE (c)-[:OBJECT]->(o) " if with_object else ""))
    if with_event:
        cypher += ("CREATE (ev:Event {id: r.ev_id, seq: r.ev_seq, claim_id: r.id, "
                   "at: CAST(r.recorded_at AS TIMESTAMP), actor: r.ev_actor, "
                   "action: 'proposed', from_state: '', to_state: 'pending', "
                   "detail: r.ev_detail}) CREATE (ev)-[:ABOUT]->(c)")
    return cypher


_MERGE_NAMES = [
    ("entities", "UNWIND $rows AS r MERGE (e:Entity {pk: r.pk}) ON CREATE SET "
                 "e.namespace = r.ns, e.eid = r.eid, e.name = r.name, e.etype = ''"),
    ("slots", "UNWIND $rows AS r MERGE (s:Slot {id: r.slot}) ON CREATE SET s.current = '', "
              "s.placed = 0"),
    ("keys", "UNWIND $rows AS r MERGE (k:KeyState {key: r.key}) ON CREATE SET k.current = '', "
             "k.rejected = '', k.redirect = '' SET k.pending = r.id"),
]

_SINGLE_LINK_OBJECT = ("MATCH (c:Claim {id: $id}), (e:Entity {pk: $opk}) "
                       "CREATE (c)-[:OBJECT]->(e)")


class CypherStore(ABC):
    """A kg memory over a Cypher driver: the claims, key states, slots and events, the
    batch writes and the gated reads of everything but the current band (which
    ``kg.storage.cached.CachedStore`` holds). A backend supplies the driver
    (``session``, ``_transaction``, ``_exec``, ``_rows``), its schema, ``close`` and
    ``backup``, and bumps ``generation`` whenever another process may have written since
    (it opened the database again, or committed)."""

    shared = False  # a server other processes and hosts write to between our reads

    # -- the driver: each backend's own ---------------------------------------------

    @abstractmethod
    def session(self) -> AbstractContextManager[None]:
        """One operation: the database is open inside."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[None]:
        """One write transaction of the backend (``transaction`` joins nested uses)."""

    @abstractmethod
    def _exec(self, query: str, params: dict[str, Any] | None = None) -> None: ...

    @abstractmethod
    def _rows(self, query: str, params: dict[str, Any] | None = None) -> list[list[Any]]: ...

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def backup(self, dest: Path) -> list[str]: ...

    # -- state -----------------------------------------------------------------------

    def _init_state(self, db: Any, conn: Any) -> None:
        """The per-object state every backend keeps: its connection and the transaction
        in progress."""
        self._db: Any = db
        self._conn: Any = conn
        self._depth = 0
        self._statements: dict[str, Any] = {}
        self._in_tx = False
        self._seq: int | None = None
        self._claim_count: int | None = None
        self.generation = 0

    @property
    def in_transaction(self) -> bool:
        return self._in_tx

    def _outside_writes(self, what: str) -> None:
        """Full scans are read outside a write transaction: inside one, Kùzu 0.11.3 was
        seen to return rows a scan of the same transaction's writes should not (an
        event on the wrong claim, missing events), while reads by id stay right."""
        if self._in_tx:
            raise RuntimeError(f"{what} scans the whole memory: call it outside a "
                               "write transaction")

    def integrity_problems(self) -> dict[str, int]:
        """Counts of what must never happen; all zero in a healthy memory."""
        self._outside_writes("integrity_problems")
        checks = {
            "claim_in_wrong_slot": "MATCH (c:Claim)-[:IN_SLOT]->(s:Slot) WHERE s.id <> c.slot "
                                   "RETURN count(*)",
            "claim_without_slot": "MATCH (c:Claim) OPTIONAL MATCH (c)-[r:IN_SLOT]->() WITH c, "
                                  "count(r) AS n WHERE n = 0 RETURN count(c)",
            "wrong_subject_edge": "MATCH (c:Claim)-[:SUBJECT]->(e:Entity) WHERE e.eid <> "
                                  "c.subject RETURN count(*)",
            "wrong_object_edge": "MATCH (c:Claim)-[:OBJECT]->(e:Entity) WHERE e.eid <> "
                                 "c.object_entity RETURN count(*)",
            "event_on_wrong_claim": "MATCH (e:Event)-[:ABOUT]->(c:Claim) WHERE e.claim_id <> c.id "
                                    "RETURN count(*)",
            "slot_current_not_current": "MATCH (s:Slot), (c:Claim) WHERE s.current = c.id AND "
                                        "(c.lifecycle <> 'current' OR c.status <> 'approved') "
                                        "RETURN count(*)",
            # a one-valued slot holds one value set: current values beside the slot's
            # current one were said in the same statement
            "current_missing_from_slot": "MATCH (c:Claim)-[:IN_SLOT]->(s:Slot)<-[:IN_SLOT]-"
                                         "(k:Claim) WHERE k.id = s.current AND "
                                         "c.status = 'approved' AND c.lifecycle = 'current' AND "
                                         "c.kind = 'assert' AND s.current <> c.id AND "
                                         "(c.said_in = '' OR c.said_in <> k.said_in) "
                                         "RETURN count(*)",
            "superseded_without_successor": "MATCH (c:Claim) WHERE c.lifecycle = 'superseded' "
                                            "AND c.superseded_by = '' RETURN count(*)",
        }
        return {name: self._rows(query)[0][0] for name, query in checks.items()}

    def current_and_pending(self) -> list[Claim]:
        """The current band and the pending claims, read whole: what the in-process band
        is loaded from."""
        rows = self._rows(f"MATCH (c:Claim) WHERE ({BANDS['current']}) OR "
                          f"c.status = 'pending' RETURN {_C}")
        return [_claim(r) for r in rows]

    def changed_since(self, seq: int) -> set[str]:
        """The claims the events after ``seq`` are about."""
        return {r[0] for r in self._rows("MATCH (e:Event) WHERE e.seq > $s "
                                         "RETURN DISTINCT e.claim_id", {"s": seq})}

    def schema_version(self) -> int:
        rows = self._rows("MATCH (m:Meta {name: 'schema_version'}) RETURN m.value")
        return int(rows[0][0]) if rows else 0

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction; nested uses join the outer one."""
        if self._in_tx:
            yield
            return
        with self.session(), self._transaction():
            yield

    # -- claims ------------------------------------------------------------------

    def insert_claims(self, items: Sequence[NewClaim]) -> None:
        """Write new claims with their edges, key states and ``proposed`` events.

        A small batch runs one statement per claim (primary-key lookups only); a large
        one runs a fixed number of UNWIND statements, whose joins cost one scan each.
        """
        if not items:
            return
        if not self._in_tx:
            raise RuntimeError("claims are written inside a transaction only")
        rows = []
        for item in items:
            pk, namespace, eid, name = item.subject
            rows.append({**claim_to_row(item.claim, item.slot), "spk": pk, "ns": namespace,
                         "seid": eid, "sname": name, "ev_id": new_id(),
                         "ev_seq": self.next_seq(),
                         "ev_actor": item.actor, "ev_detail": item.detail})
        objects = [{"id": i.claim.id, "opk": i.object[0], "ns": i.object[1],
                    "oeid": i.object[2], "oname": i.object[3]} for i in items if i.object]
        entities = {r["spk"]: {"pk": r["spk"], "ns": r["ns"], "eid": r["seid"],
                               "name": r["sname"]} for r in rows}
        entities.update({o["opk"]: {"pk": o["opk"], "ns": o["ns"], "eid": o["oeid"],
                                    "name": o["oname"]} for o in objects
                         if o["opk"] not in entities})
        if not self._unwind_pays(len(rows)):
            self._merge_names(rows, list(entities.values()), keys=True)
            for row in rows:
                self._exec(_SINGLE_INSERT, {k: v for k, v in row.items()
                                            if k not in ("ns", "seid", "sname")})
            for row in objects:
                self._exec(_SINGLE_LINK_OBJECT, {"id": row["id"], "opk": row["opk"]})
            return
        self._insert_batch(rows, {o["id"]: o["opk"] for o in objects},
                           list(entities.values()), keys=True, events=True)

    def _insert_batch(self, rows: list[dict[str, Any]], object_pks: dict[str, str],
                      entities: list[dict[str, Any]], keys: bool, events: bool) -> None:
        """Claims in phases: names first (MERGE alone), then the claims (see above)."""
        self._merge_names(rows, entities, keys)
        plain = [r for r in rows if r["id"] not in object_pks]
        linked = [{**r, "opk": object_pks[r["id"]]} for r in rows if r["id"] in object_pks]
        for group, with_object in ((plain, False), (linked, True)):
            if group:
                self._exec(_create_claims_cypher(with_object, events), {"rows": group})

    # -- the memory's own rules (kg.rules) ------------------------------------------

    def rules(self, kind: str) -> dict[str, dict[str, Any]]:
        """The rules of one kind (``predicate``, ``policy``): name -> body."""
        return {r[0]: json.loads(r[1]) for r in self._rows(
            "MATCH (r:Rule) WHERE r.kind = $kind RETURN r.name, r.body ORDER BY r.name",
            {"kind": kind})}

    def put_rule(self, kind: str, name: str, body: str | None, change: str) -> None:
        """Set (``body``) or remove (None) a rule, with the change's record."""
        pk = f"{kind}:{name}"
        if body is None:
            self._exec("MATCH (r:Rule {pk: $pk}) DELETE r", {"pk": pk})
        else:
            self._exec("MERGE (r:Rule {pk: $pk}) SET r.kind = $kind, r.name = $name, "
                       "r.body = $body", {"pk": pk, "kind": kind, "name": name, "body": body})
        self._exec("CREATE (c:RuleChange {seq: $seq, body: $body})",
                   {"seq": json.loads(change)["seq"], "body": change})

    def rules_version(self) -> int:
        """The last rule change's number (0: none): what a reader compares to know its
        copy of the rules is stale."""
        rows = self._rows("MATCH (c:RuleChange) RETURN max(c.seq)")
        return int(rows[0][0] or 0) if rows else 0

    def next_rule_seq(self) -> int:
        return self.rules_version() + 1

    def rule_changes(self) -> list[str]:
        """Every change to the rules, oldest first (JSON of kg.rules.RuleChange)."""
        return [r[0] for r in self._rows("MATCH (c:RuleChange) RETURN c.body ORDER BY c.seq")]

    def claims_with_predicate(self, predicate: str) -> int:
        """How many claims, of any scope and state, use ``predicate`` or were proposed
        with it and edited away (their first key, kept for them, was made with it)."""
        used = self._rows("MATCH (c:Claim) WHERE c.predicate = $p RETURN count(c)",
                          {"p": predicate})[0][0]
        for (detail,) in self._rows("MATCH (e:Event) WHERE e.action = 'edited' "
                                    "RETURN e.detail"):
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                used += json.loads(detail)["before"]["predicate"] == predicate
        return used

    def approved_in_predicate(self, predicate: str) -> list[Claim]:
        """Every approved, unretracted assertion of ``predicate``, in any scope."""
        return [_claim(r) for r in self._rows(
            f"MATCH (c:Claim) WHERE c.predicate = $p AND {_APPROVED_ASSERT} AND "
            f"c.lifecycle <> 'retracted' RETURN {_C}", {"p": predicate})]

    def subjects_with_values(self, predicate: str) -> list[str]:
        """Subjects (``scope/subject``) holding current approved values of ``predicate``
        said in more than one statement: what a one-valued slot must not hold."""
        rows = self._rows(f"MATCH (c:Claim) WHERE c.predicate = $p AND {_APPROVED_ASSERT} "
                          "AND c.lifecycle = 'current' RETURN c.scope, c.subject, "
                          "count(DISTINCT CASE WHEN c.said_in = '' THEN c.id ELSE c.said_in "
                          "END) AS sets", {"p": predicate})
        return sorted(f"{scope}/{subject}" for scope, subject, sets in rows if sets > 1)

    def contents(self) -> Contents:
        """Everything stored: a scratch memory's whole content (``kg import`` replays a
        file into one, checks it, then adds it here with ``add_contents``)."""
        claims = [_claim(r) for r in self._rows(f"MATCH (c:Claim) RETURN {_C} "
                                                "ORDER BY c.recorded_at, c.id")]
        keys = [key_state_of(row[0]["key"], row[0])
                for row in self._rows("MATCH (k:KeyState) RETURN k")]
        slots = {r[0]: (r[1], r[2]) for r in self._rows(
            "MATCH (s:Slot) RETURN s.id, s.current, s.placed")}
        events = [_event_from_row(r[0]) for r in self._rows(
            "MATCH (e:Event) RETURN e ORDER BY e.seq")]
        return Contents(claims, keys, slots, events)

    def add_contents(self, contents: Contents) -> None:
        """Write another store's contents (claims with their edges, key states, slots and
        events, renumbered after this log's) in one transaction. Only for contents the
        gate made (``kg import``'s checked scratch memory): nothing here is checked."""
        with self.transaction():
            rows, objects, entities = [], {}, {}
            for claim in contents.claims:
                ns = claim.scope.namespace
                slot = slot_of(claim.scope, claim.subject, claim.predicate)
                spk = entity_pk(ns, claim.subject)
                rows.append({**claim_to_row(claim, slot), "spk": spk})
                entities.setdefault(spk, {"pk": spk, "ns": ns, "eid": claim.subject,
                                          "name": claim.subject_name})
                if claim.object_entity and not claim.purged:
                    opk = objects[claim.id] = entity_pk(ns, claim.object_entity)
                    entities.setdefault(opk, {"pk": opk, "ns": ns, "eid": claim.object_entity,
                                              "name": claim.object})
            self._insert_batch(rows, objects, list(entities.values()), keys=False,
                               events=False)
            for slot, (current, placed) in contents.slots.items():
                self._exec("MERGE (s:Slot {id: $slot}) SET s.current = $c, s.placed = $n",
                           {"slot": slot, "c": current, "n": placed})
            for state in contents.key_states:
                self.set_key_state(state["key"], **{k: v for k, v in state.items()
                                                    if k != "key"})
            base = self.read_seq()
            self._seq = base + max((e.seq for e in contents.events), default=0)
            for event in contents.events:
                self._exec("MATCH (c:Claim {id: $claim_id}) CREATE (e:Event {id: $id, "
                           "seq: $seq, claim_id: $claim_id, at: $at, actor: $actor, "
                           "action: $action, from_state: $from_state, to_state: $to_state, "
                           "detail: $detail}) CREATE (e)-[:ABOUT]->(c)",
                           {**event.model_dump(), "seq": base + event.seq,
                            "at": _db_time(event.at), "action": str(event.action)})

    def _merge_names(self, rows: list[dict[str, Any]], entities: list[dict[str, Any]],
                     keys: bool) -> None:
        """MERGE the claims' entities, slots and (``keys``) key states, each kind in a
        statement of its own that uses nothing it MERGEs."""
        names = {"entities": entities,
                 "slots": [{"slot": s} for s in dict.fromkeys(r["slot"] for r in rows)],
                 "keys": [{"key": r["key"], "id": r["id"]} for r in rows] if keys else []}
        for name, statement in _MERGE_NAMES:
            if names[name]:
                self._exec(statement, {"rows": names[name]})

    def relink_claim(self, claim: Claim, slot: str, subject_pk: str, object_pk: str,
                     entities: Sequence[EntityRef]) -> None:
        """Rewrite a claim whose subject, predicate or object changed (an edit)."""
        for rel in ("IN_SLOT", "SUBJECT", "OBJECT"):
            self._exec(f"MATCH (c:Claim {{id: $id}})-[r:{rel}]->() DELETE r", {"id": claim.id})
        rest = entities[1:]
        self.update_claim(claim.id, claim_to_row(claim, slot))
        self._merge_names([{"slot": slot}], [
            {"pk": pk, "ns": ns, "eid": eid, "name": name} for pk, ns, eid, name in entities],
            keys=False)
        self._exec("MATCH (c:Claim {id: $id}), (e:Entity {pk: $spk}), (s:Slot {id: $slot}) "
                   "CREATE (c)-[:SUBJECT]->(e) CREATE (c)-[:IN_SLOT]->(s)",
                   {"spk": subject_pk, "slot": slot, "id": claim.id})
        for pk, *_ in rest:
            self._exec(_SINGLE_LINK_OBJECT, {"id": claim.id, "opk": pk})

    def update_claim(self, claim_id: str, fields: dict[str, Any]) -> None:
        fields = {k: (_db_time(v) if isinstance(v, datetime) else v) for k, v in fields.items()
                  if k != "id"}
        unknown = set(fields) - set(_CLAIM_COLUMNS)
        if unknown:
            raise ValueError(f"not claim fields: {sorted(unknown)}")
        sets = ", ".join(f"c.{name} = ${name}" for name in fields)
        self._exec(f"MATCH (c:Claim {{id: $id}}) SET {sets}", {"id": claim_id, **fields})

    def claim_any_scope(self, claim_id: str) -> Claim | None:
        rows = self._rows(f"MATCH (c:Claim {{id: $id}}) RETURN {_C}", {"id": claim_id})
        return _claim(rows[0]) if rows else None

    def claim(self, claim_id: str, reader: Scope) -> Claim:
        """Any claim by id, of any status, if the reader's scope may see it."""
        claim = self.claim_any_scope(claim_id)
        if claim is None or not reader.can_read(claim.scope):
            raise ClaimNotFound(f"no claim {claim_id!r} in scope {reader.label()}")
        return claim

    def slot_claims(self, slot: str) -> list[Claim]:
        """Every claim in a slot, of any status, oldest valid_from first."""
        rows = self._rows(f"MATCH (c:Claim)-[:IN_SLOT]->(s:Slot {{id: $slot}}) RETURN {_C} "
                          "ORDER BY c.valid_from, c.recorded_at", {"slot": slot})
        return [_claim(r) for r in rows]

    def slot_members(self, slot: str) -> list[Claim]:
        """A slot's current set (see ``current_sets``)."""
        return self.current_sets([slot])[slot]

    def current_sets(self, slots: Sequence[str]) -> dict[str, list[Claim]]:
        """Each slot's current set: its approved claims whose interval is open, oldest
        first. Approving a newer value reads only these, however long the slot's
        history; one statement for a batch's slots."""
        # (the filter after WITH: FalkorDB plans a WHERE on the claim as a scan of
        # every node for each slot, where the slot's index would serve)
        rows = self._rows(f"UNWIND $slots AS i MATCH (c:Claim)-[:IN_SLOT]->(:Slot {{id: i}}) "
                          "WITH i, c WHERE c.status = 'approved' AND c.lifecycle = 'current' "
                          f"RETURN i, {_C} ORDER BY c.valid_from, c.recorded_at",
                          {"slots": list(dict.fromkeys(slots))})
        members: dict[str, list[Claim]] = {slot: [] for slot in slots}
        for row in rows:
            members[row[0]].append(_claim(row[1:]))
        return members

    def superseded_in(self, slots: Sequence[str], keys: Sequence[str]) -> list[Claim]:
        """Approved claims with one of ``keys`` whose interval a later value (or an
        ending) closed, and approved endings, from ``slots``: one query for a batch."""
        rows = self._rows(f"UNWIND $slots AS i MATCH (c:Claim)-[:IN_SLOT]->(:Slot {{id: i}}) "
                          "WITH c WHERE c.key IN $keys AND c.status = 'approved' AND "
                          f"c.lifecycle IN ['superseded', 'retracted'] RETURN {_C}",
                          {"slots": list(dict.fromkeys(slots)), "keys": list(keys)})
        return [_claim(r) for r in rows]

    def seen_messages(self, keys: Sequence[str]) -> set[str]:
        """Which of these message keys were ingested before."""
        rows = self._rows("UNWIND $keys AS k MATCH (m:Message {key: k}) RETURN m.key",
                          {"keys": list(keys)})
        return {r[0] for r in rows}

    def record_messages(self, keys: Sequence[str], scope_label: str, at: datetime) -> None:
        """Note messages as ingested (a key seen again is left as it was)."""
        self._exec("UNWIND $keys AS k MERGE (m:Message {key: k}) ON CREATE SET m.scope = $scope, "
                   "m.at = $at", {"keys": list(keys), "scope": scope_label, "at": _db_time(at)})

    def slot_current(self, slot: str) -> str:
        return self.slot_state(slot)[0]

    def slot_state(self, slot: str) -> tuple[str, int]:
        """``(current claim id or '', how many approved values were ever placed)``."""
        rows = self._rows("MATCH (s:Slot {id: $slot}) RETURN s.current, s.placed", {"slot": slot})
        return (rows[0][0], rows[0][1]) if rows else ("", 0)

    def set_slot_current(self, slot: str, claim_id: str,
                         placed: int | None = None) -> None:
        if placed is None:
            self._exec("MATCH (s:Slot {id: $slot}) SET s.current = $c",
                       {"slot": slot, "c": claim_id})
        else:
            self._exec("MATCH (s:Slot {id: $slot}) SET s.current = $c, s.placed = $n",
                       {"slot": slot, "c": claim_id, "n": placed})

    def claims_by_id(self, ids: Sequence[str]) -> dict[str, Claim]:
        """Claims by id: primary-key lookups for a few, one scan for many."""
        if len(ids) <= SMALL_BATCH:
            found = (self.claim_any_scope(i) for i in ids)
            return {c.id: c for c in found if c is not None}
        rows = self._rows(f"UNWIND $ids AS i MATCH (c:Claim {{id: i}}) RETURN {_C}",
                          {"ids": list(ids)})
        return {c.id: c for c in map(_claim, rows)}

    def slot_states(self, slots: Sequence[str]) -> dict[str, tuple[str, int]]:
        """``slot_state`` of many slots at once."""
        if len(slots) <= SMALL_BATCH:
            return {slot: self.slot_state(slot) for slot in slots}
        rows = self._rows("UNWIND $slots AS i MATCH (s:Slot {id: i}) "
                          "RETURN s.id, s.current, s.placed", {"slots": list(slots)})
        found = {r[0]: (r[1], r[2]) for r in rows}
        return {slot: found.get(slot, ("", 0)) for slot in slots}

    def write(self, claims: dict[str, dict[str, Any]], keys: dict[str, dict[str, Any]],
              slots: dict[str, tuple[str, int]], events: Sequence[Event]) -> None:
        """Write a batch of changes: claim fields, key-state fields, slot values, events.
        A few run as single-row statements; many as one UNWIND per kind of change."""
        for fields_by_id, table, key in ((claims, "Claim", "id"), (keys, "KeyState", "key")):
            groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
            for ident, fields in fields_by_id.items():
                row = {k: (_db_time(v) if isinstance(v, datetime) else v)
                       for k, v in fields.items()}
                groups.setdefault(tuple(sorted(row)), []).append({key: ident, **row})
            for names, rows in groups.items():
                self._write_rows(table, key, names, rows)
        slot_rows = [{"id": slot, "current": c, "placed": n} for slot, (c, n) in slots.items()]
        self._write_rows("Slot", "id", ("current", "placed"), slot_rows)
        event_rows = [{**e.model_dump(), "at": _db_time(e.at), "action": str(e.action)}
                      for e in events]
        statement = ("MATCH (c:Claim {id: $claim_id}) CREATE (e:Event {id: $id, seq: $seq, "
                     "claim_id: $claim_id, at: $at, actor: $actor, action: $action, "
                     "from_state: $from_state, to_state: $to_state, detail: $detail}) "
                     "CREATE (e)-[:ABOUT]->(c)")
        if not self._unwind_pays(len(event_rows)):
            for row in event_rows:
                self._exec(statement, row)
        else:
            self._exec("UNWIND $rows AS r " + statement.replace("$", "r.").replace(
                "at: r.at", "at: CAST(r.at AS TIMESTAMP)"), {"rows": event_rows})

    def _unwind_pays(self, rows: int) -> bool:
        """Whether one UNWIND statement beats a statement per row. Kùzu joins unwound rows
        by scanning the table, so UNWIND pays for a batch that is large next to the
        store; a few rows, or a batch small next to a large store, go row by row."""
        if rows <= SMALL_BATCH:
            return False
        if self._claim_count is None:
            self._claim_count = self._rows("MATCH (c:Claim) RETURN count(c)")[0][0]
        return rows * UNWIND_RATIO >= self._claim_count

    def _write_rows(self, table: str, key: str, names: tuple[str, ...],
                    rows: list[dict[str, Any]]) -> None:
        if not rows:
            return
        kinds = _CLAIM_COLUMNS if table == "Claim" else _OTHER_COLUMNS
        if not self._unwind_pays(len(rows)):
            sets = ", ".join(f"n.{n} = ${n}" for n in names)
            for row in rows:
                self._exec(f"MATCH (n:{table} {{{key}: ${key}}}) SET {sets}", row)
            return
        sets = ", ".join(f"n.{n} = CAST(r.{n} AS {kinds[n]})" if kinds[n] != "STRING"
                         else f"n.{n} = r.{n}" for n in names)
        self._exec(f"UNWIND $rows AS r MATCH (n:{table} {{{key}: r.{key}}}) SET {sets}",
                   {"rows": rows})

    # -- key states (dedup, reinforcement, tombstones) ---------------------------

    def key_state(self, key: str) -> KeyState:
        return self.key_states([key])[key]

    def key_states(self, keys: Sequence[str]) -> dict[str, KeyState]:
        """The state of each key (an empty state for a key never seen)."""
        found: dict[str, dict[str, Any]] = {}
        if len(keys) <= 8:  # primary-key lookups; a larger batch is one scan
            for key in keys:
                for row in self._rows("MATCH (k:KeyState {key: $key}) RETURN k", {"key": key}):
                    found[key] = row[0]
        else:
            for row in self._rows("UNWIND $keys AS key MATCH (k:KeyState {key: key}) RETURN k",
                                  {"keys": list(keys)}):
                found[row[0]["key"]] = row[0]
        return {key: key_state_of(key, found.get(key)) for key in keys}

    def set_key_state(self, key: str, **fields: Any) -> None:
        fields = {k: (_db_time(v) if isinstance(v, datetime) else v) for k, v in fields.items()}
        sets = ", ".join(f"k.{name} = ${name}" for name in sorted(fields))
        self._exec("MERGE (k:KeyState {key: $key}) ON CREATE SET k.pending = '', "
                   f"k.current = '', k.rejected = '', k.redirect = '' SET {sets}",
                   {"key": key, **fields})

    def add_event(self, claim_id: str, actor: str, action: Action, at: datetime,
                  from_state: str = "", to_state: str = "", detail: str = "") -> Event:
        if not self._in_tx:
            raise RuntimeError("events are written inside a transaction only")
        event = Event(id=new_id(), seq=self.next_seq(), claim_id=claim_id, at=at, actor=actor,
                      action=action, from_state=from_state, to_state=to_state, detail=detail)
        self._exec("MATCH (c:Claim {id: $claim_id}) "
                   "CREATE (e:Event {id: $id, seq: $seq, claim_id: $claim_id, at: $at, "
                   "actor: $actor, action: $action, from_state: $from_state, "
                   "to_state: $to_state, detail: $detail}) CREATE (e)-[:ABOUT]->(c)",
                   {**event.model_dump(), "at": _db_time(at), "action": str(action)})
        return event

    def next_seq(self) -> int:
        """The next event number (inside a transaction; written once at its end)."""
        if not self._in_tx:
            raise RuntimeError("events are numbered inside a transaction only")
        self._seq = (self._seq if self._seq is not None else self.read_seq()) + 1
        return self._seq

    def read_seq(self) -> int:
        # a parameter, so the statement is prepared once: this runs before every read
        return int(self._rows("MATCH (m:Meta {name: $n}) RETURN m.value",
                              {"n": "event_seq"})[0][0])

    def events(self, claim_id: str) -> list[Event]:
        rows = self._rows("MATCH (e:Event)-[:ABOUT]->(c:Claim {id: $id}) RETURN e "
                          "ORDER BY e.seq", {"id": claim_id})
        return [_event_from_row(r[0]) for r in rows]

    def all_events(self, reader: Scope) -> list[Event]:
        self._outside_writes("all_events")
        rows = self._rows(f"MATCH (e:Event)-[:ABOUT]->(c:Claim) WHERE {_VISIBLE} RETURN e "
                          "ORDER BY e.seq", {"scopes": _scopes(reader)})
        return [_event_from_row(r[0]) for r in rows]

    def decisions(self, reader: Scope) -> list[tuple[str, str, str, str]]:
        """``(action, actor, pattern, predicate)`` of every approval and rejection event in
        the reader's scopes: what review feedback is computed from."""
        self._outside_writes("decisions")
        return [tuple(r) for r in self._rows(
            f"MATCH (e:Event)-[:ABOUT]->(c:Claim) WHERE {_VISIBLE} AND "
            "e.action IN ['approved', 'rejected'] "
            "RETURN e.action, e.actor, c.pattern, c.predicate", {"scopes": _scopes(reader)})]

    def scrub_events(self, claim_id: str) -> None:
        self._exec("MATCH (e:Event)-[:ABOUT]->(c:Claim {id: $id}) SET e.detail = ''",
                   {"id": claim_id})

    # -- gated reads -------------------------------------------------------------

    def band(self, reader: Scope, band: str = "history", subject: str = "",
             predicate: str = "") -> list[Claim]:
        """Approved claims of a band other than the current one visible to the reader,
        optionally of one subject."""
        _not_current(band)
        where = [BANDS[band]]
        params: dict[str, Any] = {}
        if predicate:
            where.append("c.predicate = $predicate")
            params["predicate"] = predicate
        return self._gated(reader, " AND ".join(where), params, subject)

    def as_of(self, reader: Scope, at: datetime, subject: str = "") -> list[Claim]:
        """Approved claims whose validity interval contains ``at``."""
        return self._gated(reader, _AS_OF, {"t": _db_time(at)}, subject)

    def _gated(self, reader: Scope, condition: str, params: dict[str, Any],
               subject: str) -> list[Claim]:
        """Claims meeting ``condition`` in the reader's scopes, of one subject or all:
        the reads of history, which the in-process band does not hold."""
        params = {**params, "scopes": _scopes(reader)}
        if subject:
            params["pk"] = entity_pk(reader.namespace, subject)
            query = (f"MATCH (c:Claim)-[:SUBJECT]->(:Entity {{pk: $pk}}) "
                     f"WHERE {condition} AND {_VISIBLE} RETURN {_C}")
        else:
            query = f"MATCH (c:Claim) WHERE {condition} AND {_VISIBLE} RETURN {_C}"
        return sorted_claims([_claim(r) for r in self._rows(query, params)])

    def touching(self, reader: Scope, entity: str, band: str = "history") -> list[Claim]:
        """Approved claims of a band other than the current one with ``entity`` as
        subject or object."""
        _not_current(band)
        params = {"scopes": _scopes(reader), "pk": entity_pk(reader.namespace, entity)}
        claims: dict[str, Claim] = {}
        for rel in ("SUBJECT", "OBJECT"):
            query = (f"MATCH (c:Claim)-[:{rel}]->(:Entity {{pk: $pk}}) "
                     f"WHERE {BANDS[band]} AND {_VISIBLE} RETURN {_C}")
            for row in self._rows(query, params):
                claim = _claim(row)
                claims[claim.id] = claim
        return sorted_claims(list(claims.values()))

    def pending(self, reader: Scope) -> list[Claim]:
        """Pending claims for a reviewer, oldest first, in the order they were said (ties:
        by predicate and object, so a listing is the same every time; deferral is the
        caller's filter)."""
        rows = self._rows(f"MATCH (c:Claim) WHERE c.status = 'pending' AND {_VISIBLE} "
                          f"RETURN {_C} ORDER BY c.recorded_at, c.valid_from, c.span_start, "
                          "c.predicate, c.object, c.id",
                          {"scopes": _scopes(reader)})
        return [_claim(r) for r in rows]

    def all_claims(self, reader: Scope) -> list[Claim]:
        """Every claim of any status in the reader's scope (reviewer and export use)."""
        rows = self._rows(f"MATCH (c:Claim) WHERE {_VISIBLE} RETURN {_C} "
                          "ORDER BY c.recorded_at, c.id", {"scopes": _scopes(reader)})
        return [_claim(r) for r in rows]

    def entity_name(self, namespace: str, eid: str) -> str | None:
        """The name an entity was first written with (None: no such entity)."""
        rows = self._rows("MATCH (e:Entity {pk: $pk}) RETURN e.name",
                          {"pk": entity_pk(namespace, eid)})
        return rows[0][0] if rows else None


def _not_current(band: str) -> None:
    if band == "current":
        raise ValueError("the current band is read through kg.storage.cached.CachedStore, "
                         "never from the backend")


def key_state_of(key: str, row: dict[str, Any] | None) -> KeyState:
    """A key's state from its ``KeyState`` node's properties (empty for a key never
    seen; an absent property is empty)."""
    row = row or {}
    return KeyState(key=key, pending=row.get("pending") or "", current=row.get("current") or "",
                    rejected=row.get("rejected") or "", redirect=row.get("redirect") or "",
                    tombstoned_at=row.get("tombstoned_at"))


@functools.lru_cache(maxsize=1024)
def readable_labels(reader: Scope) -> tuple[str, ...]:
    return tuple(scope.label() for scope in reader.readable())


def _scopes(reader: Scope) -> list[str]:
    return list(readable_labels(reader))


def sorted_claims(claims: list[Claim]) -> list[Claim]:
    return sorted(claims, key=lambda c: (c.subject, c.predicate, c.valid_from, c.id))


def _event_from_row(row: dict[str, Any]) -> Event:
    return Event(id=row["id"], seq=row["seq"], claim_id=row["claim_id"], at=_py_time(row["at"]),
                 actor=row["actor"], action=Action(row["action"]),
                 from_state=row["from_state"], to_state=row["to_state"], detail=row["detail"])

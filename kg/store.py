"""The store: the only module that speaks to Kùzu.

It owns the schema and its version, the transactions, and the gate: every read
here takes the reader's scope and, unless it is a reviewer's read of pending
work, returns approved claims only. Nothing above this module writes Cypher.

Layout in the graph (claims are reified as nodes so that they are found by id
through the primary-key index, and so that a claim can point at two entities):

- ``Claim`` nodes, ``(Claim)-[:SUBJECT]->(Entity)``, ``(Claim)-[:OBJECT]->(Entity)``;
- ``Slot`` nodes, one per ``(scope, subject, predicate)``, holding the id of the
  current value, ``(Claim)-[:IN_SLOT]->(Slot)``: the current value is two
  primary-key lookups, never a scan;
- ``KeyState`` nodes, one per claim key: pending claim, current claim,
  tombstone (a hash only: the rejected text is not needed to suppress it);
- ``Event`` nodes, ``(Event)-[:ABOUT]->(Claim)``: the append-only audit log;
- ``Meta``: the schema version.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import json
import os
import random
import re
import shutil
import sys
import threading
import time
import uuid
import warnings
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import kuzu
import psutil

from kg.errors import (
    ClaimNotFound,
    DatabaseBusy,
    InvalidDecision,
    NotAKGDatabase,
    SchemaVersionError,
)
from kg.models import (
    Action,
    Claim,
    ClaimKind,
    Entity,
    Event,
    Lifecycle,
    ObjectKind,
    Provenance,
    Scope,
    Status,
    as_utc,
)
from kg.normalise import digest
from kg.snapshot import CurrentBand

SCHEMA_VERSION = 7
MARKER = "kg-database.json"
HOLDER = "kg-holder.json"  # who has the database open now (a note, not a lock)
LOCK_FILE = "kg.lock"  # the advisory lock kg processes queue on
POLL = 0.004  # seconds between tries while waiting for the database
HANDOVER_POLL = 0.02  # seconds between a holder's looks for someone waiting
ENV_BUFFER_POOL = "KG_BUFFER_POOL_MB"
DEFAULT_BUFFER_POOL_MB = 2048
ENV_WAIT = "KG_LOCK_WAIT"
DEFAULT_WAIT = 10.0
GRAPH_FILE = "graph.kuzu"

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

_SCHEMA = [
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
FULL_RELOAD = 5_000  # more changed claims than this since the last read: reload the band


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


@dataclass(frozen=True)
class Contents:
    """A store's whole content (``Store.contents``)."""

    claims: list[Claim]
    key_states: list[dict[str, Any]]
    slots: dict[str, tuple[str, int]]
    events: list[Event]


@dataclass(frozen=True)
class NewClaim:
    """A claim to insert: the model, its slot, its entities as (pk, namespace, id, name),
    and who proposed it (for the ``proposed`` event)."""

    claim: Claim
    slot: str
    subject: tuple[str, str, str, str]
    object: tuple[str, str, str, str] | None
    actor: str
    detail: str


def entity_pk(namespace: str, eid: str) -> str:
    return f"{namespace}\x1f{eid}"


class Store:
    """One kg database directory, opened read-write or read-only.

    ``Store(path)`` creates the directory and schema on first use, refuses a
    path that is not a kg database, and migrates an older schema forward.
    """

    def __init__(self, path: Path | str, *, read_only: bool = False, hold: bool = True,
                 wait: float | None = None) -> None:
        """``hold``: keep the database open between operations, handing it over (closing
        it) between two operations whenever another process or store queues for it; with
        ``hold=False`` it is opened for each operation (``session``) and released after.
        ``wait``: how long an open waits for another process to release the database
        (default ``$KG_LOCK_WAIT`` or 10 s)."""
        self.path = Path(path).expanduser()
        self.read_only = read_only
        self.hold = hold
        self.wait = wait if wait is not None else float(os.environ.get(ENV_WAIT, DEFAULT_WAIT))
        self._check_or_create_directory()
        self._init_state(None, None)
        with self.session():
            self._ensure_schema()

    def _init_state(self, db: Any, conn: Any) -> None:
        """The per-object state every backend keeps: its connection, the transaction in
        progress and the in-process current band."""
        self._db: Any = db
        self._conn: Any = conn
        self._depth = 0
        self._statements: dict[str, Any] = {}
        # Held by the thread using the connection (an operation, or one statement outside
        # one); the hand-over watcher releases the database only when it can take it.
        self._guard = threading.RLock()
        self._watcher: threading.Thread | None = None
        self._closed = threading.Event()
        self._in_tx = False
        self._seq: int | None = None
        self._claim_count: int | None = None
        self._band: CurrentBand | None = None
        # Claims this transaction wrote that the band has not yet re-read, and those it
        # has (to be re-read again if the transaction rolls back).
        self._dirty: set[str] = set()
        self._absorbed: set[str] = set()
        self._band_loaded_in_tx = False
        # While this process has the database open nobody else can write to it, so the
        # band checked against the log once after opening (or after our own commit)
        # stays fresh until the next commit.
        self._band_fresh = False

    # -- opening -----------------------------------------------------------------

    def _check_or_create_directory(self) -> None:
        marker = self.path / MARKER
        if self.path.exists() and not self.path.is_dir():
            raise NotAKGDatabase(f"{self.path} is a file, not a kg database directory")
        if self.path.is_dir() and not marker.exists() and any(self.path.iterdir()):
                raise NotAKGDatabase(
                    f"{self.path} exists and is not a kg database (no {MARKER}); "
                    "pass --db with a new or empty directory"
                )
        if not marker.exists():
            if self.read_only:
                raise NotAKGDatabase(f"{self.path} is not a kg database (nothing to read)")
            self.path.mkdir(mode=0o700, parents=True, exist_ok=True)  # its owner's only
            write_private(marker, json.dumps({"format": "kg-memory", "graph": GRAPH_FILE})
                          + "\n")

    def _open(self) -> None:
        """Open the database, waiting (bounded) while another process holds it; then
        note who holds it, for the next process's error message.

        kg processes queue on an advisory file lock (``kg.lock``) polled every few
        milliseconds, so a waiting process gets in soon after the holder lets go; Kùzu's
        own lock is then free (a holder that is not kg is waited for the same way)."""
        deadline = time.monotonic() + self.wait
        self._lock_file = _acquire(self.path / LOCK_FILE, deadline, self.read_only)
        if self._lock_file is None:
            raise DatabaseBusy(f"{self.path} is in use by {self._holder()}; waited "
                               f"{self.wait:g} s (set {ENV_WAIT} to wait longer)")
        while True:
            try:
                self._db = kuzu.Database(str(self.path / GRAPH_FILE), read_only=self.read_only,
                                         buffer_pool_size=_buffer_pool_bytes())
                break
            except RuntimeError as exc:
                if "lock" not in str(exc).lower() or time.monotonic() >= deadline:
                    self._unlock()
                    if "lock" not in str(exc).lower():
                        raise NotAKGDatabase(f"{self.path} could not be opened as a kg "
                                             f"database: {exc}") from exc
                    raise DatabaseBusy(f"{self.path} is in use by {self._holder()}; waited "
                                       f"{self.wait:g} s (set {ENV_WAIT} to wait longer)"
                                       ) from exc
                time.sleep(POLL * (1 + random.random()))
        self._conn = kuzu.Connection(self._db)
        self._statements = {}
        self._band_fresh = False
        if self.hold and self._watcher is None:
            self._watcher = threading.Thread(target=_hand_over, daemon=True,
                                             args=(weakref.ref(self), self._closed),
                                             name=f"kg hand-over {self.path.name}")
            self._watcher.start()
        if not self.read_only:
            holder = {"pid": os.getpid(), "command": " ".join(sys.argv)[:200],
                      "since": datetime.now(UTC).isoformat(timespec="seconds")}
            with contextlib.suppress(OSError):  # a link planted there is refused, not followed
                write_private(self.path / HOLDER, json.dumps(holder))

    def _release(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._db.close()
        self._conn = self._db = None
        self._statements = {}
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            if json.loads(read_private(self.path / HOLDER))["pid"] == os.getpid():
                (self.path / HOLDER).unlink()
        self._unlock()

    def _unlock(self) -> None:
        if getattr(self, "_lock_file", None) is not None:
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)
            self._lock_file.close()
            self._lock_file = None

    def _holder(self) -> str:
        """Who holds the database, as far as its holder note says."""
        try:
            note = json.loads(read_private(self.path / HOLDER))
        except (OSError, ValueError):
            return "another process"
        return f"process {note['pid']} ({note['command']!r}, since {note['since']})"

    @contextmanager
    def session(self) -> Iterator[None]:
        """One operation: the database is open inside; released after the outermost
        session unless this store holds it."""
        with self._guard:
            if self._conn is None:
                self._open()
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0 and not self.hold and not self._in_tx:
                    self._release()

    def _hand_over_if_asked(self) -> None:
        """Between operations, let go of the database when another process (or another
        store in this one) queues for it; the next operation queues in turn."""
        if self._conn is None or not _someone_waits(self.path / LOCK_FILE):
            return
        if self._guard.acquire(blocking=False):
            try:
                if self._depth == 0 and not self._in_tx and self._conn is not None:
                    self._release()
            finally:
                self._guard.release()

    def _ensure_schema(self) -> None:
        tables = {row[0] for row in self._rows("CALL show_tables() RETURN name")}
        if "Meta" not in tables:
            if self.read_only:
                raise NotAKGDatabase(f"{self.path} has no kg schema yet")
            with self.transaction():
                for statement in _SCHEMA:
                    self._exec(statement)
                self._exec("CREATE (:Meta {name: 'schema_version', value: $v})",
                           {"v": str(SCHEMA_VERSION)})
                self._exec("CREATE (:Meta {name: 'event_seq', value: '0'})")
            return
        found = self.schema_version()
        if found > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"{self.path} was written by a newer kg (schema {found}, this code knows "
                f"{SCHEMA_VERSION}); upgrade kg-memory to open it"
            )
        if found < SCHEMA_VERSION:
            if self.read_only:
                raise SchemaVersionError(
                    f"{self.path} has schema {found}; open it read-write once to migrate"
                )
            with self.transaction():
                for version in range(found, SCHEMA_VERSION):
                    for statement in MIGRATIONS[version]:
                        self._exec(statement)
                self._exec("MATCH (m:Meta {name: 'schema_version'}) SET m.value = $v",
                           {"v": str(SCHEMA_VERSION)})

    def _reopen(self) -> None:
        # Kùzu 0.11.3 can leave a rolled-back row marked as written: the next
        # transaction that updates it fails with "Write-write conflict". A fresh
        # database object clears that state; rollbacks are rare, so this is cheap.
        self._release()
        self._open()

    def backup(self, dest: Path) -> list[str]:
        """A consistent copy of this memory in ``dest`` (a new or empty directory): the
        database is held (other processes wait), checkpointed, and its files copied."""
        dest = Path(dest).expanduser()
        if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
            raise NotAKGDatabase(f"backup target {dest} exists and is not empty")
        with self.session():
            if self._in_tx:
                raise RuntimeError("cannot back up inside a transaction")
            self._exec("CHECKPOINT")
            dest.mkdir(parents=True, exist_ok=True)
            copied = []
            for item in sorted(self.path.iterdir()):
                if item.name in (HOLDER, LOCK_FILE) or not item.is_file():  # not the queue
                    continue
                shutil.copy2(item, dest / item.name)
                copied.append(item.name)
        return copied

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

    def schema_version(self) -> int:
        rows = self._rows("MATCH (m:Meta {name: 'schema_version'}) RETURN m.value")
        return int(rows[0][0]) if rows else 0

    def close(self) -> None:
        self._closed.set()
        with self._guard:
            self._release()

    # -- plumbing ----------------------------------------------------------------

    def _prepared(self, query: str) -> Any:
        """A prepared statement, cached: preparing costs as much as running."""
        statement = self._statements.get(query)
        if statement is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                statement = self._statements[query] = self._conn.prepare(query)
        return statement

    def _exec(self, query: str, params: dict[str, Any] | None = None) -> None:
        with self._guard:
            self._run(query, params).close()

    def _run(self, query: str, params: dict[str, Any] | None) -> Any:
        if self._conn is None:  # a read outside a session: open for it (and keep)
            self._open()
        if not params:
            return self._conn.execute(query)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return self._conn.execute(self._prepared(query), params)

    def _rows(self, query: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
        # Results are closed at once rather than left to the garbage collector.
        with self._guard:
            result = self._run(query, params)
            try:
                return result.get_all()
            finally:
                result.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction; nested uses join the outer one."""
        if self._in_tx:
            yield
            return
        with self.session():
            self._dirty, self._absorbed, self._band_loaded_in_tx = set(), set(), False
            try:
                with self._transaction():
                    yield
            except BaseException:
                self._band_rolled_back()
                raise
            finally:
                self._dirty, self._absorbed = set(), set()

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._exec("BEGIN TRANSACTION")
        self._in_tx = True
        try:
            # The event counter is read at most once and written once per transaction.
            self._seq = None
            self._claim_count = None
            yield
            if self._seq is not None:
                self._exec("MATCH (m:Meta {name: 'event_seq'}) SET m.value = $v",
                           {"v": str(self._seq)})
        except BaseException:
            self._in_tx = False
            try:
                self._exec("ROLLBACK")
            except RuntimeError as exc:  # Kùzu already rolled back after a failed statement
                if "No active transaction" not in str(exc):
                    raise
            self._reopen()
            raise
        self._in_tx = False
        self._exec("COMMIT")
        self._band_fresh = False

    def _band_rolled_back(self) -> None:
        """After a rollback, the claims the band took from the transaction are read
        again as they were before it."""
        absorbed, self._dirty, self._absorbed = self._absorbed, set(), set()
        if self._band is None or not absorbed and not self._band_loaded_in_tx:
            return
        if self._band_loaded_in_tx or len(absorbed) > FULL_RELOAD:
            self._band = None
            return
        self._refresh(self._band, absorbed)

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
        self._dirty.update(item.claim.id for item in items)
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
        keys = [{k: v for k, v in row[0].items() if not k.startswith("_")}
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
            self._dirty.update(c.id for c in contents.claims)
            rows, objects, entities = [], {}, {}
            for claim in contents.claims:
                ns = claim.scope.namespace
                slot = digest(claim.scope.label(), claim.subject, claim.predicate)
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
            base = self._read_seq()
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
                     entities: Sequence[tuple[str, str, str, str]]) -> None:
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
        self._dirty.add(claim_id)
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

    def superseded_in(self, slots: Sequence[str], keys: Sequence[str]) -> list[Claim]:
        """Approved claims with one of ``keys`` whose interval a later value (or an
        ending) closed, and approved endings, from ``slots``: one query for a batch."""
        rows = self._rows(f"UNWIND $slots AS i MATCH (c:Claim)-[:IN_SLOT]->(:Slot {{id: i}}) "
                          "WHERE c.key IN $keys AND c.status = 'approved' AND "
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
        self._dirty.update(claims)
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

    def key_state(self, key: str) -> dict[str, Any]:
        return self.key_states([key])[key]

    def key_states(self, keys: Sequence[str]) -> dict[str, dict[str, Any]]:
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
        empty = {"pending": "", "current": "", "rejected": "", "redirect": "",
                 "tombstoned_at": None}
        return {key: found.get(key) or {"key": key, **empty} for key in keys}

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
        self._seq = (self._seq if self._seq is not None else self._read_seq()) + 1
        return self._seq

    def _read_seq(self) -> int:
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
                          "ORDER BY e.seq", {"scopes": _labels(reader)})
        return [_event_from_row(r[0]) for r in rows]

    def decisions(self, reader: Scope) -> list[tuple[str, str, str, str]]:
        """``(action, actor, pattern, predicate)`` of every approval and rejection event in
        the reader's scopes: what review feedback is computed from."""
        self._outside_writes("decisions")
        return [tuple(r) for r in self._rows(
            f"MATCH (e:Event)-[:ABOUT]->(c:Claim) WHERE {_VISIBLE} AND "
            "e.action IN ['approved', 'rejected'] "
            "RETURN e.action, e.actor, c.pattern, c.predicate", {"scopes": _labels(reader)})]

    def scrub_events(self, claim_id: str) -> None:
        self._exec("MATCH (e:Event)-[:ABOUT]->(c:Claim {id: $id}) SET e.detail = ''",
                   {"id": claim_id})

    # -- gated reads -------------------------------------------------------------

    def current_band(self) -> CurrentBand:
        """The in-process copy of the current band (and of what waits for review): the
        one read path of every current-band read. Brought up to date with the log when
        another process may have written; inside a write transaction it also holds the
        transaction's own changes (taken back if it rolls back)."""
        band = self._band
        if band is None or not self._band_fresh:
            seq = self._read_seq()
            if band is None or band.seq != seq:
                changed = set() if band is None else {r[0] for r in self._rows(
                    "MATCH (e:Event) WHERE e.seq > $s RETURN DISTINCT e.claim_id",
                    {"s": band.seq})}
                if band is None or len(changed) > FULL_RELOAD:
                    rows = self._rows(f"MATCH (c:Claim) WHERE ({BANDS['current']}) OR "
                                      f"c.status = 'pending' RETURN {_C}")
                    band = self._band = CurrentBand(seq, (_claim(r) for r in rows))
                    self._band_loaded_in_tx = self._in_tx
                else:
                    self._refresh(band, changed)
                    if self._in_tx:  # the log read inside holds this transaction's events
                        self._absorbed |= changed
                band.seq = seq
            # Nobody else writes while this process has the database open, so it stays
            # fresh until our next commit; within a transaction, the log keeps moving.
            self._band_fresh = not self._in_tx
        if self._in_tx and self._dirty:
            dirty, self._dirty = self._dirty, set()
            self._absorbed |= dirty
            self._refresh(band, dirty)
        return band

    def _refresh(self, band: CurrentBand, claim_ids: set[str]) -> None:
        """Re-read claims into the band (a claim gone, or no longer current, drops out)."""
        found = self.claims_by_id(sorted(claim_ids))
        for claim_id in claim_ids:
            claim = found.get(claim_id)
            if claim is None:
                band.drop(claim_id)
            else:
                band.put(claim)

    def waiting(self, reader: Scope) -> tuple[int, datetime | None]:
        """How many claims wait for review in the reader's scopes, and since when."""
        return self.current_band().waiting(set(_labels(reader)))

    def current_value(self, reader: Scope, subject: str, predicate: str) -> list[Claim]:
        """The current values of one ``(subject, predicate)`` in every scope the reader
        sees."""
        return _sorted(self.current_band().in_slot(_labels(reader), subject, predicate))

    def band(self, reader: Scope, band: str = "current", subject: str = "",
             predicate: str = "") -> list[Claim]:
        """Approved claims of a band visible to the reader, optionally of one subject."""
        if band == "current":
            snapshot, labels = self.current_band(), set(_labels(reader))
            claims = (snapshot.touching(reader.namespace, labels, subject)
                      if subject else snapshot.visible(labels, predicate))
            return _sorted([c for c in claims if (not subject or c.subject == subject)
                            and (not predicate or c.predicate == predicate)])
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
        params = {**params, "scopes": _labels(reader)}
        if subject:
            params["pk"] = entity_pk(reader.namespace, subject)
            query = (f"MATCH (c:Claim)-[:SUBJECT]->(:Entity {{pk: $pk}}) "
                     f"WHERE {condition} AND {_VISIBLE} RETURN {_C}")
        else:
            query = f"MATCH (c:Claim) WHERE {condition} AND {_VISIBLE} RETURN {_C}"
        return _sorted([_claim(r) for r in self._rows(query, params)])

    def best_touching(self, reader: Scope, entity: str, limit: int,
                      rank: Callable[[Claim], float]) -> list[Claim]:
        """The ``limit`` best current claims touching ``entity`` by ``rank``."""
        labels = set(_labels(reader))
        out = []
        for claim in self.current_band().ranked(reader.namespace, entity, rank):
            if claim.scope.label() in labels:
                out.append(claim)
                if len(out) >= limit:
                    break
        return out

    def mentioning(self, reader: Scope, entity: str, wanted: frozenset[str]) -> list[Claim]:
        """Current claims touching ``entity`` whose predicate, object or source sentence
        has one of the ``wanted`` content words (``kg.words``)."""
        return _sorted(self.current_band().mentioning(reader.namespace, _labels(reader),
                                                      entity, wanted))

    def holding(self, reader: Scope, wanted: frozenset[str]) -> list[Claim]:
        """Current claims the reader sees whose predicate, object or source sentence has
        one of the ``wanted`` content words (``kg.words``): the word candidates of a
        context, from the same gated band as every other read."""
        if not wanted:
            return []
        return _sorted(self.current_band().holding(_labels(reader), wanted))

    def word_weights(self, reader: Scope, wanted: frozenset[str]) -> dict[str, float]:
        """Each wanted word's weight for ranking (``CurrentBand.word_weights``) over the
        current band the reader sees."""
        return self.current_band().word_weights(_labels(reader), wanted)

    def touching(self, reader: Scope, entity: str, band: str = "current") -> list[Claim]:
        """Approved claims of a band with ``entity`` as subject or object."""
        if band == "current":
            return _sorted(self.current_band().touching(reader.namespace,
                                                        set(_labels(reader)), entity))
        params = {"scopes": _labels(reader), "pk": entity_pk(reader.namespace, entity)}
        claims: dict[str, Claim] = {}
        for rel in ("SUBJECT", "OBJECT"):
            query = (f"MATCH (c:Claim)-[:{rel}]->(:Entity {{pk: $pk}}) "
                     f"WHERE {BANDS[band]} AND {_VISIBLE} RETURN {_C}")
            for row in self._rows(query, params):
                claim = _claim(row)
                claims[claim.id] = claim
        return _sorted(list(claims.values()))

    def pending(self, reader: Scope) -> list[Claim]:
        """Pending claims for a reviewer, oldest first, in the order they were said (ties:
        by predicate and object, so a listing is the same every time; deferral is the
        caller's filter)."""
        rows = self._rows(f"MATCH (c:Claim) WHERE c.status = 'pending' AND {_VISIBLE} "
                          f"RETURN {_C} ORDER BY c.recorded_at, c.valid_from, c.span_start, "
                          "c.predicate, c.object, c.id",
                          {"scopes": _labels(reader)})
        return [_claim(r) for r in rows]

    def all_claims(self, reader: Scope) -> list[Claim]:
        """Every claim of any status in the reader's scope (reviewer and export use)."""
        rows = self._rows(f"MATCH (c:Claim) WHERE {_VISIBLE} RETURN {_C} "
                          "ORDER BY c.recorded_at, c.id", {"scopes": _labels(reader)})
        return [_claim(r) for r in rows]

    def entity(self, reader: Scope, eid: str) -> Entity | None:
        """An entity, only if an approved claim visible to the reader touches it."""
        if not self.touching(reader, eid, band="all"):
            return None
        rows = self._rows("MATCH (e:Entity {pk: $pk}) RETURN e.eid, e.name, e.etype",
                          {"pk": entity_pk(reader.namespace, eid)})
        if not rows:
            return None
        aliases = tuple(c.object for c in self.band(reader, "current", eid, "alias"))
        types = [c.object for c in self.band(reader, "current", eid, "type")]
        return Entity(id=rows[0][0], name=rows[0][1], type=types[0] if types else "",
                      aliases=aliases)

    def entity_names(self, reader: Scope) -> dict[str, str]:
        """``{entity id: name}`` for entities an approved current claim touches."""
        return self.current_band().entity_names(_labels(reader))


def _buffer_pool_bytes() -> int:
    """Kùzu's default buffer pool is most of the machine's memory, which costs ~40 ms to
    set up and tear down at every open; kg opens per operation, so it asks for less."""
    megabytes = os.environ.get(ENV_BUFFER_POOL, "")
    return (int(megabytes) if megabytes.isdigit() else DEFAULT_BUFFER_POOL_MB) << 20


def _acquire(path: Path, deadline: float, shared: bool) -> Any:
    """The advisory lock file, locked (shared for a read-only open), or None if it could
    not be had before ``deadline``.

    Waiters queue first come, first served: each takes a ticket (a file named by the time
    it arrived) in ``kg.queue/`` and tries the lock only when no older ticket of a live
    process remains, so a process that just let go and comes straight back queues
    behind the others instead of taking the lock again at once."""
    queue = path.with_suffix(".queue")
    queue.mkdir(mode=0o700, exist_ok=True)
    ticket = queue / f"{time.time_ns():020d}-{os.getpid()}-{_started(os.getpid())}"
    os.close(os.open(ticket, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600))
    # held open for as long as the lock is; a link planted in its place is refused
    handle = os.fdopen(os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW,
                               0o600), "a+")
    mode = (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB
    try:
        while True:
            if not _older_tickets(queue, ticket.name):
                try:
                    fcntl.flock(handle, mode)
                    return handle
                except BlockingIOError:
                    pass
            if time.monotonic() >= deadline:
                handle.close()
                return None
            time.sleep(POLL * (1 + random.random()))
    finally:
        with contextlib.suppress(OSError):
            ticket.unlink()


def _someone_waits(lock: Path) -> bool:
    """Whether a ticket waits in the lock's queue (``_acquire``)."""
    try:
        with os.scandir(lock.with_suffix(".queue")) as entries:
            return any(TICKET.match(e.name) for e in entries)
    except OSError:
        return False


def _hand_over(ref: weakref.ref[Store], closed: threading.Event) -> None:
    """A holding store's watcher: hands the database over to whoever queues for it,
    until the store is closed or gone."""
    while not closed.wait(HANDOVER_POLL):
        store = ref()
        if store is None:
            return
        store._hand_over_if_asked()
        del store


TICKET = re.compile(r"^(\d{20})-(\d+)-(\d+)$")


def _started(pid: int) -> int:
    """When a process started (milliseconds since the epoch), or 0 if it is gone: with
    the PID it names one process, even after the PID is reused."""
    try:
        return int(psutil.Process(pid).create_time() * 1000)
    except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
        return 0


def _older_tickets(queue: Path, mine: str) -> bool:
    """Whether a live process queued before this one. Files that are no ticket are
    ignored; a ticket whose process is gone, or whose PID another program now has
    (another start time), is stale and removed."""
    for ticket in sorted(p.name for p in queue.iterdir()):
        if ticket >= mine:
            return False
        found = TICKET.match(ticket)
        if found is None:
            continue  # ".DS_Store" and the like: not ours
        pid, started = int(found.group(2)), int(found.group(3))
        if _started(pid) == started and started:
            return True
        with contextlib.suppress(OSError):
            (queue / ticket).unlink()
    return False


def write_private(path: Path, text: str) -> None:
    """Write a file of the memory directory for its owner only (0600), never through a
    symbolic link planted in its place (that raises OSError)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)


def read_private(path: Path) -> str:
    """Read a file of the memory directory, never through a symbolic link."""
    with os.fdopen(os.open(path, os.O_RDONLY | os.O_NOFOLLOW), encoding="utf-8") as src:
        return src.read()


def restore_backup(source: Path, dest: Path) -> Store:
    """Copy a backup into ``dest`` (a new or empty directory) and open it, which checks
    its schema version; a failed check leaves ``dest`` removed again."""
    source, dest = Path(source).expanduser(), Path(dest).expanduser()
    if not (source / MARKER).exists():
        raise NotAKGDatabase(f"{source} is not a kg backup (no {MARKER})")
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise NotAKGDatabase(f"restore target {dest} exists and is not empty; restore into "
                             "a new directory")
    shutil.copytree(source, dest, dirs_exist_ok=True)
    try:
        return Store(dest, hold=False)
    except Exception:
        shutil.rmtree(dest, ignore_errors=True)
        raise


def _labels(reader: Scope) -> list[str]:
    return list(_readable_labels(reader))


@functools.lru_cache(maxsize=1024)
def _readable_labels(reader: Scope) -> tuple[str, ...]:
    return tuple(scope.label() for scope in reader.readable())


def _sorted(claims: list[Claim]) -> list[Claim]:
    return sorted(claims, key=lambda c: (c.subject, c.predicate, c.valid_from, c.id))


def _event_from_row(row: dict[str, Any]) -> Event:
    return Event(id=row["id"], seq=row["seq"], claim_id=row["claim_id"], at=_py_time(row["at"]),
                 actor=row["actor"], action=Action(row["action"]),
                 from_state=row["from_state"], to_state=row["to_state"], detail=row["detail"])


def require_pending(claim: Claim, verb: str) -> None:
    if claim.status != Status.pending:
        raise InvalidDecision(
            f"cannot {verb} claim {claim.id}: it is already {claim.status} "
            f"(decided by {claim.decided_by or 'nobody'})"
        )

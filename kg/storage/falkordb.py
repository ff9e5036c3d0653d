"""A memory as one graph on a FalkorDB server: ``falkordb://[:PASSWORD@]HOST:PORT/GRAPH``.

The store is ``kg.storage.cypher.CypherStore``: the same statements, gate and reads;
what differs is the transport and three things a server graph does not have:

- **No schema.** Labels need no tables; range indexes serve the lookups by id, key and
  slot. A graph is a kg memory when it holds the ``Meta`` schema-version node.
- **Times are integers** (microseconds since the epoch, UTC): FalkorDB compares them as
  numbers, and ``kg.storage.cypher`` reads them back as aware datetimes.
- **No multi-statement transactions.** Each Cypher query is atomic on its own. A kg
  transaction is made of several, so writers take a lock on the graph (a Redis lock
  with an expiry, extended while the writer works: one writer per graph at a time, on
  any host), and before a statement changes a node for the first time in the
  transaction, the node's properties and edges as they were are appended to an undo
  journal kept in Redis beside the graph. Commit is deleting the journal. A failure
  puts every journalled node back, deletes what the transaction created and the events
  it numbered; a writer that died leaves its journal behind, and the next writer
  (whose lock the dead one's expiry let go) applies it first. So a transaction is all
  or nothing, also across a crash.

What readers see: the in-process current band is read from the event log up to the
last committed event number (written last), so context, neighbourhoods and search see
whole transactions. A direct read (a reviewer's pending list, an export) that runs
while another process writes may see part of that write; it never sees a half-written
claim, as each statement is atomic.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote, urlsplit

from kg.errors import DatabaseBusy, KGError, NotAKGDatabase, SchemaVersionError
from kg.models import Claim
from kg.paths import shown
from kg.storage.cypher import SCHEMA_VERSION, CypherStore
from kg.storage.lock import DEFAULT_WAIT, ENV_WAIT, POLL
from kg.storage.protocol import Contents, EntityRef, NewClaim, entity_pk, slot_of

LOCK_TTL = 60.0  # seconds a writer's lock outlives its writer
EXTEND_EVERY = 10.0  # a working writer extends its lock this often
GRAPH_NAME = re.compile(r"^[A-Za-z0-9_.\-]{1,200}$")
INDEXES = (("Claim", "id"), ("Claim", "status"), ("Claim", "scope"), ("Claim", "predicate"),
           ("Entity", "pk"), ("Slot", "id"), ("KeyState", "key"), ("Event", "id"),
           ("Event", "seq"), ("Event", "claim_id"), ("Message", "key"), ("Meta", "name"),
           ("Rule", "pk"), ("RuleChange", "seq"))
# properties a whole node is read with (``RETURN k``), as Kùzu gives them: absent ones null
_NODE_PROPERTIES = {"KeyState": ("key", "pending", "current", "rejected", "redirect",
                                 "tombstoned_at")}
_TIMES = frozenset({"tombstoned_at", "at", "decided_at", "valid_from", "valid_to",
                    "recorded_at", "deferred_until"})
_CAST = re.compile(r"CAST\(([A-Za-z_][\w.]*) AS [A-Z0-9]+\)")  # Kùzu's casts of unwound rows
_EDGE_TARGET = {"SUBJECT": ("Entity", "pk"), "OBJECT": ("Entity", "pk"),
                "IN_SLOT": ("Slot", "id")}


def _without(exc: Exception, secret: str | None) -> str:
    """An error's text with a secret it might quote taken out."""
    return str(exc).replace(secret, "***") if secret else str(exc)


class ServerUnavailable(KGError):
    """The FalkorDB server named by the URL cannot be reached."""


def parse_url(url: str) -> tuple[str, int, str, str | None]:
    """``(host, port, graph, password)`` of a ``falkordb://`` URL, or a clear error."""
    parts = urlsplit(url)
    graph = parts.path.lstrip("/")
    if parts.scheme != "falkordb" or not parts.hostname:
        raise NotAKGDatabase(f"{shown(url)!r} is not a FalkorDB URL: falkordb://HOST:PORT/GRAPH")
    if not GRAPH_NAME.match(graph):
        raise NotAKGDatabase(f"{shown(url)!r} names no graph (letters, digits, '_', '.', '-'): "
                             "falkordb://HOST:PORT/GRAPH")
    try:
        port = parts.port or 6379
    except ValueError as exc:
        raise NotAKGDatabase(f"{shown(url)!r}: the port is not a number") from exc
    password = unquote(parts.password) if parts.password else None
    return parts.hostname, port, graph, password


def micros(value: datetime) -> int:
    """A time as microseconds since the epoch (a naive one is UTC, as kg keeps them)."""
    aware = value if value.tzinfo else value.replace(tzinfo=UTC)
    return int(aware.timestamp() * 1_000_000)


def _param(value: Any) -> Any:
    if isinstance(value, datetime):
        return micros(value)
    if isinstance(value, dict):
        return {k: _param(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_param(v) for v in value]
    return value


def _naive(value: Any) -> Any:
    """A time property of a whole node as Kùzu returns it: a naive UTC datetime."""
    if isinstance(value, int) and not isinstance(value, bool):
        return datetime.fromtimestamp(value / 1_000_000, UTC).replace(tzinfo=None)
    return value


class FalkorStore(CypherStore):
    """A kg memory on a FalkorDB server graph (see the module's note)."""

    shared = True  # other processes and hosts write between our reads

    def __init__(self, url: str, *, read_only: bool = False, hold: bool = True,
                 wait: float | None = None) -> None:
        from falkordb import FalkorDB

        host, port, self.graph_name, password = parse_url(url)
        self.url = shown(url)  # as printed: the password, if any, hidden
        self.path = self.url  # type: ignore[assignment]  # named in messages
        self.read_only = read_only
        self.hold = hold
        self.wait = wait if wait is not None else float(os.environ.get(ENV_WAIT, DEFAULT_WAIT))
        import redis

        try:
            self._server = FalkorDB(host=host, port=port, password=password,
                                    socket_connect_timeout=5)
        except redis.exceptions.ConnectionError as exc:
            raise self._unreachable(exc) from exc
        except redis.exceptions.ResponseError as exc:  # a wrong or needless password
            raise ServerUnavailable(f"FalkorDB at {self.url} refused the connection: "
                                    f"{_without(exc, password)}") from exc
        self._redis = self._server.connection
        self._graph = self._server.select_graph(self.graph_name)
        self._init_state(self._server, self._graph)
        self._lock: Any = None
        self._extended = 0.0
        self._touched: set[tuple[str, Any]] = set()
        self._journal_open = False
        self._base_seq = 0
        tag = "{" + self.graph_name + "}"  # one cluster slot for the graph's own keys
        self._lock_key = f"kg:{tag}:writer"
        self.journal_key = f"kg:{tag}:undo"
        self._ensure_schema()
        if not read_only:
            self._recover_abandoned()

    # -- connection ----------------------------------------------------------------

    def _unreachable(self, exc: Exception) -> ServerUnavailable:
        return ServerUnavailable(f"cannot reach FalkorDB at {self.url}: {exc}; start one "
                                 "with `kg server start`")

    def _open(self) -> None:  # the client's pool connects on use
        return None

    def _release(self) -> None:  # kept for the next operation: nothing to hand over
        return None

    def close(self) -> None:
        with suppress(Exception):
            self._redis.close()

    @contextmanager
    def session(self) -> Iterator[None]:
        yield

    def _run(self, query: str, params: dict[str, Any] | None) -> Any:
        import redis

        if self._lock is not None and time.monotonic() - self._extended > EXTEND_EVERY:
            self._lock.reacquire()
            self._extended = time.monotonic()
        query = _CAST.sub(r"\1", query)
        run = self._graph.ro_query if self.read_only else self._graph.query
        try:
            return run(query, _param(params or {}))
        except redis.exceptions.ConnectionError as exc:
            raise self._unreachable(exc) from exc
        except redis.exceptions.ResponseError as exc:
            raise RuntimeError(f"FalkorDB refused a statement: {exc}") from exc

    def _exec(self, query: str, params: dict[str, Any] | None = None) -> None:
        self._run(query, params)

    def _rows(self, query: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
        return [[_value(v) for v in row] for row in self._run(query, params).result_set]

    # -- schema --------------------------------------------------------------------

    def _ensure_schema(self) -> None:
        import redis

        try:
            exists = bool(self._redis.exists(self.graph_name))
        except redis.exceptions.ConnectionError as exc:
            raise self._unreachable(exc) from exc
        found = self.schema_version() if exists else 0
        if found == 0:
            if exists and self._rows("MATCH (n) RETURN count(n)")[0][0]:
                raise NotAKGDatabase(f"graph {self.graph_name!r} on {self.url} holds "
                                     "something that is not a kg memory")
            if self.read_only:
                raise NotAKGDatabase(f"{self.url} is not a kg memory (nothing to read)")
            for label, prop in INDEXES:
                with suppress(RuntimeError):  # already indexed
                    self._exec(f"CREATE INDEX FOR (n:{label}) ON (n.{prop})")
            self._exec("MERGE (m:Meta {name: 'event_seq'}) ON CREATE SET m.value = '0'")
            self._exec("MERGE (m:Meta {name: 'schema_version'}) SET m.value = $v",
                       {"v": str(SCHEMA_VERSION)})
            return
        if found > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"{self.url} was written by a newer kg (schema {found}, this code knows "
                f"{SCHEMA_VERSION}); upgrade kg-memory to open it")
        if found < SCHEMA_VERSION:  # server graphs began at schema 7: nothing to migrate yet
            raise SchemaVersionError(f"{self.url} has schema {found}, which no kg wrote "
                                     "on a server")

    def schema_version(self) -> int:
        try:
            rows = self._rows("MATCH (m:Meta {name: 'schema_version'}) RETURN m.value")
        except RuntimeError:  # no such graph yet
            return 0
        return int(rows[0][0]) if rows else 0

    def backup(self, dest: Any) -> list[str]:
        raise KGError(f"kg backup copies a Kùzu directory; for {self.url} use `kg export "
                      "--everything` or the server's own persistence (AOF or RDB)")

    def _unwind_pays(self, rows: int) -> bool:
        return rows > 1  # one round trip beats many; lookups inside use the indexes

    # -- transactions: one writer, an undo journal ---------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        if self.read_only:
            raise KGError(f"{self.url} was opened read-only")
        lock = self._redis.lock(self._lock_key, timeout=LOCK_TTL, sleep=POLL,
                                blocking_timeout=self.wait, thread_local=False)
        if not lock.acquire():
            raise DatabaseBusy(f"{self.url} is being written by another process; waited "
                               f"{self.wait:g} s (set {ENV_WAIT} to wait longer)")
        self._lock, self._extended = lock, time.monotonic()
        try:
            self._recover()
            self._touched, self._journal_open = set(), False
            self._seq, self._claim_count = None, None
            self._base_seq = self.read_seq()
            self._in_tx = True
            try:
                yield
                if self._seq is not None:
                    self._exec("MATCH (m:Meta {name: 'event_seq'}) SET m.value = $v",
                               {"v": str(self._seq)})
                self._redis.delete(self.journal_key)  # the commit
            except BaseException:
                self._in_tx = False
                self._recover()
                raise
        finally:
            self._in_tx = False
            self._lock = None
            with suppress(Exception):  # an expired lock is no longer ours to release
                lock.release()

    def _capture(self, label: str, key: str, values: Iterable[Any]) -> None:
        """Journal the nodes' state before this transaction first changes them."""
        if not self._in_tx:
            return
        new = [v for v in dict.fromkeys(values) if (label, v) not in self._touched]
        if not new:
            return
        self._touched.update((label, v) for v in new)
        found = {k: dict(p) for k, p in self._rows(
            f"UNWIND $keys AS k MATCH (n:{label} {{{key}: k}}) RETURN k, properties(n)",
            {"keys": new})}
        edges: dict[Any, list[list[str]]] = {}
        if label == "Claim":
            for claim_id, rel, target in self._rows(
                    "UNWIND $keys AS k MATCH (c:Claim {id: k})-[r]->(t) "
                    "RETURN k, type(r), coalesce(t.pk, t.id)", {"keys": new}):
                edges.setdefault(claim_id, []).append([rel, target])
        entries = [json.dumps({"label": label, "key": key, "value": v, "props": found.get(v),
                               "edges": edges.get(v, [])}) for v in new]
        if not self._journal_open:
            entries.insert(0, json.dumps({"base_seq": self._base_seq}))
            self._journal_open = True
        self._redis.rpush(self.journal_key, *entries)

    def _recover_abandoned(self) -> None:
        """A journal while no writer holds the lock is a dead writer's (its lock expired):
        undo it now, so that direct reads from here on do not see its half-done work."""
        if not self._redis.exists(self.journal_key):
            return
        lock = self._redis.lock(self._lock_key, timeout=LOCK_TTL, thread_local=False)
        if not lock.acquire(blocking=False):
            return  # a live writer: it, or the next one, applies the journal
        try:
            self._recover()
        finally:
            with suppress(Exception):
                lock.release()

    def _recover(self) -> None:
        """Undo a transaction that did not commit (ours, or a writer's that died)."""
        entries = [json.loads(e) for e in self._redis.lrange(self.journal_key, 0, -1)]
        if not entries:
            return
        base = next(e["base_seq"] for e in entries if "base_seq" in e)
        if self.read_seq() > base:  # it died after its commit, before deleting the journal
            self._redis.delete(self.journal_key)
            return
        nodes = [e for e in entries if "label" in e]
        for e in nodes:
            if e["props"] is not None:
                self._exec(f"MERGE (n:{e['label']} {{{e['key']}: $v}}) SET n = $props",
                           {"v": e["value"], "props": e["props"]})
        for e in nodes:
            if e["label"] == "Claim" and e["props"] is not None:
                self._exec("MATCH (c:Claim {id: $id})-[r]->() DELETE r", {"id": e["value"]})
                for rel, target in e["edges"]:
                    label, key = _EDGE_TARGET[rel]
                    self._exec(f"MATCH (c:Claim {{id: $id}}), (t:{label} {{{key}: $t}}) "
                               f"CREATE (c)-[:{rel}]->(t)", {"id": e["value"], "t": target})
        for e in nodes:
            if e["props"] is None:
                self._exec(f"MATCH (n:{e['label']} {{{e['key']}: $v}}) DETACH DELETE n",
                           {"v": e["value"]})
        self._exec("MATCH (e:Event) WHERE e.seq > $base DETACH DELETE e", {"base": base})
        self._exec("MATCH (m:Meta {name: 'event_seq'}) SET m.value = $v", {"v": str(base)})
        self._redis.delete(self.journal_key)

    # -- writes, each journalled first ---------------------------------------------

    def insert_claims(self, items: Sequence[NewClaim]) -> None:
        self._capture("Claim", "id", [i.claim.id for i in items])
        self._capture("KeyState", "key", [i.claim.key for i in items])
        self._capture("Slot", "id", [i.slot for i in items])
        self._capture("Entity", "pk", [i.subject[0] for i in items]
                      + [i.object[0] for i in items if i.object])
        super().insert_claims(items)

    def relink_claim(self, claim: Claim, slot: str, subject_pk: str, object_pk: str,
                     entities: Sequence[EntityRef]) -> None:
        self._capture("Claim", "id", [claim.id])
        self._capture("Slot", "id", [slot])
        self._capture("Entity", "pk", [e[0] for e in entities])
        super().relink_claim(claim, slot, subject_pk, object_pk, entities)

    def update_claim(self, claim_id: str, fields: dict[str, Any]) -> None:
        self._capture("Claim", "id", [claim_id])
        super().update_claim(claim_id, fields)

    def set_key_state(self, key: str, **fields: Any) -> None:
        self._capture("KeyState", "key", [key])
        super().set_key_state(key, **fields)

    def set_slot_current(self, slot: str, claim_id: str, placed: int | None = None) -> None:
        self._capture("Slot", "id", [slot])
        super().set_slot_current(slot, claim_id, placed)

    def write(self, claims: dict[str, dict[str, Any]], keys: dict[str, dict[str, Any]],
              slots: dict[str, tuple[str, int]], events: Sequence[Any]) -> None:
        self._capture("Claim", "id", list(claims))
        self._capture("KeyState", "key", list(keys))
        self._capture("Slot", "id", list(slots))
        super().write(claims, keys, slots, events)

    def scrub_events(self, claim_id: str) -> None:
        ids = [r[0] for r in self._rows("MATCH (e:Event {claim_id: $id}) RETURN e.id",
                                        {"id": claim_id})]
        self._capture("Event", "id", ids)
        super().scrub_events(claim_id)

    def record_messages(self, keys: Sequence[str], scope_label: str, at: datetime) -> None:
        self._capture("Message", "key", list(keys))
        super().record_messages(keys, scope_label, at)

    def put_rule(self, kind: str, name: str, body: str | None, change: str) -> None:
        self._capture("Rule", "pk", [f"{kind}:{name}"])
        self._capture("RuleChange", "seq", [json.loads(change)["seq"]])
        super().put_rule(kind, name, body, change)

    def add_contents(self, contents: Contents) -> None:
        with self.transaction():
            claims = contents.claims
            self._capture("Claim", "id", [c.id for c in claims])
            self._capture("Slot", "id", [slot_of(c.scope, c.subject, c.predicate)
                                         for c in claims] + list(contents.slots))
            self._capture("Entity", "pk", [entity_pk(c.scope.namespace, e) for c in claims
                                           for e in (c.subject, c.object_entity) if e])
            super().add_contents(contents)

def _value(value: Any) -> Any:
    """A returned value as Kùzu gives it: a whole node as a dict of its properties."""
    properties = getattr(value, "properties", None)
    if properties is None or not hasattr(value, "labels"):
        return value
    row = {k: (_naive(v) if k in _TIMES else v) for k, v in properties.items()}
    for label in value.labels or ():
        for name in _NODE_PROPERTIES.get(label, ()):
            row.setdefault(name, None)
    return row

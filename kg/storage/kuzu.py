"""The embedded default: a memory as one Kùzu database directory. The only module that
imports Kùzu.

``KuzuStore`` supplies ``CypherStore``'s driver: the directory and its marker, the
schema and its migrations, opening and closing (queued on ``kg.storage.lock``, handed
over to a waiting process between operations), transactions and prepared statements.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import random
import shutil
import sys
import threading
import time
import warnings
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import kuzu

from kg.errors import DatabaseBusy, NotAKGDatabase, SchemaVersionError
from kg.storage.cypher import MIGRATIONS, SCHEMA, SCHEMA_VERSION, CypherStore
from kg.storage.lock import (
    DEFAULT_WAIT,
    ENV_WAIT,
    HANDOVER_POLL,
    HOLD_SLICE,
    LOCK_FILE,
    POLL,
    acquire,
    hand_over,
    read_private,
    someone_waits,
    write_private,
)

MARKER = "kg-database.json"

HOLDER = "kg-holder.json"  # who has the database open now (a note, not a lock)

GRAPH_FILE = "graph.kuzu"

ENV_BUFFER_POOL = "KG_BUFFER_POOL_MB"

DEFAULT_BUFFER_POOL_MB = 2048


def _buffer_pool_bytes() -> int:
    """Kùzu's default buffer pool is most of the machine's memory, which costs ~40 ms to
    set up and tear down at every open; kg opens per operation, so it asks for less."""
    megabytes = os.environ.get(ENV_BUFFER_POOL, "")
    return (int(megabytes) if megabytes.isdigit() else DEFAULT_BUFFER_POOL_MB) << 20


class KuzuStore(CypherStore):
    """One kg database directory, opened read-write or read-only.

    ``KuzuStore(path)`` creates the directory and schema on first use, refuses a
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
        # Held by the thread using the connection (an operation, or one statement outside
        # one); the hand-over watcher releases the database only when it can take it.
        self._guard = threading.RLock()
        self._watcher: threading.Thread | None = None
        self._closed = threading.Event()
        self._opened_at = self._queue_seen = 0.0  # monotonic times (see _turn_is_over)
        with self.session():
            self._ensure_schema()

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
        self._lock_file = acquire(self.path / LOCK_FILE, deadline, self.read_only)
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
        self._opened_at = self._queue_seen = time.monotonic()
        self.generation += 1
        if self.hold and self._watcher is None:
            self._watcher = threading.Thread(target=hand_over, daemon=True,
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
            if self._conn is not None and self._depth == 0 and self._turn_is_over():
                self._release()  # someone queued: let them in, then queue behind them
            if self._conn is None:
                self._open()
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0 and not self.hold and not self._in_tx:
                    self._release()

    def _turn_is_over(self) -> bool:
        """Whether a holder, about to start an operation, should first hand the database
        over: it has held it for its slice (``HOLD_SLICE``) and another process queues.
        A holder that never pauses would otherwise starve the queue, since the watcher
        (``hand_over_if_asked``) only gets in while no operation runs. The queue is
        looked at once per ``HANDOVER_POLL`` at most."""
        now = time.monotonic()
        if not self.hold or self._in_tx or now - self._opened_at < HOLD_SLICE \
                or now - self._queue_seen < HANDOVER_POLL:
            return False
        self._queue_seen = now
        return someone_waits(self.path / LOCK_FILE)

    def hand_over_if_asked(self) -> None:
        """Between operations, let go of the database when another process (or another
        store in this one) queues for it; the next operation queues in turn."""
        if self._conn is None or not someone_waits(self.path / LOCK_FILE):
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
                for statement in SCHEMA:
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
        self.generation += 1


def restore_backup(source: Path, dest: Path) -> KuzuStore:
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
        return KuzuStore(dest, hold=False)
    except Exception:
        shutil.rmtree(dest, ignore_errors=True)
        raise

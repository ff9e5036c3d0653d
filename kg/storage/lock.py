"""Processes taking turns on one embedded database: an advisory file lock with a
first-come, first-served queue of tickets, the watcher that hands a held database over
to whoever queues, and the memory directory's private files (0600, never through a
link planted in their place)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import random
import re
import threading
import time
import weakref
from pathlib import Path
from typing import Any, Protocol

import psutil

LOCK_FILE = "kg.lock"  # the advisory lock kg processes queue on

POLL = 0.004  # seconds between tries while waiting for the database

HANDOVER_POLL = 0.02  # seconds between a holder's looks for someone waiting

# Seconds a busy holder keeps the database before it lets a queued process in: opening
# and closing cost tens of milliseconds, so a holder that handed over after every
# operation would spend its time doing that (see bench.concurrency).
HOLD_SLICE = 0.25

ENV_WAIT = "KG_LOCK_WAIT"

DEFAULT_WAIT = 10.0


def acquire(path: Path, deadline: float, shared: bool) -> Any:
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


def someone_waits(lock: Path) -> bool:
    """Whether a live process waits in the lock's queue (``acquire``); a ticket a dead
    waiter left behind is no one."""
    queue = lock.with_suffix(".queue")
    try:
        with os.scandir(queue) as entries:
            tickets = sorted(e.name for e in entries if TICKET.match(e.name))
    except OSError:
        return False
    return any(_live(queue, ticket) for ticket in tickets)


class Holder(Protocol):
    def hand_over_if_asked(self) -> None: ...


def hand_over(ref: weakref.ref[Holder], closed: threading.Event) -> None:
    """A holding store's watcher: hands the database over to whoever queues for it,
    until the store is closed or gone."""
    while not closed.wait(HANDOVER_POLL):
        store = ref()
        if store is None:
            return
        store.hand_over_if_asked()
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
        if TICKET.match(ticket) is None:
            continue  # ".DS_Store" and the like: not ours
        if _live(queue, ticket):
            return True
    return False


def _live(queue: Path, ticket: str) -> bool:
    """Whether a ticket's process still runs; a stale ticket (its process gone, or its
    PID now another program's: another start time) is removed."""
    found = TICKET.match(ticket)
    assert found is not None
    pid, started = int(found.group(2)), int(found.group(3))
    if started and _started(pid) == started:
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

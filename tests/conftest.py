from __future__ import annotations

import itertools
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from extract import SpacyExtractor, Turn
from extract.failures import ENV_STRICT
from kg import ClaimDraft, Memory, Provenance, Scope

# A reader's bug fails the test that meets it, never reads as "nothing proposed" (a
# failed turn is otherwise reported and skipped: tests/test_extraction_failures.py).
os.environ.setdefault(ENV_STRICT, "1")


class Clock:
    """A settable clock, so validity and deferral can be tested without sleeping."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture(autouse=True, scope="session")
def _caches_kept_in_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Each graph a test makes on the FalkorDB server keeps its local caches under the
    user's cache directory (``kg.storage.cache_dir``): in the run's own directory
    instead, so a run leaves none behind (12,498 directories, 253 MB had piled up)."""
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 11, 1, 9, 0, tzinfo=UTC))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "memory"


@pytest.fixture(scope="session")
def falkordb_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A FalkorDB server from the test extra's binaries, on a free loopback port, for the
    whole run: the same tests run on it as on the embedded default."""
    from kg.storage import server

    port = server.free_port()
    process = server.spawn(tmp_path_factory.mktemp("falkordb"), port, persist=False)
    yield port
    process.terminate()
    process.wait(timeout=20)


_graphs = itertools.count()


@pytest.fixture
def falkordb_url(falkordb_server: int) -> str:
    """A graph of its own on the test server, for one test."""
    return f"falkordb://127.0.0.1:{falkordb_server}/test-{next(_graphs)}"


BACKENDS = ["kuzu"] + ([] if os.environ.get("KG_TEST_FALKORDB") == "0" else ["falkordb"])


@pytest.fixture(params=BACKENDS)
def mem(request: pytest.FixtureRequest, db_path: Path, clock: Clock) -> Iterator[Memory]:
    """A memory on each backend: every test of ``mem`` runs on both (``KG_TEST_FALKORDB=0``
    leaves the server out, for a quick run)."""
    where = db_path if request.param == "kuzu" else request.getfixturevalue("falkordb_url")
    with Memory(where, clock=clock) as m:
        yield m


@contextmanager
def raw_kuzu(db: Path) -> Iterator[object]:
    """A closed memory's Kùzu database opened directly, past kg: for tests that make
    what an older kg wrote, or look at what kg wrote, below the storage protocol."""
    import kuzu

    database = kuzu.Database(str(Path(db) / "graph.kuzu"))
    conn = kuzu.Connection(database)
    try:
        yield conn
    finally:
        conn.close()
        database.close()


def draft(subject: str, predicate: str, obj: str, **kw: object) -> ClaimDraft:
    """A claim draft with a little provenance, as an extractor would hand in."""
    prov = Provenance(message_id=str(kw.pop("message_id", "m1")), speaker="priya",
                      source_text=f"{subject} {predicate} {obj}", extractor="test")
    return ClaimDraft(subject=subject, predicate=predicate, object=obj, provenance=prov, **kw)


def scope(**kw: str) -> Scope:
    return Scope(**kw)


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:  # noqa: ARG001
    """Say how many bad inputs the bad-input tests tried."""
    try:
        from tests.test_bad_input import TRIED
    except ImportError:
        return
    if TRIED:
        terminalreporter.write_sep("-", f"bad inputs tried: {sum(TRIED.values())}")
        for kind, count in sorted(TRIED.items()):
            terminalreporter.write_line(f"  {count:5d}  {kind}")


def talk(extractor: SpacyExtractor, *lines: str) -> list[set[tuple[str, str, str]]]:
    """The claims of each turn of one conversation; a line "Ana: text" is said by Ana,
    a line with no speaker by whoever spoke last (Lena at first)."""
    conversation, speaker = uuid.uuid4().hex, "Lena"
    turns = []
    for i, line in enumerate(lines):
        who, sep, text = line.partition(": ")
        if sep and who.isalpha() and who[:1].isupper():
            speaker = who
        else:
            text = line
        turns.append(Turn(text=text, speaker=speaker, conversation_id=conversation,
                          message_id=f"m{i}"))
    return [{(d.subject, d.predicate, d.object) for d in r.drafts}
            for r in extractor.extract_many(turns)]

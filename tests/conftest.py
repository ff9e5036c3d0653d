from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from kg import ClaimDraft, Memory, Provenance, Scope


class Clock:
    """A settable clock, so validity and deferral can be tested without sleeping."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 11, 1, 9, 0, tzinfo=UTC))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "memory"


@pytest.fixture
def mem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock) as m:
        yield m


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

"""A turn the extractor fails to read is its own failure: the turns beside it are read
and stored, the report names it and the error, the CLI exits 4, and it is not marked
read, so ingesting it again (after a fix) reads it. The faults are injected: no known
sentence crashes the reader (those found are fixed and kept as regression tests)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import extract.components
import extract.pipeline
from extract import SpacyExtractor, Turn
from extract.failures import ENV_STRICT
from kg import Memory
from kg.cli import app

TRIGGER = "Zorblax"
TURNS = ["I live in Oslo.", f"{TRIGGER} is my cat.", "My sister is called Maya."]


def _failing(real: Any) -> Any:
    """``real``, raising on any text that names the trigger."""

    def failing(first: Any, *rest: Any) -> Any:
        if TRIGGER in str(getattr(first, "text", first)):
            raise RuntimeError("injected fault")
        return real(first, *rest)

    return failing


# where reading a turn can fail: folding its text, the parse's repairs (on the Doc, in
# nlp.pipe beside other texts), and reading the parsed sentences
FAULTS = [(extract.pipeline, "fold"), (extract.components, "repair_vocatives"),
          (extract.pipeline, "reading_of")]


@pytest.fixture(params=FAULTS, ids=[name for _, name in FAULTS])
def fault(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    module, name = request.param
    monkeypatch.setenv(ENV_STRICT, "0")
    monkeypatch.setattr(module, name, _failing(getattr(module, name)))
    yield


def _turns() -> list[Turn]:
    return [Turn(text=t, speaker="Lena", conversation_id="c1", message_id=f"m{n}")
            for n, t in enumerate(TURNS, start=1)]


def _facts(mem: Memory) -> set[tuple[str, str, str]]:
    return {(c.subject.lower(), c.predicate, c.object.lower()) for c in mem.pending()}


def test_a_failed_turn_is_reported_and_the_others_stored(fault: None, db_path: Path) -> None:
    with Memory(db_path) as mem:
        report = mem.ingest(_turns())
        assert [(f.turn, f.text) for f in report.failed] == [("m2", TURNS[1])]
        assert "RuntimeError: injected fault" in report.failed[0].error
        facts = _facts(mem)
        assert ("lena", "lives_in", "oslo") in facts
        assert any(p == "sister" for _, p, _ in facts)
        assert not any(TRIGGER.lower() in (s, o) for s, _, o in facts)


def test_a_failed_turn_is_read_when_ingested_again(db_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with Memory(db_path) as mem:
        with monkeypatch.context() as patch:
            patch.setenv(ENV_STRICT, "0")
            patch.setattr(extract.components, "repair_vocatives",
                          _failing(extract.components.repair_vocatives))
            first = mem.ingest(_turns(), extractor=SpacyExtractor())
        assert len(first.failed) == 1
        again = mem.ingest(_turns(), extractor=SpacyExtractor())  # the fault fixed
        assert again.failed == [] and again.already_ingested == 2
        assert any(TRIGGER.lower() in (s, o) for s, _, o in _facts(mem))


def test_strict_mode_raises_and_stores_nothing(db_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_STRICT, "1")
    monkeypatch.setattr(extract.components, "repair_vocatives",
                        _failing(extract.components.repair_vocatives))
    with Memory(db_path) as mem:
        with pytest.raises(RuntimeError, match="injected fault"):
            mem.ingest(_turns())
        assert mem.pending() == []


def test_the_cli_names_the_failed_turn_and_exits_4(fault: None, tmp_path: Path) -> None:
    source = tmp_path / "chat.txt"
    source.write_text("\n".join(TURNS), encoding="utf-8")
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "m"), "ingest", str(source)])
    assert result.exit_code == 4, result.output
    assert "1 turn(s) could not be read and were NOT stored" in result.stderr
    assert TRIGGER in result.stderr and "injected fault" in result.stderr
    listed = CliRunner().invoke(app, ["--db", str(tmp_path / "m"), "review", "list"])
    assert "Oslo" in listed.stdout and TRIGGER not in listed.stdout

"""The CLI as people expect it (issue 14): a version, help on every option, relative
dates, JSON from every command that reports, stdin for import, short ids, a quiet mode,
exit codes that mean something, and batch decisions in one transaction."""

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kg import Memory
from kg.cli import app
from tests.conftest import draft


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "m"
    with Memory(path) as mem:
        old = mem.propose(draft("Acme", "brand colour", "blue", message_id="a",
                                valid_from=datetime.now(UTC) - timedelta(days=30)))
        mem.approve(old.claim_id, by="priya")
        mem.propose(draft("Acme", "uses", "Slack", message_id="b"))
        mem.propose(draft("Acme", "uses", "Figma", message_id="c"))
    return path


def kg(db: Path, *args: str, stdin: str | None = None):
    return CliRunner().invoke(app, ["--db", str(db), *args], input=stdin)


def pending_ids(db: Path) -> list[str]:
    with Memory(db) as mem:
        return [c.id for c in mem.pending()]


def test_version():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and re.fullmatch(r"kg \d+\.\d+\.\d+\S*\n", result.output)


@pytest.mark.parametrize("command", [
    ["context"], ["export"], ["review", "auto"], ["ingest"], ["neighbourhood"], ["history"],
    ["review", "approve"], ["import"], ["backup"], ["stats"], ["demo"],
])
def test_every_option_has_help_and_no_flag_shows_a_bool_placeholder(command):
    result = CliRunner().invoke(app, [*command, "--help"], terminal_width=200)
    assert result.exit_code == 0
    options = [line for line in result.output.splitlines() if re.match(r"^│ +--", line)]
    assert options
    for line in options:
        if line.split()[1] == "--help":
            continue
        assert "<bool>" not in line, line
        described = re.sub(r"^│ +--\S+( +<[^>]+>)?( +\[[^]]*\])?", "", line).strip(" │")
        assert described, f"no help text: {line}"


def test_as_of_takes_relative_dates_and_names_bad_ones(db):
    ok = kg(db, "context", "Acme", "--as-of", "2 days ago", "--json")
    assert ok.exit_code == 0, ok.output
    assert [c["object"] for c in json.loads(ok.stdout)["claims"]] == ["blue"]
    before = kg(db, "context", "Acme", "--as-of", "last year", "--json")
    assert before.exit_code == 0 and json.loads(before.stdout)["claims"] == []
    bad = kg(db, "context", "Acme", "--as-of", "banana")
    assert bad.exit_code == 2 and "banana" in bad.output
    ahead = kg(db, "context", "Acme", "--as-of", "next tuesday")
    assert ahead.exit_code == 2 and "in the future" in ahead.output


def test_decisions_report_in_json_and_take_the_short_ids_neighbourhood_prints(db):
    slack, figma = pending_ids(db)
    result = kg(db, "review", "approve", slack[:8], figma[:8], "--json", "--by", "priya")
    assert result.exit_code == 0, result.output
    decided = json.loads(result.stdout)
    assert [d["id"] for d in decided] == [slack, figma]
    assert all(d["status"] == "approved" for d in decided)
    shown = kg(db, "neighbourhood", "Acme")
    assert slack[:8] in shown.output


def test_a_batch_of_decisions_is_one_transaction(db):
    slack, _ = pending_ids(db)
    result = kg(db, "review", "approve", slack, "nosuchid", "--by", "priya")
    assert result.exit_code == 1 and "nosuchid" in result.output
    assert slack in pending_ids(db)  # nothing approved: all or none


def test_an_ambiguous_short_id_is_refused(db):
    result = kg(db, "review", "reject", "", "--by", "priya")
    assert result.exit_code == 2


def test_not_found_exits_1_and_bad_input_exits_2(db):
    assert kg(db, "neighbourhood", "Nobody").exit_code == 1
    assert kg(db, "history", "Nobody", "manager").exit_code == 1
    empty = kg(db, "context", "   ")
    assert empty.exit_code == 2 and "empty" in empty.output
    assert kg(db, "export", "--format", "docx").exit_code == 2


def test_quiet_silences_the_waiting_line(db):
    loud = kg(db, "neighbourhood", "Acme")
    assert "waiting for review" in loud.output
    quiet = CliRunner().invoke(app, ["--db", str(db), "--quiet", "neighbourhood", "Acme"])
    assert quiet.exit_code == 0 and "waiting for review" not in quiet.output


def test_import_reads_stdin_and_reports_in_json(db, tmp_path):
    dump = kg(db, "export", "--everything")
    assert dump.exit_code == 0
    copy = tmp_path / "copy"
    text = dump.stdout
    result = kg(copy, "import", "-", "--json", stdin=text)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["claims"] == 3


def test_backup_and_stats_report_in_json(db, tmp_path):
    result = kg(db, "backup", str(tmp_path / "b"), "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["files"]
    assert "pending" in json.loads(kg(db, "stats", "--json").stdout)


def test_every_public_memory_method_says_what_it_does():
    import inspect

    undocumented = [name for name, f in inspect.getmembers(Memory, inspect.isfunction)
                    if not name.startswith("_") and not (f.__doc__ or "").strip()]
    assert undocumented == []


def test_the_packages_are_typed():
    import extract
    import kg
    import review

    for package in (kg, extract, review):
        assert (Path(package.__file__).parent / "py.typed").exists()

"""The CLI mirrors the Python API and fails clearly."""

import json
import subprocess
import sys
from pathlib import Path

from kg import Memory
from tests.conftest import draft


def kg(*args: str, db: Path, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kg", "--db", str(db), *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_ingest_review_and_context_through_the_cli(tmp_path):
    db = tmp_path / "m"
    out = kg("ingest", "-", "--speaker", "Priya", "--organisation", "Acme", db=db,
             stdin="Our brand color is #1F4E79.\n\nWhat's up?")
    assert out.returncode == 0, out.stderr
    assert "1 proposed" in out.stdout and "waiting for review" in out.stderr
    assert "none found" in kg("context", "Acme brand colour", db=db).stdout
    pending = json.loads(kg("review", "list", "--json", db=db).stdout)
    assert kg("review", "approve", pending[0]["id"], "--by", "priya", db=db).returncode == 0
    data = json.loads(kg("context", "Acme brand colour", "--json", db=db).stdout)
    assert [c["object"] for c in data["claims"]] == ["#1F4E79"]
    assert data["claims"][0]["decided_by"] == "human:priya"
    with Memory(db) as mem:
        assert [c.object for c in mem.current()] == ["#1F4E79"]


def test_ingest_says_which_turns_proposed_nothing_and_why_when_asked(tmp_path):
    db = tmp_path / "m"
    said = "I live in Leeds.\n\nWhat do you think?\n\nlol"
    out = kg("ingest", "-", "--speaker", "Priya", "--why", db=db, stdin=said)
    assert out.returncode == 0, out.stderr
    assert "question: 'What do you think?'" in out.stdout
    assert "chatter: 'lol'" in out.stdout and "Leeds" not in out.stdout.split("\n", 1)[1]
    quiet = kg("ingest", "-", "--speaker", "Priya", "--json", db=tmp_path / "n", stdin=said)
    assert [(u["text"], u["reasons"]) for u in json.loads(quiet.stdout)["unread"]] == [
        ("What do you think?", {"question": 1}), ("lol", {})]


def test_json_turns_read_again_from_another_path_are_ingested_before(tmp_path):
    """Turns with ids but no conversation are one conversation while read, yet who they
    are for "ingested before" does not depend on where the file is read from."""
    db, chat = tmp_path / "m", tmp_path / "chat.jsonl"
    chat.write_text('{"speaker": "Zara", "text": "whats the job", "id": "1"}\n'
                    '{"speaker": "Leon", "text": "junior data analyst!", "id": "2"}\n')
    first = json.loads(kg("ingest", str(chat), "--json", db=db).stdout)
    assert first["proposed"] == 1  # the answer read against the question
    again = json.loads(kg("ingest", "-", "--json", db=db, stdin=chat.read_text()).stdout)
    assert again["already_ingested"] == 2 and again["reinforced"] == 0


def test_neighbourhood_json_equals_the_python_api(tmp_path):
    db = tmp_path / "m"
    with Memory(db) as mem:
        mem.approve(mem.propose(draft("Acme", "brand colour", "green")).claim_id, by="p")
        expected = [c.model_dump(mode="json") for c in mem.neighbourhood("Acme")]
    assert json.loads(kg("neighbourhood", "Acme", "--json", db=db).stdout) == expected


def test_a_path_that_is_not_a_kg_database_is_a_clear_error(tmp_path):
    (tmp_path / "x.txt").write_text("not ours")
    out = kg("context", "anything", db=tmp_path)
    assert out.returncode == 2 and "not a kg database" in out.stderr
    assert "Traceback" not in out.stderr


def test_malformed_json_turns_are_refused_naming_the_field(tmp_path):
    out = kg("ingest", "-", db=tmp_path / "m", stdin='[{"text": 5}]')
    assert out.returncode == 2 and "'text'" in out.stderr


def test_deciding_an_unknown_claim_fails_without_a_traceback(tmp_path):
    out = kg("review", "approve", "nope", "--by", "priya", db=tmp_path / "m")
    assert out.returncode == 1 and "no claim 'nope'" in out.stderr


def test_the_demo_runs_and_prints_context():
    out = subprocess.run([sys.executable, "-m", "kg", "demo"], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert "Known facts (approved):" in out.stdout and "brand color: green" in out.stdout
    assert "was #1F4E79" in out.stdout


def test_jsonl_ingest_history_and_policy_approval_through_the_cli(tmp_path):
    db = tmp_path / "m"
    lines = "\n".join(json.dumps({"speaker": "Priya", "text": t, "id": f"m{i}",
                                  "timestamp": f"2026-0{i + 1}-01T10:00:00",
                                  "organisation": "Acme"})
                      for i, t in enumerate(["Our brand color is blue.",
                                             "We rebranded, our brand color is now green."]))
    assert kg("ingest", "-", db=db, stdin=lines).returncode == 0
    assert kg("policies", "add", "colours", "--predicate", "brand colour",
              "--min-confidence", "0.5", "--by", "priya", db=db).returncode == 0
    out = kg("review", "auto", db=db)
    assert out.returncode == 0 and "approved 2 claim(s) by policy" in out.stdout
    history = kg("history", "Acme", "brand colour", db=db).stdout.splitlines()
    assert history[0].startswith("blue  2026-01-01 .. 2026-02-01")
    assert history[1].startswith("green  2026-02-01 .. now") and "policy:colours" in history[1]


def test_an_outcome_is_reported_by_short_id_and_a_pending_claim_is_refused(tmp_path):
    db = tmp_path / "m"
    with Memory(db) as mem:
        approved = mem.propose(draft("Acme", "brand colour", "green")).claim_id
        mem.approve(approved, by="p")
        pending = mem.propose(draft("Acme", "ceo", "Dana")).claim_id
    out = kg("outcome", approved[:8], "--accepted", "--by", "agent:deck", "--json", db=db)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["accepted"] == 1
    refused = kg("outcome", pending, "--rejected", db=db)
    assert refused.returncode == 2 and "approved" in refused.stderr
    assert kg("outcome", "f" * 32, "--accepted", db=db).returncode != 0
    unsaid = kg("outcome", approved[:8], db=db)
    assert unsaid.returncode == 2 and "--accepted or --rejected" in unsaid.stderr
    with Memory(db) as mem:
        assert mem.store.claim(pending, mem.scope).status == "pending"
        assert [e.actor for e in mem.events() if e.action == "outcome"] == ["agent:deck"]


def test_review_approve_all_approves_what_waits_and_needs_ids_or_all(tmp_path):
    db = tmp_path / "m"
    with Memory(db) as mem:
        for i, tool in enumerate(["Jira", "Slack"]):
            mem.propose(draft("Acme", "uses", tool, message_id=f"m{i}"))
    neither = kg("review", "approve", db=db)
    assert neither.returncode == 2 and "--all" in neither.stderr
    done = kg("review", "approve", "--all", "--by", "sam", "--json", db=db)
    assert done.returncode == 0, done.stderr
    assert sorted(c["object"] for c in json.loads(done.stdout)) == ["Jira", "Slack"]
    again = kg("review", "approve", "--all", "--by", "sam", db=db)
    assert again.returncode == 0 and "nothing to review" in again.stdout
    with Memory(db) as mem:
        assert sorted(c.object for c in mem.current("Acme")) == ["Jira", "Slack"]
        assert {c.decided_by for c in mem.current("Acme")} == {"human:sam"}


def test_one_hop_limit_for_the_cli_and_the_python_api(tmp_path):
    """The walk's reach is one limit (kg.limits.MAX_HOPS): the CLI and the API refuse
    the same values (the MCP server's schema says the same, tested there)."""
    import pytest

    from kg.errors import InvalidClaim
    from kg.limits import MAX_HOPS

    db = tmp_path / "m"
    with Memory(db) as mem:
        mem.approve(mem.propose(draft("Acme", "brand_color", "teal")).claim_id, by="priya")
        assert mem.neighbourhood("Acme", hops=MAX_HOPS)
        for bad in (0, MAX_HOPS + 1):
            with pytest.raises(InvalidClaim, match=f"between 1 and {MAX_HOPS}"):
                mem.neighbourhood("Acme", hops=bad)
            with pytest.raises(InvalidClaim, match=f"between 1 and {MAX_HOPS}"):
                mem.context("Acme", hops=bad)
    assert kg("neighbourhood", "Acme", "--hops", str(MAX_HOPS), db=db).returncode == 0
    refused = kg("neighbourhood", "Acme", "--hops", str(MAX_HOPS + 1), db=db)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr


def test_a_read_of_a_memory_that_does_not_exist_says_so_and_makes_none(tmp_path):
    typo = tmp_path / "mem_typo"  # found trying kg as a new user: "none found", rc 0
    for command in (["context", "where do I work?"], ["neighbourhood", "Dana"], ["stats"],
                    ["export", "--format", "json"]):
        result = kg(*command, db=typo)
        assert result.returncode == 1, command
        assert "no memory at" in result.stderr and "kg init" in result.stderr
    assert not typo.exists()
    assert kg("init", "--user", "Dana", "--by", "dana", db=typo).returncode == 0
    assert kg("context", "where do I work?", db=typo).returncode == 0


def test_an_ending_is_shown_as_one_when_approved_and_in_history(tmp_path):
    from kg.models import ClaimKind

    db = tmp_path / "m"
    with Memory(db) as mem:
        mem.approve(mem.propose(draft("Zoe", "works_at", "Crumb & Co")).claim_id, by="zoe")
        ending = mem.propose(draft("Zoe", "does", "smoking", kind=ClaimKind.retract)).claim_id
    done = kg("review", "approve", ending[:8], "--by", "zoe", db=db)
    assert done.returncode == 0 and "ENDS: Zoe does: smoking" in done.stdout
    history = kg("history", "Zoe", "does", db=db)
    assert history.returncode == 0 and history.stdout.startswith("ENDS: smoking")
    assert kg("history", "Zoe", "works_at", db=db).stdout.startswith("Crumb & Co")


def test_history_of_a_subject_without_a_predicate_shows_all_of_it(tmp_path):
    """A new user's "kg history Jess" was a bare usage error."""
    db = tmp_path / "m"
    with Memory(db) as mem:
        for value in ("Bradford", "Leeds"):
            mem.approve(mem.propose(draft("Jess", "lives_in", value)).claim_id, by="jess")
        mem.approve(mem.propose(draft("Jess", "works_at", "Aldi")).claim_id, by="jess")
    every = kg("history", "Jess", db=db)
    assert every.returncode == 0
    lines = every.stdout.splitlines()
    assert any("lives in" in x and "Bradford" in x and "superseded" in x for x in lines)
    assert any("works at" in x and "Aldi" in x for x in lines)
    assert kg("history", "Nobody", db=db).returncode == 1


def test_history_shows_a_thing_done_once_on_its_day_not_as_holding_until_now(tmp_path):
    """A new user's "kg history Sam" listed "adopted: Pepper 2026-12-07 .. now (current)"."""
    db = tmp_path / "m"
    with Memory(db) as mem:
        mem.approve(mem.propose(draft("Sam", "did_adopt", "Pepper")).claim_id, by="sam")
    line = kg("history", "Sam", db=db).stdout.strip()
    assert "adopted: Pepper" in line and " on " in line and "happened" in line
    assert ".. now" not in line and "current" not in line

"""The review loop, driven for real through a pseudo-terminal."""

import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pexpect
import pytest

from kg import Memory, Status
from kg.models import Action
from tests.conftest import Clock, draft

TIMEOUT = 60


def seed(db: Path) -> dict[str, str]:
    """An approved brand colour, then three pending claims."""
    ids = {}
    with Memory(db, clock=Clock(datetime(2026, 11, 2, tzinfo=UTC))) as mem:
        blue = mem.propose(draft("Acme", "brand colour", "#1F4E79"))
        mem.approve(blue.claim_id, by="priya")
        ids["blue"] = blue.claim_id
    clock = Clock(datetime(2026, 11, 20, tzinfo=UTC))
    with Memory(db, clock=clock) as mem:
        for name, args in [("green", ("Acme", "brand colour", "green")),
                           ("tea", ("Priya", "likes", "tea")),
                           ("city", ("Priya", "lives in", "Berlln"))]:
            clock.advance(minutes=1)  # queued in this order
            ids[name] = mem.propose(draft(*args, text=" ".join(args))).claim_id
    return ids


def review(db: Path, *args: str) -> pexpect.spawn:
    env = {**os.environ, "TERM": "dumb", "NO_COLOR": "1"}  # plain text on the screen
    child = pexpect.spawn(sys.executable, ["-m", "kg", "--db", str(db), "review", *args],
                          timeout=TIMEOUT, encoding="utf-8", dimensions=(50, 200), env=env)
    child.expect("a approve")
    return child


def finish(child: pexpect.spawn) -> str:
    """Wait for the loop to end; return its closing tally."""
    child.expect("review finished: ")
    child.expect(pexpect.EOF)
    return " ".join(child.before.split())


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "memory"


def test_the_screen_shows_what_a_claim_would_supersede_and_approve_applies_it(db):
    ids = seed(db)
    child = review(db, "--by", "sam")
    assert "replaces brand_color = #1F4E79, approved 2026-11-02 by human:priya" in child.before
    assert "said by priya" in child.before and "confidence 1.00" in child.before
    child.send("a")
    child.expect("a approve")
    child.send("q")
    assert "approved 1" in finish(child)
    with Memory(db) as mem:
        assert [c.object for c in mem.current("Acme")] == ["green"]
        assert mem.claim(ids["green"]).decided_by == "human:sam"


def test_reject_with_a_reason(db):
    ids = seed(db)
    child = review(db, "--by", "sam")
    child.send("r")
    child.expect("reason")
    child.sendline("we are still blue")
    child.expect("a approve")
    child.send("q")
    finish(child)
    with Memory(db) as mem:
        assert mem.claim(ids["green"]).status == Status.rejected
        assert "still blue" in mem.events(ids["green"])[-1].detail


def test_edit_shows_a_diff_and_keeps_initial_and_final(db):
    ids = seed(db)
    child = review(db, "--by", "sam")
    for _ in range(2):  # green and tea: skipped
        child.send("s")
        child.expect("a approve")
    child.send("e")
    child.expect("edit which")
    child.sendline("o")  # the first letter names the field
    child.expect("new object")
    child.sendline("Berlin")
    child.expect(r"\+object: Berlin")
    child.expect(r"\+text: Priya lives in: Berlin")  # the sentence as the edit makes it
    child.expect("save this edit")
    child.sendline("y")
    child.expect("a approve")
    child.send("a")  # the last claim in the queue: the loop ends
    tally = finish(child)
    assert "edited 1" in tally and "skipped 2" in tally
    with Memory(db) as mem:
        city = mem.claim(ids["city"])
        assert city.initial_text == "Priya lives in Berlln" and "Berlin" in city.final_text
        assert [c.object for c in mem.current("Priya")] == ["Berlin"]
        assert Action.skipped in [e.action for e in mem.events(ids["tea"])]


def test_defer_hides_a_claim_until_its_date(db):
    ids = seed(db)
    child = review(db, "--by", "sam")
    child.send("d")
    child.expect("defer until")
    child.sendline("3")
    child.expect("a approve")
    child.send("q")
    finish(child)
    with Memory(db) as mem:
        assert ids["green"] not in [c.id for c in mem.pending()]
    later = Clock(datetime.now(UTC) + timedelta(days=4))
    with Memory(db, clock=later) as mem:
        assert ids["green"] in [c.id for c in mem.pending()]


def test_approve_all_states_how_many_and_asks_first(db):
    seed(db)
    child = review(db, "--by", "sam")
    child.send("A")
    child.expect("approve all 3 remaining claim")
    child.sendline("y")
    assert "approved 3" in finish(child)
    with Memory(db) as mem:
        assert mem.pending() == []


def test_undo_reverts_the_last_decision_and_restores_what_it_superseded(db):
    ids = seed(db)
    child = review(db, "--by", "sam")
    child.send("a")
    child.expect("a approve")
    child.send("u")
    child.expect("undid approved")
    child.expect("a approve")
    child.send("q")
    finish(child)
    with Memory(db) as mem:
        assert [c.object for c in mem.current("Acme")] == ["#1F4E79"]
        assert mem.claim(ids["green"]).status == Status.pending
        assert mem.events(ids["green"])[-1].action == Action.reverted


@pytest.mark.parametrize("stop", ["sendeof", "sendintr"], ids=["end of input", "ctrl-c"])
def test_end_of_input_or_ctrl_c_mid_review_approves_nothing(db, stop):
    seed(db)
    child = review(db, "--by", "sam")
    child.expect("help")
    time.sleep(0.5)  # let the loop wait for its key in raw mode, where ^D/^C are characters
    getattr(child, stop)()
    finish(child)
    with Memory(db) as mem:
        assert len(mem.pending()) == 3


def test_a_caller_without_a_terminal_is_pointed_at_the_batch_form(db):
    seed(db)
    out = subprocess.run([sys.executable, "-m", "kg", "--db", str(db), "review"], input="a",
                         capture_output=True, text=True, timeout=TIMEOUT)
    assert out.returncode == 2 and "kg review approve ID" in out.stderr
    with Memory(db) as mem:
        assert len(mem.pending()) == 3


def test_a_rejected_claim_extracted_again_later_does_not_come_back(db):
    from extract import Turn

    with Memory(db) as mem:
        first = mem.ingest([Turn(text="I live in Pune.", speaker="Priya", conversation_id="a")])
        mem.reject(first.claim_ids[0], by="sam")
        again = mem.ingest([Turn(text="I live in Pune.", speaker="Priya", conversation_id="b",
                                 message_id="later")])
        assert again.suppressed == 1 and mem.pending() == []
    out = subprocess.run([sys.executable, "-m", "kg", "--db", str(db), "stats", "--json"],
                         capture_output=True, text=True, timeout=TIMEOUT)
    assert '"suppressed_reproposals": 1' in out.stdout

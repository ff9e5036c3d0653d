"""The core promises as a user meets them (issue 14): as-of answers the world as it was
in both bands, and every read, exports and frames included, goes through the same gated,
scoped selection."""

from datetime import UTC, datetime, timedelta

import pytest

from kg import Memory, Scope
from tests.conftest import draft

D0 = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
def timeline(mem: Memory, clock) -> Memory:
    """Dana's manager: Ana from day 0, Tom Reyes from day 10, Uma from day 20."""
    for day, name in ((0, "Ana"), (10, "Tom Reyes"), (20, "Uma")):
        clock.now = D0 + timedelta(days=day)
        r = mem.propose(draft("Dana", "manager", name, message_id=f"m{day}"))
        mem.approve(r.claim_id, by="dana")
    return mem


def objects(claims) -> list[str]:
    return [c.object for c in claims]


def test_as_of_with_history_answers_the_world_as_it_was_in_both_bands(timeline):
    then = D0 + timedelta(days=15)
    result = timeline.context("Dana", as_of=then, history=True)
    assert objects(result.claims) == ["Tom Reyes"]
    assert objects(result.history) == ["Ana"]  # ended by then; Uma had not begun
    assert "Uma" not in result.text
    early = timeline.context("Dana", as_of=D0 + timedelta(days=5), history=True)
    assert objects(early.claims) == ["Ana"] and early.history == []
    now = timeline.context("Dana", history=True)
    assert objects(now.claims) == ["Uma"]
    assert sorted(objects(now.history)) == ["Ana", "Tom Reyes"]


def test_as_of_before_anything_was_said_knows_nothing(timeline):
    result = timeline.context("Dana", as_of=D0 - timedelta(days=1), history=True)
    assert result.claims == [] and result.history == []


@pytest.fixture
def overridden(db_path, clock) -> Memory:
    """The namespace says blue; agent a's own scope says green."""
    with Memory(db_path, clock=clock) as mem:
        mem.approve(mem.propose(draft("Acme", "brand colour", "blue")).claim_id, by="priya")
    clock.advance(days=1)
    agent = Memory(db_path, scope=Scope(agent="a"), clock=clock)
    with agent:
        agent.approve(agent.propose(draft("Acme", "brand colour", "green")).claim_id, by="priya")
        pending = agent.propose(draft("Acme", "uses", "Slack"))
        assert pending.outcome == "pending"
    return Memory(db_path, scope=Scope(agent="a"), clock=clock)


def test_every_export_gives_the_more_specific_scope_only(overridden):
    from kg import exports

    with overridden as mem:
        assert objects(mem.current("Acme")) == ["green"]
        graph = exports.to_networkx(mem)
        colours = [d.get("object") for _, _, d in graph.edges(data=True)
                   if d.get("predicate") == "brand_color"]
        assert colours == ["green"]
        turtle = exports.to_rdf(mem).serialize(format="turtle")
        assert "green" in turtle and '"blue"' not in turtle
        frame = exports.claims_frame(mem)
        assert sorted(frame["object"]) == ["green"]  # no pending Slack, no blue
        assert "Slack" in list(exports.claims_frame(mem, include_pending=True)["object"])


def test_a_later_turn_supersedes_an_earlier_one_whatever_the_approval_order(db_path):
    """Turns that say no time (a pasted transcript) were said in order: approving the
    move first and the old home second still ends at the move."""
    from extract.formats import read_turns

    text = ("Zoe: hey\nMarcus: hi\nZoe: I live in Leeds\nMarcus: nice\n"
            "Zoe: actually i moved to York last month. how are you? how is work?\n")
    with Memory(db_path, user="Zoe") as mem:
        report = mem.ingest(read_turns(text, "chat.txt"))
        for claim_id in reversed(report.claim_ids):  # the later turn's claim first
            mem.approve(claim_id, by="zoe")
        assert [(c.predicate, c.object) for c in mem.context("Where do I live?").claims
                if c.predicate == "lives_in"] == [("lives_in", "York")]


def test_a_transcript_keeps_each_speakers_words_their_own():
    """One line without "Name:" in a transcript must not make the whole file the owner's
    plain text (Marcus's "i live in Sheffield now" filed as the owner's): it is one more
    message by whoever spoke before it; a title before the first named line is refused, naming
    it; labels ("Subject:", "Update:") name no one; a name may start with any capital."""
    from extract.formats import read_turns

    turns = read_turns("Marcus: i live in Sheffield now\nZoe: cool\nso cool\n", "b.txt")
    assert [(t.speaker, t.text) for t in turns] == [
        ("Marcus", "i live in Sheffield now"), ("Zoe", "cool"), ("Zoe", "so cool")]
    turns = read_turns("Ana: hey\nso guess what\ni moved to york\nBen: wow\n", "m.txt")
    assert [t.speaker for t in turns] == ["Ana", "Ana", "Ana", "Ben"]
    with pytest.raises(ValueError, match=r"line 1 names no speaker.*'Chat with Marcus'"):
        read_turns("Chat with Marcus\nZoe: hi\nMarcus: I moved to York\n", "t.txt")
    # one named line of two is still another's words, never the owner's (found by a new
    # user: "hello there" / "Tom: I live in York" gave "Jess lives in York")
    with pytest.raises(ValueError, match=r"line 1 names no speaker.*'hello there'"):
        read_turns("hello there\nTom: I live in York\n", "h.txt")
    assert [(t.speaker, t.text) for t in read_turns("Tom: I live in York", "o.txt")] == [
        ("Tom", "I live in York")]
    assert {t.speaker for t in read_turns("Meeting notes: we moved the standup", "k.txt",
                                          speaker="Dana")} == {"Dana"}
    assert {t.speaker for t in read_turns("Zoe: hi\nÉlodie: I moved to Lyon\n", "e.txt")} \
        == {"Zoe", "Élodie"}
    mail = read_turns("Subject: Moving\nTo: Ana\nFrom: Ben\n\nHi Ana, I moved.\n", "x.txt",
                      speaker="Ben")
    assert {t.speaker for t in mail} == {"Ben"}
    # prose with a label or two in it stays prose
    assert len(read_turns("Meeting notes\nAction: Dana to email Ravi\nWe moved the standup.\n"
                          "The office is shut.\n", "n.txt")) == 4

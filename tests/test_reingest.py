"""Ingesting a conversation again proposes nothing new and never brings a superseded
value back: ingest is idempotent by message, and a value a later approved one
superseded is history, not news (issue 14, item 2)."""

from datetime import UTC, datetime, timedelta

import pytest

from extract import Turn
from kg import Memory
from tests.conftest import draft

START = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


def moves() -> list[Turn]:
    return [Turn(text="I live in Portland.", speaker="Dana", conversation_id="c1",
                 message_id="m1", timestamp=START),
            Turn(text="I moved to Denver.", speaker="Dana", conversation_id="c1",
                 message_id="m2", timestamp=START + timedelta(days=30))]


def approve_all(mem: Memory) -> None:
    mem.approve_many([c.id for c in mem.pending()], by="dana")


def lived(mem: Memory) -> list[str]:
    return [c.object for c in mem.current("Dana") if c.predicate == "lives_in"]


def test_the_same_conversation_twice_proposes_nothing_the_second_time(mem):
    first = mem.ingest(moves()[:1])
    assert first.proposed == 1
    approve_all(mem)
    again = mem.ingest(moves()[:1])
    assert again.proposed == 0 and again.already_ingested == 1
    assert mem.pending() == []


def test_re_ingest_never_brings_back_a_value_a_later_one_superseded(mem):
    mem.ingest(moves()[:1])
    approve_all(mem)
    mem.ingest(moves()[1:])
    approve_all(mem)
    assert lived(mem) == ["Denver"]
    report = mem.ingest(moves())
    assert report.proposed == 0 and mem.pending() == []
    reprocessed = mem.ingest(moves(), reprocess=True)  # a new extractor version, say
    assert reprocessed.proposed == 0 and reprocessed.outdated == 1
    assert mem.pending() == [] and lived(mem) == ["Denver"]
    assert [c.object for c in mem.history("Dana", "lives_in")] == ["Portland", "Denver"]


def test_an_edited_message_or_another_text_under_the_same_id_is_read(mem):
    mem.ingest(moves()[:1])
    edited = moves()[0].model_copy(update={"text": "I live in Portland and I use Vim."})
    report = mem.ingest([edited])
    assert report.already_ingested == 0
    assert {c.object for c in mem.pending()} == {"Portland", "Vim"}


def test_a_move_back_said_later_is_proposed_again(mem):
    mem.ingest(moves())
    approve_all(mem)
    back = Turn(text="I moved back to Portland.", speaker="Dana", conversation_id="c1",
                message_id="m3", timestamp=START + timedelta(days=90))
    report = mem.ingest([back])
    assert report.proposed == 1
    approve_all(mem)
    assert lived(mem) == ["Portland"]


def test_a_proposal_of_an_older_value_from_before_the_current_one_is_outdated(mem, clock):
    old = draft("Acme", "brand colour", "blue", message_id="a")
    mem.approve(mem.propose(old).claim_id, by="priya")
    clock.advance(days=10)
    mem.approve(mem.propose(draft("Acme", "brand colour", "green", message_id="b")).claim_id,
                by="priya")
    assert mem.propose(old).outcome == "outdated"
    assert [c.object for c in mem.current("Acme")] == ["green"]


def test_a_current_value_said_again_is_reinforced_and_writes_no_history(mem):
    mem.ingest(moves()[:1])
    approve_all(mem)
    again = Turn(text="Still living in Portland.", speaker="Dana", conversation_id="c2",
                 message_id="x1", timestamp=START + timedelta(days=5))
    report = mem.ingest([Turn(text="I live in Portland.", speaker="Dana",
                              conversation_id="c2", message_id="x2",
                              timestamp=START + timedelta(days=6)), again])
    assert report.proposed == 0 and report.reinforced >= 1
    assert [c.object for c in mem.history("Dana", "lives_in")] == ["Portland"]


def test_the_cli_ingest_twice_and_reprocess(tmp_path):
    from typer.testing import CliRunner

    from kg.cli import app

    db = tmp_path / "m"
    chat = tmp_path / "chat.jsonl"
    chat.write_text('{"id": "1", "speaker": "Dana", "text": "I live in Portland."}\n',
                    encoding="utf-8")
    runner = CliRunner()
    first = runner.invoke(app, ["--db", str(db), "ingest", str(chat), "--json"])
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, ["--db", str(db), "ingest", str(chat), "--json"])
    assert second.exit_code == 0 and '"already_ingested": 1' in second.output
    third = runner.invoke(app, ["--db", str(db), "ingest", str(chat), "--reprocess", "--json"])
    assert third.exit_code == 0 and '"already_ingested": 0' in third.output
    assert '"duplicate": 1' in third.output  # still pending from the first: not twice


def test_an_ingest_stopped_part_way_names_what_it_did_not_store_and_finishes_later(
        db_path, monkeypatch):
    from contextlib import contextmanager

    from kg.errors import DatabaseBusy
    from kg.limits import Limits

    turns = [Turn(text=f"I like {game}. I live in {town}.", speaker="Priya",
                  conversation_id="c", message_id=f"m{i}")
             for i, (game, town) in enumerate([("chess", "Leeds"), ("tennis", "York"),
                                               ("bridge", "Hull")])]
    with Memory(db_path, limits=Limits(max_batch=3)) as mem:
        real = type(mem.store).transaction
        calls = []

        @contextmanager
        def second_is_busy(store):
            calls.append(store.backend.in_transaction)
            if calls.count(False) == 2:  # the second write transaction (not a nested use)
                raise DatabaseBusy("in use by another process")
            with real(store):
                yield

        monkeypatch.setattr(type(mem.store), "transaction", second_is_busy)
        with pytest.raises(DatabaseBusy) as stopped:
            mem.ingest(turns)
        assert "Stored 1 of 3 turn(s); NOT stored: 2 turn(s): m1, m2" in str(stopped.value)
        monkeypatch.undo()
        assert {c.object for c in mem.pending()} == {"chess", "Leeds"}
        report = mem.ingest(turns)  # the same input again finishes it
        assert report.already_ingested == 1
        assert {c.object for c in mem.pending()} == {"chess", "Leeds", "tennis", "York", "bridge",
                                                     "Hull"}


def test_reading_the_same_messages_again_observes_nothing_new(mem):
    mem.ingest(moves()[:1])
    approve_all(mem)
    [claim] = mem.current("Dana", "lives_in")
    for _ in range(2):  # found trying kg as a new user: each --reprocess counted one more
        mem.ingest(moves()[:1], reprocess=True)
    assert mem.current("Dana", "lives_in")[0].observations == claim.observations == 1
    elsewhere = Turn(text="I live in Portland.", speaker="Dana", conversation_id="c2",
                     message_id="m1", timestamp=START + timedelta(days=1))
    mem.ingest([elsewhere])  # the same words in another conversation: seen again
    mem.ingest([elsewhere], reprocess=True)
    assert mem.current("Dana", "lives_in")[0].observations == 2

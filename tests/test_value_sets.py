"""Values said in one statement are one value set: they never supersede each other, and
together they supersede the previous statement's values on that (subject, predicate)
(the design card, section 2; issue 14, item 1)."""

from datetime import UTC, datetime, timedelta

from extract import Turn
from kg import Lifecycle, Memory
from tests.conftest import draft

START = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


def say(mem: Memory, text: str, message: str, day: int) -> None:
    mem.ingest([Turn(text=text, speaker="Dana", organisation="Acme", conversation_id="c",
                     message_id=message, timestamp=START + timedelta(days=day))])
    mem.approve_many([c.id for c in mem.pending()], by="dana")


def current(mem: Memory, predicate: str) -> set[str]:
    return {c.object for c in mem.current("Acme") if c.predicate == predicate}


def test_a_list_said_at_once_is_one_value_set(mem):
    say(mem, "Our stack is Go, Kafka and Postgres.", "m1", 0)
    assert current(mem, "stack") == {"Go", "Kafka", "Postgres"}
    assert mem.history_band("Acme") == []
    assert mem.store.integrity_problems() == dict.fromkeys(mem.store.integrity_problems(), 0)


def test_the_next_statement_supersedes_the_set_and_a_value_said_again_stays(mem):
    say(mem, "Our stack is Go, Kafka and Postgres.", "m1", 0)
    say(mem, "Our stack is now Rust and Go.", "m2", 30)
    assert current(mem, "stack") == {"Rust", "Go"}
    retired = {c.object: c for c in mem.history_band("Acme")}
    assert set(retired) == {"Kafka", "Postgres"}
    rust = next(c for c in mem.current("Acme") if c.object == "Rust")
    assert all(c.superseded_by == rust.id and c.valid_to == START + timedelta(days=30)
               for c in retired.values())
    go = next(c for c in mem.current("Acme") if c.object == "Go")
    assert go.observations == 2 and go.valid_from == START  # reinforced, never re-dated
    assert mem.store.integrity_problems() == dict.fromkeys(mem.store.integrity_problems(), 0)


def test_a_one_valued_value_from_another_message_still_supersedes(mem, clock):
    mem.approve(mem.propose(draft("Acme", "brand colour", "blue", message_id="a")).claim_id,
                by="priya")
    mem.approve(mem.propose(draft("Acme", "brand colour", "green", message_id="b")).claim_id,
                by="priya")
    assert [c.object for c in mem.current("Acme")] == ["green"]
    [old] = mem.history_band("Acme")
    assert old.object == "blue" and old.lifecycle == Lifecycle.superseded


def test_a_late_set_goes_to_history_whole_and_the_current_set_stays(mem):
    say(mem, "Our stack is Rust and Go.", "m2", 30)
    say(mem, "Our stack is Perl and PHP.", "m0", 0)  # said earlier, arrived later
    assert current(mem, "stack") == {"Rust", "Go"}
    old = {c.object: c for c in mem.history_band("Acme")}
    assert set(old) == {"Perl", "PHP"}
    assert all(c.valid_to == START + timedelta(days=30) for c in old.values())


def test_undoing_the_approval_that_retired_a_set_brings_the_set_back(mem):
    say(mem, "Our stack is Go, Kafka and Postgres.", "m1", 0)
    say(mem, "Our stack is now Rust and Go.", "m2", 30)
    rust = next(c for c in mem.current("Acme") if c.object == "Rust")
    mem.revert(rust.id, by="dana")
    assert current(mem, "stack") == {"Go", "Kafka", "Postgres"}
    assert mem.store.integrity_problems() == dict.fromkeys(mem.store.integrity_problems(), 0)


def test_review_shows_what_a_value_would_retire_and_what_it_joins(mem):
    say(mem, "Our stack is Go, Kafka and Postgres.", "m1", 0)
    mem.ingest([Turn(text="Our stack is now Rust and Elixir.", speaker="Dana",
                     organisation="Acme", conversation_id="c", message_id="m2",
                     timestamp=START + timedelta(days=30))])
    rust, elixir = sorted(mem.pending(), key=lambda c: c.object, reverse=True)
    change = mem.would_change(rust.id)
    assert {c.object for c in change.retires} == {"Go", "Kafka", "Postgres"}
    assert {c.object for c in change.joins} == {"Elixir"}
    mem.approve(rust.id, by="dana")
    assert {c.object for c in mem.would_change(elixir.id).joins} == {"Rust"}
    assert mem.would_change(elixir.id).retires == []


def test_review_list_marks_endings_and_says_what_each_claim_would_change(tmp_path):
    from typer.testing import CliRunner

    from kg.cli import app

    db, chat = tmp_path / "m", tmp_path / "chat.jsonl"
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, ["--db", str(db), *args])
        assert result.exit_code == 0, result.output
        return result.output

    chat.write_text('{"id": "1", "speaker": "Dana", "text": "Our stack is Go and Kafka."}\n'
                    '{"id": "2", "speaker": "Dana", "text": "We use Jenkins."}\n',
                    encoding="utf-8")
    run("ingest", str(chat), "--organisation", "Acme")
    listing = run("review", "list")
    assert "joins stack = Kafka (said together)" in listing
    # a switch's ending is said with the new value but joins nothing
    chat.write_text('{"id": "s", "speaker": "Dana", "text": "We moved our helpdesk from Zendesk '
                    'to Freshdesk."}\n', encoding="utf-8")
    run("ingest", str(chat), "--organisation", "Acme")
    listing = run("review", "list")
    assert "helpdesk: Freshdesk" in listing and "joins helpdesk" not in listing
    with Memory(db) as mem:  # (out of the way of what follows)
        for c in mem.pending():
            if c.predicate == "helpdesk":
                mem.reject(c.id, by="dana")
    with Memory(db) as mem:
        mem.approve_many([c.id for c in mem.pending()], by="dana")
    chat.write_text('{"id": "3", "speaker": "Dana", "text": "Our stack is now Rust."}\n'
                    '{"id": "4", "speaker": "Dana", "text": "We no longer use Jenkins."}\n',
                    encoding="utf-8")
    run("ingest", str(chat), "--organisation", "Acme")
    listing = run("review", "list")
    assert "replaces stack = Go" in listing and "replaces stack = Kafka" in listing
    assert "ENDS: " in listing and "would end uses = Jenkins" in listing


def test_review_list_shows_deferred_claims_with_their_date(tmp_path):
    from typer.testing import CliRunner

    from kg.cli import app

    db = tmp_path / "m"
    with Memory(db) as mem:
        later = mem.propose(draft("Acme", "uses", "Slack"))
        mem.defer(later.claim_id, until=datetime(2099, 1, 2, tzinfo=UTC), by="dana")
        assert mem.pending() == [] and mem.pending_summary().count == 1
    result = CliRunner().invoke(app, ["--db", str(db), "review", "list"])
    assert result.exit_code == 0 and "Acme uses: Slack" in result.output
    assert "deferred until 2099-01-02" in result.output

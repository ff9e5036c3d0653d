"""Trust boundaries (issue 15): what reaches a reviewer's terminal, what a bad file can
write, what a self-named decider or a far-future date can do."""

import json
from datetime import UTC, datetime, timedelta

import pytest
from typer.testing import CliRunner

from kg import InvalidClaim, Memory
from kg.cli import app
from tests.conftest import draft

ESCAPE = "Mallory\x1b[1G\x1b[2K\x1b[1A\u202e"


def test_terminal_escapes_in_stored_text_are_shown_never_run(tmp_path):
    db = tmp_path / "m"
    with Memory(db) as mem:
        mem.propose(draft("Acme", "ceo", ESCAPE))
    listing = CliRunner().invoke(app, ["--db", str(db), "review", "list"])
    assert listing.exit_code == 0
    assert "\x1b" not in listing.output and "\u202e" not in listing.output
    assert "Mallory<U+001B>[1G<U+001B>[2K" in listing.output
    as_json = CliRunner().invoke(app, ["--db", str(db), "review", "list", "--json"])
    assert json.loads(as_json.stdout)[0]["object"] == ESCAPE  # programs get it as stored


def test_the_review_screen_shows_escapes_as_text(mem):
    from kg.models import Change
    from review.render import describe

    claim = mem.claim(mem.propose(draft("Acme", "ceo", ESCAPE)).claim_id)
    shown = describe(claim, 1, 1, Change()).plain
    assert "\x1b" not in shown and "<U+001B>" in shown


def test_a_bad_turn_anywhere_in_a_file_stores_nothing_and_is_named_by_position(tmp_path):
    db, chat = tmp_path / "m", tmp_path / "chat.jsonl"
    lines = [json.dumps({"id": f"t{i}", "speaker": "Dana", "text": f"I live in Town{i}."})
             for i in range(200)]
    lines[99] = json.dumps({"id": "t99", "speaker": "Dana", "text": "x" * 25_000})
    chat.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["--db", str(db), "ingest", str(chat)])
    assert result.exit_code == 2
    assert "turn 100 (id t99)" in result.output
    with Memory(db) as mem:
        assert mem.pending() == [] and mem.events() == []


def test_a_fact_dated_in_the_far_future_is_refused(mem):
    with pytest.raises(InvalidClaim, match="valid_from"):
        mem.propose(draft("Acme", "brand colour", "red",
                          valid_from=datetime(9999, 1, 1, tzinfo=UTC)))
    assert mem.pending() == []
    soon = mem.clock() + timedelta(hours=2)  # clocks disagree a little
    assert mem.propose(draft("Acme", "brand colour", "red", valid_from=soon)).outcome == "pending"


def test_a_person_cannot_decide_as_a_policy_and_the_os_user_is_recorded(tmp_path):
    db = tmp_path / "m"
    with Memory(db) as mem:
        claim_id = mem.propose(draft("Acme", "uses", "Slack")).claim_id
    forged = CliRunner().invoke(app, ["--db", str(db), "review", "approve", claim_id,
                                      "--by", "policy:trusted"])
    assert forged.exit_code == 2 and "policy" in forged.output
    ok = CliRunner().invoke(app, ["--db", str(db), "review", "approve", claim_id,
                                  "--by", "ceo"])
    assert ok.exit_code == 0
    with Memory(db) as mem:
        [approved] = [e for e in mem.events(claim_id) if e.action == "approved"]
        assert approved.actor == "human:ceo"
        import getpass

        assert json.loads(approved.detail)["os_user"] == getpass.getuser()


def test_a_duplicate_within_one_batch_is_audited(mem):
    results = mem.propose_many([draft("Acme", "uses", "Slack"), draft("Acme", "uses", "slack")])
    assert [r.outcome for r in results] == ["pending", "duplicate"]
    actions = [e.action for e in mem.events(results[0].claim_id)]
    assert actions == ["proposed", "duplicate"]


def test_a_rejection_in_a_broader_scope_covers_the_narrower_ones(db_path):
    from kg import Scope

    with Memory(db_path) as mem:
        claim = mem.propose(draft("Acme", "uses", "Slack"))
        mem.reject(claim.claim_id, by="priya", reason="we left Slack")
    with Memory(db_path, scope=Scope(agent="a")) as agent:
        assert agent.propose(draft("Acme", "uses", "Slack")).outcome == "suppressed"
        assert agent.propose(draft("Acme", "uses", "Teams")).outcome == "pending"
    with Memory(db_path, scope=Scope(agent="a")) as agent:  # and not the other way round
        narrow = agent.propose(draft("Acme", "uses", "Zoom"))
        agent.reject(narrow.claim_id, by="priya", reason="not for agent a")
    with Memory(db_path) as mem:
        assert mem.propose(draft("Acme", "uses", "Zoom")).outcome == "pending"


def test_a_rejection_covers_an_aliased_name_on_every_path(mem):
    mem.approve(mem.propose(draft("Acme", "alias", "ACME Corporation")).claim_id, by="priya")
    mem.reject(mem.propose(draft("Acme", "uses", "Slack")).claim_id, by="priya", reason="no")
    assert mem.propose(draft("ACME Corporation", "uses", "Slack")).outcome == "suppressed"


SLACK_VARIANTS = ["Slack", "slack\ufe0f", "\u2800Slack", "Slack\u3164", "Slack。", "¡Slack!",
                  "„Slack“", "‹Slack›", "Slack‽", "«Slack»", "Sl\u200back", "SLACK\u00ad"]


@pytest.mark.parametrize("variant", SLACK_VARIANTS)
def test_invisible_and_edge_characters_do_not_dodge_a_rejection(mem, variant):
    mem.reject(mem.propose(draft("Acme", "uses", "Slack")).claim_id, by="priya", reason="no")
    assert mem.propose(draft("Acme", "uses", variant)).outcome == "suppressed"


def test_generated_variants_of_a_value_normalise_alike():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from kg.normalise import normalise_text

    # drawn as nothing inside a word; blank fillers draw a space, so only at the edges
    invisible = st.sampled_from(["\u200b", "\ufe0f", "\u2060", "\u00ad", "\ufeff", "\u200d"])
    edges = st.text(alphabet="„“‹›‽¡¿。、«»()[]\"'.,!?-–— \u2800\u3164\ufe0f", max_size=4)

    @settings(max_examples=300, deadline=None)
    @given(st.lists(invisible, max_size=4), edges, edges, st.booleans())
    def check(inserted, before, after, upper):
        word = "Brand Colour"
        chars = list(word.upper() if upper else word)
        for n, ch in enumerate(inserted):
            chars.insert((3 * n + 1) % len(chars), ch)
        assert normalise_text(before + "".join(chars) + after) == "brand colour"

    check()


def test_a_policy_never_overrides_a_human_value_from_a_broader_scope(db_path, clock):
    from kg import Scope
    from review.policy import Policy, apply_policies

    with Memory(db_path, clock=clock) as mem:
        mem.approve(mem.propose(draft("Acme", "brand colour", "blue")).claim_id, by="priya")
    clock.advance(days=1)
    with Memory(db_path, scope=Scope(agent="a"), clock=clock) as agent:
        red = agent.propose(draft("Acme", "brand colour", "red"))
        outcome = apply_policies(agent, [Policy(name="any", min_confidence=0.0)])
        assert outcome.approved == [] and outcome.for_a_person == [red.claim_id]
        assert [c.object for c in agent.current("Acme")] == ["blue"]
        change = agent.would_change(red.claim_id)
        assert [c.object for c in change.overrides] == ["blue"]


def test_a_symlink_in_the_memory_directory_is_never_written_through(db_path, tmp_path):
    import os

    with Memory(db_path) as mem:
        mem.propose(draft("Acme", "uses", "Slack"))
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    holder = db_path / "kg-holder.json"
    holder.unlink(missing_ok=True)
    os.symlink(victim, holder)
    result = CliRunner().invoke(app, ["--db", str(db_path), "stats", "--json"])
    assert result.exit_code == 0, result.output
    assert victim.read_text(encoding="utf-8") == "precious"


def test_a_new_memory_is_private_to_its_owner(tmp_path):
    import stat

    db = tmp_path / "private"
    with Memory(db) as mem:
        mem.propose(draft("Acme", "uses", "Slack"))
        assert stat.S_IMODE(db.stat().st_mode) == 0o700
        for name in ("kg-database.json", "kg.lock", "kg-holder.json"):
            assert stat.S_IMODE((db / name).stat().st_mode) == 0o600, name


def test_foreign_and_stale_files_in_the_lock_queue_are_ignored(db_path):
    import os

    with Memory(db_path) as mem:
        mem.propose(draft("Acme", "uses", "Slack"))
    queue = db_path / "kg.queue"
    queue.mkdir(exist_ok=True)
    (queue / ".DS_Store").write_bytes(b"\0\1")
    (queue / "00000000000000000001-notanumber").touch()
    # a live process that is not the ticket's owner (PID reused): its start time differs
    (queue / f"00000000000000000002-{os.getppid()}-1").touch()
    result = CliRunner().invoke(app, ["--db", str(db_path), "stats", "--json"],
                                env={"KG_LOCK_WAIT": "2"})
    assert result.exit_code == 0, result.output


class SlowExtractor:
    """An extractor that, while it works, has another process-like reader use the memory,
    and proposes ``per_turn`` claims for each turn."""

    name = "slow"

    def __init__(self, path, per_turn: int = 1) -> None:
        self.path, self.per_turn, self.read_meanwhile = path, per_turn, None

    def extract_many(self, turns):
        from extract.pipeline import ExtractionResult
        from kg import ClaimDraft, Provenance

        with Memory(self.path, hold=False, wait=0.2) as reader:  # would be busy if held
            self.read_meanwhile = len(reader.current())
        return [ExtractionResult(drafts=[ClaimDraft(
            subject=f"Thing {t.message_id}", predicate="likes", object=f"value {k}",
            provenance=Provenance(message_id=t.message_id, speaker=t.speaker,
                                  extractor="slow"))
            for k in range(self.per_turn)], sentences=1) for t in turns]


def test_extraction_runs_without_holding_the_database(tmp_path):
    from extract import Turn

    db = tmp_path / "m"
    with Memory(db, hold=False) as mem:
        slow = SlowExtractor(db)
        report = mem.ingest([Turn(text="x", speaker="Dana", message_id="1")], slow)
    assert slow.read_meanwhile == 0 and report.proposed == 1


def test_a_long_input_is_written_in_bounded_transactions_of_whole_turns(tmp_path):
    from extract import Turn
    from kg.limits import Limits

    db = tmp_path / "m"
    with Memory(db, hold=False, limits=Limits(max_batch=10)) as mem:
        turns = [Turn(text="x", speaker="Dana", message_id=str(i)) for i in range(6)]
        report = mem.ingest(turns, SlowExtractor(db, per_turn=4))  # 24 claims > 10
        assert report.proposed == 24 and len(mem.pending()) == 24
        assert mem.ingest(turns, SlowExtractor(db, per_turn=4)).already_ingested == 6

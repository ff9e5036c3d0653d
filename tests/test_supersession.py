"""A new value supersedes the old once approved; the old one is kept as history."""

from datetime import UTC, datetime

import pytest

from kg import Lifecycle, Memory, Status
from kg.models import Action
from tests.conftest import draft


def approve(mem: Memory, subject: str, predicate: str, obj: str, **kw) -> str:
    r = mem.propose(draft(subject, predicate, obj, **kw))
    mem.approve(r.claim_id, by="priya")
    return r.claim_id


def test_blue_then_green_current_holds_only_green_history_holds_blue(mem, clock):
    blue = approve(mem, "Acme", "brand colour", "blue")
    rebrand = clock.advance(days=20)
    green = approve(mem, "Acme", "brand color", "green")
    assert [c.object for c in mem.current("Acme")] == ["green"]
    [old] = mem.history_band("Acme")
    assert old.id == blue and old.lifecycle == Lifecycle.superseded
    assert old.valid_to == rebrand and old.superseded_by == green
    assert [c.object for c in mem.history("acme", "brand_color")] == ["blue", "green"]
    assert [c.object for c in mem.as_of(datetime(2026, 11, 5, tzinfo=UTC))] == ["blue"]


def test_a_pending_value_supersedes_nothing(mem, clock):
    approve(mem, "Acme", "brand colour", "blue")
    clock.advance(days=1)
    mem.propose(draft("Acme", "brand colour", "green"))
    assert [c.object for c in mem.current("Acme")] == ["blue"]
    assert mem.history_band() == []


def test_a_many_predicate_keeps_both_values(mem, clock):
    approve(mem, "Priya", "likes", "tea")
    clock.advance(days=1)
    approve(mem, "Priya", "likes", "chess")
    assert sorted(c.object for c in mem.current("Priya")) == ["chess", "tea"]


def test_an_older_value_arriving_late_becomes_history_not_current(mem, clock):
    clock.advance(days=30)
    approve(mem, "Priya", "lives in", "Berlin", valid_from=datetime(2026, 10, 1, tzinfo=UTC))
    late = approve(mem, "Priya", "lives in", "Pune", valid_from=datetime(2026, 3, 1, tzinfo=UTC))
    assert [c.object for c in mem.current("Priya")] == ["Berlin"]
    old = mem.claim(late)
    assert old.lifecycle == Lifecycle.superseded
    assert old.valid_to == datetime(2026, 10, 1, tzinfo=UTC)


def test_a_late_value_between_two_splits_the_earlier_interval(mem, clock):
    clock.advance(days=300)
    a = approve(mem, "Priya", "lives in", "Pune", valid_from=datetime(2026, 1, 1, tzinfo=UTC))
    approve(mem, "Priya", "lives in", "Berlin", valid_from=datetime(2026, 9, 1, tzinfo=UTC))
    mid = approve(mem, "Priya", "lives in", "Oslo", valid_from=datetime(2026, 5, 1, tzinfo=UTC))
    assert mem.claim(a).valid_to == datetime(2026, 5, 1, tzinfo=UTC)
    assert mem.claim(mid).valid_to == datetime(2026, 9, 1, tzinfo=UTC)
    assert [c.object for c in mem.as_of(datetime(2026, 6, 1, tzinfo=UTC))] == ["Oslo"]


def test_supersession_is_recorded_in_the_audit_log(mem, clock):
    blue = approve(mem, "Acme", "brand colour", "blue")
    clock.advance(days=1)
    approve(mem, "Acme", "brand colour", "green")
    actions = [e.action for e in mem.events(blue)]
    assert actions == [Action.proposed, Action.approved, Action.superseded]


def test_an_approval_that_fails_midway_leaves_both_claims_as_they_were(mem, clock, monkeypatch):
    blue = approve(mem, "Acme", "brand colour", "blue")
    clock.advance(days=1)
    green = mem.propose(draft("Acme", "brand colour", "green")).claim_id
    backend = mem.store.backend
    real_write = backend.write

    def failing_write(claims, keys, slots, events):
        real_write(claims, {}, {}, [])  # the claims' changes are in; the disk fills up
        raise OSError("disk full (injected)")

    monkeypatch.setattr(backend, "write", failing_write)
    with pytest.raises(OSError, match="injected"):
        mem.approve(green, by="priya")
    monkeypatch.undo()
    assert mem.claim(blue).lifecycle == Lifecycle.current and mem.claim(blue).valid_to is None
    assert mem.claim(green).status == Status.pending
    assert [c.object for c in mem.current()] == ["blue"]
    assert [e.action for e in mem.events(blue)] == [Action.proposed, Action.approved]
    mem.approve(green, by="priya")  # and the store is still usable
    assert [c.object for c in mem.current()] == ["green"]


def test_undoing_an_approval_restores_what_it_superseded(mem, clock):
    blue = approve(mem, "Acme", "brand colour", "blue")
    clock.advance(days=1)
    green = approve(mem, "Acme", "brand colour", "green")
    mem.revert(green, by="priya")
    assert [c.object for c in mem.current()] == ["blue"]
    assert mem.claim(blue).valid_to is None and mem.claim(green).status == Status.pending
    assert mem.events(green)[-1].action == Action.reverted
    mem.approve(green, by="priya")  # and it can be decided again
    assert [c.object for c in mem.current()] == ["green"]


def test_undoing_a_rejection_lifts_the_tombstone(mem):
    r = mem.propose(draft("Acme", "brand colour", "blue"))
    mem.reject(r.claim_id, by="priya")
    mem.revert(r.claim_id, by="priya")
    assert mem.claim(r.claim_id).status == Status.pending
    assert mem.propose(draft("Acme", "brand colour", "blue")).outcome == "duplicate"


def test_every_supersession_the_benchmark_says_is_answered_with_the_new_value_only(tmp_path):
    """The benchmark's scenarios said as a person says them, read by the extractor, all
    approved: each question's context holds the new value and never the old one."""
    from bench.supersession import SCENARIOS, conversation

    turns = [t for t, scenario, _ in conversation(60) if scenario]  # each change weeks later
    with Memory(tmp_path / "m", user="Priya") as mem:
        mem.approve_many(mem.ingest(turns).claim_ids, by="priya")
        for s in SCENARIOS:
            text = mem.context(s.question, max_chars=2000).text.lower()
            assert s.new.lower() in text, (s.name, text)
            assert s.old.lower() not in text, (s.name, text)

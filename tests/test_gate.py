"""The approval gate: only approved claims are read; decisions are typed and atomic."""

from datetime import UTC, datetime, timedelta

import pytest

from kg import ClaimNotFound, InvalidClaim, InvalidDecision, Memory, Outcome, Status
from kg.models import Action, ClaimKind, ObjectKind
from tests.conftest import draft


def every_read(mem: Memory, subject: str = "Acme", predicate: str = "brand colour") -> list:
    far = datetime(2100, 1, 1, tzinfo=UTC)
    return [
        *mem.current(), *mem.current(subject), *mem.history_band(), *mem.history_band(subject),
        *mem.as_of(mem.clock()), *mem.as_of(far), *mem.history(subject, predicate),
    ]


def test_pending_claim_never_appears_in_any_read(mem):
    r = mem.propose(draft("Acme", "brand colour", "#1F4E79"))
    assert r.outcome == Outcome.pending
    assert every_read(mem) == []
    assert mem.entity("Acme") is None


def test_rejected_claim_never_appears_in_any_read(mem):
    r = mem.propose(draft("Acme", "brand colour", "#1F4E79"))
    mem.reject(r.claim_id, by="priya", reason="wrong")
    assert every_read(mem) == []
    assert mem.claim(r.claim_id).status == Status.rejected


def test_approved_claim_is_read_with_its_decider(mem):
    r = mem.propose(draft("Acme", "brand colour", "#1F4E79"))
    mem.approve(r.claim_id, by="priya")
    [claim] = mem.current("acme")
    assert claim.object == "#1F4E79" and claim.decided_by == "human:priya"
    assert mem.entity("ACME").name == "Acme"


def test_rejected_claim_proposed_again_is_suppressed_not_pending(mem):
    first = mem.propose(draft("Acme", "brand colour", "#1F4E79"))
    mem.reject(first.claim_id, by="priya")
    again = mem.propose(draft(" acme ", "Brand Color", "#1f4e79", message_id="m9"))
    assert again.outcome == Outcome.suppressed
    assert mem.pending() == []
    assert [e.action for e in mem.events(first.claim_id)][-1] == Action.suppressed


def test_purged_rejection_still_suppresses_and_keeps_only_the_event(mem):
    first = mem.propose(draft("Acme", "brand colour", "#1F4E79"))
    mem.reject(first.claim_id, by="priya", reason="private")
    mem.purge(first.claim_id, by="priya")
    purged = mem.claim(first.claim_id)
    assert "#1F4E79" not in purged.model_dump_json()
    assert "private" not in " ".join(e.detail for e in mem.events(first.claim_id))
    assert mem.events(first.claim_id)[-1].action == Action.purged
    assert mem.propose(draft("Acme", "brand colour", "#1F4E79")).outcome == Outcome.suppressed


def test_same_key_pending_twice_is_one_claim(mem):
    a = mem.propose(draft("Acme", "brand colour", "blue"))
    b = mem.propose(draft("Acme", "brand colour", "Blue", message_id="m2"))
    assert b.outcome == Outcome.duplicate and b.claim_id == a.claim_id
    assert len(mem.pending()) == 1 and mem.claim(a.claim_id).observations == 2


def test_same_key_after_approval_reinforces_without_a_new_edge(mem):
    a = mem.propose(draft("Acme", "brand colour", "blue"))
    mem.approve(a.claim_id, by="priya")
    b = mem.propose(draft("Acme", "brand colour", "blue", message_id="m2"))
    assert b.outcome == Outcome.reinforced
    [claim] = mem.current()
    assert claim.observations == 2 and mem.pending() == []


@pytest.mark.parametrize("by", [None, "", "   ", "robot:x", "policy:"])
def test_a_decision_without_a_valid_actor_is_refused_and_changes_nothing(mem, by):
    r = mem.propose(draft("Acme", "brand colour", "blue"))
    with pytest.raises(InvalidDecision):
        mem.approve(r.claim_id, by=by)
    assert mem.claim(r.claim_id).status == Status.pending
    assert [e.action for e in mem.events(r.claim_id)] == [Action.proposed]


def test_deciding_twice_is_refused(mem):
    r = mem.propose(draft("Acme", "brand colour", "blue"))
    mem.approve(r.claim_id, by="priya")
    with pytest.raises(InvalidDecision, match="already approved"):
        mem.reject(r.claim_id, by="sam")
    with pytest.raises(InvalidDecision):
        mem.approve(r.claim_id, by="sam")
    assert mem.claim(r.claim_id).decided_by == "human:priya"


def test_unknown_id_and_unknown_decision_words_are_typed_errors(mem):
    r = mem.propose(draft("Acme", "brand colour", "blue"))
    with pytest.raises(ClaimNotFound):
        mem.approve("no-such-claim", by="priya")
    with pytest.raises(InvalidDecision, match="unknown decision"):
        mem.decide(r.claim_id, "maybe", by="priya")
    assert mem.claim(r.claim_id).status == Status.pending


def test_policy_approval_is_never_shown_as_human(mem):
    r = mem.propose(draft("Acme", "brand colour", "blue"))
    claim = mem.approve(r.claim_id, by="policy:high-confidence")
    assert claim.decided_by == "policy:high-confidence"
    assert mem.events(r.claim_id)[-1].actor == "policy:high-confidence"


def test_empty_draft_fields_are_refused():
    with pytest.raises(ValueError, match="subject"):
        draft("  ", "brand colour", "blue")


def test_a_subject_of_punctuation_only_is_refused(mem):
    with pytest.raises(InvalidClaim, match="subject"):
        mem.propose(draft("!!!", "brand colour", "blue"))
    assert mem.pending() == []


def test_edit_keeps_initial_and_final_and_reads_return_the_final(mem):
    r = mem.propose(draft("Acme", "brand colour", "blu", text="Our brand colour is blu"))
    mem.edit(r.claim_id, {"object": "blue", "text": "Acme's brand colour is blue"}, by="priya")
    edited = mem.claim(r.claim_id)
    assert edited.initial_text == "Our brand colour is blu"
    assert edited.final_text == "Acme's brand colour is blue"
    mem.approve(r.claim_id, by="priya")
    assert [c.object for c in mem.current()] == ["blue"]
    # The extractor seeing the original sentence again is the same, edited claim.
    again = mem.propose(draft("Acme", "brand colour", "blu"))
    assert again.outcome == Outcome.reinforced and again.claim_id == r.claim_id


def test_edit_of_an_unknown_field_is_refused(mem):
    r = mem.propose(draft("Acme", "brand colour", "blue"))
    with pytest.raises(InvalidDecision, match="cannot edit"):
        mem.edit(r.claim_id, {"status": "approved"}, by="priya")


def test_deferred_claim_is_hidden_until_its_date(mem, clock):
    r = mem.propose(draft("Acme", "brand colour", "blue"))
    mem.defer(r.claim_id, until=clock.now + timedelta(days=7), by="priya")
    assert mem.pending() == []
    assert mem.pending_summary().count == 1
    clock.advance(days=8)
    assert [c.id for c in mem.pending()] == [r.claim_id]


def test_forget_removes_a_fact_from_every_band_and_keeps_the_audit(mem):
    r = mem.propose(draft("Acme", "brand colour", "blue"))
    mem.approve(r.claim_id, by="priya")
    mem.forget(r.claim_id, by="priya", reason="asked to")
    assert every_read(mem) == []
    assert [e.action for e in mem.events(r.claim_id)][-1] == Action.retracted


def test_an_approved_ending_closes_the_current_value(mem, clock):
    a = mem.propose(draft("Acme", "uses", "Slack", object_kind=ObjectKind.entity))
    mem.approve(a.claim_id, by="priya")
    end_at = clock.advance(days=3)
    ending = mem.propose(draft("Acme", "uses", "slack", object_kind=ObjectKind.entity,
                               kind=ClaimKind.retract))
    assert mem.current("Acme")[0].object == "Slack"  # pending endings change nothing
    mem.approve(ending.claim_id, by="priya")
    assert mem.current("Acme") == []
    [old] = mem.history_band("Acme")
    assert old.valid_to == end_at and old.superseded_by == ending.claim_id


def test_a_large_batch_links_every_claim_to_its_own_entities_and_slot(mem):
    drafts = [draft(f"Entity {i % 37}", ["brand colour", "lives in", "likes"][i % 3],
                    f"value {i}", object_kind=ObjectKind.entity if i % 2 else ObjectKind.string,
                    message_id=f"m{i}")  # each its own statement: no value sets here
              for i in range(300)]
    results = mem.propose_many(drafts)
    assert len({r.claim_id for r in results}) == 300
    assert not any(mem.store.integrity_problems().values())
    for r in results[:40]:
        mem.approve(r.claim_id, by="priya")
    mem.approve_many([r.claim_id for r in results[40:]], by="priya")  # one large batch
    assert not any(mem.store.integrity_problems().values())
    current = mem.current()
    slots = [(c.subject, c.predicate) for c in current
             if mem.registry.cardinality(c.predicate) == "one"]
    assert len(slots) == len(set(slots))  # one current value per one-valued slot
    events = mem.events()
    assert [e.seq for e in events] == sorted(e.seq for e in events)
    assert sum(e.action == "superseded" for e in events) == 300 - len(current)
    for d, r in zip(drafts[:5], results[:5], strict=True):
        claim = mem.claim(r.claim_id)
        assert (claim.subject_name, claim.object) == (d.subject, d.object)

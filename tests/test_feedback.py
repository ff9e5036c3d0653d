"""Review decisions feed back into extraction: rejected patterns lose confidence."""

from extract import Turn
from kg import Memory
from kg.feedback import HOLD_BACK_RATE, MIN_DECISIONS, penalties, tallies


def ingest(mem: Memory, text: str, n: int):
    return mem.ingest([Turn(text=text, speaker="Priya", organisation="Acme",
                            message_id=f"m{n}", conversation_id="c")])


def test_a_pattern_people_keep_rejecting_is_held_back(mem):
    for i in range(MIN_DECISIONS):
        report = ingest(mem, f"I am a fan number {i}.", i)
        [cid] = report.claim_ids
        assert mem.claim(cid).provenance.pattern == "identity"
        mem.reject(cid, by="priya", reason="not a fact")
    assert mem.review_penalties()["identity"] == 0.0
    report = ingest(mem, "I am a keen sailor.", 99)
    assert report.proposed == 0 and report.dropped.get("held_back") == 1


def test_rejections_lower_confidence_before_holding_back(mem):
    first = ingest(mem, "I like tea.", 1).claim_ids[0]
    mem.reject(first, by="priya")
    second = ingest(mem, "I like chess.", 2).claim_ids[0]
    assert mem.claim(second).provenance.confidence < mem.claim(first).provenance.confidence


def test_policy_decisions_do_not_count_as_feedback(mem):
    for i in range(MIN_DECISIONS):
        cid = ingest(mem, f"I am a fan number {i}.", i).claim_ids[0]
        mem.approve(cid, by="policy:auto")
    assert tallies(mem.store.decisions(mem.scope)) == {}


def test_no_decisions_no_penalty():
    assert penalties({}) == {} and HOLD_BACK_RATE < 1


def test_stats_count_decisions_over_time_and_the_most_rejected(mem):
    from kg.stats import summary

    for i in range(3):
        cid = ingest(mem, f"I am a fan number {i}.", i).claim_ids[0]
        mem.reject(cid, by="priya")
    cid = ingest(mem, "I like tea.", 9).claim_ids[0]
    mem.approve(cid, by="priya")
    data = summary(mem)
    assert data["by_day"] == {"2026-11-01": {"rejected": 3, "approved": 1}}
    assert data["by_week"] == {"2026-W44": {"rejected": 3, "approved": 1}}
    assert data["most_rejected"][0]["name"] in ("identity", "predicate:is_a")
    assert data["approval_rate"] == 0.25

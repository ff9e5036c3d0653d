"""Context and neighbourhoods: only approved, current facts; history labelled as past."""

from datetime import UTC, datetime, timedelta

from kg import Memory
from kg.models import ObjectKind, Provenance
from tests.conftest import draft


def approve(mem: Memory, *args, **kw) -> str:
    r = mem.propose(draft(*args, **kw))
    mem.approve(r.claim_id, by="priya")
    return r.claim_id


def test_pending_claim_never_reaches_context_or_neighbourhood(mem):
    approve(mem, "Acme", "brand colour", "blue")
    pending = mem.propose(draft("Acme", "ceo", "Dana", object_kind=ObjectKind.entity))
    result = mem.context("Tell me about Acme", hops=3)
    assert pending.claim_id not in {c.id for c in result.claims}
    assert "Dana" not in result.text
    assert all(c.id != pending.claim_id for c in mem.neighbourhood("Acme", hops=3))
    assert result.pending.count == 1


def test_an_entity_known_only_through_pending_claims_is_not_linked(mem):
    mem.propose(draft("Zephyr Labs", "brand colour", "teal"))
    result = mem.context("What colour is Zephyr Labs?")
    assert result.entities == [] and result.claims == []
    assert mem.neighbourhood("Zephyr Labs") == []


def test_rejected_claim_never_reaches_context(mem):
    approve(mem, "Acme", "brand colour", "blue")
    r = mem.propose(draft("Acme", "tone", "snarky"))
    mem.reject(r.claim_id, by="priya")
    assert "snarky" not in mem.context("Acme tone").text


def test_after_a_rebrand_context_holds_only_the_new_value_and_history_the_old(mem, clock):
    approve(mem, "Acme", "brand colour", "#1F4E79")
    clock.now = datetime(2026, 11, 20, tzinfo=UTC)
    approve(mem, "Acme", "brand colour", "green")
    current = mem.context("What is Acme's brand colour?")
    assert [c.object for c in current.claims] == ["green"]
    assert "#1F4E79" not in current.text
    past = mem.context("What is Acme's brand colour?", history=True)
    assert [c.object for c in past.history] == ["#1F4E79"]
    assert "was #1F4E79" in past.text and "until 2026-11-20" in past.text
    then = mem.context("Acme brand colour", as_of=datetime(2026, 11, 5, tzinfo=UTC))
    assert [c.object for c in then.claims] == ["#1F4E79"]


def test_the_walk_follows_entities_over_approved_claims(mem):
    approve(mem, "Priya", "works at", "Acme", object_kind=ObjectKind.entity)
    approve(mem, "Acme", "brand colour", "green")
    near = {c.object for c in mem.neighbourhood("Priya", hops=1)}
    far = {c.object for c in mem.neighbourhood("Priya", hops=2)}
    assert near == {"Acme"} and far == {"Acme", "green"}


def test_a_bounded_walk_goes_on_from_the_entities_its_best_claims_reached():
    from kg.context import walk
    from kg.models import Claim

    def claim(i: str, subject: str, obj: str, confidence: float) -> Claim:
        return Claim.model_construct(
            id=i, subject=subject, subject_name=subject, predicate="knows", object=obj,
            object_entity=obj, observations=1, accepted=0, declined=0,
            valid_from=datetime(2026, 11, 1, tzinfo=UTC),
            provenance=Provenance(confidence=confidence))
    edges = {"priya": [claim("a", "priya", "ana", 0.9), claim("b", "priya", "bo", 0.5)],
             "ana": [claim("c", "ana", "cy", 0.9)], "bo": [claim("d", "bo", "di", 0.9)]}
    now = datetime(2026, 11, 2, tzinfo=UTC)
    every = walk(["priya"], lambda e: edges.get(e, []), 2, now)
    bounded = walk(["priya"], lambda e: edges.get(e, []), 2, now, width=1)
    assert {r.claim.id for r in every} == {"a", "b", "c", "d"}
    assert {r.claim.id for r in bounded} == {"a", "b", "c"}  # on from Ana, the best reached


def test_a_claim_past_the_walks_width_that_holds_the_querys_words_is_still_found(mem):
    for i in range(40):  # more people than the walk goes on from at 2,000 characters
        approve(mem, "Priya", "knows", f"Person {i}", object_kind=ObjectKind.entity,
                valid_from=datetime(2026, 10, 1, tzinfo=UTC) - timedelta(days=i))
        approve(mem, f"Person {i}", "likes", f"pastime {i}")
    approve(mem, "Person 39", "plays", "cello")
    found = mem.context("Who does Priya know that plays the cello?")
    assert "cello" in {c.object for c in found.claims}
    assert "pastime 0" in mem.context("What do Priya's friends like?").text


def test_context_json_carries_id_validity_decider_and_provenance(mem):
    cid = approve(mem, "Acme", "brand colour", "green", message_id="msg-42")
    [claim] = mem.context("Acme").claims
    assert claim.id == cid and claim.decided_by == "human:priya"
    assert claim.message_id == "msg-42" and claim.source_sentence
    assert claim.valid_to is None


def test_context_is_cut_to_the_budget_and_deterministic(mem):
    for i in range(30):
        approve(mem, "Acme", "likes", f"thing {i}")
    a = mem.context("Acme", max_claims=5)
    b = mem.context("Acme", max_claims=5)
    assert len(a.claims) == 5 and [c.id for c in a.claims] == [c.id for c in b.claims]
    assert len(mem.context("Acme", max_chars=100).text) < 200


def test_a_query_naming_no_entity_falls_back_to_pinned_facts(mem):
    cid = approve(mem, "Acme", "tone of voice", "warm and plain")
    assert mem.context("How should I write this email?").claims == []
    mem.pin(cid, by="priya")
    assert [c.id for c in mem.context("How should I write this email?").claims] == [cid]


def test_a_pinned_fact_leaves_the_fallback_once_unpinned_superseded_or_forgotten(mem, clock):
    # the band keeps its pinned claims apart (CurrentBand.pinned): each change must reach it
    def shown() -> list[str]:
        return [c.id for c in mem.context("How should I write this email?").claims]

    cid = approve(mem, "Acme", "tone of voice", "warm and plain")
    mem.pin(cid, by="priya")
    mem.pin(cid, by="priya", pinned=False)
    assert cid not in shown()
    mem.pin(cid, by="priya")
    clock.now = datetime(2026, 11, 20, tzinfo=UTC)
    newer = approve(mem, "Acme", "tone of voice", "short and direct", message_id="m2")
    assert cid not in shown()  # superseded: history now
    mem.pin(newer, by="priya")
    assert shown() == [newer]
    mem.forget(newer, by="priya")
    assert newer not in shown()


def test_only_an_approved_claim_can_be_pinned(mem):
    import pytest

    from kg import InvalidDecision

    r = mem.propose(draft("Acme", "tone", "warm"))
    with pytest.raises(InvalidDecision, match="only an approved claim"):
        mem.pin(r.claim_id, by="priya")


def test_the_query_words_bring_an_old_fact_before_newer_unrelated_ones(mem, clock):
    approve(mem, "Priya", "lives in", "Berlin", valid_from=clock.now)
    for i in range(60):  # a hub: many newer facts that say nothing of where she lives
        clock.advance(days=1)
        approve(mem, "Priya", "did read", f"book {i}", message_id=f"m{i + 2}")
    result = mem.context("Where does Priya live?", max_claims=3)
    assert result.claims[0].object == "Berlin"
    assert [c.object for c in mem.context("Tell me about Priya", max_claims=3).claims] == [
        "book 59", "book 58", "book 57"]


def test_a_pending_claim_holding_the_query_words_still_never_reaches_context(mem):
    approve(mem, "Priya", "likes", "tea")
    pending = mem.propose(draft("Priya", "lives in", "Lisbon"))
    result = mem.context("Where does Priya live?")
    assert "Lisbon" not in result.text
    assert pending.claim_id not in {c.id for c in result.claims}


def test_the_character_budget_bounds_the_whole_block_header_included(mem):
    for i in range(30):
        approve(mem, "Priya", "likes", f"thing number {i}", message_id=f"m{i}")
    for budget in (80, 200, 700):  # 80: the smallest budget the CLI takes
        result = mem.context("Priya", max_chars=budget, max_claims=100)
        assert len(result.text) <= budget and result.claims


def test_the_rest_of_a_message_ranks_the_claim_said_in_it(mem):
    from extract import Turn
    for i in range(5):
        approve(mem, "Priya", "likes", f"thing {i}", message_id=f"m{i}")
    report = mem.ingest([Turn(text="Any book recommendations? I loved Dune.", speaker="Priya",
                              message_id="m9")])
    mem.approve_many(report.claim_ids, by="priya")
    for i in range(5, 10):
        approve(mem, "Priya", "likes", f"thing {i}", message_id=f"m{i + 10}")
    assert [c.object for c in mem.context("Which book does Priya like?", max_claims=1).claims
            ] == ["Dune"]


def test_words_of_a_rejected_sentence_in_the_same_message_never_leave_the_store(mem):
    from extract import Turn
    from kg.exports import claims_frame, to_json, to_rdf
    report = mem.ingest([Turn(text="I live in Berlin. My codename is Falcon.", speaker="Priya",
                              message_id="m1")])
    claims = [mem.claim(i) for i in report.claim_ids]
    [berlin] = [c for c in claims if c.object == "Berlin"]
    [falcon] = [c for c in claims if c.object == "Falcon"]
    mem.approve(berlin.id, by="priya")
    mem.reject(falcon.id, by="priya", reason="secret")
    assert "falcon" in mem.claim(berlin.id).provenance.message_words  # kept for ranking
    result = mem.context("What is Priya's codename?")
    shown = [result.model_dump_json(), mem.claim(berlin.id).model_dump_json(),
             to_json(mem, band="all"), to_rdf(mem, band="all").serialize(format="turtle"),
             claims_frame(mem).to_json(), *(c.model_dump_json() for c in mem.current())]
    assert all("falcon" not in text.lower() for text in shown)


def test_a_purge_erases_the_message_words_kept_for_ranking(mem):
    from extract import Turn
    [claim_id] = mem.ingest([Turn(text="I live in Berlin. Any tips on codenames?",
                                  speaker="Priya", message_id="m1")]).claim_ids
    assert "codenam" in mem.claim(claim_id).provenance.message_words
    mem.reject(claim_id, by="priya", reason="private")
    mem.purge(claim_id, by="priya")
    assert mem.claim(claim_id).provenance.message_words == ""


def _family(mem: Memory) -> None:
    mem.set_owner("Yusuf", by="yusuf")
    approve(mem, "Yusuf", "age", "41", object_kind=ObjectKind.number)
    approve(mem, "Yusuf", "lives in", "Sheffield", object_kind=ObjectKind.entity)
    approve(mem, "Yusuf", "works at", "Hollis Baines", object_kind=ObjectKind.entity)
    approve(mem, "Yusuf", "son", "Emre", object_kind=ObjectKind.entity)
    approve(mem, "Emre", "age", "7", object_kind=ObjectKind.number)
    approve(mem, "Emre", "likes", "dinosaurs")
    approve(mem, "Yusuf", "has child", "Defne", object_kind=ObjectKind.entity)
    approve(mem, "Yusuf's sister", "lives in", "Izmir", object_kind=ObjectKind.entity)


def test_a_relative_named_by_relation_is_asked_about_first(mem):
    """"How old is my son?": the son's age, not the asker's (issue 16, item 5)."""
    _family(mem)
    first = mem.context("How old is my son?").claims[0]
    assert (first.subject, first.predicate, first.object) == ("Emre", "age", "7")
    sister = mem.context("Where does my sister live?").claims[0]
    assert (sister.subject, sister.object) == ("Yusuf's sister", "Izmir")
    kids = mem.context("Does Yusuf have kids?").claims[:2]
    assert {c.object for c in kids} == {"Emre", "Defne"}


def test_a_relative_reached_by_relation_still_passes_the_gate(mem):
    _family(mem)
    pending = mem.propose(draft("Emre", "school", "Hillside Primary"))
    rejected = mem.propose(draft("Yusuf", "daughter", "Mira", object_kind=ObjectKind.entity))
    mem.reject(rejected.claim_id, by="yusuf")
    for query in ("Which school does my son go to?", "How old is my daughter?"):
        result = mem.context(query)
        assert pending.claim_id not in {c.id for c in result.claims}
        assert "Hillside" not in result.text and "Mira" not in result.text


def test_a_question_about_hobbies_finds_what_one_does_first(mem, clock, monkeypatch):
    monkeypatch.setenv("KG_MEANING", "0")  # by its words alone
    for i, (predicate, obj) in enumerate([("does", "climbing"), ("sister", "Maya"),
                                          ("lives in", "Leeds"), ("works at", "Globex")] + [
                                          ("knows", f"Person {n}") for n in range(20)]):
        approve(mem, "Priya", predicate, obj, message_id=f"m{i}")
        clock.advance(minutes=1)  # the later, the higher, words aside
    first = mem.context("What are Priya's hobbies?").claims[0]
    assert (first.predicate, first.object) == ("does", "climbing")


def test_a_still_question_offers_an_approved_ending_and_nothing_unapproved(mem):
    """"I quit smoking" approved is an answer to "Does Sam still smoke?" (labelled no
    longer); a pending or a rejected ending never reaches context, by this path either."""
    from kg.models import ClaimKind

    ended = mem.propose(draft("Sam", "does", "smoking", kind=ClaimKind.retract))
    mem.approve(ended.claim_id, by="priya")
    mem.approve(mem.propose(draft("Sam", "lives_in", "Bristol")).claim_id, by="priya")
    waiting = mem.propose(draft("Sam", "does", "running", kind=ClaimKind.retract))
    refused = mem.propose(draft("Sam", "does", "swimming", kind=ClaimKind.retract))
    mem.reject(refused.claim_id, by="priya", reason="not said")
    still = mem.context("Does Sam still smoke?")
    assert [c.object for c in still.history] == ["smoking"] and still.history[0].ended
    assert "Sam no longer does: smoking" in still.text
    assert "no longer true" not in still.text  # (an ending under "no longer true" read
    # as a double negative to a new user)
    assert still.matched  # the ending answers what was asked
    assert all(c.id not in (waiting.claim_id, refused.claim_id)
               for c in still.claims + still.history)
    # a question that asks nothing of the kind gets the current band only
    assert mem.context("Where does Sam live?").history == []
    # of several endings, the one that says what was asked, alone
    quit_job = mem.propose(draft("Sam", "works_at", "Crumb & Co", kind=ClaimKind.retract))
    mem.approve(quit_job.claim_id, by="priya")
    assert [c.object for c in mem.context("Does Sam still smoke?").history] == ["smoking"]
    # the block, endings included, stays within the budget
    assert len(mem.context("Does Sam still smoke?", max_chars=120).text) <= 120


def test_a_question_no_current_fact_answers_gets_the_ending_that_does(mem, clock):
    """"Am I vegetarian?" after "I'm not vegetarian anymore" (approved) answers with the
    ending, labelled past, without "still"; a question a current fact answers gets the
    current band only; pending and rejected endings stay out, by this path too."""
    from kg.models import ClaimKind

    mem.approve(mem.propose(draft("Sam", "is_a", "vegetarian")).claim_id, by="priya")
    clock.advance(days=1)
    ended = mem.propose(draft("Sam", "is_a", "vegetarian", kind=ClaimKind.retract))
    mem.approve(ended.claim_id, by="priya")
    mem.approve(mem.propose(draft("Sam", "eats", "fish")).claim_id, by="priya")
    mem.approve(mem.propose(draft("Sam", "lives_in", "Bristol")).claim_id, by="priya")
    clock.advance(days=1)
    mem.approve(mem.propose(draft("Sam", "lives_in", "Leeds")).claim_id, by="priya")
    waiting = mem.propose(draft("Sam", "does", "running", kind=ClaimKind.retract))
    refused = mem.propose(draft("Sam", "plays", "rugby", kind=ClaimKind.retract))
    mem.reject(refused.claim_id, by="priya", reason="not said")
    asked = mem.context("Is Sam vegetarian?")
    assert [(c.predicate, c.object) for c in asked.history] == [("is_a", "vegetarian")]
    assert "Sam no longer is a: vegetarian" in asked.text and asked.matched
    assert "vegetarian" not in {c.object for c in asked.claims}  # never as current
    # a current fact answers: no past beside it
    assert mem.context("Where does Sam live?").history == []
    for question in ("Does Sam run?", "Does Sam play rugby?"):
        got = mem.context(question)
        assert all(c.id not in (waiting.claim_id, refused.claim_id)
                   for c in got.claims + got.history)


def test_what_belongs_to_an_entity_is_a_step_from_it_and_stays_gated(mem):
    """"Acme's designers use Figma" is about Acme: a question about Acme reaches it at
    the next step, before facts that share nothing with the question. A pending claim
    of a possessed entity never comes back that way."""
    for i, (s, p, o) in enumerate([("Acme", "stack", "Python"), ("Acme", "office", "Leeds"),
                                   ("Acme", "founded_in", "2009"),
                                   ("Acme's designers", "mockup_tool", "Figma")]):
        mem.approve(mem.propose(draft(s, p, o, message_id=f"m{i}")).claim_id, by="p")
    mem.propose(draft("Acme's lawyers", "tool", "Clio", message_id="m9"))  # pending
    result = mem.context("Which design tool does Acme use?", max_chars=200)
    assert result.claims[0].object == "Figma"
    assert "Clio" not in mem.context("What tool do Acme's lawyers use?").text
    assert "Clio" not in mem.context("Which tool does Acme use?", max_chars=2000).text


def test_a_relatives_job_is_theirs_not_the_askers(mem):
    """Found trying a new user's memory: "What's my partner's job?" read "partner's" as
    no relation, and the asker's own work claims (holding "work") came before the
    partner's."""
    _family(mem)
    approve(mem, "Yusuf", "partner", "Ayla", object_kind=ObjectKind.entity)
    approve(mem, "Ayla", "is a", "vet")
    claims = mem.context("What's my partner's job?", max_chars=300).claims
    assert ("Ayla", "vet") in [(c.subject, c.object) for c in claims[:2]]


def test_a_named_owners_relative_comes_before_the_owner(mem):
    """Found trying a new user's memory: "How is Nadia's dad?" put "Nadia sister: Leila"
    first, above the dad's own claims; the query names Nadia only as the dad's owner."""
    approve(mem, "Nadia", "sister", "Leila", object_kind=ObjectKind.entity)
    approve(mem, "Nadia", "works at", "Fernlight", object_kind=ObjectKind.entity)
    approve(mem, "Nadia's dad", "has", "angina")
    approve(mem, "Nadia's dad", "lives in", "Bristol", object_kind=ObjectKind.entity)
    first = mem.context("How is Nadia's dad?").claims[:2]
    assert {(c.subject, c.object) for c in first} == {("Nadia's dad", "angina"),
                                                      ("Nadia's dad", "Bristol")}
    both = mem.context("Does Nadia see Nadia's dad often?")  # Nadia asked of too
    assert "Nadia" in both.entities


def test_the_block_is_cut_to_the_budget_and_no_shorter(mem):
    """``fit`` keeps the most it can: the block fits, and one more line would not (the
    past asked for is dropped only once no current line is left)."""
    import random

    from kg import context as ctx

    for i in range(10):
        approve(mem, "Acme", f"fact {i}", "x" * (3 + 7 * i))
    claims = mem.current("Acme")
    rng = random.Random(7)
    for _ in range(300):
        current = [ctx.Ranked(claim=c, hops=0, score=1.0)
                   for c in rng.sample(claims, rng.randint(0, 8))]
        past = rng.sample(claims, rng.randint(0, 3))
        budget = rng.randint(20, 600)
        kept, then = ctx.fit(current, past, budget)
        block = ctx.render([r.claim for r in kept], then)
        assert len(block) <= budget or not (kept or then)
        if len(then) < len(past):  # the past goes last, after every current line
            assert kept == []
            assert len(ctx.render([], past[:len(then) + 1])) > budget
        elif len(kept) < len(current):
            assert len(ctx.render([r.claim for r in current[:len(kept) + 1]], then)) > budget


def test_where_did_i_work_before_offers_the_approved_ending(mem):
    """Found trying kg in a fresh clone: "Where did I work before?" never offered the
    approved "no longer works at" (only "still", "anymore", "used to" ... did)."""
    from kg.models import ClaimKind

    mem.set_owner("Omar", by="omar")
    mem.approve(mem.propose(draft("Omar", "works_at", "Oakfield School",
                                  kind=ClaimKind.retract)).claim_id, by="omar")
    mem.approve(mem.propose(draft("Omar", "likes", "Radiohead", message_id="m2")).claim_id,
                by="omar")
    assert "Omar no longer works at: Oakfield School" in mem.context(
        "Where did I work before?").text
    assert mem.context("What did I like before the move?").history == []


def test_a_when_question_puts_the_best_match_before_a_dated_claim_sharing_one_word(mem, clock):
    approve(mem, "Tim", "wants to", "attend a book conference", message_id="m1")
    for i in range(10):  # dated episodes, each sharing one word of the question
        clock.advance(days=1)
        approve(mem, "Tim", "did go to", f"conference number {i}", message_id=f"m{i + 2}")
    result = mem.context("When is Tim attending a book conference?", max_claims=3)
    assert result.claims[0].object == "attend a book conference"
    # a dated claim that holds the words asked still goes first
    approve(mem, "Tim", "did attend", "book conference in Leeds", message_id="m20")
    result = mem.context("When is Tim attending a book conference?", max_claims=3)
    assert result.claims[0].object == "book conference in Leeds"


def test_a_question_about_someone_the_memory_does_not_know_matches_nothing(mem):
    approve(mem, "Ravi", "lives in", "Glasgow", object_kind=ObjectKind.entity)
    approve(mem, "Ravi", "works at", "Glasgow Royal", object_kind=ObjectKind.entity)
    stranger = mem.context("Where does Owen work?")
    assert not stranger.matched and "No approved fact matches" in stranger.text
    assert mem.context("Where does Ravi work?").matched
    assert mem.context("Does Ravi live in Glasgow or Edinburgh?").matched  # Ravi is known


def test_a_puppy_got_answers_whether_one_has_a_pet(mem):
    # found trying kg as a new user: "Do I have a pet?" matched nothing over "got: puppy"
    mem.set_owner("Isla", by="isla")
    approve(mem, "Isla", "role", "senior nurse")
    approve(mem, "Isla", "did_get", "puppy")
    approve(mem, "Isla's brother", "works at", "distillery")
    found = mem.context("Do I have a pet?")
    assert found.matched and found.claims[0].object == "puppy"


def test_a_puppy_named_answers_whether_one_has_a_dog(mem):
    # found trying kg as a new user: "do I have a dog?" said no fact matched over
    # "has pet: Pudding" and "puppy: Pudding"
    mem.set_owner("Kemi", by="kemi")
    approve(mem, "Kemi", "lives in", "Brighton", object_kind=ObjectKind.entity)
    approve(mem, "Kemi", "puppy", "Pudding", object_kind=ObjectKind.entity)
    found = mem.context("do I have a dog?")
    assert found.matched and found.claims[0].object == "Pudding"
    assert not mem.context("do I have a horse?").matched  # a puppy is no horse


def test_an_ending_said_before_the_value_came_back_is_no_answer(mem, clock):
    """Found by an adversarial read: "vegan", its ending, "vegan" again: "Is Sam still
    vegan?" showed the current value and, as past, the stale ending."""
    from kg.models import ClaimKind

    mem.approve(mem.propose(draft("Sam", "is_a", "vegan", message_id="a")).claim_id, by="p")
    clock.advance(days=1)
    mem.approve(mem.propose(draft("Sam", "is_a", "vegan", kind=ClaimKind.retract,
                                  message_id="b")).claim_id, by="p")
    clock.advance(days=1)
    mem.approve(mem.propose(draft("Sam", "is_a", "vegan", message_id="c")).claim_id, by="p")
    still = mem.context("Is Sam still vegan?")
    assert [c.object for c in still.claims] == ["vegan"] and still.history == []


def test_a_fact_of_someone_else_holding_the_words_asked_is_no_match(mem):
    """"Does Sam have any pets?": Jess's dogs hold "pets", but are not Sam's; the answer
    says nothing matched (and Sam's own facts come first)."""
    approve(mem, "Jess", "has pet", "two dogs")
    approve(mem, "Sam", "lives in", "Leeds", object_kind=ObjectKind.entity)
    asked = mem.context("Does Sam have any pets?")
    assert not asked.matched and asked.claims[0].subject == "Sam"
    assert mem.context("Does Jess have any pets?").matched


def test_a_fact_the_walk_reaches_far_from_whom_was_asked_still_matches(mem):
    """A claim three hops from the one asked about, with ``hops=4``, holds what was
    asked: it matches (the walk reached it), as one at hop 1 does."""
    for subject, predicate, value in (("Priya", "works at", "Acme"),
                                      ("Acme", "based in", "Berlin"),
                                      ("Berlin", "is in", "Germany")):
        approve(mem, subject, predicate, value, object_kind=ObjectKind.entity)
    approve(mem, "Germany", "anthem", "Das Lied der Deutschen")
    far = mem.context("Priya anthem", hops=4)
    assert "Das Lied der Deutschen" in [c.object for c in far.claims] and far.matched


def test_what_someone_does_is_asked_as_their_job(mem):
    """"What does Lucy do?" put her pets and her home before her job."""
    approve(mem, "Lucy", "is from", "Cardiff", object_kind=ObjectKind.entity)
    approve(mem, "Lucy", "has pet", "Mango", object_kind=ObjectKind.entity)
    approve(mem, "Lucy", "is a", "primary school teacher")
    assert mem.context("What does Lucy do?").claims[0].object == "primary school teacher"
    assert mem.context("what does Lucy do for a living").claims[0].object == (
        "primary school teacher")


def test_a_plan_is_dated_when_said_and_for_when_its_sentence_names(mem):
    said = datetime(2025, 11, 20, 12, tzinfo=UTC)

    def plan(predicate: str, obj: str, sentence: str) -> None:
        r = mem.propose(draft("Jess", predicate, obj, valid_from=said).model_copy(update={
            "provenance": Provenance(message_id=obj, speaker="Jess", source_text=sentence)}))
        mem.approve(r.claim_id, by="jess")

    plan("doing_go_to", "Lisbon", "im going to Lisbon in june with Dan")
    plan("doing_run", "Manchester marathon", "I'm running the Manchester marathon on April 12th.")
    plan("plans_to", "learn Welsh", "I want to learn Welsh one day")
    plan("doing_train_for", "triathlon", "I'm training for a triathlon every Friday")
    result = mem.context("Jess plans", max_chars=2000)
    by_object = {c.object: c.planned_for for c in result.claims}
    assert by_object == {"Lisbon": "2026-06", "Manchester marathon": "2026-04-12",
                         "learn Welsh": None, "triathlon": None}
    # a plan is no episode of the day it was said: the line says when it was said
    assert "Lisbon (said 2025-11-20, for 2026-06)" in result.text
    assert "learn Welsh (said 2025-11-20)" in result.text

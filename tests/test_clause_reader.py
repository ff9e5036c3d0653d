"""The clause reader: every clause with a subject is read, filters apply per clause,
subjects resolve against the conversation, real chat is folded before parsing."""

import uuid

import pytest

from extract import SpacyExtractor, Turn
from extract.chat import fold
from kg.models import ClaimKind
from tests.conftest import talk


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


def said(extractor, *texts, speaker="Dana", org="Acme", conversation=""):
    """(subject, predicate, object, kind) of every claim a conversation's turns propose
    (a new conversation each call unless one is named: what it established stays)."""
    conversation = conversation or uuid.uuid4().hex
    turns = [Turn(text=t, speaker=speaker, organisation=org, conversation_id=conversation,
                  message_id=f"m{i}") for i, t in enumerate(texts)]
    return {(d.subject, d.predicate, d.object, d.kind.value)
            for r in extractor.extract_many(turns) for d in r.drafts}


def one(extractor, text, **kw):
    return {(s, p, o) for s, p, o, k in said(extractor, text, **kw) if k == "assert"}


def wildcard_hits(unwanted, got):
    """The claims in ``got`` that a pattern of ``unwanted`` matches ("*": anyone,
    anything)."""
    return [g for u in unwanted for g in got
            if all(w in ("*", h) for w, h in zip(u, g, strict=True))]


@pytest.mark.parametrize(("text", "expected"), [
    ("Team Falcon owns the billing service.", {("Team Falcon", "owns", "billing service")}),
    ("Team 10 owns Project 10.", {("Team 10", "owns", "Project 10")}),
    ("Project 9 belongs to Team9.", {("Project 9", "belongs_to", "Team9")}),
    ("I drive a blue Skoda.", {("Dana", "drives", "blue Skoda")}),
    ("Ravi is our CTO.", {("Acme", "cto", "Ravi")}),
    ("Marco manages the Berlin office.", {("Marco", "manages", "Berlin office")}),
    ("Tomás prefers dark mode in every dashboard.", {("Tomás", "prefers", "dark mode")}),
    ("The staging server runs Ubuntu 24.04.", {("staging server", "runs", "Ubuntu 24.04")}),
    ("I work at Globex as a data engineer.",
     {("Dana", "works_at", "Globex"), ("Dana", "role", "data engineer")}),
    ("I live in Town166.", {("Dana", "lives_in", "Town166")}),
    ("The billing service is owned by Team Falcon.", {("Team Falcon", "owns", "billing service")}),
    ("I want to be a teacher.", {("Dana", "wants_to", "be a teacher")}),
    ("I'm from Ohio.", {("Dana", "is_from", "Ohio")}),
    ("I have two cats.", {("Dana", "has_pet", "two cats")}),
    ("Harry Potter is my favourite book.", {("Dana", "favorite_book", "Harry Potter")}),
    ("My son Leo is six.", {("Dana", "son", "Leo"), ("Leo", "age", "six")}),
    ("Joanna, who leads Team Falcon, is based in Warsaw.",
     {("Joanna", "leads", "Team Falcon"), ("Joanna", "lives_in", "Warsaw")}),
    ("She hates the rain.", set()),  # no one to be "she"
    # the small model takes the verb for a plural noun ("repairs guitars", "fixes bikes")
    ("Rhys repairs guitars for a living.", {("Rhys", "repairs", "guitars")}),
    ("Tom fixes bikes.", {("Tom", "fixes", "bikes")}),
    ("Tom tickets for friday.", set()),  # no verb however it is written
    # a person's possessive, in a deed done, is their own
    ("Kofi just passed his driving test.", {("Kofi", "did_pass", "driving test")}),
    ("Ada is bringing her baby.", set()),  # whose baby, the parse cannot say
    # a past spelt like its present, said with a habit, is the present
    ("I hit the gym every morning before work.", {("Dana", "hits", "gym")}),
    ("I hit the gym yesterday.", {("Dana", "did_hit", "gym")}),
])
def test_a_plain_fact_is_read_whatever_its_verb(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a gerund the parser hangs on the verb is what is taught, and where apart
    ("I teach kayaking at an outdoor centre.",
     {("Dana", "teaches", "kayaking"), ("Dana", "teaches_at", "outdoor centre")}),
    ("I keep forgetting.", set()),
    # a plan's words keep their spaces where an aside was cut, and no dangling "of"
    ("im gonna make a lamb tagine, with rice instead of couscous",
     {("Dana", "plans_to", "make a lamb tagine with rice")}),
    # "my niece Ffion" read as a firm, or "niece" as a name, is still the niece
    ("The bags are designed by my niece Ffion, who's at art school.",
     {("Dana", "niece", "Ffion"), ("Ffion", "designs", "bags"),
      ("Ffion", "attends", "art school")}),
    ("My son is at university in Leeds.", {("Dana's son", "attends", "university in Leeds")}),
    ("I'm at school.", set()),  # where one is this minute
    ("We're closed on Mondays and Tuesdays.",
     {("Dana", "closed_on", "Mondays"), ("Dana", "closed_on", "Tuesdays")}),
    # an amount and what it is per are one value; a share of a thing is not the thing
    ("My rent is £1,150 a month, which is nearly half my take-home pay.",
     {("Dana", "rent", "£1,150 a month")}),
    ("tagine is my fav thing ever", {("Dana", "favorite", "tagine")}),
    ("i only eat between 12 and 8", set()),
    ("I'm the opposite.", set()),
    ("Some weeks I'm honestly running on fumes.", set()),
    ("Our brunch menu is shakshuka, Turkish eggs and a vegan fry-up.",
     {("Dana", "brunch_menu", "shakshuka"), ("Dana", "brunch_menu", "Turkish eggs"),
      ("Dana", "brunch_menu", "vegan fry-up")}),  # a hyphenated last item is an item
    ("My cat is Twelve.", {("Dana's cat", "age", "Twelve")}),  # a capital is no name
    ("I have joined the Bowls Club.", {("Dana", "member_of", "Bowls Club")}),
])
def test_words_around_a_value_are_cut_where_the_language_cuts_them(extractor, text, expected):
    assert {(s, p, o.lower() if s == "Dana" and p == "favorite" else o)
            for s, p, o in one(extractor, text, org="")} == expected


def test_a_list_is_one_value_per_item_of_one_claim_family(extractor):
    assert one(extractor, "Our stack is Go, Kafka and Postgres.") == {
        ("Acme", "stack", "Go"), ("Acme", "stack", "Kafka"), ("Acme", "stack", "Postgres")}

    # the small model reads "Go" after a comma as a verb of its own; it is still an item
    assert one(extractor, "We use Python, Go and Rust.") == {
        ("Acme", "uses", "Python"), ("Acme", "uses", "Go"), ("Acme", "uses", "Rust")}


@pytest.mark.parametrize(("text", "expected"), [
    ("We have two kids, Ollie and June.",  # "June" is tagged a date
     {("Dana", "has_child", "Ollie"), ("Dana", "has_child", "June")}),
    ("I have two sisters, Anna and Maria.",
     {("Dana", "has_sibling", "Anna"), ("Dana", "has_sibling", "Maria")}),
    ("We have a cat, Biko.", {("Dana", "has_pet", "Biko"), ("Dana", "cat", "Biko")}),
    ("I have a meeting in June.", set()),
])
def test_names_given_for_what_one_has_are_its_values(extractor, text, expected):
    assert one(extractor, text) == expected


def test_the_speakers_own_name_is_no_claim_but_a_stranger_label_learns_one(extractor):
    assert one(extractor, "Hi, I'm Dana.") == set()
    assert one(extractor, "My name is Dana.", speaker="user") == {("user", "name", "Dana")}


def test_a_coordinated_verb_shares_its_subject_and_a_stop_is_a_retraction(extractor):
    assert said(extractor, "I quit Vim and started using VS Code.") == {
        ("Dana", "uses", "Vim", "retract"), ("Dana", "uses", "VS Code", "assert")}


def test_a_switch_is_the_new_value_and_the_end_of_the_old(extractor):
    assert said(extractor, "We switched from Jira to Linear last month.") == {
        ("Acme", "uses", "Linear", "assert"), ("Acme", "uses", "Jira", "retract")}


def test_a_hedge_drops_its_own_clause_not_its_neighbour(extractor):
    assert one(extractor, "I live in Oslo, though I might move to Rome.") == {
        ("Dana", "lives_in", "Oslo")}


@pytest.mark.parametrize(("text", "expected"), [
    ("I don't like seafood.", {("Dana", "dislikes", "seafood")}),
    ("I don't eat meat.", {("Dana", "does_not_eat", "meat")}),
    ("I can't stand reality shows.", {("Dana", "dislikes", "reality shows")}),
    ("I'm not a fan of pie charts.", {("Dana", "dislikes", "pie charts")}),
    ("I don't live in Pune.", set()),
    ("I don't have kids.", set()),
])
def test_a_negation_is_its_natural_opposite_or_nothing(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize("text", [
    "She said she lives in Rome.", "If we moved to Paris I'd be happy.",
    "Can you check whether Dana lives in Leeds?", "Maybe our colour should be red.",
    "I think we use Slack.", "Remind me to call Priya.",
    "is it true - did you move to Leeds?",  # a question all through, dash or not
])
def test_reported_hypothetical_and_requested_facts_propose_nothing(extractor, text):
    assert said(extractor, text) == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("The doctor says I have a cataract.", {("Dana", "has", "cataract")}),
    ("Dr Okafor told me I have high blood pressure.", {("Dana", "has", "high blood pressure")}),
    ("My friend says I have a lovely garden.", set()),  # hearsay, no finding
    ("The vet said Biscuit might need his teeth out.", set()),  # a hedge inside holds
])
def test_a_clinicians_finding_is_no_hearsay(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Kendal is a small market town in Cumbria.",
     {("Kendal", "is_a", "small market town"), ("Kendal", "is_in", "Cumbria")}),
    ("I have put out Beer Traps.", {("Dana", "did_put_out", "Beer Traps")}),
    ("I have a doctor's appointment on Tuesday.", {("Dana", "doctor_appointment", "Tuesday")}),
    ("Isla is on a placement in Barry.", {("Isla", "placement", "Barry")}),
    ("I'm on maternity leave until March.", {("Dana", "leave", "maternity leave")}),
    ("I'm on a course in May.", set()),  # which course, it does not say
    ("I put the kettle on.", set()),
    # found trying kg as a new user: a holiday says when, never where or who "we" are
    ("We went to Rome at Easter.", {("Dana", "did_go_to", "Rome")}),
    ("we're visiting my brother Sami at Easter", {("Dana", "brother", "Sami"),
                                                 ("Dana", "doing_visit", "Sami")}),
    ("My mum was a paintress at Wedgwood for twenty years.",
     {("Dana's mum", "was_a", "paintress"), ("Dana's mum", "did_work_at", "Wedgwood")}),
    ("I was a nurse in Leeds.", {("Dana", "was_a", "nurse")}),  # a town, no employer
    ("The new clutch is being fitted by Hallam's Garage on Cricklade Road.",
     {("Hallam's Garage", "doing_fit", "new clutch")}),
    ("The case is being handled by someone called Priyesh.",
     {("Priyesh", "doing_handle", "case")}),
    ("The fridge has been fixed by Marek.", {("Marek", "did_fix", "fridge")}),
    ("Our build server runs Ubuntu 22.04 and Jenkins.",
     {("Dana's build server", "runs", "Ubuntu 22.04"), ("Dana's build server", "runs", "Jenkins")}),
    ("nice. my landlords selling the flat btw", {("Dana's landlord", "doing_sell", "flat")}),
    ("We've just got a kitten, Pickle.", {("Dana", "has_pet", "Pickle"),
                                          ("Dana", "kitten", "Pickle")}),
])
def test_a_place_a_stint_and_a_phrasal_verb_are_read(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Brilliant, I'll book her in for her jabs next week.",
     {("Dana", "plans_to", "book her in for her jabs")}),
    ("OK, this week I will apply to DVLA for the British licence.",
     {("Dana", "plans_to", "apply to DVLA for the British licence")}),
    ("ill come next weds and bring Amira", {("Dana", "plans_to", "come"),
                                            ("Dana", "plans_to", "bring Amira")}),
    # a "will" with no day is a promise of the moment, not a plan
    ("Right, I'll make a shopping list.", set()),
    ("ok I'll ping him after lunch", set()),
    ("I won't be in on Monday.", set()),
    ("If it's nice at Easter we'll take you to the garden centre.", set()),
    ("Maybe we'll fly to Lisbon in August.", set()),
])
def test_a_will_dated_ahead_is_a_plan(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Denise, who founded us in 2011, still does the Sunday feeds herself.",
     {("Denise", "founded", "Acme"), ("Acme", "founded_in", "2011")}),
    ("My dad Roger started the place in 1988.",
     {("Dana", "dad", "Roger"), ("Roger", "founded", "Acme"), ("Acme", "founded_in", "1988")}),
    ("Anke founded Loomwise in 2019.", {("Anke", "founded", "Loomwise"),
                                        ("Loomwise", "founded_in", "2019")}),
    ("Kofi set up Argo.", {("Kofi", "did_set_up", "Argo")}),  # a system set up, no firm
    ("We're a small cat rescue.", {("Acme", "is_a", "small cat rescue")}),
    # a town under 50,000 people, its name no English word nor a first name
    ("We're an independent garage in Truro.", {("Acme", "is_in", "Truro")}),
    ("Most of our parts are supplied by Kellow Motor Factors.",
     {("Kellow Motor Factors", "supplies", "parts")}),
    ("All our neutering is done by Hartley Vets.", {("Hartley Vets", "does", "neutering")}),
    # the college is where Kit studies, not who "our" is
    ("Kit, who's our apprentice, is doing his Level 3 at Truro College.",
     {("Acme", "apprentice", "Kit")}),
])
def test_an_organisation_its_founding_its_size_and_its_suppliers(extractor, text, expected):
    assert expected <= one(extractor, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("I am plumber.", {("Dana", "is_a", "plumber")}),
    ("My wife is nurse.", {("Dana's wife", "is_a", "nurse")}),
    ("My husband he works in the hospital, he is radiographer at Leicester Royal.",
     {("Dana's husband", "role", "radiographer"), ("Dana's husband", "works_at", "Leicester Royal"),
      ("Dana's husband", "works_at", "hospital")}),
    ("I'm home for the holidays.", set()),  # a bare noun and a preposition: a turn of phrase
])
def test_a_learners_english_is_read_for_what_it_means(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Uncle Femi gave me two hives", {("Femi", "did_give", "two hives")}),
    ("they gave us 8 weeks severance at least", {("Dana", "did_get", "8 weeks severance")}),
    ("she gave me a call yesterday", set()),  # a gesture, no thing got
    ("me and isla are thinking of interrailing in september",
     {("Dana", "plans_to", "interrailing"), ("Isla", "plans_to", "interrailing")}),
    ("I'm thinking about quitting.", set()),  # weighed, with no time: no plan yet
    ("I'm thinking of you.", set()),
])
def test_what_was_given_and_what_is_weighed_for_a_time_ahead(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My asthma has been bad this week.", {("Dana", "has", "asthma")}),
    ("my mums arthritis is playing up again", {("Dana's mum", "has", "arthritis")}),
    ("My back is killing me.", set()),  # a body part, no condition
    ("My passport expires on 3 September.", {("Dana", "passport_expiry", "3 September")}),
])
def test_a_condition_owned_and_a_document_dated(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Tom got engaged to Sarah.", {("Tom", "engaged_to", "Sarah")}),
    ("Callum and Fiona got engaged.", {("Callum", "engaged_to", "Fiona")}),
    ("Tom and Sarah got married in June.",
     {("Tom", "married_to", "Sarah"), ("Tom", "did_get_married_in", "June"),
      ("Sarah", "did_get_married_in", "June")}),
    ("I'd love to get married to Tom.", set()),  # only wished
    ("My dad has type 2 diabetes.", {("Dana's dad", "has", "type 2 diabetes")}),
    ("I have run a marathon.", {("Dana", "did_run", "marathon")}),  # a participle stays
    ("I'm a member of the rowing club.", {("Dana", "member_of", "rowing club")}),
    ("Kunle is head of the engineering department.",
     {("Kunle", "head_of", "engineering department")}),
    ("Sara is the new head of marketing.", {("Sara", "role", "head of marketing")}),
    ("Ravi is the founder of Brightpath.",
     {("Ravi", "role", "founder of brightpath"), ("Ravi", "founded", "Brightpath")}),
    ("The mobile app is written in Kotlin.", {("mobile app", "written_in", "Kotlin")}),
    ("The team uses Notion.", {("Dana's team", "uses", "Notion")}),
])
def test_unions_posts_of_things_and_a_thing_with_no_firm_known(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("my son's obsessed with dinosaurs", {("Dana's son", "likes", "dinosaurs")}),
    ("my sister's having twins!!", {("Dana's sister", "doing_have", "twins")}),
    ("my sister's car is red", {("Dana's sister", "car", "red")}),  # a possessive stays
    ("I've been at Monzo for three years now", {("Dana", "works_at", "Monzo")}),
    ("I've been at Leeds for three years now", set()),  # a town is no employer
    ("I'm gluten free btw", {("Dana", "does_not_eat", "gluten")}),
    ("my dad's been alcohol free since january", {("Dana's dad", "does_not_drink", "alcohol")}),
    ("I'm not gluten free.", set()),
    ("I'm free on Saturday.", set()),
    ("We sell gluten-free brownies.", {("Dana", "sells", "gluten-free brownies")}),
])
def test_a_chat_is_a_firm_held_for_years_and_a_diet_gone_without(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("my nan turns 100 on saturday", {("Dana's nan", "turning", "100"),
                                      ("Dana's nan", "birthday", "saturday")}),  # that day
    ("My son turns 10 in May.", {("Dana's son", "turning", "10")}),  # no age yet
    ("Dad is turning 60 in March.", {("Dana's dad", "turning", "60")}),
    ("Grandma turned 90 in May.", {("Dana's grandma", "age", "90")}),
    ("dad's 70 next month", {("Dana's dad", "turning", "70")}),
    ("I'll be 40 in June", {("Dana", "turning", "40")}),
    ("I might be 40 by then", set()),  # a guess
    ("they will be happy", set()),
    ("my birthday's sunday", {("Dana", "birthday", "sunday")}),
    ("amara's 7 and zoe's 9 lol", {("Amara", "age", "7"), ("Zoe", "age", "9")}),
])
def test_an_age_ahead_is_the_one_being_turned_not_the_age_now(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I handed my notice in at Brightwell yesterday", {("Dana", "works_at", "Brightwell")}),
    ("I got made redundant from Fernwell.", {("Dana", "works_at", "Fernwell")}),
    ("I was laid off from Fernwell last week.", {("Dana", "works_at", "Fernwell")}),
])
def test_a_job_ended_without_leave_or_quit_is_no_longer_held(extractor, text, expected):
    assert {(s, p, o) for s, p, o, k in said(extractor, text, org="")
            if k == "retract"} == expected


def test_a_condition_the_model_does_not_know_is_still_had(extractor):
    """"angina" is no word the small model knows: it was hung as punctuation, as a clause
    of its own, or as an adjective "has" was the auxiliary of."""
    for said_so in ("the consultant says he has angina", "not great, the consultant says he "
                    "has angina", "Not great. The consultant says he has angina."):
        assert talk(extractor, "Omar: how's your dad doing?", f"Nadia: {said_so}")[1] == {
            ("Nadia's dad", "has", "angina")}


@pytest.mark.parametrize(("text", "expected"), [
    ("I do the accounts.", {("Dana", "does", "accounts")}),  # a duty held
    ("i do the front desk and check harnesses", {("Dana", "does", "front desk")}),
    ("I did the dishes.", {("Dana", "did_do", "dishes")}),  # once, no duty
    ("I'm in first year engineering at Strathclyde.",
     {("Dana", "studies", "engineering"), ("Dana", "studies_at", "Strathclyde")}),
    ("we're in the final year of the contract", set()),  # no field of study
])
def test_a_duty_done_and_a_year_of_study(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_year_of_study_and_a_name_addressed_at_the_end(extractor):
    said_then = talk(extractor, "Finn: my girlfriend Isla is lovely",
                     "Finn: She's in her second year of law at Leeds.")
    assert said_then[1] == {("Isla", "studies", "law"), ("Isla", "studies_at", "Leeds")}
    said_then = talk(extractor, "Ross: hey", "Niamh: my aunt Orla lives in Dublin",
                     "Niamh: she has 2 cats ross")
    assert said_then[2] == {("Orla", "has_pet", "2 cats")}


def test_a_job_ended_with_no_place_named_is_the_employer_the_talk_knows(extractor):
    assert said(extractor, "I work at Fernwell.", "I got made redundant yesterday.",
                org="") == {("Dana", "works_at", "Fernwell", "assert"),
                            ("Dana", "works_at", "Fernwell", "retract")}


@pytest.mark.parametrize(("text", "expected"), [
    ("my husband got offered a job at the hospital",
     {("Dana's husband", "offered_job_at", "hospital")}),
    ("I've been offered a place at Leeds!", {("Dana", "offered_place_at", "Leeds")}),
    ("I might hand my notice in.", set()),
    ("I didn't get laid off.", set()),
])
def test_an_offer_is_no_job_yet_and_a_job_kept_is_not_ended(extractor, text, expected):
    assert {(s, p, o) for s, p, o, k in said(extractor, text, org="")} == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We love painting together lately, especially nature-inspired ones.",
     {("Dana", "likes", "painting")}),
    ("I made this stained glass window to remind myself.",
     {("Dana", "did_make", "stained glass window")}),
    ("Nah, I haven't. I've been busy painting - here's something I just finished.",
     {("Dana", "does", "painting")}),
    ("Been reading that book you recommended a while ago.", {("Dana", "doing_read", "book")}),
    ("I made him cry.", set()),  # a making that causes, nothing made
    ("Playing video games or watching movies helps me unwind.",
     {("Dana", "does", "playing video games"), ("Dana", "does", "watching movies")}),
    ("Yoga keeps me sane.", {("Dana", "does", "yoga")}),
    ("My dog keeps me sane.", set()),  # someone, not something done
    ("Hi Gina! Been hectic lately. Started hitting the gym last week.",
     {("Dana", "hits", "gym")}),  # a later sentence's dropped "I"
    ("Thanks! Got the tattoo a few years ago.", {("Dana", "did_get", "tattoo")}),
    ("Wow. Baked beans are my favourite.", {("Dana", "favorite", "Baked beans")}),
])
def test_a_doing_is_read_past_its_asides_purposes_and_dropped_subject(extractor, text,
                                                                      expected):
    assert one(extractor, text, org="") == expected


def test_we_is_the_organisation_the_sentence_or_the_conversation_names(extractor):
    assert one(extractor, "At Globex we use Jira.", org="") == {("Globex", "uses", "Jira")}
    got = said(extractor, "I work at Initech.", "We use Linear.", org="", conversation="w")
    assert ("Initech", "uses", "Linear", "assert") in got


def test_our_child_and_our_home_are_the_speakers_even_with_an_organisation(extractor):
    assert one(extractor, "Our daughter Sofia is 6.", org="Northwind") == {
        ("Dana", "daughter", "Sofia"), ("Sofia", "age", "6")}
    assert one(extractor, "We live in Portland.", org="Northwind") == {
        ("Dana", "lives_in", "Portland")}


def test_she_is_the_one_person_just_named_and_nobody_when_two_were(extractor):
    assert ("Maya", "is_a", "nurse", "assert") in said(
        extractor, "Maya lives in Pune.", "She is a nurse.", conversation="p1")
    assert not any(s in ("Maya", "Tom") for s, *_ in said(
        extractor, "Maya and Tom came over.", "She is a nurse.", conversation="p2"))


def test_she_never_means_a_relative_of_the_other_gender(extractor):
    got = said(extractor, "My brother and my mum visited.", "She lives in Leeds.",
               conversation="p3")
    assert ("Dana's mum", "lives_in", "Leeds", "assert") in got


def test_we_is_the_business_the_speaker_owns_by_name(extractor):
    claims = said(extractor, "I own a small coffee roastery in Cardiff called Kilnworth.",
                  "We supply about thirty cafés across South Wales.", org="")
    assert {("Dana", "owns", "Kilnworth", "assert"),
            ("Kilnworth", "is_a", "small coffee roastery", "assert"),
            ("Kilnworth", "is_in", "Cardiff", "assert"),
            ("Kilnworth", "supplies", "about thirty cafés", "assert")} <= claims
    # owning a thing by name makes no "we" of it
    assert ("Dana", "supplies", "about thirty cafés", "assert") in said(
        extractor, "I own an old Vespa called Rosa.", "We supply about thirty cafés.", org="")


@pytest.mark.parametrize(("text", "expected"), [
    ("I can't eat gluten, I'm coeliac.", ("Dana", "does_not_eat", "gluten")),
    ("I'm vegan myself, so I'll be the taste tester.", ("Dana", "is_a", "vegan")),
    ("We're a family bakery in Harrogate.", ("Acme", "is_in", "Harrogate")),
])
def test_a_fact_survives_the_words_around_it(extractor, text, expected):
    assert expected in one(extractor, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("We're a GP surgery in Stockport with about nine thousand patients.",
     {("Acme", "is_a", "GP surgery"), ("Acme", "is_in", "Stockport")}),
    ("We've got four GPs, two practice nurses and a clinical pharmacist.",
     {("Acme", "has", "four GPs"), ("Acme", "has", "two practice nurses"),
      ("Acme", "has", "clinical pharmacist")}),
    ("Our senior partner is Dr Eleanor Vance.", {("Acme", "senior_partner", "Dr Eleanor Vance")}),
])
def test_an_organisation_says_where_it_is_whom_it_has_and_its_partners(extractor, text,
                                                                        expected):
    assert expected <= one(extractor, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("The GP put me on naproxen for the swelling.", {("Dana", "takes", "naproxen", "assert")}),
    ("Dr Okafor has put me on a tablet , Amlodipine , 5 mg , once a day.",
     {("Dana", "takes", "Amlodipine", "assert")}),
    ("She has taken me off the Amlodipine and put me on Ramipril instead.",
     {("Dana", "takes", "Amlodipine", "retract"), ("Dana", "takes", "Ramipril", "assert")}),
    ("they put me on nights again", set()),  # a rota, no treatment
    ("My mum is on antibiotics.", {("Dana's mum", "takes", "antibiotics", "assert")}),
    ("I'm on sertraline, 50mg.", {("Dana", "takes", "sertraline", "assert")}),
    ("I'm on the train.", set()),
    ("She's on nights this week.", set()),
    ("she put me on hold", set()),
])
def test_what_one_is_put_on_one_takes(extractor, text, expected):
    assert said(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I want to get back to running by the autumn.", ("Dana", "wants_to", "get back to running")),
    ("My new Physio at the Surgery is called Precious.", ("Dana", "physio", "Precious")),
    ("I use a brown inhaler morning and night.", ("Dana", "uses", "brown inhaler")),
    ("i finally joined that gym on king st btw", ("Dana", "member_of", "gym")),
    ("I can't bear hot yoga, it's far too stuffy.", ("Dana", "dislikes", "hot yoga")),
    ("My rehab is being run by a physio called Anouk.", ("Anouk", "is_a", "physio")),
    ("Owen broke his wrist last week.", ("Owen", "did_break", "wrist")),  # his own wrist
    ("I work as a joiner in Bristol.", ("Dana", "works_in", "Bristol")),
    # joining is under way, no job there yet; joined is one
    ("Ruth is joining Loomwise.", ("Ruth", "doing_join", "Loomwise")),
    ("Ruth joined Loomwise last year.", ("Ruth", "works_at", "Loomwise")),
    ("I'm Dutch, from Utrecht originally.", ("Dana", "is_from", "Utrecht")),
    # a greeting's name is the one spoken to; a question after a dash is an aside
    ("Hey Nate, my favorite treat is this chocolate raspberry tart.",
     ("Dana", "favorite_treat", "chocolate raspberry tart")),
    ("Spider-Man has always been a favorite of mine - I mean, who doesn't love him?",
     ("Dana", "likes", "Spider-Man")),
])
def test_a_fact_is_read_through_the_parsers_slips(extractor, text, expected):
    assert expected in one(extractor, text, org="")


def test_he_after_a_named_relation_of_several_words_is_the_name(extractor):
    assert ("Bernard", "is_a", "retired postman") in one(
        extractor, "Bernard is my bowls partner. He is a retired postman.")


def test_a_first_name_after_the_full_name_is_the_same_person(extractor):
    claims = said(extractor, "My manager is Ruth Okoye.", "Ruth likes tea.",
                  "I had lunch with Ruth.")
    assert ("Ruth Okoye", "likes", "tea", "assert") in claims
    assert not any(s == "Ruth" or o == "Ruth" for s, _, o, _ in claims)
    # two people of that first name: which one, nobody can say
    both = said(extractor, "Ruth Okoye and Ruth Mills joined.", "Ruth likes tea.")
    assert ("Ruth", "likes", "tea", "assert") in both


def test_she_after_ur_mum_is_the_listeners_mum(extractor):
    turns = [Turn(text="ur mum must be thrilled about the job", speaker="Priya",
                  conversation_id="um"),
             Turn(text="she is lol. shes moved to spain btw", speaker="Leah", conversation_id="um"),
             Turn(text="is kai ur boyfriend or ur flatmate", speaker="Priya",
                  conversation_id="um"),
             Turn(text="boyfriend lol. he works nights at the hospital", speaker="Leah",
                  conversation_id="um")]
    claims = {(d.subject, d.predicate, d.object) for r in extractor.extract_many(turns)
              for d in r.drafts}
    assert ("Leah's mum", "lives_in", "Spain") in claims
    assert ("Kai", "works_at", "hospital") in claims  # "ur boyfriend" is Kai, one person


def test_she_after_someones_named_relative_is_the_relative_not_the_one_whose(extractor):
    claims = said(extractor, "My partner Joanna's daughter, Zofia, has moved in with us.",
                  "She's seventeen.", org="")
    assert ("Zofia", "age", "seventeen", "assert") in claims
    assert not any(c[0] == "Joanna" and c[1] == "age" for c in claims)


def test_a_request_naming_an_owner_makes_her_the_one_talked_of(extractor):
    claims = said(extractor, "The dogs are Bruno and Kaja.", "The cat's name is Sigrid.",
                  "Bruno was trained by Oskar's brother.",
                  "Could you make me a reminder list for Sigrid's meds?",
                  "She has kidney disease.", org="")
    assert ("Sigrid", "has", "kidney disease", "assert") in claims
    assert not any(c[0] in ("Bruno", "Oskar") and c[2] == "kidney disease" for c in claims)


def test_a_pet_named_long_ago_and_written_as_a_word_is_still_she(extractor):
    filler = ["ok", "lol", "nice", "see u then", "yep", "haha", "cool"]
    claims = said(extractor, "meet biscuit", "shes a rescue", *filler, "how is biscuit",
                  "she discovered the couch", org="")
    assert ("Biscuit", "did_discover", "couch", "assert") in claims
    claims = said(extractor, "we adopted a staffie, her name is tattie", *filler,
                  "can walk tattie round the block now",
                  "shes obsessed with the squirrels in victoria park", org="")
    assert ("Tattie", "likes", "squirrels", "assert") in claims


def test_she_in_the_turn_that_named_her_is_her_whoever_the_turn_before_spoke_of(extractor):
    claims = said(extractor, "My sister Maya is coming too.",
                  "And our daughter Kasia lives round the corner. She's a midwife at the General.",
                  org="")
    assert ("Kasia", "role", "midwife", "assert") in claims
    assert not any(c[0] == "Maya" and c[2] == "midwife" for c in claims)
    # two named in this turn: still no one
    assert not any(c[2] == "nurse" for c in said(
        extractor, "Maya and Kasia came round. She's a nurse.", org=""))


def test_she_after_my_relation_is_a_name_is_the_name(extractor):
    assert ("Ruth Okoye", "lives_in", "Glasgow") in one(
        extractor, "My manager is Ruth Okoye, she's based in Glasgow.")


def test_he_after_a_question_about_the_relation_is_the_name_given(extractor):
    turns = [Turn(text="omg gran thats amazing whos ur partner", speaker="Finn",
                  conversation_id="bp"),
             Turn(text="Bernard is my bowls partner. He is a retired postman.", speaker="Gran",
                  conversation_id="bp")]
    claims = {(d.subject, d.predicate, d.object) for r in extractor.extract_many(turns)
              for d in r.drafts}
    assert ("Bernard", "is_a", "retired postman") in claims


def test_an_unnamed_relative_is_an_entity_of_its_own(extractor):
    assert one(extractor, "My sister lives in Leeds.") == {("Dana's sister", "lives_in", "Leeds")}


@pytest.mark.parametrize(("text", "expected"), [
    ("im from ohio and i have two dogs lol",
     {("Dana", "is_from", "Ohio"), ("Dana", "has_pet", "two dogs")}),
    ("i dont like seafood 😅", {("Dana", "dislikes", "seafood")}),
    ("my sister rosie lives in leeds",
     {("Dana", "sister", "Rosie"), ("Rosie", "lives_in", "Leeds")}),
    ("omg 😍 i love hiking", {("Dana", "likes", "hiking")}),
])
def test_real_chat_spelling_is_read(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_folded_chat_keeps_provenance_in_the_words_as_written(extractor):
    text = "lol ok. im from ohio 😂"
    [draft] = extractor.extract(Turn(text=text, speaker="Dana")).drafts
    p = draft.provenance
    assert text[p.span_start:p.span_end] == p.source_text == "im from ohio"


def test_fold_leaves_plain_text_alone_and_offsets_map_back():
    f = fold("I live in Berlin.")
    assert f.text == "I live in Berlin." and f.original(0, len(f.text)) == (0, 17)
    g = fold("ur dog is cute, u know")
    assert g.text == "Your dog is cute, you know" and g.original(0, 4) == (0, 2)


def test_the_clause_reader_is_a_registered_spacy_component_with_versioned_readers(extractor):
    from spacy.util import registry

    from extract.components import COMPONENT, READERS, SENTENCE_READERS

    assert extractor.nlp.pipe_names[-1] == COMPONENT
    assert all(registry.misc.get(name) for name in READERS + SENTENCE_READERS)
    assert all(name.endswith(".v1") for name in READERS + SENTENCE_READERS)


def test_the_ending_no_longer_is_a_retraction_and_stays_one(extractor):
    [d] = [d for r in extractor.extract_many([Turn(text="We no longer use Slack.",
                                                   speaker="Dana", organisation="Acme")])
           for d in r.drafts]
    assert d.kind == ClaimKind.retract and not d.update_cue


def test_two_parsing_processes_propose_what_one_does():
    from extract.pipeline import PARALLEL_MIN_TURNS

    turns = [Turn(text=f"I live in Town{i}. My sister Maya is a nurse. Is it cold?",
                  speaker="Dana", conversation_id=f"c{i % 5}", message_id=str(i))
             for i in range(3 * PARALLEL_MIN_TURNS)]
    one_process, two = (
        [[(d.subject, d.predicate, d.object, d.provenance.span_start) for d in r.drafts]
         for r in SpacyExtractor(processes=n).extract_many(turns)] for n in (1, 2))
    assert one_process == two and sum(map(len, two)) > 6 * PARALLEL_MIN_TURNS


def test_a_short_answer_states_what_the_other_speakers_question_asked(extractor):
    turns = [Turn(text="where do u live now?", speaker="Ana", conversation_id="qa"),
             Turn(text="walthamstow lol", speaker="Jonah", conversation_id="qa"),
             Turn(text="nice", speaker="Jonah", conversation_id="qa")]
    asked, answer, later = extractor.extract_many(turns)
    [claim] = answer.drafts
    assert (claim.subject, claim.predicate, claim.object) == ("Jonah", "lives_in", "Walthamstow")
    assert claim.provenance.source_text == "walthamstow"
    assert asked.drafts == [] and later.drafts == []


def test_a_short_answer_says_who_someone_is_or_what_they_do(extractor):
    turns = [Turn(text="Who is Dev ?", speaker="Irene", conversation_id="qd"),
             Turn(text="my mate from my course", speaker="Finn", conversation_id="qd"),
             Turn(text="who's dev?", speaker="Irene", conversation_id="qd"),
             Turn(text="no idea", speaker="Finn", conversation_id="qd")]
    results = extractor.extract_many(turns)
    assert [(d.subject, d.predicate, d.object) for d in results[1].drafts] == [
        ("Finn", "friend", "Dev")]
    assert results[3].drafts == []


def test_an_answer_to_ones_own_question_or_a_yes_states_nothing(extractor):
    turns = [Turn(text="where do you live?", speaker="Ana", conversation_id="qb"),
             Turn(text="Leeds?", speaker="Ana", conversation_id="qb"),
             Turn(text="is it raining?", speaker="Ana", conversation_id="qb"),
             Turn(text="yes", speaker="Jonah", conversation_id="qb")]
    assert all(r.drafts == [] for r in extractor.extract_many(turns))


@pytest.mark.parametrize(("text", "expected"), [
    ("Yusuf turned five last week.", {("Yusuf", "age", "five")}),
    ("I'm allergic to shellfish, so prawns are out too.", {("Dana", "allergic_to", "shellfish")}),
    ("i'm really into bouldering", {("Dana", "likes", "bouldering")}),
    ("I'm not into horror films.", {("Dana", "dislikes", "horror films")}),
    ("I'm crazy about jazz.", {("Dana", "likes", "jazz")}),
    ("not a fan of page builders tbh", {("Dana", "dislikes", "page builders")}),
    ("i dont even like ramen tbh", {("Dana", "dislikes", "ramen")}),
    ("I share a flat in Partick with two other students.",
     {("Dana", "lives_in", "Partick"), ("Dana", "lives_with", "two other students")}),
    ("I live in Leicester with my wife.",
     {("Dana", "lives_in", "Leicester"), ("Dana", "lives_with", "wife")}),
    ("Our cat, Pierogi, sleeps on the piano most afternoons.",
     {("Dana", "cat", "Pierogi"), ("Pierogi", "sleeps_on", "piano")}),
    ("I use VS Code day to day.", {("Dana", "uses", "VS Code")}),
    ("im a ux designer at a startup called kettle",
     {("Dana", "role", "ux designer"), ("Dana", "works_at", "Kettle"),
      ("Kettle", "is_a", "startup")}),
    ("We're on Django 4.2 with Celery and Redis.",
     {("Acme", "uses", "Django 4.2"), ("Acme", "uses", "Celery"), ("Acme", "uses", "Redis")}),
    ("I'm on the payments team.", {("Dana", "member_of", "payments team")}),
    ("Dmitri has been with us since 2020.", {("Dmitri", "works_at", "Acme")}),
    ("my boyfriend Tariq is a paramedic",  # "paramedic" tagged an adjective
     {("Dana", "boyfriend", "Tariq"), ("Tariq", "is_a", "paramedic")}),
    ("I moved back to Portland.", {("Dana", "lives_in", "Portland")}),
    ("Still living in Portland.", {("Dana", "lives_in", "Portland")}),
    ("Our stack is Go and Kafka.", {("Acme", "stack", "Go"), ("Acme", "stack", "Kafka")}),
])
def test_more_of_the_language_is_read(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize("text", [
    "We're into the final week.", "I'm on holiday.",
    "She's with us for the weekend.", "I'm happy to help.", "I'm a bit tired.",
    "We moved over to GitHub.",
])
def test_what_only_looks_like_those_forms_is_not_read(extractor, text):
    assert one(extractor, text) == set()


def test_she_after_a_child_or_a_name_in_the_same_sentence_is_that_person(extractor):
    assert ("Dana's daughter", "age", "four", "assert") in said(
        extractor, "my wife is a teacher", "aww! i've got a little girl, she just turned four")
    assert ("Jess", "is_a", "vet", "assert") in said(
        extractor, "jess is my new flatmate btw, shes a vet")


def test_we_live_with_is_the_household_and_names_the_pet(extractor):
    assert said(extractor, "we live in Bristol with our cat Mochi", org="") >= {
        ("Dana", "lives_in", "Bristol", "assert"), ("Dana", "lives_with", "Mochi", "assert")}


@pytest.mark.parametrize(("text", "expected"), [
    # a place the small model takes for an organisation, or lower case chat
    ("I moved to York.", {("Dana", "lives_in", "York")}),
    ("wei moved to vancouver w his gf", {("Wei", "lives_in", "Vancouver")}),
    ("then we moved to birmingham", {("Dana", "lives_in", "Birmingham")}),
    # a name's "'s" before "a", "an", "from" is "is", not a possessive
    ("Bruno's a dachshund.", {("Bruno", "is_a", "dachshund")}),
    ("My mum's from Trabzon.", {("Dana's mum", "is_from", "Trabzon")}),
    ("mum's a midwife", {("Dana's mum", "is_a", "midwife")}),
    # the household's pets and children, by name
    ("The dogs are Bruno and Kaja.", {("Dana", "dog", "Bruno"), ("Dana", "dog", "Kaja")}),
    ("The cat's name is Sigrid.", {("Dana", "cat", "Sigrid")}),
    ("The twins are nine.", {("Dana's twins", "age", "nine")}),
])
def test_places_households_and_contractions_are_read(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize("text", [
    "I need to get in the bath and go to bed.",  # a listed place, not after "in"/"to"
    "I did a master's in Edinburgh.",  # a degree, not "master is"
    "My brother's in the navy.",  # where he serves, not what he is
    "Standup moved to 10:15.",  # a time, not where anyone lives
    "mom wants to know if ur bringing diego",  # a question passed on, not a wish
])
def test_what_looks_like_a_place_or_a_copula_is_not_misread(extractor, text):
    got = one(extractor, text, org="")
    assert not any(p in ("lives_in", "is_a", "wants_to") for _, p, _ in got), got


def test_a_bare_verb_with_its_subject_is_the_present(extractor):
    """The tagger reads "use" in "we no longer use Xero" as a bare form: still the present,
    so "no longer" retracts it."""
    assert ("Acme", "uses", "Xero", "retract") in said(extractor, "We no longer use Xero.")


def test_where_a_thing_of_ours_is_stays_its_place(extractor):
    assert one(extractor, "Our office is in Rotterdam.") == {("Acme", "office", "Rotterdam")}


@pytest.mark.parametrize(("text", "expected"), [
    # a plan said in the progressive is put in the verb's bare form
    ("I'm repainting the shed next spring.", {("Dana", "plans_to", "repaint the shed")}),
    # a journey with a time ahead stays a trip under way
    ("I'm flying to Oslo next week.", {("Dana", "doing_fly_to", "Oslo")}),
    # a modal cut off by a comma answers something else: no question, no hedge
    ("cant this weekend, im driving to cardiff for work",
     {("Dana", "doing_drive_to", "Cardiff")}),
])
def test_plans_and_trips_ahead_are_told_apart(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize("text", [
    "Can't you drive to Cardiff next week?",  # the subject follows its auxiliary: a question
    "Could you pick me up at 6?",
])
def test_an_inverted_question_still_proposes_nothing(extractor, text):
    assert said(extractor, text, org="") == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("The Leith branch opens at 8.", {("leith branch", "opens_at", "8")}),
    ("We rehearse on Mondays and Wednesdays.",
     {("Acme", "rehearses_on", "Mondays"), ("Acme", "rehearses_on", "Wednesdays")}),
    ("We meet every Friday.", {("Acme", "meets_on", "every Friday")}),
    ("I swim every morning.", {("Dana", "swims", "every morning")}),
    # with an object, the habit is what is done, not when
    ("I walk the neighbour's dog every evening.", {("Dana", "walks", "neighbour's dog")}),
])
def test_a_habit_in_the_present_says_when_it_happens(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize("text", [
    "We met last Sunday.",  # once, not a habit
    "I might swim every morning.",  # a hedge
    "Do you swim every morning?",
])
def test_a_time_that_is_no_habit_is_not_a_schedule(extractor, text):
    assert not any(p.endswith(("_on", "_at")) or p == "swims" for _, p, _ in one(extractor, text))


def test_she_after_a_name_given_is_the_one_named(extractor):
    got = said(extractor, "My aunt's name is Rosa, she's a baker in Porto.", org="")
    assert ("Rosa", "is_a", "baker", "assert") in got
    assert not any(s == "Dana's aunt" for s, *_ in got)


@pytest.mark.parametrize(("text", "expected"), [
    # a relative's possessive written without its apostrophe
    ("my sisters dog is called rolo", {("Dana's sister", "dog", "Rolo")}),
    ("moms younger sister lives in lyon", {("Dana's mom's sister", "lives_in", "Lyon")}),
    ("my cats name is luna", {("Dana", "cat", "Luna")}),  # a pet's name
    # a plural stays a plural
    ("my sisters live in leeds", {("Dana's sisters", "lives_in", "Leeds")}),
    # a relative's relative or pet is the relative's own
    ("My wife's brother is Anton.", {("Dana's wife", "brother", "Anton")}),
])
def test_a_relatives_own_relatives_and_pets_are_theirs(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I speak Welsh at home and French at work.",
     {("Dana", "speaks", "Welsh"), ("Dana", "speaks", "French")}),
    ("I drink tea in the morning and coffee at night.",
     {("Dana", "drinks", "tea"), ("Dana", "drinks", "coffee")}),
    ("We use Notion for docs and Slack for chat.",
     {("Acme", "doc_tool", "Notion"), ("Acme", "chat_tool", "Slack")}),
    ("We use Figma and Miro for design.",
     {("Acme", "design_tool", "Figma"), ("Acme", "design_tool", "Miro")}),
    # a second noun of the same preposition is no second object
    ("We use Notion for docs and wikis at work.", {("Acme", "doc_tool", "Notion")}),
])
def test_a_verb_said_once_for_two_objects_reads_both(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a prepositional verb in the passive keeps its preposition, read as the verb's own
    ("Payroll is looked after by Team Otter.", {("Team Otter", "looks_after", "Payroll")}),
    ("I look after recruiting.", {("Dana", "looks_after", "recruiting")}),
    # a relative the parser made a compound of the name: the name, and whose relative
    ("The bakery is run by my cousin Ines.",
     {("Ines", "runs", "bakery"), ("Dana", "cousin", "Ines")}),
    ("The Hobbit is my sister's favourite book.",
     {("Dana's sister", "favorite_book", "Hobbit")}),
])
def test_passive_agents_and_relatives_possessions_are_named(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_passive_asked_or_reported_proposes_nothing(extractor):
    assert said(extractor, "Is payroll looked after by Team Otter?", org="") == set()
    # a belief states no running; whose cousin Ines is stands, as for "my sister Maya"
    assert one(extractor, "I think the bakery is run by my cousin Ines.", org="") == {
        ("Dana", "cousin", "Ines")}


@pytest.mark.parametrize(("text", "expected"), [
    # a name with a possessed relative in apposition after it
    ("Ines, my manager, loves jazz.", {("Dana", "manager", "Ines"), ("Ines", "likes", "jazz")}),
    # which of one's relatives is no relation of its own
    ("My little sister Maya is a nurse.", {("Dana", "sister", "Maya"), ("Maya", "is_a", "nurse")}),
    ("My older brother lives in Hull.", {("Dana's brother", "lives_in", "Hull")}),
    # no possessive, no relation: "the design lead" says Priya's post (a role, as the gold
    # writes it; "a nurse" would be what she is)
    ("I'm Priya, the design lead.", {("Dana", "name", "Priya"), ("Dana", "role", "design lead")}),
])
def test_a_relative_in_apposition_names_the_relation(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_he_after_a_person_pointed_out_is_that_person(extractor):
    got = said(extractor, "That's Kofi, my younger brother.", "He lives in Accra.", org="")
    assert {("Dana", "brother", "Kofi", "assert"), ("Kofi", "lives_in", "Accra", "assert")} <= got
    assert said(extractor, "That's Kofi and Yaw.", "He lives in Accra.", org="") == set()


def test_she_is_nobody_when_another_person_who_fits_was_just_named(extractor):
    # one person named: "she" is that person
    assert ("Sarah Jenkins", "lives_in", "Oslo", "assert") in said(
        extractor, "Sarah Jenkins is a nurse.", "She lives in Oslo.", org="")
    # two people who fit, named in neighbouring turns: the one this turn named
    got = said(extractor, "Sarah Jenkins is a nurse.",
               "Emily Carter is a pilot. She lives in Oslo.", org="")
    assert {s for s, p, *_ in got if p == "lives_in"} == {"Emily Carter"}
    # two people who fit, named together: "she" is ambiguous, dropped
    got = said(extractor, "Sarah Jenkins is a nurse and Emily Carter is a pilot.",
               "She lives in Oslo.", org="")
    assert not any(p == "lives_in" for _, p, *_ in got)


def test_she_is_never_a_speaker_of_the_conversation(extractor):
    turns = [Turn(text="I'm Odile, nice to meet you.", speaker="Odile", conversation_id="sp1",
                  message_id="a"),
             Turn(text="She plays the cello.", speaker="Odile", conversation_id="sp1",
                  message_id="b")]
    assert not any(d.subject == "Odile" and d.predicate == "plays"
                   for r in extractor.extract_many(turns) for d in r.drafts)


def test_they_is_a_group_never_one_person(extractor):
    assert ("Dana's parents", "lives_in", "Galway", "assert") in said(
        extractor, "My parents visited last week.", "They live in Galway.", org="")
    assert not any(s == "Helen" and p == "lives_in" for s, p, *_ in said(
        extractor, "Helen is a nurse.", "They live in Galway.", org=""))
    # a group is not "he" or "she"
    assert not any(s == "Dana's parents" and p == "lives_in" for s, p, *_ in said(
        extractor, "My parents visited last week.", "She lives in Galway.", org=""))


@pytest.mark.parametrize(("text", "expected"), [
    # an ampersand between two names makes one name, "and" a list
    ("Ben works at Procter & Gamble.", {("Ben", "works_at", "Procter & Gamble")}),
    ("I speak Welsh and Basque.", {("Dana", "speaks", "Welsh"), ("Dana", "speaks", "Basque")}),
    # a coordinated relative shares the first one's owner
    ("My uncle and aunt live in Tralee.",
     {("Dana's uncle", "lives_in", "Tralee"), ("Dana's aunt", "lives_in", "Tralee")}),
])
def test_names_and_owners_across_a_coordination(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_team_or_a_numbered_thing_is_never_she(extractor):
    got = said(extractor, "Team Kestrel leads the audit.", "She lives in Oslo.", org="")
    assert not any(p == "lives_in" for _, p, *_ in got)
    got = said(extractor, "Project 12 manages the archive.", "He lives in Oslo.", org="")
    assert not any(p == "lives_in" for _, p, *_ in got)


@pytest.mark.parametrize(("text", "expected"), [
    # "wanna" folded to "want to"; a "someday" says when, not what
    ("i wanna learn the cello someday", {("Dana", "wants_to", "learn the cello")}),
    ("I want to visit Peru eventually.", {("Dana", "wants_to", "visit Peru")}),
])
def test_a_wish_in_chat_spelling_without_its_time_word(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_verb_joined_to_one_that_dropped_its_i_shares_the_speaker(extractor):
    assert ("Dana", "did_buy", "kayak") in one(
        extractor, "Sold the caravan and bought a kayak.", org="")
    # a verb with its own subject keeps it
    got = one(extractor, "Sold the caravan and my uncle bought a kayak.", org="")
    assert ("Dana", "did_buy", "kayak") not in got
    assert ("Dana's uncle", "did_buy", "kayak") in got


def test_a_possessive_that_echoes_the_subject_pronoun_is_the_subjects_own(extractor):
    got = said(extractor, "My cousin Fergus is a chef.", "He finally sold his van.", org="")
    assert ("Fergus", "did_sell", "van", "assert") in got
    # another's possessive stays unresolved: whose bike, the parse cannot say
    got = said(extractor, "My cousin Fergus is a chef.", "She repaired his bike.", org="")
    assert not any(p == "did_repair" for _, p, *_ in got)


def test_a_list_item_the_parser_took_for_an_apposition_is_one_more_item(extractor):
    assert one(extractor, "We run a bakery, a florist and a small cafe.", org="Lark") == {
        ("Lark", "runs", "bakery"), ("Lark", "runs", "florist"), ("Lark", "runs", "small cafe")}
    # an apposition without a list after it names the same thing again
    assert ("Dana", "did_meet", "retired judge") not in one(
        extractor, "I met my neighbour, a retired judge.", org="")


def test_consisting_of_is_one_value_per_part(extractor):
    assert one(extractor, "My kit consists of a tent, a stove and a lamp.", org="") == {
        ("Dana's kit", "consists_of", "tent"), ("Dana's kit", "consists_of", "stove"),
        ("Dana's kit", "consists_of", "lamp")}


@pytest.mark.parametrize(("text", "expected"), [
    ("I quit Globex last month.", {("Dana", "works_at", "Globex", "retract")}),
    ("I resigned from Globex.", {("Dana", "works_at", "Globex", "retract")}),
    ("I retired from the railway.", {("Dana", "works_at", "railway", "retract")}),
    ("We quit Slack.", {("Acme", "uses", "Slack", "retract")}),
    ("I finally left London.", {("Dana", "lives_in", "London", "retract")}),
])
def test_leaving_a_named_place_job_or_tool_ends_it(extractor, text, expected):
    assert said(extractor, text) == expected


def test_leaving_a_person_or_a_thing_ends_no_job(extractor):
    assert not any(p == "works_at" for _, p, _, _ in said(extractor, "I left Tom at the station."))
    assert not any(k == "retract" for *_, k in said(extractor, "I left my keys at home."))


@pytest.mark.parametrize(("text", "expected"), [
    ("I moved to Leeds from Bristol.",
     {("Dana", "lives_in", "Leeds", "assert"), ("Dana", "lives_in", "Bristol", "retract")}),
    ("We've just moved from Croydon to a terraced house in Hastings.",
     {("Dana", "lives_in", "Hastings", "assert"), ("Dana", "lives_in", "Croydon", "retract")}),
    ("I just moved here from Vancouver.", {("Dana", "moved_from", "Vancouver", "assert")}),
    ("My parents moved to Spain from Ireland.",
     {("Dana's parents", "lives_in", "Spain", "assert"),
      ("Dana's parents", "lives_in", "Ireland", "retract")}),
    ("I didn't move from Leeds.", set()),
])
def test_a_move_from_a_place_to_another_ends_the_old_home(extractor, text, expected):
    assert {c for c in said(extractor, text, org="") if c[1] != "parents"} == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We replaced Jira with Linear.",
     {("Acme", "uses", "Linear", "assert"), ("Acme", "uses", "Jira", "retract")}),
    ("We swapped Notion for Obsidian last year.",
     {("Acme", "uses", "Obsidian", "assert"), ("Acme", "uses", "Notion", "retract")}),
    ("switched from Jira to Linear",
     {("Dana", "uses", "Linear", "assert"), ("Dana", "uses", "Jira", "retract")}),
    ("Switched to Linear last week.", {("Dana", "uses", "Linear", "assert")}),
])
def test_a_replacement_is_a_switch_and_chat_may_drop_its_i(extractor, text, expected):
    assert said(extractor, text) == expected


def test_replacing_people_or_things_uses_no_tool(extractor):
    for text in ("We replaced Tom with Ana.", "We replaced the boiler with a heat pump.",
                 "We didn't replace Jira with Linear."):
        assert not any(p == "uses" for _, p, _, _ in said(extractor, text))


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm a pharmacist at Boots in Porto.", {("Dana", "role", "pharmacist"),
                                            ("Dana", "works_at", "Boots"),
                                            ("Dana", "works_in", "Porto")}),
    ("I work for Globex in Berlin.", {("Dana", "works_at", "Globex"),
                                      ("Dana", "works_in", "Berlin")}),
    ("I work in finance.", {("Dana", "line_of_work", "finance")}),  # a line, no town
])
def test_the_town_of_a_workplace_is_where_one_works(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My hobbies are hiking, baking and chess.",
     {("Dana", "hobbies", "hiking"), ("Dana", "hobbies", "baking"), ("Dana", "hobbies", "chess")}),
    ("My hobbies are rock climbing and playing the piano.",
     {("Dana", "hobbies", "rock climbing"), ("Dana", "hobbies", "playing the piano")}),
    ("My kids are swimming today.", set()),
    ("Our sales are growing.", set()),
])
def test_gerunds_after_a_pursuit_are_its_values_not_a_doing(extractor, text, expected):
    assert one(extractor, text) == expected


def test_a_passive_with_an_unnamed_doer_is_said_of_what_it_is_done_to(extractor):
    assert one(extractor, "Our canteen is run by two sisters.") == {
        ("Acme's canteen", "run_by", "two sisters")}
    assert one(extractor, "It is run by two sisters.") == set()
    assert one(extractor, "I am loved by my family.") == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("I am 64 not 94.", {("Dana", "age", "64")}),
    ("I'm a nurse, not a doctor.", {("Dana", "is_a", "nurse")}),
    ("I'm not a doctor.", set()),
])
def test_a_not_after_the_complement_contrasts_and_does_not_negate(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("i dont even like ramen tbh, too salty for me", {("Dana", "dislikes", "ramen")}),
    ("I love ramen, too salty for most people.", {("Dana", "likes", "ramen")}),
    ("We use Go, Kafka and Postgres.",
     {("Acme", "uses", "Go"), ("Acme", "uses", "Kafka"), ("Acme", "uses", "Postgres")}),
])
def test_an_object_ends_at_the_comma_of_a_remark_on_it(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("my sister maya lives in pune lol",
     {("Dana", "sister", "Maya"), ("Maya", "lives_in", "Pune")}),
    ("My cousin Ines lives in Leeds.", {("Dana", "cousin", "Ines"), ("Ines", "lives_in", "Leeds")}),
    ("my brother tom is a chef", {("Dana", "brother", "Tom"), ("Tom", "is_a", "chef")}),
    ("My sister lives in Pune.", {("Dana's sister", "lives_in", "Pune")}),
])
def test_a_relative_and_the_name_after_it_are_one_person_however_parsed(extractor, text,
                                                                        expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I read the Guardian on Sundays.", {("Dana", "reads", "Guardian")}),
    ("i took on a rescue in may", {("Dana", "did_take_on", "rescue")}),
    ("I was diagnosed with asthma in March.", {("Dana", "diagnosed_with", "asthma")}),
    ("Corvane was founded in 2011.", {("Corvane", "founded_in", "2011")}),
    ("I spent three weeks walking the Camino.", {("Dana", "did_walk", "Camino")}),
])
def test_times_are_when_not_what_and_a_habits_time_keeps_it_present(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Our treasurer, who used to be an accountant, handles the race entries.",
     {("Acme's treasurer", "handles", "race entries", "assert"),
      ("Acme's treasurer", "was_a", "accountant", "assert")}),
    ("Wen, who used to be at Lattix, is a Rust developer.",
     {("Wen", "works_at", "Lattix", "retract"), ("Wen", "is_a", "Rust developer", "assert")}),
    ("I used to be a teacher.", {("Dana", "was_a", "teacher", "assert")}),
    ("I used to play five-a-side.", {("Dana", "plays", "five-a-side", "retract")}),
    ("I used to have a dog back in Michigan.", {("Dana", "has_pet", "dog", "retract")}),
])
def test_what_someone_used_to_be_is_what_they_were(extractor, text, expected):
    assert said(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I quit my weekend job at the Co-op.", {("Dana", "works_at", "Co-op", "retract")}),
    ("My phone number is 07700 900123.", {("Dana", "phone_number", "07700 900123", "assert")}),
    ("Oluwaseun is our head of engineering.",
     {("Acme", "head_of_engineering", "Oluwaseun", "assert")}),
    ("Her mother is my daughter Hélène.", {("Dana", "daughter", "Hélène", "assert")}),
])
def test_an_object_is_whole_and_a_relative_is_named_by_a_name(extractor, text, expected):
    assert said(extractor, text) == expected


def test_a_chat_word_tagged_a_person_is_no_one_a_pronoun_can_mean(extractor):
    assert said(extractor, "nah he went back to samoa in march", org="") == set()


@pytest.mark.parametrize("text", [
    "I'm really stressed about the exam.", "I was annoyed with the landlord.",
    "I'm stuck in traffic", "My train is late", "my mood is terrible today",
    "apparently Tom lives in Leeds now", "I got caught in the rain", "Just got home",
    "I love you guys",
])
def test_moods_moments_and_hearsay_propose_nothing(extractor, text):
    assert said(extractor, text) == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm obsessed with kayaking.", {("Dana", "likes", "kayaking")}),
    ("Our brand colour is teal.", {("Acme", "brand_color", "teal")}),
    ("I'm based in Leeds.", {("Dana", "lives_in", "Leeds")}),
])
def test_lasting_states_stay_facts(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Our dog Rex is five.", {("Dana", "dog", "Rex"), ("Rex", "age", "five")}),
    ("My friend's daughter is at Oxford.", set()),  # at a university, not living in it
    ("our son Pavel is in Moscow now", {("Dana", "son", "Pavel"), ("Pavel", "lives_in", "Moscow")}),
])
def test_a_named_pet_and_where_a_relative_is(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_what_a_possessed_noun_includes_are_its_values(extractor):
    assert one(extractor, "Our clients include Nike and Puma.") == {
        ("Acme", "clients", "Nike"), ("Acme", "clients", "Puma")}
    assert one(extractor, "The price includes breakfast.") == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("I was born and raised in Lagos.",
     {("Dana", "born_in", "Lagos"), ("Dana", "grew_up_in", "Lagos")}),
    ("I'm Scottish.", {("Dana", "is_a", "Scottish")}),  # a nationality, no name
    ("Our company was founded in Oslo.", {("Acme", "founded_in", "Oslo")}),
    ("Our studio's primary color is #E63946.", {("Acme", "primary_color", "#E63946")}),
    ("Our local shop closes at 6.", {("Acme's local shop", "closes_at", "6")}),  # not us
])
def test_origins_said_once_for_two_and_our_company_is_us(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm back home in Oaxaca, still working remotely for Tinta Digital.",
     {("Dana", "works_at", "Tinta Digital")}),
    ("I went to the shop, buying milk.", {("Dana", "did_go_to", "shop")}),
    ("im a paramedic with the city ambulance service",
     {("Dana", "role", "paramedic"), ("Dana", "works_at", "city ambulance service")}),
    ("I'm a nurse for the elderly.", {("Dana", "is_a", "nurse")}),
])
def test_a_participle_aside_shares_the_subject_and_a_service_is_a_workplace(extractor, text,
                                                                           expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We employ about 140 people.", {("Acme", "employs", "about 140 people")}),
    ("My commute is about an hour.", {("Dana", "commute", "about an hour")}),
    ("My flat is tiny but cosy.", set()),
    ("My knee is better now.", set()),
    ("My husband's job is in London.", {("Dana's husband", "works_in", "London")}),
    ("Our office is in Hamburg.", {("Acme", "office", "Hamburg")}),
])
def test_a_number_keeps_its_approximation_and_sizes_are_no_values(extractor, text, expected):
    assert one(extractor, text) == expected


def test_a_relative_named_in_a_sentence_is_one_person_for_she(extractor):
    talk = uuid.uuid4().hex
    said(extractor, "ok so my flatmate is called jess", conversation=talk)
    assert said(extractor, "shes a vet lol", conversation=talk) == {
        ("Jess", "is_a", "vet", "assert")}


def test_shes_got_is_has_got(extractor):
    talk = uuid.uuid4().hex
    said(extractor, "My sister Jo lives in Leeds.", conversation=talk)
    assert said(extractor, "She's got a cat called Mochi.", conversation=talk) == {
        ("Jo", "has_pet", "cat", "assert"), ("Jo", "cat", "Mochi", "assert")}


@pytest.mark.parametrize(("text", "expected"), [
    ("Ana is a retired pilot.", {("Ana", "is_a", "retired pilot")}),
    ("Priya is such an inspiring writer.", set()),
    ("Tom is a great guy.", set()),
])
def test_a_kind_is_what_someone_is_an_opinion_is_not(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Our retro is every other Friday.", {("Acme", "retro", "every other Friday", "assert")}),
    ("I report to the CTO, Amir.", {("Dana", "reports_to", "Amir", "assert")}),
    ("We switched our CI from CircleCI to GitHub Actions.",
     {("Acme", "uses", "GitHub Actions", "assert"), ("Acme", "uses", "CircleCI", "retract")}),
    ("We moved the standup to 9:30.", {("Acme", "standup", "9:30", "assert")}),
])
def test_a_role_named_beside_it_and_a_switch_of_our_own_tool(extractor, text, expected):
    assert said(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("my little brother just started uni in glasgow",
     {("Dana's brother", "did_start", "uni"), ("Dana's brother", "did_start_in", "Glasgow")}),
    ("I'm moving to Leeds.", {("Dana", "doing_move_to", "Leeds")}),
    ("moving to berlin next month!!", {("Dana", "plans_to", "move to Berlin")}),
    ("i work nights at the hospital", {("Dana", "works_at", "hospital")}),
    ("I do yoga.", {("Dana", "does", "yoga")}),
    ("I do the dishes.", set()),
    ("my mums a nurse and my dads a plumber",
     {("Dana's mum", "is_a", "nurse"), ("Dana's dad", "is_a", "plumber")}),
    ("my parents still live in Pune", {("Dana's parents", "lives_in", "Pune")}),
    ("my mums in delhi till march", set()),
])
def test_people_start_moves_under_way_and_chat_is(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I have a 2 year old son.", {("Dana", "has_child", "son"), ("Dana's son", "age", "2")}),
    ("I have a meeting in June.", set()),
    ("i've been vegan for 5 years", {("Dana", "is_a", "vegan")}),
    ("I study law at King's College.",
     {("Dana", "studies", "law"), ("Dana", "studies_at", "King's College")}),
    ("I study at night.", set()),
])
def test_an_age_and_a_duration_are_not_times_of_the_fact(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I spent the morning in meetings.", set()),
    ("I took Friday off.", set()),
    ("We spent a week in Rome.", {("Dana", "did_spend_in", "Rome")}),
    ("I bought a new bike.", {("Dana", "did_buy", "new bike")}),
])
def test_time_spent_or_taken_is_no_thing_done(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize("text", [
    "according to my boss we use Jira", "word is Jen got a job at Meta",
    "rumour has it Jen is leaving Acme",
])
def test_hearsay_is_reported_speech(extractor, text):
    assert said(extractor, text) == set()


@pytest.mark.parametrize("text", [
    "I'm all ears", "I'm a big believer in naps", "I'm a mess today", "I'm such a nerd lol",
    "I'm Team Edward", "we're good to go", "I'm on board",
])
def test_epithets_and_idioms_of_being_propose_nothing(extractor, text):
    assert said(extractor, text) == set()


def test_what_one_is_stays_read(extractor):
    assert one(extractor, "I'm a keen cyclist.") == {("Dana", "is_a", "keen cyclist")}
    assert one(extractor, "I'm allergic to shellfish.") == {("Dana", "allergic_to", "shellfish")}


@pytest.mark.parametrize(("text", "expected"), [
    ("im starting at fernway in 2 weeks", {("Dana", "plans_to", "start at Fernway")}),
    ("I just started at Brightwave.", {("Dana", "works_at", "Brightwave")}),
])
def test_a_start_ahead_is_a_plan_and_a_start_done_is_the_job(extractor, text, expected):
    assert one(extractor, text) == expected


def test_a_kind_named_by_a_gerund_and_where_it_is_based(extractor):
    assert one(extractor, "We're a running club based in Sheffield.") == {
        ("Acme", "is_a", "running club"), ("Acme", "lives_in", "Sheffield")}
    assert one(extractor, "Leeds is an amazing city.") == set()


def test_a_name_described_beside_it_is_what_it_is(extractor):
    assert one(extractor, "Maya, a nurse, lives next door.") == {("Maya", "is_a", "nurse")}
    assert one(extractor, "I live in Leeds, a great city.") == {("Dana", "lives_in", "Leeds")}
    assert ("Argo", "is_a", "mobile app") not in one(
        extractor, "We maintain Argo, a mobile app, a web dashboard and a public API.")


def test_relatives_said_to_be_a_kind_of_relative_are_no_value(extractor):
    assert one(extractor, "My brothers are twins.") == set()
    assert one(extractor, "My sister is Maya.") == {("Dana", "sister", "Maya")}


@pytest.mark.parametrize(("text", "expected"), [
    ("We now use Asana instead of Trello.",
     {("Acme", "uses", "Asana", "assert"), ("Acme", "uses", "Trello", "retract")}),
    ("We ditched Slack for Discord.",
     {("Acme", "uses", "Discord", "assert"), ("Acme", "uses", "Slack", "retract")}),
    ("I'm retired now.", {("Dana", "is_a", "retired", "assert")}),
    # the kids are the household's, not the employer's
    ("We dropped the kids at school.", {("Dana", "did_drop", "kids", "assert"),
                                        ("Dana", "did_drop_at", "school", "assert")}),
])
def test_instead_of_and_ditching_for_are_switches(extractor, text, expected):
    assert said(extractor, text) == expected


def test_a_tool_the_tagger_took_for_a_person_is_no_he(extractor):
    talk = uuid.uuid4().hex
    said(extractor, "We now use Asana instead of Trello.", conversation=talk)
    assert said(extractor, "He was retired by the club.", conversation=talk) == set()


def test_a_vague_amount_of_a_thing_is_the_thing(extractor):
    assert one(extractor, "I speak English, French and a bit of Spanish.") == {
        ("Dana", "speaks", "English"), ("Dana", "speaks", "French"),
        ("Dana", "speaks", "Spanish")}


@pytest.mark.parametrize(("text", "expected"), [
    ("haha my mate olu, whos from lagos, produces that",
     {("Dana", "friend", "Olu"), ("Olu", "is_from", "Lagos")}),
    ("omg i listen to like 5 bbc podcasts", {("Dana", "listens_to", "5 bbc podcasts")}),
    ("I'm up there most weekends.", set()),
])
def test_chat_mates_hedges_and_times(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_both_sides_of_a_comparison_are_values(extractor):
    assert one(extractor, "We sell more ebikes than road bikes now.") == {
        ("Acme", "sells", "ebikes"), ("Acme", "sells", "road bikes")}


@pytest.mark.parametrize(("text", "folded"), [
    ("for my dads 70th", "For my dad's 70th"),
    ("my mums house is huge", "My mum's house is huge"),
    ("my sisters live in leeds", "My sisters live in leeds"),
])
def test_a_relatives_possessive_without_its_apostrophe_before_what_they_own(text, folded):
    assert fold(text).text == folded


@pytest.mark.parametrize(("text", "expected"), [
    ("im gonna come up to chester on sat w the kids", {("Dana", "doing_come_up_to", "Chester"),
                                                       ("Dana", "doing_come_up_with", "kids")}),
    ("I'm going to fly to Oslo next week.", {("Dana", "doing_fly_to", "Oslo")}),
    ("I'm going to adopt a cat.", {("Dana", "plans_to", "adopt a cat")}),
])
def test_going_to_travel_is_a_trip_under_way_not_a_plan(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Last month we moved our head office from Avondale to Msasa.",
     {("Acme", "head_office", "Msasa", "assert"), ("Acme", "head_office", "Avondale", "retract")}),
    ("We moved our office to Leeds.", {("Acme", "office", "Leeds", "assert")}),
    ("I moved my desk to the corner.", {("Dana", "did_move", "desk", "assert")}),
])
def test_a_possession_moved_to_a_place_is_there_now(extractor, text, expected):
    assert said(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We've got a greyhound called Nutmeg and two chickens.",
     {("Dana", "has_pet", "greyhound"), ("Dana", "greyhound", "Nutmeg"),
      ("Nutmeg", "is_a", "greyhound"), ("Dana", "has_pet", "two chickens")}),
    ("I have a dog named Rex.", {("Dana", "has_pet", "dog"), ("Dana", "dog", "Rex")}),
])
def test_a_pet_called_by_name_its_breed_and_what_else_is_had(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I got promoted to senior engineer.", {("Dana", "role", "senior engineer")}),
    ("I've taken over as tech lead for the checkout squad.", {("Dana", "role", "tech lead")}),
    ("I became a manager last year.", {("Dana", "role", "manager")}),
    ("We became friends at uni.", set()),
    ("I became a dad last year.", set()),
])
def test_a_new_role_said_in_the_past_is_the_role_now(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I look after hiring at Kestrel Logistics.",
     {("Dana", "looks_after", "hiring"), ("Dana", "works_at", "Kestrel Logistics")}),
    ("I handle marketing at Globex.", {("Dana", "handles", "marketing"),
                                       ("Dana", "works_at", "Globex")}),
    ("I love hiking at Snowdon.", {("Dana", "likes", "hiking at Snowdon")}),
])
def test_the_organisation_work_is_done_at_is_where_one_works(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Bruno was trained by Oskar's brother.", {("Oskar's brother", "did_train", "Bruno")}),
    ("The lathe was given to me by Frank.", {("Frank", "did_give", "lathe")}),
    ("Corvane was founded by two pilots.", {("Corvane", "founded_by", "two pilots")}),
    ("Our mural was painted by Ana.", {("Acme's mural", "painted_by", "Ana")}),
])
def test_a_past_deed_in_the_passive_is_the_doers_and_making_stays_the_things(extractor, text,
                                                                            expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We adopted a tabby called Kenkey last month.",
     {("Dana", "did_adopt", "Kenkey"), ("Dana", "has_pet", "Kenkey"), ("Kenkey", "is_a", "tabby")}),
    ("I met a guy called Tom.", {("Dana", "did_meet", "Tom")}),
])
def test_a_pet_got_by_name_is_the_households(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My favourite film is Spirited Away.", {("Dana", "favorite_film", "Spirited Away")}),
    ("My favourite film is probably something old.", set()),  # a hedge, no title
    ("Biscuit is three years old.", {("Biscuit", "age", "three")}),
    ("Mateo is 12.", {("Mateo", "age", "12")}),
    ("Dinner is seven.", set()),  # a time, not an age
    ("Lunch is at 12.", set()),
    ("My best friend Zoe just had a baby boy called Leo.",
     {("Dana", "best_friend", "Zoe"), ("Zoe", "has_child", "baby boy"), ("Zoe", "son", "Leo")}),
    ("My sister had twins last year.", {("Dana's sister", "has_child", "twins")}),
    ("We had the kids over on Sunday.", {("Dana", "did_have_over", "kids")}),  # no birth
    ("I had a dog when I was young.", {("Dana", "did_have", "dog")}),  # no pet now
])
def test_titles_ages_and_births_are_read(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Brigid isn't keen on flying.", {("Brigid", "dislikes", "flying")}),
    ("I'm not really into horror films.", {("Dana", "dislikes", "horror films")}),
    ("I don't love seafood.", {("Dana", "dislikes", "seafood")}),
    ("I'm not scared of spiders.", set()),  # a negation with no natural opposite
])
def test_a_liking_denied_is_a_dislike(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My kids are really into painting these days.", {("Dana's kid", "likes", "painting")}),
    ("I'm a huge Taylor Swift fan.", {("Dana", "likes", "Taylor Swift")}),
    ("I'm not a Star Wars fan.", {("Dana", "dislikes", "Star Wars")}),
    ("I'm a huge fan.", set()),  # of nobody named
    ("My dream is to open a bakery.", {("Dana", "wants_to", "open a bakery")}),
    ("My goal is to run a marathon next year.", {("Dana", "wants_to", "run a marathon")}),
    ("My plan is to retrain as a nurse.", {("Dana", "plans_to", "retrain as a nurse")}),
    ("My biggest fear is to fail.", set()),  # no aim
])
def test_fans_gerunds_and_aims_said_with_be(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I've lived in Canada for ten years.", {("Dana", "lives_in", "Canada")}),
    ("I've worked at Globex since 2019.", {("Dana", "works_at", "Globex")}),
    ("I've played the piano since I was six.", {("Dana", "plays", "piano")}),
    ("We've used Slack for years.", {("Dana", "uses", "Slack")}),  # no "year tool"
    ("I had lived in Rome for years.", {("Dana", "did_live_in", "Rome")}),  # over before now
    ("I've lived in Paris and Rome.", {("Dana", "did_live_in", "Paris"),
                                       ("Dana", "did_live_in", "Rome")}),
    ("I've visited Kyoto for a week.", {("Dana", "did_visit", "Kyoto")}),  # an episode
])
def test_a_state_said_to_last_since_or_for_a_time_holds_now(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We got married in 2019.", {("Dana", "did_get_married_in", "2019")}),
    ("I got married to Tom in 2019.", {("Dana", "married_to", "Tom")}),
    ("My sister got engaged to Marcus.", {("Dana's sister", "engaged_to", "Marcus")}),
    ("I'd love to get married.", set()),
    ("We never got married.", set()),
    ("I'm doing a masters in biology at Leeds.", {
        ("Dana", "doing_do", "masters"), ("Dana", "studies", "biology"),
        ("Dana", "studies_at", "Leeds")}),
    ("I'm doing the dishes.", {("Dana", "doing_do", "dishes")}),  # no degree
])
def test_weddings_and_degrees(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_an_irregular_past_after_a_relative_is_no_name(extractor):
    # "got", "went", "took" are words: chat folding once capitalised them as names
    assert one(extractor, "my mum went to spain last week", org="") == {
        ("Dana's mum", "did_go_to", "Spain")}
    assert one(extractor, "my sister rosie lives in leeds", org="") == {
        ("Dana", "sister", "Rosie"), ("Rosie", "lives_in", "Leeds")}


@pytest.mark.parametrize(("text", "expected"), [
    ("Sara is the new head of marketing.", {("Sara", "role", "head of marketing")}),
    ("I'm the organiser.", {("Dana", "role", "organiser")}),
    ("She's the best manager ever.", set()),  # praise, no post
    ("Sara is a manager.", {("Sara", "is_a", "manager")}),  # a kind, not the post
])
def test_the_post_one_holds_is_a_role(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Yesterday I gave a talk at my old school.", {("Dana", "did_give", "talk"),
                                                    ("Dana", "did_give_at", "old school")}),
    ("I gave it a try.", set()),
    ("She gave me a call.", set()),
    ("I've been really into baking sourdough since the pandemic.",
     {("Dana", "likes", "baking sourdough")}),
])
def test_a_talk_given_is_an_episode_and_since_is_no_part_of_a_doing(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I've been painting a lot lately.", {("Dana", "does", "painting")}),
    ("I'm knitting again these days.", {("Dana", "does", "knitting")}),
    ("I run.", {("Dana", "does", "running")}),
    ("I'm cooking.", set()),  # the moment, no habit
    ("I've been cooking all day.", set()),
    ("I'm running late.", set()),
    ("I don't paint.", set()),
])
def test_a_pastime_said_without_an_object_is_what_one_does(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("In 2021, Acme acquired Widgetly for $40 million.",
     {("Acme", "did_acquire", "Widgetly"), ("Acme", "did_acquire_for", "$40 million")}),
    ("Jane Doe serves as chief executive officer.",
     {("Jane Doe", "role", "chief executive officer")}),
    ("I serve on the board.", {("Dana", "serves_on", "board")}),
])
def test_documents_name_objects_and_posts(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I gave up squash last year.", {("Dana", "did_give_up", "squash")}),
    ("I never gave up hope.", set()),
    ("I stopped by the shop.", set()),
    ("I'm a teacher in Leeds.", {("Dana", "is_a", "teacher"), ("Dana", "works_in", "Leeds")}),
    ("I'm a student in Valparaíso.",
     {("Dana", "is_a", "student"), ("Dana", "studies_in", "Valparaíso")}),
])
def test_what_was_given_up_and_the_town_a_role_is_in(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_habit_stopped_is_retracted_in_its_own_verb(extractor):
    assert said(extractor, "I stopped taking sugar in my tea.", org="") == {
        ("Dana", "takes", "sugar", "retract")}


@pytest.mark.parametrize(("text", "expected"), [
    ("Tom baked bread for the school fair.", {("Tom", "did_bake", "bread")}),
    ("Sarah painted the fence yesterday.", {("Sarah", "did_paint", "fence")}),
    ("I walk to school.", {("Dana", "walks_to", "school")}),
    ("I want to work.", {("Dana", "wants_to", "work")}),  # a true infinitive stays one
])
def test_parses_the_small_model_gets_wrong_are_repaired(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_wedding_under_way_is_read_with_its_month(extractor):
    assert one(extractor, "My sister is getting married in June.", org="") == {
        ("Dana's sister", "doing_get_married_in", "June")}
    assert one(extractor, "If we get married, we'll move.", org="") == set()


def test_plain_text_lines_are_messages_and_a_transcript_names_its_speakers():
    from extract.formats import read_turns

    chat = read_turns("Nina: I moved to Bristol\nAma: nice!\nNina: my cat is Pickle\n", "c.txt")
    assert [(t.speaker, t.text) for t in chat] == [
        ("Nina", "I moved to Bristol"), ("Ama", "nice!"), ("Nina", "my cat is Pickle")]
    assert len({t.message_id for t in chat}) == 3
    lines = read_turns("moved to bristol last month\nmy girlfriend ama is a lecturer\n", "n.txt",
                       speaker="Nina")
    assert [t.text for t in lines] == ["moved to bristol last month",
                                       "my girlfriend ama is a lecturer"]
    prose = read_turns("We moved to Bristol in May, and my girlfriend got a job at the\n"
                       "university there.\n\nNote: this is prose.", "p.txt", speaker="Nina")
    assert [t.text for t in prose] == [
        "We moved to Bristol in May, and my girlfriend got a job at the university there.",
        "Note: this is prose."]


@pytest.mark.parametrize(("text", "expected"), [
    ("I go to the gym three times a week.", {("Dana", "goes_to", "gym")}),
    ("I see my therapist every Tuesday.", {("Dana", "sees", "therapist"),
                                           ("Dana", "sees_therapist_on", "every Tuesday")}),
    ("I go there sometimes.", set()),
    ("I see what you mean.", set()),
    # no one's routine, but a schedule (tests/test_schedules.py)
    ("Our newsletter goes out on Tuesdays.", {("Dana", "newsletter_goes_out", "Tuesdays")}),
    ("I was diagnosed with asthma as a kid.", {("Dana", "diagnosed_with", "asthma")}),
])
def test_a_routine_said_with_how_often_is_a_habit(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("we just got a puppy, a beagle called pepper", {
        ("Dana", "did_get", "puppy"), ("Dana", "has_pet", "Pepper"), ("Pepper", "is_a", "beagle")}),
    ("Maya and Tom are both doctors.", {("Maya", "is_a", "doctor"), ("Tom", "is_a", "doctor")}),
    ("My sisters are nurses.", {("Dana's sisters", "is_a", "nurses")}),  # not 'sisters: nurses'
    ("My brothers are twins.", set()),
    ("My son is 18 months old.", {("Dana's son", "age", "18 months")}),
    ("I'm an aunt now.", {("Dana", "is_a", "aunt")}),
])
def test_pets_named_aside_people_listed_and_ages_in_months(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_bare_names_age_needs_someone_the_conversation_named(extractor):
    conversation = uuid.uuid4().hex
    assert one(extractor, "Dinner is seven.", org="", conversation=conversation) == set()
    said(extractor, "My daughter Sofia loves swimming.", org="", conversation=conversation)
    assert one(extractor, "Sofia is nine.", org="", conversation=conversation) == {
        ("Sofia", "age", "nine")}
    assert one(extractor, "Lunch is 12.", org="", conversation=conversation) == set()


def test_what_a_switch_went_to_is_its_new_value_even_in_lower_case(extractor):
    assert said(extractor, "we switched from whatsapp to signal", org="") == {
        ("Dana", "uses", "signal", "assert"), ("Dana", "uses", "Whatsapp", "retract")}
    assert one(extractor, "I went from hating it to loving it", org="") == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("my lil sister starts uni in sept", {("Dana's sister", "plans_to", "start uni")}),
    ("I start my new job on Monday.", {("Dana", "plans_to", "start new job")}),
    ("I start work at 9.", set()),  # a habit, no plan
    ("I don't start school until May.", set()),
])
def test_a_start_to_come_said_in_the_present_is_a_plan(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_chat_words_for_relatives_are_the_relatives(extractor):
    assert one(extractor, "my lil bro is 12", org="") == {("Dana's brother", "age", "12")}
    assert one(extractor, "thanks bro", org="") == set()


def test_me_after_a_preposition_is_the_speaker(extractor):
    assert one(extractor, "Priya reports to me.", org="") == {("Priya", "reports_to", "Dana")}
    assert one(extractor, "My mum lives with me.", org="") == {("Dana's mum", "lives_with", "Dana")}
    assert one(extractor, "Talk to me.", org="") == set()


def test_a_second_verb_read_as_a_plural_noun_is_a_verb_again(extractor):
    assert one(extractor, "Priya leads the platform team and reports to Sam.", org="") == {
        ("Priya", "leads", "platform team"), ("Priya", "reports_to", "Sam")}
    assert one(extractor, "We sell shoes and bags to retailers.", org="") >= {
        ("Dana", "sells", "bags")}  # a plural noun that is a noun stays one


def test_a_relative_named_in_a_later_clause_and_a_role_one_joined_as(extractor):
    assert one(extractor, "I moved to York in the summer, my partner Jo got a job at the "
               "hospital there", org="") >= {("Dana", "partner", "Jo"), ("Jo", "works_at",
                                                                       "hospital")}
    assert one(extractor, "I've joined Quill as a backend engineer.", org="") == {
        ("Dana", "works_at", "Quill"), ("Dana", "role", "backend engineer")}
    assert one(extractor, "I joined the choir as a tenor.", org="") == {
        ("Dana", "member_of", "choir")}  # no job's role


@pytest.mark.parametrize(("text", "expected"), [
    ("We make apps for bakeries.", {("Acme", "makes", "apps for bakeries")}),
    ("I make candles.", {("Dana", "makes", "candles")}),
    ("I take the bus everywhere now.", {("Dana", "takes", "bus")}),
    ("I take insulin every morning.", {("Dana", "takes", "insulin")}),
    ("He repairs guitars for a living.", set()),  # no one named: nothing, and no "kind"
])
def test_what_one_makes_or_takes_as_a_rule_is_read(extractor, text, expected):
    assert one(extractor, text) == expected


@pytest.mark.parametrize("text", [
    "I make sure the tests pass.", "I take it you've heard.", "I take a taxi sometimes.",
    "I make a point of calling.", "I take ages to get ready.", "Make sure you come.",
])
def test_make_and_take_as_idioms_say_nothing(extractor, text):
    assert one(extractor, text) == set()


def test_the_company_is_the_speakers_only_when_known(extractor):
    assert one(extractor, "The company was founded by my uncle, Tawanda Ncube.",
               org="Kestrel") >= {("Kestrel", "founded_by", "Tawanda Ncube")}
    assert one(extractor, "The company was founded by Tawanda Ncube.", org="") == set()
    assert said(extractor, "I work at Kestrel.", "The company was founded in 1998.",
                org="") >= {("Kestrel", "founded_in", "1998", "assert")}


@pytest.mark.parametrize(("text", "expected"), [
    ("i am twenty five years old.", {("Dana", "age", "twenty five")}),
    ("my son is twenty-one.", {("Dana's son", "age", "twenty-one")}),
    ("i love to cook italian food.", {("Dana", "likes", "cooking italian food")}),
    ("i like to swim", {("Dana", "likes", "swimming")}),
    ("i enjoy hiking on the weekends.", {("Dana", "likes", "hiking")}),
    ("i live in a small town in ohio.", {("Dana", "lives_in", "small town in Ohio")}),
    ("I play bass in a jazz band.", {("Dana", "plays", "bass"),
                                     ("Dana", "plays_in", "jazz band")}),
    ("i am married with two children.", {("Dana", "is_a", "married"),
                                         ("Dana", "has_child", "two children")}),
    ("i have been married for 10 years.", {("Dana", "is_a", "married")}),
])
def test_persona_statements_are_read_whole(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize("text", [
    "I was married for a while.", "I play tennis with my dad sometimes, if it's dry.",
    "My daughter is the one on the left.",
])
def test_past_states_and_pointing_say_no_current_fact(extractor, text):
    assert not {f for f in one(extractor, text, org="") if f[1] in ("is_a", "age",
                                                                    "plays_in")}


def test_states_of_health_and_diet_are_the_households_not_the_employers(extractor):
    assert said(extractor, "I work at a small animal practice in Clifton.",
                "We're vegetarian, mostly.", org="") >= {("Dana", "is_a", "vegetarian", "assert")}
    assert not {f for f in said(extractor, "I work at a small animal practice in Clifton.",
                                "We're vegetarian, mostly.", org="")
                if f[0] == "small animal practice"}
    assert one(extractor, "im lactose intolerant", org="") == {
        ("Dana", "is_a", "lactose intolerant")}


def test_what_one_cannot_eat_is_a_rule_but_not_this_once(extractor):
    assert one(extractor, "Chris can't eat gluten.", org="") == {
        ("Chris", "does_not_eat", "gluten")}
    assert one(extractor, "I can't eat another bite.", org="") == set()
    assert one(extractor, "I can't eat dinner today.", org="") == set()


def test_a_call_kept_up_is_a_routine_and_a_death_keeps_its_particle(extractor):
    assert said(extractor, "My mum lives in Hamburg.", "I call her every Sunday.",
                org="") >= {("Dana", "calls", "Dana's mum", "assert")}
    assert one(extractor, "I'll call you later.", org="") == set()
    assert one(extractor, "My dad passed away two years ago.", org="") == {
        ("Dana's dad", "did_pass_away", "two years ago")}


def test_an_organisations_switches_and_things_are_read_when_it_is_known(extractor):
    assert one(extractor, "We switched our CRM to HubSpot.", org="Northwind") == {
        ("Northwind", "uses", "HubSpot")}
    assert said(extractor, "We moved from AWS to GCP last quarter.", org="Northwind") == {
        ("Northwind", "uses", "GCP", "assert"), ("Northwind", "uses", "AWS", "retract")}
    assert said(extractor, "switched from vs code to zed last month", org="") >= {
        ("Dana", "uses", "vs code", "retract")}
    assert one(extractor, "The website runs on WordPress.", org="Northwind") == {
        ("Northwind's website", "runs_on", "WordPress")}
    assert one(extractor, "The website runs on WordPress.", org="") == {
        ("website", "runs_on", "WordPress")}  # no firm known: the thing as named
    assert one(extractor, "The mobile team reports to Karim.", org="Northwind") == {
        ("mobile team", "reports_to", "Karim")}


def test_joining_us_is_working_where_we_do_but_not_a_visit(extractor):
    assert one(extractor, "Karim joined us from Google in 2021.", org="Northwind") >= {
        ("Karim", "works_at", "Northwind")}
    assert one(extractor, "Karim joined us for lunch.", org="Northwind") == set()
    assert one(extractor, "My sister joined us last week.", org="Northwind") == set()
    assert one(extractor, "Karim joined us last week.", org="") == set()  # where is unknown


def test_a_short_answer_after_a_remark_and_a_question_is_a_kind_not_a_name(extractor):
    turns = [Turn(text="nice, what do you do there?", speaker="Noor", conversation_id="q1",
                  message_id="a"),
             Turn(text="junior ux designer", speaker="Omar", conversation_id="q1",
                  message_id="b")]
    assert {(d.subject, d.predicate, d.object) for r in extractor.extract_many(turns)
            for d in r.drafts} == {("Omar", "is_a", "junior ux designer")}


@pytest.mark.parametrize(("text", "expected"), [
    # the second name of "A does X and B is Y" is B's subject, not A's
    ("Théo plays rugby for a club in Villeurbanne and Bastien is a PE teacher.",
     {("Théo", "plays", "rugby"), ("Théo", "plays_for", "club in Villeurbanne"),
      ("Bastien", "is_a", "PE teacher")}),
    # a greeting passed on is not reported speech; the relative is named though the
    # parser made "flatmate" an adjective
    ("Oh, and my flatmate Grace says hi, she's a physio.",
     {("Dana", "flatmate", "Grace"), ("Grace", "is_a", "physio")}),
    ("I'll bring my flatmate Dev, he's vegetarian.",
     {("Dana", "flatmate", "Dev"), ("Dev", "is_a", "vegetarian")}),
    ("I'm going to try swimming instead.", {("Dana", "plans_to", "try swimming")}),
])
def test_long_chat_sentences_are_read_whole(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_what_was_said_is_still_reported_when_no_greeting(extractor):
    assert one(extractor, "My flatmate Grace says she's a physio.", org="") == {
        ("Dana", "flatmate", "Grace")}


@pytest.mark.parametrize("text", [
    "Okay, Biscuit is eating the curtain, I have to run.",  # a moment, nothing under way
    "I'm honestly a bit emotional reading that.",  # a feeling, no thing one is
])
def test_the_moment_of_telling_states_nothing(extractor, text):
    assert one(extractor, text, org="") == set()


def test_a_thing_of_the_one_asked_is_no_ones_in_a_question(extractor):
    assert said(extractor, "Vegan, you? What does your mum say?",
                "Her varenyky were always stuffed with cheese.", org="") == set()


@pytest.mark.parametrize(("text", "expected"), [
    # news announced with "guess what" is no request, nor reported speech
    ("Hey stranger! Guess what, I finally adopted a puppy last weekend, a little corgi "
     "named Biscuit.", {("Dana", "did_adopt", "puppy"), ("Dana", "has_pet", "Biscuit"),
                        ("Biscuit", "is_a", "corgi")}),
    # an instrument played in a name is played in a band, whatever the tagger calls it
    ("I play bass in Los Trasnochados.",
     {("Dana", "plays", "bass"), ("Dana", "plays_in", "Los Trasnochados")}),
    ("I play football in Leeds.", {("Dana", "plays", "football")}),
    # each of two relatives listed with "and" is the subject of its own clause
    ("Our son Leo is 8 and our daughter Ava is 5.",
     {("Dana", "son", "Leo"), ("Dana", "daughter", "Ava"), ("Leo", "age", "8"),
      ("Ava", "age", "5")}),
    ("My mother-in-law lives with us.", {("Dana's mother-in-law", "lives_with", "Dana")}),
])
def test_news_bands_and_households_are_read(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_guess_what_alone_still_asks_nothing(extractor):
    assert one(extractor, "Guess what happened?", org="") == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("I've gone vegan.", {("Dana", "is_a", "vegan")}),
    ("My dad went vegetarian last year.", {("Dana's dad", "is_a", "vegetarian")}),
    ("It went quiet.", set()),  # a moment, no state of life
    ("I'll become a citizen next year.", {("Dana", "plans_to", "become a citizen")}),
    ("I joined a startup called Loop.",
     {("Dana", "works_at", "Loop"), ("Loop", "is_a", "startup")}),
])
def test_what_one_became_one_is_and_a_startup_joined_is_work(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I like reading, especially fantasy and sci-fi.",
     {("Dana", "likes", "reading"), ("Dana", "likes", "fantasy"), ("Dana", "likes", "sci-fi")}),
    ("I can't eat gluten or dairy.",
     {("Dana", "does_not_eat", "gluten"), ("Dana", "does_not_eat", "dairy")}),
])
def test_list_items_are_whole_words_and_a_food_list_after_eat_is_food(extractor, text,
                                                                       expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the lemmatizer's "hop" for "hoping": a silent "e" mended
    ("I'm hoping to run the London marathon next year.",
     {("Dana", "wants_to", "run the London marathon")}),
    ("I've signed up for a half marathon in October.",
     {("Dana", "did_sign_up_for", "half marathon")}),
    ("I booked a trip to Iceland for Christmas.", {("Dana", "did_book", "trip to Iceland"),
                                                  ("Dana", "did_book_for", "Christmas")}),
    ("I would love to visit Tokyo someday.", set()),  # a wish the gold calls hypothetical
])
def test_plans_and_journeys_are_read_whole(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I attended a conference on AI ethics in Berlin.",
     {("Dana", "did_attend", "conference on AI ethics")}),
    ("We started a podcast about gardening.", {("Dana", "did_start", "podcast about gardening")}),
    ("I gave a talk in May.", {("Dana", "did_give", "talk")}),  # a time is no topic
])
def test_what_a_talk_or_a_course_is_about_stays_with_it(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the one spoken to is no subject
    ("Hi Maria, since we last chatted, I'm volunteering as a mentor for a local school.",
     {("Dana", "doing_volunteer_for", "local school")}),
    # "guess what - ...", and "name's" is "name is"
    ("Hey Maria! Long time no talk! Guess what - I got a puppy two weeks ago!",
     {("Dana", "did_get", "puppy")}),
    # an abstract noun after "our kids" is no child's name
    ("We're considering adopting a rescue dog - for love and to teach our kids "
     "responsibility and compassion.",
     {("Dana", "doing_consider", "adopting a rescue dog - for love")}),
    ("I'm doing ok - hope you are too.", set()),  # how one is
    ("I started running last year.", {("Dana", "does", "running")}),
    ("I've taken up baking.", {("Dana", "does", "baking")}),
    ("I stopped running.", set()),
])
def test_chat_greetings_and_pastimes_taken_up(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_name_given_with_an_apostrophe_is_a_name(extractor):
    claims = said(extractor, "I got a puppy!", "Her name's Coco and she's adorable.", org="")
    assert ("Dana", "puppy", "Coco", "assert") in claims


@pytest.mark.parametrize(("text", "expected"), [
    ("I tried sushi for the first time last week.", {("Dana", "did_try", "sushi")}),
    ("I found a great cafe near my office.", {("Dana", "did_find", "great cafe")}),
    ("I tried to call you.", set()),
    ("I found it hard.", set()),
    ("I really enjoy dramas and emotionally-driven films.",
     {("Dana", "likes", "dramas"), ("Dana", "likes", "emotionally-driven films")}),
])
def test_what_was_tried_or_found_is_an_episode(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I was in Chicago, it was awesome!", {("Dana", "did_go_to", "Chicago")}),
    ("I was in a band.", set()),
    ("I wasn't in Paris.", set()),
    # what something does to one is no fact of one's own
    ("Books and movies make us escape to different places.", set()),
    ("It really helps me stay motivated.", set()),
    ('I recently finished rereading "The Alchemist" - it was really inspiring.',
     {("Dana", "did_finish", "rereading The Alchemist")}),
])
def test_visits_effects_and_half_quotes(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("i ran the lagos half marathon in february", {("Dana", "did_run", "lagos half marathon")}),
    ("Last week I retook the aptitude test.", {("Dana", "did_retake", "aptitude test")}),
])
def test_split_objects_and_prefixed_pasts(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_pet_said_to_be_a_kind_called_a_name_is_named(extractor):
    claims = said(extractor, "and my sister's dog is staying with us this weekend, hes a corgi "
                  "called waffles", org="", speaker="Lucia")
    assert {("Lucia's sister", "dog", "Waffles", "assert"),
            ("Waffles", "is_a", "corgi", "assert")} <= claims
    assert not any(p == "is_a" and o == "waffles" for _, p, o, _ in claims)


@pytest.mark.parametrize(("text", "expected"), [
    ("I left my job at the council in June.", {("Dana", "works_at", "council", "retract")}),
    ("We moved out of London in 2020.", {("Dana", "lives_in", "London", "retract")}),
])
def test_a_job_left_and_a_town_moved_out_of_end(extractor, text, expected):
    assert said(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # what was gone to is the noun before the relative clause, never its time
    ("One special memory for me was this pride parade I went to a few weeks ago.",
     {("Dana", "did_go_to", "pride parade")}),
    ("Next month I'm having an LGBTQ art show with my paintings - can't wait!",
     {("Dana", "plans_to", "have an LGBTQ art show with my paintings")}),
    ("My own journey and the support I got made a huge difference.", set()),
    ("I was made head of sales.", {("Dana", "role", "head of sales")}),
])
def test_times_asides_and_differences_are_no_objects(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm also hosting a dance competition next month.",
     {("Dana", "plans_to", "host a dance competition")}),
    ("I had an interview for a design internship yesterday!",
     {("Dana", "did_have", "interview for a design internship")}),
])
def test_a_plans_aside_and_what_an_interview_is_for(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # what "think" reports comes after it: the sentence before is the speaker's own
    ("My sister's name is Carmen, by the way; I don't think you've met her.",
     {("Dana", "sister", "Carmen")}),
    ("My sister is a nurse, I think.", set()),
    ("Chidi likes anything spicy.", {("Chidi", "likes", "anything spicy")}),
    ("I've just started something new.", set()),
])
def test_a_statement_before_a_report_and_anything_liked(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_role_the_parser_read_as_a_verb_is_a_role(extractor):
    assert one(extractor, "I now work as a team lead.", org="") == {("Dana", "role", "team lead")}


@pytest.mark.parametrize(("text", "expected"), [
    ("i work in a grocery store .", {("Dana", "works_at", "grocery store")}),
    ("I work in marketing.", {("Dana", "line_of_work", "marketing")}),  # no workplace
    ("i live on a farm with my family .", {("Dana", "lives_in", "farm")}),
    ("I live on toast.", set()),
    ("I love listening to jazz.", {("Dana", "likes", "listening to jazz")}),
    ("i drive a truck for a living .", {("Dana", "drives", "truck")}),
    ("i am a stay at home mom of three .", {("Dana", "is_a", "stay-at-home mom")}),
])
def test_persona_statements_of_work_home_and_liking(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I cooked my grandmother's soup from memory for twelve people.",
     {("Dana", "did_cook", "grandmother's soup"), ("Dana", "did_cook_for", "twelve people")}),
    # alone, the circumstance is all the episode says
    ("We slept in guesthouses.", {("Dana", "did_sleep_in", "guesthouses")}),
    ("I ran a half marathon in Leeds on Sunday.",
     {("Dana", "did_run", "half marathon in Leeds")}),
])
def test_an_episodes_circumstance_is_no_fact_but_its_place_is(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize("text", [
    "Pavel organised the whole thing.", "I took the first step towards adoption.",
    "It made a real difference.",
])
def test_a_vague_thing_is_no_object(extractor, text):
    assert one(extractor, text, org="") == set()


@pytest.mark.parametrize(("text", "expected"), [
    # found trying a new user's conversation: a present-perfect giving up is read as the
    # past one is, and a zombie is how one feels, no thing one is
    ("i've given up caffeine, day 4 and i'm a zombie lol",
     {("Dana", "did_give_up", "caffeine")}),
    ("I gave up coffee.", {("Dana", "did_give_up", "coffee")}),
])
def test_giving_up_in_the_present_perfect_and_a_zombie(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a passive with its doer named, said of the speaker: done to the speaker
    ("I was raised by my grandmother.", {("Dana's grandmother", "did_raise", "Dana")}),
    # the verb's own preposition keeps its reading, whoever did it
    ("I was raised in Leeds by my grandmother.", {("Dana", "grew_up_in", "Leeds")}),
    # a present passive whose doer is given a name, even for a verb that is no habit alone
    ("The club kit is made by a small firm called Stride.",
     {("Stride", "makes", "club kit"), ("Stride", "is_a", "small firm")}),
    # how long a state has lasted is no thing it is of
    ("I've been vegetarian since 2019.", {("Dana", "is_a", "vegetarian")}),
    ("I've been vegetarian for years.", {("Dana", "is_a", "vegetarian")}),
    ("I'm allergic to peanuts.", {("Dana", "allergic_to", "peanuts")}),
    # a thing quit is that it was quit, no pastime
    ("I quit the smoking area.", {("Dana", "did_quit", "smoking area")}),
    # the services one serves in; not any room one is in
    ("My brother's in the navy.", {("Dana's brother", "serves_in", "navy")}),
    ("My sister Tamsin was in the navy for six years.",
     {("Dana", "sister", "Tamsin"), ("Tamsin", "served_in", "navy")}),
    ("My brother is in the kitchen.", set()),
    # an organisation someone is at now, or has been at: where they work; not where the
    # speaker is this minute
    ("My cousin Ade is at Google now.", {("Dana", "cousin", "Ade"), ("Ade", "works_at", "Google")}),
    ("I'm at Starbucks now.", set()),
])
def test_passives_durations_services_and_employers(extractor, text, expected):
    assert {(s, p, o) for s, p, o, k in said(extractor, text, org="")
            if k in ("assert", "retract")} == expected


def test_a_gerund_tagged_a_noun_is_still_a_pastime_stopped(extractor):
    assert said(extractor, "I quit smoking two years ago.", org="") == {
        ("Dana", "does", "smoking", "retract")}


@pytest.mark.parametrize(("text", "expected"), [
    # a relative clause with no "that" says what was done to the noun before it, even a
    # "this" or "these" the moment alone would not resolve
    ("These figurines I bought yesterday remind me of family love.",
     {("Dana", "did_buy", "figurines")}),
    ("This book I read last year reminds me to always pursue my dreams.",
     {("Dana", "did_read", "book")}),
    ("I love this series.", set()),
    # a pet or a relative set beside a name, the name first
    ("Oscar, my guinea pig, is great.", {("Dana", "guinea_pig", "Oscar")}),
    ("That's Kofi, my younger brother.", {("Dana", "brother", "Kofi")}),
])
def test_relatives_without_that_and_names_before_their_relation(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_pastime_gone_to_no_longer(extractor):
    assert said(extractor, "I used to go horseback riding with my dad.", org="") == {
        ("Dana", "does", "horseback riding", "retract")}


@pytest.mark.parametrize(("text", "expected"), [
    # a job lost or got "as" something says what one was, or is
    ("I lost my job as a banker.", {("Dana", "is_a", "banker", "retract")}),
    ("I got a job as a barista at Costa.",
     {("Dana", "works_at", "Costa", "assert"), ("Dana", "is_a", "barista", "assert")}),
    # each thing one is passionate about, once; a list's last noun the tagger made a verb
    ("I'm passionate about fashion trends and finding unique pieces.",
     {("Dana", "likes", "fashion trends", "assert"),
      ("Dana", "likes", "finding unique pieces", "assert")}),
    ("I'm allergic to nuts and shellfish.",
     {("Dana", "allergic_to", "nuts", "assert"), ("Dana", "allergic_to", "shellfish", "assert")}),
    # where one walks or cycles to, "work" and "school" too (not "at work": where one is)
    ("I walk to work most days.", {("Dana", "walks_to", "work", "assert")}),
    ("My wife Giulia walks to work.",
     {("Dana", "wife", "Giulia", "assert"), ("Giulia", "walks_to", "work", "assert")}),
    ("I was at work.", set()),
    # wanting a thing unnamed, needing, goosebumps: nothing of one's own
    ("I want to book before it's impossible.", set()),
    ("we're gonna need more hands", set()),
    ("I actually have goosebumps.", set()),
    ("I want to buy a house.", {("Dana", "wants_to", "buy a house", "assert")}),
])
def test_jobs_as_lists_destinations_and_wants_without_a_thing(extractor, text, expected):
    assert said(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("i quit the call centre", {("Dana", "did_quit", "call centre")}),
    # where one goes, said in the present: a habit; not bed, not work
    ("i go to the climbing wall now, way more fun than the gym",
     {("Dana", "goes_to", "climbing wall")}),
    ("I go to bed at ten.", set()),
    ("I go to work at 8.", set()),
    # gone to see someone: a visit, and where; a film seen is seen
    ("i went to see my nan in accra last month, she says hi",
     {("Dana", "did_visit", "nan"), ("Dana", "did_go_to", "Accra")}),
    ("We went to see a film.", {("Dana", "did_see", "film")}),
    # a routine one has
    ("i have choir every sunday morning now lol", {("Dana", "choir", "every sunday morning")}),
    # a doer described and then named is the name
    ("my choir is run by a retired opera singer, mrs adebayo",
     {("mrs adebayo", "runs", "choir"), ("Dana", "member_of", "choir")}),  # mine, too
])
def test_quitting_going_visiting_and_doers_named_beside(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_pastime_stopped_at_a_time_is_stopped(extractor):
    assert ("Dana", "does", "teaching", "retract") in said(
        extractor, "I stopped teaching in the summer.", org="")


@pytest.mark.parametrize(("text", "expected"), [
    # a named person who moved lives there; no post "changed to" a town
    ("Our last driver, Bogdan, moved to Glasgow in the spring.",
     {("Dana", "last_driver", "Bogdan"), ("Bogdan", "lives_in", "Glasgow")}),
    # a name given a relative keeps no "'s" of what it owns
    ("My sister Adunni's grandson has just started medical school.",
     {("Dana", "sister", "Adunni"), ("Adunni's grandson", "did_start", "medical school")}),
    # "round the corner" is where, not a verb nor a thing lived
    ("Our daughter Kasia lives just round the corner, on Elm Street.",
     {("Dana", "daughter", "Kasia"), ("Kasia", "lives_in", "Elm Street")}),
    ("I live round the corner.", set()),
])
def test_movers_named_possessors_and_round_the_corner(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_she_is_my_girlfriend_names_the_relative(extractor):
    got = said(extractor, "I'm bringing Chiara.", "She's my girlfriend.", org="",
               conversation="gf")
    assert ("Dana", "girlfriend", "Chiara", "assert") in got
    assert ("Chiara", "is_a", "girlfriend", "assert") not in got


def test_one_claim_read_twice_is_proposed_once(extractor):
    turn = Turn(text="Our standup moved to 10:15.", speaker="Dana", organisation="Acme")
    drafts = [(d.subject, d.predicate, d.object) for d in extractor.extract(turn).drafts]
    assert drafts == [("Acme", "standup", "10:15")]


@pytest.mark.parametrize(("text", "expected"), [
    # a time had somewhere, the place hung on the time
    ("Last week, we had a meaningful experience at a military memorial.",
     {("Dana", "did_spend_time_at", "military memorial")}),
    ("I had a bad experience with a dentist.", set()),
    # what one got to do, or helped do, was done
    ("I got to volunteer at a career fair.", {("Dana", "did_volunteer_at", "career fair")}),
    ("Last year, I helped renovate a rundown community center.",
     {("Dana", "did_renovate", "rundown community center")}),
    ("I got to know him.", set()),
    ("I managed to finish the marathon last weekend.", {("Dana", "did_finish", "marathon")}),
    ("Yesterday I chose to go to networking events to make things happen.",
     {("Dana", "did_go_to", "networking events")}),
    ("I didn't manage to finish it.", set()),
    ("I started crying.", set()),  # a moment, no pastime
    # a thing being tried, and where one started going
    ("I'm trying kundalini yoga.", {("Dana", "doing_try", "kundalini yoga")}),
    ("I'm trying to sleep.", set()),
    ("I just started going to the gym last month.", {("Dana", "goes_to", "gym")}),
])
def test_times_had_things_got_to_do_and_tried(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # one of several favourites is liked, named whole
    ("Lord of the Rings is one of my favourite films.", {("Dana", "likes", "Lord of the Rings")}),
    ("Spider-Man has always been a favorite of mine.", {("Dana", "likes", "Spider-Man")}),
    ("This trilogy is one of my faves.", set()),  # which, the moment shows
    ("She is one of my favourite people.", set()),
    # a hyphenated modifier stays whole in the predicate
    ("My favorite dairy-free treat is chocolate tart.",
     {("Dana", "favorite_dairy_free_treat", "chocolate tart")}),
])
def test_one_of_my_favourites_and_hyphenated_modifiers(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm also trying out yoga to get a little extra strength.",
     {("Dana", "doing_try_out", "yoga")}),
    ("I tried it out.", set()),
    # a doing said as a past's subject was the speaker's
    ("Organizing a basketball camp for kids last summer was an awesome experience!",
     {("Dana", "did_organize", "basketball camp")}),
    ("Watching it with my family was amazing.", set()),
])
def test_trying_out_and_a_doing_as_a_pasts_subject(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a relative named and owning something: the name is the relative's, the thing theirs
    ("My husband Karim's restaurant got a glowing review.",
     {("Dana", "husband", "Karim"), ("Karim's restaurant", "did_get", "glowing review")}),
    ("My husband Karim's restaurant.", {("Dana", "husband", "Karim")}),  # no verb at all
    ("My sister Maya's dog is called Rex.", {("Dana", "sister", "Maya"), ("Maya", "dog", "Rex")}),
    # a clause before a verb with an object of its own is the speaker's own
    ("my flatmates brother is a pastry chef at the savoy, i could ask him for tips",
     {("Dana's flatmate's brother", "role", "pastry chef"),
      ("Dana's flatmate's brother", "works_at", "savoy")}),
    ("Tom is a chef, she told me.", set()),  # what she told: reported
])
def test_named_relatives_owning_and_clauses_before_an_object(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_relatives_title_is_no_part_of_the_name_nor_says_whose(extractor):
    """"Uncle Femi", said by a parent, is the children's uncle: whose relative a title
    names the words do not say, so no relation is claimed; the name is Femi's."""
    assert one(extractor, "Uncle Bob lives in Leeds.", org="") == {("Bob", "lives_in", "Leeds")}
    assert not any(p in ("uncle", "aunt") for _, p, _ in one(
        extractor, "also gogo is moving in with aunt zodwa next month", org=""))


@pytest.mark.parametrize(("text", "expected"), [
    # a common noun opening a sentence with its capital is no name
    ("Life here is mostly nappies at the moment.", set()),
    ("Work is busy.", set()),
    # a time after "from" is when, no origin; "in a row" is how often, no place
    ("He's in the kitchen from six every morning.", set()),
    ("My mum cried three times in a row.", set()),
    # where one went is its "to", not an "at"; the top of a place names the place
    ("i went to the job fair at the excel yesterday", {("Dana", "did_go_to", "job fair")}),
    ("Soraya proposed on top of Table Mountain.",
     {("Soraya", "did_propose_on", "top of Table Mountain")}),
])
def test_capitals_times_rows_and_where_one_went(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a thing made or bought, shown as "this": still a thing made or bought
    ("Yeah, I made this bowl in my class.", {("Dana", "did_make", "bowl")}),
    ("I bought these shoes last week.", {("Dana", "did_buy", "shoes")}),
    # liked or under way, "this" the moment shows says which, and nothing else does
    ("I love this bowl.", set()),
    ("I'm making this cake.", set()),
])
def test_a_thing_made_or_bought_shown_as_this(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a course keeps the field that says which one; not where or when
    ("I got into the master's programme in marine biology.",
     {("Dana", "did_get_into", "master's programme in marine biology")}),
    ("I'm taking a class in September.", {("Dana", "doing_take", "class")}),
])
def test_a_course_keeps_its_field(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm going to fly down to Cape Town two weeks early.",
     {("Dana", "doing_fly_down_to", "Cape Town")}),
    ("We're driving up to Manchester in September.", {("Dana", "doing_drive_up_to", "Manchester")}),
    ("I flew to Lisbon.", {("Dana", "did_fly_to", "Lisbon")}),
])
def test_down_up_and_over_before_to_are_said_in_the_predicate(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a tool switched to is used, and the old one no longer; a habit or a course
    # switched is said as the switch it was
    ("We switched from Slack to Teams.",
     {("Dana", "uses", "Teams", "assert"), ("Dana", "uses", "Slack", "retract")}),
    ("We switched from paper sign-up sheets to an app called Runtogether.",
     {("Dana", "uses", "Runtogether", "assert"),
      ("Dana", "uses", "paper sign-up sheets", "retract"),
      ("Runtogether", "is_a", "app", "assert")}),
    ("We switched the newsletter from paper to a WhatsApp group.",
     {("Dana", "newsletter", "WhatsApp group", "assert"),
      ("Dana", "newsletter", "paper", "retract")}),
    ("I moved the sofa from the hall to the lounge.", {("Dana", "did_move", "sofa", "assert")}),
    ("I've switched from black tea to rooibos.",
     {("Dana", "did_switch_to", "rooibos", "assert"),
      ("Dana", "did_switch_from", "black tea", "assert")}),
])
def test_a_switch_of_tool_and_a_switch_of_habit(extractor, text, expected):
    assert said(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # what one had to do, in the past, was done; what one has to do is not yet
    ("I had to shut down my bank account.", {("Dana", "did_shut_down", "bank account")}),
    ("I have to cancel my trip.", set()),
])
def test_what_one_had_to_do_was_done(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # nothing but a noun stands straight after "a": the tagger's adverb there is the object
    ("I got a tattoo a few years ago.", {("Dana", "did_get", "tattoo")}),
    ("It was a bit too much.", set()),
])
def test_a_noun_after_an_article_is_no_adverb(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a clause of purpose is an aim, not so yet
    ("Plus, I'm going to do more ads so I can reach more people.",
     {("Dana", "plans_to", "do more ads")}),
    ("I moved so that I can be near my mum.", set()),
    # "people" alone names no one; with words of its own it does
    ("I've made strong connections with people there.",
     {("Dana", "did_make", "strong connections")}),
    ("I volunteer with elderly people.", {("Dana", "volunteers_with", "elderly people")}),
    # remembering or realising a time is no episode
    ("I was actually just remembering yesterday, spending the day with my fam.", set()),
])
def test_purposes_bare_people_and_remembering(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_habits_day_hung_on_its_place_is_still_its_day(extractor):
    """Found trying a new user's conversation: "When do I swim?" had no answer."""
    assert one(extractor, "i swim at the lido on saturdays now", org="") == {
        ("Dana", "swims_at", "lido"), ("Dana", "swims_on", "saturdays")}
    assert one(extractor, "I work at a cafe on Main Street.", org="") == {
        ("Dana", "works_at", "cafe")}


def test_a_role_started_as_and_a_flat_being_rented(extractor):
    """Found trying a new user's conversation: a job started "as" something is that
    role; a flat one is renting now is where one lives (a van rented next week is not)."""
    assert one(extractor, "I started at Fernbrook last month as a product designer.",
               org="") == {("Dana", "works_at", "Fernbrook"), ("Dana", "role", "product designer")}
    assert ("Dana", "lives_in", "Partick") in one(extractor, "I'm renting a flat in Partick.",
                                                  org="")
    assert one(extractor, "I'm renting a van next week.", org="") == {
        ("Dana", "plans_to", "rent a van")}


@pytest.mark.parametrize(("text", "expected"), [
    # a plural the tagger took for a participle after a verb of liking
    ("omg i love corgis", ("Dana", "likes", "corgis")),
    # a word no dictionary knows as an adjective, right after a verb with no object
    ("zoe i tried currywurst finally", ("Dana", "did_try", "currywurst")),
    # a job said with what it is, with no employer named
    ("i got the nursing job!!", ("Dana", "did_get", "nursing job")),
])
def test_words_the_tagger_misread_are_read_as_what_they_are(extractor, text, expected):
    assert expected in one(extractor, text, org="")


@pytest.mark.parametrize("text", [
    "I got sick last week",  # a state after "got", a known adjective
    "I got the job!",  # the job alone tells no one anything
    "I love it",
])
def test_what_the_misreading_repairs_leave_alone(extractor, text):
    assert not any(p in ("did_get", "likes") and o in ("sick", "job") for _, p, o in one(
        extractor, text, org=""))


@pytest.mark.parametrize(("text", "expected"), [
    # a pastime one used to do, said with nothing after it
    ("i used to smoke but i quit in 2019", ("Dana", "does", "smoking", "retract")),
    ("I used to surf", ("Dana", "does", "surfing", "retract")),
    # a fan of a name the tagger took, fan and all, for a person
    ("i'm a huge harry potter fan", ("Dana", "likes", "harry potter", "assert")),
    # a second object the parser joined to the verb
    ("i speak spanish and a little french", ("Dana", "speaks", "spanish", "assert")),
])
def test_used_to_fans_and_second_objects(extractor, text, expected):
    assert expected in said(extractor, text, org="")


def test_what_one_used_to_do_for_work_or_a_bare_verb_says_nothing_given_up(extractor):
    for text in ("I used to work", "I used to go", "i used to sleep"):
        assert not any(p == "does" for _, p, _, _ in said(extractor, text, org="")), text
    assert not any(p == "name" for _, p, _, _ in said(extractor, "i'm a huge harry potter fan",
                                                        org=""))


@pytest.mark.parametrize(("text", "expected"), [
    # the present perfect of a lasting verb, "for six years now": still so
    ("I'm from Lagos, but I've lived in Dublin for six years now.", ("Dana", "lives_in", "Dublin")),
    # an introduction: the age and the home town set off by commas
    ("heyyy im dana, 19, from cork", ("Dana", "age", "19")),
    ("heyyy im dana, 19, from cork", ("Dana", "is_from", "Cork")),
    ("im a hairdresser, 29, and i own way too many houseplants", ("Dana", "age", "29")),
    # a count that says no number is no part of the thing
    ("im a hairdresser, 29, and i own way too many houseplants",
     ("Dana", "owns", "houseplants")),
    # a pastime the tagger took for an adverb, done "alot"
    ("i skateboard alot and play video games", ("Dana", "does", "skateboarding")),
    # a lemma with an "e" no verb ends with; a title keeps its "The"
    ("Rewatching The Office for the fifth time.", ("Dana", "doing_rewatch", "The Office")),
    # plural breeds are each one of the breed
    ("i just stay home with my two huskies, koda and luna", ("Dana", "husky", "koda")),
])
def test_what_strangers_say_getting_to_know_each_other(extractor, text, expected):
    assert expected in one(extractor, text, org="")


def test_an_introduction_keeps_to_what_it_says(extractor):
    assert not any(p in ("age", "is_from") for _, p, _ in one(
        extractor, "I'm the one from Leeds", org=""))
    assert ("Dana", "did_live_in", "Paris") in one(extractor, "I lived in Paris for six years.",
                                                    org="")


@pytest.mark.parametrize(("text", "expected"), [
    # a clause said before a verb with its own "about" is the speaker's own, not reported
    ("you'll love it. i went to osaka last year, i still dream about the food",
     ("Dana", "did_go_to", "Osaka")),
    # a plan whose verb is planning: the plan is the thing planned
    ("I'm planning a trip to Japan next spring with my sister.",
     ("Dana", "plans_to", "trip to Japan")),
    # "im allergic" with no "to": what was just said cannot be eaten
    ("omg jealous. i cant eat shellfish tho, im allergic", ("Dana", "allergic_to", "shellfish")),
    # a name set off by commas after a relative one has
    ("That's sweet. I have a niece too, Sana, she's three.", ("Dana", "niece", "Sana")),
])
def test_more_of_what_strangers_say(extractor, text, expected):
    assert expected in one(extractor, text, org="")


def test_schooling_after_in_is_when_and_a_named_relative_is_not_a_thing_had(extractor):
    got = one(extractor, "i quit drinking alcohol in college too", org="")
    assert not any(p == "drinks_in" for _, p, _ in got)
    assert ("Dana", "has", "Sana") not in one(extractor, "I have a niece, Sana.", org="")
    assert ("Dana", "works_in", "school") in one(extractor, "I work in a school.", org="") \
        or ("Dana", "works_at", "school") in one(extractor, "I work in a school.", org="")


@pytest.mark.parametrize(("text", "expected"), [
    ("our brand colour is green", ("Dana", "brand_color", "green")),
    ("my hair is blonde", ("Dana", "hair", "blonde")),
    ("Our button radius is 8px.", ("Dana", "button_radius", "8px")),
    ("Our logo position is top left.", ("Dana", "logo_position", "top left")),
])
def test_a_possessed_trait_keeps_its_adjective(extractor, text, expected):
    assert expected in one(extractor, text, org="")


@pytest.mark.parametrize("text", ["my online clothing store is rewarding", "my job is stressful",
                                  "my store is open", "my dog is friendly"])
def test_how_a_possessed_thing_seems_is_no_value_of_it(extractor, text):
    assert one(extractor, text, org="") == set()


def test_a_dropped_i_before_an_auxiliary_asks_nothing_and_leave_asked_is_no_condition(
        extractor):
    got = one(extractor, "I'm good! Was super nervous last week when I shared my book with "
              "my writers group.", org="")
    assert ("Dana", "did_share", "book") in got
    assert ("Dana", "doing_move_to", "Leeds") in one(
        extractor, "We're moving to Leeds if that's fine with you.", org="")
    assert one(extractor, "If the weather is fine, we're hiking.", org="") == set()
    assert one(extractor, "Was he at the party when I left?", org="") == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("im more into crochet, i make blankets for all my nieces", ("Dana", "likes", "crochet")),
    ("im more into crochet, i make blankets for all my nieces",
     ("Dana", "makes", "blankets for all my nieces")),
    ("lol my grandma does aqua aerobics", ("Dana's grandma", "does", "aqua aerobics")),
    ("just finished my shift at target lol", ("Dana", "works_at", "target")),
    ("yeah my wife and i just had our first baby, a little girl named lucía",
     ("Dana", "daughter", "Lucía")),
    ("im more of a dog person tbh, not a fan of cats", ("Dana", "likes", "dogs")),
    ("im more of a dog person tbh, not a fan of cats", ("Dana", "dislikes", "cats")),
    ("I'm not a morning person", ("Dana", "dislikes", "mornings")),
])
def test_how_strangers_say_what_they_like_do_and_have(extractor, text, expected):
    assert expected in one(extractor, text, org="")


def test_a_person_of_no_kind_likes_nothing(extractor):
    assert not any(p == "likes" for _, p, _ in one(extractor, "I'm a nice person", org=""))


def test_a_pet_got_and_named_beside_is_the_owners(extractor):
    got = one(extractor, "my brother got a puppy tho, a lab called dexter", org="")
    assert ("Dana's brother", "has_pet", "Dexter") in got
    assert ("Dexter", "is_a", "lab") in got


@pytest.mark.parametrize(("text", "expected"), [
    ("Lena leads design and reports to me.", ("Lena", "reports_to", "Dana")),
    ("We moved our docs from Confluence to Notion.", ("Acme", "docs", "Notion")),
    # found trying kg as a new user: the old way unnamed, the new one a name
    ("we moved our bookings from a paper diary to Jobsheet last month",
     ("Acme", "bookings", "Jobsheet")),
    # the parser's infinitive "to Shopify", and a "from" hung on the thing moved
    ("We moved our online orders from Etsy to Shopify in the spring.",
     ("Acme", "online_orders", "Shopify")),
    ("We moved bookings from the paper diary to GarageHive in the autumn.",
     ("Acme", "bookings", "GarageHive")),
    ("Ines works remotely from Porto.", ("Ines", "lives_in", "Porto")),
    ("Ines works at Google.", ("Ines", "works_at", "Google")),
    ("Billing runs on AWS, but search is still on GCP.", ("Billing", "runs_on", "AWS")),
])
def test_what_a_team_lead_says_of_the_team(extractor, text, expected):
    assert expected in one(extractor, text)


def test_leaving_the_company_ends_working_where_we_do(extractor):
    assert ("Marcus", "works_at", "Acme", "retract") in said(
        extractor, "Marcus left the company in June.")
    assert not any(p == "reports_to" and o == "Dana" for _, p, o in one(
        extractor, "Lena leads design and the reports team."))


@pytest.mark.parametrize("text", ["me and cian broke up", "i broke up with cian",
                                  "Cian and I split up last week"])
def test_a_break_up_is_an_episode_with_the_one_named(extractor, text):
    assert {(s, p, o.lower()) for s, p, o in one(extractor, text, org="")} == {
        ("Dana", "did_break_up_with", "cian")}


def test_a_break_up_not_had_says_nothing(extractor):
    assert one(extractor, "I didn't break up with Cian", org="") == set()


def test_a_pet_named_after_called_hung_on_the_noun_is_named_so(extractor):
    got = one(extractor, "got a cat tho, a tabby called miso", org="")
    assert ("Dana", "has_pet", "Miso") in got and ("Miso", "is_a", "tabby") in got


def test_an_aside_after_the_comma_is_not_what_one_is(extractor):
    """"im off dairy now, doctor's orders": what follows the comma is why, not a kind of
    person (was is_a "doctor's orders"); a complement before the comma is still read."""
    assert not any(p == "is_a" for _, p, _ in one(
        extractor, "im off dairy now, doctor's orders", org=""))
    assert ("Dana", "lives_in", "Leeds") in one(
        extractor, "I'm in Leeds now, a student at the uni", org="")


@pytest.mark.parametrize(("text", "child"), [("I have a daughter, Ana, who is 7.", "Ana"),
                                             ("I have a son called Leo who is 4.", "Leo")])
def test_a_child_introduced_by_name_is_who_the_relative_clause_is_about(extractor, text, child):
    """Found trying a new user's memory: "who is 7" gave "daughter: 7" (the relative
    clause read as "the daughter is 7", whose daughter found later)."""
    got = one(extractor, text, org="")
    assert (child, "age", text[-2]) in got
    assert not any(o.isdigit() for s, p, o in got if s == "Dana")



@pytest.mark.parametrize(("text", "expected"), [
    ("Before that I was at Deliveroo for three years.", {("Dana", "did_work_at", "Deliveroo")}),
    ("My brother was at Google for five years.", {("Dana's brother", "did_work_at", "Google")}),
    ("I was at Tesco yesterday.", set()),
    ("I was at Tesco for two hours.", set()),
])
def test_years_at_a_firm_were_a_job_and_an_hour_there_was_a_visit(extractor, text, expected):
    assert one(extractor, text, org="") == expected


def test_a_name_given_just_after_a_birth_is_the_babys(extractor):
    """Found in a new user's chat: "her name is Zara" gave the sister the name."""
    got = one(extractor, "my sister just had a baby girl, her name is Zara", org="")
    assert ("Dana's sister", "daughter", "Zara") in got
    assert not any(p == "sister" for _, p, _ in got)


def test_a_home_said_with_its_place_is_the_place(extractor):
    assert ("Dana", "lives_in", "Brixton") in one(
        extractor, "i live with my two cats in a tiny flat in brixton lol", org="")


@pytest.mark.parametrize(("text", "expected"), [
    ("I go swimming every Sunday.", {("Dana", "does", "swimming")}),
    ("weekends i mostly go running along the thames", {("Dana", "does", "running")}),
    ("I never go running", set()),
    ("I might go climbing on Friday", set()),
])
def test_going_to_do_a_pastime_as_a_habit_is_doing_it(extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("my husband works in construction", {("Dana's husband", "line_of_work", "construction")}),
    ("I work in shifts.", set()),
    ("i listen to a lot of jazz", {("Dana", "listens_to", "jazz")}),
    ("I'm studying to be a dentist.", {("Dana", "wants_to", "be a dentist")}),
])
def test_a_line_of_work_what_is_listened_to_and_what_one_trains_for(extractor, text, expected):
    """Persona statements of my own writing that said nothing."""
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("The mobile app is written in Kotlin.", {("Acme's mobile app", "written_in", "Kotlin")}),
    ("Staging runs on a single t3.large instance.",
     {("Staging", "runs_on", "single t3.large instance")}),
])
def test_workplace_statements_a_new_user_wrote(extractor, text, expected):
    """"the mobile app" is the firm's as "the app" was; a noun opening the sentence that
    the parser hung on the verb as a compound is its subject."""
    assert one(extractor, text) == expected


def test_switching_to_something_with_no_name_is_a_change_of_habit_not_a_tool(extractor):
    """Found in a new user's chat: "I switched to day shifts" gave uses: day shifts."""
    assert one(extractor, "I switched to day shifts in September.", org="") == {
        ("Dana", "did_switch_to", "day shifts")}
    assert ("Acme", "uses", "Linear") in one(extractor, "We switched to Linear last month.")


def test_a_favourite_the_tagger_took_for_an_adjective_is_still_the_favourite(extractor):
    """"My favourite food is sushi" said nothing: "sushi" was tagged an adjective, and
    an adjective after "is" is a judgement ("my job is stressful" still says nothing)."""
    assert one(extractor, "My favourite food is sushi.", org="") == {
        ("Dana", "favorite_food", "sushi")}
    assert one(extractor, "My job is stressful.", org="") == set()


def test_a_pet_kept_is_the_animal(extractor):
    assert one(extractor, "i have a pet rabbit", org="") == {("Dana", "has_pet", "rabbit")}


def test_this_is_no_ones_name(extractor):
    """"we've lived in this house" gave lives_in "Thi's house": "this" read as a name
    with its apostrophe dropped."""
    assert not any("Thi" in o for _, _, o in one(
        extractor, "we've lived in this house for ten years", org=""))


@pytest.mark.parametrize(("text", "expected"), [
    ("Arjun does karate on Tuesdays.", {("Arjun", "does", "karate"),
                                        ("Arjun", "does_karate_on", "Tuesdays")}),
    ("Arjun does karate and judo.", {("Arjun", "does", "karate"), ("Arjun", "does", "judo")}),
    ("Does he know?", set()),
])
def test_an_activity_taken_for_a_verb_after_does_is_what_is_done(extractor, text, expected):
    """"Arjun does karate on Tuesdays" gave karates_on: Tuesdays ("does" read as the
    auxiliary of a verb "karate")."""
    assert one(extractor, text, org="") == expected


def test_a_relative_given_as_one_called_so_is_named_so(extractor):
    got = talk(extractor, "So my son Arjun is 8.",
               "His best friend is a boy called Felix from his class.")[1]
    assert ("Arjun", "best_friend", "Felix") in got


def test_a_role_held_by_a_relative_named_so_is_both(extractor):
    """"My business partner is my cousin Lucia": chat folding made "Busines's partner"
    of it (an "s" of the word's own taken for a dropped apostrophe), and the partner
    went unclaimed."""
    assert one(extractor, "My business partner is my cousin Lucia.", org="") == {
        ("Dana", "cousin", "Lucia"), ("Dana", "business_partner", "Lucia")}


def test_a_word_after_my_sister_is_is_a_name_only_if_no_stop_word(extractor):
    folded = fold("my sister is a nurse", extractor.is_word, extractor.is_noun_only)
    assert folded.text == "My sister is a nurse"  # was "is A nurse"
    assert fold("my sister is maya", extractor.is_word, extractor.is_noun_only).text == (
        "My sister is Maya")


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm still at Barclays.", {("Dana", "works_at", "Barclays", "assert")}),
    ("I'm still at the bank.", {("Dana", "works_at", "bank", "assert")}),
    ("I'm no longer at the bank.", {("Dana", "works_at", "bank", "retract")}),
    ("I'm at Starbucks now.", set()),
    ("I work at a startup called Fernly.",
     {("Dana", "works_at", "Fernly", "assert"), ("Fernly", "is_a", "startup", "assert")}),
])
def test_still_or_no_longer_at_a_workplace_is_working_there_or_not(extractor, text, expected):
    assert set(said(extractor, text, org="")) == expected


def test_a_no_to_are_you_still_at_the_bank_ends_working_there(extractor):
    """Named in last session's note: "are you still at the bank?" / "nope, left in
    october" ended nothing."""
    turns = [Turn(text=text, speaker=who, conversation_id="bank", message_id=f"m{i}")
             for i, (who, text) in enumerate([("Mia", "are you still at the bank?"),
                                              ("Zoe", "nope, left in october")])]
    answer = extractor.extract_many(turns)[1]
    assert ("Zoe", "works_at", "bank", "retract") in {
        (d.subject, d.predicate, d.object, d.kind.value) for d in answer.drafts}


@pytest.mark.parametrize(("text", "expected"), [
    ("My new job is at Skyscanner.", {("Dana", "works_at", "Skyscanner")}),
    ("my sister's job is at Google", {("Dana's sister", "works_at", "Google")}),
])
def test_a_job_said_to_be_at_a_firm_is_working_there(extractor, text, expected):
    """Found trying kg in a fresh clone: "my new job is at Skyscanner" gave role:
    Skyscanner (the new job read as the role, its place as its value)."""
    assert one(extractor, text, org="") == expected


def test_someone_joining_a_firm_does_not_work_there_yet(extractor):
    assert not any(p == "works_at" for _, p, _ in one(extractor, "Ruth is joining Loomwise."))
    assert not any(p == "is_a" for _, p, _ in one(extractor, "I met a guy called Tom there."))


def test_a_role_said_with_as_leaves_its_town_out(extractor):
    claims = one(extractor, "I work as a joiner in Bristol.", org="")
    assert ("Dana", "role", "joiner") in claims
    assert not any(o == "joiner in Bristol" for _, _, o in claims)


@pytest.mark.parametrize(("text", "expected", "unwanted"), [
    ("Our twins, Emir and Defne, are five.",
     {("Dana", "twins", "Emir"), ("Dana", "twins", "Defne"), ("Emir", "age", "five"),
      ("Defne", "age", "five")}, set()),
    ("My kids, Sam and Ada, are great.",
     {("Dana", "has_child", "Sam"), ("Dana", "has_child", "Ada")}, set()),
    ("My sister Maya and Tom came over.", {("Dana", "sister", "Maya")},
     {("Dana", "sister", "Tom")}),
    ("My partner, Femi, and I have been living in Accra since 2019.",
     {("Femi", "lives_in", "Accra"), ("Dana", "lives_in", "Accra")}, set()),
    ("Tom and I are both from Leeds.",
     {("Tom", "is_from", "Leeds"), ("Dana", "is_from", "Leeds")}, set()),
    ("My wife and I are vegetarians.",
     {("Dana's wife", "is_a", "vegetarian"), ("Dana", "is_a", "vegetarian")}, set()),
    ("Maya and Tom are my neighbours.",
     {("Dana", "neighbour", "Maya"), ("Dana", "neighbour", "Tom")}, set()),
    ("Ana and I are friends.", {("Dana", "friend", "Ana")}, {("Ana", "is_a", "friends")}),
    ("Jo and I are cousins.", {("Dana", "cousin", "Jo")}, set()),
    ("Maya and Tom are married.", {("Maya", "married_to", "Tom")},
     {("Maya", "is_a", "married")}),
    ("Jo and Sam are engaged.", {("Jo", "engaged_to", "Sam")}, set()),
    ("Sam and I are engineers at Google.",
     {("Sam", "role", "engineer"), ("Dana", "role", "engineer"),
      ("Dana", "works_at", "Google")}, set()),
    ("I work as a data engineer at Zalando.",
     {("Dana", "role", "data engineer"), ("Dana", "works_at", "Zalando")}, set()),
    ("I work as a tour guide for Peru.", {("Dana", "role", "tour guide")},
     {("Dana", "works_at", "Peru")}),
])
def test_what_several_subjects_are_is_said_of_each(extractor, text, expected, unwanted):
    """Found in a fresh plain-fact probe (thirteenth session): a list of subjects, or the
    names a plural is given, got what was said of the first one only; what two said
    together are to each other ("Ana and I are friends") was a kind, "friends"."""
    got = one(extractor, text, org="")
    assert expected <= got
    assert not unwanted & got


def test_a_name_the_tagger_called_an_adjective_is_whom_he_then_means(extractor):
    got = one(extractor, "Kemal lives upstairs from me. He has three cats and absolutely "
                         "hates dogs.", org="")
    assert ("Kemal", "dislikes", "dogs") in got


@pytest.mark.parametrize(("texts", "expected", "unwanted"), [
    (["my little bro is 12 and obsessed w minecraft lol"],
     {("Dana's brother", "age", "12"), ("Dana's brother", "likes", "minecraft")},
     {("Dana's brother", "is_a", "obsessed")}),
    (["Ana is a nurse and passionate about yoga."],
     {("Ana", "is_a", "nurse"), ("Ana", "likes", "yoga")}, {("Ana", "passionates_about", "yoga")}),
    (["ive had asthma since i was a kid"], {("Dana", "has", "asthma")},
     {("Dana", "did_have", "asthma")}),
    (["I quit Deloitte and now I freelance as a web developer."],
     {("Dana", "role", "web developer")}, set()),
    (["Thiago is a backend developer. He mostly works on the checkout API."],
     {("Thiago", "works_on", "checkout API")}, set()),
    (["I'm working on my essay tonight."], set(), {("Dana", "works_on", "essay")}),
    (["im in a flatshare now w 2 girls from work"], set(), {("Dana", "is_a", "w 2 girl")}),
])
def test_more_of_plain_speech_from_a_fresh_probe(extractor, texts, expected, unwanted):
    """Found in the thirteenth session's fresh plain-fact probe: an adjective coordinated
    after "is X and" read as a kind or a verb, "have had ... since" read as a past as well
    as a having, a post held freelance, what one works on, and "he" after a name the
    tagger took for a town the gazetteer does not know ("Thiago")."""
    got = {(s, p, o) for s, p, o, k in said(extractor, *texts, org="") if k == "assert"}
    assert expected <= got
    assert not unwanted & got


def test_a_chat_w_is_with_but_not_a_win():
    assert fold("my bro is obsessed w minecraft").text == "My brother is obsessed with minecraft"
    assert fold("living w 2 girls from work").text.startswith("Living with 2")
    assert fold("that was a big w").text == "That was a big w"


@pytest.mark.parametrize(("text", "expected", "unwanted"), [
    ("Maya and Tom are married, but not to each other.", set(),
     {("Maya", "married_to", "Tom")}),
    ("Ana and I are married to brothers.", set(), {("Dana", "married_to", "Ana")}),
    ("Jo and Sam are engaged to other people.", set(), {("Jo", "engaged_to", "Sam")}),
    ("My friend and I are both engaged.", set(), {("*", "engaged_to", "*")}),
    ("Jo and I are parents.", set(), {("Dana", "parent", "Jo")}),
    ("Ana and Tom are friends of mine.", set(), {("Ana", "friend", "Tom")}),
    ("Ana and I are friends with Tom.", {("Dana", "friend", "Tom")}, {("Dana", "friend", "Ana")}),
    ("im friends w ana", {("Dana", "friend", "ana")}, {("Dana", "is_a", "friend")}),
    ("Jo and I are colleagues at Monzo.",
     {("Dana", "colleague", "Jo"), ("Dana", "works_at", "Monzo"), ("Jo", "works_at", "Monzo")},
     {("Dana", "role", "colleague")}),
    ("I'm a vegetarian at home.", {("Dana", "is_a", "vegetarian")},
     {("Dana", "role", "vegetarian"), ("Dana", "works_at", "home")}),
    ("I am a patient at St Mary's.", {("Dana", "is_a", "patient")},
     {("Dana", "role", "patient"), ("Dana", "works_at", "St Mary's")}),
    ("Ana is here. She works on the night shift.", set(), {("*", "works_on", "night shift")}),
    ("The app works on Android.", set(), {("*", "works_on", "Android")}),
    ("I work on a farm.", set(), {("Dana", "works_on", "farm")}),
    ("I work on Project Falcon.", {("Dana", "works_on", "Project Falcon")}, set()),
    ("Tom and Jerry is my favourite cartoon.", set(), {("Dana", "favorite_cartoon", "Jerry")}),
    ("Neither Tom nor I am a smoker.", set(),
     {("Tom", "is_a", "smoker"), ("Dana", "is_a", "smoker")}),
    ("Maya and Tom are both lawyers.", {("Maya", "is_a", "lawyer"), ("Tom", "is_a", "lawyer")},
     set()),
    ("Ana is a nurse and married with kids.", set(), {("*", "married_with", "*")}),
    ("I've had the flu since Monday.", {("Dana", "did_have", "flu")}, set()),
    ("I report to Dana Ruiz, the head of design.", {("Dana Ruiz", "role", "head of design")},
     set()),
    ("Hi Sarah, the manager here.", set(), {("Sarah", "role", "manager")}),
    ("Raised in Ohio, Ana now lives in Denver.",
     {("Ana", "grew_up_in", "Ohio"), ("Ana", "lives_in", "Denver")},
     {("Dana", "grew_up_in", "Ohio")}),
    ("Raised in Ohio, she now lives in Denver.", set(), {("Dana", "grew_up_in", "Ohio")}),
    ("Jo and I are hardly friends.", set(), {("*", "friend", "*")}),
    ("Jo and I are former colleagues.", set(), {("*", "colleague", "*")}),
    ("Simon and Garfunkel are my favourite band.", set(), {("*", "*", "Garfunkel")}),
    ("Tom is 30 and addicted to gambling.", {("Tom", "has_addiction", "gambling")},
     {("*", "likes", "gambling"), ("*", "addicted_to", "gambling")}),
])
def test_what_the_co_subject_role_and_work_rules_must_not_read(extractor, text, expected,
                                                                unwanted):
    """An adversarial read of this session's rules (756 sentences against 31b7b26): a pair
    married to others, plural posts read as relations, every "a X at Y" made a job, "works
    on" a shift or a machine, one title split in two, a denial of both read as a kind;
    and a fronted participle said of the main clause's subject, not the speaker's ("*":
    anyone, anything)."""
    got = one(extractor, text, org="")
    assert expected <= got
    assert not wildcard_hits(unwanted, got)


@pytest.mark.parametrize(("text", "expected", "unwanted"), [
    ("my gf deepa is a nurse at st marys", {("Dana", "girlfriend", "Deepa")}, set()),
    ("My girlfriend Deepa is a nurse.", {("Dana", "girlfriend", "Deepa")}, set()),
    ("studying law at Leeds", {("Dana", "studies", "law"), ("Dana", "studies_at", "Leeds")},
     set()),
    ("studying comp sci at georgia tech rn", {("Dana", "studies_at", "georgia tech")}, set()),
    ("I study French at home.", {("Dana", "studies", "French")}, {("*", "studies_at", "*")}),
    ("I'm in my second year of a law degree at Trinity.",
     {("Dana", "studies", "law"), ("Dana", "studies_at", "Trinity")}, set()),
    ("I'm in the final year of the contract.", set(), {("*", "studies", "*")}),
    ("I'm in the first year of a three year degree.", set(), {("*", "studies", "*")}),
    ("I'm in the second year of a degree apprenticeship.", set(), {("*", "studies", "*")}),
    ("studying the menu at the restaurant", set(), {("*", "studies_at", "*")}),
    ("The point I made, John, was valid.", set(), {("John", "is_a", "*")}),
    ("The guy I met, Tom, lives in Leeds.", {("Tom", "lives_in", "Leeds")},
     {("Tom", "is_a", "*")}),
])
def test_relatives_studies_and_names_a_fresh_probe_missed(extractor, text, expected, unwanted):
    """Found in the thirteenth session's fresh probe: a relative's name the tagger took for
    a firm ("my gf deepa"), where one studies when chat drops the "I" or the parser hangs
    "at" on the subject studied, "a law degree" as the field, and "the guy I met, Tom" no
    kind of anything."""
    got = one(extractor, text, org="")
    assert expected <= got
    assert not wildcard_hits(unwanted, got)


@pytest.mark.parametrize(("text", "expected", "unwanted"), [
    ("I have type 1 diabetes.", {("Dana", "has", "type 1 diabetes")}, set()),
    ("ive had type 1 diabetes since i was a kid so always carrying snacks lol",
     {("Dana", "has", "type 1 diabetes")}, set()),
    ("moss is diabetic so she has insulin twice a day", set(), {("*", "has", "insulin")}),
    ("dont drink alcohol, never have", {("Dana", "does_not_drink", "alcohol")}, set()),
    ("drive a hard bargain", set(), {("*", "drives", "*")}),
    ("drive a mile and turn left", set(), {("*", "drives", "*")}),
    ("my sister Hana and I are both vegetarian btw",
     {("Hana", "is_a", "vegetarian"), ("Dana", "is_a", "vegetarian")}, set()),
])
def test_a_numbered_kind_and_chat_openings_a_fresh_probe_missed(extractor, text, expected,
                                                                 unwanted):
    """Found in the thirteenth session's fresh probe: "type 1 diabetes", which the parser
    read as "have" helping a noun "type" (or as two objects); a chat message opening with
    "dont drink ..., never have" or "drive a ..." whose "I" was dropped (not a request:
    "drive a bit slower pls")."""
    got = one(extractor, text, org="")
    assert expected <= got
    assert not wildcard_hits(unwanted, got)


@pytest.mark.parametrize(("text", "expected", "unwanted"), [
    ("u know i play bass right? been in a band w my roommate for 3 yrs",
     {("Dana", "plays", "bass")}, set()),
    ("you know Tom moved to Leeds, right?", {("Tom", "lives_in", "Leeds")}, set()),
    ("you know what I mean, right?", set(), {("*", "*", "*")}),
    ("you know the guy from work, right?", set(), {("*", "*", "*")}),
    ("do you know if Tom moved to Leeds?", set(), {("*", "*", "*")}),
])
def test_a_statement_put_to_be_agreed_with_is_no_question(extractor, text, expected, unwanted):
    """Found in the thirteenth session's fresh probe: "u know i play bass right?" asks
    nothing; the speaker says it, with a tag (not "you know what I mean, right?")."""
    got = one(extractor, text, org="")
    assert expected <= got
    assert not wildcard_hits(unwanted, got)


def test_a_denied_doing_the_parser_read_with_do_as_helper_does_not_crash(extractor):
    """Found scoring a held-out probe: "cant do gluten, love Heinz" (the parser made "do"
    help a verb "gluten" with its own "n't" and no object) raised AttributeError in the
    parse repair, and so failed the whole batch it was ingested in."""
    said(extractor, "cant do gluten, love Heinz")


@pytest.mark.parametrize(("text", "expected", "unwanted"), [
    ("Music is very important to me.", {("Dana", "values", "music")}, set()),
    ("Improving education and infrastructure is particularly interesting to me.",
     {("Dana", "interested_in", "improving education and infrastructure")}, set()),
    ("It is important to me.", set(), {("*", "*", "*")}),
    ("Music is not important to me.", set(), {("*", "*", "*")}),
    ("That would be important to me.", set(), {("*", "*", "*")}),
    ("Very little is interesting to me.", set(), {("*", "*", "*")}),
    ("Much is sacred to me.", set(), {("*", "*", "*")}),
    ("Music is hardly important to me.", set(), {("*", "*", "*")}),
    ("Money is less important to me now.", set(), {("*", "*", "*")}),
    ("Music was important to me as a kid.", set(), {("*", "values", "*")}),
    ("The deadline is important to me.", set(), {("*", "*", "*")}),
    ("Your opinion is important to me.", set(), {("*", "*", "*")}),
    ("My family is very important to me.", {("Dana", "values", "family")}, set()),
])
def test_what_is_dear_to_the_speaker(extractor, text, expected, unwanted):
    """Found in LoCoMo development observations ("John is particularly interested in
    improving education and infrastructure"): "X is important / interesting to me"."""
    got = one(extractor, text, org="")
    assert expected <= got
    assert not wildcard_hits(unwanted, got)


@pytest.mark.parametrize(("text", "expected", "unwanted"), [
    ("My brother Sean coaches rugby at a secondary school in Galway.",
     {("Dana", "brother", "Sean"), ("Sean", "coaches", "rugby")}, set()),
    ("my grandad Viktor is 91 and still drives to the dacha every weekend lol",
     {("Dana", "grandad", "Viktor"), ("Viktor", "age", "91")}, {("Dana", "grandad_viktor", "*")}),
    ("my horse Storm is kept at a livery yard outside Hamburg", {("Dana", "horse", "Storm")},
     set()),
    ("Tom is 40 and lives in Leeds.", {("Tom", "age", "40"), ("Tom", "lives_in", "Leeds")},
     {("Tom", "is_a", "*"), ("Tom", "works_in", "*")}),
    ("im a music teacher at a primary school in Gdansk",
     {("Dana", "role", "music teacher"), ("Dana", "works_in", "Gdansk")}, set()),
    ("I'm a student at school.", set(), {("*", "works_at", "*"), ("*", "studies_at", "*")}),
    ("been vegetarian for 9 years now, dont miss meat at all tbh",
     {("Dana", "is_a", "vegetarian")}, set()),
    ("been a hairdresser for 20 years and i own a salon",
     {("Dana", "is_a", "hairdresser"), ("Dana", "owns", "salon")}, set()),
    ("shes finishing her masters in june", set(), {("*", "studies", "june")}),
    ("Lola finished her PhD at UCL.",
     {("Lola", "did_finish", "PhD"), ("Lola", "studied_at", "UCL")}, set()),
    ("been a nightmare for weeks", set(), {("*", "is_a", "*")}),
    ("been a hairdresser", set(), {("*", "is_a", "*")}),
    ("now based in Houston", {("Dana", "lives_in", "Houston")}, set()),
    ("i was born in Enugu and grew up in Lagos, now based in Houston",
     {("Dana", "lives_in", "Houston"), ("Dana", "grew_up_in", "Lagos")}, set()),
    ("Acme, now based in Leeds, hired me", set(), {("Dana", "lives_in", "*")}),
    ("She trained as a chef.", set(), {("Dana", "trained_as", "*")}),
    ("I trained as a nurse in Leeds.", {("Dana", "trained_as", "nurse")}, set()),
    ("did my masters in civil engineering at Trinity, finished in 2019",
     {("Dana", "studied", "civil engineering"), ("Dana", "studied_at", "Trinity")}, set()),
    ("did a great job on the deck", set(), {("*", "studied", "*")}),
    ("I'm doing a masters in biology.", {("Dana", "studies", "biology")},
     {("*", "studied", "*")}),
    ("i play football every tuesday", {("Dana", "plays", "football"),
                                       ("Dana", "plays_football_on", "every tuesday")}, set()),
    ("I do yoga every Tuesday and Thursday.", {("Dana", "does_yoga_on", "every Tuesday"),
                                               ("Dana", "does_yoga_on", "Thursday")}, set()),
    ("I walk the dog every evening.", {("Dana", "walks", "dog")}, {("*", "walks_dog_on", "*")}),
    ("I played football on Tuesday.", set(), {("*", "plays_football_on", "*")}),
    ("I work nights as a care assistant at a nursing home.",
     {("Dana", "role", "care assistant"), ("Dana", "works_at", "nursing home")}, set()),
    ("I start a new job as a QA engineer at Ocado on the 3rd of June.",
     {("Dana", "plans_to", "start new job at Ocado as QA engineer")}, set()),
    ("my sister Aoife just had her first kid, a girl called Niamh",
     {("Aoife", "daughter", "Niamh"), ("Aoife", "has_child", "Niamh")}, set()),
    ("we had the kids over for dinner", set(), {("*", "has_child", "*")}),
    ("im in my second year at uni studying pharmacology", {("Dana", "studies", "pharmacology")},
     set()),
    ("I'm in Leeds studying law.", {("Dana", "studies", "law"), ("Dana", "lives_in", "Leeds")},
     set()),
    ("I'm at the park walking the dog.", set(), {("*", "walks", "*")}),
    ("I'm head chef at a gastropub in Cardiff that my partner Owen co-owns.",
     {("Dana", "role", "head chef"), ("Dana", "works_at", "gastropub in Cardiff")},
     {("Owen", "owns", "head chef")}),
    ("I'm CTO at Monzo.", {("Dana", "role", "CTO"), ("Dana", "works_at", "Monzo")},
     {("Dana", "name", "*")}),
    ("I'm home for the holidays.", set(), {("*", "*", "*")}),
    # an adversarial read of the rules above
    ("I had a kid in my class who ate glue.", set(), {("*", "has_child", "*")}),
    ("we had a child in the car so drove slowly", set(), {("*", "has_child", "*")}),
    ("I used to work nights as a care assistant at a nursing home.", set(),
     {("*", "role", "*")}),
    ("My team qualified as the top seed.", set(), {("*", "trained_as", "*")}),
    ("I'm in Leeds studying the menu lol", set(), {("*", "studies", "*")}),
    ("I'm at work doing the payroll", set(), {("*", "doing_do", "*")}),
    ("Originally from Cork, now based in Dublin.", set(), {("*", "based_from", "*")}),
    ("my brother is 35 and lives in Berlin", {("Dana's brother", "lives_in", "Berlin")},
     {("*", "is_a", "*")}),
    ("my stepdad Clive is 67", {("Dana", "stepdad", "Clive"), ("Clive", "age", "67")},
     {("Dana", "stepdad_clive", "*")}),
    ("My nan Gloria is 88", {("Dana", "nan", "Gloria"), ("Gloria", "age", "88")}, set()),
    ("my parrot Sunny is 40", {("Dana", "parrot", "Sunny"), ("Sunny", "age", "40")}, set()),
    ("my godson Archie turned 5", {("Dana", "godson", "Archie"), ("Archie", "age", "5")},
     {("godson", "*", "*")}),
    ("My dad repairs clocks.", {("Dana's dad", "repairs", "clocks")}, set()),
    ("My son plays chess on Wednesdays",
     {("Dana's son", "plays_chess_on", "Wednesdays")}, set()),
    ("If my brother flies in from Houston, we'd be nine at the table.", set(),
     {("Dana", "brother", "*")}),
    ("my brother flies to Oslo a lot", {("Dana's brother", "flies_to", "Oslo")}, set()),
    ("my uncle fixes boilers", {("Dana's uncle", "fixes", "boilers")}, set()),
    ("we had a boy called Leo last month", {("Dana", "son", "Leo")}, set()),
    ("My sister had her first baby in June", {("Dana's sister", "has_child", "baby")}, set()),
    ("My brother did his degree in physics at Bristol",
     {("Dana's brother", "studied", "physics"), ("Dana's brother", "studied_at", "Bristol")},
     set()),
    ("I got my degree in nursing from Keele",
     {("Dana", "studied", "nursing"), ("Dana", "studied_at", "Keele")}, set()),
    ("I'm doing my masters in economics at UCL",
     {("Dana", "studies", "economics"), ("Dana", "studies_at", "UCL")}, set()),
    ("my husband works shifts as a paramedic", {("Dana's husband", "role", "paramedic")},
     set()),
    ("been an electrician since i left school", {("Dana", "is_a", "electrician")}, set()),
    ("been a nightmare since i got back", set(), {("*", "is_a", "*")}),
    ("my dad had a heart attack last year and hes on blood thinners now",
     {("Dana's dad", "takes", "blood thinners")}, set()),
    ("My cat Moustache is 16 and deaf in one ear.", {("Moustache", "is_a", "deaf")}, set()),
    ("my brother is 12 and obsessed with minecraft", {("Dana's brother", "likes", "minecraft")},
     {("*", "is_a", "*")}),
    ("im a backend dev at a fintech in Bangalore",
     {("Dana", "works_at", "fintech in Bangalore")}, set()),
])
def test_relatives_roles_and_studies_a_third_probe_missed(extractor, text, expected, unwanted):
    """A third fresh probe (dev3): a verb the parser made a subject ("Sean coaches
    rugby"), a relative's name the tagger took for a word ("my horse Storm"), a second
    verb joined to an age, a teacher at a school, chat dropping "I've been" and "I'm
    based", a profession trained for, a degree of one's own done, the day of the week a
    thing is done, a post said with a shift, a new job's firm and post, a kid had, what
    one is at somewhere doing, a post said bare ("head chef at a gastropub", "CTO at
    Monzo"), a relative clause after the workplace ("*": anyone, anything)."""
    got = one(extractor, text, org="")
    assert expected <= got
    assert not wildcard_hits(unwanted, got)


@pytest.mark.parametrize(("text", "expected", "unwanted"), [
    ("also i signed up for a climbing wall thing", {("Dana", "did_sign_up_for", "climbing wall")},
     set()),
    ("i love the whole thing", set(), {("*", "likes", "*")}),
    ("Dean the area manager was weirdly nice", {("Dean", "role", "area manager")}, set()),
    ("Monday the teacher was off", set(), {("Monday", "*", "*")}),
])
def test_a_vague_thing_and_a_post_said_without_commas(extractor, text, expected, unwanted):
    """Texting: "a climbing wall thing" is the climbing wall ("the whole thing" nothing);
    "Dean the area manager" says Dean's post as "Dean, the area manager," does ("*":
    anyone, anything)."""
    got = one(extractor, text, org="")
    assert expected <= got
    assert not wildcard_hits(unwanted, got)


@pytest.mark.parametrize(("text", "expected", "unwanted"), [
    ("i speak arabic, french and a bit of spanish",
     {("Dana", "speaks", "arabic"), ("Dana", "speaks", "french"), ("Dana", "speaks", "spanish")},
     set()),
    ("im lactose intolerant so no cheese for me", {("Dana", "is_a", "lactose intolerant")},
     set()),
    ("I'm gluten intolerant", {("Dana", "is_a", "gluten intolerant")}, set()),
    ("I'm type 1 diabetic.", {("Dana", "is_a", "diabetic")}, set()),
    ("we moved into a 2 bed in Walthamstow in feb", {("Dana", "lives_in", "Walthamstow")},
     set()),
    ("my parents sold the house in Uppsala and moved to a flat in Stockholm",
     {("Dana's parents", "lives_in", "Stockholm")}, {("*", "lives_in", "Uppsala")}),
    ("I'm 38, originally from Graz, been in Vienna since 2010",
     {("Dana", "lives_in", "Vienna"), ("Dana", "is_from", "Graz")}, set()),
    ("I've been in Paris for two days", set(), {("*", "lives_in", "*")}),
    ("The search service runs on Elasticsearch 8 and is deployed on k8s.",
     {("search service", "runs_on", "Elasticsearch 8"), ("search service", "deployed_on", "k8s")},
     set()),
    ("Sven and his wife have three kids", {("Sven", "has_child", "three kids")}, set()),
    ("Jim's father is a surgeon, he wants to be one too", set(),
     {("Jim's father", "wants_to", "*")}),  # (he: Jim or his father, English does not say)
    ("my mum's finally retired from teaching", {("Dana's mum", "retired_from", "teaching")},
     set()),
    # an adversarial read of the rules above
    ("my dad's finally retired the lawnmower", set(), {("*", "is_a", "retired")}),
    ("i've been in Berlin since 9am", set(), {("*", "lives_in", "*")}),
    ("i've been in Japan since monday, flying home friday", set(), {("*", "lives_in", "*")}),
    ("i speak fluent", set(), {("*", "speaks", "*")}),
    ("my mentor Sarah Okafor left Google, she's a professor at UCL now",
     {("Dana", "mentor", "Sarah Okafor"), ("Sarah Okafor", "works_at", "UCL")}, set()),
    ("My favourite food is my grandmother's cassoulet, nothing beats it.",
     {("Dana", "favorite_food", "grandmother's cassoulet")}, {("*", "cassoulet", "*")}),
    ("My stepdad Colin is an electrician, he works for the council",
     {("Dana", "stepdad", "Colin"), ("Colin", "works_at", "council")}, set()),
])
def test_languages_states_homes_and_news_of_others_a_fourth_probe_missed(extractor, text,
                                                                          expected, unwanted):
    """A fourth fresh probe (dev4): languages said in lower case ("speak arabic", read as
    adjectives), a state the parser split ("lactose intolerant so ...", "gluten
    intolerant" read as a passive), a home moved into with its town on the verb, "been in
    Vienna since 2010", a subject the parser made a compound, a name tagged an adverb, a
    relative's name of two words, a favourite that is someone's thing ("*": anyone,
    anything)."""
    got = one(extractor, text, org="")
    assert expected <= got
    assert not wildcard_hits(unwanted, got)


@pytest.mark.parametrize(("text", "expected", "unwanted"), [
    ("my 5 year old daughter Ava loves dinosaurs",
     {("Dana", "daughter", "Ava"), ("Ava", "age", "5"), ("Ava", "likes", "dinosaurs")},
     {("Dana", "old_daughter", "*")}),
    ("I have a three-year-old son called Leo",
     {("Dana", "son", "Leo"), ("Leo", "age", "three"), ("Dana", "has_child", "son")}, set()),
    ("Our dog Bramble is a nine-year-old springer spaniel.",
     {("Dana", "dog", "Bramble"), ("Bramble", "age", "nine"),
      ("Bramble", "is_a", "springer spaniel")}, set()),
    ("we have an 18-month-old son and a 4 year old daughter",
     {("Dana", "has_child", "son"), ("Dana", "has_child", "daughter"),
      ("Dana's son", "age", "18 months"), ("Dana's daughter", "age", "4")}, set()),
    ("My grandad Ray is a ninety-one-year-old Elvis fan.", {("Ray", "age", "ninety-one")},
     set()),
    ("I drive a twelve-year-old Volvo estate.",
     {("Dana", "drives", "twelve-year-old Volvo estate")}, {("*", "age", "*")}),
    ("if I had a 5 year old son I would cry", set(), {("*", "*", "*")}),
])
def test_an_age_said_before_the_noun_is_the_age_of_whom_the_noun_names(
        extractor, text, expected, unwanted):
    got = one(extractor, text, org="")
    assert expected <= got
    assert not wildcard_hits(unwanted, got)


@pytest.mark.parametrize(("texts", "expected", "unwanted"), [
    (["Aisha and Sara moved to Leeds. They have a cat called Mango"],
     {("Aisha", "has_pet", "cat"), ("Sara", "has_pet", "cat"), ("Aisha", "cat", "Mango"),
      ("Sara", "cat", "Mango")}, set()),
    (["my sister Ngozi and her wife Tess moved to Bristol", "they have two kids"],
     {("Ngozi", "has_child", "two kids"), ("Tess", "has_child", "two kids")}, set()),
    (["Tom and Ella run a bakery. They charge a fortune. They live in Hove"],
     {("Tom", "runs", "bakery"), ("Ella", "runs", "bakery")},
     {("*", "charges", "*"), ("*", "does_charge", "*")}),
])
def test_a_bare_they_of_two_people_just_named_says_where_they_live_and_who_lives_with_them(
        extractor, texts, expected, unwanted):
    got = {(s, p, o) for s, p, o, k in said(extractor, *texts, org="") if k == "assert"}
    assert expected <= got
    assert not wildcard_hits(unwanted, got)


@pytest.mark.parametrize(("text", "expected"), [
    ("My best mate Amy lives in Sydney now.",
     {("Dana", "best_mate", "Amy"), ("Amy", "lives_in", "Sydney")}),
    ("cant stand coriander tbh it tastes like soap to me", {("Dana", "dislikes", "coriander")}),
    ("our dog Bramble is a spaniel", {("Dana", "dog", "Bramble"), ("Bramble", "is_a", "spaniel")}),
])
def test_a_fifth_probe_missed(extractor, text, expected):
    assert expected <= one(extractor, text, org="")


@pytest.mark.parametrize(("text", "expected"), [
    ("we use Linear for tickets and Notion for docs",
     {("Dana", "ticket_tool", "Linear"), ("Dana", "doc_tool", "Notion")}),
    ("Our team uses Jira for tickets and Slack for everything else.",
     {("Dana's team", "ticket_tool", "Jira"), ("Dana's team", "uses", "Slack")}),
])
def test_a_second_object_with_its_own_purpose_and_the_verb_left_out_is_read(
        extractor, text, expected):
    assert one(extractor, text, org="") == expected


@pytest.mark.parametrize("text", [
    "im sooo tired today, didnt sleep at all",
    "Maybe one day I'll get a dog, when I have a bigger flat.",
    "I'm not saying I'm Batman, but nobody has ever seen me and Batman in the same room.",
])
def test_a_stretched_word_a_when_still_ahead_and_a_denied_saying_propose_nothing(
        extractor, text):
    assert one(extractor, text, org="") == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("Marco's got two kids now, Luca and Bea",
     {("Marco", "has_child", "Luca"), ("Marco", "has_child", "Bea")}),
    ("my sister's got a dog called Pip",
     {("Dana's sister", "has_pet", "dog"), ("Dana's sister", "dog", "Pip")}),
    ("I study law at Durham and I'm in my final year.",
     {("Dana", "studies", "law"), ("Dana", "studies_at", "Durham"),
      ("Dana", "year_of_study", "final year")}),
    ("my son is in his second year at Leeds",
     {("Dana's son", "year_of_study", "second year"), ("Dana's son", "studies_at", "Leeds")}),
    ("Marco is still teaching maths at a school in Hull",
     {("Marco", "teaches", "maths"), ("Marco", "teaches_at", "school in Hull")}),
    ("i play five a side every thursday night", {("Dana", "plays", "five-a-side")}),
])
def test_has_got_a_year_of_study_and_a_job_still_held_are_read(extractor, text, expected):
    assert expected <= one(extractor, text, org="")


@pytest.mark.parametrize("text", ["we're in the final year of the contract",
                                  "I'm still teaching at a summer camp this week"])
def test_a_contracts_year_and_a_weeks_teaching_are_no_study_or_job(extractor, text):
    got = one(extractor, text, org="")
    assert not {p for _, p, _ in got} & {"year_of_study", "teaches_at", "works_at"}


@pytest.mark.parametrize(("text", "expected"), [
    ("my brother in law gary is a roofer",
     {("Dana", "brother_in_law", "Gary"), ("Gary", "is_a", "roofer")}),
    ("my daughter started at Leeds University in September",
     {("Dana's daughter", "studies_at", "Leeds University")}),
])
def test_a_relative_in_law_and_a_university_started_at_are_read(extractor, text, expected):
    assert expected <= one(extractor, text, org="")


@pytest.mark.parametrize(("texts", "unwanted"), [
    (["Ana and Leo visited the farm. They have three horses."], {("*", "has_pet", "*")}),
    (["Jo and Kim went to the pet shop. They have puppies."], {("*", "has_pet", "*")}),
    (["Dad and Sue got married. They have a dog named Duke."],
     {("Dad", "*", "*"), ("Sue", "has_pet", "*")}),
    (["I was a 20-year-old student when I met Paul."], {("*", "age", "*")}),
    (["My nan Joan was a 19 year old nurse in the war."], {("*", "age", "*")}),
])
def test_they_of_people_at_a_place_and_an_age_said_of_the_past_say_nothing_of_now(
        extractor, texts, unwanted):
    got = {(s, p, o) for s, p, o, k in said(extractor, *texts, org="") if k == "assert"}
    assert not wildcard_hits(unwanted, got)


def test_a_when_of_a_habit_leaves_the_habit_read(extractor):
    got = one(extractor, "I take the train when I visit my parents in York.", org="")
    assert ("Dana", "visits_in", "York") in got


@pytest.mark.parametrize(("texts", "expected"), [
    (["we use AWS for hosting and Stripe for payments"],
     {("Dana", "host_tool", "AWS"), ("Dana", "payment_tool", "Stripe")}),
    (["we use Jira for bugs, Notion for docs and Slack for chat"],
     {("Dana", "bug_tool", "Jira"), ("Dana", "doc_tool", "Notion"),
      ("Dana", "chat_tool", "Slack")}),
    (["Nina and Raj got married. They live in Cardiff."],
     {("Nina", "lives_in", "Cardiff"), ("Raj", "lives_in", "Cardiff")}),
    (["My best friend Raj works at Amazon"],
     {("Dana", "best_friend", "Raj"), ("Raj", "works_at", "Amazon")}),
    (["cant stand mushrooms the texture is gross"], {("Dana", "dislikes", "mushrooms")}),
])
def test_an_adversarial_reads_misses(extractor, texts, expected):
    got = {(s, p, o) for s, p, o, k in said(extractor, *texts, org="") if k == "assert"}
    assert expected <= got


def test_a_doubt_before_a_liking_and_the_age_of_twins_named_together(extractor):
    assert one(extractor, "I'm not sure I like sushi", org="") == set()
    got = one(extractor, "My 7-year-old twins Max and Mia are obsessed with lego", org="")
    assert {("Max", "age", "7"), ("Mia", "age", "7")} <= got


def test_an_if_of_the_listeners_need_is_no_condition_on_the_fact(extractor):
    got = one(extractor, "my brother in law gary is a roofer btw if u still need someone",
              org="")
    assert ("Gary", "is_a", "roofer") in got
    assert not one(extractor, "I'm moving to Leeds if I get the job", org="")


def test_both_parents_settled_somewhere_and_a_child_starting_reception(extractor):
    got = one(extractor, "my mum and dad have been in Headingley since 1990", org="")
    assert {("Dana's mum", "lives_in", "Headingley"),
            ("Dana's dad", "lives_in", "Headingley")} <= got
    got = {(s, p, o) for s, p, o, k in said(
        extractor, "my daughter Isla is 4", "and she starts reception in september", org="")}
    assert ("Isla", "plans_to", "start reception") in got


@pytest.mark.parametrize(("text", "expected"), [
    ("My best pal Connor moved to Sydney",
     {("Dana", "best_pal", "Connor"), ("Connor", "lives_in", "Sydney")}),
    ("My best mate Amy Jones lives in Leeds",
     {("Dana", "best_mate", "Amy Jones"), ("Amy Jones", "lives_in", "Leeds")}),
])
def test_a_friends_name_taken_for_a_firm_or_said_in_full_is_theirs(extractor, text, expected):
    got = one(extractor, text, org="")
    assert expected <= got
    assert not any(p.startswith("pal_") or s.endswith("best mate") for s, p, _ in got)


@pytest.mark.parametrize(("text", "expected"), [
    ("I shop at Tesco on weekdays and Aldi on weekends",
     {("Dana", "shops_at", "Tesco"), ("Dana", "shops_at", "Aldi")}),
    ("we're going to Paris in May and Rome in June",
     {("Dana", "doing_go_to", "Paris"), ("Dana", "doing_go_to", "Rome")}),
])
def test_a_second_place_with_its_own_time_and_the_verb_left_out_is_read(
        extractor, text, expected):
    assert expected <= one(extractor, text, org="")


def test_a_relative_named_in_answer_beside_a_her_that_is_a_subject(extractor):
    got = talk(extractor, "Lucy: hows ur sister?",
               "Tom: Freya's great, she's a vet now and her and her husband Raj have a 2 year"
               " old")
    assert ("Tom", "sister", "Freya") in got[1]
    got = talk(extractor, "Lucy: hows ur brother", "Tom: Leeds is treating him well")
    assert not any(p == "brother" for _, p, _ in got[1])  # (a place, not his name)


def test_a_day_answering_something_else_is_no_day_of_the_habit_joined_after_it(extractor):
    got = one(extractor, "yep every tuesday, and I play tennis on sundays", org="")
    assert ("Dana", "plays_tennis_on", "sundays") in got
    assert not any(o.lower() == "every tuesday" for _, _, o in got)
    assert ("Dana", "plays_football_on", "Every Tuesday") in one(
        extractor, "Every Tuesday I play football", org="")

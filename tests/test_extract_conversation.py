"""Extraction across the turns of one conversation: whom a pronoun means when the person
was named in another turn, by another speaker, or in a question; and what never counts
as a person."""


from datetime import UTC, datetime

import pytest

from extract import SpacyExtractor, Turn
from extract.chat import fold
from tests.conftest import talk


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


def test_she_is_never_a_thing_the_tagger_took_for_a_person(extractor):
    assert talk(extractor, "Lunch is at 12.", "She is 40.")[1] == set()
    assert ("Maya", "age", "40") in talk(extractor, "Maya is at work.", "She is 40.")[1]


def test_he_in_an_answer_is_the_one_person_the_question_named(extractor):
    got = talk(extractor, "Ana: hows your sister doing?",
               "Lena: shes good, she just started at a new school in leeds")
    assert any(s == "Lena's sister" for s, _, _ in got[1])
    got = talk(extractor, "Ana: is kemi still at google?", "Lena: yeah she lives in camden now")
    assert ("Kemi", "lives_in", "Camden") in got[1]


def test_a_person_a_question_named_is_not_meant_past_the_answer_or_by_the_asker(extractor):
    got = talk(extractor, "Ana: hows your sister doing?", "Ana: she lives in camden now")
    assert not any("sister" in s for s, _, _ in got[1])
    got = talk(extractor, "Ana: how are your brother and sister?", "Lena: she lives in leeds")
    assert ("Lena's sister", "lives_in", "Leeds") in got[1]
    got = talk(extractor, "Ana: how are your sisters?", "Lena: she lives in leeds")
    assert got[1] == set()


def folded(extractor: SpacyExtractor, text: str) -> str:
    return fold(text, extractor.is_word, extractor.is_noun_only).text


@pytest.mark.parametrize(("text", "expected"), [
    ("living w/ my mum", "Living with my mum"),
    ("went w/o him b/c of work", "I went without him because of work"),
    ("nah sione went back to samoa", "Sione went back to Samoa"),
    ("is kemi still at google?", "Is Kemi still at google?"),
    ("yeah me and kemi went", "Me and Kemi went"),
    ("ok so dami is here", "Dami is here"),
    ("i live in san diego", "I live in San Diego"),  # a place of two words
])
def test_chat_slashes_lower_case_names_and_a_leading_nah_are_folded(extractor, text,
                                                                    expected):
    assert folded(extractor, text) == expected


@pytest.mark.parametrize("text", [
    "and/or w/e",  # a slash inside no abbreviation of the list, or one that is not "with"
    "lemme see",  # chat the dictionary does not know, with no verb after it
    "omw now",
    "no one knows",  # "no" stays: it is no interjection before "one"
])
def test_what_only_looks_like_a_name_or_an_abbreviation_is_left(extractor, text):
    assert folded(extractor, text).lower() == text.lower()


def test_a_lower_case_name_a_question_gives_is_the_answers_she(extractor):
    got = talk(extractor, "Tama: wait is sione still in the flat??",
               "Aroha: nah he went back to samoa in march")
    assert ("Sione", "did_go_back_to", "Samoa") in got[1]


def one_turn(extractor: SpacyExtractor, text: str) -> set[tuple[str, str, str]]:
    return talk(extractor, text)[0]


def test_back_to_a_place_is_its_particle_and_work_under_way_now_is_the_job(extractor):
    assert ("Lena", "did_go_back_to", "Samoa") in one_turn(extractor, "i went back to samoa")
    got = one_turn(extractor, "my brother is teaching at a school in apia now")
    assert ("Lena's brother", "teaches_at", "school in apia") in got
    assert not any(p.startswith("doing_") for _, p, _ in got)
    got = one_turn(extractor, "my brother is teaching at a summer camp this week")
    assert not any(p == "teaches_at" for _, p, _ in got)


def test_an_episode_is_with_people_not_with_what_it_was_done_with(extractor):
    assert ("Lena", "did_go_with", "sister") in one_turn(
        extractor, "I went to a pottery workshop with my sister.")
    got = one_turn(extractor, "my dad is already shuffling round with a frame")
    assert not any(p.endswith("_with") or o == "round" for _, p, o in got)


def test_a_daily_routine_and_a_body_part_say_no_habit(extractor):
    got = one_turn(extractor, "my cat sleeps on my face every night")
    assert not any(o in ("face", "every night") for _, _, o in got)
    assert ("Lena", "swims", "every morning") in one_turn(extractor, "I swim every morning.")


def test_a_pet_just_got_is_whom_she_means_and_her_name_is_its_name(extractor):
    got = talk(extractor, "we got a puppy last week", "her names biscuit",
               "shes a cockapoo")
    assert ("Lena", "puppy", "Biscuit") in got[1]
    assert ("Biscuit", "is_a", "cockapoo") in got[2]
    assert ("Lena", "puppy", "Pepper") in talk(extractor, "i have a puppy",
                                               "her name is pepper")[1]


def test_a_pet_beside_a_person_leaves_she_unresolved(extractor):
    got = talk(extractor, "me and kai are getting a dog!!!", "shes 3")
    assert got[1] == set()


def test_she_of_a_later_clause_is_the_one_its_sentence_just_named(extractor):
    got = talk(extractor, "my girlfriend is allergic to nuts",
               "her names zainab and she teaches year 6")
    assert got[1] == {("Lena", "girlfriend", "Zainab"), ("Zainab", "teaches", "year 6")}


@pytest.mark.parametrize("text", [
    "wait since when do u have a girlfriend 👀",
    "wait do u have a dog",
    "hows ur sister",
    "btw do u still live in leeds",
])
def test_a_question_after_a_chat_opener_or_a_preposition_proposes_nothing(extractor, text):
    result = extractor.extract(Turn(text=text, speaker="Lena"))
    assert result.drafts == [] and result.dropped["question"] == 1


def test_an_opener_before_a_statement_still_leaves_the_statement(extractor):
    assert ("Lena", "has_pet", "dog") in one_turn(extractor, "wait i have a dog")
    assert ("Lena", "likes", "dogs") in one_turn(extractor, "since when i was a kid i loved dogs")


def test_the_sister_asked_after_without_a_question_mark_is_the_answers_she(extractor):
    got = talk(extractor, "Ana: hows ur sister", "Lena: good! she moved to leeds")
    assert ("Lena's sister", "lives_in", "Leeds") in got[1]


def test_a_listed_place_the_tagger_took_for_a_noun_after_to_is_a_place(extractor):
    assert ("Lena", "lives_in", "Leeds") in one_turn(extractor, "i moved to leeds")
    assert not any(p == "lives_in" for _, p, _ in one_turn(extractor, "Leeds is my team"))


def test_an_irregular_past_after_a_relative_is_no_name(extractor):
    assert folded(extractor, "my sis got engaged lol") == "My sister got engaged"
    assert folded(extractor, "my brother went home") == "My brother went home"


@pytest.mark.parametrize(("text", "expected"), [
    ("my sister got engaged to tom", ("Lena's sister", "engaged_to", "Tom")),
    ("my brother got married to ana in may", ("Lena's brother", "married_to", "Ana")),
    ("got accepted for an internship", ("Lena", "did_get_accepted_for", "internship")),
])
def test_a_change_of_life_got_is_a_state_or_an_episode_with_whom_or_what(extractor, text, expected):
    assert expected in one_turn(extractor, text)


@pytest.mark.parametrize("text", [
    "i got stuck in traffic",  # a moment's state
    "my sister didn't get engaged to tom",  # negated
    "if i get married to ana",  # a hypothetical
])
def test_what_only_looks_like_a_change_of_life_is_none(extractor, text):
    assert not any(p.startswith("did_get") or p == "married_to"
                   for _, p, _ in one_turn(extractor, text))


def test_there_is_the_one_place_just_talked_of(extractor):
    got = talk(extractor, "Ana: where do u live now?", "Jonah: walthamstow lol",
               "Jonah: my sister rosie lives there too")
    assert ("Rosie", "lives_in", "Walthamstow") in got[2]
    got = talk(extractor, "my friend Zainab is a teacher",
               "met her at a wedding in cardiff. shes from there")
    assert ("Zainab", "is_from", "Cardiff") in got[1]
    assert ("Lena", "lives_in", "Leicester") in talk(
        extractor, "back to leicester, i live there with my wife")[0]


def test_there_means_nothing_with_two_places_a_thing_between_or_no_fact_of_place(extractor):
    assert not any(p == "lives_in" for _, p, _ in talk(
        extractor, "we went to leeds and york", "my sister lives there")[1])
    got = talk(extractor, "i started at greenleaf on monday",
               "i do miss the bakery tho. worked there 4 years")
    assert not any(o == "Greenleaf" for _, _, o in got[1])
    assert talk(extractor, "we went to leeds", "i was there last week")[1] == set()
    assert not any(p == "lives_in" for _, p, _ in talk(
        extractor, "i work at fernway", "my sister lives there")[1])


def test_a_move_said_in_the_present_with_a_date_is_under_way(extractor):
    got = one_turn(extractor, "i move to leeds in feb")
    assert ("Lena", "doing_move_to", "Leeds") in got
    assert not any(p == "lives_in" for _, p, _ in got)
    assert ("Lena", "drives", "twelve-year-old Volvo estate") in one_turn(
        extractor, "I drive a twelve-year-old Volvo estate.")


def test_whom_one_took_somewhere_is_no_thing_done(extractor):
    assert one_turn(extractor, "Yesterday we took the kids to the aquarium.") == {
        ("Lena", "did_take_to", "aquarium")}
    assert ("Lena", "did_take", "car") in one_turn(extractor, "i took the car to the garage")


def test_a_short_answer_to_what_someone_studies_or_works_for_states_it(extractor):
    got = talk(extractor, "Ana: what are you studying?", "Hollie: physio")
    assert ("Hollie", "studies", "Physio") in got[1]
    got = talk(extractor, "Ana: who do u work for these days", "Hollie: deloitte lol")
    assert ("Hollie", "works_at", "Deloitte") in got[1]
    got = talk(extractor, "Ana: who do u work for these days", "Ana: deloitte?")
    assert got[1] == set()  # one's own question answers nothing


def test_a_question_about_her_keeps_her_talked_of_for_the_answer(extractor):
    got = talk(extractor, "Hollie: we got a puppy!!", "Ana: omg how old is she?",
               "Hollie: 10 weeks", "Ana: whats her name", "Hollie: pepper")
    assert ("Hollie", "puppy", "Pepper") in got[4]
    got = talk(extractor, "Hollie: we got a puppy!!", "Ana: whats his name?",
               "Hollie: pepper")
    assert ("Hollie", "puppy", "Pepper") in got[2]
    got = talk(extractor, "Ana: whats her name", "Hollie: pepper")
    assert got[1] == set()  # nobody she can be


def test_his_is_the_one_man_just_talked_of_like_he(extractor):
    got = talk(extractor, "my brother tom lives in leeds", "his wife is a nurse")
    assert ("Tom's wife", "is_a", "nurse") in got[1]
    got = talk(extractor, "my brother tom and my dad came", "his wife is a nurse")
    assert got[1] == set()  # two men: nobody


@pytest.mark.parametrize("text", [
    "if i get the job, im moving to leeds",
    "Im moving to Leeds if I get the job.",
    "unless it rains we play football on sundays",
])
def test_a_clause_on_a_condition_proposes_nothing(extractor, text):
    assert one_turn(extractor, text) == set()


def test_an_if_about_the_telling_leaves_the_fact(extractor):
    assert ("Lena", "lives_in", "Leeds") in one_turn(extractor, "I live in Leeds, if that helps.")
    assert ("Lena", "lives_in", "Birmingham") in one_turn(
        extractor, "when i was 10 we moved to birmingham")


def test_a_pets_name_is_read_after_my_dog_but_not_a_thing_for_dogs(extractor):
    got = one_turn(extractor, "my dog bruno is a lab")
    assert ("Lena", "dog", "Bruno") in got and ("Bruno", "is_a", "lab") in got
    assert not any(p == "dog" for _, p, _ in one_turn(extractor, "my dog walker is great"))


def test_her_as_an_object_is_the_one_person_just_named(extractor):
    got = talk(extractor, "my girlfriend zainab is lovely", "met her at a wedding in cardiff",
               "i love her", "i told her")
    assert ("Lena", "did_meet", "Zainab") in got[1]
    assert ("Lena", "likes", "Zainab") in got[2]
    assert got[3] == set()
    assert talk(extractor, "i love her")[0] == set()  # no one named: nobody


@pytest.mark.parametrize(("text", "expected"), [
    ("met her at a wedding", "I met her at a wedding"),
    ("moved to leeds last year", "I moved to Leeds last year"),
    ("did u see it", "Did you see it"),
    ("Pounded yam is his favourite", "Pounded yam is his favourite"),
    ("been there twice", "Been there twice"),
])
def test_a_past_that_opens_a_lower_case_message_gets_its_dropped_i(extractor, text, expected):
    assert folded(extractor, text) == expected


def test_a_relative_the_tagger_took_for_a_name_is_the_speakers_relative(extractor):
    assert one_turn(extractor, "my nan turned 90 last week") == {("Lena's nan", "age", "90")}
    got = talk(extractor, "my Gran lives in Cork", "she is 90")
    assert ("Lena's gran", "lives_in", "Cork") in got[0] and ("Lena's gran", "age", "90") in got[1]


def test_a_name_after_an_aged_relative(extractor):
    got = one_turn(extractor, "my older brother tom is a dentist in leeds")
    assert ("Lena", "brother", "Tom") in got and ("Tom", "is_a", "dentist") in got
    assert ("Lena", "brother", "Tom") in one_turn(extractor, "my little brother tom")
    assert not any(o == "Cake" for _, _, o in one_turn(extractor, "my older brother cake"))


def test_she_is_called_names_the_one_she_means(extractor):
    got = talk(extractor, "btw i got a kitten!! shes called miso 🐱")
    assert ("Lena", "kitten", "Miso") in got[0]
    assert talk(extractor, "shes called miso")[0] == set()  # no one she can be
    assert not any(p == "name" for _, p, _ in one_turn(extractor, "i called work"))


def test_working_from_home_is_where_one_works_not_what_one_may(extractor):
    assert ("Lena", "works_from", "home") in one_turn(extractor, "i work from home mostly")
    assert not any(p == "works_from" for _, p, _ in one_turn(
        extractor, "same money but i can work from home"))


@pytest.mark.parametrize(("text", "expected"), [
    ("my brothers borrowing it", "My brother is borrowing it"),
    ("my dads building a shed", "My dad is building a shed"),
    ("my sisters wedding is in june", "My sister's wedding is in june"),
    ("my mums evening class", "My mums evening class"),
])
def test_a_relatives_s_before_an_ing_verb_is_is(extractor, text, expected):
    assert folded(extractor, text) == expected


def test_why_one_goes_somewhere_is_no_place_gone_to(extractor):
    got = one_turn(extractor, "hes moving to bristol for uni")
    assert not any(p.endswith("_for") for _, p, _ in got)
    got = talk(extractor, "my brother is great", "hes moving to bristol for uni")[1]
    assert got == {("Lena's brother", "doing_move_to", "Bristol")}


def test_a_verb_the_tagger_took_for_a_plural_noun_is_read(extractor):
    got = talk(extractor, "my boyfriend jake is a chef", "his mum lives in cork")
    assert ("Jake's mum", "lives_in", "Cork") in got[1]


def test_an_activity_one_has_on_and_a_stretch_in_hours_are_no_things(extractor):
    got = one_turn(extractor, "just nia and cai, bryn has rugby")
    assert not any(p == "has" for _, p, _ in got)
    assert one_turn(extractor, "ugh so tired, the client call ran 2 hrs") == set()


def test_gonna_and_off_to_are_plans_and_trips(extractor):
    assert ("Lena", "plans_to", "visit my nan in Cork") in one_turn(
        extractor, "gonna visit my nan in cork this weekend")
    assert one_turn(extractor, "gonna cry") == set()
    assert ("Lena", "doing_go_to", "Lisbon") in one_turn(extractor, "i'm off to lisbon next week")
    assert one_turn(extractor, "the milk is off") == set()
    assert one_turn(extractor, "heading home for xmas") == set()  # why, not where


@pytest.mark.parametrize(("text", "expected"), [
    ("cant stand coriander tbh", ("Lena", "dislikes", "coriander")),
    ("love a good pub quiz", ("Lena", "likes", "good pub quiz")),
    ("allergic to nuts sadly", ("Lena", "allergic_to", "nuts")),
])
def test_a_message_that_drops_its_i_before_a_liking_is_read(extractor, text, expected):
    assert expected in one_turn(extractor, text)


@pytest.mark.parametrize("text", ["cant wait!!", "love you", "dont forget the cake"])
def test_a_dropped_i_reads_no_idiom_or_request(extractor, text):
    assert one_turn(extractor, text) == set()


def test_a_person_a_request_names_is_talked_of_for_the_next_she(extractor):
    got = talk(extractor, "Ana: give Maya a hug from me!!", "Lena: she lives in leeds now")
    assert ("Maya", "lives_in", "Leeds") in got[1]
    assert got[0] == set()


def test_how_old_a_named_person_is_answered_by_a_number(extractor):
    got = talk(extractor, "Kev: how old is nonna teresa now", "Rosa: 91!!!")
    assert got[1] == {("Nonna Teresa", "age", "91")}
    assert talk(extractor, "Kev: how old is it", "Rosa: 3")[1] == set()
    assert talk(extractor, "Kev: how old is nonna teresa now", "Kev: 91?")[1] == set()


def test_names_after_my_relatives_are_are_names_and_two_leave_he_unresolved(extractor):
    got = talk(extractor, "my flatmates are jo and priti", "hes a newfoundland")
    assert {("Lena", "flatmates", "Jo"), ("Lena", "flatmates", "Priti")} <= got[0]
    assert got[1] == set()
    assert one_turn(extractor, "my sister is lovely") == set()


def test_a_relative_given_a_name_is_one_person_for_the_pronoun_after(extractor):
    claims = talk(extractor, "Jon: My daughter just started kindergarten.",
                  "Gina: Aww! What's her name?",
                  "Jon: Her name is Lily. She loves drawing horses.")
    assert ("Lily", "likes", "drawing horses") in claims[2]


def test_a_name_seen_as_he_stays_he_when_named_again(extractor):
    claims = talk(extractor, "Gina: My brother Tariq got a job at Siemens. He lives in Munich.",
                  "Gina: I met Aisha at university. She's a doctor now.")
    assert ("Aisha", "is_a", "doctor") in claims[1]
    # two women named, one "she": nobody
    claims = talk(extractor, "Gina: I met Aisha and Sara at university. She's a doctor now.")
    assert not any(p == "is_a" for _, p, _ in claims[0])


def test_we_of_a_pet_or_a_relative_is_the_household_not_the_employer(extractor):
    claims = talk(extractor, "Nadia: i finally got the job at Halcyon Health",
                  "Nadia: we take her to the park every morning",
                  "Nadia: we use Slack at work")
    assert not any(s == "Halcyon Health" for s, _, _ in claims[1])
    assert ("Halcyon Health", "uses", "Slack") in claims[2]


def test_a_pastime_stopped_is_retracted(extractor):
    from tests.test_clause_reader import said
    assert said(extractor, "i've stopped running though, my knee hates it", org="") == {
        ("Dana", "does", "running", "retract")}


def test_she_answering_a_question_about_her_is_whom_the_question_meant(extractor):
    """"Where does she work?" then "She's a nurse": the answer's "she" is the question's,
    named before it was asked, though the asker's turn went on to name another woman."""
    got = talk(extractor, "Lorenzo: My wife Giulia walks to work.",
               "Adaeze: Where does she work? My sister is a radiographer, so she might know her.",
               "Lorenzo: She's been a paediatric nurse for eleven years.")
    assert ("Giulia", "is_a", "paediatric nurse") in got[2]
    # with no question between, "she" is the woman named last
    got = talk(extractor, "Lorenzo: My wife Giulia walks to work.",
               "Adaeze: My sister is a radiographer.",
               "Lorenzo: She's been a paediatric nurse for eleven years.")
    assert ("Adaeze's sister", "is_a", "paediatric nurse") in got[2]


def test_a_chain_of_she_keeps_the_one_asked_after(extractor):
    """"how is Biscuit" ... "she discovered the couch" ... "and she hates the rain": a
    capitalised bare noun a question asks after is a name, and each "she" that meant her
    keeps her talked of, past turns that named no one."""
    got = talk(extractor, "Kev: how is Biscuit", "Rosa: she discovered the couch",
               "Rosa: she sleeps upside down with her legs in the air", "Kev: 😂",
               "Rosa: and she hates the rain")
    assert ("Biscuit", "did_discover", "couch") in got[1]
    assert ("Biscuit", "dislikes", "rain") in got[4]
    # "how is work": no capital, no name; the "she" after it means no one
    assert talk(extractor, "Kev: how is work", "Rosa: she hates the rain")[1] == set()


def test_at_a_place_answering_where_one_works_or_lives_is_that(extractor):
    """"Where does she work?" then "She's at St Mary's": where she works; "where do you
    live?" then "I'm in Leeds now": where the speaker lives. The same words answering
    another question, or naming someone else than the one asked about, say nothing."""
    got = talk(extractor, "Lorenzo: My wife Giulia cycles to work now.",
               "Adaeze: Where does she work?", "Lorenzo: She's at Kingsway Hospital.")
    assert ("Lorenzo", "wife", "Giulia") in got[0]
    assert ("Giulia", "cycles_to", "work") in got[0]
    assert ("Giulia", "works_at", "Kingsway Hospital") in got[2]
    got = talk(extractor, "Ana: where do you live these days?", "Lena: im in leeds now")
    assert ("Lena", "lives_in", "Leeds") in got[1]
    got = talk(extractor, "Ana: where does she work?", "Lena: I'm at home today")
    assert not any(p == "works_at" for _, p, _ in got[1])
    got = talk(extractor, "Ana: how was your weekend?", "Lena: I'm at Kingsway Hospital")
    assert not any(p in ("works_at", "lives_in") for _, p, _ in got[1])


@pytest.mark.parametrize(("text", "claim"), [
    ("My aunt Sigrid is staying with us.", ("Lena", "aunt", "Sigrid")),
    ("My brother Tomasz walks to school.", ("Tomasz", "walks_to", "school")),
    ("My wife Giulia cycles to work now instead of taking the bus.",
     ("Giulia", "cycles_to", "work")),
    ("Our friend Bea commutes to work by train.", ("Bea", "commutes_to", "work")),
])
def test_a_named_relative_is_read_whatever_the_tagger_took_the_name_or_verb_for(
        extractor, text, claim):
    assert claim in one_turn(extractor, text)


def test_an_age_coordinated_with_a_judgement_is_the_age_alone(extractor):
    got = talk(extractor, "Ewa: My daughter Zofia moved in with us.",
               "Ewa: She's seventeen and honestly great company.")
    assert got[1] == {("Zofia", "age", "seventeen")}


@pytest.mark.parametrize(("question", "answer", "claim"), [
    ("Jonah: did u use that app", "Maya: ye strava, sam made me", ("Maya", "did_use", "Strava")),
    ("Maya: still full veggie then?", "Jonah: ye over a year now",
     ("Jonah", "is_a", "full veggie")),
    ("Wen: Oh, are you vegan?", "Lacey: yep 4 years now! no meat no dairy lol",
     ("Lacey", "is_a", "vegan")),
])
def test_a_yes_says_what_the_question_put_to_the_one_answering(extractor, question, answer,
                                                                  claim):
    assert claim in talk(extractor, question, answer)[1]


def test_a_no_ends_only_what_was_asked_still_and_a_sentence_after_it_is_read_too(extractor):
    got = talk(extractor, "Kev: do you still smoke?", "Rosa: nah quit in march")
    assert ("Rosa", "does", "smoking") in got[1]
    turns = [Turn(text="do you still smoke?", speaker="Kev", conversation_id="no-still"),
             Turn(text="nah quit in march", speaker="Rosa", conversation_id="no-still")]
    drafts = extractor.extract_many(turns)[1].drafts
    assert [(d.predicate, d.object, d.kind.value) for d in drafts] == [
        ("does", "smoking", "retract")]
    # a no to anything else says nothing; a question about someone else, nothing
    assert talk(extractor, "Kev: do you like it?", "Rosa: nah")[1] == set()
    assert talk(extractor, "Kev: is dev working this weekend", "Rosa: ya")[1] == set()
    # "No, I moved to Lisbon": the sentence after the no is read as well
    got = talk(extractor, "Jonas: Are you still living in Manchester?",
               "Amara: No, I moved to Lisbon in September!")
    assert ("Amara", "lives_in", "Lisbon") in got[1]
    # a yes whose words go on with a verb says it itself
    got = talk(extractor, "Maya: lol did u get one", "Jonah: yep got a pixel 8")
    assert got[1] == {("Jonah", "did_get", "pixel 8")}


def test_she_reaches_over_a_run_of_short_messages_and_things_do_not_take_up_pastimes(
        extractor):
    """Texting says one thing a message: "she" six messages after the dog was met is the
    dog still; a program that "runs so smooth" has taken up nothing."""
    got = talk(extractor, "Rosa: meet Biscuit", "Kev: NOOOO", "Kev: u did it", "Rosa: i did it",
               "Kev: shes so skinny", "Rosa: thats how greyhounds are!!",
               "Rosa: shes 4, retired racer")
    assert ("Biscuit", "age", "4") in got[6]
    assert talk(extractor, "Rosa: figma runs so smooth now")[0] == set()



@pytest.mark.parametrize(("question", "answer", "claim"), [
    ("Travis: how old are you if you dont mind me asking",
     "Dominika: 52, so your grandma and I probably have a lot in common, haha.",
     ("Dominika", "age", "52")),
    ("Imani: where are you from?", "Callum: glasgow originally, living in leeds now for uni",
     ("Callum", "is_from", "Glasgow")),
    ("Imani: where are you from?", "Callum: glasgow originally, living in leeds now for uni",
     ("Callum", "lives_in", "Leeds")),
    ("Anh: what do you cook?", "Marco: lasagna, its her recipe tho", ("Marco", "cooks", "lasagna")),
])
def test_a_short_answer_set_off_by_a_comma_answers_and_the_rest_is_read(extractor, question,
                                                                         answer, claim):
    got = {(s, p, o.lower()) for s, p, o in talk(extractor, question, answer)[1]}
    assert (claim[0], claim[1], claim[2].lower()) in got  # (a message's first word is
    # capitalised as it is folded: "Lasagna")


def test_what_one_thinks_or_means_is_no_doing(extractor):
    assert talk(extractor, "Anh: what do you think?", "Marco: lasagna")[1] == set()


def test_a_tag_question_asks_nothing_of_the_statement_and_a_greeting_says_where(extractor):
    assert ("Niamh's brother", "doing_move_to", "Perth") in talk(
        extractor, "Niamh: my brother is moving to perth in august, did you hear?")[0]
    assert ("Niamh", "is_in", "Drumcondra") in talk(extractor, "Niamh: hiya from drumcondra 🏡")[0]
    # a real question about what was heard stays a question
    assert talk(extractor, "Niamh: did you hear that he's moving to perth?")[0] == set()
    assert talk(extractor, "Niamh: hiya from me and the kids")[0] == set()


def test_a_name_given_before_is_a_name_when_written_lower_case_later(extractor):
    """"our new dog is called Tattie" ... "honestly tattie loves the park", said as an
    agent hands turns in, one at a time: Tattie, named once, is Tattie thereafter; a word
    the dictionary knows is not taken for a name so."""
    def one_by_one(*lines: tuple[str, str], conversation: str) -> list[set]:
        return [{(d.subject, d.predicate, d.object) for d in extractor.extract(Turn(
            text=text, speaker=who, conversation_id=conversation)).drafts}
            for who, text in lines]
    got = one_by_one(("Ross", "our new dog is called Tattie"), ("Niamh", "cute"),
                     ("Ross", "honestly tattie loves the park"), conversation="named-once")
    assert ("Tattie", "likes", "park") in got[2]
    got = one_by_one(("Niamh", "cute"), ("Ross", "honestly tattie loves the park"),
                     conversation="never-named")
    assert got[1] == set()
    from extract.chat import fold
    assert fold("i got ill", extractor.is_word, names=frozenset({"ill"})).text == "I got ill"


def test_a_parent_introduced_by_their_child_and_a_title_that_says_he(extractor):
    got = talk(extractor, "Kwame: Good morning, I'm Efua Asante's dad. She's in Year 3, in "
               "Mr Dalby's class.", "She has joined the school choir though, she loves "
               "singing.")
    assert {("Kwame", "has_child", "Efua Asante"),
            ("Efua Asante", "school_year", "Year 3")} <= got[0]
    # "she" is Efua: Mr Dalby, named last, is a he
    assert ("Efua Asante", "likes", "singing") in got[1]
    assert not any(s == "Dalby" or s == "Mr Dalby" for s, _, _ in got[1])


@pytest.mark.parametrize("text", [
    "I'm in year 2 of my PhD",  # a year of something, no school's
    "I'm Siobhan, from 14.",  # a house number, no origin
])
def test_a_year_of_something_and_a_house_number_are_no_school_year_or_origin(extractor, text):
    assert not any(p in ("school_year", "is_from") for _, p, _ in talk(extractor, text)[0])


def test_a_household_thing_is_the_households_when_the_talk_named_an_employer(extractor):
    got = talk(extractor, "Thiago: I am software tester for Lyra Medical.",
               "We have a car now, old Corolla.")
    assert ("Thiago", "has", "car") in got[1]
    assert not any(s == "Lyra Medical" for s, _, _ in got[1])


@pytest.mark.parametrize(("text", "expected"), [
    ("we moved to Ashby in the summer if that matters", ("Lena", "lives_in", "Ashby")),
    ("My team lead is from Cork.", ("Lena's team lead", "is_from", "Cork")),
    ("My team lead's from Cork, funnily enough.", ("Lena's team lead", "is_from", "Cork")),
    ("The teacher's called Frau Lindqvist.", ("Frau Lindqvist", "is_a", "teacher")),
])
def test_a_move_a_compound_role_and_a_definite_named(extractor, text, expected):
    assert expected in talk(extractor, text)[0]


@pytest.mark.parametrize("text", [
    "I moved to Monzo's London team last year, better pay",  # a job, not a town
    "that's my train being called, lovely chatting",
])
def test_a_move_of_work_and_a_call_that_names_no_one_state_no_home_or_kind(extractor, text):
    assert not any(p in ("lives_in", "is_a") for _, p, _ in talk(extractor, text)[0])


@pytest.mark.parametrize("text", ["we moved it to friday", "I moved Bella to the 3rd",
                                  "vet moved miso to mon 16th btw"])
def test_moving_a_pronoun_or_a_name_to_a_day_is_no_schedule_named_by_it(extractor, text):
    # ("Dev ; it ; friday", "Dev ; bella ; 3rd" and "Vet ; miso ; Monday 16th" were claimed)
    assert not any(p in ("it", "bella", "miso") for _, p, _ in talk(extractor, text)[0])


@pytest.mark.parametrize(("text", "expected"), [
    ("Hannah is marrying Tom in March", ("Hannah", "engaged_to", "Tom")),
    ("Hannah married Tom in 2019", ("Hannah", "married_to", "Tom")),
])
def test_a_wedding_ahead_is_an_engagement(extractor, text, expected):
    assert expected in talk(extractor, text)[0]


def test_a_town_written_in_lower_case_is_no_one_he_can_mean(extractor):
    got = talk(extractor, "Rosalind: Where is that exactly?",
               "Dev: hebden bridge, the bike shop by the canal",
               "Dev: he's working nights at the hospital now")
    assert not any(s.startswith("Hebden") for s, _, _ in got[2])


def test_a_when_after_news_and_a_question_in_one_message_asks_of_the_news(extractor):
    got = talk(extractor, "Rosalind: Hannah has set the date for the wedding! Did your Mum "
               "tell you?", "Dev: no?? when?", "Rosalind: Saturday 20th March.")
    assert ("Hannah", "wedding", "Saturday 20th March") in got[2]


def test_a_relative_one_has_is_the_one_his_or_her_name_is_of(extractor):
    got = talk(extractor, "Rosalind: Hannah is lovely.",
               "Rosalind: Also, I have a new neighbour. His name is Bernard.")
    assert ("Rosalind", "neighbour", "Bernard") in got[1]
    assert not any(s == "Hannah" for s, _, _ in got[1])


def test_what_moved_is_the_owned_thing_beside_a_verb_read_as_a_noun(extractor):
    got = talk(extractor, "Rosalind: The Hospital rang and my Operation has been moved to "
               "12th January.")[0]
    assert ("Rosalind", "operation", "12th January") in got
    assert not any(p == "rang" for _, p, _ in got)  # ("Rosalind ; rang ; 12th January")


@pytest.mark.parametrize("text", ["moved in to the new place today!", "we moved to a bigger house"])
def test_a_move_to_a_home_not_named_is_no_place_lived_in(extractor, text):
    assert not any(p == "lives_in" for _, p, _ in talk(extractor, text)[0])


def test_a_move_to_a_home_in_a_named_place_is_lived_in(extractor):
    assert ("Lena", "lives_in", "Hastings") in talk(
        extractor, "we moved to a terraced house in Hastings")[0]


def test_setting_a_date_is_no_episode_until_the_date_is_said(extractor):
    got = talk(extractor, "Rosalind: Hannah has set the date for the wedding!",
               "Dev: when?", "Rosalind: Saturday 20th March.")
    assert got[0] == set()  # ("Hannah ; did_set ; date", "did_set_for ; wedding")
    assert ("Hannah", "wedding", "Saturday 20th March") in got[2]


@pytest.mark.parametrize("text", ["Well Done Ellie.", "well done ellie", "Well done Ellie!"])
def test_praise_is_no_one_s_doing(extractor, text):
    # ("Grandad ; did_do ; Ellie" was claimed, found trying kg as a new user)
    assert talk(extractor, f"Grandad: {text}")[0] == set()


@pytest.mark.parametrize(("text", "predicate", "day"), [
    ("we moved to Leeds last month", "lives_in", "2026-10-20"),  # lives there since then
    ("I quit smoking in march", "does", "2026-03-01"),  # an ending, from when it ended
    ("I live in Leeds", "lives_in", "2026-11-20"),  # no time said: when it was told
    # one named in passing was so before what happened then
    ("my dog biscuit ate a whole sock yesterday", "dog", "2026-11-20"),
    ("my dog biscuit ate a whole sock yesterday", "did_eat", "2026-11-19"),
    ("my bf marcus officially moved in with me last month", "boyfriend", "2026-11-20"),
])
def test_a_claim_said_in_the_past_with_its_time_holds_from_that_time(extractor, text,
                                                                     predicate, day):
    said = datetime(2026, 11, 20, 12, tzinfo=UTC)
    [result] = extractor.extract_many([Turn(text=text, speaker="Jo", conversation_id="c",
                                            message_id="m", timestamp=said)])
    [claim] = [d for d in result.drafts if d.predicate == predicate]
    assert claim.valid_from.date().isoformat() == day


def test_a_titled_name_is_someone_a_he_or_she_can_mean(extractor):
    # the tagger calls "Mr Biscuit" an organisation; his title says he is someone
    got = talk(extractor, "Irene: And Mr Biscuit is going to the vet on Thursday.",
               "Finn: poor thing, how old is he now", "Irene: He is twelve.")
    assert ("Mr Biscuit", "age", "twelve") in got[2]
    got = talk(extractor, "Irene: Mrs Fielding is the vet.", "Irene: He is twelve.")
    assert got[1] == set()  # "Mrs" is no "he"


def test_an_answer_with_no_subject_is_said_of_the_one_the_question_asked_about(extractor):
    got = talk(extractor, "Niamh: whats ur sister up to",
               "Ross: working at a bakery in leith")
    assert ("Ross's sister", "works_at", "bakery") in got[1]
    assert not any(s == "Ross" for s, _, _ in got[1])
    # one the talk does not know: not the speaker's either
    got = talk(extractor, "Niamh: where's jess these days",
               "Ross: living in leith with her boyfriend")
    assert got[1] == set()
    # asked of the one answering, it is theirs
    got = talk(extractor, "Niamh: what are you up to these days",
               "Ross: working at a bakery in leith")
    assert ("Ross", "works_at", "bakery") in got[1]


@pytest.mark.parametrize(("lines", "expected"), [
    (("Zoe: got the job!!", "Maya: whats the salary like", "Zoe: 34k, way more than now"),
     ("Zoe", "salary", "34k")),
    (("Zoe: we found a flat", "Maya: how much is the rent", "Zoe: £1150 a month"),
     ("Zoe", "rent", "£1150 a month")),
])
def test_a_bare_sum_answering_what_ones_pay_or_rent_is_it(extractor, lines, expected):
    assert expected in talk(extractor, *lines)[2]


def test_an_answer_set_off_by_a_comma_keeps_a_list_whole(extractor):
    got = talk(extractor, "Maya: which cities are you visiting",
               "Zoe: tokyo, kyoto and osaka")  # (its commas had gone: "Tokyo kyoto")
    assert {o.lower() for _, _, o in got[1]} == {"tokyo", "kyoto", "osaka"}
    got = talk(extractor, "Maya: where do you live", "Zoe: leeds, love it")
    assert got[1] == {("Zoe", "lives_in", "Leeds")}


def test_hows_a_bare_word_asks_after_someone_a_he_next_may_mean(extractor):
    got = talk(extractor, "Zoe: dan is learning japanese", "Maya: cute. how's biscuit btw",
               "Zoe: fat lol. the vet put him on a diet", "Zoe: hes 9 now")
    assert ("Biscuit", "age", "9") in got[3] and not any(s == "Dan" for s, _, _ in got[3])
    got = talk(extractor, "Zoe: dan is learning japanese", "Maya: hows work",
               "Zoe: hes 9 now")  # work is no one: he is still Dan
    assert ("Dan", "age", "9") in got[2]


def test_pastimes_answering_what_one_does_for_fun_are_liked_each(extractor):
    got = talk(extractor, "Olu: Nice. What do you do for fun?",
               "Becca: gaelic football, baking and true crime podcasts lol")
    assert got[1] == {("Becca", "likes", "gaelic football"), ("Becca", "likes", "baking"),
                      ("Becca", "likes", "true crime podcasts")}  # (not is_a: a job's answer)


@pytest.mark.parametrize(("lines", "expected"), [
    (("Ana: we got married!!",), ("Ana", "is_a", "married")),
    (("Ana: also my brother's getting married!!",), ("Ana's brother", "plans_to", "get married")),
])
def test_getting_married_with_no_partner_or_date_said_is_still_said(extractor, lines, expected):
    assert expected in talk(extractor, *lines)[0]


@pytest.mark.parametrize(("lines", "wrong"), [  # an adversarial read's wrong claims
    (("Zoe: my son started football last month", "Maya: hows football",
      "Zoe: he loves it. hes 9 now"), ("Football", "age", "9")),
    (("Ana: is Sam coming tonight", "Ben: picking him up at 6"), ("Sam", "doing_pick_up_at", "6")),
    (("Zoe: whats the rent", "Maya: no idea, my landlord hasnt said"), ("Maya", "rent", "idea")),
    (("Zoe: where do you work", "Maya: asda, nights and weekends"),
     ("Maya", "works_at", "nights")),
    (("Zoe: what do you do", "Maya: teacher, mainly maths and science"), ("Maya", "is_a", "maths")),
    (("Zoe: never, ever smoked in my life",), ("Zoe", "did_smoke_in", "life")),
    (("Zoe: my son is at St Marys now, on the football team",),
     ("Zoe's son", "works_at", "St Marys")),
    (("Zoe: we nearly got married",), ("Zoe", "is_a", "married")),
    (("Zoe: I saw a game I wanted in the shop",), ("Zoe", "did_see", "game")),
])
def test_no_wrong_claim_from_this_sessions_rules(extractor, lines, wrong):
    assert wrong not in set().union(*talk(extractor, *lines))


def test_a_son_is_still_he_beside_a_show_with_a_title(extractor):
    got = talk(extractor, "Zoe: my son watches Mr Tumble every morning. he is 3")
    assert ("Zoe's son", "age", "3") in got[0]
    got = talk(extractor, "Zoe: my son started football last month", "Maya: hows football",
               "Zoe: he loves it. hes 9 now")
    assert ("Zoe's son", "age", "9") in got[2]


def test_a_past_with_its_i_dropped_answering_of_someone_else_is_theirs(extractor):
    # chat's folding writes the dropped "I" back in; the question said whose it is
    got = talk(extractor, "Niamh: whats ur sister up to", "Ross: moved to leeds in may")
    assert got[1] == {("Ross's sister", "lives_in", "Leeds")}
    assert talk(extractor, "Niamh: where's jess these days",
                "Ross: moved to leeds last year")[1] == set()
    assert talk(extractor, "Niamh: what are you up to",
                "Ross: moved to leeds in may")[1] == {("Ross", "lives_in", "Leeds")}


def test_a_pet_just_got_named_by_its_kind_and_living_the_dream_is_no_doing(extractor):
    # found trying kg as a new user: the name was lost, the idiom read as a doing
    got = talk(extractor, "Isla: also we got a puppy!! a spaniel called bramble",
               "Leo: living the dream", "Isla: and a guy called ben")
    assert ("Isla", "puppy", "Bramble") in got[0]
    assert got[1] == set() and got[2] == set()


def test_a_question_chat_writes_without_its_auxiliary_is_answered(extractor):
    got = talk(extractor, "Ross: yesss what time u land", "Niamh: 6:40 into glasgow airport")
    assert ("Niamh", "lands_at", "6:40") in got[1]
    got = talk(extractor, "Ana: where u working now", "Lena: im at deloitte")
    assert ("Lena", "works_at", "Deloitte") in got[1]
    got = talk(extractor, "Kerry: what time is ur interview", "Amaka: thursday 16th at 10am")
    assert ("Amaka", "interview", "thursday 16th") in got[1]
    # a clause that asks nothing: its verb is not the sentence's own, or it is a subject
    got = talk(extractor, "Ana: when you get there, text me", "Lena: leeds")
    assert got[1] == set()
    got = talk(extractor, "Ana: what you need is a holiday", "Lena: spain")
    assert got[1] == set()


def test_a_question_about_someone_named_or_related_is_answered_of_them(extractor):
    got = talk(extractor, "Sol: where does tom work now", "Priti: the hospital pharmacy")
    assert ("Tom", "works_at", "hospital pharmacy") in got[1]
    got = talk(extractor, "Ana: where does ur sister live", "Lena: leeds")
    assert ("Lena's sister", "lives_in", "Leeds") in got[1]
    got = talk(extractor, "Ana: what does dan do", "Lena: plumber")
    assert ("Dan", "is_a", "plumber") in got[1]
    got = talk(extractor, "Ana: where does it hurt", "Lena: my knee")
    assert got[1] == set()  # nobody asked after
    got = talk(extractor, "Ana: where does everyone live", "Lena: leeds mostly")
    assert got[1] == set()


def test_it_never_means_someone_named(extractor):
    got = talk(extractor, "Rhys: saoirse wants to apply for a job in cardiff",
               "Rhys: barry owns it")
    assert not any(o == "Saoirse" for _, _, o in got[1])
    got = talk(extractor, "Sol: i looked at the plumbing firm", "Sol: barry owns it")
    assert ("Barry", "owns", "plumbing firm") in got[1]


def test_the_bakery_or_the_cafe_is_not_the_speakers_employer_unsaid(extractor):
    got = talk(extractor, "Dana: I work at Globex as a data engineer.",
               "Dana: The cafe downstairs closes at four on Sundays.",
               "Dana: The bakery opens at seven.", "Dana: The company was founded by my uncle.")
    assert not any(s == "Globex" for s, _, _ in got[1] | got[2])
    assert ("Globex", "founded_by", "uncle") in got[3]


def test_a_name_set_off_by_commas_names_the_subject_said_with_the(extractor):
    got = talk(extractor, "Dana: The new intern, Bo, starts on Monday.",
               "Dana: The dog, Rex, is twelve.")
    assert {("Bo", "is_a", "new intern"), ("Bo", "starts_on", "Monday")} <= got[0]
    assert {("Rex", "is_a", "dog"), ("Rex", "age", "twelve")} <= got[1]
    assert ("Dana", "dog", "Rex") not in got[1]  # a dog, whose the sentence does not say
    got = talk(extractor, "Dana: my husband's brother owns the bike shop on the corner, Spokes.")
    assert not any(o == "corner" for _, p, o in got[0] if p == "is_a")
    got = talk(extractor, "Mum: Your sister Ada is bringing her baby on Saturday.")
    assert ("Ada", "is_a", "sister") not in got[0]  # whose sister: the listener's


def test_a_letter_writers_sign_off_is_no_sentence_of_the_message(extractor):
    got = talk(extractor, "Irene: How is your Isla. Love Gran",
               "Finn: good! she'll be 22 on sunday")
    assert ("Isla", "turning", "22") in got[1]
    assert got[0] == set()


def test_where_one_is_going_or_went_is_answered_and_nowhere_is_no_place(extractor):
    got = talk(extractor, "Kerry: where r u going", "Amaka: mackie mayor, his idea")
    assert ("Amaka", "doing_go_to", "Mackie mayor") in got[1]
    got = talk(extractor, "Kerry: where did u go on holiday", "Amaka: crete")
    assert ("Amaka", "did_go_to", "Crete") in got[1]
    got = talk(extractor, "Kerry: where are you going?", "Amaka: nowhere lol")
    assert got[1] == set()


def test_thanks_and_a_name_answer_nothing_and_an_adverb_is_no_place(extractor):
    got = talk(extractor, "Maria: What did you do to make them so happy?",
               "John: Thanks, Maria! We had a great time throwing a small party.")
    assert not any(o == "Maria" for _, _, o in got[1])
    assert ("John", "did_throw", "small party") in got[1]
    got = talk(extractor, "John: Yup, it's a yoga studio I go to often.")
    assert not any(o == "often" for _, _, o in got[0])


def test_a_lower_case_post_is_no_name_and_the_workplace_goes_with_as(extractor):
    got = talk(extractor, "Zoe: yep, Crumb & Co. im head baker there now",
               "Zoe: im dana btw", "Marcus: I work as a nurse at St James's hospital.")
    assert not any(p == "name" for _, p, _ in got[0])
    assert ("Zoe", "is_a", "head baker") in got[0]
    assert ("Zoe", "name", "dana") in got[1]
    assert {("Marcus", "role", "nurse"),
            ("Marcus", "works_at", "St James's hospital")} <= got[2]


def test_a_pet_got_by_name_is_the_households_kind_and_a_trade_now_is_a_job(extractor):
    got = talk(extractor, "Zoe: and we got a cat called Pepper in june",
               "Zoe: no i left Crumb & Co, im baking at Bettys now",
               "Zoe: I'm baking at my mum's this weekend.")
    assert {("Zoe", "has_pet", "Pepper"), ("Zoe", "cat", "Pepper")} <= got[0]
    assert ("Zoe", "works_at", "Bettys") in got[1]
    assert not any(p == "works_at" for _, p, _ in got[2])  # a weekend's baking, no job


def test_a_short_question_tagged_on_after_a_comma_asks_nothing_of_the_statement(extractor):
    got = talk(extractor, "Zoe: will do. my birthday party is on 20 February, u coming?",
               "Zoe: my sister is a nurse, u know that?", "Zoe: if i get the job, will u visit?",
               "Zoe: is your sister a nurse, or a doctor?")
    assert ("Zoe", "birthday_party", "20 February") in got[0]
    assert ("Zoe's sister", "is_a", "nurse") in got[1]
    assert got[2] == set() and got[3] == set()


def test_a_relation_asked_of_the_one_just_named_and_said_yes_to_states_it(extractor):
    got = talk(extractor, "Ana: had lunch with Marco", "Lena: ur brother?", "Ana: yeah")
    assert ("Ana", "brother", "Marco") in got[2]
    got = talk(extractor, "Ana: had lunch with Marco", "Lena: ur brother?", "Ana: no lol")
    assert got[2] == set()
    got = talk(extractor, "Ana: had lunch with Marco and Dev", "Lena: ur brother?",
               "Ana: yeah")
    assert got[2] == set()  # which of the two, the answer does not say


@pytest.mark.parametrize(("question", "reply"), [
    ("Ana: what time do you finish", "Lena: 2 more hours"),
    ("Ana: what time u leaving", "Lena: 10 mins"),
    ("Ana: what time does tom land", "Lena: 20 minutes from now"),
    ("Ana: what does your husband do", "Lena: good question"),
    ("Ana: what does your company do", "Lena: software for dentists"),
    ("Ana: what does your team do", "Lena: payments"),
    ("Ana: where does your sister live", "Lena: no clue tbh, somewhere up north"),
    ("Ana: where are you going", "Lena: dunno yet, maybe paris"),
    ("Ana: where does tom work", "Lena: same place as me"),
    ("Ana: where does tom work", "Lena: everywhere, he's a courier"),
    ("Ana: where does tom live", "Lena: next door to his mum"),
    ("Ana: where does tom work", "Lena: the bank?"),
])
def test_a_reply_that_answers_without_saying_states_nothing(extractor, question, reply):
    """Found by an adversarial read: each of these proposed a claim ("Tom works_at Same
    place", "Lena finishes_at 2", "Lena's husband is_a good question")."""
    assert talk(extractor, question, reply)[1] == set()


@pytest.mark.parametrize("text", [
    "I never managed to finish the marathon",
    "tom is moving to leeds, u think?",
    "my sister is a nurse, you mean?",
    "tom quit his job, you reckon he will?",
])
def test_what_was_never_done_or_is_still_asked_is_no_fact(extractor, text):
    assert talk(extractor, f"Lena: {text}")[0] == set()


def test_whom_one_works_for_or_a_stray_named_dog_is_no_workplace_nor_owned(extractor):
    got = talk(extractor, "Lena: I work as a carer for my mum",
               "Lena: the dog, Rex, bit my son at the park", "Lena: the capital, Paris, is lovely.",
               "Ana: who's your best friend?", "Lena: Ana")
    assert not any(p == "works_at" for _, p, _ in got[0])
    assert not any(s == "Lena" and o == "Rex" for s, _, o in got[1])
    assert not any(p == "is_a" for _, p, _ in got[2])
    assert ("Lena", "best_friend", "Ana") in got[4]  # the asker, named as the answer


def test_a_name_called_out_first_is_no_verb(extractor):
    """Found trying kg as a new user: "HANA omg hi" (to Hana) gave "Olu hanas: hi"."""
    got = talk(extractor, "Hana: hiya! long time", "Olu: HANA omg hi. how are things",
               "Hana: Olu, I moved to Leeds")
    assert got[1] == set() and ("Hana", "lives_in", "Leeds") in got[2]


@pytest.mark.parametrize(("text", "fact"), [
    ("I have two dogs, do you have any pets?", ("Lena", "has_pet", "two dogs")),
    ("i work at a bank , what do you do ?", ("Lena", "works_at", "bank")),
    ("i am a nurse , how about you ?", ("Lena", "is_a", "nurse")),
    ("im a teacher, wbu?", ("Lena", "is_a", "teacher")),
    ("I live in Ohio, have you been?", ("Lena", "lives_in", "Ohio")),
    ("my favorite band is the killers , do you like them ?",
     ("Lena", "favorite_band", "killers")),
])
def test_a_fact_then_a_question_back_after_a_comma_keeps_the_fact(extractor, text, fact):
    assert fact in talk(extractor, text)[0]


@pytest.mark.parametrize("text", [
    "tom is moving to leeds, do you think?",  # the statement is what is asked
    "If it rains, do you want to come over?",  # a condition, then a question
    "when I move to Leeds, will you visit?",
    "do you live in Leeds, or are you still in York?",
])
def test_a_question_after_a_comma_keeps_a_condition_or_an_opinion_asked(extractor, text):
    assert talk(extractor, text)[0] == set()


def test_an_exclamation_before_a_short_answer_is_no_part_of_it(extractor):
    got = talk(extractor, "Bea: howdy sounds very texan haha, where are you from?",
               "Hank: Close! Oklahoma.")
    assert ("Hank", "is_from", "Oklahoma") in got[1]
    assert not any("close" in o.lower() for _, _, o in got[1])


@pytest.mark.parametrize(("text", "fact"), [
    ("work as a chef at a lil italian place, late nights every night",
     ("Lena", "role", "chef")),
    ("work for the city parks department, its chill",
     ("Lena", "works_at", "city parks department")),
    ("live w my grandma, shes the best cook ever", ("Lena", "lives_with", "grandma")),
    ("own a food truck 🌮 been running it 3 yrs", ("Lena", "owns", "food truck")),
])
def test_a_present_opening_a_message_with_its_i_dropped_is_the_speakers(extractor, text,
                                                                         fact):
    assert fact in talk(extractor, text)[0]


@pytest.mark.parametrize("text", ["work is mad busy rn", "live music at the pub tonight?",
                                  "own goal in the 90th min lol"])
def test_a_noun_opening_a_message_drops_no_i(extractor, text):
    assert talk(extractor, text)[0] == set()


@pytest.mark.parametrize(("text", "fact"), [
    ("got a 4 yr old son, hes a handful lol", ("Lena", "has_child", "son")),
    ("got a 4 yr old son, hes a handful lol", ("Lena's son", "age", "4")),
    ("got two kids, both boys", ("Lena", "has_child", "two kids")),
])
def test_children_got_with_the_i_dropped_are_had(extractor, text, fact):
    assert fact in talk(extractor, text)[0]


def test_a_thing_got_with_the_i_dropped_is_still_got(extractor):
    assert ("Lena", "did_get", "new phone") in talk(extractor, "got a new phone lol")[0]


def test_at_the_moment_written_atm_is_no_name(extractor):
    got = talk(extractor, "i live in Bradford w my nan atm")[0]
    assert ("Lena", "lives_in", "Bradford") in got
    assert not any("atm" in o.lower() for _, _, o in got)


def test_a_chat_abbreviation_after_an_article_is_a_noun(extractor):
    assert folded(extractor, "the atm ate my card") == "The atm ate my card"


@pytest.mark.parametrize(("question", "reply", "fact"), [
    ("do you have any pets?", "just a cat called Mittens", ("Sam", "cat", "Mittens")),
    ("do u have pets", "two dogs lol", ("Sam", "has_pet", "two dogs")),
    ("do you have kids?", "yeah a daughter", ("Sam", "has_child", "daughter")),
    ("have you got any brothers or sisters?", "one older brother", ("Sam", "has_sibling",
                                                                     "one older brother")),
])
def test_a_kind_named_in_answer_to_having_any_is_had(extractor, question, reply, fact):
    assert fact in talk(extractor, f"Jess: {question}", f"Sam: {reply}")[1]


@pytest.mark.parametrize(("question", "reply"), [
    ("do you have any plans tonight?", "dinner with mum"),  # not a thing one has
    ("do you have any pets?", "no, allergic lol"),
    ("do you have any pets?", "idk"),
    ("does Ana have any pets?", "two cats"),  # someone else's (not read as Sam's)
])
def test_an_answer_to_having_something_else_or_a_no_has_nothing(extractor, question, reply):
    assert not any(s == "Sam" for s, _, _ in talk(extractor, f"Jess: {question}",
                                                  f"Sam: {reply}")[1])


@pytest.mark.parametrize(("lines", "wrong"), [
    # found by an adversarial read of this round's rules: each was proposed
    (["I'm a heroin addict"], ("Lena", "likes", "heroin")),
    (["I'm a former football fan"], ("Lena", "likes", "football")),
    (["I'm at Tesco now, just finished work"], ("Lena", "works_at", "Tesco")),
    (["left work early, I'm at Tesco now"], ("Lena", "works_at", "Tesco")),
    (["Ana: do you have any pets?", "a goldfish once"], ("Lena", "has_pet", "goldfish once")),
    (["Ana: do you have any pets?", "someday a dog"], ("Lena", "has_pet", "someday a dog")),
    (["Ana: do you have any pets?", "my sister's dog sometimes"],
     ("Lena", "has_pet", "sister's dog")),
    (["Ana: got any brothers or sisters?", "an only child"], ("Lena", "has_child",
                                                              "only child")),
    (["have a baby?! congrats"], ("Lena", "has_child", "baby")),
    (["live in fear of my landlord"], ("Lena", "lives_in", "fear")),
    (["work at 6 tmrw ugh"], ("Lena", "works_at", "6 tomorrow ugh")),
    (["own a house one day, that's the dream"], ("Lena", "owns", "house")),
    (["im in a club atm"], ("Lena", "member_of", "club")),
    (["I'm in a team meeting"], ("Lena", "member_of", "team")),
    (["I'm in a league of my own"], ("Lena", "member_of", "league")),
    (["got a present for your son"], ("Lena", "has", "present")),
    (["got my daughter a phone"], ("Lena", "has_child", "daughter")),
    (["I play for Jesus"], ("Lena", "plays_for", "Jesus")),
    (["my dog is a menace"], ("Lena's dog", "is_a", "menace")),
    (["I'm Spanish speaking"], ("Lena", "is_a", "Spanish")),
])
def test_what_this_rounds_rules_must_not_read(extractor, lines, wrong):
    assert wrong not in talk(extractor, *lines)[-1]


def test_he_after_toms_brother_cal_is_cal_not_the_owner_named_in_passing(extractor):
    got = talk(extractor, "the others are my sister ellie and toms sister nia, and toms "
               "brother cal is best man", "hes a firefighter in hereford")
    assert ("Cal", "is_a", "firefighter") in got[1]
    # the owner named as someone too is a rival still: no one is chosen
    got = talk(extractor, "My friend Sam and his brother Carl came.", "He is a baker.")
    assert not any(p == "is_a" for _, p, _ in got[1])


def test_whom_one_called_or_saw_is_whom_her_or_his_means_next(extractor):
    got = talk(extractor, "I called Priya. Her son lives in Rome.")
    assert ("Priya's son", "lives_in", "Rome") in got[0]
    got = talk(extractor, "I saw Jon yesterday.", "His daughter is a vet.")
    assert ("Jon's daughter", "is_a", "vet") in got[1]
    got = talk(extractor, "Jon is great. His daughter Lily is a vet.")
    assert ("Jon", "daughter", "Lily") in got[0]
    # a place visited or a firm called is no one
    got = talk(extractor, "I visited Paris. Her son lives in Rome.")
    assert not any("son" in s for s, _, _ in got[0])


@pytest.mark.parametrize(("lines", "predicates"), [
    # found by an adversarial read of this session's rules: each was proposed
    (["Peter here, just checking in"], {"is_a"}),
    (["Cider here 🍺"], {"is_a"}),
    (["Player here lol"], {"is_a"}),
    (["Thunder here 😱"], {"is_a"}),
    (["Heroin addict here, 2 years clean"], {"likes"}),
    (["Dentist here, floss people!"], {"likes", "does"}),
    (["My sister is a nurse.", "I saw Jon yesterday.", "She's pregnant."], {"jon"}),
    (["My husband is a chef.", "I saw Priya at the shop.", "He's opening a restaurant."],
     {"priya"}),
    (["Gonna rain tomorrow"], {"plans_to"}),
    (["gonna snow tonight"], {"plans_to", "doing_go_to"}),
    (["don't eat the cake"], {"does_not_eat"}),
    (["dont smoke indoors pls"], {"does_not_smoke"}),
    (["dont like to brag but I won"], {"dislikes"}),
    (["dont like the look of that rash"], {"dislikes"}),
    (["I'm starting as usual on monday"], {"plans_to"}),
    (["I'm starting as a joke"], {"plans_to"}),
    (["I'm starting as of monday"], {"plans_to"}),
    (["I'm not a coffee addict"], {"dislikes", "likes"}),
    (["I'm not a Taylor Swift stan"], {"dislikes", "likes"}),
    (["I'm a weed addict"], {"likes"}),
    (["My kids is my life"], {"life"}),
    (["I ran out of milk."], {"did_run_out_of"}),
    (["I almost moved to London."], {"lives_in"}),
    (["I nearly dropped out of uni"], {"did_drop_out_of"}),
    (["Can't talk, I'm in school"], {"attends"}),
    (["I'm in school as a teacher"], {"attends"}),
])
def test_what_this_sessions_rules_must_not_read(extractor, lines, predicates):
    got = talk(extractor, *lines)[-1]
    assert not any(p in predicates or s.lower() in predicates for s, p, _ in got), got


def test_a_firm_the_tagger_took_for_a_person_and_years_somewhere_found_by_a_new_user(
        extractor):
    got = talk(extractor, "Jess: are you still at Northwind?",
               "Sam: nope, I left Northwind in september. I'm at Helix Labs now",
               "Sam: we were in Bristol for like six years before that",
               "Sam: it was like a dream")
    assert ("Sam", "works_at", "Helix Labs") in got[1]
    assert ("Sam", "did_live_in", "Bristol") in got[2]
    assert not any(p == "did_go_to" for _, p, _ in got[2]) and got[3] == set()
    # in passing, a firm's place is no employer
    assert not any(p == "works_at" for _, p, _ in talk(
        extractor, "Im at Helix Labs rn for a meeting")[0])


def test_a_new_job_after_quitting_the_bank_and_chaos_found_trying_kg_as_a_new_user(
        extractor):
    got = talk(extractor, "Kemi: so much news lol. i quit the bank in june, im at "
               "Fernbrook Labs now", "Kemi: a cockapoo, hes chaos")
    assert ("Kemi", "works_at", "Fernbrook Labs") in got[0]
    assert not any(o == "chaos" for _, _, o in got[1])
    # leaving work for the day is no change of job
    assert not any(p == "works_at" for _, p, _ in talk(
        extractor, "left work early, I'm at Tesco now")[0])


def test_what_one_cant_wait_or_is_excited_to_do_is_a_plan(extractor):
    got = talk(extractor, "John: I can't wait to visit Japan next spring.",
               "Jon: I'm so excited to start my new job in May.",
               "Ana: I'm really looking forward to visiting my parents in June.",
               'Tim: I\'m excited to watch this new show called "The Wheel of Time".')
    assert ("John", "plans_to", "visit Japan") in got[0]
    assert ("Jon", "plans_to", "start my new job") in got[1]
    assert ("Ana", "plans_to", "visit my parents") in got[2]
    assert ("Tim", "plans_to", 'watch this new show called "The Wheel of Time"') in got[3]
    # seeing, hearing or meeting someone is no plan; nor what is done to "it" or denied
    for line in ("I can't wait to see you!", "Can't wait to hear all about it",
                 "I can't wait to show it to you", "I'm not excited to visit my in-laws",
                 "I can wait to visit Japan"):
        assert not any(p == "plans_to" for _, p, _ in talk(extractor, line)[0]), line


def test_my_love_or_passion_for_a_thing_is_a_liking(extractor):
    got = talk(extractor, "Gina: I wanted to blend my love for dance and fashion.",
               "John: We connected over our shared love for basketball.",
               "Jon: Still following my passion for dance.")
    assert {("Gina", "likes", "dance"), ("Gina", "likes", "fashion")} <= got[0]
    assert ("John", "likes", "basketball") in got[1]
    assert ("Jon", "likes", "dance") in got[2] and not any(
        p == "doing_follow" for _, p, _ in got[2])
    # another's love, a lost love, a person loved: no liking of the speaker's
    for line in ("Thanks for sharing your love for desserts.", "I lost my love for running.",
                 "my love for my kids is endless", "Is my love for jazz weird?"):
        assert not any(p == "likes" for _, p, _ in talk(extractor, line)[0]), line


def test_chat_shortenings_before_a_dropped_i_and_words_ending_in_in(extractor):
    got = talk(extractor, "Tyler: srsly cant stand country music",
               "honestly dont like coffee anymore", "just got a puppy!!",
               "Marco: pizza is def my fav food", "team 10 owns the login page now fyi",
               "love goin to concerts")
    assert ("Tyler", "dislikes", "country music") in got[0]
    assert ("Tyler", "dislikes", "coffee") in got[1]
    assert ("Tyler", "did_get", "puppy") in got[2]
    assert got[3] == {("Marco", "favorite_food", "Pizza")}
    assert ("Team 10", "owns", "login page") in got[4]
    assert ("Marco", "likes", "going to concerts") in got[5]
    # a name after the adverb is no dropped "I"
    assert not any(s == "Tattie" for s, _, _ in talk(
        extractor, "honestly tattie loves the park")[0])


def test_what_a_new_user_found_in_a_three_person_chat(extractor):
    got = talk(extractor,
               "Jess: yeah i lived in manchester for 6 years. still work at Deloitte tho",
               "Tom: I start at Google next Monday as a software engineer.",
               "Tom: i just started climbing on weekends, its so fun",
               "Aisha: Thai works for me.", "Tom: My son Max is the same age!",
               "Brody: just got off work, i fix hvac systems")
    assert ("Jess", "works_at", "Deloitte") in got[0]
    assert ("Tom", "plans_to", "start at Google as software engineer") in got[1]
    assert got[2] == {("Tom", "does", "climbing")}  # (was "climbs_on: weekends")
    assert got[3] == set()  # (was "Thai works at: Aisha")
    assert not any(p == "is_a" for _, p, _ in got[4])  # (was "Max is a: same age")
    assert not any(p.startswith("did_get") for _, p, _ in got[5])
    # a name after a full stop is no dropped "I"; "Priya works for me" still employs
    assert not any(s == "Jess" for s, _, _ in talk(extractor, "Jess: ok. tom loves it")[0])
    assert ("Priya", "works_at", "Ana") in talk(extractor, "Ana: Priya works for me.")[0]


def test_plain_workplace_facts_a_fresh_probe_found_unread(extractor):
    got = talk(extractor, "Pia: Our CEO, Dana, lives in Oslo.",
               "Pia: Marta, our designer, works out of the Lisbon office.",
               "Jess: My partner Sam works nights as an ER nurse.",
               "Pia: Priya manages the data team, and Yuki reports to her.",
               "Pia: Both the auth gateway and the rate limiter are owned by Platform Core.",
               "Pia: I worked out of necessity.")
    assert {("Pia", "ceo", "Dana"), ("Dana", "lives_in", "Oslo")} <= got[0]
    assert {("Pia", "designer", "Marta"), ("Marta", "works_at", "Lisbon office")} <= got[1]
    assert ("Sam", "role", "ER nurse") in got[2]
    assert ("Yuki", "reports_to", "Priya") in got[3]  # "her" is not Yuki, her own subject
    assert {("Platform Core", "owns", "auth gateway"),
            ("Platform Core", "owns", "rate limiter")} <= got[4]
    assert got[5] == set()


@pytest.mark.parametrize(("line", "predicates"), [
    # found by an adversarial read of this session's rules: each was proposed
    ("cant wait to get home and sleep", {"plans_to"}),
    ("cant wait to find out", {"plans_to"}),
    ("cant wait to celebrate with you", {"plans_to"}),
    ("cant wait to get paid", {"plans_to"}),
    ("I was so excited to visit Rome but it got cancelled", {"plans_to"}),
    ("my dog is so excited to go for walks", {"plans_to"}),
    ("cant wait to go back to work on monday... not", {"plans_to"}),
    ("im so stoked to go snowboarding in whistler", {"plans_to"}),
    ("my love for my dog max", {"likes"}),
    ("my love for coffee is gone", {"likes"}),
    ("my love for football died years ago", {"likes"}),
    ("college destroyed my passion for art", {"likes"}),
    ("my love for math lol jk", {"likes"}),
    ("my love for the game", {"likes"}),
    ("my passion for helping people led me to nursing", {"likes"}),
    ("def leppard is my fav band", {"leppard"}),
    ("just bought a hi def tv", {"hi"}),
    ("my parents are cool. live in ohio tho", {"lives_in"}),
    ("the bakery on main st. opened in 2019", {"did_open_in"}),
    ("I started working on weekends", {"does"}),
    ("started feeling sick in the mornings", {"does"}),
    ("i stopped working on weekends", {"does"}),
    ("I start at Costco as a favor to my uncle", {"start at costco as favor"}),
    ("just finished work", {"did_finish"}),
])
def test_what_the_eager_love_and_dropped_i_rules_must_not_read(extractor, line, predicates):
    got = talk(extractor, "Mia: " + line)[-1]
    assert not any(p in predicates or o.lower() in predicates for _, p, o in got), got


def test_what_an_adversarial_read_found_the_new_rules_had_broken(extractor):
    got = talk(extractor, "Ana: ok. drew moved to leeds", "Jo: ridin my bike to work these days",
               "Jo: Tom is the same doctor who treated my dad", "Jo: I got work at a bakery",
               "Sam: this place is great. love the pizza", "Jo: lovin my new job",
               "Ana: started smoking at night")
    assert ("Drew", "lives_in", "Leeds") in got[0]  # not "I drew"
    assert ("Jo", "doing_ride", "bike") in got[1]  # "ridin" drops its g
    assert ("Tom", "is_a", "same doctor") in got[2]
    assert any(p.startswith("did_get") or p == "works_at" for _, p, _ in got[3])
    assert ("Sam", "likes", "pizza") in got[4]
    assert ("Jo", "likes", "new job") in got[5]
    assert ("Ana", "does", "smoking") in got[6]


def test_a_lasting_state_said_with_have_been_holds_still(extractor):
    got = talk(extractor, "Sam: I've been obsessed with Fleetwood Mac since high school.",
               "Sam: I've been diagnosed with asthma.", "Sam: I've been invited to a wedding.",
               "Sam: I had been obsessed with chess.")
    assert got[0] == {("Sam", "likes", "Fleetwood Mac")}  # (no "obsessed_since")
    assert ("Sam", "diagnosed_with", "asthma") in got[1]
    assert got[2] == set() and got[3] == set()  # an episode; a state that held before


def test_an_event_one_has_ahead_is_under_way_not_owned(extractor):
    got = talk(extractor, "Nate: I've got a gaming tournament next month.",
               "Nate: I have a big match this weekend.", "Nate: I have a match on Sundays.",
               "Nate: I had a race last week.")
    assert got[0] == {("Nate", "doing_have", "gaming tournament")}
    assert got[1] == {("Nate", "doing_have", "big match")}
    assert not any(p == "doing_have" for _, p, _ in got[2] | got[3])  # a habit; done


@pytest.mark.parametrize(("line", "unwanted"), [
    # found by an adversarial read of the apposition, out-of, have-been and event rules
    ("Hi Sarah, my dear.", "dear"), ("Thanks, Dan, my man.", "man"),
    ("Mom, my rock, turns 70 today.", "rock"), ("Pizza, my one weakness, is back.", "weakness"),
    ("I work out of the house most days.", "works_at"),
    ("I work out of a sense of duty.", "works_at"),
    ("I'm working out of the Paris office this week.", "works_at"),
    ("Neither Slack nor Trello is owned by Microsoft.", "owns"),
    ("I've been obsessed with Fleetwood Mac but not anymore.", "likes"),
    ("I've been based in Leeds until recently.", "lives_in"),
    ("I've been obsessed with finishing this report all day.", "likes"),
    ("I have a presentation next week, jk, it got cancelled.", "doing_have"),
    ("I usually have a party for my birthday next month.", "doing_have"),
    ("I have a party to plan next week.", "doing_have"),
    ("I work nights as a favour to my boss.", "role"),
])
def test_what_the_apposition_out_of_have_been_and_event_rules_must_not_read(
        extractor, line, unwanted):
    got = talk(extractor, "Ana: " + line)[-1]
    assert not any(unwanted in (p, *p.split("_")) for _, p, _ in got), got


def test_what_the_later_rules_read_in_the_same_shapes(extractor):
    got = talk(extractor, "Eli: Nova, my car, broke down again.",
               "Ben: i've been obsessed with bouldering for like three years now",
               "Wes: We operate out of a warehouse in Leeds.",
               "Yan: I have a holiday booked for next month.")
    assert ("Eli", "car", "Nova") in got[0]
    assert ("Ben", "likes", "bouldering") in got[1]
    assert any(p == "operates_at" for _, p, _ in got[2])
    assert ("Yan", "doing_have", "holiday") in got[3]


def test_a_name_spoken_to_is_no_relation_and_a_pet_named_in_passing_is(extractor):
    got = talk(extractor, "Melanie: Yeah, Caroline, my family's been great lately.",
               "Caroline: And yup, I do- Oscar, my guinea pig. He's been great.",
               "Jon: I'm also excited to guide and mentor aspiring dancers.")
    assert not any(o == "Caroline" for _, _, o in got[0])  # (was "family: Caroline")
    assert ("Caroline", "guinea_pig", "Oscar") in got[1]
    assert ("Jon", "plans_to", "guide and mentor aspiring dancers") in got[2]


def test_a_state_held_lately_holds_still_found_trying_kg_as_a_new_user(extractor):
    got = talk(extractor, "Rosa: also I've been obsessed with bouldering lately, my gym is "
               "Ape Index")
    assert ("Rosa", "likes", "bouldering") in got[0]  # ("lately": these days, not once)


def test_what_a_new_user_told_and_was_not_read(extractor):
    """Found trying kg as a new user (thirteenth session): "im a product manager at Lumen
    now" stayed a kind, not the role that replaces the old one ("manager" is also a word
    for a relative); "how's Sofia?" / "good, she's a physio ..." lost her, the parser
    making the name the question's root."""
    got = talk(extractor, "Tariq: my wife Sofia and I got a flat in Didsbury",
               "Tariq: im a product manager at Lumen now",
               "Ines: nice. how's Sofia?",
               "Tariq: good, she's a physio at Wythenshawe hospital")
    assert ("Tariq", "role", "product manager") in got[1]
    assert ("Sofia", "works_at", "Wythenshawe hospital") in got[3]


def test_an_address_asked_after_is_the_one_answering(extractor):
    got = talk(extractor, "Irene: I have sent you a Parcel. What is the new address. Love Gran",
               "Finn: flat 2, 41 albany road")
    assert ("Finn", "address", "flat 2, 41 albany road") in got[1]
    assert not any(p == "address" for _, p, _ in talk(
        extractor, "Irene: What is the new address.", "Finn: no idea yet")[1])


def test_a_name_answering_hows_your_relative_names_the_relative(extractor):
    got = talk(extractor, "Joel: amazing. hows ur sister",
               "Amara: Ngozi's good, she's 29 now and lives in Bristol with her gf Tess")
    assert {("Amara", "sister", "Ngozi"), ("Ngozi", "age", "29"),
            ("Ngozi", "lives_in", "Bristol")} <= got[1]
    got = talk(extractor, "Ben: nice. hows ur brother",
               "Rosa: Marco's fine, still teaching maths at a school in Hull")
    assert ("Rosa", "brother", "Marco") in got[1]
    assert {("Marco", "teaches", "maths"), ("Marco", "teaches_at", "school in Hull")} <= got[1]
    # his, not the one answering's; "still teaching ... at a school": the job he holds
    assert not any(s == "Rosa" and p.endswith("teach") for s, p, _ in got[1])
    for answer in ("Leeds is treating him well", "Tom says she's fine", "Tuesday was rough"):
        assert not any(p == "brother" for _, p, _ in talk(
            extractor, "Joel: how's your brother?", f"Amara: {answer}")[1]), answer

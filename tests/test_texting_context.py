"""Two-person texting read with its context: dated plans ("i start on the 31st"), short
answers to "when"/"where" questions, and the negatives around them (a fragment after a
yes/no question or after one's own question states nothing)."""


import pytest

from extract import SpacyExtractor, Turn
from tests.conftest import talk


@pytest.fixture(scope="module")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


@pytest.mark.parametrize(("text", "expected"), [
    ("i start on the 31st", ("Lena", "starts_on", "31st")),
    ("im back on the 4th", ("Lena", "is_back_on", "4th")),
    ("we move in october", ("Lena", "moves_in", "october")),
    ("We're moving on the 29th.", ("Lena", "moves_on", "29th")),
    ("I leave on nov 15", ("Lena", "leaves_on", "nov 15")),
])
def test_a_plan_dated_by_the_calendar_states_when(extractor, text, expected):
    assert expected in talk(extractor, text)[0]


@pytest.mark.parametrize("text", [
    "i start next week", "I started on the 3rd", "i dont start till the 9th",
    "i might start on the 9th", "i'd start on the 9th if they let me", "do u start on the 9th",
    "we go swimming on mondays",
])
def test_no_date_is_claimed_from_a_past_a_hedge_a_negation_or_a_habit(extractor, text):
    # (a past is an episode: "did_start_on" is the episode reader's, no plan)
    assert not any(p.endswith(("_on", "_in")) and not p.startswith("did_") and p != "lives_in"
                   for _, p, _ in talk(extractor, text)[0])


def test_a_plan_another_reader_reads_keeps_its_own_reading(extractor):
    got = talk(extractor, "my sister starts uni in september")[0]
    assert got == {("Lena's sister", "plans_to", "start uni")}


@pytest.mark.parametrize(("lines", "expected"), [
    (("Ana: omg when do u start", "Lena: the 14th"), ("Lena", "starts_on", "14th")),
    (("Ana: when do u move", "Lena: nov 15"), ("Lena", "moves_on", "nov 15")),
    (("Ana: and when are u back", "Lena: on the 4th!!"), ("Lena", "is_back_on", "4th")),
    (("Lena: we're moving!!", "Ana: when", "Lena: in august"), ("Lena", "moves_in", "august")),
    (("Lena: me and jo are moving", "Ana: omg where", "Lena: margate!!"),
     ("Lena", "doing_move_to", "Margate")),
    (("Lena: got a new job!!", "Ana: where?", "Lena: at the childrens hospital"),
     ("Lena", "works_at", "childrens hospital")),
])
def test_a_fragment_answers_the_when_or_where_the_other_speaker_asked(extractor, lines,
                                                                      expected):
    # (a message's first word is capitalised: "nov 15" is "Nov 15" as written then)
    assert expected[:2] + (expected[2].casefold(),) in {
        (s, p, o.casefold()) for s, p, o in talk(extractor, *lines)[-1]}


@pytest.mark.parametrize("lines", [
    ("Lena: when do u start", "Lena: april 7th"),  # one's own question
    ("Ana: do u start soon", "Lena: yes"),  # a yes/no question
    ("Ana: when do u start", "Lena: when do u?"),  # a question answered by a question
    ("Ana: when do u start", "Lena: end of june prob"),  # no date a calendar names
    ("Ana: when do u start", "Lena: next friday"),  # a date only the day it was said knows
    ("Ana: where", "Lena: leeds"),  # a bare "where" about nothing said
    ("Lena: we're moving to glasgow", "Ana: where", "Lena: the west end"),  # said already
    ("Lena: lol", "Ana: since when", "Lena: march"),  # surprise, no question
])
def test_a_fragment_after_no_question_of_the_other_speaker_states_nothing(extractor, lines):
    assert talk(extractor, *lines)[-1] == set()


@pytest.mark.parametrize(("lines", "expected"), [
    (("got a new client!!", "lantern hill brewing, doing their whole rebrand"),
     ("Lena", "client", "lantern hill brewing")),
    (("bought a new car", "red golf, the 2019 one"), ("Lena", "car", "red golf")),
    # a question between that only asks what it is
    (("Amaka: i have a date tonight", "Kerry: WHAT. who", "Amaka: callum. paramedic"),
     ("Amaka", "date", "callum")),
    (("Finn: i got a summer job!!!", "Irene: Oh Well done. Doing what.",
      "Finn: assistant instructor at an outdoor centre. kayaking, that kind of thing"),
     ("Finn", "summer_job", "assistant instructor")),
])
def test_the_next_message_names_the_new_thing_its_writer_announced(extractor, lines,
                                                                   expected):
    assert expected[:2] + (expected[2].casefold(),) in {
        (s, p, o.casefold()) for s, p, o in talk(extractor, *lines)[-1]}


@pytest.mark.parametrize("lines", [
    ("got a new job!!", "so happy"),  # a comment, no name
    ("i need a new laptop", "macbook air"),  # wanted, not had
    ("i didnt get a new job", "ugh"),
    ("we adopted a rescue dog", "a greyhound"),  # what kind, not a name
    ("Lena: got a new client!!", "Ana: lantern hill brewing"),  # another speaker's words
    ("Lena: got a new client!!", "Ana: what time is it", "Lena: half six"),  # asks more
    ("Lena: i have a cold", "Ana: who", "Lena: sam"),  # ("a cold": no one to name)
])
def test_a_message_after_an_announcement_that_names_nothing_states_nothing(extractor,
                                                                          lines):
    assert talk(extractor, *lines)[-1] == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("12 hour shift at boots and the printer died twice", ("Lena", "works_at", "boots")),
    ("I have a shift at the pub tonight", ("Lena", "works_at", "pub")),
    ("my bf is on nights at the royal", ("Lena's boyfriend", "works_at", "royal")),
    ("i have an interview tmrw at fernway", ("Lena", "interview", "fernway")),
    ("ive got a dentist appointment on friday", ("Lena", "dentist_appointment", "friday")),
    ("back on the 4th", ("Lena", "is_back_on", "4th")),
    ("back mon 29th", ("Lena", "is_back_on", "Monday 29th")),  # the date with no "on"
])
def test_work_and_appointments_said_in_passing_are_read(extractor, text, expected):
    assert expected[:2] + (expected[2].casefold(),) in {
        (s, p, o.casefold()) for s, p, o in talk(extractor, text)[0]}


@pytest.mark.parametrize("text", [
    "the shift at boots was awful", "i dont have a shift at the pub",
    "do u have a shift at the pub tonight", "i dont have an interview at tillo",
    "his interview at google went well", "i have an interview tomorrow",
    "back on the menu lol",
])
def test_a_shift_or_appointment_not_ones_own_or_not_had_states_nothing(extractor, text):
    assert not {p for _, p, _ in talk(extractor, text)[0]} & {
        "works_at", "interview", "is_back_on"}


def test_it_dated_soon_after_an_event_dates_that_event(extractor):
    claims = talk(extractor, "Maya: also i signed up for the leeds half",
                  "Jonah: wait ur running 13 miles???", "Maya: 21k ish yeah",
                  "Maya: its on may 11th")
    assert ("Maya", "leeds_half_date", "may 11th") in claims[3]
    # a date no calendar names, or another speaker's "it", or no event told of: nothing
    claims = talk(extractor, "Maya: i booked a table at the olive tree", "Maya: its tomorrow",
                  "Jonah: its on the 15th")
    assert claims[1] == set() and claims[2] == set()
    assert talk(extractor, "Maya: its on the 15th") == [set()]


def test_an_appointment_on_a_day_said_without_on_and_a_title_is_no_name(extractor):
    got = extractor.extract(Turn(text="i have an interview monday", speaker="Lena"))
    assert [(d.subject, d.predicate, d.object) for d in got.drafts] == [
        ("Lena", "interview", "monday")]
    got = extractor.extract(Turn(text="im the dungeon master now rosa", speaker="Kev"))
    assert ("Kev", "name", "dungeon master") not in {
        (d.subject, d.predicate, d.object) for d in got.drafts}


def test_a_fragment_opening_with_a_preposition_goes_on_with_the_message_before(extractor):
    """"i have an interview monday" / "at tillo": the same speaker's next message goes on
    with it; after someone else spoke, or opening with no preposition, it does not."""
    got = talk(extractor, "Kev: i have an interview monday", "Kev: at tillo")
    assert ("Kev", "interview", "Tillo") in got[1]
    got = talk(extractor, "Kev: i have an interview monday", "Rosa: nice", "Kev: at tillo")
    assert got[2] == set()
    got = talk(extractor, "Kev: i have an interview monday", "Kev: tillo lol")
    assert got[1] == set()


def test_a_name_introduced_with_meet_is_whom_she_means(extractor):
    got = talk(extractor, "Rosa: meet biscuit", "Kev: how old is she", "Rosa: shes 4")
    assert ("Biscuit", "age", "4") in got[2]
    assert talk(extractor, "Rosa: meet me at 6", "Rosa: shes 4")[1] == set()


def test_someone_asked_after_by_name_in_lower_case_is_whom_he_or_she_means(extractor):
    """"how's conor?" then "hes moving to perth in august": the name, written lower case
    in a question, is now known, so "he" is Conor (it was unresolved)."""
    said = talk(extractor, "and how's conor?", "hes moving to perth in august did u hear")
    assert any(s == "Conor" and "Perth" in o for s, _, o in said[1])
    assert talk(extractor, "how's work?", "its fine")[1] == set()


@pytest.mark.parametrize(("lines", "expected"), [
    (("Jess: we got the flat!!", "Tom: amazing when do u move in", "Jess: 1st of may"),
     ("Jess", "moves_in_on", "1st of may")),
    (("Jess: i sold the golf", "Tom: what did u get", "Jess: a 2018 octavia estate"),
     ("Jess", "did_get", "2018 octavia estate")),
    (("Tom: going climbing with my brother", "Jess: which brother", "Tom: ollie, the younger one"),
     ("Tom", "brother", "ollie")),
    (("Tom: hows ur mum", "Jess: good, she retired in january",
      "Tom: wow. what's she doing with herself", "Jess: pottery lol. twice a week"),
     ("Jess's mum", "doing_do", "pottery")),
    (("Jess: how old is rolo now", "Tom: 6 in june"), ("Rolo", "turning", "6")),
])
def test_a_fragment_answers_the_question_put_in_the_words_it_asks(extractor, lines,
                                                                    expected):
    assert expected[:2] + (expected[2].casefold(),) in {
        (s, p, o.casefold()) for s, p, o in talk(extractor, *lines)[-1]}


@pytest.mark.parametrize("lines", [
    ("Kerry: a paramedic 👀 which station", "Amaka: moss side"),  # whose station?
    ("Jess: how old is rolo now", "Tom: 6"),  # an age, no age ahead: read as his age
])
def test_a_which_of_no_relative_names_nothing_and_a_bare_age_is_no_age_ahead(extractor,
                                                                             lines):
    assert not any(p in ("station", "turning") for _, p, _ in talk(extractor, *lines)[-1])


@pytest.mark.parametrize(("lines", "expected"), [
    (("Kerry: a paramedic 👀 which station is he at", "Amaka: moss side"),
     None),  # "he" is no one here: resolved by the talk, or nothing
    (("Sanjay: Ooh, which glaze did you go for?", "Fern: Tenmoku"),
     ("Fern", "did_go_for", "tenmoku")),
    (("Ana: which gym do you go to", "Lena: the one on mill road"),
     ("Lena", "goes_to", "gym")),  # (where the gym is, the value cut leaves off)
    (("Ana: what school does your son go to", "Lena: st marks"),
     ("Lena's son", "school", "st marks")),
])
def test_a_fragment_answers_a_what_or_which_asked_of_someone(extractor, lines, expected):
    got = {(s, p, o.casefold()) for s, p, o in talk(extractor, *lines)[-1]}
    if expected is None:
        assert not any(p == "station" for _, p, _ in got)
    else:
        assert expected[:2] + (expected[2].casefold(),) in got


@pytest.mark.parametrize(("text", "expected"), [
    ("I am at the Doctor on Tuesday for my blood pressure.",
     {("Lena", "doctor_appointment", "Tuesday")}),
    ("I'm at the dentist on Friday.", {("Lena", "dentist_appointment", "Friday")}),
    ("I'm at the pub on Friday.", set()),  # no clinician
    ("me and dev are looking at a flat",
     {("Lena", "doing_look_at", "flat"), ("Dev", "doing_look_at", "flat")}),
    ("I'm looking for a new job.", {("Lena", "doing_look_for", "new job")}),
    ("I'm looking at my phone.", set()),
])
def test_an_appointment_kept_and_a_search_under_way(extractor, text, expected):
    assert talk(extractor, text)[0] == expected


def test_a_dropped_he_or_she_is_the_one_the_talk_is_about(extractor):
    got = talk(extractor, "Ross: we got a rescue dog called Tattie", "Niamh: how is she",
               "Ross: hates the hoover already")
    assert ("Tattie", "dislikes", "hoover") in got[2]
    assert talk(extractor, "Ross: my sister Ana came round", "Ross: makes sense")[1] == set()


@pytest.mark.parametrize("lines", [
    ("Caroline: What motivated you to pursue counseling?", "Melanie: Melanie, it was my mum."),
    ("Caroline: What support are you offering them?",
     "Melanie: Besides the dance classes and workshops"),
    ("Caroline: What gave you the idea?", "Melanie: Melanie"),
])
def test_a_what_that_asks_a_reason_or_an_aside_names_nothing(extractor, lines):
    """Found on LoCoMo dev: "what motivates you" read "motivates" as the noun asked, and
    a vocative or an aside as the name given ("My motivates is Mel.")."""
    assert not any(p in ("motivated", "support", "gave") for _, p, _ in
                   talk(extractor, *lines)[-1])


@pytest.mark.parametrize(("lines", "expected"), [
    (("Marcus: my dad has been poorly",
      "Marcus: the cardiologist says he has atrial fibrillation but its under control"),
     {("Marcus's dad", "has", "atrial fibrillation")}),  # "its under": it is, no object
    (("Marcus: im at a small studio now called Fieldnote", "Hana: doing what",
      "Marcus: motion design mostly"), {("Marcus", "does", "motion design")}),
    (("Marcus: we finally moved into the new place in chorlton",),
     {("Marcus", "lives_in", "chorlton"), ("Marcus", "did_move_into", "new place in chorlton")}),
])
def test_found_trying_a_conversation_of_ones_own(extractor, lines, expected):
    assert {(s, p, o.casefold()) for s, p, o in talk(extractor, *lines)[-1]} == {
        (s, p, o.casefold()) for s, p, o in expected}


def test_a_name_at_the_end_is_cut_only_for_a_speaker_of_the_same_conversation(extractor):
    """Turns with no conversation id are each speaker's own talk: another speaker's name
    ending a message is no one addressed there ("a kitten called ross")."""
    got = extractor.extract_many([Turn(text="hello", speaker="Ross"),
                                  Turn(text="I adopted a kitten called ross", speaker="Lena")])
    assert ("Lena", "did_adopt", "Ross") in {(d.subject, d.predicate, d.object)
                                            for d in got[1].drafts}


@pytest.mark.parametrize(("lines", "expected"), [
    (("Leo: how old is your little one now", "Ines: Mateo's 4 in june!"),
     {("Mateo", "turning", "4")}),  # a sentence, its verb in "'s": no fragment
    (("Leo: how old is your little one now", "Ines: 3"), {("Ines's child", "age", "3")}),
])
def test_an_answer_with_its_verb_in_s_is_a_sentence_and_a_little_one_a_child(extractor,
                                                                              lines, expected):
    """Found trying a new user's conversation: "Mateo's 4 in june!" was read as the
    fragment "My little is Mateo's 4 in june", giving "Ines little: Mateo 's 4"."""
    assert talk(extractor, *lines)[-1] == expected


@pytest.mark.parametrize(("lines", "expected"), [
    # a day as chat shortens it, and an ordinal, which is a day of the month, never an age
    (("move date is sat 25th. need to book the day off",), ("Lena", "move_date", "saturday 25th")),
    (("exam is saturday 25th",), ("Lena", "exam", "saturday 25th")),
    # a bare date on a verb of starting or moving, and the "I" chat drops before it
    (("Gareth starts monday",), ("Gareth", "starts_on", "monday")),
    (("start monday 7th july",), ("Lena", "starts_on", "monday 7th july")),
    (("got the job!!! start in march",), ("Lena", "starts_in", "march")),
    (("moving in wednesday, bathrooms usable",), ("Lena", "moves_in", "wednesday")),
    # a bare "when" after a plan said with a contraction, or after an appointment told of
    (("Maya: im moving flat btw", "Jonah: when", "Maya: 29th"), ("Maya", "moves_on", "29th")),
    (("Amaka: got an interview email!!!", "Kerry: when",
      "Amaka: thursday 16th at 10am, at the mary seacole building"),
     ("Amaka", "interview", "thursday 16th")),
    # "when's the interview", put to Sol by name: Sol's
    (("Sol: cant do another xmas at next", "Priti: omg sol when's the interview",
      "Sol: thurs at 10. little firm called kett heating"), ("Sol", "interview", "thursday")),
    (("the interview is thursday at 10",), ("Lena", "interview", "thursday")),
])
def test_the_days_texting_names_are_read(extractor, lines, expected):
    assert expected[:2] + (expected[2].casefold(),) in {
        (s, p, o.casefold()) for s, p, o in talk(extractor, *lines)[-1]}


@pytest.mark.parametrize("lines", [
    ("i sat down for a bit",),  # "sat" a verb, no day
    ("we sat on the sun lounger all day",),
    ("come sat 25th if u want",),  # an invitation, no plan of the speaker's
    ("go on the 4th, its cheaper",),
    ("Lena: we're having a party", "Ana: when's the party", "Lena: saturday"),  # whose?
    ("Lena: the party is saturday",),  # a party no one was said to have
])
def test_a_day_that_is_no_plan_of_the_speaker_states_nothing_dated(extractor, lines):
    # (an episode, "did_sit_on ; sun lounger", is no date)
    assert not any(p.endswith(("_on", "_in")) and not p.startswith("did_")
                   or p in ("party", "interview") for _, p, _ in talk(extractor, *lines)[-1])


@pytest.mark.parametrize(("text", "expected"), [
    ("project is antibiotic resistance in river sediment",
     ("Lena", "project", "antibiotic resistance")),
    ("stipend is 20,780 a yr", ("Lena", "stipend", "20,780 a year")),
    ("my cat is on special renal food now", ("Lena's cat", "diet", "special renal food")),
])
def test_a_thing_of_ones_own_said_without_its_my_is_read(extractor, text, expected):
    assert expected in talk(extractor, text)[0]


@pytest.mark.parametrize("text", [
    "weather is rubbish again", "life is a rollercoaster", "traffic was a nightmare",
    "work is so stressful rn", "Karen Lowe gave me your number",
])
def test_what_is_no_ones_or_the_listeners_states_nothing(extractor, text):
    assert talk(extractor, text)[0] == set()


@pytest.mark.parametrize(("lines", "expected"), [
    (("were moving to leeds in may",), ("Lena", "doing_move_to", "Leeds")),  # "we're"
    (("my familys from leeds",), ("Lena's family", "is_from", "Leeds")),  # "family is"
    (("yeh. last shift is tues 30th",), ("Lena", "last_shift", "tuesday 30th")),
    (("its ok. first exam is the 28th, hydrology",), ("Lena", "first_exam", "28th")),
    (("interview thurs 18th, 11am on teams",), ("Lena", "interview", "thursday 18th")),
])
def test_what_texting_leaves_out_is_read_back(extractor, lines, expected):
    assert expected[:2] + (expected[2].casefold(),) in {
        (s, p, o.casefold()) for s, p, o in talk(extractor, *lines)[-1]}


def test_a_yes_is_no_one_a_pronoun_can_mean(extractor):
    got = talk(extractor, "Rhys: yeh. last shift is tues 30th", "Finn: she'll be 22 on sunday")
    assert not any(s.casefold() == "yeh" for s, _, _ in got[1])


@pytest.mark.parametrize("text", ["interview went well i think", "interview tomorrow eek",
                                  "the boys at school are loud"])
def test_an_appointment_without_a_calendar_date_is_not_dated(extractor, text):
    assert not any(p in ("interview", "boy") or p.endswith("_on")
                   for _, p, _ in talk(extractor, text)[0])


@pytest.mark.parametrize(("lines", "expected"), [
    (("Imogen: marcias ur manager?", "Rhys: yeh. and she's strict"),
     ("Rhys", "manager", "Marcia")),
    (("Ana: Tom's your brother??", "Lena: yep the older one"), ("Lena", "brother", "Tom")),
])
def test_a_yes_to_a_statement_asked_back_states_it(extractor, lines, expected):
    assert expected in talk(extractor, *lines)[-1]


@pytest.mark.parametrize("lines", [
    ("Imogen: marcias ur manager?", "Rhys: nah"),  # a no states nothing
    ("Imogen: thats ur mum?", "Rhys: ya"),  # no one named
    ("Rhys: marcias my manager?", "Rhys: yeh"),  # one's own question
])
def test_no_yes_to_a_statement_asked_back_states_nothing(extractor, lines):
    assert not any(p in ("manager", "mum") for _, p, _ in talk(extractor, *lines)[-1])


@pytest.mark.parametrize(("lines", "expected"), [
    (("got the job at spoke & chain",), ("Lena", "works_at", "Spoke & Chain")),
    (("i said yes to rye & co",), ("Lena", "did_accept", "Rye & Co")),
    (("Rosalind: Hannah has set the date for the wedding!", "Dev: no?? when?",
      "Rosalind: Saturday 20th March. At Shibden Mill Inn, near Halifax."),
     ("Hannah", "wedding", "Saturday 20th March")),
])
def test_a_firm_with_an_ampersand_an_offer_taken_and_an_occasion_dated(extractor, lines,
                                                                       expected):
    assert expected in talk(extractor, *lines)[-1]


def test_a_place_is_no_one_she_can_mean(extractor):
    got = talk(extractor, "Rosalind: Hannah is getting married at Shibden Mill Inn.",
               "Of course she is marrying Tom!")
    assert not any(s == "Shibden Mill Inn" for s, _, _ in got[1])


@pytest.mark.parametrize("text", ["me & jo went to the pub", "she said yes to sam",
                                  "i said yes to it"])
def test_an_ampersand_between_people_and_a_yes_to_someone_name_no_firm_or_offer(extractor,
                                                                                 text):
    assert not any(p in ("works_at", "did_accept") for _, p, _ in talk(extractor, text)[0])


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm working nights at the hospital", ("Lena", "works_at", "hospital")),
    ("im working weekends at the pub", ("Lena", "works_at", "pub")),
    ("Ana: how is Kieran?\nLena: ya kieran's good, he's working nights at the hospital now",
     ("Kieran", "works_at", "hospital")),
])
def test_working_a_shift_read_as_a_noun_is_work_again(extractor, text, expected):
    assert expected in talk(extractor, *text.split("\n"))[-1]


@pytest.mark.parametrize(("lines", "expected"), [
    (("Nadia: whos ur boss", "Owen: a guy called declan, seems alright"),
     ("Owen", "boss", "Declan")),  # a name given is no verb of the answer's own
    (("Nadia: also we got a puppy", "Owen: omg what kind", "Nadia: a cockapoo called biscuit"),
     ("Biscuit", "is_a", "cockapoo")),
    (("Lewis: is tom still at the council", "Gemma: yep, 12 years now"),
     ("Tom", "works_at", "council")),  # a yes to someone's lasting state asked after
    (("Lewis: does kemi still live in leeds?", "Gemma: nah"),
     ("Kemi", "lives_in", "Leeds")),  # a no ends it (a retraction)
    (("Zara: is ur sister still in bristol", "Leon: yep, she loves it"),
     ("Leon's sister", "lives_in", "Bristol")),  # the listener's relative, asked after
    (("Owen: becca? yeah were going to edinburgh next month",),
     ("Owen", "doing_go_to", "Edinburgh")),  # "were" + -ing opening a thought: we're
])
def test_answers_a_texting_friend_gives_in_passing(extractor, lines, expected):
    assert expected in talk(extractor, *lines)[-1]


@pytest.mark.parametrize("lines", [
    ("Nadia: whos ur boss", "Owen: a guy called declan"),  # a guy is no kind of anything
    ("Lewis: hows your dad", "Gemma: lol yes he'll be there till he's 90"),  # a time ahead
    ("Lewis: is tom still at the council", "Lewis: yep"),  # one's own question
    ("Lewis: is he working today", "Gemma: yep"),  # no lasting state asked after
])
def test_what_texting_says_of_a_time_ahead_or_of_no_kind_states_nothing_of_it(extractor,
                                                                              lines):
    got = talk(extractor, *lines)[-1]
    assert not any(p in ("is_a", "age", "works_at") for _, p, _ in got), got


@pytest.mark.parametrize(("lines", "expected"), [
    (("Ellie: first week at halden & brook is brutal",), ("Ellie", "works_at", "Halden & Brook")),
    (("Ellie: vet appt for biscuit on mon 30th at 9",),
     ("Ellie", "vet_appointment", "Monday 30th")),
    (("Tom: oh wait u started already?? whats the job",
      "Ellie: junior surveyor! mostly site visits"),
     ("Ellie", "role", "junior surveyor")),  # as written
    (("Tom: where's the office", "Ellie: harrogate"), ("Ellie", "office", "Harrogate")),
])
def test_found_in_a_newcomers_conversation(extractor, lines, expected):
    assert expected in talk(extractor, *lines)[-1]


def test_a_firm_letting_the_speaker_go_ends_the_job(extractor):
    [got] = extractor.extract_many([Turn(
        text="ugh bad news, halden & brook are letting me go", speaker="Ellie",
        conversation_id="c")])
    assert [(d.subject, d.predicate, d.object.casefold(), str(d.kind)) for d in got.drafts] \
        == [("Ellie", "works_at", "halden & brook", "retract")]


@pytest.mark.parametrize("text", [
    "np 21st works for me",  # it suits: no one is employed
    "that works for us",
    "first week at uni was fun",  # a school, no job
    "they might let me go",  # not done
])
def test_what_only_sounds_like_a_job_states_none(extractor, text):
    got = talk(extractor, f"Ellie: {text}")[-1]
    assert not any(p == "works_at" for _, p, _ in got), got


@pytest.mark.parametrize(("text", "expected"), [
    ("my birthday is on the 3rd of june", ("Mo", "birthday", "3rd of june")),
    ("my wedding is sat 12th december", ("Mo", "wedding", "Saturday 12th december")),
])
def test_a_date_keeps_its_month_however_it_hangs(extractor, text, expected):
    assert expected in talk(extractor, f"Mo: {text}")[-1]


def test_an_appointment_keeps_both_where_and_when(extractor):
    got = talk(extractor, "Ellie: I have an interview at Pennine Homes on Friday 4th")[-1]
    assert {("Ellie", "interview", "Pennine Homes"), ("Ellie", "interview_on", "Friday 4th")
            } <= got


@pytest.mark.parametrize(("lines", "expected"), [
    (("Gary: I do Saturdays at the garden centre",), ("Gary", "works_at", "garden centre")),
    (("Gary: my son Jack is 17", "Gary: he's doing Saturdays at Halfords now"),
     ("Jack", "works_at", "Halfords")),
])
def test_days_done_at_a_place_are_shifts_worked_there(extractor, lines, expected):
    assert expected in talk(extractor, *lines)[-1]


@pytest.mark.parametrize(("text", "expected"), [
    ("my nan is 90 on the 12th of july", ("Niamh's nan", "birthday", "12th of july")),
    ("my dad turns 70 on the 5th of may", ("Niamh's dad", "birthday", "5th of may")),
])
def test_an_age_turned_on_a_day_names_the_birthday(extractor, text, expected):
    assert expected in talk(extractor, f"Niamh: {text}")[-1]


def test_an_age_turned_on_no_calendar_day_names_no_birthday(extractor):
    got = talk(extractor, "Niamh: my dad turns 70 next year")[-1]
    assert not any(p == "birthday" for _, p, _ in got)


def test_an_appointment_said_alone_is_dated_by_the_next_message(extractor):
    got = talk(extractor, "Imogen: also driving test", "Imogen: tues 23rd at colwick. 8.40am")
    assert ("Imogen", "driving_test", "Tuesday 23rd") in got[-1]
    assert talk(extractor, "Imogen: also driving test", "Imogen: im so nervous")[-1] == set()


def test_new_things_booked_are_dated_by_the_next_message(extractor):
    got = talk(extractor, "Rhys: also booked flights for dublin!",
               "Rhys: fri 26th, 7.55 from east mids")
    assert ("Rhys", "flights", "Friday 26th") in got[-1]
    assert talk(extractor, "Rhys: booked the flights", "Rhys: fri 26th")[-1] == set()  # ones
    # already talked of ("the"): what the next message says of them is not known


def test_a_day_answering_when_the_move_is_is_the_move(extractor):
    got = talk(extractor, "Tom: when's the move?", "Ellie: sat 14th")
    assert ("Ellie", "move", "Saturday 14th") in got[-1]  # a day, not "I sat"
    assert talk(extractor, "Tom: when's the party?", "Ellie: sat 14th")[-1] == set()  # whose?


@pytest.mark.parametrize(("text", "expected"), [
    ("Unfortunately, I can't have dairy, so no ice cream for me.",
     ("Lena", "does_not_eat", "dairy")),
    ("I don't have sugar in my tea", ("Lena", "does_not_eat", "sugar")),
    ("It was tough, but I'm doing ok. Been reading that book you recommended.",
     ("Lena", "doing_read", "book")),  # a later sentence's dropped "I've"
])
def test_what_one_goes_without_and_a_later_dropped_ive(extractor, text, expected):
    assert expected in talk(extractor, text)[0]


def test_not_having_what_is_no_diet_states_nothing(extractor):
    assert talk(extractor, "I don't have the sugar")[0] == set()
    assert talk(extractor, "I don't have kids")[0] == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("Some of my hiking club friends came even though I just joined!",
     {("Lena", "member_of", "hiking club")}),
    ("my book club is reading Dune this month", {("Lena", "member_of", "book club")}),
    ("my old club was rubbish", set()),  # not now
    ("is your book club still going?", set()),  # the listener's, asked
])
def test_a_club_or_choir_called_mine_is_one_i_belong_to(extractor, text, expected):
    got = {f for f in talk(extractor, text)[0] if f[1] == "member_of"}
    assert got == expected


@pytest.mark.parametrize("text", ["our one-year-old is called Kyle",
                                  "my little one is called Kyle"])
def test_a_child_called_by_age_or_size_is_a_child(extractor, text):
    assert ("Lena", "has_child", "Kyle") in talk(extractor, text)[0]


@pytest.mark.parametrize(("lines", "expected"), [
    (("Maya: so i looked at the spa thing", "Maya: its £140 for a day pass for 2"),
     ("spa thing", "costs", "£140")),
    (("Ross: did u see the vet bill", "Niamh: its 90 quid so 45 each"),
     ("vet bill", "costs", "90 quid")),
])
def test_it_priced_right_after_a_thing_is_that_things_price(extractor, lines, expected):
    assert expected in talk(extractor, *lines)[-1]


@pytest.mark.parametrize("lines", [
    ("Maya: its £140 for a day pass for 2",),  # nothing talked of
    ("Maya: so i looked at the spa thing", "Jo: lol", "Maya: meh", "Maya: its £140"),  # long ago
    ("Maya: i called my mum", "Maya: its £5 a month"),  # a person is no thing priced
])
def test_it_priced_with_no_thing_just_talked_of_states_nothing(extractor, lines):
    assert not any(p == "costs" for _, p, _ in talk(extractor, *lines)[-1])


@pytest.mark.parametrize(("lines", "expected"), [
    # the listener's thing, asked of, is the answerer's
    (("Nate: What's your new screenplay about?", "Joanna: It's a mix of drama and romance!"),
     ("Joanna", "screenplay", "mix of drama")),
    (("Sol: the plumbing firm was lovely", "Sol: barry owns it"),
     ("Barry", "owns", "plumbing firm")),
    (("Sven: Rewatching The Office again. It's my comfort show.",),
     ("Sven", "comfort_show", "Office")),
    # a name given as an answer, and a noun put first, are what the "it" takes up
    (("Jo: any favorite fantasy films?", "Tim: Definitely Star Wars! It's my favorite."),
     ("Tim", "favorite", "Star Wars")),
    (("Dev: yes pls. green curry from baan suan, its my fav",), ("Dev", "favorite", "green curry")),
])
def test_an_it_just_after_a_thing_is_that_thing(extractor, lines, expected):
    assert expected in talk(extractor, *lines)[-1]


@pytest.mark.parametrize("lines", [
    ("Ana: my car broke down again", "Ana: it's a nightmare lol"),  # a verdict, not what it is
    ("Lucia: i know ur mushroom trauma", "Dev: its my fav"),  # the listener's, said of them
    ("Ana: In the morning, it's my favourite",),  # a time put first
    ("Zey: Lagos to Accra on a bike?!", "Olu: It's a well-organised ride"),  # a place: the trip
    ("Ana: It's a mix of drama and romance!",),  # nothing talked of
    ("Sol: the plumbing firm was lovely", "Jo: ok", "Sol: hmm", "Sol: barry owns it"),  # long ago
    ("Sol: the plumbing firm was lovely", "Sol: barry doesnt own it"),  # no fact of its own
])
def test_an_it_with_no_thing_it_can_be_states_nothing_of_one(extractor, lines):
    assert talk(extractor, *lines)[-1] == set()


@pytest.mark.parametrize(("lines", "expected"), [
    (("Sol: getting a cat", "Priti: SOL", "Sol: cats protection, she's 4, tabby"),
     ("Sol's cat", "age", "4")),  # a pet just got, its "I'm" dropped, is a she
    (("Sol: getting a cat", "Priti: SOL", "Sol: called duchess"), ("Sol", "cat", "Duchess")),
    (("Jo: got a puppy!!", "Jo: named her biscuit lol"), ("Jo", "puppy", "Biscuit")),
    (("Sol: getting a cat", "Sol: she's called pipes now"), ("Sol", "cat", "Pipes")),
    # in one message (found trying kg as a new user)
    (("Omar: also we got a puppy!! called her pepper lol",), ("Omar", "puppy", "Pepper")),
])
def test_a_pet_just_got_is_the_she_and_the_name_that_follow(extractor, lines, expected):
    assert expected in talk(extractor, *lines)[-1]


@pytest.mark.parametrize("lines", [
    ("Ana: my boss rang", "Ana: called back"),  # a call returned
    ("Ana: called sam",),  # a phone call, and no one to name
    ("Sol: getting a cat", "Sol: called it"),  # a guess come true
])
def test_called_with_no_name_for_someone_just_spoken_of_names_no_one(extractor, lines):
    assert talk(extractor, *lines)[-1] == set()


@pytest.mark.parametrize(("lines", "expected"), [
    (("Maddie: my flatmates are jo and priti. they're both midwives",),
     {("Jo", "is_a", "midwife"), ("Priti", "is_a", "midwife")}),
    (("Maddie: my sisters are Ana and Bea", "Maddie: they both live in Leeds"),
     {("Ana", "lives_in", "Leeds"), ("Bea", "lives_in", "Leeds")}),
])
def test_they_after_two_people_named_together_is_each_of_them(extractor, lines, expected):
    assert expected <= talk(extractor, *lines)[-1]


def test_they_after_two_people_named_apart_is_no_one(extractor):
    got = talk(extractor, "Maddie: my sister is Ana", "Maddie: my brother is Ben",
               "Maddie: they both live in Leeds")[-1]
    assert not any(p == "lives_in" for _, p, _ in got)


@pytest.mark.parametrize("lines", [
    # found by an adversarial read: each proposed a claim no reader would want
    ("Ana: what are you baking?", "Ben: a cake", "Ben: it's my birthday tomorrow"),
    ("Ana: how's your mum's new car?", "Ben: It's a Tesla"),  # his mum's, not his
    ("Ana: what's your favourite film?", "Ben: It's a toss-up between Alien and Heat"),
    ("Ana: the dog's limping", "Ana: called vet"),  # a phone call
    ("Ana: our dog got out again", "Ana: called dave"),
    ("Ana: Tom met her parents last week",),  # whose parents?
    ("Ana: Tom and Priya recommended a plumber", "Ana: they charge a fortune though"),
    ("Ana: my phone is off every night",),
    ("Ana: im off out every friday night",),
    ("Ana: I'm off on a course every Monday",),
    ("Ana: last year i hit the gym every morning",),
    ("Ana: babe, its my birthday tomorrow",),
    ("Ana: getting a cat is a big decision", "Ana: she's 4 though"),
])
def test_what_an_adversarial_read_found_proposes_nothing_wrong(extractor, lines):
    got = talk(extractor, *lines)[-1]
    assert not any(p in ("birthday", "car", "favorite_film", "dog", "cat", "did_meet",
                         "charges", "day_off", "hits", "age") for _, p, _ in got), got


def test_he_after_someones_brother_is_the_brother(extractor):
    got = talk(extractor, "Ana: Priya's brother fixed my bike", "Ana: he works at halfords")
    assert ("Priya's brother", "works_at", "Halfords") in got[-1]


@pytest.mark.parametrize(("answer", "expected"), [
    ("Sam: yeah she is", {("Priya", "is_a", "dentist")}),  # found trying kg as a new user
    ("Sam: yep", {("Priya", "is_a", "dentist")}),
    ("Sam: no", set()),  # what she is not says nothing of what she is
])
def test_a_yes_to_what_someone_else_is_says_it(extractor, answer, expected):
    got = talk(extractor, "Sam: my sister priya lives in toronto",
               "Jordan: isnt she a dentist?", answer)[-1]
    assert got == expected

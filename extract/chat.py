"""Real-chat spelling folded before parsing, with a map back to the text as written.

spaCy's small English model reads "im from ohio lol" as a verb "m"; folded to
"I'm from ohio" it reads a copula and a place. Folding: the lexicon's ``[chat]`` words
("im" -> "I'm", "dont" -> "don't", "u" -> "you"), chat filler ("lol", "haha") and emoji
dropped, a lower-case message start capitalised. Provenance keeps the words as written:
``Folded.original`` maps a span of the folded text back to the turn's own offsets.

>>> f = fold("im from ohio lol 😂 and i dont like seafood")
>>> f.text
"I'm from ohio and I don't like seafood"
>>> f.original(0, 13)
(0, 12)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS

from extract.dated import calendar_words
from extract.lexicon import lexicon
from extract.places import PLACE_PREPOSITIONS, places

_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")
_FILLER_RUN = re.compile(r"(?i)\b(?:ha){2,}h?\b|\b(?:he){2,}\b|\blo+l+\b")


def _stem(low: str) -> str:
    """A word less its clitic: "who's" -> "who" (a stop word, no name: "my brother,
    who's a vet")."""
    return re.split(r"['’]", low, maxsplit=1)[0]


def _names_here(said: list[str], kin: frozenset[str]) -> bool:
    """Whether the next word stands where a name goes: "my sister _", "my dog _",
    "called _"."""
    if said and said[-1] in NAMING or said[-2:] == ["name", "is"]:
        return True  # "called rosie", "her name is pepper"
    if len(said) >= 2 and said[-1] == "to" and said[-2] in lexicon().partnering:
        return True  # "got engaged to tom"
    if len(said) >= 3 and said[-1] in ("is", "are") and said[-2] in kin | {
            k + "s" for k in kin} and (said[-3] in OWNERS or said[-3].endswith("'s")):
        return True  # "my sister is maya", "my flatmates are jo and priti"
    if len(said) >= 4 and said[-2:] == ["in", "law"]:
        said = said[:-2]  # "my brother-in-law gary": as "my brother gary"
    if len(said) >= 3 and said[-1] in kin and said[-2] in KIN_MODIFIERS:
        said = said[:-2] + said[-1:]  # "my older brother sam": as "my brother sam"
    return len(said) >= 2 and said[-1] in kin and (said[-2] in OWNERS or said[-2].endswith(
        "'s"))


# what may open a message before a verb whose "I" chat dropped: "honestly dont like
# coffee anymore", "just got a puppy", "srsly cant stand jazz"
OPENING_ADVERBS = frozenset({"honestly", "seriously", "literally", "really", "actually",
                             "genuinely", "totally", "also", "still", "just", "finally",
                             "definitely", "recently", "lowkey", "highkey"})


# what "def" stands before when it means "definitely": "pizza is def my fav", "def not"
DEF_BEFORE = frozenset({"my", "the", "a", "an", "not", "gonna", "going", "worth", "coming",
                        "getting", "need", "needs", "want", "wanna", "love", "like", "recommend",
                        "will", "would", "should", "could", "can", "is", "was", "be", "doing",
                        "happening", "one", "better", "best", "true", "agree", "his", "her",
                        "their", "our", "your", "ur", "dont", "don't"})


# how a sentence that speaks as "I" opens, in chat's spelling
FIRST_PERSON_OPENERS = frozenset({"i", "im", "i'm", "ive", "i've", "id", "i'd", "ill", "i'll"})
# a sentence of only these says nothing of anyone: "ok. met her at a wedding"
CHAT_REPLIES = frozenset({"ok", "okay", "yeah", "yes", "yep", "yup", "no", "nah", "nope",
                          "lol", "haha", "omg", "wow", "nice", "cool", "true", "same", "sure",
                          "hmm", "aw", "aww", "ugh", "thanks", "ty", "honestly", "so", "and"})


def _names_a_doer(low: str, after: str) -> bool:
    """Whether a word that may be a past ("rose", "drew", "won") is, before a verb of its
    own, a name: "ok. rose moved to leeds", "yeah. won is my korean friend" (not "got
    married", "got promoted": a "get" passive)."""
    return low not in ("got", "get") and (after in ("is", "was", "has", "had", "does", "did")
                                          or len(after) > 3 and after.endswith("ed"))


def _opens_a_thought(text: str, i: int, lex: Any) -> bool:
    """Whether the word at ``i`` opens a message or a sentence, or follows only an
    adverb that does ("yeah i lived there. still work at Deloitte tho", "srsly cant
    stand jazz"): where a verb may stand for an "I" chat dropped."""
    before = text[:i].rstrip()
    last = re.search(r"(?:^|[.!?])\s*([a-z]+)$", before)
    if last is not None and lex.chat.get(last.group(1), last.group(1)) in OPENING_ADVERBS:
        before = before[:last.start(1)].rstrip()
    if not before:
        return True
    if before[-1] not in ".!?":
        return False
    # after a full stop, only where the sentence before spoke as "I" or said nothing of
    # anyone ("yeah i lived there. still work at Deloitte", "ok. met her at a wedding";
    # not "my parents are cool. live in ohio": they do)
    previous = [w.strip(",") for w in re.split(
        r"[.!?]+\s*", before.rstrip(".!? "))[-1].lower().split()]
    while previous and previous[0] in lex.interjections | CHAT_REPLIES:
        previous = previous[1:]  # ("yeah i lived there": as "i lived there")
    if not previous or previous[0] in FIRST_PERSON_OPENERS:
        return True
    # "this place is great. love the pizza": a thing judged, then the speaker's own;
    # not "my mum is great. lives in leeds", "my parents are cool": the one judged's
    said = next((k for k, w in enumerate(previous[:5]) if w in ("is", "was", "'s")), None)
    return said is not None and said > 0 and not any(
        w in lex.kin or w in lex.pets or w in ("he", "she", "they", "we", "you", "his", "her",
                                               "their") for w in previous[:said])


def _place_here(word: str, said: list[str], is_word: Callable[[str], bool]) -> bool:
    """Whether a word just after "in", "to", "from" ... names a place: a listed one
    ("moved to vancouver", "in bath"; not "in the bath") or one no dictionary knows
    ("in walthamstow")."""
    return bool(said) and said[-1] in PLACE_PREPOSITIONS and len(word) > 2 and (
        word in places() and (not is_word(word) or said[-1] in ("in", "to", "from", "near"))
        or not is_word(word)) and word not in STOP_WORDS \
        and word not in lexicon().abbreviations  # ("at uni": no place's name; "more into
    # reading": a word, the town only after "in", "to", "from", "near")


def _next_word(text: str, end: int) -> str:
    rest = text[end:].split(None, 1)
    return rest[0].lower().strip(",.!?;:") if rest else ""


def _dated_after(text: str, end: int, bare: bool = False) -> bool:
    """Whether the words after ``end``, to the end of the thought, are "on" or "in" and
    a calendar date: "back on the 4th", "back in june!!"; with ``bare``, the date alone
    as well: "start monday 7th july".

    >>> _dated_after("back on the 4th lol", 4), _dated_after("back on the menu", 4)
    (True, False)
    >>> _dated_after("start monday 7th july", 5, bare=True), _dated_after("start it", 5, True)
    (True, False)
    """
    words = re.split(r"[,.!?;:]", text[end:], maxsplit=1)[0].lower().split()
    words = [w for w in words if w not in lexicon().fillers]
    words = words[:next((k for k, w in enumerate(words) if w in JOINERS | {"til", "till",
                                                                          "until"}),
                        len(words))]  # ("on the 20th then free all summer")
    return len(words) > 1 and words[0] in ("on", "in") and calendar_words(words[1:]) or (
        bare and bool(words) and calendar_words(words))


# the dated verbs a bare form of which asks someone along: "come sat", "go on the 4th"
INVITING = {"come", "go", "get", "head"}


def _dated_verb(low: str, lex: Any) -> str:
    """"start" -> "I", "moving" -> "I'm": the words a message dropped before a verb of
    going, coming, starting or ending (the lexicon's dated verbs); '' for any other."""
    if low in lex.dated_verbs:
        return "" if low in INVITING else "I"
    stem = low[:-3] if low.endswith("ing") else ""
    if stem and (stem in lex.dated_verbs or stem + "e" in lex.dated_verbs or (
            len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in lex.dated_verbs)):
        return "I'm"
    return ""


def _next_words(text: str, end: int) -> list[str]:
    return [w.lower().strip(",.!?;:") for w in text[end:].split(None, 2)[:2]]


# what may stand between an owner and the relative owned: "moms younger sister"
KIN_MODIFIERS = {"younger", "older", "little", "big", "baby", "twin", "best", "new", "eldest",
                 "oldest", "youngest", "old"}


def _kin_owner(word: str, following: list[str], kin: frozenset[str],
               pets: frozenset[str]) -> bool:
    """A relative's possessive written without its apostrophe: "my sisters dog", "moms
    younger sister" (a relative, then the relative, pet or name they have), a pet's name
    ("my cats name is luna"); not a plural
    ("my sisters live in Leeds") nor a word that is a relative as it stands ("parents")."""
    if word.endswith("s") and word[:-1] in pets and following[:1] == ["name"]:
        return True  # "my cats name is luna"
    if not word.endswith("s") or word in kin or word[:-1] not in kin or not following:
        return False
    owned = following[1] if following[0] in KIN_MODIFIERS and len(following) > 1 \
        else following[0]
    lex = lexicon()
    return owned in kin or owned in pets or owned == "name" or owned in OWNED_THINGS \
        or owned in lex.conditions or owned in lex.body_parts \
        or bool(ORDINAL.fullmatch(owned))  # "my dads 70th", "my mums house", "mums arthritis"


_STRETCH = re.compile(r"([a-z])\1{2,}")
_CONSONANTS = re.compile(r"[^aeiouy]{3}")  # "smth", "lmk": no name runs three consonants


def _stretched(low: str) -> set[str]:
    """A word and, when chat stretched it ("lmaooo", "yesss", "sooo"), its forms with the
    run of one letter cut to one and to two."""
    if not _STRETCH.search(low):
        return {low}
    return {low, _STRETCH.sub(r"\1", low), _STRETCH.sub(r"\1\1", low)}


def _unstretched(low: str, is_word: Callable[[str], bool]) -> str:
    """The word chat stretched ("sooo", "cooool", "pleeease"), no word itself, as written
    plainly; '' for any other word.

    >>> known = {"so", "cool", "please", "good"}.__contains__
    >>> _unstretched("sooo", known), _unstretched("cooool", known), _unstretched("zzz", known)
    ('so', 'cool', '')
    """
    if not _STRETCH.search(low) or is_word(low):
        return ""
    return next((plain for plain in (_STRETCH.sub(r"\1\1", low), _STRETCH.sub(r"\1", low))
                 if is_word(plain)), "")


def _unshouted(text: str, is_word: Callable[[str], bool] | None) -> str:
    """A message written all in capitals ("I GOT THE TILLO JOB") as it would be written
    in lower case, a word no dictionary knows capitalised as a name ("I got the Tillo
    job"); chat folding then reads it as any message. A one-word shout ("TILLO") stays.

    >>> _unshouted("I GOT THE TILLO JOB", lambda w: w != "tillo")
    'i got the Tillo job'
    """
    words = _WORD.findall(text)
    if len([w for w in words if len(w) > 1]) < 2 or any(c.islower() for c in text):
        return text

    def case(match: re.Match[str]) -> str:
        word = match.group()
        low = word.lower()
        if len(low) != len(word):
            return word
        known = is_word is None or low in STOP_WORDS or low in lexicon().chat or is_word(
            low.split("'")[0].split("’")[0])
        return low if known else word.capitalize()
    return _WORD.sub(case, text)


_AMPERSAND = re.compile(r"(?i)\b((?:at|to|for|with|from|called|named|by|in|joined|left) )"
                        r"([a-z][a-z']*)( ?& ?)([a-z][a-z']*)\b")


def _ampersand_named(text: str) -> str:
    """A firm named with "&" in lower case after a word that leads to one ("got the job
    at spoke & chain", "said yes to rye & co") written as a name, so it is read whole;
    not "me & jo" (no such word before it). The text keeps its length.

    >>> _ampersand_named("got the job at spoke & chain"), _ampersand_named("me & jo went")
    ('got the job at Spoke & Chain', 'me & jo went')
    """
    return _AMPERSAND.sub(lambda m: m.group(1) + m.group(2).capitalize() + m.group(3)
                          + m.group(4).capitalize(), text)


def _listed_name(said: list[str], before: str, named_at: int, lex: Any) -> bool:
    """Whether a word is a name in a list of the relatives or pets just said: "two kids,
    sofia and leo" (after the comma, and after "and" that follows a name so read)."""
    if not said:
        return False
    if before.rstrip().endswith(",") and said[-1] in lex.kin | lex.pets and (
            said[-1].endswith("s")):
        return True
    return said[-1] == "and" and named_at == len(said) - 2


def _name_owner(low: str, following: list[str], is_word: Callable[[str], bool] | None,
                noun_only: Callable[[str], bool] | None, lex: Any) -> bool:
    """A name's possessive written without its apostrophe: "ravis uncle", "sams work
    shirt" (a name, then a relative, a pet or a thing one owns); not a word as it stands
    ("boots job": "boot" is a verb too), a place ("leeds house") or a name that ends in
    "s" ("chris house")."""
    stem = low[:-1]
    if is_word is None or not low.isalpha() or not low.endswith("s") or len(stem) < 3 or \
            not following or \
            low in places() or stem in STOP_WORDS or low in STOP_WORDS or low in lex.chat \
            or low in lex.s_names:  # ("this flat": no "Thi's")
        return False
    owned = following[0]
    return (owned in lex.kin or owned in lex.pets or owned in OWNED_THINGS) and (
        not is_word(stem) or _name_like(stem, noun_only, lex)) and not low.endswith("ss")
    # ("business partner", "boss car": an "s" of the word's own, no "Busines's")


def _asked_after(low: str, said: list[str], is_word: Callable[[str], bool]) -> bool:
    """A word no dictionary knows right after "how's" / "how is": someone asked after by
    name ("how's conor?"; not "how's work", "how's the new job")."""
    return (said[-1:] in (["how's"], ["hows"]) or said[-2:] == ["how", "is"]) and \
        low.isalpha() and low not in STOP_WORDS and not is_word(low)


def _name_said(low: str, said: list[str], lex: Any) -> bool:
    """A word right after "name is" / "names" / "called" is the name, even a word of
    the dictionary: "her names pepper", "shes called miso" (not "her name is like ...",
    nor "i called mum").

    >>> _name_said("pepper", ["her", "name is"], lexicon())
    True
    """
    naming = said[-1:] == ["named"] or said[-1:] == ["called"] and (
        said[-2:-1] != [] and said[-2] not in lex.pronouns)  # "a dog called", not "i called"
    return bool(said) and (naming or said[-1] in ("names", "name's", "name is") or said[
        -2:] == ["name", "is"]) and low.isalpha() and low not in STOP_WORDS and (
        low not in lex.trailing_adverbs | lex.fillers | lex.interjections | {"like"}) and (
        low not in lex.kin and low not in lex.pets)


def _subject_name(low: str, said: list[str], is_word: Callable[[str], bool], lex: Any,
                  after: str = "") -> bool:
    """A word no dictionary knows where a person stands: after a question's auxiliary
    ("is kemi still there?"), beside another person ("me and kemi"), or introducing
    oneself, the name set off from what follows ("im becca, 19", ``after`` being the
    text straight after the word); not chat ("is smth wrong", "me and omw") nor a dish
    ("with egusi").

    >>> _subject_name("kemi", ["is"], lambda w: w != "kemi", lexicon())
    True
    >>> _subject_name("egusi", ["with"], lambda w: w != "egusi", lexicon())
    False
    """
    if is_word(low) or len(low) < 3 or not low.isalpha() or low in STOP_WORDS or low in (
            lex.chat.keys() | lex.fillers | lex.pronouns | lex.not_names | lex.interjections
            | lex.months | lex.days.keys() | lex.irregular_pasts | lex.unchanged_pasts
            | lex.abbreviations) or _CONSONANTS.search(low):
        return False  # "is smth up", "me and lmk": chat's letters, no name
    beside_one = len(said) > 1 and said[-1] == "and" and said[-2] in lex.third_persons | {
        "me", "i"}  # "me and kemi"; not "jollof and egusi"
    introducing = (said[-1:] == ["i'm"] or said[-2:] == ["i", "am"]) and (
        not after.strip() or after.lstrip()[:1] in ",.!" or after.split()[0].lower() in (
            "and", "from", "here"))
    return bool(said) and said[-1] in lex.asking or beside_one or introducing


def _name_like(low: str, noun_only: Callable[[str], bool] | None, lex: Any) -> bool:
    """A dictionary word that may still be a name where a name stands ("my son leo"):
    a noun and nothing else, not a thing a relative owns or a time ("my sister birthday")."""
    return noun_only is not None and noun_only(low) and low not in OWNED_THINGS and (
        low not in lex.time_nouns | lex.weekdays | lex.months | lex.kin | lex.pets) \
        and not low.endswith(ABSTRACT_ENDINGS)  # "teach our kids responsibility"


# endings of abstract nouns, which no one is named: "responsibility", "compassion"
ABSTRACT_ENDINGS = ("ity", "tion", "sion", "ness", "ment", "ance", "ence", "ism", "ship",
                    "hood", "dom", "ology")


def _verb_form(low: str, is_word: Callable[[str], bool], lex: Any) -> bool:
    """A word that is a verb's "-s" form too ("works", "lives"), never a name after "my
    brother" ("my brother works there"); names that end in "s" are listed ("chris")."""
    return low.endswith("s") and low not in lex.s_names and (
        is_word(low[:-1]) or low.endswith("ies") and is_word(low[:-3] + "y")  # "flies"
        or low.endswith(("ches", "shes", "xes", "sses")) and is_word(low[:-2]))  # "fixes"


def _past_without_i(low: str, after: str, is_word: Callable[[str], bool] | None,
                    lex: Any) -> bool:
    """A message that opens with a past, its "I" dropped: "met her at a wedding", "moved
    to leeds last year", "got a new job!!"; not a question's "did", nor "been" (the
    caller asks for chat's lower case: "Pounded yam is his favourite" drops no "I").

    >>> _past_without_i("met", "her", lambda w: True, lexicon())
    True
    >>> _past_without_i("did", "you", lambda w: True, lexicon())
    False
    """
    if is_word is None or not after or after in lex.pronouns - {"her", "him", "them", "it",
                                                                  "my", "our", "me"}:
        return False
    if low in lex.irregular_pasts:
        return low not in ("been", "did", "had", "said", "thought", "felt", "meant")
    return low.endswith("ed") and len(low) > 4 and (is_word(low[:-2]) or is_word(low[:-1]))


_HERE_INTRO = re.compile(
    r"(?i)((?:[a-z][a-z'-]*|\d+)\s+){0,4}?([a-z][a-z'-]*)\s+here\b(?=\s*(?:$|[,.!;:(]|too\b"
    r"|as well\b|and\b|lol\b|haha\b|no shame\b|wbu\b|hbu\b|what\b|how\b|[^\w\s]))")
_NOT_IN_AN_INTRO = {"a", "an", "the", "same", "me", "you", "it", "its", "i", "im", "all",
                    "everyone", "nobody", "no", "not", "just", "still", "so", "over", "right",
                    "out", "from", "in", "be", "hi", "hello", "hey", "yo", "here", "there",
                    "things", "life", "nothing", "something", "everything", "we", "us",
                    "my", "our", "your", "this", "that", "is", "was", "are", "been"}


def _introduced_here(text: str, i: int, lex: Any) -> int | None:
    """Where "here" stands when a message opens by introducing its speaker so ("pharmacist
    here 👋", "bubble tea addict here", "kpop stan here no shame"): the last word before
    it one the lexicon's ``introduced_here`` lists, none before it chat's or an aside;
    None otherwise ("same here", "Peter here", "Cider here", "tbh teacher here", "Heroin
    addict here, 2 years clean")."""
    match = _HERE_INTRO.match(text, i)
    if match is None:
        return None
    words = text[i:match.end(2)].lower().split()
    head, before = words[-1], words[:-1]
    if head not in lex.introduced_here or any(
            w in _NOT_IN_AN_INTRO or "'" in w or w in lex.chat or w in lex.fillers
            or w in lex.abbreviations or w in lex.interjections for w in before) or (
                head == "addict" and any(w in lex.addictions for w in before)):
        return None
    return match.end(2) + len(text[match.end(2):]) - len(text[match.end(2):].lstrip())


_AFTER_A_STATE = re.compile(
    r"(?i)\s*(?:$|[,.!;:(]|and\b|but\b|rn\b|now\b|atm\b|lol\b|tbh\b|since\b|for\b|[^\w\s])")


def _asked_before_it_ends(text: str, end: int) -> bool:
    """Whether the thought going on after ``end`` is a question ("vegetarian?")."""
    return "?" in re.split(r"[.!]", text[end:], maxsplit=1)[0]


def _state_without_im(low: str, text: str, end: int, lex: Any) -> bool:
    """A message that opens with a state of life, its "I'm" dropped: "single and not
    really looking", "unemployed rn 😩", "retired now lol"; not "vegan options are
    great", nor a question ("vegetarian?")."""
    return low in lex.states_of_life and bool(_AFTER_A_STATE.match(text, end)) and \
        not _asked_before_it_ends(text, end)


def _disposed_without_im(low: str, text: str, end: int, lex: Any) -> bool:
    """A message that opens with a lasting disposition and its preposition, its "I'm"
    dropped: "obsessed w otters lol", "allergic to cats"; not a question."""
    after = _next_word(text, end)
    return low in lex.dispositions and after in ("with", "w", "w/", "to", "about", "of",
                                                 "in", "on") and \
        not _asked_before_it_ends(text, end)


def _present_without_i(low: str, text: str, end: int, lex: Any) -> bool:
    """A message that opens with a present, its "I" dropped, known by the word after it:
    "work as a chef", "live w my nan", "own a food truck"; not "work at 6 tmrw", "live in
    fear", "work as a team guys!", nor a question or a cry ("live in London?!")."""
    words = [w.lower() for w in _WORD.findall(text[end:end + 60])] or [""]
    rest = text[end:].lower()
    if low in ("dont", "don't") and words[1:2] and words[1] in (
            "to", "it", "when", "that", "this", "the", "how", "what", "being"):
        return False  # "dont like to brag", "dont like the look of that": no liking
    if low in ("dont", "don't") and words[0] in ("eat", "drink", "smoke") and re.search(
            r"\b(?:anymore|any more|at all|since|never (?:have|did|will))\b", rest) \
            and "!" not in rest:
        return True  # "dont eat meat anymore", "dont drink alcohol, never have" (not
        # "don't eat the cake", an order)
    return f"{low} {words[0]}" in lex.i_dropped_pairs and not (
        re.match(r"\W*\w+\W+\d", rest) or set(words[:5]) & lex.i_dropped_not
        or "one day" in rest or "?" in rest.split(".")[0] or "!" in rest.split(".")[0])


def _child_got(text: str, end: int, lex: Any) -> bool:
    """"got a 4 yr old son", "got two kids, both boys": a child had, named straight
    after "got" (a count, an age, an adjective before it; nothing after it that makes it
    a thing's name: not "got a present for your son", "got a baby shower sat", "got my
    daughter a phone")."""
    words = [w.lower() for w in re.findall(r"[A-Za-z]+|\d+", text[end:end + 60])][:6]
    at = next((i for i, w in enumerate(words) if w in lex.children), -1)
    if at < 1 or words[0] not in ("a", "an", "one", "two", "three", "four") and not \
            words[0].isdigit():
        return False
    after = words[at + 1] if at + 1 < len(words) else ""
    return not any(w in ("for", "my", "your", "his", "her", "their", "our") for w in
                   words[:at]) and after in ("", "and", "both", "who", "called", "named",
                                             "aged", "lol", "he", "she", "they", "hes",
                                             "shes", "theyre", "x")


def _progressive(word: str, is_word: Callable[[str], bool] | None,
                 noun_only: Callable[[str], bool] | None) -> bool:
    """A verb's "-ing" form ("borrowing", "moving"), not a word that only ends so
    ("thing", "king"), nor a thing owned ("wedding") or a time ("evening")."""
    if not word.endswith("ing") or len(word) < 5 or is_word is None or word in \
            OWNED_THINGS or word in lexicon().time_nouns:
        return False
    stems = [s for s in (word[:-3], word[:-3] + "e", word[:-4]) if is_word(s)]
    return any(noun_only is None or not noun_only(s) for s in stems)  # a verb's stem


# words a past's complement opens with: "Got the tattoo", "Started hitting the gym"
COMPLEMENT_STARTS = frozenset({"the", "a", "an", "my", "our", "some", "to", "up", "back",
                               "into", "her", "him", "them", "it", "this", "that", "his",
                               "off", "out", "on", "in", "at", "with", "for", "over"})
WILL_AFTER = frozenset({"so", "and", "then", "but", "ok", "okay", "yeah", "yes", "sure",
                        "fine", "yep", "cool", "right"})


def _will_follows(said: list[str], before: str, after: str,
                  is_word: Callable[[str], bool] | None,
                  noun_only: Callable[[str], bool] | None) -> bool:
    """Whether a chat "ill" is "I'll": it opens a thought ("ill come next weds", "ok so ill
    get jamie to do sunday") and a verb follows, not a noun ("ill health").

    >>> _will_follows([], "", "come", lambda w: True, lambda w: False)
    True
    >>> _will_follows(["feeling"], "", "today", lambda w: True, lambda w: False)
    False
    """
    if not after or is_word is None or not is_word(after) or (
            noun_only is not None and noun_only(after)):
        return False
    return not said or bool(before) and before in ".!?," or said[-1] in WILL_AFTER


def _a_day(low: str, said: list[str], text: str, end: int, lex: Any) -> bool:
    """A shortened day ("thurs", "fri") is a day; one that is also a word ("sat", "sun")
    only before a date or a part of the day ("sat 25th", "sun night") or after a word
    that leads to a day ("on sat", "next wed")."""
    if low not in lex.ambiguous_days:
        return True
    following = _next_word(text, end)
    return bool(following[:1].isdigit()) or following in lex.day_parts or bool(
        said and said[-1] in lex.day_leads)


def _yeah_before(word: str) -> bool:
    """Whether a message's first "ya" is "yeah", by the word after it: an owner, a
    subject or a past ("ya my poor bf is on nights", "ya got one"); not "ya know"."""
    lex = lexicon()
    return word in OWNERS or word in lex.yeah_next or word in lex.irregular_pasts or (
        word.endswith("ed") and len(word) > 4)


def _slashed(text: str, at: int) -> str:
    """The chat abbreviation with a slash that starts at ``at`` ("w/", "w/o", "b/c"), as
    the lexicon spells it, or "" (a slash in a longer word: "w/e", "and/or").

    >>> _slashed("went w/o him", 5), _slashed("w/e", 0)
    ('w/o', '')
    """
    for form in sorted((k for k in lexicon().chat if "/" in k), key=len, reverse=True):
        end = at + len(form)
        if text[at:end].lower() == form and (end == len(text) or not text[end].isalnum()):
            return form
    return ""


def _is_emoji(ch: str) -> bool:
    return unicodedata.category(ch) in ("So", "Sk", "Cs", "Co") or ch in "\u200d\ufe0f\u20e3"


@dataclass(frozen=True)
class Folded:
    text: str
    # for each character of ``text``, the offset in the original it came from
    offsets: tuple[int, ...]
    length: int  # of the original

    def original(self, start: int, end: int) -> tuple[int, int]:
        """The original offsets of the folded span ``[start, end)``."""
        if start >= end or not self.offsets:
            at = self.offsets[start] if start < len(self.offsets) else self.length
            return at, at
        return self.offsets[start], self.offsets[end - 1] + 1


# what a relative's possessive written without its apostrophe owns, besides relatives:
# "my mums house", "my sisters wedding"
OWNED_THINGS = {"house", "place", "flat", "home", "birthday", "wedding", "funeral", "party",
                "car", "garden", "kitchen", "room", "job", "work", "cooking", "friend",
                "friends"}
ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)")
# words a name follows: "called rosie", "that's tilly" (a word no dictionary knows)
NAMING = {"called", "named", "name's", "names", "that's", "name is"}
# what "off to" follows when it says going: "i'm off to lisbon", "she's off to uni"
BE_FORMS = {"i'm", "he's", "she's", "we're", "they're", "you're", "am", "is", "are"}
JOINERS = {"and", "but", "or", "so", "then", "because", "cause", "cuz", "bc", "tho", "though"}
OWNERS = {"my", "our", "his", "her", "their", "your"}
# what follows a name's "'s" when it is "is" ("Yaw's an accountant", "Kofi's in Leeds"):
# never a possessive, which a noun follows
IS_NEXT = {"a", "an", "the", "my", "our", "his", "her", "their", "your", "not", "so", "very",
           "really", "from", "in", "at", "on", "also", "still", "now", "just", "always",
           "never", "such", "quite", "pretty", "super", "too", "only", "actually", "into",
           "with", "married", "allergic", "vegan", "vegetarian", "retired", "engaged"}
# what may stand between such an "is" and the state it says: "my mum's finally retired"
IS_ADVERBS = {"finally", "officially", "currently"}
# a word and a state with an object after them, which make them a verb's ("my dad's
# finally retired the lawnmower": has retired it)
_OBJECT_AFTER = re.compile(r"\s*\S+\s+\S+\s+(?:the|a|an|his|her|my|our|their|its|this|that)\b",
                           re.I)
# what follows a relative's "s" written for "'s" when it is "is" ("my mums a nurse",
# "my dads from Leeds"), never a plural's verb ("my sisters live")
KIN_IS_NEXT = {"a", "an", "the", "not", "from", "still", "also", "always", "never", "so",
               "really", "very", "super", "such", "retired", "married", "allergic", "vegan",
               "vegetarian", "in"}
# what follows "its" when it is "it's": "its my fav", "its so good" (not "its name")
ITS_IS = {"my", "a", "an", "the", "so", "not", "really", "just", "like", "been", "too",
          "very", "ok", "okay", "fine", "gonna", "going", "actually", "literally", "all",
          "our", "your", "his", "her", "their", "getting", "still", "always", "never",
          "amazing", "great", "good", "bad", "cold", "hot", "only", "about",
          # a preposition: "its under control", "its on friday" (no possessive stands there)
          "under", "on", "in", "at", "over", "from", "for", "near", "by", "off", "out"}


# adjectives of several words, written with spaces in chat: hyphened, so the parser reads
# one modifier ("a stay at home mom" is a mom, not a "stay")
FIXED_COMPOUNDS = re.compile(r"(?i)(?<=\ba )(?:stay at home|work from home|full time|"
                             r"part time|long distance|first time|middle aged)(?= \w)"
                             r"|\b(?:five|six|seven|eleven) a side\b"  # "play five a side"
                             r"|\b(?:brother|sister|mother|father|son|daughter)s? in law\b")
# ("my brother in law gary": one relative, whose name follows)


_ARTICLE_BEFORE = re.compile(r"(?i)\b(?:a|an|the)\s+$")
_BEFORE_A_ROUGH_COUNT = {"for", "to", "about", "around", "of", "at", "in", "been", "took",
                         "takes", "only", "over", "after"}  # (not "it was like a dream")
_ROUGH_COUNT = re.compile(r"(?i)\s+(?:(?:a|an|one|two|three|four|five|six|seven|eight|nine|"
                          r"ten|eleven|twelve|twenty|thirty|forty|fifty|half|a few|a couple)\b)")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
# a question put back after a comma: "i am a nurse, how about you?", "I have two dogs, do
# you have any pets?"; the comma before it ends the statement, so the question is its own
# sentence (same length: the folded text keeps its offsets)
_QUESTION_BACK = re.compile(
    r"(?i),(?=\s*(?:(?:and|so|but)\s+)?(?:"
    r"(?:do|does|did|have|has|are|is|were|was|can|could|will|would|r)\s+(?:you|u|ya)\b"
    r"|(?:what|where|how|when|which|who|whats|hows|wheres)\b[^,.!?]*\b(?:you|u|ya|your|ur)\b"
    r"|(?:you|u|wbu|hbu)(?=\s*\?))[^,.!?]*\?+\W*$)")
# what opens a clause that asks or supposes, before such a comma: "If it rains, do you
# want to come?", "do you live in Leeds, or ...?"
_NOT_STATED = frozenset({
    "if", "when", "whenever", "once", "since", "because", "cos", "unless", "while",
    "after", "before", "as", "though", "although", "whether", "do", "does", "did", "are",
    "is", "can", "could", "will", "would", "have", "has", "what", "where", "how", "who",
    "which", "why", "should", "shall"})


def _questions_put_back(text: str) -> str:
    """The comma before a question put back to the one spoken to made a full stop, where
    what comes before it is a statement ("im a teacher, wbu?"), not a condition or a
    question of its own, and the question is no opinion asked of it ("tom is moving to
    leeds, do you think?").

    >>> _questions_put_back("I have two dogs, do you have any pets?")
    'I have two dogs. do you have any pets?'
    >>> _questions_put_back("If it rains, do you want to come?")
    'If it rains, do you want to come?'
    """
    match = _QUESTION_BACK.search(text)
    if match is None:
        return text
    before = re.split(r"[.!?]\s+", text[:match.start()])[-1].split()
    asked = _WORD.findall(text[match.end():].lower())
    if not before or before[0].lower().strip("'\"") in _NOT_STATED or (
            len(asked) <= 3 and any(w in lexicon().opinion_tags for w in asked)):
        return text
    return text[:match.start()] + "." + text[match.end():]


# how long a state has lasted, to now: "for 9 years", "for like 20 yrs", "since 2019"
_LASTED = re.compile(r"\b(?:for (?:[\w-]+ ){0,2}(?:years?|yrs?|months?|decades?|ages)|"
                     r"since (?:\d{4}|i|I|we|uni|school|college|forever))\b")


# the speaker said as a clause's subject: "i was born in Enugu, now based in Houston"
_SPEAKER_SAID = re.compile(r"\b(?:[iI]|I'm|i'm|im|Im|I've|ive)\b")


def _now_based(said: list[str], text: str, at: int, end: int) -> bool:
    """Whether "based" at ``at`` follows a "now" (or "currently") that opens a thought or
    comes after a comma of the speaker's own clause, ending the sentence: "now based in
    Houston", "i grew up in Lagos, now based in Houston" (not "Acme, now based in Leeds,
    hired me", "Originally from Cork, now based in Dublin")."""
    if not said or said[-1] not in ("now", "currently"):
        return False
    before = text[:at].rstrip()[:-len(said[-1])].rstrip()[-1:]
    return before in ("", ".", "!", "?") or before == "," and bool(
        _SPEAKER_SAID.search(text, 0, at)) and "," not in re.split(r"[.!?]", text[end:])[0]


def _is_said_next(text: str, end: int, lex: Any) -> bool:
    """Whether the words after a name's (or a relative's) "'s" make it "is": "Bruno's a
    dachshund", "my mum's finally retired" (not "my dad's finally retired the mower")."""
    following = _next_words(text, end)
    return bool(following) and following[0] in IS_NEXT or len(following) == 2 and (
        following[0] in IS_ADVERBS and following[1] in IS_NEXT | lex.states_of_life
        and not _OBJECT_AFTER.match(text, end))


def _opens(pairs: list[tuple[str, int]]) -> bool:
    """Whether the folded text so far ends a thought (or is empty): what was dropped
    ("yeah", "lol") does not count, so "becca? yeah were going" opens at "were"."""
    for ch, _ in reversed(pairs):
        if not ch.isspace():
            return ch in ".!?"
    return True


def fold(text: str, is_word: Callable[[str], bool] | None = None,
         noun_only: Callable[[str], bool] | None = None,
         names: frozenset[str] = frozenset()) -> Folded:
    """Fold a message's chat spelling; text that needs none comes back as it was.

    >>> fold("my sister rosie lives there", is_word=lambda w: w != "rosie").text
    'My sister Rosie lives there'
    >>> fold("we moved to walthamstow", is_word=lambda w: w != "walthamstow").text
    'We moved to Walthamstow'

    ``names``: the one-word names the conversation has given people, lower case; such a
    word no dictionary knows is the name wherever it stands.

    >>> fold("dinner with conor tonight", names=frozenset({"conor"})).text
    'Dinner with Conor tonight'
    """
    lex = lexicon()
    text = _ampersand_named(_unshouted(text, is_word))
    text = FIXED_COMPOUNDS.sub(lambda m: m.group(0).replace(" ", "-"), text)  # same length
    text = _questions_put_back(text)  # same length
    said: list[str] = []  # the words so far, lower case, to see where a name stands
    named_at = -1  # where in ``said`` the last name this folding capitalised stands
    pairs: list[tuple[str, int]] = []  # (character of the folded text, original offset)
    i, n = 0, len(text)
    here_at = -1  # where the "here" of "pharmacist here" stands, which goes
    comma_at = -1  # where a comma after it stands, which ends the sentence
    while i < n:
        ch = text[i]
        match = _WORD.match(text, i) if ch.isalpha() and (
            i == 0 or not text[i - 1].isalnum()) else None
        if match is None:
            if _is_emoji(ch):
                # an emoji between two thoughts ends the first: "omg waffles 😍 i love corgis"
                rest = text[i + 1:].lstrip()
                while pairs and pairs[-1][0].isspace():
                    pairs.pop()
                joined = rest.split(" ", 1)[0].lower() in JOINERS  # "... 😂 and i ..."
                if rest[:1].isalnum() and pairs and pairs[-1][0].isalnum() and not joined:
                    pairs.append((".", i))
                pairs.append((" ", i))
            elif ch == "=" and 0 < i < n - 1 and text[i - 1] == " " and text[i + 1] == " ":
                pairs += [("i", i), ("s", i)]  # "fave food = pho": is
            else:
                pairs.append(("." if i == comma_at else ch, i))
            i += 1
            continue
        word, end = match.group(), match.end()
        low = word.lower()
        slashed = _slashed(text, i)
        if i == here_at:
            replacement = ""  # "pharmacist here": I'm a pharmacist (here, where one writes)
            while pairs and pairs[-1][0].isspace():
                pairs.pop()
        elif not said and (here := _introduced_here(text, i, lex)) is not None:
            here_at = here  # (and a comma straight after it ends the introduction:
            # "Dentist here, floss people!" is no "dentist, floss people")
            rest = text[here + 4:]
            comma_at = here + 4 + len(rest) - len(rest.lstrip()) if rest.lstrip()[:1] == "," \
                else -1
            replacement = ("I'm an " if low[:1] in "aeiou" else "I'm a ") + low  # ("a nurse
            # here said ..." is someone else)
        elif slashed:
            replacement, end = lex.chat[slashed], i + len(slashed)  # "w/" -> "with"
        elif low == "right" and said[:2] in (["you", "know"], ["u", "know"], ["ya", "know"]) \
                and len(said) > 3 and said[-1] not in ("a", "the", "my", "your", "ur", "all") \
                and re.match(r"\s*\?+(?:\s|$)", text[end:]) and text[:i].rstrip()[-1:] != ",":
            replacement = ", right"  # "u know i play bass right?": a tag after the statement
            while pairs and pairs[-1][0].isspace():
                pairs.pop()
        elif word == "w":
            replacement = "with" if said and said[-1] not in ("a", "an", "the", "big") and \
                _next_word(text, end)[:1].isalnum() else word  # "obsessed w minecraft",
            # "live w my parents"; not "that was a big w", a win
        elif end < n and (text[end].isalnum() or text[end] in "_@/"):
            replacement = word  # part of a longer token: "i18n", "im@x.io", "w/e"
        elif _stretched(low) & lex.fillers or _FILLER_RUN.fullmatch(word):
            replacement = ""  # "lol", "lmaooo"
        elif low == "like" and said and said[-1] in _BEFORE_A_ROUGH_COUNT and _ROUGH_COUNT.match(
                text, end):
            replacement = ""  # "for like six years", "took like a week": about so many
        elif (not said or text[:i].rstrip()[-1:] in ".!?") and _next_word(text, end) and (
                _stretched(low) & lex.interjections
                or low == "ya" and _yeah_before(_next_word(text, end))):
            replacement = ""  # "yep got a pixel 8", "lol. ok so got ...": it hides a dropped "I"
        elif not said and word in (low, low.capitalize()) and (_state_without_im(
                low, text, end, lex) or _disposed_without_im(low, text, end, lex)):
            replacement = "I'm " + low  # "single and not really looking", "unemployed rn",
            # "obsessed w otters"
        elif word.islower() and low.endswith("in") and len(low) > 3 and is_word is not None \
                and not is_word(low) and is_word(low + "g") and low + "g" not in places():
            replacement = word + "g"  # "love goin to concerts": going
        elif _opens_a_thought(text, i, lex) and word.islower() and not (
                said and _names_a_doer(low, _next_word(text, end))) \
                and (_past_without_i(low, _next_word(text, end), is_word, lex)
                     or low in lex.i_dropped_before or _present_without_i(low, text, end, lex)) \
                and not (low in lex.days and _a_day(low, said, text, end, lex)):  # ("sat
            # 14th": a day, not "I sat")
            replacement = "I " + (lex.chat.get(low, low) if low in lex.chat else low)
            if low == "got" and _child_got(text, end, lex):
                replacement = "I've got"  # "got a 4 yr old son": has one, not got one
            # "met her at a wedding", "cant stand coriander", "love a good pub quiz", "work
            # as a chef": the "I" chat drops, so the parser reads a verb, not a name or a
            # request
        elif word[:1].isupper() and word[1:].islower() and text[:i].rstrip()[-1:] in (
                ".", "!", "?") and _past_without_i(low, _next_word(text, end), is_word, lex) \
                and (_next_word(text, end) in COMPLEMENT_STARTS or _progressive(
                    _next_word(text, end), is_word, noun_only)):
            replacement = "I " + low  # "Been hectic lately. Started hitting the gym last
            # week", "Thanks! Got the tattoo a few years ago": a later sentence's dropped
            # "I", before the verb's complement (not "Baked beans are my favourite")
        elif _opens(pairs) and word.islower() and low == "were" and _progressive(
                _next_word(text, end), is_word, noun_only):
            replacement = "we're"  # "were moving to leeds in may", "becca? yeah were going
            # to edinburgh": no past opens a thought
        elif _opens(pairs) and low == "been" and _progressive(_next_word(text, end), is_word,
                                                              noun_only):
            replacement = "I've been"  # "Been reading that book you recommended": the "I've"
            # a message (or a later sentence of it: "I'm doing ok. Been reading ...") drops
        elif low == "been" and (_opens(pairs) or text[:i].rstrip().endswith(",")
                                and _SPEAKER_SAID.search(text, 0, i)) and (
                _next_word(text, end) in ("a", "an", "in") or _next_word(text, end)
                in lex.states_of_life) and _LASTED.search(text, end):
            replacement = "I've been"  # "been vegetarian for 9 years now", "been a
            # hairdresser for 20 years", "been in Vienna since 2010": what (or where) one
            # has been so long, and still is
        elif _opens(pairs) and low == "did" and len(_next_words(text, end)) == 2 and \
                _next_words(text, end)[0] in ("my", "a", "an") and _next_words(
                    text, end)[1] in lex.degrees:
            replacement = "I did"  # "did my masters in civil engineering at Trinity"
        elif low == "based" and _next_word(text, end) in ("in", "out", "near") and (
                _opens(pairs) or _now_based(said, text, i, end)):
            replacement = "I'm based"  # "now based in Houston", "..., now based in Houston"
        elif low == "ill" and word.islower() and _will_follows(
                said, text[:i].rstrip()[-1:], _next_word(text, end), is_word, noun_only):
            replacement = "I'll"  # "ill come next weds": not "ill health", "feeling ill"
        elif not said and word.islower() and low in lex.dispositions and _next_word(
                text, end) in ("with", "to", "of", "about", "on", "in"):
            replacement = "I'm " + low  # "obsessed with kpop rn", "allergic to nuts"
        elif (not said or text[:i].rstrip()[-1:] in ".!?") and word.islower() and (
                dropped := _dated_verb(low, lex)) and _dated_after(text, end, bare=True):
            replacement = f"{dropped} {low}"  # "start monday 7th july",
            # "moving in wednesday": the "I" chat drops, not a request
        elif not said and word.islower() and low == "back" and _dated_after(text, end,
                                                                           bare=True):
            replacement = "I'm back"  # "back on the 4th", "back mon 29th": I'm back then (a
            # date only: "back on the menu" is no one's return)
        elif low == "off" and said and said[-1] in BE_FORMS and _next_word(text, end) == "to":
            replacement = "going"  # "i'm off to lisbon next week": going to Lisbon
        elif low == "names" and said and said[-1] in OWNERS:
            replacement = "name is"  # "her names pepper": her name is Pepper
        elif low == "its" and _next_word(text, end) in ITS_IS:
            replacement = "it's"  # "its my fav": it is
        elif low.endswith(("'s", "’s")) and (low[:-2] not in lex.pronouns and (
                word[0].isupper() or low[:-2] in lex.kin or low[:-2] in lex.pets
                or low[:-2] == "name") and _is_said_next(text, end, lex)
                or low[:-2] in lex.routine_events and _next_word(text, end) in (
                    "at", "on", "every")):
            replacement = word[:-2] + " is"  # "Bruno's a dachshund": not Bruno's dachshund;
            # "standup's at 10:15": when it is
        elif low.endswith("s") and low not in lex.kin | lex.pets and low[:-1] in lex.kin | \
                lex.pets and said and said[-1] in \
                OWNERS and (_next_word(text, end) in KIN_IS_NEXT or _progressive(
                    _next_word(text, end), is_word, noun_only)):
            replacement = word[:-1] + " is"  # "my mums a nurse": my mum is a nurse; "my
            # brothers borrowing it": my brother is (a plural would have its "are")
        elif _kin_owner(low, _next_words(text, end), lex.kin, lex.pets):
            replacement = word[:-1] + "'s"  # "my sisters dog", "moms younger sister"
        elif word.islower() and _name_owner(low, _next_words(text, end), is_word, noun_only,
                                            lex):
            replacement = word[:-1].capitalize() + "'s"  # "ravis uncle": Ravi's uncle
        elif low in lex.days and _a_day(low, said, text, end, lex):
            replacement = lex.days[low]  # "move date is sat 25th", "thurs at 10"
        elif word.islower() and re.fullmatch(r"[a-z]+[^aeiou]ys", low) and is_word is not None \
                and is_word(low[:-1]) and _next_word(text, end) in IS_NEXT:
            replacement = word[:-1] + " is"  # "ceremonys at 1": a noun whose "'s" lost its
            # apostrophe (its plural is "ceremonies"; "weddings" is left as it is)
        elif low.startswith("i'") and word[0] == "i":
            replacement = "I" + word[1:]  # "i'll", "i'm"
        elif low in lex.chat and (low == word or low in ("i", "im", "ive")) and not (
                " " in lex.chat[low] and _ARTICLE_BEFORE.search(text, 0, i)) and not (
                low == "def" and _next_word(text, end) not in DEF_BEFORE):
            # ("def my fav", not "def leppard", "mos def", "hi def tv")
            # (after an article, a noun, never a phrase: "the atm" is a cash machine, "a
            # yr" a year)
            replacement = lex.chat[low]  # "U" and "R" upper case are letters
        elif low in lex.chat and len(low) > 2 and word == low.capitalize() \
                and _SENTENCE_START.search(text, 0, i):
            replacement = lex.chat[low][:1].upper() + lex.chat[low][1:]  # "Gonna volunteer
            # at shelters next month": a sentence's first word, capitalised as such
        elif word.islower() and is_word is not None and (plain := _unstretched(low, is_word)):
            replacement = plain  # "im sooo tired", "its sooo good": so, as the parser knows it
        else:
            replacement = word
        if replacement == word and word.islower() and is_word is not None and (
                (_names_here(said, lex.kin | lex.pets) or _listed_name(
                    said, text[:i], named_at, lex)) and _stem(low) not in STOP_WORDS
                and low not in lex.pet_things and (not is_word(word) or _name_like(
                    low, noun_only, lex) and not _verb_form(low, is_word, lex)) or _place_here(
                low, said, is_word) or _subject_name(low, said, is_word, lex, text[end:])
            or _name_said(low, said, lex) or _asked_after(low, said, is_word)
        ) and low not in lex.pronouns and low not in lex.chat:
            replacement = word.capitalize()  # "my sister rosie" -> "my sister Rosie"
            named_at = len(said)
        elif replacement == word and word.islower() and said and named_at == len(said) - 1 \
                and f"{said[-1]} {low}" in places():
            replacement = word.capitalize()  # "in san diego": San Diego, both its words
            named_at = len(said)
        elif replacement == word and word.islower() and low in names and (
                is_word is None or not is_word(low)) and low not in lex.chat:
            replacement = word.capitalize()  # "than conor", Conor named before
            named_at = len(said)
        if replacement:
            said.append(replacement.lower())
        if len(replacement) == len(word):
            pairs += [(c, i + k) for k, c in enumerate(replacement)]
        else:
            pairs += [(c, min(i + k, end - 1)) for k, c in enumerate(replacement)]
        i = end
    kept: list[tuple[str, int]] = []
    for ch, at in pairs:  # collapse the spaces left where filler or emoji stood
        if ch.isspace() and (not kept or kept[-1][0].isspace()):
            continue
        if ch in ",.!?" and kept and kept[-1][0] == " " and len(kept) > 1 and \
                kept[-2][0] in ",.!?":
            kept.pop()  # "lol, ok" folded to " , ok": no stray space before punctuation
        kept.append((ch, at))
    while kept and kept[-1][0].isspace():
        kept.pop()
    while kept and kept[0][0] in " ,.!?":
        kept.pop(0)
    for k, (ch, at) in enumerate(kept):  # a sentence starts with a capital: "lol. shes"
        if ch.islower() and len(ch.upper()) == 1 and (  # "ß" upper is "SS": left as is
                k == 0 or k > 1 and kept[k - 1][0] == " " and kept[k - 2][0] in ".!?"):
            kept[k] = (ch.upper(), at)
    # ". ." where an emoji ended a sentence that had its own full stop
    clean = [(c, a) for k, (c, a) in enumerate(kept)
             if not (c == "." and k > 1 and kept[k - 1][0] == " " and kept[k - 2][0] in ".!?")]
    folded = "".join(c for c, _ in clean)
    return Folded(folded, tuple(at for _, at in clean), n)

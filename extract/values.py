"""Value detection: what kind of thing a claim's object is (colour, money, date, entity...)."""

from __future__ import annotations

import re
from typing import Any

from extract.lexicon import lexicon
from kg.models import ObjectKind

HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+\.[\w.-]+\b")
URL = re.compile(r"\bhttps?://\S+|\bwww\.\S+", re.I)
COLOUR_WORDS = {
    "red", "green", "blue", "yellow", "orange", "purple", "violet", "pink", "black", "white",
    "grey", "gray", "brown", "teal", "navy", "maroon", "cyan", "magenta", "turquoise", "beige",
    "gold", "silver", "indigo", "lime", "olive", "coral", "crimson", "lavender",
}
KEPT_DETERMINERS = {"every", "each", "no", "both"}  # "every Tuesday" is not "Tuesday"
# chat hedges before a value: "like 5 bbc podcasts", "literally everything"
CHAT_HEDGES = {"like", "literally", "basically", "kinda", "sorta"}
# what says a number is near, kept with it: "about 140 people", "nearly eighteen"
APPROXIMATORS = {"about", "around", "roughly", "nearly", "almost", "approximately",
                 "over", "under"}
ENTITY_LABELS = {"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "PRODUCT", "WORK_OF_ART",
                 "EVENT", "LANGUAGE"}


def object_kind(span: Any) -> ObjectKind:
    """Classify a parsed object span.

    Order matters: a hex code is a colour even where the tagger calls it MONEY.
    """
    text = object_text(span)
    if HEX_COLOUR.fullmatch(text) or text.lower() in COLOUR_WORDS:
        return ObjectKind.colour
    if EMAIL.fullmatch(text):
        return ObjectKind.email
    if URL.fullmatch(text):
        return ObjectKind.url
    labels = {t.ent_type_ for t in span if t.ent_type_}
    if "MONEY" in labels:
        return ObjectKind.money
    if "DATE" in labels:
        return ObjectKind.date
    if labels & {"CARDINAL", "QUANTITY", "PERCENT"} and any(t.like_num for t in span):
        return ObjectKind.number
    if labels & ENTITY_LABELS or span.root.pos_ == "PROPN":
        return ObjectKind.entity
    return ObjectKind.string


def title_the(word: Any) -> bool:
    """"The" written with its capital inside a sentence, before a capitalised word: a
    title's own ("rewatching The Office"), kept."""
    after = word.doc[word.i + 1] if word.i + 1 < len(word.doc) else None
    return word.text == "The" and word.i > word.sent.start and after is not None \
        and after.text[:1].isupper()


# how much of a thing, which says nothing of what it is: "most of our parts"
SHARES = frozenset({"most", "some", "many", "all", "half", "both", "each", "none", "much",
                    "part", "lots", "loads"})


def object_text(span: Any) -> str:
    """The object as written, without leading articles and trailing punctuation."""
    doc = span.doc
    hash_before = span.start > 0 and doc[span.start - 1].text == "#"
    text = ("#" if hash_before else "") + span.text
    hexes = HEX_COLOUR.findall(text)
    if hexes:
        return hexes[0]
    tokens = _before_an_aside(list(span))
    while tokens and (tokens[0].dep_ == "advmod" and tokens[0].pos_ == "ADV"
                      or tokens[0].lower_ in CHAT_HEDGES) and len(tokens) > 1 \
            and tokens[0].lower_ not in APPROXIMATORS and not (
                tokens[1].text == "-" and not tokens[0].whitespace_):  # "emotionally-driven"
        tokens.pop(0)  # "mostly Go", "basically pizza", "like 5 podcasts": the hedge is not
        # the value
    if tokens and tokens[0].lower_ in APPROXIMATORS:
        return span.doc[tokens[0].i:_last(tokens)].text  # "about an hour", "nearly eighteen"
    if len(tokens) > 2 and tokens[0].lower_ in SHARES and tokens[1].lower_ == "of" and (
            tokens[2].dep_ == "poss" or tokens[2].lower_ == "the"):
        tokens = tokens[2:]  # "most of our parts": the parts
    elif len(tokens) > 2 and tokens[0].lower_ in ("all", "both", "half") and (
            tokens[1].dep_ == "poss" and tokens[1].pos_ == "PRON" or tokens[1].lower_ == "the"):
        tokens = tokens[1:]  # "all our neutering": the neutering
    if tokens and (tokens[0].dep_ == "poss" and tokens[0].pos_ == "PRON"
                   or tokens[0].dep_ in ("det", "quantmod") and tokens[0].lower_ in (
                       "a", "an", "the") and len(tokens) > 1  # ("a half marathon")
                   or tokens[0].dep_ == "det" and tokens[0].lower_ not in KEPT_DETERMINERS
                   and tokens[0].pos_ != "ADP") and not title_the(tokens[0]):
        # ("vs code" keeps its "vs"; "The Office" its "The")
        tokens.pop(0)  # "my bike" -> "bike"; "Argo's UI" keeps its owner
    aged = next((found for t in tokens if (found := age_modifier(t)) is not None
                 and found[1] == tokens[0] and _someone(t)), None) if any(
        t.lower_ == "old" for t in tokens) else None  # (no "old", no age: look no further)
    if aged is not None:  # "a three-year-old son": a son, whose age is a fact of its own
        tokens = [t for t in tokens if t.i > aged[2].i]  # (not "a twelve-year-old Volvo")
    while tokens and tokens[-1].is_punct:
        tokens.pop()
    if not tokens:
        return ""
    text = span.doc[tokens[0].i:tokens[-1].i + 1].text
    if text.count('"') % 2 or text.count("“") != text.count("”"):
        # 'rereading "The Alchemist': a quote half-kept is no quote
        text = " ".join(text.replace('"', "").replace("“", "").replace("”", "").split())
    return text


DASHES = {"-", "–", "—", "--"}
COMMENT_POS = {"ADV", "ADJ", "INTJ", "PUNCT", "PART", "AUX", "PRON", "DET", "SYM", "X"}


def _before_an_aside(tokens: list[Any]) -> list[Any]:
    """The tokens before a dash set off by spaces that opens a comment, with no thing
    named after it: "all my work - super frustrating" is the work (not "mon - fri", nor
    "a puppy - a beagle")."""
    for at, token in enumerate(tokens[1:], start=1):
        if token.text in DASHES and token.whitespace_ and tokens[at - 1].whitespace_ and all(
                t.pos_ in COMMENT_POS for t in tokens[at + 1:]):
            return tokens[:at]
    return tokens


def _last(tokens: list[Any]) -> int:
    """The end of the tokens less trailing punctuation."""
    end = len(tokens)
    while end > 1 and tokens[end - 1].is_punct:
        end -= 1
    return tokens[end - 1].i + 1


_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
          "seventeen", "eighteen", "nineteen"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def in_digits(value: str) -> str:
    """A number written in words as digits ("thirty-two" → "32", "ninety one" → "91",
    "a hundred and two" → "102"); any other value as it is.

    >>> in_digits("thirty-two"), in_digits("seven"), in_digits("a hundred and two")
    ('32', '7', '102')
    >>> in_digits("nearly eighteen"), in_digits("32"), in_digits("twenty something")
    ('nearly eighteen', '32', 'twenty something')
    """
    words = value.casefold().replace("-", " ").split()
    total, seen, tens = 0, False, False
    for i, word in enumerate(words):
        if word in ("a", "one") and i + 1 < len(words) and words[i + 1] == "hundred":
            continue
        if word == "hundred" and total < 10:
            total = max(total, 1) * 100
        elif word == "and" and total >= 100 and i + 1 < len(words):
            continue
        elif word in _TENS and total % 100 == 0:
            total += 10 * (_TENS.index(word) + 2)
        elif word in _UNITS and (total % 100 == 0 or tens and _UNITS.index(word) < 10):
            total += _UNITS.index(word)
        else:
            return value
        seen, tens = True, word in _TENS
    return str(total) if seen else value


def _someone(noun: Any) -> bool:
    """Whether a noun an age is said of is someone, whose age is a fact apart: what one
    is ("she's a nine-year-old spaniel"), one's child, pet or other relative ("a
    three-year-old son"); not a thing one drives or bought ("a twelve-year-old Volvo")."""
    lex = lexicon()
    word = noun.lemma_.lower()
    return noun.dep_ == "attr" or word in lex.kin or word in lex.pets or word in lex.children \
        or word in lex.life_stages or word in lex.breeds or word in lex.people_words or any(
            c.dep_ == "acl" and c.lemma_ in ("name", "call") or c.dep_ == "appos"
            and c.pos_ == "PROPN" for c in noun.children)  # ("an intern named Kyle")


AGE_UNITS = {"year": "", "yr": "", "month": " months", "week": " weeks"}


def age_modifier(noun: Any) -> tuple[str, Any, Any] | None:
    """The age said as a modifier of ``noun`` ("a 5 year old daughter", "a
    nine-year-old springer spaniel", "an 18-month-old son"): the age as written ("5",
    "nine", "18 months"), the modifier's first token and its "old"; None where it has
    none."""
    for old in noun.children:
        if old.dep_ != "amod" or old.lower_ != "old" or old.i > noun.i:
            continue
        unit = next((c for c in old.children if c.dep_ in ("npadvmod", "nmod", "compound")
                     and c.lemma_.lower() in AGE_UNITS), None)
        number = next((c for c in unit.children if c.dep_ in ("nummod", "compound")
                       and (c.like_num or in_digits(c.text) != c.text)), None) \
            if unit is not None else None
        if number is not None:
            first = min(number.left_edge, unit.left_edge, key=lambda t: t.i)
            said = noun.doc[first.i:unit.i].text.strip("- ")  # ("twenty-two year old")
            return said + AGE_UNITS[unit.lemma_.lower()], first, old
    return None

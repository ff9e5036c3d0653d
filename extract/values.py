"""Value detection: what kind of thing a claim's object is (colour, money, date, entity...)."""

from __future__ import annotations

import re
from typing import Any

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

"""Dated plans: "I start on the 31st", "we move in October", "im back on the 4th". A
verb of going, coming, starting or ending, in the present (a thing arranged) or under way,
with a date and nothing else the other readers read, states when: the verb with its
preposition and the date (``starts_on ; 31st``, ``moves_in ; October``,
``is_back_on ; 4th``), the way "I fly out on the 3rd" already reads ``flies_on ; 3rd``.

A fallback reader: it reads a clause only when no other reader read anything in it ("my
sister starts uni in sept" stays ``plans_to ; start uni``). Only a date a calendar names
is read (the 31st, April 7th, nov 11, October, Monday), never one that means something
only on the day it was said ("next week", "tomorrow") nor a habit ("on Mondays"); a
past ("I started on the 3rd") is an episode, not a plan, and a negation ("I don't start
till the 9th") states nothing.

>>> from extract.model import load_pipeline
>>> from extract.clauses import clauses
>>> nlp = load_pipeline()
>>> def read(text):
...     return [(f.predicate, f.object) for c in clauses(next(nlp(text).sents))
...             for f in dated_plan(c)]
>>> read("I start on the 31st.")
[('starts_on', '31st')]
>>> read("I'm back on the 4th.")
[('is_back_on', '4th')]
>>> read("We move in October.")
[('moves_in', 'October')]
>>> read("Gareth starts Monday.")
[('starts_on', 'Monday')]
>>> read("I start next week."), read("I started on the 3rd.")
([], [])
"""

from __future__ import annotations

import re
from typing import Any

from extract.clauses import Clause, negated
from extract.lexicon import lexicon
from extract.readers.words import RawFact, child, make_fact, third_person, who_of
from extract.values import object_text
from kg.models import ObjectKind

_ORDINAL = re.compile(r"\d{1,2}(?:st|nd|rd|th)", re.I)
_DAY_OF_MONTH = re.compile(r"\d{1,2}")
_PARTS_OF_DAY = ("morning", "afternoon", "evening", "night")


def calendar_words(words: list[str]) -> bool:
    """Whether words (lower case) name a day or month a calendar shows: an ordinal ("the
    31st"), a month with or without its day ("april 7th", "nov 11", "october"), a weekday
    ("monday", "sunday morning"); not a relative time ("next friday") nor a habit
    ("mondays").

    >>> [calendar_words(w.split()) for w in ("the 31st", "nov 11", "sunday morning",
    ...                                      "next friday", "mondays", "end of june",
    ...                                      "the 12th of july")]
    [True, True, True, False, False, False, True]
    """
    lex = lexicon()
    days = {w for w in lex.weekdays if w.endswith("day") and not w.startswith("week")} | (
        lex.days.keys())
    dated = [w for w in words if w in lex.months or w in days or _ORDINAL.fullmatch(w)]
    of = [i for i, w in enumerate(words) if w == "of" and 0 < i < len(words) - 1
          and _ORDINAL.fullmatch(words[i - 1]) and words[i + 1] in lex.months]
    # ("the 12th of july", "1st of may": the British order)
    return bool(dated) and all(w in dated or w == "the" or _DAY_OF_MONTH.fullmatch(w)
                               or w in _PARTS_OF_DAY or i in of for i, w in enumerate(words))


def calendar_date(token: Any) -> bool:
    """Whether a word and its dependents name a day or month a calendar shows."""
    return calendar_words([t.lower_ for t in token.subtree])


def _date_of(head: Any) -> tuple[str, Any] | None:
    """The calendar date among a word's dependents, with the preposition it has or would
    have: ("on", the 31st) in "I start on the 31st", and in "Gareth starts Monday", where
    the date stands bare ("in" for a month alone: "we move October"); or None."""
    for c in head.children:
        pobj = child(c, "pobj") if c.dep_ == "prep" and c.lower_ in ("on", "in") else None
        if pobj is not None and calendar_date(pobj):
            return c.lower_, pobj.doc[pobj.left_edge.i:pobj.right_edge.i + 1]
        if c.dep_ in ("npadvmod", "tmod") and calendar_date(c):
            # ("monday 7th july": the tagger hangs "july" beside "7th"; the date is whole)
            span = next((e for e in c.doc.ents if e.start <= c.i < e.end
                         and e.label_ == "DATE"), c.doc[c.left_edge.i:c.right_edge.i + 1])
            words = [t.lower_ for t in span]
            if calendar_words(words):
                return ("in" if all(w in lexicon().months for w in words) else "on"), span
    return None


def _arranged(verb: Any) -> bool:
    """A present simple ("I start") or a progressive ("we're moving"): a thing arranged;
    not a past, a modal ("I might start") nor a bare form."""
    auxes = [c for c in verb.children if c.dep_ == "aux"]
    if verb.tag_ in ("VBP", "VBZ"):
        return not auxes
    return verb.tag_ == "VBG" and len(auxes) == 1 and auxes[0].lemma_ == "be"


def dated_plan(clause: Clause) -> list[RawFact]:
    """What a clause says is arranged for a calendar date (see the module)."""
    root = clause.root
    lex = lexicon()
    lemma = root.lemma_.lower()
    back = next((c for c in root.children if c.dep_ in ("advmod", "prt")
                 and c.lower_ == "back"), None)
    if lemma not in lex.dated_verbs and not (lemma == "be" and back is not None):
        return []
    if not _arranged(root) or negated(root) or child(root, "dobj", "attr", "acomp") is not None:
        return []
    hosts = [root] + ([back] if back is not None else [])
    found = next((d for h in hosts for d in [_date_of(h)] if d is not None), None)
    if found is None:
        return []
    preposition, span = found
    date = object_text(span)
    particle = "_back" if back is not None else "".join(
        f"_{c.lower_}" for c in root.children if c.dep_ == "prt" or c.dep_ == "advmod" and (
            c.i == root.i + 1 and c.lower_ in ("in", "out", "off", "away", "up")))
    # ("we move out on Friday": the tagger's adverb "out" is the verb's particle)
    predicate = f"{third_person(lemma)}{particle}_{preposition}"
    return [make_fact(clause, who, predicate, date, ObjectKind.date, "dated_plan", 0.6)
            for who in who_of(clause)]

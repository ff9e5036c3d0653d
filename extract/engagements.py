"""What texting says in passing about work and appointments, read where nothing else is.

- A shift somewhere is work there: "12 hour shift at boots" (the speaker, its "I"
  dropped), "I have a shift at the pub tonight", "my bf is on nights at dell seton"
  (``works_at``).
- An appointment one has is a possessed noun, as "my interview is at Tillo" reads: "I
  have an interview tmrw at st james's" (``interview ; st james's``), "I've got a
  dentist appointment on friday" (``dentist appointment ; friday``: a calendar date, not
  "tomorrow", which means a day only when it was said).

Fallback readers (``extract.components``): they read a clause only where no other reader
read anything. A negation, or a shift someone else's ("the shift at boots was awful"),
states nothing.

>>> from extract.model import load_pipeline
>>> from extract.clauses import clauses
>>> nlp = load_pipeline()
>>> def read(reader, text):
...     return [(f.subject, f.predicate, f.object) for c in clauses(next(nlp(text).sents))
...             for f in reader(c)]
>>> read(shift_work, "I have a shift at the pub tonight")
[('<speaker>', 'works_at', 'pub')]
>>> read(appointment, "I have an interview tomorrow at st james's")
[('<speaker>', 'interview', "st james's")]
>>> read(appointment, "I don't have an interview at Tillo")
[]
>>> read(appointment, "i have an interview monday")
[('<speaker>', 'interview', 'monday')]
"""

from __future__ import annotations

from typing import Any

from extract.clauses import Clause, negated
from extract.dated import calendar_date
from extract.lexicon import lexicon
from extract.readers.verbs import post_as
from extract.readers.words import (
    SPEAKER,
    RawFact,
    child,
    facts_of,
    make_fact,
    predicate_words,
    prep_of,
    value_span,
    who_of,
)
from extract.values import object_kind, object_text
from kg.models import ObjectKind

_HOLDING = ("have", "get", "work", "do", "pull", "finish", "start", "cover")  # "have a
# shift", "pull a double shift", "just finished my shift at target"


def _place_at(*heads: Any) -> Any | None:
    """The place an "at" of one of these words names ("at the pub"), not a time ("at 6")."""
    for head in heads:
        at = prep_of(head, "at") if head is not None else None
        place = child(at, "pobj") if at is not None else None
        if place is not None and place.pos_ in ("NOUN", "PROPN") and not (
                place.ent_type_ in ("DATE", "TIME") or place.lower_ in lexicon().time_nouns):
            return place
    return None


def _shift_holder(shift: Any, clause: Clause) -> tuple[list[str], Any | None]:
    """Who works a shift, and the word its "at" may hang on besides the shift itself."""
    head = shift.head
    if shift.dep_ == "dobj" and head.lemma_.lower() in _HOLDING:
        return who_of(clause), head  # "I have a shift at the pub"
    if shift.dep_ == "pobj" and head.lower_ == "on" and head.head.lemma_ == "be":
        return who_of(clause), None  # "my bf is on nights at dell seton"
    opening = all(t.pos_ in ("NUM", "ADJ", "NOUN") and t.dep_ != "poss"
                  for t in shift.doc[shift.sent.start:shift.i])
    if shift.dep_ in ("ROOT", "nsubj") and opening:
        return [SPEAKER], None  # "12 hour shift at boots": the speaker's, "I" dropped
    return [], None


def shift_work(clause: Clause) -> list[RawFact]:
    """A shift somewhere: work there (see the module)."""
    if negated(clause.root):
        return []
    lex = lexicon()
    for shift in clause.tokens():
        if shift.lower_ not in lex.shifts and not (  # "he's doing Saturdays at Halfords":
                shift.dep_ == "dobj" and shift.head.lemma_.lower() in ("do", "work")
                and shift.lower_.endswith("s") and shift.lower_ in lex.weekdays
                | {"evenings", "mornings", "afternoons"}):  # days worked, a shift
            continue
        who, other = _shift_holder(shift, clause)
        place = _place_at(shift, other) if who else None
        # "I work nights as a care assistant (at ...)": the post, too
        posts = [(p, o) for p, o in post_as(shift.head) if p == "role"] if who and (
            shift.head.lemma_.lower() == "work" and shift.head.tag_ in ("VBP", "VBZ")
            and not any(c.lower_ == "used" for c in shift.head.children)) else []
        span = value_span(place) if place is not None else None
        works = [make_fact(clause, w, "works_at", object_text(span), object_kind(span),
                           "shift_at", 0.6) for w in who] if span is not None else []
        if works or posts:
            return works + facts_of(clause, who, posts, "shift_at", 0.6, False)
    return []


def _seen_by(clause: Clause) -> list[RawFact]:
    """"I'm at the dentist on Friday", "I am at the Doctor on Tuesday for my blood
    pressure": an appointment with a clinician on a calendar date (``dentist_appointment ;
    Friday``), as "a dentist appointment on friday" says it."""
    root = clause.root
    at = prep_of(root, "at")
    who = child(at, "pobj") if at is not None else None
    if root.lemma_ != "be" or who is None or negated(root) or (
            who.lemma_.lower() not in lexicon().clinicians):
        return []
    on = next((p for h in (root, who) for p in [prep_of(h, "on")]
               if p is not None and child(p, "pobj") is not None), None)
    date = child(on, "pobj") if on is not None else None
    if date is None or not calendar_date(date):
        return []
    value = object_text(clause.doc[date.left_edge.i:date.right_edge.i + 1])
    return [make_fact(clause, w, f"{who.lemma_.lower()}_appointment", value, ObjectKind.date,
                      "appointment", 0.6) for w in who_of(clause)]


def appointment(clause: Clause) -> list[RawFact]:
    """An appointment one has, where or on what date (see the module)."""
    root = clause.root
    seen = _seen_by(clause)
    if seen:
        return seen
    thing = child(root, "dobj")
    if root.lemma_.lower() not in ("have", "get") or negated(root) or thing is None or \
            thing.lemma_.lower() not in lexicon().appointments or any(
                c.dep_ == "poss" and c.pos_ == "PRON" for c in thing.children):
        return []
    whose = child(thing, "poss")  # "a doctor's appointment": the doctor's kind of one
    predicate = predicate_words(thing) if whose is None else \
        f"{whose.lemma_.lower()}_{predicate_words(thing)}"
    place = _place_at(thing, root)
    on = next((p for h in (thing, root) for p in [prep_of(h, "on", "in")]
               if p is not None and child(p, "pobj") is not None), None)
    date = child(on, "pobj") if on is not None else next(
        (c for h in (root, thing) for c in h.children if c.dep_ == "npadvmod"), None)
    # ("i have an interview monday": the day with no "on")
    if date is not None and not calendar_date(date):
        date = None
    facts = []
    if place is not None:
        facts += [(predicate, object_text(value_span(place)), object_kind(value_span(place)))]
    if date is not None:  # "an interview at Pennine Homes on Friday 4th": where and when
        facts += [(f"{predicate}_on" if place is not None else predicate, object_text(
            clause.doc[date.left_edge.i:date.right_edge.i + 1]), ObjectKind.date)]
    return [make_fact(clause, w, p, value, kind, "appointment", 0.6)
            for w in who_of(clause) for p, value, kind in facts]

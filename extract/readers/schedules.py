"""Schedules: a thing that happens again and again, and when.

"Our deploys happen every Tuesday", "Standup is at 9:30 every weekday", "The backups run
every night at 2am", "Our bins are collected every other Thursday", "The gym opens at
6am", "i have band practice every thursday": a routine event (a lexicon word, or one of
its compounds: "sprint planning", "team lunch") or an opening and closing, in the
present, with a time that recurs. What is read: whose event (its owner; "our" the
organisation, or the household; none said, the organisation when the conversation
knows it), what it is (the event's words, with its verb where the verb says more than
that it happens: "backups run"), and when (the clause's times, one value; days listed
are each a value).

A one-off ("the party is on Friday", "my appointment is at 3"), a past ("standup was at
9"), a modal, a negation or a person ("my boss comes in on Mondays") states no schedule.

>>> from extract.model import load_pipeline
>>> from extract.clauses import clauses
>>> nlp = load_pipeline()
>>> def read(text):
...     return [(f.subject, f.predicate, f.object) for c in clauses(next(nlp(text).sents))
...             for f in schedule(c)]
>>> read("Sprint planning happens every other Monday.")
[('<firm>', 'sprint planning', 'every other Monday')]
>>> read("Our deploys are on Tuesdays and Thursdays.")
[('<org>', 'deploys', 'Tuesdays'), ('<org>', 'deploys', 'Thursdays')]
>>> read("The gym opens at 6am.")
[('gym', 'opens at', '6am')]
>>> read("The party is on Friday.")
[]
"""

from __future__ import annotations

from typing import Any

from extract.clauses import Clause, negated
from extract.readers.words import (
    FIRM,
    LEX,
    PRESENT,
    TIME_LABELS,
    RawFact,
    child,
    habitual_time,
    is_kin,
    make_fact,
    owner_of,
    predicate_words,
    subject_of,
    third_person,
)
from extract.values import object_kind, object_text

HAPPENING = ("be", "happen", "occur")  # say only that the event is on: no verb in the name
OPENING = ("open", "close")
TIME_DEPS = ("prep", "npadvmod", "advmod", "attr", "pobj")
PERIODS = ("day", "week", "month", "year", "fortnight")
TIME_WORDS = {"every", "each", "other", "second", "third", "first", "last", "a", "the", "and",
              "or", "n", "&", ",", "of", "once", "twice", "times", "per", "am", "pm", "noon",
              "midday", "midnight", "to", "-", "till", "until", "on", "at", "from"}


def schedule(clause: Clause) -> list[RawFact]:
    """The schedule a clause states, or []."""
    root = clause.root
    lemma = root.lemma_.lower()
    if not _said_now(root):
        return []
    subj = clause.subject
    opened = child(root, "acomp") if lemma == "be" else None
    if opened is not None and opened.lower_ in ("open", "closed") and subj is not None:
        times = _times(opened)  # "the café is open from 8 to 4 on weekdays"
        who = subject_of(subj) or _bare_place(subj)
        what = "opening hours" if opened.lower_ == "open" else "closed on"
        return _fact(clause, who, what, times, split=what == "closed on") \
            if who and times else []  # ("closed on Mondays and Tuesdays": each a day off)
    times = _times(root)
    if not times:
        return []
    if lemma in OPENING and subj is not None and any(t.ent_type_ == "TIME" or ":" in t.text
                                                      or t.like_num for t in _words(times)):
        who = subject_of(subj) or _bare_place(subj)
        return _fact(clause, who, f"{third_person(lemma)} at", times) if who else []
    if not any(_recurs(t) for t in times):
        return []
    if subj is None or not _event(subj):
        return []
    owner = child(subj, "poss")
    who = owner_of(owner) if owner is not None else FIRM if _event(
        subj, LEX.firm_events) else ""
    if not who:
        return []
    words = predicate_words(subj)
    if lemma not in HAPPENING:
        words += " " + root.lower_  # as said: "backups run", "bins collected"
        words += "".join(" " + c.lower_ for c in root.children if c.dep_ == "prt" or (
            c.tag_ == "RP" and c.i == root.i + 1))  # "go out"
    return _fact(clause, who, words, times, split=True)


def held_routine(clause: Clause) -> list[RawFact]:
    """"i have band practice every thursday", "the kids have swimming lessons on
    Saturdays": a routine event someone has, and when; "im off every wednesday": the day
    off someone has."""
    root, subj = clause.root, clause.subject
    off = next((c for c in root.children if c.lower_ == "off"), None)
    after = root.doc[off.i + 1] if off is not None and off.i + 1 < len(root.doc) else None
    if root.lemma_ == "be" and off is not None and subj is not None and subject_of(subj) \
            and _said_now(root) and after is not None and (after.lower_ in (
                "every", "each") or after.lower_ in LEX.weekdays or after.lower_ == "on"
                and after.i + 1 < len(root.doc) and root.doc[after.i + 1].lower_ in LEX.weekdays
            ) and not any(c.lower_ == "to" for c in [*root.children, *off.children]) and (
            subj.lower_ in ("i", "he", "she", "we", "they") or subj.pos_ == "PROPN"
            or subj.lower_ in LEX.kin):  # "im off every wednesday": a day off, each week
        # (not "im off out every friday", "off sick", "off on a course", "my phone is off")
        times = [t for t in _times(root) + _times(off) if _recurs(t)]
        return _fact(clause, subject_of(subj), "day_off", times, split=True) if times else []
    got = root.lower_ == "got" and any(c.dep_ == "aux" and c.lemma_ == "have"
                                       for c in root.children)  # "i've got choir on Mondays"
    if root.lemma_.lower() != "have" and not got or subj is None or not subject_of(subj) or \
            _event(subj) or not (got or _said_now(root)):
        return []
    event = child(root, "dobj")
    if event is None or not _event(event) or any(
            c.dep_ == "poss" or c.dep_ == "det" and c.lower_ != "the" for c in event.children):
        return []
    times = sorted(_times(root) + _times(event) + [  # ("classes at the college on Mondays":
        t for p in [*root.children, *event.children] if p.dep_ == "prep"  # the day said
        for t in p.subtree if t.dep_ == "prep" and t is not p and _says_when(t)],  # of where)
        key=lambda t: t.i)
    if not any(_recurs(t) for t in times):
        return []
    return _fact(clause, subject_of(subj), predicate_words(event), times, split=True)


def _said_now(verb: Any) -> bool:
    """In the present, not negated, with no modal: what holds as a rule."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    present = verb.tag_ in PRESENT or bool(auxes) and all(
        a.tag_ in PRESENT for a in auxes) and verb.tag_ != "VBG"
    return present and not negated(verb) and not any(
        c.tag_ == "MD" for c in auxes if c.dep_ == "aux")


def _times(root: Any) -> list[Any]:
    """The verb's modifiers that say when, in order; for "be", its complement's too."""
    out = [c for c in root.children if c.dep_ in TIME_DEPS and _says_when(c)]
    return sorted(out, key=lambda t: t.i)


def _says_when(modifier: Any) -> bool:
    words = list(modifier.subtree)
    if modifier.dep_ == "prep":
        if modifier.lower_ not in ("at", "on", "in", "from", "until", "till", "every"):
            return False
        words = words[1:]
    return bool(words) and all(
        t.ent_type_ in TIME_LABELS or t.lower_ in LEX.weekdays or t.lower_ in LEX.recurring
        or t.lower_ in TIME_WORDS or t.like_num or ":" in t.text or t.lower_ in PERIODS
        or t.lower_ in LEX.time_nouns
        for t in words) and any(not t.is_stop or t.like_num for t in words)


def _recurs(modifier: Any) -> bool:
    """A time that comes round again: "every Tuesday", "on Sundays", "nightly", "twice a
    week", "once a month", "the first Tuesday of the month"."""
    words = list(modifier.subtree)
    return habitual_time(modifier) or any(t.lower_ in LEX.recurring for t in words) or any(
        t.lower_ in PERIODS and (child(t, "det") is not None and child(t, "det").lower_ in (
            "a", "per") or t.dep_ == "pobj" and t.head.lower_ == "of") for t in words)


def _words(times: list[Any]) -> list[Any]:
    return [t for m in times for t in m.subtree]


def _event(noun: Any, events: frozenset[str] = LEX.routine_events) -> bool:
    """A routine event: a lexicon word, or a noun compounded with one ("sprint planning",
    "release train"); never a person, a relative or a pet."""
    if noun.pos_ not in ("NOUN", "PROPN") or noun.ent_type_ == "PERSON" or is_kin(noun) \
            or noun.lower_ in LEX.pets:
        return False
    heads = {noun.lower_, noun.lemma_.lower()}
    mods = {c.lower_ for c in noun.children if c.dep_ == "compound"}
    return bool(heads & events) or bool(mods & events)


def _bare_place(noun: Any) -> str:
    """"The gym", "the library": a place that opens, named by its words."""
    det = child(noun, "det")
    return predicate_words(noun) if noun.pos_ == "NOUN" and det is not None and (
        det.lower_ == "the") else ""


def _fact(clause: Clause, who: str, predicate: str, times: list[Any], *,
          split: bool = False) -> list[RawFact]:
    doc = clause.doc
    days = [t for m in times for t in m.subtree if t.lower_ in LEX.weekdays]
    listed = split and len(times) == 1 and len(days) > 1 and not any(
        t.lower_ in ("every", "each") for t in times[0].subtree)
    if listed:  # "on Tuesdays and Thursdays": each day a value
        spans = [doc[d.i:d.i + 1] for d in days]
        return [make_fact(clause, who, predicate, object_text(s), object_kind(s),
                          "schedule", 0.8) for s in spans]
    start = times[0].i if times[0].dep_ != "prep" else times[0].i + 1
    start = min(start, times[0].left_edge.i if times[0].dep_ != "prep" else start)
    span = doc[start:times[-1].right_edge.i + 1]
    return [make_fact(clause, who, predicate, object_text(span), object_kind(span),
                      "schedule", 0.8)]

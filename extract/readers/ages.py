"""Ages said as a modifier of the one they are of: "my 5 year old daughter Ava", "a
three-year-old son called Leo", "she's a nine-year-old springer spaniel"."""

from __future__ import annotations

from typing import Any

from extract.clauses import Clause
from extract.readers.words import (
    LEX,
    SPEAKER,
    RawFact,
    called,
    child,
    dropped_i,
    given_name,
    make_fact,
    name_span,
    predicate_words,
    subject_of,
    with_conjuncts,
)
from extract.values import age_modifier
from kg.models import ObjectKind


def aged(clause: Clause) -> list[RawFact]:
    """The age of each one the sentence names with an age before their noun: the name
    given beside it ("my 5 year old daughter Ava", "a three-year-old son called Leo"), or
    the subject of a plain "is" whose complement it is ("Bramble is a nine-year-old
    springer spaniel"); none for a noun that names no one ("a 10 year old car" is said of
    no one named, "she'd be a 3 year old" is no fact). A sentence reader: the noun's own
    fact (is_a, has_child, the relation) is read by the others, without the age."""
    facts = []
    for noun in clause.sent:
        found = age_modifier(noun)
        if found is None:
            continue
        if _said_of_the_past(noun):
            continue  # ("my nan Joan was a 19 year old nurse in the war": then, not now)
        name = given_name(noun) if noun.pos_ == "NOUN" else None
        name = name if name is not None else called(noun)
        names = ([name, *with_conjuncts(name)[1:]] if noun.tag_ == "NNS" else [name]) \
            if name is not None else []  # ("my 7-year-old twins Max and Mia": each)
        for who in [name_span(n) for n in names] or [_complement_of(noun)]:
            if who:
                facts.append(make_fact(clause, who, "age", found[0], ObjectKind.number,
                                       "age-modifier", 0.75))
    return facts


def _said_of_the_past(noun: Any) -> bool:
    """Whether the verb the noun hangs on speaks of the past ("I was a 20-year-old
    student", "we adopted a 2 year old dog called Rex", "she was taken in as a 2 year
    old"), where an age was then's, not now's."""
    verb = noun.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head != verb:
        verb = verb.head
    return verb.tag_ == "VBD" or verb.tag_ == "VBN" and any(
        a.dep_ in ("aux", "auxpass") and a.tag_ == "VBD" for a in verb.children)
    # (not "my twins are obsessed", "I've got a 4 year old son")


def _complement_of(noun: Any) -> str:
    """Whom a plain, asserted "is" says the noun of: its subject (a name or a marker);
    or the one a plain "have" says the noun is of ("I have a 2 year old son": the
    speaker's son); or ''."""
    first = noun
    while first.dep_ == "conj" and first.head.i < first.i:  # ("a son and a 4 year old
        first = first.head  # daughter": the daughter had as the son is)
    verb = first.head
    if verb.tag_ not in ("VBZ", "VBP", "VBN") or any(
            c.tag_ == "MD" or c.dep_ in ("neg", "mark") for c in verb.children):
        return ""
    subject = child(verb, "nsubj")
    who = subject_of(subject) if subject is not None else SPEAKER if dropped_i(verb) else ""
    if first.dep_ == "attr" and verb.lemma_ == "be":
        return who
    if first.dep_ == "dobj" and verb.lemma_ in ("have", "get") and who and "'s " not in who \
            and noun.lemma_.lower() in LEX.children:
        return f"{who}'s {predicate_words(noun)}"  # ("got a 4 yr old son": Lena's son)
    return ""

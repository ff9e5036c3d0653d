""""There" as the place just talked of: "my sister lives there too", "hes from there
originally", "my brother works there", said after a turn that named one place (or, for
work, one organisation). The sentence is read again with the place written in for
"there" ("my sister lives in Walthamstow too"); with no place, or two, it is read as
it was.

Only "there" of a verb that says where someone lives, works, comes from or moves to is
read so; "I was there", "see you there", "there's a cafe" are left alone.

>>> from extract.model import load_pipeline
>>> nlp = load_pipeline()
>>> sent = next(nlp("My sister lives there too.").sents)
>>> with_place(sent, ("Walthamstow", "GPE"))
'My sister lives in Walthamstow too.'
>>> with_place(next(nlp("I was there last week.").sents), ("Leeds", "GPE")) is None
True
"""

from __future__ import annotations

from typing import Any

from extract.lexicon import lexicon

PLACE_LABELS = ("GPE", "LOC", "FAC")
Place = tuple[str, str]  # (name, entity label)


THING = "THING"  # a definite thing a "there" may mean as well: "i miss the bakery"


def places_named(sent: Any) -> list[Place]:
    """The places and organisations a sentence names, in order ("in Leeds", "at
    Fernway"), and the definite things it speaks of (("the bakery", THING)): a "there"
    after "i miss the bakery" may mean the bakery, so no place named before it."""
    named = [(e.text, e.label_) for e in sent.ents if e.label_ in (*PLACE_LABELS, "ORG")]
    named += [(t.text, THING) for t in sent if t.dep_ in ("dobj", "pobj") and t.pos_ == "NOUN"
              and t.ent_type_ == "" and any(c.dep_ in ("det", "poss") and c.lower_ in (
                  "the", "that", "my", "our", "his", "her", "their") for c in t.children)]
    return list(dict.fromkeys(named))


def there_of(sent: Any) -> tuple[Any, str] | None:
    """The "there" a place can stand for, with the verb's lemma it says where for."""
    lex = lexicon()
    for t in sent:
        if t.lower_ != "there" or t.dep_ not in ("advmod", "pobj", "pcomp"):
            continue
        after_from = t.dep_ in ("pobj", "pcomp")
        verb = t.head.head if after_from else t.head
        if after_from and t.head.lower_ != "from":
            continue
        lemma = verb.lemma_.lower()
        if t.dep_ == "advmod" and lemma in ("come", "be"):
            continue  # "come there", "I was there": no fact of where one is
        if lemma in lex.there_verbs or after_from and lemma in ("be", "come"):
            return t, lemma
    return None


def with_place(sent: Any, place: Place) -> str | None:
    """The sentence with ``place`` written for its "there", or None where it has no such
    "there" or the place does not fit the verb (one works at an organisation, lives in a
    place)."""
    found = there_of(sent)
    if found is None:
        return None
    there, lemma = found
    name, label = place
    if label == "ORG" and lemma not in lexicon().work_there:
        return None  # "my sister lives there", after Fernway: no home
    if there.dep_ in ("pobj", "pcomp"):
        words = name  # "from there" -> "from Cardiff"
    elif lemma in lexicon().trip_verbs | {"move", "relocate"}:
        words = f"to {name}"  # "we move up there in October"
    else:
        words = f"{'at' if label == 'ORG' else 'in'} {name}"
    start, end = there.idx - sent.start_char, there.idx + len(there.text) - sent.start_char
    return sent.text[:start] + words + sent.text[end:]

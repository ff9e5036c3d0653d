"""Content words: what a query and a claim have in common, for ranking.

A word is lower-cased, stripped of a possessive, and cut to a crude stem (plural
``-s``/``-es``/``-ies``, ``-ing``, ``-ed``), so "lives", "living" and "lived" meet
"live". Function words and question words carry no topic and are left out. The
same function reads both sides, so a stem only has to be consistent, not correct.

>>> sorted(content_words("Where does Priya live?"))
['liv', 'priya']
>>> sorted(content_words("Priya lives_in: Berlin"))
['berlin', 'liv', 'priya']
>>> sorted(content_words("What did Melanie paint recently?"))
['melani', 'paint', 'recent']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from kg.models import Claim, Provenance

_TOKEN = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")

STOPWORDS = frozenset(
    """
a about after again all also am an and any are as at be been before being both but by
can could did do does doing done for from had has have having he her here hers him his
how i if in into is it its just me more most my no nor not now of off on once only or
other our ours out over own same she should so some such than that the their theirs them
then there these they this those through to too under until up very was we were what
when where which while who whom why will with would you your yours yourself s t ever
kind sort thing things know tell remember please anything everything
something
""".split()  # noqa: SIM905
)

# British spellings folded to one form before stemming (the predicate registry folds
# predicate names the same way), so "colour" meets "brand_color".
WORD_VARIANTS = {"colour": "color", "favourite": "favorite", "organisation": "organization",
                 "centre": "center", "licence": "license", "colours": "colors",
                 "favourites": "favorites", "organisations": "organizations"}

_SUFFIXES = (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", ""), ("ly", ""))


def stem(word: str) -> str:
    """A crude, consistent stem: one suffix off, a doubled consonant and a final "e"
    dropped.

    >>> [stem(w) for w in ("lives", "living", "lived", "live", "parties", "classes", "class")]
    ['liv', 'liv', 'liv', 'liv', 'party', 'class', 'class']
    >>> [stem(w) for w in ("dancing", "dance", "running", "run", "recently")]
    ['danc', 'danc', 'run', 'run', 'recent']
    >>> stem("colour") == stem("color") == stem("colors")
    True
    """
    word = WORD_VARIANTS.get(word, word)
    base = word
    for suffix, repl in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not (
                suffix == "s" and word.endswith("ss")):
            base = word[: -len(suffix)] + repl
            if suffix in ("ing", "ed") and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]  # "running" -> "run", "planned" -> "plan"
            break
    if base.endswith("e") and len(base) > 3:
        base = base[:-1]
    return base


def content_words(text: str) -> frozenset[str]:
    """The stems of the words in ``text`` that say what it is about; a hyphened word is
    its parts and the whole, as a question may write it either way.

    >>> sorted(content_words("running to de-stress")) == sorted(
    ...     content_words("run destress de stress"))
    True
    """
    low = text.lower().replace("_", " ")
    low += " " + " ".join(m.replace("-", "") for m in _HYPHENED.findall(low))  # "de-stress"
    # is "destress" too, as a question may write it
    words = (re.sub(r"['’]s$", "", w) for w in _TOKEN.findall(low))
    return frozenset(stem(w) for w in words if w not in STOPWORDS and len(w) > 1)


_HYPHENED = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")


@lru_cache(maxsize=65_536)
def of_claim(predicate: str, obj: str) -> frozenset[str]:
    """What a claim is about, apart from its subject: its predicate and its object.

    >>> sorted(of_claim("did_sign_up_for", "a pottery class"))
    ['class', 'pottery', 'sign']
    """
    return content_words(f"{predicate} {PREDICATE_TOPICS.get(predicate, '')} {obj}")


# what a predicate whose own word says nothing is about: "Nina does climbing" answers
# "What are her hobbies?", "Ayla is a vet" "What's her job?"
PREDICATE_TOPICS = {"does": "hobby activity", "plays": "hobby sport", "is_a": "job",
                    "was_a": "job", "attends": "study school", "studies_at": "study school",
                    "takes": "medicine medication", "member_of": "club group",
                    "turning": "age birthday"}  # ("Pip turning: 3" answers "how old")


def of_source(provenance: Provenance) -> frozenset[str]:
    """Where a claim was said: its sentence's content words and the rest of its message's
    (``Provenance.message_words``).

    >>> sorted(of_source(Provenance(source_text="I loved it!", message_words="book rec")))
    ['book', 'lov', 'rec']
    """
    return _of_source(provenance.source_text, provenance.message_words)


@lru_cache(maxsize=65_536)
def _of_source(sentence: str, message: str) -> frozenset[str]:
    return content_words(sentence) | frozenset(stem(w) if w in WORD_VARIANTS else w
                                               for w in message.split())


def held_by(claim: Claim) -> frozenset[str]:
    """Every content word a claim holds: its predicate, its value, where it was said (the
    words the current band indexes it under and a query's words are matched against)."""
    return of_claim(claim.predicate, claim.object) | of_source(claim.provenance)


def message_words(text: str) -> str:
    """A message's content words as ``Provenance.message_words`` keeps them.

    >>> message_words("Any book recs? I loved Dune.")
    'book dun lov rec'
    """
    return " ".join(sorted(content_words(text)))


def relevance(wanted: Mapping[str, float], claim_words: frozenset[str],
              sentence_words: frozenset[str]) -> float:
    """How much a claim says about the ``wanted`` words (word -> weight): twice a word's
    weight when its predicate or object holds it, once when only its sentence does.

    >>> relevance({"book": 1.0, "recommend": 1.5}, of_claim("likes", "Becoming Nicole"),
    ...           content_words("I loved Becoming Nicole, I'd recommend that book"))
    2.5
    """
    return sum(2 * w if word in claim_words else w if word in sentence_words else 0.0
               for word, w in wanted.items())

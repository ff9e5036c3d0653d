"""What a pastime does for the speaker, said of it: "Painting helps me relax", "Pottery is
a huge part of my life", "Running has been great for my mental health", "yoga keeps me
sane" -> the speaker does it (as "I paint" says).

Only a pastime, a sport or an art is read so (a gerund of a pastime verb, or a word of
the lexicon's ``pastime_nouns`` or ``sports``): "the medication helps me sleep", "my
boss makes me happy" and "this painting means a lot to me" say nothing of the kind. A
denied or wished sentence says nothing either.

What the speaker calls "my love for" or "my passion for" is liked, wherever in the
sentence it is said ("We connected over our shared love for basketball", "I wanted to
blend my love for dance and fashion"): a sentence reader (``love_for``).
"""

from __future__ import annotations

from typing import Any

from extract.clauses import Clause, negated
from extract.readers.words import (
    LEX,
    QUOTES,
    SPEAKER,
    RawFact,
    child,
    facts_of,
    gerund,
    is_kin,
    make_fact,
    prep_of,
    with_conjuncts,
)
from kg.models import ObjectKind

# verbs that say what a pastime does to the one it is done by: "helps me", "relaxes me"
DOES_TO_ME = {"help", "relax", "calm", "refresh", "keep", "bring", "give", "make", "ground",
              "center", "centre", "heal", "save"}
# what a pastime is to someone: "a fun way to", "a huge part of my life", "my therapy"
IS_TO_ME = {"way", "part", "passion", "therapy", "escape", "outlet", "sanctuary", "love",
            "lifeline", "happy", "release"}
ME = {"me", "us"}
# the pastimes' verbs as their doing is named: "painting", "running"
DOINGS = frozenset(gerund(p) for p in LEX.pastimes)


def _pastime(token: Any) -> bool:
    """A pastime, a sport or an art, said as a noun: "painting", "pottery", "running"."""
    low = token.lower_
    return token.pos_ in ("NOUN", "VERB", "PROPN") and child(token, "det") is None and (
        low in LEX.pastime_nouns or low in LEX.sports
        or low in DOINGS)


def valued(clause: Clause) -> list[RawFact]:
    """"Painting helps me explore my identity" -> does painting; see the module."""
    root, subject = clause.root, clause.subject
    if subject is None or not _pastime(subject) or negated(root) or any(
            c.tag_ == "MD" for c in root.children):
        return []
    lemma = root.lemma_.lower()
    to = prep_of(root, "to")
    whom = child(to, "pobj") if to is not None else None
    said_of_me = lemma in DOES_TO_ME and any(
        c.dep_ in ("dobj", "dative", "nsubj") and c.lower_ in ME
        for t in (root, *root.children) for c in t.children) or lemma == "matter" and (
        whom is not None and whom.lower_ in ME)
    if lemma == "be" and not said_of_me:
        comp = child(root, "attr", "acomp")
        said_of_me = comp is not None and (
            comp.lemma_.lower() in IS_TO_ME
            or any(c.lower_ in IS_TO_ME for c in comp.children if c.dep_ == "amod")
            or comp.lower_ in ("great", "good") and (prep_of(comp, "for") is not None))
    if not said_of_me:
        return []
    text = subject.text.lower() if subject.pos_ != "PROPN" else subject.text
    return [make_fact(clause, SPEAKER, "does", text, ObjectKind.string, "activity", 0.65)]


# what one's liking is called: "my love for dance", "our shared passion for hiking"
LIKINGS = {"love", "passion"}
# what says a love is gone, feigned or only wished back: "my love for football died",
# "college destroyed my passion for art", "I wish I could find my love for piano again"
LOVE_ENDS = {"die", "fade", "go", "end", "disappear", "vanish", "lose", "lack", "destroy",
             "kill", "ruin", "crush", "give", "pretend", "fake", "find", "regain", "rediscover",
             "miss", "question", "doubt", "hide", "deny", "abandon"}
# what a love is called when it is none: "my love for golf is over", "... is a lie"
LOVE_DENIED = {"over", "gone", "fake", "lie", "zero", "nonexistent", "dead", "done", "joke"}


def _love_denied(noun: Any) -> bool:
    """Whether the sentence takes the love back: its verb ends, feigns or wishes it ("my
    love for football died", "gave up my passion for dance"), calls it none ("... is a
    lie", "is over", "is zero"), denies it, or the message jokes or ends it ("lol jk",
    "not anymore"), or quotes the word."""
    verb = noun.head if noun.dep_ != "pobj" else noun.head.head
    said = {t.lower_ for t in noun.doc}
    after = noun.doc[noun.right_edge.i + 1:noun.sent.end]  # what is said of it
    return verb.lemma_.lower() in LOVE_ENDS or negated(verb) or bool(
        said & {"jk", "anymore", "lie"}) or noun.dep_ in ("nsubj", "nsubjpass") and (
        noun.sent.root.lemma_.lower() in LOVE_ENDS or any(
            t.lemma_.lower() in LOVE_DENIED or t.lower_ in LOVE_DENIED for t in after)) or any(
        t.text in QUOTES for t in noun.sent)


def love_for(clause: Clause) -> list[RawFact]:
    """"my love for dance and fashion", "our shared love of basketball" -> the speaker
    likes dance, fashion, basketball. Nothing for one's own people or things ("my love
    for my kids", "for my dog Max"), a person written lower case ("my love for tom"),
    what is no taste ("my love for life", "for the game", lexicon ``not_loved_things``),
    another's love ("your love for jazz"), or a love taken back (``_love_denied``)."""
    liked = []
    for noun in clause.sent:
        owner = child(noun, "poss")
        if noun.lemma_.lower() not in LIKINGS or noun.pos_ != "NOUN" or owner is None \
                or owner.lower_ not in ("my", "our") or _love_denied(noun):
            continue
        of = prep_of(noun, "for", "of")
        thing = child(of, "pobj", "pcomp") if of is not None else None
        if thing is not None:
            liked += [t for t in with_conjuncts(thing) if not is_kin(t)
                      and not (t.ent_type_ in ("PERSON", "NORP") and t.text.islower())
                      and child(t, "poss") is None
                      and t.lemma_.lower() not in LEX.not_loved_things | LEX.people_served
                      and not (t.pos_ == "PROPN" and t.text.islower())
                      and not any(v.pos_ in ("VERB", "AUX") and v.i != t.i for v in t.subtree)]
            # ("my passion for helping people led me to nursing": the parse's slip)
    return facts_of(clause, [SPEAKER], [("likes", t) for t in liked], "love_for", 0.6,
                    False)

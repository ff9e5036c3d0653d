"""Sentence-level filters: what carries no assertion at all, and the cues a fact carries.

Hedges, reported speech and negation are read per clause (``extract.clauses``): one
"might" drops its own clause, not the sentence. What stays here is what a whole
sentence is: a question, a request, or no words at all.
"""

from __future__ import annotations

import re
from typing import Any

from extract.lexicon import lexicon

Span = Any  # spacy.tokens.Span; kept loose so this module imports without spaCy

WH_TAGS = {"WDT", "WP", "WP$", "WRB"}


TAG_VERBS = ("hear", "know", "see")  # a tag question's: "..., did you hear?"
TAG_YOU = ("you", "u", "ya")  # whom a tag question is put to: "..., u coming?"


# "you know I play bass, right?": a statement put to be agreed with, no question
KNOWN_RIGHT = re.compile(r"(?i)^(?:you|u|ya)\s+know\s+(?:that\s+)?(?!what\b|how\b|why\b|"
                         r"when\b|where\b|who\b|if\b|whether\b)\w.*[, ]\s*right\s*\?+$")


def is_question(sent: Span) -> bool:
    text = sent.text.strip()
    if KNOWN_RIGHT.match(text) and any(t.dep_ == "ccomp" and any(
            c.dep_ in ("nsubj", "nsubjpass") for c in t.children) for t in sent):
        return False
    last = next((t for t in reversed(sent) if not t.is_punct), None)
    if last is not None and last.lower_ == "right" and last.pos_ == "ADV" and any(
            c.dep_ in ("attr", "acomp", "dobj", "prep") and c.i < last.i
            for c in last.head.children):
        return True  # "shes vegetarian now right": asked, to be agreed with (not "turn
        # right", "she's always right")
    if text.endswith("?"):  # (not "my brother is moving to perth, did you hear?" nor
        # "my party is on the 20th, u coming?": a tag asks nothing of the statement)
        return not any(t.dep_ == "parataxis" and (t.lemma_.lower() in TAG_VERBS or any(
            c.dep_ == "nsubj" and c.lower_ in TAG_YOU for c in t.children)
            and t.lemma_.lower() not in lexicon().opinion_tags)
            and t.i > sent.root.i for t in sent) and not _question_aside(sent)
    words = _past_openers([t for t in sent if not t.is_punct])
    if not words:
        return False
    first = words[0]
    wh = next((t for t in words[:3] if t.tag_ in WH_TAGS
               and not any(a.dep_ == "relcl" for a in [t, *t.ancestors])), None)
    if wh is not None and wh.i > first.i and all(
            t.pos_ in ("INTJ", "PROPN", "NOUN", "ADP", "SCONJ", "CCONJ", "ADJ", "ADV")
            for t in words[:words.index(wh)]):
        first = wh  # "babe what time is ur flight", "since when do u", "and when do u": a
        # vocative, a preposition or a conjunction before the question
    if first.tag_ in WH_TAGS and first.i > words[0].i and first.i + 2 < sent.end and (
            first.nbor().lemma_ in ("do", "be", "have", "will", "can")
            and first.nbor(2).dep_ == "nsubj" and first.nbor(2).pos_ in ("PRON", "PROPN")):
        return True  # "amazing when do u move in": the parser took "amazing" for the verb
    if first.tag_ in WH_TAGS and _auxless(first, sent):
        return True
    if first.tag_ in WH_TAGS and any(t.dep_ == "aux" or t.lemma_ == "be" or (
            t.i == first.i + 1 and t.lower_ in ("'s", "’s")) for t in sent):
        # ("Where's jess these days": the parser may take that "'s" for a possessive)
        # "When I was a kid, I ...": a subject straight after the wh-word, with no verb
        # put before it, opens a subordinate clause, which asks nothing
        after = first.doc[first.i + 1] if first.i + 1 < sent.end else None
        uninverted = after is not None and after.dep_ in ("nsubj", "nsubjpass") \
            and after.pos_ in ("PRON", "PROPN")
        return first.i < sent.root.i and not uninverted and first.head.dep_ not in (
            "advcl", "relcl")
    if first.pos_ != "AUX" or first.dep_ not in ("aux", "ROOT"):
        return False
    subject = next((t for t in sent if t.dep_ in ("nsubj", "expl") and t.i > first.i
                    and t.head.i in (first.i, first.head.i)), None)
    # (its own subject: "Was super nervous when I shared it" drops its "I", asking nothing)
    # an inverted question's subject follows its auxiliary with no pause: "Can you come",
    # not "Can't this weekend, I'm going to Madrid" (a dropped "I")
    return subject is not None and not any(
        t.is_punct for t in first.doc[first.i + 1:subject.i])


def _auxless(wh: Any, sent: Span) -> bool:
    """A question put to "you" as chat writes it, without its auxiliary: "where you
    working now", "what time u land" (not "when you get there, text me", whose verb
    is not the sentence's own, nor "what you need is sleep")."""
    at = wh.i + 1 if wh.i + 1 < sent.end and wh.nbor().pos_ != "NOUN" else wh.i + 2
    you = sent.doc[at] if at < sent.end else None
    return you is not None and you.lower_ in ("you", "u") and you.dep_ == "nsubj" \
        and you.head == sent.root and sent.root.tag_ in ("VB", "VBP", "VBG") \
        and not any(t.dep_ in ("aux", "auxpass") for t in sent.root.children)


def _question_aside(sent: Span) -> bool:
    """A statement, then a dash and a question of its own ("Spider-Man has always been a
    favorite of mine - I mean, who doesn't love him?"): the question is an aside."""
    dash = next((t for t in sent if t.text in ("-", "–", "—") and t.i > sent.start
                 and sent.doc[t.i - 1].whitespace_ and t.whitespace_), None)
    return dash is not None and any(
        t.pos_ in ("VERB", "AUX") and t.i < dash.i and t.dep_ in ("ROOT", "ccomp") and any(
            c.dep_ in ("nsubj", "nsubjpass") and c.i < dash.i for c in t.children)
        for t in sent)


def _past_openers(words: list[Any]) -> list[Any]:
    """A sentence's words from the first that is not chat's opener ("wait", "omg", "ok",
    "btw"): "wait do u have a dog" asks as "do u have a dog" does."""
    lex = lexicon()
    openers = lex.not_names | lex.interjections | lex.fillers
    n = 0
    while n < len(words) - 1 and words[n].lower_ in openers:
        n += 1
    return words[n:]


def is_imperative_request(sent: Span) -> bool:
    """"Tell me ...", "Remind me ...": requests, not facts (``call me X`` is the exception)."""
    root = sent.root
    first = next((t for t in sent if not t.is_punct), None)
    return (first == root and root.tag_ == "VB" and root.lemma_ != "call"
            and not is_past_form(root)  # "Lost my job": a past, its "I" dropped
            and not any(c.dep_ == "nsubj" for c in root.children)
            and not guess_what(root))


def guess_what(root: Any) -> bool:
    """"Guess what, I finally adopted a puppy": news announced, not a request; the
    statement after it, with its own subject, stands."""
    return root.lemma_.lower() in ("guess", "imagine") and any(
        t.lower_ == "what" for t in root.doc[root.i + 1:root.i + 2]) and any(
        c.dep_ in ("ccomp", "parataxis") and any(s.dep_ in ("nsubj", "nsubjpass")
                                                  for s in c.children) for c in root.children)


def is_past_form(token: Any) -> bool:
    """Spelt as a past ("worked", "lost", "went"), whatever the tagger says."""
    low = token.lower_
    return low.endswith("ed") and len(low) > 4 or low in lexicon().irregular_pasts


def has_update_cue(sent: Span) -> bool:
    lowered = sent.text.lower()
    return any(t.lower_ in lexicon().update_cues for t in sent) or "changed to" in lowered


def why_not_a_fact(sent: Span) -> str:
    """The reason a sentence carries no assertion, or '' if it may."""
    if not any(t.is_alpha for t in sent):
        return "no_content"
    if is_question(sent):
        return "question"
    if is_imperative_request(sent):
        return "request"
    return ""

"""Sentence-level filters: what is not a fact, and the cues a fact carries.

Each function reads one parsed sentence (a spaCy ``Span``) and answers one question.
"""

from __future__ import annotations

from typing import Any

Span = Any  # spacy.tokens.Span; kept loose so this module imports without spaCy

WH_TAGS = {"WDT", "WP", "WP$", "WRB"}
HEDGES = {"if", "would", "'d", "could", "might", "maybe", "perhaps", "should", "wish", "hope",
          "unless", "suppose", "supposing", "imagine", "probably", "may"}
REPORTING = {"say", "tell", "claim", "hear", "think", "believe", "guess", "suppose", "reckon",
             "wonder", "ask"}
UPDATE_CUES = {"now", "actually", "anymore", "longer", "changed", "change", "rebranded",
               "rebrand", "moved", "switched", "new", "since", "updated", "instead"}
ENDING_PHRASES = ("no longer", "any more", "anymore", "not anymore", "stopped", "quit")


def is_question(sent: Span) -> bool:
    text = sent.text.strip()
    if text.endswith("?"):
        return True
    first = next((t for t in sent if not t.is_punct), None)
    if first is None:
        return False
    if first.tag_ in WH_TAGS and any(t.dep_ == "aux" or t.lemma_ == "be" for t in sent):
        return first.i < sent.root.i
    return first.pos_ == "AUX" and first.dep_ in ("aux", "ROOT") and any(
        t.dep_ in ("nsubj", "expl") and t.i > first.i for t in sent
    )


def is_hypothetical(sent: Span) -> bool:
    return any(t.lower_ in HEDGES and t.dep_ in ("mark", "aux", "advmod", "ROOT")
               for t in sent)


def is_reported(sent: Span) -> bool:
    root = sent.root
    return root.lemma_ in REPORTING and any(c.dep_ in ("ccomp", "xcomp") for c in root.children)


def is_imperative_request(sent: Span) -> bool:
    """"Tell me ...", "Remind me ...": requests, not facts (``call me X`` is the exception)."""
    root = sent.root
    first = next((t for t in sent if not t.is_punct), None)
    return (first is root and root.tag_ == "VB" and root.lemma_ != "call"
            and not any(c.dep_ == "nsubj" for c in root.children))


def is_negated(token: Any) -> bool:
    return any(c.dep_ == "neg" for c in token.children)


def has_ending_cue(sent: Span) -> bool:
    text = sent.text.lower()
    return any(phrase in text for phrase in ENDING_PHRASES)


def has_update_cue(sent: Span) -> bool:
    lowered = sent.text.lower()
    return any(t.lower_ in UPDATE_CUES for t in sent) or "changed to" in lowered


def why_not_a_fact(sent: Span) -> str:
    """The reason a sentence carries no assertion, or '' if it may."""
    if not any(t.is_alpha for t in sent):
        return "no_content"
    if is_question(sent):
        return "question"
    if is_hypothetical(sent):
        return "hypothetical"
    if is_reported(sent):
        return "reported"
    if is_imperative_request(sent):
        return "request"
    return ""

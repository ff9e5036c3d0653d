"""Fact patterns over the dependency parse. Each returns raw facts for one sentence.

Subjects are left as written or as the markers SPEAKER / ORG (first person
singular / plural); resolving them to names is a later step's job.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from extract.values import object_kind, object_text
from kg.models import ObjectKind

SPEAKER = "<speaker>"
ORG = "<org>"
FIRST_SINGULAR = {"i", "me", "my", "mine", "myself"}
FIRST_PLURAL = {"we", "us", "our", "ours", "ourselves"}

# verb lemma -> (predicate, prepositions that introduce the object, or () for a direct object)
VERB_FACTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "live": ("lives_in", ("in", "at")),
    "reside": ("lives_in", ("in",)),
    "move": ("lives_in", ("to",)),
    "relocate": ("lives_in", ("to",)),
    "work": ("works_at", ("at", "for")),
    "join": ("works_at", ()),
    "prefer": ("prefers", ()),
    "like": ("likes", ()),
    "love": ("likes", ()),
    "enjoy": ("likes", ()),
    "adore": ("likes", ()),
    "hate": ("dislikes", ()),
    "dislike": ("dislikes", ()),
    "detest": ("dislikes", ()),
    "speak": ("speaks", ()),
    "own": ("owns", ()),
    "use": ("uses", ()),
    "switch": ("uses", ("to",)),
    "bear": ("born_in", ("in",)),
    "study": ("studies", ()),
    "play": ("plays", ()),
}
UPDATE_VERBS = {"move", "relocate", "join"}


@dataclass(frozen=True)
class RawFact:
    subject: str
    predicate: str
    object: str
    object_kind: ObjectKind
    pattern: str
    confidence: float
    start: int  # token span of the evidence in the doc
    end: int
    negated: bool = False


def negated(root: Any) -> bool:
    """A ``neg`` on the verb, or "no longer" / "never" anywhere in its clause."""
    return any(c.dep_ == "neg" for c in root.children) or any(
        t.lower_ == "never" or (t.lower_ == "no" and t.head.lower_ == "longer")
        for t in root.subtree)


def subject_of(token: Any) -> str:
    """SPEAKER, ORG, a proper name, or '' when the subject is not one we can name."""
    low = token.lower_
    if low in FIRST_SINGULAR:
        return SPEAKER
    if low in FIRST_PLURAL:
        return ORG
    if token.pos_ == "PROPN" or token.ent_type_ in ("PERSON", "ORG", "GPE"):
        return _name_span(token)
    return ""


def _name_span(token: Any) -> str:
    parts = [t for t in token.subtree if t.dep_ in ("compound", "flat", "nummod")
             or t is token]
    parts = [t for t in parts if t.pos_ in ("PROPN", "NOUN", "ADJ", "NUM") or t is token]
    doc = token.doc
    return doc[min(t.i for t in parts):max(t.i for t in parts) + 1].text.rstrip(".")


def _child(token: Any, *deps: str) -> Any | None:
    return next((c for c in token.children if c.dep_ in deps), None)


def _span(token: Any) -> Any:
    return token.doc[token.left_edge.i:token.right_edge.i + 1]


def _with_conjuncts(token: Any) -> list[Any]:
    out = [token]
    for c in token.children:
        if c.dep_ == "conj":
            out.extend(_with_conjuncts(c))
    return out


def _predicate_words(noun: Any) -> str:
    """"brand colour", "opening hours", "heading font": the noun with its modifiers, as
    written (lemmas would turn "heading" into "head" and "best" into "good")."""
    mods = [c for c in noun.children if c.dep_ in ("compound", "amod") and c.i < noun.i]
    return " ".join([*(m.lower_ for m in mods), noun.lower_])


def owner_and_predicate(noun: Any) -> tuple[str, str]:
    """Who owns a possessed noun and what the relation is called: "our brand colour" ->
    (ORG, "brand colour"); "my dog's name" -> (SPEAKER, "dog name")."""
    poss = _child(noun, "poss")
    if poss is None:
        return "", ""
    inner = _child(poss, "poss") if poss.pos_ == "NOUN" else None
    if inner is not None and subject_of(inner) in (SPEAKER, ORG):
        return subject_of(inner), f"{_predicate_words(poss)} {_predicate_words(noun)}"
    return subject_of(poss), _predicate_words(noun)


def copular(sent: Any) -> list[RawFact]:
    """"Our brand colour is X", "My name is X", "Acme's CEO is X", "I am a designer"."""
    root = sent.root
    if root.lemma_ != "be":
        return []
    subj = _child(root, "nsubj")
    comp = _child(root, "attr", "acomp", "oprd")
    if comp is None and subj is not None:
        # "Our office is in Hamburg", "My birthday is on March 3rd"
        prep = next((c for c in root.children if c.dep_ == "prep"
                     and c.lower_ in ("in", "on", "at")), None)
        comp = _child(prep, "pobj") if prep is not None else None
    if subj is None or comp is None:
        return []
    facts = []
    owner_token = _child(subj, "poss")
    is_negated = negated(root)
    appos = _child(subj, "appos")
    if owner_token is not None and appos is not None and appos.pos_ == "PROPN":
        # "My sister Maya is a nurse": Maya is the subject; the relation is a fact too.
        owner = subject_of(owner_token)
        if owner:
            facts.append(RawFact(owner, _predicate_words(subj), _name_span(appos),
                                 ObjectKind.entity, "possessive", 0.85, sent.start, sent.end,
                                 is_negated))
        subj, owner_token = appos, None
    for obj in _with_conjuncts(comp):
        span = _conj_span(obj)
        value = object_text(span)
        if not value:
            continue
        kind = object_kind(span)
        if comp.pos_ == "PROPN" and obj is comp:
            value = _name_span(comp)  # "Priya, the design lead at Acme" -> "Priya"
        if owner_token is not None and subj.pos_ in ("NOUN", "PROPN"):
            owner, predicate = owner_and_predicate(subj)
            if not owner:
                continue
            facts.append(RawFact(owner, predicate, value, kind, "possessive", 0.9,
                                 sent.start, sent.end, is_negated))
        elif subj.lower_ in FIRST_SINGULAR | FIRST_PLURAL or subj.pos_ == "PROPN":
            who = subject_of(subj)
            if comp.dep_ == "acomp" and kind not in (ObjectKind.colour,):
                continue  # "I'm tired": a state, not a durable fact
            if kind == ObjectKind.entity and who == SPEAKER and comp.pos_ == "PROPN":
                facts.append(RawFact(who, "name", value, ObjectKind.string, "identity", 0.8,
                                     sent.start, sent.end, is_negated))
            elif who:
                facts.append(RawFact(who, "is_a", value, kind, "identity", 0.7,
                                     sent.start, sent.end, is_negated))
        elif subj.pos_ == "NOUN" and _child(subj, "det") is not None:
            facts.append(RawFact("", _predicate_words(subj), value, kind, "definite", 0.75,
                                 sent.start, sent.end, is_negated))
    return facts


def _conj_start(token: Any) -> int:
    """Where the object's own words end: before a conjunction, or a prepositional phrase
    that says something else ("Notion for documentation", "email over calls")."""
    conj = [c for c in token.children if c.dep_ in ("conj", "cc", "prep") and c.i > token.i]
    end = min((c.i for c in conj), default=token.right_edge.i + 1)
    # drop a comma before the conjunction
    while end - 1 > token.i and token.doc[end - 1].is_punct:
        end -= 1
    return end


def naming_or_change(sent: Any) -> list[RawFact]:
    """"Our product is called Beacon"; "Our heading font changed to Lora"."""
    root = sent.root
    if root.lemma_ == "call":
        subj, name = _child(root, "nsubjpass"), _child(root, "oprd", "attr")
        pattern, confidence = "called", 0.85
    elif root.lemma_ in ("change", "switch", "move"):
        subj = _child(root, "nsubj")
        to = next((c for c in root.children if c.dep_ == "prep" and c.lower_ == "to"), None)
        name = _child(to, "pobj") if to is not None else None
        pattern, confidence = "changed_to", 0.85
    else:
        return []
    if subj is None or name is None or _child(subj, "poss") is None:
        return []
    owner, predicate = owner_and_predicate(subj)
    if not owner:
        return []
    span = _conj_span(name)
    return [RawFact(owner, predicate, object_text(span), object_kind(span), pattern, confidence,
                    sent.start, sent.end, negated(root))]


def verb_fact(sent: Any) -> list[RawFact]:
    """"I live in X", "X works at Y", "we use X for Y", "I prefer X", "call me X"."""
    root = sent.root
    lemma = root.lemma_.lower()
    if lemma == "call":
        me, name = _child(root, "dobj"), _child(root, "oprd", "xcomp", "attr")
        if me is not None and me.lower_ == "me" and name is not None:
            return [RawFact(SPEAKER, "name", object_text(_span(name)), ObjectKind.string,
                            "call_me", 0.9, sent.start, sent.end)]
        return []
    if lemma not in VERB_FACTS:
        return []
    subj = _child(root, "nsubj", "nsubjpass")
    if subj is None:
        return []
    who = subject_of(subj)
    if not who:
        return []
    predicate, preps = VERB_FACTS[lemma]
    objects: list[Any] = []
    if preps:
        for prep in (c for c in root.children if c.dep_ == "prep" and c.lower_ in preps):
            pobj = _child(prep, "pobj")
            if pobj is not None:
                objects.extend(_with_conjuncts(pobj))
        if lemma == "work":
            as_prep = next((c for c in root.children if c.dep_ == "prep" and c.lower_ == "as"),
                           None)
            if as_prep is not None and _child(as_prep, "pobj") is not None:
                predicate, objects = "role", [_child(as_prep, "pobj")]
    else:
        dobj = _child(root, "dobj")
        if dobj is not None:
            objects.extend(_with_conjuncts(dobj))
        xcomp = _child(root, "xcomp")  # "I love to paint"
        if not objects and xcomp is not None and lemma in ("like", "love", "enjoy", "prefer"):
            objects.append(xcomp)
    if lemma in ("use", "switch"):
        # "we use X for Y" / "we switched to X for Y": the tool for Y (one value)
        heads = [root, *objects[:1]]
        purpose = next((c for h in heads for c in h.children
                        if c.dep_ == "prep" and c.lower_ == "for"), None)
        target = _child(purpose, "pobj") if purpose is not None else None
        if target is not None:  # "for dashboards" -> "dashboard tool"
            mods = [c.lower_ for c in target.children if c.dep_ in ("compound", "amod")]
            predicate = " ".join([*mods, target.lemma_.lower(), "tool"])
        elif lemma == "switch":
            return []  # "we switched to X" says what changed, not to what role
    is_negated = negated(root)
    facts = []
    for obj in objects:
        span = _conj_span(obj)
        value = object_text(span)
        if not value or obj.pos_ == "PRON":
            continue
        kind = object_kind(span)
        facts.append(RawFact(who, predicate, value, kind, f"verb:{lemma}", 0.85,
                             sent.start, sent.end, is_negated))
    return facts


def schedule_fact(sent: Any) -> list[RawFact]:
    """"Our fiscal year starts in April": a possessed noun that starts or ends on a date."""
    root = sent.root
    if root.lemma_ not in ("start", "begin", "end"):
        return []
    subj = _child(root, "nsubj")
    owner = _child(subj, "poss") if subj is not None else None
    if subj is None or owner is None or not subject_of(owner):
        return []
    facts = []
    for prep in (c for c in root.children if c.dep_ == "prep" and c.lower_ in ("in", "on", "at")):
        pobj = _child(prep, "pobj")
        if pobj is not None:
            span = _conj_span(pobj)
            facts.append(RawFact(subject_of(owner), f"{_predicate_words(subj)} {root.lemma_}",
                                 object_text(span), object_kind(span), "schedule", 0.85,
                                 sent.start, sent.end, negated(root)))
    return facts


def _conj_span(token: Any) -> Any:
    return token.doc[token.left_edge.i:_conj_start(token)]


# Verbs that say little by themselves, or that other patterns read already.
LIGHT_VERBS = {"be", "have", "do", "get", "make", "feel", "think", "know", "want", "need",
               "hope", "wish", "guess", "mean", "say", "tell", "see", "look", "seem", "try",
               "let", "take", "give", "keep", "put", "find", "thank", "call", "change",
               "switch", "start", "begin", "end", "ask", "hear", "believe", "wonder", "miss"}
EVENT_PREPS = ("to", "at", "in", "for", "with", "on", "from")
EVENT_PREFIX = "did_"


def activity(sent: Any) -> list[RawFact]:
    """Something someone did, in the past tense: "I went to a support group", "Melanie
    painted a sunrise". Many-valued (``did_<verb>[_<particle>][_<preposition>]``), dated
    by the turn; lower confidence than the attribute patterns."""
    root = sent.root
    lemma = root.lemma_.lower()
    if root.pos_ != "VERB" or root.tag_ != "VBD" or lemma in LIGHT_VERBS or lemma in VERB_FACTS:
        return []
    subj = _child(root, "nsubj")
    who = subject_of(subj) if subj is not None else ""
    if not who:
        return []
    words = [lemma] + [c.lower_ for c in root.children if c.dep_ == "prt"]
    obj = _child(root, "dobj")
    if obj is None:
        prep = next((c for c in root.children if c.dep_ == "prep" and c.lower_ in EVENT_PREPS
                     and _child(c, "pobj") is not None), None)
        if prep is None:
            return []
        obj = _child(prep, "pobj")
        words.append(prep.lower_)
    if obj.pos_ == "PRON":
        return []
    span = _conj_span(obj)
    value = object_text(span)
    if not value:
        return []
    return [RawFact(who, EVENT_PREFIX + "_".join(words), value, object_kind(span), "activity",
                    0.6, sent.start, sent.end, negated(root))]


PATTERNS = (copular, verb_fact, schedule_fact, naming_or_change, activity)


def clauses(sent: Any) -> list[Any]:
    """The sentence, and each coordinated clause with its own subject ("I live in X and
    I like Y"), as spans whose root is the clause's verb."""
    out = [sent]
    for conj in (c for c in sent.root.children if c.dep_ == "conj"):
        if any(c.dep_ in ("nsubj", "nsubjpass") for c in conj.children):
            out.append(sent.doc[conj.left_edge.i:conj.right_edge.i + 1])
    return out


def find_facts(sent: Any) -> list[RawFact]:
    """Every pattern's facts for one sentence and its coordinated clauses."""
    return [fact for clause in clauses(sent) for pattern in PATTERNS for fact in pattern(clause)]

"""Fact patterns over the dependency parse. Each returns raw facts for one sentence.

Subjects are left as written or as the markers SPEAKER / ORG / GROUP (first person
singular / plural / plural in an episode); resolving them to names is a later step's job.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from extract.values import object_kind, object_text
from kg.models import ObjectKind
from kg.registry import EVENT_PREFIXES

SPEAKER = "<speaker>"
ORG = "<org>"
# "we" as the subject of a verb ("we use Figma", "we went camping"): the organisation if
# the turn names one, else the speaker (our brand colour stays the organisation's: ORG)
GROUP = "<we>"
EVENT_PREFIX, DOING_PREFIX, PLAN_PREFIX = EVENT_PREFIXES
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
    if comp is None and subj is not None and _child(subj, "poss", "det") is not None:
        # "Our office is in Hamburg", "My birthday is on March 3rd" (not "I'm on fire")
        prep = next((c for c in root.children if c.dep_ == "prep"
                     and c.lower_ in ("in", "on", "at")), None)
        comp = _child(prep, "pobj") if prep is not None else None
    if (comp is None or comp.pos_ == "PRON" or root.tag_ == "VBD"
            or any(c.tag_ == "MD" for c in root.children)):
        return []  # "when I was a kid", "they will be happy": not a current attribute
    if subj is None:
        return _gerund_is_mine(root, comp, sent)
    comp_owner = _child(comp, "poss")
    if subj.pos_ == "PROPN" and comp_owner is not None and comp.pos_ == "NOUN":
        # "Harry Potter is my favourite book": my favourite book is Harry Potter
        owner, predicate = owner_and_predicate(comp)
        return [RawFact(owner, predicate, _name_span(subj), ObjectKind.entity, "possessive",
                        0.85, sent.start, sent.end, negated(root))] if owner else []
    facts = []
    owner_token = _child(subj, "poss")
    # "I'm no writer": the complement's "no" denies it
    is_negated = negated(root) or any(c.dep_ == "det" and c.lower_ == "no"
                                      for c in comp.children)
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
            if not owner or (comp.dep_ == "acomp" and (
                    root.lower_ == "been"
                    or any(c.dep_ == "aux" and c.lemma_ == "have" for c in root.children)
                    or any(c.dep_ == "advmod" for c in comp.children))):
                continue  # "my store has been tough", "my kids are so excited": a mood
            facts.append(RawFact(owner, predicate, value, kind, "possessive", 0.9,
                                 sent.start, sent.end, is_negated))
        elif subj.lower_ in FIRST_SINGULAR | FIRST_PLURAL or subj.pos_ == "PROPN":
            who = subject_of(subj)
            if comp.dep_ == "acomp" and kind not in (ObjectKind.colour,):
                facts += _disposition(who, comp, sent, is_negated)
                continue  # "I'm tired": a state, not a durable fact
            if obj.lemma_.lower() in FANS:
                facts += _fan_of(who, obj, sent, is_negated)
                break  # its conjuncts were read as more things liked
            if kind == ObjectKind.entity and who == SPEAKER and comp.pos_ == "PROPN":
                facts.append(RawFact(who, "name", value, ObjectKind.string, "identity", 0.8,
                                     sent.start, sent.end, is_negated))
            elif who and (who == SPEAKER or not _evaluative(obj)) and not _idiomatic(obj):
                facts.append(RawFact(who, "is_a", value, kind, "identity", 0.7,
                                     sent.start, sent.end, is_negated))
        elif subj.pos_ == "NOUN" and _child(subj, "det") is not None:
            facts.append(RawFact("", _predicate_words(subj), value, kind, "definite", 0.75,
                                 sent.start, sent.end, is_negated))
    return facts


def _gerund_is_mine(root: Any, comp: Any, sent: Any) -> list[RawFact]:
    """"Winning a championship is my number one goal" -> goal = winning a championship."""
    csubj = _child(root, "csubj")
    if csubj is None or csubj.tag_ != "VBG" or comp.pos_ != "NOUN" or _child(
            comp, "poss") is None:
        return []
    owner, predicate = owner_and_predicate(comp)
    value = object_text(sent.doc[csubj.left_edge.i:csubj.right_edge.i + 1])
    return [RawFact(owner, predicate, value, ObjectKind.string, "possessive", 0.8,
                    sent.start, sent.end, negated(root))] if owner and value else []


FANS = {"fan", "lover"}


def _fan_of(who: str, fan: Any, sent: Any, is_negated: bool) -> list[RawFact]:
    """"I'm a big fan of pottery" -> likes pottery; "a fan of jazz, as well as modern
    music" -> likes jazz, likes modern music. No "of", no fact ("I'm a huge fan")."""
    prep = next((c for c in fan.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    pobj = _child(prep, "pobj", "pcomp") if prep is not None else None
    if not who or pobj is None:
        return []
    liked = _with_conjuncts(pobj) + [c for c in fan.children if c.dep_ == "conj"
                                     and c.pos_ in ("NOUN", "PROPN")]
    facts = []
    for obj in liked:
        span = _conj_span(obj)
        value = object_text(span)
        if value and obj.pos_ != "PRON":
            facts.append(RawFact(who, "likes", value, object_kind(span), "preference", 0.8,
                                 sent.start, sent.end, is_negated))
    return facts


def _idiomatic(noun: Any) -> bool:
    """"I'm game for trying", "I'm home for the holidays": a bare singular noun with a
    preposition after it is a turn of phrase, not what someone is ("I'm vegan" is);
    "kind of a sucker for X" is a hedge."""
    if any(c.lower_ == "of" and any(k.lower_ in ("kind", "sort") for k in c.children)
           for c in noun.children) or noun.lower_ in ("kind", "sort"):
        return True
    if any(c.dep_ == "det" and c.lower_ in ("every", "each") for c in noun.children):
        return True  # "I'm here for you every step of the way"
    return (noun.pos_ == "NOUN" and noun.tag_ == "NN" and _child(noun, "det", "poss") is None
            and any(c.dep_ == "prep" for c in noun.children))


DEICTIC = {"this", "that", "these", "those"}


def _unresolved(obj: Any) -> bool:
    """An object that only the moment resolves: "this series" (a thing shown), "holding
    them", "having them around" (a gerund about a pronoun), "your purse" (the listener's)."""
    if any(c.dep_ == "det" and c.lower_ in DEICTIC for c in obj.children) and not any(
            c.dep_ in ("compound", "amod") or c.pos_ == "PROPN" for c in obj.children):
        return True
    if any(c.dep_ == "poss" and c.lower_ in ("your", "yours") for c in obj.children):
        return True
    return obj.tag_ == "VBG" and any(c.dep_ == "dobj" and c.pos_ == "PRON"
                                     for c in obj.children)


def _evaluative(noun: Any) -> bool:
    """"such an inspiring writer", "a great city": an opinion about someone else."""
    return any(c.dep_ == "amod" or c.lower_ == "such" for c in noun.children)


# Adjectives that, with their preposition, say something lasting about a person:
# "I'm allergic to cats", "she's passionate about dance", "I'm fluent in Spanish".
DISPOSITIONS = {"allergic", "afraid", "scared", "terrified", "interested", "passionate",
                "fond", "fluent", "married", "engaged", "addicted", "good", "skilled",
                "experienced", "obsessed", "vegan", "vegetarian", "intolerant", "keen"}


def _disposition(who: str, adjective: Any, sent: Any, is_negated: bool) -> list[RawFact]:
    """"I'm allergic to most reptiles and animals with fur" -> allergic_to reptiles,
    allergic_to animals (many-valued)."""
    if not who or adjective.lemma_.lower() not in DISPOSITIONS:
        return []
    facts = []
    for prep in (c for c in adjective.children if c.dep_ == "prep"):
        pobj = _child(prep, "pobj", "pcomp")
        if pobj is None:
            continue
        for obj in _with_conjuncts(pobj):
            span = _conj_span(obj)
            value = object_text(span)
            if value and obj.pos_ != "PRON":
                facts.append(RawFact(who, f"{adjective.lower_}_{prep.lower_}", value,
                                     object_kind(span), "disposition", 0.8, sent.start,
                                     sent.end, is_negated))
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
    who = GROUP if subject_of(subj) == ORG else subject_of(subj)
    if not who:
        return []
    predicate, preps = VERB_FACTS[lemma]
    objects: list[Any] = []
    if preps:
        for prep in (c for c in root.children if c.dep_ == "prep" and c.lower_ in preps):
            pobj = _child(prep, "pobj")
            if pobj is not None and pobj.lower_ not in PREP_IDIOMS:
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
        if not value or obj.pos_ == "PRON" or obj.lower_ in NOT_THINGS or (
                span[0].tag_ in ("WP", "WDT", "WRB")) or _unresolved(obj):
            continue  # "I like what I hear", "I love this series", "I like holding them"
        kind = object_kind(span)
        # "I joined Initech" is a job; "I joined a book club" is a membership
        said = "member_of" if lemma == "join" and kind != ObjectKind.entity else predicate
        facts.append(RawFact(who, said, value, kind, f"verb:{lemma}", 0.85,
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


# Objects that are no thing one can like or do: "I love the thought", "the idea".
NOT_THINGS = {"thought", "idea", "sound", "way", "feeling", "vibe", "vibes", "energy"}
QUANTITIES = {"lot", "lots", "few", "bit", "one", "ones", "some", "plenty", "couple",
              "bunch", "ton", "tons", "all", "most", "many", "much", "more", "part", "mix",
              "sorts", "kinds", "share"}
ASIDES = {"too", "also", "so", "as", "well", "either", "though", "anyway"}


def _conj_span(token: Any) -> Any:
    """The object's words: a noun with its modifiers, up to a conjunction or a
    prepositional phrase; a gerund with its whole phrase ("getting lost in fantasy
    worlds"), less trailing asides ("too"). Empty for a bare quantity ("a lot")."""
    doc = token.doc
    if token.lower_ in QUANTITIES:
        of = next((c for c in token.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        thing = _child(of, "pobj") if of is not None else None
        if thing is None:
            return doc[token.i:token.i]
        return doc[token.left_edge.i:_conj_start(thing)]  # "all kinds of hurdles"
    if token.tag_ == "VBG":
        cut = [c.i for c in token.children if c.dep_ in ("conj", "cc") and c.i > token.i]
        end = min(cut, default=token.right_edge.i + 1)
        while end - 1 > token.i and (doc[end - 1].is_punct or doc[end - 1].lower_ in ASIDES):
            end -= 1
        return doc[token.left_edge.i:end]
    return doc[token.left_edge.i:_conj_start(token)]


# Verbs that say little by themselves, or that other patterns read already.
LIGHT_VERBS = {"be", "feel", "think", "know", "want", "need",
               "hope", "wish", "guess", "mean", "say", "tell", "see", "look", "seem", "try",
               "let", "give", "keep", "put", "find", "thank", "call", "change",
               "switch", "end", "ask", "hear", "believe", "wonder", "miss"}
# "have", "make", "get", "take" and "do" name an episode only with a thing that happened,
# was made or was got: "we had a picnic", "I made a bowl", not "I had a blast" or "it made
# my day".
THIN_VERBS = {"have", "make", "get", "take", "do"}
IDIOM_OBJECTS = {"time", "blast", "fun", "chance", "feeling", "look", "word", "go", "try",
                 "day", "night", "week", "moment", "point", "sense", "difference", "idea",
                 "way", "progress", "mistake", "friend", "friends", "call", "decision",
                 "best", "job", "thing", "stuff", "laugh", "care", "part", "place", "note",
                 "photo", "pic", "picture", "shot", "lot", "bit", "ton", "bunch", "couple",
                 "plenty", "ok", "okay", "well", "fine", "good", "great", "love", "passion",
                 "soft spot", "crush"}
PLAN_VERBS = {"plan", "intend", "decide", "aim", "arrange"}
EVENT_PREPS = ("to", "at", "in", "for", "with", "on", "from", "about", "into")
# "in hopes of", "for a while", "in fact": a preposition's object that is no place or thing
PREP_IDIOMS = {"hope", "hopes", "fact", "general", "particular", "order", "case", "while",
               "time", "moment", "way", "end", "addition", "advance", "mind", "person",
               "total", "short", "detail", "secret", "private", "public", "return",
               "fun", "best", "sure", "good", "real", "now", "ages", "years", "meantime",
               "meanwhile", "note"}
# "we had a blast at a live music event": the time was had at the place
GOOD_TIMES = {"time", "blast", "fun", "ball"}
VERB_IDIOMS = {("cross", "finger"), ("keep", "finger"), ("hold", "breath"),
               ("do", "share"), ("pull", "leg"), ("break", "leg"), ("make", "sense")}
PHOTOS = {"photo", "pic", "picture", "shot", "selfie", "snap"}
TIME_LABELS = {"DATE", "TIME"}


def aspect(verb: Any) -> str:
    """"did" (simple past, present perfect, past progressive), "doing" (under way),
    or "" for the present simple, commands and the rest."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    have = any(c.lemma_ == "have" for c in auxes)
    if any(c.tag_ == "MD" for c in auxes):
        return ""  # modals ("I will go") are not episodes
    got = _got(verb)
    if got is not None:  # "I just got accepted", "I've gotten promoted"
        return "did" if got.tag_ == "VBD" or have else ""
    if any(c.dep_ == "auxpass" for c in auxes):
        return ""  # other passives ("I was told") are not the subject's doing
    be = next((c for c in auxes if c.lemma_ == "be"), None)
    if verb.tag_ == "VBD" and not auxes:
        return "did"
    if verb.tag_ == "VBN" and have:
        return "did"
    if verb.tag_ == "VBG" and be is not None:
        return "did" if be.tag_ == "VBD" else "doing"
    return ""


def _got(verb: Any) -> Any | None:
    """The "got" of a get-passive ("I got accepted for an internship"), if any."""
    return next((c for c in verb.children if c.dep_ == "auxpass" and c.lemma_ == "get"),
                None)


def _new_job(who: list[str], verb: Any, job: Any, sent: Any) -> list[RawFact]:
    """"I got a new job at Initech" -> works_at Initech, an update like "I now work at"."""
    prep = next((c for h in (verb, job) for c in h.children
                 if c.dep_ == "prep" and c.lower_ in ("at", "with")), None)
    pobj = _child(prep, "pobj") if prep is not None else None
    if pobj is None or pobj.pos_ == "PRON":
        return []
    span = _conj_span(pobj)
    value = object_text(span)
    return [RawFact(w, "works_at", value, object_kind(span), "verb:job", 0.8,
                    sent.start, sent.end, negated(verb)) for w in who] if value else []


def _plan_phrase(verb: Any) -> str:
    """"to repaint the kitchen next spring" -> "repaint the kitchen": the verb with its
    particles, objects and places, without "to", times and side remarks."""
    drop: set[int] = set()
    for c in verb.children:
        time_like = c.ent_type_ in TIME_LABELS or any(t.ent_type_ in TIME_LABELS
                                                     for t in c.subtree)
        if (c.dep_ in ("aux", "npadvmod", "advcl", "punct", "cc", "conj", "mark", "nsubj")
                or time_like and c.dep_ in ("prep", "advmod", "npadvmod")):
            drop.update(t.i for t in c.subtree)
    kept = [t for t in verb.subtree if t.i not in drop]
    while kept and kept[-1].is_punct:
        kept.pop()
    return "".join(t.text_with_ws for t in kept).strip()


def _subjects(verb: Any) -> list[str]:
    """Who did it: "Maya and I" -> [Maya, SPEAKER]; "we" -> GROUP; the speaker when a
    sentence opens with its verb in the past or the -ing form ("Went to Rome in May",
    "Still working on the studio"), the way people drop "I" in chat."""
    roles = ("nsubj", "nsubjpass") if _got(verb) is not None else ("nsubj",)
    subjects = [c for c in verb.children if c.dep_ in roles]  # "My colleagues and I"
    if not subjects:
        return [SPEAKER] if _dropped_i(verb) else []
    who = [GROUP if subject_of(t) == ORG else subject_of(t)
           for subj in subjects for t in _with_conjuncts(subj)]
    return list(dict.fromkeys(w for w in who if w))


def _real_thing(dobj: Any | None, objects: list[Any]) -> bool:
    """Whether a thin verb names an episode: its object is not an idiom's ("a blast",
    "my day"), and something it did or was done with is a thing ("I made it with
    coconut milk")."""
    if dobj is not None and dobj.pos_ != "PRON" and (
            dobj.lemma_.lower() in IDIOM_OBJECTS or dobj.pos_ not in ("NOUN", "PROPN")):
        return False
    return any(o.pos_ in ("NOUN", "PROPN") and o.lemma_.lower() not in IDIOM_OBJECTS
               for o in objects)


# Formulas that open with a gerund but wish rather than tell: "Hoping for the best!"
WISHES = {"hoping", "wishing", "crossing", "looking", "thinking", "sending", "keeping",
          "missing", "counting", "praying", "rooting", "waiting"}


def _dropped_i(verb: Any) -> bool:
    before = [t for t in verb.doc[verb.sent.start:verb.i] if not t.is_punct]
    return (verb.tag_ in ("VBD", "VBN", "VBG") and verb.dep_ == "ROOT"
            and verb.lower_ not in WISHES
            and not any(c.dep_ in ("aux", "auxpass", "expl", "csubj") for c in verb.children)
            and all(t.pos_ in ("ADV", "INTJ", "CCONJ") for t in before))


def _covered_by_verb_fact(lemma: str, prep: str) -> bool:
    """Whether ``verb_fact`` reads this verb with this preposition ("" = its object)
    already: "I moved to Berlin" is ``lives_in``, "I'm working on a platform" is not."""
    return lemma in VERB_FACTS and prep in (VERB_FACTS[lemma][1] or ("",))


def activity(sent: Any) -> list[RawFact]:
    """Episodes: something someone did ("I went to a support group", "Melanie painted a
    sunrise", "I've visited Kyoto"), is doing ("I'm training for a triathlon") or plans
    ("I'm going to adopt a cat", "I've decided to go back to school"). Many-valued
    (``did_<verb>[_<particle>][_<preposition>]``, ``doing_...``, ``plans_to``), dated by
    the turn, one fact for the object and one for each place or companion; lower
    confidence than the attribute patterns."""
    root = sent.root
    lemma = root.lemma_.lower()
    if root.pos_ not in ("VERB", "AUX"):
        return []
    who = _subjects(root)
    if not who:
        return []
    tense = aspect(root) or ("" if _child(root, "nsubj", "nsubjpass") is not None else
                             "doing" if root.tag_ == "VBG" else "did")
    xcomp = _child(root, "xcomp")
    to_verb = xcomp is not None and xcomp.pos_ == "VERB" and any(
        c.dep_ == "aux" and c.lemma_ == "to" for c in xcomp.children)  # "gon na" too
    if to_verb and (lemma in PLAN_VERBS or (lemma == "go" and tense == "doing")):
        phrase = _plan_phrase(xcomp)
        return [RawFact(w, PLAN_PREFIX + "to", phrase, ObjectKind.string, "plan", 0.55,
                        sent.start, sent.end, negated(root)) for w in who if phrase]
    if not tense or lemma in LIGHT_VERBS or lemma in VERB_FACTS and not VERB_FACTS[lemma][1]:
        return []  # "Loved this spot": a preference, which verb_fact reads
    if lemma == "get" and root.lower_ == "got" and any(
            c.dep_ == "aux" and c.lemma_ == "have" for c in root.children):
        return []  # "I've got a tournament next month": having, not getting
    words = ([lemma] if _got(root) is None else ["get", root.lower_]) + [
        c.lower_ for c in root.children if c.dep_ == "prt"]
    prefix = EVENT_PREFIX if tense == "did" else DOING_PREFIX
    dobj = _child(root, "dobj")
    if dobj is not None and (lemma, dobj.lemma_.lower()) in VERB_IDIOMS:
        return []  # "I'm crossing my fingers"
    if tense == "did" and lemma in ("get", "land", "start", "take") and dobj is not None \
            and dobj.lemma_.lower() in ("job", "position", "role"):
        return _new_job(who, root, dobj, sent)
    found: list[tuple[str, Any]] = []  # (preposition, or "" for the direct object; object)
    if dobj is not None:
        found += [("", o) for o in _with_conjuncts(dobj) if not _unresolved(o)]
    elif xcomp is not None and xcomp.tag_ == "VBG":  # "we went camping"
        found.append(("", xcomp))
    for prep in (c for c in root.children if c.dep_ == "prep" and c.lower_ in EVENT_PREPS):
        pobj = _child(prep, "pobj", "pcomp")  # "at the shelter", "on opening a studio"
        if (pobj is not None and pobj.ent_type_ not in TIME_LABELS
                and pobj.lower_ not in PREP_IDIOMS and not _unresolved(pobj)):
            found.append((prep.lower_, pobj))
    done: list[tuple[str, Any]] = []  # (verb, object): what a good time was spent doing
    if lemma == "have" and dobj is not None and dobj.lower_ in GOOD_TIMES:
        # "we had a blast at a live music event": where and with whom the time was spent;
        # "a great time throwing a party": what was done
        words, found = ["spend", "time"], [(p, o) for p, o in found if p]
        done = [(verb.lemma_.lower(), o) for acl in dobj.children if acl.dep_ == "acl"
                and acl.tag_ == "VBG" for verb in _with_conjuncts(acl)
                for o in [_child(verb, "dobj")] if o is not None]
    elif lemma in ("take", "snap") and dobj is not None and dobj.lemma_.lower() in PHOTOS:
        # "I took this photo at Whispering Falls": where the photo was taken
        words, found = ["take", "photo"], [(p, o) for p, o in found if p]
    elif lemma in THIN_VERBS and not _real_thing(dobj, [o for _, o in found]):
        return []
    named = [("_".join([*words, p] if p else words), o) for p, o in found
             if not _covered_by_verb_fact(lemma, p)]
    facts = []
    for predicate, obj in named + done:
        span = _conj_span(obj)
        value = object_text(span)
        if value and obj.pos_ != "PRON":
            facts += [RawFact(w, prefix + predicate, value, object_kind(span), "activity", 0.6,
                              sent.start, sent.end, negated(root)) for w in who]
    return facts


PATTERNS = (copular, verb_fact, schedule_fact, naming_or_change, activity)


def clauses(sent: Any) -> list[Any]:
    """The sentence, and each coordinated, adverbial or complement clause with its own
    subject ("I live in X and I like Y", "I painted this after I visited the centre",
    "I'm organising a party - it'll be fun"), as spans whose root is the clause's verb."""
    out = [sent]
    for conj in (c for c in sent.root.children
                 if c.dep_ in ("conj", "advcl", "ccomp", "parataxis")):
        if any(c.dep_ in ("nsubj", "nsubjpass") for c in conj.children):
            out.append(sent.doc[conj.left_edge.i:conj.right_edge.i + 1])
    return out + _news(sent)


TELLING = {"tell", "share", "announce", "say", "know"}


def _news(sent: Any) -> list[Any]:
    """What someone tells as their own news: "I'm so excited to tell you I started a yoga
    class", "I wanted to let you know we moved" (the teller is "I" or "we"; what others
    say stays reported speech)."""
    subject = _child(sent.root, "nsubj")
    if subject is None or subject.lower_ not in FIRST_SINGULAR | FIRST_PLURAL:
        return []
    return [sent.doc[c.left_edge.i:c.right_edge.i + 1] for c in sent.root.subtree
            if c.dep_ == "ccomp" and c.head is not sent.root and c.head.lemma_ in TELLING
            and any(k.dep_ in ("nsubj", "nsubjpass") for k in c.children)]


def find_facts(sent: Any) -> list[RawFact]:
    """Every pattern's facts for one sentence and its coordinated clauses."""
    return [fact for clause in clauses(sent) for pattern in PATTERNS for fact in pattern(clause)]

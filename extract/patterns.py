"""The clause reader's second step: the facts each clause states, read off the parse.

Every reader takes one ``Clause`` (``extract.clauses``) and returns raw facts. Subjects
are left as written or as markers (SPEAKER, ORG, GROUP, THIRD, alone or owning a noun:
"<speaker>'s sister"); resolving them to names is a later step's job. Which verb means
which predicate, and which words are idioms, kin or pets, is the lexicon's
(``extract/data/lexicon.toml``); every verb it does not name is read as itself:
"Marco manages the Berlin office" -> ``manages``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from extract.clauses import Clause, negated
from extract.lexicon import lexicon
from extract.values import object_kind, object_text
from kg.models import ObjectKind
from kg.registry import EVENT_PREFIXES

SPEAKER = "<speaker>"
ORG = "<org>"
# "we" as the subject of something done ("we went camping"): the organisation if the turn
# names one, else the speaker; "our brand colour", "we use Figma" are ORG
GROUP = "<we>"
HOME = "<home>"  # "we" and "our" of a household: "our daughter", "we live in Leeds"
THIRD = "<third"  # he, she, they: "<third:f>", "<third:m>", "<third:n>", the person the
# conversation has just named
MARKERS = (SPEAKER, ORG, GROUP, HOME, THIRD)
EVENT_PREFIX, DOING_PREFIX, PLAN_PREFIX = EVENT_PREFIXES
FIRST_SINGULAR = {"i", "me", "my", "mine", "myself"}
FIRST_PLURAL = {"we", "us", "our", "ours", "ourselves"}
NAME_LABELS = {"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "NORP", "WORK_OF_ART", "EVENT"}
TIME_LABELS = {"DATE", "TIME"}
PRESENT = ("VBZ", "VBP")
LEX = lexicon()


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
    retract: bool = False  # "we no longer use Slack", "we switched from Jira"
    update: bool = False  # the words themselves say the value changed


# -- words -----------------------------------------------------------------------------

def is_pronoun(token: Any) -> bool:
    return token.lower_ in LEX.pronouns


def _child(token: Any, *deps: str) -> Any | None:
    return next((c for c in token.children if c.dep_ in deps), None) if token is not None \
        else None


def _prep(token: Any, *words: str) -> Any | None:
    return next((c for c in token.children if c.dep_ == "prep" and c.lower_ in words), None)


def _with_conjuncts(token: Any) -> list[Any]:
    out = [token]
    for c in token.children:
        if c.dep_ == "conj":
            out.extend(_with_conjuncts(c))
    return out


def name_span(token: Any) -> str:
    """A name with its own parts ("Team Falcon", "St Mary's", "Project 10"), not what
    stands in apposition to it ("Priya, the design lead")."""
    parts, stack = [token], [token]
    while stack:
        for c in stack.pop().children:
            if c.dep_ in ("compound", "flat", "nummod") or (
                    c.dep_ == "case" and c.i == c.head.i + 1):
                parts.append(c)
                stack.append(c)
    doc = token.doc
    return doc[min(t.i for t in parts):max(t.i for t in parts) + 1].text.rstrip(".")


def is_name(token: Any) -> bool:
    """A proper name, as tagged or as written: "Ravi", "Team9", "Town166" (the small
    model tags some of these NOUN or even PRON)."""
    if is_pronoun(token) or token.pos_ not in ("PROPN", "NOUN", "PRON", "X") and not (
            token.pos_ == "ADJ" and token.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj")):
        return False  # "Tomás prefers ...": the tagger's ADJ in a subject's place
    if token.lower_ in LEX.not_names:
        return False  # "Yep, she hates the rain": a capital is not a name
    if token.pos_ == "PROPN" or token.ent_type_ in NAME_LABELS:
        return True
    bare = _child(token, "det", "poss") is None and token.tag_ != "NNS"  # "Headings are"
    return bare and (token.text[:1].isupper() or any(ch.isdigit() for ch in token.text))


def _predicate_words(noun: Any) -> str:
    """"brand colour", "opening hours", "heading font": the noun with its modifiers, as
    written (lemmas would turn "heading" into "head" and "best" into "good");
    "mother-in-law" whole, though the tokenizer splits it."""
    mods = [c for c in noun.children if c.dep_ in ("compound", "amod") and c.i < noun.i]
    return " ".join([*(m.lower_ for m in mods), _hyphenated(noun)])


def _hyphenated(token: Any) -> str:
    doc, end = token.doc, token.i
    while end + 2 < len(doc) and doc[end + 1].text == "-" and not doc[end].whitespace_ \
            and not doc[end + 1].whitespace_:
        end += 2
    return doc[token.i:end + 1].text.lower()


def subject_of(token: Any) -> str:
    """A marker, a name, a possessed noun ("<speaker>'s sister") or a definite named thing
    ("staging server"), or '' when the subject is not one we can name."""
    low = token.lower_
    if low in FIRST_SINGULAR:
        return SPEAKER
    if low in FIRST_PLURAL:
        return ORG
    if low in LEX.third_persons:
        return f"{THIRD}:{gender_of_pronoun(low)}>"
    if is_name(token):
        return name_span(token)
    if token.pos_ == "NOUN":
        named = given_name(token)
        if named is not None:  # "my brother Yaw, who lives in Accra, ...": Yaw
            return name_span(named)
        poss = _child(token, "poss")
        if poss is not None:
            owner = _owner(poss)
            return f"{owner}'s {_predicate_words(token)}" if owner else ""
        det = _child(token, "det")
        if det is not None and det.lower_ == "the" and token.lower_ in LEX.children:
            return f"{SPEAKER}'s {token.lower_}"  # "the twins", "the kids": the speaker's
        if _child(token, "det") is not None and _child(token, "det").lower_ == "the" and any(
                c.dep_ == "compound" or (c.dep_ == "amod" and c.pos_ == "PROPN")
                for c in token.children):
            return _predicate_words(token)  # "the staging server", "the Lisbon office"
    return ""


def gender_of_pronoun(word: str) -> str:
    return "f" if word in ("she", "her", "hers") else "m" if word in (
        "he", "him", "his") else "n"


def gender_of_noun(noun: str) -> str:
    """"f", "m" or "" (either) for a relative or a pet: "sister" -> "f"."""
    return "f" if noun in LEX.feminine else "m" if noun in LEX.masculine else ""


def _owner(poss: Any) -> str:
    """Who a possessive names: "my" -> SPEAKER, "Chidi's" -> "Chidi" (without its "'s");
    "our" a relative or a pet belongs to is the household (HOME), not the company."""
    owner = subject_of(poss)
    if owner == ORG and (_is_kin(poss.head) or poss.head.lower_ in LEX.pets):
        return HOME
    return owner[:-2] if owner.endswith(("'s", "’s")) else owner


def given_name(noun: Any) -> Any | None:
    """The name a possessed noun is given in apposition: "my sister Maya", "our CTO,
    Nikhil", "our build server, ci-02"."""
    if _child(noun, "poss") is None:
        return None
    return next((c for c in noun.children if c.dep_ in ("appos", "npadvmod") and c.i > noun.i
                 and is_name(c) and c.ent_type_ not in TIME_LABELS), None)


def apposition(clause: Clause) -> list[RawFact]:
    """"My sister Maya ...", "our CTO, Nikhil, ...": the relation is a fact of its own,
    wherever in the sentence the pair stands (read once, with the sentence's root)."""
    if clause.root != clause.sent.root:
        return []
    facts = []
    for noun in clause.sent:
        name = given_name(noun) if noun.pos_ == "NOUN" else None
        owner, predicate = owner_and_predicate(noun) if name is not None else ("", "")
        if owner:
            facts.append(_fact(clause, owner, predicate, name_span(name), ObjectKind.entity,
                               "apposition", 0.85))
    return facts


def owner_and_predicate(noun: Any) -> tuple[str, str]:
    """Who owns a possessed noun and what the relation is called: "our brand colour" ->
    (ORG, "brand colour"); "my dog's name" -> (SPEAKER, "dog name")."""
    poss = _child(noun, "poss")
    if poss is None:
        return "", ""
    inner = _child(poss, "poss") if poss.pos_ == "NOUN" else None
    if inner is not None and subject_of(inner) in MARKERS:
        if noun.lower_ == "name" and (_is_kin(poss) or poss.lower_ in LEX.pets):
            return subject_of(inner), _predicate_words(poss)  # "my brother's name": brother
        return subject_of(inner), f"{_predicate_words(poss)} {_predicate_words(noun)}"
    return _owner(poss), _predicate_words(noun)


def _conj_start(token: Any) -> int:
    """Where the object's own words end: before a conjunction, or a prepositional phrase
    that says something else ("Notion for documentation", "email over calls")."""
    conj = [c for c in token.children if c.dep_ in (
        "conj", "cc", "prep", "relcl", "acl", "appos", "npadvmod", "advmod") and c.i > token.i
        and not (c.lower_ == "of" and token.text[:1].isupper()
                 and any(k.text[:1].isupper() for k in c.children))]  # "University of Oslo"
    end = min((c.left_edge.i for c in conj), default=token.right_edge.i + 1)
    end = max(end, token.i + 1)
    doc = token.doc
    while end == token.i + 1 and end < token.sent.end and doc[end].head == token.head \
            and doc[end].dep_ in ("dobj", "punct", "npadvmod") and doc[end].is_alpha \
            and doc[end].tag_ in ("NN", "NNS", "VBP") and token.dep_ == "dobj":
        end += 1  # "the AWS account", "the Django admin": one object the parser split
    while end - 1 > token.i and (doc[end - 1].is_punct or doc[end - 1].lower_ in LEX.fillers
                                 or doc[end - 1].ent_type_ in TIME_LABELS
                                 and token.ent_type_ not in TIME_LABELS):
        end -= 1  # "the piano most afternoons": the time is not the thing
    return end


def _conj_span(token: Any) -> Any:
    """The object's words: a noun with its modifiers, up to a conjunction or a
    prepositional phrase; a gerund with its whole phrase ("getting lost in fantasy
    worlds"), less trailing asides ("too"). Empty for a bare quantity ("a lot")."""
    doc = token.doc
    if token.lower_ in LEX.quantities:
        of = _prep(token, "of")
        thing = _child(of, "pobj") if of is not None else None
        if thing is None:
            return doc[token.i:token.i]
        return doc[token.left_edge.i:_conj_start(thing)]  # "all kinds of hurdles"
    if token.tag_ == "VBG":
        cut = [c.i for c in token.children if c.dep_ in ("conj", "cc") and c.i > token.i]
        end = min(cut, default=token.right_edge.i + 1)
        while end - 1 > token.i and (doc[end - 1].is_punct or doc[end - 1].lower_ in LEX.asides
                                     or doc[end - 1].lower_ in LEX.fillers):
            end -= 1
        return doc[token.left_edge.i:end]
    return doc[token.left_edge.i:_conj_start(token)]


DEICTIC = {"this", "that", "these", "those"}


def _unresolved(obj: Any) -> bool:
    """An object that only the moment resolves: "this series" (a thing shown), "holding
    them", "having them around" (a gerund about a pronoun), "your purse" (the listener's)."""
    if any(c.dep_ == "det" and c.lower_ in DEICTIC for c in obj.children) and not any(
            c.dep_ in ("compound", "amod") or c.pos_ == "PROPN" for c in obj.children):
        return True
    if any(c.dep_ == "poss" and c.lower_ in ("your", "yours", "his", "her", "their")
           for c in obj.children):
        return True  # "your purse", "her recipe": whose, the parse cannot say
    return obj.tag_ == "VBG" and any(c.dep_ == "dobj" and is_pronoun(c)
                                     for c in obj.children)


def _thing(obj: Any) -> tuple[str, ObjectKind] | None:
    """The object's value and kind, or None where it names no thing: a pronoun, a
    wh-clause ("what I like"), a non-thing ("the thought"), a moment-bound object."""
    if is_pronoun(obj) and not is_name(obj) or obj.lower_ in LEX.not_things \
            or _unresolved(obj):
        return None
    name = called(obj)
    if name is not None:  # "a bakery called Vela": Vela
        return name_span(name), ObjectKind.entity
    quoted = _quoted(obj)
    if quoted is not None:  # "Books that balance themselves", all of it
        return quoted.text, ObjectKind.string
    span = _conj_span(obj)
    if not len(span) or span[0].tag_ in ("WP", "WDT", "WRB"):
        return None
    value = object_text(span)
    return (value, object_kind(span)) if value else None


QUOTES = {'"', "“", "”", "'", "‘", "’"}


def _quoted(token: Any) -> Any | None:
    """The words between the quotation marks a token opens, if it opens any."""
    doc = token.doc
    start = token.left_edge.i
    if start == 0 or doc[start - 1].text not in QUOTES:
        return None
    end = next((t.i for t in doc[start:token.sent.end] if t.text in QUOTES), None)
    return doc[start:end] if end is not None and end > start else None


def called(noun: Any) -> Any | None:
    """The name in "a dog named Rex", "a bakery called Vela", if any."""
    for acl in (c for c in noun.children if c.dep_ == "acl" and c.lemma_ in ("name", "call")):
        name = _child(acl, "oprd", "attr", "dobj", "xcomp")
        if name is not None and is_name(name):
            return name
    return None


def third_person(lemma: str) -> str:
    """The present-tense form a predicate is named by: "manage" -> "manages".

    >>> [third_person(v) for v in ("own", "teach", "carry", "go", "have", "play")]
    ['owns', 'teaches', 'carries', 'goes', 'has', 'plays']
    """
    if lemma == "have":
        return "has"
    if lemma == "be":
        return "is"
    if lemma.endswith(("s", "sh", "ch", "x", "z", "o")):
        return lemma + "es"
    if lemma.endswith("y") and len(lemma) > 1 and lemma[-2] not in "aeiou":
        return lemma[:-1] + "ies"
    return lemma + "s"


def _fact(clause: Clause, subject: str, predicate: str, value: str, kind: ObjectKind,
          pattern: str, confidence: float, is_negated: bool = False, **flags: bool) -> RawFact:
    return RawFact(subject, predicate, value, kind, pattern, confidence, clause.start,
                   clause.end, is_negated, **flags)


def _who(clause: Clause, *, episode: bool = False) -> list[str]:
    """Who the clause is about: "Maya and I" -> [Maya, SPEAKER]; "we" -> ORG (GROUP when
    it did something); the speaker when a chat sentence drops its "I" ("Went to Rome")."""
    subjects = list(clause.subjects)
    if not subjects:
        return [SPEAKER] if _dropped_i(clause.root) else []
    who = [subject_of(t) for s in subjects for t in _with_conjuncts(s)]
    if episode:
        who = [GROUP if w == ORG else w for w in who]
    return list(dict.fromkeys(w for w in who if w))


def _dropped_i(verb: Any) -> bool:
    before = [t for t in verb.doc[verb.sent.start:verb.i] if not t.is_punct]
    return (verb.tag_ in ("VBD", "VBN", "VBG") and (verb.dep_ == "ROOT"
                                                    or verb.i == verb.sent.start)
            and verb.lower_ not in LEX.wishes
            and not any(c.dep_ in ("aux", "auxpass", "expl", "csubj", "nsubj", "nsubjpass")
                        for c in verb.children)
            and all(t.pos_ in ("ADV", "INTJ", "CCONJ") for t in before))


def _is_kin(noun: Any) -> bool:
    return noun.lower_ in LEX.kin or _predicate_words(noun) in LEX.kin


# -- copular clauses -------------------------------------------------------------------

def _age(comp: Any) -> str:
    """"34", "six", "34 years old": an age, or ''."""
    if comp.like_num or comp.ent_type_ == "CARDINAL" and comp.pos_ == "NUM":
        if comp.ent_type_ in ("MONEY", "PERCENT", "QUANTITY", "TIME"):
            return ""
        return comp.doc[comp.left_edge.i:comp.i + 1].text  # "seventy-three"
    if comp.lower_ == "old":
        years = _child(comp, "npadvmod")
        number = _child(years, "nummod") if years is not None else None
        if number is not None:
            return number.text
    return ""


FAVOURITES = {"favourite", "favorite", "fave", "fav"}


def copular(clause: Clause) -> list[RawFact]:
    """"Our brand colour is X", "My name is X", "X is my favourite Y", "I am a designer",
    "I'm from Ohio", "I'm 34", "My sister Maya is a nurse", "Ravi is our CTO"."""
    root = clause.root
    if root.lemma_ != "be" or root.tag_ == "VBD" or any(
            c.tag_ == "MD" for c in root.children):
        return []  # "when I was a kid", "they will be happy": not a current attribute
    subj = clause.subject
    origin = _prep(root, "from")
    if subj is not None and origin is not None and _child(root, "attr", "acomp") is None:
        place = _child(origin, "pobj")
        who = subject_of(subj)
        thing = _thing(place) if place is not None else None
        return [_fact(clause, who, "is_from", thing[0], thing[1], "origin", 0.85,
                      negated(root))] if who and thing else []
    comp = _child(root, "attr", "acomp", "oprd")
    located = comp is None and subj is not None and (_child(subj, "poss", "det") is not None
                                                     or subj.lower_ in FIRST_SINGULAR)
    if located:
        # "Our office is in Hamburg", "My birthday is on March 3rd" (not "I'm on fire")
        prep = _prep(root, "in", "on", "at")
        comp = _child(prep, "pobj") if prep is not None else None
        place = comp is not None and comp.ent_type_ in ("GPE", "LOC")
        settled = not any(t.ent_type_ in TIME_LABELS or t.lower_ in ("for", "visiting")
                          for t in clause.tokens())
        if place and settled and (given_name(subj) is not None or _is_kin(subj)
                                  or subj.lower_ in FIRST_SINGULAR):
            who = subject_of(subj)  # "our son Pavel is in Moscow now": where he lives
            return [_fact(clause, who, "lives_in", name_span(comp), ObjectKind.entity,
                          "located", 0.7, negated(root))] if who else []
        if subj.lower_ in FIRST_SINGULAR:
            return []  # "I'm in Paris this week", "I'm on fire": where, not what, I am
    if comp is None or is_pronoun(comp) and not is_name(comp):
        return []
    if subj is None:
        return _gerund_is_mine(clause, comp)
    # "I'm no writer": the complement's "no" denies it
    is_negated = negated(root) or any(c.dep_ == "det" and c.lower_ == "no"
                                      for c in comp.children)
    if (comp.pos_ in ("NOUN", "PROPN") or comp.lower_ in FAVOURITES) \
            and _child(comp, "poss") is not None and subj.pos_ != "PRON":
        # "Harry Potter is my favourite book", "Ravi is our CTO": my favourite book is ...
        owner, predicate = owner_and_predicate(comp)
        value = name_span(subj) if is_name(subj) else object_text(_conj_span(subj))
        return [_fact(clause, owner, predicate, value,
                      ObjectKind.entity if is_name(subj) else ObjectKind.string,
                      "possessive", 0.85, is_negated)] if owner and value else []
    facts: list[RawFact] = []
    owner_token = _child(subj, "poss")
    if given_name(subj) is not None:
        # "My sister Maya is a nurse": Maya is the subject (``apposition`` reads the rest)
        subj, owner_token = given_name(subj), None
    person = owner_token is not None and subj.pos_ == "NOUN" and _is_kin(subj)
    for obj in _with_conjuncts(comp):
        span = _quoted(obj) or _conj_span(obj)  # 'our tagline is "Build boldly"'
        value = object_text(span)
        if not value:
            continue
        kind = object_kind(span)
        name = called(obj)
        if name is not None:  # "my main client is a bakery chain called Crumbly"
            value, kind = name_span(name), ObjectKind.entity
            facts.append(_fact(clause, value, "is_a", object_text(_conj_span(obj)),
                               ObjectKind.string, "identity", 0.7, is_negated))
        tagged_name = comp.pos_ == "PROPN" or comp.ent_type_ in NAME_LABELS
        if tagged_name and obj == comp:
            value = name_span(comp)  # "Priya, the design lead at Acme" -> "Priya"
        age = _age(obj)
        if owner_token is not None and subj.pos_ in ("NOUN", "PROPN") and not (
                person and not is_name(obj)):
            # "our brand colour is X", "my sister is Maya" (a relative given a name)
            owner, predicate = owner_and_predicate(subj)
            if not owner or (comp.dep_ == "acomp" and not comp.text[:1].isupper() and (
                    root.lower_ == "been"
                    or any(c.dep_ == "aux" and c.lemma_ == "have" for c in root.children)
                    or any(c.dep_ == "advmod" for c in comp.children))):
                continue  # "my store has been tough", "my kids are so excited": a mood
            facts.append(_fact(clause, owner, predicate, value, kind, "possessive", 0.9,
                               is_negated))
            continue
        who = subject_of(subj)  # "<speaker>'s sister" for a relative not yet named
        if not who:
            if subj.pos_ == "NOUN" and _child(subj, "det") is not None and not person:
                # "the colour is now green": whose colour, a later step finds
                facts.append(_fact(clause, "", _predicate_words(subj), value, kind,
                                   "definite", 0.75, is_negated))
            continue
        if obj.ent_type_ == "MONEY" and who not in (SPEAKER, ORG) and not person:
            span = obj.doc[obj.left_edge.i:obj.right_edge.i + 1]  # "Solo is £9 a month"
            facts.append(_fact(clause, who, "costs", object_text(span), ObjectKind.money,
                               "price", 0.75, is_negated))
        elif age and (who == SPEAKER or who.startswith(THIRD) or person
                      or subj.ent_type_ == "PERSON"):
            facts.append(_fact(clause, who, "age", age, ObjectKind.number, "identity", 0.8,
                               is_negated))
        elif kind == ObjectKind.entity and who == SPEAKER and tagged_name:
            facts.append(_fact(clause, who, "name", value, ObjectKind.string, "identity", 0.8,
                               is_negated))
            role = _child(comp, "appos")  # "I'm Priya, the design lead at Acme"
            if role is not None and role.pos_ == "NOUN" and not _evaluative(role):
                span = _conj_span(role)
                facts.append(_fact(clause, who, "is_a", object_text(span), object_kind(span),
                                   "identity", 0.7, is_negated))
                facts += _workplace(clause, who, role, is_negated)
        elif comp.dep_ == "acomp" and kind != ObjectKind.colour:
            facts += _disposition(clause, who, comp, is_negated)
        elif age or obj.ent_type_ in TIME_LABELS | {"MONEY"} or obj.pos_ == "ADJ" \
                or obj.lower_ in LEX.quantities or obj.lower_ in LEX.not_things:
            continue  # "Solo is £9", "I'm up there most weekends", "more of a hiking guy"
        elif obj.lemma_.lower() in LEX.fans:
            facts += _fan_of(clause, who, obj, is_negated)
            break  # its conjuncts were read as more things liked
        elif (who in (SPEAKER, ORG) or who.startswith(THIRD) or person or is_name(subj)) and (
                who == SPEAKER or person or not _evaluative(obj)) and not _idiomatic(obj):
            facts.append(_fact(clause, who, "is_a", value, kind, "identity", 0.7, is_negated))
            facts += _workplace(clause, who, obj, is_negated)
    return facts


def _workplace(clause: Clause, who: str, role: Any, is_negated: bool) -> list[RawFact]:
    """"I'm a nurse at St Mary's": where the role is held."""
    at = _prep(role, "at") or _prep(role, "for", "with")  # "manager for the platform
    place = _child(at, "pobj") if at is not None else None  # group at Brightloom": at
    if at is not None and at.lower_ != "at" and place is not None:
        inner = _prep(place, "at")
        place = _child(inner, "pobj") if inner is not None else (
            place if is_name(place) else None)
    thing = _thing(place) if place is not None and place.ent_type_ not in TIME_LABELS else None
    if thing is None:
        return []
    predicate = "studies_at" if role.lower_ in LEX.learners else "works_at"
    return [_fact(clause, who, predicate, *thing, "identity", 0.75, is_negated)]


def _gerund_is_mine(clause: Clause, comp: Any) -> list[RawFact]:
    """"Winning a championship is my number one goal" -> goal = winning a championship."""
    csubj = _child(clause.root, "csubj")
    if csubj is None or csubj.tag_ != "VBG" or comp.pos_ != "NOUN" or _child(
            comp, "poss") is None:
        return []
    owner, predicate = owner_and_predicate(comp)
    value = object_text(clause.doc[csubj.left_edge.i:csubj.right_edge.i + 1])
    return [_fact(clause, owner, predicate, value, ObjectKind.string, "possessive", 0.8,
                  negated(clause.root))] if owner and value else []


def _fan_of(clause: Clause, who: str, fan: Any, is_negated: bool) -> list[RawFact]:
    """"I'm a big fan of pottery" -> likes pottery; "not a fan of X" -> dislikes X; no
    "of", no fact ("I'm a huge fan")."""
    of = _prep(fan, "of")
    pobj = _child(of, "pobj", "pcomp") if of is not None else None
    if not who or pobj is None:
        return []
    liked = _with_conjuncts(pobj) + [c for c in fan.children if c.dep_ == "conj"
                                     and c.pos_ in ("NOUN", "PROPN")]
    predicate = "dislikes" if is_negated else "likes"
    return [_fact(clause, who, predicate, value, kind, "preference", 0.8)
            for obj in liked for value, kind in [_thing(obj) or ("", ObjectKind.string)]
            if value]


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


def _evaluative(noun: Any) -> bool:
    """"such an inspiring writer", "a great city": an opinion about someone else."""
    return any(c.dep_ == "amod" or c.lower_ == "such" for c in noun.children)


def _disposition(clause: Clause, who: str, adjective: Any, is_negated: bool) -> list[RawFact]:
    """"I'm allergic to most reptiles and animals with fur" -> allergic_to reptiles,
    allergic_to animals (many-valued)."""
    if not who or adjective.lemma_.lower() not in LEX.dispositions:
        return []
    facts = []
    for prep in (c for c in adjective.children if c.dep_ == "prep"):
        pobj = _child(prep, "pobj", "pcomp")
        for obj in _with_conjuncts(pobj) if pobj is not None else []:
            thing = _thing(obj)
            if thing:
                facts.append(_fact(clause, who, f"{adjective.lower_}_{prep.lower_}", *thing,
                                   "disposition", 0.8, is_negated))
    if not facts and adjective.lower_ in ("vegan", "vegetarian"):
        facts.append(_fact(clause, who, "is_a", adjective.lower_, ObjectKind.string,
                           "identity", 0.7, is_negated))
    return facts


# -- naming, schedules -----------------------------------------------------------------

def naming_or_change(clause: Clause) -> list[RawFact]:
    """"Our product is called Beacon"; "Our heading font changed to Lora"."""
    root = clause.root
    if root.lemma_ in ("call", "name"):
        subj, name = _child(root, "nsubjpass"), _child(root, "oprd", "attr", "xcomp")
        pattern, confidence = "called", 0.85
        if name is not None and not is_name(name):
            return []  # "that's my train being called, lovely chatting"
    elif root.lemma_ in ("change", "switch", "move"):
        subj = clause.subject
        to = _prep(root, "to")
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
    return [_fact(clause, owner, predicate, object_text(span), object_kind(span), pattern,
                  confidence, negated(root))]


def schedule_fact(clause: Clause) -> list[RawFact]:
    """"Our fiscal year starts in April": a possessed noun that starts or ends on a date;
    "We moved the standup to 9:30": what is moved to a time."""
    root = clause.root
    lemma = root.lemma_.lower()
    if lemma in ("move", "change", "push", "shift", "reschedule") and root.tag_ != "VBG":
        things = [c for c in root.children if c.dep_ == "dobj"]  # "the team standup",
        to = _prep(root, "to")  # which the small model may read as two objects
        when = _child(to, "pobj") if to is not None else None
        if when is None or not (
                when.ent_type_ in TIME_LABELS or when.like_num or ":" in when.text):
            return []
        subj = clause.subject
        if not things and subj is not None and subj.pos_ in ("NOUN", "PROPN") \
                and subj.ent_type_ != "PERSON":
            # "Standup moved to 10:15": whose standup, "our" or the organisation's
            owner, words = owner_and_predicate(subj)
            span = _conj_span(when)
            return [_fact(clause, owner or ORG, words or subj.lower_, object_text(span),
                          object_kind(span), "schedule", 0.75, update=True)]
        if not things:
            return []
        thing = things[-1]
        owner, words = owner_and_predicate(things[0])
        words = " ".join([t.lower_ for t in things[:-1]] + [_predicate_words(thing)])
        who = _who(clause)
        subject = owner or (who[0] if who else "")
        if not subject:
            return []
        span = _conj_span(when)
        return [_fact(clause, subject, words, object_text(span), object_kind(span),
                      "schedule", 0.75, update=True)]  # "moved the standup to 9:30"
    if lemma not in ("start", "begin", "end", "happen"):
        return []
    subj = clause.subject
    owner = _child(subj, "poss") if subj is not None else None
    if subj is None or owner is None or not subject_of(owner):
        return []
    facts = []
    if subject_of(owner) == SPEAKER and any(t.ent_type_ == "TIME" or t.like_num and t.head.lower_
                                            == "at" for t in root.subtree):
        return []  # "my shift starts at 6": today's, most likely; "our standup" is a rule
    for prep in (c for c in root.children if c.dep_ in ("prep", "npadvmod")
                 and (c.lower_ in ("in", "on", "at") or c.ent_type_ in TIME_LABELS)):
        pobj = _child(prep, "pobj") if prep.dep_ == "prep" else prep
        if pobj is not None:
            span = _conj_span(pobj) if prep.dep_ == "prep" else clause.doc[
                prep.left_edge.i:prep.right_edge.i + 1]
            facts.append(_fact(clause, subject_of(owner),
                               f"{_predicate_words(subj)} {root.lemma_}", object_text(span),
                               object_kind(span), "schedule", 0.85, negated(root)))
    return facts


# -- verbs -----------------------------------------------------------------------------

def aspect(verb: Any) -> str:
    """"did" (simple past, present perfect, past progressive), "doing" (under way),
    "is" (the present simple: a habit or a state), or "" for the rest."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    have = any(c.lemma_ == "have" for c in auxes)
    if any(c.tag_ == "MD" and c.lower_ not in ("can", "ca") for c in auxes):
        return ""  # modals ("I will go") are not episodes; "I can speak Spanish" is a fact
    if any(c.tag_ == "MD" for c in auxes):
        return "is"
    got = _got(verb)
    if got is not None:  # "I just got accepted", "I've gotten promoted"
        return "did" if got.tag_ == "VBD" or have else ""
    if any(c.dep_ == "auxpass" for c in auxes):
        return "is" if all(c.tag_ in PRESENT for c in auxes) else ""
    be = next((c for c in auxes if c.lemma_ == "be"), None)
    if verb.tag_ == "VBD" and not auxes and verb.lower_ == verb.lemma_.lower() \
            and verb.lower_ not in LEX.unchanged_pasts and not _said_when(verb) \
            and verb.dep_ != "conj":
        return "is"  # "I brew cider", "I read the Guardian": the tagger's past is a present
    if verb.tag_ == "VBD" and not auxes:
        return "did"
    if verb.tag_ == "VBN" and have:
        return "did"
    if verb.tag_ == "VBG" and be is not None:
        return "did" if be.tag_ == "VBD" else "doing"
    if verb.tag_ in PRESENT or verb.tag_ == "VB" and any(
            c.lemma_ == "do" and c.tag_ in PRESENT for c in auxes):
        return "is"
    if verb.tag_ == "VB" and verb.dep_ == "conj" and not auxes:
        return aspect(verb.head)  # "we employ 240 people and sell software"
    return ""


def _said_when(verb: Any) -> bool:
    """A time among the verb's modifiers ("yesterday", "last week", "in 2019")."""
    return any(t.ent_type_ in TIME_LABELS for c in verb.children if c.dep_ != "conj"
               for t in c.subtree)


def _got(verb: Any) -> Any | None:
    """The "got" of a get-passive ("I got accepted for an internship"), if any."""
    return next((c for c in verb.children if c.dep_ == "auxpass" and c.lemma_ == "get"),
                None)


def _objects(verb: Any, preps: tuple[str, ...] | None = None) -> list[tuple[str, Any]]:
    """(preposition or "" for the direct object, object token) pairs of a verb: its direct
    objects and conjuncts, and the objects of its prepositions (``preps``, or any but a
    time, an idiom or a moment-bound thing)."""
    found: list[tuple[str, Any]] = []
    dobj = _child(verb, "dobj")
    if dobj is not None and preps is None or preps == ():
        found += [("", o) for o in _with_conjuncts(dobj)] if dobj is not None else []
    for prep in (c for c in verb.children if c.dep_ in ("prep", "dative")):
        word = prep.lower_
        if preps is not None and word not in preps or preps is None \
                and word not in LEX.event_preps:
            continue
        pobj = _child(prep, "pobj", "pcomp")  # "at the shelter", "on opening a studio"
        if pobj is None or pobj.ent_type_ in TIME_LABELS or pobj.lower_ in LEX.prep_idioms:
            continue
        found += [(word, o) for o in _with_conjuncts(pobj)]
    return found


def _facts_of(clause: Clause, who: list[str], named: list[tuple[str, Any]], pattern: str,
              confidence: float, is_negated: bool, **flags: bool) -> list[RawFact]:
    facts = []
    for predicate, obj in named:
        thing = _thing(obj)
        if thing:
            facts += [_fact(clause, _household(w, predicate), predicate, *thing, pattern,
                            confidence, is_negated, **flags) for w in who]
    return facts


HOUSEHOLD_PREDICATES = {"lives_in", "has_pet", "has_child", "is_from", "grew_up_in"}


def _household(who: str, predicate: str) -> str:
    """"We live in Portland", "we've got two dogs": the household, not the company."""
    return HOME if who in (ORG, GROUP) and predicate in HOUSEHOLD_PREDICATES else who


def verb_fact(clause: Clause) -> list[RawFact]:
    """A verb's facts in the present (or, for verbs that say a change, any tense): "I live
    in X", "X works at Y", "we use X for Y", "I prefer X", "call me X", "Team Falcon owns
    the billing service", "the service is owned by Team Falcon", "I don't like X"."""
    root = clause.root
    lemma = root.lemma_.lower()
    if lemma == "call":
        me, name = _child(root, "dobj"), _child(root, "oprd", "xcomp", "attr")
        if me is not None and me.lower_ == "me" and name is not None:
            return [_fact(clause, SPEAKER, "name", object_text(clause.doc[
                name.left_edge.i:name.right_edge.i + 1]), ObjectKind.string, "call_me", 0.9)]
        return []
    if lemma == "have" and _child(root, "aux", "auxpass") is None or (
            lemma == "get" and root.lower_ == "got" and any(
            c.dep_ == "aux" and c.lemma_ == "have" for c in root.children)):
        return have_fact(clause)
    if lemma in LEX.want_verbs:
        return wants(clause)
    tense = clause.tense or aspect(root)
    passive = any(c.dep_ == "auxpass" for c in root.children)
    is_negated = negated(root)
    particle = next((c.lower_ for c in root.children if c.dep_ == "prt"), "")
    if lemma in LEX.start_verbs | LEX.ending_verbs or (lemma, particle) == ("give", "up"):
        return _started_or_stopped(clause, lemma not in LEX.start_verbs)
    if lemma == "use" and root.tag_ == "VBD" and _child(root, "xcomp") is not None:
        return _used_to(clause)
    if lemma in LEX.leaving_verbs and tense == "did":
        return _left(clause)
    if lemma in SWITCH_VERBS and _prep(root, "from") is not None:
        return _switch(clause)
    table = LEX.verbs.get(f"{lemma} {particle}") or LEX.verbs.get(lemma)
    via = next((c for c in root.children if c.dep_ == "prep"
                and f"{lemma} {c.lower_}" in LEX.verbs), None)
    if table is None and via is not None:  # "I look after hiring": handles hiring
        table = (LEX.verbs[f"{lemma} {via.lower_}"][0], (via.lower_,))
    if table is not None and table[1] and _child(root, "dobj") is not None:
        table = None  # "we moved the standup to 9:30": not where anyone lives
    if passive and _got(root) is None and any(c.dep_ == "auxpass" and c.tag_ == "VBD"
                                              for c in root.children):
        tense = "did"  # "I was born in Izmir", "Corvane was founded in 2011"
    current = tense in ("is", "doing") or (tense == "did" and (
        lemma in LEX.update_verbs or lemma in LEX.past_facts
        or f"{lemma} {particle}" in LEX.past_facts))
    agent = _child(root, "agent")
    if passive and _got(root) is None and lemma != "get" and tense in ("is", "did") and (
            agent is None or tense != "is") and not (table is not None and table[1]):
        return _passive(clause, is_negated)  # "is based in Warsaw", "was founded by"
    if lemma == "refuse" and not is_negated:  # "he refuses to eat garlic"
        xcomp = _child(root, "xcomp")
        if xcomp is not None and xcomp.lemma_.lower() in LEX.negatives:
            return _facts_of(clause, _who(clause), [(LEX.negatives[xcomp.lemma_.lower()], o)
                                                    for p, o in _objects(xcomp) if not p],
                             "verb", 0.7, False)
    natural_negative = is_negated and lemma in LEX.negatives  # "I can't stand X"
    if natural_negative and (tense == "" and any(c.lower_ in ("wo", "will") for c in
                                                 root.children) or tense == "did"):
        tense = "is"  # "Kaja won't eat dry food", "I've never cared for thrillers"
    if table is None and (tense != "is" or lemma in LEX.not_habits and not natural_negative):
        return []
    if table is not None and not current:
        return []  # "I worked at X": an episode (``activity``), not where they work now
    who = _passive_agent(clause) if passive and agent is not None else _who(clause)
    if not who:
        return []
    if table is not None:
        predicate, preps = table
        if passive and agent is not None:  # "the service is owned by Team Falcon"
            thing = _passive_object(clause)
            named = [(predicate, thing)] if thing is not None and not preps else []
        else:
            named = [(predicate, o) for _, o in _objects(root, preps) if not (
                lemma == "move" and o.ent_type_ in ("PERSON",))]
            xcomp = _child(root, "xcomp")
            if not named and xcomp is not None and predicate in PREFERENCES:
                named = [(predicate, o) for o in _with_conjuncts(xcomp)]  # "I love hiking"
        if lemma == "work":
            role = _prep(root, "as")
            if role is not None and _child(role, "pobj") is not None:
                named.append(("role", _child(role, "pobj")))
        if lemma in ("use", "switch"):
            named = _tool_for(root, named, lemma)
        if lemma == "join":
            named = [("member_of" if object_kind(_conj_span(o)) != ObjectKind.entity
                      else p, o) for p, o in named]
        if is_negated and lemma in LEX.negatives:
            named, is_negated = [(LEX.negatives[lemma], o) for _, o in named], False
        return _facts_of(clause, who, named, f"verb:{lemma}", 0.85, is_negated,
                         update=lemma in LEX.update_verbs)
    # any other verb, read as itself: "manages", "runs", "teaches_at", "sleeps_on"
    words = "_".join([third_person(lemma)] + [c.lower_ for c in root.children
                                              if c.dep_ == "prt"])
    if passive:
        named = [(words, _passive_object(clause))] if _passive_object(clause) is not None \
            else []
    elif is_negated and lemma in LEX.negatives:  # "I don't eat meat": does_not_eat meat
        named = [(LEX.negatives[lemma], o) for p, o in _objects(root)
                 if not p or (lemma, p) == ("care", "for")]  # "never cared for thrillers"
        is_negated = False
    else:
        # "I run design at Acme", "Noor teaches at Hillview": where someone works
        named = [("works_at" if p in ("at", "for") and lemma in LEX.work_verbs
                  and o.ent_type_ == "ORG" else "_".join([words, p]) if p else words, o)
                 for p, o in _objects(root) if (lemma, o.lemma_.lower()) not in VERB_IDIOMS]
    return _facts_of(clause, who, named, "verb", 0.7, is_negated)


PREFERENCES = ("likes", "dislikes", "prefers")


def _passive(clause: Clause, is_negated: bool) -> list[RawFact]:
    """A passive read as said: "Joanna is based in Warsaw" -> based_in, "Corvane was
    founded in 2011 by two pilots" -> founded_in 2011, founded_by two pilots, "I'm
    obsessed with kayaking" -> obsessed_with (dates count here: when it was built)."""
    root = clause.root
    who = _who(clause)
    facts: list[RawFact] = []
    for prep in (c for c in root.children if c.dep_ in ("prep", "agent")):
        pobj = _child(prep, "pobj", "pcomp")
        if pobj is None or pobj.lower_ in LEX.prep_idioms or _unresolved(pobj):
            continue
        predicate = f"{root.lower_}_{prep.lower_}"
        for obj in _with_conjuncts(pobj):
            if obj.ent_type_ in TIME_LABELS:
                span = obj.doc[obj.left_edge.i:obj.right_edge.i + 1]
                thing: tuple[str, ObjectKind] | None = (object_text(span), object_kind(span))
            else:
                thing = _thing(obj)
            if thing and thing[0]:
                facts += [_fact(clause, w, predicate, *thing, "passive", 0.7, is_negated)
                          for w in who]
    return facts


def _passive_agent(clause: Clause) -> list[str]:
    """"The billing service is owned by Team Falcon": Team Falcon owns it."""
    by = _child(clause.root, "agent")
    agent = _child(by, "pobj") if by is not None else None
    if agent is None:
        return []
    return [w for w in (subject_of(t) for t in _with_conjuncts(agent)) if w]


def _passive_object(clause: Clause) -> Any | None:
    subj = clause.subject
    return subj if subj is not None and not is_pronoun(subj) else None


def _tool_for(root: Any, named: list[tuple[str, Any]], lemma: str) -> list[tuple[str, Any]]:
    """"we use X for Y" / "we switched to X for Y": the tool for Y (one value)."""
    heads = [root, *(o for _, o in named[:1])]
    purpose = next((c for h in heads for c in h.children
                    if c.dep_ == "prep" and c.lower_ == "for"), None)
    target = _child(purpose, "pobj") if purpose is not None else None
    if target is not None:  # "for dashboards" -> "dashboard tool"
        mods = [c.lower_ for c in target.children if c.dep_ in ("compound", "amod")]
        predicate = " ".join([*mods, target.lemma_.lower(), "tool"])
        return [(predicate, o) for _, o in named]
    return named if lemma == "use" else named  # "we switched to X": uses X, an update


SWITCH_VERBS = ("switch", "move", "migrate", "change")


def _switch(clause: Clause) -> list[RawFact]:
    """"We switched from Jira to Linear": uses Linear, an update, and no longer Jira;
    "I moved from Leeds to York": lives in York."""
    root = clause.root
    source, target = _prep(root, "from"), _prep(root, "to")
    old = _child(source, "pobj") if source is not None else None
    new = _child(target, "pobj") if target is not None else None
    who = _who(clause)
    if new is None or not who or _child(root, "dobj") is not None:
        return []
    places = ("GPE", "LOC", "FAC")
    if root.lemma_.lower() == "move" and (new.ent_type_ in places or old is not None
                                          and old.ent_type_ in places):
        return _facts_of(clause, who, [("lives_in", new)], "verb:move", 0.85,
                         negated(root), update=True)
    facts = _facts_of(clause, who, [("uses", o) for o in _with_conjuncts(new)], "verb:switch",
                      0.8, negated(root), update=True)
    if old is not None and facts:
        facts += _facts_of(clause, who, [("uses", o) for o in _with_conjuncts(old)],
                           "verb:switch", 0.8, False, retract=True)
    return facts


def _used_to(clause: Clause) -> list[RawFact]:
    """"I used to play five-a-side": plays five-a-side, no longer."""
    xcomp = _child(clause.root, "xcomp")
    if xcomp is None or xcomp.pos_ not in ("VERB", "AUX"):
        return []
    inner = Clause(xcomp, clause.subjects, clause.sent, True, tense="is")
    readers = copular if xcomp.lemma_ == "be" else verb_fact
    return [replace(f, retract=True, update=False) for f in readers(inner) if not f.negated]


def _left(clause: Clause) -> list[RawFact]:
    """"Joanna left Brightloom": no longer works there; "I left London": no longer lives
    there; "we retired Jenkins": no longer uses it."""
    root = clause.root
    who = _who(clause)
    facts = []
    for obj in _with_conjuncts(_child(root, "dobj")) if _child(root, "dobj") is not None \
            else []:
        if obj.ent_type_ in ("GPE", "LOC"):
            predicate = "lives_in"
        elif is_name(obj) and obj.ent_type_ not in ("PERSON", "PRODUCT") \
                and root.lemma_.lower() in ("leave", "quit"):
            predicate = "works_at"  # a name one leaves, not a place: an organisation
        elif is_name(obj) and root.lemma_.lower() not in ("leave",):
            predicate = "uses"
        else:
            continue
        facts += _facts_of(clause, who, [(predicate, obj)], f"verb:{root.lemma_.lower()}",
                           0.7, False, retract=True)
    return facts


def _started_or_stopped(clause: Clause, stopped: bool) -> list[RawFact]:
    """"I started using VS Code": uses VS Code, an update; "we stopped using Slack",
    "I quit my job at Initech": no longer."""
    root = clause.root
    gerund = _child(root, "xcomp")
    if gerund is None:
        dobj = _child(root, "dobj")
        gerund = dobj if dobj is not None and dobj.tag_ == "VBG" else None
    if gerund is not None and gerund.pos_ == "VERB":
        inner = Clause(gerund, clause.subjects, clause.sent, True, tense="is")
        facts = [f for f in verb_fact(inner) if not f.negated]
        return [replace(f, retract=stopped, update=not stopped) for f in facts]
    if not stopped:
        return []
    dobj = _child(root, "dobj")
    if dobj is None:
        return []
    who = _who(clause)
    if dobj.lemma_.lower() in ("job", "position", "role"):
        at = _prep(dobj, "at", "with") or _prep(root, "at", "with")
        place = _child(at, "pobj") if at is not None else None
        return _facts_of(clause, who, [("works_at", place)], "verb:quit", 0.8, False,
                         retract=True) if place is not None else []
    if is_name(dobj):
        return _facts_of(clause, who, [("uses", dobj)], "verb:quit", 0.7, False, retract=True)
    return []


def have_fact(clause: Clause) -> list[RawFact]:
    """"I have two cats" (has_pet), "we have a son" (has_child), "I have a Vespa" (has);
    not "I have a question", "I have work tomorrow", "I don't have kids"."""
    root = clause.root
    have_got = root.lemma_ == "get" and any(c.lemma_ == "have" for c in root.children)
    if negated(root) or not have_got and (aspect(root) not in ("is", "did") or (
            root.tag_ == "VBD" and root.lemma_ == "have")):
        return []  # "I had a dog": not now; "we've got two dogs" is
    who = _who(clause)
    dobj = _child(root, "dobj")
    if not who or dobj is None:
        return []
    facts: list[RawFact] = []
    for obj in _with_conjuncts(dobj):
        head = obj.lower_
        if head in LEX.not_possessions or head in LEX.idiom_objects or any(
                c.dep_ == "det" and c.lower_ in ("no", "any", "some") for c in obj.children) \
                or any(t.ent_type_ in TIME_LABELS for t in obj.subtree):
            continue
        if head in LEX.pets or obj.lemma_.lower() in LEX.pets:
            predicate = "has_pet"
        elif head in LEX.children:
            predicate = "has_child"
        elif head in LEX.siblings:
            predicate = "has_sibling"
        elif obj.pos_ in ("NOUN", "PROPN") and not _unresolved(obj) and not any(
                c.ent_type_ in TIME_LABELS for c in root.children):
            predicate = "has"  # not "I've got a tournament next month": an event
        else:
            continue
        named = next((c for c in obj.children if c.dep_ == "appos" and is_name(c)), None)
        if named is not None and (predicate in ("has_pet", "has_child") or _is_kin(obj)):
            # "We have a cat, Biko": a cat, and the cat is Biko
            kind = object_text(obj.doc[obj.left_edge.i:obj.i + 1])
            facts += [_fact(clause, _household(w, predicate), predicate, kind,
                            ObjectKind.string, "have", 0.75) for w in who]
            if _sole(who):
                facts.append(_fact(clause, _sole(who), obj.lemma_.lower(), name_span(named),
                                   ObjectKind.entity, "have", 0.75))
            continue
        if called(obj) is not None:  # "a dog named Rex": has a dog, and the dog is Rex
            value = object_text(obj.doc[obj.left_edge.i:obj.i + 1])
            facts += [_fact(clause, _household(w, predicate), predicate, value,
                            ObjectKind.string, "have", 0.75) for w in who]
            facts += _named(clause, _household(_sole(who), predicate), obj)
            continue
        thing = _thing(obj)
        if thing:
            facts += [_fact(clause, _household(w, predicate), predicate, *thing, "have", 0.75)
                      for w in who]
    return facts


def _sole(who: list[str]) -> str:
    """The one subject, or '' when there are several ("Maya and I have a dog")."""
    return who[0] if len(who) == 1 else ""


def _named(clause: Clause, owner: str, noun: Any) -> list[RawFact]:
    """"I have a dog named Rex": the speaker's dog is Rex."""
    name = called(noun)
    if not owner or name is None:
        return []
    return [_fact(clause, owner, noun.lemma_.lower(), name_span(name), ObjectKind.entity,
                  "have", 0.75)]


def wants(clause: Clause) -> list[RawFact]:
    """"I want to be a teacher" -> wants_to "be a teacher"."""
    root = clause.root
    xcomp = _child(root, "xcomp")
    if xcomp is None or xcomp.pos_ not in ("VERB", "AUX") or not any(
            c.dep_ == "aux" and c.lemma_ == "to" for c in xcomp.children) or aspect(root) \
            not in ("is", "doing"):  # "wanna" is "wan" + "na", lemma "to"
        return []
    phrase = _plan_phrase(xcomp)
    return [_fact(clause, w, "wants_to", phrase, ObjectKind.string, "plan", 0.6,
                  negated(root)) for w in _who(clause) if phrase]


VERB_IDIOMS = {("cross", "finger"), ("keep", "finger"), ("hold", "breath"),
               ("do", "share"), ("pull", "leg"), ("break", "leg"), ("make", "sense"),
               ("miss", "you"), ("love", "you"), ("mean", "world")}


def _new_job(clause: Clause, who: list[str], verb: Any, job: Any) -> list[RawFact]:
    """"I got a new job at Initech" -> works_at Initech, an update like "I now work at"."""
    prep = next((c for h in (verb, job) for c in h.children
                 if c.dep_ == "prep" and c.lower_ in ("at", "with")), None)
    pobj = _child(prep, "pobj") if prep is not None else None
    if pobj is None or is_pronoun(pobj) and not is_name(pobj):
        return []
    return _facts_of(clause, who, [("works_at", pobj)], "verb:job", 0.8, negated(verb),
                     update=True)


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
    kept = [t for t in verb.subtree if t.i not in drop and t.lower_ not in LEX.fillers]
    while kept and kept[-1].is_punct:
        kept.pop()
    return "".join(t.text_with_ws for t in kept).strip()


def _real_thing(dobj: Any | None, objects: list[Any]) -> bool:
    """Whether a thin verb names an episode: its object is not an idiom's ("a blast",
    "my day"), and something it did or was done with is a thing ("I made it with
    coconut milk")."""
    if dobj is not None and not is_pronoun(dobj) and (
            dobj.lemma_.lower() in LEX.idiom_objects or dobj.pos_ not in ("NOUN", "PROPN")):
        return False
    return any(o.pos_ in ("NOUN", "PROPN") and o.lemma_.lower() not in LEX.idiom_objects
               for o in objects)


def _covered_by_verb_fact(lemma: str, prep: str, tense: str) -> bool:
    """Whether ``verb_fact`` reads this verb with this preposition ("" = its object)
    already: "I moved to Berlin" is ``lives_in``, "I'm working on a platform" is not."""
    if lemma not in LEX.verbs or tense != "did" and lemma not in LEX.update_verbs:
        return tense == "is"
    current = lemma in LEX.update_verbs or lemma in LEX.past_facts
    return current and prep in (LEX.verbs[lemma][1] or ("",))


FUTURE_WORDS = {"next", "tomorrow", "tonight", "soon", "later", "upcoming", "coming"}


def _future(verb: Any) -> bool:
    """A time ahead among the verb's own modifiers: "next month", "tomorrow"."""
    return any(t.lower_ in FUTURE_WORDS for c in verb.children
               if c.dep_ in ("npadvmod", "advmod", "tmod") or c.dep_ == "prep"
               and c.lower_ in ("in", "on", "at", "by") for t in c.subtree)


def activity(clause: Clause) -> list[RawFact]:
    """Episodes: something someone did ("I went to a support group", "Melanie painted a
    sunrise", "I've visited Kyoto", "I worked at Initech for years"), is doing ("I'm
    training for a triathlon") or plans ("I'm going to adopt a cat"). Many-valued
    (``did_<verb>[_<particle>][_<preposition>]``, ``doing_...``, ``plans_to``), one fact
    for the object and one for each place or companion; lower confidence than the
    attribute readers."""
    root = clause.root
    lemma = root.lemma_.lower()
    if root.pos_ not in ("VERB", "AUX") or schedule_fact(clause) or (
            lemma in SWITCH_VERBS and _switch(clause)) or (
            _got(root) is None and any(c.dep_ == "auxpass" for c in root.children)):
        return []  # "we moved the standup to 9:30" is a schedule; "I was told" is no doing
    who = _who(clause, episode=True)
    if not who:
        return []
    tense = aspect(root)
    if not tense and not clause.subjects:
        tense = "doing" if root.tag_ == "VBG" else "did"
    xcomp = _child(root, "xcomp")
    to_verb = xcomp is not None and xcomp.pos_ == "VERB" and any(
        c.dep_ == "aux" and c.lemma_ == "to" for c in xcomp.children)  # "gon na" too
    if to_verb and (lemma in LEX.plan_verbs or (lemma == "go" and tense == "doing")):
        if xcomp.lemma_.lower() in LEX.not_plans or any(
                c.dep_ == "dobj" and is_pronoun(c) for c in xcomp.children):
            return []  # "I'm going to cry", "gonna miss you"
        phrase = _plan_phrase(xcomp)
        return [_fact(clause, w, PLAN_PREFIX + "to", phrase, ObjectKind.string, "plan", 0.55,
                      negated(root)) for w in who if phrase]
    if tense not in ("did", "doing") or lemma in LEX.light_verbs or lemma in LEX.ending_verbs \
            or lemma in LEX.leaving_verbs and _left(clause) or (
            lemma in LEX.start_verbs | LEX.ending_verbs and xcomp is not None):
        return []
    if lemma in LEX.verbs and not LEX.verbs[lemma][1] and tense != "did" or (
            lemma in LEX.verbs and LEX.verbs[lemma][0] in ("likes", "dislikes", "prefers")):
        return []  # "Loved this spot": a preference, which verb_fact reads
    if lemma == "get" and root.lower_ == "got" and any(
            c.dep_ == "aux" and c.lemma_ == "have" for c in root.children):
        return []  # "I've got a tournament next month": having, not getting
    price = _prep(root, "to")
    if lemma in ("go", "rise", "drop", "fall", "increase") and price is not None and any(
            t.ent_type_ == "MONEY" for t in price.subtree):
        # "the Team plan went up to £35": what it costs now
        span = clause.doc[price.i + 1:price.right_edge.i + 1]
        return [_fact(clause, w, "costs", object_text(span), ObjectKind.money, "price", 0.7,
                      update=True) for w in _who(clause)]
    if tense == "doing" and _future(root):
        # "I'm adopting a second cat next month": a plan, not something under way
        phrase = _plan_phrase(root)
        return [_fact(clause, w, PLAN_PREFIX + "to", phrase, ObjectKind.string, "plan", 0.55,
                      negated(root)) for w in who if phrase]
    words = ([lemma] if _got(root) is None else ["get", root.lower_]) + [
        c.lower_ for c in root.children if c.dep_ == "prt"]
    prefix = EVENT_PREFIX if tense == "did" else DOING_PREFIX
    dobj = _child(root, "dobj")
    if dobj is not None and (lemma, dobj.lemma_.lower()) in VERB_IDIOMS:
        return []  # "I'm crossing my fingers"
    if tense == "did" and lemma in ("get", "land", "start", "take") and dobj is not None \
            and dobj.lemma_.lower() in ("job", "position", "role"):
        return _new_job(clause, who, root, dobj)
    found = _objects(root)
    if dobj is None and xcomp is not None and xcomp.tag_ == "VBG":  # "we went camping"
        found.append(("", xcomp))
    done: list[tuple[str, Any]] = []  # (verb, object): what a good time was spent doing
    if lemma == "have" and dobj is not None and dobj.lower_ in LEX.good_times:
        # "we had a blast at a live music event": where and with whom the time was spent;
        # "a great time throwing a party": what was done
        words, found = ["spend", "time"], [(p, o) for p, o in found if p]
        done = [(verb.lemma_.lower(), o) for acl in dobj.children if acl.dep_ == "acl"
                and acl.tag_ == "VBG" for verb in _with_conjuncts(acl)
                for o in [_child(verb, "dobj")] if o is not None]
    elif lemma in ("take", "snap") and dobj is not None and dobj.lemma_.lower() in LEX.photos:
        # "I took this photo at Whispering Falls": where the photo was taken
        words, found = ["take", "photo"], [(p, o) for p, o in found if p]
    elif lemma in LEX.thin_verbs and not _real_thing(dobj, [o for _, o in found]):
        return []
    particle = next((c.lower_ for c in root.children if c.dep_ == "prt"), "")
    key = f"{lemma} {particle}" if f"{lemma} {particle}" in LEX.verbs else lemma
    named = [("_".join([*words, p] if p else words), o) for p, o in found
             if not _covered_by_verb_fact(key, p, tense)]
    return _facts_of(clause, who, [(prefix + p, o) for p, o in named + done], "activity",
                     0.6, negated(root))

"""What the readers share: the subject markers, the raw fact, and the words of a clause
(names, objects, values, tense) read off the parse.

Subjects are left as written or as markers (SPEAKER, ORG, GROUP, HOME, THIRD, alone or
owning a noun: "<speaker>'s sister"); resolving them to names is ``extract.subjects``'s
job. Which words are idioms, kin or pets is the lexicon's (``extract/data/lexicon.toml``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from extract.clauses import FUTURE_WORDS, SEASONS, Clause, time_modifiers
from extract.lexicon import lexicon
from extract.places import is_place_name
from extract.sentences import is_past_form
from extract.values import age_modifier, object_kind, object_text, title_the
from kg.models import ObjectKind
from kg.registry import EVENT_PREFIXES

SPEAKER = "<speaker>"
ORG = "<org>"
# "we" as the subject of something done ("we went camping"): the organisation if the turn
# names one, else the speaker; "our brand colour", "we use Figma" are ORG
GROUP = "<we>"
HOME = "<home>"  # "we" and "our" of a household: "our daughter", "we live in Leeds"
# he, she, they: "<third:f>", "<third:m>", "<third:n>", the person the conversation has
# just named
THIRD = "<third"
# "the company", "the firm": the organisation the speaker is known to be part of (the
# turn's, or where the conversation said they work), else no one
FIRM = "<firm>"
MARKERS = (SPEAKER, ORG, GROUP, HOME, THIRD, FIRM)


EVENT_PREFIX, DOING_PREFIX, PLAN_PREFIX = EVENT_PREFIXES


FIRST_SINGULAR = {"i", "me", "my", "mine", "myself"}


# kin words said as names, with no "my": "mum's a midwife", "dad says hi"
HOUSEHOLD_NAMES = {"mum", "mom", "dad", "mama", "papa", "nan", "nana", "gran", "grandma",
                   "grandpa", "granny", "grandad", "mummy", "daddy"}
FIRST_PLURAL = {"we", "us", "our", "ours", "ourselves"}


NAME_LABELS = {"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "NORP", "WORK_OF_ART", "EVENT"}


TIME_LABELS = {"DATE", "TIME"}
# what ties a want or a whereabouts to the moment: "i want pizza tonight", "in the club rn"
MOMENT_WORDS = frozenset({"tonight", "today", "now", "rn", "tomorrow", "breakfast", "lunch",
                          "dinner", "tea", "later", "moment"})


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


KIND_PREPS = ("for", "above", "over", "under", "below")
PLACE_PREPS = ("in", "near", "outside")
PLACE_NAMES = ("GPE", "LOC", "FAC")


def is_pronoun(token: Any) -> bool:
    """"it", "one", "someone" ("twenty-one" is a number)."""
    return token.lower_ in LEX.pronouns and not (token.left_edge.i < token.i
                                                  and token.left_edge.like_num)


def child(token: Any, *deps: str) -> Any | None:
    return next((c for c in token.children if c.dep_ in deps), None) if token is not None \
        else None


def prep_of(token: Any, *words: str) -> Any | None:
    return next((c for c in token.children if c.dep_ == "prep" and c.lower_ in words), None)


def with_conjuncts(token: Any) -> list[Any]:
    """The token and the items coordinated with it ("Go, Kafka and Postgres"); the second
    half of a name joined by an ampersand is no item of its own ("Marks & Spencer")."""
    out = [token]
    joined = ampersand_part(token)
    for c in token.children:
        if c.dep_ == "conj" and c.lower_ in LEX.time_nouns and token.lower_ in LEX.time_nouns \
                and any(t.dep_ in ("compound", "nmod") and t.pos_ == "NOUN" and t.i < token.i
                        and t.lower_ not in LEX.time_nouns for t in token.children):
            continue  # "a brown inhaler morning and night": when, not a second thing
        if c.dep_ == "conj" and _hyphen_tail(c) and c.doc[c.i - 2].head != c:
            continue  # "sci-fi": "fi" is no item, the parser's slip (but "eggs and a
            # vegan fry-up": "up" is the item, "fry" its first half)
        if c.dep_ == "conj":
            out.extend(with_conjuncts(c)[1:] if c == joined else with_conjuncts(c))
        elif listed_apposition(c):
            out.extend(with_conjuncts(c))
    if token.dep_ == "dobj":
        out.extend(n for item in _misread_items(token) for n in with_conjuncts(item))
    than = prep_of(token, "than")  # "more ebikes than road bikes": both are sold
    if than is not None and child(than, "pobj") is not None and _compared(token):
        out.extend(with_conjuncts(child(than, "pobj")))
    return out


def _hyphen_tail(token: Any) -> bool:
    """The word after a hyphen with no space round it: the end of one hyphenated word."""
    doc = token.doc
    return token.i >= 2 and doc[token.i - 1].text == "-" and not doc[token.i - 1].whitespace_ \
        and not doc[token.i - 2].whitespace_


def _compared(noun: Any) -> bool:
    """A noun said more (or less) of than another: "more ebikes than road bikes"."""
    return any(c.dep_ == "amod" and c.lower_ in COMPARATIVES for c in noun.children)


COMPARATIVES = {"more", "less", "fewer"}


def listed_apposition(noun: Any) -> bool:
    """A list item the parser hung as an apposition: in "we maintain a mobile app, a web
    dashboard and a public API" the second item, with an article of its own and the rest
    of the list joined to it, is no second name for the first ("my brother, a doctor",
    "two kids, Ollie and June" are)."""
    head = noun.head
    counted = _counted(noun) and _counted(head)  # "four GPs, two nurses and a pharmacist"
    return noun.dep_ == "appos" and noun.i > head.i and (
        head.tag_ in ("NN", "NNP") or counted) \
        and (counted or any(c.dep_ == "det" and c.lower_ in ARTICLES for c in noun.children)
             and any(c.dep_ == "det" and c.lower_ in ARTICLES for c in head.children)) \
        and any(c.dep_ == "cc" for c in noun.children) \
        and any(c.dep_ == "conj" for c in noun.children)


def _counted(noun: Any) -> bool:
    return any(c.dep_ == "nummod" for c in noun.children)


ARTICLES = {"a", "an", "the"}


def _misread_items(obj: Any) -> list[Any]:
    """List items the parser read as verbs: in "we use Python, Go and Rust" the small
    model makes "Go" a verb of its own. A capitalised word inside the sentence, right
    after the comma that follows the object, with no subject or object of its own and
    joined to a name by "and", is one more item."""
    verb = obj.head
    after = obj.doc[obj.right_edge.i + 1] if obj.right_edge.i + 1 < len(obj.doc) else None
    if after is None or after.text != ",":
        return []
    return [c for c in verb.children if c.i == after.i + 1 and c.pos_ in ("VERB", "AUX")
            and c.text[:1].isupper() and c.dep_ in ("xcomp", "conj", "dep", "ccomp")
            and not any(g.dep_ in ("nsubj", "dobj", "aux", "neg") for g in c.children)
            and any(g.dep_ == "conj" and g.pos_ == "PROPN" for g in c.children)]


def ampersand_part(token: Any) -> Any | None:
    """The name an ampersand joins to this one to make one name: "Marks & Spencer",
    "Procter & Gamble" (two proper nouns either side of a bare "&")."""
    doc = token.doc
    if token.pos_ != "PROPN" or token.i + 2 >= len(doc) or doc[token.i + 1].text != "&":
        return None
    part = doc[token.i + 2]
    return part if part.dep_ == "conj" and part.head == token and part.pos_ == "PROPN" \
        else None




def name_span(token: Any) -> str:
    """A name with its own parts ("Team Falcon", "St Mary's", "Project 10"), not what
    stands in apposition to it ("Priya, the design lead")."""
    parts, stack = [token], [token]
    while stack:
        head = stack.pop()
        joined = ampersand_part(head)
        for c in head.children:
            if c.dep_ in ("compound", "flat", "nummod") and not _relative_named(c) and not (
                    c.lower_ in LEX.kin_titles and c.i < token.i and c.i == token.left_edge.i) or (
                    c.dep_ == "det" and title_the(c) and head.i == token.i) or (
                    c.dep_ == "case" and c.i == c.head.i + 1 and not (
                        head.i == token.i and token.dep_ in ("poss", "appos")
                        and _named_before(token))
            ) or c == joined or (  # ("my sister Adunni's grandson": Adunni, whose grandson)
                c.dep_ == "poss" and head.i == token.i and c.pos_ == "PROPN"
                and token.text[:1].isupper() and token.pos_ == "PROPN"
                and token.lower_ not in LEX.kin | LEX.pets and any(
                    k.dep_ == "case" for k in c.children)):  # "Hallam's Garage": its name
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
    if token.lower_ in LEX.kin and child(token, "poss", "det") is not None:
        return False  # "my nan turned 90": a relative the tagger took for a name
    if token.lower_ in LEX.posts and child(token, "poss") is not None:
        return False  # "our CTO, Nikhil, ...": a post, its capitals no name
    if token.pos_ == "PROPN" or token.ent_type_ in NAME_LABELS:
        return True
    bare = child(token, "det", "poss") is None and token.tag_ != "NNS"  # "Headings are"
    return bare and (token.text[:1].isupper() or any(ch.isdigit() for ch in token.text))


FAVOURITES = {"favourite", "favorite", "fave", "fav"}


def predicate_words(noun: Any) -> str:
    """"brand colour", "opening hours", "heading font": the noun with its modifiers, as
    written (lemmas would turn "heading" into "head" and "best" into "good");
    "mother-in-law" whole, though the tokenizer splits it."""
    aged = age_modifier(noun)  # "my 5 year old daughter" is a daughter
    mods = [c for c in noun.children if c.dep_ in ("compound", "amod") and c.i < noun.i
            and not (c.lower_ in LEX.kin_ages and noun.lower_ in LEX.kin)
            and not (aged is not None and c == aged[2])]
    word = hyphenated(noun)  # "my younger brother" is a brother: the age is no relation
    if _hyphen_tail(noun):  # "all-hands": one word the tokenizer split
        word = f"{noun.doc[noun.i - 2].lower_}-{word}"
        mods = [m for m in mods if m.i != noun.i - 2]
    if noun.tag_ == "NNS" and (noun.lower_ in LEX.kin or noun.lower_ in LEX.pets
                               or noun.lemma_.lower() in LEX.breeds) and \
            noun.lemma_.lower() != noun.lower_ and noun.lower_ not in ("twins", "parents"):
        word = noun.lemma_.lower()  # "my dogs are Bruno and Kaja": each one a dog
    if word in ("thing", "things", "one") and mods and mods[-1].lower_ in FAVOURITES:
        return " ".join(m.lower_ for m in mods)  # "my fav thing ever": a favourite
    return " ".join([*(f"{noun.doc[m.i - 2].lower_}-{m.lower_}" if _hyphen_tail(m) else m.lower_
                       for m in mods), word])  # ("dairy-free treat": a modifier split too)


def hyphenated(token: Any) -> str:
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
    if low in HOUSEHOLD_NAMES and not any(c.dep_ in ("det", "poss") for c in token.children):
        return f"{SPEAKER}'s {low}"  # "mum's a midwife": the speaker's mum
    if is_name(token):
        return name_span(token)
    if token.pos_ == "NOUN" or token.lower_ in LEX.kin:  # "my nan", tagged PROPN
        named = given_name(token)
        if named is not None:  # "my brother Yaw, who lives in Accra, ...": Yaw
            return name_span(named)
        poss = child(token, "poss") or shared_owner(token)
        if poss is not None:
            owner = owner_of(poss)
            if owner == ORG and is_ourselves(token):
                return ORG  # "our company was founded in Oslo": the organisation itself
            return f"{owner}'s {predicate_words(token)}" if owner else ""
        det = child(token, "det")
        if det is not None and det.lower_ == "the" and (
                token.lower_ in LEX.children or token.lower_ in LEX.pets):
            return f"{SPEAKER}'s {token.lower_}"  # "the twins", "the dog": the speaker's
        if det is not None and det.lower_ == "the" and is_ourselves(token) and (
                token.lower_ in LEX.firm_words) and not any(
                c.dep_ in ("prep", "advmod", "relcl", "acl") for c in token.children):
            return FIRM  # "the company was founded by my uncle": the speaker's, if known
            # (not "the bakery", "the firm on the corner": maybe another one)
        if det is not None and det.lower_ == "the" and token.lower_ in LEX.firm_assets \
                and not any(c.dep_ in ("compound", "prep") for c in token.children):
            # "the website runs on WordPress", "the mobile app is written in Kotlin"
            return f"{FIRM}'s {predicate_words(token)}"
        if det is not None and det.lower_ == "the" and token.lower_ in LEX.teams and any(
                c.dep_ == "amod" for c in token.children):
            return predicate_words(token)  # "the mobile team", like "the data team"
        if det is not None and det.lower_ == "the" and token.lower_ in ("team", "squad") \
                and not any(c.dep_ in ("compound", "prep", "amod") for c in token.children):
            return f"{SPEAKER}'s {token.lower_}"  # "the team uses Notion": the speaker's
        if child(token, "det") is not None and child(token, "det").lower_ == "the" and any(
                c.dep_ == "compound" or (c.dep_ == "amod" and c.pos_ == "PROPN")
                for c in token.children):
            return predicate_words(token)  # "the staging server", "the Lisbon office"
    return ""


def is_ourselves(noun: Any) -> bool:
    """"Our company", "our studio": a noun that names the organisation "we" are."""
    return noun.lower_ in LEX.organisations and not any(
        c.dep_ in ("compound", "amod") for c in noun.children)


def shared_owner(noun: Any) -> Any | None:
    """The possessive a coordinated noun shares with the first ("my brother and sister":
    the speaker's sister too), where it has no determiner of its own."""
    if noun.dep_ != "conj" or noun.head.pos_ != "NOUN" or child(noun, "det") is not None:
        return None
    return child(noun.head, "poss")


def gender_of_pronoun(word: str) -> str:
    return "f" if word in ("she", "her", "hers") else "m" if word in (
        "he", "him", "his") else "n"


def gender_of_noun(noun: str) -> str:
    """"f", "m" or "" (either) for a relative or a pet: "sister" -> "f"."""
    return "f" if noun in LEX.feminine else "m" if noun in LEX.masculine else ""


def owner_of(poss: Any) -> str:
    """Who a possessive names: "my" -> SPEAKER, "Chidi's" -> "Chidi" (without its "'s");
    "our" a relative or a pet belongs to is the household (HOME), not the company."""
    owner = subject_of(poss)
    if owner == ORG and (is_kin(poss.head) or poss.head.lower_ in LEX.pets):
        return HOME
    return owner[:-2] if owner.endswith(("'s", "’s")) else owner


def given_name(noun: Any) -> Any | None:
    """The name a possessed noun is given in apposition: "my sister Maya", "our CTO,
    Nikhil", "our build server, ci-02"; a role said with "the", in commas: "the new
    intern, Bo,"."""
    if child(noun, "poss") is None:  # "the new intern, Bo, starts on Monday": a name
        det = child(noun, "det")  # set off by commas names the subject said with "the"
        return next((c for c in noun.children if c.dep_ == "appos" and (
            c.i == noun.i + 2 and noun.nbor().text == "," or c.doc[c.i - 1].text == ","
            and noun.lemma_.lower() in LEX.people_words and any(  # ("the guy I met, Tom,
                r.dep_ == "relcl" and noun.i < r.i < c.i for r in noun.children))  # ...")
                     and is_name(c) and c.ent_type_ not in (
                         *TIME_LABELS, "GPE", "LOC", "NORP", "FAC", "EVENT")), None) \
            if det is not None and det.lower_ == "the" and noun.dep_ in (
                "nsubj", "nsubjpass") else None
    if _relative_named(noun):
        return noun.head  # "my cousin Ines", parsed as a name with a compound before it
    after = noun.doc[noun.i + 1] if noun.i + 1 < len(noun.doc) else None
    if noun.dep_ == "nmod" and noun.lower_ in LEX.kin and after is not None \
            and after.dep_ == "poss" and after.head.i == noun.head.i and is_name(after):
        return after  # "my daughter Lucía's idea", the relative and the name each
        # parsed as the idea's
    return next((c for c in noun.children if c.dep_ in ("appos", "npadvmod") and c.i > noun.i
                 and is_name(c) and c.ent_type_ not in TIME_LABELS), None)


def co_subjects(subject: Any) -> list[Any]:
    """The others a subject is said together with: "Maya and Tom", and those joined to
    the name it is given ("my partner, Femi, and I", "our twins, Emir and Defne")."""
    named = given_name(subject) if subject.pos_ == "NOUN" else None
    return with_conjuncts(subject)[1:] + (with_conjuncts(named)[1:] if named is not None
                                          else [])


# what says two said together hold something each apart, not to each other: "both
# married", "married to sisters", "neither ... nor"
APART = {"both", "each", "all", "neither", "to"}


def pair_of(clause: Clause, subject: Any) -> tuple[str, str] | None:
    """The two a clause says something of together, each named or "I" ("Ana and I",
    "Maya and Tom"), the speaker first; None for one or for more than two, or where the
    sentence says they hold it apart (``APART``)."""
    people = [subject, *co_subjects(subject)]
    if len(people) != 2 or not all(is_name(t) or t.lower_ in FIRST_SINGULAR for t in people) \
            or any(t.lower_ in APART for t in clause.sent):
        return None
    first, second = sorted((subject_of(t) for t in people), key=lambda w: w != SPEAKER)
    return first, second


def _named_before(token: Any) -> bool:
    """A name set straight after a possessed noun ("my sister Adunni")."""
    before = token.doc[token.i - 1] if token.i > 0 else None
    return before is not None and before.pos_ == "NOUN" and child(before, "poss") is not None


def _relative_named(noun: Any) -> bool:
    """A possessed relative the parser made a compound of the name it is given: "my
    cousin Ines" (Ines, with "my cousin" before it)."""
    return noun.dep_ == "compound" and noun.lower_ in LEX.kin and child(
        noun, "poss") is not None and noun.head.pos_ == "PROPN"


def owner_and_predicate(noun: Any) -> tuple[str, str]:
    """Who owns a possessed noun and what the relation is called: "our brand colour" ->
    (ORG, "brand colour"); "my dog's name" -> (SPEAKER, "dog name")."""
    poss = child(noun, "poss")
    if poss is None:
        return "", ""
    if noun.lower_ == "name" and poss.pos_ == "NOUN" and subject_of(poss).startswith(
            f"{SPEAKER}'s "):  # "the cat's name is Sigrid": the speaker's cat
        return SPEAKER, predicate_words(poss)
    inner = child(poss, "poss") if poss.pos_ == "NOUN" else None
    if inner is not None and subject_of(inner) in MARKERS:
        if noun.lower_ == "name" and (is_kin(poss) or poss.lower_ in LEX.pets):
            return subject_of(inner), predicate_words(poss)  # "my brother's name": brother
        if is_kin(poss):
            # "my sister's dog", "my wife's brother", "my dad's favourite book": the
            # relative's own ("my sister Maya's dog": Maya's)
            named = given_name(poss)
            return (name_span(named) if named is not None else
                    f"{subject_of(inner)}'s {predicate_words(poss)}"), predicate_words(noun)
        if subject_of(inner) == ORG and is_ourselves(poss):
            return ORG, predicate_words(noun)  # "our studio's primary colour": ours
        return subject_of(inner), f"{predicate_words(poss)} {predicate_words(noun)}"
    return owner_of(poss), predicate_words(noun) + _of_what(noun)


def _of_what(noun: Any) -> str:
    """" of engineering" in "our head of engineering": the bare noun a role is of."""
    of = prep_of(noun, "of")
    what = child(of, "pobj") if of is not None else None
    if what is None or child(what, "det", "poss") is not None or what.tag_ not in (
            "NN", "NNP", "NNS", "NNPS"):  # ("head of sales")
        return ""
    return " of " + " ".join(t.lower_ for t in what.subtree)


REFLEXIVES = {"myself", "yourself", "himself", "herself", "itself", "ourselves",
              "yourselves", "themselves"}


def value_end(token: Any) -> int:
    """Where the object's own words end: before a conjunction, a prepositional phrase
    that says something else ("Notion for documentation", "email over calls"), or a
    comma that opens a remark on it ("ramen, too salty for me")."""
    joined = ampersand_part(token)
    conj = [c for c in token.children if (c.dep_ in (
        "conj", "cc", "prep", "relcl", "acl", "appos", "npadvmod", "advmod")
        or c.dep_ == "punct" and c.text in (",", ";", "-", "–", "—")
        or c.lower_ in REFLEXIVES) and c.i > token.i  # ("vegan myself")
        and not (joined is not None and c.i in (token.i + 1, joined.i))
        and not (c.lower_ == "of" and token.text[:1].isupper()
                 and any(k.text[:1].isupper() for k in c.children))  # "University of Oslo"
        and not _kind_of_thing(token, c) and not _placed_thing(token, c)
        and not _journey_to(token, c) and not _topic_of(token, c) and not _rate(token, c)]
    # a topic or a journey kept ends where its own object's words end: "a conference on
    # AI ethics", not "... in Berlin" hung on "ethics"
    inner = [g for c in token.children if c.i > token.i and (
        _topic_of(token, c) or _journey_to(token, c)) for g in child(c, "pobj").children
        if g.dep_ in ("prep", "relcl", "acl", "punct") and g.i > c.i]
    end = min((c.left_edge.i for c in conj + inner), default=token.right_edge.i + 1)
    doc = token.doc
    end = next((k for k in range(token.i + 1, end) if not token.is_ancestor(doc[k])), end)
    # (a word not its own ends it: "Linear for tickets and Notion for docs", the "for"
    # the verb's)
    end = max(end, token.i + 1 if joined is None else joined.i + 1)
    while end == token.i + 1 and end < token.sent.end and doc[end].head == token.head \
            and doc[end].dep_ in ("dobj", "punct", "npadvmod") and doc[end].is_alpha \
            and doc[end].tag_ in ("NN", "NNS", "VBP") and token.dep_ == "dobj":
        end += 1  # "the AWS account", "the Django admin": one object the parser split
    while end == token.i + 1 and end < token.sent.end and token.dep_ == "dobj" \
            and doc[end].dep_ in ("amod", "compound", "nummod") \
            and doc[end].head.dep_ == "dobj" and doc[end].head.head == token.head \
            and doc[end].head.i > end and not any(doc[k].is_punct for k in range(
                end, doc[end].head.i)):
        end = doc[end].head.i + 1  # "the lagos half marathon": "lagos" and "marathon"
        # two objects, the second's words between
    while end < token.sent.end and not doc[end - 1].whitespace_ and "-" in (
            doc[end].text, doc[end - 1].text) and end - 1 >= token.i:
        end += 1  # "the Co-op", "a five-a-side": one word the tokenizer split
    while end < token.sent.end and doc[end - 1].text.isdigit() and doc[end].text.isdigit() \
            and doc[end - 1].i >= token.i:
        end += 1  # "07700 900123": one number written in groups
    while end - 1 > token.i and (doc[end - 1].is_punct or doc[end - 1].lower_ in LEX.fillers
                                 or doc[end - 1].ent_type_ in TIME_LABELS
                                 and token.ent_type_ not in TIME_LABELS):
        end -= 1  # "the piano most afternoons": the time is not the thing
    return end


RATE_PERIODS = {"day", "week", "month", "year", "hour", "night", "fortnight", "term"}


def _rate(amount: Any, period: Any) -> bool:
    """"£1,150 a month", "£12 an hour", "$300 per week": an amount and what it is per,
    one value."""
    det = child(period, "det")
    return period.dep_ == "npadvmod" and period.lower_ in RATE_PERIODS and (
        amount.ent_type_ == "MONEY" or amount.like_num) and det is not None \
        and det.lower_ in ("a", "an", "per")


def _kind_of_thing(noun: Any, prep: Any) -> bool:
    """A bare plural's "for" or "above" phrase that says which of them: "apps for
    bakeries", "purchase orders above €5,000", "cakes for weddings" (not "Notion for
    documentation", a name and what it is used for, nor "the kids for a week")."""
    what = child(prep, "pobj")
    return prep.dep_ == "prep" and prep.lower_ in KIND_PREPS and noun.tag_ == "NNS" \
        and child(noun, "det", "poss", "nummod") is None and what is not None \
        and child(what, "det") is None and what.lemma_.lower() not in LEX.not_kinds \
        and what.ent_type_ not in TIME_LABELS and (what.pos_ == "NOUN" or what.like_num
                                                   or what.ent_type_ == "MONEY")


def _topic_of(noun: Any, prep: Any) -> bool:
    """What a talk, a course or a book is on or about, which says which one: "a
    conference on AI ethics", "a podcast about gardening", "a course in Georgian" (not
    "a course in Leeds", a place, nor "a talk in May", a time)."""
    what = child(prep, "pobj")
    return prep.dep_ == "prep" and (prep.lower_ in ("on", "about", "in") and (
        noun.lemma_.lower() in LEX.topical) or prep.lower_ == "for"
        and noun.lemma_.lower() in LEX.appointments) and what is not None \
        and what.ent_type_ not in PLACE_NAMES + tuple(TIME_LABELS) and not is_time(what) \
        and child(what, "poss") is None and (prep.lower_ != "in" or what.pos_ == "PROPN"
                                              or child(what, "det") is None)


def _journey_to(noun: Any, prep: Any) -> bool:
    """A journey's "to" a named place, which says which one: "a trip to Iceland", "a
    flight to Lagos" (not "a trip to the shops for milk": no name)."""
    where = child(prep, "pobj")
    return prep.dep_ == "prep" and prep.lower_ == "to" and noun.lemma_.lower() in LEX.journeys \
        and where is not None and (where.pos_ == "PROPN" or where.ent_type_ in PLACE_NAMES)


def _placed_thing(noun: Any, prep: Any) -> bool:
    """A common noun's "in" or "near" a named place, which says which one: "a small town
    in Ohio" one lives in, "runs a vet clinic in George Town", "bought a house in Kumasi"
    (not "Leeds in May", a name; nor "a judge in Bordeaux" or "work as a joiner in
    Bristol", what one is, where "in" says where one works). A name after "in" is a
    place even where the tagger took it for someone's ("a fintech in Bangalore")."""
    where = child(prep, "pobj")
    return prep.dep_ == "prep" and prep.lower_ in PLACE_PREPS and noun.pos_ == "NOUN" \
        and not noun.ent_type_ and where is not None and (
            where.ent_type_ in PLACE_NAMES or where.pos_ == "PROPN" and where.ent_type_ in (
                "", "ORG", "PERSON")) and noun.dep_ in ("dobj", "pobj") \
        and not (noun.dep_ == "pobj" and noun.head.lower_ == "as")


# how or when a doing is done, never part of what it is: "painting together lately"
DOING_ASIDES = frozenset({"together", "lately", "recently", "especially", "again", "too",
                          "also", "nowadays", "now", "more", "loads", "lots", "alot",
                          "sometimes", "often", "daily", "weekly", "regularly"})


def _when_done(modifier: Any) -> bool:
    """A time said after a doing: "on the weekends", "every Sunday", "at night"."""
    when = child(modifier, "pobj") if modifier.dep_ == "prep" else modifier \
        if modifier.dep_ == "npadvmod" else None
    return when is not None and (when.ent_type_ in TIME_LABELS or when.lower_ in
                                 LEX.time_nouns)


PLACE_PARTS = {"top", "bottom", "middle", "edge", "foot", "side", "heart", "centre", "center",
               "outskirts"}  # of a place: "on top of Table Mountain", "the edge of town"


def value_span(token: Any) -> Any:
    """The object's words: a noun with its modifiers, up to a conjunction or a
    prepositional phrase; a gerund with its whole phrase ("getting lost in fantasy
    worlds"), less trailing asides ("too"). Empty for a bare quantity ("a lot")."""
    doc = token.doc
    if token.ent_type_ == "DATE":
        ent = next((e for e in doc.ents if e.start <= token.i < e.end), None)
        if ent is not None and ent.label_ == "DATE" and ent.end > token.i + 1 and (
                token.right_edge.i == token.i or token.right_edge.i < ent.end and not any(
                    t.dep_ in ("cc", "conj") for t in doc[token.i:ent.end])):
            # "on Wednesday 9th December" with "December" hung on the verb, "the 3rd of
            # june" with it hung on the day: the date whole
            return doc[min(token.left_edge.i, ent.start):ent.end]
    if token.lower_ in LEX.time_nouns and token.is_lower:
        thing = next((c for c in token.children if c.dep_ in ("nmod", "compound")
                      and c.i < token.i and c.pos_ in ("NOUN", "PROPN")), None)
        if thing is not None:  # "the piano most afternoons", "VS Code day to day": the
            # parser made the time the head ("a brown inhaler morning": its words too)
            start = min(thing.left_edge.i, token.left_edge.i)
            while start < thing.i and (doc[start].lower_ in LEX.time_nouns
                                       or doc[start].tag_ in ("DT", "PRP$", "PDT")):
                start += 1
            return doc[start:thing.i + 1]
    if token.lower_ in LEX.quantities and not (token.like_num and token.left_edge.like_num
                                               and token.left_edge.i < token.i):
        # ("twenty-one" is a number, not "one")
        of = prep_of(token, "of")
        thing = child(of, "pobj") if of is not None else None
        if thing is None:
            return doc[token.i:token.i]
        if token.lower_ in LEX.vague_amounts:
            return value_span(thing)  # "a bit of Spanish", "loads of plants": the thing
        return doc[token.left_edge.i:value_end(thing)]  # "all kinds of hurdles"
    if token.lemma_.lower() in LEX.servings and prep_of(token, "of") is not None and child(
            prep_of(token, "of"), "pobj") is not None:
        return value_span(child(prep_of(token, "of"), "pobj"))  # "a glass of red wine"
    if token.lower_ in PLACE_PARTS and token.dep_ == "pobj" and prep_of(token, "of") is not None:
        return doc[token.i:value_end(child(prep_of(token, "of"), "pobj") or token)]  # "on
        # top of Table Mountain": the top of it, the place named
    if token.tag_ == "VBG":
        outing = token.dep_ in ("xcomp", "dobj") and token.head.lemma_ == "go"  # "went
        # camping with my fam": the outing is "camping", the company another fact
        taught = token.dep_ == "xcomp" and token.head.lemma_.lower() in LEX.work_verbs
        # ("teach kayaking at an outdoor centre": what is taught, and where, apart)
        cut = [c.left_edge.i for c in token.children if c.i > token.i and (
            c.dep_ in ("conj", "cc") or outing and c.dep_ == "prep" or workplace_of(c)
            or taught and c.dep_ == "prep" and c.lower_ in ("at", "for")
            or _when_done(c) or c.dep_ == "punct" and c.text in (",", "-", "–", "—")
            or c.dep_ == "advmod" and c.lower_ in DOING_ASIDES)]  # "hiking on the
        # weekends", "painting together lately, especially ...": hiking, painting
        end = min(cut, default=token.right_edge.i + 1)
        while end - 1 > token.i and (doc[end - 1].is_punct or doc[end - 1].lower_ in LEX.asides
                                     or doc[end - 1].lower_ in LEX.fillers):
            end -= 1
        return doc[token.left_edge.i:end]
    start = token.left_edge.i
    while start < token.i and doc[start].lower_ in COMPARATIVES and _compared(token):
        start += 1  # "more ebikes (than road bikes)": ebikes
    counted = [t.i for t in doc[start:token.i] if t.lower_ in LEX.vague_counts]
    if counted and all(t.lower_ in LEX.vague_counts | LEX.intensifiers
                       for t in doc[start:counted[-1] + 1]):
        start = counted[-1] + 1  # "way too many houseplants": houseplants, how many unsaid
    return doc[start:value_end(token)]


def workplace_of(prep: Any) -> Any | None:
    """The organisation an "at" names after work ("hiring at Kestrel Logistics"): a name
    that is no place, or None."""
    place = child(prep, "pobj") if prep.dep_ == "prep" and prep.lower_ == "at" else None
    return place if place is not None and is_name(place) and place.ent_type_ not in (
        "GPE", "LOC", "FAC", "DATE", "TIME", "PERSON") else None


DEICTIC = {"this", "that", "these", "those"}
# what a street's name ends with: "king st", "Shaw Road"
STREETS = {"street", "st", "road", "rd", "avenue", "ave", "lane", "ln", "crescent",
           "terrace", "boulevard", "blvd", "square"}


def unresolved(obj: Any) -> bool:
    """An object that only the moment resolves: "this series" (a thing shown), "holding
    them", "having them around" (a gerund about a pronoun), "your purse" (the listener's)."""
    if any(c.dep_ == "det" and c.lower_ in DEICTIC for c in obj.children) and not (
            obj.dep_ == "dobj" and obj.head.tag_ == "VBD"
            and obj.head.lemma_.lower() in LEX.making) and not any(
            c.dep_ in ("compound", "amod") or c.pos_ == "PROPN" or c.dep_ == "relcl" and any(
                s.dep_ == "nsubj" for s in c.children)  # "these figurines I bought": said
            or c.dep_ == "prep" and child(c, "pobj") is not None
            and child(c, "pobj").lower_ in STREETS  # "that gym on king st": which one
            for c in obj.children):
        return True
    if any(c.dep_ == "poss" and c.lower_ in ("your", "yours", "his", "her", "their")
           and not own_possessive(c) and not (c.lower_ != "your" and obj.lower_ in
                                              LEX.body_parts) for c in obj.children):
        # ("Owen broke his wrist": one's own body, whoever one is)
        return True  # "your purse", "her recipe": whose, the parse cannot say
    if any(c.lower_ in ("you", "u", "ya", "yall", "y'all") and c.i < obj.i for c in obj.children):
        return True  # "I love you guys": the listeners
    return obj.tag_ == "VBG" and any(c.dep_ == "dobj" and is_pronoun(c)
                                     and c.i < value_span(obj).end for c in obj.children)
    # ("painting together, especially nature-inspired ones": the doing, said before)


# the subjects a possessive pronoun refers back to: "he passed his test"
OWN_POSSESSIVES = {"his": ("he",), "her": ("she",), "their": ("they",)}


def own_possessive(poss: Any) -> bool:
    """A possessive pronoun that echoes the clause's subject: "he passed his driving
    test", "they sold their house", and a person's deed done to what is normally their
    own (``own_deeds``: "Tom passed his driving test", "my sister sold her car"); not "she
    borrowed his car", "Tom met her parents", "I loved her recipe", nor a person's ongoing
    or lasting ("Ada is bringing her baby", "Amira has her school play": whose, the parse
    cannot say)."""
    verb = poss.head
    while verb.pos_ not in ("VERB", "AUX") and verb.dep_ in ("dobj", "pobj", "prep", "conj",
                                                           "attr", "appos"):
        verb = verb.head
    while verb.dep_ in ("conj", "xcomp") and not any(
            c.dep_ == "nsubj" for c in verb.children):
        verb = verb.head
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or verb.pos_ not in ("VERB", "AUX"):
        return False
    if poss.lower_ in ("his", "her") and verb.tag_ == "VBD" and poss.head.dep_ == "dobj" \
            and verb.lemma_.lower() in LEX.own_deeds and (
            subject.pos_ == "PROPN" or subject.ent_type_ == "PERSON"
            or any(c.dep_ == "poss" for c in subject.children) and subject.lower_ in LEX.kin):
        return True  # "Tom passed his driving test", "my sister sold her car": whose but hers
    return subject.lower_ in OWN_POSSESSIVES.get(poss.lower_, ())


INDEFINITES = {"anything"}  # ("something new", "everything in pounds": no kind)


def thing_of(obj: Any) -> tuple[str, ObjectKind] | None:
    """The object's value and kind, or None where it names no thing: a pronoun, a
    wh-clause ("what I like"), a non-thing ("the thought"), a moment-bound object."""
    if obj.lower_ == "me" and obj.dep_ == "pobj":
        return SPEAKER, ObjectKind.entity  # "Priya reports to me", "lives with me"
    if obj.lower_ == "us" and obj.dep_ == "pobj" and obj.head.head.lemma_.lower() in (
            "live", "stay"):
        return HOME, ObjectKind.entity  # "my mother-in-law lives with us": the household
    if obj.lower_ in OBJECT_PRONOUNS and obj.dep_ in ("dobj", "pobj"):
        # "met her at a wedding", "obsessed with her": whom the conversation just named
        return f"{THIRD}:{gender_of_pronoun(obj.lower_)}>", ObjectKind.entity
    if obj.lower_ in INDEFINITES and any(c.dep_ in ("amod", "prep") and c.i > obj.i
                                         for c in obj.children):
        span = obj.doc[obj.i:value_end(obj) if not any(
            c.dep_ == "prep" for c in obj.children) else obj.right_edge.i + 1]
        return object_text(span), ObjectKind.string  # "anything spicy", "anything with
        # chickpeas": a kind of thing, said with "anything"
    vague = _vague_thing(obj)
    if vague is not None:  # "a climbing wall thing": the climbing wall
        return object_text(vague), object_kind(vague)
    if is_pronoun(obj) and not is_name(obj) or obj.lower_ in LEX.not_things \
            or unresolved(obj) or obj.lower_ in LEX.bare_nothings and not any(
                c.dep_ in ("amod", "compound", "nummod", "poss", "relcl", "acl", "prep")
                for c in obj.children):
        return None
    name = called(obj) or named_role(obj)
    if name is not None:  # "a bakery called Vela": Vela; "the CTO, Amir": Amir
        return name_span(name), ObjectKind.entity
    quoted = quoted_span(obj)
    if quoted is not None:  # "Books that balance themselves", all of it
        return quoted.text, ObjectKind.string
    if _liked_doing(obj):  # "I love to cook Italian food": cooking Italian food
        phrase = plan_phrase(obj)
        first, _, rest = phrase.partition(" ")
        return (" ".join([gerund(first.lower()), rest]).strip(), ObjectKind.string) \
            if first.lower() == obj.lower_ else None
    span = value_span(obj)
    if not len(span) or span[0].tag_ in ("WP", "WDT", "WRB"):
        return None
    value = object_text(span)
    return (value, object_kind(span)) if value else None


def _vague_thing(obj: Any) -> Any | None:
    """What a chat's "thing" stands for, said before it ("a climbing wall thing", "a
    pottery thing"): the words before it, when they are nouns (not "the whole thing",
    "my fav thing")."""
    if obj.lower_ not in ("thing", "things") or obj.i == 0:
        return None
    mods = [c for c in obj.children if c.i < obj.i and c.dep_ in ("compound", "amod", "nmod")]
    if not mods or any(m.dep_ == "amod" and m.tag_ not in ("VBG", "NN") or m.lower_ in FAVOURITES
                       for m in mods) or obj.doc[obj.i - 1] not in mods:
        return None
    return obj.doc[min(m.left_edge.i for m in mods):obj.i]


PREFERENCES = ("likes", "dislikes", "prefers")


def of_liking(lemma: str) -> bool:
    """Whether a verb says a liking (its predicate likes, dislikes or prefers): "love",
    "hate", "prefer"."""
    return lemma in LEX.verbs and LEX.verbs[lemma][0] in PREFERENCES


def _liked_doing(verb: Any) -> bool:
    """"to cook" after "I love", "I like", "I hate": a doing liked, said with "to"."""
    return verb.dep_ == "xcomp" and verb.tag_ == "VB" and of_liking(
        verb.head.lemma_.lower()) and any(
        c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)


def gerund(verb: str) -> str:
    """The -ing form of a verb's base form, by the spelling rules.

    >>> [gerund(v) for v in ("cook", "swim", "bake", "play", "ski", "visit", "see", "tie")]
    ['cooking', 'swimming', 'baking', 'playing', 'skiing', 'visiting', 'seeing', 'tying']
    """
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")) and len(verb) > 2:
        return verb[:-1] + "ing"
    vowels = "aeiou"
    if len(verb) <= 4 and len(verb) >= 3 and verb[-1] not in vowels + "wxy" \
            and verb[-2] in vowels and verb[-3] not in vowels:
        return verb + verb[-1] + "ing"  # "swim", "run", "jog", "knit"
    return verb + "ing"


OBJECT_PRONOUNS = {"him", "her", "them"}  # an object a person just named may be
QUOTES = {'"', "“", "”", "'", "‘", "’"}


def quoted_span(token: Any) -> Any | None:
    """The words between the quotation marks a token opens, if it opens any."""
    doc = token.doc
    start = token.left_edge.i
    if start == 0 or doc[start - 1].text not in QUOTES:
        return None
    end = next((t.i for t in doc[start:token.sent.end] if t.text in QUOTES), None)
    return doc[start:end] if end is not None and end > start else None


def named_role(noun: Any) -> Any | None:
    """The person a definite role is, named beside it: "I report to the CTO, Amir"."""
    if child(noun, "det", "poss") is None:
        return None
    return next((c for c in noun.children if c.dep_ == "appos" and c.i > noun.i
                 and c.ent_type_ == "PERSON" and not listed_apposition(c)), None)


def introduced_name(noun: Any) -> Any | None:
    """The name a noun is introduced with, possessed or not: "a daughter, Ana", "a son
    called Leo", "my sister Maya"."""
    return given_name(noun) or called(noun) or next(
        (c for c in noun.children if c.dep_ == "appos" and c.i > noun.i and is_name(c)
         and c.ent_type_ not in TIME_LABELS), None)


def called(noun: Any) -> Any | None:
    """The name in "a dog named Rex", "a bakery called Vela", if any."""
    for acl in (c for c in noun.children if c.dep_ == "acl" and c.lemma_ in ("name", "call")):
        name = child(acl, "oprd", "attr", "dobj", "xcomp") or next(
            (c for c in acl.children if c.dep_ in ("advmod", "npadvmod") and c.i == acl.i + 1
             and is_name(c)), None)  # "a startup called Fernly": the name as an adverb
        if name is None:  # "a tabby called Miso": the name hung on the noun, straight after
            after = noun.doc[acl.i + 1] if acl.i + 1 < len(noun.doc) else None
            name = after if after is not None and after.head.i == noun.i and after.dep_ in (
                "appos", "npadvmod") and is_name(after) else None
        if name is not None and (is_name(name) or name.pos_ in ("NOUN", "PROPN", "ADJ")
                                 and child(name, "det", "poss") is None):
            return name  # "a startup called kettle": what follows "called" is its name
    return None


# "25th", "1st", "third": a day of the month or a place in a line, never an age
ORDINAL_WORD = re.compile(r"\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|"
                          r"seventh|eighth|ninth|tenth|eleventh|twelfth")


def owned_subject(subj: Any) -> Any:
    """The subject, or the owned noun joined to it when it has no owner itself: in "The
    Hospital rang and my Operation has been moved to 12th January" the parser took "rang"
    for a noun and both for the subject; what moved is the operation."""
    if child(subj, "poss") is not None:
        return subj
    return next((c for c in subj.children if c.dep_ == "conj" and child(c, "poss") is not None),
                subj)


def age_of(comp: Any) -> str:
    """"34", "six", "34 years old": an age, or ''; never an ordinal ("Saturday 25th")."""
    digits = comp.text.replace(",", "")
    if ORDINAL_WORD.fullmatch(comp.lower_) or digits.isdigit() and int(digits) > 125:
        return ""  # ("20,780 a yr": an amount)
    if comp.like_num or comp.ent_type_ == "CARDINAL" and comp.pos_ == "NUM":
        if comp.ent_type_ in ("MONEY", "PERCENT", "QUANTITY", "TIME"):
            return ""
        return comp.doc[comp.left_edge.i:comp.i + 1].text  # "seventy-three"
    if comp.lower_ == "old":
        years = child(comp, "npadvmod")
        number = child(years, "nummod") if years is not None else None
        if number is not None:  # "three years old" -> "three"; "10 weeks old" -> "10 weeks"
            said = number.doc[number.left_edge.i:number.i + 1].text  # "twenty five"
            return said if years.lemma_.lower() == "year" else f"{said} {years.text}"
    return ""


def turned_age(verb: Any) -> str:
    """The age in "she just turned four", "Yusuf turns 10", or ''."""
    number = child(verb, "dobj", "attr", "oprd")
    return age_of(number) if verb.lemma_.lower() == "turn" and number is not None else ""


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


def make_fact(clause: Clause, subject: str, predicate: str, value: str, kind: ObjectKind,
          pattern: str, confidence: float, is_negated: bool = False, **flags: bool) -> RawFact:
    return RawFact(subject, predicate, value, kind, pattern, confidence, clause.start,
                   clause.end, is_negated, **flags)


def who_of(clause: Clause, *, episode: bool = False) -> list[str]:
    """Who the clause is about: "Maya and I" -> [Maya, SPEAKER]; "we" -> ORG (GROUP when
    it did something); the speaker when a chat sentence drops its "I" ("Went to Rome")."""
    subjects = list(clause.subjects)
    if not subjects:
        if dropped_i(clause.root) or shares_dropped_i(clause.root):
            return [SPEAKER]
        return [f"{THIRD}:x>"] if dropped_third(clause.root) else []
    who = [subject_of(t) for s in subjects for t in [s, *co_subjects(s)]
           if not (t.ent_type_ == "NORP" and t.lower_.endswith("s"))]
    # ("Colombians can visit six months without a visa": a people in general, no one)
    if episode:
        who = [GROUP if w == ORG else w for w in who]
    return list(dict.fromkeys(w for w in who if w))


def shares_dropped_i(verb: Any) -> bool:
    """A verb coordinated with one whose "I" a chat sentence dropped shares it: "sold my
    car and got an ebike" (the speaker got one too); not a verb with its own subject."""
    head = verb
    while head.dep_ == "conj" and head.head.pos_ in ("VERB", "AUX") and not any(
            c.dep_ in ("nsubj", "nsubjpass", "expl") for c in head.children):
        head = head.head
    return head is not verb and dropped_i(head)


# what a dropped "it" does, not a person: "sounds good", "makes sense", "depends"
IT_VERBS = {"sound", "seem", "look", "make", "depend", "mean", "matter", "happen", "suck",
            "hurt", "work", "help", "count", "rain", "snow", "cost", "take", "go", "come",
            "feel", "get", "say", "beat", "serve", "figure", "ring", "kill", "tie", "remind",
            "annoy", "sting", "bother", "apply", "fit", "do", "be", "have"}


def dropped_third(verb: Any) -> bool:
    """A chat sentence that dropped its "he" or "she": a present verb's third-person form
    opening it with no subject ("hates the hoover already", "starts monday") - said of
    the one the talk is about (not a dropped "it": "sounds good", "makes sense")."""
    before = [t for t in verb.doc[verb.sent.start:verb.i] if not t.is_punct]
    return verb.tag_ == "VBZ" and verb.dep_ == "ROOT" and verb.lemma_.lower() not in (
        IT_VERBS | LEX.light_verbs) and not any(
        c.dep_ in ("aux", "auxpass", "expl", "csubj", "nsubj", "nsubjpass")
        for c in verb.children) and all(t.pos_ in ("ADV", "INTJ", "CCONJ") for t in before)


def dropped_i(verb: Any) -> bool:
    # "got laid off this morning": a get-passive's "got" opens what dropped its "I"
    got = got_aux(verb)
    got_at = got.i if got is not None and got.i == verb.i - 1 else -1
    before = [t for t in verb.doc[verb.sent.start:verb.i] if not t.is_punct and t.i != got_at]
    past = verb.tag_ in ("VBD", "VBN", "VBG") or verb.tag_ == "VB" and is_past_form(verb)
    return (past and (verb.dep_ == "ROOT" or verb.i == verb.sent.start)
            and verb.lower_ not in LEX.wishes
            and not any(c.dep_ in ("aux", "auxpass", "expl", "csubj", "nsubj", "nsubjpass")
                        and c.i != got_at for c in verb.children)
            and all(t.pos_ in ("ADV", "INTJ", "CCONJ") for t in before))


def is_kin(noun: Any) -> bool:
    """A relative, one or more ("sister", "my sisters", "in-laws"); not a partner in a
    firm ("our senior partner", "a managing partner")."""
    if noun.lemma_.lower() == "partner" and any(
            c.dep_ in ("amod", "compound") and c.lower_ in FIRM_PARTNERS for c in noun.children):
        return False
    return noun.lower_ in LEX.kin or predicate_words(noun) in LEX.kin or (
        noun.tag_ == "NNS" and noun.lemma_.lower() in LEX.kin)


FIRM_PARTNERS = {"senior", "managing", "junior", "equity", "salaried", "founding", "named",
                 "practice", "business"}


def lasting(verb: Any) -> bool:
    """Whether a verb's time runs to now: "since 2019", "since I was six", "for ten
    years", "for a while" (a duration, not "for the weekend" nor "for work")."""
    for c in verb.children:
        if c.lower_ == "since" and c.dep_ in ("prep", "mark", "advmod"):
            return True
        if c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "since"
                                     for m in c.children):
            return True
        if c.dep_ == "prep" and c.lower_ == "for" and how_long(c) and not any(
                t.lower_ in ("the", "this", "that", "next", "last") for t in c.subtree):
            return True  # ("for six years now")
    return False


def aspect(verb: Any) -> str:
    """"did" (simple past, present perfect, past progressive), "doing" (under way),
    "is" (the present simple: a habit or a state), or "" for the rest."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass") and not _stranded(c)]
    have = any(c.lemma_ == "have" for c in auxes)
    if any(c.tag_ == "MD" and c.lower_ not in ("can", "ca") for c in auxes):
        return ""  # modals ("I will go") are not episodes; "I can speak Spanish" is a fact
    if any(c.tag_ == "MD" for c in auxes):
        return "is"
    got = got_aux(verb)
    if got is not None:  # "I just got accepted", "I've gotten promoted"
        return "did" if got.tag_ == "VBD" or have else ""
    if any(c.dep_ == "auxpass" for c in auxes):
        return "is" if all(c.tag_ in PRESENT for c in auxes) else ""
    be = next((c for c in auxes if c.lemma_ == "be"), None)
    if verb.tag_ == "VBD" and not auxes and verb.lower_ == verb.lemma_.lower() \
            and verb.lower_ not in LEX.unchanged_pasts and not time_said(verb) \
            and verb.dep_ != "conj":
        return "is"  # "I brew cider", "I read the Guardian": the tagger's past is a present
    if verb.tag_ == "VBD" and not auxes and verb.lower_ in LEX.unchanged_pasts and \
            habitual(verb) and not any(t.lower_ in PAST_MARKS or t.tag_ == "VBD" and t != verb
                                       for t in verb.sent):
        return "is"  # "i hit the gym at 5 every morning", "we cut it on Fridays": a habit
    if verb.tag_ == "VBD" and not auxes:
        return "did"
    if verb.tag_ == "VBN" and have:
        # "I've lived in Canada for ten years", "we've used Slack since 2019": a state that
        # lasts to now (not "I had lived there for years", nor "I've lived in Paris")
        return "is" if verb.lemma_.lower() in LEX.lasting_verbs and lasting(verb) and all(
            c.tag_ != "VBD" for c in auxes) else "did"
    if verb.tag_ == "VBG" and be is not None:
        return "did" if be.tag_ == "VBD" else "doing"
    if verb.tag_ in PRESENT or verb.tag_ == "VB" and any(
            c.lemma_ == "do" and c.tag_ in PRESENT for c in auxes):
        return "is"
    if verb.tag_ == "VB" and not auxes and any(
            c.dep_ == "nsubj" and c.lower_ != "you" for c in verb.children):
        return "is"  # "we no longer use Xero", "i just do yoga": the tagger's bare form
    if verb.tag_ == "VB" and verb.dep_ == "conj" and not auxes:
        return aspect(verb.head)  # "we employ 240 people and sell software"
    return ""


# what puts a habit in the past: "last year i hit the gym every morning", "when i was a
# kid", "back in uni", "every time she took his toys"
PAST_MARKS = {"last", "yesterday", "ago", "back", "when", "used", "was", "were", "then"}
HABIT_WORDS = {"usually", "always", "often", "normally", "daily", "weekly", "nightly",
               "generally", "sometimes", "regularly"}


def habitual(verb: Any) -> bool:
    """Whether a verb's modifiers say it is done as a habit: a time that recurs ("every
    morning", "on Fridays") or a word of habit ("usually", "weekly").

    >>> import spacy
    >>> from spacy.tokens import Doc
    >>> words = ["i", "hit", "the", "gym", "every", "morning"]
    >>> doc = Doc(spacy.blank("en").vocab, words=words, heads=[1, 1, 3, 1, 5, 1],
    ...           deps=["nsubj", "ROOT", "det", "dobj", "det", "npadvmod"])
    >>> habitual(doc[1]), habitual(doc[3])
    (True, False)
    """
    return any(habitual_time(c) or any(t.lower_ in HABIT_WORDS for t in c.subtree)
               for c in verb.children if c.dep_ not in ("nsubj", "dobj"))


def _stranded(aux: Any) -> bool:
    """A modal cut off from its verb by a pause and the verb's own subject: "can't" in
    "can't this year, I'm going to Barcelona" answers something else ("I can't")."""
    subject = next((c for c in aux.head.children if c.dep_ == "nsubj" and c.i > aux.i), None)
    return aux.tag_ == "MD" and subject is not None and any(
        t.is_punct for t in aux.doc[aux.i + 1:subject.i])


def time_said(verb: Any) -> bool:
    """A time among the verb's modifiers ("yesterday", "last week", "in 2019"); not a
    habit's ("on Sundays", "every morning": the present of "I read the Guardian")."""
    return any(t.ent_type_ in TIME_LABELS and not habitual_time(c) for c in verb.children
               if c.dep_ != "conj" for t in c.subtree)


def habitual_time(modifier: Any) -> bool:
    """A time that recurs: "on Sundays", "every morning", "at weekends"."""
    words = [t for t in modifier.subtree]
    return any(t.lower_ in ("every", "each") for t in words) or any(
        t.lower_ in LEX.weekdays and t.lower_.endswith("s") for t in words)


def is_time(token: Any) -> bool:
    """A time as an object: tagged one, or a month, day or holiday the tagger missed ("in
    may", "starting in feb", "at Easter"), or a stretch of time ("three weeks", "the
    morning")."""
    return token.ent_type_ in TIME_LABELS or token.lower_ in LEX.months | LEX.weekdays \
        or token.lower_ in LEX.holidays or (
        token.dep_ == "pobj" and token.lower_ in LEX.days) or (
        token.lower_ in LEX.time_nouns | SEASONS and any(
            c.dep_ in ("nummod", "det", "predet") for c in token.children))  # "the summer"


def got_aux(verb: Any) -> Any | None:
    """The "got" of a get-passive ("I got accepted for an internship"), if any."""
    return next((c for c in verb.children if c.dep_ == "auxpass" and c.lemma_ == "get"),
                None)


def objects_of(verb: Any, preps: tuple[str, ...] | None = None) -> list[tuple[str, Any]]:
    """(preposition or "" for the direct object, object token) pairs of a verb: its direct
    objects and conjuncts, and the objects of its prepositions (``preps``, or any but a
    time, an idiom or a moment-bound thing)."""
    found: list[tuple[str, Any]] = []
    dobj = child(verb, "dobj")
    gap = verb.dep_ == "relcl" and verb.head.pos_ in ("NOUN", "PROPN") and (
        dobj is None and child(verb, "nsubj") is not None and child(verb, "prep") is None
        and child(verb, "nsubj").lower_ not in ("who", "that", "which")  # its subject
        or dobj is not None and dobj.lower_ in ("that", "which"))
    if gap:  # "these figurines I bought", "the book that I read": the noun is the object
        dobj = verb.head
    owned = next((c for c in verb.children if c.dep_ == "oprd" and dobj is not None
                  and dobj.lower_ == "her" and of_liking(verb.lemma_.lower())
                  and c.i > dobj.i and not any(
                      t.is_punct for t in verb.doc[dobj.i:c.i])), None)
    if owned is not None:  # "I love her lentil stew", the parser making "her" the object
        dobj = owned  # and the stew what she was made: the stew is what is loved
    if dobj is not None and any(c.dep_ == "quantmod" and c.lower_ == "between"
                                for c in dobj.children):
        dobj = None  # "i only eat between 12 and 8": when, read as what
    second = gapped_objects(verb, dobj) if dobj is not None and not gap else []
    if dobj is not None and preps is None or preps == ():
        found += [("", o) for o in with_conjuncts(dobj) + second] if dobj is not None else []
    # "moved back to Portland", "went home to Leeds": the preposition hangs on the adverb
    via_adverb = [p for c in verb.children if c.dep_ == "advmod" and c.lower_ in (
        "back", "home", "over", "out", "away") for p in c.children if p.dep_ == "prep"]
    for prep in [c for c in verb.children if c.dep_ in ("prep", "dative")] + via_adverb:
        word = prep.lower_
        pobj = child(prep, "pobj", "pcomp")  # "at the shelter", "on opening a studio"
        if word == "to" and pobj is not None and verb.lemma_ == "go" and child(
                pobj, "det") is None and pobj.lemma_.lower() in LEX.weather_verbs:
            continue  # "gonna snow tonight": the weather's, where no one goes
        inner = prep_of(prep, "of") if word == "out" and pobj is None else None
        left = child(inner, "pobj") if inner is not None else None
        if inner is not None and verb.lemma_.lower() in LEX.leaving_out_of:
            word, pobj = "out_of", left  # "dropped out of college", "moved out of London"
        elif left is not None and verb.lemma_.lower() in LEX.working_out_of and not {
                t.lower_ for t in left.subtree} & LEX.not_worked_out_of \
                and aspect(verb) != "doing":
            # "works out of the Lisbon office": at it (not "out of necessity", "out of the
            # house", nor "working out of the Paris office this week")
            word, pobj = "at", left
        if pobj is not None and pobj.dep_ == "pcomp" and pobj.pos_ == "ADV":
            pobj = None  # "a yoga studio I go to often": no object, a stranded "to"
        if pobj is None and _left_at_the_end(verb, prep):  # "the parade I went to": the noun
            pobj = verb.head
        of = prep_of(pobj, "of") if pobj is not None and pobj.lower_ in LEX.quantities else None
        if of is not None and child(of, "pobj") is not None:
            pobj = child(of, "pobj")  # "listen to a lot of jazz": jazz
        if word == "with" and preps and pobj is not None:  # "living with mum in
            found += [(p, o) for p, o in objects_of(pobj, preps) if p]  # Papatoetoe"
        if preps is not None and word not in preps or preps is None \
                and word not in LEX.event_preps:
            continue
        if pobj is None or is_time(pobj) or pobj.lower_ in LEX.prep_idioms and not (
                word == "to" and pobj.lower_ in LEX.destinations
                and verb.lemma_.lower() in LEX.getting_about) or (
                pobj.lower_ in LEX.body_parts) or (  # "sleeps on my face": where, this once
                word == "in" and pobj.lower_ in LEX.school_stages
                and child(pobj, "det", "poss") is None):  # "in college": when, not where
            continue
        found += [(word, o) for o in with_conjuncts(pobj) if o not in second]
    return found


def _left_at_the_end(verb: Any, prep: Any) -> bool:
    """A preposition left at the end of a relative clause with no relative pronoun ("the
    parade I went to", "the café we talked about"): the noun before is its object."""
    subject = child(verb, "nsubj")
    return verb.dep_ == "relcl" and verb.head.pos_ in ("NOUN", "PROPN") and prep.i > verb.i \
        and not list(prep.children) and subject is not None \
        and subject.lower_ not in ("who", "that", "which") and child(verb, "dobj") is None


def gapped_objects(verb: Any, dobj: Any) -> list[Any]:
    """The second object of a verb said once for two ("I speak Welsh at home and French
    at work", "we use Notion for docs and Slack for chat", "tea in the morning and coffee
    at night"), which the parser hangs on the verb or on the first object's preposition:
    a noun with a preposition of its own that echoes the first one (the same word, or
    both times), not a second noun of that preposition ("for docs and wikis at work")."""
    firsts = [c for h in (verb, dobj) for c in h.children if c.dep_ == "prep" and c.i < (
        verb.sent.end)]
    found = []
    for c in verb.children:
        if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN") and c.i > dobj.i and any(
                _echoes(c, verb, first) for first in firsts):
            found.append(c)  # "Welsh at home and French at work"
    for prep in firsts:
        pobj = child(prep, "pobj")
        found += [c for c in (with_conjuncts(pobj)[1:] if pobj is not None else [])
                  if c.pos_ in ("NOUN", "PROPN") and _echoes(c, verb, prep)]
    return found


def _echoes(noun: Any, verb: Any, first: Any) -> bool:
    """Whether a preposition on the verb follows the noun straight after its words and
    echoes ``first``, the first object's: the same preposition, or both times."""
    after = noun.right_edge.i + 1
    if after >= noun.sent.end or after <= first.i:
        return False
    prep = noun.doc[after]
    if prep.dep_ != "prep" or prep.head != verb:
        return False
    if prep.lower_ == first.lower_:
        return True
    times = [child(p, "pobj") for p in (prep, first)]
    return all(t is not None and t.ent_type_ in TIME_LABELS for t in times) and \
        noun.ent_type_ not in TIME_LABELS


def town_of(*heads: Any) -> Any | None:
    """The named place an "in" on one of these words gives ("a pharmacist at Boots in
    Porto", "I work for Globex in Berlin"): where the work is, or None."""
    for head in heads:
        prep = prep_of(head, "in") if head is not None else None
        place = child(prep, "pobj") if prep is not None else None
        if place is not None and (place.ent_type_ in ("GPE", "LOC") or place.pos_ == "PROPN"
                                  and is_place_name(name_span(place))):
            return place  # (or a town the gazetteer knows, which the tagger missed)
    return None


def home_place(verb: Any) -> Any | None:
    """The place in "I share a flat in Partick", "we rent a house near Leeds", "I've got a
    tiny flat in Lisbon": where the home is (a named place, not "a flat in a block")."""
    home = child(verb, "dobj")
    if home is None or home.lemma_.lower() not in LEX.homes:
        return None
    prep = prep_of(home, "in", "near") or prep_of(verb, "in", "near")
    place = child(prep, "pobj") if prep is not None else None
    if place is None or not (place.ent_type_ in ("GPE", "LOC", "FAC") or is_name(place)):
        return None
    return place


def facts_of(clause: Clause, who: list[str], named: list[tuple[str, Any]], pattern: str,
              confidence: float, is_negated: bool, **flags: bool) -> list[RawFact]:
    facts = []
    for predicate, obj in named:
        thing = thing_of(obj)
        if thing:
            facts += [make_fact(clause, household(w, predicate), predicate, *thing, pattern,
                            confidence, is_negated, **flags) for w in who]
    return facts


HOUSEHOLD_PREDICATES = {"lives_in", "lives_with", "has_pet", "has_child", "is_from",
                        "grew_up_in", "moved_from"}


def household(who: str, predicate: str) -> str:
    """"We live in Portland", "we've got two dogs": the household, not the company; "is_a"
    is asked only of a state of life ("we're vegetarian")."""
    return HOME if who in (ORG, GROUP) and (predicate in HOUSEHOLD_PREDICATES
                                            or predicate == "is_a") else who


def sole(who: list[str]) -> str:
    """The one subject, or '' when there are several ("Maya and I have a dog")."""
    return who[0] if len(who) == 1 else ""


VERB_IDIOMS = {("cross", "finger"), ("keep", "finger"), ("hold", "breath"),
               ("do", "share"), ("pull", "leg"), ("break", "leg"), ("make", "sense"),
               ("miss", "you"), ("love", "you"), ("mean", "world"), ("live", "dream"),
               ("follow", "passion"), ("follow", "dream"), ("follow", "heart"),
               ("lose", "love"), ("lose", "passion"), ("lose", "interest")}


def plan_phrase(verb: Any) -> str:
    """"to repaint the kitchen next spring" -> "repaint the kitchen": the verb with its
    particles, objects and places, without "to", times and side remarks; nothing for
    what no one does ("gonna rain tomorrow")."""
    if verb.lemma_.lower() in LEX.weather_verbs:
        return ""
    drop: set[int] = set()
    for c in verb.children:
        time_like = c.ent_type_ in TIME_LABELS or any(t.ent_type_ in TIME_LABELS
                                                     for t in c.subtree)
        if time_like and c.dep_ == "prep" and c.ent_type_ not in TIME_LABELS:
            c = _holding_the_time(c)  # "as a nurse at St Mary's next month": the time's
            # own phrase goes, the post stays
        if (c.dep_ in ("aux", "npadvmod", "advcl", "punct", "cc", "conj", "mark", "nsubj",
                       "intj")
                or time_like and c.dep_ in ("prep", "advmod", "npadvmod")
                or c.dep_ == "advmod" and (c.lower_ in LEX.time_adverbs or c.i < verb.i
                                           and c.lower_ in LEX.asides | {"then"})
                # ("also hosting", "then starting as a teacher")
                or c.dep_ == "prep" and c.lower_ == "since"  # "since the pandemic"
                or c.dep_ == "ccomp" and c.i < verb.i):  # "but that's okay, I'll ..."
            drop.update(t.i for t in c.subtree)
    for prep in verb.subtree:  # "get back to running by the autumn": by when, deeper down
        when = child(prep, "pobj") if prep.dep_ == "prep" and prep.lower_ in (
            "by", "before", "until", "till") else None
        if when is not None and (when.lower_ in SEASONS or when.ent_type_ in TIME_LABELS):
            drop.update(t.i for t in prep.subtree)
    dash = min((c.i for c in verb.children if c.dep_ == "punct" and c.i > verb.i
                and c.text in ("-", "–", "—", ":", ";")), default=None)
    if dash is not None:  # "an art show with my paintings - can't wait!": an aside after
        drop.update(t.i for c in verb.children if c.i > dash for t in c.subtree)
    kept = [t for t in verb.subtree if t.i not in drop and t.lower_ not in LEX.fillers]
    while kept and (kept[-1].is_punct or kept[-1].lower_ in LEX.asides
                    or kept[-1].dep_ in ("cc", "prep") and not list(kept[-1].rights)):
        # "adopting a second cat next month actually", "with rice instead of"
        dangling = {t.i for t in kept[-1].subtree}
        kept = [t for t in kept if t.i not in dangling]
    if any(t.pos_ == "PRON" for t in kept) and all(
            t.i == verb.i or t.pos_ == "PRON" or t.dep_ == "prt" for t in kept):
        return ""  # "I'll get 'em next time", "gonna do it": what, it does not say
    return spaced(_quote_closed(kept))


QUOTES = ('"', "\u201c", "\u201d")  # the quotation marks chat and prose write


def _quote_closed(kept: list[Any]) -> list[Any]:
    """``kept`` with the quote that closes one it opens: "watch a show called "The Wheel
    of Time"" (the parser hangs the closing quote on the verb)."""
    if not kept or sum(t.text in QUOTES for t in kept) % 2 == 0:
        return kept
    after = kept[-1].i + 1
    doc = kept[-1].doc
    return [*kept, doc[after]] if after < len(doc) and doc[after].text in QUOTES else kept


def _holding_the_time(prep: Any) -> Any:
    """The innermost preposition under ``prep`` whose phrase holds its first time word
    ("at St Mary's next month" in "as a nurse at St Mary's next month"); ``prep`` when the
    time is its own object."""
    time = next(t for t in prep.subtree if t.ent_type_ in TIME_LABELS)
    inner = time
    while inner.i != prep.i and inner.dep_ != "prep":
        inner = inner.head
    return inner


def spaced(tokens: list[Any]) -> str:
    """Tokens as the text says them, with a space where a word between was left out
    ("a lamb tagine, with rice": "a lamb tagine with rice", not "taginewith")."""
    return "".join(t.text + (t.whitespace_ or (
        " " if i + 1 < len(tokens) and tokens[i + 1].i != t.i + 1 else ""))
        for i, t in enumerate(tokens)).strip()




def future_time(verb: Any) -> bool:
    """A time ahead among the verb's own modifiers: "next month", "tomorrow"."""
    return any(t.lower_ in FUTURE_WORDS for c in time_modifiers(verb) for t in c.subtree)


def how_long(prep: Any) -> bool:
    """"for ten years", "since 2019": how long a state has lasted, not what it is of."""
    when = child(prep, "pobj")
    return when is not None and (prep.lower_ == "for" and when.lemma_.lower() in
                                 LEX.durations or prep.lower_ == "since")

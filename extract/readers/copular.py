"""Readers of being and having a name: copular and possessive clauses both ways round
("our brand colour is X", "Ravi is our CTO", "I'm from Ohio", "I'm 34"), names given
in apposition ("my sister Maya"), dispositions ("allergic to"), naming ("is called").
"""

from __future__ import annotations

from typing import Any

from extract.clauses import Clause, age_ahead, negated
from extract.places import is_place_name
from extract.readers.having import CHILD_WORDS, have_fact
from extract.readers.words import (
    FAVOURITES,
    FIRST_SINGULAR,
    LEX,
    MOMENT_WORDS,
    NAME_LABELS,
    ORG,
    SPEAKER,
    THIRD,
    TIME_LABELS,
    RawFact,
    _of_what,
    age_of,
    called,
    child,
    co_subjects,
    facts_of,
    given_name,
    habitual_time,
    household,
    how_long,
    introduced_name,
    is_kin,
    is_name,
    is_pronoun,
    is_time,
    listed_apposition,
    make_fact,
    name_span,
    owned_subject,
    owner_and_predicate,
    owner_of,
    pair_of,
    plan_phrase,
    predicate_words,
    prep_of,
    quoted_span,
    subject_of,
    thing_of,
    unresolved,
    value_span,
    who_of,
    with_conjuncts,
)
from extract.readers.workplaces import (
    UNSETTLED,
    based,
    employer_now,
    for_a_while,
    for_years,
    held_at,
    post_at,
    said_of_work,
    school_attended,
    school_in,
    served,
    still_or_no_longer,
    year_of_study,
    years_lasted,
)
from extract.values import object_kind, object_text
from kg.models import ObjectKind

DEFINITE = frozenset({"the", "this", "that", "these", "those"})  # "the colour is now green"


def apposition(clause: Clause) -> list[RawFact]:
    """"My sister Maya ...", "our CTO, Nikhil, ...": the relation is a fact of its own,
    wherever in the sentence the pair stands, whatever the clause around it says ("so
    my wife Lúcia will keep an eye on it"): a sentence reader, read once a sentence."""
    facts = []
    for noun in clause.sent:
        name = given_name(noun) if noun.pos_ == "NOUN" else None
        if name is None and noun.dep_ == "appos" and noun.pos_ == "NOUN" \
                and is_name(noun.head) and _called_beside(noun) \
                and noun.head.i < noun.i and child(noun, "poss") is not None:
            name = noun.head  # "that's Kofi, my younger brother": Kofi is the brother;
            # "Marta, our designer, ...": Marta is the designer
        owner, predicate = owner_and_predicate(noun) if name is not None else ("", "")
        if owner:
            # "our twins, Emir and Defne": a plural names each one ("my sister Maya and Tom
            # came": Tom is no sister)
            names = [name, *(n for n in with_conjuncts(name)[1:] if is_name(n))] \
                if noun.tag_ == "NNS" else [name]
            facts += [make_fact(clause, owner, predicate, name_span(n), ObjectKind.entity,
                                "apposition", 0.85) for n in names]
        elif name is not None and child(noun, "poss") is not None:
            pass  # ("your sister Ada": whose, the listener's, is no one known)
        elif name is not None and noun.lemma_.lower() not in PEOPLE:  # "the new intern,
            # Bo, starts on Monday": Bo is the intern (not "the guy I met, Tom": no kind)
            # ("the dog, Rex, bit my son": a dog, whose the sentence does not say)
            facts.append(make_fact(clause, name_span(name), "is_a", object_text(
                noun.doc[noun.left_edge.i:noun.i + 1]), ObjectKind.string, "apposition", 0.7))
        elif noun.dep_ == "appos" and noun.head.i < noun.i and _the_post(noun) \
                and is_name(noun.head) and noun.head.ent_type_ not in ("ORG", "LOC") \
                and not is_place_name(name_span(noun.head)) and noun.head.dep_ in (
                    "nsubj", "nsubjpass", "dobj", "pobj", "conj") \
                and not any(c.dep_ == "prep" and c.lower_ != "of" for c in noun.children) \
                and not any(t.lower_ in GREETINGS for t in noun.doc[noun.sent.start:noun.i]):
            # "we report to Oluwaseun, the VP of engineering": the one post she holds
            facts.append(make_fact(clause, name_span(noun.head), "role", _post_words(noun),
                                   ObjectKind.string, "apposition", 0.7))
        elif _described(noun):  # "Kemi Adeyemi, a freelancer": what the named one is
            span = value_span(noun)
            facts.append(make_fact(clause, name_span(noun.head), "is_a", object_text(span),
                                   object_kind(span), "apposition", 0.7))
        elif _kind_called(noun):  # "run by a physio called Anouk": Anouk is a physio
            facts.append(make_fact(clause, name_span(called(noun)), "is_a", object_text(
                noun.doc[noun.left_edge.i:noun.i + 1]), ObjectKind.string, "apposition", 0.7))
    return facts


GREETINGS = {"hi", "hey", "hello", "thanks", "thank", "sorry", "goodnight", "morning",
             "congrats", "bye", "cheers", "dear"}
# what opens a reply before the name of the one spoken to: "Yeah, Caroline, ..."
OPENERS = GREETINGS | {"yeah", "yes", "yep", "no", "nope", "ok", "okay", "sure", "well", "wow",
                       "oh", "aw", "haha", "lol", "right", "absolutely", "totally", "great"}


def _called_beside(noun: Any) -> bool:
    """Whether a name set off before an owned noun is what the noun says ("Marta, our
    designer", "Nova, my car"): the name a subject or an object, not one greeted ("Thanks,
    Dan, my man", "Hi Sarah, my dear"), the noun no endearment ("Mom, my rock")."""
    name = noun.head
    low = noun.lemma_.lower()
    before = noun.doc[max(noun.sent.start, name.i - 2):name.i]
    if len(before) == 2 and before[1].text == "," and before[0].i == noun.sent.start and (
            before[0].lower_ in OPENERS):
        return False  # "Yeah, Caroline, my family's been great": Caroline is spoken to
    if is_kin(noun) or _a_pet(noun):
        return True  # "that's Kofi, my younger brother", "I do- Oscar, my guinea pig"
    if name.dep_ not in ("nsubj", "nsubjpass", "dobj", "pobj", "attr", "appos", "conj") or any(
            t.lower_ in GREETINGS for t in noun.doc[noun.sent.start:name.i]):
        return False
    return low not in LEX.endearments and not any(
        c.lower_ in LEX.endearments for c in noun.children if c.dep_ == "amod")


PEOPLE = {"guy", "man", "woman", "person", "lady", "bloke", "dude", "chap", "fella", "friend",
          "girl", "boy", "someone", "somebody"}


def _kind_called(noun: Any) -> bool:
    """"a physio called Anouk" after a preposition or as a subject: a kind of person or
    thing and its name (the object of a verb and the complement of "be" are their
    readers'; a pet or a relative so named is the household's, not a kind; "a guy called
    Tom" says no kind)."""
    return noun.pos_ == "NOUN" and noun.dep_ in ("pobj", "nsubj", "nsubjpass") \
        and noun.lemma_.lower() not in LEX.life_stages | PEOPLE \
        and called(noun) is not None and any(
            c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children) \
        and not is_kin(noun) and not _a_pet(noun) and noun.lemma_.lower() not in LEX.breeds


def _a_pet(noun: Any) -> bool:
    """A pet's word, one or two ("dog", "guinea pig")."""
    before = noun.doc[noun.i - 1] if noun.i > noun.sent.start else None
    two = f"{before.lower_} {noun.lemma_.lower()}" if before is not None and (
        before.dep_ == "compound") else ""
    return noun.lemma_.lower() in LEX.pets or two in LEX.pets


def _described(noun: Any) -> bool:
    """An indefinite noun set beside a name to say what it is: "Kemi Adeyemi, a
    freelancer", "Pennant, a bookkeeping app" (not a list's next item, not a relative,
    not an opinion: "Leeds, a great city"; a name the tagger took for a place is one if
    the gazetteer knows no such place: "Kemi Adeyemi")."""
    head = noun.head
    return noun.dep_ == "appos" and noun.pos_ == "NOUN" and head.i < noun.i \
        and head.pos_ == "PROPN" and head.ent_type_ not in ("LOC", "DATE", "TIME") \
        and not (head.ent_type_ == "GPE" and is_place_name(name_span(head))) \
        and any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children) \
        and not listed_apposition(noun) and not is_kin(noun) and not _evaluative(noun) \
        and not _epithet(noun) and noun.lower_ not in LEX.not_things \
        and not any(c.dep_ in ("conj", "cc", "appos") for c in noun.children) \
        and sum(c.dep_ == "appos" for c in head.children) == 1  # not a list of things


# the pattern of an age said of a bare name: kept only for a person the conversation knows
NAMED_AGE = "identity:named-age"
# Portugal at the moment" is where he is, not where he lives


BECOMING = ("go", "turn")  # "become" a post is a role (``verbs``)


def becoming(clause: Clause) -> list[RawFact]:
    """"I've gone vegan", "my dad went vegetarian": the state of life one went into, one
    is (an ``is_a`` that supersedes, not an outing "did_go vegan"); "went quiet",
    "turned red" are moments."""
    root = clause.root
    lemma = root.lemma_.lower()
    comp = child(root, "attr", "acomp", "oprd", "dobj")
    if lemma not in BECOMING or comp is None or negated(root) or any(
            c.tag_ == "MD" for c in root.children) or root.tag_ in ("VB", "VBG") and not any(
            c.dep_ == "aux" and c.lemma_ == "have" for c in root.children):
        return []
    if comp.lower_ not in LEX.states_of_life:
        return []
    span = value_span(comp)
    return [make_fact(clause, w, "is_a", object_text(span), object_kind(span), "identity",
                      0.7, update=True) for w in who_of(clause)]


def _degree_phrase(comp: Any) -> bool:
    """"a bit emotional", "a little tired", "a lot happier": a quantity that grades an
    adjective, which the parser may hang under a noun it made of what follows."""
    return any(t.lower_ in ("bit", "little", "lot", "tad") and t.dep_ in ("npadvmod", "advmod")
               and t.head.pos_ == "ADJ" for t in comp.subtree)


def origin_aside(clause: Clause) -> list[RawFact]:
    """"She's Dutch, from Utrecht originally", "he's a nurse from Leeds": where the one
    described is from, said beside what they are (``copular`` reads what they are)."""
    root = clause.root
    comp = child(root, "attr", "acomp")
    if root.lemma_ != "be" or root.tag_ not in ("VBZ", "VBP") or comp is None \
            or negated(root) or clause.subject is None or comp.lower_ in ("one", "ones") \
            or any(c.dep_ == "det" and c.lower_ in DEFINITE for c in comp.children):
        return []  # ("I'm the one from Leeds": which one, no origin)
    prep = prep_of(root, "from") or prep_of(comp, "from")
    place = child(prep, "pobj") if prep is not None else None
    if place is None or place.ent_type_ not in ("GPE", "LOC"):
        return []
    return facts_of(clause, who_of(clause), [("is_from", place)], "origin", 0.75, False)


def copular(clause: Clause) -> list[RawFact]:
    """"Our brand colour is X", "My name is X", "X is my favourite Y", "I am a designer",
    "I'm from Ohio", "I'm 34", "My sister Maya is a nurse", "Ravi is our CTO"; said of
    several ("Tom and I are both from Leeds", "our twins, Emir and Defne, are five"), of
    each."""
    subject = clause.subject
    if subject is not None and any(c.lower_ in ("neither", "nor") for c in subject.subtree):
        return []  # "neither Tom nor I am a smoker": denied of each, no natural negative
    comp = child(clause.root, "attr", "acomp") if subject is not None else None
    with_whom = prep_of(comp, "with") if comp is not None and comp.tag_ == "NNS" and (
        comp.lemma_.lower() in LEX.mutual) and child(comp, "det", "poss") is None else None
    if with_whom is not None and clause.root.lemma_ == "be":
        # "im friends w ana", "my parents are friends with Tom": each one's friend
        return [make_fact(clause, who, comp.lemma_.lower(), name_span(other), ObjectKind.entity,
                          "identity", 0.75, negated(clause.root))
                for who in who_of(clause) for other in with_conjuncts(child(with_whom, "pobj"))
                if is_name(other)] if child(with_whom, "pobj") is not None else []
    others = co_subjects(subject) if subject is not None else []
    if not others or clause.root.lemma_ != "be" or (
            clause.root.lower_ in ("is", "was", "'s")) or comp is not None and (
            comp.tag_ in ("NN", "NNP") and child(comp, "poss") is not None):
        return _copular(clause)  # ("Tom and Jerry is my favourite cartoon", "Simon and
    # Garfunkel are my favourite band": one title)
    between = _between(clause, subject)
    if between is not None:
        return between
    facts = _copular(clause)
    seen = {(f.subject, f.predicate, f.object) for f in facts}
    for other in others:
        who = subject_of(other)
        if not who or other.lower_ in LEX.kin and child(other, "poss") is None:
            continue
        for fact in _copular(Clause(clause.root, (other,), clause.sent, clause.shared_subject,
                                    clause.tense)):
            # (what it says of the other one, or names them: "Maya and Tom are my
            # neighbours")
            if who in (fact.subject, fact.object) and (
                    fact.subject, fact.predicate, fact.object) not in seen:
                seen.add((fact.subject, fact.predicate, fact.object))
                facts.append(fact)
    return facts


def _between(clause: Clause, subject: Any) -> list[RawFact] | None:
    """"Ana and I are friends", "Maya and Tom are married": a relation the two said
    together hold to each other (to the speaker, when one is "I"), or None when the
    complement is no such relation. Of more than two, nothing is said of whom."""
    comp = child(clause.root, "attr", "acomp")
    if comp is None or child(comp, "poss", "det") is not None or not (
            comp.tag_ == "NNS" and predicate_words(comp) in LEX.mutual
            or comp.tag_ == "NNS" and comp.lemma_.lower() in LEX.mutual
            or comp.lower_ in LEX.partnering):
        return None
    pair = pair_of(clause, subject)
    if pair is None or any(c.dep_ in ("advmod", "neg") or c.dep_ == "prep" and c.lower_ not in (
            "at", "for") or c.dep_ == "amod" and c.lower_ not in LEX.close_kin
                           for c in comp.children) or any(
            c.dep_ == "advmod" and c.lower_ in LEX.hardly for c in clause.root.children):
        return []  # "friends with Tom", "married to sisters", "both married", "hardly
        # friends": no relation between the two said
    first, second = pair
    relation = f"{comp.lower_}_to" if comp.lower_ in LEX.partnering else " ".join(
        [*(c.lower_ for c in comp.children if c.dep_ == "amod"), comp.lemma_.lower()])
    return [make_fact(clause, first, relation, second, ObjectKind.entity, "identity", 0.75,
                      negated(clause.root))] + [  # "Jo and I are colleagues at Monzo"
        f for who in pair for f in held_at(clause, who, comp, negated(clause.root))]


def _dear_to_me(clause: Clause) -> list[RawFact]:
    """"Music is very important to me", "improving education is particularly interesting to
    me": what the speaker values or is interested in (not "it's important to me", whose
    "it" the parse cannot say, nor anything denied or wished)."""
    root = clause.root
    comp = child(root, "acomp")
    to = prep_of(comp, "to") if comp is not None else None
    if to is None or comp.lower_ not in LEX.dear_to or child(to, "pobj") is None or child(
            to, "pobj").lower_ != "me" or negated(root) or root.tag_ not in ("VBZ", "VBP") \
            or any(c.tag_ == "MD" for c in root.children) or any(
                c.dep_ == "advmod" and c.lower_ in LEX.hardly | {"less", "least"}
                for c in (*root.children, *comp.children)):
        return []  # (not "was important to me as a kid", "hardly", "less important now")
    thing = child(root, "csubj") or clause.subject
    if thing is None or is_pronoun(thing) or thing.lower_ in LEX.not_things | LEX.quantities \
            or thing.dep_ != "csubj" and any(  # a thing of one's own or in general, not
                c.dep_ == "det" or c.dep_ == "poss" and c.lower_ not in ("my", "our")
                for c in thing.children):  # "the deadline", "your opinion"
        return []
    words = clause.doc[thing.left_edge.i:thing.right_edge.i + 1] if thing.dep_ == "csubj" \
        else value_span(thing)
    if not len(words):
        return []  # ("much is sacred to me": no thing said)
    value = object_text(words)
    predicate = "interested_in" if comp.lower_ in LEX.interesting else "values"
    lowered = thing.dep_ == "csubj" or words[0].i == clause.start and thing.pos_ != "PROPN"
    return [make_fact(clause, SPEAKER, predicate, value[:1].lower() + value[1:] if lowered
                      else value, ObjectKind.string, "identity", 0.7)] if value else []


def _copular(clause: Clause) -> list[RawFact]:
    """What "be" says of the clause's one (first) subject."""
    root = clause.root
    dear = _dear_to_me(clause) if root.lemma_ == "be" else []
    if dear:
        return dear
    condition = _condition_owned(clause)
    if condition:
        return condition
    if root.tag_ == "VBG" and clause.subject is not None and _pursuits(clause.subject):
        return _gerund_list(clause, root)  # "my hobbies are hiking, baking and chess"
    if root.pos_ == "NOUN" and root.lemma_.lower() in LEX.fans and clause.subject is None \
            and all(t.dep_ in ("neg", "det", "amod", "advmod") for t in root.lefts):
        # "not a fan of page builders", "huge fan of jazz": the speaker, "I'm" dropped
        is_negated = any(t.dep_ == "neg" for t in root.lefts)
        return _fan_of(clause, SPEAKER, root, is_negated)
    if root.lemma_ == "be" and root.tag_ == "VBD":
        return _was(clause)
    if root.lemma_ != "be" or any(c.tag_ == "MD" for c in root.children) and not age_ahead(
            root):
        return []  # "they will be happy": not a current attribute
    subj = clause.subject
    origin = prep_of(root, "from")
    if subj is not None and origin is not None and child(root, "attr", "acomp") is None:
        place = child(origin, "pobj")
        who = subject_of(subj)
        thing = thing_of(place) if place is not None and not (
            place.like_num or place.ent_type_ in TIME_LABELS) else None  # ("in the kitchen
        # from six every morning": when, no origin)
        return [make_fact(clause, who, "is_from", thing[0], thing[1], "origin", 0.85,
                      negated(root))] if who and thing else []
    comp = child(root, "attr", "acomp", "oprd")
    doing = _busy_doing(comp) if comp is not None else None
    if doing is not None:
        # "I've been busy painting": what one has been doing, no kind one is
        comp = doing
        span = value_span(comp)
        words = clause.doc[comp.i:span.end]
        return [make_fact(clause, w, "does", object_text(words), ObjectKind.string, "activity",
                          0.6, negated(root)) for w in who_of(clause) if object_text(words)]
    if comp is not None and any(c.dep_ == "prep" and c.i < comp.i for c in root.children) \
            and any(t.text == "," for t in clause.doc[root.i + 1:comp.i]):
        comp = None  # "im off dairy now, doctor's orders": an aside after the comma, not
        # what one is (the prepositional phrase before it is the complement)
    if comp is not None and _degree_phrase(comp):
        return []  # "I'm a bit emotional reading that": how one feels, no thing one is
    if comp is not None and comp.text == "#":  # "is #E63946" split: the code after it
        comp = next((c for c in root.children if c.dep_ == "attr" and c.i == comp.i + 1), comp)
    liked = _one_of_my_favourites(clause, comp) or _judged_best(clause, subj, comp)
    if liked:
        return liked
    aim = child(root, "xcomp")
    if comp is None and subj is not None and _favourite(subj):
        title = _said_after(root)  # "My favourite film is Spirited Away": a title the
        owner, predicate = owner_and_predicate(subj)  # parser split into words
        if title and owner:
            return [make_fact(clause, owner, predicate, title, ObjectKind.string,
                              "possessive", 0.8, negated(root))]
        phrase = plan_phrase(aim) if aim is not None and aim.pos_ == "VERB" else ""
        if phrase and owner:  # "my favourite thing to do is go to the beach"
            return [make_fact(clause, owner, predicate, phrase, ObjectKind.string,
                              "possessive", 0.75, negated(root))]
    if comp is None and subj is not None and aim is not None and aim.pos_ == "VERB" \
            and subj.lemma_.lower() in LEX.aims and child(subj, "poss") is not None and any(
                c.dep_ == "aux" and c.lower_ == "to" for c in aim.children):
        # "My dream is to open a bakery", "her plan is to retrain as a nurse"
        owner = owner_of(child(subj, "poss"))
        predicate = "plans_to" if subj.lemma_.lower() == "plan" else "wants_to"
        phrase = plan_phrase(aim)
        return [make_fact(clause, owner, predicate, phrase, ObjectKind.string, "plan", 0.7,
                          negated(root))] if owner and phrase else []
    named = child(root, "xcomp")
    if comp is None and named is not None and named.tag_ == "NNP" and not any(
            c.dep_ == "aux" for c in named.children):
        comp = named  # "Our stack is Go and Kafka": a name the parser took for a verb
    into = prep_of(root, "into")
    if into is None and comp is not None and comp.lower_ in LEX.degrees_into:
        into = prep_of(comp, "into")  # "I'm big into fantasy books", the parser hanging
        if into is not None:  # "into" on "big"
            comp = None
    liked = child(into, "pobj", "pcomp") if into is not None else None  # "into painting"
    if comp is not None and comp.tag_ in ("JJR", "RBR") and not list(comp.children):
        comp = None  # "im more into crochet": a degree of liking, no complement
    if comp is None and liked is not None and subj is not None and (
            liked.pos_ == "PROPN" or child(liked, "det", "poss") is None):
        # "I'm really into bouldering": likes it ("not into horror": dislikes; not "we're
        # into the final week")
        predicate = "dislikes" if negated(root) else "likes"
        if liked.tag_ == "VBG":  # "into painting these days": the doing, not the time
            return [make_fact(clause, w, predicate, plan_phrase(liked), ObjectKind.string,
                              "preference", 0.8) for w in who_of(clause) if plan_phrase(liked)]
        return facts_of(clause, who_of(clause), [(predicate, o) for o in with_conjuncts(
            liked)], "preference", 0.8, False)
    with_us = prep_of(root, "with")
    if comp is None and with_us is not None and subj is not None and subj.lower_ not in (
            "we", "i") and any(c.dep_ == "pobj" and c.lower_ == "us" for c in with_us.children) \
            and any(c.dep_ == "aux" and c.lemma_ == "have" for c in root.children):
        # "Dmitri has been with us since 2020": he works where we do (not "she's with us
        # for the weekend")
        return [make_fact(clause, w, "works_at", ORG, ObjectKind.entity, "membership", 0.7,
                          negated(root)) for w in who_of(clause)]
    on = prep_of(root, "on")
    on_what = child(on, "pobj") if comp is None and on is not None and subj is not None else None
    membership = _on(clause, on_what) if on_what is not None else []
    if membership:  # otherwise "My birthday is on March 3rd": read on below
        employer = employer_now(root) if subj.lower_ in FIRST_SINGULAR and not any(
            c.dep_ in ("compound", "amod") and c.lower_ in LEX.sports for c in on_what.children) \
            and any(f.predicate == "member_of" for f in membership) else None
        return membership + (facts_of(  # "im at brightwell labs now, on the data team": a
            clause, who_of(clause), [("works_at", employer)], "membership", 0.7,  # team
            negated(root)) if employer is not None else [])  # there says one works there
    group = _group_joined(clause, comp)
    if group is not None:  # "im in a bowling league", "I'm part of a book club"
        return facts_of(clause, who_of(clause), [("member_of", group)], "membership", 0.75,
                        negated(root))
    if comp is None and subj is not None and (_bare_opening(subj) or subj.pos_ == "NOUN" and (
            child(subj, "det", "poss") is not None) and prep_of(root, "on", "in") is None):
        # "apprenticeship interview is thursday", "the interview is thursday at 10": the
        # day the parser hung on the verb
        comp = next((c for c in root.children if c.dep_ == "npadvmod" and (
            c.ent_type_ == "DATE" or c.lower_ in LEX.weekdays)), None)
    studying = year_of_study(clause) if comp is None and subj is not None else []
    if studying:  # "she's in 3rd year medicine", "in her second year of law at Leeds"
        return studying
    school = school_attended(root) if comp is None and subj is not None and (
        subj.lower_ in LEX.third_persons or is_kin(subj) or is_name(subj)) else None
    if school is None and comp is None and subj is not None and (
            subj.lower_ in FIRST_SINGULAR | LEX.third_persons or is_kin(subj) or is_name(subj)):
        school = school_in(clause, root)
    if school is not None:
        # "my brother's at uni in leeds", "Ffion is at art school": where one studies
        # (not "I'm at school": where one is this minute)
        return facts_of(clause, who_of(clause), [("attends", school)], "membership", 0.7,
                        negated(root))
    employer = employer_now(root) if comp is None and subj is not None else None
    if employer is not None and (subj.lower_ in LEX.third_persons or is_kin(subj) or is_name(
            subj) or subj.lower_ in FIRST_SINGULAR and (still_or_no_longer(root) or any(
            c.dep_ == "aux" and c.lemma_ == "have" for c in root.children) or said_of_work(
            root))):
        # ("I'm at Starbucks now": here; "I'm still at Barclays", "I left Tesco, I'm at
        # Aldi now": works there)
        # "my cousin Ade is at Google now", "she's been at Monzo since May": works there
        return facts_of(clause, who_of(clause), [("works_at", employer)], "membership", 0.7,
                        negated(root))
    located = comp is None and subj is not None and (child(subj, "poss", "det") is not None
                                                     or subj.lower_ in FIRST_SINGULAR
                                                     or _dated_on(subj, root))
    if located:
        # "Our office is in Hamburg", "My birthday is on March 3rd" (not "I'm on fire")
        prep = prep_of(root, "in", "on", "at")
        where = child(prep, "pobj") if prep is not None else None
        place = where is not None and where.ent_type_ in ("GPE", "LOC") and prep.lower_ == "in"
        settled = not any(t.ent_type_ in TIME_LABELS or t.lower_ in UNSETTLED
                          or t.lower_ in LEX.months for t in clause.tokens()) or (
            any(c.dep_ == "aux" and c.lemma_ == "have" for c in root.children)
            and any(years_lasted(c) for c in root.children))  # "I've been in Vienna
        # since 2010": lives there (not "I'm in Paris this week", "since monday")
        if place and settled and (given_name(subj) is not None or is_kin(subj)
                                  or subj.lower_ in FIRST_SINGULAR):
            # "our son Pavel is in Moscow now": where he lives; "my mum and dad have been
            # in Headingley since 1990": each
            return [make_fact(clause, who, "lives_in", name_span(where), ObjectKind.entity,
                              "located", 0.7, negated(root)) for who in who_of(clause) if who]
        if where is not None and prep.lower_ == "in" and served(where) and (
                subj.lower_ in FIRST_SINGULAR or is_kin(subj) or given_name(subj) is not None):
            who = subject_of(subj)  # "my brother's in the navy": serves in it
            return [make_fact(clause, who, "serves_in", served(where), ObjectKind.string,
                              "identity", 0.75, negated(root))] if who else []
        if subj.lower_ in FIRST_SINGULAR or where is not None and (
                is_kin(subj) or given_name(subj) is not None):
            return []  # "I'm in Paris this week", "I'm on fire": where, not what, I am;
            # "my brother's in the navy": not what he is
        if where is not None and place and subj.lemma_.lower() in ("job", "work", "office") \
                and child(subj, "poss") is not None and is_kin(child(subj, "poss")):
            owner = subject_of(child(subj, "poss"))  # "my husband's job is in London"
            return [make_fact(clause, owner, "works_in", name_span(where), ObjectKind.entity,
                              "located", 0.7, negated(root))] if owner else []
        poss = child(subj, "poss")
        if where is not None and prep.lower_ == "at" and subj.lemma_.lower() in ("job", "work") \
                and poss is not None and (poss.lower_ == "my" or is_kin(poss)) and (
                where.ent_type_ == "ORG" or is_name(where)):
            owner = SPEAKER if poss.lower_ == "my" else subject_of(poss)
            # "my new job is at Skyscanner", "my sister's job is at Google": works there
            return [make_fact(clause, owner, "works_at", name_span(where), ObjectKind.entity,
                              "membership", 0.75, negated(root))] if owner else []
        comp = where  # "our office is in Hamburg": the office's place
    if comp is None or is_pronoun(comp) and not is_name(comp):
        return []
    kind_of_person = _kind_of_person(comp)
    if kind_of_person is not None and subj is not None and subj.lower_ in FIRST_SINGULAR:
        return _person_who_likes(clause, kind_of_person, negated(root))
    if subj is None:
        return _gerund_is_mine(clause, comp)
    # "I'm no writer": the complement's "no" denies it
    is_negated = negated(root) or any(c.dep_ == "det" and c.lower_ == "no"
                                      for c in comp.children)
    if (subj.lower_ in LEX.third_persons or subj.lower_ in FIRST_SINGULAR and child(
            comp, "poss") is not None and is_name(child(comp, "poss"))) and comp.pos_ == "NOUN" \
            and is_kin(comp) and child(comp, "poss") is not None and given_name(comp) is None:
        # "She's my girlfriend", "he's my brother": whom the pronoun means is the relative;
        # "I'm Efua Asante's dad": the speaker is Efua's, a parent's child
        owner, predicate = owner_and_predicate(comp)
        if subj.lower_ in FIRST_SINGULAR and comp.lemma_.lower() in LEX.parents and owner:
            return [make_fact(clause, SPEAKER, "has_child", owner, ObjectKind.entity,
                              "possessive", 0.75, is_negated)]
        return [make_fact(clause, owner, predicate, subject_of(subj), ObjectKind.entity,
                          "possessive", 0.75, is_negated)] if owner else []
    owned_slot = child(subj, "poss") is not None and subj.pos_ == "NOUN" and not is_kin(
        subj) and not is_kin(comp) and given_name(comp) is None  # "My favourite food is my
    # grandmother's cassoulet": the slot is the subject's, its value the complement
    if (comp.pos_ in ("NOUN", "PROPN") or comp.lower_ in FAVOURITES) and not owned_slot \
            and child(comp, "poss") is not None and subj.pos_ != "PRON" and not any(
            c.lower_ in PROPORTIONS for c in comp.children if c.i < comp.i):
        # ("..., which is nearly half my take-home pay": a share of it, not it)
        # "Harry Potter is my favourite book", "Ravi is our CTO": my favourite book is ...
        named = given_name(comp) or (comp if is_name(comp) and any(
            c.dep_ == "compound" and is_kin(c) for c in comp.children) else None)
        kin = is_kin(subj) and not any(c.dep_ == "compound" for c in subj.children) and not (
            subj.tag_ == "NNS" and root.lower_ in ("is", "was", "'s") and not any(
                c.dep_ in ("det", "poss") for c in subj.children))  # ("Friends is my
        # favourite show": a bare plural with "is" names one thing, a title, not people;
        # "my kids is my life" is chat's grammar)
        if named is not None and not is_name(subj) and not kin and child(
                subj, "poss") is not None:
            # "My business partner is my cousin Lucia": Lucia is the partner, too (the
            # apposition says she is the cousin)
            owner, predicate = owner_and_predicate(subj)
            return [make_fact(clause, owner, predicate, name_span(named), ObjectKind.entity,
                              "possessive", 0.8, is_negated)] if owner and predicate else []
        if not is_name(subj) and (kin or named is not None):
            return []  # "her mother is my daughter Hélène": the name says who (apposition)
        owner, predicate = owner_and_predicate(comp)
        if comp.tag_ == "NNS" and comp.lemma_.lower() in LEX.kin and predicate.endswith(
                comp.lower_):  # "Maya and Tom are my neighbours": each one a neighbour
            predicate = predicate[:-len(comp.lower_)] + comp.lemma_.lower()
        value = name_span(subj) if is_name(subj) else object_text(value_span(subj))
        return [make_fact(clause, owner, predicate, value,
                      ObjectKind.entity if is_name(subj) else ObjectKind.string,
                      "possessive", 0.85, is_negated)] if owner and value else []
    facts: list[RawFact] = []
    owner_token = child(subj, "poss")
    if owner_token is None and root.dep_ == "relcl" and is_kin(subj) and (
            named := introduced_name(subj)) is not None:
        subj = named  # "I have a daughter, Ana, who is 7": Ana is 7
    relative = given_name(subj) is not None  # someone's by name: "my grandad Viktor is 91"
    if relative:
        # "My sister Maya is a nurse": Maya is the subject (``apposition`` reads the rest)
        subj, owner_token = given_name(subj), None
    person = relative or (owner_token is not None or subject_of(subj).startswith(
        f"{SPEAKER}'s ")) and subj.pos_ == "NOUN" and is_kin(subj)
    if owner_token is None and subj.pos_ == "NOUN" and is_name(comp) and subject_of(
            subj).startswith(f"{SPEAKER}'s ") and subj.lower_ in LEX.pets | LEX.children:
        # "The dogs are Bruno and Kaja": the speaker's dogs, by name
        return [make_fact(clause, SPEAKER, predicate_words(subj), name_span(o), ObjectKind.entity,
                          "possessive", 0.8, negated(root)) for o in with_conjuncts(comp)
                if is_name(o)]
    for obj in with_conjuncts(comp):
        if obj is not comp and (obj.lower_ in LEX.dispositions and child(obj, "prep")
                                or obj.pos_ == "ADJ" and obj.lower_ in LEX.states_of_life):
            # "my brother is 12 and obsessed with minecraft": a liking, no kind; "Moustache
            # is 16 and deaf in one ear": a state of life
            facts += disposition(clause, subject_of(subj), obj, is_negated)
            continue
        span = quoted_span(obj) or value_span(obj)  # 'our tagline is "Build boldly"'
        value = object_text(span)
        if not value:
            continue
        kind = object_kind(span)
        name = called(obj)
        if name is not None:  # "my main client is a bakery chain called Crumbly"
            value, kind = name_span(name), ObjectKind.entity
            if obj.lemma_.lower() not in PEOPLE:  # ("a guy called declan": no kind said)
                facts.append(make_fact(clause, value, "is_a", object_text(value_span(obj)),
                                       ObjectKind.string, "identity", 0.7, is_negated))
        tagged_name = (comp.pos_ == "PROPN" or comp.ent_type_ in NAME_LABELS and (
            comp.text[:1].isupper() or comp.pos_ != "NOUN")) \
            and comp.ent_type_ not in TIME_LABELS  # "every other Friday" whole; not a
        # lower-case common noun the tagger called a person ("im head baker there now")
        if tagged_name and obj == comp:
            value = name_span(comp)  # "Priya, the design lead at Acme" -> "Priya"
        age = age_of(obj)
        if age and obj.pos_ == "NUM" and owner_token is not None and subject_of(subj) and (
                subj.lemma_.lower() in LEX.pets | LEX.breeds) and subj.tag_ != "NNS":
            # "My cat is Twelve", "our dog is 3": the pet's age, not its name
            facts.append(make_fact(clause, subject_of(subj), "age", age, ObjectKind.number,
                                   "identity", 0.8, is_negated))
            continue
        newcomer = _newcomer_named(subj, obj)
        if newcomer is not None:
            # "my sister just had a baby girl, her name is Zara": the baby is Zara
            owner, relation = newcomer
            facts.append(make_fact(clause, owner, relation, name_span(obj), ObjectKind.entity,
                                   "possessive", 0.8, is_negated))
            continue
        if owner_token is not None and subj.lemma_.lower() in LEX.pets and subj.tag_ != "NNS" \
                and obj.pos_ == "NOUN" and name is None and subject_of(subj) and (
                obj.lower_ in LEX.breeds | {"rescue", "mutt", "mongrel", "stray"}) and any(
                c.dep_ == "det" and c.lower_ in ("a", "an") for c in obj.children):
            # "my dog is a beagle": the dog's kind, no name
            facts.append(make_fact(clause, subject_of(subj), "is_a", value, kind, "identity",
                                   0.8, is_negated))
            continue
        if owner_token is not None and subj.pos_ in ("NOUN", "PROPN") and not (
                person and not is_name(name or obj)) and not (
                is_kin(obj) and not is_name(name or obj)):  # ("a boy called Felix": Felix)
            # ("my brothers are twins": a kind of relatives, no value)
            # "our brand colour is X", "my sister is Maya" (a relative given a name)
            owner, predicate = owner_and_predicate(subj)
            if not owner or (comp.dep_ == "acomp" and not comp.text[:1].isupper() and (
                    comp.lower_ in LEX.moods | LEX.opinions | LEX.sizes
                    or comp.tag_ in ("JJR", "JJS") or root.lower_ == "been"
                    or any(c.dep_ == "aux" and c.lemma_ == "have" for c in root.children)
                    or any(c.dep_ == "advmod" for c in comp.children)
                    or kind != ObjectKind.colour and subj.lemma_.lower() not in LEX.traits
                    and not any(ch.isdigit() for ch in value)  # ("our button radius is 8px")
                    and not predicate.endswith(tuple(LEX.traits)))):
                continue  # "my store has been tough", "my kids are so excited", "my train
                # is late": a mood, an opinion, the moment's state; "my job is
                # stressful", "my store is open": a judgement or a state, not a value
                # (only a trait's is: "my hair is blonde", "our brand colour is green")
            facts.append(make_fact(clause, owner, predicate, value, kind, "possessive", 0.9,
                               is_negated))
            continue
        who = subject_of(subj)  # "<speaker>'s sister" for a relative not yet named
        if owner_token is None and (_my_dropped(subj, obj) or _mine_unsaid(subj, obj)
                                    or _favourite_unowned(subj)):
            # "apprenticeship interview is thursday": chat drops the "my" of the speaker's
            facts.append(make_fact(clause, SPEAKER, predicate_words(subj), value, kind,
                                   "possessive", 0.7, is_negated))
            continue
        if not who:
            of = prep_of(subj, "of")
            if subj.pos_ == "NOUN" and not person and (det := child(subj, "det")) is not None \
                    and det.lower_ in DEFINITE and not _judgement(obj) and not (
                        of is not None and any(o.dep_ == "pobj" and is_name(o)
                                               for o in of.children)):
                # (not "the favourite colour of Ana": hers, not a slot the talk had)
                # "the colour is now green": whose colour, a later step finds
                facts.append(make_fact(clause, "", predicate_words(subj), value, kind,
                                   "definite", 0.75, is_negated))
            continue
        if obj.ent_type_ == "MONEY" and who not in (SPEAKER, ORG) and not person:
            span = obj.doc[obj.left_edge.i:obj.right_edge.i + 1]  # "Solo is £9 a month"
            facts.append(make_fact(clause, who, "costs", object_text(span), ObjectKind.money,
                               "price", 0.75, is_negated))
        elif age and (who == SPEAKER or who.startswith(THIRD) or person
                      or subj.ent_type_ == "PERSON" or is_name(subj) and (
                          subj.pos_ == "PROPN" and obj.pos_ == "NUM" or obj.lower_ == "old")):
            # "Biscuit is three years old", "Ines is seven" (a name the tagger knew); "she'll
            # be 22", "dad's 70 next month": the age being turned
            facts.append(make_fact(clause, who, "turning" if age_ahead(root) else "age", age,
                                   ObjectKind.number, "identity", 0.8, is_negated))
            birthday = birthday_of(root) if age_ahead(root) and not is_negated else None
            if birthday:  # "she's 90 on the 12th of july": her birthday, too
                facts.append(make_fact(clause, who, "birthday", birthday, ObjectKind.date,
                                       "identity", 0.7))
        elif age and obj.pos_ == "NUM" and subj.text[:1].isupper() and subj.pos_ in (
                "NOUN", "PROPN") and child(subj, "det", "poss") is None:
            # "Sofia is nine": an age if the conversation has named Sofia as someone (the
            # pipeline asks), not "Dinner is seven"
            facts.append(make_fact(clause, who, "age", age, ObjectKind.number, NAMED_AGE, 0.7,
                                   is_negated))
        elif who == SPEAKER and tagged_name and any(w in LEX.teams for w in value.lower().split()):
            continue  # "I'm Team Edward": a side taken, no name
        elif kind == ObjectKind.entity and who == SPEAKER and tagged_name and not (
                obj.lower_ in LEX.posts  # "I'm CTO at Monzo": a post, no name
                or obj.lemma_.lower() in LEX.fans  # "i'm a huge harry potter fan", all a PERSON
                or comp.ent_type_ in ("NORP", "LANGUAGE") or comp.pos_ == "ADJ"  # "I'm Scottish"
                or child(comp, "det") is not None and comp.ent_type_ != "PERSON"):  # "I'm
            # the Dungeon Master": a post, no name
            facts.append(make_fact(clause, who, "name", value, ObjectKind.string, "identity", 0.8,
                               is_negated))
            role = child(comp, "appos")  # "I'm Priya, the design lead at Acme"
            if role is not None and role.pos_ == "NOUN" and not _evaluative(role):
                span = value_span(role)  # "the design lead": the one post, a role
                the = any(c.dep_ == "det" and c.lower_ == "the" for c in role.children)
                workplace = held_at(clause, who, role, is_negated)
                held = the or any(f.predicate == "works_at" for f in workplace)
                facts.append(make_fact(clause, who, "role" if held else "is_a", object_text(
                    span), object_kind(span), "identity", 0.7, is_negated))
                facts += workplace
        elif comp.dep_ == "acomp" and comp.lower_ in LEX.fortunate and child(
                comp, "xcomp") is not None and child(comp, "xcomp").lemma_ == "have":
            # "I'm lucky to have my husband and kids": has them
            facts += have_fact(Clause(child(comp, "xcomp"), clause.subjects, clause.sent,
                                      True, tense="is"))
        elif comp.dep_ == "acomp" and kind != ObjectKind.colour:
            if obj.i == comp.i:  # (its conjuncts are read with it: "passionate about X and Y")
                facts += disposition(clause, who, comp, is_negated)
        elif comp.dep_ == "attr" and obj.i == comp.i and obj.pos_ == "ADJ" and (
                obj.lower_ in LEX.states_of_life | LEX.dispositions):
            # "my sister and I are both vegetarian" with no stop after it: the parser's
            # "attr" for the adjective it reads as "acomp" with one
            facts += disposition(clause, who, comp, is_negated)
        elif age or obj.ent_type_ in TIME_LABELS | {"MONEY"} or is_time(obj) or (
                obj.lower_ in LEX.time_nouns) or obj.pos_ == "ADJ" and not any(
                c.dep_ == "det" and c.lower_ in ("a", "an") for c in obj.children) \
                or obj.lower_ in LEX.quantities or obj.lower_ in LEX.not_things:
            continue  # "Solo is £9", "I'm up there most weekends", "more of a hiking guy"
        elif _the_post(obj) and (who == SPEAKER or person or is_name(subj)
                                 or who.startswith(THIRD)):
            # "Sara is the new head of marketing", "she's the treasurer": the one post, a
            # role ("new": it changed)
            post_of = _post_of(clause, who, obj, is_negated)
            if not post_of or " " in _post_words(obj):  # ("head of the engineering
                # department": head_of it says the post, "head" alone nothing more)
                facts.append(make_fact(clause, who, "role", _post_words(obj),
                                       ObjectKind.string, "identity", 0.75, is_negated,
                                       update=any(c.lower_ == "new" for c in obj.children)))
            facts += held_at(clause, who, obj, is_negated) + post_of
        elif obj.lemma_.lower() in LEX.fans and not _harmful_addiction(obj):
            facts += _fan_of(clause, who, obj, is_negated)
            break  # its conjuncts were read as more things liked
        elif (who in (SPEAKER, ORG) or who.startswith(THIRD) or person or is_name(subj)) and (
                who == SPEAKER or person
                or not _evaluative(obj, sized=is_name(subj) or who == ORG)) \
                and not _idiomatic(obj) \
                and not _epithet(obj) and not (person and obj.lower_ in LEX.kin | LEX.children):
            # ("my brothers are twins": what relatives they are, no kind)
            others = [subject_of(c) for c in with_conjuncts(subj)[1:] if is_name(c)]
            named = called(obj)
            if named is not None and (obj.lemma_.lower() in LEX.pets | LEX.breeds):
                # "hes a corgi called waffles": the kind is the corgi; the one so called is
                # the pet a name now stands for ("my sister's dog" is Waffles)
                facts.append(make_fact(clause, who, "name", name_span(named),
                                       ObjectKind.entity, "identity", 0.7, is_negated))
                continue  # (what kind, "Waffles is_a corgi", is read of "called")
            if obj.tag_ == "NNS" and subj.tag_ != "NNS" and subj.lower_ not in (
                    "we", "they", "you"):  # "Maya and Tom are both doctors": each one
                value = object_text(value_span(obj)).rsplit(" ", 1)
                value = " ".join([*(w for w in value[:-1] if w.lower() not in (
                    "both", "all", "each")), obj.lemma_.lower()])
            post_of = _post_of(clause, who, obj, is_negated)
            if post_of and obj.lemma_.lower() == "member":
                facts += post_of  # "I'm a member of the rowing club": of what, no kind
                continue
            workplace = held_at(clause, who, obj, is_negated)
            # "I'm now a lecturer at Leeds": a post held somewhere is the one role (a new
            # one replaces "I work as a nurse"); "I'm a mum", a kind among many
            held = who != ORG and (not is_kin(obj) or obj.lemma_.lower() in LEX.posts) and any(
                f.predicate == "works_at" for f in workplace)  # ("a product manager at
            # Lumen" holds a post; "a colleague at Monzo" none)
            facts += [make_fact(clause, w, "role" if held else "is_a", value, kind,
                                "identity", 0.7, is_negated)
                      for w in [who, *others] if w] + post_of
            facts += workplace + based(clause, who, obj, is_negated)
    return facts + _introduced(clause, subj, comp, is_negated)


def _busy_doing(comp: Any) -> Any | None:
    """What one is "busy" doing, however the parser hung it: "busy painting" as a gerund
    with "busy" its modifier, or "busy" with the gerund its complement; else None."""
    if comp.tag_ == "VBG" and any(c.dep_ == "amod" and c.lower_ == "busy"
                                  for c in comp.children):
        return comp
    if comp.lower_ == "busy":
        return next((c for c in comp.children if c.dep_ == "xcomp" and c.lower_.endswith("ing")),
                    None)
    return None


def _condition_owned(clause: Clause) -> list[RawFact]:
    """"Her arthritis is too bad", "my asthma has been playing up": whose the condition
    is, they have it, however it is doing (a "not" grades the condition, not the having)."""
    subj = clause.subject
    poss = child(subj, "poss") if subj is not None else None
    if poss is None or subj.lemma_.lower() not in LEX.conditions and subj.lower_ not in \
            LEX.conditions or any(c.tag_ == "MD" for c in clause.root.children):
        return []
    owner = owner_of(poss)
    return [make_fact(clause, owner, "has", subj.lower_, ObjectKind.string, "possessive",
                      0.7)] if owner else []


def _kind_of_person(comp: Any) -> Any | None:
    """"person" in "I'm a dog person", "im more of a cat person", "not a morning person",
    when a noun says what kind; else None."""
    of = prep_of(comp, "of") if comp.lower_ in ("more", "bit", "kind", "sort") else None
    person = child(of, "pobj") if of is not None else comp
    kind = child(person, "compound") if person is not None and person.lower_ == "person" \
        else None
    return person if kind is not None and kind.pos_ == "NOUN" else None


def _person_who_likes(clause: Clause, person: Any, is_negated: bool) -> list[RawFact]:
    """"I'm a dog person" likes dogs ("not a morning person": dislikes mornings); a fan
    set beside it ("..., not a fan of cats") is read as a fan is."""
    kind = child(person, "compound")
    liked = kind.lower_ if kind.lower_.endswith("s") or kind.lower_ == "people" \
        else kind.lower_ + "s"
    facts = [make_fact(clause, SPEAKER, "dislikes" if is_negated else "likes", liked,
                       ObjectKind.string, "preference", 0.75)]
    for fan in person.children:
        if fan.dep_ in ("appos", "conj") and fan.lemma_.lower() in LEX.fans:
            facts += _fan_of(clause, SPEAKER, fan, any(  # ("..., not a fan of cats")
                t.dep_ == "neg" for t in clause.doc[person.i + 1:fan.i + 1]))
    return facts


def _introduced(clause: Clause, subj: Any, comp: Any, is_negated: bool) -> list[RawFact]:
    """What an introduction says beside the name or the job, set off by commas: "I'm Tom,
    34, from Leeds", "im a hairdresser, 29": the age, and where one is from."""
    if subj.lower_ not in FIRST_SINGULAR or is_negated:
        return []
    facts = [make_fact(clause, SPEAKER, "age", age_of(c), ObjectKind.number, "identity", 0.75)
             for c in comp.children if c.dep_ == "appos" and c.pos_ == "NUM" and age_of(c)
             and c.ent_type_ not in ("MONEY", "PERCENT", "QUANTITY", "TIME")]
    origin = (prep_of(comp, "from") or prep_of(clause.root, "from")) \
        if facts or is_name(comp) else None
    where = child(origin, "pobj") if origin is not None else None
    if where is not None and not where.like_num and origin.i > comp.i and any(
            t.is_punct for t in clause.doc[comp.i + 1:origin.i]):  # ("I'm Siobhan, from
        # 14": a house, no origin)
        facts.append(make_fact(clause, SPEAKER, "is_from", name_span(where),
                               ObjectKind.entity, "identity", 0.75))
    return facts


def _the_post(noun: Any) -> bool:
    """"the head of marketing", "the new treasurer", "head of the design team": a post one
    holds (lexicon ``posts``), said with "the" or, of something, with no article (not "a
    manager": a kind, ``is_a``; not "the best manager")."""
    return noun.lemma_.lower() in LEX.posts and (any(
        c.dep_ == "det" and c.lower_ == "the" for c in noun.children) or noun.tag_ == "NN" and (
        child(noun, "det", "poss") is None and prep_of(noun, "of") is not None)) and not any(
        c.dep_ == "amod" and c.lower_ not in ("new", "current", "acting", "interim")
        and _judging(c) for c in noun.children)


# what holding a post of something says: "the founder of Brightpath" founded it
POST_OF = {"member": "member_of", "founder": "founded", "co-founder": "founded",
           "cofounder": "founded", "owner": "owns"}


def _post_of(clause: Clause, who: str, post: Any, is_negated: bool) -> list[RawFact]:
    """What a post is of, when it is a thing of its own ("a member of the rowing club",
    "head of the engineering department", "the founder of Brightpath"):
    ``member_of``, ``head_of`` ... (not "head of sales", which is the post's own name)."""
    lemma = post.lemma_.lower()
    of = prep_of(post, "of")
    what = child(of, "pobj") if of is not None else None
    if lemma not in LEX.posts and lemma not in POST_OF or what is None or _of_what(post) and (
            not is_name(what)):
        return []
    thing = thing_of(what)
    if thing is None or what.ent_type_ in TIME_LABELS or what.lower_ in LEX.quantities:
        return []
    return [make_fact(clause, who, POST_OF.get(lemma, f"{lemma}_of"), *thing, "identity", 0.7,
                      is_negated)]


def _post_words(noun: Any) -> str:
    """"the new head of marketing" -> "head of marketing"; "the design lead" ->
    "design lead"."""
    words = [t.lower_ for t in noun.lefts if t.dep_ in ("compound", "amod", "nmod")
             and t.lower_ not in ("new", "current")]
    return " ".join([*words, noun.lower_]) + _of_what(noun)


PROPORTIONS = {"half", "twice", "double", "triple", "third", "quarter", "most", "part", "all"}
BEST, WORST = "best", "worst"


def _superlative(word: Any) -> bool:
    """"best", "worst", "coolest": the most of its kind."""
    return word.tag_ == "JJS" or word.lower_ in (BEST, WORST)


def _judgement(obj: Any) -> bool:
    """"the best", "the worst", "the greatest": a verdict on a thing, no value of it
    ("this pizza is the best")."""
    return _superlative(obj) or obj.lower_ in LEX.opinions


def _judged_best(clause: Clause, subj: Any | None, comp: Any | None) -> list[RawFact]:
    """A kind of thing said, in general, to be the best or the worst: "cats are the best",
    "Dolphins are the coolest animals", "mondays are the worst" -> likes / dislikes it;
    "pizza is life" -> likes it. Only a bare plural (a kind, not "this pizza", "my
    kids"), or a bare noun with "life"; never denied or in another tense."""
    root = clause.root
    if subj is None or comp is None or negated(root) or root.tag_ not in ("VBZ", "VBP") \
            or any(c.dep_ in ("det", "poss", "nummod") for c in subj.children) \
            or is_kin(subj) or subj.ent_type_ in ("PERSON", "ORG", "DATE") \
            or subj.lemma_.lower() in LEX.time_nouns or subj.lower_ in LEX.days:
        return []  # ("Sundays are the worst, I miss home": a mood of the day)
    if comp.lower_ == "life" and comp.dep_ == "attr" and subj.tag_ == "NN" and not list(
            comp.children):
        judged = "likes"  # "pizza is life", "coffee is life"
    elif subj.tag_ == "NNS" and child(comp, "det") is not None and \
            child(comp, "det").lower_ == "the" and comp.dep_ == "attr" and (
                _superlative(comp) or any(c.dep_ == "amod" and _superlative(c)
                                          for c in comp.children)):
        worst = WORST in {comp.lower_, *(c.lower_ for c in comp.children)}
        judged = "dislikes" if worst else "likes"
    else:
        return []
    span = value_span(subj)
    text = object_text(span)
    if span[0].i == span.sent.start and span[0].pos_ == "NOUN":
        text = text[:1].lower() + text[1:]  # a common noun, whose capital is the sentence's
    return [make_fact(clause, SPEAKER, judged, text, ObjectKind.string, "preference", 0.7)
            ] if text else []


def _one_of_my_favourites(clause: Clause, comp: Any | None) -> list[RawFact]:
    """"Lord of the Rings is one of my favourite films", "Spider-Man has always been a
    favorite of mine": liked (one of several, no single favourite)."""
    if comp is None or clause.subject is None or is_pronoun(clause.subject) or unresolved(
            clause.subject):
        return []
    of = prep_of(comp, "of")
    whose = child(of, "pobj") if of is not None else None
    if whose is None:
        return []
    mine = comp.lower_ in FAVOURITES and whose.lower_ in ("mine", "ours")
    among = comp.lower_ == "one" and child(whose, "poss") is not None and (
        whose.lower_ in FAVOURITES or whose.lemma_.lower() in FAVOURITES or any(
            c.lower_ in FAVOURITES for c in whose.children if c.dep_ == "amod"))
    if not mine and not among:
        return []
    owner = SPEAKER if mine and whose.lower_ == "mine" else ORG if mine else owner_and_predicate(
        whose)[0]
    subjects = [c for c in clause.root.children if c.dep_ == "nsubj"]
    span = clause.doc[min(c.left_edge.i for c in subjects):max(c.right_edge.i for c in subjects)
                      + 1]
    return [make_fact(clause, owner, "likes", span.text, ObjectKind.string, "preference", 0.75,
                      negated(clause.root))] if owner and span.text else []


def _favourite(noun: Any) -> bool:
    """"my favourite film", "her fave band": a possessed favourite."""
    return child(noun, "poss") is not None and any(
        c.dep_ == "amod" and c.lower_ in FAVOURITES for c in noun.children)


def _said_after(verb: Any) -> str:
    """The words after a verb to the end of its clause, when they read as a title: each
    capitalised or a short joining word ("Spirited Away", "The Lord of the Rings"), or ''."""
    words = []
    for token in verb.doc[verb.i + 1:verb.sent.end]:
        if token.is_punct or token.dep_ == "cc":
            break
        words.append(token)
    if not words or not words[0].text[:1].isupper() or not all(
            w.text[:1].isupper() or w.lower_ in TITLE_JOINERS for w in words):
        return ""
    return " ".join(w.text for w in words)


# what may stand lower case inside a title: "The Lord of the Rings"
TITLE_JOINERS = {"of", "the", "a", "an", "and", "in", "on", "to", "for", "with"}


def _pursuits(noun: Any) -> bool:
    """A possessed noun that names what one does ("my hobbies", "her favourite things"):
    a gerund after its "are" is its value, not something it is doing."""
    return child(noun, "poss") is not None and (noun.lemma_.lower() in LEX.pursuits or any(
        c.lower_ in FAVOURITES for c in noun.children if c.dep_ == "amod"))


def _gerund_list(clause: Clause, gerund: Any) -> list[RawFact]:
    """"My hobbies are hiking, baking and chess", parsed as "are hiking" with "baking" and
    "chess" joined to it: each item a value of the possessed noun."""
    root = clause.root
    if not any(c.dep_ == "aux" and c.lemma_ == "be" and c.tag_ in ("VBZ", "VBP")
               for c in root.children) or child(root, "dobj") is not None:
        return []
    owner, predicate = owner_and_predicate(clause.subject)
    facts = []
    for item in with_conjuncts(gerund):
        if item.tag_ == "VBG":  # the gerund with its own words, not its subject or list
            kept = [t for c in item.children if c.i > item.i and c.dep_ not in (
                "conj", "cc", "punct") for t in c.subtree]
            span = item.doc[item.i:max([item.i, *(t.i for t in kept)]) + 1]
        else:
            span = value_span(item)
        value = object_text(span)
        if owner and value:
            facts.append(make_fact(clause, owner, predicate, value, object_kind(span),
                                   "possessive", 0.8, negated(root)))
    return facts


def _group_joined(clause: Clause, comp: Any) -> Any | None:
    """The group someone is said to be in or part of: "im in a bowling league", "I'm
    part of a local book club" (a band, club, team ... with "a": not "in the club right
    now", nor "in a meeting"); None otherwise."""
    root = clause.root
    if comp is not None and comp.lower_ == "part":  # "part of a book club"
        of = prep_of(comp, "of")
        group = child(of, "pobj") if of is not None else None
    else:
        inside = prep_of(root, "in") if comp is None else None
        group = child(inside, "pobj") if inside is not None else None
    if group is None or not clause.subjects or group.lemma_.lower() not in \
            LEX.ensembles | LEX.teams or any(t.lower_ in MOMENT_WORDS for t in root.subtree) \
            or prep_of(group, "of", "with", "in") is not None or group.i + 1 < len(
            group.doc) and group.doc[group.i + 1].pos_ == "NOUN" or group.lower_ == "club" \
            and child(group, "compound", "amod") is None:
        return None  # ("in a league of my own", "in a team meeting", "in a club" for now)
    det = child(group, "det")
    return group if det is not None and det.lower_ in ("a", "an") else None


def _on(clause: Clause, thing: Any) -> list[RawFact]:
    """"He's on the infra team" (member_of), "we're on Django 4.2 with Celery and Redis",
    "they're on Vercel" (uses), "on special renal food" (diet); not "I'm on holiday", "I'm
    on it", "we're on Tuesday"."""
    root = clause.root
    if thing.ent_type_ in TIME_LABELS or any(c.tag_ == "MD" for c in root.children):
        return []
    if (thing.lemma_.lower() in LEX.teams or any(
            c.dep_ == "compound" and c.lemma_.lower() in LEX.teams for c in thing.children)) \
            and child(thing, "det", "poss", "compound", "amod") is not None:  # not "on board"
        return facts_of(clause, who_of(clause), [("member_of", thing)], "membership", 0.75,
                        negated(root))
    if thing.lemma_.lower() in LEX.stints and thing.pos_ == "NOUN":
        return _stint(clause, thing)
    if thing.lemma_.lower() in LEX.diet_nouns and thing.pos_ == "NOUN" and child(
            thing, "amod", "compound") is not None:
        # "hes on special renal food now", "she's on a low fodmap diet": what one eats
        return facts_of(clause, who_of(clause), [("diet", thing)], "diet", 0.7,
                        negated(root))
    subj = clause.subject
    if subj is not None and subj.lower_ not in ("we", "it", "they", "this", "that") and (
            thing.lower_ in LEX.treatments or thing.pos_ in ("NOUN", "PROPN")
            and child(thing, "det") is None and any(
                t.lower_ in LEX.dosages for t in clause.sent if t.i > thing.i)):
        # "hes on metacam now, twice a day", "she's on antibiotics": takes it (not "we're
        # on Django", "I'm on the train")
        return facts_of(clause, who_of(clause), [("takes", thing)], "prescribed", 0.7,
                        negated(root))
    if thing.pos_ != "PROPN" or thing.ent_type_ in ("GPE", "LOC", "PERSON", "NORP"):
        return []
    tools = with_conjuncts(thing)
    also = prep_of(root, "with")
    if also is not None and child(also, "pobj") is not None:
        tools += with_conjuncts(child(also, "pobj"))
    return facts_of(clause, who_of(clause), [("uses", t) for t in tools], "stack", 0.75,
                    negated(root))


def _stint(clause: Clause, stint: Any) -> list[RawFact]:
    """"she's on her GP placement now in barry" (placement: barry), "I'm on a cookery
    course" (course: cookery course): a stint and where it is, if the clause says."""
    at = prep_of(stint, "in", "at") or prep_of(clause.root, "in", "at")
    place = child(at, "pobj") if at is not None else None
    if place is not None and (place.ent_type_ in TIME_LABELS or is_time(place)):
        place = None  # "on a course in May": when, not where
    value = place if place is not None else stint
    span = value_span(value) if place is not None else clause.doc[
        stint.left_edge.i:stint.i + 1]  # the stint's words, without what hangs after
    text = object_text(span)
    if text.lower() == stint.lower_:
        return []  # "I'm on a course in May": which course, it does not say
    return [make_fact(clause, w, stint.lemma_.lower(), text, object_kind(span), "membership",
                      0.65, negated(clause.root)) for w in who_of(clause)] if text else []


def _was(clause: Clause) -> list[RawFact]:
    """"My mum was a maths teacher", "I was a chef for ten years": what someone was
    (``was_a``, history, never a current attribute); not "when I was a kid"."""
    root, subj = clause.root, clause.subject
    comp = child(root, "attr")
    done = _done_then(clause)
    if done:
        return done
    where = prep_of(root, "in")
    town = child(where, "pobj") if where is not None else None
    if comp is None and town is not None and town.ent_type_ in ("GPE", "LOC") and subj is not None \
            and subj.lower_ in ("i", "we") and not negated(root) and not any(
            c.dep_ in ("mark", "aux", "acomp") for c in root.children):
        # "I was in Chicago, it was awesome!": a visit (not "when I was in Chicago");
        # "we were in Bristol for like six years": lived there, as "lived in" says
        predicate = "did_live_in" if for_years(root) else "did_go_to"
        return [make_fact(clause, w, predicate, name_span(town), ObjectKind.entity,
                          "episode", 0.6) for w in who_of(clause, episode=True)]
    service = served(town) if town is not None and comp is None else ""
    if service and subj is not None and not negated(root) and not any(
            c.dep_ == "mark" for c in root.children):
        # "my sister tamsin was in the navy for six years": served in it, once
        who = subject_of(given_name(subj) or subj)
        return [make_fact(clause, who, "served_in", service, ObjectKind.string, "identity",
                          0.65)] if who else []
    employer = employer_now(root) if comp is None and subj is not None else None
    if employer is not None and for_years(root) and not negated(root) and not any(
            c.dep_ == "mark" for c in root.children):
        # "Before that I was at Deliveroo for three years": worked there, once
        return facts_of(clause, who_of(clause, episode=True), [("did_work_at", employer)],
                        "membership", 0.65, False)
    if subj is None or comp is None or comp.pos_ != "NOUN" or child(comp, "det") is None \
            or comp.lower_ in LEX.life_stages or negated(root) or any(
            c.dep_ == "mark" for c in root.children):
        return []
    if given_name(subj) is not None:
        subj = given_name(subj)
    who = subject_of(subj)
    person = who == SPEAKER or who.startswith(THIRD) or is_kin(subj) or is_name(subj)
    if not who or not person or _idiomatic(comp):
        return []
    span = value_span(comp)
    at = prep_of(comp, "at", "for")
    firm = child(at, "pobj") if at is not None else None
    worked = [make_fact(clause, who, "did_work_at", name_span(firm), ObjectKind.entity,
                        "membership", 0.65)] if firm is not None and (
        firm.ent_type_ == "ORG" or is_name(firm) and firm.ent_type_ not in (
            "LOC", "PERSON", "DATE", "TIME") and not is_place_name(name_span(firm))) else []
    # ("my mum was a paintress at Wedgwood for twenty years": worked there, once)
    return [make_fact(clause, who, "was_a", object_text(span), object_kind(span), "identity",
                      0.65)] + worked


def _newcomer_named(subj: Any, name: Any) -> tuple[str, str] | None:
    """Whose the newcomer a "her/his name is X" names is, and what it is to them, when
    the sentence has just introduced one: "my sister just had a baby girl, her name is
    Zara" -> (the sister, "daughter"); "we got a puppy, his name is Rolo" -> (us,
    "puppy"). None otherwise ("her name is Zara" of a person met before)."""
    poss = child(subj, "poss")
    if subj.lower_ != "name" or poss is None or poss.lower_ not in ("her", "his", "its") \
            or not is_name(name):
        return None
    for noun in reversed(subj.doc[subj.sent.start:subj.i]):
        if noun.dep_ != "dobj" or noun.lemma_.lower() not in LEX.births | LEX.pets or \
                noun.head.lemma_ not in ("have", "get", "adopt") or child(noun, "det") is None \
                or child(noun, "det").lower_ not in ("a", "an"):
            continue
        haver = child(noun.head, "nsubj")
        owner = subject_of(haver) if haver is not None else ""
        return (owner, CHILD_WORDS.get(noun.lemma_.lower(), noun.lemma_.lower())) \
            if owner else None
    return None


def _done_then(clause: Clause) -> list[RawFact]:
    """"Organizing a basketball camp last summer was an awesome experience": the speaker
    did it (a doing said as a past's subject, with its own object)."""
    root = clause.root
    doing = child(root, "csubj")
    thing = child(doing, "dobj") if doing is not None else None
    if doing is None or doing.tag_ != "VBG" or thing is None or negated(root) or child(
            root, "attr", "acomp") is None or any(c.dep_ in ("nsubj", "poss") for c in
                                                 doing.children):
        return []
    value = thing_of(thing)
    return [make_fact(clause, SPEAKER, f"did_{doing.lemma_.lower()}", *value, "activity",
                      0.55)] if value else []


def _gerund_is_mine(clause: Clause, comp: Any) -> list[RawFact]:
    """"Winning a championship is my number one goal" -> goal = winning a championship."""
    csubj = child(clause.root, "csubj")
    if csubj is None or csubj.tag_ != "VBG" or comp.pos_ != "NOUN" or child(
            comp, "poss") is None:
        return []
    owner, predicate = owner_and_predicate(comp)
    value = object_text(clause.doc[csubj.left_edge.i:csubj.right_edge.i + 1])
    return [make_fact(clause, owner, predicate, value, ObjectKind.string, "possessive", 0.8,
                  negated(clause.root))] if owner and value else []


def _harmful_addiction(fan: Any) -> bool:
    """"a heroin addict", "a drug addict", "a recovering addict", "an addict": what one is
    (an illness), never a liking."""
    return fan.lemma_.lower() == "addict" and (any(
        t.lower_ in LEX.addictions for t in fan.doc[fan.left_edge.i:fan.i]) or not any(
            c.dep_ == "compound" for c in fan.children) and prep_of(fan, "of") is None)


def _fan_of(clause: Clause, who: str, fan: Any, is_negated: bool) -> list[RawFact]:
    """"I'm a big fan of pottery" -> likes pottery, "a sucker for romcoms", "a history
    nerd", "a huge football fan" too (not an addict: "a heroin addict" likes nothing, nor
    a "former" fan); "not a fan of X" -> dislikes X; nothing named, no fact ("I'm a huge
    fan")."""
    if any(t.lower_ in ("kind", "sort", "kinda", "sorta") for t in fan.doc[clause.start:fan.i]):
        return []  # "kind of a sucker for any superhero": a hedge
    if any(c.lower_ in ("former", "ex", "recovering", "reformed") for c in fan.children):
        return []  # "a former football fan": no longer
    if _harmful_addiction(fan):
        return []  # "a heroin addict": an illness, no liking
    if is_negated and fan.lemma_.lower() not in ("fan", "lover"):
        return []  # "not a fan of X" dislikes it; "not a coffee addict" says no more
    of = prep_of(fan, "of", "for")  # ("a sucker for romcoms")
    pobj = child(of, "pobj", "pcomp") if of is not None else None
    named = [c for c in fan.children if c.dep_ == "compound" and (
        is_name(c) or c.pos_ == "NOUN" and c.i == fan.i - 1)]  # "a huge football fan"
    if not who or pobj is None and not named:
        return []
    if pobj is None:  # "I'm a huge Taylor Swift fan": the name before "fan"
        first = named[0]
        while first.i > 0 and fan.doc[first.i - 1].dep_ == "compound" and fan.doc[
                first.i - 1].head.i == fan.i and fan.doc[first.i - 1].pos_ in ("NOUN", "PROPN"):
            first = fan.doc[first.i - 1]  # "a bubble tea addict", both words the addict's
        value = fan.doc[first.left_edge.i:fan.i].text
        return [make_fact(clause, who, "dislikes" if is_negated else "likes", value,
                          ObjectKind.entity, "preference", 0.8)]
    liked = with_conjuncts(pobj) + [c for c in fan.children if c.dep_ == "conj"
                                     and c.pos_ in ("NOUN", "PROPN")]
    predicate = "dislikes" if is_negated else "likes"
    return [make_fact(clause, who, predicate, value, kind, "preference", 0.8)
            for obj in liked for value, kind in [thing_of(obj) or ("", ObjectKind.string)]
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
    if any(c.lower_ in ("same", "different", "opposite") for c in noun.children) and not any(
            c.dep_ == "relcl" for c in noun.children):
        return True  # "Max is the same age", "we're different people": a comparison (not
        # "the same doctor who treated my mum": a doctor)
    return (noun.pos_ == "NOUN" and noun.tag_ == "NN" and child(noun, "det", "poss") is None
            and any(c.dep_ == "prep" and not for_a_while(c) and not post_at(noun, c)
                    for c in noun.children))


    # ("head chef at a gastropub": a post held somewhere, too)


def _epithet(noun: Any) -> bool:
    """"I'm a mess today", "such a nerd", "I'm all ears": what one calls oneself in
    passing, not what one is (lexicon list epithets)."""
    return noun.lower_ in LEX.epithets or any(
        c.lower_ in ("such", "all") and c.dep_ in ("det", "predet", "amod") for c in noun.children
    ) or child(noun, "det") is None and any(  # "shes super chill", "hes so sweet": no kind
        c.lower_ in DEGREE_WORDS and c.i < noun.i for c in noun.children)


# what says how much of a quality, before an adjective the tagger may take for a noun
DEGREE_WORDS = frozenset({"super", "so", "really", "very", "pretty", "quite", "too", "mega",
                          "proper", "well", "dead", "soo", "sooo", "rly", "v", "extremely"})


PHYSICAL_SIZES = frozenset({"tiny", "small", "little", "big", "large", "huge", "massive"})


def _evaluative(noun: Any, sized: bool = False) -> bool:
    """"such an inspiring writer", "a great city": an opinion about someone else; not a
    kind ("a retired pilot", "a junior developer"). With ``sized``, a plain size describes
    ("Kendal is a small town", "Brackenfold is a small mill")."""
    return any(c.lower_ == "such" or c.dep_ == "amod" and _judging(c) and not (
        sized and c.lower_ in PHYSICAL_SIZES) for c in noun.children)


JUDGING_ENDINGS = ("ing", "ful", "ous", "ive", "able", "ible", "est")


def _judging(adjective: Any) -> bool:
    """An adjective that judges: listed ("great", "tiny"), or shaped so ("inspiring",
    "wonderful", "famous", "impressive", "lovable", "best"); "retired" only classifies."""
    word = adjective.lower_
    return word in LEX.opinions | LEX.sizes | LEX.moods or adjective.tag_ in ("JJR", "JJS") \
        or word.endswith(JUDGING_ENDINGS) and adjective.tag_ == "JJ" \
        or word in ("best", "worst", "real", "true")  # "a running club" (VBG) classifies


def _not_eaten_before(adjective: Any) -> list[Any]:
    """What the speaker said, just before a bare "im allergic" in the same sentence, they
    cannot eat or drink ("i cant eat shellfish tho, im allergic"): what they are allergic
    to."""
    return [t for t in adjective.doc[adjective.sent.start:adjective.i]
            if t.dep_ == "dobj" and t.head.lemma_.lower() in ("eat", "drink", "have", "touch")
            and negated(t.head) and any(c.dep_ == "nsubj" and c.lower_ == "i"
                                        for c in t.head.children)][-1:]


def is_nationality(adjective: Any) -> bool:
    """"Canadian", "irish": a nationality or people said of someone (not "French fries")."""
    return adjective.lower_ in LEX.nationalities and adjective.pos_ in ("ADJ", "PROPN") and (
        adjective.dep_ == "acomp") and not any(c.dep_ != "punct" for c in adjective.children) \
        and not any(c.dep_ == "advmod" for c in adjective.head.children) and not (
            adjective.i + 1 < len(adjective.doc) and adjective.doc[adjective.i + 1].pos_ in (
                "VERB", "NOUN"))  # (not "Spanish speaking", "basically Spanish")


def disposition(clause: Clause, who: str, adjective: Any, is_negated: bool) -> list[RawFact]:
    """"I'm allergic to most reptiles and animals with fur" -> allergic_to reptiles,
    allergic_to animals (many-valued)."""
    if who and is_nationality(adjective) and not any(
            c.dep_ == "advmod" for c in adjective.children):  # ("very french": a manner)
        return [make_fact(clause, household(who, "is_a"), "is_a",
                          adjective.text[:1].upper() + adjective.text[1:], ObjectKind.string,
                          "identity", 0.7, is_negated)]  # "I'm Canadian", "im irish"
    if not who or adjective.lemma_.lower() not in LEX.dispositions | LEX.states_of_life \
            and adjective.lower_ not in LEX.dispositions | LEX.states_of_life:  # ("divorced",
        # "obsessed", tagged a verb)
        return []
    facts = []
    objects = [(prep.lower_, child(prep, "pobj", "pcomp"))
               for prep in adjective.children if prep.dep_ == "prep" and not how_long(prep)]
    objects += [(objects[-1][0], doing) for doing in adjective.children if objects and (
        doing.dep_ == "conj" and doing.tag_ == "VBG")]  # "passionate about fashion and
    # finding unique pieces": the parser hangs the second thing on the adjective
    # ("vegetarian since 2019", "vegan for years": how long, not of what)
    misread = child(adjective, "xcomp")
    if misread is not None and misread.pos_ != "AUX" and misread.lemma_.lower() not in \
            LEX.not_habits and misread.lemma_.lower() not in \
            LEX.verbs and child(misread, "dobj", "prep") is None and any(
            c.dep_ == "aux" and c.lower_ == "to" for c in misread.children):
        objects.append(("to", misread))  # "allergic to shellfish" parsed as a verb "to shellfish"
    if not objects and adjective.lower_ == "allergic" and who == SPEAKER:
        objects = [("to", food) for food in _not_eaten_before(adjective)]
    for prep, pobj in objects:
        for obj in with_conjuncts(pobj) if pobj is not None else []:
            thing = thing_of(obj) if obj is not misread else (
                object_text(obj.doc[obj.i:obj.right_edge.i + 1]), ObjectKind.string)
            harmful = adjective.lower_ == "addicted" and obj.lemma_.lower() in LEX.addictions
            if thing:  # ("addicted to heroin": an illness, never a liking)
                facts.append(make_fact(clause, who, "has_addiction" if harmful else
                                       f"{adjective.lower_}_{prep}", *thing, "disposition",
                                       0.8, is_negated))
    if not facts and adjective.lower_ in LEX.states_of_life:  # "I'm vegan", "I'm retired"
        kind = next((c for c in adjective.children if c.dep_ in ("amod", "npadvmod", "compound")
                     and c.i == adjective.i - 1 and c.is_alpha), None)  # "lactose intolerant"
        state = adjective.lower_ if kind is None else f"{kind.lower_} {adjective.lower_}"
        facts.append(make_fact(clause, household(who, "is_a"), "is_a", state,
                               ObjectKind.string, "identity", 0.7, is_negated))
    return facts


def naming_or_change(clause: Clause) -> list[RawFact]:
    """"Our product is called Beacon"; "Our heading font changed to Lora"; "the teacher is
    called Frau Lindqvist" (she is a teacher)."""
    root = clause.root
    if root.lemma_ in ("call", "name"):
        subj, name = child(root, "nsubjpass"), child(root, "oprd", "attr", "xcomp")
        pattern, confidence = "called", 0.85
        if name is not None and not is_name(name):
            return []  # "that's my train being called, lovely chatting"
    elif root.lemma_ in ("change", "switch", "move"):
        subj = clause.subject
        to = prep_of(root, "to")
        name = child(to, "pobj") if to is not None else None
        pattern, confidence = "changed_to", 0.85
    else:
        return []
    if pattern == "called" and subj is not None and name is not None and subj.pos_ == "NOUN" \
            and child(subj, "poss") is None and (det := child(subj, "det")) is not None and \
            det.lower_ in ("the", "this", "that"):
        # "The teacher's called Frau Lindqvist": the one meant is named, and is a teacher
        kind = object_text(clause.doc[subj.left_edge.i:subj.i + 1])
        return [make_fact(clause, name_span(name), "is_a", kind, ObjectKind.string, pattern,
                          0.75, negated(root))] if kind else []
    subj = owned_subject(subj) if subj is not None else None
    if subj is None or name is None or child(subj, "poss") is None or (
            root.lemma_ == "move" and (is_kin(subj) or subj.lower_ in LEX.pets
                                       or given_name(subj) is not None)):
        return []  # "my parents moved to Spain", "our last driver, Bogdan, moved to
        # Glasgow": where they live, not who they are
    owner, predicate = owner_and_predicate(subj)
    if not owner:
        return []
    span = value_span(name)
    return [make_fact(clause, owner, predicate, object_text(span), object_kind(span), pattern,
                  confidence, negated(root))]


def _my_dropped(subj: Any, obj: Any) -> bool:
    """A bare noun opening a sentence, said to be on a day ("apprenticeship interview is
    thursday", "exam is on june 12"): the speaker's, its "my" dropped as chat drops it;
    not a noun with its determiner ("the party is friday") or a habit ("on sundays")."""
    return _bare_opening(subj, adjectives=True) and (obj.ent_type_ == "DATE"
                                                     or obj.lower_ in LEX.weekdays
                                    or obj.lower_ in LEX.months) and not habitual_time(obj) \
        and not age_of(obj)  # "Biscuit is three years old": an age, no day


def _favourite_unowned(subj: Any) -> bool:
    """"fav color is yellow": a favourite opening its sentence with no owner or article,
    the speaker's, its "my" dropped."""
    return subj.pos_ == "NOUN" and subj.left_edge.i == subj.sent.start and any(
        c.dep_ == "amod" and c.lower_ in FAVOURITES for c in subj.children) and not any(
        c.dep_ in ("det", "poss") for c in subj.children) and prep_of(subj, "of") is None


def _mine_unsaid(subj: Any, obj: Any) -> bool:
    """A bare noun opening a sentence, said to be a thing or an amount ("project is
    antibiotic resistance in river sediment", "stipend is 20,780 a yr"): the speaker's,
    its "my" dropped as chat drops it; not a noun that is no one's ("weather is rubbish",
    "life is a joke"), nor a judgement."""
    if not _bare_opening(subj) or subj.lemma_.lower() in LEX.unowned_nouns | LEX.time_nouns \
            or obj.lower_ == "life":  # ("pizza is life": liked, ``_judged_best``)
        return False
    if obj.pos_ == "NUM" or obj.ent_type_ in ("MONEY", "CARDINAL", "QUANTITY"):
        return not age_of(obj) or obj.ent_type_ == "MONEY"
    return obj.pos_ in ("NOUN", "PROPN") and obj.dep_ == "attr" and child(
        obj, "det", "poss") is None and not any(
        t.lower_ in LEX.opinions | LEX.moods for t in obj.subtree)


def _dated_on(subj: Any, root: Any) -> bool:
    """A bare noun said to be on a day: "exam is on june 12" (not "lunch is at 12")."""
    prep = prep_of(root, "on", "in")
    when = child(prep, "pobj") if prep is not None else None
    return when is not None and _my_dropped(subj, when)


def _bare_opening(subj: Any, adjectives: bool = False) -> bool:
    """A singular noun with no determiner or owner that opens its sentence; with
    ``adjectives``, also one an adjective opens ("last shift is tues 30th")."""
    kept = ("det", "poss", "nummod") if adjectives else ("det", "poss", "nummod", "amod")
    return subj.pos_ == "NOUN" and subj.tag_ == "NN" and subj.left_edge.i == subj.sent.start \
        and not any(c.dep_ in kept for c in subj.children)


def birthday_of(root: Any) -> str:
    """The calendar day an age ahead is turned on ("she's 90 on the 12th of july", "he'll
    be 22 on sunday"), or ''."""
    from extract.dated import calendar_date  # (extract.dated reads with these readers)

    for head in (root, *(c for c in root.children if c.dep_ in ("attr", "acomp"))):
        on = prep_of(head, "on")  # (the parser may hang it on the age)
        day = child(on, "pobj") if on is not None else None
        if day is not None and calendar_date(day):
            return object_text(day.doc[day.left_edge.i:day.right_edge.i + 1])
    return ""

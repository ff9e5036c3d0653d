"""The reader of having: "I have two cats" (has_pet), "we have a son" (has_child), "I
have a Vespa" (has), "a dog named Rex", "a love for horses" (likes).
"""

from __future__ import annotations

from typing import Any

from extract.clauses import FUTURE_WORDS, Clause, negated
from extract.readers.diets import GONE_WITHOUT
from extract.readers.words import (
    DOING_PREFIX,
    LEX,
    TIME_LABELS,
    RawFact,
    aspect,
    called,
    child,
    facts_of,
    future_time,
    home_place,
    household,
    is_kin,
    is_name,
    make_fact,
    name_span,
    prep_of,
    sole,
    thing_of,
    unresolved,
    who_of,
    with_conjuncts,
)
from extract.values import object_text
from kg.dates import names_time_ahead
from kg.models import ObjectKind

# what an event is had to do, which is no taking part: "a party to plan" ("a graduation to
# attend" is one's own to go to, kept)
EVENT_CHORES = {"plan", "organise", "organize", "write", "prepare", "buy", "find", "watch",
                "cater"}
# what says an event ahead is off, unsure or a habit: "cancelled it though", "jk", "maybe",
# "usually"
EVENT_OFF = {"cancel", "cancelled", "canceled", "jk", "maybe", "usually", "probably", "perhaps",
             "might", "postpone", "postponed", "skip", "skipping"}


def have_fact(clause: Clause) -> list[RawFact]:
    """"I have two cats" (has_pet), "we have a son" (has_child), "I have a Vespa" (has);
    not "I have a question", "I have work tomorrow", "I don't have kids"."""
    root = clause.root
    have_got = root.lemma_ == "get" and any(c.lemma_ == "have" for c in root.children)
    dobj = child(root, "dobj")
    if negated(root) and root.lemma_ == "have" and dobj is not None and \
            dobj.lemma_.lower() in GONE_WITHOUT and child(dobj, "det", "poss") is None:
        # "I can't have dairy", "she doesn't have sugar": goes without it
        return [make_fact(clause, w, GONE_WITHOUT[dobj.lemma_.lower()], dobj.lemma_.lower(),
                          ObjectKind.string, "diet", 0.75) for w in who_of(clause)]
    if negated(root) or not have_got and not born(root) and (
            (clause.tense or aspect(root)) not in ("is", "did") or (
            root.tag_ == "VBD" and root.lemma_ == "have")):
        return []  # "I had a dog": not now; "we've got two dogs" is; "she had a baby" too
    who = who_of(clause)
    if not who or dobj is None:
        return []
    facts: list[RawFact] = []
    place = home_place(root)
    if place is not None:  # "I've got a tiny flat near the river in Lisbon"
        facts += facts_of(clause, who, [("lives_in", place)], "have:home", 0.7, False)
    named_items = _names_of_plural(dobj)
    had = with_conjuncts(dobj)
    name = called(dobj)  # "a greyhound called Nutmeg and two chickens": the chickens, too,
    had += [c for c in (with_conjuncts(name)[1:] if name is not None else [])  # are had
            if c.pos_ == "NOUN" and not is_name(c)]
    for obj in had:
        if obj in named_items:
            continue
        head = obj.lower_
        if obj.lemma_.lower() in LEX.events_had and obj.pos_ == "NOUN" and (
                future_time(root) or any(t.lower_ in FUTURE_WORDS for t in obj.subtree)
                or names_time_ahead(clause.sent.text)):
            said = {t.lower_ for t in clause.doc} | {t.lemma_.lower() for t in clause.doc}
            if said & EVENT_OFF or any(c.dep_ == "relcl" or c.dep_ == "acl" and (
                    c.lemma_.lower() in EVENT_CHORES) for c in obj.children) or " not going" \
                    in clause.doc.text.lower():
                continue  # "a trip this weekend, cancelled it though", "a party to plan"
            # "I've got a gaming tournament next month": an event ahead, under way
            facts += facts_of(clause, who, [(DOING_PREFIX + "have", obj)], "have:event", 0.6,
                              False)
            continue
        liked = prep_of(obj, "for") if head in LEX.fondness else None
        if liked is not None:  # "I've always had a love for horses": likes horses
            facts += facts_of(clause, who, [("likes", o) for o in with_conjuncts(child(
                liked, "pobj"))] if child(liked, "pobj") is not None else [], "have", 0.7,
                              False)
            continue
        if head in LEX.not_possessions or head in LEX.idiom_objects or any(
                c.dep_ == "det" and c.lower_ in ("no", "any", "some") for c in obj.children) \
                or not born(root) and any(t.ent_type_ in TIME_LABELS for t in obj.subtree
                                          if not _in_name(t, obj) and not any(
                                              _in_age(t, c) for c in had)):
            continue  # "a meeting in June", not "two kids, Ollie and June" (nor "we had a
            # boy called Leo last month": a birth, when it was)
        if head in LEX.pets or obj.lemma_.lower() in LEX.pets:
            predicate = "has_pet"
        elif head in LEX.children:
            predicate = "has_child"
        elif head in LEX.siblings:
            predicate = "has_sibling"
        elif obj.pos_ in ("NOUN", "PROPN") and not unresolved(obj) and not any(
                c.ent_type_ in TIME_LABELS for c in root.children):
            predicate = "has"  # not "I've got a tournament next month": an event
        else:
            continue
        if obj == dobj and named_items and (predicate != "has" or is_kin(obj)):
            # "We have two kids, Ollie and June": the names are the kids, and say how many
            facts += [make_fact(clause, household(w, predicate), predicate, name_span(n),
                                ObjectKind.entity, "have", 0.75) for w in who for n in named_items]
            continue
        named = next((c for c in obj.children if c.dep_ == "appos" and is_name(c)), None)
        name = named if named is not None and (
            predicate in ("has_pet", "has_child") or is_kin(obj)) else called(obj)
        kind = next((c for c in obj.children if c.dep_ == "appos" and c.pos_ == "NOUN"
                     and called(c) is not None), None)
        if name is None and kind is not None and predicate in ("has_pet", "has_child"):
            # "our first baby, a little girl named Lucía": the girl is the baby, so named
            facts += _have_named(clause, who, predicate, kind, called(kind), aside=True)
            continue
        if name is not None:
            # "We have a cat, Biko", "a greyhound called Nutmeg": the one had is named, so
            # the name is what one has (and the cat is Biko); a breed is what it is
            facts += _have_named(clause, who, predicate, obj, name, aside=name is named)
            continue
        thing = thing_of(obj) or ((obj.lower_, ObjectKind.string) if born(root) else None)
        # ("My sister had her first baby": whose "her" is, the sister's)
        if thing and predicate == "has_pet" and thing[0].lower().startswith("pet "):
            thing = (thing[0][4:], thing[1])  # "a pet rabbit": a rabbit
        if thing:
            facts += [make_fact(clause, household(w, predicate), predicate, *thing, "have", 0.75)
                      for w in who]
    return facts


# the relation a child given a name is: "a baby boy called Leo" -> son Leo
CHILD_WORDS = {"boy": "son", "girl": "daughter"}


def born(verb: Any) -> bool:
    """A birth: "she had a baby (boy)", "we had twins", "they had a little girl in May";
    not "we had the kids over", "I had a dog", "I had a son's birthday"."""
    dobj = child(verb, "dobj")
    if verb.lemma_ != "have" or verb.tag_ != "VBD" or dobj is None or dobj.lower_ not in \
            LEX.births:
        return False
    det = child(dobj, "det", "poss")
    if dobj.lower_ in ("kid", "child") and (det is None or det.lower_ in ("a", "an")) and (
            any(c.dep_ == "prep" for c in dobj.children) or any(
                c.dep_ == "prep" and c.lower_ in ("in", "with") for c in verb.children)):
        return False  # "I had a kid in my class who ...", "we had a child in the car"
    return (det is None or det.lower_ in ("a", "an") or det.lower_ in (
        "our", "my", "their", "his", "her") and any(  # "we just had our first baby"
        c.dep_ == "amod" and c.lower_ in ("first", "second", "third", "fourth")
        for c in dobj.children)) and not any(
        c.dep_ in ("prt", "advmod") and c.lower_ in ("over", "round", "around")
        for c in verb.children)


def _have_named(clause: Clause, who: list[str], predicate: str, noun: Any,
                name: Any, aside: bool) -> list[RawFact]:
    """"We have a cat, Biko" (the name set aside) -> has_pet Biko, cat Biko; "a greyhound
    called Nutmeg" -> has_pet greyhound, greyhound Nutmeg, Nutmeg is_a greyhound (a kind
    more than "dog")."""
    value = name_span(name)
    kind = object_text(noun.doc[noun.left_edge.i:noun.i + 1])
    facts = [make_fact(clause, household(w, predicate), predicate, value if aside else kind,
                       ObjectKind.entity if aside else ObjectKind.string, "have", 0.75)
             for w in who if predicate != "has"]  # ("a niece, Sana": niece Sana says it)
    relation = CHILD_WORDS.get(noun.lemma_.lower(), noun.lemma_.lower())  # "a baby boy
    # called Leo"; a child two had is each one's
    for w in who if predicate == "has_child" else [sole(who)] if sole(who) else []:
        facts.append(make_fact(clause, household(w, predicate), relation, value,
                               ObjectKind.entity, "have", 0.75))
    if predicate == "has_pet" and kind.lower() not in LEX.pets - LEX.breeds:
        facts.append(make_fact(clause, value, "is_a", kind, ObjectKind.string, "have", 0.7))
    return facts



def _names_of_plural(noun: Any) -> list[Any]:
    """The names given for a plural noun ("two kids, Ollie and June", "two sisters, Anna
    and Maria"; the parser hangs them as an apposition or as conjuncts), or none."""
    if noun.tag_ != "NNS":
        return []
    appos = next((c for c in noun.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
    items = with_conjuncts(appos) if appos is not None else with_conjuncts(noun)[1:]
    names = [n for n in items if n.pos_ == "PROPN"]
    return names if len(names) >= 2 and len(names) == len(items) else []


def _in_age(token: Any, noun: Any) -> bool:
    """Whether ``token`` is part of an age said of ``noun`` ("a 2 year old son"): the small
    model tags "2 year old" a date."""
    return any(c.dep_ == "amod" and c.lower_ == "old" and token in c.subtree
               for c in noun.children)


def _in_name(token: Any, noun: Any) -> bool:
    """Whether ``token`` is part of a name given beside ``noun`` ("two kids, Ollie and
    June"): the small model tags such a "June" a date."""
    for appos in (c for c in noun.children if c.dep_ == "appos" and c.pos_ == "PROPN"):
        if any(token in n.subtree and n.pos_ == "PROPN" for n in with_conjuncts(appos)):
            return True
    return False

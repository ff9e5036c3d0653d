"""Where one works or studies, as "be" says it: the workplace of a post ("I'm a nurse
at St Mary's"), the school attended ("my brother's at uni in Leeds"), the year of a course
("in my second year of law"), the employer now ("she's been at Monzo since May"), and how
long a job or a school has lasted. Read by ``copular``."""

from __future__ import annotations

from typing import Any

from extract.clauses import Clause, ends, negated
from extract.places import is_place_name
from extract.readers.words import (
    LEX,
    ORG,
    TIME_LABELS,
    RawFact,
    called,
    child,
    facts_of,
    how_long,
    is_kin,
    is_name,
    make_fact,
    name_span,
    prep_of,
    thing_of,
    town_of,
    who_of,
)
from extract.values import object_text
from kg.models import ObjectKind

LONG_SPANS = frozenset({"year", "month", "decade"})  # how long a job or a school lasts


# what says someone is somewhere only for now: "my mum's in Delhi till March"
UNSETTLED = {"for", "visiting", "till", "til", "until", "through", "over", "this", "today",
             "tonight", "currently", "moment", "atm", "week", "weekend"}  # "my dad is in


def school_attended(root: Any) -> Any | None:
    """The school a present "be at" names ("at uni", "at art school", "at the
    University of Leeds"), or None."""
    at = prep_of(root, "at")
    school = child(at, "pobj") if at is not None else None
    if school is None or root.tag_ not in ("VBZ", "VBP") or school.ent_type_ in TIME_LABELS:
        return None
    named = school.ent_type_ == "ORG" and any(
        w in school.lower_ for w in ("university", "college", "school", "academy"))
    return school if school.lemma_.lower() in LEX.school_stages or named else None


def school_in(clause: Clause, root: Any) -> Any | None:
    """The school a present "be in" names, being enrolled there: "im in community college",
    "she's in uni", "I'm in college"; not said of a moment ("I'm in school right now",
    "in college today")."""
    into = prep_of(root, "in")
    school = child(into, "pobj") if into is not None else None
    if school is None or root.tag_ not in ("VBZ", "VBP") or any(
            t.ent_type_ in TIME_LABELS or t.lower_ in UNSETTLED | {"rn", "atm", "moment"}
            or t.lower_ == "right" and t.i + 1 < len(t.doc) and t.nbor().lower_ == "now"
            for t in clause.tokens()):
        return None
    bare = not any(c.dep_ in ("compound", "amod") for c in school.children)
    if school.lemma_.lower() not in LEX.school_stages or child(school, "det") is not None \
            or bare and school.lemma_.lower() == "school" or prep_of(root, "as") is not None:
        return None  # ("Can't talk, I'm in school": there now; "in a school", "in school
        # as a teacher"; "med school", "high school" are a stage of one's study)
    return school


YEAR_ORDINALS = {"first", "second", "third", "fourth", "fifth", "final", "last", "1st", "2nd",
                 "3rd", "4th", "5th"}


def year_of_study(clause: Clause) -> list[RawFact]:
    """"she's in 3rd year medicine", "she's in her second year of law at Leeds", "I'm in
    first year engineering at Strathclyde": what one studies (``studies``) and where
    (``studies_at``); a year with nothing studied named says nothing ("he's in his final
    year at Durham" is read as the school one is at, below); a school's year ("she's in
    Year 3", "in Reception") is ``school_year``."""
    root = clause.root
    into = prep_of(root, "in")
    held = child(into, "pobj") if into is not None else None
    if held is None or negated(root):
        return []
    if (held.lemma_.lower() == "year" and any(c.dep_ == "nummod" for c in held.children)
            or held.lower_ == "reception") and child(held, "det", "poss") is None \
            and prep_of(held, "of") is None:  # ("year 2 of my PhD": no school's)
        # "She's in Year 3", "he's in year 10 now", "Kofi's in Reception": a school year
        span = clause.doc[held.i:max([held.i] + [c.i for c in held.children
                                                  if c.dep_ == "nummod"]) + 1]
        return [make_fact(clause, w, "school_year", span.text, ObjectKind.string,
                          "membership", 0.7) for w in who_of(clause)]
    year = held if held.lemma_.lower() == "year" else next(
        (c for c in held.children if c.dep_ == "compound" and c.lemma_.lower() == "year"), None)
    if year is None or not any(c.dep_ == "amod" and c.lower_ in YEAR_ORDINALS
                               for c in year.children):
        return []
    of = prep_of(year, "of") if year is held else None
    subject = child(of, "pobj") if of is not None else (held if year is not held else None)
    course = subject is not None and subject.lemma_.lower() in LEX.courses
    if course:  # "my second year of a law degree", "of my degree in physics": the field
        inside = prep_of(subject, "in")
        named = [c for c in subject.children if c.dep_ == "compound" and c.pos_ in (
            "NOUN", "PROPN") and c.i == subject.i - 1 and c.lemma_.lower() not in (
            LEX.time_nouns | LEX.courses)] if inside is None else [child(inside, "pobj")]
        # (not "a three year degree", "a degree apprenticeship")
        subject = named[-1] if named and named[-1] is not None else None
    if subject is None and year is held and child(year, "poss") is not None and \
            root.lemma_ == "be" and child(year, "poss").lower_ in ("my", "his", "her", "their"):
        ordinal = next(c.lower_ for c in year.children if c.dep_ == "amod"
                       and c.lower_ in YEAR_ORDINALS)  # "I'm in my final year": of study,
        at = prep_of(year, "at") or prep_of(root, "at")
        where = child(at, "pobj") if at is not None else None
        who = who_of(clause)  # ("... at Leeds": where, too)
        return [make_fact(clause, w, "year_of_study", f"{ordinal} year", ObjectKind.string,
                          "membership", 0.7) for w in who] + (facts_of(
            clause, who, [("studies_at", where)], "membership", 0.7, False)
            if where is not None and is_name(where) else [])  # the course unsaid
    if subject is None or subject.ent_type_ in TIME_LABELS or not course and child(
            subject, "det", "poss") is not None:  # ("the final year of the contract": no
        # field of study)
        return []
    skip = {year.i} | {t.i for c in year.children if c.dep_ in (
        "amod", "poss", "det", "nummod") for t in c.subtree} | {
        t.i for c in subject.children if c.dep_ == "prep" for t in c.subtree}
    field = " ".join(t.lower_ for t in subject.subtree if t.i not in skip)
    if not field:
        return []
    at = prep_of(held, "at") or prep_of(root, "at")
    where = child(at, "pobj") if at is not None else None
    who = who_of(clause)
    return [make_fact(clause, w, "studies", field, ObjectKind.string, "membership", 0.7)
            for w in who] + (facts_of(clause, who, [("studies_at", where)], "membership", 0.7,
                                      False) if where is not None else [])


def said_of_work(root: Any) -> bool:
    """Whether the message speaks of a change of job: working at or for a named place
    ("I don't work at Tesco anymore, I'm at Aldi now"), leaving or quitting one by name
    or as "the bank", "my job" ("I left Tesco in May", "i quit the bank"), or a new job
    ("new job! im at Aldi now"); not "just finished work", "left work early", "my job
    interview"."""
    for t in root.doc:
        if t.lemma_.lower() == "work" and t.pos_ == "VERB" and any(
                c.dep_ == "prep" and c.lower_ in ("at", "for") for c in t.children) \
                or t.lemma_.lower() in ("leave", "quit") and any(
                    c.dep_ == "dobj" and (c.pos_ == "PROPN" or c.lemma_.lower() in (
                        LEX.workplaces | {"job"}) and child(c, "det", "poss") is not None)
                    for c in t.children) \
                or t.lower_ == "job" and any(c.lower_ == "new" for c in t.children):
            return True
    return False


def employer_now(root: Any) -> Any | None:
    """The organisation, by name, that a person "is at now" or "has been at" (not "I'm at
    Starbucks": where one is this minute), or was at for years ("I was at Deliveroo for
    three years", where the tagger may take the name for a building)."""
    at = prep_of(root, "at")
    firm = child(at, "pobj") if at is not None else None
    if firm is not None and called(firm) is not None:
        firm = called(firm)  # "I'm at a small studio now called Fieldnote": Fieldnote
    years = for_years(root)
    kept = still_or_no_longer(root)
    perfect = any(c.dep_ == "aux" and c.lemma_ == "have" for c in root.children)
    if firm is None or not (firm.ent_type_ == "ORG" or firm.lower_ in LEX.firm_name_ends
                            and is_name(firm) or is_name(firm) and firm.ent_type_ not in (
            "GPE", "LOC", "PERSON", "DATE", "TIME", "EVENT") and (
            years or firm.ent_type_ != "FAC") or kept and firm.lemma_.lower() in LEX.workplaces
            and child(firm, "det") is not None and child(firm, "det").lower_ == "the"
            or years and perfect and firm.ent_type_ in ("GPE", "PERSON") and is_name(firm)
            and not is_place_name(firm.text)):
        return None  # ("still at the bank": the workplace one has; "I've been at Monzo
        # for three years", the tagger's town or person no gazetteer lists: a firm; "I'm
        # at Helix Labs now", which the tagger took for a person)
    lasting = years or kept or perfect or any(c.lower_ == "now" for c in root.children)
    spans = {t.i for c in root.children if _lasted_years(c) for t in c.subtree}
    return firm if lasting and not any(t.lower_ in UNSETTLED and t.i not in spans
                                       for t in root.subtree) else None


def still_or_no_longer(root: Any) -> bool:
    """"I'm still at ...", "I'm no longer at ..." (``clauses.ends``): a lasting state,
    kept or ended."""
    return any(c.lower_ == "still" for c in root.children) or ends(root)


def for_years(root: Any) -> bool:
    """Whether a state is said to have lasted years or months ("I was at Deliveroo for
    three years", "since 2019"): a job or a school, not a visit ("for two hours")."""
    return any(_lasted_years(c) for c in root.children)


def years_lasted(prep: Any) -> bool:
    """"since 2010", "for ten years", "for months": long enough to say where one lives
    (not "since monday", "since 9am", "for two days")."""
    return prep.dep_ == "prep" and prep.lower_ in ("since", "for") and any(
        t.lemma_.lower() in ("year", "month", "decade") or (
            prep.lower_ == "since" and t.like_num and len(t.text) == 4)
        for t in prep.subtree)


def _lasted_years(prep: Any) -> bool:
    return prep.dep_ == "prep" and how_long(prep) and (prep.lower_ == "since" or any(
        t.lemma_.lower() in LONG_SPANS for t in prep.subtree))


def served(where: Any) -> str:
    """The service a "the navy", "the air force" names, or ''."""
    words = object_text(where.doc[where.i - (where.i > 0 and where.doc[where.i - 1].dep_
                                             in ("amod", "compound")):where.i + 1]).lower()
    return words if words in LEX.services and any(
        c.dep_ == "det" and c.lower_ == "the" for c in where.children) else ""


def held_at(clause: Clause, who: str, role: Any, is_negated: bool) -> list[RawFact]:
    """"I'm a nurse at St Mary's": where the role is held (the "at" may hang on the verb:
    "he's a paramedic at Salford Royal")."""
    if is_kin(role) and role.lemma_.lower() not in LEX.workmates or role.lemma_.lower() in (
            LEX.not_jobs | LEX.states_of_life):
        return []  # "a patient at St Mary's", "friends with Tom": no work there
    on_verb = prep_of(role.head, "at") if role.head.lemma_ == "be" else None
    # "manager for the platform group at Brightloom": at
    at = prep_of(role, "at") or on_verb or prep_of(role, "for", "with")
    place = child(at, "pobj") if at is not None else None
    if at is not None and at.lower_ != "at" and place is not None:
        inner = prep_of(place, "at")
        place = child(inner, "pobj") if inner is not None else (
            place if is_name(place) or _named_service(place) else None)
    thing = thing_of(place) if place is not None and place.ent_type_ not in TIME_LABELS and (
        place.lower_ not in LEX.not_workplaces or _a_workplace(place)) else None
    learner = role.lower_ in LEX.learners
    if thing is None:
        # "she's a GP in Rotherham", "I'm a student in Valparaíso": the town the role is in
        town = town_of(role, role.head if role.head.lemma_ == "be" else None)
        # ("we're a family bakery in Harrogate": where the organisation is)
        placed = who == ORG or role.lemma_.lower() in LEX.settlements | LEX.organisations
        return [make_fact(clause, who, "studies_in" if learner else "is_in" if placed
                          else "works_in",
                          name_span(town), ObjectKind.entity, "identity", 0.7, is_negated)
                ] if town is not None and (at is None or at.lower_ != "at") else []
    predicate = "studies_at" if learner else "works_at"
    facts = [make_fact(clause, who, predicate, *thing, "identity", 0.75, is_negated)]
    town = town_of(role, place, role.head if role.head.lemma_ == "be" else None)
    if town is not None and predicate == "works_at":  # "a pharmacist at Boots in Porto"
        facts.append(make_fact(clause, who, "works_in", name_span(town), ObjectKind.entity,
                               "identity", 0.7, is_negated))
    return facts


def _a_workplace(place: Any) -> bool:
    """A school or a college said as one ("a teacher at a primary school", "at my
    college"), not the time of life said bare ("a student at school")."""
    return place.lower_ in LEX.workplaces | LEX.study_places and any(
        c.dep_ in ("det", "amod", "compound", "poss") for c in place.children)


def based(clause: Clause, who: str, noun: Any, is_negated: bool) -> list[RawFact]:
    """"We're a running club based in Sheffield": where the one who is it is based."""
    return [make_fact(clause, who, "based_in", name_span(place), ObjectKind.entity, "identity",
                      0.7, is_negated)
            for acl in noun.children if acl.dep_ == "acl" and acl.lemma_ in ("base", "locate")
            for prep in [prep_of(acl, "in")] if prep is not None
            for place in [child(prep, "pobj")] if place is not None and place.ent_type_ in (
                "GPE", "LOC", "FAC")]


def _named_service(noun: Any) -> bool:
    """"the city ambulance service", "the fire brigade": a definite body named by its
    compound, which one works "with" or "for" like a name."""
    return noun.tag_ == "NN" and any(c.dep_ == "det" and c.lower_ == "the"
                                     for c in noun.children) and any(
        c.dep_ == "compound" for c in noun.children)


AGENT_ENDINGS = ("er", "or", "ist", "ian", "ant", "ent", "eer", "ier")


def post_at(noun: Any, prep: Any) -> bool:
    """"radiographer at Leicester Royal", "manager at Tesco": a post at a named place,
    said without its article as English learners and headlines do; not "home for the
    holidays"."""
    where = child(prep, "pobj")
    return (noun.lower_.endswith(AGENT_ENDINGS) or noun.lower_ in LEX.posts or any(
        c.dep_ in ("compound", "amod") and c.lower_ in LEX.posts for c in noun.children)) \
        and prep.lower_ in ("at", "in", "for") and where is not None and where.pos_ in (
            "PROPN", "NOUN") and (
            where.pos_ == "PROPN" or where.ent_type_ in ("ORG", "GPE", "FAC")
            or prep.lower_ == "at" and where.pos_ == "NOUN" and child(where, "det") is not None)


def for_a_while(prep: Any) -> bool:
    """"for 5 years", "since 2019": how long, which says nothing of the noun's idiom."""
    return prep.lower_ in ("for", "since") and any(t.ent_type_ in TIME_LABELS
                                                   for t in prep.subtree)

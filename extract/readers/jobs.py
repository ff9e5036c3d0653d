"""A job ended or offered, as English says it without "leave" or "quit": "I handed my
notice in at Brightwell", "I got made redundant from Fernwell", "she was laid off in
June", "he got sacked" -> no longer works there (``works_at``, retracted: the place
named, else the employer the conversation knows, ``<firm>``); "my husband got offered a
job at the hospital" -> ``offered_job_at`` (an offer, not yet a job).

Only what is done is read: "I might hand my notice in", "if they lay me off" and "I
didn't get made redundant" propose nothing.
"""

from __future__ import annotations

from typing import Any

from extract.clauses import Clause, negated
from extract.lexicon import lexicon
from extract.places import is_place_name
from extract.readers.words import (
    FIRM,
    SPEAKER,
    RawFact,
    child,
    facts_of,
    is_name,
    make_fact,
    name_span,
    prep_of,
    who_of,
)
from kg.models import ObjectKind

NOTICE_VERBS = {"hand", "give", "put", "send"}  # "handed in my notice", "gave my notice"
LET_GO = {("lay", "off"), ("make", "redundant"), ("sack", ""), ("fire", ""),
          ("let", "go")}  # "got laid off", "was made redundant", "got sacked"


def _done(verb: Any) -> bool:
    """Said as done: "handed", "was laid off", "got made redundant", "I've handed"."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(c.tag_ == "MD" for c in auxes) or verb.tag_ == "VBG":
        return False
    return verb.tag_ == "VBD" and not auxes or any(
        c.tag_ == "VBD" or c.lemma_ == "have" for c in auxes)


def _where(verb: Any, *also: Any) -> Any | None:
    """The employer named: "at Brightwell", "from Fernwell", "to Brightwell"."""
    for head in (verb, *also):
        prep = prep_of(head, "at", "from", "to", "with") if head is not None else None
        place = child(prep, "pobj") if prep is not None else None
        if place is not None and place.ent_type_ not in ("DATE", "TIME"):
            return place
    return None


def job_ended(clause: Clause) -> list[RawFact]:
    """No longer works there: notice handed in, made redundant, laid off, sacked."""
    root = clause.root
    lemma = root.lemma_.lower()
    part = next((c for c in root.children if c.dep_ in ("prt", "oprd", "acomp")
                 and c.lower_ in ("off", "redundant", "go")), None)
    particle = part.lower_ if part is not None else ""
    notice = child(root, "dobj")
    handed = lemma in NOTICE_VERBS and notice is not None and notice.lemma_.lower() == "notice"
    let_go = (lemma, particle) in LET_GO and any(c.dep_ in ("nsubjpass", "auxpass")
                                                  for c in root.children)
    if not (handed or let_go) and not negated(root) and _let_me_go(root):
        employer = child(root, "nsubj")  # "Halden & Brook are letting me go": the one
        # letting go is the employer, when it is named ("bad news, Halden & Brook are
        # ...": the parser's apposition of the news)
        if employer is not None and employer.ent_type_ != "ORG":
            employer = child(employer, "appos")
        named = employer is not None and employer.ent_type_ == "ORG"
        return [make_fact(clause, SPEAKER, "works_at", name_span(employer) if named else FIRM,
                          ObjectKind.entity, f"job:{lemma}", 0.7, retract=True)]
    if not (handed or let_go) or negated(root) or not _done(root):
        return []
    who = who_of(clause)
    place = _where(root, notice, part)  # ("made redundant from Fernwell": on the word)
    if place is not None:
        return facts_of(clause, who, [("works_at", place)], f"job:{lemma}", 0.75, False,
                        retract=True)
    return [make_fact(clause, w, "works_at", FIRM, ObjectKind.entity, f"job:{lemma}", 0.7,
                      retract=True) for w in who]


def _let_me_go(root: Any) -> bool:
    """The speaker let go, said in the active, done or under way: "they let me go",
    "Brightwell sacked me", "they're letting me go" (not "I fired him": the speaker's own
    doing, nor "they might let me go")."""
    lemma = root.lemma_.lower()
    if lemma == "let":
        go = child(root, "ccomp") or child(root, "xcomp")
        person = child(go, "nsubj") if go is not None and go.lemma_ == "go" else None
    elif lemma in ("fire", "sack") or lemma == "lay" and any(
            c.dep_ == "prt" and c.lower_ == "off" for c in root.children):
        person = child(root, "dobj")
    else:
        return False
    auxes = [c for c in root.children if c.dep_ == "aux"]
    return person is not None and person.lower_ == "me" and not any(
        c.tag_ == "MD" for c in auxes) and (root.tag_ in ("VBD", "VBN") or root.tag_ == "VBG"
                                            and any(c.lemma_ == "be" for c in auxes))


STINT_STARTS = {"day", "week", "month", "shift", "fortnight"}


def job_begun(clause: Clause) -> list[RawFact]:
    """"first week at Halden & Brook is brutal", "my first day at Monzo went well": the
    speaker works there now (a firm by name; "first day at school" is no job)."""
    for t in clause.tokens():
        at = prep_of(t, "at") if t.lemma_.lower() in STINT_STARTS else None
        firm = child(at, "pobj") if at is not None else None
        owner = child(t, "poss")
        first = any(c.dep_ == "amod" and c.lower_ == "first" for c in t.children)
        if firm is None or not first or owner is not None and owner.lower_ != "my" \
                or firm.lemma_.lower() in lexicon().school_stages:
            continue
        if firm.ent_type_ == "ORG" or is_name(firm) and firm.ent_type_ not in (
                "PERSON", "DATE", "TIME") and not is_place_name(firm.text):
            return [make_fact(clause, SPEAKER, "works_at", name_span(firm),
                              ObjectKind.entity, "job:first_day", 0.7)]
    return []


def job_offered(clause: Clause) -> list[RawFact]:
    """"got offered a job at the hospital", "I've been offered a place at Leeds": the
    offer (``offered_job_at``), which is no job yet."""
    root = clause.root
    job = child(root, "dobj")
    if root.lemma_.lower() != "offer" or job is None or job.lemma_.lower() not in (
            "job", "position", "role", "post", "place") or negated(root) or not _done(root) \
            or not any(c.dep_ in ("nsubjpass", "auxpass") for c in root.children):
        return []
    place = _where(job, root)
    if place is None:
        return []
    predicate = "offered_place_at" if job.lemma_.lower() == "place" else "offered_job_at"
    return facts_of(clause, who_of(clause), [(predicate, place)], "job:offer", 0.7, False)

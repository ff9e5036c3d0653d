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
from extract.readers.words import (
    FIRM,
    RawFact,
    child,
    facts_of,
    make_fact,
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
    if not (handed or let_go) or negated(root) or not _done(root):
        return []
    who = who_of(clause)
    place = _where(root, notice, part)  # ("made redundant from Fernwell": on the word)
    if place is not None:
        return facts_of(clause, who, [("works_at", place)], f"job:{lemma}", 0.75, False,
                        retract=True)
    return [make_fact(clause, w, "works_at", FIRM, ObjectKind.entity, f"job:{lemma}", 0.7,
                      retract=True) for w in who]


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

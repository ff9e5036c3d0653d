"""Entity resolution against the memory: a name an approved alias covers becomes the
entity's own name; a name that only resembles a known entity is kept as written and a
``same_as`` claim is proposed beside it, so a merge is always a person's decision.

>>> from kg.models import ClaimDraft
>>> drafts = [ClaimDraft(subject="Acme Corp", predicate="uses", object="Figma")]
>>> out = resolve(drafts, names={"acme corp.": "Acme Corp."}, aliases={})
>>> [(d.subject, d.predicate, d.object) for d in out]
[('Acme Corp', 'uses', 'Figma'), ('Acme Corp', 'same_as', 'Acme Corp.')]
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz, process

from kg.models import ClaimDraft, ObjectKind
from kg.normalise import entity_id

FUZZY_THRESHOLD = 90
DIGITS = re.compile(r"\d+")
MIN_LENGTH = 4


def resolve(drafts: list[ClaimDraft], names: dict[str, str],
            aliases: dict[str, str]) -> list[ClaimDraft]:
    """Rewrite names through approved aliases; propose ``same_as`` for near misses.

    ``names`` maps known entity ids to names; ``aliases`` maps approved alias texts to
    entity ids. Both come from approved claims only.
    """
    alias_ids = {entity_id(a): eid for a, eid in aliases.items()}
    out: list[ClaimDraft] = []
    merges: dict[tuple[str, str], ClaimDraft] = {}
    for draft in drafts:
        subject = _canonical(draft.subject, names, alias_ids)
        obj = draft.object
        if draft.object_kind == ObjectKind.entity:
            obj = _canonical(draft.object, names, alias_ids)
        out.append(draft.model_copy(update={"subject": subject, "object": obj}))
        for name in (subject, obj if draft.object_kind == ObjectKind.entity else ""):
            match = _near(name, names) if name else None
            if match is not None and (name, match) not in merges:
                merges[(name, match)] = ClaimDraft(
                    subject=name, predicate="same_as", object=names[match],
                    object_kind=ObjectKind.entity, valid_from=draft.valid_from,
                    text=f"{name} is the same as {names[match]}",
                    provenance=draft.provenance.model_copy(update={
                        "pattern": "entity_resolution",
                        "confidence": round(_score(name, match) / 100, 3)}),
                )
    return out + list(merges.values())


def _canonical(name: str, names: dict[str, str], alias_ids: dict[str, str]) -> str:
    eid = entity_id(name)
    if eid in names:
        return name
    if eid in alias_ids and alias_ids[eid] in names:
        return names[alias_ids[eid]]
    return name


def _near(name: str, names: dict[str, str]) -> str | None:
    """A known entity this name probably misspells. Names whose numbers differ are never
    near ("Acme Labs 2025" is not "Acme Labs 2026", "Room 12" not "Room 13")."""
    eid = entity_id(name)
    if eid in names or len(eid) < MIN_LENGTH or not names:
        return None
    match = process.extractOne(eid, list(names), scorer=fuzz.ratio,
                               score_cutoff=FUZZY_THRESHOLD)
    if match is None or DIGITS.findall(match[0]) != DIGITS.findall(eid):
        return None
    return match[0]


def _score(name: str, match: str) -> float:
    return fuzz.ratio(entity_id(name), match)

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

from kg.aliases import through_aliases
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
    out = through_aliases(drafts, names, aliases)
    merges: dict[tuple[str, str], ClaimDraft] = {}
    for draft in out:
        subject, obj = draft.subject, draft.object
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

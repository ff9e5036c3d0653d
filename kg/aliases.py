"""Names through approved aliases: a name an approved ``alias`` claim covers is the
entity's own name, on every path a claim enters by (ingest, the API, MCP), so a
rejection of "Acme uses Slack" also covers "ACME Corporation uses Slack".

>>> from kg.models import ClaimDraft
>>> d = ClaimDraft(subject="ACME Corporation", predicate="uses", object="Slack")
>>> [x.subject for x in through_aliases([d], {"acme": "Acme"}, {"ACME Corporation": "acme"})]
['Acme']
"""

from __future__ import annotations

from kg.models import ClaimDraft, ObjectKind
from kg.normalise import entity_id


def canonical_name(name: str, names: dict[str, str], alias_ids: dict[str, str]) -> str:
    """The entity's own name for ``name`` if an approved alias covers it, else ``name``."""
    eid = entity_id(name)
    if eid in names:
        return name
    if eid in alias_ids and alias_ids[eid] in names:
        return names[alias_ids[eid]]
    return name


def through_aliases(drafts: list[ClaimDraft], names: dict[str, str],
                    aliases: dict[str, str]) -> list[ClaimDraft]:
    """Drafts with subject (and entity object) names rewritten through approved aliases.

    ``names`` maps known entity ids to names; ``aliases`` maps approved alias texts to
    entity ids (both from approved claims only)."""
    if not aliases:
        return drafts
    alias_ids = {entity_id(a): eid for a, eid in aliases.items()}
    out = []
    for draft in drafts:
        subject = canonical_name(draft.subject, names, alias_ids)
        obj = canonical_name(draft.object, names, alias_ids) \
            if draft.object_kind == ObjectKind.entity else draft.object
        out.append(draft if (subject, obj) == (draft.subject, draft.object)
                   else draft.model_copy(update={"subject": subject, "object": obj}))
    return out

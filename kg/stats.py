"""Review statistics from the store's own audit log."""

from __future__ import annotations

from collections import Counter
from typing import Any

from kg.memory import Memory
from kg.models import Action


def summary(mem: Memory) -> dict[str, Any]:
    """Counts by status and lifecycle, decisions by kind, and suppressed re-proposals."""
    claims = mem.store.all_claims(mem.scope)
    events = mem.events()
    actions = Counter(str(e.action) for e in events)
    decided = actions[Action.approved] + actions[Action.rejected]
    waiting = mem.pending_summary()
    return {
        "claims": len(claims),
        "by_status": dict(Counter(str(c.status) for c in claims)),
        "by_lifecycle": dict(Counter(str(c.lifecycle) for c in claims if c.status == "approved")),
        "pending": waiting.count,
        "pending_since": waiting.oldest.isoformat() if waiting.oldest else None,
        "approval_rate": round(actions[Action.approved] / decided, 3) if decided else None,
        "rejection_rate": round(actions[Action.rejected] / decided, 3) if decided else None,
        "edits": actions[Action.edited],
        "deferrals": actions[Action.deferred],
        "suppressed_reproposals": actions[Action.suppressed],
        "human_approvals": sum(1 for e in events if e.action == Action.approved
                               and e.actor.startswith("human:")),
        "policy_approvals": sum(1 for e in events if e.action == Action.approved
                                and e.actor.startswith("policy:")),
    }

"""Review statistics from the store's own audit log."""

from __future__ import annotations

from collections import Counter
from typing import Any

from kg.feedback import tallies
from kg.memory import Memory
from kg.models import Action, Event

TRACKED = (Action.approved, Action.rejected, Action.edited, Action.deferred,
           Action.suppressed)


def summary(mem: Memory) -> dict[str, Any]:
    """Counts by status and lifecycle, decisions by kind, and suppressed re-proposals."""
    claims = mem.all_claims()
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
        "by_day": over_time(events, "%Y-%m-%d"),
        "by_week": over_time(events, "%G-W%V"),
        "most_rejected": most_rejected(mem.decisions()),
    }


def over_time(events: list[Event], period: str) -> dict[str, dict[str, int]]:
    """Decisions and suppressions per period (a strftime format: day or ISO week)."""
    out: dict[str, Counter[str]] = {}
    for e in events:
        if e.action in TRACKED:
            out.setdefault(e.at.strftime(period), Counter())[str(e.action)] += 1
    return {k: dict(v) for k, v in sorted(out.items())}


def most_rejected(decisions: list[tuple[str, str, str, str]],
                  top: int = 5) -> list[dict[str, Any]]:
    """Patterns and predicates people reject most, with their approval rate."""
    counts = tallies(decisions)
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1].rejected, kv[0]))
    return [{"name": k, "rejected": t.rejected, "approved": t.approved,
             "approval_rate": round(t.approval_rate or 0.0, 3)}
            for k, t in ranked[:top] if t.rejected]

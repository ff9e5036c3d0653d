"""What reviewers' decisions say about the extractor: approval statistics per pattern
and per predicate, read from the store's own audit log (never from a caller).

A pattern or predicate that people keep rejecting loses confidence, and past a point is
held back: its drafts are not proposed at all (and are counted as held back).

>>> multiplier(approved=0, rejected=0)
1.0
>>> round(multiplier(approved=1, rejected=9), 2)
0.33
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from pydantic import BaseModel

from kg.models import Action

Decision = tuple[str, str, str, str]  # action, actor, pattern, predicate

MIN_DECISIONS = 5  # fewer human decisions than this: no verdict yet
HOLD_BACK_RATE = 0.2  # approval rate at or under which a pattern is held back


class Verdicts(BaseModel):
    approved: int = 0
    rejected: int = 0

    @property
    def decided(self) -> int:
        return self.approved + self.rejected

    @property
    def approval_rate(self) -> float | None:
        return self.approved / self.decided if self.decided else None


def multiplier(approved: int, rejected: int) -> float:
    """Confidence multiplier: the smoothed approval rate, scaled so no data gives 1.0."""
    return min(1.0, 2 * (approved + 1) / (approved + rejected + 2))


def tallies(decisions: Iterable[Decision]) -> dict[str, Verdicts]:
    """Human approvals and rejections per ``pattern`` and per ``predicate:<name>``.

    ``decisions`` are ``(action, actor, pattern, predicate)`` rows of approval and
    rejection events (``Store.decisions``); a policy's decisions are not counted."""
    out: dict[str, Verdicts] = defaultdict(Verdicts)
    for action, actor, pattern, predicate in decisions:
        if action not in (Action.approved, Action.rejected) or not actor.startswith("human:"):
            continue
        for key in (pattern, f"predicate:{predicate}" if predicate else ""):
            if key:
                tally = out[key]
                if action == Action.approved:
                    tally.approved += 1
                else:
                    tally.rejected += 1
    return dict(out)


def penalties(counts: dict[str, Verdicts]) -> dict[str, float]:
    """Multiplier per pattern or predicate; 0.0 means held back."""
    out = {}
    for key, t in counts.items():
        rate = t.approval_rate
        held = t.decided >= MIN_DECISIONS and rate is not None and rate <= HOLD_BACK_RATE
        out[key] = 0.0 if held else multiplier(t.approved, t.rejected)
    return out

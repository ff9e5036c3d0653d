"""``kg review``: walk pending claims one at a time and decide each with one key.

The loop reads keys through a function it is given (``click.getchar`` in a terminal),
so it is driven for real through a pseudo-terminal in the tests. End of input or
Ctrl-C stops it at once: nothing further is approved.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from datetime import timedelta

from pydantic import BaseModel
from rich.console import Console

from kg.dates import read_when
from kg.errors import InvalidDecision, KGError
from kg.memory import Memory
from kg.models import Claim
from kg.normalise import visible
from review.render import HELP, describe, keys_line, on_screen

STOP_KEYS = {"\x03", "\x04", ""}  # Ctrl-C, Ctrl-D, end of input
DEFAULT_DEFER_DAYS = 7
EDITABLE = ("subject", "predicate", "object", "text")  # what the edit key may change


class SessionCounts(BaseModel):
    approved: int = 0
    rejected: int = 0
    edited: int = 0
    skipped: int = 0
    deferred: int = 0
    undone: int = 0
    left: int = 0

    def line(self) -> str:
        return ", ".join(f"{name} {value}" for name, value in self.model_dump().items())


def ordered(claims: list[Claim], sort: str) -> list[Claim]:
    """Oldest first (or by confidence, or subject), related claims kept together:
    each subject's claims follow its first one."""
    keys = {"oldest": lambda c: (c.recorded_at, c.valid_from, c.id),
            "confidence": lambda c: (-c.provenance.confidence, c.recorded_at, c.id),
            "subject": lambda c: (c.subject, c.recorded_at, c.id)}
    if sort not in keys:
        raise ValueError(f"unknown sort {sort!r}: use oldest, confidence or subject")
    first = sorted(claims, key=keys[sort])
    rank: dict[str, int] = {}
    for i, claim in enumerate(first):
        rank.setdefault(claim.subject, i)
    return sorted(first, key=lambda c: (rank[c.subject], keys[sort](c)))


class ReviewSession:
    """One person's pass over the queue."""

    def __init__(self, mem: Memory, actor: str, console: Console, getkey: Callable[[], str],
                 ask: Callable[[str], str], sort: str = "oldest") -> None:
        self.mem, self.actor, self.console = mem, actor, console
        self.getkey, self.ask = getkey, ask
        self.queue = ordered(mem.pending(), sort)
        self.tally = SessionCounts()
        self.done: list[tuple[str, Claim]] = []  # (decision, claim) for undo

    def run(self) -> SessionCounts:
        try:
            self._walk()
        except KeyboardInterrupt:  # Ctrl-C outside a key wait: stop, decide nothing more
            self.console.print("\ninterrupted")
        self.tally.left = len(self.mem.pending())
        self.console.print(f"\nreview finished: {self.tally.line()}", soft_wrap=True)
        return self.tally

    def _walk(self) -> None:
        i = 0
        while i < len(self.queue):
            claim = on_screen(self.mem.claim(self.queue[i].id))
            if claim.status != "pending":  # decided elsewhere meanwhile
                i += 1
                continue
            self.console.print(describe(claim, i + 1, len(self.queue),
                                        self.mem.would_change(claim.id)))
            self.console.print(keys_line(), soft_wrap=True)
            key = self._key()
            if key in STOP_KEYS or key == "q":
                break
            i += self._apply(key, claim, i)

    def _key(self) -> str:
        try:
            return self.getkey()
        except (EOFError, KeyboardInterrupt):
            return ""

    def _apply(self, key: str, claim: Claim, i: int) -> int:
        """Do what a key says; return how far to move in the queue."""
        try:
            if key == "a":
                self.mem.approve(claim.id, by=self.actor)
                return self._did("approved", claim)
            if key == "r":
                reason = self.ask("reason (optional): ")
                self.mem.reject(claim.id, by=self.actor, reason=reason)
                return self._did("rejected", claim)
            if key == "e":
                return self._edit(claim)
            if key == "s":
                self.mem.skip(claim.id, by=self.actor)
                self.tally.skipped += 1
                return 1
            if key == "d":
                return self._defer(claim)
            if key == "A":
                return self._approve_all(i)
            if key == "u":
                return self._undo(i)
            if key == "?":
                self.console.print(HELP)
                return 0
        except InvalidDecision as exc:
            self.console.print(f"not done: {visible(str(exc))}", markup=False)
            return 0
        self.console.print(f"unknown key {key!r}; press ? for help")
        return 0

    def _did(self, decision: str, claim: Claim) -> int:
        setattr(self.tally, decision, getattr(self.tally, decision) + 1)
        self.done.append((decision, claim))
        return 1

    def _edit(self, claim: Claim) -> int:
        """Edit one field, named by its word or its first letters ("o": the object)."""
        answer = self.ask("edit which [subject/predicate/object/text]? ").strip().lower()
        fields = [f for f in EDITABLE if f.startswith(answer or "object")]
        if len(fields) != 1:  # "o" is the object; a typo is refused
            self.console.print(f"cannot edit {visible(answer)!r}", markup=False)
            return 0
        field = fields[0]
        before = {"subject": claim.subject_name, "predicate": claim.predicate,
                  "object": claim.object, "text": claim.sentence()}
        new = self.ask(f"new {field} (was: {before[field]}): ")
        if not new.strip():
            self.console.print("unchanged")
            return 0
        after = before | {field: new}
        if field != "text":  # the sentence as the edit makes it, not as it was
            after["text"] = claim.model_copy(update={
                "subject_name" if field == "subject" else field: new}).sentence()
        diff = difflib.unified_diff([f"{k}: {v}" for k, v in before.items()],
                                    [f"{k}: {v}" for k, v in after.items()],
                                    "before", "after", lineterm="")
        self.console.print("\n".join(diff), markup=False, highlight=False)
        if self.ask("save this edit? [y/N] ").strip().lower() != "y":
            return 0
        self.mem.edit(claim.id, {field: new}, by=self.actor)
        self.tally.edited += 1
        return 0  # the edited claim is shown again, to approve or reject

    def _defer(self, claim: Claim) -> int:
        answer = self.ask("defer until (a date, 'next monday', 'in 2 weeks') or for N days "
                          f"[{DEFAULT_DEFER_DAYS}]: ")
        answer = answer.strip() or str(DEFAULT_DEFER_DAYS)
        now = self.mem.clock()
        until = now + timedelta(days=int(answer)) if answer.isdigit() else read_when(
            answer, now, prefer="future")
        if until is None or until <= now:
            self.console.print(f"not a later date or a number of days: {visible(answer)!r}",
                               markup=False)
            return 0
        self.mem.defer(claim.id, until=until, by=self.actor)
        return self._did("deferred", claim)

    def _approve_all(self, i: int) -> int:
        remaining = [c for c in self.queue[i:] if self.mem.claim(c.id).status == "pending"]
        answer = self.ask(f"approve all {len(remaining)} remaining claim(s) in this view? [y/N] ")
        if answer.strip().lower() != "y":
            return 0
        for claim in remaining:
            try:
                self.mem.approve(claim.id, by=self.actor)
                self._did("approved", claim)
            except KGError as exc:
                self.console.print(f"not approved {claim.id}: {visible(str(exc))}", markup=False)
        return len(self.queue) - i

    def _undo(self, i: int) -> int:
        if not self.done:
            self.console.print("nothing to undo in this session")
            return 0
        decision, claim = self.done.pop()
        self.mem.revert(claim.id, by=self.actor)
        setattr(self.tally, decision, getattr(self.tally, decision) - 1)
        self.tally.undone += 1
        self.console.print(f"undid {decision}: {visible(claim.sentence())}", markup=False)
        self.queue.insert(i, claim)
        return 0

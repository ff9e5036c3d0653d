"""Where a newly approved value sits in its slot's timeline.

A slot is one ``(scope, subject, predicate)`` of cardinality ``one``. Its
approved values form a timeline ordered by ``valid_from``: each value holds
until the next one starts, and the last one is current. A value that arrives
late (an older ``valid_from`` than the current one) is slotted into history;
it never becomes current.

Plain data in, plain data out, so it is tested without a database.

>>> from datetime import datetime as d
>>> blue = Entry("blue", d(2026, 1, 1), None)
>>> placement = place(Entry("green", d(2026, 3, 1), None), [blue])
>>> placement.is_current, placement.closes[0].id, placement.closes[0].superseded_by
(True, 'blue', 'green')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True)
class Entry:
    """One approved, not retracted value in a slot."""

    id: str
    valid_from: datetime
    valid_to: datetime | None
    said_in: str = ""  # the statement of its value set ('' : a set of its own)


@dataclass(frozen=True)
class Closure:
    """An existing value whose interval now ends where the new one begins."""

    id: str
    valid_to: datetime
    superseded_by: str


@dataclass(frozen=True)
class Placement:
    """The new value's own interval end (``None``: it is current) and what it closes."""

    valid_to: datetime | None
    superseded_by: str
    closes: list[Closure] = field(default_factory=list)

    @property
    def is_current(self) -> bool:
        return self.valid_to is None


def place(new: Entry, others: list[Entry]) -> Placement:
    """Place ``new`` among the slot's other approved values.

    The value just before ``new`` (latest ``valid_from`` at or before it; on a
    tie the new value wins, being the later word) is closed at ``new.valid_from``
    if it ran past it. The value just after ``new`` (if any) bounds it, and then
    ``new`` is history from the start; a value arriving late never closes a current
    one. Values of ``new``'s own set (said in the same statement) are its siblings,
    neither before nor after it.

    >>> from datetime import datetime as d
    >>> go = Entry("go", d(2026, 1, 1), None, "s1")
    >>> place(Entry("kafka", d(2026, 1, 1), None, "s1"), [go]).closes
    []
    """
    others = [e for e in others if not (new.said_in and e.said_in == new.said_in)]
    earlier = [e for e in others if e.valid_from <= new.valid_from]
    later = [e for e in others if e.valid_from > new.valid_from]
    prev = max(earlier, key=lambda e: e.valid_from, default=None)
    nxt = min(later, key=lambda e: e.valid_from, default=None)
    closes = []
    if prev is not None and (prev.valid_to is None and nxt is None
                             or prev.valid_to is not None and prev.valid_to > new.valid_from):
        closes.append(Closure(prev.id, new.valid_from, new.id))
    if nxt is None:
        return Placement(None, "", closes)
    return Placement(nxt.valid_from, nxt.id, closes)

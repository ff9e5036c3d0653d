"""Dates and times as people write them, read with ``dateparser`` (the field's parser):
"2026-05-01", "2026-05-01 14:00", "last week", "2 days ago", "in 3 days", "tomorrow"."""

from __future__ import annotations

from datetime import UTC, datetime


def read_when(text: str, now: datetime, *, prefer: str = "past") -> datetime | None:
    """The moment ``text`` names, relative ones counted from ``now``, in UTC unless the
    text says otherwise; None when it names none. A bare number of days is read by the
    caller, not here.

    >>> read_when("2 days ago", datetime(2026, 12, 3, 12, tzinfo=UTC)).isoformat()
    '2026-12-01T12:00:00+00:00'
    >>> read_when("banana", datetime(2026, 12, 3, tzinfo=UTC)) is None
    True
    """
    import dateparser

    if not text.strip():
        return None
    return dateparser.parse(text, languages=["en"], settings={
        "RELATIVE_BASE": now.astimezone(UTC).replace(tzinfo=None), "TIMEZONE": "UTC",
        "RETURN_AS_TIMEZONE_AWARE": True, "PREFER_DATES_FROM": prefer})

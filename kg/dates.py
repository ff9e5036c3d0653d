"""Dates and times as people write them, read with ``dateparser`` (the field's parser):
"2026-05-01", "2026-05-01 14:00", "last week", "2 days ago", "in 3 days", "tomorrow"; and
the day a claim's calendar phrase names ("Tuesday 3rd"), which dateparser reads without
its weekday (it takes "3rd" for a day of the current month, past or not)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache


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


_WEEKDAYS = {"mon": 0, "monday": 0, "tue": 1, "tues": 1, "tuesday": 1, "wed": 2, "weds": 2,
             "wednesday": 2, "thu": 3, "thur": 3, "thurs": 3, "thursday": 3, "fri": 4,
             "friday": 4, "sat": 5, "saturday": 5, "sun": 6, "sunday": 6}
_MONTHS = {name: n for n, names in enumerate((
    ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",),
    ("jun", "june"), ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"),
    ("oct", "october"), ("nov", "november"), ("dec", "december")), start=1) for name in names}
_DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")
_CLOCK = re.compile(r"(?:at\s+)?\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]m)?$")
_FILLER = {"the", "of", "on", "this", "coming"}


@lru_cache(maxsize=4096)  # a context renders a claim's line several times (cut, fit, view)
def calendar_day(text: str, said: date, *, ahead: bool = True) -> date | None:
    """The day a calendar phrase names ("Tuesday 3rd", "sat 25th", "12th January", "the
    29th", "Wednesday 9th December", "friday"), counted from the day it was said: the
    first such day on or after it for a plan (``ahead``), the last one before it for what
    was done. A weekday must agree with the day of the month it is said with. None for
    anything else ("end of june", "next week", "june").

    >>> said = date(2026, 10, 28)  # a Wednesday
    >>> [calendar_day(t, said).isoformat() for t in ("Tuesday 3rd", "sat 31st", "the 29th",
    ...  "12th January", "friday", "Wednesday 9th December", "mon 7th dec at 10am")]
    ['2026-11-03', '2026-10-31', '2026-10-29', '2027-01-12', '2026-10-30', '2026-12-09', \
'2026-12-07']
    >>> calendar_day("tuesday 3rd", said, ahead=False).isoformat()
    '2026-03-03'
    >>> [calendar_day(t, said) for t in ("end of june", "next week", "june", "31st feb")]
    [None, None, None, None]
    """
    words = [w for w in re.split(r"[\s,]+", _CLOCK.sub("", text.lower().strip(" .!?")))
             if w and w not in _FILLER]
    weekday = month = day = year = None
    for w in words:
        if w in _WEEKDAYS and weekday is None:
            weekday = _WEEKDAYS[w]
        elif w in _MONTHS and month is None:
            month = _MONTHS[w]
        elif (m := _DAY.fullmatch(w)) and day is None and 1 <= int(m.group(1)) <= 31:
            day = int(m.group(1))
        elif re.fullmatch(r"(?:19|20)\d{2}", w) and year is None:
            year = int(w)
        else:
            return None  # a word no calendar day has
    if day is None and weekday is None:
        return None
    step = timedelta(days=1 if ahead else -1)
    when = said if ahead else said - timedelta(days=1)
    for _ in range(800):
        if (day is None or when.day == day) and (month is None or when.month == month) and (
                weekday is None or when.weekday() == weekday) and (year is None
                                                                   or when.year == year):
            return when
        when += step
    return None


_MONTH_WORDS = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WEEKDAY_WORDS = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
_ORDINAL = r"\d{1,2}(?:st|nd|rd|th)?"
_FULL_DAYS = "(?:mon|tues|wednes|thurs|fri|satur|sun)day"  # "sat", "sun" alone: a verb, a star
# a time ahead as a plan names it: a day ("on April 12th", "sat 25th", "next Monday",
# "tomorrow"), a month ("in june", "next month") or a count ahead ("in 3 weeks")
_AHEAD = re.compile(
    rf"\b(?:(?P<day>(?:(?:{_WEEKDAY_WORDS})\s+(?:the\s+)?{_ORDINAL}(?:\s+(?:of\s+)?"
    rf"(?:{_MONTH_WORDS}))?|{_ORDINAL}\s+(?:of\s+)?(?:{_MONTH_WORDS})|(?:{_MONTH_WORDS})\s+"
    rf"{_ORDINAL}|the\s+\d{{1,2}}(?:st|nd|rd|th)|on\s+(?:{_WEEKDAY_WORDS})|{_FULL_DAYS}))"
    rf"(?![a-z])"
    rf"|(?P<relative>(?:next|this)\s+(?:weekend|week|month|year|(?:{_WEEKDAY_WORDS}))|tomorrow|tmrw"
    rf"|in\s+(?:a|an|one|two|three|four|five|six|\d+)\s+(?:days?|weeks?|months?))\b"
    rf"|(?:in|by|from|this|until|till)\s+(?P<month>{_MONTH_WORDS})\b)", re.I)


def _time_ahead_said(text: str) -> re.Match[str] | None:
    """The first time ahead a sentence names, or None ("every friday": a habit)."""
    found = _AHEAD.search(text)
    if found is None or text[:found.start()].lower().rstrip().endswith("every"):
        return None
    return found


def names_time_ahead(text: str) -> bool:
    """Whether a sentence names a time ahead at all (``time_ahead`` says which), without
    reading it against a day."""
    return _time_ahead_said(text) is not None


def time_ahead(text: str, said: datetime) -> str | None:
    """When a plan said at ``said`` takes place, as its sentence names it: an ISO day
    ("on April 12th", "next Monday", "tomorrow") or an ISO month ("in june": the next
    June on or after the month it was said; "next month"); None where it names none.

    >>> said = datetime(2026, 11, 20, 12, tzinfo=UTC)  # a Friday
    >>> [time_ahead(t, said) for t in ("im going to Lisbon in june", "marathon on April 12th",
    ...  "I start at Google next Monday", "joining KPMG in january",
    ...  "moving in december", "back tomorrow", "a match this weekend", "I love Lisbon")]
    ['2027-06', '2027-04-12', '2026-11-23', '2027-01', '2026-12', '2026-11-21', '2026-11-21', None]
    """
    found = _time_ahead_said(text)
    if found is None:
        return None
    if found.group("month"):
        month = _MONTHS[found.group("month").lower()]
        return f"{said.year + (month < said.month):04d}-{month:02d}"
    if found.group("day"):
        day = calendar_day(found.group("day"), said.date())
        return day.isoformat() if day is not None else None
    phrase = found.group("relative").lower().replace("tmrw", "tomorrow")
    if phrase.endswith("weekend"):  # the Saturday coming, or the one after it
        saturday = said.date() + timedelta(days=(5 - said.weekday()) % 7)
        return (saturday + timedelta(days=7 * phrase.startswith("next"))).isoformat()
    if phrase in ("next month", "this month"):
        month = said.month % 12 + 1 if phrase == "next month" else said.month
        return f"{said.year + (phrase == 'next month' and said.month == 12):04d}-{month:02d}"
    when = read_when(phrase, said, prefer="future")
    return when.date().isoformat() if when is not None else None

"""When a thing was done: relative time expressions resolved against the turn's time.

"Last week I went to a pride parade", said on 3 July 2023, dates the episode to
26 June 2023, not to the day it was told. Only expressions that name a past point
relative to the moment of speaking are read; anything else leaves the turn's time.

>>> from datetime import datetime
>>> said = datetime(2023, 7, 3, 13, 0)   # a Monday
>>> [resolve(e, said).date().isoformat() for e in
...  ("yesterday", "last week", "last weekend", "two days ago", "last Friday")]
['2023-07-02', '2023-06-26', '2023-07-01', '2023-07-01', '2023-06-30']
>>> [resolve(e, said).date().isoformat() for e in
...  ("a few years ago", "last month", "last year")]
['2020-07-03', '2023-06-03', '2022-07-03']
>>> resolve("next month", said) is None
True

A day, a month or a year named alone, with a thing done, is the last one by then:
>>> [resolve(e, said).date().isoformat() for e in ("saturday", "march", "2019", "july")]
['2023-07-01', '2023-03-01', '2019-01-01', '2023-07-01']
>>> resolve("december", said).date().isoformat()
'2022-12-01'
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "a couple of": 2, "a few": 3,
           "few": 3, "several": 3, "couple of": 2}
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_AGO = re.compile(r"^(?P<n>\d+|a couple of|couple of|a few|few|several|an?|one|two|three|four|"
                  r"five|six|seven|eight|nine|ten)\s+(?P<unit>day|week|month|year)s?\s+ago$")


def _months_back(when: datetime, months: int) -> datetime:
    month0 = when.month - 1 - months
    year, month = when.year + month0 // 12, month0 % 12 + 1
    for day in (when.day, 30, 29, 28):  # the same day, or the month's last
        try:
            return when.replace(year=year, month=month, day=day)
        except ValueError:
            continue
    raise AssertionError("unreachable")


def resolve(expression: str, said: datetime) -> datetime | None:
    """The past moment ``expression`` names, said at ``said``; None if it names none."""
    text = " ".join(expression.lower().replace("this past", "last").split())
    text = text.removeprefix("just ").removeprefix("only ")
    if text in ("yesterday", "last night"):
        return said - timedelta(days=1)
    if text in ("today", "tonight", "this morning", "this afternoon", "earlier today"):
        return said
    if text == "last week":
        return said - timedelta(days=7)
    if text == "last weekend":
        return said - timedelta(days=(said.weekday() - 5) % 7 or 7)
    if text == "last month":
        return _months_back(said, 1)
    if text == "last year":
        return said.replace(year=said.year - 1, day=min(said.day, 28)) \
            if (said.month, said.day) == (2, 29) else said.replace(year=said.year - 1)
    if text.startswith("last ") and text[5:] in DAYS:
        return said - timedelta(days=(said.weekday() - DAYS.index(text[5:])) % 7 or 7)
    if text in DAYS:  # "we adopted her on saturday": the last saturday by then
        return said - timedelta(days=(said.weekday() - DAYS.index(text)) % 7 or 7)
    if text in MONTHS:  # "she retired in september": this year's, or last year's if to come
        month = MONTHS.index(text) + 1
        return said.replace(year=said.year - (month > said.month), month=month, day=1)
    if re.fullmatch(r"(?:19|20)\d\d", text) and int(text) <= said.year:  # "in 2019"
        return said.replace(year=int(text), month=1, day=1)
    match = _AGO.match(text)
    if match:
        n = int(match["n"]) if match["n"].isdigit() else NUMBERS[match["n"]]
        unit = match["unit"]
        if unit in ("day", "week"):
            return said - timedelta(days=n * (7 if unit == "week" else 1))
        return _months_back(said, n * (12 if unit == "year" else 1))
    return None


def episode_time(sent: Any, said: datetime | None) -> datetime | None:
    """The first date expression in a parsed sentence that names a past moment."""
    if said is None:
        return None
    for ent in sent.ents:
        if ent.label_ in ("DATE", "TIME"):
            found = resolve(ent.text, said)
            if found is not None and found <= said:  # a thing done was done by then
                return found
    return None

"""Limits that protect the store from input too large to be a fact.

Defaults can be changed per memory (``Memory(limits=Limits(...))``) or per process with
``KG_MAX_TURN_CHARS``, ``KG_MAX_FIELD_CHARS`` and ``KG_MAX_BATCH``. A breach is an
``InvalidClaim`` naming the input, the field and the limit; nothing is written.
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta

from pydantic import BaseModel, Field

from kg.errors import InvalidClaim

FUTURE_SKEW = timedelta(days=1)  # clocks disagree a little; a turn is never from next week
MAX_HOPS = 4  # how far context and neighbourhood walk, at most: CLI, MCP and API alike


def check_hops(hops: int) -> int:
    """``hops`` when it is 1..MAX_HOPS, else an InvalidClaim naming the range."""
    if not 1 <= hops <= MAX_HOPS:
        raise InvalidClaim(f"hops must be between 1 and {MAX_HOPS}, not {hops}")
    return hops


def _env(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value and value.isdigit() else default


class Limits(BaseModel):
    max_turn_chars: int = Field(default_factory=lambda: _env("KG_MAX_TURN_CHARS", 20_000), gt=0)
    max_field_chars: int = Field(default_factory=lambda: _env("KG_MAX_FIELD_CHARS", 2_000), gt=0)
    max_batch: int = Field(default_factory=lambda: _env("KG_MAX_BATCH", 10_000), gt=0)

    def check_batch(self, size: int, what: str) -> None:
        if size > self.max_batch:
            raise InvalidClaim(f"a batch of {size} {what} is over the limit of "
                               f"{self.max_batch} (KG_MAX_BATCH); send it in parts")

    def check_text(self, where: str, field: str, value: str, limit: int, env: str) -> None:
        if len(value) > limit:
            raise InvalidClaim(f"{where}: field {field!r} has {len(value):,} characters; the "
                               f"limit is {limit:,} ({env})")

    def check_time(self, where: str, field: str, value: datetime | None, now: datetime) -> None:
        if value is not None and value > now + FUTURE_SKEW:
            raise InvalidClaim(f"{where}: field {field!r} is in the future "
                               f"({value.isoformat()}); a turn is dated when it was said")

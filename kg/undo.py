"""What undoing an approval needs, as the audit log keeps it: each record typed, with one
way to write it into an event's ``detail`` and one way to read it back.

- ``Closed``: a ``superseded`` event's record of the value it closed and how that value
  stood before, so that undoing the approval opens it again as it was.
- ``Carried``: a ``reinforced`` event's record of a current value carried into a new
  value set ("our stack is now Rust and Go": Go stays), and the set it left.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from kg.models import Event, Lifecycle


class Before(BaseModel):
    """How a value stood before an approval closed it."""

    lifecycle: Lifecycle
    superseded_by: str = ""
    valid_to: datetime | None = None


class Closed(BaseModel):
    """The detail of a ``superseded`` event: closed ``by`` which claim, and ``previous``."""

    by: str
    previous: Before


class Carried(BaseModel):
    """The detail of a ``reinforced`` event that carried a value into the value set of
    claim ``carried_by``, leaving set ``previous_said_in``."""

    carried_by: str
    previous_said_in: str


Record = TypeVar("Record", Closed, Carried)


def detail(record: Closed | Carried) -> str:
    """The record as an event's detail."""
    return record.model_dump_json()


def read(event: Event, kind: type[Record]) -> Record | None:
    """The record an event's detail holds, or None if it holds another kind (or none)."""
    try:
        return kind.model_validate(json.loads(event.detail or "{}"))
    except (ValueError, ValidationError):
        return None

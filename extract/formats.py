"""Reading turns for ``kg ingest``: plain text, a JSON list of turns, or JSONL."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from extract.turns import Turn

TURN_FIELDS = {"speaker", "text", "timestamp", "id", "conversation_id", "organisation", "images"}


def read_turns(text: str, source: str, *, speaker: str = "user", organisation: str = "",
               conversation: str = "") -> list[Turn]:
    """Parse turns; a malformed record is a ValueError naming the record and field.

    JSON and JSONL records take ``speaker``, ``text``, ``timestamp`` (ISO 8601),
    ``id`` and optionally ``conversation_id``, ``organisation`` and ``images`` (a list of
    captions of images shared with the turn).
    """
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            records = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"invalid JSON at line {exc.lineno}: {exc.msg}") from exc
        except RecursionError as exc:
            raise ValueError("the JSON is nested too deeply to be a list of turns") from exc
        if not isinstance(records, list):
            raise ValueError("a JSON input must be a list of turns")
        return [_turn(r, f"turn {i}", organisation, conversation) for i, r in enumerate(records)]
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and all(line.lstrip().startswith("{") for line in lines):
        turns = []
        for n, line in enumerate(lines, 1):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"line {n}: invalid JSON ({exc.msg})") from exc
            except RecursionError as exc:
                raise ValueError(f"line {n}: the JSON is nested too deeply") from exc
            turns.append(_turn(record, f"line {n}", organisation, conversation))
        return turns
    if not text.strip():
        raise ValueError("the input is empty")
    paragraphs = [p.strip() for p in text.split("\n\n") if p.strip()]
    return [Turn(text=p, speaker=speaker, organisation=organisation,
                 conversation_id=conversation or source, message_id=f"{source}#{i}")
            for i, p in enumerate(paragraphs)]


def _turn(record: Any, where: str, organisation: str, conversation: str) -> Turn:
    if not isinstance(record, dict):
        raise ValueError(f"{where}: a turn must be an object, not {type(record).__name__}")
    unknown = set(record) - TURN_FIELDS
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {sorted(unknown)}; "
                         f"expected {sorted(TURN_FIELDS)}")
    if not isinstance(record.get("text"), str):
        raise ValueError(f"{where}: field 'text' must be a string")
    images = record.get("images", [])
    if not isinstance(images, list) or not all(isinstance(c, str) for c in images):
        raise ValueError(f"{where}: field 'images' must be a list of captions (strings)")
    timestamp = record.get("timestamp")
    try:
        when = datetime.fromisoformat(timestamp) if timestamp else None
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{where}: field 'timestamp' is not an ISO 8601 date: "
                         f"{timestamp!r}") from exc
    try:
        return Turn(text=record["text"], speaker=str(record.get("speaker") or "user"),
                    message_id=str(record.get("id") or ""), timestamp=when,
                    conversation_id=str(record.get("conversation_id") or conversation),
                    organisation=str(record.get("organisation") or organisation),
                    images=images)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ValueError(f"{where}: field {err['loc'][0]!r}: {err['msg']}") from exc

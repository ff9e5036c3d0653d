"""Reading turns for ``kg ingest``: plain text, a JSON list of turns, or JSONL."""

from __future__ import annotations

import json
import re
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
    captions of images shared with the turn). Turns that name no conversation are read
    as one (``Turn.source``: a question one speaker puts and another's short answer go
    together, as in a transcript), while their identity for "ingested before" stays
    their own id, wherever the file is read from.
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
        return [_turn(r, f"turn {i}", organisation, conversation, source)
                for i, r in enumerate(records)]
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
            turns.append(_turn(record, f"line {n}", organisation, conversation, source))
        return turns
    if not text.strip():
        raise ValueError("the input is empty")
    said = [TRANSCRIPT_LINE.match(line) for line in lines]
    if len(lines) >= 2 and 2 * sum(map(bool, said)) >= len(lines) and not all(said):
        n = next(n for n, m in enumerate(said, 1) if m is None)
        raise ValueError(
            f"line {n} names no speaker ({lines[n - 1].strip()[:60]!r}), though "
            f"{sum(map(bool, said))} of {len(lines)} lines are 'Name: text'; give each line "
            "its speaker (nothing was read, so no one's words are put in another's mouth)")
    if len(lines) >= 2 and all(said):  # "Nina: I moved to Bristol", a line a turn
        return [Turn(text=m.group(2).strip(), speaker=m.group(1).strip(),
                     organisation=organisation, conversation_id=conversation or source,
                     message_id=f"{source}#{i}") for i, m in enumerate(said) if m]
    paragraphs = [p.strip() for p in text.split("\n\n") if p.strip()]
    return [Turn(text=message, speaker=speaker, organisation=organisation,
                 conversation_id=conversation or source,
                 message_id=f"{source}#{i}" if len(parts) == 1 else f"{source}#{i}.{j}")
            for i, p in enumerate(paragraphs) for parts in [messages(p)]
            for j, message in enumerate(parts)]


# "Nina: hey!" -- a transcript's line: a speaker's name (a capital, at most four words),
# a colon, what they said; not "Note: ..." in prose (every line must be one)
TRANSCRIPT_LINE = re.compile(r"^\s*([A-Z][\w.'-]*(?: [\w.'-]+){0,3}):\s+(\S.*)$")
# a paragraph whose lines, but its last, are at least this long is prose wrapped by width
WRAPPED = 50


def messages(paragraph: str) -> list[str]:
    r"""A paragraph's messages: one per line when its lines are short thoughts of their own
    ("so I finally moved to Bristol" / "my girlfriend Ama ..."), the whole paragraph when
    it is prose hard-wrapped at a width (each line but the last long).

    >>> messages("moved to bristol\nmy girlfriend ama is a lecturer")
    ['moved to bristol', 'my girlfriend ama is a lecturer']
    >>> len(messages("We moved to Bristol in May, and my girlfriend got a job at\n"
    ...              "the university."))
    1
    """
    lines = [line.strip() for line in paragraph.splitlines() if line.strip()]
    if len(lines) > 1 and all(len(line) >= WRAPPED for line in lines[:-1]):
        return [" ".join(lines)]
    return lines


def _turn(record: Any, where: str, organisation: str, conversation: str, source: str) -> Turn:
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
                    source=source,
                    organisation=str(record.get("organisation") or organisation),
                    images=images)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ValueError(f"{where}: field {err['loc'][0]!r}: {err['msg']}") from exc

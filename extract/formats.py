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
    said = [_said(line) for line in lines]
    named = sum(map(bool, said))
    if (named >= 2 or named == 1 and _a_persons_name(next(m for m in said if m))) and (
            said[0] is not None or 2 * named >= len(lines)):
        # "Nina: I moved to Bristol", a line a turn (a line naming no one is one more
        # message by whoever spoke before it, as chat sends one thought a line)
        if said[0] is None:
            raise ValueError(
                f"line 1 names no speaker ({lines[0].strip()[:60]!r}), though {named} of "
                f"{len(lines)} lines are 'Name: text'; give it its speaker or remove it "
                "(nothing was read, so no one's words are put in another's mouth)")
        spoken: list[tuple[str, str]] = []
        for line, m in zip(lines, said, strict=True):
            if m is not None:
                spoken.append((m.group(1).strip(), m.group(2).strip()))
            else:
                spoken.append((spoken[-1][0], line.strip()))
        return [Turn(text=words, speaker=who, organisation=organisation,
                     conversation_id=conversation or source, message_id=f"{source}#{i}")
                for i, (who, words) in enumerate(spoken)]
    paragraphs = [p.strip() for p in text.split("\n\n") if p.strip()]
    return [Turn(text=message, speaker=speaker, organisation=organisation,
                 conversation_id=conversation or source,
                 message_id=f"{source}#{i}" if len(parts) == 1 else f"{source}#{i}.{j}")
            for i, p in enumerate(paragraphs) for parts in [messages(p)]
            for j, message in enumerate(parts)]


# "Nina: hey!" -- a transcript's line: a speaker's name (a capital, at most four words),
# a colon, what they said; not "Note: ..." in prose (at least half the lines must be one)
TRANSCRIPT_LINE = re.compile(r"^\s*([^\W\d_][\w.'-]*(?: [\w.'-]+){0,3}):\s+(\S.*)$")
# what labels a line and names no one: "Subject: Moving", "Update: I moved to Leeds"
LABELS = frozenset({"subject", "to", "from", "cc", "bcc", "date", "sent", "re", "fwd",
                    "note", "notes", "todo", "to do", "update", "action", "fyi", "ps", "p.s.",
                    "edit", "q", "a", "tip", "summary", "title", "question", "answer",
                    "reminder", "warning", "important", "agenda", "attendees", "n.b.",
                    "nb", "tl;dr", "tldr", "source", "link", "url", "status", "next steps"})


def _said(line: str) -> re.Match[str] | None:
    """A transcript line's (speaker, words), or None: a name starts with a capital, in
    any alphabet ("Élodie: ..."), and is no label ("Subject: ...")."""
    m = TRANSCRIPT_LINE.match(line)
    if m is None or not m.group(1)[:1].isupper() or m.group(1).strip().lower() in LABELS:
        return None
    return m


def _a_persons_name(said: re.Match[str]) -> bool:
    """Whether a lone transcript line's name is a person's, one or two words each with a
    capital ("Tom: I live in York", "Mary Ann: ..."), so that "hello there" / "Tom: I live
    in York" is Tom's line, not the owner's; not "Meeting notes: ..."."""
    words = said.group(1).split()
    return len(words) <= 2 and all(w[:1].isupper() for w in words)


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

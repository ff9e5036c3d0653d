"""A turn of conversation: the unit the extractor reads."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field, field_validator

from kg.models import Frozen, LongText, ShortText, as_utc


class Turn(Frozen):
    """What someone said, with where and when.

    ``organisation`` names who "we" and "our" are for this speaker; empty means
    "<speaker>'s organisation". ``images`` are the captions of images shared with the
    turn (a person's or a captioning model's words for what the image shows).
    """

    text: LongText
    speaker: ShortText = "user"
    message_id: ShortText = ""
    conversation_id: ShortText = ""
    timestamp: datetime | None = None
    organisation: ShortText = ""
    images: list[ShortText] = Field(default_factory=list)
    # the input a turn was read from (a file's name): turns of one input that name no
    # conversation are read as one conversation; no part of the turn's identity
    source: ShortText = ""

    @field_validator("timestamp")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        """A time without a zone is taken to be UTC."""
        return None if value is None else as_utc(value)

    def org_name(self) -> str:
        return self.organisation or f"{self.speaker}'s organisation"

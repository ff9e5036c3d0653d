"""The default extractor: a turn of conversation in, proposed claim drafts out.

Steps, each with one job: split sentences (spaCy), drop what is not a fact
(``sentences``), find facts (``patterns``), resolve first person and "we"
(``resolve_subject``), mark update cues, date things done by what the sentence says
("last week", ``when``), and build drafts with provenance.

>>> from extract.turns import Turn
>>> result = SpacyExtractor().extract(Turn(text="I live in Berlin. Is it cold?", speaker="Priya"))
>>> [(d.subject, d.predicate, d.object) for d in result.drafts]
[('Priya', 'lives_in', 'Berlin')]
>>> result.dropped["question"]
1
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from extract import sentences as sf
from extract.model import load_pipeline
from extract.patterns import (
    EVENT_PREFIX as DONE,
)
from extract.patterns import (
    FIRST_PLURAL,
    FIRST_SINGULAR,
    GROUP,
    ORG,
    SPEAKER,
    RawFact,
    find_facts,
)
from extract.turns import Turn
from extract.when import episode_time
from kg.models import ClaimDraft, ClaimKind, Provenance
from kg.registry import PredicateRegistry
from kg.words import message_words

EXTRACTOR_NAME = "kg-spacy-patterns"
EXTRACTOR_VERSION = "0.1.0"
RECENT_LIMIT = 1_000
IMAGE_PATTERN, IMAGE_CONFIDENCE = "image_caption", 0.5
_CAPTION_LEAD = re.compile(r"^\s*(?:an?\s+)?(?:photo(?:graph)?y?|picture|image|close ?up)\s+of\s+",
                           re.I)


def _what_it_shows(caption: str) -> str:
    """"a photo of a dog on a beach" -> "a dog on a beach".

    >>> _what_it_shows("a photography of a sunset over a lake")
    'a sunset over a lake'
    """
    return _CAPTION_LEAD.sub("", caption).strip().rstrip(".")


# Patterns that say a value changed by saying it: "I moved to", "I joined", "I got a job at".
UPDATE_PATTERNS = ("verb:move", "verb:join", "verb:job")


class ExtractionResult(BaseModel):
    """Drafts proposed from a turn, and how many sentences were dropped and why."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    drafts: list[ClaimDraft] = Field(default_factory=list)
    sentences: int = 0
    dropped: Counter[str] = Field(default_factory=Counter)


class Extractor(Protocol):
    """The plug-in interface: text with provenance in, proposed claims out."""

    name: str

    def extract(self, turn: Turn) -> ExtractionResult: ...


class SpacyExtractor:
    """Offline, rule-based extraction over spaCy's dependency parse."""

    name = EXTRACTOR_NAME

    def __init__(self, model: str | None = None, registry: PredicateRegistry | None = None,
                 penalties: dict[str, float] | None = None) -> None:
        self.nlp = load_pipeline(model)
        self.registry = registry or PredicateRegistry.builtin()
        # Confidence multipliers learnt from review decisions, per pattern and predicate.
        self.penalties = penalties or {}
        # Per speaker, the predicates they used lately, by (subject, last word): what
        # "the colour" can refer to. Insertion order is recency.
        self._recent: dict[str, dict[tuple[str, str], str]] = {}
        # Approved (subject, predicate) pairs from the memory, oldest first: what "the
        # colour" can refer to when this process has not heard it yet.
        # Read only when a "the colour" is not resolved from this process's own history,
        # so it may be a function (the memory passes one: reading it walks the band).
        self.known: list[tuple[str, str]] | Callable[[], list[tuple[str, str]]] = []

    def extract(self, turn: Turn) -> ExtractionResult:
        return self.extract_many([turn])[0]

    def extract_many(self, turns: Iterable[Turn]) -> list[ExtractionResult]:
        """Extract from many turns, parsing them in one ``nlp.pipe`` batch."""
        turns = list(turns)
        docs = self.nlp.pipe((t.text for t in turns), batch_size=64)
        return [self._from_doc(turn, doc) for turn, doc in zip(turns, docs, strict=True)]

    def _from_doc(self, turn: Turn, doc: Any) -> ExtractionResult:
        result = ExtractionResult()
        # "the colour" resolves against what this speaker talked about lately
        recent = self._recent.setdefault(turn.speaker, {})
        said = message_words(turn.text)  # every claim from this turn ranks by these
        for sent in doc.sents:
            result.sentences += 1
            reason = sf.why_not_a_fact(sent)
            if reason:
                result.dropped[reason] += 1
                continue
            facts = find_facts(sent)
            if not facts:
                result.dropped["no_fact"] += 1
                continue
            for fact in facts:
                draft = self._draft(turn, sent, fact, recent, said)
                if draft is None:
                    result.dropped["unresolved"] += 1
                    continue
                if isinstance(draft, str):
                    result.dropped[draft] += 1
                    continue
                result.drafts.append(draft)
                slot = (draft.subject, draft.predicate.split("_")[-1])
                recent.pop(slot, None)
                recent[slot] = draft.predicate
                if len(recent) > RECENT_LIMIT:
                    recent.pop(next(iter(recent)))
        result.drafts += [self._image_draft(turn, caption, said) for caption in turn.images
                          if _what_it_shows(caption)]
        return result

    def _image_draft(self, turn: Turn, caption: str, said: str) -> ClaimDraft:
        """An image shared with the turn: the speaker shared a photo of what its caption
        says (``did_share_photo_of``), traced to the caption, not to a sentence."""
        provenance = Provenance(
            message_id=turn.message_id, conversation_id=turn.conversation_id,
            speaker=turn.speaker, source_text=caption, message_words=said,
            extractor=EXTRACTOR_NAME,
            extractor_version=EXTRACTOR_VERSION, pattern=IMAGE_PATTERN,
            confidence=round(IMAGE_CONFIDENCE * self.penalties.get(IMAGE_PATTERN, 1.0), 3))
        return ClaimDraft(subject=turn.speaker, predicate="did_share_photo_of",
                          object=_what_it_shows(caption), valid_from=turn.timestamp,
                          text=caption, provenance=provenance)

    def _draft(self, turn: Turn, sent: Any, fact: RawFact,
               recent: dict[tuple[str, str], str], said: str) -> ClaimDraft | str | None:
        ending = fact.negated and sf.has_ending_cue(sent)
        if fact.negated and not ending:
            return "negation"
        subject, predicate = self._resolve(turn, sent, fact, recent)
        if not subject:
            return None
        predicate = self.registry.canonical(predicate)
        confidence = fact.confidence * self.penalties.get(fact.pattern, 1.0) \
            * self.penalties.get(f"predicate:{predicate}", 1.0)
        if confidence <= 0.0:
            return "held_back"  # reviewers keep rejecting this pattern or predicate
        start, end = sent.start_char, sent.end_char
        provenance = Provenance(
            message_id=turn.message_id, conversation_id=turn.conversation_id,
            speaker=turn.speaker, source_text=sent.text, span_start=start, span_end=end,
            message_words=said,
            extractor=EXTRACTOR_NAME, extractor_version=EXTRACTOR_VERSION,
            model=self.nlp.meta.get("name", ""), pattern=fact.pattern,
            confidence=round(min(1.0, confidence), 3),
        )
        return ClaimDraft(
            subject=subject, predicate=predicate, object=fact.object,
            object_kind=fact.object_kind,
            kind=ClaimKind.retract if ending else ClaimKind.assert_,
            valid_from=(episode_time(sent, turn.timestamp) if predicate.startswith(DONE)
                        else None) or turn.timestamp,
            text=sent.text.strip(),
            update_cue=sf.has_update_cue(sent) or fact.pattern in UPDATE_PATTERNS,
            provenance=provenance,
        )

    def _resolve(self, turn: Turn, sent: Any, fact: RawFact,
                 recent: dict[tuple[str, str], str]) -> tuple[str, str]:
        """Name the subject: the speaker, their organisation, or a recent subject whose
        predicate ends in the same word ("the colour" after "our brand colour")."""
        if fact.subject == SPEAKER:
            return turn.speaker, fact.predicate
        if fact.subject == ORG:
            return turn.org_name(), fact.predicate
        if fact.subject == GROUP:  # "we went camping": the speaker went camping
            return turn.organisation or turn.speaker, fact.predicate
        if fact.subject:
            return fact.subject, fact.predicate
        head = self.registry.canonical(fact.predicate).split("_")[-1]
        # "we rebranded, the colour is now green": a "we" in the sentence means the
        # organisation's colour, an "I" the speaker's.
        words = {t.lower_ for t in sent}
        owner = turn.org_name() if words & FIRST_PLURAL else (
            turn.speaker if words & FIRST_SINGULAR else "")
        for (subject, last_word), predicate in reversed(recent.items()):
            if last_word == head and owner in ("", subject):
                return subject, predicate
        if callable(self.known):
            self.known = self.known()  # once per ingest, and only when needed
        for subject, predicate in reversed(self.known):
            if predicate.split("_")[-1] == head and owner in ("", subject):
                return subject, predicate
        return "", fact.predicate

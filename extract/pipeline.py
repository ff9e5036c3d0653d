"""The default extractor: a turn of conversation in, proposed claim drafts out.

Steps, each with one job: fold chat spelling (``chat``); parse (spaCy), with the clause
reader as the pipeline's last component (``components``: every clause of every
sentence, filtered per clause, read by the reader families of ``readers``); resolve
I, we, he and she against the conversation (``subjects``); mark update cues; date
things done by what the sentence says ("last week", ``when``); build drafts with
provenance traced to the words as written.

>>> from extract.turns import Turn
>>> result = SpacyExtractor().extract(Turn(text="I live in Berlin. Is it cold?", speaker="Priya"))
>>> [(d.subject, d.predicate, d.object) for d in result.drafts]
[('Priya', 'lives_in', 'Berlin')]
>>> result.dropped["question"]
1
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from extract import sentences as sf
from extract.answers import (
    answer_text,
    answer_word,
    asks_what_it_is,
    at_answer_text,
    bare_question,
    having_answer_text,
    naming_text,
    no_answer,
    polar_answer_text,
)
from extract.chat import Folded, fold
from extract.clauses import negated
from extract.components import SentenceReading, lemmas_of, reading_of, with_clause_reader
from extract.dated import calendar_words
from extract.failures import describe, strict
from extract.lexicon import Lexicon, lexicon
from extract.model import load_pipeline
from extract.parallel import ParsePool
from extract.places import is_place_name
from extract.readers.copular import NAMED_AGE
from extract.readers.words import EVENT_PREFIX as DONE
from extract.readers.words import (
    FIRM as FIRM_MARKER,
)
from extract.readers.words import (
    FIRST_PLURAL,
    FIRST_SINGULAR,
    HOUSEHOLD_NAMES,
    OBJECT_PRONOUNS,
    RawFact,
    called,
    child,
    dropped_i,
    gender_of_noun,
    gender_of_pronoun,
    given_name,
    is_kin,
    is_name,
    is_pronoun,
    is_time,
    name_span,
    subject_of,
)
from extract.readers.words import (
    GROUP as GROUP_MARKER,
)
from extract.readers.words import (
    HOME as HOME_MARKER,
)
from extract.readers.words import (
    ORG as ORG_MARKER,
)
from extract.readers.words import (
    SPEAKER as SPEAKER_MARKER,
)
from extract.readers.words import (
    THIRD as THIRD_MARKER,
)
from extract.subjects import PLURAL, SOMEONE, UNSURE, YOU, Conversation
from extract.there import PLACE_LABELS, places_named, there_of, with_place
from extract.turns import Turn
from extract.when import episode_time
from kg.models import ClaimDraft, ClaimKind, ObjectKind, Provenance
from kg.registry import PredicateRegistry

EXTRACTOR_NAME = "kg-spacy-patterns"
EXTRACTOR_VERSION = "0.1.0"
RECENT_LIMIT = 1_000
# what an "it's on <date>" soon after may date: an event told of, done or under way
OWNING = ("owns", "runs", "did_found", "did_start", "did_open", "co_founded", "founded")
DATED_EVENTS = ("did_sign_up_for", "did_book", "did_enter", "did_register_for", "doing_")
IT_DATED = re.compile(r"^(?:it'?s|it is|its)\s+(?P<when>(?:on |in )?[a-z0-9 ]+?)\s*[.!]*$")
# "its £140 for a day pass", "it was £340", "its 90 quid": what the thing just talked of costs
_PER = r"(?: (?:a|per|an) (?:month|week|year|night|day|hour|head|person|session|lesson))?"
IT_PRICED = re.compile(r"^(?:so |and |but |well |ok |oh |yeah |ye |yep )*it(?:'s| is| was|s) "
                       r"(?:only |just |like |about |around |roughly )?(?P<money>[£$€] ?\d[\d,.]*"
                       r"k?" + _PER + r"|\d[\d,.]*k? ?(?:quid|pounds|dollars|euros|grand)" + _PER
                       + r")\b")
# a name given with its "she's" dropped: "called duchess", "named her biscuit lol"
CALLED = re.compile(r"^(?:and |so |oh |(?P<pronoun>she's |shes |he's |hes ))?"
                    r"(?:an? (?P<kind>[a-z]+) )?(?:called|named|"
                    r"(?:we |i )?"
                    r"(?:called|named) (?:her|him)) (?P<name>[a-z][a-z'-]+)(?: lol| haha)?[.!]*$")
ENV_PROCESSES = "KG_EXTRACT_PROCESSES"
# verbs of saying, after which a name is the one who said, not the one asked after
SAYING = frozenset({"say", "tell", "reckon", "think", "text", "message", "ring", "call"})
# a question after the listener's relative: "hows ur sister?", "how is your mum doing"
_HOW_IS_YOUR = re.compile(r"\bhow(?:'s|s| is| are)\s+(?:your|ur)\s+(?P<kin>[a-z-]+)", re.I)
PARALLEL_MIN_TURNS = 64  # below this, one batch: nothing to share between processes
# turns folded and parsed together: a name a conversation gives someone is known, when a
# later message writes it in lower case, from the next batch (or the next call: turns an
# agent hands in one by one know it at once); large enough for the parallel pool to pay
NAMES_LAG = 8 * PARALLEL_MIN_TURNS
IMAGE_PATTERN, IMAGE_CONFIDENCE = "image_caption", 0.5
_CAPTION_LEAD = re.compile(r"^\s*(?:an?\s+)?(?:photo(?:graph)?y?|picture|image|close ?up)\s+of\s+",
                           re.I)


def _what_it_shows(caption: str) -> str:
    """"a photo of a dog on a beach" -> "a dog on a beach".

    >>> _what_it_shows("a photography of a sunset over a lake")
    'a sunset over a lake'
    """
    return _CAPTION_LEAD.sub("", caption).strip().rstrip(".")




class ExtractionResult(BaseModel):
    """Drafts proposed from a turn, and how many sentences were dropped and why."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    drafts: list[ClaimDraft] = Field(default_factory=list)
    sentences: int = 0
    dropped: Counter[str] = Field(default_factory=Counter)
    error: str = ""  # reading the turn failed (and proposed nothing): why, and where


class Extractor(Protocol):
    """The plug-in interface, exactly what ingest calls: turns with provenance in, one
    result of proposed claim drafts per turn out, in order. An extractor keeps what it
    needs across calls (the conversation so far) itself; ranking words are ingest's."""

    name: str

    def extract_many(self, turns: Iterable[Turn]) -> list[ExtractionResult]: ...


class SpacyExtractor:
    """Offline, rule-based extraction over spaCy's dependency parse: a clause reader."""

    name = EXTRACTOR_NAME

    def __init__(self, model: str | None = None, registry: PredicateRegistry | None = None,
                 penalties: dict[str, float] | None = None, processes: int = 0) -> None:
        self.nlp = with_clause_reader(load_pipeline(model))
        self.model_name = str(self.nlp.meta.get("name", ""))  # meta is rebuilt per read
        self.lexicon = lexicon()
        # Parsing processes for large batches (``extract.parallel``); 1 parses here.
        self.processes = processes or int(os.environ.get(ENV_PROCESSES, "1") or 1)
        self._pool = ParsePool(model, self.processes) if self.processes > 1 else None
        self.is_word = dictionary_words(self.nlp)
        self.is_noun_only = nouns_only(self.nlp)
        self.registry = registry or PredicateRegistry.builtin()
        # Confidence multipliers learnt from review decisions, per pattern and predicate.
        self.penalties = penalties or {}
        # Per speaker, the predicates they used lately, by (subject, last word): what
        # "the colour" can refer to. Insertion order is recency.
        self._recent: dict[str, dict[tuple[str, str], str]] = {}
        # Per conversation, the organisations and people it has named ("she", "we").
        self._talks: dict[str, Conversation] = {}
        # Approved (subject, predicate) pairs from the memory, oldest first: what "the
        # colour" can refer to when this process has not heard it yet.
        # Read only when a "the colour" is not resolved from this process's own history,
        # so it may be a function (the memory passes one: reading it walks the band).
        self.known: list[tuple[str, str]] | Callable[[], list[tuple[str, str]]] = []

    def extract(self, turn: Turn) -> ExtractionResult:
        return self.extract_many([turn])[0]

    def extract_many(self, turns: Iterable[Turn]) -> list[ExtractionResult]:
        """Extract from many turns, parsed in ``nlp.pipe`` batches of ``NAMES_LAG``: each
        turn is folded knowing the names its conversation gave people in the batches and
        calls before ("ur more organised than conor", Conor named earlier)."""
        turns = list(turns)
        results: list[ExtractionResult] = []
        for start in range(0, len(turns), NAMES_LAG):
            batch = turns[start:start + NAMES_LAG]
            folded = [self._folded(t, batch[:k]) for k, t in enumerate(batch)]
            texts = [f.text if isinstance(f, Folded) else "" for f in folded]
            docs = self._pool.parse(texts, self.nlp.vocab) if self._pool is not None and len(
                batch) >= PARALLEL_MIN_TURNS else self.nlp.pipe(texts, batch_size=64)
            results += [self._result(turn, doc, f)
                        for turn, doc, f in zip(batch, docs, folded, strict=True)]
        return results

    def _folded(self, turn: Turn, before: list[Turn]) -> Folded | str:
        """The turn's text folded for the parser, or why folding it failed."""
        try:
            return fold(_unaddressed(_unsigned(turn.text, turn.speaker),
                                     self._spoken_to(turn, before)),
                        self.is_word, self.is_noun_only, self._names_of(turn))
        except Exception as exc:
            if strict():
                raise
            return describe(exc)

    def _result(self, turn: Turn, doc: Any, folded: Folded | str) -> ExtractionResult:
        """What the turn proposes; a turn that cannot be read proposes nothing and says
        why (``error``), and the turns after it are still read (knowing what the
        conversation said up to the failure)."""
        error = folded if isinstance(folded, str) else doc._.kg_error
        if not error:
            try:
                return self._from_doc(turn, doc, folded)  # type: ignore[arg-type]
            except Exception as exc:
                if strict():
                    raise
                error = describe(exc)
        return ExtractionResult(error=error)

    def _spoken_to(self, turn: Turn, before: list[Turn]) -> frozenset[str]:
        """The conversation's other speakers so far (``before``: the turns of its batch
        said before it): whom the turn may be addressed to."""
        talk = self._talks.get(_talk_key(turn))
        known = set(talk.speakers) if talk is not None else set()
        known |= {t.speaker for t in before if _talk_key(t) == _talk_key(turn)}
        return frozenset(known - {turn.speaker})

    def _names_of(self, turn: Turn) -> frozenset[str]:
        """The one-word names the turn's conversation has given people so far."""
        talk = self._talks.get(_talk_key(turn))
        return frozenset(talk.names) if talk is not None else frozenset()

    def _from_doc(self, turn: Turn, doc: Any, folded: Folded) -> ExtractionResult:
        result = ExtractionResult()
        # "the colour" resolves against what this speaker talked about lately
        recent = self._recent.setdefault(turn.speaker, {})
        talk = self._talks.setdefault(_talk_key(turn),
                                      Conversation())
        talk.next_turn(turn.speaker)
        if len(self._talks) > RECENT_LIMIT:
            self._talks.pop(next(iter(self._talks)))
        sentences = list(doc.sents)
        # (a thing just announced names itself before a question's general reading: "got
        # a summer job!!" / "Doing what." / "assistant instructor" is the summer job)
        answered = (self._naming(turn, talk, sentences[0]) or self._answer(
            turn, talk, sentences[0]) or self._continuing(turn, talk, sentences[0])
        ) if sentences else None
        question = talk.question_for(turn.speaker)
        named = self._named_relative(question, sentences[0]) if sentences and (
            answered is None and question is not None) else None
        if named is not None:  # "hows ur sister" / "Ngozi's good, she's 29": the sister is
            # Ngozi; the sentence itself is then read as said, of her
            relative = next(self.nlp(named).sents)
            self._read(turn, relative, reading_of(relative.doc._.kg_reading[0]), folded,
                       recent, talk, result, evidence=sentences[0])
        for n, (sent, plain) in enumerate(zip(sentences, doc._.kg_reading, strict=True)):
            result.sentences += 1
            reading = reading_of(plain)
            asked = reading.reason == "question" or bare_question(sent.text) or \
                asks_what_it_is(sent.text)
            if asked:  # what a short answer next may answer ("where!!", "who")
                talk.asked(turn.speaker, sent.text,
                           _the_one_asked_about(sent, talk, turn, self.is_word))
            elif not reading.reason and answered is None:  # (the last statement: "Hannah
                # has set the date! Did your mum tell you?" / "when?" asks of the first)
                talk.stated(turn.speaker, sent.text, self._plan_words(sent))
                talk.announce(turn.speaker, *self._announced(sent),  # ("we got a puppy!!
                              last=n == len(sentences) - 1)  # called her pepper lol")
            thing = self._thing_of(sent, turn.speaker, asked) if asked or (
                not reading.reason) else ""
            if thing:  # what an "it" next may mean ("so i looked at the spa thing" / "did u
                talk.saw_thing(thing, turn.speaker, asked or n == 0 and answered is not None
                               or _named_alone(sent))  # see the vet bill": "its £140 for a
                # day pass")
            if n == 0 and answered is not None:  # "walthamstow", after "where do you live?"
                talk.stated(turn.speaker, answered.text, self._plan_words(answered))
                self._read(turn, answered, reading_of(answered.doc._.kg_reading[0]), folded,
                           recent, talk, result, evidence=sent)
                rest = self._after_the_answer(sent)
                if rest is not None:  # "glasgow originally, living in leeds now for uni"
                    self._read(turn, rest, reading_of(rest.doc._.kg_reading[0]), folded,
                               recent, talk, result, evidence=sent)
                    continue
                if not any(t.pos_ in ("VERB", "AUX") for t in sent) or len(sent) <= 3:
                    continue  # a fragment says nothing of its own; a sentence ("No, I
                    # moved to Lisbon", after "are you still in Manchester?") does
            dated = self._dated_it(turn, talk, sent, reading) or self._priced_it(
                talk, sent, reading, turn.speaker) or self._called(talk, sent, reading,
                                                           _said(turn, folded, sent),
                                                           turn.speaker)
            if dated is not None:  # "its on may 11th", after "i signed up for the leeds half"
                draft = self._draft(turn, sent, folded, dated, recent, talk, "", False, sent)
                if isinstance(draft, str):
                    result.dropped[draft] += 1
                else:
                    result.drafts.append(draft)
                continue
            if reading.reason:
                result.dropped[reading.reason] += 1
                if reading.reason in ("question", "request"):  # "is Kemi still at
                    # Google?", "meet biscuit": she is talked of now
                    talk.saw_people(_asked_about(sent, talk, turn))
                    talk.saw_places(places_named(sent))  # "fernway in leeds?"
                continue
            of_them = self._said_of_the_asked(turn, talk, sent) if n == 0 else None
            if of_them is SOMEONE:  # "living in leeds", after "where's jess these days":
                result.dropped["said_of_someone_unknown"] += 1  # hers, not the speaker's
                continue
            if of_them is not None:  # "staying with euans brother ally", after "whats
                self._read(turn, of_them, reading_of(of_them.doc._.kg_reading[0]), folded,
                           recent, talk, result, evidence=sent)  # tattie doing": Tattie is
                continue
            placed = self._there_placed(sent, talk)
            for again, plain_again in placed:  # "my sister lives there", after "Walthamstow"
                self._read(turn, again, reading_of(plain_again), folded, recent, talk, result,
                           evidence=sent)
            if placed:
                continue
            meant = self._it_meant(sent, reading, talk, turn.speaker)
            for again, plain_again in meant:  # "It's a mix of drama and romance!", after
                self._read(turn, again, reading_of(plain_again), folded, recent, talk,
                           result, evidence=sent)  # "what's your new screenplay about?"
            if meant:
                continue
            stopped = self._parsed_again(sent, reading)
            if stopped is not None:  # "his mum lives in cork": "lives" read as a noun
                self._read(turn, stopped[0], stopped[1], folded, recent, talk, result,
                           evidence=sent)
                continue
            self._read(turn, sent, reading, folded, recent, talk, result, evidence=sent)
        result.drafts += [self._image_draft(turn, caption) for caption in turn.images
                          if _what_it_shows(caption)]
        result.drafts = _once_each(result.drafts)
        return result

    def _read(self, turn: Turn, sent: Any, reading: SentenceReading, folded: Folded,
              recent: dict[tuple[str, str], str], talk: Conversation,
              result: ExtractionResult, evidence: Any) -> None:
        """Drafts of one sentence's reading; provenance points at ``evidence`` (the
        sentence itself, or the fragment a synthetic answer sentence stands for)."""
        here = _organisation_named(sent)
        start = folded.original(evidence.start_char, evidence.end_char)[0]  # where the
        # evidence stands in the turn as written: its drafts' span_start
        third = next((t.i for t in sent if t.lower_ in self.lexicon.third_persons), None)
        if third is not None:
            talk.saw_people(_people(sent, talk, turn, [], before=third, is_word=self.is_word),
                            here=True)
        found = 0
        for clause in reading.clauses:
            if clause.reason:
                result.dropped[clause.reason] += 1
                continue
            own = self._clause_pronoun(sent, clause.at)
            if own is not None and third is not None and own > third:
                # "her names zainab and she teaches year 6": she is Zainab, named before;
                # "my flatmates are jo and priti, theyre both midwives": they, the two
                talk.saw_people(_people(sent, talk, turn, [
                    d for d in result.drafts if d.provenance.span_start == start],
                    before=own, is_word=self.is_word), here=True)
            for fact in clause.facts:
                found += 1
                draft = self._draft(turn, sent, folded, fact, recent, talk, here,
                                    clause.ends, evidence)
                if isinstance(draft, str):
                    result.dropped[draft] += 1
                    continue
                for each in self._each_of(draft, sent, talk):  # "they" of "Jo and Priti"
                    result.drafts.append(each)
                    self._remember(each, recent, talk, turn.speaker)
        if not found:
            result.dropped["no_fact"] += 1
        talk.saw_people(_people(sent, talk, turn, [
            d for d in result.drafts if d.provenance.span_start == start],
            is_word=self.is_word) + _yours(sent, turn)[0], lead=_lead(sent))
        # ("ur mum must be thrilled": the listener's, a she)
        here = [d for d in result.drafts if d.provenance.span_start == start
                and d.kind == ClaimKind.assert_]
        owned = {d.object for d in here if d.subject == turn.speaker and d.predicate in OWNING}
        for d in here:  # "I own a small coffee roastery called Kilnworth": "we" is it now
            if d.subject in owned and d.predicate == "is_a" and d.object.split()[-1].lower() \
                    in self.lexicon.organisations | self.lexicon.workplaces:
                talk.saw_employer(turn.speaker, d.subject)
        for d in result.drafts:  # "Her name is Lily": the daughter seen before is Lily;
            # "Bernard is my bowls partner": this sentence's partner, too
            relation = d.predicate.split("_")[-1]
            if d.provenance.span_start == start and is_person_name(d.object) and (
                    relation in self.lexicon.kin or relation in self.lexicon.pets):
                for described in {d.predicate.replace("_", " "), relation}:
                    # ("who's ur partner?" asked of Gran: her partner, the bowls partner)
                    talk.same_person(f"{d.subject}'s {described}", d.object)
        talk.saw_places(places_named(sent) + [
            (d.object, "ORG" if d.predicate in ("works_at", "studies_at") else "GPE")
            for d in result.drafts if d.provenance.span_start == start
            and d.predicate in PLACE_PREDICATES and d.kind == ClaimKind.assert_])

    def _said_of_the_asked(self, turn: Turn, talk: Conversation, sent: Any) -> Any | None:
        """A message's first sentence with no subject ("staying with euans brother ally",
        "moved to leeds in may"), answering a question about someone else ("whats tattie
        doing", "where's your sister these days"): said of them, not of the one
        answering, parsed again with them as its subject; ``SOMEONE`` where the talk does
        not know them ("where's jess these days"); None otherwise."""
        who = talk.asked_about(turn.speaker)
        root = sent.root
        written = turn.text.split()[:1]
        folded_i = len(sent) > 1 and sent[0].text == "I" and sent.start == 0 and root.i == 1 \
            and bool(written) and written[0].lower().strip(",.!?") == sent[1].lower_
        # ("moved to leeds last year": chat's folding wrote in the "I" it dropped)
        rest = sent.doc[sent.start + 1:sent.end] if folded_i else sent
        if not who or root.tag_ not in DROPPED_AUXILIARY or not (
                folded_i or dropped_i(root)) or any(
                t.lower_ in FIRST_SINGULAR | FIRST_PLURAL or t.lower_ in OBJECT_PRONOUNS
                and t.dep_ in ("dobj", "pobj", "dative", "iobj") for t in rest):
            return None  # ("is Sam coming tonight" / "picking him up at 6": the speaker is)
        if who == SOMEONE:
            return SOMEONE
        words = sent.doc[root.i:sent.end].text
        return next(self.nlp(f"{who}{DROPPED_AUXILIARY[root.tag_]} {words}").sents)

    def _there_placed(self, sent: Any, talk: Conversation) -> list[tuple[Any, Any]]:
        """The sentence parsed again with the place its "there" means written in (the
        one named before it in the sentence, else the one the conversation just named),
        as (sentence, reading) pairs; none where it has no such "there", or no one place
        fits."""
        found = there_of(sent)
        if found is None:
            return []
        there, lemma = found
        labels = (*PLACE_LABELS, "ORG") if lemma in self.lexicon.work_there else PLACE_LABELS
        before = list(dict.fromkeys((e.text, e.label_) for e in sent.ents
                                    if e.end <= there.i and e.label_ in labels))
        place = (before[0] if len(before) == 1 else None) if before else talk.place(*labels)
        text = with_place(sent, place) if place is not None else None
        if not text:
            return []
        doc = self.nlp(text)
        return list(zip(doc.sents, doc._.kg_reading, strict=True))

    def _each_of(self, draft: ClaimDraft, sent: Any, talk: Conversation) -> list[ClaimDraft]:
        """A claim about a group a "they" meant ("Jo and Priti ; is_a ; midwives") as one
        claim about each of them, what each is in the singular ("Jo ; is_a ; midwife"),
        when the sentence says it of each ("they're both midwives", "they all live in
        Leeds"), and none when it does not ("they charge a fortune": a firm, as like as
        not); any other claim as it is."""
        names = draft.subject.split(" and ")
        if len(names) < 2 or not all(is_person_name(n) for n in names):
            return [draft]
        if not any(t.lower_ in ("both", "each", "all") for t in sent) and not (
                draft.subject in talk.households and _household(draft.predicate, self.lexicon)):
            return []
        value = draft.object
        if draft.predicate == "is_a":  # ("geniuses", "women": the lemmatizer's rules)
            *rest, last = value.split(" ")
            word = self.nlp.make_doc(last)[0]
            word.pos_ = "NOUN"
            value = " ".join([*rest, self.nlp.get_pipe("lemmatizer").rule_lemmatize(word)[0]])
        return [draft.model_copy(update={"subject": name, "object": value}) for name in names]

    def _it_meant(self, sent: Any, reading: SentenceReading, talk: Conversation,
                  speaker: str) -> list[tuple[Any, Any]]:
        """A sentence with no fact whose "it" is the thing this turn or the one before
        talked of, parsed again with the thing written in, as (sentence, reading) pairs
        when that reads a fact: "It's a mix of drama and romance" after "what's your new
        screenplay about?", "barry owns it" after "the plumbing firm". Only an "it" that
        can stand for a thing: the subject of "is" with a noun ("it's a 1 bed"), of a
        verb with an object or an agent ("it has a garden", "it was inspired by ..."), or
        the object of someone named ("barry owns it"); none otherwise. The thing is the
        noun the sentence put first, else one a question just asked of or an answer just
        named (any thing just talked of, for what someone named did to it)."""
        if reading.reason or any(clause.facts for clause in reading.clauses):
            return []
        it = _thing_it(sent, self.lexicon)
        if it is None:
            return []
        first = _put_first(sent, it)  # ("green curry from baan suan, its my fav")
        if first is not None:
            thing = _with_modifiers(first) if first.pos_ != "PROPN" else " ".join(
                t.text for t in [*(c for c in first.lefts if c.dep_ == "compound"), first])
        else:  # a thing a question asked of or an answer named; any thing for what
            # someone named did to it ("barry owns it")
            thing = talk.thing(speaker, asked=it.dep_ != "dobj")
        if not thing or talk.knows(thing):
            return []  # ("saoirse wants a job in cardiff" / "barry owns it": "it" is no one)
        phrase = thing if "'s " in thing or thing[:1].isupper() else f"the {thing}"
        if it.i == sent.start or first is not None:
            phrase = phrase[:1].upper() + phrase[1:]
        start, end = it.idx - sent.start_char, it.idx - sent.start_char + len(it.text)
        if first is not None:  # ("green curry from baan suan, its my fav": "green curry
            start = first.left_edge.idx - sent.start_char  # is my fav")
        after = it.nbor() if it.i + 1 < sent.end else None
        if after is not None and after.lower_ in ("'s", "’s", "s") and after.pos_ in (
                "AUX", "VERB"):  # ("it's a 1 bed": "the flat's" would read as a possessive)
            phrase += " has" if after.lemma_.lower() == "have" else " is"
            end = after.idx - sent.start_char + len(after.text)
        doc = self.nlp(sent.text[:start] + phrase + sent.text[end:])
        found = list(zip(doc.sents, doc._.kg_reading, strict=True))
        return found if len(found) == 1 and any(
            clause.facts and not clause.reason for clause in reading_of(found[0][1]).clauses
        ) and not reading_of(found[0][1]).reason else []

    def _parsed_again(self, sent: Any, reading: SentenceReading) -> tuple[Any, Any] | None:
        """A sentence of chat with no fact, parsed again as it would be written out, when
        that reads a fact: with a full stop (the small model takes "lives" in "his mum
        lives in cork" for a noun, and reads the verb once the sentence is ended), and
        with an "'s" the parser took for a possessive written "is" ("my son's obsessed
        with dinosaurs", "my sister's having twins"; in a sentence with no verb, "her
        birthday's on the 9th", "my birthday's sunday"). None otherwise."""
        text = sent.text.rstrip()
        if not text or any(clause.facts for clause in reading.clauses) or reading.reason:
            return None
        is_s = _hidden_is(sent)
        tries = []
        if is_s:  # each one ("amara's 7 and zoe's 9"), from the last, a name the tagger
            written = text  # knew in lower case written as one ("Zoe is 9")
            for t in reversed(is_s):
                cut = t.idx - sent.start_char
                name = t.head.text[:1].upper() + t.head.text[1:] if t.head.tag_ == "NNP" \
                    and t.head.is_lower and not self.is_word(t.head.lower_) else t.head.text
                start = t.head.idx - sent.start_char
                written = written[:start] + name + written[start + len(name):cut] + " is" \
                    + written[cut + len(t.text):]
            tries.append(written)
        words = text.split()
        plain = [w.lower().strip(",.!") for w in words]
        verbless = not any(t.pos_ in ("VERB", "AUX") for t in sent)
        if words and words[0].lower() in self.lexicon.appointments and len(words) > 1 \
                and verbless and calendar_words(plain[1:3]):
            tries.append(f"My {words[0].lower()} is {' '.join(words[1:])}")  # "interview
            # thurs 18th, 11am on teams": the speaker's, its "my" and "is" dropped
        elif sent.root.lemma_.lower() in self.lexicon.appointments and words and words[
                0].lower() not in ("a", "an", "the", "my", "our", "his", "her", "their") and \
                verbless and any(calendar_words(plain[i:i + 2]) for i in range(len(plain))):
            tries.append(f"I have a {text}")  # "vet appt for biscuit on mon 30th at 9": one
            # had, its "I have a" dropped
        emphatic = _nouned_verb(sent, self.is_word)
        if emphatic is not None:  # "Rhys repairs guitars for a living": "repairs" taken for
            tries.append(emphatic)  # a noun; "Rhys does repair guitars" parses the verb
        if text[-1].isalnum():
            tries.append((tries[0] if tries else text) + ".")
        for again_text in tries:
            doc = self.nlp(again_text)
            sents = list(zip(doc.sents, doc._.kg_reading, strict=True))
            if len(sents) != 1 or again_text == emphatic and not any(
                    t.lower_ == "does" and t.dep_ == "aux" and t.head.tag_ == "VB" for t in doc):
                continue
            again = reading_of(sents[0][1])
            if not again.reason and any(clause.facts and not clause.reason
                                        for clause in again.clauses):
                return sents[0][0], again
        return None

    def _clause_pronoun(self, sent: Any, at: int) -> int | None:
        """``at``, where a clause's subject stands, when it is he, she or they."""
        return at if sent.start <= at < sent.end and sent.doc[at].lower_ in (
            "he", "she", "they") else None

    def _answer(self, turn: Turn, talk: Conversation, first: Any) -> Any | None:
        """The sentence a turn's verbless first sentence answers the other speaker's
        question with ("walthamstow" after "where do you live?"), parsed, or None."""
        question = talk.question_for(turn.speaker)
        words = [t for t in first if t.is_alpha]
        at = at_answer_text(question, first.text) if question is not None else None
        if at is not None:  # "She's at St George's", after "Where does she work?"
            return next(self.nlp(at).sents)
        lowered = first.text[:1].lower() + first.text[1:] if self.is_word(
            first[0].lower_) and first[0].text[1:].islower() else first.text  # (folding's
        # capital: "two dogs", not "Two dogs")
        having = having_answer_text(question, lowered) if question is not None and not _verbal(
            first) and not no_answer(first.text) else None
        if having is not None:  # "do you have any pets?" / "just a cat called Mittens"
            return next(self.nlp(having).sents)
        polar = self._polar(turn, talk, question, first) if question is not None else None
        if polar is not None:  # "ye strava", after "did u use that app"
            return next(self.nlp(polar).sents)
        if question is None or no_answer(first.text):
            return None  # ("no clue tbh, somewhere up north", "the bank?")
        cried = next((t.i for t in first[1:3] if t.text == "!"), None)
        if cried is not None and any(not t.is_punct for t in first.doc[cried:first.end]) \
                and all(t.is_alpha and self.is_word(t.lower_)
                        for t in first.doc[first.start:cried]):
            first = first.doc[cried + 1:first.end]  # "Close! Oklahoma.": the answer
            words = [t for t in first if t.is_alpha]  # after the cry
        comma = next((t.i for t in first if t.text == ","), None)
        if comma is not None and (_aside_after(first, comma) or (
                len(first) > 8 or len(words) > 2 and _verbal(first)) and not _listed(first, comma)):
            # "52, so your grandma and I ...", "glasgow originally, living in leeds now":
            first = first.doc[first.start:comma]  # the answer before the comma
            words = [t for t in first if t.is_alpha]
        if len(first) > 8 or len(words) > 2 and _verbal(first) or _hidden_is(first) or (
                first[0].lower_ in ("he", "she", "they", "i", "we", "it", "you", "u")):
            # ("Mateo's 4 in june!": a sentence, its verb in "'s")
            return None  # a sentence of its own, not a fragment ("Walthamstow" may be tagged
            # a verb: two words or fewer count as a fragment whatever their tags; "he's
            # retired" has its subject)
        fragment = " ".join(t.text for t in first if (not t.is_punct or t.is_currency
                                                       or t.text == "," and t.i > first.start)
                            and t.lower_ not in self.lexicon.fillers
                            and t.lower_ not in self.lexicon.not_names
                            and t.lower_ not in ("originally", "mostly", "mainly"))
        # "£1150" and "tokyo, kyoto and osaka" as written
        fragment = re.sub(r"([£$€]) (?=\d)", r"\1", fragment).replace(" ,", ",").strip(", ")
        written = [w.strip(",.!?;:") for w in turn.text.split()[:1]]
        if written and written[0][:1].islower() and [
                w.strip(",.!?;:") for w in fragment.split()[:1]] == [
                written[0][:1].upper() + written[0][1:]] and self.is_word(written[0].lower()) \
                and len(fragment.split()) > 1 and not NAME_ASKED.search(question):
            fragment = fragment[:1].lower() + fragment[1:]  # "gaelic football, baking ...":
            # the capital chat's folding gave a message's first word (a name keeps it)
        if {w.lower().strip(",.!?") for w in fragment.split()} <= {
                name.lower() for name in talk.speakers} and not re.match(
                r"\W*(?:\w+\W+)?who\b", question, re.I):
            return None  # "Thanks, Maria!": the one asking, called by name, answers
            # nothing (but "who's your best friend?" / "Ana" does)
        said, plan = talk.statement_of(turn.speaker)
        text = answer_text(question, fragment, said=said, plan=plan)
        return next(self.nlp(text).sents) if text else None

    def _named_relative(self, question: str, first: Any) -> str | None:
        """"My sister is Ngozi." when the other speaker asked after the listener's
        relative ("hows ur sister?") and the answer opens with a name, its subject
        ("Ngozi's good, she's 29 now"), or None."""
        asked = _HOW_IS_YOUR.search(question)
        name = first[0] if len(first) else None
        if asked is None or asked.group("kin").lower() not in self.lexicon.kin \
                or name is None or name.dep_ not in ("nsubj", "nsubjpass", "poss") or not (
                    name.pos_ == "PROPN" or name.is_alpha and not self.is_word(name.lower_)) \
                or name.lower_ in self.lexicon.kin | self.lexicon.pronouns \
                or name.ent_type_ in ("GPE", "DATE", "TIME") \
                or first.root.lemma_.lower() in SAYING \
                or any(t.lower_ in ("him", "her", "them") and t.dep_ in (
                    "dobj", "pobj", "dative", "iobj") for t in first.root.subtree
                       if t.head == first.root or t.head.head == first.root):
            return None  # (not "Leeds is treating him well", "Tom says she's fine")
        return f"My {asked.group('kin').lower()} is {name.text[:1].upper()}{name.text[1:]}."

    def _after_the_answer(self, sent: Any) -> Any | None:
        """What a message says after a short answer set off by a comma ("glasgow
        originally, living in leeds now for uni": "living in leeds now for uni"), parsed
        as a sentence of its own, or None when nothing with a verb follows."""
        comma = next((t.i for t in sent if t.text == ","), None)
        if comma is None or any(t.pos_ in ("VERB", "AUX") for t in sent.doc[sent.start:comma]):
            return None
        rest = sent.doc[comma + 1:sent.end]
        if not any(t.pos_ in ("VERB", "AUX") for t in rest):
            return None
        return next(self.nlp(rest.text.strip()).sents, None)

    def _polar(self, turn: Turn, talk: Conversation, question: str, first: Any) -> str | None:
        """The sentence a yes or a no opening a message says, answering the question just
        put ("did u use that app" / "ye strava, sam made me": "I used strava."), or None;
        a yes whose words go on with a verb of their own says it itself ("yep got a
        pixel 8"), unless they only echo the question ("yeah she is"). The yes is read
        from the message as written (folding drops it)."""
        said = turn.text.strip().split()
        opening = said[0].lower().strip(",.!?") if said else ""
        word = answer_word(opening)
        if not word:
            return None
        no = word == "no"
        rest = []
        for t in first:
            if t.text in (",", ";", "-", "!") or t.is_sent_end and t.is_punct:
                break
            if t.i == first.start and t.lower_ == opening:
                continue  # (a yes folding kept)
            rest.append(t)
        verbal = any(t.pos_ in ("VERB", "AUX") for t in rest)
        echo = len(rest) == 2 and rest[0].lower_ in self.lexicon.pronouns | {
            "he", "she", "they", "i", "it"} and rest[1].lemma_.lower() in ("be", "do", "have")
        if echo:  # "yeah she is", "yep he does": the question's own words, said again
            rest, verbal = [], False
        if verbal and not no:
            return None
        named = [t for t in rest if t.pos_ in ("NOUN", "PROPN") and t.ent_type_ not in (
            "DATE", "TIME") and t.lower_ not in self.lexicon.time_nouns]
        thing = " ".join(t.text for t in rest) if named and not verbal else ""
        relation = _RELATION_ASKED.match(question.strip())
        who = talk.named_before_question(turn.speaker) if relation is not None else ""
        if who:  # "had my call with gill" / "ur boss?" / "yep": as "gill's ur boss?"
            question = f"{who}'s your {relation.group('noun')}?"  # type: ignore[union-attr]
        return polar_answer_text(question, opening, thing)

    def _continuing(self, turn: Turn, talk: Conversation, first: Any) -> Any | None:
        """The sentence a verbless message that opens with a preposition goes on with,
        the same speaker's message just before ("i have an interview monday" / "at
        tillo"), parsed, or None."""
        words = [t for t in first if not t.is_punct and t.lower_ not in self.lexicon.fillers]
        said = talk.continued(turn.speaker)
        if not said or not words or len(words) > 6 or words[0].tag_ != "IN" or words[
                0].lower_ not in CONTINUING or any(t.pos_ in ("VERB", "AUX") for t in words):
            return None
        text = said.rstrip(" .!?") + " " + " ".join(t.text for t in words) + "."
        return next(self.nlp(text).sents)

    def _dated_it(self, turn: Turn, talk: Conversation, sent: Any,
                  reading: SentenceReading) -> RawFact | None:
        """"its on may 11th" (or "it's in june", "its the 15th"), soon after its speaker
        told of an event ("i signed up for the leeds half"): the event's date (``leeds
        half date ; may 11th``); None for any other sentence, or with no event told of
        lately, or a date no calendar names ("it's tomorrow")."""
        if any(c.facts for c in reading.clauses):
            return None
        match = IT_DATED.match(sent.text.strip().lower())
        thing = talk.event_of(turn.speaker) if match is not None else ""
        when = [w for w in match.group("when").split() if w not in ("on", "in")] \
            if match is not None else []
        if not thing or not calendar_words(when):
            return None
        date = " ".join(w for w in when if w != "the")
        return RawFact(SPEAKER_MARKER, f"{thing} date", date, ObjectKind.date, "dated_it", 0.55,
                       sent.start, sent.end)

    def _priced_it(self, talk: Conversation, sent: Any, reading: SentenceReading,
                   speaker: str) -> RawFact | None:
        """"its £140 for a day pass for 2", said right after "i looked at the spa thing":
        what the thing just talked of costs (``spa thing ; costs ; £140``); None for any
        other sentence, or with no thing talked of in this turn or the one before."""
        if any(c.facts for c in reading.clauses):
            return None
        match = IT_PRICED.match(sent.text.strip().lower())
        thing = talk.thing(speaker) if match is not None else ""
        if not thing:
            return None
        return RawFact(thing, "costs", match.group("money"), ObjectKind.money, "priced_it",
                       0.55, sent.start, sent.end)

    def _called(self, talk: Conversation, sent: Any, reading: SentenceReading,
                said: str, speaker: str) -> RawFact | None:
        """"called duchess" (or "a spaniel called bramble"), its "she's" dropped, right
        after "getting a cat": the name of the one person or pet the talk just spoke of
        (``Sol's cat ; name ; Duchess``, said ``Sol ; cat ; Duchess``); None for any other
        sentence, or with no one, or two.
        ``said`` is the sentence as written: chat folding gives "called sam" an "I" ("I
        called Sam": a phone call). With no "she's" said, only a pet or child the speaker
        just told of getting is so named ("my dog's limping" / "called vet": a call)."""
        if any(c.facts for c in reading.clauses):
            return None
        match = CALLED.match(said.strip().lower())
        who = talk.person("x") if match is not None else None
        name = match.group("name") if match is not None else ""
        new = talk.told_of(speaker)
        if who and match is not None and not match.group("pronoun") \
                and not (new and new.split()[-1] == who.split()[-1]):
            return None
        lex = self.lexicon
        kind = match.group("kind") if match is not None else None
        if not who or name in lex.not_names | lex.fillers | lex.pronouns | lex.particles \
                or self.is_word(name) and who.split()[-1] not in lex.pets \
                or kind is not None and kind not in lex.pets | lex.breeds:
            return None  # ("called back", "named it": no name; a pet may be "Biscuit"; "a
            # spaniel called bramble" names the puppy just got, "a guy called ben" no one)
        return RawFact(who, "name", name[:1].upper() + name[1:], ObjectKind.entity, "called",
                       0.55, sent.start, sent.end)

    def _thing_of(self, sent: Any, speaker: str, asked: bool = False) -> str:
        """The thing a sentence talks of, for an "it" soon after: its verb's object, or
        its subject when that is no one ("the spa thing is pricey"), with its modifiers
        and its owner when that is the speaker ("my flat" -> the speaker's flat) or, in a
        question, the one asked ("your new screenplay" -> "<you>'s new screenplay"); ''."""
        root = sent.root
        candidates = ([root] if _named_alone(sent) else []) + [  # ("Definitely Star Wars!")
            c for c in root.children if c.dep_ in ("dobj", "attr")] + [
            child(c, "pobj") for c in root.children if c.dep_ == "prep"] + [
            c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")]
        noun = next((c for c in candidates if c is not None and (c.pos_ == "NOUN" or (
            c.pos_ == "PROPN" and c.ent_type_ in ("", "ORG", "PRODUCT", "WORK_OF_ART", "FAC",
                                                  "EVENT")))), None)
        # ("i looked at the spa thing": the thing looked at; "Rewatching The Office"; not a
        # place: "Lagos to Accra on a bike?!" / "It's a well-organised ride" is the ride)
        told_of_it = any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in ("it", "this", "that")
                         for c in root.children)  # ("it's a mix of drama": what "it" is)
        if noun is None or told_of_it or noun.tag_ == "NNS" or noun.lemma_.lower() in \
                self.lexicon.kin | \
                self.lexicon.pets | self.lexicon.time_nouns | self.lexicon.verdicts | {
                    "time", "name"}:  # ("what's the name of it?": the name is no thing)
            return ""  # ("it's a nightmare": a verdict, no thing)
        owner = child(noun, "poss")
        if owner is not None and (owner.lower_ in ("your", "ur") and not asked or (
                owner.lower_ not in ("my", "your", "ur"))):
            return ""  # ("i know ur mushroom trauma": the listener's, said of them; "your
            # mum's new car", "her new flat": someone else's, whose an "it" cannot say)
        whose = "" if owner is None else f"{speaker}'s " if owner.lower_ == "my" else \
            f"{YOU}'s "
        if noun.pos_ == "PROPN":  # a name, as written: "The Office", "Severn Vets"
            named = next((e for e in sent.ents if e.start <= noun.i < e.end), None)
            return named.text if named is not None else " ".join(
                t.text for t in noun.subtree if t.dep_ == "compound" or t == noun)
        return whose + _with_modifiers(noun)

    def _announced(self, sent: Any) -> tuple[str, bool]:
        """The new thing a sentence says its speaker got, found or took on ("got a new
        client!!" -> "new client"), with its adjectives and compounds, or only has ("i
        have a date tonight": True, what a question "who" may then ask the name of); ''
        for anything else ("I need a new laptop", "didn't get a dog")."""
        root = sent.root
        if root.pos_ == "NOUN" and root.lemma_.lower() in self.lexicon.appointments | \
                self.lexicon.occasions and not _verbal(sent) and child(root, "poss") is None \
                and sum(t.is_alpha for t in sent) <= 4:  # "also driving test", then its day
            return _with_modifiers(root), False
        thing = next((c for c in root.children if c.dep_ == "dobj"), None)
        has = root.lemma_.lower() == "have"
        if root.pos_ != "VERB" or root.lemma_.lower() not in self.lexicon.announcing and (
                not has) or thing is None or thing.pos_ != "NOUN" or negated(root) or not any(
                c.dep_ == "det" and c.lower_ in ("a", "an") for c in thing.children) and not (
                thing.tag_ == "NNS" and not any(c.dep_ in ("det", "poss", "nummod")
                                                for c in thing.children)):
            return "", False  # (a new thing, or new things: "booked flights for dublin!")
        return _with_modifiers(thing), has

    def _naming(self, turn: Turn, talk: Conversation, first: Any) -> Any | None:
        """The sentence a fragment names the thing its speaker announced in the turn
        before with ("lantern hill brewing, doing their whole rebrand" after "got a new
        client!!": "My new client is lantern hill brewing."), parsed, or None. The
        fragment is the message's words up to its first comma, headed by a noun; a
        question between that only asks what it is ("who", "which one", "Doing what.")
        leaves it the answer, a longer one."""
        thing = talk.announced_before(turn.speaker, asks_what_it_is)
        if not thing:
            return None
        asked = not talk.announced_before(turn.speaker)  # ("Doing what.": a longer answer)
        words = []
        for t in first:
            if t.text == ",":
                break
            if not t.is_punct and t.lower_ not in self.lexicon.fillers:
                words.append(t)
        if not words or len(words) > (8 if asked else 5) or first.root not in words or (
                first.root.pos_ not in ("NOUN", "PROPN", "NUM")) or (
                len(words) > 2 and _verbal(words)) or any(
                t.lower_ in self.lexicon.interjections | self.lexicon.pronouns for t in words):
            return None
        text = naming_text(thing, " ".join(t.text for t in words))
        return next(self.nlp(text).sents) if text else None

    def _plan_words(self, sent: Any) -> str:
        """A sentence's subject, auxiliaries and verb when the verb is one a plan is dated
        by ("Me and Sam are moving to Leeds" -> "Me and Sam are moving"), else ''."""
        root = sent.root
        back = any(c.lower_ == "back" and c.dep_ in ("advmod", "prt") for c in root.children)
        if root.lemma_.lower() not in self.lexicon.dated_verbs and not (
                root.lemma_ == "be" and back) or root.tag_ == "VBD":
            return ""  # (a past, "got an interview email", is no plan a "when" dates)
        kept = sorted({t.i for c in root.children if c.dep_ in ("nsubj", "aux", "prt")
                       or c.lower_ == "back" for t in (c.subtree if c.dep_ == "nsubj" else [c])}
                      | {root.i})
        if not any(sent.doc[i].dep_ == "nsubj" for i in kept):
            return ""
        doc = sent.doc  # ("I'm moving": no space where the text had none)
        return "".join(doc[i].text + (" " if k + 1 < len(kept) and (
            kept[k + 1] != i + 1 or doc[i].whitespace_) else "") for k, i in enumerate(kept))

    def _remember(self, draft: ClaimDraft, recent: dict[tuple[str, str], str],
                  talk: Conversation, speaker: str) -> None:
        slot = (draft.subject, draft.predicate.split("_")[-1])
        recent.pop(slot, None)
        recent[slot] = draft.predicate
        if len(recent) > RECENT_LIMIT:
            recent.pop(next(iter(recent)))
        if draft.subject == speaker and draft.predicate == "works_at" \
                and draft.kind == ClaimKind.assert_:
            talk.saw_employer(speaker, draft.object)
        if draft.subject == speaker and draft.predicate.startswith(DATED_EVENTS) \
                and draft.object_kind.value in ("string", "entity") and draft.object[:1].isalpha():
            talk.did(speaker, draft.object)  # "i signed up for the leeds half"

    def _image_draft(self, turn: Turn, caption: str) -> ClaimDraft:
        """An image shared with the turn: the speaker shared a photo of what its caption
        says (``did_share_photo_of``), traced to the caption, not to a sentence."""
        provenance = Provenance(
            message_id=turn.message_id, conversation_id=turn.conversation_id,
            speaker=turn.speaker, source_text=caption,
            extractor=EXTRACTOR_NAME,
            extractor_version=EXTRACTOR_VERSION, pattern=IMAGE_PATTERN,
            confidence=round(IMAGE_CONFIDENCE * self.penalties.get(IMAGE_PATTERN, 1.0), 3))
        return ClaimDraft(subject=turn.speaker, predicate="did_share_photo_of",
                          object=_what_it_shows(caption), valid_from=turn.timestamp,
                          text=caption, provenance=provenance)

    def _draft(self, turn: Turn, sent: Any, folded: Folded, fact: RawFact,
               recent: dict[tuple[str, str], str], talk: Conversation, here: str,
               ending: bool, evidence: Any) -> ClaimDraft | str:
        """A draft of the fact, or why there is none."""
        ending = ending and fact.negated
        if fact.negated and not ending and self.registry.canonical(fact.predicate) == "likes":
            # "Brigid isn't keen on flying", "not crazy about jazz": a dislike, said so
            fact = dataclasses.replace(fact, predicate="dislikes", negated=False)
        if fact.negated and not ending:
            return "negation"
        if fact.subject in (ORG_MARKER, GROUP_MARKER) and (_of_the_household(sent, fact) or (
                not turn.organisation and (fact.object.split() or [""])[-1].lower()
                in self.lexicon.home_things)):
            # "we take her to the park every morning" (her the dog): the household's; so is
            # "we have a car now" said by someone whose employer the talk named
            fact = dataclasses.replace(fact, subject=HOME_MARKER)
        subject, predicate = _owner_named(*self._resolve(turn, sent, fact, recent, talk, here))
        if not subject or fact.pattern == NAMED_AGE and not talk.knows(subject):
            return "unresolved"  # ("Dinner is seven": no one the talk has named)
        if subject != turn.speaker:
            subject = talk.full_name(subject)  # "Ruth" after "Ruth Okoye": one person
        value = fact.object
        if value.casefold() == subject.casefold():  # "I'm Priya" (or "im priya"), said by
            # Priya: the speaker's name is known; any other claim of a thing about itself
            # is a misreading
            return "own_name" if predicate in ("name", "is_a") else "self_reference"
        if value in (SPEAKER_MARKER, HOME_MARKER):  # "Priya reports to me": the speaker
            value = turn.speaker
            if value.casefold() == subject.casefold():
                return "self_reference"
        if value.startswith(THIRD_MARKER):  # "met her at a wedding": her, the one named
            value = talk.resolve(value, speaker=turn.speaker, organisation=turn.organisation,
                                 besides=subject) or ""  # ("Yuki reports to him": not Yuki)
            if not value or value.casefold() == subject.casefold():
                return "unresolved"
        if value in (ORG_MARKER, FIRM_MARKER):  # "Dmitri has been with us": the
            # organisation "us" is
            value = talk.resolve(value, speaker=turn.speaker, organisation=turn.organisation,
                                 named_here=here) or ""
            if not value or value == turn.speaker:
                return "unresolved"
        if fact.object_kind == ObjectKind.entity and value != turn.speaker:
            value = talk.full_name(value)  # "I had lunch with Ruth": Ruth Okoye
        renewed = predicate.startswith(("new ", "new_"))
        if renewed:  # "my new flatmate is Kemal": the flatmate, changed
            predicate = predicate[4:]
        elif predicate.startswith(("other ", "other_", "current ", "current_")):
            predicate = predicate.split(predicate[5] if predicate[5] in " _" else " ", 1)[-1]
        predicate = self.registry.canonical(predicate)
        confidence = fact.confidence * self.penalties.get(fact.pattern, 1.0) \
            * self.penalties.get(f"predicate:{predicate}", 1.0)
        if confidence <= 0.0:
            return "held_back"  # reviewers keep rejecting this pattern or predicate
        start, end = folded.original(evidence.start_char, evidence.end_char)
        source = turn.text[start:end]
        provenance = Provenance(
            message_id=turn.message_id, conversation_id=turn.conversation_id,
            speaker=turn.speaker, source_text=source, span_start=start, span_end=end,
            extractor=EXTRACTOR_NAME, extractor_version=EXTRACTOR_VERSION,
            model=self.model_name, pattern=fact.pattern,
            confidence=round(min(1.0, confidence), 3),
        )
        return ClaimDraft(
            subject=subject, predicate=predicate, object=value,
            object_kind=fact.object_kind,
            kind=ClaimKind.retract if ending or fact.retract else ClaimKind.assert_,
            valid_from=(episode_time(sent, turn.timestamp) if predicate.startswith(DONE)
                        or sent.root.tag_ == "VBD" and fact.pattern not in NAMED_IN_PASSING
                        else None) or turn.timestamp,
            # ("we moved to Leeds last month": lives in Leeds since then, not since it
            # was told; "my bf marcus moved in last month": he was her boyfriend before)
            text=source.strip(),
            update_cue=(sf.has_update_cue(sent) or fact.update or renewed)
            and not (ending or fact.retract),
            provenance=provenance,
        )

    def _resolve(self, turn: Turn, sent: Any, fact: RawFact,
                 recent: dict[tuple[str, str], str], talk: Conversation,
                 here: str) -> tuple[str, str]:
        """Name the subject: the speaker, their organisation, a person just named, or a
        recent subject whose predicate ends in the same word ("the colour" after "our
        brand colour")."""
        if fact.subject:
            named = talk.resolve(fact.subject, speaker=turn.speaker,
                                 organisation=turn.organisation, named_here=here)
            if named and YOU in named:
                return "", fact.predicate  # "your mum's varenyky" in a question: whose?
            return named or "", fact.predicate
        head = self.registry.canonical(fact.predicate).split("_")[-1]
        # "we rebranded, the colour is now green": a "we" in the sentence means the
        # organisation's colour, an "I" the speaker's.
        words = {t.lower_ for t in sent}
        owner = (talk.resolve("<org>", speaker=turn.speaker, organisation=turn.organisation,
                              named_here=here) or "") if words & FIRST_PLURAL else (
            turn.speaker if words & FIRST_SINGULAR else "")
        for (subject, last_word), predicate in reversed(recent.items()):
            if last_word == head and owner in ("", subject):
                return subject, predicate
        if callable(self.known):
            self.known = self.known()  # once per ingest, and only when needed
        for subject, predicate in reversed(self.known):
            if predicate.split("_")[-1] == head and owner in ("", subject):
                return subject, predicate
        if fact.pattern == "definite" and head in self.lexicon.appointments and fact.predicate \
                == head:  # "the interview is thursday at 10": an appointment no one else
            return owner or turn.speaker, fact.predicate  # was said to have is one's own
        return "", fact.predicate


# the prepositions a message may open with to go on with the one before: "at tillo"
CONTINUING = {"at", "in", "with", "for", "from", "near", "on"}


def _with_modifiers(noun: Any) -> str:
    """A noun with the adjectives and compounds before it, lower case ("new client",
    "spa thing"): a thing as a next message or an "it" may speak of it."""
    return " ".join(t.lower_ for t in [*(t for t in noun.lefts
                                         if t.dep_ in ("amod", "compound")), noun])


def _verbal(tokens: Any) -> bool:
    """Whether words have a verb of their own: a name given ("a guy called declan", "a
    cockapoo named biscuit") or a verb's form modifying a noun ("driving test") leaves a
    noun phrase, an answer, not a sentence."""
    return any(t.pos_ in ("VERB", "AUX") and t.dep_ not in ("compound", "amod") and not (
        t.dep_ == "acl" and t.tag_ == "VBN" and t.lemma_.lower() in ("call", "name"))
        for t in tokens)


def _aside_after(first: Any, comma: int) -> bool:
    """An answer, then a comma and a remark on it rather than more of it ("34k, way more
    than now", "teacher, mainly maths", "asda, nights and weekends"); not a list going on
    ("tokyo, kyoto and osaka")."""
    if comma + 1 >= first.end:
        return False
    after = first.doc[comma + 1]
    return after.pos_ in ("ADV", "PRON", "INTJ", "SCONJ", "VERB", "AUX") and not after.like_num \
        or after.lower_ in lexicon().time_nouns  # "asda, nights and weekends": when, not more


def _listed(first: Any, comma: int) -> bool:
    """A list after the answer's first comma ("gaelic football, baking and true crime
    podcasts lol"): an "and" or "or" further on, and no verb."""
    rest = first.doc[comma + 1:first.end]
    return any(t.lower_ in ("and", "or", "&") for t in rest) and not any(
        t.pos_ in ("VERB", "AUX") for t in rest)


def _hidden_is(sent: Any) -> list[Any]:
    """The "'s" tokens the parser took for possessives where "is" stands: before a
    participle or an adjective ("my son's obsessed"), or, in a sentence with no verb,
    before a preposition, an adverb, a determiner, a number or a date ("my birthday's
    sunday", "Mateo's 4 in june")."""
    verbless = not any(t.pos_ in ("VERB", "AUX") for t in sent)
    return [t for t in sent if t.tag_ == "POS" and t.lower_ in ("'s", "’s")
            and t.i + 1 < sent.end and (t.nbor().tag_ in ("VBG", "VBN", "JJ") or verbless and (
                t.nbor().tag_ in ("IN", "RB", "DT", "CD") or t.nbor().ent_type_ == "DATE"))
            and not any(c.dep_ == "nsubj" for c in t.head.children)]


def _named_alone(sent: Any) -> bool:
    """A sentence that only names something ("Definitely Star Wars!", "The Minnesota
    Wolves!"): no verb, a name at its head."""
    return sent.root.pos_ == "PROPN" and not any(t.pos_ in ("VERB", "AUX") for t in sent)


def _put_first(sent: Any, it: Any) -> Any | None:
    """The noun a sentence puts first, before a comma and the "it" that takes it up
    ("Green curry from Baan Suan, it's my fav": curry), after at most interjections and
    adverbs; None for any other sentence, or a person, place or time put first."""
    if it.i - 1 <= sent.start or sent.doc[it.i - 1].text != ",":
        return None
    span = sent.doc[sent.start:it.i - 1]
    heads = [t for t in span if not (span.start <= t.head.i < span.end) or t.head == t]
    if len(heads) != 1:
        return None
    head = heads[0]
    lex = lexicon()
    if head.pos_ not in ("NOUN", "PROPN") or head.ent_type_ in ("PERSON", "GPE", "DATE", "TIME") \
            or head.lower_ in lex.addresses | lex.kin or not all(  # ("babe, its my birthday")
            t.pos_ in ("INTJ", "ADV", "PUNCT") for t in sent.doc[sent.start:head.left_edge.i]):
        return None
    return head


def _said(turn: Turn, folded: Folded, sent: Any) -> str:
    """A sentence as its speaker wrote it, before chat folding."""
    start, end = folded.original(sent.start_char, sent.end_char)
    return turn.text[start:end]


def _thing_it(sent: Any, lexicon: Lexicon) -> Any | None:
    """The "it" of a sentence that may stand for a thing talked of: the subject of "is"
    with a noun that is no verdict ("it's a 1 bed", not "it's a nightmare"), of a verb
    with an object or an agent that is no weather or verdict ("it has a garden", not
    "it made my day"), or the object of a named person or relative ("barry owns it");
    None otherwise."""
    root = sent.root
    it = next((t for t in root.children if t.lower_ == "it"
               and t.dep_ in ("nsubj", "nsubjpass", "dobj")), None)
    if it is None or negated(root) or root.lemma_.lower() in lexicon.dummy_it_verbs or any(
            c.dep_ in ("aux", "auxpass") and c.lemma_ in ("have", "will", "would")
            for c in root.children) or it.dep_ == "nsubj" and any(
                t.lower_ == "been" for t in (root, *root.children)):
        return None  # ("it's been a rollercoaster", "it'll be fun": how things go)
    if it.dep_ == "dobj":
        subject = child(root, "nsubj")
        return it if subject is not None and (subject.pos_ == "PROPN" or (
            subject.lower_ in lexicon.kin and child(subject, "poss") is not None)) else None
    if root.lemma_.lower() == "be":
        attr = child(root, "attr")
        return it if attr is not None and (attr.pos_ in ("NOUN", "PROPN") or child(
            attr, "poss") is not None) and not any(
            t.lemma_.lower() in lexicon.verdicts | lexicon.idiom_objects
            for t in attr.subtree if t.i <= attr.i) else None  # ("it's my favorite"; not
        # "it's a toss-up", "a toss" compounded)
    if it.dep_ == "nsubjpass":
        return it if child(root, "agent") is not None else None
    thing = child(root, "dobj")
    return it if thing is not None and thing.pos_ in ("NOUN", "PROPN", "NUM") else None


def _nouned_verb(sent: Any, is_word: Callable[[str], bool]) -> str | None:
    """A sentence with no fact whose third-person present the parser took for a plural
    noun ("Rhys repairs guitars for a living", "Tom fixes bikes"), written with an
    emphatic "does" and the verb's base ("Rhys does repair guitars ..."), which parses it;
    None unless a name (or a possessed noun: "my sister") opens it, a lower-case word in
    -s follows, and more words follow that. Whether "does" then heads a verb is the
    caller's to check, on the parse ("Tom does ticket for friday" is no sentence).

    >>> import spacy; nlp = spacy.blank("en")
    >>> doc = nlp("Tom fixes bikes")
    >>> for t, tag, pos in zip(doc, ("NNP", "NNS", "NNS"), ("PROPN", "NOUN", "NOUN")):
    ...     t.tag_, t.pos_ = tag, pos
    >>> _nouned_verb(doc[:], lambda word: word != "tom")
    'Tom does fix bikes'
    """
    words = [t for t in sent if not t.is_punct]
    at = 0
    if words and words[0].lower_ in ("my", "his", "her", "their", "our") and len(words) > 1:
        at = 2
    else:
        while at < len(words) and words[at].text[:1].isupper() and (
                words[at].pos_ == "PROPN" or not is_word(words[at].lower_)):
            at += 1  # ("Rhys" may be tagged a plural noun: it is no word)
    if at == 0 or at + 1 >= len(words):
        return None
    word = words[at]
    low = word.text
    if not (low.islower() and low.isalpha() and low.endswith("s") and not low.endswith("ss")
            and word.tag_ in ("NNS", "NN", "NNP", "NNPS") and len(low) > 3):
        return None
    if low.endswith("ies"):
        base = low[:-3] + "y"
    elif re.search(r"(ch|sh|x|z|ss|o)es$", low):
        base = low[:-2]
    else:
        base = low[:-1]
    start, end = word.idx - sent.start_char, word.idx - sent.start_char + len(low)
    return sent.text[:start] + "does " + base + sent.text[end:]


def _talk_key(turn: Turn) -> str:
    """Which conversation a turn belongs to: its id, else the input it was read from,
    else its speaker's own talk."""
    return turn.conversation_id or (f"source:{turn.source}" if turn.source else
                                    f"speaker:{turn.speaker}")


def _unaddressed(text: str, spoken_to: frozenset[str]) -> str:
    """A message without the name of the one it is addressed to at its end ("she has 2
    cats ross", said to Ross), or called out at its start ("HANA omg hi"): a vocative,
    which the parser would take for a part of the object, or for a verb. What stays
    keeps its offsets (a name first is blanked).

    >>> _unaddressed("she has 2 cats ross", frozenset({"Ross"}))
    'she has 2 cats'
    >>> _unaddressed("ross is here", frozenset({"Ross"}))
    'ross is here'
    >>> _unaddressed("HANA omg hi", frozenset({"Hana"}))
    '     omg hi'
    """
    for name in spoken_to:
        match = re.search(rf"(?i)[\s,]+{re.escape(name)}[\s!?.]*$", text)
        if match is not None and match.start() > 0:
            return text[:match.start()]
        match = re.match(rf"(?i){re.escape(name)}(?:[,!?.]+|\s+(?P<next>[\w']+))(?=.*\S)", text)
        lex = lexicon()
        if match is not None and (not match.group("next") or match.group("next").lower() in (
                lex.interjections | lex.fillers)):  # "HANA omg hi", "Olu, ...": the name
            end = match.start("next") if match.group("next") else match.end()  # called out
            return " " * end + text[end:]  # first, blanked (not "ross is here")
    return text


# a relation asked of the one just named: "ur boss?", "your brother??"
_RELATION_ASKED = re.compile(r"^(?:(?:wait|oh|so|and|is (?:he|she|that))[,!. ]+)*(?:ur|your) "
                             r"(?P<noun>[a-z]+)[?!. ]*$", re.I)
_SIGN_OFF = re.compile(r"(?i)(?<=[.!?])\s+(?:(?:lots of |all my |with )?love(?: from)?|cheers|"
                       r"best wishes|regards|xx+)[,]?\s+(?P<who>[\w'-]+)(?:\s+x+)?[\s.!]*$")


def _unsigned(text: str, speaker: str) -> str:
    """A message without the sign-off a letter-writer ends it with ("How is your Isla.
    Love Gran"), which would read as a sentence of its own after the question: the
    writer's name or what they are called at home ("Gran", "Mum"). What stays keeps
    its offsets.

    >>> _unsigned("How is your Isla. Love Gran", "Irene")
    'How is your Isla.'
    >>> _unsigned("Thanks for the card! Love, Irene x", "Irene")
    'Thanks for the card!'
    >>> _unsigned("I love Gran", "Irene"), _unsigned("Done. Love it", "Irene")
    ('I love Gran', 'Done. Love it')
    """
    match = _SIGN_OFF.search(text)
    if match is None:
        return text
    who = match.group("who").lower()
    if who != speaker.lower() and who not in lexicon().kin:
        return text
    return text[:match.start()]


def _once_each(drafts: list[ClaimDraft]) -> list[ClaimDraft]:
    """The drafts with a claim two readers found ("our standup moved to 10:15") kept once,
    the first."""
    seen: set[tuple[str, str, str, str]] = set()
    kept = []
    for d in drafts:
        key = (d.subject, d.predicate, d.object, d.kind.value)
        if key not in seen:
            seen.add(key)
            kept.append(d)
    return kept


def _of_the_household(sent: Any, fact: RawFact) -> bool:
    """A "we" whose clause is about a pet or a relative ("we take her to the park", her
    the dog; "we visit my nan on sundays"): the household, not the employer."""
    lex = lexicon()
    return fact.object.startswith(THIRD_MARKER) or any(
        t.lower_ in OBJECT_PRONOUNS and t.dep_ in ("dobj", "dative") for t in sent) or any(
        t.lower_ in lex.pets | lex.kin and t.dep_ in ("dobj", "pobj", "dative") for t in sent)


def dictionary_words(nlp: Any) -> Callable[[str], bool]:
    """Whether a lower-case word is an English word the pipeline's lemmatizer knows (in
    any of its inflections), so that one that is not may be a name written lower case.
    Irregular forms ("got", "went") count, from the lemmatizer's exceptions. Every word
    counts as known where the pipeline has no such tables."""
    known = lemmas_of(nlp)
    if not known:
        return lambda word: True
    # irregular forms ("got", "went", "children") are the exceptions' keys
    tables = nlp.get_pipe("lemmatizer").lookups
    exceptions = tables.get_table("lemma_exc") if tables.has_table("lemma_exc") else {}
    known |= frozenset(w for pos in exceptions for w in exceptions[pos])
    known |= lexicon().unlisted_words  # "ramen", "pho": food, not names
    endings = ("s", "es", "ed", "d", "ing", "ies", "er", "est", "ly")

    def is_word(word: str) -> bool:
        return word in known or any(word.endswith(e) and (word[:-len(e)] in known or word[
            :-len(e)] + "e" in known or word[:-len(e)] + "y" in known) for e in endings)
    return is_word


def nouns_only(nlp: Any) -> Callable[[str], bool]:
    """Whether a lower-case word is a noun and nothing else to the pipeline's lemmatizer
    ("leo", "maya", "biscuit"; not "pickle", a verb too, nor "always"): where a name
    stands ("my son leo"), such a word may be the name. None are where the pipeline has
    no such tables."""
    nouns = lemmas_of(nlp, "noun") | lexicon().unlisted_words  # ("my dog mochi")
    return (nouns - lemmas_of(nlp, "verb", "adj", "adv")).__contains__


def _organisation_named(sent: Any) -> str:
    """"At Globex we use Jira", "Here at Initech, our ...": the organisation a sentence
    that speaks of "we" names as where it is."""
    ours = [t.i for t in sent if t.lower_ in FIRST_PLURAL]
    if not ours:
        return ""
    for t in sent:
        if t.dep_ == "pobj" and t.head.lower_ == "at" and t.head.head.dep_ in ("ROOT", "advmod") \
                and (t.ent_type_ == "ORG" or t.pos_ == "PROPN" and t.ent_type_ not in PLACES) \
                and not is_time(t) \
                and (t.i < ours[0] or any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ == "we"
                                          for c in t.head.head.children)):
            # (not "Kit, who's our apprentice, is doing his Level 3 at Truro College": where
            # Kit studies, said after "our" of someone else's verb)
            ent = next((e for e in sent.ents if e.start <= t.i < e.end), None)
            return ent.text if ent is not None and ent.label_ == "ORG" else name_span(t)
    return ""


# what "At X we ..." names that is no organisation: "At Lake Tahoe we camped"
PLACES = {"GPE", "LOC", "FAC", "PERSON", "DATE", "TIME", "EVENT"}


def _people(sent: Any, talk: Conversation, turn: Turn, drafts: list[ClaimDraft],
            before: int | None = None,
            is_word: Callable[[str], bool] | None = None) -> list[tuple[str, str]]:
    """Whom a sentence names, with the gender "she" or "he" needs ("" for either): persons
    the tagger found, relatives and pets given a name ("my sister Maya"), unnamed ones
    ("my mum"), and the named subjects of its claims. With ``before``, only those named
    before that token ("our son Pavel is in Moscow, he's a surgeon"). ``is_word`` (a
    dictionary, see ``dictionary_words``) lets a subject the tagger called an adjective be
    a name when it is no word ("Kemal lives upstairs from me. He has three cats")."""
    end = sent.end if before is None else before
    people = [(e.text, _titled(e)) for e in sent.ents if is_person_entity(e) and e.end <= end]
    people += [(name_span(c), "") for e in sent.ents if is_person_entity(e)  # "Aisha and
               for c in e.root.conjuncts if c.pos_ == "PROPN" and c.i < end  # Sara"
               and c.ent_type_ not in ("ORG", "PRODUCT", "DATE", "TIME")]
    people += [(name_span(t), TITLE_GENDERS[title]) for t in sent.doc[sent.start:end]
               if t.pos_ == "PROPN" and t.dep_ in ("nsubj", "nsubjpass") and t.i > sent.start
               and (title := t.doc[t.i - 1].lower_.rstrip(".")) in TITLE_GENDERS
               and t.doc[t.i - 1].head.i == t.i]  # "Mr Biscuit is going to the vet", which
    # the tagger may call an organisation: a title says someone, and whether "he" or "she"
    # (a subject only: "watches Mr Tumble", "took us to Mr Chows" name a show, a place)
    lex = lexicon()
    for noun in sent.doc[sent.start:end]:
        name = given_name(noun) or called(noun)  # "my sister Maya", "a beagle named Biscuit"
        if name is not None:  # ("my mentor Sarah Okafor": the whole name)
            people.append((name_span(name), gender_of_noun(noun.lower_)))
            continue
        if _pointed_out(noun):  # "that's Tilly": the one pointed at is named
            people.append((name_span(noun), ""))
            continue
        if _introduced(noun):  # "meet biscuit": the one introduced, by name
            people.append((noun.text[:1].upper() + noun.text[1:], ""))
            continue
        name = name_given(noun)  # "the cat's name is Sigrid", "her name is Zainab"
        if name is not None:
            gender = gender_of_pronoun(noun.lower_) if noun.lower_ in ("his", "her") \
                else gender_of_noun(noun.lower_)
            people.append((name_span(name), gender))
            continue
        if (noun.lower_ in ("girl", "boy") or noun.lower_ in lex.kin and any(
                c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children)) \
                and noun.dep_ == "dobj" and noun.head.lemma_ in ("have", "get") and any(
                c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in noun.head.children) \
                and not any(is_person_entity(e) and e.start > noun.i for e in sent.ents):
            # (not "I have a niece too, Sana, she's three": Sana is the niece)
            child_word = {"girl": "daughter", "boy": "son"}.get(noun.lower_, noun.lower_)
            people.append((f"{turn.speaker}'s {child_word}", gender_of_noun(child_word)))
            continue  # "i've got a little girl, she just turned four": she is the daughter;
            # "I have a new neighbour. His name is Bernard": the neighbour's
        if _pet_got(noun):  # "we got a puppy last week, her names biscuit": the puppy
            people.append((f"{turn.speaker}'s {noun.lower_}",
                           PLURAL if noun.tag_ in ("NNS", "NNPS") else ""))
            continue
        if noun.pos_ not in ("NOUN", "PROPN") or (
                noun.lower_ not in lex.kin and noun.lower_ not in lex.pets):
            continue  # "my nan", which the tagger may call a name, too
        if noun.dep_ == "attr" and any(c.dep_ == "nsubj" and c.pos_ == "PROPN"
                                       for c in noun.head.children):
            continue  # "Jess is my new flatmate": one person, Jess
        if noun.dep_ == "nsubj" and noun.head.lemma_ == "be" and any(
                c.dep_ == "attr" and c.pos_ == "PROPN" for c in noun.head.children):
            continue  # "my manager is Ruth Okoye, she's ...": one person, Ruth Okoye
        owned = subject_of(noun) if noun.dep_ != "appos" else ""
        who = talk.resolve(owned, speaker=turn.speaker, organisation=turn.organisation) \
            if owned and "'s " in owned else None
        if who:
            people.append((who, PLURAL if noun.tag_ in ("NNS", "NNPS") else gender_of_noun(
                noun.lower_)))
            owner = who.rsplit("'s ", 1)[0]
            if owner == owned.rsplit("'s ", 1)[0] and is_person_name(owner) and \
                    owner != turn.speaker:  # "Thandi's dad sold it to me": Thandi is talked
                people.append((owner, ""))  # of too, a "she" the dad cannot be
    people += [(t.text[:1].upper() + t.text[1:], "") for t in sent.doc[sent.start:end]
               if t.lower_ in talk.names and t.pos_ in ("NOUN", "ADJ")
               and t.dep_ in ("nsubj", "dobj", "pobj", "compound", "attr", "acomp", "conj")
               and not any(c.dep_ in ("det", "poss", "amod") for c in t.children)]
    # ("can walk tattie round the block", "how is biscuit": the dog the talk named, which
    # the tagger took for a common noun; questions read their people here too)
    things = {e.text for e in sent.ents if e.label_ not in ("PERSON", "NORP") and not (
        e.label_ == "GPE" and len(e) == 1 and not is_place_name(e.text))}  # ("Thiago", no
    # town the gazetteer knows, may be someone)
    things |= {turn.organisation, *talk.works_at.values()}  # "we" named them: no "she"
    subjects = [name_span(t) for t in sent.doc[sent.start:end]  # "jess is my new flatmate,
                if (t.pos_ == "PROPN" or t.pos_ == "ADJ" and is_word is not None
                    and t.text[:1].isupper() and not is_word(t.lower_))
                and (t.dep_ == "nsubj" or t.dep_ == "conj" and t.head.dep_ in ("nsubj",
                                                                                "nsubjpass"))
                and t.ent_type_ in ("", "PERSON", "GPE")
                and name_span(t) not in things and _a_name(t)]  # she's a vet": the name the
    # parser made a subject; also, less surely, "Jon is great. His daughter ..." and whom
    # one calls or meets ("I called Priya" / "her son ..."), even when the tagger took the
    # name for a product: a pronoun means them only when no one named before fits surely
    if before is not None:
        people += [(name, "") for name in subjects]
    met = ([] if before is not None else subjects) + [
        name_span(t) for t in sent.doc[sent.start:end]
        if t.pos_ == "PROPN" and t.dep_ in ("dobj", "oprd") and t.head.lemma_ in lex.meeting_verbs
        and t.ent_type_ in ("", "PERSON", "PRODUCT") and _a_name(t)]
    tagged = {e.text for e in sent.ents if is_person_entity(e)}
    people += [(d.subject, "") for d in drafts if d.subject not in things
               and "'s " not in d.subject and d.subject != turn.speaker
               and (d.subject in tagged or d.predicate in PERSON_PREDICATES
                    or d.predicate in lex.kin and d.object_kind.value == "entity")]
    # ("I'm Efua Asante's dad": Efua, whose dad the speaker is, is someone)
    people += [(d.object, gender_of_noun(relation)) for d in drafts
               for relation in [d.predicate.split("_")[-1]]  # "bowls_partner": a partner
               if (d.object_kind.value == "entity" or d.object[:1].isupper())
               and (relation in lex.kin or relation in lex.pets
                    or relation[:-1] in lex.kin)]  # "my flatmates are Jo and Priti"
    pronouns = {t.lower_ for t in sent.doc[sent.start:end]} & {"he", "she"}
    if before is None and len(pronouns) == 1:
        # "yep he drove in from madison", he the brother named turns ago: the one a
        # pronoun stood for is talked of still, as one named again ("hes 19" next)
        gender = "m" if pronouns == {"he"} else "f"
        people += [(d.subject, gender) for d in drafts if "'s " in d.subject
                   and gender_of_noun(d.subject.rsplit(" ", 1)[-1]) == gender]
        meant = talk.person(gender)  # "she discovered the couch", "she sleeps upside
        if meant:  # down", "she hates the rain": a chain of "she" is one dog talked of
            people.append((meant, gender))
    known = {name for name, g in people if g}
    # "my flatmate is called Jess": the flatmate is Jess, one person, not two
    named = {f"{d.subject}'s {d.predicate}" for d in drafts
             if d.predicate in lex.kin or d.predicate in lex.pets}  # "my turtle shelly"
    # "we use Asana": a tool the tagger took for a person is no one "she" can mean
    named |= {d.object for d in drafts if d.predicate in TOOL_PREDICATES
              or d.predicate.endswith("_tool")}
    kept = [(name, g) for name, g in people if (g or name not in known) and could_be_person(name)
            and name not in named]
    kept += [(name, UNSURE) for name in dict.fromkeys(met) if name not in dict(kept)
             and name not in named]
    groups = _together(kept, drafts, sent, end)
    talk.households |= {group for group, _ in groups if _shares_a_home(group, drafts, lex)}
    return kept + groups


def _together(people: list[tuple[str, str]], drafts: list[ClaimDraft], sent: Any,
              end: int) -> list[tuple[str, str]]:
    """Two or three people a sentence names together, as one group a "they" may mean: "my
    flatmates are Jo and Priti" (one relation, in the plural, given two names), "Aisha and
    Sara" (names joined by "and"): ("Jo and Priti", PLURAL), which a claim about them
    says of each where its sentence says so ("both", "each", "all": a bare "they" may be
    a firm or the neighbours; ``SpacyExtractor._each_of``)."""
    groups = []
    by_relation: dict[tuple[str, str], list[str]] = {}
    for d in drafts:
        relation = d.predicate.split("_")[-1]
        if relation.endswith("s") and relation[:-1] in lexicon().kin and is_person_name(
                d.object) and " and " not in d.object:
            by_relation.setdefault((d.subject, d.predicate), []).append(d.object)
    groups += [names for names in by_relation.values() if 2 <= len(names) <= 3]
    named = {name for name, _ in people}
    if len(named) < 2:
        return [(" and ".join(names), PLURAL) for names in groups]
    for token in sent.doc[sent.start:end]:
        if token.dep_ == "conj" or not any(c.dep_ == "conj" for c in token.children) \
                or _person_of(token) not in named:
            continue
        names = list(dict.fromkeys(_person_of(t) for t in [token, *token.conjuncts]
                                   if t.i < end))
        if 2 <= len(names) <= 3 and all(n in named and n.lower() not in lexicon().kin
                                        for n in names):  # (not "Dad and Sue": whose dad?)
            groups.append(names)
    return [(" and ".join(names), PLURAL) for names in groups]


def _shares_a_home(group: str, drafts: list[ClaimDraft], lex: Lexicon) -> bool:
    """Whether the sentence that named a group says of one of them where they live, whom
    they married, or a child or pet they have: a household, which a bare "they" next
    means (lexicon ``household``)."""
    names = set(group.split(" and "))
    return any((d.subject in names or d.object in names) and (
        _household(d.predicate, lex) or d.predicate.split("_")[0] in ("married", "engaged")
        or d.predicate in lex.kin) for d in drafts)


def _person_of(token: Any) -> str:
    """Whom a word of a list names: the name itself, or a relative's given name ("my
    sister Ngozi and her wife Tess": Ngozi, Tess)."""
    named = given_name(token) if token.pos_ != "PROPN" else None
    return name_span(named if named is not None else token)


def _household(predicate: str, lex: Lexicon) -> bool:
    """Whether a bare "they" of people just named together says this of each of them:
    where they live, what pets and children they have (lexicon ``household``)."""
    relation = predicate.split("_")[-1]
    return predicate in lex.household or relation in lex.pets or relation in lex.children


def _lead(sent: Any) -> str:
    """The one a sentence is about where its subject names someone's relative by name
    beside the one whose it is ("My partner Joanna's daughter, Zofia, has moved in":
    Zofia, not Joanna), or ''; any other sentence leaves "she" as ambiguous as it was."""
    subject = next((t for t in sent if t.dep_ in ("nsubj", "nsubjpass")
                    and t.head.pos_ in ("VERB", "AUX")), None)  # the first clause's
    if subject is None or not any(t.dep_ == "poss" and any(u.pos_ == "PROPN" for u in t.subtree)
                                  for t in subject.subtree):
        return ""
    seen = 0
    while subject is not None and subject.pos_ != "PROPN" and seen < 3:
        named = given_name(subject)
        if named is not None:
            return named.text
        subject, seen = child(subject, "appos"), seen + 1  # "partner ..., Zofia"
    return name_span(subject) if subject is not None and subject.pos_ == "PROPN" else ""


def _pet_got(noun: Any) -> bool:
    """A pet the speaker has or just got, adopted or rescued: "we got a puppy", "i have a
    dog", "getting a cat" (one a pronoun may mean next); not a gerund subject ("getting
    a cat is a big decision")."""
    lex = lexicon()
    verb = noun.head
    return noun.lower_ in lex.pets and noun.dep_ == "dobj" and verb.lemma_.lower() in \
        lex.acquiring and (any(c.dep_ == "nsubj" and c.lower_ in ("i", "we", "me")
                               for c in verb.children) or verb.i == verb.sent.start
                           and verb.dep_ == "ROOT" and not any(
            c.dep_ in ("nsubj", "aux") for c in verb.children))  # ("getting a cat": the "I'm"
    # of chat dropped)


def _owner_named(subject: str, predicate: str) -> tuple[str, str]:
    """"Lena's puppy ; name ; Biscuit" (from "her name's Biscuit", she the puppy) is
    "Lena ; puppy ; Biscuit", as "my puppy's name is Biscuit" says it.

    >>> _owner_named("Lena's puppy", "name"), _owner_named("Lena", "name")
    (('Lena', 'puppy'), ('Lena', 'name'))
    """
    owner, _, relation = subject.rpartition("'s ")
    lex = lexicon()
    if predicate == "name" and owner and (relation in lex.kin or relation in lex.pets):
        return owner, relation
    return subject, predicate


def _yours(sent: Any, turn: Turn, asking: bool = False) -> tuple[list[tuple[str, str]],
                                                                  set[str]]:
    """The relatives and pets of the one spoken to that a sentence names ("how's your
    sister?", "ur mum must be thrilled"; in a question also "hows dad?", "did u get the
    kitten?"), as the YOU marker's, with the names the speaker's own reading gave them."""
    lex = lexicon()
    yours, theirs = [], set()
    for noun in sent:
        if noun.lower_ not in lex.kin and noun.lower_ not in lex.pets and \
                noun.lower_ not in HOUSEHOLD_NAMES or noun.dep_ == "appos" or any(
                c.dep_ == "appos" for c in noun.children):
            continue
        said_of = noun.head if noun.dep_ == "conj" else noun
        if said_of.dep_ == "attr" and any(
                c.dep_ == "nsubj" and not is_pronoun(c) for c in said_of.head.children):
            continue  # "is kai ur boyfriend or ur flatmate": Kai, one person
        owner = child(noun, "poss", "det")
        if owner is not None and owner.lower_ in ("your", "ur") or asking and (
                owner is None and noun.lower_ in HOUSEHOLD_NAMES or owner is not None
                and owner.lower_ == "the" and (
                    noun.lower_ in lex.pets or noun.lower_ in lex.children)):
            theirs.add(f"{turn.speaker}'s {noun.lower_}")
            for owned in [noun, *(c for c in noun.conjuncts if child(c, "det", "poss") is None)]:
                plural = owned.tag_ in ("NNS", "NNPS")
                yours.append((f"{YOU}'s {owned.lower_}", PLURAL if plural else gender_of_noun(
                    owned.lower_)))
    return yours, theirs


# readings of what a sentence names in passing ("my dog biscuit", "Ana's flat"), which
# held before whatever the sentence says happened then
NAMED_IN_PASSING = frozenset({"apposition", "possessive"})
# what asks for a name, or a place or a firm, whose first word keeps its capital: "whats
# her name" / "pepper", "where do you work" / "next in the trafford centre"
NAME_ASKED = re.compile(r"\b(?:name|called|who|where)\b", re.I)
# what a chat message drops before a verb of each form: "staying with ..." is "is staying"
DROPPED_AUXILIARY = {"VBG": " is", "VBD": "", "VBN": " has"}


def _the_one_asked_about(sent: Any, talk: Conversation, turn: Turn,
                         is_word: Callable[[str], bool]) -> str:
    """The one other person a question asks about; ``SOMEONE`` for one it names that the
    talk does not know ("where's jess these days"); "" when it asks of the one it is put
    to ("what are you up to", "hows ur week", "whats the plan")."""
    if any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ in ("you", "u", "ya", "yall")
           for t in sent):
        return ""
    named = {name for name, _ in _asked_about(sent, talk, turn)}
    if len(named) == 1:
        return named.pop()
    return SOMEONE if named or any(
        t.dep_ in ("nsubj", "attr") and t.pos_ in ("NOUN", "PROPN") and not any(
            c.dep_ in ("det", "poss") for c in t.children)
        and (t.pos_ == "PROPN" or not is_word(t.lower_)) for t in sent) else ""


def _asked_about(sent: Any, talk: Conversation, turn: Turn) -> list[tuple[str, str]]:
    """Whom a question or request names: those any sentence names, its subject's, object's
    or owner's name ("is Kemi still at Google?", "give Maya a hug", "a list for Sigrid's
    meds"), and the relatives and pets of the
    one it is put to ("how's your sister?", "hows dad?", "did u get the kitten?": YOU's,
    for the answer's "she"); "Lola, your old flatmate?" names one person, Lola."""
    lex = lexicon()
    asked, theirs = _yours(sent, turn, asking=True)
    named = [(re.sub(r"['’]s$", "", name_span(t)), "") for t in sent if (t.dep_ in (
        "nsubj", "attr", "dobj", "dative", "poss") or t.dep_ == "ROOT" and t.pos_ == "PROPN")
             and (t.pos_ == "PROPN" or _capitalised_noun(t))  # ("how's Sofia?": her the root)
             and (t.ent_type_ in ("", "PERSON") or t.lower_ in talk.names)
             and could_be_person(name_span(t))]  # (a name the talk gave, whatever its tag)
    asked_after = HOW_IS.match(sent.text.strip())
    if asked_after is not None and _named_by_how_is(asked_after.group("name").lower(), talk):
        named.append((asked_after.group("name").capitalize(), ""))  # "hows biscuit btw":
        # the dog the tagger took for a biscuit, whom "he" next means
    # "whats her name?": she is talked of still, whoever she was
    genders = {gender_of_pronoun(t.lower_) for t in sent if t.lower_ in lex.third_persons}
    named += [(who, g) for g in sorted(genders - {"n"}) for who in [talk.person(g)] if who]
    return [p for p in _people(sent, talk, turn, []) if p[0] not in theirs] + asked + [
        p for p in named if p[0] not in {e.text for e in sent.ents if is_person_entity(e)}]


HOW_IS = re.compile(r"^(?:(?:and|so|oh|omg|btw|also|hey|ok|aw+)[,!. ]+)*how(?:'s|’s|s| is) "
                    r"(?P<name>[a-z]+)(?: (?:doing|getting on|btw|now|today|these days|lately"
                    r"|then|tho|though))*[?!. ]*$", re.I)


def _named_by_how_is(word: str, talk: Conversation) -> bool:
    """A word "how's" asks after that names someone: no everyday thing ("work", "life"),
    relative, place or word of chat; one the talk named already goes as it went."""
    lex = lexicon()
    things = {w for _, phrase, _, _ in talk.things for w in phrase.lower().split()}
    return word not in lex.how_is_things and word not in lex.kin and word not in lex.pets \
        and word not in lex.fillers and word not in lex.not_names and not is_place_name(
            word) and word not in talk.names and len(word) > 2 and not word.endswith("ing") \
        and word not in things  # ("my son started football" / "hows football": a thing)


TITLE_GENDERS = {"mr": "m", "sir": "m", "mrs": "f", "ms": "f", "miss": "f", "dame": "f"}


def _titled(ent: Any) -> str:
    """The gender a person's title says ("Mr Dalby": "m", "Mrs Kemp": "f"), in the name
    or just before it; '' for none ("Dr Malik", "Sam")."""
    first = ent.doc[ent.start - 1] if ent.start > 0 else None
    words = [ent[0].lower_.rstrip(".")] + ([first.lower_.rstrip(".")] if first else [])
    return next((TITLE_GENDERS[w] for w in words if w in TITLE_GENDERS), "")


def _capitalised_noun(token: Any) -> bool:
    """A bare noun written with a capital inside a sentence ("How is Biscuit?"): a name
    the tagger took for a common noun."""
    return token.tag_ == "NN" and token.i > token.sent.start and token.text[:1].isupper() \
        and not token.text.isupper() and not any(c.dep_ in ("det", "poss") for c in token.children)


def is_person_entity(ent: Any) -> bool:
    """A span the tagger took for a person that has a name in it: "Maya", "Dev Raman";
    not a common noun it capitalised ("Lunch is at 12": no one "she" can mean).

    >>> import spacy
    >>> from spacy.tokens import Span
    >>> doc = spacy.blank("en")("Lunch with Maya")
    >>> doc[0].pos_, doc[2].pos_ = "NOUN", "PROPN"
    >>> is_person_entity(Span(doc, 0, 1, "PERSON")), is_person_entity(Span(doc, 2, 3, "PERSON"))
    (False, True)
    """
    after = ent.doc[ent.end] if ent.end < len(ent.doc) else None
    lex = lexicon()
    return ent.label_ == "PERSON" and any(t.pos_ == "PROPN" for t in ent) and could_be_person(
        ent.text) and not (after is not None and after.is_lower and (
            after.lower_ in lex.venues or after.lower_ in lex.landforms))  # ("Yeh. Last shift
    # is ...": a yes, no one; "Hebden bridge": a town)


def _a_name(token: Any) -> bool:
    """Whether a proper noun can name someone by itself: not "Gran" or "Mum", whom the
    relative's own reading makes the speaker's, nor a number or a team."""
    lex = lexicon()
    return token.lower_ not in lex.kin and token.lower_ not in lex.pets \
        and could_be_person(name_span(token))


def is_person_name(text: str) -> bool:
    """A name as written: capitalised words, none of them a number ("Lily", "Dev Raman")."""
    return bool(text) and all(w[:1].isupper() for w in text.split()) and could_be_person(text)


def could_be_person(name: str) -> bool:
    """Whether a name can be a person's: none has a digit ("Project 9") or a team's word
    ("Team Falcon", "the ops squad"), nor is a word of chat the tagger took for a name
    ("Nah he went back")."""
    words = name.casefold().split()
    lex = lexicon()
    if len(words) > 1 and (words[-1] in lex.venues or words[-1] in lex.firm_name_ends):
        return False  # "Shibden Mill Inn", "Calderdale Royal Hospital": a place, no "she";
        # "Helix Labs": a firm
    return not any(c.isdigit() for c in name) and not any(w in lex.teams for w in words) \
        and not (len(words) == 1 and (words[0] in lex.not_names or words[0] in lex.fillers
                                      or words[0] in lex.interjections))  # "Nah he ...", "Yeh."


def _pointed_out(noun: Any) -> bool:
    """A person pointed out by name: "that's Tilly", "this is Kofi, my brother"."""
    verb = noun.head
    return noun.dep_ in ("attr", "acomp") and verb.lemma_ == "be" and noun.pos_ in (
        "PROPN", "ADJ", "NOUN") and noun.text[:1].isupper() and noun.ent_type_ not in (
        "ORG", "GPE", "LOC", "FAC", "PRODUCT", "DATE", "TIME") and any(
        c.dep_ == "nsubj" and c.lower_ in ("that", "this") for c in verb.children)


def _introduced(noun: Any) -> bool:
    """A name a message introduces with "meet" ("meet biscuit", "Meet Biscuit!"), which
    the parser makes the head of a phrase with "meet" in it."""
    before = noun.doc[noun.i - 1] if noun.i > noun.sent.start else None
    return before is not None and before.lower_ == "meet" and before.i == noun.sent.start \
        and noun.pos_ in ("NOUN", "PROPN") and noun.tag_ in ("NN", "NNP") \
        and all(t.is_punct for t in noun.doc[noun.i + 1:noun.sent.end])


def name_given(owner: Any) -> Any | None:
    """The name in "<owner>'s name is N" ("the cat's name is Sigrid", "her name is
    Zainab"): whom the owner is, for a "she" that follows."""
    name = owner.head
    if owner.dep_ != "poss" or name.lower_ != "name" or name.dep_ != "nsubj" or not (
            owner.lower_ in ("his", "her") or is_kin(owner) or owner.lower_ in lexicon().pets):
        return None
    value = next((c for c in name.head.children if c.dep_ == "attr"), None)
    return value if value is not None and is_name(value) else None


# what names a place or an organisation a "there" to come may mean: "I live in
# walthamstow" (an answer: the tagger found no place), then "my sister lives there"
PLACE_PREDICATES = {"lives_in", "is_from", "grew_up_in", "born_in", "works_at", "works_in",
                    "studies_at", "did_go_to", "doing_go_to", "did_move_to", "doing_move_to"}
# what only tools are: the object of one of these is no person
TOOL_PREDICATES = {"uses", "stack", "runs", "runs_on", "hosted_on", "built_with", "deploys_with"}
# what only people have: a named subject with one of these is someone "she" can mean
PERSON_PREDICATES = {"lives_in", "works_at", "is_a", "age", "likes", "dislikes", "is_from",
                     "studies", "studies_at", "has_child", "has_pet", "married_to", "role",
                     "leads", "manages", "reports_to", "teaches", "plays", "speaks",
                     "wants_to", "plans_to", "grew_up_in", "born_in", "name"}

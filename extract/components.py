"""The clause reader as a spaCy pipeline component, its reader families as registered,
versioned functions.

``kg_clause_reader`` runs after the parser: for every sentence it records why the
sentence asserts nothing (a question, a request) or, clause by clause, why the clause
does not (hedged, reported) or which raw facts it states (``doc._.kg_reading``). What
it reads with is configuration: the names of the reader families, each a function
registered in ``spacy.registry.misc`` (``kg.readers.copular.v1`` ...; the functions are
in ``extract.readers``), and the lexicon,
loaded once when the component is made. The reading is plain data (tuples and strings),
so it crosses process boundaries with the Doc (``nlp.pipe(n_process=2)``).

>>> from extract.model import load_pipeline
>>> nlp = with_clause_reader(load_pipeline())
>>> [reading_of(r).reason for r in nlp("Is it cold? I live in Oslo.")._.kg_reading]
['question', '']
"""

from __future__ import annotations

import re
from dataclasses import astuple, dataclass
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import registry

from extract import places, readers
from extract import sentences as sf
from extract.clauses import SEASONS, clauses, ends, why_not_asserted
from extract.dated import dated_plan
from extract.engagements import appointment, shift_work
from extract.failures import describe, strict
from extract.lexicon import lexicon
from extract.readers.words import STREETS, child, of_liking
from extract.readers.workplaces import AGENT_ENDINGS
from kg.models import ObjectKind

COMPONENT = "kg_clause_reader"
READERS = ("kg.readers.copular.v1", "kg.readers.origin_aside.v1", "kg.readers.verb.v1",
           "kg.readers.schedule.v1",
           "kg.readers.routine.v1",
           "kg.readers.naming.v1", "kg.readers.activity.v1", "kg.readers.job_ended.v1",
           "kg.readers.belonging.v1")
# read first: a clause one of these reads is read by no other ("standup is at 9:30 every
# weekday" is a schedule, not the standup's being "9:30")
FIRST_READERS = ("kg.readers.recurring.v1", "kg.readers.becoming.v1", "kg.readers.shift.v1",
                 "kg.readers.prescribed.v1", "kg.readers.free_of.v1",
                 "kg.readers.job_offered.v1", "kg.readers.valued.v1")
# read once a sentence, whatever its clauses' hedges (not its question or request)
SENTENCE_READERS = ("kg.readers.apposition.v1", "kg.readers.love_for.v1", "kg.readers.aged.v1")
# read only where no reader above read anything in the clause ("I start on the 31st")
FALLBACK_READERS = ("kg.readers.dated.v1", "kg.readers.appointment.v1",
                    "kg.readers.given_up.v1", "kg.readers.greeted_from.v1",
                    "kg.readers.job_begun.v1")

for _name, _reader in (("apposition", readers.apposition), ("copular", readers.copular),
                       ("verb", readers.verb_fact), ("schedule", readers.schedule_fact),
                       ("naming", readers.naming_or_change), ("recurring", readers.schedule),
                       ("becoming", readers.becoming), ("routine", readers.held_routine),
                       ("activity", readers.activity), ("dated", dated_plan),
                       ("shift", shift_work), ("appointment", appointment),
                       ("given_up", readers.given_up), ("greeted_from", readers.greeted_from),
                       ("prescribed", readers.prescribed), ("free_of", readers.free_of),
                       ("job_ended", readers.job_ended), ("job_offered", readers.job_offered),
                       ("job_begun", readers.job_begun), ("belonging", readers.belonging),
                       ("origin_aside", readers.origin_aside), ("valued", readers.valued),
                       ("love_for", readers.love_for), ("aged", readers.aged)):
    registry.misc.register(f"kg.readers.{_name}.v1", func=lambda r=_reader: r)

if not Doc.has_extension("kg_reading"):
    Doc.set_extension("kg_reading", default=None)
if not Doc.has_extension("kg_error"):  # why reading the text failed (then no reading)
    Doc.set_extension("kg_error", default=None)


@dataclass(frozen=True)
class ClauseReading:
    reason: str  # why the clause asserts nothing, or ''
    facts: tuple[readers.RawFact, ...]
    ends: bool  # "no longer", "not ... anymore"
    at: int = -1  # the doc index of the clause's subject ("she" in "..., and she ..."),
    # or of its head where it has none


@dataclass(frozen=True)
class SentenceReading:
    reason: str  # why the sentence asserts nothing, or ''
    clauses: tuple[ClauseReading, ...]


class ClauseReader:
    """Reads every sentence of a Doc into ``doc._.kg_reading``."""

    def __init__(self, readers: list[str], sentence_readers: list[str],
                 past_lemma: dict[str, str], fallback_readers: list[str] | None = None,
                 verb_lemmas: frozenset[str] = frozenset(),
                 adjectives: frozenset[str] = frozenset(),
                 words: frozenset[str] = frozenset()) -> None:
        self.readers = [registry.misc.get(name)() for name in readers]
        self.first_readers = [registry.misc.get(name)() for name in FIRST_READERS]
        self.sentence_readers = [registry.misc.get(name)() for name in sentence_readers]
        self.fallback_readers = [registry.misc.get(name)() for name in (
            FALLBACK_READERS if fallback_readers is None else fallback_readers)]
        self.lexicon = lexicon()
        self.past_lemma = past_lemma
        self.verb_lemmas = verb_lemmas
        self.lexicon_verbs = frozenset(self.lexicon.verbs) | self.lexicon.work_verbs
        self.all_verbs = self.lexicon_verbs | verb_lemmas
        self.adjectives = adjectives
        self.words = words

    def __call__(self, doc: Doc) -> Doc:
        """The doc, repaired and read; a text that cannot be read gets ``kg_error`` and
        no reading, so the texts beside it in ``nlp.pipe`` are still read."""
        try:
            self._repair(doc)
            doc._.kg_reading = [_plain(self.read(sent)) for sent in doc.sents]
        except Exception as exc:
            if strict():
                raise
            doc._.kg_reading, doc._.kg_error = None, describe(exc)
        return doc

    def _repair(self, doc: Doc) -> None:
        repair_lemmas(doc, self.past_lemma)
        repair_is_read_as_possessive(doc)
        repair_fans_read_as_appositions(doc, self.lexicon.fans)
        repair_distances(doc)
        repair_verbs_read_as_nouns(doc, self.verb_lemmas, self.all_verbs)
        repair_verbs_read_as_subjects(doc, self.verb_lemmas)
        repair_object_heads(doc, self.lexicon.trailing_adverbs)
        repair_nouns_after_an_article(doc, self.lexicon.trailing_adverbs)
        repair_named_relatives(doc)
        repair_names_set_off(doc)
        repair_named_objects(doc)
        repair_streets_of_places(doc)
        repair_names_after_called(doc)
        repair_namings_after_a_comma(doc)
        repair_named_subjects(doc)
        repair_names_read_as_nouns(doc, self.words)
        repair_posts_read_as_names(doc, self.lexicon.posts)
        repair_liking_read_as_aux(doc)
        repair_having_read_as_aux(doc)
        repair_has_got_read_as_passive(doc)
        repair_objects_joined_to_verbs(doc)
        repair_things_read_as_adjectives(doc, self.adjectives)
        repair_second_subjects(doc)
        repair_doubled_subjects(doc)
        repair_working_read_as_a_noun(doc, self.lexicon)
        repair_vocatives(doc)
        repair_tag_questions(doc)
        repair_roles_read_as_verbs(doc)
        repair_getting_about_read_as_nouns(doc, self.lexicon)
        repair_nouns_read_as_verbs_after_do(doc, self.verb_lemmas)
        repair_nouns_read_as_verbs_after_have(doc)
        repair_conditions_had(doc, self.lexicon.conditions)
        repair_ages_read_as_modifiers(doc)
        repair_to_nouns(doc, self.lexicon)
        repair_foods_read_as_verbs(doc)
        repair_times_liked(doc, self.lexicon)
        repair_states_read_as_subjects(doc, self.lexicon)
        repair_switch_targets(doc)
        repair_coordinated_verbs(doc, self.lexicon)
        repair_gapped_objects(doc)
        repair_verbs_joined_to_complements(doc, self.lexicon_verbs)
        repair_listed_nouns_read_as_verbs(doc)
        repair_round_read_as_a_verb(doc)
        repair_purposes_read_as_clauses(doc, self.lexicon.making)
        repair_relatives_read_as_clauses(doc)
        repair_relatives_hung_on_the_post(doc)
        repair_names_before_their_post(doc)
        repair_languages_read_as_adjectives(doc)
        repair_subjects_read_as_compounds(doc)
        repair_states_read_as_objects(doc, self.lexicon)
        repair_items_joined_to_numbers(doc)
        repair_names_read_as_infinitives(doc)
        repair_named_relatives_owning(doc, self.lexicon.kin)

    def read(self, sent: Any) -> SentenceReading:
        reason = sf.why_not_a_fact(sent)
        if reason:
            return SentenceReading(reason, ())
        out = []
        for n, clause in enumerate(clauses(sent)):
            why = why_not_asserted(clause)
            facts = () if why else tuple(f for reader in self.first_readers
                                         for f in reader(clause))
            if not why and not facts:
                facts = tuple(f for reader in self.readers for f in reader(clause))
            if not why and not facts:
                facts = tuple(f for reader in self.fallback_readers for f in reader(clause))
            if n == 0:  # the root clause carries what is read of the sentence as a whole
                whole = tuple(f for reader in self.sentence_readers for f in reader(clause))
                out.append(ClauseReading("", whole, False, sent.start))
            out.append(ClauseReading(why, facts, ends(clause.root), (
                clause.subject or clause.root).i))
        return SentenceReading("", tuple(out))


SIBILANT_ENDS = ("s", "sh", "ch", "x", "z", "o")
PAST_PREFIXES = ("re", "un", "over", "under", "out", "mis", "with", "fore")


def repair_lemmas(doc: Doc, past_lemma: dict[str, str]) -> None:
    """Two slips of the small model, mended before reading. English adds "-es" only
    after a sibilant or an "o" ("watches", "goes"); the rule lemmatizer also strips it
    elsewhere ("hates" -> "hat"): such a lemma gets its "e" back. A past the tagger
    took for a bare verb ("Lost my job yesterday", its "I" dropped) is tagged a past,
    with its lemma ("lose"); "'s got" with an object is "has got"; a "like" with a
    subject and an object is the verb."""
    for token in doc:
        low = token.lower_
        if token.tag_ == "VBZ" and low.endswith("es") and token.lemma_.lower() == low[:-2] \
                and not low[:-2].endswith(SIBILANT_ENDS):
            token.lemma_ = low[:-1]
        elif _silent_e_lost(token):  # "hoping", "hoped" -> "hop"; "coding" -> "cod"
            token.lemma_ = token.lemma_.lower() + "e"
        elif _e_added(token):  # "rewatching" -> "rewatche": no English verb ends so
            token.lemma_ = token.lemma_.lower()[:-1]
        elif token.pos_ in ("VERB", "AUX") and token.lemma_.lower() == low and any(
                low.startswith(p) and low[len(p):] in past_lemma for p in PAST_PREFIXES):
            # "rebuilt", "retook", "overslept": a prefix on an irregular past the
            # lemmatizer leaves whole ("rebuilts")
            prefix = next(p for p in PAST_PREFIXES if low.startswith(p)
                          and low[len(p):] in past_lemma)
            token.tag_ = "VBD" if token.tag_ in ("VBP", "VB") else token.tag_
            token.lemma_ = prefix + past_lemma[low[len(prefix):]]
        elif low == "quit" and token.tag_ == "VBP" and any(
                c.dep_ == "nsubj" for c in token.children) and not any(
                c.dep_ in ("aux", "neg") for c in token.children):
            token.tag_ = "VBD"  # "I quit the call centre": its past, written the same
        elif token.tag_ == "VB" and token.pos_ == "VERB" and low in past_lemma:
            token.tag_, token.lemma_ = "VBD", past_lemma[low]
        elif token.tag_ == "CD" and token.dep_ in ("advmod", "npadvmod") and token.i > 0 and (
                doc[token.i - 1].pos_ == "PROPN" and doc[token.i - 1].dep_ in ("dobj", "pobj")
                and doc[token.i - 1].head.i == token.head.i):
            # "Got a Pixel 8 yesterday": the number names the model, not how often
            token.head, token.dep_ = doc[token.i - 1], "nummod"
        elif low == "got" and token.dep_ in ("nsubj", "auxpass") and token.head.tag_ == "VBN" and (
                token.i == token.sent.start) and token.head.i == token.i + 1:
            # "Got laid off this morning", its "I" dropped: the "got" of a get-passive
            token.tag_, token.pos_, token.lemma_, token.dep_ = "VBD", "AUX", "get", "auxpass"
        elif low in ("'s", "’s") and token.lemma_ == "be" and token.head.lower_ == "got" \
                and token.dep_ in ("aux", "auxpass") and any(
                c.dep_ == "dobj" for c in token.head.children):
            # "she's got a cat": has got, not is got
            token.lemma_, token.dep_ = "have", "aux"
            for c in token.head.children:
                if c.dep_ == "nsubjpass":
                    c.dep_ = "nsubj"
        elif low == "like" and token.pos_ != "VERB" and any(
                c.dep_ == "nsubj" for c in token.children) and any(
                c.dep_ == "dobj" or c.dep_ == "pobj" and token.dep_ == "ROOT"
                for c in token.children):
            # "I don't even like ramen" with "like" tagged a preposition: the verb, and
            # what it governs its object
            helped = any(c.dep_ == "aux" for c in token.children)
            token.tag_, token.pos_, token.lemma_ = "VB" if helped else "VBP", "VERB", "like"
            for c in token.children:
                if c.dep_ == "pobj":
                    c.dep_ = "dobj"


VOWELS = "aeiou"


def _silent_e_lost(token: Any) -> bool:
    """A one-syllable lemma of consonant, vowel, consonant that the rule lemmatizer cut
    from "-ing" or "-ed": English doubles such a consonant ("hop" -> "hopping"), so a
    single one says the verb ends in a silent "e" ("hoping" is "hope")."""
    low, lemma = token.lower_, token.lemma_.lower()
    if token.tag_ not in ("VBG", "VBD", "VBN") or low not in (lemma + "ing", lemma + "ed") \
            or len(lemma) < 3:
        return False
    groups = re.findall(f"[{VOWELS}]+", lemma)
    return len(groups) == 1 and len(groups[0]) == 1 and lemma[-1] not in VOWELS + "wxy" \
        and lemma[-2] in VOWELS


def _e_added(token: Any) -> bool:
    """A lemma the rule lemmatizer gave an "e" no verb ends with: "rewatche", "refreshe"
    (a consonant, then "ch", "sh" or "ck", then "e"); "ache" keeps its own."""
    lemma = token.lemma_.lower()
    return token.tag_ in ("VBG", "VBD", "VBN") and len(lemma) > 4 and lemma[-3:] in (
        "che", "she", "cke") and lemma[-4] not in VOWELS


DISTANCE = re.compile(r"\d+(?:\.\d+)?(?:k|km|mi)", re.I)


def _verb_read_as_noun(word: Any, verbs: set[str] | frozenset[str]) -> str:
    """The lemma of a verb in ``verbs`` the tagger took for a plural noun with a
    preposition of its own ("lives in Cork", "reports to Sam"; "cycles to work", the
    "to" read as an infinitive's), or ''."""
    stem = word.lower_[:-1]
    return stem if word.tag_ == "NNS" and word.lower_.endswith("s") and stem in verbs and any(
        c.dep_ == "prep" or c.dep_ in ("advcl", "xcomp") and _infinitive_to(c) is not None
        for c in word.children) else ""


def _as_present_verb(word: Any, lemma: str) -> None:
    word.tag_, word.pos_, word.lemma_ = "VBZ", "VERB", lemma


def repair_verbs_read_as_nouns(doc: Doc, verb_lemmas: frozenset[str],
                               verbs: frozenset[str]) -> None:
    """A verb the tagger took for a plural noun heading its sentence or clause, with a
    subject before it and a preposition of its own ("his mum lives in Cork": "lives" NNS;
    "My wife Giulia cycles to work": "Giulia cycles" read as a noun compound): the verb
    in the present again. A noun has no subject, so any English verb (the pipeline's
    ``verb_lemmas``) will do; a verb of the lexicon may head the sentence alone
    (``verbs``: both, made once by the reader, the union being large)."""
    for t in doc:
        if t.dep_ == "ROOT" and t.pos_ not in ("VERB", "AUX") and t.lower_ in verb_lemmas \
                and any(c.dep_ == "nsubj" and c.lower_ in ("i", "we", "they") and c.i == t.i - 1
                        for c in t.children):  # "i skateboard a lot": "skateboard" RB
            t.tag_, t.pos_, t.lemma_ = "VBP", "VERB", t.lower_
            continue
        lemma = _verb_read_as_noun(t, verbs)
        before = doc[t.i - 1] if t.i else None
        if lemma and t.dep_ == "ROOT" and before is not None and before.dep_ == "compound" \
                and before.head.i == t.i and before.pos_ == "NOUN" and before.i == t.sent.start \
                and any(c.dep_ == "prep" and any(o.dep_ == "pobj" and o.pos_ == "PROPN"
                                                 for o in c.children) for c in t.children):
            before.dep_ = "nsubj"  # "Billing runs on AWS": "Billing runs" a noun phrase
        if not lemma or t.dep_ not in ("ROOT", "ccomp", "conj") or not any(
                c.dep_ == "nsubj" and c.i < t.i for c in t.children):
            continue
        _as_present_verb(t, lemma)
        _name_before_verb(t)


def repair_verbs_read_as_subjects(doc: Doc, verb_lemmas: frozenset[str]) -> None:
    """A present verb the parser took for the subject of the noun after it, a noun with
    no verb reading that it made the root ("My brother Sean coaches rugby at a school":
    "coaches" the subject of "rugby"): the verb heads the clause again, the noun its
    object, and what hung on the noun after it (the place, the time) hangs on the verb."""
    for verb in doc[1:-1]:
        noun = doc[verb.i + 1]
        if not (verb.dep_ == "nsubj" and verb.tag_ == "VBZ" or verb.dep_ == "compound"
                and verb.pos_ == "VERB" and verb.lower_.endswith("s")) or verb.head != noun \
                or noun.dep_ != "ROOT" or verb.dep_ == "nsubj" and (
                    noun.lower_ in verb_lemmas or noun.lemma_.lower() in verb_lemmas) \
                or not noun.is_alpha \
                or not any(c.dep_ == "nsubj" and c.i < verb.i for c in [*verb.children,
                                                                        *noun.children]):
            continue  # ("My dad repairs clocks": "repairs" a compound of "clocks")
        for c in noun.children:
            if c.dep_ == "nsubj" and c.i < verb.i:
                c.head = verb
        later = [c for c in noun.children if c.i > noun.i]
        verb.head, verb.dep_, verb.tag_ = verb, "ROOT", "VBZ"
        noun.head, noun.dep_, noun.pos_ = verb, "dobj", "NOUN"
        for c in later:
            c.head = verb


def _name_before_verb(verb: Any) -> None:
    """A name the parser hung on a verb it took for a noun ("Giulia" of "My wife Giulia
    cycles"): the name of the relative before it when there is one, else a subject."""
    for name in verb.children:
        if name.dep_ in ("compound", "appos") and name.i == verb.i - 1 \
                and name.pos_ == "PROPN":
            relative = name.doc[name.i - 1] if name.i else None
            if relative is not None and relative.lower_ in lexicon().kin | lexicon().pets \
                    and relative.head.i == verb.i:
                name.head, name.dep_ = relative, "appos"
            else:
                name.dep_ = "nsubj"


def repair_is_read_as_possessive(doc: Doc) -> None:
    """"My family's from Kerala": the parser may make "'s" a possessive's particle and
    still the sentence's root, with its subject: it is "is"."""
    for token in doc:
        if token.lower_ in ("'s", "’s") and token.dep_ == "ROOT" and token.pos_ == "PART" \
                and any(c.dep_ == "nsubj" for c in token.children):
            token.pos_, token.tag_, token.lemma_ = "AUX", "VBZ", "be"


def repair_fans_read_as_appositions(doc: Doc, fans: frozenset[str]) -> None:
    """"I'm a cat lover", "a huge cat lover": the parser may make "cat" the complement and
    "lover" its apposition; the lover is the complement, the cat what is loved."""
    for token in doc:
        noun = doc[token.i - 1] if token.i > 0 else None
        if noun is None or token.dep_ != "appos" or token.head.i != noun.i \
                or token.lemma_.lower() not in fans or noun.pos_ != "NOUN":
            continue
        token.head = token if noun.head.i == noun.i else noun.head  # (a root stays one)
        token.dep_ = noun.dep_
        for c in list(noun.children):
            if c.i != token.i:
                c.head = token
        noun.head, noun.dep_ = token, "compound"


def repair_distances(doc: Doc) -> None:
    """A distance written as chat writes it ("ran 15k yesterday"), which the tagger puts
    in a date with the day after it, taken out of the date: what was run, not when."""
    if not any(DISTANCE.fullmatch(t.text) for t in doc):
        return
    ents = []
    for ent in doc.ents:
        if ent.label_ not in ("DATE", "TIME") or not any(
                DISTANCE.fullmatch(t.text) for t in ent):
            ents.append(ent)
            continue
        rest = [t for t in ent if not DISTANCE.fullmatch(t.text)]
        if rest and rest[-1].i - rest[0].i + 1 == len(rest):
            ents.append(Span(doc, rest[0].i, rest[-1].i + 1, label=ent.label_))
    doc.set_ents(ents, default="outside")
    for t in doc:  # "Ran 15k yesterday": the distance is what was run
        if DISTANCE.fullmatch(t.text) and t.dep_ == "npadvmod" and t.head.pos_ == "VERB" \
                and not any(c.dep_ == "dobj" for c in t.head.children):
            t.dep_ = "dobj"


def repair_object_heads(doc: Doc, adverbs: frozenset[str]) -> None:
    """An object's head noun the tagger took for an adverb of the verb, as it does in lower
    case ("mum loved the spa voucher": "voucher" hung on "loved", "the spa" its object):
    the noun made the object again, the word before it its modifier. Not a word that
    stands after objects as an adverb ("loved the spa too", "got the car yesterday")."""
    for t in doc[1:]:
        before = doc[t.i - 1]
        if t.dep_ == "advmod" and t.tag_ == "RB" and t.is_alpha and t.is_lower \
                and not t.lower_.endswith("ly") and t.lower_ not in adverbs \
                and (t.head.i == before.head.i or before.head.dep_ == "prep"
                     and before.head.head.i == t.head.i) and before.dep_ in ("dobj", "pobj") \
                and before.pos_ in ("NOUN", "PROPN") and before.head.pos_ in ("VERB", "ADP") \
                and not list(t.children) and any(c.dep_ == "det" for c in before.children):
            head, dep = before.head, before.dep_
            for c in list(before.children):
                c.head = t
            t.head, t.dep_, t.tag_, t.pos_ = head, dep, "NN", "NOUN"
            before.head, before.dep_ = t, "compound"


def repair_nouns_after_an_article(doc: Doc, adverbs: frozenset[str]) -> None:
    """A noun the tagger took for an adverb straight after "a", "an" or "the" ("I got a
    tattoo a few years ago": "tattoo" RB, its "a" hung on "years"): nothing but a noun stands
    there, so it is the verb's object, when the verb has none."""
    for t in doc[1:]:
        article, verb = doc[t.i - 1], next((a for a in t.ancestors if a.pos_ == "VERB"), None)
        if t.tag_ != "RB" or not t.is_alpha or t.lower_.endswith("ly") or t.lower_ in adverbs \
                or article.lower_ not in ("a", "an", "the") or verb is None or any(
                    c.dep_ == "dobj" and c != t for c in verb.children) or any(
                    c != article for c in t.children):
            continue
        t.head, t.dep_, t.tag_, t.pos_, t.lemma_ = verb, "dobj", "NN", "NOUN", t.lower_
        article.head, article.dep_ = t, "det"


def repair_named_objects(doc: Doc) -> None:
    """A name straight after a verb the tagger took for an adverb by its "-ly" ("Acme
    acquired Widgetly", "we moved to using Bitly"): capitalised inside its sentence, it is
    the verb's object."""
    for t in doc[1:]:
        verb = t.head
        if t.dep_ == "advmod" and t.pos_ == "ADV" and t.text[:1].isupper() \
                and t.i != t.sent.start and verb.pos_ == "VERB" and verb.i == t.i - 1 \
                and not any(c.dep_ == "dobj" for c in verb.children) and not list(t.children):
            t.dep_, t.pos_, t.tag_ = "dobj", "PROPN", "NNP"


def repair_streets_of_places(doc: Doc) -> None:
    """A street the parser hung on the verb, after the verb's object ("joined that gym on
    king st", "bought a flat off Shaw Road"): where the object is, one phrase with it."""
    for prep in doc:
        place = child(prep, "pobj") if prep.dep_ == "prep" and prep.lower_ in (
            "on", "off") else None
        thing = child(prep.head, "dobj") if place is not None else None
        if thing is not None and thing.i < prep.i and thing.pos_ == "NOUN" \
                and place.lower_ in STREETS and prep.head.pos_ in ("VERB", "AUX") \
                and thing.lower_ not in ("corner", "end", "top", "bottom", "side", "way"):
            # (not "round the corner, on Elm Street": where one is, said twice)
            prep.head = thing


def repair_names_after_called(doc: Doc) -> None:
    """A capitalised word after "called" or "named" that the tagger took for an adjective
    or a noun ("my physio is called Precious", "a dog named Bonnie"): a name."""
    for t in doc[1:]:
        if t.dep_ in ("oprd", "attr", "xcomp", "dobj") and t.head.lemma_ in ("call", "name") \
                and t.head.tag_ == "VBN" and t.text[:1].isupper() and t.i != t.sent.start \
                and t.pos_ in ("ADJ", "NOUN", "VERB", "ADV"):
            t.pos_, t.tag_ = "PROPN", "NNP"


def repair_namings_after_a_comma(doc: Doc) -> None:
    """"we got a puppy on tuesday, called Biscuit": the naming set off by a comma after
    when it happened, hung on the verb, names the verb's object (as "a puppy called
    Biscuit" does)."""
    for named in doc:
        verb = named.head
        thing = child(verb, "dobj")
        if named.dep_ == "advcl" and named.lemma_ in ("call", "name") and named.tag_ == "VBN" \
                and thing is not None and thing.pos_ == "NOUN" and thing.i < named.i \
                and doc[named.i - 1].text == "," and child(named, "oprd") is not None \
                and not any(c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass")
                            for c in named.children):
            named.head, named.dep_ = thing, "acl"


def repair_posts_read_as_names(doc: Doc, posts: frozenset[str]) -> None:
    """A post written in capitals and owned ("our CTO, Nikhil, ...", "my CEO Dana"),
    tagged a name: a common noun, so the name beside it is the one meant (its entity
    label stays; ``is_name`` tells such a post from a name)."""
    for t in doc:
        if t.pos_ == "PROPN" and t.lower_ in posts and any(
                c.dep_ == "poss" for c in t.children):
            t.tag_, t.pos_ = "NN", "NOUN"


def repair_names_read_as_nouns(doc: Doc, words: frozenset[str]) -> None:
    """A capitalised word no dictionary knows, tagged a common noun (or an adverb, an
    adjective) where a subject stands ("Ines works at Google": "Ines" NNS; "Sven and his
    wife have three kids": "Sven" RB): a name. Only where the pipeline knows its words."""
    if not words:
        return
    for t in doc:
        low = t.lower_
        if t.tag_ in ("NN", "NNS", "RB", "JJ") and t.dep_ in ("nsubj", "nsubjpass") and t.is_title \
                and low not in words and not (low.endswith("s") and low[:-1] in words) \
                and not any(c.dep_ in ("det", "poss", "compound", "amod") for c in t.children):
            t.tag_, t.pos_ = "NNP", "PROPN"


def repair_named_subjects(doc: Doc) -> None:
    """A person's name opening a sentence that the parser hung on the verb as a time
    ("Tom baked bread for the fair": "Tom" an npadvmod, the verb with no subject), or a
    noun opening it hung on the verb straight after as a compound ("Staging runs on a
    t3.large"): the verb's subject."""
    for sent in doc.sents:
        name = sent[0]
        verb = name.head
        if verb.pos_ != "VERB" or verb.i <= name.i or any(
                c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
            continue
        if name.dep_ == "npadvmod" and name.ent_type_ == "PERSON" and name.pos_ == "PROPN" or (
                name.dep_ == "compound" and name.tag_ in ("NN", "NNP", "NNS")
                and verb.i == name.i + 1 and verb.tag_ in ("VBZ", "VBP", "VBD")):
            name.dep_ = "nsubj"


def repair_roles_read_as_verbs(doc: Doc) -> None:
    """"I now work as a team lead": the parser reads "lead" as a verb with "a team" its
    subject and "as" its marker; it is a noun, the object of "as", "team" its compound."""
    for word in doc:
        mark = next((c for c in word.children if c.dep_ == "mark" and c.lower_ == "as"), None)
        noun = next((c for c in word.children if c.dep_ == "nsubj"), None)
        if mark is None or noun is None or word.dep_ != "advcl" or word.tag_ not in (
                "VB", "VBP", "VBZ") or noun.pos_ != "NOUN" or not any(
                c.dep_ == "det" and c.lower_ in ("a", "an", "the") for c in noun.children) \
                or any(c.dep_ not in ("mark", "nsubj", "punct") for c in word.children) \
                or not noun.i < word.i == noun.i + 1:
            continue
        verb = word.head
        mark.head, mark.dep_, mark.pos_, mark.tag_ = verb, "prep", "ADP", "IN"
        word.head, word.dep_, word.pos_, word.tag_ = mark, "pobj", "NOUN", "NN"
        word.lemma_ = word.lower_
        noun.head, noun.dep_ = word, "compound"
        for det in [c for c in noun.children if c.dep_ == "det"]:
            det.head = word


LIKING = ("love", "like", "hate", "enjoy", "adore", "prefer", "dislike")


def repair_liking_read_as_aux(doc: Doc) -> None:
    """"I love listening to jazz": the parser makes "love" an auxiliary of "listening";
    it is the verb, and the doing its object (as in "I enjoy reading"). So with a plural
    it took for a participle ("i love corgis": "corgis" VBN), a noun again."""
    for word in doc:
        doing = word.head
        plural = doing.tag_ in ("VBN", "VBD") and doing.lower_.endswith("s") \
            and not doing.lower_.endswith("ss")
        if word.dep_ != "aux" or word.lemma_.lower() not in LIKING or not (
                doing.tag_ == "VBG" or plural) \
                or doing.i != word.i + 1 or word.tag_ not in ("VBP", "VBZ", "VBD"):
            continue
        if plural:
            doing.tag_, doing.pos_, doing.lemma_ = "NNS", "NOUN", doing.lower_[:-1]
        root = doing.dep_ == "ROOT"
        word.head = word if root else doing.head
        word.dep_, word.pos_ = doing.dep_, "VERB"
        for c in list(doing.children):  # (what stands before the liking is the liking's:
            # "And in my free time, I enjoy curling up ...")
            if c.i < word.i or c.dep_ == "punct" and c.i == doing.sent.end - 1:
                c.head = word
        doing.head, doing.dep_ = word, "dobj"


def repair_having_read_as_aux(doc: Doc) -> None:
    """"I have type 1 diabetes": the parser makes "have" an auxiliary of the noun "type",
    which it takes for the verb; "have" is the verb, the noun phrase its object (its head
    the last noun: "type 1 diabetes" is diabetes of a type)."""
    for word in doc:
        noun = word.head
        if word.dep_ != "aux" or word.lemma_.lower() != "have" or noun.pos_ != "NOUN" \
                or noun.i <= word.i or noun.lower_ not in KINDS_NUMBERED or any(
                    c.pos_ in ("VERB", "AUX") and c.i > word.i for c in noun.children):
            continue  # (a kind numbered: the parser's slip is there)
        head = next((c for c in noun.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), noun)
        root = noun.dep_ == "ROOT"
        word.head = word if root else noun.head
        word.dep_, word.pos_ = noun.dep_, "VERB"
        for c in list(noun.children):
            if c.i < word.i or c.dep_ == "punct":
                c.head = word
        if head is not noun:  # "type" a compound of "diabetes", its object
            head.head, head.dep_ = word, "dobj"
            noun.head, noun.dep_ = head, "compound"
            for c in list(noun.children):
                if c.i > noun.i and c is not head:
                    c.head = head
        else:
            noun.head, noun.dep_ = word, "dobj"
    for kind in doc[:-2]:  # "had type 1 diabetes" read as two objects: one, of a type
        number, noun = doc[kind.i + 1], doc[kind.i + 2]
        if kind.dep_ == "dobj" and noun.dep_ == "dobj" and kind.head == noun.head \
                and number.like_num and number.head == noun and kind.lower_ in KINDS_NUMBERED:
            kind.head, kind.dep_ = noun, "compound"


# what a number after it names one of: "type 1 diabetes", "stage 3 cancer", "grade 5 piano"
KINDS_NUMBERED = frozenset({"type", "stage", "grade", "level", "year", "class", "category"})


# verbs whose adjective after them is a state, not a thing ("got sick", "went quiet")
STATE_VERBS = frozenset({"be", "become", "get", "feel", "seem", "look", "stay", "go", "turn",
                         "keep", "remain", "grow", "sound", "make", "come", "fall", "end"})


def repair_things_read_as_adjectives(doc: Doc, adjectives: frozenset[str]) -> None:
    """A word no dictionary knows as an adjective, tagged one straight after a verb that
    has no object ("i tried currywurst finally": "currywurst" JJ): the verb's object; or
    after "is" with a possessed subject ("my favourite food is sushi"): what it is.
    Only where the pipeline knows its adjectives; a state after "got", "went" stays."""
    for word in doc:  # "we've got four GPs": a counted word is a thing, whatever it looks
        if word.tag_ == "JJ" and word.dep_ in ("dobj", "pobj", "nsubj", "attr") and any(
                c.dep_ == "nummod" and c.i < word.i for c in word.children):
            word.tag_, word.pos_ = ("NNS" if word.lower_.endswith("s") else "NN"), "NOUN"
    if not adjectives:
        return
    for word in doc:  # "I am plumber", "my wife is nurse": a post said with no article
        verb = word.head
        if word.dep_ == "acomp" and verb.lemma_ == "be" and word.i == verb.i + 1 \
                and word.is_alpha and not list(word.children) and (
                    word.tag_ == "NN" or word.tag_ == "JJ" and word.lower_ not in adjectives) \
                and not word.lower_.endswith(("ed", "ing")) and any(
                    c.dep_ == "nsubj" and c.i < verb.i and c.lower_ not in ("we", "they", "you")
                    for c in verb.children):  # (a household's "we're vegetarian" stays a state)
            word.tag_, word.pos_, word.dep_, word.lemma_ = "NN", "NOUN", "attr", word.lower_
    for word in doc:
        verb = word.head
        if word.tag_ == "JJ" and word.dep_ == "acomp" and verb.lemma_ == "be" and word.i > verb.i \
                and word.is_alpha and word.lower_ not in adjectives and any(
                    c.dep_ == "nsubj" and any(g.dep_ == "poss" for g in c.children)
                    for c in verb.children):
            # "My favourite food is sushi" ("sushi" JJ): what the possessed thing is
            word.tag_, word.pos_, word.dep_, word.lemma_ = "NN", "NOUN", "attr", word.lower_
            continue
        if word.tag_ != "JJ" or word.dep_ not in ("xcomp", "acomp", "oprd") \
                or word.i != verb.i + 1 or verb.pos_ != "VERB" \
                or verb.lemma_.lower() in STATE_VERBS or word.lower_ in adjectives \
                or not word.is_alpha or any(c.dep_ == "dobj" for c in verb.children):
            continue
        word.tag_, word.pos_, word.dep_, word.lemma_ = "NN", "NOUN", "dobj", word.lower_


def repair_objects_joined_to_verbs(doc: Doc) -> None:
    """A second object the parser joined to the verb instead of to the first object ("i
    speak spanish and a little french": "french" a conjunct of "speak"): a conjunct of the
    object again, one more thing spoken."""
    for word in doc:
        verb = word.head
        obj = child(verb, "dobj")
        cc = word.doc[word.left_edge.i - 1] if word.left_edge.i else None
        if word.dep_ != "conj" or verb.pos_ != "VERB" or obj is None or obj.i > word.i \
                or cc is None or cc.lower_ not in ("and", "or") or cc.head.i != verb.i \
                or word.pos_ not in ("NOUN", "PROPN", "ADJ") or word.tag_ == "VBN" \
                or word.pos_ == "ADJ" and word.ent_type_ not in ("NORP", "LANGUAGE") \
                or any(c.dep_ in ("nsubj", "aux", "dobj", "prep", "cc") for c in word.children) \
                or any(obj.i < c.i < cc.i and c.dep_ != "punct" for c in verb.children):
            continue  # ("I speak Welsh at home and French at work": a verb said once)
        word.head, cc.head = obj, obj


def repair_names_set_off(doc: Doc) -> None:
    """A name set off by commas straight after a relative one has ("I have a niece too,
    Sana, she's three": "Sana" hung on the next verb as a time): the relative's name."""
    kin = lexicon().kin | lexicon().pets
    for word in doc[:-2]:  # "we've just got a kitten, Pickle": "kitten" an adjective of it
        name = word.head
        if word.lower_ in kin and word.dep_ == "amod" and name.i == word.i + 2 and \
                doc[word.i + 1].text == "," and (name.pos_ == "PROPN" or name.ent_type_ ==
                                                 "PERSON") and name.head != name:
            dets = [c for c in name.children if c.dep_ == "det" and c.i < word.i]
            word.head, word.tag_, word.pos_ = name.head, "NN", "NOUN"
            word.dep_ = "dobj" if name.dep_ == "npadvmod" else name.dep_
            name.head, name.dep_ = word, "appos"
            for det in dets:
                det.head = word
    for name in doc[2:]:
        comma = doc[name.i - 1]
        before = doc[comma.i - 1]
        if before.lower_ in ("too", "also") and comma.i >= 2:
            before = doc[comma.i - 2]
        if name.dep_ != "npadvmod" or comma.text != "," or not (
                name.pos_ == "PROPN" or name.ent_type_ == "PERSON") \
                or before.lower_ not in kin or before.dep_ not in ("dobj", "pobj", "attr"):
            continue
        name.head, name.dep_ = before, "appos"


def repair_tag_questions(doc: Doc) -> None:
    """A question tagged on after a statement ("hes moving to perth in august did u hear",
    "my brother got the job, you know", "my party is on 20 February, u coming?"): the
    parser makes the tag the root and the statement what is heard; the statement is the
    sentence's own again, the tag an aside (``parataxis``) that asks nothing of it."""
    for sent in doc.sents:
        root = sent.root
        said = next((c for c in root.children if c.dep_ == "ccomp" and c.i < root.i), None)
        you = next((c for c in root.children if c.dep_ == "nsubj"
                    and c.lower_ in sf.TAG_YOU), None)
        if said is None or you is None:
            continue
        comma = doc[you.i - 1] if you.i > sent.start else None
        short = comma is not None and comma.text == "," and comma.i > said.i and len(
            [t for t in doc[comma.i + 1:sent.end] if not t.is_punct]) <= 4 and (
            root.lemma_.lower() not in lexicon().opinion_tags) and not any(
            t.dep_ in ("nsubj", "ccomp") and t != you for t in doc[comma.i + 1:sent.end])
        # (not "tom is moving to leeds, u think?", "you reckon he will?": still asked)
        # ("..., u coming?", "..., u know that?": a short question after a comma)
        if not short and (root.lemma_.lower() not in sf.TAG_VERBS
                          or any(t.i > root.i and not t.is_punct for t in sent)):
            continue
        said.head, said.dep_ = said, "ROOT"
        root.head, root.dep_ = said, "parataxis"
        for c in list(root.children):
            if c.dep_ in ("cc", "punct") and c.i < said.i:
                c.head = said


def repair_vocatives(doc: Doc) -> None:
    """"Hi Maria, since we last chatted, I'm volunteering ...": the name set off by a
    comma, with another subject of the same verb after it, is the one spoken to, no
    subject (nor is the greeting before it a name of hers); "Guess what - I got a puppy":
    the "what" is the guess's, not a second object of "got"."""
    for token in doc:
        head = token.head
        if token.dep_ in ("nsubj", "nsubjpass") and token.pos_ == "PROPN" \
                and token.i + 1 < len(doc) and doc[token.i + 1].text == "," and any(
                c.dep_ in ("nsubj", "nsubjpass") and c.i > token.i + 1 for c in head.children):
            token.dep_ = "intj"
            for c in token.children:
                if c.dep_ == "compound" and c.i < token.i:
                    c.dep_ = "intj"
        owned = next((c for c in token.children if c.dep_ == "appos" and c.i > token.i + 1
                      and any(p.dep_ == "poss" and p.lower_ in ("my", "our")
                              for p in c.children)), None)
        if token.dep_ == "nsubj" and token.pos_ == "PROPN" and owned is not None \
                and token.i + 1 < len(doc) and doc[token.i + 1].text == "," and any(
                c.dep_ == "intj" and c.i < token.i for c in head.children):
            # "Hey Nate, my favorite treat is this tart": Nate is spoken to; the treat is
            # what the sentence is about
            owned.head, owned.dep_ = head, "nsubj"
            token.dep_ = "intj"
        if token.lower_ == "what" and token.i > 0 and doc[token.i - 1].lemma_.lower() in (
                "guess", "imagine") and head != doc[token.i - 1] and head.dep_ == "ccomp" \
                and head.head == doc[token.i - 1]:
            token.head, token.dep_ = doc[token.i - 1], "dobj"


def repair_second_subjects(doc: Doc) -> None:
    """"Théo plays rugby for a club and Bastien is a PE teacher": the parser joins
    "Bastien" to "club" and gives "is" no subject, so it would take Théo's. A name or
    pronoun right after "and"/"but", joined to a noun, right before a coordinated verb
    with no subject of its own, is that verb's subject."""
    for verb in doc:
        if verb.dep_ != "conj" or verb.pos_ not in ("VERB", "AUX") or verb.i < 2 or any(
                c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children):
            continue
        subject = doc[verb.i - 1]
        while subject.dep_ in ("appos", "compound") and subject.head.i < subject.i:
            subject = subject.head  # "... and our daughter Ava is 5": "daughter"
        if subject.left_edge.i < 1 or subject.i >= verb.i:
            continue
        cc = doc[subject.left_edge.i - 1]
        if subject.dep_ == "conj" and subject.pos_ in ("PROPN", "PRON", "NOUN") \
                and cc.dep_ == "cc" and cc.lower_ in ("and", "but") \
                and subject.head.i < subject.i and subject.head.i > verb.head.i \
                and (subject.pos_ != "NOUN" or child(subject, "poss") is not None):
            subject.head, subject.dep_ = verb, "nsubj"
            cc.head = verb.head


def repair_doubled_subjects(doc: Doc) -> None:
    """"My team lead is from Cork": the parser makes both nouns subjects, "team" of "lead"
    and "lead" of the verb (or, in "my team lead's from Cork", the sentence's head); a noun
    that is the subject of the noun right after it is that noun's compound ("team lead",
    "site manager")."""
    for noun in doc:
        head = noun.head
        if noun.dep_ == "nsubj" and noun.pos_ == "NOUN" and head.i == noun.i + 1 and \
                head.pos_ in ("NOUN", "PROPN") and head.dep_ in ("nsubj", "nsubjpass", "ROOT"):
            noun.dep_ = "compound"
            for c in list(noun.children):
                if c.dep_ in ("poss", "det", "amod"):
                    c.head = head  # ("My team lead": the "my" is the lead's)


def repair_working_read_as_a_noun(doc: Doc, lex: Any) -> None:
    """"I'm working nights at the hospital", "he's working weekends": the parser reads
    "working nights" as a noun ("working" a compound of "nights") after the "be" that is
    its auxiliary. The -ing word is the verb again, heading the sentence, with the time as
    its object and the rest of the clause hung on it."""
    from lemminflect import getLemma

    times = lex.time_nouns | lex.shifts
    for t in doc[1:]:
        head, be = t.head, doc[t.i - 1]
        root = next((x for x in (head, be) if x.dep_ == "ROOT"), None)
        if t.dep_ != "compound" or not t.lower_.endswith("ing") or head.i != t.i + 1 or \
                head.lower_ not in times or be.lemma_ != "be" or root is None:
            continue
        heads = [x.head.i for x in doc]
        deps = [x.dep_ for x in doc]
        for x in list(root.children) + list(head.children):
            if x.i not in (t.i, head.i, be.i) and x.dep_ in (
                    "nsubj", "aux", "advmod", "prep", "punct", "neg", "cc", "conj", "npadvmod",
                    "ccomp", "advcl"):
                heads[x.i] = t.i
        heads[t.i], deps[t.i] = t.i, "ROOT"
        heads[be.i], deps[be.i] = t.i, "aux"
        heads[head.i], deps[head.i] = t.i, "dobj"
        _rebuild_tree(doc, heads, deps)  # (the edges of every subtree follow, as a head
        # set token by token leaves them behind)
        t.pos_, t.tag_ = "VERB", "VBG"
        t.lemma_ = (getLemma(t.lower_, upos="VERB") or (t.lemma_,))[0]  # "living": "live"


def _rebuild_tree(doc: Doc, heads: list[int], deps: list[str]) -> None:
    """Set every token's head and label at once, so spaCy recomputes the tree's edges."""
    import numpy
    from spacy.attrs import DEP, HEAD

    array = numpy.zeros((len(doc), 2), dtype="uint64")
    for i, (h, d) in enumerate(zip(heads, deps, strict=True)):
        array[i, 0] = numpy.uint64(numpy.int64(h - i).astype(numpy.uint64))
        array[i, 1] = doc.vocab.strings.add(d)
    doc.from_array([HEAD, DEP], array)


def repair_ages_read_as_modifiers(doc: Doc) -> None:
    """An age the parser hung, as a modifier, on a complement coordinated with it
    ("She's seventeen and honestly great company": "seventeen" an amod of "company",
    joined to "great"): the number is the complement, and what follows the "and" an aside
    the readers leave alone (a judgement, not a kind of person)."""
    for number in doc:
        noun = number.head
        cc = next((c for c in number.children if c.dep_ == "cc"), None)
        if number.pos_ != "NUM" or number.dep_ not in ("amod", "nummod") or cc is None \
                or noun.dep_ != "attr" or noun.head.lemma_ != "be" or noun.i < number.i:
            continue
        for c in list(number.children):
            if c.i > number.i:
                c.head = noun
        number.head, number.dep_ = noun.head, "attr"
        noun.head, noun.dep_ = number, "dep"


def repair_nouns_read_as_verbs_after_do(doc: Doc, verb_lemmas: frozenset[str]) -> None:
    """A word no dictionary knows as a verb, taken for one after "does" ("my grandma does
    aqua aerobics": "does" an auxiliary of "aqua"): "does" is the verb, the word a part
    of its object."""
    if not verb_lemmas:
        return
    for word in doc[1:]:
        do = doc[word.i - 1]
        thing = child(word, "dobj")
        if word.tag_ != "VB" or do.lemma_ != "do" or do.dep_ != "aux" or do.head.i != word.i \
                or word.lower_ in verb_lemmas or not word.is_alpha:
            continue
        if thing is None and not any(c.dep_ == "neg" for c in word.children):
            # "Arjun does karate on Tuesdays": "karate" the object of "does"
            do.head, do.dep_, do.pos_ = word.head if word.head.i != word.i else do, word.dep_, \
                "VERB"
            joined = all(t.dep_ in ("cc", "conj") or t.i == word.i for t in doc[
                word.i:max([c.i for c in word.children if c.dep_ == "cc"], default=word.i)])
            for c in list(word.children):  # "karate and judo": a second thing done, joined
                # to the first where nothing stands between them
                c.head = word if joined and c.dep_ in ("conj", "cc") and not any(
                    g.dep_ == "nsubj" for g in c.children) else do
            word.head, word.dep_, word.tag_, word.pos_ = do, "dobj", "NN", "NOUN"
            word.lemma_ = word.lower_
            continue
        if thing is None or thing.i != word.i + 1:
            continue  # ("she doesnt zumba": denied, no object to move)
        _auxiliary_made_the_verb(do, word, thing)


def _auxiliary_made_the_verb(aux: Any, word: Any, thing: Any) -> None:
    """``aux`` ("does", "has") the verb in ``word``'s place, ``word`` a compound of the
    object ``thing`` ("does aqua aerobics", "has type 2 diabetes")."""
    aux.head, aux.dep_, aux.pos_ = word.head if word.head.i != word.i else aux, word.dep_, \
        "VERB"
    for c in list(word.children):
        if c.i != thing.i:
            c.head = aux
    thing.head, thing.dep_ = aux, "dobj"
    word.head, word.dep_, word.tag_, word.pos_ = thing, "compound", "NN", "NOUN"
    word.lemma_ = word.lower_


def repair_nouns_read_as_verbs_after_have(doc: Doc) -> None:
    """A noun taken for a verb's bare form after "has" ("my dad has type 2 diabetes":
    "has" an auxiliary of "type"): "have" never takes a bare verb, so "has" is the verb
    and the word a part of its object. A bare form that is also a participle ("I have
    run a marathon") is left as it is."""
    from lemminflect import getInflection

    for word in doc[1:]:
        have = doc[word.i - 1]
        thing = child(word, "dobj")
        if word.tag_ != "VB" or have.lemma_ != "have" or have.dep_ != "aux" \
                or have.tag_ not in ("VBZ", "VBP", "VBD") or have.head.i != word.i \
                or thing is None or thing.i <= word.i or not word.is_alpha \
                or word.lower_ in getInflection(word.lemma_, tag="VBN") or any(
                    t.pos_ != "NUM" for t in doc[word.i + 1:thing.i]):
            continue
        _auxiliary_made_the_verb(have, word, thing)


def repair_conditions_had(doc: Doc, conditions: frozenset[str]) -> None:
    """A condition (lexicon ``conditions``) straight after "has", "have" or "had", which
    the small model may not know ("the consultant says he has angina": "angina" a
    ``punct``, a clause of its own, or an adjective "has" is the auxiliary of): the
    object of "have", and "have" the verb."""
    for word in doc[1:]:
        have = doc[word.i - 1]
        if word.lower_ not in conditions or have.lemma_ != "have" or have.tag_ not in (
                "VBZ", "VBP", "VBD") or word.dep_ == "dobj" and word.head == have:
            continue
        if have.head == word:  # "has" taken for the auxiliary of "angina"
            have.head = word.head if word.head != word else have
            have.dep_, have.pos_ = word.dep_, "VERB"
            for c in list(word.children):
                c.head = have
        elif word.dep_ not in ("ccomp", "punct", "conj", "npadvmod") or list(word.children):
            continue  # (else hung on the verb before "has": moved below)
        word.head, word.dep_, word.tag_, word.pos_ = have, "dobj", "NN", "NOUN"


def repair_getting_about_read_as_nouns(doc: Doc, lex: Any) -> None:
    """A verb of getting about the tagger took for a plural noun, its destination then
    read as an infinitive ("My wife Giulia cycles to work now": "cycles" an apposition,
    "work" the root with "to" its aux; "My friend Bea commutes to work": "friend" the
    root, "work" a relative clause of it): the verb heads the sentence again, its subject
    the noun phrase before it, and the destination is where it goes."""
    for dest in doc:
        to = _infinitive_to(dest)
        if to is None or to.i == 0 or dest.lower_ not in lex.destinations:
            continue
        verb = doc[to.i - 1]
        if verb.tag_ != "NNS" or verb.lower_[:-1] not in lex.getting_about \
                or any(c.dep_ in ("dobj", "nsubj") and c.i > dest.i for c in dest.children):
            continue
        subject = verb.head if verb.dep_ == "appos" else None
        if dest.dep_ in ("ROOT", "ccomp") and any(c.dep_ == "nsubj" for c in dest.children):
            verb.head, verb.dep_ = (verb if dest.head.i == dest.i else dest.head), dest.dep_
        elif dest.dep_ == "relcl" and subject is not None and dest.head.i == subject.i \
                and subject.dep_ == "ROOT":
            for part in list(subject.children):  # "by train", "now": the verb's
                if part.i > verb.i and part.i != dest.i:
                    part.head = verb
            verb.head, verb.dep_ = verb, "ROOT"
            subject.head, subject.dep_ = verb, "nsubj"
        else:
            continue
        for part in list(dest.children):
            if part.i != to.i and part.i != verb.i:
                part.head = verb
        for part in list(verb.children):
            if part.dep_ == "compound":
                part.head = verb
        _as_present_verb(verb, verb.lower_[:-1])
        _to_as_preposition(to, dest, verb)
        dest.pos_, dest.tag_, dest.lemma_ = "NOUN", "NN", dest.lower_
        _name_before_verb(verb)


def repair_to_nouns(doc: Doc, lex: Any) -> None:
    """A noun the parser read as an infinitive with its "to" ("I cycle to work most days":
    "work" an xcomp NOUN, "to" its aux): the "to" a preposition of the verb again, the noun
    its object."""
    for noun in doc:
        to = _infinitive_to(noun)
        if to is None or noun.dep_ not in ("xcomp", "advcl") or noun.head.pos_ != "VERB":
            continue
        if noun.pos_ == "NOUN" or noun.lower_ in lex.destinations and all(
                c.i == to.i or c.dep_ in ("npadvmod", "advmod") for c in noun.children) \
                and noun.head.lemma_.lower() in lex.getting_about:
            # ("I walk to work": "work" a bare verb after a verb of getting about)
            _to_as_preposition(to, noun, noun.head)
            noun.pos_, noun.tag_, noun.lemma_ = "NOUN", "NN", noun.lower_



EATING = ("eat", "drink", "cook", "bake", "smoke", "stand")  # "can't stand": dislikes


def repair_foods_read_as_verbs(doc: Doc) -> None:
    """A food the tagger took for a bare verb after a verb of eating ("Chris can't eat
    gluten": "gluten" an xcomp VB, or an advmod before a comma): the verb's object, a
    noun; and a second sentence run on after such a verb's object ("cant stand mushrooms
    the texture is gross"), no complement of the verb."""
    for verb in doc:
        thing = child(verb, "dobj") if verb.lemma_.lower() in EATING else None
        for clause in [c for c in verb.children if thing is not None and c.dep_ == "ccomp"
                       and c.i > thing.i and child(c, "nsubj") is not None]:
            clause.dep_ = "parataxis"
    for word in doc:
        verb = word.head
        if word.dep_ not in ("xcomp", "advcl", "advmod") or word.tag_ != "VB":
            continue
        run_on = [c for c in word.children if c.dep_ in ("ccomp", "advcl", "parataxis")
                  and c.i > word.i and child(c, "nsubj") is not None]
        if word.i == verb.i + 1 \
                and verb.lemma_.lower() in EATING and all(c.dep_ in ("cc", "conj")
                                                          for c in word.children
                                                          if c not in run_on) \
                and child(verb, "dobj") is None:  # ("can't eat gluten or dairy")
            word.dep_, word.tag_, word.pos_ = "dobj", "NN", "NOUN"
            word.lemma_ = word.lower_
            for clause in run_on:  # ("can't stand coriander it tastes like soap": a
                clause.head, clause.dep_ = verb, "parataxis"  # second sentence, run on)


def repair_states_read_as_subjects(doc: Doc, lex: Any) -> None:
    """A state of life straight after a coordinated verb that dropped its "I" ("I don't
    eat meat anymore, went veggie in January"): the parser takes "veggie" for the verb's
    subject, put after it; it is what was gone into, and the verb shares its head's
    subject."""
    for word in doc[1:]:
        verb = word.head
        if word.dep_ == "nsubj" and word.i == verb.i + 1 and verb.dep_ == "conj" \
                and word.lower_ in lex.states_of_life:
            word.dep_ = "acomp"


# the seasons, and said of every year ("I love summers")
LIKED_SEASONS = frozenset(SEASONS | {"winters", "summers", "springs", "autumns"})


def repair_times_liked(doc: Doc, lex: Any) -> None:
    """A season or a day said straight after a verb of liking, with no object of its own
    ("I love winter", "i hate mondays"): the parser hangs it as when, but it is what is
    liked (not "I loved it monday")."""
    for word in doc:
        verb = word.head
        if word.dep_ == "npadvmod" and word.i == verb.i + 1 and child(verb, "dobj") is None \
                and word.lower_ in LIKED_SEASONS | lex.weekdays and verb.pos_ == "VERB" \
                and of_liking(verb.lemma_.lower()):
            word.dep_ = "dobj"


def _infinitive_to(word: Any) -> Any | None:
    """The "to" straight before a word that the parser made its infinitive marker."""
    to = next((c for c in word.children if c.dep_ == "aux" and c.lower_ == "to"), None)
    return to if to is not None and to.i == word.i - 1 else None


def _to_as_preposition(to: Any, word: Any, verb: Any) -> None:
    """"to" a preposition of ``verb`` again, ``word`` its object."""
    to.head, to.dep_, to.pos_, to.tag_ = verb, "prep", "ADP", "IN"
    word.head, word.dep_ = to, "pobj"


def repair_coordinated_verbs(doc: Doc, lex: Any) -> None:
    """A second verb the parser took for a plural noun joined to the first verb's object
    ("Priya leads the platform team and reports to Sam": "reports" a conjunct of "team"):
    the verb again, sharing the first verb's subject, when it is a verb the lexicon knows
    and carries its own preposition."""
    verbs = set(lex.verbs) | lex.work_verbs | lex.lasting_verbs
    for word in doc:
        thing = word.head
        after = doc[word.i + 1] if word.i + 1 < len(doc) else None
        if after is not None and after.dep_ == "prep" and word.dep_ == "conj" \
                and thing.dep_ == "dobj" and after.head.i == thing.head.i \
                and word.tag_ == "NNS" and word.lower_[:-1] in verbs:
            after.head = word  # "Lena leads design and reports to me": "to me" hung on
            # "leads", though it is the second verb's
        lemma = _verb_read_as_noun(word, verbs)
        if not lemma or word.dep_ != "conj" or thing.dep_ != "dobj" \
                or thing.head.pos_ != "VERB":
            continue
        word.head = thing.head
        _as_present_verb(word, lemma)
        cc = next((c for c in thing.children if c.dep_ == "cc" and c.i < word.i), None)
        if cc is not None:
            cc.head = thing.head


def repair_verbs_joined_to_complements(doc: Doc, verbs: frozenset[str]) -> None:
    """A second verb the parser joined to the complement of "be" ("Tom is 40 and lives in
    Leeds": "lives" a conjunct of "40"): a conjunct of "is", sharing its subject
    (``verbs``: the lexicon's, for a verb the tagger took for a plural noun)."""
    for word in doc:
        complement = word.head
        be = complement.head
        after = doc[word.i + 1] if word.i + 1 < len(doc) else None
        noun_verb = word.tag_ == "NNS" and word.lower_[:-1] in verbs and after is not None \
            and after.dep_ == "prep"  # "my brother is 35 and lives in Berlin": "lives" NNS
        if word.dep_ != "conj" or not (word.pos_ == "VERB" and word.tag_ in (
                "VBZ", "VBP", "VBD") or noun_verb) \
                or complement.dep_ not in ("attr", "acomp") or be.lemma_ != "be":
            continue
        if noun_verb:
            _as_present_verb(word, word.lower_[:-1])
            after.head = word
        word.head = be
        for c in complement.children:
            if c.dep_ == "cc" and c.i < word.i:
                c.head = be


def repair_named_relatives_owning(doc: Doc, kin: frozenset[str]) -> None:
    """"My husband Karim's restaurant got a review": the parser hangs the thing owned on
    the relative ("restaurant" an apposition of "husband", "Karim" its possessor); the
    relative is named Karim and owns the thing, which is the clause's subject again."""
    for name in doc:
        relative, owned = doc[name.i - 1] if name.i > 0 else name, name.head
        if name.pos_ != "PROPN" or name.dep_ != "poss" or not any(
                c.dep_ == "case" for c in name.children) or relative.lower_ not in kin \
                or child(relative, "poss") is None or owned.dep_ != "appos" \
                or owned.head.i != relative.i:
            continue
        root = relative.head.i == relative.i
        owned.head, owned.dep_ = (owned, "ROOT") if root else (relative.head, relative.dep_)
        relative.head, relative.dep_ = owned, "poss"
        name.head, name.dep_ = relative, "appos"


def repair_purposes_read_as_clauses(doc: Doc, making: frozenset[str]) -> None:
    """"I made this stained glass window to remind myself ...": the parser reads "window
    to remind" as a clause the making causes ("made him cry"), but a causing "make" takes
    no "to": the window is what was made, the "to" clause why."""
    for clause in doc:
        verb = clause.head
        subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
        if clause.dep_ != "ccomp" or verb.lemma_.lower() not in making or subject is None \
                or subject.pos_ not in ("NOUN", "PROPN") or any(
                    c.dep_ == "dobj" for c in verb.children) or not any(
                    c.dep_ == "aux" and c.tag_ == "TO" for c in clause.children):
            continue
        subject.head, subject.dep_ = verb, "dobj"
        clause.dep_ = "advcl"


def repair_relatives_read_as_clauses(doc: Doc) -> None:
    """"reading that book you recommended a while ago": a relative clause said without
    "that" (its object the noun before it), which the parser hung on the verb as what is
    said; the noun's, where its verb has no object of its own and the noun is pointed at
    ("that book"), which the clause then says which it is."""
    for clause in doc:
        verb = clause.head
        thing = next((c for c in verb.children if c.dep_ == "dobj"), None)
        subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
        if clause.dep_ != "ccomp" or thing is None or subject is None or clause.i < thing.i \
                or subject.i != thing.i + 1 or subject.pos_ != "PRON" or thing.pos_ != "NOUN" \
                or not any(c.dep_ == "det" and c.lower_ in ("that", "this", "those", "these")
                           for c in thing.children) \
                or any(c.dep_ in ("dobj", "ccomp", "xcomp", "attr", "acomp", "mark")
                       for c in clause.children):
            continue
        clause.head, clause.dep_ = thing, "relcl"


def repair_relatives_hung_on_the_post(doc: Doc) -> None:
    """"I'm head chef at a gastropub in Cardiff that my partner co-owns": the parser hangs
    the relative clause on the post ("head chef"), far back; what the clause's verb has
    as its object is the workplace named just before it."""
    for clause in doc:
        post = clause.head
        subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
        mark = next((c for c in clause.children if c.i < clause.i
                     and c.lower_ in ("that", "which") and c.dep_ in ("mark", "dobj")), None)
        if clause.dep_ != "relcl" or post.dep_ != "attr" or post.pos_ != "NOUN" \
                or mark is None or subject is None or subject.lower_ in ("that", "which") \
                or any(c.dep_ == "dobj" and c != mark for c in clause.children):
            continue
        places = [t for t in doc[post.i + 1:mark.i] if t.dep_ == "pobj" and t.pos_ == "NOUN"
                  and t.head.dep_ == "prep" and t.head.lower_ in ("at", "for", "with")]
        if places:
            clause.head = places[-1]


def repair_names_before_their_post(doc: Doc) -> None:
    """"Dean the area manager was nice": a name said straight before "the" and a post,
    without commas, which the parser hangs as a modifier of the clause; the subject, the
    post its apposition ("Dean, the area manager, was nice")."""
    for post in doc:
        the = doc[post.left_edge.i]
        name = doc[the.i - 1] if the.i else None
        if name is None or the.lower_ != "the" or post.dep_ != "nsubj" or name.pos_ != "PROPN" \
                or name.dep_ not in ("npadvmod", "compound", "dep") or name.head != post.head \
                or not (post.lower_ in lexicon().posts or post.lower_.endswith(AGENT_ENDINGS)):
            continue
        name.dep_, post.dep_ = "nsubj", "appos"
        post.head = name


def repair_states_read_as_objects(doc: Doc, lex: Any) -> None:
    """A state of life the parser hung on the word before it, which it took for the
    complement of "be" ("I'm lactose intolerant so ...": "intolerant" a predicate of
    "lactose"; "I'm type 1 diabetic": two complements): the complement, the words before
    it its modifiers."""
    for state in doc[1:]:
        if state.lower_ not in lex.states_of_life:
            continue
        head = state.head
        be = head.head
        if state.dep_ in ("oprd", "dobj", "attr") and head.i < state.i and be.lemma_ == "be" \
                and head.dep_ in ("acomp", "attr") and not any(
                    t.is_punct for t in doc[head.i:state.i]):
            state.head, state.dep_, state.pos_, state.tag_ = be, head.dep_, "ADJ", "JJ"
            head.head, head.dep_ = state, "amod" if head.pos_ == "ADJ" else "compound"
            for c in list(head.children):
                if c.i > state.i:
                    c.head = be
            continue
        if state.dep_ == "attr" and head.lemma_ == "be":
            earlier = next((t for t in doc[head.i + 1:state.i] if t.dep_ == "attr"
                            and t.head == head), None)
            if earlier is not None:  # "I'm type 1 diabetic": "type" and "diabetic"
                earlier.head, earlier.dep_ = state, "compound"
                state.dep_, state.pos_, state.tag_ = "acomp", "ADJ", "JJ"
        if state.dep_ in ("acomp", "oprd") and head.dep_ == "ROOT" \
                and head.i == state.i - 1 and head.pos_ == "VERB":
            _state_read_as_passive(head, state)  # "I'm gluten intolerant"


def _state_read_as_passive(word: Any, state: Any) -> None:
    """"I'm gluten intolerant" read as a passive of a verb "gluten": "be" heads the clause
    again, its subject with it, the state its complement and the word its modifier."""
    be = next((c for c in word.children if c.dep_ == "auxpass" and c.lemma_ == "be"), None)
    if be is None:
        return
    subjects = [c for c in word.children if c.dep_ == "nsubjpass"]
    be.head, be.dep_ = be, "ROOT"
    for c in [*subjects, *(c for c in word.children if c not in subjects and c != state)]:
        c.head = be
    for c in subjects:
        c.dep_ = "nsubj"
    state.head, state.dep_, state.pos_, state.tag_ = be, "acomp", "ADJ", "JJ"
    word.head, word.dep_, word.pos_, word.tag_ = state, "compound", "NOUN", "NN"


def repair_subjects_read_as_compounds(doc: Doc) -> None:
    """A present verb with no subject, the noun straight before it hung on it as a
    compound ("The search service runs on Elasticsearch": "service" a compound of
    "runs"): its subject; and an article hung on the verb is its subject's."""
    for verb in doc[1:]:
        noun = doc[verb.i - 1]
        if verb.pos_ == "VERB" and verb.tag_ == "VBZ" and noun.dep_ == "compound" \
                and noun.head == verb and noun.pos_ in ("NOUN", "PROPN") and not any(
                    c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
            noun.dep_ = "nsubj"
    for det in doc:  # ("The search service runs": "The" hung on "runs"): the subject's
        verb = det.head
        subject = next((c for c in verb.children if c.dep_ == "nsubj" and c.i > det.i), None)
        if det.dep_ == "det" and verb.pos_ == "VERB" and det.i < verb.i and subject is not None \
                and subject.left_edge.i == det.i + 1:
            det.head = subject


LANGUAGE_VERBS = frozenset({"speak", "learn", "teach", "study", "understand"})


def repair_languages_read_as_adjectives(doc: Doc) -> None:
    """A language said in lower case after a verb of speaking, which the tagger took for
    an adjective ("i speak arabic, french and a bit of spanish": "arabic" a complement):
    the verb's object, a noun (its conjuncts follow it)."""
    for word in doc:
        if word.dep_ in ("acomp", "oprd") and word.pos_ == "ADJ" \
                and word.lower_ in lexicon().languages \
                and word.head.lemma_.lower() in LANGUAGE_VERBS and word.i > word.head.i \
                and child(word.head, "dobj") is None:  # (not "i speak fluent")
            word.dep_, word.pos_, word.tag_ = "dobj", "NOUN", "NN"


def repair_items_joined_to_numbers(doc: Doc) -> None:
    """"runs Ubuntu 22.04 and Jenkins": the parser joins "Jenkins" to the version number;
    a named item after a number's "and" is the next item of the list the number's noun
    is in."""
    for item in doc:
        number = item.head
        if item.dep_ != "conj" or number.dep_ != "nummod" or not number.like_num \
                or item.like_num or item.pos_ not in ("PROPN", "NOUN"):
            continue
        cc = next((c for c in number.children if c.dep_ == "cc" and c.i < item.i), None)
        item.head = number.head
        if cc is not None:
            cc.head = number.head


def repair_names_read_as_infinitives(doc: Doc) -> None:
    """"moved our online orders from Etsy to Shopify": the parser reads "to Shopify" as an
    infinitive, the name a verb; a name after "to" with nothing a verb has is where to."""
    for name in doc:
        to = next((c for c in name.children if c.dep_ == "aux" and c.lower_ == "to"), None)
        named = name.pos_ == "PROPN" or name.text[:1].isupper() and name.i > name.sent.start \
            and not name.text.isupper()  # ("Shopify" tagged a verb: a verb has no capital)
        if to is None or not named or name.dep_ not in ("advcl", "xcomp") or any(
                c.dep_ in ("nsubj", "dobj", "aux", "auxpass", "neg") and c != to
                for c in name.children):
            continue
        verb = name.head
        to.head, to.dep_, to.tag_, to.pos_ = verb, "prep", "IN", "ADP"
        name.head, name.dep_ = to, "pobj"


def repair_round_read_as_a_verb(doc: Doc) -> None:
    """"Kasia lives just round the corner": the tagger makes "round" the verb and "lives"
    its auxiliary; "lives" is the verb again, "round" its preposition."""
    for word in doc:
        if word.lower_ in ("round", "around") and word.dep_ == "prep" and not list(
                word.children):  # "I live round the corner": "corner" the verb's object
            thing = next((c for c in word.head.children if c.dep_ == "dobj"
                          and c.left_edge.i == word.i + 1), None)
            if thing is not None:
                word.pos_, word.tag_ = "ADP", "IN"
                thing.head, thing.dep_ = word, "pobj"
            continue
        verb = next((c for c in word.children if c.dep_ == "aux" and c.tag_ in ("VBZ", "VBP")
                     and c.lemma_.lower() not in ("be", "have", "do")), None)
        if word.lower_ not in ("round", "around") or word.pos_ not in ("VERB", "AUX") \
                or word.dep_ != "ROOT" or verb is None:
            continue
        verb.dep_, verb.pos_ = "ROOT", "VERB"
        if verb.tag_ == "VBZ" and verb.lemma_.lower() == verb.lower_:
            verb.lemma_ = verb.lower_[:-1]  # "lives" -> "live"
        verb.head = verb
        for c in list(word.children):
            if c.i != verb.i and c.dep_ != "dobj":
                c.head = verb
        word.head, word.dep_, word.pos_, word.tag_ = verb, "prep", "ADP", "IN"
        for c in word.children:
            if c.dep_ == "dobj":
                c.dep_ = "pobj"


def repair_listed_nouns_read_as_verbs(doc: Doc) -> None:
    """A last noun of a list the tagger took for a bare verb joined to the clause's verb
    ("I'm allergic to nuts and shellfish": "shellfish" a VB conjunct of "'m"): a noun
    again, a conjunct of the noun straight before the "and"."""
    for word in doc:
        verb = word.head
        if word.dep_ != "conj" or word.tag_ not in ("VB", "VBP") or list(word.children) \
                or word.i < 2 or verb.lemma_ != "be" or word.i + 1 < len(doc) and (
                    doc[word.i + 1].pos_ not in ("PUNCT",)):
            continue
        cc, before = doc[word.i - 1], doc[word.i - 2]
        if cc.dep_ != "cc" or before.dep_ not in ("pobj", "dobj", "conj") or (
                before.pos_ not in ("NOUN", "PROPN")):
            continue
        word.head, cc.head = before, before
        word.tag_, word.pos_, word.lemma_ = "NN", "NOUN", word.lower_


SWITCHING = {"switch", "move", "change", "migrate", "go", "swap"}


def repair_switch_targets(doc: Doc) -> None:
    """What a switch went to, read as a verb after "to" ("we switched from whatsapp to
    signal": "signal" an infinitive): the object of "to" again, a name."""
    for word in doc:
        to = _infinitive_to(word)
        verb = word.head
        if to is None or word.dep_ not in ("advcl", "xcomp") \
                or verb.lemma_.lower() not in SWITCHING or any(
                    c != to and not c.ent_type_ for c in word.children) \
                or not any(c.dep_ == "prep" and c.lower_ == "from" and c.i < to.i
                           for c in verb.children):
            continue
        _to_as_preposition(to, word, verb)
        word.pos_, word.tag_ = "PROPN", "NNP"


def repair_has_got_read_as_passive(doc: Doc) -> None:
    """"Marco's got two kids" parsed as a passive ("'s" its auxpass, Marco its nsubjpass):
    has got, with Marco its subject; and names set off after an aside ("two kids now,
    Luca and Bea") given to the kids, as "two kids, Luca and Bea" would be."""
    for got in doc:
        if got.lemma_ not in ("get", "have"):
            continue
        before = doc[got.i - 1] if got.i else got
        aux = next((c for c in got.children if c.dep_ == "auxpass" and c.lower_ in (
            "'s", "’s") and c.i == got.i - 1), None)
        subject = child(got, "nsubjpass")
        if aux is None and before.dep_ == "case" and before.lower_ in ("'s", "’s") \
                and before.head.dep_ == "nsubj" and before.head.head == got:
            aux, subject = before, before.head  # ("my sister's got a dog": hers, no "'s")
        things = child(got, "dobj")
        if things is None:
            continue
        if got.lower_ == "got" and aux is not None and subject is not None:
            aux.head, aux.dep_, aux.lemma_, aux.tag_, aux.pos_ = got, "aux", "have", "VBZ", "AUX"
            subject.dep_ = "nsubj"
            got.tag_ = "VBN"
        names = next((c for c in got.children if c.dep_ in ("npadvmod", "appos", "dep")
                      and c.pos_ == "PROPN" and c.i > things.i
                      and doc[c.i - 1].text == ","), None)
        if names is not None and things.tag_ == "NNS":
            names.head, names.dep_ = things, "appos"


def repair_gapped_objects(doc: Doc) -> None:
    """A second object and its own preposition said with the verb left out ("we use Jira
    for tickets and Slack for chat", "Jira for bugs, Notion for docs and Slack for chat",
    "I teach maths on Mondays and English on Fridays"), the object hung on the verb, on
    the object of the preposition before it, or set beside that in commas: joined to the
    verb's object, its preposition its own."""
    for second in doc:
        if second.pos_ not in ("NOUN", "PROPN") or not (second.dep_ == "conj" or (
                second.dep_ == "appos" and doc[second.i - 1].text == ",")):
            continue
        before = second.head
        said = before.head if before.dep_ == "pobj" and before.head.dep_ == "prep" else None
        owner = said.head if said is not None else before
        while owner.dep_ == "conj" and owner.pos_ not in ("VERB", "AUX"):
            owner = owner.head  # ("..., Notion for docs and Slack for chat": Notion joined)
        verb = owner if owner.pos_ in ("VERB", "AUX") else owner.head \
            if owner.dep_ == "dobj" else None
        first = child(verb, "dobj") if verb is not None else None
        if first is None and verb is not None and said is not None:
            lead = next((p for p in verb.children if p.dep_ == "prep" and p.i < said.i
                         and p.lower_ != said.lower_ and child(p, "pobj") is not None), None)
            first = child(lead, "pobj") if lead is not None else None  # ("I shop at Tesco on
            # weekdays and Aldi on weekends", "going to Paris in May and Rome in June")
        after = doc[second.i + 1] if second.i + 1 < len(doc) else second
        own = next((c for c in second.children if c.dep_ == "prep"), None) or (
            after if after.dep_ == "prep" and after.head in (before, said.head if said else before)
            else None)  # ("AWS for hosting and Stripe for payments": the second "for" hung
        # on "hosting"; "..., Notion for docs and Slack for chat": on "Notion")
        if first is None or own is None or not first.i < second.i > before.i or (
                said is None and before != verb) or said is not None and first.i > before.i:
            continue
        if said is None:  # (hung on the verb: the verb's or its object's preposition)
            said = next((p for p in [*verb.children, *first.children] if p.dep_ == "prep"
                         and p.i < second.i), None)
        if said is None or said.lower_ != own.lower_:
            continue
        joiner = next((c for c in before.children if c.dep_ == "cc"
                       and c.i == second.left_edge.i - 1), None)
        second.head, second.dep_ = first, "conj"
        own.head = second
        if joiner is not None:  # ("and", with the objects it joins)
            joiner.head = first


def _one_word_entity(token: Any) -> bool:
    """Whether the tagger's entity is this word alone ("my best pal Connor", Connor taken
    for a firm: a name, one word, after a friend is theirs)."""
    return any(e.start == token.i and e.end == token.i + 1 for e in token.doc.ents)


def repair_named_relatives(doc: Doc) -> None:
    """A possessed relative and the name straight after it, parsed as a compound of the
    name ("my sister maya lives": "my" and "sister" hung on "maya") or as two subjects
    ("my cousin Ines lives"), re-hung as the reader knows the pair: the relative with its
    possessive, the name in apposition to it ("my sister Maya")."""
    kin = lexicon().kin | lexicon().pets  # "our dog Rex is five": the dog, named Rex
    for relative in doc[:-1]:
        name = doc[relative.i + 1]
        if [t.lower_ for t in doc[relative.i + 1:relative.i + 5]] == ["-", "in", "-", "law"] \
                and relative.i + 5 < len(doc):
            name = doc[relative.i + 5]  # ("my brother-in-law Gary is a roofer")
        if name.head == relative and name.dep_ == "appos" and relative.lower_ in kin:
            if relative.pos_ in ("PROPN", "ADJ") and relative.is_lower:
                relative.pos_, relative.tag_ = "NOUN", "NN"  # ("My nan Gloria": "nan" NNP)
            if name.pos_ in ("ADJ", "NOUN") and name.is_title and not name.is_sent_start:
                name.pos_, name.tag_ = "PROPN", "NNP"  # ("our dog Bramble": a name here)
        if name.dep_ == "compound" and name.pos_ == "PROPN" and name.head.pos_ == "PROPN" \
                and name.head.i > name.i and relative.head in (name.head, name.head.head):
            name = name.head  # "My mentor Sarah Okafor": the name's last word its head
            # ("my best mate Amy Jones lives": the mate and Jones both subjects)
        if relative.lower_ not in kin or not (relative.pos_ == "NOUN" or relative.pos_ in (
                "PROPN", "ADJ") and relative.is_lower) or not (
                name.pos_ == "PROPN" or name.ent_type_ == "PERSON" or name.pos_ == "NOUN"
                and name.is_title and relative.is_lower) or name.ent_type_ in (
                "DATE", "TIME") or name.ent_type_ == "ORG" and relative.ent_type_ != "ORG" and (
                    relative.lower_ not in lexicon().family | lexicon().pets
                    and not _one_word_entity(name)
                    or name.i + 1 < len(doc)
                    and doc[name.i + 1].ent_type_ == "ORG") \
                or name.head == relative:  # ("my niece Ffion" taken whole for a firm: no;
            # "my girlfriend Deepa", one name the tagger took for a firm, is hers)
            continue
        compound = relative.dep_ in ("compound", "nsubj", "nmod", "amod") \
            and relative.head == name and (name.ent_type_ not in ("GPE", "LOC") or (
                relative.lower_ in lexicon().family and name.dep_ in ("nsubj", "nsubjpass")))
        # ("my nan Gloria is 88": "Gloria" taken for a place, the subject all the same)
        # ("my flatmate Grace says hi": an adjective)
        # ("my cousin Ines lives"; "..., my partner Jo got a job": the relative a time;
        # "I'll bring my flatmate Dev": two objects; "my aunt Sigrid is staying", Sigrid
        # taken for a place: two subjects are one person all the same)
        twins = ((name.dep_ in ("nsubj", "compound") or name.dep_ == "advmod"
                  and name.pos_ == "PROPN") and relative.dep_ in ("nsubj", "npadvmod")
                 or name.dep_ == relative.dep_ == "dobj") and relative.head == name.head
        owner = next((c for t in (relative, name) for c in t.children if c.dep_ == "poss"), None)
        if not (compound or twins) or owner is None or name.head == name:
            continue
        relative.head = name.head
        if name.dep_ not in ("compound", "advmod"):  # ("my best mate Amy lives": Amy
            relative.dep_ = name.dep_  # a compound of the verb, the mate its subject still)
        name.head, name.dep_ = relative, "appos"
        owner.head = relative
        relative.pos_, relative.tag_ = "NOUN", "NN"  # ("by my niece Ffion": "niece" NNP)
        if name.pos_ != "PROPN" and name.is_title:  # ("my parrot Sunny": "Sunny" JJ)
            name.pos_, name.tag_ = "PROPN", "NNP"


def past_lemmas(nlp: Language) -> dict[str, str]:
    """Irregular past forms and their lemmas, from the pipeline's own lemmatizer tables
    ("lost" -> "lose"), for the pasts the lexicon names."""
    try:
        exceptions = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_exc")["verb"]
    except (KeyError, ValueError):
        return {}
    return {form: exceptions[form][0] for form in lexicon().irregular_pasts
            if form in exceptions}


def lemmas_of(nlp: Any, *pos: str) -> frozenset[str]:
    """The English words the pipeline's lemmatizer knows, of the parts of speech named
    ("verb": "cycle", "commute"; "adj") or of all; none where it has no such table."""
    try:
        index = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_index")
        keys = [nlp.vocab.strings[p] for p in pos] if pos else list(index)
        return frozenset(w for key in keys for w in index[key])
    except (KeyError, ValueError, AttributeError):
        return frozenset()


@Language.factory(COMPONENT, default_config={"readers": list(READERS),
                                             "sentence_readers": list(SENTENCE_READERS),
                                             "fallback_readers": list(FALLBACK_READERS)})
def make_clause_reader(nlp: Language, name: str, readers: list[str],
                       sentence_readers: list[str],
                       fallback_readers: list[str]) -> ClauseReader:
    return ClauseReader(readers, sentence_readers, past_lemmas(nlp), fallback_readers,
                        lemmas_of(nlp, "verb"), lemmas_of(nlp, "adj"), lemmas_of(nlp))


def with_clause_reader(nlp: Language) -> Language:
    """The pipeline with the place labeller after the entity recogniser and the clause
    reader last (each added once; the pipeline is shared)."""
    if places.COMPONENT not in nlp.pipe_names:
        nlp.add_pipe(places.COMPONENT, after="ner" if "ner" in nlp.pipe_names else None)
    if COMPONENT not in nlp.pipe_names:
        nlp.add_pipe(COMPONENT, last=True)
    return nlp


def _plain(reading: SentenceReading) -> tuple[Any, ...]:
    """The reading as tuples of strings, numbers and booleans (msgpack-safe)."""
    return (reading.reason, tuple(
        (c.reason, tuple((*astuple(f)[:3], f.object_kind.value, *astuple(f)[4:])
                         for f in c.facts), c.ends, c.at) for c in reading.clauses))


def reading_of(plain: tuple[Any, ...]) -> SentenceReading:
    """A sentence's reading back from its plain form."""
    reason, plain_clauses = plain
    return SentenceReading(reason, tuple(
        ClauseReading(why, tuple(readers.RawFact(*f[:3], ObjectKind(f[3]), *f[4:])
                                 for f in facts), ending, at)
        for why, facts, ending, at in plain_clauses))

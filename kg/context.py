"""Context for a query: link its mentions to entities, walk the current band, rank, cut.

Plain functions over plain data; ``Memory.context`` feeds them from the store,
whose reads already apply the gate (approved, current) and the scope.

The walk's fan-out is bounded: each entity gives its best ``2 * max_claims`` claims
(by ``static_rank``, which orders them as ``score`` would at one hop), so a hub with
thousands of facts costs no more than a small entity. The first hop's ranking is exact;
later hops go on from the entities the best claims reached only (``walk_width``).

Candidates come from two lists over the same gated current band: the walk from the
entities the query names (and, for "we/our", the asker's organisations), and the claims
holding the query's content words whoever they are about. The two rankings are fused by
reciprocal rank and reranked by graph distance (``fuse``), then cut to the character
budget.

Each list ranks first by how much the claim says about the query's content words
(``kg.words.relevance``, the linked names left out): each word weighs
``ln(1 + claims / claims holding it)``, twice when the claim's predicate or object
holds it, once when only the sentence it came from does; then by::

    score = confidence * (1 + ln(observations)) * recency * outcomes / (1 + hops)
    recency = 0.5 ** (age_in_days / 180)      # halves every ~6 months
    outcomes = 2 * (accepted + 1) / (accepted + declined + 2)   # within (0, 2)

where ``accepted`` and ``declined`` count the outcomes agents reported on the claim
(``Memory.record_outcome``): three accepted outcomes put "style: minimalist" above an
equally relevant "style: ornate"; relevance to the query still comes first, and no
number of reports more than doubles a claim's score.

so "where does Priya live?" puts Priya's ``lives_in`` before her newer facts. Besides
its best claims by ``static_rank``, each entity gives those that hold a query word,
however old.

>>> from datetime import UTC, datetime
>>> now = datetime(2026, 12, 1, tzinfo=UTC)
>>> round(score(hops=0, confidence=1.0, observations=1, age_days=0), 3)
1.0
>>> score(hops=1, confidence=1.0, observations=1, age_days=0) < score(0, 1.0, 1, 0)
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime

from rapidfuzz import fuzz, process

from kg.dates import calendar_day, time_ahead
from kg.models import Claim, ClaimKind, ObjectKind
from kg.normalise import entity_id
from kg.phrasing import spoken
from kg.registry import is_event
from kg.words import content_words, of_claim, of_source, relevance

FIRST_PERSON = {"i", "me", "my", "mine", "myself"}
FIRST_PLURAL = {"we", "us", "our", "ours", "ourselves"}
RRF_K = 60  # reciprocal rank fusion's constant (Cormack et al. 2009; Graphiti uses 60 too)
UNREACHED = 3  # the hop count given to a word candidate the walk did not reach
FUZZY_THRESHOLD = 88
HALF_LIFE_DAYS = 180.0
_WORD = re.compile(r"[\w#@.'-]+")


def score(hops: int, confidence: float, observations: int, age_days: float,
          accepted: int = 0, declined: int = 0) -> float:
    recency = 0.5 ** (max(age_days, 0.0) / HALF_LIFE_DAYS)
    return (confidence * (1 + math.log(max(observations, 1))) * recency
            * outcome_weight(accepted, declined) / (1 + hops))


def outcome_weight(accepted: int, declined: int) -> float:
    """The outcomes' factor in ``score``: 1.0 with none reported, towards 2 with many
    accepted, towards 0 with many declined.

    >>> outcome_weight(0, 0), outcome_weight(3, 0), outcome_weight(0, 3)
    (1.0, 1.6, 0.4)
    """
    return 2 * (accepted + 1) / (accepted + declined + 2)


def claim_score(claim: Claim, hops: int, now: datetime) -> float:
    """``score`` of a claim met ``hops`` entity steps from the query, at ``now``."""
    age = (now - claim.valid_from).total_seconds() / 86400
    return score(hops, claim.provenance.confidence, claim.observations, age,
                 claim.accepted, claim.declined)


def static_rank(claim: Claim) -> float:
    """The time-free part of ``score`` in log form: for claims met at the same hop, the
    order by ``score`` is the order by this key, whatever the time now (recency's common
    factor cancels). Lets an entity's claims be sorted once and read top first."""
    days = claim.valid_from.timestamp() / 86400
    return (math.log(max(claim.provenance.confidence, 1e-9))
            + math.log(1 + math.log(max(claim.observations, 1)))
            + math.log(outcome_weight(claim.accepted, claim.declined))
            + days / HALF_LIFE_DAYS * math.log(2))


def candidate_phrases(query: str, max_words: int = 4) -> list[str]:
    """Every run of up to ``max_words`` words of the query, longest first."""
    words = [re.sub(r"['’]s$", "", w).strip(".,;:!?'\"") for w in _WORD.findall(query)]
    words = [w for w in words if w]
    phrases = []
    for size in range(min(max_words, len(words)), 0, -1):
        phrases.extend(" ".join(words[i:i + size]) for i in range(len(words) - size + 1))
    return phrases


class Linker:
    """The names and aliases a memory knows, indexed once for linking many queries (a
    memory keeps one until its band changes)."""

    def __init__(self, names: dict[str, str], aliases: dict[str, str]) -> None:
        self.names = names
        self.lookup = {eid: eid for eid in names} | {entity_id(a): eid
                                                     for a, eid in aliases.items()}
        self.keys = list(self.lookup)

    def link(self, query: str, user: str) -> list[str]:
        """Entity ids a query names: exact names and aliases, then fuzzy, first person ->
        user.

        >>> Linker({"priya": "Priya"}, {}).link("where does Priya live?", "priya")
        ['priya']
        >>> Linker({"priya": "Priya"}, {}).link("what is my favourite colour", "priya")
        ['priya']
        """
        lookup = self.lookup
        found: list[str] = []
        for phrase in candidate_phrases(query):
            key = entity_id(phrase)
            if not key:
                continue
            if key in FIRST_PERSON and user in self.names and user not in found:
                found.append(user)
            elif key in lookup and lookup[key] not in found:
                found.append(lookup[key])
        if not found and lookup:
            for phrase in candidate_phrases(query, max_words=3):
                key = entity_id(phrase)
                if len(key) < 4:
                    continue
                match = process.extractOne(key, self.keys, scorer=fuzz.ratio,
                                           score_cutoff=FUZZY_THRESHOLD)
                if match and lookup[match[0]] not in found:
                    found.append(lookup[match[0]])
        return found


@dataclass(slots=True)
class Ranked:
    """A claim met on the walk: how far, its score, its relevance to the query."""

    claim: Claim
    hops: int
    score: float
    matched: float = 0.0  # kg.words.relevance of the claim to the query


# A question's word and the word the claim that answers it holds instead ("How old is
# Leo?" is answered by ``age``): added to the query's words, in this one place.
ASKED_AS = {"old": "age", "young": "age", "job": "work", "employer": "work",
            "kids": "child son daughter", "kid": "child son daughter",
            "children": "child son daughter", "child": "son daughter",
            "pets": "pet dog cat puppy kitten", "pet": "dog cat puppy kitten",
            "dog": "pet puppy", "dogs": "pet puppy", "cat": "pet kitten",
            "cats": "pet kitten",
            "married": "married", "spouse": "wife husband partner",
            "wedding": "married", "hobbies": "hobby likes", "pastime": "hobby likes",
            "pastimes": "hobby likes", "fun": "hobby likes", "allergy": "allergic",
            "allergies": "allergic",
            "studying": "studies", "degree": "studies", "diet": "eat eats vegan vegetarian"}

# Relatives and pets a question may name by relation ("my son", "Dana's sister")
RELATIONS = frozenset("""son daughter child kid wife husband partner spouse mother mum mom
father dad parent sister brother sibling grandmother grandma grandfather grandpa aunt
uncle cousin niece nephew girlfriend boyfriend fiance fiancee boss manager flatmate
roommate friend dog cat pet""".split())  # noqa: SIM905
_PLURALS = {"children": "child", "kids": "kid", "parents": "parent", "sons": "son",
            "daughters": "daughter", "sisters": "sister", "brothers": "brother",
            "dogs": "dog", "cats": "cat", "pets": "pet", "siblings": "sibling"}


def asked_as(query: str) -> frozenset[str]:
    """The words the claims answering ``query`` hold where the query has others.

    >>> sorted(asked_as("How old is my son?")), sorted(asked_as("What does Lucy do?"))
    (['age'], ['job', 'work'])
    """
    words = {w.lower() for w in _WORD.findall(query)}
    job = content_words("job " + ASKED_AS["job"]) if _WHAT_ONE_DOES.search(query) \
        else frozenset()  # (what one is, is_a's "job"; where one works, "work")
    return job.union(*(content_words(ASKED_AS[w]) for w in words if w in ASKED_AS))


# "What does Lucy do?", "what do you do for a living": asked as a job (not "what did
# Lucy do at the weekend")
_WHAT_ONE_DOES = re.compile(r"(?i)\bwhat (?:does|do) [\w' ]+? do(?: for (?:a )?(?:living|"
                            r"work))?\W*$")


def relations_asked(query: str) -> list[tuple[str, str]]:
    """(owner, relation) for each relative or pet the query names by relation: owner ""
    for "my"/"our" (the asker), else the name before "'s".

    >>> relations_asked("How old is my son?"), relations_asked("Where does Dana's sister live?")
    ([('', 'son')], [('Dana', 'sister')])
    >>> relations_asked("What's my partner's job?")
    [('', 'partner')]
    """
    words = [w.strip(".,;:!?\"") for w in _WORD.findall(query)]
    found = []
    for before, word in zip(words, words[1:], strict=False):
        word = re.sub(r"['’]s$", "", word.lower())  # "my partner's job": the partner
        relation = _PLURALS.get(word, word)
        if relation not in RELATIONS:
            continue
        low = before.lower()
        if low in ("my", "our"):
            found.append(("", relation))
        elif low.endswith(("'s", "’s")) and len(before) > 2:
            found.append((before[:-2], relation))
    return found


_FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "we", "us", "our", "ours",
                           "i'm", "i've", "i'd", "i'll", "we're", "we've"})


def owners_only(query: str, asked: list[tuple[str, str]]) -> set[str]:
    """The owners (``asked``: the query's ``relations_asked``) the query names only as the
    owner of the relative it asks about: "" for the asker ("What's my partner's job?" asks
    the partner's job, not the asker's; not "Do my kids and I like the same food?"), a
    name for someone else ("How is Nadia's dad?" asks about the dad, not Nadia; not "Does
    Nadia see Nadia's dad often?").

    >>> q = "What's my partner's job?"
    >>> owners_only(q, relations_asked(q))
    {''}
    >>> q = "Do my kids and I swim?"
    >>> owners_only(q, relations_asked(q))
    set()
    >>> q = "How is Nadia's dad?"
    >>> owners_only(q, relations_asked(q))
    {'Nadia'}
    """
    words = [w.lower() for w in _WORD.findall(query)]
    found = set()
    mine = sum(1 for owner, _ in asked if not owner)
    if mine and sum(w in _FIRST_PERSON for w in words) == mine:
        found.add("")
    for owner in {o for o, _ in asked if o}:
        as_owner = sum(1 for o, _ in asked if o == owner)
        if sum(w.strip(".,;:!?\"") in (owner.lower(), f"{owner.lower()}'s",
                                        f"{owner.lower()}’s") for w in words) == as_owner:
            found.add(owner)
    return found


_TEMPORAL = re.compile(r"^\s*when\b|\bwhat (?:year|month|day|date|time)\b|\bhow long ago\b|"
                       r"\bwhich (?:year|month|day)\b", re.IGNORECASE)


def asks_when(query: str) -> bool:
    """Whether a query asks for a time ("When did Caroline go to the conference?").

    >>> asks_when("When did Caroline go to the conference?"), asks_when("Where is it?")
    (True, False)
    """
    return bool(_TEMPORAL.search(query))


_STILL = re.compile(r"\b(?:still|any ?more|no longer|used to|stopped|quit|previously|formerly)\b"
                    r"|\bbefore\W*$", re.IGNORECASE)  # "Where did I work before?"


def asks_still(query: str) -> bool:
    """Whether a query asks if something still holds ("Do I still smoke?"): what ended
    answers it as much as what holds.

    >>> asks_still("Do I still smoke?"), asks_still("Does Sam run anymore?")
    (True, True)
    >>> asks_still("Where did I work before?"), asks_still("Where does Sam live?")
    (True, False)
    >>> asks_still("What did Sam do before the wedding?")
    False
    """
    return bool(_STILL.search(query))


DATED_MATCH = 0.5  # how much of the best match a dated claim must hold to go first


def dated_first(ranked: list[Ranked]) -> list[Ranked]:
    """For a question asking when: the claims that carry a date of their own (episodes,
    dated to when they happened) and hold the question's words before the rest, each
    group in its order; a dated claim goes first only when it holds at least
    ``DATED_MATCH`` of what the best match holds ("When is Tim attending a book
    conference?": "wants to attend a book conference" stays before "went to a Harry
    Potter conference", which shares one word of three)."""
    best = max((r.matched for r in ranked), default=0.0)
    return sorted(ranked, key=lambda r: not (is_event(r.claim.predicate) and r.matched > 0
                                             and r.matched >= DATED_MATCH * best))


MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
_MONTH = r"(?P<month>" + "|".join(MONTHS) + r"|sept?|jan|feb|mar|apr|jun|jul|aug|oct|nov|dec)"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:19|20)\d\d)"
_ASKED_DATES = tuple(re.compile(p, re.IGNORECASE) for p in (
    rf"\b{_DAY} (?:of )?{_MONTH},? {_YEAR}\b",  # "13 October, 2023"
    rf"\b{_MONTH} {_DAY},? {_YEAR}\b",  # "October 13, 2023"
    rf"\b{_MONTH},? {_YEAR}\b",  # "July 2023"
    rf"\bin {_MONTH}\b",  # "in June": that month, whichever year
    rf"\b(?:in|since|during) {_YEAR}\b",  # "in 2022"
))


@dataclass(frozen=True)
class AskedDate:
    """A day, month or year a question names; ``None`` parts are any."""

    year: int | None
    month: int | None
    day: int | None

    def holds(self, when: datetime) -> bool:
        return (self.year is None or when.year == self.year) and (
            self.month is None or when.month == self.month) and (
            self.day is None or when.day == self.day)


def dates_asked(query: str) -> list[AskedDate]:
    """The days, months or years a query names ("What did Maria donate in December
    2023?", "What did Gina find on 1 February, 2023?"), each once; the most precise
    reading of each stretch of words.

    >>> dates_asked("What painting did Melanie show on October 13, 2023?")
    [AskedDate(year=2023, month=10, day=13)]
    >>> dates_asked("When did Melanie go camping in June?")
    [AskedDate(year=None, month=6, day=None)]
    >>> dates_asked("Where does Priya live?"), dates_asked("Did she go in 2022?")
    ([], [AskedDate(year=2022, month=None, day=None)])
    """
    found: list[AskedDate] = []
    taken: list[range] = []
    for pattern in _ASKED_DATES:
        for m in pattern.finditer(query):
            if any(m.start() in r or m.end() - 1 in r for r in taken):
                continue
            parts = m.groupdict()
            month = parts.get("month")
            month_no = next((i + 1 for i, name in enumerate(MONTHS)
                             if month and name.startswith(month.lower()[:3])), None)
            day = int(parts["day"]) if parts.get("day") else None
            if day is not None and not 1 <= day <= 31:
                continue
            found.append(AskedDate(int(parts["year"]) if parts.get("year") else None,
                                   month_no, day))
            taken.append(range(m.start(), m.end()))
    return list(dict.fromkeys(found))


def said_then(ranked: list[Ranked], dated: list[Ranked],
              asked: list[AskedDate]) -> list[Ranked]:
    """For a question naming a date: the claims said or dated then (``valid_from``)
    first, in the ranking's order and then the ``dated`` candidates' (those holding the
    question's words first), the rest after in their order."""
    def then(r: Ranked) -> bool:
        return any(a.holds(r.claim.valid_from) for a in asked)
    first: list[Ranked] = []
    rest: list[Ranked] = []
    for r in ranked:
        (first if then(r) else rest).append(r)
    seen = {r.claim.id for r in ranked}
    extra = sorted((r for r in dated if r.claim.id not in seen and then(r)),
                   key=lambda r: (-r.matched, -r.score, r.claim.id))
    return first + extra + rest


def says_we(query: str) -> bool:
    """Whether a query speaks as "we" ("What is our brand color?").

    >>> says_we("What is our brand color?"), says_we("Where does Priya live?")
    (True, False)
    """
    return any(w.lower() in FIRST_PLURAL for w in _WORD.findall(query))


def fuse(walked: list[Ranked], *others: list[Ranked]) -> list[Ranked]:
    """The walk's ranking and the other candidates' rankings (words, meaning) fused by
    reciprocal rank,
    then reranked by graph distance: each claim scores ``sum(1 / (RRF_K + rank))`` over
    the lists it is in, divided by ``1 + hops / 2`` (a word candidate the walk did not
    reach counts as ``UNREACHED`` hops away). Ties go to the claim that holds more of the
    query's words, then to the walk's order.

    >>> from kg.models import Claim
    >>> def r(i, hops=0):
    ...     c = Claim.model_construct(id=i)
    ...     return Ranked(claim=c, hops=hops, score=1.0)
    >>> [x.claim.id for x in fuse([r("a"), r("b")], [r("b", UNREACHED), r("c", UNREACHED)])]
    ['b', 'a', 'c']
    """
    fused: dict[str, float] = {}
    items: dict[str, Ranked] = {}
    order: dict[str, int] = {}
    for ranking in (walked, *others):
        for rank, item in enumerate(ranking, start=1):
            key = item.claim.id
            fused[key] = fused.get(key, 0.0) + 1.0 / (RRF_K + rank)
            if key not in items:
                items[key] = item
                order[key] = len(order)
    return sorted(items.values(), key=lambda r: (
        -fused[r.claim.id] / (1 + r.hops / 2), -r.matched, order[r.claim.id]))


def by_words(claims: Iterable[Claim], wanted: Mapping[str, float], now: datetime,
             limit: int, hops: int = UNREACHED, *, keep_all: bool = False) -> list[Ranked]:
    """Claims holding the query's words, best first by ``kg.words.relevance`` (then as
    ``walk`` orders a claim met at the first hop), the ``limit`` best; ``hops``: how far
    from the query's entities a claim the walk did not reach counts (0 when the query
    named none: then the words are all there is to go by); with ``keep_all``, those
    holding none of them too, after."""
    ranked = []
    for claim in claims:
        ranked.append(Ranked(claim=claim, hops=hops, score=claim_score(claim, 0, now),
                             matched=relevance(wanted, of_claim(claim.predicate, claim.object),
                                               of_source(claim.provenance))))
    ranked.sort(key=lambda r: (-r.matched, -round(r.score, 9), r.claim.subject_name,
                               r.claim.predicate, r.claim.object, r.claim.id))
    return [r for r in ranked[:limit] if r.matched > 0 or keep_all]


def unknown_names(query: str) -> frozenset[str]:
    """The content words of the names a query that links no entity gives: a word written
    with a capital inside the question ("Where does Owen work?"), not its first word,
    "I", nor a day or month. One that no claim holds is someone the memory does not know,
    and a context for the question answers someone else.

    >>> sorted(unknown_names("Where does Owen work?"))
    ['owen']
    >>> sorted(unknown_names("What did Owen say on 5 November?"))
    ['owen']
    """
    words = _WORD.findall(query)
    return frozenset(w for word in words[1:] if word[:1].isupper() and word != "I"
                     and word.lower() not in CALENDAR_NAMES and word.lower() not in MONTHS
                     for w in content_words(re.sub(r"['’]s$", "", word)))


# capitalised words of dates, no one's name: "What did Maya say on 5 November?"
CALENDAR_NAMES = frozenset(("monday", "tuesday", "wednesday", "thursday", "friday",
                            "saturday", "sunday", "christmas", "easter", "halloween",
                            "diwali", "eid", "hanukkah", "ramadan", "thanksgiving", "new",
                            "year", "eve", "day"))


def query_words(query: str, linked_names: Iterable[str]) -> frozenset[str]:
    """The query's content words, less the words of the entities it was linked to.

    >>> sorted(query_words("Where does Priya live?", ["Priya"]))
    ['liv']
    """
    named = frozenset().union(*(content_words(n) for n in linked_names))
    return content_words(query) - named


def walk(start: Iterable[str], neighbours: Callable[[str], list[Claim]], hops: int,
         now: datetime, wanted: Mapping[str, float] | None = None,
         possessed: Mapping[str, list[str]] | None = None,
         width: int | None = None) -> list[Ranked]:
    """Breadth-first from ``start`` over the claims ``neighbours`` returns (the current
    band only), up to ``hops`` entity steps; each claim is ranked once, at its nearest,
    first by the ``wanted`` words it holds (word -> weight), then by ``score``. An
    entity's ``possessed`` ones ("acme" -> "acme's designers") are a step from it, as
    an entity a claim names is. With ``width``, each step goes on from the ``width``
    entities the best claims reached only (a claim further on that holds the query's
    words is still a word candidate: see ``Memory.context``)."""
    wanted = wanted or {}
    possessed = possessed or {}
    seen_claims: dict[str, Ranked] = {}
    frontier = list(dict.fromkeys(start))
    visited = set(frontier)
    for depth in range(hops):
        reached: dict[str, tuple[float, float]] = {}  # entity -> the best claim reaching it
        for eid in frontier:
            for claim in neighbours(eid):
                item = seen_claims.get(claim.id)
                if item is None:
                    item = seen_claims[claim.id] = Ranked(
                        claim=claim, hops=depth, score=claim_score(claim, depth, now),
                        matched=relevance(wanted, of_claim(claim.predicate, claim.object),
                                          of_source(claim.provenance)))
                for other in (claim.subject, claim.object_entity):
                    if other and other not in visited:
                        key = (item.matched, item.score)
                        if other not in reached or key > reached[other]:
                            reached[other] = key
            for other in possessed.get(eid, ()):
                if other not in visited:
                    reached[other] = (math.inf, math.inf)
        frontier = list(reached)
        if width is not None and len(frontier) > width and depth + 1 < hops:
            frontier = sorted(frontier, key=lambda e: (-reached[e][0], -reached[e][1], e)
                              )[:width]
        visited.update(frontier)
    # ties broken by the claim's words, so the same memory gives the same answer every time
    return sorted(seen_claims.values(), key=lambda r: (
        -r.matched, -round(r.score, 9), r.claim.subject_name, r.claim.predicate, r.claim.object,
        r.claim.id))


def possessions(names: Iterable[str]) -> dict[str, list[str]]:
    """Entities named as someone's or something's, by their owner: "acme's designers"
    and "acme's office" under "acme" (entity ids, as ``kg.normalise.entity_id`` makes
    them).

    >>> possessions(["acme", "acme's designers", "pete's wife", "pete's wife's car"])
    {'acme': ["acme's designers"], 'pete': ["pete's wife"], "pete's wife": ["pete's wife's car"]}
    """
    owned: dict[str, list[str]] = {}
    for eid in names:
        owner, mark, _ = eid.rpartition("'s ")
        if mark and owner:
            owned.setdefault(owner, []).append(eid)
    return owned


HEADER = "Known facts (approved):"
UNMATCHED = "No approved fact matches what was asked; the nearest known facts (approved):"
SHORTEST_LINE = len("\n- a b: c (2025-01-01)")  # every line carries its date (``line``)
LEAST_AROUND = SHORTEST_LINE - 2  # a line's length beyond its subject's and object's


def budget_of(max_chars: int, max_claims: int | None) -> int:
    """How many claims a context can hold at most: ``max_claims``, else as many of the
    shortest lines as ``max_chars`` fits."""
    return max_claims or max(max_chars // SHORTEST_LINE, 1)


def fan_out(budget: int) -> int:
    """How many of its best claims each entity gives the walk: enough for the budget,
    so a hub with thousands of facts costs no more than a small entity."""
    return max(2 * min(budget, 100), 20)


def walk_width(budget: int) -> int:
    """How many entities each further step of the walk goes on from: a quarter of the
    claims the budget holds, 8 at least. A claim met a step further counts half, and one
    that holds the query's words is a word candidate wherever it is, so the entities the
    weaker claims reached add cost, not answers (LoCoMo dev: the same 509 of 762 at 8 as
    with no bound; 100k claims: 4 ms a context instead of 12)."""
    return max(budget // 4, 8)


def cut(ranked: list[Ranked], max_claims: int | None, max_chars: int) -> list[Ranked]:
    """The best claims that fit the budget (and, if given, ``max_claims``), in rank
    order; ``max_chars`` bounds the rendered block, header included."""
    kept, used = [], len(HEADER)
    for item in ranked:
        if max_claims is not None and len(kept) >= max_claims or \
                max_chars - used < SHORTEST_LINE:
            break
        claim = item.claim
        if used + len(claim.subject_name) + len(claim.object) + LEAST_AROUND > max_chars:
            continue  # too long however its line reads: not worth writing it out
        size = len(line(claim)) + 1
        if used + size > max_chars:
            continue  # a shorter one further down may still fit
        kept.append(item)
        used += size
    return kept


def day_named(claim: Claim) -> date | None:
    """The calendar day a claim's date value names ("Tuesday 3rd"), counted from when it
    was said: ahead for a plan or a state, back for what was done."""
    if claim.object_kind != ObjectKind.date:
        return None
    return calendar_day(claim.object, claim.valid_from.date(),
                        ahead=not claim.predicate.startswith("did_"))


def line(claim: Claim) -> str:
    """One prompt line for a claim, with its date: when an episode happened, since when a
    state holds (when it was said, or took effect); a day its value names, as a date, and
    then when that was said ("starts on: Tuesday 3rd = 2026-11-03 (said 2026-10-28)": the
    move is not under way since then)."""
    day = day_named(claim)
    text = f"- {claim.subject_name} {spoken(claim.predicate)}: {claim.object}" + (
        f" = {day.isoformat()}" if day is not None else "")
    when = claim.valid_from.date().isoformat()
    if claim.predicate.startswith(AHEAD_PREFIXES):  # a plan, or a thing under way
        ahead = planned_for(claim)
        return text + (f" (said {when}, for {ahead})" if ahead else f" (said {when})")
    return text + (f" ({when})" if is_event(claim.predicate) else
                   f" (said {when})" if day is not None else f" (since {when})")


AHEAD_PREFIXES = ("plans_", "doing_", "wants_")


def planned_for(claim: Claim) -> str | None:
    """When a plan or a thing under way takes place, as its sentence names it ("im going
    to Lisbon in june", said 2026-11-20: "2027-06"); None for any other claim."""
    if not claim.predicate.startswith(AHEAD_PREFIXES):
        return None
    return time_ahead(claim.provenance.source_text, claim.valid_from)


def past_line(claim: Claim) -> str:
    said = spoken(claim.predicate)
    if claim.kind == ClaimKind.retract:  # an approved ending: "I quit smoking"
        return (f"- {claim.subject_name} no longer {said}: {claim.object} "
                f"(since {claim.valid_from.date().isoformat()})")
    until = claim.valid_to.date().isoformat() if claim.valid_to else "?"
    what = f"{said}: {claim.object}" if is_event(claim.predicate) else f"{said} was {claim.object}"
    return (f"- {claim.subject_name} {what} "
            f"(from {claim.valid_from.date().isoformat()} until {until})")


def fit(current: list[Ranked], past: list[Claim], max_chars: int, matched: bool = True
        ) -> tuple[list[Ranked], list[Claim]]:
    """The current claims and the past ones cut so the rendered block (``render``, with
    the header ``matched`` chooses) stays within ``max_chars``: the past asked for is
    kept before the lowest-ranked current claims."""
    header = HEADER if matched else UNMATCHED
    now = [len(line(r.claim)) + 1 for r in current]  # each line with its newline
    then = [len(past_line(c)) + 1 for c in past]
    size = (len(header) + sum(now) if now else len(NONE_FOUND)) + (
        len(EARLIER) + 1 + sum(then) if then else 0)
    while size > max_chars and (now or then):
        if now:
            size -= now.pop() - (len(NONE_FOUND) - len(header) if not now else 0)
        else:
            size -= then.pop() + (len(EARLIER) + 1 if not then else 0)
    return list(current[:len(now)]), list(past[:len(then)])


NONE_FOUND = f"{HEADER} none found."
EARLIER = "Earlier values and endings (approved):"


def render(current: list[Claim], past: list[Claim], matched: bool = True) -> str:
    """The text block for a prompt; ``matched`` False: no claim holds what was asked,
    and the header says so."""
    lines = [HEADER if matched else UNMATCHED, *(line(c) for c in current)] if current \
        else [NONE_FOUND]
    if past:
        lines += [EARLIER, *(past_line(c) for c in past)]
    return "\n".join(lines)

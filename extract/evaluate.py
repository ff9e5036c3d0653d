"""Scoring an extractor against a gold set (``tests/data/gold.txt``): precision,
recall and F1, overall and per pattern family, and false positives on chatter."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from extract.pipeline import Extractor
from extract.turns import Turn
from kg.normalise import normalise_text
from kg.registry import PredicateRegistry

Fact = tuple[str, str, str, str]  # subject, predicate, object, kind (assert/retract)
NON_FACT_FAMILIES = ("chatter", "question", "negation", "hypothetical", "reported")


@dataclass(frozen=True)
class GoldTurn:
    family: str
    turn: Turn
    facts: frozenset[Fact]


def load_gold(path: Path, registry: PredicateRegistry) -> list[GoldTurn]:
    """Parse the gold file's blocks (``@ conversation speaker organisation``; ``-`` for
    no organisation) and turns."""
    gold: list[GoldTurn] = []
    speaker = organisation = conversation = ""
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            conversation, speaker, organisation = line[1:].split()
            organisation = "" if organisation == "-" else organisation  # no organisation
            continue
        family, _, rest = line.partition("]")
        text, _, claims = rest.partition("|")
        facts = frozenset(_fact(c, registry, n) for c in claims.split("&&") if c.strip())
        gold.append(GoldTurn(family.strip("[ "), Turn(
            text=text.strip(), speaker=speaker, organisation=organisation,
            conversation_id=conversation, message_id=f"{conversation}:{n}"), facts))
    return gold


def _fact(text: str, registry: PredicateRegistry, line: int) -> Fact:
    parts = [p.strip() for p in text.split(";")]
    if len(parts) not in (3, 4):
        raise ValueError(f"gold line {line}: a claim is 'subject ; predicate ; object [; retract]'")
    kind = parts[3] if len(parts) == 4 else "assert"
    return (normalise_text(parts[0]), registry.canonical(parts[1]), normalise_text(parts[2]), kind)


@dataclass
class Score:
    true_pos: int = 0
    false_pos: int = 0
    false_neg: int = 0

    @property
    def precision(self) -> float:
        found = self.true_pos + self.false_pos
        return self.true_pos / found if found else 1.0

    @property
    def recall(self) -> float:
        wanted = self.true_pos + self.false_neg
        return self.true_pos / wanted if wanted else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Report:
    overall: Score = field(default_factory=Score)
    by_family: dict[str, Score] = field(default_factory=dict)
    non_fact_false_positives: int = 0
    misses: list[tuple[str, Fact]] = field(default_factory=list)
    wrong: list[tuple[str, Fact]] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)


def evaluate(extractor: Extractor, gold: list[GoldTurn]) -> Report:
    """Run the extractor over the gold turns, in order, and score what it proposes."""
    report = Report()
    results = extractor.extract_many([g.turn for g in gold])  # type: ignore[attr-defined]
    for item, result in zip(gold, results, strict=True):
        report.dropped.update(result.dropped)
        got = {(normalise_text(d.subject), d.predicate, normalise_text(d.object), str(d.kind))
               for d in result.drafts}
        family = report.by_family.setdefault(item.family, Score())
        for score in (report.overall, family):
            score.true_pos += len(got & item.facts)
            score.false_pos += len(got - item.facts)
            score.false_neg += len(item.facts - got)
        if item.family in NON_FACT_FAMILIES:
            report.non_fact_false_positives += len(got)
        report.misses += [(item.turn.text, f) for f in sorted(item.facts - got)]
        report.wrong += [(item.turn.text, f) for f in sorted(got - item.facts)]
    return report

"""Scoring an extractor against the gold set (``tests/data/gold/``, its README says the
format): precision, recall and F1, overall and per family, strict (subject, predicate and
object as the gold writes them, any listed spelling) and lenient (subject and object,
whatever the predicate), and what was proposed on turns that must propose nothing.

    python -m extract.evaluate --check tests/data/gold/dev/*.txt   # parse, count, report
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from extract.pipeline import Extractor
from extract.turns import Turn
from extract.values import in_digits
from kg.normalise import normalise_text
from kg.registry import PredicateRegistry

Fact = tuple[str, str, str, str]  # subject, predicate, object, kind (assert/retract)
NON_FACT_FAMILIES = ("chatter", "question", "negation", "hypothetical", "reported",
                     "request", "mood")


@dataclass(frozen=True)
class GoldTurn:
    family: str
    turn: Turn
    # each wanted fact, as the set of its accepted forms (spellings and shapes)
    facts: tuple[frozenset[Fact], ...]
    source: str = ""


class GoldFormatError(ValueError):
    """A gold file line that does not follow the format in tests/data/gold/README.md."""


def gold_files(where: Path) -> list[Path]:
    """A gold file, or every ``.txt`` under a directory, in name order."""
    return sorted(where.rglob("*.txt")) if where.is_dir() else [where]


def load_gold(where: Path | Iterable[Path], registry: PredicateRegistry) -> list[GoldTurn]:
    """Parse gold files: blocks that open with ``@ conversation speaker organisation``
    (``-`` for no organisation), then one turn a line."""
    paths = gold_files(where) if isinstance(where, Path) else [p for w in where
                                                                for p in gold_files(w)]
    return [turn for path in paths for turn in _load_file(path, registry)]


def _load_file(path: Path, registry: PredicateRegistry) -> list[GoldTurn]:
    gold: list[GoldTurn] = []
    speaker = organisation = conversation = ""
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        where = f"{path.name}:{n}"
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            parts = line[1:].split()
            if len(parts) != 3:
                raise GoldFormatError(f"{where}: a block opens '@ conversation speaker org'")
            conversation, speaker, organisation = parts
            organisation = "" if organisation == "-" else organisation
            continue
        if not line.startswith("[") or "]" not in line or "|" not in line or not speaker:
            raise GoldFormatError(f"{where}: a turn is '[family] text | claims', after an '@'")
        family, _, rest = line[1:].partition("]")
        text, _, claims = rest.partition("|")
        if not text.strip():
            raise GoldFormatError(f"{where}: the turn has no text")
        facts = tuple(_fact(c, registry, where) for c in claims.split("&&") if c.strip())
        gold.append(GoldTurn(family.strip(), Turn(
            text=text.strip(), speaker=speaker, organisation=organisation,
            conversation_id=f"{path.stem}:{conversation}", message_id=f"{where}"),
            facts, source=where))
    return gold


def _fact(text: str, registry: PredicateRegistry, where: str) -> frozenset[Fact]:
    forms: set[Fact] = set()
    for shape in text.split("||"):
        parts = [p.strip() for p in shape.split(";")]
        if len(parts) not in (3, 4) or not all(parts[:3]) or (
                len(parts) == 4 and parts[3] != "retract"):
            raise GoldFormatError(
                f"{where}: a claim is 'subject ; predicate ; object [; retract]', got {shape!r}")
        kind = parts[3] if len(parts) == 4 else "assert"
        for predicate in parts[1].split("/"):
            forms.add((normalise_text(parts[0]), registry.canonical(predicate),
                       normalise_text(in_digits(parts[2])), kind))  # "seven" is 7
    return frozenset(forms)


def _loose(fact: Fact) -> Fact:
    return (fact[0], "", fact[2], fact[3])


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

    def add(self, wanted: tuple[frozenset[Fact], ...], got: set[Fact]) -> tuple[
            list[frozenset[Fact]], set[Fact]]:
        """Count one turn; return its missed facts and its wrong claims."""
        missed = [forms for forms in wanted if not forms & got]
        accepted = set().union(*wanted) if wanted else set()
        wrong = got - accepted
        self.true_pos += len(wanted) - len(missed)
        self.false_neg += len(missed)
        self.false_pos += len(wrong)
        return missed, wrong


@dataclass
class Report:
    overall: Score = field(default_factory=Score)
    lenient: Score = field(default_factory=Score)
    by_family: dict[str, Score] = field(default_factory=dict)
    turns: int = 0
    non_fact_false_positives: int = 0
    misses: list[tuple[str, Fact]] = field(default_factory=list)
    wrong: list[tuple[str, Fact]] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (turn, error): read as nothing


def evaluate(extractor: Extractor, gold: list[GoldTurn]) -> Report:
    """Run the extractor over the gold turns, in order, and score what it proposes."""
    report = Report(turns=len(gold))
    results = extractor.extract_many([g.turn for g in gold])
    for item, result in zip(gold, results, strict=True):
        report.dropped.update(result.dropped)
        if result.error:
            report.failed.append((item.turn.text, result.error))
        got = {(normalise_text(d.subject), d.predicate, normalise_text(in_digits(d.object)),
                str(d.kind))
               for d in result.drafts}
        family = report.by_family.setdefault(item.family, Score())
        family.add(item.facts, got)
        missed, wrong = report.overall.add(item.facts, got)
        report.lenient.add(tuple(frozenset(map(_loose, f)) for f in item.facts),
                           set(map(_loose, got)))
        if item.family in NON_FACT_FAMILIES:
            report.non_fact_false_positives += len(got)
        where = f"{item.source} {item.turn.text}"
        report.misses += [(where, min(forms)) for forms in missed]
        report.wrong += [(where, f) for f in sorted(wrong)]
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description="Check gold files: parse and count them.")
    parser.add_argument("--check", nargs="+", type=Path, required=True)
    args = parser.parse_args()
    gold = load_gold(args.check, PredicateRegistry.builtin())
    families = Counter(g.family for g in gold)
    print(f"{len(gold)} turns, {sum(len(g.facts) for g in gold)} facts; "
          f"{sum(families[f] for f in NON_FACT_FAMILIES)} turns that must propose nothing")
    for name, count in sorted(families.items()):
        print(f"  {name}: {count}")


if __name__ == "__main__":
    main()

"""Extraction benchmark: precision, recall and F1 on the gold set's dev and test splits,
per family, strict and lenient, proposals on turns that must propose nothing, and
sentences per second with the full pipeline.

    python -m bench.extract            # --show-errors lists the misses and wrong claims
                                       # of the dev split only: test is never read to tune

Targets (issue 13): on the test split precision >= 0.90, recall >= 0.80, zero proposals
on chatter, questions, negations without a natural negative, hypotheticals and reported
speech; >= 400 sentences/s on a 2-core machine (printed for one parsing process and
for two: ``SpacyExtractor(processes=2)``, or ``KG_EXTRACT_PROCESSES=2`` for ingest).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from extract import SpacyExtractor, Turn
from extract.evaluate import Report, evaluate, load_gold
from extract.pipeline import PARALLEL_MIN_TURNS

GOLD = Path(__file__).resolve().parent.parent / "tests" / "data" / "gold"


def throughput(extractor: SpacyExtractor, texts: list[str], rounds: int) -> tuple[float, int]:
    turns = [Turn(text=t, speaker="user", conversation_id=f"r{i}") for i, t in enumerate(texts)]
    extractor.extract_many(turns[:PARALLEL_MIN_TURNS])  # workers started, model loaded
    sentences = 0
    start = time.perf_counter()
    for _ in range(rounds):
        sentences += sum(r.sentences for r in extractor.extract_many(turns))
    return sentences / (time.perf_counter() - start), sentences


def table(name: str, report: Report) -> None:
    facts = report.overall.true_pos + report.overall.false_neg
    print(f"\n### {name}: {report.turns} turns, {facts} facts")
    print("| family | precision | recall | F1 | TP | FP | FN |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    rows = sorted(report.by_family.items()) + [("**all, strict**", report.overall),
                                                ("**all, lenient**", report.lenient)]
    for family, s in rows:
        print(f"| {family} | {s.precision:.2f} | {s.recall:.2f} | {s.f1:.2f} | {s.true_pos} "
              f"| {s.false_pos} | {s.false_neg} |")
    print(f"proposals on turns that must propose nothing (chatter, questions, negations, "
          f"hypotheticals, reported speech, requests, moods): {report.non_fact_false_positives}")
    for text, error in report.failed:  # scored as proposing nothing
        print(f"FAILED to read (scored as nothing): {error} <- {text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show-errors", action="store_true", help="dev split only")
    parser.add_argument("--rounds", type=int, default=3, help="passes for the speed figure")
    args = parser.parse_args()
    reports = {}
    for split in ("dev", "test"):
        extractor = SpacyExtractor()  # a fresh one per split: no state carried over
        gold = load_gold(GOLD / split, extractor.registry)
        reports[split] = evaluate(extractor, gold)
        table(split, reports[split])
    gold = load_gold(GOLD, SpacyExtractor().registry)
    texts = [g.turn.text for g in gold]
    print()
    for processes in (1, 2):
        rate, sentences = throughput(SpacyExtractor(processes=processes), texts, args.rounds)
        print(f"speed, {processes} process{'es' if processes > 1 else ''}: {rate:,.0f} "
              f"sentences/s ({sentences} sentences, full pipeline, nlp.pipe)")
    if args.show_errors:
        for where, fact in reports["dev"].misses:
            print(f"MISS  {fact}  <- {where}")
        for where, fact in reports["dev"].wrong:
            print(f"WRONG {fact}  <- {where}")


if __name__ == "__main__":
    main()

"""Extraction benchmark: precision, recall and F1 on the gold set, per pattern family,
and sentences per second with the full pipeline.

    python -m bench.extract            # also: --show-errors to list misses and wrong claims

Targets (issue 3): precision >= 0.90, recall >= 0.75, zero false positives on chatter
and questions, >= 250 sentences/s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from extract import SpacyExtractor, Turn
from extract.evaluate import evaluate, load_gold

GOLD = Path(__file__).resolve().parent.parent / "tests" / "data" / "gold.txt"


def throughput(extractor: SpacyExtractor, texts: list[str], rounds: int) -> tuple[float, int]:
    turns = [Turn(text=t, speaker="user", conversation_id=f"r{i}") for i, t in enumerate(texts)]
    sentences = 0
    start = time.perf_counter()
    for _ in range(rounds):
        sentences += sum(r.sentences for r in extractor.extract_many(turns))
    return sentences / (time.perf_counter() - start), sentences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--rounds", type=int, default=5, help="passes for the speed figure")
    args = parser.parse_args()
    extractor = SpacyExtractor()
    gold = load_gold(GOLD, extractor.registry)
    report = evaluate(SpacyExtractor(), gold)
    print(f"gold set: {len(gold)} turns, {sum(len(g.facts) for g in gold)} claims")
    print("| family | precision | recall | F1 | TP | FP | FN |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, s in sorted(report.by_family.items()) + [("**all**", report.overall)]:
        print(f"| {name} | {s.precision:.2f} | {s.recall:.2f} | {s.f1:.2f} | {s.true_pos} "
              f"| {s.false_pos} | {s.false_neg} |")
    print(f"false positives on chatter, questions, negations, hypotheticals, reported speech: "
          f"{report.non_fact_false_positives}")
    rate, sentences = throughput(extractor, [g.turn.text for g in gold], args.rounds)
    print(f"speed: {rate:,.0f} sentences/s ({sentences} sentences, full pipeline, nlp.pipe)")
    if args.show_errors:
        for text, fact in report.misses:
            print(f"MISS  {fact}  <- {text}")
        for text, fact in report.wrong:
            print(f"WRONG {fact}  <- {text}")


if __name__ == "__main__":
    main()

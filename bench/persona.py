"""Persona attributes: does some claim of an utterance hold the labelled attribute's value?

    python -m bench.persona                 # dev and test, beside a noun-chunk baseline
    python -m bench.persona --show dev      # the dev misses and the none-line proposals

``bench/data/persona/`` (its README says how it was written): one chat utterance per
line with one labelled (relation, object), or ``none`` for a line that states no durable
fact. Lenient object recall: a fact line counts when some claim's object holds the
label's content words, or is held by them ("two cats" for "cats"; words compared as
written, lower case, so "cat" does not count for "cats"). Beside it, the share of
``none`` lines with any proposal, claims per fact line, and a baseline measured in the
same run: every noun chunk of the utterance as an object, the recall a reader gets that
proposes every thing named (and the proposals it makes on ``none`` lines).

Target (issue 13, the persona-attribute check): lenient object recall >= 0.60 on the test
half; precision is judged by hand (``--sample`` prints claims to judge).
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass
from pathlib import Path

from spacy.lang.en.stop_words import STOP_WORDS

from extract import SpacyExtractor, Turn
from kg.normalise import normalise_text

DATA = Path(__file__).resolve().parent / "data" / "persona"


@dataclass(frozen=True)
class Line:
    text: str
    relation: str
    value: str


def load(split: str) -> list[Line]:
    path = DATA / f"{split}.jsonl"
    return [Line(row["text"], row["relation"], row["object"]) for row in map(
        json.loads, path.read_text(encoding="utf-8").splitlines()) if row]


def content(text: str) -> set[str]:
    words = set(normalise_text(text).split())
    return words - STOP_WORDS or words


def claims_text(drafts: list) -> str:
    """A turn's proposed claims on one line, for a miss's listing ("-" for none)."""
    return "; ".join(f"{d.subject} {d.predicate} {d.object}" for d in drafts) or "-"


def holds(objects: list[str], value: str) -> bool:
    """Whether some object holds the value's content words, or is held by them."""
    wanted = content(value)
    return any(wanted <= got or got and got <= wanted for got in map(content, objects))


def noun_chunks(nlp: object, texts: list[str]) -> list[list[str]]:
    return [[c.text for c in doc.noun_chunks] for doc in nlp.pipe(texts)]  # type: ignore[attr-defined]


def run(split: str, extractor: SpacyExtractor, show: bool, sample: int) -> None:
    lines = load(split)
    turns = [Turn(text=x.text, speaker="Sam", conversation_id=f"p{i}", message_id=f"m{i}")
             for i, x in enumerate(lines)]
    results = extractor.extract_many(turns)
    chunks = noun_chunks(extractor.nlp, [x.text for x in lines])
    facts = [(x, r, c) for x, r, c in zip(lines, results, chunks, strict=True)
             if x.relation != "none"]
    none = [(x, r, c) for x, r, c in zip(lines, results, chunks, strict=True)
            if x.relation == "none"]
    found = [holds([d.object for d in r.drafts], x.value) for x, r, _ in facts]
    base = [holds(c, x.value) for x, _, c in facts]
    claims = sum(len(r.drafts) for _, r, _ in facts)
    print(f"\n### {split}: {len(lines)} utterances, {len(facts)} with a fact, "
          f"{len(none)} with none")
    print("| reader | lenient object recall | none lines proposing | objects per fact line |")
    print("|---|---:|---:|---:|")
    print(f"| kg | {sum(found) / len(facts):.2f} ({sum(found)}) "
          f"| {sum(bool(r.drafts) for _, r, _ in none)} of {len(none)} "
          f"| {claims / len(facts):.2f} |")
    print(f"| every noun chunk (baseline) | {sum(base) / len(facts):.2f} ({sum(base)}) "
          f"| {sum(bool(c) for _, _, c in none)} of {len(none)} "
          f"| {sum(len(c) for _, _, c in facts) / len(facts):.2f} |")
    by_relation: dict[str, list[bool]] = {}
    for (x, _, _), ok in zip(facts, found, strict=True):
        by_relation.setdefault(x.relation, []).append(ok)
    worst = sorted(by_relation.items(), key=lambda kv: sum(kv[1]) / len(kv[1]))[:8]
    print("weakest relations: " + ", ".join(
        f"{rel} {sum(oks)}/{len(oks)}" for rel, oks in worst))
    if show:
        for (x, r, _), ok in zip(facts, found, strict=True):
            if not ok:
                print(f"MISS  {x.relation}: {x.value!r}  <- {x.text}  => {claims_text(r.drafts)}")
        for x, r, _ in none:
            for d in r.drafts:
                print(f"NONE  {d.subject} {d.predicate} {d.object}  <- {x.text}")
    if sample:
        drafts = [(x.text, d) for x, r, _ in zip(lines, results, chunks, strict=True)
                  for d in r.drafts]
        for text, d in random.Random(0).sample(drafts, min(sample, len(drafts))):
            print(f"JUDGE {d.subject} | {d.predicate} | {d.object}  <- {text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", choices=["dev"], help="list the dev misses (never test)")
    parser.add_argument("--sample", type=int, default=0,
                        help="print this many claims of the dev half to judge by hand")
    args = parser.parse_args()
    extractor = SpacyExtractor()
    run("dev", extractor, args.show == "dev", args.sample)
    run("test", SpacyExtractor(), False, 0)


if __name__ == "__main__":
    main()

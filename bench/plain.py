"""Plain facts: does a claim name each fact of a sentence, and do non-facts propose nothing?

    python -m bench.plain                # dev, dev2, dev3, dev4, test, test2, beside a
                                         # noun-chunk baseline
    python -m bench.plain --show dev     # the dev misses and the non-fact proposals

``bench/data/plain/`` (its README says how it was written): one sentence per line, said
by a named speaker, with the durable facts a memory should store as (subject, relation in
plain words, object), or none for a non-fact (a question, a hypothetical, a request,
reported speech, chatter, a hedge, a denial with no natural negative). A fact is named
when a claim's object holds the fact's object words or is held by them, and its subject
shares a word with the fact's (or, for "Ravi is our CTO" read as "<speaker> cto: Ravi",
the claim's predicate holds the object's words and its object the subject's; or, for
"Lena is sister of Elena" read as "Elena sister: Lena", the claim turned round, its
predicate a word of the relation). Relations
are not compared: the reader's predicate names vary. Beside it, a baseline measured in
the same run: every noun chunk of the sentence as an object, with any subject.

Target (issue 13, the plain-fact check kept by the reviewer): at least 17 of 20 sentences
named, 0 of 10 non-facts proposing; here the share of fact sentences whose every fact is
named, and the non-facts proposing.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from bench.persona import claims_text, content, noun_chunks
from extract import SpacyExtractor, Turn
from extract.values import in_digits

DATA = Path(__file__).resolve().parent / "data" / "plain"
DEV_SPLITS = ["dev", "dev2", "dev3", "dev4", "dev5"]  # tuned on
TEST_SPLITS = ["test", "test2"]  # written apart, never read: totals only


@dataclass(frozen=True)
class Sentence:
    text: str
    speaker: str
    facts: tuple[tuple[str, str, str], ...]


def load(split: str) -> list[Sentence]:
    rows = [json.loads(line) for line in (DATA / f"{split}.jsonl").read_text(
        encoding="utf-8").splitlines() if line.strip()]
    return [Sentence(r["text"], r["speaker"], tuple(tuple(f) for f in r["expect"]))
            for r in rows]


def _near(a: set[str], b: set[str]) -> bool:
    return bool(a and b and (a <= b or b <= a))


def named(fact: tuple[str, str, str], claims: list[tuple[str, str, str]]) -> bool:
    """Whether some claim (subject, predicate, object) names the fact (see the module)."""
    subject, relation, value = fact
    claims = [(s, p, in_digits(o)) for s, p, o in claims]  # "seven" and "7" are one age
    who, what = content(subject.replace("'s", " ")), content(in_digits(value))
    return any(_near(content(o), what) and (content(s) & who or _near(content(s), who))
               or _near(content(o), who) and _near(content(p.replace("_", " ")), what)
               # "Lena is sister of Elena" said as "Elena sister Lena": turned round, the
               # relation's own word
               or _near(content(o), who) and content(s.replace("'s", " ")) & what
               and content(p.replace("_", " ")) & content(relation)
               for s, p, o in claims)


def run(split: str, extractor: SpacyExtractor, show: bool) -> None:
    sentences = load(split)
    turns = [Turn(text=x.text, speaker=x.speaker, conversation_id=f"plain{i}",
                  message_id=f"m{i}") for i, x in enumerate(sentences)]
    results = extractor.extract_many(turns)
    chunks = noun_chunks(extractor.nlp, [x.text for x in sentences])
    facts = [(x, r, c) for x, r, c in zip(sentences, results, chunks, strict=True) if x.facts]
    none = [(x, r, c) for x, r, c in zip(sentences, results, chunks, strict=True)
            if not x.facts]
    kg_named = [[named(f, [(d.subject, d.predicate, d.object) for d in r.drafts])
                 for f in x.facts] for x, r, _ in facts]
    base_named = [[any(_near(content(chunk), content(f[2])) for chunk in c) for f in x.facts]
                  for x, _, c in facts]
    triples = sum(len(x.facts) for x, _, _ in facts)
    print(f"\n### {split}: {len(sentences)} sentences, {len(facts)} with facts "
          f"({triples} facts), {len(none)} non-facts")
    print("| reader | sentences with every fact named | facts named | non-facts proposing |")
    print("|---|---:|---:|---:|")
    for label, found, proposing in (
            ("kg", kg_named, sum(bool(r.drafts) for _, r, _ in none)),
            ("every noun chunk (baseline)", base_named, sum(bool(c) for _, _, c in none))):
        whole = sum(all(f) for f in found)
        print(f"| {label} | {whole / len(facts):.2f} ({whole}) "
              f"| {sum(map(sum, found)) / triples:.2f} ({sum(map(sum, found))}) "
              f"| {proposing} of {len(none)} |")
    if show:
        for (x, r, _), found in zip(facts, kg_named, strict=True):
            for fact, ok in zip(x.facts, found, strict=True):
                if not ok:
                    print(f"MISS  {fact}  <- {x.speaker}: {x.text}  => "
                          f"{claims_text(r.drafts)}")
        for x, r, _ in none:
            for d in r.drafts:
                print(f"NONE  {d.subject} {d.predicate} {d.object}  <- {x.speaker}: {x.text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", choices=DEV_SPLITS,
                        help="list a dev split's misses (never a test split's)")
    args = parser.parse_args()
    for split in DEV_SPLITS:
        run(split, SpacyExtractor(), args.show == split)
    for split in TEST_SPLITS:
        run(split, SpacyExtractor(), False)


if __name__ == "__main__":
    main()

"""LoCoMo evidence recall: does the context for a question hold a claim derived from one
of its evidence turns? kg beside BM25 over the raw turns, at the same character budget.

    python -m bench.locomo --quick     # two conversations
    python -m bench.locomo             # the five conversations in ../shared/bench/locomo

Data: five conversations of LoCoMo (Maharana et al., "Evaluating Very Long-Term
Conversational Memory of LLM Agents", ACL 2024, arXiv 2402.17753). Every turn is
ingested with its ``dia_id`` as message id and its session's time; a bench policy
approves what the extractor proposes (``policy:bench``, never shown as human). The
question annotations are used only to score. Categories: 1 multi-hop, 2 temporal,
3 open-domain, 4 single-hop (5, adversarial, is left out).

Where kg misses, the miss is put down to its first cause: no evidence turn yielded a
claim (extraction), the question named no entity the memory knows (linking), or an
evidence claim existed but the walk and the budget did not bring it (walk).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

from bench.baselines import AppendOnlyFTS, bm25_top
from extract import Turn
from kg import Memory, Scope, words
from kg.memory import ContextResult
from kg.models import Claim

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "locomo"
BUDGET_CHARS = 1500
MAX_CLAIMS = None  # the context default: the character budget binds
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def session_time(text: str) -> datetime:
    """'1:56 pm on 8 May, 2023' -> an aware datetime."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def turns_of(conversation: dict, name: str, photos: bool = True) -> list[Turn]:
    """Every turn, in order, with the caption of a shared image (``blip_caption``, written
    by a captioning model, not by the speaker) unless ``photos`` is off."""
    turns = []
    n = 1
    while f"session_{n}" in conversation:
        when = session_time(conversation[f"session_{n}_date_time"])
        for turn in conversation[f"session_{n}"]:
            images = [turn["blip_caption"]] if photos and turn.get("blip_caption") else []
            turns.append(Turn(text=turn["text"], speaker=turn["speaker"], images=images,
                              message_id=turn["dia_id"], conversation_id=name, timestamp=when))
        n += 1
    return turns


def run(files: list[Path], photos: bool = True) -> None:
    per_cat: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    causes: dict[str, int] = defaultdict(int)
    totals = {"turns": 0, "claims": 0, "empty_turns": 0, "seconds": 0.0}
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            data = json.loads(path.read_text(encoding="utf-8"))
            conversation = data  # the released files keep the sessions at the top level
            turns = turns_of(conversation, path.stem, photos)
            scope = Scope(namespace=f"locomo-{path.stem}")
            with Memory(Path(tmp) / "kg", scope=scope, user=conversation["speaker_a"]) as mem:
                start = time.perf_counter()
                for i in range(0, len(turns), 128):
                    report = mem.ingest(turns[i:i + 128])
                    mem.approve_many(report.claim_ids, by="policy:bench")
                totals["seconds"] += time.perf_counter() - start
                claims = mem.store.band(mem.scope, "all")
                by_turn: dict[str, list[Claim]] = defaultdict(list)
                for c in claims:
                    by_turn[c.provenance.message_id].append(c)
                text_of = {t.message_id: t.text for t in turns}
                totals["turns"] += len(turns)
                totals["claims"] += len(claims)
                totals["empty_turns"] += sum(1 for t in turns if not by_turn[t.message_id])
                for key, n in observation_coverage(data, by_turn).items():
                    totals[key] = totals.get(key, 0) + n
                fts = AppendOnlyFTS()
                for t in turns:
                    fts.add(" ".join([t.text, *t.images]))
                dia = [t.message_id for t in turns]
                for qa in data["qa"]:
                    category = CATEGORIES.get(qa["category"])
                    if category is None:
                        continue
                    evidence = set(qa.get("evidence", []))
                    t = time.perf_counter()
                    result = mem.context(qa["question"], max_chars=BUDGET_CHARS,
                                         max_claims=MAX_CLAIMS)
                    kg_ms = (time.perf_counter() - t) * 1000
                    hit = any(c.message_id in evidence for c in result.claims)
                    t = time.perf_counter()
                    rows = bm25_top(fts, qa["question"], BUDGET_CHARS)
                    bm_ms = (time.perf_counter() - t) * 1000
                    bm_hit = any(dia[r.rowid - 1] in evidence for r in rows)
                    stats = per_cat[category]
                    stats["kg_hit"].append(hit)
                    stats["bm25_hit"].append(bm_hit)
                    stats["kg_chars"].append(len(result.text))
                    stats["bm25_chars"].append(sum(len(r.text) + 1 for r in rows))
                    stats["kg_ms"].append(kg_ms)
                    stats["bm25_ms"].append(bm_ms)
                    # the context's "nothing matches what was asked", on a hit and a miss
                    stats["unmatched_hit"].append(hit and not result.matched)
                    stats["unmatched_miss"].append(not hit and not result.matched)
                    if not hit:
                        causes[miss_cause(qa["question"], result, evidence, by_turn,
                                          text_of)] += 1
    print_report(per_cat, causes, totals)


def observation_coverage(data: dict, by_turn: dict[str, list[Claim]]) -> dict[str, int]:
    """How many of the dataset's annotated observations ("Melanie painted a lake sunrise
    last year", with the turns it rests on) have an evidence turn that yielded a claim,
    and how many a claim that names the fact, judged automatically and leniently: a
    claim of an evidence turn about the observation's person whose value's words all
    stand in the observation."""
    out = {"observations": 0, "observed_with_claim": 0, "observed_fact_named": 0}
    for key, people in data.items():
        if not key.endswith("_observation"):
            continue
        for person, items in people.items():
            for text, evidence in items:
                ids = [evidence] if isinstance(evidence, str) else list(evidence)
                claims = [c for e in ids for c in by_turn.get(e, [])]
                said = words.content_words(text)
                out["observations"] += 1
                out["observed_with_claim"] += bool(claims)
                out["observed_fact_named"] += any(
                    c.subject_name == person and words.content_words(c.object)
                    and words.content_words(c.object) <= said for c in claims)
    return out


def miss_cause(question: str, result: ContextResult, evidence: set[str],
               by_turn: dict[str, list[Claim]], text_of: dict[str, str]) -> str:
    """The first cause of a miss; a walk miss says which words the question shares with
    the evidence (the entities it named aside): with an evidence claim's value or
    sentence, only with the rest of its message (both rank a claim, twice and once), or
    none (a gap only meaning, not words, could cross)."""
    if not any(by_turn[e] for e in evidence):
        return "extraction: no evidence turn yielded a claim"
    if not result.entities:
        return "linking: the question named no known entity"
    asked = words.content_words(question) - words.content_words(" ".join(result.entities))
    claimed: set[str] = set()
    for c in (c for e in evidence for c in by_turn[e]):
        claimed |= words.of_claim(c.predicate, c.object) | words.content_words(
            c.provenance.source_text)
    if asked & claimed:
        return "walk/budget, shares a word with an evidence claim"
    if asked & words.content_words(" ".join(text_of.get(e, "") for e in evidence)):
        return "walk/budget, shares words only with the rest of the evidence message"
    return "walk/budget, shares no word with the evidence turn"


def print_report(per_cat, causes, totals) -> None:
    print(f"budget: {BUDGET_CHARS} characters of context per question")
    print("| category | questions | kg evidence hit rate | BM25 hit rate | kg mean chars "
          "| BM25 mean chars | kg p50 ms | BM25 p50 ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    everything: dict[str, list[float]] = defaultdict(list)
    for name in list(CATEGORIES.values()):
        s = per_cat.get(name)
        if not s:
            continue
        for k, v in s.items():
            everything[k] += v
        print(row(name, s))
    print(row("**all**", everything))
    print(f"\nquestions with an evidence hit: kg {sum(everything['kg_hit']):.0f}, BM25 "
          f"{sum(everything['bm25_hit']):.0f} of {len(everything['kg_hit'])}")
    hits = sum(everything["kg_hit"])
    print(f"said to match nothing asked (ContextResult.matched False): "
          f"{sum(everything['unmatched_miss']):.0f} of {len(everything['kg_hit']) - hits:.0f} "
          f"misses, {sum(everything['unmatched_hit']):.0f} of {hits:.0f} hits")
    turns = max(totals["turns"], 1)
    print(f"\nclaims per turn: {totals['claims'] / turns:.2f}; turns with no claim: "
          f"{totals['empty_turns'] / turns:.0%}; ingest (extract + propose + approve): "
          f"{totals['turns'] / max(totals['seconds'], 1e-9):,.0f} turns/s")
    seen = max(totals.get("observations", 0), 1)
    print(f"annotated observations: {totals.get('observations', 0)}; with a claim from an "
          f"evidence turn: {totals.get('observed_with_claim', 0) / seen:.0%}; a claim naming "
          f"the fact (its value's words all in the observation, same person): "
          f"{totals.get('observed_fact_named', 0) / seen:.0%}")
    misses = sum(causes.values())
    print(f"kg misses by first cause ({misses}):")
    for cause, n in sorted(causes.items(), key=lambda kv: -kv[1]):
        print(f"- {cause}: {n} ({n / max(misses, 1):.0%})")


def row(name: str, s: dict[str, list[float]]) -> str:
    mean = statistics.fmean
    return (f"| {name} | {len(s['kg_hit'])} | {mean(s['kg_hit']):.2f} | {mean(s['bm25_hit']):.2f} "
            f"| {mean(s['kg_chars']):.0f} | {mean(s['bm25_chars']):.0f} "
            f"| {statistics.median(s['kg_ms']):.2f} | {statistics.median(s['bm25_ms']):.2f} |")


def main() -> None:
    global BUDGET_CHARS  # noqa: PLW0603 - one run, one budget, printed with the table
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two conversations only")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--no-photos", action="store_true",
                        help="leave the captions of shared images out of the turns")
    parser.add_argument("--budget", type=int, default=BUDGET_CHARS,
                        help=f"characters of context per question (default {BUDGET_CHARS})")
    args = parser.parse_args()
    BUDGET_CHARS = args.budget
    files = sorted(args.data.glob("*.json"))
    if not files:
        raise SystemExit(f"no LoCoMo files in {args.data}")
    run(files[:2] if args.quick else files, photos=not args.no_photos)


if __name__ == "__main__":
    main()

"""Store benchmark: propose+approve throughput and current-value lookup latency.

    python -m bench.store            # quick: 1k and 10k claims
    python -m bench.store --full     # adds 100k claims (slow to build: see the README)

Prints, beside kg, a naive baseline measured in the same run: the same
operations on plain Python dicts (no persistence, no gate, no audit). The ratio
says what durability, the gate and the audit log cost.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.backends import Places, add_option
from bench.timing import percentile, timed
from kg import ClaimDraft, Memory

SUBJECTS_PER_1K = 120
PREDICATES = ["brand_color", "lives_in", "works_at", "role", "timezone", "currency",
              "fiscal_year_start", "logo_position", "footer_text", "chart_style"]


def drafts(n: int, seed: int = 7) -> list[ClaimDraft]:
    rng = random.Random(seed)
    subjects = max(10, n * SUBJECTS_PER_1K // 1000)
    return [ClaimDraft(subject=f"entity {rng.randrange(subjects)}",
                       predicate=rng.choice(PREDICATES), object=f"value {i}")
            for i in range(n)]


def build_kg(path: Path | str, items: list[ClaimDraft], batch: int) -> tuple[float, float]:
    """Propose then approve every draft, ``batch`` per transaction; returns
    (proposals/s, approvals/s). With ``batch`` 1 each proposal and each approval is
    its own transaction, as for an agent's single call and a reviewer's key press."""
    with Memory(path) as mem:
        start = time.perf_counter()
        ids: list[str] = []
        for i in range(0, len(items), batch):
            ids += [r.claim_id for r in mem.propose_many(items[i:i + batch])
                    if r.outcome == "pending"]
        proposed = time.perf_counter()
        for i in range(0, len(ids), batch):
            mem.approve_many(ids[i:i + batch], by="policy:bench")
        approved = time.perf_counter()
    return len(items) / (proposed - start), len(ids) / (approved - proposed)


def build_dict(items: list[ClaimDraft]) -> tuple[dict, float]:
    start = time.perf_counter()
    current: dict[tuple[str, str], str] = {}
    history: list[tuple[str, str, str]] = []
    for d in items:
        slot = (d.subject.lower(), d.predicate)
        if slot in current:
            history.append((*slot, current[slot]))
        current[slot] = d.object
    return current, len(items) / (time.perf_counter() - start)


def run(sizes: list[int], lookups: int, backend: str) -> None:
    print("| claims | propose/s single | approve/s single | propose/s batched | approve/s "
          f"batched | dict baseline/s | lookup p50 ms | p95 ms | lookup in-tx p50 ms "
          f"| dict p50 ms | ratio p50 |  (backend: {backend})")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        items = drafts(n)
        with tempfile.TemporaryDirectory() as tmp, Places(backend, tmp) as places:
            single_p, single_a = build_kg(places("single"), drafts(min(n, 300), 3), 1)
            where = places("m")
            batch_p, batch_a = build_kg(where, items, batch=1000)
            current, dict_rate = build_dict(items)
            rng = random.Random(1)
            slots = list(current)
            picks = [rng.choice(slots) for _ in range(lookups)]
            with Memory(where) as mem:
                mem.current(*picks[0])  # the first read loads the in-process band
                kg_ms = timed(lambda slot: mem.current(*slot), picks)
                with mem.store.transaction():  # the band, checked against the log each time
                    db_ms = timed(lambda slot: mem.current(*slot), picks)
            d_ms = timed(current.get, picks)
        p50, dp50 = statistics.median(kg_ms), statistics.median(d_ms)
        print(f"| {n:,} | {single_p:,.0f} | {single_a:,.0f} | {batch_p:,.0f} | {batch_a:,.0f} "
              f"| {dict_rate:,.0f} | {p50:.3f} | {percentile(kg_ms, 0.95):.3f} "
              f"| {statistics.median(db_ms):.3f} | {dp50:.5f} | {p50 / max(dp50, 1e-9):,.0f}x |",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="add the 100k size")
    parser.add_argument("--sizes", type=int, nargs="*", help="claim counts to build")
    parser.add_argument("--lookups", type=int, default=300)
    add_option(parser)
    args = parser.parse_args()
    sizes = args.sizes or ([1_000, 10_000, 100_000] if args.full else [1_000, 10_000])
    run(sizes, args.lookups, args.backend)


if __name__ == "__main__":
    main()

"""Context benchmark: ``context()`` and a 2-hop ``neighbourhood()`` on stores of 1k, 10k
and 100k claims, beside the same walk over an in-memory networkx graph, in the same run.
Then 1,000 random supersessions, and a count of stale values in the current band.

    python -m bench.context            # quick: 1k and 10k
    python -m bench.context --full     # adds 100k (building it takes a while: see README)

The store is synthetic with a realistic degree distribution: two hubs (the user and
their organisation), a long tail of small entities chosen with a Zipf-like law.
Targets (issue 5): context p50 under 5 ms at 100k claims and within 3x of the
in-memory walk; zero stale values. Issue 16: p50 at most 10 ms at 100k with meaning on,
5 ms with it off. "context" is timed right after the build, while each question embeds a
slice of the claims that have no vector yet (``kg.meaning.CATCH_UP``); "caught up" once
every claim has one (``Memory.meaning_backlog()`` is 0); "without meaning" with
``KG_MEANING=0``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import networkx as nx

from bench.backends import Places, add_option
from bench.timing import percentile, timed
from kg import ClaimDraft, Memory, ObjectKind, meaning, words
from kg import context as ctx

ONE = ["lives_in", "works_at", "role", "brand_color", "timezone", "currency", "manager",
       "favorite_food", "fiscal_year_start", "chart_style"]
MANY = ["likes", "knows", "uses", "speaks", "visited"]
ENTITY_PREDICATES = {"lives_in", "works_at", "manager", "knows", "uses", "visited"}


def synthetic(n: int, seed: int = 11) -> list[ClaimDraft]:
    """``n`` drafts: 15% about the user, 10% about the organisation, the rest Zipf-spread."""
    rng = random.Random(seed)
    small = [f"Entity {i}" for i in range(max(50, n // 8))]
    weights = [1 / (i + 1) for i in range(len(small))]
    start = datetime(2025, 1, 1, tzinfo=UTC)
    drafts = []
    for i in range(n):
        roll = rng.random()
        subject = ("Priya" if roll < 0.15 else "Acme" if roll < 0.25
                   else rng.choices(small, weights)[0])
        predicate = rng.choice(ONE + MANY)
        if predicate in ENTITY_PREDICATES:
            obj, kind = rng.choice(small), ObjectKind.entity
        else:
            obj, kind = f"value {i}", ObjectKind.string
        drafts.append(ClaimDraft(subject=subject, predicate=predicate, object=obj,
                                 object_kind=kind, valid_from=start + timedelta(minutes=i)))
    return drafts


def build(path: Path | str, drafts: list[ClaimDraft], batch: int = 1000) -> float:
    """Propose and approve everything as ``policy:bench``; returns claims/s."""
    start = time.perf_counter()
    with Memory(path) as mem:
        for i in range(0, len(drafts), batch):
            ids = [r.claim_id for r in mem.propose_many(drafts[i:i + batch])
                   if r.outcome == "pending"]
            mem.approve_many(ids, by="policy:bench")
            done = i + batch
            if done % (10 * batch) == 0:
                elapsed = time.perf_counter() - start
                print(f"  built {done:,} of {len(drafts):,} in {elapsed:.0f} s",
                      file=sys.stderr, flush=True)
    return len(drafts) / (time.perf_counter() - start)


def networkx_context(mem: Memory, max_chars: int = 2000) -> Callable[[str], list[ctx.Ranked]]:
    """The same link + walk + rank + cut over an in-memory networkx graph of the current
    band, with the same bounded fan-out (each entity's claims sorted once by the same
    rank) and the same relevance (a word index per node, the same word weights)."""
    graph = nx.MultiDiGraph()
    for claim in mem.current():
        graph.add_edge(claim.subject, claim.object_entity or f"literal:{claim.id}",
                       key=claim.id, claim=claim)
    names, aliases = mem._names_and_aliases()  # noqa: SLF001 - same inputs for both
    linker = ctx.Linker(names, aliases)
    now = mem.clock()
    per_entity = ctx.fan_out(ctx.budget_of(max_chars, None))  # as ``Memory.context``
    best: dict[str, list[Any]] = {}
    by_word: dict[str, dict[str, list[Any]]] = {}
    holding: dict[str, int] = {}
    total = graph.number_of_edges()
    for _, _, claim in graph.edges(data="claim"):
        for word in words.held_by(claim):
            holding[word] = holding.get(word, 0) + 1
    for node in graph.nodes:
        edges = list(graph.out_edges(node, data="claim")) + list(graph.in_edges(node,
                                                                                data="claim"))
        claims = [c for _, _, c in edges]
        best[node] = sorted(claims, key=lambda c: (-ctx.static_rank(c), c.id))[:per_entity]
        index = by_word.setdefault(node, {})
        for claim in claims:
            for word in words.held_by(claim):
                index.setdefault(word, []).append(claim)

    def run(query: str) -> list[ctx.Ranked]:
        linked = linker.link(query, "priya")
        wanted = ctx.query_words(query, [names.get(e, e) for e in linked])
        weights = {w: math.log(1 + total / holding[w]) for w in wanted if w in holding}

        def neighbours(eid: str) -> list[Any]:
            out = {c.id: c for c in best.get(eid, [])}
            for word in wanted:
                out.update((c.id, c) for c in by_word.get(eid, {}).get(word, ()))
            return list(out.values())

        ranked = ctx.walk(linked, neighbours, 2, now, weights,
                          width=ctx.walk_width(ctx.budget_of(max_chars, None)))
        return ctx.cut(ranked, None, max_chars)

    return run


def stale_after_supersessions(mem: Memory, count: int, seed: int = 5) -> tuple[int, int]:
    """Approve ``count`` new values on random one-valued slots; return (stale values in the
    current band, slots holding two current values)."""
    rng = random.Random(seed)
    current = mem.current()
    slots = sorted({(c.subject_name, c.predicate) for c in current
                    if mem.registry.cardinality(c.predicate) == "one"})
    replaced: set[str] = set()
    later = max(c.valid_from for c in current) + timedelta(days=1)  # never in the future
    for i in range(count):
        subject, predicate = rng.choice(slots)
        old = mem.current_value(subject, predicate)
        r = mem.propose(ClaimDraft(subject=subject, predicate=predicate,
                                   object=f"new value {i}",
                                   valid_from=later + timedelta(minutes=i)))
        mem.approve(r.claim_id, by="policy:bench")
        replaced.update(c.id for c in old)
    current = mem.current()
    stale = sum(1 for c in current if c.id in replaced)
    per_slot: dict[tuple[str, str], int] = {}
    for c in current:
        if mem.registry.cardinality(c.predicate) == "one":
            per_slot[(c.subject, c.predicate)] = per_slot.get((c.subject, c.predicate), 0) + 1
    return stale, sum(1 for n in per_slot.values() if n > 1)


def run(sizes: list[int], queries: int, supersessions: int, backend: str) -> None:
    print("| claims | build claims/s | context p50 ms | p95 | caught up p50 ms | p95 "
          "| without meaning p50 ms | p95 "
          "| networkx p50 ms | p95 | ratio p50 "
          "| 2-hop neighbourhood p50 ms | p95 | its mean claims | stale in current band "
          f"| double-current slots |  (backend: {backend})")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        drafts = synthetic(n)
        with tempfile.TemporaryDirectory() as tmp, Places(backend, tmp) as places:
            where = places("m")
            rate = build(where, drafts)
            with Memory(where, user="Priya") as mem:
                rng = random.Random(3)
                names = sorted(mem.store.entity_names(mem.scope).values())
                picks = [rng.choice(["Priya", "Acme", *rng.sample(names, 3)])
                         for _ in range(queries)]
                asks = ["What do we know about {}?", "Where does {} work?",
                        "What languages does {} speak?", "Which tools does {} use?"]
                questions = [asks[i % len(asks)].format(name) for i, name in enumerate(picks)]
                started = time.perf_counter()
                mem.context("Where does Priya work?")  # loads the band, embeds a slice of it
                first_s = time.perf_counter() - started
                kg_ms = timed(mem.context, questions)  # while the vectors catch up
                started = time.perf_counter()
                while mem.meaning_backlog():
                    mem.context("Where does Priya work?")
                catch_up_s = time.perf_counter() - started
                caught_ms = timed(mem.context, questions)  # every claim has its vector
                os.environ[meaning.ENV_SWITCH] = "0"
                try:
                    plain_ms = timed(mem.context, questions)
                finally:
                    del os.environ[meaning.ENV_SWITCH]
                nx_run = networkx_context(mem)
                nx_ms = timed(nx_run, questions)
                hood_ms = timed(lambda name: mem.neighbourhood(name, hops=2), picks)
                hood_size = statistics.fmean(len(mem.neighbourhood(name, hops=2))
                                             for name in picks)
                stale, doubled = stale_after_supersessions(mem, supersessions)
        p50, nx50 = statistics.median(kg_ms), statistics.median(nx_ms)
        print(f"| {n:,} | {rate:,.0f} | {p50:.2f} | {percentile(kg_ms, .95):.2f} "
              f"| {statistics.median(caught_ms):.2f} | {percentile(caught_ms, .95):.2f} "
              f"| {statistics.median(plain_ms):.2f} | {percentile(plain_ms, .95):.2f} "
              f"| {nx50:.2f} "
              f"| {percentile(nx_ms, .95):.2f} | {p50 / nx50:.2f}x "
              f"| {statistics.median(hood_ms):.2f} | {percentile(hood_ms, .95):.2f} "
              f"| {hood_size:,.0f} "
              f"| {stale} | {doubled} |  first context {first_s:.1f} s, the rest of the "
              f"vectors {catch_up_s:.1f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="add the 100k size")
    parser.add_argument("--sizes", type=int, nargs="*")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--supersessions", type=int, default=1000)
    add_option(parser)
    args = parser.parse_args()
    sizes = args.sizes or ([1_000, 10_000, 100_000] if args.full else [1_000, 10_000])
    run(sizes, args.queries, args.supersessions, args.backend)


if __name__ == "__main__":
    main()

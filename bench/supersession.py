"""Supersession at scale: facts that change over weeks, buried among distractors.

    python -m bench.supersession --quick       # 1k and 2k claims (under two minutes)
    python -m bench.supersession               # 1k, 2k, 5k, 10k, 100k
    python -m bench.supersession --yantrik-python .bench-venv/bin/python   # add YantrikDB

Eight scenarios (a rebrand, a move, a new job, a fiscal-year start, a currency switch, a
logo position, a footer text, a chart style) are said in conversation, each changing
once, among distractor turns. kg ingests every turn with its extractor, a bench policy
approves what it proposes (``policy:bench``), and each scenario's question is asked.
Per size and system: recall of the current value, stale old values in the context
(kg's current band must hold none), context latency p50/p95, ingest throughput.

Beside kg, in the same run: the puppy_kennel design (append-only SQLite FTS5, bands
under a fixed budget; it keeps both values after a change), the same walk over an
in-memory networkx graph (the speed reference), and, when its environment is given,
YantrikDB with its own ``correct()`` supersession, told which earlier record each
update replaces (the same decision kg's extractor makes).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.backends import Places, add_option
from bench.baselines import AppendOnlyFTS
from bench.context import networkx_context
from bench.timing import percentile
from extract import Turn
from kg import Memory

BUDGET_CHARS = 2000


@dataclass(frozen=True)
class Scenario:
    name: str
    before: str
    after: str
    old: str
    new: str
    question: str


SCENARIOS = [
    Scenario("rebrand", "Our brand color is blue.", "We rebranded, our brand color is now green.",
             "blue", "green", "What is Acme's brand colour?"),
    Scenario("move", "I live in Pune.", "I moved to Berlin.", "Pune", "Berlin",
             "Where does Priya live?"),
    Scenario("job", "I work at Globex.", "I now work at Initech.", "Globex", "Initech",
             "Where does Priya work?"),
    Scenario("fiscal year", "Our fiscal year starts in April.",
             "Our fiscal year now starts in January.", "April", "January",
             "When does Acme's fiscal year start?"),
    Scenario("currency", "Our currency is EUR.", "Our currency is now USD.", "EUR", "USD",
             "Which currency does Acme use?"),
    Scenario("logo", "Our logo position is top left.", "Our logo position is now top right.",
             "top left", "top right", "Where does Acme put its logo?"),
    Scenario("footer", "Our footer text is Acme Labs 2025.",
             "Our footer text is now Acme Labs 2026.", "Acme Labs 2025", "Acme Labs 2026",
             "What is Acme's footer text?"),
    Scenario("chart style", "My preferred chart style is bar charts.",
             "My preferred chart style is now line charts.", "bar charts", "line charts",
             "Which chart style does Priya prefer?"),
]

FIRST = ["Maya", "Omar", "Lena", "Sam", "Ana", "Karim", "Sofia", "Tom", "Jin", "Ravi", "Ines",
         "Noah", "Zara", "Liam", "Aiko", "Pedro", "Nina", "Emil", "Hana", "Yusuf"]
LAST = ["Okafor", "Berg", "Silva", "Novak", "Tanaka", "Haddad", "Moreau", "Kowalski", "Reyes",
        "Lindqvist", "Osei", "Ivanova", "Costa", "Fischer", "Nakamura", "Duarte"]
CITIES = ["Lisbon", "Oslo", "Cairo", "Leeds", "Madrid", "Seoul", "Lagos", "Quito", "Hanoi"]
THINGS = ["jazz", "chess", "sourdough", "cycling", "tea", "sushi", "poetry", "climbing"]


def distractors(n: int, rng: random.Random) -> list[str]:
    """Turns that each state one durable fact about someone else."""
    out = []
    for i in range(n):
        who = f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}"
        out.append(rng.choice([
            f"{who} lives in {rng.choice(CITIES)}.",
            f"{who} works at {rng.choice(LAST)} Labs.",
            f"{who}'s favourite colour is {rng.choice(['red', 'teal', 'navy', 'gold'])}.",
            f"{who} likes {rng.choice(THINGS)}.",
        ]))
    return out


def conversation(size: int, seed: int = 1) -> list[tuple[Turn, Scenario | None, str]]:
    """Every turn in time order, with the scenario and phase ('before'/'after') it belongs
    to: scenario facts early, their changes weeks later, distractors around them."""
    rng = random.Random(seed)
    filler = distractors(max(0, size - 2 * len(SCENARIOS)), rng)
    slots: list[tuple[str, Scenario | None, str]] = [(t, None, "") for t in filler]
    third = max(1, len(slots) // 3)
    for s in SCENARIOS:
        slots.insert(rng.randrange(0, third), (s.before, s, "before"))
    for s in SCENARIOS:
        slots.insert(rng.randrange(2 * third, len(slots) + 1), (s.after, s, "after"))
    start = datetime(2026, 1, 1, tzinfo=UTC)
    step = timedelta(days=120) / max(1, len(slots))
    return [(Turn(text=text, speaker="Priya", organisation="Acme", conversation_id="c",
                  message_id=f"t{i}", timestamp=start + i * step), s, phase)
            for i, (text, s, phase) in enumerate(slots)]


def score(context: str, scenario: Scenario) -> tuple[bool, bool]:
    """(the current value is there, an old value is there)."""
    low = context.lower()
    return scenario.new.lower() in low, scenario.old.lower() in low


@dataclass
class Result:
    recall: float
    stale: int
    p50: float
    p95: float
    ingest_per_s: float
    stale_in_band: int | None = None


def stale_in_current_band(mem: Memory) -> int:
    """Old scenario values still in kg's current band (whole band, not just the context)."""
    olds = {s.old.lower() for s in SCENARIOS}
    return sum(1 for c in mem.current() if c.object.lower() in olds)


def measure(ask: Callable[[str], str], ingest_rate: float, repeats: int) -> Result:
    hits, stale, times = 0, 0, []
    ask(SCENARIOS[0].question)  # warm up: the first read loads kg's in-process band
    for scenario in SCENARIOS:
        for _ in range(repeats):
            t = time.perf_counter()
            text = ask(scenario.question)
            times.append((time.perf_counter() - t) * 1000)
        found, old = score(text, scenario)
        hits += found
        stale += old
    return Result(hits / len(SCENARIOS), stale, statistics.median(times),
                  percentile(times, 0.95), ingest_rate)


def run_kg(turns: list, path: Path | str, repeats: int) -> tuple[Result, Result]:
    with Memory(path, user="Priya") as mem:
        start = time.perf_counter()
        for i in range(0, len(turns), 256):
            report = mem.ingest([t for t, _, _ in turns[i:i + 256]])
            mem.approve_many(report.claim_ids, by="policy:bench")
        rate = len(turns) / (time.perf_counter() - start)
        kg = measure(lambda q: mem.context(q, max_chars=BUDGET_CHARS).text, rate, repeats)
        kg.stale_in_band = stale_in_current_band(mem)
        walk = networkx_context(mem)
        nxr = measure(lambda q: "\n".join(ctx_line(r) for r in walk(q)), rate, repeats)
    return kg, nxr


def ctx_line(ranked) -> str:
    from kg.context import line

    return line(ranked.claim)


def run_fts(turns: list, repeats: int) -> Result:
    fts = AppendOnlyFTS()
    start = time.perf_counter()
    for turn, _, _ in turns:
        fts.add(turn.text)
    rate = len(turns) / (time.perf_counter() - start)
    return measure(lambda q: fts.context(q, BUDGET_CHARS // 4), rate, repeats)


class PeerFailed(RuntimeError):
    """A peer system could not answer; the benchmark prints why and goes on."""


def run_yantrik(python: str, turns: list, path: Path, repeats: int) -> Result:
    proc = subprocess.Popen([python, str(Path(__file__).parent / "peers" / "yantrik_driver.py")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def call(**cmd: object) -> dict:
        proc.stdin.write(json.dumps(cmd) + "\n")
        proc.stdin.flush()
        out = json.loads(proc.stdout.readline())
        if "error" in out:
            raise PeerFailed(f"YantrikDB failed on {cmd['op']}: {out['error']}")
        return out

    try:
        call(op="open", path=str(path))
        start = time.perf_counter()
        earlier: dict[str, str] = {}
        for turn, scenario, phase in turns:
            if scenario is not None and phase == "after":
                call(op="correct", rid=earlier[scenario.name], text=turn.text)
            else:
                rid = call(op="record", text=turn.text)["rid"]
                if scenario is not None:
                    earlier[scenario.name] = rid
        rate = len(turns) / (time.perf_counter() - start)
        return measure(lambda q: "\n".join(call(op="recall", query=q, top_k=5)["texts"]),
                       rate, repeats)
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1k and 2k only")
    parser.add_argument("--sizes", type=int, nargs="*")
    parser.add_argument("--repeats", type=int, default=20, help="timed asks per question")
    parser.add_argument("--yantrik-python", help="python of an environment with yantrikdb")
    add_option(parser)
    args = parser.parse_args()
    sizes = args.sizes or ([1_000, 2_000] if args.quick else [1_000, 2_000, 5_000, 10_000,
                                                               100_000])
    print("| turns | system | recall of current value | stale values in context "
          "| stale values in kg's current band | context p50 ms | p95 ms | ingest turns/s |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    for size in sizes:
        turns = conversation(size)
        with tempfile.TemporaryDirectory() as tmp, Places(args.backend, tmp) as places:
            for name, r in zip((f"kg ({args.backend})", "networkx walk (same graph)"),
                               run_kg(turns, places("kg"), args.repeats), strict=True):
                print_row(size, name, r)
            print_row(size, "append-only FTS5 bands (puppy_kennel)", run_fts(turns, args.repeats))
            if args.yantrik_python:
                try:
                    print_row(size, "YantrikDB 0.23.2 correct()", run_yantrik(
                        args.yantrik_python, turns, Path(tmp) / "y.db", args.repeats))
                except PeerFailed as failure:  # a row that says so, not a lost run
                    print(f"| {size:,} | YantrikDB 0.23.2 correct() | {failure} "
                          "| | | | | |", flush=True)


def print_row(size: int, name: str, r: Result) -> None:
    band = "—" if r.stale_in_band is None else r.stale_in_band
    print(f"| {size:,} | {name} | {r.recall:.2f} | {r.stale} | {band} | {r.p50:.2f} "
          f"| {r.p95:.2f} | {r.ingest_per_s:,.0f} |", flush=True)


if __name__ == "__main__":
    main()

"""Learning from outcomes, beside the supersession scenarios: rival preferences, and an
agent that uses the first one context gives it and reports how that turned out.

    python -m bench.outcomes              # 12 preferences, 10 rounds each, 3 seeds

Each preference (a design style, a tone, a meeting time, ...) has four approved rival
values on one many-valued predicate of the user; the person prefers one of them, chosen
at random, and the others were said more recently, so they start ahead. In each round the
agent asks context, uses the first rival it gets, and reports an accepted outcome when
that was the preferred value, a rejected one otherwise (``Memory.record_outcome``).
Printed per round: the share of preferences whose first rival is the preferred one, with
outcomes reported, and, in the same run, the same memory with no reports (the baseline:
the walk's order alone). Statuses are checked to be unchanged by every report.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from kg import ClaimDraft, Memory, Provenance

PREFERENCES = {
    "design_style": ["minimalist", "ornate", "brutalist", "retro"],
    "tone": ["formal", "playful", "terse", "warm"],
    "meeting_time": ["early morning", "late morning", "after lunch", "late afternoon"],
    "cuisine": ["Thai", "Italian", "Ethiopian", "Mexican"],
    "chart_type": ["bar charts", "line charts", "pie charts", "tables"],
    "editor": ["Vim", "VS Code", "Emacs", "Zed"],
    "summary_length": ["one line", "one paragraph", "bullet points", "a full page"],
    "colour_scheme": ["dark", "light", "solarized", "high contrast"],
    "music": ["jazz", "techno", "folk", "classical"],
    "travel_mode": ["train", "plane", "car", "bus"],
    "coffee": ["espresso", "flat white", "filter", "cold brew"],
    "font": ["serif", "sans serif", "monospace", "handwritten"],
}
START = datetime(2026, 1, 1, tzinfo=UTC)


def seed_memory(path: Path, rng: random.Random) -> tuple[Memory, dict[str, tuple[str, dict]]]:
    """The rivals, approved, each said on a later day than the one before (so the walk's
    recency favours the last); returns the memory and, per predicate, the preferred value
    and each value's claim id."""
    now = [START]
    mem = Memory(path, clock=lambda: now[0], user="Dana", hold=True)
    truth = {}
    for predicate, values in PREFERENCES.items():
        mem.set_predicate(predicate, cardinality="many", by="bench")
        ids = {}
        for i, value in enumerate(values):
            now[0] = START + timedelta(days=i)
            said = f"I like {value} ({predicate.replace('_', ' ')})."
            result = mem.propose(ClaimDraft(
                subject="Dana", predicate=predicate, object=value, text=said,
                provenance=Provenance(message_id=f"{predicate}-{i}", speaker="Dana",
                                      source_text=said, extractor="bench")))
            mem.approve(result.claim_id, by="policy:bench")
            ids[value] = result.claim_id
        truth[predicate] = (rng.choice(values), ids)
    now[0] = START + timedelta(days=30)
    return mem, truth


def first_rival(mem: Memory, predicate: str) -> str | None:
    question = f"What {predicate.replace('_', ' ')} does Dana like?"
    stored = mem.registry.canonical(predicate)  # "colour_scheme" is kept as "color_scheme"
    return next((c.object for c in mem.context(question).claims if c.predicate == stored),
                None)


def run(seed: int, rounds: int) -> tuple[list[float], float, bool]:
    """Per round, the share of preferences answered with the preferred value first; the
    baseline share with no reports; whether every status stayed as it was."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        mem, truth = seed_memory(Path(tmp) / "m", rng)
        with mem:
            statuses = {c.id: (c.status, c.lifecycle) for c in mem.current()}
            baseline = sum(first_rival(mem, p) == best for p, (best, _) in truth.items())
            shares = []
            for _ in range(rounds):
                right = 0
                for predicate, (best, ids) in truth.items():
                    used = first_rival(mem, predicate)
                    right += used == best
                    if used is not None:
                        mem.record_outcome(ids[used], accepted=used == best, by="agent:bench",
                                           origin="bench")
                shares.append(right / len(truth))
            unchanged = statuses == {c.id: (c.status, c.lifecycle) for c in mem.current()}
    return shares, baseline / len(truth), unchanged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    runs = [run(seed, args.rounds) for seed in range(args.seeds)]
    print(f"{len(PREFERENCES)} preferences x 4 rivals, {args.seeds} seeds; share of "
          "preferences whose first rival in context is the preferred one")
    print("| round | with outcomes reported | no reports (baseline, same run) |")
    print("|---:|---:|---:|")
    base = sum(b for _, b, _ in runs) / len(runs)
    for i in range(args.rounds):
        share = sum(s[i] for s, _, _ in runs) / len(runs)
        print(f"| {i + 1} | {share:.2f} | {base:.2f} |")
    print(f"statuses and lifecycles unchanged by every report: "
          f"{all(u for _, _, u in runs)}")


if __name__ == "__main__":
    main()

"""Three processes on one memory for a while: an agent proposing claims, a reviewer
approving them, a reader asking for context. Run twice in one go: each process opening
the database per operation (``hold=False``, as the CLI does: the baseline), then each
holding it as ``Memory`` does by default (a notebook, the MCP server), handing it over
when another queues for it (at once when idle; a busy holder after its slice,
``kg.storage.lock.HOLD_SLICE``). The three start together, once each has opened.

    python -m bench.concurrency              # 30 s a run
    python -m bench.concurrency --seconds 10

Prints each role's operations per second and the longest wait any operation saw, then
the invariant check: every proposal accounted for (pending, decided or suppressed),
and the store's integrity checks all zero.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.backends import Places, add_option
from kg import Memory

ROLE = r"""
import json, sys, time
from pathlib import Path
from kg import ClaimDraft, Memory
path, role, seconds, out = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
mem = Memory(path, hold=sys.argv[5] == "hold", wait=60, user="Priya")
# start together: a holder waiting here is idle, so the others get in to open theirs
ready = Path(out).with_suffix(".ready")
ready.touch()
while len(list(ready.parent.glob("*.ready"))) < 3:
    time.sleep(0.01)
ops, longest, proposals, i = 0, 0.0, [], 0
end = time.monotonic() + seconds
while time.monotonic() < end:
    t = time.perf_counter()
    if role == "agent":
        result = mem.propose(ClaimDraft(subject=f"entity {i % 40}", predicate="likes",
                                        object=f"thing {i}"))
        proposals.append([result.claim_id, str(result.outcome)])
    elif role == "reviewer":
        waiting = [c.id for c in mem.pending()[:20]]
        if waiting:
            mem.approve_many(waiting, by="sam")
    else:
        mem.context(f"What does entity {i % 40} like?")
    longest = max(longest, time.perf_counter() - t)
    ops += 1
    i += 1
json.dump({"ops": ops, "longest_s": longest, "seconds": seconds, "proposals": proposals},
          open(out, "w"))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    add_option(parser)
    args = parser.parse_args()
    for mode in ("per-operation", "hold"):
        run(mode, args.seconds, args.backend)


def run(mode: str, seconds: float, backend: str) -> None:
    with tempfile.TemporaryDirectory() as tmp, Places(backend, tmp) as places:
        db = places("memory")
        Memory(db).close()
        procs = {role: subprocess.Popen([sys.executable, "-c", ROLE, str(db), role,
                                         str(seconds), str(Path(tmp) / f"{role}.json"), mode])
                 for role in ("agent", "reviewer", "reader")}
        for proc in procs.values():
            proc.wait()
        results = {role: json.loads((Path(tmp) / f"{role}.json").read_text()) for role in procs}
        print(f"\n{mode} ({backend}): | role | operations | per second | longest wait s |  "
              f"({seconds:g} s, 2 cores)")
        print("|---|---:|---:|---:|")
        for role, r in results.items():
            print(f"| {role} | {r['ops']} | {r['ops'] / r['seconds']:.1f} "
                  f"| {r['longest_s']:.3f} |")
        with Memory(db) as mem:
            claims = {c.id: c for c in mem.store.all_claims(mem.scope)}
            proposals = results["agent"]["proposals"]
            lost = [cid for cid, outcome in proposals if outcome == "pending"
                    and cid not in claims]
            states: dict[str, int] = {}
            for cid, outcome in proposals:
                key = "suppressed" if outcome == "suppressed" else str(claims[cid].status)
                states[key] = states.get(key, 0) + 1
            problems = {k: v for k, v in mem.store.integrity_problems().items() if v}
        print(f"\nproposals: {len(proposals)}; accounted for: {states}; lost: {len(lost)}; "
              f"integrity problems: {problems or 'none'}")


if __name__ == "__main__":
    main()

"""Run the quick size of every benchmark in ``bench/`` and print one markdown report, so
a change can be compared before and after.

    python -m bench.report > before.md     # then, after the change: ... > after.md
"""

from __future__ import annotations

import subprocess
import sys
import time

BENCHMARKS = [
    ("store: propose/approve throughput, current-value lookup", ["bench.store"]),
    ("extraction: gold-set precision/recall, speed", ["bench.extract"]),
    ("context: context() and neighbourhood() latency, stale values",
     ["bench.context", "--sizes", "1000", "--queries", "100", "--supersessions", "300"]),
    ("supersession at scale", ["bench.supersession", "--quick", "--repeats", "5"]),
    ("LoCoMo evidence recall", ["bench.locomo", "--quick"]),
]


def main() -> None:
    print(f"# kg benchmark report (quick sizes)\n\nmachine: {_machine()}\n")
    for title, args in BENCHMARKS:
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True)
        took = time.perf_counter() - start
        print(f"## {title}\n\n`python -m {' '.join(args)}` ({took:.0f} s)\n")
        print(out.stdout.strip() if out.returncode == 0 else
              f"FAILED (exit {out.returncode}):\n```\n{out.stderr.strip()[-2000:]}\n```")
        print()


def _machine() -> str:
    import os
    import platform

    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


if __name__ == "__main__":
    main()

"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed(fn: Callable[[Any], object], args: list[Any]) -> list[float]:
    """Milliseconds for ``fn(arg)``, one measurement per argument."""
    out = []
    for arg in args:
        t = time.perf_counter()
        fn(arg)
        out.append((time.perf_counter() - t) * 1000)
    return out

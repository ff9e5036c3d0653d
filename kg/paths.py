"""Where a memory lives when no path is given."""

from __future__ import annotations

import os
from pathlib import Path

ENV_DB = "KG_DB"


def default_db_path() -> Path | str:
    """``$KG_DB`` (a directory, or a ``falkordb://HOST:PORT/GRAPH`` URL), else
    ``$XDG_DATA_HOME/kg/default`` (``~/.local/share/kg/default``)."""
    if os.environ.get(ENV_DB):
        value = os.environ[ENV_DB]
        return value if value.startswith("falkordb://") else Path(value).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kg" / "default"

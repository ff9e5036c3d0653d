"""Where a memory lives: an embedded Kùzu directory (the default) or a graph on a FalkorDB
server (``falkordb://[:PASSWORD@]HOST:PORT/GRAPH``), as ``--db`` and ``$KG_DB`` name it."""

from __future__ import annotations

import os
import re
from pathlib import Path

ENV_DB = "KG_DB"
SCHEME = "falkordb://"

Location = Path | str


def is_server(location: Location) -> bool:
    """Whether ``location`` names a graph on a FalkorDB server rather than a directory."""
    return isinstance(location, str) and location.startswith(SCHEME)


def as_location(value: Location) -> Location:
    """A ``--db`` or ``$KG_DB`` value: a server URL kept as text, anything else a path."""
    text = str(value)
    return text if text.startswith(SCHEME) else Path(text).expanduser()


def shown(location: Location) -> str:
    """The location as printed: a server URL's password hidden."""
    return re.sub(r"^(falkordb://[^@/]*?:)[^@/]*@", r"\1***@", str(location))


def data_dir(name: str) -> Path:
    """``$XDG_DATA_HOME/kg/NAME`` (``~/.local/share/kg/NAME``): kg's per-user data."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kg" / name


def default_db_path() -> Location:
    """``$KG_DB``, else ``$XDG_DATA_HOME/kg/default`` (``~/.local/share/kg/default``)."""
    if os.environ.get(ENV_DB):
        return as_location(os.environ[ENV_DB])
    return data_dir("default")

"""Where a memory is stored: an embedded Kùzu directory (the default) or a graph on a
FalkorDB server (``falkordb://HOST:PORT/GRAPH``), behind the one store interface
(``kg.storage.cypher.CypherStore``: the gate's reads and writes, written once; the
drivers are ``kg.storage.kuzu.KuzuStore`` and ``kg.storage.falkordb.FalkorStore``).

``open_store`` is the one way to open either; ``cache_dir`` is where a memory's local
caches (its claims' vectors) live, beside the database or, for a server, per graph
under the user's cache directory.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from kg.paths import SCHEME, Location, as_location, is_server, shown
from kg.storage.cypher import CypherStore
from kg.storage.kuzu import KuzuStore

__all__ = ["SCHEME", "CypherStore", "Location", "as_location", "cache_dir", "is_server",
           "open_store", "shown"]


def open_store(location: Location, *, read_only: bool = False, hold: bool = True,
               wait: float | None = None) -> CypherStore:
    if is_server(location):
        from kg.storage.falkordb import FalkorStore

        return FalkorStore(str(location), read_only=read_only, hold=hold, wait=wait)
    return KuzuStore(location, read_only=read_only, hold=hold, wait=wait)


def cache_dir(location: Location) -> Path:
    """The directory for a memory's local caches."""
    if not is_server(location):
        return Path(location)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    name = hashlib.sha256(str(location).encode()).hexdigest()[:16]
    path = Path(base) / "kg" / "servers" / name
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path

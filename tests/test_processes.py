"""Several processes on one memory: each waits its turn, and says who holds it if not."""

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from mcp import Client, StdioServerParameters

from kg import Memory
from tests.conftest import draft

HOLD = """
import sys, time
from kg import Memory
mem = Memory(sys.argv[1])          # holds the database while idle, hands it over if asked
if sys.argv[3] == "busy":          # one long operation: nobody gets in meanwhile
    with mem.store.session():
        print("holding", flush=True)
        time.sleep(float(sys.argv[2]))
else:                              # a notebook that opened a memory and sits there
    print("holding", flush=True)
    time.sleep(float(sys.argv[2]))
print(sorted(c.object for c in mem.pending()), flush=True)
mem.close()
"""


def hold(db: Path, seconds: float, mode: str = "busy") -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(db), str(seconds), mode],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "holding"
    return proc


def kg(db: Path, *args: str, wait: float, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "KG_LOCK_WAIT": str(wait)}
    return subprocess.run([sys.executable, "-m", "kg", "--db", str(db), *args], input=stdin,
                          capture_output=True, text=True, timeout=120, env=env)


def test_a_command_waits_for_the_holder_then_works(tmp_path):
    db = tmp_path / "m"
    with Memory(db) as mem:
        mem.approve(mem.propose(draft("Acme", "brand colour", "blue")).claim_id, by="p")
    holder = hold(db, 2)
    out = kg(db, "context", "Acme brand colour", wait=30)
    holder.wait()
    assert out.returncode == 0, out.stderr
    assert "blue" in out.stdout


def test_an_idle_holder_hands_the_memory_over_and_then_sees_what_was_written(tmp_path):
    db = tmp_path / "m"
    Memory(db).close()
    holder = hold(db, 8, mode="idle")
    try:
        started = time.monotonic()
        out = kg(db, "ingest", "-", "--speaker", "Priya", wait=5, stdin="I like chess.")
        took = time.monotonic() - started
        assert out.returncode == 0, out.stderr
        assert took < 8, f"waited for the holder to finish ({took:.1f} s)"
        assert holder.stdout.readline().strip() == "['chess']"
    finally:
        holder.kill()
        holder.wait()


BUSY = """
import sys, time
from pathlib import Path
from kg import Memory
mem = Memory(sys.argv[1])          # an agent asking for context without a pause
print("holding", flush=True)
deadline = time.monotonic() + 30
while not Path(sys.argv[2]).exists() and time.monotonic() < deadline:
    mem.context("What does Priya like?")
print("let in" if Path(sys.argv[2]).exists() else "nobody got in", flush=True)
mem.close()
"""


def test_a_busy_holder_lets_a_waiting_process_in_between_its_operations(tmp_path):
    """A holder that never pauses still hands over: the queue is served between
    operations, not only while the holder sits idle."""
    db = tmp_path / "m"
    Memory(db).close()
    done = tmp_path / "done"
    holder = subprocess.Popen([sys.executable, "-c", BUSY, str(db), str(done)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        out = kg(db, "ingest", "-", "--speaker", "Priya", wait=20, stdin="I like chess.")
        done.touch()
        assert out.returncode == 0, out.stderr
        assert holder.stdout.readline().strip() == "let in"
        assert [c.object for c in Memory(db).pending()] == ["chess"]
    finally:
        holder.kill()
        holder.wait()


def test_a_writer_that_cannot_get_in_names_the_holder_and_the_turns_not_stored(tmp_path):
    db = tmp_path / "m"
    Memory(db).close()
    holder = hold(db, 60)
    try:
        turns = [{"speaker": "Priya", "text": f"I like thing {i}.", "id": f"m{i}"}
                 for i in range(3)]
        out = kg(db, "ingest", "-", wait=1, stdin=json.dumps(turns))
    finally:
        holder.kill()
        holder.wait()
    assert out.returncode == 3
    assert f"process {holder.pid}" in out.stderr and "Traceback" not in out.stderr
    assert "NOT stored: 3 turn(s): m0, m1, m2" in out.stderr
    with Memory(db) as mem:
        assert mem.pending() == []


def test_review_an_agent_server_and_an_ingest_share_one_memory(tmp_path):
    db = tmp_path / "m"
    with Memory(db) as mem:
        ids = [mem.propose(draft("Acme", "likes", f"thing {i}")).claim_id for i in range(5)]
    env = {**os.environ, "KG_LOCK_WAIT": "60"}

    async def agent() -> list:
        params = StdioServerParameters(command=sys.executable,
                                       args=["-m", "kg", "--db", str(db), "mcp"], env=env)
        async with Client(params) as client:
            results = []
            for i in range(10):
                results.append(await client.call_tool("context", {"query": "Acme"}))
                results.append(await client.call_tool("propose", {"claims": [
                    {"subject": "Acme", "predicate": "uses", "object": f"tool {i}"}]}))
            return results

    async def everyone() -> tuple:
        ingest = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "kg", "--db", str(db), "ingest", "-", "--speaker", "Priya",
            stdin=subprocess.PIPE, env=env)
        review = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "kg", "--db", str(db), "review", "approve", *ids, "--by",
            "sam", env=env)
        results = await agent()
        await ingest.communicate(b"I live in Berlin.\\n\\nI like chess.")
        return results, await review.wait(), ingest.returncode

    started = time.monotonic()
    results, review_code, ingest_code = asyncio.run(everyone())
    assert review_code == 0 and ingest_code == 0
    assert not any(r.is_error for r in results)
    with Memory(db) as mem:
        assert {c.object for c in mem.current("Acme")} >= {f"thing {i}" for i in range(5)}
        assert {c.object for c in mem.pending()} >= {f"tool {i}" for i in range(10)}
        assert not any(mem.store.integrity_problems().values())
    assert time.monotonic() - started < 120


def test_two_holding_memories_in_one_process_take_turns(tmp_path):
    """A notebook with two Memory objects on one directory: each hands over to the other."""
    db = tmp_path / "m"
    first = Memory(db, wait=5)
    claim_id = first.propose(draft("Acme", "brand colour", "blue")).claim_id
    second = Memory(db, wait=5)
    second.approve(claim_id, by="p")
    assert [c.object for c in first.current("Acme")] == ["blue"]
    assert [c.object for c in second.current("Acme")] == ["blue"]
    first.close()
    second.close()


def test_a_ticket_a_dead_waiter_left_behind_is_no_reason_to_hand_over(tmp_path):
    db = tmp_path / "m"
    mem = Memory(db)
    mem.current()
    stale = db / "kg.queue" / f"{time.time_ns():020d}-999999999-1"  # no such process
    stale.write_text("")
    time.sleep(0.3)
    assert (db / "kg-holder.json").exists()  # still held: not closed for no one
    assert not stale.exists()  # and the stale ticket is gone
    mem.close()

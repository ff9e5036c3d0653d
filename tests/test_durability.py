"""Schema migrations, backups, and writers killed mid-work."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kg.storage.kuzu as kuzu_store
from kg import Memory, NotAKGDatabase, SchemaVersionError
from tests.conftest import draft, raw_kuzu


def seed(db: Path | str) -> str:
    with Memory(db) as mem:
        r = mem.propose(draft("Acme", "brand colour", "blue"))
        mem.approve(r.claim_id, by="priya")
        return r.claim_id


def test_an_older_schema_is_migrated_forward_in_one_transaction(db_path, monkeypatch):
    claim_id = seed(db_path)
    now = kuzu_store.SCHEMA_VERSION
    monkeypatch.setattr(kuzu_store, "SCHEMA_VERSION", now + 1)
    monkeypatch.setitem(kuzu_store.MIGRATIONS, now,
                        ["ALTER TABLE Entity ADD note STRING DEFAULT ''"])
    with Memory(db_path) as mem:
        assert mem.store.schema_version() == now + 1
        assert mem.claim(claim_id).object == "blue"
    with raw_kuzu(db_path) as conn:
        assert conn.execute("MATCH (e:Entity) RETURN e.note").get_all()[0][0] == ""


def test_a_version_1_database_gains_what_later_versions_added_and_keeps_its_claims(db_path):
    claim_id = seed(db_path)
    with raw_kuzu(db_path) as conn:  # make it as version 1 wrote it
        for column in ("message_words", "said_in", "origin", "reported_speaker", "accepted",
                       "declined"):
            conn.execute(f"ALTER TABLE Claim DROP {column}")
        conn.execute("DROP TABLE Message")
        conn.execute("MATCH (m:Meta {name: 'schema_version'}) SET m.value = '1'")
    with Memory(db_path) as mem:
        assert mem.store.schema_version() == kuzu_store.SCHEMA_VERSION
        claim = mem.claim(claim_id)
        assert claim.object == "blue" and claim.provenance.message_words == ""
        assert claim.said_in == "" and claim.provenance.origin == ""
        assert (claim.accepted, claim.declined) == (0, 0)
        assert [c.object for c in mem.current("Acme")] == ["blue"]
        assert not any(mem.store.integrity_problems().values())


def test_a_failing_migration_changes_nothing_and_says_so(db_path, monkeypatch):
    seed(db_path)
    now = kuzu_store.SCHEMA_VERSION
    monkeypatch.setattr(kuzu_store, "SCHEMA_VERSION", now + 1)
    monkeypatch.setitem(kuzu_store.MIGRATIONS, now, ["ALTER TABLE Entity ADD note STRING",
                                                   "THIS IS NOT CYPHER"])
    with pytest.raises(Exception, match="(?i)parser|syntax|exception"):
        Memory(db_path)
    monkeypatch.setattr(kuzu_store, "SCHEMA_VERSION", now)
    with Memory(db_path) as mem:
        assert mem.store.schema_version() == now
    with raw_kuzu(db_path) as conn:
        columns = conn.execute("CALL table_info('Entity') RETURN name").get_all()
    assert ["note"] not in columns


def test_a_newer_schema_is_refused(db_path, monkeypatch):
    seed(db_path)
    monkeypatch.setattr(kuzu_store, "SCHEMA_VERSION", 0)
    with pytest.raises(SchemaVersionError, match="newer kg"):
        Memory(db_path)


def test_backup_and_restore_give_the_same_memory(db_path, tmp_path):
    claim_id = seed(db_path)
    with Memory(db_path) as mem:
        mem.store.backup(tmp_path / "backup")
        with pytest.raises(NotAKGDatabase, match="not empty"):
            mem.store.backup(tmp_path / "backup")
    out = subprocess.run([sys.executable, "-m", "kg", "--db", str(tmp_path / "restored"),
                          "restore", str(tmp_path / "backup")], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    with Memory(tmp_path / "restored") as mem:
        assert mem.claim(claim_id).object == "blue"
        assert [e.action for e in mem.events(claim_id)] == ["proposed", "approved"]


def test_restore_refuses_a_non_empty_target(db_path, tmp_path):
    seed(db_path)
    out = subprocess.run([sys.executable, "-m", "kg", "--db", str(db_path), "restore",
                          str(db_path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "not empty" in out.stderr


WRITER = """
import sys
from kg import ClaimDraft, Memory
mem = Memory(sys.argv[1])
mode = sys.argv[2]
print("ready", flush=True)
for batch in range(1000):
    drafts = [ClaimDraft(subject=f"entity {i % 50}", predicate=["lives in", "likes"][i % 2],
                         object=f"value {batch}-{i}") for i in range(200)]
    results = mem.propose_many(drafts)
    if mode == "approve":
        mem.approve_many([r.claim_id for r in results if r.outcome == "pending"], by="priya")
    print(batch, flush=True)
"""


def kill_mid_batch(location: Path | str, mode: str, after: int) -> int:
    """Run WRITER on the memory and SIGKILL it in the batch after ``after`` committed
    ones; the number of the last batch it reported committed."""
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(location), mode],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    committed = -1
    deadline = time.monotonic() + 120
    while committed < after and time.monotonic() < deadline:
        committed = int(proc.stdout.readline())
    time.sleep(0.05)  # into the next batch
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    return committed


def assert_every_batch_whole(mem: Memory, committed: int, mode: str) -> None:
    """After a killed WRITER (over a memory seeded with one claim): every batch whole or
    absent, none committed lost, each approved whole or not at all, invariants kept."""
    assert not any(mem.store.integrity_problems().values())
    claims = mem.store.all_claims(mem.scope)
    batches = {c.object.split("-")[0] for c in claims if c.object.startswith("value")}
    assert len(claims) - 1 == 200 * len(batches)  # every batch whole, none half-written
    assert {f"value {b}" for b in range(committed + 1)} <= batches  # nothing lost
    if mode == "approve":  # every batch is approved whole or not at all
        decided = {c.object.split("-")[0] for c in claims if c.status == "approved"
                   and c.object.startswith("value")}
        assert decided in (batches, batches - {max(batches, key=lambda b: int(b[6:]))})
    events = mem.events()
    assert all(any(e.claim_id == c.id and e.action == "proposed" for e in events)
               for c in claims)
    current = [c for c in mem.current() if c.predicate == "lives_in"]
    assert len({c.subject for c in current}) == len(current)  # one current value each


@pytest.mark.parametrize("mode", ["ingest", "approve"])
def test_a_writer_killed_mid_batch_leaves_every_committed_write_whole(db_path, mode):
    seed(db_path)
    committed = kill_mid_batch(db_path, mode, after=3)
    with Memory(db_path) as mem:
        assert_every_batch_whole(mem, committed, mode)

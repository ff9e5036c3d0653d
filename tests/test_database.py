"""Opening a database: creation, refusal of what is not ours, schema versions."""

from pathlib import Path

import pytest

from kg import Memory, NotAKGDatabase, SchemaVersionError
from kg.storage.cypher import SCHEMA_VERSION
from kg.storage.kuzu import KuzuStore
from tests.conftest import draft, raw_kuzu


def test_a_new_path_is_created_and_reopening_is_idempotent(db_path: Path):
    with Memory(db_path) as mem:
        r = mem.propose(draft("Acme", "brand colour", "blue"))
        mem.approve(r.claim_id, by="priya")
    with Memory(db_path) as mem:
        assert [c.object for c in mem.current()] == ["blue"]
        assert mem.store.schema_version() == SCHEMA_VERSION


def test_a_directory_that_is_not_a_kg_database_is_refused(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(NotAKGDatabase, match="not a kg database"):
        Memory(tmp_path)
    assert (tmp_path / "notes.txt").read_text() == "hello"


def test_a_file_is_refused(tmp_path: Path):
    path = tmp_path / "file"
    path.write_text("x")
    with pytest.raises(NotAKGDatabase, match="is a file"):
        Memory(path)


def test_a_newer_schema_is_refused_and_left_untouched(db_path: Path):
    Memory(db_path).close()
    with raw_kuzu(db_path) as conn:
        conn.execute("MATCH (m:Meta {name: 'schema_version'}) SET m.value = '99'")
    with pytest.raises(SchemaVersionError, match="newer kg"):
        KuzuStore(db_path)
    with raw_kuzu(db_path) as conn:  # left as it was
        version = conn.execute("MATCH (m:Meta {name: 'schema_version'}) RETURN m.value")
        assert version.get_all() == [["99"]]


def test_reading_a_missing_database_read_only_is_refused(tmp_path: Path):
    with pytest.raises(NotAKGDatabase):
        Memory(tmp_path / "nothing", read_only=True)


def test_full_scans_refuse_to_run_inside_a_write_transaction(db_path: Path):
    """Kùzu 0.11.3 was seen to return wrong rows from whole-memory scans inside a write
    transaction; those scans refuse there, and give the right answer outside."""
    with Memory(db_path) as mem:
        r = mem.propose(draft("Acme", "brand colour", "blue"))
        with mem.store.transaction():
            for scan in (lambda: mem.store.all_events(mem.scope),
                         lambda: mem.store.decisions(mem.scope),
                         mem.store.integrity_problems):
                with pytest.raises(RuntimeError, match="outside a write transaction"):
                    scan()
        assert [e.action for e in mem.events()] == ["proposed"]
        assert not any(mem.store.integrity_problems().values())
        assert mem.events(r.claim_id)

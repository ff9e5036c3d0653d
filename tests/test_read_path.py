"""One read path: every current-band read comes from the in-process band, which inside
a write transaction holds the transaction's own changes and gives them back when it
rolls back. On both backends."""

import pytest

from kg import Memory
from tests.conftest import draft


def objects(mem: Memory) -> list[str]:
    return sorted(c.object for c in mem.current("Acme"))


def test_reads_inside_a_transaction_see_its_changes_and_a_rollback_takes_them_back(mem):
    blue = mem.propose(draft("Acme", "brand colour", "blue")).claim_id
    mem.approve(blue, by="p")
    green = mem.propose(draft("Acme", "brand colour", "green", message_id="m2")).claim_id
    assert objects(mem) == ["blue"] and mem.store.waiting(mem.scope)[0] == 1
    with pytest.raises(RuntimeError, match="stop"), mem.store.transaction():
        mem.approve(green, by="p")
        assert objects(mem) == ["green"]
        assert mem.store.waiting(mem.scope)[0] == 0
        assert "green" in mem.context("What is Acme's brand colour?").text
        raise RuntimeError("stop")
    assert objects(mem) == ["blue"]
    assert mem.store.waiting(mem.scope)[0] == 1
    assert "green" not in mem.context("What is Acme's brand colour?").text
    assert [c.id for c in mem.pending()] == [green]


def test_word_weights_are_the_same_inside_a_transaction_and_after_it(mem):
    for i, obj in enumerate(["green tea", "jazz", "green jackets"]):
        mem.approve(mem.propose(draft("Acme", "likes", obj, message_id=f"m{i}")).claim_id,
                    by="p")
    wanted = frozenset({"green", "jazz"})
    with mem.store.transaction():
        mem.approve(mem.propose(draft("Acme", "likes", "green paint",
                                      message_id="m9")).claim_id, by="p")
        inside = mem.store.word_weights(mem.scope, wanted)
    assert inside == mem.store.word_weights(mem.scope, wanted)
    assert inside["green"] != inside["jazz"]  # weighed, not 1.0 each


def test_a_failed_batch_leaves_no_trace_in_the_band(mem):
    ids = [mem.propose(draft("Acme", "uses", f"tool {i}", message_id=f"m{i}")).claim_id
           for i in range(3)]
    assert mem.current("Acme") == []
    with pytest.raises(Exception, match="no claim"):
        mem.approve_many([*ids, "no-such-id"], by="p")
    assert mem.current("Acme") == []
    assert mem.store.waiting(mem.scope)[0] == 3
    mem.approve_many(ids, by="p")
    assert objects(mem) == ["tool 0", "tool 1", "tool 2"]


def test_a_band_that_drifted_from_the_database_is_an_integrity_problem(mem):
    """The check the parity suite relies on can fail: a claim lost from the in-process
    band (as a missed update would lose it) is counted."""
    claim_id = mem.propose(draft("Acme", "uses", "Jira")).claim_id
    mem.approve(claim_id, by="p")
    assert mem.store.integrity_problems()["band_drift"] == 0
    mem.store.current_band().drop(claim_id)
    assert mem.store.integrity_problems()["band_drift"] == 1


def test_the_backend_never_reads_the_current_band(mem):
    """Every current-band read is the wrapper's: asked for the current band, the backend
    under it refuses, so no second path to it can drift from the first."""
    claim_id = mem.propose(draft("Acme", "uses", "Jira")).claim_id
    mem.approve(claim_id, by="p")
    assert [c.id for c in mem.store.band(mem.scope, "current", "acme")] == [claim_id]
    for read in (lambda: mem.store.backend.band(mem.scope, "current", "acme"),
                 lambda: mem.store.backend.touching(mem.scope, "acme", "current")):
        with pytest.raises(ValueError, match="current band"):
            read()
    assert [c.id for c in mem.store.backend.band(mem.scope, "all", "acme")] == [claim_id]


def test_one_context_checks_the_log_once_and_the_next_sees_another_writer(mem, monkeypatch):
    """On a shared server every band read used to ask for the log's last event (a round
    trip each, dozens per context); now one operation asks once, and the next operation
    asks again, so a write from elsewhere is seen then."""
    for i in range(5):
        mem.approve(mem.propose(draft("Acme", "uses", f"tool {i}", message_id=f"m{i}")
                                ).claim_id, by="p")
    backend = mem.store.backend
    real, reads = backend.read_seq, []
    monkeypatch.setattr(backend, "read_seq", lambda: reads.append(1) or real())
    mem.context("What tools does Acme use?")
    assert len(reads) <= 1
    other = Memory(mem.location, hold=False) if mem.store.backend.shared else None
    if other is not None:  # another client of the same graph writes between two reads
        with other:
            other.approve(other.propose(draft("Acme", "uses", "Figma", message_id="x")
                                        ).claim_id, by="p")
        assert "Figma" in mem.context("What tools does Acme use?").text

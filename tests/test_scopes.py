"""One scope never reads another's claims."""

import pytest

from kg import ClaimNotFound, Memory, Scope
from tests.conftest import draft


@pytest.fixture
def two_tenants(db_path, clock):
    a = Memory(db_path, scope=Scope(namespace="a"), clock=clock)
    b = Memory.__new__(Memory)  # same open database, other scope
    b.__dict__.update(a.__dict__, scope=Scope(namespace="b"))
    yield a, b
    a.close()


def test_scope_a_never_reads_scope_b(two_tenants):
    a, b = two_tenants
    r = b.propose(draft("Acme", "brand colour", "blue"))
    b.approve(r.claim_id, by="sam")
    assert a.current() == [] and a.current("Acme") == [] and a.history("Acme", "brand colour") == []
    assert a.pending() == [] and a.entity("Acme") is None and a.events() == []
    with pytest.raises(ClaimNotFound):
        a.claim(r.claim_id)


def test_a_scope_cannot_decide_another_scopes_claim(two_tenants):
    a, b = two_tenants
    r = b.propose(draft("Acme", "brand colour", "blue"))
    with pytest.raises(ClaimNotFound):
        a.approve(r.claim_id, by="mallory")
    assert b.claim(r.claim_id).status == "pending"


def test_sibling_agents_do_not_see_each_other_but_both_see_the_namespace(db_path, clock):
    with Memory(db_path, scope=Scope(namespace="acme"), clock=clock) as shared:
        r = shared.propose(draft("Acme", "brand colour", "blue"))
        shared.approve(r.claim_id, by="priya")
    with Memory(db_path, scope=Scope(namespace="acme", agent="writer"), clock=clock) as writer:
        r = writer.propose(draft("Acme", "tone", "formal"))
        writer.approve(r.claim_id, by="priya")
        assert {c.object for c in writer.current("Acme")} == {"blue", "formal"}
    with Memory(db_path, scope=Scope(namespace="acme", agent="coder"), clock=clock) as coder:
        assert [c.object for c in coder.current("Acme")] == ["blue"]
    with Memory(db_path, scope=Scope(namespace="acme"), clock=clock) as shared:
        assert [c.object for c in shared.current("Acme")] == ["blue"]


def test_the_more_specific_scope_wins_a_one_valued_predicate(db_path, clock):
    with Memory(db_path, scope=Scope(namespace="acme"), clock=clock) as shared:
        shared.approve(shared.propose(draft("Acme", "tone", "casual")).claim_id, by="priya")
    with Memory(db_path, scope=Scope(namespace="acme", agent="writer"), clock=clock) as writer:
        writer.approve(writer.propose(draft("Acme", "tone", "formal")).claim_id, by="priya")
        assert [c.object for c in writer.current("Acme")] == ["formal"]

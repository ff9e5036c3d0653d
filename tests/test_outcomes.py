"""Learning from outcomes (issue 16, item 6): an agent reports that a claim it used led to
an accepted or a rejected result; each report is an audited event with its origin;
accepted outcomes raise the claim among its rivals in context, rejected ones lower it;
no report ever changes a claim's status or lifecycle."""

from __future__ import annotations

import json

import pytest

from kg import Memory, Scope
from kg.errors import ClaimNotFound, InvalidDecision
from kg.exports import to_json
from kg.imports import import_json
from tests.conftest import draft

QUESTION = "what style does the user like?"


def styles(mem: Memory) -> dict[str, str]:
    mem.set_predicate("style", cardinality="many", by="dana")
    ids = {}
    for value in ("ornate", "minimalist"):
        ids[value] = mem.propose(draft("user", "style", value, message_id=value)).claim_id
        mem.approve(ids[value], by="dana")
    return ids


def order(mem: Memory, query: str = QUESTION) -> list[str]:
    return [c.object for c in mem.context(query).claims if c.predicate == "style"]


def test_three_accepted_outcomes_put_minimalist_above_ornate(mem):
    ids = styles(mem)
    before = order(mem)
    assert set(before) == {"minimalist", "ornate"}
    for _ in range(3):
        mem.record_outcome(ids["minimalist"], accepted=True, by="agent:designer")
    assert order(mem) == ["minimalist", "ornate"]
    # and the other way round: three accepted for ornate, then two rejections of it
    for _ in range(4):
        mem.record_outcome(ids["ornate"], accepted=True, by="agent:designer")
    assert order(mem) == ["ornate", "minimalist"]
    for _ in range(3):
        mem.record_outcome(ids["ornate"], accepted=False, by="agent:designer")
    assert order(mem) == ["minimalist", "ornate"]


def test_an_outcome_is_an_event_with_its_reporter_and_origin_and_changes_no_status(mem):
    ids = styles(mem)
    before = mem.store.claim(ids["minimalist"], mem.scope)
    after = mem.record_outcome(ids["minimalist"], accepted=False, by="agent:designer",
                               origin="mcp:designer", note="the client chose ornate")
    assert (after.status, after.lifecycle, after.decided_by) == \
        (before.status, before.lifecycle, before.decided_by)
    assert after.declined == 1 and after.accepted == 0
    [event] = [e for e in mem.events() if e.action == "outcome"]
    assert event.actor == "agent:designer" and event.claim_id == ids["minimalist"]
    assert json.loads(event.detail) == {"accepted": False, "origin": "mcp:designer",
                                        "note": "the client chose ornate"}
    assert not any(mem.store.integrity_problems().values())


def test_many_rejected_outcomes_never_take_a_claim_out_of_context(mem):
    ids = styles(mem)
    for _ in range(50):
        mem.record_outcome(ids["ornate"], accepted=False, by="agent:designer")
    assert "ornate" in order(mem)
    assert {c.object for c in mem.current("user", "style")} == {"ornate", "minimalist"}


def test_no_outcome_on_a_claim_nobody_approved(mem):
    pending = mem.propose(draft("user", "style", "brutalist")).claim_id
    rejected = mem.propose(draft("user", "colour", "beige"))
    mem.reject(rejected.claim_id, by="dana", reason="no")
    for claim_id in (pending, rejected.claim_id):
        with pytest.raises(InvalidDecision, match="approved"):
            mem.record_outcome(claim_id, accepted=True, by="agent:designer")
    assert mem.store.claim(pending, mem.scope).status == "pending"
    assert mem.store.claim(pending, mem.scope).accepted == 0
    assert mem.context(QUESTION).claims == []  # outcomes open no door around the gate
    assert not [e for e in mem.events() if e.action == "outcome"]


def test_an_agent_cannot_report_on_another_scopes_claim(db_path, clock):
    with Memory(db_path, scope=Scope(namespace="acme"), clock=clock, hold=False) as acme:
        claim_id = acme.propose(draft("Acme", "brand colour", "blue")).claim_id
        acme.approve(claim_id, by="priya")
    with Memory(db_path, scope=Scope(namespace="globex"), clock=clock, hold=False) as other, \
            pytest.raises(ClaimNotFound):
        other.record_outcome(claim_id, accepted=False, by="agent:spy")
    with Memory(db_path, scope=Scope(namespace="acme"), clock=clock, hold=False) as acme:
        assert acme.store.claim(claim_id, acme.scope).declined == 0


def test_a_reporter_must_be_named(mem):
    ids = styles(mem)
    for by in ("agent:", "robot:x", "agent:\x07"):
        with pytest.raises(InvalidDecision):
            mem.record_outcome(ids["ornate"], accepted=True, by=by)


def test_outcomes_survive_export_and_import(db_path, clock):
    with Memory(db_path / "../src", scope=Scope(namespace="src"), clock=clock,
                hold=False) as src:
        ids = styles(src)
        for _ in range(3):
            src.record_outcome(ids["minimalist"], accepted=True, by="agent:designer")
        file = to_json(src, everything=True)
    with Memory(db_path, scope=Scope(namespace="dst"), clock=clock, hold=False) as dst:
        dst.set_predicate("style", cardinality="many", by="dana")
        import_json(dst, file, by="sam")
        assert dst.store.claim(ids["minimalist"], dst.scope).accepted == 3
        assert order(dst) == ["minimalist", "ornate"]
        assert not any(dst.store.integrity_problems().values())

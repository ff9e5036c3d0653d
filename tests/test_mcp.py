"""The MCP server, through a real stdio client session from the ``mcp`` package."""

import asyncio
import sys
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters

from kg import Memory, Scope
from kg.limits import MAX_HOPS
from tests.conftest import draft


def session(db: Path, *scope_args: str):
    return Client(StdioServerParameters(
        command=sys.executable, args=["-m", "kg", "--db", str(db), *scope_args, "mcp"]))


def run(db: Path, calls: list[tuple[str, dict[str, Any]]], *scope_args: str) -> list[Any]:
    async def go() -> list[Any]:
        async with session(db, *scope_args) as client:
            return [await client.call_tool(name, args) for name, args in calls]
    return asyncio.run(go())


def seed(db: Path) -> None:
    for namespace, colour in (("a", "blue"), ("b", "crimson")):
        with Memory(db, scope=Scope(namespace=namespace)) as mem:
            mem.approve(mem.propose(draft("Acme", "brand colour", colour)).claim_id, by="p")
            mem.propose(draft("Acme", "ceo", f"Secret {namespace}"))  # pending


def test_an_agent_reads_approved_facts_of_its_own_scope_only(tmp_path):
    db = tmp_path / "m"
    seed(db)
    ctx, near, hist = run(db, [("context", {"query": "What is Acme's brand colour?"}),
                                ("neighbourhood", {"entity": "Acme", "hops": 2}),
                                ("history", {"subject": "Acme", "predicate": "brand colour"})],
                          "--namespace", "a")
    assert not ctx.is_error and "blue" in ctx.structured_content["text"]
    assert ctx.structured_content["matched"] is True
    dumped = str([ctx.structured_content, near.structured_content, hist.structured_content])
    assert "crimson" not in dumped and "Secret" not in dumped  # B's facts; pending claims


def test_an_agent_is_told_when_nothing_known_is_about_what_it_asked(tmp_path):
    db = tmp_path / "m"
    seed(db)
    [ctx] = run(db, [("context", {"query": "Who is Acme's accountant?"})], "--namespace", "a")
    assert ctx.structured_content["matched"] is False
    assert ctx.structured_content["text"].startswith("No approved fact matches what was asked")


def test_no_argument_widens_the_scope(tmp_path):
    db = tmp_path / "m"
    seed(db)
    results = run(db, [("context", {"query": "Acme", "namespace": "b"}),
                       ("neighbourhood", {"entity": "Acme", "scope": {"namespace": "b"}}),
                       ("context", {"query": "Acme crimson b"})], "--namespace", "a")
    assert results[0].is_error and "namespace" in results[0].content[0].text
    assert results[1].is_error
    answer = results[2].structured_content
    assert "crimson" not in answer["text"] and "crimson" not in str(answer["claims"])


def test_there_is_no_tool_to_approve_reject_or_edit(tmp_path):
    db = tmp_path / "m"
    seed(db)

    async def go():
        async with session(db, "--namespace", "a") as client:
            names = {t.name for t in (await client.list_tools()).tools}
            tried = [await client.call_tool(n, {"id": "x"}) for n in ("approve", "reject", "edit")]
            return names, tried
    names, tried = asyncio.run(go())
    assert names == {"context", "neighbourhood", "history", "propose", "pending_count",
                     "outcome"}
    assert all(r.is_error and "Unknown tool" in r.content[0].text for r in tried)


def test_proposals_from_an_agent_arrive_pending(tmp_path):
    db = tmp_path / "m"
    seed(db)
    proposed, count, ctx = run(db, [
        ("propose", {"claims": [{"subject": "Acme", "predicate": "tone", "object": "warm"}],
                     "text": "Our office is in Hamburg."}),
        ("pending_count", {}),
        ("context", {"query": "Acme tone"})], "--namespace", "a")
    assert not proposed.is_error
    assert proposed.structured_content["claims"][0]["outcome"] == "pending"
    assert count.structured_content["count"] == 2 + proposed.structured_content[
        "from_text"]["proposed"]
    assert "warm" not in ctx.structured_content["text"]
    with Memory(db, scope=Scope(namespace="a")) as mem:
        [tone] = [c for c in mem.pending() if c.predicate == "tone"]
        assert tone.provenance.extractor == "agent:agent"


def test_malformed_arguments_get_a_clear_error_not_a_traceback(tmp_path):
    db = tmp_path / "m"
    seed(db)
    bad = run(db, [("context", {"query": 5}), ("context", {"query": ""}),
                   ("context", {"query": "x" * 5000}), ("context", {}),
                   ("neighbourhood", {"entity": "Acme", "hops": 99}),
                   ("context", {"query": "Acme", "hops": MAX_HOPS + 1}),
                   ("propose", {}), ("propose", {"claims": [{"subject": "A"}]}),
                   ("propose", {"claims": [{"subject": "A", "predicate": "p", "object": "o",
                                            "status": "approved"}]}),
                   ("history", {"subject": "Acme"})], "--namespace", "a")
    for result in bad:
        assert result.is_error
        text = result.content[0].text
        assert "Traceback" not in text and text.startswith("Error executing tool")
    with Memory(db, scope=Scope(namespace="a")) as mem:
        assert len(mem.pending()) == 1  # nothing was stored by the bad calls


def test_pending_count_says_the_memory_is_busy_as_every_tool_does(tmp_path):
    import os

    db = tmp_path / "m"
    seed(db)
    params = StdioServerParameters(command=sys.executable,
                                   args=["-m", "kg", "--db", str(db), "--namespace", "a", "mcp"],
                                   env={**os.environ, "KG_LOCK_WAIT": "0.3"})

    async def go() -> list[Any]:
        async with Client(params) as client:
            mem = Memory(db, scope=Scope(namespace="a"))
            with mem, mem.store.session():  # busy here: the server must wait
                return [await client.call_tool(name, args) for name, args in (
                    ("pending_count", {}), ("context", {"query": "Acme"}))]

    counted, read = asyncio.run(go())
    assert counted.is_error and read.is_error
    said = counted.content[0].text.split(": ", 1)[1]
    assert "KG_LOCK_WAIT" in said  # the busy message, naming how to wait longer
    assert said == read.content[0].text.split(": ", 1)[1]  # the same clear message


def test_an_agent_cannot_assert_provenance_or_ride_a_policy(tmp_path):
    from review.policy import Policy, apply_policies

    db = tmp_path / "m"
    seed(db)
    [proposed] = run(db, [("propose", {"text": "I use Notion every day.", "speaker": "Priya"})],
                     "--namespace", "a")
    assert not proposed.is_error
    with Memory(db, scope=Scope(namespace="a")) as mem:
        [notion] = [c for c in mem.pending() if c.object == "Notion"]
        assert notion.provenance.origin == "mcp:agent"
        assert notion.provenance.speaker == ""  # who spoke, the server cannot know
        assert notion.provenance.reported_speaker == "Priya"  # who the agent says spoke
        for policy in (Policy(name="trust-priya", speakers=["Priya"], min_confidence=0.0),
                       Policy(name="any", min_confidence=0.0)):
            assert notion.id not in dict(apply_policies(mem, [policy], dry_run=True).approved)
        named = Policy(name="agent-ok", origins=["mcp:agent"], min_confidence=0.0)
        assert notion.id in dict(apply_policies(mem, [named], dry_run=True).approved)


def test_an_agent_reports_an_outcome_that_ranks_but_never_decides(tmp_path):
    db = tmp_path / "m"
    seed(db)
    with Memory(db, scope=Scope(namespace="a")) as mem:
        approved = mem.current("Acme")[0].id
        pending = mem.pending()[0].id
    with Memory(db, scope=Scope(namespace="b")) as mem:
        theirs = mem.current("Acme")[0].id
    good, on_pending, on_other = run(db, [
        ("outcome", {"claim_id": approved, "accepted": True, "note": "used in the deck"}),
        ("outcome", {"claim_id": pending, "accepted": True}),
        ("outcome", {"claim_id": theirs, "accepted": False})], "--namespace", "a")
    assert not good.is_error and good.structured_content["accepted"] == 1
    assert good.structured_content["status"] == "approved"
    assert on_pending.is_error and "approved" in on_pending.content[0].text
    assert on_other.is_error and "no claim" in on_other.content[0].text
    with Memory(db, scope=Scope(namespace="a")) as mem:
        [event] = [e for e in mem.events() if e.action == "outcome"]
        assert event.actor.startswith("agent:") and '"origin": "mcp:' in event.detail
        assert mem.store.claim(pending, mem.scope).status == "pending"
    with Memory(db, scope=Scope(namespace="b")) as mem:
        assert mem.store.claim(theirs, mem.scope).declined == 0

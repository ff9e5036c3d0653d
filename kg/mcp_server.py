"""``kg mcp``: the memory as an MCP server over stdio, for agents.

Agents may read (``context``, ``neighbourhood``, ``history``, ``pending_count``),
propose (``propose``: claims or a turn of text, which arrive pending) and report how a
claim they used turned out (``outcome``: it ranks the claim among its rivals, nothing
more). No tool approves, rejects or edits: decisions are a person's. The scope is
fixed when the server starts; no argument can widen it (an unknown argument is
refused, not ignored).
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kg.errors import KGError
from kg.limits import MAX_HOPS
from kg.memory import Memory
from kg.models import MAX_FIELD_CHARS, MAX_TEXT_CHARS, ClaimDraft, ObjectKind, Provenance

MAX_QUERY_CHARS = 2_000
MAX_CLAIMS_PER_CALL = 100
Name = Annotated[str, Field(min_length=1, max_length=MAX_FIELD_CHARS)]


class ProposedClaim(BaseModel):
    """A claim an agent hands in directly."""

    model_config = ConfigDict(extra="forbid")
    subject: Name
    predicate: Name
    object: Name
    object_kind: ObjectKind = ObjectKind.string
    source_sentence: str = Field(default="", max_length=MAX_TEXT_CHARS)


def build_server(mem: Memory, agent_name: str = "agent") -> MCPServer:
    """An MCP server whose tools read and propose through ``mem`` (and its scope)."""
    server = MCPServer("kg", instructions=(
        "Approved, current facts from a reviewed memory. You may read and propose; "
        "proposals wait for a person's review."))

    @server.tool()
    def context(query: Annotated[str, Field(min_length=1, max_length=MAX_QUERY_CHARS)],
                hops: Annotated[int, Field(ge=1, le=MAX_HOPS)] = 2,
                max_claims: Annotated[int | None, Field(ge=1, le=200)] = None,
                max_chars: Annotated[int, Field(ge=80, le=50_000)] = 2_000,
                history: bool = False) -> dict[str, Any]:
        """Approved, current facts about what the query names, ranked within a budget;
        ``matched`` is false when none of them is about what was asked (only the nearest
        facts the memory has)."""
        return _call(lambda: mem.context(query, hops=hops, max_claims=max_claims,
                                         max_chars=max_chars, history=history)
                     .model_dump(mode="json"))

    @server.tool()
    def neighbourhood(entity: Name, hops: Annotated[int, Field(ge=1, le=MAX_HOPS)] = 1
                      ) -> dict[str, Any]:
        """Approved current claims within `hops` of an entity."""
        return _call(lambda: {"claims": [c.model_dump(mode="json")
                                         for c in mem.neighbourhood(entity, hops=hops)]})

    @server.tool()
    def history(subject: Name, predicate: Name) -> dict[str, Any]:
        """Every approved value of a subject's predicate, with its validity interval, and
        every approved ending of one (``ends``)."""
        return _call(lambda: {"values": [
            {"object": c.object, "valid_from": c.valid_from.isoformat(),
             "valid_to": c.valid_to.isoformat() if c.valid_to else None, "id": c.id,
             "ends": c.kind == "retract"}
            for c in mem.history(subject, predicate)]})

    @server.tool()
    def propose(claims: Annotated[list[ProposedClaim], Field(max_length=MAX_CLAIMS_PER_CALL)]
                | None = None,
                text: Annotated[str, Field(max_length=MAX_TEXT_CHARS)] | None = None,
                speaker: Annotated[str, Field(max_length=200)] = "user") -> dict[str, Any]:
        """Hand in claims, or a turn of text to extract from. They arrive pending."""
        if not claims and not text:
            raise ToolError("propose needs `claims` or `text`")
        return _call(lambda: _propose(mem, claims or [], text, speaker, agent_name))

    @server.tool()
    def outcome(claim_id: Annotated[str, Field(min_length=1, max_length=64)], accepted: bool,
                note: Annotated[str, Field(max_length=2_000)] = "") -> dict[str, Any]:
        """Report that using an approved claim (an id from `context`) led to an accepted
        or a rejected result: it ranks the claim among its rivals; its status stays."""
        def report() -> dict[str, Any]:
            claim = mem.record_outcome(claim_id, accepted=accepted, by=f"agent:{agent_name}",
                                       origin=f"mcp:{agent_name}", note=note)
            return {"claim_id": claim.id, "accepted": claim.accepted,
                    "declined": claim.declined, "status": str(claim.status)}

        return _call(report)

    @server.tool()
    def pending_count() -> dict[str, Any]:
        """How many claims wait for a person's review, and since when."""
        def count() -> dict[str, Any]:
            waiting = mem.pending_summary()
            return {"count": waiting.count,
                    "oldest": waiting.oldest.isoformat() if waiting.oldest else None}

        return _call(count)  # busy or broken: the same clear message as every tool

    _forbid_unknown_arguments(server)
    return server


def _propose(mem: Memory, claims: list[ProposedClaim], text: str | None, speaker: str,
             agent_name: str) -> dict[str, Any]:
    # Who spoke, the server cannot know: the speaker an agent names is kept as its word
    # (reported_speaker), never as the speaker, and every claim says it came over MCP.
    origin = f"mcp:{agent_name}"
    provenance = Provenance(extractor=f"agent:{agent_name}", reported_speaker=speaker,
                            confidence=0.5)
    drafts = [ClaimDraft(subject=c.subject, predicate=c.predicate, object=c.object,
                         object_kind=c.object_kind, text=c.source_sentence,
                         provenance=provenance.model_copy(update={
                             "source_text": c.source_sentence, "pattern": "agent"}))
              for c in claims]
    results = [r.model_dump(mode="json") for r in mem.propose_many(
        drafts, origin=origin)] if drafts else []
    out: dict[str, Any] = {"claims": results}
    if text:
        from extract.turns import Turn

        report = mem.ingest([Turn(text=text, speaker=speaker or "user",
                                  conversation_id=agent_name)],
                            extractor=_AgentSaid(mem, speaker), origin=origin)
        out["from_text"] = report.model_dump(mode="json")
    out["note"] = "proposals are pending until a person reviews them"
    return out


class _AgentSaid:
    """The memory's extractor, with each draft's speaker moved to ``reported_speaker``:
    "I" is read as the person the agent names, but the claim never says that person
    spoke."""

    def __init__(self, mem: Memory, speaker: str) -> None:
        self.mem, self.speaker = mem, speaker
        self.name = "agent-reported"

    def extract_many(self, turns: list[Any]) -> list[Any]:
        results = self.mem.extractor().extract_many(turns)
        return [r.model_copy(update={"drafts": [d.model_copy(update={
            "provenance": d.provenance.model_copy(update={
                "speaker": "", "reported_speaker": self.speaker})}) for d in r.drafts]})
            for r in results]


def _call(fn: Any) -> Any:
    """Run a tool body; our typed errors become clear tool errors, never a traceback."""
    try:
        return fn()
    except (KGError, ValidationError, ValueError) as exc:
        raise ToolError(str(exc)) from exc


def _forbid_unknown_arguments(server: MCPServer) -> None:
    """An argument no tool declares (a ``namespace`` to widen the scope, say) is an error."""
    for tool in server._tool_manager.list_tools():  # noqa: SLF001 - no public hook in mcp 2.3
        model = tool.fn_metadata.arg_model
        model.model_config["extra"] = "forbid"
        model.model_rebuild(force=True)
        tool.parameters = model.model_json_schema(by_alias=True)

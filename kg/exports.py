"""The research surface: the memory as networkx, RDF and pandas, and a JSON export that
imports back losslessly.

Every export reads through the gate: approved claims of the band asked for, and pending
claims only when ``include_pending`` is set (marked as such). The JSON export for a
round trip (``everything=True``) carries every claim of the scope, whatever its state,
with the key states (tombstones included) and the whole audit log.

RDF vocabulary (``KG`` below, https://w3id.org/kg-memory/vocab#): each claim is a
resource of type ``kg:Claim`` described with the standard RDF reification properties
(``rdf:subject``, ``rdf:predicate``, ``rdf:object``) plus ``kg:status``,
``kg:lifecycle``, ``kg:validFrom``, ``kg:validTo``, ``kg:decidedBy``,
``kg:objectKind``, ``kg:confidence``, ``kg:sourceSentence`` and ``kg:supersededBy``;
provenance is PROV-O (``prov:wasDerivedFrom`` the message, ``prov:wasAttributedTo`` the
extractor, ``prov:generatedAtTime`` the record time). Current approved claims are also
asserted as plain triples, so a SPARQL query over facts needs no reification.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import quote

import networkx as nx
from pydantic import BaseModel, ConfigDict
from rdflib import RDF, RDFS, XSD, Graph, Literal, Namespace, URIRef
from rdflib.namespace import PROV

from kg.memory import Memory
from kg.models import Claim, Event, Scope, Status

KG = Namespace("https://w3id.org/kg-memory/vocab#")
EXPORT_FORMAT = "kg-memory-export"
EXPORT_VERSION = 1


def selected(mem: Memory, band: str = "current", include_pending: bool = False) -> list[Claim]:
    """The claims an export holds: approved claims of ``band`` (current, history or all),
    plus pending claims when asked for."""
    if band not in ("current", "history", "all"):
        raise ValueError(f"unknown band {band!r}: use current, history or all")
    # the same gated, scoped reads as everything else: the most specific scope wins
    claims = (mem.current() if band != "history" else []) + (
        mem.history_band() if band != "current" else [])
    if include_pending:
        claims += mem.pending(include_deferred=True)
    return claims


def to_networkx(mem: Memory, band: str = "current",
                include_pending: bool = False) -> nx.MultiDiGraph:
    """A MultiDiGraph: nodes are entities (and one node per literal value), edges are
    claims keyed by claim id, carrying every claim field.

    >>> import tempfile
    >>> from kg import ClaimDraft
    >>> mem = Memory(tempfile.mkdtemp() + "/m")
    >>> r = mem.propose(ClaimDraft(subject="Acme", predicate="uses", object="Figma",
    ...                            object_kind="entity"))
    >>> to_networkx(mem).number_of_edges(), to_networkx(mem, include_pending=True).number_of_edges()
    (0, 1)
    """
    graph = nx.MultiDiGraph()
    for claim in selected(mem, band, include_pending):
        target = claim.object_entity or f"value:{claim.object}"
        graph.add_node(claim.subject, name=claim.subject_name, kind="entity")
        if claim.object_entity:
            graph.add_node(target, name=claim.object, kind="entity")
        else:
            graph.add_node(target, name=claim.object, kind=str(claim.object_kind))
        graph.add_edge(claim.subject, target, key=claim.id, **flat(claim))
    return graph


def flat(claim: Claim) -> dict[str, Any]:
    """Every claim field as a flat dict of strings, numbers and booleans (the claim's
    normalised-key hash as ``claim_key``)."""
    row: dict[str, Any] = claim.model_dump(mode="json", exclude={"scope", "provenance"})
    row.update({f"scope_{k}": v for k, v in claim.scope.model_dump().items()})
    row.update(claim.provenance.model_dump())
    row["pending"] = claim.status == Status.pending
    row["claim_key"] = row.pop("key")  # "key" is networkx's name for the edge key
    return {k: ("" if v is None else v) for k, v in row.items()}


def to_graphml(mem: Memory, band: str = "current", include_pending: bool = False) -> str:
    return "\n".join(nx.generate_graphml(to_networkx(mem, band, include_pending)))


def _iri(kind: str, *parts: str) -> URIRef:
    return KG[f"{kind}/" + "/".join(quote(p, safe="") for p in parts)]


def to_rdf(mem: Memory, band: str = "current", include_pending: bool = False) -> Graph:
    """An rdflib Graph of the selected claims, reified, with PROV-O provenance."""
    graph = Graph()
    graph.bind("kg", KG)
    graph.bind("prov", PROV)
    for claim in selected(mem, band, include_pending):
        namespace = claim.scope.namespace
        node = _iri("claim", claim.id)
        subject = _iri("entity", namespace, claim.subject)
        predicate = _iri("predicate", claim.predicate)
        obj = (_iri("entity", namespace, claim.object_entity) if claim.object_entity
               else Literal(claim.object))
        graph.add((subject, RDFS.label, Literal(claim.subject_name)))
        if claim.object_entity:
            graph.add((obj, RDFS.label, Literal(claim.object)))
        graph.add((node, RDF.type, KG.Claim))
        graph.add((node, RDF.subject, subject))
        graph.add((node, RDF.predicate, predicate))
        graph.add((node, RDF.object, obj))
        for prop, value in (("status", str(claim.status)), ("lifecycle", str(claim.lifecycle)),
                            ("objectKind", str(claim.object_kind)),
                            ("decidedBy", claim.decided_by), ("scope", claim.scope.label()),
                            ("sourceSentence", claim.provenance.source_text)):
            if value:
                graph.add((node, KG[prop], Literal(value)))
        graph.add((node, KG.validFrom, Literal(claim.valid_from, datatype=XSD.dateTime)))
        if claim.valid_to is not None:
            graph.add((node, KG.validTo, Literal(claim.valid_to, datatype=XSD.dateTime)))
        if claim.superseded_by:
            graph.add((node, KG.supersededBy, _iri("claim", claim.superseded_by)))
        graph.add((node, KG.confidence, Literal(claim.provenance.confidence,
                                                datatype=XSD.decimal)))
        p = claim.provenance
        if p.message_id:
            graph.add((node, PROV.wasDerivedFrom,
                       _iri("message", p.conversation_id or "-", p.message_id)))
        graph.add((node, PROV.wasAttributedTo, _iri("agent", p.extractor)))
        graph.add((node, PROV.generatedAtTime, Literal(claim.recorded_at,
                                                        datatype=XSD.dateTime)))
        if claim.status == Status.approved and claim.lifecycle == "current":
            graph.add((subject, predicate, obj))
    return graph


def claims_frame(mem: Memory, band: str = "all", include_pending: bool = False) -> Any:
    """A pandas DataFrame, one row a claim, one column a field: approved claims of
    ``band``, and pending ones only when asked for."""
    pd = _pandas()
    return pd.DataFrame([flat(c) for c in selected(mem, band, include_pending)])


def events_frame(mem: Memory) -> Any:
    """A pandas DataFrame of the audit log in the memory's scope."""
    pd = _pandas()
    return pd.DataFrame([e.model_dump(mode="json") for e in mem.events()])


def decisions_frame(mem: Memory) -> Any:
    """A pandas DataFrame, one row an approval or rejection, with the decided claim's
    pattern and predicate: what precision by pattern is computed from (rejected claims
    included, which no band holds)."""
    pd = _pandas()
    decided = [e for e in mem.events() if e.action in ("approved", "rejected")]
    claims = {i: mem.claim(i) for i in {e.claim_id for e in decided}}
    return pd.DataFrame([{
        "claim_id": e.claim_id, "action": str(e.action), "actor": e.actor,
        "at": e.at.isoformat(), "day": e.at.date().isoformat(),
        "pattern": claims[e.claim_id].provenance.pattern,
        "predicate": claims[e.claim_id].predicate} for e in decided],
        columns=["claim_id", "action", "actor", "at", "day", "pattern", "predicate"])


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("frames need pandas: pip install 'kg-memory[research]'") from exc
    return pandas


# -- the JSON export and import -------------------------------------------------------


class ExportFile(BaseModel):
    """The JSON export: enough to rebuild the scope's memory exactly."""

    model_config = ConfigDict(extra="forbid")
    format: str
    version: int
    scope: Scope
    exported_at: datetime
    claims: list[Claim]
    key_states: list[dict[str, Any]] = []
    events: list[Event] = []
    # a lossless copy (``--everything``): every state, tombstones and events. A plain
    # export holds the selected claims only and cannot be restored.
    everything: bool = False


def to_json(mem: Memory, band: str = "current", include_pending: bool = False,
            everything: bool = False) -> str:
    """The JSON export; ``everything`` for a lossless copy (every state, tombstones and
    events), else the selected claims only."""
    claims = mem.all_claims() if everything else selected(mem, band, include_pending)
    ids = {c.id for c in claims}
    export = ExportFile(
        format=EXPORT_FORMAT, version=EXPORT_VERSION, scope=mem.scope,
        exported_at=mem.clock(), claims=claims,
        key_states=[_jsonable(s) for s in mem.key_states(claims)
                    if any(v for k, v in s.items() if k != "key")] if everything else [],
        events=[e for e in mem.events() if e.claim_id in ids] if everything else [],
        everything=everything,
    )
    return export.model_dump_json(indent=1)


def _jsonable(state: dict[str, Any]) -> dict[str, Any]:
    return {k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in state.items()
            if not k.startswith("_")}

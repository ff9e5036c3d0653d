"""Exports: networkx, RDF, frames and JSON; never a pending or rejected claim unless asked."""

import json
import subprocess
import sys
from datetime import UTC, datetime

import pytest
from rdflib import Graph, Literal
from rdflib.namespace import PROV, RDF

from kg import Memory, ObjectKind
from kg.exports import KG, claims_frame, events_frame, to_json, to_networkx, to_rdf
from kg.imports import import_json
from tests.conftest import draft


@pytest.fixture
def rebranded(mem, clock):
    blue = mem.propose(draft("Acme", "brand colour", "#1F4E79", message_id="m1"))
    mem.approve(blue.claim_id, by="priya")
    clock.now = datetime(2026, 11, 20, tzinfo=UTC)
    green = mem.propose(draft("Acme", "brand colour", "green", message_id="m2"))
    mem.approve(green.claim_id, by="priya")
    mem.approve(mem.propose(draft("Priya", "works at", "Acme",
                                  object_kind=ObjectKind.entity)).claim_id, by="priya")
    rejected = mem.propose(draft("Acme", "tone", "snarky"))
    mem.reject(rejected.claim_id, by="priya", reason="no")
    mem.propose(draft("Acme", "ceo", "Dana"))  # stays pending
    mem.propose(draft("Acme", "tone", "snarky"))  # suppressed
    return mem


def objects_in(graph) -> set[str]:
    return {d["object"] for _, _, d in graph.edges(data=True)}


def test_networkx_holds_approved_claims_only_unless_pending_is_asked_for(rebranded):
    assert objects_in(to_networkx(rebranded)) == {"green", "Acme"}
    assert objects_in(to_networkx(rebranded, band="all")) == {"#1F4E79", "green", "Acme"}
    with_pending = to_networkx(rebranded, include_pending=True)
    assert "Dana" in objects_in(with_pending) and "snarky" not in objects_in(with_pending)
    dana = [d for _, _, d in with_pending.edges(data=True) if d["object"] == "Dana"][0]
    assert dana["pending"] is True and dana["status"] == "pending"


def test_rdf_and_json_exports_leave_out_pending_and_rejected(rebranded):
    turtle = to_rdf(rebranded, band="all").serialize(format="turtle")
    as_json = to_json(rebranded, band="all")
    for text in (turtle, as_json):
        assert "Dana" not in text and "snarky" not in text
    assert "green" in turtle and "#1F4E79" in turtle


def test_turtle_parses_back_with_status_validity_and_provenance(rebranded):
    graph = Graph().parse(data=to_rdf(rebranded, band="all").serialize(format="turtle"),
                          format="turtle")
    claims = list(graph.subjects(RDF.type, KG.Claim))
    assert len(claims) == 3
    old = next(c for c in claims if graph.value(c, RDF.object) == Literal("#1F4E79"))
    assert str(graph.value(old, KG.lifecycle)) == "superseded"
    assert str(graph.value(old, KG.status)) == "approved"
    assert graph.value(old, KG.validTo).toPython() == datetime(2026, 11, 20, tzinfo=UTC)
    assert "m1" in str(graph.value(old, PROV.wasDerivedFrom))
    assert graph.value(old, PROV.generatedAtTime) is not None
    rows = list(graph.query("""
        PREFIX kg: <https://w3id.org/kg-memory/vocab#>
        SELECT ?o WHERE { ?c a kg:Claim ; rdf:object ?o ; kg:lifecycle "current" }"""))
    assert {str(r[0]).rsplit("/", 1)[-1] for r in rows} == {"green", "acme"}


def test_frames_have_a_row_a_claim_and_a_row_an_event(rebranded):
    assert set(claims_frame(rebranded)["status"]) == {"approved"}  # pending only if asked
    claims = claims_frame(rebranded, include_pending=True)
    assert set(claims["status"]) == {"approved", "pending"}
    events = events_frame(rebranded)
    assert {"proposed", "approved", "rejected", "superseded", "suppressed"} <= set(events["action"])


SAME = ("id", "key", "subject", "predicate", "object", "status", "decided_by", "decided_at",
        "lifecycle", "valid_from", "valid_to", "recorded_at", "superseded_by", "said_in")


def test_json_round_trip_replays_every_claim_and_decision_tombstones_included(rebranded,
                                                                              tmp_path):
    exported = to_json(rebranded, everything=True)
    with Memory(tmp_path / "copy", clock=rebranded.clock) as copy:
        report = import_json(copy, exported, by="sam")
        assert (report.claims, report.imported, report.not_stored) == (5, 5, {})
        again = json.loads(to_json(copy, everything=True))
        assert [{k: c[k] for k in SAME} for c in again["claims"]] == \
            [{k: c[k] for k in SAME} for c in json.loads(exported)["claims"]]
        imported = [e for e in again["events"] if e["action"] == "imported"]
        assert {e["claim_id"] for e in imported} == {c["id"] for c in again["claims"]}
        assert {e["actor"] for e in imported} == {"human:sam"}
        assert all(c["provenance"]["origin"] == "import" for c in again["claims"])
        assert [c.object for c in copy.current("Acme")] == ["green"]
        assert copy.propose(draft("Acme", "tone", "snarky")).outcome == "suppressed"
        assert not any(copy.store.integrity_problems().values())


def test_import_refuses_a_non_empty_scope_and_a_bad_file(rebranded, tmp_path):
    with pytest.raises(ValueError, match="already holds"):
        import_json(rebranded, to_json(rebranded, everything=True))
    with Memory(tmp_path / "copy") as copy:
        with pytest.raises(ValueError, match="not a kg export"):
            import_json(copy, '{"claims": 3}')
        assert copy.store.all_claims(copy.scope) == []


def test_a_plain_export_is_refused_by_import_as_it_would_revive_rejections(rebranded, tmp_path):
    plain = to_json(rebranded, band="all", include_pending=True)
    with Memory(tmp_path / "copy") as copy:
        with pytest.raises(ValueError, match="--everything"):
            import_json(copy, plain)
        assert copy.store.all_claims(copy.scope) == []


def test_cli_export_formats_and_import(rebranded, tmp_path):
    db = rebranded.location
    rebranded.close()
    def kg(*args):
        return subprocess.run([sys.executable, "-m", "kg", "--db", str(db), *args],
                              capture_output=True, text=True, timeout=120)
    for fmt in ("turtle", "jsonld", "nt", "graphml", "json"):
        out = kg("export", "--format", fmt, "--band", "all")
        assert out.returncode == 0, out.stderr
        assert "green" in out.stdout and "Dana" not in out.stdout
    dump = tmp_path / "all.json"
    assert kg("export", "--everything", "-o", str(dump)).returncode == 0
    out = subprocess.run([sys.executable, "-m", "kg", "--db", str(tmp_path / "new"), "import",
                          str(dump)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "imported 5 of 5" in out.stdout, out.stderr

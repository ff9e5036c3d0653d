"""Import (issue 15, item 1): a file is replayed through the gate, in the importer's exact
scope; it cannot write past that scope, lift a tombstone, forge history or leave two
current values in a one-valued slot. Refused files write nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from kg import Memory, Scope
from kg.exports import to_json
from kg.imports import import_json
from review.policy import Policy, apply_policies
from tests.conftest import Clock, draft

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


def snapshot(mem: Memory) -> tuple[list, list, dict]:
    """Everything stored in the memory's scope: claims, events and key states."""
    claims = mem.store.all_claims(mem.scope)
    keys = mem.store.key_states([c.key for c in claims])
    return ([c.model_dump() for c in claims], [e.model_dump() for e in mem.events()],
            {k: {f: v for f, v in s.items() if not f.startswith("_")} for k, s in keys.items()})


@pytest.fixture
def acme(db_path, clock):
    """Namespace acme: an approved brand colour, a rejection, a pending claim."""
    with Memory(db_path, scope=Scope(namespace="acme"), clock=clock, hold=False) as m:
        m.approve(m.propose(draft("Acme", "brand colour", "blue")).claim_id, by="priya")
        m.reject(m.propose(draft("Acme", "uses", "Slack")).claim_id, by="priya", reason="no")
        m.propose(draft("Acme", "ceo", "Dana"))
        yield m


def exported(mem: Memory) -> dict:
    return json.loads(to_json(mem, everything=True))


def into(db_path, clock, **scope: str) -> Memory:
    return Memory(db_path, scope=Scope(**scope), clock=clock, hold=False)


def test_an_event_about_another_namespaces_claim_is_refused_and_nothing_is_written(
        acme, db_path, clock):
    victim = acme.store.all_claims(acme.scope)[0]
    before = snapshot(acme)
    with into(db_path / "../src", clock, namespace="evil") as src:
        src.approve(src.propose(draft("Evil", "likes", "cake")).claim_id, by="eve")
        file = exported(src)
    forged = dict(file["events"][0], id="f" * 32, claim_id=victim.id, action="retracted",
                  actor="human:ceo")
    file["events"].append(forged)
    with into(db_path, clock, namespace="evil") as evil:
        with pytest.raises(ValueError, match="claims the file does not hold"):
            import_json(evil, json.dumps(file), by="eve")
        assert evil.store.all_claims(evil.scope) == []
    assert snapshot(acme) == before


def test_a_claim_reusing_another_namespaces_id_is_refused(acme, db_path, clock):
    file = exported(acme)
    with into(db_path, clock, namespace="evil") as evil, \
            pytest.raises(ValueError, match="already exist"):
        import_json(evil, json.dumps(file), by="eve")


def test_a_file_cannot_lift_another_scopes_tombstone(acme, db_path, clock):
    file = exported(acme)
    with into(db_path / "../copy", clock, namespace="evil") as copy:
        import_json(copy, json.dumps(file), by="eve")  # into a memory of its own: fine
    # crafted: the rejected claim as pending, its key state emptied, new ids
    for n, claim in enumerate(file["claims"]):
        claim["id"] = f"{n:032x}"
        claim.update(status="pending", decided_by="", decided_at=None)
    file["events"] = []
    file["key_states"] = [{"key": c["key"], "pending": "", "current": "", "rejected": "",
                           "redirect": "", "tombstoned_at": None} for c in file["claims"]]
    with into(db_path, clock, namespace="evil") as evil:
        import_json(evil, json.dumps(file), by="eve")
        assert all(c.scope == evil.scope for c in evil.store.all_claims(evil.scope))
    assert acme.propose(draft("Acme", "uses", "Slack")).outcome == "suppressed"
    assert [c.object for c in acme.pending()] == ["Dana"]


def test_an_agent_import_lands_in_that_agents_scope_only(acme, db_path, clock):
    file = exported(acme)
    with into(db_path / "../other", clock, namespace="acme") as other:
        other.approve(other.propose(draft("Acme", "office", "Leeds")).claim_id, by="priya")
        file = exported(other)
    with into(db_path, clock, namespace="acme", agent="c") as c:
        report = import_json(c, json.dumps(file), by="sam")
        assert report.imported == 1
        assert [x.object for x in c.current("Acme", "office")] == ["Leeds"]
        assert {x.scope.agent for x in c.store.all_claims(c.scope)
                if x.object == "Leeds"} == {"c"}
    with into(db_path, clock, namespace="acme", agent="b") as b:
        assert b.current("Acme", "office") == []
    assert acme.current("Acme", "office") == []


def test_a_rejection_in_a_broader_scope_covers_an_agents_import(acme, db_path, clock):
    with into(db_path / "../other", clock, namespace="acme") as other:
        other.approve(other.propose(draft("Acme", "uses", "Slack")).claim_id, by="mallory")
        file = exported(other)
    with into(db_path, clock, namespace="acme", agent="a") as a:
        report = import_json(a, json.dumps(file), by="mallory")
        assert (report.imported, report.not_stored) == (0, {"suppressed": 1})
        assert a.current("Acme", "uses") == []


def test_an_approval_without_its_event_or_with_a_made_up_decider_is_refused(acme, db_path,
                                                                            clock):
    file = exported(acme)
    for n, claim in enumerate(file["claims"]):
        claim["id"] = f"{n:032x}"
    file["events"] = []
    with into(db_path, clock, namespace="evil") as evil:
        with pytest.raises(ValueError, match="holds no (approved|rejected) event"):
            import_json(evil, json.dumps(file), by="eve")
        file["claims"] = [dict(c, decided_by="root") for c in file["claims"]
                          if c["status"] == "approved"]
        with pytest.raises(ValueError, match="is not 'human:<name>'"):
            import_json(evil, json.dumps(file), by="eve")
        assert evil.store.all_claims(evil.scope) == []


def test_two_current_values_in_one_slot_replay_to_one(db_path, clock):
    with into(db_path / "../src", clock, namespace="src") as src:
        src.approve(src.propose(draft("Acme", "brand colour", "blue")).claim_id, by="priya")
        clock.advance(days=1)
        src.approve(src.propose(draft("Acme", "brand colour", "green", message_id="m2"))
                    .claim_id, by="priya")
        file = exported(src)
    for claim in file["claims"]:  # forged: both current, neither superseded
        claim.update(lifecycle="current", superseded_by="", valid_to=None)
    file["key_states"] = []
    with into(db_path, clock, namespace="dst") as dst:
        import_json(dst, json.dumps(file), by="sam")
        assert [c.object for c in dst.current("Acme", "brand colour")] == ["green"]
        assert [c.object for c in dst.history_band("Acme", "brand colour")] == ["blue"]
        assert not any(dst.store.integrity_problems().values())


def test_an_unsound_replay_is_rolled_back_whole(acme, db_path, clock, monkeypatch):
    file = exported(acme)
    with into(db_path / "../copy", clock, namespace="acme") as copy:
        monkeypatch.setattr("kg.storage.cypher.CypherStore.integrity_problems",
                            lambda self: {"made_up": 1})
        with pytest.raises(ValueError, match="sound"):
            import_json(copy, json.dumps(file), by="sam")
        monkeypatch.undo()
        assert copy.store.all_claims(copy.scope) == [] and copy.events() == []


def test_imported_claims_ride_a_policy_only_when_it_names_the_import(acme, db_path, clock):
    with into(db_path / "../src", clock, namespace="src") as src:
        src.propose(draft("Acme", "likes", "tea"))
        file = exported(src)
    with into(db_path, clock, namespace="dst") as dst:
        import_json(dst, json.dumps(file), by="sam")
        assert apply_policies(dst, [Policy(name="all", min_confidence=0.0)]).approved == []
        named = apply_policies(dst, [Policy(name="imp", origins=["import"],
                                            min_confidence=0.0)])
        assert len(named.approved) == 1


def test_edits_deferrals_and_forgetting_are_replayed(db_path, clock):
    with into(db_path / "../src", clock, namespace="src") as src:
        edited = src.propose(draft("Acme", "office", "Leds"))
        src.edit(edited.claim_id, {"object": "Leeds"}, by="priya")
        src.approve(edited.claim_id, by="priya")
        gone = src.propose(draft("Acme", "mascot", "owl"))
        src.approve(gone.claim_id, by="priya")
        src.forget(gone.claim_id, by="priya", reason="wrong")
        later = src.propose(draft("Acme", "ceo", "Dana"))
        src.defer(later.claim_id, until=clock.now + timedelta(days=3), by="priya")
        file = exported(src)
    with into(db_path, clock, namespace="dst") as dst:
        import_json(dst, json.dumps(file), by="sam")
        assert [c.object for c in dst.current("Acme")] == ["Leeds"]
        # the extractor's original is treated as the edited claim, the forgotten one stays
        # out, the deferral holds
        assert dst.propose(draft("Acme", "office", "Leds")).outcome == "reinforced"
        assert dst.store.claim(gone.claim_id, dst.scope).lifecycle == "retracted"
        assert dst.store.claim(later.claim_id, dst.scope).deferred_until is not None
        assert not any(dst.store.integrity_problems().values())


def test_generated_imports_never_reach_past_their_scope_nor_break_the_slots(tmp_path):
    """Histories made through the gate, exported, then tampered with in generated ways,
    imported beside a victim namespace: either refused with nothing written, or a sound
    memory in the importer's scope only, with the victim's claims, events and
    rejections untouched."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    clock = Clock(T0)
    source, target = tmp_path / "source", tmp_path / "target"
    with Memory(target, scope=Scope(namespace="victim"), clock=clock) as victim:
        victim.approve(victim.propose(draft("Acme", "brand colour", "blue")).claim_id,
                       by="priya")
        victim.reject(victim.propose(draft("Acme", "uses", "Slack")).claim_id, by="priya")
        victim_id = victim.store.all_claims(victim.scope)[0].id
        before = snapshot(victim)
    runs = iter(range(10_000))
    op = st.tuples(st.sampled_from(["propose", "approve", "reject", "forget"]),
                   st.sampled_from(["Acme", "Bo"]), st.sampled_from(["brand colour", "likes"]),
                   st.sampled_from(["red", "green", "Slack", "blue"]))
    tamper = st.sampled_from(["none", "scope", "states", "current", "events_out", "stray",
                              "decider", "key_states", "duplicate_id", "victim_id"])

    @settings(max_examples=25, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(ops=st.lists(op, min_size=1, max_size=8), how=tamper, seed=st.integers(0, 9))
    def check(ops, how, seed):
        n = next(runs)
        with Memory(source, scope=Scope(namespace=f"src{n}"), clock=clock) as src:
            for verb, subject, predicate, value in ops:
                clock.advance(hours=1)
                pending = src.pending()
                if verb == "propose":
                    src.propose(draft(subject, predicate, value, message_id=f"m{n}-{seed}"))
                elif verb in ("approve", "reject") and pending:
                    getattr(src, verb)(pending[seed % len(pending)].id, by="priya")
                elif verb == "forget" and src.current():
                    src.forget(src.current()[0].id, by="priya")
            file = exported(src)
        _tamper(file, how, seed, victim_id)
        with Memory(target, scope=Scope(namespace=f"dst{n}"), clock=clock) as dst:
            events_before = len(dst.events())
            try:
                import_json(dst, json.dumps(file), by="sam")
            except ValueError:
                assert dst.all_claims() == []
                assert len(dst.events()) == events_before
            else:
                outcomes.append(how)
                assert not any(dst.store.integrity_problems().values())
                stored = dst.store.all_claims(dst.scope)
                assert all(c.scope == dst.scope for c in stored)
                current = [c for c in dst.current() if c.predicate == "brand_color"]
                for subject in {c.subject for c in current}:
                    sets = {c.said_in or c.id for c in current if c.subject == subject}
                    assert len(sets) == 1, current
        with Memory(target, scope=Scope(namespace="victim"), clock=clock) as victim:
            assert snapshot(victim) == before

    outcomes: list[str] = []
    check()
    assert outcomes, "no generated import was accepted"
    with Memory(target, scope=Scope(namespace="victim"), clock=clock) as victim:
        assert victim.propose(draft("Acme", "uses", "Slack")).outcome == "suppressed"


def _tamper(file: dict, how: str, seed: int, victim_id: str) -> None:
    claims = file["claims"]
    if how == "scope":
        for c in claims:
            c["scope"] = {"namespace": "victim", "agent": "", "team": "", "project": ""}
        file["scope"] = claims[0]["scope"] if claims else file["scope"]
    elif how == "states":
        for i, c in enumerate(claims):
            c["status"] = ["pending", "approved", "rejected"][(i + seed) % 3]
    elif how == "current":
        for c in claims:
            c.update(lifecycle="current", superseded_by="", valid_to=None)
    elif how == "events_out":
        file["events"] = [e for e in file["events"] if e["action"] not in ("approved",
                                                                             "rejected")]
    elif how == "stray" and file["events"]:
        file["events"][0]["claim_id"] = "e" * 32
    elif how == "decider":
        for c in claims:
            if c["decided_by"]:
                c["decided_by"] = "ceo"
    elif how == "key_states":
        file["key_states"] = [{"key": c["key"], "pending": "", "current": c["id"],
                               "rejected": "", "redirect": "", "tombstoned_at": None}
                              for c in claims]
    elif how == "duplicate_id" and len(claims) > 1:
        claims[1]["id"] = claims[0]["id"]
    elif how == "victim_id" and claims:
        old = claims[0]["id"]
        claims[0]["id"] = victim_id
        for e in file["events"]:
            if e["claim_id"] == old:
                e["claim_id"] = victim_id


# -- found by an adversarial read ------------------------------------------------------


def test_an_erased_claim_is_not_carried_so_its_key_cannot_reach_another_scope(db_path, clock):
    with into(db_path, clock, namespace="victim") as v:
        v.approve(v.propose(draft("Acme", "brand colour", "blue")).claim_id, by="priya")
        victim_key = v.store.all_claims(v.scope)[0].key
    with into(db_path / "../src", clock, namespace="evil") as s:
        r = s.propose(draft("Evil", "likes", "cake"))
        s.reject(r.claim_id, by="eve")
        s.purge(r.claim_id, by="eve")
        file = exported(s)
    for claim in file["claims"]:
        claim["key"] = victim_key
    with into(db_path, clock, namespace="evil") as e:
        report = import_json(e, json.dumps(file), by="eve")
        assert (report.imported, report.erased) == (0, 1)
    with into(db_path, clock, namespace="victim") as v:
        assert v.store.key_state(victim_key)["tombstoned_at"] is None
        assert v.propose(draft("Acme", "brand colour", "blue", message_id="m9")).outcome \
            == "reinforced"


def test_an_edit_into_a_rejection_is_refused_live_and_in_an_import(acme, db_path, clock):
    from kg import InvalidDecision

    claim = acme.propose(draft("Acme", "uses", "Teams", message_id="m2"))
    with pytest.raises(InvalidDecision, match="rejected"):
        acme.edit(claim.claim_id, {"object": "Slack"}, by="mallory")
    with into(db_path / "../src", clock, namespace="other") as s:
        r = s.propose(draft("Acme", "uses", "Teams"))
        s.edit(r.claim_id, {"object": "Slack"}, by="mallory")
        s.approve(r.claim_id, by="mallory")
        file = exported(s)
    with into(db_path, clock, namespace="acme", agent="a") as a:
        with pytest.raises(ValueError, match="rejected"):
            import_json(a, json.dumps(file), by="mallory")
        assert a.current("Acme", "uses") == []


def test_a_rejection_made_while_importing_stops_the_import(db_path, clock, monkeypatch):
    import kg.imports as imports

    with into(db_path / "../src", clock, namespace="other") as s:
        s.approve(s.propose(draft("Acme", "uses", "Slack")).claim_id, by="mallory")
        file = exported(s)
    replay = imports._replay

    def racing(*args, **kwargs):  # another process rejects it meanwhile
        with into(db_path, clock, namespace="acme") as acme:
            acme.reject(acme.propose(draft("Acme", "uses", "Slack")).claim_id, by="priya")
        return replay(*args, **kwargs)

    monkeypatch.setattr(imports, "_replay", racing)
    with into(db_path, clock, namespace="acme", agent="a") as a:
        with pytest.raises(ValueError, match="changed while importing"):
            import_json(a, json.dumps(file), by="mallory")
        assert a.current("Acme", "uses") == []


def test_an_import_reads_the_rules_as_they_are_now(db_path, clock):
    with into(db_path / "../src", clock, namespace="other") as s:
        s.approve(s.propose(draft("Acme", "uses tool", "Slack")).claim_id, by="mallory")
        file = exported(s)
    agent = into(db_path, clock, namespace="acme", agent="a")  # opened before the change
    with into(db_path, clock, namespace="acme") as acme:
        acme.set_predicate("tool", synonyms=["uses tool"], by="priya")
        acme.reject(acme.propose(draft("Acme", "uses tool", "Slack")).claim_id, by="priya")
    with agent:
        report = import_json(agent, json.dumps(file), by="mallory")
        assert report.not_stored == {"suppressed": 1} and agent.current("Acme") == []


def test_an_import_keeps_the_limits_every_proposal_keeps(db_path, clock):
    from kg import InvalidClaim

    with into(db_path / "../src", clock, namespace="other") as s:
        s.approve(s.propose(draft("Acme", "brand colour", "red")).claim_id, by="mallory")
        file = exported(s)
    for change in ({"valid_from": "9999-01-01T00:00:00Z"}, {"object": "red" + "x" * 5000}):
        forged = json.loads(json.dumps(file))
        forged["claims"][0].update(change)
        with into(db_path, clock, namespace="dst") as dst:
            with pytest.raises((ValueError, InvalidClaim)):
                import_json(dst, json.dumps(forged), by="sam")
            assert dst.all_claims() == []


def test_a_value_said_again_in_the_next_set_stays_current_after_import(db_path, clock):
    """Go was said in both statements: the second set is {Rust, Go}, in the copy too."""
    with into(db_path / "../src", clock, namespace="src") as src:
        src.approve_many([r.claim_id for r in src.propose_many(
            [draft("Acme", "stack", v, message_id="m1") for v in ("Go", "Kafka")])],
            by="priya")
        clock.advance(days=30)
        results = src.propose_many([draft("Acme", "stack", v, message_id="m2")
                                    for v in ("Rust", "Go")])
        assert [r.outcome for r in results] == ["pending", "reinforced"]
        src.approve(results[0].claim_id, by="priya")
        assert {c.object for c in src.current("Acme", "stack")} == {"Rust", "Go"}
        file = exported(src)
    with into(db_path, clock, namespace="dst") as dst:
        import_json(dst, json.dumps(file), by="sam")
        assert {c.object for c in dst.current("Acme", "stack")} == {"Rust", "Go"}
        assert [c.object for c in dst.history_band("Acme", "stack")] == ["Kafka"]
        go = next(c for c in dst.current("Acme", "stack") if c.object == "Go")
        assert go.observations == 2
        assert not any(dst.store.integrity_problems().values())


def test_a_made_up_restatement_in_a_file_cannot_keep_a_value_current(db_path, clock):
    """A 'reinforced' event naming a statement the file does not hold is not replayed."""
    with into(db_path / "../src", clock, namespace="src") as src:
        src.approve(src.propose(draft("Acme", "stack", "Go", message_id="m1")).claim_id,
                    by="priya")
        clock.advance(days=30)
        src.approve(src.propose(draft("Acme", "stack", "Rust", message_id="m2")).claim_id,
                    by="priya")
        file = exported(src)
    go = next(c for c in file["claims"] if c["object"] == "Go")
    file["events"].append({**next(e for e in file["events"] if e["claim_id"] == go["id"]),
                           "seq": 10_000, "action": "reinforced",
                           "detail": json.dumps({"said_in": "f" * 32})})
    with into(db_path, clock, namespace="dst") as dst:
        import_json(dst, json.dumps(file), by="sam")
        assert [c.object for c in dst.current("Acme", "stack")] == ["Rust"]

"""The memory's rules live in its database (issue 15, item 4): files dropped in its
directory change nothing; changes go through recorded commands, by a person, and never
revive a rejected claim or leave two current values in a one-valued slot."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kg import InvalidDecision, Memory
from review.policy import Policy, add_policy, apply_policies, policies
from tests.conftest import draft


def test_files_in_the_memory_directory_change_no_rule(db_path, clock):
    with Memory(db_path, clock=clock) as mem:
        mem.reject(mem.propose(draft("Acme", "uses", "Slack")).claim_id, by="priya")
        mem.approve(mem.propose(draft("Acme", "brand colour", "blue")).claim_id, by="priya")
        mem.propose(draft("Acme", "brand colour", "red", message_id="m2"))
    (db_path / "predicates.toml").write_text(
        '[predicates.tooling]\nsynonyms = ["uses"]\n'
        '[predicates.brand_color]\ncardinality = "many"\n')
    (db_path / "policies.toml").write_text('[[policy]]\nname = "all"\nmin_confidence = 0\n')
    with pytest.warns(UserWarning, match="is not read"), Memory(db_path, clock=clock) as mem:
        assert mem.propose(draft("Acme", "uses", "Slack")).outcome == "suppressed"
        assert policies(mem) == []
        assert apply_policies(mem, policies(mem)).approved == []
        clock.advance(days=1)
        red = mem.pending()[0]
        mem.approve(red.id, by="priya")
        assert [c.object for c in mem.current("Acme", "brand colour")] == ["red"]


def test_a_synonym_that_would_revive_a_rejection_is_refused(mem):
    mem.reject(mem.propose(draft("Acme", "tooling", "Slack")).claim_id, by="priya")
    with pytest.raises(InvalidDecision, match="predicate of its own"):
        mem.set_predicate("tooling", synonyms=["uses"], by="mallory")
    mem.propose(draft("Acme", "utilises", "Jira"))
    with pytest.raises(InvalidDecision, match="already use predicate 'utilises'"):
        mem.set_predicate("tooling", cardinality="many", synonyms=["utilises"], by="mallory")
    assert mem.rule_changes() == []
    # a spelling nobody used yet is fine, and then covers the rejection
    mem.set_predicate("tooling", cardinality="many", synonyms=["tool stack"], by="priya")
    assert mem.propose(draft("Acme", "tool stack", "Slack")).outcome == "suppressed"


def test_a_synonym_once_used_stays(mem):
    mem.set_predicate("tooling", cardinality="many", synonyms=["tool stack"], by="priya")
    mem.reject(mem.propose(draft("Acme", "tool stack", "Slack")).claim_id, by="priya")
    with pytest.raises(InvalidDecision, match="stay"):
        mem.set_predicate("tooling", cardinality="many", by="priya")
    with pytest.raises(InvalidDecision, match="stay"):
        mem.remove_rule("predicate", "tooling", by="priya")
    assert mem.propose(draft("Acme", "tool stack", "Slack")).outcome == "suppressed"


def test_one_valued_again_only_where_no_subject_holds_two_values(mem, clock):
    mem.set_predicate("brand colour", cardinality="many", by="priya")
    for colour in ("blue", "red"):
        clock.advance(hours=1)
        mem.approve(mem.propose(draft("Acme", "brand colour", colour, message_id=colour))
                    .claim_id, by="priya")
    assert len(mem.current("Acme", "brand colour")) == 2
    with pytest.raises(InvalidDecision, match="more than one current"):
        mem.set_predicate("brand colour", cardinality="one", by="priya")
    with pytest.raises(InvalidDecision, match="more than one current"):
        mem.remove_rule("predicate", "brand colour", by="priya")
    mem.forget(mem.current("Acme", "brand colour")[0].id, by="priya")
    mem.set_predicate("brand colour", cardinality="one", by="priya")
    assert mem.registry.cardinality("brand_color") == "one"


def test_every_change_is_recorded_with_who_made_it_and_a_policy_cannot_make_one(mem):
    change = mem.set_predicate("plays", cardinality="many", synonyms=["plays instrument"],
                               by="priya")
    assert (change.actor, change.before, change.after["cardinality"]) == \
        ("human:priya", None, "many")
    add_policy(mem, Policy(name="prefs", predicates=["likes"]), by="priya")
    mem.remove_rule("policy", "prefs", by="sam")
    assert [(c.kind, c.name, c.actor, c.after is None) for c in mem.rule_changes()] == [
        ("predicate", "plays", "human:priya", False), ("policy", "prefs", "human:priya", False),
        ("policy", "prefs", "human:sam", True)]
    assert all(c.os_user for c in mem.rule_changes())
    with pytest.raises(InvalidDecision, match="by a person"):
        mem.set_predicate("hobby", by="policy:sneaky")


@pytest.mark.parametrize("hold", [False, True])
def test_another_process_sees_a_rule_change_at_its_next_operation(db_path, clock, hold):
    # held, the reader keeps the rules it read until the database changes hands
    with Memory(db_path, clock=clock, hold=hold) as reader, \
            Memory(db_path, clock=clock, hold=hold) as writer:
        assert reader.propose(draft("Ann", "plays", "piano")).outcome == "pending"
        writer.set_predicate("plays", cardinality="many", synonyms=["plays instrument"],
                             by="priya")
        assert reader.propose(draft("Ann", "plays instrument", "piano")).outcome == "duplicate"


def test_the_rule_commands(tmp_path):
    db = tmp_path / "m"

    def kg(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "kg", "--db", str(db), *args],
                              capture_output=True, text=True, timeout=120)

    assert kg("predicates", "set", "plays", "--many", "--synonym", "plays instrument",
              "--by", "priya").returncode == 0
    assert "plays  many  (also: plays_instrument)  [this memory's own]" in \
        kg("predicates", "list").stdout
    refused = kg("predicates", "set", "tooling", "--synonym", "uses", "--by", "mallory")
    assert refused.returncode == 2 and "predicate of its own" in refused.stderr
    assert kg("policies", "add", "x", "--by", "policy:x").returncode == 2
    file = tmp_path / "policies.toml"
    file.write_text('[[policy]]\nname = "prefs"\npredicates = ["likes"]\n')
    assert kg("policies", "load", str(file), "--by", "priya").returncode == 0
    assert "prefs:" in kg("policies", "list").stdout
    assert "policy prefs set by human:priya" in kg("policies", "history").stdout
    (db / "policies.toml").write_text(file.read_text())
    out = kg("review", "list")
    assert "kg: warning:" in out.stderr and "kg policies load" in out.stderr


# -- found by an adversarial read ------------------------------------------------------


@pytest.mark.parametrize("back_to_one", ["set", "remove"])
def test_a_predicate_made_one_valued_again_supersedes_from_then_on(mem, clock, back_to_one):
    mem.set_predicate("mascot", cardinality="many", by="priya")
    mem.approve(mem.propose(draft("Bo", "mascot", "owl", message_id="m1")).claim_id,
                by="priya")
    if back_to_one == "set":
        mem.set_predicate("mascot", cardinality="one", by="priya")
    else:
        mem.remove_rule("predicate", "mascot", by="priya")
    clock.advance(days=1)
    mem.approve(mem.propose(draft("Bo", "mascot", "fox", message_id="m2")).claim_id,
                by="priya")
    assert [c.object for c in mem.current("Bo", "mascot")] == ["fox"]
    assert not any(mem.store.integrity_problems().values())


def test_a_synonym_never_revives_a_rejection_edited_away_from_its_spelling(mem):
    claim = mem.propose(draft("Acme", "uses tool", "Slack")).claim_id
    mem.edit(claim, {"predicate": "chat"}, by="priya")
    mem.reject(claim, by="priya", reason="no")
    assert mem.propose(draft("Acme", "uses tool", "Slack", message_id="m2")).outcome == \
        "suppressed"
    with pytest.raises(InvalidDecision, match="already use predicate 'uses_tool'"):
        mem.set_predicate("tooling", synonyms=["uses tool"], by="priya")
    assert mem.propose(draft("Acme", "uses tool", "Slack", message_id="m3")).outcome == \
        "suppressed"

"""Policies approve automatically, as policies, and never over a person's decision."""

from pathlib import Path

from review.policy import Policy, apply_policies, load_policies
from tests.conftest import draft


def test_no_policy_file_means_no_automatic_approval(mem, tmp_path: Path):
    mem.propose(draft("Priya", "likes", "tea"))
    assert load_policies(tmp_path / "policies.toml") == []
    assert apply_policies(mem, []).approved == [] and len(mem.pending()) == 1


def test_a_matching_claim_is_approved_as_the_policy_never_as_a_human(mem):
    r = mem.propose(draft("Priya", "likes", "tea"))
    mem.propose(draft("Priya", "lives in", "Pune"))
    outcome = apply_policies(mem, [Policy(name="prefs", predicates=["likes"])])
    assert outcome.approved == [(r.claim_id, "prefs")]
    assert mem.claim(r.claim_id).decided_by == "policy:prefs"
    assert len(mem.pending()) == 1


def test_a_policy_never_supersedes_a_human_approved_value(mem, clock):
    blue = mem.propose(draft("Acme", "brand colour", "blue"))
    mem.approve(blue.claim_id, by="priya")
    clock.advance(days=1)
    green = mem.propose(draft("Acme", "brand colour", "green"))
    outcome = apply_policies(mem, [Policy(name="all", min_confidence=0.0)])
    assert outcome.approved == [] and outcome.for_a_person == [green.claim_id]
    assert [c.object for c in mem.current()] == ["blue"]


def test_a_policy_file_is_read_and_checked(tmp_path: Path):
    path = tmp_path / "policies.toml"
    path.write_text('[[policy]]\nname = "prefs"\npredicates = ["likes"]\nmin_confidence = 0.8\n')
    [policy] = load_policies(path)
    assert policy.name == "prefs" and policy.min_confidence == 0.8

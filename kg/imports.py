"""``kg import``: a JSON export (``--everything``) replayed through the gate.

Nothing in the file is taken as state. Each claim's content is proposed again, in the
importer's own scope and at the time it was first recorded; the decisions the file
records (approvals, rejections, edits, deferrals, forgetting) are made again, in time
order, by the deciders the file names. So keys, slots, tombstones and supersession are
the gate's own work: a file cannot lift a rejection, write into another scope or leave
two current values in a one-valued slot. Each imported claim gets an ``imported`` event
naming who imported it, from where, with the file's own account of its history.

The whole file is checked before anything is written. The replay runs in a scratch
memory; its result is written here, in one transaction, only once the scratch memory's
integrity checks all read zero.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from kg import gate
from kg.errors import InvalidDecision
from kg.exports import EXPORT_FORMAT, EXPORT_VERSION, ExportFile
from kg.memory import Memory
from kg.models import Action, Claim, ClaimDraft, ClaimKind, Event, Lifecycle, Outcome, Status

ORIGIN = "import"
_ID = re.compile(r"^[0-9a-f]{32}$")


class ImportReport(BaseModel):
    """What an import did with the file's claims."""

    claims: int  # in the file
    imported: int  # stored, with their decisions made again
    not_stored: dict[str, int] = {}  # outcome (duplicate, suppressed, ...) -> count
    erased: int = 0  # purged claims, not carried (see import_json)
    into: str = ""  # the scope written


@dataclass(frozen=True)
class _Step:
    at: datetime
    phase: int  # 0: a proposal or a restatement, 1: a decision; proposals go first
    order: int  # the claim's place in the file, then the step's place in its story
    claim: Claim
    run: Callable[[], object] | None  # None: the claim's proposal


def import_json(mem: Memory, text: str, by: str | None = None) -> ImportReport:
    """Replay a JSON export into the memory's scope, which must hold no claim of its own
    yet. ``by`` (default: the OS user) is recorded as the importer. Raises ValueError
    naming what is wrong with the file; then nothing is written.

    Erased (purged) claims are not carried: their text is gone, and the key the file
    gives them cannot be checked (it could name another scope's claim). Copy a memory
    with ``kg backup`` to keep its erasures."""
    export = _read(text)
    importer = gate.actor(by or gate.os_user())
    events = _events_by_claim(export)
    claims = [c for c in export.claims if not c.purged]
    erased = [c for c in export.claims if c.purged]
    _check_claims(export.claims, events)
    report = ImportReport(claims=len(export.claims), imported=0, erased=len(erased),
                          into=mem.scope.label())
    drafts = {c.id: _draft(c, events.get(c.id, [])) for c in claims}
    # each claim as first proposed and as it ends: both keep the limits and the rejections
    said = [*drafts.values(), *(_final(c) for c in claims)]
    mem.check_drafts(said)
    mem.refresh()  # the rules as they are now, whoever changed them
    with mem.store.session():
        _check_target(mem, export)
        rules_then = mem.store.rules_version()
        above = _tombstones_above(mem, said)
    # The replay runs in a scratch memory, each step in a transaction of its own as the
    # gate is always used, and is checked there once committed; only then is the result
    # written here, in one transaction.
    with tempfile.TemporaryDirectory(prefix="kg-import-") as tmp, \
            Memory(Path(tmp) / "scratch", scope=mem.scope, registry=mem.registry,
                   clock=mem.clock) as scratch:
        with scratch.store.transaction():  # rejections in broader scopes hold here too
            for key, state in above.items():
                scratch.store.set_key_state(key, rejected=state["rejected"],
                                            tombstoned_at=state["tombstoned_at"])
        stored = _replay(scratch, claims, drafts, events, report)
        with scratch.store.transaction():
            now = mem.clock()
            for claim in stored:
                scratch.store.update_claim(claim.id,
                                           {"observations": max(claim.observations, 1)})
                scratch.store.add_event(claim.id, importer, Action.imported, now,
                                        detail=json.dumps({
                    "from_scope": export.scope.label(),
                    "exported_at": export.exported_at.isoformat(),
                    "origin": claim.provenance.origin, "os_user": gate.os_user(),
                    "events": [_story(e) for e in events.get(claim.id, [])]}))
        problems = {k: v for k, v in scratch.store.integrity_problems().items() if v}
        if problems:
            raise ValueError(f"the file does not replay to a sound memory ({problems}); "
                             "nothing was imported")
        contents = scratch.store.contents()
    contents.key_states[:] = [s for s in contents.key_states if s["key"] not in above]
    with mem.store.transaction():
        _check_target(mem, export)  # nobody wrote here meanwhile, and the rules and the
        # broader scopes' rejections are those the replay ran under
        if mem.store.rules_version() != rules_then or _tombstones_above(mem, said) != above:
            raise ValueError("the memory's rules or a broader scope's rejections changed "
                             "while importing; nothing was imported: import again")
        mem.store.add_contents(contents)
    report.imported = len(stored)
    return report


def _check_target(mem: Memory, export: ExportFile) -> None:
    """The importer's scope holds no claim of its own, and no id in the file is taken."""
    own = [c for c in mem.store.all_claims(mem.scope) if c.scope == mem.scope]
    if own:
        raise ValueError(f"scope {mem.scope.label()} already holds {len(own)} claim(s): "
                         "import into a scope of its own")
    taken = mem.store.claims_by_id([c.id for c in export.claims])
    if taken:
        raise ValueError(f"{len(taken)} claim id(s) in the file already exist in this "
                         f"memory (e.g. {next(iter(taken))}): it was imported already")


def _tombstones_above(mem: Memory, drafts: list[ClaimDraft]) -> dict[str, dict[str, Any]]:
    """The rejections in scopes broader than the importer's that cover these drafts."""
    states = mem.store.key_states(gate.keys_above(mem.registry, mem.scope, drafts))
    return {k: s for k, s in states.items() if s["tombstoned_at"] is not None}


def _final(claim: Claim) -> ClaimDraft:
    """The claim as it ends (after its edits): its rejection checks, like its first
    proposal's, are made before anything is written."""
    return ClaimDraft(subject=claim.subject_name, predicate=claim.predicate,
                      object=claim.object, object_kind=claim.object_kind, kind=claim.kind,
                      valid_from=claim.valid_from, text=claim.final_text or claim.initial_text)


def _read(text: str) -> ExportFile:
    try:
        export = ExportFile.model_validate(json.loads(text))
    except (json.JSONDecodeError, ValueError) as exc:
        raise ValueError(f"not a kg export: {exc}") from exc
    if export.format != EXPORT_FORMAT or export.version != EXPORT_VERSION:
        raise ValueError(f"not a kg export of version {EXPORT_VERSION}: "
                         f"{export.format} v{export.version}")
    if export.claims and not (export.everything or export.events):
        raise ValueError(
            "this export holds only the selected claims, without rejections, tombstones or "
            "the audit log: restoring it would let rejected claims be proposed again. "
            "Export with `kg export --format json --everything` and import that")
    return export


def _events_by_claim(export: ExportFile) -> dict[str, list[Event]]:
    ids = {c.id for c in export.claims}
    stray = [e for e in export.events if e.claim_id not in ids]
    if stray:
        raise ValueError(f"{len(stray)} event(s) are about claims the file does not hold "
                         f"(e.g. {stray[0].claim_id!r}): an import records history only of "
                         "its own claims")
    out: dict[str, list[Event]] = {}
    for event in sorted(export.events, key=lambda e: e.seq):
        out.setdefault(event.claim_id, []).append(event)
    return out


def _check_claims(claims: list[Claim], events: dict[str, list[Event]]) -> None:
    """Each claim's id, decider and the events that must record its decision."""
    seen: set[str] = set()
    for claim in claims:
        where = f"claim {claim.id!r}"
        if not _ID.match(claim.id) or claim.id in seen:
            raise ValueError(f"{where}: an id must be 32 hex digits, once in the file")
        seen.add(claim.id)
        if claim.status == Status.pending:
            if claim.decided_by:
                raise ValueError(f"{where} is pending but names a decider")
            continue
        try:
            if gate.actor(claim.decided_by) != claim.decided_by:
                raise InvalidDecision(claim.decided_by)
        except InvalidDecision as exc:
            raise ValueError(f"{where}: decided_by {claim.decided_by!r} is not "
                             "'human:<name>' or 'policy:<rule>'") from exc
        action = Action.approved if claim.status == Status.approved else Action.rejected
        if not claim.purged and not any(e.action == action and e.actor == claim.decided_by
                                        for e in events.get(claim.id, [])):
            raise ValueError(f"{where} is {claim.status} by {claim.decided_by}, but the file "
                             f"holds no {action} event by them")


def _replay(mem: Memory, claims: list[Claim], drafts: dict[str, ClaimDraft],
            events: dict[str, list[Event]], report: ImportReport) -> list[Claim]:
    """Propose and decide each claim again, all claims' steps in time order; returns the
    claims stored (a claim the gate turns away, as a duplicate or under a tombstone, is
    counted in ``report.not_stored`` and its decisions are not made)."""
    statements = {gate.statement_of(drafts[c.id], c.valid_from or c.recorded_at)
                  for c in claims} - {""}
    steps = sorted((s for n, c in enumerate(claims)
                    for s in _steps(mem, c, n, events.get(c.id, []), drafts[c.id],
                                    statements)),
                   key=lambda s: (s.at, s.phase, s.order))
    stored: dict[str, Claim] = {}
    turned_away: set[str] = set()
    batch: list[_Step] = []

    def propose_batch() -> None:
        if not batch:
            return
        results = gate.propose(mem.store, mem.registry, mem.scope,
                               [drafts[s.claim.id] for s in batch], batch[0].at,
                               ids=[s.claim.id for s in batch])
        for step, result in zip(batch, results, strict=True):
            if result.outcome == Outcome.pending and result.claim_id == step.claim.id:
                stored[step.claim.id] = step.claim
            else:
                turned_away.add(step.claim.id)
                report.not_stored[str(result.outcome)] = \
                    report.not_stored.get(str(result.outcome), 0) + 1
        batch.clear()

    for step in steps:
        if step.run is None:
            if batch and batch[0].at != step.at:
                propose_batch()
            batch.append(step)
            continue
        propose_batch()
        if step.claim.id in turned_away:
            continue
        try:
            step.run()
        except InvalidDecision as exc:
            raise ValueError(f"claim {step.claim.id!r}: its recorded history does not replay: "
                             f"{exc}") from exc
    propose_batch()
    return list(stored.values())


def _steps(mem: Memory, claim: Claim, n: int, story: list[Event], draft: ClaimDraft,
           statements: set[str]) -> list[_Step]:
    """The claim's proposal, then its restatements, edits, deferral and decisions, each at
    its time (never before the step it follows). A restatement ('reinforced': the value
    said again, so it belongs to that statement's value set too) is replayed only when
    the file holds that statement; one naming a statement it does not hold is dropped."""
    store, registry, scope = mem.store, mem.registry, mem.scope
    wanted: list[tuple[datetime, Callable[[], object] | None]] = [(claim.recorded_at, None)]
    for event in story:
        said = _detail(event)
        if event.action == Action.reinforced and said.get("said_in") in statements:
            again = draft.model_copy(update={"provenance": draft.provenance.model_copy(
                update={"message_id": str(said.get("message_id") or "")})})
            wanted.append((event.at, partial(gate.restated, store, claim.id, again,
                                           event.at, str(said["said_in"]))))
    edits = [e for e in story if e.action == Action.edited]
    for i, event in enumerate(edits):
        after = json.loads(event.detail or "{}").get("after", {})
        changes = ({"subject": claim.subject_name, "predicate": claim.predicate,
                    "object": claim.object, "text": claim.final_text or claim.sentence()}
                   if i == len(edits) - 1 else
                   {k: v for k, v in (("subject", after.get("subject_name")),
                                      ("predicate", after.get("predicate")),
                                      ("object", after.get("object"))) if v})
        wanted.append((event.at, partial(gate.edit, store, registry, scope, claim.id, changes,
                                       event.actor, event.at)))
    if claim.status == Status.pending and claim.deferred_until is not None:
        when = next((e for e in reversed(story) if e.action == Action.deferred), None)
        at = when.at if when else claim.recorded_at
        if claim.deferred_until > at:
            wanted.append((at, partial(gate.defer, store, scope, claim.id, claim.deferred_until,
                                     when.actor if when else gate.os_user(), at)))
    decided_at = claim.decided_at or claim.recorded_at
    if claim.status == Status.approved:
        wanted.append((decided_at, partial(gate.approve, store, registry, scope, [claim.id],
                                         claim.decided_by, decided_at)))
        for event in (e for e in story if e.action == Action.outcome):
            said = _detail(event)
            wanted.append((event.at, partial(
                gate.record_outcome, store, scope, claim.id, said.get("accepted") is True,
                event.actor, str(said.get("origin") or ORIGIN), event.at,
                str(said.get("note") or ""))))
        if claim.kind == ClaimKind.assert_ and claim.lifecycle == Lifecycle.retracted:
            ending = next((e for e in reversed(story) if e.action == Action.retracted), None)
            at = ending.at if ending else claim.valid_to or decided_at
            wanted.append((at, partial(gate.forget, store, scope, claim.id,
                                     ending.actor if ending else claim.decided_by,
                                     _reason(ending), at)))
    elif claim.status == Status.rejected:
        rejection = next((e for e in reversed(story) if e.action == Action.rejected), None)
        wanted.append((decided_at, partial(gate.reject, store, scope, claim.id,
                                         claim.decided_by, _reason(rejection), decided_at)))
    out, last = [], claim.recorded_at
    for i, (at, run) in enumerate(wanted):
        last = max(last, at)
        restating = run is not None and getattr(run, "func", None) is gate.restated
        out.append(_Step(last, 0 if run is None or restating else 1, n * 1000 + i, claim,
                         run))
    return out


def _detail(event: Event) -> dict[str, Any]:
    try:
        detail = json.loads(event.detail or "{}")
    except json.JSONDecodeError:
        return {}
    return detail if isinstance(detail, dict) else {}


def _draft(claim: Claim, story: list[Event]) -> ClaimDraft:
    """The claim as first proposed: before its first edit, if it was edited."""
    first = next((e for e in story if e.action == Action.edited), None)
    before = json.loads(first.detail or "{}").get("before", {}) if first else {}
    return ClaimDraft(
        subject=before.get("subject_name") or claim.subject_name,
        predicate=before.get("predicate") or claim.predicate,
        object=before.get("object") or claim.object, object_kind=claim.object_kind,
        kind=claim.kind, valid_from=claim.valid_from, text=claim.initial_text,
        update_cue=claim.update_cue, pinned=claim.pinned,
        provenance=claim.provenance.model_copy(update={"origin": ORIGIN}))


def _reason(event: Event | None) -> str:
    return str(_detail(event).get("reason", "")) or "imported" if event else "imported"


def _story(event: Event) -> dict[str, Any]:
    return {"at": event.at.isoformat(), "actor": event.actor, "action": str(event.action),
            "detail": event.detail}


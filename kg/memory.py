"""``Memory``: the one Python object over a kg database. The CLI mirrors it.

>>> import tempfile
>>> mem = Memory(tempfile.mkdtemp() + "/m")
>>> r = mem.propose(ClaimDraft(subject="Acme", predicate="brand colour", object="#1F4E79"))
>>> mem.current()
[]
>>> _ = mem.approve(r.claim_id, by="priya")
>>> [c.object for c in mem.current()]
['#1F4E79']
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

if TYPE_CHECKING:
    from extract.pipeline import Extractor
from kg import context as ctx
from kg import feedback, gate, meaning, rules
from kg.aliases import through_aliases
from kg.errors import ClaimNotFound, DatabaseBusy, InvalidClaim, InvalidDecision
from kg.limits import Limits, check_hops
from kg.models import (
    Change,
    Claim,
    ClaimDraft,
    ClaimKind,
    Entity,
    Event,
    ProposeResult,
    Scope,
    utcnow,
)
from kg.normalise import digest, entity_id
from kg.paths import default_db_path
from kg.registry import PredicateRegistry, PredicateSpec
from kg.storage import as_location, cache_dir, open_store
from kg.storage.protocol import KeyState
from kg.words import held_by, message_words, of_claim

# files that once held a memory's rules: no longer read (kg.rules keeps them)
OLD_RULE_FILES = {"predicates.toml": "kg predicates load", "policies.toml": "kg policies load"}
T = TypeVar("T")


class ClaimView(BaseModel):
    """A claim as an agent receives it: the fact, its validity, who approved it, and
    where it came from."""

    id: str
    subject: str
    predicate: str
    object: str
    valid_from: datetime
    valid_to: datetime | None
    decided_by: str
    message_id: str
    conversation_id: str
    speaker: str
    source_sentence: str
    hops: int = 0
    score: float = 0.0
    ended: bool = False  # an approved ending ("I quit smoking"): the fact no longer holds
    on: date | None = None  # the day a date value names ("Tuesday 3rd": 2026-11-03)
    # when a plan or a thing under way takes place, as its sentence names it: an ISO day
    # or month ("im going to Lisbon in june", said 2026-11-20: "2027-06")
    planned_for: str | None = None

    @classmethod
    def of(cls, claim: Claim, hops: int = 0, score: float = 0.0) -> ClaimView:
        p = claim.provenance
        return cls(id=claim.id, subject=claim.subject_name, predicate=claim.predicate,
                   object=claim.object, valid_from=claim.valid_from, valid_to=claim.valid_to,
                   decided_by=claim.decided_by, message_id=p.message_id,
                   conversation_id=p.conversation_id, speaker=p.speaker,
                   source_sentence=p.source_text, hops=hops, score=round(score, 6),
                   ended=claim.kind == ClaimKind.retract, on=ctx.day_named(claim),
                   planned_for=ctx.planned_for(claim))


class Waiting(BaseModel):
    """Claims waiting for review: memory that only works after review says so."""

    count: int
    oldest: datetime | None


class ContextResult(BaseModel):
    query: str
    entities: list[str]
    text: str
    claims: list[ClaimView]
    history: list[ClaimView] = []
    pending: Waiting
    # whether any claim returned holds a word of the question (besides the names it
    # links) or is near it in meaning: False says the memory knows nothing of what was
    # asked, and the claims are only the nearest it has
    matched: bool = True


READ_CHUNK = 512  # turns read at a time: a progress step, and enough to share between processes


def _bounded(per_turn: list[tuple[str, list[ClaimDraft]]],
             limit: int) -> list[list[tuple[str, list[ClaimDraft]]]]:
    """Whole turns grouped so that no group holds more than ``limit`` claims (a turn with
    more than that is refused by the batch limit, naming it)."""
    parts: list[list[tuple[str, list[ClaimDraft]]]] = [[]]
    size = 0
    for key, drafts in per_turn:
        if parts[-1] and size + len(drafts) > limit:
            parts.append([])
            size = 0
        parts[-1].append((key, drafts))
        size += len(drafts)
    return parts


def _not_stored(total: int, unwritten: list[str]) -> str:
    """What an ingest stopped part-way left out (each part is one transaction: the
    earlier ones landed), the turns named by message id or position."""
    return (f"Stored {total - len(unwritten)} of {total} turn(s); NOT stored: "
            f"{len(unwritten)} turn(s): {', '.join(unwritten)}")


def message_key(scope: Scope, turn: Any) -> str:
    """A turn's identity for idempotent ingest ('' for a turn without a message id)."""
    if not turn.message_id:
        return ""
    return digest(scope.label(), turn.conversation_id, turn.message_id, turn.text)


class UnreadTurn(BaseModel):
    """A turn that proposed nothing, and why its sentences were dropped."""

    turn: str  # its message id, or its position ("#3")
    text: str  # its first 80 characters
    reasons: dict[str, int]


class FailedTurn(BaseModel):
    """A turn the extractor failed to read: nothing of it is stored, and it is not
    marked as read, so ingesting it again (after an extractor fix) reads it."""

    turn: str  # its message id, or its position ("#3")
    text: str  # its first 80 characters
    error: str  # what failed, and where


class IngestReport(BaseModel):
    """What an ingest did: every turn accounted for."""

    turns: int = 0
    sentences: int = 0
    proposed: int = 0
    suppressed: int = 0
    duplicate: int = 0
    reinforced: int = 0
    outdated: int = 0  # values a later approved one superseded, said again
    already_ingested: int = 0  # turns read before (same conversation, id and text)
    dropped: dict[str, int] = {}
    claim_ids: list[str] = []
    unread: list[UnreadTurn] = []  # the turns that proposed nothing, each with its reasons
    failed: list[FailedTurn] = []  # the turns the extractor failed to read: not stored

    def merged(self, other: IngestReport) -> IngestReport:
        """The sum of two reports (for an ingest done in parts)."""
        counts = {f: getattr(self, f) + getattr(other, f) for f in
                  ("turns", "sentences", "proposed", "suppressed", "duplicate", "reinforced",
                   "outdated", "already_ingested")}
        dropped = dict(self.dropped)
        for reason, n in other.dropped.items():
            dropped[reason] = dropped.get(reason, 0) + n
        return IngestReport(**counts, dropped=dropped,
                            claim_ids=self.claim_ids + other.claim_ids,
                            unread=self.unread + other.unread,
                            failed=self.failed + other.failed)


def operation(method: Callable[..., T]) -> Callable[..., T]:
    """A public operation: the database is open for its duration (and, for a memory
    that does not hold it, released after)."""

    @functools.wraps(method)
    def run(self: Memory, *args: Any, **kwargs: Any) -> T:
        with self.store.session():
            self._refresh_rules()
            return method(self, *args, **kwargs)

    return run


class Memory:
    """A memory at ``path`` (a directory), read and written in one scope.

    Every read returns approved claims only (the gate), from the memory's scope
    and the broader scopes it inherits, never a sibling's.
    """

    def __init__(self, path: Path | str | None = None, *, scope: Scope | None = None,
                 registry: PredicateRegistry | Path | None = None, read_only: bool = False,
                 clock: Callable[[], datetime] = utcnow, user: str | None = None,
                 hold: bool = True, wait: float | None = None,
                 limits: Limits | None = None) -> None:
        """By default the database stays open between operations and is handed over
        whenever another process (or another ``Memory`` here) queues for it, so a
        notebook, a review, an agent's server and an ingest share it; ``hold=False``
        opens it for each operation and releases it after. Each open waits up to
        ``wait`` seconds for another holder's operation to end (see ``Store``).

        ``user``: whom "I" and "my" name in queries; by default the memory's owner
        (``set_owner``, ``kg init --user``), else "user"."""
        # a directory, or a graph on a FalkorDB server (falkordb://HOST:PORT/GRAPH)
        self.location = as_location(path if path is not None else default_db_path())
        self.path = cache_dir(self.location)  # the database's directory, or caches' for a server
        self.scope = scope or Scope()
        self.limits = limits or Limits()
        self.store = open_store(self.location, read_only=read_only, hold=hold, wait=wait)
        self.clock = clock
        # the registry: given, read from a file named here, or (the default) the memory's
        # own rules, read again when another process changed them (kg.rules); the owner
        # likewise, unless ``user`` is given. Read at the first use, not on opening: a
        # command's own operation reads them in the session it opens anyway.
        self._rules_seen: int | None = None
        self._registry_given = registry is not None
        self._user_given = user
        self._user, self._organisation = user or "user", ""
        if isinstance(registry, PredicateRegistry):
            self._registry = registry
        elif registry is not None:
            self._registry = PredicateRegistry.load(registry)
        else:
            self._registry = PredicateRegistry.builtin()
        for name, command in OLD_RULE_FILES.items():
            if (self.path / name).exists():
                warnings.warn(f"{self.path / name} is not read: a memory's rules live in its "
                              f"database, changed with recorded commands. Load the file "
                              f"once with `{command} {self.path / name} --by NAME`, then "
                              "remove it", UserWarning, stacklevel=2)
        self._vectors: meaning.VectorCache | None = None  # the claims' vectors (kg.meaning)
        # the meaning candidates and their vectors, while the band and the rules stand
        self._meaning_of: tuple[tuple[Any, ...], list[Claim], Any] | None = None
        self._linker_cache: tuple[dict[str, str], tuple, ctx.Linker] | None = None
        self._possessions_cache: tuple[dict[str, str], dict[str, list[str]]] | None = None
        self._extractor: Any = None

    def _refresh_rules(self) -> None:
        """Read the memory's own predicates and owner again if they changed since."""
        seq = self.store.rules_version()
        if seq == self._rules_seen:
            return
        if not self._registry_given:
            self._registry = rules.registry(self.store)
        owner = rules.owner(self.store)
        self._organisation = owner.organisation
        if self._user_given is None:
            self._user = owner.user or "user"
        self._rules_seen = seq

    def _rules_read(self) -> None:
        if self._rules_seen is None:
            with self.store.session():
                self._refresh_rules()

    @property
    def registry(self) -> PredicateRegistry:
        """Predicate names and cardinality: the built-in ones and the memory's own."""
        self._rules_read()
        return self._registry

    @property
    def user(self) -> str:
        """Whom "I/my" mean: as given, else the memory's owner, else "user"."""
        self._rules_read()
        return self._user

    @user.setter
    def user(self, name: str) -> None:
        self._user_given, self._user = name, name

    @property
    def organisation(self) -> str:
        """Who "we/our" are for the owner (the memory's owner's organisation)."""
        self._rules_read()
        return self._organisation

    def _owners_organisation(self, turns: list[Any]) -> list[Any]:
        """The owner's turns that name no organisation are the owner organisation's."""
        if not self.organisation:
            return turns
        me = entity_id(self.user)
        return [t.model_copy(update={"organisation": self.organisation})
                if not getattr(t, "organisation", "x") and entity_id(t.speaker) == me else t
                for t in turns]

    @operation
    def set_owner(self, user: str, *, organisation: str = "",
                  by: str | None) -> rules.RuleChange:
        """Record whom "I/my" (``user``) and "we/our" (``organisation``) mean for this
        memory: queries, ingest and the MCP server default to them. A recorded change."""
        change = rules.set_owner(self.store, user, organisation, by, self.clock())
        self._refresh_rules()
        return change

    def close(self) -> None:
        """Release the database (a ``with Memory(...)`` block does this)."""
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing: proposals and decisions ---------------------------------------

    def propose(self, draft: ClaimDraft) -> ProposeResult:
        """Store a pending claim (or report it suppressed, duplicate or reinforced)."""
        return self.propose_many([draft])[0]

    @operation
    def propose_many(self, drafts: Iterable[ClaimDraft], *,
                     origin: str = "api") -> list[ProposeResult]:
        """Propose several drafts in one transaction: all land or none. ``origin`` (how
        they entered: "api", "cli", "import", "mcp:<client>") is stamped on each draft's
        provenance, whatever the draft says: kg's word, not the caller's."""
        return self._propose(list(drafts), origin, self._names_and_aliases())

    def _propose(self, drafts: list[ClaimDraft], origin: str,
                 known: tuple[dict[str, str], dict[str, str]]) -> list[ProposeResult]:
        """``propose_many`` with the names and aliases already read (``known``): ingest
        reads them once for all its parts."""
        self.check_drafts(drafts)
        drafts = through_aliases(drafts, *known)  # on every path a claim enters by
        drafts = [d.model_copy(update={"provenance": d.provenance.model_copy(
            update={"origin": origin})}) for d in drafts]
        return gate.propose(self.store, self.registry, self.scope, drafts, self.clock())

    def check_drafts(self, drafts: Sequence[Any]) -> None:
        """Refuse drafts over a limit or dated in the future (every path a claim enters
        by: proposals, ingest, import)."""
        self.limits.check_batch(len(drafts), "claims")
        now = self.clock()
        for n, draft in enumerate(drafts):
            if not isinstance(draft, ClaimDraft):
                raise InvalidClaim(f"propose takes ClaimDraft objects, not {type(draft).__name__}")
            for field in ("subject", "predicate", "object"):
                self.limits.check_text(f"claim {n}", field, getattr(draft, field),
                                       self.limits.max_field_chars, "KG_MAX_FIELD_CHARS")
            self.limits.check_text(f"claim {n}", "text", draft.text,
                                   self.limits.max_turn_chars, "KG_MAX_TURN_CHARS")
            # a fact that "takes effect" in 9999 would stay current forever once approved
            self.limits.check_time(f"claim {n}", "valid_from", draft.valid_from, now)

    def refresh(self) -> None:
        """Read the memory's rules and owner again if another process changed them (every
        operation does this first)."""
        with self.store.session():
            self._refresh_rules()

    # -- the memory's own rules (kg.rules) ---------------------------------------

    @operation
    def set_predicate(self, name: str, *, cardinality: str = "one",
                      synonyms: Sequence[str] = (), by: str | None) -> rules.RuleChange:
        """Declare one of the memory's own predicates (or redeclare it), recorded as a
        change by ``by``; refused where it would revive a rejection or leave two current
        values in a one-valued slot (see kg.rules)."""
        try:
            spec = PredicateSpec(cardinality=cardinality, synonyms=list(synonyms))
        except ValueError as exc:
            raise InvalidDecision(f"predicate {name!r}: {exc}") from exc
        change = rules.set_predicate(self.store, name, spec, by, self.clock())
        self._refresh_rules()
        return change

    @operation
    def set_policy(self, name: str, body: dict[str, Any], *,
                   by: str | None) -> rules.RuleChange:
        """Add or replace a policy (``review.policy.add_policy`` validates it first),
        recorded as a change by ``by``."""
        return rules.set_policy(self.store, name, body, by, self.clock())

    @operation
    def remove_rule(self, kind: rules.Kind, name: str, *, by: str | None) -> rules.RuleChange:
        """Remove one of the memory's own predicates or policies, recorded as a change.
        A predicate goes back to the built-in registry's reading (one-valued, unless
        built in otherwise), so the two-values check applies."""
        if kind == "predicate":
            name = PredicateRegistry.fold(name)
        change = rules.remove_rule(self.store, kind, name, by, self.clock())
        self._refresh_rules()
        return change

    @operation
    def own_rules(self, kind: rules.Kind) -> dict[str, dict[str, Any]]:
        """The memory's own predicates or policies: name -> body."""
        return self.store.rules(kind)

    @operation
    def rule_changes(self) -> list[rules.RuleChange]:
        """Every change to the memory's rules, oldest first, with who made it."""
        return rules.changes(self.store)

    def approve(self, claim_id: str, *, by: str | None) -> Claim:
        """Approve one pending claim: it takes effect and supersedes what it replaces."""
        return self.approve_many([claim_id], by=by)[0]

    @operation
    def approve_many(self, claim_ids: Iterable[str], *, by: str | None) -> list[Claim]:
        """Approve several pending claims in order, in one transaction: all or none."""
        return gate.approve(self.store, self.registry, self.scope, list(claim_ids), by,
                            self.clock())

    @operation
    def reject(self, claim_id: str, *, by: str | None, reason: str = "") -> Claim:
        """Reject one pending claim; its key is remembered, so it is not proposed again."""
        return gate.reject(self.store, self.scope, claim_id, by, reason, self.clock())

    @operation
    def edit(self, claim_id: str, changes: dict[str, str], *, by: str | None) -> Claim:
        """Change a pending claim's subject, predicate or object before deciding it; the
        extracted wording is kept beside the reviewed one."""
        return gate.edit(self.store, self.registry, self.scope, claim_id, changes, by,
                         self.clock())

    @operation
    def defer(self, claim_id: str, *, until: datetime, by: str | None) -> Claim:
        """Hide a pending claim from review until ``until``; it stays pending."""
        return gate.defer(self.store, self.scope, claim_id, until, by, self.clock())

    @operation
    def pin(self, claim_id: str, *, by: str | None, pinned: bool = True) -> Claim:
        """Mark an approved claim always-include: context falls back to pinned facts
        when a query names no known entity."""
        return gate.pin(self.store, self.scope, claim_id, pinned, by, self.clock())

    @operation
    def record_outcome(self, claim_id: str, *, accepted: bool, by: str | None = None,
                       origin: str = "api", note: str = "") -> Claim:
        """Report that using an approved claim led to an accepted (or a rejected)
        outcome: an audited event; accepted outcomes raise the claim among its rivals in
        context, rejected ones lower it. Never changes its status or lifecycle. ``by``:
        who reports (``agent:<name>``, a person, ``policy:<rule>``; default the user)."""
        return gate.record_outcome(self.store, self.scope, claim_id, accepted,
                                   by or self.user or gate.os_user(), origin, self.clock(),
                                   note)

    @operation
    def skip(self, claim_id: str, *, by: str | None) -> None:
        """Pass over a pending claim for now (audited); it stays pending."""
        gate.skip(self.store, self.scope, claim_id, by, self.clock())

    @operation
    def forget(self, claim_id: str, *, by: str | None, reason: str = "") -> Claim:
        """Retract an approved claim on purpose (audited): it leaves every band."""
        return gate.forget(self.store, self.scope, claim_id, by, reason, self.clock())

    @operation
    def purge(self, claim_id: str, *, by: str | None) -> None:
        """Erase a claim's text for a legal erasure request, keeping only the event that
        it happened."""
        gate.purge(self.store, self.scope, claim_id, by, self.clock())

    @operation
    def revert(self, claim_id: str, *, by: str | None) -> Claim:
        """Undo the claim's last approve, reject or defer (audited; restores what an
        approval superseded)."""
        return gate.revert(self.store, self.scope, claim_id, by, self.clock())

    @operation
    def resolve_id(self, given: str) -> str:
        """The full id of the claim in this scope whose id is, or starts with, ``given``
        (the short ids listings print). ClaimNotFound when none is; InvalidDecision when
        ``given`` is empty or several are."""
        given = given.strip().lower()
        if not given:
            raise InvalidDecision("an empty claim id")
        if len(given) == 32:
            return self.store.claim(given, self.scope).id
        matches = [c.id for c in self.store.all_claims(self.scope) if c.id.startswith(given)]
        if not matches:
            raise ClaimNotFound(f"no claim {given!r} in scope {self.scope.label()}")
        if len(matches) > 1:
            raise InvalidDecision(f"claim id {given!r} is ambiguous: {len(matches)} claims "
                                  "start with it; give more of it")
        return matches[0]

    @operation
    def decide_many(self, claim_ids: Iterable[str], decision: str, *, by: str | None,
                    reason: str = "") -> list[Claim]:
        """Decide several claims (``approve`` or ``reject``) in one transaction: all or
        none. Ids may be the short forms listings print."""
        with self.store.transaction():
            full = [self.resolve_id(i) for i in claim_ids]
            if decision == "approve":
                return self.approve_many(full, by=by)
            return [self.decide(i, decision, by=by, reason=reason) for i in full]

    def decide(self, claim_id: str, decision: str, *, by: str | None, reason: str = "") -> Claim:
        """Apply a decision named by a string (``approve`` or ``reject``), as a batch
        caller does; any other word is an InvalidDecision and changes nothing."""
        if decision == "approve":
            return self.approve(claim_id, by=by)
        if decision == "reject":
            return self.reject(claim_id, by=by, reason=reason)
        raise InvalidDecision(f"unknown decision {decision!r}: use 'approve' or 'reject'")

    # -- ingest: turns of conversation through an extractor ----------------------

    def ingest(self, turns: Iterable[Any], extractor: Extractor | None = None, *,
               reprocess: bool = False, origin: str = "api",
               progress: Callable[[int], None] | None = None) -> IngestReport:
        """Extract claims from turns and propose them. Extraction runs without holding
        the database, so readers and reviewers go on meanwhile; the claims are then
        written in transactions of whole turns, at most ``KG_MAX_BATCH`` claims each, each
        with its turns' message records: a turn lands whole or not at all, and an input
        stopped part-way is finished by ingesting it again.

        ``extractor`` is any ``extract.Extractor`` (the default is the offline spaCy
        extractor, loaded once). A turn with a message id that was ingested before (same
        conversation, id and text) proposes nothing, though it is still read for what
        later turns refer to; ``reprocess`` proposes from it again (for a new extractor),
        and even then a value a later approved one superseded is not proposed again.

        A turn the extractor fails to read (``ExtractionResult.error``) is listed in the
        report's ``failed`` and not marked read; the turns beside it are stored.

        The turns are read ``READ_CHUNK`` at a time, and ``progress`` (if given) is told
        how many more were read after each chunk. When a write cannot get the database
        (``DatabaseBusy``), the error says how many turns were stored and names those
        that were not; CLI, MCP and API share this one definition.
        """
        turns = self._owners_organisation(list(turns))
        self.limits.check_batch(len(turns), "turns")
        self.check_turns(turns)
        extractor = extractor or self.extractor()
        from extract.resolve import resolve

        now = self.clock()
        report = IngestReport(turns=len(turns))
        keys = [message_key(self.scope, t) for t in turns]
        # each turn by message id or position, as check_turns names it
        labels = [t.message_id or f"#{n}" for n, t in enumerate(turns, start=1)]
        try:
            with self.store.session():  # a moment each: nothing is held while extracting
                names, aliases = self._names_and_aliases()
                seen = set() if reprocess else self.store.seen_messages([k for k in keys if k])
        except DatabaseBusy as exc:
            raise DatabaseBusy(f"{exc}. {_not_stored(len(turns), labels)}") from exc
        per_turn: list[tuple[str, list[ClaimDraft]]] = []
        named: list[str] = []  # each of per_turn's turns, by its label
        results: list[Any] = []
        for i in range(0, len(turns), READ_CHUNK):
            results += extractor.extract_many(turns[i:i + READ_CHUNK])
            if progress is not None:
                progress(len(turns[i:i + READ_CHUNK]))
        # turns that say no time were said in order, the last now: a millisecond apart,
        # so a later turn's value supersedes an earlier one's whatever the approval order
        # (their "last month" stays unread: against what time, they do not say)
        untimed = now - timedelta(milliseconds=len(turns))
        for at, (turn, key, label, result) in enumerate(
                zip(turns, keys, labels, results, strict=True), start=1):
            if key in seen:
                report.already_ingested += 1
                continue
            if result.error:  # not marked read: a later ingest tries it again
                report.failed.append(FailedTurn(turn=label, text=turn.text[:80],
                                                error=result.error))
                continue
            if key:
                seen.add(key)  # the same turn twice in one input: read once
            report.sentences += result.sentences
            for reason, n in result.dropped.items():
                report.dropped[reason] = report.dropped.get(reason, 0) + n
            if not result.drafts:
                report.unread.append(UnreadTurn(turn=label, text=turn.text[:80],
                                                reasons=dict(result.dropped)))
            said = message_words(turn.text)  # every claim of a turn ranks by these,
            # whichever extractor proposed it
            named.append(label)
            per_turn.append((key, resolve(in_speaking_order([d.model_copy(update={
                "provenance": d.provenance.model_copy(update={"message_words": said})})
                for d in result.drafts], turn.timestamp or untimed + timedelta(
                    milliseconds=at)), names, aliases)))
        stored = 0
        for part in _bounded(per_turn, self.limits.max_batch):
            try:
                with self.store.session(), self.store.transaction():
                    outcomes = self._propose([d for _, drafts in part for d in drafts],
                                             origin, (names, aliases))
                    self.store.record_messages([k for k, _ in part if k], self.scope.label(),
                                               now)
            except DatabaseBusy as exc:
                raise DatabaseBusy(f"{exc}. {_not_stored(len(turns), named[stored:])}") from exc
            stored += len(part)
            for outcome in outcomes:
                if outcome.outcome == "pending":
                    report.proposed += 1
                    report.claim_ids.append(outcome.claim_id)
                else:
                    setattr(report, outcome.outcome.value,
                            getattr(report, outcome.outcome.value) + 1)
        return report

    def extractor(self) -> Extractor:
        """The default extractor (offline spaCy, loaded once per memory), tuned by this
        memory's review history and knowing its current subjects."""
        if self._extractor is None:
            from extract import SpacyExtractor

            self._extractor = SpacyExtractor(registry=self.registry)
        extractor = self._extractor
        extractor.registry = self.registry  # the rules as they are now
        extractor.penalties = self.review_penalties()
        extractor.known = lambda: [(c.subject_name, c.predicate) for c in
                                   sorted(self.current(), key=lambda c: c.recorded_at)]
        return extractor

    def check_turns(self, turns: Sequence[Any], first: int = 0) -> None:
        """Refuse input any turn of which is over a limit or dated in the future, naming
        the turn by its position in the input (from ``first``) and its message id; call
        it on a whole file before ingesting it in parts, so nothing of a bad file lands."""
        now = self.clock()
        for n, turn in enumerate(turns, start=first):
            where = f"turn {n + 1}" + (f" (id {turn.message_id})" if turn.message_id else "")
            self.limits.check_text(where, "text", turn.text, self.limits.max_turn_chars,
                                   "KG_MAX_TURN_CHARS")
            self.limits.check_time(where, "timestamp", turn.timestamp, now)

    @operation
    def review_penalties(self) -> dict[str, float]:
        """Confidence multipliers per pattern and predicate from people's decisions
        (0.0: held back). See ``kg.feedback``."""
        return feedback.penalties(feedback.tallies(self.store.decisions(self.scope)))

    # -- context: walking the current band ---------------------------------------

    @operation
    def context(self, query: str, *, hops: int = 2, max_claims: int | None = None,
                max_chars: int = 2000, history: bool = False,
                as_of: datetime | None = None) -> ContextResult:
        """Approved, current facts about what ``query`` names, ranked within a budget.

        With ``history``, earlier values of the same subjects, labelled as past.
        With ``as_of``, what was believed to hold at that time.
        """
        names, aliases = self._names_and_aliases()
        user = self._eid(self.user)
        linked = self._linker(names, aliases).link(query, user)
        if ctx.says_we(query):  # "our": the asker's organisations, as the graph knows them,
            # and the asker's household, the asker ("Can we get a cat?": their pets)
            linked += [o for o in [*self._organisations(user, names), user]
                       if o not in linked and o in names]
        # "my son", "Dana's sister": the relative, first, so their claims rank at hop 0
        asked = ctx.relations_asked(query)
        relatives = self._relatives(asked, user, names)
        wanted = ctx.query_words(query, [names.get(e, e) for e in linked]) | ctx.asked_as(query)
        if relatives:  # "my partner's job", "How is Nadia's dad?": the relative's, not
            # the owner's (when the query names the owner only as theirs)
            owners = {user if not o else self._eid(o) for o in ctx.owners_only(query, asked)}
            linked = [e for e in linked if e not in owners]
        linked = relatives + [e for e in linked if e not in relatives]
        now = self.clock()
        budget = ctx.budget_of(max_chars, max_claims)
        if as_of is not None:
            believed = self.as_of(as_of)
            by_entity: dict[str, list[Claim]] = {}
            for c in believed:
                for eid in (c.subject, c.object_entity):
                    if eid:
                        by_entity.setdefault(eid, []).append(c)
            neighbours = lambda eid: by_entity.get(eid, [])  # noqa: E731
        else:
            per_entity = ctx.fan_out(budget)  # each entity's best claims only

            def neighbours(eid: str) -> list[Claim]:
                best = self.store.best_touching(self.scope, eid, per_entity, ctx.static_rank)
                seen = {c.id for c in best}
                best += [c for c in self.store.mentioning(self.scope, eid, wanted, per_entity,
                                                          ctx.static_rank)
                         if c.id not in seen]
                return most_specific(best, self.registry)
        start = linked or ([user] if user in names else [])
        weights = self.store.word_weights(self.scope, wanted)
        ranked = ctx.walk(start, neighbours, check_hops(hops), now, weights,
                          self._possessions(names), width=ctx.walk_width(budget))
        reached = {r.claim.id for r in ranked}  # what the walk from whom was asked finds
        near = nowhere_near
        if as_of is None:  # claims holding the query's words, whoever they are about
            worded = most_specific(self.store.holding(self.scope, wanted, 2 * budget,
                                                      ctx.static_rank), self.registry)
            unreached = ctx.UNREACHED if linked else 0
            # a query that names an entity and asks nothing more ("Tell me about Priya")
            # has no meaning to match
            meant, near = self._by_meaning(query, 2 * budget, unreached,
                                           [names.get(e, e) for e in linked]) \
                if wanted or not linked else ([], nowhere_near)
            ranked = ctx.fuse(ranked, ctx.by_words(worded, weights, now, 2 * budget,
                                                   unreached), meant)
        if ctx.asks_when(query):
            ranked = ctx.dated_first(ranked)
        asked = ctx.dates_asked(query) if as_of is None else []
        if asked:  # "What did Gina find on 1 February, 2023?": what was said then, first
            pool = [c for e in start for c in self.store.band(self.scope, "current", e)] \
                if start else self.store.band(self.scope, "current")
            then = [c for c in pool if any(a.holds(c.valid_from) for a in asked)]
            ranked = ctx.said_then(ranked, ctx.by_words(most_specific(then, self.registry),
                                                        weights, now, len(then), 0,
                                                        keep_all=True), asked)
        if not linked:
            pinned = self.store.pinned(self.scope)
            have = {r.claim.id for r in ranked}
            ranked += [ctx.Ranked(claim=c, hops=0, score=1.0) for c in pinned
                       if c.id not in have]
        kept = ctx.cut(ranked, max_claims, max_chars)
        past: list[Claim] = []
        subjects = {r.claim.subject for r in kept} | set(start)
        if history:  # what had ended: by now, or by ``as_of`` (not what began after it)
            past = [c for s in sorted(subjects) for c in self.store.band(
                self.scope, "history" if as_of is None else "all", s)
                if as_of is None or c.valid_to is not None and c.valid_to <= as_of]
        if (history or ctx.asks_still(query)) and as_of is None:
            # "Do I still smoke?": approved endings of the subjects asked about, too; those
            # that say what was asked only, when some do (not "no longer works at Crumb")
            again = {(r.claim.subject, r.claim.predicate, r.claim.object): r.claim.valid_from
                     for r in kept}  # ("vegan" ended, then said again: no ending now)
            ended = [c for s in sorted(subjects) for c in self.store.band(self.scope, "ended", s)
                     if again.get((c.subject, c.predicate, c.object), c.valid_from) <= c.valid_from]
            asked_of = [c for c in ended if of_claim(c.predicate, c.object) & wanted]
            past += asked_of if asked_of and not history else ended
        elif as_of is None and wanted and not any(
                of_claim(r.claim.predicate, r.claim.object) & wanted for r in kept):
            # "Am I vegetarian?", and no current fact says it: the subjects' endings and
            # earlier values that do, as past (once each)
            said: set[tuple[str, str, str]] = set()
            for c in (c for s in sorted(subjects) for band in ("ended", "history")
                      for c in self.store.band(self.scope, band, s)):
                if of_claim(c.predicate, c.object) & wanted and (
                        c.subject, c.predicate, c.object) not in said:
                    said.add((c.subject, c.predicate, c.object))
                    past.append(c)
        # whether what is returned is about what was asked, or only the nearest there is
        matched = as_of is not None or not wanted or any(
            (held_by(r.claim) & wanted or near(r.claim.id) or asked and any(
                a.holds(r.claim.valid_from) for a in asked))
            and (not linked or r.claim.id in reached or r.claim.subject in start)
            for r in kept) or any(  # (about whom was asked: not Jess's dogs for "Does Sam
            # have any pets?")
            held_by(c) & wanted for c in past)  # ("Do I still smoke?": an ending answers;
        # "What did Jordan say on 2 October?": what was said that day)
        if not linked and ctx.unknown_names(query) - weights.keys():
            matched = False  # "Where does Owen work?", and no claim holds "Owen": nothing
            # known is about him (not "Does Ravi live in Glasgow or Edinburgh?")
        kept, past = ctx.fit(kept, past, max_chars, matched)
        text = ctx.render([r.claim for r in kept], past, matched)
        return ContextResult(
            query=query, entities=[names.get(e, e) for e in linked], text=text,
            claims=[ClaimView.of(r.claim, r.hops, r.score) for r in kept],
            history=[ClaimView.of(c) for c in past],
            pending=self.pending_summary(), matched=matched,
        )

    @operation
    def neighbourhood(self, entity: str, *, hops: int = 1,
                      predicates: Iterable[str] = ()) -> list[ClaimView]:
        """Approved current claims within ``hops`` of an entity (optionally some predicates)."""
        wanted = {self._predicate(p) for p in predicates}
        ranked = ctx.walk([self._eid(entity)], self._current_touching, check_hops(hops),
                          self.clock())
        return [ClaimView.of(r.claim, r.hops, r.score) for r in ranked
                if not wanted or r.claim.predicate in wanted]

    def _by_meaning(self, query: str, limit: int, hops: int, named: list[str]
                    ) -> tuple[list[ctx.Ranked], Callable[[str], bool]]:
        """The current claims nearest the query in meaning (kg.meaning), best first, and
        whether one of them (by id) is near enough to be about what was asked: nearer
        the query than the names it links (``named``) alone by ``NEAR_MARGIN``, since a
        name the question and a claim share makes any claim about that one look near;
        with no name, by ``NEAR_SIMILARITY``. None when the sentence model is not
        installed (the words and the walk still serve)."""
        if not meaning.available():
            return [], nowhere_near
        band = self.store.current_band()
        standing = (band.version, self._rules_seen, self.scope)
        if self._meaning_of is None or self._meaning_of[0] != standing:
            claims = most_specific(self.store.band(self.scope, "current"), self.registry)
            held, matrix = self._vector_cache().of(  # a claim's line and its approved sentence
                claims, lambda c: f"{c.sentence()}. {c.provenance.source_text}",
                meaning.model().embed) if claims else ([], None)
            # kept while the band stands, once every claim has its vector
            self._meaning_of = (standing if len(held) == len(claims) else None, held, matrix)
        _, claims, matrix = self._meaning_of
        if not claims:
            return [], nowhere_near
        # (unit vectors: dots are cosines)
        top = [(i, s) for i, s in meaning.cosine_top(meaning.model().embed([query])[0],
                                                     matrix, limit)
               if s >= meaning.MIN_SIMILARITY]
        found = {claims[i].id: (i, s) for i, s in top}

        def near(claim_id: str) -> bool:
            # asked of the few claims a context returns only, when their words do not
            # already say they match: not of every candidate (a dot per name each)
            if claim_id not in found:
                return False
            i, s = found[claim_id]
            if not named:
                return s >= meaning.NEAR_SIMILARITY
            return s - max(float(matrix[i] @ meaning.name_vector(n))
                           for n in named) >= meaning.NEAR_MARGIN

        return [ctx.Ranked(claim=claims[i], hops=hops, score=s) for i, s in top], near

    def meaning_backlog(self) -> int:
        """How many current claims have no meaning vector yet (0 without the sentence
        model): each context embeds up to ``kg.meaning.CATCH_UP`` of them, so after a bulk
        approval the first questions are slower until this reaches 0."""
        if not meaning.available():
            return 0
        return self._vector_cache().backlog(most_specific(
            self.store.band(self.scope, "current"), self.registry))

    def _vector_cache(self) -> meaning.VectorCache:
        """This memory's scope's claim vectors (kg.meaning), opened the first time."""
        if self._vectors is None:
            self._vectors = meaning.VectorCache(self.path, self.scope.label(),
                                                writable=not self.store.read_only)
        return self._vectors

    def _relatives(self, asked: list[tuple[str, str]], user: str,
                   names: dict[str, str]) -> list[str]:
        """The entities a query names by relation (``asked``, its
        ``kg.context.relations_asked``: "my son" -> the user's ``son`` or ``has_child``
        values, or the entity "Yusuf's son"), as the current band says."""
        found: list[str] = []
        for owner_name, relation in asked:
            owner = self._eid(owner_name) if owner_name else user
            if owner not in names:
                continue
            predicates = {self.registry.canonical(relation)} | (
                {self.registry.canonical("has_child")} if relation in ("child", "kid") else set())
            found += [c.object_entity for p in sorted(predicates)
                      for c in self.store.band(self.scope, "current", owner, p)
                      if c.object_entity]
            unnamed = entity_id(f"{names[owner]}'s {relation}")
            if unnamed in names:
                found.append(unnamed)
        return [e for e in dict.fromkeys(found) if e in names]

    def _organisations(self, user: str, names: dict[str, str]) -> list[str]:
        """Who "we" are for the asker: the owner's organisation, then the organisations
        the asker's approved current claims say they work at."""
        found = [entity_id(self.organisation)] if self.organisation else []
        found += [c.object_entity for c in self.store.current_value(
            self.scope, user, self.registry.canonical("works_at")) if c.object_entity]
        return [o for o in dict.fromkeys(found) if o in names]

    def _names_and_aliases(self) -> tuple[dict[str, str], dict[str, str]]:
        """Known entity names by id, and approved alias texts to entity ids."""
        aliases = {c.object: c.subject for c in self.store.band(self.scope, "current",
                                                                predicate="alias")}
        return self.store.entity_names(self.scope), aliases

    def _possessions(self, names: dict[str, str]) -> dict[str, list[str]]:
        """``kg.context.possessions`` of these names, kept while the band's name table is
        the same object."""
        if self._possessions_cache is None or self._possessions_cache[0] is not names:
            self._possessions_cache = (names, ctx.possessions(names))
        return self._possessions_cache[1]

    def _linker(self, names: dict[str, str], aliases: dict[str, str]) -> ctx.Linker:
        """A linker over these names, kept while the band's name table is the same object
        (it is replaced whenever the band changes)."""
        alias_items = tuple(sorted(aliases.items()))
        cached = self._linker_cache
        if cached is not None and cached[0] is names and cached[1] == alias_items:
            return cached[2]
        linker = ctx.Linker(names, aliases)
        self._linker_cache = (names, alias_items, linker)
        return linker

    def _current_touching(self, eid: str) -> list[Claim]:
        return most_specific(self.store.touching(self.scope, eid, "current"), self.registry)

    # -- reading: always through the gate -----------------------------------------

    @operation
    def claim(self, claim_id: str) -> Claim:
        """One claim by id, any status (a reviewer's read), if this scope may see it."""
        return self.store.claim(claim_id, self.scope)

    @operation
    def current(self, subject: str = "", predicate: str = "") -> list[Claim]:
        """The current band: approved, current claims (the most specific scope wins)."""
        if subject and predicate and self.registry.cardinality(predicate) == "one":
            return self.current_value(subject, predicate)
        claims = self.store.band(self.scope, "current", self._eid(subject),
                                 self._predicate(predicate))
        return most_specific(claims, self.registry)

    @operation
    def current_value(self, subject: str, predicate: str) -> list[Claim]:
        """The current value of one ``(subject, predicate)``, found through its slot
        (primary-key lookups, no scan); empty when there is none."""
        claims = self.store.current_value(self.scope, self._eid(subject),
                                          self._predicate(predicate))
        return most_specific(claims, self.registry)

    @operation
    def history_band(self, subject: str = "", predicate: str = "") -> list[Claim]:
        """Approved claims that were superseded: what was true before."""
        return self.store.band(self.scope, "history", self._eid(subject),
                               self._predicate(predicate))

    @operation
    def as_of(self, when: datetime, subject: str = "") -> list[Claim]:
        """What was believed to hold at ``when`` (approved claims valid then)."""
        return most_specific(self.store.as_of(self.scope, when, self._eid(subject)),
                             self.registry)

    @operation
    def history(self, subject: str, predicate: str) -> list[Claim]:
        """Every approved value of one subject's predicate, and every approved ending of
        one ("I quit smoking"), oldest first."""
        subject, predicate = self._eid(subject), self._predicate(predicate)
        claims = [c for band in ("all", "ended")
                  for c in self.store.band(self.scope, band, subject, predicate)]
        return sorted(claims, key=lambda c: (c.valid_from, c.recorded_at))

    @operation
    def would_change(self, claim_id: str) -> Change:
        """For a reviewer: what approving a pending claim would do to the current band,
        the values it would retire, the values of its own statement it would join, the
        broader scope's values it would override in its own, and the current claim a
        pending ending would close."""
        claim = self.store.claim(claim_id, self.scope)
        if claim.kind == "retract":
            target_key = gate.claim_key(claim.scope, claim.subject, claim.predicate,
                                        gate.object_value_key(claim.object, claim.object_kind))
            target = self.store.key_state(target_key)["current"]
            return Change(ends=self.store.claim_any_scope(target) if target else None)
        if self.registry.cardinality(claim.predicate) == "many":
            return Change()
        visible = self.store.current_value(claim.scope, claim.subject, claim.predicate)
        members = [c for c in visible if c.scope == claim.scope and c.key != claim.key]
        broader = [c for c in visible if c.scope != claim.scope
                   and entity_id(c.object) != entity_id(claim.object)]
        if any(c.valid_from > claim.valid_from for c in members):
            return Change(overrides=broader)  # said before the current value: history
        again = gate.said_again(self.store, members, claim.said_in)
        joins = [c for c in members if c.id in again
                 or claim.said_in and c.said_in == claim.said_in]
        waiting = [c for c in self.store.slot_claims(gate.slot_of(
            claim.scope, claim.subject, claim.predicate)) if claim.said_in
            and c.said_in == claim.said_in and c.status == "pending" and c.id != claim.id
            and c.kind == "assert"]  # ("from Zendesk to Freshdesk": the ending joins nothing)
        return Change(retires=[c for c in members if c not in joins], joins=joins + waiting,
                      overrides=broader)

    @operation
    def pending(self, *, include_deferred: bool = False) -> list[Claim]:
        """Claims waiting for review, oldest first; deferred ones hidden until due."""
        now = self.clock()
        return [c for c in self.store.pending(self.scope)
                if include_deferred or c.deferred_until is None or c.deferred_until <= now]

    @operation
    def pending_summary(self) -> Waiting:
        """How many claims wait for review, and since when."""
        count, oldest = self.store.waiting(self.scope)
        return Waiting(count=count, oldest=oldest)

    @operation
    def events(self, claim_id: str | None = None) -> list[Event]:
        """The audit log of one claim, or of every claim in scope."""
        if claim_id is None:
            return self.store.all_events(self.scope)
        self.store.claim(claim_id, self.scope)
        return self.store.events(claim_id)

    @operation
    def all_claims(self) -> list[Claim]:
        """Every claim of any status in this memory's scope and the broader scopes it
        reads (a reviewer's and a lossless export's read), oldest first."""
        return self.store.all_claims(self.scope)

    @operation
    def decisions(self) -> list[tuple[str, str, str, str]]:
        """Every review decision in scope: ``(action, actor, pattern, predicate)``."""
        return self.store.decisions(self.scope)

    @operation
    def key_states(self, claims: Sequence[Claim]) -> list[KeyState]:
        """What is known of these claims' keys (pending, current, tombstoned), for a
        lossless export: only claims this scope reads."""
        readable = [c for c in claims if self.scope.can_read(c.scope)]
        return list(self.store.key_states(sorted({c.key for c in readable})).values())

    @operation
    def entity(self, name: str) -> Entity | None:
        """An entity, only if an approved claim touches it."""
        return self.store.entity(self.scope, self._eid(name))

    def _eid(self, name: str) -> str:
        return entity_id(name) if name else ""

    def _predicate(self, predicate: str) -> str:
        return self.registry.canonical(predicate) if predicate else ""


def in_speaking_order(drafts: list[ClaimDraft], said_at: datetime) -> list[ClaimDraft]:
    """A turn's drafts, each sentence a microsecond after the one before it: a message
    of several sentences is said in order, so "Our colour is blue. ... It is now green."
    ends green whatever order the claims are approved in, and each sentence is a
    statement (a value set) of its own."""
    order: dict[str, int] = {}
    for d in drafts:
        order.setdefault(d.provenance.source_text, len(order))
    if len(order) < 2:
        return [d if d.valid_from else d.model_copy(update={"valid_from": said_at})
                for d in drafts]
    return [d.model_copy(update={"valid_from": (d.valid_from or said_at) + timedelta(
        microseconds=order[d.provenance.source_text])}) for d in drafts]


def nowhere_near(_claim_id: str) -> bool:
    """No claim is near in meaning (no meaning candidates were sought)."""
    return False


def most_specific(claims: list[Claim], registry: PredicateRegistry) -> list[Claim]:
    """Where scopes overlap, a ``one`` predicate keeps the value of the most
    specific scope (an agent's own value over the namespace's)."""
    one = {p for p in {c.predicate for c in claims} if registry.cardinality(p) == "one"}
    slots: dict[tuple[str, str], list[Claim]] = {}
    for c in claims:
        if c.predicate in one:
            slots.setdefault((c.subject, c.predicate), []).append(c)
    dropped: set[str] = set()
    for held in slots.values():  # only a slot held twice has a value to drop
        if len(held) > 1:
            best = max(c.scope.specificity() for c in held)
            dropped.update(c.id for c in held if c.scope.specificity() != best)
    return [c for c in claims if c.id not in dropped]

"""The ``kg`` command: a thin skin over ``Memory``. It holds no logic of its own."""

from __future__ import annotations

import json
import sys
import tempfile
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import BaseModel, ValidationError
from rich.console import Console

from kg.errors import ClaimNotFound, DatabaseBusy, KGError
from kg.limits import MAX_HOPS
from kg.memory import READ_CHUNK, Memory
from kg.models import Claim, Scope
from kg.normalise import visible
from kg.paths import ENV_DB, Location, as_location, default_db_path, is_server, shown
from kg.phrasing import spoken
from kg.registry import DONE_PREFIX

app = typer.Typer(help="kg: a memory of approved, current, traceable facts.",
                  no_args_is_help=True, pretty_exceptions_enable=False)
review_app = typer.Typer(help="Review pending claims: the one door to an agent's context.",
                         invoke_without_command=True)
app.add_typer(review_app, name="review")

def flag(name: str, help: str) -> Any:
    """An on/off option, shown in help without a value placeholder."""
    return typer.Option(name, help=help, metavar="")


DbOption = Annotated[str | None, typer.Option(
    "--db", envvar=ENV_DB, help="Memory directory, or falkordb://HOST:PORT/GRAPH for a graph on "
    "a FalkorDB server (default: a per-user directory).")]
JsonOption = Annotated[bool, flag("--json", "Print JSON.")]
AS_OF_HELP = ("What was believed then: a date or time (2026-05-01, '2026-05-01 14:00') or a "
              "relative one ('last week', '2 days ago', 'yesterday'); UTC unless it says.")


class Settings(BaseModel):
    db: Path | str  # a directory, or a falkordb:// URL (kg.paths.as_location)
    scope: Scope
    user: str | None
    quiet: bool = False


def _version(show: bool) -> None:
    if show:
        from importlib.metadata import version

        typer.echo(f"kg {version('kg-memory')}")
        raise typer.Exit()


@app.callback()
def main(ctx: typer.Context, db: DbOption = None,
         namespace: Annotated[str, typer.Option(help="Tenant.")] = "default",
         agent: Annotated[str, typer.Option(help="Agent scope.")] = "",
         team: Annotated[str, typer.Option(help="Team scope.")] = "",
         project: Annotated[str, typer.Option(help="Project scope.")] = "",
         user: Annotated[str | None, typer.Option(
             help="Whom 'I' and 'my' name (default: the memory's owner, kg init --user).")]
         = None,
         quiet: Annotated[bool, flag("--quiet", "No 'claims waiting for review' line.")] = False,
         version: Annotated[bool, typer.Option(
             "--version", metavar="", callback=_version, is_eager=True,
             help="Print the version and exit.")] = False,
         ) -> None:
    try:
        scope = Scope(namespace=namespace, agent=agent, team=team, project=project)
    except ValidationError as exc:
        fail(f"invalid scope: {exc.errors()[0]['msg']}")
    ctx.obj = Settings(db=as_location(db) if db else default_db_path(), scope=scope, user=user,
                       quiet=quiet)


EXIT_NOT_FOUND = 1  # 2 is bad input (``fail``'s default)
EXIT_BUSY = 3
EXIT_UNREAD = 4  # an ingest stored what it read, but failed to read some turns


def fail(message: str, code: int = 2) -> None:
    typer.echo(f"kg: error: {message}", err=True)
    raise typer.Exit(code)


def open_memory(ctx: typer.Context, db: Location | None = None, *,
                hold: bool = False, existing: bool = False) -> Memory:
    """The memory a command works on. A one-shot command opens the database per
    operation; a long-running one (``hold``: the review loop, the MCP server) keeps it
    open and hands it over whenever another process queues for it, so a review, an
    agent's server and an ingest can all use one memory. A KGError raised here ends in
    ``run`` as one clear line. A command that only reads (``existing``) refuses a
    directory that does not exist rather than make an empty memory there (a mistyped
    ``--db`` answered "none found")."""
    settings: Settings = ctx.obj
    where = db or settings.db
    if existing and not is_server(where) and not Path(where).exists():
        fail(f"no memory at {shown(where)}: kg init or kg ingest makes one there",
             EXIT_NOT_FOUND)
    return Memory(where, scope=settings.scope, user=settings.user, hold=hold)


def emit(data: Any, as_json: bool, text: str) -> None:
    """JSON for programs, or text for a person (with control characters made visible,
    so no stored text can rewrite the reader's terminal)."""
    if as_json:
        typer.echo(json.dumps(data, indent=2, default=str))
    else:
        typer.echo(visible(text))


def note_waiting(ctx: typer.Context, mem: Memory) -> None:
    """Every read says how much memory is still waiting for a person (unless --quiet)."""
    if ctx.obj.quiet:
        return
    waiting = mem.pending_summary()
    if waiting.count:
        since = waiting.oldest.date().isoformat() if waiting.oldest else "?"
        typer.echo(f"kg: {waiting.count} claim(s) waiting for review since {since} "
                   "(kg review)", err=True)


def parse_when(text: str | None) -> datetime | None:
    """A past date or time as people write it (``--as-of``), absolute or relative, in UTC
    unless it says; a clear error (exit 2) naming what could not be read, or a future."""
    if text is None:
        return None
    from kg.dates import read_when

    now = datetime.now(UTC)
    when = read_when(text, now)
    if when is None:
        fail(f"cannot read {text!r} as a date or time; try 2026-05-01, "
             "'2026-05-01 14:00', 'last week' or '2 days ago'")
    if when > now:  # what was believed: a time that has come
        fail(f"--as-of {text!r} is {when:%Y-%m-%d %H:%M} UTC, in the future; give a past "
             "time ('last week', '2026-05-01')")
    return when


def person_only(by: str) -> None:
    """A person deciding at the command line is a person: ``--by policy:...`` is the
    policies' own name and is refused (``kg review auto`` applies policies)."""
    if by.strip().lower().startswith("policy:"):
        fail(f"--by {by!r}: a person decides here; policies decide through kg review auto")


def operator() -> str:
    """Who decides when ``--by`` is not given: the operating-system user."""
    from kg.gate import os_user

    return os_user()


@app.command()
def init(ctx: typer.Context,
         user: Annotated[str | None, typer.Option(
             "--user", help="Whose memory: whom 'I' and 'my' mean, for every command.")] = None,
         organisation: Annotated[str, typer.Option(
             help="Who 'we' and 'our' are for the owner.")] = "",
         by: Annotated[str, typer.Option(help="Who sets the owner (default: you).")] = "",
         ) -> None:
    """Create the memory directory (idempotent); with --user, record whose memory it is."""
    person_only(by)
    owner = user or ctx.obj.user
    with open_memory(ctx) as mem:
        before, held = mem.user, len(mem.all_claims())
        if owner:
            try:
                mem.set_owner(owner, organisation=organisation, by=by or operator())
            except KGError as exc:
                fail(str(exc))
        elif organisation:
            fail("--organisation needs --user: whose organisation is it?")
        who = f"; owner {mem.user}" + (f" of {mem.organisation}" if mem.organisation else "") \
            if owner else ""
        typer.echo(f"kg memory ready at {shown(mem.location)} "
                   f"(schema {mem.store.schema_version()}){who}")
        if held:  # a memory made before, by this person or another: said, not assumed
            was = f"; its owner was {before}" if before and owner and before != mem.user else ""
            typer.echo(f"it already holds {held} claim(s){was}; use --db PATH for a new one")


@app.command()
def ingest(ctx: typer.Context,
           source: Annotated[str, typer.Argument(help="A file, or - for stdin.")] = "-",
           speaker: Annotated[str, typer.Option(
               help="Speaker for plain text (default: the memory's owner).")] = "",
           organisation: Annotated[str, typer.Option(help="Who 'we' are.")] = "",
           conversation: Annotated[str, typer.Option(help="Conversation id.")] = "",
           reprocess: Annotated[bool, flag(
               "--reprocess", "Read turns ingested before again (say, after an extractor "
               "upgrade); values a later one superseded stay history.")] = False,
           why: Annotated[bool, flag(
               "--why", "Also list each turn that proposed nothing, and why.")] = False,
           as_json: JsonOption = False) -> None:
    """Extract claims from plain text, a JSON list of turns, or JSONL; they arrive pending.
    A turn ingested before (same conversation, id and text) proposes nothing again. A
    turn the extractor fails to read is named, not stored, and the exit code is 4."""
    from extract.formats import read_turns

    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
        turns = read_turns(text, source, speaker=speaker or "user",
                           organisation=organisation, conversation=conversation)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        fail(f"cannot read {source}: {exc}")
    settings: Settings = ctx.obj
    try:
        mem = Memory(settings.db, scope=settings.scope, user=settings.user, hold=False)
    except DatabaseBusy as exc:
        missing = ", ".join(t.message_id or f"#{n}" for n, t in enumerate(turns))
        fail(f"{exc}. NOT stored: {len(turns)} turn(s): {missing}", EXIT_BUSY)
    except KGError as exc:
        fail(str(exc))
    with mem:
        if not speaker and mem.user != "user":  # plain text is the owner's unless it says
            turns = [t.model_copy(update={"speaker": mem.user}) if t.speaker == "user" else t
                     for t in turns]
        try:
            report = ingest_with_progress(mem, turns, reprocess=reprocess)
        except DatabaseBusy as exc:
            fail(str(exc), EXIT_BUSY)
        except KGError as exc:
            fail(str(exc))
        emit(report.model_dump(), as_json,
             f"{report.turns} turn(s), {report.sentences} sentence(s): {report.proposed} "
             f"proposed, {report.suppressed} suppressed, {report.duplicate} duplicate, "
             f"{report.reinforced} reinforced, {report.outdated} outdated; "
             f"{report.already_ingested} turn(s) ingested before; dropped {report.dropped}"
             + "".join(f"\n  {u.turn}: {', '.join(sorted(u.reasons)) or 'chatter'}: "
                       f"{u.text!r}" for u in (report.unread if why else [])))
        note_waiting(ctx, mem)
    if report.failed:
        typer.echo(visible(
            f"kg: error: {len(report.failed)} turn(s) could not be read and were NOT "
            "stored (ingest them again to retry; please report the error):" + "".join(
                f"\n  {f.turn}: {f.error}: {f.text!r}" for f in report.failed)), err=True)
        raise typer.Exit(EXIT_UNREAD)


def ingest_with_progress(mem: Memory, turns: list[Any], *, reprocess: bool = False) -> Any:
    """``Memory.ingest`` with a progress bar on stderr for long input."""
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True,
                  disable=len(turns) <= READ_CHUNK) as progress:
        task = progress.add_task("ingesting", total=len(turns))
        return mem.ingest(turns, reprocess=reprocess, origin="cli",
                          progress=lambda read: progress.advance(task, read))


@app.command()
def context(ctx: typer.Context, query: str, as_json: JsonOption = False,
            hops: Annotated[int, typer.Option(
                min=1, max=MAX_HOPS, help="How far to walk from the entities named.")] = 2,
            history: Annotated[bool, flag(
                "--history", "Also list earlier values, labelled as past.")] = False,
            as_of: Annotated[str | None, typer.Option("--as-of", help=AS_OF_HELP)] = None,
            max_claims: Annotated[int | None, typer.Option(
                min=1, help="At most this many facts (default: as many as fit).")] = None,
            max_chars: Annotated[int, typer.Option(
                min=80, help="At most this many characters of text.")] = 2000) -> None:
    """Approved, current facts for a query, ranked within a budget."""
    if not query.strip():
        fail("an empty query: say what to look for")
    when = parse_when(as_of)
    with open_memory(ctx, existing=True) as mem:
        result = mem.context(query, hops=hops, history=history, as_of=when,
                             max_claims=max_claims, max_chars=max_chars)
        emit(result.model_dump(mode="json"), as_json, result.text)
        note_waiting(ctx, mem)


@app.command()
def neighbourhood(ctx: typer.Context, name: str, as_json: JsonOption = False,
                  hops: Annotated[int, typer.Option(
                      min=1, max=MAX_HOPS, help="How many steps out from the entity.")
                  ] = 1) -> None:
    """Approved current claims around an entity (exit 1 when there are none)."""
    with open_memory(ctx, existing=True) as mem:
        claims = mem.neighbourhood(name, hops=hops)
        emit([c.model_dump(mode="json") for c in claims], as_json,
             "\n".join(f"{c.subject} {c.predicate}: {c.object}  [{c.id[:8]}]" for c in claims)
             or f"nothing approved about {name}")
        note_waiting(ctx, mem)
    if not claims:
        raise typer.Exit(EXIT_NOT_FOUND)


@app.command()
def history(ctx: typer.Context, name: str,
            predicate: Annotated[str, typer.Argument(
                help="One predicate (lives_in, 'works at' ...); every one when left out.",
                show_default=False)] = "",
            as_json: JsonOption = False) -> None:
    """Every approved value of one subject's predicate (or of all its predicates), with
    its validity (exit 1 when there are none)."""
    with open_memory(ctx, existing=True) as mem:
        claims = mem.history(name, predicate)
        if not predicate:  # grouped by predicate, each oldest first
            claims = sorted(claims, key=lambda c: c.predicate)
        emit([c.model_dump(mode="json") for c in claims], as_json, "\n".join(
            history_line(c, named=not predicate) for c in claims) or "no approved values")
        note_waiting(ctx, mem)
    if not claims:
        raise typer.Exit(EXIT_NOT_FOUND)


def history_line(claim: Claim, named: bool) -> str:
    """One value of a history, its predicate said first when ``named`` ("lives in:
    Leeds  2026-01-01 .. now  (current, human:jess)"); an ending as "ENDS: ..."."""
    what = f"{spoken(claim.predicate)}: {claim.object}" if named else claim.object
    if claim.kind == "retract":
        return f"ENDS: {what}  {claim.valid_from.date()}  (ending, {claim.decided_by})"
    if claim.predicate.startswith(DONE_PREFIX):  # "adopted: Pepper  on 2026-12-07": a thing that
        # happened once, no state that holds "until now"
        return f"{what}  on {claim.valid_from.date()}  (happened, {claim.decided_by})"
    until = claim.valid_to.date() if claim.valid_to else "now"
    return f"{what}  {claim.valid_from.date()} .. {until}  ({claim.lifecycle}, " \
        f"{claim.decided_by})"


@app.command()
def outcome(ctx: typer.Context, claim_id: str,
            accepted: Annotated[bool | None, typer.Option(
                "--accepted/--rejected", help="Whether using the claim led to an accepted "
                "result.", show_default=False)] = None,
            by: Annotated[str, typer.Option(
                help="Who reports: agent:<name> or a person (default: the OS user).")] = "",
            note: Annotated[str, typer.Option(help="What happened.")] = "",
            as_json: JsonOption = False) -> None:
    """Report how an approved claim an agent used turned out: accepted outcomes raise it
    among its rivals in context, rejected ones lower it; its status never changes."""
    if accepted is None:
        fail("say how it turned out: --accepted or --rejected")
    with open_memory(ctx) as mem:
        try:
            claim = mem.record_outcome(mem.resolve_id(claim_id), accepted=accepted,
                                       by=by or operator(), origin="cli", note=note)
        except ClaimNotFound as exc:
            fail(str(exc), EXIT_NOT_FOUND)
        except KGError as exc:
            fail(str(exc))
        emit(claim.model_dump(mode="json"), as_json,
             f"{'accepted' if accepted else 'rejected'} outcome on {claim.id}: "
             f"{claim.sentence()} ({claim.accepted} accepted, {claim.declined} rejected)")


@app.command()
def stats(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """Counts of claims by status and lifecycle, decisions, and suppressed re-proposals."""
    from kg.stats import summary

    with open_memory(ctx, existing=True) as mem:
        data = summary(mem)
        emit(data, as_json, "\n".join(f"{k}: {v}" for k, v in data.items()))


@review_app.callback()
def review(ctx: typer.Context,
           sort: Annotated[str, typer.Option(help="oldest, confidence or subject")] = "oldest",
           by: Annotated[str, typer.Option(help="Who decides (default: you).")] = "") -> None:
    """Walk pending claims one at a time: a approve, r reject, e edit, s skip, d defer,
    A approve all, u undo, q quit, ? help."""
    if ctx.invoked_subcommand is not None:
        return
    if not sys.stdin.isatty():
        fail("kg review needs a terminal; from a script use the explicit batch forms: "
             "kg review list --json, kg review approve ID... --by NAME, "
             "kg review reject ID... --by NAME --reason TEXT")
    person_only(by)
    import click

    from review.loop import ReviewSession

    with open_memory(ctx, hold=True) as mem:
        waiting = mem.pending()
        if not waiting:
            typer.echo("nothing to review")
            return
        session = ReviewSession(mem, f"human:{by or operator()}", Console(), click.getchar,
                                _ask, sort)
        session.run()


def _ask(prompt: str) -> str:
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        return ""


@review_app.command("auto")
def review_auto(ctx: typer.Context, dry_run: Annotated[bool, flag(
                    "--dry-run", "Say what would be approved; approve nothing.")] = False,
                as_json: JsonOption = False) -> None:
    """Apply the memory's policies (kg policies list; none: nothing is approved)."""
    from review.policy import apply_policies, policies

    with open_memory(ctx) as mem:
        try:
            outcome = apply_policies(mem, policies(mem), dry_run)
        except KGError as exc:
            fail(str(exc))
        emit(outcome.model_dump(), as_json,
             f"{'would approve' if dry_run else 'approved'} {len(outcome.approved)} claim(s) by "
             f"policy; {len(outcome.for_a_person)} left for a person (they would replace a "
             "human-approved value)")


@review_app.command("list")
def review_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """Pending claims, oldest first (deferred ones marked with their date), each with what
    approving it would change: the values it replaces, those said with it that it joins,
    the value an ending closes."""
    from review.render import change_lines

    with open_memory(ctx, existing=True) as mem:
        claims = mem.pending(include_deferred=True)  # deferred ones too, with their date
        changes = [mem.would_change(c.id) for c in claims]
        lines = []
        now = mem.clock()
        for claim, change in zip(claims, changes, strict=True):
            later = claim.deferred_until is not None and claim.deferred_until > now
            deferred = f"  (deferred until {claim.deferred_until:%Y-%m-%d})" if later else ""
            lines.append(f"{claim.id}  {said_as(claim)}  "
                         f"<- {claim.provenance.source_text!r}{deferred}")
            lines += [f"    {line}" for line in change_lines(change)]
        emit([{**c.model_dump(mode="json"), "would_change": ch.model_dump(mode="json")}
              for c, ch in zip(claims, changes, strict=True)], as_json,
             "\n".join(lines) or "nothing to review")


@review_app.command("approve")
def review_approve(ctx: typer.Context, ids: Annotated[list[str] | None, typer.Argument(
                       help="Claim ids, or the short ids listings print.")] = None,
                   every: Annotated[bool, flag(
                       "--all", "Every claim waiting now (not deferred ones).")] = False,
                   by: Annotated[str, typer.Option(help="Who decides.")] = "",
                   as_json: JsonOption = False) -> None:
    """Approve claims by id or the short id listings print (recorded as human:<by>), all
    in one transaction: all are approved or none. --all approves everything waiting."""
    if every == bool(ids):
        fail("name the claims to approve, or pass --all (not both)")
    _decide(ctx, ids or [], "approve", by or operator(), "", as_json, every=every)


@review_app.command("reject")
def review_reject(ctx: typer.Context, ids: list[str],
                  by: Annotated[str, typer.Option(help="Who decides.")] = "",
                  reason: Annotated[str, typer.Option(help="Why.")] = "",
                  as_json: JsonOption = False) -> None:
    """Reject claims by id or short id, in one transaction; the same claim will not be
    proposed again."""
    _decide(ctx, ids, "reject", by or operator(), reason, as_json)


def said_as(claim: Claim) -> str:
    """A claim as a listing says it: an ending marked so ("ENDS: Zoe does: smoking")."""
    return ("ENDS: " if claim.kind == "retract" else "") + claim.sentence()


def _decide(ctx: typer.Context, ids: list[str], decision: str, by: str, reason: str,
            as_json: bool, every: bool = False) -> None:
    """Decide the claims named, or with ``every`` all that wait now."""
    person_only(by)
    with open_memory(ctx) as mem:
        if every:
            ids = [c.id for c in mem.pending()]
            if not ids:
                emit([], as_json, "nothing to review")
                return
        try:
            claims = mem.decide_many(ids, decision, by=by, reason=reason)
        except ClaimNotFound as exc:
            fail(f"{exc}; nothing was decided", EXIT_NOT_FOUND)
        except KGError as exc:
            fail(f"{exc}; nothing was decided")
        emit([c.model_dump(mode="json") for c in claims], as_json,
             "\n".join(f"{decision.rstrip('e')}ed {c.id}: {said_as(c)}" for c in claims))


EXPORT_FORMATS = ("turtle", "jsonld", "nt", "graphml", "json")


@app.command()
def export(ctx: typer.Context,
           fmt: Annotated[str, typer.Option("--format", help="|".join(EXPORT_FORMATS))] = "json",
           band: Annotated[str, typer.Option(help="current, history or all")] = "current",
           include_pending: Annotated[bool, flag(
               "--include-pending", "Also pending claims, marked as such.")] = False,
           everything: Annotated[bool, flag(
               "--everything", "json only: every claim, tombstone and event, for "
                               "kg import")] = False,
           output: Annotated[Path | None, typer.Option(
               "--output", "-o", help="Write to this file (default: standard output).")
           ] = None) -> None:
    """Export approved claims (pending ones only when asked) as RDF, GraphML or JSON."""
    from kg import exports

    if fmt not in EXPORT_FORMATS:
        fail(f"unknown format {fmt!r}: use one of {', '.join(EXPORT_FORMATS)}")
    if everything and fmt != "json":
        fail("--everything is for --format json (the form kg import reads)")
    with open_memory(ctx, existing=True) as mem:
        try:
            if fmt == "json":
                text = exports.to_json(mem, band, include_pending, everything)
            elif fmt == "graphml":
                text = exports.to_graphml(mem, band, include_pending)
            else:
                rdf_format = {"turtle": "turtle", "jsonld": "json-ld", "nt": "nt"}[fmt]
                text = exports.to_rdf(mem, band, include_pending).serialize(format=rdf_format)
        except ValueError as exc:
            fail(str(exc))
        if output is None:
            typer.echo(text)
        else:
            output.write_text(text, encoding="utf-8")
        note_waiting(ctx, mem)


@app.command("import")
def import_(ctx: typer.Context,
            source: Annotated[str, typer.Argument(help="A file, or - for stdin.")],
            by: Annotated[str, typer.Option(
                help="Who imports (recorded on each claim); default: you.")] = "",
            as_json: JsonOption = False) -> None:
    """Replay a JSON export (kg export --everything) into this scope, which holds no
    claim yet: each claim is proposed again here and its recorded decisions made again."""
    from kg.imports import import_json

    person_only(by)
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {source}: {exc}")
    with open_memory(ctx) as mem:
        try:
            report = import_json(mem, text, by or operator())
        except (ValueError, KGError) as exc:
            fail(str(exc))
        turned = ", ".join(f"{n} {why}" for why, n in report.not_stored.items())
        emit({**report.model_dump(), "path": shown(mem.location)}, as_json,
             f"imported {report.imported} of {report.claims} claim(s) into {shown(mem.location)} "
             f"(scope {report.into})" + (f"; not stored: {turned}" if turned else "")
             + (f"; {report.erased} erased claim(s) not carried (kg backup keeps erasures)"
                if report.erased
                else ""))


@app.command()
def backup(ctx: typer.Context, dest: Annotated[Path, typer.Argument(
               help="A new or empty directory.")], as_json: JsonOption = False) -> None:
    """Copy the memory to DEST (new or empty), consistently: others wait while it copies."""
    with open_memory(ctx) as mem:
        try:
            files = mem.store.backup(dest)
        except KGError as exc:
            fail(str(exc))
        emit({"source": shown(mem.location), "dest": str(dest), "files": files}, as_json,
             f"backed up {shown(mem.location)} to {dest} ({', '.join(files)})")


@app.command()
def restore(ctx: typer.Context, source: Path) -> None:
    """Restore a backup from SOURCE into the --db path (which must be new or empty)."""
    from kg.storage.kuzu import restore_backup

    settings: Settings = ctx.obj
    if is_server(settings.db):
        fail(f"a backup restores into a directory, not {shown(settings.db)}: on a FalkorDB "
             "server, replay an export with `kg export --everything` then `kg import`")
    try:
        store = restore_backup(source, Path(settings.db))
    except KGError as exc:
        fail(str(exc))
    version = store.schema_version()
    store.close()
    typer.echo(f"restored {source} into {settings.db} (schema {version})")


@app.command()
def mcp(ctx: typer.Context,
        name: Annotated[str, typer.Option(help="How proposals are attributed.")] = "agent",
        ) -> None:
    """Serve the memory to agents over MCP (stdio), in the scope given at start.
    Agents may read and propose; no tool approves, rejects or edits."""
    from kg.mcp_server import build_server

    with open_memory(ctx, hold=True) as mem:
        build_server(mem, agent_name=name).run("stdio")


DEMO_TURNS = [
    "Hi! I'm Priya, I run design at Acme.",
    "Our brand color is #1F4E79.",
    "I live in Berlin and I like green tea.",
    "Is it going to rain today?",
    "We use Figma for design.",
    "Actually we rebranded, the color is now green.",
]


@app.command()
def demo(ctx: typer.Context,
         keep: Annotated[Path | None, typer.Option(help="Keep the demo memory here.")] = None,
         ) -> None:
    """Ingest a short conversation, approve it as a reviewer would, and print context."""
    from extract.turns import Turn

    settings: Settings = ctx.obj
    db = keep or Path(tempfile.mkdtemp(prefix="kg-demo-")) / "memory"
    start = datetime.now(UTC) - timedelta(days=len(DEMO_TURNS))
    turns = [Turn(text=text, speaker="Priya", organisation="Acme", conversation_id="demo",
                  message_id=f"demo-{i}", timestamp=start + timedelta(days=i))
             for i, text in enumerate(DEMO_TURNS)]
    with Memory(db, scope=settings.scope, user="Priya") as mem:
        typer.echo(f"memory: {db}")
        for turn in turns:
            typer.echo(f"  Priya: {turn.text}")
        report = mem.ingest(turns)
        typer.echo(f"\n{report.proposed} claim(s) proposed, dropped: {report.dropped}")
        before = mem.context("What is Acme's brand colour?")
        typer.echo(f"before review, context has {len(before.claims)} fact(s): "
                   "nothing unapproved reaches an agent")
        for claim in mem.pending():
            mem.approve(claim.id, by=f"human:{operator()}")
            typer.echo(f"  approved: {claim.sentence()}")
        for query in ("What is Acme's brand colour?", "Where do I live?"):
            result = mem.context(query, history=True)
            typer.echo(f"\n$ kg context {query!r} --history\n{result.text}")


from kg.cli_rules import policies_app, predicates_app  # noqa: E402  (uses the helpers above)
from kg.cli_server import server_app  # noqa: E402

app.add_typer(predicates_app, name="predicates")
app.add_typer(policies_app, name="policies")
app.add_typer(server_app, name="server")


def run() -> None:
    """The ``kg`` entry point: our typed errors end as one clear line, never a traceback;
    warnings are one line too."""
    warnings.formatwarning = lambda message, *_args, **_kw: f"kg: warning: {message}\n"
    try:
        app(prog_name="kg")
    except DatabaseBusy as exc:
        typer.echo(f"kg: error: {exc}", err=True)
        sys.exit(EXIT_BUSY)
    except KGError as exc:
        typer.echo(f"kg: error: {exc}", err=True)
        sys.exit(2)

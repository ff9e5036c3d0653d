"""``kg predicates ...`` and ``kg policies ...``: the memory's own rules, changed only
by a person, each change recorded (kg.rules)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from kg.cli import JsonOption, emit, fail, flag, open_memory, operator, person_only
from kg.errors import KGError
from kg.memory import Memory
from kg.registry import read_specs
from kg.rules import RuleChange

predicates_app = typer.Typer(help="The memory's predicates: built-in, and its own.",
                             no_args_is_help=True)
policies_app = typer.Typer(help="Policies that approve automatically (none unless added).",
                           no_args_is_help=True)
ByOption = Annotated[str, typer.Option(help="Who changes the rules (default: you).")]


def _decider(by: str) -> str:
    person_only(by)
    return by or operator()


def _change_line(change: Any) -> str:
    verb = "removed" if change.after is None else "set" if change.before is None \
        else "changed"
    return f"{change.kind} {change.name} {verb} by {change.actor}"


def _history(ctx: typer.Context, kind: str, as_json: bool) -> None:
    with open_memory(ctx) as mem:
        changes = [c for c in mem.rule_changes() if c.kind == kind]
    emit([c.model_dump(mode="json") for c in changes], as_json,
         "\n".join(f"{c.at:%Y-%m-%d %H:%M} {_change_line(c)} (os user {c.os_user}): "
                   f"{c.before} -> {c.after}" for c in changes) or f"no {kind} changes")


@predicates_app.command("list")
def predicates_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """Every predicate the registry declares: cardinality, synonyms, where it comes from."""
    with open_memory(ctx) as mem:
        own = mem.own_rules("predicate")
        specs = mem.registry.specs()
    rows = [{"predicate": name, "cardinality": spec.cardinality,
             "synonyms": sorted(spec.synonyms), "own": name in own}
            for name, spec in sorted(specs.items())]
    emit(rows, as_json, "\n".join(
        f"{r['predicate']}  {r['cardinality']}"
        + (f"  (also: {', '.join(r['synonyms'])})" if r["synonyms"] else "")
        + ("  [this memory's own]" if r["own"] else "") for r in rows))


@predicates_app.command("set")
def predicates_set(ctx: typer.Context, name: str,
                   many: Annotated[bool, flag("--many", "Keep every approved value "
                                                         "(default: one current value).")]
                   = False,
                   synonym: Annotated[list[str] | None, typer.Option(
                       help="Another spelling of it (repeat for more).")] = None,
                   by: ByOption = "", as_json: JsonOption = False) -> None:
    """Declare one of the memory's own predicates, or redeclare it (recorded)."""
    who = _decider(by)
    _change(ctx, as_json, lambda mem: mem.set_predicate(
        name, cardinality="many" if many else "one", synonyms=synonym or [], by=who))


@predicates_app.command("remove")
def predicates_remove(ctx: typer.Context, name: str, by: ByOption = "",
                      as_json: JsonOption = False) -> None:
    """Remove one of the memory's own predicates: the built-in reading applies again."""
    _remove(ctx, "predicate", name, by, as_json)


@predicates_app.command("load")
def predicates_load(ctx: typer.Context, path: Path, by: ByOption = "",
                    as_json: JsonOption = False) -> None:
    """Set each predicate table of a TOML file (the old predicates.toml), each a
    recorded change, each checked as 'kg predicates set' is."""
    who = _decider(by)
    try:
        specs = read_specs(path)
    except KGError as exc:
        fail(str(exc))
    changes = []
    with open_memory(ctx) as mem:
        for name, spec in specs.items():
            try:
                changes.append(mem.set_predicate(name, cardinality=spec.cardinality,
                                                 synonyms=spec.synonyms, by=who))
            except KGError as exc:
                fail(f"{path}: predicate {name!r}: {exc} ({len(changes)} set before it)")
    emit([c.model_dump(mode="json") for c in changes], as_json,
         "\n".join(_change_line(c) for c in changes) or f"{path} declares no predicate")


@predicates_app.command("history")
def predicates_history(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """Every change to the memory's predicates: when, by whom, before and after."""
    _history(ctx, "predicate", as_json)


@policies_app.command("list")
def policies_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """The memory's policies."""
    from review.policy import policies

    with open_memory(ctx) as mem:
        found = policies(mem)
    emit([p.model_dump() for p in found], as_json,
         "\n".join(f"{p.name}: {p.model_dump(exclude={'name'}, exclude_none=True)}"
                   for p in found) or "no policies: nothing is approved but by a person")


@policies_app.command("add")
def policies_add(ctx: typer.Context, name: str,
                 predicate: Annotated[list[str] | None, typer.Option(
                     help="Only claims of this predicate (repeat for more).")] = None,
                 speaker: Annotated[list[str] | None, typer.Option(
                     help="Only claims this speaker said (repeat for more).")] = None,
                 extractor: Annotated[list[str] | None, typer.Option(
                     help="Only claims of this extractor (repeat for more).")] = None,
                 origin: Annotated[list[str] | None, typer.Option(
                     help="Only claims that entered so: cli, api, import, mcp:<client>; "
                          "agents' and imported claims only if named.")] = None,
                 min_confidence: Annotated[float, typer.Option(
                     help="Only claims at least this confident.")] = 0.9,
                 by: ByOption = "", as_json: JsonOption = False) -> None:
    """Add (or replace) a policy; what it approves is recorded as policy:NAME."""
    from pydantic import ValidationError

    from review.policy import Policy, add_policy

    who = _decider(by)
    try:
        policy = Policy(name=name, predicates=predicate, speakers=speaker,
                        extractors=extractor, origins=origin, min_confidence=min_confidence)
    except ValidationError as exc:
        fail(f"policy {name!r}: {exc.errors()[0]['loc'][0]}: {exc.errors()[0]['msg']}")
    _change(ctx, as_json, lambda mem: add_policy(mem, policy, who))


@policies_app.command("remove")
def policies_remove(ctx: typer.Context, name: str, by: ByOption = "",
                    as_json: JsonOption = False) -> None:
    """Remove a policy (recorded)."""
    _remove(ctx, "policy", name, by, as_json)


@policies_app.command("load")
def policies_load(ctx: typer.Context, path: Path, by: ByOption = "",
                  as_json: JsonOption = False) -> None:
    """Add each policy table of a TOML file (the old policies.toml), each recorded."""
    from review.policy import add_policy, load_policies

    who = _decider(by)
    if not path.exists():
        fail(f"{path} does not exist")
    try:
        found = load_policies(path)
    except KGError as exc:
        fail(str(exc))
    with open_memory(ctx) as mem:
        changes = [add_policy(mem, p, who) for p in found]
    emit([c.model_dump(mode="json") for c in changes], as_json,
         "\n".join(_change_line(c) for c in changes) or f"{path} holds no policy")


@policies_app.command("history")
def policies_history(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """Every change to the memory's policies: when, by whom, before and after."""
    _history(ctx, "policy", as_json)


def _remove(ctx: typer.Context, kind: str, name: str, by: str, as_json: bool) -> None:
    who = _decider(by)
    _change(ctx, as_json, lambda mem: mem.remove_rule(kind, name, by=who))  # type: ignore[arg-type]


def _change(ctx: typer.Context, as_json: bool, act: Callable[[Memory], RuleChange]) -> None:
    """Make one rule change; a refusal is one clear line (exit 2)."""
    with open_memory(ctx) as mem:
        try:
            change = act(mem)
        except KGError as exc:
            fail(str(exc))
    emit(change.model_dump(mode="json"), as_json, _change_line(change))

"""How one pending claim is shown to a reviewer: plain functions returning rich Text."""

from __future__ import annotations

from rich.text import Text

from kg.models import Change, Claim, ClaimKind
from kg.normalise import visible

KEYS = [("a", "approve"), ("r", "reject"), ("e", "edit"), ("s", "skip"), ("d", "defer"),
        ("A", "approve all"), ("u", "undo"), ("q", "quit"), ("?", "help")]
HELP = """a  approve: the claim becomes a fact agents hear (and supersedes the old value)
r  reject: it is never proposed again (you may give a reason)
e  edit: rewrite subject, predicate, object or sentence; both versions are kept
s  skip: leave it pending; you are asked again next time
d  defer: hide it until a date or for N days (default 7)
A  approve every claim remaining in this view, after confirming how many
u  undo your last decision of this session (recorded, never deleted)
q  quit; ?  this help"""


def keys_line() -> Text:
    text = Text()
    for i, (key, label) in enumerate(KEYS):
        text.append(("  " if i else "") + key, style="bold cyan")
        text.append(f" {label}")
    return text


def on_screen(claim: Claim) -> Claim:
    """The claim with every text a person reads made visible: a stored escape sequence
    ("Mallory\x1b[2K") is shown, never run by the terminal."""
    p = claim.provenance
    return claim.model_copy(update={
        "subject_name": visible(claim.subject_name), "predicate": visible(claim.predicate),
        "object": visible(claim.object), "initial_text": visible(claim.initial_text),
        "final_text": visible(claim.final_text), "decided_by": visible(claim.decided_by),
        "provenance": p.model_copy(update={
            "source_text": visible(p.source_text), "speaker": visible(p.speaker),
            "conversation_id": visible(p.conversation_id),
            "message_id": visible(p.message_id), "extractor": visible(p.extractor),
            "pattern": visible(p.pattern), "origin": visible(p.origin),
            "reported_speaker": visible(p.reported_speaker)})})


def highlighted_source(claim: Claim) -> Text:
    """The source sentence with the claim's object highlighted where it occurs."""
    source = claim.provenance.source_text or claim.initial_text
    text = Text(source)
    needle = claim.object.lower()
    at = source.lower().find(needle) if needle else -1
    if at >= 0:
        text.stylize("bold yellow underline", at, at + len(needle))
    return text


def describe(claim: Claim, position: int, total: int, change: Change) -> Text:
    """Everything a reviewer needs to decide one claim."""
    claim = on_screen(claim)
    change = Change(retires=[on_screen(c) for c in change.retires],
                    joins=[on_screen(c) for c in change.joins],
                    ends=on_screen(change.ends) if change.ends else None,
                    overrides=[on_screen(c) for c in change.overrides])
    p = claim.provenance
    out = Text()
    out.append(f"[{position}/{total}] ", style="dim")
    if claim.kind == ClaimKind.retract:
        out.append("ENDS: ", style="bold red")
    out.append(claim.sentence() + "\n", style="bold")
    if claim.final_text and claim.initial_text and claim.final_text != claim.initial_text:
        out.append(f"  (extracted as: {claim.initial_text})\n", style="dim")
    out.append("  source: ")
    out.append_text(highlighted_source(claim))
    when = claim.valid_from.strftime("%Y-%m-%d %H:%M")
    out.append(f"\n  said by {p.speaker or '?'} in {p.conversation_id or '?'} "
               f"(message {p.message_id or '?'}); holds from {when}\n")
    # (the time it holds from: when said, or when the sentence says it happened)
    if p.reported_speaker or p.origin.startswith("mcp:"):
        said = f"; it says {p.reported_speaker} spoke" if p.reported_speaker else ""
        out.append(f"  proposed by an agent ({p.origin}){said}\n", style="yellow")
    out.append(f"  extractor {p.extractor} {p.extractor_version} · pattern {p.pattern or '-'}"
               f" · confidence {p.confidence:.2f}\n")
    for line in change_lines(change):
        out.append(f"  {line}\n", style="magenta")
    return out


def change_lines(change: Change) -> list[str]:
    """What approving would do to the current band, one line each: the values it
    retires, the values said with it that it joins, the value an ending closes."""
    lines = [f"replaces {c.predicate} = {c.object}, approved {_date(c)} by {c.decided_by}"
             for c in change.retires]
    lines += [f"joins {c.predicate} = {c.object} (said together)" for c in change.joins]
    lines += [f"overrides, in this scope, {c.predicate} = {c.object} of {c.scope.label()}, "
              f"approved {_date(c)} by {c.decided_by}" for c in change.overrides]
    if change.ends is not None:
        lines.append(f"would end {change.ends.predicate} = {change.ends.object}, approved "
                     f"{_date(change.ends)} by {change.ends.decided_by}")
    return lines


def _date(claim: Claim) -> str:
    return claim.decided_at.date().isoformat() if claim.decided_at else "?"

"""Belonging said in passing: "my hiking club", "my choir", "my book club is reading
Dune" -> the speaker is a member (``member_of``), whatever the sentence goes on to say.
Not a club one left or is leaving ("I quit my book club"), nor an old one ("my old club")."""

from __future__ import annotations

from extract.clauses import Clause
from extract.lexicon import lexicon
from extract.readers.words import SPEAKER, RawFact, child, make_fact
from kg.models import ObjectKind

# what one belongs to, said "my ...": a team may be one's side, a group or a class anyone's
GROUPS = frozenset({"club", "choir", "chorus", "orchestra", "society"})
NOT_NOW = frozenset({"old", "former", "previous", "last", "first", "favourite", "favorite",
                     "fave"})


def belonging(clause: Clause) -> list[RawFact]:
    """The groups the speaker calls theirs in a clause (see the module)."""
    lex = lexicon()
    if clause.root.lemma_.lower() in lex.leaving_verbs | lex.resigning | lex.ending_verbs:
        return []  # "I quit my book club": no longer
    facts = []
    for t in clause.tokens():
        owner = child(t, "poss") or (child(t.head, "poss") if t.dep_ == "compound" else None)
        # ("my hiking club friends": the club is mine too)
        if t.lemma_.lower() not in GROUPS or owner is None or owner.lower_ != "my" or any(
                c.dep_ == "amod" and c.lower_ in NOT_NOW for c in t.children):
            continue
        words = [c for c in t.lefts if c.dep_ == "compound"] + [t]
        facts.append(make_fact(clause, SPEAKER, "member_of", " ".join(w.lower_ for w in words),
                               ObjectKind.string, "membership:mine", 0.7))
    return facts

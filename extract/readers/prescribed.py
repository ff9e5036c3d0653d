"""What someone was put on or taken off: "the GP put me on naproxen", "she has me on
statins", "Dr Bhatt took me off the Amlodipine" -> the speaker takes it (or no longer).

Only "me" and "us" are read, whom the speaker means; "put him on antibiotics" needs to
know who "him" is and is left to the rest. A rota, a list, hold or a call is no
treatment ("they put me on nights", "put me on hold").
"""

from __future__ import annotations

from extract.clauses import Clause, negated
from extract.readers.words import LEX, SPEAKER, RawFact, child, facts_of, prep_of

PUTTING = {"put", "start", "have", "keep", "switch", "take"}
NO_TREATMENT = {"hold", "rota", "list", "phone", "call", "speaker", "team", "shift", "shifts",
                "nights", "days", "earlies", "lates", "track", "books", "board", "case",
                "payroll", "it", "that", "this", "there", "mute", "loudspeaker"}


def prescribed(clause: Clause) -> list[RawFact]:
    """"X put me on Y": the speaker takes Y; "X took me off Y": no longer."""
    root = clause.root
    lemma = root.lemma_.lower()
    me = child(root, "dobj")
    if lemma not in PUTTING or me is None or me.lower_ not in ("me", "us") or negated(root):
        return []
    off = lemma == "take"
    on = prep_of(root, "off" if off else "on")
    thing = child(on, "pobj") if on is not None else None
    if thing is None or thing.lower_ in NO_TREATMENT | LEX.weekdays | LEX.time_nouns \
            | LEX.months or thing.like_num:  # (a medicine's name may be tagged a date)
        return []
    named = next((c for c in [*thing.children, *root.children] if c.dep_ in (
        "appos", "npadvmod") and c.pos_ == "PROPN" and c.i > thing.i),
        thing)  # "a tablet, Amlodipine, 5 mg": the tablet's name
    return facts_of(clause, [SPEAKER], [("takes", named)], "prescribed", 0.75, False,
                    retract=off)

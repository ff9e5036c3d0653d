"""What someone goes without, said as a diet: "I'm gluten free", "she's dairy-free now"
-> does_not_eat gluten (does_not_drink alcohol), as "I can't eat gluten" says it.

The parser hangs "gluten free" every which way (a verb "gluten", an adjective "free"
with a noun before it), so the reader looks at the words: a form of "be" for the
clause's verb or auxiliary, then "<food> free" or "<food>-free" with nothing else of
the clause's after it. "Gluten-free brownies" (a thing) and "I'm free on Saturday" say
nothing of the kind.
"""

from __future__ import annotations

from extract.clauses import Clause, negated
from extract.readers.words import RawFact, make_fact, who_of
from kg.models import ObjectKind

# what a diet goes without, and what not having it is
GONE_WITHOUT = {"gluten": "does_not_eat", "dairy": "does_not_eat", "meat": "does_not_eat",
                "sugar": "does_not_eat", "wheat": "does_not_eat", "nut": "does_not_eat",
                "lactose": "does_not_eat", "egg": "does_not_eat", "alcohol": "does_not_drink",
                "caffeine": "does_not_drink", "booze": "does_not_drink"}


def free_of(clause: Clause) -> list[RawFact]:
    """"I'm gluten free" -> does_not_eat gluten; nothing when denied ("I'm not")."""
    words = [t for t in clause.tokens() if not t.is_punct or t.text == "-"]
    be = any(t.lemma_ == "be" for t in words)
    free = next((t for t in words if t.lower_ == "free"), None)
    if not be or free is None or free.i < 1 or negated(clause.root):
        return []
    food = clause.doc[free.i - 2] if clause.doc[free.i - 1].text == "-" else clause.doc[free.i - 1]
    predicate = GONE_WITHOUT.get(food.lower_)
    if predicate is None or any(t.pos_ in ("NOUN", "PROPN") and t.i > free.i and t.dep_ != "pobj"
                                for t in words):
        return []  # ("gluten-free brownies": a kind of thing)
    return [make_fact(clause, w, predicate, food.lower_, ObjectKind.string, "diet", 0.75)
            for w in who_of(clause)]

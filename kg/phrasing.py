"""A predicate said as words, for the lines an agent reads and a reviewer sees:
``did_go_to`` is "went to", ``doing_train_for`` "is training for", ``brand_color``
"brand color". Verbs are inflected by lemminflect (its tables ship in the wheel), loaded
the first time an episode is phrased."""

from __future__ import annotations

import functools

TENSES = {"did": ("VBD", ""), "doing": ("VBG", "is ")}


@functools.lru_cache(maxsize=4096)
def spoken(predicate: str) -> str:
    """``did_<verb>[_rest]`` in the past tense, ``doing_<verb>[_rest]`` as under way, any
    other predicate with spaces for underscores.

    >>> spoken("did_go_to"), spoken("doing_train_for"), spoken("brand_color")
    ('went to', 'is training for', 'brand color')
    """
    head, _, rest = predicate.partition("_")
    if head in TENSES and rest:
        from lemminflect import getInflection

        verb, _, tail = rest.partition("_")
        tag, before = TENSES[head]
        forms = getInflection(verb, tag=tag)
        if forms:
            return before + " ".join([forms[0], *tail.split("_")]).strip()
    return predicate.replace("_", " ")

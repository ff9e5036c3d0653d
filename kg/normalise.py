"""Normalisation of claim parts, and the claim key built from them.

The key is what de-duplication and rejection tombstones are keyed on, so two
spellings of the same fact must give the same key:

>>> normalise_text("  Brand\u200b  Colour!! ")
'brand colour'
>>> normalise_predicate("Brand Colour")
'brand_colour'

Steps, in order: Unicode NFKC; zero-width and control characters removed;
case folded; runs of whitespace collapsed to one space; punctuation stripped
at both edges (inside a value it is kept: ``#1f4e79``, ``$1,200``, ``a.b@c.io``).
A leading ``#`` of a hex colour is kept because it is part of the value.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)
_SPACE = re.compile(r"\s+")
_EDGE_PUNCT = "\"'`.,;:!?()[]{}<>«»“”‘’-–—_*~|/\\"


def normalise_text(value: str) -> str:
    """Return the comparable form of a subject or object value."""
    text = unicodedata.normalize("NFKC", value).translate(_ZERO_WIDTH)
    text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    text = _SPACE.sub(" ", text.casefold()).strip()
    return text.strip(_EDGE_PUNCT + " ")


def normalise_predicate(value: str) -> str:
    """Return a predicate in ``snake_case`` (synonyms are the registry's job)."""
    text = normalise_text(value)
    text = re.sub(r"[^\w]+", "_", text)
    return text.strip("_")


def entity_id(name: str) -> str:
    """The id of the entity a name refers to, before any alias resolution.

    >>> entity_id("  Acme  Corp. ")
    'acme corp'
    """
    return normalise_text(name)


def digest(*parts: str) -> str:
    """A stable hash of its parts, used for keys and slots."""
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        h.update(part.encode("utf-8"))
        h.update(b"\x1f")
    return h.hexdigest()

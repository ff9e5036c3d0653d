"""Normalisation of claim parts, and the claim key built from them.

The key is what de-duplication and rejection tombstones are keyed on, so two
spellings of the same fact must give the same key:

>>> normalise_text("  Brand\u200b  Colour!! ")
'brand colour'
>>> normalise_predicate("Brand Colour")
'brand_colour'

Steps, in order: Unicode NFKC; zero-width, variation-selector and control characters
removed, blank fillers (U+2800, U+3164) read as spaces; case folded; runs of whitespace
collapsed to one space; punctuation stripped at both edges, of any script (inside a
value it is kept: ``#1f4e79``, ``$1,200``, ``a.b@c.io``). A leading ``#`` of a hex
colour, a ``%`` or an ``@`` is kept because it is part of the value.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad\u034f\u180e" + "".join(
    map(chr, range(0xFE00, 0xFE10)))  # zero-width, soft hyphen, variation selectors
_ZERO_WIDTH = dict.fromkeys(map(ord, _INVISIBLE), None)
# characters that draw nothing but are letters or symbols to Unicode: read as spaces
_BLANKS = dict.fromkeys(map(ord, "\u2800\u3164\u115f\u1160\uffa0\u17b4\u17b5"), " ")
_SPACE = re.compile(r"\s+")
_EDGE_PUNCT = "\"'`.,;:!?()[]{}<>«»“”‘’-–—_*~|/\\。、¡¿‽⁇⁈⁉…·•"
# kept at an edge though punctuation: part of a value ("#1f4e79", "50%", "@dana")
_KEPT_AT_EDGE = "#%@&$"


def _edge(ch: str) -> bool:
    """Punctuation that may wrap a value without being part of it: any opening, closing,
    quoting or dash mark, and the usual sentence marks (not ``#``, ``%``, ``@``)."""
    return ch not in _KEPT_AT_EDGE and (
        ch in _EDGE_PUNCT or ch.isspace()
        or unicodedata.category(ch) in ("Ps", "Pe", "Pi", "Pf", "Pd", "Pc"))


def normalise_text(value: str) -> str:
    """Return the comparable form of a subject or object value.

    >>> normalise_text("„Slack“\ufe0f\u2800‽") == normalise_text("¡Slack!")
    True
    """
    text = unicodedata.normalize("NFKC", value).translate(_ZERO_WIDTH).translate(_BLANKS)
    text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    text = _SPACE.sub(" ", text.casefold()).strip()
    start, end = 0, len(text)
    while start < end and _edge(text[start]):
        start += 1
    while end > start and _edge(text[end - 1]):
        end -= 1
    return text[start:end]


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


def visible(text: str) -> str:
    r"""Text for a person's screen: control and format characters (terminal escapes,
    bidi overrides, zero-width ones) shown as ``<U+001B>`` instead of acting on the
    terminal; line breaks and tabs kept.

    >>> visible("Mallory\x1b[2K\u202eevil\nnext")
    'Mallory<U+001B>[2K<U+202E>evil\nnext'
    """
    return "".join(ch if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cf")
                   else f"<U+{ord(ch):04X}>" for ch in text)

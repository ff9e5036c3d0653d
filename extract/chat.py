"""Real-chat spelling folded before parsing, with a map back to the text as written.

spaCy's small English model reads "im from ohio lol" as a verb "m"; folded to
"I'm from ohio" it reads a copula and a place. Folding: the lexicon's ``[chat]`` words
("im" -> "I'm", "dont" -> "don't", "u" -> "you"), chat filler ("lol", "haha") and emoji
dropped, a lower-case message start capitalised. Provenance keeps the words as written:
``Folded.original`` maps a span of the folded text back to the turn's own offsets.

>>> f = fold("im from ohio lol 😂 and i dont like seafood")
>>> f.text
"I'm from ohio and I don't like seafood"
>>> f.original(0, 13)
(0, 12)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from extract.lexicon import lexicon

_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_FILLER_RUN = re.compile(r"(?i)\b(?:ha){2,}h?\b|\b(?:he){2,}\b|\blo+l+\b")


def _names_here(said: list[str], kin: frozenset[str]) -> bool:
    """Whether the next word stands where a name goes: "my sister _", "called _"."""
    if said and said[-1] in NAMING:
        return True
    return len(said) >= 2 and said[-1] in kin and (said[-2] in OWNERS or said[-2].endswith(
        "'s"))


def _is_emoji(ch: str) -> bool:
    return unicodedata.category(ch) in ("So", "Sk", "Cs", "Co") or ch in "\u200d\ufe0f\u20e3"


@dataclass(frozen=True)
class Folded:
    text: str
    # for each character of ``text``, the offset in the original it came from
    offsets: tuple[int, ...]
    length: int  # of the original

    def original(self, start: int, end: int) -> tuple[int, int]:
        """The original offsets of the folded span ``[start, end)``."""
        if start >= end or not self.offsets:
            at = self.offsets[start] if start < len(self.offsets) else self.length
            return at, at
        return self.offsets[start], self.offsets[end - 1] + 1


NAMING = {"called", "named", "name's", "names"}
JOINERS = {"and", "but", "or", "so", "then", "because", "cause", "cuz", "bc", "tho", "though"}
OWNERS = {"my", "our", "his", "her", "their", "your"}


def fold(text: str, is_word: Callable[[str], bool] | None = None) -> Folded:
    """Fold a message's chat spelling; text that needs none comes back as it was.

    >>> fold("my sister rosie lives there", is_word=lambda w: w != "rosie").text
    'My sister Rosie lives there'
    """
    lex = lexicon()
    said: list[str] = []  # the words so far, lower case, to see where a name stands
    pairs: list[tuple[str, int]] = []  # (character of the folded text, original offset)
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        match = _WORD.match(text, i) if ch.isalpha() and (
            i == 0 or not text[i - 1].isalnum()) else None
        if match is None:
            if _is_emoji(ch):
                # an emoji between two thoughts ends the first: "omg waffles 😍 i love corgis"
                rest = text[i + 1:].lstrip()
                while pairs and pairs[-1][0].isspace():
                    pairs.pop()
                joined = rest.split(" ", 1)[0].lower() in JOINERS  # "... 😂 and i ..."
                if rest[:1].isalnum() and pairs and pairs[-1][0].isalnum() and not joined:
                    pairs.append((".", i))
                pairs.append((" ", i))
            else:
                pairs.append((ch, i))
            i += 1
            continue
        word, end = match.group(), match.end()
        low = word.lower()
        if end < n and (text[end].isalnum() or text[end] in "_@"):
            replacement = word  # part of a longer token: "i18n", "im@x.io"
        elif low in lex.fillers or _FILLER_RUN.fullmatch(word):
            replacement = ""
        elif low == "names" and said and said[-1] in OWNERS:
            replacement = "name's"  # "her names pepper": her name is Pepper
        elif low.startswith("i'") and word[0] == "i":
            replacement = "I" + word[1:]  # "i'll", "i'm"
        elif low in lex.chat and (low == word or low in ("i", "im", "ive")):
            replacement = lex.chat[low]  # "U" and "R" upper case are letters
        else:
            replacement = word
        if replacement == word and word.islower() and is_word is not None and _names_here(
                said, lex.kin) and not is_word(word) and low not in lex.pronouns:
            replacement = word.capitalize()  # "my sister rosie" -> "my sister Rosie"
        if replacement:
            said.append(replacement.lower())
        if len(replacement) == len(word):
            pairs += [(c, i + k) for k, c in enumerate(replacement)]
        else:
            pairs += [(c, min(i + k, end - 1)) for k, c in enumerate(replacement)]
        i = end
    kept: list[tuple[str, int]] = []
    for ch, at in pairs:  # collapse the spaces left where filler or emoji stood
        if ch.isspace() and (not kept or kept[-1][0].isspace()):
            continue
        if ch in ",.!?" and kept and kept[-1][0] == " " and len(kept) > 1 and \
                kept[-2][0] in ",.!?":
            kept.pop()  # "lol, ok" folded to " , ok": no stray space before punctuation
        kept.append((ch, at))
    while kept and kept[-1][0].isspace():
        kept.pop()
    while kept and kept[0][0] in " ,.!?":
        kept.pop(0)
    for k, (ch, at) in enumerate(kept):  # a sentence starts with a capital: "lol. shes"
        if ch.islower() and (k == 0 or k > 1 and kept[k - 1][0] == " "
                             and kept[k - 2][0] in ".!?"):
            kept[k] = (ch.upper(), at)
    # ". ." where an emoji ended a sentence that had its own full stop
    clean = [(c, a) for k, (c, a) in enumerate(kept)
             if not (c == "." and k > 1 and kept[k - 1][0] == " " and kept[k - 2][0] in ".!?")]
    folded = "".join(c for c, _ in clean)
    return Folded(folded, tuple(at for _, at in clean), n)

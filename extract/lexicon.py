"""The extractor's English lexicon, loaded once from ``extract/data/lexicon.toml``.

>>> lex = lexicon()
>>> lex.verbs["live"], "cat" in lex.pets, lex.negatives["like"]
(('lives_in', ('in', 'at')), True, 'dislikes')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

LEXICON_PATH = Path(__file__).resolve().parent / "data" / "lexicon.toml"


@dataclass(frozen=True)
class Lexicon:
    version: str
    verbs: dict[str, tuple[str, tuple[str, ...]]]
    negatives: dict[str, str]
    chat: dict[str, str]
    days: dict[str, str]
    lists: dict[str, frozenset[str]]

    def __getattr__(self, name: str) -> frozenset[str]:
        try:
            return self.__dict__["lists"][name]
        except KeyError:
            raise AttributeError(f"the lexicon has no list {name!r}") from None


@lru_cache(maxsize=2)
def lexicon(path: Path = LEXICON_PATH) -> Lexicon:
    """The lexicon at ``path``; a malformed file is a ValueError naming it."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        verbs = {lemma: (predicate, tuple(preps))
                 for lemma, (predicate, preps) in data["verbs"].items()}
        return Lexicon(version=str(data["version"]), verbs=verbs,
                       negatives=dict(data["negatives"]), chat=dict(data["chat"]),
                       days=dict(data["days"]),
                       lists={k: frozenset(v) for k, v in data["lists"].items()})
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"extractor lexicon {path} is not valid: {exc}") from exc

"""The predicate registry: canonical names, synonyms and cardinality.

A predicate of cardinality ``one`` (the default) holds one current value per
subject: approving a new value supersedes the old one. A ``many`` predicate
(``likes``, ``knows``) keeps every approved value.

The built-in names are data, ``kg/data/predicates.toml``; a memory adds its own in its
database (``kg predicates set``, kg.rules), or loads a TOML file of the same shape
(``kg predicates load FILE``)::

    [predicates.plays]
    cardinality = "many"
    synonyms = ["plays_instrument"]

>>> r = PredicateRegistry.builtin()
>>> r.canonical("Brand Colour"), r.cardinality("brand_colour")
('brand_color', 'one')
>>> r.canonical("works for"), r.cardinality("likes")
('works_at', 'many')
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from kg.errors import InvalidClaim
from kg.normalise import normalise_predicate
from kg.words import WORD_VARIANTS  # spelling variants, folded word by word

Cardinality = Literal["one", "many"]
# Predicates of episodes (extract.readers.episodes): things done, under way, planned.
EVENT_PREFIXES = ("did_", "doing_", "plans_")
DONE_PREFIX = EVENT_PREFIXES[0]  # a thing that happened once: "did_adopt"


def is_event(predicate: str) -> bool:
    """Whether a predicate names an episode, which is many-valued and dated.

    >>> is_event("did_go_to"), is_event("plans_to"), is_event("lives_in")
    (True, True, False)
    """
    return predicate.startswith(EVENT_PREFIXES)



BUILTIN_PATH = Path(__file__).resolve().parent / "data" / "predicates.toml"


class PredicateSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cardinality: Cardinality = "one"
    synonyms: list[str] = []


class PredicateRegistry:
    """Maps predicate spellings to canonical names and knows their cardinality."""

    def __init__(self, specs: Mapping[str, PredicateSpec]) -> None:
        self._cardinality: dict[str, Cardinality] = {}
        self._synonyms: dict[str, str] = {}
        self._memo: dict[str, str] = {}  # spelling -> canonical; reads ask per claim
        for name, spec in specs.items():
            canonical = self.fold(name)
            self._cardinality[canonical] = spec.cardinality
            for synonym in spec.synonyms:
                self._synonyms[self.fold(synonym)] = canonical

    @staticmethod
    def fold(value: str) -> str:
        """A predicate spelling as the registry compares it (before synonyms)."""
        words = normalise_predicate(value).split("_")
        return "_".join(WORD_VARIANTS.get(w, w) for w in words)

    @classmethod
    def builtin(cls) -> PredicateRegistry:
        """The registry shipped with the package (``kg/data/predicates.toml``)."""
        return cls(read_specs(BUILTIN_PATH))

    @classmethod
    def load(cls, path: Path | None = None) -> PredicateRegistry:
        """The built-in registry extended by a TOML file, when it exists."""
        specs = cls.builtin().specs()
        if path is not None and path.exists():
            for name, spec in read_specs(path).items():
                specs[cls.fold(name)] = spec
        return cls(specs)

    def specs(self) -> dict[str, PredicateSpec]:
        out = {name: PredicateSpec(cardinality=card) for name, card in self._cardinality.items()}
        for synonym, canonical in self._synonyms.items():
            out.setdefault(canonical, PredicateSpec()).synonyms.append(synonym)
        return out

    def canonical(self, predicate: str) -> str:
        """The registry's name for a predicate spelling."""
        known = self._memo.get(predicate)
        if known is not None:
            return known
        folded = self.fold(predicate)
        if not folded:
            raise InvalidClaim(f"predicate {predicate!r} is empty once normalised")
        if len(self._memo) < 100_000:
            self._memo[predicate] = self._synonyms.get(folded, folded)
        return self._synonyms.get(folded, folded)

    def cardinality(self, predicate: str) -> Cardinality:
        """``one`` unless declared ``many``; episodes (``did_...``, ``doing_...``,
        ``plans_...``, the extractor's activity pattern) are ``many``: a second outing
        does not undo the first."""
        canonical = self.canonical(predicate)
        if is_event(canonical):
            return "many"
        return self._cardinality.get(canonical, "one")


def read_specs(path: Path) -> dict[str, PredicateSpec]:
    """The ``[predicates.<name>]`` tables of a TOML file; a malformed one is InvalidClaim
    naming the file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return {name: PredicateSpec.model_validate(body)
                for name, body in data.get("predicates", {}).items()}
    except (OSError, tomllib.TOMLDecodeError, ValueError) as exc:
        raise InvalidClaim(f"predicate registry {path} is not valid: {exc}") from exc

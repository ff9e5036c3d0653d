"""The predicate registry: canonical names, synonyms and cardinality.

A predicate of cardinality ``one`` (the default) holds one current value per
subject: approving a new value supersedes the old one. A ``many`` predicate
(``likes``, ``knows``) keeps every approved value.

Users extend it with a TOML file, ``predicates.toml`` in the database directory
or any path passed in::

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

Cardinality = Literal["one", "many"]
# Predicates of episodes (extract.patterns.activity): things done, under way, planned.
EVENT_PREFIXES = ("did_", "doing_", "plans_")


def is_event(predicate: str) -> bool:
    """Whether a predicate names an episode, which is many-valued and dated.

    >>> is_event("did_go_to"), is_event("plans_to"), is_event("lives_in")
    (True, True, False)
    """
    return predicate.startswith(EVENT_PREFIXES)


# Spelling variants folded word by word before synonyms are looked up.
WORD_VARIANTS = {"colour": "color", "favourite": "favorite", "organisation": "organization",
                 "centre": "center", "licence": "license"}

BUILTIN_MANY = (
    "alias", "likes", "dislikes", "knows", "has_child", "has_pet", "has_sibling", "friend_of",
    "uses", "speaks", "owns", "member_of", "interested_in", "hobby", "visited", "has_skill",
    "allergic_to", "plays", "same_as", "prefers", "afraid_of", "scared_of", "terrified_of",
    "passionate_about", "fond_of", "fluent_in", "good_at", "skilled_at", "skilled_in",
    "experienced_in", "obsessed_with", "addicted_to", "intolerant_to", "intolerant_of",
    "keen_on",
)

BUILTIN_SYNONYMS = {
    "works_at": ("works_for", "employed_at", "employed_by", "job_at", "employer"),
    "lives_in": ("resides_in", "home", "home_city", "lives_at", "based_in", "located_in"),
    "name": ("is_called", "called", "named", "preferred_name"),
    "likes": ("loves", "enjoys", "is_into", "likes_to"),
    "uses": ("use", "uses_for", "relies_on"),
    "brand_color": ("brand_colors", "color_of_brand"),
    "has_child": ("child", "kid", "has_kid", "has_son", "has_daughter"),
    "has_pet": ("pet",),
    "alias": ("aka", "also_known_as", "nickname"),
    "role": ("job_title", "title", "position", "job"),
}


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
            canonical = self._fold(name)
            self._cardinality[canonical] = spec.cardinality
            for synonym in spec.synonyms:
                self._synonyms[self._fold(synonym)] = canonical

    @staticmethod
    def _fold(value: str) -> str:
        words = normalise_predicate(value).split("_")
        return "_".join(WORD_VARIANTS.get(w, w) for w in words)

    @classmethod
    def builtin(cls) -> PredicateRegistry:
        specs: dict[str, PredicateSpec] = {name: PredicateSpec(cardinality="many")
                                           for name in BUILTIN_MANY}
        for name, synonyms in BUILTIN_SYNONYMS.items():
            spec = specs.setdefault(name, PredicateSpec())
            spec.synonyms = list(synonyms)
        return cls(specs)

    @classmethod
    def load(cls, path: Path | None = None) -> PredicateRegistry:
        """The built-in registry extended by a TOML file, when it exists."""
        specs = cls.builtin().specs()
        if path is not None and path.exists():
            try:
                data = tomllib.loads(path.read_text(encoding="utf-8"))
                extra = {name: PredicateSpec.model_validate(body)
                         for name, body in data.get("predicates", {}).items()}
            except (tomllib.TOMLDecodeError, ValueError) as exc:
                raise InvalidClaim(f"predicate registry {path} is not valid: {exc}") from exc
            for name, spec in extra.items():
                specs[cls._fold(name)] = spec
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
        folded = self._fold(predicate)
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

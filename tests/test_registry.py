from pathlib import Path

import pytest

from kg.errors import InvalidClaim
from kg.registry import PredicateRegistry


def test_default_cardinality_is_one_and_builtin_many_predicates_exist():
    r = PredicateRegistry.builtin()
    assert r.cardinality("brand_color") == "one"
    assert r.cardinality("likes") == r.cardinality("has_child") == r.cardinality("knows") == "many"
    assert r.cardinality("loves") == "many"  # a synonym of likes


def test_a_toml_file_extends_the_registry(tmp_path: Path):
    path = tmp_path / "predicates.toml"
    path.write_text('[predicates.plays]\ncardinality = "many"\nsynonyms = ["plays instrument"]\n')
    r = PredicateRegistry.load(path)
    assert r.cardinality("plays") == "many"
    assert r.canonical("plays instrument") == "plays"
    assert r.cardinality("brand color") == "one"


def test_a_broken_registry_file_is_a_clear_error(tmp_path: Path):
    path = tmp_path / "predicates.toml"
    path.write_text('[predicates.plays]\ncardinality = "several"\n')
    with pytest.raises(InvalidClaim, match="predicates.toml"):
        PredicateRegistry.load(path)

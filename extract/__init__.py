"""Extraction: conversation turns become proposed claims, offline, with spaCy."""

from extract.pipeline import ExtractionResult, Extractor, SpacyExtractor
from extract.turns import Turn

__all__ = ["ExtractionResult", "Extractor", "SpacyExtractor", "Turn"]

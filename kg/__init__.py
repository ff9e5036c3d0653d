"""kg: a knowledge-graph memory whose every fact was approved, is current and is traceable."""

from kg.errors import (
    ClaimNotFound,
    DatabaseBusy,
    InvalidClaim,
    InvalidDecision,
    KGError,
    ModelNotInstalled,
    NotAKGDatabase,
    SchemaVersionError,
)
from kg.memory import Memory
from kg.models import (
    Claim,
    ClaimDraft,
    ClaimKind,
    Entity,
    Event,
    Lifecycle,
    ObjectKind,
    Outcome,
    Provenance,
    Scope,
    Status,
)

__all__ = [
    "Claim", "ClaimDraft", "ClaimKind", "ClaimNotFound", "DatabaseBusy", "Entity", "Event",
    "InvalidClaim", "InvalidDecision", "KGError", "Lifecycle", "Memory", "ModelNotInstalled",
    "NotAKGDatabase", "ObjectKind", "Outcome", "Provenance", "SchemaVersionError", "Scope",
    "Status",
]
__version__ = "0.1.0"

"""Typed errors. Each says what was wrong and, where it helps, how to fix it."""


class KGError(Exception):
    """Base class for every error kg raises on purpose."""


class NotAKGDatabase(KGError):
    """The path exists but is not a kg database directory."""


class SchemaVersionError(KGError):
    """The database was written by a schema version this code cannot open."""


class ClaimNotFound(KGError):
    """No claim with that id is visible in this scope."""


class InvalidDecision(KGError):
    """A review decision that cannot be applied (already decided, no actor, bad status...)."""


class InvalidClaim(KGError):
    """A proposed claim is malformed (empty subject, unknown field, too long...)."""



class DatabaseBusy(KGError):
    """Another process holds the database and did not let go within the wait."""


class ModelNotInstalled(KGError):
    """The spaCy English pipeline is not installed."""

"""A Python client for the card-game referee: every endpoint of every game, from the referee's OpenAPI document.

``RefereeClient(url).invoke(operation_id, body)`` reaches any operation; ``RefereeClient(url).game(slug)`` a game's,
by name. A refusal raises :class:`RefereeError` (the RFC 9457 problem document); no answer :class:`RefereeUnavailable`.
"""

from .client import DEFAULT_TIMEOUT, DEFAULT_URL, RETRIED_STATUSES, SAFE_RETRIES, XLSX, GameClient, RefereeClient, UnknownOperation
from .operations import Operation, document, games, operations, version
from .problems import RefereeError, RefereeUnavailable

__version__ = "0.5.2"  # = pyproject.toml's and the document's info.version (tests/client_package checks)

__all__ = [
    "DEFAULT_TIMEOUT",
    "DEFAULT_URL",
    "RETRIED_STATUSES",
    "SAFE_RETRIES",
    "XLSX",
    "GameClient",
    "Operation",
    "RefereeClient",
    "RefereeError",
    "RefereeUnavailable",
    "UnknownOperation",
    "__version__",
    "document",
    "games",
    "operations",
    "version",
]

"""24 Kings referee service: the rules engine (``service.games.kings``) and its HTTP adapter (``service.http``).

``create_app`` imports Flask only when called, so the engine stays importable
(and testable) without the web stack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

__version__ = "0.5.1"  # the package's version (pyproject.toml) and the OpenAPI document's (info.version): one number


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """The Flask application (the Flask tutorial's factory)."""
    from .http.app import build_app

    return build_app(test_config)

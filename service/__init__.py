"""24 Kings referee service: the rules engine (``service.games.kings``) and its HTTP adapter (``service.http``).

``create_app`` imports Flask only when called, so the engine stays importable
(and testable) without the web stack.
"""

from __future__ import annotations

import gc
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

__version__ = "0.5.2"  # the package's version (pyproject.toml) and the OpenAPI document's (info.version): one number


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """The Flask application (the Flask tutorial's factory).

    The cyclic garbage collector is paused while the app is built: the build makes only what lives as long as the
    app (the service's modules, classes, schemas and routes), so the collector's passes over them during the build
    (some 70, ≈ 10% of its CPU: BENCHMARKS.md, issue 25) find nothing to free. It runs again as before once the
    app is built; a cycle the build left behind is collected at its next pass.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        from .http.app import build_app

        return build_app(test_config)
    finally:
        if collecting:
            gc.enable()

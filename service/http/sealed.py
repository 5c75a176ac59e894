"""Sealed deals over HTTP: the app's :class:`~service.core.sealing.Sealer`, and a refused token as a problem document.

``init_sealing(app)`` reads the keys (``SEAL_KEYS`` in the app's config, else
``KINGS_SEAL_KEYS`` in the environment) and the mode (``KINGS_ENV``, config or
environment); in production without keys it raises, so the app does not start.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from flask import Flask, Response, current_app

from service.core.sealing import ENV_VARIABLE, KEYS_VARIABLE, Sealed, SealedTokenError, Sealer, StateSplit, open_state, seal_state, sealer_from

from .problems import problem_response

SEALER = "sealer"  # app.extensions key
log = logging.getLogger(__name__)


def init_sealing(app: Flask) -> None:
    config = app.config
    keys = config.get("SEAL_KEYS") or os.environ.get(KEYS_VARIABLE)
    sealer = sealer_from(keys, config.get(ENV_VARIABLE) or os.environ.get(ENV_VARIABLE))
    if sealer.development and not app.testing:
        log.warning("%s is not set: sealed deals use a development key that dies with this process", KEYS_VARIABLE)
    app.extensions[SEALER] = sealer
    app.register_error_handler(SealedTokenError, from_sealed_token_error)


def from_sealed_token_error(error: SealedTokenError) -> Response:
    return problem_response(422, str(error), [p.to_dict() for p in error.problems], slug="sealed-token", title="Sealed token refused")


def app_sealer() -> Sealer:
    sealer: Sealer = current_app.extensions[SEALER]
    return sealer


def seal_answer(split: StateSplit[Any], game: str, state: Any) -> dict[str, Any]:
    """``state`` and ``sealed`` of an answer: the public part's plain data and the token of the rest."""
    sealed: Sealed[Any] = seal_state(split, app_sealer(), game, state)
    return {"state": dict(split.plain(sealed.public)), "sealed": sealed.token}


def open_sealed(split: StateSplit[Any], game: str, public: Any, token: str) -> Any:
    return open_state(split, app_sealer(), game, public, token)

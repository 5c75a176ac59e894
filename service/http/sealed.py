"""Sealed deals over HTTP: the app's :class:`~service.core.sealing.Sealer`, seat keys, fresh tokens, refusals as problems.

``init_sealing(app)`` reads the keys (``SEAL_KEYS`` in the app's config, else
``KINGS_SEAL_KEYS`` in the environment), the tokens' lifetime (``SEAL_TTL``,
else ``KINGS_SEAL_TTL``), the clock (``SEAL_CLOCK``, for tests) and the mode
(``KINGS_ENV``, config or environment); in production without keys it raises,
so the app does not start.

Within one request, the token opened (:func:`open_sealed`) is remembered, so a
token sealed afterwards (:func:`seal_answer`) carries the same match one move
on, and every successful answer to a valid token carries the token to send next
in the ``Sealed-Token`` header, and its move number in ``Sealed-Move``.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import orjson
from flask import Flask, Response, after_this_request, current_app, g

from service.core.problems import InvalidInput, Problem
from service.core.sealing import (
    ENV_VARIABLE,
    KEYS_VARIABLE,
    TTL_VARIABLE,
    Opened,
    Seal,
    Sealed,
    SealedTokenError,
    Sealer,
    SeatKeyError,
    StateSplit,
    check_seat_key,
    open_table,
    reissue,
    seal_state,
    sealer_from,
    token_size,
)

from .problems import problem_response

SEALER = "sealer"  # app.extensions key
TOKEN_HEADER = "Sealed-Token"
MOVE_HEADER = "Sealed-Move"
log = logging.getLogger(__name__)


def init_sealing(app: Flask) -> None:
    config = app.config
    keys = config.get("SEAL_KEYS") or os.environ.get(KEYS_VARIABLE)
    ttl = config.get("SEAL_TTL") or os.environ.get(TTL_VARIABLE)
    environment = config.get(ENV_VARIABLE) or os.environ.get(ENV_VARIABLE)
    sealer = sealer_from(keys, environment, None if ttl is None else str(ttl), config.get("SEAL_CLOCK", time.time))
    if sealer.development and not app.testing:
        log.warning("%s is not set: sealed deals use a development key that dies with this process", KEYS_VARIABLE)
    app.extensions[SEALER] = sealer
    app.register_error_handler(SealedTokenError, from_sealed_token_error)
    app.register_error_handler(SeatKeyError, from_seat_key_error)


def from_sealed_token_error(error: SealedTokenError) -> Response:
    return problem_response(422, str(error), [p.to_dict() for p in error.problems], slug="sealed-token", title="Sealed token refused")


def from_seat_key_error(error: SeatKeyError) -> Response:
    return problem_response(403, str(error), [p.to_dict() for p in error.problems], slug="seat-key", title="Not this seat's answer")


SEAT_KEY_EXAMPLE_PATH = "/v1/24-kings/view"


def seat_key_example(app: Flask) -> dict[str, Any]:
    """The 403 a request for ann's view of a sealed 24 Kings deal gets without her seat key, as the handler words it
    (tests/http/test_openapi_conventions.py asks for it through a real sealed deal)."""
    with app.test_request_context(SEAT_KEY_EXAMPLE_PATH, method="POST"):
        try:
            check_seat_key(app_sealer(), "24-kings", Seal(match="example", move=0), ("ann", "bob", "cy"), "ann", None)
        except SeatKeyError as error:
            answer: dict[str, Any] = orjson.loads(from_seat_key_error(error).get_data())
            return answer
    raise AssertionError("a seat's answer without its key was not refused")


def app_sealer() -> Sealer:
    sealer: Sealer = current_app.extensions[SEALER]
    return sealer


class _Request:
    """What this request opened and sealed, for the next token of its answer (kept in ``flask.g``)."""

    def __init__(self, opened: Opened[Any] | None = None, size: int = 0) -> None:
        self.opened, self.size = opened, size
        self.issued: tuple[str, Seal] | None = None


def _this_request() -> _Request:
    found: _Request | None = g.get("sealing")
    return _keep(_Request()) if found is None else found


def _keep(sealing: _Request) -> _Request:
    """``sealing`` as this request's (in ``flask.g``); the first one kept asks for :func:`carry_the_next_token` on
    this request's answer (``after_this_request``): only a request that opens or seals a token pays for it, not
    every request as an app-wide hook did (issue 25, BENCHMARKS.md)."""
    if "sealing" not in g:
        after_this_request(carry_the_next_token)
    g.sealing = sealing
    return sealing


def _seal(split: StateSplit[Any], game: str, state: Any) -> Sealed[Any]:
    """The state sealed in the match of the token this request opened, one move on; else in a new match."""
    if not split.sealable(state):
        raise InvalidInput([Problem("/sealed", "sealed_physical_table", PHYSICAL_TABLE)])
    request = _this_request()
    seal = request.opened.seal.next() if request.opened is not None else None
    sealed = seal_state(split, app_sealer(), game, state, seal)
    request.issued = (sealed.token, sealed.seal)
    return sealed


def _answer(split: StateSplit[Any], sealed: Sealed[Any]) -> dict[str, Any]:
    return {"state": dict(split.plain(sealed.public)), "sealed": sealed.token, "sealed_move": sealed.seal.move}


def seal_answer(split: StateSplit[Any], game: str, state: Any) -> dict[str, Any]:
    """``state``, ``sealed`` and ``sealed_move`` of an answer: the public part, the token of the rest, its move number."""
    return _answer(split, _seal(split, game, state))


def seal_deal(split: StateSplit[Any], game: str, state: Any) -> dict[str, Any]:
    """A new match's first deal, sealed: :func:`seal_answer` and ``seat_keys``, each seat's key, answered this once."""
    sealed, sealer = _seal(split, game, state), app_sealer()
    keys = {seat: sealer.seat_key(game, sealed.seal.match, seat) for seat in split.seats(state)}
    return _answer(split, sealed) | {"seat_keys": keys}


CHOSEN_SEED = (
    "a sealed deal is shuffled by the server: a seed chosen by a client would tell it every hidden card; "
    "leave seed out, or ask for a plain deal (sealed false) to reproduce one"
)
PHYSICAL_TABLE = "a game dealt at a real table is never sealed: the referee does not see its cards, so it has none to hide"
MATCH_TOKEN_REQUIRED = "a sealed follow-on deal carries its match on: send the finished game's sealed token as match_token"


def refuse_a_chosen_seed(body: Mapping[str, Any]) -> None:
    """No chosen future: with sealed, the seed is the server's (secrets), never the client's (422 at /seed)."""
    if body.get("seed") is not None:
        raise InvalidInput([Problem("/seed", "seed_with_sealed", CHOSEN_SEED)])


def open_match(split: StateSplit[Any], game: str, finished: Any, body: Mapping[str, Any]) -> Any:
    """A sealed follow-on deal's finished game, whole, from its ``match_token``: the deal then goes on in that match.

    A refused token is refused at ``/match_token``, where the client sent it.
    """
    token = body.get("match_token")
    if token is None:
        raise InvalidInput([Problem("/match_token", "match_token_required", MATCH_TOKEN_REQUIRED)])
    try:
        return open_sealed(split, game, finished, str(token))
    except SealedTokenError as error:
        raise SealedTokenError([replace(problem, pointer="/match_token") for problem in error.problems]) from None


def open_sealed(split: StateSplit[Any], game: str, public: Any, token: str, seat: str | None = None, seat_key: str | None = None) -> Any:
    """The whole state behind ``public`` and ``token``; an answer for ``seat`` needs that seat's key (else 403)."""
    sealer = app_sealer()
    opened = open_table(split, sealer, game, public, token)
    if seat is not None:
        check_seat_key(sealer, game, opened.seal, split.seats(opened.state), seat, seat_key)
    _keep(_Request(opened, token_size(split, opened.state)))
    return opened.state


def carry_the_next_token(response: Response) -> Response:
    """A successful answer to a valid token carries the token to send next: the new one, or the same one issued now."""
    request: _Request | None = g.get("sealing")
    if request is None or response.status_code >= 400:
        return response
    if request.issued is None and request.opened is not None:
        request.issued = (reissue(app_sealer(), request.opened, request.size), request.opened.seal)
    if request.issued is not None:
        response.headers[TOKEN_HEADER] = request.issued[0]
        response.headers[MOVE_HEADER] = str(request.issued[1].move)
    return response


SEAT_KEY_DESCRIPTION = (
    "With a sealed token and player: that player's seat key (seat_keys of the sealed deal). "
    "Without it, or with another seat's, an answer private to the player is a 403."
)

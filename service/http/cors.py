"""Cross-origin requests from browsers: none allowed unless configured (flask-cors).

``KINGS_CORS_ORIGINS`` (or the ``CORS_ORIGINS`` config key) lists the origins a
browser page may call this service from, separated by commas
(``https://club.example,https://app.example``; ``*`` for any). Unset or empty,
no CORS header is sent and browsers keep other origins' pages out, as by default.
Preflight requests (``OPTIONS`` with ``Access-Control-Request-Method``) are
answered for the allowed origins; the answers expose ``X-Request-ID``, ``ETag``, and the
next sealed token and its move number (``Sealed-Token``, ``Sealed-Move``: docs/sealed-deals.md).

An answer's ``Access-Control-Allow-Origin`` is the requesting page's origin,
and only when it is allowed (with ``*``, any origin's); so with CORS on, every
answer says ``Vary: Origin``, and a shared cache keeps the answer given to one origin
(or to none) from another origin's page. (flask-cors would say it only when two
or more origins are listed, and would name the allowed origins in answers to
requests with no ``Origin`` at all.)
"""

from __future__ import annotations

import os

from flask import Flask, Response

from .sealed import MOVE_HEADER, TOKEN_HEADER

ENV = "KINGS_CORS_ORIGINS"
PREFLIGHT_MAX_AGE = 600  # seconds a browser may keep a preflight's answer


def allowed_origins(app: Flask) -> list[str]:
    configured = app.config.get("CORS_ORIGINS", os.environ.get(ENV, ""))
    items = configured.split(",") if isinstance(configured, str) else list(configured)
    return [origin.strip().rstrip("/") for origin in items if origin.strip()]


def init_cors(app: Flask) -> None:
    origins = allowed_origins(app)
    if not origins:
        return
    from flask_cors import CORS  # imported only when CORS is on: ≈ 3 ms of every start otherwise (issue 25)

    CORS(
        app,
        origins=origins,
        methods=["GET", "HEAD", "POST", "OPTIONS"],
        allow_headers=["Content-Type", "Accept", "If-None-Match", "X-Request-ID"],
        expose_headers=["X-Request-ID", "ETag", "Content-Disposition", TOKEN_HEADER, MOVE_HEADER],
        max_age=PREFLIGHT_MAX_AGE,
        supports_credentials=False,
        always_send=False,
        vary_header=False,
    )
    app.after_request(vary_on_origin)


def vary_on_origin(response: Response) -> Response:
    response.vary.add("Origin")
    return response

"""Security headers on every answer: the API's, the API docs' at ``/docs/`` and the phone page's at ``/table/``.

Every answer says ``X-Content-Type-Options: nosniff`` (a browser never guesses a
type other than the one sent) and a ``Referrer-Policy`` (no address of this
service leaks to another site), and carries a ``Content-Security-Policy`` with
``frame-ancestors 'none'`` (no page of another site frames this one):

- the API's answers (JSON, problem documents, spreadsheets): nothing may load
  from them at all (``default-src 'none'``);
- ``/docs/`` (Swagger UI, whose files ship in flask-swagger-ui): its own files,
  its one inline start-up script by its hash (computed from the page as sent: it
  names the request's address), inline styles (the UI sets them) and ``data:``
  images (its stylesheet's icons), and requests to this origin only;
- ``/table/``: the page's own strict policy (:mod:`service.table`), kept as it is.

Headers an answer already carries are kept: only missing ones are added.

Every answer's three headers are constant (:data:`ANSWER_HEADERS`), so they are added where
the answer starts, by the request-log middleware (:mod:`service.http.request_log`), for no
Flask hook and no ``Headers`` object: as a Flask ``after_request`` hook they took an eighth
of ``/healthz``'s CPU (BENCHMARKS.md, issue 25). Only the docs' policy, which depends on the
page, is a hook, on the docs' blueprint alone (:func:`init_security_headers`).
"""

from __future__ import annotations

import base64
import hashlib
import re

from flask import Blueprint, Response

COMMON = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
API_POLICY = "default-src 'none'; frame-ancestors 'none'"
# What every answer carries unless it brings its own (the docs' pages, the phone page): the middleware adds them.
ANSWER_HEADERS: tuple[tuple[str, str], ...] = (*COMMON.items(), ("Content-Security-Policy", API_POLICY))
DOCS_POLICY = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
]
INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


def docs_policy(page: bytes) -> str:
    """The docs' policy, with the hash of each inline script of ``page`` (an HTML page) allowed to run."""
    hashes = [f"'sha256-{base64.b64encode(hashlib.sha256(script).digest()).decode()}'" for script in INLINE_SCRIPT.findall(page)]
    return "; ".join(" ".join([directive, *hashes]) if directive.startswith("script-src") else directive for directive in DOCS_POLICY)


def secure_docs(response: Response) -> Response:
    """The docs' answers: their own policy (the page's inline script by its hash); the middleware adds the rest."""
    if "Content-Security-Policy" not in response.headers:
        html = response.mimetype == "text/html" and not response.direct_passthrough
        response.headers["Content-Security-Policy"] = docs_policy(response.get_data() if html else b"")
    return response


def init_security_headers(docs: Blueprint) -> None:
    """The docs' policy on the answers of their blueprint (``/docs/``), before it is registered on the app."""
    docs.after_request(secure_docs)

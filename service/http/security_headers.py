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
"""

from __future__ import annotations

import base64
import hashlib
import re

from flask import Flask, Response, request

DOCS_PREFIX = "/docs"
COMMON = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
API_POLICY = "default-src 'none'; frame-ancestors 'none'"
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


def secure(response: Response) -> Response:
    for name, value in COMMON.items():
        response.headers.setdefault(name, value)
    if "Content-Security-Policy" not in response.headers:
        path = request.path
        if path == DOCS_PREFIX or path.startswith(DOCS_PREFIX + "/"):
            html = response.mimetype == "text/html" and not response.direct_passthrough
            response.headers["Content-Security-Policy"] = docs_policy(response.get_data() if html else b"")
        else:
            response.headers["Content-Security-Policy"] = API_POLICY
    return response


def init_security_headers(app: Flask) -> None:
    app.after_request(secure)

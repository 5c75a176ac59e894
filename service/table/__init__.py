"""The phone page at ``/table/``: static files that use only the public API (no build step, nothing from elsewhere).

The page is plain HTML, CSS and JavaScript modules shipped in ``static/``. Every
answer of this blueprint carries a strict Content-Security-Policy: the page may
load its own files and call its own origin, nothing else (no inline script or
style, no frames, no form posts elsewhere).
"""

from __future__ import annotations

from flask import Blueprint, Response

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

blp = Blueprint("table", __name__, url_prefix="/table", static_folder="static", static_url_path="")


@blp.get("/")
def page() -> Response:
    """The page itself; its scripts, styles and icon are this blueprint's static files beside it."""
    return blp.send_static_file("index.html")


@blp.after_request
def secure(response: Response) -> Response:
    response.headers.update(SECURITY_HEADERS)
    return response

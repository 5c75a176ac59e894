"""The phone pages at ``/table/``: static files that use only the public API (no build step, nothing from elsewhere).

The pages are plain HTML, CSS and JavaScript modules shipped in ``static/``:
``/table/`` is the home that lists the games, ``/table/?game=<slug>`` a game's
page (``/table/<slug>/`` leads there). Every answer of this blueprint carries a
strict Content-Security-Policy: the pages may load their own files and call
their own origin, nothing else (no inline script or style, no frames, no form
posts elsewhere).

The blueprint also makes ``GET /`` lead to the home (whose first lines link the
API docs) and gives the API docs at ``/docs/`` a viewport, so that a phone shows
them at its own width: both from here, so the app factory only registers this
blueprint.
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, request, url_for
from flask.sansio.blueprints import BlueprintSetupState
from werkzeug.wrappers import Response as BaseResponse

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
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
# The games with a page of their own, by their API name; the home lists every game and says which have none yet.
PAGES = {
    "24-kings": "kings.html",
    "twenty-four": "twenty-four.html",
    "three-kings": "three-kings.html",
    "1923": "1923.html",
    "twenty-four-1718": "twenty-four-1718.html",
}
DOCS_PAGE = ("/docs/", "/docs/index.html")
VIEWPORT = b'<meta name="viewport" content="width=device-width, initial-scale=1">'

blp = Blueprint("table", __name__, url_prefix="/table", static_folder="static", static_url_path="")


@blp.get("/")
def page() -> Response:
    """The home, or with ``?game=<slug>`` that game's page; its scripts, styles and icon are static files beside it."""
    return blp.send_static_file(PAGES.get(request.args.get("game", ""), "index.html"))


@blp.get("/<any(" + ", ".join(f'"{slug}"' for slug in PAGES) + "):game>/")
def game_page(game: str) -> BaseResponse:
    """``/table/24-kings/`` is the game's page at ``/table/?game=24-kings`` (one directory, so every page shares its files)."""
    return redirect(url_for("table.page", game=game))


@blp.after_request
def secure(response: Response) -> Response:
    response.headers.update(SECURITY_HEADERS)
    return response


def home() -> BaseResponse:
    """``GET /``: the phone pages' home, which leads on to every game's page and to the API docs."""
    return redirect(url_for("table.page"))


def docs_viewport(response: Response) -> Response:
    """Swagger UI's page as sent, with a viewport: without one a phone lays it out as a desktop page at 40%."""
    if request.path in DOCS_PAGE and response.mimetype == "text/html" and not response.direct_passthrough:
        body = response.get_data()
        if b'name="viewport"' not in body:
            response.set_data(body.replace(b"<head>", b"<head>\n  " + VIEWPORT, 1))
    return response


def _mount(state: BlueprintSetupState) -> None:
    state.app.add_url_rule("/", "home", home)
    # Registered after the app's own hooks, so it runs before them: the security headers hash the page as sent.
    state.app.after_request(docs_viewport)


blp.record_once(_mount)

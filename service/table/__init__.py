"""The phone pages at ``/table/``: pages that use only the public API (no build step, nothing from elsewhere).

The pages are HTML, CSS and JavaScript modules: ``/table/`` is the home that
lists the games, ``/table/?game=<slug>`` a game's page (``/table/<slug>/`` leads
there, and ``/table/<page>.html`` is the same page). Their scripts, styles and
icon are files in ``static/``; the pages themselves are Jinja templates in
``templates/table/``, one base layout that every page extends and the controls
the game pages share (``controls.html``). A page is static content: it is
rendered once per process, then served like a static file (a strong ``ETag``
from its bytes, ``Cache-Control: no-cache``, a ``304`` to a matching
``If-None-Match``). Every answer of this blueprint carries a
strict Content-Security-Policy: the pages may load their own files and call
their own origin, nothing else (no inline script or style, no frames, no form
posts elsewhere).

The blueprint also makes ``GET /`` lead to the home (whose first lines link the
API docs), and :func:`docs_viewport` gives the API docs at ``/docs/`` a viewport, so
that a phone shows them at its own width: the app factory puts it on the docs'
blueprint, where it runs for their answers alone (an app-wide hook ran for every
request of the service: issue 25).
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for
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
# The games with a page of their own, by their API name, and the page's name (its template, and its ``.html`` address).
PAGES = {
    "24-kings": "kings",
    "twenty-four": "twenty-four",
    "three-kings": "three-kings",
    "1923": "1923",
    "twenty-four-1718": "twenty-four-1718",
}
HOME = "index"
TEMPLATES = Path(__file__).parent / "templates" / "table"
# When the pages last changed, as a file's modification time says it: the newest of their templates.
LAST_MODIFIED = datetime.fromtimestamp(max(path.stat().st_mtime for path in TEMPLATES.glob("*.html")), UTC)
DOCS_PAGE = ("/docs/", "/docs/index.html")
VIEWPORT = b'<meta name="viewport" content="width=device-width, initial-scale=1">'

blp = Blueprint("table", __name__, url_prefix="/table", static_folder="static", static_url_path="", template_folder="templates")


def rendered(name: str) -> Response:
    """The page ``name`` as a static file would be served: rendered at its first request in this process, then kept."""
    pages: dict[str, tuple[bytes, str]] = current_app.extensions.setdefault("table_pages", {})
    if name not in pages:  # one entry per page: bounded
        body = render_template(f"table/{name}.html").encode()
        pages[name] = (body, hashlib.sha256(body).hexdigest()[:32])
    body, tag = pages[name]
    response = Response(body, mimetype="text/html")
    response.set_etag(tag)
    response.cache_control.no_cache = True
    response.last_modified = LAST_MODIFIED
    response.make_conditional(request, accept_ranges=True)  # a 304 to a matching If-None-Match, ranges as for a file
    return response


@blp.get("/")
def page() -> Response:
    """The home, or with ``?game=<slug>`` that game's page; its scripts, styles and icon are static files beside it."""
    return rendered(PAGES.get(request.args.get("game", ""), HOME))


@blp.get("/<any(" + ", ".join(f'"{name}"' for name in (HOME, *PAGES.values())) + "):name>.html")
def page_file(name: str) -> Response:
    """``/table/kings.html`` and the like: each page at the address of the file it once was."""
    return rendered(name)


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
    """Swagger UI's page as sent, with a viewport: without one a phone lays it out as a desktop page at 40%.
    An ``after_request`` hook of the docs' blueprint (service/http/app.py)."""
    if request.path in DOCS_PAGE and response.mimetype == "text/html" and not response.direct_passthrough:
        body = response.get_data()
        if b'name="viewport"' not in body:
            response.set_data(body.replace(b"<head>", b"<head>\n  " + VIEWPORT, 1))
    return response


def _mount(state: BlueprintSetupState) -> None:
    state.app.add_url_rule("/", "home", home)


blp.record_once(_mount)

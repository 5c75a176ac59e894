"""The phone page as served, without a browser: its files, its headers, and that it asks nothing of anyone but the referee."""

from __future__ import annotations

import re

import pytest

from service.table import CONTENT_SECURITY_POLICY
from tests.conftest import ROOT

STATIC = ROOT / "service" / "table" / "static"
TEMPLATES = ROOT / "service" / "table" / "templates" / "table"
FILES = {
    "index.html": "text/html",
    "kings.html": "text/html",
    "twenty-four.html": "text/html",
    "1923.html": "text/html",
    "three-kings.html": "text/html",
    "twenty-four-1718.html": "text/html",
    "app.js": "text/javascript",
    "home.js": "text/javascript",
    "kings.js": "text/javascript",
    "twenty-four.js": "text/javascript",
    "1923.js": "text/javascript",
    "three-kings.js": "text/javascript",
    "twenty-four-1718.js": "text/javascript",
    "store.js": "text/javascript",
    "ui.js": "text/javascript",
    "api.js": "text/javascript",
    "cards.js": "text/javascript",
    "events.js": "text/javascript",
    "picker.js": "text/javascript",
    "passplay.js": "text/javascript",
    "sealed-play.js": "text/javascript",
    "vendor/qr/index.js": "text/javascript",
    "vendor/qr/decode.js": "text/javascript",
    "sw.js": "text/javascript",
    "table.css": "text/css",
    "three-kings.css": "text/css",
    "icon.svg": "image/svg+xml",
    "manifest.json": "application/json",
}
PAGES = ("index.html", "kings.html", "twenty-four.html", "three-kings.html", "1923.html", "twenty-four-1718.html")
GAMES = ("24-kings", "twenty-four", "three-kings", "1923", "twenty-four-1718")


def served(client, name: str) -> str:
    """A file of the page as a browser gets it: the pages are rendered from templates, the other files are static."""
    return client.get(f"/table/{name}").get_data(as_text=True) if name in PAGES else (STATIC / name).read_text(encoding="utf-8")


def policy(header: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in header.split(";") if part.strip())}


def test_the_home_lists_every_game_and_each_page_is_served_at_its_address(client):
    home = client.get("/table/")
    assert home.status_code == 200 and b"<title>Card games at the table</title>" in home.data
    listed = re.findall(r'<li id="game-([\w-]+)">', home.get_data(as_text=True))
    assert listed == list(GAMES) == [game["slug"] for game in client.get("/v1/games").get_json()["games"]]
    assert b'href="./?game=24-kings"' in home.data
    assert b"<title>24 Kings at the table</title>" in client.get("/table/?game=24-kings").data
    assert client.get("/table/24-kings/").headers["Location"].endswith("/table/?game=24-kings")
    assert b"<title>1923 at the table</title>" in client.get("/table/?game=1923").data
    assert client.get("/table/1923/").headers["Location"].endswith("/table/?game=1923")
    # A name that is no game's is not served 24 Kings' page: the home, which lists the games.
    assert b"<title>Card games at the table</title>" in client.get("/table/?game=no-such-game").data
    assert b'href="./?game=twenty-four-1718"' in home.data
    assert b"<title>Twenty-Four (1718) at the table</title>" in client.get("/table/?game=twenty-four-1718").data
    assert client.get("/table/twenty-four-1718/").headers["Location"].endswith("/table/?game=twenty-four-1718")


def test_the_root_leads_to_the_home_which_links_the_api_docs(client):
    answer = client.get("/")
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/table/")
    assert b'href="../docs/"' in client.get("/table/").data


def test_the_api_docs_have_a_viewport_and_their_policy_still_allows_their_script(client):
    answer = client.get("/docs/")
    head = answer.get_data(as_text=True).split("</head>")[0]
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in head
    assert "'sha256-" in policy(answer.headers["Content-Security-Policy"])["script-src"][1]


def test_the_page_is_served_at_table_with_a_strict_content_security_policy(client):
    answer = client.get("/table/?game=24-kings")
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    directives = policy(answer.headers["Content-Security-Policy"])
    assert directives["default-src"] == ["'none'"]
    for name in ("script-src", "style-src", "img-src", "connect-src"):
        assert directives[name] == ["'self'"], name  # nothing inline, nothing from another origin
    assert directives["manifest-src"] == ["'self'"] and directives["worker-src"] == ["'self'"]  # the app a phone keeps
    assert directives["frame-ancestors"] == ["'none'"] and directives["base-uri"] == ["'none'"] and directives["form-action"] == ["'none'"]
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"


def test_table_without_its_slash_leads_to_the_page_on_the_same_host(client):
    answer = client.get("/table", headers={"Host": "attacker.example"})  # a Host the client forged
    assert answer.status_code == 308 and answer.headers["Location"] == "/table/"


def test_table_without_its_slash_keeps_the_query(client):
    """``/table?game=24-kings`` is that game's page: the redirect keeps the query, as werkzeug's slash redirect did."""
    answer = client.get("/table?game=24-kings&x=a%20b", headers={"Host": "attacker.example"})
    assert answer.status_code == 308 and answer.headers["Location"] == "/table/?game=24-kings&x=a%20b"


@pytest.mark.parametrize(("sent", "location"), [("/table/24-kings", "/table/24-kings/"), ("/table/1923?x=1", "/table/1923/?x=1"), ("/docs", "/docs/")])
def test_every_slash_redirect_stays_on_the_same_host(client, sent, location):
    """The attack review's finding holds for every route that ends in a slash, not only /table: a forged Host never
    reaches Location (werkzeug's own slash redirect writes the request's Host into it)."""
    answer = client.get(sent, headers={"Host": "attacker.example"})
    assert answer.status_code == 308 and answer.headers["Location"] == location


@pytest.mark.parametrize(("name", "mimetype"), FILES.items())
def test_every_file_of_the_page_is_served_with_its_type_and_the_policy(client, name, mimetype):
    answer = client.get(f"/table/{name}")
    assert answer.status_code == 200
    assert answer.mimetype == mimetype
    assert answer.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    answer.close()


def test_the_api_keeps_its_own_headers(client):
    """The policy belongs to the page: the API's answers carry their own (tests/http/test_security_headers.py), not the page's."""
    assert client.get("/healthz").headers["Content-Security-Policy"] != CONTENT_SECURITY_POLICY


# A vendored library's licence and notes: served beside it, never loaded by a page.
VENDOR_NOTES = ("vendor/qr/LICENSE", "vendor/qr/LICENSE-MIT", "vendor/qr/README.md")


def test_the_page_is_exactly_its_files():
    files = sorted(str(path.relative_to(STATIC)) for path in STATIC.rglob("*") if path.is_file())
    assert files == sorted([name for name in (*FILES, *VENDOR_NOTES) if name not in PAGES])
    # Each page is a template, beside the layout they all extend and the controls they share.
    templates = sorted(path.name for path in TEMPLATES.iterdir())
    assert templates == sorted([*PAGES, "base.html", "controls.html"])


def test_a_page_is_served_as_a_static_file_is(client):
    """Rendered once, then the same bytes at both its addresses, with a strong tag: a phone revalidates, and gets a 304."""
    for game, page in zip(GAMES, PAGES[1:], strict=True):
        answer = client.get(f"/table/?game={game}")
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-cache"
        tag = answer.headers["ETag"]
        assert tag.startswith('"') and client.get(f"/table/{page}").data == answer.data
        again = client.get(f"/table/?game={game}", headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
        assert again.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert client.get("/table/no-such-page.html").status_code == 404


def test_nothing_is_loaded_from_elsewhere_and_nothing_is_inline(client):
    """Works offline and under the policy: no absolute URL, no inline script, style or handler in the page."""
    for name in FILES:
        text = served(client, name).replace("http://www.w3.org/2000/svg", "")  # SVG's namespace: a name, not a load
        if name.startswith("vendor/"):  # a vendored file unchanged: its comments may cite pages; its code loads nothing
            text = re.sub(r"/\*.*?\*/|^\s*//.*$", "", text, flags=re.S | re.M)
            assert re.findall(r"""\bfrom\s*["'](?!\./)|\bimport\s*\(|\bfetch\(|XMLHttpRequest""", text) == [], name
        urls = re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}", text)
        assert urls == [], name
    for page in PAGES:
        html = served(client, page)
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == [], page
        assert re.findall(r"\sstyle=|<style|\son[a-z]+=", html) == [], page


@pytest.mark.parametrize(
    ("script", "game", "needed"),
    [
        ("kings.js", "24-kings", {"hands", "calculus", "moves/legal", "moves/validate", "moves/apply", "games/from-table"}),
        ("twenty-four.js", "twenty-four", {"games", "games/from-table", "moves/legal", "moves/apply", "standings", "solve"}),
        ("1923.js", "1923", {"games/from-table", "moves/legal", "moves/apply", "games", "view"}),
        ("three-kings.js", "three-kings", {"games/from-table", "moves/legal", "moves/apply", "sets", "score", "games", "view"}),
        ("twenty-four-1718.js", "twenty-four-1718", {"games/from-table", "moves/legal", "moves/validate", "moves/apply", "games", "view"}),
    ],
)
def test_the_page_calls_only_the_public_api(app, script, game, needed):
    """Every endpoint a page calls is one the OpenAPI document publishes, with the method the page uses."""
    spec = app.extensions["referee_api"].spec.to_dict()["paths"]
    text = (STATIC / script).read_text(encoding="utf-8")
    # With the shared modules it imports that call the referee it is given (store.js's applyMove, sealed-play.js).
    text += "".join(
        (STATIC / name).read_text(encoding="utf-8") for name in re.findall(r'from "\./([\w-]+\.js)"', text) if name in ("store.js", "sealed-play.js")
    )
    assert f'gameApi("{game}")' in text
    called = {(method, path) for method, path in re.findall(r'\breferee\.(get|post)\("([^"]+)"', text)}
    assert {path for _, path in called} >= needed
    assert {(method, path) for method, path in called if method not in spec.get(f"/v1/{game}/{path}", {})} == set()
    # Only the API module fetches (and the service worker, which keeps the pages and never the API's answers).
    client = app.test_client()
    assert "fetch(" not in "".join(served(client, name) for name in FILES if name not in ("api.js", "sw.js"))


def test_the_service_worker_keeps_every_file_the_pages_load(client):
    """Offline once loaded: every file a page needs is in the worker's list (a file left out would be missing offline)."""
    worker = (STATIC / "sw.js").read_text(encoding="utf-8")
    kept = set(re.findall(r'^  "([^"]+)",$', worker, re.M))
    pages = {"./", "./?game=24-kings", "./?game=twenty-four", "./?game=three-kings", "./?game=1923", "./?game=twenty-four-1718"}
    assert kept == pages | {name for name in FILES if name not in (*PAGES, "sw.js")}
    for name in kept:
        assert client.get(f"/table/{name.removeprefix('./')}").status_code == 200, name


def test_the_manifest_names_the_app_and_its_icon(client):
    manifest = client.get("/table/manifest.json").get_json()
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert [icon["src"] for icon in manifest["icons"]] == ["icon.svg"]
    for page in PAGES:
        assert '<link rel="manifest" href="manifest.json">' in served(client, page)


def test_without_a_browser_the_browser_tests_say_what_to_install(monkeypatch, tmp_path):
    from tests.browser import conftest

    monkeypatch.setattr(conftest, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setenv("PATH", str(tmp_path))
    message = conftest.browser_missing()
    assert message is not None and "apt-get install chromium chromium-driver" in message


def test_the_page_offers_every_variant_and_hand_set_the_referee_knows(client):
    """The page names the options and hand sets itself (no request before the first tap): they must be the referee's."""
    rules = client.get("/v1/24-kings/rules").get_json()
    script = (STATIC / "kings.js").read_text(encoding="utf-8")
    offered = re.search(r"const OPTIONS = \{(.*?)\n\};", script, re.S)
    assert offered is not None
    assert set(re.findall(r"^\s+(\w+): \[", offered.group(1), re.M)) == set(rules["options"])
    html = served(client, "kings.html")
    hand_sets = re.search(r'<select id="hand-set">(.*?)</select>', html, re.S)
    assert hand_sets is not None
    assert re.findall(r'value="([^"]+)"', hand_sets.group(1)) == [hand_set["name"] for hand_set in rules["hand_sets"]]

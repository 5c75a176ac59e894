"""The phone page as served, without a browser: its files, its headers, and that it asks nothing of anyone but the referee."""

from __future__ import annotations

import re

import pytest

from service.table import CONTENT_SECURITY_POLICY
from tests.conftest import ROOT

STATIC = ROOT / "service" / "table" / "static"
FILES = {
    "index.html": "text/html",
    "app.js": "text/javascript",
    "api.js": "text/javascript",
    "cards.js": "text/javascript",
    "picker.js": "text/javascript",
    "table.css": "text/css",
    "icon.svg": "image/svg+xml",
}


def policy(header: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in header.split(";") if part.strip())}


def test_the_page_is_served_at_table_with_a_strict_content_security_policy(client):
    answer = client.get("/table/")
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    assert b"<title>24 Kings at the table</title>" in answer.data
    directives = policy(answer.headers["Content-Security-Policy"])
    assert directives["default-src"] == ["'none'"]
    for name in ("script-src", "style-src", "img-src", "connect-src"):
        assert directives[name] == ["'self'"], name  # nothing inline, nothing from another origin
    assert directives["frame-ancestors"] == ["'none'"] and directives["base-uri"] == ["'none'"] and directives["form-action"] == ["'none'"]
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"


def test_table_without_its_slash_leads_to_the_page(client):
    answer = client.get("/table")
    assert answer.status_code in (301, 308) and answer.headers["Location"].endswith("/table/")


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


def test_the_page_is_exactly_its_files():
    assert sorted(path.name for path in STATIC.iterdir()) == sorted(FILES)


def test_nothing_is_loaded_from_elsewhere_and_nothing_is_inline():
    """Works offline and under the policy: no absolute URL, no inline script, style or handler in the page."""
    for name in FILES:
        text = (STATIC / name).read_text(encoding="utf-8").replace('xmlns="http://www.w3.org/2000/svg"', "")  # a name, not a load
        urls = re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}", text)
        assert urls == [], name
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == []
    assert re.findall(r"\sstyle=|<style|\son[a-z]+=", html) == []


def test_the_page_calls_only_the_public_api(app):
    """Every endpoint the page calls is one the OpenAPI document publishes, with the method the page uses."""
    spec = app.extensions["referee_api"].spec.to_dict()["paths"]
    text = (STATIC / "api.js").read_text(encoding="utf-8")
    called = {(method, f"/v1/24-kings/{path}") for method, path in re.findall(r'\b(get|post)\("([^"]+)"', text)}
    assert {path for _, path in called} >= {"/v1/24-kings/hands", "/v1/24-kings/calculus", "/v1/24-kings/moves/validate"}
    assert {(method, path) for method, path in called if method not in spec.get(path, {})} == set()
    assert "fetch(" not in "".join((STATIC / name).read_text(encoding="utf-8") for name in FILES if name != "api.js")


def test_without_a_browser_the_browser_tests_say_what_to_install(monkeypatch, tmp_path):
    from tests.browser import conftest

    monkeypatch.setattr(conftest, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setenv("PATH", str(tmp_path))
    message = conftest.browser_missing()
    assert message is not None and "apt-get install chromium chromium-driver" in message


def test_the_page_offers_every_variant_and_hand_set_the_referee_knows(client):
    """The page names the options and hand sets itself (no request before the first tap): they must be the referee's."""
    rules = client.get("/v1/24-kings/rules").get_json()
    script = (STATIC / "app.js").read_text(encoding="utf-8")
    offered = re.search(r"const OPTIONS = \{(.*?)\n\};", script, re.S)
    assert offered is not None
    assert set(re.findall(r"^\s+(\w+): \[", offered.group(1), re.M)) == set(rules["options"])
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    hand_sets = re.search(r'<select id="hand-set">(.*?)</select>', html, re.S)
    assert hand_sets is not None
    assert re.findall(r'value="([^"]+)"', hand_sets.group(1)) == [hand_set["name"] for hand_set in rules["hand_sets"]]

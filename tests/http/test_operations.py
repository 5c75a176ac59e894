"""What operators expect (issue 16): request ids, JSON access and error logs, /readyz, /version, caching, CORS."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest

from service import create_app
from service.games import registered_games
from service.http import request_log


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


# -- request ids ----------------------------------------------------------------------------------
def test_a_usable_request_id_is_echoed(client: Any) -> None:
    assert client.get("/healthz", headers={"X-Request-ID": "proxy-7f3a.1:2"}).headers["X-Request-ID"] == "proxy-7f3a.1:2"


@pytest.mark.parametrize("sent", [None, "", "x" * 129, "a b", "é"])
def test_a_request_id_is_generated_when_none_usable_is_sent(client: Any, sent: str | None) -> None:
    headers = {} if sent is None else {"X-Request-ID": sent}
    given = client.get("/healthz", headers=headers).headers["X-Request-ID"]
    assert given != sent and re.fullmatch(r"[0-9a-f]{32}", given)


def test_every_answer_has_its_own_id(client: Any) -> None:
    assert client.get("/healthz").headers["X-Request-ID"] != client.get("/healthz").headers["X-Request-ID"]


def test_errors_carry_the_request_id_too(client: Any) -> None:
    assert client.post("/v1/24-kings/hands", data=b"{", content_type="application/json", headers={"X-Request-ID": "r1"}).headers["X-Request-ID"] == "r1"


# -- logs ---------------------------------------------------------------------------------------------
def test_the_access_log_is_one_json_line_with_latency(client: Any, capsys: Any) -> None:
    client.post("/v1/24-kings/hands", data=b"{", content_type="application/json", headers={"X-Request-ID": "trace-1"})
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    access = [line for line in lines if line.get("logger") == "service.access"]
    assert len(access) == 1
    line = access[0]
    assert (line["method"], line["path"], line["status"], line["request_id"]) == ("POST", "/v1/24-kings/hands", 400, "trace-1")
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
    assert {"time", "level", "message"} <= set(line)


def test_an_unexpected_error_is_a_json_line_with_the_request_id_and_the_traceback(capsys: Any) -> None:
    app = create_app()

    @app.get("/boom")
    def boom() -> Any:
        raise RuntimeError("kaboom")

    response = app.test_client().get("/boom", headers={"X-Request-ID": "boom-1"})
    assert response.status_code == 500
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    errors = [line for line in lines if line["level"] == "ERROR"]
    assert len(errors) == 1
    assert errors[0]["request_id"] == "boom-1" and "kaboom" in errors[0]["exc_info"]


def test_the_access_log_can_be_switched_off(capsys: Any) -> None:
    create_app({"ACCESS_LOG": False}).test_client().get("/healthz")
    assert '"service.access"' not in capsys.readouterr().out


def test_the_handler_is_installed_once_however_many_apps() -> None:
    create_app()
    create_app()
    marked = [handler for handler in logging.getLogger(request_log.LOGGER).handlers if getattr(handler, "kings_json", False)]
    assert len(marked) == 1


# -- readiness and version ------------------------------------------------------------------------------
def test_readyz_counts_every_game(client: Any) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ready", "games": len(registered_games())}


def test_version_names_the_package_the_rules_and_the_commit(monkeypatch: Any) -> None:
    from importlib import metadata

    from service.http.views import meta

    meta.version_answer.cache_clear()
    monkeypatch.setenv("KINGS_COMMIT", "abc1234")
    try:
        answer = create_app().test_client().get("/version").get_json()
    finally:
        meta.version_answer.cache_clear()
    assert answer == {
        "version": metadata.version("kings-referee"),
        "commit": "abc1234",
        "rules": {game.info.slug: game.info.rules_version for game in registered_games()},
    }


def test_version_says_null_when_the_commit_is_unknown(monkeypatch: Any) -> None:
    from service.http.views import meta

    meta.version_answer.cache_clear()
    monkeypatch.delenv("KINGS_COMMIT", raising=False)
    try:
        assert create_app().test_client().get("/version").get_json()["commit"] is None
    finally:
        meta.version_answer.cache_clear()


# -- caching ---------------------------------------------------------------------------------------------
UNCHANGING = ["/openapi.json", "/v1/games", "/version", "/v1/24-kings/rules", "/v1/three-kings/rules", "/v1/24-kings/conformance"]


@pytest.mark.parametrize("path", UNCHANGING)
def test_unchanging_answers_have_an_etag_and_a_304(client: Any, path: str) -> None:
    first = client.get(path)
    assert first.status_code == 200
    tag = first.headers["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', tag)
    assert first.headers["Cache-Control"] == "public, max-age=300"
    again = client.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
    assert client.get(path, headers={"If-None-Match": '"other"'}).status_code == 200


def test_the_tag_is_the_same_in_every_worker() -> None:
    """A tag hashes the body: two apps (two workers, two replicas) give one tag."""
    assert create_app().test_client().get("/v1/24-kings/rules").headers["ETag"] == create_app().test_client().get("/v1/24-kings/rules").headers["ETag"]


@pytest.mark.parametrize("path", ["/healthz", "/readyz"])
def test_live_answers_are_not_tagged(client: Any, path: str) -> None:
    assert "ETag" not in client.get(path).headers


def test_posts_are_not_tagged(client: Any) -> None:
    response = client.post("/v1/twenty-four/solve", json={"values": [2, 4, 10, 10]})
    assert response.status_code == 200 and "ETag" not in response.headers


# -- CORS ---------------------------------------------------------------------------------------------
def preflight(client: Any, origin: str) -> Any:
    return client.options(
        "/v1/24-kings/moves/legal",
        headers={"Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "Content-Type"},
    )


def test_no_origin_is_allowed_by_default(client: Any, monkeypatch: Any) -> None:
    monkeypatch.delenv("KINGS_CORS_ORIGINS", raising=False)
    fresh = create_app().test_client()
    assert "Access-Control-Allow-Origin" not in preflight(fresh, "https://club.example").headers
    assert "Access-Control-Allow-Origin" not in fresh.get("/healthz", headers={"Origin": "https://club.example"}).headers


def test_a_configured_origin_passes_the_preflight(monkeypatch: Any) -> None:
    monkeypatch.setenv("KINGS_CORS_ORIGINS", "https://club.example, https://app.example/")
    client = create_app().test_client()
    answer = preflight(client, "https://app.example")
    assert answer.status_code == 200
    assert answer.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "POST" in answer.headers["Access-Control-Allow-Methods"]
    assert "content-type" in answer.headers["Access-Control-Allow-Headers"].lower()
    posted = client.post("/v1/twenty-four/solve", json={"values": [2, 4, 10, 10]}, headers={"Origin": "https://club.example"})
    assert posted.headers["Access-Control-Allow-Origin"] == "https://club.example"
    assert "X-Request-ID" in posted.headers["Access-Control-Expose-Headers"]


def test_a_page_of_another_origin_may_read_the_next_sealed_token(monkeypatch: Any) -> None:
    """A browser hides every header CORS does not expose: a page of another origin playing a sealed deal needs
    Sealed-Token (the token to send next) and Sealed-Move (docs/sealed-deals.md)."""
    monkeypatch.setenv("KINGS_CORS_ORIGINS", "https://club.example")
    client = create_app().test_client()
    deal = client.post("/v1/twenty-four/games", json={"players": ["ann", "bob"], "sealed": True}).get_json()
    ask = {"state": deal["state"], "sealed": deal["sealed"], "player": "ann", "seat_key": deal["seat_keys"]["ann"]}
    answer = client.post("/v1/twenty-four/view", json=ask, headers={"Origin": "https://club.example"})
    assert answer.status_code == 200 and "Sealed-Token" in answer.headers
    exposed = {name.strip().lower() for name in answer.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"sealed-token", "sealed-move"} <= exposed


def test_an_origin_not_listed_gets_no_cors_headers(monkeypatch: Any) -> None:
    monkeypatch.setenv("KINGS_CORS_ORIGINS", "https://club.example")
    assert "Access-Control-Allow-Origin" not in preflight(create_app().test_client(), "https://evil.example").headers


# -- serving ---------------------------------------------------------------------------------------------
def test_gunicorn_leaves_the_access_log_to_the_app() -> None:
    """One access line per request, the app's JSON one with the request id: gunicorn's own is off."""
    from service import serving

    assert serving.accesslog is None


def test_the_image_reports_the_commit_it_was_built_from() -> None:
    from pathlib import Path

    dockerfile = (Path(__file__).resolve().parents[2] / "Dockerfile").read_text(encoding="utf-8")
    assert 'ARG COMMIT=""' in dockerfile and "ENV KINGS_COMMIT=$COMMIT" in dockerfile


# -- CORS and shared caches (issue 29) -------------------------------------------------------------------
@pytest.mark.parametrize("listed", ["https://club.example", "https://club.example, https://app.example"])
@pytest.mark.parametrize("origin", [None, "https://club.example", "https://evil.example"])
def test_with_origins_listed_every_answer_varies_on_origin(monkeypatch: Any, listed: str, origin: str | None) -> None:
    """A publicly cached answer names one origin (or none): a cache must not hand it to a page of another origin."""
    monkeypatch.setenv("KINGS_CORS_ORIGINS", listed)
    client = create_app().test_client()
    headers = {"Origin": origin} if origin else {}
    for answer in (client.get("/v1/games", headers=headers), client.get("/v1/no-such-game/rules", headers=headers), preflight(client, origin or "")):
        vary = [value.strip() for value in answer.headers.get("Vary", "").split(",")]
        assert vary.count("Origin") == 1, answer.headers
    cached = client.get("/v1/games", headers=headers)
    assert cached.headers["Cache-Control"].startswith("public")
    assert cached.headers.get("Access-Control-Allow-Origin") == (origin if origin == "https://club.example" else None)


def test_vary_origin_joins_the_answers_own_vary(monkeypatch: Any) -> None:
    monkeypatch.setenv("KINGS_CORS_ORIGINS", "https://club.example")
    sheet = b"game,player,points\n1,ann,3\n1,bob,-1\n"
    answer = (
        create_app()
        .test_client()
        .post("/v1/24-kings/tournaments/standings", data=sheet, content_type="text/csv", headers={"Origin": "https://club.example", "Accept": "text/csv"})
    )
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert sorted(value.strip() for value in answer.headers["Vary"].split(",")) == ["Accept", "Origin"]


def test_any_origin_is_echoed_so_it_varies_too(monkeypatch: Any) -> None:
    monkeypatch.setenv("KINGS_CORS_ORIGINS", "*")
    answer = create_app().test_client().get("/v1/games", headers={"Origin": "https://club.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "https://club.example" and "Origin" in answer.headers["Vary"]


def test_without_cors_nothing_varies_on_origin(monkeypatch: Any) -> None:
    monkeypatch.delenv("KINGS_CORS_ORIGINS", raising=False)
    assert "Origin" not in create_app().test_client().get("/v1/games", headers={"Origin": "https://club.example"}).headers.get("Vary", "")


@pytest.mark.parametrize("milliseconds", [0, 999, 1_000, 1_795_757_582_001, 1_795_757_582_999, 1_795_757_583_000, 1_795_757_583_042])
def test_a_lines_time_is_logging_s_default_format_to_the_millisecond(milliseconds: int) -> None:
    """The kept second and the table of milliseconds give what logging's own Formatter writes for the same instant."""
    from service.http.request_log import log_time

    record = logging.LogRecord("x", logging.INFO, "", 0, "", None, None)
    record.created, record.msecs = milliseconds / 1000, milliseconds % 1000
    expected = logging.Formatter().formatTime(record)  # "%Y-%m-%d %H:%M:%S,mmm" in local time
    assert log_time(milliseconds) == expected
    assert log_time(milliseconds) == expected  # and again, from the kept second

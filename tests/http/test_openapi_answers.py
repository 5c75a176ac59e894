"""Every answer the referee gives is what the OpenAPI document says it is (issue 30): each answer's body validates
against the response schema the document gives its operation and status (JSON Schema 2020-12, as OpenAPI 3.1's
schemas are), and every header the document describes that an answer carries is documented on that response.

The answers come from the referee itself, through HTTP: every game's conformance cases, the contract's seeded games
(tests/contract, played here through a client that checks each answer), sealed deals answered for a seat with its
key, and the documented examples. A schema that drifts from the answers fails here, whatever the drift.
"""

from __future__ import annotations

import copy
import importlib
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from service import create_app
from service.games import GAME_PACKAGES
from service.http.referee import conformance_answers, game_web
from tests.contract import test_random_games as contract

SLUGS = list(GAME_PACKAGES)
# Headers every answer may carry whatever its operation (the security headers are not part of the contract).
UNDOCUMENTED = frozenset({"Content-Type", "Content-Length", "Date", "X-Content-Type-Options", "Referrer-Policy", "Content-Security-Policy"})
CORS = "Access-Control-"  # the CORS headers a browser reads: not part of the API's contract


def documented_response(spec: dict[str, Any], method: str, path: str, status: int) -> dict[str, Any]:
    operation = spec["paths"][path][method.lower()]
    response = operation["responses"].get(str(status))
    assert response is not None, f"{method} {path} answered {status}, which its operation does not document"
    if "$ref" in response:
        response = spec["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    return dict(response)


def body_errors(spec: dict[str, Any], schema: dict[str, Any], body: Any) -> list[str]:
    """Where ``body`` breaks ``schema``, its references resolved against the document's components."""
    validator = Draft202012Validator({**schema, "components": spec["components"]})
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message}" for error in validator.iter_errors(body)][:5]


def check_answer(spec: dict[str, Any], method: str, path: str, answer: Any) -> None:
    """The answer is documented: its status, its body's shape for its media type, each of its headers."""
    response = documented_response(spec, method, path, answer.status_code)
    documented_headers = {name.lower() for name in response.get("headers", {})}
    for name, _ in answer.headers.items():  # werkzeug's Headers iterate as pairs
        assert name in UNDOCUMENTED or name.startswith(CORS) or name.lower() in documented_headers, (
            f"{method} {path} {answer.status_code}: {name} is not documented"
        )
    assert (answer.status_code == 304) == ("content" not in response)
    if answer.status_code == 304:
        return
    content = response["content"].get(answer.mimetype)
    assert content is not None, f"{method} {path} {answer.status_code}: {answer.mimetype} is not documented"
    if answer.mimetype.endswith("json"):
        errors = body_errors(spec, content["schema"], answer.get_json())
        assert not errors, (method, path, answer.status_code, errors)


class CheckingClient:
    """A test client that checks every answer against the document, for code written for a plain one."""

    def __init__(self, app: Any, spec: dict[str, Any]) -> None:
        self.client, self.spec, self.checked = app.test_client(), spec, 0

    def open(self, path: str, method: str = "GET", **kwargs: Any) -> Any:
        answer = self.client.open(path, method=method, **kwargs)
        check_answer(self.spec, method, path, answer)
        self.checked += 1
        return answer

    def get(self, path: str, **kwargs: Any) -> Any:
        return self.open(path, "GET", **kwargs)

    def post(self, path: str, **kwargs: Any) -> Any:
        return self.open(path, "POST", **kwargs)


def test_the_oracle_refuses_a_body_of_another_shape(spec: dict[str, Any]) -> None:
    legal = spec["paths"]["/v1/twenty-four/moves/legal"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert body_errors(spec, legal, {"player": "ann", "phase": "play", "moves": [{"action": "fly"}], "counts": {}})
    assert body_errors(spec, legal, {"player": "ann"})


def test_with_cors_on_every_answer_still_carries_only_documented_headers() -> None:
    """Allowed origins make every answer say Vary: Origin (and the CORS headers, which are the browser's business)."""
    app = create_app({"ACCESS_LOG": False, "CORS_ORIGINS": "https://club.example"})
    spec = app.test_client().get("/openapi.json").get_json()
    client = CheckingClient(app, spec)
    origin = {"Origin": "https://club.example"}
    answers = [
        client.get("/v1/games", headers=origin),
        client.post("/v1/24-kings/moves/legal", data=b"{", content_type="application/json", headers=origin),
        client.get("/v1/24-kings/rules", headers={**origin, "If-None-Match": client.get("/v1/24-kings/rules").headers["ETag"]}),
    ]
    assert all("Origin" in answer.headers["Vary"] for answer in answers)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_conformance_answer_is_as_documented(app: Any, spec: dict[str, Any], slug: str) -> None:
    client = CheckingClient(app, spec)
    cases = conformance_answers(app, game_web(slug))
    for case in cases:
        client.open(case["path"], case["method"], **({"json": case["body"]} if case["body"] is not None else {}))
    assert client.checked == len(cases) > 0


@pytest.mark.parametrize("slug", SLUGS)
def test_seeded_games_through_http_answer_as_documented(app: Any, spec: dict[str, Any], slug: str) -> None:
    """The contract's seeded games (every legal move listed, judged and applied, every state checked), each answer checked."""
    client = CheckingClient(app, spec)
    contract.test_random_games_through_http(client, slug)
    assert client.checked > 10


@pytest.mark.parametrize("slug", SLUGS)
def test_the_example_states_answers_are_as_documented(app: Any, spec: dict[str, Any], slug: str) -> None:
    """The shared endpoints on the game's example state: legal moves, a refused and an accepted move, a view."""
    client = CheckingClient(app, spec)
    given, root = game_web(slug).examples(), f"/v1/{slug}"
    state = given["state"]
    client.post(f"{root}/state/check", json={"state": state})
    client.post(f"{root}/moves/legal", json={"state": state})
    for move in (given["move"], given.get("illegal_move", given["move"])):
        client.post(f"{root}/moves/validate", json={"state": state, "move": move})
        client.post(f"{root}/moves/apply", json={"state": state, "move": move})
    client.post(f"{root}/view", json={"state": state, "player": given["player"]})
    client.post(f"{root}/view", json={"state": state, "player": "nobody-here"})
    client.post(f"{root}/moves/legal", data=b'{"state": [', content_type="application/json")
    client.post(f"{root}/moves/legal", data=b"state", content_type="text/plain")
    client.get(f"{root}/rules")
    tag = client.get(f"{root}/rules").headers["ETag"]
    assert client.get(f"{root}/rules", headers={"If-None-Match": tag}).status_code == 304


@pytest.mark.parametrize("slug", SLUGS)
def test_a_real_tables_game_answers_as_documented(app: Any, spec: dict[str, Any], slug: str) -> None:
    """A game dealt with real cards (its templates say what to fill), its legal moves, and a whole move applied."""
    client = CheckingClient(app, spec)
    path = f"/v1/{slug}/games/from-table"
    body = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["example"]
    answer = client.post(path, json=body).get_json()
    state = answer["state"]
    report = client.post(f"/v1/{slug}/moves/legal", json={"state": state}).get_json()
    whole = [move for move in report["moves"] if "fill" not in move]
    if whole:
        client.post(f"/v1/{slug}/moves/apply", json={"state": state, "move": whole[0]})
    assert client.checked >= 2


def new_game_body(spec: dict[str, Any], slug: str) -> dict[str, Any]:
    body: dict[str, Any] = copy.deepcopy(spec["paths"][f"/v1/{slug}/games"]["post"]["requestBody"]["content"]["application/json"]["example"])
    body.pop("seed", None)
    return body


@pytest.mark.parametrize("slug", [slug for slug in SLUGS if game_web(slug).split is not None])
def test_sealed_deals_answer_each_seat_as_documented(app: Any, spec: dict[str, Any], slug: str) -> None:
    """A sealed deal, then each seat's view, legal moves and a listed move applied with the seat's key; a missing key's 403."""
    client = CheckingClient(app, spec)
    root = f"/v1/{slug}"
    deal = client.post(f"{root}/games", json={**new_game_body(spec, slug), "sealed": True}).get_json()
    table = {"state": deal["state"], "sealed": deal["sealed"]}
    assert client.post(f"{root}/view", json={**table, "player": next(iter(deal["seat_keys"]))}).status_code == 403
    applied = 0
    for seat, key in deal["seat_keys"].items():
        asked = {**table, "player": seat, "seat_key": key}
        client.post(f"{root}/view", json=asked)
        report = client.post(f"{root}/moves/legal", json=asked).get_json()
        ready = [move for move in report["moves"] if "fill" not in move]
        if ready:
            client.post(f"{root}/moves/validate", json={**asked, "move": ready[0]})
            applied += client.post(f"{root}/moves/apply", json={**asked, "move": ready[0]}).status_code == 200
    assert client.checked >= 2 + 2 * len(deal["seat_keys"])


def test_the_documented_examples_are_of_their_schemas(spec: dict[str, Any]) -> None:
    """Each example in the document (bodies sent and answered) validates against the schema beside it."""
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            contents = [("request", operation.get("requestBody", {}).get("content", {}))]
            contents += [(status, response.get("content", {})) for status, response in operation["responses"].items()]
            for where, content in contents:
                for media, described in content.items():
                    if "example" in described and media.endswith("json"):
                        errors = body_errors(spec, described["schema"], described["example"])
                        assert not errors, (method, path, where, errors)


# The files of a game whose events a move (or a new deal) answers, and the kinds written there as literals.
# 24 Kings' and 1923's start.py are left out: their /games answers' events are typed with the real-table answers.
EVENT_SOURCES = {
    "24-kings": ("moves.py", "drawing.py"),
    "twenty-four": ("moves.py", "start.py", "table.py"),
    "three-kings": ("moves.py", "start.py"),
    "1923": ("moves.py", "dealing.py"),
    "twenty-four-1718": ("moves.py", "flow.py"),
}


def emitted_kinds(slug: str) -> set[str]:
    """Every event kind the engine's code writes (``"type": "kind"``), read from its source as text."""
    package = Path(importlib.import_module(GAME_PACKAGES[slug]).__file__ or "").parent
    kinds = set()
    for name in EVENT_SOURCES[slug]:
        kinds |= set(re.findall(r'"type": "([a-z_]+)"', (package / name).read_text(encoding="utf-8")))
    return kinds


@pytest.mark.parametrize("slug", SLUGS)
def test_a_moves_events_are_a_union_of_every_kind_the_engine_emits(spec: dict[str, Any], slug: str) -> None:
    """/moves/apply's events are a oneOf told apart by ``type``, one branch per kind the engine writes, none more:
    a kind added to the engine and not to the document fails here, before any game happens to emit it."""
    answer = spec["paths"][f"/v1/{slug}/moves/apply"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    transition = spec["components"]["schemas"][answer["$ref"].rsplit("/", 1)[1]]
    union = spec["components"]["schemas"][transition["properties"]["events"]["items"]["$ref"].rsplit("/", 1)[1]]
    assert union["discriminator"]["propertyName"] == "type"
    assert set(union["discriminator"]["mapping"]) == emitted_kinds(slug)
    assert len(union["oneOf"]) == len(union["discriminator"]["mapping"])
    for kind, ref in union["discriminator"]["mapping"].items():
        branch = spec["components"]["schemas"][ref.rsplit("/", 1)[1]]
        assert branch["properties"]["type"]["enum"] == [kind] and "type" in branch["required"]


def test_a_tournaments_match_answers_as_documented(app: Any, spec: dict[str, Any]) -> None:
    """1923's standings carry the match as its own /standings answers it, typed as that answer (null for other games)."""
    client = CheckingClient(app, spec)
    sheet = b"game,player,points,cards\n1,ann,10,10\n1,bob,0,5\n2,ann,0,3\n2,bob,12,12\n3,ann,10,6\n3,bob,6,6\n"
    for target in (15, 21):  # decided at 15 (bob, by cards: rules.md §6.2), not yet over at 21
        body = client.post("/v1/1923/tournaments/standings", query_string={"target": target}, data=sheet, content_type="text/csv").get_json()
        assert body["match"]["over"] is (target == 15)
    assert client.post("/v1/24-kings/tournaments/standings", json={"rows": [{"game": "g1", "player": "ann", "points": 3}]}).get_json()["match"] is None

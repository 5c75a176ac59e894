"""The client package reaches every operation of the referee's document by its operation id, and a game's by its name;
the document it ships is openapi.yaml's; a refusal is a typed problem. Against the app in process (no network)."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import card_referee_client
import pytest
import yaml
from card_referee_client import GameClient, RefereeClient, RefereeError, UnknownOperation

from tests.client.in_process import in_process
from tests.conftest import ROOT

PACKAGE = ROOT / "clients" / "python"
DOCUMENT = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
METHODS = ("get", "post", "put", "patch", "delete")
OPERATIONS = [(path, method, spec) for path, item in DOCUMENT["paths"].items() for method, spec in item.items() if method in METHODS]


def sync_module():
    spec = importlib.util.spec_from_file_location("sync_openapi", PACKAGE / "sync_openapi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def referee(client) -> RefereeClient:
    return in_process(client)


def test_the_shipped_document_is_openapi_yaml():
    shipped = PACKAGE / "src" / "card_referee_client" / "openapi.json"
    assert shipped.read_text(encoding="utf-8") == sync_module().render(DOCUMENT), "the client's openapi.json is stale: run `make openapi` and commit it"
    assert card_referee_client.document() == DOCUMENT


def test_the_package_the_document_and_the_service_carry_one_version():
    import service

    project = tomllib.loads((PACKAGE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == card_referee_client.__version__ == card_referee_client.version() == DOCUMENT["info"]["version"] == service.__version__


def test_the_client_knows_every_operation_of_the_document_and_nothing_else(client):
    known = card_referee_client.operations()
    assert {spec["operationId"]: (method.upper(), path) for path, method, spec in OPERATIONS} == {op.id: (op.method, op.path) for op in known.values()}
    assert card_referee_client.games() == tuple(game["slug"] for game in client.get("/v1/games").get_json()["games"])


@pytest.mark.parametrize(("path", "method", "spec"), OPERATIONS, ids=[spec["operationId"] for _, _, spec in OPERATIONS])
def test_every_operation_answers_its_documented_example_by_its_id(referee, path, method, spec):
    """The request the document shows (its JSON example, or none for a GET), sent by operation id: a success the
    document lists, in a media type it lists for that status."""
    content = spec.get("requestBody", {}).get("content", {})
    body = content["application/json"]["example"] if "application/json" in content else None
    answer = referee.invoke(spec["operationId"], body)
    assert answer is not None
    successes = {str(status): response for status, response in spec["responses"].items() if str(status).startswith("2")}
    assert successes, spec["operationId"]
    if isinstance(answer, bytes):
        assert any(not kind.endswith("json") for response in successes.values() for kind in response.get("content", {}))
    else:
        assert any("json" in kind for response in successes.values() for kind in response.get("content", {"application/json": {}}))


@pytest.mark.parametrize("slug", card_referee_client.games())
def test_a_games_operations_are_reached_by_their_names_under_the_game(referee, slug):
    game = referee.game(slug)
    assert isinstance(game, GameClient)
    under = {(spec["operationId"]) for path, method, spec in OPERATIONS if path.startswith(f"/v1/{slug}/")}
    assert {op.id for op in game.operations.values()} == under  # one name per operation: no path has two methods
    example = next(spec for path, method, spec in OPERATIONS if path == f"/v1/{slug}/state/check")["requestBody"]["content"]["application/json"]["example"]
    assert game.check_state(example["state"]) == game.invoke("state/check", example) == referee.invoke(f"post_v1_{slug.replace('-', '_')}_state_check", example)


@pytest.mark.parametrize("slug", card_referee_client.games())
def test_a_refusal_is_the_problem_document_member_by_member(referee, client, slug):
    """A move of no known kind, applied: the client's RefereeError carries what the wire carried (RFC 9457's members,
    the errors with their pointers, the request id), read here from the same request sent without the client."""
    example = next(spec for path, method, spec in OPERATIONS if path == f"/v1/{slug}/moves/apply")["requestBody"]["content"]["application/json"]["example"]
    body = {"state": example["state"], "move": {"action": "no-such-action"}}
    with pytest.raises(RefereeError) as caught:
        referee.game(slug).apply(body["state"], body["move"])
    error = caught.value
    wire = client.post(f"/v1/{slug}/moves/apply", json=body)
    problem = wire.get_json()
    assert wire.headers["Content-Type"].startswith("application/problem+json")
    assert (error.status, error.type, error.title, error.detail, error.instance) == (
        wire.status_code,
        problem["type"],
        problem["title"],
        problem["detail"],
        problem.get("instance"),
    )
    assert 400 <= error.status < 500 and error.instance == f"/v1/{slug}/moves/apply"
    assert [dict(e) for e in error.errors] == problem["errors"] and all(e["pointer"].startswith("/move") for e in error.errors)
    assert dict(error.extensions) == {k: v for k, v in problem.items() if k not in ("type", "title", "status", "detail", "instance", "errors")}
    assert error.request_id  # the answer's X-Request-ID


def test_a_name_the_document_does_not_have_is_refused_before_sending(referee):
    with pytest.raises(UnknownOperation, match="post_v1_twenty_four_solve"):
        referee.invoke("post_v1_twenty_four_solv", {})
    with pytest.raises(UnknownOperation, match="sets"):
        referee.game("three-kings").invoke("set", {})
    with pytest.raises(UnknownOperation, match="three-kings"):
        referee.game("three-king")
    with pytest.raises(TypeError, match="format"):
        referee.invoke("post_v1_twenty_four_solve", {"values": [2, 4, 10, 10]}, format="csv")  # solve takes no query


def test_a_sheet_goes_as_csv_or_xlsx_and_comes_back_as_bytes(referee):
    sheet = (ROOT / "examples" / "results-points.csv").read_bytes()
    standings = referee.game("three-kings")
    assert standings.standings(sheet)["standings"][0]["player"] == "ann"
    assert standings.standings(ROOT / "examples" / "results-points.csv", answer="xlsx").startswith(b"PK\x03\x04")  # an XLSX is a zip archive
    assert standings.standings(sheet, answer="csv").decode("utf-8-sig").startswith("rank,player")
    with pytest.raises(TypeError, match="text/csv"):
        referee.invoke("post_v1_twenty_four_solve", b"a,b\n")  # solve takes JSON only


def test_the_package_is_typed():
    assert (Path(card_referee_client.__file__).parent / "py.typed").is_file()

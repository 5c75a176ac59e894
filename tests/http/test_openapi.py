"""openapi.yaml is generated from the code and committed; it must not drift, and it must teach by example."""

from pathlib import Path

import yaml

from service.games import GAME_PACKAGES
from service.http.openapi_file import render

SPEC_FILE = Path(__file__).resolve().parents[2] / "openapi.yaml"


def test_the_committed_spec_matches_the_code():
    assert SPEC_FILE.read_text(encoding="utf-8") == render(), "openapi.yaml is stale: run `make openapi` and commit it"


SHARED_PATHS = ("/state/check", "/moves/legal", "/moves/validate", "/moves/apply", "/view", "/rules", "/conformance")


def test_it_is_openapi_3_1_with_every_endpoint():
    spec = yaml.safe_load(SPEC_FILE.read_text(encoding="utf-8"))
    assert spec["openapi"] == "3.1.0"
    paths = set(spec["paths"])
    assert {"/healthz", "/v1/games"} <= paths
    for slug in GAME_PACKAGES:
        assert {f"/v1/{slug}{path}" for path in SHARED_PATHS} <= paths, slug
    assert {f"/v1/24-kings{path}" for path in ("/games", "/games/from-table", "/hands", "/calculus", "/tournaments/standings")} <= paths
    assert all(path in ("/healthz", "/readyz", "/version", "/v1/games") or path.split("/")[2] in GAME_PACKAGES for path in paths)


def pasteable(content: dict) -> bool:
    """Binary bodies (an XLSX, a file upload) have no example a reader could paste."""
    schema = content.get("schema", {})
    return schema.get("format") != "binary" and "file" not in schema.get("properties", {})


def test_every_request_and_response_has_an_example():
    spec = yaml.safe_load(SPEC_FILE.read_text(encoding="utf-8"))
    components = spec["components"]["responses"]
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            for media, content in operation.get("requestBody", {}).get("content", {}).items():
                assert "example" in content or not pasteable(content), (method, path, media)
            for status, response in operation["responses"].items():
                if "$ref" in response:
                    response = components[response["$ref"].rsplit("/", 1)[1]]
                for media, content in response.get("content", {}).items():  # a 304 has no body
                    assert "example" in content or not pasteable(content), (method, path, status, media)


def test_errors_are_documented_as_problem_json():
    spec = yaml.safe_load(SPEC_FILE.read_text(encoding="utf-8"))
    for name in ("UNPROCESSABLE_ENTITY", "BAD_REQUEST", "REQUEST_ENTITY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "DEFAULT_ERROR"):
        assert list(spec["components"]["responses"][name]["content"]) == ["application/problem+json"]


def test_every_schema_keeps_a_name_of_its_own():
    """apispec renames a schema whose name another already took (Move1...) and warns: every game's names are prefixed."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        render()


def test_schema_names_are_game_then_thing_with_the_game_named_once():
    """``<Game><Thing>`` (issue 26): one prefix per game, never doubled (no ``TwentyFour1718TwentyFour1718Move``), none
    a language would refuse as a name (``24KingsMoveRequest``); every body a game's operations take is named after it."""
    from service.http.api import schema_prefix

    spec = yaml.safe_load(SPEC_FILE.read_text(encoding="utf-8"))
    prefixes = {slug: schema_prefix(slug) for slug in GAME_PACKAGES}
    assert sorted(prefixes.values()) == ["Kings", "NineteenTwentyThree", "ThreeKings", "TwentyFour", "TwentyFour1718"]
    for name in spec["components"]["schemas"]:
        assert name[0].isupper(), name
        assert not any(name.startswith(prefix * 2) for prefix in prefixes.values()), name
    for path, item in spec["paths"].items():
        slug = path.split("/")[2] if path.startswith("/v1/") else None
        for method, operation in item.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            if slug in prefixes and "$ref" in body:
                name = body["$ref"].rsplit("/", 1)[1]
                assert name.startswith(prefixes[slug]) or name == "StandingsRequest", (method, path, name)

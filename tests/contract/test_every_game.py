"""The contract every registered game keeps, through HTTP: the shared endpoints answer, agree and explain themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.games import GAME_PACKAGES, registered_games
from service.http.referee import game_web

from .test_random_games import fill

SLUGS = list(GAME_PACKAGES)


def test_the_registry_lists_every_game_with_its_endpoints(client):
    listed = client.get("/v1/games").get_json()["games"]
    assert [game["slug"] for game in listed] == SLUGS
    for game in listed:
        root = f"/v1/{game['slug']}"
        for path in ("/state/check", "/moves/legal", "/moves/validate", "/moves/apply", "/view"):
            assert f"POST {root}{path}" in game["endpoints"]
        assert {f"GET {root}/rules", f"GET {root}/conformance"} <= set(game["endpoints"])
        assert game["rules"] == f"{root}/rules" and game["players"]["min"] >= 1


@pytest.mark.parametrize("slug", SLUGS)
def test_rules_are_served_with_numbered_sections(client, slug):
    answer = client.get(f"/v1/{slug}/rules").get_json()
    assert answer["slug"] == slug and answer["text"].startswith("# ")
    numbers = [section["section"] for section in answer["sections"]]
    assert numbers and len(numbers) == len(set(numbers)), "every section number is used once"
    assert "../shared" not in answer["text"] and "shared/" not in answer["text"], "the rule text stands alone"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_conformance_case_answers_without_a_server_error(client, slug):
    cases = client.get(f"/v1/{slug}/conformance").get_json()["cases"]
    assert cases
    for case in cases:
        assert case["path"].startswith(f"/v1/{slug}/")
        assert case["answer"]["status"] < 500, case["name"]
        replay = client.open(case["path"], method=case["method"], json=case["body"]) if case["body"] is not None else client.get(case["path"])
        assert replay.status_code == case["answer"]["status"] and replay.get_json() == case["answer"]["body"], case["name"]


def filled(move, state, slug):
    """The move as a client would send it: a template's fields filled in by the contract's one filler, "fill" dropped."""
    if "fill" not in move:
        return move
    return fill({key: value for key, value in move.items() if key != "fill"}, move["fill"], state, game_web(slug).game, slug)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_example_state_is_real_and_its_legal_moves_are_each_judged_legal(client, slug):
    example = game_web(slug).examples()
    state = example["state"]
    assert client.post(f"/v1/{slug}/state/check", json={"state": state}).get_json() == {"valid": True, "problems": []}
    report = client.post(f"/v1/{slug}/moves/legal", json={"state": state}).get_json()
    assert report["moves"] and sum(report["counts"].values()) == len(report["moves"])
    for listed in report["moves"][:40]:
        move = filled(listed, state, slug)
        verdict = client.post(f"/v1/{slug}/moves/validate", json={"state": state, "move": move}).get_json()
        assert verdict["legal"] is True, (move, verdict)
        applied = client.post(f"/v1/{slug}/moves/apply", json={"state": state, "move": move})
        assert applied.status_code == 200, applied.get_json()


@pytest.mark.parametrize("slug", SLUGS)
def test_a_refused_move_is_a_verdict_citing_sections_of_the_rule_text(client, slug):
    example = game_web(slug).examples()
    if "illegal_move" not in example:
        pytest.skip(f"{slug} gives no refused example move")
    verdict = client.post(f"/v1/{slug}/moves/validate", json={"state": example["state"], "move": example["illegal_move"]})
    assert verdict.status_code == 200
    answer = verdict.get_json()
    sections = {section["section"] for section in client.get(f"/v1/{slug}/rules").get_json()["sections"]}
    assert answer["legal"] is False and answer["reasons"]
    for reason in answer["reasons"]:
        assert reason["rule"] in sections and reason["pointer"].startswith("/") and reason["code"]
    for alternative in answer["alternatives"]:
        again = client.post(f"/v1/{slug}/moves/validate", json={"state": example["state"], "move": filled(alternative, example["state"], slug)}).get_json()
        assert again["legal"] is True


@pytest.mark.parametrize("slug", SLUGS)
def test_a_bad_body_is_a_problem_of_one_type_in_every_game(client, slug):
    """The kind of problem is one URI whatever the game (issue 26); the game is named by the instance."""
    response = client.post(f"/v1/{slug}/moves/legal", json={"state": {"nonsense": True}})
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["type"] == "urn:kings-referee:problem:invalid-body" and body["instance"] == f"/v1/{slug}/moves/legal"
    assert body["errors"] and all(error["pointer"].startswith("/state") for error in body["errors"])


@pytest.mark.parametrize("slug", SLUGS)
def test_a_view_names_an_unknown_player_as_a_problem(client, slug):
    state = game_web(slug).examples()["state"]
    response = client.post(f"/v1/{slug}/view", json={"state": state, "player": "nobody-sits-here"})
    assert response.status_code == 422
    assert [error["pointer"] for error in response.get_json()["errors"]] == ["/player"]


def test_registered_games_are_the_registry_in_order():
    assert [game.info.slug for game in registered_games()] == SLUGS


@pytest.mark.parametrize("slug", SLUGS)
def test_the_rules_index_links_every_games_rule_text(slug):
    """RULES.md is the reader's way in: a registered game missing from it has rules nobody finds."""
    root = Path(__file__).resolve().parents[2]
    index = (root / "RULES.md").read_text(encoding="utf-8")
    package_dir = GAME_PACKAGES[slug].replace(".", "/")
    row = next((line for line in index.splitlines() if line.startswith("|") and f"`{slug}`" in line), None)
    assert row is not None, f"RULES.md has no row for {slug}"
    assert f"({package_dir}/rules.md)" in row and (root / package_dir / "rules.md").is_file()

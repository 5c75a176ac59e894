"""A problem type URI per kind of problem, the same in every game (issue 26), and a body that is another game's
state answered with one problem naming that game (issue 30), not one error per field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.core.problems import PROBLEM_BASE, PROBLEM_KINDS

BASE = "urn:kings-referee:problem:"  # the project's base, written out: the URIs are part of the contract


def test_every_kind_is_under_the_projects_base_and_described():
    assert PROBLEM_BASE == BASE
    assert {"malformed-json", "invalid-body", "other-game-state", "invalid-input", "illegal-move", "bad-rows", "too-large"} <= PROBLEM_KINDS.keys()
    assert all(kind == kind.lower() and " " not in kind and len(what) > 20 for kind, what in PROBLEM_KINDS.items())


@pytest.mark.parametrize("slug", ["24-kings", "twenty-four", "three-kings", "1923", "twenty-four-1718"])
def test_one_kind_is_one_type_whatever_the_game(client, slug):
    broken = client.post(f"/v1/{slug}/moves/legal", data=b'{"state": ', content_type="application/json").get_json()
    assert (broken["type"], broken["title"]) == (BASE + "malformed-json", "Malformed JSON")
    misfit = client.post(f"/v1/{slug}/moves/legal", json={"state": 7}).get_json()
    assert misfit["type"] == BASE + "invalid-body" and misfit["instance"] == f"/v1/{slug}/moves/legal"


STATES = {
    "twenty-four": {"players": ["ann", "bob"], "seed": 3},
    "three-kings": {"players": ["ann", "bob"], "seed": 3},
    "1923": {"players": ["ann", "bob"], "seed": 3},
}


@pytest.mark.parametrize(
    ("sent_to", "made_by", "title"),
    [("24-kings", "twenty-four", "Twenty-Four"), ("twenty-four", "three-kings", "Three Kings"), ("three-kings", "1923", "1923")],
)
def test_another_games_state_is_one_problem_naming_that_game(client, sent_to, made_by, title):
    made = client.post(f"/v1/{made_by}/games", json=STATES[made_by])
    assert made.status_code == 200, made.get_json()
    answer = client.post(f"/v1/{sent_to}/state/check", json={"state": made.get_json()["state"]})
    assert answer.status_code == 422
    body = answer.get_json()
    assert (body["type"], body["title"]) == (BASE + "other-game-state", "Another game's state")
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("/state", "other_game_state")]
    here = {"24-kings": "24 Kings", "twenty-four": "Twenty-Four", "three-kings": "Three Kings"}[sent_to]
    assert body["detail"] == f"the state is a {title} state, not a {here} one: send it to /v1/{made_by}/, whose fields it has"
    assert body["errors"][0]["message"] == body["detail"]


def test_a_state_of_this_game_with_a_stray_field_is_still_one_error_per_field(client):
    state = client.post("/v1/twenty-four/games", json={"players": ["ann", "bob"], "seed": 3}).get_json()["state"]
    body = client.post("/v1/twenty-four/state/check", json={"state": state | {"castles": []}}).get_json()
    assert body["type"] == BASE + "invalid-body" and [(e["pointer"], e["code"]) for e in body["errors"]] == [("/state/castles", "unknown_field")]


def test_every_kind_the_code_names_is_documented_in_the_operations_guide():
    root = Path(__file__).resolve().parents[2]
    named = set()
    for source in (root / "service").rglob("*.py"):
        named |= set(re.findall(r'slug="([a-z-]+)"', source.read_text(encoding="utf-8")))
    named -= {"twenty-four", "twenty-four-1718", "three-kings", "1923", "24-kings"}  # the games' own slugs, not problem kinds
    assert named and named <= PROBLEM_KINDS.keys()  # a kind the code names but the registry lacks would fail when answered
    guide = (root / "docs" / "operations.md").read_text(encoding="utf-8")
    assert all(f"| `{BASE}{kind}` |" in guide for kind in PROBLEM_KINDS)

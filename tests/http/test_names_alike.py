"""Names alike across games (issue 26): a game's variant settings are its `rules` on the wire, in every game.

Twenty-Four's and Three Kings' requests (and Twenty-Four's state) said `options`; a body that still does is refused
with one problem at `/options` that names the new field, so a client can act on it (never read as the old name).
"""

from __future__ import annotations

import pytest

RENAMED = [
    ("/v1/twenty-four/games", {"players": ["ann", "bob"], "seed": 1, "options": {"hands": 2}}, "/options"),
    ("/v1/twenty-four/games/from-table", {"players": ["ann", "bob"], "options": {"hands": 2}}, "/options"),
    ("/v1/three-kings/games", {"players": ["ann", "bob"], "seed": 1, "options": {"scoring": "bonus"}}, "/options"),
    ("/v1/three-kings/games/from-table", {"players": ["ann", "bob"], "table": ["5", "J", "3", "Q"], "options": {"scoring": "bonus"}}, "/options"),
]


@pytest.mark.parametrize(("path", "body", "pointer"), RENAMED)
def test_options_is_refused_with_a_problem_naming_rules(client, path, body, pointer):
    answer = client.post(path, json=body)
    assert answer.status_code == 422
    errors = answer.get_json()["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [(pointer, "renamed_field")]
    assert "rules" in errors[0]["message"] and "options" in errors[0]["message"]


@pytest.mark.parametrize(("path", "body", "pointer"), RENAMED)
def test_the_same_settings_under_rules_are_read(client, path, body, pointer):
    sent = {("rules" if key == "options" else key): value for key, value in body.items()}
    answer = client.post(path, json=sent)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["state"]["rules"].items() >= body["options"].items()


def test_a_twenty_four_state_says_rules_and_refuses_options(client):
    state = client.post("/v1/twenty-four/games", json={"players": ["ann", "bob"], "seed": 3, "rules": {"hands": 3}}).get_json()["state"]
    assert state["rules"] == {"face_cards": False, "dynamic_target": False, "hands": 3} and "options" not in state
    old = {("options" if key == "rules" else key): value for key, value in state.items()}
    answer = client.post("/v1/twenty-four/state/check", json={"state": old})
    assert answer.status_code == 422
    assert [(e["pointer"], e["code"]) for e in answer.get_json()["errors"]] == [("/state/options", "renamed_field")]

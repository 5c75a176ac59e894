"""Names people type go through one field (schemas.fields.Name): NFC, and refused for what could deceive or break an output."""

from __future__ import annotations

from typing import Any

import pytest
from marshmallow import ValidationError

from schemas.common import player_name
from schemas.fields import Name
from service import create_app


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


@pytest.mark.parametrize(
    "name, code",
    [
        ("b\u0000b", "name_control_character"),
        ("b\x1b[31m", "name_control_character"),
        ("evil\u202etxt.exe", "name_bidi_control"),
        ("a\u200bnn", "name_zero_width"),
        ("\ud800", "name_lone_surrogate"),
        ("   ", "name_empty"),
        ("x" * 65, "name_too_long"),
    ],
)
def test_a_name_is_refused_with_its_reason(name: str, code: str) -> None:
    with pytest.raises(ValidationError) as refused:
        Name().deserialize(name)
    assert getattr(refused.value.messages[0], "code", None) == code


def test_a_name_is_nfc_without_surrounding_spaces() -> None:
    assert Name().deserialize(" Zoe\u0308 ") == "Zo\u00eb"


@pytest.mark.parametrize("name, code", [("b\u0000b", "name_control_character"), ("a\u2066b", "name_bidi_control")])
def test_a_refused_name_is_a_422_with_the_names_code(client: Any, name: str, code: str) -> None:
    response = client.post("/v1/24-kings/games", json={"players": ["ann", name], "seed": 1})
    assert response.status_code == 422
    assert [(e["pointer"], e["code"]) for e in response.get_json()["errors"]] == [("/players/1", code)]


@pytest.mark.parametrize("slug", ["24-kings", "twenty-four", "three-kings", "1923", "twenty-four-1718"])
def test_every_game_refuses_a_bidi_override_in_a_new_games_names(client: Any, slug: str) -> None:
    players = ["ann", "bob", "cy", "dee\u202e"]
    response = client.post(f"/v1/{slug}/games", json={"players": players, "seed": 1})
    assert response.status_code == 422
    assert "name_bidi_control" in {e["code"] for e in response.get_json()["errors"]}


def test_twenty_four_keeps_its_shorter_limit(client: Any) -> None:
    response = client.post("/v1/twenty-four/games", json={"players": ["a" * 41, "bob"], "seed": 1})
    assert [(e["pointer"], e["code"]) for e in response.get_json()["errors"]] == [("/players/0", "name_too_long")]


def test_player_name_is_the_name_field() -> None:
    assert isinstance(player_name(), Name)


def test_the_kings_outcomes_caller_is_a_name() -> None:
    from schemas.kings import OutcomeSchema

    caller = OutcomeSchema().fields["caller"]
    assert isinstance(caller, Name) and caller.required and caller.allow_none

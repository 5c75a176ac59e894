"""The Python client against a real gunicorn (the ``server`` fixture)."""

import pytest
from card_referee_client import RefereeClient, RefereeError, RefereeUnavailable

from service.games import GAME_PACKAGES
from service.games.kings.web import CALCULUS_REQUEST, HANDS_REQUEST, TABLE_SETUP_REQUEST
from tests.conftest import ROOT, free_port


@pytest.fixture
def client(server):
    return RefereeClient(server, timeout=5)


def test_every_endpoint(client):
    assert client.health() == {"status": "ok"}
    assert [game["slug"] for game in client.games()["games"]] == list(GAME_PACKAGES)
    assert len(client.rules()["hands"]) == 24
    game = client.new_game(["ann", "bob"], seed=3)
    state = game["state"]
    assert client.check_state(state) == {"valid": True, "problems": []}
    legal = client.legal_moves(state)
    move = legal["moves"][0]
    assert client.validate(state, move)["legal"] is True
    assert client.apply(state, move)["state"]["to_act"] == 0
    assert client.game_from_table(TABLE_SETUP_REQUEST)["state"]["draw_pile"]["hidden"] == 77
    assert client.hands(HANDS_REQUEST["castles"], HANDS_REQUEST["cards"])["best"]["score"] == 48
    table = client.calculus(CALCULUS_REQUEST["castles"], CALCULUS_REQUEST["players"], caller="bob")
    assert table["winners"] == ["bob"]
    assert client.standings(ROOT / "examples" / "results-points.csv")["standings"][0]["player"] == "ann"
    assert client.standings([{"game": 1, "player": "ann", "points": 1}])["standings"][0]["total"] == 1
    assert client.standings(ROOT / "examples" / "results-points.csv", answer="csv").startswith("\ufeffrank,player".encode())  # a BOM first, for Excel


def test_a_refusal_carries_the_problem(client):
    with pytest.raises(RefereeError) as caught:
        client.hands([{"card": "5H"}, {"card": "9H"}, {"card": "4D"}, {"card": "10S"}], ["QH"])
    error = caught.value
    assert error.status == 422 and error.type.endswith("invalid-input")
    assert error.errors[0]["pointer"] == "/castles/1/card" and "castle_suit_repeated" in str(error)
    assert error.instance == "/v1/24-kings/hands"  # the problem's own member: which request it is about


def test_nothing_answering_is_its_own_error():
    with pytest.raises(RefereeUnavailable, match="kings serve"):
        RefereeClient(f"http://127.0.0.1:{free_port()}", timeout=2).health()


def test_the_default_timeout_is_set():
    assert RefereeClient().timeout == 10.0

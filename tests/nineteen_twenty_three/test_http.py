"""1923 over HTTP: its own endpoints, the shared referee endpoints with its schemas, and self-play through the API."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service import create_app
from service.core.cards import Pack, card_texts
from service.http.views.tournaments import standings_blueprint
from service.tournaments.scoring import game_row_scorer

from .test_judging import games

ROOT = "/v1/1923"
HANDS = [{"player": "ann", "cards": ["10H", "8D"]}, {"player": "bob", "cards": ["10C", "8S"]}]


def post(client, path: str, body, status: int = 200):
    response = client.post(ROOT + path, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def test_new_game_is_seeded_and_reproducible(client):
    first = post(client, "/games", {"players": ["ann", "bob", "cy", "dee"], "seed": 9})
    assert first == post(client, "/games", {"players": ["ann", "bob", "cy", "dee"], "seed": 9})
    state = first["state"]
    assert state["rules"] == {"decks": 2, "target": 21} and state["seed"] == 9 and state["phase"] == "play"
    assert [len(p["hand"]["cards"]) for p in state["players"]] == [2, 2, 2, 2] and state["pile"]["hidden"] == 0
    drawn = post(client, "/games", {"players": ["ann", "bob"], "decks": 1, "target": 5})["state"]
    assert drawn["rules"] == {"decks": 1, "target": 5} and isinstance(drawn["seed"], int)


def test_new_game_problems(client):
    problem = post(client, "/games", {"players": ["ann", "ann"], "seed": 1}, 422)
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/players/1", "duplicate_name")]
    problem = post(client, "/games", {"players": ["ann", "bob"], "decks": 11}, 422)
    assert problem["errors"][0]["pointer"] == "/decks"


def test_from_table_then_play_with_revealed_cards(client):
    state = post(client, "/games/from-table", {"players": ["ann", "bob"], "decks": 1})["state"]
    assert state["deal"] == "physical" and state["pile"] == {"cards": [], "hidden": 48}
    for player in ("ann", "bob"):
        state = post(client, "/moves/apply", {"state": state, "move": {"action": "lock", "player": player}})["state"]
    verdict = post(client, "/moves/validate", {"state": state, "move": {"action": "reveal"}})
    assert not verdict["legal"] and {r["code"] for r in verdict["reasons"]} == {"reveal_required"}
    move = {"action": "reveal", "hands": {"ann": ["10H", "8D"], "bob": ["10C", "8S"]}}
    waiting = post(client, "/moves/apply", {"state": state, "move": move})["state"]  # revised: the tie waits for the draw move
    assert waiting["phase"] == "draw" and post(client, "/moves/legal", {"state": waiting})["table_step"]["action"] == "draw"
    move["draws"] = {"ann": ["5S", "7S"], "bob": ["5D", "2C"]}
    after = post(client, "/moves/apply", {"state": state, "move": move})
    assert after["state"]["players"][0]["won"] == ["10H", "8D", "10C", "8S", "5S", "7S", "5D", "2C"]
    problem = post(client, "/moves/apply", {"state": state, "move": {"action": "reveal"}}, 422)
    assert problem["type"] == "urn:kings-referee:problem:illegal-move"


def test_judge_endpoint(client):
    answer = post(client, "/judge", {"hands": HANDS})
    assert (answer["needs"], answer["tied"], answer["round"], answer["winner"]) == ("draw", ["ann", "bob"], 1, None)
    answer = post(client, "/judge", {"hands": HANDS, "pile": 0})
    assert (answer["decided_by"], answer["dead_cards"]) == ("none", 4)
    problem = post(client, "/judge", {"hands": [{"player": "ann", "cards": ["ZZ"]}]}, 422)
    assert problem["errors"][0]["pointer"] == "/hands/0/cards/0"
    problem = post(client, "/judge", {"hands": [{"player": "ann", "cards": ["AH", "2C"]}, {"player": "bob", "cards": ["AH", "3C"]}], "decks": 1}, 422)
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/hands/1/cards/0", "too_many_copies")]


def test_set_and_match_endpoints(client):
    answer = post(client, "/sets/score", {"won": {"ann": ["AH", "7C"], "bob": ["AS"]}})
    assert answer["points"] == {"ann": 3, "bob": -1} and answer["winners"] == ["ann"]
    standings = post(
        client,
        "/matches/standings",
        {
            "target": 21,
            "sets": [{"points": {"ann": 14, "bob": 0}, "cards": {"ann": 14, "bob": 12}}, {"points": {"ann": 21, "bob": 22}, "cards": {"ann": 21, "bob": 21}}],
        },
    )
    assert (standings["over"], standings["winners"], standings["decided_by"], standings["rule"]) == (True, ["ann"], "most_cards", "6.2")
    problem = post(client, "/matches/standings", {"sets": [{"points": {"ann": 1}}]}, 422)
    assert problem["errors"][0]["code"] == "set_shape"


def test_view_endpoint(client):
    state = post(client, "/games", {"players": ["ann", "bob"], "seed": 4})["state"]
    view = post(client, "/view", {"state": state, "player": "ann"})
    assert view["player"] == "ann" and view["state"]["seed"] is None
    assert view["state"]["players"][0]["hand"]["hidden"] == 1 and view["state"]["players"][1]["hand"]["cards"] == []


def test_rules_catalog(client):
    rules = client.get(f"{ROOT}/rules").get_json()
    assert rules["range"] == {"low": 19, "high": 23} and rules["card_points"]["A"] == "1 or 11" and rules["card_points"]["K"] == 10
    assert rules["tie_break_points"]["A"] == 11 and rules["steps"]["war"] == "4.5" and rules["default_target"] == 21


def test_conformance_worked_examples(client):
    cases = {case["name"]: case["answer"]["body"] for case in client.get(f"{ROOT}/conformance").get_json()["cases"]}
    assert cases["worked example: AH 9C 2D is 22"]["values"]["ann"] == 22
    assert cases["worked example: 25 and 17 tie on distance, the average decides"]["winner"] == "bob"
    assert cases["worked example: a shared set with Ace benefit and damage"]["points"] == {"ann": 16, "bob": 15, "cy": -1}


def play_over_http(client, number: int) -> dict:
    rng = random.Random(number)
    names = [f"p{index}" for index in range(rng.randint(2, 5))]
    state = post(client, "/games", {"players": names, "seed": number, "target": rng.choice([3, 8])})["state"]
    pack = Counter(str(card) for card in Pack(decks=state["rules"]["decks"]).cards())
    while state["phase"] != "over":
        cards = Counter(state["pile"]["cards"] + state["dead"]["cards"])
        for player in state["players"]:
            cards.update(player["hand"]["cards"] + player["won"])
        assert cards == pack
        moves = post(client, "/moves/legal", {"state": state})["moves"]
        takes = [move for move in moves if move["action"] == "take"]
        move = rng.choice(takes if takes and rng.random() < 0.5 else [m for m in moves if m["action"] != "take"] or takes)
        state = post(client, "/moves/apply", {"state": state, "move": move})["state"]
    assert post(client, "/state/check", {"state": state}) == {"valid": True, "problems": []}
    return state


@pytest.mark.slow
def test_a_hundred_matches_over_http(client):
    outcomes = Counter(play_over_http(client, number)["outcome"]["decided_by"] for number in range(100))
    assert sum(outcomes.values()) == 100


def test_a_match_over_http(client):
    assert play_over_http(client, 1)["outcome"]["winners"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games(), st.randoms(use_true_random=False))
def test_the_judged_winner_over_http_does_not_depend_on_the_order(client, game, rng):
    hands, draws, pile = game

    def body(order):
        data = {
            "hands": [{"player": name, "cards": card_texts(cards)} for name, cards in order],
            "decks": 2,
            "draws": [{"player": name, "cards": card_texts(cards)} for name, cards in draws.items() if cards],
        }
        return data | ({} if pile is None else {"pile": pile})

    reordered = list(hands)
    rng.shuffle(reordered)
    first, second = client.post(f"{ROOT}/judge", json=body(hands)), client.post(f"{ROOT}/judge", json=body(reordered))
    assert first.status_code == second.status_code
    if first.status_code == 200:
        assert (first.get_json()["winner"], first.get_json()["decided_by"]) == (second.get_json()["winner"], second.get_json()["decided_by"])
    else:
        assert {e["code"] for e in first.get_json()["errors"]} == {e["code"] for e in second.get_json()["errors"]} == {"draw_not_needed"}


def test_a_sheet_of_sets_through_the_tournament_standings():
    """One sheet game is one set: rows of cards won, scored with Ace benefit and damage, then added up."""
    app = create_app({"TESTING": True})
    if f"{ROOT}/tournaments/standings" not in {rule.rule for rule in app.url_map.iter_rules()}:
        app.extensions["referee_api"].register_blueprint(standings_blueprint("1923", game_row_scorer("1923")))
    sheet = b"game,player,won\n1,ann,AH AS 2H 3H\n1,bob,AD 2S\n2,ann,5C\n2,bob,6C 7C AC\n"
    body = app.test_client().post(f"{ROOT}/tournaments/standings", data=sheet, content_type="text/csv").get_json()
    assert body["shape"] == "won"
    assert {s["player"]: s["total"] for s in body["standings"]} == {"ann": 6, "bob": 3}  # set 1: ann 4 + 2 Aces, bob -1; set 2: bob 3 + 1, ann 0

"""Three Kings through HTTP (the Flask test client): its own endpoints, the shared ones, 100 self-play games, and the engine's purity."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from .oracle import expected_result, invariant_problems

ROOT = Path(__file__).resolve().parents[2]
BASE = "/v1/three-kings"


def post(client, path, body):
    return client.post(BASE + path, json=body)


def test_the_engine_imports_without_a_web_framework():
    code = (
        "import sys, service.games.three_kings, service.games.three_kings.queries, service.games.three_kings.tournament; "
        "bad = [m for m in ('flask', 'werkzeug', 'marshmallow', 'orjson') if m in sys.modules]; print(bad); sys.exit(bool(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_worked_example_through_sets(client):
    answer = post(client, "/sets", {"hand": ["6", "K", "2", "9"], "table": ["5", "J", "3", "K"], "players": 2})
    assert answer.status_code == 200
    assert answer.get_json() == {
        "sets": [{"hand_card": "6", "table_cards": ["5", "J"], "sum": "6 + 5 = 11"}, {"hand_card": "2", "table_cards": ["3", "5"], "sum": "2 + 3 = 5"}],
        "can_take_king": True,
        "may_discard": False,
        "may_pass": False,
    }


def test_sets_refuses_more_copies_than_the_pack_naming_each_place(client):
    answer = post(client, "/sets", {"hand": ["9", "9", "9"], "table": ["9", "9", "9H"]})
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    assert [(e["pointer"], e["code"]) for e in answer.get_json()["errors"]] == [("/table/1", "too_many_copies"), ("/table/2", "too_many_copies")]
    assert post(client, "/sets", {"hand": ["9", "9", "9"], "table": ["9", "9", "9H"], "players": 3}).status_code == 200


@pytest.mark.parametrize(
    "method, scores, winners",
    [
        ("three_kings_wins", None, ["bob"]),
        ("bonus", {"ann": 22, "bob": 25}, ["bob"]),
        ("penalty", {"ann": 22, "bob": -5}, ["bob"]),
    ],
)
def test_score_by_each_method(client, method, scores, winners):
    answer = post(client, "/score", {"method": method, "piles": {"ann": ["6", "5", "J"], "bob": ["2", "3", "5"]}, "three_kings": "bob"})
    assert answer.get_json() == {"method": method, "scores": scores, "winners": winners}


def test_new_games_and_their_refusals(client):
    body = {"players": ["ann", "bob", "cy"], "seed": 5, "rules": {"scoring": "penalty", "play_it_out": True}, "dealer": 2}
    first = post(client, "/games", body).get_json()
    assert first == post(client, "/games", body).get_json()
    state = first["state"]
    assert state["to_act"] == 0 and state["phase"] == "draw" and state["rules"] == {"scoring": "penalty", "play_it_out": True}
    assert len(state["draw_pile"]["cards"]) == 79 - 12 - 4
    unseeded = post(client, "/games", {"players": ["ann", "bob"]}).get_json()["state"]
    assert isinstance(unseeded["seed"], int) and unseeded["rules"]["scoring"] == "three_kings_wins"
    refused = post(client, "/games", {"players": ["ann"], "rules": {"scoring": "three_kings_wins", "play_it_out": True}})
    assert refused.status_code == 422
    assert {e["pointer"] for e in refused.get_json()["errors"]} == {"/players", "/rules/play_it_out"}


def test_a_game_from_a_real_table(client):
    answer = post(client, "/games/from-table", {"players": ["ann", "bob"], "table": ["5H", "J", "3", "JK"], "dealer": 1})
    state = answer.get_json()["state"]
    assert state["table"] == ["5H", "J", "3", "JK"]
    assert [p["hand"] for p in state["players"]] == [{"cards": [], "hidden": 4}] * 2
    assert state["draw_pile"] == {"cards": [], "hidden": 41}
    moves = post(client, "/moves/legal", {"state": state}).get_json()["moves"]
    assert moves == [{"player": "ann", "action": "draw"}, {"player": "ann", "action": "show_kings"}]


def test_a_refused_move_is_a_verdict_and_apply_is_a_422(client):
    from service.games.three_kings.web import examples

    ex = examples()
    verdict = post(client, "/moves/validate", {"state": ex["state"], "move": ex["illegal_move"]}).get_json()
    assert verdict["legal"] is False
    assert [(r["code"], r["rule"], r["pointer"]) for r in verdict["reasons"]] == [("set_available", "3.3", "/move/action")]
    assert {a["action"] for a in verdict["alternatives"]} == {"set", "take_king"}
    applied = post(client, "/moves/apply", {"state": ex["state"], "move": ex["illegal_move"]})
    assert applied.status_code == 422


def test_a_bad_state_names_every_problem(client):
    from service.games.three_kings.web import examples

    state = {**examples()["state"], "table": ["5", "J", "3", "K", "7"], "to_act": 1, "phase": "draw"}
    answer = post(client, "/state/check", {"state": state}).get_json()
    assert answer["valid"] is False
    found = {(p["pointer"].rsplit("/", 1)[0], p["code"]) for p in answer["problems"]}
    assert found >= {("/state/draw_pile/cards", "too_many_copies"), ("", "card_total")}  # the fifth 7 seen is the pile's last


def test_rules_are_served_with_the_scoring_methods(client):
    answer = client.get(BASE + "/rules").get_json()
    assert set(answer["scoring"]) == {"three_kings_wins", "bonus", "penalty"}
    sections = {section["section"] for section in answer["sections"]}
    assert {"1.3", "3.3", "4.1", "5.2", "6.2", "7.1", "8.4", "9", "10.4"} <= sections


def test_the_conformance_cases_start_with_the_worked_example(client):
    cases = client.get(BASE + "/conformance").get_json()["cases"]
    assert cases[0]["path"] == BASE + "/sets" and cases[0]["answer"]["status"] == 200
    assert [s["sum"] for s in cases[0]["answer"]["body"]["sets"]] == ["6 + 5 = 11", "2 + 3 = 5"]


@pytest.mark.slow
def test_a_hundred_games_through_http(client):
    for seed in range(100):
        rng = random.Random(seed)
        scoring = ["three_kings_wins", "bonus", "penalty"][seed % 3]
        options = {"scoring": scoring, "play_it_out": scoring != "three_kings_wins" and seed % 2 == 0}
        state = post(client, "/games", {"players": ["ann", "bob", "cy"][: 2 + seed % 2], "seed": seed, "rules": options}).get_json()["state"]
        while state["phase"] != "over":
            moves = post(client, "/moves/legal", {"state": state}).get_json()["moves"]
            answer = post(client, "/moves/apply", {"state": state, "move": rng.choice(moves)})
            assert answer.status_code == 200, answer.get_json()
            state = answer.get_json()["state"]
            assert invariant_problems(state) == []
        assert post(client, "/state/check", {"state": state}).get_json() == {"valid": True, "problems": []}
        outcome = state["outcome"]
        assert {"scores": outcome["scores"], "winners": outcome["winners"]} == expected_result(state)


def test_every_operation_of_the_game_is_documented_with_examples():
    """openapi.yaml is regenerated on main; the spec the code renders already has an example for every body of this game."""
    import yaml

    from service.http.openapi_file import render

    spec = yaml.safe_load(render())
    # The standings endpoint is every game's (its uploads have no example to paste); tests/http checks it.
    paths = {path: methods for path, methods in spec["paths"].items() if path.startswith(BASE) and "/tournaments/" not in path}
    assert {f"{BASE}{p}" for p in ("/games", "/games/from-table", "/sets", "/score", "/moves/legal", "/view")} <= set(paths)
    responses = spec["components"]["responses"]
    for path, methods in paths.items():
        for method, operation in methods.items():
            for content in operation.get("requestBody", {}).get("content", {}).values():
                assert "example" in content, (method, path)
            for status, answer in operation["responses"].items():
                answer = responses[answer["$ref"].rsplit("/", 1)[1]] if "$ref" in answer else answer
                assert all("example" in content for content in answer.get("content", {}).values()), (method, path, status)  # a 304 has no body


def test_the_view_carries_no_seed(client):
    """With the seed a player could replay the shuffle and learn every hidden card (rules.md §2.2): the view leaves it out."""
    state = post(client, "/games", {"players": ["ann", "bob"], "seed": 7}).get_json()["state"]
    assert state["seed"] == 7  # the full state keeps it, so the deal can be replayed by whoever holds the whole table
    seen = post(client, "/view", {"state": state, "player": "bob"}).get_json()
    assert seen["seed"] is None


def test_three_kings_by_a_king_taken_from_an_unseen_pile_validate_and_apply_agree(client):
    """The game ends the moment the third King is held: nothing is turned from the pile, so no `turned` is asked for (§7.1)."""
    from .tables import table

    data = table([["K", "K", "4"], ["8", "8"]], ["K"])
    data["draw_pile"] = {"cards": [], "hidden": len(data["draw_pile"]["cards"])}
    body = {"state": data, "move": {"player": "ann", "action": "take_king"}}
    assert post(client, "/moves/validate", body).get_json()["legal"] is True
    applied = post(client, "/moves/apply", body)
    assert applied.status_code == 200, applied.get_json()
    after = applied.get_json()["state"]
    assert after["phase"] == "over" and after["three_kings"] == "ann" and after["table"] == []
    assert after["draw_pile"] == {"cards": [], "hidden": 53 - 3 - 2 - 1}


def _real_table(client, table_cards=("5", "J", "3", "Q")):
    """ann's hand 6 K 2 9 given at a real table (bob's unseen), then ann's draw named: a 4 (worked by hand, rules.md §10)."""
    body = {"players": ["ann", "bob"], "table": ["5", "J", "3", "Q"], "dealer": 1, "hands": [["6", "K", "2", "9"], []]}
    state = post(client, "/games/from-table", body).get_json()["state"]
    state = post(client, "/moves/apply", {"state": state, "move": {"player": "ann", "action": "draw", "drawn": ["4"]}}).get_json()["state"]
    assert state["players"][0]["hand"] == {"cards": ["6", "K", "2", "9", "4"], "hidden": 0}
    if list(table_cards) != state["table"]:  # the table cut: the cards taken off go back into the unseen pile
        state["draw_pile"]["hidden"] += len(state["table"]) - len(table_cards)
        state["table"] = list(table_cards)
    return state


def _validate_and_apply(client, state, move):
    verdict = post(client, "/moves/validate", {"state": state, "move": move}).get_json()
    applied = post(client, "/moves/apply", {"state": state, "move": move})
    return verdict, applied


def test_turned_cards_named_when_the_table_is_not_emptied_are_refused_by_validate_as_by_apply(client):
    """6 + 5 = J leaves 3 Q on the table: nothing is turned, so four turned cards are too many (rules.md §10.3)."""
    state = _real_table(client)
    move = {"player": "ann", "action": "set", "hand_card": "6", "table_cards": ["5", "J"], "turned": ["7", "8", "9", "10"]}
    verdict, applied = _validate_and_apply(client, state, move)
    assert applied.status_code == 422
    assert [(e["pointer"], e["code"]) for e in applied.get_json()["errors"]] == [("/move/turned", "too_many_turned")]
    assert verdict["legal"] is False
    assert [(r["pointer"], r["code"], r["rule"]) for r in verdict["reasons"]] == [("/move/turned", "too_many_turned", "10.3")]
    unnamed = {key: value for key, value in move.items() if key != "turned"}
    assert post(client, "/moves/validate", {"state": state, "move": unnamed}).get_json()["legal"] is True
    assert post(client, "/moves/apply", {"state": state, "move": unnamed}).status_code == 200


def test_a_set_emptying_the_table_without_turned_cards_is_refused_by_validate_and_listed_as_a_template(client):
    """Table 5 J: 6 + 5 = J empties it; the extra draw leaves 40 - 1 unseen cards, so four are turned (§6, §10.3)."""
    state = _real_table(client, ("5", "J"))
    assert state["draw_pile"] == {"cards": [], "hidden": 53 - 8 - 1 - 2}
    move = {"player": "ann", "action": "set", "hand_card": "6", "table_cards": ["5", "J"]}
    verdict, applied = _validate_and_apply(client, state, move)
    assert applied.status_code == 422
    assert [(e["pointer"], e["code"]) for e in applied.get_json()["errors"]] == [("/move/turned", "turned_required")]
    assert verdict["legal"] is False
    assert [(r["pointer"], r["code"], r["rule"]) for r in verdict["reasons"]] == [("/move/turned", "turned_required", "10.3")]
    listed = [m for m in post(client, "/moves/legal", {"state": state}).get_json()["moves"] if m["action"] == "set"]
    assert [(m["hand_card"], m["table_cards"], sorted(m.get("fill", {}))) for m in listed] == [("6", ["5", "J"], ["turned"])]
    assert "4" in listed[0]["fill"]["turned"]  # how many: four cards turned
    filled = {key: value for key, value in listed[0].items() if key not in ("fill", "sum")} | {"turned": ["7", "8", "9", "10"]}
    verdict, applied = _validate_and_apply(client, state, filled)
    assert verdict["legal"] is True and applied.status_code == 200
    assert applied.get_json()["state"]["table"] == ["7", "8", "9", "10"]


def test_a_third_king_drawn_in_a_game_played_out_is_not_shown_to_the_others(client):
    """ann holds K K and draws the third King from a pile the service dealt; playing it out, the game goes on. bob's
    view must not say she holds three Kings: the draw was hers alone (rules.md §9); hers says it, and so does
    everyone's once the game is over."""
    from .tables import table

    data = table([["K", "K", "4", "6"], ["8", "8", "2", "3"]], ["5", "J", "9", "Q"], draws=["K"], phase="draw", rules={"scoring": "bonus", "play_it_out": True})
    applied = post(client, "/moves/apply", {"state": data, "move": {"player": "ann", "action": "draw"}})
    assert applied.status_code == 200, applied.get_json()
    state = applied.get_json()["state"]
    assert state["three_kings"] == "ann" and state["phase"] == "play"
    bob = post(client, "/view", {"state": state, "player": "bob"}).get_json()
    assert bob["three_kings"] is None
    assert bob["players"][0]["hand"] == {"cards": [], "hidden": 5}
    assert post(client, "/view", {"state": state, "player": "ann"}).get_json()["three_kings"] == "ann"
    over = state | {"phase": "over"}
    over_view = post(client, "/view", {"state": over, "player": "bob"})
    if over_view.status_code == 200:  # a state marked over needs its outcome too; when it checks, the fact is public
        assert over_view.get_json()["three_kings"] == "ann"

"""Twenty-Four through HTTP: the golden cases, the game's own endpoints, and whole games through the referee endpoints."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.games.twenty_four.pack import pack_for

from . import oracle
from .golden import GOLDEN, case_id

ROOT = "/v1/twenty-four"


def post(client, path, body, status=200):
    response = client.post(ROOT + path, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


@pytest.mark.parametrize("case", GOLDEN["solve"], ids=case_id)
def test_golden_solve_cases(client, case):
    face_cards = max(case["values"]) > 10  # bare 11-13 are face cards (rules.md §1.3)
    answer = post(client, "/solve", {"values": case["values"], "target": case["target"], "face_cards": face_cards})
    assert answer["solvable"] is case["solvable"] and answer["count"] == len(answer["solutions"])
    assert (answer["count"] > 0) is case["solvable"]
    for solution in answer["solutions"]:
        assert post(client, "/judge", {"values": case["values"], "expression": solution, "target": case["target"], "face_cards": face_cards})["correct"]


@pytest.mark.parametrize("case", GOLDEN["judge"], ids=case_id)
def test_golden_judge_cases(client, case):
    body = {"values": case["values"], "expression": case["expression"], "target": case.get("target", 24), "face_cards": max(case["values"]) > 10}
    answer = post(client, "/judge", body)
    assert answer["correct"] is case["correct"]
    if "value" in case:
        assert answer["value"] == case["value"]
    if "codes" in case:
        assert {reason["code"] for reason in answer["reasons"]} & set(case["codes"])
        assert all(isinstance(reason["at"], int) and 0 <= reason["at"] <= len(case["expression"]) for reason in answer["reasons"])


@pytest.mark.parametrize("case", GOLDEN["target"], ids=case_id)
def test_golden_target_cases(client, case):
    answer = post(client, "/target", {"cards": case["cards"], "face_cards": case.get("face_cards", False)})
    assert (answer["target"], answer["removed_high"], answer["removed_low"]) == (case["target"], case["removed_high"], case["removed_low"])


def test_solve_takes_cards_and_ascii_notation(client):
    answer = post(client, "/solve", {"cards": ["2S", "4h", "10D", "TC"], "notation": "ascii"})
    assert answer["values"] == [2, 4, 10, 10] and answer["solutions"] == ["10 * (2 + 4 / 10)"]


@pytest.mark.parametrize(("values", "target"), [([10, 10, 10, 10], 1000), ([13, 13, 13, 13], 1000), ([8, 9, 12, 13], 0), ([6, 7, 8, 9], 504)])
def test_solve_any_target_up_to_1000(client, values, target):
    answer = post(client, "/solve", {"values": values, "target": target, "face_cards": True})
    assert {oracle.key(oracle.parse(text)) for text in answer["solutions"]} == oracle.solution_keys(tuple(values), target)


def test_a_target_beyond_1000_is_refused(client):
    post(client, "/solve", {"values": [1, 2, 3, 4], "target": 1001}, status=422)


@pytest.mark.parametrize(
    ("body", "pointer", "code"),
    [
        ({"values": [1, 2, 3, 4], "cards": ["AS", "2S", "3S", "4S"]}, "/cards", "table_required"),
        ({}, "/cards", "table_required"),
        ({"cards": ["KS", "2S", "3S", "4S"]}, "/cards/0", "not_in_pack"),
        ({"cards": ["2S", "2S", "3S", "4S"]}, "/cards/1", "repeated_card"),
    ],
)
def test_a_table_given_wrongly_is_a_problem(client, body, pointer, code):
    answer = post(client, "/solve", body, status=422)
    assert [(error["pointer"], error["code"]) for error in answer["errors"]] == [(pointer, code)]


def test_face_cards_count_11_12_13(client):
    assert post(client, "/solve", {"cards": ["KS", "QS", "JS", "AS"], "face_cards": True})["values"] == [13, 12, 11, 1]


@pytest.mark.parametrize(("expression", "status"), [("(" * 17 + "1" + ")" * 17, 422), ("1+" * 101, 422), ("(" * 16 + "1" + ")" * 16, 200)])
def test_the_expression_is_bounded_with_a_clear_refusal(client, expression, status):
    answer = post(client, "/judge", {"values": [1, 2, 3, 4], "expression": expression}, status=status)
    if status == 422:
        assert answer["errors"][0]["pointer"] == "/expression"


def test_the_target_needs_eight_cards_of_the_pack(client):
    post(client, "/target", {"cards": ["AS"] * 8}, status=422)
    assert post(client, "/target", {"cards": ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "KS"]}, status=422)["errors"][0]["code"] == "not_in_pack"


# -- the referee through HTTP -------------------------------------------------------------------
def test_a_new_game_is_seeded_and_reproducible(client):
    body = {"players": ["ann", "bob", "cy"], "seed": 11, "rules": {"face_cards": True, "dynamic_target": True, "hands": 2}}
    first, again = post(client, "/games", body), post(client, "/games", body)
    assert first == again and first["seed"] == 11
    assert [event["type"] for event in first["events"]][:2] == ["drew_for_deal", "target_set"]
    assert post(client, "/state/check", {"state": first["state"]}) == {"valid": True, "problems": []}
    assert post(client, "/games", {"players": ["ann", "bob"]})["seed"] >= 0


@pytest.mark.parametrize("players", [["solo"], [f"p{i}" for i in range(9)]])
def test_two_to_eight_players(client, players):
    post(client, "/games", {"players": players}, status=422)


def cards_in(state):
    cards = state["table"] + state["set_aside"]
    for seat in state["players"]:
        cards += seat["pile"] + seat["won"]
    return Counter(cards)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**53 - 1), count=st.integers(2, 8), face_cards=st.booleans(), dynamic=st.booleans(), rng=st.randoms(use_true_random=False))
def test_random_games_through_http_keep_the_pack_and_legal_and_validate_agree(client, seed, count, face_cards, dynamic, rng):
    players = [f"p{index}" for index in range(count)]
    state = post(client, "/games", {"players": players, "seed": seed, "rules": {"face_cards": face_cards, "dynamic_target": dynamic, "hands": 2}})["state"]
    pack = Counter(str(card) for card in pack_for(face_cards).cards())
    while state["phase"] != "over":
        assert cards_in(state) == pack
        report = post(client, "/moves/legal", {"state": state})
        assert sum(report["counts"].values()) == len(report["moves"])
        for move in report["moves"]:  # a claim is a template whose fill says what to add
            move = {key: value for key, value in move.items() if key != "fill"} | ({"expression": "1 + 1"} if "fill" in move else {})
            assert post(client, "/moves/validate", {"state": state, "move": move})["legal"] is True
        for name in players:
            verdict = post(client, "/moves/validate", {"state": state, "move": {"action": "claim", "player": name, "expression": "1"}})
            assert verdict["legal"] is (name not in state["barred"])
            for alternative in verdict["alternatives"]:
                assert alternative in report["moves"]
        view = post(client, "/view", {"state": state, "player": rng.choice(players)})
        assert view["seed"] is None and all(isinstance(seat["pile"], int) for seat in view["players"])
        move = rng.choice(report["moves"])
        if move["action"] == "claim":
            move = {"action": "claim", "player": move["player"], "expression": "1 + 1"}
        state = post(client, "/moves/apply", {"state": state, "move": move})["state"]
    standings = post(client, "/standings", {"state": state})
    assert standings["over"] is True and standings["hands_played"] == 2
    assert sum(row["total"] for row in standings["standings"]) + sum(result["set_aside"] for result in state["results"]) == 2 * sum(pack.values())
    post(client, "/moves/apply", {"state": state, "move": {"action": "set_aside", "reason": "time_up"}}, status=422)


def test_a_barred_players_claim_is_refused_with_the_rule(client):
    state = post(client, "/games", {"players": ["ann", "bob"], "seed": 5})["state"]
    state = post(client, "/moves/apply", {"state": state, "move": {"action": "claim", "player": "bob", "expression": "1 + 2"}})["state"]
    assert state["barred"] == ["bob"]
    verdict = post(client, "/moves/validate", {"state": state, "move": {"action": "claim", "player": "bob", "expression": "1"}})
    reason = verdict["reasons"][0]
    assert verdict["legal"] is False and (reason["code"], reason["rule"], reason["pointer"]) == ("player_barred", "3.3", "/move/player")
    refused = client.post(f"{ROOT}/moves/apply", json={"state": state, "move": {"action": "claim", "player": "bob", "expression": "1"}})
    assert refused.status_code == 422


@pytest.mark.parametrize(
    ("move", "pointer"),
    [
        ({"action": "claim", "player": "ann"}, "/move/expression"),
        ({"action": "claim", "expression": "1"}, "/move/player"),
        ({"action": "set_aside", "expression": "1"}, "/move/expression"),
        ({"action": "claim", "player": "ann", "expression": "(" * 17 + ")" * 17}, "/move/expression"),
    ],
)
def test_a_malformed_move_is_a_problem_pointing_into_the_move(client, move, pointer):
    state = post(client, "/games", {"players": ["ann", "bob"], "seed": 5})["state"]
    answer = post(client, "/moves/validate", {"state": state, "move": move}, status=422)
    assert pointer in [error["pointer"] for error in answer["errors"]]


def test_a_broken_state_is_reported_whole(client):
    state = post(client, "/games", {"players": ["ann", "bob"], "seed": 5})["state"]
    state["players"][0]["pile"].append(state["table"][0])
    state["target"] = 30
    answer = post(client, "/state/check", {"state": state})
    assert answer["valid"] is False
    assert {"repeated_card", "target_mismatch"} <= {problem["code"] for problem in answer["problems"]}


def test_rules_and_the_games_list(client):
    rules = client.get(f"{ROOT}/rules").get_json()
    assert rules["slug"] == "twenty-four" and {"3.3", "4.1", "6.2", "7"} <= {section["section"] for section in rules["sections"]}
    assert set(rules["reason_codes"]) >= {
        "bad_token",
        "unbalanced_parentheses",
        "unary_minus",
        "number_not_on_table",
        "number_reused",
        "number_missing",
        "joined_digits",
        "division_by_zero",
        "not_target",
    }
    assert all(code_rule in {section["section"] for section in rules["sections"]} for code_rule in rules["reason_codes"].values())
    assert "twenty-four" in [game["slug"] for game in client.get("/v1/games").get_json()["games"]]


def test_a_long_run_of_joined_digits_is_judged(client):
    expression = "1" * 198 + "9"  # the 9 is on no card, so no cut of the ones into 1s and 11s makes it table numbers
    answer = post(client, "/judge", {"values": [1, 11, 3, 4], "expression": expression, "face_cards": True})
    assert answer["correct"] is False
    assert [(reason["code"], reason["at"]) for reason in answer["reasons"]] == [("number_not_on_table", 0)] + [("number_missing", 199)] * 4


def test_a_leading_zero_is_refused_with_its_offset(client):
    answer = post(client, "/judge", {"values": [2, 4, 10, 10], "expression": "(2 + 4 / 010) * 10"})
    assert answer["correct"] is False and answer["value"] is None
    assert [(reason["code"], reason["rule"], reason["at"]) for reason in answer["reasons"]] == [("leading_zero", "4.3", 9), ("number_missing", "4.1", 18)]


# One frame for every game: a verdict's reasons and a problem document (HTTP 422) both point into the request
# BODY as it was sent (/move/player), so validate and apply give the same pointer.
@pytest.mark.parametrize(
    "move",
    [
        {"action": "claim", "player": "nobody", "expression": "1 + 2"},
        {"action": "claim", "player": "bob", "expression": "1"},  # bob is barred below
    ],
)
def test_validate_and_apply_point_at_the_same_field_of_the_move(client, move):
    state = post(client, "/games", {"players": ["ann", "bob"], "seed": 5})["state"]
    state = post(client, "/moves/apply", {"state": state, "move": {"action": "claim", "player": "bob", "expression": "1 + 2"}})["state"]
    verdict = post(client, "/moves/validate", {"state": state, "move": move})
    refused = post(client, "/moves/apply", {"state": state, "move": move}, status=422)
    assert verdict["legal"] is False
    assert [reason["pointer"] for reason in verdict["reasons"]] == ["/move/player"]  # one frame: the request body
    assert [error["pointer"] for error in refused["errors"]] == ["/move/player"]
    assert [reason["code"] for reason in verdict["reasons"]] == [error["code"] for error in refused["errors"]]


def test_state_check_refuses_a_finished_hand_played_for_another_target_without_the_option(client):
    state = post(client, "/games", {"players": ["ann", "bob"], "seed": 5, "rules": {"hands": 2}})["state"]
    while not state["results"]:
        state = post(client, "/moves/apply", {"state": state, "move": {"action": "set_aside", "reason": "agreed"}})["state"]
    state["results"][0]["target"] = 99
    answer = client.post(f"{ROOT}/state/check", json={"state": state}).get_json()
    assert answer["valid"] is False
    assert [(problem["pointer"], problem["code"]) for problem in answer["problems"]] == [("/state/results/0/target", "target_mismatch")]

"""The revised reading of Twenty-Four (issue 27), point by point, through HTTP at a real table.

Expected values come from the reading and the rule book, or are worked by hand here; the solutions the
referee must never show are found by the test's own brute force (``oracle``, which imports nothing from
``service``), and every string of every answer given while cards are in play is read back as a claim.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from . import oracle

ROOT = "/v1/twenty-four"
PLAYERS = ["ann", "bob", "cy", "di"]


def post(client, path, body, status=200):
    response = client.post(ROOT + path, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def table(client, cards, players=PLAYERS, **options):
    """A real table (dealer ann, seat 0) whose first four cards turned are ``cards``."""
    state = post(client, "/games/from-table", {"players": players, "dealer": 0, "rules": options})["state"]
    assert state["deal"] == "physical" and state["phase"] == "turn"
    return apply(client, state, {"action": "turn_up", "cards": cards.split()})["state"]


def apply(client, state, move, status=200):
    return post(client, "/moves/apply", {"state": state, "move": move}, status)


def claim(player, expression):
    return {"action": "claim", "player": player, "expression": expression}


# -- an independent reader of claims, to find any solution shown ------------------------------------
RUN = re.compile(r"[0-9+\-*/×÷−·() x]{5,}")


def correct_claims_in(text, values, target):
    """Every run of expression characters in ``text`` that is a correct claim for ``values``: none may be shown."""
    found = []
    for run in RUN.findall(text):
        candidate = run.strip().replace("x", "*").replace("·", "*")
        for start in range(len(candidate)):
            for end in range(len(candidate), start, -1):
                piece = candidate[start:end]
                try:
                    tree = oracle.parse(piece)
                    if sorted(_numbers(tree)) == sorted(values) and oracle.value(tree) == target:
                        found.append(piece)
                except (SyntaxError, ValueError, ZeroDivisionError):
                    continue
    return found


def _numbers(tree):
    if isinstance(tree, int):
        return [tree]
    return _numbers(tree[1]) + _numbers(tree[2])


def test_the_reader_of_this_test_finds_a_solution_when_one_is_written():
    assert correct_claims_in('{"hint": "try 10 × (2 + 4 ÷ 10) now"}', [2, 4, 10, 10], 24)
    assert not correct_claims_in('{"fill": "an expression using 2, 4, 10, 10 once each"}', [2, 4, 10, 10], 24)


# -- = N, and the phone's symbols ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "expression",
    [
        "3 × (10 + 1 − 3) = 24",
        "3 * (10 + 1 - 3)=24",
        "3 · (10 + 1 – 3)",
        "3 ⋅ (10 + 1 — 3)",
        "3 ∗ (10 + 1 − 3)",
        "3 ✕ (10 + 1 - 3)",
        "3 ✖ (10 + 1 - 3)",
        "３×（１０＋１−３）＝２４",
        "3\u2003×\u00a0(10\u2009+ 1 − 3)\t= 24",
    ],
)
def test_a_claim_may_state_its_total_and_phone_symbols_read_as_the_plain_ones(client, expression):
    state = table(client, "3S 10H AD 3C")  # 3 times (10 + 1 - 3) = 3 times 8 = 24, worked by hand
    moved = apply(client, state, claim("bob", expression))
    assert sorted(moved["state"]["players"][1]["won"]) == ["10H", "3C", "3S", "AD"]


def test_equals_25_bars_the_player(client):
    state = table(client, "3S 10H AD 3C")
    moved = apply(client, state, claim("bob", "3 × (10 + 1 − 3) = 25"))
    assert moved["state"]["barred"] == ["bob"]
    assert [reason["code"] for reason in moved["events"][0]["reasons"]] == ["stated_total"]


@pytest.mark.parametrize(("expression", "code"), [("3 × (10 + 1 − 3) = -24", "stated_total"), ("3 × (10 + 1 − 3) = +24", "unary_plus")])
def test_a_signed_total_is_read_and_bars(client, expression, code):
    """The reading counts a sign before a number as readable (then refused as a sign): a wrong claim, not a slip."""
    state = table(client, "3S 10H AD 3C")
    moved = apply(client, state, claim("bob", expression))
    assert moved["state"]["barred"] == ["bob"]
    assert code in [reason["code"] for reason in moved["events"][0]["reasons"]]


@pytest.mark.parametrize("total", ["024", "０２４", "00024"])
def test_a_total_with_a_leading_zero_is_refused_as_04_is_and_bars(client, total):
    """Issue 27's review, decided in rules.md §4.7: nobody writes 24 as 024; it is read (a number), refused as 04 is (§4.3)."""
    state = table(client, "3S 10H AD 3C")
    moved = apply(client, state, claim("bob", f"3 × (10 + 1 − 3) = {total}"))
    assert moved["state"]["barred"] == ["bob"]
    reasons = moved["events"][0]["reasons"]
    assert [(reason["code"], reason["rule"]) for reason in reasons] == [("leading_zero", "4.3")]


def test_a_raised_digit_is_a_power_which_bars_nobody(client):
    """2³ is a power, outside the readable symbols (no powers): a slip, like 2^3, never the number 23."""
    state = table(client, "2S 3H 3D AC")
    for expression in ("2^3 × 3 × 1", "2³ × 3 × 1"):
        refused = apply(client, state, claim("bob", expression), status=422)
        assert "power" in [error["code"] for error in refused["errors"]]
    assert post(client, "/moves/validate", {"state": state, "move": claim("bob", "2 × 3 × 3 + 1")})["legal"] is True


def test_the_rule_books_example_is_a_correct_claim(client):
    state = table(client, "2S 4H 10D 10C")
    moved = apply(client, state, claim("cy", "(2 + 4 / 10) × 10 = 24"))
    assert len(moved["state"]["players"][2]["won"]) == 4


# -- typing slips bar nobody; wrong claims bar for the round --------------------------------------------
@pytest.mark.parametrize(
    ("expression", "code"),
    [("2 +", "missing_operand"), ("* 3", "missing_operand"), ("(2 + 4 / 10 * 10", "unbalanced_parentheses"), ("2 # 4", "bad_token"), ("2 + 4 =", "bad_total")],
)
def test_a_typing_slip_is_refused_with_its_reason_and_bars_nobody(client, expression, code):
    state = table(client, "2S 4H 10D 10C")
    verdict = post(client, "/moves/validate", {"state": state, "move": claim("bob", expression)})
    assert verdict["legal"] is False and code in [reason["code"] for reason in verdict["reasons"]]
    refused = apply(client, state, claim("bob", expression), status=422)
    assert code in [error["code"] for error in refused["errors"]]
    assert len(apply(client, state, claim("bob", "(2 + 4 / 10) * 10"))["state"]["players"][1]["won"]) == 4  # bob was never barred


@pytest.mark.parametrize("expression", ["2 + 4 + 10 + 10", "-2 + 4 + 10 * 10", "24 * (10 / 10)", "2 * 4 * 10 / 0 + 10", "2 + 4 + 10"])
def test_a_readable_wrong_claim_bars_for_this_round_only(client, expression):
    state = table(client, "2S 4H 10D 10C")
    moved = apply(client, state, claim("bob", expression))["state"]
    assert moved["barred"] == ["bob"]
    assert post(client, "/moves/validate", {"state": moved, "move": claim("bob", "(2 + 4 / 10) * 10")})["reasons"][0]["code"] == "player_barred"
    won = apply(client, moved, claim("ann", "(2 + 4 / 10) * 10"))["state"]
    assert won["phase"] == "turn" and won["barred"] == []
    again = apply(client, won, {"action": "turn_up", "cards": ["AS", "2H", "3D", "4C"]})["state"]
    assert len(apply(client, again, claim("bob", "1 * 2 * 3 * 4"))["state"]["players"][1]["won"]) == 4


# -- setting aside is the table's move --------------------------------------------------------------------
def test_when_the_last_player_who_may_claim_is_barred_the_cards_go_aside_at_once(client):
    state = table(client, "AS AH 5D 9C", players=["ann", "bob"])
    state = apply(client, state, claim("ann", "1 + 1 + 5 + 9"))["state"]
    moved = apply(client, state, claim("bob", "(1 + 1) * 9 + 5"))  # 23: wrong
    aside = next(event for event in moved["events"] if event["type"] == "set_aside")
    assert aside["reason"] == "all_barred" and aside["solvable"] is False and aside["solution"] is None  # 1 1 5 9: the rule book's unsolvable four
    assert moved["state"]["phase"] == "turn" and sorted(moved["state"]["set_aside"]) == ["5D", "9C", "AH", "AS"]


@pytest.mark.parametrize("reason", ["time_up", "agreed"])
def test_the_table_sets_the_cards_aside_with_its_reason_and_then_a_solution_is_shown(client, reason):
    state = table(client, "2S 4H 10D 10C")
    moved = apply(client, state, {"action": "set_aside", "reason": reason})
    event = moved["events"][0]
    assert (event["type"], event["reason"], event["solvable"]) == ("set_aside", reason, True)
    assert correct_claims_in(event["solution"], [2, 4, 10, 10], 24)  # the round is over: now it may be shown


def test_setting_aside_names_no_player_not_even_a_barred_one(client):
    state = table(client, "2S 4H 10D 10C")
    state = apply(client, state, claim("bob", "2 + 4 + 10 + 10"))["state"]
    for player in ["bob", "ann"]:
        move = {"action": "set_aside", "reason": "agreed", "player": player}
        verdict = post(client, "/moves/validate", {"state": state, "move": move})
        assert verdict["legal"] is False and verdict["reasons"][0]["code"] == "table_move"
        apply(client, state, move, status=422)
    assert post(client, "/moves/validate", {"state": state, "move": {"action": "set_aside"}}, status=422)["errors"][0]["pointer"] == "/move/reason"


# -- no solution while the cards are in play ---------------------------------------------------------------
@pytest.mark.parametrize(("cards", "values"), [("2S 4H 10D 10C", [2, 4, 10, 10]), ("3S 3H 8D 8C", [3, 3, 8, 8]), ("AS 2H 3D 4C", [1, 2, 3, 4])])
def test_no_answer_shows_a_solution_while_the_cards_are_in_play(client, cards, values):
    assert oracle.solution_keys(tuple(values), 24)  # solvable, by the test's own brute force
    state = table(client, cards)
    answers = [post(client, "/moves/legal", {"state": state}), post(client, "/view", {"state": state, "player": "ann"})]
    for move in [claim("zed", "1 + 2"), claim("bob", "2 +"), {"action": "turn_up", "cards": ["5S", "6S", "7S", "8S"]}]:
        answers.append(post(client, "/moves/validate", {"state": state, "move": move}))
    wrong = apply(client, state, claim("bob", "1 + 2"))
    answers.append(wrong)
    answers.append(post(client, "/moves/validate", {"state": wrong["state"], "move": claim("bob", "1 + 2")}))
    answers.append(post(client, "/moves/legal", {"state": wrong["state"]}))
    for answer in answers:
        assert correct_claims_in(str(answer), values, 24) == [], answer


def test_a_listed_claim_is_a_template_to_fill_not_an_answer(client):
    state = table(client, "3S 3H 8D 8C")
    report = post(client, "/moves/legal", {"state": state})
    claims = [move for move in report["moves"] if move["action"] == "claim"]
    assert [move["player"] for move in claims] == PLAYERS and all("expression" not in move and "expression" in move["fill"] for move in claims)
    assert "correct" not in str(report)


# -- face values ------------------------------------------------------------------------------------------
def test_bare_11_to_13_are_face_cards_and_need_the_option(client):
    refused = post(client, "/solve", {"values": [12, 12, 1, 1]}, status=422)
    assert refused["errors"][0]["code"] == "value_not_in_pack"
    post(client, "/judge", {"values": [13, 11, 1, 1], "expression": "13 + 11 * 1 * 1"}, status=422)
    assert post(client, "/judge", {"values": [13, 11, 1, 1], "expression": "13 + 11 * 1 * 1", "face_cards": True})["correct"] is True


def test_the_number_of_hands_may_be_at_least_100(client):
    assert post(client, "/games/from-table", {"players": ["ann", "bob"], "rules": {"hands": 100}})["state"]["rules"]["hands"] == 100
    post(client, "/games/from-table", {"players": ["ann", "bob"], "rules": {"hands": 101}}, status=422)


# -- the real table's steps -------------------------------------------------------------------------------
def test_the_draw_for_the_dealer_redraws_ties_from_what_is_left(client):
    state = post(client, "/games/from-table", {"players": ["ann", "bob", "cy"], "rules": {"dynamic_target": True}})["state"]
    report = post(client, "/moves/legal", {"state": state})
    assert (report["step"], state["drawing"]) == ("draw", ["ann", "bob", "cy"])
    state = apply(client, state, {"action": "draw", "cards": ["9H", "2S", "9C"]})["state"]
    assert state["drawing"] == ["ann", "cy"]  # a tie of nines: they draw again
    verdict = post(client, "/moves/validate", {"state": state, "move": {"action": "draw", "cards": ["9H", "5D"]}})
    assert [(reason["code"], reason["pointer"]) for reason in verdict["reasons"]] == [("card_seen", "/move/cards/0")]
    moved = apply(client, state, {"action": "draw", "cards": ["3D", "7S"]})
    assert moved["state"]["dealer"] == 2 and moved["state"]["phase"] == "target"
    # the eight target cards, worked by hand: remove 10 9 and 1 2, 3 + 5 + 7 + 4 = 19
    moved = apply(client, moved["state"], {"action": "set_target", "cards": ["AS", "3H", "5D", "7C", "9S", "10H", "2D", "4C"]})
    assert moved["state"]["target"] == 19 and moved["state"]["phase"] == "turn"
    assert [seat["unseen"] for seat in moved["state"]["players"]] == [13, 14, 13]  # 40 cards from cy's right: bob, ann, cy, bob...: bob has the 40th


def test_named_cards_are_checked_against_the_pack_and_every_card_seen(client):
    state = table(client, "2S 4H 10D 10C")
    state = apply(client, state, claim("ann", "(2 + 4 / 10) * 10"))["state"]
    bad = {"action": "turn_up", "cards": ["2S", "KD", "5H", "5H"]}
    verdict = post(client, "/moves/validate", {"state": state, "move": bad})
    assert [(reason["code"], reason["pointer"]) for reason in verdict["reasons"]] == [
        ("card_seen", "/move/cards/0"),
        ("not_in_pack", "/move/cards/1"),
        ("repeated_card", "/move/cards/3"),
    ]
    assert post(client, "/moves/validate", {"state": state, "move": {"action": "turn_up", "cards": ["5H"]}})["reasons"][0]["code"] == "card_count"
    refused = post(client, "/moves/validate", {"state": state, "move": claim("ann", "1 + 2")})
    assert refused["reasons"][0]["code"] == "wrong_step"


def test_a_hand_at_a_real_table_plays_out_and_the_next_waits_for_its_cards(client):
    state = post(client, "/games/from-table", {"players": ["ann", "bob"], "dealer": 1, "rules": {"hands": 2}})["state"]
    pack = [f"{rank}{suit}" for suit in "SHDC" for rank in ["A", *map(str, range(2, 11))]]
    for round_ in range(10):
        report = post(client, "/moves/legal", {"state": state})
        assert report["step"] == "turn_up" and report["round"] == round_ + 1
        state = apply(client, state, {"action": "turn_up", "cards": pack[4 * round_ : 4 * round_ + 4]})["state"]
        state = apply(client, state, {"action": "set_aside", "reason": "time_up"})["state"]
    assert state["results"][0]["points"] == [0, 0] and state["results"][0]["set_aside"] == 40
    assert (state["phase"], state["dealer"], [seat["unseen"] for seat in state["players"]]) == ("turn", 0, [20, 20])


def test_a_stated_total_value_is_exact(client):
    assert Fraction(post(client, "/judge", {"values": [1, 2, 3, 4], "expression": "(1 + 2) / (3 + 4) = 24"})["value"]) == Fraction(3, 7)


def test_a_real_tables_state_is_checked_with_its_piles_as_counts(client):
    state = table(client, "2S 4H 10D 10C")
    assert post(client, "/state/check", {"state": state}) == {"valid": True, "problems": []}
    shown = dict(state, players=[dict(state["players"][0], pile=["5S"], unseen=8), *state["players"][1:]])
    problems = post(client, "/state/check", {"state": shown})["problems"]
    assert ("/state/players/0/pile", "pile_unknown") in [(problem["pointer"], problem["code"]) for problem in problems]
    miscounted = dict(state, players=[dict(state["players"][0], unseen=8), *state["players"][1:]])  # 10 dealt, 1 shown: 9
    assert [problem["code"] for problem in post(client, "/state/check", {"state": miscounted})["problems"]] == ["card_total", "pile_size"]
    dealt = post(client, "/games", {"players": PLAYERS, "seed": 3})["state"]
    waiting = dict(dealt, phase="turn", table=[], set_aside=dealt["table"])
    assert "bad_choice" in [problem["code"] for problem in post(client, "/state/check", {"state": waiting})["problems"]]


def test_the_bounds_hold_after_normalisation_and_offsets_count_what_was_typed(client):
    # one character that NFKC unfolds into 18: 12 of them are 216 characters once read, beyond the 200 a claim may have
    refused = post(client, "/judge", {"values": [2, 4, 10, 10], "expression": "\ufdfa" * 12}, status=422)
    assert refused["errors"][0]["code"] == "expression_too_long"
    # full-width parentheses nest like plain ones: 17 deep is refused
    post(client, "/judge", {"values": [2, 4, 10, 10], "expression": "（" * 17 + "2" + "）" * 17}, status=422)
    # a long run of full-width ones over 1 and 11 is judged (the joined-digit check is linear), not hung on
    answer = post(client, "/judge", {"values": [1, 11, 3, 4], "expression": "１" * 60 + "9", "face_cards": True})
    assert [(reason["code"], reason["at"]) for reason in answer["reasons"]] == [("number_not_on_table", 0)] + [("number_missing", 61)] * 4
    # an offset counts the characters typed: the stray full-width number sign is the third character (offset 2)
    answer = post(client, "/judge", {"values": [2, 4, 10, 10], "expression": "２＋＃４"})
    assert ("bad_token", 2) in [(reason["code"], reason["at"]) for reason in answer["reasons"]] and answer["readable"] is False

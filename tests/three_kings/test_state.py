"""A state is checked whole (rules.md §11); a player's view hides what they may not see."""

from __future__ import annotations

import pytest

from service.core.problems import InvalidInput
from service.games.three_kings import GAME
from service.games.three_kings.rules import Rules
from service.games.three_kings.start import new_game

from .tables import table


def problems_of(data):
    with pytest.raises(InvalidInput) as refused:
        GAME.read_state(data)
    return [(problem.pointer, problem.code) for problem in refused.value.problems]


@pytest.mark.parametrize("players", [2, 3, 5, 10, 20])
def test_a_new_game_deals_the_pack_of_its_size(players):
    names = [f"p{i}" for i in range(players)]
    state = new_game(names, Rules("bonus"), seed=7, dealer=players - 1).state
    assert [player.hand.size for player in state.players] == [4] * players
    assert len(state.table) == 4
    assert state.card_total() == 26 * players + 1
    assert state.to_act == 0  # the dealer's left
    assert GAME.read_state(state.to_dict()) == state
    assert new_game(names, Rules("bonus"), seed=7, dealer=players - 1).state == state  # the seed fixes the deal


def test_twenty_players_are_seated_and_twenty_one_refused():
    # The rule book: 2 or more; the service bounds it for cost at 20 (rules.md §2.1; the reading: no fewer than 20).
    assert new_game([f"p{i}" for i in range(20)], seed=1).state.card_total() == 26 * 20 + 1
    with pytest.raises(InvalidInput) as refused:
        new_game([f"p{i}" for i in range(21)], seed=1)
    assert [(problem.pointer, problem.code) for problem in refused.value.problems] == [("/players", "player_count")]
    assert GAME.info.players == (2, 20)


def test_a_game_without_a_seed_draws_one_and_records_it():
    state = new_game(["a", "b"]).state
    assert new_game(["a", "b"], seed=state.seed).state.to_dict()["table"] == state.to_dict()["table"]


def test_too_many_copies_are_named_at_each_place():
    data = table([["7", "7", "7"], ["7"]], ["7", "7"], rest_to="table")
    # Two players: four 7s. Hands come first, so the table's two 7s are the fifth and sixth.
    assert problems_of(data) == [("/table/0", "too_many_copies"), ("/table/1", "too_many_copies"), ("", "card_total")]


def test_every_problem_is_reported_at_once():
    data = table([["6", "9"], ["8", "8"]], ["5", "J"])
    data["players"][0]["hand"]["cards"].append("X")
    data["players"][1]["name"] = "ann"
    data["to_act"] = 5
    data["phase"] = "later"
    data["rules"]["scoring"] = "most"
    found = problems_of(data)
    assert ("/players/0/hand/cards/2", "bad_card") in found
    assert ("/phase", "bad_choice") in found and ("/rules/scoring", "bad_choice") in found


def test_conservation_and_turn_problems():
    data = table([["6", "9"], ["8", "8"]], ["5", "J"])
    data["draw_pile"]["cards"].pop()
    data["players"][0]["pile"] = ["6", "5", "J", "2"]
    data["to_act"] = 5
    data["passes"] = 1
    found = problems_of(data)
    assert {("", "card_total"), ("/players/0/pile", "pile_not_sets"), ("/to_act", "seat_out_of_range"), ("/passes", "passes_with_cards_to_draw")} <= set(found)


@pytest.mark.parametrize("to_act", [2, 5])
def test_a_seat_out_of_range_in_phase_kings_is_a_problem_not_a_crash(to_act):
    """§11: a state is checked whole and every problem named. With a King on the table in phase kings, the check asks
    whether the player to act may take it: a seat that does not exist is its problem (seat_out_of_range), and the
    check must not look that seat up (it raised IndexError: a 500 on /state/check, /moves/legal, /moves/validate, /view)."""
    data = table([["6", "K"], ["4", "7"]], ["J", "K"], phase="kings", to_act=to_act)
    assert ("/to_act", "seat_out_of_range") in problems_of(data)


def test_a_seat_out_of_range_in_phase_kings_is_answered_over_http(client):
    data = table([["6", "K"], ["4", "7"]], ["J", "K"], phase="kings", to_act=2)
    answer = client.post("/v1/three-kings/state/check", json={"state": data})
    assert answer.status_code == 200 and answer.get_json()["valid"] is False
    assert ("/state/to_act", "seat_out_of_range") in [(p["pointer"], p["code"]) for p in answer.get_json()["problems"]]


def test_three_kings_must_be_recorded_and_end_the_game():
    data = table([["K", "K", "K"], ["8", "8"]], ["5", "J"])
    assert ("/players/0/hand", "three_kings_unrecorded") in problems_of(data)
    data["three_kings"] = "ann"
    assert problems_of(data) == [("/phase", "game_should_be_over")]
    data["phase"] = "over"
    assert problems_of(data) == [("/outcome", "outcome_mismatch")]
    data["outcome"] = {"reason": "three_kings", "three_kings": "ann", "scores": {"ann": 15, "bob": 0}, "winners": ["ann"]}
    assert GAME.read_state(data).phase == "over"
    data["outcome"]["winners"] = ["bob"]
    assert problems_of(data) == [("/outcome", "outcome_mismatch")]


def test_a_draw_phase_needs_a_card_to_draw():
    data = table([[], []], [], phase="draw", rest_to="table")
    assert problems_of(data) == [("/phase", "nothing_to_draw")]


def test_the_view_hides_other_hands_and_the_piles_order():
    state = new_game(["ann", "bob", "cy"], seed=11).state
    seen = GAME.view(state, "bob").to_dict()
    assert seen["players"][1]["hand"] == state.players[1].hand.to_dict()
    for seat in (0, 2):
        assert seen["players"][seat]["hand"] == {"cards": [], "hidden": 4}
    assert seen["draw_pile"] == {"cards": [], "hidden": state.draw_pile.size}
    assert seen["table"] == state.to_dict()["table"]
    with pytest.raises(InvalidInput):
        GAME.view(state, "zed")


def test_the_view_leaves_the_seed_out():
    state = new_game(["ann", "bob"], seed=7).state
    assert state.seed == 7
    assert GAME.view(state, "bob").to_dict()["seed"] is None  # with it bob could replay the deal (rules.md §2.2)


@pytest.mark.parametrize("phase", ["play", "draw"])
def test_an_empty_table_with_cards_to_draw_is_impossible_in_play(phase):
    # An emptied table is refilled at once from the pile (rules.md §6.1): bare table and a full pile cannot meet mid-game.
    data = table([["6", "9"], ["8", "8"]], [], phase=phase)
    assert problems_of(data) == [("/table", "table_not_refilled")]


def test_an_empty_table_with_cards_to_draw_is_fine_once_three_kings_ended_the_game():
    # The third King taken from the table ends the game before any card is turned (rules.md §7.1).
    data = table([["K", "K", "K", "4"], ["8", "8"]], [], phase="over", three_kings="ann")
    data["outcome"] = {"reason": "three_kings", "three_kings": "ann", "scores": {"ann": 15, "bob": 0}, "winners": ["ann"]}
    assert GAME.read_state(data).table == ()


def test_thirty_thousand_bad_cards_stop_at_the_one_cap():
    """The reading stops at the cap (service.core.problems.MAX_PROBLEMS = 100) and says so: what it did not read is not listed."""
    data = table([["6", "K", "2", "9"], ["8", "8"]], ["5", "J", "3", "Q"])
    data["table"] = ["ZZ"] * 30000
    with pytest.raises(InvalidInput) as refused:
        GAME.read_state(data)
    assert [p.pointer for p in refused.value.problems] == [f"/table/{i}" for i in range(100)]
    assert {p.code for p in refused.value.problems} == {"bad_card"}
    assert refused.value.truncated
    assert refused.value.omitted < 30000 - 100  # stopped at the cap: the 29,900 texts past it were not all read


def test_a_card_the_schema_read_is_not_read_again(client, monkeypatch):
    """One POST /moves/validate: the schema reads each card text; the engine takes the cards as read."""
    from service.games.three_kings import cards
    from service.games.three_kings.web import examples

    seen: list[object] = []
    real = cards.parse_card

    def counting(text):
        seen.append(text)
        return real(text)

    monkeypatch.setattr(cards, "parse_card", counting)  # the engine's reading goes through the module's name
    ex = examples()
    answer = client.post("/v1/three-kings/moves/validate", json={"state": ex["state"], "move": ex["illegal_move"]})
    assert answer.status_code == 200 and answer.get_json()["legal"] is False
    assert seen == []

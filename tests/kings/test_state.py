"""The whole-state check and the JSON form of a game (rules.md §21)."""

import json
from dataclasses import replace

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.problems import InvalidInput
from service.games.kings.state import Player, Zone, state_from_dict, state_problems
from tests.kings.tables import build

ANN, BOB = "QH JH 10H 9H 8H 2C KC", "AS 2S 3S 4D 5D 8C 7C"


def test_a_state_survives_a_json_round_trip():
    state = build({"ann": ANN, "bob": BOB}, face_up="3D", face_down="6D", castles=("5H", "9C+KC", "4D", "10S"))
    text = json.dumps(state.to_dict())
    assert state_from_dict(json.loads(text)) == state


def test_every_problem_is_reported_at_once_with_pointers():
    state = build({"ann": ANN, "bob": BOB})
    broken = replace(
        state,
        players=(Player("ann", Zone(tuple(parse_cards("QH QH QH 9H 8H 2C")))), Player("ann", state.players[1].hand, "out")),
        to_act=5,
        phase="over",
    )
    found = {(p.pointer, p.code) for p in state_problems(broken)}
    assert ("/players/0/hand/cards/2", "third_copy") in found
    assert ("", "card_total") in found
    assert ("/players/1/name", "duplicate_name") in found
    assert ("/players/1/score", "score_missing") in found and ("/players/1/hand", "hand_size") in found
    assert ("/to_act", "seat_out_of_range") in found and ("/outcome", "outcome_mismatch") in found


def test_hand_sizes_follow_the_phase():
    state = build({"ann": ANN, "bob": BOB})
    assert state_problems(state) == []
    discard = replace(state, phase="kingdom-discard")
    assert [(p.pointer, p.code) for p in state_problems(discard)] == [("/players/0/hand", "hand_size")]


def test_castles_are_checked_with_the_state():
    state = build({"ann": ANN, "bob": BOB})
    castles = list(state.castles)
    castles[1] = replace(castles[1], kings=(parse_card("KD"),))
    problems = state_problems(replace(state, castles=tuple(castles), draw_pile=Zone(state.draw_pile.cards[:-1])))
    assert {p.code for p in problems} >= {"suit_mismatch"}


def test_the_player_to_act_must_be_in():
    state = build({"ann": ANN, "bob": BOB, "cy": "AH 2H 3H 4H 5H 6H 7H"})
    out = replace(state.players[0], status="out", hand=Zone(), half_score=10)
    moved = replace(state.with_player(0, out), set_aside=Zone(state.players[0].hand.cards))
    assert [p.code for p in state_problems(moved)] == ["player_out"]


def test_player_count_is_two_to_ten():
    state = build({"ann": ANN, "bob": BOB})
    alone = replace(state, players=state.players[:1], draw_pile=Zone(state.draw_pile.cards + state.players[1].hand.cards))
    assert "player_count" in {p.code for p in state_problems(alone)}


def test_a_counted_pile_cannot_also_list_cards():
    state = build({"ann": ANN, "bob": BOB})
    mixed = replace(state, draw_pile=Zone(state.draw_pile.cards[:1], state.draw_pile.size - 1))
    assert [p.code for p in state_problems(mixed)] == ["draw_pile_partly_known"]


def test_state_from_dict_reports_malformed_fields_with_pointers():
    data = build({"ann": ANN, "bob": BOB}).to_dict()
    data["players"][0]["hand"]["cards"][1] = "ZZ"
    data["castles"][2]["card"] = "1D"
    data["rules"]["bogus"] = True
    data["rules"]["hands"] = "speedy"
    data["phase"] = "lunch"
    data["players"][1]["score"] = 0.3
    with pytest.raises(InvalidInput) as caught:
        state_from_dict(data)
    assert {p.pointer for p in caught.value.problems} == {
        "/players/0/hand/cards/1",
        "/castles/2/card",
        "/rules/bogus",
        "/rules/hands",
        "/phase",
        "/players/1/score",
    }


def test_a_third_copy_anywhere_is_bad_input():
    data = build({"ann": ANN, "bob": BOB}, face_up="QH").to_dict()
    data["face_down"]["cards"] = ["QH"]
    data["draw_pile"]["cards"].remove("3D")
    with pytest.raises(InvalidInput) as caught:
        state_from_dict(data)
    assert [(p.pointer, p.code) for p in caught.value.problems] == [("/face_up/0", "third_copy")]


def test_the_total_counts_known_and_unseen_cards_of_every_zone():
    """Conservation (rules.md §1, §22) at a table the referee sees only in part: the total is every known card
    plus every counted one, whichever zone holds it; a card more or less anywhere is a card_total problem."""
    state = build({"ann": ANN, "bob": BOB}, face_up="3D", face_down="6D", castles=("5H", "9C+KC", "4D", "10S"))
    assert state.card_total() == 104 and state_problems(state) == []
    ann = state.players[0]
    pile = state.draw_pile.cards
    counted = replace(
        state.with_player(0, replace(ann, hand=Zone(ann.hand.cards[:3], 4))),
        draw_pile=Zone((), len(pile)),
        face_down=Zone((), 1),
    )
    assert counted.unseen_count() == 4 + len(pile) + 1  # ann's four unseen cards, the counted pile, the face-down card
    assert counted.card_total() == 104 and state_problems(counted) == []
    for short in (replace(counted, draw_pile=Zone((), len(pile) - 1)), replace(counted, set_aside=Zone((), 1))):
        assert [(p.pointer, p.code) for p in state_problems(short)] == [("", "card_total")]

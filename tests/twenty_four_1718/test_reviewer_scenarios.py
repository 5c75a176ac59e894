"""Scenarios for rules the review found untested: the stock is never played, honors in the stock score for nobody,
a turn-up honor at the face cards pays the dealer, and a game that stops at an honor in the middle of a trick.

Expected values come from the reading (and the test oracle), never from the engine.
"""

from __future__ import annotations

import pytest

from service.core.cards import parse_card, parse_cards
from service.games.twenty_four_1718 import GAME
from service.games.twenty_four_1718.analysis import score_hand
from service.games.twenty_four_1718.moves import Move

from . import oracle
from .deals import played_hand
from .test_referee import declare_all, example_state


def score(hands: list[list[str]], turn_up: str, honors: str, tricks: list[list[str]], chips: list[int] | None = None) -> dict:
    return score_hand([parse_cards(hand) for hand in hands], parse_card(turn_up), honors, [parse_cards(trick) for trick in tricks], chips).to_dict()


# -- the stock is never played ----------------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["5H", "KC"])  # the turn-up, and the face-down stock card under it
def test_no_card_of_the_stock_can_be_played(card):
    state = declare_all(example_state())
    leader = state.acting.name
    assert all(move.card is None or str(move.card) != card for move in GAME.legal_moves(state))
    assert GAME.judge(state, Move(leader, "play", parse_card(card))).legal is False


# -- honors in the stock score for nobody ------------------------------------------------------------------------
EVERY_CARD = [f"{rank}{suit}" for suit in "SHDC" for rank in oracle.ORDER]  # what is neither dealt nor turned up lies in the stock


def test_honors_left_in_the_stock_are_never_paid():
    """Four players leave three cards under the turn-up; a trump honor among them is in no trick, so nobody scores it."""
    checked = 0
    for seed in range(400):
        hand = played_hand(seed, players=4)
        trump = oracle.suit(hand.turn_up)
        dealt = {card for cards in hand.hands for card in cards}
        stock_honors = [
            card for card in EVERY_CARD if card not in dealt and card != hand.turn_up and oracle.suit(card) == trump and card[:-1] in oracle.HONORS["point"]
        ]
        if not stock_honors or oracle.chips_of_hand(hand.hands, hand.turn_up, "point", hand.tricks, [0] * 4)[1] is not None:
            continue
        answer = score(hand.hands, hand.turn_up, "point", hand.tricks)
        paid = [step["card"] for step in answer["steps"] if step["step"] == "honors"]
        in_hands = [card for card in dealt if oracle.suit(card) == trump and card[:-1] in oracle.HONORS["point"]]
        assert sorted(paid) == sorted(in_hands) and not set(paid) & set(stock_honors)
        checked += 1
    assert checked >= 5


# -- a turn-up honor at the face cards ---------------------------------------------------------------------------
FACE_HANDS = [  # seat 0 leads, seat 4 deals; KH is turned up (5H is in seat 0's hand instead)
    ["AC", "2C", "3C", "4C", "5C", "2S", "3S", "8D", "9D", "5H"],
    ["8S", "9S", "10S", "JS", "QS", "AD", "2D", "6C", "7C", "2H"],
    ["8H", "9H", "10H", "JH", "QH", "3D", "4D", "5D", "6D", "7D"],
    ["KS", "4S", "6S", "AH", "3H", "10D", "QD", "8C", "10C", "QC"],
    ["AS", "5S", "7S", "4H", "6H", "7H", "JD", "KD", "9C", "JC"],
]


def test_a_king_of_trumps_turned_up_pays_the_dealer_at_the_face_cards_only():
    """KH is an honor when honors are 9 10 J Q K of trumps, not at the point: the dealer (at five) wins on it only then."""
    face = score(FACE_HANDS, "KH", "face", [], [0, 0, 0, 0, 5])
    assert [(step["step"], step["player_position"]) for step in face["steps"]] == [("turn_up", 5)]  # the dealer, last
    assert face["reached_24"]["step"] == "turn_up" and face["totals"][4] == 6
    point = score(FACE_HANDS, "KH", "point", [], [0, 0, 0, 0, 5])
    assert "turn_up" not in [step["step"] for step in point["steps"]] and point["totals"][4] == 5


# -- the game stops at an honor in the middle of a trick ---------------------------------------------------------
def test_the_first_honor_of_a_trick_can_end_the_game_and_the_second_is_not_paid():
    """Its taker starts at the chips that make the trick's first honor their sixth: the game stops there (reading: scoring
    order and the stop at 24), so the trick's later honors are never paid. Chips and honors from the oracle."""
    checked = 0
    for seed in range(400):
        hand = played_hand(seed)
        trump = oracle.suit(hand.turn_up)
        free = oracle.awards_of_hand(hand.hands, hand.turn_up, "point", hand.tricks, [0] * 5)
        if oracle.chips_of_hand(hand.hands, hand.turn_up, "point", hand.tricks, [0] * 5)[1] is not None:
            continue
        honors_seen, stop = 0, None
        for number, trick in enumerate(hand.tricks):
            in_trick = [card for card in trick if oracle.suit(card) == trump and card[:-1] in oracle.HONORS["point"]]
            if len(in_trick) >= 2:
                stop = number
                break
            honors_seen += len(in_trick)
        if stop is None:
            continue
        first = [i for i, (step, _) in enumerate(free) if step == "honors"][honors_seen]
        taker = free[first][1]
        earned = sum(1 for _, player in free[:first] if player == taker)
        chips = [0] * 5
        chips[taker] = 5 - earned
        answer = score(hand.hands, hand.turn_up, "point", hand.tricks[: stop + 1], chips)
        last = answer["steps"][-1]
        assert (last["step"], last["player_position"], last["card"], last["total"]) == ("honors", taker + 1, in_trick[0], 6)  # the oracle counts from 0
        assert answer["reached_24"]["step"] == "honors"
        assert not {step.get("card") for step in answer["steps"] if step["step"] == "honors"} & set(in_trick[1:])
        checked += 1
    assert checked >= 3

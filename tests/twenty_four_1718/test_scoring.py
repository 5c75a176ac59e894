"""A whole hand's score (rules.md §3-§9): the order of precedence, the honors, the card, the stop at 24."""

from __future__ import annotations

import random

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.problems import InvalidInput
from service.games.twenty_four_1718.analysis import score_hand
from service.games.twenty_four_1718.hand import card_winner

from . import oracle
from .deals import played_hand


def scored(hand, honors="point", chips=None, tricks=None):
    return score_hand(
        [parse_cards(cards) for cards in hand.hands],
        parse_card(hand.turn_up),
        honors,
        [parse_cards(trick) for trick in (hand.tricks if tricks is None else tricks)],
        chips,
    ).to_dict()


# -- the card (§9) ---------------------------------------------------------------------------------
def test_the_card_goes_to_the_most_tricks():
    assert card_winner([1, 2, 4, 2, 1], 0) == 2


def test_worked_example_the_card_on_a_tie_goes_to_the_player_nearer_the_leader():
    assert card_winner([2, 3, 3, 1, 1], 0) == 1  # rules.md §12.4


def test_the_tie_counts_from_the_leader_to_the_right_not_from_seat_zero():
    # seats 0 and 4 tie with three; the leader is seat 2, so the order is 2, 3, 4, 0, 1 and seat 4 comes first
    assert card_winner([3, 1, 1, 2, 3], 2) == 4


# -- whole hands against the oracle -------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("honors", ["point", "face"])
def test_complete_hands_score_as_the_oracle_says(players, honors):
    rng = random.Random(players * 10 + len(honors))
    for seed in range(150):
        hand = played_hand(seed, players)
        before = [rng.randint(0, 5) for _ in range(players)]
        expected, step = oracle.chips_of_hand(hand.hands, hand.turn_up, honors, hand.tricks, before)
        tricks = hand.tricks
        if step is not None:  # the game stopped: no trick is played after the one that made six
            tricks = hand.tricks[: _stopping_trick(hand, honors, before)]
        answer = scored(hand, honors, before, tricks)
        assert answer["totals"] == expected, (seed, before)
        assert (answer["reached_24"] or {}).get("step") == step


def _stopping_trick(hand, honors, before) -> int:
    """How many tricks were played when the game stopped (the oracle replayed trick by trick)."""
    for count in range(len(hand.tricks) + 1):
        if oracle.chips_of_hand(hand.hands, hand.turn_up, honors, hand.tricks[:count], before)[1] is not None:
            return count
    raise AssertionError("the game did not stop")


def test_a_complete_hand_scores_every_step_in_order():
    hand = played_hand(7)
    answer = scored(hand)
    steps = [step["step"] for step in answer["steps"]]
    order = ["turn_up", "sequence", "point", "honors", "card"]
    assert steps == sorted(steps, key=order.index)
    assert steps[-1] == "card"
    assert answer["complete"] is True
    assert sum(answer["tricks_taken"]) == 10
    assert answer["card"]["tricks"] == max(answer["tricks_taken"])


def test_each_honor_goes_to_the_taker_of_its_trick():
    for seed in range(40):
        hand = played_hand(seed)
        answer = scored(hand, "face")
        trump = oracle.suit(hand.turn_up)
        honors_taken = [(step["player_position"], step["card"]) for step in answer["steps"] if step["step"] == "honors"]
        expected = [
            (trick["winner_position"], card)
            for trick in answer["tricks"]
            for card in trick["cards"]
            if oracle.suit(card) == trump and card[:-1] in oracle.HONORS["face"]
        ]
        assert honors_taken == expected


@pytest.mark.parametrize("step", ["turn_up", "sequence", "point", "honors", "card"])
def test_the_game_stops_at_each_step(step):
    """Search random hands for one that reaches six at ``step``; nothing after it is scored."""
    rng = random.Random(step)
    for seed in range(2000):
        hand = played_hand(seed)
        before = [rng.choice([3, 4, 5]) for _ in range(5)]
        expected, reached = oracle.chips_of_hand(hand.hands, hand.turn_up, "point", hand.tricks, before)
        if reached != step:
            continue
        answer = scored(hand, "point", before, hand.tricks[: _stopping_trick(hand, "point", before)])
        assert answer["reached_24"]["step"] == step
        assert answer["steps"][-1]["step"] == step
        assert answer["totals"] == expected
        assert max(answer["totals"]) == 6
        return
    pytest.fail(f"no random hand reached six at {step}")


def test_no_trick_is_played_after_the_game_stopped():
    hand = played_hand(3)
    with pytest.raises(InvalidInput) as caught:
        scored(hand, "point", [0, 0, 5, 0, 5] if hand.turn_up[:-1] in oracle.HONORS["point"] else [5, 5, 5, 5, 5])
    problem = caught.value.problems[0]
    assert problem.code == "played_after_game"
    assert problem.pointer == "/tricks/0"


def test_an_unfinished_hand_scores_no_card():
    answer = scored(played_hand(11), tricks=played_hand(11).tricks[:4])
    assert answer["complete"] is False
    assert answer["card"] is None
    assert all(step["step"] != "card" for step in answer["steps"])


# -- illegal hands ---------------------------------------------------------------------------------------
def test_an_illegal_play_is_refused_with_its_place():
    hand = played_hand(5)
    trump = oracle.suit(hand.turn_up)
    tricks = [list(trick) for trick in hand.tricks]
    # find a follower who had a choice the rules forbid and swap in a forbidden card of their own
    held = [list(cards) for cards in hand.hands]
    leader = 0
    for number, trick in enumerate(tricks):
        for position, card in enumerate(trick):
            seat = (leader + position) % 5
            forbidden = [c for c in held[seat] if not oracle.may_play(c, held[seat], trick[:position], trump)]
            if forbidden:
                tricks[number][position] = forbidden[0]
                with pytest.raises(InvalidInput) as caught:
                    scored(hand, tricks=tricks[: number + 1])
                problem = caught.value.problems[0]
                assert problem.pointer == f"/tricks/{number}/{position}"
                assert problem.code in {"must_follow_suit", "must_head", "must_ruff", "must_overruff"}
                return
            held[seat].remove(card)
        leader = (leader + oracle.taker(trick, trump)) % 5
    pytest.fail("every play of the hand was forced")


def test_a_card_not_held_is_refused():
    hand = played_hand(5)
    tricks = [list(trick) for trick in hand.tricks[:1]]
    tricks[0][0] = hand.hands[1][0]  # the leader plays a card of player 1
    with pytest.raises(InvalidInput) as caught:
        scored(hand, tricks=tricks)
    assert ("/tricks/0/0", "card_not_in_hand") in {(p.pointer, p.code) for p in caught.value.problems}


def test_too_many_tricks_and_long_tricks_are_refused():
    hand = played_hand(5)
    with pytest.raises(InvalidInput) as caught:
        scored(hand, tricks=[*hand.tricks, hand.tricks[0]])
    assert caught.value.problems[0].code == "too_many_tricks"
    with pytest.raises(InvalidInput) as caught:
        scored(hand, tricks=[[*hand.tricks[0], hand.hands[0][-1]]])
    assert caught.value.problems[0].code == "trick_too_long"


def test_chips_before_are_checked():
    with pytest.raises(InvalidInput) as caught:
        scored(played_hand(5), chips=[0, 6, 0, 0])
    assert {p.code for p in caught.value.problems} == {"chips_count", "game_already_won"}


# -- what is not scored is not reported as scoring (§3.3) -------------------------------------------
STOP_HANDS = [  # seat 0 leads, seat 4 deals; 5H turned up: hearts trumps, 5H an honor at the point
    "AC 2C 3C 4C 5C 2S 3S 8D 9D KH",
    "8S 9S 10S JS QS AD 2D 6C 7C 2H",
    "8H 9H 10H JH QH 3D 4D 5D 6D 7D",
    "KS 4S 6S AH 3H 10D QD 8C 10C QC",
    "AS 5S 7S 4H 6H 7H JD KD 9C JC",
]


def stopped(chips):
    return score_hand([parse_cards(hand) for hand in STOP_HANDS], parse_card("5H"), "point", [], chips).to_dict()


def test_a_game_won_at_the_turn_up_pays_no_sequence_and_no_point():
    """The dealer at five chips turns up an honor: six, the game is over; the sequences and the Point that follow are not scored."""
    score = stopped([0, 0, 0, 0, 5])
    assert [(step["step"], step["player_position"]) for step in score["steps"]] == [("turn_up", 5)]
    assert score["chips"] == [0, 0, 0, 0, 1]
    declared = score["declarations"]
    assert declared["scoring_sequences"] == []
    assert declared["point"]["winner_position"] is None and declared["point"]["paid"] is False
    assert len(declared["sequences"]) == 4  # every sequence is still declared: clubs, spades, hearts, diamonds


def test_a_game_won_at_the_sequence_pays_that_sequence_and_not_the_point():
    """Runs of five to the queen: the trump run (seat 2's hearts) is best; its first chip makes six, so seat 2's diamonds run is not paid."""
    score = stopped([0, 0, 5, 0, 0])
    assert [(step["step"], step["player_position"]) for step in score["steps"]] == [("turn_up", 5), ("sequence", 3)]
    declared = score["declarations"]
    assert [(run["player_position"], run["cards"]) for run in declared["scoring_sequences"]] == [(3, ["8H", "9H", "10H", "JH", "QH"])]
    assert declared["point"]["winner_position"] is None and declared["point"]["paid"] is False


def test_a_point_paid_is_reported_paid():
    """Nobody near six: seat 1's five spades (8 9 10 J Q = 47) tie seat 2's five hearts (47); seat 1 declares earlier and is paid."""
    declared = stopped([0, 0, 0, 0, 0])["declarations"]
    assert declared["point"]["winner_position"] == 2 and declared["point"]["paid"] is True

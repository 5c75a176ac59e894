"""Sequences and the Point (rules.md §5, §6): scenario by scenario, and the worked example of §12.2."""

from __future__ import annotations

import random

import pytest

from service.core.cards import ONE_DECK, parse_card, parse_cards
from service.core.problems import InvalidInput
from service.games.twenty_four_1718.analysis import declarations_report, score_hand
from service.games.twenty_four_1718.declarations import declare, is_sequence, point_of, ranks_by_suit, sequences_in

from . import oracle

EXAMPLE = [  # rules.md §12.2: five hands from the leader, the dealer last; the stock is 5H on KC
    "AC 2C 3C 4C 5C 2S 3S 8D 9D KH",
    "8S 9S 10S JS QS AD 2D 6C 7C 2H",
    "8H 9H 10H JH QH 3D 4D 5D 6D 7D",
    "KS 4S 6S AH 3H 10D QD 8C 10C QC",
    "AS 5S 7S 4H 6H 7H JD KD 9C JC",
]


def runs_of(text: str) -> list[tuple[str, int, int]]:
    return [(run.suit, run.low, run.high) for run in sequences_in(ranks_by_suit(parse_cards(text)))]


def hands(texts: list[str]) -> list[list]:
    return [parse_cards(text) for text in texts]


# -- what a sequence is (§5.1) --------------------------------------------------------------
def test_the_ace_is_low_so_a_to_5_is_a_quint():
    assert runs_of("AH 2H 3H 4H 5H KS QS") == [("H", 1, 5)]


def test_nothing_runs_past_the_king():
    assert runs_of("JH QH KH AH 2H 3H") == []


def test_four_in_a_row_is_no_sequence():
    assert runs_of("9C 10C JC QC 2D") == []


def test_two_runs_with_a_gap_in_one_suit_are_two_sequences():
    assert runs_of("AD 2D 3D 4D 5D 7D 8D 9D 10D JD QD") == [("D", 1, 5), ("D", 7, 12)]


def test_a_run_of_seven_is_one_sequence_never_two():
    found = runs_of("6S 7S 8S 9S 10S JS QS")
    assert found == [("S", 6, 12)]
    assert sequences_in(ranks_by_suit(parse_cards("6S 7S 8S 9S 10S JS QS")))[0].length == 7


def test_runs_in_two_suits():
    assert runs_of("2S 3S 4S 5S 6S 9H 10H JH QH KH") == [("S", 2, 6), ("H", 9, 13)]


@pytest.mark.parametrize("text", ["AH 2H 3H 4H 5H KS QS", "AD 2D 3D 4D 5D 7D 8D 9D 10D JD QD", "2S 3S 4S 5S 6S 9H 10H JH QH KH", "JH QH KH AH 2H 3H"])
def test_runs_agree_with_the_oracle(text):
    assert sorted(runs_of(text)) == sorted(oracle.runs(text.split()))


# -- the best sequence (§5.3) and who scores (§5.4) --------------------------------------------
def winner(texts: list[str], trump: str) -> int | None:
    return declare(hands(texts), trump).sequence_winner


def test_the_longer_sequence_wins_whatever_its_top():
    assert winner(["AC 2C 3C 4C 5C 6C", "8S 9S 10S JS QS"], "S") == 0


def test_at_equal_length_the_higher_top_wins():
    assert winner(["2C 3C 4C 5C 6C", "9S 10S JS QS KS"], "C") == 1


def test_at_equal_length_and_top_trumps_win():
    assert winner(["8S 9S 10S JS QS", "8H 9H 10H JH QH"], "H") == 1
    assert winner(["8S 9S 10S JS QS", "8H 9H 10H JH QH"], "S") == 0


def test_at_equal_length_and_top_in_plain_suits_the_earlier_declarer_wins():
    assert winner(["8S 9S 10S JS QS", "8H 9H 10H JH QH"], "D") == 0
    assert winner(["8H 9H 10H JH QH", "8S 9S 10S JS QS"], "D") == 0


def test_no_sequence_anywhere():
    assert winner(["AS 3S 5S 7S 9S JS KS", "2H 4H 6H 8H 10H"], "D") is None


def test_the_winner_scores_every_sequence_they_hold_and_nobody_else_scores():
    declared = declare(hands(["AD 2D 3D 4D 5D 7D 8D 9D 10D JD", "9S 10S JS QS KS", "2C 3C 4C 5C 6C"]), "H")
    # player 1's quint to the King beats player 0's to the Jack; player 0's lower quint does not help them
    scoring = declared.scoring_sequences()
    assert [(run.player, run.suit, run.high) for run in scoring] == [(1, "S", 13)]
    declared = declare(hands(["AD 2D 3D 4D 5D 7D 8D 9D 10D JD QD", "9S 10S JS QS KS", "2C 3C 4C 5C 6C"]), "H")
    scoring = declared.scoring_sequences()
    assert [(run.player, run.high) for run in scoring] == [(0, 12), (0, 5)]  # the best first, then the weaker one of the same hand


# -- the Point (§6) -------------------------------------------------------------------------------
def point(text: str) -> tuple[int, int]:
    found = point_of(ranks_by_suit(parse_cards(text)))
    return found.count, found.total


def test_the_point_is_the_longest_suit_by_number_of_cards():
    assert point("2S 3S 4S 5S KH QH JH") == (4, 14)


def test_faces_count_ten_and_the_ace_one():
    assert point("KC QC JC AC 10C") == (5, 41)


def test_of_two_longest_suits_the_higher_sum_counts():
    assert point("KS QS JS 2H 3H 4H") == (3, 30)
    assert point("2H 3H 4H KS QS JS") == (3, 30)


@pytest.mark.parametrize("text", ["KC QC JC AC 10C", "KS QS JS 2H 3H 4H", "2S 3S 4S 5S KH QH JH"])
def test_points_agree_with_the_oracle(text):
    assert point(text) == oracle.point(text.split())


def test_more_cards_beat_a_higher_sum():
    declared = declare(hands(["AS 2S 3S 4S 5S", "KH QH JH 10H"]), "C")
    assert declared.point.player == 0


def test_equal_counts_go_to_the_higher_sum():
    declared = declare(hands(["AS 2S 3S 4S", "KH QH JH 10H"]), "C")
    assert (declared.point.player, declared.point.total) == (1, 40)


def test_equal_count_and_sum_go_to_the_earlier_declarer_and_trumps_give_nothing():
    declared = declare(hands(["KS QS JS 10S", "KH QH JH 10H"]), "H")
    assert declared.point.player == 0
    declared = declare(hands(["KH QH JH 10H", "KS QS JS 10S"]), "S")
    assert declared.point.player == 0


# -- the worked example (§12.2, §12.3) ------------------------------------------------------------
def test_worked_example_declarations():
    report = declarations_report(hands(EXAMPLE), parse_card("5H"), "point", "H").to_dict()
    assert report["turn_up"] == {"card": "5H", "honor": True, "chips": {"dealer": 1}, "dealer_position": 5}
    assert [(s["player_position"], s["top"], s["length"]) for s in report["sequences"]] == [(1, "5", 5), (2, "Q", 5), (3, "Q", 5), (3, "7", 5)]
    assert report["sequence_winner_position"] == 3
    assert report["point"] == {"winner_position": 2, "paid": True, "suit": "S", "count": 5, "sum": 47}
    assert [(p["count"], p["sum"]) for p in report["points"]] == [(5, 15), (5, 47), (5, 47), (3, 28), (3, 17)]
    assert report["chips"] == [0, 1, 2, 0, 1]
    assert oracle.chips_of_hand([text.split() for text in EXAMPLE], "5H", "point", [], [0] * 5) == ([0, 1, 2, 0, 1], None)


def test_at_the_face_cards_the_5H_turn_up_scores_nothing():
    report = declarations_report(hands(EXAMPLE), parse_card("5H"), "face").to_dict()
    assert report["turn_up"]["honor"] is False
    assert report["turn_up"]["chips"] == {"dealer": 0}
    assert report["chips"] == [0, 1, 2, 0, 0]


def test_worked_example_the_game_stops_at_the_sequence():
    score = score_hand(hands(EXAMPLE), parse_card("5H"), "point", [], chips=[0, 0, 5, 0, 0]).to_dict()
    assert [(step["step"], step["player_position"]) for step in score["steps"]] == [("turn_up", 5), ("sequence", 3)]
    assert score["totals"] == [0, 0, 6, 0, 1]
    assert score["reached_24"]["step"] == "sequence"
    assert score["reached_24"]["cards"] == ["8H", "9H", "10H", "JH", "QH"]


def test_the_game_stops_at_the_turn_up():
    score = score_hand(hands(EXAMPLE), parse_card("5H"), "point", [], chips=[0, 0, 0, 0, 5]).to_dict()
    assert [step["step"] for step in score["steps"]] == ["turn_up"]
    assert score["reached_24"]["player_position"] == 5  # the dealer, the last hand


def test_the_game_stops_at_the_point():
    score = score_hand(hands(EXAMPLE), parse_card("5H"), "point", [], chips=[0, 5, 0, 0, 0]).to_dict()
    assert [step["step"] for step in score["steps"]] == ["turn_up", "sequence", "sequence", "point"]
    assert score["reached_24"] == {"step": "point", "rule": "6.3", "player_position": 2, "chips": 1, "total": 6, "count": 5, "sum": 47}


# -- refused deals ---------------------------------------------------------------------------------
def test_a_deal_is_checked_whole():
    bad = hands(EXAMPLE)
    bad[1] = bad[1][:9]
    bad[3] = [*bad[3][:9], parse_card("AC")]
    with pytest.raises(InvalidInput) as caught:
        declarations_report(bad, parse_card("5H"), "point", "S")
    codes = {(p.pointer, p.code) for p in caught.value.problems}
    assert ("/hands/1", "hand_size") in codes
    assert ("/hands/3/9", "card_twice") in codes
    assert ("/trump", "trump_not_turn_up") in codes


def test_three_hands_are_no_deal():
    with pytest.raises(InvalidInput) as caught:
        declarations_report(hands(EXAMPLE[:3]), parse_card("5H"), "point")
    assert caught.value.problems[0].code == "player_count"


def test_the_turn_up_cannot_be_in_a_hand():
    with pytest.raises(InvalidInput) as caught:
        declarations_report(hands(EXAMPLE), parse_card("KH"), "point")
    assert [p.pointer for p in caught.value.problems] == ["/turn_up"]


def test_a_sequence_is_five_or_more_of_a_suit_in_a_row_each_once():
    rng = random.Random(51)
    deck = [*ONE_DECK, *ONE_DECK[:13]]  # a spade may come twice: a card named twice is no sequence
    found = 0
    for _ in range(4000):
        suit = rng.choice("SHDC")
        low = rng.randint(1, 9)
        near = [card for card in deck if card.suit == suit and low <= card.rank <= low + 6]  # mostly runs, or nearly
        pool = near if rng.random() < 0.8 else deck
        cards = rng.sample(pool, min(len(pool), rng.randint(3, 7)))
        ranks = [card.rank for card in cards]
        expected = len(cards) >= 5 and len({card.suit for card in cards}) == 1 and len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1
        assert is_sequence(cards) == expected, cards
        found += expected
    assert found > 200  # many runs, not only non-runs

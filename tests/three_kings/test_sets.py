"""Cards by rank, the set finder against a brute-force oracle, the reading's worked example, and /score's methods."""

from __future__ import annotations

from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.problems import InvalidInput
from service.games.three_kings.cards import CardError, parse_card
from service.games.three_kings.queries import score_report, sets_report

from .tables import RANKS

VALUE = {rank: index + 1 for index, rank in enumerate(RANKS)}  # A 1 ... Q 12, K 13 (never summed)


def cards(texts):
    return [parse_card(text) for text in texts]


@pytest.mark.parametrize(
    "text, rank, shown",
    [
        ("6", 6, "6"),
        ("6h", 6, "6H"),
        ("10♥", 10, "10H"),
        ("T", 10, "10"),
        ("j", 11, "J"),
        ("QS", 12, "QS"),
        ("K", 13, "K"),
        ("JK", 13, "JK"),
        ("jk", 13, "JK"),
        ("Joker", 13, "JK"),
        ("a", 1, "A"),
    ],
)
def test_a_card_is_its_rank_and_keeps_its_suit_for_display(text, rank, shown):
    card = parse_card(text)
    assert (card.rank, str(card)) == (rank, shown)


@pytest.mark.parametrize("text", ["1", "11", "Z", "", "6X", "KK", 7, None])
def test_what_is_not_a_card_is_refused(text):
    with pytest.raises(CardError):
        parse_card(text)


def test_the_worked_example_of_the_reading():
    report = sets_report(cards(["6", "K", "2", "9"]), cards(["5", "J", "3", "K"])).to_dict()
    assert report == {
        "sets": [{"hand_card": "6", "table_cards": ["5", "J"], "sum": "6 + 5 = 11"}, {"hand_card": "2", "table_cards": ["3", "5"], "sum": "2 + 3 = 5"}],
        "can_take_king": True,
        "may_discard": False,
        "may_pass": False,
    }


def test_suits_and_jokers_change_nothing():
    plain = sets_report(cards(["6", "K", "2", "9"]), cards(["5", "J", "3", "K"])).to_dict()
    marked = sets_report(cards(["6D", "JK", "2S", "9C"]), cards(["5H", "JH", "3C", "KS"])).to_dict()
    assert marked == plain


def test_a_discard_is_allowed_only_without_a_set():
    assert sets_report(cards(["9", "K"]), cards(["5", "J", "K"])).to_dict() == {"sets": [], "can_take_king": True, "may_discard": True, "may_pass": False}
    assert sets_report(cards(["K", "K"]), cards(["5", "J"])).to_dict()["may_pass"]


def test_a_hand_of_kings_may_pass_though_a_table_king_could_be_taken():
    # The rule book: Kings "can" be taken; a take is never forced (reading, revised).
    assert sets_report(cards(["K"]), cards(["5", "K"])).to_dict() == {"sets": [], "can_take_king": True, "may_discard": False, "may_pass": True}


def test_more_copies_than_the_pack_are_refused_at_each_place():
    # Two players: 4 of each rank A-Q, 5 Kings (rules.md §1.3).
    with pytest.raises(InvalidInput) as refused:
        sets_report(cards(["7", "7", "7", "K", "K", "K"]), cards(["7", "7", "K", "K", "K"]))
    assert [(p.pointer, p.code) for p in refused.value.problems] == [("/table/1", "too_many_copies"), ("/table/4", "too_many_copies")]
    assert sets_report(cards(["7", "7", "7", "K", "K", "K"]), cards(["7", "7", "K", "K", "K"]), players=3).sets == ()


def oracle(hand, table):
    """Every set by ranks, found by trying every hand card with every pair of table cards in every order."""
    found = set()
    for hand_rank in hand:
        for first, second in combinations(table, 2):
            if "K" in (hand_rank, first, second):
                continue
            if any(VALUE[a] + VALUE[b] == VALUE[c] for a, b, c in permutations((hand_rank, first, second))):
                found.add((hand_rank, tuple(sorted((first, second), key=VALUE.get))))
    return found


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(RANKS), max_size=8), st.lists(st.sampled_from(RANKS), max_size=12))
def test_the_set_finder_agrees_with_brute_force(hand, table):
    report = sets_report(cards(hand), cards(table), players=10).to_dict()
    found = [(item["hand_card"], tuple(item["table_cards"])) for item in report["sets"]]
    assert len(found) == len(set(found))  # each distinct set once
    assert set(found) == oracle(hand, table)
    first_held = {rank: hand.index(rank) for rank in reversed(hand)}  # the sets come by the hand's ranks in the order first held,
    assert found == sorted(found, key=lambda item: (first_held[item[0]], *(VALUE[rank] for rank in item[1])))  # low table rank first
    assert report["can_take_king"] == ("K" in hand and "K" in table)
    assert report["may_discard"] == (not found and any(rank != "K" for rank in hand))


# /score: the three methods of rules.md §8 -----------------------------------------------------------
PILES = {"ann": ["6", "5", "J"], "bob": ["2", "3", "5"], "cy": ["4", "7", "J"]}


@pytest.mark.parametrize(
    "method, three_kings, expected",
    [
        ("three_kings_wins", "bob", {"scores": None, "winners": ["bob"]}),
        ("three_kings_wins", None, {"scores": None, "winners": []}),
        ("bonus", "bob", {"scores": {"ann": 22, "bob": 25, "cy": 22}, "winners": ["bob"]}),
        ("bonus", None, {"scores": {"ann": 22, "bob": 10, "cy": 22}, "winners": ["ann", "cy"]}),
        ("penalty", "bob", {"scores": {"ann": 22, "bob": -5, "cy": 22}, "winners": ["bob"]}),
        ("penalty", "ann", {"scores": {"ann": 7, "bob": 10, "cy": 22}, "winners": ["ann"]}),
    ],
)
def test_score_by_each_method(method, three_kings, expected):
    report = score_report(method, {name: cards(pile) for name, pile in PILES.items()}, three_kings).to_dict()
    assert report == {"method": method, **expected}


def test_score_refuses_piles_that_are_not_sets_and_unknown_holders():
    with pytest.raises(InvalidInput) as refused:
        score_report("bonus", {"ann": cards(["6", "5", "9"]), "b/b": cards(["2", "3"])}, "zed")
    assert [(p.pointer, p.code) for p in refused.value.problems] == [
        ("/three_kings", "unknown_player"),
        ("/piles/ann/0", "pile_not_sets"),
        ("/piles/b~1b", "pile_not_sets"),
    ]

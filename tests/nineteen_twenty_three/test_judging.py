"""§4: who wins a game — range, nearest end, average, draws, war, no winner — and the judge's request checks."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.cards import Pack
from service.core.problems import InvalidInput
from service.games.nineteen_twenty_three.judging import judge_game, judge_request

from .tables import cards
from .test_values import oracle_value


def judged(hands: dict[str, str], draws: dict[str, str] | None = None, pile: int | None = None):
    return judge_game([(name, cards(text)) for name, text in hands.items()], {name: cards(text) for name, text in (draws or {}).items()}, pile)


def test_range_closest_to_23_wins():
    result = judged({"ann": "10H QS", "bob": "10C 5D 7S", "cy": "KH QH 5S"})  # 20, 22, 25
    assert (result.winner, result.decided_by) == ("bob", "range")
    assert result.to_dict()["steps"] == [{"step": "range", "rule": "4.1", "compared": {"ann": 20, "bob": 22}, "tied": ["bob"]}]
    assert result.cards_won == 8


def test_worked_example_in_range_with_an_ace():
    result = judged({"ann": "AH 9C 2D", "bob": "10C 7D"})
    assert result.to_dict()["values"] == {"ann": 22, "bob": 17}
    assert result.winner == "ann"


def test_nobody_in_range_nearest_end_wins():
    result = judged({"ann": "10H 7S", "bob": "KH QS 6D"})  # 17 is 2 from 19, 26 is 3 from 23
    assert (result.winner, result.decided_by) == ("ann", "nearest")
    assert result.to_dict()["steps"][0] == {"step": "nearest", "rule": "4.2", "compared": {"ann": 2, "bob": 3}, "tied": ["ann"]}


def test_worked_example_equal_distances_then_average_as_fractions():
    result = judged({"ann": "KH QS 5D", "bob": "10C 7D"})
    steps = result.to_dict()["steps"]
    assert steps[0]["tied"] == ["ann", "bob"]  # 2 from 23 and 2 from 19 tie
    assert steps[1] == {"step": "average", "rule": "4.3", "compared": {"ann": "25/3", "bob": "17/2"}, "tied": ["bob"]}
    assert (result.winner, result.decided_by) == ("bob", "average")
    assert Fraction(25, 3) < Fraction(17, 2)


def test_range_tie_broken_by_average():
    result = judged({"ann": "10H QS", "bob": "5H 5S KH"})  # both 20; 10 against 20/3
    assert (result.winner, result.decided_by) == ("ann", "average")


def test_tie_needs_draws_and_says_so_instead_of_guessing():
    result = judged({"ann": "10H 8D", "bob": "10C 8S", "cy": "2H 3H"})
    data = result.to_dict()
    assert data["winner"] is None and data["decided_by"] is None
    assert (data["needs"], data["tied"], data["missing"], data["round"]) == ("draw", ["ann", "bob"], ["ann", "bob"], 1)


def test_repeated_draws():
    result = judged({"ann": "10H 8D", "bob": "10C 8S"}, {"ann": "5S 7S", "bob": "5D 2C"})
    assert (result.winner, result.decided_by, result.cards_won) == ("ann", "draw", 8)
    rounds = [step for step in result.to_dict()["steps"] if step["step"] == "draw"]
    assert [(r["round"], r["cards"], r["tied"]) for r in rounds] == [(1, {"ann": "5S", "bob": "5D"}, ["ann", "bob"]), (2, {"ann": "7S", "bob": "2C"}, ["ann"])]


def test_draw_values_ace_high_and_faces_equal():
    assert judged({"ann": "10H 8D", "bob": "10C 8S"}, {"ann": "AS", "bob": "KS"}).winner == "ann"
    tie = judged({"ann": "10H 8D", "bob": "10C 8S"}, {"ann": "10S", "bob": "JS"})
    assert tie.needs == ("ann", "bob") and tie.draw_round == 2


def test_only_the_still_tied_draw_again():
    result = judged({"ann": "10H 8D", "bob": "10C 8S", "cy": "9H 9S"}, {"ann": "7S 3C", "bob": "7D 4C", "cy": "2S"})
    assert (result.winner, result.cards_won) == ("bob", 11)
    assert result.draws_used == {"ann": 2, "bob": 2, "cy": 1}


def test_war_with_own_cards_when_the_pile_is_short():
    result = judged({"ann": "10H 8D", "bob": "9C 9S"}, pile=1)  # both 18, averages 9; 1 card for 2 players
    assert (result.winner, result.decided_by) == ("ann", "war")
    war = result.to_dict()["steps"][-1]
    assert war == {"step": "war", "rule": "4.5", "turn": 1, "cards": {"ann": "10H", "bob": "9C"}, "compared": {"ann": 10, "bob": 9}, "tied": ["ann"]}


def test_war_after_draws_uses_the_hands_not_the_draws():
    # three tie at 18 (averages 9); round 1 takes the 3 cards left: ann and cy draw 9s, bob a 2;
    # the pile is then empty, so ann and cy play war with their hands: 8H against 10D
    result = judged({"ann": "8H 10H", "bob": "10C 8S", "cy": "10D 8D"}, {"ann": "9S", "bob": "2C", "cy": "9C"}, pile=3)
    assert (result.winner, result.decided_by) == ("cy", "war")
    war_steps = [step for step in result.to_dict()["steps"] if step["step"] == "war"]
    assert [step["cards"] for step in war_steps] == [{"ann": "8H", "cy": "10D"}]
    assert result.cards_won == 9  # six hand cards and three drawn


def test_war_player_out_of_cards_drops_out():
    # 18 and 24 are both 1 from the range; averages 18/3 = 24/4 = 6; the pile is empty
    result = judged({"ann": "8S 5H 5D", "bob": "8C 5C 5S 6D"}, pile=0)
    assert (result.winner, result.decided_by) == ("bob", "war")
    last = result.to_dict()["steps"][-1]
    assert (last["turn"], last["cards"], last["tied"], last["out_of_cards"]) == (4, {"bob": "6D"}, ["bob"], ["ann"])


def test_no_winner_when_war_runs_out_together():
    result = judged({"ann": "10H 8D", "bob": "10C 8S"}, pile=0)
    data = result.to_dict()
    assert (data["winner"], data["decided_by"], data["cards_won"], data["dead_cards"]) == (None, "none", 0, 4)
    assert data["steps"][-1] == {"step": "war", "rule": "4.5", "turn": 3, "cards": {}, "compared": {}, "tied": [], "out_of_cards": ["ann", "bob"]}


def test_no_winner_after_draws_counts_the_draws_dead():
    result = judged({"ann": "10H 8D", "bob": "10C 8S"}, {"ann": "5S", "bob": "5D"}, pile=2)
    assert (result.decided_by, result.to_dict()["dead_cards"]) == ("none", 6)


# -- an independent oracle for the steps before any draw, and the order of the players -----------------------------------
def oracle(hands: list[tuple[str, list]]) -> tuple[str | None, str | None]:
    """The winner and deciding step by the reading's words, or (None, None) when draws are needed."""
    value = {name: oracle_value(cards) for name, cards in hands}
    ranged = [name for name in value if 19 <= value[name] <= 23]
    if ranged:
        best = max(value[name] for name in ranged)
        tied, step = [name for name in ranged if value[name] == best], "range"
    else:
        distance = {name: min(abs(value[name] - 19), abs(value[name] - 23)) for name in value}
        best = min(distance.values())
        tied, step = [name for name in value if distance[name] == best], "nearest"
    if len(tied) == 1:
        return tied[0], step
    count = {name: len(cards) for name, cards in hands}
    top = max(Fraction(value[name], count[name]) for name in tied)
    tied = [name for name in tied if Fraction(value[name], count[name]) == top]
    return (tied[0], "average") if len(tied) == 1 else (None, None)


TWO_DECKS = Pack(decks=2).cards()


@st.composite
def games(draw):
    """4 to 6 hands (two decks are allowed from 4 players) of 2 to 6 cards from two decks, maybe some draws, maybe a pile count."""
    players = draw(st.integers(4, 6))
    deck = draw(st.permutations(TWO_DECKS))
    sizes = [draw(st.integers(2, 6)) for _ in range(players)]
    hands, at = [], 0
    for index, size in enumerate(sizes):
        hands.append((f"p{index}", deck[at : at + size]))
        at += size
    draws = {}
    for name, _ in hands:
        count = draw(st.integers(0, 3))
        draws[name], at = deck[at : at + count], at + count
    return hands, draws, draw(st.none() | st.integers(0, 8))


@settings(max_examples=300, deadline=None)
@given(games())
def test_agrees_with_the_oracle_before_any_draw(game):
    hands, _, _ = game
    result = judge_game(hands)
    assert (result.winner, result.decided_by) == oracle(hands)
    assert bool(result.needs) == (result.winner is None)


@settings(max_examples=300, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_the_winner_does_not_depend_on_the_order_players_are_listed(game, rng):
    hands, draws, pile = game
    reordered = list(hands)
    rng.shuffle(reordered)
    first, second = judge_game(hands, draws, pile), judge_game(reordered, draws, pile)
    assert (first.winner, first.decided_by, first.cards) == (second.winner, second.decided_by, second.cards)
    assert set(first.needs) == set(second.needs) and first.draw_round == second.draw_round
    assert dict(first.values) == dict(second.values)


# -- the judge endpoint's request ------------------------------------------------------------------------------
def request(hands: dict[str, str], draws: dict[str, str] | None = None, **more):
    data = {"hands": [{"player": name, "cards": text.split()} for name, text in hands.items()], **more}
    if draws is not None:
        data["draws"] = [{"player": name, "cards": text.split()} for name, text in draws.items()]
    return data


def problems_of(data) -> list[tuple[str, str]]:
    with pytest.raises(InvalidInput) as refused:
        judge_request(data)
    return [(p.pointer, p.code) for p in refused.value.problems]


def test_request_judged():
    assert judge_request(request({"ann": "AH 9C 2D", "bob": "10C 7D"})).winner == "ann"
    pending = judge_request(request({"ann": "10H 8D", "bob": "10C 8S"}, {"ann": "5S"})).to_dict()
    assert (pending["needs"], pending["missing"]) == ("draw", ["bob"])  # ann's card is kept for the round, not refused


def test_request_problems_all_at_once():
    data = request({"ann": "AH", "bob": "10C 7D"}, {"cy": "2S"})
    data["hands"].append({"player": "bob", "cards": ["2H", "3H"]})
    assert problems_of(data) == [("/hands/2/player", "duplicate_name"), ("/hands/0/cards", "hand_size"), ("/draws/0/player", "unknown_player")]
    assert problems_of(request({"ann": "AH 9C"})) == [("/hands", "player_count")]
    assert problems_of(request({"ann": "AH 9C", "bob": "AH 2C"})) == [("/hands/1/cards/0", "too_many_copies")]
    assert problems_of(request({"ann": "AH 9C", "bob": "2C 3C"}, {"ann": "4S"})) == [("/draws/0/cards/0", "draw_not_needed")]
    assert problems_of(request({"ann": "10H 8D", "bob": "10C 8S"}, {"ann": "5S 7S 9S", "bob": "5D 2C"})) == [("/draws/0/cards/2", "draw_not_needed")]
    assert problems_of(request({"ann": "10H 8D", "bob": "10C 8S"}, {"ann": "5S", "bob": "6S"}, pile=1)) == [
        ("/draws/0/cards/0", "draw_not_needed"),
        ("/draws/1/cards/0", "draw_not_needed"),
    ]  # one card left: war, no draws


def test_request_decks_default_and_override():
    assert problems_of(request({"ann": "AH 9C", "bob": "AH 2C"}, decks=1)) == [("/hands/1/cards/0", "too_many_copies")]
    # revised: never more than ceil(players / 3) decks; two players have one deck, four may have two
    assert problems_of(request({"ann": "AH 9C", "bob": "AH 2C"}, decks=2)) == [("/decks", "bad_decks")]
    four = {"ann": "AH 9C", "bob": "AH 2C", "cy": "3C 4C", "dee": "5C 6C"}
    assert judge_request(request(four, decks=2)).winner == "ann"
    assert judge_request(request(four)).winner == "ann"  # the default: ceil(4 / 3) = 2 decks

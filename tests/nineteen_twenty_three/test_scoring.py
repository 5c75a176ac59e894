"""§5.4-§6: a set's winners and points (Ace benefit and damage), and a match's standings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.core.problems import InvalidInput
from service.games.nineteen_twenty_three.scoring import match_standings, score_set, set_request, standings_request
from service.games.nineteen_twenty_three.tournament import ROW_SCORER
from service.tournaments.scoring import GameRow, RowsRefused

from .tables import cards


def test_worked_example_shared_win_ace_benefit_and_damage():
    # ann 14 cards with 2 Aces, bob 14 with 1, cy 9 with 1 (two decks)
    ann = cards("AH AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    bob = cards("AD 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2D")
    cy = cards("AC 2C 3C 4C 5C 6C 7C 8C 9C")
    score = score_set([("ann", ann), ("bob", bob), ("cy", cy)])
    assert score.winners == ("ann", "bob")
    assert score.points_of() == {"ann": 16, "bob": 15, "cy": -1}


def test_single_winner_and_losers_without_aces_score_nothing():
    score = score_set([("ann", cards("2H 3H 4H")), ("bob", cards("5H")), ("cy", ())])
    assert (score.winners, score.points_of()) == (("ann",), {"ann": 3, "bob": 0, "cy": 0})


def test_nobody_won_a_card_everyone_shares_with_zero():
    score = score_set([("ann", ()), ("bob", ())])
    assert (score.winners, score.points_of()) == (("ann", "bob"), {"ann": 0, "bob": 0})


def test_set_request():
    assert set_request({"won": {"ann": ["AH", "7C"], "bob": ["AS"]}}).to_dict() == {
        "winners": ["ann"],
        "points": {"ann": 3, "bob": -1},
        "cards": {"ann": 2, "bob": 1},
        "aces": {"ann": 1, "bob": 1},
        "rule": "5.5",
    }
    with pytest.raises(InvalidInput) as refused:
        set_request({"won": {"ann": ["AH", "AH"], "bob": ["XX"]}})
    assert [(p.pointer, p.code) for p in refused.value.problems] == [("/won/bob/0", "bad_card"), ("/won/ann/1", "too_many_copies")]


def sets(*lines: tuple[dict[str, int], dict[str, int]]) -> dict[str, object]:
    return {"sets": [{"points": points, "cards": count} for points, count in lines]}


def test_first_to_reach_the_target_wins():
    result = standings_request(sets(({"ann": 12, "bob": -1}, {"ann": 12, "bob": 8}), ({"ann": 10, "bob": 14}, {"ann": 10, "bob": 10}))).to_dict()
    assert [line["totals"] for line in result["sets"]] == [{"ann": 12, "bob": -1}, {"ann": 22, "bob": 13}]
    assert (result["over"], result["winners"], result["decided_by"], result["rule"]) == (True, ["ann"], "first_to_target", "6.1")


def test_not_over_yet():
    result = standings_request(sets(({"ann": 12, "bob": 0}, {"ann": 12, "bob": 8}))).to_dict()
    assert (result["over"], result["winners"], result["decided_by"], result["ranking"]) == (False, [], None, ["ann", "bob"])


def test_several_past_the_target_in_the_same_set_most_cards_wins():
    # ann wins set 1 alone; ann and bob share set 2 and pass 21 together: 35 and 22 points, 35 and 33 cards
    result = standings_request(
        sets(({"ann": 14, "bob": 0, "cy": -1}, {"ann": 14, "bob": 12, "cy": 5}), ({"ann": 21, "bob": 22, "cy": 0}, {"ann": 21, "bob": 21, "cy": 2}))
    ).to_dict()
    assert (result["winners"], result["decided_by"], result["rule"]) == (["ann"], "most_cards", "6.2")


def test_several_past_the_target_with_equal_cards_share():
    result = standings_request(sets(({"ann": 10, "bob": 10}, {"ann": 10, "bob": 10}), ({"ann": 12, "bob": 15}, {"ann": 12, "bob": 12}))).to_dict()
    assert (result["winners"], result["decided_by"]) == (["ann", "bob"], "shared")
    assert result["cards"] == {"ann": 22, "bob": 22}


def test_a_lower_total_past_the_target_can_win_on_cards():
    # bob passes 21 with more points, ann with more cards over the match: cards decide (§6.2)
    # cy wins set 1 (ann 15 cards, bob 5, no points); ann and bob share set 2: ann 21, bob 25 points; cards 36 and 26
    result = standings_request(
        sets(({"ann": 0, "bob": 0, "cy": 20}, {"ann": 15, "bob": 5, "cy": 20}), ({"ann": 21, "bob": 25, "cy": 0}, {"ann": 21, "bob": 21, "cy": 2}))
        | {"target": 21}
    ).to_dict()
    assert result["winners"] == ["ann"]


def test_sets_given_by_cards_are_scored():
    data = {"target": 3, "sets": [{"won": {"ann": ["AH", "7C", "8C"], "bob": ["AS"]}}]}
    result = standings_request(data).to_dict()
    assert result["totals"] == {"ann": 4, "bob": -1} and result["sets"][0]["winners"] == ["ann"] and result["winners"] == ["ann"]


def test_standings_problems():
    def problems(data):
        with pytest.raises(InvalidInput) as refused:
            standings_request(data)
        return [(p.pointer, p.code) for p in refused.value.problems]

    over = sets(({"ann": 25, "bob": 0}, {"ann": 25, "bob": 0}), ({"ann": 1, "bob": 1}, {"ann": 1, "bob": 1}))
    assert problems(over) == [("/sets/1", "match_already_over")]
    assert problems(sets(({"ann": 1, "bob": 1}, {"ann": 1, "bob": 1}), ({"ann": 1, "cy": 1}, {"ann": 1, "cy": 1}))) == [("/sets/1", "players_differ")]
    assert problems({"sets": [{"won": {"ann": []}, "points": {"ann": 1}}]}) == [("/sets/0", "set_shape")]
    assert problems({"sets": []}) == [("/sets", "no_sets")]
    assert problems({"sets": [{"won": {}}]}) == [("/sets/0/won", "player_count")]
    assert problems({"sets": [{"won": {"a/b": ["AH", "AH"], "c": []}}], "decks": 1}) == [("/sets/0/won/a~1b/1", "too_many_copies")]
    assert problems(sets(({"ann": 1, "bob": 1}, {"ann": 1, "bob": 1})) | {"target": 0}) == [("/target", "bad_target")]


def test_match_standings_direct():
    assert match_standings([], 21).result is None


def test_sheet_rows_score_a_set():
    rows = [
        GameRow(2, "ann", {"won": "AH AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"}),
        GameRow(3, "bob", {"won": "AD 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2D"}),
        GameRow(4, "cy", {"won": "AC 2C 3C 4C 5C 6C 7C 8C 9C"}),
    ]
    assert ROW_SCORER.score(rows) == {"ann": Fraction(16), "bob": Fraction(15), "cy": Fraction(-1)}
    assert ROW_SCORER.columns == ("won",)
    with pytest.raises(RowsRefused) as refused:
        ROW_SCORER.score([GameRow(2, "ann", {"won": "AH XX"}), GameRow(3, "bob", {"won": ""})])
    assert [(p.row, p.column, p.code) for p in refused.value.problems] == [(2, "won", "bad_card")]
    with pytest.raises(RowsRefused) as refused:
        ROW_SCORER.score([GameRow(2, "ann", {"won": "AH"}), GameRow(3, "bob", {"won": "AH"})])
    assert [(p.row, p.column, p.code) for p in refused.value.problems] == [(3, "won", "too_many_copies")]


def test_a_set_line_that_cannot_happen_is_refused():
    """§5.5: the winners (most cards) score their cards plus their Aces; everyone else scores 0 or less (Ace damage)."""

    def problems(data):
        with pytest.raises(InvalidInput) as refused:
            standings_request(data)
        return [(p.pointer, p.code) for p in refused.value.problems]

    found = problems({"target": 21, "sets": [{"points": {"ann": 23, "bob": 21}, "cards": {"ann": 26, "bob": 24}}]})
    assert ("/sets/0/points/bob", "impossible_points") in found  # bob did not win the set: 21 > 0
    assert ("/sets/0/points/ann", "impossible_points") in found  # ann won 26 cards: at least 26 points
    assert problems(sets(({"ann": 12, "bob": 0}, {"ann": 12, "bob": 8}), ({"ann": 25, "bob": 0}, {"ann": 12, "bob": 8}))) == [
        ("/sets/1/points/ann", "impossible_points")
    ]  # 12 cards hold at most 12 Aces: 24 points at most
    assert problems(sets(({"ann": 12, "bob": -9}, {"ann": 12, "bob": 8}))) == [("/sets/0/points/bob", "impossible_points")]
    # possible lines: a winner with Aces, a shared win, a loser with Ace damage, nobody won a card
    assert standings_request(
        sets(({"ann": 14, "bob": -2}, {"ann": 12, "bob": 8}), ({"ann": 5, "bob": 6}, {"ann": 5, "bob": 5}), ({"ann": 0, "bob": 0}, {"ann": 0, "bob": 0}))
    ).to_dict()["totals"] == {"ann": 19, "bob": 4}


def test_a_set_line_is_checked_against_the_pack():
    """§1.2: the pack is decks × 52 cards with 4 Aces a deck; a set's cards won, and the Aces its points imply, fit in it."""

    def problems(data):
        with pytest.raises(InvalidInput) as refused:
            standings_request(data)
        return [(p.pointer, p.code) for p in refused.value.problems]

    # two players play with one deck (ceil(2 / 3)): 30 + 28 cards cannot be won in one set
    assert problems({"sets": [{"points": {"ann": 30, "bob": 0}, "cards": {"ann": 30, "bob": 28}}]}) == [("/sets/0/cards", "cards_over_pack")]
    # revised: two players may not bring a second deck (never more than ceil(players / 3)); four may
    assert problems({"decks": 2, "sets": [{"points": {"ann": 30, "bob": 0}, "cards": {"ann": 30, "bob": 28}}]}) == [("/decks", "bad_decks")]
    four = {"points": {"ann": 30, "bob": 0, "cy": 0, "dee": 0}, "cards": {"ann": 30, "bob": 28, "cy": 0, "dee": 0}}
    assert standings_request({"decks": 2, "sets": [four]}).to_dict()["totals"] == {"ann": 30, "bob": 0, "cy": 0, "dee": 0}
    # a winner with 12 cards takes at most the deck's 4 Aces: 16 points, not 17
    assert problems({"sets": [{"points": {"ann": 17, "bob": 0}, "cards": {"ann": 12, "bob": 8}}]}) == [("/sets/0/points/ann", "impossible_points")]
    # 3 Aces for ann and 2 of Ace damage for bob: 5 Aces, one deck holds 4
    assert problems({"sets": [{"points": {"ann": 15, "bob": -2}, "cards": {"ann": 12, "bob": 8}}]}) == [("/sets/0/points", "aces_over_pack")]
    assert standings_request({"sets": [{"points": {"ann": 14, "bob": -2}, "cards": {"ann": 12, "bob": 8}}]}).to_dict()["totals"] == {"ann": 14, "bob": -2}

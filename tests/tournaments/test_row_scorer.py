"""A game's own rows scored by its RowScorer: a made-up trick-taking game (tests/tournaments/fake_game) read, scored and ranked.

Expected points are worked by hand from the fake game's rule (making the bid
scores 10 + bid, missing it costs the gap, a bonus adds a third).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.tournaments.rows import BadRows, read_results, table_from_csv, table_from_records
from service.tournaments.scoring import CellProblem, RowsRefused, game_row_scorer, options_of, with_options
from service.tournaments.standings import standings
from tests.tournaments.fake_game.tournament import ROW_SCORER as TRICKS

SHEET = b"game,player,bid,tricks,bonus\n1,ann,5,5,\n1,bob,4,6,\n1,cy,2,2,yes\n2,ann,3,4,\n2,bob,9,9,\n2,cy,0,0,no\n"
# game 1: ann 10+5, bob -2, cy 10+2+1/3; game 2: ann -1, bob 10+9, cy 10+0
POINTS = {"1": {"ann": Fraction(15), "bob": Fraction(-2), "cy": Fraction(37, 3)}, "2": {"ann": Fraction(-1), "bob": Fraction(19), "cy": Fraction(10)}}


def test_the_games_own_rows_are_scored_exactly_by_its_scorer():
    results = read_results(table_from_csv(SHEET), TRICKS)
    assert results.shape == "tricks" and results.points == POINTS and results.ignored_columns == ()


def test_standings_of_scored_rows_keep_thirds_exact():
    result = standings(read_results(table_from_csv(SHEET), TRICKS)).to_dict()
    assert [(s["player"], s["rank"], s["total"], s["wins"], s["best"], s["worst"]) for s in result["standings"]] == [
        ("cy", 1, "67/3", 0, "37/3", 10),
        ("bob", 2, 17, 1, 19, -2),
        ("ann", 3, 14, 1, 15, -1),
    ]


def test_options_change_the_scoring():
    doubled = read_results(table_from_csv(SHEET), with_options(TRICKS, {"double": True}))
    assert doubled.points == {game: {p: 2 * v for p, v in scores.items()} for game, scores in POINTS.items()}
    with pytest.raises(BadRows) as caught:
        read_results(table_from_csv(SHEET), with_options(TRICKS, {"deck": "short"}))
    assert [(p.row, p.column, p.code) for p in caught.value.problems] == [(2, "", "tricks_sum"), (5, "", "tricks_sum")]
    assert [o.name for o in options_of(TRICKS)] == ["deck", "double"] and options_of(None) == ()


def test_the_scorers_problems_and_the_sheets_come_together_in_row_order():
    data = b"game,player,bid,tricks\n1,ann,5,x\n1,,4,6\n1,bob,14,2\n2,ann,1,13\n2,ann,1,0\n"
    with pytest.raises(BadRows) as caught:
        read_results(table_from_csv(data), TRICKS)
    assert [(p.row, p.column, p.code) for p in caught.value.problems] == [
        (2, "tricks", "bad_tricks"),
        (3, "player", "required"),
        (4, "bid", "bad_bid"),
        (6, "player", "duplicate_row"),
    ]
    assert caught.value.problems[0].to_dict() == {
        "pointer": "/rows/2/tricks",
        "row": 2,
        "column": "tricks",
        "code": "bad_tricks",
        "message": "tricks is a whole number from 0 to 13, not 'x'",
    }


def test_a_sheet_of_points_needs_no_scorer_and_any_game_takes_one():
    data = b"game,player,points\n1,ann,2\n1,bob,-1.5\n"
    assert read_results(table_from_csv(data), TRICKS) == read_results(table_from_csv(data))
    assert read_results(table_from_csv(data)).points == {"1": {"ann": 2, "bob": Fraction(-3, 2)}}


def test_the_header_says_which_shape_and_what_is_missing():
    with pytest.raises(BadRows, match="neither 'points' nor 'tricks': use game, player, points — or game, player, tricks, bid\\[, bonus\\]"):
        read_results(table_from_csv(b"game,player,bid\n1,ann,2\n"), TRICKS)
    with pytest.raises(BadRows, match="both 'points' and 'tricks'"):
        read_results(table_from_csv(b"game,player,points,tricks\n1,ann,2,2\n"), TRICKS)
    with pytest.raises(BadRows) as caught:
        read_results(table_from_csv(b"game,player,tricks,notes\n1,ann,2,x\n"), TRICKS)
    assert [(p.column, p.code) for p in caught.value.problems] == [("bid", "missing_column")]
    with pytest.raises(BadRows) as caught:  # a game without a scorer reads points only
        read_results(table_from_csv(b"game,player,tricks,bid\n1,ann,2,2\n"))
    assert [(p.column, p.code) for p in caught.value.problems] == [("points", "missing_column")]


def test_the_scorers_row_bound_holds():
    rows = [{"game": g, "player": p, "bid": 0, "tricks": 0} for g in range(11) for p in ("a", "b", "c", "d")]
    with pytest.raises(BadRows, match="at most 40 rows of tricks"):
        read_results(table_from_records(rows), TRICKS)


def test_unread_columns_are_reported_and_optional_ones_read():
    table = table_from_records([{"game": 1, "player": "ann", "bid": 13, "tricks": 13, "bonus": "yes", "table": 4}])
    results = read_results(table, TRICKS)
    assert results.ignored_columns == ("table",) and results.points == {"1": {"ann": Fraction(70, 3)}}


def test_rows_refused_needs_a_problem():
    with pytest.raises(ValueError, match="at least one problem"):
        RowsRefused([])
    assert str(RowsRefused([CellProblem(3, "bid", "bad_bid", "no")])) == "row 3 bid: no"


def test_a_game_names_its_scorer_in_its_tournament_module(monkeypatch):
    from service.games.kings.tournament import ROW_SCORER as KINGS
    from tests.conftest import register_game

    assert game_row_scorer("24-kings") is KINGS
    register_game(monkeypatch, "tricks", "tests.tournaments.fake_game", scorer=TRICKS)
    register_game(monkeypatch, "plain", "tests.tournaments")  # a game whose registry line names no scorer
    assert game_row_scorer("tricks") is TRICKS and game_row_scorer("plain") is None

"""Tournament rows of Three Kings (service.tournaments.scoring.RowScorer): piles and three Kings, scored by a method."""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.games.three_kings.tournament import ROW_SCORER
from service.tournaments.scoring import GameRow, RowScorer, RowsRefused


def rows(*cells: dict[str, str]) -> list[GameRow]:
    return [GameRow(number, cell.pop("player"), cell) for number, cell in enumerate(cells, start=2)]


def game(method: str = "") -> list[GameRow]:
    return rows({"player": "ann", "pile": "6 5 J", "three_kings": "no", "method": method},
                {"player": "bob", "pile": "2, 3, 5", "three_kings": "yes", "method": method},
                {"player": "cy", "pile": "", "three_kings": "", "method": method})


def test_it_is_a_row_scorer():
    scorer: RowScorer = ROW_SCORER
    assert scorer.columns == ("pile", "three_kings") and scorer.optional_columns == ("method",)


@pytest.mark.parametrize("method, points", [
    ("", {"ann": 22, "bob": 25, "cy": 0}),  # bonus by default: 10 + 15 for bob
    ("bonus", {"ann": 22, "bob": 25, "cy": 0}),
    ("penalty", {"ann": -22, "bob": 5, "cy": 0}),  # bob scores 10 - 15 = -5, the fewest: he ranks first
    ("three_kings_wins", {"ann": 0, "bob": 1, "cy": 0}),
])
def test_points_by_method(method, points):
    assert ROW_SCORER.score(game(method)) == {name: Fraction(value) for name, value in points.items()}


def test_every_bad_cell_is_named():
    bad = rows({"player": "ann", "pile": "6 5 9 X", "three_kings": "maybe", "method": "bonus"},
               {"player": "bob", "pile": "K Q Q", "three_kings": "yes", "method": "penalty"},
               {"player": "cy", "pile": "", "three_kings": "yes", "method": "most"})
    with pytest.raises(RowsRefused) as refused:
        ROW_SCORER.score(bad)
    found = {(p.row, p.column, p.code) for p in refused.value.problems}
    assert found == {(2, "pile", "bad_card"), (2, "three_kings", "bad_three_kings"), (3, "pile", "pile_not_sets"),
                     (4, "three_kings", "two_three_kings"), (4, "method", "bad_method"), (2, "method", "methods_differ")}


def test_copies_beyond_the_pack_are_refused():
    two = rows({"player": "ann", "pile": "2 2 4 2 2 4", "three_kings": "no"}, {"player": "bob", "pile": "2 3 5", "three_kings": "no"})
    with pytest.raises(RowsRefused) as refused:
        ROW_SCORER.score(two)
    assert [(p.row, p.column, p.code) for p in refused.value.problems] == [(3, "pile", "too_many_copies")]

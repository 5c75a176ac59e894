"""Tournament rows of Three Kings (service.tournaments.scoring.RowScorer): piles and three Kings, scored by a method."""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.games.three_kings.tournament import ROW_SCORER
from service.tournaments.scoring import GameRow, RowsRefused, options_of, with_options


def rows(*cells: dict[str, str]) -> list[GameRow]:
    return [GameRow(number, cell.pop("player"), cell) for number, cell in enumerate(cells, start=2)]


def game() -> list[GameRow]:
    return rows(
        {"player": "ann", "pile": "6 5 J", "three_kings": "no"},
        {"player": "bob", "pile": "2, 3, 5", "three_kings": "yes"},
        {"player": "cy", "pile": "", "three_kings": ""},
    )


def test_the_method_is_the_sheets_option():
    assert ROW_SCORER.columns == ("pile", "three_kings")
    (method,) = options_of(ROW_SCORER)
    assert (method.name, method.choices, method.default) == ("method", ("three_kings_wins", "bonus", "penalty"), "bonus")
    assert ROW_SCORER.score(game()) == {"ann": 22, "bob": 25, "cy": 0}  # bonus by default: 10 + 15 for bob


@pytest.mark.parametrize(
    "method, points",
    [
        ("bonus", {"ann": 22, "bob": 25, "cy": 0}),
        ("penalty", {"ann": -22, "bob": 5, "cy": 0}),  # bob scores 10 - 15 = -5, the fewest: he ranks first
        ("three_kings_wins", {"ann": 0, "bob": 1, "cy": 0}),
    ],
)
def test_points_by_method(method, points):
    assert with_options(ROW_SCORER, {"method": method}).score(game()) == {name: Fraction(value) for name, value in points.items()}


def test_every_bad_cell_is_named():
    bad = rows(
        {"player": "ann", "pile": "6 5 9 X", "three_kings": "maybe"},
        {"player": "bob", "pile": "K Q Q", "three_kings": "yes"},
        {"player": "cy", "pile": "", "three_kings": "yes"},
    )
    with pytest.raises(RowsRefused) as refused:
        ROW_SCORER.score(bad)
    found = {(p.row, p.column, p.code) for p in refused.value.problems}
    assert found == {(2, "pile", "bad_card"), (2, "three_kings", "bad_three_kings"), (3, "pile", "pile_not_sets"), (4, "three_kings", "two_three_kings")}


def test_copies_beyond_the_pack_are_refused():
    two = rows({"player": "ann", "pile": "2 2 4 2 2 4", "three_kings": "no"}, {"player": "bob", "pile": "2 3 5", "three_kings": "no"})
    with pytest.raises(RowsRefused) as refused:
        ROW_SCORER.score(two)
    assert [(p.row, p.column, p.code) for p in refused.value.problems] == [(3, "pile", "too_many_copies")]


def test_standings_over_http_by_the_chosen_method(client):
    sheet = b"game,player,pile,three_kings\n1,ann,6 5 J,no\n1,bob,2 3 5,yes\n2,ann,,yes\n2,bob,4 7 J,no\n"
    url = "/v1/three-kings/tournaments/standings"
    bonus = client.post(url, data=sheet, content_type="text/csv").get_json()
    assert [(s["player"], s["total"]) for s in bonus["standings"]] == [("bob", 25 + 22), ("ann", 22 + 15)]
    penalty = client.post(url + "?method=penalty", data=sheet, content_type="text/csv").get_json()
    assert [(s["player"], s["total"]) for s in penalty["standings"]] == [("ann", -22 + 15), ("bob", 5 - 22)]

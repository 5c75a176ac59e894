"""Tournament rows of Twenty-Four (rules.md §9): cards won are the points, checked against the pack."""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.games.twenty_four.tournament import ROW_SCORER
from service.tournaments.scoring import GameRow, RowsRefused


def rows(*cells):
    return [GameRow(number, player, {"cards_won": won, **extra}) for number, (player, won, extra) in enumerate(cells, start=2)]


def test_cards_won_are_the_points():
    assert ROW_SCORER.score(rows(("ann", "16", {}), ("bob", "12", {}), ("cy", "0", {}))) == {"ann": Fraction(16), "bob": Fraction(12), "cy": 0}
    assert ROW_SCORER.columns == ("cards_won",) and ROW_SCORER.max_rows == 8


@pytest.mark.parametrize(
    ("cells", "code"),
    [
        ((("ann", "15", {}), ("bob", "12", {})), "bad_cards_won"),  # cards are won four at a time
        ((("ann", "x", {}), ("bob", "12", {})), "bad_cards_won"),
        ((("ann", "24", {}), ("bob", "20", {})), "too_many_cards"),  # 44 of a 40-card pack
        ((("ann", "16", {}),), "player_count"),
        ((("ann", "16", {}), ("ann", "4", {})), "duplicate_player"),
        ((("ann", "16", {"hands": "2"}), ("bob", "4", {"hands": "3"})), "rows_disagree"),
        ((("ann", "16", {"face_cards": "maybe"}), ("bob", "4", {})), "bad_face_cards"),
    ],
)
def test_rows_that_cannot_be_are_refused_naming_the_cell(cells, code):
    with pytest.raises(RowsRefused) as refused:
        ROW_SCORER.score(rows(*cells))
    assert code in [problem.code for problem in refused.value.problems]


def test_several_hands_and_face_cards_raise_the_bound():
    two_hands = rows(("ann", "44", {"hands": "2"}), ("bob", "32", {"hands": "2"}))
    assert ROW_SCORER.score(two_hands)["ann"] == 44
    face = rows(("ann", "28", {"face_cards": "yes"}), ("bob", "24", {"face_cards": "yes"}))
    assert sum(ROW_SCORER.score(face).values()) == 52

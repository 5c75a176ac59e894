"""24 Kings' own rows (final cards at the castles, scored by The Calculus), read through its ROW_SCORER as before."""

from __future__ import annotations

import pytest

from service.games.kings.rules import Rules
from service.games.kings.tournament import ROW_SCORER as KINGS
from service.tournaments.rows import BadRows, read_results, table_from_csv
from service.tournaments.scoring import options_of, with_options
from service.tournaments.standings import standings
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
HEADER = b"game,player,castle_1,castle_2,castle_3,castle_4,cards\n"


def from_csv(data: bytes, scorer=KINGS):
    return standings(read_results(table_from_csv(data), scorer))


def test_cards_shape_is_scored_by_the_calculus():
    result = from_csv((EXAMPLES / "results-cards.csv").read_bytes()).to_dict()
    assert result["shape"] == "cards"
    assert {s["player"]: s["points"] for s in result["standings"]} == {"ann": {"1": 48, "2": 15.5}, "cy": {"1": 13, "2": 13}, "bob": {"1": -0.5, "2": 9}}


def test_a_sheet_of_points_still_reads_with_24_kings_scorer():
    assert from_csv((EXAMPLES / "results-points.csv").read_bytes(), KINGS) == from_csv((EXAMPLES / "results-points.csv").read_bytes(), None)


def test_card_rows_are_checked_per_game():
    lines = [
        b"game,player,castle_1,castle_2,castle_3,castle_4,cards,caller",
        b"1,ann,5H,9C,4D,10S,QH QH,yes",
        b"1,bob,5H,9C,4D,9S,QH 2C,yes",
        b"2,cy,5H,9C,4D,10S,XX,maybe",
    ]
    data = b"\n".join(lines) + b"\n"
    with pytest.raises(BadRows) as caught:
        from_csv(data)
    found = {(p.row, p.column, p.code) for p in caught.value.problems}
    assert found == {(4, "cards", "bad_card"), (4, "caller", "bad_caller"), (3, "castle_4", "castles_differ"), (3, "caller", "two_callers")}


def test_an_impossible_game_points_at_its_row():
    data = HEADER + b"1,ann,5H,9C,4D,10S,QH QH\n" + b"1,bob,5H,9C,4D,10S,QH 2C\n"
    with pytest.raises(BadRows) as caught:
        from_csv(data)
    assert [(p.row, p.column, p.code) for p in caught.value.problems] == [(3, "cards", "third_copy")]


def test_a_bad_castle_and_an_impossible_game_are_reported_together():
    data = HEADER + b"1,ann,5H,9C,4D,10S,QH QH\n1,bob,5H,9C,4D,10S,QH 2C\n2,ann,5H,9C,ZZ,10S,2C\n2,bob,5H,9C,ZZ,10S,3C\n"
    with pytest.raises(BadRows) as caught:
        from_csv(data)
    assert [(p.row, p.column, p.code) for p in caught.value.problems] == [
        (3, "cards", "third_copy"),
        (4, "castle_3", "bad_castle"),
        (5, "castle_3", "bad_castle"),
    ]


def test_headers_name_both_shapes():
    with pytest.raises(BadRows, match="neither 'points' nor 'cards'"):
        from_csv(b"game,player\n1,ann\n")
    with pytest.raises(BadRows, match="both 'points' and 'cards'"):
        from_csv(b"game,player,points,cards\n1,ann,2,2C\n")
    with pytest.raises(BadRows, match="no column 'castle_4'"):
        from_csv(b"game,player,castle_1,castle_2,castle_3,cards\n1,ann,5H,9C,4D,2C\n")


def test_card_rows_are_bounded_like_real_games():
    nine = HEADER + b"1,ann,5H,9C,4D,10S,AS 2S 3S 4S 5S 6S 7S 8S 9S\n"
    with pytest.raises(BadRows) as caught:
        from_csv(nine)
    assert [(p.column, p.code) for p in caught.value.problems] == [("cards", "too_many_cards")]
    eleven = HEADER + b"".join(b"1,p%d,5H,9C,4D,10S,2C\n" % i for i in range(11))
    with pytest.raises(BadRows) as caught:
        from_csv(eleven)
    assert [(p.row, p.code) for p in caught.value.problems] == [(12, "too_many_players")]
    many = HEADER + b"".join(b"%d,ann,5H,9C,4D,10S,2C\n" % i for i in range(1001))
    with pytest.raises(BadRows, match="at most 1000 rows of cards"):
        from_csv(many)


def test_the_rules_are_the_organisers_choice():
    data = HEADER + b"1,ann,5H,9C,4D,10S,QS JD 10C JS 10D 9C AH\n"
    assert from_csv(data).table[0].total == -40
    assert from_csv(data, with_options(KINGS, {"hands": "quick"})).table[0].total == 31
    assert with_options(KINGS, {"hands": "elders", "ghoul_raiser": True}) == type(KINGS)(Rules("elders", ghoul_raiser=True))
    assert [o.name for o in options_of(KINGS)][:2] == ["hands", "subjects_count"] and len(options_of(KINGS)) == 8
    with pytest.raises(ValueError, match="unknown hand set"):
        with_options(KINGS, {"hands": "bogus"})

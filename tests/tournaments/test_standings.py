"""Tournament rows (JSON, CSV, XLSX) and standings: shapes, formats, bad rows, ties."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from service.games.kings.tournament import ROW_SCORER as KINGS
from service.tournaments.rows import BadRows, read_results, table_from_csv, table_from_records, table_from_xlsx
from service.tournaments.sheets import standings_csv, standings_xlsx
from service.tournaments.standings import standings
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"


def from_csv(data: bytes):
    return standings(read_results(table_from_csv(data), KINGS))


def xlsx_rows(data: bytes) -> list[list[object]]:
    sheet = load_workbook(io.BytesIO(data)).worksheets[0]
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def test_points_shape_sums_the_traveling_total():
    result = from_csv((EXAMPLES / "results-points.csv").read_bytes()).to_dict()
    assert [(s["player"], s["rank"], s["total"], s["wins"]) for s in result["standings"]] == [
        ("ann", 1, 49, 2), ("cy", 2, 24, 0), ("bob", 3, -9, 1)]
    ann = result["standings"][0]
    assert ann["best"] == 48 and ann["worst"] == -12 and ann["points"] == {"1": 13, "2": -12, "3": 48}


def test_cards_shape_is_scored_by_the_calculus():
    result = from_csv((EXAMPLES / "results-cards.csv").read_bytes()).to_dict()
    assert result["shape"] == "cards"
    assert {s["player"]: s["points"] for s in result["standings"]} == {
        "ann": {"1": 48, "2": 15.5}, "cy": {"1": 13, "2": 13}, "bob": {"1": -0.5, "2": 9}}


@pytest.mark.parametrize("example", ["results-points.csv", "results-cards.csv"])
def test_csv_in_xlsx_out_read_back(example):
    result = from_csv((EXAMPLES / example).read_bytes())
    rows = xlsx_rows(standings_xlsx(result))
    assert rows[0][:7] == ["rank", "player", "total", "games", "wins", "best", "worst"]
    assert [(r[1], r[2]) for r in rows[1:]] == [(s.player, s.total) for s in result.table]
    again = table_from_xlsx(standings_xlsx(result))
    assert again.columns[:3] == ("rank", "player", "total") and len(again.rows) == len(result.table)


def test_xlsx_in_gives_the_same_standings_as_csv():
    csv_data = (EXAMPLES / "results-points.csv").read_bytes()
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for line in csv_data.decode().splitlines():
        game, player, points = line.split(",")
        sheet.append([game, player, points] if game == "game" else [int(game), player, float(points)])
    buffer = io.BytesIO()
    book.save(buffer)
    table = table_from_xlsx(buffer.getvalue())
    assert standings(read_results(table)) == from_csv(csv_data)


def test_csv_out_round_trips():
    result = from_csv((EXAMPLES / "results-points.csv").read_bytes())
    text = standings_csv(result).decode()
    assert text.splitlines()[1] == "1,ann,49,3,2,48,-12,13,-12,48"


def test_excel_bom_semicolons_and_decimal_commas():
    data = "\ufeffGame;Player;Points\n1;ann;6,5\n1;bob;-2\n".encode()
    result = from_csv(data).to_dict()
    assert result["standings"][0]["total"] == 6.5


def test_ties_share_a_rank_and_a_shared_win_counts_for_each():
    rows = [{"game": "1", "player": p, "points": n} for p, n in (("ann", 5), ("bob", 5), ("cy", 1), ("dee", 1))]
    rows += [{"game": "2", "player": p, "points": n} for p, n in (("ann", 0), ("bob", 0), ("cy", 3), ("dee", -1))]
    result = standings(read_results(table_from_records(rows))).to_dict()
    assert [(s["player"], s["rank"], s["wins"]) for s in result["standings"]] == [("ann", 1, 1), ("bob", 1, 1), ("cy", 3, 1), ("dee", 4, 0)]


def test_every_bad_row_is_reported_with_row_and_column():
    data = b"game,player,points\n1,ann,x\n1,,2\n2,ann,1.25\n2,bob,3\n2,bob,4\n"
    with pytest.raises(BadRows) as caught:
        read_results(table_from_csv(data))
    found = {(p.row, p.column, p.code) for p in caught.value.problems}
    assert found == {(2, "points", "bad_points"), (3, "player", "required"), (4, "points", "bad_points"), (6, "player", "duplicate_row")}
    assert caught.value.problems[0].to_dict()["pointer"] == "/rows/2/points"


def test_card_rows_are_checked_per_game():
    data = (b"game,player,castle_1,castle_2,castle_3,castle_4,cards,caller\n"
            b"1,ann,5H,9C,4D,10S,QH QH,yes\n"
            b"1,bob,5H,9C,4D,9S,QH 2C,yes\n"
            b"2,cy,5H,9C,4D,10S,XX,maybe\n")
    with pytest.raises(BadRows) as caught:
        from_csv(data)
    found = {(p.row, p.column, p.code) for p in caught.value.problems}
    assert found == {(4, "cards", "bad_card"), (4, "caller", "bad_caller"), (3, "castle_4", "castles_differ"), (3, "caller", "two_callers")}


def test_an_impossible_game_points_at_its_row():
    data = (b"game,player,castle_1,castle_2,castle_3,castle_4,cards\n"
            b"1,ann,5H,9C,4D,10S,QH QH\n"
            b"1,bob,5H,9C,4D,10S,QH 2C\n")
    with pytest.raises(BadRows) as caught:
        from_csv(data)
    assert [(p.row, p.column, p.code) for p in caught.value.problems] == [(3, "cards", "third_copy")]


def test_headers_are_checked_and_extra_columns_reported():
    with pytest.raises(BadRows, match="neither 'points' nor 'cards'"):
        from_csv(b"game,player\n1,ann\n")
    with pytest.raises(BadRows, match="no column 'game'"):
        from_csv(b"round,player,points\n1,ann,2\n")
    assert from_csv(b"game,player,points,notes\n1,ann,2,great\n").ignored_columns == ("notes",)


def test_unreadable_files_are_bad_rows_not_crashes():
    with pytest.raises(BadRows, match="not UTF-8"):
        table_from_csv(b"game,player,points\n1,\xff\xfe,2\n")
    with pytest.raises(BadRows, match="not an XLSX"):
        table_from_xlsx(b"PK\x03\x04 not really a workbook")
    with pytest.raises(BadRows, match="empty"):
        table_from_csv(b"")


def test_hostile_files_are_bad_rows_not_crashes():
    with pytest.raises(BadRows) as caught:
        table_from_csv(b"game,player,points\n1,ann," + b"9" * 200_000 + b"\n")
    assert caught.value.problems[0].code == "bad_csv" and caught.value.problems[0].row == 2
    too_many = b"game,player,points\n" + b"".join(b"%d,p%d,1\n" % (i, i) for i in range(10_005))
    with pytest.raises(BadRows, match="at most 10000 rows"):
        read_results(table_from_csv(too_many))


def test_card_rows_are_bounded_like_real_games():
    header = b"game,player,castle_1,castle_2,castle_3,castle_4,cards\n"
    nine = header + b"1,ann,5H,9C,4D,10S,AS 2S 3S 4S 5S 6S 7S 8S 9S\n"
    with pytest.raises(BadRows) as caught:
        from_csv(nine)
    assert [(p.column, p.code) for p in caught.value.problems] == [("cards", "too_many_cards")]
    eleven = header + b"".join(b"1,p%d,5H,9C,4D,10S,2C\n" % i for i in range(11))
    with pytest.raises(BadRows) as caught:
        from_csv(eleven)
    assert [(p.row, p.code) for p in caught.value.problems] == [(12, "too_many_players")]
    many = header + b"".join(b"%d,ann,5H,9C,4D,10S,2C\n" % i for i in range(1001))
    with pytest.raises(BadRows, match="at most 1000 rows of cards"):
        from_csv(many)

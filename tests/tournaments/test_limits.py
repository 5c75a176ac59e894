"""Issue 16, spreadsheets: every upload is bounded before openpyxl reads it, and the standings written back are bounded.

The hostile inputs of the issue are rebuilt here: a 103 KB spreadsheet whose parts inflate to about 2.5 GB
in memory once parsed (a zip bomb of shared strings), a 26 KB upload that kept a worker busy (a sheet bomb),
sheets that declare a million rows; every one is a 413 naming its limit, refused before any part is inflated.
"""

from __future__ import annotations

import io
import json
import tracemalloc

import pytest

from benchmarks.worst_bodies import empty_cells
from service.tournaments import limits
from service.tournaments.limits import MAX_COLUMNS, MAX_ROWS, MAX_STANDINGS_CELLS, UploadTooLarge
from service.tournaments.rows import BadRows, read_results, table_from_records, table_from_xlsx
from service.tournaments.standings import standings

from .hostile import POINTS, far_row_without_dimension, shared_strings_bomb, sheet_bomb, with_dimension, with_parts, workbook
from .test_xlsx_reader import excel_like

URL = "/v1/24-kings/tournaments/standings"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture(scope="module")
def bombs() -> dict[str, bytes]:
    return {"shared_strings": shared_strings_bomb(38), "sheet": sheet_bomb(7)}


def refused(client, data: bytes, content_type: str = XLSX) -> dict[str, object]:
    response = client.post(URL, data=data, content_type=content_type)
    assert response.status_code == 413, response.get_data(as_text=True)[:500]
    problem = response.get_json()
    assert response.mimetype == "application/problem+json" and problem["status"] == 413
    (error,) = problem["errors"]
    return error


def test_the_issues_103_kb_spreadsheet_is_refused_before_it_inflates(client, bombs):
    data = bombs["shared_strings"]
    assert len(data) <= 103 * 1024  # the size the issue names: 38 MB of shared strings once inflated
    error = refused(client, data)
    assert error["code"] == "zip_part_size" and error["limit"] == limits.MAX_PART_BYTES and error["found"] > 38_000_000
    tracemalloc.start()
    with pytest.raises(UploadTooLarge):
        table_from_xlsx(data)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 2 * 1024 * 1024  # nothing was inflated: the refusal reads the zip's directory only


def test_the_issues_26_kb_upload_is_refused(client, bombs):
    data = bombs["sheet"]
    assert len(data) <= 26 * 1024  # 7 MB of empty rows: past the size of a part
    assert refused(client, data)["code"] == "zip_part_size"
    assert refused(client, sheet_bomb(3))["code"] == "zip_part_ratio"  # 3 MB of them: within the size of a part, not within its ratio


def test_a_part_that_inflates_too_far_is_refused_by_its_ratio(client):
    data = shared_strings_bomb(2)  # 2 MB from about 5 KB: within the size limit, far past the ratio
    error = refused(client, data)
    assert (error["code"], error["limit"]) == ("zip_part_ratio", limits.MAX_RATIO) and error["found"] > limits.MAX_RATIO


def test_all_parts_together_are_bounded(client, monkeypatch):
    monkeypatch.setattr(limits, "MAX_TOTAL_BYTES", 4096)  # an ordinary workbook's parts add up to about 10 KB
    error = refused(client, workbook(POINTS))
    assert (error["code"], error["limit"]) == ("zip_total_size", 4096) and error["found"] > 4096


def test_too_many_parts(client):
    error = refused(client, with_parts(limits.MAX_ZIP_PARTS))
    assert (error["code"], error["limit"]) == ("zip_parts", limits.MAX_ZIP_PARTS)


@pytest.mark.parametrize(
    ("ref", "code", "found"),
    [("A1:XFD1048576", "sheet_rows", 1_048_576), ("A1:C2002", "sheet_rows", 2_002), ("A1:BM3", "sheet_columns", 65), ("A1:XFD3", "sheet_columns", 16_384)],
)
def test_a_sheet_that_declares_too_many_rows_or_columns(client, ref, code, found):
    error = refused(client, with_dimension(ref))
    assert (error["code"], error["found"]) == (code, found)


def test_the_largest_declared_dimension_is_read():
    assert standings(read_results(table_from_xlsx(with_dimension(f"A1:BL{MAX_ROWS + 1}")))).to_dict()["standings"][0]["total"] == 3


def test_rows_past_the_limit_are_413_in_every_file_type(client):
    rows = [["game", "player", "points"], *([str(i), "ann", 1] for i in range(MAX_ROWS + 1))]
    assert refused(client, "\n".join(",".join(map(str, row)) for row in rows).encode(), "text/csv")["code"] == "rows"
    # a sheet without a <dimension> whose last row is far down: blank rows count
    assert refused(client, far_row_without_dimension(MAX_ROWS + 10))["code"] == "rows"


def test_a_cell_too_long_is_422_naming_the_cell(client):
    long_name = "x" * (limits.MAX_CELL_CHARS + 1)
    for data, content_type in (
        (f"game,player,points\n1,ann,3\n1,{long_name},1\n".encode(), "text/csv"),
        (workbook([*POINTS, ["1", long_name, 1]]), XLSX),
    ):
        response = client.post(URL, data=data, content_type=content_type)
        assert response.status_code == 422
        assert [(e["row"], e["column"], e["code"]) for e in response.get_json()["errors"]] == [
            (3 if content_type == "text/csv" else 4, "player", "cell_too_long")
        ]
    with pytest.raises(BadRows, match=r"at most 2600"):
        table_from_records([{"game": "1", "player": "ann", "notes": long_name}])


def test_too_many_columns_is_422(client):
    wide = ["game", "player", "points", *(f"c{i}" for i in range(MAX_COLUMNS))]
    for data, content_type in (
        ((",".join(wide) + "\n1,ann,3\n").encode(), "text/csv"),
        (with_dimension("A1:C2", [["game", "player", "points"], ["1", "ann", 3, *(["x"] * MAX_COLUMNS)]]), XLSX),  # a dimension that lies
    ):
        response = client.post(URL, data=data, content_type=content_type)
        assert response.status_code == 422 and {e["code"] for e in response.get_json()["errors"]} == {"too_many_columns"}, response.get_json()
    assert client.post(URL, json={"rows": [{"game": "1", "player": "ann", "points": 1, **{f"c{i}": 1 for i in range(MAX_COLUMNS)}}]}).status_code == 422


def test_standings_past_the_cell_limit_are_refused(client):
    # 2,000 rows, two new players a game: 1,000 games x 2,000 players would be 2 million cells to write
    rows = "".join(f"{game},p{2 * game},1\n{game},p{2 * game + 1},0\n" for game in range(MAX_ROWS // 2))
    error = refused(client, ("game,player,points\n" + rows).encode(), "text/csv")
    assert (error["code"], error["limit"], error["found"]) == ("standings_cells", MAX_STANDINGS_CELLS, 2_000_000)


def test_the_largest_standings_are_written():
    games = players = 316  # every player in one game of their own: 99,856 cells, MAX_STANDINGS_CELLS at most
    assert games * players <= MAX_STANDINGS_CELLS < (games + 1) * (players + 1)
    rows = [{"game": str(g), "player": f"p{g}", "points": g} for g in range(games)]
    assert standings(read_results(table_from_records(rows))).table[0].total == 315
    rows.append({"game": "316", "player": "p316", "points": 1})
    with pytest.raises(UploadTooLarge, match="317 games × 317 players"):
        read_results(table_from_records(rows))


def test_problems_are_capped_with_a_count(client):
    rows = "".join(f"{i},ann,x\n" for i in range(500))
    problem = client.post(URL, data=("game,player,points\n" + rows).encode(), content_type="text/csv").get_json()
    assert problem["status"] == 422 and len(problem["errors"]) <= 101


def test_an_upload_in_a_form_is_guarded_as_a_body_is(client, bombs):
    for name in ("results.xlsx", "results"):  # by its name, or by its media type
        form = {"file": (io.BytesIO(bombs["shared_strings"]), name, XLSX)}
        response = client.post(URL, data=form, content_type="multipart/form-data")
        assert response.status_code == 413 and response.get_json()["errors"][0]["code"] == "zip_part_size"


def test_a_sheet_of_too_many_cells_is_413_and_reading_stops(client):
    """Rows of 11 numbers: within the rows and the part size, past the cells a sheet may hold (8 a row)."""
    lines = [["game", "player", "points", *(f"c{i}" for i in range(8))], *([str(i), "ann", 1, *range(8)] for i in range(limits.MAX_CELLS // 11))]
    assert len(lines) * 11 > limits.MAX_CELLS
    assert refused(client, workbook(lines))["code"] == "xml_elements"  # as XLSX, its 25 elements a row are past their bound first
    assert refused(client, empty_cells(limits.MAX_CELLS + 1))["code"] == "cells"  # empty cells: one element each
    assert refused(client, "".join(",".join(map(str, line)) + "\n" for line in lines).encode(), "text/csv")["code"] == "cells"


def test_a_workbook_of_too_many_distinct_texts_is_413(client):
    shared = "<si/>" * (limits.MAX_SHARED_STRINGS + 1)  # one element each: within the XML elements
    error = refused(client, excel_like('<x:row><x:c t="s"><x:v>0</x:v></x:c></x:row>', shared))
    assert (error["code"], error["limit"]) == ("shared_strings", limits.MAX_SHARED_STRINGS)


def test_json_rows_past_the_limit_are_refused_before_any_row_is_read(client):
    """The length is checked first: rows that are not even objects are not named when there are too many of them."""
    response = client.post(URL, json={"rows": [1] * (MAX_ROWS + 1)})
    assert response.status_code == 422
    assert [(e["pointer"], e["message"]) for e in response.get_json()["errors"]] == [("/rows", f"Length must be between 1 and {MAX_ROWS}.")]


def test_json_rows_that_are_not_objects_are_named_by_index(client):
    response = client.post(URL, json={"rows": [{"game": "1", "player": "ann", "points": 1}, "ann,1"]})
    assert response.status_code == 422
    assert [(e["pointer"], e["message"]) for e in response.get_json()["errors"]] == [("/rows/1", "Not a valid mapping type.")]


def test_a_sheet_of_too_many_xml_elements_is_413_and_reading_stops(client):
    """Reading costs a Python call per XML element: elements that are no cell (here in one cell's value) count too."""
    junk = "<x:r/>" * (limits.MAX_XML_ELEMENTS + 1)
    error = refused(client, excel_like(f'<x:row r="1"><x:c r="A1" t="inlineStr"><x:is>{junk}</x:is></x:c></x:row>', ""))
    assert (error["code"], error["limit"]) == ("xml_elements", limits.MAX_XML_ELEMENTS)
    texts = "<si><r><t>a</t></r><r><t>b</t></r></si>" * (limits.MAX_XML_ELEMENTS // 5 + 1)  # rich texts within MAX_SHARED_STRINGS count too
    assert refused(client, excel_like('<x:row><x:c t="s"><x:v>0</x:v></x:c></x:row>', texts))["code"] == "xml_elements"


def test_json_rows_of_too_many_cells_are_413_as_a_sheets_are(client):
    row = {"game": "1", "player": "ann", "points": 1, **{f"c{i}": 1 for i in range(limits.MAX_CELLS // MAX_ROWS)}}
    assert refused(client, json.dumps({"rows": [row] * MAX_ROWS}).encode(), "application/json")["code"] == "cells"


def test_json_cells_that_are_no_text_are_422_before_they_are_written_out(client):
    """A cell of nested lists or an object was written out as text, every item, before its length was checked."""
    rows = [
        {"game": "1", "player": "ann", "points": 1, "cards": ["AH", "7C"]},  # a flat list is a cell's text
        {"game": "1", "player": "bob", "points": [[[[1]]]] * 1_000},  # 4,000 lists: within the body's structure caps
        {"game": "1", "player": "cy", "points": 2, "notes": {"a": 1}},
        {"game": "1", "player": "dan", "points": [1] * (limits.MAX_CELL_CHARS + 1)},
    ]
    problem = client.post(URL, json={"rows": rows}).get_json()
    assert problem["status"] == 422
    assert [(e["row"], e["column"], e["code"]) for e in problem["errors"]] == [(1, "points", "bad_cell"), (2, "notes", "bad_cell"), (3, "points", "bad_cell")]
    assert table_from_records([rows[0]]).rows[0][1]["cards"] == "AH 7C"


def test_the_largest_real_sheet_fits_the_xml_elements():
    """24 Kings' most card rows (1,000, 8 text columns) as openpyxl writes them: within the XML elements a sheet may hold."""
    from benchmarks.worst_bodies import as_xlsx

    header = ["game", "player", "cards", "castle_1", "castle_2", "castle_3", "castle_4", "caller"]
    rows = [[f"g{i // 10}", f"p{i % 10}", "AC 2C 3H 4H 4S 5D 5H 6C", "5H", "9C", "4D", "10S", "yes" if i % 10 == 1 else "no"] for i in range(1_000)]
    table = table_from_xlsx(as_xlsx([header, *rows]))
    assert len(table.rows) == 1_000 and table.columns == tuple(header)


@pytest.mark.parametrize("content_type", ["text/csv", "application/json"])
def test_long_column_names_are_refused_and_problems_stay_short(client, content_type):
    """Issue 29: a refusal is at most 64 KiB. 400 rows whose cell under a 100-character column is too long make 400
    problems: 100 listed, each naming the column; a 2,600-character name would have made the answer 520 KB."""
    named = "n" * 100
    long_name = "m" * 2_600
    rows = [{"game": "1", "player": f"p{i}", "points": 1, named: "x" * 2_601} for i in range(350)]
    if content_type == "text/csv":
        body = ("game,player,points," + named + "\n" + "".join(f"1,{row['player']},1,{row[named]}\n" for row in rows)).encode()
    else:
        body = json.dumps({"rows": rows}).encode()
    response = client.post(URL, data=body, content_type=content_type)
    assert response.status_code == 422 and len(response.get_data()) <= 64 * 1024
    errors = response.get_json()["errors"]
    assert len(errors) == 100 and errors[0]["code"] == "cell_too_long" and errors[0]["column"] == named
    header = f"game,player,points,{long_name}\n1,ann,1,x\n".encode()
    refused_name = client.post(URL, data=header, content_type="text/csv").get_json()["errors"]
    assert [(e["row"], e["code"], len(e["column"])) for e in refused_name] == [(1, "column_name_too_long", 100)]

"""Issue 29, the XLSX reader under attack: every part bounded before and while it is read, every number read with a
digit bound, every zip and XML fault a 413 or 422 problem that names the limit or the fault, never a 500.

Every file is built here, part by part (:func:`.hostile.book_parts`), from the classes the issue found: numbers of
thousands of digits (a cell, a shared string's index, a row number), an XML part in an unknown encoding, a part flagged
encrypted, a bad CRC, workbook and relationship parts of millions of tiny elements, cells of 20,000 attributes.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest

from service.games import GAME_PACKAGES
from service.tournaments import limits
from service.tournaments.limits import MAX_PART_ATTRIBUTES, MAX_PART_ELEMENTS, MAX_XML_ATTRIBUTES, MAX_XML_ELEMENTS, UploadTooLarge
from service.tournaments.rows import BadRows, table_from_xlsx

from .hostile import POINTS_ROWS, book_parts, central_patched, many_attributes, stream_broken, tiny_elements, zipped

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SHEET = "xl/worksheets/sheet1.xml"
THOUSANDS = "7" * 5_000  # past Python's 4,300 digits for int(): each of these was a 500
ONE_BOOK = zipped(book_parts())


def with_part(name: str, data: bytes, parts: dict[str, bytes] | None = None) -> bytes:
    return zipped({**(parts or book_parts()), name: data})


def sheet_row(cells: str) -> str:
    """The points rows and a fourth: ann's game 2, and ``cells``."""
    return POINTS_ROWS + f'<row r="4"><c r="A4" t="inlineStr"><is><t>2</t></is></c><c r="B4" t="s"><v>3</v></c>{cells}</row>'


# name -> (file, status, code): the oracle is the issue's class, not the reader
FAULTS: dict[str, tuple[bytes, int, str]] = {
    "a number cell of 5,000 digits": (zipped(book_parts(sheet_row(f'<c r="C4"><v>{THOUSANDS}</v></c>'))), 422, "number_too_long"),
    "a shared string index of 5,000 digits": (zipped(book_parts(sheet_row(f'<c r="C4" t="s"><v>{THOUSANDS}</v></c>'))), 422, "bad_shared_string"),
    "a shared string index in other digits": (zipped(book_parts(sheet_row('<c r="C4" t="s"><v>\u00b2</v></c>'))), 422, "bad_shared_string"),
    "a row number of 5,000 digits": (zipped(book_parts(f'<row r="{THOUSANDS}"><c r="A9"><v>1</v></c></row>')), 413, "rows"),
    "a row number in other digits": (zipped(book_parts(POINTS_ROWS + '<row r="\u00b2"/>')), 200, ""),
    "a workbook part in an unknown encoding": (
        with_part("xl/workbook.xml", book_parts()["xl/workbook.xml"].replace(b'encoding="UTF-8"', b'encoding="klingon"')),
        422,
        "xml_encoding",
    ),
    "a sheet in a multi-byte encoding expat cannot take": (
        with_part(SHEET, book_parts()[SHEET].replace(b'encoding="UTF-8"', b'encoding="utf-7"')),
        422,
        "xml_encoding",
    ),
    "relationships in a codec that is no text encoding": (
        with_part("xl/_rels/workbook.xml.rels", book_parts()["xl/_rels/workbook.xml.rels"].replace(b'encoding="UTF-8"', b'encoding="rot13"')),
        422,
        "xml_encoding",
    ),
    "a sheet flagged encrypted": (central_patched(ONE_BOOK, SHEET, 8, b"\x01"), 422, "zip_encrypted"),
    "content types flagged encrypted (a part never read)": (central_patched(ONE_BOOK, "[Content_Types].xml", 8, b"\x01"), 422, "zip_encrypted"),
    "a bad CRC in the central directory": (central_patched(ONE_BOOK, SHEET, 16, b"\x00\x00\x00\x00"), 422, "bad_zip"),
    "shared strings with a bad CRC": (central_patched(ONE_BOOK, "xl/sharedStrings.xml", 16, b"\xff\xff\xff\xff"), 422, "bad_zip"),
    "a sheet compressed with bzip2": (zipped(book_parts(), {SHEET: zipfile.ZIP_BZIP2}), 422, "zip_compression"),
    "a compression method zipfile does not know": (central_patched(ONE_BOOK, SHEET, 10, b"\x63\x00"), 422, "zip_compression"),
    "a broken deflate stream": (stream_broken(ONE_BOOK, SHEET), 422, "bad_zip"),
    "no sheet part": (zipped({k: v for k, v in book_parts().items() if k != SHEET}), 422, "missing_part"),
    "a DTD in the workbook part": (
        with_part("xl/workbook.xml", book_parts()["xl/workbook.xml"].replace(b"?><workbook", b'?><!DOCTYPE workbook [<!ENTITY a "a">]><workbook')),
        422,
        "xml_doctype",
    ),
    "relationships that are not XML": (with_part("xl/_rels/workbook.xml.rels", b"<Relationships><"), 422, "bad_xml"),
    "a relationship target of a million characters": (
        zipped(book_parts(relations_before=f'<Relationship Id="rId1" Type="t" Target="{"a/" * 500_000}"/>'.replace('Id="rId1"', 'Id="rId9"'))),
        200,
        "",
    ),
    "not a zip at all": (b"PK\x03\x04 and nothing", 422, "bad_zip"),
    "a cell reference of 100,000 letters": (zipped(book_parts(sheet_row(f'<c r="C4"><v>5</v></c><c r="{"A" * 100_000}4"><v>1</v></c>'))), 200, ""),
    "a number cell that is no finite number": (zipped(book_parts(sheet_row('<c r="C4"><v>1e400</v></c><c r="E4"><v>NaN</v></c>'))), 422, "bad_points"),
}


def post(client: Any, path: str, data: bytes, multipart: bool) -> Any:
    if multipart:
        return client.post(path, data={"file": (io.BytesIO(data), "results.xlsx", XLSX)}, content_type="multipart/form-data")
    return client.post(path, data=data, content_type=XLSX)


def answered(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.get_data(as_text=True)[:400]
    if status == 200:
        return
    problem = response.get_json()
    assert response.mimetype == "application/problem+json" and problem["status"] == status
    assert problem["errors"][0]["code"] == code and problem["errors"][0]["pointer"].startswith(("/file", "/rows/"))
    assert len(response.get_data()) < 64 * 1024


@pytest.mark.parametrize("name", list(FAULTS))
def test_every_fault_is_a_problem_naming_it(client, name):
    data, status, code = FAULTS[name]
    answered(post(client, "/v1/24-kings/tournaments/standings", data, multipart=False), status, code)


@pytest.mark.parametrize("slug", sorted(GAME_PACKAGES))
@pytest.mark.parametrize("multipart", [False, True], ids=["body", "multipart"])
def test_the_issues_500s_are_problems_on_every_games_standings(client, slug, multipart):
    for name in (
        "a number cell of 5,000 digits",
        "a shared string index of 5,000 digits",
        "a row number of 5,000 digits",
        "a workbook part in an unknown encoding",
        "a sheet flagged encrypted",
        "a bad CRC in the central directory",
    ):
        data, status, code = FAULTS[name]
        answered(post(client, f"/v1/{slug}/tournaments/standings", data, multipart), status, code)


def refused_before_parsing(data: bytes, code: str, limit: int) -> None:
    with pytest.raises(UploadTooLarge) as refused:
        table_from_xlsx(data)
    assert refused.value.exceeded.code == code and refused.value.exceeded.limit == limit and refused.value.exceeded.found > limit


def test_the_issues_90_kb_file_of_two_parts_of_tiny_elements_is_refused(client):
    """The workbook part and its relationships, each near 4 MiB of tiny elements, within every size and ratio bound."""
    count = 380_000
    parts = book_parts(before_sheets=tiny_elements(count), relations_before=tiny_elements(count))
    data = zipped(parts)
    assert all(len(parts[name]) < limits.MAX_PART_BYTES for name in ("xl/workbook.xml", "xl/_rels/workbook.xml.rels"))
    assert len(data) < 1024 * 1024
    limits.check_xlsx(data)  # no size, ratio or dimension bound refuses it: the elements do
    response = post(client, "/v1/24-kings/tournaments/standings", data, multipart=False)
    answered(response, 413, "xml_elements")
    assert response.get_json()["errors"][0]["limit"] == MAX_PART_ELEMENTS
    answered(post(client, "/v1/1923/tournaments/standings", zipped(book_parts(relations_before=tiny_elements(count))), True), 413, "xml_elements")


@pytest.mark.parametrize(
    ("parts", "code", "limit"),
    [
        (book_parts(before_sheets=tiny_elements(MAX_PART_ELEMENTS)), "xml_elements", MAX_PART_ELEMENTS),
        (book_parts(sheet_attributes=many_attributes(MAX_PART_ATTRIBUTES)), "xml_attributes", MAX_PART_ATTRIBUTES),
        (book_parts(relations_before=f"<x{many_attributes(MAX_PART_ATTRIBUTES)}/>"), "xml_attributes", MAX_PART_ATTRIBUTES),
        (book_parts("".join(f'<row r="{4 + i}"><c r="A{4 + i}"{many_attributes(20_000)}/></row>' for i in range(20))), "xml_attributes", MAX_XML_ATTRIBUTES),
        (book_parts(f'<row r="4"><c r="A4"{many_attributes(MAX_XML_ATTRIBUTES)}/></row>'), "xml_attributes", MAX_XML_ATTRIBUTES),
        (book_parts(tiny_elements(MAX_XML_ELEMENTS)), "xml_elements", MAX_XML_ELEMENTS),
    ],
    ids=["workbook elements", "workbook attributes", "relationship attributes", "20 cells of 20,000 attributes", "one cell of them all", "sheet elements"],
)
def test_every_part_is_bounded_before_it_is_parsed(client, parts, code, limit):
    data = zipped(parts)
    refused_before_parsing(data, code, limit)
    answered(post(client, "/v1/24-kings/tournaments/standings", data, multipart=False), 413, code)


def test_the_shared_strings_count_with_the_sheet():
    shared = tiny_elements(MAX_XML_ELEMENTS // 2)  # elements of no text: within the shared strings' own bound
    parts = book_parts(tiny_elements(MAX_XML_ELEMENTS // 2))
    parts["xl/sharedStrings.xml"] = parts["xl/sharedStrings.xml"].replace(b"</sst>", shared.encode() + b"</sst>")
    refused_before_parsing(zipped(parts), "xml_elements", MAX_XML_ELEMENTS)


def test_reading_stops_at_the_budget_even_past_the_count_on_the_bytes(monkeypatch):
    """The count on the bytes is the first bound; the parse counts again, so without it reading still stops at the limit."""
    monkeypatch.setattr(limits.XmlBudget, "check_markup", lambda self, data: None)
    for parts, code in [
        (book_parts(before_sheets=tiny_elements(MAX_PART_ELEMENTS)), "xml_elements"),
        (book_parts("".join(f'<row r="{4 + i}"><c r="A{4 + i}"{many_attributes(20_000)}/></row>' for i in range(20))), "xml_attributes"),
    ]:
        with pytest.raises(UploadTooLarge) as refused:
            table_from_xlsx(zipped(parts))
        assert refused.value.exceeded.code == code


def test_attributes_are_counted_by_their_quotes_not_by_every_equals_sign():
    """Texts full of '=' are no attributes: a sheet of them is read (the count on the bytes looks again, more closely)."""
    text = "a=b " * 40
    rows = "".join(f'<row r="{4 + i}"><c r="A{4 + i}" t="inlineStr"><is><t>{text}</t></is></c></row>' for i in range(1_500))
    assert rows.count("=") > MAX_XML_ATTRIBUTES
    table = table_from_xlsx(zipped(book_parts(rows)))
    assert table.rows[-1][1]["game"] == text.strip()


def test_an_attribute_written_with_spaces_around_its_sign_is_counted():
    spaced = "".join(f' a{index} =\n "x"' for index in range(MAX_PART_ATTRIBUTES + 1))
    refused_before_parsing(zipped(book_parts(sheet_attributes=spaced)), "xml_attributes", MAX_PART_ATTRIBUTES)


def test_a_zip_of_more_parts_than_a_workbook_has_is_refused_before_zipfile_lists_them(client):
    data = zipped({**book_parts(), **{f"p/{index}": b"" for index in range(10_000)}})
    assert len(data) < 1024 * 1024
    refused_before_parsing(data, "zip_parts", limits.MAX_ZIP_PARTS)
    answered(post(client, "/v1/24-kings/tournaments/standings", data, multipart=True), 413, "zip_parts")


def test_a_zip_directory_of_long_names_is_refused():
    data = zipped({**book_parts(), **{f"{index:02}" + "n" * 2_000: b"" for index in range(40)}})
    refused_before_parsing(data, "zip_directory_size", limits.MAX_ZIP_DIRECTORY)


def test_what_the_refusals_name_is_short():
    name = "x" * 60_000
    data = zipped({**book_parts(), name: b"<a/>"})
    with pytest.raises(BadRows) as refused:
        table_from_xlsx(central_patched(data, name, 8, b"\x01"))
    (problem,) = refused.value.problems
    assert problem.code == "zip_encrypted" and len(problem.message) < 300

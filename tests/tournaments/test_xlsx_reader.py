"""The streaming XLSX reader: the values openpyxl reads (an independent oracle), shared strings as Excel writes them, never a formula."""

from __future__ import annotations

import io
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from service.tournaments.rows import BadRows, table_from_xlsx
from service.tournaments.xlsx import NotAWorkbook, read_first_sheet

from .hostile import repacked, workbook

TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=20).filter(lambda t: t.strip() and not t.startswith("="))
VALUES = st.one_of(st.none(), TEXT, st.integers(-(10**9), 10**9), st.floats(-1e9, 1e9, allow_nan=False).map(lambda x: round(x, 3)), st.booleans())


def openpyxl_rows(data: bytes) -> list[tuple[object, ...]]:
    sheet = load_workbook(io.BytesIO(data), read_only=True, data_only=True).worksheets[0]
    return [tuple(row) for row in sheet.iter_rows(values_only=True)]


def trimmed(rows):
    """Rows without their trailing empty cells (openpyxl pads every row to the sheet's width)."""
    out = []
    for row in rows:
        row = list(row)
        while row and row[-1] is None:
            row.pop()
        out.append(tuple(row))
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(VALUES, min_size=1, max_size=6), min_size=1, max_size=8))
def test_the_values_openpyxl_reads(rows):
    data = workbook(rows)
    assert trimmed(read_first_sheet(data, 100, 10)) == trimmed(openpyxl_rows(data))


def excel_like(sheet_data: str, shared: str) -> bytes:
    """A workbook as Excel writes one: shared strings, prefixed namespaces in the sheet, a second sheet that is not read."""
    parts = {
        "[Content_Types].xml": "<Types/>",
        "xl/workbook.xml": '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<sheets><sheet name="Results" sheetId="7" r:id="rId3"/><sheet name="Other" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": "<Relationships>"
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
        '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/>'
        '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
        "</Relationships>",
        "xl/sharedStrings.xml": f"<sst>{shared}</sst>",
        "xl/worksheets/sheet1.xml": "<worksheet><sheetData><row><c><v>99</v></c></row></sheetData></worksheet>",
        "xl/worksheets/sheet2.xml": f'<x:worksheet xmlns:x="urn:main"><x:sheetData>{sheet_data}</x:sheetData></x:worksheet>',
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return buffer.getvalue()


LAUGHS = b'<!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><sst><si><t>&b;</t></si></sst>'
SHARED = (
    "<si><t>game</t></si><si><t>player</t></si><si><t>points</t></si>"
    "<si><r><t>Zo</t></r><r><rPr><b/></rPr><t>\u00eb</t></r><rPh><t>ゾエ</t></rPh></si>"  # rich text runs, a phonetic run left out
)


def test_excel_shared_strings_rich_text_formulas_and_gaps():
    sheet = (
        '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="s"><x:v>2</x:v></x:c></x:row>'
        '<x:row r="3"><x:c r="A3"><x:v>1</x:v></x:c><x:c r="B3" t="s"><x:v>3</x:v></x:c><x:c r="C3"><x:f>1+2</x:f><x:v>3</x:v></x:c></x:row>'
        '<x:row r="4"><x:c r="A4" t="inlineStr"><x:is><x:t>1</x:t></x:is></x:c><x:c t="str"><x:f>"b"&amp;"ob"</x:f><x:v>bob</x:v></x:c>'
        '<x:c r="C4"><x:v>-1.5</x:v></x:c></x:row>'
    )
    data = excel_like(sheet, SHARED)
    assert read_first_sheet(data, 100, 10) == [("game", "player", "points"), (), (1, "Zo\u00eb", 3), ("1", "bob", -1.5)]
    table = table_from_xlsx(data)
    assert [cells for _, cells in table.rows] == [{"game": "1", "player": "Zo\u00eb", "points": "3"}, {"game": "1", "player": "bob", "points": "-1.5"}]


def test_rows_and_columns_stop_at_the_bounds():
    rows = [[f"r{r}c{c}" for c in range(5)] for r in range(10)]
    assert read_first_sheet(workbook(rows), 3, 2) == [("r0c0", "r0c1"), ("r1c0", "r1c1"), ("r2c0", "r2c1")]


@pytest.mark.parametrize(
    "data",
    [
        b"not a zip",
        excel_like('<x:row><x:c t="s"><x:v>9</x:v></x:c></x:row>', SHARED),  # a shared string the workbook does not have
        excel_like("<x:row><x:c>", SHARED),  # broken XML
        repacked(excel_like("", SHARED), {"xl/sharedStrings.xml": LAUGHS}),  # entities that expand (the "billion laughs")
    ],
)
def test_what_is_not_a_workbook_is_refused(data):
    with pytest.raises(NotAWorkbook):
        read_first_sheet(data, 10, 10)
    with pytest.raises(BadRows, match="not an XLSX workbook"):
        table_from_xlsx(data)

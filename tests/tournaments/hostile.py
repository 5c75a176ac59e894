"""Hostile spreadsheets, built in the tests: zip bombs, sheets that declare a million rows, workbooks of many parts."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterable, Mapping

from openpyxl import Workbook


def workbook(rows: Iterable[Iterable[object]]) -> bytes:
    """An ordinary XLSX written by openpyxl (shared strings, a <dimension> element)."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(list(row))
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


POINTS = [["game", "player", "points"], ["1", "ann", 3], ["1", "bob", -1]]


def repacked(data: bytes, replace: Mapping[str, bytes | Iterable[bytes]] = {}, add: Mapping[str, bytes | Iterable[bytes]] = {}) -> bytes:
    """The workbook with some parts replaced or added (a part may be given as chunks, streamed into the zip)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for entry in source.infolist():
            content = replace.get(entry.filename, source.read(entry.filename))
            with target.open(entry.filename, "w") as stream:
                for chunk in [content] if isinstance(content, bytes) else content:
                    stream.write(chunk)
        for name, content in {**{n: c for n, c in replace.items() if n not in source.namelist()}, **add}.items():
            with target.open(name, "w") as stream:
                for chunk in [content] if isinstance(content, bytes) else content:
                    stream.write(chunk)
    return out.getvalue()


def shared_strings_bomb(megabytes: int) -> bytes:
    """A workbook whose shared strings inflate to ``megabytes`` MB of ``<si><t>a</t></si>`` (about 400 times smaller zipped)."""
    block = b"<si><t>a</t></si>" * 61_681  # about 1 MB
    chunks = [b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">', *([block] * megabytes), b"</sst>"]
    return repacked(workbook(POINTS), {"xl/sharedStrings.xml": chunks})


def sheet_bomb(megabytes: int) -> bytes:
    """A workbook whose first sheet inflates to ``megabytes`` MB of empty rows."""
    data = workbook(POINTS)
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        sheet = source.read("xl/worksheets/sheet1.xml")
    head, tail = sheet.split(b"</sheetData>")
    block = b"<row/>" * 174_763  # about 1 MB
    return repacked(data, {"xl/worksheets/sheet1.xml": [head, *([block] * megabytes), b"</sheetData>", tail]})


def with_dimension(ref: str, rows: Iterable[Iterable[object]] = POINTS) -> bytes:
    """A workbook whose first sheet declares the dimension ``ref`` (``A1:XFD1048576``)."""
    data = workbook(rows)
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        sheet = source.read("xl/worksheets/sheet1.xml")
    return repacked(data, {"xl/worksheets/sheet1.xml": re.sub(rb'<dimension ref="[^"]*"', f'<dimension ref="{ref}"'.encode(), sheet)})


def with_parts(count: int) -> bytes:
    """A workbook with ``count`` extra parts (each tiny)."""
    return repacked(workbook(POINTS), add={f"customXml/item{index}.xml": b"<a/>" for index in range(count)})


def far_row_without_dimension(row: int) -> bytes:
    """A workbook of points with one more row far down (at ``row``), and no <dimension> element to warn of it."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for line in POINTS:
        sheet.append(line)
    sheet.cell(row=row, column=1, value="2")
    buffer = io.BytesIO()
    book.save(buffer)
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as source:
        xml = source.read("xl/worksheets/sheet1.xml")
    return repacked(buffer.getvalue(), {"xl/worksheets/sheet1.xml": re.sub(rb"<dimension [^>]*/>", b"", xml)})

"""Hostile spreadsheets, built in the tests: zip bombs, sheets that declare a million rows, workbooks of many parts."""

from __future__ import annotations

import io
import random
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


# -- issue 29: hostile parts, numbers and zip records, on a workbook built here part by part -----------------------------
SHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
HEADER_CELLS = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>'
POINTS_ROWS = (
    '<row r="2"><c r="A2" t="inlineStr"><is><t>1</t></is></c><c r="B2" t="s"><v>3</v></c><c r="C2"><v>3</v></c></row>'
    '<row r="3"><c r="A3" t="inlineStr"><is><t>1</t></is></c><c r="B3" t="s"><v>4</v></c><c r="C3"><v>-1</v></c></row>'
)
SHARED_TEXTS = ("game", "player", "points", "ann", "bob")


def book_parts(rows: str = POINTS_ROWS, before_sheets: str = "", sheet_attributes: str = "", relations_before: str = "") -> dict[str, bytes]:
    """The parts of a workbook as Excel writes one (shared strings, relationships by id): ann 3 and bob -1 in game 1.

    ``rows`` follow the header row; ``before_sheets`` goes in the workbook part before its sheets, ``sheet_attributes``
    on its first sheet, ``relations_before`` in the relationships before the first one.
    """
    shared = "".join(f"<si><t>{text}</t></si>" for text in SHARED_TEXTS)
    return {
        "[Content_Types].xml": b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        "xl/workbook.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{SHEET_NS}" xmlns:r="{RELATIONSHIPS}">{before_sheets}'
            f'<sheets><sheet name="Results" sheetId="1" r:id="rId1"{sheet_attributes}/></sheets></workbook>'
        ).encode(),
        "xl/_rels/workbook.xml.rels": (
            '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'{relations_before}<Relationship Id="rId1" Type="{RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>'
        ).encode(),
        "xl/sharedStrings.xml": f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{SHEET_NS}">{shared}</sst>'.encode(),
        "xl/worksheets/sheet1.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{SHEET_NS}"><sheetData>{HEADER_CELLS}{rows}</sheetData></worksheet>'
        ).encode(),
    }


def zipped(parts: Mapping[str, bytes], methods: Mapping[str, int] = {}) -> bytes:
    """The parts as a zip, deflated unless ``methods`` names another compression for a part."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data, compress_type=methods.get(name, zipfile.ZIP_DEFLATED))
    return buffer.getvalue()


CENTRAL_HEADER = b"PK\x01\x02"  # a central directory record: flags at 8, CRC-32 at 16, name length at 28, name at 46


def central_patched(data: bytes, name: str, offset: int, value: bytes) -> bytes:
    """The zip with ``value`` written at ``offset`` of the central directory record of part ``name`` (its flags, its CRC)."""
    out = bytearray(data)
    at = out.find(CENTRAL_HEADER)
    while at >= 0:
        length = int.from_bytes(out[at + 28 : at + 30], "little")
        if out[at + 46 : at + 46 + length] == name.encode():
            out[at + offset : at + offset + len(value)] = value
            return bytes(out)
        at = out.find(CENTRAL_HEADER, at + 46)
    raise KeyError(name)


def tiny_elements(count: int) -> str:
    """``count`` empty elements: one Python call each to parse, deflated about 50 times (one in 64 of a random name)."""
    rng = random.Random(29)
    return "".join("<a/>" if index % 64 else f"<b{rng.randrange(16**6):x}/>" for index in range(count))


def many_attributes(count: int) -> str:
    """``count`` attributes of distinct names (XML allows no name twice on an element)."""
    return "".join(f' a{index}=""' for index in range(count))


def stream_broken(data: bytes, name: str) -> bytes:
    """The zip with the compressed bytes of part ``name`` overwritten by bytes that are no deflate stream."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        entry = archive.getinfo(name)
    local = entry.header_offset
    start = local + 30 + int.from_bytes(data[local + 26 : local + 28], "little") + int.from_bytes(data[local + 28 : local + 30], "little")
    return data[:start] + b"\xff" * entry.compress_size + data[start + entry.compress_size :]

"""The first worksheet of an XLSX workbook, read as values in one streaming pass (expat), after :func:`.limits.check_xlsx`.

openpyxl's read-only mode costs about 15 µs a cell (1.2 s of CPU for 10,000 rows of 8 columns); this
reader parses the sheet's XML with expat, keeps only values, and stops at the rows it is asked for:
about 10 times less. What it reads (ECMA-376 Part 1, §18.3.1.4 ``c``, §18.4.8 ``si``):

* the first ``<sheet>`` of ``xl/workbook.xml``, through ``xl/_rels/workbook.xml.rels``;
* shared strings (``t="s"``; a rich text's runs joined, phonetic runs left out), inline strings
  (``t="inlineStr"``), formula results as saved (``t="str"``, ``"b"``, ``"e"``, and numbers); the
  formulas themselves are never read, let alone run;
* numbers as Python numbers (``3``, ``-1.5``); a date is its serial number (styles are not read);
* each cell at the column its ``r`` names (``C7``), or after the previous one when it has none;
* a part with a DTD (``<!DOCTYPE``) is refused: no entity is ever expanded;
* reading stops with a 413 past :data:`.limits.MAX_CELLS` cells, :data:`.limits.MAX_SHARED_STRINGS` texts or
  :data:`.limits.MAX_XML_ELEMENTS` elements (the sheet and its shared strings together): expat calls Python for every
  element, so their count, not the cells', is what reading costs; a cell past the columns read is parsed, never built.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from collections.abc import Callable
from xml.parsers import expat

from .limits import MAX_CELLS, MAX_SHARED_STRINGS, MAX_XML_ELEMENTS, check_cells, check_shared_strings, check_xml_elements

MAIN_RELS = "xl/_rels/workbook.xml.rels"
WORKBOOK = "xl/workbook.xml"
SHARED_STRINGS_TYPE = "/sharedStrings"
Value = str | int | float | bool | None


class NotAWorkbook(ValueError):
    """The bytes are not an XLSX workbook this reader understands."""


class _Enough(Exception):
    """Raised from a handler to stop the parser once enough rows are read."""


def _local(name: str) -> str:
    return name.rsplit(":", 1)[-1]


def _column(ref: str) -> int:
    number = 0
    for char in ref:
        if "A" <= char <= "Z":
            number = number * 26 + ord(char) - 64
        else:
            break
    return number


def _no_doctype(*_: object) -> None:
    raise NotAWorkbook("a workbook part declares a DTD, which no workbook has")


def _parse(data: bytes, start: Callable[[str, dict[str, str]], None], end: Callable[[str], None], text: Callable[[str], None] | None = None) -> None:
    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    if text is not None:
        parser.CharacterDataHandler = text
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = _no_doctype  # no part of a workbook has a DTD: no entity can expand ("billion laughs")
    try:
        parser.Parse(data, True)
    except _Enough:
        pass
    except expat.ExpatError as error:
        raise NotAWorkbook(f"XML: {error}") from error


def _relations(archive: zipfile.ZipFile) -> dict[str, tuple[str, str]]:
    """Relationship id -> (type, target part) of the workbook."""
    found: dict[str, tuple[str, str]] = {}

    def start(name: str, attrs: dict[str, str]) -> None:
        if _local(name) == "Relationship" and "Id" in attrs:
            target = attrs.get("Target", "")
            part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
            found[attrs["Id"]] = (attrs.get("Type", ""), part)

    _parse(archive.read(MAIN_RELS), start, lambda name: None)
    return found


def _first_sheet(archive: zipfile.ZipFile, relations: dict[str, tuple[str, str]]) -> str:
    ids: list[str] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        if _local(name) == "sheet":
            ids.extend([value for key, value in attrs.items() if _local(key) == "id"][:1])

    _parse(archive.read(WORKBOOK), start, lambda name: None)
    if not ids or ids[0] not in relations:
        raise NotAWorkbook("the workbook names no worksheet")
    return relations[ids[0]][1]


def _shared_strings(archive: zipfile.ZipFile, relations: dict[str, tuple[str, str]], elements: list[int]) -> list[str]:
    """The workbook's distinct texts; ``elements`` counts the XML elements read (the budget shared with the sheet)."""
    parts = [part for kind, part in relations.values() if kind.endswith(SHARED_STRINGS_TYPE)]
    if not parts or parts[0] not in archive.namelist():
        return []
    strings: list[str] = []
    current: list[str] = []
    depth = {"t": 0, "rPh": 0}

    def start(name: str, attrs: dict[str, str]) -> None:
        elements[0] += 1
        if elements[0] > MAX_XML_ELEMENTS:
            check_xml_elements(elements[0])
        name = _local(name)
        if name == "si":
            current.clear()
        elif name in depth:
            depth[name] += 1

    def end(name: str) -> None:
        name = _local(name)
        if name == "si":
            strings.append("".join(current))
            if len(strings) > MAX_SHARED_STRINGS:
                check_shared_strings(len(strings))
        elif name in depth:
            depth[name] -= 1

    def text(data: str) -> None:
        if depth["t"] and not depth["rPh"]:
            current.append(data)

    _parse(archive.read(parts[0]), start, end, text)
    return strings


def _number(text: str) -> int | float | str:
    try:
        number = float(text)
    except ValueError:
        return text
    if number.is_integer() and "e" not in text.lower() and "." not in text:
        return int(text)
    return number


def read_first_sheet(data: bytes, max_rows: int, max_columns: int) -> list[tuple[Value, ...]]:
    """Up to ``max_rows`` rows of the first worksheet (blank rows included, as empty tuples), each up to ``max_columns`` cells."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError) as error:
        raise NotAWorkbook(type(error).__name__) from error
    with archive:
        try:
            relations = _relations(archive)
            sheet = archive.read(_first_sheet(archive, relations))
            elements = [0]
            shared = _shared_strings(archive, relations, elements)
        except KeyError as error:
            raise NotAWorkbook(f"missing part {error}") from error
    return _rows(sheet, shared, max_rows, max_columns, elements[0])


DIGITS = "0123456789"


def _rows(sheet: bytes, shared: list[str], max_rows: int, max_columns: int, elements: int = 0) -> list[tuple[Value, ...]]:
    """The worksheet's rows, by expat handlers written as closures over plain locals: this is the hot loop.

    Expat calls Python twice for every element (start, end), so these do as little as they can: a cell past the
    columns read is parsed and counted, its text never kept; ``elements`` were read before (the shared strings).
    """
    rows: list[tuple[Value, ...]] = []
    row: dict[int, Value] = {}
    columns: dict[str, int] = {}  # a reference's letters -> column number: a sheet repeats the same few
    text = ""  # a cell's text: a str, as expat (buffer_text) gives a cell's text in one piece; a list a cell would cost the collector
    keep = False
    kind = "n"
    row_number = column = cells = 0

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal elements, cells, column, kind, text, keep, row, row_number
        elements += 1
        if elements > MAX_XML_ELEMENTS:
            check_xml_elements(elements)
        if ":" in name:
            name = _local(name)
        if name == "c":
            cells += 1
            if cells > MAX_CELLS:
                check_cells(cells)
            letters = attrs.get("r", "").rstrip(DIGITS)
            number = columns.get(letters)
            if number is None:
                number = columns[letters] = _column(letters)
            column = number or column + 1
            kind = attrs.get("t", "n")
            text = ""
        elif name == "v" or (name == "t" and kind == "inlineStr"):
            keep = column <= max_columns  # a cell past the columns read is parsed, never built
        elif name == "row":
            reference = attrs.get("r", "")
            number = int(reference) if reference.isdigit() else row_number + 1
            while len(rows) < min(number - 1, max_rows):
                rows.append(())  # blank rows between
            if len(rows) >= max_rows:
                raise _Enough
            row_number, column = number, 0
            row = {}

    def end(name: str) -> None:
        nonlocal keep
        if ":" in name:
            name = _local(name)
        if name == "c":
            if column <= max_columns:
                row[column] = _value(kind, text, shared)
        elif name == "row":
            rows.append(tuple(map(row.get, range(1, max(row, default=0) + 1))))
        else:  # v, t and what holds them: no text is kept past the element that holds it
            keep = False

    def characters(data: str) -> None:
        nonlocal text
        if keep:
            text += data

    _parse(sheet, start, end, characters)
    return rows[:max_rows]


def _value(kind: str, text: str, shared: list[str]) -> Value:
    if kind == "s":
        if not text.isdigit() or int(text) >= len(shared):
            raise NotAWorkbook(f"a cell names shared string {text!r}, which the workbook does not have")
        return shared[int(text)]
    if kind in ("inlineStr", "str", "e", "d"):
        return text
    if kind == "b":
        return text.strip() == "1"
    return _number(text) if text else None

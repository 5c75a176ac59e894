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
* every part read is bounded (:class:`.limits.XmlBudget`): its elements and attributes counted on its bytes before
  it is parsed and again as it is parsed; the workbook part and its relationships each have a small budget, the sheet
  and its shared strings share :data:`.limits.MAX_XML_ELEMENTS` and :data:`.limits.MAX_XML_ATTRIBUTES`: expat calls
  Python for every element, so their count, not the cells', is what reading costs; a cell past the columns read is
  parsed, never built. Reading also stops with a 413 past :data:`.limits.MAX_CELLS` cells or
  :data:`.limits.MAX_SHARED_STRINGS` texts. Other parts (content types, styles, themes...) are never inflated;
* every number is read with a digit bound: a row number, a shared string's index and a column's letters by their
  length, a cell's number by :data:`.limits.MAX_NUMBER_CHARS` (Python refuses integers of more than 4,300 digits);
* every zip or XML fault is a :class:`NotAWorkbook` whose ``code`` names it: an encrypted part, a compression other
  than deflate, a bad CRC or a broken stream, a missing part, an encoding expat cannot read, bad XML, a DTD.
"""

from __future__ import annotations

import io
import math
import posixpath
import zipfile
from collections.abc import Callable
from xml.parsers import expat

from .limits import (
    MAX_CELLS,
    MAX_NUMBER_CHARS,
    MAX_SHARED_STRINGS,
    ZIP_FAULTS,
    UploadTooLarge,
    XmlBudget,
    check_cells,
    check_shared_strings,
    part_budget,
    sheet_budget,
)

MAIN_RELS = "xl/_rels/workbook.xml.rels"
WORKBOOK = "xl/workbook.xml"
SHARED_STRINGS_TYPE = "/sharedStrings"
Value = str | int | float | bool | None


class NotAWorkbook(ValueError):
    """The bytes are not an XLSX workbook this reader understands; ``code`` names the fault (``bad_zip``, ``bad_xml``...)."""

    def __init__(self, message: str, code: str = "not_xlsx") -> None:
        super().__init__(message)
        self.code = code


MAX_REFERENCE_DIGITS = 7  # a row number: Excel's last row is 1,048,576
MAX_INDEX_DIGITS = 9  # a shared string's index: a workbook has at most MAX_SHARED_STRINGS
MAX_TARGET_CHARS = 1_000  # a relationship's target: a part name (a zip's names are as short)
READABLE = frozenset({zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED})  # what Excel, LibreOffice and openpyxl write
ENCRYPTED = 0x1  # general purpose bit 0 (APPNOTE 4.4.4)


class _Enough(Exception):
    """Raised from a handler to stop the parser once enough rows are read."""


def _shown(name: str) -> str:
    """A part's name as a message shows it: a zip's names may be 65,535 characters long."""
    return repr(name if len(name) <= 100 else name[:100] + "...")


def _local(name: str) -> str:
    return name.rsplit(":", 1)[-1]


def _column(ref: str) -> int:
    """A reference's column number from its letters; four letters or more are past the last column (XFD), read as four."""
    number = 0
    for char in ref[:4]:
        if "A" <= char <= "Z":
            number = number * 26 + ord(char) - 64
        else:
            break
    return number


def _no_doctype(*_: object) -> None:
    raise NotAWorkbook("a workbook part declares a DTD, which no workbook has", "xml_doctype")


def _parse(
    archive: zipfile.ZipFile,
    name: str,
    budget: XmlBudget,
    start: Callable[[str, dict[str, str]], None],
    end: Callable[[str], None],
    text: Callable[[str], None] | None = None,
) -> None:
    """Parse one part with these handlers; every fault of its zip entry or its XML a :class:`NotAWorkbook` naming the part.

    The part is inflated a chunk at a time, each chunk's markup counted against ``budget`` as it comes (a part far past
    its budget is refused before the rest is inflated), and parsed once all of it is counted (one just past it is
    refused before any of it is parsed).
    """
    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    if text is not None:
        parser.CharacterDataHandler = text
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = _no_doctype  # no part of a workbook has a DTD: no entity can expand ("billion laughs")
    try:
        chunks = []
        with archive.open(name) as stream:
            while chunk := stream.read(CHUNK):
                budget.check_markup(chunk)
                chunks.append(chunk)
        parser.Parse(b"".join(chunks), True)
    except _Enough:
        pass
    except (NotAWorkbook, UploadTooLarge):
        raise
    except KeyError as error:
        raise NotAWorkbook(f"the workbook has no part {_shown(name)}", "missing_part") from error
    except expat.ExpatError as error:
        raise NotAWorkbook(f"part {_shown(name)} is not well-formed XML: {error}", "bad_xml") from error
    except (LookupError, UnicodeError) as error:  # an encoding Python has no codec for
        raise NotAWorkbook(f"part {_shown(name)} declares an encoding that cannot be read: {error}", "xml_encoding") from error
    except ValueError as error:
        if "encoding" in str(error):  # "multi-byte encodings are not supported" (expat's, through Python's codecs)
            raise NotAWorkbook(f"part {_shown(name)} declares an encoding that cannot be read: {error}", "xml_encoding") from error
        raise NotAWorkbook(f"part {_shown(name)} cannot be read: {_shown(str(error))}", "bad_zip") from error
    except ZIP_FAULTS as error:  # a bad CRC, a broken stream, a bad local header
        raise NotAWorkbook(f"part {_shown(name)} cannot be read: {_shown(str(error))}", "bad_zip") from error


CHUNK = 256 * 1024  # inflated and counted at a time: a part far past its budget is refused before the rest is inflated


def _counted(budget: XmlBudget, start: Callable[[str, dict[str, str]], None]) -> Callable[[str, dict[str, str]], None]:
    """``start``, after counting the element and its attributes against ``budget``."""

    def counting(name: str, attrs: dict[str, str]) -> None:
        budget.elements += 1
        budget.attributes += len(attrs)
        budget.check_read()
        start(name, attrs)

    return counting


def _check_entries(archive: zipfile.ZipFile) -> None:
    """No part encrypted or compressed otherwise than Excel does (bzip2 and LZMA inflate far slower than deflate)."""
    for entry in archive.infolist():
        if entry.flag_bits & ENCRYPTED:
            raise NotAWorkbook(f"part {_shown(entry.filename)} is encrypted; save the workbook without a password", "zip_encrypted")
        if entry.compress_type not in READABLE:
            raise NotAWorkbook(f"part {_shown(entry.filename)} is compressed with method {entry.compress_type}; a workbook uses deflate", "zip_compression")


def _parse_counted(archive: zipfile.ZipFile, name: str, budget: XmlBudget, start: Callable[[str, dict[str, str]], None]) -> None:
    """A small part, bounded before it is parsed and as it is."""
    _parse(archive, name, budget, _counted(budget, start), _ignore)


def _ignore(name: str) -> None:
    pass


def _relations(archive: zipfile.ZipFile) -> dict[str, tuple[str, str]]:
    """Relationship id -> (type, target part) of the workbook."""
    found: dict[str, tuple[str, str]] = {}

    def start(name: str, attrs: dict[str, str]) -> None:
        if _local(name) == "Relationship" and "Id" in attrs:
            target = attrs.get("Target", "")
            if len(target) > MAX_TARGET_CHARS:
                return  # no part has such a name (normpath would walk every step of it)
            part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
            found[attrs["Id"]] = (attrs.get("Type", ""), part)

    _parse_counted(archive, MAIN_RELS, part_budget(MAIN_RELS), start)
    return found


def _first_sheet(archive: zipfile.ZipFile, relations: dict[str, tuple[str, str]]) -> str:
    ids: list[str] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        if _local(name) == "sheet":
            ids.extend([value for key, value in attrs.items() if _local(key) == "id"][:1])
            raise _Enough  # the first sheet is all that is read

    _parse_counted(archive, WORKBOOK, part_budget(WORKBOOK), start)
    if not ids or ids[0] not in relations:
        raise NotAWorkbook("the workbook names no worksheet")
    return relations[ids[0]][1]


def _shared_strings(archive: zipfile.ZipFile, relations: dict[str, tuple[str, str]], budget: XmlBudget) -> list[str]:
    """The workbook's distinct texts; ``budget`` counts their XML elements and attributes (shared with the sheet)."""
    parts = [part for kind, part in relations.values() if kind.endswith(SHARED_STRINGS_TYPE)]
    if not parts or parts[0] not in archive.namelist():
        return []
    strings: list[str] = []
    current: list[str] = []
    depth = {"t": 0, "rPh": 0}

    def start(name: str, attrs: dict[str, str]) -> None:
        budget.elements += 1
        budget.attributes += len(attrs)
        budget.check_read()
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

    _parse(archive, parts[0], budget, start, end, text)
    return strings


def _number(text: str) -> int | float | str:
    """A number cell's value: a finite number, or its text as it is (``NaN``, ``inf`` or no number at all)."""
    if len(text) > MAX_NUMBER_CHARS:
        raise NotAWorkbook(f"a number cell holds {len(text)} characters; a number has at most {MAX_NUMBER_CHARS}", "number_too_long")
    try:
        number = float(text)
    except ValueError:
        return text
    if not math.isfinite(number):
        return text
    if number.is_integer() and "e" not in text.lower() and "." not in text:
        return int(text)
    return number


def read_first_sheet(data: bytes, max_rows: int, max_columns: int) -> list[tuple[Value, ...]]:
    """Up to ``max_rows`` rows of the first worksheet (blank rows included, as empty tuples), each up to ``max_columns`` cells."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except ZIP_FAULTS as error:
        raise NotAWorkbook(f"the file is not a zip archive ({type(error).__name__}: {_shown(str(error))})", "bad_zip") from error
    with archive:
        _check_entries(archive)
        relations = _relations(archive)
        name = _first_sheet(archive, relations)
        budget = sheet_budget()
        shared = _shared_strings(archive, relations, budget)
        return _rows(archive, name, shared, max_rows, max_columns, budget)


DIGITS = "0123456789"


def _rows(archive: zipfile.ZipFile, part: str, shared: list[str], max_rows: int, max_columns: int, budget: XmlBudget) -> list[tuple[Value, ...]]:
    """The worksheet's rows, by expat handlers written as closures over plain locals: this is the hot loop.

    Expat calls Python twice for every element (start, end), so these do as little as they can: a cell past the
    columns read is parsed and counted, its text never kept; ``budget`` holds what the shared strings used.
    """
    rows: list[tuple[Value, ...]] = []
    row: dict[int, Value] = {}
    columns: dict[str, int] = {}  # a reference's letters -> column number: a sheet repeats the same few
    text = ""  # a cell's text: a str, as expat (buffer_text) gives a cell's text in one piece; a list a cell would cost the collector
    keep = False
    kind = "n"
    row_number = column = cells = 0
    elements, attributes = budget.elements, budget.attributes
    max_elements, max_attributes = budget.max_elements, budget.max_attributes

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal elements, attributes, cells, column, kind, text, keep, row, row_number
        elements += 1
        attributes += len(attrs)
        if elements > max_elements or attributes > max_attributes:
            budget.elements, budget.attributes = elements, attributes
            budget.check_read()
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
            if not (reference.isascii() and reference.isdigit()):
                number = row_number + 1
            elif len(reference) <= MAX_REFERENCE_DIGITS:
                number = int(reference)
            else:
                number = max_rows + 1  # past every row Excel has, so past the rows read
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

    _parse(archive, part, budget, start, end, characters)
    return rows[:max_rows]


def _value(kind: str, text: str, shared: list[str]) -> Value:
    if kind == "s":
        if not (text.isascii() and text.isdigit() and len(text) <= MAX_INDEX_DIGITS) or int(text) >= len(shared):
            raise NotAWorkbook(f"a cell names shared string {text[:20]!r}, which the workbook does not have", "bad_shared_string")
        return shared[int(text)]
    if kind in ("inlineStr", "str", "e", "d"):
        return text
    if kind == "b":
        return text.strip() == "1"
    return _number(text) if text else None

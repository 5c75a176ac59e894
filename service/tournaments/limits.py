"""The bounds of an upload, checked before any spreadsheet library reads it, and of the standings written back.

An XLSX file is a zip archive of XML parts: a few kilobytes can inflate to
gigabytes (a "zip bomb"), and a sheet can declare a million rows. Before
openpyxl opens a workbook, :func:`check_xlsx` reads only the zip's central
directory (the declared size of every part) and the first bytes of every
worksheet (its declared dimension); Python's :mod:`zipfile` never inflates a
part past its declared size, so the declared sizes bound what openpyxl can
read. Every refusal names its limit:

* 413 (:class:`UploadTooLarge`): too many parts, a part too large once
  inflated, a part that inflates too far (ratio), all parts together too
  large, a sheet whose dimension is beyond the rows or columns read, more
  rows than a sheet may hold; standings with too many cells to write;
* 413 too: a zip whose central directory declares more parts or more bytes than a workbook has (checked before
  :mod:`zipfile` reads the directory: 15,000 empty parts in 1 MiB cost 60 ms to list);
* 413 too: a sheet of more than :data:`MAX_CELLS` cells, a workbook of more than
  :data:`MAX_SHARED_STRINGS` distinct texts, a sheet and texts of more than :data:`MAX_XML_ELEMENTS`
  XML elements or :data:`MAX_XML_ATTRIBUTES` attributes, the workbook part or its relationships of more than
  :data:`MAX_PART_ELEMENTS` elements or :data:`MAX_PART_ATTRIBUTES` attributes: each part's markup is counted
  on its bytes before it is parsed (:class:`XmlBudget`), and again as it is parsed, so reading stops at the limit;
* 422 (:class:`~service.tournaments.scoring.RowsRefused`): a cell too long,
  a row with too many columns (the readers in :mod:`.rows`); a zip or XML fault (:mod:`.xlsx`).
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from dataclasses import dataclass

# The bounds fit any real tournament with room to spare, and keep the worst accepted upload within issue 16's 100 ms of CPU.
MAX_ROWS = 2_000  # rows of results under the header: a club's season (40 evenings x 5 games x 10 players); 1923 also takes 2,000
MAX_COLUMNS = 64  # far more than any row shape uses (24 Kings' card rows: 8)
MAX_COLUMN_NAME_CHARS = 100  # a header's name ("castle_1"): 100 problems naming columns this long stay within a 64 KiB answer
MAX_CELL_CHARS = 2_600  # 1923's widest cell: every card of ten decks won ("10H " x 520); names are shorter (names.py)
MAX_ZIP_PARTS = 64  # a workbook of one sheet has about ten
MAX_PART_BYTES = 4 * 1024 * 1024  # one part, inflated: a full sheet of 2,000 rows x 8 columns is under 1 MB
MAX_TOTAL_BYTES = 8 * 1024 * 1024  # every part, inflated
MAX_CELLS = 8 * (MAX_ROWS + 1)  # cells in a sheet (empty ones, those past the columns read and the header's included): 8 a row, the widest shape
MAX_SHARED_STRINGS = MAX_CELLS  # distinct texts of a workbook: a sheet's cells can use no more
# XML elements and attributes of the sheet and its texts: what reading an XLSX costs (expat calls Python at the start and
# end of every element). The bound is the largest real sheet, 24 Kings' 1,000 card rows of 8 text cells written as
# inline strings (c, is, t: 25 elements a row), and 1,500 more; 2,000 rows of points hold half as many. It was the
# cells' bound in elements (50,125): a sheet that size cost 75-80 ms of CPU to read, so one refused after it was read
# (every row bad) cost as much, past the 50 ms a refusal may (issue 29); at 26,500, about 45 ms.
MAX_XML_ELEMENTS = 25 * 1_000 + 1_500
MAX_XML_ATTRIBUTES = 32_000  # as Excel writes them (c: r s t; row: r spans x14ac:dyDescent): 27,003 for those 1,000 rows
MAX_PART_ELEMENTS = 1_000  # of the workbook part, and of its relationships: one sheet's workbook holds about 20 (Excel), a part of 64 sheets under 300
MAX_PART_ATTRIBUTES = 4 * MAX_PART_ELEMENTS
MAX_NUMBER_CHARS = 40  # a number as a workbook writes it: Excel's longest, "-1.2345678901234567E-300", has 24; Python reads 4,300 digits at most
MAX_ZIP_DIRECTORY = MAX_ZIP_PARTS * 1024  # the zip's central directory: 46 bytes a part and its name (openpyxl's ten parts: under 1 KB)
MAX_RATIO = 100  # inflated / compressed, for a part over RATIO_FLOOR (small parts compress as they like)
RATIO_FLOOR = 1024 * 1024
MAX_STANDINGS_CELLS = 100_000  # games x players written back: 2,000 rows of two new players a game would make 2 million
DIMENSION_HEAD = 4096  # the <dimension> element sits near the top of a worksheet part
DIMENSION = re.compile(rb'<(?:\w+:)?dimension\s+ref="([A-Z]{1,3})?(\d+)?(?::([A-Z]{1,3})(\d+))?"')


@dataclass(frozen=True, slots=True)
class Exceeded:
    """One limit an upload (or the standings) goes past: which, its bound, what was found."""

    code: str
    limit: int
    found: int
    message: str

    def to_dict(self) -> dict[str, object]:
        return {"pointer": "/file", "code": self.code, "limit": self.limit, "found": self.found, "message": self.message}


class UploadTooLarge(ValueError):
    """A 413: the upload, or the answer it asks for, is past a limit; ``exceeded`` names it."""

    def __init__(self, exceeded: Exceeded) -> None:
        super().__init__(exceeded.message)
        self.exceeded = exceeded


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


# What zipfile raises on a broken archive: a bad CRC or header, a broken stream, a password, a method it lacks, a cut file.
ZIP_FAULTS = (zipfile.BadZipFile, zlib.error, struct.error, EOFError, OSError, ValueError, RuntimeError, NotImplementedError)
END_OF_DIRECTORY = b"PK\x05\x06"  # the zip's last record: how many parts, how large their directory (APPNOTE 4.3.16)
END_RECORD = struct.Struct("<4s4H2LH")
LONGEST_COMMENT = 65_535


def check_zip_directory(data: bytes) -> None:
    """The parts and the directory size the zip's end record declares, before :mod:`zipfile` lists them.

    :mod:`zipfile` reads the whole central directory when it opens an archive, as long as the end record says
    it is; the record is found as :mod:`zipfile` finds it (at the very end, else the last one within a comment's
    reach). A file without one is no zip: the reader refuses it.
    """
    at = len(data) - END_RECORD.size
    if at < 0:
        return
    if data[at : at + 4] != END_OF_DIRECTORY:
        at = data.rfind(END_OF_DIRECTORY, max(0, at - LONGEST_COMMENT))
        if at < 0 or at + END_RECORD.size > len(data):
            return
    _, _, _, _, parts, directory, _, _ = END_RECORD.unpack_from(data, at)
    if parts > MAX_ZIP_PARTS:
        raise UploadTooLarge(Exceeded("zip_parts", MAX_ZIP_PARTS, parts, f"the workbook declares {parts} parts; at most {MAX_ZIP_PARTS}"))
    if directory > MAX_ZIP_DIRECTORY:
        raise UploadTooLarge(
            Exceeded("zip_directory_size", MAX_ZIP_DIRECTORY, directory, f"the zip's directory is {directory} bytes; at most {MAX_ZIP_DIRECTORY}")
        )


def check_xlsx(data: bytes) -> None:
    """Refuse a workbook past a limit before it is opened; a file that is not a zip is left for the reader to refuse."""
    check_zip_directory(data)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except ZIP_FAULTS:
        return
    with archive:
        parts = archive.infolist()
        if len(parts) > MAX_ZIP_PARTS:
            raise UploadTooLarge(Exceeded("zip_parts", MAX_ZIP_PARTS, len(parts), f"the workbook has {len(parts)} parts; at most {MAX_ZIP_PARTS}"))
        total = 0
        for part in parts:
            _check_part(part)
            total += part.file_size
        if total > MAX_TOTAL_BYTES:
            raise UploadTooLarge(Exceeded("zip_total_size", MAX_TOTAL_BYTES, total, f"the workbook inflates to {total} bytes; at most {MAX_TOTAL_BYTES}"))
        for part in parts:
            if part.filename.startswith("xl/worksheets/") and part.filename.endswith(".xml"):
                _check_dimension(archive, part)


def _check_part(part: zipfile.ZipInfo) -> None:
    name, size = part.filename, part.file_size
    if size > MAX_PART_BYTES:
        raise UploadTooLarge(Exceeded("zip_part_size", MAX_PART_BYTES, size, f"part {name!r} inflates to {size} bytes; at most {MAX_PART_BYTES}"))
    if size > RATIO_FLOOR and size > MAX_RATIO * max(part.compress_size, 1):
        ratio = size // max(part.compress_size, 1)
        raise UploadTooLarge(Exceeded("zip_part_ratio", MAX_RATIO, ratio, f"part {name!r} inflates {ratio} times; at most {MAX_RATIO} times"))


def _check_dimension(archive: zipfile.ZipFile, part: zipfile.ZipInfo) -> None:
    """A worksheet's declared dimension (``A1:D120``) within the rows and columns read."""
    try:
        with archive.open(part) as stream:
            head = stream.read(DIMENSION_HEAD)
    except ZIP_FAULTS:
        return  # the reader refuses what cannot be read, naming the fault
    found = DIMENSION.search(head)
    if found is None:
        return
    first_col, first_row, last_col, last_row = found.groups()
    columns = _column_number((last_col or first_col or b"A").decode())
    digits = last_row or first_row or b"1"
    rows = int(digits) if len(digits) <= MAX_NUMBER_CHARS else 10**MAX_NUMBER_CHARS  # a row number past any sheet, read as one
    if rows > MAX_ROWS + 1:
        raise UploadTooLarge(Exceeded("sheet_rows", MAX_ROWS + 1, rows, f"the sheet declares {rows} rows; at most {MAX_ROWS + 1} with the header"))
    if columns > MAX_COLUMNS:
        raise UploadTooLarge(Exceeded("sheet_columns", MAX_COLUMNS, columns, f"the sheet declares {columns} columns; at most {MAX_COLUMNS}"))


def check_rows(count: int) -> None:
    """At most :data:`MAX_ROWS` rows under the header, whatever the file type (``count`` read so far)."""
    if count > MAX_ROWS:
        raise UploadTooLarge(Exceeded("rows", MAX_ROWS, count, f"the sheet has more than {MAX_ROWS} rows under the header"))


def check_standings_size(games: int, players: int) -> None:
    """The standings table written back: at most :data:`MAX_STANDINGS_CELLS` games × players."""
    cells = games * players
    if cells > MAX_STANDINGS_CELLS:
        raise UploadTooLarge(
            Exceeded("standings_cells", MAX_STANDINGS_CELLS, cells, f"{games} games × {players} players make {cells} cells; at most {MAX_STANDINGS_CELLS}")
        )


def check_cells(count: int) -> None:
    """At most :data:`MAX_CELLS` cells in a sheet (``count`` read so far)."""
    if count > MAX_CELLS:
        raise UploadTooLarge(Exceeded("cells", MAX_CELLS, count, f"the sheet has more than {MAX_CELLS} cells"))


@dataclass(slots=True)
class XmlBudget:
    """The XML elements and attributes that parts may hold together (``what`` names them in a refusal).

    :meth:`check_markup` bounds each chunk of a part from its bytes before the parser sees it: every element has a tag
    that opens with ``<`` (and no ``</``), every attribute an ``=`` followed by its quote or by white space (character
    data holds no ``<``; an ``=`` in a text only over-counts), counted at C speed. :meth:`check_read` bounds what the
    parser reported, so a parse stops at the limit too. Counting before parsing is what makes attributes safe: expat
    gives all of an element's attributes in one call (one element of 100,000 attributes: 60 ms before a handler runs).
    """

    what: str
    max_elements: int
    max_attributes: int
    elements: int = 0  # as parsed
    attributes: int = 0
    marked_elements: int = 0  # as counted on the bytes: at least as many
    marked_attributes: int = 0
    tail: bytes = b""  # the last byte of the chunk before: an '=' may end it and its quote begin the next

    def check_markup(self, chunk: bytes) -> None:
        self.marked_elements += chunk.count(b"<") - chunk.count(b"</")
        if self.marked_elements > self.max_elements:
            self._refuse("xml_elements", self.max_elements, self.marked_elements)
        self.marked_attributes += (self.tail + chunk).translate(SIGNS_AND_QUOTES).count(b'="')
        self.tail = chunk[-1:]
        if self.marked_attributes > self.max_attributes:
            self._refuse("xml_attributes", self.max_attributes, self.marked_attributes)

    def check_read(self) -> None:
        if self.elements > self.max_elements:
            self._refuse("xml_elements", self.max_elements, self.elements)
        if self.attributes > self.max_attributes:
            self._refuse("xml_attributes", self.max_attributes, self.attributes)

    def _refuse(self, code: str, limit: int, found: int) -> None:
        kind = code.removeprefix("xml_")
        raise UploadTooLarge(Exceeded(code, limit, found, f"{self.what} hold more than {limit} XML {kind}"))


# An attribute's '=' is followed by its quote or by white space: quotes and white space read as '"', all else but '=' as '.'.
SIGNS_AND_QUOTES = bytes(b if b == ord("=") else ord('"') if b in b"\"' \t\r\n" else ord(".") for b in range(256))


def sheet_budget() -> XmlBudget:
    """The budget the first sheet and its shared strings share."""
    return XmlBudget("the sheet and its texts", MAX_XML_ELEMENTS, MAX_XML_ATTRIBUTES)


def part_budget(name: str) -> XmlBudget:
    """The budget of one small part: the workbook, its relationships."""
    return XmlBudget(f"part {name!r}", MAX_PART_ELEMENTS, MAX_PART_ATTRIBUTES)


def check_shared_strings(count: int) -> None:
    """At most :data:`MAX_SHARED_STRINGS` distinct texts in a workbook (``count`` read so far)."""
    if count > MAX_SHARED_STRINGS:
        raise UploadTooLarge(Exceeded("shared_strings", MAX_SHARED_STRINGS, count, f"the workbook has more than {MAX_SHARED_STRINGS} distinct texts"))

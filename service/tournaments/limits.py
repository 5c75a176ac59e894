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
* 413 too: a sheet of more than :data:`MAX_CELLS` cells, a workbook of more than
  :data:`MAX_SHARED_STRINGS` distinct texts, a sheet and texts of more than :data:`MAX_XML_ELEMENTS`
  XML elements (counted as they are read, so reading stops at the limit);
* 422 (:class:`~service.tournaments.scoring.RowsRefused`): a cell too long,
  a row with too many columns (the readers in :mod:`.rows`).
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass

# The bounds fit any real tournament with room to spare, and keep the worst accepted upload within issue 16's 100 ms of CPU.
MAX_ROWS = 2_000  # rows of results under the header: a club's season (40 evenings x 5 games x 10 players); 1923 also takes 2,000
MAX_COLUMNS = 64  # far more than any row shape uses (24 Kings' card rows: 8)
MAX_CELL_CHARS = 2_600  # 1923's widest cell: every card of ten decks won ("10H " x 520); names are shorter (names.py)
MAX_ZIP_PARTS = 64  # a workbook of one sheet has about ten
MAX_PART_BYTES = 4 * 1024 * 1024  # one part, inflated: a full sheet of 2,000 rows x 8 columns is under 1 MB
MAX_TOTAL_BYTES = 8 * 1024 * 1024  # every part, inflated
MAX_CELLS = 8 * (MAX_ROWS + 1)  # cells in a sheet (empty ones, those past the columns read and the header's included): 8 a row, the widest shape
MAX_SHARED_STRINGS = MAX_CELLS  # distinct texts of a workbook: a sheet's cells can use no more
MAX_XML_ELEMENTS = 3 * MAX_CELLS + MAX_ROWS + 101  # of the sheet and its texts: every cell an inline string (c, is, t), every row, 100 more
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


def check_xlsx(data: bytes) -> None:
    """Refuse a workbook past a limit before it is opened; a file that is not a zip is left for openpyxl to refuse."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError):
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
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError, ValueError):
        return  # openpyxl refuses what cannot be read
    found = DIMENSION.search(head)
    if found is None:
        return
    first_col, first_row, last_col, last_row = found.groups()
    columns = _column_number((last_col or first_col or b"A").decode())
    rows = int(last_row or first_row or b"1")
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


def check_xml_elements(count: int) -> None:
    """At most :data:`MAX_XML_ELEMENTS` XML elements in a worksheet and its shared strings (``count`` read so far)."""
    if count > MAX_XML_ELEMENTS:
        raise UploadTooLarge(Exceeded("xml_elements", MAX_XML_ELEMENTS, count, f"the sheet and its texts have more than {MAX_XML_ELEMENTS} XML elements"))


def check_shared_strings(count: int) -> None:
    """At most :data:`MAX_SHARED_STRINGS` distinct texts in a workbook (``count`` read so far)."""
    if count > MAX_SHARED_STRINGS:
        raise UploadTooLarge(Exceeded("shared_strings", MAX_SHARED_STRINGS, count, f"the workbook has more than {MAX_SHARED_STRINGS} distinct texts"))

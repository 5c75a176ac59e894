"""Standings written as CSV or XLSX, one row per player, one column per game.

For a game whose sheets are one match (1923), the match's verdict follows the
table after an empty row: its target, whether it is over, the winners, the
rule that decided it (name and rule-book section), and each player's running
total after every game, under that game's column.

Both writers are safe to open in a spreadsheet: a text cell that begins with
``= + - @``, a tab or a carriage return (OWASP's "CSV injection") is written
with a leading ``'``, so it is read as text and never run as a formula; in
XLSX every text cell is also typed as a string. The XLSX is written in
openpyxl's write-only (streaming) mode and is byte-stable: the same
standings give the same bytes (fixed document times, fixed zip entry times).
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import zipfile
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape as xml_escape

from .scoring import MatchVerdict
from .standings import Standings, as_number

# The media types standings are written in, JSON first (the answer when nothing is asked for).
STANDINGS_MEDIA_TYPES = ("application/json", "text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
NOT_ACCEPTABLE = "the standings are written as {}, {} or {}; the Accept header allows none of them (or choose with ?format=json|csv|xlsx)".format(
    *STANDINGS_MEDIA_TYPES
)

FIXED_COLUMNS = ["rank", "player", "total", "games", "wins", "best", "worst"]


def standings_rows(result: Standings) -> list[list[object]]:
    header: list[object] = [*FIXED_COLUMNS, *(f"game {game}" for game in result.games)]
    rows = [header]
    for s in result.table:
        per_game = [as_number(s.points[game]) if game in s.points else "" for game in result.games]
        rows.append([s.rank, s.player, as_number(s.total), s.games, s.wins, as_number(s.best), as_number(s.worst), *per_game])
    if result.match is not None:
        rows += match_rows(result.match, [s.player for s in result.table])
    return rows


def match_rows(match: MatchVerdict, players: list[str]) -> list[list[object]]:
    """The match's verdict under the standings: one ``match`` row per fact, then the running totals per game column."""
    blank = [""] * (len(FIXED_COLUMNS) - 2)
    rows: list[list[object]] = [
        [],
        ["match", "target", match.target],
        ["match", "over", "yes" if match.over else "no"],
        ["match", "winners", "; ".join(match.winners)],
        ["match", "decided_by", match.decided_by or ""],
        ["match", "rule", match.rule or ""],
    ]
    for name in players:
        rows.append(["running total", name, *blank, *(totals.get(name, "") for totals in match.running)])
    return rows


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FIXED_TIME = datetime.datetime(2000, 1, 1)  # the workbook's created and modified times: the same standings, the same bytes
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip entry can carry


def neutral(value: object) -> object:
    """A cell as written: numbers as they are; text that a spreadsheet would run as a formula with a leading ``'`` (OWASP)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def standings_csv(result: Standings) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows([neutral(value) for value in row] for row in standings_rows(result))
    return buffer.getvalue().encode("utf-8")


def standings_xlsx(result: Standings) -> bytes:
    """The standings as one worksheet, every text cell an inline string (never a formula), empty cells not written.

    The workbook is written directly (:func:`workbook_xlsx`): openpyxl's write-only mode cost about 7 µs a cell, and a
    table of games x players is mostly empty cells (the widest accepted, 316 x 316, took 0.7 s of CPU).
    """
    return workbook_xlsx("Standings", standings_rows(result))


def workbook_xlsx(title: str, rows: Iterable[Sequence[object]]) -> bytes:
    """A workbook of one sheet, byte-stable: fixed document times (2000-01-01) and zip entry times (1980-01-01)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in (*_PARTS, ("xl/workbook.xml", _WORKBOOK.format(title=_escape(title))), ("xl/worksheets/sheet1.xml", _sheet_xml(rows))):
            entry = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o600 << 16
            archive.writestr(entry, text.encode("utf-8"))
    return buffer.getvalue()


def _sheet_xml(rows: Iterable[Sequence[object]]) -> str:
    out = [_SHEET_HEAD]
    columns: list[str] = []  # each column's letters, worked out once per sheet
    for number, row in enumerate(rows, start=1):
        columns.extend(_letters(column) for column in range(len(columns), len(row)))
        cells = [_xlsx_cell(f"{columns[column]}{number}", value) for column, value in enumerate(row) if value is not None and value != ""]
        out.append(f'<row r="{number}">{"".join(cells)}</row>' if cells else f'<row r="{number}"/>')
    out.append("</sheetData></worksheet>")
    return "".join(out)


def _xlsx_cell(reference: str, value: object) -> str:
    if isinstance(value, bool):
        return f'<c r="{reference}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int | float):
        return f'<c r="{reference}"><v>{value!r}</v></c>'
    text = _escape(str(neutral(value)))
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'<c r="{reference}" t="inlineStr"><is><t{space}>{text}</t></is></c>'  # typed as a string: never a formula


def _letters(column: int) -> str:
    """A column's letters from its index (0: ``A``, 26: ``AA``)."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")  # what XML 1.0 cannot hold


def _escape(text: str) -> str:
    """Text as XML character data; a character XML cannot hold (none that a name may have) becomes U+FFFD."""
    return NOT_XML.sub("\ufffd", xml_escape(text, {'"': "&quot;"}))


_SHEET_HEAD = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
)
_WORKBOOK = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    '<sheets><sheet name="{title}" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_PARTS = (
    (
        "[Content_Types].xml",
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
        "</Types>",
    ),
    (
        "_rels/.rels",
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
        '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>'
        "</Relationships>",
    ),
    (
        "docProps/core.xml",
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        "<dc:creator>referee</dc:creator>"
        f'<dcterms:created xsi:type="dcterms:W3CDTF">{FIXED_TIME:%Y-%m-%dT%H:%M:%SZ}</dcterms:created>'
        f'<dcterms:modified xsi:type="dcterms:W3CDTF">{FIXED_TIME:%Y-%m-%dT%H:%M:%SZ}</dcterms:modified>'
        "</cp:coreProperties>",
    ),
    (
        "docProps/app.xml",
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>referee</Application></Properties>',
    ),
    (
        "xl/_rels/workbook.xml.rels",
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
        "</Relationships>",
    ),
    (
        "xl/styles.xml",
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
        "</styleSheet>",
    ),
)

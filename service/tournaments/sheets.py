"""Standings written as CSV or XLSX, one row per player, one column per game.

For a game whose sheets are one match (1923), the rank follows the match's
places (:mod:`.standings`), the standings add two columns (``match_winner``,
``match_cards``: the cards won over the match, which decide at the target),
and the match's verdict is a table of its own: the ``Match`` worksheet of the
XLSX, and the CSV asked for with ``?sheet=match`` (a CSV is one table, so that
``pandas.read_csv`` and a spreadsheet read each cleanly): one row per player
with its place, whether it won, its total and cards, the target, whether the
match is over, the rule that decided it, and its running total after every game.

CSV: UTF-8 with a byte order mark by default (Excel for Windows reads a CSV
without one in the local ANSI code page, which garbles ``Zoë``; pandas,
LibreOffice and this service's own reader skip it), and a text cell that
begins with ``= + - @``, a tab or a carriage return (OWASP's "CSV injection")
is written with a leading ``'``, so that it is read as text and never run as a
formula. XLSX: every text cell is an inline string (``t="inlineStr"``), which no
spreadsheet evaluates, written as it is (no ``'``); each column is as wide as
its longest text (bounded), so printed names are not cut. The XLSX is written
directly and is byte-stable: the same standings give the same bytes (fixed
document times, fixed zip entry times).
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import unicodedata
import zipfile
from collections.abc import Iterable, Sequence

from .standings import Standings, as_number

# The media types standings are written in, JSON first (the answer when nothing is asked for).
STANDINGS_MEDIA_TYPES = ("application/json", "text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
NOT_ACCEPTABLE = "the standings are written as {}, {} or {}; the Accept header allows none of them (or choose with ?format=json|csv|xlsx)".format(
    *STANDINGS_MEDIA_TYPES
)

FIXED_COLUMNS = ["rank", "player", "total", "games", "wins", "best", "worst"]
MATCH_COLUMNS = ["match_winner", "match_cards"]  # in the standings of a match: who won it, and the cards that decide at the target
MATCH_SHEET_COLUMNS = ["place", "player", "winner", "total", "cards", "target", "over", "decided_by", "rule"]
SHEETS = ("standings", "match")  # the tables a CSV answer may be (?sheet=), and the XLSX's worksheets
BOM = "\ufeff".encode()


def standings_rows(result: Standings) -> list[list[object]]:
    """The standings table: a header, then one row per player in rank order; nothing under it."""
    match = result.match
    header: list[object] = [*FIXED_COLUMNS, *(MATCH_COLUMNS if match else ()), *(f"game {game}" for game in result.games)]
    rows = [header]
    for s in result.table:
        per_game = [as_number(s.points[game]) if game in s.points else "" for game in result.games]
        verdict = [_yes(s.player in match.winners), match.cards.get(s.player, "")] if match else []
        rows.append([s.rank, s.player, as_number(s.total), s.games, s.wins, as_number(s.best), as_number(s.worst), *verdict, *per_game])
    return rows


def match_rows(result: Standings) -> list[list[object]] | None:
    """The match's verdict as a table of its own, one row per player in the standings' order; None when there is no match."""
    match = result.match
    if match is None:
        return None
    rows: list[list[object]] = [[*MATCH_SHEET_COLUMNS, *(f"after game {game}" for game in result.games)]]
    for s in result.table:
        facts = [match.target, _yes(match.over), match.decided_by or "", match.rule or ""]
        running = [totals.get(s.player, "") for totals in match.running]
        rows.append([s.rank, s.player, _yes(s.player in match.winners), as_number(s.total), match.cards.get(s.player, ""), *facts, *running])
    return rows


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FIXED_TIME = datetime.datetime(2000, 1, 1)  # the workbook's created and modified times: the same standings, the same bytes
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip entry can carry


def neutral(value: object) -> object:
    """A CSV cell as written: numbers as they are; text that a spreadsheet would run as a formula with a leading ``'`` (OWASP)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def standings_csv(result: Standings, sheet: str = "standings", bom: bool = True) -> bytes:
    """One table as CSV: the standings, or (``sheet="match"``) the match's verdict; with a UTF-8 BOM unless ``bom`` is false.

    Raises :class:`LookupError` for the match of standings that have none.
    """
    rows = standings_rows(result) if sheet == "standings" else match_rows(result)
    if rows is None:
        raise LookupError("these standings have no match")
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows([neutral(value) for value in row] for row in rows)
    return (BOM if bom else b"") + buffer.getvalue().encode("utf-8")


def standings_xlsx(result: Standings) -> bytes:
    """The standings as a worksheet (and the match's verdict as a second one), every text cell an inline string, empty cells not written.

    The workbook is written directly (:func:`workbook_xlsx`): openpyxl's write-only mode cost about 7 µs a cell, and a
    table of games x players is mostly empty cells (the widest accepted, 316 x 316, took 0.7 s of CPU).
    """
    match = match_rows(result)
    return workbook_xlsx([("Standings", standings_rows(result)), *((("Match", match),) if match else ())])


def workbook_xlsx(sheets: Sequence[tuple[str, Iterable[Sequence[object]]]]) -> bytes:
    """A workbook of these sheets (title, rows), byte-stable: fixed document times (2000-01-01) and zip entry times (1980-01-01)."""
    numbers = range(1, len(sheets) + 1)
    parts = [
        ("[Content_Types].xml", _CONTENT_TYPES.format(sheets="".join(_SHEET_TYPE.format(n=n) for n in numbers))),
        *_PARTS,
        (
            "xl/workbook.xml",
            _WORKBOOK.format(sheets="".join(_SHEET_ENTRY.format(title=_escape(title), n=n) for n, (title, _) in zip(numbers, sheets, strict=True))),
        ),
        ("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS.format(sheets="".join(_SHEET_RELATION.format(n=n) for n in numbers))),
        *((f"xl/worksheets/sheet{n}.xml", _sheet_xml(rows)) for n, (_, rows) in zip(numbers, sheets, strict=True)),
    ]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts:
            entry = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o600 << 16
            archive.writestr(entry, text.encode("utf-8"))
    return buffer.getvalue()


MIN_WIDTH, MAX_WIDTH = 6, 80  # a column's width in characters: a 64-character name under "game " fits; wider text wraps the page, not the sheet
WIDTH_MARGIN = 2  # beside the longest text: Calibri's digits and capitals are wider than the average character the width counts


def _sheet_xml(rows: Iterable[Sequence[object]]) -> str:
    """A worksheet: each column as wide as its longest text (:func:`text_width`, within MIN_WIDTH..MAX_WIDTH), then its cells."""
    body = []
    columns: list[str] = []  # each column's letters, worked out once per sheet
    widths: list[int] = []  # each column's longest text
    for number, row in enumerate(rows, start=1):
        columns.extend(_letters(column) for column in range(len(columns), len(row)))
        widths.extend([0] * (len(row) - len(widths)))
        cells = []
        for column, value in enumerate(row):
            if value is None or value == "":
                continue
            cell, width = _xlsx_cell(f"{columns[column]}{number}", value)
            cells.append(cell)
            if width > widths[column]:
                widths[column] = width
        body.append(f'<row r="{number}">{"".join(cells)}</row>' if cells else f'<row r="{number}"/>')
    cols = "".join(
        f'<col min="{column}" max="{column}" width="{min(max(width + WIDTH_MARGIN, MIN_WIDTH), MAX_WIDTH)}" customWidth="1"/>'
        for column, width in enumerate(widths, start=1)
    )
    return _SHEET_HEAD + (f"<cols>{cols}</cols>" if cols else "") + "<sheetData>" + "".join(body) + "</sheetData></worksheet>"


def _xlsx_cell(reference: str, value: object) -> tuple[str, int]:
    """A cell's XML and its text's width; a text is an inline string, written as it is (a string cell is never a formula)."""
    if isinstance(value, bool):
        return f'<c r="{reference}" t="b"><v>{int(value)}</v></c>', 5
    if isinstance(value, int | float):
        number = repr(value)
        return f'<c r="{reference}"><v>{number}</v></c>', len(number)
    shown = str(value)
    text = _escape(shown)
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'<c r="{reference}" t="inlineStr"><is><t{space}>{text}</t></is></c>', text_width(shown)


def text_width(text: str) -> int:
    """A text's width in characters as a spreadsheet shows it: a wide (East Asian) character counts two, a combining mark none."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _letters(column: int) -> str:
    """A column's letters from its index (0: ``A``, 26: ``AA``)."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


# What XML 1.0 cannot hold: the characters outside its Char production (#x9 | #xA | #xD | [#x20-#xD7FF] |
# [#xE000-#xFFFD] | [#x10000-#x10FFFF]), named as they are; the same class written as the complement of the
# allowed ranges took 4 ms of CPU to compile, at every start of the app (issue 25).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _escape(text: str) -> str:
    """Text as XML character data; a character XML cannot hold (none that a name may have) becomes U+FFFD."""
    # The markup characters, the ampersand first (it starts every reference): the standard library's xml.sax.saxutils
    # escape does the same, but importing it imported urllib.request with it, ≈ 4 ms of every start (issue 25).
    return NOT_XML.sub("\ufffd", text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))


_SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
_WORKBOOK = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    "<sheets>{sheets}</sheets></workbook>"
)
_SHEET_ENTRY = '<sheet name="{title}" sheetId="{n}" r:id="rId{n}"/>'
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    "{sheets}"
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
    '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
    "</Types>"
)
_SHEET_TYPE = '<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
_WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    "{sheets}"
    '<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
    "</Relationships>"
)
_SHEET_RELATION = (
    '<Relationship Id="rId{n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet{n}.xml"/>'
)
_PARTS = (
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

"""Issue 30: every standings answer opens cleanly in the tools people read it with.

openpyxl and pandas read every output (CSV standings, CSV match, XLSX with its worksheets); LibreOffice, headless,
converts each to CSV where it is installed (Debian's ``libreoffice-calc-nogui``; CI does not install it: it is large).
Expected values come from the rows sent, added up here, and from the 1923 guide's worked match.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

import pandas as pd
import pytest
from openpyxl import load_workbook

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
KINGS = "/v1/24-kings/tournaments/standings"
NINETEEN = "/v1/1923/tournaments/standings"
# Accented names (garbled without a BOM in Excel for Windows), a name a spreadsheet would run as a formula, halves.
ROWS = [("1", "Zo\u00eb", 13), ("1", "Ren\u00e9e", -4), ("1", "-bob", 2), ("2", "Zo\u00eb", 6.5), ("2", "Ren\u00e9e", 6.5), ("2", "-bob", 1)]
SHEET = ("game,player,points\n" + "".join(f"{game},{player},{points}\n" for game, player, points in ROWS)).encode()
# The 1923 guide's match to 15: ann 10 + 0 + 10 = 20 points, 19 cards; bob 0 + 12 + 6 = 18 points, 23 cards; both
# reach 15 in set 3, so the most cards over the match wins (rules.md §6.2): bob.
MATCH = b"game,player,points,cards\n1,ann,10,10\n1,bob,0,5\n2,ann,0,3\n2,bob,12,12\n3,ann,10,6\n3,bob,6,6\n"


def totals() -> dict[str, float]:
    added: dict[str, float] = {}
    for _, player, points in ROWS:
        added[player] = added.get(player, 0) + points
    return added


def in_csv(name: str) -> str:
    """OWASP: a CSV text cell that a spreadsheet would run as a formula begins with an apostrophe."""
    return "'" + name if name[:1] in ("=", "+", "-", "@") else name


def post(client, url: str, data: bytes, query: str) -> bytes:
    response = client.post(url + query, data=data, content_type="text/csv")
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.data


def by_player(records: list[Mapping[str, object]]) -> dict[str, float]:
    return {str(record["player"]): float(str(record["total"])) for record in records}


def test_pandas_and_openpyxl_read_the_standings(client):
    expected = totals()
    frame = pd.read_csv(io.BytesIO(post(client, KINGS, SHEET, "?format=csv")))
    assert list(frame.columns[:3]) == ["rank", "player", "total"]  # the BOM is not part of the first column's name
    assert by_player(frame.to_dict("records")) == {in_csv(name): total for name, total in expected.items()}
    data = post(client, KINGS, SHEET, "?format=xlsx")
    sheets = pd.read_excel(io.BytesIO(data), sheet_name=None)
    assert list(sheets) == ["Standings"]
    assert by_player(sheets["Standings"].to_dict("records")) == expected  # inline strings: the names as they are
    rows = list(load_workbook(io.BytesIO(data)).worksheets[0].iter_rows(values_only=True))
    assert by_player([dict(zip(rows[0], row, strict=True)) for row in rows[1:]]) == expected


def test_pandas_reads_the_1923_standings_without_the_verdict_in_them(client):
    """The verdict sat under the standings in one table: pandas added it into the totals (59.2 instead of 38)."""
    standings = pd.read_csv(io.BytesIO(post(client, NINETEEN, MATCH, "?target=15&format=csv")))
    assert standings["total"].sum() == 20 + 18 and len(standings) == 2
    assert standings[["rank", "player", "match_winner", "match_cards"]].values.tolist() == [[1, "bob", "yes", 23], [2, "ann", "no", 19]]
    match = pd.read_csv(io.BytesIO(post(client, NINETEEN, MATCH, "?target=15&format=csv&sheet=match")))
    assert match[["place", "player", "winner", "cards", "after game 3"]].values.tolist() == [[1, "bob", "yes", 23, 18], [2, "ann", "no", 19, 20]]
    assert set(match["decided_by"]) == {"most_cards"} and set(match["target"]) == {15}
    sheets = pd.read_excel(io.BytesIO(post(client, NINETEEN, MATCH, "?target=15&format=xlsx")), sheet_name=None)
    assert list(sheets) == ["Standings", "Match"]
    assert sheets["Standings"]["total"].sum() == 38 and sheets["Standings"]["player"].tolist() == ["bob", "ann"]
    assert sheets["Match"][["player", "winner"]].values.tolist() == [["bob", "yes"], ["ann", "no"]]


SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
needs_libreoffice = pytest.mark.skipif(
    SOFFICE is None, reason="LibreOffice is not installed (Debian: apt-get install libreoffice-calc-nogui); CI does not install it, it is large"
)
CSV_OUT = "Text - txt - csv (StarCalc)"  # LibreOffice's CSV filter; options: comma, double quote, UTF-8 (76), from row 1


def libreoffice_csv(tmp_path: Path, name: str, data: bytes, sheet: int = 1) -> list[list[str]]:
    """The file as LibreOffice opens it, one sheet saved as UTF-8 CSV.

    A CSV is opened as UTF-8, comma-separated (what its import dialog offers): headless and without import options,
    LibreOffice 7.4 reads any CSV as Latin-1, BOM or not (the BOM itself becomes three characters of the first cell).
    """
    source = tmp_path / name
    source.write_bytes(data)
    out = tmp_path / f"out-{name}-{sheet}"
    options = f"44,34,76,1,,0,false,true,false,false,false,{sheet}"  # the 12th token: which sheet (LibreOffice 7.2 and later)
    profile = (tmp_path / "profile").as_uri()
    subprocess.run(
        [
            str(SOFFICE),
            f"-env:UserInstallation={profile}",
            "--headless",
            *([f"--infilter={CSV_OUT}:44,34,76,1"] if name.endswith(".csv") else []),
            "--convert-to",
            f"csv:{CSV_OUT}:{options}",
            "--outdir",
            str(out),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=180,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    (written,) = out.glob("*.csv")
    return list(csv.reader(io.StringIO(written.read_text(encoding="utf-8"))))


def records(rows: list[list[str]]) -> list[dict[str, str]]:
    return [dict(zip(rows[0], row, strict=False)) for row in rows[1:] if any(row)]


@needs_libreoffice
def test_libreoffice_opens_every_output(client, tmp_path):
    expected = totals()
    from_csv = libreoffice_csv(tmp_path, "standings.csv", post(client, KINGS, SHEET, "?format=csv"))
    assert from_csv[0][:2] == ["rank", "player"]  # the BOM is read as one, not as part of the first cell
    assert by_player(records(from_csv)) == {in_csv(name): total for name, total in expected.items()}
    from_xlsx = records(libreoffice_csv(tmp_path, "standings.xlsx", post(client, KINGS, SHEET, "?format=xlsx")))
    assert by_player(from_xlsx) == expected  # no apostrophe, no formula run
    workbook = post(client, NINETEEN, MATCH, "?target=15&format=xlsx")
    standings = records(libreoffice_csv(tmp_path, "match.xlsx", workbook, sheet=1))
    assert [(r["rank"], r["player"], r["total"]) for r in standings] == [("1", "bob", "18"), ("2", "ann", "20")]
    match = records(libreoffice_csv(tmp_path, "match.xlsx", workbook, sheet=2))
    assert [(r["player"], r["winner"], r["cards"]) for r in match] == [("bob", "yes", "23"), ("ann", "no", "19")]
    verdict = records(libreoffice_csv(tmp_path, "verdict.csv", post(client, NINETEEN, MATCH, "?target=15&format=csv&sheet=match")))
    assert [(r["player"], r["winner"], r["decided_by"]) for r in verdict] == [("bob", "yes", "most_cards"), ("ann", "no", "most_cards")]

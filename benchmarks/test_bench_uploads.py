"""Tournament uploads in process (``make bench``): the worst spreadsheets accepted, and the cost of refusing the worst ones.

Accepted: the most rows (10,000) of the widest sheet the limits let through, as CSV and as XLSX (read, scored,
standings written back as XLSX). Refused: the issue's 103 KB zip bomb, a 26 KB sheet bomb, a sheet declaring a
million rows, 10,001 CSV rows, and standings past the cell limit. Each is the whole endpoint through the test client.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from openpyxl import Workbook

from service import create_app
from service.tournaments.limits import MAX_ROWS
from tests.tournaments.hostile import shared_strings_bomb, sheet_bomb, with_dimension

URL = "/v1/24-kings/tournaments/standings"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
EXTRA = [f"note_{i}" for i in range(5)]  # ignored columns: eight in all, as wide as 24 Kings' card rows


def rows(count: int = MAX_ROWS) -> list[list[object]]:
    """``count`` rows of points: 1,000 games of ten players, every ignored column filled."""
    return [["game", "player", "points", *EXTRA], *([str(i // 10), f"player {i % 10}", i % 7 - 3, *(f"n{i}-{j}" for j in range(5))] for i in range(count))]


def as_xlsx(lines: list[list[object]]) -> bytes:
    book = Workbook(write_only=True)
    sheet = book.create_sheet()
    for line in lines:
        sheet.append(line)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def as_csv(lines: list[list[object]]) -> bytes:
    return "".join(",".join(map(str, line)) + "\n" for line in lines).encode()


@pytest.fixture(scope="module")
def post() -> Callable[..., int]:
    client = create_app({"TESTING": True}).test_client()

    def send(data: bytes, content_type: str, query: str = "") -> int:
        return client.post(URL + query, data=data, content_type=content_type).status_code

    return send


def test_worst_accepted_xlsx_to_xlsx(benchmark, post):
    data = as_xlsx(rows())
    assert benchmark(post, data, XLSX, "?format=xlsx") == 200


def test_worst_accepted_csv_to_json(benchmark, post):
    data = as_csv(rows())
    assert len(data) < 1024 * 1024 and benchmark(post, data, "text/csv") == 200


def test_refused_zip_bomb_103_kb(benchmark, post):
    assert benchmark(post, shared_strings_bomb(38), XLSX) == 413


def test_refused_sheet_bomb_26_kb(benchmark, post):
    assert benchmark(post, sheet_bomb(7), XLSX) == 413


def test_refused_million_row_dimension(benchmark, post):
    assert benchmark(post, with_dimension("A1:XFD1048576"), XLSX) == 413


def test_refused_rows_past_the_limit_csv(benchmark, post):
    assert benchmark(post, as_csv(rows(MAX_ROWS + 1)), "text/csv") == 413


def test_refused_standings_past_the_cell_limit(benchmark, post):
    data = ("game,player,points\n" + "".join(f"{g},p{2 * g},1\n{g},p{2 * g + 1},0\n" for g in range(MAX_ROWS // 2))).encode()
    assert benchmark(post, data, "text/csv") == 413

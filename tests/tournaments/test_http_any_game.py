"""POST /v1/<game>/tournaments/standings for a game the service does not know: the fake trick-taking game's own rows over HTTP.

The app is built as usual, then given the standings blueprint of two made-up
games: ``tricks`` (with the fake game's RowScorer and its options) and
``plain`` (no scorer: rows of points only).
"""

from __future__ import annotations

import io

import pytest
from openpyxl import Workbook, load_workbook

from service.http.views.tournaments import standings_blueprint
from tests.http.test_endpoints import assert_problem
from tests.tournaments.fake_game.tournament import ROW_SCORER as TRICKS
from tests.tournaments.test_row_scorer import SHEET

URL, PLAIN = "/v1/tricks/tournaments/standings", "/v1/plain/tournaments/standings"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# the hand-worked standings of SHEET (see test_row_scorer): cy 37/3 + 10, bob -2 + 19, ann 15 - 1
EXPECTED = [("cy", 1, "67/3", 0), ("bob", 2, 17, 1), ("ann", 3, 14, 1)]
JSON_ROWS = [
    {"game": g, "player": p, "bid": b, "tricks": t, "bonus": bonus}
    for g, p, b, t, bonus in (
        (1, "ann", 5, 5, ""),
        (1, "bob", 4, 6, ""),
        (1, "cy", 2, 2, "yes"),
        (2, "ann", 3, 4, ""),
        (2, "bob", 9, 9, ""),
        (2, "cy", 0, 0, "no"),
    )
]


@pytest.fixture(scope="module")
def app():
    from service import create_app

    app = create_app({"TESTING": True})
    api = app.extensions["referee_api"]
    api.register_blueprint(standings_blueprint("tricks", TRICKS))
    api.register_blueprint(standings_blueprint("plain", None))
    return app


def table(body: dict) -> list[tuple]:
    return [(s["player"], s["rank"], s["total"], s["wins"]) for s in body["standings"]]


def xlsx_of(rows: list[list[object]]) -> bytes:
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_json_rows_of_the_games_own_shape(client):
    body = client.post(URL, json={"rows": JSON_ROWS}).get_json()
    assert body["shape"] == "tricks" and body["games"] == ["1", "2"] and table(body) == EXPECTED


def test_csv_body_and_upload(client):
    assert table(client.post(URL, data=SHEET, content_type="text/csv").get_json()) == EXPECTED
    upload = client.post(URL, data={"file": (io.BytesIO(SHEET), "results.csv")}, content_type="multipart/form-data")
    assert table(upload.get_json()) == EXPECTED


def test_xlsx_in_with_numbers_in_its_cells(client):
    lines = [line.split(",") for line in SHEET.decode().splitlines()]
    workbook = xlsx_of([lines[0]] + [[int(g), p, int(b), float(t), bonus or None] for g, p, b, t, bonus in lines[1:]])
    assert table(client.post(URL, data=workbook, content_type=XLSX).get_json()) == EXPECTED
    upload = client.post(URL, data={"file": (io.BytesIO(workbook), "results.xlsx")}, content_type="multipart/form-data")
    assert table(upload.get_json()) == EXPECTED


def test_answers_as_csv_and_xlsx(client):
    as_csv = client.post(URL + "?format=csv", data=SHEET, content_type="text/csv")
    assert as_csv.mimetype == "text/csv"
    assert as_csv.data.decode("utf-8-sig").splitlines() == [
        "rank,player,total,games,wins,best,worst,game 1,game 2",
        "1,cy,67/3,2,0,37/3,10,37/3,10",
        "2,bob,17,2,1,19,-2,-2,19",
        "3,ann,14,2,1,15,-1,15,-1",
    ]
    as_xlsx = client.post(URL, json={"rows": JSON_ROWS}, headers={"Accept": XLSX})
    assert as_xlsx.mimetype == XLSX
    rows = list(load_workbook(io.BytesIO(as_xlsx.data)).worksheets[0].iter_rows(values_only=True))
    assert rows[1] == (1, "cy", "67/3", 2, 0, "37/3", 10, "37/3", 10) and rows[2][:3] == (2, "bob", 17)


def test_the_scorers_options_from_the_query_or_the_json_rules(client):
    doubled = [("cy", 1, "134/3", 0), ("bob", 2, 34, 1), ("ann", 3, 28, 1)]
    assert table(client.post(URL + "?double=true", data=SHEET, content_type="text/csv").get_json()) == doubled
    assert table(client.post(URL, json={"rows": JSON_ROWS, "rules": {"double": True, "deck": "full"}}).get_json()) == doubled
    short = client.post(URL + "?deck=short", data=SHEET, content_type="text/csv")
    assert {(e["row"], e["code"]) for e in assert_problem(short, 422, "/rows/2", "/rows/5")["errors"]} == {(2, "tricks_sum"), (5, "tricks_sum")}
    assert_problem(client.post(URL + "?deck=huge", data=SHEET, content_type="text/csv"), 422)
    assert_problem(client.post(URL, json={"rows": JSON_ROWS, "rules": {"double": "yes", "hands": "quick"}}), 422, "/rules/double", "/rules/hands")


def test_every_bad_row_and_column_at_once(client, monkeypatch):
    from service.games import GAME_PACKAGES

    monkeypatch.setitem(GAME_PACKAGES, "tricks", "tests.tournaments.fake_game")
    data = b"game,player,bid,tricks\n1,ann,5,x\n1,,4,6\n1,bob,14,2\n2,ann,1,13\n2,ann,1,0\n"
    body = assert_problem(client.post(URL, data=data, content_type="text/csv"), 422, "/rows/2/tricks", "/rows/3/player", "/rows/4/bid", "/rows/6/player")
    assert body["type"] == "urn:kings-referee:problem:bad-rows" and len(body["errors"]) == 4


def test_points_rows_serve_every_game(client):
    data = b"game,player,points\n1,ann,3\n1,bob,4.5\n"
    for url in (URL, PLAIN):
        assert table(client.post(url, data=data, content_type="text/csv").get_json()) == [("bob", 1, 4.5, 1), ("ann", 2, 3, 0)]


def test_a_game_without_a_scorer_reads_points_only(client):
    body = assert_problem(client.post(PLAIN, data=SHEET, content_type="text/csv"), 422, "/rows/1/points")
    assert body["errors"][0]["code"] == "missing_column"
    assert_problem(client.post(PLAIN, json={"rows": [{"game": 1, "player": "ann", "points": 1}], "rules": {}}), 422, "/rules")


def test_the_spec_documents_each_games_options(app):
    paths = app.extensions["referee_api"].spec.to_dict()["paths"]
    assert [p["name"] for p in paths[URL]["post"]["parameters"]] == ["format", "sheet", "bom", "deck", "double"]
    assert [p["name"] for p in paths[PLAIN]["post"]["parameters"]] == ["format", "sheet", "bom"]

"""POST /v1/24-kings/tournaments/standings through the test client."""

import io

from openpyxl import load_workbook

from service.tournaments.limits import MAX_CELLS, MAX_ROWS
from tests.conftest import ROOT
from tests.http.test_endpoints import assert_problem

URL = "/v1/24-kings/tournaments/standings"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
POINTS = (ROOT / "examples" / "results-points.csv").read_bytes()


def test_csv_body_answers_json(client):
    body = client.post(URL, data=POINTS, content_type="text/csv").get_json()
    assert body["standings"][0]["player"] == "ann" and body["games"] == ["1", "2", "3"]


def test_json_rows(client):
    rows = [{"game": 1, "player": "ann", "points": 2.5}, {"game": 1, "player": "bob", "points": -1}]
    assert client.post(URL, json={"rows": rows}).get_json()["standings"][0]["total"] == 2.5


def test_upload_and_formats(client):
    upload = client.post(URL + "?format=xlsx", data={"file": (io.BytesIO(POINTS), "results.csv")}, content_type="multipart/form-data")
    assert upload.mimetype == XLSX
    rows = list(load_workbook(io.BytesIO(upload.data)).worksheets[0].iter_rows(values_only=True))
    assert rows[1][:3] == (1, "ann", 49)
    as_csv = client.post(URL, data=POINTS, content_type="text/csv", headers={"Accept": "text/csv"})
    assert as_csv.mimetype == "text/csv" and as_csv.data.startswith("\ufeffrank,player,total".encode())
    xlsx_in = client.post(URL, data=upload.data, content_type=XLSX)
    assert xlsx_in.status_code == 422  # standings are not result rows: the header has neither points nor cards


def test_rules_for_uploaded_card_rows_come_from_the_query(client):
    data = b"game,player,castle_1,castle_2,castle_3,castle_4,cards\n1,ann,5H,9C,4D,10S,QS JD 10C JS 10D 9C AH\n"
    standard = client.post(URL, data=data, content_type="text/csv").get_json()
    quick = client.post(URL + "?hands=quick", data=data, content_type="text/csv").get_json()
    assert standard["standings"][0]["total"] == -40 and quick["standings"][0]["total"] == 31


def test_bad_rows_are_one_422_with_every_row(client):
    response = client.post(URL, data=b"game,player,points\n1,ann,x\n1,,2\n", content_type="text/csv")
    body = assert_problem(response, 422, "/rows/2/points", "/rows/3/player")
    assert {(e["row"], e["column"]) for e in body["errors"]} == {(2, "points"), (3, "player")}


def test_other_media_types_are_415(client):
    body = assert_problem(client.post(URL, data=b"hello", content_type="text/plain"), 415)
    assert body["detail"] == (
        "send the body as application/json or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        " or multipart/form-data or text/csv, not text/plain"
    )


def test_a_compressed_sheet_is_a_415(client):
    body = assert_problem(client.post(URL, data=b"game,player,points\n", content_type="text/csv", headers={"Content-Encoding": "gzip"}), 415)
    assert [(error["pointer"], error["code"]) for error in body["errors"]] == [("", "unsupported_media_type")]


def test_the_media_type_is_refused_before_the_query_is_read(client):
    assert_problem(client.post(URL + "?hands=bogus", data=b"hello", content_type="text/plain"), 415)


def test_a_form_without_the_file_is_422(client):
    assert_problem(client.post(URL, data={"other": "x"}, content_type="multipart/form-data"), 422, "/file")


def test_json_rows_that_do_not_fit_the_schema_are_the_usual_invalid_body(client):
    body = assert_problem(client.post(URL, json={"rows": [], "extra": 1}), 422, "/rows", "/extra")
    assert body["type"].endswith("invalid-body") and body["title"] == "Invalid request body"


def test_card_rows_as_json_take_their_rules_from_the_body(client):
    row = {
        "game": 1,
        "player": "ann",
        "castle_1": "5H",
        "castle_2": "9C",
        "castle_3": "4D",
        "castle_4": "10S",
        "cards": ["QS", "JD", "10C", "JS", "10D", "9C", "AH"],
    }
    standard = client.post(URL, json={"rows": [row]}).get_json()
    quick = client.post(URL + "?hands=standard", json={"rows": [row], "rules": {"hands": "quick"}}).get_json()
    assert standard["shape"] == "cards" and standard["standings"][0]["total"] == -40 and quick["standings"][0]["total"] == 31
    assert_problem(client.post(URL, json={"rows": [row], "rules": {"hands": "bogus", "no_harm_no_foul": "yes"}}), 422, "/rules/hands", "/rules/no_harm_no_foul")


def test_card_rows_score_in_exact_halves(client):
    body = client.post(URL, data=(ROOT / "examples" / "results-cards.csv").read_bytes(), content_type="text/csv").get_json()
    assert {s["player"]: (s["total"], s["wins"]) for s in body["standings"]} == {"ann": (63.5, 2), "cy": (26, 0), "bob": (8.5, 0)}


def test_the_operation_states_the_row_and_cell_limits(client):
    operation = client.get("/openapi.json").get_json()["paths"]["/v1/24-kings/tournaments/standings"]["post"]
    assert f"{MAX_ROWS:,} rows, {MAX_CELLS:,} cells" in operation["description"] and "XML elements" in operation["description"]

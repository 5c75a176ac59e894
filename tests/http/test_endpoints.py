"""Every endpoint through the Flask test client: happy paths, golden cases, each error class."""

from __future__ import annotations

import gzip
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemas.kings import HandsRequestSchema
from service.core.problems import InvalidInput
from service.games.kings.calculus import read_castle_table
from service.games.kings.pack import full_deck
from service.games.kings.web import CALCULUS_REQUEST, HANDS_REQUEST, NEW_GAME_REQUEST, TABLE_SETUP_REQUEST, castles_from, rules_from, table_hands_report
from tests.conftest import golden_cases

V1 = "/v1/24-kings"
PROBLEM = "application/problem+json"


def assert_problem(response, status, *pointers):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.get_json(force=True)
    assert set(body) == {"type", "title", "status", "detail", "instance", "errors"}
    assert body["status"] == status and body["instance"] == response.request.path
    assert {error["pointer"] for error in body["errors"]} >= set(pointers), body["errors"]
    return body


def new_state(client, **extra):
    return client.post(f"{V1}/games", json={**NEW_GAME_REQUEST, **extra}).get_json()["state"]


# -- happy paths -------------------------------------------------------------------------------------
def test_healthz(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}


def test_rules_lists_24_hands_4_sets_and_7_options(client):
    body = client.get(f"{V1}/rules").get_json()
    assert len(body["hands"]) == 24 and len(body["hand_sets"]) == 4 and len(body["options"]) == 7
    half_aces = next(h for h in body["hands"] if h["name"] == "Half Aces")
    assert half_aces["points"] == "(1/2)*|K1 - K2|" and half_aces["castles"] == [1, 2]


def test_new_game_is_reproducible_and_logs_the_castle_phase(client):
    first = client.post(f"{V1}/games", json=NEW_GAME_REQUEST).get_json()
    again = client.post(f"{V1}/games", json=NEW_GAME_REQUEST).get_json()
    assert first == again
    assert first["castle_phase"][0]["became"] == "castle 1"
    assert [p["hand"]["hidden"] for p in first["state"]["players"]] == [0, 0, 0]


def test_game_from_a_physical_table(client):
    answer = client.post(f"{V1}/games/from-table", json=TABLE_SETUP_REQUEST).get_json()
    assert answer["castle_phase"] == [] and answer["events"] == []  # the table's turns and deal were not seen
    state = answer["state"]
    assert state["draw_pile"] == {"cards": [], "hidden": 104 - 21 - 4 - 2}
    assert [p["hand"]["hidden"] for p in state["players"]] == [0, 7, 7]


def test_state_check_reports_every_problem_at_once(client):
    state = new_state(client)
    assert client.post(f"{V1}/state/check", json={"state": state}).get_json() == {"valid": True, "problems": []}
    state["castles"][1]["card"] = state["castles"][0]["card"]
    state["to_act"] = 7
    body = client.post(f"{V1}/state/check", json={"state": state}).get_json()
    codes = {(p["pointer"], p["code"]) for p in body["problems"]}
    assert not body["valid"]
    assert ("/state/castles/1/card", "castle_suit_repeated") in codes and ("/state/to_act", "seat_out_of_range") in codes


def test_legal_moves_validate_and_apply(client):
    state = new_state(client)
    legal = client.post(f"{V1}/moves/legal", json={"state": state}).get_json()
    assert legal["player"] == "bob" and sum(legal["counts"].values()) == len(legal["moves"])
    move = next(m for m in legal["moves"] if m["action"] == "face_up_discard")
    verdict = client.post(f"{V1}/moves/validate", json={"state": state, "move": move}).get_json()
    assert verdict == {"legal": True, "reasons": [], "alternatives": []}
    after = client.post(f"{V1}/moves/apply", json={"state": state, "move": move}).get_json()
    assert after["state"]["to_act"] == 2 and after["events"][0]["type"] == "discarded"


def test_an_illegal_move_is_a_verdict_not_an_error(client):
    state = new_state(client)
    move = {"player": "ann", "action": "play_king", "card": state["players"][1]["hand"]["cards"][0], "castle": 3}
    response = client.post(f"{V1}/moves/validate", json={"state": state, "move": move})
    assert response.status_code == 200
    verdict = response.get_json()
    assert not verdict["legal"] and "not_your_turn" in {r["code"] for r in verdict["reasons"]}
    assert all(r["rule"] and r["pointer"].startswith("/") for r in verdict["reasons"])


def test_applying_an_illegal_move_is_a_422_with_the_same_reasons(client):
    state = new_state(client)
    move = {"player": "bob", "action": "face_up_discard", "card": "KS"}
    verdict = client.post(f"{V1}/moves/validate", json={"state": state, "move": move}).get_json()
    response = client.post(f"{V1}/moves/apply", json={"state": state, "move": move})
    body = assert_problem(response, 422)
    assert body["type"].endswith("illegal-move")
    assert [e["code"] for e in body["errors"]] == [r["code"] for r in verdict["reasons"]]
    assert all(e["pointer"].startswith("/move") and e["rule"] for e in body["errors"])


def test_hands_answers_best_split_call_found_and_progress(client):
    body = client.post(f"{V1}/hands", json=HANDS_REQUEST).get_json()
    assert body["valid_call"] and body["best"]["score"] == 48 and body["calling_split"]["score"] == 48
    assert len(body["progress"]) == 24 and {h["name"] for h in body["found"]} == {"Super Kingdom", "Half Kingdom"}


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(full_deck()), max_size=8))
def test_the_hands_answer_on_the_wire_is_the_report_as_plain_data(client, cards):
    """The view sends progress as the text each entry encoded once; what arrives must equal the report built as dicts."""
    body = {**HANDS_REQUEST, "cards": [str(card) for card in cards]}
    response = client.post(f"{V1}/hands", json=body)
    loaded = HandsRequestSchema().load(body)
    try:
        table = read_castle_table(castles_from(loaded["castles"]), rules_from(loaded["rules"]))  # read afresh, not the cached table
        expected = table_hands_report(table, cards)
    except InvalidInput:  # a third copy of a card: the view refuses it too
        assert_problem(response, 422)
        return
    assert response.status_code == 200 and response.get_json() == expected
    assert [list(entry) for entry in response.get_json()["progress"]] == [list(entry) for entry in expected["progress"]]


def test_calculus_contract(client):
    body = client.post(f"{V1}/calculus", json=CALCULUS_REQUEST).get_json()
    assert body["castle_values"] == [7, 2, 11, 4]
    ann, bob = body["players"]
    assert (
        ann["score"] == 11
        and ann["pointer"] == "QD"
        and ann["hands"][0] == {"name": "Half 7's", "family": "7's", "tier": "half", "cards": ["7H", "8H", "8H"], "points": 2}
    )
    assert ann["saved"] == ["5C"] and ann["penalised"] == ["3H"]
    assert bob["declared"] and bob["pointer"] == "9C"
    assert body["winners"] == ["bob"] and body["call"]["player"] == "bob" and body["call"]["valid"] is True


def test_rules_and_options_are_optional(client):
    minimal = {"castles": HANDS_REQUEST["castles"], "players": [{"name": "ann", "cards": ["2C"]}]}
    assert client.post(f"{V1}/calculus", json=minimal).get_json()["players"][0]["score"] == 2
    assert "call" not in client.post(f"{V1}/calculus", json=minimal).get_json()


CASES = golden_cases("24-kings-calculus.json")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_cases_through_http(client, case):
    hands = client.post(f"{V1}/hands", json={"rules": case["rules"], "castles": case["castles"], "cards": case["cards"]}).get_json()
    table = client.post(
        f"{V1}/calculus", json={"rules": case["rules"], "castles": case["castles"], "players": [{"name": "p", "cards": case["cards"]}], "caller": "p"}
    ).get_json()
    expect = case["expect"]
    assert hands["castle_values"] == table["castle_values"] == expect["castle_values"]
    assert hands["best"]["score"] == table["players"][0]["score"] == expect["score"]
    assert hands["valid_call"] is table["call"]["valid"] is expect["valid_call"]


# -- errors --------------------------------------------------------------------------------------------
def test_404_is_a_problem(client):
    assert_problem(client.get(f"{V1}/nothing-here"), 404)


def test_405_is_a_problem_with_allow(client):
    response = client.get(f"{V1}/calculus")
    assert_problem(response, 405)
    assert "POST" in response.headers["Allow"]


def test_413_for_a_body_over_one_mebibyte(client):
    big = json.dumps({"castles": [], "players": [], "pad": "x" * (1024 * 1024)})
    body = assert_problem(client.post(f"{V1}/calculus", data=big, content_type="application/json"), 413, "")
    assert [error["code"] for error in body["errors"]] == ["body_too_large"]  # the whole body is at fault: pointer ""


def test_415_for_a_body_that_is_not_json(client):
    body = assert_problem(client.post(f"{V1}/calculus", data="castles=1", content_type="application/x-www-form-urlencoded"), 415)
    assert body["detail"] == "send the body as application/json, not application/x-www-form-urlencoded"
    assert [(error["pointer"], error["code"]) for error in body["errors"]] == [("", "unsupported_media_type")]


@pytest.mark.parametrize("coding", ["gzip", "deflate", "br", "GZIP", "gzip, identity"])
def test_a_compressed_body_is_a_415_not_malformed_json(client, coding):
    """A coded body is not read (RFC 9110 §8.4): it is refused for its coding, never judged as broken JSON."""
    raw = json.dumps(CALCULUS_REQUEST).encode()
    sent = gzip.compress(raw) if coding.lower().startswith("gzip") else raw
    response = client.post(f"{V1}/calculus", data=sent, content_type="application/json", headers={"Content-Encoding": coding})
    body = assert_problem(response, 415)
    assert body["detail"] == f"send the body uncompressed: Content-Encoding {coding!r} is not read"
    assert [(error["pointer"], error["code"]) for error in body["errors"]] == [("", "unsupported_media_type")]


def test_the_415_for_a_content_coding_says_which_codings_are_read(client):
    """RFC 9110 §12.5.3: a server refusing a body for its content coding ought to answer 415 with Accept-Encoding, so
    the client tells a coding it must drop from a media type it must change; this service reads no coding but identity."""
    response = client.post(f"{V1}/calculus", data=b"{}", content_type="application/json", headers={"Content-Encoding": "gzip"})
    assert response.status_code == 415 and response.headers.get("Accept-Encoding") == "identity"


def test_a_415_for_the_media_type_names_no_coding(client):
    response = client.post(f"{V1}/calculus", data=b"{}", content_type="text/plain")
    assert response.status_code == 415 and "Accept-Encoding" not in response.headers


@pytest.mark.parametrize("coding", ["identity", "Identity", ""])
def test_a_body_declared_uncoded_is_read(client, coding):
    response = client.post(f"{V1}/calculus", data=json.dumps(CALCULUS_REQUEST), content_type="application/json", headers={"Content-Encoding": coding})
    assert response.status_code == 200


@pytest.mark.parametrize("media_type", ["application/vnd.kings+json; charset=utf-8", "Application/JSON", "application/json;charset=UTF-8"])
def test_json_spelled_any_way_is_read_as_json(client, media_type):
    """The exact ``application/json`` is read without parsing the header; every other spelling goes through werkzeug's parser."""
    response = client.post(f"{V1}/calculus", data=json.dumps(CALCULUS_REQUEST), content_type=media_type)
    assert response.status_code == 200 and response.get_json() == client.post(f"{V1}/calculus", json=CALCULUS_REQUEST).get_json()


def test_a_body_with_no_media_type_is_a_415_not_an_empty_object(client):
    """Issue 16: a JSON body sent with no Content-Type is refused, never read as ``{}``."""
    assert_problem(client.post(f"{V1}/calculus", data=json.dumps(CALCULUS_REQUEST)), 415)


@pytest.mark.parametrize(("path", "status"), [(f"{V1}/no-such-thing", 404), ("/healthz", 405)])
def test_a_path_that_takes_no_body_answers_for_the_path_before_the_media_type(client, path, status):
    assert_problem(client.post(path, data="hello", content_type="text/plain"), status)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ('{"castles": [', "malformed_json"),
        ('{"a": NaN}', "malformed_json"),
        ('{"a": Infinity}', "malformed_json"),
        ("", "malformed_json"),
        ("[" * 40 + "]" * 40, "too_deep"),
        (b"\xff\xfe", "malformed_json"),
        ('{"a": 1, "a": 1}', "duplicate_key"),
    ],
)
def test_400_for_malformed_json(client, raw, code):
    body = assert_problem(client.post(f"{V1}/calculus", data=raw, content_type="application/json"), 400, "")
    assert body["type"].endswith("malformed-json") and body["errors"][0]["code"] == code


def test_deep_json_within_the_bound_is_judged_not_refused(client):
    assert client.post(f"{V1}/calculus", data="[" * 30 + "]" * 30, content_type="application/json").status_code == 422


def test_422_schema_problems_have_one_pointer_each(client):
    body = {
        "castles": [{"card": "5H", "kings": ["KH", "KH", "KH"]}, {"card": "ZZ"}],
        "players": [{"name": "", "cards": ["2C", 3]}],
        "rules": {"hands": "speedy", "bogus": True},
        "extra": 1,
    }
    problem = assert_problem(
        client.post(f"{V1}/calculus", json=body),
        422,
        "/castles/0/kings",
        "/castles/1/card",
        "/players/0/name",
        "/players/0/cards/1",
        "/rules/hands",
        "/rules/bogus",
        "/extra",
    )
    codes = {e["pointer"]: e["code"] for e in problem["errors"]}
    assert codes["/extra"] == "unknown_field" and codes["/castles/1/card"] == "bad_card"
    assert codes["/rules/hands"] == "not_an_option" and codes["/castles/0/kings"] == "bad_length"


def test_422_a_map_entry_is_refused_at_the_entry_itself(client):
    """A map's entry is its key's place in the body (/piles/ann); marshmallow files a bad key under ``key`` and a bad
    value under ``value`` (/piles/ann/value/0), which is no place in the request. Three Kings' piles, by player."""
    body = {"method": "bonus", "piles": {"ann": ["KH", "ZZ"], "bob": "KS", "cy\u202e": []}}
    problem = client.post("/v1/three-kings/score", json=body).get_json()
    assert sorted((e["pointer"], e["code"]) for e in problem["errors"]) == [
        ("/piles/ann/1", "bad_card"),
        ("/piles/bob", "not_a_list"),
        ("/piles/cy\u202e", "name_bidi_control"),
    ]


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        ("/v1/three-kings/score", {"method": "bonus", "piles": {"ann": ["KH", "KS", "KD"], "ann ": []}}, "/piles/ann "),
        ("/v1/1923/sets/score", {"won": {"ann": ["AH", "KH"], " ann": ["2H"], "bob": ["3C"]}}, "/won/ ann"),
    ],
)
def test_422_two_keys_naming_one_player_are_refused_not_merged(client, path, body, pointer):
    """ "ann" and " ann" are one player once the name is normalised: the second key is refused where it stands,
    never merged with the first and the last one winning (which would drop the first one's cards)."""
    problem = client.post(path, json=body).get_json()
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [(pointer, "duplicate_name")]


def test_422_a_bad_card_is_quoted_in_part(client):
    """A refused card's text is quoted, bounded: a card padded to a megabyte does not come back whole."""
    castles = [{"card": "5H"}, {"card": "9C"}, {"card": "4D"}, {"card": "10S"}]
    response = client.post("/v1/24-kings/hands", json={"castles": castles, "cards": [" " * 990_000 + "x"]})
    assert response.status_code == 422 and len(response.get_data()) < 2_000
    assert [(e["pointer"], e["code"]) for e in response.get_json()["errors"]] == [("/cards/0", "bad_card")]


def test_422_impossible_table_reports_every_problem(client):
    body = {
        "castles": [{"card": "5H"}, {"card": "9H"}, {"card": "4D", "kings": ["KS"]}, {"card": "10S"}],
        "players": [{"name": "ann", "cards": ["5H", "5H"]}, {"name": "ann", "cards": ["2C"]}],
        "caller": "zed",
    }
    problem = assert_problem(
        client.post(f"{V1}/calculus", json=body), 422, "/castles/1/card", "/castles/2/kings/0", "/players/0/cards/1", "/players/1/name", "/caller"
    )
    assert problem["type"].endswith("invalid-input")


def test_422_declared_split_reasons(client):
    body = {**CALCULUS_REQUEST, "players": [{"name": "ann", "cards": ["9H", "10H", "JS", "2C"], "hands": [["9H", "10H", "JS"]]}], "caller": None}
    body.pop("caller")
    problem = assert_problem(client.post(f"{V1}/calculus", json=body), 422, "/players/0/hands/0")
    assert problem["errors"][0]["code"] == "hand_suits_wrong"  # the ranks of a Half Kingdom, not its suit


def test_422_for_a_state_that_is_no_real_table(client):
    state = new_state(client)
    state["face_up"].append(state["players"][0]["hand"]["cards"][0])
    state["face_up"].append(state["players"][0]["hand"]["cards"][0])
    problem = assert_problem(client.post(f"{V1}/moves/legal", json={"state": state}), 422)
    assert {e["code"] for e in problem["errors"]} >= {"card_total"}
    assert all(e["pointer"] == "" or e["pointer"].startswith("/state") for e in problem["errors"])


def test_new_game_refusals(client):
    assert_problem(client.post(f"{V1}/games", json={"players": ["solo"]}), 422, "/players")
    assert_problem(client.post(f"{V1}/games", json={"players": ["ann", "ann"], "seed": -3}), 422, "/seed")


def test_unexpected_errors_are_problems_too(app, monkeypatch):
    from service.games.kings import web

    monkeypatch.setattr(web, "table_calculus", lambda *args: 1 / 0)
    response = app.test_client().post(f"{V1}/calculus", json=CALCULUS_REQUEST)
    body = assert_problem(response, 500)
    assert body["type"].endswith("internal") and "ZeroDivision" not in body["detail"]


def test_swagger_ui_is_served_offline(client):
    page = client.get("/docs/")
    assert page.status_code == 200 and b"swagger-ui" in page.data and b"/openapi.json" in page.data
    assert b"https://" not in page.data
    assert client.get("/docs/swagger-ui-bundle.js").status_code == 200
    assert client.get("/openapi.json").get_json()["openapi"] == "3.1.0"


@pytest.mark.parametrize(
    ("field", "value"),
    [("seed", 2.5), ("seed", True), ("seed", "7"), ("dealer", 1.0), ("rules", {"ghoul_raiser": 0}), ("rules", {"ghoul_raiser": "yes"})],
)
def test_types_are_never_coerced(client, field, value):
    """Found by schemathesis: marshmallow would truncate 2.5 to 2 and read "yes" as true. We refuse instead."""
    assert_problem(client.post(f"{V1}/games", json={**NEW_GAME_REQUEST, field: value}), 422)


def test_a_holding_larger_than_the_referee_scores_is_refused_quickly(client):
    cards = ["7H", "7C", "7D", "8H", "8C", "8D", "9H", "9C", "9D", "10H", "10C", "10D", "JH"]
    response = client.post(f"{V1}/hands", json={**HANDS_REQUEST, "rules": {"hands": "quick"}, "cards": cards})
    assert assert_problem(response, 422, "/cards")["errors"][0]["code"] == "bad_length"

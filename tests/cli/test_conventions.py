"""The conventions of ``kings`` (issue 16): options on either side of the command, ``-`` for standard input, an exit
status per kind of failure, and the referee's shared commands for every registered game. A stub client, no network."""

from __future__ import annotations

import io
import json
import sys

import pytest
from card_referee_client import RefereeError, RefereeUnavailable

from service import cli
from service.games import GAME_PACKAGES
from tests.client.test_cli_commands import GAMES_ANSWER, HANDS_ANSWER

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"  # the media type, written out: not the client's constant

STATE = {"seed": 7, "players": [{"name": "ann"}, {"name": "bob"}], "to_act": 0}
MOVE = {"player": "ann", "action": "draw"}
CHECKED = {"valid": False, "problems": [{"pointer": "/players/0/hand", "code": "card_count", "message": "ann holds 8 cards, not 7"}]}
LEGAL = {"player": "ann", "phase": "play", "moves": [MOVE], "counts": {"draw": 1}}
VERDICT = {"legal": False, "reasons": [{"code": "not_your_turn", "rule": "4.1", "pointer": "/player", "message": "bob acts"}], "alternatives": [MOVE]}
TRANSITION = {"move": MOVE, "state": STATE | {"to_act": 1}, "events": [{"type": "drew", "player": "ann"}, {"type": "turn", "player": "bob"}]}


def stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


@pytest.mark.parametrize(
    "argv",
    [
        ("--json", "--url", "http://127.0.0.9:81", "--timeout", "3", "games"),
        ("games", "--json", "--url", "http://127.0.0.9:81", "--timeout", "3"),
        ("--url", "http://127.0.0.1:1", "games", "--json", "--url", "http://127.0.0.9:81", "--timeout", "3"),  # the later one counts
    ],
    ids=["before", "after", "both"],
)
def test_options_stand_before_or_after_the_command(kings, argv):
    run = kings(*argv, answers={("GET", "/v1/games"): GAMES_ANSWER})
    assert run.code == 0 and json.loads(run.out) == GAMES_ANSWER
    assert (run.client.url, run.client.timeout) == ("http://127.0.0.9:81", 3.0)


def test_options_after_a_games_own_command(kings):
    run = kings("24-kings", "hands", "QH", "--castles", "5H,9C,4D,10S", "--json", "--url", "http://h:1", answers={("POST", "/v1/24-kings/hands"): HANDS_ANSWER})
    assert run.code == 0 and json.loads(run.out) == HANDS_ANSWER and run.client.url == "http://h:1"


def test_left_out_after_the_command_the_options_keep_their_defaults(kings, monkeypatch):
    monkeypatch.setenv("KINGS_URL", "http://from-env:8")
    run = kings("games", answers={("GET", "/v1/games"): GAMES_ANSWER})
    assert (run.client.url, run.client.timeout) == ("http://from-env:8", 10.0) and not run.out.startswith("{")


def test_a_table_from_standard_input(kings, monkeypatch):
    table = {"castles": [{"card": "5H"}], "players": [{"name": "ann"}]}
    stdin(monkeypatch, json.dumps(table).encode())
    answer = {"castle_values": [5], "winners": ["ann"], "players": []}
    run = kings("score", "-", "--json", answers={("POST", "/v1/24-kings/calculus"): answer})
    assert run.code == 0 and run.sent[0].options["json"] == table | {"rules": {}}


@pytest.mark.parametrize(("data", "kind"), [(b"game,player,points\r\n1,ann,3\r\n", "text/csv"), (b"PK\x03\x04rest of a zip", XLSX)], ids=["csv", "xlsx"])
def test_a_sheet_from_standard_input(kings, monkeypatch, data, kind):
    stdin(monkeypatch, data)
    answer = {"games": ["1"], "standings": []}
    run = kings("standings", "-", answers={("POST", "/v1/24-kings/tournaments/standings"): answer})
    assert run.code == 0 and run.sent[0].options["data"] == data
    assert run.sent[0].options["headers"]["Content-Type"] == kind


def test_a_state_from_standard_input_and_a_move_inline(kings, monkeypatch):
    stdin(monkeypatch, json.dumps({"state": STATE}).encode())
    run = kings("twenty-four", "validate", "-", json.dumps(MOVE), answers={("POST", "/v1/twenty-four/moves/validate"): VERDICT})
    assert run.code == 0 and run.sent[0].options["json"] == {"state": STATE, "move": MOVE}


def test_a_move_from_standard_input(kings, monkeypatch, tmp_path):
    state = tmp_path / "state.json"
    state.write_text(json.dumps(STATE))
    stdin(monkeypatch, json.dumps(MOVE).encode())
    run = kings("1923", "apply", str(state), "-", answers={("POST", "/v1/1923/moves/apply"): TRANSITION})
    assert run.code == 0 and run.sent[0].options["json"] == {"state": STATE, "move": MOVE}


# -- the shared commands, for every registered game ------------------------------------------------------------
@pytest.mark.parametrize("slug", list(GAME_PACKAGES))
def test_every_game_has_the_shared_commands(kings, tmp_path, slug):
    body = tmp_path / "move.json"
    body.write_text(json.dumps({"state": STATE, "move": MOVE}))  # a request body, as the README builds one
    answers = {
        ("POST", f"/v1/{slug}/state/check"): CHECKED,
        ("POST", f"/v1/{slug}/moves/legal"): LEGAL,
        ("POST", f"/v1/{slug}/moves/validate"): VERDICT,
        ("POST", f"/v1/{slug}/moves/apply"): TRANSITION,
        ("POST", f"/v1/{slug}/view"): {"player": "ann"},
    }
    checked = kings(slug, "check", str(body), answers=answers)
    assert checked.code == 0 and checked.sent[0].options["json"] == {"state": STATE}
    assert "/players/0/hand: ann holds 8 cards, not 7 (card_count)" in checked.out
    legal = kings(slug, "legal", str(body), answers=answers)
    assert legal.code == 0 and legal.sent[0].options["json"] == {"state": STATE} and json.dumps(MOVE) in legal.out
    after = tmp_path / "after.json"
    applied = kings(slug, "apply", str(body), "-o", str(after), answers=answers)
    assert applied.code == 0 and applied.sent[0].options["json"] == {"state": STATE, "move": MOVE}
    assert json.loads(after.read_text()) == TRANSITION and json.loads(applied.out.splitlines()[0]) == {"type": "drew", "player": "ann"}
    viewed = kings(slug, "view", str(body), "ann", answers=answers)
    assert viewed.code == 0 and viewed.sent[0].options["json"] == {"state": STATE, "player": "ann"}
    judged = kings(slug, "validate", str(body), answers=answers)
    assert judged.code == 0 and judged.sent[0].options["json"] == {"state": STATE, "move": MOVE}
    assert judged.out.splitlines()[:2] == ["illegal:", "  not_your_turn (§4.1) at /player: bob acts"]


def test_the_shared_commands_read_a_bare_state_or_an_answer_holding_one(kings, tmp_path):
    bare, answer = tmp_path / "bare.json", tmp_path / "game.json"
    bare.write_text(json.dumps(STATE))
    answer.write_text(json.dumps({"state": STATE, "seed": 7}))
    for path in (bare, answer):
        run = kings("24-kings", "check", str(path), answers={("POST", "/v1/24-kings/state/check"): {"valid": True, "problems": []}})
        assert run.sent[0].options["json"] == {"state": STATE} and run.out == "valid\n"


# -- exit statuses -----------------------------------------------------------------------------------------------
def problem(status: int) -> RefereeError:
    return RefereeError(status, "t", "d")


@pytest.mark.parametrize(
    ("answer", "code"),
    [
        (problem(422), 65),
        (problem(400), 65),
        (problem(413), 65),
        (RefereeUnavailable("no referee answers at http://127.0.0.1:8000"), 69),
        (problem(503), 69),
        (problem(502), 69),
        (problem(500), 70),
        (RuntimeError("a bug"), 70),
    ],
)
def test_each_kind_of_failure_has_its_exit_status(kings, answer, code):
    run = kings("games", answers={("GET", "/v1/games"): answer})
    assert run.code == code and run.err.startswith("kings: ") and run.out == ""


def test_usage_errors_exit_2(kings):
    assert kings("no-such-command").code == 2
    assert kings("games", "--timeout", "soon").code == 2
    assert kings("1923", "judge", "ann").code == 2  # not name=CARDS: the command's own reading of its arguments


def test_input_that_cannot_be_read_or_written_exits_74(kings, tmp_path):
    assert kings("score", str(tmp_path / "missing.json")).code == 74
    state = tmp_path / "state.json"
    state.write_text(json.dumps(STATE))
    unwritable = tmp_path / "no-such-dir" / "after.json"
    run = kings("24-kings", "apply", str(state), json.dumps(MOVE), "-o", str(unwritable), answers={("POST", "/v1/24-kings/moves/apply"): TRANSITION})
    assert run.code == 74


def test_input_that_is_not_json_exits_65_without_a_request(kings, tmp_path, monkeypatch):
    broken = tmp_path / "state.json"
    broken.write_text("{not json")
    run = kings("24-kings", "legal", str(broken))
    assert run.code == 65 and run.sent == [] and "not JSON" in run.err
    stdin(monkeypatch, b"[1, 2]")
    assert kings("24-kings", "legal", "-").code == 65
    broken.write_text(json.dumps(STATE))
    assert kings("24-kings", "validate", str(broken)).code == 65  # no move given, none in the file
    assert kings("24-kings", "validate", str(broken), "{nope").code == 65


def test_help_and_version_exit_0(kings):
    assert kings("--help").code == 0 and "exit status" in kings("--help").out
    assert kings("--version").code == 0


def test_next_game_applies_the_next_dealers_deal(kings, tmp_path):
    """The next game is the deal move /moves/legal lists (the stubs' answers stand in for the referee's)."""
    finished = tmp_path / "game.json"
    finished.write_text(json.dumps({"state": STATE}))
    following = {"state": {"seed": 8, "castles": [{"card": "4H"}], "face_up": [], "players": [{"name": "bob", "hand": {"cards": ["QS"]}}], "to_act": 0}}
    legal = {"player": "bob", "moves": [{"player": "bob", "action": "deal"}]}
    out = tmp_path / "next.json"
    answers = {("POST", "/v1/24-kings/moves/legal"): legal, ("POST", "/v1/24-kings/moves/apply"): following}
    run = kings("24-kings", "next-game", str(finished), "-o", str(out), answers=answers)
    assert run.code == 0 and run.sent[-1].options["json"] == {"state": STATE, "move": {"action": "deal", "player": "bob"}}
    assert json.loads(out.read_text()) == following and "Seed 8." in run.out and "bob plays first." in run.out


def test_every_game_keeps_its_commands_in_its_own_package():
    """24 Kings too: its commands live in service/games/kings/cli.py, found through the registry like any game's."""
    for slug, package in GAME_PACKAGES.items():
        add = cli.game_commands(slug)
        assert add is not None and add.__module__ == f"{package}.cli", slug


def test_an_answer_that_cannot_be_shown_is_an_internal_fault_not_refused_input(kings):
    run = kings("hands", "QH", "--castles", "5H,9C,4D,10S", answers={("POST", "/v1/24-kings/hands"): {"unexpected": True}})
    assert run.code == 70 and "--json" in run.err and run.out == ""
    shown = kings("hands", "QH", "--castles", "5H,9C,4D,10S", "--json", answers={("POST", "/v1/24-kings/hands"): {"unexpected": True}})
    assert shown.code == 0 and json.loads(shown.out) == {"unexpected": True}


# -- new-game and standings: the same verbs in every game ---------------------------------------------------------
STANDINGS = {"shape": "points", "games": ["1"], "standings": [{"rank": 1, "player": "ann", "total": 3, "games": 1, "wins": 1, "points": {"1": 3}}]}


@pytest.mark.parametrize("slug", list(GAME_PACKAGES))
def test_every_game_has_new_game_with_the_players_either_way(kings, tmp_path, slug):
    dealt = {"state": {"seed": 7}, "seed": 7}
    answers = {("POST", f"/v1/{slug}/games"): dealt}
    out = tmp_path / "game.json"
    one_by_one = kings(slug, "new-game", "ann", "bob", "--seed", "7", "-o", str(out), "--json", answers=answers)
    listed = kings(slug, "new-game", "--players", "ann, bob", "--seed", "7", "--json", answers=answers)
    for run in (one_by_one, listed):
        assert run.code == 0 and json.loads(run.out) == dealt
        [sent] = run.sent
        assert (sent.method, sent.path) == ("POST", f"/v1/{slug}/games")
        assert sent.options["json"]["players"] == ["ann", "bob"] and sent.options["json"]["seed"] == 7
    assert json.loads(out.read_text()) == dealt
    nobody = kings(slug, "new-game", "--seed", "7")
    assert nobody.code == 2 and nobody.sent == [] and "players" in nobody.err


@pytest.mark.parametrize("slug", list(GAME_PACKAGES))
def test_every_game_has_standings_from_a_results_sheet(kings, tmp_path, slug):
    sheet = tmp_path / "results.csv"
    sheet.write_bytes(b"game,player,points\r\n1,ann,3\r\n")
    out = tmp_path / "standings.xlsx"
    formats = {"json": STANDINGS, "xlsx": b"PK\x03\x04 an xlsx"}
    path = f"/v1/{slug}/tournaments/standings"
    run = kings(slug, "standings", str(sheet), "-o", str(out), answers={("POST", path): lambda options: formats[options["params"]["format"]]})
    assert run.code == 0 and [(s.path, s.options["params"]["format"]) for s in run.sent] == [(path, "json"), (path, "xlsx")]
    assert run.sent[0].options["data"] == sheet.read_bytes() and run.sent[0].options["headers"] == {"Content-Type": "text/csv"}
    assert run.out.splitlines()[1].split() == ["1", "ann", "3", "1", "1", "3"] and out.read_bytes() == formats["xlsx"]


def test_a_games_own_settings_reach_the_standings_query_and_unknown_ones_are_refused_unsent(kings, tmp_path):
    sheet = tmp_path / "results.csv"
    sheet.write_bytes(b"game,player,points\r\n1,ann,3\r\n")
    path = "/v1/three-kings/tournaments/standings"
    run = kings("three-kings", "standings", str(sheet), "--rule", "method=bonus", answers={("POST", path): STANDINGS})
    assert run.code == 0 and run.sent[0].options["params"] == {"format": "json", "method": "bonus"}
    refused = kings("three-kings", "standings", str(sheet), "--rule", "hands=quick", answers={("POST", path): STANDINGS})
    assert refused.code == 65 and refused.sent == [] and "hands" in refused.err

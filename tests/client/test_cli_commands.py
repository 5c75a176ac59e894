"""The `kings` command line with a stub client: which endpoint each command asks, what it prints. No network.

tests/client/test_cli.py runs the same commands against a real gunicorn.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import version
from typing import Any

import pytest
from card_referee_client import RefereeClient, RefereeError, RefereeUnavailable

from service import cli
from service.games import GAME_PACKAGES, REGISTRY, registered
from tests.conftest import register_game

Answer = Any  # plain data, bytes, an exception to raise, or a function of the request's keyword arguments


@dataclass
class Sent:
    """What the stub saw: a request as RefereeClient._send receives it."""

    method: str
    path: str
    options: dict[str, Any]


@dataclass
class Reply:
    data: Any

    def json(self) -> Any:
        return self.data

    @property
    def content(self) -> bytes:
        return self.data if isinstance(self.data, bytes) else json.dumps(self.data).encode()

    @property
    def headers(self) -> dict[str, str]:
        return {"Content-Type": "text/csv" if isinstance(self.data, bytes) else "application/json"}


@dataclass
class Kings:
    """One run of ``kings``: its exit code, what it printed, the requests it sent and the client it made."""

    code: int
    out: str
    err: str
    sent: list[Sent] = field(default_factory=list)
    client: RefereeClient | None = None


class StubClient(RefereeClient):
    """The real client down to the wire: its one door to the network, ``_send``, answers from a table."""

    def __init__(self, url: str, *, timeout: float, answers: dict[tuple[str, str], Answer], sent: list[Sent]) -> None:
        super().__init__(url, timeout=timeout)
        self.answers, self.sent = answers, sent

    def _send(self, method: str, path: str, **options: Any) -> Reply:  # type: ignore[override]
        self.sent.append(Sent(method, path, options))
        answer = self.answers[(method, path)]
        if isinstance(answer, Exception):
            raise answer
        return Reply(answer(options) if callable(answer) else answer)


@pytest.fixture
def kings(capsys: pytest.CaptureFixture[str]) -> Callable[..., Kings]:
    def run(*argv: str, answers: dict[tuple[str, str], Answer] | None = None) -> Kings:
        result = Kings(0, "", "")

        def make_client(url: str, *, timeout: float) -> StubClient:
            result.client = StubClient(url, timeout=timeout, answers=answers or {}, sent=result.sent)
            return result.client

        result.code = cli.main(list(argv), make_client=make_client)
        captured = capsys.readouterr()
        result.out, result.err = captured.out, captured.err
        return result

    return run


HANDS_ANSWER = {
    "castle_values": [5, 9, 4, 10],
    "best": {"score": 48, "pointer": 3, "hands": [{"name": "Flush", "cards": ["QH", "JH"], "points": 48}], "saved": [], "penalised": ["3S"]},
    "valid_call": True,
    "found": [{"name": "Flush", "cards": ["QH", "JH"], "points": 48}],
    "progress": [{"name": "Pair", "in_play": True, "held": ["QH"], "missing": ["QS"]}],
}
GAMES_ANSWER = {
    "games": [
        {"slug": "24-kings", "title": "24 Kings", "players": {"min": 2, "max": 8}},
        {"slug": "twenty-four", "title": "Twenty-Four", "players": {"min": 2, "max": 4}},
    ]
}


@pytest.mark.parametrize("prefix", [(), ("24-kings",)], ids=["top level", "under its slug"])
def test_hands_asks_the_hands_endpoint_and_prints_text(kings, prefix):
    run = kings(*prefix, "hands", "QH,JH 3S", "--castles", "5H,9C+KC,4D,10S", "--rule", "hands=quick", answers={("POST", "/v1/24-kings/hands"): HANDS_ANSWER})
    assert run.code == 0
    [sent] = run.sent
    assert sent.options["json"] == {
        "castles": [{"card": "5H", "kings": []}, {"card": "9C", "kings": ["KC"]}, {"card": "4D", "kings": []}, {"card": "10S", "kings": []}],
        "cards": ["QH", "JH", "3S"],
        "rules": {"hands": "quick"},
    }
    assert "Best score: 48" in run.out and "penalised: 3S" in run.out and "Pair: holds QH; missing QS" in run.out


def test_json_prints_the_answer_itself(kings):
    run = kings("--json", "24-kings", "hands", "QH", "--castles", "5H,9C,4D,10S", answers={("POST", "/v1/24-kings/hands"): HANDS_ANSWER})
    assert run.code == 0 and json.loads(run.out) == HANDS_ANSWER


def test_score_reads_the_table_file(kings, tmp_path):
    table = tmp_path / "table.json"
    table.write_text(json.dumps({"castles": [{"card": "5H"}], "players": [{"name": "ann"}], "caller": "ann"}))
    answer = {"castle_values": [5], "winners": ["ann"], "players": [], "call": {"player": "ann", "valid": False, "reason": "no hand"}}
    run = kings("score", str(table), answers={("POST", "/v1/24-kings/calculus"): answer})
    assert run.sent[0].options["json"] == {"castles": [{"card": "5H"}], "players": [{"name": "ann"}], "rules": {}, "caller": "ann"}
    assert "HAND! by ann: false call — no hand" in run.out and run.out.rstrip().endswith("Winner(s): ann")


def test_new_game_writes_the_whole_answer(kings, tmp_path):
    state = {"seed": 7, "castles": [{"card": "4H"}], "face_up": ["2C"], "players": [{"name": "ann", "hand": {"cards": ["QS"]}}], "to_act": 0}
    out = tmp_path / "game.json"
    run = kings("new-game", "--players", "ann, bob", "--seed", "7", "-o", str(out), answers={("POST", "/v1/24-kings/games"): {"state": state}})
    assert run.sent[0].options["json"]["players"] == ["ann", "bob"] and run.sent[0].options["json"]["seed"] == 7
    assert "Seed 7. Castles 1:4H. 1 card(s)" in run.out and "ann plays first." in run.out
    assert json.loads(out.read_text()) == {"state": state}


def test_standings_uploads_the_sheet_and_writes_the_file_asked_for(kings, tmp_path):
    sheet = tmp_path / "results.csv"
    sheet.write_text("game,player,points\r\n1,ann,3\r\n")
    answer = {"games": ["1"], "standings": [{"rank": 1, "player": "ann", "total": 3, "games": 1, "wins": 1, "points": {"1": 3}}]}
    formats = {"json": answer, "csv": b"rank,player\r\n1,ann\r\n"}
    out = tmp_path / "standings.csv"
    run = kings(
        "standings", str(sheet), "-o", str(out), answers={("POST", "/v1/24-kings/tournaments/standings"): lambda options: formats[options["params"]["format"]]}
    )
    assert [s.options["params"]["format"] for s in run.sent] == ["json", "csv"]
    assert run.sent[0].options["data"] == sheet.read_bytes() and run.sent[0].options["headers"] == {"Content-Type": "text/csv"}
    assert run.out.splitlines()[1].split() == ["1", "ann", "3", "1", "1", "3"]
    assert out.read_bytes() == formats["csv"]


def test_games_lists_the_registry_the_service_answers(kings):
    run = kings("games", answers={("GET", "/v1/games"): GAMES_ANSWER})
    assert [(s.method, s.path) for s in run.sent] == [("GET", "/v1/games")]
    assert run.out.splitlines()[1:] == [f"{'24-kings':<20} {'2-8':>7}  24 Kings", f"{'twenty-four':<20} {'2-4':>7}  Twenty-Four"]
    assert json.loads(kings("--json", "games", answers={("GET", "/v1/games"): GAMES_ANSWER}).out) == GAMES_ANSWER


def test_version_is_the_installed_distributions(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"kings {version('kings-referee')}\n"


def test_the_url_comes_from_kings_url_then_the_flag(kings, monkeypatch):
    monkeypatch.setenv("KINGS_URL", "http://127.0.0.1:9/")
    assert kings("games", answers={("GET", "/v1/games"): GAMES_ANSWER}).client.url == "http://127.0.0.1:9"
    flagged = kings("--url", "http://127.0.0.2:8001", "--timeout", "3", "games", answers={("GET", "/v1/games"): GAMES_ANSWER}).client
    assert (flagged.url, flagged.timeout) == ("http://127.0.0.2:8001", 3.0)


def test_a_refusal_silence_and_bad_input_each_have_their_exit_code(kings, tmp_path):
    problem = RefereeError(422, "Invalid input", "one problem", errors=({"pointer": "/cards/0", "message": "not a card", "code": "unknown_card"},))
    refused = kings("hands", "XX", "--castles", "5H,9C,4D,10S", answers={("POST", "/v1/24-kings/hands"): problem})
    assert refused.code == 65 and "/cards/0: not a card (unknown_card)" in refused.err
    silent = kings("games", answers={("GET", "/v1/games"): RefereeUnavailable("no referee answers at http://127.0.0.1:8000")})
    assert silent.code == 69 and "no referee answers" in silent.err
    missing = kings("score", str(tmp_path / "nope.json"))
    assert missing.code == 74 and "cannot read or write a file" in missing.err and missing.sent == []


@pytest.fixture
def fake_game(monkeypatch):
    """A second registered game whose package has a ``cli`` module."""
    from tests.client.fake_game import cli as fake_cli

    register_game(monkeypatch, "fake-game", "tests.client.fake_game", commands=fake_cli.add_commands)
    return "fake-game"


def test_a_registered_games_commands_are_reached_under_its_slug(kings, fake_game):
    run = kings(fake_game, "solve", "AH", "2C", answers={("POST", "/v1/fake-game/solve"): {"solved": True}})
    assert run.code == 0 and run.sent[0].options["json"] == {"cards": ["AH", "2C"]}
    assert json.loads(run.out) == {"solved": True}  # a dict with no ``show`` prints as JSON
    greeted = kings(fake_game, "hello", "ann")
    assert greeted.code == 0 and greeted.out == "hello ann\n" and greeted.sent == []


def test_only_the_flagships_commands_stand_at_the_top_level(fake_game, capsys):
    assert cli.main(["--help"]) == 0
    help_text = capsys.readouterr().out
    assert "fake-game" in help_text and "Fake Game" in help_text
    assert cli.main(["solve", "AH"]) == 2 and "invalid choice: 'solve'" in capsys.readouterr().err


def test_a_game_without_a_cli_module_has_the_shared_commands_only(monkeypatch, capsys):
    register_game(monkeypatch, "no-cli", "tests.client.fake_game.no_cli")  # a game with no commands of its own
    assert cli.game_commands("no-cli") is None
    assert cli.main(["no-cli", "--help"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line.startswith("    ") and line[4] != " "]
    assert listed == ["check", "legal", "validate", "apply", "view", "standings"]


def test_a_cli_module_that_fails_to_import_is_a_fault_not_a_missing_module(monkeypatch, tmp_path):
    package = tmp_path / "broken_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "cli.py").write_text("import a_module_nobody_has\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    def load():  # a registry line whose cli part does not load: the start-up fails with its name, never quietly
        return importlib.import_module("broken_game.cli")

    monkeypatch.setitem(REGISTRY, "broken", load)
    monkeypatch.setitem(GAME_PACKAGES, "broken", "broken_game")
    registered.cache_clear()
    with pytest.raises(ModuleNotFoundError, match="a_module_nobody_has"):
        cli.game_commands("broken")


def test_every_registered_games_commands_parse(capsys):
    """Each game's ``add_commands`` builds its parsers, and each parser names the function that runs it."""
    for slug in GAME_PACKAGES:
        if cli.game_commands(slug) is None:
            continue
        assert cli.main([slug, "--help"]) == 0 and f"kings {slug}" in capsys.readouterr().out


def test_serve_runs_gunicorn_on_the_packaged_settings(monkeypatch):
    monkeypatch.delenv("KINGS_HOST", raising=False)
    monkeypatch.delenv("PORT", raising=False)
    started: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(cli.os, "execvp", lambda file, argv: started.append((file, argv)))
    assert cli.main(["serve", "--port", "8123"]) == 0
    [(_, argv)] = started
    assert argv[1:] == ["-m", "gunicorn", "-c", "python:service.serving"]
    assert "KINGS_HOST" not in cli.os.environ and cli.os.environ["PORT"] == "8123"  # service/serving.py picks the host
    cli.main(["serve", "--host", "0.0.0.0"])
    assert (cli.os.environ["KINGS_HOST"], cli.os.environ["PORT"]) == ("0.0.0.0", "8123")


def test_the_stub_is_the_client_down_to_the_wire():
    """The stub replaces only ``_send``: every other method is the real client's."""
    overridden = {name for name, value in vars(StubClient).items() if callable(value)}
    assert overridden == {"__init__", "_send"}

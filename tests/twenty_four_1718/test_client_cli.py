"""The game's endpoints through the one client, its command-line subcommands and tournament rows, against the app in process (no network)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from card_referee_client import RefereeError

from service.games.twenty_four_1718.tournament import ROW_SCORER
from service.games.twenty_four_1718.web import DECLARATIONS_REQUEST, EXAMPLE_HANDS, SCORE_STOP_REQUEST, TABLE_REQUEST
from service.tournaments.scoring import GameRow, RowsRefused
from tests.client.in_process import command, in_process


@pytest.fixture
def referee(client):
    return in_process(client)


def test_every_endpoint_of_the_game_is_reached(referee):
    game = referee.game("twenty-four-1718")
    assert game.rules()["slug"] == "twenty-four-1718"
    assert game.conformance()["cases"]
    match = game.new_game({"players": ["a", "b", "c", "d", "e"], "seed": 3, "rules": {"honors": "face", "games": 2}, "dealer": 0})
    state = match["state"]
    assert (state["dealer"], state["rules"]) == (0, {"honors": "face", "games": 2})
    assert game.check_state(state)["valid"] is True
    move = game.legal_moves(state)["moves"][0]
    assert game.validate(state, move)["legal"] is True
    assert game.apply(state, move)["events"][0]["type"] == "declared"
    assert game.view(state, "c")["player"] == "c"
    assert game.game_from_table(TABLE_REQUEST)["state"]["stock"]["cards"] == ["KC"]
    assert game.invoke("declarations", {"hands": EXAMPLE_HANDS, "turn_up": "5H", "rules": {"honors": "point"}, "trump": "H"})["chips"] == [0, 1, 2, 0, 1]
    assert game.invoke("tricks/legal", {"hand": ["KS", "2S", "5H", "AH"], "trick": ["7S", "9S", "3H"], "trump": "H"})["legal"] == ["KS"]
    assert referee.invoke("post_v1_twenty_four_1718_tricks_winner", {"trick": ["7S", "9S", "3H", "KS", "2H"], "trump": "H"})["winner_position"] == 3
    score = {"hands": EXAMPLE_HANDS, "turn_up": "5H", "tricks": [], "chips": [0, 0, 5, 0, 0]}
    assert game.invoke("score", score)["reached_24"]["step"] == "sequence"


def test_a_refusal_raises_with_the_problem(referee):
    with pytest.raises(RefereeError) as caught:
        referee.game("twenty-four-1718").invoke("tricks/winner", {"trick": ["2S", "3S"], "trump": "H"})
    assert caught.value.status == 422


def run(referee, *argv: str):
    return command(referee, "twenty-four-1718", *argv)


@pytest.mark.parametrize("verb", ["new-game", "new"])  # ``new``: the name docs/cli.md showed, kept as an alias
def test_cli_new_match(referee, verb):
    answer = run(referee, verb, "ann", "bob", "cy", "dee", "--seed", "5", "--honors", "alternate")
    assert answer.startswith("{")  # a new match prints its JSON answer, to keep
    answer = json.loads(answer)
    assert answer["seed"] == 5 and len(answer["state"]["players"]) == 4


def test_cli_new_match_alternating_by_games(referee):
    # rules.md §1.3: a match may alternate its honors game by game (the rule book allows "the hands or the games")
    answer = json.loads(run(referee, "new-game", "ann", "bob", "cy", "dee", "--seed", "5", "--honors", "alternate_games", "--games", "2"))
    assert answer["state"]["rules"] == {"honors": "alternate_games", "games": 2}


def test_cli_declarations(referee):
    text = run(referee, "declarations", *[" ".join(hand) for hand in DECLARATIONS_REQUEST["hands"]], "--turn-up", "5H")
    assert "Sequences: hand 3 scores 2" in text and "Point: hand 2, 5 cards worth 47" in text and "[0, 1, 2, 0, 1]" in text


def test_cli_legal_and_winner(referee):
    assert run(referee, "legal", "--hand", "KS 2S 5H AH", "--trick", "7S,9S,3H", "--trump", "H").startswith("KS\n§7.2:")
    assert run(referee, "winner", "7S", "9S", "3H", "KS", "2H", "--trump", "H") == "3H takes the trick (card 3 of the trick, the lead is 1); honors: 3H 2H"


def test_cli_score_from_a_file(referee, tmp_path):
    body = tmp_path / "hand.json"
    body.write_text(json.dumps(SCORE_STOP_REQUEST))
    text = run(referee, "score", str(body))
    assert "Hand 3 reached 24 at the sequence" in text


# -- tournament rows -----------------------------------------------------------------------------------------
def rows(*chips: str) -> list[GameRow]:
    return [GameRow(number, name, {"chips": text}) for number, (name, text) in enumerate(zip("abcde", chips, strict=False), start=2)]


def test_the_player_at_six_chips_wins_the_game():
    assert ROW_SCORER.score(rows("3", "6", "0", "5")) == {"a": Fraction(0), "b": Fraction(1), "c": Fraction(0), "d": Fraction(0)}
    assert ROW_SCORER.columns == ("chips",)


@pytest.mark.parametrize(
    ("chips", "code"),
    [
        (("3", "x", "0", "6"), "bad_chips"),
        (("3", "7", "0", "6"), "bad_chips"),
        (("3", "5", "0", "4"), "one_winner"),
        (("6", "6", "0", "4"), "one_winner"),
        (("6", "1", "0"), "player_count"),
    ],
)
def test_bad_rows_are_refused_with_every_problem(chips, code):
    with pytest.raises(RowsRefused) as caught:
        ROW_SCORER.score(rows(*chips))
    assert code in {problem.code for problem in caught.value.problems}


def test_a_sheet_of_chips_gives_standings_of_games_won():
    from service.tournaments.rows import read_results, table_from_records
    from service.tournaments.scoring import game_row_scorer
    from service.tournaments.standings import standings

    scorer = game_row_scorer("twenty-four-1718")
    assert scorer is ROW_SCORER
    records = [
        {"game": game, "player": player, "chips": chips}
        for game, line in (("g1", "6 2 3 0"), ("g2", "1 6 4 4"), ("g3", "5 2 6 1"))
        for player, chips in zip(("ann", "bob", "cy", "dee"), line.split(), strict=True)
    ]
    table = standings(read_results(table_from_records(records), scorer)).to_dict()["standings"]
    assert [(row["player"], row["total"]) for row in table] == [("ann", 1), ("bob", 1), ("cy", 1), ("dee", 0)]


@pytest.mark.parametrize("text", ["²", "٣", "３", "6²"])
def test_chips_that_are_not_ascii_digits_are_a_cell_problem(text):
    """Only 0-9 make a chip count: a superscript is no number and an Arabic-Indic three is not silently 3."""
    with pytest.raises(RowsRefused) as caught:
        ROW_SCORER.score(rows("6", text, "0", "4"))
    assert [(problem.row, problem.column, problem.code) for problem in caught.value.problems] == [(3, "chips", "bad_chips")]


@pytest.mark.parametrize("text", ["²", "٣"])
def test_standings_refuse_a_non_ascii_chips_cell_with_422(client, text):
    url = "/v1/twenty-four-1718/tournaments/standings"
    records = [{"game": "g1", "player": player, "chips": chips} for player, chips in zip(("ann", "bob", "cy", "dee"), ("6", text, "0", "4"), strict=True)]
    as_json = client.post(url, json={"rows": records})
    as_csv = client.post(url, data=("game,player,chips\n" + "".join(f"g1,{r['player']},{r['chips']}\n" for r in records)).encode(), content_type="text/csv")
    for response, bobs_row in ((as_json, 1), (as_csv, 3)):  # JSON rows count from 0, a sheet's from its header line 1
        assert response.status_code == 422
        assert [(error["row"], error["column"]) for error in response.get_json()["errors"]] == [(bobs_row, "chips")]

"""Issue 19: a 1923 sheet through /tournaments/standings is one match, judged as /matches/standings judges it (rules.md §6).

Expected values are worked by hand from the reading (../shared/rules/1923-reading.md, "A match"):
the first to N wins; several past N at the end of the same set: most cards won over the
match wins; still tied, they share the win.
"""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

ROOT = "/v1/1923"
URL = f"{ROOT}/tournaments/standings"


def sheet(*sets: dict[str, tuple[int, int]], header: str = "game,player,points,cards") -> bytes:
    """Rows of points and cards won: one dict per set, player -> (points, cards)."""
    lines = [header]
    lines += [f"{number},{name},{points},{cards}" for number, line in enumerate(sets, start=1) for name, (points, cards) in line.items()]
    return ("\n".join(lines) + "\n").encode()


def as_sets(*sets: dict[str, tuple[int, int]]) -> list[dict[str, dict[str, int]]]:
    return [{"points": {n: p for n, (p, _) in line.items()}, "cards": {n: c for n, (_, c) in line.items()}} for line in sets]


def standings(client, data: bytes, query: str = "", status: int = 200, accept: str = "application/json"):
    response = client.post(URL + query, data=data, content_type="text/csv", headers={"Accept": accept})
    assert response.status_code == status, response.get_data(as_text=True)
    return response


def verdict(match: dict[str, object]) -> tuple[object, ...]:
    return match["over"], match["winners"], match["decided_by"], match["rule"]


# ann 10 (10 cards), bob 12 (12 cards): nobody at 15 yet
TWO_SETS = ({"ann": (10, 10), "bob": (0, 5)}, {"ann": (0, 3), "bob": (12, 12)})
# a shared set win: 6 cards each; ann's 4 Aces give her 10, bob 6 -> ann 20, bob 18, both past 15
# cards over the match: ann 10 + 3 + 6 = 19, bob 5 + 12 + 6 = 23: bob wins by the most cards, though ann has more points
BOTH_PAST = (*TWO_SETS, {"ann": (10, 6), "bob": (6, 6)})


def test_several_players_past_n_at_the_same_set_most_cards_wins(client):
    match = standings(client, sheet(*BOTH_PAST), "?target=15").get_json()["match"]
    assert match["totals"] == {"ann": 20, "bob": 18} and match["cards"] == {"ann": 19, "bob": 23}
    assert verdict(match) == (True, ["bob"], "most_cards", "6.2")
    assert [line["totals"] for line in match["sets"]] == [{"ann": 10, "bob": 0}, {"ann": 10, "bob": 12}, {"ann": 20, "bob": 18}]


def test_past_n_with_equal_cards_share_the_match(client):
    # ann 10 (10 cards), bob 10 (10 cards) after a shared set of 10 each... then both 20 with 20 cards each
    sets = ({"ann": (10, 10), "bob": (10, 10)}, {"ann": (10, 10), "bob": (10, 10)})
    match = standings(client, sheet(*sets), "?target=20").get_json()["match"]
    assert verdict(match) == (True, ["ann", "bob"], "shared", "6.2")


def test_a_player_below_n_with_more_cards_does_not_win(client):
    # cy comes second in every set, so wins no point, but wins the most cards over the match (10 + 11 + 4 = 25);
    # after set 3 ann (16, 17 cards) and bob (17, 18 cards) are both past 16: the most cards among them wins
    sets = (
        {"ann": (11, 11), "bob": (0, 1), "cy": (0, 10)},
        {"ann": (0, 1), "bob": (12, 12), "cy": (0, 11)},
        {"ann": (5, 5), "bob": (5, 5), "cy": (0, 4)},
    )
    body = standings(client, sheet(*sets), "?target=16&decks=1").get_json()
    match = body["match"]
    assert match["cards"] == {"ann": 17, "bob": 18, "cy": 25} and match["totals"] == {"ann": 16, "bob": 17, "cy": 0}
    assert verdict(match) == (True, ["bob"], "most_cards", "6.2")
    assert [(s["player"], s["wins"]) for s in body["standings"]] == [("bob", 2), ("ann", 2), ("cy", 0)]  # a shared set win counts for each


def test_first_to_n_alone_and_a_match_that_goes_on(client):
    assert verdict(standings(client, sheet(*TWO_SETS), "?target=11").get_json()["match"]) == (True, ["bob"], "first_to_target", "6.1")
    going_on = standings(client, sheet(*TWO_SETS)).get_json()["match"]  # default N = 21
    assert going_on["target"] == 21 and verdict(going_on) == (False, [], None, None) and going_on["totals"] == {"ann": 10, "bob": 12}


def test_the_tournament_verdict_is_the_match_endpoints_verdict(client):
    """One place: the sheet's match is exactly what /matches/standings answers for the same sets and target."""
    for sets, target in ((BOTH_PAST, 15), (TWO_SETS, 11), (TWO_SETS, 21)):
        own = client.post(f"{ROOT}/matches/standings", json={"target": target, "sets": as_sets(*sets)}).get_json()
        assert standings(client, sheet(*sets), f"?target={target}").get_json()["match"] == own
    won = b"game,player,won\n1,ann,AH AS 2H 3H\n1,bob,AD 2S\n2,ann,5C\n2,bob,6C 7C AC\n"
    own = client.post(
        f"{ROOT}/matches/standings",
        json={"target": 7, "sets": [{"won": {"ann": ["AH", "AS", "2H", "3H"], "bob": ["AD", "2S"]}}, {"won": {"ann": ["5C"], "bob": ["6C", "7C", "AC"]}}]},
    ).get_json()
    match = standings(client, won, "?target=7").get_json()["match"]
    # set 1: ann 4 cards + 2 Aces = 6, bob -1 (Ace damage); set 2: bob 3 cards + 1 Ace = 4, ann 0
    assert match == own and match["totals"] == {"ann": 6, "bob": 3} and verdict(match) == (False, [], None, None)


def test_json_rows_choose_the_target_in_rules(client):
    rows = [{"game": str(g), "player": n, "points": p, "cards": c} for g, line in enumerate(BOTH_PAST, start=1) for n, (p, c) in line.items()]
    body = client.post(URL, json={"rows": rows, "rules": {"target": 15}}).get_json()
    assert verdict(body["match"]) == (True, ["bob"], "most_cards", "6.2")
    assert client.post(URL, json={"rows": rows, "rules": {"target": 0}}).status_code == 422


def test_a_set_after_the_match_ended_is_refused_at_its_row(client):
    problem = standings(client, sheet(*BOTH_PAST, {"ann": (3, 3), "bob": (0, 1)}), "?target=11", 422).get_json()
    assert [(e["row"], e["code"]) for e in problem["errors"]] == [(6, "match_already_over")]  # set 3 starts at row 6


def test_every_set_is_played_by_the_same_players(client):
    problem = standings(client, sheet({"ann": (5, 5), "bob": (0, 2)}, {"ann": (0, 2), "cy": (5, 5)}), status=422).get_json()
    assert [(e["row"], e["column"], e["code"]) for e in problem["errors"]] == [(4, "player", "players_differ")]


def test_sets_are_checked_against_the_pack(client):
    # two players, one deck: 52 cards, 4 Aces
    over = standings(client, sheet({"ann": (30, 30), "bob": (0, 28)}), status=422).get_json()
    assert {e["code"] for e in over["errors"]} == {"cards_over_pack"}
    # revised: two players never bring a second deck (ceil(2 / 3) = 1); four players may
    assert {e["code"] for e in standings(client, sheet({"ann": (30, 30), "bob": (0, 28)}), "?decks=2", 422).get_json()["errors"]} == {"bad_decks"}
    four = {"ann": (30, 30), "bob": (0, 28), "cy": (0, 0), "dee": (0, 0)}
    assert standings(client, sheet(four), "?decks=2").get_json()["match"]["totals"] == {"ann": 30, "bob": 0, "cy": 0, "dee": 0}
    aces = standings(client, sheet({"ann": (17, 12), "bob": (0, 8)}), status=422).get_json()
    assert [(e["row"], e["column"], e["code"]) for e in aces["errors"]] == [(2, "points", "impossible_points")]
    copies = b"game,player,won\n1,ann,AH AH\n1,bob,2S\n"  # one deck has one Ace of hearts
    assert {e["code"] for e in standings(client, copies, status=422).get_json()["errors"]} == {"too_many_copies"}
    assert {e["code"] for e in standings(client, copies, "?decks=2", 422).get_json()["errors"]} == {"bad_decks"}
    copies_of_four = b"game,player,won\n1,ann,AH AH\n1,bob,2S\n1,cy,\n1,dee,\n"
    assert standings(client, copies_of_four, "?decks=2").get_json()["standings"][0]["total"] == 4
    half = standings(client, sheet({"ann": (6, 6), "bob": (0, 1)}, header="game,player,points,cards").replace(b"6,6", b"6.5,6"), status=422)
    assert {e["code"] for e in half.get_json()["errors"]} == {"bad_points"}
    assert {e["code"] for e in standings(client, b"game,player,points,cards\n1,ann,3,x\n1,bob,0,1\n", status=422).get_json()["errors"]} == {"bad_cards"}


def test_points_without_cards_give_standings_without_a_verdict(client):
    body = standings(client, b"game,player,points\n1,ann,3\n1,bob,-1\n").get_json()
    assert body["match"] is None and body["standings"][0]["total"] == 3


@pytest.mark.parametrize("answer", ["csv", "xlsx"])
def test_the_verdict_is_in_the_csv_and_xlsx_answers(client, answer):
    response = standings(client, sheet(*BOTH_PAST), f"?target=15&format={answer}")
    if answer == "csv":
        rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    else:
        rows = [["" if v is None else str(v) for v in row] for row in load_workbook(io.BytesIO(response.data)).worksheets[0].iter_rows(values_only=True)]
    facts = {row[1]: row[2] for row in rows if row and row[0] == "match"}
    assert facts == {"target": "15", "over": "yes", "winners": "bob", "decided_by": "most_cards", "rule": "6.2"}
    running = {row[1]: row[7:10] for row in rows if row and row[0] == "running total"}
    assert running == {"ann": ["10", "10", "20"], "bob": ["0", "12", "18"]}


def test_a_shared_set_counts_as_a_win_for_each_by_cards_not_points(client):
    """§5.4: a set's winners won the most cards; in set 3 ann and bob won 6 each, though ann's Aces gave her more points."""
    body = standings(client, sheet(*BOTH_PAST), "?target=15").get_json()
    assert {s["player"]: s["wins"] for s in body["standings"]} == {"ann": 2, "bob": 2}
    assert body["ignored_columns"] == []  # the cards column is read, for the match


def test_nobody_won_a_card_everyone_shares_the_set(client):
    body = standings(client, b"game,player,won\n1,ann,\n1,bob,\n1,cy,\n").get_json()
    assert {s["player"]: (s["total"], s["wins"]) for s in body["standings"]} == {"ann": (0, 1), "bob": (0, 1), "cy": (0, 1)}

"""The revised reading of 1923 (issue 27), one scenario per revised point, through the judge and over HTTP.

Every expected value is the reading's worked example or is worked by hand in the comment beside it.
"""

from __future__ import annotations

import pytest

from service import create_app

from .test_judging import judged

ROOT = "/v1/1923"


@pytest.fixture(scope="module")
def http():
    return create_app().test_client()


def post(http, path: str, body, status: int = 200):
    response = http.post(ROOT + path, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def hands(**given: str) -> list[dict[str, object]]:
    return [{"player": name, "cards": text.split()} for name, text in given.items()]


# -- values: an Ace counts as its holder chooses, the total that ranks best ------------------------------
def test_ace_counted_11_past_23_beats_a_14():
    # AH 3C 10D: 14 (5 from 19) or 24 (1 from 23): its holder counts 24; 10C 4D is 14, 5 away
    result = judged({"ann": "AH 3C 10D", "bob": "10C 4D"})
    assert result.to_dict()["values"] == {"ann": 24, "bob": 14}
    assert (result.winner, result.decided_by) == ("ann", "nearest")


def test_equal_distance_takes_the_higher_total_and_its_average():
    # AH 5C 10D: 16 or 26, both 3 away: 26. Against 9H 7C (16, 3 away, average 8): 26/3 > 8, so ann wins at step 3
    result = judged({"ann": "AH 5C 10D", "bob": "9H 7C"})
    assert result.to_dict()["values"] == {"ann": 26, "bob": 16}
    assert (result.winner, result.decided_by) == ("ann", "average")
    assert result.to_dict()["steps"][1]["compared"] == {"ann": "26/3", "bob": 8}


def test_worked_examples_over_http(http):
    assert post(http, "/judge", {"hands": hands(ann="AH 9C 2D", bob="10C 7D")})["values"] == {"ann": 22, "bob": 17}
    answer = post(http, "/judge", {"hands": hands(ann="AH 3C 10D", bob="10C 4D")})
    assert (answer["values"], answer["winner"]) == ({"ann": 24, "bob": 14}, "ann")
    assert post(http, "/judge", {"hands": hands(ann="AH AC 2D", bob="10C 4D")})["values"]["ann"] == 24
    assert post(http, "/judge", {"hands": hands(ann="AH 5C 10D", bob="10C 4D")})["values"]["ann"] == 26
    answer = post(http, "/judge", {"hands": hands(ann="KH QS 5D", bob="10C 7D")})
    assert (answer["winner"], answer["decided_by"]) == ("bob", "average")  # 25/3 < 17/2


def test_set_worked_example_over_http(http):
    # ann 14 cards with 2 Aces, bob 14 with 1, cy 9 with 1 (two decks): ann 14 + 2, bob 14 + 1, cy -1
    won = {
        "ann": ["AH", "AS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
        "bob": ["AD", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "2D"],
        "cy": ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"],
    }
    answer = post(http, "/sets/score", {"won": won})
    assert answer["points"] == {"ann": 16, "bob": 15, "cy": -1} and sorted(answer["winners"]) == ["ann", "bob"]


# -- decks and players ---------------------------------------------------------------------------------
def names(count: int) -> list[str]:
    return [f"p{index}" for index in range(count)]


def test_seven_players_use_three_decks_at_most(http):
    # ceil(7 / 3) = 3: 1, 2 or 3 decks; 4 is refused wherever decks and players are named
    assert post(http, "/games", {"players": names(7), "seed": 1})["state"]["rules"]["decks"] == 3
    for decks in (1, 2, 3):
        assert post(http, "/games/from-table", {"players": names(7), "decks": decks})["state"]["rules"]["decks"] == decks
    for path, body in (
        ("/games", {"players": names(7), "decks": 4}),
        ("/games/from-table", {"players": names(7), "decks": 4}),
        ("/judge", {"hands": [{"player": name, "cards": []} for name in names(7)], "decks": 4}),
        ("/sets/score", {"won": {name: [] for name in names(7)}, "decks": 4}),
    ):
        assert ("/decks", "bad_decks") in {(e["pointer"], e["code"]) for e in post(http, path, body, 422)["errors"]}, path
    state = post(http, "/games", {"players": names(7), "seed": 1})["state"]
    state["rules"]["decks"] = 4
    assert "bad_decks" in {e["code"] for e in post(http, "/state/check", {"state": state})["problems"]}


def test_twenty_eight_players_on_one_deck_start_with_the_war_game(http):
    # 52 cards: fewer than 2 each but at least 1: the set's first game is its last, war (one card each, 24 dead)
    state = post(http, "/games", {"players": names(28), "decks": 1, "seed": 5})["state"]
    assert state["phase"] == "war" and state["pile"]["hidden"] == 0 and len(state["pile"]["cards"]) == 52
    assert all(player["hand"] == {"cards": [], "hidden": 0} for player in state["players"])
    assert post(http, "/moves/legal", {"state": state})["moves"] == [{"action": "war"}]
    transition = post(http, "/moves/apply", {"state": state, "move": {"action": "war"}})
    top = state["pile"]["cards"][::-1][:28]  # the pile's top is its last card: the players turn it in seat order
    war = next(e for e in transition["events"] if e["type"] == "last_war")
    assert war["cards"] == dict(zip(names(28), top, strict=True))
    dead = next(e for e in transition["events"] if e["type"] == "dead_cards")
    assert len(dead["cards"]) == 24
    # a winner has 28 cards (and any Ace) >= 21 points: the match is over; a tie leaves the cards dead and set 2 is war again
    expected = ("over", 1) if war["winner"] else ("war", 2)
    assert (transition["state"]["phase"], transition["state"]["set"]) == expected


def test_twenty_eight_players_at_a_real_table(http):
    state = post(http, "/games/from-table", {"players": names(28), "decks": 1})["state"]
    assert (state["phase"], state["deal"], state["pile"]) == ("war", "physical", {"cards": [], "hidden": 52})
    legal = post(http, "/moves/legal", {"state": state})
    assert legal["table_step"] == {"action": "war", "requires": ["last_war"], "players": names(28), "rule": "5.2"}
    turned = dict(zip(names(28), [*["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "2D", "3D"], *["2H"] * 13, "AS"], strict=True))
    # one deck has one 2H: thirteen are impossible
    verdict = post(http, "/moves/validate", {"state": state, "move": {"action": "war", "last_war": turned}})
    assert not verdict["legal"] and {r["code"] for r in verdict["reasons"]} == {"card_impossible"}
    deck = [f"{rank}{suit}" for suit in "CDHS" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    turned = dict(zip(names(28), [*deck[:27], "AS"], strict=True))  # the Ace (11) beats every other card
    after = post(http, "/moves/apply", {"state": state, "move": {"action": "war", "last_war": turned}})
    assert next(e for e in after["events"] if e["type"] == "last_war")["winner"] == "p27"
    scored = next(e for e in after["events"] if e["type"] == "set_scored")
    assert scored["points"]["p27"] == 28 + 1  # 28 cards and one Ace


def test_the_pack_must_give_every_player_a_card(http):
    # 53 players on one deck: 52 cards cannot give each one card; two decks can (ceil(53 / 3) = 18 allowed)
    problem = post(http, "/games/from-table", {"players": names(53), "decks": 1}, 422)
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/decks", "too_few_decks")]
    assert post(http, "/games/from-table", {"players": names(53), "decks": 2})["state"]["phase"] == "war"


def test_players_are_bounded_at_one_hundred(http):
    # the book sets no upper limit; the service seats up to 100 (rules.md §1.1) and refuses 200
    assert post(http, "/games", {"players": names(100), "seed": 2})["state"]["rules"]["decks"] == 34
    problem = post(http, "/games", {"players": names(200), "seed": 2}, 422)
    assert "/players" in {e["pointer"] for e in problem["errors"]}
    assert post(http, "/games", {"players": names(1)}, 422)


# -- a real table: the reveal settles the game, checked against what the referee knows ----------------------
def test_the_reveal_is_checked_against_the_pile_not_a_log_of_takes(http):
    dead = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D"]
    dead += ["10D", "JD", "QD", "KD", "AD", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "2H", "3H", "4H"]
    state = post(http, "/games/from-table", {"players": ["ann", "bob"], "dead": dead})["state"]
    assert state["pile"] == {"cards": [], "hidden": 6}  # 52 - 42 dead - 4 dealt: 5H 6H 7H 8H 9H 10H JH QH KH AH left, 4 in hands
    legal = post(http, "/moves/legal", {"state": state})
    reveals = [move for move in legal["moves"] if move["action"] == "reveal"]  # a template: it says to fill in the hands (0.2.0)
    assert [set(move) for move in reveals] == [{"action", "fill"}] and set(reveals[0]["fill"]) == {"hands"}
    assert legal["table_step"]["action"] == "reveal"  # no take or lock was logged
    # bob shows three cards more than the two dealt, ann two more: 5 unlogged takes from a pile of 6 is possible
    move = {"action": "reveal", "hands": {"ann": ["5H", "6H", "7H", "8H"], "bob": ["9H", "10H", "JH", "QH", "KH"]}}
    assert post(http, "/moves/validate", {"state": state, "move": move})["legal"] is True
    # ann 26 is 3 away, bob 49 is 26 away: ann wins 9 cards; 1 card is left for 2 players: dead, the set is scored
    events = post(http, "/moves/apply", {"state": state, "move": move})["events"]
    assert next(e for e in events if e["type"] == "judged")["winner"] == "ann"
    assert next(e for e in events if e["type"] == "set_scored")["points"] == {"ann": 9, "bob": 0}
    # seven cards beyond the two dealt: the pile held six
    move["hands"]["ann"] = ["5H", "6H", "7H", "8H", "AH", "2H"]
    reasons = post(http, "/moves/validate", {"state": state, "move": move})["reasons"]
    assert {(r["code"], r["pointer"]) for r in reasons} >= {("reveal_mismatch", "/move/hands")}
    # a card the referee has already seen (2H is dead) cannot be in a hand
    assert ("card_impossible", "/move/hands/ann/5") in {(r["code"], r["pointer"]) for r in reasons}
    # takes the table logged are checked: after a logged take, ann holds at least three cards
    took = post(http, "/moves/apply", {"state": state, "move": {"action": "take", "player": "ann"}})["state"]
    move["hands"] = {"ann": ["5H", "6H"], "bob": ["9H", "10H"]}
    assert [r["code"] for r in post(http, "/moves/validate", {"state": took, "move": move})["reasons"]] == ["reveal_mismatch"]

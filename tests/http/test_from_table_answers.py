"""One real-table mode (issue 27): every game's `/games/from-table` answers what its `POST /games` answers.

24 Kings' from-table answered a bare state and its `/games` said `deal_events`; 1923's from-table answered the state
alone, so its phone page invented the first event line. The expected events below are worked by hand from the rule
books (1923 rules §3.1 two cards each, §3.4 locked as they stand, §5.2 war; one 1923 deck is 52 cards).
"""

from __future__ import annotations

import pytest

FROM_TABLE = {
    "24-kings": {"players": ["ann", "bob"], "castles": [{"card": c} for c in ("7H", "2C", "JD", "4S")], "face_up": ["9H"]},
    "twenty-four": {"players": ["ann", "bob"]},
    "three-kings": {"players": ["ann", "bob"], "table": ["5", "J", "3", "Q"]},
    "1923": {"players": ["ann", "bob"], "decks": 1},
    "twenty-four-1718": {"players": ["ann", "bob", "cy", "dee"]},
}
NEW_GAME = {slug: {"players": body["players"], "seed": 5} for slug, body in FROM_TABLE.items()}


@pytest.mark.parametrize("slug", sorted(FROM_TABLE))
def test_from_table_answers_the_fields_of_a_new_game(client, slug):
    dealt = client.post(f"/v1/{slug}/games", json=NEW_GAME[slug])
    table = client.post(f"/v1/{slug}/games/from-table", json=FROM_TABLE[slug])
    assert dealt.status_code == 200 and table.status_code == 200, (dealt.get_json(), table.get_json())
    assert {"state", "events"} <= table.get_json().keys() <= dealt.get_json().keys()
    assert table.get_json()["state"]["deal"] == "physical" and isinstance(table.get_json()["events"], list)


def test_24_kings_from_table_has_empty_logs_and_every_24_kings_answer_says_events(client):
    table = client.post("/v1/24-kings/games/from-table", json=FROM_TABLE["24-kings"]).get_json()
    assert table.keys() == {"state", "castle_phase", "events"}
    assert table["castle_phase"] == [] and table["events"] == []  # the table's turns and deal were not seen
    assert table["state"]["face_up"] == ["9H"] and [c["card"] for c in table["state"]["castles"]] == ["7H", "2C", "JD", "4S"]
    dealt = client.post("/v1/24-kings/games", json=NEW_GAME["24-kings"]).get_json()
    assert "events" in dealt and "deal_events" not in dealt
    over = client.post("/v1/24-kings/moves/apply", json={"state": dealt["state"], "move": {"player": "bob", "action": "call_hand"}}).get_json()
    assert over["state"]["phase"] == "over"
    following = client.post("/v1/24-kings/games/next", json={"state": over["state"], "seed": 6}).get_json()
    assert following.keys() == {"state", "castle_phase", "events"} and len(following["castle_phase"]) >= 4


def dealt(set_number, game, pile):
    return {"type": "dealt", "set": set_number, "game": game, "cards_each": 2, "pile": pile, "rule": "3.1"}


def test_1923_from_table_tells_the_deal(client):
    def events(body):
        answer = client.post("/v1/1923/games/from-table", json=body)
        assert answer.status_code == 200, answer.get_json()
        return answer.get_json()["events"]

    # one deck, two players: 52 - 2 x 2 = 48 left in the pile
    assert events({"players": ["ann", "bob"], "decks": 1}) == [dealt(1, 1, 48)]
    # mid-set: set 2, game 3, with 3 cards won and 2 dead: 52 - 5 - 3 x 2 = 41
    body = {"players": ["ann", "bob", "cy"], "won": {"bob": ["AH", "7C", "9D"]}, "dead": ["2S", "3S"], "set": 2, "game": 3}
    assert events(body) == [dealt(2, 3, 41)]
    # 48 dead leave 4 cards: two each, the pile is empty, so both are locked as they stand (§3.4)
    dead = [f"{rank}{suit}" for suit in "SHDC" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    assert events({"players": ["ann", "bob"], "dead": dead}) == [
        dealt(1, 1, 0),
        {"type": "locked_as_they_stand", "players": ["ann", "bob"], "rule": "3.4"},
    ]
    # 53 players on two decks (104 cards) cannot take two each: the game is war, one card each (§5.2)
    names = [f"p{seat}" for seat in range(53)]
    assert events({"players": names, "decks": 2}) == [{"type": "war_game", "set": 1, "game": 1, "pile": 104, "rule": "5.2"}]

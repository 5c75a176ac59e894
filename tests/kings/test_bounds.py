"""Valid requests are bounded by what a real table holds (issue 16): a player holds at most 8 cards.

The rule book's turn (rules.md §9): a player starts a turn with seven cards, and
holds one more only during the discard after drawing two (§9.7). Hands are of
three or six cards (§12), so eight cards hold at most two. Every figure below is
read from that text, not from the code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.core.cards import parse_cards
from service.games.kings.castles import Castle
from service.games.kings.hands import Scorer
from service.games.kings.rules import Rules

RULES_TEXT = (Path(__file__).resolve().parents[2] / "service" / "games" / "kings" / "rules.md").read_text(encoding="utf-8")
MOST_HELD = 8  # §9: "holds seven cards" at the start of a turn; §9.7: "holds eight cards" while discarding after drawing two
MOST_HANDS = 2  # §12: the smallest hand is three cards, and three of them would take 9
V1 = "/v1/24-kings"
CASTLES = [{"card": "5H"}, {"card": "9C"}, {"card": "4D"}, {"card": "10S"}]
EIGHT = ["7C", "7H", "7S", "8D", "8H", "8S", "9D", "9H"]


def test_the_limits_are_the_rule_books():
    assert re.search(r"player\s+holds seven cards", RULES_TEXT) and re.search(r"player holds eight cards", RULES_TEXT)
    assert re.search(r"at most\s+8 cards", RULES_TEXT) and "at most two\n  declared hands" in RULES_TEXT


def errors_of(response) -> list[dict[str, str]]:
    assert response.status_code == 422, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    return list(response.get_json()["errors"])


def test_hands_takes_eight_cards_and_refuses_nine_naming_the_limit(client):
    assert client.post(f"{V1}/hands", json={"rules": {"hands": "quick"}, "castles": CASTLES, "cards": EIGHT}).status_code == 200
    errors = errors_of(client.post(f"{V1}/hands", json={"castles": CASTLES, "cards": [*EIGHT, "10D"]}))
    assert [error["pointer"] for error in errors] == ["/cards"]
    assert f"at most {MOST_HELD}" in errors[0]["message"] and "§9.7" in errors[0]["message"]


def test_calculus_refuses_a_player_with_nine_cards_and_names_the_player(client):
    players = [{"name": "ann", "cards": EIGHT}, {"name": "bob", "cards": ["AS", "2S", "3S", "4S", "5S", "6S", "9C", "JC", "QC"]}]
    errors = errors_of(client.post(f"{V1}/calculus", json={"castles": CASTLES, "players": players}))
    assert [error["pointer"] for error in errors] == ["/players/1/cards"]
    assert f"at most {MOST_HELD}" in errors[0]["message"]


def test_calculus_takes_two_declared_hands_and_refuses_three(client):
    two = {"name": "ann", "cards": ["AS", "2S", "3S", "4S", "5S", "6S", "9C"], "hands": [["AS", "2S", "3S"], ["4S", "5S", "6S"]]}
    answer = client.post(f"{V1}/calculus", json={"castles": CASTLES, "players": [two]})
    assert answer.status_code == 200 and len(answer.get_json()["players"][0]["hands"]) == 2
    three = {**two, "hands": [["AS", "2S", "3S"], ["4S", "5S", "6S"], ["AS", "2S", "3S"]]}
    errors = errors_of(client.post(f"{V1}/calculus", json={"castles": CASTLES, "players": [three]}))
    assert [error["pointer"] for error in errors] == ["/players/0/hands"]
    assert f"at most {MOST_HANDS}" in errors[0]["message"]


@pytest.mark.parametrize("size", [10, 12])
def test_the_engine_in_process_still_reads_up_to_twelve_cards(size):
    """The bound is the request's: the engine answers "what if" about a few more cards (rules.md §15)."""
    cards = parse_cards("7H 7C 7D 8H 8C 8D 9H 9C 9D 10H 10C 10D")[:size]
    split = Scorer([Castle(card) for card in parse_cards("5H 9C 4D 10S")], Rules(hands="quick")).best_split(cards)
    assert split.half_score > 0 and sum(len(hand.cards) for hand in split.hands) >= 9


def test_every_post_of_every_game_has_a_worst_body_and_it_is_valid(client):
    """benchmarks/worst_bodies.py covers every POST the OpenAPI document lists; each body is answered 2xx."""
    from benchmarks.worst_bodies import worst_bodies

    spec = client.get("/openapi.json").get_json()
    posts = {path for path, operations in spec["paths"].items() if "post" in operations}
    bodies = worst_bodies()
    assert posts <= {path.split("?")[0] for path in bodies}
    refused = {path: status for path, body in bodies.items() if (status := client.post(path, json=body).status_code) >= 300}
    assert not refused

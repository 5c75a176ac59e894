"""Loaded request data to engine values: the schema reads the cards, the web module assembles the castles."""

from typing import Any

from schemas.kings import HandsRequestSchema
from service.core.cards import parse_card
from service.games.kings.castles import Castle
from service.games.kings.web import castles_from as castles_of_loaded


def castles_from(castles: list[dict[str, Any]]) -> list[Castle]:
    """The castles of a /hands body, loaded by its schema as the view's are."""
    return castles_of_loaded(HandsRequestSchema().load({"castles": castles, "cards": []})["castles"])


TABLE = [{"card": "5H", "kings": []}, {"card": "9C", "kings": ["KC"]}, {"card": "4D", "kings": []}, {"card": "10S", "kings": []}]


def test_castles_are_parsed_with_their_kings():
    assert castles_from(TABLE) == [
        Castle(parse_card("5H")),
        Castle(parse_card("9C"), (parse_card("KC"),)),
        Castle(parse_card("4D")),
        Castle(parse_card("10S")),
    ]


def test_each_call_answers_a_list_of_its_own():
    first = castles_from(TABLE)
    first.pop()
    assert len(castles_from(TABLE)) == 4


def test_lenient_texts_are_read_to_the_same_castles():
    lenient = [{"card": " 5h", "kings": []}, {"card": "9♣", "kings": ["kc"]}, {"card": "4D", "kings": []}, {"card": "T♠", "kings": []}]
    assert castles_from(lenient) == castles_from(TABLE)


def test_tables_that_differ_only_in_a_king_are_not_confused():
    crowned = [dict(castle, kings=["KH"]) if castle["card"] == "5H" else castle for castle in TABLE]
    assert castles_from(TABLE)[0].kings == ()
    assert castles_from(crowned)[0].kings == (parse_card("KH"),)

"""The Calculus for a whole table: splits, the call, winners, whole-table checks."""

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.problems import InvalidInput
from service.games.kings.calculus import PlayerCards, calculus, castle_table_of, holdings_problems, read_castle_table, winners_of
from service.games.kings.rules import Rules
from tests.conftest import make_castles

TABLE = make_castles("5H", "9C", "4D", "10S")


def player(name, cards, pointer=None, hands=None):
    return PlayerCards(
        name, tuple(parse_cards(cards)), parse_card(pointer) if pointer else None, None if hands is None else tuple(tuple(parse_cards(h)) for h in hands)
    )


def test_a_table_is_scored_and_the_best_wins():
    result = calculus(TABLE, [player("ann", "QH JH 10H 9H 8H 7H 3S"), player("bob", "AS 2S 3S 4S 5S 6S 9C")], Rules(), caller="ann")
    assert result.castle_values == (5, 9, 4, 10)
    assert [p.split.half_score for p in result.players] == [96, 78]
    assert result.winners == ("ann",)
    assert result.call is not None and result.call.valid and result.call.player == "ann"
    assert result.to_dict()["call"] == {"player": "ann", "valid": True, "reason": "the cards split into a calling hand plus a Pointer"}


def test_a_false_call_is_reported_and_the_caller_can_still_win():
    result = calculus(TABLE, [player("ann", "QH JH 10H 9H 8H 2C 3S"), player("bob", "AS 2D 3C 4H 5D 6C 9C")], Rules(), caller="ann")
    assert result.call is not None and not result.call.valid
    assert "neither" in result.call.reason


@pytest.mark.parametrize(("caller", "valid"), [("ann", True), ("bob", False), ("cy", True)])
def test_the_call_is_judged_on_the_callers_own_cards(caller, valid):
    """Callers anywhere at the table, beside players whose cards could or could not call."""
    players = [player("ann", "QH JH 10H 9H 8H 7H 3S"), player("bob", "QD JD 10H 9H 8H 2C 3C"), player("cy", "AS 2S 3S 4S 5S 6S 9C")]
    result = calculus(TABLE, players, Rules(), caller=caller)
    assert result.call is not None and result.call.player == caller and result.call.valid is valid
    assert [p.split for p in result.players] == [p.split for p in calculus(TABLE, players, Rules()).players]


def test_equal_best_scores_share_the_win():
    result = calculus(TABLE, [player("ann", "KS KC 2H"), player("bob", "KH KD 3H"), player("cy", "2D")], Rules())
    assert result.winners == ("ann", "bob")
    assert winners_of([]) == ()


def test_a_declared_split_is_scored_as_declared():
    result = calculus(TABLE, [player("ann", "QH JH 10H 9H 8H 7H 3S", pointer="QH", hands=[["9H", "10H", "JH"]])], Rules())
    ann = result.players[0]
    assert ann.declared and ann.split.half_score == 2 * (15 + 12 - 8 - 7 - 3)


def test_a_caller_is_held_to_a_declared_split():
    cards = "QH JH 10H 9H 8H 7H 3S"
    stands = calculus(TABLE, [player("ann", cards, pointer="3S")], Rules(), caller="ann")
    falls = calculus(TABLE, [player("ann", cards, pointer="QH", hands=[["9H", "10H", "JH"]])], Rules(), caller="ann")
    assert stands.call.valid and not falls.call.valid


def test_a_call_needs_seven_cards():
    result = calculus(TABLE, [player("ann", "QH JH 10H 9H 8H 7H")], Rules(), caller="ann")
    assert not result.call.valid and "exactly 7" in result.call.reason


def test_every_table_problem_is_reported_at_once():
    castles = make_castles("5H+KS", "9H", "4D", "10S")
    players = [player("ann", "QH QH"), player("ann", "QH 2C"), player("bob", "9H 9H")]
    with pytest.raises(InvalidInput) as caught:
        calculus(castles, players, Rules(), caller="zed")
    found = {(p.pointer, p.code) for p in caught.value.problems}
    assert found == {
        ("/castles/0/kings/0", "suit_mismatch"),
        ("/castles/1/card", "castle_suit_repeated"),
        ("/players/1/name", "duplicate_name"),
        ("/caller", "unknown_caller"),
        ("/players/1/cards/0", "third_copy"),
        ("/players/2/cards/1", "third_copy"),
    }


def test_declared_split_problems_point_into_the_player():
    with pytest.raises(InvalidInput) as caught:
        calculus(TABLE, [player("ann", "2C"), player("bob", "QH JH 10H", pointer="AS", hands=[["QH", "JH", "9S"]])], Rules())
    found = {(p.pointer, p.code) for p in caught.value.problems}
    assert ("/players/1/pointer", "card_not_held") in found and ("/players/1/hands/0/2", "card_not_held") in found


def test_no_players_is_a_problem():
    with pytest.raises(InvalidInput, match="at least one player"):
        calculus(TABLE, [], Rules())


def test_too_many_cards_for_one_player_is_a_problem():
    thirteen = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AH"
    with pytest.raises(InvalidInput) as caught:
        calculus(TABLE, [player("ann", thirteen)], Rules())
    assert [(p.pointer, p.code) for p in caught.value.problems] == [("/players/0/cards", "too_many_cards")]


def test_a_table_sent_as_plain_values_is_the_table_read_from_its_records():
    """castle_table_of (the requests' table, read once per table) answers as read_castle_table of the same castles and rules, and
    tables one King or one rule apart are other tables."""
    plain = (("5H", "KH"), ("9C",), ("4D",), ("10S", "KS", "KS"))
    sent = tuple(tuple(parse_cards(" ".join(castle))) for castle in plain)
    castles = make_castles("5H+KH", "9C", "4D", "10S+KS+KS")
    for rules in (Rules(), Rules(hands="quick", static_castles=True)):
        pairs = tuple((field, getattr(rules, field)) for field in Rules.__dataclass_fields__)
        table, read = castle_table_of(sent, pairs), read_castle_table(castles, rules)
        assert table == read and table.scorer is not None and table.scorer.values == read.scorer.values
    assert castle_table_of(sent, (("hands", "standard"),)).scorer.values == (13, 9, 4, 26)
    assert castle_table_of((*sent[:3], (sent[3][0],)), (("hands", "standard"),)).scorer.values == (13, 9, 4, 10)
    assert castle_table_of(sent, (("hands", "standard"), ("static_castles", True))).scorer.values == (5, 9, 4, 10)


def test_a_refused_table_keeps_its_problems_whoever_reads_them():
    """A table's castle problems are its own: the problems a request gets are a list of its own."""
    sent = tuple(tuple(parse_cards(castle)) for castle in ("5H KS", "9H", "4D", "10S"))
    table = castle_table_of(sent, (("hands", "standard"),))
    assert table.scorer is None and {p.code for p in table.castle_problems} == {"suit_mismatch", "castle_suit_repeated"}
    first = holdings_problems(table, [("/cards", parse_cards("2C 2C"))])
    first.append(first[0])
    again = holdings_problems(castle_table_of(sent, (("hands", "standard"),)), [("/cards", parse_cards("2C 2C"))])
    assert [p.code for p in again] == ["suit_mismatch", "castle_suit_repeated"]

import pytest

from service.games.kings.castles import castle_problems, castle_values
from service.games.kings.rules import Rules
from tests.conftest import make_castles


@pytest.mark.parametrize(
    ("castle", "standard", "subjects_count", "static"),
    [("7S", 7, 7, 7), ("4H+KH", 13, 17, 4), ("4H+KH+KH", 26, 30, 4), ("KH", 13, 13, 13), ("KH+KH", 26, 26, 13), ("AD", 1, 1, 1), ("QC+KC", 13, 25, 12)],
)
def test_castle_value_under_each_rule(castle, standard, subjects_count, static):
    (built,) = make_castles(castle)
    assert built.value(Rules()) == standard
    assert built.value(Rules(subjects_count=True)) == subjects_count
    assert built.value(Rules(static_castles=True)) == static


def test_shapes():
    crowned, double, king_card, plain = make_castles("4H+KH", "4H+KH+KH", "KH", "4H")
    assert crowned.is_crowned and not crowned.is_double_king
    assert double.is_double_king and not double.is_crowned
    assert not king_card.is_crowned and not king_card.is_double_king and king_card.top_is_king
    assert not plain.top_is_king
    assert crowned.dethroned() == plain
    assert plain.crowned_with(crowned.kings[0]) == crowned


def test_a_legal_table_has_no_problems():
    assert castle_problems(make_castles("2H", "3C+KC", "QD+KD+KD", "KS+KS"), Rules()) == []
    assert castle_values(make_castles("2H", "3C+KC", "QD+KD+KD", "KS+KS"), Rules()) == (2, 13, 26, 26)


def test_every_problem_is_reported_at_once_with_a_pointer():
    castles = make_castles("2H+KS", "3H", "QD+KD+KD+KD", "KS+KS+KS", "5C")
    problems = {(p.pointer, p.code) for p in castle_problems(castles, Rules())}
    assert problems == {
        ("/castles", "castle_count"),
        ("/castles/0/kings/0", "suit_mismatch"),
        ("/castles/1/card", "castle_suit_repeated"),
        ("/castles/2/kings", "too_many_kings"),
        ("/castles/3/kings", "too_many_kings"),
    }


def test_only_kings_are_stacked():
    problems = castle_problems(make_castles("2H+QH", "3C", "4D", "5S"), Rules())
    assert [(p.pointer, p.code) for p in problems] == [("/castles/0/kings/0", "not_a_king")]
    assert "'QH'" in problems[0].message


def test_equal_opportunity_lets_any_king_sit_on_any_castle():
    castles = make_castles("2H+KS", "3C+KD+KH", "4D", "5S")
    assert [p.code for p in castle_problems(castles, Rules())] == ["suit_mismatch", "suit_mismatch", "suit_mismatch"]
    assert castle_problems(castles, Rules(equal_opportunity=True)) == []


def test_unknown_hand_set_is_refused():
    with pytest.raises(ValueError, match="'bogus'"):
        Rules(hands="bogus")  # type: ignore[arg-type]


def test_castle_notation():
    from service.core.cards import CardError
    from service.games.kings.castles import parse_castle

    assert parse_castle(" 4h+kh ").to_dict() == {"card": "4H", "kings": ["KH"]}
    assert parse_castle("KH+KH").is_double_king
    with pytest.raises(CardError, match="castle '4H\\+XH'"):
        parse_castle("4H+XH")


def test_remembered_checks_answer_a_list_of_their_own_for_each_table_and_pointer():
    """Callers append to the list; the same castles under another pointer, or one King apart, are other answers."""
    castles = make_castles("2H+KS", "3C", "4D", "5S")
    first = castle_problems(castles, Rules())
    first.append("a caller's own problem")
    assert [p.pointer for p in castle_problems(castles, Rules())] == ["/castles/0/kings/0"]
    assert [p.pointer for p in castle_problems(castles, Rules(), "/state/castles")] == ["/state/castles/0/kings/0"]
    assert castle_problems(make_castles("2H+KH", "3C", "4D", "5S"), Rules()) == []
    assert castle_problems(castles, Rules(equal_opportunity=True)) == []

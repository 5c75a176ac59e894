"""The best split, declared splits, Kings saving cards, Pointers, HAND! calls."""

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.problems import InvalidInput
from service.games.kings.hands import Scorer, as_number
from service.games.kings.rules import Rules
from tests.conftest import make_castles

TABLE = make_castles("7H", "2C", "JD", "4S")  # values 7, 2, 11, 4


def split_of(cards: str, **rules):
    return Scorer(TABLE, Rules(**rules)).best_split(parse_cards(cards))


def test_one_king_saves_the_highest_left_over():
    split = split_of("7H 8H 8H KS QD 5C 3H")
    assert str(split.pointer) == "QD"
    assert [str(c) for c in split.saved] == ["5C"] and [str(c) for c in split.penalised] == ["3H"]
    assert as_number(split.half_score) == 11


def test_a_king_as_pointer_still_saves():
    # Pointer K (13) and the same King saves the 9: 13 - 2 = 11 beats Pointer 9 (9 - 2 = 7).
    split = split_of("KS 9C 2H")
    assert str(split.pointer) == "KS" and [str(c) for c in split.saved] == ["9C"]
    assert as_number(split.half_score) == 11


def test_two_kings_save_everything():
    split = split_of("KS KC 9C 2H 3D AC 5D")
    assert as_number(split.half_score) == 13 and not split.penalised


def test_kings_are_never_penalised():
    split = split_of("KS KC KD KH 2H 3D AC")
    assert as_number(split.half_score) == 13 and not split.penalised and len(split.kings) == 3


def test_no_harm_no_foul_penalises_nothing():
    assert as_number(split_of("QD 9C 2H 3D AC", no_harm_no_foul=True).half_score) == 12
    assert as_number(split_of("QD 9C 2H 3D AC").half_score) == 12 - 15


def test_a_tie_goes_to_the_split_with_more_hand_points():
    # rules.md §16. NO HARM-NO FOUL: the 8H as Pointer scores 8; Half 7's (1/2 x |7 - 11| = 2) with 6C as Pointer, 2 + 6 = 8.
    split = split_of("7H 8H 8H 6C", no_harm_no_foul=True)
    assert as_number(split.half_score) == 8
    assert [hand.spec.name for hand in split.hands] == ["Half 7's"] and str(split.pointer) == "6C"


def test_no_cards_score_zero_and_a_lone_card_is_the_pointer():
    assert split_of("").half_score == 0 and split_of("").pointer is None
    assert as_number(split_of("5C").half_score) == 5


def test_a_full_hand_needs_a_pointer_left_over():
    # Six cards of a Kingdom alone: keeping a Pointer breaks the hand.
    split = split_of("QH JS 10H 9D 8H 7H")
    assert split.pointer is not None
    assert all(hand.spec.size == 3 for hand in split.hands)


def test_declared_split_is_scored_as_declared():
    scorer = Scorer(TABLE, Rules())
    cards = parse_cards("7H 8H 8H KS QD 5C 3H")
    declared = scorer.declared_split(cards, parse_card("KS"), [parse_cards("7H 8H 8H")])
    assert [str(c) for c in declared.saved] == ["QD"]  # the King saves the highest left-over
    assert as_number(declared.half_score) == 2 + 13 - 5 - 3
    assert declared.half_score <= scorer.best_split(cards).half_score


def test_declared_pointer_alone_lets_the_referee_choose_the_hands():
    scorer = Scorer(TABLE, Rules())
    split = scorer.declared_split(parse_cards("7H 8H 8H KS QD 5C 3H"), parse_card("3H"), None)
    assert str(split.pointer) == "3H" and [h.spec.name for h in split.hands] == ["Half 7's"]
    assert as_number(split.half_score) == 2 + 3 - 5  # the King saves QD, 5C costs 5


def test_declared_hands_without_pointer_get_the_best_pointer():
    scorer = Scorer(TABLE, Rules())
    split = scorer.declared_split(parse_cards("7H 8H 8H KS QD 5C 3H"), None, [])
    assert not split.hands and str(split.pointer) == "QD"


def test_a_bad_declaration_reports_every_reason():
    scorer = Scorer(TABLE, Rules())
    with pytest.raises(InvalidInput) as caught:
        scorer.declared_split(
            parse_cards("7H 8H 8H KS QD 5C 3H"),
            parse_card("2S"),
            [parse_cards("7H 8H 8H"), parse_cards("8H QD 5C"), parse_cards("9H 10H JS")],
        )
    found = {(p.pointer, p.code) for p in caught.value.problems}
    assert found == {
        ("/pointer", "card_not_held"),
        ("/hands/1/0", "card_not_held"),
        ("/hands/1", "not_a_hand"),
        ("/hands/2/0", "card_not_held"),
        ("/hands/2/1", "card_not_held"),
        ("/hands/2/2", "card_not_held"),
        ("/hands/2", "hand_suits_wrong"),
    }


def test_declaring_every_card_into_hands_leaves_no_pointer():
    scorer = Scorer(make_castles("5H", "9C", "4D", "10S"), Rules())
    with pytest.raises(InvalidInput) as caught:
        scorer.declared_split(parse_cards("9H 10H JH"), None, [parse_cards("9H 10H JH")])
    assert caught.value.problems[0].code == "pointer_missing"


@pytest.mark.parametrize(
    ("cards", "valid"),
    [
        ("QH JS 10H 9D 8H 7H 3S", True),
        ("9H 10H JH 4S 5S 6S 2C", True),
        ("9H 10H JH 4S 5S 6S KC", True),
        ("9H 10H JH 4S 5S 2C 2D", False),
        ("QH JS 10H 9D 8H 7H", False),
        ("QH JS 10H 9D 8H 7H 3S 2S", False),
    ],
)
def test_valid_call_needs_seven_cards_as_one_full_or_two_halves_plus_pointer(cards, valid):
    scorer = Scorer(make_castles("5H", "9C", "4D", "10S"), Rules())
    assert scorer.is_valid_call(parse_cards(cards)) is valid
    split = scorer.calling_split(parse_cards(cards))
    assert (split is not None and split.is_call_shape) is valid


def test_no_cards_cannot_call():
    # A call is seven cards (rules.md §11): the reading of an empty holding said it could.
    reading = Scorer(make_castles("5H", "9C", "4D", "10S"), Rules()).read([])
    assert reading.calling is None and reading.best.half_score == 0


def test_a_half_hand_and_six_others_is_not_a_call():
    scorer = Scorer(make_castles("5H", "9C", "4D", "10S"), Rules())
    assert not scorer.is_valid_call(parse_cards("9H 10H JH 2C 3C 5D 6D"))


def test_exact_half_points():
    assert as_number(13) == 6.5 and as_number(-7) == -3.5 and as_number(26) == 13 and isinstance(as_number(26), int)


def test_a_holding_is_at_most_twelve_cards():
    from service.games.kings.hands import MAX_HOLDING, HoldingTooLarge

    scorer = Scorer(TABLE, Rules(hands="quick"))
    twelve = parse_cards("7H 7C 7D 8H 8C 8D 9H 9C 9D 10H 10C 10D")
    assert len(twelve) == MAX_HOLDING and scorer.best_split(twelve).half_score > 0
    with pytest.raises(HoldingTooLarge, match="13 cards"):
        scorer.best_split([*twelve, parse_card("2S")])

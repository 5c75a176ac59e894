import pytest

from service.core.cards import Card, CardError, CardListError, card_texts, parse_card, parse_cards
from service.games.kings.pack import full_deck, third_copies


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10H", "10H"),
        ("TH", "10H"),
        ("10h", "10H"),
        ("qs", "QS"),
        ("K♠", "KS"),
        ("10♥", "10H"),
        ("A♦", "AD"),
        ("2♣", "2C"),
        (" jd ", "JD"),
        ("t♤", "10S"),
        ("Q♡", "QH"),
    ],
)
def test_every_spelling_reads_to_the_canonical_card(text, canonical):
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "a card is a rank then a suit"),
        ("H", "it has a suit but no rank"),
        ("1H", "'1' is not a rank"),
        ("11H", "'11' is not a rank"),
        ("10X", "'X' is not a suit"),
        ("ZZ", "a card is a rank (A, 2-10, T, J, Q or K) then a suit (S, H, D, C or ♠ ♥ ♦ ♣)"),
        ("KH ", None),
        # issue 30: what a person typed wrong, named: the suit left off, a space between rank and suit
        ("10", "it has a rank but no suit; add one of S, H, D, C"),
        ("q", "it has a rank but no suit"),
        ("10 H", "the space is the problem; write the rank and the suit together, e.g. '10H'"),
        ("T H", "the space is the problem; write the rank and the suit together, e.g. 'TH'"),
    ],
)
def test_bad_text_is_refused_with_the_text_quoted(text, fragment):
    if fragment is None:
        assert parse_card(text) == Card(13, "H")
        return
    with pytest.raises(CardError) as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)
    assert fragment in str(caught.value)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)
    assert issubclass(CardListError, ValueError)


def test_non_string_is_refused():
    with pytest.raises(CardError, match="must be a string"):
        parse_card(10)  # type: ignore[arg-type]


def test_a_list_reports_every_bad_item_with_its_position():
    with pytest.raises(CardListError) as caught:
        parse_cards(["QH", "XX", "10H", "1S"])
    assert [index for index, _ in caught.value.problems] == [1, 3]
    assert "'XX'" in caught.value.problems[0][1]


def test_a_string_of_cards_splits_on_spaces_and_commas():
    assert [str(c) for c in parse_cards("QH JH,10H  9H")] == ["QH", "JH", "10H", "9H"]


def test_face_values_follow_the_rule_book():
    assert [parse_card(t).face_value for t in ("AS", "2S", "10S", "JS", "QS", "KS")] == [1, 2, 10, 11, 12, 13]
    assert parse_card("KD").is_king and not parse_card("QD").is_king


def test_two_decks_hold_every_card_exactly_twice():
    deck = full_deck()
    assert len(deck) == 104
    assert not third_copies((str(i), card) for i, card in enumerate(deck))
    extra = third_copies((str(i), card) for i, card in enumerate([*deck, parse_card("5H")]))
    assert [(p.pointer, p.code) for p in extra] == [("104", "third_copy")]


def test_every_copy_beyond_two_is_reported():
    fives = [(f"/{i}", parse_card("5H")) for i in range(4)]
    assert [p.pointer for p in third_copies(fives)] == ["/2", "/3"]


def test_card_texts_are_the_canonical_texts_even_for_a_card_off_the_deck():
    deck = full_deck()
    assert card_texts(deck) == [str(card) for card in deck]
    assert card_texts([Card(1, "H"), Card(12, "X")]) == ["AH", "QX"]
    assert card_texts(()) == []
    empty = card_texts(())
    empty.append("AH")
    assert card_texts(()) == []  # every answer gets a list of its own, even an empty one

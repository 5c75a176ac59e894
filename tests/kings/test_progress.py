"""Progress toward each of the 24 hands: what a player at the table asks a phone."""

from service.core.cards import parse_cards
from service.games.kings.hands import Scorer, scorer_for
from service.games.kings.rules import Rules
from tests.conftest import make_castles


def by_name(cards: str, castles=("2H", "3C", "QD", "7S"), hands="standard"):
    scorer = Scorer(make_castles(*castles), Rules(hands=hands))
    return {p.spec.name: p for p in scorer.progress(parse_cards(cards))}


def test_jasper_from_the_rule_book():
    progress = by_name("QH AS KD KD 2H JH 6C")
    assert len(progress) == 24
    assert sorted(map(str, progress["Aces High"].held)) == ["2H", "AS"]
    assert [str(c) for c in progress["Super Aces"].held] == ["2H"]
    assert [str(c) for c in progress["Super Special"].held] == ["6C"]
    assert progress["Lucky 7's"].held == () and progress["Super 7's"].held == ()
    assert progress["Super Royalty"].held == ()  # his Q and J are hearts: not castle 3 or 4
    assert progress["Even Steven"].held == () and progress["Odd Todd"].held == ()


def test_missing_cards_name_a_suit_only_where_one_is_needed():
    progress = by_name("QH AS KD KD 2H JH 6C")
    assert sorted(progress["Aces High"].missing) == ["2*", "2*", "A*", "A*"]
    super_aces = progress["Super Aces"]
    assert len(super_aces.missing) == 5 and all(m[-1] in "HC" for m in super_aces.missing)
    assert progress["Super Kingdom"].missing == ("7H", "8H", "9H", "10H")  # holds QH JH already


def test_complete_hand_has_nothing_missing():
    progress = by_name("QH JH 10H 9H 8H 7H 3S", castles=("5H", "9C", "4D", "10S"))
    assert progress["Super Kingdom"].complete and progress["Kingdom"].complete and progress["Half Kingdom"].complete
    assert not progress["Southie"].complete


def test_progress_marks_hands_out_of_the_set_and_relaxes_quick_halves():
    elders = by_name("9H 10H JS", castles=("5H", "9C", "4D", "10S"), hands="elders")
    assert not elders["Half Kingdom"].in_play and elders["Kingdom"].in_play
    standard = by_name("9H 10H JS", castles=("5H", "9C", "4D", "10S"))
    quick = by_name("9H 10H JS", castles=("5H", "9C", "4D", "10S"), hands="quick")
    assert len(standard["Half Kingdom"].held) == 2 and quick["Half Kingdom"].complete


def test_one_of_two_castles_picks_the_suit_that_holds_more():
    progress = by_name("4D 10D 4C", castles=("5H", "9C", "4D", "10S"))
    assert sorted(map(str, progress["Half Steven"].held)) == ["10D", "4D"]
    assert progress["Half Steven"].missing in (("4D",), ("10D",))


def test_readings_that_share_a_record_answer_with_lists_of_their_own():
    scorer = scorer_for(tuple(make_castles("5H", "9C", "4D", "10S")), Rules())
    first, second = (scorer.progress(parse_cards(cards))[0] for cards in ("QH JH 2C", "QH JH 3S"))
    assert first.spec.name == "Super Kingdom" and first is second
    answer = first.to_dict()
    assert list(answer) == ["name", "family", "tier", "in_play", "held", "missing", "complete", "points"]
    assert answer["held"] == ["JH", "QH"] and answer["missing"] == ["7H", "8H", "9H", "10H"]
    answer["held"].append("KH")
    answer["missing"].clear()
    assert second.to_dict()["held"] == ["JH", "QH"] and second.to_dict()["missing"] == ["7H", "8H", "9H", "10H"]

"""Playing a trick (rules.md §7, §8): each duty, the reading's worked example, the taker and the honors."""

from __future__ import annotations

import random

import pytest

from service.core.cards import ONE_DECK, parse_cards
from service.core.problems import InvalidInput
from service.games.twenty_four_1718.analysis import trick_duty, trick_report
from service.games.twenty_four_1718.hand import holding, replay
from service.games.twenty_four_1718.tricks import obligation, refusal, winning_position

from . import oracle


def duty(hand: str, trick: str, trump: str = "H"):
    return obligation(parse_cards(hand), parse_cards(trick), trump)


def plays(hand: str, trick: str, trump: str = "H") -> set[str]:
    return {str(card) for card in duty(hand, trick, trump).plays}


# -- the reading's worked example (rules.md §12.1) ---------------------------------------------------
def test_example_second_player_must_beat_the_seven():
    assert plays("9S 4S 2C", "7S") == {"9S"}


def test_example_third_player_void_in_spades_must_trump():
    assert plays("3H KD 2C", "7S 9S") == {"3H"}


def test_example_fourth_player_must_play_the_king():
    found = duty("KS 2S 5H AH", "7S 9S 3H")
    assert {str(c) for c in found.plays} == {"KS"}
    assert (found.duty, found.rule) == ("head", "7.2")


def test_example_fifth_player_cannot_overtrump_so_any_card():
    found = duty("2H AH 4C 10D", "7S 9S 3H KS")
    assert {str(c) for c in found.plays} == {"2H", "AH", "4C", "10D"}
    assert (found.duty, found.rule) == ("free_no_higher_trump", "7.4")


def test_example_the_three_of_hearts_takes_it_with_two_honors():
    report = trick_report(parse_cards("7S 9S 3H KS 2H"), "H", "point").to_dict()
    assert report == {"winner_position": 3, "card": "3H", "honors": ["3H", "2H"]}  # the third card, counted from the lead


# -- each duty --------------------------------------------------------------------------------------
def test_the_lead_is_free():
    found = duty("KS 2H 3C", "")
    assert (found.duty, {str(c) for c in found.plays}) == ("lead", {"KS", "2H", "3C"})


def test_following_without_beating_allows_any_card_of_the_suit():
    found = duty("5S 2S KH", "QS")
    assert (found.duty, {str(c) for c in found.plays}) == ("follow", {"5S", "2S"})


def test_heading_allows_every_higher_card_not_only_the_lowest():
    assert plays("KS QS 2S", "10S") == {"KS", "QS"}


def test_heading_counts_the_highest_card_of_the_suit_led_not_the_first():
    assert plays("JS 9S", "7S QS") == {"JS", "9S"}  # nothing beats QS: any spade
    assert plays("KS 9S", "7S QS") == {"KS"}


def test_heading_still_applies_after_the_trick_was_trumped():
    """Our choice (rules.md §7.2): the reading makes no exception for a trumped trick."""
    assert plays("KS 9S 5H", "7S 2H JS") == {"KS"}


def test_the_duty_to_follow_comes_before_the_duty_to_trump():
    assert plays("2S AH KH", "7S") == {"2S"}


def test_ruffing_any_trump_when_the_trick_holds_none():
    found = duty("2H KH 5C", "7S JS")
    assert (found.duty, {str(c) for c in found.plays}) == ("ruff", {"2H", "KH"})


def test_overruffing_only_higher_trumps():
    found = duty("2H 9H KH 5C", "7S 8H")
    assert (found.duty, {str(c) for c in found.plays}) == ("overruff", {"9H", "KH"})


def test_overruffing_beats_the_highest_trump_not_the_last():
    assert plays("10H KH 5C", "7S QH 9H") == {"KH"}  # 10H beats the last trump, 9H, but not QH
    assert plays("10H 8H 5C", "7S QH 9H") == {"10H", "8H", "5C"}  # nothing beats QH: any card


def test_holding_neither_the_suit_nor_a_trump_plays_anything():
    found = duty("2D KC", "7S 3H")
    assert (found.duty, found.rule, {str(c) for c in found.plays}) == ("free_no_trump", "7.5", {"2D", "KC"})


def test_a_trump_lead_is_followed_and_headed_in_trumps():
    assert plays("AH 9H 2S", "5H") == {"9H"}
    assert plays("AH 2H 2S", "5H") == {"AH", "2H"}
    assert plays("2S 3C", "5H") == {"2S", "3C"}


# -- why a card is refused ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "trick", "card", "code"),
    [
        ("KS 2S 5H", "7S 9S", "5H", "must_follow_suit"),
        ("KS 2S 5H", "7S 9S", "2S", "must_head"),
        ("2H KH 5C", "7S", "5C", "must_ruff"),
        ("2H 9H 5C", "7S 8H", "2H", "must_overruff"),
        ("2H 9H 5C", "7S 8H", "5C", "must_overruff"),
    ],
)
def test_refusals_name_the_duty(hand, trick, card, code):
    found = duty(hand, trick)
    fault = refusal(found, parse_cards(card)[0])
    assert fault is not None
    assert fault[0] == code


def test_a_legal_card_is_not_refused():
    assert refusal(duty("KS 2S", "7S"), parse_cards("KS")[0]) is None


# -- the taker (§7.6) and the honors (§8) -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("trick", "trump", "position"),
    [
        ("7S 9S 3H KS 2H", "H", 2),  # the highest trump
        ("7S 9S 3H KS 2H", "D", 3),  # no trump: the highest spade
        ("7S KD QC 2S", "H", 0),  # off-suit cards never take a trick
        ("2H KS AH 3H", "H", 3),  # a trump lead: the highest trump
        ("AS 2S 3D 4C 5S", "C", 3),  # the lowest club is still a trump
    ],
)
def test_who_takes_the_trick(trick, trump, position):
    cards = parse_cards(trick)
    assert winning_position(cards, trump) == position
    assert oracle.taker(trick.split(), trump) == position


def test_honors_at_the_point():
    assert trick_report(parse_cards("AH 5H 6H 2S"), "H", "point").to_dict()["honors"] == ["AH", "5H"]


def test_honors_at_the_face_cards():
    report = trick_report(parse_cards("9D 10D 8D KD JS"), "D", "face").to_dict()
    assert report == {"winner_position": 4, "card": "KD", "honors": ["9D", "10D", "KD"]}


def test_plain_suit_cards_are_never_honors():
    assert trick_report(parse_cards("AS 2S 3S 4S"), "H", "point").to_dict()["honors"] == []


# -- refused input ------------------------------------------------------------------------------------------
def test_a_card_in_both_the_hand_and_the_trick_is_refused():
    with pytest.raises(InvalidInput) as caught:
        trick_duty(parse_cards("KS 7S"), parse_cards("7S"), "H")
    assert [(p.pointer, p.code) for p in caught.value.problems] == [("/trick/0", "card_twice")]


def test_a_full_trick_has_no_next_card():
    with pytest.raises(InvalidInput) as caught:
        trick_duty(parse_cards("KS"), parse_cards("2S 3S 4S 5S 6S"), "H")
    assert caught.value.problems[0].code == "trick_full"


def test_a_trick_to_judge_has_four_or_five_cards():
    with pytest.raises(InvalidInput) as caught:
        trick_report(parse_cards("2S 3S 4S"), "H", "point")
    assert caught.value.problems[0].code == "trick_size"


# -- against the oracle on random hands -------------------------------------------------------------------
def test_duties_agree_with_the_oracle_on_random_hands():
    rng = random.Random(1718)
    deck = [str(card) for card in ONE_DECK]
    for _ in range(3000):
        rng.shuffle(deck)
        size = rng.randint(1, 12)
        hand, trick = deck[:size], deck[size : size + rng.randint(0, 4)]
        trump = rng.choice("SHDC")
        assert plays(" ".join(hand), " ".join(trick), trump) == oracle.legal(hand, trick, trump), (hand, trick, trump)


# -- the replay of a hand against the oracle -----------------------------------------------------------------
def _replayed_faults(rng: random.Random, seats: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """A deal played at random, legal and illegal cards alike (and now and then a card another hand holds): the
    faults the replay finds, and those the oracle finds playing the same cards, as (pointer, code)."""
    deck = [str(card) for card in ONE_DECK]
    rng.shuffle(deck)
    size = oracle.HAND_SIZE[seats]
    hands = [deck[seat * size : (seat + 1) * size] for seat in range(seats)]
    trump = rng.choice("SHDC")
    held = [list(hand) for hand in hands]
    tricks: list[list[str]] = []
    expected: list[tuple[str, str]] = []
    leader = 0
    for number in range(rng.randint(1, size)):
        trick: list[str] = []
        for position in range(seats if number < size - 1 or rng.random() < 0.5 else rng.randint(1, seats)):
            seat = (leader + position) % seats
            others = [card for other in held if other is not held[seat] for card in other]
            if held[seat] and (rng.random() < 0.9 or not others):
                card = rng.choice(held[seat])
                if not oracle.may_play(card, held[seat], trick, trump):
                    expected.append((f"/tricks/{number}/{position}", "refused"))
                held[seat].remove(card)
            else:
                card = rng.choice(others)
                expected.append((f"/tricks/{number}/{position}", "card_not_in_hand"))
            trick.append(card)
        tricks.append(trick)
        if len(trick) < seats:
            break
        leader = (leader + oracle.taker(trick, trump)) % seats
    found = replay(
        [holding(parse_cards(hand)) for hand in hands], 0, [parse_cards(trick) for trick in tricks], trump, [f"/tricks/{n}" for n in range(len(tricks))]
    ).problems
    return [(p.pointer, p.code if p.code == "card_not_in_hand" else "refused") for p in found], expected


def test_the_replay_finds_the_faults_the_oracle_finds():
    rng = random.Random(25)
    refused = 0
    for _ in range(600):
        found, expected = _replayed_faults(rng, rng.choice((4, 5)))
        assert found == expected
        refused += sum(code == "refused" for _, code in expected)
    assert refused > 100  # the deals played many cards the duty refuses, not only legal ones


def test_the_replay_words_a_refused_card_as_the_duty_does():
    tricks = [parse_cards("7S 2S 3H KS 9S")]  # the second hand holds 9S: it had to head the seven
    hands = [parse_cards(hand) for hand in ("7S 2C", "2S 9S", "3H KD", "KS 2H", "9D 4D")]
    found = replay([holding(hand) for hand in hands], 0, tricks, "H", ["/tricks/0"]).problems
    assert [(p.pointer, p.code) for p in found] == [("/tricks/0/1", "must_head"), ("/tricks/0/4", "card_not_in_hand")]
    assert "does not beat 7S" in found[0].message


def test_the_taker_agrees_with_the_oracle_on_random_tricks():
    rng = random.Random(718)
    for _ in range(3000):
        trick = rng.sample(ONE_DECK, rng.randint(1, 5))
        trump = rng.choice("SHDC")
        assert winning_position(trick, trump) == oracle.taker([str(card) for card in trick], trump), (trick, trump)

"""Each of the 24 hands, recognised and refused, on one fixed table.

Castles: 1 = 5H (North), 2 = 9C (West), 3 = 4D (East), 4 = 10S (South);
values 5, 9, 4, 10.  Expected points are worked out by hand from the rule
book's table, not from the catalog.
"""

import math
import random
from itertools import combinations

import pytest

from service.core.cards import Card, parse_cards
from service.games.kings.hands import Scorer, as_number
from service.games.kings.pack import full_deck
from service.games.kings.rules import Rules
from tests.conftest import make_castles
from tests.kings.test_exhaustive import oracle

TABLE = make_castles("5H", "9C", "4D", "10S")

RECOGNISED = [
    ("Super Kingdom", "QH JH 10H 9H 8H 7H", 45),
    ("Kingdom", "QH JS 10H 9D 8H 7H", 30),
    ("Half Kingdom", "9H 10H JH", 15),
    ("Half Kingdom", "10H JH QH", 15),
    ("Super Southie", "AS 2S 3S 4S 5S 6S", 30),
    ("Southie", "AS 2H 3S 4D 5S 6C", 15),
    ("Half Southie", "4S 5S 6S", 7.5),
    ("Half Southie", "AS 2S 3S", 7.5),
    ("Super Steven", "4C 4D 4D 10C 10C 10D", 18),
    ("Even Steven", "4H 4S 4D 10H 10S 10S", 9),
    ("Half Steven", "4D 10D 10D", 4.5),
    ("Half Steven", "4C 4C 10C", 4.5),
    ("Super Todd", "3C 3C 3D 9D 9D 9C", 8),
    ("Odd Todd", "3H 3H 3S 9S 9D 9C", 4),
    ("Half Todd", "3C 9C 9C", 2),
    ("Super Aces", "AH AC AC 2H 2H 2C", 8),
    ("Aces High", "AS AS AD 2D 2H 2C", 4),
    ("Half Aces", "AH 2H 2H", 2),
    ("Half Aces", "AC AC 2C", 2),
    ("Super Special", "5C 5S 5S 6C 6C 6S", 2),
    ("The Special Case", "5H 5D 5D 6H 6S 6C", 1),
    ("Half Special", "5S 6S 6S", 0.5),
    ("Super 7's", "7H 7H 7D 8D 8D 8H", 2),
    ("Lucky 7's", "7S 7C 7C 8S 8S 8D", 1),
    ("Half 7's", "7D 7D 8D", 0.5),
    ("Super Royalty", "JD JS JS QD QD QS", 12),
    ("Pure Royalty", "JH JC JC QH QS QD", 6),
    ("Half Royalty", "JS QS QS", 3),
]


def best_reading(cards: str, hands: str = "standard") -> tuple[str, float] | None:
    readings = Scorer(TABLE, Rules(hands=hands)).classify(parse_cards(cards))  # type: ignore[arg-type]
    return (readings[0].spec.name, as_number(readings[0].half_points)) if readings else None


def test_all_24_hands_are_covered_here():
    assert len({name for name, _, _ in RECOGNISED}) == 24


@pytest.mark.parametrize(("name", "cards", "points"), RECOGNISED)
def test_each_hand_is_recognised_with_its_points(name, cards, points):
    assert best_reading(cards) == (name, points)


@pytest.mark.parametrize(
    ("cards", "reading", "why"),
    [
        ("QH JH 10H 9H 8H 7S", ("Kingdom", 30), "one suit off a Super Kingdom leaves a plain Kingdom"),
        ("AS 2S 3S 4S 5S 6H", ("Southie", 15), "one suit off a Super Southie"),
        ("4C 4C 4D 10C 10C 10D", ("Even Steven", 9), "four of castle 2 and two of castle 3 is no Super"),
        ("3C 3C 3D 9D 9D 9H", ("Odd Todd", 4), "a Super Todd with one card of castle 1"),
        ("AH AH AC 2H 2C 2D", ("Aces High", 4), "a Super Aces with one card of castle 3"),
        ("5C 5S 5S 6C 6C 6H", ("The Special Case", 1), "a Super Special with one card of castle 1"),
        ("7H 7H 7D 8D 8D 8C", ("Lucky 7's", 1), "a Super 7's with one card of castle 2"),
        ("JD JS JS QD QD QH", ("Pure Royalty", 6), "a Super Royalty with one card of castle 1"),
        ("QH JH 10H 9H 8H 6H", None, "a wrong rank"),
        ("QH JH 10H 9H 8H", None, "five of six"),
        ("4H 4S 4D 10H 10S 9S", None, "a 9 in an Even Steven"),
        ("3H 3H 3S 9S 9D", None, "five of an Odd Todd"),
        ("AS AS AD 2D 2H 3C", None, "a 3 in an Aces High"),
        ("5H 5D 5D 6H 6S 7C", None, "a 7 in a Special Case"),
        ("7S 7C 7C 8S 8S 9D", None, "a 9 in a Lucky 7's"),
        ("JH JC JC QH QS KD", None, "a King in a Pure Royalty"),
        ("JH JC QH QS QD QC", None, "two Jacks, four Queens"),
        ("9H 10H JS", None, "a half hand over two suits"),
        ("4D 10D 10C", None, "a Half Steven over two suits"),
        ("4H 10H 10H", None, "a Half Steven in castle 1's suit"),
        ("8H 9H 10H 8H", None, "four cards are no hand"),
        ("7H 8H 10H", None, "not consecutive"),
        ("JH QH KH", None, "a King ends no run"),
        ("AD 2D 3D", None, "a Half Southie in castle 3's suit"),
        ("3D 9D 9D 9D", None, "three copies of one card cannot be, and four cards are no hand"),
    ],
)
def test_near_misses_are_refused_or_downgraded(cards, reading, why):
    assert best_reading(cards) == reading, why


@pytest.mark.parametrize(
    ("cards", "quick"),
    [
        ("9H 10H JS", ("Half Kingdom", 15)),
        ("4D 10D 10C", ("Half Steven", 4.5)),
        ("4H 10H 10H", ("Half Steven", 4.5)),
        ("AD 2H 3C", ("Half Southie", 7.5)),
        ("JH QC QS", ("Half Royalty", 3)),
        ("7S 8H 8D", ("Half 7's", 0.5)),
    ],
)
def test_the_quick_accepts_half_hands_of_any_suit(cards, quick):
    assert best_reading(cards) is None
    assert best_reading(cards, "quick") == quick


@pytest.mark.parametrize(
    ("hands", "recognised"),
    [("standard", 24), ("quick", 24), ("elders", 16), ("time-sink", 8)],
)
def test_hand_sets_limit_the_hands(hands, recognised):
    names = {best_reading(cards, hands) for _, cards, _ in RECOGNISED}
    assert len({reading[0] for reading in names if reading}) == recognised


def test_time_sink_keeps_only_supers():
    assert best_reading("QH JS 10H 9D 8H 7H", "time-sink") is None
    assert best_reading("QH JH 10H 9H 8H 7H", "time-sink") == ("Super Kingdom", 45)
    assert best_reading("9H 10H JH", "elders") is None


def test_why_not_a_hand_explains_itself():
    scorer = Scorer(TABLE, Rules())
    suits = scorer.why_not_a_hand(parse_cards("9H 10H JS"))
    assert suits is not None and suits.code == "hand_suits_wrong"
    assert "Half Kingdom" in suits.message and "castle 1 = H" in suits.message
    assert scorer.why_not_a_hand(parse_cards("2H 7C 9D")).code == "not_a_hand"  # type: ignore[union-attr]
    assert scorer.why_not_a_hand(parse_cards("9H 10H KH")).code == "king_in_hand"  # type: ignore[union-attr]
    assert scorer.why_not_a_hand(parse_cards("9H 10H JH")) is None
    elders = Scorer(TABLE, Rules(hands="elders")).why_not_a_hand(parse_cards("9H 10H JH"))
    assert elders is not None and elders.code == "hand_not_in_set" and "ELDERS" in elders.message


def test_find_hands_lists_every_instance_once_in_its_best_reading():
    found = Scorer(TABLE, Rules()).find_hands(parse_cards("QH JH 10H 9H 8H 7H 3S"))
    names = sorted(hand.spec.name for hand in found)
    assert names == ["Half Kingdom"] * 4 + ["Super Kingdom"]


# -- the best split against a brute force read from the rule book (rules.md §15-16) ------------------
POINTS_ON_TABLE = {name: points for name, _, points in RECOGNISED}  # worked out by hand above


def brute_force_best(cards: list[Card], hands: str, no_harm_no_foul: bool) -> float:
    """The highest score over every way to set aside hands (any 3 or 6 of the cards the oracle calls a hand)
    and name a Pointer among the rest; left-overs cost their face value unless Kings save them."""
    kings_held = sum(card.is_king for card in cards)

    def best(rest: tuple[Card, ...], hand_points: float) -> float:
        score = -math.inf
        for index, pointer in enumerate(rest):
            left = sorted((card.rank for j, card in enumerate(rest) if j != index and not card.is_king), reverse=True)
            saved = len(left) if no_harm_no_foul or kings_held >= 2 else min(kings_held, len(left))
            score = max(score, pointer.rank + hand_points - sum(left[saved:]))
        for size in (3, 6):
            for chosen in combinations(range(len(rest)), size):
                names = oracle([rest[i] for i in chosen], "HCDS", hands)
                if names:
                    others = tuple(card for i, card in enumerate(rest) if i not in chosen)
                    score = max(score, best(others, hand_points + max(POINTS_ON_TABLE[name] for name in names)))
        return score

    return best(tuple(cards), 0) if cards else 0


FAMILY_RANKS = [(7, 8, 9, 10, 11, 12), (1, 2, 3, 4, 5, 6), (4, 10), (3, 9), (1, 2), (5, 6), (7, 8), (11, 12)]  # §12's table


@pytest.mark.parametrize("hands", ["standard", "quick"])
def test_the_best_split_scores_what_a_brute_force_finds(hands):
    """Holdings of up to 8 cards from two families' ranks in two suits, and a King now and then, so that
    hands overlap and the search has choices to weigh."""
    rng = random.Random(hands)
    deck = [card for card in full_deck() if card not in parse_cards("5H 9C 4D 10S")]
    with_hands = with_two = 0
    for _ in range(80):
        ranks = {*rng.choice(FAMILY_RANKS), *rng.choice(FAMILY_RANKS), 13}
        suits = rng.sample("HCDS", 2)
        pool = [card for card in deck if card.rank in ranks and card.suit in suits]
        cards = rng.sample(pool, min(len(pool), rng.randint(6, 8)))
        no_harm = rng.random() < 0.25
        split = Scorer(TABLE, Rules(hands=hands, no_harm_no_foul=no_harm)).best_split(cards)  # type: ignore[arg-type]
        assert as_number(split.half_score) == brute_force_best(cards, hands, no_harm), " ".join(map(str, cards))
        with_hands += bool(split.hands)
        with_two += len(split.hands) >= 2
    assert with_hands >= 20 and with_two >= 1  # the search weighed hands, not only a Pointer

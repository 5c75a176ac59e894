"""Pack.holds, the count a state check asks first, against the rule written out here: every card one of the pack's
ranks, and no card more often than the pack has decks."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from service.core.cards import ONE_DECK, Card, Pack

packs = st.builds(
    Pack,
    decks=st.integers(min_value=1, max_value=3),
    ranks=st.lists(st.integers(min_value=1, max_value=13), min_size=1, max_size=13, unique=True).map(lambda ranks: tuple(sorted(ranks))),
)


def oracle(pack: Pack, cards: list[Card]) -> bool:
    counts = Counter(cards)
    return all(card.rank in pack.ranks and count <= pack.decks for card, count in counts.items())


@given(packs, st.lists(st.sampled_from(ONE_DECK), max_size=60))
def test_holds_is_the_rule(pack: Pack, cards: list[Card]) -> None:
    assert pack.holds(cards) is oracle(pack, cards)
    assert pack.holds(iter(cards)) is oracle(pack, cards)  # a single pass is enough


def test_the_limits() -> None:
    two_decks, forty = Pack(decks=2), Pack(ranks=tuple(range(1, 11)))
    assert two_decks.holds([Card(5, "H"), Card(5, "H")]) and not two_decks.holds([Card(5, "H")] * 3)
    assert forty.holds([Card(10, "S")]) and not forty.holds([Card(11, "S")])
    assert Pack().holds([])
    assert not Pack().holds([Card(5, "X")])  # not a card of any pack

"""Tables for the tests, written the way people read them: piles top first, hands in the order taken."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from service.core.cards import Card, Pack, parse_cards
from service.core.zones import Zone
from service.games.nineteen_twenty_three.state import MatchState, Rules, Seat


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def table(
    hands: Mapping[str, str],
    pile: str = "",
    *,
    decks: int = 1,
    target: int = 21,
    won: Mapping[str, str] | None = None,
    points: Mapping[str, int] | None = None,
    match_cards: Mapping[str, int] | None = None,
    locked: bool = True,
    seed: int = 7,
) -> MatchState:
    """A referee-dealt state: the hands and the pile (top first) as given, every other card of the pack dead.

    With ``locked`` every player has locked (phase reveal); otherwise nobody has (phase play).
    """
    won = won or {}
    points = points or {}
    match_cards = match_cards or {}
    hand_cards = {name: cards(text) for name, text in hands.items()}
    won_cards = {name: cards(won.get(name, "")) for name in hands}
    pile_cards = tuple(reversed(cards(pile)))
    used = Counter(pile_cards)
    for group in (*hand_cards.values(), *won_cards.values()):
        used.update(group)
    rest = Counter(Pack(decks=decks).cards()) - used
    assert not used - Counter(Pack(decks=decks).cards()), "the table uses more copies than the decks hold"
    seats = tuple(Seat(name, Zone(hand_cards[name]), locked, won_cards[name], points.get(name, 0), match_cards.get(name, 0)) for name in hands)
    taken = tuple(name for name in hands for _ in hand_cards[name])
    return MatchState(Rules(decks, target), seats, Zone(pile_cards), "service", Zone(tuple(rest.elements())), taken, "reveal" if locked else "play", seed=seed)

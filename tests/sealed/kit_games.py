"""The kit games whose deals are sealed from their engine's zones, as the sealed tests drive them (issue 28).

Each :class:`Case` says, independently of the split under test, what the game hides: ``unseen(state, seat)``
is every card ``seat`` may not see (the oracle), and ``reshuffle(state, seat, rng)`` deals those cards
differently while keeping everything that seat may see, the rule book's secrets as issue 28 lists them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from service.core.sealing import Seal, seal_state
from service.core.zone_split import ZoneSplit
from service.core.zones import Zone
from service.games.nineteen_twenty_three import GAME as NINETEEN_23
from service.games.nineteen_twenty_three.sealed import SPLIT as NINETEEN_23_SPLIT
from service.games.nineteen_twenty_three.start import new_match as new_1923_match
from service.games.nineteen_twenty_three.state import MatchState
from service.games.nineteen_twenty_three.table import CARDS_PER_DECK
from service.games.three_kings import GAME as THREE_KINGS
from service.games.three_kings.cards import pack_size
from service.games.three_kings.sealed import SPLIT as THREE_KINGS_SPLIT
from service.games.three_kings.start import new_game as new_three_kings_game
from service.games.three_kings.state import GameState as ThreeKingsState
from service.games.twenty_four import GAME as TWENTY_FOUR
from service.games.twenty_four.sealed import SPLIT as TWENTY_FOUR_SPLIT
from service.games.twenty_four.start import MAX_SEED
from service.games.twenty_four.start import new_game as twenty_four_game
from service.games.twenty_four.state import MAX_PLAYERS, Rules, TwentyFourState
from service.games.twenty_four_1718.game import GAME as TWENTY_FOUR_1718
from service.games.twenty_four_1718.pack import DECK_SIZE
from service.games.twenty_four_1718.sealed import SPLIT as TWENTY_FOUR_1718_SPLIT
from service.games.twenty_four_1718.start import new_match as new_1718_match
from service.games.twenty_four_1718.state import TableState

from .keys import TEST_SEALER


@dataclass(frozen=True)
class Case:
    slug: str
    engine: Any
    split: ZoneSplit
    deal: Callable[[list[str], int], Any]  # the engine's deal of a seed
    unseen: Callable[[Any, str], list[str]]  # the cards ``seat`` may not see (the oracle)
    reshuffle: Callable[[Any, str, random.Random], Any]  # the same table to ``seat``, its unseen cards dealt otherwise
    quiet_move: Callable[[Any, str], dict[str, Any]]  # a move of ``seat`` that turns no card
    largest: Callable[[], list[tuple[Any, dict[str, Any]]]]  # per table shape, a state and the largest hidden part it can have
    table_move: dict[str, Any] | None = None  # a move of the table itself (no player), if the game has one
    others_move: Callable[[Any, str], dict[str, Any]] | None = None  # a move of ``seat`` that turns a card only it might see
    taken: Callable[[Any, str], str] | None = None  # after ``others_move``: the card it turned, which nobody is told
    players: tuple[str, ...] = ("ann", "bob", "cy")
    visible: Callable[[Any], list[str]] | None = None  # where a card's text names only its rank (Three Kings): every card all may see

    def leaked(self, state: Any, seat: str, public: Any) -> list[str]:
        """The unseen cards ``public`` shows: by their texts where each card's text is its own, else every card text
        in it beyond those all may see (an unseen 4 is then told apart from the table's 4 only by counting)."""
        unseen = self.unseen(state, seat)
        if self.visible is None:
            return sorted(set(unseen) & words_of(public))
        vocabulary = set(unseen) | set(self.visible(state))
        shown = Counter(text for text in strings_of(public) if text in vocabulary)
        return sorted((shown - Counter(self.visible(state))).elements())

    def sealed(self, state: Any, seal: Seal) -> dict[str, Any]:
        """``state`` sealed as the app seals it, with each seat's key."""
        sealed = seal_state(self.split, TEST_SEALER, self.slug, state, seal)
        keys = {seat: TEST_SEALER.seat_key(self.slug, seal.match, seat) for seat in self.split.seats(state)}
        return {"state": sealed.public.to_dict(), "sealed": sealed.token, "seat_keys": keys}


def words_of(data: Any) -> set[str]:
    return set(json.dumps(data).replace('"', " ").replace("'", " ").replace(",", " ").replace("[", " ").replace("]", " ").split())


def strings_of(data: Any) -> list[str]:
    """Every string value in plain data, keys aside."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [text for value in data.values() for text in strings_of(value)]
    if isinstance(data, list):
        return [text for value in data for text in strings_of(value)]
    return []


# -- Twenty-Four: every face-down pile and the seed are hidden from every seat (rules.md §2.3: piles face down) ----------
def _24_unseen(state: TwentyFourState, seat: str) -> list[str]:
    return [str(card) for player in state.players for card in player.pile]


def _24_reshuffle(state: TwentyFourState, seat: str, rng: random.Random) -> TwentyFourState:
    """The face-down cards shuffled among the piles, each pile keeping its size, and another seed."""
    cards = [card for player in state.players for card in player.pile]
    rng.shuffle(cards)
    players, at = [], 0
    for player in state.players:
        players.append(replace(player, pile=tuple(cards[at : at + len(player.pile)])))
        at += len(player.pile)
    return replace(state, players=tuple(players), seed=rng.randrange(2**53))


def _24_largest() -> list[tuple[Any, dict[str, Any]]]:
    """All 52 cards (face cards in) face down in 8 piles, each written "10H", and the largest seed."""
    state = twenty_four_game([f"p{i}" for i in range(MAX_PLAYERS)], Rules(face_cards=True), 1, 0).state
    piles = {f"/players/{seat}/pile": ["10H"] * (52 // MAX_PLAYERS + (seat < 52 % MAX_PLAYERS)) for seat in range(MAX_PLAYERS)}
    return [(state, piles | {"/seed": MAX_SEED})]


TWENTY_FOUR_CASE = Case(
    slug="twenty-four",
    engine=TWENTY_FOUR,
    split=TWENTY_FOUR_SPLIT,
    deal=lambda names, seed: twenty_four_game(names, Rules(hands=2), seed, 0).state,
    unseen=_24_unseen,
    reshuffle=_24_reshuffle,
    quiet_move=lambda state, seat: {"action": "claim", "player": seat, "expression": "1 + 1 + 1 + 1"},  # wrong: bars, turns nothing
    largest=_24_largest,
    table_move={"action": "set_aside", "reason": "agreed"},
)


# -- 1923: every hand (the unknown card from its own holder too, §3.2), the pile and the seed -----------------------------
def _1923_unseen(state: MatchState, seat: str) -> list[str]:
    """Everything but the seat's own hand without its last card (§7.2) and the public zones."""
    cards = [str(card) for card in state.pile.cards]
    for player in state.seats:
        hand = [str(card) for card in player.hand.cards]
        cards += hand[-1:] if player.name == seat else hand
    return cards


def _1923_reshuffle(state: MatchState, seat: str, rng: random.Random) -> MatchState:
    """The cards ``seat`` cannot see (every other hand, its own unknown card, the pile) dealt otherwise, sizes kept."""
    slots: list[tuple[int | None, int]] = [(None, at) for at in range(len(state.pile.cards))]  # (seat index or None for the pile, position)
    for index, player in enumerate(state.seats):
        size = len(player.hand.cards)
        slots += [(index, at) for at in range(size) if player.name != seat or at == size - 1]
    zones = [list(state.pile.cards)] + [list(player.hand.cards) for player in state.seats]
    cards = [zones[0 if index is None else index + 1][at] for index, at in slots]
    rng.shuffle(cards)
    for (index, at), card in zip(slots, cards, strict=True):
        zones[0 if index is None else index + 1][at] = card
    seats = tuple(replace(player, hand=Zone(tuple(zones[index + 1]))) for index, player in enumerate(state.seats))
    return replace(state, seats=seats, pile=Zone(tuple(zones[0])), seed=rng.randrange(2**53))


def _1923_largest() -> list[tuple[Any, dict[str, Any]]]:
    """Per table shape (players, decks), every card of the pack hidden in hands and the pile, each written "10H"."""
    found = []
    for players, decks in ((2, 1), (3, 1), (7, 3), (100, 34)):
        state, _ = new_1923_match([f"p{i}" for i in range(players)], decks, 21, 1)
        pack = decks * CARDS_PER_DECK
        hands = {f"/players/{seat}/hand": ["10H"] * 2 for seat in range(players)}
        found.append((state, hands | {"/pile": ["10H"] * (pack - 2 * players), "/seed": MAX_SEED}))
    return found


NINETEEN_23_CASE = Case(
    slug="1923",
    engine=NINETEEN_23,
    split=NINETEEN_23_SPLIT,
    deal=lambda names, seed: new_1923_match(names, None, 21, seed)[0],
    unseen=_1923_unseen,
    reshuffle=_1923_reshuffle,
    quiet_move=lambda state, seat: {"action": "lock", "player": seat},
    others_move=lambda state, seat: {"action": "take", "player": seat},  # the card taken is its taker's unknown card (§3.2)
    taken=lambda state, seat: str(next(player for player in state.seats if player.name == seat).hand.cards[-1]),
    largest=_1923_largest,
)


# -- Twenty-Four (1718): each hand (its holder's alone), the face-down stock and the seed; the turn-up is public ----------
def _1718_unseen(state: TableState, seat: str) -> list[str]:
    return [str(card) for player in state.players if player.name != seat for card in player.hand] + [str(card) for card in state.stock.cards]


def _1718_reshuffle(state: TableState, seat: str, rng: random.Random) -> TableState:
    """Every other hand and the face-down stock dealt otherwise from the same cards, sizes kept; another seed."""
    zones = [list(player.hand) for player in state.players if player.name != seat] + [list(state.stock.cards)]
    cards = [card for zone in zones for card in zone]
    rng.shuffle(cards)
    dealt, at = [], 0
    for zone in zones:
        dealt.append(tuple(cards[at : at + len(zone)]))
        at += len(zone)
    others = iter(dealt[:-1])
    players = tuple(player if player.name == seat else replace(player, hand=next(others)) for player in state.players)
    return replace(state, players=players, stock=replace(state.stock, cards=dealt[-1]), seed=rng.randrange(2**53))


def _1718_move(state: TableState, seat: str) -> dict[str, Any]:
    """The seat's first legal move when it acts (its own cards only); else a declaration out of turn, refused."""
    if state.players[state.to_act].name == seat:
        move: dict[str, Any] = dict(TWENTY_FOUR_1718.legal_moves(state)[0].to_dict())
        return move
    return {"action": "declare", "player": seat}


def _1718_largest() -> list[tuple[Any, dict[str, Any]]]:
    """Five seats, every card of the pack but the turn-up hidden, each written "10H", the largest seed."""
    state = new_1718_match([f"p{i}" for i in range(5)], seed=1).state
    hidden = [len(player.hand) for player in state.players] + [len(state.stock.cards)]
    spare = DECK_SIZE - 1 - sum(hidden)  # nothing is left over, but a pack read another way would still fit
    hands = {f"/players/{seat}/hand": ["10H"] * (size + (spare if seat == 0 else 0)) for seat, size in enumerate(hidden[:-1])}
    return [(state, hands | {"/stock/cards": ["10H"] * hidden[-1], "/seed": MAX_SEED})]


TWENTY_FOUR_1718_CASE = Case(
    slug="twenty-four-1718",
    engine=TWENTY_FOUR_1718,
    split=TWENTY_FOUR_1718_SPLIT,
    deal=lambda names, seed: new_1718_match(names, seed=seed).state,
    unseen=_1718_unseen,
    reshuffle=_1718_reshuffle,
    quiet_move=_1718_move,
    largest=_1718_largest,
    players=("ann", "bob", "cy", "di"),
)


# -- Three Kings: every hand (its holder's alone), the draw pile and the seed (rules.md §2.2: hands held, pile face down) -
def _3k_unseen(state: ThreeKingsState, seat: str) -> list[str]:
    return [str(card) for player in state.players if player.name != seat for card in player.hand.cards] + [str(card) for card in state.draw_pile.cards]


def _3k_deal(names: list[str], seed: int) -> ThreeKingsState:
    """The first deal from ``seed`` on that leaves the game going (three Kings dealt end it at once, §7.1)."""
    while (state := new_three_kings_game(names, seed=seed).state).phase == "over":
        seed += 1000
    return state


def _3k_reshuffle(state: ThreeKingsState, seat: str, rng: random.Random) -> ThreeKingsState:
    """Every other hand and the pile dealt otherwise from the same cards, sizes kept, no hand dealt three Kings; another seed."""
    zones = [list(player.hand.cards) for player in state.players if player.name != seat] + [list(state.draw_pile.cards)]
    cards = [card for zone in zones for card in zone]
    while True:
        rng.shuffle(cards)
        dealt, at = [], 0
        for zone in zones:
            dealt.append(tuple(cards[at : at + len(zone)]))
            at += len(zone)
        if all(sum(card.is_king for card in hand) < 3 for hand in dealt[:-1]):
            break
    others = iter(dealt[:-1])
    players = tuple(player if player.name == seat else replace(player, hand=Zone(next(others))) for player in state.players)
    return replace(state, players=players, draw_pile=Zone(dealt[-1]), seed=rng.randrange(2**53))


def _3k_largest() -> list[tuple[Any, dict[str, Any]]]:
    """Per number of players, every card of the pack hidden in hands and the pile, each written "10"; the longest seed
    and the longest name as the holder of three Kings (a name is 64 characters of up to 4 bytes)."""
    found = []
    for players in (2, 3, 20):
        state = new_three_kings_game([f"p{i}" for i in range(players)], seed=1).state
        hands = {f"/players/{seat}/hand": ["10"] * 4 for seat in range(players)}
        found.append((state, hands | {"/draw_pile": ["10"] * (pack_size(players) - 4 * players), "/seed": MAX_SEED, "/three_kings": "\U0001d54f" * 64}))
    return found


THREE_KINGS_CASE = Case(
    slug="three-kings",
    engine=THREE_KINGS,
    split=THREE_KINGS_SPLIT,
    deal=_3k_deal,
    unseen=_3k_unseen,
    reshuffle=_3k_reshuffle,
    quiet_move=lambda state, seat: {"action": "show_kings", "player": seat},  # nobody holds three Kings: refused, turns nothing
    largest=_3k_largest,
    visible=lambda state: [str(card) for card in state.table] + [str(card) for player in state.players for card in player.pile],
    players=("ann", "bob"),
)

CASES = [TWENTY_FOUR_CASE, NINETEEN_23_CASE, TWENTY_FOUR_1718_CASE, THREE_KINGS_CASE]

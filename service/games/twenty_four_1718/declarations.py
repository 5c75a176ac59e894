"""The declarations: the sequences and the Point of every hand, and who wins each (rules.md §5, §6).

Players declare from the leader to the right, the dealer last; a hand's
position in the list given here is its order of declaration, which breaks
the last ties of both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from service.core.cards import RANK_NAMES, SUITS, Card, card_texts

from .pack import FACE_VALUE_CAP

SEQUENCE_MIN = 5  # a quint is the shortest sequence
SUIT_SIZE = 13  # cards of a suit, Ace to King
SUIT_VALUES = sorted(min(rank, FACE_VALUE_CAP) for rank in range(1, SUIT_SIZE + 1))  # a suit's Point values, lowest first


@dataclass(frozen=True, slots=True)
class Run:
    """A run of five or more cards of one suit in consecutive ranks, Ace low, no wrap past the King."""

    player: int  # order of declaration: 0 is the leader
    suit: str
    low: int
    high: int

    @property
    def length(self) -> int:
        return self.high - self.low + 1

    @property
    def cards(self) -> list[Card]:
        return [Card(rank, self.suit) for rank in range(self.low, self.high + 1)]

    def strength(self, trump: str) -> tuple[int, int, bool, int]:
        """Longer, then higher top card, then trumps over a plain suit, then the earlier declarer."""
        return self.length, self.high, self.suit == trump, -self.player

    def to_dict(self) -> dict[str, object]:
        return {"player_position": self.player + 1, "suit": self.suit, "cards": card_texts(self.cards), "length": self.length, "top": RANK_NAMES[self.high]}


@dataclass(frozen=True, slots=True)
class PointCount:
    """A player's Point: the number of cards of their longest suit and those cards' sum."""

    player: int
    suit: str
    count: int
    total: int

    def strength(self) -> tuple[int, int, int]:
        """More cards, then the higher sum, then the earlier declarer; trumps give nothing."""
        return self.count, self.total, -self.player

    def to_dict(self) -> dict[str, object]:
        return {"player_position": self.player + 1, "suit": self.suit, "count": self.count, "sum": self.total}


@dataclass(frozen=True, slots=True)
class Declarations:
    """Every player's sequences and Point, and the winners of both."""

    sequences: tuple[Run, ...]  # every sequence of every player, in order of declaration
    points: tuple[PointCount, ...]  # one per player
    trump: str

    @property
    def best_sequence(self) -> Run | None:
        return max(self.sequences, key=lambda run: run.strength(self.trump), default=None)

    @property
    def sequence_winner(self) -> int | None:
        best = self.best_sequence
        return None if best is None else best.player

    def scoring_sequences(self) -> list[Run]:
        """The sequences that score, one chip each: the best first, then the winner's others in order."""
        best = self.best_sequence
        if best is None:
            return []
        return [best, *(run for run in self.sequences if run.player == best.player and run != best)]

    @property
    def point(self) -> PointCount:
        return max(self.points, key=PointCount.strength)


class Claim(NamedTuple):
    """What a player announces: their sequences and their Point as (count, sum); None where they say nothing.

    A named tuple rather than a frozen dataclass: a real table's state carries one per player, read on every request
    (issue 25)."""

    sequences: tuple[tuple[Card, ...], ...] | None = None
    point: tuple[int, int] | None = None

    def to_dict(self) -> dict[str, object]:
        return claim_fields({}, self.sequences, self.point)


def claim_fields(data: dict[str, object], sequences: tuple[tuple[Card, ...], ...] | None, point: tuple[int, int] | None) -> dict[str, object]:
    """``data`` with an announcement's fields added as the wire writes them (each only when said): a claim's plain
    form, and a declaring move's, written in this one place."""
    if sequences is not None:
        data["sequences"] = [card_texts(run) for run in sequences]
    if point is not None:
        data["point"] = {"count": point[0], "sum": point[1]}
    return data


@dataclass(frozen=True, slots=True)
class ClaimFault:
    """A part of an announcement that the hand contradicts: the field, a stable code, the rule section, why."""

    field: str
    code: str
    rule: str
    message: str


def claim_faults(declared: Declarations, player: int, claim: Claim) -> list[ClaimFault]:
    """How an announcement differs from what ``player``'s hand holds: every sequence must be declared, the Point exactly (§5.2, §6.1)."""
    faults = []
    held = sorted(sorted(run.cards) for run in declared.sequences if run.player == player)
    if claim.sequences is not None and sorted(map(sorted, claim.sequences)) != held:
        shown = "; ".join(" ".join(card_texts(run)) for run in held) or "none"
        faults.append(ClaimFault("sequences", "wrong_sequences", "5.2", f"the hand holds these sequences, every one declared: {shown}"))
    point = declared.points[player]
    if claim.point is not None and claim.point != (point.count, point.total):
        faults.append(ClaimFault("point", "wrong_point", "6.1", f"the hand's Point is {point.count} cards worth {point.total}"))
    return faults


def announced(claims: Sequence[Claim], trump: str) -> Declarations:
    """The declarations as the players announced them at a real table, from the leader to the right (§13.4)."""
    runs = []
    points = []
    for player, claim in enumerate(claims):
        for cards in claim.sequences or ():
            ranks = [card.rank for card in cards]
            runs.append(Run(player, cards[0].suit, min(ranks), max(ranks)))
        count, total = claim.point or (0, 0)
        points.append(PointCount(player, "", count, total))
    return Declarations(tuple(runs), tuple(points), trump)


def is_sequence(cards: Sequence[Card]) -> bool:
    """Whether ``cards`` are a sequence (§5.1): five or more of one suit in consecutive ranks, each once. In rank
    order, the n-th card of a sequence is its lowest rank plus n, always in its one suit."""
    return len(cards) >= SEQUENCE_MIN and len({(card.rank - index, card.suit) for index, card in enumerate(sorted(cards))}) == 1


def ranks_by_suit(hand: Sequence[Card]) -> dict[str, list[int]]:
    """The ranks a hand holds in each suit, low to high: both declarations read the hand this way, once."""
    suits: dict[str, list[int]] = {suit: [] for suit in SUITS}
    for rank, suit in sorted(hand):  # low to high, so each suit's ranks come in order
        suits[suit].append(rank)
    return suits


def sequences_in(suits: dict[str, list[int]], player: int = 0) -> list[Run]:
    """Every sequence of a hand, suit by suit (S H D C), low runs first; a run of seven is one sequence."""
    found = []
    for suit, ranks in suits.items():
        if len(ranks) < SEQUENCE_MIN:
            continue
        start = 0
        for index in range(1, len(ranks) + 1):
            if index == len(ranks) or ranks[index] != ranks[index - 1] + 1:
                if index - start >= SEQUENCE_MIN:
                    found.append(Run(player, suit, ranks[start], ranks[index - 1]))
                start = index
    return found


def point_of(suits: dict[str, list[int]], player: int = 0) -> PointCount:
    """The Point of a hand: its longest suit; of two equally long, the one with the higher sum (S H D C on a full tie)."""
    best = PointCount(player, SUITS[0], -1, -1)
    for suit, ranks in suits.items():
        if len(ranks) >= best.count:
            total = sum(min(rank, FACE_VALUE_CAP) for rank in ranks)
            if (len(ranks), total) > (best.count, best.total):
                best = PointCount(player, suit, len(ranks), total)
    return best


def point_sums(count: int) -> range:
    """The sums ``count`` cards of one suit can be worth: from its lowest cards (A 2 3 ...) to its highest (K Q J 10 9 ...)."""
    if not 1 <= count <= SUIT_SIZE:
        return range(0)
    return range(sum(SUIT_VALUES[:count]), sum(SUIT_VALUES[SUIT_SIZE - count :]) + 1)


def declare(hands: Sequence[Sequence[Card]], trump: str) -> Declarations:
    """The declarations of a deal: ``hands`` from the leader to the right, the dealer last."""
    suits = [ranks_by_suit(hand) for hand in hands]
    runs = tuple(run for player, ranks in enumerate(suits) for run in sequences_in(ranks, player))
    return Declarations(runs, tuple(point_of(ranks, player) for player, ranks in enumerate(suits)), trump)

"""One hand's scores in the order of precedence, and the replay of its tricks (rules.md §4-§9).

The referee's moves and the ``/score`` endpoint both score through these
functions, so a hand scores the same whichever way it reaches the service.
Seats are numbered as the caller numbers them; ``leader`` is the seat that
declares first and leads the first trick.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import NamedTuple

from service.core.cards import ONE_DECK, SUITS, Card, card_texts
from service.core.problems import Problem

from .chips import Tally
from .declarations import SUIT_SIZE, Declarations
from .pack import is_honor
from .tricks import duty_of_holding, meets, obligation, refusal, winning_position


def score_turn_up(tally: Tally, dealer: int, turn_up: Card, honors: str) -> Tally:
    """The dealer's chip when the turn-up is an honor (§4)."""
    if is_honor(turn_up, turn_up.suit, honors):
        return tally.award("turn_up", dealer, {"card": str(turn_up)})
    return tally


def score_declarations(tally: Tally, declared: Declarations, leader: int) -> Tally:
    """The sequences, one chip each for the winner's (the best first), then the Point (§5.4, §6.3)."""
    seats = len(declared.points)
    for run in declared.scoring_sequences():
        tally = tally.award("sequence", (leader + run.player) % seats, {"cards": card_texts(run.cards)})
    point = declared.point
    return tally.award("point", (leader + point.player) % seats, {"count": point.count, "sum": point.total})


def score_trick(tally: Tally, winner: int, cards: Sequence[Card], trump: str, honors: str, number: int) -> Tally:
    """One chip for each honor in the trick, to the player who takes it, as it is taken (§8)."""
    for card in cards:
        if is_honor(card, trump, honors):
            tally = tally.award("honors", winner, {"card": str(card), "trick": number})
    return tally


def card_winner(tricks_taken: Sequence[int], leader: int) -> int:
    """The most tricks; on a tie, the earlier player counting from the leader to the right (§9)."""
    seats = len(tricks_taken)
    return max(range(seats), key=lambda seat: (tricks_taken[seat], -((seat - leader) % seats)))


def score_card(tally: Tally, tricks_taken: Sequence[int], leader: int) -> Tally:
    winner = card_winner(tricks_taken, leader)
    return tally.award("card", winner, {"tricks": tricks_taken[winner]})


class PlayedTrick(NamedTuple):
    """A trick as played: who led, the cards in playing order, who took it (None while it is under way).

    A named tuple rather than a frozen dataclass: every state check replays the hand, one per trick (issue 25)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None

    def to_dict(self) -> dict[str, object]:
        """Who led and who took it by position in the order of declaration, counted from 1 (the leader is 1)."""
        return {"leader_position": self.leader + 1, "cards": card_texts(self.cards), "winner_position": None if self.winner is None else self.winner + 1}


@dataclass(frozen=True, slots=True)
class Replay:
    """The tricks of a hand replayed from the deal: each trick's leader and taker, every illegal play."""

    tricks: tuple[PlayedTrick, ...]
    problems: tuple[Problem, ...]

    @property
    def next_leader(self) -> int | None:
        """Who leads the next trick: the taker of the last one (None if the last is under way)."""
        return self.tricks[-1].winner if self.tricks else None


def replay(
    held: Sequence[int],
    leader: int,
    tricks: Sequence[Sequence[Card]],
    trump: str,
    pointers: Sequence[str],
    leaders: Sequence[int] | None = None,
) -> Replay:
    """Play ``tricks`` (each in playing order) from the dealt hands, each seat's ``held`` as its :func:`holding` (the
    state check reads them once from each seat's hand and plays): who played each card, whether it was legal (§7).

    Each trick is led by the taker of the one before, the first by ``leader``; or, given ``leaders``, by the seat
    each names, as a state records them (the state check then compares each with the taker of the trick before).

    Every fault is reported, each at ``<pointer of its trick>/<position>``: a card its player does not
    hold, a card the duty forbids, a trick longer than the table. Only the last trick may be incomplete.

    One pass: each trick is kept as its suit led, highest card of that suit and highest trump, and each hand's
    highest card of a suit is its 13 bits' ``bit_length()``, so the duty of every card played is read from a few
    tops (:func:`~.tricks.duty_of_holding`, :func:`~.tricks.meets`); the duty's list of plays and its words are
    built only for a card it refuses. A complete trick's taker is :func:`~.tricks.winning_position`'s, the one
    statement of that rule.
    """
    held = list(held)  # played down card by card: the caller's holdings stay as dealt
    seats = len(held)
    problems: list[Problem] = []
    played: list[PlayedTrick] = []
    lead = leader
    last = len(tricks) - 1
    trump_at = SUIT_SHIFT[trump]
    for number, cards in enumerate(tricks):
        if leaders is not None:
            lead = leaders[number]
        if len(cards) > seats:
            problems.append(Problem(pointers[number], "trick_too_long", f"a trick has one card from each of the {seats} players, not {len(cards)}"))
            cards = cards[:seats]
        elif len(cards) < seats and number != last:
            problems.append(Problem(pointers[number], "trick_incomplete", f"only the last trick may be under way; this one has {len(cards)} of {seats} cards"))
        led: str | None = None
        led_at = 0
        high = trumped = 0  # the tops the duty of the next card reads: the highest of the suit led, the highest trump
        for position, card in enumerate(cards):
            seat = (lead + position) % seats
            hand = held[seat]
            bit = CARD_BITS[card]
            rank, suit = card
            if not hand & bit:
                problems.append(
                    Problem(
                        f"{pointers[number]}/{position}",
                        "card_not_in_hand",
                        f"hand {seat + 1} (the leader's is hand 1) does not hold {card} at this point of the play",
                    )
                )
            else:
                top_led = (hand >> led_at & SUIT_BITS).bit_length() if led else 0
                duty = duty_of_holding(led, high, trumped, top_led, (hand >> trump_at & SUIT_BITS).bit_length())
                if not meets(duty, card, led, trumped if duty == "overruff" else high, trump):
                    problems.append(Problem(f"{pointers[number]}/{position}", *_refused(hand, cards[:position], card, trump)))
                held[seat] = hand ^ bit
            if led is None:
                led, led_at = suit, SUIT_SHIFT[suit]
            if suit == trump and rank > trumped:
                trumped = rank
            if suit == led and rank > high:
                high = rank
        winner = (lead + winning_position(cards, trump)) % seats if len(cards) == seats else None
        played.append(PlayedTrick(lead, tuple(tricks[number]), winner))
        if winner is not None:
            lead = winner
    return Replay(tuple(played), tuple(problems))


SUIT_BITS = (1 << SUIT_SIZE) - 1
SUIT_SHIFT: dict[str, int] = {suit: SUIT_SIZE * index for index, suit in enumerate(SUITS)}
CARD_BITS: dict[Card, int] = {card: 1 << (SUIT_SHIFT[card.suit] + card.rank - 1) for card in ONE_DECK}
"""A hand as one integer: suit s holds bits ``SUIT_SHIFT[s]`` up, rank r its bit r - 1. A suit's highest rank held is
then ``(held >> SUIT_SHIFT[s] & SUIT_BITS).bit_length()`` (0 for none), whether a card is held one AND, its play one XOR."""


def holding(hand: Iterable[Card]) -> int:
    """The cards of ``hand`` as bits (:data:`CARD_BITS`); a card listed twice is held once."""
    return reduce(or_, map(CARD_BITS.__getitem__, hand), 0)


def _refused(held: int, before: Sequence[Card], card: Card, trump: str) -> tuple[str, str]:
    """The code and words of a play the duty refuses: the duty read again from the whole hand, as the legal plays read it."""
    hand = [one for one in ONE_DECK if held & CARD_BITS[one]]
    refused = refusal(obligation(hand, before, trump), card)
    assert refused is not None  # the same duty (duty_of_holding), read from the hand's tops above
    return refused

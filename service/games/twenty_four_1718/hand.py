"""One hand's scores in the order of precedence, and the replay of its tricks (rules.md §4-§9).

The referee's moves and the ``/score`` endpoint both score through these
functions, so a hand scores the same whichever way it reaches the service.
Seats are numbered as the caller numbers them; ``leader`` is the seat that
declares first and leads the first trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.core.cards import Card, card_texts
from service.core.problems import Problem

from .chips import Tally
from .declarations import Declarations
from .pack import is_honor
from .tricks import obligation, refusal, winning_position


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


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A trick as played: who led, the cards in playing order, who took it (None while it is under way)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None

    def to_dict(self) -> dict[str, object]:
        """Who led and who took it by position in the order of declaration, counted from 1 (the leader is 1)."""
        return {"leader_position": self.leader + 1, "cards": card_texts(self.cards), "winner_position": None if self.winner is None else self.winner + 1}


@dataclass(frozen=True, slots=True)
class Replay:
    """The tricks of a hand replayed from the deal: each trick's leader and taker, the hands left, every illegal play."""

    tricks: tuple[PlayedTrick, ...]
    hands: tuple[tuple[Card, ...], ...]
    problems: tuple[Problem, ...]

    @property
    def next_leader(self) -> int | None:
        """Who leads the next trick: the taker of the last one (None if the last is under way)."""
        return self.tricks[-1].winner if self.tricks else None


def replay(hands: Sequence[Sequence[Card]], leader: int, tricks: Sequence[Sequence[Card]], trump: str, pointers: Sequence[str]) -> Replay:
    """Play ``tricks`` (each in playing order) from the dealt ``hands``: who played each card, whether it was legal (§7).

    Every fault is reported, each at ``<pointer of its trick>/<position>``: a card its player does not
    hold, a card the duty forbids, a trick longer than the table. Only the last trick may be incomplete.
    """
    seats = len(hands)
    held = [list(hand) for hand in hands]
    problems: list[Problem] = []
    played: list[PlayedTrick] = []
    lead = leader
    for number, cards in enumerate(tricks):
        at = pointers[number]
        if len(cards) > seats:
            problems.append(Problem(at, "trick_too_long", f"a trick has one card from each of the {seats} players, not {len(cards)}"))
        elif len(cards) < seats and number != len(tricks) - 1:
            problems.append(Problem(at, "trick_incomplete", f"only the last trick may be under way; this one has {len(cards)} of {seats} cards"))
        for position, card in enumerate(cards[:seats]):
            seat = (lead + position) % seats
            problem = _play_problem(held[seat], cards[:position], card, trump, seat)
            if problem is None:
                held[seat].remove(card)
            else:
                problems.append(Problem(f"{at}/{position}", *problem))
                if card in held[seat]:
                    held[seat].remove(card)
        complete = len(cards) >= seats
        winner = (lead + winning_position(cards[:seats], trump)) % seats if complete else None
        played.append(PlayedTrick(lead, tuple(cards), winner))
        if winner is not None:
            lead = winner
    return Replay(tuple(played), tuple(tuple(hand) for hand in held), tuple(problems))


def _play_problem(hand: list[Card], before: Sequence[Card], card: Card, trump: str, seat: int) -> tuple[str, str] | None:
    if card not in hand:
        return "card_not_in_hand", f"hand {seat + 1} (the leader's is hand 1) does not hold {card} at this point of the play"
    return refusal(obligation(hand, before, trump), card)

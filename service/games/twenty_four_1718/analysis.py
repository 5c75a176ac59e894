"""The stand-alone answers: a deal's declarations, a trick's legal cards and taker, a whole hand's score (rules.md §12).

Players are numbered in the order of declaration: 0 is the leader (the
dealer's right), the last is the dealer. The answers count these positions
from 1 (``player_position``, ``winner_position``: 1 is the leader), as people do. Each function checks its cards
whole (every problem at once) and scores through the same functions as the
referee's moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from service.core.cards import Card, card_texts
from service.core.problems import InvalidInput, Problem, excess_copies

from .chips import WINNING_CHIPS, Tally
from .declarations import Claim, Declarations, claim_faults, declare
from .hand import PlayedTrick, holding, replay, score_card, score_declarations, score_trick, score_turn_up
from .pack import DEAL_SHAPES, PACK, PLAYER_COUNTS, is_honor
from .tricks import Obligation, obligation, winning_position

MAX_TRICK = max(PLAYER_COUNTS)


def _duplicates(places: Iterable[tuple[str, Card]]) -> list[Problem]:
    return excess_copies(places, PACK, "card_twice")


def _hand_places(hands: Sequence[Sequence[Card]]) -> list[tuple[str, Card]]:
    return [(f"/hands/{seat}/{index}", card) for seat, hand in enumerate(hands) for index, card in enumerate(hand)]


def _deal_problems(hands: Sequence[Sequence[Card]], turn_up: Card, trump: str | None) -> list[Problem]:
    """Four or five hands of the dealt size, the turn-up beside them, no card twice, trumps the turn-up's suit."""
    problems = []
    if len(hands) not in PLAYER_COUNTS:
        return [Problem("/hands", "player_count", f"a deal is four or five hands, not {len(hands)} (rules.md §1.2)")]
    size = DEAL_SHAPES[len(hands)].hand_size
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            problems.append(Problem(f"/hands/{seat}", "hand_size", f"at a table of {len(hands)} each hand is dealt {size} cards, not {len(hand)}"))
    problems += _duplicates([*_hand_places(hands), ("/turn_up", turn_up)])
    if trump is not None and trump != turn_up.suit:
        problems.append(Problem("/trump", "trump_not_turn_up", f"the turn-up {turn_up} makes {turn_up.suit} trumps, not {trump} (rules.md §2.3)"))
    return problems


@dataclass(frozen=True, slots=True)
class DeclarationsReport:
    """The declarations of a deal and the chips they score, the dealer's turn-up chip included."""

    declared: Declarations
    turn_up: Card
    honors: str
    before: tuple[int, ...]
    tally: Tally  # from ``before``: the turn-up's chip, then the sequences', then the Point's

    def to_dict(self) -> dict[str, object]:
        declared = self.declared
        point = declared.point
        dealer = len(declared.points) - 1
        honor = is_honor(self.turn_up, self.turn_up.suit, self.honors)
        paid = Counter(award.step for award in self.tally.awards)  # a game won earlier in the order pays nothing after (§3.3)
        point_paid = paid["point"] > 0
        return {
            "turn_up": {"card": str(self.turn_up), "honor": honor, "chips": {"dealer": int(honor)}, "dealer_position": dealer + 1},
            "sequences": [run.to_dict() for run in declared.sequences],
            "sequence_winner_position": None if declared.sequence_winner is None else declared.sequence_winner + 1,
            "scoring_sequences": [run.to_dict() for run in declared.scoring_sequences()[: paid["sequence"]]],
            "points": [count.to_dict() for count in declared.points],
            "point": {
                "winner_position": point.player + 1 if point_paid else None,
                "paid": point_paid,
                "suit": point.suit,
                "count": point.count,
                "sum": point.total,
            },
            "chips": [after - before for after, before in zip(self.tally.chips, self.before, strict=True)],
            "steps": [award.positioned() for award in self.tally.awards],
        }


def declarations_report(hands: Sequence[Sequence[Card]], turn_up: Card, honors: str, trump: str | None = None) -> DeclarationsReport:
    """The turn-up, the sequences and the Point of a deal, and the chips of each player (§4-§6)."""
    problems = _deal_problems(hands, turn_up, trump)
    if problems:
        raise InvalidInput(problems)
    return _declarations(hands, turn_up, honors, (0,) * len(hands))


def _declarations(hands: Sequence[Sequence[Card]], turn_up: Card, honors: str, before: tuple[int, ...]) -> DeclarationsReport:
    """The scores before the first trick, in their order: the dealer's turn-up chip, the sequences, the Point."""
    declared = declare(hands, turn_up.suit)
    tally = score_turn_up(Tally(before), len(hands) - 1, turn_up, honors)
    return DeclarationsReport(declared, turn_up, honors, before, score_declarations(tally, declared, 0))


def trick_duty(hand: Sequence[Card], trick: Sequence[Card], trump: str) -> Obligation:
    """The cards ``hand`` may play to ``trick`` (in playing order), and why (§7)."""
    problems = _duplicates([*((f"/hand/{i}", card) for i, card in enumerate(hand)), *((f"/trick/{i}", card) for i, card in enumerate(trick))])
    if not hand:
        problems.append(Problem("/hand", "empty_hand", "a player to play holds at least one card"))
    if len(trick) >= MAX_TRICK:
        problems.append(Problem("/trick", "trick_full", f"at most {MAX_TRICK - 1} cards come before a play: a trick has one card per player, four or five"))
    if problems:
        raise InvalidInput(problems)
    return obligation(hand, trick, trump)


@dataclass(frozen=True, slots=True)
class TrickReport:
    trick: tuple[Card, ...]
    winner: int
    honors: tuple[Card, ...]

    def to_dict(self) -> dict[str, object]:
        return {"winner_position": self.winner + 1, "card": str(self.trick[self.winner]), "honors": card_texts(self.honors)}


def trick_report(trick: Sequence[Card], trump: str, honors: str) -> TrickReport:
    """Who takes a complete trick (its position in playing order, 0 the lead; answered from 1) and the honors it holds (§7.6, §8)."""
    problems = _duplicates((f"/trick/{i}", card) for i, card in enumerate(trick))
    if len(trick) not in PLAYER_COUNTS:
        problems.append(Problem("/trick", "trick_size", f"a complete trick has four or five cards, one per player, not {len(trick)}"))
    if problems:
        raise InvalidInput(problems)
    return TrickReport(tuple(trick), winning_position(trick, trump), tuple(card for card in trick if is_honor(card, trump, honors)))


@dataclass(frozen=True, slots=True)
class HandScore:
    """A hand's scores in the order of precedence, and where the game stopped if a player reached six chips."""

    before: tuple[int, ...]
    declarations: DeclarationsReport
    tricks: tuple[PlayedTrick, ...]
    tally: Tally
    complete: bool  # every trick played (or the game stopped)
    trump: str
    honors: str

    def to_dict(self) -> dict[str, object]:
        tally = self.tally
        won = tally.winning_award
        taken = _taken(self.tricks, len(self.before))
        card = next((award for award in tally.awards if award.step == "card"), None)
        return {
            "steps": [award.positioned() for award in tally.awards],
            "chips": [after - before for after, before in zip(tally.chips, self.before, strict=True)],
            "totals": list(tally.chips),
            "reached_24": None if won is None else won.positioned(),
            "declarations": self.declarations.to_dict(),
            "tricks": [{**trick.to_dict(), "honors": card_texts([c for c in trick.cards if is_honor(c, self.trump, self.honors)])} for trick in self.tricks],
            "tricks_taken": taken,
            "card": None if card is None else {"winner_position": card.player + 1, "tricks": taken[card.player]},
            "complete": self.complete,
        }


def _taken(tricks: Sequence[PlayedTrick], seats: int) -> list[int]:
    taken = [0] * seats
    for trick in tricks:
        if trick.winner is not None:
            taken[trick.winner] += 1
    return taken


def score_hand(
    hands: Sequence[Sequence[Card]],
    turn_up: Card,
    honors: str,
    tricks: Sequence[Sequence[Card]],
    chips: Sequence[int] | None = None,
    trump: str | None = None,
    claims: Sequence[Claim] | None = None,
) -> HandScore:
    """Score a hand from its deal and its tricks in order: the turn-up, the sequence, the Point, each trick's honors, the card.

    ``chips`` are the players' chips before the hand (none by default); a player reaching six stops the
    game at that chip, and no trick may follow the one where that happened (§3.3). ``claims``, if given,
    are what each player announced, checked against their hand (§5.2).
    """
    problems = _deal_problems(hands, turn_up, trump)
    before = tuple(chips) if chips is not None else (0,) * len(hands)
    if len(before) != len(hands):
        problems.append(Problem("/chips", "chips_count", f"{len(before)} chip counts given for {len(hands)} players"))
    problems += [
        Problem(f"/chips/{seat}", "game_already_won", f"{count} chips: a game stops at {WINNING_CHIPS}")
        for seat, count in enumerate(before)
        if count >= WINNING_CHIPS
    ]
    if not problems:
        problems += _trick_count_problems(len(hands), tricks) + _claim_problems(hands, turn_up.suit, claims)
    if problems:
        raise InvalidInput(problems)
    trump_suit = turn_up.suit
    played = replay([holding(hand) for hand in hands], 0, tricks, trump_suit, [f"/tricks/{number}" for number in range(len(tricks))])
    if played.problems:
        raise InvalidInput(list(played.problems))
    declared = _declarations(hands, turn_up, honors, before)
    tally = declared.tally
    for number, trick in enumerate(played.tricks):
        if tally.winner is not None:
            raise InvalidInput(
                [
                    Problem(
                        f"/tricks/{number}",
                        "played_after_game",
                        f"the player in position {tally.winner + 1} (the leader is 1) reached {WINNING_CHIPS} chips before this trick: "
                        "the game stopped there (rules.md §3.3)",
                    )
                ]
            )
        if trick.winner is not None:
            tally = score_trick(tally, trick.winner, trick.cards, trump_suit, honors, number + 1)
    finished = len(played.tricks) == DEAL_SHAPES[len(hands)].hand_size and played.tricks[-1].winner is not None
    if finished:
        tally = score_card(tally, _taken(played.tricks, len(hands)), 0)
    return HandScore(before, declared, played.tricks, tally, finished or tally.winner is not None, trump_suit, honors)


def _claim_problems(hands: Sequence[Sequence[Card]], trump: str, claims: Sequence[Claim] | None) -> list[Problem]:
    if claims is None:
        return []
    if len(claims) != len(hands):
        return [Problem("/declarations", "declarations_count", f"{len(claims)} declarations given for {len(hands)} players")]
    declared = declare(hands, trump)
    return [
        Problem(f"/declarations/{player}/{fault.field}", fault.code, f"the player in position {player + 1} (the leader is 1): {fault.message}")
        for player, claim in enumerate(claims)
        for fault in claim_faults(declared, player, claim)
    ]


def _trick_count_problems(seats: int, tricks: Sequence[Sequence[Card]]) -> list[Problem]:
    dealt = DEAL_SHAPES[seats].hand_size
    if len(tricks) > dealt:
        return [Problem("/tricks", "too_many_tricks", f"a hand at a table of {seats} is {dealt} tricks, not {len(tricks)}")]
    return []

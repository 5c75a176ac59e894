"""Who wins a game of 1923 (rules.md §4): the range, the nearest end, the average, draws, war.

:func:`judge_game` walks the tie-breaks in order and records each step with
the players still tied after it. It never guesses a card: when a tie needs
drawn cards that were not given (and the pile can give them), the answer
names the players who must draw instead (``needs``). The referee answers that
by drawing from a pile it knows; a client answers it by sending the draws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from service.core.cards import Card, CardListError, parse_cards
from service.core.problems import InvalidInput, Problem, excess_copies

from .table import DEAL, decks_problems, default_decks, pack_of, roster_problems
from .values import HandValue, hand_value, plain_fraction, war_value

DecidedBy = Literal["range", "nearest", "average", "draw", "war", "none"]
StepKind = Literal["range", "nearest", "average", "draw", "war", "last_war"]
RULE_OF_STEP: dict[str, str] = {"range": "4.1", "nearest": "4.2", "average": "4.3", "draw": "4.4", "war": "4.5", "last_war": "5.2"}


@dataclass(frozen=True, slots=True)
class Step:
    """One tie-break step: what each player still in was compared on, and who is still tied after it.

    ``number`` is the round of a draw or the turn of war (from 1); ``out_of_cards``
    are the players of a war turn who had no card left while others had one.
    """

    kind: StepKind
    compared: tuple[tuple[str, int | Fraction], ...]
    tied: tuple[str, ...]
    cards: tuple[tuple[str, Card], ...] = ()
    number: int = 0
    out_of_cards: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"step": self.kind, "rule": RULE_OF_STEP[self.kind]}
        if self.number:
            data["round" if self.kind == "draw" else "turn"] = self.number
        if self.cards or self.number:
            data["cards"] = {name: str(card) for name, card in self.cards}
        data["compared"] = {name: plain_fraction(value) if isinstance(value, Fraction) else value for name, value in self.compared}
        data["tied"] = list(self.tied)
        if self.out_of_cards:
            data["out_of_cards"] = list(self.out_of_cards)
        return data


@dataclass(frozen=True, slots=True)
class Judgement:
    """A game judged: each hand's value, the winner (None for no winner or while draws are needed) and how.

    ``needs`` names the tied players who draw round ``draw_round`` before the
    game can be decided, ``missing`` those of them whose card is not given
    yet. ``draws_used`` counts the tie-break cards each player drew (they go to
    the winner with the hands); ``cards`` counts every card of the game.
    """

    values: tuple[tuple[str, HandValue], ...]
    winner: str | None
    decided_by: DecidedBy | None
    steps: tuple[Step, ...]
    cards: int
    draws_used: Mapping[str, int] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    draw_round: int = 0

    @property
    def cards_won(self) -> int:
        return self.cards if self.winner is not None else 0

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "values": {name: value.total for name, value in self.values},
            "winner": self.winner,
            "decided_by": self.decided_by,
            "steps": [step.to_dict() for step in self.steps],
            "cards_won": self.cards_won,
            "dead_cards": self.cards if self.decided_by == "none" else 0,
        }
        if self.needs:
            data |= {"needs": "draw", "tied": list(self.needs), "missing": list(self.missing), "round": self.draw_round}
        return data


def _top(compared: Sequence[tuple[str, int | Fraction]]) -> tuple[str, ...]:
    """The names with the highest score, in the order given."""
    top = max(value for _, value in compared)
    return tuple(name for name, value in compared if value == top)


def judge_game(hands: Sequence[tuple[str, Sequence[Card]]], draws: Mapping[str, Sequence[Card]] | None = None, pile: int | None = None) -> Judgement:
    """Judge a game from the players' hands (each in the order taken).

    ``draws`` are the tie-break cards each player drew, round after round;
    ``pile`` is how many cards the pack still holds (None: enough for any draw).
    """
    draws = draws or {}
    values = tuple((name, hand_value(cards)) for name, cards in hands)
    value_of = dict(values)
    names = [name for name, _ in values]
    in_range = [name for name in names if value_of[name].in_range]
    if in_range:
        totals = tuple((name, value_of[name].total) for name in in_range)
        tied = _top(totals)
        steps = [Step("range", totals, tied)]
    else:
        distances = tuple((name, value_of[name].distance) for name in names)
        tied = _top([(name, -distance) for name, distance in distances])
        steps = [Step("nearest", distances, tied)]
    cards = sum(len(cards) for _, cards in hands)
    if len(tied) == 1:
        return Judgement(values, tied[0], "range" if in_range else "nearest", tuple(steps), cards)
    averages = tuple((name, value_of[name].average) for name in tied)
    tied = _top(averages)
    steps.append(Step("average", averages, tied))
    if len(tied) == 1:
        return Judgement(values, tied[0], "average", tuple(steps), cards)
    return _draw_rounds(values, dict(hands), draws, pile, steps, tied, cards)


def _draw_rounds(
    values: tuple[tuple[str, HandValue], ...],
    hands: Mapping[str, Sequence[Card]],
    draws: Mapping[str, Sequence[Card]],
    pile: int | None,
    steps: list[Step],
    tied: tuple[str, ...],
    cards: int,
) -> Judgement:
    """§4.4: each tied player draws one card, the highest wins, the still tied draw again; §4.5 when the pile is short."""
    used: dict[str, int] = {}
    left = pile
    number = 0
    while len(tied) > 1:
        if left is not None and left < len(tied):
            return _war(values, hands, steps, tied, cards, used)
        missing = tuple(name for name in tied if len(draws.get(name, ())) <= number)
        if missing:
            return Judgement(values, None, None, tuple(steps), cards, used, tied, missing, number + 1)
        turned = tuple((name, draws[name][number]) for name in tied)
        number += 1
        for name in tied:
            used[name] = number
        cards += len(tied)
        left = None if left is None else left - len(tied)
        compared = tuple((name, war_value(card)) for name, card in turned)
        tied = _top(compared)
        steps.append(Step("draw", compared, tied, turned, number))
    return Judgement(values, tied[0], "draw", tuple(steps), cards, used)


def _war(
    values: tuple[tuple[str, HandValue], ...], hands: Mapping[str, Sequence[Card]], steps: list[Step], tied: tuple[str, ...], cards: int, used: dict[str, int]
) -> Judgement:
    """§4.5: the tied players turn their own cards in the order taken until one is left, or all run out together."""
    turn = 0
    while len(tied) > 1:
        holders = tuple(name for name in tied if len(hands[name]) > turn)
        out = tuple(name for name in tied if name not in holders)
        turn += 1
        if not holders:
            steps.append(Step("war", (), (), (), turn, out))
            return Judgement(values, None, "none", tuple(steps), cards, used)
        turned = tuple((name, hands[name][turn - 1]) for name in holders)
        compared = tuple((name, war_value(card)) for name, card in turned)
        tied = _top(compared)
        steps.append(Step("war", compared, tied, turned, turn, out))
    return Judgement(values, tied[0], "war", tuple(steps), cards, used)


def judge_last_war(turned: Sequence[tuple[str, Card]]) -> tuple[str | None, Step]:
    """§5.2: the set's last game, one card each; the highest wins, a tie for the highest leaves no winner."""
    compared = tuple((name, war_value(card)) for name, card in turned)
    tied = _top(compared)
    return (tied[0] if len(tied) == 1 else None), Step("last_war", compared, tied, tuple(turned), 1)


# -- the judge endpoint's request -----------------------------------------------------------
def _named_cards(items: Sequence[Mapping[str, object]], pointer: str, problems: list[Problem]) -> list[tuple[str, tuple[Card, ...]]]:
    """``[{"player": ..., "cards": [...]}]`` read; bad cards are problems at their pointers."""
    named = []
    for index, item in enumerate(items):
        texts = item.get("cards", [])
        try:
            cards = tuple(parse_cards(texts))  # type: ignore[arg-type]  # the schema gave a list of strings
        except CardListError as error:
            problems += [Problem(f"{pointer}/{index}/cards/{at}", "bad_card", message) for at, message in error.problems]
            cards = ()
        named.append((str(item.get("player", "")), cards))
    return named


def judge_request(data: Mapping[str, object]) -> Judgement:
    """Read and judge ``{"hands": [...], "draws": [...]?, "pile": n?, "decks": n?}``; every problem at once.

    Refused: fewer than 2 hands, a hand of fewer than 2 cards (§3.1), more
    copies of a card than the decks hold, draws for a player who is not at the
    table, and drawn cards the tie-break never reaches (``draw_not_needed``).
    """
    problems: list[Problem] = []
    hands = _named_cards(data.get("hands") or [], "/hands", problems)  # type: ignore[arg-type]
    draws = _named_cards(data.get("draws") or [], "/draws", problems)  # type: ignore[arg-type]
    names = [name for name, _ in hands]
    problems += roster_problems(names, "/hands", "/player")
    for index, (name, cards) in enumerate(hands):
        if len(cards) < DEAL:
            problems.append(Problem(f"/hands/{index}/cards", "hand_size", f"{name!r} holds {len(cards)} card(s): a hand has at least {DEAL} (rules.md §3.1)"))
    drawn_by: dict[str, int] = {}
    for index, (name, _) in enumerate(draws):
        if name not in names:
            problems.append(Problem(f"/draws/{index}/player", "unknown_player", f"{name!r} has no hand in this game"))
        elif drawn_by.setdefault(name, index) != index:
            problems.append(Problem(f"/draws/{index}/player", "duplicate_name", f"{name!r} already has draws at /draws/{drawn_by[name]}"))
    decks = data.get("decks")
    decks = decks if isinstance(decks, int) else default_decks(len(hands))
    problems += decks_problems(decks, len(hands))
    pile = data.get("pile")
    if pile is not None and (not isinstance(pile, int) or pile < 0):
        problems.append(Problem("/pile", "bad_pile", "pile is the number of cards left in the pack, 0 or more"))
    if problems:
        raise InvalidInput(problems)
    places = [(f"/hands/{i}/cards/{j}", card) for i, (_, cards) in enumerate(hands) for j, card in enumerate(cards)]
    places += [(f"/draws/{i}/cards/{j}", card) for i, (_, cards) in enumerate(draws) for j, card in enumerate(cards)]
    problems = excess_copies(places, pack_of(decks))
    if problems:
        raise InvalidInput(problems)
    judgement = judge_game(hands, dict(draws), pile if isinstance(pile, int) else None)
    unused = [
        Problem(
            f"/draws/{index}/cards/{at}",
            "draw_not_needed",
            f"{name!r} draws {judgement.draws_used.get(name, 0)} card(s) in this tie-break (rules.md §4.4), not {len(cards)}",
        )
        for index, (name, cards) in enumerate(draws)
        for at in range(judgement.draws_used.get(name, 0) + (name in judgement.needs), len(cards))
    ]
    if unused:
        raise InvalidInput(unused)
    return judgement

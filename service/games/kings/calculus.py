"""The Calculus for a whole table: every player's split, the call, the winners.

rules.md §15-§17.  Castle values are fixed at the moment of the call; each
player is scored with the split they declared, or the best one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from service.core.cards import Card
from service.core.problems import InvalidInput, Problem
from service.core.records import PlainForm
from service.games.kings.pack import third_copies_among

from .caches import CASTLE_TABLES, bounded
from .castles import Castle, castle_cards, castle_places, castle_problems
from .hands import MAX_HOLDING, Scorer, Split, scorer_for
from .rules import Rules


class PlayerCards(NamedTuple):
    """One player at The Calculus; ``pointer``/``hands`` are set when declared (a NamedTuple, as a Split is: one per player per request)."""

    name: str
    cards: tuple[Card, ...]
    pointer: Card | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None


class PlayerResult(NamedTuple):
    """One player's split at The Calculus (a NamedTuple, as a Split is: one per player per request)."""

    name: str
    split: Split
    declared: bool

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "declared": self.declared, **self.split.to_dict()}


@dataclass(frozen=True, slots=True)
class CallVerdict:
    """Whether the caller's HAND! stands (rules.md §11), and why not when it does not."""

    player: str
    valid: bool
    reason: str

    to_dict = PlainForm()


class CalculusResult(NamedTuple):
    """A table's Calculus: the castles' values, every player's split, the winners, the call (a NamedTuple, as a Split is: one per request)."""

    castle_values: tuple[int, ...]
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    call: CallVerdict | None

    def to_dict(self) -> dict[str, object]:
        result: dict[str, object] = {
            "castle_values": list(self.castle_values),
            "players": [player.to_dict() for player in self.players],
            "winners": list(self.winners),
        }
        if self.call is not None:
            result["call"] = self.call.to_dict()
        return result


def winners_of(scores: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """Every name with the highest score: equal best scores share the win."""
    if not scores:
        return ()
    top = max(score for _, score in scores)
    return tuple(name for name, score in scores if score == top)


def judge_call(player: PlayerCards, split: Split, calls: bool) -> CallVerdict:
    """A call stands when the 7 cards split as one six-card hand or two half hands, plus a Pointer.

    ``calls`` is the scorer's answer (:meth:`Scorer.declared_split_calls` for a declared split, a calling split
    found for an undeclared one); this says which reading it rests on.
    """
    if len(player.cards) != 7:
        return CallVerdict(player.name, False, f"a call needs exactly 7 cards, not {len(player.cards)}")
    if player.pointer is not None or player.hands is not None:
        if split.is_call_shape:
            return CallVerdict(player.name, True, "the declared split is a calling split")
        if calls:
            return CallVerdict(player.name, True, "the cards beside the declared Pointer split into a calling hand")
        return CallVerdict(player.name, False, "the declared split is not one six-card hand or two half hands plus a Pointer")
    if calls:
        return CallVerdict(player.name, True, "the cards split into a calling hand plus a Pointer")
    return CallVerdict(player.name, False, "the cards hold neither a six-card hand nor two half hands beside a Pointer")


class CastleTable(NamedTuple):
    """A table as /hands and /calculus read it: its castles and rules, what is wrong with the castles (rules.md §4),
    their cards (for the count of copies), and its Scorer (None when the castles are refused).

    All of it depends on the table alone, which every request from a table repeats: :func:`castle_table_of` reads a table
    sent as plain values once (a NamedTuple, as a Split is).
    """

    castles: tuple[Castle, ...]
    rules: Rules
    castle_problems: tuple[Problem, ...]
    castle_cards: tuple[Card, ...]
    scorer: Scorer | None


def read_castle_table(castles: Sequence[Castle], rules: Rules) -> CastleTable:
    """A table of castles and rules, checked: the one place a :class:`CastleTable` is made."""
    castles = tuple(castles)
    problems = tuple(castle_problems(castles, rules))
    return CastleTable(castles, rules, problems, tuple(castle_cards(castles)), None if problems else scorer_for(castles, rules))


@bounded(CASTLE_TABLES)
def castle_table_of(castles: tuple[tuple[Card, ...], ...], rules: tuple[tuple[str, Any], ...]) -> CastleTable:
    """The table a request sends, as plain values: each castle as its card then its Kings, the rules as (field, value) pairs.

    A request's castles and rules are its table's: the records, the castle checks and the Scorer are made once per
    table rather than once per request (≈ 10 µs of a /hands request, the Castle and Rules records and their hashes
    included: BENCHMARKS.md, issue 25, hands).
    """
    return read_castle_table([Castle(card, tuple(kings)) for card, *kings in castles], Rules(**dict(rules)))


def holdings_problems(table: CastleTable, holdings: Sequence[tuple[str, Sequence[Card]]]) -> list[Problem]:
    """A table's castles and the holdings on them (each a pointer and its cards): shapes, sizes, third copies."""
    problems = list(table.castle_problems)
    for pointer, cards in holdings:
        if len(cards) > MAX_HOLDING:
            problems.append(Problem(pointer, "too_many_cards", f"{len(cards)} cards; the referee scores at most {MAX_HOLDING} (rules.md §15)"))
    everything = [*table.castle_cards, *(card for _, cards in holdings for card in cards)]
    return problems + third_copies_among(
        everything, lambda: castle_places(table.castles) + [(f"{pointer}/{j}", card) for pointer, cards in holdings for j, card in enumerate(cards)]
    )


def table_problems(table: CastleTable, players: Sequence[PlayerCards], caller: str | None) -> list[Problem]:
    """Everything wrong with a scoring table, at once."""
    problems = holdings_problems(table, [(f"/players/{i}/cards", player.cards) for i, player in enumerate(players)])
    names: set[str] = set()
    for index, player in enumerate(players):
        if player.name in names:
            problems.append(Problem(f"/players/{index}/name", "duplicate_name", f"{player.name!r} names an earlier player too"))
        names.add(player.name)
    if not players:
        problems.append(Problem("/players", "no_players", "a table needs at least one player"))
    if caller is not None and caller not in names:
        problems.append(Problem("/caller", "unknown_caller", f"{caller!r} is not one of the players"))
    return problems


def calculus(castles: Sequence[Castle], players: Sequence[PlayerCards], rules: Rules, caller: str | None = None) -> CalculusResult:
    """Score every player of a table at the castles' current values.

    Raises :class:`InvalidInput` listing every problem of the table or of a declared split.
    """
    return table_calculus(read_castle_table(castles, rules), players, caller)


def table_calculus(table: CastleTable, players: Sequence[PlayerCards], caller: str | None = None) -> CalculusResult:
    """:func:`calculus` of a table read already (:func:`read_castle_table`, :func:`castle_table_of`)."""
    problems = table_problems(table, players, caller)
    if problems:
        raise InvalidInput(problems)
    scorer = table.scorer
    assert scorer is not None, "a table without castle problems has its Scorer"
    results: list[PlayerResult] = []
    calls = False  # whether the caller's cards make a call, read with their split
    for index, player in enumerate(players):
        declared = player.pointer is not None or player.hands is not None
        try:
            if declared:
                split = scorer.declared_split(player.cards, player.pointer, player.hands)
                if player.name == caller:
                    calls = scorer.declared_split_calls(player.cards, split, player.pointer, player.hands)
            elif player.name == caller:
                split, calling = scorer.best_and_calling_split(player.cards)
                calls = calling is not None
            else:
                split = scorer.best_split(player.cards)
        except InvalidInput as error:
            problems += [Problem(f"/players/{index}{p.pointer}", p.code, p.message) for p in error.problems]
            continue
        results.append(PlayerResult(player.name, split, declared))
    if problems:
        raise InvalidInput(problems)
    call = None
    if caller is not None:
        index = next(i for i, p in enumerate(players) if p.name == caller)
        call = judge_call(players[index], results[index].split, calls)
    winners = winners_of([(result.name, result.split.half_score) for result in results])
    return CalculusResult(scorer.values, tuple(results), winners, call)

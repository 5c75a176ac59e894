"""24 Kings' result rows: each player's final cards at the castles, scored by The Calculus (rules.md §15-§17).

A sheet of this shape has, beside ``game`` and ``player``: ``cards`` (the
player's final cards, e.g. ``QH JH 10H 9H 8H 7H 3S``), ``castle_1`` ..
``castle_4`` (each castle's card then any Kings after ``+``: ``4H+KH``; the
same on every row of a game), and optionally ``caller`` (yes on the row of
the player who called). Points are halves, exactly. The organiser picks the
rules every game of the sheet was played by: the hand set and the options.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar, cast

from service.core.cards import Card, CardError, CardListError, parse_cards
from service.core.problems import InvalidInput
from service.tournaments.scoring import CellProblem, Chosen, GameRow, RowScorer, RowScorerWithOptions, RowsRefused, ScoringOption

from .calculus import PlayerCards, calculus
from .castles import CASTLE_COUNT, Castle, parse_castle
from .rules import HAND_SET_NAMES, OPTION_DESCRIPTIONS, OPTION_NAMES, HandSetName, Rules
from .state import MAX_PLAYERS

CASTLE_COLUMNS = tuple(f"castle_{index}" for index in range(1, CASTLE_COUNT + 1))
TRUE_TEXTS = frozenset({"yes", "y", "true", "1", "x"})
FALSE_TEXTS = frozenset({"no", "n", "false", "0", ""})
MAX_CARD_ROWS = 1_000  # each is scored by The Calculus: 100 games of 10 players
MAX_FINAL_CARDS = 8  # a player ends a game holding 7, or 8 if the pile ran dry mid-turn

OPTIONS = (
    ScoringOption("hands", "Hand set for uploaded card rows.", HAND_SET_NAMES, Rules().hands),
    *(ScoringOption(name, description, default=getattr(Rules(), name)) for name, description in OPTION_DESCRIPTIONS.items()),
)


@dataclass(frozen=True, slots=True)
class _CardRow:
    """A row whose cells read well: the player and their cards as The Calculus takes them, the castles as this row
    gives them, whether they called."""

    row: GameRow
    player: PlayerCards
    castles: tuple[Castle, ...]
    caller: bool


@dataclass(frozen=True, slots=True)
class KingsRowScorer:
    """Card rows of 24 Kings, scored by The Calculus under ``rules``."""

    rules: Rules = field(default_factory=Rules)
    columns: ClassVar[tuple[str, ...]] = ("cards", *CASTLE_COLUMNS)
    optional_columns: ClassVar[tuple[str, ...]] = ("caller",)
    max_rows: ClassVar[int] = MAX_CARD_ROWS
    options: ClassVar[tuple[ScoringOption, ...]] = OPTIONS

    def with_options(self, chosen: Chosen) -> RowScorer:
        """The scorer for the rules chosen (an unknown hand set is a ValueError, as :class:`Rules` says)."""
        hands = cast(HandSetName, chosen.get("hands", Rules().hands))
        return KingsRowScorer(Rules(hands, **{name: bool(chosen[name]) for name in OPTION_NAMES if name in chosen}))

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        problems: list[CellProblem] = []
        read = [card_row for card_row in (_card_row(row, problems) for row in rows) if card_row is not None]
        problems += _game_problems(read)
        if problems:
            raise RowsRefused(problems)
        callers = [card_row.row.player for card_row in read if card_row.caller]
        try:
            result = calculus(read[0].castles, [r.player for r in read], self.rules, callers[0] if callers else None)
        except InvalidInput as error:
            raise RowsRefused([_cell_problem(read, p.pointer, p.code, p.message) for p in error.problems]) from error
        return {player.name: Fraction(player.split.half_score, 2) for player in result.players}


ROW_SCORER: RowScorerWithOptions = KingsRowScorer()


def _card_row(row: GameRow, problems: list[CellProblem]) -> _CardRow | None:
    before = len(problems)
    cards = _cards(row, problems)
    castles = []
    for column in CASTLE_COLUMNS:
        try:
            castles.append(parse_castle(row.cells[column]))
        except CardError as error:
            problems.append(CellProblem(row.number, column, "bad_castle", str(error)))
    caller = row.cells["caller"].strip().lower()
    if caller not in TRUE_TEXTS | FALSE_TEXTS:
        problems.append(CellProblem(row.number, "caller", "bad_caller", f"caller is yes or no (or empty), not {caller!r}"))
    if len(problems) != before:
        return None
    return _CardRow(row, PlayerCards(row.player, cards), tuple(castles), caller in TRUE_TEXTS)


def _cards(row: GameRow, problems: list[CellProblem]) -> tuple[Card, ...]:
    try:
        cards = parse_cards(row.cells["cards"])
    except CardListError as error:
        problems += [CellProblem(row.number, "cards", "bad_card", message) for _, message in error.problems]
        return ()
    if not cards:
        problems.append(CellProblem(row.number, "cards", "required", "cards is empty: list the player's final cards, e.g. 'QH JH 10H 9H 8H 7H 3S'"))
    if len(cards) > MAX_FINAL_CARDS:
        problems.append(CellProblem(row.number, "cards", "too_many_cards", f"{len(cards)} cards: a player ends a game with at most {MAX_FINAL_CARDS}"))
    return tuple(cards)


def _game_problems(rows: Sequence[_CardRow]) -> list[CellProblem]:
    """The rows of one game share its castles, have at most one caller and at most ten players."""
    problems = []
    caller: _CardRow | None = None
    for count, card_row in enumerate(rows, start=1):
        number, game, first = card_row.row.number, card_row.row.cells["game"], rows[0]
        if count == MAX_PLAYERS + 1:
            problems.append(CellProblem(number, "player", "too_many_players", f"game {game!r} has more than {MAX_PLAYERS} players"))
        for index, (mine, theirs) in enumerate(zip(card_row.castles, first.castles, strict=True), start=1):
            if mine != theirs:
                problems.append(
                    CellProblem(
                        number, f"castle_{index}", "castles_differ", f"game {game!r} has castle {index} as {theirs.to_dict()} on row {first.row.number}"
                    )
                )
        if card_row.caller:
            if caller is not None:
                problems.append(CellProblem(number, "caller", "two_callers", f"game {game!r} already has a caller on row {caller.row.number}"))
            else:
                caller = card_row
    return problems


def _cell_problem(rows: Sequence[_CardRow], pointer: str, code: str, message: str) -> CellProblem:
    """A Calculus problem (``/players/2/cards/1``, ``/castles/0/card``) at the organiser's row and column."""
    parts = pointer.strip("/").split("/")
    if parts[0] == "players" and len(parts) > 1:
        return CellProblem(rows[int(parts[1])].row.number, "cards" if len(parts) > 2 else "player", code, message)
    if parts[0] == "castles" and len(parts) > 1:
        return CellProblem(rows[0].row.number, CASTLE_COLUMNS[int(parts[1])], code, message)
    return CellProblem(rows[0].row.number, "caller" if parts[0] == "caller" else "", code, message)

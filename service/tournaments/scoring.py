"""How a game scores the rows of one game in a results sheet: the per-game part of tournament standings.

Standings are game-free: points add up across games, equal totals share a
rank (:mod:`service.tournaments.standings`). A sheet may also give, instead
of points, what the game's rules need to score it (24 Kings: the castles and
each player's final cards); each game says which columns that takes and how
they score, through a :class:`RowScorer` named ``ROW_SCORER`` in its
package's ``tournament`` module.

The contract, in full:

- ``columns``: the columns such a sheet needs beside ``game`` and ``player``.
  The FIRST one names the sheet's shape and tells it apart from a sheet of
  points: a header with it (and no ``points``) is scored by the game
  (24 Kings: ``cards``).
- ``optional_columns``: columns read when present (their cells are ``""`` when absent).
- ``max_rows``: at most this many rows are scored in one sheet (bound the work).
- ``score(rows)``: one game's rows, in sheet order (each with every one of the
  game's columns as text, and only rows whose game and player are known and
  unique), to exact points per player; raises :class:`RowsRefused` naming
  every bad cell at once.
- Optionally (:class:`RowScorerWithOptions`), ``options`` the organiser may
  choose for the whole sheet (24 Kings: the hand set and the rule options),
  each a :class:`ScoringOption` (a lower-case name other than ``format``, ``sheet`` and ``bom``, a
  description, its choices, a whole number within bounds, or yes/no, its default), and
  ``with_options(chosen)``, the scorer that plays them; ``chosen`` holds
  checked values and may leave options out, which then keep their default.
  The HTTP layer reads them from the query (for an uploaded sheet) or from
  the JSON body's ``rules``, and documents them from ``options``.

- Optionally (:class:`RowScorerWithMatch`), ``match(results)``: when the
  sheet's games are the rounds of one match (1923: its sets), the match's
  verdict after them (:class:`MatchVerdict`: running totals, whether it is
  over, the winners and the rule that decided it), from the same code as the
  game's own match endpoint; None when the sheet does not say enough.

Every column and option name is as :func:`service.tournaments.rows.normalise`
leaves it (lower case, ``_`` for spaces and dashes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .rows import Results


@dataclass(frozen=True, slots=True)
class GameRow:
    """One player's row of one game, as read: the row number the organiser sees, the player, every cell as text."""

    number: int
    player: str
    cells: Mapping[str, str]  # normalised column name -> cell text ("" when empty)


@dataclass(frozen=True, slots=True)
class CellProblem:
    """Why a cell (``column``) or a whole row (``column`` empty) cannot be scored."""

    row: int
    column: str
    code: str
    message: str

    def to_dict(self) -> dict[str, object]:
        """The problem as an error of a problem document; the pointer names the row and column as the organiser sees them."""
        return {
            "pointer": f"/rows/{self.row}/{self.column}" if self.column else f"/rows/{self.row}",
            "row": self.row,
            "column": self.column,
            "code": self.code,
            "message": self.message,
        }


class RowsRefused(ValueError):
    """The rows of a game cannot be scored; ``problems`` names every bad cell at once."""

    def __init__(self, problems: Sequence[CellProblem]) -> None:
        if not problems:
            raise ValueError("RowsRefused needs at least one problem")
        self.problems = tuple(problems)
        super().__init__("; ".join(f"row {p.row} {p.column}: {p.message}" for p in self.problems))


class RowScorer(Protocol):
    """A game's scoring of sheet rows. ``columns`` are required beside ``game`` and ``player``; the first names the shape."""

    @property
    def columns(self) -> tuple[str, ...]: ...

    @property
    def optional_columns(self) -> tuple[str, ...]: ...

    @property
    def max_rows(self) -> int: ...

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        """Points per player for one game's rows (exact); raises :class:`RowsRefused` with every problem."""
        ...


@dataclass(frozen=True, slots=True)
class ScoringOption:
    """A choice the organiser makes once for a whole sheet: one of ``choices``, a whole number within ``bounds``, or yes/no.

    A whole-number option's default may be None: the game then decides from the sheet (1923: decks by the players).
    """

    name: str
    description: str
    choices: tuple[str, ...] = ()
    default: str | bool | int | None = False
    bounds: tuple[int, int] | None = None

    @property
    def is_yes_no(self) -> bool:
        return not self.choices and self.bounds is None

    @property
    def is_whole_number(self) -> bool:
        return self.bounds is not None


Chosen = Mapping[str, str | bool | int | None]  # option name -> the value chosen (a choice, a number, yes/no); absent ones keep their default


@runtime_checkable
class RowScorerWithOptions(RowScorer, Protocol):
    """A scorer whose scoring depends on options chosen for the sheet (24 Kings: which rules its games were played by)."""

    @property
    def options(self) -> tuple[ScoringOption, ...]: ...

    def with_options(self, chosen: Chosen) -> RowScorer:
        """The scorer playing these options (names and values already checked against ``options``)."""
        ...


@dataclass(frozen=True, slots=True)
class MatchVerdict:
    """A match played over a sheet's games: the totals after each game (in the sheet's order), whether it is over,
    its winners and the rule that decided it; ``answer`` is the game's own match answer, as its match endpoint gives it.

    ``game_winners``: who won each game by the game's rules, when that is not simply the highest points (1923:
    the most cards won), for the standings' ``wins``; ``columns``: the columns the verdict read beside the shape's.
    ``places``: the players grouped by place under the match's rule, best first (the winners first once it is over):
    the standings' rank follows it, so that they never contradict the verdict; ``cards``: each player's cards won
    over the match (1923's tie-break at the target), shown beside the rank it decides.
    """

    target: int
    running: tuple[Mapping[str, int], ...]
    over: bool
    winners: tuple[str, ...]
    decided_by: str | None
    rule: str | None
    answer: Mapping[str, object]
    game_winners: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    columns: tuple[str, ...] = ()
    places: tuple[tuple[str, ...], ...] = ()
    cards: Mapping[str, int] = field(default_factory=dict)


@runtime_checkable
class RowScorerWithMatch(RowScorer, Protocol):
    """A scorer whose sheet's games are the rounds of one match (1923: sets to N points)."""

    def match(self, results: Results) -> MatchVerdict | None:
        """The match after the sheet's games; None when the sheet cannot say; :class:`RowsRefused` for games that cannot be a match."""
        ...


def match_of(scorer: RowScorer | None, results: Results) -> MatchVerdict | None:
    """The match verdict of a game whose sheets are matches; None for every other game."""
    return scorer.match(results) if isinstance(scorer, RowScorerWithMatch) else None


def options_of(scorer: RowScorer | None) -> tuple[ScoringOption, ...]:
    """The options a game's scorer offers: none for a game without a scorer or options."""
    return scorer.options if isinstance(scorer, RowScorerWithOptions) else ()


def with_options(scorer: RowScorer, chosen: Chosen) -> RowScorer:
    """The scorer playing these choices (a scorer that offers no options is chosen nothing and stays as it is)."""
    return scorer.with_options(chosen) if isinstance(scorer, RowScorerWithOptions) else scorer


def game_row_scorer(slug: str) -> RowScorer | None:
    """The row scorer a registered game names in the registry; None for a game whose sheets give points only."""
    from service.games import registered  # the registry loads the scorers: imported when asked, not at import

    return registered(slug).scorer

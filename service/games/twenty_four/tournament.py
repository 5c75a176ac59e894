"""Results-sheet rows of Twenty-Four for tournament standings (rules.md §9): points are the cards won."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from service.tournaments.scoring import CellProblem, GameRow, RowsRefused

from .pack import pack_for
from .state import MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS, TABLE_CARDS

YES, NO = frozenset({"yes", "y", "true", "1", "x"}), frozenset({"no", "n", "false", "0", ""})


@dataclass(frozen=True, slots=True)
class CardsWonRows:
    """One row per player of a game: ``cards_won``; optionally ``hands`` (default 1) and ``face_cards`` (default no)."""

    columns: ClassVar[tuple[str, ...]] = ("cards_won",)
    optional_columns: ClassVar[tuple[str, ...]] = ("hands", "face_cards")
    max_rows: ClassVar[int] = MAX_PLAYERS

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        """Each player's cards won, checked: multiples of 4, and no more in all than the pack over the hands."""
        problems: list[CellProblem] = []
        if not MIN_PLAYERS <= len(rows) <= MAX_PLAYERS:
            number = rows[0].number if rows else 0
            problems.append(CellProblem(number, "", "player_count", f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(rows)}"))
        won: dict[str, int] = {}
        hands_seen: set[int] = set()
        face_cards_seen: set[bool] = set()
        for row in rows:
            if row.player in won:
                problems.append(CellProblem(row.number, "player", "duplicate_player", f"{row.player!r} has two rows in this game"))
            won[row.player] = _whole(row, "cards_won", row.cells.get("cards_won", ""), problems, multiple=TABLE_CARDS)
            hands_seen.add(_whole(row, "hands", row.cells.get("hands", "") or "1", problems, low=1, high=MAX_HANDS))
            face_cards_seen.add(_yes_no(row, problems))
        if len(hands_seen) > 1 or len(face_cards_seen) > 1:
            problems.append(
                CellProblem(
                    rows[-1].number,
                    "hands" if len(hands_seen) > 1 else "face_cards",
                    "rows_disagree",
                    "every row of a game gives the same number of hands and the same face_cards",
                )
            )
        if not problems:
            pack = pack_for(face_cards_seen.pop()).size * hands_seen.pop()
            if sum(won.values()) > pack:
                problems.append(
                    CellProblem(
                        rows[-1].number, "cards_won", "too_many_cards", f"the players won {sum(won.values())} cards; the game's hands hold {pack} in all"
                    )
                )
        if problems:
            raise RowsRefused(problems)
        return {player: Fraction(cards) for player, cards in won.items()}


def _whole(row: GameRow, column: str, text: str, problems: list[CellProblem], *, multiple: int = 1, low: int = 0, high: int = 52 * MAX_HANDS) -> int:
    stripped = text.strip()
    if not stripped.isascii() or not stripped.isdigit() or not low <= int(stripped) <= high or int(stripped) % multiple:
        what = f"a whole multiple of {multiple}" if multiple > 1 else "a whole number"
        problems.append(CellProblem(row.number, column, f"bad_{column}", f"{column} is {what} from {low} to {high}, not {text!r}"))
        return low
    return int(stripped)


def _yes_no(row: GameRow, problems: list[CellProblem]) -> bool:
    text = row.cells.get("face_cards", "").strip().lower()
    if text not in YES | NO:
        problems.append(CellProblem(row.number, "face_cards", "bad_face_cards", f"face_cards is yes or no, not {text!r}"))
    return text in YES


ROW_SCORER = CardsWonRows()

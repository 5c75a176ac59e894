"""The kit's legal report: the moves listed as options, counted per action, and its plain form (service/core/records.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from service.core.records import LegalReport, Listed, listed


@dataclass(frozen=True, slots=True)
class _Move:
    player: str
    action: str

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "action": self.action}


class _Template(NamedTuple):
    """A game's own listed record whose ``fill`` is worked out when asked (as 24 Kings' is)."""

    move: _Move
    asked: list[int]

    @property
    def fill(self) -> dict[str, str]:
        self.asked.append(1)
        return {"card": "one of card_choices"}

    def to_dict(self) -> dict[str, Any]:
        return {**self.move.to_dict(), "fill": self.fill}


def _report(*actions: str, counted: tuple[str, ...] = (), facts: dict[str, Any] | None = None) -> LegalReport:
    return LegalReport("ann", "play", listed([_Move("ann", action) for action in actions]), counted, facts or {})


def test_counted_actions_come_first_even_at_zero_then_the_others_as_first_listed() -> None:
    report = _report("draw", "play", "draw", "pass", "play", "draw", counted=("call", "play"))
    assert report.counts() == {"call": 0, "play": 2, "draw": 3, "pass": 1}
    assert list(report.counts()) == ["call", "play", "draw", "pass"]


def test_the_plain_form_lists_the_moves_counts_them_and_ends_with_the_games_facts() -> None:
    report = _report("draw", "draw", counted=("call",), facts={"trump": "H", "phase": "late"})
    assert report.to_dict() == {
        "player": "ann",
        "phase": "late",  # a game's fact of the same name is the game's word, in the report's place
        "moves": [{"player": "ann", "action": "draw"}, {"player": "ann", "action": "draw"}],
        "counts": {"call": 0, "draw": 2},
        "trump": "H",
    }
    assert list(report.to_dict()) == ["player", "phase", "moves", "counts", "trump"]


def test_a_bare_move_is_listed_as_a_whole_move_and_a_games_record_stays_without_its_fill_worked_out() -> None:
    asked: list[int] = []
    template = _Template(_Move("ann", "discard"), asked)
    bare = _Move("ann", "draw")
    options = listed([bare, template])
    assert options == (Listed(bare), template)
    assert asked == []  # telling a record from a bare move worked out no fill
    assert options[1].to_dict()["fill"] == {"card": "one of card_choices"}

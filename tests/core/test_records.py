"""PlainForm: a record's to_dict written once from its declared fields (service/core/records.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from service.core.problems import Problem
from service.core.protocol import PlainData
from service.core.records import PlainForm
from service.games.kings.calculus import CallVerdict
from service.games.kings.rules import Rules as KingsRules
from service.games.kings.state import Outcome
from service.games.three_kings.rules import Rules as ThreeKingsRules
from service.games.twenty_four.standings import Standing


@dataclass(frozen=True, slots=True)
class _Sample:
    name: str
    seen: tuple[int, ...]
    count: int | None
    limit: ClassVar[int] = 3

    to_dict = PlainForm(seen=list)


def test_every_field_in_order_under_its_name_and_the_exceptions_made_plain() -> None:
    data = _Sample("ann", (3, 1), None).to_dict()
    assert data == {"name": "ann", "seen": [3, 1], "count": None}
    assert list(data) == ["name", "seen", "count"]  # the declared order: a class variable is no field
    assert type(data["seen"]) is list


def test_each_call_gives_a_new_dict_and_new_lists() -> None:
    sample = _Sample("ann", (3,), 1)
    first, second = sample.to_dict(), sample.to_dict()
    assert first == second
    assert first is not second and first["seen"] is not second["seen"]


def test_the_class_holds_a_plain_method_once_made() -> None:
    assert not isinstance(_Sample.__dict__["to_dict"], PlainForm)
    assert _Sample.to_dict.__qualname__ == "_Sample.to_dict"
    assert "name, seen, count" in (_Sample.to_dict.__doc__ or "")


def test_an_exception_naming_no_field_fails_when_the_class_is_made() -> None:
    with pytest.raises(RuntimeError) as raised:

        @dataclass(frozen=True, slots=True)
        class _Misspelt:
            cards: tuple[str, ...]

            to_dict = PlainForm(card=list)

    assert "card: no such field" in str(raised.value.__cause__)


@pytest.mark.parametrize(
    ("record", "plain"),
    [
        (Problem("/players/0", "bad_card", "XX is no card"), {"pointer": "/players/0", "code": "bad_card", "message": "XX is no card"}),
        (CallVerdict("ann", False, "why not"), {"player": "ann", "valid": False, "reason": "why not"}),
        (
            Outcome("hand_called", "ann", (5, 9, 4, 10), ("ann", "bob")),
            {"reason": "hand_called", "caller": "ann", "castle_values": [5, 9, 4, 10], "winners": ["ann", "bob"]},
        ),
        (Standing("ann", (3, 0), 2, 5, 1), {"player": "ann", "hands": [3, 0], "this_hand": 2, "total": 5, "rank": 1}),
        (ThreeKingsRules("bonus", True), {"scoring": "bonus", "play_it_out": True}),
        (
            KingsRules("quick", ghoul_raiser=True),
            {
                "hands": "quick",
                "subjects_count": False,
                "no_harm_no_foul": False,
                "static_castles": False,
                "equal_opportunity": False,
                "shuffle_me_out": False,
                "face_up_consequences": False,
                "ghoul_raiser": True,
            },
        ),
    ],
)
def test_the_records_keep_their_wire_form_and_key_order(record: PlainData, plain: dict[str, object]) -> None:
    assert isinstance(record, PlainData)
    data = record.to_dict()
    assert data == plain
    assert list(data) == list(plain)

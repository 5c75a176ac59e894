"""PlainForm: a record's to_dict written once from its declared fields (service/core/records.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from service.core.records import PlainForm


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

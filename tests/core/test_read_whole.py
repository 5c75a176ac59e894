"""The kit's one reading of a state: the reading's problems, else the check's, each stopped at the cap.

``read_whole`` runs both steps in one bounded block with the reader's one list of findings; these hold it to
what the two steps say on their own (service/core/kit.py: ``read_all`` then ``checked``)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from service.core.kit import read_whole
from service.core.problems import MAX_PROBLEMS, InvalidInput, Problem
from service.core.reading import Reader


def read(data: Mapping[str, Any], reader: Reader[Any]) -> dict[str, Any]:
    """A toy reading: one problem per key named ``bad*``."""
    for key in data:
        if key.startswith("bad"):
            reader.problem(f"/{key}", "bad_key", f"{key} is bad")
    return dict(data)


def listed_faults(state: Mapping[str, Any]) -> list[Problem]:
    """A toy check, found whole: ``faults`` problems."""
    return [Problem(f"/faults/{index}", "fault", "a fault") for index in range(state.get("faults", 0))]


def test_a_clean_state_is_read_and_returned():
    assert read_whole(read, listed_faults, {"a": 1}) == {"a": 1}


def test_the_readings_problems_are_raised_and_the_state_is_not_checked():
    checked = []

    def check(state: Mapping[str, Any]) -> list[Problem]:
        checked.append(state)
        return listed_faults(state)

    with pytest.raises(InvalidInput) as raised:
        read_whole(read, check, {"bad1": 0, "faults": 3, "bad2": 0})
    assert [problem.pointer for problem in raised.value.problems] == ["/bad1", "/bad2"]
    assert checked == []


def test_the_checks_problems_are_raised_when_the_reading_found_none():
    with pytest.raises(InvalidInput) as raised:
        read_whole(read, listed_faults, {"faults": 2})
    assert [problem.pointer for problem in raised.value.problems] == ["/faults/0", "/faults/1"]
    assert (raised.value.omitted, raised.value.truncated) == (0, False)


def test_a_check_found_whole_past_the_cap_lists_the_cap_and_counts_the_rest():
    with pytest.raises(InvalidInput) as raised:
        read_whole(read, listed_faults, {"faults": MAX_PROBLEMS + 7})
    assert len(raised.value.problems) == MAX_PROBLEMS
    assert (raised.value.omitted, raised.value.truncated) == (7, True)


def test_a_check_that_generates_its_problems_is_stopped_one_past_the_cap():
    drawn = itertools.count()

    def endless(state: Mapping[str, Any]) -> Iterator[Problem]:
        for index in drawn:
            yield Problem(f"/{index}", "fault", "a fault")

    with pytest.raises(InvalidInput) as raised:
        read_whole(read, endless, {})
    assert len(raised.value.problems) == MAX_PROBLEMS
    assert (raised.value.omitted, raised.value.truncated) == (1, True)
    assert next(drawn) == MAX_PROBLEMS + 1  # nothing drawn past the one that showed the cap was passed


def test_a_reading_past_the_cap_stops_there():
    data = {f"bad{index}": 0 for index in range(MAX_PROBLEMS + 5)}
    with pytest.raises(InvalidInput) as raised:
        read_whole(read, listed_faults, data)
    assert len(raised.value.problems) == MAX_PROBLEMS
    assert (raised.value.omitted, raised.value.truncated) == (1, True)

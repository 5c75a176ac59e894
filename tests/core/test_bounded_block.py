"""Findings.bounded()'s block (service/core/problems.py): the stop at the cap ends the block quietly with what was
found; any other error of a check goes on to the caller, as it would without the block."""

from __future__ import annotations

import pytest

from service.core.problems import Findings, Problem


def test_the_stop_at_the_cap_ends_the_block_quietly_and_the_findings_stop_only_inside_it():
    found = Findings(2)
    reached = []
    with found.bounded():
        for number in range(5):
            found.append(Problem(f"/{number}", "bad", "bad"))
            reached.append(number)
    assert reached == [0, 1]  # the third problem, past the cap, stopped the check
    assert [p.pointer for p in found.problems] == ["/0", "/1"] and found.omitted == 1 and found.truncated
    found.append(Problem("/5", "bad", "bad"))  # outside the block: counted, no stop
    assert found.omitted == 2 and not found.stopping


@pytest.mark.parametrize("error", [KeyError("players"), TypeError("a check's own bug"), ValueError("bad")])
def test_any_other_error_of_a_check_is_not_swallowed_by_the_block(error):
    found = Findings(2)
    with pytest.raises(type(error)), found.bounded():
        found.append(Problem("/0", "bad", "bad"))
        raise error
    assert not found.stopping  # the block is left as it was entered

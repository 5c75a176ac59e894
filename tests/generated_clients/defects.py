"""Where openapi.yaml itself is what blocks a generated client: each case here is a strict xfail naming the defect, so
it fails (XPASS) the day the document is fixed, and then leaves this list. Nothing else may fail."""

from __future__ import annotations

from typing import Any

import pytest

DEFAULTS = (
    "openapi.yaml: request fields a client may leave out carry a `default`, which openapi-typescript's defaults "
    "(defaultNonNullable) type as required, so the case's own body (or the answer's) does not type-check"
)
FILL = (
    "openapi.yaml: 24 Kings' legal moves carry `fill` (what a template's client must fill in), which KingsLegalMove "
    "does not list (additionalProperties: false): the TypeScript literal is refused and the Python model drops it"
)
FREE_FORM = (
    "openapi.yaml: Twenty-Four's legal moves and the state /moves/apply answers are free-form objects, so a listed "
    "move is not a TwentyFourMove and the answered state not a TwentyFourState without casts"
)

# tsc's verdict per conformance case (test_every_conformance_case_type_checks) and per game.
TYPE_CHECK = {
    **{f"24-kings-{index}": DEFAULTS for index in (*range(19), 21)},
    "24-kings-20": FILL,
    **{f"twenty-four-{index}": DEFAULTS for index in (*range(14), *range(31, 37))},
    **{f"three-kings-{index}": DEFAULTS for index in (1, 2, 3, 4, 5, 9)},
    "1923-7": DEFAULTS,
    "twenty-four-1718-5": DEFAULTS,
    "twenty-four-1718-6": DEFAULTS,
    "twenty-four": FREE_FORM,
}
# The Python client's parse per conformance case (test_every_conformance_case_through_the_generated_client).
PARSE = {"24-kings-20": FILL}


def marked(test_id: str, defects: dict[str, str], *values: Any, raises: type[BaseException] = AssertionError) -> Any:
    """``values`` as a pytest.param with the id, strictly expected to fail with ``raises`` where ``defects`` names it."""
    marks = [pytest.mark.xfail(strict=True, raises=raises, reason=defects[test_id])] if test_id in defects else []
    return pytest.param(*values, id=test_id, marks=marks)

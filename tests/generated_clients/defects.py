"""Where openapi.yaml itself is what blocks a generated client: each case here is a strict xfail naming the defect, so
it fails (XPASS) the day the document is fixed, and then leaves this list. Nothing else may fail."""

from __future__ import annotations

from typing import Any

import pytest

# tsc's verdict per conformance case (test_every_conformance_case_type_checks) and per game.
TYPE_CHECK: dict[str, str] = {}
# The Python client's parse per conformance case (test_every_conformance_case_through_the_generated_client).
PARSE: dict[str, str] = {}


def marked(test_id: str, defects: dict[str, str], *values: Any, raises: type[BaseException] = AssertionError) -> Any:
    """``values`` as a pytest.param with the id, strictly expected to fail with ``raises`` where ``defects`` names it."""
    marks = [pytest.mark.xfail(strict=True, raises=raises, reason=defects[test_id])] if test_id in defects else []
    return pytest.param(*values, id=test_id, marks=marks)

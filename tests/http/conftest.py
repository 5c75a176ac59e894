"""Fixtures of the OpenAPI tests: one app per module, and the document it serves."""

from __future__ import annotations

from typing import Any

import pytest

from service import create_app


@pytest.fixture(scope="module")
def app() -> Any:
    return create_app({"ACCESS_LOG": False})


@pytest.fixture(scope="module")
def spec(app: Any) -> dict[str, Any]:
    document: dict[str, Any] = app.test_client().get("/openapi.json").get_json()
    return document

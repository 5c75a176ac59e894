"""Fixtures of the sealed-deal tests: an app and a client sealing with the fixed test key."""

from __future__ import annotations

import pytest

from .keys import sealed_app


@pytest.fixture(scope="module")
def keyed_app():
    return sealed_app()


@pytest.fixture
def keyed(keyed_app):
    return keyed_app.test_client()

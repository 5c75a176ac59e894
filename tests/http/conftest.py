"""The Flask tutorial's fixtures: an app per test session and a test client."""

import pytest

from service import create_app


@pytest.fixture(scope="session")
def app():
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()

"""What every request runs besides its view (issue 25): no app-wide hook for what concerns a few routes, and no session.

The ETag of the unchanging answers wraps their views (service/http/caching.py), the next sealed token is asked for
by the request that opens or seals one (service/http/sealed.py), the docs' viewport is a hook of the docs' blueprint
(service/table): none runs on ``/healthz`` or a POST. The service keeps no sessions: one empty, read-only session.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import session

from service import create_app


@pytest.fixture(scope="module")
def app() -> Any:
    return create_app({"TESTING": True})


def test_no_hook_runs_on_every_request(app: Any) -> None:
    """Without CORS configured (it adds its own), the app has no app-wide before- or after-request hook."""
    assert not app.before_request_funcs.get(None) and not app.after_request_funcs.get(None)


@pytest.mark.parametrize("path", ["/v1/games", "/v1/24-kings/rules", "/openapi.json"])
def test_a_head_request_is_tagged_as_its_get(app: Any, path: str) -> None:
    client = app.test_client()
    assert client.head(path).headers["ETag"] == client.get(path).headers["ETag"]


def test_the_session_is_empty_and_cannot_be_written(app: Any) -> None:
    with app.test_request_context("/healthz"):
        assert dict(session) == {} and session.get("user") is None
        with pytest.raises(RuntimeError, match="secret key"):
            session["user"] = "ann"


def test_no_answer_sets_or_varies_on_a_cookie(app: Any) -> None:
    answer = app.test_client().get("/healthz", headers={"Cookie": "session=anything"})
    assert answer.status_code == 200 and "Set-Cookie" not in answer.headers and "Cookie" not in answer.headers.get("Vary", "")

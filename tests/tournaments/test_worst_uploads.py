"""The bodies benchmarked as the worst uploads (benchmarks/worst_bodies.py) are what they claim: each worst accepted
body is answered 200, and each body one past a limit is refused with the code that names that limit."""

from __future__ import annotations

import pytest

from benchmarks.worst_bodies import DIAGONAL, NOTES, WIDEST_ROWS, upload_bodies
from service.tournaments.limits import MAX_CELLS, MAX_COLUMNS, MAX_ROWS, MAX_STANDINGS_CELLS

BODIES = upload_bodies()


@pytest.mark.parametrize("name", list(BODIES))
def test_the_worst_bodies_are_answered_as_named(client, name):
    body = BODIES[name]
    response = client.post(body.path + body.query, data=body.data, content_type=body.content_type)
    assert response.status_code == body.status, response.get_data(as_text=True)[:300]
    if body.code is not None:
        assert response.get_json()["errors"][0]["code"] == body.code


def test_the_worst_bodies_are_at_the_limits():
    """Accepted ones at each limit, refused ones one past it (the sizes follow the limits, whatever they are)."""
    assert (MAX_ROWS + 1) * (3 + NOTES) <= MAX_CELLS < (MAX_ROWS + 1) * (3 + NOTES + 1)
    assert (WIDEST_ROWS + 1) * MAX_COLUMNS <= MAX_CELLS < (WIDEST_ROWS + 2) * MAX_COLUMNS
    assert DIAGONAL**2 <= MAX_STANDINGS_CELLS < (DIAGONAL + 1) ** 2
    assert all(len(body.data) < 1024 * 1024 for body in BODIES.values())  # within the app's body limit

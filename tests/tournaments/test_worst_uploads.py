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


def test_every_refusal_benchmarked_is_a_short_problem_at_a_pointer(client):
    """Issue 29: a refusal is a problem document of at most 64 KiB whose errors carry a JSON pointer each."""
    from benchmarks.worst_bodies import worst_refusals

    answers = [client.post(body.path + body.query, data=body.data, content_type=body.content_type) for body in BODIES.values() if body.status != 200]
    answers += [client.post(path, json=body) for path, body in worst_refusals().values()]
    for response in answers:
        assert response.status_code in (413, 422) and response.mimetype == "application/problem+json"
        assert len(response.get_data()) <= 64 * 1024
        errors = response.get_json()["errors"]
        assert errors and all(isinstance(error["pointer"], str) for error in errors)


def test_the_1923_refusals_name_their_cause(client):
    from benchmarks.worst_bodies import worst_refusals

    refusals = worst_refusals()
    over = client.post(
        *refusals["1923: the longest match, over after its first set (every set judged)"][:1],
        json=refusals["1923: the longest match, over after its first set (every set judged)"][1],
    ).get_json()
    assert [(e["pointer"], e["code"]) for e in over["errors"]] == [("/sets/1", "match_already_over")]
    path, body = refusals["1923: one set too many (refused before any set loads)"]
    assert [(e["pointer"], e["code"]) for e in client.post(path, json=body).get_json()["errors"]] == [("/sets", "bad_length")]


def test_the_three_kings_pile_is_refused_by_its_length(client):
    from benchmarks.worst_bodies import worst_refusals

    path, body = worst_refusals()["three kings: one pile of 99,900 cards (refused by its length, no card read)"]
    assert [(e["pointer"], e["code"]) for e in client.post(path, json=body).get_json()["errors"]] == [("/piles/ann", "bad_length")]


def test_the_longest_names_are_refused_as_too_long(client):
    """A name of nearly a megabyte is one problem, name_too_long, at its place: not a walk of its characters."""
    from benchmarks.worst_bodies import worst_refusals

    for label in ("1923: a player's name of 999,900 characters", "1923: a name of 150,000 two-byte characters and one noncharacter past the first plane"):
        path, body = worst_refusals()[label]
        assert [(e["pointer"], e["code"]) for e in client.post(path, json=body).get_json()["errors"]] == [("/players/0", "name_too_long")]

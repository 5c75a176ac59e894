"""Schema refusals point at the player's entry itself: /won/ann/0, never marshmallow's /won/ann/value/0."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from schemas.nineteen_twenty_three import MoveSchema, SetScoreRequestSchema, StandingsRequestSchema
from service.http.problems import pointer_errors


def pointers(schema, data) -> list[str]:
    with pytest.raises(ValidationError) as refused:
        schema.load(data)
    return sorted(error["pointer"] for error in pointer_errors(refused.value.messages))


def test_map_by_player_errors_point_at_the_player():
    assert pointers(SetScoreRequestSchema(), {"won": {"ann": ["AH", "XX"]}}) == ["/won/ann/1"]
    assert pointers(SetScoreRequestSchema(), {"won": {"b" * 200: []}}) == ["/won/" + "b" * 200]
    assert pointers(StandingsRequestSchema(), {"sets": [{"points": {"ann": "many"}, "cards": {"ann": 1}}]}) == ["/sets/0/points/ann"]
    assert pointers(MoveSchema(), {"action": "reveal", "last_war": {"ann": "ZZ"}}) == ["/last_war/ann"]
    both = pointers(SetScoreRequestSchema(), {"won": {"b" * 200: ["XX"]}})
    assert both == ["/won/" + "b" * 200, "/won/" + "b" * 200 + "/0"]

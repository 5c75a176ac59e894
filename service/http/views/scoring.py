"""POST /hands and /calculus."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from schemas.scoring import CalculusRequestSchema, CalculusResponseSchema, HandsRequestSchema, HandsResponseSchema
from service.core.cards import parse_cards
from service.games.kings.calculus import calculus

from ..api import RefereeBlueprint
from ..convert import castles_from, rules_from, table_player_from
from ..examples import examples
from ..views_support import hands_report, progress_encoded

blp = RefereeBlueprint("scoring", __name__, url_prefix="/v1/24-kings", description="What cards hold, and The Calculus.")
EX = examples()


@blp.post("/hands", body=HandsRequestSchema, body_example=EX["hands_request"], answer=HandsResponseSchema, answer_example=EX["hands_response"],
          description="The best split, whether the cards can call HAND!, every hand held, progress to all 24.")
def hands(body: dict[str, Any]) -> Response:
    """What a set of cards holds against four castles (RULES.md §11-16)."""
    return jsonify(hands_report(castles_from(body["castles"]), rules_from(body["rules"]), parse_cards(body["cards"]), progress_encoded))


@blp.post("/calculus", body=CalculusRequestSchema, body_example=EX["calculus_request"], answer=CalculusResponseSchema, answer_example=EX["calculus_response"],
          description="Each player's split and score, the winners, and the call's verdict.")
def score(body: dict[str, Any]) -> Response:
    """The Calculus for a table: declared splits are checked, the rest chosen at best (RULES.md §15-17)."""
    players = [table_player_from(player) for player in body["players"]]
    result = calculus(castles_from(body["castles"]), players, rules_from(body["rules"]), body.get("caller"))
    return jsonify(result.to_dict())

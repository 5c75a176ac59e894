"""POST /games, /games/from-table and /state/check."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from schemas.games import GameStateSchema, NewGameRequestSchema, NewGameResponseSchema, StateCheckResponseSchema, StateRequestSchema, TableSetupRequestSchema
from service.core.cards import parse_cards
from service.core.problems import InvalidInput
from service.games.kings.start import new_game, table_setup

from ..api import RefereeBlueprint
from ..convert import castles_from, rules_from, state_from
from ..examples import examples

blp = RefereeBlueprint("games", __name__, url_prefix="/v1/24-kings", description="Starting games and checking states.")
EX = examples()


@blp.post("/games", body=NewGameRequestSchema, body_example=EX["new_game_request"], answer=NewGameResponseSchema, answer_example=EX["new_game_response"],
          description="The state after the Castle Phase and the deal, with the Castle Phase log.")
def create_game(body: dict[str, Any]) -> Response:
    """New game: shuffle (seeded), Castle Phase, deal seven cards each (RULES.md §7-8)."""
    game = new_game(body["players"], rules_from(body["rules"]), body.get("seed"), body["dealer"], body["direction"])
    return jsonify(game.to_dict())


@blp.post("/games/from-table", body=TableSetupRequestSchema, body_example=EX["table_setup_request"],
          answer=GameStateSchema, answer_example=EX["table_setup_response"], description="A state for a game dealt at a real table; unseen cards are counted.")
def create_from_table(body: dict[str, Any]) -> Response:
    """Set-up from a physical table: the castles and seats are known, most cards are not (RULES.md §22)."""
    hands = body.get("hands")
    state = table_setup(
        body["players"], castles_from(body["castles"]), rules_from(body["rules"]), body["dealer"], body["direction"],
        parse_cards(body["face_up"]), None if hands is None else [parse_cards(hand) for hand in hands],
    )
    return jsonify(state.to_dict())


@blp.post("/state/check", body=StateRequestSchema, body_example=EX["state_request"], answer=StateCheckResponseSchema, answer_example=EX["state_check_response"],
          description="Whether the state is a real table, with every problem at once.")
def check(body: dict[str, Any]) -> Response:
    """Whole-state check: every problem at once, each with a JSON pointer and a code (RULES.md §21)."""
    try:
        state_from(body["state"])
    except InvalidInput as error:
        return jsonify({"valid": False, "problems": [p.to_dict() for p in error.problems]})
    return jsonify({"valid": True, "problems": []})

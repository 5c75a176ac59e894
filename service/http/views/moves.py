"""POST /moves/legal, /moves/validate and /moves/apply."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from schemas.games import StateRequestSchema
from schemas.moves import LegalMovesResponseSchema, MoveRequestSchema, TransitionSchema, VerdictSchema
from service.games.kings.moves import apply_move, judge

from ..api import RefereeBlueprint
from ..convert import move_from, state_from
from ..examples import examples
from ..views_support import legal_moves_report

blp = RefereeBlueprint("moves", __name__, url_prefix="/v1/24-kings", description="Legal moves, verdicts and applying a move.")
EX = examples()


@blp.post("/moves/legal", body=StateRequestSchema, body_example=EX["state_request"], answer=LegalMovesResponseSchema, answer_example=EX["legal_moves_response"],
          description="Every distinct legal move of the player to act, with counts per action.")
def legal(body: dict[str, Any]) -> Response:
    """Legal moves of the player to act; two identical cards are one choice (RULES.md §9)."""
    return jsonify(legal_moves_report(state_from(body["state"])))


@blp.post("/moves/validate", body=MoveRequestSchema, body_example=EX["move_request"], answer=VerdictSchema, answer_example=EX["verdict_response"],
          description="The verdict: an illegal move is 200 with legal false, its reasons and alternatives.")
def validate(body: dict[str, Any]) -> Response:
    """Judge a move: legal or not, each reason with its code, RULES.md section and pointer, and the nearest legal moves."""
    state = state_from(body["state"])
    return jsonify(judge(state, move_from(body["move"])).to_dict())


@blp.post("/moves/apply", body=MoveRequestSchema, body_example=EX["move_request"], answer=TransitionSchema, answer_example=EX["apply_response"],
          description="The state after the move and the events, in order.")
def apply(body: dict[str, Any]) -> Response:
    """Apply a move; an illegal one is a 422 problem with the same reasons as the verdict. The input is never changed."""
    state = state_from(body["state"])
    return jsonify(apply_move(state, move_from(body["move"])).to_dict())

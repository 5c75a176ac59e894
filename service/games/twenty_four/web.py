"""Twenty-Four over HTTP: the endpoints only it has (/solve, /judge, /target, /games, /standings), its schemas and examples.

The shared referee endpoints (state check, legal moves, validate, apply,
view, rules, conformance) are mounted from ``GAME`` by
:mod:`service.http.referee`.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from flask import Response, jsonify

from schemas.twenty_four import (
    ClaimVerdictSchema,
    FromTableAnswerSchema,
    FromTableSchema,
    JudgeAnswerSchema,
    JudgeRequestSchema,
    LegalReportSchema,
    MoveSchema,
    NewGameAnswerSchema,
    NewGameSchema,
    SolveAnswerSchema,
    SolveRequestSchema,
    StandingsAnswerSchema,
    StandingsRequestSchema,
    StateSchema,
    TargetAnswerSchema,
    TargetRequestSchema,
    TransitionSchema,
    ViewSchema,
)
from service.core.caches import constant, memo
from service.core.cards import parse_cards
from service.core.problems import InvalidInput
from service.http.api import RefereeBlueprint
from service.http.referee import STATE, ConformanceRequest, GameWeb, in_body, read_table
from service.http.sealed import refuse_a_chosen_seed, seal_deal

from . import GAME
from .expressions import MAX_DEPTH, MAX_LENGTH, RULE_OF_CODE, check
from .moves import Move, table_standings
from .pack import card_problems, table_values
from .sealed import SPLIT
from .solver import solved
from .start import from_table, new_game
from .state import Rules, state_from_dict
from .target import TARGET_CARDS, dynamic_target

blp = RefereeBlueprint(
    "twenty-four", __name__, url_prefix="/v1/twenty-four", description="Twenty-Four: the solver, the claim judge, the dynamic target, new games and standings."
)

SOLVE_REQUEST: dict[str, Any] = {"values": [2, 4, 10, 10], "target": 24}
JUDGE_REQUEST: dict[str, Any] = {"cards": ["2S", "4H", "10D", "10C"], "expression": "(2 + 4 / 10) * 10", "target": 24}
TARGET_REQUEST: dict[str, Any] = {"cards": ["AS", "3H", "5D", "7C", "9S", "10H", "2D", "KC"], "face_cards": True}
NEW_GAME_REQUEST: dict[str, Any] = {"players": ["ann", "bob", "cy", "di"], "seed": 7, "rules": {"hands": 2}}
FROM_TABLE_REQUEST: dict[str, Any] = {"players": ["ann", "bob", "cy", "di"], "rules": {"hands": 2}}


# -- the answers ---------------------------------------------------------------------------------
def solve_answer(body: dict[str, Any]) -> dict[str, Any]:
    values = table_values(body.get("cards"), body.get("values"), body["face_cards"])
    texts = solved(tuple(sorted(values)), body["target"], body["notation"])  # shared by every order of the same values
    return {"values": values, "target": body["target"], "solvable": bool(texts), "count": len(texts), "solutions": list(texts)}


def judge_answer(body: dict[str, Any]) -> dict[str, Any]:
    values = table_values(body.get("cards"), body.get("values"), body["face_cards"])
    return check(body["expression"], values, body["target"]).to_dict()


def target_answer(body: dict[str, Any]) -> dict[str, Any]:
    cards = parse_cards(body["cards"])
    problems = card_problems([(f"/cards/{index}", card) for index, card in enumerate(cards)], body["face_cards"])
    if problems:
        raise InvalidInput(problems)
    return dynamic_target(cards).to_dict()


def new_game_answer(body: dict[str, Any]) -> dict[str, Any]:
    rules = Rules(**body["rules"])
    if not body.get("sealed"):
        return new_game(body["players"], rules, body.get("seed"), body.get("dealer")).to_dict()
    refuse_a_chosen_seed(body)
    game = new_game(body["players"], rules, None, body.get("dealer"))  # the server's seed, sealed with the piles
    return {"events": list(game.events)} | seal_deal(SPLIT, GAME.info.slug, game.state)


def from_table_answer(body: dict[str, Any]) -> dict[str, Any]:
    game = from_table(body["players"], Rules(**body["rules"]), body.get("dealer"))
    return {"state": game.state.to_dict(), "events": list(game.events)}


def standings_answer(body: dict[str, Any]) -> dict[str, Any]:
    """The standings of a state; of a sealed deal's public state with its token (the piles it counts are in the token)."""
    if body.get("sealed") is not None:
        return table_standings(read_table(WEB, body, needs_viewer=False).state).to_dict()
    with in_body(STATE):
        state = state_from_dict(body["state"])
    return table_standings(state).to_dict()


# -- examples -------------------------------------------------------------------------------------
@memo(constant("examples", "one set of request and answer examples", 128 * 1024, __name__))
def examples() -> dict[str, Any]:
    """Every request and answer example, computed by the engine so they are always right."""
    game = new_game(NEW_GAME_REQUEST["players"], Rules(hands=2), seed=NEW_GAME_REQUEST["seed"])
    state = game.state
    claim = Move("claim", "bob", "1 + 2 + 3 + 4")
    barred = GAME.apply(state, claim).state
    return {
        "state": barred.to_dict(),
        "move": {"action": "set_aside", "reason": "agreed"},
        "illegal_move": {"action": "claim", "player": "bob", "expression": "(2 + 4 / 10) * 10"},
        "player": "ann",
        "new_game_answer": game.to_dict(),
        "from_table_answer": from_table_answer(FROM_TABLE_REQUEST | {"rules": {"hands": 2}}),
        "solve_answer": solve_answer(SOLVE_REQUEST | {"face_cards": False, "notation": "unicode"}),
        "judge_answer": judge_answer(JUDGE_REQUEST | {"face_cards": False}),
        "target_answer": target_answer(TARGET_REQUEST),
        "standings_answer": table_standings(barred).to_dict(),
    }


EX = examples()


# -- the endpoints only Twenty-Four has ------------------------------------------------------------
@blp.post(
    "/solve",
    body=SolveRequestSchema,
    body_example=SOLVE_REQUEST,
    answer=SolveAnswerSchema,
    answer_example=EX["solve_answer"],
    description="Every distinct solution (rules.md §6) for four cards or values and a target 0-1000, simplest first.",
)
def solve_view(body: dict[str, Any]) -> Response:
    """Solve four cards: whether the target can be made, and every distinct way, each written once."""
    return jsonify(solve_answer(body))


@blp.post(
    "/judge",
    body=JudgeRequestSchema,
    body_example=JUDGE_REQUEST,
    answer=JudgeAnswerSchema,
    answer_example=EX["judge_answer"],
    description="A claimed expression judged with exact arithmetic: correct or not, its value, every fault with its character offset.",
)
def judge_view(body: dict[str, Any]) -> Response:
    """Judge a claim (rules.md §4). An expression beyond 200 characters or 16 nested parentheses is a 422."""
    return jsonify(judge_answer(body))


@blp.post(
    "/target",
    body=TargetRequestSchema,
    body_example=TARGET_REQUEST,
    answer=TargetAnswerSchema,
    answer_example=EX["target_answer"],
    description="The dynamic target of eight cards: the two highest and two lowest removed, the other four summed (rules.md §7).",
)
def target_view(body: dict[str, Any]) -> Response:
    """The hand's target under the dynamic_target option."""
    return jsonify(target_answer(body))


@blp.post(
    "/games",
    body=NewGameSchema,
    body_example=NEW_GAME_REQUEST,
    answer=NewGameAnswerSchema,
    answer_example=EX["new_game_answer"],
    description="A new game: the draw for the first dealer, the target, the deal, and the first four cards face up.",
)
def new_game_view(body: dict[str, Any]) -> Response:
    """New game (rules.md §2, §3.1, §7): seeded, so the same seed always gives the same game."""
    return jsonify(new_game_answer(body))


@blp.post(
    "/games/from-table",
    body=FromTableSchema,
    body_example=FROM_TABLE_REQUEST,
    answer=FromTableAnswerSchema,
    answer_example=EX["from_table_answer"],
    description="A game at a real table (rules.md §10): piles are counts; the table names each card it turns by a move (draw, set_target, turn_up).",
)
def from_table_view(body: dict[str, Any]) -> Response:
    """Real table (rules.md §10): the state waits for the draw for the dealer (or, given a dealer, the first cards turned)."""
    return jsonify(from_table_answer(body))


@blp.post(
    "/standings",
    body=StandingsRequestSchema,
    body_example={"state": EX["state"]},
    answer=StandingsAnswerSchema,
    answer_example=EX["standings_answer"],
    description="Points per hand and in total, ranks, and the winners once every hand is played.",
)
def standings_view(body: dict[str, Any]) -> Response:
    """Standings for the hand being played and for the whole game (rules.md §5)."""
    return jsonify(standings_answer(body))


# -- the rules catalog and the conformance cases ---------------------------------------------------
def rules_catalog() -> dict[str, Any]:
    return {
        "reason_codes": dict(RULE_OF_CODE),
        "expression_bounds": {"max_length": MAX_LENGTH, "max_depth": MAX_DEPTH},
        "target_cards": TARGET_CARDS,
        "packs": {"standard": 40, "face_cards": 52},
    }


def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("golden/twenty-four.json").read_text(encoding="utf-8"))
    return data


def conformance() -> list[ConformanceRequest]:
    """The golden cases first (/solve, /judge, /target), then one request of every other endpoint."""
    cases = golden()
    requests = [
        ConformanceRequest(
            f"golden solve: {' '.join(map(str, case['values']))} -> {case['target']}",
            "POST",
            "/solve",
            {"values": case["values"], "target": case["target"], "face_cards": max(case["values"]) > 10},
            f"expected: solvable {case['solvable']}",
        )
        for case in cases["solve"]
    ]
    requests += [
        ConformanceRequest(
            f"golden judge: {case['expression']}",
            "POST",
            "/judge",
            {"values": case["values"], "expression": case["expression"], "target": 24, "face_cards": max(case["values"]) > 10},
            f"expected: correct {case['correct']}" + (f", one of {case['codes']}" if "codes" in case else ""),
        )
        for case in cases["judge"]
    ]
    requests += [
        ConformanceRequest(
            f"golden target: {' '.join(case['cards'])}",
            "POST",
            "/target",
            {"cards": case["cards"], "face_cards": case.get("face_cards", False)},
            f"expected: target {case['target']}",
        )
        for case in cases["target"]
    ]
    ex = examples()
    return [
        *requests,
        ConformanceRequest("A seeded new game", "POST", "/games", NEW_GAME_REQUEST, "the same seed always gives the same game"),
        ConformanceRequest("A game at a real table", "POST", "/games/from-table", FROM_TABLE_REQUEST, "phase draw: the table names the cards drawn"),
        ConformanceRequest("Legal moves after a wrong claim", "POST", "/moves/legal", {"state": ex["state"]}),
        ConformanceRequest("A barred player's second claim is refused", "POST", "/moves/validate", {"state": ex["state"], "move": ex["illegal_move"]}),
        ConformanceRequest("Setting the cards aside says whether a solution existed", "POST", "/moves/apply", {"state": ex["state"], "move": ex["move"]}),
        ConformanceRequest("Standings", "POST", "/standings", {"state": ex["state"]}),
        ConformanceRequest("Rules", "GET", "/rules"),
    ]


WEB = GameWeb(
    game=GAME,
    state_schema=StateSchema,
    move_schema=MoveSchema,
    examples=examples,
    blueprint=blp,
    conformance=conformance,
    rules_catalog=rules_catalog,
    legal_schema=LegalReportSchema,
    verdict_schema=ClaimVerdictSchema,
    transition_schema=TransitionSchema,
    view_schema=ViewSchema,
    split=SPLIT,
)

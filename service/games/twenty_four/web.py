"""Twenty-Four over HTTP: the endpoints only it has (/solve, /judge, /target, /games, /standings), its schemas and examples.

The shared referee endpoints (state check, legal moves, validate, apply,
view, rules, conformance) are mounted from ``GAME`` by
:mod:`service.http.referee`.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

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
from service.http.endpoints import Endpoint, Endpoints, GameSchemas
from service.http.referee import STATE, ConformanceRequest, GameWeb, example_cases, in_body, read_table
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

SOLVE_REQUEST: dict[str, Any] = {"values": [2, 4, 10, 10], "target": 24}
JUDGE_REQUEST: dict[str, Any] = {"cards": ["2S", "4H", "10D", "10C"], "expression": "(2 + 4 / 10) * 10", "target": 24}
TARGET_REQUEST: dict[str, Any] = {"cards": ["AS", "3H", "5D", "7C", "9S", "10H", "2D", "KC"], "face_cards": True}
NEW_GAME_REQUEST: dict[str, Any] = {"players": ["ann", "bob", "cy", "di"], "seed": 7, "rules": {"hands": 2}}
FROM_TABLE_REQUEST: dict[str, Any] = {"players": ["ann", "bob", "cy", "di"], "rules": {"hands": 2}}


# -- the endpoints only Twenty-Four has ------------------------------------------------------------
def solve_view(body: dict[str, Any]) -> dict[str, Any]:
    """Solve four cards: whether the target can be made, and every distinct way, each written once."""
    values = table_values(body.get("cards"), body.get("values"), body["face_cards"])
    texts = solved(tuple(sorted(values)), body["target"], body["notation"])  # shared by every order of the same values
    return {"values": values, "target": body["target"], "solvable": bool(texts), "count": len(texts), "solutions": list(texts)}


def judge_view(body: dict[str, Any]) -> dict[str, Any]:
    """Judge a claim (rules.md §4). An expression beyond 200 characters or 16 nested parentheses is a 422."""
    values = table_values(body.get("cards"), body.get("values"), body["face_cards"])
    return check(body["expression"], values, body["target"]).to_dict()


def target_view(body: dict[str, Any]) -> dict[str, Any]:
    """The hand's target under the dynamic_target option."""
    cards = parse_cards(body["cards"])
    problems = card_problems([(f"/cards/{index}", card) for index, card in enumerate(cards)], body["face_cards"])
    if problems:
        raise InvalidInput(problems)
    return dynamic_target(cards).to_dict()


def new_game_view(body: dict[str, Any]) -> dict[str, Any]:
    """New game (rules.md §2, §3.1, §7): seeded, so the same seed always gives the same game."""
    rules = Rules(**body["rules"])
    if not body.get("sealed"):
        return new_game(body["players"], rules, body.get("seed"), body.get("dealer")).to_dict()
    refuse_a_chosen_seed(body)
    game = new_game(body["players"], rules, None, body.get("dealer"))  # the server's seed, sealed with the piles
    return {"events": list(game.events)} | seal_deal(SPLIT, GAME.info.slug, game.state)


def from_table_view(body: dict[str, Any]) -> dict[str, Any]:
    """Real table (rules.md §10): the state waits for the draw for the dealer (or, given a dealer, the first cards turned)."""
    game = from_table(body["players"], Rules(**body["rules"]), body.get("dealer"))
    return {"state": game.state.to_dict(), "events": list(game.events)}


def standings_view(body: dict[str, Any]) -> dict[str, Any]:
    """Standings for the hand being played and for the whole game (rules.md §5)."""
    if body.get("sealed") is not None:  # a sealed deal's public state with its token: the piles it counts are in the token
        return table_standings(read_table(WEB, body, needs_viewer=False).state).to_dict()
    with in_body(STATE):
        state = state_from_dict(body["state"])
    return table_standings(state).to_dict()


# -- examples -------------------------------------------------------------------------------------
@memo(constant("examples", "one set of request and answer examples", 128 * 1024, __name__))
def examples() -> dict[str, Any]:
    """The examples the shared endpoints and the conformance cases start from, computed by the engine so they are always right:
    a game in which bob's wrong claim has barred him."""
    game = new_game(NEW_GAME_REQUEST["players"], Rules(hands=2), seed=NEW_GAME_REQUEST["seed"])
    barred = GAME.apply(game.state, Move("claim", "bob", "1 + 2 + 3 + 4")).state
    return {
        "state": barred.to_dict(),
        "move": {"action": "set_aside", "reason": "agreed"},
        "illegal_move": {"action": "claim", "player": "bob", "expression": "(2 + 4 / 10) * 10"},
        "player": "ann",
    }


ENDPOINTS = Endpoints(
    "Twenty-Four: the solver, the claim judge, the dynamic target, new games and standings.",
    [
        Endpoint(
            "/solve",
            SolveRequestSchema,
            SolveAnswerSchema,
            solve_view,
            "Every distinct solution (rules.md §6) for four cards or values and a target 0-1000, simplest first.",
            SOLVE_REQUEST,
        ),
        Endpoint(
            "/judge",
            JudgeRequestSchema,
            JudgeAnswerSchema,
            judge_view,
            "A claimed expression judged with exact arithmetic: correct or not, its value, every fault with its character offset.",
            JUDGE_REQUEST,
        ),
        Endpoint(
            "/target",
            TargetRequestSchema,
            TargetAnswerSchema,
            target_view,
            "The dynamic target of eight cards: the two highest and two lowest removed, the other four summed (rules.md §7).",
            TARGET_REQUEST,
        ),
        Endpoint(
            "/games",
            NewGameSchema,
            NewGameAnswerSchema,
            new_game_view,
            "A new game: the draw for the first dealer, the target, the deal, and the first four cards face up.",
            NEW_GAME_REQUEST,
        ),
        Endpoint(
            "/games/from-table",
            FromTableSchema,
            FromTableAnswerSchema,
            from_table_view,
            "A game at a real table (rules.md §10): piles are counts; the table names each card it turns by a move (draw, set_target, turn_up).",
            FROM_TABLE_REQUEST,
        ),
        Endpoint(
            "/standings",
            StandingsRequestSchema,
            StandingsAnswerSchema,
            standings_view,
            "Points per hand and in total, ranks, and the winners once every hand is played.",
            lambda: {"state": examples()["state"]},
        ),
    ],
)


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
        *example_cases(
            ex,
            legal="Legal moves after a wrong claim",
            refused="A barred player's second claim is refused",
            applied="Setting the cards aside says whether a solution existed",
        ),
        ConformanceRequest("Standings", "POST", "/standings", {"state": ex["state"]}),
        ConformanceRequest("Rules", "GET", "/rules"),
    ]


SCHEMAS = GameSchemas(StateSchema, MoveSchema, LegalReportSchema, ClaimVerdictSchema, TransitionSchema, ViewSchema)
WEB = GameWeb.declared(GAME, SCHEMAS, ENDPOINTS, examples, conformance=conformance, rules_catalog=rules_catalog, split=SPLIT)

"""1923 over HTTP: new matches (seeded or from a real table), the game judge, set scores and match standings.

The shared referee endpoints (state check, legal moves, validate, apply,
view, rules, conformance) are mounted from ``GAME`` by
:mod:`service.http.referee`; this module gives them the schemas a 1923 state
and move travel in, and adds the endpoints only 1923 has.
"""

from __future__ import annotations

from typing import Any

from schemas.nineteen_twenty_three import (
    FromTableRequestSchema,
    FromTableResponseSchema,
    JudgeRequestSchema,
    JudgeResponseSchema,
    LegalMovesResponseSchema,
    MoveSchema,
    NewGameRequestSchema,
    NewGameResponseSchema,
    PlayerViewSchema,
    SetScoreRequestSchema,
    SetScoreResponseSchema,
    StandingsRequestSchema,
    StandingsResponseSchema,
    StateSchema,
    TransitionSchema,
    VerdictSchema,
)
from service.core.caches import constant, memo
from service.core.cards import ACE, RANK_NAMES, parse_cards
from service.http.endpoints import Endpoint, Endpoints, GameSchemas
from service.http.referee import ConformanceRequest, GameWeb, example_cases
from service.http.sealed import refuse_a_chosen_seed, seal_deal

from . import GAME
from .judging import RULE_OF_STEP, judge_request
from .moves import Move
from .scoring import DEFAULT_TARGET, RULE_OF_MATCH, set_request, standings_request
from .sealed import SPLIT, sealed_events
from .start import new_match, table_events, table_match
from .values import POINTS, RANGE_HIGH, RANGE_LOW, WAR_POINTS


def new_game_answer(body: dict[str, Any]) -> dict[str, Any]:
    if not body.get("sealed"):
        state, events = new_match(body["players"], body.get("decks"), body["target"], body.get("seed"))
        return {"state": state.to_dict(), "events": list(events)}
    refuse_a_chosen_seed(body)
    state, events = new_match(body["players"], body.get("decks"), body["target"], None)  # the server's seed, sealed
    return {"events": sealed_events(events)} | seal_deal(SPLIT, GAME.info.slug, state)


def from_table_answer(body: dict[str, Any]) -> dict[str, Any]:
    state = table_match(
        body["players"],
        body.get("decks"),
        body["target"],
        points=body.get("points"),
        match_cards=body.get("match_cards"),
        won={name: parse_cards(cards) for name, cards in (body.get("won") or {}).items()},
        dead=parse_cards(body["dead"]),
        set_number=body["set"],
        game_number=body["game"],
    )
    return {"state": state.to_dict(), "events": list(table_events(state))}


# -- examples ------------------------------------------------------------------------------------------
NEW_GAME_REQUEST: dict[str, Any] = {"players": ["ann", "bob", "cy"], "seed": 7, "target": 21}
FROM_TABLE_REQUEST: dict[str, Any] = {
    "players": ["ann", "bob", "cy"],
    "target": 21,
    "points": {"ann": 4},
    "match_cards": {"ann": 4},
    "won": {"bob": ["AH", "7C", "9D"]},
    "dead": ["2S", "3S"],
    "set": 2,
    "game": 3,
}
JUDGE_REQUEST: dict[str, Any] = {
    "hands": [{"player": "ann", "cards": ["KH", "QS", "5D"]}, {"player": "bob", "cards": ["10C", "7D"]}, {"player": "cy", "cards": ["9H", "4C", "3D"]}]
}
SET_REQUEST: dict[str, Any] = {
    "won": {
        "ann": ["AH", "AS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
        "bob": ["AD", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "2D"],
        "cy": ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"],
    }
}
STANDINGS_REQUEST: dict[str, Any] = {
    "target": 21,
    "sets": [
        {"points": {"ann": 12, "bob": 0, "cy": -1}, "cards": {"ann": 11, "bob": 9, "cy": 6}},
        {"points": {"ann": -1, "bob": 13, "cy": 0}, "cards": {"ann": 10, "bob": 12, "cy": 3}},
    ],
}


@memo(constant("examples", "one set of request and answer examples", 128 * 1024, __name__))
def examples() -> dict[str, Any]:
    """The examples the shared endpoints and the conformance cases start from, computed by the engine so they are always right."""
    state, _ = new_match(NEW_GAME_REQUEST["players"], target=NEW_GAME_REQUEST["target"], seed=NEW_GAME_REQUEST["seed"])
    return {"state": state.to_dict(), "move": Move("take", "ann").to_dict(), "illegal_move": Move("reveal").to_dict(), "player": "ann"}


# -- the endpoints only 1923 has -----------------------------------------------------------------------------
def create_game(body: dict[str, Any]) -> dict[str, Any]:
    """New match: ceil(players / 3) decks unless given, mixed from the seed, two cards each (rules.md §1, §3.1)."""
    return new_game_answer(body)


def create_from_table(body: dict[str, Any]) -> dict[str, Any]:
    """A state for a real table, possibly mid-set and mid-match (rules.md §7.3)."""
    return from_table_answer(body)


def judge(body: dict[str, Any]) -> dict[str, Any]:
    """Judge one game from its hands (rules.md §4); never guesses a drawn card."""
    return judge_request(body).to_dict()


def score_set(body: dict[str, Any]) -> dict[str, Any]:
    """Score a set from the cards each player won in it (rules.md §5.4, §5.5)."""
    return set_request(body).to_dict()


def standings(body: dict[str, Any]) -> dict[str, Any]:
    """A match's standings from its sets, by cards won or by points (rules.md §6)."""
    return standings_request(body).to_dict()


ENDPOINTS = Endpoints(
    "1923: new matches, the judge of a game with every tie-break, set scores, match standings.",
    [
        Endpoint(
            "/games",
            NewGameRequestSchema,
            NewGameResponseSchema,
            create_game,
            "A new match: the pack mixed from the seed and the first game dealt.",
            NEW_GAME_REQUEST,
        ),
        Endpoint(
            "/games/from-table",
            FromTableRequestSchema,
            FromTableResponseSchema,
            create_from_table,
            "A game just dealt at a real table, answered as `POST /games` answers: the state (hands unseen, the pile counted) "
            "and the events the table starts with (`dealt`, or `war_game`; then `locked_as_they_stand` when the deal emptied the pile).",
            FROM_TABLE_REQUEST,
        ),
        Endpoint(
            "/judge",
            JudgeRequestSchema,
            JudgeResponseSchema,
            judge,
            "Who wins a game: values, winner, the deciding rule and every tie-break step; or which players must draw.",
            JUDGE_REQUEST,
        ),
        Endpoint(
            "/sets/score", SetScoreRequestSchema, SetScoreResponseSchema, score_set, "A set's winners and points, with Ace benefit and Ace damage.", SET_REQUEST
        ),
        Endpoint(
            "/matches/standings",
            StandingsRequestSchema,
            StandingsResponseSchema,
            standings,
            "Running totals after each set, whether the match is over, the winner and the rule.",
            STANDINGS_REQUEST,
        ),
    ],
)


# -- the rules catalog and the conformance cases -----------------------------------------------------------------------------------------------
def rules_catalog() -> dict[str, Any]:
    """The numbers a client needs to draw the game: the range, card values, the tie-break steps and match rules with their sections."""
    return {
        "range": {"low": RANGE_LOW, "high": RANGE_HIGH},
        "card_points": {RANK_NAMES[rank]: "1 or 11" if rank == ACE else points for rank, points in POINTS.items()},
        "tie_break_points": {RANK_NAMES[rank]: points for rank, points in WAR_POINTS.items()},
        "steps": dict(RULE_OF_STEP),
        "match_rules": dict(RULE_OF_MATCH),
        "default_target": DEFAULT_TARGET,
    }


def conformance() -> list[ConformanceRequest]:
    """The reading's worked examples first, then one request of every other kind."""
    hands = [{"player": "ann", "cards": ["10H", "8D"]}, {"player": "bob", "cards": ["10C", "8S"]}]
    return [
        ConformanceRequest(
            "worked example: AH 9C 2D is 22",
            "POST",
            "/judge",
            {"hands": [{"player": "ann", "cards": ["AH", "9C", "2D"]}, {"player": "bob", "cards": ["10C", "7D"]}]},
            "expected: ann 22 (in range) wins by range",
        ),
        ConformanceRequest(
            "worked example: 25 and 17 tie on distance, the average decides",
            "POST",
            "/judge",
            {"hands": [{"player": "ann", "cards": ["KH", "QS", "5D"]}, {"player": "bob", "cards": ["10C", "7D"]}]},
            "expected: averages 25/3 and 17/2; bob wins by average",
        ),
        ConformanceRequest(
            "worked example: a shared set with Ace benefit and damage", "POST", "/sets/score", SET_REQUEST, "expected: ann and bob share; ann 16, bob 15, cy -1"
        ),
        ConformanceRequest("a tie that needs drawn cards says so", "POST", "/judge", {"hands": hands}, "expected: needs draw, tied ann and bob, round 1"),
        ConformanceRequest(
            "repeated draws",
            "POST",
            "/judge",
            {"hands": hands, "draws": [{"player": "ann", "cards": ["5S", "7S"]}, {"player": "bob", "cards": ["5D", "2C"]}]},
            "expected: ann wins by draw in round 2, 8 cards",
        ),
        ConformanceRequest(
            "war with the hands runs out together: no winner", "POST", "/judge", {"hands": hands, "pile": 0}, "expected: decided_by none, 4 dead cards"
        ),
        ConformanceRequest(
            "two players past the target in the same set",
            "POST",
            "/matches/standings",
            {
                "target": 21,
                "sets": [
                    {"points": {"ann": 14, "bob": 0}, "cards": {"ann": 14, "bob": 12}},
                    {"points": {"ann": 21, "bob": 22}, "cards": {"ann": 21, "bob": 21}},
                ],
            },
            "expected: ann and bob share set 2 and pass 21 together; ann wins on cards, 35 to 33 (rule 6.2)",
        ),
        ConformanceRequest("a seeded new match", "POST", "/games", NEW_GAME_REQUEST, "the same seed always gives the same match"),
        ConformanceRequest("a real table mid-set", "POST", "/games/from-table", FROM_TABLE_REQUEST),
        *example_cases(examples(), legal="legal moves of the first game", refused="a reveal before everyone has locked is refused"),
        ConformanceRequest("rules", "GET", "/rules"),
    ]


SCHEMAS = GameSchemas(StateSchema, MoveSchema, LegalMovesResponseSchema, VerdictSchema, TransitionSchema, PlayerViewSchema)
WEB = GameWeb.declared(GAME, SCHEMAS, ENDPOINTS, examples, conformance=conformance, rules_catalog=rules_catalog, split=SPLIT)

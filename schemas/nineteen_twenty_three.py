"""1923's schemas: a match state and its moves, new matches, and the judge, set and match endpoints.

Every list and map is bounded so a refusal is cheap: at most 100 players (the
service's bound, rules.md §1.1), 34 decks (1,768 cards), 16 sets in a standings request.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields

from service.games.nineteen_twenty_three.judging import RULE_OF_STEP
from service.games.nineteen_twenty_three.moves import ACTIONS
from service.games.nineteen_twenty_three.scoring import DEFAULT_TARGET, MAX_TARGET, RULE_OF_MATCH
from service.games.nineteen_twenty_three.start import MAX_SEED
from service.games.nineteen_twenty_three.state import DEALS, PHASES
from service.games.nineteen_twenty_three.table import CARDS_PER_DECK, MAX_DECKS, MAX_PLAYERS, MIN_PLAYERS

from . import sealed as sealing
from .base import LeanSchema
from .common import EventUnion, ReasonSchema, event_schema, fill_schema, listed_move_schema, player_name, transition_schema
from .fields import Boolean, Card, CardList, Integer, Length, OneOf, PlayerMap, Range

PACK = MAX_DECKS * CARDS_PER_DECK
# Sets in a match's standings: a match to 21 (the default) ends within a handful of sets, and 16 sets of 100 players
# (34 decks, every card won) cost 37 ms of CPU to judge, accepted or refused as over after the first set (1,000 sets
# were accepted at 0.5-0.8 s, and refused as over at up to 0.4 s: issue 29; 50 sets of 100 players cost 115 ms).
MAX_SETS = 16
MAX_POINTS = 10**6
DECISIONS = ["range", "nearest", "average", "draw", "war", "none"]


def decks_field(description: str) -> Integer:
    return Integer(validate=Range(min=1, max=MAX_DECKS), metadata={"description": description})


def target_field() -> Integer:
    return Integer(
        load_default=DEFAULT_TARGET,
        validate=Range(min=1, max=MAX_TARGET),
        metadata={"description": "The points that win the match (N; rules.md §6.1)."},
    )


def names_field(**kwargs: object) -> fields.List[Any]:
    return fields.List(player_name(), validate=Length(min=1, max=MAX_PLAYERS), **kwargs)  # type: ignore[arg-type]


def cards_by_player(description: str, most: int = PACK) -> PlayerMap:
    return PlayerMap(
        keys=player_name(),
        values=CardList(validate=Length(max=most)),
        validate=Length(max=MAX_PLAYERS),
        metadata={"description": description},
    )


def counts_by_player(description: str, low: int = -MAX_POINTS) -> PlayerMap:
    return PlayerMap(
        keys=player_name(),
        values=Integer(validate=Range(min=low, max=MAX_POINTS)),
        validate=Length(max=MAX_PLAYERS),
        metadata={"description": description},
    )


# -- a match state ---------------------------------------------------------------------------------------
class ZoneSchema(LeanSchema):
    """Cards the referee knows (in order; a pile's top is last) and how many it cannot see."""

    cards = CardList(load_default=list, validate=Length(max=PACK))
    hidden = Integer(load_default=0, validate=Range(min=0, max=PACK))


class RulesSchema(LeanSchema):
    decks = Integer(required=True, validate=Range(min=1, max=MAX_DECKS), metadata={"description": "Standard decks in the pack (rules.md §1.2)."})
    target = target_field()


class SeatSchema(LeanSchema):
    name = player_name(required=True)
    hand = fields.Nested(ZoneSchema, load_default=dict, metadata={"description": "In the order taken; unseen cards are the last taken."})
    locked = Boolean(load_default=False)
    won = CardList(load_default=list, validate=Length(max=PACK), metadata={"description": "Cards won in this set."})
    points = Integer(load_default=0, validate=Range(min=-MAX_POINTS, max=MAX_POINTS), metadata={"description": "Points of the sets scored."})
    match_cards = Integer(load_default=0, validate=Range(min=0, max=MAX_POINTS), metadata={"description": "Cards won in the sets scored."})


class OutcomeSchema(LeanSchema):
    winners = fields.List(player_name(), required=True, validate=Length(max=MAX_PLAYERS))
    decided_by = fields.String(required=True, validate=OneOf(list(RULE_OF_MATCH)))
    rule = fields.String(validate=OneOf(sorted(set(RULE_OF_MATCH.values()))))


class StateSchema(LeanSchema):
    """A whole match between two moves (rules.md §7.1)."""

    rules = fields.Nested(RulesSchema, required=True)
    players = fields.List(fields.Nested(SeatSchema), required=True, validate=Length(min=1, max=MAX_PLAYERS))
    pile = fields.Nested(ZoneSchema, required=True)
    deal = fields.String(
        load_default="service",
        validate=OneOf(DEALS),
        metadata={"description": "service: the pile is known, mixed from the seed; physical: a real table mixes and deals, the pile is counted."},
    )
    dead = fields.Nested(ZoneSchema, load_default=dict)
    taken = fields.List(
        player_name(),
        load_default=list,
        validate=Length(max=PACK),
        metadata={"description": "Who took each card of the current game, in order (rules.md §3.6)."},
    )
    phase = fields.String(required=True, validate=OneOf(PHASES))
    set = Integer(load_default=1, validate=Range(min=1, max=MAX_POINTS))
    game = Integer(load_default=1, validate=Range(min=1, max=MAX_POINTS))
    seed = Integer(load_default=0, validate=Range(min=0, max=MAX_SEED))
    outcome = fields.Nested(OutcomeSchema, load_default=None, allow_none=True)
    draws = cards_by_player("Phase draw (a real table): the tie-break cards drawn so far, in order (rules.md §4.4).", most=CARDS_PER_DECK)


class MoveSchema(LeanSchema):
    """take and lock name the player; reveal, draw and war name nobody and, at a real table, show the cards they turn (rules.md §7.3)."""

    action = fields.String(required=True, validate=OneOf(ACTIONS))
    player = player_name(allow_none=True, metadata={"description": "Who takes or locks."})
    hands = cards_by_player("reveal at a real table: each hand in full, in the order taken.")
    draws = cards_by_player("reveal or draw at a real table: the tie-break cards each player drew, in order (rules.md §4.4).", most=CARDS_PER_DECK)
    last_war = PlayerMap(
        keys=player_name(),
        values=Card(),
        validate=Length(max=MAX_PLAYERS),
        metadata={"description": "war (or reveal) at a real table: the card each player turned in the set's last game of war (rules.md §5.2)."},
    )


MoveFillSchema = fill_schema(
    __name__,
    "MoveFillSchema",
    {
        "hands": "reveal: each player's hand in full, in the order taken.",
        "draws": "draw: the cards each tied player draws, in order.",
        "last_war": "war: the card each player turns in the set's last game.",
    },
)


ListedMoveSchema = listed_move_schema(__name__, "ListedMoveSchema", MoveSchema, MoveFillSchema)


class TableStepSchema(LeanSchema):
    """The step a real table enters next, as the move that names it: never a card, only the step and who turns."""

    action = fields.String(required=True, validate=OneOf(["reveal", "draw", "war"]))
    requires = fields.List(fields.String(), required=True, metadata={"description": "The fields the move fills."})
    players = fields.List(fields.String(), required=True, metadata={"description": "Who turns the cards."})
    round = Integer(metadata={"description": "draw: the round of tie-break draws."})
    rule = fields.String(required=True)


class LegalMovesResponseSchema(LeanSchema):
    player = fields.String(required=True, allow_none=True, metadata={"description": "Always null: players act independently."})
    players = fields.List(fields.String(), required=True, metadata={"description": "Who may still take or lock."})
    phase = fields.String(required=True)
    moves = fields.List(fields.Nested(ListedMoveSchema), required=True)
    counts = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    pile = Integer(required=True)
    reveal_requires = fields.List(fields.String(), metadata={"description": "Fields the reveal must fill (cards the referee has not seen)."})
    table_step = fields.Nested(
        TableStepSchema,
        metadata={"description": "At a real table: the step the table enters next (reveal, draw or war), the fields its move fills and who turns the cards."},
    )


class VerdictSchema(LeanSchema):
    legal = Boolean(required=True)
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    alternatives = fields.List(fields.Nested(ListedMoveSchema), required=True)


class ViewStateSchema(StateSchema):
    """A state as one player sees it: the cards they may not see counted, and no seed (it would tell them)."""

    seed = Integer(required=True, allow_none=True, metadata={"description": "Always null in a view."})


class PlayerViewSchema(LeanSchema):
    player = fields.String(required=True)
    state = fields.Nested(ViewStateSchema, required=True, metadata={"description": "The state as the player sees it: hidden cards counted, seed null."})


# -- starting a match ------------------------------------------------------------------------------------
class NewGameRequestSchema(LeanSchema):
    players = names_field(required=True, metadata={"description": f"Names in seat order ({MIN_PLAYERS} to {MAX_PLAYERS})."})
    decks = decks_field("Default ceil(players / 3).")
    target = target_field()
    seed = Integer(validate=Range(min=0, max=MAX_SEED), metadata={"description": "Same seed, same match; omitted, one is drawn and returned."})
    sealed = sealing.sealed_flag()


class NewGameResponseSchema(LeanSchema):
    state = fields.Nested(StateSchema, required=True)
    events = fields.List(fields.Nested(lambda: EventSchema()), required=True, metadata={"description": "The deal: dealt or war_game."})
    sealed = sealing.sealed_token()
    sealed_move = sealing.sealed_move()
    seat_keys = sealing.seat_keys()


class FromTableRequestSchema(LeanSchema):
    players = names_field(required=True)
    decks = decks_field("Default ceil(players / 3).")
    target = target_field()
    points = counts_by_player("Points of the sets already scored.")
    match_cards = counts_by_player("Cards won in the sets already scored.", low=0)
    won = cards_by_player("Cards each player has won in the current set.")
    dead = CardList(load_default=list, validate=Length(max=PACK), metadata={"description": "Dead cards of the current set."})
    set = Integer(load_default=1, validate=Range(min=1, max=MAX_POINTS))
    game = Integer(load_default=1, validate=Range(min=1, max=MAX_POINTS))


class FromTableResponseSchema(LeanSchema):
    state = fields.Nested(StateSchema, required=True)
    events = fields.List(
        fields.Nested(lambda: EventSchema()),
        required=True,
        metadata={"description": "What the table starts with, as `POST /games` tells it (0.3.0)."},
    )


# -- the judge ---------------------------------------------------------------------------------------------
class PlayerCardsSchema(LeanSchema):
    player = player_name(required=True)
    cards = CardList(required=True, validate=Length(max=PACK), metadata={"description": "In the order taken."})


class JudgeRequestSchema(LeanSchema):
    hands = fields.List(fields.Nested(PlayerCardsSchema), required=True, validate=Length(min=1, max=MAX_PLAYERS))
    draws = fields.List(
        fields.Nested(PlayerCardsSchema),
        load_default=list,
        validate=Length(max=MAX_PLAYERS),
        metadata={"description": "Tie-break cards each player drew, round after round (rules.md §4.4)."},
    )
    pile = Integer(
        validate=Range(min=0, max=PACK),
        metadata={"description": "Cards left in the pack: it decides when a tie goes to war (rules.md §4.5); omitted, enough."},
    )
    decks = decks_field("For the check of copies; default ceil(players / 3).")


class StepSchema(LeanSchema):
    step = fields.String(required=True, validate=OneOf(list(RULE_OF_STEP)))
    rule = fields.String(required=True)
    round = Integer()
    turn = Integer()
    cards = fields.Dict(keys=fields.String(), values=fields.String())
    compared = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(metadata={"oneOf": [{"type": "integer"}, {"type": "string", "description": "An exact fraction, '17/2'."}]}),
        required=True,
        metadata={"description": "What each player still in was compared on; averages as exact fractions ('17/2')."},
    )
    tied = fields.List(fields.String(), required=True, metadata={"description": "The players still tied after the step."})
    out_of_cards = fields.List(fields.String())


class JudgeResponseSchema(LeanSchema):
    values = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    winner = fields.String(required=True, allow_none=True)
    decided_by = fields.String(required=True, allow_none=True, validate=OneOf(DECISIONS))
    steps = fields.List(fields.Nested(StepSchema), required=True)
    cards_won = Integer(required=True)
    dead_cards = Integer(required=True)
    needs = fields.String(metadata={"description": "'draw' when a tie needs drawn cards that were not given."})
    tied = fields.List(fields.String())
    missing = fields.List(fields.String(), metadata={"description": "The tied players whose card for this round is not given."})
    round = Integer()


# -- sets and matches -----------------------------------------------------------------------------------------
class SetScoreRequestSchema(LeanSchema):
    won = cards_by_player("The cards each player won in the set.")
    decks = decks_field("For the check of copies; default ceil(players / 3).")


class SetScoreResponseSchema(LeanSchema):
    winners = fields.List(fields.String(), required=True)
    points = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    cards = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    aces = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    rule = fields.String(required=True)


class SetResultSchema(LeanSchema):
    """A set by its cards (``won``), or already scored (``points`` and ``cards``)."""

    won = cards_by_player("The cards each player won in the set.")
    points = counts_by_player("The set's points per player.")
    cards = counts_by_player("The number of cards each player won in the set.", low=0)


class StandingsRequestSchema(LeanSchema):
    target = target_field()
    decks = decks_field("For the check of copies; default ceil(players / 3).")
    sets = fields.List(fields.Nested(SetResultSchema), required=True, validate=Length(max=MAX_SETS))


class SetLineSchema(LeanSchema):
    set = Integer(required=True)
    points = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    cards = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    totals = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    winners = fields.List(fields.String())


class StandingsResponseSchema(LeanSchema):
    target = Integer(required=True)
    sets = fields.List(fields.Nested(SetLineSchema), required=True)
    totals = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    cards = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    ranking = fields.List(fields.String(), required=True)
    over = Boolean(required=True)
    winners = fields.List(fields.String(), required=True)
    decided_by = fields.String(required=True, allow_none=True, validate=OneOf(list(RULE_OF_MATCH)))
    rule = fields.String(required=True, allow_none=True)


# -- what a move did: each event by its type (service/games/nineteen_twenty_three/moves.py and dealing.py) ---------------
RULE = "The section of the rule text (GET /v1/1923/rules)."


def _event(kind: str, description: str, **carries: fields.Field[Any]) -> type[Schema]:
    return event_schema("NineteenTwentyThree", kind, description, RULE, carries)


def _count(description: str) -> Integer:
    return Integer(required=True, metadata={"description": description})


def _by_player(values: fields.Field[Any], description: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=values, required=True, metadata={"description": description})


def _game_of_set() -> dict[str, fields.Field[Any]]:
    return {"set": _count("The set (from 1)."), "game": _count("The game of the set (from 1)."), "pile": _count("Cards left in the pile.")}


def _judged_fields() -> dict[str, fields.Field[Any]]:
    return {
        **JudgeResponseSchema().declared_fields,
        "draws": _by_player(fields.List(fields.String()), "The cards each tied player drew to break the tie (rules.md §4.4)."),
    }


def _last_war_fields() -> dict[str, fields.Field[Any]]:
    return {"winner": fields.String(required=True, allow_none=True), **StepSchema().declared_fields}


class EventSchema(EventUnion):
    """Something that happened, told apart by its ``type``."""

    type_schemas: Mapping[str, type[Schema] | Schema] = {  # typed as the library declares it
        "dealt": _event("dealt", "A game dealt: two cards to each player (rules.md §3.1).", **_game_of_set(), cards_each=_count("Cards dealt to each.")),
        "war_game": _event("war_game", "Too few cards to deal: the set's last game is war (rules.md §5.2).", **_game_of_set()),
        "took": _event(
            "took",
            "A card taken from the pile (rules.md §3.2).",
            player=fields.String(required=True),
            card=fields.String(required=True, allow_none=True, metadata={"description": "null: unseen, or a sealed deal (no seat sees another's take)."}),
            cards=_count("Cards in their hand now."),
            pile=_count("Cards left in the pile."),
        ),
        "locked": _event("locked", "A player locked their hand (rules.md §3.3).", player=fields.String(required=True), cards=_count("Cards in their hand.")),
        "locked_as_they_stand": _event(
            "locked_as_they_stand",
            "The pile is empty: every hand still open is locked as it stands (rules.md §3.4).",
            players=fields.List(fields.String(), required=True),
        ),
        "revealed": _event("revealed", "The hands shown (rules.md §3.5).", hands=_by_player(fields.List(fields.String()), "Each player's cards.")),
        "draws_needed": _event(
            "draws_needed",
            "A tie to be broken by drawn cards not given yet (rules.md §4.4).",
            tied=fields.List(fields.String(), required=True),
            missing=fields.List(fields.String(), required=True, metadata={"description": "The tied players whose card for this round is not given."}),
            round=_count("The draw round."),
        ),
        "judged": event_schema("NineteenTwentyThree", "judged", "The game judged: who won its cards, and how (rules.md §4).", None, _judged_fields()),
        "last_war": event_schema("NineteenTwentyThree", "last_war", "The set's last game of war judged (rules.md §5.2).", None, _last_war_fields()),
        "dead_cards": _event(
            "dead_cards",
            "Cards left at the set's end are dead (rules.md §5.3).",
            cards=fields.List(fields.String(), required=True),
            hidden=_count("Dead cards the referee did not see."),
        ),
        "set_scored": event_schema(
            "NineteenTwentyThree",
            "set_scored",
            "The set scored (rules.md §5.4, §5.5).",
            None,
            {
                "set": _count("The set (from 1)."),
                **SetScoreResponseSchema().declared_fields,
                "totals": _by_player(Integer(), "Each player's match points after it."),
            },
        ),
        "match_over": event_schema("NineteenTwentyThree", "match_over", "The match is over (rules.md §6).", None, dict(OutcomeSchema().declared_fields)),
        "new_set": _event("new_set", "The whole pack mixed for the next set (rules.md §5.1).", set=_count("The new set (from 1).")),
    }


TransitionSchema = transition_schema(__name__, MoveSchema, StateSchema, EventSchema)

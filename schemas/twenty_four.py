"""Twenty-Four's request and answer schemas: solve, judge, target, and the referee's state and moves.

Every input is bounded here, so a refusal is cheap: four numbers or cards,
eight for a target, an expression of at most 200 characters, 2 to 8 players.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields
from marshmallow_oneofschema.one_of_schema import OneOfSchema

from service.core.sealing import MAX_TOKEN_CHARS
from service.games.twenty_four.expressions import MAX_LENGTH
from service.games.twenty_four.moves import ACTIONS, SET_ASIDE_REASONS
from service.games.twenty_four.start import MAX_SEED
from service.games.twenty_four.state import DEALS, MAX_HANDS, MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, PHASES
from service.games.twenty_four.target import TARGET_CARDS

from . import common
from . import sealed as sealing
from .base import RULES_RENAMED, LeanSchema
from .common import LegalMovesSchema, VerdictSchema, player_name
from .fields import Boolean, CardList, Integer, Length, OneOf, Range

MAX_TARGET = 1000
PACK = 52


def _values() -> fields.List[Any]:
    return fields.List(
        Integer(validate=Range(min=1, max=13)),
        validate=Length(equal=4),
        metadata={"description": "Four numbers 1-13 (instead of cards).", "example": [2, 4, 10, 10]},
    )


def _cards(count: int, description: str, required: bool = False) -> CardList:
    return CardList(required=required, validate=Length(equal=count), metadata={"description": description})


def _face_cards() -> Boolean:
    return Boolean(load_default=False, metadata={"description": "Jacks, Queens and Kings count 11, 12, 13 (rules.md §1.2)."})


def _target() -> Integer:
    return Integer(load_default=24, validate=Range(min=0, max=MAX_TARGET), metadata={"description": "The number to make (0-1000)."})


def _name(**kwargs: object) -> fields.String:
    return player_name(max_length=MAX_NAME, **kwargs)


class SolveRequestSchema(LeanSchema):
    """Four cards or four values (one of the two), and the target."""

    cards = _cards(4, "Four cards, e.g. 7H AS (instead of values).")
    values = _values()
    target = _target()
    face_cards = _face_cards()
    notation = fields.String(
        load_default="unicode", validate=OneOf(["unicode", "ascii"]), metadata={"description": "unicode writes − × ÷, ascii writes - * /."}
    )


class SolveAnswerSchema(LeanSchema):
    values = fields.List(Integer(), required=True)
    target = Integer(required=True)
    solvable = Boolean(required=True)
    count = Integer(required=True)
    solutions = fields.List(fields.String(), required=True, metadata={"description": "Every distinct solution once, simplest first (rules.md §6)."})


class JudgeRequestSchema(LeanSchema):
    cards = _cards(4, "The four cards on the table (instead of values).")
    values = _values()
    expression = fields.String(
        required=True,
        validate=Length(max=MAX_LENGTH),
        metadata={"description": f"The claim: + - * / (or − × x ÷) and parentheses, at most {MAX_LENGTH} characters.", "example": "(2 + 4 / 10) * 10"},
    )
    target = _target()
    face_cards = _face_cards()


class FaultSchema(LeanSchema):
    code = fields.String(required=True, metadata={"example": "number_missing"})
    rule = fields.String(required=True, metadata={"example": "4.1"})
    at = Integer(required=True, metadata={"description": "The character offset in the expression the fault is at."})
    message = fields.String(required=True)


class JudgeAnswerSchema(LeanSchema):
    expression = fields.String(required=True)
    target = Integer(required=True)
    correct = Boolean(required=True)
    readable = Boolean(required=True, metadata={"description": "False when the claim cannot be read at all (a typing slip, rules.md §3.6): it bars nobody."})
    value = fields.String(required=True, allow_none=True, metadata={"description": 'The exact value ("24", "19/2"), null when the expression is invalid.'})
    reasons = fields.List(fields.Nested(FaultSchema), required=True)


class TargetRequestSchema(LeanSchema):
    cards = _cards(8, "The eight cards dealt face up.", required=True)
    face_cards = _face_cards()


class TargetAnswerSchema(LeanSchema):
    cards = fields.List(fields.String(), required=True)
    removed_high = fields.List(fields.String(), required=True)
    removed_low = fields.List(fields.String(), required=True)
    summed = fields.List(fields.String(), required=True)
    target = Integer(required=True)


# -- the referee ------------------------------------------------------------------------------
class RulesSchema(LeanSchema):
    face_cards = _face_cards()
    dynamic_target = Boolean(load_default=False, metadata={"description": "Eight cards set each hand's target (rules.md §7)."})
    hands = Integer(load_default=1, validate=Range(min=1, max=MAX_HANDS), metadata={"description": "Hands to play."})


class SeatSchema(LeanSchema):
    name = _name(required=True)
    pile = CardList(load_default=list, validate=Length(max=PACK), metadata={"description": "The face-down pile, top card last."})
    won = CardList(load_default=list, validate=Length(max=PACK), metadata={"description": "Cards won this hand."})
    unseen = Integer(load_default=0, validate=Range(min=0, max=PACK), metadata={"description": "At a real table (deal physical): the pile as a count."})


class HandResultSchema(LeanSchema):
    target = Integer(required=True, validate=Range(min=0, max=MAX_TARGET))
    points = fields.List(Integer(validate=Range(min=0, max=PACK)), required=True, validate=Length(max=MAX_PLAYERS))
    set_aside = Integer(required=True, validate=Range(min=0, max=PACK))


class StateSchema(LeanSchema):
    """A whole table between two moves; players in clockwise seat order."""

    rules = fields.Nested(RulesSchema, load_default=dict)
    renamed = RULES_RENAMED
    players = fields.List(fields.Nested(SeatSchema), required=True, validate=Length(max=MAX_PLAYERS))
    dealer = Integer(load_default=0, validate=Range(min=0, max=MAX_PLAYERS - 1))
    target = Integer(load_default=24, validate=Range(min=0, max=MAX_TARGET))
    target_cards = CardList(load_default=list, validate=Length(max=8))
    table = CardList(load_default=list, validate=Length(max=4), metadata={"description": "The four cards face up."})
    barred = fields.List(_name(), load_default=list, validate=Length(max=MAX_PLAYERS))
    set_aside = CardList(load_default=list, validate=Length(max=PACK))
    results = fields.List(fields.Nested(HandResultSchema), load_default=list, validate=Length(max=MAX_HANDS))
    seed = Integer(load_default=0, validate=Range(min=0, max=MAX_SEED))
    phase = fields.String(
        load_default="round",
        validate=OneOf(PHASES),
        metadata={"description": "round or over; a real table also waits in draw, target or turn for the cards it names (rules.md §10)."},
    )
    deal = fields.String(load_default="service", validate=OneOf(DEALS), metadata={"description": "physical: dealt with real cards; piles are counts."})
    drawing = fields.List(_name(), load_default=list, validate=Length(max=MAX_PLAYERS), metadata={"description": "Who draws next for the deal."})
    drawn = CardList(load_default=list, validate=Length(max=PACK), metadata={"description": "Cards drawn for the deal so far."})


class MoveSchema(LeanSchema):
    action = fields.String(required=True, validate=OneOf(ACTIONS))
    player = _name(allow_none=True, metadata={"description": "Who knocks (a claim); set_aside is the table's move and names no player."})
    expression = fields.String(
        allow_none=True, validate=Length(max=MAX_LENGTH), metadata={"description": "A claim's expression; it may end = N (N the target)."}
    )
    cards = CardList(
        allow_none=True,
        validate=Length(max=TARGET_CARDS),
        metadata={"description": "A real table's draw, set_target or turn_up: the cards it turns, in the order the legal move's fill says."},
    )
    reason = fields.String(
        allow_none=True,
        validate=OneOf(SET_ASIDE_REASONS),
        metadata={"description": "Why the table sets the cards aside: time_up, or agreed (all agree there is no solution)."},
    )


def _seats() -> fields.List[Any]:
    """A new game's players: names in clockwise seat order."""
    return fields.List(_name(), required=True, validate=Length(min=MIN_PLAYERS, max=MAX_PLAYERS), metadata={"description": "Names in clockwise seat order."})


def _first_dealer(omitted: str) -> Integer:
    """A new game's first dealer, and what happens when it is ``omitted``."""
    return Integer(allow_none=True, validate=Range(min=0, max=MAX_PLAYERS - 1), metadata={"description": f"The first dealer's seat; {omitted}"})


class NewGameSchema(LeanSchema):
    players = _seats()
    seed = Integer(validate=Range(min=0, max=MAX_SEED), metadata={"description": "Same seed, same game; omitted, one is drawn and returned."})
    dealer = _first_dealer("omitted, the players draw for it (rules.md §2.2).")
    rules = fields.Nested(RulesSchema, load_default=dict)
    renamed = RULES_RENAMED
    sealed = sealing.sealed_flag()


# -- what happened: each event by its type -----------------------------------------------------------------------------
def _names_to(values: fields.Field[Any], description: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=values, required=True, metadata={"description": description})


_DRAWS = {
    "oneOf": [
        {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string"}}, "description": "Dealt by the referee: each round of draws."},
        {"type": "object", "additionalProperties": {"type": "string"}, "description": "At a real table: the card each player drew."},
    ]
}


def _event(kind: str, description: str, **extra: fields.Field[Any]) -> type[Schema]:
    """One kind of event: its type, the rule section behind it, and what it carries."""
    return common.event_schema("TwentyFour", kind, description, "The section of the rule text (GET /v1/twenty-four/rules).", extra)


_cards_of = common.card_texts


class EventSchema(common.EventUnion):
    """Something that happened, told apart by its ``type``."""

    type_schemas: Mapping[str, type[Schema] | Schema] = {  # typed as the library declares it
        "drew_for_deal": _event(
            "drew_for_deal",
            "The players drew for the first deal (rules.md §2.2).",
            draws=fields.Raw(required=True, metadata=_DRAWS),
            dealer=fields.String(required=True, allow_none=True, metadata={"description": "Who deals; null when the highest drew equal and draw again."}),
            draw_again=fields.List(fields.String(), metadata={"description": "Who draws again (equal highest)."}),
        ),
        "target_set": _event(
            "target_set",
            "Eight cards set the hand's target (rules.md §7).",
            hand=Integer(required=True),
            cards=_cards_of("The eight cards."),
            removed_high=_cards_of("The highest, removed."),
            removed_low=_cards_of("The lowest, removed."),
            summed=_cards_of("The cards summed."),
            target=Integer(required=True),
        ),
        "dealt": _event(
            "dealt",
            "A hand was dealt (rules.md §2.3).",
            hand=Integer(required=True),
            dealer=fields.String(required=True),
            target=Integer(required=True),
            piles=fields.List(Integer(), required=True, metadata={"description": "Each pile's size, in seat order."}),
        ),
        "turned_up": _event(
            "turned_up",
            "A round's four cards were turned up (rules.md §3.1).",
            round=Integer(required=True),
            cards=_cards_of("The four cards."),
            piles=fields.List(fields.String(), required=True, metadata={"description": "Whose piles they came from."}),
        ),
        "claimed": _event(
            "claimed",
            "A player claimed; the check of the expression (rules.md §3.2).",
            player=fields.String(required=True),
            expression=fields.String(required=True),
            target=Integer(required=True),
            correct=Boolean(required=True),
            readable=Boolean(required=True),
            value=fields.String(required=True, allow_none=True),
            reasons=fields.List(fields.Nested(FaultSchema), required=True),
        ),
        "won": _event("won", "A right claim won the four cards (rules.md §3.2).", player=fields.String(required=True), cards=_cards_of("The cards won.")),
        "barred": _event("barred", "A wrong claim barred its player for the round (rules.md §3.3).", player=fields.String(required=True)),
        "set_aside": _event(
            "set_aside",
            "Cards were set aside: no claim (rules.md §3.4), or fewer than four left at the hand's end (§3.1).",
            cards=_cards_of("The cards set aside."),
            why=fields.String(required=True),
            reason=fields.String(validate=OneOf([*SET_ASIDE_REASONS, "all_barred"])),
            solvable=Boolean(),
            solutions=Integer(),
            solution=fields.String(allow_none=True),
        ),
        "hand_over": _event(
            "hand_over",
            "A hand was scored (rules.md §5.1).",
            hand=Integer(required=True),
            points=_names_to(Integer(), "Each player's cards won this hand."),
            winners=fields.List(fields.String(), required=True),
        ),
        "game_over": _event(
            "game_over",
            "The last hand was scored (rules.md §5.2).",
            totals=_names_to(Integer(), "Each player's total."),
            winners=fields.List(fields.String(), required=True),
        ),
    }


class NewGameAnswerSchema(LeanSchema):
    state = fields.Nested(StateSchema, required=True)
    seed = Integer(metadata={"description": "The seed of a plain deal (never answered for a sealed one)."})
    events = fields.List(fields.Nested(EventSchema), required=True)
    sealed = sealing.sealed_token()
    sealed_move = sealing.sealed_move()
    seat_keys = sealing.seat_keys()


class FromTableSchema(LeanSchema):
    players = _seats()
    dealer = _first_dealer("omitted, the table draws for it with named cards (move draw).")
    rules = fields.Nested(RulesSchema, load_default=dict)
    renamed = RULES_RENAMED


class FromTableAnswerSchema(LeanSchema):
    state = fields.Nested(StateSchema, required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)


class StandingsRequestSchema(LeanSchema):
    state = fields.Nested(StateSchema, required=True)
    sealed = fields.String(
        validate=Length(min=1, max=MAX_TOKEN_CHARS),
        metadata={"description": "A sealed deal's token, sent beside its public state: the standings need no seat key (cards won are public)."},
    )


class StandingSchema(LeanSchema):
    player = fields.String(required=True)
    hands = fields.List(Integer(), required=True)
    this_hand = Integer(required=True, allow_none=True)
    total = Integer(required=True)
    rank = Integer(required=True)


class StandingsAnswerSchema(LeanSchema):
    hands_played = Integer(required=True)
    hands_to_play = Integer(required=True)
    over = Boolean(required=True)
    standings = fields.List(fields.Nested(StandingSchema), required=True)
    winners = fields.List(fields.String(), metadata={"description": "Once every hand is played."})
    leaders = fields.List(fields.String(), metadata={"description": "While hands remain."})


# -- the answers, typed: a move by its action (listed, refused or applied), the view ---------------------------------
class MoveFillSchema(LeanSchema):
    """What a template move needs before it is sent: each field to fill, with what goes there."""

    expression = fields.String(metadata={"description": "A claim: the expression the player must give."})
    cards = fields.String(metadata={"description": "A real table's draw, set_target or turn_up: the cards to name, in order."})


def _action(name: str) -> fields.String:
    return fields.String(required=True, validate=OneOf([name]), metadata={"description": f"Always {name}."})


def _fill() -> fields.Nested:
    return fields.Nested(MoveFillSchema, metadata={"description": "Present on a template: what must be filled in before the move is sent."})


class ClaimMoveSchema(LeanSchema):
    """A player knocks and claims the four cards make the target (rules.md §3.2)."""

    action = _action("claim")
    player = fields.String(required=True)
    expression = fields.String(metadata={"description": "The claim's expression; a listed claim is a template without one."})
    fill = _fill()


class SetAsideMoveSchema(LeanSchema):
    """The table sets the four cards aside (rules.md §3.4): time is up, or all agree there is no solution."""

    action = _action("set_aside")
    reason = fields.String(required=True, validate=OneOf(SET_ASIDE_REASONS))


def _table_step(name: str, what: str) -> type[Schema]:
    return LeanSchema.from_dict(
        {
            "action": _action(name),
            "cards": fields.List(fields.String(), metadata={"description": f"{what}, as the table names them (a listed move is a template without them)."}),
            "fill": _fill(),
        },
        name=f"TwentyFour{name.title().replace('_', '')}Move",
    )


class AnyMoveSchema(OneOfSchema):
    """A move, told apart by its ``action``."""

    type_field = "action"
    type_field_remove = False
    type_schemas: Mapping[str, type[Schema] | Schema] = {  # typed as the library declares it
        "claim": ClaimMoveSchema,
        "set_aside": SetAsideMoveSchema,
        "draw": _table_step("draw", "A real table's draw for the deal: the card each player draws"),
        "set_target": _table_step("set_target", "A real table's eight cards for the target (rules.md §7)"),
        "turn_up": _table_step("turn_up", "A real table's four cards of the round"),
    }


class LegalReportSchema(LegalMovesSchema):
    """The legal moves (a claim template per player not barred, whose ``fill`` says what to add; then the table's
    set_aside for each reason) and the round. No expression is shown while the cards are in play."""

    step = fields.String(
        required=True, allow_none=True, metadata={"description": "At a real table: the step whose cards the table must enter next (draw, set_target, turn_up)."}
    )
    hand = Integer(required=True, metadata={"description": "The hand being played, from 1."})
    round = Integer(required=True, allow_none=True, metadata={"description": "The round of the hand, from 1; null once the game is over."})
    table = fields.List(fields.String(), required=True, metadata={"description": "The four cards face up."})
    target = Integer(required=True)
    barred = fields.List(fields.String(), required=True, metadata={"description": "Who claimed wrongly this round."})
    moves = fields.List(fields.Nested(AnyMoveSchema), required=True)


class ClaimVerdictSchema(VerdictSchema):
    alternatives = fields.List(fields.Nested(AnyMoveSchema), required=True, metadata={"description": "The nearest legal moves."})
    claim = fields.Nested(JudgeAnswerSchema, metadata={"description": "For a legal claim: the check of its expression (a wrong one bars)."})


TransitionSchema = common.transition_schema(
    __name__, AnyMoveSchema, StateSchema, EventSchema, "A move applied: the move, the state after it, and what happened, in order."
)


class ViewSeatSchema(LeanSchema):
    name = fields.String(required=True)
    pile = Integer(required=True, metadata={"description": "The face-down pile's size: nobody sees its cards, its owner included."})
    won = fields.List(fields.String(), required=True, metadata={"description": "Cards won this hand."})


class ViewSchema(StateSchema):
    """The table as one player sees it: every pile as a count, no seed (it would tell every pile)."""

    players = fields.List(fields.Nested(ViewSeatSchema), required=True)
    seed = Integer(required=True, allow_none=True, metadata={"description": "Always null in a view."})
    player = fields.String(required=True, metadata={"description": "Whose view this is."})
    may_claim = Boolean(required=True, metadata={"description": "Whether the player may knock and claim now."})

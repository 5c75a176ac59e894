"""Three Kings' request and answer schemas: cards are ranks (``6``, ``J``, ``K``), a suit or a joker (``JK``) allowed.

Every list and string is bounded so a refusal is cheap: the largest pack
(20 players) has 521 cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields

from service.games.three_kings.cards import MAX_PLAYERS, MIN_PLAYERS, CardError, pack_size, parse_card
from service.games.three_kings.moves import ACTIONS
from service.games.three_kings.rules import SCORING_DESCRIPTIONS, SCORINGS
from service.games.three_kings.start import HAND_SIZE, MAX_SEED, TABLE_SIZE
from service.games.three_kings.state import DEALS, PHASES

from . import sealed as sealing
from .base import RULES_RENAMED, LeanSchema
from .common import EventUnion, ReasonSchema, card_texts, event_schema, player_name, transition_schema
from .fields import Boolean, CodedMessage, Integer, Length, OneOf, PlayerMap, Range, Unsure

MAX_CARDS = pack_size(MAX_PLAYERS)
RANK_PATTERN = r"^\s*(10|[2-9]|[AaTtJjQqKk])([SHDCshdc]|♠|♥|♦|♣|♤|♡|♢|♧)?\s*$|^\s*([Jj][Kk]|[Jj][Oo][Kk][Ee][Rr])\s*$"
MAX_RANK_TEXT = 8  # longer text is refused before it is read: a card is a few characters (10H, JK, JOKER)
RANK_DESCRIPTION = "A card by rank: A, 2-10 (or T), J, Q, K; a suit may follow (7H), kept for display only; JK is a joker, a King."


class RankCard(fields.String):
    """One card, read by rank and answered as written (``6``, ``6H``, ``JK``)."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": RANK_DESCRIPTION, "example": "J", "pattern": RANK_PATTERN, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        if len(text) > MAX_RANK_TEXT:
            raise ValidationError(CodedMessage("a card is at most a few characters, e.g. 10H or JK", "bad_card"))
        try:
            return parse_card(text)  # the engine's card: the engine takes it as read, so each card is read once
        except CardError as error:
            raise ValidationError(CodedMessage(str(error), "bad_card")) from error

    @staticmethod
    def plain_load(value: Any) -> Any:
        """The same reading for schemas/compiled.py's fast path, without marshmallow's field machinery (a state
        carries up to a whole pack of these); anything doubtful goes back to ``_deserialize``, which words it."""
        if type(value) is not str or len(value) > MAX_RANK_TEXT:
            raise Unsure
        try:
            return parse_card(value)
        except CardError:
            raise Unsure from None


def rank_cards(most: int = MAX_CARDS, **kwargs: Any) -> fields.List[Any]:
    return fields.List(RankCard(), validate=Length(max=most), **kwargs)


class RulesSchema(LeanSchema):
    scoring = fields.String(
        load_default="three_kings_wins",
        validate=OneOf(SCORINGS),
        metadata={"description": " ".join(f"{name}: {text}" for name, text in SCORING_DESCRIPTIONS.items())},
    )
    play_it_out = Boolean(load_default=False, metadata={"description": "Three Kings do not end the game (bonus or penalty only)."})


class ZoneSchema(LeanSchema):
    """Cards the referee knows (top last) and a count of those it cannot see."""

    cards = rank_cards(load_default=list)
    hidden = Integer(load_default=0, validate=Range(min=0, max=MAX_CARDS))


class PlayerSchema(LeanSchema):
    name = player_name(required=True)
    hand = fields.Nested(ZoneSchema, required=True)
    pile = rank_cards(load_default=list, metadata={"description": "The player's sets, three cards each, in the order taken."})


class OutcomeSchema(LeanSchema):
    reason = fields.String(required=True, validate=OneOf(["three_kings", "all_passed"]))
    three_kings = player_name(required=True, allow_none=True, metadata={"description": "Who first held three Kings, if anyone."})
    scores = fields.Dict(
        keys=fields.String(validate=Length(max=64)),
        values=Integer(),
        required=True,
        allow_none=True,
        validate=Length(max=MAX_PLAYERS),
        metadata={"description": "Points per player; null under three_kings_wins."},
    )
    winners = fields.List(fields.String(), required=True, validate=Length(max=MAX_PLAYERS))


class StateSchema(LeanSchema):
    """A whole table of Three Kings; players listed clockwise."""

    rules = fields.Nested(RulesSchema, load_default=dict)
    players = fields.List(fields.Nested(PlayerSchema), required=True, validate=Length(min=1, max=MAX_PLAYERS))
    table = rank_cards(required=True, metadata={"description": "The face-up cards in the middle."})
    draw_pile = fields.Nested(ZoneSchema, required=True)
    dealer = Integer(load_default=0, validate=Range(min=0, max=MAX_PLAYERS - 1))
    to_act = Integer(required=True, validate=Range(min=0, max=MAX_PLAYERS - 1))
    phase = fields.String(load_default="draw", validate=OneOf(PHASES))
    passes = Integer(load_default=0, validate=Range(min=0, max=MAX_PLAYERS), metadata={"description": "Passes in a row since the draw pile emptied."})
    three_kings = player_name(load_default=None, allow_none=True, metadata={"description": "Who first held three Kings."})
    seed = Integer(load_default=0, validate=Range(min=0, max=MAX_SEED))
    outcome = fields.Nested(OutcomeSchema, load_default=None, allow_none=True)
    deal = fields.String(
        load_default="service",
        validate=OneOf(DEALS),
        metadata={"description": "service: the referee shuffled and may know the pile; physical: people dealt, the referee counts what it cannot see."},
    )


class MoveSchema(LeanSchema):
    player = player_name(required=True, metadata={"description": "The player making the move."})
    action = fields.String(required=True, validate=OneOf(ACTIONS))
    card = RankCard(allow_none=True, metadata={"description": "discard: the card laid on the table."})
    hand_card = RankCard(allow_none=True, metadata={"description": "set: the card from the hand."})
    table_cards = rank_cards(4, load_default=list, metadata={"description": "set: the two cards from the table."})
    drawn = rank_cards(4, load_default=list, metadata={"description": "Cards drawn from an unseen pile, named (optional)."})
    turned = rank_cards(40, load_default=list, metadata={"description": "Cards turned onto an emptied table from an unseen pile, in order."})
    sum = fields.String(
        validate=Length(max=20),
        metadata={"description": "set: how the three add up, e.g. 6 + 5 = 11; /moves/legal's note, so a listed move posts back as it is (not read)."},
    )
    fill = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={"description": "A template of /moves/legal: each field the client must add before sending it, and what goes there (not read)."},
    )


LegalMoveSchema = MoveSchema


class LegalMovesResponseSchema(LeanSchema):
    player = fields.String(required=True, allow_none=True)
    phase = fields.String(required=True)
    moves = fields.List(fields.Nested(LegalMoveSchema), required=True, metadata={"description": "The moves of the player to act."})
    counts = fields.Dict(keys=fields.String(), values=Integer(), required=True, metadata={"description": "The player to act's moves per action."})
    open = fields.List(
        fields.Nested(LegalMoveSchema),
        metadata={
            "description": "Moves open to the other players now, out of turn: show_kings by a player who may hold three Kings (rules.md §10.4). "
            "Omitted when there is none; to a seat of a sealed deal, only its own."
        },
    )


class VerdictSchema(LeanSchema):
    legal = Boolean(required=True)
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    alternatives = fields.List(fields.Nested(LegalMoveSchema), required=True)


# -- what happened: each event by its type (service/games/three_kings/moves.py and start.py) -----------------------------
RULE = "The section of the rule text (GET /v1/three-kings/rules)."


def _event(kind: str, description: str, rule: str | None = RULE, schema_name: str | None = None, **extra: fields.Field[Any]) -> type[Schema]:
    return event_schema("ThreeKings", kind, description, rule, extra, schema_name)


def _by(description: str = "Who did it.") -> fields.String:
    return fields.String(required=True, metadata={"description": description})


_cards = card_texts


class EventSchema(EventUnion):
    """Something that happened, told apart by its ``type``."""

    type_schemas: Mapping[str, type[Schema] | Schema] = {  # typed as the library declares it
        "dealt": _event(
            "dealt",
            "The deal: four cards to each hand, four turned onto the table (rules.md §2.2).",
            hands=Integer(required=True, metadata={"description": "Cards dealt to each hand."}),
            table=_cards("The cards turned face up."),
        ),
        "three_kings": _event("three_kings", "A hand holds three Kings (rules.md §7.1).", schema_name="Held", player=_by("Who holds them.")),
        "drew": _event(
            "drew",
            "A card drawn, for the turn or after a set (rules.md §3.1, §4.4).",
            player=_by(),
            cards=_cards("The card drawn, if the referee saw it; none when it came from an unseen pile."),
            unseen=Integer(required=True, metadata={"description": "1 when the card drawn is unseen, else 0."}),
            why=fields.String(required=True, validate=OneOf(["turn", "set"])),
        ),
        "table_refilled": _event(
            "table_refilled",
            "An emptied table was refilled; its Kings go to the player to act (rules.md §6).",
            cards=_cards("The cards turned onto the table."),
            kings_to=fields.String(required=True, allow_none=True, metadata={"description": "Who takes the Kings turned; null when none was."}),
            kings=_cards("The Kings turned, taken into that hand."),
        ),
        "set": _event(
            "set",
            "A set: a card from the hand and two from the table (rules.md §4.2).",
            player=_by(),
            cards=_cards("The three cards, the hand's first."),
            sum=fields.String(required=True, metadata={"description": "How the three add up, e.g. 6 + 5 = 11."}),
        ),
        "took_king": _event("took_king", "A King taken from the table (rules.md §5.2).", player=_by(), card=fields.String(required=True)),
        "discarded": _event("discarded", "A card laid on the table (rules.md §3.3).", player=_by(), card=fields.String(required=True)),
        "passed": _event("passed", "A pass (rules.md §3.4).", player=_by()),
        "showed_kings": _event("showed_kings", "Three Kings shown out of turn (rules.md §10.4).", player=_by()),
        "may_take_king": _event("may_take_king", "The player may still take a King from the table (rules.md §3.2).", player=_by()),
        "turn": _event("turn", "The turn passes to the left.", None, player=_by("Who acts next."), phase=fields.String(required=True, validate=OneOf(PHASES))),
        "game_over": event_schema("ThreeKings", "game_over", "The game is over, scored (rules.md §8).", RULE, dict(OutcomeSchema().declared_fields)),
    }


TransitionSchema = transition_schema(__name__, MoveSchema, StateSchema, EventSchema)


class ViewSchema(StateSchema):
    player = player_name(required=True, metadata={"description": "Whose view this is: only their hand shows its cards."})
    seed = Integer(allow_none=True, metadata={"description": "Always null: with the seed a player could replay the deal."})


def seat_fields() -> dict[str, fields.Field[Any]]:
    return {
        "players": fields.List(
            player_name(),
            required=True,
            validate=Length(min=1, max=MAX_PLAYERS),
            metadata={"description": f"{MIN_PLAYERS} to {MAX_PLAYERS} names, clockwise."},
        ),
        "rules": fields.Nested(RulesSchema, load_default=dict),
        "dealer": Integer(
            load_default=0, validate=Range(min=0, max=MAX_PLAYERS - 1), metadata={"description": "The dealer's seat; play starts on their left."}
        ),
    }


class _RulesRequest(LeanSchema):
    renamed = RULES_RENAMED


NewGameRequestSchema = _RulesRequest.from_dict(
    {
        **seat_fields(),
        "seed": Integer(validate=Range(min=0, max=MAX_SEED), metadata={"description": "Same seed, same deal; omitted, one is drawn and returned."}),
        "sealed": sealing.sealed_flag(),
    },
    name="ThreeKingsNewGameRequest",
)

FromTableRequestSchema = _RulesRequest.from_dict(
    {
        **seat_fields(),
        "table": rank_cards(TABLE_SIZE + 4, required=True, metadata={"description": f"The {TABLE_SIZE} cards turned face up by the deal."}),
        "hands": fields.List(
            rank_cards(HAND_SIZE + 4),
            validate=Length(max=MAX_PLAYERS),
            metadata={"description": "Per seat, the cards of that hand the referee may see (usually none)."},
        ),
    },
    name="ThreeKingsFromTableRequest",
)


class NewGameResponseSchema(LeanSchema):
    state = fields.Nested(StateSchema, required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)
    sealed = sealing.sealed_token()
    sealed_move = sealing.sealed_move()
    seat_keys = sealing.seat_keys()


class SetsRequestSchema(LeanSchema):
    hand = rank_cards(required=True)
    table = rank_cards(required=True)
    players = Integer(
        load_default=2,
        validate=Range(min=MIN_PLAYERS, max=MAX_PLAYERS),
        metadata={"description": "The pack's size, for its copy limits (2P of each rank, 2P + 1 Kings)."},
    )


class FoundSetSchema(LeanSchema):
    hand_card = fields.String(required=True)
    table_cards = fields.List(fields.String(), required=True)
    sum = fields.String(required=True, metadata={"example": "6 + 5 = 11"})


class SetsResponseSchema(LeanSchema):
    sets = fields.List(fields.Nested(FoundSetSchema), required=True)
    can_take_king = Boolean(required=True)
    may_discard = Boolean(required=True)
    may_pass = Boolean(required=True)


class ScoreRequestSchema(LeanSchema):
    method = fields.String(required=True, validate=OneOf(SCORINGS))
    piles = PlayerMap(
        keys=player_name(),
        values=rank_cards(),
        required=True,
        validate=Length(max=MAX_PLAYERS),
        metadata={"description": "Each player's pile of sets, three cards a set."},
    )
    three_kings = player_name(load_default=None, allow_none=True, metadata={"description": "Who got three Kings, or null."})


class ScoreResponseSchema(LeanSchema):
    method = fields.String(required=True)
    scores = fields.Dict(keys=fields.String(), values=Integer(), required=True, allow_none=True)
    winners = fields.List(fields.String(), required=True)

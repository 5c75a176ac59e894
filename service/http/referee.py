"""The referee endpoints every game shares, mounted per game from its :class:`~service.core.protocol.Game` alone.

For a game at ``/v1/<slug>``:

- ``POST /state/check`` — is this a real table? every problem at once;
- ``POST /moves/legal`` — every legal move of whoever acts;
- ``POST /moves/validate`` — a verdict: legal, or every reason and the nearest legal moves;
- ``POST /moves/apply`` — the state after the move, and what happened;
- ``POST /view`` — what one player may see;
- ``GET /rules`` — the game's facts and its rule text, section by section;
- ``GET /conformance`` — worked requests with the answers this referee gives.

A game adds what only it has (its own ``POST /games``, a solver...) as data in its
package's ``web`` module (:class:`~service.http.endpoints.Endpoint` records), which
also gives the schemas its states and moves travel in: :class:`GameWeb`. Every
endpoint is documented with examples the engine computes, when the OpenAPI document
is first read, never while the app is built.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from types import TracebackType
from typing import Any, NamedTuple, Protocol

from flask import Flask, current_app
from marshmallow import Schema, fields

from schemas.base import LeanSchema
from schemas.common import LegalMovesSchema, PlayerViewSchema, StateCheckResponseSchema, TransitionSchema, VerdictSchema, player_name
from schemas.fields import Length
from schemas.meta import ConformanceSchema, GameRulesSchema
from service.core.caches import memo, per_game
from service.core.problems import InvalidInput, Problem
from service.core.protocol import Game
from service.core.sealing import MAX_TOKEN_CHARS, StateSplit
from service.core.verdicts import IllegalMove, Reason, cites_state
from service.games import REGISTRY, game_package, registered

from .api import RefereeApi, RefereeBlueprint, schema_prefix
from .endpoints import Endpoint, Endpoints, GameSchemas, LazyDocBlueprint, game_facts, mounted
from .sealed import SEAT_KEY_DESCRIPTION, init_sealing, open_sealed, seal_answer
from .views.tournaments import standings_blueprint

__all__ = ["GameWeb", "PrivateTable", "init_sealing", "mount_games"]


@dataclass(frozen=True, slots=True)
class ConformanceRequest:
    """A worked request: ``path`` is relative to the game's root (``/solve``), ``body`` is JSON data or None for a GET."""

    name: str
    method: str
    path: str
    body: Any = None
    note: str = ""


def example_cases(examples: Mapping[str, Any], *, legal: str, refused: str, applied: str | None = None) -> list[ConformanceRequest]:
    """The shared endpoints' worked requests on a game's example state, each named by the game: the legal moves,
    the example's illegal move refused, and (named ``applied``) its move applied."""
    state = examples["state"]
    cases = [
        ConformanceRequest(legal, "POST", "/moves/legal", {"state": state}),
        ConformanceRequest(refused, "POST", "/moves/validate", {"state": state, "move": examples["illegal_move"]}),
    ]
    if applied is not None:
        cases.append(ConformanceRequest(applied, "POST", "/moves/apply", {"state": state, "move": examples["move"]}))
    return cases


def _no_cases() -> Sequence[ConformanceRequest]:
    return ()


class PrivateTable(StateSplit[Any], Protocol):
    """A game whose states hide cards: how a state splits for sealing (:class:`~service.core.sealing.StateSplit`),
    and how an answer looks to one player."""

    def state_after(self, transition: Any) -> Any: ...

    def legal_for(self, state: Any, report: Any, viewer: str) -> Mapping[str, Any]: ...

    def transition_for(self, transition: Any, viewer: str) -> Mapping[str, Any]: ...


@dataclass(frozen=True, slots=True)
class GameWeb:
    """What the HTTP layer needs of a game besides its engine.

    ``examples()`` gives ``state`` (a state's plain data), ``move`` (a legal move
    in it) and ``player`` (a seat's name), for the documentation and the
    conformance cases; ``illegal_move`` too, if the game wants a refused move shown.

    ``split`` is for a game that deals cards the players must not all see: with
    it, every shared endpoint also takes ``sealed`` (the token beside a public
    state) and ``player`` (answer as that player sees it).
    """

    game: Game  # type: ignore[type-arg]
    state_schema: type[Schema]
    move_schema: type[Schema]
    examples: Callable[[], Mapping[str, Any]]
    own: Endpoints | None = None  # the game's own endpoints, as data: the kit mounts them at /v1/<slug>
    blueprint: RefereeBlueprint | None = None  # a game's own endpoints written as a blueprint, where it has no ``own``
    conformance: Callable[[], Sequence[ConformanceRequest]] = _no_cases
    rules_catalog: Callable[[], Mapping[str, Any]] | None = None
    legal_schema: type[Schema] = LegalMovesSchema
    verdict_schema: type[Schema] = VerdictSchema
    transition_schema: type[Schema] = TransitionSchema
    view_schema: type[Schema] = PlayerViewSchema
    split: PrivateTable | None = None  # given, the shared endpoints take a sealed token and answer for one player

    @property
    def slug(self) -> str:
        return self.game.info.slug

    @classmethod
    def declared(
        cls,
        game: Game,  # type: ignore[type-arg]
        schemas: GameSchemas,
        own: Endpoints,
        examples: Callable[[], Mapping[str, Any]],
        *,
        conformance: Callable[[], Sequence[ConformanceRequest]] = _no_cases,
        rules_catalog: Callable[[], Mapping[str, Any]] | None = None,
        split: PrivateTable | None = None,
    ) -> GameWeb:
        """A game's adapter from its declarations: its schemas as one record, its own endpoints as data."""
        state, move, legal, verdict, transition, view = schemas
        return cls(game, state, move, examples, own, None, conformance, rules_catalog, legal, verdict, transition, view, split)


def game_web(slug: str) -> GameWeb:
    """The HTTP adapter of a registered game (its ``web.WEB``, named in the registry)."""
    return registered(slug).web()


# -- the rule text ------------------------------------------------------------------------------
_HEADING = re.compile(r"^(#{2,4}) +(\d+(?:\.\d+)*)\.? +(.+?)\s*$", re.MULTILINE)


def rule_text(slug: str) -> str:
    """The game's ``rules.md``, shipped in its package."""
    return resources.files(game_package(slug)).joinpath("rules.md").read_text(encoding="utf-8")


def rule_sections(text: str) -> list[dict[str, str]]:
    """Numbered headings (``## 9. A turn``, ``### 9.4 Play a King``): the sections reasons cite."""
    return [{"section": number, "title": title} for _, number, title in _HEADING.findall(text)]


@memo(per_game("rules_answer", "(game's URL name): its rules answer", 128 * 1024, __name__))  # the rule text and catalog do not change
def rules_answer(slug: str) -> dict[str, Any]:
    web = game_web(slug)
    info = web.game.info
    text = rule_text(web.slug)
    answer: dict[str, Any] = {**game_facts(info), "sections": rule_sections(text), "text": text}
    if web.rules_catalog is not None:
        answer |= dict(web.rules_catalog())
    return answer


# -- conformance ------------------------------------------------------------------------------
CONFORMANCE_CACHE = "conformance_answers"  # app.extensions key: slug -> answers, one list per game (a fixed set)


def conformance_answers(app: Flask, web: GameWeb) -> list[dict[str, Any]]:
    """Each worked request with the answer this app gives it, computed once per app and game."""
    cache: dict[str, list[dict[str, Any]]] = app.extensions.setdefault(CONFORMANCE_CACHE, {})
    if web.slug not in cache:
        client = app.test_client()
        answers = []
        for case in web.conformance():
            path = f"/v1/{web.slug}{case.path}"
            reply = client.open(path, method=case.method, json=case.body) if case.body is not None else client.open(path, method=case.method)
            answers.append(
                {
                    "name": case.name,
                    "note": case.note,
                    "method": case.method,
                    "path": path,
                    "body": case.body,
                    "answer": {"status": reply.status_code, "content_type": reply.mimetype, "body": reply.get_json()},
                }
            )
        cache[web.slug] = answers
    return cache[web.slug]


# -- the pointer frame --------------------------------------------------------------------------
# The engine points into its own data (a move's ``/card``, a state's ``/players/1/hand``); every answer points
# into the request body as it was sent (``/move/card``, ``/state/players/1/hand``). This is the one place
# that moves a pointer from the one frame to the other, for the shared endpoints and every game's own.
STATE = "/state"
MOVE = "/move"


class in_body:  # a block, named as the call that opens it: ``with in_body(STATE):``
    """Run engine code whose data sits at ``prefix`` in the body: its problems and reasons point into the body.

    Given the ``body``, a reason about a field the client left out points at the nearest part that was sent
    (a missing ``draws`` is the move's fault: ``/move``), so every pointer resolves against the body (RFC 6901).

    A class rather than a generator made a context manager: every request with a state opens one or two, and a
    generator's block costs a frame, a generator and two resumptions (≈ 2 µs) where this costs a call.
    """

    __slots__ = ("body", "prefix")

    def __init__(self, prefix: str, body: Any = None) -> None:
        self.prefix, self.body = prefix, body

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        if isinstance(error, InvalidInput):
            raise error.under(self.prefix) from error
        if isinstance(error, IllegalMove):
            reasons = [Reason(r.code, r.rule, reason_in_body(self.body, self.prefix, r.pointer), r.message) for r in error.reasons]
            raise IllegalMove(error.move, reasons) from error


def verdict_in_body(verdict: Mapping[str, Any], body: Any, prefix: str = MOVE) -> dict[str, Any]:
    """A verdict's plain data with its reasons pointing into the body (``/move/card``), as /moves/apply's 422 does."""
    return {**verdict, "reasons": [{**reason, "pointer": reason_in_body(body, prefix, reason["pointer"])} for reason in verdict["reasons"]]}


def reason_in_body(body: Any, prefix: str, pointer: str) -> str:
    """A reason's pointer in the body's frame: under the move, or as it is when it cites the state."""
    return sent_part(body, pointer if cites_state(pointer) else prefix + pointer)


def sent_part(body: Any, pointer: str) -> str:
    """The longest part of ``pointer`` that resolves against ``body`` (RFC 6901); all of it when ``body`` is None."""
    if body is None:
        return pointer
    node, reached = body, ""
    for token in pointer.split("/")[1:]:
        key = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, Mapping) and key in node:
            node = node[key]
        elif isinstance(node, list) and key.isdigit() and int(key) < len(node) and (key == "0" or not key.startswith("0")):
            node = node[int(key)]
        else:
            break
        reached += "/" + token
    return reached


# -- the shared endpoints --------------------------------------------------------------------
def read_state(game: Game, data: Mapping[str, Any]) -> Any:  # type: ignore[type-arg]
    """The engine's state from a body's ``state`` as the game's state schema loaded it, checked whole; problems point
    into the body. The schema read the state's types, bounds and cards; the engine takes them as read
    (``read_loaded``), so a request's state is read once."""
    with in_body(STATE):
        return game.read_loaded(data)


def read_move(game: Game, data: Mapping[str, Any]) -> Any:  # type: ignore[type-arg]
    with in_body(MOVE):
        return game.read_move(data)


class RequestSchemas(NamedTuple):
    """The bodies of the shared endpoints, built from a game's state and move schemas."""

    state: type[Schema]  # {"state"}
    move: type[Schema]  # {"state", "move"}
    view: type[Schema]  # {"state", "player"}


SEALED_DESCRIPTION = (
    "The sealed token answered beside this public state (POST /games with sealed: true, or /moves/apply): "
    "the cards the table may not see. With it, player is required and every answer is what that player may see."
)
VIEWER_DESCRIPTION = "Answer as this player sees it: the legal moves only if they act, events and the state after a move as they see them."


def private_fields(required_player: bool) -> dict[str, fields.Field[Any]]:
    """The fields a game with hidden cards adds to every shared body: the token, and whose answer it is."""
    return {
        "sealed": fields.String(validate=Length(min=1, max=MAX_TOKEN_CHARS), metadata={"description": SEALED_DESCRIPTION}),
        "player": player_name(required=required_player, metadata={"description": "Whose view." if required_player else VIEWER_DESCRIPTION}),
        "seat_key": fields.String(validate=Length(min=1, max=128), metadata={"description": SEAT_KEY_DESCRIPTION}),
    }


@memo(per_game("request_schemas", "(game's URL name): its request schemas", 64 * 1024, __name__))  # built at start-up
def request_schemas(slug: str) -> RequestSchemas:
    web = game_web(slug)
    prefix = schema_prefix(slug)
    state = fields.Nested(web.state_schema, required=True)
    viewer: dict[str, fields.Field[Any]] = private_fields(False) if web.split is not None else {}
    view_fields = private_fields(True) if web.split is not None else {"player": player_name(required=True, metadata={"description": "Whose view."})}
    return RequestSchemas(
        state=LeanSchema.from_dict({"state": state, **viewer}, name=f"{prefix}StateRequest"),
        move=LeanSchema.from_dict({"state": state, "move": fields.Nested(web.move_schema, required=True), **viewer}, name=f"{prefix}MoveRequest"),
        view=LeanSchema.from_dict({"state": state, **view_fields}, name=f"{prefix}ViewRequest"),
    )


def transition_answer_schema(web: GameWeb) -> type[Schema]:
    """The answer of /moves/apply; a game with hidden cards adds the new token and the asking player's view."""
    if web.split is None:
        return web.transition_schema
    extra = {
        "sealed": fields.String(metadata={"description": "The new sealed token, when the request sent one: send it with this state next time."}),
        "view": fields.Nested(web.view_schema, metadata={"description": "The asking player's view of the state after the move, when player was given."}),
        "sealed_move": fields.Integer(metadata={"description": "The new token's move number along the match (docs/sealed-deals.md)."}),
    }
    # Named after the game (KingsSealedTransition), whether its transition schema is its own or the shared one.
    return type(f"{schema_prefix(web.slug)}SealedTransitionSchema", (web.transition_schema,), {"__module__": web.transition_schema.__module__, **extra})


class Table(NamedTuple):
    """A request's table: the whole state, whether it came sealed, and whose answer it is."""

    state: Any
    sealed: bool
    viewer: str | None


def read_table(web: GameWeb, body: Mapping[str, Any], needs_viewer: bool = True) -> Table:
    """The whole state of a body: its ``state``, joined with its ``sealed`` token when it has one."""
    token, viewer = body.get("sealed"), body.get("player")
    if token is None or web.split is None:
        return Table(read_state(web.game, body["state"]), False, viewer)
    read_public = getattr(web.split, "read_public", None)  # a kit game's public part is not a table to check: the token binds it
    with in_body(STATE):
        state = web.game.read_loaded(body["state"]) if read_public is None else read_public(body["state"])
    if viewer is None and needs_viewer:
        raise InvalidInput([Problem("/player", "player_required", "a sealed deal is answered for one player: say whose answer it is with player")])
    return Table(open_sealed(web.split, web.slug, state, token, viewer, body.get("seat_key")), True, viewer)


def own_move(body: Mapping[str, Any], viewer: str | None) -> None:
    """A player asking for their own answer has a verdict on their own moves only: another's would tell their cards.

    A move of the table itself (turning the next cards, setting cards aside: it names no player) is anyone's to ask for."""
    mover = body["move"].get("player")
    if viewer is not None and mover is not None and mover != viewer:  # a move of the table itself (no player): any seat's
        raise InvalidInput(
            [Problem("/move/player", "not_your_move", f"the answer is asked for {viewer!r}, who may judge only their own moves, not {mover!r}'s")]
        )


def verdict_for(verdict: Mapping[str, Any], viewer: str) -> dict[str, Any]:
    """A verdict as ``viewer`` may hear it: the alternatives offered are their own moves or the table's, never another
    seat's (a move out of turn would else be answered with the acting seat's moves, and so its cards)."""
    mine = [option for option in verdict.get("alternatives", ()) if option.get("player") in (None, viewer)]
    return {**verdict, "alternatives": mine}


def referee_blueprint(web: GameWeb) -> LazyDocBlueprint:
    """The shared endpoints of one game, documented with its own schemas and examples (computed when the document is read)."""
    game, split = web.game, web.split
    state_body, move_body, view_body = request_schemas(web.slug)

    def example(key: str) -> Callable[[], Any]:
        """One of the game's documentation examples, computed when the document is written."""
        return lambda: referee_examples(web.slug)[key]

    def body_of(**parts: str) -> Callable[[], dict[str, Any]]:
        """A request example made of the documentation's examples (``state="state"``: the example state as ``state``)."""
        return lambda: {field: referee_examples(web.slug)[key] for field, key in parts.items()}

    def check(body: dict[str, Any]) -> dict[str, Any]:
        """Whole-state check: conservation of the pack, every zone, the turn, the outcome; each problem with a JSON pointer."""
        try:
            read_table(web, body, needs_viewer=False)
        except InvalidInput as error:
            return {"valid": False, "problems": [p.to_dict() for p in error.problems], **error.summary()}
        return {"valid": True, "problems": []}

    def legal(body: dict[str, Any]) -> Any:
        """The legal moves: each one is accepted by /moves/validate, and nothing else is."""
        table = read_table(web, body)
        report = game.legal_report(table.state)
        if split is not None and table.viewer is not None:
            return split.legal_for(table.state, report, table.viewer)
        return report.to_dict()

    def validate(body: dict[str, Any]) -> dict[str, Any]:
        """Judge a move; an illegal move is a verdict, not an error."""
        table = read_table(web, body)
        own_move(body, table.viewer)
        verdict = game.judge(table.state, read_move(game, body["move"])).to_dict()
        if split is not None and table.viewer is not None:
            verdict = verdict_for(verdict, table.viewer)
        return verdict_in_body(verdict, body)

    def apply(body: dict[str, Any]) -> Any:
        """Apply a move; the reasons of an illegal one are the verdict's. The input is never changed."""
        table = read_table(web, body)
        own_move(body, table.viewer)
        move = read_move(game, body["move"])
        with in_body(MOVE, body):
            transition = game.apply(table.state, move)
        if split is None:
            return transition.to_dict()
        answer = dict(split.transition_for(transition, table.viewer) if table.viewer is not None else transition.to_dict())
        if table.sealed:
            answer |= seal_answer(split, web.slug, split.state_after(transition))
        return answer

    def view(body: dict[str, Any]) -> Any:
        """One player's view of a state: nothing they may not see reaches them."""
        return game.view(read_table(web, body).state, body["player"]).to_dict()

    def rules() -> dict[str, Any]:
        """The rule text that verdicts cite, with the game's options."""
        return rules_answer(web.slug)

    def conformance() -> dict[str, Any]:
        """Test a client against the referee: send each request, expect each answer."""
        return {"game": web.slug, "cases": conformance_answers(current_app, web)}

    title = game.info.title
    return mounted(
        f"{web.slug}-referee",
        f"/v1/{web.slug}",
        f"{title}: the referee endpoints every game shares.",
        [
            Endpoint(
                "/state/check",
                state_body,
                StateCheckResponseSchema,
                check,
                "Whether the state is a real table, with every problem at once.",
                body_of(state="state"),
                {"valid": True, "problems": []},
                "Check a table before playing on it: whether the state is one a real game can reach, "
                "with every problem found at once, each pointing into the body.",
            ),
            Endpoint(
                "/moves/legal",
                state_body,
                web.legal_schema,
                legal,
                "Every distinct legal move of whoever acts, with counts per action.",
                body_of(state="state"),
                example("legal"),
                "Ask what may be played now: every distinct legal move of whoever acts (a template says what the player must fill in), with counts per action.",
            ),
            Endpoint(
                "/moves/validate",
                move_body,
                web.verdict_schema,
                validate,
                "The verdict: an illegal move is 200 with legal false, its reasons (code, rule section, pointer) and alternatives.",
                body_of(state="state", move="verdict_move"),
                example("verdict"),
                "Ask the referee whether a move is legal before making it: a refused move is still a 200, "
                "with every reason (code, rule section, pointer) and the nearest legal moves.",
            ),
            Endpoint(
                "/moves/apply",
                move_body,
                transition_answer_schema(web),
                apply,
                "The state after the move and the events, in order; an illegal move is a 422.",
                body_of(state="state", move="move"),
                example("transition"),
                "Make a move: the state after it and what happened, in order. The state sent is never changed; "
                "an illegal move is a 422 with the verdict's reasons.",
            ),
            Endpoint(
                "/view",
                view_body,
                web.view_schema,
                view,
                "What one player may see: their own cards, counts of the others', the public cards.",
                body_of(state="state", player="player"),
                example("view"),
                "Show one player their side of the table: their own cards, the sizes of the others' hands and the piles, the public cards.",
            ),
            Endpoint(
                "/rules",
                None,
                GameRulesSchema,
                rules,
                f"{title}: its facts and its rule text, section by section.",
                answer_example=rules,
                purpose=f"Read {title}'s rules: its facts, its options and the rule text that verdicts cite, section by section.",
            ),
            Endpoint(
                "/conformance",
                None,
                ConformanceSchema,
                conformance,
                "Worked requests, each with the answer this referee gives.",
                answer_example={"game": web.slug, "cases": []},
                purpose="Test a client against this referee: worked requests, each with the answer the referee gives.",
            ),
        ],
    )


@memo(per_game("referee_examples", "(game's URL name): its shared endpoints' examples", 256 * 1024, __name__))  # when the document is written
def referee_examples(slug: str) -> dict[str, Any]:
    """The documentation's examples, computed by the engine from the game's example state, so they are always right."""
    web = game_web(slug)
    game, given = web.game, web.examples()
    state = game.read_state(given["state"])
    move = game.read_move(given["move"])
    refused = given.get("illegal_move", given["move"])
    return {
        "state": given["state"],
        "move": given["move"],
        "player": given["player"],
        "verdict_move": refused,
        "legal": game.legal_report(state).to_dict(),
        "verdict": verdict_in_body(game.judge(state, game.read_move(refused)).to_dict(), {"move": refused}),
        "transition": game.apply(state, move).to_dict(),
        "view": game.view(state, given["player"]).to_dict(),
    }


def mount_games(api: RefereeApi) -> list[GameWeb]:
    """Mount every registered game: its shared endpoints, then its own."""
    webs = []
    for slug in REGISTRY:
        game = registered(slug)  # a part that does not load stops the start-up here, with its name
        web = game.web()
        webs.append(web)
        api.register_blueprint(referee_blueprint(web))
        if web.own is not None:
            api.register_blueprint(mounted(web.slug, f"/v1/{web.slug}", web.own.description, web.own.endpoints))
        elif web.blueprint is not None:
            api.register_blueprint(web.blueprint)
        api.register_blueprint(standings_blueprint(web.slug, game.scorer))
    return webs

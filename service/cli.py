"""``kings``: the referee from a terminal (also ``python -m service.cli``).

Talks to a running service (``--url``, or ``KINGS_URL``, default
http://127.0.0.1:8000) and says plainly when nothing answers there. Readable
text by default, JSON with ``--json``. ``--url``, ``--json`` and ``--timeout``
may stand before or after the command; a file argument may be ``-`` for
standard input. docs/cli.md has every command.

Every registered game has the referee's shared commands, built here from the
registry: ``kings <slug> check|legal|validate|apply|view``. The exit status
says what happened (:data:`EXIT_CODES`, after BSD's sysexits.h): 0 done, 2 a
usage error, 65 input refused (by the service or before sending), 69 no
service answers, 70 an internal fault, 74 a file that cannot be read or written.

Every game also has ``standings`` (a results sheet's standings, the game's
``tournaments/standings``) unless it brings its own, and every game brings a
``new-game`` through :func:`add_new_game_command` (one verb, the same
arguments: the players, ``--seed``, ``-o``).

Every call goes through the one client, :class:`card_referee_client.RefereeClient`
(its own distribution, clients/python), which reaches each endpoint by the name
the OpenAPI document gives it; nothing here or in a game's ``cli`` module builds
a URL. Every registered game may bring commands: a ``cli`` module in its package
with ``add_commands(commands)``, whose parsers ``set_defaults(run=fn)`` with
``fn(args, client) -> str | dict`` (text is printed as it is, a dict as JSON;
a parser may also ``set_defaults(show=fn)`` to turn a dict into text unless
``--json`` is given); ``args.game`` is the game's URL name. They are reached as
``kings <slug> <command> ...``. 24 Kings' commands (service/games/kings/cli.py)
also stand at the top level, as they always have.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from service.games import REGISTRY, registered

if TYPE_CHECKING:
    # Imported where used: the registry loads every game's cli module when the app starts, and the service runs
    # without the client package (the image has none); only the command line needs it.
    from card_referee_client import RefereeClient

AddCommands = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
ClientFactory = Callable[..., "RefereeClient"]
FLAGSHIP = "24-kings"  # the game whose commands also stand at the top level

# Exit statuses, after BSD's sysexits.h, so scripts can tell what went wrong.
EX_OK = 0
EX_USAGE = 2  # argparse's own: a command or option that does not parse
EX_DATAERR = 65  # the input was refused: by the service (4xx), or before sending (not JSON, not a castle)
EX_UNAVAILABLE = 69  # nothing answers at the URL, or a proxy says the service is down (502, 503, 504)
EX_SOFTWARE = 70  # the service failed (another 5xx), or this program did
EX_IOERR = 74  # a file that cannot be read or written
EXIT_CODES = {
    "ok": EX_OK,
    "usage": EX_USAGE,
    "refused input": EX_DATAERR,
    "unreachable": EX_UNAVAILABLE,
    "internal": EX_SOFTWARE,
    "i/o": EX_IOERR,
}
STDIN = "-"
STATE_HELP = "a JSON file (or - for standard input): a state, or an answer or request body holding one under 'state'"
MOVE_HELP = "the move: JSON text ('{...}'), a file, or -; left out, the 'move' of the state's file"


class BadInput(ValueError):
    """Input that cannot be sent: not JSON, or not the shape a command needs (exit 65)."""


def read_bytes(name: str | Path) -> bytes:
    """A file's bytes, or standard input's for ``-``; an OSError (exit 74) when it cannot be read."""
    if str(name) == STDIN:
        return sys.stdin.buffer.read()
    return Path(name).read_bytes()


def read_json(name: str | Path) -> Any:
    """A JSON file (or ``-``), as data; :class:`BadInput` when it is not JSON."""
    data = read_bytes(name)
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError) as error:
        raise BadInput(f"{'standard input' if str(name) == STDIN else name} is not JSON: {error}") from error


def read_object(name: str | Path) -> dict[str, Any]:
    data = read_json(name)
    if not isinstance(data, dict):
        raise BadInput(f"{'standard input' if str(name) == STDIN else name} holds JSON, but not an object")
    return data


def state_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The state in a file: the state itself, or an answer or request body holding one under ``state``."""
    state = data.get("state", data)
    if not isinstance(state, dict):
        raise BadInput("the state is not a JSON object")
    return state


def move_of(text: str | None, data: Mapping[str, Any]) -> dict[str, Any]:
    """A move given as JSON text (``{...}``), a file or ``-``; else the ``move`` of the state's file (a request body)."""
    if text is None:
        move = data.get("move")
        if move is None:
            raise BadInput("give a move: JSON text, a file, or '-'; or a state file that holds one under 'move'")
    elif text.lstrip().startswith("{"):
        try:
            move = json.loads(text)
        except ValueError as error:
            raise BadInput(f"the move is not JSON: {error}") from error
    else:
        move = read_json(text)
    if not isinstance(move, dict):
        raise BadInput("the move is not a JSON object")
    return move


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def write_answer(args: argparse.Namespace, answer: dict[str, Any]) -> dict[str, Any]:
    """The answer, written to ``-o FILE`` as JSON too when the command was given one."""
    if getattr(args, "output", None):
        write_json(args.output, answer)
    return answer


def show_games(result: dict[str, Any]) -> str:
    rows = [f"{'game':<20} {'players':>7}  title"]
    for game in result["games"]:
        players = f"{game['players']['min']}-{game['players']['max']}"
        rows.append(f"{game['slug']:<20} {players:>7}  {game['title']}")
    return "\n".join(rows)


def games(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.games()


# -- the referee's shared commands, for every registered game ------------------------------------
def show_check(answer: dict[str, Any]) -> str:
    if answer["valid"]:
        return "valid"
    lines = [f"not valid: {len(answer['problems'])} problem(s)"]
    return "\n".join(lines + [f"  {p.get('pointer') or '/'}: {p.get('message')} ({p.get('code')})" for p in answer["problems"]])


def show_legal(answer: dict[str, Any]) -> str:
    """The player to act's moves, then the moves open to anyone beside them (a show of three Kings in Three Kings)."""
    who = answer.get("player") or "any player"
    lines = [f"{who} ({answer.get('phase')}): {len(answer['moves'])} legal move(s)"] + [f"  {json.dumps(move)}" for move in answer["moves"]]
    return "\n".join(lines + [f"  out of turn: {json.dumps(move)}" for move in answer.get("open", [])])


def show_verdict(answer: dict[str, Any]) -> str:
    if answer["legal"]:
        return "legal"
    lines = ["illegal:"]
    lines += [f"  {r['code']} (§{r['rule']}) at {r.get('pointer') or '/'}: {r['message']}" for r in answer["reasons"]]
    if answer.get("alternatives"):
        lines.append("legal instead:")
        lines += [f"  {json.dumps(move)}" for move in answer["alternatives"]]
    return "\n".join(lines)


def show_transition(answer: dict[str, Any]) -> str:
    return "\n".join(json.dumps(event) for event in answer["events"])


def show_standings(result: dict[str, Any]) -> str:
    """A results sheet's standings (every game's ``tournaments/standings`` answers the same shape)."""
    games = result["games"]
    header = f"{'rank':>4}  {'player':<16} {'total':>7} {'games':>5} {'wins':>4}  " + " ".join(f"{'g' + g:>6}" for g in games)
    rows = [header]
    for s in result["standings"]:
        per_game = " ".join(f"{s['points'].get(g, ''):>6}" for g in games)
        rows.append(f"{s['rank']:>4}  {s['player']:<16} {s['total']:>7} {s['games']:>5} {s['wins']:>4}  {per_game}")
    return "\n".join(rows)


def check_state(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.game(args.game).check_state(state_of(read_object(args.state)))


def legal_moves(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.game(args.game).legal_moves(state_of(read_object(args.state)))


def validate_move(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    data = read_object(args.state)
    return client.game(args.game).validate(state_of(data), move_of(args.move, data))


def apply_move(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    data = read_object(args.state)
    return write_answer(args, client.game(args.game).apply(state_of(data), move_of(args.move, data)))


def view_state(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.game(args.game).view(state_of(read_object(args.state)), args.player)


def query_value(text: str) -> str | bool:
    """A ``NAME=VALUE`` option's value: true/yes/1 and false/no/0 as booleans, anything else as it is."""
    lowered = text.strip().lower()
    return True if lowered in ("true", "yes", "1") else False if lowered in ("false", "no", "0") else text.strip()


def sheet_standings(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    """``standings RESULTS``: the results sheet's standings (read once: standard input cannot be read twice)."""
    return standings_of_sheet(args, client, read_bytes(args.results))


def standings_of_sheet(args: argparse.Namespace, client: RefereeClient, sheet: bytes, **query: Any) -> dict[str, Any]:
    """A results sheet's standings, with the ``--rule NAME=VALUE`` settings (and ``query``) as the game's query
    parameters; with ``-o``, also the standings as a .csv or .xlsx file."""
    query |= {name.strip(): query_value(value) for name, _, value in (pair.partition("=") for pair in args.rule)}
    standings = client.game(args.game)
    result: dict[str, Any] = standings.standings(sheet, **query)
    if args.output:
        kind = "xlsx" if args.output.suffix.lower() == ".xlsx" else "csv"
        args.output.write_bytes(standings.standings(sheet, answer=kind, **query))
    return result


def add_standings_command(commands: argparse._SubParsersAction[argparse.ArgumentParser], slug: str) -> None:
    """``standings RESULTS [-o FILE] [--rule NAME=VALUE]``: POST /v1/<slug>/tournaments/standings."""
    if "standings" in commands.choices:
        return
    parser = commands.add_parser("standings", help=f"POST /v1/{slug}/tournaments/standings: standings from a results sheet")
    parser.add_argument("results", help="a .csv or .xlsx file, or - for standard input (CSV or XLSX)")
    add_sheet_options(parser)
    parser.set_defaults(run=sheet_standings, show=show_standings, game=slug)


def add_sheet_options(parser: argparse.ArgumentParser) -> None:
    """``-o FILE`` and ``--rule NAME=VALUE``, the options of standings from a results sheet."""
    parser.add_argument("-o", "--output", type=Path, help="write the standings to a .csv or .xlsx file")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="the game's settings for its rows, e.g. hands=quick")


NewGameBody = Callable[[argparse.Namespace, list[str]], dict[str, Any]]


def players_of(args: argparse.Namespace) -> list[str]:
    """The players of ``new-game``: given one by one (``ann bob``), or as ``--players ann,bob``."""
    names = [*args.names, *(name for name in (args.players or "").split(",") if name.strip())]
    if not names:
        raise argparse.ArgumentTypeError("new-game needs the players: ann bob, or --players ann,bob")
    return [name.strip() for name in names]


def run_new_game(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    body = args.new_game_body(args, players_of(args)) | ({"seed": args.seed} if args.seed is not None else {})
    return write_answer(args, client.game(args.game).new_game(body))


def add_new_game_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    body: NewGameBody,
    *,
    show: Callable[[dict[str, Any]], str] | None,
    help_text: str,
    aliases: Sequence[str] = (),
) -> argparse.ArgumentParser:
    """``new-game PLAYER... | --players A,B [--seed N] [-o FILE]``, the one verb for a new game in every game.

    ``body(args, players)`` makes the request body of the game's ``POST /games`` (the seed is added here); the parser
    is returned for the game's own options."""
    parser = commands.add_parser("new-game", aliases=list(aliases), help=help_text)
    parser.add_argument("names", nargs="*", metavar="PLAYER", help="the players' names, in seat order (or --players)")
    parser.add_argument("--players", help="the players' names in seat order, with commas: ann,bob,cy")
    parser.add_argument("--seed", type=int, help="the shuffle's seed: the same seed, the same deal")
    parser.add_argument("-o", "--output", type=Path, help="also write the whole answer (state included) to this JSON file")
    parser.set_defaults(run=run_new_game, new_game_body=body, show=show)
    return parser


def rules_field(operation_id: str) -> str:
    """The member an operation's request body gives a game's variant settings in: ``rules``, or ``options`` where
    the client's document still says so (Twenty-Four and Three Kings, until their rename)."""
    from card_referee_client import operations

    return "options" if "options" in operations()[operation_id].body_fields else "rules"


def add_referee_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser], slug: str) -> None:
    """``check``, ``legal``, ``validate``, ``apply`` and ``view`` of the game ``slug``: the shared endpoints, one command each.

    A command the game's own ``cli`` module already defines is left to it."""
    taken = set(commands.choices)

    def add(name: str, help_text: str) -> argparse.ArgumentParser | None:
        if name in taken:
            return None
        parser = commands.add_parser(name, help=help_text)
        parser.set_defaults(game=slug)
        parser.add_argument("state", help=STATE_HELP)
        return parser

    if parser := add("check", f"POST /v1/{slug}/state/check: is this a real table? every problem at once"):
        parser.set_defaults(run=check_state, show=show_check)
    if parser := add("legal", f"POST /v1/{slug}/moves/legal: every legal move of whoever acts"):
        parser.set_defaults(run=legal_moves, show=show_legal)
    if parser := add("validate", f"POST /v1/{slug}/moves/validate: the verdict on a move, with reasons and alternatives"):
        parser.add_argument("move", nargs="?", help=MOVE_HELP)
        parser.set_defaults(run=validate_move, show=show_verdict)
    if parser := add("apply", f"POST /v1/{slug}/moves/apply: the state after a move, and the events"):
        parser.add_argument("move", nargs="?", help=MOVE_HELP)
        parser.add_argument("-o", "--output", type=Path, help="write the answer (the state after) to this JSON file")
        parser.set_defaults(run=apply_move, show=show_transition)
    if parser := add("view", f"POST /v1/{slug}/view: what one player may see"):
        parser.add_argument("player", help="the player's name")
        parser.set_defaults(run=view_state)
    add_standings_command(commands, slug)


def game_commands(slug: str) -> AddCommands | None:
    """The commands a registered game names in the registry (its ``cli.add_commands``), or None when it has none."""
    return registered(slug).commands


def _version() -> str:
    try:
        return version("kings-referee")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def add_common_options(parser: argparse.ArgumentParser, defaults: bool) -> None:
    """``--url``, ``--json`` and ``--timeout``: with their defaults on the top parser; on every command's parser
    with none (``SUPPRESS``), so they may stand after the command and, left out there, keep the top's value."""

    from card_referee_client import DEFAULT_TIMEOUT, DEFAULT_URL

    def default(value: Any) -> Any:
        return value if defaults else argparse.SUPPRESS

    taken = parser._option_string_actions
    if "--url" not in taken:
        url = os.environ.get("KINGS_URL", DEFAULT_URL)
        parser.add_argument("--url", default=default(url), help=f"where the service answers (default {url}; KINGS_URL)")
    if "--json" not in taken:
        parser.add_argument("--json", action="store_true", default=default(False), help="print the service's JSON instead of text")
    if "--timeout" not in taken:
        parser.add_argument("--timeout", type=float, default=default(DEFAULT_TIMEOUT), help="seconds to wait for an answer")


def _command_parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """Every command's parser under ``parser``, at every depth."""
    found: list[argparse.ArgumentParser] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):  # aliases map to the same parser
                found += [sub, *_command_parsers(sub)]
    return found


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="kings",
        description="The card-game referee from a terminal. Options may stand before or after the command; a file may be - for standard input.",
        epilog="exit status: 0 done, 2 usage, 65 input refused, 69 no service answers, 70 internal fault, 74 a file unreadable or unwritable",
    )
    top.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    add_common_options(top, defaults=True)
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser("serve", help="run the service with gunicorn (as `make run`)")
    serve.add_argument("--host", help="interface to bind (default KINGS_HOST, else loopback: service/serving.py)")
    serve.add_argument("--port", type=int, help="port (default PORT, else 8000)")
    listing = commands.add_parser("games", help="the games this referee judges (GET /v1/games)")
    listing.set_defaults(run=games, show=show_games)
    top.set_defaults(game=FLAGSHIP)  # the flagship's commands at the top level are its own
    flagship = game_commands(FLAGSHIP)
    if flagship is not None:
        flagship(commands)
        add_standings_command(commands, FLAGSHIP)
    for slug in REGISTRY:
        title = registered(slug).engine.info.title
        game = commands.add_parser(slug, help=f"{title}: check, legal, validate, apply, view, standings and its own commands (kings {slug} --help)")
        game.set_defaults(game=slug)
        game_commands_action = game.add_subparsers(dest="game_command", required=True, metavar="COMMAND")
        add = game_commands(slug)
        if add is not None:
            add(game_commands_action)
        add_referee_commands(game_commands_action, slug)
    for command in _command_parsers(top):
        add_common_options(command, defaults=False)
    return top


def serve(host: str | None, port: int | None) -> int:
    """Replace this process with gunicorn on the settings the package ships (service/serving.py, which owns the defaults)."""
    if host is not None:
        os.environ["KINGS_HOST"] = host
    if port is not None:
        os.environ["PORT"] = str(port)
    os.execvp(sys.executable, [sys.executable, "-m", "gunicorn", "-c", "python:service.serving"])
    return 0  # pragma: no cover - execvp does not return


def render(result: str | dict[str, Any], args: argparse.Namespace) -> str:
    """Text as it is; an answer through its command's ``show`` unless ``--json``; otherwise JSON."""
    if isinstance(result, str):
        return result
    show: Callable[[dict[str, Any]], str] | None = getattr(args, "show", None)
    return show(result) if show is not None and not args.json else json.dumps(result, indent=1)


def fail(message: str, code: int) -> int:
    print(f"kings: {message}", file=sys.stderr)
    return code


def main(argv: Sequence[str] | None = None, *, make_client: ClientFactory | None = None) -> int:
    """Run one command; the exit status says how it went (:data:`EXIT_CODES`). ``make_client(url, timeout=...)``
    makes the client (a :class:`card_referee_client.RefereeClient` unless given)."""
    from card_referee_client import RefereeClient, RefereeError, RefereeUnavailable

    try:
        args = parser().parse_args(argv)
    except SystemExit as exited:  # --help and --version (0), or a usage error (2), already printed by argparse
        return exited.code if isinstance(exited.code, int) else EX_USAGE
    if args.command == "serve":
        return serve(args.host, args.port)
    try:
        client = (make_client or RefereeClient)(args.url, timeout=args.timeout)
        result = args.run(args, client)
    except RefereeUnavailable as error:
        return fail(str(error), EX_UNAVAILABLE)
    except argparse.ArgumentTypeError as error:  # an argument a command reads itself, e.g. 1923's name=CARDS
        return fail(str(error), EX_USAGE)
    except RefereeError as error:
        if error.status in (502, 503, 504):
            return fail(f"the service is unavailable behind {args.url}\n{error}", EX_UNAVAILABLE)
        if error.status >= 500:
            return fail(f"the referee failed on the request\n{error}", EX_SOFTWARE)
        return fail(f"the referee refused the request\n{error}", EX_DATAERR)
    except OSError as error:  # a file that is missing or unwritable, standard input or output closed
        return fail(f"cannot read or write a file: {error}", EX_IOERR)
    except (ValueError, KeyError, TypeError) as error:  # input that is not JSON, a castle that is not one, a file of the wrong shape
        return fail(f"cannot use the input: {error}", EX_DATAERR)
    except Exception as error:  # a fault in this program: say so, not a traceback
        return fail(f"internal error: {type(error).__name__}: {error}", EX_SOFTWARE)
    try:
        text = render(result, args)
    except Exception as error:  # an answer this program cannot show: its fault (or the service's), not the input's
        return fail(f"internal error: cannot show the answer ({type(error).__name__}: {error}); --json prints it as it is", EX_SOFTWARE)
    try:
        print(text)
    except OSError as error:  # standard output closed
        return fail(f"cannot write the answer: {error}", EX_IOERR)
    return EX_OK


if __name__ == "__main__":
    # Run the module by its name, not this __main__ copy: the games' cli modules import service.cli's helpers.
    from service import cli

    sys.exit(cli.main())

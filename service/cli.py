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

Every registered game may bring commands: a ``cli`` module in its package with
``add_commands(commands)``, whose parsers ``set_defaults(run=fn)`` with
``fn(args, client) -> str | dict`` (text is printed as it is, a dict as JSON;
a parser may also ``set_defaults(show=fn)`` to turn a dict into text unless
``--json`` is given). They are reached as ``kings <slug> <command> ...``.
24 Kings' commands (service/games/kings/cli.py) also stand at the top level,
as they always have.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from service.client import DEFAULT_TIMEOUT, DEFAULT_URL, RefereeClient, RefereeError, RefereeUnavailable
from service.games import REGISTRY, registered

AddCommands = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
ClientFactory = Callable[..., RefereeClient]
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
    who = answer.get("player") or "any player"
    return "\n".join([f"{who} ({answer.get('phase')}): {len(answer['moves'])} legal move(s)"] + [f"  {json.dumps(move)}" for move in answer["moves"]])


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


def check_state(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.check_state(state_of(read_object(args.state)), game=args.game)


def legal_moves(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.legal_moves(state_of(read_object(args.state)), game=args.game)


def validate_move(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    data = read_object(args.state)
    return client.validate(state_of(data), move_of(args.move, data), game=args.game)


def apply_move(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    data = read_object(args.state)
    answer = client.apply(state_of(data), move_of(args.move, data), game=args.game)
    if args.output:
        write_json(args.output, answer)
    return answer


def view_state(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.call("POST", f"/v1/{args.game}/view", {"state": state_of(read_object(args.state)), "player": args.player})


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
    flagship = game_commands(FLAGSHIP)
    if flagship is not None:
        flagship(commands)
    for slug in REGISTRY:
        title = registered(slug).engine.info.title
        game = commands.add_parser(slug, help=f"{title}: check, legal, validate, apply, view and its own commands (kings {slug} --help)")
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


def main(argv: Sequence[str] | None = None, *, make_client: ClientFactory = RefereeClient) -> int:
    """Run one command; the exit status says how it went (:data:`EXIT_CODES`)."""
    try:
        args = parser().parse_args(argv)
    except SystemExit as exited:  # --help and --version (0), or a usage error (2), already printed by argparse
        return exited.code if isinstance(exited.code, int) else EX_USAGE
    if args.command == "serve":
        return serve(args.host, args.port)
    try:
        client = make_client(args.url, timeout=args.timeout)
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

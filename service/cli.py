"""``kings``: the referee from a terminal (also ``python -m service.cli``).

Talks to a running service (``--url``, or ``KINGS_URL``, default
http://127.0.0.1:8000) and says plainly when nothing answers there. Readable
text by default, JSON with ``--json``.

Every registered game may bring commands: a ``cli`` module in its package with
``add_commands(commands)``, whose parsers ``set_defaults(run=fn)`` with
``fn(args, client) -> str | dict`` (text is printed as it is, a dict as JSON;
a parser may also ``set_defaults(show=fn)`` to turn a dict into text unless
``--json`` is given). They are reached as ``kings <slug> <command> ...``.
24 Kings' commands also stand at the top level, as they always have.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from service.client import DEFAULT_URL, RefereeClient, RefereeError, RefereeUnavailable
from service.games import GAME_PACKAGES, game_package
from service.games.kings.castles import parse_castle

AddCommands = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
ClientFactory = Callable[..., RefereeClient]
FLAGSHIP = "24-kings"  # the game whose commands also stand at the top level


def _castles(text: str) -> list[dict[str, Any]]:
    """``5H,9C+KC,4D,10S`` as four castle objects (Kings after ``+``)."""
    return [parse_castle(item).to_dict() for item in text.split(",")]


def _rules(pairs: Sequence[str]) -> dict[str, Any]:
    """``hands=quick subjects_count=true`` as a rules object."""
    rules: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        rules[key] = value if key == "hands" else value.lower() in ("true", "yes", "1")
    return rules


def _split_text(player: dict[str, Any]) -> list[str]:
    lines = [f"  Pointer {player['pointer']}"]
    lines += [f"  {hand['name']}: {' '.join(hand['cards'])} = {hand['points']}" for hand in player["hands"]]
    if player["saved"]:
        lines.append(f"  saved by Kings: {' '.join(player['saved'])}")
    if player["penalised"]:
        lines.append(f"  penalised: {' '.join(player['penalised'])}")
    return lines


def show_calculus(result: dict[str, Any]) -> str:
    lines = [f"Castle values: {result['castle_values']}"]
    for player in result["players"]:
        lines.append(f"{player['name']}: {player['score']}" + (" (declared)" if player["declared"] else ""))
        lines += _split_text(player)
    if "call" in result:
        call = result["call"]
        lines.append(f"HAND! by {call['player']}: {'valid' if call['valid'] else 'false call'} — {call['reason']}")
    lines.append(f"Winner(s): {', '.join(result['winners'])}")
    return "\n".join(lines)


def show_hands(result: dict[str, Any]) -> str:
    best = result["best"]
    lines = [
        f"Castle values: {result['castle_values']}",
        f"Best score: {best['score']}",
        *_split_text(best),
        f"Valid HAND! call: {'yes' if result['valid_call'] else 'no'}",
    ]
    if result["found"]:
        lines.append("Hands held: " + "; ".join(f"{h['name']} {' '.join(h['cards'])} ({h['points']})" for h in result["found"]))
    lines.append("Closest hands:")
    close = sorted((p for p in result["progress"] if p["in_play"] and p["held"]), key=lambda p: len(p["missing"]))[:8]
    lines += [f"  {p['name']}: holds {' '.join(p['held'])}; missing {' '.join(p['missing']) or 'nothing'}" for p in close]
    return "\n".join(lines)


def show_standings(result: dict[str, Any]) -> str:
    games = result["games"]
    header = f"{'rank':>4}  {'player':<16} {'total':>7} {'games':>5} {'wins':>4}  " + " ".join(f"{'g' + g:>6}" for g in games)
    rows = [header]
    for s in result["standings"]:
        per_game = " ".join(f"{s['points'].get(g, ''):>6}" for g in games)
        rows.append(f"{s['rank']:>4}  {s['player']:<16} {s['total']:>7} {s['games']:>5} {s['wins']:>4}  {per_game}")
    return "\n".join(rows)


def show_new_game(result: dict[str, Any]) -> str:
    state = result["state"]
    castles = ", ".join(f"{i + 1}:{c['card']}" for i, c in enumerate(state["castles"]))
    lines = [f"Seed {state['seed']}. Castles {castles}. {len(state['face_up'])} card(s) discarded in the Castle Phase."]
    lines += [f"  {p['name']}: {' '.join(p['hand']['cards'])}" for p in state["players"]]
    lines.append(f"{state['players'][state['to_act']]['name']} plays first.")
    return "\n".join(lines)


def show_games(result: dict[str, Any]) -> str:
    rows = [f"{'game':<20} {'players':>7}  title"]
    for game in result["games"]:
        players = f"{game['players']['min']}-{game['players']['max']}"
        rows.append(f"{game['slug']:<20} {players:>7}  {game['title']}")
    return "\n".join(rows)


def score(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    table = json.loads(args.table.read_text(encoding="utf-8"))
    return client.calculus(table.get("castles", []), table.get("players", []), rules=table.get("rules"), caller=table.get("caller"))


def hands(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.hands(_castles(args.castles), args.cards.replace(",", " ").split(), _rules(args.rule))


def standings(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    result = client.standings(args.results, rules=_rules(args.rule))
    if args.output:
        kind = "xlsx" if args.output.suffix.lower() == ".xlsx" else "csv"
        args.output.write_bytes(client.standings(args.results, answer=kind, rules=_rules(args.rule)))
    return dict(result)


def new_game(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    result = client.new_game([name.strip() for name in args.players.split(",")], seed=args.seed)
    if args.output:
        args.output.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return result


def games(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.games()


def add_kings_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """24 Kings' commands, in the shape every game's ``cli.add_commands`` has (its package has no ``cli`` module yet)."""
    parser = commands.add_parser("score", help="The Calculus of a table given as a JSON file (the /calculus body)")
    parser.add_argument("table", type=Path)
    parser.set_defaults(run=score, show=show_calculus)
    parser = commands.add_parser("hands", help="what a set of cards holds")
    parser.add_argument("cards", help="cards separated by spaces, e.g. 'QH JH 10H 9H 8H 7H 3S'")
    parser.add_argument("--castles", required=True, help="four castles, North first: 5H,9C+KC,4D,10S")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="e.g. hands=quick or subjects_count=true")
    parser.set_defaults(run=hands, show=show_hands)
    parser = commands.add_parser("standings", help="tournament standings from a CSV or XLSX file")
    parser.add_argument("results", type=Path)
    parser.add_argument("-o", "--output", type=Path, help="write the standings to a .csv or .xlsx file")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="rules for rows with cards")
    parser.set_defaults(run=standings, show=show_standings)
    parser = commands.add_parser("new-game", help="shuffle, Castle Phase and deal")
    parser.add_argument("--players", required=True, help="names in seat order, e.g. ann,bob,cy")
    parser.add_argument("--seed", type=int)
    parser.add_argument("-o", "--output", type=Path, help="also write the whole answer (state included) to this JSON file")
    parser.set_defaults(run=new_game, show=show_new_game)


# Games whose package has no ``cli`` module but whose commands this module holds.
BUILT_IN_COMMANDS: dict[str, AddCommands] = {FLAGSHIP: add_kings_commands}


def game_commands(slug: str) -> AddCommands | None:
    """The ``add_commands`` of a registered game: its package's ``cli`` module, else one held here, else none."""
    name = f"{GAME_PACKAGES[slug]}.cli"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:  # the module exists but something it imports does not: a real fault
            raise
        return BUILT_IN_COMMANDS.get(slug)
    add: AddCommands = module.add_commands
    return add


def _version() -> str:
    try:
        return version("kings-referee")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="kings", description="The card-game referee from a terminal.")
    top.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    top.add_argument("--url", default=os.environ.get("KINGS_URL", DEFAULT_URL), help="where the service answers (default %(default)s; KINGS_URL)")
    top.add_argument("--json", action="store_true", help="print the service's JSON instead of text")
    top.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for an answer")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser("serve", help="run the service with gunicorn (as `make run`)")
    serve.add_argument("--host", help="interface to bind (default KINGS_HOST, else loopback: service/serving.py)")
    serve.add_argument("--port", type=int, help="port (default PORT, else 8000)")
    listing = commands.add_parser("games", help="the games this referee judges (GET /v1/games)")
    listing.set_defaults(run=games, show=show_games)
    flagship = game_commands(FLAGSHIP)
    if flagship is not None:
        flagship(commands)
    for slug in GAME_PACKAGES:
        add = game_commands(slug)
        if add is None:
            continue
        title = game_package(slug).GAME.info.title
        game = commands.add_parser(slug, help=f"{title}: its own commands (kings {slug} --help)")
        add(game.add_subparsers(dest="game_command", required=True, metavar="COMMAND"))
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


def main(argv: Sequence[str] | None = None, *, make_client: ClientFactory = RefereeClient) -> int:
    args = parser().parse_args(argv)
    if args.command == "serve":
        return serve(args.host, args.port)
    client = make_client(args.url, timeout=args.timeout)
    try:
        result = args.run(args, client)
    except RefereeUnavailable as error:
        print(f"kings: {error}", file=sys.stderr)
        return 2
    except RefereeError as error:
        print(f"kings: the referee refused the request\n{error}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as error:  # a file that is missing or not JSON, a castle that is not one
        print(f"kings: cannot read the input: {error}", file=sys.stderr)
        return 2
    print(render(result, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())

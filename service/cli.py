"""``kings``: the referee from a terminal (also ``python -m service.cli``).

Talks to a running service (``--url``, default http://127.0.0.1:8000) and says
plainly when nothing answers there. Readable text by default, JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from service.client import DEFAULT_URL, RefereeClient, RefereeError, RefereeUnavailable
from service.games.kings.castles import parse_castle

ROOT = Path(__file__).resolve().parents[1]


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
    lines = [f"Castle values: {result['castle_values']}", f"Best score: {best['score']}", *_split_text(best),
             f"Valid HAND! call: {'yes' if result['valid_call'] else 'no'}"]
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


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="kings", description="The 24 Kings referee from a terminal.")
    top.add_argument("--url", default=os.environ.get("KINGS_URL", DEFAULT_URL), help="where the service answers (default %(default)s)")
    top.add_argument("--json", action="store_true", help="print the service's JSON instead of text")
    top.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for an answer")
    commands = top.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the service with gunicorn (as `make run`)")
    serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    score = commands.add_parser("score", help="The Calculus of a table given as a JSON file (the /calculus body)")
    score.add_argument("table", type=Path)
    hands = commands.add_parser("hands", help="what a set of cards holds")
    hands.add_argument("cards", help="cards separated by spaces, e.g. 'QH JH 10H 9H 8H 7H 3S'")
    hands.add_argument("--castles", required=True, help="four castles, North first: 5H,9C+KC,4D,10S")
    hands.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="e.g. hands=quick or subjects_count=true")
    standings = commands.add_parser("standings", help="tournament standings from a CSV or XLSX file")
    standings.add_argument("results", type=Path)
    standings.add_argument("-o", "--output", type=Path, help="write the standings to a .csv or .xlsx file")
    standings.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="rules for rows with cards")
    game = commands.add_parser("new-game", help="shuffle, Castle Phase and deal")
    game.add_argument("--players", required=True, help="names in seat order, e.g. ann,bob,cy")
    game.add_argument("--seed", type=int)
    game.add_argument("-o", "--output", type=Path, help="also write the whole answer (state included) to this JSON file")
    return top


def run(args: argparse.Namespace, client: RefereeClient) -> str | dict[str, Any]:
    if args.command == "score":
        table = json.loads(args.table.read_text(encoding="utf-8"))
        return client.calculus(table.get("castles", []), table.get("players", []), rules=table.get("rules"), caller=table.get("caller"))
    if args.command == "hands":
        return client.hands(_castles(args.castles), args.cards.replace(",", " ").split(), _rules(args.rule))
    if args.command == "standings":
        result = client.standings(args.results, rules=_rules(args.rule))
        if args.output:
            kind = "xlsx" if args.output.suffix.lower() == ".xlsx" else "csv"
            args.output.write_bytes(client.standings(args.results, answer=kind, rules=_rules(args.rule)))
        return dict(result)
    result = client.new_game([name.strip() for name in args.players.split(",")], seed=args.seed)
    if args.output:
        args.output.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return dict(result)


SHOW = {"score": show_calculus, "hands": show_hands, "standings": show_standings, "new-game": show_new_game}


def serve(port: int) -> int:
    """Replace this process with gunicorn on the project's config."""
    os.environ["PORT"] = str(port)
    os.chdir(ROOT)
    os.execvp(sys.executable, [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py")])
    return 0  # pragma: no cover - execvp does not return


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "serve":
        return serve(args.port)
    client = RefereeClient(args.url, timeout=args.timeout)
    try:
        result = run(args, client)
    except RefereeUnavailable as error:
        print(f"kings: {error}", file=sys.stderr)
        return 2
    except RefereeError as error:
        print(f"kings: the referee refused the request\n{error}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as error:  # a file that is missing or not JSON, a castle that is not one
        print(f"kings: cannot read the input: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=1) if args.json else SHOW[args.command](result))  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())

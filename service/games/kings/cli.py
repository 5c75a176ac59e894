"""``kings hands|score|standings|new-game|next-game``: 24 Kings from a terminal (also ``kings 24-kings ...``).

24 Kings is the flagship: these commands stand at the top level as well as
under its URL name. The shared referee commands (check, legal, validate,
apply, view) come from :mod:`service.cli`, as for every game.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from service.cli import STATE_HELP, read_bytes, read_object, state_of, write_json
from service.client import RefereeClient

from .castles import parse_castle


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


def score(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    table = read_object(args.table)
    return client.calculus(table.get("castles", []), table.get("players", []), rules=table.get("rules"), caller=table.get("caller"))


def hands(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.hands(_castles(args.castles), args.cards.replace(",", " ").split(), _rules(args.rule))


def standings(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    sheet = read_bytes(args.results)  # read once: standard input cannot be read twice
    result = client.standings(sheet, rules=_rules(args.rule))
    if args.output:
        kind = "xlsx" if args.output.suffix.lower() == ".xlsx" else "csv"
        args.output.write_bytes(client.standings(sheet, answer=kind, rules=_rules(args.rule)))
    return dict(result)


def new_game(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    result = client.new_game([name.strip() for name in args.players.split(",")], seed=args.seed)
    if args.output:
        write_json(args.output, result)
    return result


def next_game(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    result = client.next_game(state_of(read_object(args.state)))
    if args.output:
        write_json(args.output, result)
    return result


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """24 Kings' own commands."""
    parser = commands.add_parser("score", help="The Calculus of a table given as a JSON file (the /calculus body)")
    parser.add_argument("table", help="a JSON file, or - for standard input")
    parser.set_defaults(run=score, show=show_calculus)
    parser = commands.add_parser("hands", help="what a set of cards holds")
    parser.add_argument("cards", help="cards separated by spaces, e.g. 'QH JH 10H 9H 8H 7H 3S'")
    parser.add_argument("--castles", required=True, help="four castles, North first: 5H,9C+KC,4D,10S")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="e.g. hands=quick or subjects_count=true")
    parser.set_defaults(run=hands, show=show_hands)
    parser = commands.add_parser("standings", help="tournament standings from a CSV or XLSX file")
    parser.add_argument("results", help="a .csv or .xlsx file, or - for standard input (CSV or XLSX)")
    parser.add_argument("-o", "--output", type=Path, help="write the standings to a .csv or .xlsx file")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="rules for rows with cards")
    parser.set_defaults(run=standings, show=show_standings)
    parser = commands.add_parser("new-game", help="shuffle, Castle Phase and deal")
    parser.add_argument("--players", required=True, help="names in seat order, e.g. ann,bob,cy")
    parser.add_argument("--seed", type=int)
    parser.add_argument("-o", "--output", type=Path, help="also write the whole answer (state included) to this JSON file")
    parser.set_defaults(run=new_game, show=show_new_game)
    parser = commands.add_parser("next-game", help="the next game of a match, from a finished one (POST /v1/24-kings/games/next)")
    parser.add_argument("state", help=STATE_HELP)
    parser.add_argument("-o", "--output", type=Path, help="also write the whole answer (state included) to this JSON file")
    parser.set_defaults(run=next_game, show=show_new_game)

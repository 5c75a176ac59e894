"""``kings hands|score|new-game|next-game``: 24 Kings from a terminal (also ``kings 24-kings ...``).

24 Kings is the flagship: these commands stand at the top level as well as
under its URL name. The shared referee commands (check, legal, validate,
apply, view, standings) come from :mod:`service.cli`, as for every game, and
every call goes through the one client (card_referee_client).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from service.cli import STATE_HELP, add_new_game_command, read_object, state_of, write_answer

from .castles import parse_castle

if TYPE_CHECKING:
    from card_referee_client import RefereeClient


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


def new_game_body(args: argparse.Namespace, players: list[str]) -> dict[str, Any]:
    return {"players": players, "rules": _rules(args.rule)}


def next_game(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return write_answer(args, client.next_game(state_of(read_object(args.state))))


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
    parser = add_new_game_command(commands, new_game_body, show=show_new_game, help_text="shuffle, Castle Phase and deal")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="the game's rules, e.g. hands=quick")
    parser = commands.add_parser("next-game", help="the next game of a match, from a finished one: the next dealer's deal move")
    parser.add_argument("state", help=STATE_HELP)
    parser.add_argument("-o", "--output", type=Path, help="also write the whole answer (state included) to this JSON file")
    parser.set_defaults(run=next_game, show=show_new_game)

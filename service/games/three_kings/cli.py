"""``kings three-kings ...``: deal, find sets, score piles, list and make moves from a terminal.

Every call goes through the one client (card_referee_client); what is here reads the commands' arguments and
renders the answers as text.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from service.cli import add_new_game_command, rules_field

from .rules import SCORINGS

if TYPE_CHECKING:
    from card_referee_client import RefereeClient


def _cards(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _pile(text: str) -> tuple[str, list[str]]:
    name, _, cards = text.partition("=")
    if not name.strip():
        raise ValueError(f"a pile is NAME=CARDS, e.g. 'ann=6 5 J', not {text!r}")
    return name.strip(), _cards(cards)


def show_new_game(answer: dict[str, Any]) -> str:
    state = answer["state"]
    lines = [
        f"Seed {state['seed']}; scoring {state['rules']['scoring']}{', played out' if state['rules']['play_it_out'] else ''}.",
        f"Table: {' '.join(state['table'])}",
    ]
    lines += [f"  {player['name']}: {' '.join(player['hand']['cards'])}" for player in state["players"]]
    lines.append(f"{state['players'][state['to_act']]['name']} draws first.")
    return "\n".join(lines)


def show_sets(answer: dict[str, Any]) -> str:
    lines = [f"  {found['hand_card']} with {' '.join(found['table_cards'])}: {found['sum']}" for found in answer["sets"]] or ["  no set"]
    lines.append(f"take a King: {'yes' if answer['can_take_king'] else 'no'}; discard: {'yes' if answer['may_discard'] else 'no'}")
    return "\n".join(lines)


def show_score(answer: dict[str, Any]) -> str:
    scores = answer["scores"]
    lines = [f"  {name}: {points}" for name, points in scores.items()] if scores is not None else ["  (method 1: no points)"]
    lines.append(f"winners: {', '.join(answer['winners']) or 'nobody'}")
    return "\n".join(lines)


def new_game_body(args: argparse.Namespace, players: list[str]) -> dict[str, Any]:
    variant = {"scoring": args.scoring, "play_it_out": args.play_it_out}
    return {"players": players, rules_field("post_v1_three_kings_games"): variant}


def sets(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    answer: dict[str, Any] = client.game("three-kings").invoke("sets", {"hand": _cards(args.hand), "table": _cards(args.table), "players": args.players})
    return answer


def score(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    body = {"method": args.method, "piles": dict(_pile(text) for text in args.pile), "three_kings": args.three_kings}
    answer: dict[str, Any] = client.game("three-kings").invoke("score", body)
    return answer


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    game = add_new_game_command(commands, new_game_body, show=show_new_game, help_text="a seeded deal")
    game.add_argument("--scoring", choices=SCORINGS, default="three_kings_wins")
    game.add_argument("--play-it-out", action="store_true", help="three Kings do not end the game (bonus or penalty)")
    found = commands.add_parser("sets", help="the sets a hand makes with the table")
    found.add_argument("hand", help="cards by rank, e.g. '6 K 2 9'")
    found.add_argument("--table", required=True, help="the table's cards, e.g. '5 J 3 K'")
    found.add_argument("--players", type=int, default=2, help="the pack's size (default 2)")
    found.set_defaults(run=sets, show=show_sets)
    scored = commands.add_parser("score", help="score finished piles by a method")
    scored.add_argument("--method", choices=SCORINGS, default="bonus")
    scored.add_argument("--pile", action="append", default=[], required=True, metavar="NAME=CARDS", help="e.g. 'ann=6 5 J'; once per player")
    scored.add_argument("--three-kings", help="who got three Kings")
    scored.set_defaults(run=score, show=show_score)

"""``kings three-kings ...``: deal, find sets, score piles, list and make moves from a terminal."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from service.cli import MOVE_HELP, STATE_HELP, move_of, read_object, state_of, write_json
from service.client import RefereeClient

from .client import ThreeKingsClient
from .rules import SCORINGS


def _cards(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _pile(text: str) -> tuple[str, list[str]]:
    name, _, cards = text.partition("=")
    if not name.strip():
        raise ValueError(f"a pile is NAME=CARDS, e.g. 'ann=6 5 J', not {text!r}")
    return name.strip(), _cards(cards)


def new_game(args: argparse.Namespace, client: RefereeClient) -> str | dict[str, Any]:
    answer = ThreeKingsClient(client).new_game(_names(args.players), seed=args.seed, scoring=args.scoring, play_it_out=args.play_it_out)
    if args.output:
        write_json(args.output, answer)
    state = answer["state"]
    lines = [
        f"Seed {state['seed']}; scoring {state['rules']['scoring']}{', played out' if state['rules']['play_it_out'] else ''}.",
        f"Table: {' '.join(state['table'])}",
    ]
    lines += [f"  {player['name']}: {' '.join(player['hand']['cards'])}" for player in state["players"]]
    lines.append(f"{state['players'][state['to_act']]['name']} draws first.")
    return "\n".join(lines)


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",")]


def sets(args: argparse.Namespace, client: RefereeClient) -> str | dict[str, Any]:
    answer = ThreeKingsClient(client).sets(_cards(args.hand), _cards(args.table), players=args.players)
    lines = [f"  {found['hand_card']} with {' '.join(found['table_cards'])}: {found['sum']}" for found in answer["sets"]] or ["  no set"]
    lines.append(f"take a King: {'yes' if answer['can_take_king'] else 'no'}; discard: {'yes' if answer['may_discard'] else 'no'}")
    return "\n".join(lines)


def score(args: argparse.Namespace, client: RefereeClient) -> str | dict[str, Any]:
    answer = ThreeKingsClient(client).score(args.method, dict(_pile(text) for text in args.pile), args.three_kings)
    scores = answer["scores"]
    lines = [f"  {name}: {points}" for name, points in scores.items()] if scores is not None else ["  (method 1: no points)"]
    lines.append(f"winners: {', '.join(answer['winners']) or 'nobody'}")
    return "\n".join(lines)


def legal(args: argparse.Namespace, client: RefereeClient) -> str | dict[str, Any]:
    answer = ThreeKingsClient(client).legal_moves(state_of(read_object(args.state)))
    others = [f"  out of turn: {json.dumps(move)}" for move in answer.get("open", [])]  # a show of three Kings (rules.md §10.4)
    return "\n".join([f"{answer['player']} ({answer['phase']}):"] + [f"  {json.dumps(move)}" for move in answer["moves"]] + others)


def apply(args: argparse.Namespace, client: RefereeClient) -> str | dict[str, Any]:
    data = read_object(args.state)
    answer = ThreeKingsClient(client).apply(state_of(data), move_of(args.move, data))
    if args.output:
        write_json(args.output, answer)
    return "\n".join(json.dumps(event) for event in answer["events"])


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    game = commands.add_parser("new-game", help="a seeded deal")
    game.add_argument("--players", required=True, help="names clockwise, e.g. ann,bob")
    game.add_argument("--seed", type=int)
    game.add_argument("--scoring", choices=SCORINGS, default="three_kings_wins")
    game.add_argument("--play-it-out", action="store_true", help="three Kings do not end the game (bonus or penalty)")
    game.add_argument("-o", "--output", type=Path, help="also write the whole answer (state included) to this JSON file")
    game.set_defaults(run=new_game)
    found = commands.add_parser("sets", help="the sets a hand makes with the table")
    found.add_argument("hand", help="cards by rank, e.g. '6 K 2 9'")
    found.add_argument("--table", required=True, help="the table's cards, e.g. '5 J 3 K'")
    found.add_argument("--players", type=int, default=2, help="the pack's size (default 2)")
    found.set_defaults(run=sets)
    scored = commands.add_parser("score", help="score finished piles by a method")
    scored.add_argument("--method", choices=SCORINGS, default="bonus")
    scored.add_argument("--pile", action="append", default=[], required=True, metavar="NAME=CARDS", help="e.g. 'ann=6 5 J'; once per player")
    scored.add_argument("--three-kings", help="who got three Kings")
    scored.set_defaults(run=score)
    listed = commands.add_parser("legal", help="the legal moves of a state (a JSON file: a state, or an answer holding one)")
    listed.add_argument("state", help=STATE_HELP)
    listed.set_defaults(run=legal)
    made = commands.add_parser("apply", help="make a move on a state file")
    made.add_argument("state", help=STATE_HELP)
    made.add_argument("move", nargs="?", help=MOVE_HELP + ', e.g. \'{"player": "ann", "action": "draw"}\'')
    made.add_argument("-o", "--output", type=Path, help="write the answer (the state after) to this JSON file")
    made.set_defaults(run=apply)

"""The commands a game package brings to ``kings``, as the contract says: ``add_commands(commands)``."""

from __future__ import annotations

import argparse
from typing import Any

from card_referee_client import RefereeClient


def solve(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return client.call("POST", "/v1/fake-game/solve", {"cards": args.cards})


def hello(args: argparse.Namespace, client: RefereeClient) -> str:
    return f"hello {args.name}"


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("solve", help="solve some cards")
    parser.add_argument("cards", nargs="+")
    parser.set_defaults(run=solve)
    parser = commands.add_parser("hello", help="text, no service")
    parser.add_argument("name")
    parser.set_defaults(run=hello)

"""``kings twenty-four solve 2 4 10 10``, ``judge``, ``target``: Twenty-Four from a terminal."""

from __future__ import annotations

import argparse
from typing import Any

from service.client import RefereeClient

from .client import TwentyFourClient


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    solve = commands.add_parser("solve", help="every distinct way to make the target from four cards or numbers")
    solve.add_argument("table", nargs=4, help="four numbers (1-13) or cards (7H, AS, KD)")
    solve.add_argument("--target", type=int, default=24)
    solve.add_argument("--face-cards", action="store_true", help="Jacks, Queens and Kings count 11, 12, 13")
    solve.add_argument("--ascii", action="store_true", help="write - * / instead of − × ÷")
    solve.set_defaults(run=run_solve)

    judge = commands.add_parser("judge", help="judge a claimed expression against four cards or numbers")
    judge.add_argument("expression", help='e.g. "(2 + 4 / 10) * 10"')
    judge.add_argument("table", nargs=4, help="four numbers (1-13) or cards")
    judge.add_argument("--target", type=int, default=24)
    judge.add_argument("--face-cards", action="store_true")
    judge.set_defaults(run=run_judge)

    target = commands.add_parser("target", help="the dynamic target set by eight cards")
    target.add_argument("cards", nargs=8)
    target.add_argument("--face-cards", action="store_true")
    target.set_defaults(run=run_target)


def _table(items: list[str]) -> list[int | str]:
    return [int(item) if item.isdigit() else item for item in items]


def run_solve(args: argparse.Namespace, client: RefereeClient) -> str:
    answer = TwentyFourClient(client).solve(_table(args.table), target=args.target, face_cards=args.face_cards, notation="ascii" if args.ascii else "unicode")
    values = " ".join(map(str, answer["values"]))
    if not answer["solvable"]:
        return f"{values} cannot make {answer['target']}."
    lines = [f"{values} make {answer['target']} in {answer['count']} distinct way{'s' if answer['count'] != 1 else ''}:"]
    return "\n".join(lines + [f"  {solution}" for solution in answer["solutions"]])


def run_judge(args: argparse.Namespace, client: RefereeClient) -> str:
    answer = TwentyFourClient(client).judge(_table(args.table), args.expression, target=args.target, face_cards=args.face_cards)
    return show_judgement(answer, args.expression)


def show_judgement(answer: dict[str, Any], expression: str) -> str:
    """The verdict, with a caret under the place each reason points at."""
    if answer["correct"]:
        return f"Correct: {expression} = {answer['value']}"
    makes = f" (it makes {answer['value']})" if answer["value"] is not None else ""
    lines = [f"Wrong{makes}:", f"  {expression}"]
    lines += [f"  {' ' * reason['at']}^ {reason['code']} (§{reason['rule']}): {reason['message']}" for reason in answer["reasons"]]
    return "\n".join(lines)


def run_target(args: argparse.Namespace, client: RefereeClient) -> str:
    answer = TwentyFourClient(client).target(args.cards, face_cards=args.face_cards)
    return (
        f"Removed high: {' '.join(answer['removed_high'])}; removed low: {' '.join(answer['removed_low'])}; "
        f"summed: {' '.join(answer['summed'])} = {answer['target']}"
    )

"""The TypeScript side: openapi-typescript's types (default settings) of openapi.yaml, calls through openapi-fetch
written out as a TypeScript team would write them (every conformance case with its request and its answer as typed
literals, one whole game of every game), type-checked with tsc, then run by node in one process.

The committed project (ts/: package.json, package-lock.json, tsconfig.json, main.ts) is copied into a build
directory beside the generated schema.d.ts, cases.ts and plays.ts; node_modules (``npm ci``) stays in ts/,
git-ignored, and is linked in.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .plays import CLAIM, MOST_MOVES, NEW_GAMES, STRIDE

TS_PROJECT = Path(__file__).resolve().parent / "ts"
COMMITTED = ("package.json", "package-lock.json", "tsconfig.json", "main.ts")

PREAMBLE = """// Written by tests/generated_clients/typescript.py for one run; type-checked by tsc.
import type { paths } from "./schema.js";
import type { Client } from "./main.js";

type JsonOf<R> = R extends { content: { "application/json": infer T } }
  ? T
  : R extends { content: { "application/problem+json": infer T } }
    ? T
    : never;
// The JSON a client may expect of an operation at a status: the status's own response, else the default one.
type AnswerOf<O, S extends number> = O extends { responses: infer Rs }
  ? S extends keyof Rs
    ? JsonOf<Rs[S]>
    : "default" extends keyof Rs
      ? JsonOf<Rs["default"]>
      : never
  : never;
"""

PLAY_HELPERS = f"""
export type Played = {{ moves: unknown[]; state: unknown }};
const STRIDE = {STRIDE};
const MOST_MOVES = {MOST_MOVES};

// tests/generated_clients/plays.py's policy: the move at index step * STRIDE among those listed; a template's fill
// dropped and its expression given ({CLAIM!r}: a wrong claim is still legal in Twenty-Four).
function chosen<T>(listed: T[], step: number): T {{
  const move = listed[(step * STRIDE) % listed.length] as T & {{ fill?: Record<string, unknown> }};
  if (move.fill === undefined) return move;
  const {{ fill, ...rest }} = move;
  if (Object.keys(fill).join() !== "expression") throw new Error(`cannot fill ${{Object.keys(fill)}}`);
  return {{ ...rest, expression: {json.dumps(CLAIM)} }} as T;
}}

function failed(path: string, answer: {{ response: Response; error?: unknown }}): Error {{
  return new Error(`${{path}}: ${{answer.response.status}} ${{JSON.stringify(answer.error)}}`);
}}
"""

PLAY = """
async function play_{ident}(client: Client): Promise<Played> {{
  const moves: unknown[] = [];
  const started = await client.POST("/v1/{slug}/games", {{ body: {new_game} }});
  if (started.data === undefined) throw failed("/games", started);
  let state = started.data.state;
  for (let step = 0; step <= MOST_MOVES; step++) {{
    const legal = await client.POST("/v1/{slug}/moves/legal", {{ body: {{ state }} }});
    if (legal.data === undefined) throw failed("/moves/legal", legal);
    if (legal.data.moves.length === 0 || legal.data.phase === "over") return {{ moves, state }};  // over, a match may list its next deal
    const move = chosen(legal.data.moves, step);
    moves.push(move);
    const applied = await client.POST("/v1/{slug}/moves/apply", {{ body: {{ state, move }} }});
    if (applied.data === undefined) throw failed("/moves/apply", applied);
    state = applied.data.state;
  }}
  throw new Error("{slug}: the game did not end within " + MOST_MOVES + " moves");
}}
"""


@dataclass
class Build:
    """A built TypeScript project: tsc's diagnostics by test id (a case's id or a game's slug), and its directory."""

    directory: Path
    diagnostics: dict[str, list[str]] = field(default_factory=dict)
    unplaced: list[str] = field(default_factory=list)  # diagnostics outside every case and game: a broken harness


def literal(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def ident(slug: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", slug.lower())


def write_cases(path: Path, cases: list[tuple[str, dict[str, Any], dict[str, Any]]]) -> dict[str, range]:
    """cases.ts: (id, case, answer) as typed calls; the lines of each case, for tsc's diagnostics."""
    lines = [*PREAMBLE.splitlines(), "", "type Answer = { data?: unknown; error?: unknown; response: Response };"]
    lines.append("export const cases: Record<string, (client: Client) => Promise<Answer>> = {")
    spans = {}
    for case_id, case, answer in cases:
        method, route = case["method"], case["path"]
        start = len(lines) + 1
        lines.append(f"  {literal(case_id)}: async (client) => {{")
        lines.append(f'    const expected: AnswerOf<paths[{literal(route)}]["{method.lower()}"], {answer["status"]}> = {literal(answer["body"])};')
        lines.append("    void expected;")
        options = f"{{ body: {literal(case['body'])} }}" if case["body"] is not None else ""
        lines.append(f"    return client.{method.upper()}({literal(route)}{', ' + options if options else ''});")
        lines.append("  },")
        spans[case_id] = range(start, len(lines) + 1)
    lines += ["};", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return spans


def write_plays(path: Path) -> dict[str, range]:
    lines = [*PREAMBLE.splitlines(), *PLAY_HELPERS.splitlines()]
    spans = {}
    for slug, new_game in NEW_GAMES.items():
        start = len(lines) + 1
        lines += PLAY.format(ident=ident(slug), slug=slug, new_game=literal(new_game)).splitlines()
        spans[slug] = range(start, len(lines) + 1)
    entries = ", ".join(f"{literal(slug)}: play_{ident(slug)}" for slug in NEW_GAMES)
    lines += ["", f"export const plays: Record<string, (client: Client) => Promise<Played>> = {{ {entries} }};", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return spans


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def install(node: str, npm: str) -> None:
    """``npm ci`` into ts/node_modules, again only when package-lock.json changed."""
    stamp = TS_PROJECT / "node_modules" / ".installed-from"
    wanted = hashlib.sha256((TS_PROJECT / "package-lock.json").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    done = run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], TS_PROJECT)
    if done.returncode:
        raise RuntimeError(f"npm ci failed: {done.stdout[-3000:]}{done.stderr[-3000:]}")
    stamp.write_text(wanted)


def build(directory: Path, spec: Path, node: str, cases: list[tuple[str, dict[str, Any], dict[str, Any]]]) -> Build:
    """Generate the types, write the calls, type-check and compile them (tsc emits despite type errors)."""
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    for name in COMMITTED:
        shutil.copyfile(TS_PROJECT / name, directory / name)
    (directory / "node_modules").symlink_to(TS_PROJECT / "node_modules", target_is_directory=True)
    bin_dir = TS_PROJECT / "node_modules"
    done = run([node, str(bin_dir / "openapi-typescript" / "bin" / "cli.js"), str(spec), "-o", str(directory / "schema.d.ts")], directory)
    if done.returncode:
        raise RuntimeError(f"openapi-typescript failed: {done.stdout[-3000:]}{done.stderr[-3000:]}")
    spans = {"cases.ts": write_cases(directory / "cases.ts", cases), "plays.ts": write_plays(directory / "plays.ts")}
    checked = run([node, str(bin_dir / "typescript" / "bin" / "tsc"), "-p", ".", "--pretty", "false"], directory)
    result = Build(directory)
    found: dict[str, list[str]] = defaultdict(list)
    for message in re.split(r"\n(?=\S)", checked.stdout.strip()):
        where = re.match(r"(\w+\.ts)\((\d+),\d+\): ", message)
        owner = None
        if where and where.group(1) in spans:
            owner = next((key for key, lines in spans[where.group(1)].items() if int(where.group(2)) in lines), None)
        if owner is not None:
            found[owner].append(message)
        elif message:
            result.unplaced.append(message)
    result.diagnostics = dict(found)
    if not (directory / "dist" / "main.js").exists():
        raise RuntimeError(f"tsc emitted nothing: {checked.stdout[-3000:]}{checked.stderr[-3000:]}")
    return result

"""`make bench-http`: wrk against the project's own gunicorn and against a plain Flask floor, in the same run.

Starts two servers with the packaged settings (``-c python:service.serving``: sync
workers, WEB_CONCURRENCY=2 unless set, the same hooks, recycling and limits): the
service, and a plain Flask hello-world app (benchmarks/floor_app.py), the floor.
Each run measures the floor first, then every endpoint, and reads each endpoint's
req/s as a ratio to the floor's of that run; the service's own ``/healthz`` is one
more row. The rows are the goals of issue 25: /healthz, /calculus (6 players, end
of game, a caller), /hands (one of 2,000 random 7-card holdings per request, so no
cache holds the workload), /solve (one of 500 random sets of four values), and
/moves/legal on a mid-game state of each of the five games; beside them, ``flask-floor-post``: the
floor app answering 24 Kings' mid-game /moves/legal body with itself as JSON (no goal: what a POST of
that size costs plain Flask). Reports req/s, p50,
p99, p99/p50 and the ratio with its range over the runs, and the workers' CPU per
request (whose ratio to the floor's holds still when other jobs share the cores).

    python -m benchmarks.http_bench [--runs 5] [--duration 8] [--connections 16] [--only hands-7,twenty-four-solve] [--json results.json]

``--only`` measures a subset (the floor always runs: every ratio is to it); ``calculus-6p`` and
``moves-apply`` can be named there too. Until issue 25 the floor was the service's own ``/healthz``:
a cost every request pays (recycled workers, logging, request ids) landed on both sides of the
ratio and vanished; BENCHMARKS.md keeps those figures as history.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from benchmarks.bodies import VARIED_HOLDINGS, bodies, varied_hands_bodies

ROOT = Path(__file__).resolve().parents[1]
FLOOR = "flask-floor"
# Plain Flask answering a POST: 24 Kings' mid-game /moves/legal body parsed and written back as JSON (benchmarks/floor_app.py's
# /echo). No goal: it shows how much of a /moves/legal goal a POST of that size takes before any referee work.
FLOOR_POST = "flask-floor-post"
FLOOR_ROWS = (FLOOR, FLOOR_POST)  # the rows the floor's server answers
# Issue 25's goals: req/s as a ratio to the plain Flask floor of the same run (medians of >= 5 runs).
GOALS = {
    "healthz": 0.9,
    "calculus-end": 0.6,
    "hands-7": 0.7,
    "twenty-four-solve": 0.7,
    **{f"legal-{slug}": 0.5 for slug in ("24-kings", "twenty-four", "three-kings", "1923", "twenty-four-1718")},
}
EXTRA = ("calculus-6p", "moves-apply")  # measured only when named in --only
P99_OVER_P50 = 2.0  # the tail goal, for every endpoint
FLOOR_APP = "benchmarks.floor_app:app"
# Where each game's mid-game state starts (an example of its documentation) and how many random moves it walks.
MID_GAME_WALK = {
    "24-kings": ("state", 11),
    "twenty-four": ("state", 10),
    "three-kings": ("new_game_response", 15),
    "1923": ("state", 10),
    "twenty-four-1718": ("state", 20),
}
UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_env() -> dict[str, str]:
    """The benchmarked servers' environment: two workers unless set, the shipped settings otherwise."""
    return {**os.environ, "PYTHONPATH": str(ROOT), "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "2")}


def select(targets: dict[str, Any], only: str | None) -> dict[str, Any]:
    """The floor and the targets named in ``only`` (comma-separated), in the benchmark's order; without it, all but ``EXTRA``."""
    if not only:
        return {name: target for name, target in targets.items() if name not in EXTRA}
    wanted = {name.strip() for name in only.split(",") if name.strip()}
    unknown = wanted - set(targets)
    if unknown:
        raise SystemExit(f"--only: unknown {', '.join(sorted(unknown))}; the targets are {', '.join(targets)}")
    return {name: target for name, target in targets.items() if name == FLOOR or name in wanted}


def ratio(numerator: float, denominator: float) -> float | None:
    """A ratio of two measures, or None when either is missing or nothing (no requests, no CPU seen)."""
    if not (math.isfinite(numerator) and math.isfinite(denominator)) or numerator <= 0 or denominator <= 0:
        return None
    return numerator / denominator


def shown(value: float | None, width: int, digits: int = 2) -> str:
    return f"{'-':>{width}}" if value is None or not math.isfinite(value) else f"{value:>{width}.{digits}f}"


def start_gunicorn(port: int, log: Path, app: str | None = None, probe: str = "/healthz") -> subprocess.Popen[bytes]:
    """gunicorn with the packaged settings on a loopback port, serving the service (or ``app``), once ``probe`` answers."""
    env = server_env()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:service.serving", "--bind", f"127.0.0.1:{port}", *([app] if app else [])],
        cwd=ROOT,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{probe}", timeout=1)
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"gunicorn did not start; see {log}")


def varied_solve_bodies(count: int = 500) -> list[dict[str, Any]]:
    """Twenty-Four's /solve on ``count`` random sets of four values 1-13 for 24, one drawn per request (no answer cached)."""
    rng = random.Random(24)
    return [{"values": [rng.randint(1, 13) for _ in range(4)], "target": 24, "face_cards": True} for _ in range(count)]  # 11-13 are face cards


def mid_game_bodies() -> dict[str, tuple[str, dict[str, Any]]]:
    """``legal-<slug>`` → /moves/legal on a mid-game state of each game: a documented example state walked
    on by random legal moves (fixed seed) through the engine's own protocol, stopping short of the end."""
    from service.http.referee import game_web

    targets = {}
    for slug, (example, steps) in MID_GAME_WALK.items():
        web = game_web(slug)
        start = web.examples()[example]
        state = web.game.read_state(start["state"] if example != "state" else start)
        rng = random.Random(25)
        for _ in range(steps):
            ready = [move.to_dict() for move in web.game.legal_moves(state)]
            ready = [move for move in ready if "fill" not in move.get("move", move)]  # a template waits for a player's entry
            if not ready:
                break
            chosen = rng.choice(ready)
            following = web.game.apply(state, web.game.read_move(chosen.get("move", chosen))).state
            if web.game.is_terminal(following):
                break
            state = following
        targets[f"legal-{slug}"] = (f"/v1/{slug}/moves/legal", {"state": state.to_dict()})
    return targets


def lua_script(directory: Path, name: str, body: dict[str, Any] | list[dict[str, Any]] | None) -> Path:
    """wrk's script: a GET, a POST of one body, or a POST of a body drawn at random from a list for each request.

    The list's requests are formatted once per wrk thread, in ``init``: formatting one for each
    request cost wrk ≈ 5 µs of the two cores the server also runs on.
    """
    script = directory / f"{name}.lua"
    if body is None:
        script.write_text('wrk.method = "GET"\n')
    elif isinstance(body, list):
        texts = ", ".join(json.dumps(json.dumps(item)) for item in body)
        script.write_text(
            f'bodies = {{{texts}}}\nheaders = {{["Content-Type"] = "application/json"}}\n'
            "requests = {}\nfunction init(args)\n"
            '  for i, body in ipairs(bodies) do requests[i] = wrk.format("POST", nil, headers, body) end\nend\n'
            "function request() return requests[math.random(#requests)] end\n"
        )
    else:
        script.write_text(f'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = {json.dumps(json.dumps(body))}\n')
    return script


def to_ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()  # type: ignore[union-attr]
    return float(number) * UNITS[unit]


def workers_cpu_seconds(master: int) -> float:
    """CPU time (user + system) the server's workers have used so far."""
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True, check=False).stdout.split()
    ticks = 0
    for pid in children:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # a worker that has just exited
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return ticks / os.sysconf("SC_CLK_TCK")


def run_wrk(url: str, script: Path, duration: int, connections: int, master: int) -> dict[str, float]:
    """wrk's figures, and the CPU the workers spent per request: a cost that other jobs on the machine barely move."""
    cpu_before = workers_cpu_seconds(master)
    output = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", "-s", str(script), url], capture_output=True, text=True, check=True
    ).stdout
    cpu = workers_cpu_seconds(master) - cpu_before
    served = int(re.search(r"(\d+) requests in", output).group(1))  # type: ignore[union-attr]
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)\s*$", output, re.MULTILINE))
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),  # type: ignore[union-attr]
        "p50_ms": to_ms(latency["50"]) if "50" in latency else math.nan,  # wrk prints no distribution when nothing was served
        "p99_ms": to_ms(latency["99"]) if "99" in latency else math.nan,
        "errors": float(sum(int(n) for n in errors.groups())) if errors else 0.0,
        "non_2xx": float(non_2xx.group(1)) if non_2xx else 0.0,
        # A worker that exited mid-run took its CPU along: no figure rather than a wrong one.
        "cpu_us": cpu / served * 1e6 if served and cpu > 0 else math.nan,
    }


def report_line(name: str, figures: list[dict[str, float]]) -> str:
    """One endpoint's medians over the runs; a figure no run measured (no request served, no CPU seen) shows as '-'."""

    def median(key: str) -> float | None:
        values = [run[key] for run in figures if math.isfinite(run[key])]
        return statistics.median(values) if values else None

    ratios = [run["ratio"] for run in figures if math.isfinite(run["ratio"])]
    spread = f"{min(ratios):.2f}-{max(ratios):.2f}" if ratios else "-"
    middle, goal = median("ratio"), GOALS.get(name)
    p50, p99 = median("p50_ms"), median("p99_ms")
    tail = ratio(p99 or 0.0, p50 or 0.0)
    missed = [
        what for what, short in (("ratio", goal is not None and (middle is None or middle < goal)), ("p99/p50", tail is None or tail > P99_OVER_P50)) if short
    ]
    verdict = "" if name in FLOOR_ROWS else ("MISSED " + ", ".join(missed) if missed else "met")
    return (
        f"{name:<24}{shown(median('rps'), 9, 0)}{shown(p50, 9)}{shown(p99, 9)}{shown(tail, 9)}"
        f"{shown(middle, 8)}{spread:>12}{shown(goal, 7)}{shown(median('cpu_us'), 8, 0)}{shown(median('cpu_ratio'), 10)}"
        f"  {shown(median('errors'), 0, 0)} {shown(median('non_2xx'), 0, 0)} {verdict}"
    ).rstrip()


def all_targets() -> dict[str, tuple[str, Any]]:
    """Every row, the floor first: name → (path, body: None for a GET, a list to draw one from per request).

    The issue's rows run by default; ``calculus-6p`` (random cards) and ``moves-apply`` only when named in ``--only``.
    """
    main = bodies()
    middle = mid_game_bodies()
    return {
        FLOOR: ("/", None),
        FLOOR_POST: ("/echo", middle["legal-24-kings"][1]),
        "healthz": ("/healthz", None),
        "calculus-end": main["calculus-end"],
        # /hands shares progress readings between holdings: measured on varied holdings, not one it has cached whole.
        "hands-7": (main["hands-7"][0], varied_hands_bodies(VARIED_HOLDINGS)),
        "twenty-four-solve": ("/v1/twenty-four/solve", varied_solve_bodies()),
        **middle,
        **{name: main[name] for name in EXTRA},
    }


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--runs", type=int, default=5)  # a run's ratio moves by up to ±0.05: medians of 5
    options.add_argument("--duration", type=int, default=8)
    options.add_argument("--connections", type=int, default=16)
    options.add_argument("--only", help="comma-separated targets to measure besides the floor, e.g. hands-7,twenty-four-solve")
    options.add_argument("--json", type=Path, help="also write every run's figures here")
    args = options.parse_args(argv)
    if not shutil.which("wrk"):
        print("make bench-http needs wrk: install it with `apt-get install wrk` (Debian/Ubuntu) and run again.", file=sys.stderr)
        return 2
    port = free_port()
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        targets = select(all_targets(), args.only)
        scripts = {name: lua_script(directory, name, body) for name, (_, body) in targets.items()}
        server = start_gunicorn(port, directory / "gunicorn.log")
        floor_port = free_port()
        try:
            floor = start_gunicorn(floor_port, directory / "floor.log", FLOOR_APP, "/")
        except BaseException:
            server.terminate()
            raise
        runs: list[dict[str, dict[str, float]]] = []
        try:
            for number in range(1, args.runs + 1):
                run = {}
                for name, (path, _) in targets.items():
                    where, master = (floor_port, floor.pid) if name in FLOOR_ROWS else (port, server.pid)
                    run[name] = run_wrk(f"http://127.0.0.1:{where}{path}", scripts[name], args.duration, args.connections, master)
                    run[name]["ratio"] = ratio(run[name]["rps"], run[FLOOR]["rps"]) or math.nan
                    run[name]["cpu_ratio"] = ratio(run[FLOOR]["cpu_us"], run[name]["cpu_us"]) or math.nan
                runs.append(run)
                print(f"run {number}/{args.runs}: " + ", ".join(f"{n} {r['rps']:.0f}/s" for n, r in run.items()), flush=True)
                failed = [f"{n} ({r['errors']:.0f} errors, {r['non_2xx']:.0f} non-2xx)" for n, r in run.items() if r["errors"] or r["non_2xx"]]
                if failed:
                    print("  failed answers: " + ", ".join(failed), flush=True)
        finally:
            for process in (server, floor):
                process.terminate()
                process.wait(timeout=15)
    print(
        f"\nmedians of {args.runs} run(s), wrk -t2 -c{args.connections} -d{args.duration}s, "
        f"gunicorn sync workers={os.environ.get('WEB_CONCURRENCY', '2')}, {os.cpu_count()} cores"
    )
    print(f"ratio: req/s over the plain Flask floor's ({FLOOR_APP}) in the same run (the goals' measure); range: its lowest and highest run.")
    print(f"goals: the ratio at least the goal column, and p99/p50 at most {P99_OVER_P50:g}, for every endpoint.")
    print("cpu us: the workers' CPU per request; cpu ratio: the floor's over the endpoint's, which other jobs on the cores barely move.")
    print(
        f"{'endpoint':<24}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'p99/p50':>9}{'ratio':>8}{'range':>12}{'goal':>7}"
        f"{'cpu us':>8}{'cpu ratio':>10}  errors non-2xx"
    )
    for name in targets:
        print(report_line(name, [run[name] for run in runs]))
    if args.json:
        # A figure no run measured is null, not NaN (which is not JSON).
        plain = [{name: {key: value if math.isfinite(value) else None for key, value in figures.items()} for name, figures in run.items()} for run in runs]
        args.json.write_text(json.dumps(plain, indent=1, allow_nan=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())

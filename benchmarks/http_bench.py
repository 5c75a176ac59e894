"""`make bench-http`: wrk against the project's own gunicorn, each endpoint as a ratio to the floor.

Starts gunicorn with the packaged settings (python:service.serving) (sync workers, WEB_CONCURRENCY=2 unless
set) on a loopback port, then for each run measures /healthz (the floor) and
every main endpoint with a realistic body (/hands: one of 2,000 random holdings
per request, so that no cache holds the whole workload; /calculus on random
cards and on an end-of-game table): req/s, p50, p99, and req/s as a ratio to
the floor of the same run; and the workers' CPU per request, whose ratio to
the floor's holds still when other jobs share the cores. Prints the medians
over the runs, with the range of the ratio.

    python -m benchmarks.http_bench [--runs 5] [--duration 10] [--connections 16] [--only hands-7,twenty-four-solve] [--json results.json]

``--only`` measures a subset (the floor, ``healthz``, always runs: every ratio is to it). The server runs
with ``--max-requests 0`` whatever its settings say: a worker that recycles mid-run restarts cold and
takes the CPU it had spent with it, which the CPU ratio would misread.
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
GOALS = {"calculus-6p": 0.6, "hands-7": 0.7, "moves-legal": 0.5, "twenty-four-solve": 0.6}
UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


FLOOR = "healthz"


def server_env() -> dict[str, str]:
    """The benchmarked server's environment: two workers unless set, and no worker recycled mid-benchmark
    (GUNICORN_CMD_ARGS overrides the settings module; whatever else it was given is kept)."""
    args = f"{os.environ.get('GUNICORN_CMD_ARGS', '')} --max-requests 0".strip()
    return {**os.environ, "PYTHONPATH": str(ROOT), "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "2"), "GUNICORN_CMD_ARGS": args}


def select(targets: dict[str, Any], only: str | None) -> dict[str, Any]:
    """The floor and the targets named in ``only`` (comma-separated), in the benchmark's order; all without it."""
    if not only:
        return dict(targets)
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


def start_gunicorn(port: int, log: Path) -> subprocess.Popen[bytes]:
    env = server_env()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:service.serving", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"gunicorn did not start; see {log}")


def varied_solve_bodies(count: int = 500) -> list[dict[str, Any]]:
    """Twenty-Four's /solve on ``count`` random sets of four values 1-13 for 24, one drawn per request (no answer cached)."""
    rng = random.Random(24)
    return [{"values": [rng.randint(1, 13) for _ in range(4)], "target": 24, "face_cards": True} for _ in range(count)]  # 11-13 are face cards


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
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
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
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)$", output, re.MULTILINE))
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),  # type: ignore[union-attr]
        "p50_ms": to_ms(latency["50"]),
        "p99_ms": to_ms(latency["99"]),
        "errors": float(sum(int(n) for n in errors.groups())) if errors else 0.0,
        "non_2xx": float(non_2xx.group(1)) if non_2xx else 0.0,
        "cpu_us": cpu / served * 1e6 if served else float("nan"),
    }


def report_line(name: str, figures: list[dict[str, float]]) -> str:
    """One endpoint's medians over the runs; a figure no run measured (no request served, no CPU seen) shows as '-'."""

    def median(key: str) -> float | None:
        values = [run[key] for run in figures if math.isfinite(run[key])]
        return statistics.median(values) if values else None

    ratios = [run["ratio"] for run in figures if math.isfinite(run["ratio"])]
    spread = f"{min(ratios):.2f}-{max(ratios):.2f}" if ratios else "-"
    middle, goal = median("ratio"), GOALS.get(name)
    verdict = "" if goal is None or middle is None else ("met" if middle >= goal else "MISSED")
    p50, p99 = median("p50_ms"), median("p99_ms")
    return (
        f"{name:<18}{shown(median('rps'), 9, 0)}{shown(p50, 9)}{shown(p99, 9)}{shown(ratio(p99 or 0.0, p50 or 0.0), 9)}"
        f"{shown(middle, 8)}{spread:>12}{shown(goal, 7)}{shown(median('cpu_us'), 8, 0)}{shown(median('cpu_ratio'), 10)}"
        f"  {shown(median('errors'), 0, 0)} {shown(median('non_2xx'), 0, 0)} {verdict}"
    ).rstrip()


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--runs", type=int, default=5)  # a run's ratio moves by up to ±0.05: medians of 5
    options.add_argument("--duration", type=int, default=10)
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
        targets: dict[str, tuple[str, Any]] = {"healthz": ("/healthz", None), **bodies()}
        # /hands shares progress readings between holdings: measured on varied holdings, not one it has cached whole.
        targets["hands-7"] = (targets["hands-7"][0], varied_hands_bodies(VARIED_HOLDINGS))
        targets["twenty-four-solve"] = ("/v1/twenty-four/solve", varied_solve_bodies())
        targets = select(targets, args.only)
        scripts = {name: lua_script(directory, name, body) for name, (_, body) in targets.items()}
        server = start_gunicorn(port, directory / "gunicorn.log")
        runs: list[dict[str, dict[str, float]]] = []
        try:
            for number in range(1, args.runs + 1):
                run = {}
                for name, (path, _) in targets.items():
                    run[name] = run_wrk(f"http://127.0.0.1:{port}{path}", scripts[name], args.duration, args.connections, server.pid)
                    run[name]["ratio"] = ratio(run[name]["rps"], run[FLOOR]["rps"]) or math.nan
                    run[name]["cpu_ratio"] = ratio(run[FLOOR]["cpu_us"], run[name]["cpu_us"]) or math.nan
                runs.append(run)
                print(f"run {number}/{args.runs}: " + ", ".join(f"{n} {r['rps']:.0f}/s" for n, r in run.items()), flush=True)
        finally:
            server.terminate()
            server.wait(timeout=15)
    print(
        f"\nmedians of {args.runs} run(s), wrk -t2 -c{args.connections} -d{args.duration}s, "
        f"gunicorn sync workers={os.environ.get('WEB_CONCURRENCY', '2')}, {os.cpu_count()} cores"
    )
    print("ratio: req/s over the floor's req/s in the same run (the goals' measure); range: its lowest and highest run.")
    print("cpu us: the workers' CPU per request; cpu ratio: the floor's over the endpoint's, which other jobs on the cores barely move.")
    print(
        f"{'endpoint':<18}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'p99/p50':>9}{'ratio':>8}{'range':>12}{'goal':>7}"
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

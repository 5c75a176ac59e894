"""`make soak`: a load/soak test on loopback (not part of `make test`).

Starts the project's gunicorn, warms it up, then for 60 s drives 64 connections
over a mix of endpoints with two wrk processes at once: one sends requests that
must succeed (200), the other requests the referee must refuse (422). In each
cycle of the first mix, one /hands request carries one of 2,000 random
holdings. A Lua hook counts every other status. Reports transport errors (must be 0), answers
other than the expected ones (must be 0), and the workers' memory before and
after (growth must stay under 10%). Exits 1 when a bound is broken.

    python -m benchmarks.soak [--duration 60] [--connections 64]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.bodies import CASTLES, VARIED_HOLDINGS, bodies, varied_hands_bodies
from benchmarks.http_bench import free_port, start_gunicorn

LUA = """
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) unexpected = 0; position = 0 end
requests = %s
varied = %s
expected = %d
function request()
  position = position %% (#requests + (#varied > 0 and 1 or 0)) + 1
  local r = requests[position] or varied[math.random(#varied)]
  if r.body == "" then return wrk.format("GET", r.path) end
  return wrk.format("POST", r.path, {["Content-Type"] = "application/json"}, r.body)
end
function response(status, headers, body) if status ~= expected then unexpected = unexpected + 1 end end
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("unexpected") end
  io.write(string.format("UNEXPECTED %%d\\n", total))
end
"""


def lua_table(entries: list[tuple[str, Any]]) -> str:
    items = [f"{{path = {json.dumps(path)}, body = {json.dumps(json.dumps(body) if body is not None else '')}}}" for path, body in entries]
    return "{" + ", ".join(items) + "}"


def mixes() -> tuple[list[tuple[str, Any]], list[tuple[str, Any]]]:
    """(requests that must answer 200, requests that must answer 422)."""
    main = bodies()
    state = main["moves-legal"][1]["state"]
    acting = state["players"][state["to_act"]]["name"]
    other = next(p["name"] for p in state["players"] if p["name"] != acting)
    good = [*main.values(), ("/healthz", None), ("/v1/24-kings/rules", None),
            ("/v1/24-kings/games", {"players": ["ann", "bob", "cy", "dee"], "seed": 5}),
            ("/v1/24-kings/state/check", {"state": state}),
            ("/v1/24-kings/moves/validate", {"state": state, "move": {"player": other, "action": "call_hand"}}),
            ("/v1/24-kings/tournaments/standings", {"rows": [{"game": g, "player": p, "points": (g * 7 + i) % 13 - 4}
                                                             for g in range(1, 6) for i, p in enumerate(["ann", "bob", "cy"])]})]
    bad = [("/v1/24-kings/calculus", {"castles": CASTLES, "players": [{"name": "ann", "cards": ["QH", "QH", "QH"]}]}),
           ("/v1/24-kings/moves/apply", {"state": state, "move": {"player": other, "action": "call_hand"}}),
           ("/v1/24-kings/hands", {"castles": CASTLES, "cards": ["ZZ"]})]
    return good, bad


def worker_rss_kib(master: int) -> dict[int, int]:
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True, check=False).stdout.split()
    rss = {}
    for pid in map(int, children):
        status = Path(f"/proc/{pid}/status").read_text()
        rss[pid] = int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]
    return rss


def wrk(url: str, script: Path, connections: int, duration: int) -> subprocess.Popen[str]:
    return subprocess.Popen(["wrk", "-t1", f"-c{connections}", f"-d{duration}s", "-s", str(script), url],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def summary(output: str) -> dict[str, int]:
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    return {"requests": int(re.search(r"(\d+) requests in", output).group(1)),  # type: ignore[union-attr]
            "errors": sum(int(n) for n in errors.groups()) if errors else 0,
            "unexpected": int(re.search(r"UNEXPECTED (\d+)", output).group(1))}  # type: ignore[union-attr]


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--duration", type=int, default=60)
    options.add_argument("--connections", type=int, default=64)
    options.add_argument("--warmup", type=int, default=5)
    args = options.parse_args(argv)
    if not shutil.which("wrk"):
        print("make soak needs wrk: install it with `apt-get install wrk` (Debian/Ubuntu) and run again.", file=sys.stderr)
        return 2
    good, bad = mixes()
    bad_share = max(1, args.connections // 4)
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        scripts = {}
        varied = [("/v1/24-kings/hands", body) for body in varied_hands_bodies(VARIED_HOLDINGS)]
        for name, entries, extra, status in (("good", good, varied, 200), ("bad", bad, [], 422)):
            scripts[name] = directory / f"{name}.lua"
            scripts[name].write_text(LUA % (lua_table(entries), lua_table(extra), status))
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = start_gunicorn(port, directory / "gunicorn.log")
        try:
            for process in (wrk(url, scripts["good"], 8, args.warmup), wrk(url, scripts["bad"], 4, args.warmup)):
                process.communicate()
            before = worker_rss_kib(server.pid)
            started = time.monotonic()
            runs = {"good": wrk(url, scripts["good"], args.connections - bad_share, args.duration),
                    "bad": wrk(url, scripts["bad"], bad_share, args.duration)}
            results = {name: summary(process.communicate()[0]) for name, process in runs.items()}
            elapsed = time.monotonic() - started
            after = worker_rss_kib(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=15)
    total_before, total_after = sum(before.values()), sum(after.values())
    growth = (total_after - total_before) / total_before
    errors = sum(r["errors"] for r in results.values())
    unexpected = sum(r["unexpected"] for r in results.values())
    requests = sum(r["requests"] for r in results.values())
    print(f"soak: {requests} requests in {elapsed:.0f} s over {args.connections} connections "
          f"({results['good']['requests']} expecting 200, {results['bad']['requests']} expecting 422)")
    print(f"transport errors: {errors} (must be 0)")
    print(f"answers other than expected: {unexpected} (must be 0)")
    print(f"worker memory: {total_before / 1024:.1f} MiB before, {total_after / 1024:.1f} MiB after, growth {growth:+.1%} (must be < 10%)")
    print(f"  per worker before {sorted(before.values())} KiB, after {sorted(after.values())} KiB")
    return 0 if errors == 0 and unexpected == 0 and growth < 0.10 and set(before) == set(after) else 1


if __name__ == "__main__":
    sys.exit(main())

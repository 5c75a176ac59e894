"""`make soak`: a load/soak test on loopback (not part of `make test`).

Starts the project's gunicorn, warms it up, then for 60 s drives 64 connections
with three wrk processes at once: one sends a mix of endpoints that must
succeed (200; in each cycle one /hands request carries one of 2,000 random
holdings), one requests the referee must refuse (422), and one deals a new
table for every request (castles, Kings on them, a variant of the rules, and
the players' cards, drawn in Lua from two shuffled decks) and asks /hands or
/calculus about it (200): traffic over distinct tables, which no cache can
hold whole. A Lua hook counts every unexpected status. Reports transport
errors (must be 0), answers other than the expected ones (must be 0), and
each worker's memory before and after: a worker may grow by at most 50 MiB
(the memory goal, stated for 100,000 requests over distinct tables).

``--requests N`` (issue 25: 200,000) repeats that load in rounds of
``--duration`` seconds until N requests have been served or ``--max-time``
seconds have passed (bounded in count and in time), printing each worker's
memory after every round: the memory bound then holds over N requests, and
the rounds show whether it still grows.

Then the restarts (issue 25, ``--restarts``, 10 unless 0): two probes send
one request after another (``/healthz`` and a ``/hands``, each on a new
connection) while every worker is told to stop (SIGTERM) at once, every
``--restart-every`` seconds, and the master forks new ones. Each restart must
be seen (new worker pids), overlapped by probe requests (one in flight at some
moment between the signal and the new workers), every probe answered 200, and
the longest probe request in flight during a restart (until 0.5 s after the new
workers are seen) at most 100 ms: with the app built in the master (preload), a
new worker serves as soon as it is forked. Exits 1 when a bound is broken.

    python -m benchmarks.soak [--duration 60] [--connections 64] [--requests 200000] [--restarts 10]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
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


# Deals a new table for every request: four castles of four suits, 0 to 2 Kings on each (of the castle's
# suit unless EQUAL OPPORTUNITY is on), one of the 512 variants of the rules, and the players' cards,
# all drawn without replacement from two decks, so no card has a third copy and the answer is 200.
DEALER = """
local suits = {"S", "H", "D", "C"}
local ranks = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
local hand_sets = {"standard", "quick", "elders", "time-sink"}
local options = {"subjects_count", "no_harm_no_foul", "static_castles", "equal_opportunity",
                 "shuffle_me_out", "face_up_consequences", "ghoul_raiser"}
local deck, left = {}, 0
local function shuffle_in()
  deck, left = {}, 0
  for _ = 1, 2 do for _, s in ipairs(suits) do for _, r in ipairs(ranks) do left = left + 1; deck[left] = r .. s end end end
end
local function take(test)  -- a random card left in the deck that passes ``test``, removed from it
  for _ = 1, 400 do
    local i = math.random(left)
    local card = deck[i]
    if test(card) then deck[i] = deck[left]; left = left - 1; return card end
  end
  return nil
end
local function any_card(card) return true end
local function quoted(cards) return '["' .. table.concat(cards, '","') .. '"]' end
function deal_table()
  shuffle_in()
  local rules, equal = {}, math.random(2) == 1
  rules[1] = '"hands":"' .. hand_sets[math.random(#hand_sets)] .. '"'
  for _, name in ipairs(options) do
    local on = (name == "equal_opportunity") and equal or math.random(2) == 1
    rules[#rules + 1] = '"' .. name .. '":' .. tostring(on)
  end
  local order = {1, 2, 3, 4}
  for i = 4, 2, -1 do local j = math.random(i); order[i], order[j] = order[j], order[i] end
  local castles = {}
  for position = 1, 4 do
    local suit = suits[order[position]]
    local card = take(function(c) return c:sub(-1) == suit and c:sub(1, 1) ~= "K" end)
    local kings = {}
    for _ = 1, math.random(0, 2) do
      local king = take(function(c) return c:sub(1, 1) == "K" and (equal or c:sub(-1) == suit) end)
      if king then kings[#kings + 1] = king end
    end
    castles[position] = '{"card":"' .. card .. '","kings":' .. (#kings > 0 and quoted(kings) or "[]") .. "}"
  end
  local head = '{"rules":{' .. table.concat(rules, ",") .. '},"castles":[' .. table.concat(castles, ",") .. "]"
  local players = math.random(0, 6)  -- 0: a /hands request; 1 to 6: a /calculus table of that many players
  if players == 0 then
    local cards = {}
    for i = 1, 7 do cards[i] = take(any_card) end
    return "/v1/24-kings/hands", head .. ',"cards":' .. quoted(cards) .. "}"
  end
  local seats = {}
  for seat = 1, players do
    local cards = {}
    for i = 1, 7 do cards[i] = take(any_card) end
    seats[seat] = '{"name":"p' .. seat .. '","cards":' .. quoted(cards) .. "}"
  end
  return "/v1/24-kings/calculus", head .. ',"players":[' .. table.concat(seats, ",") .. '],"caller":"p1"}'
end
function request()
  local path, body = deal_table()
  return wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
end
"""
TABLES_LUA = """
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) unexpected = 0; math.randomseed(%d) end
%s
function response(status, headers, body) if status ~= 200 then unexpected = unexpected + 1 end end
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("unexpected") end
  io.write(string.format("UNEXPECTED %%d\\n", total))
end
"""
MIB = 1024  # KiB
WORKER_GROWTH_MIB = 50
RESTART_STALL_MS = 100.0  # the longest a request may wait while every worker restarts (issue 25)


def lua_table(entries: list[tuple[str, Any]]) -> str:
    items = [f"{{path = {json.dumps(path)}, body = {json.dumps(json.dumps(body) if body is not None else '')}}}" for path, body in entries]
    return "{" + ", ".join(items) + "}"


def mixes() -> tuple[list[tuple[str, Any]], list[tuple[str, Any]]]:
    """(requests that must answer 200, requests that must answer 422)."""
    main = bodies()
    state = main["moves-legal"][1]["state"]
    acting = state["players"][state["to_act"]]["name"]
    other = next(p["name"] for p in state["players"] if p["name"] != acting)
    good = [
        *main.values(),
        ("/healthz", None),
        ("/v1/24-kings/rules", None),
        ("/v1/24-kings/games", {"players": ["ann", "bob", "cy", "dee"], "seed": 5}),
        ("/v1/24-kings/state/check", {"state": state}),
        ("/v1/24-kings/moves/validate", {"state": state, "move": {"player": other, "action": "call_hand"}}),
        (
            "/v1/24-kings/tournaments/standings",
            {"rows": [{"game": g, "player": p, "points": (g * 7 + i) % 13 - 4} for g in range(1, 6) for i, p in enumerate(["ann", "bob", "cy"])]},
        ),
    ]
    bad = [
        ("/v1/24-kings/calculus", {"castles": CASTLES, "players": [{"name": "ann", "cards": ["QH", "QH", "QH"]}]}),
        ("/v1/24-kings/moves/apply", {"state": state, "move": {"player": other, "action": "call_hand"}}),
        ("/v1/24-kings/hands", {"castles": CASTLES, "cards": ["ZZ"]}),
    ]
    return good, bad


def worker_rss_kib(master: int) -> dict[int, int]:
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True, check=False).stdout.split()
    rss = {}
    for pid in map(int, children):
        status = Path(f"/proc/{pid}/status").read_text()
        rss[pid] = int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]
    return rss


def wrk(url: str, script: Path, connections: int, duration: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["wrk", "-t1", f"-c{connections}", f"-d{duration}s", "-s", str(script), url], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def summary(output: str) -> dict[str, int]:
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    return {
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),  # type: ignore[union-attr]
        "errors": sum(int(n) for n in errors.groups()) if errors else 0,
        "unexpected": int(re.search(r"UNEXPECTED (\d+)", output).group(1)),
    }  # type: ignore[union-attr]


def workers_of(master: int) -> set[int]:
    return {int(pid) for pid in subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True, check=False).stdout.split()}


def probe(port: int, path: str, body: bytes | None, stop: threading.Event, latencies: list[tuple[float, float]], failures: list[str]) -> None:
    """One request after another, each on a new connection (as a client through a proxy would), until ``stop``;
    ``latencies`` gets (when it was sent, by ``time.monotonic``; how long it took, ms)."""
    while not stop.is_set():
        sent, started = time.monotonic(), time.perf_counter()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("POST" if body else "GET", path, body=body, headers={"Content-Type": "application/json"} if body else {})
            answer = connection.getresponse()
            answer.read()
            connection.close()
            if answer.status != 200:
                failures.append(f"{path}: {answer.status}")
        except OSError as error:
            failures.append(f"{path}: {error!r}")
        latencies.append((sent, (time.perf_counter() - started) * 1000))


RESTART_TAIL_S = 0.5  # how long after the new workers are seen a probe request still counts as sent during the restart


def restarts(port: int, master: int, count: int, every: float) -> dict[str, Any]:
    """Stop every worker at once ``count`` times while two probes run, and judge the probes (:func:`restart_verdict`).

    A restart is seen when the master's children are as many as before and none of the old ones (a worker that has
    exited but is not reaped yet is still a child); one not seen within 10 s is a restart missing from the count."""
    hands = json.dumps(bodies()["hands-7"][1]).encode()
    stop, latencies, failures = threading.Event(), [], []  # type: ignore[var-annotated]
    probes = [
        threading.Thread(target=probe, args=(port, path, body, stop, latencies, failures)) for path, body in (("/healthz", None), ("/v1/24-kings/hands", hands))
    ]
    for thread in probes:
        thread.start()
    gaps: list[tuple[float, float]] = []
    try:
        for _ in range(count):
            time.sleep(every)
            old = workers_of(master)
            if not old:  # nothing to stop: not a restart
                continue
            signalled = time.monotonic()
            for pid in old:
                os.kill(pid, signal.SIGTERM)
            deadline = signalled + 10
            while time.monotonic() < deadline:  # new workers, as many as before, none of the old ones
                now = workers_of(master)
                if len(now) >= len(old) and not now & old:
                    gaps.append((signalled, time.monotonic()))
                    break
                time.sleep(0.01)
        time.sleep(every)
    finally:
        stop.set()
        for thread in probes:
            thread.join()
    return restart_verdict(latencies, gaps) | {"failures": failures}


def restart_verdict(latencies: list[tuple[float, float]], gaps: list[tuple[float, float]], tail: float = RESTART_TAIL_S) -> dict[str, Any]:
    """What the probes saw of the restarts: ``latencies`` are (sent, ms) of every probe request, ``gaps`` (signalled,
    new workers seen) of every restart seen, on the same clock.

    A request counts as during a restart when it was in flight at any moment from the signal until ``tail`` seconds
    after the new workers were seen: sent before the signal and still waiting when it came, or sent in that time (so
    a replacement that is slow to fork, or to serve its first requests, lengthens the requests it holds up, and they
    count). A restart that no probe request overlapped, from the signal until its new workers were seen, measured
    nothing: ``unprobed`` counts them, and the verdict needs none.
    """
    windows = [(start, up + tail) for start, up in gaps]

    def overlaps(sent: float, ms: float, start: float, end: float) -> bool:
        return sent <= end and sent + ms / 1000 >= start

    during = [ms for sent, ms in latencies if any(overlaps(sent, ms, start, end) for start, end in windows)]
    outside = [ms for sent, ms in latencies if not any(overlaps(sent, ms, start, end) for start, end in windows)]
    probed = [sum(1 for sent, ms in latencies if overlaps(sent, ms, start, up)) for start, up in gaps]
    return {
        "restarts": len(gaps),
        "requests": len(latencies),
        "during": len(during),
        "max_ms": max(during, default=float("nan")),
        "max_outside_ms": max(outside, default=float("nan")),
        "unprobed": sum(1 for count in probed if count == 0),
        "fewest_probes": min(probed, default=0),
        "longest_gap_ms": max(((up - start) * 1000 for start, up in gaps), default=float("nan")),
    }


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--duration", type=int, default=60)
    options.add_argument("--connections", type=int, default=64)
    options.add_argument("--warmup", type=int, default=5)
    options.add_argument("--seed", type=int, default=24, help="seeds the Lua dealer of distinct tables")
    options.add_argument("--requests", type=int, default=0, help="repeat the load in rounds of --duration until this many requests were served")
    options.add_argument("--max-time", type=int, default=900, help="with --requests: stop the rounds after this many seconds whatever the count")
    options.add_argument("--restarts", type=int, default=10, help="times every worker is stopped at once under the probes (0: none)")
    options.add_argument("--restart-every", type=float, default=2.0)
    args = options.parse_args(argv)
    if not shutil.which("wrk"):
        print("make soak needs wrk: install it with `apt-get install wrk` (Debian/Ubuntu) and run again.", file=sys.stderr)
        return 2
    good, bad = mixes()
    bad_share = max(1, args.connections // 4)
    tables_share = max(1, args.connections // 2)
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        scripts = {}
        varied = [("/v1/24-kings/hands", body) for body in varied_hands_bodies(VARIED_HOLDINGS)]
        for name, entries, extra, status in (("good", good, varied, 200), ("bad", bad, [], 422)):
            scripts[name] = directory / f"{name}.lua"
            scripts[name].write_text(LUA % (lua_table(entries), lua_table(extra), status))
        scripts["tables"] = directory / "tables.lua"
        scripts["tables"].write_text(TABLES_LUA % (args.seed, DEALER))
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = start_gunicorn(port, directory / "gunicorn.log")
        try:
            for process in (wrk(url, scripts["good"], 8, args.warmup), wrk(url, scripts["bad"], 4, args.warmup)):
                process.communicate()
            before = worker_rss_kib(server.pid)
            started = time.monotonic()
            results = {name: {"requests": 0, "errors": 0, "unexpected": 0} for name in ("good", "bad", "tables")}
            while True:  # one round, or rounds until --requests were served or --max-time has passed
                runs = {
                    "good": wrk(url, scripts["good"], args.connections - bad_share - tables_share, args.duration),
                    "bad": wrk(url, scripts["bad"], bad_share, args.duration),
                    "tables": wrk(url, scripts["tables"], tables_share, args.duration),
                }
                for name, process in runs.items():
                    for key, value in summary(process.communicate()[0]).items():
                        results[name][key] += value
                served = sum(r["requests"] for r in results.values())
                if not args.requests:
                    break
                rss = worker_rss_kib(server.pid)
                print(f"  {served} requests, {time.monotonic() - started:.0f} s: workers (KiB) " + ", ".join(str(rss[pid]) for pid in sorted(rss)), flush=True)
                if served >= args.requests or time.monotonic() - started + args.duration > args.max_time:
                    break
            elapsed = time.monotonic() - started
            after = worker_rss_kib(server.pid)
            restarted = restarts(port, server.pid, args.restarts, args.restart_every) if args.restarts else None
        finally:
            server.terminate()
            server.wait(timeout=15)
    total_before, total_after = sum(before.values()), sum(after.values())
    growth = (total_after - total_before) / total_before
    worst = max(after[pid] - before[pid] for pid in before if pid in after) / MIB if set(before) == set(after) else float("inf")
    errors = sum(r["errors"] for r in results.values())
    unexpected = sum(r["unexpected"] for r in results.values())
    requests = sum(r["requests"] for r in results.values())
    print(
        f"soak: {requests} requests in {elapsed:.0f} s over {args.connections} connections "
        f"({results['good']['requests']} of the mix expecting 200, {results['bad']['requests']} expecting 422, "
        f"{results['tables']['requests']} over distinct tables expecting 200)"
    )
    print(f"transport errors: {errors} (must be 0)")
    print(f"answers other than expected: {unexpected} (must be 0)")
    print(f"worker memory: {total_before / MIB:.1f} MiB before, {total_after / MIB:.1f} MiB after, growth {growth:+.1%}")
    print("  per worker (KiB): " + ", ".join(f"{before[pid]} -> {after.get(pid, 0)}" for pid in sorted(before)))
    print(f"largest growth of one worker: {worst:+.1f} MiB (must be at most {WORKER_GROWTH_MIB} MiB)")
    if args.requests:
        print(f"requests served: {requests} (asked for {args.requests}, within {args.max_time} s)")
    stalls = True
    if restarted is not None:
        stalls = (
            restarted["restarts"] < args.restarts or bool(restarted["failures"]) or restarted["unprobed"] > 0 or not restarted["max_ms"] <= RESTART_STALL_MS
        )
        print(
            f"restarts: every worker stopped at once {restarted['restarts']} of {args.restarts} times under 2 probes, "
            f"new workers seen at most {restarted['longest_gap_ms']:.0f} ms after the signal; each restart overlapped by at least "
            f"{restarted['fewest_probes']} probe request(s) ({restarted['unprobed']} by none: must be 0); "
            f"{restarted['requests']} probe requests, {restarted['during']} of them during a restart, the longest of those "
            f"{restarted['max_ms']:.1f} ms (must be at most {RESTART_STALL_MS:g} ms; the longest outside a restart, the machine's noise: "
            f"{restarted['max_outside_ms']:.1f} ms), "
            f"{len(restarted['failures'])} failed (must be 0){': ' + ', '.join(restarted['failures'][:5]) if restarted['failures'] else ''}"
        )
    served_enough = not args.requests or requests >= args.requests
    return 0 if errors == 0 and unexpected == 0 and worst <= WORKER_GROWTH_MIB and served_enough and not stalls else 1


if __name__ == "__main__":
    sys.exit(main())

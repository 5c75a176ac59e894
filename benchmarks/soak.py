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
Exits 1 when a bound is broken.

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


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--duration", type=int, default=60)
    options.add_argument("--connections", type=int, default=64)
    options.add_argument("--warmup", type=int, default=5)
    options.add_argument("--seed", type=int, default=24, help="seeds the Lua dealer of distinct tables")
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
            runs = {
                "good": wrk(url, scripts["good"], args.connections - bad_share - tables_share, args.duration),
                "bad": wrk(url, scripts["bad"], bad_share, args.duration),
                "tables": wrk(url, scripts["tables"], tables_share, args.duration),
            }
            results = {name: summary(process.communicate()[0]) for name, process in runs.items()}
            elapsed = time.monotonic() - started
            after = worker_rss_kib(server.pid)
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
    return 0 if errors == 0 and unexpected == 0 and worst <= WORKER_GROWTH_MIB else 1


if __name__ == "__main__":
    sys.exit(main())

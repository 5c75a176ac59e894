"""Where a served request's CPU goes: py-spy on one gunicorn worker while wrk loads one row of `make bench-http`.

Issue 25 asks, for every goal that is missed, for the profile that shows where the time goes. This
starts the service with the shipped settings (``-c python:service.serving``, one worker so that one
profile sees every request), loads each named row with wrk exactly as the bench does, and samples
the worker with py-spy for the same seconds. Each sample is charged to the layer of its innermost
frame that is not the standard library or generated code (a ``socket`` call or a dataclass's
``__init__`` counts for the code that made it):

    gunicorn | werkzeug | flask | marshmallow (and flask-smorest, apispec) | schemas (the project's)
    | service.http (the project's HTTP layer) | engine (service.core, service.games) | other

and the report gives each layer's share, then the innermost project or library functions that hold
the most samples. py-spy counts a worker that is runnable but waiting for a core as busy, so run it
on a quiet machine: on a loaded one the socket writes, after which the kernel often runs wrk first,
swell. py-spy is not a pinned dependency (``pip install py-spy``), and it needs the right
to trace a process (run as root, or with ``kernel.yama.ptrace_scope`` at 0).

    python -m benchmarks.served_profile [--rows healthz,calculus-end] [--duration 8] [--out DIR]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from benchmarks.http_bench import FLOOR_ROWS, GOALS, all_targets, free_port, lua_script, start_gunicorn

# A frame in py-spy's raw output: ``function (path:line)``, the path as Python's import system names it
# (``gunicorn/util.py``, ``service/core/records.py``, ``socket.py``, ``<string>`` for generated code).
FRAME = re.compile(r"^(?P<function>.*) \((?P<path>[^:]+):\d+\)$")
# A path's layer, by its leading package; the first that matches wins.
LAYERS = (
    ("gunicorn", "gunicorn/"),
    ("werkzeug", "werkzeug/"),
    ("flask", "flask/"),
    ("marshmallow", "marshmallow/"),
    ("marshmallow", "flask_smorest/"),
    ("marshmallow", "apispec/"),
    ("schemas", "schemas/"),
    ("service.http", "service/http/"),
    ("engine", "service/"),
)
LAYER_NAMES = ("gunicorn", "werkzeug", "flask", "marshmallow", "schemas", "service.http", "engine", "other")


def charged_to_caller(path: str) -> bool:
    """The standard library's frames and generated code (a dataclass's ``__init__`` is ``<string>``) count for their caller."""
    return path.startswith("<") or path.split("/", 1)[0].removesuffix(".py") in sys.stdlib_module_names


def charged_frame(stack: str) -> tuple[str, str] | None:
    """The innermost frame of a sample that is not charged to its caller: (layer, ``function (file)``)."""
    for frame in reversed(stack.split(";")):
        found = FRAME.match(frame)
        if found and not charged_to_caller(found["path"]):
            path = found["path"]
            layer = next((name for name, prefix in LAYERS if path.startswith(prefix)), "other")
            return layer, f"{found['function']} ({path})"
    return None


def summary(raw: str, top: int = 12) -> tuple[Counter[str], Counter[str], int]:
    """Samples by layer and by innermost function, and the total, from py-spy's raw (collapsed) output."""
    by_layer: Counter[str] = Counter()
    by_function: Counter[str] = Counter()
    total = 0
    for line in raw.splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        samples = int(count)
        total += samples
        charged = charged_frame(stack)
        layer, function = charged if charged else ("other", "(the standard library only)")
        by_layer[layer] += samples
        by_function[function] += samples
    return by_layer, Counter(dict(by_function.most_common(top))), total


def worker_pid(master: int) -> int:
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True, check=True).stdout.split()
    if len(children) != 1:
        raise SystemExit(f"expected one worker under gunicorn {master}, found {children}")
    return int(children[0])


def profile_row(name: str, path: str, script: Path, port: int, worker: int, duration: int, out: Path) -> str:
    """wrk on one row for ``duration`` s while py-spy samples the worker; py-spy's raw output."""
    raw = out / f"{name}.txt"
    load = subprocess.Popen(["wrk", "-t2", "-c16", f"-d{duration + 2}s", "-s", str(script), f"http://127.0.0.1:{port}{path}"], stdout=subprocess.DEVNULL)
    try:
        spy = ["py-spy", "record", "-p", str(worker), "-d", str(duration), "-r", "400", "--nonblocking", "-f", "raw", "-o", str(raw)]
        subprocess.run(spy, check=True, capture_output=True)
    finally:
        load.wait()
    return raw.read_text()


def report(name: str, raw: str) -> str:
    by_layer, by_function, total = summary(raw)
    if not total:
        return f"{name}: no samples"
    shares = " | ".join(f"{layer} {by_layer[layer] / total:.0%}" for layer in LAYER_NAMES)
    lines = [f"{name} ({total} samples): {shares}"]
    lines += [f"    {count / total:6.1%}  {function}" for function, count in by_function.most_common()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--rows", default=",".join(GOALS), help="rows of make bench-http, comma-separated (default: every goal's row)")
    options.add_argument("--duration", type=int, default=8)
    options.add_argument("--out", type=Path, help="keep py-spy's raw profiles here (default: a temporary directory)")
    args = options.parse_args(argv)
    missing = [tool for tool in ("wrk", "py-spy") if not shutil.which(tool)]
    if missing:
        print(f"needs {' and '.join(missing)}: apt-get install wrk; pip install py-spy", file=sys.stderr)
        return 2
    targets = all_targets()
    rows = [row.strip() for row in args.rows.split(",") if row.strip()]
    unknown = [row for row in rows if row not in targets or row in FLOOR_ROWS]
    if unknown:
        raise SystemExit(f"--rows: unknown {', '.join(unknown)}; the rows are {', '.join(name for name in targets if name not in FLOOR_ROWS)}")
    os.environ["WEB_CONCURRENCY"] = "1"  # one worker: one profile sees every request
    with tempfile.TemporaryDirectory() as scratch:
        directory = args.out or Path(scratch)
        directory.mkdir(parents=True, exist_ok=True)
        port = free_port()
        server = start_gunicorn(port, directory / "gunicorn.log")
        try:
            worker = worker_pid(server.pid)
            for name in rows:
                path, body = targets[name]
                raw = profile_row(name, path, lua_script(directory, name, body), port, worker, args.duration, directory)
                print(report(name, raw), flush=True)
        finally:
            server.terminate()
            server.wait(timeout=15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

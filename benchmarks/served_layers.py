"""The request layers served (issue 25): ``/healthz`` under the shipped settings with its layers taken off one by one.

    python -m benchmarks.served_layers [--rounds 6] [--duration 6] [--connections 16]

Issue 25 asks that the access line, the request id, the input and body guards together cost at most 10% of
``/healthz``'s CPU. ``benchmarks/request_path.py`` measures them in process, where the server's ≈ 200 µs of a
request are left out; this measures them as served. Five servers run side by side with the shipped gunicorn
settings (as ``make bench-http`` starts them): the floor (plain Flask), the service as shipped, and the service
with its layers taken off one at a time, built by the factories below. Each round loads each server's
``/healthz`` (the floor's ``/``) with wrk in turn; the report gives the medians of the workers' CPU a request, and
each layer as the difference between two neighbours. The body guards run on POSTs only: see ``request_path``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from flask import Flask

from benchmarks.http_bench import FLOOR_APP, free_port, lua_script, run_wrk, start_gunicorn
from benchmarks.request_path import Layers, share_line
from service import create_app
from service.http.request_log import MIDDLEWARE_KEY, RequestLog


def without_access_line() -> Flask:
    """The service as shipped but for the access line (``ACCESS_LOG`` false)."""
    return create_app({"ACCESS_LOG": False})


def request_id_only() -> Flask:
    """The request-log middleware with the request id and the input guard only: no access line, no security headers."""
    app = create_app()
    app.wsgi_app = RequestLog(app.extensions[MIDDLEWARE_KEY].app, False)  # type: ignore[method-assign]
    return app


def flask_app_alone() -> Flask:
    """The service's Flask app without the request-log middleware around it."""
    app = create_app()
    app.wsgi_app = app.extensions[MIDDLEWARE_KEY].app  # type: ignore[method-assign]
    return app


# name → the gunicorn app (None: the service as shipped), the path loaded; in the order the layers come off
SERVERS = {
    "floor": (FLOOR_APP, "/"),
    "shipped": (None, "/healthz"),
    "no access line": ("benchmarks.served_layers:without_access_line()", "/healthz"),
    "request id only": ("benchmarks.served_layers:request_id_only()", "/healthz"),
    "Flask app alone": ("benchmarks.served_layers:flask_app_alone()", "/healthz"),
}


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--rounds", type=int, default=6)
    options.add_argument("--duration", type=int, default=6)
    options.add_argument("--connections", type=int, default=16)
    args = options.parse_args(argv)
    cpu: dict[str, list[float]] = {name: [] for name in SERVERS}
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        script = lua_script(directory, "get", None)
        started = []
        try:
            for name, (app, path) in SERVERS.items():
                port = free_port()
                started.append((name, port, path, start_gunicorn(port, directory / f"{len(started)}.log", app, path)))
            for number in range(1, args.rounds + 1):
                for name, port, path, server in started:
                    cpu[name].append(run_wrk(f"http://127.0.0.1:{port}{path}", script, args.duration, args.connections, server.pid)["cpu_us"])
                print(f"round {number}/{args.rounds}: " + ", ".join(f"{name} {cpu[name][-1]:.0f} µs" for name in SERVERS), flush=True)
        finally:
            for *_, server in started:
                server.terminate()
                server.wait(timeout=15)
    median = {name: statistics.median(values) for name, values in cpu.items()}
    layers = Layers.between(median["shipped"], median["no access line"], median["request id only"], median["Flask app alone"])
    print(f"\nworkers' CPU µs a request, medians of {args.rounds} rounds:")
    for name in SERVERS:
        print(f"  {name:<18}{median[name]:8.1f}")
    print("\n".join(layers.lines()))
    print(share_line(layers.counted() / median["shipped"], served=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

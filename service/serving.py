"""gunicorn settings, shipped with the package: ``gunicorn -c python:service.serving``.

`make run`, `kings serve` and the Docker image all load this module, so the
service runs the same way from a checkout, an installed wheel or a container.
It binds loopback unless told otherwise: ``KINGS_HOST=0.0.0.0`` (the Docker
image sets it) opens it to every interface. (Not ``HOST``: zsh sets that to the
machine's name.) ``PORT`` picks the port and ``WEB_CONCURRENCY`` the number of
sync workers; without it, 2 × CPUs + 1, counting the CPUs this process may run
on (its affinity and its cgroup's quota), not the host's. In production, run it
behind nginx (deploy/, compose.yaml): sync workers must never face slow clients.
"""

from __future__ import annotations

import gc
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from service.core.sealing import share_development_key

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
share_development_key(os.environ)  # without KINGS_SEAL_KEYS (and not in production), every worker opens the others' sealed tokens


def _address(host: str, port: str) -> str:
    """``host:port``, with an IPv6 host in brackets (``[::]:8000``)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def available_cpus(
    affinity: Callable[[], set[int]] | None = None,
    cgroup_root: Path = Path("/sys/fs/cgroup"),
    proc_cgroup: Path = Path("/proc/self/cgroup"),
) -> int:
    """The CPUs this process may use: its affinity mask, capped by the cgroup v2 ``cpu.max`` quota
    of its cgroup and every ancestor (a container's ``--cpus``), rounded up; at least 1."""
    try:
        cpus = len((affinity or (lambda: os.sched_getaffinity(0)))())
    except (AttributeError, OSError):  # no sched_getaffinity (macOS)
        cpus = os.cpu_count() or 1
    for limit in _cgroup_cpu_max(cgroup_root, proc_cgroup):
        cpus = min(cpus, limit)
    return max(1, cpus)


def _cgroup_cpu_max(cgroup_root: Path, proc_cgroup: Path) -> list[int]:
    """The quotas (in whole CPUs, rounded up) of ``cpu.max`` in the process's cgroup v2 and its ancestors."""
    try:
        lines = proc_cgroup.read_text().splitlines()
    except OSError:
        return []
    paths = [line[3:] for line in lines if line.startswith("0::")]  # cgroup v2: "0::/the/path"
    if not paths:
        return []
    directory = cgroup_root / paths[0].strip("/")
    limits = []
    for place in [directory, *directory.parents]:
        if place != cgroup_root and cgroup_root not in place.parents:
            break
        try:
            quota, period = (place / "cpu.max").read_text().split()[:2]
        except (OSError, ValueError):
            continue
        if quota != "max" and int(period) > 0:
            limits.append(math.ceil(int(quota) / int(period)))
    return limits


bind = _address(os.environ.get("KINGS_HOST", DEFAULT_HOST), os.environ.get("PORT", str(DEFAULT_PORT)))
workers = int(os.environ.get("WEB_CONCURRENCY", available_cpus() * 2 + 1))
worker_class = "sync"
wsgi_app = "service:create_app()"
# The master builds the app once and forks the workers from it (issue 25): a worker starts
# in milliseconds, whatever the build costs, and a worker that exits is replaced at once.
# What the master holds before the fork is safe to share: the sealing key (one for all
# workers, share_development_key above), the app's schemas and tables (read-only), the log
# handler (writes to standard output); no socket, file or random state of the app's own
# (seeds come from os.urandom through `secrets`; the `random` module reseeds in each child).
preload_app = True
accesslog = None  # the app writes its own JSON access line, with the request id (service/http/request_log.py)
errorlog = "-"
timeout = 30
# SIGTERM drains: a worker finishes the request it has accepted (up to 10 s),
# then exits. compose.yaml's stop_grace_period leaves it the time.
graceful_timeout = 10
# Workers are not recycled: `make soak` shows their memory bounded over 200,000 requests
# (BENCHMARKS.md), and a recycled worker of the shipped settings cost a third of the
# throughput (issue 25). A worker that does exit (a crash, the timeout) is forked again
# from the master, in milliseconds.
max_requests = 0
max_requests_jitter = 0
# Bodies are capped at 1 MiB by the app; these bound the request line and headers.
limit_request_line = 8190
limit_request_fields = 100
# gunicorn's runtime control socket defaults to one path per user
# (~/.gunicorn/gunicorn.ctl), so two servers of the same user (the test
# fixtures start several) would take it from each other; nothing here uses it.
control_socket_disable = True


def when_ready(server: Any) -> None:
    """In the master, once the app is built (preload) and before any worker is forked: write its OpenAPI document.

    The app writes it on first read (service/http/api.py): here, once for every worker, not once in each.
    """
    app = server.app.wsgi()
    api = getattr(app, "extensions", {}).get("referee_api")
    if api is not None:
        api.spec.to_dict()


def pre_fork(server: object, worker: object) -> None:
    """In the master, before each worker is forked: move everything the built app holds out of the collector's sight.

    The app's schemas, rule texts and tables live as long as the worker; without
    this, every full collection walks them again, in the middle of a request
    (a worst-case XLSX upload took up to 120 ms of CPU in such a round, 62 ms
    with the app frozen: BENCHMARKS.md, ninth round), and writes to their pages,
    which the worker would then copy from the master's instead of sharing them.
    """
    gc.freeze()


def worker_exit(server: object, worker: object) -> None:
    """In a worker that has served and is leaving (SIGTERM, a restart): exit now, with its status, without unwinding the interpreter.

    The master forks a replacement only once the old worker has exited, and the
    interpreter's teardown of the app (every module, schema and table freed one by
    one) took 0.4 s of it: with every worker restarting at once, requests waited
    that long in the queue. The worker holds nothing to finalize (answers are sent,
    nothing is buffered but standard output, flushed here). A worker that never
    booted, or leaves on anything but ``sys.exit``, exits as gunicorn makes it.
    """
    leaving = sys.exc_info()[1]
    if not isinstance(leaving, SystemExit) or not isinstance(leaving.code, int) or not getattr(worker, "booted", False):
        return
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    os._exit(leaving.code)

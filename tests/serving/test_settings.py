"""service/serving.py: the worker count follows the CPUs the process may use, workers fork from a preloaded app, one settings module."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from service.serving import available_cpus


def cgroup(tmp_path: Path, path: str, **cpu_max: str) -> tuple[Path, Path]:
    """A fake cgroup v2 tree (``cpu.max`` per directory, keyed by its path with ``_`` for ``/``) and /proc/self/cgroup."""
    root = tmp_path / "cgroup"
    for where, text in cpu_max.items():
        directory = root / where.replace("_", "/") if where != "root" else root
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "cpu.max").write_text(text + "\n")
    proc = tmp_path / "proc-self-cgroup"
    proc.write_text(f"0::{path}\n")
    return root, proc


def test_the_affinity_counts_not_the_host(tmp_path):
    root, proc = cgroup(tmp_path, "/")
    assert available_cpus(lambda: {0, 1, 2}, root, proc) == 3
    assert available_cpus(lambda: {5}, root, proc) == 1


def test_a_cgroup_quota_caps_the_count_rounded_up(tmp_path):
    root, proc = cgroup(tmp_path, "/", root="150000 100000")  # docker run --cpus 1.5
    assert available_cpus(lambda: set(range(8)), root, proc) == 2
    root, proc = cgroup(tmp_path, "/", root="max 100000")  # no quota
    assert available_cpus(lambda: set(range(8)), root, proc) == 8


def test_the_tightest_quota_of_the_cgroup_and_its_ancestors_wins(tmp_path):
    root, proc = cgroup(tmp_path, "/kubepods/pod1", kubepods="300000 100000", kubepods_pod1="max 100000")
    assert available_cpus(lambda: set(range(8)), root, proc) == 3
    root, proc = cgroup(tmp_path, "/kubepods/pod1", kubepods="max 100000", kubepods_pod1="50000 100000")
    assert available_cpus(lambda: set(range(8)), root, proc) == 1


def test_no_cgroup_v2_or_no_files_leaves_the_affinity(tmp_path):
    assert available_cpus(lambda: {0, 1}, tmp_path / "none", tmp_path / "none-either") == 2
    proc = tmp_path / "v1-only"
    proc.write_text("4:memory:/x\n1:cpu:/\n")
    assert available_cpus(lambda: {0, 1}, tmp_path, proc) == 2
    root, proc = cgroup(tmp_path, "/", root="garbage")
    assert available_cpus(lambda: {0, 1}, root, proc) == 2


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="needs os.sched_setaffinity (Linux)")
def test_gunicorn_runs_2_workers_per_allowed_cpu_plus_1_forked_from_a_preloaded_app_and_shares_no_socket(tmp_path):
    """Pinned to one CPU (taskset -c 0), gunicorn's own --print-config says 3 workers, whatever the host has."""
    base = {key: value for key, value in os.environ.items() if key not in ("KINGS_HOST", "PORT", "WEB_CONCURRENCY")}
    command = [sys.executable, "-m", "gunicorn", "-c", "python:service.serving", "--print-config"]
    printed = subprocess.run(
        command, cwd=tmp_path, env=base, capture_output=True, text=True, timeout=60, check=True, preexec_fn=lambda: os.sched_setaffinity(0, {0})
    ).stdout
    settings = {name.strip(): value.strip() for name, _, value in (line.partition("=") for line in printed.splitlines())}
    assert settings["workers"] == "3"
    assert settings["preload_app"] == "True"  # the app is built once, in the master (issue 25)
    assert settings["max_requests"] == "0"  # no recycling: a recycled worker rebuilt the app every ~1,000 requests
    assert settings["control_socket_disable"] == "True"
    assert settings["bind"] == "['127.0.0.1:8000']"  # make run: loopback unless KINGS_HOST says otherwise
    assert int(settings["graceful_timeout"]) >= 10


def test_the_master_freezes_what_the_app_holds_before_each_fork():
    """gunicorn calls pre_fork in the master, whose app is built (preload): from then on full collections skip it."""
    from service import serving

    gc.unfreeze()
    before = gc.get_freeze_count()
    try:
        serving.pre_fork(object(), object())
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("collecting", [True, False])
def test_the_app_is_built_with_no_collection_and_leaves_the_collector_as_it_was(collecting):
    """create_app pauses the cyclic collector for the build, whose objects all live as long as the app."""
    from service import create_app

    passes: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    was, thresholds = gc.isenabled(), gc.get_threshold()
    gc.enable() if collecting else gc.disable()
    gc.set_threshold(1)  # a pass at every allocation the collector tracks, if it may run: even an app built before (modules imported) makes some
    gc.callbacks.append(count)
    try:
        create_app({"TESTING": True})
        assert passes == []
        assert gc.isenabled() is collecting
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*thresholds)
        gc.enable() if was else gc.disable()


EXIT_PROBE = """
import atexit, sys, types
from service import serving
atexit.register(lambda: print("unwound"))
print("answered", end="")  # buffered: the fast exit must flush it
try:
    sys.exit(3)
finally:
    serving.worker_exit(None, types.SimpleNamespace(booted={booted}))
"""


@pytest.mark.parametrize("booted", [True, False])
def test_a_worker_that_served_leaves_at_once_with_its_status_and_output(booted):
    """A booted worker skips the interpreter's teardown (no atexit runs) but keeps its exit status and flushed output;
    one that never booted leaves as gunicorn makes it (teardown and all), so a boot error is still reported."""
    ran = subprocess.run([sys.executable, "-c", EXIT_PROBE.format(booted=booted)], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 3
    assert ran.stdout.startswith("answered")
    assert ("unwound" in ran.stdout) is not booted

"""`make bench-http`'s options and report (benchmarks/http_bench.py), which the /solve goal of issue 17 is measured with."""

from __future__ import annotations

import math
import shlex

import pytest

from benchmarks import http_bench

TARGETS = {"healthz": ("/healthz", None), "hands-7": ("/h", {}), "moves-legal": ("/m", {}), "twenty-four-solve": ("/s", {})}


def test_only_keeps_the_floor_and_the_named_targets_in_order():
    assert list(http_bench.select(TARGETS, "twenty-four-solve, hands-7")) == ["healthz", "hands-7", "twenty-four-solve"]
    assert list(http_bench.select(TARGETS, None)) == list(TARGETS)


def test_only_refuses_a_name_it_does_not_know():
    with pytest.raises(SystemExit, match="unknown solve"):
        http_bench.select(TARGETS, "solve")


def test_the_server_never_recycles_a_worker_mid_benchmark(monkeypatch):
    monkeypatch.setenv("GUNICORN_CMD_ARGS", "--log-level warning")
    args = shlex.split(http_bench.server_env()["GUNICORN_CMD_ARGS"])
    assert args[-2:] == ["--max-requests", "0"] and "--log-level" in args


def figures(**changes: float) -> dict[str, float]:
    base = {"rps": 1000.0, "p50_ms": 2.0, "p99_ms": 6.0, "errors": 0.0, "non_2xx": 0.0, "cpu_us": 300.0, "ratio": 0.6, "cpu_ratio": 0.7}
    return base | changes


def test_a_figure_no_run_measured_is_a_dash_not_nan():
    line = http_bench.report_line("twenty-four-solve", [figures(cpu_us=math.nan, cpu_ratio=math.nan), figures(cpu_us=math.nan, cpu_ratio=math.nan)])
    assert "nan" not in line.lower() and " -" in line
    assert "nan" not in http_bench.report_line("hands-7", [figures(p50_ms=0.0, ratio=math.nan)]).lower()


def test_ratios_of_nothing_are_missing_not_errors():
    assert http_bench.ratio(300.0, 0.0) is None and http_bench.ratio(math.nan, 2.0) is None and http_bench.ratio(3.0, 2.0) == 1.5


def test_the_report_gives_medians_and_the_goals_verdict():
    line = http_bench.report_line("twenty-four-solve", [figures(ratio=0.5), figures(ratio=0.9), figures(ratio=0.8)])
    assert "0.80" in line and "0.50-0.90" in line and line.endswith("met")

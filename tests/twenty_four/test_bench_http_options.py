"""`make bench-http`'s options and report (benchmarks/http_bench.py), which the /solve goal of issue 17 is measured with."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from benchmarks import http_bench

FLOOR = http_bench.FLOOR
TARGETS = {FLOOR: ("/", None), "healthz": ("/healthz", None), "hands-7": ("/h", {}), "moves-apply": ("/m", {}), "twenty-four-solve": ("/s", {})}


def test_only_keeps_the_floor_and_the_named_targets_in_order():
    assert list(http_bench.select(TARGETS, "twenty-four-solve, hands-7")) == [FLOOR, "hands-7", "twenty-four-solve"]
    assert list(http_bench.select(TARGETS, "moves-apply")) == [FLOOR, "moves-apply"]


def test_without_only_every_row_but_the_extra_ones_runs():
    assert list(http_bench.select(TARGETS, None)) == [FLOOR, "healthz", "hands-7", "twenty-four-solve"]


def test_the_floor_is_plain_flask_outside_the_service():
    """Issue 25: a floor inside the service moves with it; the floor app imports nothing of the service."""
    source = (Path(http_bench.__file__).parent / "floor_app.py").read_text()
    assert http_bench.FLOOR_APP == "benchmarks.floor_app:app"
    assert "from flask import Flask" in source and "service" not in source.split('"""')[-1]


def test_only_refuses_a_name_it_does_not_know():
    with pytest.raises(SystemExit, match="unknown solve"):
        http_bench.select(TARGETS, "solve")


def test_both_servers_run_the_shipped_settings_untouched(monkeypatch):
    """The floor and the service run as a user runs them: nothing overrides the settings module's choices."""
    monkeypatch.delenv("GUNICORN_CMD_ARGS", raising=False)
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    env = http_bench.server_env()
    assert "GUNICORN_CMD_ARGS" not in env and env["WEB_CONCURRENCY"] == "2"


def figures(**changes: float) -> dict[str, float]:
    base = {"rps": 1000.0, "p50_ms": 2.0, "p99_ms": 3.0, "errors": 0.0, "non_2xx": 0.0, "cpu_us": 300.0, "ratio": 0.6, "cpu_ratio": 0.7}
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


def test_a_tail_longer_than_twice_the_median_misses_the_goal():
    line = http_bench.report_line("twenty-four-solve", [figures(ratio=0.8, p50_ms=2.0, p99_ms=4.5)])
    assert line.endswith("MISSED p99/p50")
    assert http_bench.report_line("healthz", [figures(ratio=0.5, p99_ms=9.0)]).endswith("MISSED ratio, p99/p50")


def test_the_post_row_is_answered_by_the_floor_app_echoing_a_legal_body():
    """``flask-floor-post``: plain Flask reading 24 Kings' mid-game /moves/legal body and writing it back, on the floor's server."""
    from benchmarks.floor_app import app

    path, body = http_bench.all_targets()[http_bench.FLOOR_POST]
    answer = app.test_client().post(path, json=body)
    assert http_bench.FLOOR_POST in http_bench.FLOOR_ROWS and http_bench.FLOOR_POST not in http_bench.GOALS
    assert answer.status_code == 200 and answer.get_json() == body and body["state"]["players"]

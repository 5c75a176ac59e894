"""`make soak`'s restart verdict (benchmarks/soak.py): which probe requests count as held up by a restart, and a restart
that no probe saw, judged on made-up timelines (the soak itself runs the server; it is no test)."""

from __future__ import annotations

import math

from benchmarks.soak import restart_verdict

SIGNAL, UP = 100.0, 100.05  # every worker told to stop at 100 s; the new ones seen 50 ms later


def test_a_request_waiting_when_the_signal_comes_counts_and_one_answered_before_it_does_not():
    latencies = [(99.90, 50.0), (99.99, 70.0), (100.5, 300.0)]  # answered at 99.95 (before), at 100.06 (during); sent 0.45 s after up
    verdict = restart_verdict(latencies, [(SIGNAL, UP)])
    assert verdict["during"] == 2 and verdict["max_ms"] == 300.0 and verdict["max_outside_ms"] == 50.0
    assert verdict["unprobed"] == 0 and verdict["fewest_probes"] == 1


def test_a_request_sent_past_the_tail_is_the_machines_noise_not_the_restarts():
    latencies = [(100.0, 10.0), (UP + 0.6, 900.0)]
    verdict = restart_verdict(latencies, [(SIGNAL, UP)])
    assert verdict["max_ms"] == 10.0 and verdict["max_outside_ms"] == 900.0


def test_a_replacement_slow_to_fork_lengthens_the_requests_it_holds_and_they_count():
    slow_up = SIGNAL + 2.0
    latencies = [(SIGNAL + 0.01, 1995.0), (SIGNAL + 0.02, 1990.0)]  # both probes waiting in the queue until the fork
    verdict = restart_verdict(latencies, [(SIGNAL, slow_up)])
    assert verdict["max_ms"] == 1995.0 and verdict["fewest_probes"] == 2
    assert math.isclose(verdict["longest_gap_ms"], 2000.0)


def test_a_restart_no_probe_request_overlapped_measured_nothing():
    latencies = [(SIGNAL, 20.0), (110.0, 5.0)]  # the second restart, at 120 s, saw no request at all
    verdict = restart_verdict(latencies, [(SIGNAL, UP), (120.0, 120.05)])
    assert verdict["restarts"] == 2 and verdict["unprobed"] == 1 and verdict["fewest_probes"] == 0
    # a request that ended before the signal and one sent in the tail only do not probe the gap itself
    verdict = restart_verdict([(119.0, 5.0), (120.3, 5.0)], [(120.0, 120.05)])
    assert verdict["unprobed"] == 1 and verdict["during"] == 1

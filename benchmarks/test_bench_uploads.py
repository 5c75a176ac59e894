"""Tournament uploads in process (``make bench``): the worst bodies the limits accept, and the worst refusals.

The bodies are :func:`benchmarks.worst_bodies.upload_bodies`: 2,000 rows (the most a sheet holds) of 8 columns (the
most cells it holds) as XLSX (to XLSX and to JSON), CSV and JSON; the widest sheet accepted (249 rows x 64 columns);
the widest standings written (316 games x 316 players, to XLSX); and one past each limit (rows, cells, XML elements,
standings cells), every row bad (422), and the issue's bombs. Each is the whole endpoint through the test client.

Issue 16's bounds are CPU: at most 100 ms for an accepted body, 50 ms for a refusal. Each round's CPU time
(``time.process_time``, which other jobs on the shared cores move far less than wall-clock) is kept in
``extra_info`` (``cpu_ms_median``); tests/tournaments/test_worst_uploads.py checks every answer.
"""

from __future__ import annotations

import statistics

import pytest

from benchmarks.worst_bodies import XLSX, Upload, cpu_timed, upload_bodies
from service import create_app
from tests.tournaments.hostile import shared_strings_bomb, sheet_bomb, with_dimension

BODIES = {
    **upload_bodies(),
    "refused: the issue's 103 KB zip bomb": Upload("", shared_strings_bomb(38), XLSX, 413, "zip_part_size"),
    "refused: the issue's 26 KB sheet bomb": Upload("", sheet_bomb(7), XLSX, 413, "zip_part_size"),
    "refused: a sheet declaring A1:XFD1048576": Upload("", with_dimension("A1:XFD1048576"), XLSX, 413, "sheet_rows"),
}
CLIENT = create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize("name", list(BODIES))
def test_upload(benchmark, name):
    body = BODIES[name]
    cpu: list[float] = []
    post = cpu_timed(lambda: CLIENT.post(body.path + body.query, data=body.data, content_type=body.content_type).status_code, cpu)
    assert benchmark.pedantic(post, rounds=7, iterations=1, warmup_rounds=1) == body.status
    benchmark.extra_info.update(bytes=len(body.data), cpu_ms_median=round(statistics.median(cpu) * 1e3, 2))

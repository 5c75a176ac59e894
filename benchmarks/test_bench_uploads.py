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
from service.tournaments.limits import MAX_XML_ATTRIBUTES
from tests.tournaments.hostile import book_parts, many_attributes, shared_strings_bomb, sheet_bomb, tiny_elements, with_dimension, zipped

BODIES = {
    **upload_bodies(),
    "refused: the issue's 103 KB zip bomb": Upload("", shared_strings_bomb(38), XLSX, 413, "zip_part_size"),
    "refused: the issue's 26 KB sheet bomb": Upload("", sheet_bomb(7), XLSX, 413, "zip_part_size"),
    "refused: a sheet declaring A1:XFD1048576": Upload("", with_dimension("A1:XFD1048576"), XLSX, 413, "sheet_rows"),
    # issue 29's files: each refused on the part's bytes, before it is parsed
    "refused: workbook and relationships of 380,000 tiny elements each": Upload(
        "", zipped(book_parts(before_sheets=tiny_elements(380_000), relations_before=tiny_elements(380_000))), XLSX, 413, "xml_elements"
    ),
    "refused: 20 cells of 20,000 attributes": Upload(
        "", zipped(book_parts("".join(f'<row r="{4 + i}"><c r="A{4 + i}"{many_attributes(20_000)}/></row>' for i in range(20)))), XLSX, 413, "xml_attributes"
    ),
    "refused: one cell of every attribute the sheet may hold, and one": Upload(
        "", zipped(book_parts(f'<row r="4"><c r="A4"{many_attributes(MAX_XML_ATTRIBUTES + 1)}/></row>')), XLSX, 413, "xml_attributes"
    ),
    "refused: 10,000 empty parts": Upload("", zipped({**book_parts(), **{f"p/{index}": b"" for index in range(10_000)}}), XLSX, 413, "zip_parts"),
}
CLIENT = create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize("name", list(BODIES))
def test_upload(benchmark, name):
    body = BODIES[name]
    cpu: list[float] = []
    post = cpu_timed(lambda: CLIENT.post(body.path + body.query, data=body.data, content_type=body.content_type).status_code, cpu)
    assert benchmark.pedantic(post, rounds=7, iterations=1, warmup_rounds=1) == body.status
    benchmark.extra_info.update(bytes=len(body.data), cpu_ms_median=round(statistics.median(cpu) * 1e3, 2))

"""CPU time of the worst refusal of each class, through the whole Flask app (``make bench``).

Issue 16: no refusal costs more than 50 ms of CPU. Each body is the most
expensive of its class this suite knows: as large as the 1 MiB limit allows,
with what is wrong placed where it is found last. The timer is the process's
CPU time, so other processes on the machine do not count; the budget is checked
on the median.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from service import create_app
from service.http.problems import MAX_CONTAINERS, MAX_VALUES

BUDGET_S = 0.050
MIB = 1024 * 1024
JSON = "application/json"
HANDS = "/v1/24-kings/hands"
CASTLES = [{"card": "5H"}, {"card": "9C"}, {"card": "4D"}, {"card": "10S"}]


def _padded_string(head: bytes, tail: bytes) -> bytes:
    """``head`` + a string of ``a`` + ``tail``, exactly 1 MiB."""
    return head + b'"' + b"a" * (MIB - len(head) - len(tail) - 2) + b'"' + tail


def _duplicate_at_the_end() -> bytes:
    keys = MAX_VALUES // 2 - 10
    body = b'{"rows": {' + b",".join(b'"k%d": 1' % index for index in range(keys)) + b', "k0": 2}}'
    return body


def _within_caps_not_a_table() -> bytes:
    """As many objects as the cap allows, each one the schema must refuse."""
    rows = [{"x": index} for index in range(MAX_CONTAINERS - 10)]
    return json.dumps({"castles": CASTLES, "cards": rows}).encode()


def _over_long_card_list() -> bytes:
    return json.dumps({"castles": CASTLES, "cards": ["ZZ"] * (MAX_VALUES - 100)}).encode()


def _many_unknown_fields() -> bytes:
    return json.dumps({f"f{index}": 0 for index in range(MIB // 14)}).encode()  # ≈ 75,000 fields in 1 MiB


WORST: dict[str, tuple[str, bytes, str | None, int]] = {
    "413 over 1 MiB": (HANDS, b" " * (MIB + 1), JSON, 413),
    "415 no content type": (HANDS, b"[" * MIB, None, 415),
    "415 wrong content type": (HANDS, b"[" * MIB, "text/plain", 415),
    "400 nested 512 Ki deep": (HANDS, b"[" * (MIB // 2) + b"]" * (MIB // 2), JSON, 400),
    "400 deep just past the cap": (HANDS, b"[" * 33 + b"[1]," * (MAX_CONTAINERS - 40) + b"1" + b"]" * 33, JSON, 400),
    "400 too many values": (HANDS, b"[" + b"1," * (MIB // 2 - 2) + b"1]", JSON, 400),
    "400 bad syntax at the end": (HANDS, _padded_string(b"[", b",]"), JSON, 400),
    "400 invalid UTF-8 at the end": (HANDS, _padded_string(b"[", b"]")[:-3] + b'\xff"]', JSON, 400),
    "400 lone surrogate at the end": (HANDS, _padded_string(b"[", b', "\\ud800"]'), JSON, 400),
    "400 number over 4300 digits": (HANDS, b"[" + b"9" * (MIB - 2) + b"]", JSON, 400),
    "400 NaN at the end": (HANDS, _padded_string(b"[", b", NaN]"), JSON, 400),
    "400 duplicate key at the end": (HANDS, _duplicate_at_the_end(), JSON, 400),
    "422 objects where cards go": (HANDS, _within_caps_not_a_table(), JSON, 422),
    "422 over-long card list": (HANDS, _over_long_card_list(), JSON, 422),
    "422 unknown fields": (HANDS, _many_unknown_fields(), JSON, 422),
}


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"ACCESS_LOG": False}).test_client()


@pytest.mark.benchmark(timer=time.process_time, min_rounds=5)
@pytest.mark.parametrize("name", list(WORST))
def test_worst_refusal(benchmark: Any, client: Any, name: str) -> None:
    path, body, content_type, status = WORST[name]
    assert len(body) <= MIB or status == 413

    def refuse() -> int:
        code: int = client.post(path, data=body, content_type=content_type).status_code
        return code

    assert benchmark(refuse) == status
    if benchmark.stats is not None:  # None under --benchmark-disable
        assert benchmark.stats.stats.median < BUDGET_S, f"{name}: {benchmark.stats.stats.median * 1000:.1f} ms of CPU"

"""Schemathesis fuzzes every operation of openapi.yaml in process, against the WSGI app.

The settings changed from schemathesis' defaults are in schemathesis.toml: a
422 is an expected answer to a schema-valid request that describes an
impossible table, and a 413 to any body over 1 MiB (the fuzzer, now and then,
generates one: hundreds of rows of long strings).
"""

from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from service import create_app

ROOT = Path(__file__).resolve().parents[2]
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@schemathesis.serializer(XLSX)
def xlsx_body(ctx, value):
    """Send generated XLSX bodies as the raw bytes they are (random bytes must be refused with a 422)."""
    return value if isinstance(value, bytes) else str(value).encode()


schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml", config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml"))
schema.app = create_app()


@schema.parametrize()
# 30 fuzzed examples per operation beside the coverage phase's boundary walk: 60 cost another minute of CPU in make test.
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation(case):
    case.call_and_validate()

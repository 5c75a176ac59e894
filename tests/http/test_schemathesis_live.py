"""Schemathesis against the live server: gunicorn on the package's settings (the ``server`` fixture), over real sockets.

The in-process run (test_schemathesis.py) sees what the WSGI app answers; this
one also sees what gunicorn adds or changes on the way (headers, chunking,
bodies the server cuts), with the same checks and the same settings
(schemathesis.toml), except the coverage phase: the in-process run walks
every boundary value and unexpected method of every operation; here each would
be a real request (two minutes of CPU, a third of the suite), and this run is
about the transport. Fewer examples per operation, for the same reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from tests.http.test_schemathesis import xlsx_body  # noqa: F401  # registers the XLSX serializer

ROOT = Path(__file__).resolve().parents[2]

config = SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
config.projects.default.phases.coverage.enabled = False  # the in-process run walks every boundary; here each would be a request
schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml", config=config)


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_through_gunicorn(case: Any, server: str) -> None:
    case.call_and_validate(base_url=server, timeout=30)

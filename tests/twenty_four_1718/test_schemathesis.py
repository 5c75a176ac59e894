"""Schemathesis over Twenty-Four (1718)'s operations, from the live app's own OpenAPI document (in process, no network).

The settings are the project's (schemathesis.toml): a schema-valid request may still describe an
impossible table, which the referee answers 422; a 5xx is never acceptable.
"""

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from service import create_app

ROOT = Path(__file__).resolve().parents[2]
app = create_app()
schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml"))
schema = schema.include(path_regex=r"^/v1/twenty-four-1718/")


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_of_the_game(case):
    case.call_and_validate()

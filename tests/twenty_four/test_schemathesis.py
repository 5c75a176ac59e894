"""Schemathesis over Twenty-Four's operations, from the spec the app generates now.

tests/http/test_schemathesis.py fuzzes the committed openapi.yaml; until that file is
regenerated with this game in it, this test is what fuzzes the game's operations.
"""

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from service import create_app

ROOT = Path(__file__).resolve().parents[2]
APP = create_app()

schema = schemathesis.openapi.from_wsgi("/openapi.json", APP, config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml"))
schema = schema.include(path_regex=r"^/v1/twenty-four/")


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_twenty_four_operation(case):
    case.call_and_validate()

"""Schemathesis over this game's operations, from the spec rendered from the code (openapi.yaml itself is regenerated on main)."""

from pathlib import Path

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from service import create_app
from service.http.openapi_file import render

ROOT = Path(__file__).resolve().parents[2]

schema = schemathesis.openapi.from_dict(yaml.safe_load(render()), config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml"))
schema.app = create_app()
operations = schema.include(path_regex="^/v1/three-kings/(?!tournaments/)")  # the standings endpoint is every game's: tests/http fuzzes it


@pytest.mark.slow
@operations.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_three_kings_operation(case):
    case.call_and_validate()

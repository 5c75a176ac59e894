"""Write the OpenAPI document generated from the code: ``python -m service.http.openapi_file openapi.yaml``."""

from __future__ import annotations

import sys

from service import create_app


def render() -> str:
    """The spec as YAML, exactly as ``make openapi`` writes it."""
    api = create_app().extensions["referee_api"]
    return str(api.spec.to_yaml())


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else "openapi.yaml"
    with open(target, "w", encoding="utf-8") as file:
        file.write(render())

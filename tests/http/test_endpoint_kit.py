"""A game's own endpoints are data the kit mounts: routed when the app is built, documented (examples computed by the
engine) only when the OpenAPI document is first read (issues 25, 26)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from service.games import REGISTRY
from service.http.referee import game_web

# Run in a fresh interpreter: the memos live as long as the process, and other tests of this one fill them.
FRESH_BUILD = textwrap.dedent(
    """
    import json
    from service import create_app
    from service.games import REGISTRY
    from service.http.referee import game_web, referee_examples

    def computed():
        kit = {slug: game_web(slug).examples.cache_info().currsize for slug in REGISTRY if game_web(slug).own is not None}
        return {"games": kit, "shared": referee_examples.cache_info().currsize}

    app = create_app({"ACCESS_LOG": False})
    built = computed()
    app.extensions["referee_api"].spec.to_dict()
    print(json.dumps({"built": built, "read": computed()}))
    """
)


def test_building_the_app_computes_no_example_and_the_first_read_computes_them():
    out = subprocess.run([sys.executable, "-c", FRESH_BUILD], capture_output=True, text=True, check=True).stdout
    counts = json.loads(out.strip().splitlines()[-1])
    assert counts["built"]["games"], "no game declares its endpoints as data"
    assert set(counts["built"]["games"].values()) == {0}
    assert counts["built"]["shared"] == 0
    assert set(counts["read"]["games"].values()) == {1}
    assert counts["read"]["shared"] == len(REGISTRY)


def test_every_declared_endpoint_is_routed_and_documented_with_its_example(app, spec):
    for slug in REGISTRY:
        own = game_web(slug).own
        for endpoint in own.endpoints if own is not None else ():
            operation = spec["paths"][f"/v1/{slug}{endpoint.path}"][endpoint.method.lower()]
            assert operation["summary"] == endpoint.run.__doc__.splitlines()[0]
            if endpoint.body is not None:
                documented = operation["requestBody"]["content"]["application/json"]["example"]
                answer = app.test_client().post(f"/v1/{slug}{endpoint.path}", json=documented)
                assert answer.status_code == 200, (slug, endpoint.path, answer.get_json())
                assert answer.get_json() == operation["responses"]["200"]["content"]["application/json"]["example"]

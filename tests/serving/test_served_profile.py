"""benchmarks/served_profile.py charges each py-spy sample to the layer that spent it (issue 25's profiles)."""

from __future__ import annotations

from benchmarks.served_profile import summary

SERVE = "run (gunicorn/workers/sync.py:132);handle_request (gunicorn/workers/sync.py:180)"
VIEW = f"{SERVE};__call__ (flask/app.py:1536);view (service/http/endpoints.py:103)"
RAW = "\n".join(
    [
        f"{SERVE};write (gunicorn/util.py:301);sendall (socket.py:10) 6",  # the standard library counts for its caller
        f"{VIEW};legal_moves (service/games/kings/moves.py:90);__init__ (<string>:3) 3",  # so does a dataclass's __init__
        f"{VIEW};load (schemas/compiled.py:200) 2",
        f"{VIEW};dumps (json/__init__.py:231);encode (json/encoder.py:200) 1",
        f"{SERVE};match (werkzeug/routing/matcher.py:120) 1",
        "_run_module_as_main (<frozen runpy>:198) 1",  # nothing but the interpreter's own frames
        "",
    ]
)


def test_each_sample_is_charged_to_its_innermost_frame_outside_the_standard_library():
    by_layer, by_function, total = summary(RAW)
    assert total == 14
    assert by_layer == {"gunicorn": 6, "engine": 3, "schemas": 2, "service.http": 1, "werkzeug": 1, "other": 1}
    assert by_function.most_common(3) == [
        ("write (gunicorn/util.py)", 6),
        ("legal_moves (service/games/kings/moves.py)", 3),
        ("load (schemas/compiled.py)", 2),
    ]

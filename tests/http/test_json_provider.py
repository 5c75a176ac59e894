"""Answers encoded by orjson read back exactly as the standard library's would."""

import decimal
import json

from service import create_app


def encoded(app, data):
    with app.test_request_context():
        return app.json.response(data)


def test_an_answer_is_compact_utf8_in_the_engines_order(app):
    response = encoded(app, {"z": 1, "a": [6.5, None, True], "msg": "≥ 2 of ♥"})
    assert response.mimetype == "application/json"
    assert response.get_data() == '{"z":1,"a":[6.5,null,true],"msg":"≥ 2 of ♥"}\n'.encode()


def test_what_orjson_refuses_goes_to_flasks_own_encoder(app):
    big = 2**70  # beyond 64 bits
    assert json.loads(encoded(app, {"n": big}).get_data()) == {"n": big}


def test_debug_answers_are_indented_as_flask_does():
    app = create_app({"TESTING": True, "DEBUG": True})
    assert encoded(app, {"a": 1}).get_data() == b'{\n  "a": 1\n}\n'


def test_an_unknown_type_still_goes_to_flasks_encoder(app):
    """A Decimal, which orjson does not know, is Flask's to write."""
    assert json.loads(encoded(app, {"d": decimal.Decimal("1.50")}).get_data()) == {"d": "1.50"}

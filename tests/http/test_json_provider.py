"""Answers encoded by orjson read back exactly as the standard library's would."""

import decimal
import json

from service import create_app
from service.http.json_provider import EncodedJson


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


def test_an_encoded_part_is_sent_as_it_is(app):
    response = encoded(app, {"a": EncodedJson('[{"x":1},"♥"]'), "b": 2})
    assert response.get_data() == '{"a":[{"x":1},"♥"],"b":2}\n'.encode()


def test_an_encoded_part_reads_the_same_through_flasks_encoder():
    """Debug mode and what orjson refuses go to Flask's encoder, which must read encoded parts back, not refuse them."""
    debug = create_app({"TESTING": True, "DEBUG": True})
    assert encoded(debug, {"a": EncodedJson('[1,{"y":null}]')}).get_data() == b'{\n  "a": [\n    1,\n    {\n      "y": null\n    }\n  ]\n}\n'
    big = 2**70
    assert json.loads(encoded(create_app({"TESTING": True}), {"n": big, "a": EncodedJson("[true]")}).get_data()) == {"n": big, "a": [True]}


def test_an_unknown_type_still_goes_to_flasks_encoder(app):
    """orjson's default hook takes encoded parts only; a Decimal, which orjson does not know, is Flask's to write, as before."""
    assert json.loads(encoded(app, {"d": decimal.Decimal("1.50")}).get_data()) == {"d": "1.50"}

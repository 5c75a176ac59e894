"""The app's URL rules compile their builders (what ``url_for`` calls) on first use (service/http/app.py,
``BuiltOnFirstUseRule``): building the app compiles none, and every rule builds the URLs werkzeug's own rule builds."""

from __future__ import annotations

import pytest
from werkzeug.routing import Map, Rule

from service import create_app
from service.http.app import BuiltOnFirstUseRule


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True})


def sample_values(rule: Rule) -> list[dict[str, str]]:
    """Values for a rule's variables: each of an ``any(...)`` converter's items, else a word; and an unknown argument."""
    choices: list[dict[str, str]] = [{}]
    for name in sorted(rule.arguments):
        converter = rule._converters[name]
        items = sorted(getattr(converter, "items", None) or ["some-thing"])
        choices = [dict(values, **{name: item}) for values in choices for item in items]
    return [*choices, *(dict(values, extra="a b/c") for values in choices)]


def test_building_the_app_compiles_no_builder(app):
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 50 and all(type(rule) is BuiltOnFirstUseRule for rule in rules)
    assert all(rule._build.__name__ == rule._build_unknown.__name__ == "build_on_first_use" for rule in rules)


def test_every_rule_builds_the_urls_werkzeugs_own_rule_builds(app):
    plain = Map([Rule(rule.rule, endpoint=rule.endpoint, methods=rule.methods, defaults=rule.defaults) for rule in app.url_map.iter_rules()])
    own, theirs = app.url_map.bind("referee.test"), plain.bind("referee.test")
    built = 0
    for rule in app.url_map.iter_rules():
        for values in sample_values(rule):
            for method in sorted(rule.methods or {"GET"}):
                for unknown in (True, False):
                    url = own.build(rule.endpoint, values, method=method, append_unknown=unknown)
                    assert url == theirs.build(rule.endpoint, values, method=method, append_unknown=unknown)
                    built += 1
        assert rule._build.__name__ != "build_on_first_use" and rule._build_unknown.__name__ != "build_on_first_use"
    assert built > 100


def test_a_page_redirect_builds_its_url(app):
    answer = app.test_client().get("/table/24-kings/")
    assert answer.status_code == 302 and answer.headers["Location"] == "/table/?game=24-kings"

"""Every registered game's standings: its RowScorer (if it has one) keeps the contract, and a sheet of points serves it.

Runs over the registry, so a game's ``tournament`` module is checked the day it is registered.
"""

from __future__ import annotations

import pytest

from service.games import GAME_PACKAGES
from service.http.views.tournaments import standings_blueprint
from service.tournaments.rows import KEY_COLUMNS, MAX_ROWS, POINTS, normalise
from service.tournaments.scoring import game_row_scorer, options_of, with_options

SLUGS = sorted(GAME_PACKAGES)
POINTS_SHEET = b"game,player,points\n1,ann,3\n1,bob,-1.5\n2,ann,0\n2,bob,2\n"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_row_scorer_keeps_the_contract(slug):
    scorer = game_row_scorer(slug)
    if scorer is None:
        return  # a game whose sheets give points only
    columns, optional = scorer.columns, scorer.optional_columns
    assert columns and all(isinstance(c, str) and normalise(c) == c for c in (*columns, *optional)), "columns are normalised names"
    assert not {*columns, *optional} & {*KEY_COLUMNS, POINTS}, "game, player and points are the sheet's own"
    assert len({*columns, *optional}) == len(columns) + len(optional)
    assert isinstance(scorer.max_rows, int) and 0 < scorer.max_rows <= MAX_ROWS
    options = options_of(scorer)
    assert len({o.name for o in options}) == len(options) and all(normalise(o.name) == o.name not in {"format", "sheet", "bom"} for o in options)
    for option in options:
        if option.is_whole_number:
            low, high = option.bounds or (0, 0)
            assert not option.choices and (option.default is None or (isinstance(option.default, int) and low <= option.default <= high)), option
        else:
            assert isinstance(option.default, bool) if option.is_yes_no else option.default in option.choices, option
    chosen = with_options(scorer, {o.name: o.default for o in options})
    assert (chosen.columns, chosen.optional_columns, chosen.max_rows) == (columns, optional, scorer.max_rows)


@pytest.fixture(scope="module")
def every_game_client():
    """The app, with the standings of every registered game that the app does not mount yet."""
    from service import create_app

    app = create_app({"TESTING": True})
    mounted = {rule.rule for rule in app.url_map.iter_rules()}
    for slug in SLUGS:
        if f"/v1/{slug}/tournaments/standings" not in mounted:
            app.extensions["referee_api"].register_blueprint(standings_blueprint(slug, game_row_scorer(slug)))
    return app.test_client()


@pytest.mark.parametrize("slug", SLUGS)
def test_a_sheet_of_points_serves_every_game(every_game_client, slug):
    body = every_game_client.post(f"/v1/{slug}/tournaments/standings", data=POINTS_SHEET, content_type="text/csv").get_json()
    assert body["shape"] == "points" and [(s["player"], s["total"], s["wins"]) for s in body["standings"]] == [("ann", 3, 1), ("bob", 0.5, 1)]

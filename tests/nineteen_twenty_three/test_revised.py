"""The revised reading of 1923 (issue 27), one scenario per revised point, through the judge and over HTTP.

Every expected value is the reading's worked example or is worked by hand in the comment beside it.
"""

from __future__ import annotations

import pytest

from service import create_app

from .test_judging import judged

ROOT = "/v1/1923"


@pytest.fixture(scope="module")
def http():
    return create_app().test_client()


def post(http, path: str, body, status: int = 200):
    response = http.post(ROOT + path, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def hands(**given: str) -> list[dict[str, object]]:
    return [{"player": name, "cards": text.split()} for name, text in given.items()]


# -- values: an Ace counts as its holder chooses, the total that ranks best ------------------------------
def test_ace_counted_11_past_23_beats_a_14():
    # AH 3C 10D: 14 (5 from 19) or 24 (1 from 23): its holder counts 24; 10C 4D is 14, 5 away
    result = judged({"ann": "AH 3C 10D", "bob": "10C 4D"})
    assert result.to_dict()["values"] == {"ann": 24, "bob": 14}
    assert (result.winner, result.decided_by) == ("ann", "nearest")


def test_equal_distance_takes_the_higher_total_and_its_average():
    # AH 5C 10D: 16 or 26, both 3 away: 26. Against 9H 7C (16, 3 away, average 8): 26/3 > 8, so ann wins at step 3
    result = judged({"ann": "AH 5C 10D", "bob": "9H 7C"})
    assert result.to_dict()["values"] == {"ann": 26, "bob": 16}
    assert (result.winner, result.decided_by) == ("ann", "average")
    assert result.to_dict()["steps"][1]["compared"] == {"ann": "26/3", "bob": 8}


def test_worked_examples_over_http(http):
    assert post(http, "/judge", {"hands": hands(ann="AH 9C 2D", bob="10C 7D")})["values"] == {"ann": 22, "bob": 17}
    answer = post(http, "/judge", {"hands": hands(ann="AH 3C 10D", bob="10C 4D")})
    assert (answer["values"], answer["winner"]) == ({"ann": 24, "bob": 14}, "ann")
    assert post(http, "/judge", {"hands": hands(ann="AH AC 2D", bob="10C 4D")})["values"]["ann"] == 24
    assert post(http, "/judge", {"hands": hands(ann="AH 5C 10D", bob="10C 4D")})["values"]["ann"] == 26
    answer = post(http, "/judge", {"hands": hands(ann="KH QS 5D", bob="10C 7D")})
    assert (answer["winner"], answer["decided_by"]) == ("bob", "average")  # 25/3 < 17/2


def test_set_worked_example_over_http(http):
    # ann 14 cards with 2 Aces, bob 14 with 1, cy 9 with 1 (two decks): ann 14 + 2, bob 14 + 1, cy -1
    won = {
        "ann": ["AH", "AS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
        "bob": ["AD", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "2D"],
        "cy": ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"],
    }
    answer = post(http, "/sets/score", {"won": won})
    assert answer["points"] == {"ann": 16, "bob": 15, "cy": -1} and sorted(answer["winners"]) == ["ann", "bob"]

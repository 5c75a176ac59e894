"""In-process medians of the engine's hot paths (``make bench``)."""

from itertools import cycle

from benchmarks.bodies import bodies, table_of
from schemas.kings import CalculusRequestSchema
from service.games.kings.calculus import PlayerCards, calculus
from service.games.kings.hands import Scorer, progress_reading
from service.games.kings.rules import Rules
from service.games.kings.web import calculus_report


def test_best_split_of_seven_cards(benchmark, table, seven_card_deals):
    scorer = Scorer(table, Rules())
    benchmark(lambda: scorer.best_split(next(seven_card_deals)))


def test_hand_progress_of_seven_cards(benchmark, table, seven_card_deals):
    scorer = Scorer(table, Rules())
    benchmark(lambda: scorer.progress(next(seven_card_deals)))


def test_hand_progress_of_seven_cards_read_afresh(benchmark, table, seven_card_deals):
    """Progress with no reading shared: every hand computed, as for holdings unlike any seen before."""
    scorer = Scorer(table, Rules())

    def read_afresh():
        progress_reading.cache_clear()
        return scorer.progress(next(seven_card_deals))

    benchmark(read_afresh)


def test_valid_call_of_seven_cards(benchmark, table, seven_card_deals):
    scorer = Scorer(table, Rules())
    benchmark(lambda: scorer.is_valid_call(next(seven_card_deals)))


def test_calculus_of_a_six_player_table(benchmark, table, six_player_tables):
    def score_table():
        hands = next(six_player_tables)
        players = [PlayerCards(f"p{i}", tuple(cards)) for i, cards in enumerate(hands)]
        return calculus(table, players, Rules(), caller="p0")

    benchmark(score_table)


def test_calculus_of_an_end_of_game_table(benchmark):
    """The bench-http end-of-game body: six players at crowned castles, most of them holding hands."""
    body = CalculusRequestSchema().load(bodies()["calculus-end"][1])
    benchmark(calculus_report, body)


def test_scorer_of_a_new_table(benchmark):
    """What a table not seen before costs: the castle values, the suits' cards and each hand's points."""
    tables = cycle(
        [
            table_of([{"card": f"{rank}{suit}", "kings": []} for rank, suit in zip(ranks, "HCDS", strict=True)])
            for ranks in (("5", "9", "4", "10"), ("A", "Q", "7", "3"), ("J", "2", "8", "6"))
        ]
    )
    benchmark(lambda: Scorer(next(tables), Rules()))

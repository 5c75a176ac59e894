"""In-process medians of the engine's hot paths (``make bench``)."""

from service.games.kings.calculus import PlayerCards, calculus
from service.games.kings.hands import Scorer, _hand_progress
from service.games.kings.rules import Rules


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
        _hand_progress.cache_clear()
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

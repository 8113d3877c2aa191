"""The rules engine's caches stay bounded: a host plays game after game for a
whole season, and a cache keyed by what seats hold would grow with each one."""

from havana_game.content import classic_rules
from havana_game.rules import legal
from havana_game.simulate import random_game


def test_the_cache_of_material_choices_keeps_a_bounded_number_of_answers():
    info = legal._multisets.cache_info()
    assert info.maxsize == legal.MULTISETS_KEPT
    for seed in range(3):
        random_game(classic_rules(), 4, seed)
    assert 0 < legal._multisets.cache_info().currsize <= legal.MULTISETS_KEPT

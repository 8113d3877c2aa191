"""Build when in doubt (`ismcts.BUILD_MARGIN`): ending the turn with a building
affordable is played only if it leads every well-visited building by more than
the margin in mean reward; the root-parallel merge picks the same way."""

from havana_game.ai.ismcts import BUILD_MARGIN, BUILD_VISITS_SHARE, most_visited
from havana_game.ai.parallel import merge
from havana_game.rules import Act, Build, EndTurn

PESOS = Build(0, (0, 0, 1, 0, 0, 5, 0))
WORKER = Build(0, (0, 0, 1, 0, 0, 0, 1))
OTHER_END = Build(1, (1, 0, 0, 0, 0, 0, 1))
END = EndTurn()
MARGIN = 0.01


def test_the_bots_build_when_in_doubt():
    assert BUILD_MARGIN > 0
    assert 0 < BUILD_VISITS_SHARE < 1


def test_ending_gives_way_to_a_building_within_the_margin():
    stats = {END: (100, 80.0), PESOS: (60, 47.7)}  # 0.800 against 0.795
    assert most_visited(stats, False, 0.0) == END
    assert most_visited(stats, False, MARGIN) == PESOS


def test_ending_stays_when_it_leads_by_more_than_the_margin():
    stats = {END: (100, 80.0), PESOS: (60, 47.3)}  # 0.800 against 0.788
    assert most_visited(stats, False, MARGIN) == END


def test_of_the_close_buildings_the_most_visited_is_built():
    stats = {END: (100, 80.0), PESOS: (40, 32.0), OTHER_END: (50, 40.0)}
    assert most_visited(stats, False, MARGIN) == OTHER_END


def test_a_building_with_too_few_visits_does_not_count():
    few = int(BUILD_VISITS_SHARE * 100) - 1
    stats = {END: (100, 80.0), OTHER_END: (few, few * 0.85)}  # a higher mean, few visits
    assert most_visited(stats, False, MARGIN) == END


def test_with_families_a_buildings_payments_count_together():
    half = int(BUILD_VISITS_SHARE * 100) // 2 + 1  # each payment alone too few
    stats = {END: (100, 80.0), PESOS: (half + 1, (half + 1) * 0.8),
             WORKER: (half, half * 0.8)}
    assert most_visited(stats, False, MARGIN) == END
    assert most_visited(stats, True, MARGIN) == PESOS  # its most visited payment


def test_other_decisions_are_picked_by_visits_alone():
    take, skip = Act(1, -1, (), -1), Act(2, -1, (), -1)
    assert most_visited({take: (100, 80.0), skip: (90, 80.0)}, False, MARGIN) == take


def test_the_workers_sums_are_picked_the_same_way():
    results = [([(END, 60, 48.0), (PESOS, 30, 23.9)], 90),
               ([(END, 40, 32.0), (PESOS, 30, 23.8)], 70)]
    assert merge(results, 2, build_margin=0.0).decision == END
    assert merge(results, 2, build_margin=MARGIN).decision == PESOS

"""Ladders: Elo ratings from a round robin (seep.sim.ratings, seep._players.elo) and the games behind them."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor

import pytest

from seep._players.elo import elo_difference, expected_score, fit_elo
from seep.errors import InputError
from seep.sim import compare, ladder, ratings


def _half_width(rating_ci: tuple[float, float]) -> float:
    return (rating_ci[1] - rating_ci[0]) / 2


def test_a_75_percent_score_is_191_elo_apart() -> None:
    rated = ratings(["a", "b"], [[0, 75], [25, 0]], [[0, 100], [100, 0]], prior_draws=0)
    assert [r.name for r in rated] == ["a", "b"]
    assert rated[0].elo - rated[1].elo == pytest.approx(400 * math.log10(3))  # 190.85
    assert rated[0].elo == pytest.approx(-rated[1].elo)  # mean 0
    assert (rated[0].score, rated[1].score, rated[0].games) == (0.75, 0.25, 100)


def test_the_interval_of_two_bots_is_the_binomial_standard_error_in_elo() -> None:
    """Var(difference) = 1 / (n p (1 - p)) in natural units; each bot carries half of it."""
    rated = ratings(["a", "b"], [[0, 75], [25, 0]], [[0, 100], [100, 0]], prior_draws=0)
    difference_se = 400 / math.log(10) / math.sqrt(100 * 0.75 * 0.25)  # 40.1 Elo
    assert _half_width(rated[0].elo_ci) == pytest.approx(1.96 * difference_se / 2)
    anchored = ratings(
        ["a", "b"], [[0, 75], [25, 0]], [[0, 100], [100, 0]], prior_draws=0, anchor="b"
    )
    assert _half_width(anchored[0].elo_ci) == pytest.approx(1.96 * difference_se)
    assert anchored[1].elo == 0 and anchored[1].elo_ci == (0, 0)


def test_symmetric_results_give_equal_ratings() -> None:
    scores = [[0, 20, 20], [20, 0, 20], [20, 20, 0]]
    games = [[0, 40, 40], [40, 0, 40], [40, 40, 0]]
    rated = ratings(["a", "b", "c"], scores, games)
    assert all(r.elo == pytest.approx(0, abs=1e-9) for r in rated)
    assert len({round(_half_width(r.elo_ci), 9) for r in rated}) == 1


def test_a_cycle_of_equal_wins_gives_equal_ratings() -> None:
    """a beats b, b beats c, c beats a, each 30 of 40: no bot is better."""
    scores = [[0, 30, 10], [10, 0, 30], [30, 10, 0]]
    games = [[0, 40, 40], [40, 0, 40], [40, 40, 0]]
    assert all(r.elo == pytest.approx(0, abs=1e-9) for r in ratings("abc", scores, games))


def test_intervals_shrink_as_the_square_root_of_the_games() -> None:
    def width(n: int) -> float:
        scores = [[0, 0.6 * n, 0.7 * n], [0.4 * n, 0, 0.6 * n], [0.3 * n, 0.4 * n, 0]]
        games = [[0, n, n], [n, 0, n], [n, n, 0]]
        return _half_width(ratings("abc", scores, games, prior_draws=0)[0].elo_ci)

    assert width(400) < width(100) < width(25)
    assert width(100) / width(400) == pytest.approx(2)


def test_the_fit_is_where_every_bot_scores_what_the_model_expects() -> None:
    """At the maximum of the likelihood each bot's expected total equals its actual total."""
    scores = [[0, 12, 17, 9], [8, 0, 11, 15], [3, 9, 0, 14], [11, 5, 6, 0]]
    games = [[0, 20, 20, 20], [20, 0, 20, 20], [20, 20, 0, 20], [20, 20, 20, 0]]
    elos, _ = fit_elo(scores, games, prior_draws=0)
    for i in range(4):
        expected = sum(games[i][j] * expected_score(elos[i] - elos[j]) for j in range(4) if j != i)
        assert expected == pytest.approx(sum(scores[i]))
    assert sum(elos) == pytest.approx(0, abs=1e-9)


def test_an_anchor_moves_the_ratings_and_keeps_their_differences() -> None:
    scores = [[0, 30, 40], [10, 0, 25], [0, 15, 0]]
    games = [[0, 40, 40], [40, 0, 40], [40, 40, 0]]
    mean = {r.name: r.elo for r in ratings("abc", scores, games)}
    on_c = {r.name: r.elo for r in ratings("abc", scores, games, anchor="c")}
    assert on_c["c"] == 0
    assert on_c["a"] - on_c["b"] == pytest.approx(mean["a"] - mean["b"])


def test_a_perfect_score_needs_the_virtual_draws() -> None:
    perfect = ([[0, 10], [0, 0]], [[0, 10], [10, 0]])
    rated = ratings(["a", "b"], *perfect)  # one virtual draw: 10.5 of 11
    assert rated[0].elo - rated[1].elo == pytest.approx(elo_difference(10.5 / 11))
    with pytest.raises(ValueError, match="no finite ratings"):
        ratings(["a", "b"], *perfect, prior_draws=0)


def test_ratings_need_every_bot_joined_by_games() -> None:
    games = [[0, 4, 0, 0], [4, 0, 0, 0], [0, 0, 0, 4], [0, 0, 4, 0]]
    with pytest.raises(ValueError, match="joined"):
        ratings("abcd", [[0, 2, 0, 0], [2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0]], games)
    with pytest.raises(InputError, match="each bot named once"):
        ratings(["a", "a"], [[0, 1], [1, 0]], [[0, 2], [2, 0]])


def test_a_ladder_plays_every_pair_as_compare_does() -> None:
    bots = ["random", "greedy", "seep.bots:RandomBot"]
    table = ladder(bots, variant="standard-2p", games=4, seed=3)
    assert table.names == tuple(bots)
    for i in range(3):
        for j in range(i + 1, 3):
            summary = compare(bots[i], bots[j], variant="standard-2p", games=4, seed=3)
            assert table.scores[i][j] == summary.wins + summary.draws / 2
            assert table.scores[j][i] == summary.losses + summary.draws / 2
            assert table.games[i][j] == table.games[j][i] == 4
            assert table.win_share(bots[i], bots[j]) == summary.win_rate
    assert table.ratings[0].name == "greedy" and table.ratings[0].games == 8
    assert table.ratings == ratings(bots, table.scores, table.games)


def test_a_ladder_through_an_executor_is_the_same() -> None:
    bots = ["random", "greedy", "seep.bots:GreedyBot"]
    here = ladder(bots, games=3)
    seen: list[int] = []
    with ThreadPoolExecutor(2) as executor:
        there = ladder(bots, games=3, executor=executor, progress=lambda r: seen.append(r.seed))
    assert there == here
    assert seen == [0, 1, 2] * 3  # every pair plays the same seeds


def test_a_ladder_names_classes_and_refuses_a_name_twice() -> None:
    from seep.bots import GreedyBot, RandomBot

    table = ladder([GreedyBot, RandomBot, "seep.bots:RandomBot"], games=1)
    assert table.names == ("greedy", "random", "seep.bots:RandomBot")
    with pytest.raises(InputError, match="named once"):
        ladder(["greedy", "random", "greedy"], games=1)
    with pytest.raises(InputError, match="two bots or more"):
        ladder(["greedy"], games=1)

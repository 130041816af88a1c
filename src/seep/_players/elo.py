"""Elo ratings from a round robin's results: a Bradley–Terry fit, as engine testers rate engines.

The model: a bot rated ``d`` points above another scores
``1 / (1 + 10 ** (-d / 400))`` against it on average (a win is 1, a draw
1/2). :func:`fit_elo` finds the ratings that make the games played most
likely, with ``prior_draws`` virtual draws added to every pair that met
(one by default, so a perfect score still gets a finite rating), and gives
their covariance from the curvature of the log-likelihood at its maximum.
The ratings are anchored with their mean at 0, or with one bot at 0.

>>> from seep._players.elo import fit_elo
>>> elos, covariance = fit_elo([[0, 75], [25, 0]], [[0, 100], [100, 0]], prior_draws=0)
>>> [round(elo, 1) for elo in elos]  # 75% is 400 * log10(3) Elo
[95.4, -95.4]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["elo_difference", "expected_score", "fit_elo"]

#: Elo points per natural unit of the logistic model.
_SCALE = 400 / math.log(10)


def expected_score(difference: float) -> float:
    """The mean score of a bot rated ``difference`` Elo above its opponent.

    >>> from seep._players.elo import expected_score
    >>> expected_score(0), round(expected_score(400), 4)
    (0.5, 0.9091)
    """
    return 1 / (1 + 10 ** (-difference / 400))


def elo_difference(score: float) -> float:
    """The rating difference that :func:`expected_score` maps to ``score`` (strictly between 0 and 1).

    >>> from seep._players.elo import elo_difference
    >>> round(elo_difference(0.75), 1), elo_difference(0.5)
    (190.8, 0.0)
    """
    if not 0 < score < 1:
        raise ValueError(f"a score strictly between 0 and 1, not {score}")
    return _SCALE * math.log(score / (1 - score))


def fit_elo(
    scores: Sequence[Sequence[float]],
    games: Sequence[Sequence[int]],
    *,
    anchor: int | None = None,
    prior_draws: float = 1.0,
) -> tuple[list[float], list[list[float]]]:
    """The Elo ratings that make the results most likely, and their covariance (Elo squared).

    ``scores[i][j]`` is what bot ``i`` scored against bot ``j`` (wins plus
    half the draws) in ``games[i][j]`` games; ``games`` is symmetric and
    ``scores[i][j] + scores[j][i] == games[i][j]``. Every pair of bots must
    be joined by a chain of pairs that met. With ``anchor=None`` the mean
    rating is 0; with ``anchor=k`` bot ``k`` is 0 (its variance 0).

    >>> from seep._players.elo import fit_elo
    >>> elos, covariance = fit_elo([[0, 30, 40], [10, 0, 25], [0, 15, 0]],
    ...                            [[0, 40, 40], [40, 0, 40], [40, 40, 0]], anchor=2)
    >>> [round(elo) for elo in elos], covariance[2][2]
    ([407, 145, 0], 0.0)
    """
    size = len(scores)
    if size < 2 or len(games) != size:
        raise ValueError("ratings need two bots or more, with a score and a game count for each")
    played = [
        [games[i][j] + (prior_draws if games[i][j] and i != j else 0) for j in range(size)]
        for i in range(size)
    ]
    won = [
        [scores[i][j] + (prior_draws / 2 if games[i][j] and i != j else 0) for j in range(size)]
        for i in range(size)
    ]
    if not _connected(played):
        raise ValueError("ratings need every bot joined to every other by games played")
    if not (_connected(won) and _connected([list(column) for column in zip(*won, strict=True)])):
        raise ValueError(
            "no finite ratings: some bots lost every game to the others; add prior draws"
        )
    theta = [0.0] * size  # ratings in natural units, mean 0
    for _ in range(200):  # Newton's method, each step at most one unit (174 Elo) long
        gradient, information = _derivatives(theta, won, played)
        step = _solve(_grounded(information), gradient)
        longest = max(abs(s) for s in step)
        theta = [t + s / max(1.0, longest) for t, s in zip(theta, step, strict=True)]
        if longest < 1e-10:
            break
    _, information = _derivatives(theta, won, played)
    inverse = _inverse(_grounded(information))
    covariance = [
        [(inverse[i][j] - 1 / size) * _SCALE**2 for j in range(size)] for i in range(size)
    ]
    if anchor is not None:
        theta = [t - theta[anchor] for t in theta]
        column = covariance[anchor]
        base = column[anchor]
        covariance = [
            [
                0.0 if anchor in (i, j) else covariance[i][j] - column[i] - column[j] + base
                for j in range(size)
            ]
            for i in range(size)
        ]
    return [t * _SCALE for t in theta], covariance


def _connected(played: Sequence[Sequence[float]]) -> bool:
    """True when every bot is reachable from the first along the pairs ``played[i][j] > 0``.

    On the games played: every bot is joined to every other. On the points
    won, and on their transpose: no group of bots lost every game to the
    rest, the condition for finite ratings (Zermelo's, for Bradley–Terry).
    """
    seen = {0}
    todo = [0]
    while todo:
        here = todo.pop()
        for other, count in enumerate(played[here]):
            if count > 0 and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(played)


def _derivatives(
    theta: Sequence[float], won: Sequence[Sequence[float]], played: Sequence[Sequence[float]]
) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and its negative Hessian (a weighted Laplacian), natural units."""
    size = len(theta)
    gradient = [0.0] * size
    information = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(size):
            if i == j or not played[i][j]:
                continue
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            gradient[i] += won[i][j] - played[i][j] * p
            weight = played[i][j] * p * (1 - p)
            information[i][j] -= weight
            information[i][i] += weight
    return gradient, information


def _grounded(laplacian: Sequence[Sequence[float]]) -> list[list[float]]:
    """``laplacian + J / n``: invertible for a connected graph, its inverse minus ``J / n`` the pseudo-inverse.

    Solving with it keeps the ratings' sum where it is (the null direction of
    the Laplacian, all ratings moving together, is pinned at mean 0).
    """
    size = len(laplacian)
    return [[laplacian[i][j] + 1 / size for j in range(size)] for i in range(size)]


def _solve(matrix: Sequence[Sequence[float]], vector: Sequence[float]) -> list[float]:
    """``matrix^-1 vector`` by Gauss–Jordan elimination with partial pivoting."""
    inverse = _inverse(matrix)
    return [sum(row[k] * vector[k] for k in range(len(vector))) for row in inverse]


def _inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix (Gauss–Jordan, partial pivoting)."""
    size = len(matrix)
    rows = [
        [*map(float, matrix[i]), *(1.0 if k == i else 0.0 for k in range(size))]
        for i in range(size)
    ]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [value / lead for value in rows[column]]
        for r in range(size):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [row[size:] for row in rows]

"""Simulations: many seeded games between bots, through any executor.

Each game depends only on its :class:`MatchSpec` and its seed, so results
are identical whether the games run in this process, in local processes
(``concurrent.futures.ProcessPoolExecutor``) or on a Dask cluster
(:func:`dask_executor`, with the ``dask`` extra).

>>> from seep.sim import MatchSpec, simulate, summarize
>>> spec = MatchSpec(variant="standard", bots=("greedy", "random", "greedy", "random"))
>>> results = simulate(spec, range(2))
>>> [r.seed for r in results], all(r.deals == 1 for r in results)
([0, 1], True)
>>> summary = summarize(results, side_of=lambda r: 0)
>>> summary.games
2

:func:`ladder` plays a round robin between several bots and rates them
(:class:`Ladder`, :func:`ratings`).
"""

from __future__ import annotations

import contextlib
import importlib
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any, Literal

import attrs

from seep._players.elo import fit_elo
from seep.baazi import new_baazi
from seep.bots import Bot, BotSpec, make_bot, play_baazi, play_deal
from seep.deal import new_deal
from seep.errors import InputError
from seep.scoring import deal_score
from seep.variants import get_variant

__all__ = [
    "GameResult",
    "Ladder",
    "MatchSpec",
    "Rating",
    "Summary",
    "compare",
    "dask_executor",
    "ladder",
    "play_game",
    "ratings",
    "simulate",
    "summarize",
]


@attrs.frozen(kw_only=True)
class MatchSpec:
    """What to play: a variant, one bot per seat, bot options, a deal or a whole match.

    Each bot is a :data:`~seep.bots.BotSpec`: a built-in name, ``"module:attr"``,
    ``"cmd:COMMAND"`` (an external program), a bot class or factory (called
    with ``seed=`` and the seat's options for every game) or a bot instance
    (used as it is: its own state carries over from game to game). Names
    and module-level classes travel to other processes; instances and local
    factories run in this process only.

    >>> from seep.sim import MatchSpec, simulate
    >>> spec = MatchSpec(variant="taash", bots=("greedy", "random") * 2, mode="baazi")
    >>> [(result.seed, result.deals) for result in simulate(spec, [7])]
    [(7, 1)]
    """

    variant: str = "standard"
    bots: tuple[BotSpec, ...] = ("greedy", "random", "greedy", "random")
    options: tuple[tuple[tuple[str, float], ...], ...] = ()
    mode: Literal["deal", "baazi"] = "deal"


@attrs.frozen(kw_only=True)
class GameResult:
    """The outcome of one game: per-team totals summed over its deals, seeps made, the winner.

    >>> from seep.sim import MatchSpec, play_game
    >>> play_game(MatchSpec(bots=("random",) * 4), seed=3)
    GameResult(seed=3, winner=0, deals=1, points=(75, 25), card_points=(75, 25), seeps=(0, 0), swapped=False)
    """

    seed: int
    winner: int | None
    deals: int
    points: tuple[int, int]
    card_points: tuple[int, int]
    seeps: tuple[int, int]
    swapped: bool = False


def play_game(spec: MatchSpec, seed: int, swapped: bool = False) -> GameResult:
    """Play one seeded game of ``spec`` (a module-level function, so executors can pickle it).

    With ``swapped`` the bots move one seat round (team 0's bots play for team 1).

    >>> from seep.sim import MatchSpec, play_game
    >>> spec = MatchSpec(bots=("greedy", "random") * 2)
    >>> play_game(spec, seed=3).points, play_game(spec, seed=3, swapped=True).points
    ((465, 35), (31, 119))
    """
    players = len(spec.bots)
    kinds = list(spec.bots)
    options = list(spec.options) or [()] * players
    if swapped:
        kinds = kinds[-1:] + kinds[:-1]
        options = options[-1:] + options[:-1]
    with contextlib.ExitStack() as stack:
        bots = []
        for seat, kind in enumerate(kinds):
            bot = make_bot(kind, seed=seed * 16 + seat, **dict(options[seat]))
            if bot is not kind and callable(getattr(bot, "close", None)):
                stack.callback(bot.close)  # type: ignore[attr-defined]  # a PipeBot it started
            bots.append(bot)
        return _play(spec, bots, seed, swapped)


def _play(spec: MatchSpec, bots: Sequence[Bot], seed: int, swapped: bool) -> GameResult:
    if spec.mode == "deal":
        final = play_deal(new_deal(spec.variant, seed=seed), bots)
        score = deal_score(final)
        totals = (score.teams[0].total, score.teams[1].total)
        winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
        return GameResult(
            seed=seed,
            winner=winner,
            deals=1,
            points=totals,
            card_points=(score.teams[0].cards, score.teams[1].cards),
            seeps=_seep_counts(final.seeps, final.variant.team_of),
            swapped=swapped,
        )
    match = play_baazi(new_baazi(spec.variant, seed=seed), bots)
    points = [0, 0]
    cards = [0, 0]
    seeps = [0, 0]
    for record in match.deals:
        score = deal_score(record.state)
        for team in (0, 1):
            points[team] += score.teams[team].total
            cards[team] += score.teams[team].cards
        made = _seep_counts(record.state.seeps, match.variant.team_of)
        seeps = [seeps[0] + made[0], seeps[1] + made[1]]
    return GameResult(
        seed=seed,
        winner=match.winner,
        deals=len(match.sheet),
        points=(points[0], points[1]),
        card_points=(cards[0], cards[1]),
        seeps=(seeps[0], seeps[1]),
        swapped=swapped,
    )


def _seep_counts(seeps: Iterable[object], team_of: Callable[[int], int]) -> tuple[int, int]:
    counts = [0, 0]
    for seep in seeps:
        counts[team_of(seep.seat)] += 1  # type: ignore[attr-defined]
    return (counts[0], counts[1])


def simulate(
    spec: MatchSpec,
    seeds: Iterable[int],
    *,
    executor: Executor | None = None,
    alternate: bool = False,
    progress: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play one game per seed, in seed order; ``alternate`` swaps the seating on odd seeds.

    With an ``executor`` the games run through ``executor.submit``; the
    results are the same as in-process.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from seep.sim import MatchSpec, simulate
    >>> spec = MatchSpec(bots=("random",) * 4)
    >>> here = simulate(spec, range(3), alternate=True)
    >>> [(result.seed, result.swapped) for result in here]
    [(0, False), (1, True), (2, False)]
    >>> with ThreadPoolExecutor(2) as executor:
    ...     simulate(spec, range(3), alternate=True, executor=executor) == here
    ...
    True
    """
    jobs = [(spec, seed, alternate and seed % 2 == 1) for seed in seeds]
    return _run(jobs, executor, progress)


def _run(
    jobs: Sequence[tuple[MatchSpec, int, bool]],
    executor: Executor | None,
    progress: Callable[[GameResult], None] | None,
) -> list[GameResult]:
    """``play_game(*job)`` for every job, in order, here or all submitted to ``executor`` at once."""
    results: list[GameResult] = []
    if executor is None:
        for job in jobs:
            result = play_game(*job)
            results.append(result)
            if progress is not None:
                progress(result)
        return results
    futures = [executor.submit(play_game, *job) for job in jobs]
    for future in futures:
        result = future.result()
        results.append(result)
        if progress is not None:
            progress(result)
    return results


@contextlib.contextmanager
def dask_executor(address: object = None, **client_options: Any) -> Iterator[Executor]:
    """A Dask cluster's :class:`~concurrent.futures.Executor`, for :func:`simulate` and :func:`compare`.

    ``address`` is a scheduler address (``"tcp://host:8786"``), a cluster
    object (``distributed.LocalCluster``), or ``None`` to start a local
    cluster on this machine; ``client_options`` go to ``distributed.Client``.
    The context manager connects a client, yields ``client.get_executor()``
    and closes the client (and a cluster it started) on exit. Results are the
    same as in-process for the same seeds.

    Needs the ``dask`` extra (``pip install 'seep-rules[dask]'``); without it,
    raises :class:`ImportError` saying so. The workers need ``seep`` installed
    too, at the same version.

    >>> from seep.sim import MatchSpec, dask_executor, simulate
    >>> spec = MatchSpec(bots=("random",) * 4)
    >>> options = dict(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None)
    >>> try:
    ...     with dask_executor(**options) as executor:
    ...         results = simulate(spec, range(2), executor=executor)
    ... except ImportError:  # without the dask extra
    ...     results = simulate(spec, range(2))
    ...
    >>> results == simulate(spec, range(2))
    True

    .. code-block:: python

        with dask_executor("tcp://scheduler:8786") as executor:
            results = simulate(spec, range(10_000), executor=executor)
    """
    try:
        distributed = importlib.import_module("distributed")
    except ImportError as error:
        raise ImportError(
            "seep.sim.dask_executor needs Dask's distributed scheduler: "
            "pip install 'seep-rules[dask]'"
        ) from error
    client = distributed.Client(address, **client_options)
    try:
        yield client.get_executor()
    finally:
        client.close()


@attrs.frozen(kw_only=True)
class Summary:
    """Results from one side's point of view, with 95% confidence intervals.

    >>> from seep.sim import MatchSpec, simulate, summarize
    >>> summary = summarize(simulate(MatchSpec(bots=("random",) * 4), range(4)))
    >>> summary.games, summary.wins + summary.losses + summary.draws, summary.deals
    (4, 4, 4)
    >>> low, high = summary.win_rate_ci
    >>> 0 <= low <= summary.win_rate <= high <= 1
    True
    """

    games: int
    wins: int
    losses: int
    draws: int
    win_rate: float
    win_rate_ci: tuple[float, float]
    mean_margin: float
    margin_ci: tuple[float, float]
    mean_points: float
    seeps_per_deal: float
    opponent_seeps_per_deal: float
    deals: int


def _wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(
    results: Sequence[GameResult], *, side_of: Callable[[GameResult], int] | None = None
) -> Summary:
    """Summarize from the side that team 0's bots play (``side_of`` overrides, per result).

    A draw counts half a win in the win rate.

    >>> from seep.sim import GameResult, summarize
    >>> results = [
    ...     GameResult(seed=0, winner=0, deals=1, points=(70, 30), card_points=(70, 30), seeps=(0, 0)),
    ...     GameResult(seed=1, winner=None, deals=1, points=(50, 50), card_points=(50, 50), seeps=(0, 0)),
    ... ]
    >>> summary = summarize(results)
    >>> summary.wins, summary.draws, summary.win_rate, summary.mean_margin
    (1, 1, 0.75, 20.0)
    """
    side = side_of or (lambda r: 1 if r.swapped else 0)
    wins = losses = draws = 0
    margins: list[float] = []
    points = 0.0
    own_seeps = other_seeps = deals = 0
    for result in results:
        team = side(result)
        if result.winner is None:
            draws += 1
        elif result.winner == team:
            wins += 1
        else:
            losses += 1
        margin = (result.points[team] - result.points[1 - team]) / result.deals
        margins.append(margin)
        points += result.points[team] / result.deals
        own_seeps += result.seeps[team]
        other_seeps += result.seeps[1 - team]
        deals += result.deals
    n = len(results)
    mean = sum(margins) / n if n else 0.0
    spread = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * spread / math.sqrt(n) if n else 0.0
    return Summary(
        games=n,
        wins=wins,
        losses=losses,
        draws=draws,
        win_rate=(wins + draws / 2) / n if n else 0.0,
        win_rate_ci=_wilson(wins + draws / 2, n),
        mean_margin=mean,
        margin_ci=(mean - half, mean + half),
        mean_points=points / n if n else 0.0,
        seeps_per_deal=own_seeps / deals if deals else 0.0,
        opponent_seeps_per_deal=other_seeps / deals if deals else 0.0,
        deals=deals,
    )


def compare(
    first: BotSpec,
    second: BotSpec,
    *,
    variant: str = "standard",
    games: int = 100,
    seed: int = 0,
    mode: Literal["deal", "baazi"] = "deal",
    options: dict[BotSpec, dict[str, float]] | None = None,
    executor: Executor | None = None,
    progress: Callable[[GameResult], None] | None = None,
) -> Summary:
    """``first`` against ``second`` over ``games`` seeded games, seats alternating; from ``first``'s side.

    >>> from seep.sim import compare
    >>> summary = compare("greedy", "random", games=2, seed=1)
    >>> summary.games, summary.wins
    (2, 2)
    """
    spec = _pair_spec(first, second, variant, mode, options)
    results = simulate(
        spec, range(seed, seed + games), executor=executor, alternate=True, progress=progress
    )
    return summarize(results)


def _pair_spec(
    first: BotSpec,
    second: BotSpec,
    variant: str,
    mode: Literal["deal", "baazi"],
    options: dict[BotSpec, dict[str, float]] | None,
) -> MatchSpec:
    """``first`` on team 0's seats, ``second`` on team 1's, each with its options."""
    players = get_variant(variant).players
    kinds = tuple(first if seat % 2 == 0 else second for seat in range(players))
    opts = options or {}
    return MatchSpec(
        variant=variant,
        bots=kinds,
        options=tuple(tuple(sorted(opts.get(kind, {}).items())) for kind in kinds),
        mode=mode,
    )


@attrs.frozen(kw_only=True)
class Rating:
    """One bot's Elo rating on a ladder, its 95% interval, and its score over all its games.

    ``score`` is its points per game (a win 1, a draw 1/2) against all
    opponents together; ``games`` how many it played.

    >>> from seep.sim import ratings
    >>> best, worst = ratings(["a", "b"], [[0, 30], [10, 0]], [[0, 40], [40, 0]])
    >>> best.name, best.score, best.games, best.elo_ci[0] < best.elo < best.elo_ci[1]
    ('a', 0.75, 40, True)
    """

    name: str
    elo: float
    elo_ci: tuple[float, float]
    score: float
    games: int


def ratings(
    names: Sequence[str],
    scores: Sequence[Sequence[float]],
    games: Sequence[Sequence[int]],
    *,
    anchor: str | None = None,
    prior_draws: float = 1.0,
) -> tuple[Rating, ...]:
    """Elo ratings with 95% intervals from pairwise results, best first.

    ``scores[i][j]`` is what ``names[i]`` scored against ``names[j]`` (wins
    plus half the draws) in ``games[i][j]`` games. The ratings are the
    maximum-likelihood fit of the Elo (Bradley–Terry) model to all the
    games, as engine testers rate chess engines: a bot ``d`` Elo above
    another scores ``1 / (1 + 10 ** (-d / 400))`` against it on average,
    so 100 Elo is a score of 0.64 and 200 Elo one of 0.76. Each pair that
    met gets ``prior_draws`` virtual draws, so a bot that won every game
    still has a finite rating. The mean rating is 0, or the ``anchor``
    bot's is. The intervals are 1.96 standard errors from the curvature of
    the log-likelihood, each bot's against the mean (or the anchor).

    >>> from seep.sim import ratings
    >>> two = ratings(["a", "b"], [[0, 75], [25, 0]], [[0, 100], [100, 0]], prior_draws=0)
    >>> [(r.name, round(r.elo, 1), r.score) for r in two]  # 75% is 191 Elo apart
    [('a', 95.4, 0.75), ('b', -95.4, 0.25)]
    >>> with_prior = ratings(["a", "b"], [[0, 75], [25, 0]], [[0, 100], [100, 0]], anchor="b")
    >>> [round(r.elo) for r in with_prior]  # the virtual draw pulls the gap in a little
    [189, 0]
    """
    if len(set(names)) != len(names):
        raise InputError(f"each bot named once, not {list(names)}", field="names")
    base = None if anchor is None else list(names).index(anchor)
    elos, covariance = fit_elo(scores, games, anchor=base, prior_draws=prior_draws)
    rated = []
    for i, name in enumerate(names):
        half = 1.96 * math.sqrt(max(covariance[i][i], 0.0))
        played = sum(games[i])
        rated.append(
            Rating(
                name=name,
                elo=elos[i],
                elo_ci=(elos[i] - half, elos[i] + half),
                score=sum(scores[i]) / played if played else 0.0,
                games=played,
            )
        )
    return tuple(sorted(rated, key=lambda r: -r.elo))


@attrs.frozen(kw_only=True)
class Ladder:
    """A round robin's results: every pair's score and games, and the ratings they give.

    ``scores[i][j]`` is what ``names[i]`` scored against ``names[j]`` (wins
    plus half the draws) in ``games[i][j]`` games; ``ratings`` are best first.

    >>> from seep.sim import ladder
    >>> table = ladder(["greedy", "random", "seep.bots:GreedyBot"], variant="standard-2p", games=2)
    >>> table.names, table.games[1]
    (('greedy', 'random', 'seep.bots:GreedyBot'), (2, 0, 2))
    """

    names: tuple[str, ...]
    scores: tuple[tuple[float, ...], ...]
    games: tuple[tuple[int, ...], ...]
    ratings: tuple[Rating, ...]

    def win_share(self, row: str, column: str) -> float:
        """What ``row`` scored against ``column`` per game (a draw counts half).

        >>> from seep.sim import ladder
        >>> table = ladder(["greedy", "random", "seep.bots:RandomBot"], games=2)
        >>> table.win_share("greedy", "random"), table.games[0][1]
        (1.0, 2)
        """
        i, j = self.names.index(row), self.names.index(column)
        return self.scores[i][j] / self.games[i][j] if self.games[i][j] else math.nan


def ladder(
    bots: Sequence[BotSpec],
    *,
    names: Sequence[str] | None = None,
    variant: str = "standard",
    games: int = 100,
    seed: int = 0,
    mode: Literal["deal", "baazi"] = "deal",
    options: dict[BotSpec, dict[str, float]] | None = None,
    executor: Executor | None = None,
    progress: Callable[[GameResult], None] | None = None,
    anchor: str | None = None,
) -> Ladder:
    """A round robin: every pair of ``bots`` plays ``games`` games as :func:`compare` plays them.

    Each pair plays the same seeds, ``seed`` to ``seed + games - 1``, the
    seats alternating; ``names`` label the bots (default: their specs, or
    a class's or factory's name). All the games go to ``executor`` at once.
    The ratings are :func:`ratings` of the results (mean 0, or ``anchor``'s
    rating 0).

    >>> from seep.sim import ladder
    >>> table = ladder(["random", "greedy", "seep.bots:RandomBot"], games=4, seed=1)
    >>> [(r.name, r.games) for r in table.ratings][0]
    ('greedy', 8)
    >>> table.scores[1][0] + table.scores[0][1] == table.games[0][1] == 4
    True
    """
    labels = [_spec_name(bot) for bot in bots] if names is None else list(names)
    if len(bots) < 2 or len(labels) != len(bots):
        raise InputError(f"a ladder needs two bots or more, each named: {labels}", field="bots")
    if len(set(labels)) != len(labels):
        raise InputError(f"each bot on a ladder named once, not {labels}", field="names")
    pairs = [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
    seeds = range(seed, seed + games)
    jobs = [
        (_pair_spec(bots[i], bots[j], variant, mode, options), s, s % 2 == 1)
        for i, j in pairs
        for s in seeds
    ]
    results = _run(jobs, executor, progress)
    size = len(bots)
    scores = [[0.0] * size for _ in range(size)]
    counts = [[0] * size for _ in range(size)]
    for number, (i, j) in enumerate(pairs):
        summary = summarize(results[number * games : (number + 1) * games])
        scores[i][j] = summary.wins + summary.draws / 2
        scores[j][i] = summary.losses + summary.draws / 2
        counts[i][j] = counts[j][i] = summary.games
    return Ladder(
        names=tuple(labels),
        scores=tuple(map(tuple, scores)),
        games=tuple(map(tuple, counts)),
        ratings=ratings(labels, scores, counts, anchor=anchor),
    )


def _spec_name(bot: BotSpec) -> str:
    """How a ladder names a bot: its spec, or a class's or factory's own name."""
    if isinstance(bot, str):
        return bot
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else getattr(bot, "__name__", repr(bot))

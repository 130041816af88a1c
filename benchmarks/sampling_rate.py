"""Exact consistent sampling: acceptance and samples per second by play count, and latency.

Run from the repository root::

    python benchmarks/sampling_rate.py [--variant standard] [--deals 8] [--plays 6,24,40]
    python benchmarks/sampling_rate.py --latency [--deals 8]

Deal ``i`` is dealt from seed ``i`` and played by greedy bots up to each play
count; there, every seat's view is sampled 10 times with one
:class:`seep.sampling.HistorySampler` (reading the view included in the
time). Printed per play count: accepted samples per proposal (over all views,
and for the worst view), accepted per replay (proposals that passed the
pre-checks), and samples per CPU second.

With ``--latency``: greedy deals of every built-in variant (deal ``i`` from
seed ``i``), and at every fourth play (plays 0, 4, ..., 44; in a bid opening
before the bid too) one :func:`seep.sampling.sample_state` of every seat's
view, a view never sampled before (reading it included). Printed per
variant: how many calls, and the median, 99th percentile and largest CPU
time of one call in milliseconds (``benchmarks/run.py`` reports the same).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence

from seep import apply_move, legal_moves, new_deal
from seep.bots import GreedyBot
from seep.sampling import HistorySampler, sample_state
from seep.variants import BUILT_IN_NAMES
from seep.views import observe

SAMPLES = 10


def measure(variant: str, deals: int, plays: int) -> dict[str, float]:
    """The figures for one variant at one play count."""
    proposals = replays = accepted = samples = 0
    worst = 1.0
    seconds = 0.0
    for seed in range(deals):
        state = new_deal(variant, seed=seed)
        bots = [GreedyBot(seed=seed * 10 + seat) for seat in range(state.players)]
        while state.plays < plays and state.to_move is not None:
            seat = state.to_move
            state = apply_move(state, bots[seat].choose(observe(state, seat), legal_moves(state)))
        for seat in range(state.players):
            view = observe(state, seat)
            start = time.process_time()
            sampler = HistorySampler(view)
            rng = random.Random(seed)
            for _ in range(SAMPLES):
                sampler.deal(rng)
            seconds += time.process_time() - start
            samples += SAMPLES
            proposals += sampler.proposals
            replays += sampler.replays
            accepted += sampler.accepted
            worst = min(worst, sampler.accepted / sampler.proposals)
    return {
        "accepted/proposed": accepted / proposals,
        "worst view": worst,
        "accepted/replayed": accepted / replays,
        "samples/s": samples / seconds,
    }


def latencies(variant: str, deals: int, every: int = 4) -> list[float]:
    """CPU seconds of each ``sample_state`` call at every ``every``-th play of greedy deals, sorted.

    One call per seat at each state whose play count is a multiple of
    ``every``, on a view not sampled before (the sampler reads it afresh).
    """
    found: list[float] = []
    for seed in range(deals):
        state = new_deal(variant, seed=seed)
        bots = [GreedyBot(seed=seed * 10 + seat) for seat in range(state.players)]
        while True:
            if state.plays % every == 0:
                for seat in range(state.players):
                    view = observe(state, seat)
                    rng = random.Random(seed * 100 + seat)
                    start = time.process_time()
                    sample_state(view, rng)
                    found.append(time.process_time() - start)
            seat = state.to_move
            if seat is None:
                break
            state = apply_move(state, bots[seat].choose(observe(state, seat), legal_moves(state)))
    return sorted(found)


def distribution(seconds: Sequence[float]) -> dict[str, float]:
    """Median, 99th percentile (nearest rank) and largest of sorted ``seconds``, in milliseconds."""
    count = len(seconds)
    middle = (seconds[(count - 1) // 2] + seconds[count // 2]) / 2
    return {
        "median ms": 1000 * middle,
        "p99 ms": 1000 * seconds[math.ceil(0.99 * count) - 1],
        "max ms": 1000 * seconds[-1],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--plays", default="6,24,40")
    parser.add_argument(
        "--latency", action="store_true", help="sample_state latency in every built-in variant"
    )
    args = parser.parse_args(argv)
    if args.latency:
        for variant in BUILT_IN_NAMES:
            seconds = latencies(variant, args.deals)
            shown = "  ".join(
                f"{name} {value:.2f}" for name, value in distribution(seconds).items()
            )
            print(f"{variant}: {len(seconds)} calls  {shown}", flush=True)
        return 0
    for plays in (int(text) for text in args.plays.split(",")):
        figures = measure(args.variant, args.deals, plays)
        shown = "  ".join(f"{name} {value:.3f}" for name, value in figures.items())
        print(f"{args.variant} play {plays}: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

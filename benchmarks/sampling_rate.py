"""Exact consistent sampling: acceptance and samples per second by play count.

Run from the repository root::

    python benchmarks/sampling_rate.py [--variant standard] [--deals 8] [--plays 6,24,40]

Deal ``i`` is dealt from seed ``i`` and played by greedy bots up to each play
count; there, every seat's view is sampled 10 times with one
:class:`seep.sampling.HistorySampler` (reading the view included in the
time). Printed per play count: accepted samples per proposal (over all views,
and for the worst view), accepted per replay (proposals that passed the
pre-checks), and samples per CPU second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from seep import apply_move, legal_moves, new_deal
from seep.bots import GreedyBot
from seep.sampling import HistorySampler
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--plays", default="6,24,40")
    args = parser.parse_args(argv)
    for plays in (int(text) for text in args.plays.split(",")):
        figures = measure(args.variant, args.deals, plays)
        shown = "  ".join(f"{name} {value:.3f}" for name, value in figures.items())
        print(f"{args.variant} play {plays}: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

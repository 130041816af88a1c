"""The exact endgame solver: seconds and nodes per solve by plays left.

Run from the repository root::

    python benchmarks/solver.py [--variant standard] [--positions 30] [--plays-left 4,8,12,16]

Position ``i`` is deal ``i`` (dealt from seed ``i``) played with uniformly
random legal moves (``random.Random(i)``) until that many plays are left in
the deal; :func:`seep.solver.solve` then solves it from scratch (each solve
builds its own tables). Printed per number of plays left: the median, 90th
percentile and largest CPU seconds of one solve, and the same for the nodes
searched. Targets on the standard four-player game (pure build): a median of
at most 0.1 s with 8 plays left and 2 s with 12.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from seep import apply_move, legal_moves, new_deal
from seep.solver import solve
from seep.state import Phase, State


def endgame(variant: str, seed: int, plays_left: int) -> State:
    """Deal ``seed`` played at random until ``plays_left`` plays are left (the bid made)."""
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    while state.phase is Phase.BID or (
        sum(len(hand) for hand in state.hands) + len(state.stock) > plays_left
    ):
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def _quantile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def measure(variant: str, positions: int, plays_left: int) -> dict[str, float]:
    """Seconds and nodes of one solve over ``positions`` seeded positions."""
    seconds: list[float] = []
    nodes: list[float] = []
    for seed in range(positions):
        state = endgame(variant, seed, plays_left)
        start = time.process_time()
        solution = solve(state, node_budget=50_000_000)
        seconds.append(time.process_time() - start)
        nodes.append(solution.nodes)
    return {
        "median s": statistics.median(seconds),
        "p90 s": _quantile(seconds, 0.9),
        "max s": max(seconds),
        "median nodes": statistics.median(nodes),
        "p90 nodes": _quantile(nodes, 0.9),
        "max nodes": max(nodes),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--plays-left", default="4,8,12,16")
    args = parser.parse_args(argv)
    print(f"{args.variant}, {args.positions} positions per row, CPU seconds of one solve")
    print(
        f"{'left':>4} {'median s':>9} {'p90 s':>8} {'max s':>8} {'nodes med':>10} {'p90':>8} {'max':>8}"
    )
    for plays_left in (int(text) for text in args.plays_left.split(",")):
        row = measure(args.variant, args.positions, plays_left)
        print(
            f"{plays_left:>4} {row['median s']:>9.4f} {row['p90 s']:>8.4f} {row['max s']:>8.4f} "
            f"{row['median nodes']:>10.0f} {row['p90 nodes']:>8.0f} {row['max nodes']:>8.0f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

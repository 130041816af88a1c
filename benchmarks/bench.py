"""Benchmarks: random full deals, legal-move generation and apply_move.

Run: ``python benchmarks/bench.py [--seconds S] [--json FILE]``.

Figures are printed beside a baseline measured in the same process (a fixed
pure-Python workload), since the machines are shared and noisy: compare the
ratios, not the raw numbers, between runs.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from seep import apply_move, legal_moves, new_deal
from seep.state import State


def _rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second, over at least ``seconds``."""
    done = 0
    start = time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def baseline() -> int:
    """A fixed pure-Python workload: sort and sum 52-element lists (1 unit)."""
    rng = random.Random(0)
    deck = list(range(52))
    for _ in range(50):
        rng.shuffle(deck)
        sorted(deck)
    return 1


def play_random_deal(variant: str, seed: int) -> list[State]:
    """Every state of one deal played by uniformly random legal moves."""
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    states = [state]
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


def corpus(deals: int = 40) -> list[State]:
    """A fixed corpus of positions from early, middle and late in seeded deals."""
    return [s for seed in range(deals) for s in play_random_deal("standard", seed)[::6]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()

    results: dict[str, float] = {}
    results["baseline units/s"] = _rate(baseline, args.seconds)

    seeds = iter(range(10**9))

    def one_deal() -> int:
        play_random_deal("standard", next(seeds))
        return 1

    results["standard random deals/s"] = _rate(one_deal, args.seconds)

    positions = corpus()

    def generate_all() -> int:
        for state in positions:
            object.__setattr__(state, "_legal_cache", None)
            legal_moves(state)
        return len(positions)

    results["legal_moves calls/s (corpus, uncached)"] = _rate(generate_all, args.seconds)
    pairs = [(s, legal_moves(s)[0]) for s in positions if not s.is_over]

    def apply_all() -> int:
        for state, move in pairs:
            apply_move(state, move)
        return len(pairs)

    results["apply_move calls/s (cached legality)"] = _rate(apply_all, args.seconds)

    def hash_all() -> int:
        for state in positions:
            hash(state)
            state == state  # noqa: B015
        return len(positions)

    results["hash + eq per second"] = _rate(hash_all, args.seconds)

    base = results["baseline units/s"]
    print(f"{'benchmark':<44}{'per second':>14}{'x baseline':>12}")
    for name, value in results.items():
        print(f"{name:<44}{value:>14,.0f}{value / base:>12.2f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"results": results}, handle, indent=2)


if __name__ == "__main__":
    main()

"""SearchBot iterations per CPU second on the suite's workload, best of several rounds.

Run from the repository root::

    python benchmarks/search_rate.py [--deals 2] [--iterations 20] [--rounds 5]
    python benchmarks/search_rate.py --compare OLD_SRC NEW_SRC [--pairs 5]
    python benchmarks/search_rate.py --decisions 3     # no timing: for instruction counts

The workload is ``benchmarks/run.py``'s ``SearchBot iterations/s``: the
mover's view at plies 4, 12, 24 and 36 of seeded random standard deals
(deals ``2000``, ``2001``, ...; two deals make eight views), and at each one
:class:`seep.bots.SearchBot` decision of ``--iterations`` iterations (bot
seed: the view's index). One round makes every decision once; after one
untimed round (the engine's caches warm, as in a long run), each round is
timed in CPU seconds, and the best round's iterations per second printed.

``--compare OLD_SRC NEW_SRC`` runs this script in fresh processes with
``PYTHONPATH`` set to each ``src`` directory in turn (``--pairs`` times,
alternating) and prints each side's best rate and their ratio: two
checkouts measured on the same machine at the same time. The script uses
only the public API, so an older checkout can be measured with it.

``--decisions N`` makes N rounds untimed and prints nothing: run it under
``valgrind --tool=callgrind`` (with ``PYTHONHASHSEED=0``), and once with
``--decisions 0`` (the imports and the views only), and subtract.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from collections.abc import Sequence

from seep import apply_move, legal_moves, new_deal
from seep.bots import SearchBot
from seep.moves import Move
from seep.views import View, observe


def search_views(deals: int) -> list[tuple[View, Sequence[Move]]]:
    """The movers' views (and legal moves) at plies 4, 12, 24 and 36 of seeded standard deals."""
    found: list[tuple[View, Sequence[Move]]] = []
    for seed in range(2000, 2000 + deals):
        rng = random.Random(seed)
        state = new_deal("standard", seed=seed)
        states = [state]
        while not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
            states.append(state)
        for ply in (4, 12, 24, 36):
            state = states[ply]
            assert state.to_move is not None
            found.append((observe(state, state.to_move), legal_moves(state)))
    return found


def decide(views: Sequence[tuple[View, Sequence[Move]]], iterations: int) -> int:
    """One round: a seeded decision at every view; the iterations run."""
    done = 0
    for index, (view, moves) in enumerate(views):
        SearchBot(seed=index, iterations=iterations).choose(view, moves)
        done += iterations if len(moves) > 1 else 0
    return done


def best_rate(deals: int, iterations: int, rounds: int) -> float:
    """Iterations per CPU second of the best of ``rounds`` timed rounds (after an untimed one)."""
    views = search_views(deals)
    decide(views, iterations)
    best = 0.0
    for _ in range(rounds):
        start = time.process_time()
        done = decide(views, iterations)
        best = max(best, done / (time.process_time() - start))
    return best


def compare(sources: Sequence[str], pairs: int, argv: Sequence[str]) -> dict[str, float]:
    """Each source's best rate over ``pairs`` fresh processes, run alternately."""
    best = dict.fromkeys(sources, 0.0)
    for _ in range(pairs):
        for source in sources:
            env = {**os.environ, "PYTHONPATH": source, "PYTHONHASHSEED": "0"}
            out = subprocess.run(
                [sys.executable, __file__, *argv],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            best[source] = max(best[source], float(out.split()[-1]))
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=None, metavar="N")
    parser.add_argument("--compare", nargs=2, metavar=("OLD_SRC", "NEW_SRC"))
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args(argv)
    if args.compare:
        forwarded = ["--deals", str(args.deals), "--iterations", str(args.iterations)]
        forwarded += ["--rounds", str(args.rounds)]
        best = compare(args.compare, args.pairs, forwarded)
        old, new = (best[source] for source in args.compare)
        print(f"old {old:.1f} iterations/s, new {new:.1f} iterations/s, new/old {new / old:.3f}")
        return 0
    if args.decisions is not None:
        views = search_views(args.deals)
        for _ in range(args.decisions):
            decide(views, args.iterations)
        return 0
    print(f"{best_rate(args.deals, args.iterations, args.rounds):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

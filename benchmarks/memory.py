"""Peak resident memory of a long-running process, on three workloads.

Usage::

    PYTHONPATH=src python benchmarks/memory.py                  # all three, full size
    PYTHONPATH=src python benchmarks/memory.py --deals 2000 --floors 2000
    PYTHONPATH=src python benchmarks/memory.py --workload crowded --budget 8M

The workloads, each run in a fresh process:

``standard``, ``taash``
    ``--deals`` seeded deals (20,000 by default) played by uniformly random
    legal moves.
``crowded``
    ``--floors`` seeded crowded floors (20,000 by default) of 14 to 22 loose
    cards and 3 in hand, standard and taash by turns: each floor's moves
    are counted, and ten of them, chosen at random, built from the move
    list.

For each workload the script prints the peak resident memory at the start
and at the end (on Linux the process's ``VmHWM``: ``ru_maxrss`` would carry
over the peak of the process that started it, which the fresh process's
peak is meant to leave out; ``ru_maxrss`` elsewhere), the
seconds taken, and what :func:`seep.cache_report` says the caches hold.
``--budget`` sets the caches' budget (as ``SEEP_CACHE_BUDGET`` does).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

WORKLOADS = ("standard", "taash", "crowded")


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB.

    On Linux, ``VmHWM`` of ``/proc/self/status``: the peak of this program's
    own memory. ``ru_maxrss`` keeps the peak of the process it was forked
    from across ``exec``, so a workload started by a large benchmark process
    would report that process's size. Elsewhere ``ru_maxrss`` (KiB on Linux,
    bytes on macOS).
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def random_deals(variant: str, deals: int) -> None:
    """``deals`` seeded deals of ``variant`` played by random legal moves."""
    from seep import apply_move, legal_moves, new_deal

    for seed in range(deals):
        rng = random.Random(seed)
        state = new_deal(variant, seed=seed)
        while not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))


def crowded_floors(floors: int) -> None:
    """``floors`` seeded floors of 14 to 22 loose cards: their moves counted, ten built."""
    from seep import count_legal_moves, legal_moves
    from seep.cards import ALL_CARDS
    from seep.testing import position

    cards = [str(card) for card in ALL_CARDS]
    for seed in range(floors):
        rng = random.Random(f"memory/{seed}")
        deck = cards[:]
        rng.shuffle(deck)
        loose = rng.randint(14, 22)
        variant = ("standard", "taash")[seed % 2]
        state = position(variant, hand=" ".join(deck[:3]), loose=" ".join(deck[3 : 3 + loose]))
        count = count_legal_moves(state)
        moves = legal_moves(state)
        for _ in range(10):
            moves[rng.randrange(count)]


def run(workload: str, size: int) -> dict[str, Any]:
    """Run one workload in this process and report its memory."""
    import seep

    start = peak_mb()
    began = time.perf_counter()
    if workload == "crowded":
        crowded_floors(size)
    else:
        random_deals(workload, size)
    seconds = time.perf_counter() - began
    found = {
        "workload": workload,
        "size": size,
        "peak MB at start": round(start, 1),
        "peak MB": round(peak_mb(), 1),
        "seconds": round(seconds, 1),
    }
    if hasattr(seep, "cache_report"):  # older versions of the package had no budget
        report = seep.cache_report()
        found["caches"] = (
            f"{report.size / 2**20:.1f} of {report.budget / 2**20:.0f} MB, {report.entries} entries"
        )
    return found


def measure(workload: str, size: int, budget: str | None = None) -> dict[str, Any]:
    """Run one workload in a fresh process (so its peak is its own) and return its report."""
    environment = dict(os.environ)
    if budget is not None:
        environment["SEEP_CACHE_BUDGET"] = budget
    command = [sys.executable, __file__, "--child", workload, "--size", str(size)]
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workload", choices=WORKLOADS, action="append", help="default: all three")
    parser.add_argument("--deals", type=int, default=20_000, help="random deals (default 20,000)")
    parser.add_argument(
        "--floors", type=int, default=20_000, help="crowded floors (default 20,000)"
    )
    parser.add_argument("--budget", help="the caches' budget, e.g. 32M (default: the package's)")
    parser.add_argument("--child", choices=WORKLOADS, help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.child:
        print(json.dumps(run(options.child, options.size)))
        return 0
    for workload in options.workload or WORKLOADS:
        size = options.floors if workload == "crowded" else options.deals
        result = measure(workload, size, options.budget)
        print(
            f"{workload:>8} x {size:>6}: peak {result['peak MB at start']:6.1f} -> "
            f"{result['peak MB']:6.1f} MB in {result['seconds']:7.1f} s; "
            f"caches {result.get('caches', '(no report)')}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

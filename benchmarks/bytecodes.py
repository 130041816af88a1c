"""Where a random play's interpreted work goes: bytecodes a play, by part and by function.

Run from the repository root, in the pure build::

    python benchmarks/bytecodes.py [--variant standard] [--warm 3000] [--deals 40] [--top 25]

The suite's ``deals/s`` plays ``apply_move(state, rng.choice(legal_moves(state)))``
until the deal is over. This script plays ``--warm`` such deals to fill the
engine's caches as a long run does, then ``--deals`` more under a tracer that
counts every bytecode the interpreter runs, and prints the bytecodes a play
(the bid included) takes:

* by **part** of the round: the move list (``legal_moves``), the move
  picked (``random.choice``: the list's length and the one move built),
  ``apply_move``, ``new_deal`` (per play) and the loop itself;
* by **function**, with the part it ran in.

Unlike time, a count of bytecodes does not move with the machine's load, so
two versions compare in one run each. It is not a measure of time: a
bytecode that calls into C, allocates or misses a cache costs more than one
that adds two small ints. In the compiled build the engine runs no
bytecode, so the script refuses to run there (exit status 2).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import build, deals_of

from seep import apply_move, legal_moves, new_deal
from seep.state import State

LOOP = "the loop"


def play_deal(variant: str, seed: int) -> int:
    """One random deal as the suite plays it (see ``run.play_random_deal``); its number of plays."""
    rng = random.Random(seed)
    state: State = new_deal(variant, seed=seed)
    plays = 0
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
        plays += 1
    return plays


#: The parts of a round, by the code object that starts each.
PARTS: dict[CodeType, str] = {
    legal_moves.__code__: "the move list (legal_moves)",
    random.Random.choice.__code__: "the move picked (random.choice)",
    apply_move.__code__: "apply_move",
    new_deal.__code__: "new_deal",
    play_deal.__code__: LOOP,
}


class Counts:
    """Bytecodes counted by part and by function (``(part, file, function)``), and the plays."""

    def __init__(self) -> None:
        self.by_part: Counter[str] = Counter()
        self.by_function: Counter[tuple[str, str, str]] = Counter()
        self.plays = 0

    @property
    def total(self) -> int:
        return sum(self.by_part.values())


def _part_of(frame: FrameType | None) -> str | None:
    """The part of the round ``frame`` runs in: that of its nearest caller that starts one."""
    while frame is not None:
        part = PARTS.get(frame.f_code)
        if part is not None:
            return part
        frame = frame.f_back
    return None


def count(variant: str, seeds: range) -> Counts:
    """The bytecodes of random deals of ``variant`` from ``seeds``, played under a tracer."""
    counts = Counts()

    def tracer(frame: FrameType, event: str, arg: object) -> Callable[..., Any] | None:
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
            return tracer
        if event == "opcode":
            part = _part_of(frame)
            if part is not None:
                code = frame.f_code
                name = getattr(code, "co_qualname", code.co_name)
                counts.by_part[part] += 1
                counts.by_function[part, Path(code.co_filename).name, name] += 1
        return tracer

    sys.settrace(tracer)
    try:
        plays = sum(play_deal(variant, seed) for seed in seeds)
    finally:
        sys.settrace(None)
    counts.plays = plays
    return counts


def report(counts: Counts, top: int) -> list[str]:
    """The lines the script prints: the total, each part and the ``top`` functions, per play."""
    plays = counts.plays
    total = counts.total
    lines = [f"{total / plays:,.0f} bytecodes a play ({plays} plays)", "by part:"]
    for part, n in counts.by_part.most_common():
        lines.append(f"  {n / plays:8,.0f}  {n / total:6.1%}  {part}")
    lines.append("by function:")
    for (part, file, name), n in counts.by_function.most_common(top):
        lines.append(f"  {n / plays:8,.1f}  {name} ({file}) in {part}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--warm", type=int, default=3000, help="deals played first, untraced")
    parser.add_argument("--deals", type=int, default=40, help="deals traced")
    parser.add_argument("--top", type=int, default=25, help="functions listed")
    options = parser.parse_args(argv)
    if build() != "pure":
        print("the compiled build runs no bytecode in the engine: run this in the pure build")
        return 2
    warm = deals_of(options.variant, 0)
    for _ in range(options.warm):
        warm()
    counts = count(options.variant, range(7_000_000, 7_000_000 + options.deals))
    print(f"{options.variant}, pure build, after {options.warm} deals to warm the caches:")
    print("\n".join(report(counts, options.top)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

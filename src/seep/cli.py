"""The ``seep`` command line: ``seep demo`` plays a deal between random players.

>>> main(["demo", "--seed", "3", "--quiet"])
0
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from seep.deal import new_deal
from seep.moves import Take
from seep.notation import format_state
from seep.rules import apply_move, legal_moves
from seep.scoring import deal_score
from seep.variants import variant_names

__all__ = ["main"]


def _demo(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    state = new_deal(args.variant, seed=args.seed, dealer=args.dealer)
    out = sys.stdout
    if not args.quiet:
        redeals = f" after {state.redeals} redeal(s)" if state.redeals else ""
        print(
            f"Seep, {state.variant.name}: seed {args.seed}, dealer seat {state.dealer}{redeals}",
            file=out,
        )
        print(format_state(state), file=out)
        print(file=out)
    while not state.is_over:
        seat = state.to_move
        move = rng.choice(legal_moves(state))
        before = len(state.seeps)
        state = apply_move(state, move)
        if args.quiet:
            continue
        line = f"{state.plays:>2}  seat {seat}  {move}"
        if isinstance(move, Take) and len(state.seeps) > before:
            line += f"   SEEP +{state.seeps[-1].points}"
        elif move.__class__.__name__ == "Bid":
            line = f" -  seat {seat}  {move}   floor turns up: {state.loose}"
        print(line, file=out)
    score = deal_score(state)
    if not args.quiet:
        print(file=out)
        for team, result in enumerate(score.teams):
            print(
                f"team {team}: cards {result.cards:>3}  seeps {result.seeps:>3}  total {result.total:>3}",
                file=out,
            )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="seep", description="Seep rules engine")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="random players play one deal, every move printed")
    demo.add_argument("--seed", type=int, default=None, help="seed for the deal and the players")
    demo.add_argument("--variant", default="standard", choices=variant_names())
    demo.add_argument("--dealer", type=int, default=0)
    demo.add_argument("--quiet", action="store_true", help="play without printing")
    args = parser.parse_args(argv)
    if args.command == "demo":
        return _demo(args)
    return 2  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

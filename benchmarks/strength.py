"""One bot against another: win share with its Wilson 95% interval, and CPU seconds per decision.

Run from the repository root::

    python benchmarks/strength.py --variant standard --deals 200 best greedy
    python benchmarks/strength.py --deals 200 best search --second-option iterations=300
    python benchmarks/strength.py --deals 200 search greedy --first-option iterations=40 --seed-stride 4

Deal ``i`` is dealt from seed ``i`` with dealer ``i % players``; the first
bot's team sits on the even seats in even deals and on the odd seats in odd
deals (seats alternate, so neither side keeps the bidder's seat). Every
seat gets its own bot seed (``i * 16 + seat``, as :func:`seep.sim.play_game`
gives; ``--seed-stride N`` makes it ``i * N + seat``: the search tables of
the docs were measured with the number of players). A deal is won by the team with the higher deal score (R9.3); a tie
counts half (:func:`seep.sim.summarize`). CPU time is each bot's own
``choose`` time (``time.process_time``), over its decisions with more than
one legal move.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

from seep import deal_score, new_deal
from seep.bots import Bot, make_bot, play_deal
from seep.moves import Move
from seep.sim import GameResult, summarize
from seep.views import View


class _Timed:
    """A bot wrapper that records the CPU time of each of its bot's decisions."""

    def __init__(self, bot: Bot, seconds: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = seconds

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        start = time.process_time()
        move = self.bot.choose(view, moves)
        if len(moves) > 1:
            self.seconds.append(time.process_time() - start)
        return move


def _options(items: Sequence[str]) -> dict[str, float]:
    """``name=number`` pairs as keyword options."""
    options: dict[str, float] = {}
    for item in items:
        name, _, value = item.partition("=")
        options[name.strip()] = float(value)
    return options


def run(
    variant: str,
    deals: int,
    first: str,
    second: str,
    first_options: dict[str, float],
    second_options: dict[str, float],
    start: int = 0,
    seed_stride: int = 16,
) -> dict[str, object]:
    """Play ``deals`` deals of ``first`` against ``second`` and summarise them from ``first``'s side."""
    players = new_deal(variant, seed=0).players
    results: list[GameResult] = []
    seconds: tuple[list[float], list[float]] = ([], [])
    for index in range(start, start + deals):
        first_team = index % 2
        bots: list[Bot] = []
        for seat in range(players):
            mine = seat % 2 == first_team
            kind, options = (first, first_options) if mine else (second, second_options)
            bot = make_bot(kind, seed=index * seed_stride + seat, **options)
            bots.append(_Timed(bot, seconds[0 if mine else 1]))
        final = play_deal(new_deal(variant, seed=index, dealer=index % players), bots)
        totals = deal_score(final).totals
        winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
        results.append(
            GameResult(
                seed=index,
                winner=winner,
                deals=1,
                points=(totals[0], totals[1]),
                card_points=(0, 0),
                seeps=(0, 0),
                swapped=first_team == 1,
            )
        )
    summary = summarize(results)
    report: dict[str, object] = {
        "variant": variant,
        "deals": deals,
        "first": {"bot": first, **first_options},
        "second": {"bot": second, **second_options},
        "win share": round(summary.win_rate, 4),
        "win share 95%": [round(x, 4) for x in summary.win_rate_ci],
        "wins, draws, losses": [summary.wins, summary.draws, summary.losses],
        "mean margin": round(summary.mean_margin, 2),
        "mean margin 95%": [round(x, 2) for x in summary.margin_ci],
    }
    for label, times in zip(("first", "second"), seconds, strict=True):
        report[f"{label} cpu s per decision (mean, max)"] = [
            round(sum(times) / max(len(times), 1), 4),
            round(max(times, default=0.0), 4),
        ]
        report[f"{label} decisions"] = len(times)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="bot spec of the first bot (the side reported)")
    parser.add_argument("second", help="bot spec of its opponent")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--first-option", action="append", default=[], metavar="NAME=NUMBER")
    parser.add_argument("--second-option", action="append", default=[], metavar="NAME=NUMBER")
    parser.add_argument(
        "--seed-stride", type=int, default=16, help="bot seeds are deal * N + seat (default 16)"
    )
    parser.add_argument("--json", default=None, help="also write the report here")
    args = parser.parse_args(argv)
    began = time.process_time()
    report = run(
        args.variant,
        args.deals,
        args.first,
        args.second,
        _options(args.first_option),
        _options(args.second_option),
        args.start,
        args.seed_stride,
    )
    report["cpu seconds"] = round(time.process_time() - began, 1)
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

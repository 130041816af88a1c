"""SearchBot against GreedyBot: win share and score difference with 95% intervals.

Run from the repository root::

    python benchmarks/search_strength.py --variant standard --deals 200 --iterations 40 [--json OUT]

Deal ``i`` is dealt from seed ``i`` with dealer ``i % players``; the search
team sits on the even seats in even deals and on the odd seats in odd deals
(seats alternate, so neither side keeps the bidder's seat). Every seat gets
its own bot seed. A deal is won by the team with the higher deal score
(R9.3); a tie counts half. The win share's interval is Wilson's score
interval, the mean difference's a normal interval; the time per decision is
the search bot's own ``choose`` time, averaged over its decisions with more
than one legal move.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence

from seep import deal_score, new_deal
from seep.bots import GreedyBot, SearchBot, play_deal
from seep.moves import Move
from seep.views import View

Z95 = 1.959963984540054


class _Timed:
    """A bot wrapper that adds up the time its bot spends choosing."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        start = time.perf_counter()
        move = self.bot.choose(view, moves)
        if len(moves) > 1:
            self.seconds += time.perf_counter() - start
            self.decisions += 1
        return move


def wilson(successes: float, n: int) -> tuple[float, float]:
    """Wilson's 95% score interval for a proportion."""
    p = successes / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return centre - half, centre + half


def run(variant: str, deals: int, iterations: int) -> dict[str, object]:
    """Play ``deals`` deals and summarise them."""
    players = new_deal(variant, seed=0).players
    wins = 0.0
    differences: list[int] = []
    timed: list[_Timed] = []
    for index in range(deals):
        search_team = index % 2
        bots: list[object] = []
        for seat in range(players):
            seed = index * players + seat
            if seat % 2 == search_team:
                bot = _Timed(SearchBot(seed=seed, iterations=iterations))
                timed.append(bot)
                bots.append(bot)
            else:
                bots.append(GreedyBot(seed=seed))
        state = new_deal(variant, seed=index, dealer=index % players)
        final = play_deal(state, bots)  # type: ignore[arg-type]
        totals = deal_score(final).totals
        difference = totals[search_team] - totals[1 - search_team]
        differences.append(difference)
        wins += 1.0 if difference > 0 else 0.5 if difference == 0 else 0.0
    share = wins / deals
    low, high = wilson(wins, deals)
    mean = statistics.fmean(differences)
    half = Z95 * statistics.stdev(differences) / math.sqrt(deals)
    seconds = sum(bot.seconds for bot in timed)
    decisions = sum(bot.decisions for bot in timed)
    return {
        "variant": variant,
        "deals": deals,
        "iterations": iterations,
        "win share": share,
        "win share 95%": [low, high],
        "mean difference": mean,
        "mean difference 95%": [mean - half, mean + half],
        "seconds per decision": seconds / max(decisions, 1),
        "decisions": decisions,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    start = time.process_time()
    result = run(args.variant, args.deals, args.iterations)
    result["cpu seconds"] = time.process_time() - start
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Write tests/data/perft.json: exact perft counts for fixed seeded positions.

Run: ``python benchmarks/make_perft_table.py [--check] [--max-seconds S]``.

The table is a regression test of the move generator and the transition
function (``tests/test_perft.py`` checks every entry). Regenerate it only
for a deliberate rule change, and review the diff: a changed count means
the set of legal move sequences changed. A speed-up of the engine must
leave the table exactly as it is (``--check`` recomputes every count and
compares it with the file, without writing).

For each built-in variant and each seed, the positions are:

``new``
    ``new_deal(variant, seed=seed)``, before the bid (taash: the opening round).
``first``
    after the first move, ``legal_moves(state)[0]`` (standard: the bid).
``mid-N``
    after ``N`` plies, ply ``i`` (from 0) playing ``legal_moves(state)[k % len]``
    with ``k = 7 * i + seed``.

Every position is stored twice: as its path from the seeded deal (moves in
notation) and as a ``seep-state/1`` document. Depths 1 to 3 are always
counted; depth 4 only where it takes less than ``--max-seconds`` (its depth 3
time times its branching factor is the estimate).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from seep import apply_move, format_move, legal_moves, new_deal, state_to_dict
from seep.perft import perft
from seep.state import State

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tests" / "data" / "perft.json"
VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")
SEEDS = (1, 2)
MID_PLIES = (9, 26)


def walk(variant: str, seed: int, plies: int) -> tuple[State, list[str]]:
    """The state after ``plies`` index-played plies of the seeded deal, and the path."""
    state = new_deal(variant, seed=seed)
    path: list[str] = []
    for ply in range(plies):
        moves = legal_moves(state)
        move = moves[(7 * ply + seed) % len(moves)]
        path.append(format_move(move))
        state = apply_move(state, move)
    return state, path


def positions() -> list[tuple[str, str, int, State, list[str]]]:
    """``(id, variant, seed, state, path)`` for every position of the table."""
    found = []
    for variant in VARIANTS:
        for seed in SEEDS:
            new = new_deal(variant, seed=seed)
            first_move = legal_moves(new)[0]
            found.append((f"{variant}/{seed}/new", variant, seed, new, []))
            found.append(
                (
                    f"{variant}/{seed}/first",
                    variant,
                    seed,
                    apply_move(new, first_move),
                    [format_move(first_move)],
                )
            )
            for plies in MID_PLIES:
                state, path = walk(variant, seed, plies)
                found.append((f"{variant}/{seed}/mid-{plies}", variant, seed, state, path))
    return found


def counts_for(state: State, max_seconds: float) -> tuple[dict[str, int], dict[str, float]]:
    """Perft at depths 1..3, and 4 when its estimated time is under ``max_seconds``."""
    counts: dict[str, int] = {}
    seconds: dict[str, float] = {}
    for depth in (1, 2, 3, 4):
        if depth == 4:
            branching = counts["3"] / max(counts["2"], 1)
            if seconds["3"] * max(branching, 1.0) > max_seconds:
                break
        start = time.perf_counter()
        counts[str(depth)] = perft(state, depth)
        seconds[str(depth)] = time.perf_counter() - start
    return counts, seconds


def build(max_seconds: float) -> dict[str, Any]:
    entries = []
    for ident, variant, seed, state, path in positions():
        counts, seconds = counts_for(state, max_seconds)
        slowest = max(seconds.values())
        print(f"{ident:<28} {counts}  ({slowest:.2f} s)", file=sys.stderr)
        entries.append(
            {
                "id": ident,
                "variant": variant,
                "seed": seed,
                "path": path,
                "state": state_to_dict(state),
                "perft": counts,
            }
        )
    return {
        "format": "seep-perft/1",
        "about": (
            "Exact perft counts (leaf nodes at exactly that many plies; a finished deal is "
            "one leaf) for seeded positions. Written by benchmarks/make_perft_table.py; "
            "regenerate only for a deliberate rule change."
        ),
        "positions": entries,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the file, write nothing")
    parser.add_argument("--max-seconds", type=float, default=0.5, help="time budget for depth 4")
    args = parser.parse_args(argv)
    if args.check:
        stored = json.loads(TABLE.read_text(encoding="utf-8"))
        bad = 0
        for entry in stored["positions"]:
            from seep import state_from_dict

            state = state_from_dict(entry["state"])
            for depth, expected in entry["perft"].items():
                got = perft(state, int(depth))
                if got != expected:
                    bad += 1
                    print(f"{entry['id']} depth {depth}: {got} != {expected}", file=sys.stderr)
        print("perft table: " + ("OK" if not bad else f"{bad} differences"), file=sys.stderr)
        return 1 if bad else 0
    table = build(args.max_seconds)
    TABLE.parent.mkdir(parents=True, exist_ok=True)
    TABLE.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {TABLE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

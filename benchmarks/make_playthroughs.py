"""Write tests/data/playthroughs/<variant>.txt: one seeded deal per built-in variant, every step.

Run: ``python benchmarks/make_playthroughs.py [--write] [--check] [VARIANT ...]``.

A playthrough is a golden file in the manner of OpenSpiel's: the whole of one
deal, written out step by step. Each step shows the state as
:func:`seep.render.state_text` prints it (the printer of ``seep show``),
every legal move in canonical order and in move notation, and the
move played. The file ends with the deal score per team (:mod:`seep.scoring`)
and what the variant's match rule makes of the deal
(``variant.match.after_deal(Standing(), totals)``).

The moves are chosen by ``random.Random(seed)`` (``rng.randrange(len(moves))``),
never by a bot, so only a change of the rules, of the deal or of the printer
can change a file. ``tests/test_playthroughs.py`` regenerates every file in
memory and compares it with the stored one. Regenerate (``--write``) only for
a deliberate change of the rules or of the printer, and read the diff.

Without ``--write`` the script prints the playthroughs to standard output;
``--check`` compares them with the files and writes nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from seep import apply_move, deal_score, format_move, get_variant, legal_moves, new_deal
from seep.render import state_text
from seep.variants import Standing

ROOT = Path(__file__).resolve().parent.parent
DIRECTORY = ROOT / "tests" / "data" / "playthroughs"

#: The seed of each built-in variant's deal, picked for deals that show a lot:
#: houses built, raised, locked (pakka) and taken, seeps, and match outcomes
#: both over and going on.
SEEDS = {
    "standard": 12,
    "standard-2p": 1,
    "taash": 23,
    "taash-2p": 21,
    "taash-2p-full": 14,
    "taash-2p-short": 23,
    "taash-full": 31,
    "taash-short": 19,
}

#: A list of legal moves longer than this is shown as its count and its first
#: and last ``SHOWN`` moves.
MAX_LISTED = 300
SHOWN = 20
#: Move lists are wrapped to lines of at most this many characters.
WIDTH = 100


def _header(variant: str, seed: int) -> list[str]:
    return [
        f"# seep playthrough: variant {variant}, seed {seed}",
        "#",
        f"# One deal, new_deal({variant!r}, seed={seed}), played to its end. Each step shows",
        "# the state (seep.render.state_text, as `seep show` prints it), every legal move",
        "# in canonical order (move notation), and the move played, chosen by",
        f"# random.Random({seed}).randrange(len(moves)), never by a bot. A list of more than",
        f"# {MAX_LISTED} moves is shown as its count and its first and last {SHOWN} moves.",
        "# The end gives the deal score per team and what the variant's match rule makes",
        "# of the deal (variant.match.after_deal(Standing(), totals)).",
        "#",
        "# Golden file, compared by tests/test_playthroughs.py. Change it only for a deliberate",
        "# change of the rules or of the printer, and read the diff; regenerate with",
        "#   python benchmarks/make_playthroughs.py --write",
    ]


def _wrapped(words: Sequence[str], indent: str) -> list[str]:
    """``words`` joined with ``', '`` into lines of at most ``WIDTH`` characters."""
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line}, {word}" if line else word
        if line and len(indent) + len(candidate) + 1 > WIDTH:
            lines.append(f"{indent}{line},")
            line = word
        else:
            line = candidate
    if line:
        lines.append(indent + line)
    return lines


def _move_lines(notations: Sequence[str]) -> list[str]:
    if len(notations) <= MAX_LISTED:
        return [f"legal moves ({len(notations)}):", *_wrapped(notations, "  ")]
    return [
        f"legal moves ({len(notations)}, first and last {SHOWN} shown):",
        *_wrapped(notations[:SHOWN], "  "),
        "  ...",
        *_wrapped(notations[-SHOWN:], "  "),
    ]


def playthrough(variant: str, seed: int) -> str:
    """The text of the playthrough of ``variant``'s deal ``seed``."""
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    lines = _header(variant, seed)
    ply = 0
    while not state.is_over:
        moves = legal_moves(state)
        index = rng.randrange(len(moves))
        notations = [format_move(move) for move in moves]
        lines.append("")
        lines.append(f"== ply {ply}: seat {state.to_move} to move ==")
        lines.append(state_text(state))
        lines.extend(_move_lines(notations))
        lines.append(f"played: {notations[index]}  (move {index + 1} of {len(moves)})")
        state = apply_move(state, moves[index])
        ply += 1
    lines.append("")
    lines.append(f"== end after {ply} plies ==")
    lines.append(state_text(state))
    score = deal_score(state)
    lines.append("")
    lines.append("deal score:")
    for team, team_score in enumerate(score.teams):
        lines.append(
            f"  team {team}: cards {team_score.cards} + seeps {team_score.seeps}"
            f" = {team_score.total}"
        )
    rule = get_variant(variant).match
    totals = (score.totals[0], score.totals[1])
    standing = rule.after_deal(Standing(), totals)
    lines.append(f"match rule {rule!r} after this deal:")
    lines.append(
        f"  deals {standing.deals}  lead {standing.lead}  banked {standing.banked[0]}-"
        f"{standing.banked[1]}  over {standing.over}  winner {standing.winner}"
    )
    lines.append(f"  reason: {standing.reason or '-'}")
    return "\n".join(lines) + "\n"


def path_of(variant: str) -> Path:
    """Where the playthrough of ``variant`` is stored."""
    return DIRECTORY / f"{variant}.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", help="variants to play (default: all)")
    parser.add_argument("--write", action="store_true", help="write the files")
    parser.add_argument("--check", action="store_true", help="compare with the files")
    args = parser.parse_args(argv)
    unknown = [name for name in args.variants if name not in SEEDS]
    if unknown:
        parser.error(f"no playthrough for {', '.join(unknown)}; known: {', '.join(SEEDS)}")
    bad = 0
    for variant in args.variants or SEEDS:
        text = playthrough(variant, SEEDS[variant])
        target = path_of(variant)
        if args.check:
            same = target.exists() and target.read_text(encoding="utf-8") == text
            bad += not same
            print(f"{target.name}: {'OK' if same else 'differs'}", file=sys.stderr)
        elif args.write:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target}", file=sys.stderr)
        else:
            sys.stdout.write(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

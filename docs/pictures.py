"""The pictures on the documentation pages, drawn by seep.svg from one seeded deal.

Run ``python docs/pictures.py`` after changing the drawing; a test checks
that the files in ``docs/_static/pictures/`` are what this script writes.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent / "src"))

from seep import Build, State, apply_move, legal_moves, new_deal  # noqa: E402
from seep.moves import Move  # noqa: E402
from seep.svg import state_svg  # noqa: E402
from seep.testing import position  # noqa: E402

FOLDER = ROOT / "_static" / "pictures"
SEED = 3  # a standard deal with a house, a locked house and a seep early on


def _deal() -> list[tuple[State, Move | None]]:
    """Every state of the seeded random deal, with the move that led to it."""
    state, rng = new_deal("standard", seed=SEED), random.Random(SEED)
    steps: list[tuple[State, Move | None]] = [(state, None)]
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        state = apply_move(state, move)
        steps.append((state, move))
    return steps


def _first(steps: list[tuple[State, Move | None]], test: Callable[[State, State, Move], bool]) -> State:
    for (before, _), (after, move) in zip(steps, steps[1:]):
        if move is not None and test(before, after, move):
            return after
    raise LookupError("the seeded deal has no such moment")


def _new_house(before: State, after: State, move: Move) -> bool:
    return isinstance(move, Build) and before.house(move.value) is None


def _locks(before: State, after: State, move: Move) -> bool:
    if not isinstance(move, Build):
        return False
    old, new = before.house(move.value), after.house(move.value)
    return old is not None and not old.locked and new is not None and new.locked


def _seep(before: State, after: State, move: Move) -> bool:
    return len(after.seeps) > len(before.seeps)


def _table(before: State, after: State, move: Move) -> bool:
    """A table for the landing page: loose cards, a locked house and an open one."""
    locked = [house.locked for house in after.houses]
    return len(after.loose) >= 3 and True in locked and False in locked


def endgame() -> State:
    """The worked endgame of the solver page: four plays left in a two-player deal."""
    return position(
        "standard-2p",
        hand="5S KD",
        hands={1: "4H 8C"},
        loose="5H 4C",
        plays=44,
        piles=["AS 2S 3S 6S 7S TD AH", ""],
    )


def pictures() -> dict[str, str]:
    """The file name and SVG document of every picture."""
    steps = _deal()
    return {
        "opening.svg": state_svg(steps[0][0], seat=1),
        "house.svg": state_svg(_first(steps, _new_house)),
        "locked-house.svg": state_svg(_first(steps, _locks)),
        "seep.svg": state_svg(_first(steps, _seep)),
        "table.svg": state_svg(_first(steps, _table)),
        "endgame.svg": state_svg(endgame()),
    }


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, document in pictures().items():
        (FOLDER / name).write_text(document + "\n", encoding="utf-8")
        print(FOLDER / name)


if __name__ == "__main__":
    main()

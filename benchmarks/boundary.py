"""What the public objects of a random play cost, against the whole play.

Run from the repository root::

    python benchmarks/boundary.py [--deals 200] [--rounds 3] [--seconds 1.0]

A random play through the public API (``apply_move(state,
rng.choice(legal_moves(state)))``, as the suite's ``deals/s``) makes, besides
the rules' work, a fixed set of immutable objects: the move list, the move
picked, the new state with its history node, the mover's new hand and the
floor as card sets. Any design that keeps the immutable public API makes
them once per play; a faster inner design (a mutable working position,
moves as small ints) can only save the rest.

The script records ``--deals`` seeded random standard deals, then measures,
interleaved with the suite's baseline unit, in CPU time:

* **the whole play**: random deals of new seeds, as ``benchmarks/run.py``;
* **the objects alone**: for each recorded play, those objects made again
  from the recorded parts, with the engine's own constructors (the same
  ones the transition uses), and a random index drawn.

It prints the microseconds of each per play, the whole play's ratio to the
baseline, and what is left for the rest of a play at the build's goal
(random standard deals/s 0.75 times the baseline in the pure build, 1.3
times in the compiled build).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import baseline, build, deals_of

from seep import apply_move, legal_moves, new_deal
from seep._engine.bypass import (
    PLAY_CHANGES,
    build_state,
    make_build,
    make_take,
)
from seep._engine.cardset import from_mask as card_set
from seep._engine.nodes import after_play
from seep.moves import Bid, Build, Move, Take
from seep.rules import MoveList, _new_move_list
from seep.state import State

#: Each build's goal for random standard deals/s, as a ratio to the baseline.
GOALS = {"pure": 0.75, "compiled": 1.3}

Play = tuple[State, Move, State, int, dict[str, Any]]


def record(seed: int) -> list[Play]:
    """Each play of a seeded random standard deal: the state, the move, the state after, the number of moves.

    Last, the fields of the state after that a play sets
    (:data:`~seep._engine.bypass.PLAY_CHANGES`), by name.
    """
    rng = random.Random(seed)
    state = new_deal("standard", seed=seed)
    plays: list[Play] = []
    while not state.is_over:
        moves = legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        after = apply_move(state, move)
        fields = {name: getattr(after, name) for name in PLAY_CHANGES}
        plays.append((state, move, after, len(moves), fields))
        state = after
    return plays


def remade_move(move: Move) -> Move:
    """``move`` made again as the engine makes the move it picks.

    A take or a build is a new object with its loose cards; a throw or a
    raise is one the engine made once (``_THROWS``, ``_RAISES`` of
    :mod:`seep._engine.generate`) and hands out again, as the bid is here.
    """
    if isinstance(move, Take):
        return make_take(move.card, card_set(move.loose.mask), move.house)
    if isinstance(move, Build):
        return make_build(move.card, card_set(move.loose.mask), move.value)
    return move


def remake(play: Play, rng: random.Random) -> tuple[MoveList, Move, State]:
    """The public objects of ``play`` made again from its recorded parts: the move list, the move, the state after.

    A random index is drawn as ``random.choice`` draws one. The move list is
    made empty (its moves are the rules' work) and kept on no state.
    """
    state, move, after, count, fields = play
    listed = _new_move_list(MoveList)
    rng.randrange(count)
    made = remade_move(move)
    seat = state.to_move
    assert seat is not None
    # The usual play's node and hands, as the transition makes them; the bid,
    # a deal and a seep (a few plays a deal) keep the recorded ones.
    if isinstance(made, Bid) or after.stock is not state.stock or after.seeps is not state.seeps:
        history, hands = after.history, after.hands
    else:
        history = after_play(state.history, made, seat)
        changed = list(state.hands)
        changed[seat] = card_set(after.hands[seat].mask)
        hands = tuple(changed)
    # The fields a play sets, by keyword as the transition passes them: the
    # recorded ones, but the three made here (the record's own dict, set again).
    fields["hands"] = hands
    fields["loose"] = card_set(after.loose.mask)
    fields["history"] = history
    made_after = build_state(state, **fields)
    return listed, made, made_after


def objects_alone(deals: list[list[Play]]) -> Callable[[], int]:
    """A unit of work: every recorded play's public objects made again; the plays."""
    rng = random.Random(1)

    def work() -> int:
        plays = 0
        for deal in deals:
            for play in deal:
                remake(play, rng)
                plays += 1
        return plays

    return work


def cpu_rate(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work`` per CPU second over about ``seconds``."""
    done = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        done += work()
    return done / spent


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0)
    options = parser.parse_args(argv)
    deals = [record(1_000_000 + seed) for seed in range(options.deals)]
    per_deal = sum(len(deal) for deal in deals) / len(deals)
    alone = objects_alone(deals)
    units: list[float] = []
    plays_ratio = objects_ratio = 0.0  # plays per baseline unit, the best round of each
    for round_ in range(options.rounds):
        unit = cpu_rate(baseline, options.seconds / 2)
        new_deals = deals_of("standard", 3_000_000 + 10_000 * round_)
        plays_ratio = max(plays_ratio, per_deal * cpu_rate(new_deals, options.seconds) / unit)
        objects_ratio = max(objects_ratio, cpu_rate(alone, options.seconds) / unit)
        units.append(unit)
    unit = statistics.median(units)  # baseline units per second, for the microseconds
    play_us = 1e6 / (plays_ratio * unit)
    objects_us = 1e6 / (objects_ratio * unit)
    kind = build()
    goal = GOALS[kind]
    goal_us = 1e6 / (goal * per_deal * unit)
    rest_us = play_us - objects_us
    print(f"{kind} build, plays a deal: {per_deal:.1f}")
    print(
        f"the whole play:    {play_us:6.2f} us ({plays_ratio / per_deal:.3f} deals per baseline unit)"
    )
    print(f"the objects alone: {objects_us:6.2f} us ({objects_us / play_us:.0%} of a play)")
    print(
        f"at the goal ({goal} deals per unit) a play has {goal_us:.2f} us: "
        f"the objects take {objects_us / goal_us:.0%} of it, and the rest of a play "
        f"must fall from {rest_us:.2f} us to {goal_us - objects_us:.2f} us "
        f"({(goal_us - objects_us) / rest_us - 1:+.0%})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

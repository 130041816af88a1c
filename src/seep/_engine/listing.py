"""What a :class:`seep.rules.MoveList` is made of, and finding one of its moves by index.

A move list in normal play holds the mover's :class:`~seep._engine.generate.Position`,
its cards lowest first, their plans and the running total of their numbers of
moves; on a crowded floor (R3.4, R11.7) only the totals, the plans made on first
use. These two steps run once per play of any search or simulation, so they
live in the engine, which the opt-in build compiles, and not in the public
module.

>>> from seep._engine.listing import prepare, pick
>>> from seep.testing import position
>>> listed, where, cards, plans, ends, planned = prepare(position(hand="7S 9H", loose="2S 5D"))
>>> listed, ends, str(pick(where, cards, plans, ends, planned, {}, -1))
(None, [2, 3], 'throw 9H')
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

from seep._engine.generate import PLAN_HOUSED, PLAN_PLAIN, Plan, Position, generate
from seep.moves import Move
from seep.state import Phase, State

#: On a crowded floor (R3.4), a card with more moves than this is ranked, not
#: listed, and whether a move is among them is decided by the rules directly.
LISTED: Final = 256
_PLAY: Final = Phase.PLAY  # read once (see seep.state, where _OVER is read once)


#: What a move list is made of: ``(listed, position, cards, plans, ends, planned)``,
#: each part at its index constant (``prepared[PREPARED_ENDS]``), or unpacked in this order.
#:
#: ``listed``: every move, where they are few and listed at once (the bid,
#: R2.6, R11.2), else ``None``; ``position``: the mover's position in normal
#: play, else ``None``; ``cards``: the mover's cards, lowest first;
#: ``plans``: their plans (empty on a crowded floor); ``ends``: the running
#: total of their numbers of moves; ``planned``: on a crowded floor (R3.4,
#: R11.7) the plans made so far by slot (empty), else ``None`` (all are in
#: ``plans``). A plain tuple, made once per move list: a NamedTuple cost
#: 200 ns a move list, 3% of setting one up and picking a move.
Prepared = tuple[
    tuple[Move, ...] | None,
    Position | None,
    list[int],
    list[Plan],
    list[int],
    dict[int, Plan] | None,
]
#: The index of each part of :data:`Prepared`.
PREPARED_LISTED: Final = 0
PREPARED_POSITION: Final = 1
PREPARED_CARDS: Final = 2
PREPARED_PLANS: Final = 3
PREPARED_ENDS: Final = 4
PREPARED_PLANNED: Final = 5


def prepare(state: State) -> Prepared:
    """The parts of the move list of ``state`` (see :data:`Prepared`)."""
    if state.phase is not _PLAY:
        return tuple(generate(state)), None, [], [], [], None
    position = Position(state)
    if position.special:  # R2.6, R11.2: few moves, listed at once
        return tuple(position.all_moves()), None, [], [], [], None
    if position.table is None and position.is_crowded():  # a small floor's table: not crowded
        # The moves are counted by the values of the loose cards, and a card
        # is planned when its moves are asked for.
        cards, ends = position.counts(position.hand)
        return None, position, cards, [], ends, {}
    cards, plans, ends = position.plans(position.hand)
    return None, position, cards, plans, ends, None


def plan_of(
    position: Position,
    cards: list[int],
    plans: list[Plan],
    planned: dict[int, Plan] | None,
    slot: int,
) -> Plan:
    """The plan of the card of ``slot`` (made on first use on a crowded floor)."""
    if planned is None:
        return plans[slot]
    plan = planned.get(slot)
    if plan is None:
        plan = planned[slot] = position.plan(cards[slot])
    return plan


def pick(
    position: Position,
    cards: list[int],
    plans: list[Plan],
    ends: list[int],
    planned: dict[int, Plan] | None,
    by_card: dict[int, list[Move]],
    index: int,
) -> Move:
    """Move ``index`` (negative from the end) of a move list, building that move alone.

    ``by_card``: the moves of the cards listed already (by iteration).
    """
    size = ends[-1]  # the mover holds a card (R3.3), so there is an end
    if index < 0:
        index += size
    if not 0 <= index < size:
        raise IndexError("move index out of range")
    slot = bisect_right(ends, index)
    start = ends[slot - 1] if slot else 0
    card = cards[slot]
    listed = by_card.get(card)
    if listed is not None:
        return listed[index - start]
    if planned is None or ends[slot] - start <= LISTED:
        # Only the move asked for is built, from the card's plan.
        plan = plans[slot] if planned is None else plan_of(position, cards, plans, planned, slot)
        return position.planned_move(card, plan, index - start)
    # A card with many moves on a crowded floor (R3.4): the move is found by its rank.
    return position.move_at(card, index - start)


def takes(
    position: Position, cards: list[int], plans: list[Plan], by_card: dict[int, list[Move]]
) -> list[Move]:
    """The pick-ups (R4) among the moves of a move list in normal play, in canonical order.

    Each card's pick-ups come first among its moves (see
    :meth:`~seep._engine.generate.Position.iter_for_card`), and they are
    built alone, not the card's builds, raises and throw.

    >>> from seep._engine.listing import PREPARED_CARDS, PREPARED_PLANS, PREPARED_POSITION, prepare, takes
    >>> from seep.testing import position
    >>> made = prepare(position(hand="7S 9H", loose="2S 5D"))
    >>> where, cards, plans = made[PREPARED_POSITION], made[PREPARED_CARDS], made[PREPARED_PLANS]
    >>> [str(move) for move in takes(where, cards, plans, {})]
    ['take 7S 2S 5D']
    """
    found: list[Move] = []
    for card, plan in zip(cards, plans, strict=True):
        listed = by_card.get(card)
        pickups = len(plan[PLAN_PLAIN]) + len(plan[PLAN_HOUSED])
        if listed is not None:
            found.extend(listed[:pickups])
            continue
        for index in range(pickups):
            found.append(position.planned_move(card, plan, index))
    return found

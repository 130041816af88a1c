"""Which cards would sweep a floor: the seep the next player may have (R4.5).

Used by :class:`seep.bots.GreedyBot` to weigh the seep it leaves, and by
``seep play --hints`` to warn of it. Only the floor and the cards a seat
has not seen are read, never a hidden hand.
"""

from __future__ import annotations

from seep._engine.bits import VALUE_MASKS
from seep._engine.groups import is_union_of_groups
from seep.state import State

__all__ = ["sweeping_values"]


def sweeping_values(state: State, unseen: int) -> dict[int, int]:
    """``{value: unseen cards of it}`` for every card value that would take the whole floor.

    A card of value ``v`` sweeps when the loose cards split into groups of
    ``v`` (R4.3, R4.5) and there is at most one house, of value ``v`` (a
    card takes one house). ``unseen`` is the mask of the cards the
    player to move might hold; values with none of them are left out.
    """
    loose = state.loose.mask
    houses = state.houses
    if (not loose and not houses) or len(houses) > 1:
        return {}
    values = [houses[0].value] if houses else range(1, 14)
    found = {}
    for value in values:
        count = (unseen & VALUE_MASKS[value]).bit_count()
        if count and (not loose or is_union_of_groups(loose, value)):
            found[value] = count
    return found

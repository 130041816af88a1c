"""Why a move is illegal: the rule it breaks, in words (for :class:`IllegalMoveError`).

Only called for moves the generator has already refused, so its job is the
best explanation, not the verdict.
"""

from __future__ import annotations

from seep._engine.bits import VALUE_MASKS, mask_total
from seep._engine.groups import groups, is_union_of_groups
from seep._engine.schedule import in_opening_round
from seep.cards import CardSet
from seep.errors import IllegalMoveError
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.state import Phase, State
from seep.variants import Opening, Pickup, ThrowRule

_NAMES = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
}


def value_name(value: int) -> str:
    """``9`` -> ``'nine'``, ``11`` -> ``'jack'``."""
    return _NAMES[value]


def explain(state: State, move: Move) -> IllegalMoveError:
    """The error for the illegal ``move`` in ``state``."""
    rule, reason = _reason(state, move)
    return IllegalMoveError(rule, reason)


def _reason(state: State, move: Move) -> tuple[str, str]:
    if state.phase is Phase.OVER:
        return "R9.1", "the deal is over: every card has been played"
    seat = state.to_move
    assert seat is not None
    if state.phase is Phase.BID:
        if not isinstance(move, Bid):
            return "R2.4", f"seat {seat} must bid first (a value 9..13 of a card it holds)"
        return "R2.4", f"seat {seat} holds no {value_name(move.value)} and cannot bid {move.value}"
    if isinstance(move, Bid):
        return "R2.4", "there is no bid to make now"
    hand = state.hands[seat].mask
    card = move.card
    if not hand >> card & 1:
        return "R3.1", f"seat {seat} does not hold {card}"
    value = card.value
    loose = state.loose.mask
    variant = state.variant
    first_play = variant.opening is Opening.BID and state.plays == 0 and state.bid is not None
    if first_play:
        bid = state.bid
        assert bid is not None
        uses_bid = (isinstance(move, Take) and value == bid) or (
            isinstance(move, Build) and move.value == bid
        )
        if not uses_bid and not isinstance(move, Throw):
            return "R2.6", f"the bidder's first play must take or build the bid {bid}"
        if isinstance(move, Throw):
            if value != bid:
                return (
                    "R2.6",
                    f"the bidder's first play must use the bid {bid}; {card} is no {value_name(bid)}",
                )
            return (
                "R2.6",
                f"a {value_name(bid)} may be thrown only if no pick-up or build of {bid} exists",
            )
    if in_opening_round(variant, state.plays, state.bid):
        if isinstance(move, Throw):
            return "R11.2", f"seat {seat} can build an opening house, so it must build one"
        if not isinstance(move, Build):
            return "R11.2", "in the opening round a player builds a house if they can, else throws"
    houses = {house.value: house for house in state.houses}
    owns_last = (
        value in houses
        and seat in houses[value].owners
        and not (hand & ~(1 << card) & VALUE_MASKS[value])
    )
    if isinstance(move, Take):
        if move.house is not None and move.house != value:
            return (
                "R4.2",
                f"a house is taken only by a card of its value; {card} cannot take #{move.house}",
            )
        if move.house is not None and move.house not in houses:
            return "R4.1", f"no house of {move.house} stands"
        stray = move.loose.mask & ~loose
        if stray:
            return "R4.1", f"{CardSet(stray)} not loose on the floor"
        if not move.loose and move.house is None:
            return "R4.1", "a pick-up takes at least one group or the house"
        if not is_union_of_groups(move.loose.mask, value):
            return "R4.1", f"{move.loose} does not split into groups each summing to {value}"
        if variant.pickup is Pickup.TAKE_EVERYTHING:
            if value in houses and move.house is None:
                return "R4.3", f"the house of {value} must be taken with the rest"
            for group in groups(loose & ~move.loose.mask, value):
                return (
                    "R4.3",
                    f"the cards left behind still make {value} ({CardSet(group)}): take everything",
                )
        if owns_last and move.house is None:
            return "R3.2", _duty(seat, value) + f"; the pick-up must take the house of {value}"
        rule = "R4.3" if variant.pickup is Pickup.TAKE_EVERYTHING else "R11.3"
        return rule, "not one of the pick-ups this card can make"
    if owns_last:
        return "R3.2", _duty(seat, value) + f"; that card may only take the house of {value}"
    if isinstance(move, Build):
        target = move.value
        stray = move.loose.mask & ~loose
        if stray:
            return "R5.2", f"{CardSet(stray)} not loose on the floor"
        if value > target:
            return "R5.2", f"a {value_name(value)} cannot go into a house of {target}"
        house = houses.get(target)
        if house is None:
            if not move.loose:
                return "R5.2", f"a single card is never a house: {card} needs loose cards under it"
            if value == target:
                return "R5.2", (
                    f"a single card is never a house: {card} on loose cards builds nothing"
                    f" while no house of {target} stands"
                )
            if not groups(move.loose.mask, target - value):
                return "R5.2", f"no loose cards of {move.loose} make {card} up to {target}"
            if not _splits(move.loose.mask, value, target, new=True):
                return "R5.3", (
                    f"{card} with {move.loose} does not make {target} (plus whole extra groups of {target})"
                )
            if not hand & ~(1 << card) & VALUE_MASKS[target]:
                return (
                    "R3.2",
                    f"seat {seat} would own a house of {target} and hold no {value_name(target)}",
                )
            return "R5.2", "not a legal build here"
        if not _splits(move.loose.mask, value, target, new=False):
            return (
                "R6.1",
                f"{card} with {move.loose or 'no loose cards'} does not add a whole {target}",
            )
        partner = variant.partner_of(seat)
        if (seat in house.owners or partner not in house.owners) and not (
            hand & ~(1 << card) & VALUE_MASKS[target]
        ):
            return "R6.3", (
                f"seat {seat} would own the house of {target} and hold no {value_name(target)}"
            )
        return "R6.1", "not a legal addition here"
    if isinstance(move, Raise):
        house = houses.get(move.house)
        if house is None:
            return "R7.1", f"no house of {move.house} stands"
        if mask_total(house.cards.mask) != house.value:
            return "R7.3", f"the house of {move.house} is locked (pakka) and can never be raised"
        if seat in house.owners:
            return "R7.1", f"seat {seat} owns the house of {move.house} and cannot raise it"
        new_value = move.house + value
        if new_value > 13:
            return "R7.1", f"raising {move.house} by {value} makes {new_value}, above 13"
        if not hand & ~(1 << card) & VALUE_MASKS[new_value]:
            return (
                "R7.2",
                f"seat {seat} must hold another {value_name(new_value)} to raise to {new_value}",
            )
        return "R7.1", "not a legal raise here"
    if isinstance(move, Throw):
        if variant.throw_rule is ThrowRule.ONLY_IF_NO_PICKUP:
            if value in houses:
                return "R8.2", f"{card} can take the house of {value}, so it may not be thrown"
            for group in groups(loose, value):
                return "R8.2", f"{card} can pick up {CardSet(group)}, so it may not be thrown"
        return "R8.1", "not a legal throw here"
    return "R3.1", f"not a move: {move!r}"  # pragma: no cover


def _duty(seat: int, value: int) -> str:
    return f"seat {seat} owns the house of {value} and would hold no {value_name(value)}"


def _splits(cards: int, value: int, target: int, *, new: bool) -> bool:
    """Can a card of ``value`` with ``cards`` form whole groups of ``target``?

    For a new house (R5.2) the played card's group needs at least one loose card.
    """
    if value == target:
        return not new and is_union_of_groups(cards, target)
    return any(is_union_of_groups(cards & ~base, target) for base in groups(cards, target - value))

"""The verifier: is a move legal, and if not, which rule does it break and why (R2.4 to R11.3).

:func:`violation` is the one legality check of the engine. It decides in
one pass and returns ``None`` for a legal move, else the broken rule's id
and the reason in words, so that an explanation can never disagree with
the verdict. :func:`seep.is_legal`, :func:`seep.check_move`,
:func:`seep.apply_move` and :class:`seep.choice.MoveChoice` all ask it;
the move generator (:mod:`seep._engine.generate`) lists the same moves
from the same :class:`~seep._engine.generate.Position` facts, and the
perft table and the property tests check that both agree.

>>> from seep._engine.verify import violation
>>> from seep import parse_move
>>> from seep.testing import position
>>> state = position(hand="7S 9H", loose="3S 4S 2H 5D")
>>> violation(state, parse_move("take 7S 3S 4S"))
('R4.3', 'the cards left behind still make 7 (2H 5D): take everything')
>>> violation(state, parse_move("take 7S 3S 4S 2H 5D")) is None
True
"""

from __future__ import annotations

from typing import Final

from seep._engine.generate import Position, is_bid_allowed
from seep._engine.groups import groups, is_union_of_groups, leaves_no_group
from seep.cards import CardSet
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.state import Phase, State

#: A broken rule: its id (``"R4.3"``) and the reason in words.
Violation = tuple[str, str]

_NAMES: Final = (
    "",
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)


def value_name(value: int) -> str:
    """``9`` -> ``'nine'``, ``11`` -> ``'jack'``.

    >>> from seep._engine.verify import value_name
    >>> value_name(11)
    'jack'
    """
    return _NAMES[value]


def violation(state: State, move: Move) -> Violation | None:
    """``None`` if ``move`` is legal in ``state``, else the rule it breaks and why.

    The phase (R9.1: none once the deal is over; R2.4: the bid first), then
    R3.1 (the mover plays a card it holds), then the move's own rules.
    """
    phase = state.phase
    if phase is Phase.OVER:
        return "R9.1", "the deal is over: every card has been played"
    seat = state.to_move
    assert seat is not None
    if phase is Phase.BID:
        return _bid(state, seat, move)
    if type(move) is Bid:
        return "R2.4", "there is no bid to make now"
    assert isinstance(move, (Take, Build, Raise, Throw))
    if not state.hands[seat].mask >> move.card & 1:
        return "R3.1", f"seat {seat} does not hold {move.card}"
    position = Position(state)
    if position.first_play_bid is not None:
        return _first_play(position, move)
    if position.opening_round:
        return _opening_round(position, move)
    return in_play(position, move)


def _bid(state: State, seat: int, move: Move) -> Violation | None:
    """R2.4: the bidder bids a value 9..13 of a card it holds."""
    if type(move) is not Bid:
        return "R2.4", f"seat {seat} must bid first (a value 9..13 of a card it holds)"
    if is_bid_allowed(state, move.value):
        return None
    return "R2.4", f"seat {seat} holds no {value_name(move.value)} and cannot bid {move.value}"


def _first_play(position: Position, move: Take | Build | Raise | Throw) -> Violation | None:
    """R2.6: the bidder's first play takes or builds the bid, or else throws a card of it."""
    bid = position.first_play_bid
    assert bid is not None
    value = move.card.value
    if (type(move) is Take and value == bid) or (type(move) is Build and move.value == bid):
        return in_play(position, move)
    if type(move) is not Throw:
        return "R2.6", f"the bidder's first play must take or build the bid {bid}"
    if value != bid:
        return (
            "R2.6",
            f"the bidder's first play must use the bid {bid}; {move.card} is no {value_name(bid)}",
        )
    if position.bid_is_usable():
        return (
            "R2.6",
            f"a {value_name(bid)} may be thrown only if no pick-up or build of {bid} exists",
        )
    return None


def _opening_round(position: Position, move: Take | Build | Raise | Throw) -> Violation | None:
    """R11.2: in the opening round a player builds a house if they can, else throws any card."""
    if type(move) is Build:
        return in_play(position, move)
    if type(move) is not Throw:
        return "R11.2", "in the opening round a player builds a house if they can, else throws"
    if position.can_build():
        return "R11.2", f"seat {position.seat} can build an opening house, so it must build one"
    return None


def in_play(position: Position, move: Take | Build | Raise | Throw) -> Violation | None:
    """:func:`violation` of a move whose card the mover holds, in normal play: the move's own rules (R4 to R8), the owner's duty R3.2 first for all but a take."""
    if type(move) is Take:
        return _take(position, move)
    card = int(move.card)
    if position.is_bound(card):
        value = move.card.value
        return "R3.2", _duty(
            position.seat, value
        ) + f"; that card may only take the house of {value}"
    if type(move) is Build:
        return _build(position, move)
    if type(move) is Raise:
        return _raise(position, move)
    assert type(move) is Throw
    return _throw(position, move)


def _take(position: Position, move: Take) -> Violation | None:
    """R4.1, R4.2, then R4.3 (take everything) or R11.3 with R3.2 (free choice)."""
    card = move.card
    value = card.value
    house = move.house
    cards = move.loose.mask
    if house is not None and house != value:
        return (
            "R4.2",
            f"a house is taken only by a card of its value; {card} cannot take #{house}",
        )
    if house is not None and house not in position.houses:
        return "R4.1", f"no house of {house} stands"
    stray = cards & ~position.loose
    if stray:
        return "R4.1", f"{CardSet(stray)} not loose on the floor"
    if not cards and house is None:
        return "R4.1", "a pick-up takes at least one group or the house"
    if not is_union_of_groups(cards, value):
        return "R4.1", f"{move.loose} does not split into groups each summing to {value}"
    if not position.free:
        if house is None and position.must_take_house(value):
            return "R4.3", f"the house of {value} must be taken with the rest"
        if not leaves_no_group(position.loose, cards, value):
            group = groups(position.loose & ~cards, value)[0]
            return (
                "R4.3",
                f"the cards left behind still make {value} ({CardSet(group)}): take everything",
            )
    elif house is None and position.is_bound(int(card)):
        return "R3.2", _duty(position.seat, value) + f"; the pick-up must take the house of {value}"
    return None


def _build(position: Position, move: Build) -> Violation | None:
    """A new house (R5.2, R5.3, R3.2) or an addition to a standing one (R6.1, R6.3)."""
    card = move.card
    value = card.value
    target = move.value
    cards = move.loose.mask
    stray = cards & ~position.loose
    if stray:
        return "R5.2", f"{CardSet(stray)} not loose on the floor"
    if value > target:
        return "R5.2", f"a {value_name(value)} cannot go into a house of {target}"
    kept = not position.keeps_card_for(target, int(card))
    if target not in position.houses:
        if not cards:
            return "R5.2", f"a single card is never a house: {card} needs loose cards under it"
        if value == target:
            return "R5.2", (
                f"a single card is never a house: {card} on loose cards builds nothing"
                f" while no house of {target} stands"
            )
        if not groups(cards, target - value):
            return "R5.2", f"no loose cards of {move.loose} make {card} up to {target}"
        if not is_union_of_groups(cards, target, target - value):
            return "R5.3", (
                f"{card} with {move.loose} does not make {target} (plus whole extra groups of {target})"
            )
        if kept:
            seat = position.seat
            return (
                "R3.2",
                f"seat {seat} would own a house of {target} and hold no {value_name(target)}",
            )
        return None
    if not is_union_of_groups(cards, target, target - value):
        return (
            "R6.1",
            f"{card} with {move.loose or 'no loose cards'} does not add a whole {target}",
        )
    if kept:
        seat = position.seat
        return (
            "R6.3",
            f"seat {seat} would own the house of {target} and hold no {value_name(target)}",
        )
    return None


def _raise(position: Position, move: Raise) -> Violation | None:
    """R7.1 to R7.3: an open house of another seat, to a value of at most 13 the mover holds."""
    value = move.card.value
    target = move.house
    house = position.houses.get(target)
    seat = position.seat
    if house is None:
        return "R7.1", f"no house of {target} stands"
    if house.locked:
        return "R7.3", f"the house of {target} is locked and can never be raised"
    if seat in house.owners:
        return "R7.1", f"seat {seat} owns the house of {target} and cannot raise it"
    new_value = target + value
    if new_value > 13:
        return "R7.1", f"raising {target} by {value} makes {new_value}, above 13"
    if not position.holds(new_value, int(move.card)):
        return (
            "R7.2",
            f"seat {seat} must hold another {value_name(new_value)} to raise to {new_value}",
        )
    return None


def _throw(position: Position, move: Throw) -> Violation | None:
    """R8.2: only a card that can pick nothing up is thrown (R11.3: any card in taash)."""
    card = move.card
    value = card.value
    if position.throwable >> value & 1:  # see throwable_values
        return None
    if value in position.houses:
        return "R8.2", f"{card} can take the house of {value}, so it may not be thrown"
    for group in groups(position.loose, value):
        return "R8.2", f"{card} can pick up {CardSet(group)}, so it may not be thrown"
    return None


def _duty(seat: int, value: int) -> str:
    return f"seat {seat} owns the house of {value} and would hold no {value_name(value)}"

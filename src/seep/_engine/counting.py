"""Counting the loose sets of crowded floors by value, the low values side by side (R3.4, R11.7).

On a floor of more than 12 loose cards the moves are counted, not listed
(see :func:`seep._engine.groups.count_unions`). A set of loose cards
qualifies by how many cards of each value it holds, and the sets of one
such multiset of values number a product of binomials over the suits. This
module adds up those products without listing the multisets.

A group of ``target`` holds at most one card of a *high* value (above
``target // 2``): two of them sum past ``target``. So a multiset of values
splits into groups of ``target`` when its low values split into one group
of the *rest* ``target - h`` for each of its high cards ``h``, plus groups
of ``target`` made of low cards alone. The high values are chosen one at a
time (a few dozen choices survive on a real floor); for each, every
multiset of low values that completes it is one bit of a Python int, the
*low box*, with one bit for each multiset of low values within the floor
(``prod(count + 1)`` bits, in mixed radix). Adding a group of a value to
every multiset of a set at once is a mask and a shift for each way the low
values make that value, so the multisets are decided many at a time.

Every function takes the floor as packed value counts: four bits per value
``v`` at bit ``4 * v``, only values below the target (see
:mod:`seep._engine.groups`).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Final

_CACHE_SIZE: Final = 1 << 12
_MAX_VALUE: Final = 13
# The most bits of a box: beyond it, high values are chosen one state at a time.
_BOX_BITS: Final = 1 << 11
_BINOMIALS: Final = tuple(tuple(comb(n, k) for k in range(5)) for n in range(5))

# The low box of a floor: (strides, size in bits, the mask of every bit,
# the masks of the multisets of each weight). A stride is the bit offset of
# one more card of a value; strides[0] is unused.
Box = tuple[tuple[int, ...], int, int, tuple[tuple[int, int], ...]]
# The ways to add a sum to every multiset of a set: for each multiset of low
# values with that sum, its offset and the mask of the multisets it fits.
Parts = tuple[tuple[int, int], ...]


def _field(counts: int, value: int) -> int:
    return counts >> (4 * value) & 15


@lru_cache(maxsize=_CACHE_SIZE)
def _box(low: int) -> Box:
    """The box of the packed counts ``low``."""
    strides = [0]
    size = 1
    classes: dict[int, int] = {1: 1}  # weight -> the multisets of that many card sets
    for value in range(1, _MAX_VALUE + 1):
        cards = _field(low, value)
        strides.append(size)
        grown: dict[int, int] = {}
        for taken in range(cards + 1):
            ways = _BINOMIALS[cards][taken]
            for weight, mask in classes.items():
                key = weight * ways
                grown[key] = grown.get(key, 0) | mask << (taken * size)
        classes = grown
        size *= cards + 1
    return tuple(strides), size, (1 << size) - 1, tuple(classes.items())


@lru_cache(maxsize=_CACHE_SIZE)
def _within(low: int, value: int, most: int) -> int:
    """The multisets of the box of ``low`` holding at most ``most`` cards of ``value``."""
    strides, size, full, _ = _box(low)
    stride = strides[value]
    period = stride * (_field(low, value) + 1)
    found = (1 << (stride * (most + 1))) - 1  # the first period
    while period < size:
        found |= found << period
        period <<= 1
    return found & full


@lru_cache(maxsize=_CACHE_SIZE)
def _all_parts(low: int, top: int, most: int) -> tuple[Parts, ...]:
    """For each total 0..``most``, the ways low values 1..``top`` of the box of ``low`` make it (see Parts).

    The total 0 is made one way, by nothing.
    """
    strides, _, full, _ = _box(low)
    partial = [(0, 0, full)]  # the multisets of the values so far: total, offset, fits
    for value in range(1, top + 1):
        cards = _field(low, value)
        if not cards:
            continue
        stride = strides[value]
        grown: list[tuple[int, int, int]] = []
        for total, offset, fits in partial:
            grown.append((total, offset, fits))
            for taken in range(1, min(cards, (most - total) // value) + 1):
                room = _within(low, value, cards - taken)
                grown.append((total + taken * value, offset + taken * stride, fits & room))
        partial = grown
    found: list[list[tuple[int, int]]] = [[] for _ in range(most + 1)]
    for total, offset, fits in partial:
        found[total].append((offset, fits))
    return tuple(tuple(ways) for ways in found)


def _parts(low: int, top: int, total: int, most: int) -> Parts:
    """The ways low values 1..``top`` of the box of ``low`` make ``total`` (at most ``most``)."""
    return _all_parts(low, top, most)[total]


def _plus(chosen: int, parts: Parts) -> int:
    """The multisets of ``chosen`` with one group of ``parts``'s total added, where they fit."""
    grown = 0
    for offset, fits in parts:
        grown |= (chosen & fits) << offset
    return grown


def _weighed(box: Box, chosen: int) -> int:
    """The number of card sets whose low values are a multiset of ``chosen``."""
    return sum(weight * (chosen & mask).bit_count() for weight, mask in box[3])


@lru_cache(maxsize=_CACHE_SIZE)
def _low_unions(low: int, top: int, target: int) -> int:
    """The multisets of low values that split into groups of ``target`` (none included)."""
    parts = _parts(low, top, target, target)
    found = frontier = 1
    while frontier:
        frontier = _plus(frontier, parts) & ~found
        found |= frontier
    return found


def _step(chosen: int, groups: Parts, cards: int) -> tuple[int, ...]:
    """``chosen`` with 0, 1, .. ``cards`` groups of ``groups`` added: the sets of each number."""
    found = [chosen]
    for _ in range(cards):
        chosen = _plus(chosen, groups)
        if not chosen:
            break
        found.append(chosen)
    return tuple(found)


def _with_card(low: int, value: int, rests: Parts) -> Parts:
    """The ways to add a card of the high ``value`` (a digit of the box) with low cards of ``rests``.

    No room is checked for the card: the sets it is added to are those
    with fewer cards of the value than the floor has (see :func:`_layout`).
    """
    stride = _box(low)[0][value]
    return tuple((offset + stride, fits) for offset, fits in rests)


def _layout(
    limit: int, target: int
) -> tuple[int, int, list[tuple[int, int]], list[tuple[int, int]]]:
    """How a count runs: the packed counts of the box, the highest low value, and the high values in and out of it.

    The box holds the low values and, while it stays small, high values too:
    a high value in the box is added to every set at once, one card at a
    time, each time to the sets that got a card of it last time. The high
    values left out are chosen one state at a time.
    """
    top = target // 2
    inside = limit & ((1 << (4 * top + 4)) - 1)
    size = _box(inside)[1]
    boxed: list[tuple[int, int]] = []
    chosen: list[tuple[int, int]] = []
    for value in range(top + 1, target):
        cards = _field(limit, value)
        if not cards:
            continue
        if size * (cards + 1) <= _BOX_BITS:
            size *= cards + 1
            inside |= cards << (4 * value)
            boxed.append((value, cards))
        else:
            chosen.append((value, cards))
    return inside, top, boxed, chosen


def union_count(limit: int, target: int, base: int) -> int:
    """The card sets of ``limit`` that split into one group of ``base`` (none if 0) and groups of ``target``.

    ``base`` is below ``target``; no card of ``limit`` is of ``target`` or
    more (R5.2, R5.3, R6.1, R11.3).

    >>> from seep._engine.counting import union_count
    >>> union_count(3 << 4 | 2 << 8 | 1 << 12, 4, 0)  # three aces, two twos, a three
    16
    """
    inside, top, boxed, chosen = _layout(limit, target)
    plain = _low_unions(inside, top, target)
    based = _plus(plain, _parts(inside, top, base, target)) if base else plain
    for value, cards in boxed:
        groups = _with_card(inside, value, _parts(inside, top, target - value, target))
        if value <= base:  # the card may be the base group's high card (R5.2)
            in_base = _with_card(inside, value, _parts(inside, top, base - value, target))
            fresh, extra = plain, based
            for _ in range(cards):
                fresh, extra = _plus(fresh, groups), _plus(extra, groups) | _plus(fresh, in_base)
                plain |= fresh
                based |= extra
        else:
            for more in _step(plain, groups, cards)[1:]:
                plain |= more
            if base:
                for more in _step(based, groups, cards)[1:]:
                    based |= more
            else:
                based = plain
    # Each state: the sets completing the high cards chosen so far without
    # the base group, and with it; the card sets of those choices.
    states: dict[tuple[int, int], int] = {(plain, based): 1}
    for value, cards in chosen:
        rests = _parts(inside, top, target - value, target)
        in_base_rests = _parts(inside, top, base - value, target) if value <= base else None
        ways = _BINOMIALS[cards]
        grown: dict[tuple[int, int], int] = {}
        for (plain, based), weight in states.items():
            for taken in range(cards + 1):
                if taken:
                    extra = 0 if in_base_rests is None else _plus(plain, in_base_rests)
                    plain, based = _plus(plain, rests), _plus(based, rests) | extra
                    if not (plain or based):
                        break
                key = (plain, based)
                grown[key] = grown.get(key, 0) + weight * ways[taken]
        states = grown
    box = _box(inside)
    return sum(weight * _weighed(box, based) for (_, based), weight in states.items())


def packing_count(limit: int, target: int, singles: bool) -> int:
    """The maximal unions of groups of ``target`` in ``limit``: the rest makes no group (R4.3).

    ``singles``: the floor also has cards of ``target``, always taken, so
    that taking nothing else is a pick-up too. No card of ``limit`` is of
    ``target`` or more.

    >>> from seep._engine.counting import packing_count
    >>> packing_count(3 << 4 | 2 << 8 | 1 << 12, 4, False)  # three aces, two twos, a three
    5
    """
    inside, top, boxed, chosen = _layout(limit, target)
    box = _box(inside)
    full = box[2]

    def leaving_no(total: int) -> int:
        """The sets whose low cards left have none summing to ``total``."""
        caught = 0
        for _, fits in _parts(inside, top, total, target):
            caught |= fits
        return full & ~caught

    taken = _low_unions(inside, top, target)
    allowed = leaving_no(target)
    for value, cards in boxed:
        groups = _with_card(inside, value, _parts(inside, top, target - value, target))
        for more in _step(taken, groups, cards)[1:]:
            taken |= more
        # A card of the value left over makes a group with low cards left (R4.3).
        allowed &= full & ~_within(inside, value, cards - 1) | leaving_no(target - value)
    # Each state: the sets completing the high cards chosen so far, and those
    # whose cards left make no group with a high card left (R4.3).
    states: dict[tuple[int, int], int] = {(taken, allowed): 1}
    for value, cards in chosen:
        rests = _parts(inside, top, target - value, target)
        unmatched = leaving_no(target - value)
        ways = _BINOMIALS[cards]
        grown: dict[tuple[int, int], int] = {}
        for (taken, allowed), weight in states.items():
            for count in range(cards + 1):
                if count:
                    taken = _plus(taken, rests)
                    if not taken:
                        break
                key = (taken, allowed if count == cards else allowed & unmatched)
                grown[key] = grown.get(key, 0) + weight * ways[count]
        states = grown
    total = sum(
        weight * _weighed(box, taken & allowed) for (taken, allowed), weight in states.items()
    )
    if not singles and _no_group(limit, target):
        total -= 1  # the empty set is maximal, but a pick-up takes something
    return total


def _no_group(limit: int, target: int) -> bool:
    """True if no cards of ``limit`` sum to ``target``."""
    sums = 1
    for value in range(1, target):
        for _ in range(_field(limit, value)):
            sums |= sums << value
    return not sums >> target & 1


def clear_caches() -> None:
    """Empty this module's caches."""
    for cache in (_box, _within, _all_parts, _low_unions):
        cache.cache_clear()

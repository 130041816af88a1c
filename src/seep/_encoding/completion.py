"""Can the loose cards chosen so far still grow into the loose cards of a legal take or build?

The action encoding (:mod:`seep.actions`) names the loose cards of a take or
a build one at a time, in ascending card order. After each one it must know
which further cards may follow, without listing the (on a crowded floor,
tens of thousands of) moves (R3.4, R11.7).

Whether a set of loose cards is legal depends only on how many cards of each
value it holds (cards of one value are interchangeable in a sum), so the
tests here work on *counts*: four bits per value, the count of value ``v`` at
bit ``4 * v``. A set chosen so far is *fixed* (it must be used); the loose
cards above the last one chosen are *free* (any of them may be added); the
loose cards below it that were not chosen are *passed* (they stay on the
floor, which matters for take-everything, R4.3).

>>> from seep._encoding.completion import can_complete
>>> from seep._engine.bits import packed_counts
>>> from seep.cards import CardSet
>>> counts = packed_counts(CardSet.parse("AS 2S 3S 4S 5S 6S").mask)
>>> one = packed_counts(CardSet.parse("AS").mask)
>>> can_complete(one, counts - one, 7, 0, None)   # A + 6 make 7 (R4.1)
True
>>> can_complete(one, 0, 7, 0, None)              # the ace alone makes no 7
False
"""

from __future__ import annotations

from typing import Final

from seep._engine.bits import subset_sums
from seep._engine.caches import cached, flat

#: Bit 3 of every field (values 0..13): a field borrows when this bit is lost.
_HIGH: Final = sum(8 << (4 * value) for value in range(14))
#: ``_UP_TO[v]``: the count fields of values 1..v.
_UP_TO: Final = tuple(sum(15 << (4 * value) for value in range(1, top + 1)) for top in range(14))
_ONES: Final = sum(1 << (4 * value) for value in range(14))
_NIBBLE: Final = tuple(15 << (4 * value) for value in range(14))


def field_min(first: int, second: int) -> int:
    """The smaller count of each value (both counts at most 7)."""
    lower = ((first | _HIGH) - second) & _HIGH  # bit 3 set where first >= second
    keep = (lower >> 3) * 15  # whole fields where first >= second
    return (second & keep) | (first & ~keep)


def lowest_value(counts: int) -> int:
    """The lowest value with a non-zero count."""
    return ((counts & -counts).bit_length() - 1) // 4


def _partitions(total: int, smallest: int = 1) -> list[int]:
    """Every multiset of values ``smallest``..13, at most four of each, summing to ``total``, as counts."""
    if not total:
        return [0]
    return [
        rest + count * (1 << (4 * value))
        for value in range(smallest, min(total, 13) + 1)
        for count in range(1, min(4, total // value) + 1)
        for rest in _partitions(total - count * value, value + 1)
    ]


#: ``_WITH[total][need]``: the partitions of ``total`` (1..13) holding value
#: ``need`` (0: all of them), at most 101 of them (for 13).
_WITH: Final = tuple(
    tuple(
        tuple(p for p in _partitions(total) if not need or p & _NIBBLE[need]) for need in range(14)
    )
    for total in range(14)
)


@cached("completion.groups_in", flat)
def groups_in(limit: int, total: int, need: int) -> tuple[int, ...]:
    """The counts within ``limit`` whose values sum to ``total`` (1..13), holding value ``need`` if not 0."""
    full = limit | _HIGH
    return tuple(p for p in _WITH[total][need] if (full - p) & _HIGH == _HIGH)


def has_sum(counts: int, total: int) -> bool:
    """True if some of the cards counted sum to ``total`` (0..13): a bit of :func:`~seep._engine.bits.subset_sums`."""
    return bool(subset_sums(counts) >> total & 1)


def can_complete(fixed: int, free: int, target: int, base: int, passed: int | None) -> bool:
    """Can ``fixed`` plus some of ``free`` split into one group of ``base`` (if not 0) and groups of ``target``?

    ``passed`` (take-everything only, R4.3): the cards left on the floor
    besides the unused free ones; the leftover must then hold no group of
    ``target``. ``None``: no such condition (builds R5.2, R5.3, R6.1; free
    pick-ups R11.3).
    """
    if fixed & ~_UP_TO[target]:
        return False  # a card above the target is in no group
    # Cards above the target can be in no group: leaving them out shares the caches.
    free &= _UP_TO[target]
    if passed is not None:
        passed &= _UP_TO[target]
    return completes(fixed, free, target, base, passed)


@cached("completion.completes")
def completes(fixed: int, free: int, target: int, base: int, passed: int | None) -> bool:
    """:func:`can_complete`, by a search over the groups of the lowest fixed card.

    The lowest fixed card is in some group; each way to complete that group
    from the fixed and free cards is tried in turn. Within a value the fixed
    cards go into a group first, which loses nothing since cards of one
    value are interchangeable.
    """
    if not fixed:
        if base:
            return has_sum(free, base)
        return passed is None or clears(passed, free, target)
    lowest = lowest_value(fixed)
    limit = fixed + free
    options = ((base, 0), (target, base)) if base else ((target, 0),)
    for size, base_left in options:
        for group in groups_in(limit, size, lowest):
            used = field_min(group, fixed)
            if completes(fixed - used, free - (group - used), target, base_left, passed):
                return True
    return False


@cached("completion.clears")
def clears(passed: int, free: int, target: int) -> bool:
    """R4.3: can groups of ``target`` taken from ``free`` leave no group of ``target`` behind?

    A search on value counts for the action encoding, which never lists the
    pick-ups: tests check it against the engine's definition,
    :func:`seep._engine.groups.leaves_no_group`, over the listed unions.

    A free card that would make a group with passed cards alone must be
    taken: those are covered first (as the fixed cards of :func:`completes`).
    Otherwise any group left behind (a *witness*) must lose a free card of
    one of its values to some group taken, so only groups through those
    values are tried, for the witness with the fewest such values.
    """
    forced = 0
    rest = free
    while rest:
        value = lowest_value(rest)
        rest &= ~_NIBBLE[value]
        if has_sum(passed, target - value):
            forced |= free & _NIBBLE[value]
    if forced:
        return completes(forced, free - forced, target, 0, passed)
    fewest = 0
    fewest_values = 99
    for witness in groups_in(passed + free, target, 0):
        exposed = witness - field_min(witness, passed)
        if not exposed:
            return False  # a group of passed cards stays whatever is taken
        values = ((exposed | exposed >> 1 | exposed >> 2) & _ONES).bit_count()
        if values < fewest_values:
            fewest, fewest_values = exposed, values
    if not fewest:
        return True  # no group left behind
    while fewest:
        value = lowest_value(fewest)
        fewest &= ~_NIBBLE[value]
        for group in groups_in(free, target, value):
            if clears(passed, free - group, target):
                return True
    return False

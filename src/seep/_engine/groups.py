"""Subset-sum searches over loose floor cards, on bit masks (R4.1, R4.3, R5.3).

A *group* is a set of loose cards whose capture values sum to a target.
These searches are the combinatorial core of move generation; results are
cached per (mask, target) since the same floors recur across moves and
players.

The listings and the counts over value multisets (crowded floors, R3.4)
live side by side because each count must equal the length of its
listing; that keeps the module at about 600 lines. The card sets of the
multisets that qualify are added up, and the set at an index of a
crowded listing found, in :mod:`seep._engine.counting`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from itertools import combinations, product
from math import comb
from typing import Final, NamedTuple

import seep._engine.counting as counting
from seep._engine.bits import (
    VALUE_MASKS,
    bits,
    mask_total,
    packed_counts,
    value_subset_sums,
)
from seep._engine.caches import cached, drop_older_half, flat, nested_small, register, small
from seep._engine.counting import packing_count, union_count

# Floors of up to this many loose cards (nearly all floors of a real deal)
# are searched by value: the answer for a list of values is cached, and a
# set of positions in that list is turned back into cards when a move is
# built. Cards are listed lowest first, so a set of positions and the card
# mask it stands for sort the same way.
_VALUE_FLOOR: Final = 8


class FloorTable(NamedTuple):
    """What the searches of a small floor (see :func:`floor_table`) read, one per list of values."""

    #: The capture values of the loose cards, lowest card first.
    values: tuple[int, ...]
    #: :func:`loose_sums` of the floor.
    sums: int
    #: The answers found so far for these values, by query (see :func:`small_unions`).
    answers: dict[int, tuple[int, ...]]


# Bit patterns of the nibble count below: the low bit of each pair of bits,
# the low pair of each nibble.
_PAIR_LOWS: Final = 0x5555_5555_5555_5
_NIBBLE_LOWS: Final = 0x3333_3333_3333_3

# The table of each list of values, shared by every floor of those values
# whatever the suits: its answers, by query (see small_unions), and its sums.
# Kept by how many cards of each value the floor holds (a nibble a value, as
# the card mask has), counted from the mask in a few operations: a table by
# mask, with the floor's cards, would hold the same answers many times over
# within the budget.
_tables: Final[dict[int, FloorTable]] = {}
# Each floor met, by its card mask: its values' table. An index, not a copy
# (an entry costs the dict's slot and the mask): a floor met again, as in a
# search's transpositions, finds its table in one lookup instead of counting.
_by_mask: Final[dict[int, FloorTable]] = {}
_subset_masks: Final[dict[int, tuple[int, ...]]] = {}


def _clear_tables() -> None:
    _tables.clear()
    _INDEX.clear()  # it would keep dropped tables alive, outside the budget


def _halve_tables() -> None:
    drop_older_half(_tables)
    _INDEX.clear()


def _halve_index() -> None:
    drop_older_half(_by_mask)


def _halve_subset_masks() -> None:
    drop_older_half(_subset_masks)


def _table_entries() -> int:
    return len(_tables) + sum([len(table.answers) for table in _tables.values()])


# A table holds the answers of its values: they are emptied together.
_FLOORS: Final = register("groups.floors", _table_entries, _clear_tables, _halve_tables)
_INDEX: Final = register("groups.floor_index", _by_mask.__len__, _by_mask.clear, _halve_index)
_SUBSET_MASKS: Final = register(
    "groups.subset_masks", _subset_masks.__len__, _subset_masks.clear, _halve_subset_masks
)
# The estimated bytes of an answer's dict entry (beyond the answer), of a floor table
# of no cards, of each card more, and of an entry of the index by mask.
_ANSWER: Final = 100
_TABLE: Final = 400
_TABLE_CARD: Final = 8
_INDEX_ENTRY: Final = 100
# The index's most entries (about 1.6 MiB), so that it never pushes the
# tables' answers out of the budget.
_INDEX_LIMIT: Final = 1 << 14


def floor_table(loose: int) -> FloorTable | None:
    """The values of the ``loose`` cards, lowest card first, :func:`loose_sums`, and the answers found so far.

    ``None`` on a crowded floor (more than ``_VALUE_FLOOR`` cards), which is
    searched card by card instead. A set of positions in the values stands
    for the cards at those positions (see :func:`mask_of`).

    >>> from seep._engine.groups import floor_table, mask_of
    >>> from seep.cards import CardSet
    >>> loose = CardSet.parse("3S 5H").mask
    >>> values, sums, _ = floor_table(loose)
    >>> values, str(CardSet(mask_of(0b10, loose))), bin(sums)
    ((3, 5), '5H', '0b100101001')
    """
    if loose.bit_count() > _VALUE_FLOOR:
        return None
    return _floor(loose)


def _floor(loose: int) -> FloorTable:
    """:func:`floor_table` of a floor known to be small."""
    found = _by_mask.get(loose)
    if found is not None:
        return found
    # Charged before the table is found: emptying caches to make room may
    # drop tables (and empty the index), never the one about to be indexed.
    if len(_by_mask) >= _INDEX_LIMIT:
        _INDEX.shrink()  # the newer half stays: random play meets a new floor nearly every play
    _INDEX.charge(_INDEX_ENTRY)
    # The cards of each value, counted in its nibble: a count of two bits in
    # each pair, then of four in each nibble (at most 4, so it fits).
    pairs = loose - (loose >> 1 & _PAIR_LOWS)
    counts = (pairs & _NIBBLE_LOWS) + (pairs >> 2 & _NIBBLE_LOWS)
    found = _tables.get(counts)
    if found is None:
        key = counts
        values: list[int] = []
        value = 1
        while counts:
            values += [value] * (counts & 15)
            counts >>= 4
            value += 1
        listed = tuple(values)
        _FLOORS.charge(_TABLE + _TABLE_CARD * len(listed))
        # tuple.__new__: a NamedTuple's own constructor runs a Python frame, on every new table.
        found = _tables[key] = tuple.__new__(FloorTable, (listed, value_subset_sums(listed), {}))
    _by_mask[loose] = found
    return found


def small_unions(table: FloorTable, base: int, target: int) -> tuple[int, ...]:
    """:func:`value_unions` of a small floor's values, by its :func:`floor_table` (see ``_tables``)."""
    key = base << 4 | target
    answers = table.answers
    found = answers.get(key)
    if found is None:
        values = table.values
        limit = target if target > base else base
        if values and values[-1] > limit:
            values = _up_to(values, limit)
        found = answers[key] = unions_by_value(values, base, target)
        _FLOORS.charge(_ANSWER + small(found))
    return found


def small_packings(table: FloorTable, target: int) -> tuple[int, ...]:
    """:func:`value_packings` of a small floor's values, by its :func:`floor_table` (see ``_tables``)."""
    key = 256 | target
    answers = table.answers
    found = answers.get(key)
    if found is None:
        values = table.values
        if values and values[-1] > target:
            values = _up_to(values, target)
        found = answers[key] = packings_by_value(values, target)
        _FLOORS.charge(_ANSWER + small(found))
    return found


def _up_to(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """The sorted ``values`` of at most ``target``: a higher value is in no group, and positions stay the same."""
    return values[: bisect_right(values, target)]


def mask_of(positions: int, loose: int) -> int:
    """The card mask of a set of ``positions`` among the ``loose`` cards, lowest card first (position 0)."""
    mask = 0
    while positions:
        low = loose & -loose
        if positions & 1:
            mask |= low
        loose ^= low
        positions >>= 1
    return mask


def subset_masks(loose: int) -> tuple[int, ...]:
    """The card mask of every set of positions of a small floor (for listing all its moves at once).

    >>> from seep._engine.groups import subset_masks
    >>> subset_masks(0b1010)
    (0, 2, 8, 10)
    """
    masks = [0]
    rest = loose
    while rest:
        low = rest & -rest
        rest ^= low
        masks += [mask | low for mask in masks]
    return tuple(masks)


def floor_masks(loose: int) -> tuple[int, ...]:
    """:func:`subset_masks`, cached by the floor's cards (for the searches by card mask below)."""
    found = _subset_masks.get(loose)
    if found is None:
        found = _subset_masks[loose] = subset_masks(loose)
        _SUBSET_MASKS.charge(_ANSWER + flat(found))
    return found


_MAX_CAPTURE: Final = 13


@cached("groups._groups_by_sum", nested_small)
def _groups_by_sum(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each sum 0..13, the sets of positions of ``values`` with that sum, sorted."""
    # Each set of positions so far whose sum is at most 13 (a larger set is in no
    # group), as one int: its sum above the positions' bits.
    size = len(values)
    positions = (1 << size) - 1
    sets = [0]
    bit = 1
    for value in values:
        step = value << size | bit
        fits = (_MAX_CAPTURE + 1 - value) << size  # a set whose sum stays at most 13
        sets += [found + step for found in sets if found < fits]
        bit <<= 1
    sets.sort()  # by sum, then by positions
    by_sum: list[list[int]] = [[] for _ in range(_MAX_CAPTURE + 1)]
    for found in sets:
        by_sum[found >> size].append(found & positions)
    return tuple(map(tuple, by_sum))


def _value_groups(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """Sets of positions of ``values`` that sum to ``target`` (1..13), sorted."""
    return _groups_by_sum(values)[target]


@cached("groups.value_unions", small)
def value_unions(values: tuple[int, ...], base: int, target: int) -> tuple[int, ...]:
    """:func:`based_unions` on sets of positions of ``values``: :func:`unions_by_value`, cached."""
    return unions_by_value(values, base, target)


def unions_by_value(values: tuple[int, ...], base: int, target: int) -> tuple[int, ...]:
    """:func:`value_unions`, not cached: for :func:`small_unions`, which keeps its answers by floor values."""
    by_sum = _groups_by_sum(values)
    bases = by_sum[base] if base else (0,)
    options = by_sum[target]
    if not bases or not options or sum(values) < base + target:
        return bases  # no room for a further group
    return _joined(bases, options)


@cached("groups.value_packings", small)
def value_packings(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """:func:`maximal_packings` on sets of positions of ``values``: :func:`packings_by_value`, cached."""
    return packings_by_value(values, target)


def packings_by_value(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """:func:`value_packings`, not cached: for :func:`small_packings`, which keeps its answers by floor values."""
    options = _groups_by_sum(values)[target]
    if len(options) < 2 or sum(values) < 2 * target:
        return options  # a group leaves too little for another: each is maximal
    return _maximal(unions_by_value(values, 0, target), options)


def _maximal(unions: tuple[int, ...], options: tuple[int, ...]) -> tuple[int, ...]:
    """The non-empty ``unions`` that leave none of the groups ``options`` whole.

    :func:`leaves_no_group` (R4.3) on sets of positions, where the groups
    are at hand; tests check the listing against that definition.
    """
    return tuple(union for union in unions if union and all(group & union for group in options))


def _joined(bases: tuple[int, ...], options: tuple[int, ...]) -> tuple[int, ...]:
    """Sorted unions of one of ``bases`` with any number of pairwise disjoint ``options``."""
    if len(bases) == 1 and len(options) == 1:  # the commonest case, without a set
        base = bases[0]
        group = options[0]
        return bases if base & group else (base, base | group)
    seen = set(bases)
    stack = list(seen)
    while stack:
        union = stack.pop()
        for group in options:
            if not group & union:
                bigger = union | group
                if bigger not in seen:
                    seen.add(bigger)
                    stack.append(bigger)
    if len(seen) == len(bases):
        return bases  # no group joins any base: the bases, sorted already
    return tuple(sorted(seen))


def loose_sums(loose: int) -> int:
    """Bit ``s`` set when some of the ``loose`` cards sum to ``s`` (s <= 13): a cheap test before any search.

    >>> from seep._engine.groups import loose_sums
    >>> from seep.cards import CardSet
    >>> bin(loose_sums(CardSet.parse("2S 3S").mask))
    '0b101101'
    """
    if loose.bit_count() <= _VALUE_FLOOR:
        return _floor(loose).sums
    return _crowded_sums(loose)


@cached("groups._crowded_sums")
def _crowded_sums(loose: int) -> int:
    """:func:`loose_sums` of a floor of more than ``_VALUE_FLOOR`` cards, by its card mask."""
    return value_sums(tuple(index // 4 + 1 for index in bits(loose)))


@cached("groups.value_sums")
def value_sums(values: tuple[int, ...]) -> int:
    """:func:`loose_sums` of a floor of ``values``: their :func:`~seep._engine.bits.value_subset_sums`."""
    return value_subset_sums(values)


def groups(loose: int, target: int) -> tuple[int, ...]:
    """Every subset of ``loose`` whose values sum to ``target``, as sorted masks.

    >>> from seep._engine.groups import groups
    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS 2S 3S 4S")
    >>> [str(CardSet(g)) for g in groups(floor.mask, 5)]
    ['2S 3S', 'AS 4S']
    """
    if not 0 < target <= _MAX_CAPTURE:
        return ()
    found = _by_value(loose, _value_groups, target)
    return _searched_groups(loose, target) if found is None else found


def _by_value(
    loose: int, search: Callable[..., tuple[int, ...]], *arguments: int
) -> tuple[int, ...] | None:
    """``search(values, *arguments)`` on a small floor, turned into card masks; ``None`` if crowded."""
    if loose.bit_count() > _VALUE_FLOOR:
        return None
    masks = floor_masks(loose)
    return tuple([masks[positions] for positions in search(_floor(loose).values, *arguments)])


@cached("groups._searched_groups", flat)
def _searched_groups(loose: int, target: int) -> tuple[int, ...]:
    """:func:`groups` by a depth-first search over the cards (for crowded floors)."""
    cards = [(1 << i, i // 4 + 1) for i in bits(loose)]
    found: list[int] = []

    def search(start: int, chosen: int, remaining: int) -> None:
        for position in range(start, len(cards)):
            bit, value = cards[position]
            if value > remaining:
                break  # cards are in value order: nothing later fits either
            if value == remaining:
                found.append(chosen | bit)
            else:
                search(position + 1, chosen | bit, remaining - value)

    if target > 0:
        search(0, 0, target)
    return tuple(sorted(found))


def _counts(cards: int) -> tuple[int, ...]:
    """How many cards of each value 0..13 ``cards`` holds (index 0 unused)."""
    return tuple((cards & mask).bit_count() for mask in VALUE_MASKS)


# Value counts packed in an int, four bits per value (bit 4*v): adding two
# packed counts adds value by value, and a count fits under a limit when no
# field borrows: ((limit | _HIGH) - count) & _HIGH == _HIGH (counts are <= 8).
_HIGH: Final = sum(8 << (4 * value) for value in range(14))


def _sub_counts(limit: int, total: int, need: int = 0) -> list[int]:
    """Packed value counts within ``limit`` that sum to ``total`` (using value ``need`` if given)."""
    found: list[int] = []

    def search(value: int, remaining: int, chosen: int) -> None:
        if remaining == 0:
            if not need or chosen >> (4 * need) & 15:
                found.append(chosen)
            return
        if value > min(13, remaining):
            return
        available = limit >> (4 * value) & 15
        for take in range(min(available, remaining // value) + 1):
            search(value + 1, remaining - take * value, chosen + (take << (4 * value)))

    search(1, total, 0)
    return found


@cached("groups._union_counts", flat)
def _union_counts(limit: int, target: int, base: int) -> frozenset[int]:
    """Packed value counts of one group of ``base`` (none if 0) plus disjoint groups of ``target``.

    Cards of one value are interchangeable, so which multisets of values can
    be split into such groups is decided on counts alone; the suits are
    chosen afterwards.
    """
    full = limit | _HIGH
    if base:  # the base group joined to each union of groups of the target, where it fits
        unions = _union_counts(limit, target, 0)
        return frozenset(
            [
                counts + group
                for group in _sub_counts(limit, base)
                for counts in unions
                if (full - counts - group) & _HIGH == _HIGH
            ]
        )
    # Sums of groups do not depend on their order, so the unions are closed
    # under one group at a time: every union so far, with any number of it.
    seen = {0}
    for option in _sub_counts(limit, target):
        added = seen
        while added:
            added = {
                counts + option for counts in added if (full - counts - option) & _HIGH == _HIGH
            }
            seen |= added
    return frozenset(seen)


# Up to this many loose cards, joining groups directly is faster than the
# value-count search below; beyond it, the count search keeps crowded floors
# usable (R3.4, R11.7). Both give the same sets.
_SMALL_FLOOR: Final = 12
#: Floors of more loose cards than this have their moves counted by value.
SMALL_FLOOR: Final = _SMALL_FLOOR


def _small_based_unions(loose: int, base: int, target: int) -> tuple[int, ...]:
    """:func:`based_unions` by joining disjoint groups one at a time (fast on small floors)."""
    return _joined(groups(loose, base) if base else (0,), groups(loose, target))


def based_unions(loose: int, base: int, target: int) -> tuple[int, ...]:
    """Sorted masks of loose cards that split into one group of ``base`` plus disjoint groups of ``target``.

    ``base`` 0 means no base group: any union of disjoint groups. A build of a
    new house of ``target`` with a card of ``target - base`` uses exactly
    these sets (R5.2, R5.3), an addition to a standing house of ``target``
    (R6.1) those with no base group. The search runs over how many cards of each
    value are used, then picks the suits, so its cost follows the size of
    the answer rather than the number of ways to group it (R3.4, R11.7).

    >>> from seep._engine.groups import based_unions
    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS 2S 3S 4S")
    >>> [str(CardSet(m)) for m in based_unions(floor.mask, 3, 5)]
    ['AS 2S', '3S', 'AS 3S 4S']
    """
    if target <= 0:
        return (0,) if base == 0 else ()
    small = _by_value(loose, value_unions, base, target)
    return _crowded_unions(loose, base, target) if small is None else small


@cached("groups._crowded_unions", flat)
def _crowded_unions(loose: int, base: int, target: int) -> tuple[int, ...]:
    """:func:`based_unions` on a floor of more than ``_VALUE_FLOOR`` cards."""
    if loose.bit_count() <= _SMALL_FLOOR:
        return _small_based_unions(loose, base, target)
    return _counted_unions(loose, base, target)


def _counted_unions(loose: int, base: int, target: int) -> tuple[int, ...]:
    """:func:`based_unions` by a search over value counts, suits chosen afterwards (R3.4, R11.7)."""
    found: list[int] = []
    for counts in _union_counts(packed_counts(loose), target, base):
        suits = [
            [
                sum(1 << card for card in combo)
                for combo in combinations(
                    bits(loose & VALUE_MASKS[value]), counts >> (4 * value) & 15
                )
            ]
            for value in range(1, 14)
        ]
        found.extend(sum(parts) for parts in product(*suits))
    found.sort()
    return tuple(found)


def leaves_no_group(loose: int, taken: int, target: int) -> bool:
    """R4.3, take everything: the ``loose`` cards a pick-up of ``taken`` leaves make no group of ``target``.

    The one definition of a maximal pick-up, which the verifier asks. The
    listing (:func:`maximal_packings`), the counts and ranks of crowded
    floors (:func:`count_packings`, :func:`packing_at`, by value counts)
    and the action encoding's completion search
    (:func:`seep._encoding.completion.clears`) reach the same sets faster; tests
    check each against this definition.

    >>> from seep._engine.groups import leaves_no_group
    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("3S 4S 2H 5D")
    >>> leaves_no_group(floor.mask, CardSet.parse("3S 4S").mask, 7), leaves_no_group(floor.mask, floor.mask, 7)
    (False, True)
    """
    return not loose_sums(loose & ~taken) >> target & 1


def maximal_packings(loose: int, target: int) -> tuple[int, ...]:
    """The distinct card sets a take-everything pick-up may take (R4.3).

    Each is a union of disjoint groups of ``target`` that leaves no group of
    ``target`` among the remaining cards (:func:`leaves_no_group`, checked
    against this listing by tests). Empty if no group exists.

    >>> from seep._engine.groups import maximal_packings
    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS 2S 3S 4S 5S 6S")
    >>> sorted(str(CardSet(p)) for p in maximal_packings(floor.mask, 7))
    ['AS 2S 3S 4S 5S 6S', 'AS 2S 4S']
    """
    found = _by_value(loose, value_packings, target)
    return _searched_packings(loose, target) if found is None else found


@cached("groups._searched_packings", flat)
def _searched_packings(loose: int, target: int) -> tuple[int, ...]:
    """:func:`maximal_packings` on a crowded floor."""
    options = groups(loose, target)
    return _maximal(based_unions(loose, 0, target), options) if options else ()


# -- counting without listing (R3.4, R11.7) ------------------------------------
#
# Which cards a move takes is what tells two moves apart (R4.3, R5.6), and a
# set of cards qualifies by its values alone. So the sets are counted by
# their value counts: for each multiset of values that qualifies, the ways to
# choose its suits are a product of binomials.

#: The four-bit fields of the packed counts of the values 1..t-1, for each t.
_BELOW: Final = tuple(sum(15 << (4 * value) for value in range(1, top)) for top in range(15))


@cached("groups.count_unions")  # crowded floors recur from move to move, as small ones do
def count_unions(loose: int, base: int, target: int) -> int:
    """``len(based_unions(loose, base, target))``, on a crowded floor without listing the sets.

    Only the values below ``target`` are counted by value
    (:func:`seep._engine.counting.union_count`): each loose card of value
    ``target`` is a group of its own, in or out (R5.3, R6.1, R11.3), and
    higher cards fit in no group.

    >>> from seep._engine.groups import based_unions, count_unions
    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 4D 5S")
    >>> count_unions(floor.mask, 3, 5) == len(based_unions(floor.mask, 3, 5))
    True
    """
    if target <= 0 or loose.bit_count() <= _SMALL_FLOOR:
        return len(based_unions(loose, base, target))
    total = union_count(packed_counts(loose) & _BELOW[target], target, base)
    if target <= _MAX_CAPTURE:
        total <<= (loose & VALUE_MASKS[target]).bit_count()
    return total


@cached("groups.count_packings")
def count_packings(loose: int, target: int) -> int:
    """``len(maximal_packings(loose, target))``, on a crowded floor without listing the packings.

    A union of groups is maximal when the cards it leaves make no group
    (R4.3, :func:`leaves_no_group`): it takes every loose card of value
    ``target``, and the values below ``target`` it leaves have no subset
    summing to ``target``. Counted by value, not listed: tests check the
    count against the listing.

    >>> from seep._engine.groups import count_packings, maximal_packings
    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 4D 6S")
    >>> count_packings(floor.mask, 7) == len(maximal_packings(floor.mask, 7))
    True
    """
    if not 0 < target <= _MAX_CAPTURE or loose.bit_count() <= _SMALL_FLOOR:
        return len(maximal_packings(loose, target))
    singles = loose & VALUE_MASKS[target] != 0
    return packing_count(packed_counts(loose) & _BELOW[target], target, singles)


#: C(n, k) for the free cards of one value: n of at most 4, k of at most n.
_CHOICES: Final = tuple(tuple(comb(n, k) for k in range(n + 1)) for n in range(5))


def union_at(loose: int, base: int, target: int, index: int) -> int:
    """``based_unions(loose, base, target)[index]``, on a crowded floor without listing the unions.

    >>> from seep._engine.groups import based_unions, union_at
    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 4D 5S")
    >>> unions = based_unions(floor.mask, 3, 5)
    >>> [union_at(floor.mask, 3, 5, i) for i in (0, 100, len(unions) - 1)] == [
    ...     unions[0], unions[100], unions[-1]]
    True
    """
    if target <= 0 or loose.bit_count() <= _SMALL_FLOOR:
        return based_unions(loose, base, target)[index]
    return ranked_union(loose, base, target, index)


def packing_at(loose: int, target: int, index: int) -> int:
    """``maximal_packings(loose, target)[index]``, on a crowded floor without listing the packings.

    >>> from seep._engine.groups import maximal_packings, packing_at
    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 4D 6S 7S")
    >>> packings = maximal_packings(floor.mask, 7)
    >>> [packing_at(floor.mask, 7, i) for i in (0, 20, len(packings) - 1)] == [
    ...     packings[0], packings[20], packings[-1]]
    True
    """
    if not 0 < target <= _MAX_CAPTURE or loose.bit_count() <= _SMALL_FLOOR:
        return maximal_packings(loose, target)[index]
    return ranked_packing(loose, target, index)


def ranked_union(
    loose: int, base: int, target: int, index: int, box_bits: int = counting.BOX_BITS
) -> int:
    """:func:`union_at` by the multisets of values of the count (:func:`~seep._engine.counting.union_sets`), on any floor.

    Only the values below ``target`` are counted by value; each loose card
    of value ``target`` is a group of its own, in or out (R5.3, R6.1,
    R11.3). ``box_bits`` as for :func:`~seep._engine.counting.union_count`.

    >>> from seep._engine.groups import based_unions, ranked_union
    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS 2S 3S 3H 4S").mask
    >>> unions = based_unions(floor, 0, 4)
    >>> [str(CardSet(ranked_union(floor, 0, 4, i))) for i in range(len(unions))]
    ['', 'AS 3S', 'AS 3H', '4S', 'AS 3S 4S', 'AS 3H 4S']
    """
    limit = packed_counts(loose) & _BELOW[target]
    return _ranked(loose, target, counting.union_sets(limit, target, base, box_bits), False, index)


def ranked_packing(loose: int, target: int, index: int, box_bits: int = counting.BOX_BITS) -> int:
    """:func:`packing_at` by the multisets of values of the count (:func:`~seep._engine.counting.packing_sets`), on any floor.

    A maximal packing takes every loose card of value ``target`` (R4.3).

    >>> from seep._engine.groups import ranked_packing
    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS 2S 3S 3H 4S 4H").mask
    >>> [str(CardSet(ranked_packing(floor, 4, i))) for i in range(2)]
    ['AS 3S 4S 4H', 'AS 3H 4S 4H']
    """
    limit = packed_counts(loose) & _BELOW[target]
    singles = loose & VALUE_MASKS[target] != 0
    return _ranked(
        loose, target, counting.packing_sets(limit, target, singles, box_bits), True, index
    )


def _ranked(loose: int, target: int, sets: counting.Sets, forced: bool, index: int) -> int:
    """The ``index``-th smallest card mask of ``loose`` whose values below ``target`` make a multiset of ``sets``.

    Cards of value ``target`` are all taken if ``forced``, else freely;
    higher cards never. The mask is decided card by card from the highest:
    the sets without a card are smaller than those with it, so the number
    of sets without it tells which way the index goes. The cards of one
    value are decided from the numbers of card sets below them for each
    number of cards of that value taken (:func:`~seep._engine.counting.narrowed`).
    """
    found = 0
    if target <= _MAX_CAPTURE:
        singles = loose & VALUE_MASKS[target]
        if forced:  # R4.3: a take-everything pick-up takes every card of the value
            found = singles
        elif singles:  # R5.3, R11.3: each is a group of its own, in or out
            below = counting.ranked_total(sets)
            open_singles = singles.bit_count()
            while singles:
                bit = 1 << (singles.bit_length() - 1)
                singles ^= bit
                open_singles -= 1
                without = below << open_singles
                if index >= without:
                    index -= without
                    found |= bit
    limit = packed_counts(loose) & _BELOW[target]
    inside = sets[0]
    states = list(sets[1])
    for value in range(min(target, _MAX_CAPTURE + 1) - 1, 0, -1):
        cards = loose & VALUE_MASKS[value]
        if not cards:
            continue
        options = counting.narrowed(limit, inside, states, value)
        free = cards.bit_count()
        taken = 0
        while cards:
            bit = 1 << (cards.bit_length() - 1)
            cards ^= bit
            free -= 1
            without = 0  # the sets without the card: some of the cards of the value below it
            for more in range(free + 1):
                without += _CHOICES[free][more] * options[taken + more][0]
            if index >= without:
                index -= without
                found |= bit
                taken += 1
        states = options[taken][1]
    return found


def is_union_of_groups(cards: int, target: int, base: int = 0) -> bool:
    """True if ``cards`` splits exactly into one group of ``base`` (if not 0) and groups of ``target``.

    The one check of "these cards make groups of a value": a pick-up's loose
    cards (R4.1), a build's (R5.3, R6.1) and a locked house's (R5.3).

    The empty set is a union of no groups. This is membership in
    :func:`based_unions`, decided without listing them.

    >>> from seep._engine.groups import is_union_of_groups
    >>> from seep.cards import CardSet
    >>> is_union_of_groups(CardSet.parse("AS 2S 3S 4S").mask, 5), is_union_of_groups(CardSet.parse("AS 3S").mask, 5)
    (True, False)
    """
    if target <= 0:
        return not cards and not base
    total = mask_total(cards)
    if total < base or (total - base) % target:
        return False
    size = cards.bit_count()
    if size <= _VALUE_FLOOR:  # by the cards' values, as the floor searches are (cached)
        found = small_unions(_floor(cards), base, target)
        return bool(found) and found[-1] == (1 << size) - 1  # all of them, the largest set
    if not base and target <= _MAX_CAPTURE:  # any number of cards (a house, R5.3): by value
        counts = _counts(cards)
        return not any(counts[target + 1 :]) and _splits(counts[:target], target)
    packed = packed_counts(cards)
    return packed in _union_counts(packed, target, base)


@cached("groups._splits")
def _splits(counts: tuple[int, ...], target: int) -> bool:
    """:func:`is_union_of_groups` (no base) of counts by card value below ``target``, highest card first.

    A card of the target is a group alone. The highest card is in some
    group: each way to fill that group from the cards no higher is tried in
    turn (few, since the rest sums to at most 12).
    """
    top = len(counts) - 1
    while top and not counts[top]:
        top -= 1
    if not top:
        return True
    rest = list(counts)
    rest[top] -= 1
    return any(_splits(tuple(left), target) for left in _fills(rest, target - top, top))


def _fills(counts: list[int], need: int, top: int) -> Iterator[list[int]]:
    """``counts`` less each multiset of values up to ``top`` summing to ``need``, once each."""
    if not need:
        yield counts
        return
    for value in range(min(top, need), 0, -1):
        if counts[value]:
            counts[value] -= 1
            yield from _fills(counts, need - value, value)
            counts[value] += 1


def split_into_groups(cards: int, target: int) -> tuple[int, ...]:
    """One way to split ``cards`` into groups that each sum to ``target``, lowest card first; ``()`` if none.

    A house keeps its cards, not its groups (R5.5), so this is how its
    groups are shown: each group holds the highest card left and as few
    other cards as leave the rest a union of groups (R5.3, R6.1). The
    empty set splits into no groups.

    >>> from seep._engine.groups import split_into_groups
    >>> from seep.cards import CardSet
    >>> [str(CardSet(g)) for g in split_into_groups(CardSet.parse("4S 6D 6C 8D").mask, 12)]
    ['4S 8D', '6D 6C']
    >>> [str(CardSet(g)) for g in split_into_groups(CardSet.parse("AS 2S 2H 4S 4H 5H 9D").mask, 9)]
    ['AS 2S 2H 4H', '4S 5H', '9D']
    >>> split_into_groups(CardSet.parse("4S 5H").mask, 10)
    ()
    """
    if not cards or not is_union_of_groups(cards, target):
        return ()
    found: list[int] = []
    while cards:
        top = 1 << (cards.bit_length() - 1)
        group = min(
            (
                group
                for group in groups(cards, target)
                if group & top and is_union_of_groups(cards ^ group, target)
            ),
            key=lambda group: (group.bit_count(), group),
        )
        found.append(group)
        cards ^= group
    found.sort(key=lambda group: group & -group)
    return tuple(found)

"""Subset-sum searches over loose floor cards, on bit masks (R4.1, R4.3, R5.3).

A *group* is a set of loose cards whose capture values sum to a target.
These searches are the combinatorial core of move generation; results are
cached per (mask, target) since the same floors recur across moves and
players.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from seep._bits import VALUE_MASKS, bits, mask_total

_CACHE_SIZE = 1 << 15


@lru_cache(maxsize=_CACHE_SIZE)
def groups(loose: int, target: int) -> tuple[int, ...]:
    """Every subset of ``loose`` whose values sum to ``target``, as masks.

    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS 2S 3S 4S")
    >>> [str(CardSet(g)) for g in groups(floor.mask, 5)]
    ['2S 3S', 'AS 4S']
    """
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


@lru_cache(maxsize=_CACHE_SIZE)
def unions(loose: int, target: int) -> frozenset[int]:
    """Every union of pairwise disjoint groups of ``target`` in ``loose``, the empty one included.

    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS 2S 3S 4S")
    >>> sorted(str(CardSet(u)) for u in unions(floor.mask, 5))
    ['', '2S 3S', 'AS 2S 3S 4S', 'AS 4S']
    """
    return frozenset(based_unions(loose, 0, target))


def _counts(cards: int) -> tuple[int, ...]:
    """How many cards of each value 0..13 ``cards`` holds (index 0 unused)."""
    return tuple((cards & mask).bit_count() for mask in VALUE_MASKS)


# Value counts packed in an int, four bits per value (bit 4*v): adding two
# packed counts adds value by value, and a count fits under a limit when no
# field borrows: ((limit | _HIGH) - count) & _HIGH == _HIGH (counts are <= 8).
_HIGH = sum(8 << (4 * value) for value in range(14))


def _packed(cards: int) -> int:
    return sum(count << (4 * value) for value, count in enumerate(_counts(cards)))


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


@lru_cache(maxsize=_CACHE_SIZE)
def _union_counts(limit: int, target: int, base: int) -> frozenset[int]:
    """Packed value counts of one group of ``base`` (none if 0) plus disjoint groups of ``target``.

    Cards of one value are interchangeable, so which multisets of values can
    be split into such groups is decided on counts alone; the suits are
    chosen afterwards.
    """
    options = _sub_counts(limit, target)
    seen = set(_sub_counts(limit, base)) if base else {0}
    stack = list(seen)
    full = limit | _HIGH
    while stack:
        counts = stack.pop()
        for option in options:
            bigger = counts + option
            if (full - bigger) & _HIGH == _HIGH and bigger not in seen:
                seen.add(bigger)
                stack.append(bigger)
    return frozenset(seen)


# Up to this many loose cards, joining groups directly is faster than the
# value-count search below; beyond it, the count search keeps crowded floors
# usable (R3.4, R11.7). Both give the same sets.
_SMALL_FLOOR = 12


def _small_based_unions(loose: int, base: int, target: int) -> tuple[int, ...]:
    """:func:`based_unions` by joining disjoint groups one at a time (fast on small floors)."""
    options = groups(loose, target)
    seen = set(groups(loose, base)) if base else {0}
    stack = list(seen)
    while stack:
        union = stack.pop()
        for group in options:
            if not group & union:
                bigger = union | group
                if bigger not in seen:
                    seen.add(bigger)
                    stack.append(bigger)
    return tuple(sorted(seen))


def based_unions(loose: int, base: int, target: int) -> tuple[int, ...]:
    """Sorted masks of loose cards that split into one group of ``base`` plus disjoint groups of ``target``.

    ``base`` 0 means no base group: these are the :func:`unions`. A build of a
    new house of ``target`` with a card of ``target - base`` uses exactly
    these sets (R5.2, R5.3). The search runs over how many cards of each
    value are used, then picks the suits, so its cost follows the size of
    the answer rather than the number of ways to group it (R3.4, R11.7).

    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS 2S 3S 4S")
    >>> [str(CardSet(m)) for m in based_unions(floor.mask, 3, 5)]
    ['AS 2S', '3S', 'AS 3S 4S']
    """
    if target <= 0:
        return (0,) if base == 0 else ()
    if loose.bit_count() <= _SMALL_FLOOR:
        return _small_based_unions(loose, base, target)
    found: list[int] = []
    for counts in _union_counts(_packed(loose), target, base):
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


@lru_cache(maxsize=_CACHE_SIZE)
def maximal_packings(loose: int, target: int) -> tuple[int, ...]:
    """The distinct card sets a take-everything pick-up may take (R4.3).

    Each is a union of disjoint groups of ``target`` that leaves no group of
    ``target`` among the remaining cards. Empty if no group exists.

    >>> from seep.cards import CardSet
    >>> floor = CardSet.parse("AS 2S 3S 4S 5S 6S")
    >>> sorted(str(CardSet(p)) for p in maximal_packings(floor.mask, 7))
    ['AS 2S 3S 4S 5S 6S', 'AS 2S 4S']
    """
    options = groups(loose, target)
    if not options:
        return ()
    return tuple(
        sorted(
            union
            for union in unions(loose, target)
            if union and all(group & union for group in options)
        )
    )


def is_union_of_groups(cards: int, target: int, base: int = 0) -> bool:
    """True if ``cards`` splits exactly into one group of ``base`` (if not 0) and groups of ``target``.

    The empty set is a union of no groups. This is membership in
    :func:`based_unions`, decided without listing them.

    >>> from seep.cards import CardSet
    >>> is_union_of_groups(CardSet.parse("AS 2S 3S 4S").mask, 5), is_union_of_groups(CardSet.parse("AS 3S").mask, 5)
    (True, False)
    """
    if target <= 0:
        return not cards and not base
    total = mask_total(cards)
    if total < base or (total - base) % target:
        return False
    packed = _packed(cards)
    return packed in _union_counts(packed, target, base)


def clear_caches() -> None:
    """Empty the search caches (for benchmarks that measure cold starts)."""
    groups.cache_clear()
    unions.cache_clear()
    maximal_packings.cache_clear()
    _union_counts.cache_clear()

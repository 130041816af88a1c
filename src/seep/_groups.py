"""Subset-sum searches over loose floor cards, on bit masks (R4.1, R4.3, R5.3).

A *group* is a set of loose cards whose capture values sum to a target.
These searches are the combinatorial core of move generation; results are
cached per (mask, target) since the same floors recur across moves and
players.
"""

from __future__ import annotations

from functools import lru_cache

from seep._bits import bits

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
    options = groups(loose, target)
    seen = {0}
    stack = [0]
    while stack:
        union = stack.pop()
        for group in options:
            if not group & union:
                bigger = union | group
                if bigger not in seen:
                    seen.add(bigger)
                    stack.append(bigger)
    return frozenset(seen)


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


def is_union_of_groups(cards: int, target: int) -> bool:
    """True if ``cards`` splits exactly into groups of ``target`` (the empty set does)."""
    return cards in unions(cards, target)


def clear_caches() -> None:
    """Empty the search caches (for benchmarks that measure cold starts)."""
    groups.cache_clear()
    unions.cache_clear()
    maximal_packings.cache_clear()

"""Integer bit-mask helpers shared by the engine (card index = (value-1)*4 + suit)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from seep._engine.caches import cached

FULL_MASK: Final = (1 << 52) - 1

#: ``VALUE_MASKS[v]``: mask of the four cards of capture value ``v`` (index 0 unused).
VALUE_MASKS: Final[tuple[int, ...]] = (0, *(0b1111 << (4 * (v - 1)) for v in range(1, 14)))

#: The values a house or a bid may have, 9 to 13 (R2.4, R5.1, R7.1).
HOUSE_VALUES: Final = range(9, 14)

#: The cards of those values: a bidder holds one, or the deal is void (R2.3).
HIGH_MASK: Final = sum(VALUE_MASKS[value] for value in HOUSE_VALUES)

_CHUNK: Final = 13


def _chunk_table(offset: int) -> tuple[int, ...]:
    table = [0] * (1 << _CHUNK)
    for m in range(1, 1 << _CHUNK):
        low = m & -m
        table[m] = table[m ^ low] + (offset + low.bit_length() - 1) // 4 + 1
    return tuple(table)


_T0, _T1, _T2, _T3 = (_chunk_table(offset) for offset in range(0, 52, _CHUNK))


def mask_total(mask: int) -> int:
    """Sum of the capture values of the cards in ``mask``.

    >>> from seep._engine.bits import VALUE_MASKS, mask_total
    >>> mask_total(VALUE_MASKS[13] | VALUE_MASKS[1])
    56
    """
    return (
        _T0[mask & 0x1FFF] + _T1[mask >> 13 & 0x1FFF] + _T2[mask >> 26 & 0x1FFF] + _T3[mask >> 39]
    )


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first.

    >>> from seep._engine.bits import bits
    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_PAIRS: Final = tuple((b & 15).bit_count() << 4 | (b >> 4).bit_count() << 8 for b in range(256))
_SUMS: Final = (1 << 14) - 1  # sums 0..13, the capture values


def packed_counts(mask: int) -> int:
    """How many cards of each value ``mask`` holds, packed: the count of value ``v`` at bit ``4 * v``.

    Cards of one value are interchangeable in a sum, so the group searches
    on crowded floors work on these counts.

    >>> from seep._engine.bits import packed_counts
    >>> hex(packed_counts(0b11 | 1 << 8))  # two aces and a three
    '0x1020'
    """
    counts = 0
    shift = 0
    while mask:
        counts |= _PAIRS[mask & 255] << shift  # a byte holds the cards of two values
        mask >>= 8
        shift += 8
    return counts


def value_subset_sums(values: Iterable[int]) -> int:
    """Bit ``s`` set when some of the capture ``values`` (one per card) sum to ``s`` (0..13).

    The one subset-sum bit set of the engine: whether loose cards make a
    group of a value (R4.1, R4.3, R8.2) is a bit of it.

    >>> from seep._engine.bits import value_subset_sums
    >>> bin(value_subset_sums((1, 2)))  # an ace and a two
    '0b1111'
    """
    sums = 1
    for value in values:
        sums |= (sums << value) & _SUMS
    return sums


@cached("bits.subset_sums")
def subset_sums(counts: int) -> int:
    """:func:`value_subset_sums` of the cards of the :func:`packed_counts` ``counts``.

    >>> from seep._engine.bits import packed_counts, subset_sums
    >>> bin(subset_sums(packed_counts(0b1 | 1 << 4)))  # an ace and a two
    '0b1111'
    """
    values: list[int] = []
    value = 0
    while counts:
        values += [value] * (counts & 15)
        counts >>= 4
        value += 1
    return value_subset_sums(values)

"""The counts of loose sets by value (R3.4, R4.3, R5.2, R5.3, R6.1, R11.3, R11.7).

:mod:`seep._engine.counting` adds up the card sets of the multisets of
values that qualify without listing them. Every count here is checked
against the sets listed card by card, on floors small enough to list, and
with the high values both inside the box of sets decided at once and chosen
one at a time.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crowded_floors import FLOORS
from seep._engine.bits import VALUE_MASKS
from seep._engine.counting import packing_count, union_count
from seep._engine.groups import _searched_packings, _small_based_unions, groups
from seep.cards import CardSet
from seep.testing import card_sets


def packed(cards: int) -> int:
    """The packed value counts of a card mask: four bits per value at bit ``4 * value``."""
    return sum((cards & VALUE_MASKS[value]).bit_count() << (4 * value) for value in range(1, 14))


def below(cards: int, target: int) -> int:
    """The cards of ``cards`` of a value below ``target``."""
    return cards & sum(VALUE_MASKS[value] for value in range(1, target))


def listed_unions(cards: int, base: int, target: int) -> int:
    """How many subsets of ``cards`` split into a group of ``base`` and groups of ``target``, listed."""
    return len(_small_based_unions(cards, base, target))


def listed_packings(cards: int, target: int) -> int:
    """How many maximal unions of groups of ``target`` ``cards`` has, listed (R4.3)."""
    return len(_searched_packings(cards, target))


# Boxes of at most one bit choose every high value one state at a time; boxes
# of a million bits hold every high value of these floors.
LAYOUTS = (1, 1 << 20)


@pytest.fixture(params=LAYOUTS, ids=["high values chosen", "high values in the box"])
def box_bits(request: pytest.FixtureRequest) -> int:
    """The most bits of a box: every high value chosen one at a time, or all of them in the box."""
    return int(request.param)


@pytest.mark.parametrize("floor", FLOORS)
@pytest.mark.parametrize("target", [4, 9, 10, 12, 13])
def test_r5_3_r6_1_union_counts_of_hand_made_floors_equal_the_listed_unions(
    box_bits: int, floor: str, target: int
) -> None:
    cards = below(CardSet.parse(floor).mask, target)
    for base in range(target):
        assert union_count(packed(cards), target, base, box_bits) == listed_unions(
            cards, base, target
        )


def test_r5_2_a_high_card_may_be_the_base_group(box_bits: int) -> None:
    # A build of 13 with a 4 in hand needs 9 of loose cards: the 9 alone, or
    # 8 with an ace, or 7 with a two; the other cards make groups of 13.
    cards = CardSet.parse("AS 2S 4S 6S 7S 8S 9S").mask
    unions = _small_based_unions(cards, 9, 13)
    assert {CardSet.parse(found).mask for found in ["9S", "AS 8S", "2S 7S"]} <= set(unions)
    assert union_count(packed(cards), 13, 9, box_bits) == len(unions)


@pytest.mark.parametrize("floor", FLOORS)
@pytest.mark.parametrize("target", [4, 7, 9, 11, 13])
def test_r4_3_packing_counts_of_hand_made_floors_equal_the_listed_packings(
    box_bits: int, floor: str, target: int
) -> None:
    loose = CardSet.parse(floor).mask
    singles = loose & VALUE_MASKS[target] != 0
    count = packing_count(packed(below(loose, target)), target, singles, box_bits)
    assert count == listed_packings(loose, target)


def test_r4_3_a_high_card_left_over_makes_a_packing_not_maximal(box_bits: int) -> None:
    # Groups of 9: 8 with an ace, 7 with a two. Taking 8S AS alone leaves
    # 7S 2S, a group; the one maximal packing takes both groups.
    cards = CardSet.parse("AS 2S 7S 8S").mask
    assert packing_count(packed(cards), 9, False, box_bits) == 1 == listed_packings(cards, 9)


def test_r4_3_a_floor_without_a_group_has_no_packing(box_bits: int) -> None:
    cards = CardSet.parse("AS AH AD 5S 5H").mask  # the aces sum to 3 at most
    assert not groups(cards, 4)
    assert packing_count(packed(cards), 4, False, box_bits) == 0
    assert packing_count(packed(cards), 4, True, box_bits) == 1  # the cards of 4 alone


@settings(max_examples=60, deadline=None)
@given(loose=card_sets(min_size=4, max_size=15), target=st.integers(1, 13), base=st.integers(0, 12))
def test_r4_1_r5_3_union_count_equals_the_listed_unions(
    loose: CardSet, target: int, base: int
) -> None:
    cards = below(loose.mask, target)
    base %= target
    expected = listed_unions(cards, base, target)
    for bits in LAYOUTS:
        assert union_count(packed(cards), target, base, bits) == expected


@settings(max_examples=60, deadline=None)
@given(loose=card_sets(min_size=4, max_size=15), target=st.integers(1, 13))
def test_r4_3_packing_count_equals_the_listed_packings(loose: CardSet, target: int) -> None:
    singles = loose.mask & VALUE_MASKS[target] != 0
    expected = listed_packings(loose.mask, target)
    for bits in LAYOUTS:
        assert packing_count(packed(below(loose.mask, target)), target, singles, bits) == expected

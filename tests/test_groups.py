"""The group searches behind pick-ups and builds (R4.1, R4.3, R5.2, R5.3, R6.1).

Floors of a few cards are searched by value and cached by the values;
crowded floors by joining groups card by card, or by counting values. All
paths must give the same sets as a brute force over every subset.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from seep._engine.groups import (
    _counted_unions,
    _small_based_unions,
    based_unions,
    groups,
    is_union_of_groups,
    loose_sums,
    maximal_packings,
    split_into_groups,
)


def value(card: int) -> int:
    return card // 4 + 1


def splits(cards: frozenset[int], base: int, target: int) -> bool:
    """Can ``cards`` be cut into one group of ``base`` (if not 0) and groups of ``target``?"""
    if not cards:
        return base == 0
    low = min(cards)
    rest = sorted(cards - {low})
    for size in range(len(rest) + 1):
        for others in combinations(rest, size):
            group = {low, *others}
            total = sum(value(card) for card in group)
            left = cards - group
            if base and total == base and splits(left, 0, target):
                return True
            if total == target and splits(left, base, target):
                return True
    return False


def subsets(cards: list[int]) -> list[frozenset[int]]:
    return [frozenset(c) for size in range(len(cards) + 1) for c in combinations(cards, size)]


def mask(cards: frozenset[int]) -> int:
    return sum(1 << card for card in cards)


FLOORS = st.lists(st.integers(0, 51), min_size=0, max_size=9, unique=True)
TARGETS = st.integers(1, 13)


@settings(max_examples=150, deadline=None)
@given(FLOORS, TARGETS)
def test_r4_1_groups_are_the_subsets_of_the_value(cards: list[int], target: int) -> None:
    loose = sum(1 << card for card in cards)
    expected = sorted(mask(s) for s in subsets(cards) if s and sum(map(value, s)) == target)
    assert list(groups(loose, target)) == expected
    assert bool(loose_sums(loose) >> target & 1) == bool(expected)


@settings(max_examples=150, deadline=None)
@given(FLOORS, st.integers(0, 12), st.integers(9, 13))
def test_r5_3_every_search_path_finds_the_same_house_sets(
    cards: list[int], base: int, target: int
) -> None:
    loose = sum(1 << card for card in cards)
    expected = sorted(mask(s) for s in subsets(cards) if splits(s, base, target))
    assert list(based_unions(loose, base, target)) == expected
    assert list(_small_based_unions(loose, base, target)) == expected
    assert list(_counted_unions(loose, base, target)) == expected
    for found in expected:
        assert is_union_of_groups(found, target, base)


@settings(max_examples=150, deadline=None)
@given(FLOORS, TARGETS)
def test_r4_3_maximal_packings_leave_no_group_behind(cards: list[int], target: int) -> None:
    loose = sum(1 << card for card in cards)

    def leaves_no_group(taken: frozenset[int]) -> bool:
        left = [card for card in cards if card not in taken]
        return not any(s and sum(map(value, s)) == target for s in subsets(left))

    expected = sorted(
        mask(s) for s in subsets(cards) if s and splits(s, 0, target) and leaves_no_group(s)
    )
    assert list(maximal_packings(loose, target)) == expected


@settings(max_examples=150, deadline=None)
@given(FLOORS, st.integers(9, 13))
def test_r5_5_a_house_splits_into_disjoint_groups_of_its_value_exactly_when_it_can(
    cards: list[int], target: int
) -> None:
    """The groups a picture draws a house in: a partition of its cards, each group of the value."""
    loose = sum(1 << card for card in cards)
    can_split = bool(cards) and splits(frozenset(cards), 0, target)
    assert bool(split_into_groups(loose, target)) == can_split
    for house in based_unions(loose, 0, target):  # every house these cards could make
        union = 0
        found = split_into_groups(house, target)
        assert found or not house
        for group in found:
            assert group and not group & union
            assert sum(value(card) for card in range(52) if group >> card & 1) == target
            union |= group
        assert union == house
        assert [group & -group for group in found] == sorted(group & -group for group in found)


def test_r5_5_a_locked_house_of_12_splits_as_it_was_built() -> None:
    """4♠ + 8♦ and 6♦ + 6♣: each group holds the highest card left with the fewest others."""
    # cards are numbered by value then suit (spades, hearts, diamonds, clubs)
    four_s, six_d, six_c, eight_d = 12, 22, 23, 30
    house = sum(1 << card for card in (four_s, six_d, six_c, eight_d))
    assert split_into_groups(house, 12) == (
        1 << four_s | 1 << eight_d,
        1 << six_d | 1 << six_c,
    )
    assert split_into_groups(house, 9) == ()

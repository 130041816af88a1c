"""Finding a loose set of a crowded floor by its index, without listing (R3.4, R4.3, R5.2, R5.3, R11.3, R11.7).

On a crowded floor a move list's move at an index is found by deciding its
cards from the highest, weighing the multisets of values of the count
(:func:`seep._engine.counting.union_sets`, :func:`~seep._engine.counting.packing_sets`).
Every set found here is checked against the sets listed card by card, in
their canonical (sorted) order: the unions of groups that builds and the
taash pick-ups take (R5.2, R5.3, R11.3), and the maximal packings of the
standard pick-ups (R4.3); with the high values both inside the box of
multisets decided at once and chosen one state at a time.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crowded_floors import FLOORS
from seep._engine.bits import VALUE_MASKS, bits
from seep._engine.counting import (
    _layout,
    packing_count,
    packing_sets,
    ranked_total,
    union_count,
    union_sets,
)
from seep._engine.generate import Position
from seep._engine.groups import (
    _searched_packings,
    _small_based_unions,
    based_unions,
    count_packings,
    count_unions,
    maximal_packings,
    packing_at,
    ranked_packing,
    ranked_union,
    union_at,
)
from seep._engine.listing import LISTED
from seep.cards import CardSet
from seep.testing import card_sets, position

# Boxes of at most one bit choose every high value one state at a time; boxes
# of a million bits hold every high value of these floors.
LAYOUTS = (1, 1 << 20)


@pytest.fixture(params=LAYOUTS, ids=["high values chosen", "high values in the box"])
def box_bits(request: pytest.FixtureRequest) -> int:
    """The most bits of a box: every high value chosen one at a time, or all of them in the box."""
    return int(request.param)


def spread(size: int) -> list[int]:
    """About a hundred indexes of a list of ``size``, the first and the last among them."""
    return sorted({0, size - 1, *range(0, size, max(1, size // 97))}) if size else []


def mask(cards: str) -> int:
    """The card mask of ``cards`` in text."""
    return CardSet.parse(cards).mask


def packed(cards: int) -> int:
    """The packed value counts of a card mask: four bits per value at bit ``4 * value``."""
    return sum((cards & VALUE_MASKS[value]).bit_count() << (4 * value) for value in range(1, 14))


def below(cards: int, target: int) -> int:
    """The cards of ``cards`` of a value below ``target``."""
    return cards & sum(VALUE_MASKS[value] for value in range(1, target))


@pytest.mark.parametrize("floor", FLOORS)
@pytest.mark.parametrize("target", [4, 9, 11, 13])
def test_r5_3_r11_3_unions_of_crowded_floors_by_index_are_the_listed_ones(
    floor: str, target: int
) -> None:
    loose = mask(floor)
    for base in range(target):
        unions = based_unions(loose, base, target)
        assert count_unions(loose, base, target) == len(unions)
        for index in spread(len(unions)):
            assert union_at(loose, base, target, index) == unions[index]


@pytest.mark.parametrize("floor", FLOORS)
@pytest.mark.parametrize("target", [4, 7, 9, 12, 13])
def test_r4_3_packings_of_crowded_floors_by_index_are_the_listed_ones(
    floor: str, target: int
) -> None:
    loose = mask(floor)
    packings = maximal_packings(loose, target)
    assert count_packings(loose, target) == len(packings)
    for index in spread(len(packings)):
        assert packing_at(loose, target, index) == packings[index]


@pytest.mark.parametrize("floor", FLOORS)
@pytest.mark.parametrize("target", [5, 10, 13])
def test_r5_3_r4_3_every_layout_of_the_box_finds_the_same_sets(
    box_bits: int, floor: str, target: int
) -> None:
    loose = mask(floor)
    for base in (0, target // 2, target - 1):
        unions = _small_based_unions(loose, base, target)
        found = [ranked_union(loose, base, target, i, box_bits) for i in spread(len(unions))]
        assert found == [unions[i] for i in spread(len(unions))]
    packings = _searched_packings(loose, target)
    found = [ranked_packing(loose, target, i, box_bits) for i in spread(len(packings))]
    assert found == [packings[i] for i in spread(len(packings))]


def test_r5_3_r4_3_a_high_value_in_the_box_between_two_chosen_ones() -> None:
    # Groups of 13: the low values 1..6 make a box of 144 multisets; at 288
    # bits the single 8 joins it, the four 7s and the two 9s do not.
    loose = mask("AS AH 2S 3S 3H 4S 5S 6S 7S 7H 7D 7C 8S 9S 9H")
    _, _, _, boxed, chosen = _layout(packed(loose), 13, 288)
    assert (boxed, chosen) == ([(8, 1)], [(7, 4), (9, 2)])
    for base in (0, 4, 8, 9, 12):
        unions = _small_based_unions(loose, base, 13)
        assert [ranked_union(loose, base, 13, i, 288) for i in range(len(unions))] == list(unions)
    packings = _searched_packings(loose, 13)
    assert [ranked_packing(loose, 13, i, 288) for i in range(len(packings))] == list(packings)


def test_r5_2_a_high_card_may_be_the_base_group_of_a_ranked_build(box_bits: int) -> None:
    # A build of 13 with a 4 in hand needs 9 of loose cards: the 9 alone, or
    # 8 with an ace, or 7 with a two; the other cards make groups of 13.
    loose = mask("AS 2S 4S 6S 7S 8S 9S")
    unions = _small_based_unions(loose, 9, 13)
    assert {mask(cards) for cards in ["9S", "AS 8S", "2S 7S"]} <= set(unions)
    assert [ranked_union(loose, 9, 13, i, box_bits) for i in range(len(unions))] == list(unions)


def test_r11_3_the_free_cards_of_the_target_come_last_in_the_order(box_bits: int) -> None:
    # Taking 5s: the empty set, AS 4S, and each with any of the two fives.
    # The fives are the highest cards, so the sets with them sort after.
    loose = mask("AS 4S 5S 5H")
    found = [CardSet(ranked_union(loose, 0, 5, i, box_bits)) for i in range(8)]
    assert [str(cards) for cards in found] == [
        "",
        "AS 4S",
        "5S",
        "AS 4S 5S",
        "5H",
        "AS 4S 5H",
        "5S 5H",
        "AS 4S 5S 5H",
    ]
    assert tuple(cards.mask for cards in found) == _small_based_unions(loose, 0, 5)


def test_r4_3_a_high_card_left_over_makes_a_packing_not_maximal(box_bits: int) -> None:
    # Groups of 9: 8 with an ace, 7 with a two. Taking 8S AS alone leaves
    # 7S 2S, a group; the one maximal packing takes both groups.
    loose = mask("AS 2S 7S 8S")
    assert ranked_packing(loose, 9, 0, box_bits) == loose == _searched_packings(loose, 9)[0]


def test_r4_3_without_a_group_the_one_packing_is_the_cards_of_the_target(box_bits: int) -> None:
    loose = mask("AS AH AD 4S 4H 5S 5H")  # the aces sum to 3 at most
    assert _searched_packings(loose, 4) == (mask("4S 4H"),)
    assert ranked_packing(loose, 4, 0, box_bits) == mask("4S 4H")
    # Without the fours, taking nothing is no pick-up: no packing is left.
    aces = packed(mask("AS AH AD"))
    assert ranked_total(packing_sets(aces, 4, True, box_bits)) == 1
    assert ranked_total(packing_sets(aces, 4, False, box_bits)) == 0


@settings(max_examples=60, deadline=None)
@given(loose=card_sets(min_size=9, max_size=15), target=st.integers(1, 13), base=st.integers(0, 12))
def test_r4_1_r5_3_ranked_unions_are_the_listed_unions(
    loose: CardSet, target: int, base: int
) -> None:
    base %= target
    unions = _small_based_unions(loose.mask, base, target)
    indexes = spread(len(unions))
    limit = packed(below(loose.mask, target))
    for layout in LAYOUTS:
        assert ranked_total(union_sets(limit, target, base, layout)) == union_count(
            limit, target, base, layout
        )
        found = [ranked_union(loose.mask, base, target, i, layout) for i in indexes]
        assert found == [unions[i] for i in indexes]


@settings(max_examples=60, deadline=None)
@given(loose=card_sets(min_size=9, max_size=15), target=st.integers(1, 13))
def test_r4_3_ranked_packings_are_the_listed_packings(loose: CardSet, target: int) -> None:
    packings = _searched_packings(loose.mask, target)
    indexes = spread(len(packings))
    limit = packed(below(loose.mask, target))
    singles = loose.mask & VALUE_MASKS[target] != 0
    for layout in LAYOUTS:
        total = ranked_total(packing_sets(limit, target, singles, layout))
        assert total == packing_count(limit, target, singles, layout) == len(packings)
        found = [ranked_packing(loose.mask, target, i, layout) for i in indexes]
        assert found == [packings[i] for i in indexes]


@pytest.mark.parametrize("variant", ["standard", "taash"])
@pytest.mark.parametrize(
    "loose",
    [
        "AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 5S 5H 6S 6H TS",
        "AS 2S 3S 4H 5S 5H 6S 6H 7S 7H 7C 8S 8H 8C 9H JS",
    ],
)
def test_r3_4_r11_7_a_card_with_many_moves_finds_each_by_its_rank(variant: str, loose: str) -> None:
    # Pick-ups (R4.3 in standard, R11.3 in taash), with and without the house
    # of 9, and builds of new houses (R5.2, R5.3), found by rank, not listed.
    state = position(variant, hand="9S KD 4C", loose=loose, houses=[(9, "4D 5D", [1])])
    where = Position(state)
    assert where.is_crowded()
    ranked = 0
    for card in bits(where.hand):
        moves = list(where.iter_for_card(card))
        if len(moves) <= LISTED:
            continue
        ranked += 1
        for index in spread(len(moves)):
            assert where.move_at(card, index) == moves[index]
    assert ranked

"""Counting moves without listing them, and finding a move by its index (R3.4, R4.3, R5.3, R6.1, R11.3, R11.7).

On a crowded floor :func:`seep.count_legal_moves` counts the pick-ups and
builds by the values of the loose cards (a product of binomials chooses the
suits). Every count here is checked against the moves listed one by one by
the generator, which never counts; indexing is checked against the listed
moves too.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seep import State, apply_move, count_legal_moves, is_legal, legal_moves, new_deal
from seep._engine.generate import iterate
from seep._engine.groups import based_unions, count_packings, count_unions, maximal_packings
from seep.cards import ALL_CARDS, CardSet
from seep.testing import card_sets, position, reachable_states

VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")


def listed(state: State) -> list[object]:
    """The legal moves as the generator lists them, one card at a time (no counting involved)."""
    return list(iterate(state))


def crowded(variant: str, seed: str, loose: int, hand: int = 3) -> State:
    """A seeded floor of ``loose`` loose cards, the mover holding ``hand`` cards."""
    deck = [str(card) for card in ALL_CARDS]
    random.Random(seed).shuffle(deck)
    return position(variant, hand=" ".join(deck[:hand]), loose=" ".join(deck[hand : hand + loose]))


# The floor of benchmarks/run.py's 28-card count benchmark: the deck shuffled
# by random.Random("standard/28/88"), 3 cards in hand and the next 28 loose.
# Its 21,775,727 legal moves were counted once by the generator as it was
# before counting by value, which listed every move to count them (23 minutes
# and 1.3 GB on a loaded two-core machine; the count by values takes a
# fraction of a second).
FLOOR_28 = "2C 6H 9C 3C 4H 5S 4C JC 5D 2S 8D 2D 6C 2H 9D 8H 6S QC 4D KC 8C AS AC 8S QD 7C 3S 5C"
FLOOR_28_MOVES = 21_775_727


def test_r3_4_count_on_the_28_card_floor_matches_the_listed_count() -> None:
    state = position("standard", hand="3H KH 5H", loose=FLOOR_28)
    assert len(state.loose) == 28
    assert count_legal_moves(state) == FLOOR_28_MOVES


@pytest.mark.parametrize("variant", VARIANTS)
def test_r3_4_count_equals_listing_on_random_play_positions(variant: str) -> None:
    for seed in range(3):
        state = new_deal(variant, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            assert count_legal_moves(state) == len(listed(state))
            state = apply_move(state, rng.choice(legal_moves(state)))


@pytest.mark.parametrize("variant", ["standard", "taash"])
@pytest.mark.parametrize("seed", range(4))
def test_r3_4_r11_7_count_equals_listing_on_seeded_crowded_floors(variant: str, seed: int) -> None:
    state = crowded(variant, f"{variant}/counting/{seed}", 15 + seed)
    assert count_legal_moves(state) == len(listed(state))


# Twenty loose cards, many of one value: three fives, sixes, sevens and eights.
EQUAL_VALUES = "AS AH 2S 3S 4H 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S 8H 8D 9H 9D TS"
# Every ace, two and three, and some fours and fives: a floor of small cards.
LOW_FLOOR = "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 5S 5H"


@pytest.mark.parametrize("variant", ["standard", "taash"])
@pytest.mark.parametrize("loose", [EQUAL_VALUES, LOW_FLOOR])
def test_r4_3_r5_3_count_equals_listing_with_many_equal_values(variant: str, loose: str) -> None:
    state = position(variant, hand="9S KD 4C", loose=loose)
    assert count_legal_moves(state) == len(listed(state))


@pytest.mark.parametrize("variant", ["standard", "taash"])
@pytest.mark.parametrize(
    "loose",
    [
        "AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 5S 5H 6S 6H TS",
        "AS 2S 3S 4H 5S 5H 6S 6H 7S 7H 7C 8S 8H 8C 9H JS JH QC KS KH",
    ],
)
def test_r4_3_r6_1_r7_1_count_equals_listing_with_houses(variant: str, loose: str) -> None:
    # A house of 9 of another seat (raisable), a locked house of 12 the mover owns.
    houses = [(9, "4D 5D", [1]), (12, "6D 6C TD 2C", [0])]
    state = position(variant, hand="9S 3C QH QS", loose=loose, houses=houses)
    moves = listed(state)
    assert count_legal_moves(state) == len(moves)
    assert any(move.__class__.__name__ == "Raise" for move in moves)


def test_r3_2_bound_card_counts_only_its_house_pickups() -> None:
    # The mover's only queen: it may only take the house of 12 (R3.2), with a maximal set of groups.
    loose = "AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 5S 5H 6S 6H"
    state = position("standard", hand="QS 2C", loose=loose, houses=[(12, "6D 6C", [0])])
    moves = listed(state)
    assert count_legal_moves(state) == len(moves)
    assert all(move.house == 12 for move in moves if str(move.card) == "QS")  # type: ignore[union-attr]


@settings(max_examples=40, deadline=None)
@given(
    loose=card_sets(min_size=13, max_size=17), target=st.integers(1, 13), base=st.integers(0, 12)
)
def test_r4_1_r5_3_union_count_equals_listed_unions(loose: CardSet, target: int, base: int) -> None:
    base %= target
    assert count_unions(loose.mask, base, target) == len(based_unions(loose.mask, base, target))


@settings(max_examples=40, deadline=None)
@given(loose=card_sets(min_size=13, max_size=18), target=st.integers(1, 13))
def test_r4_3_packing_count_equals_listed_packings(loose: CardSet, target: int) -> None:
    assert count_packings(loose.mask, target) == len(maximal_packings(loose.mask, target))


@settings(max_examples=30, deadline=None)
@given(
    variant=st.sampled_from(["standard", "taash"]),
    cards=st.permutations(range(52)),
    size=st.integers(9, 16),
)
def test_r3_4_count_equals_listing_on_generated_floors(
    variant: str, cards: list[int], size: int
) -> None:
    hand = " ".join(str(ALL_CARDS[c]) for c in cards[:3])
    loose = " ".join(str(ALL_CARDS[c]) for c in cards[3 : 3 + size])
    state = position(variant, hand=hand, loose=loose)
    assert count_legal_moves(state) == len(listed(state))


@settings(max_examples=30, deadline=None)
@given(state=reachable_states(), data=st.data())
def test_r3_3_count_equals_listing_on_reachable_states(state: State, data: st.DataObject) -> None:
    assert count_legal_moves(state) == len(listed(state))


@pytest.mark.parametrize("variant", ["standard", "taash"])
def test_r3_4_indexing_a_crowded_floor_matches_the_listed_moves(variant: str) -> None:
    rng = random.Random(variant)
    for seed in range(3):
        state = crowded(variant, f"{variant}/index/{seed}", 16)
        moves = listed(state)
        fresh = legal_moves(crowded(variant, f"{variant}/index/{seed}", 16))
        assert len(fresh) == len(moves)
        for index in [0, len(moves) - 1, *(rng.randrange(len(moves)) for _ in range(40))]:
            assert fresh[index] == moves[index]
            assert fresh[index - len(moves)] == moves[index]


def test_r3_4_moves_of_the_28_card_floor_by_index_are_legal_and_in_canonical_order() -> None:
    state = position("standard", hand="3H KH 5H", loose=FLOOR_28)
    moves = legal_moves(state)
    rng = random.Random(28)
    for index in [0, len(moves) - 2, *(rng.randrange(len(moves) - 1) for _ in range(6))]:
        move, following = moves[index], moves[index + 1]
        assert is_legal(state, move) and is_legal(state, following)
        assert move.sort_key() < following.sort_key()  # distinct, and in the listed order

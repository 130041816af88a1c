"""Each rule's reach decided in one function, checked against the rule read plainly.

R3.2 and R6.3 (the owner's duty) are decided by
:func:`seep._engine.generate.owner_duty`; the generator, the crowded-floor
counts, the action encoding and the verifier read its masks. R4.3 (take
everything) is defined by :func:`seep._engine.groups.leaves_no_group`; the
listing, the counts and ranks without listing and the action encoding's
completion search are faster ways to the same sets, checked against it here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from seep import apply_move, legal_moves, new_deal
from seep._encoding.completion import can_complete
from seep._engine.bits import packed_counts, subset_sums
from seep._engine.bypass import with_hands
from seep._engine.generate import Position, owner_duty, reads_house_values_only
from seep._engine.groups import (
    based_unions,
    count_packings,
    is_union_of_groups,
    leaves_no_group,
    loose_sums,
    maximal_packings,
    packing_at,
)
from seep.cards import CardSet
from seep.state import Phase, State


def _positions(variant: str, deals: int) -> Iterator[State]:
    rng = random.Random(variant)
    for seed in range(deals):
        state = new_deal(variant, seed=seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLAY:
                yield state
            state = apply_move(state, rng.choice(legal_moves(state)))


def test_r3_2_owner_duty_binds_only_the_owners_last_card_of_a_value() -> None:
    nine, ten, jack = 1 << 9, 1 << 10, 1 << 11
    bound, into_other, into_own = owner_duty(
        held=nine | ten, multiple=ten, owned=nine | ten, partners=jack
    )
    assert bound == nine  # two tens held: the ten is free; one nine: bound
    assert into_other == nine | ten | jack  # held values, and the partner's house (R6.3)
    assert into_own == ten | jack


@pytest.mark.parametrize("variant", ["standard", "taash", "standard-2p"])
def test_r3_2_r6_3_the_duty_masks_agree_with_the_rule_read_plainly(variant: str) -> None:
    checked = 0
    for state in _positions(variant, 4):
        seat = state.to_move
        assert seat is not None
        position = Position(state)
        hand = list(state.hands[seat])
        partner = state.variant.partner_of(seat)
        for card in hand:
            others = [c.value for c in hand if c != card]
            owned = {h.value for h in state.houses if seat in h.owners}
            # R3.2: the owner's last card of a house's value may only take it.
            assert position.is_bound(card) == (card.value in owned and card.value not in others)
            for target in range(max(card.value, 9), 14):
                house = state.house(target)
                # R6.3: adding to a house the partner owns (and the mover not) makes no owner.
                partners = (
                    house is not None and partner in house.owners and seat not in house.owners
                )
                expected = partners or target in others
                assert position.keeps_card_for(target, card) == expected, (state, card, target)
                checked += 1
    assert checked > 100


def _random_floors(count: int, sizes: range) -> Iterator[int]:
    rng = random.Random(20261204)
    for _ in range(count):
        yield sum(1 << card for card in rng.sample(range(40), rng.choice(sizes)))


@pytest.mark.parametrize("sizes", [range(1, 9), range(9, 15)], ids=["small", "crowded"])
def test_r4_3_listed_counted_and_ranked_packings_are_the_unions_that_leave_no_group(
    sizes: range,
) -> None:
    for loose in _random_floors(40, sizes):
        for target in range(1, 14):
            unions = based_unions(loose, 0, target)
            expected = tuple(u for u in unions if u and leaves_no_group(loose, u, target))
            listed = maximal_packings(loose, target)
            assert listed == expected, (CardSet(loose), target)
            assert count_packings(loose, target) == len(listed)
            for index in {0, len(listed) // 2, len(listed) - 1} if listed else ():
                assert packing_at(loose, target, index) == listed[index]


def test_r4_3_the_action_encodings_completion_search_agrees_with_the_definition() -> None:
    rng = random.Random(7)
    for loose in _random_floors(60, range(2, 10)):
        cards = [card for card in range(52) if loose >> card & 1]
        passed = sum(1 << card for card in cards if rng.random() < 0.4)
        free = loose & ~passed
        for target in range(2, 14):
            expected = any(
                leaves_no_group(loose, union, target) for union in based_unions(free, 0, target)
            )
            searched = can_complete(0, packed_counts(free), target, 0, packed_counts(passed))
            assert searched == expected, (CardSet(passed), CardSet(free), target)


@pytest.mark.parametrize("sizes", [range(1, 9), range(9, 15)], ids=["small", "crowded"])
def test_r4_1_r5_3_splitting_into_groups_is_membership_in_the_listed_unions(sizes: range) -> None:
    rng = random.Random(11)
    for cards in _random_floors(40, sizes):
        for target in range(1, 14):
            for base in (0, rng.randrange(1, target + 1)):
                listed = cards in based_unions(cards, base, target)
                assert is_union_of_groups(cards, target, base) == listed, (CardSet(cards), target)


def test_the_one_subset_sum_set_agrees_with_the_sums_of_every_subset() -> None:
    for cards in _random_floors(60, range(0, 9)):
        values = [card // 4 + 1 for card in range(52) if cards >> card & 1]
        expected = 0
        for chosen in range(1 << len(values)):
            total = sum(v for i, v in enumerate(values) if chosen >> i & 1)
            if total <= 13:
                expected |= 1 << total
        assert subset_sums(packed_counts(cards)) == expected
        assert loose_sums(cards) == expected


@pytest.mark.parametrize("variant", ["standard", "taash", "taash-2p"])
def test_in_normal_play_legality_reads_only_the_house_values_of_the_movers_hand(
    variant: str,
) -> None:
    rng = random.Random(variant + "hand")
    checked = 0
    for state in _positions(variant, 5):
        seat = state.to_move
        assert seat is not None
        hand = state.hands[seat].mask
        low = [c for c in range(32) if hand >> c & 1]  # values 1..8: not house values
        others = [
            (other, c)
            for other, cards in enumerate(state.hands)
            if other != seat
            for c in range(32)
            if cards.mask >> c & 1
        ]
        if not low or not others:
            continue
        # Swap one low card of the mover's with one of another seat: the house values stay.
        kept = rng.choice(low)
        other, given = rng.choice(others)
        hands = list(state.hands)
        hands[seat] = CardSet(hand & ~(1 << kept) | 1 << given)
        hands[other] = CardSet(hands[other].mask & ~(1 << given) | 1 << kept)
        swapped = with_hands(state, tuple(hands))
        both = hand & hands[seat].mask
        before = {m for m in legal_moves(state) if both >> int(m.card) & 1}
        after = {m for m in legal_moves(swapped) if both >> int(m.card) & 1}
        if reads_house_values_only(state):
            assert before == after, (state, CardSet(1 << kept), CardSet(1 << given))
            checked += 1
    assert checked > 50


def test_r3_2_with_no_house_standing_the_duty_is_only_to_keep_a_card_of_a_new_house() -> None:
    # Position skips the call to owner_duty when no house stands; this is its value then.
    for held in range(0, 1 << 14, 1 << 9):
        for multiple in range(0, 1 << 14, 1 << 9):
            multiple &= held
            assert owner_duty(held, multiple, 0, 0) == (0, held, multiple)

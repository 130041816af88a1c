"""Each rule's reach decided in one function, checked against the rule read plainly.

R3.2 and R6.3 (the owner's duty) are decided by
:func:`seep._engine.generate.owner_duty`; the generator, the crowded-floor
counts, the action encoding and the verifier read its masks. These tests
check those masks against the rule's words on seeded positions of real deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from seep import apply_move, legal_moves, new_deal
from seep._engine.generate import Position, owner_duty
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

"""The takes of each hand card without its builds: the loose cards of exactly the listed takes (R4.1, R4.3, R11.3)."""

from __future__ import annotations

import random

import pytest

from crowded_floors import FLOORS
from seep import Card, apply_move, legal_moves, new_deal
from seep._engine.bits import bits
from seep._engine.generate import Position
from seep.moves import Take
from seep.state import Phase, State
from seep.testing import position

NINE = int(Card.parse("9C"))


def listed_takes(where: Position, card: int) -> tuple[list[int], list[int]]:
    """The loose cards of ``card``'s takes as the generator lists its moves: without, then with the house."""
    takes = [move for move in where.iter_for_card(card) if isinstance(move, Take)]
    return (
        [move.loose.mask for move in takes if move.house is None],
        [move.loose.mask for move in takes if move.house is not None],
    )


def played_states(variant: str, seed: int) -> list[State]:
    """The play-phase states of one seeded random deal."""
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    found = []
    while not state.is_over:
        if state.phase is Phase.PLAY:
            found.append(state)
        state = apply_move(state, rng.choice(legal_moves(state)))
    return found


@pytest.mark.parametrize("variant", ["standard", "taash", "standard-2p"])
def test_r4_3_r11_3_take_masks_are_the_listed_takes_of_every_hand_card(variant: str) -> None:
    checked = 0
    for seed in range(4):
        for state in played_states(variant, seed):
            where = Position(state)
            if where.special:  # R2.6, R11.2: listed positions are not read by plan
                continue
            for card in bits(where.hand):
                assert where.take_masks(card) == listed_takes(where, card)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("variant", ["standard", "taash"])
@pytest.mark.parametrize("loose", FLOORS)
def test_r3_4_r4_1_take_masks_on_crowded_floors_with_a_house(variant: str, loose: str) -> None:
    # R3.4: more than 12 loose cards; the house of 9 joins the takes of a 9 (R4.1).
    state = position(variant, hand="9C KC 7C", loose=loose, houses=[(9, "3C 6C", [1])])
    where = Position(state)
    assert where.is_crowded()
    for card in bits(where.hand):
        plain, housed = where.take_masks(card)
        assert (plain, housed) == listed_takes(where, card)
    assert where.take_masks(NINE)[1]  # the 9 takes the house of 9


def test_takes_only_plans_keep_the_pickups_and_drop_the_rest() -> None:
    state = position("standard", hand="7S 9H KD", loose="AS 2S 3S 4S 5S 6S")
    where = Position(state)
    full = where.plans(where.hand)[1]
    takes = where.plans(where.hand, True)[1]
    assert [plan[:2] for plan in takes] == [plan[:2] for plan in full]
    assert all(plan[2:] == (0, 0, False) for plan in takes)
    assert any(plan[2] for plan in full)  # the full plans have builds to drop (R5.2)


def test_uncounted_plans_are_the_counted_plans_with_no_build_in_the_totals() -> None:
    # R5.2: 7S builds 9 (with 2S) and 13 (with 6S); the plans name the targets either way.
    state = position("standard", hand="7S 9H KD", loose="AS 2S 3S 4S 5S 6S")
    where = Position(state)
    cards, full, ends = where.plans(where.hand)
    same, plans, uncounted = where.plans(where.hand, False, False)
    assert (same, plans) == (cards, full)
    assert any(plan[2] for plan in plans)
    assert uncounted[-1] < ends[-1]  # the builds are in the counted totals only


@pytest.mark.parametrize("variant", ["standard", "taash"])
def test_take_masks_from_a_known_plan_are_those_planned_again(variant: str) -> None:
    checked = 0
    for state in played_states(variant, 1):
        where = Position(state)
        if where.special:  # R2.6, R11.2: listed positions are not read by plan
            continue
        cards, plans, _ = where.plans(where.hand, False, False)
        for card, plan in zip(cards, plans, strict=True):
            assert where.take_masks(card, plan) == where.take_masks(card)
            checked += 1
    assert checked > 50

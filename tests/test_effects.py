"""What a move does to the table, decided once (R4.4, R4.5, R5.2, R6.3, R7.2, R7.4, R9, R11.2).

The transition and the replay of a view's history both call
:mod:`seep._engine.effects`; these tests pin its rules and check that a
replay of every history by those effects reaches the transition's table.
"""

from __future__ import annotations

import random

import pytest

from seep import apply_move, legal_moves, new_deal
from seep._engine.effects import bid_after, finish_deal, play_card
from seep.cards import Card, CardSet
from seep.history import Played
from seep.moves import Bid, Build, Raise, Take, Throw
from seep.state import House, Phase
from seep.variants import get_variant

STANDARD = get_variant("standard")
NO_PILES = (CardSet(), CardSet())


def _house(value: int, cards: str, *owners: int) -> House:
    return House(value=value, cards=CardSet.parse(cards), owners=owners)


def test_r5_2_a_new_house_is_owned_by_its_builder() -> None:
    move = Build(card=Card.parse("9D"), loose=CardSet.parse("4S 5H"), value=9)
    loose, houses, _, _, swept = play_card(
        STANDARD, CardSet.parse("4S 5H 2C").mask, (), NO_PILES, None, 2, move
    )
    assert houses == (_house(9, "4S 5H 9D", 2),)
    assert CardSet(loose) == CardSet.parse("2C")
    assert not swept


@pytest.mark.parametrize(("seat", "owners"), [(0, (0,)), (2, (0,)), (1, (0, 1))])
def test_r6_3_an_owner_or_its_partner_adds_alone_anyone_else_co_owns(
    seat: int, owners: tuple[int, ...]
) -> None:
    move = Build(card=Card.parse("9D"), loose=CardSet(), value=9)
    _, houses, _, _, _ = play_card(
        STANDARD, 0, (_house(9, "4S 5H", 0),), NO_PILES, None, seat, move
    )
    assert houses == (_house(9, "4S 5H 9D", *owners),)


def test_r7_2_a_raised_house_is_the_raisers_alone() -> None:
    move = Raise(card=Card.parse("2C"), house=9)
    _, houses, _, _, _ = play_card(
        STANDARD, 0, (_house(9, "4S 5H", 0, 1),), NO_PILES, None, 3, move
    )
    assert houses == (_house(11, "4S 5H 2C", 3),)


def test_r7_4_a_raise_onto_a_standing_value_merges_the_houses_and_owners() -> None:
    move = Raise(card=Card.parse("2C"), house=9)
    standing = (_house(9, "4S 5H", 0), _house(11, "JD", 1))
    _, houses, _, _, _ = play_card(STANDARD, 0, standing, NO_PILES, None, 3, move)
    assert houses == (_house(11, "4S 5H 2C JD", 1, 3),)


def test_r4_4_r4_5_a_take_fills_the_team_pile_and_a_sweep_is_a_seep() -> None:
    move = Take(card=Card.parse("9D"), loose=CardSet.parse("4S 5H"), house=9)
    loose, houses, piles, last, swept = play_card(
        STANDARD, CardSet.parse("4S 5H").mask, (_house(9, "9C", 0),), NO_PILES, 2, 1, move
    )
    assert (loose, houses, last, swept) == (0, (), 1, True)
    assert piles == (CardSet(), CardSet.parse("4S 5H 9C 9D"))


def test_r8_a_throw_only_adds_a_loose_card() -> None:
    table = play_card(STANDARD, 0, (), NO_PILES, 3, 0, Throw(card=Card.parse("KS")))
    assert table == (CardSet.parse("KS").mask, (), NO_PILES, 3, False)


def test_r2_5_r11_2_the_bid_and_the_first_house_built_in_taash() -> None:
    build = Build(card=Card.parse("9D"), loose=CardSet.parse("4S 5H"), value=9)
    assert bid_after(STANDARD, 0, None, Bid(value=12)) == 12
    assert bid_after(get_variant("taash"), 0, None, build) == 9  # R11.2
    assert bid_after(STANDARD, 3, 11, build) == 11


def test_r9_2_the_floor_goes_to_the_last_capturer() -> None:
    houses = (_house(9, "4S 5H", 0),)
    assert finish_deal(STANDARD, 1, houses, NO_PILES, None) == (1, houses, NO_PILES)
    swept = finish_deal(STANDARD, CardSet.parse("AS").mask, houses, NO_PILES, 1)
    assert swept == (0, (), (CardSet(), CardSet.parse("AS 4S 5H")))


@pytest.mark.parametrize("variant", ["standard", "standard-2p", "taash", "taash-2p"])
def test_replaying_moves_through_the_effects_reaches_every_transition_table(variant: str) -> None:
    rng = random.Random(variant)
    for seed in range(6):
        state = new_deal(variant, seed=seed)
        while state.phase is not Phase.OVER:
            before = state
            move = rng.choice(legal_moves(state))
            state = apply_move(state, move)
            if isinstance(move, Bid):
                assert state.bid == bid_after(before.variant, before.plays, before.bid, move)
                continue
            entry = [e for e in state.history if isinstance(e, Played)][-1]
            assert entry.move == move
            assert isinstance(move, (Take, Build, Raise, Throw))
            table = play_card(
                before.variant,
                before.loose.mask,
                before.houses,
                before.piles,
                before.last_capture,
                entry.seat,
                move,
            )
            loose, houses, piles, last, swept = table
            if state.phase is Phase.OVER:
                loose, houses, piles = finish_deal(state.variant, loose, houses, piles, last)
            assert (loose, houses, piles, last) == (
                state.loose.mask,
                state.houses,
                state.piles,
                state.last_capture,
            )
            assert swept == (len(state.seeps) > len(before.seeps))

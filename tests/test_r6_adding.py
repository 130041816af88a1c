"""R6: adding to a house (locking, cementing) and who owns it afterwards."""

from __future__ import annotations

import pytest

from rulebook import moves, rule_of
from seep import CardSet, apply_move, parse_move
from seep.testing import position

# R6.1 ---------------------------------------------------------------------------


def test_r6_1_add_with_the_card_of_the_value_alone():
    """R6.1: a hand card equal to h is added alone and the house locks."""
    state = position(hand="9S 9H", houses=[(9, "4C 5D", [1])])
    assert "build 9S =9" in moves(state, "build")
    after = apply_move(state, parse_move("build 9S =9"))
    house = after.house(9)
    assert house.cards == CardSet.of("4C 5D 9S")
    assert house.locked
    assert after.hands[0] == CardSet.of("9H")


def test_r6_1_add_with_card_plus_loose_cards():
    """R6.1: a hand card plus loose cards summing to h join the house."""
    state = position(hand="5H 9S", loose="4C KD", houses=[(9, "3S 6D", [1])])
    after = apply_move(state, parse_move("build 5H 4C =9"))
    house = after.house(9)
    assert house.cards == CardSet.of("3S 6D 5H 4C")
    assert house.locked
    assert after.loose == CardSet.of("KD")


def test_r6_1_optional_extra_groups_join_an_add():
    """R6.1: further loose groups of h may join too; every choice is a move."""
    state = position(hand="5H 9S 9H", loose="4C 6C 3D", houses=[(9, "3S 6D", [1])])
    builds_with_5h = {m for m in moves(state, "build 5H") if m.endswith("=9")}
    assert builds_with_5h == {"build 5H 4C =9", "build 5H 3D 4C 6C =9"}
    builds_with_9s = {m for m in moves(state, "build 9S") if m.endswith("=9")}
    assert builds_with_9s == {"build 9S =9", "build 9S 3D 6C =9"}
    after = apply_move(state, parse_move("build 5H 3D 4C 6C =9"))
    assert after.house(9).cards == CardSet.of("3S 6D 5H 4C 3D 6C")
    assert after.loose == CardSet()


def test_r6_1_card_short_of_the_value_cannot_be_added_alone():
    """R6.1: a 5 alone does not add a whole 9."""
    state = position(hand="5H 9S", loose="KD", houses=[(9, "3S 6D", [1])])
    assert rule_of(state, "build 5H =9") == "R6.1"


def test_r6_1_added_cards_must_make_whole_groups():
    """R6.1: 5 + 4 + a stray 2 is not a whole number of 9s."""
    state = position(hand="5H 9S", loose="4C 2D", houses=[(9, "3S 6D", [1])])
    assert rule_of(state, "build 5H 2D 4C =9") == "R6.1"


# R6.2 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "who"),
    [(1, "owner"), (3, "partner"), (0, "opponent"), (2, "opponent")],
)
def test_r6_2_owner_partner_and_opponent_may_add(seat, who):
    """R6.2: anyone may add to a house (house of 10 owned by seat 1)."""
    state = position(hand="TS TH", to_move=seat, houses=[(10, "4C 6D", [1])])
    assert "build TS =10" in moves(state, "build"), who
    after = apply_move(state, parse_move("build TS =10"))
    assert after.house(10).cards == CardSet.of("4C 6D TS")


# R6.3 ---------------------------------------------------------------------------


def test_r6_3_opponent_who_adds_becomes_co_owner():
    """R6.3: neither the player nor the partner owns it: the player becomes co-owner."""
    state = position(hand="TS TH", houses=[(10, "4C 6D", [1])])
    after = apply_move(state, parse_move("build TS =10"))
    assert after.house(10).owners == (0, 1)


def test_r6_3_opponent_co_owner_must_keep_a_card_of_the_value():
    """R6.3, R3.2: an opponent who adds without keeping a 10 is refused."""
    state = position(hand="TS 2C", loose="KD", houses=[(10, "4C 6D", [1])])
    assert not any(m.endswith("=10") for m in moves(state, "build"))
    assert rule_of(state, "build TS =10") == "R6.3"


def test_r6_3_opponent_adding_card_plus_loose_must_keep_a_card_of_the_value():
    """R6.3: adding 4 + 6 without holding a 10 would leave a co-owner without one."""
    state = position(hand="4H 2C", loose="6C", houses=[(10, "3S 7D", [1])])
    assert "build 4H 6C =10" not in moves(state)
    assert rule_of(state, "build 4H 6C =10") == "R6.3"
    # with a ten kept, the same add is legal
    keeps = position(hand="4H TC", loose="6C", houses=[(10, "3S 7D", [1])])
    after = apply_move(keeps, parse_move("build 4H 6C =10"))
    assert after.house(10).owners == (0, 1)
    assert after.hands[0] == CardSet.of("TC")


def test_r6_3_partner_adding_leaves_owners_unchanged_and_needs_no_card():
    """R6.3: the partner of the owner adds without holding a card of the value."""
    state = position(hand="TS 2C", to_move=2, loose="KD", houses=[(10, "4C 6D", [0])])
    assert "build TS =10" in moves(state, "build")
    after = apply_move(state, parse_move("build TS =10"))
    house = after.house(10)
    assert house.owners == (0,)
    assert house.locked
    assert not any(card.value == 10 for card in after.hands[2])
    # the owner still holds the ten they kept (R3.2)
    assert any(card.value == 10 for card in after.hands[0])


def test_r6_3_partner_adding_card_plus_loose_needs_no_card():
    """R6.3: partner adds 4 + 6 to a house of 10 holding no 10 at all."""
    state = position(hand="4H 2C", to_move=3, loose="6C", houses=[(10, "3S 7D", [1])])
    after = apply_move(state, parse_move("build 4H 6C =10"))
    assert after.house(10).owners == (1,)
    assert after.house(10).cards == CardSet.of("3S 7D 4H 6C")


def test_r6_3_partner_of_one_co_owner_adds_without_joining():
    """R6.3: with owners {0, 1}, seat 3 (partner of 1) adds and owners stay {0, 1}."""
    state = position(hand="9S 2C", to_move=3, houses=[(9, "4C 5D 9H", [0, 1])])
    after = apply_move(state, parse_move("build 9S =9"))
    assert after.house(9).owners == (0, 1)


def test_r6_3_owner_who_adds_stays_owner_and_keeps_another_card():
    """R6.3: the owner adds one 10 while holding another and stays sole owner."""
    state = position(hand="TS TH", to_move=1, houses=[(10, "4C 6D", [1])])
    after = apply_move(state, parse_move("build TS =10"))
    assert after.house(10).owners == (1,)
    assert after.hands[1] == CardSet.of("TH")


def test_r6_3_owner_may_not_add_their_last_card_of_the_value():
    """R6.3, R3.2: the owner's last 10 can only take the house, not be added to it."""
    state = position(hand="TS 2C", to_move=1, loose="KD", houses=[(10, "4C 6D", [1])])
    assert "build TS =10" not in moves(state)
    assert rule_of(state, "build TS =10") == "R3.2"


def test_r6_3_owner_adding_card_plus_loose_keeps_the_value_card():
    """R6.3: the owner adds 4 + 6 and still holds the 10 that covers the house."""
    state = position(hand="4H TS", to_move=1, loose="6C", houses=[(10, "3S 7D", [1])])
    after = apply_move(state, parse_move("build 4H 6C =10"))
    assert after.house(10).owners == (1,)
    assert after.hands[1] == CardSet.of("TS")


# R6.4 ---------------------------------------------------------------------------


def test_r6_4_adding_to_a_locked_house_with_the_card_alone():
    """R6.4: a locked house takes more cards on the same terms."""
    state = position(hand="9S 9D", houses=[(9, "4C 5D 9H", [1])])
    assert state.house(9).locked
    after = apply_move(state, parse_move("build 9S =9"))
    house = after.house(9)
    assert house.cards == CardSet.of("4C 5D 9H 9S")
    assert house.locked
    assert house.owners == (0, 1)


def test_r6_4_adding_to_a_locked_house_with_card_and_loose():
    """R6.4: card plus loose cards added to a locked house; owners as R6.3."""
    state = position(hand="6S 2C", to_move=2, loose="3C", houses=[(9, "4C 5D 9H", [0])])
    after = apply_move(state, parse_move("build 6S 3C =9"))
    house = after.house(9)
    assert house.cards == CardSet.of("4C 5D 9H 6S 3C")
    assert house.owners == (0,)


def test_r6_4_locked_house_add_by_opponent_still_needs_a_kept_card():
    """R6.4, R6.3: the same terms include the co-owner's duty to keep a card."""
    state = position(hand="6S 2C", loose="3C", houses=[(9, "4C 5D 9H", [1])])
    assert rule_of(state, "build 6S 3C =9") == "R6.3"

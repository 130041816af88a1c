"""R8: throwing a card loose onto the floor."""

from __future__ import annotations

from rulebook import moves, rule_of
from seep import CardSet, apply_move, parse_move
from seep.testing import position

# R8.1 ---------------------------------------------------------------------------


def test_r8_1_thrown_card_goes_loose_on_the_floor():
    """R8.1: the thrown card lies face up among the loose cards."""
    state = position(hand="KS 2C", loose="5H 3D", houses=[(9, "4C 5D", [1])])
    assert "throw 2C" in moves(state, "throw")
    after = apply_move(state, parse_move("throw 2C"))
    assert after.loose == CardSet.of("2C 3D 5H")
    assert after.face_up
    assert after.hands[0] == CardSet.of("KS")
    assert after.house(9).cards == CardSet.of("4C 5D")
    assert after.piles == state.piles
    assert after.last_capture == state.last_capture
    assert after.to_move == 1


def test_r8_1_throw_onto_an_empty_floor():
    """R8.1: with nothing on the floor any card can only be thrown."""
    state = position(hand="7H 2C")
    assert moves(state) == {"throw 7H", "throw 2C"}
    after = apply_move(state, parse_move("throw 7H"))
    assert after.loose == CardSet.of("7H")
    assert after.houses == ()


def test_r8_1_only_hand_cards_are_thrown():
    """R8.1, R3.1: a card not in hand cannot be thrown."""
    state = position(hand="7H 2C", loose="KD")
    assert rule_of(state, "throw 8H") == "R3.1"


# R8.2 ---------------------------------------------------------------------------


def test_r8_2_card_that_can_pick_up_loose_cards_may_not_be_thrown():
    """R8.2: a 5 over loose 2 + 3 must not be thrown."""
    state = position(hand="5S 2H", loose="2C 3D")
    assert "throw 5S" not in moves(state)
    assert rule_of(state, "throw 5S") == "R8.2"


def test_r8_2_card_matching_a_loose_card_may_not_be_thrown():
    """R8.2: a single loose card of the same value is a group to pick up."""
    state = position(hand="7S 2H", loose="7C")
    assert rule_of(state, "throw 7S") == "R8.2"
    assert "throw 2H" in moves(state)


def test_r8_2_card_that_can_take_a_house_may_not_be_thrown():
    """R8.2: a 9 may not be thrown while a house of 9 stands."""
    state = position(hand="9S 9H", houses=[(9, "4C 5D", [1])])
    assert not moves(state, "throw")
    assert rule_of(state, "throw 9S") == "R8.2"


def test_r8_2_card_that_can_pick_up_may_still_build():
    """R8.2: the 5 that could take 2 + 3 may instead build 5 + 4 = 9."""
    state = position(hand="5S 9H", loose="2C 3D 4H")
    assert rule_of(state, "throw 5S") == "R8.2"
    assert "build 5S 4H =9" in moves(state, "build")
    after = apply_move(state, parse_move("build 5S 4H =9"))
    assert after.house(9).cards == CardSet.of("5S 4H")
    assert after.loose == CardSet.of("2C 3D")


def test_r8_2_card_that_can_take_a_house_may_still_add_to_it():
    """R8.2: a 9 that could take the house of 9 may add to it instead."""
    state = position(hand="9S 9H", houses=[(9, "4C 5D", [1])])
    assert "build 9S =9" in moves(state, "build")


def test_r8_2_card_that_can_pick_up_may_still_raise():
    """R8.2: a 2 over a loose 2 cannot be thrown but may raise a house of 9."""
    state = position(hand="2S JH", loose="2C", houses=[(9, "4C 5D", [1])])
    assert rule_of(state, "throw 2S") == "R8.2"
    assert "raise 2S #9" in moves(state, "raise")


def test_r8_2_card_that_cannot_pick_up_may_be_thrown():
    """R8.2: over loose 2 5 K no group makes 8 or 4, so both cards may be thrown."""
    state = position(hand="8S 4H", loose="2C 5H KD")
    assert "throw 8S" in moves(state, "throw")
    assert "throw 4H" in moves(state, "throw")


def test_r8_2_a_house_is_never_a_group_for_the_throw_test():
    """R8.2, R4.2: a house of 9 plus a loose 4 is not 13, so a king may be thrown."""
    state = position(hand="KS KH", loose="4C", houses=[(9, "3D 6D", [1])])
    assert "throw KS" in moves(state, "throw")

"""R7: raising (breaking) an open house."""

from __future__ import annotations

from rulebook import moves, rule_of
from seep import CardSet, Raise, apply_move, parse_move
from seep.testing import position

# R7.1 ---------------------------------------------------------------------------


def test_r7_1_raise_an_opponents_open_house_with_one_hand_card():
    """R7.1: 9 + 2 = 11 with a card alone on an opponent's open house."""
    state = position(hand="2S JH", houses=[(9, "4C 5D", [1])])
    assert moves(state, "raise") == {"raise 2S #9"}
    after = apply_move(state, parse_move("raise 2S #9"))
    assert after.house(9) is None
    house = after.house(11)
    assert house.cards == CardSet.of("4C 5D 2S")
    assert not house.locked


def test_r7_1_raise_a_partners_open_house():
    """R7.1: a partner's open house may be raised too."""
    state = position(hand="3S QH", houses=[(9, "4C 5D", [2])])
    assert "raise 3S #9" in moves(state, "raise")
    after = apply_move(state, parse_move("raise 3S #9"))
    assert after.house(12).owners == (0,)


def test_r7_1_raise_uses_no_floor_cards():
    """R7.1: only the hand card joins; loose cards stay where they are."""
    state = position(hand="2S JH", loose="AC 7D", houses=[(9, "4C 5D", [1])])
    after = apply_move(state, parse_move("raise 2S #9"))
    assert after.loose == CardSet.of("AC 7D")
    assert after.house(11).cards == CardSet.of("4C 5D 2S")


def test_r7_1_raise_is_one_card_so_new_value_is_old_plus_card():
    """R7.1: the new value is the house value plus the card value."""
    assert Raise(card="4D", house=9).new_value == 13
    state = position(hand="4D KC", houses=[(9, "4C 5D", [1])])
    after = apply_move(state, parse_move("raise 4D #9"))
    assert [h.value for h in after.houses] == [13]


def test_r7_1_new_value_may_not_exceed_thirteen():
    """R7.1: 12 + 2 = 14 is above 13."""
    state = position(hand="2S KH", houses=[(12, "5C 7D", [1])])
    assert moves(state, "raise") == set()
    assert rule_of(state, "raise 2S #12") == "R7.1"


def test_r7_1_own_house_is_never_raised():
    """R7.1: a player may not raise a house they own."""
    state = position(hand="2S JH 9S", houses=[(9, "4C 5D", [0])])
    assert moves(state, "raise") == set()
    assert rule_of(state, "raise 2S #9") == "R7.1"


def test_r7_1_missing_house_cannot_be_raised():
    """R7.1: there must be a house of that value to raise."""
    state = position(hand="2S JH", loose="9C")
    assert rule_of(state, "raise 2S #9") == "R7.1"


def test_r7_1_only_open_houses_below_the_cap_are_offered():
    """R7.1: with houses of 9 and 10 owned by others, a 3 raises 9 (to 12) and 10 (to 13)."""
    state = position(
        hand="3S QH KH",
        houses=[(9, "4C 5D", [1]), (10, "2C 8D", [3])],
    )
    assert moves(state, "raise") == {"raise 3S #9", "raise 3S #10"}


# R7.2 ---------------------------------------------------------------------------


def test_r7_2_raiser_must_hold_another_card_of_the_new_value():
    """R7.2: raising 9 to 11 without a jack in hand is illegal."""
    state = position(hand="2S 5H", houses=[(9, "4C 5D", [1])])
    assert moves(state, "raise") == set()
    assert rule_of(state, "raise 2S #9") == "R7.2"


def test_r7_2_raiser_becomes_sole_owner():
    """R7.2: the previous owner is dropped; the raiser alone owns the new house."""
    state = position(hand="2S JH", houses=[(9, "4C 5D", [1])])
    after = apply_move(state, parse_move("raise 2S #9"))
    assert after.house(11).owners == (0,)
    assert after.hands[0] == CardSet.of("JH")


def test_r7_2_previous_owners_duty_ends():
    """R7.2: once raised, the old owner may throw the 9 they had to keep."""
    state = position(hand="2S JH", houses=[(9, "4C 5D", [1])], hands={1: "9C 3D"})
    # before the raise seat 1's only 9 may only take the house (R3.2)
    seat_1_first = position(hand="9C 3D", to_move=1, houses=[(9, "4C 5D", [1])])
    assert {m for m in moves(seat_1_first) if m.split()[1] == "9C"} == {"take 9C #9"}
    after = apply_move(state, parse_move("raise 2S #9"))
    assert after.to_move == 1
    assert "throw 9C" in moves(after)
    thrown = apply_move(after, parse_move("throw 9C"))
    assert thrown.loose == CardSet.of("9C")
    assert thrown.house(11).owners == (0,)


def test_r7_2_previous_owner_may_use_the_freed_card_to_build():
    """R7.2: the freed 9 may now go into a new house (9 + 2 = 11 is an add here)."""
    state = position(hand="2S JH", loose="2D", houses=[(9, "4C 5D", [1])], hands={1: "9C JC"})
    after = apply_move(state, parse_move("raise 2S #9"))
    assert "build 9C 2D =11" in moves(after, "build")
    built = apply_move(after, parse_move("build 9C 2D =11"))
    assert built.house(11).owners == (0, 1)


# R7.3 ---------------------------------------------------------------------------


def test_r7_3_locked_house_is_never_raised():
    """R7.3: a house summing to twice its value cannot be raised."""
    state = position(hand="2S JH", houses=[(9, "4C 5D 9H", [1])])
    assert moves(state, "raise") == set()
    assert rule_of(state, "raise 2S #9") == "R7.3"


def test_r7_3_house_locked_by_an_add_cannot_then_be_raised():
    """R7.3: after seat 0 adds to a house of 9, seat 1 cannot raise it."""
    state = position(hand="9S 9D", houses=[(9, "4C 5D", [2])], hands={1: "2S JH"})
    after = apply_move(state, parse_move("build 9S =9"))
    assert after.house(9).locked
    assert rule_of(after, "raise 2S #9") == "R7.3"


def test_r7_3_locked_house_of_another_owner_is_not_raised_even_with_cards():
    """R7.3: holding the new value does not help against a locked house."""
    state = position(hand="3S QH QD", houses=[(9, "AC 8D 9C", [3])])
    assert rule_of(state, "raise 3S #9") == "R7.3"


# R7.4 ---------------------------------------------------------------------------


def test_r7_4_raise_onto_standing_value_merges_and_locks():
    """R7.4: 9 + 2 joins the standing 11; owners are its owners plus the raiser."""
    state = position(
        hand="2S JH",
        houses=[(9, "4C 5D", [1]), (11, "5S 6H", [3])],
    )
    after = apply_move(state, parse_move("raise 2S #9"))
    assert [h.value for h in after.houses] == [11]
    house = after.house(11)
    assert house.cards == CardSet.of("4C 5D 2S 5S 6H")
    assert house.locked
    assert house.owners == (0, 3)


def test_r7_4_merge_into_a_house_the_raiser_owns():
    """R7.4: raising an opponent's 9 onto one's own 11 leaves the raiser sole owner."""
    state = position(
        hand="2S JH",
        houses=[(9, "4C 5D", [1]), (11, "5S 6H", [0])],
    )
    after = apply_move(state, parse_move("raise 2S #9"))
    house = after.house(11)
    assert house.owners == (0,)
    assert house.locked
    assert len(after.houses) == 1


def test_r7_4_merge_into_a_locked_standing_house():
    """R7.4: the standing house may itself be locked; the merge joins it anyway."""
    state = position(
        hand="3S QH",
        houses=[(9, "4C 5D", [2]), (12, "5S 7H QC", [1])],
    )
    after = apply_move(state, parse_move("raise 3S #9"))
    house = after.house(12)
    assert house.cards == CardSet.of("4C 5D 3S 5S 7H QC")
    assert house.owners == (0, 1)
    assert house.locked

"""R5: houses (building a new house, extra groups, one house per value, open/locked)."""

from __future__ import annotations

import pytest

from rulebook import moves, rule_of
from seep import (
    Build,
    CardSet,
    House,
    InvalidStateError,
    NotationError,
    apply_move,
    is_legal,
    legal_moves,
    parse_move,
)
from seep.testing import position

# R5.1 ---------------------------------------------------------------------------


def test_r5_1_house_value_must_be_9_to_13():
    """R5.1: a build move naming a value outside 9..13 cannot even be made."""
    with pytest.raises(ValueError, match=r"R5\.1"):
        Build(card="4H", loose="4C", value=8)
    with pytest.raises(ValueError, match=r"R5\.1"):
        Build(card="KH", loose="AC", value=14)
    with pytest.raises(NotationError):
        parse_move("build 4H 4C =8")


def test_r5_1_no_build_below_nine_is_offered():
    """R5.1: a card and loose cards summing to 8 never make a house."""
    state = position(hand="5H 8S", loose="3C")
    assert moves(state, "build") == set()


def test_r5_1_at_most_one_house_per_value():
    """R5.1: a position with two houses of one value is rejected."""
    with pytest.raises(InvalidStateError):
        position(hand="9S 2C", houses=[(9, "4C 5D", [0]), (9, "3H 6H", [0])])


# R5.2 ---------------------------------------------------------------------------


def test_r5_2_build_new_house_from_card_and_loose_card():
    """R5.2: a hand card on loose cards summing to h makes a house owned by the player."""
    state = position(hand="5H 9S", loose="4C KD")
    assert moves(state, "build") == {"build 5H 4C =9"}
    after = apply_move(state, parse_move("build 5H 4C =9"))
    (house,) = after.houses
    assert house.value == 9
    assert house.cards == CardSet.of("4C 5H")
    assert house.owners == (0,)
    assert not house.locked
    assert after.loose == CardSet.of("KD")
    assert after.hands[0] == CardSet.of("9S")


def test_r5_2_build_with_several_loose_cards_under_the_card():
    """R5.2: one or more loose cards go under the played card (2 + 3 + 6 = 11)."""
    state = position(hand="2H JS", loose="3C 6D")
    assert "build 2H 3C 6D =11" in moves(state, "build")
    after = apply_move(state, parse_move("build 2H 3C 6D =11"))
    assert after.house(11).cards == CardSet.of("2H 3C 6D")
    assert after.loose == CardSet()


def test_r5_2_new_house_needs_another_card_of_the_value():
    """R5.2, R3.2: without another card of h in hand the build is illegal."""
    state = position(hand="5H 2D", loose="4C")
    assert moves(state, "build") == set()
    assert rule_of(state, "build 5H 4C =9") == "R3.2"


def test_r5_2_the_card_of_the_value_itself_does_not_count_as_the_kept_card():
    """R5.2: building with a 9-value sum keeps a 9 only if a second card of 9 stays in hand."""
    state = position(hand="5H 4D", loose="4C 5C")
    # 5H + 4C = 9 and 4D + 5C = 9, but no 9 stays in hand either way.
    assert moves(state, "build") == set()


def test_r5_2_a_single_card_is_never_a_house():
    """R5.2: a card of h played alone on an empty floor builds nothing."""
    state = position(hand="9S 9H", loose="KD")
    assert rule_of(state, "build 9S =9") == "R5.2"


def test_r5_2_nine_on_loose_nine_builds_nothing_without_a_house_of_nine():
    """R5.2: a 9 played on a loose 9 is no house while no house of 9 stands."""
    state = position(hand="9S 9H", loose="9C 4D")
    assert not any(m.startswith("build 9") for m in moves(state))
    assert not is_legal(state, parse_move("build 9S 9C =9"))
    assert rule_of(state, "build 9S 9C =9") == "R5.2"


def test_r5_2_nine_on_loose_nine_adds_when_a_house_of_nine_stands():
    """R5.2, R6.1: with a house of 9 standing, 9 on a loose 9 is an add."""
    state = position(hand="9S 9H", loose="9C", houses=[(9, "4D 5D", [1])])
    assert "build 9S 9C =9" in moves(state, "build")
    after = apply_move(state, parse_move("build 9S 9C =9"))
    assert after.house(9).cards == CardSet.of("4D 5D 9S 9C")
    assert after.house(9).locked


def test_r5_2_played_card_and_floor_cards_must_sum_exactly_to_h():
    """R5.2: 5 + 3 = 8 is no house of 9."""
    state = position(hand="5H 9S", loose="3C")
    assert moves(state, "build") == set()
    assert rule_of(state, "build 5H 3C =9") == "R5.2"


def test_r5_2_build_needs_loose_floor_cards_not_cards_elsewhere():
    """R5.2: cards under the played card must be loose on the floor."""
    state = position(hand="5H 9S", loose="KD", hands={1: "4C 9C"})
    assert rule_of(state, "build 5H 4C =9") == "R5.2"


def test_r5_2_house_cannot_be_part_of_a_new_build():
    """R5.2: only loose cards build; a standing house is not a floor card to build on."""
    state = position(hand="2H QS", loose="KD", houses=[(10, "4C 6D", [1])])
    # 2 + house of 10 would be 12, but a house is never a group.
    assert not any(m.endswith("=12") for m in moves(state, "build"))


# R5.3 ---------------------------------------------------------------------------


def test_r5_3_extra_groups_may_join_the_new_house_optionally():
    """R5.3: further loose groups summing to h may join; both choices are legal."""
    state = position(hand="5H 9S", loose="4C 6D 3S 2H")
    assert moves(state, "build") == {"build 5H 4C =9", "build 5H 3S 4C 6D =9"}


def test_r5_3_house_with_extra_groups_is_locked():
    """R5.3: a new house with more than one group of h is locked from the start."""
    state = position(hand="5H 9S", loose="4C 6D 3S 2H")
    after = apply_move(state, parse_move("build 5H 3S 4C 6D =9"))
    house = after.house(9)
    assert house.cards == CardSet.of("5H 4C 6D 3S")
    assert house.owners == (0,)
    assert house.locked
    assert after.loose == CardSet.of("2H")


def test_r5_3_single_loose_card_of_the_value_is_an_extra_group():
    """R5.3: a loose card equal to h is a group and may join the new house."""
    state = position(hand="5H 9S", loose="4C 9D")
    assert moves(state, "build") == {"build 5H 4C =9", "build 5H 4C 9D =9"}
    assert apply_move(state, parse_move("build 5H 4C 9D =9")).house(9).locked


def test_r5_3_extra_cards_that_are_not_whole_groups_are_refused():
    """R5.3: a leftover loose card that does not complete a group of h cannot join."""
    state = position(hand="5H 9S", loose="4C 2H")
    assert rule_of(state, "build 5H 2H 4C =9") == "R5.3"


# R5.4 ---------------------------------------------------------------------------


def test_r5_4_building_onto_existing_value_adds_to_that_house():
    """R5.4: a build of a value already standing joins that house and locks it."""
    state = position(hand="5H 9S", loose="4C", houses=[(9, "3S 6D", [0])])
    after = apply_move(state, parse_move("build 5H 4C =9"))
    assert len(after.houses) == 1
    house = after.house(9)
    assert house.cards == CardSet.of("3S 6D 5H 4C")
    assert house.owners == (0,)
    assert house.locked


def test_r5_4_second_house_of_a_value_is_never_created():
    """R5.4, R5.1: an opponent building 11 where a house of 11 stands adds to it."""
    state = position(hand="5H JS", loose="6C", houses=[(11, "4D 7D", [1])])
    after = apply_move(state, parse_move("build 5H 6C =11"))
    assert [h.value for h in after.houses] == [11]
    assert after.house(11).cards == CardSet.of("4D 7D 5H 6C")
    assert after.house(11).owners == (0, 1)


# R5.5 ---------------------------------------------------------------------------


def test_r5_5_open_when_cards_sum_to_value_locked_when_multiple():
    """R5.5: locked is derived from the card sum, never stored."""
    assert not House(value=9, cards=CardSet.of("4S 5H"), owners=(1,)).locked
    assert House(value=9, cards=CardSet.of("4S 5H 9D"), owners=(1,)).locked
    assert House(value=12, cards=CardSet.of("5S 7H 6D 6C 2S TC"), owners=(0,)).locked


def test_r5_5_loaded_houses_are_open_or_locked_by_their_cards():
    """R5.5: a position's houses report locked from their cards."""
    state = position(
        hand="2C 3C",
        houses=[(10, "4S 6H", [1]), (11, "5D 6D 4H 7H", [3])],
    )
    assert not state.house(10).locked
    assert state.house(11).locked


def test_r5_5_house_of_thirteen_summing_thirteen_is_open():
    """R5.5: a house of 13 summing 13 is open, even though no raise can reach 14."""
    state = position(hand="AC KS KH", houses=[(13, "6S 7H", [1])])
    house = state.house(13)
    assert not house.locked
    assert moves(state, "raise") == set()
    assert rule_of(state, "raise AC #13") == "R7.1"


def test_r5_5_adding_locks_an_open_house():
    """R5.5: after an add the house sums to twice its value and is locked."""
    state = position(hand="KD KC", houses=[(13, "6S 7H", [1])])
    after = apply_move(state, parse_move("build KD =13"))
    assert after.house(13).locked


# R5.6 ---------------------------------------------------------------------------


def test_r5_6_same_card_and_cards_make_two_builds_when_sum_is_multiple_of_two_values():
    """R5.6: 3C + 3S 3D 6S 6H 6D 9C = 36 = 4x9 = 3x12: two distinct builds."""
    state = position(hand="3C 9H QH", loose="3S 3D 6S 6H 6D 9C")
    as_nine = parse_move("build 3C 3S 3D 6S 6H 6D 9C =9")
    as_twelve = parse_move("build 3C 3S 3D 6S 6H 6D 9C =12")
    assert as_nine != as_twelve
    legal = legal_moves(state)
    assert as_nine in legal
    assert as_twelve in legal
    # 9s:  3C+6S, 3S+6H, 3D+6D, 9C    12s: 3C+9C, 6S+6H, 3S+3D+6D
    nine = apply_move(state, as_nine)
    twelve = apply_move(state, as_twelve)
    assert [h.value for h in nine.houses] == [9]
    assert [h.value for h in twelve.houses] == [12]
    for after in (nine, twelve):
        (house,) = after.houses
        assert house.cards == CardSet.of("3C 3S 3D 6S 6H 6D 9C")
        assert house.locked
        assert house.owners == (0,)
        assert after.loose == CardSet()


def test_r5_6_each_reading_needs_its_own_kept_card():
    """R5.6, R3.2: without a queen in hand only the house of 9 reading is legal."""
    state = position(hand="3C 9H 2D", loose="3S 3D 6S 6H 6D 9C")
    legal = legal_moves(state)
    assert parse_move("build 3C 3S 3D 6S 6H 6D 9C =9") in legal
    assert parse_move("build 3C 3S 3D 6S 6H 6D 9C =12") not in legal


def test_r5_6_moves_are_identified_by_card_loose_set_and_value():
    """R5.6: the same build written with loose cards in another order is the same move."""
    assert parse_move("build 3C 9C 6D 6H 6S 3D 3S =12") == parse_move(
        "build 3C 3S 3D 6S 6H 6D 9C =12"
    )
    state = position(hand="3C 9H QH", loose="3S 3D 6S 6H 6D 9C")
    listed = [str(m) for m in legal_moves(state)]
    assert len(listed) == len(set(listed))

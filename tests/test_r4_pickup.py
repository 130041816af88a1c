"""R4: picking up (groups, houses, take everything, the team pile and seeps)."""

from __future__ import annotations

from rulebook import moves, play, rule_of
from seep import (
    CardSet,
    State,
    deal_score,
    legal_moves,
    new_deal,
)
from seep.cards import ALL_CARDS
from seep.testing import position
from seep.variants import STANDARD


def takes(state: State) -> set[str]:
    return {s for s in moves(state) if s.startswith("take")}


def points(cards: CardSet) -> int:
    return sum(STANDARD.card_points.card_points(c) for c in cards)


# --- R4.1 -------------------------------------------------------------------


def test_r4_1_single_card_of_the_value_is_a_group() -> None:
    """R4.1: a loose card of value v is a group; with 2+3 it makes two disjoint groups of 5."""
    state = position(hand="5S 2C", loose="5H 2D 3D KC")
    assert takes(state) == {"take 5S 2D 3D 5H", "take 2C 2D"}


def test_r4_1_several_disjoint_groups_in_one_pickup() -> None:
    """R4.1: a 7 takes 3+4 and 2+5 together, as two groups."""
    state = position(hand="7S", loose="3S 4H 2C 5D", plays=44)
    assert moves(state) == {"take 7S 2C 3S 4H 5D"}


def test_r4_1_no_card_in_two_groups() -> None:
    """R4.1: over 3 3 3 a six takes one pair; the third three cannot be reused."""
    state = position(hand="6S", loose="3S 3H 3D", plays=44)
    assert moves(state) == {"take 6S 3S 3H", "take 6S 3S 3D", "take 6S 3H 3D"}
    assert rule_of(state, "take 6S 3S 3H 3D") == "R4.1"


def test_r4_1_taken_cards_must_be_loose_on_the_floor() -> None:
    """R4.1: cards not lying loose cannot be taken."""
    state = position(hand="7S 2C", loose="3S 4H KC")
    assert rule_of(state, "take 7S 3S 4D") == "R4.1"


def test_r4_1_taken_cards_must_split_into_groups_of_the_value() -> None:
    """R4.1: a take whose cards do not form groups summing to v is refused."""
    state = position(hand="7S 2C", loose="3S 4H 5C KC")
    assert rule_of(state, "take 7S 3S 5C") == "R4.1"


def test_r4_1_a_pickup_takes_something() -> None:
    """R4.1: an empty pick-up is not a move."""
    state = position(hand="7S 2C", loose="3S 4H KC")
    assert rule_of(state, "take 7S") == "R4.1"


def test_r4_1_pickup_of_loose_cards_and_house_together() -> None:
    """R4.1: a nine takes a loose group of 9 and the house of 9 in one move."""
    state = position(hand="9S 2C", loose="4D 5C", houses=[(9, "3H 6H", [1])])
    after = play(state, "take 9S 4D 5C #9")
    assert after.loose == CardSet()
    assert after.houses == ()


# --- R4.2 -------------------------------------------------------------------


def test_r4_2_house_taken_only_by_card_of_its_value() -> None:
    """R4.2: a king cannot take a house of 9."""
    state = position(hand="KS 2C", loose="5D", houses=[(9, "4S 5H", [1])])
    assert rule_of(state, "take KS #9") == "R4.2"


def test_r4_2_house_is_never_part_of_a_group() -> None:
    """R4.2: a house of 9 plus a loose 4 is not 13: a king picks nothing up, so it is thrown."""
    state = position(hand="KS", loose="4D", houses=[(9, "4S 5H", [1])], plays=44)
    assert moves(state) == {"throw KS"}
    assert rule_of(state, "take KS 4D #9") == "R4.2"


def test_r4_2_house_cards_cannot_be_taken_as_loose_cards() -> None:
    """R4.2: a house is taken only whole; its cards are not loose (a 4 cannot take its 4S)."""
    state = position(hand="4C 2C", loose="KD", houses=[(9, "4S 5H", [1])])
    assert rule_of(state, "take 4C 4S") == "R4.1"
    assert not takes(state)


def test_r4_2_locked_house_taken_whole() -> None:
    """R4.2: a locked house of 9 (18 in cards) is taken whole by a single nine."""
    state = position(hand="9S 2C", loose="KD", houses=[(9, "4S 5H 9H", [1])])
    after = play(state, "take 9S #9")
    assert CardSet.parse("9S 4S 5H 9H") <= after.piles[0]
    assert after.houses == ()


# --- R4.3 -------------------------------------------------------------------


def test_r4_3_seven_over_ace_to_six_has_two_choices() -> None:
    """R4.3: a 7 over A 2 3 4 5 6 may take all six, or A+2+4 leaving 3 5 6."""
    state = position(hand="7C", loose="AS 2S 3S 4S 5S 6S", plays=44)
    assert moves(state) == {"take 7C AS 2S 3S 4S 5S 6S", "take 7C AS 2S 4S"}


def test_r4_3_maximal_choice_taking_fewer_points_is_offered() -> None:
    """R4.3: the A+2+4 choice is legal though it takes 7 points instead of 21."""
    state = position(hand="7C", loose="AS 2S 3S 4S 5S 6S", plays=44)
    small = play(state, "take 7C AS 2S 4S")
    large = play(state, "take 7C AS 2S 3S 4S 5S 6S")
    gained_small = small.piles[0] - state.piles[0]
    gained_large = large.piles[0] - state.piles[0]
    assert points(gained_small) == 1 + 2 + 4
    assert points(gained_large) == 21
    assert small.loose == CardSet.parse("3S 5S 6S")


def test_r4_3_three_maximal_choices_of_different_sizes() -> None:
    """R4.3: a ten over 2 3 5 5 7 may take 3+7 and 5+5, or 2+3+5 (either five)."""
    state = position(hand="TH", loose="2S 3H 5D 5C 7S", plays=44)
    assert moves(state) == {
        "take TH 3H 5D 5C 7S",
        "take TH 2S 3H 5D",
        "take TH 2S 3H 5C",
    }


def test_r4_3_leaving_a_group_behind_is_refused() -> None:
    """R4.3: a take that leaves cards making 7 behind is refused with R4.3."""
    state = position(hand="7C", loose="AS 2S 3S 4S 5S 6S", plays=44)
    assert rule_of(state, "take 7C 3S 4S") == "R4.3"
    assert rule_of(state, "take 7C AS 6S 2S 5S") == "R4.3"


def test_r4_3_leaving_a_single_card_of_the_value_is_refused() -> None:
    """R4.3: a five that takes 2+3 but leaves a loose five behind is refused."""
    state = position(hand="5S 2C", loose="5H 2D 3D KC")
    assert rule_of(state, "take 5S 2D 3D") == "R4.3"
    assert rule_of(state, "take 5S 5H") == "R4.3"


def test_r4_3_same_set_with_two_cards_of_same_value_is_two_moves() -> None:
    """R4.3: the same cards taken with 7S or with 7H are two distinct moves."""
    state = position(hand="7S 7H", loose="3C 4D")
    assert moves(state) == {"take 7S 3C 4D", "take 7H 3C 4D"}


def test_r4_3_same_set_reached_by_different_groupings_is_one_move() -> None:
    """R4.3: 2+4 with 3+3, or 3+3 with 2+4: one set of cards, one move."""
    state = position(hand="6D", loose="2S 4H 3C 3H", plays=44)
    listed = [str(m) for m in legal_moves(state)]
    assert listed == ["take 6D 2S 3H 3C 4H"]


def test_r4_3_must_take_the_house_of_the_value() -> None:
    """R4.3: the house of 9 must be taken with the loose group of 9."""
    state = position(hand="9S 2C", loose="4D 5C", houses=[(9, "4S 5H", [1])])
    assert moves(state) == {"take 9S 4D 5C #9", "throw 2C"}
    assert rule_of(state, "take 9S 4D 5C") == "R4.3"


def test_r4_3_taking_the_house_but_leaving_a_group_is_refused() -> None:
    """R4.3: taking the house of 9 but leaving 4+5 loose is refused."""
    state = position(hand="9S 2C", loose="4D 5C", houses=[(9, "4S 5H", [1])])
    assert rule_of(state, "take 9S #9") == "R4.3"


def test_r4_3_house_alone_when_no_loose_group() -> None:
    """R4.3: with no loose group of 9 the nine takes just the house."""
    state = position(hand="9S 2C", loose="4D 6C", houses=[(9, "4S 5H", [1])])
    assert takes(state) == {"take 9S #9"}


def test_r4_3_overlapping_groups_with_house() -> None:
    """R4.3: every maximal choice of groups comes with the house of the value."""
    state = position(hand="TC", loose="2S 3H 5D 5C 7S", houses=[(10, "4S 6H", [1])], plays=44)
    assert moves(state) == {
        "take TC 3H 5D 5C 7S #10",
        "take TC 2S 3H 5D #10",
        "take TC 2S 3H 5C #10",
    }


# --- R4.4 -------------------------------------------------------------------


def test_r4_4_played_and_taken_cards_go_to_team_pile() -> None:
    """R4.4: the played card, the loose cards and the house go to the player's team pile."""
    state = position(hand="9D 2C", loose="4D 5C KH", houses=[(9, "3H 6H", [0])], to_move=1)
    after = play(state, "take 9D 4D 5C #9")
    assert after.piles[1] - state.piles[1] == CardSet.parse("9D 4D 5C 3H 6H")
    assert after.piles[0] == state.piles[0]
    assert after.loose == CardSet.parse("KH")


def test_r4_4_pickup_makes_the_player_last_capturer() -> None:
    """R4.4: the player who picks up becomes the last capturer."""
    state = position(hand="7S 2C", loose="3C 4D KH", to_move=2, last_capture=1)
    assert state.last_capture == 1
    assert play(state, "take 7S 3C 4D").last_capture == 2


def test_r4_4_a_throw_leaves_the_last_capturer() -> None:
    """R4.4: only a pick-up changes the last capturer."""
    state = position(hand="7S 2C", loose="3C 4D KH", to_move=2, last_capture=1)
    assert play(state, "throw 2C").last_capture == 1


# --- R4.5 -------------------------------------------------------------------


def test_r4_5_seep_worth_50() -> None:
    """R4.5: a pick-up that clears the floor in mid-deal is a seep worth 50."""
    state = position(hand="9S 2C", loose="4D 5C", to_move=1)
    after = play(state, "take 9S 4D 5C")
    assert len(after.seeps) == 1
    record = after.seeps[0]
    assert (record.seat, record.play, record.points) == (1, state.plays + 1, 50)
    assert deal_score(after).teams[1].seeps == 50
    assert deal_score(after).teams[0].seeps == 0


def test_r4_5_seep_taking_house_and_loose_cards() -> None:
    """R4.5: taking the last loose cards and the last house together is a seep."""
    state = position(hand="9S 2C", loose="4D 5C", houses=[(9, "3H 6H", [1])])
    after = play(state, "take 9S 4D 5C #9")
    assert [(s.seat, s.points) for s in after.seeps] == [(0, 50)]


def test_r4_5_no_seep_while_a_house_stands() -> None:
    """R4.5: a pick-up that leaves a house on the floor is no seep."""
    state = position(hand="7S 2C", loose="3C 4D", houses=[(9, "4S 5H", [1])])
    after = play(state, "take 7S 3C 4D")
    assert after.loose == CardSet()
    assert after.seeps == ()


def test_r4_5_no_seep_while_loose_cards_remain() -> None:
    """R4.5: a pick-up that leaves a loose card is no seep."""
    state = position(hand="7S 2C", loose="3C 4D KH")
    assert play(state, "take 7S 3C 4D").seeps == ()


def test_r4_5_first_play_seep_worth_25() -> None:
    """R4.5: the bidder's first play clearing the floor is a seep worth 25."""
    head = ["9S", "2H", "3D", "4C", "4S", "5H", "6D", "3C"]
    deck = head + [str(c) for c in ALL_CARDS if str(c) not in head]
    state = new_deal("standard", deck=deck)
    state = play(state, "bid 9")
    assert moves(state) >= {"take 9S 3C 4S 5H 6D"}
    after = play(state, "take 9S 3C 4S 5H 6D")
    assert after.loose == CardSet()
    assert [(s.seat, s.play, s.points) for s in after.seeps] == [(1, 1, 25)]
    assert deal_score(after).teams[1].seeps == 25


def test_r4_5_second_play_seep_worth_50() -> None:
    """R4.5: only the first play of the deal gets 25; a seep on play 2 is worth 50."""
    head = ["9S", "9H", "2C", "3D", "4S", "5H", "6D", "6C"]
    deck = head + [str(c) for c in ALL_CARDS if str(c) not in head]
    deck.remove("6H")
    deck.insert(12, "6H")  # first packet of seat 2, who plays second
    state = play(new_deal("standard", deck=deck), "bid 9")
    state = play(state, "take 9S 4S 5H")
    assert state.seeps == ()
    assert state.loose == CardSet.parse("6D 6C")
    after = play(state, "take 6H 6D 6C")
    assert [(s.seat, s.play, s.points) for s in after.seeps] == [(2, 2, 50)]
    assert deal_score(after).teams[0].seeps == 50


def test_r4_5_seep_on_second_to_last_play_worth_50() -> None:
    """R4.5: a seep on play 47 is not the last play of the deal: 50."""
    state = position(hand="7S", loose="3C 4D", plays=46)
    after = play(state, "take 7S 3C 4D")
    assert after.plays == 47
    assert [s.points for s in after.seeps] == [50]


def test_r4_5_last_play_seep_worth_0() -> None:
    """R4.5: a seep with the last card of the deal scores nothing but is recorded."""
    state = position(hand="7S", loose="AS 2S 3S 4S 5S 6S", plays=47, to_move=3)
    after = play(state, "take 7S AS 2S 3S 4S 5S 6S")
    assert after.is_over
    assert after.plays == 48
    assert [(s.seat, s.play, s.points) for s in after.seeps] == [(3, 48, 0)]
    assert deal_score(after).teams[1].seeps == 0


def test_r4_5_last_play_without_clearing_is_no_seep() -> None:
    """R4.5/R9.2: a last take that leaves cards is no seep; the rest goes to the capturer."""
    state = position(hand="7S", loose="AS 2S 4S 3S 5S 6S", plays=47, to_move=3)
    after = play(state, "take 7S AS 2S 4S")
    assert after.seeps == ()
    assert after.loose == CardSet()
    assert CardSet.parse("3S 5S 6S") <= after.piles[1]


def test_r4_5_playing_a_deal_out_last_card_seep_scores_zero() -> None:
    """R4.5: playing the last round out, the 48th card sweeps the floor for 0 points."""
    state = position(
        hand="5S",
        hands={1: "4D", 2: "QC", 3: "6C"},
        loose="2H 7D",
        plays=44,
        dealer=3,
    )
    state = play(state, "throw 5S")  # floor 2H 5S 7D
    state = play(state, "throw 4D")  # floor 2H 4D 5S 7D
    state = play(state, "take QC 5S 7D")  # leaves 2H 4D: no seep
    assert state.seeps == ()
    state = play(state, "take 6C 2H 4D")
    assert state.is_over
    assert [(s.seat, s.play, s.points) for s in state.seeps] == [(3, 48, 0)]
    assert deal_score(state).teams[1].seeps == 0


def test_r4_5_last_play_throw_is_no_seep() -> None:
    """R4.5/R9.2: the floor swept to the last capturer after a final throw is no seep."""
    state = position(
        hand="5S",
        hands={1: "KD", 2: "QC", 3: "9C"},
        loose="2H 7D",
        plays=44,
        dealer=3,
    )
    state = play(state, "throw 5S")
    state = play(state, "throw KD")
    state = play(state, "take QC 5S 7D")
    state = play(state, "throw 9C")
    assert state.is_over
    assert state.seeps == ()
    assert state.last_capture == 2
    assert CardSet.parse("2H KD 9C") <= state.piles[0]


def test_r4_5_taking_the_only_house_is_a_seep() -> None:
    """R4.5: a floor holding just a house is cleared by taking it: a seep worth 50."""
    state = position(hand="TS 2C", houses=[(10, "4H 6H", [1])], to_move=2)
    after = play(state, "take TS #10")
    assert [(s.seat, s.points) for s in after.seeps] == [(2, 50)]
    assert deal_score(after).teams[0].seeps == 50

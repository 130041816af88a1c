"""R1: cards, card points, seats, teams and the shared team pile."""

from __future__ import annotations

import pytest

from rulebook import moves
from seep import (
    Card,
    CardSet,
    apply_move,
    deal_score,
    legal_moves,
    new_deal,
    parse_move,
)
from seep.cards import ALL_CARDS
from seep.testing import position
from seep.variants import STANDARD


def rulebook_points(text: str) -> int:
    """R1.2 by hand: spades score their value, other aces 1, the 10 of diamonds 6."""
    rank, suit = text[0], text[1]
    value = "A23456789TJQK".index(rank) + 1
    if suit == "S":
        return value
    if rank == "A":
        return 1
    if text == "TD":
        return 6
    return 0


# --- R1.1 -------------------------------------------------------------------


def test_r1_1_deck_has_52_distinct_cards() -> None:
    """R1.1: one 52-card deck, no jokers: every rank of every suit exactly once."""
    texts = [str(card) for card in ALL_CARDS]
    assert len(texts) == 52
    assert len(set(texts)) == 52
    assert {t[0] for t in texts} == set("A23456789TJQK")
    assert {t[1] for t in texts} == set("SHDC")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("AS", 1),
        ("AC", 1),
        ("2H", 2),
        ("5D", 5),
        ("9C", 9),
        ("TD", 10),
        ("JS", 11),
        ("QH", 12),
        ("KC", 13),
    ],
)
def test_r1_1_capture_values(text: str, value: int) -> None:
    """R1.1: A=1, 2..10 face value, J=11, Q=12, K=13."""
    assert Card.parse(text).value == value


def test_r1_1_card_index_is_value_then_suit() -> None:
    """R1.1: a card's index is (value-1)*4 + suit, suits in the order S H D C."""
    assert int(Card.parse("AS")) == 0
    assert int(Card.parse("AC")) == 3
    assert int(Card.parse("2S")) == 4
    assert int(Card.parse("TD")) == 9 * 4 + 2
    assert int(Card.parse("KC")) == 51
    assert CardSet.parse("TD 9C KS").total() == 10 + 9 + 13


def test_r1_1_suits_have_no_rank_any_nine_takes_any_nine() -> None:
    """R1.1: suits have no rank, so a nine of any suit picks up a nine of any suit."""
    for played, lying in [("9S", "9C"), ("9C", "9S"), ("9H", "9D")]:
        state = position(hand=f"{played} 2C", loose=f"{lying} KD")
        assert f"take {played} {lying}" in moves(state)


def test_r1_1_two_cards_of_one_value_make_the_same_kinds_of_move() -> None:
    """R1.1: with suits unranked, a 7S and a 7H offer the same pick-ups on one floor."""
    state = position(hand="7S 7H", loose="3C 4D")
    assert moves(state) == {"take 7S 3C 4D", "take 7H 3C 4D"}


# --- R1.2 -------------------------------------------------------------------


def test_r1_2_card_point_table_matches_rulebook() -> None:
    """R1.2: spades score their value, other aces 1, 10D scores 6, the rest 0."""
    table = STANDARD.card_points
    for card in ALL_CARDS:
        assert table.card_points(card) == rulebook_points(str(card)), str(card)


def test_r1_2_spades_91_and_total_100() -> None:
    """R1.2: spades are worth 91 in all, and a deal is worth exactly 100 card points."""
    table = STANDARD.card_points
    assert sum(table.card_points(c) for c in ALL_CARDS if c.suit == "S") == 91
    assert sum(table.card_points(c) for c in ALL_CARDS) == 100


def test_r1_2_named_cards() -> None:
    """R1.2: KS 13, AS 1, AH 1, TD 6, TS 10, KH and TH nothing."""
    table = STANDARD.card_points
    expected = {"KS": 13, "AS": 1, "AH": 1, "AD": 1, "AC": 1, "TD": 6, "TS": 10, "KH": 0, "TH": 0}
    for text, points in expected.items():
        assert table.card_points(Card.parse(text)) == points


def test_r1_2_a_finished_deal_scores_100_card_points() -> None:
    """R1.2: whatever the play, the two piles of a finished deal hold 100 card points."""
    for seed in range(5):
        state = new_deal("standard", seed=seed)
        while not state.is_over:
            state = apply_move(state, legal_moves(state)[-1])
        score = deal_score(state)
        assert sum(team.cards for team in score.teams) == 100
        for team, pile in enumerate(state.piles):
            assert score.teams[team].cards == sum(rulebook_points(str(c)) for c in pile)


# --- R1.3 -------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_r1_3_turn_passes_to_next_seat(seat: int) -> None:
    """R1.3: the seat after s is (s+1) % 4, so seat 3 is followed by seat 0."""
    state = position(hand="KD 2C", loose="5H", to_move=seat)
    after = apply_move(state, parse_move("throw KD"))
    assert after.to_move == (seat + 1) % 4


def test_r1_3_four_seats_numbered_from_zero() -> None:
    """R1.3: the standard game has seats 0..3."""
    state = new_deal("standard", seed=1)
    assert state.players == 4
    assert len(state.hands) == 4


@pytest.mark.parametrize(("seat", "following"), [(0, 1), (1, 0)])
def test_r1_3_with_two_players_the_seat_after_s_is_s_plus_1_mod_2(
    seat: int, following: int
) -> None:
    """R1.3: with n = 2, seat 1 is followed by seat 0 again."""
    state = position("standard-2p", hand="KD 2C", loose="5H", to_move=seat)
    assert state.players == 2
    assert apply_move(state, parse_move("throw KD")).to_move == following


# --- R1.4 -------------------------------------------------------------------


def test_r1_4_teams_are_seat_mod_two() -> None:
    """R1.4: teams are {0,2} and {1,3}; partners sit opposite."""
    state = new_deal("standard", seed=1)
    assert [state.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [STANDARD.partner_of(s) for s in range(4)] == [2, 3, 0, 1]


@pytest.mark.parametrize(("seat", "team"), [(0, 0), (1, 1), (2, 0), (3, 1)])
def test_r1_4_capture_goes_to_seat_mod_two_pile(seat: int, team: int) -> None:
    """R1.4: a capture by seat s lands in the pile of team s % 2."""
    state = position(hand="7S 2C", loose="3C 4D KH", to_move=seat)
    after = apply_move(state, parse_move("take 7S 3C 4D"))
    gained = after.piles[team] - state.piles[team]
    assert gained == CardSet.parse("7S 3C 4D")
    assert after.piles[1 - team] == state.piles[1 - team]


@pytest.mark.parametrize("seat", [0, 1])
def test_r1_4_with_two_players_each_seat_is_its_own_team(seat: int) -> None:
    """R1.4: two players, two teams: team = seat, and a capture lands in that seat's pile."""
    state = position("standard-2p", hand="7S 2C", loose="3C 4D KH", to_move=seat)
    assert [state.team_of(s) for s in range(2)] == [0, 1]
    assert len(state.piles) == 2
    after = apply_move(state, parse_move("take 7S 3C 4D"))
    assert after.piles[seat] - state.piles[seat] == CardSet.parse("7S 3C 4D")
    assert after.piles[1 - seat] == state.piles[1 - seat]


# --- R1.5 -------------------------------------------------------------------


def test_r1_5_partners_share_one_pile() -> None:
    """R1.5: seat 0 and seat 2 both capture into the one pile of team 0."""
    state = position(
        hand="7S 2C",
        loose="3C 4D 8H",
        to_move=0,
        hands={1: "KD 3S", 2: "8S QC", 3: "QD 2H"},
        last_capture=1,
    )
    state = apply_move(state, parse_move("take 7S 3C 4D"))
    state = apply_move(state, parse_move("throw KD"))
    state = apply_move(state, parse_move("take 8S 8H"))
    assert CardSet.parse("7S 3C 4D 8S 8H") <= state.piles[0]
    assert CardSet.parse("7S 3C 4D 8S 8H").isdisjoint(state.piles[1])
    assert state.last_capture == 2

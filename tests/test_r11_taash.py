"""R11: the taash variant (deal, opening house, free choice, seeps, raising, match length)."""

from __future__ import annotations

import random

import pytest

from seep import (
    Baazi,
    Build,
    CardSet,
    IllegalMoveError,
    Raise,
    SeepRecord,
    State,
    Take,
    Throw,
    apply_baazi_move,
    apply_move,
    get_variant,
    legal_moves,
    new_baazi,
    new_deal,
    next_baazi,
)
from seep.cards import ALL_CARDS, Card
from seep.testing import position
from seep.variants import SeepContext, Standing


def taash_deck(head: str, seed: int = 3, first: str = "") -> list[Card]:
    """``head`` dealt first (floor, then the hands in dealing order), then ``first``, then the rest shuffled."""
    front = [Card.parse(text) for text in f"{head} {first}".split()]
    rest = [card for card in ALL_CARDS if card not in front]
    random.Random(seed).shuffle(rest)
    return front + rest


def cards(seq: list[Card] | tuple[Card, ...]) -> CardSet:
    return CardSet.of(seq)


def refused(state: State, move: Take | Build | Throw | Raise) -> str:
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, move)
    return info.value.rule


def play_out(match: Baazi, seed: int) -> Baazi:
    rng = random.Random(seed)
    while not match.is_over:
        match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    return match


# --- R11.1 ------------------------------------------------------------------


def test_r11_1_floor_first_then_4_each_from_seat_after_dealer() -> None:
    """R11.1: four cards face up to the floor, then four to each player from the seat after the dealer."""
    deck = list(ALL_CARDS)  # aces, then twos, threes, ...
    state = new_deal("taash", deck=deck, dealer=2)
    assert state.loose == CardSet.parse("AS AH AD AC")
    assert state.face_up
    assert state.hands[3] == CardSet.parse("2S 2H 2D 2C")
    assert state.hands[0] == CardSet.parse("3S 3H 3D 3C")
    assert state.hands[1] == CardSet.parse("4S 4H 4D 4C")
    assert state.hands[2] == CardSet.parse("5S 5H 5D 5C")
    assert state.stock == tuple(deck[20:])
    assert state.to_move == 3
    assert state.bid is None
    assert state.plays == 0


def test_r11_1_no_redeal_without_a_nine_or_more() -> None:
    """R11.1: nobody holds a 9 or more (explicit deck), yet the deal stands: no misdeal, no redeal."""
    state = new_deal("taash", deck=list(ALL_CARDS), dealer=0)
    assert all(card.value < 9 for hand in state.hands for card in hand)
    assert state.redeals == 0
    two = new_deal("taash-2p", deck=list(ALL_CARDS), dealer=0)
    assert two.loose == CardSet.parse("AS AH AD AC")
    assert two.hands[1] == CardSet.parse("2S 2H 2D 2C")
    assert two.hands[0] == CardSet.parse("3S 3H 3D 3C")
    assert len(two.stock) == 40


# --- R11.2 ------------------------------------------------------------------

FLOOR = "2C 3C 4C 5C"


def test_r11_2_first_player_builds_and_everyone_gets_8_more() -> None:
    """R11.2: the first player builds; that house is the bid and all are dealt 8 more from the seat after the dealer."""
    deck = taash_deck(f"{FLOOR} 7H 9H AD 8S")
    hands = [cards(deck[16:20]), cards(deck[4:8]), cards(deck[8:12]), cards(deck[12:16])]
    stock = deck[20:]
    state = new_deal("taash", deck=deck, dealer=0)
    assert state.hands == tuple(hands)
    moves = legal_moves(state)
    assert moves and all(isinstance(move, Build) for move in moves)  # must build, no take/throw
    build = Build(card="7H", loose="2C", value=9)  # 7 + 2 = 9, and 9H is kept (R3.2)
    assert build in moves
    after = apply_move(state, build)
    assert after.bid == 9
    assert after.houses[0].value == 9 and after.houses[0].owners == (1,)
    assert after.loose == CardSet.parse("3C 4C 5C")
    # Packets of 4 from seat 1: 1, 2, 3, 0, 1, 2, 3, 0.
    assert after.hands[1] == CardSet.parse("9H AD 8S") | cards(stock[0:4]) | cards(stock[16:20])
    assert after.hands[2] == hands[2] | cards(stock[4:8]) | cards(stock[20:24])
    assert after.hands[3] == hands[3] | cards(stock[8:12]) | cards(stock[24:28])
    assert after.hands[0] == hands[0] | cards(stock[12:16]) | cards(stock[28:32])
    assert [len(hand) for hand in after.hands] == [12, 11, 12, 12]
    assert after.stock == ()
    assert after.to_move == 2


def test_r11_2_one_pass_then_the_second_player_builds() -> None:
    """R11.2: the first player cannot build and throws (any card); the second builds the bid."""
    deck = taash_deck(f"{FLOOR} AS AH 2S 6D 7H 9H 3D 8D")
    stock = deck[20:]
    state = new_deal("taash", deck=deck, dealer=0)
    # Seat 1 holds no 9 or more, so it can own no house: every card may be thrown, nothing else.
    assert set(legal_moves(state)) == {Throw(card=c) for c in ("AS", "AH", "2S", "6D")}
    assert refused(state, Take(card="2S", loose="2C")) == "R11.2"  # no pick-ups
    state = apply_move(state, Throw(card="AS"))
    assert state.bid is None and state.to_move == 2 and len(state.hands[2]) == 4
    assert state.loose == CardSet.parse(f"{FLOOR} AS")
    moves = legal_moves(state)
    assert moves and all(isinstance(move, Build) for move in moves)
    after = apply_move(state, Build(card="7H", loose="2C", value=9))
    assert after.bid == 9
    assert after.hands[1] == CardSet.parse("AH 2S 6D") | cards(stock[0:4]) | cards(stock[16:20])
    assert after.hands[2] == CardSet.parse("9H 3D 8D") | cards(stock[4:8]) | cards(stock[20:24])
    assert [len(hand) for hand in after.hands] == [12, 11, 11, 12]
    assert after.to_move == 3
    assert after.plays == 2


def all_pass_deck(first: str = "") -> list[Card]:
    """Floor: the aces; seat 1 the twos, seat 2 the threes, seat 3 the fours, seat 0 the fives."""
    head = " ".join(str(card) for card in ALL_CARDS[:20])
    return taash_deck(head, first=first)


def pass_round(state: State) -> State:
    for text in ("2S", "3S", "4S", "5S"):
        assert all(isinstance(move, Throw) for move in legal_moves(state))
        state = apply_move(state, Throw(card=text))
    return state


def test_r11_2_all_pass_deals_8_more_and_seat_after_dealer_plays() -> None:
    """R11.2: four throws, no bid; everyone gets 8 more and the seat after the dealer plays next."""
    deck = all_pass_deck()
    stock = deck[20:]
    state = new_deal("taash", deck=deck, dealer=0)
    before = [state.hands[seat] for seat in range(4)]
    state = pass_round(state)
    assert state.bid is None
    assert state.plays == 4
    assert state.to_move == 1
    assert state.houses == ()
    assert state.loose == CardSet.parse("AS AH AD AC 2S 3S 4S 5S")
    for packet, seat in enumerate((1, 2, 3, 0)):
        thrown = CardSet.parse(f"{seat + 1 if seat else 5}S")
        dealt = cards(stock[4 * packet : 4 * packet + 4]) | cards(
            stock[16 + 4 * packet : 20 + 4 * packet]
        )
        assert state.hands[seat] == (before[seat] - thrown) | dealt
        assert len(state.hands[seat]) == 11
    assert state.stock == ()


def test_r11_2_must_build_if_possible() -> None:
    """R11.2: a player who can build must: a throw, a take or a raise is refused with R11.2."""
    deck = taash_deck(f"{FLOOR} 7H 9H AD 8S")
    state = new_deal("taash", deck=deck, dealer=0)
    assert refused(state, Throw(card="AD")) == "R11.2"
    assert refused(state, Throw(card="9H")) == "R11.2"
    assert refused(state, Take(card="9H", loose="4C 5C")) == "R11.2"


def test_r11_2_two_players_each_get_one_opening_turn() -> None:
    """R11.2: with two players both may pass; then 8 more each (packets from the seat after the dealer)."""
    deck = taash_deck("AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C")
    stock = deck[12:]
    state = new_deal("taash-2p", deck=deck, dealer=0)
    state = apply_move(state, Throw(card="2S"))
    assert state.to_move == 0 and state.bid is None and len(state.hands[0]) == 4
    state = apply_move(state, Throw(card="3S"))
    assert state.bid is None and state.plays == 2
    assert state.to_move == 1
    assert state.hands[1] == CardSet.parse("2H 2D 2C") | cards(stock[0:4]) | cards(stock[8:12])
    assert state.hands[0] == CardSet.parse("3H 3D 3C") | cards(stock[4:8]) | cards(stock[12:16])
    assert state.stock == tuple(stock[16:])
    assert len(state.stock) == 24


def test_r11_2_two_players_first_builds() -> None:
    """R11.2: in two-player taash a house on the first turn is the bid; the bidder has 11, the dealer 12."""
    deck = taash_deck(f"{FLOOR} 7H 9H AD 8S")
    state = new_deal("taash-2p", deck=deck, dealer=0)
    after = apply_move(state, Build(card="7H", loose="2C", value=9))
    assert after.bid == 9
    assert [len(hand) for hand in after.hands] == [12, 11]
    assert after.to_move == 0
    assert len(after.stock) == 24


# --- R11.3 ------------------------------------------------------------------


def test_r11_3_a_take_may_leave_groups_behind() -> None:
    """R11.3: a pick-up takes only the groups named; leaving a group of the same value is legal."""
    state = position("taash", hand="7S 2D", loose="3H 4H 2C 5C")
    takes = {move for move in legal_moves(state) if isinstance(move, Take) and move.card.value == 7}
    assert takes == {
        Take(card="7S", loose="3H 4H"),
        Take(card="7S", loose="2C 5C"),
        Take(card="7S", loose="3H 4H 2C 5C"),
    }
    after = apply_move(state, Take(card="7S", loose="3H 4H"))
    assert after.loose == CardSet.parse("2C 5C")


def test_r11_3_the_house_may_be_taken_alone_or_left() -> None:
    """R11.3: the house of the card's value may be taken alone, with groups, or left standing."""
    state = position("taash", hand="9D 3S", loose="4H 5H", houses=[(9, "4S 5S", [1])])
    takes = {move for move in legal_moves(state) if isinstance(move, Take)}
    assert takes == {
        Take(card="9D", loose="4H 5H"),
        Take(card="9D", house=9),
        Take(card="9D", loose="4H 5H", house=9),
    }
    left = apply_move(state, Take(card="9D", loose="4H 5H"))
    assert [house.value for house in left.houses] == [9]


def test_r11_3_any_card_may_be_thrown() -> None:
    """R11.3: a card that could pick up may still be thrown."""
    state = position("taash", hand="9D 3S", loose="4H 5H", houses=[(9, "4S 5S", [1])])
    assert Throw(card="9D") in legal_moves(state)
    after = apply_move(state, Throw(card="9D"))
    assert after.loose == CardSet.parse("4H 5H 9D")


def test_r11_3_ownership_duty_still_holds() -> None:
    """R11.3, R3.2: the owner's last card of the house's value must take the house; no throw, no partial take."""
    state = position("taash", hand="9D 3S", loose="4H 5H", houses=[(9, "4S 5S", [0])])
    moves_9d = {move for move in legal_moves(state) if move.card == Card.parse("9D")}
    assert moves_9d == {Take(card="9D", house=9), Take(card="9D", loose="4H 5H", house=9)}
    assert refused(state, Take(card="9D", loose="4H 5H")) == "R3.2"
    assert refused(state, Throw(card="9D")) == "R3.2"
    assert Throw(card="3S") in legal_moves(state)


# --- R11.4 ------------------------------------------------------------------


def test_r11_4_seep_on_first_play_after_an_all_pass_opening_is_50() -> None:
    """R11.4: after four throws, seat 1 takes all eight floor cards with a 9 (4+5 and A+A+A+A+2+3): 50."""
    state = pass_round(new_deal("taash", deck=all_pass_deck(first="9S"), dealer=0))
    assert Card.parse("9S") in state.hands[1]
    seep = Take(card="9S", loose="AS AH AD AC 2S 3S 4S 5S")
    after = apply_move(state, seep)
    assert after.seeps == (SeepRecord(seat=1, play=5, points=50),)


def test_r11_4_no_25_point_first_play_seep() -> None:
    """R11.4: the taash seep rule gives 50 even for a play counted as the first."""
    context = SeepContext(
        card=Card.parse("9S"), play=1, first_play=True, last_play=False, batch_end=False
    )
    assert get_variant("taash").seep_bonus(context) == 50
    assert get_variant("taash-2p").seep_bonus(context) == 50


def test_r11_4_seep_on_last_play_is_0() -> None:
    """R11.4: a seep on play 48 is worth 0."""
    state = position("taash", hand="9S", loose="4H 5H", plays=47)
    after = apply_move(state, Take(card="9S", loose="4H 5H"))
    assert after.is_over
    assert after.seeps[-1] == SeepRecord(seat=0, play=48, points=0)


def test_r11_4_seep_on_last_card_of_two_player_first_batch_is_50() -> None:
    """R11.4, R2.9: a seep on play 24 of two-player taash is worth 50; the second batch follows from seat 1."""
    state = position("taash-2p", hand="9S", loose="4H 5H", plays=23, dealer=0)
    second = state.stock
    after = apply_move(state, Take(card="9S", loose="4H 5H"))
    assert after.seeps == (SeepRecord(seat=0, play=24, points=50),)
    assert after.hands[1] == cards(second[0:4]) | cards(second[8:12]) | cards(second[16:20])
    assert after.hands[0] == cards(second[4:8]) | cards(second[12:16]) | cards(second[20:24])
    assert after.to_move == 1


# --- R11.5 ------------------------------------------------------------------


def test_r11_5_raise_up_to_13() -> None:
    """R11.5: an open 9 may be raised by a 4 to 13 (holding a king), never above 13."""
    state = position("taash", hand="4H KD", houses=[(9, "4S 5S", [1])])
    assert Raise(card="4H", house=9) in legal_moves(state)
    after = apply_move(state, Raise(card="4H", house=9))
    assert after.houses[0].value == 13 and after.houses[0].owners == (0,)
    over = position("taash", hand="5H KD", houses=[(9, "4S 5S", [1])])
    assert not any(isinstance(move, Raise) for move in legal_moves(over))
    assert refused(over, Raise(card="5H", house=9)) == "R7.1"


# --- R11.6 ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "winner"), [((60, 40), 0), ((30, 120), 1), ((50, 50), None), ((5, 95), 1)]
)
def test_r11_6_quick_is_one_deal_higher_total_wins(
    totals: tuple[int, int], winner: int | None
) -> None:
    """R11.6: quick match (the default): one deal, the higher total wins, equal is a draw."""
    after = get_variant("taash").match.after_deal(Standing(), totals)
    assert after.over
    assert after.winner == winner
    assert "R10.3" not in after.reason


def test_r11_6_short_banks_to_50_and_a_tie_banks_nothing() -> None:
    """R11.6: short match: only the deal winner banks the difference; first to 50 wins; no under-9 rule."""
    rule = get_variant("taash-short").match
    standing = rule.after_deal(Standing(), (70, 30))
    assert standing.banked == (40, 0) and not standing.over
    standing = rule.after_deal(standing, (50, 50))
    assert standing.banked == (40, 0) and not standing.over
    standing = rule.after_deal(standing, (45, 55))
    assert standing.banked == (40, 10) and not standing.over
    standing = rule.after_deal(standing, (60, 40))
    assert standing.banked == (60, 10)
    assert standing.over and standing.winner == 0
    low = rule.after_deal(Standing(), (5, 45))
    assert low.banked == (0, 40) and not low.over  # 5 is no loss in taash


def test_r11_6_full_banks_to_100() -> None:
    """R11.6: full match: first team to bank 100 wins; 90 is not enough, no under-9 rule."""
    rule = get_variant("taash-full").match
    standing = rule.after_deal(Standing(), (95, 5))
    assert standing.banked == (90, 0) and not standing.over
    standing = rule.after_deal(standing, (45, 55))
    assert standing.banked == (90, 10) and not standing.over
    standing = rule.after_deal(standing, (55, 45))
    assert standing.banked == (100, 10)
    assert standing.over and standing.winner == 0


def test_r11_6_quick_match_played_is_one_deal() -> None:
    """R11.6: a played quick taash match is one deal, won by the higher total (a draw if equal)."""
    match = play_out(new_baazi("taash", seed=4, first_dealer=1), 4)
    assert len(match.sheet) == 1 and len(match.deals) == 1
    a, b = match.sheet[0].totals
    assert match.winner == (0 if a > b else 1 if b > a else None)
    fresh = next_baazi(match)
    assert fresh.first_dealer == 2  # the next seat


@pytest.mark.parametrize(
    ("variant", "target", "first"), [("taash-short", 50, 2), ("taash-2p-full", 100, 1)]
)
def test_r11_6_banked_match_rotates_the_dealer(variant: str, target: int, first: int) -> None:
    """R11.6: the dealer passes to the next seat after every deal and the next match starts with the next seat."""
    match = play_out(new_baazi(variant, seed=8, first_dealer=first), 8)
    players = match.variant.players
    banked = [0, 0]
    for number, row in enumerate(match.sheet):
        assert row.dealer == (first + number) % players
        difference = row.totals[0] - row.totals[1]
        if difference:
            banked[0 if difference > 0 else 1] += abs(difference)
        assert row.banked == tuple(banked)
    assert match.is_over
    assert max(banked) >= target
    assert match.winner == banked.index(max(banked))
    assert all(max(row.banked) < target for row in match.sheet[:-1])
    last = match.sheet[-1]
    assert next_baazi(match).first_dealer == (last.dealer + 1) % players

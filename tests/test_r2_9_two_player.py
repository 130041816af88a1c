"""R2.9 (with R4.5): the two-player standard deal, its second batch and its seeps."""

from __future__ import annotations

import random

from seep import (
    CardSet,
    Phase,
    SeepRecord,
    State,
    Take,
    Throw,
    apply_move,
    deal_score,
    legal_moves,
    new_deal,
    parse_move,
)
from seep.cards import ALL_CARDS, Card
from seep.testing import position

BIDDER_HAND = "KS 9H 8H 7H"
FLOOR = "QC QD JC JD"


def two_player_deck(seed: int = 29) -> list[Card]:
    """The bidder's four, the floor's four, then the other 44 cards in a fixed shuffled order."""
    head = [Card.parse(text) for text in f"{BIDDER_HAND} {FLOOR}".split()]
    rest = [card for card in ALL_CARDS if card not in head]
    random.Random(seed).shuffle(rest)
    return head + rest


def cards(seq: list[Card] | tuple[Card, ...]) -> CardSet:
    return CardSet.of(seq)


def first_play(deck: list[Card]) -> State:
    """Dealer 0, bidder 1: bid 13 and make the only legal first play, throwing the king."""
    state = new_deal("standard-2p", deck=deck, dealer=0)
    state = apply_move(state, parse_move("bid 13"))
    # R2.6: no loose cards make 13 (J, J, Q, Q) and no hand card adds to one below 13: throw it.
    assert legal_moves(state) == (Throw(card="KS"),)
    return apply_move(state, Throw(card="KS"))


def test_r2_9_first_play_deals_bidder_8_and_dealer_12_in_packets_from_bidder() -> None:
    """R2.9: after the first play the bidder holds 4+8-1 = 11 and the dealer 12, packets of 4 from the bidder."""
    deck = two_player_deck()
    stock = deck[8:]
    state = first_play(deck)
    # Packets: bidder 0-3, dealer 4-7, bidder 8-11, dealer 12-15, dealer 16-19 (bidder has 12).
    assert state.hands[1] == CardSet.parse("7H 8H 9H") | cards(stock[0:4]) | cards(stock[8:12])
    assert state.hands[0] == cards(stock[4:8]) | cards(stock[12:16]) | cards(stock[16:20])
    assert len(state.hands[1]) == 11
    assert len(state.hands[0]) == 12
    assert state.stock == tuple(stock[20:])
    assert len(state.stock) == 24
    assert state.to_move == 0  # R2.8: the seat after the bidder
    assert state.loose == CardSet.parse(f"{FLOOR} KS")


def test_r2_9_whole_deal_is_48_plays_24_each_with_second_batch_from_bidder() -> None:
    """R2.9: after 24 plays each player gets 12 more from the stock (packets of 4 from the bidder); 48 plays, 24 each."""
    deck = two_player_deck()
    state = first_play(deck)
    per_seat = {0: 0, 1: 1}
    checked_second_batch = False
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        move = legal_moves(state)[0]
        before = state
        state = apply_move(state, move)
        per_seat[mover] += 1
        if state.plays == 24:
            second = before.stock
            assert len(second) == 24
            assert mover == 0  # the dealer plays the last card of the first batch
            assert state.hands[1] == cards(second[0:4]) | cards(second[8:12]) | cards(second[16:20])
            assert state.hands[0] == cards(second[4:8]) | cards(second[12:16]) | cards(
                second[20:24]
            )
            assert state.stock == ()
            assert state.to_move == 1  # the seat after the one who played last
            # The floor only changed by the move itself; the dealing never touches it.
            if isinstance(move, Throw):
                assert state.loose == before.loose | CardSet.of([move.card])
            elif isinstance(move, Take):
                assert state.loose == before.loose - move.loose
            assert not state.houses  # R3.2: no house stands when the hands run out
            checked_second_batch = True
        elif state.plays < 24:
            assert len(state.stock) == 24
    assert checked_second_batch
    assert state.plays == 48
    assert per_seat == {0: 24, 1: 24}
    assert state.phase is Phase.OVER


def test_r2_9_second_batch_leaves_floor_as_it_is() -> None:
    """R2.9: the second batch is dealt while the floor stays exactly as the 24th play left it."""
    state = position("standard-2p", hand="5C", loose="2D 9H", plays=23, dealer=0)
    assert state.to_move == 0 and len(state.hands[1]) == 0
    second = state.stock
    # 5C picks nothing up (no 5 among 2, 9) and cannot build (no card left to own a house).
    assert legal_moves(state) == (Throw(card="5C"),)
    after = apply_move(state, Throw(card="5C"))
    assert after.loose == CardSet.parse("2D 5C 9H")
    assert after.houses == ()
    assert after.hands[1] == cards(second[0:4]) | cards(second[8:12]) | cards(second[16:20])
    assert after.hands[0] == cards(second[4:8]) | cards(second[12:16]) | cards(second[20:24])
    assert after.to_move == 1
    assert after.plays == 24 and after.phase is Phase.PLAY


def test_r2_9_seep_on_last_card_of_first_batch_is_worth_50() -> None:
    """R2.9, R4.5: a seep with the last card of the first two-player batch (play 24) is worth the full 50."""
    state = position("standard-2p", hand="9S", loose="4H 5H", plays=23, dealer=0)
    after = apply_move(state, Take(card="9S", loose="4H 5H"))
    assert after.seeps == (SeepRecord(seat=0, play=24, points=50),)
    assert not after.loose and not after.houses
    assert len(after.hands[0]) == len(after.hands[1]) == 12
    assert deal_score(after).teams[0].seeps == 50


def test_r2_9_seep_on_play_48_is_worth_0() -> None:
    """R2.9, R4.5: a seep on play 48, the last play of a two-player deal, is listed with 0 points."""
    state = position("standard-2p", hand="9S", loose="4H 5H", plays=47, dealer=0)
    after = apply_move(state, Take(card="9S", loose="4H 5H"))
    assert after.is_over
    assert after.seeps == (SeepRecord(seat=0, play=48, points=0),)
    assert deal_score(after).teams[0].seeps == 0

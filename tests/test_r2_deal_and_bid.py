"""R2.1 to R2.8: the standard deal, the bid and the bidder's first play."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from rulebook import moves, rule_of
from seep import (
    CardSet,
    InvalidStateError,
    MisdealError,
    Phase,
    State,
    apply_move,
    legal_moves,
    new_deal,
    parse_move,
)
from seep.cards import ALL_CARDS


def make_deck(head: str, *, shuffle_seed: int | None = None) -> list[str]:
    """``head`` dealt first (deck[0:4] to the bidder, deck[4:8] to the floor), then the rest."""
    first = head.split()
    rest = [str(card) for card in ALL_CARDS if str(card) not in first]
    if shuffle_seed is not None:
        random.Random(shuffle_seed).shuffle(rest)
    return first + rest


def cards(texts: list[str]) -> CardSet:
    return CardSet.parse(" ".join(texts))


def bid(state: State, value: int) -> State:
    return apply_move(state, parse_move(f"bid {value}"))


# --- R2.1 -------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r2_1_bidder_is_seat_after_dealer(dealer: int) -> None:
    """R2.1: the bidder is seat dealer+1 (mod 4), and the bidder moves first."""
    state = new_deal("standard", seed=11, dealer=dealer)
    bidder = (dealer + 1) % 4
    assert state.dealer == dealer
    assert state.bidder == bidder
    assert state.to_move == bidder
    assert state.phase is Phase.BID


# --- R2.2 -------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 3])
def test_r2_2_explicit_deck_bidder_gets_first_four_floor_next_four_face_down(
    dealer: int,
) -> None:
    """R2.2: deck[0:4] to the bidder, deck[4:8] face down to the floor, the rest undealt."""
    deck = make_deck("9S 2H 3D 4C 4S 5H KC QD", shuffle_seed=1)
    state = new_deal("standard", deck=deck, dealer=dealer)
    bidder = (dealer + 1) % 4
    assert state.hands[bidder] == cards(deck[0:4])
    assert state.loose == cards(deck[4:8])
    assert state.face_up is False
    assert state.houses == ()
    assert [str(c) for c in state.stock] == deck[8:]
    for seat in range(4):
        if seat != bidder:
            assert len(state.hands[seat]) == 0


@pytest.mark.parametrize(
    "deck",
    [
        make_deck("9S 2H 3D 4C")[:51],
        [*make_deck("9S 2H 3D 4C"), "AS"],
        ["9S", *make_deck("9S 2H 3D 4C")[:51]],
        ["9S", "XX", *make_deck("9S")[2:]],
    ],
)
def test_r2_2_explicit_deck_must_be_52_distinct_cards(deck: list[str]) -> None:
    """R2.2/R1.1: an explicit deck is the 52 cards, each once; anything else is refused."""
    with pytest.raises(InvalidStateError):
        new_deal("standard", deck=deck)


def test_r2_2_only_bids_before_the_floor_turns_up() -> None:
    """R2.2/R2.4: before the bid nothing can be played onto the face-down floor."""
    state = new_deal("standard", deck=make_deck("9S 9H 2C 3D 4S 5H KC 7D"))
    assert moves(state) == {"bid 9"}
    assert rule_of(state, "take 9S 4S 5H") == "R2.4"


# --- R2.3 -------------------------------------------------------------------


def test_r2_3_explicit_deck_without_nine_or_more_is_a_misdeal() -> None:
    """R2.3: with an explicit deck, a bidder holding no 9..K raises a misdeal error."""
    deck = make_deck("8S 8H 2C 7D 9S KC QD JH")
    with pytest.raises(MisdealError, match=r"R2\.3"):
        new_deal("standard", deck=deck)


def test_r2_3_high_cards_on_the_floor_do_not_save_the_deal() -> None:
    """R2.3: only the bidder's four cards count; 9s and kings on the floor do not."""
    deck = make_deck("AS 2H 3D 4C 9S 9H KD KC")
    with pytest.raises(MisdealError):
        new_deal("standard", deck=deck, dealer=2)


def test_r2_3_a_single_nine_is_enough() -> None:
    """R2.3: one card of value 9 in the bidder's hand makes the deal valid."""
    state = new_deal("standard", deck=make_deck("AS 2H 9D 8C"))
    assert state.redeals == 0
    assert state.hands[1] == CardSet.parse("AS 2H 9D 8C")


def test_r2_3_seeded_deal_redeals_by_itself_and_counts() -> None:
    """R2.3: a seeded void deal is redealt automatically by the same dealer, and counted."""
    seed = next(s for s in range(500) if new_deal("standard", seed=s, dealer=2).redeals > 0)
    state = new_deal("standard", seed=seed, dealer=2)
    assert state.redeals > 0
    assert state.dealer == 2
    assert state.bidder == 3
    assert max(card.value for card in state.hands[3]) >= 9
    again = new_deal("standard", seed=seed, dealer=2)
    assert again == state
    assert again.redeals == state.redeals


def test_r2_3_seeded_deals_always_give_the_bidder_a_nine_or_more() -> None:
    """R2.3: every seeded deal that comes back has a bidder with a card of 9 or more."""
    redealt = 0
    for seed in range(60):
        state = new_deal("standard", seed=seed)
        assert max(card.value for card in state.hands[state.bidder]) >= 9
        redealt += state.redeals > 0
    assert redealt > 0  # about 13% of shuffles are void, so some of 60 seeds redeal


# --- R2.4 -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "bids"),
    [
        ("9S JH JD 3C", {9, 11}),
        ("KS QH TD 9C", {9, 10, 12, 13}),
        ("KS 2H 3D 4C", {13}),
        ("TS TH TD 8C", {10}),
    ],
)
def test_r2_4_bids_offered_exactly_for_values_held(hand: str, bids: set[int]) -> None:
    """R2.4: the bidder may bid exactly the values 9..13 of the cards held."""
    state = new_deal("standard", deck=make_deck(hand + " AS 2S 3S 4S"))
    assert moves(state) == {f"bid {v}" for v in bids}


def test_r2_4_bid_of_value_not_held_is_refused() -> None:
    """R2.4: bidding a value the bidder does not hold is illegal."""
    state = new_deal("standard", deck=make_deck("9S JH JD 3C AS 2S 3S 4S"))
    for value in (10, 12, 13):
        assert rule_of(state, f"bid {value}") == "R2.4"


def test_r2_4_no_play_before_the_bid() -> None:
    """R2.4: in the bid phase the bidder must bid; a throw is refused."""
    state = new_deal("standard", deck=make_deck("9S JH JD 3C AS 2S 3S 4S"))
    assert rule_of(state, "throw 3C") == "R2.4"


def test_r2_4_no_second_bid() -> None:
    """R2.4: once the bid is made there is no bid to make."""
    state = bid(new_deal("standard", deck=make_deck("9S JH JD 3C AS 2S 3S 4S")), 11)
    assert state.bid == 11
    assert rule_of(state, "bid 9") == "R2.4"


def test_r2_4_nobody_else_has_cards_yet() -> None:
    """R2.4: at the bid only the bidder holds cards (4), the stock holds 44."""
    state = new_deal("standard", deck=make_deck("9S JH JD 3C AS 2S 3S 4S"), dealer=1)
    assert [len(h) for h in state.hands] == [0, 0, 4, 0]
    assert len(state.stock) == 44


def test_r2_4_bidder_keeps_the_move_after_bidding() -> None:
    """R2.4/R2.6: after the bid the bidder makes the first play."""
    state = new_deal("standard", deck=make_deck("9S JH JD 3C AS 2S 3S 4S"), dealer=3)
    after = bid(state, 9)
    assert after.phase is Phase.PLAY
    assert after.to_move == 0
    assert after.plays == 0
    assert after.hands == state.hands


# --- R2.5 -------------------------------------------------------------------


def test_r2_5_floor_turns_face_up_after_the_bid() -> None:
    """R2.5: the four floor cards turn face up once the bid is made; they stay loose."""
    state = new_deal("standard", deck=make_deck("9S JH JD 3C AS 2S 3S 4S"))
    assert state.face_up is False
    after = bid(state, 11)
    assert after.face_up is True
    assert after.loose == CardSet.parse("AS 2S 3S 4S")
    assert after.houses == ()


# --- R2.6 -------------------------------------------------------------------


def test_r2_6_first_play_takes_or_builds_the_bid() -> None:
    """R2.6: with a pick-up of the bid possible, the takes and builds of 9 are the only plays."""
    state = bid(new_deal("standard", deck=make_deck("9S 9H 2C 3D 4S 5H KC 7D")), 9)
    assert moves(state) == {
        "take 9S 4S 5H",
        "take 9H 4S 5H",
        "build 2C 7D =9",
        "build 2C 4S 5H 7D =9",
    }


def test_r2_6_first_pickup_must_take_everything() -> None:
    """R2.6: R4 applies to the first pick-up, so every group of the bid is taken."""
    state = bid(new_deal("standard", deck=make_deck("9S 2H 3D 4C 4S 5H 9D 3C")), 9)
    assert moves(state) == {
        "take 9S 4S 5H 9D",
        "build 2H 3C 4S =9",
        "build 2H 3C 4S 9D =9",
        "build 4C 5H =9",
        "build 4C 5H 9D =9",
    }
    assert rule_of(state, "take 9S 9D") == "R4.3"


def test_r2_6_throwing_the_bid_card_refused_when_a_pickup_exists() -> None:
    """R2.6: a bid card may not be thrown while a take or build of the bid exists."""
    state = bid(new_deal("standard", deck=make_deck("9S 9H 2C 3D 4S 5H KC 7D")), 9)
    assert rule_of(state, "throw 9S") == "R2.6"
    assert rule_of(state, "throw 3D") == "R2.6"


def test_r2_6_build_only_when_no_pickup_exists() -> None:
    """R2.6: no group of 10 on the floor: only builds of 10 (keeping the ten) are legal."""
    state = bid(new_deal("standard", deck=make_deck("TS QH 2C 3D 8S 7H AS KC")), 10)
    assert moves(state) == {"build 2C 8S =10", "build 2C AS 7H =10", "build 3D 7H =10"}
    assert rule_of(state, "throw TS") == "R2.6"


def test_r2_6_build_of_another_value_is_refused() -> None:
    """R2.6: a build of a value other than the bid (here 12 with a queen held) is refused."""
    state = bid(new_deal("standard", deck=make_deck("TS QH 2C 3D 8S 7H AS KC")), 10)
    assert rule_of(state, "build 3D AS 8S =12") == "R2.6"


def test_r2_6_throw_of_bid_card_when_no_take_or_build_exists() -> None:
    """R2.6: with no take or build of the bid, only a card of the bid may be thrown."""
    state = bid(new_deal("standard", deck=make_deck("JS JH 4C 3D AS 4H 5S KC")), 11)
    assert moves(state) == {"throw JS", "throw JH"}


def test_r2_6_other_pickups_refused_on_first_play() -> None:
    """R2.6: a pick-up or throw with a card other than the bid is refused on the first play."""
    state = bid(new_deal("standard", deck=make_deck("JS JH 4C 3D AS 4H 5S KC")), 11)
    assert rule_of(state, "take 4C 4H") == "R2.6"
    assert rule_of(state, "throw 4C") == "R2.6"


def test_r2_6_first_play_throw_lies_loose_and_restriction_ends() -> None:
    """R2.6: after the bidder's first play the next player plays freely (here a pick-up of 4)."""
    deck = make_deck("JS JH 4C 3D AS 4H 5S KC")
    deck.remove("4D")
    deck.insert(12, "4D")  # deck[12:16] is the first packet of the seat after the bidder
    state = bid(new_deal("standard", deck=deck), 11)
    state = apply_move(state, parse_move("throw JS"))
    assert state.loose == CardSet.parse("AS 4H 5S JS KC")
    assert state.to_move == 2
    assert "4D" in state.hands[2]
    assert "take 4D 4H" in moves(state)


# --- R2.7 -------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 2])
def test_r2_7_packets_of_four_round_from_bidder_skipping_full_hands(dealer: int) -> None:
    """R2.7: after the first play packets of 4 go round from the bidder; the bidder gets 8."""
    deck = make_deck("9S 2H 3D 4C 4S 5H KC QD", shuffle_seed=7)
    b = (dealer + 1) % 4
    s1, s2, s3 = (b + 1) % 4, (b + 2) % 4, (b + 3) % 4
    state = bid(new_deal("standard", deck=deck, dealer=dealer), 9)
    state = apply_move(state, parse_move("take 9S 4S 5H"))
    # Round 1: bidder, s1, s2, s3; round 2: the same; round 3: the bidder has 12, skipped.
    expected = {
        b: cards(["2H", "3D", "4C", *deck[8:12], *deck[24:28]]),
        s1: cards(deck[12:16] + deck[28:32] + deck[40:44]),
        s2: cards(deck[16:20] + deck[32:36] + deck[44:48]),
        s3: cards(deck[20:24] + deck[36:40] + deck[48:52]),
    }
    for seat, hand in expected.items():
        assert state.hands[seat] == hand, seat
    assert state.stock == ()
    assert [len(h) for h in state.hands][b] == 11


def test_r2_7_everyone_is_dealt_twelve() -> None:
    """R2.7: after the first play the bidder holds 11 (12 dealt, 1 played), the others 12."""
    state = bid(new_deal("standard", deck=make_deck("9S 9H 2C 3D 4S 5H KC 7D")), 9)
    state = apply_move(state, parse_move("build 2C 7D =9"))
    assert [len(h) for h in state.hands] == [12, 11, 12, 12]
    assert state.plays == 1


# --- R2.8 -------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r2_8_play_goes_round_from_bidder_for_48_plays(dealer: int) -> None:
    """R2.8: after the bidder, seats play in turn bidder+1, bidder+2, ... for 48 plays."""
    state = new_deal("standard", seed=100 + dealer, dealer=dealer)
    bidder = (dealer + 1) % 4
    state = apply_move(state, legal_moves(state)[0])  # the bid
    seen = []
    played = [0, 0, 0, 0]
    while not state.is_over:
        assert state.to_move is not None
        seen.append(state.to_move)
        before = state.hands[state.to_move]
        after = apply_move(state, legal_moves(state)[0])
        if state.plays > 0:  # the first play is followed by the deal of R2.7
            assert len(after.hands[state.to_move]) == len(before) - 1
        played[state.to_move] += 1
        state = after
    assert seen == [(bidder + k) % 4 for k in range(48)]
    assert played == [12, 12, 12, 12]
    assert state.plays == 48
    assert state.to_move is None
    assert all(len(h) == 0 for h in state.hands)


def test_r2_8_seat_after_bidder_plays_second() -> None:
    """R2.8: play goes on with the seat after the bidder."""
    state = bid(new_deal("standard", deck=make_deck("9S 9H 2C 3D 4S 5H KC 7D"), dealer=3), 9)
    assert state.to_move == 0
    state = apply_move(state, parse_move("take 9H 4S 5H"))
    assert state.to_move == 1


def _splits(cards: tuple[int, ...], target: int) -> bool:
    """True if the values split into groups each summing to ``target`` (the empty tuple does)."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for size in range(len(rest) + 1):
        for mates in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in mates) == target:
                left = tuple(v for i, v in enumerate(rest) if i not in mates)
                if _splits(left, target):
                    return True
    return False


def expected_first_plays(state: State) -> set[str]:
    """R2.6 by exhaustive search over the four floor cards and the bidder's four."""
    b = state.bid
    assert b is not None
    hand = list(state.hand)
    floor = list(state.loose)
    found: set[str] = set()
    subsets = [s for k in range(len(floor) + 1) for s in combinations(floor, k)]
    for card in hand:
        for taken in subsets:
            rest = [c for c in floor if c not in taken]
            leaves_group = any(
                sum(c.value for c in sub) == b
                for k in range(1, len(rest) + 1)
                for sub in combinations(rest, k)
            )
            values = tuple(c.value for c in taken)
            if card.value == b and taken and _splits(values, b) and not leaves_group:
                found.add(f"take {card} {CardSet.of(taken)}")
            if card.value < b and any(c.value == b for c in hand if c != card):
                for k in range(1, len(taken) + 1):
                    for base in combinations(taken, k):
                        extra = tuple(c.value for c in taken if c not in base)
                        if card.value + sum(c.value for c in base) == b and _splits(extra, b):
                            found.add(f"build {card} {CardSet.of(taken)} ={b}")
    if not found:
        found = {f"throw {card}" for card in hand if card.value == b}
    return found


def test_r2_6_first_play_matches_exhaustive_search_over_many_deals() -> None:
    """R2.6: for every bid of many seeded deals, the first plays are exactly the rulebook's."""
    checked = 0
    for seed in range(80):
        start = new_deal("standard", seed=seed)
        for bid_move in legal_moves(start):
            state = apply_move(start, bid_move)
            assert moves(state) == expected_first_plays(state), (seed, str(bid_move))
            checked += 1
    assert checked > 80

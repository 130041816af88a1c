"""A custom opening is checked when its variant is made (R2.2 to R2.4, R2.7, R11.1).

Before the check, an opening with a bid that dealt the bidder no packet made
``new_deal`` redeal forever (every deal void, R2.3), and one with two floor
packets or sixteen cards to a seat failed with an ``IndexError`` mid-deal.
"""

from __future__ import annotations

import attrs
import pytest
from tests.variant_zoo import FloorFirstBid, HandsThenFloorBid, HandsThenFloorRound, OpenFloor

from seep import STANDARD, STANDARD_2P, TAASH, TAASH_2P, apply_move, legal_moves, new_deal
from seep.errors import VariantError
from seep.variants import Opening, Variant


@attrs.frozen
class Packets:
    """An opening dealing ``packets`` before the first play, with or without a bid."""

    packets: object = (0, None)
    bids: bool = True
    builds_first: bool = False

    def first_packets(self, players: int) -> object:
        return self.packets

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool:
        return plays == 0


BASES = [STANDARD, STANDARD_2P]


@pytest.mark.parametrize("base", BASES, ids=lambda variant: variant.name)
def test_a_bid_opening_without_a_packet_for_the_bidder_is_refused_r2_3(base: Variant) -> None:
    with pytest.raises(VariantError, match=r"R2\.3, R2\.4: .*bidder \(seat 0\)") as raised:
        attrs.evolve(base, name="no-bidder-packet", opening=Packets((1, None)))
    assert raised.value.field == "Variant.opening"


def test_the_same_packets_without_a_bid_are_accepted() -> None:
    variant = attrs.evolve(STANDARD, name="no-bid", opening=Packets((1, None), bids=False))
    assert new_deal(variant, seed=1).hands[2].mask != 0  # seat 1 from the bidder (seat 1)


@pytest.mark.parametrize("base", BASES, ids=lambda variant: variant.name)
@pytest.mark.parametrize("packets", [(0,), (0, None, None), (None, 0, None, 1)])
def test_anything_but_one_floor_packet_is_refused_r2_2(
    base: Variant, packets: tuple[int | None, ...]
) -> None:
    with pytest.raises(VariantError, match=r"R2\.2, R11\.1: .*exactly one packet"):
        attrs.evolve(base, name="floor-packets", opening=Packets(packets))


@pytest.mark.parametrize("base", BASES, ids=lambda variant: variant.name)
def test_more_than_a_hand_to_one_seat_is_refused_r2_7(base: Variant) -> None:
    with pytest.raises(VariantError, match=r"R2\.7: seat 0 .* 16 cards"):
        attrs.evolve(base, name="big-opening", opening=Packets((0, 0, 0, 0, None)))


def test_a_whole_hand_before_the_first_play_is_accepted() -> None:
    variant = attrs.evolve(STANDARD, name="whole-hand", opening=Packets((None, 0, 0, 0)))
    state = new_deal(variant, seed=2)
    assert len(state.hands[state.to_move or 0]) == 12


@pytest.mark.parametrize("seat", [-1, 4, 2.0, True, "0"])
def test_a_packet_to_no_seat_is_refused(seat: object) -> None:
    with pytest.raises(VariantError, match=r"each packet goes to a seat .* 0\.\.3"):
        attrs.evolve(STANDARD, name="bad-seat", opening=Packets((0, seat, None)))


def test_a_seat_of_the_four_player_game_is_refused_with_two_players() -> None:
    with pytest.raises(VariantError, match=r"0\.\.1"):
        attrs.evolve(STANDARD_2P, name="bad-seat-2p", opening=Packets((0, 2, None)))


def test_packets_not_in_a_tuple_are_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"first_packets\(4\) must return a tuple, got \[0, None\]"):
        attrs.evolve(STANDARD, name="list-packets", opening=Packets([0, None]))


def test_the_check_reads_the_variant_s_players() -> None:
    # Three packets to seat 1 and the floor: fine for four players; seat 1
    # exists in the two-player game too, but seat 3 does not.
    four = Packets((0, 3, None))
    attrs.evolve(STANDARD, name="four-seats", opening=four)
    with pytest.raises(VariantError, match="gave 3"):
        attrs.evolve(STANDARD_2P, name="two-seats", opening=four)


@pytest.mark.parametrize(
    "variant",
    [
        STANDARD,
        STANDARD_2P,
        TAASH,
        TAASH_2P,
        attrs.evolve(STANDARD, name="floor-first", opening=FloorFirstBid()),
        attrs.evolve(STANDARD_2P, name="hands-then-floor", opening=HandsThenFloorBid()),
        attrs.evolve(TAASH, name="round-hands-first", opening=HandsThenFloorRound()),
        attrs.evolve(STANDARD, name="open-floor", opening=OpenFloor()),
        attrs.evolve(TAASH_2P, name="bid-in-taash", opening=Opening.BID),
    ],
    ids=lambda variant: variant.name,
)
def test_every_accepted_opening_plays_a_deal_of_48_plays(variant: Variant) -> None:
    state = new_deal(variant, seed=5)
    while not state.is_over:
        moves = legal_moves(state)
        assert moves  # R3.3: never empty before the end
        state = apply_move(state, moves[state.plays % len(moves)])
    assert state.plays == 48  # R2.8

"""A custom opening is checked when its variant is made (R2.2 to R2.4, R2.7, R11.1).

Before the check, an opening with a bid that dealt the bidder no packet made
``new_deal`` redeal forever (every deal void, R2.3), and one with two floor
packets or sixteen cards to a seat failed with an ``IndexError`` mid-deal.
"""

from __future__ import annotations

import itertools
import random
import re

import attrs
import pytest

from seep import STANDARD, STANDARD_2P, TAASH, TAASH_2P, Throw, apply_move, legal_moves, new_deal
from seep.errors import VariantError
from seep.testing import api_test
from seep.variants import Opening, Variant
from variant_zoo import FloorFirstBid, HandsThenFloorBid, HandsThenFloorRound, OpenFloor


@attrs.frozen
class Packets:
    """An opening dealing ``packets`` before the first play, with or without a bid."""

    packets: object = (0, None)
    bids: bool = True
    builds_first: bool = False
    length: int = 1
    kind: type = bool

    def first_packets(self, players: int) -> object:
        return self.packets

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool:
        return self.kind(plays < self.length)  # type: ignore[no-any-return]


@attrs.frozen
class Round:
    """A house round (R11.2) of ``rounds`` rounds on ``packets``."""

    packets: tuple[int | None, ...]
    rounds: int = 1
    bids: bool = False
    builds_first: bool = True

    def first_packets(self, players: int) -> tuple[int | None, ...]:
        return self.packets

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool:
        return bid is None and plays < self.rounds * players


@attrs.frozen
class Again:
    """An opening of the first play that starts again at play 3."""

    bids: bool = False
    builds_first: bool = False

    def first_packets(self, players: int) -> tuple[int | None, ...]:
        return (0, None)

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool:
        return plays in (0, 3)


BASES = [STANDARD, STANDARD_2P]


@pytest.mark.parametrize("base", BASES, ids=lambda variant: variant.name)
def test_a_bid_opening_without_a_packet_for_the_bidder_is_refused_r2_3(base: Variant) -> None:
    with pytest.raises(VariantError, match=r"R2\.3, R2\.4: .*bidder \(seat 0\)") as raised:
        attrs.evolve(base, name="no-bidder-packet", opening=Packets((1, None)))
    assert raised.value.field == "Variant.opening"


def test_a_first_player_without_cards_is_refused_without_a_bid_too_r3_3() -> None:
    # The first play is the bidder's (seat 0 from the bidder) with or without a bid.
    with pytest.raises(VariantError, match=r"R3\.3: seat 0 .* makes 1 play .* dealt 0 cards"):
        attrs.evolve(STANDARD, name="no-first-cards", opening=Packets((1, None), bids=False))


def test_a_house_round_needs_a_packet_for_every_seat_r3_3() -> None:
    # R11.2: everyone plays once while the round lasts, on the cards dealt before it.
    with pytest.raises(VariantError, match=r"R3\.3: seat 2 .* makes 1 play .* \(4 plays\)"):
        attrs.evolve(TAASH, name="short-round", opening=Round((None, 0, 1, 3)))
    variant = attrs.evolve(TAASH, name="full-round", opening=Round((None, 3, 2, 1, 0)))
    assert new_deal(variant, seed=1).hands[1].mask != 0


def test_a_longer_round_needs_more_cards_r3_3() -> None:
    # Three rounds on one packet each: 3 plays each on 4 cards is fine, 5 rounds are not.
    attrs.evolve(TAASH, name="three-rounds", opening=Round((None, 0, 1, 2, 3), rounds=3))
    with pytest.raises(VariantError, match=r"seat 0 .* makes 5 plays .* \(20 plays\)"):
        attrs.evolve(TAASH, name="five-rounds", opening=Round((None, 0, 1, 2, 3), rounds=5))


def test_a_bid_opening_lasts_the_first_play_alone_r2_6() -> None:
    # Every play of a bid opening must use the bid (R2.6): a second one could have no move.
    with pytest.raises(VariantError, match=r"R2\.6, R2\.7: .* in_opening\(1, 9, 4\) is true"):
        attrs.evolve(STANDARD, name="long-bid", opening=Packets((0, 1, None), length=2))


def test_an_opening_that_does_not_last_the_first_play_is_refused() -> None:
    with pytest.raises(VariantError, match=r"at least the first play, in_opening\(0, None, 4\)"):
        attrs.evolve(STANDARD, name="no-opening", opening=Packets((0, None), bids=False, length=0))


def test_an_opening_that_starts_again_is_refused() -> None:
    with pytest.raises(VariantError, match=r"stays over, but in_opening\(3, None, 4\) is true"):
        attrs.evolve(STANDARD, name="again", opening=Again())


def test_in_opening_must_answer_a_bool() -> None:
    with pytest.raises(TypeError, match=r"in_opening\(0, None, 4\) must return a bool, got 1"):
        attrs.evolve(
            STANDARD, name="int-answer", opening=Packets((0, None), bids=False, length=1, kind=int)
        )


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


#: A house round (R11.2) on standard's rules, where a throw outside the round must
#: leave the floor alone (R8.2): the round's throws are of any card.
ROUND_ON_STANDARD = attrs.evolve(STANDARD_2P, name="round-on-standard", opening=Round((None, 0, 1)))


def test_a_house_round_throw_that_could_pick_up_is_read_back_from_views_r11_2() -> None:
    # In the round a player who cannot build throws any card (R11.2), even one
    # that could pick up (R8.2 holds after the round). A view's history with
    # such a throw is consistent, so resampling and api_test accept it.
    from seep.sampling import sample_state
    from seep.views import observe

    round_throws = 0
    for seed in range(40):
        state = new_deal(ROUND_ON_STANDARD, seed=seed)
        while state.plays < 2 and state.bid is None:  # the round: one play each, until a house
            moves = legal_moves(state)
            for move in moves:
                if type(move) is Throw and not _throwable_after_round(state, move):
                    round_throws += 1
                    after = apply_move(state, move)
                    for seat in range(2):
                        view = observe(after, seat)
                        assert observe(sample_state(view, random.Random(seed)), seat) == view
            state = apply_move(state, moves[-1])
    assert round_throws > 0  # the seeds do reach the case


def _throwable_after_round(state: object, move: object) -> bool:
    """Whether R8.2 would let ``move`` be thrown on ``state``'s floor outside the round."""

    value = move.card.value  # type: ignore[attr-defined]
    floor = state.loose  # type: ignore[attr-defined]
    for size in range(1, len(floor) + 1):
        for group in itertools.combinations(floor, size):
            if sum(card.value for card in group) == value:
                return False
    return value not in {house.value for house in state.houses}  # type: ignore[attr-defined]


def test_random_openings_are_refused_or_play_in_every_layer() -> None:
    # Seeded random openings: each is refused with a VariantError naming a
    # rule, or passes api_test (deals, moves, views resampled, documents).
    rng = random.Random(20261205)
    accepted = refused = 0
    for index in range(40):
        base = rng.choice([STANDARD, STANDARD_2P, TAASH, TAASH_2P])
        packets: list[int | None] = [
            rng.randrange(base.players) for _ in range(rng.randrange(2 * base.players + 1))
        ]
        packets.insert(rng.randrange(len(packets) + 1), None)
        bids = rng.random() < 0.5
        rounds = 0 if bids or rng.random() < 0.5 else 1
        opening: object = (
            Round(tuple(packets)) if rounds else Packets(tuple(packets), bids=bids, length=1)
        )
        try:
            variant = attrs.evolve(base, name=f"random-{index}", opening=opening)
        except VariantError as error:
            assert re.search(r"R\d+\.\d+", str(error)), error
            refused += 1
            continue
        accepted += 1
        api_test(variant, deals=1, seed=index, moves_per_state=4, adapters=False)
    assert accepted >= 8 and refused >= 8, (accepted, refused)


def test_a_capture_in_a_long_opening_without_a_house_round_loads_back() -> None:
    # An opening of four plays with no bid and no house round (every seat holds
    # four cards) is normal play: a pick-up in it is a state like any other,
    # not "a capture in the opening round" (R11.2 forbids those only in a round).
    from seep.serialization import state_from_dict, state_to_dict

    variant = attrs.evolve(
        STANDARD, name="four-open-plays", opening=Packets((0, 1, 2, 3, None), bids=False, length=4)
    )
    captured = 0
    for seed in range(30):
        state = new_deal(variant, seed=seed)
        while state.plays < 3:
            moves = legal_moves(state)
            state = apply_move(state, moves[0])  # a pick-up first, where there is one
            if any(state.piles):
                captured += 1
                assert state_from_dict(state_to_dict(state), variant=variant) == state
    assert captured > 0

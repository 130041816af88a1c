"""Sampling full states from one seat's view (seep.sampling).

A sample keeps the seat's hand and every public fact, deals the unseen cards
over the other hands, the stock and a face-down floor (R2.2), and meets the
public constraints: house owners hold the house's value (R3.2), the bidder
holds a 9 or more during the bid (R2.3) and the bid's value before play 1
(R2.4).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import islice

import attrs
import pytest

from seep import (
    CardSet,
    Phase,
    State,
    apply_move,
    count_legal_moves,
    iter_legal_moves,
    legal_moves,
    new_deal,
    parse_move,
    state_from_dict,
    state_to_dict,
)
from seep.history import Unknown
from seep.sampling import constraints, sample_state, sample_states
from seep.testing import position
from seep.views import View, observe, view_from_dict, view_to_dict

VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")
HIGH = CardSet.parse("9S 9H 9D 9C TS TH TD TC JS JH JD JC QS QH QD QC KS KH KD KC")


def random_game(variant: str, seed: int) -> Iterator[State]:
    """Every state of one deal played with random legal moves (seeded)."""
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed, dealer=rng.randrange(2))
    yield state
    while not state.is_over:
        index = rng.randrange(count_legal_moves(state))
        state = apply_move(state, next(islice(iter_legal_moves(state), index, None)))
        yield state


def check_sample(sample: State, view: View) -> None:
    """Everything a sample of ``view`` must satisfy."""
    seat = view.seat
    assert state_from_dict(state_to_dict(sample)) == sample  # fully valid (the JSON documents)
    assert observe(sample, seat) == view
    assert sample.hands[seat] == view.hand
    hidden = CardSet()
    for other, hand in enumerate(sample.hands):
        if other != seat:
            hidden |= hand
    hidden |= CardSet.of(sample.stock)
    if not sample.face_up:
        hidden |= sample.loose
    assert hidden == view.unseen
    for house in sample.houses:  # R3.2
        for owner in house.owners:
            assert sample.owner_holds_value(owner, house.value)
    if sample.phase is Phase.BID:  # R2.3
        assert sample.hands[sample.bidder] & HIGH
    if sample.variant.name.startswith("standard") and sample.plays == 0 and sample.bid:
        assert sample.owner_holds_value(sample.bidder, sample.bid)  # R2.4
    assert sample.is_over or legal_moves(sample)  # playable (R3.3)


@pytest.mark.parametrize("variant", VARIANTS)
def test_samples_are_valid_and_agree_with_the_view(variant: str) -> None:
    rng = random.Random(variant)
    views = 0
    for seed in range(3):
        for state in random_game(variant, seed):
            for seat in range(state.players):
                view = observe(state, seat)
                check_sample(sample_state(view, rng), view)
                views += 1
    assert views >= 3 * 49 * 2


@pytest.mark.parametrize("variant", VARIANTS)
def test_samples_of_views_with_houses(variant: str) -> None:
    """Many views with houses, from games that prefer building."""
    rng = random.Random(1)
    with_houses = 0
    for seed in range(5):
        game = random.Random(seed)
        state = new_deal(variant, seed=seed, dealer=seed % 2)
        while not state.is_over:
            moves = legal_moves(state)
            builds = [m for m in moves if type(m).__name__ in ("Build", "Raise")]
            state = apply_move(state, game.choice(builds or list(moves)))
            if state.houses:
                with_houses += 1
                for seat in range(state.players):
                    view = observe(state, seat)
                    check_sample(sample_state(view, rng), view)
    assert with_houses > 40


def test_the_bidder_holds_a_high_card_during_the_bid() -> None:
    rng = random.Random(0)
    for seed in range(20):
        state = new_deal("standard", seed=seed, dealer=seed % 4)
        for seat in range(4):
            view = observe(state, seat)
            sample = sample_state(view, rng)
            check_sample(sample, view)
            assert not sample.face_up and len(sample.loose) == 4
            if seat != state.bidder:
                assert constraints(view) == ((state.bidder, view.unseen & HIGH),)


def test_the_bidder_holds_the_bid_value_before_play_one() -> None:
    state = apply_move(new_deal("standard-2p", seed=10, dealer=0), parse_move("bid 12"))
    view = observe(state, 0)  # the dealer sees nothing of the bidder's 4 cards
    assert view.hand_counts == (0, 4)
    for sample in sample_states(view, random.Random(2), 200):
        assert sample.owner_holds_value(1, 12)
        check_sample(sample, view)


def test_bidder_view_redeals_the_face_down_floor() -> None:
    state = new_deal("standard", seed=10)
    view = observe(state, 1)
    floors = {sample_state(view, random.Random(k)).loose for k in range(30)}
    assert len(floors) > 20  # the bidder does not know the floor (R2.2)
    assert all(len(floor) == 4 and floor <= view.unseen for floor in floors)


# --- reproducibility ----------------------------------------------------------


def test_same_seed_same_sample() -> None:
    for variant in VARIANTS:
        for state in islice(random_game(variant, 4), 0, None, 6):
            for seat in range(state.players):
                view = observe(state, seat)
                first = sample_state(view, random.Random(99))
                assert sample_state(view, random.Random(99)) == first
                assert first.stock == sample_state(view, random.Random(99)).stock
                reloaded = view_from_dict(view_to_dict(view))
                assert sample_state(reloaded, random.Random(99)) == first
                assert list(sample_states(view, random.Random(5), 3)) == list(
                    sample_states(view, random.Random(5), 3)
                )


def test_different_seeds_differ() -> None:
    view = observe(new_deal("standard", seed=3), 0)
    samples = {sample_state(view, random.Random(k)) for k in range(20)}
    assert len(samples) == 20


def test_sample_states_count_and_arguments() -> None:
    view = observe(new_deal("taash", seed=1), 2)
    assert list(sample_states(view, random.Random(0), 0)) == []
    assert len(list(sample_states(view, random.Random(0), 4))) == 4
    with pytest.raises(ValueError):
        list(sample_states(view, random.Random(0), -1))
    with pytest.raises(ValueError):
        sample_state(view, random.Random(0), max_proposals=-1)


# --- uniformity ---------------------------------------------------------------


def test_unconstrained_samples_are_roughly_uniform() -> None:
    """Taash before play 1: no constraints; each unseen card is in each place with the
    place's share of the unseen cards (4/44 per other hand, 32/44 the stock)."""
    state = new_deal("taash", seed=21)
    view = observe(state, 0)
    assert constraints(view) == ()
    unseen = list(view.unseen)
    assert len(unseen) == 44
    shares = {1: 4 / 44, 2: 4 / 44, 3: 4 / 44, "stock": 32 / 44}
    n = 3000
    counts: Counter[tuple[object, object]] = Counter()
    first_of_stock: Counter[object] = Counter()
    rng = random.Random(2024)
    for sample in sample_states(view, rng, n):
        for seat in (1, 2, 3):
            for card in sample.hands[seat]:
                counts[card, seat] += 1
        for card in sample.stock:
            counts[card, "stock"] += 1
        first_of_stock[sample.stock[0]] += 1
    chi2 = 0.0
    for card in unseen:
        for place, share in shares.items():
            expected = n * share
            observed = counts[card, place]
            # Each cell within 5 standard deviations ...
            assert abs(observed - expected) < 5 * (expected * (1 - share)) ** 0.5, (card, place)
            chi2 += (observed - expected) ** 2 / expected
    # ... and the total near its 132 degrees of freedom (44 cards x 3).
    assert chi2 < 2 * 132
    # The stock order is random too: each unseen card comes first about n/44 times.
    assert len(first_of_stock) == 44
    assert max(first_of_stock.values()) < 3 * n / 44


def test_constrained_samples_follow_the_conditional_distribution() -> None:
    """Seat 1 owns a house of 9 and two nines are unseen: exactly the consistent deals.

    Seat 1 holds 2 of the 6 unseen cards (seats 1 to 3 hold 2 each). Among deals where
    seat 1 has a nine, it has both with probability C(2,2) / (C(6,2) - C(4,2)) = 1/9.
    """
    state = position(
        hand="9S 4H", loose="5C", houses=[(9, "4S 5H", [1])], hands={1: "9H 2C", 2: "9D 3C"}
    )
    view = observe(state, 0)
    nines = view.unseen & CardSet.parse("9S 9H 9D 9C")
    assert len(view.unseen) == 6 and len(nines) == 2
    n = 4000
    both = sum(
        len(sample.hands[1] & nines) == 2 for sample in sample_states(view, random.Random(6), n)
    )
    assert abs(both / n - 1 / 9) < 0.025


# --- the fallback -------------------------------------------------------------


def _lone_king_view() -> tuple[State, View]:
    """Two players; seat 0 holds one card and owns a house of 13; 25 cards unseen by seat 1.

    Only one king is unseen (the others are in piles), so a uniform deal gives it to seat 0
    once in 25 tries.
    """
    state = position(
        "standard-2p", hand="2H", to_move=1, hands={0: "KS"}, houses=[(13, "6S 7S", [0])]
    )
    view = observe(state, 1)
    assert view.hand_counts == (1, 1) and view.stock_count == 24
    assert constraints(view) == ((0, CardSet.parse("KS")),)
    return state, view


@pytest.mark.parametrize("max_proposals", [0, 1, 3, 1000])
def test_a_lone_required_card_is_always_placed(max_proposals: int) -> None:
    _, view = _lone_king_view()
    rng = random.Random(max_proposals)
    for sample in sample_states(view, rng, 60, max_proposals=max_proposals):
        check_sample(sample, view)
        assert sample.hands[0] == CardSet.parse("KS")


def test_fallback_places_one_card_per_owner_with_competing_owners() -> None:
    # Seats 1 and 3 co-own a house of 13 (R6.3); the only unseen kings are in their hands.
    state = position(hand="9S 4H", houses=[(13, "6S 7S KH", [1, 3])])
    view = observe(state, 0)
    kings = view.unseen & CardSet.parse("KS KH KD KC")
    assert len(kings) == 2
    seen = Counter()
    for sample in sample_states(view, random.Random(8), 200, max_proposals=0):
        check_sample(sample, view)
        assert len(sample.hands[1] & kings) == 1 and len(sample.hands[3] & kings) == 1
        seen[next(iter(sample.hands[1] & kings))] += 1
    assert set(seen) == set(kings)  # which king goes where is chosen at random
    assert min(seen.values()) > 60


def test_fallback_alone_is_valid_on_random_views() -> None:
    rng = random.Random(3)
    for variant in VARIANTS:
        for state in islice(random_game(variant, 8), 0, None, 3):
            for seat in range(state.players):
                view = observe(state, seat)
                unknown = attrs.evolve(view, history=(Unknown(view.plays),))
                check_sample(sample_state(unknown, rng, max_proposals=0), unknown)


# --- inconsistent views --------------------------------------------------------


def test_inconsistent_views_are_refused() -> None:
    _, view = _lone_king_view()
    with pytest.raises(ValueError, match="stock"):
        sample_state(attrs.evolve(view, stock_count=23), random.Random(0))
    # A card made public without leaving a hidden place: one card too few is unseen.
    with pytest.raises(ValueError, match="hidden places"):
        sample_state(
            attrs.evolve(view, piles=(view.piles[0] | CardSet.parse("AS"), view.piles[1])),
            random.Random(0),
        )
    # Nobody can hold a king of the house if the only unseen one is made public
    # (and a pile card is hidden in its place).
    king_in_pile = attrs.evolve(
        view, piles=(view.piles[0] - CardSet.parse("7C") | CardSet.parse("KS"), view.piles[1])
    )
    with pytest.raises(ValueError, match="no deal"):
        sample_state(king_in_pile, random.Random(0))
    # The seat's own hand must meet its own constraints.
    mine = attrs.evolve(view, houses=(attrs.evolve(view.houses[0], owners=(1,)),))
    with pytest.raises(ValueError, match="must hold"):
        sample_state(mine, random.Random(0))


def test_an_int_seed_samples_as_a_random_of_that_seed() -> None:
    """``sample_state(view, 1)`` was an AttributeError about ``randrange``."""
    from seep.sampling import sample_deal

    view = observe(new_deal("standard", seed=6), 2)
    assert sample_state(view, 1) == sample_state(view, random.Random(1))
    assert sample_deal(view, 1) == sample_deal(view, random.Random(1))
    assert list(sample_states(view, 4, 2)) == list(sample_states(view, random.Random(4), 2))


@pytest.mark.parametrize("rng", [None, 1.5, True, [1]])
def test_an_rng_that_is_no_seed_is_named_with_what_to_pass(rng: object) -> None:
    from seep.sampling import sample_deal

    view = observe(new_deal("standard", seed=6), 2)
    for sample in (sample_state, sample_deal):
        with pytest.raises(TypeError, match=r"rng: expected a random.Random or a seed"):
            sample(view, rng)  # type: ignore[arg-type]

"""Custom openings and dealing rules, defined only through the public protocols, in every layer.

The rule classes live in the zoo of custom variants (``variant_zoo``),
whose every variant passes ``api_test`` (``test_variant_zoo``). Here the
layers that used to assume the bidder's packet comes first are checked
directly (R2.2, R2.3, R2.4, R11.1, R11.2, R12).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from seep import Phase, Variant, apply_move, legal_moves, new_deal
from seep.baazi import apply_baazi_move, new_baazi
from seep.cards import ALL_CARDS, Card, CardSet
from seep.chance import InitialDeal, initial_recipients, start_deal
from seep.records import deck_of
from seep.sampling import sample_deal
from seep.views import observe
from variant_zoo import FLOOR_FIRST, FLOOR_FIRST_2P, FLOOR_FIRST_WINNER_DEALS


def test_r2_2_a_floor_first_opening_deals_the_floor_from_the_top_of_the_deck() -> None:
    deck = list(CardSet.parse("AS AH AD AC")) + list(CardSet.parse("KS 2H 3D 4C"))
    rest = [card for card in ALL_CARDS if card not in deck]
    state = new_deal(FLOOR_FIRST, deck=[*deck, *rest], dealer=0)
    assert str(state.loose) == "AS AH AD AC" and str(state.hands[1]) == "2H 3D 4C KS"
    assert state.phase is Phase.BID and not state.face_up
    assert new_deal(FLOOR_FIRST, deck=deck_of(state), dealer=0) == state
    assert initial_recipients(FLOOR_FIRST, 0) == (None,) * 4 + (1,) * 4


@pytest.mark.parametrize("variant", [FLOOR_FIRST, FLOOR_FIRST_2P], ids=lambda v: v.name)
def test_r2_3_sampling_every_seat_of_a_floor_first_deal_finds_a_consistent_deal(
    variant: Variant,
) -> None:
    rng = random.Random(3)
    for seed in range(4):
        state = new_deal(variant, seed=seed, dealer=seed % variant.players)
        for _ in range(3):  # before the bid, after it, after the first play
            for seat in range(variant.players):
                view = observe(state, seat)
                deal = sample_deal(view, rng, max_proposals=5000)
                replayed = new_deal(variant, deck=deal.deck, dealer=deal.dealer)
                for move in deal.moves:
                    replayed = apply_move(replayed, move)
                assert observe(replayed, seat) == view
                # R2.3, R2.4: the bidder's cards, dealt after the floor, hold a 9 or more and the bid.
                bid_hand = {card.value for card in deal.deck[4:8]}
                assert max(bid_hand) >= 9
                assert replayed.bid is None or replayed.bid in bid_hand
            state = apply_move(state, rng.choice(legal_moves(state)))


def test_r2_3_the_chance_deal_of_a_floor_first_opening_leaves_the_floor_open() -> None:
    node = start_deal(FLOOR_FIRST, dealer=0)
    for text in ("2S", "3H", "4D"):
        result = node.deal(Card.parse(text))
        assert isinstance(result, InitialDeal)
        node = result
    outcomes = dict(node.outcomes())
    assert len(outcomes) == 49  # any card may be the fourth floor card
    # A low floor card leaves the bidder more high cards: a little likelier (R2.3).
    assert outcomes[Card.parse("5S")] > outcomes[Card.parse("KS")]
    for text in ("5S", "6H", "7D", "8C"):  # the floor, then three low cards to the bidder
        result = node.deal(Card.parse(text))
        assert isinstance(result, InitialDeal)
        node = result
    last = node.outcomes()
    assert node.recipient == 1 and min(card.value for card, _ in last) == 9  # R2.3
    assert all(chance == Fraction(1, len(last)) for _, chance in last)


def test_r10_4_a_custom_dealer_rule_names_the_dealers_of_a_match() -> None:
    match = new_baazi(FLOOR_FIRST_WINNER_DEALS, seed=4, first_dealer=1)
    rng = random.Random(4)
    while not match.is_over:
        match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    rows = match.sheet
    assert len(rows) > 1
    for before, after in itertools.pairwise(rows):
        expected = (before.dealer + 1) % 4 if before.lead > 0 else before.dealer
        assert after.dealer == expected

"""Openings and dealer rules as rule objects a user defines (R2, R10.4, R11.1, R11.2, R11.6, R12)."""

from __future__ import annotations

import random

import attrs

from seep import STANDARD, Phase, apply_move, legal_moves, new_deal
from seep.baazi import apply_baazi_move, new_baazi
from seep.records import deck_of
from seep.testing import api_test
from seep.variants import DealerRule, DealingRule, Opening, OpeningRule
from variant_zoo import OpenFloor


@attrs.frozen
class DealerKeeps:
    """A house rule: the same seat deals every deal of the match and of the next."""

    rule: str = "R12"

    def next_dealer(self, dealer: int, lead: int, players: int) -> int:
        return dealer

    def first_dealer_of_next_match(self, dealer: int, lead: int, players: int) -> int:
        return dealer


OPEN_FLOOR = attrs.evolve(STANDARD, name="open-floor", opening=OpenFloor())
DEALER_KEEPS = attrs.evolve(STANDARD, name="dealer-keeps", dealer_rule=DealerKeeps())


def test_r12_the_built_in_rules_meet_their_protocols() -> None:
    assert isinstance(Opening.BID, OpeningRule) and isinstance(Opening.HOUSE_ROUND, OpeningRule)
    assert isinstance(DealerRule.LOSER_DEALS, DealingRule)
    assert isinstance(DealerRule.ROTATE, DealingRule)
    assert isinstance(OpenFloor(), OpeningRule) and isinstance(DealerKeeps(), DealingRule)


def test_r12_a_user_defined_opening_deals_by_its_packets() -> None:
    state = new_deal(OPEN_FLOOR, seed=3, dealer=0)
    assert state.phase is Phase.PLAY and state.face_up and state.bid is None
    assert len(state.hands[1]) == 4 and not any(state.hands[s] for s in (0, 2, 3))
    assert len(state.loose) == 4 and len(state.stock) == 44
    # No bid and no first-play duty: every card of the bidder has moves.
    cards = {move.card for move in legal_moves(state)}  # type: ignore[union-attr]
    assert cards == set(state.hands[1])
    # The deck that deals a start comes from the same packets.
    assert new_deal(OPEN_FLOOR, dealer=0, deck=deck_of(state)) == state


def test_r12_a_user_defined_opening_deals_the_rest_after_the_first_play() -> None:
    state = new_deal(OPEN_FLOOR, seed=3, dealer=0)
    after = apply_move(state, legal_moves(state)[0])
    assert [len(hand) for hand in after.hands] == [12, 11, 12, 12]  # R2.7 with the new opening
    assert not after.stock


def test_r12_a_user_defined_opening_passes_api_test() -> None:
    report = api_test(OPEN_FLOOR, deals=2, seed=1)
    assert report.deals == 2 and report.plays == 96


def test_r12_a_user_defined_dealer_rule_passes_api_test_and_names_the_dealer() -> None:
    assert api_test(DEALER_KEEPS, deals=1, seed=2).plays == 48
    match = new_baazi(DEALER_KEEPS, seed=4, first_dealer=2)
    rng = random.Random(4)
    while not match.is_over:
        match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    assert len(match.sheet) > 1
    assert {row.dealer for row in match.sheet} == {2}


def test_r10_4_and_r11_6_the_built_in_dealer_rules_name_their_rule() -> None:
    assert DealerRule.LOSER_DEALS.rule == "R10.4"
    assert DealerRule.ROTATE.rule == "R11.6"
    assert DealerRule.ROTATE.next_dealer(3, lead=0, players=4) == 0

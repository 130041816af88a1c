"""R10: the baazi, its running lead, the under-9 rule, who deals, and the next baazi."""

from __future__ import annotations

import json
import random

import pytest

from seep import (
    Baazi,
    DealRecord,
    State,
    Take,
    Throw,
    apply_baazi_move,
    baazi_from_dict,
    baazi_to_dict,
    get_variant,
    legal_moves,
    new_baazi,
    next_baazi,
)
from seep.errors import RecordError
from seep.testing import position
from seep.variants import DealerRule, LeadMatch, Standing

LOSER_DEALS = DealerRule.LOSER_DEALS


def play_out(match: Baazi, seed: int) -> Baazi:
    rng = random.Random(seed)
    while not match.is_over:
        match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    return match


def expected_next_dealer(dealer: int, lead: int, players: int) -> int:
    """R10.4 by hand: the dealer's team ahead on the running lead passes the deal on."""
    dealer_team_lead = lead if dealer % 2 == 0 else -lead
    return (dealer + 1) % players if dealer_team_lead > 0 else dealer


# --- R10.1 ------------------------------------------------------------------


def test_r10_1_urdu_example_lead_28_then_10() -> None:
    """R10.1: 64-36 without seeps makes a lead of 28; the other team winning the next deal by 18 leaves 10."""
    rule = LeadMatch()
    first = rule.after_deal(Standing(), (64, 36))
    assert first.lead == 28
    assert not first.over and first.deals == 1
    second = rule.after_deal(first, (41, 59))
    assert second.lead == 10
    assert not second.over and second.deals == 2


# --- R10.2, R10.6 -------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "totals", "winner"),
    [(80, (60, 40), 0), (-80, (40, 60), 1), (70, (100, 0), 0), (-30, (2, 82), 1)],
)
def test_r10_2_a_lead_of_100_or_more_wins(lead: int, totals: tuple[int, int], winner: int) -> None:
    """R10.2: the baazi ends when a team leads by 100 or more, and that team wins."""
    after = LeadMatch().after_deal(Standing(deals=3, lead=lead), totals)
    assert after.over
    assert after.winner == winner


def test_r10_2_a_lead_of_99_goes_on() -> None:
    """R10.2: a lead of 99 does not end the baazi."""
    after = LeadMatch().after_deal(Standing(deals=2, lead=79), (60, 40))
    assert after.lead == 99
    assert not after.over and after.winner is None


def test_r10_6_a_total_of_100_is_not_a_win() -> None:
    """R10.6: team 0 has scored 115 in all, but its lead is only 30: the baazi goes on."""
    rule = LeadMatch()
    standing = rule.after_deal(Standing(), (60, 40))
    standing = rule.after_deal(standing, (55, 45))
    assert standing.lead == 30
    assert not standing.over


# --- R10.3 ------------------------------------------------------------------


def test_r10_3_under_9_loses_even_with_the_lead_in_its_favour() -> None:
    """R10.3: team 0 scores 8 and loses at once although it still leads by 4."""
    after = LeadMatch().after_deal(Standing(deals=4, lead=88), (8, 92))
    assert after.lead == 4
    assert after.over
    assert after.winner == 1
    assert "R10.3" in after.reason


def test_r10_3_nine_is_not_under_9() -> None:
    """R10.3: a deal score of exactly 9 is not below 9."""
    after = LeadMatch().after_deal(Standing(), (9, 91))
    assert not after.over


def test_r10_3_both_under_9_the_lower_loses() -> None:
    """R10.3: both teams below 9 (cards left unscored): the lower one loses, whatever the lead."""
    after = LeadMatch().after_deal(Standing(deals=1, lead=-95), (5, 0))
    assert after.lead == -90  # team 1 still leads
    assert after.over and after.winner == 0


def test_r10_3_both_under_9_and_equal_has_no_effect() -> None:
    """R10.3: both teams below 9 with equal scores: no effect."""
    after = LeadMatch().after_deal(Standing(deals=1, lead=20), (4, 4))
    assert not after.over
    assert after.lead == 20


def endgame(loose: str) -> State:
    """Play 47 of 48: seat 0 holds 9H, seat 1 holds 2C; team 0 has captured AH 3C (1 point)."""
    return position(
        "standard",
        hand="9H",
        to_move=0,
        hands={1: "2C"},
        loose=loose,
        plays=46,
        piles=["AH 3C", ""],
        last_capture=1,
    )


def match_from(state: State, standing: Standing) -> Baazi:
    return Baazi(
        variant=get_variant("standard"),
        seed=7,
        first_dealer=state.dealer,
        deals=(DealRecord(start=state, moves=(), state=state),),
        sheet=(),
        standing=standing,
    )


def test_r10_3_seep_bonuses_count_toward_the_9() -> None:
    """R10.3: 1 card point plus a 50-point seep is 51, not below 9: the baazi goes on."""
    state = endgame("4H 5H")
    assert state.dealer == 1
    match = match_from(state, Standing())
    match = apply_baazi_move(match, Take(card="9H", loose="4H 5H"))  # seep at play 47
    match = apply_baazi_move(match, Throw(card="2C"))
    row = match.sheet[-1]
    assert row.cards == (1, 99)
    assert row.seeps == (50, 0)
    assert row.totals == (51, 99)
    assert row.lead == -48
    assert not match.is_over
    # R10.4: the dealer (seat 1, team 1) is ahead, so the deal passes to seat 2.
    assert match.state.dealer == 2 and match.state.plays == 0


def test_r10_3_under_9_in_a_real_deal_loses_though_leading() -> None:
    """R10.3: team 0 scores 1 with no seep and loses, though the running lead stays in its favour."""
    state = endgame("4H 5H 7C")
    match = match_from(state, Standing(deals=3, lead=99))
    match = apply_baazi_move(match, Take(card="9H", loose="4H 5H"))  # 7C stays: no seep
    assert match.state.seeps == ()
    match = apply_baazi_move(match, Throw(card="2C"))
    row = match.sheet[-1]
    assert row.totals == (1, 99)
    assert row.lead == 1
    assert match.is_over
    assert match.winner == 1
    assert "R10.3" in match.reason


# --- R10.4 ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "lead", "players", "following"),
    [
        (0, -5, 4, 0),  # team 0 behind: deals again
        (0, 0, 4, 0),  # level: deals again
        (0, 5, 4, 1),  # team 0 ahead: passes
        (1, 5, 4, 1),  # team 1 behind
        (1, 0, 4, 1),
        (1, -5, 4, 2),  # team 1 ahead
        (3, -1, 4, 0),  # wraps round to seat 0
        (0, 3, 2, 1),
        (1, 3, 2, 1),
        (1, -3, 2, 0),
    ],
)
def test_r10_4_dealer_stays_while_behind_or_level(
    dealer: int, lead: int, players: int, following: int
) -> None:
    """R10.4: the dealer deals again while their team is behind or level, the next seat once it is ahead."""
    assert LOSER_DEALS.next_dealer(dealer, lead, players) == following


@pytest.mark.parametrize(
    ("variant", "seed"), [("standard", 3), ("standard", 11), ("standard-2p", 5)]
)
def test_r10_4_dealers_on_a_real_score_sheet(variant: str, seed: int) -> None:
    """R10.4: on a played baazi, each deal's dealer follows from the previous row of the sheet."""
    match = play_out(new_baazi(variant, seed=seed, first_dealer=0), seed)
    players = match.variant.players
    assert match.sheet[0].dealer == 0
    for before, after in zip(match.sheet, match.sheet[1:], strict=False):
        assert after.dealer == expected_next_dealer(before.dealer, before.lead, players)
    for record, row in zip(match.deals, match.sheet, strict=True):
        assert record.start.dealer == row.dealer


def test_r10_4_sheet_shows_both_staying_and_passing() -> None:
    """R10.4: over a few played baazis the dealer both deals again (behind or level) and passes (ahead)."""
    stayed = passed = 0
    for seed in (3, 11, 17):
        match = play_out(new_baazi("standard", seed=seed), seed)
        for before, after in zip(match.sheet, match.sheet[1:], strict=False):
            if after.dealer == before.dealer:
                stayed += 1
            else:
                passed += 1
    assert stayed and passed


# --- R10.5 ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "lead", "players", "first"),
    [
        (1, -120, 4, 0),  # team 1 ahead: seat 2 would deal next, its partner 0 starts
        (1, 120, 4, 3),  # team 1 behind: seat 1 would deal again, its partner 3 starts
        (2, -100, 4, 0),  # team 0 behind: 2 again, partner 0
        (3, -104, 4, 2),  # team 1 ahead: 0 next, partner 2
        (1, -100, 2, 0),  # two players: the seat that would deal next
        (1, 100, 2, 1),
    ],
)
def test_r10_5_partner_of_next_dealer_starts_the_new_baazi(
    dealer: int, lead: int, players: int, first: int
) -> None:
    """R10.5: the new baazi is dealt first by the partner of who would have dealt next; two players: that seat."""
    assert LOSER_DEALS.first_dealer_of_next_match(dealer, lead, players) == first


@pytest.mark.parametrize(("variant", "seed"), [("standard", 3), ("standard-2p", 5)])
def test_r10_5_next_baazi_after_a_played_one(variant: str, seed: int) -> None:
    """R10.5: next_baazi starts with the partner (two players: the seat itself) of who would deal next."""
    match = play_out(new_baazi(variant, seed=seed), seed)
    last = match.sheet[-1]
    players = match.variant.players
    following = expected_next_dealer(last.dealer, last.lead, players)
    expected = (following + 2) % 4 if players == 4 else following
    fresh = next_baazi(match, seed=1)
    assert fresh.first_dealer == expected
    assert fresh.state.dealer == expected
    assert fresh.sheet == () and fresh.lead == 0


# --- the sheet as JSON --------------------------------------------------------


def test_r10_baazi_json_round_trip_and_bad_move_named() -> None:
    """R10, JSON documents: a played baazi survives JSON; a corrupted move is named by its place."""
    match = play_out(new_baazi("standard", seed=3), 3)
    doc = json.loads(json.dumps(baazi_to_dict(match)))
    assert baazi_from_dict(doc) == match
    doc["deals"][0]["moves"][5] = "throw ZZ"
    with pytest.raises(RecordError) as info:  # as in a game record
        baazi_from_dict(doc)
    assert info.value.field == "deals[0].moves[5]"

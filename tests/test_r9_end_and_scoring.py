"""R9: the end of a deal (sweeping the floor) and the deal score."""

from __future__ import annotations

import attrs
import pytest

from rulebook import moves
from seep import (
    CardSet,
    IllegalMoveError,
    Phase,
    TeamScore,
    apply_move,
    deal_score,
    legal_moves,
    new_deal,
    parse_move,
)
from seep.testing import position


def play_out(state, pick=0):
    """Play a deal to its end, always choosing legal move number ``pick`` (mod count)."""
    count = 0
    while not state.is_over:
        options = legal_moves(state)
        state = apply_move(state, options[pick % len(options)])
        count += 1
    return state, count


# R9.1 ---------------------------------------------------------------------------


def test_r9_1_deal_ends_when_the_last_card_is_played():
    """R9.1: the 48th play ends the deal: phase over, nobody to move."""
    state = position(hand="KS", loose="QH AC", plays=47)
    assert state.phase is Phase.PLAY
    assert moves(state) == {"take KS AC QH"}
    after = apply_move(state, parse_move("take KS AC QH"))
    assert after.plays == 48
    assert after.phase is Phase.OVER
    assert after.is_over
    assert after.to_move is None
    assert all(not hand for hand in after.hands)
    assert after.stock == ()


def test_r9_1_no_moves_after_the_deal_is_over():
    """R9.1: a finished deal has no legal move and refuses any move."""
    state = position(hand="KS", loose="QH AC", plays=47)
    after = apply_move(state, parse_move("take KS AC QH"))
    assert legal_moves(after) == ()
    with pytest.raises(IllegalMoveError) as info:
        apply_move(after, parse_move("throw KS"))
    assert info.value.rule == "R9.1"


def test_r9_1_deal_is_not_over_before_the_last_card():
    """R9.1: with one card still in another hand the deal goes on."""
    state = position(hand="9S", hands={1: "2H"}, loose="KD", plays=46)
    after = apply_move(state, parse_move("throw 9S"))
    assert after.phase is Phase.PLAY
    assert after.to_move == 1
    assert after.loose == CardSet.of("9S KD")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r9_1_seeded_deal_ends_after_48_plays(seed):
    """R9.1, R2.8: a whole four-player deal is one bid and 48 plays."""
    state, count = play_out(new_deal("standard", seed=seed), pick=seed)
    assert count == 49  # the bid plus 48 plays
    assert state.plays == 48
    assert state.phase is Phase.OVER
    assert state.to_move is None


# R9.2 ---------------------------------------------------------------------------


def test_r9_2_floor_goes_to_the_last_capturers_team():
    """R9.2: the last card is thrown; the whole floor goes to team 1, who captured last."""
    state = position(hand="KS", loose="2H 3D", plays=47, piles=["AS TD", ""], last_capture=1)
    assert moves(state) == {"throw KS"}
    after = apply_move(state, parse_move("throw KS"))
    assert after.loose == CardSet()
    assert after.houses == ()
    assert after.piles[0] == CardSet.of("AS TD")
    assert after.piles[1] == state.piles[1] | CardSet.of("2H 3D KS")
    assert after.last_capture == 1


def test_r9_2_floor_goes_to_last_capturers_team_even_if_partner_of_player():
    """R9.2: seat 0 throws last, seat 2 captured last: team 0 gets the floor."""
    state = position(hand="KS", loose="2H 3D", plays=47, piles=["", "AS TD"], last_capture=2)
    after = apply_move(state, parse_move("throw KS"))
    assert after.piles[1] == CardSet.of("AS TD")
    assert after.piles[0] == state.piles[0] | CardSet.of("2H 3D KS")


def test_r9_2_cards_left_by_the_last_pick_up_go_to_the_taker():
    """R9.2: the last play takes K = Q + A and leaves a 5, which goes to the taker's team."""
    state = position(hand="KS", loose="QH AC 5D", plays=47, last_capture=3)
    assert moves(state) == {"take KS AC QH"}
    after = apply_move(state, parse_move("take KS AC QH"))
    assert after.last_capture == 0
    assert CardSet.of("KS QH AC 5D") <= after.piles[0]
    assert after.loose == CardSet()


def test_r9_2_sweeping_the_floor_is_not_a_seep():
    """R9.2: the end-of-deal sweep records no seep."""
    state = position(hand="KS", loose="2H 3D", plays=47, piles=["AS TD", ""], last_capture=1)
    after = apply_move(state, parse_move("throw KS"))
    assert after.seeps == ()
    assert deal_score(after).teams[1].seeps == 0
    taken = position(hand="KS", loose="QH AC 5D", plays=47, last_capture=3)
    after = apply_move(taken, parse_move("take KS AC QH"))
    assert after.seeps == ()


def test_r9_2_finished_state_has_every_card_in_the_piles():
    """R9.2: in the finished state the floor is empty and the piles hold all 52 cards."""
    state = position(hand="KS", loose="2H 3D", plays=47, piles=["AS TD", ""], last_capture=1)
    after = apply_move(state, parse_move("throw KS"))
    assert len(after.piles[0]) + len(after.piles[1]) == 52
    assert after.floor_cards == CardSet()


def test_r9_2_nobody_captured_leaves_the_cards_on_the_floor():
    """R9.2 (Decision): with no last capturer the floor stays and scores nothing."""
    reached = position(hand="2C", loose="KH", plays=47)
    # Unreachable in the standard game, so build the state by hand (unchecked):
    # nobody has captured, the piles are empty.
    state = attrs.evolve(reached, piles=(CardSet(), CardSet()), last_capture=None)
    after = apply_move(state, parse_move("throw 2C"))
    assert after.phase is Phase.OVER
    assert after.to_move is None
    assert after.loose == CardSet.of("2C KH")
    assert after.piles == (CardSet(), CardSet())
    assert after.last_capture is None
    assert deal_score(after).totals == (0, 0)


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_r9_2_seeded_deal_ends_with_an_empty_floor(seed):
    """R9.2: at the end of a played-out deal no loose card or house is left."""
    state, _ = play_out(new_deal("standard", seed=seed), pick=seed + 1)
    assert state.last_capture is not None
    assert state.loose == CardSet()
    assert state.houses == ()
    assert sum(len(pile) for pile in state.piles) == 52


# R9.3 ---------------------------------------------------------------------------


def test_r9_3_card_points_follow_the_r1_2_table():
    """R9.3, R1.2: spades score their value, other aces 1, TD 6, the rest 0."""
    # team 0: KS 13 + QS 12 + AH AD AC 3 + TD 6 + 9D 0 = 34
    # team 1: the rest of the spades, AS..JS = 66, and nothing else that scores
    state = position(hand="2C", plays=47, piles=["KS QS AH AD AC TD 9D", ""], last_capture=1)
    score = deal_score(state)
    assert score.teams[0].cards == 34
    assert score.teams[1].cards == 66
    after = apply_move(state, parse_move("throw 2C"))
    final = deal_score(after)
    assert final.teams == (
        TeamScore(cards=34, seeps=0, total=34),
        TeamScore(cards=66, seeps=0, total=66),
    )


def test_r9_3_seep_bonus_is_kept_apart_from_card_points():
    """R9.3: a seep at play 47 is worth 50 and shows apart from card points."""
    # team 0 starts with AS 2S 3S TD AH = 13 points.
    state = position(
        hand="9S", hands={1: "2H"}, loose="4C 5D", plays=46, piles=["AS 2S 3S TD AH", ""]
    )
    after_seep = apply_move(state, parse_move("take 9S 4C 5D"))
    assert [(s.seat, s.play, s.points) for s in after_seep.seeps] == [(0, 47, 50)]
    final = apply_move(after_seep, parse_move("throw 2H"))
    assert final.is_over
    # the thrown 2H goes to team 0 (seat 0 captured last)
    assert CardSet.of("9S 4C 5D 2H") <= final.piles[0]
    # team 0: 13 + 9S = 22 card points; team 1: 4S..KS without 9S = 76, AD AC = 2
    score = deal_score(final)
    assert score.teams[0] == TeamScore(cards=22, seeps=50, total=72)
    assert score.teams[1] == TeamScore(cards=78, seeps=0, total=78)
    assert score.totals == (72, 78)


@pytest.mark.parametrize("seed", [7, 8, 9, 10])
def test_r9_3_card_points_of_a_whole_deal_sum_to_100(seed):
    """R9.3, R1.2: card points over both teams are 100; totals add the seeps."""
    state, _ = play_out(new_deal("standard", seed=seed), pick=2 * seed)
    score = deal_score(state)
    assert sum(team.cards for team in score.teams) == 100
    seep_points = [0, 0]
    for seep in state.seeps:
        seep_points[seep.seat % 2] += seep.points
    for team, expected in zip(score.teams, seep_points, strict=True):
        assert team.seeps == expected
        assert team.total == team.cards + team.seeps

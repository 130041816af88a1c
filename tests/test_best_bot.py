"""BestBot (``make_bot("best")``): legal, deterministic given its seed, finishes deals, travels.

Its strength is measured by ``benchmarks/strength.py`` (see the Bots page),
not here: these are the smoke tests.
"""

from __future__ import annotations

import pickle
import random

import pytest

from seep import State, Variant, apply_move, legal_moves, new_deal
from seep._players.best import (
    _best_known,
    _house_gain,
    _is_known,
    _look,
    _plays_left,
    _policy,
    _static,
)
from seep.bots import BestBot, GreedyBot, make_bot, play_deal
from seep.moves import Build, Throw
from seep.solver import solve
from seep.testing import position
from seep.views import observe
from variant_zoo import COMBINED, HEARTS, registered

# Small budgets: these tests check behaviour, not strength.
FAST = {"samples": 3, "width": 4}


def _after(variant: str | Variant, seed: int, plies: int) -> State:
    """A deal after ``plies`` random moves (fewer if it ends first)."""
    state = new_deal(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def _choices(bot: BestBot, states: list[State]) -> list[str]:
    return [
        str(bot.choose(observe(s, s.to_move), legal_moves(s)))
        for s in states
        if s.to_move is not None
    ]


def test_make_bot_best_is_a_best_bot_named_best() -> None:
    bot = make_bot("best", seed=1)
    assert isinstance(bot, BestBot)
    assert bot.name == "best"


@pytest.mark.parametrize(
    "variant",
    [
        pytest.param("standard", id="standard"),
        pytest.param("standard-2p", id="standard-2p"),
        pytest.param("taash", id="taash"),
        pytest.param(registered(HEARTS), id="zoo-hearts-2p"),
        pytest.param(registered(COMBINED), id="zoo-combined-2p"),
    ],
)
@pytest.mark.parametrize("plies", [0, 1, 9, 30])
def test_best_bot_chooses_a_legal_move(variant: str | Variant, plies: int) -> None:
    state = _after(variant, seed=plies + 3, plies=plies)
    if state.is_over:
        pytest.skip("the deal ended")
    moves = legal_moves(state)
    move = BestBot(seed=5, **FAST).choose(observe(state, state.to_move), moves)  # type: ignore[arg-type]
    assert move in moves


def test_best_bot_is_deterministic_given_its_seed() -> None:
    states = [_after("standard", seed=11, plies=p) for p in (1, 6, 17, 40)]
    first = _choices(BestBot(seed=7, **FAST), states)
    assert first == _choices(BestBot(seed=7, **FAST), states)


def test_best_bot_plays_an_optimal_move_when_nothing_is_hidden_near_the_end() -> None:
    # Two players, the stock dealt out: the opponent holds exactly the cards this seat
    # has not seen, so every sample is the real deal and each move is solved exactly.
    state = _after("standard-2p", seed=4, plies=44)
    assert not state.stock and not state.is_over
    seat = state.to_move
    assert seat is not None
    bot = BestBot(seed=2, samples=2, width=20, win_weight=0)
    move = bot.choose(observe(state, seat), legal_moves(state))
    assert move in solve(state).moves


@pytest.mark.parametrize("variant", ["standard", "standard-2p"])
def test_best_bot_finishes_a_deal_against_greedy(variant: str) -> None:
    players = new_deal(variant, seed=0).players
    bots = [BestBot(seed=s, **FAST) if s % 2 == 0 else GreedyBot(seed=s) for s in range(players)]
    final = play_deal(new_deal(variant, seed=9), bots)
    assert final.is_over


def test_best_bot_pickles_mid_deal_and_chooses_as_the_original() -> None:
    bot = BestBot(seed=3, **FAST)
    _choices(bot, [_after("standard", seed=2, plies=p) for p in (5, 8)])  # its generator moved on
    copy = pickle.loads(pickle.dumps(bot))
    later = [_after("standard", seed=2, plies=p) for p in (16, 20, 33)]
    assert _choices(copy, later) == _choices(bot, later)


# Two players: the helpers behind the second-batch search and the first-batch score.


def test_is_known_when_the_other_hand_holds_every_unseen_card() -> None:
    # R2.9: in the second batch of a two-player deal the stock is dealt out.
    second_batch = position("standard-2p", hand="9S 4H", hands={1: "5C 3D"}, plays=44)
    first_batch = position("standard-2p", hand="9S 4H", hands={1: "5C 3D"}, plays=20)
    four = position(hand="9S", hands={1: "5C", 2: "KD", 3: "2C"}, loose="4C 5D")
    assert _is_known(observe(second_batch, 0))
    assert not _is_known(observe(first_batch, 0))  # 24 cards still in the stock
    assert not _is_known(observe(four, 0))  # three hands hidden


def test_static_gives_a_house_no_rival_can_take_wholly_to_its_owner() -> None:
    # R4.2: only a queen takes the house of 12; the rival holds none, the owner one (R3.2).
    state = position(
        "standard-2p", hand="QH 2D", hands={1: "3C 4D"}, loose="2C", houses=[(12, "5S 7S", [0])]
    )
    points = 12 + 0.1  # 5S and 7S, and a little per card
    assert _static(state, 0, 0.0) == pytest.approx(points / 2)
    assert _static(state, 0, 0.0, aware=True) == pytest.approx(points)
    assert _static(state, 1, 0.0, aware=True) == pytest.approx(-points)


def test_static_gives_a_house_a_rival_can_take_to_the_rival_on_the_move() -> None:
    # R4.2: seat 1 holds a queen and is to move, so the house of 12 is as good as its.
    state = position(
        "standard-2p",
        hand="QD 4D",
        to_move=1,
        hands={0: "QH 2D"},
        loose="2C",
        houses=[(12, "5S 7S", [0])],
    )
    assert _static(state, 0, 0.0, aware=True) == pytest.approx(-(12 + 0.1) / 2)


def test_static_counts_a_house_owned_by_both_players_for_neither() -> None:
    # R6.3: an opponent who adds to a house becomes a co-owner.
    state = position(
        "standard-2p", hand="QH 2D", hands={1: "QD 4D"}, loose="2C", houses=[(12, "5S 7S", [0, 1])]
    )
    assert _static(state, 0, 0.0, aware=True) == 0.0


def test_static_counts_the_seep_the_player_to_move_can_make() -> None:
    # R4.5: the 9S takes 4C 5D, the whole floor.
    state = position("standard-2p", hand="9S 2H", hands={1: "KD 3C"}, loose="4C 5D")
    assert _static(state, 0, 10.0) == 10.0
    assert _static(state, 0, 10.0, aware=True) == 60.0
    assert _static(state, 1, -10.0, aware=True) == -60.0


def test_look_charges_the_share_of_samples_in_which_the_next_player_sweeps() -> None:
    # R4.5: throwing 2H leaves 2H 5C, which a seven sweeps; one sample of two holds one.
    sweeps = position("standard-2p", hand="2H KD", hands={1: "7S 3D"}, loose="5C")
    cannot = position("standard-2p", hand="2H KD", hands={1: "8D 3D"}, loose="5C")
    throw = Throw("2H")
    assert _look([sweeps], 0, throw) == -50
    assert _look([cannot], 0, throw) == 0
    assert _look([sweeps, cannot], 0, throw) == -25


def test_policy_builds_a_house_only_when_no_opponent_can_take_it() -> None:
    # R5.2: 4S on 5S builds a house of 9, and the 9D stays in hand for it (R3.2).
    safe = position("standard-2p", hand="4S 9D 8H", hands={1: "KD QC"}, loose="5S 2C")
    rival = position("standard-2p", hand="4S 9D 8H", hands={1: "9C QC"}, loose="5S 2C")
    build = Build("4S", loose="5S", value=9)
    assert _house_gain(apply_move(safe, build), build, safe.hands[1].mask) == pytest.approx(9.1)
    assert _house_gain(apply_move(rival, build), build, rival.hands[1].mask) == 0.0
    assert _policy(safe, random.Random(1), houses=True) == build
    assert _policy(safe, random.Random(1)) != build  # without: a throw, as cheap
    assert _policy(rival, random.Random(1), houses=True) != build


def test_best_known_does_not_leave_the_floor_to_a_sweep() -> None:
    # R4.5: every card known; throwing 2H leaves 2H 5C to the opponent's 7S.
    state = position("standard-2p", hand="2H KD", hands={1: "7S 3D"}, loose="5C", plays=44)
    moves = legal_moves(state)
    assert {str(move) for move in moves} == {"throw 2H", "throw KD"}
    assert str(_best_known(state, 0, moves, 2)) == "throw KD"
    assert str(_best_known(state, 0, moves, 4)) == "throw KD"


@pytest.mark.parametrize("plies", [38, 30])
def test_best_bot_in_a_two_player_second_batch_uses_the_whole_state(plies: int) -> None:
    # Near the end (12 plays or fewer) the move is optimal; earlier, the searched one.
    state = _after("standard-2p", seed=8, plies=plies)
    assert not state.stock and not state.is_over
    seat = state.to_move
    assert seat is not None
    move = BestBot(seed=2, samples=1).choose(observe(state, seat), legal_moves(state))
    if _plays_left(state) <= 12:
        assert move in solve(state).moves
    else:
        assert move == _best_known(state, seat, legal_moves(state), 4)

"""BestBot (``make_bot("best")``): legal, deterministic given its seed, finishes deals, travels.

Its strength is measured by ``benchmarks/strength.py`` (see the Bots page),
not here: these are the smoke tests.
"""

from __future__ import annotations

import pickle
import random

import pytest

from seep import State, Variant, apply_move, legal_moves, new_deal
from seep.bots import BestBot, GreedyBot, make_bot, play_deal
from seep.solver import solve
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

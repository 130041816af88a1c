"""The Gymnasium environment passes Gymnasium's checker on every built-in variant."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env

from seep.bots import RandomBot
from seep.gymnasium import SeepEnv
from seep.variants import variant_names


# Built directly (not through gymnasium.make), the environment has no spec, so the
# checker says it cannot try other render modes; render_mode="ansi" is checked.
@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes:UserWarning")
@pytest.mark.parametrize("variant", variant_names())
def test_check_env_passes(variant: str) -> None:
    check_env(SeepEnv(variant, seat=1, opponents="random"), skip_render_check=False)


def _episode(game: SeepEnv, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    observation, info = game.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
        observation, reward, done, _truncated, info = game.step(rng.choice(legal))
        assert game.observation_space.contains(observation)
        total += float(reward)
        steps += 1
    return total, steps


@pytest.mark.parametrize("variant", ["standard", "standard-2p", "taash"])
def test_r9_3_the_reward_is_the_team_difference_of_the_deal(variant: str) -> None:
    game = SeepEnv(variant, seat=0, opponents="greedy")
    total, _ = _episode(game, 8)
    state = game._stepper.state
    from seep import deal_score

    assert state.is_over and total == deal_score(state).difference == game.final_reward


def test_a_seeded_episode_is_reproducible() -> None:
    assert _episode(SeepEnv("taash", opponents="greedy"), 6) == _episode(
        SeepEnv("taash", opponents="greedy"), 6
    )


def test_an_illegal_id_changes_nothing_and_costs_the_illegal_reward() -> None:
    game = SeepEnv("standard", seat=1, opponents="random", illegal_reward=-0.5)
    observation, info = game.reset(seed=1)
    illegal = next(i for i, ok in enumerate(info["action_mask"]) if not ok)
    after, reward, done, truncated, info2 = game.step(illegal)
    assert reward == -0.5 and not done and not truncated and info2["illegal"]
    assert (after == observation).all() and (info2["action_mask"] == info["action_mask"]).all()


def test_opponents_by_bot_and_by_name_and_baazi_mode() -> None:
    game = SeepEnv(
        "taash-short", seat=2, opponents=["greedy", RandomBot(seed=1), "random"], baazi=True
    )
    _episode(game, 3)
    match = game._stepper.match
    assert match is not None and match.is_over
    with pytest.raises(ValueError, match="opponents"):
        SeepEnv("standard", opponents=["greedy"])
    with pytest.raises(ValueError, match="seat"):
        SeepEnv("standard-2p", seat=2)


def test_registered_with_gymnasium() -> None:
    game = gymnasium.make("seep/Seep-v0", variant="standard-2p", opponents="random")
    _observation, info = game.reset(seed=0)
    assert info["action_mask"].sum() > 0

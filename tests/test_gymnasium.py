"""The Gymnasium environment passes Gymnasium's checker on every built-in variant."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from seep.actions import NUM_ACTIONS
from seep.bots import RandomBot
from seep.bounds import card_point_range, seep_bonus_range
from seep.gymnasium import SeepEnv
from seep.observation import observation_layout
from seep.variants import BUILT_IN_NAMES


def highest_seeps(variant: str) -> int:
    """The most seep points one team can make in a deal (R4.5)."""
    return seep_bonus_range(variant)[1]


# Built directly (not through gymnasium.make), the environment has no spec, so the
# checker says it cannot try other render modes; render_mode="ansi" is checked.
@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes:UserWarning")
@pytest.mark.parametrize("variant", BUILT_IN_NAMES)
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


def test_random_bots_play_the_same_moves_without_their_views_history(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A random bot reads only the moves, so the environment gives it the view without
    # the history (which takes a replay to work out): the same moves either way.
    import seep.gymnasium

    def trajectory() -> list[object]:
        game = SeepEnv("standard", seat=2, opponents="random")
        rng = random.Random(3)
        observation, info = game.reset(seed=3)
        seen: list[object] = [observation.tolist()]
        done = False
        while not done:
            action = rng.choice([i for i, ok in enumerate(info["action_mask"]) if ok])
            observation, reward, done, _truncated, info = game.step(action)
            seen += [observation.tolist(), reward]
        return [*seen, game._stepper.state]

    quick = trajectory()
    monkeypatch.setattr(seep.gymnasium, "_TABLE_READERS", frozenset())
    assert trajectory() == quick


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


def test_action_masks_are_the_legal_ids_as_booleans() -> None:
    game = SeepEnv("standard-2p", seat=0, opponents="random")
    _observation, info = game.reset(seed=2)
    rng = random.Random(2)
    done = False
    while not done:
        mask = game.action_masks()
        assert mask.dtype == np.bool_ and mask.shape == (NUM_ACTIONS,)
        assert (mask == info["action_mask"].astype(bool)).all()
        assert tuple(np.flatnonzero(mask)) == game._stepper.legal()
        action = rng.choice(np.flatnonzero(mask).tolist())
        _observation, _reward, done, _truncated, info = game.step(action)
    # Over: every id is marked, since the next action is not played (autoreset).
    assert game.action_masks().all() and info["action_mask"].all()


def _rewards(reward: str) -> list[float]:
    game = SeepEnv("standard", seat=1, opponents="greedy", reward=reward, baazi=True)
    rng = random.Random(5)
    _observation, info = game.reset(seed=5)
    rewards, done = [], False
    while not done:
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _observation, reward, done, _truncated, info = game.step(action)
        rewards.append(float(reward))
    return rewards


def test_r9_3_reward_options_scale_or_sign_the_team_difference() -> None:
    points = _rewards("points")
    deals = [reward for reward in points if reward]
    assert len(deals) >= 2  # a match: one reward per deal
    lowest, highest = card_point_range("standard")
    assert highest - lowest == 100  # the card points of a deal: the divisor of "scaled"
    assert _rewards("scaled") == [reward / 100 for reward in points]
    assert _rewards("win") == [float((r > 0) - (r < 0)) for r in points]
    with pytest.raises(ValueError, match="reward"):
        SeepEnv("standard", reward="money")


@pytest.mark.parametrize("variant", BUILT_IN_NAMES)
def test_observations_of_random_play_lie_within_the_tight_bounds(variant: str) -> None:
    game = SeepEnv(variant, seat=0, opponents="random")
    space = game.observation_space
    layout = observation_layout(variant)
    assert space.high.max() == highest_seeps(variant)  # seep points, the widest entry
    assert space.high[layout["plays"]].item() == 48 and space.low.min() == 0
    for seed in range(3):
        rng = random.Random(seed)
        observation, info = game.reset(seed=seed)
        done = False
        while not done:
            assert space.contains(observation)
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            observation, _reward, done, _truncated, info = game.step(action)
        assert space.contains(observation)


def test_masked_sampling_runs_through_episode_ends_in_an_async_vector_env() -> None:
    """Gymnasium's default next-step autoreset: the action after the last step is sampled too."""
    envs = gymnasium.make_vec("seep/Seep-v0", num_envs=2, vectorization_mode="async")
    try:
        _observations, infos = envs.reset(seed=3)
        rng = np.random.default_rng(3)
        ended = np.zeros(2, dtype=int)
        while ended.min() < 3:
            masks = infos["action_mask"]
            assert masks.any(axis=1).all()  # a masked sampler always has a choice
            called = np.array(envs.call("action_masks"))
            assert (called == masks.astype(bool)).all()
            actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
            _observations, _rewards, terminated, truncated, infos = envs.step(actions)
            assert not infos["illegal"].any()
            ended += terminated | truncated
    finally:
        envs.close()

"""The PettingZoo environment passes PettingZoo's own tests on every built-in variant."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import gymnasium
from pettingzoo.test import api_test, render_test, seed_test

from seep.actions import NUM_ACTIONS
from seep.errors import IllegalMoveError
from seep.pettingzoo import env, raw_env
from seep.variants import BUILT_IN_NAMES

VARIANTS = BUILT_IN_NAMES


# A masked environment's observation is a dict of the observation and its action
# mask, as in PettingZoo's own classic games; api_test warns about that shape.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.parametrize("variant", VARIANTS)
def test_api_test_passes(variant: str) -> None:
    api_test(env(variant=variant), num_cycles=300)


@pytest.mark.parametrize("variant", VARIANTS)
def test_seed_test_passes(variant: str) -> None:
    seed_test(lambda: env(variant=variant), num_cycles=300)


@pytest.mark.parametrize("variant", VARIANTS)
def test_render_test_passes(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env(variant=variant, render_mode=render_mode))
    assert "to move: seat" in capsys.readouterr().out  # "human" printed the table


def _random_episode(game: object, rng: random.Random) -> dict[str, float]:
    """Play ``game`` to its end with random legal ids; the rewards each agent collected."""
    collected: dict[str, float] = {}
    for agent in game.agent_iter():  # type: ignore[attr-defined]
        observation, reward, termination, truncation, _ = game.last()  # type: ignore[attr-defined]
        collected[agent] = collected.get(agent, 0.0) + reward
        if termination or truncation:
            game.step(None)  # type: ignore[attr-defined]
            continue
        legal = [i for i, ok in enumerate(observation["action_mask"]) if ok]
        game.step(rng.choice(legal))  # type: ignore[attr-defined]
    return collected


@pytest.mark.parametrize("variant", VARIANTS)
def test_r9_3_rewards_are_the_team_difference_and_sum_to_zero(variant: str) -> None:
    game = env(variant=variant)
    game.reset(seed=3)
    collected = _random_episode(game, random.Random(3))
    raw = game.unwrapped
    assert collected == raw.final_rewards
    players = len(raw.possible_agents)
    team = [collected[f"player_{seat}"] for seat in range(players)]
    assert team[0] == -team[1]
    if players == 4:
        assert team[0] == team[2] and team[1] == team[3]


def test_r10_a_baazi_episode_plays_deals_until_the_match_is_won() -> None:
    game = raw_env(variant="taash-short", baazi=True)
    game.reset(seed=5)
    collected = _random_episode(game, random.Random(5))
    assert collected == game.final_rewards  # every deal's rewards, each once
    match = game._stepper.match
    assert match is not None and match.is_over and len(match.sheet) >= 1
    banked = match.standing.banked
    assert max(banked) >= 50  # R11.6: a short match is banked to 50


def test_r10_a_deals_rewards_last_one_step_in_a_baazi_episode() -> None:
    # A step that ends a deal gives every agent its reward (R9.3); the next step
    # clears them, and a step within a deal gives none.
    game = raw_env(variant="taash-short", baazi=True)
    game.reset(seed=6)
    rng = random.Random(6)
    ends = 0
    while not game._stepper.is_over:
        legal = [i for i, ok in enumerate(game.observe(game.agent_selection)["action_mask"]) if ok]
        game.step(rng.choice(legal))
        if game._stepper.finished is not None:
            ends += 1
            finished = game._stepper.finished
            assert game.rewards == dict(
                zip(game.possible_agents, map(float, finished), strict=True)
            )
            assert sum(game.rewards.values()) == 0
        else:
            assert set(game.rewards.values()) == {0.0}
    assert ends >= 2  # a match of several deals


def test_the_mover_keeps_the_turn_until_its_move_is_complete() -> None:
    game = raw_env(variant="standard")
    game.reset(seed=11)
    stepper = game._stepper
    # The bid is one id; the bidder's first play is several (R2.6).
    first = game.agent_selection
    bid = next(i for i, ok in enumerate(game.observe(first)["action_mask"]) if ok)
    game.step(bid)
    assert game.agent_selection == first and stepper.state.bid is not None
    card = next(i for i, ok in enumerate(game.observe(first)["action_mask"]) if ok)
    game.step(card)
    assert game.agent_selection == first and stepper.prefix == (card,)
    observed = game.observe(first)["observation"]
    assert observed[-NUM_ACTIONS + card] == 1  # the chosen card is marked
    others = [agent for agent in game.agents if agent != first]
    assert all(game.observe(agent)["action_mask"].sum() == 0 for agent in others)


def test_r3_1_an_illegal_id_is_refused_by_the_raw_env_and_nothing_changes() -> None:
    game = raw_env(variant="standard")
    game.reset(seed=2)
    before = game._stepper.state
    with pytest.raises(IllegalMoveError):
        game.step(122)  # "finish" is never the first id of a move
    assert game._stepper.state is before and game._stepper.prefix == ()


def test_an_illegal_id_ends_the_wrapped_episode_with_a_penalty() -> None:
    game = env(variant="standard")
    game.reset(seed=2)
    agent = game.agent_selection
    game.step(122)
    assert all(game.terminations.values())
    assert game.rewards[agent] == -1


def test_action_spaces_are_the_same_object_every_call() -> None:
    game = raw_env(variant="taash")
    assert game.action_space("player_1") is game.action_space("player_1")
    assert game.observation_space("player_1") is game.observation_space("player_1")
    assert game.action_space("player_1").n == NUM_ACTIONS


def test_ansi_render_shows_the_table() -> None:
    game = raw_env(variant="standard", render_mode="ansi")
    game.reset(seed=1)
    text = game.render()
    assert isinstance(text, str) and "to move: seat" in text
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(variant="standard", render_mode="rgb_array")


def test_human_render_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    game = raw_env(variant="taash", render_mode="human")
    game.reset(seed=1)
    assert game.render() is None
    shown = raw_env(variant="taash", render_mode="ansi")
    shown.reset(seed=1)
    assert capsys.readouterr().out == f"{shown.render()}\n"


@pytest.mark.parametrize("variant", VARIANTS)
def test_observations_lie_within_the_declared_bounds(variant: str) -> None:
    game = raw_env(variant=variant)
    game.reset(seed=4)
    rng = random.Random(4)
    space = game.observation_space("player_0")
    assert space["observation"].high.max() < 2_000  # each entry's own bound, not a blanket one
    while not all(game.terminations.values()):
        agent = game.agent_selection
        for name in game.agents:
            assert space.contains(game.observe(name))
        legal = [i for i, ok in enumerate(game.observe(agent)["action_mask"]) if ok]
        game.step(rng.choice(legal))
    assert all(space.contains(game.observe(name)) for name in game.agents)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_supersuit_wrappers_as_the_page_says() -> None:
    """The reward and lambda wrappers apply; the Box-only ones refuse the Dict observation."""
    supersuit = pytest.importorskip("supersuit")
    import numpy as np

    for refusing in (
        lambda game: supersuit.dtype_v0(game, np.float32),
        supersuit.normalize_obs_v0,
        supersuit.flatten_v0,
        supersuit.pad_observations_v0,
        lambda game: supersuit.frame_stack_v1(game, 3),
    ):
        with pytest.raises((AssertionError, AttributeError)):
            refusing(env(variant="standard")).reset(seed=1)
    high = raw_env(variant="standard").observation_space("player_0")["observation"].high

    def scale(observation: dict[str, Any], space: Any, agent: Any = None) -> dict[str, Any]:
        return {**observation, "observation": observation["observation"] / high}

    def scaled_space(space: Any, agent: Any = None) -> Any:
        box = gymnasium.spaces.Box(0.0, 1.0, space["observation"].shape, np.float64)
        return gymnasium.spaces.Dict({"observation": box, "action_mask": space["action_mask"]})

    game = supersuit.observation_lambda_v0(
        supersuit.reward_lambda_v0(env(variant="standard"), lambda reward: reward / 100),
        scale,
        scaled_space,
    )
    game.reset(seed=1)
    collected = _random_episode(game, random.Random(1))
    assert collected == {name: value / 100 for name, value in game.unwrapped.final_rewards.items()}
    observation = game.observe("player_0")
    assert game.observation_space("player_0").contains(observation)

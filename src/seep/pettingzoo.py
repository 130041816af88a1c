"""Seep as a PettingZoo AEC environment (extra ``seep-rules[pettingzoo]``).

Every seat is an agent (``player_0`` ... ``player_3``, or two with two
players). Agents act with the fixed ids of :mod:`seep.actions`: the action
space is ``Discrete(NUM_ACTIONS)`` and a move is a short sequence of ids, so
the seat to move keeps the turn until its move is complete. Each
observation is a dict with ``"observation"``, the seat's view as the
integer vector of :mod:`seep.observation` followed by one entry per id
already chosen in the move in progress, and ``"action_mask"``, 1 for every
legal id (all zeros for an agent that is not to act).

Rewards come when a deal ends: each seat gets its team's deal score minus
the other team's (:func:`seep.deal_score`), so the two teams' rewards sum to
zero. By default an episode is one deal; ``baazi=True`` plays a whole match
(R10, R11.6): every deal's rewards arrive when that deal ends, and the
episode ends with the match. ``render()`` returns the table as
:func:`seep.render.state_text` draws it with ``render_mode="ansi"``, and
prints it to standard output with ``render_mode="human"``.

An id that is not legal is refused with
:class:`~seep.errors.IllegalMoveError` naming the rule, and nothing changes;
:func:`env` wraps the raw environment in PettingZoo's
``TerminateIllegalWrapper`` (the classic games' convention: an illegal id
ends the episode with reward -1 for the agent that sent it) and
``OrderEnforcingWrapper``.

>>> import random
>>> from seep.pettingzoo import env
>>> game = env(variant="standard")
>>> game.reset(seed=7)
>>> rng = random.Random(7)
>>> for agent in game.agent_iter():
...     observation, reward, termination, truncation, info = game.last()
...     if termination or truncation:
...         action = None
...     else:
...         legal = [i for i, ok in enumerate(observation["action_mask"]) if ok]
...         action = rng.choice(legal)
...     game.step(action)
...
>>> sorted(game.unwrapped.final_rewards.values()) == sorted(-r for r in game.unwrapped.final_rewards.values())
True
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from seep._players.arrays import Arrays
from seep._players.stepper import Stepper, observation_limits
from seep.actions import NUM_ACTIONS
from seep.render import state_text
from seep.variants import Variant, get_variant

__all__ = ["env", "raw_env"]


def env(
    variant: str | Variant = "standard",
    *,
    render_mode: str | None = None,
    baazi: bool = False,
) -> AECEnv:
    """The environment of ``variant``, wrapped as PettingZoo's classic games are.

    >>> from seep.pettingzoo import env
    >>> env(variant="taash").unwrapped.possible_agents
    ['player_0', 'player_1', 'player_2', 'player_3']
    """
    game: AECEnv = raw_env(variant=variant, render_mode=render_mode, baazi=baazi)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv):  # type: ignore[misc]
    """The unwrapped environment (see the module docstring).

    >>> from seep.pettingzoo import raw_env
    >>> game = raw_env(variant="standard-2p")
    >>> game.reset(seed=1)
    >>> game.agents, int(game.action_space("player_0").n)
    (['player_0', 'player_1'], 123)
    >>> game.agent_selection == f"player_{game.unwrapped._stepper.state.to_move}"
    True
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "seep_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Variant = "standard",
        *,
        render_mode: str | None = None,
        baazi: bool = False,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode is None, 'ansi' or 'human', not {render_mode!r}")
        self.variant = get_variant(variant)
        self.render_mode = render_mode
        self.baazi = baazi
        self.possible_agents = [f"player_{seat}" for seat in range(self.variant.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = observation_limits(self.variant)
        # One space object per agent, returned by every call (PettingZoo checks identity).
        self._action_spaces = {
            agent: gymnasium.spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents
        }
        self._observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        low=np.array(low, dtype=np.int32),
                        high=np.array(high, dtype=np.int32),
                        dtype=np.int32,
                    ),
                    "action_mask": gymnasium.spaces.Box(
                        low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self._rng = random.Random()
        self._stepper = Stepper.seeded(self.variant, self._rng, baazi=baazi)
        self._arrays = Arrays(self.variant)
        #: Every seat's rewards summed over the episode so far, by agent.
        self.final_rewards: dict[str, float] = {}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(NUM_ACTIONS)`` for every agent (the same object at every call)."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new episode; ``seed`` seeds it and every later reset without a seed."""
        if seed is not None:
            self._rng.seed(seed)
        self._stepper = Stepper.seeded(self.variant, self._rng, baazi=self.baazi)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.final_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._rewarded = False  # whether the last step gave rewards (else they are all 0)
        self.agent_selection = self._agent_to_act()

    def _agent_to_act(self) -> str:
        seat = self._stepper.seat
        if seat is None:  # over: the agents are let go in seat order
            return self.agents[0]
        return self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees: its view vector with the ids chosen so far, and its mask.

        The vector is a new array at every call; the mask is read-only, one
        array shared by the readers of a step.
        """
        observation, mask = self._arrays.read(self._stepper, self._seats[agent])
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Send one id for the agent to act (``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        stepper = self._stepper
        self._cumulative_rewards[agent] = 0.0
        stepper.step(action if type(action) is int else int(action))
        finished = stepper.finished
        if finished is not None:
            rewards = self.rewards = dict.fromkeys(self.agents, 0.0)
            for name, reward in zip(self.possible_agents, finished, strict=True):
                rewards[name] = float(reward)
                self.final_rewards[name] += float(reward)
            self._rewarded = True
            self._accumulate_rewards()
        elif self._rewarded:  # the rewards of the step before are cleared
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        seat = stepper.seat
        if seat is None:  # over: the agents are let go in seat order
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[seat]

    def render(self) -> str | None:
        """The table as text, every hand shown: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode (use 'ansi' or 'human')."
            )
            return None
        text = state_text(self._stepper.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

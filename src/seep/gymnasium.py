"""Seep as a single-agent Gymnasium environment (extra ``seep-rules[gymnasium]``).

The agent plays one seat; the other seats (the partner included) are played
by seep bots, chosen by name (``"random"``, ``"greedy"``, ``"search"``, see
:func:`seep.bots.make_bot`) or given as any :class:`~seep.bots.Bot`. The
agent acts with the fixed ids of :mod:`seep.actions`
(``Discrete(NUM_ACTIONS)``): a move is a short sequence of ids, and the
environment plays the other seats whenever the agent's move is complete.

The observation is the agent's view as the integer vector of
:mod:`seep.observation`, followed by one entry per id already chosen in the
move in progress; the space's bounds are each entry's own
(:func:`seep.observation.observation_bounds`, then 0..1). ``info["action_mask"]``
and :meth:`SeepEnv.action_masks` mark the legal ids; once the episode is
over they mark every id, since the next action is not played (Gymnasium's
vector environments reset the episode with it). The reward is 0 until a
deal ends, then, with ``reward="points"``, the agent's team's deal score
minus the other team's; ``"scaled"`` divides that by the card points of a
deal (:func:`seep.bounds.card_point_range`: 100 in the built-in variants, so
-1..1 without seeps); ``"win"`` gives +1, 0 or -1 as the agent's team wins,
ties or loses the deal. An episode is one deal, or a whole match with
``baazi=True``.

**An illegal id** changes nothing: the step returns the same observation,
the reward ``illegal_reward`` (default ``-1.0``), ``terminated=False`` and
``info["illegal"] = True``. This keeps environments that sample the whole
action space (as ``gymnasium.utils.env_checker.check_env`` does) running.

Importing the module registers the environment as ``seep/Seep-v0``.

>>> import random
>>> from seep.gymnasium import SeepEnv
>>> game = SeepEnv("standard", seat=0, opponents="greedy")
>>> observation, info = game.reset(seed=4)
>>> rng = random.Random(4)
>>> done = False
>>> while not done:
...     legal = [i for i, ok in enumerate(game.action_masks()) if ok]
...     observation, reward, done, truncated, info = game.step(rng.choice(legal))
...
>>> reward == game.final_reward
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from seep._players.arrays import Arrays
from seep._players.stepper import Stepper, observation_limits
from seep.actions import NUM_ACTIONS
from seep.bots import Bot, RandomBot, make_bot
from seep.bounds import card_point_range
from seep.errors import IllegalMoveError
from seep.render import state_text
from seep.rules import legal_moves
from seep.variants import Variant, get_variant
from seep.views import Observer, observe_table

__all__ = ["SeepEnv"]

Opponent = str | Bot

_REWARDS = ("points", "scaled", "win")
#: The bots that read nothing of their view's history (a random bot reads only the moves).
_TABLE_READERS = frozenset({RandomBot})
#: The mask once the episode is over: every id (read-only, shared).
_EVERY_ACTION = np.ones(NUM_ACTIONS, dtype=np.int8)
_EVERY_ACTION.flags.writeable = False


class SeepEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a Seep deal (or match) against seep bots (see the module docstring).

    ``opponents``: one name or bot for every other seat, or a sequence with
    one per other seat in seat order. Bots given by name are seeded from the
    ``reset`` seed, so a seeded episode is reproducible; a
    :class:`~seep.bots.RandomBot` (which reads only the moves) gets its view
    without the seat's history. ``reward``:
    ``"points"``, ``"scaled"`` or ``"win"`` (see the module docstring).

    >>> from seep.gymnasium import SeepEnv
    >>> game = SeepEnv("taash-2p", seat=1, opponents="random")
    >>> observation, info = game.reset(seed=0)
    >>> observation.shape == game.observation_space.shape, int(info["action_mask"].sum()) > 0
    (True, True)
    >>> SeepEnv("standard", reward="win").reward
    'win'
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it on Env)

    def __init__(
        self,
        variant: str | Variant = "standard",
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "greedy",
        render_mode: str | None = None,
        baazi: bool = False,
        illegal_reward: float = -1.0,
        reward: str = "points",
    ) -> None:
        self.variant = get_variant(variant)
        players = self.variant.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat is a seat in 0..{players - 1}, not {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if reward not in _REWARDS:
            raise ValueError(f"reward is 'points', 'scaled' or 'win', not {reward!r}")
        others = [other for other in range(players) if other != seat]
        if isinstance(opponents, (str, Bot)):
            chosen: list[Opponent] = [opponents] * len(others)
        else:
            chosen = list(opponents)
            if len(chosen) != len(others):
                raise ValueError(f"opponents needs one bot for each of seats {others}")
        self.seat = seat
        self.render_mode = render_mode
        self.baazi = baazi
        self.illegal_reward = illegal_reward
        self.reward = reward
        lowest, highest = card_point_range(self.variant)
        self._divisor = highest - lowest  # the card points of a deal (R1.2)
        self._opponents = dict(zip(others, chosen, strict=True))
        self._bots: dict[int, Bot] = {}
        low, high = observation_limits(self.variant)
        self.observation_space = gymnasium.spaces.Box(
            low=np.array(low, dtype=np.int32), high=np.array(high, dtype=np.int32), dtype=np.int32
        )
        self.action_space = gymnasium.spaces.Discrete(NUM_ACTIONS)
        self._stepper = Stepper(self.variant)
        self._arrays = Arrays(self.variant)
        self._observer = Observer()
        #: The agent's reward for the episode so far.
        self.final_reward = 0.0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new episode (seeded by ``seed``); play the bots up to the agent's turn."""
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(1 << 62)))
        self._bots = {
            other: make_bot(bot, seed=rng.getrandbits(32)) if isinstance(bot, str) else bot
            for other, bot in self._opponents.items()
        }
        self._stepper = Stepper.seeded(self.variant, rng, baazi=self.baazi)
        self._observer = Observer()
        self.final_reward = 0.0
        reward = self._play_others()
        self.final_reward += reward
        return self._observation(), self._info(illegal=False)

    def step(
        self, action: np.int64 | int
    ) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        """Send one action id; the bots play when the agent's move is complete.

        Returns ``(observation, reward, terminated, truncated, info)``; an
        illegal id changes nothing (see the module docstring).
        """
        stepper = self._stepper
        if stepper.is_over:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset()")
        try:
            stepper.step(int(action))
        except IllegalMoveError:
            return self._observation(), self.illegal_reward, False, False, self._info(illegal=True)
        reward = self._reward() + self._play_others()
        self.final_reward += reward
        return self._observation(), reward, stepper.is_over, False, self._info(illegal=False)

    def _reward(self) -> float:
        finished = self._stepper.finished
        if finished is None:
            return 0.0
        points = finished[self.seat]
        if self.reward == "scaled":
            return points / self._divisor
        if self.reward == "win":
            return float((points > 0) - (points < 0))
        return float(points)

    def action_masks(self) -> np.ndarray:
        """The legal ids as ``NUM_ACTIONS`` booleans (what sb3-contrib's ``MaskablePPO`` reads).

        Every id once the episode is over: the next action is not played.

        >>> from seep.gymnasium import SeepEnv
        >>> game = SeepEnv("standard", seat=1)
        >>> _, info = game.reset(seed=10)
        >>> mask = game.action_masks()
        >>> mask.dtype, mask.shape, bool((mask == info["action_mask"]).all())
        (dtype('bool'), (123,), True)
        """
        return self._mask().astype(bool)

    def _mask(self) -> np.ndarray:
        """The legal ids: one read-only array per step, shared by its readers."""
        stepper = self._stepper
        if stepper.is_over:
            return _EVERY_ACTION
        return self._arrays.mask(stepper)

    def _play_others(self) -> float:
        """Let the bots play until the agent is to act or the episode is over; their rewards for the agent."""
        stepper = self._stepper
        reward = 0.0
        seat = stepper.seat
        while seat is not None and seat != self.seat:
            state = stepper.state
            bot = self._bots[seat]
            if type(bot) in _TABLE_READERS:  # no history: the bot does not read it
                view = observe_table(state, seat)
            else:
                view = self._observer.observe(state, seat)
            stepper.play(bot.choose(view, legal_moves(state)))
            reward += self._reward()
            seat = stepper.seat
        return reward

    def _observation(self) -> np.ndarray:
        """The agent's view vector (made once per state), then the marks of the ids chosen so far."""
        return self._arrays.observation(self._stepper, self.seat)

    def _info(self, *, illegal: bool) -> dict[str, Any]:
        return {
            "action_mask": self._mask().copy(),  # a new array per call (Gymnasium checks it)
            "illegal": illegal,
        }

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``), every hand shown."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use 'ansi').")
            return None
        return state_text(self._stepper.state)


if "seep/Seep-v0" not in gymnasium.registry:
    gymnasium.register(id="seep/Seep-v0", entry_point="seep.gymnasium:SeepEnv")

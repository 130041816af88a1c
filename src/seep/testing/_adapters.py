"""The framework adapters, checked by :func:`seep.testing.api_test` on one deal each.

Each check loads its adapter by the variant's registered name, as a user
of the framework would (``pyspiel.load_game``, ``gymnasium.make``,
``seep.pettingzoo.env``), plays one random deal through it and checks what
the adapter promises: the sizes and bounds it declares, the legal ids,
the chance outcomes and the zero-sum returns. The frameworks are imported
here, inside the checks, never when :mod:`seep.testing` is imported: a
framework that is not installed is reported as skipped.

>>> from seep.testing._adapters import ADAPTERS
>>> [name for name, _ in ADAPTERS]
['openspiel', 'pettingzoo', 'gymnasium']
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from seep.variants import Variant

__all__ = ["ADAPTERS", "AdapterCheck"]

#: A check: ``check(variant, rng, fail)`` plays one deal; ``fail(text)`` makes the error to raise.
AdapterCheck = Callable[[Variant, random.Random, Callable[[str], AssertionError]], None]

# More actions than any deal takes: a guard against an adapter that never ends.
_STEP_LIMIT: Final = 2000


def _check_openspiel(
    variant: Variant, rng: random.Random, fail: Callable[[str], AssertionError]
) -> None:
    """One deal through ``pyspiel.load_game("python_seep(variant=...)")``."""
    import pyspiel

    import seep.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_seep", {"variant": variant.name})
    if game.num_players() != variant.players:
        raise fail(f"OpenSpiel: {game.num_players()} players, the variant has {variant.players}")
    info_size = game.information_state_tensor_size()
    observation_size = game.observation_tensor_size()
    low, high = game.min_utility(), game.max_utility()
    state = game.new_initial_state()
    for _ in range(_STEP_LIMIT):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            if abs(sum(chance for _, chance in outcomes) - 1) > 1e-9:
                raise fail("OpenSpiel: the chance outcomes do not sum to 1")
            cards, chances = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(cards, chances)[0])
            continue
        player = state.current_player()
        legal = state.legal_actions()
        if not legal or any(not 0 <= a < game.num_distinct_actions() for a in legal):
            raise fail(f"OpenSpiel: the legal ids {legal} of player {player}")
        if len(state.information_state_tensor(player)) != info_size:
            raise fail("OpenSpiel: an information-state tensor of another size than the game's")
        if len(state.observation_tensor(player)) != observation_size:
            raise fail("OpenSpiel: an observation tensor of another size than the game's")
        state.apply_action(rng.choice(legal))
    else:
        raise fail(f"OpenSpiel: the deal did not end within {_STEP_LIMIT} actions")
    returns = state.returns()
    if abs(sum(returns)) > 1e-9 or any(not low <= r <= high for r in returns):
        raise fail(f"OpenSpiel: returns {returns} not zero-sum within {low}..{high}")
    if len(state.history()) > game.max_game_length():
        raise fail(f"OpenSpiel: {len(state.history())} actions, more than max_game_length")


def _check_pettingzoo(
    variant: Variant, rng: random.Random, fail: Callable[[str], AssertionError]
) -> None:
    """One deal through ``seep.pettingzoo.env(variant=name)``."""
    from seep.pettingzoo import env

    game: Any = env(variant=variant.name)
    game.reset(seed=rng.getrandbits(32))
    if len(game.agents) != variant.players:
        raise fail(f"PettingZoo: {len(game.agents)} agents, the variant has {variant.players}")
    total = 0.0
    for steps, agent in enumerate(game.agent_iter()):
        if steps > _STEP_LIMIT:
            raise fail(f"PettingZoo: the deal did not end within {_STEP_LIMIT} steps")
        observation, reward, terminated, truncated, _ = game.last()
        total += reward
        if not game.observation_space(agent).contains(observation):
            raise fail(f"PettingZoo: {agent}'s observation lies outside its observation space")
        if terminated or truncated:
            game.step(None)
            continue
        legal = [int(i) for i in observation["action_mask"].nonzero()[0]]
        if not legal:
            raise fail(f"PettingZoo: {agent} is to act with no legal id")
        game.step(rng.choice(legal))
    if abs(total) > 1e-9:
        raise fail(f"PettingZoo: the agents' rewards sum to {total}, not 0")


def _check_gymnasium(
    variant: Variant, rng: random.Random, fail: Callable[[str], AssertionError]
) -> None:
    """One deal through ``gymnasium.make("seep/Seep-v0", variant=name)`` against random bots."""
    import gymnasium

    import seep.gymnasium  # noqa: F401  (registers the environment)

    game: Any = gymnasium.make(
        "seep/Seep-v0", variant=variant.name, opponents="random", disable_env_checker=True
    )
    observation, info = game.reset(seed=rng.getrandbits(32))
    for _ in range(_STEP_LIMIT):
        if not game.observation_space.contains(observation):
            raise fail("Gymnasium: an observation outside the observation space")
        legal = [int(i) for i in info["action_mask"].nonzero()[0]]
        if not legal:
            raise fail("Gymnasium: the agent is to act with no legal id")
        observation, _, terminated, truncated, info = game.step(rng.choice(legal))
        if info.get("illegal"):
            raise fail("Gymnasium: an id of the action mask was refused")
        if terminated or truncated:
            break
    else:
        raise fail(f"Gymnasium: the deal did not end within {_STEP_LIMIT} steps")
    game.close()


#: The adapters, each with its check, in the order :func:`~seep.testing.api_test` runs them.
ADAPTERS: Final[tuple[tuple[str, AdapterCheck], ...]] = (
    ("openspiel", _check_openspiel),
    ("pettingzoo", _check_pettingzoo),
    ("gymnasium", _check_gymnasium),
)

"""Every object travels: after ``pickle`` or ``cloudpickle`` it carries on exactly as the original."""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs
import pytest

from seep import STANDARD, State, apply_move, legal_moves, new_deal, register_variant
from seep.bots import BestBot, GreedyBot, RandomBot, SearchBot
from seep.observation import observation_vector
from seep.pipe import PipeBot
from seep.testing import position
from seep.variants import BUILT_IN_NAMES, SeepContext, Variant, get_variant
from seep.views import observe

cloudpickle = pytest.importorskip("cloudpickle")

MODULES = [pytest.param(pickle, id="pickle"), pytest.param(cloudpickle, id="cloudpickle")]
CUSTOM = "travel-custom"
VARIANTS = [*BUILT_IN_NAMES, CUSTOM]


@attrs.frozen
class HundredForAFaceCard:
    """A user's seep rule (R12): 100 for a seep with a face card, 50 otherwise, none on the last play."""

    def __call__(self, context: SeepContext) -> int:
        if context.last_play:
            return 0
        return 100 if context.card.value >= 11 else 50


def _variant(name: str) -> Variant:
    """A built-in variant, or the custom one, registered when first asked for (R12)."""
    if name == CUSTOM:
        return register_variant(
            attrs.evolve(STANDARD, name=CUSTOM, seep_bonus=HundredForAFaceCard())
        )
    return get_variant(name)


def _travel(module: ModuleType, thing: Any) -> Any:
    copy = module.loads(module.dumps(thing))
    assert type(copy) is type(thing)
    return copy


def _mid_deal(variant: Variant, seed: int, plies: int = 20) -> State:
    state = new_deal(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def _play_on(state: State, bot: Any, plies: int = 20) -> list[tuple[Any, ...]]:
    """What happens next with ``bot`` playing every seat: the legal moves and the move chosen."""
    seen = []
    for _ in range(plies):
        if state.is_over:
            break
        moves = legal_moves(state)
        assert state.to_move is not None
        move = bot.choose(observe(state, state.to_move), moves)
        seen.append((tuple(moves), move))
        state = apply_move(state, move)
    return seen


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name", VARIANTS)
def test_states_views_histories_and_moves_travel_and_play_on(name: str, module: ModuleType) -> None:
    variant = _variant(name)
    state = _mid_deal(variant, seed=7)
    moves = legal_moves(state)
    copy = _travel(module, state)
    assert copy == state and hash(copy) == hash(state) and copy.history == state.history
    assert _play_on(copy, RandomBot(seed=3)) == _play_on(state, RandomBot(seed=3))
    assert _travel(module, state.history) == state.history
    assert _travel(module, moves) == moves
    assert all(_travel(module, move) == move for move in moves)
    for seat in range(variant.players):
        view = observe(state, seat)
        again = _travel(module, view)
        assert again == view and observation_vector(again) == observation_vector(view)


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name", VARIANTS)
def test_variants_travel_and_deal_the_same(name: str, module: ModuleType) -> None:
    variant = _variant(name)
    copy = _travel(module, variant)
    assert copy == variant
    assert new_deal(copy, seed=5) == new_deal(variant, seed=5)


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: RandomBot(seed=1), id="random"),
        pytest.param(lambda: GreedyBot(seed=1), id="greedy"),
        pytest.param(lambda: SearchBot(seed=1, iterations=4), id="search"),
        pytest.param(lambda: BestBot(seed=1, samples=2), id="best"),
    ],
)
@pytest.mark.parametrize("name", ["standard", "taash-2p", CUSTOM])
def test_bots_travel_in_the_middle_of_a_deal_and_choose_the_same(
    name: str, make: Callable[[], Any], module: ModuleType
) -> None:
    bot = make()
    state = _mid_deal(_variant(name), seed=2, plies=10)
    _play_on(state, bot, plies=6)  # the bot's generator has moved on
    copy = _travel(module, bot)
    later = _mid_deal(_variant(name), seed=2, plies=16)
    assert _play_on(later, copy, plies=8) == _play_on(later, bot, plies=8)


@pytest.mark.parametrize("module", MODULES)
def test_a_pipe_bot_refuses_to_pickle_naming_what_to_do(module: ModuleType) -> None:
    bot = PipeBot("python3 my_bot.py", seed=1)
    with pytest.raises(TypeError, match=r"PipeBot 'python3 my_bot\.py'.*same command"):
        module.dumps(bot)


@pytest.mark.parametrize("module", MODULES)
def test_r3_4_a_pickled_state_never_carries_its_listed_moves(module: ModuleType) -> None:
    """A crowded taash floor (R3.4): listing its moves leaves the pickle the size it was."""
    state = position(
        "taash",
        hand="7S 9H JD KC QH TD",
        loose="AS AH AD AC 2S 2H 2D 3S 3H 4S 4H 6S 6H 7H 7D 5C",
    )
    size = len(module.dumps(state))
    assert len(legal_moves(state)) > 100_000
    assert len(module.dumps(state)) == size < 2_000
    copy = _travel(module, state)
    assert copy._legal_cache is None and legal_moves(copy) == legal_moves(state)


# A rule class with no importable module (a notebook's, a script's): cloudpickle copies
# it by value, so the state travels to a process where the variant was never registered.
_NOTEBOOK_RULE = """
import attrs
@attrs.frozen
class SixtyForASeep:
    def __call__(self, context):
        return 60
"""


def test_a_state_of_an_unregistered_notebook_variant_plays_on_in_a_fresh_process() -> None:
    namespace: dict[str, Any] = {"__name__": "__main__"}
    exec(_NOTEBOOK_RULE, namespace)
    rule = namespace["SixtyForASeep"]()
    variant = attrs.evolve(STANDARD, name="travel-notebook", seep_bonus=rule)
    state = _mid_deal(variant, seed=4)
    expected = [str(move) for move in legal_moves(state)]
    script = (
        "import sys, cloudpickle\n"
        "from seep import legal_moves, variant_names\n"
        "state = cloudpickle.loads(sys.stdin.buffer.read())\n"
        "assert 'travel-notebook' not in variant_names()\n"
        "print(state.variant.seep_bonus(None))\n"
        "print('\\n'.join(str(move) for move in legal_moves(state)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=cloudpickle.dumps(state),
        capture_output=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    lines = done.stdout.decode().splitlines()
    assert lines == ["60", *expected]


def _gymnasium_rest(game: Any, rng: random.Random) -> list[tuple[Any, ...]]:
    """The rest of the episode with random legal ids, then the first step of the next (unseeded) one."""
    seen: list[tuple[Any, ...]] = []
    done = False
    while not done:
        mask = game.action_masks()
        action = rng.choice([i for i, ok in enumerate(mask) if ok])
        observation, reward, done, _truncated, info = game.step(action)
        seen.append((observation.tobytes(), reward, done, info["action_mask"].tobytes()))
    observation, info = game.reset()
    seen.append((observation.tobytes(), info["action_mask"].tobytes()))
    return seen


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name", VARIANTS)
def test_a_gymnasium_env_travels_mid_episode_and_plays_on(name: str, module: ModuleType) -> None:
    pytest.importorskip("gymnasium")
    from seep.gymnasium import SeepEnv

    game = SeepEnv(_variant(name), seat=1, opponents="greedy", reward="scaled")
    game.reset(seed=9)
    steps = random.Random(9)
    for _ in range(12):
        mask = game.action_masks()
        game.step(steps.choice([i for i, ok in enumerate(mask) if ok]))
    copy = _travel(module, game)
    assert _gymnasium_rest(copy, random.Random(1)) == _gymnasium_rest(game, random.Random(1))


def _pettingzoo_rest(game: Any, rng: random.Random, steps: int | None = None) -> list[Any]:
    """``steps`` random legal ids (or the rest of the episode and the next unseeded deal's start)."""
    seen: list[Any] = []
    while not all(game.terminations.values()) and (steps is None or len(seen) < steps):
        agent = game.agent_selection
        observed = game.observe(agent)
        action = rng.choice([i for i, ok in enumerate(observed["action_mask"]) if ok])
        seen.append((agent, observed["observation"].tobytes(), dict(game.rewards)))
        game.step(action)
    if steps is None:
        seen.append(dict(game.final_rewards))
        game.reset()
        seen.append(
            (game.agent_selection, game.observe(game.agent_selection)["action_mask"].tobytes())
        )
    return seen


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name", VARIANTS)
def test_a_pettingzoo_env_travels_mid_episode_and_plays_on(name: str, module: ModuleType) -> None:
    pytest.importorskip("pettingzoo")
    from seep.pettingzoo import raw_env

    game = raw_env(variant=_variant(name))
    game.reset(seed=6)
    _pettingzoo_rest(game, random.Random(6), steps=25)
    copy = _travel(module, game)
    assert _pettingzoo_rest(copy, random.Random(2)) == _pettingzoo_rest(game, random.Random(2))


def _openspiel_step(state: Any, rng: random.Random) -> tuple[Any, ...]:
    """Deal a card by its chance or play a random legal id; what the state offered."""
    if state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, chances)[0])
        return outcomes
    legal = state.legal_actions()
    offered = (state.current_player(), tuple(legal), state.information_state_string())
    state.apply_action(rng.choice(legal))
    return offered


def _openspiel_rest(state: Any, rng: random.Random) -> list[Any]:
    seen = []
    while not state.is_terminal():
        seen.append(_openspiel_step(state, rng))
    return [*seen, tuple(state.returns())]


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name", VARIANTS)
def test_an_openspiel_state_travels_and_plays_on(name: str, module: ModuleType) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import seep.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game(f"python_seep(variant={_variant(name).name})")
    state = game.new_initial_state()
    rng = random.Random(8)
    for _ in range(90):  # the deal, the bid and some plays
        _openspiel_step(state, rng)
    copy = _travel(module, state)
    assert copy.history() == state.history() and str(copy) == str(state)
    assert _openspiel_rest(copy, random.Random(4)) == _openspiel_rest(state, random.Random(4))
    assert _travel(module, game).get_parameters() == game.get_parameters()

"""The fast id path: a move chosen id by id offers, step by step, the ids of ``legal_actions``.

The environments (OpenSpiel, PettingZoo, Gymnasium) step through
:class:`seep._encoding.walk.Walk`, which answers each id from the step
before and plays the move it completes without a second check. These
tests hold it to the checked path on random play: the same ids at every
step (R3.1), the same move at the end, and the same state after it.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from seep import IllegalMoveError, apply_move, legal_moves, new_deal
from seep._encoding.packing import Packing
from seep._encoding.walk import Walk, walk_of
from seep._engine.transition import transition
from seep._players.stepper import Stepper
from seep.actions import NUM_ACTIONS, legal_actions, move_of
from seep.observation import observation_vector
from seep.state import State
from seep.variants import Variant
from seep.views import Observer, observe, observe_table
from test_actions import crowded
from variant_zoo import COMBINED, HEARTS, HOUSE_ROUND_HANDS_FIRST, registered

VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")


def play_and_compare(state: State, rng: random.Random, observed: bool = False) -> State:
    """One random move id by id, the walk checked against ``legal_actions`` and ``move_of``; the state after.

    ``observed``: the mover's observation is read first, as the environments
    read it (the walk then takes the played card's plan from its options).
    """
    walk = walk_of(state)
    if observed and state.to_move is not None:
        Packing(state.variant).pack(state, state.to_move, walk.position)
    prefix: tuple[int, ...] = ()
    while True:
        assert walk.prefix == prefix
        assert walk.legal == legal_actions(state, prefix)
        action = rng.choice(walk.legal)
        prefix = (*prefix, action)
        after = walk.step(action)
        if isinstance(after, Walk):
            assert legal_actions(state, prefix) != ()
            walk = after
            continue
        assert legal_actions(state, prefix) == ()
        assert after == move_of(state, prefix)
        assert type(after) is type(move_of(state, prefix))
        played = transition(state, after)
        assert played == apply_move(state, after)
        return played


def deal_and_compare(variant: str | Variant, seed: int, observed: bool = False) -> int:
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    moves = 0
    while not state.is_over:
        state = play_and_compare(state, rng, observed)
        moves += 1
    assert walk_of(state).legal == () == legal_actions(state)
    return moves


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_walk_offers_the_ids_of_legal_actions_in_random_deals(variant: str) -> None:
    assert sum(deal_and_compare(variant, seed) for seed in range(4)) > 40


@pytest.mark.parametrize(
    "variant", [*VARIANTS, COMBINED], ids=lambda v: v if isinstance(v, str) else v.name
)
def test_the_walk_after_an_observation_offers_the_ids_of_legal_actions(
    variant: str | Variant,
) -> None:
    rules = registered(variant) if isinstance(variant, Variant) else variant
    assert sum(deal_and_compare(rules, seed, observed=True) for seed in range(4)) > 40


@pytest.mark.parametrize("zoo", [HOUSE_ROUND_HANDS_FIRST, COMBINED], ids=lambda v: v.name)
def test_the_walk_offers_the_ids_of_legal_actions_in_custom_variants(zoo: Variant) -> None:
    variant = registered(zoo)
    assert sum(deal_and_compare(variant, seed) for seed in range(3)) > 30


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_walk_offers_the_ids_of_legal_actions_on_crowded_floors(variant: str) -> None:
    checked = 0
    for seed in range(24):
        state = crowded(variant, seed)
        if state is not None:
            rng = random.Random(seed)
            for _ in range(5):
                play_and_compare(state, rng)
            checked += 1
    assert checked >= 8


def test_an_id_not_offered_is_refused_as_legal_actions_refuses_it() -> None:
    state = new_deal("standard", seed=10)
    walk = walk_of(state)
    with pytest.raises(IllegalMoveError) as walked:
        walk.step(52)  # R2.4: bid 9 without a nine in hand
    with pytest.raises(IllegalMoveError) as checked:
        legal_actions(state, (52,))
    assert (walked.value.rule, str(walked.value)) == (checked.value.rule, str(checked.value))
    with pytest.raises(TypeError):
        walk.step("53")  # type: ignore[arg-type]
    assert walk.prefix == ()  # nothing changed


def test_r3_1_a_walk_from_a_prefix_checks_every_id() -> None:
    state = new_deal("standard", seed=10)
    with pytest.raises(IllegalMoveError, match=r"R2\.4"):
        walk_of(state, (52,))
    with pytest.raises(IllegalMoveError, match=r"R3\.1"):
        walk_of(state, (53,))  # a whole move


def test_a_walk_copies_as_itself_and_pickles_as_its_state_and_prefix() -> None:
    state = new_deal("standard", seed=3)
    state = apply_move(state, move_of(state, (walk_of(state).legal[0],)))
    walk = walk_of(state).step(walk_of(state).legal[-1])
    assert isinstance(walk, Walk)
    assert copy.deepcopy(walk) is walk
    again = pickle.loads(pickle.dumps(walk))
    assert (again.state, again.prefix, again.legal) == (walk.state, walk.prefix, walk.legal)


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_observer_makes_the_views_observe_makes_over_a_deal(variant: str) -> None:
    rng = random.Random(5)
    state = new_deal(variant, seed=5)
    observer = Observer()
    while not state.is_over:
        for seat in range(state.players):
            view = observer.observe(state, seat)
            assert view == observe(state, seat)
            assert observation_vector(observe_table(state, seat)) == observation_vector(view)
        state = apply_move(state, rng.choice(legal_moves(state)))
    other = new_deal(variant, seed=6)  # a history that does not continue the last
    assert observer.observe(other, 0) == observe(other, 0)


def test_a_stepper_pickled_mid_move_keeps_its_ids_and_no_cache() -> None:
    stepper = Stepper("standard", seed=4)
    rng = random.Random(4)
    while len(stepper.prefix) < 2:  # into a move of two ids or more
        stepper.step(rng.choice(stepper.legal()))
    copied = pickle.loads(pickle.dumps(stepper))
    assert copied._walk is not None and copied._walk is not stepper._walk
    assert (copied.state, copied.prefix, copied.legal()) == (
        stepper.state,
        stepper.prefix,
        stepper.legal(),
    )
    while not stepper.is_over:
        action = rng.choice(stepper.legal())
        stepper.step(action)
        copied.step(action)
        assert copied.state == stepper.state and copied.prefix == stepper.prefix
        assert copied.legal() == stepper.legal()


def test_the_pettingzoo_mask_is_one_read_only_array_per_step() -> None:
    np = pytest.importorskip("numpy")
    pettingzoo = pytest.importorskip("seep.pettingzoo")
    game = pettingzoo.raw_env(variant="standard")
    game.reset(seed=2)
    agent = game.agent_selection
    first, again = game.observe(agent)["action_mask"], game.observe(agent)["action_mask"]
    assert first is again and not first.flags.writeable
    assert list(np.flatnonzero(first)) == list(game.unwrapped._stepper.legal())
    game.step(int(np.flatnonzero(first)[0]))
    after = game.observe(game.agent_selection)["action_mask"]
    assert list(np.flatnonzero(after)) == list(game.unwrapped._stepper.legal())
    assert not after.flags.writeable  # shared by every step with the same legal ids


@pytest.mark.parametrize("variant", [*VARIANTS, COMBINED, HEARTS])
def test_the_steppers_observations_are_the_observation_vectors_built_from_scratch(
    variant: str | Variant,
) -> None:
    # The environments' observations are packed straight from the state as the bits
    # of one int and a few counts (the mover's options read the walk's position),
    # made once per state and seat; then one mark per id of the move in progress.
    # Every seat's, at every id of random deals, is the view's vector as
    # observation_vector builds it from scratch, bit for bit.
    np = pytest.importorskip("numpy")
    from seep._players.arrays import Arrays

    rules = registered(variant) if isinstance(variant, Variant) else variant
    for seed in (8, 9, 10):
        stepper = Stepper(rules, seed=seed)
        arrays = Arrays(stepper.variant)
        rng = random.Random(seed)
        while True:
            state = stepper.state
            for seat in range(state.players):
                observation = arrays.observation(stepper, seat)
                assert observation.dtype == np.int32
                marks = [0] * NUM_ACTIONS
                for action in stepper.prefix if seat == stepper.seat else ():
                    marks[action] = 1
                vector = observation_vector(observe_table(state, seat))
                assert tuple(observation.tolist()) == (*vector, *marks)
            if stepper.is_over:
                break
            stepper.step(rng.choice(stepper.legal()))


def test_an_observation_is_a_new_writable_array_at_every_call_and_a_pickle_has_no_cache() -> None:
    pytest.importorskip("numpy")
    from seep._players.arrays import Arrays

    stepper = Stepper("standard", seed=3)
    arrays = Arrays(stepper.variant)
    first = arrays.observation(stepper, 1)
    first[0] = 99
    again = arrays.observation(stepper, 1)
    assert again is not first and again[0] != 99 and again.flags.writeable
    arrays.mask(stepper)
    copied = pickle.loads(pickle.dumps(arrays))
    assert copied._packed == {} and copied._mask_of is None
    assert (copied.observation(stepper, 1) == again).all()


def test_an_observer_gives_observes_views_when_states_jump_between_deals_and_back() -> None:
    # One observer decodes each history once for every seat; a history that does not
    # continue the last one (an earlier state, another deal) starts again.
    rng = random.Random(12)
    deals = []
    for seed in (12, 13):
        state = new_deal("standard", seed=seed)
        states = [state]
        while not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
            states.append(state)
        deals.append(states)
    observer = Observer()
    picks = [(0, 3), (0, 9), (1, 2), (0, 10), (0, 4), (1, 40), (1, 41), (0, 49), (1, 5)]
    for deal, index in picks:
        state = deals[deal][index]
        for seat in rng.sample(range(4), 3):
            assert observer.observe(state, seat) == observe(state, seat)

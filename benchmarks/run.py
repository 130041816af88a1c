"""The seep benchmark suite.

Run from the repository root::

    python benchmarks/run.py [--quick] [--seconds S] [--json OUT.json] [--compare OLD.json [NEW.json]]

Machines are shared and noisy, so every run first measures a fixed
pure-Python **baseline** (shuffling and sorting 52-element lists) in the same
process, and every figure is printed as a raw number and as a ratio to that
baseline (for memory: to the size of a fixed pure-Python object). Compare the
ratios between runs, not the raw numbers: ``--compare OLD.json`` runs the
suite and prints, for every benchmark, ``ratio now / ratio then`` (above 1:
faster, or for memory and latency larger); ``--compare OLD.json NEW.json`` compares two
saved runs without running anything. ``--json`` saves the results with the
machine's description.

What is measured (every position is built deterministically from seeds; the
suite stores nothing):

``deals/s <variant>``
    Whole random deals of each built-in variant, through the public API
    only: ``new_deal(seed)``, then ``apply_move(state,
    rng.choice(legal_moves(state)))`` until the deal is over, keeping only
    the current state. The figure covers dealing, generation and
    ``apply_move``. Untimed deals of every variant are played first, so that
    the engine's search caches are as warm as in any long run; each variant
    is then timed for twice ``--seconds``.
``openspiel steps/s <variant>``, ``openspiel deals/s <variant>``
    With the ``openspiel`` extra installed: whole random deals through the
    OpenSpiel game (:mod:`seep.openspiel`), chance outcomes drawn by their
    probabilities and every other step a uniformly random legal action id.
    A step is one action: a card dealt, or one id of a move. Compare the
    deals/s with ``deals/s <variant>`` above for the adapter's cost.
``legal_moves/s``
    ``legal_moves`` with its per-state cache cleared, over a corpus of early
    (plies 0-8), middle (20-28) and late (40-47) positions of seeded deals of
    all four variants. ``legal_moves`` returns a lazy
    :class:`seep.MoveList` (the moves are counted, and built when asked
    for), so the corpus is also measured with every move built
    (``tuple(legal_moves(state))``).
``apply_move/s (cached)``, ``apply_move/s (uncached)``
    ``apply_move`` of the first legal move over the same corpus, with the
    legal-move cache filled (legality is a set lookup) and cleared
    (legality is checked by the generator).
``hash/s``, ``eq/s (equal)``, ``eq/s (unequal)``
    ``hash`` of corpus states with the cached hash cleared; ``==`` between a
    state and an equal copy (a distinct object), and between neighbouring
    states of the corpus.
``bytes/state``
    ``tracemalloc``: memory per state kept, for the states of seeded deals
    (states share their unchanged parts, as in a search tree; the deals are
    played once before, so that the engine's caches are not counted) and
    for standalone states loaded from JSON documents.
``peak MB`` (random standard deals, random taash deals, crowded floors)
    The peak resident memory (``VmHWM`` on Linux) of a fresh process running one
    workload of ``benchmarks/memory.py``: 2,000 random deals of a variant
    (200 with ``--quick``), or 2,000 crowded floors of 14 to 22 loose cards
    (200), counted and ten moves built from each. The ratio is to the same
    process's peak before the workload (the interpreter with seep
    imported): what the engine's caches and the play add, under the
    default cache budget.
``SearchBot iterations/s``, ``sample_state samples/s`` (standard)
    Seeded positions of standard deals (plies 4, 12, 24 and 36): one
    :class:`seep.bots.SearchBot` decision of a fixed number of iterations
    (each samples a consistent state, walks the tree and plays a short
    rollout), and :func:`seep.sampling.sample_state` from the mover's view
    (the consistent sampler, exact with the view's history).
``solves/s (standard, N plays left)``
    :func:`seep.solver.solve` from scratch on positions 4, 8 and 12 plays
    before the end of seeded random standard deals (``benchmarks/solver.py``
    prints the median and spread of single solves).
``sample_state median ms``, ``p99 ms``, ``max ms`` (<variant>)
    The latency of exact sampling in every built-in variant
    (``benchmarks/sampling_rate.py --latency``): greedy deals (4, or 1 with
    ``--quick``), and at every fourth play one
    :func:`seep.sampling.sample_state` of every seat's view, a view not
    sampled before; the CPU time of one call. The ratio is the latency in
    baseline units (the baseline's work done in that time): lower is faster.
``count/s``, ``legal_moves listed/s``, ``MoveChoice walk/s`` (crowded)
    On crowded floors (12 to 20 loose cards, 3 in hand, standard and
    taash, up to a few thousand legal moves each) and on floors with many
    houses: ``count_legal_moves``, every legal move built (cache cleared)
    and a seeded random walk through :class:`seep.choice.MoveChoice` to a
    complete move.
``count_legal_moves/s (fresh 20 loose, <variant>)``, ``count_legal_moves/s (28-card floor)``
    :func:`seep.count_legal_moves` on floors never seen before: seeded
    floors of 20 loose cards with 3 in hand (standard and taash, up to
    about a hundred thousand moves each), counted with the engine's search
    caches emptied, and the standard floor of 28 loose cards and 3 in hand
    of ``tests/test_counting.py`` (21,775,727 moves).
``legal_actions calls/s`` (20 loose cards, standard and taash)
    Seeded floors of 20 loose cards with 3 or 6 cards in hand (tens of
    thousands of legal moves on some): seeded random walks through
    :func:`seep.actions.legal_actions`, one call per id, from the empty
    prefix to a complete move.
``random ids/s (seep.actions)``, ``random steps/s (PettingZoo)`` (standard, taash)
    Whole random deals played one action id at a time: through the
    library's own id stepper (each id uniformly among
    :func:`seep.actions.legal_actions`), and as PettingZoo episodes of
    :mod:`seep.pettingzoo` (``last()``, a random id from the action mask,
    ``step``); the second only with the ``pettingzoo`` extra installed.
    Their ratio is the environment's cost per step on top of the library.
``id path ratio (<path>, standard)``
    Random standard deals played one id at a time through ``seep.actions``
    (the id stepper), OpenSpiel, PettingZoo and Gymnasium (one seat against
    random bots, the observation read at every step), each as deals/s over
    the library's own random deals/s, both in the process's CPU time, best of
    three interleaved rounds, each of deals not played before in the run
    (:func:`id_path_ratios`). Targets:
    0.6, 0.5, 0.3 and 0.3 (:data:`ID_PATH_TARGETS`). These are ratios of
    two rates, not ratios to the baseline.

Benchmarks are never timed assertions in the tests; ``tests/test_benchmarks.py``
only runs ``--quick`` with tiny durations and checks the JSON's shape.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib.util
import json
import os
import platform
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

import attrs

import seep
from seep import (
    apply_move,
    count_legal_moves,
    legal_moves,
    new_deal,
    state_from_dict,
    state_to_dict,
)
from seep._players.stepper import Stepper
from seep.actions import legal_actions
from seep.bots import SearchBot
from seep.cards import ALL_CARDS
from seep.choice import MoveChoice
from seep.errors import SeepError
from seep.moves import Move
from seep.rules import MoveList
from seep.sampling import sample_state
from seep.solver import solve
from seep.state import State
from seep.testing import position
from seep.variants import BUILT_IN_NAMES
from seep.views import View, observe

FORMAT = "seep-bench/1"
VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")


# -- measuring ---------------------------------------------------------------


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second, over at least ``seconds`` (and at least one call)."""
    done = 0
    start = time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def cpu_rate(work: Callable[[], int], seconds: float) -> float:
    """As :func:`rate`, per second of this process's CPU time."""
    done = 0
    start = time.process_time()
    while True:
        done += work()
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def baseline() -> int:
    """The fixed pure-Python workload: shuffle and sort a 52-element list 50 times (1 unit)."""
    rng = random.Random(0)
    deck = list(range(52))
    for _ in range(50):
        rng.shuffle(deck)
        sorted(deck)
    return 1


def baseline_bytes() -> float:
    """The memory baseline: bytes of a fixed pure-Python record (a dict of 14 small values)."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [{f"field{i}": (i, str(i), [i] * 4) for i in range(14)} for _ in range(200)]
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (after - before) / len(kept)


# -- positions ---------------------------------------------------------------


def random_deal(variant: str, seed: int) -> list[State]:
    """Every state of one seeded deal played by uniformly random legal moves."""
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    states = [state]
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


def play_random_deal(variant: str, seed: int) -> State:
    """:func:`random_deal` as the deals/s benchmark times it: only the final state is kept."""
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def clear_caches(state: State) -> None:
    """Forget the state's cached legal moves and hash."""
    object.__setattr__(state, "_legal_cache", None)
    if hasattr(state, "_attrs_cached_hash"):
        object.__setattr__(state, "_attrs_cached_hash", None)


def deals_of(variant: str, first_seed: int) -> Callable[[], int]:
    """A unit of work for :func:`rate`: one random deal of ``variant``, the next seed each call."""
    seeds = iter(range(first_seed, first_seed + 10**9))

    def one_deal() -> int:
        play_random_deal(variant, next(seeds))
        return 1

    return one_deal


def openspiel_deals(
    variant: str, first_seed: int
) -> tuple[Callable[[], int], dict[str, int]] | None:
    """Random deals through the OpenSpiel game: a unit of work (its steps) and a tally.

    The tally counts the steps and deals done so far.

    ``None`` if OpenSpiel is not installed.
    """
    try:
        import pyspiel

        import seep.openspiel  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game(f"python_seep(variant={variant})")
    seeds = iter(range(first_seed, first_seed + 10**9))
    tally = {"steps": 0, "deals": 0}

    def one_deal() -> int:
        rng = random.Random(next(seeds))
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                cards, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(cards, chances)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        tally["steps"] += steps
        tally["deals"] += 1
        return steps

    return one_deal, tally


def openspiel_work(variant: str, first_seed: int) -> Callable[[], int] | None:
    """The unit of work of :func:`openspiel_deals` alone (``None`` without OpenSpiel)."""
    found = openspiel_deals(variant, first_seed)
    return None if found is None else found[0]


def uncached(states: Sequence[State], operation: Callable[[State], object]) -> Callable[[], int]:
    """A unit of work for :func:`rate`: ``operation`` on each state, its legal-move cache cleared."""

    def work() -> int:
        for state in states:
            object.__setattr__(state, "_legal_cache", None)
            operation(state)
        return len(states)

    return work


def play_corpus(deals: int) -> list[State]:
    """Early, middle and late positions of seeded random deals of every variant."""
    found: list[State] = []
    for variant in VARIANTS:
        for seed in range(deals):
            states = random_deal(variant, 1000 + seed)
            for ply in (*range(0, 9, 2), *range(20, 29, 2), *range(40, 48, 2)):
                if ply < len(states) and not states[ply].is_over:
                    found.append(states[ply])
    for state in found:
        clear_caches(state)
    return found


def crowded_corpus(per_size: int, max_moves: int = 5000) -> list[State]:
    """Seeded crowded floors (12..20 loose cards, 3 in hand) and floors with many houses."""
    found: list[State] = []
    cards = [str(card) for card in ALL_CARDS]
    for variant in ("standard", "taash"):
        for loose in (12, 14, 16, 18, 20):
            seed = 0
            kept = 0
            while kept < per_size:
                rng = random.Random(f"{variant}/{loose}/{seed}")
                seed += 1
                deck = cards[:]
                rng.shuffle(deck)
                state = position(
                    variant, hand=" ".join(deck[:3]), loose=" ".join(deck[3 : 3 + loose])
                )
                if count_legal_moves(state) <= max_moves:
                    found.append(state)
                    kept += 1
    found.extend(houses_corpus(per_size * 2))
    for state in found:
        clear_caches(state)
    return found


def houses_corpus(count: int) -> list[State]:
    """Seeded floors with four or five houses (9..13) and 4 to 8 loose cards."""
    found: list[State] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(f"houses/{seed}")
        seed += 1
        values = sorted(rng.sample(range(9, 14), rng.choice((4, 5))))
        deck = list(range(52))
        rng.shuffle(deck)
        houses = []
        for value in values:
            # One pair of cards summing to the value (an open house), or two (locked).
            group: list[int] = []
            for _ in range(2 if rng.random() < 0.3 else 1):
                pair = _pair_summing(deck, value, rng)
                if pair is not None:
                    group.extend(pair)
            if group:
                owners = [rng.randrange(1, 4)]
                houses.append((value, " ".join(str(ALL_CARDS[c]) for c in group), owners))
        hand = " ".join(str(ALL_CARDS[c]) for c in deck[:3])
        loose = " ".join(str(ALL_CARDS[c]) for c in deck[3 : 3 + rng.randint(4, 8)])
        try:
            state = position("standard", hand=hand, loose=loose, houses=houses, to_move=0)
        except SeepError:
            continue
        found.append(state)
    return found


def _pair_summing(deck: list[int], value: int, rng: random.Random) -> list[int] | None:
    """Remove and return two cards of ``deck`` whose capture values sum to ``value``."""
    candidates = [
        (i, j)
        for i in range(3, len(deck))
        for j in range(i + 1, len(deck))
        if deck[i] // 4 + deck[j] // 4 + 2 == value
    ]
    if not candidates:
        return None
    i, j = rng.choice(candidates)
    pair = [deck[i], deck[j]]
    del deck[j], deck[i]
    return pair


def twenty_loose(variant: str, count: int) -> list[State]:
    """Seeded floors of 20 loose cards, with 3 or 6 cards in hand."""
    found: list[State] = []
    cards = [str(card) for card in ALL_CARDS]
    for seed in range(count):
        rng = random.Random(f"{variant}/twenty/{seed}")
        deck = cards[:]
        rng.shuffle(deck)
        size = 3 if seed % 2 else 6
        hand = " ".join(deck[:size])
        found.append(position(variant, hand=hand, loose=" ".join(deck[size : size + 20])))
    return found


def fresh_counts(states: Sequence[State]) -> Callable[[], int]:
    """A unit of work for :func:`rate`: count each state's moves, with every cache emptied first."""

    def work() -> int:
        for state in states:
            seep.clear_caches()
            clear_caches(state)
            count_legal_moves(state)
        return len(states)

    return work


def floor_28() -> State:
    """The standard floor of 28 loose cards and 3 in hand of ``tests/test_counting.py``."""
    deck = [str(card) for card in ALL_CARDS]
    random.Random("standard/28/88").shuffle(deck)
    return position("standard", hand=" ".join(deck[:3]), loose=" ".join(deck[3:31]))


def count_benchmarks(seconds: float, quick: bool, record: Callable[[str, float], None]) -> None:
    """The ``count_legal_moves`` benchmarks on fresh crowded floors (see the module docstring)."""
    cards = [str(card) for card in ALL_CARDS]
    for variant in ("standard", "taash"):
        floors = []
        for seed in range(4 if quick else 30):
            deck = cards[:]
            random.Random(f"{variant}/count/{seed}").shuffle(deck)
            hand, loose = " ".join(deck[:3]), " ".join(deck[3:23])
            floors.append(position(variant, hand=hand, loose=loose))
        record(
            f"count_legal_moves/s (fresh 20 loose, {variant})", rate(fresh_counts(floors), seconds)
        )
    record("count_legal_moves/s (28-card floor)", rate(fresh_counts([floor_28()]), seconds))


def action_walk(state: State, rng: random.Random) -> int:
    """A random walk through :func:`seep.actions.legal_actions` to a complete move; the calls made."""
    ids: tuple[int, ...] = ()
    calls = 1
    while following := legal_actions(state, ids):
        ids = (*ids, rng.choice(following))
        calls += 1
    return calls


def id_deals(variant: str, first_seed: int) -> Callable[[], int]:
    """A unit of work for :func:`rate`: a random deal played id by id through :mod:`seep.actions`; the ids sent."""
    seeds = iter(range(first_seed, first_seed + 10**9))

    def one_deal() -> int:
        seed = next(seeds)
        stepper = Stepper(variant, seed=seed)
        rng = random.Random(seed)
        sent = 0
        while not stepper.is_over:
            stepper.step(rng.choice(stepper.legal()))
            sent += 1
        return sent

    return one_deal


def pettingzoo_deals(variant: str, first_seed: int) -> Callable[[], int] | None:
    """A unit of work for :func:`rate`: a random episode of :mod:`seep.pettingzoo`, masked; the steps.

    ``None`` without the ``pettingzoo`` extra.
    """
    try:
        import numpy as np

        from seep.pettingzoo import raw_env
    except ImportError:
        return None
    game = raw_env(variant=variant)
    seeds = iter(range(first_seed, first_seed + 10**9))

    def one_episode() -> int:
        seed = next(seeds)
        game.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        for _agent in game.agent_iter():
            observation, _, termination, truncation, _ = game.last()
            if termination or truncation:
                game.step(None)
                continue
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps

    return one_episode


def gymnasium_deals(variant: str, first_seed: int) -> Callable[[], int] | None:
    """A unit of work for :func:`rate`: a random episode of :mod:`seep.gymnasium` against random bots; its steps.

    The agent sends a random id from ``info["action_mask"]`` and reads the
    observation at every step. ``None`` without the ``gymnasium`` extra.
    """
    try:
        import numpy as np

        from seep.gymnasium import SeepEnv
    except ImportError:
        return None
    game = SeepEnv(variant, seat=0, opponents="random")
    seeds = iter(range(first_seed, first_seed + 10**9))

    def one_episode() -> int:
        seed = next(seeds)
        observation, info = game.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        done = False
        while not done:
            observation.sum()  # the observation read
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, _, done, _, info = game.step(action)
            steps += 1
        return steps

    return one_episode


def per_deal(work: Callable[[], int]) -> Callable[[], int]:
    """``work`` counted in deals (one per call), not in the steps it returns."""

    def one_deal() -> int:
        work()
        return 1

    return one_deal


def search_views(deals: int) -> list[tuple[View, MoveList]]:
    """The movers' views (and legal moves) at plies 4, 12, 24 and 36 of seeded standard deals."""
    found: list[tuple[View, MoveList]] = []
    for seed in range(deals):
        states = random_deal("standard", 2000 + seed)
        for ply in (4, 12, 24, 36):
            state = states[ply]
            assert state.to_move is not None
            found.append((observe(state, state.to_move), legal_moves(state)))
    return found


def search_iterations(views: list[tuple[View, MoveList]], iterations: int) -> Callable[[], int]:
    """A unit of work for :func:`rate`: one seeded ``SearchBot`` decision per view; the iterations run."""

    def work() -> int:
        done = 0
        for index, (view, moves) in enumerate(views):
            bot = SearchBot(seed=index, iterations=iterations)
            bot.choose(view, moves)
            done += iterations if len(moves) > 1 else 0
        return max(done, 1)

    return work


def samples_of(views: list[tuple[View, MoveList]]) -> Callable[[], int]:
    """A unit of work for :func:`rate`: one seeded ``sample_state`` per view; the samples drawn."""
    rng = random.Random(0)

    def work() -> int:
        for view, _ in views:
            sample_state(view, rng)
        return len(views)

    return work


def endgames(plays_left: int, deals: int) -> list[State]:
    """Positions ``plays_left`` plays before the end of seeded random standard deals."""
    return [random_deal("standard", 3000 + seed)[-1 - plays_left] for seed in range(deals)]


def solves(states: Sequence[State]) -> Callable[[], int]:
    """A unit of work for :func:`rate`: each position solved from scratch; the solves made."""

    def work() -> int:
        for state in states:
            solve(state)
        return len(states)

    return work


def choice_walk(state: State, rng: random.Random) -> Move:
    """A random walk through :class:`MoveChoice` to a complete move."""
    choice = MoveChoice.start(state)
    while choice.move is None:
        choice = choice.choose(rng.choice(choice.options()))
    return choice.move


# -- the suite ----------------------------------------------------------------


@attrs.frozen
class Result:
    name: str
    value: float
    unit: str
    ratio: float


def build() -> str:
    """``compiled`` if the move generator was compiled with mypyc (see docs/performance.md), else ``pure``."""
    import seep._engine.generate

    return "pure" if seep._engine.generate.__file__.endswith(".py") else "compiled"


def machine() -> dict[str, Any]:
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpu_count": os.cpu_count(),
        "seep": seep.__version__,
        "build": build(),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    }


#: The id paths measured against the library's own random play, and the ratio each should reach.
ID_PATH_TARGETS = {"seep.actions": 0.6, "OpenSpiel": 0.5, "PettingZoo": 0.3, "Gymnasium": 0.3}


def id_path_ratios(seconds: float, record: Callable[[str, float], None]) -> None:
    """Random standard deals through each id path, as a ratio to the library's random deals/s.

    Both rates are in this process's CPU time (other processes on a shared
    machine take wall-clock time, not this process's CPU time), measured in
    three interleaved rounds of the library and the path; the ratio is of
    the best round of each. Every round plays deals not played before in
    the run, as the suite's ``deals/s`` and any long run do: playing the
    same deals again would find their floors' searches in the engine's
    caches, which helps the library's own play (mostly searches) more than
    the paths (mostly the work of ids and observations).
    """
    paths: dict[str, Callable[[int], Callable[[], int] | None]] = {
        "seep.actions": lambda seed: id_deals("standard", seed),
        "OpenSpiel": lambda seed: openspiel_work("standard", seed),
        "PettingZoo": lambda seed: pettingzoo_deals("standard", seed),
        "Gymnasium": lambda seed: gymnasium_deals("standard", seed),
    }
    for number, (name, make) in enumerate(paths.items()):
        if make(0) is None:
            continue
        library = path = 0.0
        for round_ in range(3):
            seed = _ROUND_SEEDS * (3 * number + round_ + 1)
            library = max(library, cpu_rate(deals_of("standard", seed), seconds / 2))
            # Not the library's deals of the round (the id stepper deals as it does).
            work = make(seed + _ROUND_SEEDS // 2)
            assert work is not None
            path = max(path, cpu_rate(per_deal(work), seconds / 2))
        record(f"id path ratio ({name}, standard)", path / library)


#: The seeds of each round of :func:`id_path_ratios` start at a multiple of this (far above the suite's other seeds).
_ROUND_SEEDS: Final = 10**7


def run_suite(seconds: float, quick: bool) -> dict[str, Any]:
    """Run every benchmark for about ``seconds`` each; the JSON document of the run."""
    results: list[Result] = []
    # The baseline is measured at the start, in the middle and at the end; the
    # ratios use its mean, which evens out some of a shared machine's drift.
    bases = [rate(baseline, seconds)]
    rates: list[tuple[str, float]] = []

    def record(name: str, value: float) -> None:
        rates.append((name, value))
        print(f"[{len(rates):>2}] {name}", file=sys.stderr)

    # A warm-up first: the engine caches its floor searches, and a long run
    # (a simulation, a search) works with warm caches. Its deals are not timed.
    for variant in VARIANTS:
        rate(deals_of(variant, first_seed=10**9), seconds)
    for variant in VARIANTS:
        record(f"deals/s {variant}", rate(deals_of(variant, first_seed=0), 2 * seconds))

    for variant in VARIANTS:
        adapter = openspiel_deals(variant, first_seed=0)
        if adapter is not None:
            work, tally = adapter
            steps = rate(work, 2 * seconds)
            record(f"openspiel steps/s {variant}", steps)
            record(f"openspiel deals/s {variant}", steps * tally["deals"] / tally["steps"])

    positions = play_corpus(1 if quick else 6)
    moves = {id(state): legal_moves(state)[0] for state in positions}

    record("legal_moves/s (play corpus)", rate(uncached(positions, legal_moves), seconds))
    record(
        "legal_moves listed/s (play corpus)",
        rate(uncached(positions, lambda state: tuple(legal_moves(state))), seconds),
    )

    def apply_cached() -> int:
        for state in positions:
            legal_moves(state)
            apply_move(state, moves[id(state)])
        return len(positions)

    def apply_uncached(state: State) -> State:
        return apply_move(state, moves[id(state)])

    record("apply_move/s (cached legality)", rate(apply_cached, seconds))
    record("apply_move/s (uncached legality)", rate(uncached(positions, apply_uncached), seconds))

    def hash_all() -> int:
        for state in positions:
            clear_caches(state)
            hash(state)
        return len(positions)

    copies = [(state, state_from_dict(state_to_dict(state))) for state in positions]
    neighbours = list(pairwise(positions))

    def eq_equal() -> int:
        for state, copy in copies:
            state == copy  # noqa: B015
        return len(copies)

    def eq_unequal() -> int:
        for state, other in neighbours:
            state == other  # noqa: B015
        return len(neighbours)

    record("hash/s (cache cleared)", rate(hash_all, seconds))
    record("eq/s (equal copies)", rate(eq_equal, seconds))
    record("eq/s (unequal states)", rate(eq_unequal, seconds))

    views = search_views(1 if quick else 4)
    record("SearchBot iterations/s (standard)", rate(search_iterations(views, 20), seconds))
    record("sample_state samples/s (standard)", rate(samples_of(views), seconds))
    for plays_left in (4, 8, 12):
        corpus = endgames(plays_left, 2 if quick else 10)
        record(f"solves/s (standard, {plays_left} plays left)", rate(solves(corpus), seconds))
    latencies = sampling_latencies(quick)

    bases.append(rate(baseline, seconds))
    memory_base = baseline_bytes()
    for name, value in memory(quick).items():
        results.append(Result(name, value, "bytes", value / memory_base))
    results.append(Result("baseline bytes/record", memory_base, "bytes", 1.0))
    for name, (peak, start) in peak_memory(quick).items():
        results.append(Result(name, peak, "MB", peak / start))

    crowded = crowded_corpus(1 if quick else 3)

    walker = random.Random(0)
    record(
        "count_legal_moves/s (crowded corpus)", rate(uncached(crowded, count_legal_moves), seconds)
    )
    record(
        "legal_moves listed/s (crowded corpus)",
        rate(uncached(crowded, lambda state: tuple(legal_moves(state))), seconds),
    )
    record(
        "MoveChoice walks/s (crowded corpus)",
        rate(uncached(crowded, lambda state: choice_walk(state, walker)), seconds),
    )
    for variant in ("standard", "taash"):
        floors = twenty_loose(variant, 4 if quick else 12)

        def walks(floors: list[State] = floors) -> int:
            return sum(action_walk(state, walker) for state in floors)

        record(f"legal_actions calls/s (20 loose, {variant})", rate(walks, seconds))
    count_benchmarks(seconds, quick, record)
    for variant in ("standard", "taash"):
        record(f"random ids/s (seep.actions, {variant})", rate(id_deals(variant, 0), seconds))
        episodes = pettingzoo_deals(variant, 0)
        if episodes is not None:
            record(f"random steps/s (PettingZoo, {variant})", rate(episodes, seconds))
    id_path_ratios(seconds, record)
    bases.append(rate(baseline, seconds))

    base = sum(bases) / len(bases)
    results[:0] = [Result("baseline units/s", base, "per s", 1.0)] + [
        Result(name, value, "ratio", value)
        if name.startswith("id path ratio")
        else Result(name, value, "per s", value / base)
        for name, value in rates
    ]
    results += [Result(name, value, "ms", value / 1000 * base) for name, value in latencies]

    return {
        "format": FORMAT,
        "machine": machine(),
        "seconds": seconds,
        "baseline runs": bases,
        "quick": quick,
        "corpus": {
            "play positions": len(positions),
            "crowded positions": len(crowded),
            "crowded legal moves": sum(count_legal_moves(state) for state in crowded),
        },
        "results": {
            result.name: {"value": result.value, "unit": result.unit, "ratio": result.ratio}
            for result in results
        },
    }


def _live_bytes() -> int:
    """The bytes ``tracemalloc`` traces once garbage is collected (what is still reachable)."""
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def memory(quick: bool) -> dict[str, float]:
    """Bytes per state kept: the states of seeded deals, and standalone loaded states.

    The deals are played once before they are measured, so that what the
    engine caches of their floors (search answers, shared by every later
    state) is not counted as the states' memory.
    """
    deals = 1 if quick else 4
    for seed in range(deals):
        random_deal("standard", seed)
    tracemalloc.start()
    try:
        before = _live_bytes()
        kept = [state for seed in range(deals) for state in random_deal("standard", seed)]
        for state in kept:
            object.__setattr__(state, "_legal_cache", None)
        shared = (_live_bytes() - before) / len(kept)
        docs = [state_to_dict(state) for state in kept]
        before = _live_bytes()
        loaded = [state_from_dict(doc) for doc in docs]
        alone = (_live_bytes() - before) / len(loaded)
    finally:
        tracemalloc.stop()
    return {"bytes/state (a deal's states)": shared, "bytes/state (loaded alone)": alone}


def sibling(name: str) -> Any:
    """The module ``benchmarks/<name>.py`` beside this one."""
    spec = importlib.util.spec_from_file_location(
        f"seep_benchmarks_{name}", Path(__file__).with_name(f"{name}.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sampling_latencies(quick: bool) -> list[tuple[str, float]]:
    """Median, p99 and largest ``sample_state`` latency (ms) per built-in variant (see ``sampling_rate.py``)."""
    sampling = sibling("sampling_rate")
    found = []
    for variant in BUILT_IN_NAMES:
        seconds = sampling.latencies(variant, 1 if quick else 4)
        for name, value in sampling.distribution(seconds).items():
            found.append((f"sample_state {name} ({variant})", value))
    return found


def peak_memory(quick: bool) -> dict[str, tuple[float, float]]:
    """The peak resident memory of each workload of ``benchmarks/memory.py``, and the peak before it, in MB."""
    workloads = sibling("memory")
    size = 200 if quick else 2000
    found = {}
    for workload, label in (
        ("standard", "random standard deals"),
        ("taash", "random taash deals"),
        ("crowded", "crowded floors"),
    ):
        result = workloads.measure(workload, size)
        found[f"peak MB ({label})"] = (result["peak MB"], result["peak MB at start"])
    return found


# -- output ---------------------------------------------------------------------


def table(doc: dict[str, Any]) -> str:
    lines = [f"{'benchmark':<44}{'value':>14}  {'unit':<7}{'x baseline':>11}"]
    for name, result in doc["results"].items():
        shown = (
            f"{result['value']:>14.3f}"
            if result["unit"] in ("ratio", "ms")
            else f"{result['value']:>14,.1f}"
        )
        lines.append(f"{name:<44}{shown}  {result['unit']:<7}{result['ratio']:>11.4f}")
    return "\n".join(lines)


def comparison(old: dict[str, Any], new: dict[str, Any]) -> str:
    """Ratio of ratios, benchmark by benchmark (above 1: more per second, or more bytes, now)."""
    lines = [
        f"old: {old['machine'].get('date', '?')} {old['machine'].get('platform', '?')} "
        f"({old['machine'].get('build', 'pure')} build)",
        f"new: {new['machine'].get('date', '?')} {new['machine'].get('platform', '?')} "
        f"({new['machine'].get('build', 'pure')} build)",
        f"{'benchmark':<44}{'old ratio':>11}{'new ratio':>11}{'new/old':>9}",
    ]
    for name, result in new["results"].items():
        before = old["results"].get(name)
        if before is None or name.startswith("baseline"):
            continue
        change = result["ratio"] / before["ratio"] if before["ratio"] else float("nan")
        lines.append(f"{name:<44}{before['ratio']:>11.4f}{result['ratio']:>11.4f}{change:>9.3f}")
    missing = sorted(set(old["results"]) - set(new["results"]))
    if missing:
        lines.append("only in the old run: " + ", ".join(missing))
    return "\n".join(lines)


def load(path: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    if doc.get("format") != FORMAT:
        raise SystemExit(f"{path}: not a {FORMAT} document")
    return doc


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="The seep benchmark suite (see the module docstring for what is measured)."
    )
    parser.add_argument("--quick", action="store_true", help="small corpora and short runs")
    parser.add_argument(
        "--seconds", type=float, default=None, help="time per benchmark (default 1.0, quick 0.2)"
    )
    parser.add_argument("--json", help="write the results, with the machine's description")
    parser.add_argument(
        "--compare",
        nargs="+",
        metavar="JSON",
        help="OLD: run and compare with OLD; OLD NEW: compare two saved runs only",
    )
    args = parser.parse_args(argv)
    if args.compare and len(args.compare) > 2:
        parser.error("--compare takes OLD.json or OLD.json NEW.json")
    if args.compare and len(args.compare) == 2:
        print(comparison(load(args.compare[0]), load(args.compare[1])))
        return 0
    seconds = args.seconds if args.seconds is not None else (0.2 if args.quick else 1.0)
    doc = run_suite(seconds, args.quick)
    print(
        f"seep {seep.__version__} ({build()} build), Python {platform.python_version()}, "
        f"{platform.platform()}"
    )
    corpus = doc["corpus"]
    print(
        f"corpus: {corpus['play positions']} play positions, {corpus['crowded positions']} "
        f"crowded positions with {corpus['crowded legal moves']} legal moves in all"
    )
    print(table(doc))
    if args.json:
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    if args.compare:
        print()
        print(comparison(load(args.compare[0]), doc))
    return 0


if __name__ == "__main__":
    sys.exit(main())

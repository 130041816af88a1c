"""R3.4, R11.7: step-by-step move choice, lazy enumeration and counting agree with legal_moves."""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import islice

import pytest
from hypothesis import assume, given, settings

from seep import (
    Action,
    Build,
    CardSet,
    MoveChoice,
    State,
    Take,
    count_legal_moves,
    is_legal,
    iter_legal_moves,
    legal_moves,
)
from seep.cards import Card
from seep.choice import FINISH, expand
from seep.testing import position, reachable_states

CROWDED = [
    ("standard", "7S 9H 5D 9C", "AS 2S 3S 4S 5S 6S AH 2H", [(11, "5H 6H", [1])]),
    ("standard", "9H 9C 4D 2C", "AS 2S 3S 4S 5S AH 3H", [(9, "4C 5C", [0])]),
    ("standard-2p", "KS QH 6D 7C", "AS 2S 3S 4S 5S 6S AD 2D 3D", []),
    ("taash", "7S 9H 5D 9C", "AS 2S 3S 4S 5S 6S AH 2H", [(11, "5H 6H", [1])]),
    ("taash", "9H 9C 4D 2C", "AS 2S 3S 4S 5S AH 3H", [(9, "4C 5C", [0])]),
    ("taash-2p", "KS QH 6D 7C", "AS 2S 3S 4S 5S 6S AD 2D 3D", []),
]

LOW_20 = " ".join(f"{rank}{suit}" for rank in "A2345" for suit in "SHDC")


def crowded(index: int) -> State:
    variant, hand, loose, houses = CROWDED[index]
    return position(variant, hand=hand, loose=loose, houses=houses)


def check_agreement(state: State) -> None:
    moves = legal_moves(state)
    assert len(set(moves)) == len(moves)
    assert count_legal_moves(state) == len(moves)
    assert expand(MoveChoice.start(state)) == set(moves)


@pytest.mark.parametrize("index", range(len(CROWDED)), ids=lambda i: CROWDED[i][0])
def test_r3_4_choice_expands_to_legal_moves_on_crowded_floors(index: int) -> None:
    """R3.4, R11.7: every move reachable step by step is legal and every legal move is reachable."""
    state = crowded(index)
    assert len(legal_moves(state)) > 20
    check_agreement(state)


@pytest.mark.parametrize("index", range(len(CROWDED)), ids=lambda i: CROWDED[i][0])
def test_r11_7_count_and_lazy_iteration_match_legal_moves(index: int) -> None:
    """R11.7: count_legal_moves equals len(legal_moves); iter_legal_moves yields the same sequence lazily."""
    fresh = crowded(index)
    count = count_legal_moves(fresh)
    lazy = iter_legal_moves(fresh)
    assert isinstance(lazy, Iterator) and not isinstance(lazy, (tuple, list))
    head = list(islice(lazy, 3))
    assert head == list(legal_moves(crowded(index))[:3])
    assert head + list(lazy) == list(legal_moves(fresh))
    assert count == len(legal_moves(fresh))


@pytest.mark.parametrize("variant", ["standard", "standard-2p", "taash", "taash-2p"])
def test_r11_7_choice_matches_legal_moves_on_reachable_states(variant: str) -> None:
    """R3.4, R11.7: on random reachable states of every variant, choice, count and iteration agree."""

    @settings(max_examples=20)
    @given(reachable_states(variant))
    def check(state: State) -> None:
        assume(count_legal_moves(state) <= 3000)
        check_agreement(state)
        assert list(iter_legal_moves(state)) == list(legal_moves(state))

    check()


def worst_taash_floor() -> State:
    """20 loose cards A..5 in all suits, no house; three high cards in hand (plays chosen to fit)."""
    return position("taash", hand="9S JS KS", loose=LOW_20, bid=None)


def test_r11_7_count_on_the_worst_taash_floor() -> None:
    """R11.7: on 20 loose low cards count_legal_moves gives the full count and iteration starts at once."""
    state = worst_taash_floor()
    assert len(state.loose) == 20
    start = time.perf_counter()
    count = count_legal_moves(state)
    elapsed = time.perf_counter() - start
    print(f"worst taash floor: {count} legal moves counted in {elapsed:.2f}s")
    assert count > 400_000
    first = list(islice(iter_legal_moves(worst_taash_floor()), 50))
    assert first == sorted(first) and len(set(first)) == 50
    for move in first:  # the lowest card first: free pick-ups of 9 (R11.3)
        assert isinstance(move, Take) and move.card == Card.parse("9S")
        assert sum(card.value for card in move.loose) % 9 == 0


def test_r11_7_choice_reaches_a_move_in_few_steps_on_the_worst_floor() -> None:
    """R11.7: card, action, a group or two, finish: a pick-up and a build are chosen in a handful of steps."""
    state = worst_taash_floor()
    choice = MoveChoice.start(state).choose(Card.parse("9S"))
    choice = choice.choose(Action(kind="take", value=9))
    steps = 2
    for _ in range(2):  # name two groups of 9, then stop
        group = next(o for o in choice.options() if isinstance(o, CardSet))
        choice = choice.choose(group)
        steps += 1
    choice = choice.choose(FINISH)
    steps += 1
    assert choice.is_complete and steps == 5
    move = choice.move
    assert isinstance(move, Take) and move.card == Card.parse("9S") and len(move.loose) >= 4
    assert is_legal(state, move)

    build = MoveChoice.start(state).choose(Card.parse("JS"))
    build = build.choose(Action(kind="build", value=13))  # JS plus loose cards making 2
    base = next(o for o in build.options() if isinstance(o, CardSet))
    assert sum(card.value for card in base) == 2
    build = build.choose(base).choose(FINISH)
    assert isinstance(build.move, Build) and build.move.value == 13
    assert sum(card.value for card in build.move.loose) == 2

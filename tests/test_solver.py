"""The exact endgame solver (:mod:`seep.solver`) against plain minimax, and on hand-made endgames.

The reference here is a brute-force minimax with no pruning and no table:
every legal move (:func:`seep.legal_moves`) applied (:func:`seep.apply_move`)
down to the end of the deal, scored by :func:`seep.deal_score`, team 0
maximising (R1.4: in two-player variants a team is a seat).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

from seep import (
    STANDARD,
    STANDARD_2P,
    Move,
    State,
    Variant,
    apply_move,
    deal_score,
    legal_moves,
    new_deal,
)
from seep.errors import InputError, SolverBudgetError
from seep.solver import Solution, solve
from seep.testing import position
from seep.variants import BUILT_IN_NAMES, SeepBonus, SeepContext, get_variant
from variant_zoo import COMBINED, HEARTS, OPEN_FLOOR, PLAY_COUNT_SEEPS, registered

#: Positions are checked from this many plays before the end of the deal.
_PLAYS_LEFT = 6


@attrs.frozen
class HeartSeeps:
    """A seep rule that reads the suit: 60 for a seep made with a heart, 10 with any other card."""

    def __call__(self, context: SeepContext) -> int:
        return 60 if context.card.suit == "H" else 10


#: A variant where cards of one value and score are not interchangeable (R12).
HEART_SEEPS = attrs.evolve(STANDARD_2P, name="solver-heart-seeps", seep_bonus=HeartSeeps())


def _minimax(state: State) -> int:
    """The final difference under perfect play, by plain minimax (no pruning, no table)."""
    if state.is_over:
        return deal_score(state).difference
    assert state.to_move is not None
    values = [_minimax(apply_move(state, move)) for move in legal_moves(state)]
    return max(values) if state.variant.team_of(state.to_move) == 0 else min(values)


def _optimal_moves(state: State) -> tuple[int, tuple[Move, ...]]:
    """The minimax value and every move that achieves it, in legal-move order."""
    assert state.to_move is not None
    values = [(move, _minimax(apply_move(state, move))) for move in legal_moves(state)]
    pick = max if state.variant.team_of(state.to_move) == 0 else min
    best = pick(value for _, value in values)
    return best, tuple(move for move, value in values if value == best)


def _plays_left(state: State) -> int:
    return sum(len(hand) for hand in state.hands) + len(state.stock)


def _endgames(variant: str | Variant, seed: int) -> Iterator[State]:
    """Every position of a random deal with at most ``_PLAYS_LEFT`` plays left, up to its end."""
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    while not state.is_over:
        if state.phase.value != "bid" and _plays_left(state) <= _PLAYS_LEFT:
            yield state
        state = apply_move(state, rng.choice(legal_moves(state)))


def _check_against_minimax(variant: str | Variant, seeds: range) -> int:
    checked = 0
    for seed in seeds:
        for state in _endgames(variant, seed):
            value, moves = _optimal_moves(state)
            solution = solve(state)
            assert (solution.value, solution.moves) == (value, moves), (seed, f"{state:compact}")
            assert solution.gain == value - deal_score(state).difference
            checked += 1
    return checked


def test_solve_matches_minimax_in_every_standard_position_with_up_to_6_plays_left() -> None:
    assert _check_against_minimax("standard", range(200)) == 200 * _PLAYS_LEFT


@pytest.mark.parametrize("name", [name for name in BUILT_IN_NAMES if name != "standard"])
def test_solve_matches_minimax_in_every_built_in_variant(name: str) -> None:
    # R11.3: taash's free pick-ups give the most moves; R2.9: two-player deals.
    assert _check_against_minimax(name, range(6)) == 6 * _PLAYS_LEFT


@pytest.mark.parametrize(
    "variant",
    [PLAY_COUNT_SEEPS, HEARTS, COMBINED, OPEN_FLOOR, HEART_SEEPS],
    ids=lambda variant: variant.name,
)
def test_solve_matches_minimax_in_custom_variants(variant: Variant) -> None:
    # R12: a seep bonus by play number and card (negative for an ace), a card-point
    # table with a most-cards bonus, both with taash's free choice in two-player.
    assert _check_against_minimax(registered(variant), range(6)) == 6 * _PLAYS_LEFT


@pytest.mark.parametrize("name", ["standard", "standard-2p", "taash"])
def test_playing_the_solution_moves_to_the_end_scores_the_value(name: str) -> None:
    for seed in range(5):
        rng = random.Random(seed)
        state = new_deal(name, seed=seed)
        while state.phase.value == "bid" or _plays_left(state) > 10:
            state = apply_move(state, rng.choice(legal_moves(state)))
        value = solve(state).value
        while not state.is_over:
            solution = solve(state)
            assert solution.value == value  # the value holds along the optimal line
            state = apply_move(state, rng.choice(solution.moves))
        assert deal_score(state).difference == value


def test_a_deal_that_is_over_has_its_final_difference_and_no_moves() -> None:
    rng = random.Random(3)
    state = new_deal("standard", seed=3)
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
    assert solve(state) == Solution(value=deal_score(state).difference, gain=0, moves=(), nodes=0)


def test_a_position_beyond_the_node_budget_is_refused_naming_the_budget() -> None:
    rng = random.Random(5)
    state = new_deal("standard", seed=5)
    while state.phase.value == "bid" or _plays_left(state) > 16:
        state = apply_move(state, rng.choice(legal_moves(state)))
    with pytest.raises(SolverBudgetError, match="node_budget=50 ") as caught:
        solve(state, node_budget=50)
    assert (caught.value.budget, caught.value.cards_left) == (50, 16)


def test_a_bid_is_searched_like_any_move_and_a_whole_deal_is_refused_by_the_budget() -> None:
    state = new_deal("standard", seed=1)  # R2.4: the bidder bids, then all 48 plays follow
    with pytest.raises(SolverBudgetError, match="48 cards left"):
        solve(state, node_budget=2000)


@pytest.mark.parametrize("budget", [0, -3])
def test_a_node_budget_below_one_is_refused(budget: int) -> None:
    state = position(hand="9S", hands={1: "4H", 2: "KD", 3: "2C"}, loose="4C 5D")
    with pytest.raises(InputError, match="node_budget"):
        solve(state, node_budget=budget)


def test_solve_refuses_what_is_not_a_state_or_an_int_budget() -> None:
    state = position(hand="9S", hands={1: "4H", 2: "KD", 3: "2C"}, loose="4C 5D")
    with pytest.raises(TypeError, match="state"):
        solve("standard")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="node_budget"):
        solve(state, node_budget=True)


def _strs(moves: tuple[Move, ...]) -> list[str]:
    return [str(move) for move in moves]


def test_r4_5_sweeping_for_a_seep_beats_taking_more_points() -> None:
    # Seat 0 can take the 5H with the 5S (5 points) or sweep 5H 4C with the 9D (no
    # card points, but a seep of 50, R4.5).
    state = position("standard-2p", hand="5S 9D", hands={1: "7C 2D"}, loose="5H 4C", plays=44)
    solution = solve(state)
    assert _strs(solution.moves) == ["take 9D 4C 5H"]
    # The seep; then seat 1 throws the 2D, and its 7C takes the 5S with it.
    assert solution.gain == 50 - 5


def test_r4_5_a_move_that_leaves_the_opponent_a_seep_is_not_played() -> None:
    # Taking the 5H leaves the 4C alone, which seat 1's 4H sweeps for 50 (R4.5);
    # throwing the KD (R8.2: it picks up nothing) leaves no seep and the 5S still scores.
    state = position("standard-2p", hand="5S KD", hands={1: "4H 8C"}, loose="5H 4C", plays=44)
    solution = solve(state)
    assert _strs(solution.moves) == ["throw KD"]
    assert solution.gain == 5
    take = apply_move(state, legal_moves(state)[0])
    assert str(legal_moves(state)[0]) == "take 5S 5H"
    assert solve(take).gain == -50  # 5 for the 5S, then the seep of 50 and the 5H's floor


def test_r4_5_without_seep_bonuses_the_same_floor_has_another_best_move() -> None:
    no_seeps = registered(
        attrs.evolve(STANDARD, name="solver-no-seeps", seep_bonus=SeepBonus(normal=0, first_play=0))
    )
    cards = {"hand": "5S 9D", "hands": {1: "7C 2D", 2: "QH 3H", 3: "6D 8H"}, "loose": "5H 4C"}
    with_seeps = solve(position("standard", **cards))  # type: ignore[arg-type]
    without = solve(position(no_seeps, **cards))  # type: ignore[arg-type]
    assert _strs(with_seeps.moves) == ["take 9D 4C 5H"]
    assert "take 5S 5H" not in _strs(with_seeps.moves)
    assert "take 5S 5H" in _strs(without.moves)


def test_r9_2_keeping_the_last_capture_beats_taking_more_points_now() -> None:
    # The last two plays. The 7C must take (R8.2) and has two maximal choices (R4.3):
    # AH 3S 4C 6S (10 points) leaves 2D TD, and seat 3's 2H then takes the 2D and
    # with it the TD at the end (R9.2); AH 2D 4C (1 point) leaves nothing a 2 can
    # take, so team 0 keeps the last capture and gets 6S 3S TD 2H (15) at the end.
    state = position(
        "standard",
        to_move=2,
        hand="7C",
        hands={0: "", 1: "", 3: "2H"},
        loose="AH 6S 2D 3S 4C TD",
        plays=46,
    )
    assert _strs(legal_moves(state)) == ["take 7C AH 2D 4C", "take 7C AH 3S 4C 6S"]
    solution = solve(state)
    assert _strs(solution.moves) == ["take 7C AH 2D 4C"]
    assert solution.gain == 1 + 15
    greedy = apply_move(state, legal_moves(state)[1])
    assert deal_score(greedy).difference - deal_score(state).difference == 10
    assert solve(greedy).value == deal_score(state).difference + 10 - 6


def test_r1_1_swapping_cards_of_one_value_and_score_keeps_the_value() -> None:
    # 7H and 7D score nothing and capture alike (suits have no rank, R1.1).
    cards = {"hands": {1: "7D 3C", 2: "QH 2H", 3: "6D 8H"}, "loose": "5H 4C TD"}
    one = solve(position(hand="9D 7H", **cards))  # type: ignore[arg-type]
    swapped = {"hands": {1: "7H 3C", 2: "QH 2H", 3: "6D 8H"}, "loose": "5H 4C TD"}
    other = solve(position(hand="9D 7D", **swapped))  # type: ignore[arg-type]
    assert one.value == other.value and one.gain == other.gain


def test_r12_a_seep_rule_that_reads_the_suit_tells_the_suits_apart() -> None:
    # A seep made with a heart is worth 60, with any other card 10. Seat 0 must
    # throw a five (R8.2); seat 1 must throw a two, and the five kept then sweeps
    # the thrown five with 3D + the two (R4.5). Keeping the 5H is worth 50 more,
    # though after either throw the hands and the floor differ only by suit.
    variant = registered(HEART_SEEPS)
    state = position(variant, hand="5H 5D", hands={1: "2C 2S"}, loose="3D", plays=44)
    assert _strs(legal_moves(state)) == ["throw 5H", "throw 5D"]
    solution = solve(state)
    assert _strs(solution.moves) == ["throw 5D"]
    assert solution.gain == 60 + 2  # the seep, and the 2S (R1.2) whenever it is played
    assert (solution.value, solution.moves) == _optimal_moves(state)


def test_solve_works_on_every_built_in_variant_by_name() -> None:
    for name in BUILT_IN_NAMES:
        assert get_variant(name).name == name
        state = next(_endgames(name, 11))
        assert solve(state).moves  # a position in play has an optimal move (R3.3)

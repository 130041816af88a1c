"""MoveList, the lazy sequence :func:`seep.legal_moves` returns (R3.3, R3.4, R11.7).

In normal play a MoveList counts each card's moves up front and builds a
card's moves only when one is asked for; these tests check that every way
of reading it agrees with the moves built one by one.
"""

from __future__ import annotations

import pickle
import random
from itertools import islice

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seep import (
    Bid,
    Build,
    MoveList,
    State,
    Take,
    Throw,
    apply_move,
    count_legal_moves,
    is_legal,
    iter_legal_moves,
    legal_moves,
    new_deal,
    state_from_dict,
    state_to_dict,
)
from seep.cards import Card, CardSet
from seep.errors import IllegalMoveError
from seep.testing import position, reachable_states

ANY_VARIANT = st.sampled_from(["standard", "standard-2p", "taash", "taash-2p"])
# A taash floor of twelve low cards: one card has hundreds of builds.
CROWDED_HAND = "9S JS KS"
CROWDED_LOOSE = "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C"


def fresh(state: State) -> State:
    """An equal state with nothing cached."""
    return state_from_dict(state_to_dict(state))


@settings(max_examples=60, deadline=None)
@given(ANY_VARIANT.flatmap(reachable_states), st.randoms(use_true_random=False))
def test_every_reading_agrees_with_the_moves_built_one_by_one(
    state: State, rng: random.Random
) -> None:
    built = list(iter_legal_moves(fresh(state)))
    moves = legal_moves(fresh(state))
    assert isinstance(moves, MoveList)
    assert len(moves) == len(built) == count_legal_moves(fresh(state))
    order = list(range(len(built)))
    rng.shuffle(order)  # cards' moves are built in whatever order they are asked for
    assert all(moves[i] == built[i] for i in order)
    assert list(moves) == built
    assert moves == tuple(built) and hash(moves) == hash(tuple(built))
    assert all(move in moves for move in built)
    if built:
        assert moves[-1] == built[-1] and moves[-len(built)] == built[0]
        assert moves[1:4] == tuple(built[1:4])


@settings(max_examples=40, deadline=None)
@given(ANY_VARIANT.flatmap(reachable_states), st.data())
def test_membership_agrees_with_the_rules(state: State, data: st.DataObject) -> None:
    moves = legal_moves(fresh(state))
    if state.to_move is None or not state.hand:
        return
    card = data.draw(st.sampled_from(list(state.hand)))
    candidates = [Throw(card=card), *(m for m in moves if getattr(m, "card", None) == card)]
    for move in candidates:
        assert (move in moves) == is_legal(fresh(state), move)


def test_indexes_out_of_range_or_not_integers_are_refused() -> None:
    state = position("standard", hand="7S 9H", loose="2S 5D")
    moves = legal_moves(state)
    with pytest.raises(IndexError):
        moves[len(moves)]
    with pytest.raises(IndexError):
        moves[-len(moves) - 1]
    with pytest.raises(TypeError):
        moves["0"]  # type: ignore[call-overload]


def test_any_integer_type_indexes() -> None:
    class Index:
        def __index__(self) -> int:
            return 1

    moves = legal_moves(position("standard", hand="7S 9H", loose="2S 5D"))
    assert moves[Index()] == moves[1]  # type: ignore[call-overload]


def test_things_that_are_not_legal_moves_are_not_in_it() -> None:
    state = position("standard", hand="7S 9H", loose="2S 5D")
    moves = legal_moves(state)
    assert "throw 7S" not in moves
    assert Bid(value=9) not in moves  # no bid once the deal is in play (R2.4)
    assert Throw(card="KD") not in moves  # not in the hand
    assert Throw(card="7S") not in moves  # 7S can pick up 2S 5D (R8.2)
    assert Take(card="7S", loose="2S 5D") in moves


def test_bid_phase_and_finished_deal() -> None:
    state = new_deal("standard", seed=10)
    moves = legal_moves(state)
    assert list(moves) == [Bid(value=10), Bid(value=11), Bid(value=12)]
    assert moves[-1] == Bid(value=12) and Bid(value=13) not in moves
    while not state.is_over:
        state = apply_move(state, legal_moves(state)[0])
    over = legal_moves(state)
    assert len(over) == 0 and not over and over == ()


def test_crowded_card_is_checked_without_listing_its_moves() -> None:
    state = position("taash", hand=CROWDED_HAND, loose=CROWDED_LOOSE)
    moves = legal_moves(state)
    build = next(m for m in iter_legal_moves(fresh(state)) if isinstance(m, Build))
    wrong = attrs.evolve(build, loose=build.loose | CardSet.parse("3C"))
    assert build in moves and wrong not in moves
    assert is_legal(state, build) and not is_legal(state, wrong)
    assert moves._by_card == {}  # decided by the rules (R5.2, R5.3), nothing listed
    assert len(moves) > 256


def test_crowded_iteration_matches_indexing() -> None:
    state = position("taash", hand=CROWDED_HAND, loose=CROWDED_LOOSE)
    moves = legal_moves(state)
    first = list(islice(moves, 300))
    assert first == [moves[i] for i in range(300)]
    assert moves[len(moves) - 1] == Throw(card=Card.parse("KS"))


def test_a_move_list_pickles_as_its_moves() -> None:
    state = position("standard", hand="7S 9H JD", loose="2S 5D 4C")
    moves = legal_moves(state)
    copy = pickle.loads(pickle.dumps(moves))
    assert copy == moves and list(copy) == list(moves) and len(copy) == len(moves)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and legal_moves(again) == moves


def test_repr_lists_the_moves() -> None:
    state = position("standard", hand="7S", loose="2S 5D")
    assert repr(legal_moves(state)) == (
        "MoveList([Take(card=Card('7S'), loose=CardSet('2S 5D'), house=None)])"
    )


def test_a_move_list_holds_moves_already_listed() -> None:
    state = position("standard", hand="7S 9H JD", loose="2S 5D 4C")
    moves = legal_moves(state)
    listed = MoveList(iter(moves))
    assert listed == moves and len(listed) == len(moves) and listed[-1] == moves[-1]
    assert all(move in listed for move in moves) and Throw(card=Card.parse("2H")) not in listed


def test_a_move_given_out_by_one_state_is_still_checked_in_another() -> None:
    """apply_move trusts the move a state's own list just gave out, and no other."""
    here = position("standard", hand="7S 9H", loose="2S 5D")
    there = position("standard", hand="7S 9H", loose="3S 5D")
    take = legal_moves(here)[0]
    assert str(take) == "take 7S 2S 5D" and legal_moves(there)[0] != take
    assert apply_move(here, take).loose == CardSet()
    with pytest.raises(IllegalMoveError, match="R4"):
        apply_move(there, take)


def test_the_pick_ups_of_a_move_list_are_its_takes_in_order() -> None:
    # MoveList._takes builds each card's pick-ups (R4) alone; a rollout policy reads them.
    for variant in ("standard", "standard-2p", "taash", "taash-2p"):
        for seed in range(12):
            rng = random.Random(seed)
            state = new_deal(variant, seed=seed)
            while not state.is_over:
                moves = legal_moves(state)
                takes = [move for move in moves if type(move) is Take]
                assert legal_moves(state)._takes() == takes
                if len(moves) > 1:
                    fresh = legal_moves(attrs.evolve(state))
                    fresh[rng.randrange(len(fresh))]  # one card's moves listed first
                    assert fresh._takes() == takes
                state = apply_move(state, rng.choice(moves))

"""``parse_move(text, state)``: move text read against the position, short text completed (Appendix A)."""

from __future__ import annotations

import pickle
import random

import pytest

from seep import (
    AmbiguousMoveError,
    IllegalMoveError,
    NotationError,
    apply_move,
    legal_moves,
    new_deal,
    parse_move,
)
from seep.testing import position

# Hand QC 5S 9D over the loose QH 3D 4C 5C 7H (standard, seat 0 to move).
HAND, LOOSE = "QC 5S 9D", "QH 3D 4C 5C 7H"


@pytest.fixture
def state():  # type: ignore[no-untyped-def]
    return position(hand=HAND, loose=LOOSE)


def test_a_whole_legal_move_is_that_move(state) -> None:  # type: ignore[no-untyped-def]
    for move in legal_moves(state):
        assert parse_move(str(move), state) == move


def test_r4_1_take_with_one_more_card_completes_the_groups(state) -> None:  # type: ignore[no-untyped-def]
    assert str(parse_move("take QC 7H", state)) == "take QC 5C 7H QH"
    assert str(parse_move("take qc 3d", state)) == "take QC 3D 4C 5C QH"


def test_r4_1_take_of_the_queen_alone_is_ambiguous_and_lists_both(state) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(AmbiguousMoveError) as caught:
        parse_move("take QC", state)
    error = caught.value
    assert [str(m) for m in error.candidates] == ["take QC 3D 4C 5C QH", "take QC 5C 7H QH"]
    assert error.text == "take QC"
    assert "take QC 3D 4C 5C QH, take QC 5C 7H QH" in str(error)
    assert isinstance(error, NotationError) and isinstance(error, ValueError)


def test_r5_2_build_value_alone_picks_the_build(state) -> None:  # type: ignore[no-untyped-def]
    assert str(parse_move("build 5S =9", state)) == "build 5S 4C =9"
    assert str(parse_move("build 9d 5c qh", state)) == "build 9D 3D 5C 7H QH =12"


def test_a_card_alone_fits_every_move_of_that_card(state) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(AmbiguousMoveError) as caught:
        parse_move("9D", state)
    assert {str(move).split()[1] for move in caught.value.candidates} == {"9D"}
    assert len(caught.value.candidates) == 5


def test_the_candidates_keep_the_canonical_order(state) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(AmbiguousMoveError) as caught:
        parse_move("build", state)
    moves = list(legal_moves(state))
    assert list(caught.value.candidates) == [m for m in moves if str(m).startswith("build")]


def test_r3_1_text_that_no_legal_move_fits(state) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMoveError) as caught:
        parse_move("raise 5S", state)
    assert caught.value.rule == "R3.1" and "'raise 5S'" in str(caught.value)


def test_a_whole_illegal_move_keeps_the_rule_it_breaks(state) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMoveError) as caught:
        parse_move("throw 5S", state)
    assert caught.value.rule.startswith("R8")


@pytest.mark.parametrize(
    "text", ["", "fold", "take ZZ", "build 5S =8", "bid 9x", "take QC #12 =12"]
)
def test_text_that_is_no_notation_is_a_notation_error(state, text: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NotationError) as caught:
        parse_move(text, state)
    assert not isinstance(caught.value, AmbiguousMoveError)


def test_r2_4_bids_resolve_against_the_bidders_hand() -> None:
    deal = new_deal("standard", seed=10)  # seat 1 holds 6D TH JS QC: bids 10, 11, 12
    assert str(parse_move("bid 12", deal)) == "bid 12"
    with pytest.raises(AmbiguousMoveError) as caught:
        parse_move("bid", deal)
    assert [str(m) for m in caught.value.candidates] == ["bid 10", "bid 11", "bid 12"]
    with pytest.raises(IllegalMoveError, match=r"R2\.4"):
        parse_move("bid 13", deal)


def test_r6_1_a_take_of_a_house_by_its_value() -> None:
    state = position(hand="9S 4H", loose="2C", houses=[(9, "4S 5H", [0])])
    assert str(parse_move("take 9S #9", state)) in {str(m) for m in legal_moves(state)}


def test_every_move_of_random_play_resolves_from_its_card_and_verb() -> None:
    """Short text never resolves to a move it does not fit, and a unique fit is always found."""
    rng = random.Random(5)
    state = new_deal("taash", seed=5)
    while not state.is_over:
        moves = legal_moves(state)
        move = rng.choice(list(moves))
        text = str(move).rsplit(" ", 1)[0] if str(move).count(" ") > 1 else str(move)
        try:
            found = parse_move(text, state)
        except AmbiguousMoveError as error:
            assert move in error.candidates and len(error.candidates) > 1
        else:
            whole = _whole(text)
            assert found == (whole if whole in moves else move)
        state = apply_move(state, move)


def _whole(text: str) -> object:
    try:
        return parse_move(text)
    except NotationError:
        return None


def test_the_error_pickles(state) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(AmbiguousMoveError) as caught:
        parse_move("take QC", state)
    again = pickle.loads(pickle.dumps(caught.value))
    assert str(again) == str(caught.value) and again.candidates == caught.value.candidates


def test_a_state_of_the_wrong_type_is_named() -> None:
    with pytest.raises(TypeError, match="state"):
        parse_move("throw 7C", "standard")  # type: ignore[arg-type]

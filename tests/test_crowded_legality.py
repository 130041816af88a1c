"""The verifier decides a move on a crowded floor by the move's own rules (R3.4, R11.7).

A floor of 21 or 22 loose cards can allow millions of builds; checking one
move must neither list nor count the others.
"""

from __future__ import annotations

import pytest

from seep import apply_move, check_move, is_legal, parse_move
from seep.errors import IllegalMoveError
from seep.testing import position

# 22 loose cards: every value, several of them twice or more.
CROWDED = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H"


def test_r11_3_plain_throw_on_a_crowded_taash_floor_is_legal() -> None:
    state = position("taash", hand="KD 2C 7D", loose=CROWDED)
    throw = parse_move("throw 7D")
    assert len(state.loose) == 22
    assert is_legal(state, throw)
    after = apply_move(state, throw)
    assert len(after.loose) == 23 and "7D" in after.loose


def test_r4_3_take_on_a_crowded_taash_floor_is_checked_by_its_own_groups() -> None:
    state = position("taash", hand="KD 2C 7D", loose=CROWDED)
    assert is_legal(state, parse_move("take KD KS"))  # R11.3: any union of groups
    assert not is_legal(state, parse_move("take KD QS"))  # R4.1: QS alone makes 12


def test_r8_2_throw_with_a_group_on_a_crowded_floor_names_its_rule() -> None:
    state = position("standard", hand="KD 2C 7D", loose=CROWDED[: CROWDED.rindex(" 9H")])
    assert len(state.loose) == 21
    with pytest.raises(IllegalMoveError) as raised:
        check_move(state, parse_move("throw 7D"))
    assert raised.value.rule == "R8.2"


def test_r5_2_build_on_a_crowded_floor_is_checked_by_its_own_cards() -> None:
    state = position("taash", hand="KD 2C 7D", loose=CROWDED)
    assert is_legal(state, parse_move("build 7D 6S =13"))
    assert not is_legal(state, parse_move("build 7D 5S =13"))  # R5.2: 7 + 5 is 12

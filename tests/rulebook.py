"""Helpers shared by the rule tests: the legal moves as text, and the rule an illegal move breaks."""

from __future__ import annotations

import pytest

from seep import IllegalMoveError, State, apply_move, legal_moves, parse_move


def moves(state: State, verb: str = "") -> set[str]:
    """The legal moves of ``state`` in notation, optionally only those starting with ``verb``."""
    return {str(m) for m in legal_moves(state) if str(m).startswith(verb)}


def rule_of(state: State, text: str) -> str:
    """The rule id that ``apply_move`` cites when refusing the move ``text``."""
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, parse_move(text))
    return info.value.rule


def play(state: State, text: str) -> State:
    """The state after the move ``text``."""
    return apply_move(state, parse_move(text))

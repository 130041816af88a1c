"""Helpers shared by the rule tests: the rulebook's rule ids, the legal moves as text, and the rule an illegal move breaks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from seep import IllegalMoveError, State, apply_move, legal_moves, parse_move

RULES_PAGE = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
"""The rulebook: the one list of rule ids, each an explicit target ``(r3-2)=``."""

_TARGET = re.compile(r"^\((r\d+(?:-\d+)?)\)=$", re.MULTILINE)


def anchor_of(rule: str) -> str:
    """The anchor of a rule id on the rules page: ``R3.2`` is ``rules.html#r3-2``."""
    return rule.lower().replace(".", "-")


def rule_of_anchor(anchor: str) -> str:
    """The rule id of an anchor: ``r3-2`` is ``R3.2``."""
    return anchor.upper().replace("-", ".")


def documented_rules() -> list[str]:
    """Every id with an anchor on the rules page, sections (``R3``) included, in page order."""
    text = RULES_PAGE.read_text(encoding="utf-8")
    return [rule_of_anchor(anchor) for anchor in _TARGET.findall(text)]


def leaf_rules() -> list[str]:
    """The rules themselves: ``R3.2``, and a section without numbered rules (``R12``)."""
    ids = documented_rules()
    return [rule for rule in ids if "." in rule or not any(i.startswith(rule + ".") for i in ids)]


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

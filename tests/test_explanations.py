"""Every illegal move is explained by the rule it breaks, never by a generic reason (R2 to R11).

The verifier (``seep._engine.verify``) decides legality and the reason in one
pass; these properties check, over random and nearly-legal moves in every
built-in variant, that the reason is always a specific one and that it is
exactly what ``check_move`` and ``apply_move`` raise.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from seep import IllegalMoveError, Move, State, apply_move, check_move, legal_moves
from seep._engine.verify import violation
from seep.testing import legal_moves_of, random_moves, reachable_states, states_with_houses
from test_properties import ANY_VARIANT, mutate

#: The fallbacks an explanation used to end in ("not a legal build here", ...).
GENERIC = re.compile(r"^not (a legal|one of the)|^not a move")
#: Reasons that name no card or value, each tied to one rule.
WITHOUT_DETAILS = {
    ("R9.1", "the deal is over: every card has been played"),
    ("R2.4", "there is no bid to make now"),
    ("R4.1", "a pick-up takes at least one group or the house"),
    ("R11.2", "in the opening round a player builds a house if they can, else throws"),
}


def check_specific(state: State, move: Move) -> None:
    found = violation(state, move)
    assert (found is None) == (move in legal_moves(state))
    if found is None:
        return
    rule, reason = found
    assert re.fullmatch(r"R\d+(\.\d+)?", rule)
    assert not GENERIC.search(reason), (rule, reason)
    # Anything else names the card played, a value, a seat or the cards concerned.
    assert found in WITHOUT_DETAILS or re.search(r"\d|[AKQJT][SHDC]", reason), found
    with pytest.raises(IllegalMoveError) as raised:
        check_move(state, move)
    assert (raised.value.rule, str(raised.value)) == (rule, f"{rule}: {reason}")
    with pytest.raises(IllegalMoveError):
        apply_move(state, move)


@settings(max_examples=150)
@given(ANY_VARIANT.flatmap(lambda v: reachable_states(v, max_plays=47)), random_moves())
def test_random_illegal_moves_name_a_specific_rule(state: State, move: Move) -> None:
    check_specific(state, move)


@settings(max_examples=150)
@given(
    ANY_VARIANT.flatmap(
        lambda v: st.one_of(reachable_states(v, max_plays=40), states_with_houses(v, max_plays=40))
    ),
    st.data(),
)
def test_nearly_legal_moves_name_a_specific_rule(state: State, data: st.DataObject) -> None:
    assume(not state.is_over)
    check_specific(state, mutate(data, data.draw(legal_moves_of(state), label="move")))

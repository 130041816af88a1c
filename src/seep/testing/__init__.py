"""Tools for testing bots, house rules and the engine itself.

Four modules, each with one job, whose public names are all importable
from ``seep.testing``:

* :mod:`seep.testing.positions`: :func:`position` builds a valid hand-made
  state from the cards that matter;
* :mod:`seep.testing.strategies`: `Hypothesis
  <https://hypothesis.readthedocs.io>`_ strategies for property-based tests:
  cards, card sets, decks, seeds, new deals, states reached by random legal
  play, states with houses on the floor, legal moves of a state, and
  arbitrary (usually illegal) moves;
* :mod:`seep.testing.api`: :func:`api_test` plays random deals of a variant
  (a custom one too) and checks the engine's contracts at every step, like
  the API tests that game libraries ship for their users' environments;
* :mod:`seep.testing.fuzz`: mutation strategies over documents, texts and
  decks from real games, an independent validity check of states and
  views, and the fuzz runner (``python -m seep.testing.fuzz``).

Hypothesis is a development dependency, not a dependency of ``seep``:
``import seep`` and ``import seep.testing`` never import it, and
:func:`position` and :func:`api_test` work without it. Each strategy
imports Hypothesis when it is called.

>>> from seep import legal_moves
>>> from seep.notation import format_move
>>> from seep.testing import api_test, position, reachable_states
>>> state = position(hand="9S 4H", loose="5C 4D")
>>> [format_move(move) for move in legal_moves(state)]
['take 4H 4D', 'build 4H 5C =9', 'take 9S 4D 5C']
>>> from hypothesis import given, settings
>>> @settings(max_examples=10, derandomize=True, database=None)
... @given(reachable_states(max_plays=6))
... def test_a_mover_always_has_a_move(state):
...     assert state.is_over or legal_moves(state)  # R3.3
...
>>> test_a_mover_always_has_a_move()
>>> api_test("standard", deals=1, seed=2, moves_per_state=4).plays
48
"""

from __future__ import annotations

from seep.testing.api import ApiTestReport, api_test
from seep.testing.fuzz import (
    FuzzReport,
    fuzz_targets,
    mutate_document,
    mutate_text,
    mutated_decks,
    mutated_documents,
    mutated_match_documents,
    mutated_move_documents,
    mutated_move_texts,
    mutated_record_documents,
    mutated_record_texts,
    mutated_state_documents,
    mutated_texts,
    mutated_view_documents,
    run_fuzz,
    state_problems,
    view_problems,
)
from seep.testing.positions import position
from seep.testing.strategies import (
    card_sets,
    cards,
    deals,
    decks,
    legal_moves_of,
    random_moves,
    reachable_states,
    seeds,
    states_with_houses,
)

__all__ = [
    "ApiTestReport",
    "FuzzReport",
    "api_test",
    "card_sets",
    "cards",
    "deals",
    "decks",
    "fuzz_targets",
    "legal_moves_of",
    "mutate_document",
    "mutate_text",
    "mutated_decks",
    "mutated_documents",
    "mutated_match_documents",
    "mutated_move_documents",
    "mutated_move_texts",
    "mutated_record_documents",
    "mutated_record_texts",
    "mutated_state_documents",
    "mutated_texts",
    "mutated_view_documents",
    "position",
    "random_moves",
    "reachable_states",
    "run_fuzz",
    "seeds",
    "state_problems",
    "states_with_houses",
    "view_problems",
]

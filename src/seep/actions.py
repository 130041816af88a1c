"""A fixed action encoding: every legal move as one sequence of small integer ids.

Game-AI frameworks want a fixed set of integer actions. Here there are
:data:`NUM_ACTIONS` (123) ids in every variant, and a move is a short
sequence of them: the card played, what it does, then (for a take or a
build) the loose cards one at a time and ``finish``.

======== =====================================================================
ids      meaning
======== =====================================================================
0..51    play this hand card (the card's index, as :class:`seep.cards.Card`)
52..56   bid 9..13 (R2.4)
57       throw the card (R8)
58       take with the card (R4, R11.3)
59..63   build with the card into the house of 9..13, new or standing (R5, R6)
64..68   raise the house of 9..13 with the card (R7)
69..120  add the loose card ``id - 69`` (cards in strictly ascending order)
121      include the house of the card's value in the take
122      finish the take or build
======== =====================================================================

The order within a move:

- bid: ``[bid v]``
- throw: ``[card, throw]``; raise: ``[card, raise v]``
- take: ``[card, take, (house), loose cards ascending..., finish]``
- build: ``[card, build v, loose cards ascending..., finish]``

A move is its card, its loose cards and its house or value (R4.3, R5.6), so
every legal move is exactly one sequence and no sequence is a prefix of
another. In take-everything variants a take of a card whose house stands
must take it (R4.3), so ``house`` is then the only id after ``take``.

:func:`legal_actions` answers from the rules, a loose card at a time, without
listing the moves: on a crowded floor (R3.4, R11.7) a single card can have
tens of thousands of takes and builds, but each step offers at most a few
dozen ids.

>>> from seep.actions import action_to_string, actions_of, legal_actions, move_of
>>> from seep.moves import Take
>>> from seep.testing import position
>>> state = position(hand="7S 9H", loose="AS 2S 3S 4S 5S 6S")
>>> [action_to_string(a) for a in legal_actions(state)]
['play 7S', 'play 9H']
>>> [action_to_string(a) for a in legal_actions(state, [24])]
['take', 'build =9']
>>> ids = actions_of(state, Take(card="7S", loose="AS 2S 4S"))
>>> ids, [action_to_string(a) for a in ids]
((24, 58, 69, 73, 81, 122), ['play 7S', 'take', 'add AS', 'add 2S', 'add 4S', 'finish'])
>>> str(move_of(state, ids))
'take 7S AS 2S 4S'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from seep._encoding import sequences as _actions
from seep._util.deprecation import renamed_names
from seep.errors import IllegalMoveError
from seep.moves import Move
from seep.rules import check_move
from seep.state import State
from seep.variants import Variant, get_variant

__all__ = [
    "NUM_ACTIONS",
    "action_to_string",
    "actions_of",
    "legal_actions",
    "move_of",
]

#: The number of action ids, the same in every variant.
NUM_ACTIONS: Final[int] = _actions.NUM_ACTIONS


def _check_ids(ids: object, name: str) -> None:
    if isinstance(ids, (str, bytes)) or not hasattr(type(ids), "__iter__"):
        raise TypeError(f"{name}: expected a sequence of action ids, not {type(ids).__name__}")


def _num_actions(variant: str | Variant) -> int:
    """The number of action ids of ``variant``: :data:`NUM_ACTIONS` for every variant (deprecated)."""
    get_variant(variant)  # an unknown name raises KeyError
    return NUM_ACTIONS


__getattr__ = renamed_names(__name__, {"num_actions": ("NUM_ACTIONS", lambda: _num_actions)})


def legal_actions(state: State, prefix: Sequence[int] = ()) -> tuple[int, ...]:
    """The sorted ids that may follow ``prefix`` in ``state``.

    Empty exactly when ``prefix`` is a whole legal move, or when the deal is
    over (with an empty prefix). A ``prefix`` that no legal move starts with
    raises :class:`~seep.errors.IllegalMoveError` naming the rule it breaks
    (``R3.1`` for ids in the wrong place); an id that is not an int raises
    ``TypeError``.

    >>> from seep.actions import action_to_string, legal_actions
    >>> from seep.testing import position
    >>> state = position(hand="9S 4H", loose="5C 5D", houses=[(9, "4S 5H", [1])])
    >>> [action_to_string(a) for a in legal_actions(state, [13])]   # 4H
    ['throw', 'build =9']
    >>> [action_to_string(a) for a in legal_actions(state, [13, 59])]
    ['add 5D', 'add 5C']
    >>> [action_to_string(a) for a in legal_actions(state, [13, 59, 87])]
    ['finish']
    >>> legal_actions(state, [13, 59, 87, 122])
    ()
    >>> [action_to_string(a) for a in legal_actions(state, [32, 58])]   # 9S: R4.3, the house too
    ['house']
    >>> legal_actions(state, [32, 57])
    Traceback (most recent call last):
    ...
    seep.errors.IllegalMoveError: R8.2: 9S can take the house of 9, so it may not be thrown
    """
    _check_ids(prefix, "prefix")
    return _actions.legal_after(state, prefix)


def actions_of(state: State, move: Move) -> tuple[int, ...]:
    """The id sequence of the legal ``move`` in ``state``.

    Raises :class:`~seep.errors.IllegalMoveError` if ``move`` is not legal.

    >>> from seep.actions import actions_of
    >>> from seep import new_deal, legal_moves
    >>> state = new_deal("standard", seed=10)
    >>> [actions_of(state, move) for move in legal_moves(state)]
    [(53,), (54,), (55,)]
    """
    check_move(state, move)
    return _actions.encode(move)


def move_of(state: State, ids: Sequence[int]) -> Move:
    """The legal move whose id sequence is ``ids``.

    Raises :class:`~seep.errors.IllegalMoveError` if ``ids`` is not the
    whole sequence of a legal move (a proper prefix of one included).

    >>> from seep.actions import move_of
    >>> from seep import new_deal
    >>> move_of(new_deal("standard", seed=10), [54])
    Bid(value=11)
    """
    _check_ids(ids, "ids")
    checked = [_actions.check_id(i) for i in ids]
    move = _actions.decode(checked)
    if move is None:
        _actions.legal_after(state, checked)  # raises for what no move starts with
        raise IllegalMoveError("R3.1", f"the ids {checked} are not a whole move; {_actions.LAYOUT}")
    check_move(state, move)
    return move


def action_to_string(action: int) -> str:
    """A readable name for an action id.

    >>> from seep.actions import action_to_string
    >>> [action_to_string(a) for a in (0, 51, 53, 57, 58, 61, 64, 69, 121, 122)]
    ['play AS', 'play KC', 'bid 10', 'throw', 'take', 'build =11', 'raise #9', 'add AS', 'house', 'finish']
    """
    return _actions.describe(action)

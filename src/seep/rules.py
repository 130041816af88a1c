"""The rules as functions: :func:`legal_moves`, :func:`is_legal`, :func:`apply_move`.

>>> from seep import new_deal, legal_moves, apply_move
>>> state = new_deal("standard", seed=10)
>>> [str(move) for move in legal_moves(state)]
['bid 10', 'bid 11', 'bid 12']
>>> state = apply_move(state, legal_moves(state)[0])
>>> state.bid, state.face_up
(10, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

from seep._engine.bypass import keep_legal_moves
from seep._engine.generate import iterate
from seep._engine.lazy_moves import LazyMoves, fill
from seep._engine.transition import transition
from seep._engine.verify import violation
from seep.errors import IllegalMoveError
from seep.moves import MOVE_TYPES, Move
from seep.state import State

__all__ = [
    "MoveList",
    "apply_move",
    "check_move",
    "count_legal_moves",
    "is_legal",
    "iter_legal_moves",
    "legal_moves",
]


def _require_state(state: object) -> None:
    if not isinstance(state, State):
        raise TypeError(f"state: expected a State, not {type(state).__name__}")


class MoveList(LazyMoves, Sequence[Move]):
    """The legal moves of a state: an immutable sequence in canonical order.

    It behaves like a tuple of moves (``len``, indexing, slicing, ``in``,
    iteration, ``==`` with tuples), but in normal play it only counts the
    moves of each card up front and builds a card's moves when one of them
    is asked for, so picking one move at random costs little even where
    the floor allows thousands (R3.4, R11.7). :func:`legal_moves` makes it
    from a state; ``MoveList(moves)`` holds moves already listed (as
    unpickling does).

    >>> from seep import new_deal, legal_moves
    >>> moves = legal_moves(new_deal("standard", seed=10))
    >>> len(moves), moves[0], moves[-1]
    (3, Bid(value=10), Bid(value=12))
    >>> moves == (moves[0], moves[1], moves[2])
    True
    """

    # Every slot and operation is in the base, which the compiled build compiles.
    __slots__ = ()

    def __init__(self, source: State | Iterable[Move]) -> None:
        if isinstance(source, State):
            fill(self, source)
        else:
            fill(self, None, tuple(source))

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (MoveList, (tuple(self),))


#: ``MoveList.__new__``: a move list without the call to ``__init__`` (filled by :func:`fill`).
_new_move_list: Final = MoveList.__new__


def legal_moves(state: State) -> MoveList:
    """All legal moves in ``state``, in canonical order, without duplicates (R4.3, R5.6).

    Empty only when the deal is over (R3.3). The result is a
    :class:`MoveList`, cached on the state, so calling it again, or
    applying one of its moves, is cheap.

    >>> from seep import new_deal, parse_move, legal_moves
    >>> state = new_deal("standard", seed=10)
    >>> parse_move("bid 12") in legal_moves(state)
    True
    """
    if type(state) is not State:  # the exact type first: one test on every play
        _require_state(state)
    cached = state._legal_cache
    if cached is None:
        cached = _new_move_list(MoveList)  # MoveList(state), without the call to __init__
        fill(cached, state)
        # The one mutable slot of a frozen state: its legal moves, kept once
        # made, so that applying one of them needs no second legality check.
        keep_legal_moves(state, cached)
    return cached  # type: ignore[no-any-return]


def iter_legal_moves(state: State) -> Iterator[Move]:
    """The moves of :func:`legal_moves`, in the same order, built one at a time.

    Use it on crowded floors (R3.4, R11.7) to look at moves without holding
    them all, or to stop early.

    >>> from itertools import islice
    >>> from seep import new_deal, iter_legal_moves
    >>> state = new_deal("standard", seed=10)
    >>> [str(m) for m in islice(iter_legal_moves(state), 2)]
    ['bid 10', 'bid 11']
    """
    _require_state(state)
    cached = state._legal_cache
    if cached is not None:
        return iter(cached)
    return iterate(state)


def count_legal_moves(state: State) -> int:
    """``len(legal_moves(state))``, without building the moves (R3.4, R11.7).

    >>> from seep import new_deal, count_legal_moves
    >>> count_legal_moves(new_deal("standard", seed=10))
    3
    """
    return len(legal_moves(state))


def is_legal(state: State, move: object) -> bool:
    """True if ``move`` may be played in ``state``.

    >>> from seep import new_deal, parse_move, is_legal
    >>> state = new_deal("standard", seed=10)
    >>> is_legal(state, parse_move("bid 12")), is_legal(state, parse_move("bid 13"))
    (True, False)
    """
    _require_state(state)
    if not isinstance(move, MOVE_TYPES):
        return False
    return violation(state, move) is None  # type: ignore[arg-type]


def check_move(state: State, move: object) -> None:
    """Raise :class:`~seep.errors.IllegalMoveError` naming the broken rule, unless legal.

    >>> from seep import new_deal, parse_move, check_move
    >>> check_move(new_deal("standard", seed=10), parse_move("bid 13"))
    Traceback (most recent call last):
    ...
    seep.errors.IllegalMoveError: R2.4: seat 1 holds no king and cannot bid 13
    """
    _require_state(state)
    if not isinstance(move, MOVE_TYPES):
        raise TypeError(
            f"move: expected a Move (Bid, Take, Build, Raise, Throw), not {type(move).__name__}"
        )
    broken = violation(state, move)  # type: ignore[arg-type]
    if broken is not None:
        raise IllegalMoveError(*broken)


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself never changes.

    Raises :class:`~seep.errors.IllegalMoveError` (with the rule id in
    ``.rule``) for a move the rules do not allow, and ``TypeError`` for
    something that is not a move.

    >>> from seep import new_deal, parse_move, apply_move
    >>> state = new_deal("standard", seed=10)
    >>> after = apply_move(state, parse_move("bid 11"))
    >>> state.bid, after.bid
    (None, 11)
    """
    if type(state) is not State:
        _require_state(state)
    cached = state._legal_cache
    if cached is None or (move is not cached._handed and move not in cached):
        check_move(state, move)
    return transition(state, move)

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

from collections.abc import Iterator

from seep._explain import explain
from seep._generate import allows, count, generate, iterate
from seep._transition import transition
from seep.moves import MOVE_TYPES, Bid, Build, Move, Raise, Take, Throw
from seep.state import Phase, State

__all__ = [
    "apply_move",
    "check_move",
    "count_legal_moves",
    "is_legal",
    "iter_legal_moves",
    "legal_moves",
]


def legal_moves(state: State) -> tuple[Move, ...]:
    """All legal moves in ``state``, in canonical order, without duplicates (R4.3, R5.6).

    Empty only when the deal is over (R3.3). The result is cached on the
    state, so calling it again, or applying one of its moves, is cheap.

    >>> from seep import new_deal, parse_move
    >>> state = new_deal("standard", seed=10)
    >>> parse_move("bid 12") in legal_moves(state)
    True
    """
    cached = state._legal_cache
    if cached is None:
        moves = tuple(generate(state))
        cached = (moves, frozenset(moves))
        object.__setattr__(state, "_legal_cache", cached)
    return cached[0]  # type: ignore[no-any-return]


def iter_legal_moves(state: State) -> Iterator[Move]:
    """The moves of :func:`legal_moves`, in the same order, built one at a time.

    Use it on crowded floors (R3.4, R11.7) to look at moves without holding
    them all, or to stop early.

    >>> from itertools import islice
    >>> from seep import new_deal
    >>> state = new_deal("standard", seed=10)
    >>> [str(m) for m in islice(iter_legal_moves(state), 2)]
    ['bid 10', 'bid 11']
    """
    cached = state._legal_cache
    if cached is not None:
        return iter(cached[0])
    return iterate(state)


def count_legal_moves(state: State) -> int:
    """``len(legal_moves(state))``, without building the moves (R3.4, R11.7).

    >>> from seep import new_deal
    >>> count_legal_moves(new_deal("standard", seed=10))
    3
    """
    cached = state._legal_cache
    if cached is not None:
        return len(cached[0])
    return count(state)


def is_legal(state: State, move: object) -> bool:
    """True if ``move`` may be played in ``state``.

    >>> from seep import new_deal, parse_move
    >>> state = new_deal("standard", seed=10)
    >>> is_legal(state, parse_move("bid 12")), is_legal(state, parse_move("bid 13"))
    (True, False)
    """
    if not isinstance(move, (Take, Build, Raise, Throw, Bid)):
        return False
    cached = state._legal_cache
    if cached is not None:
        return move in cached[1]
    if isinstance(move, Bid) or state.phase is not Phase.PLAY:
        return move in generate(state)
    return allows(state, move)


def check_move(state: State, move: object) -> None:
    """Raise :class:`~seep.errors.IllegalMoveError` naming the broken rule, unless legal.

    >>> from seep import new_deal, parse_move
    >>> check_move(new_deal("standard", seed=10), parse_move("bid 13"))
    Traceback (most recent call last):
    ...
    seep.errors.IllegalMoveError: R2.4: seat 1 holds no king and cannot bid 13
    """
    if not isinstance(move, MOVE_TYPES):
        raise TypeError(f"expected a Move (Bid, Take, Build, Raise, Throw), not {move!r}")
    if not is_legal(state, move):
        raise explain(state, move)  # type: ignore[arg-type]


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself never changes.

    Raises :class:`~seep.errors.IllegalMoveError` (with the rule id in
    ``.rule``) for a move the rules do not allow, and ``TypeError`` for
    something that is not a move.

    >>> from seep import new_deal, parse_move
    >>> state = new_deal("standard", seed=10)
    >>> after = apply_move(state, parse_move("bid 11"))
    >>> state.bid, after.bid
    (None, 11)
    """
    check_move(state, move)
    return transition(state, move)

"""Perft: count the move sequences from a position, to check the move generator.

Borrowed from chess programming, ``perft(state, depth)`` walks the game tree
of every legal move sequence and counts its leaves. Any change to the move
generator or the transition function that changes which moves are legal, or
what they lead to, changes these counts; the test suite keeps a table of
exact counts for seeded positions (``tests/data/perft.json``).

The convention, as in chess: ``perft(state, 0)`` is 1; ``perft(state, d)``
is the number of nodes exactly ``d`` plies (moves, bids included) below
``state``. A deal that ends before ``depth`` plies (every card played, R9.1)
is a leaf: it counts 1, so a finished state has perft 1 at every depth.
The two-player second batch (R2.9) and the deals after the bid (R2.7,
R11.2) happen inside the transition; they are not plies.

>>> from seep.perft import perft, perft_divide
>>> from seep import new_deal
>>> state = new_deal("standard", seed=10)
>>> perft(state, 1)                       # the three bids
3
>>> perft_divide(state, 2)                # the bidder's first plays under each bid
{'bid 10': 1, 'bid 11': 5, 'bid 12': 3}
>>> perft(state, 2)
9

A hand-made position: the last two cards of a deal. Seat 0 holds the 7♠,
which takes the loose 7♦; seat 1 then holds a 5♣, which can only be
thrown; the deal is over after two plies.

>>> from seep.testing import position
>>> end = position(hand="7S", loose="7D", hands={1: "5C"}, plays=46)
>>> [perft(end, depth) for depth in range(4)]
[1, 1, 1, 1]
"""

from __future__ import annotations

from seep._util.arguments import check_count
from seep._util.excerpt import excerpt
from seep.errors import InputError
from seep.notation import format_move
from seep.rules import apply_move, count_legal_moves, legal_moves
from seep.state import State

__all__ = ["perft", "perft_divide"]


def _check_depth(depth: int) -> None:
    # A wrong type is refused as a bad value too, as perft always has (InputError is a ValueError).
    if not isinstance(depth, int) or isinstance(depth, bool):
        raise InputError(f"a depth is an int of 0 or more, not {excerpt(depth)}", field="depth")
    check_count(depth, "depth")


def _perft(state: State, depth: int) -> int:
    if state.is_over:
        return 1
    if depth == 1:
        return count_legal_moves(state)  # bulk counting: the leaves are not built
    total = 0
    for move in legal_moves(state):
        total += _perft(apply_move(state, move), depth - 1)
    return total


def perft(state: State, depth: int) -> int:
    """The number of leaf nodes ``depth`` plies below ``state``.

    A finished deal reached before ``depth`` plies counts as one leaf. At
    the last ply the moves are counted with
    :func:`~seep.rules.count_legal_moves`, not built.

    >>> from seep import new_deal, perft
    >>> [perft(new_deal("standard-2p", seed=1), depth) for depth in range(4)]
    [1, 2, 6, 169]
    """
    _check_depth(depth)
    if depth == 0:
        return 1
    return _perft(state, depth)


def perft_divide(state: State, depth: int) -> dict[str, int]:
    """Perft below each first move: ``{notation: perft(after, depth - 1)}``.

    The keys are the moves of :func:`~seep.rules.legal_moves` in canonical
    order, written in notation (:func:`~seep.notation.format_move`); the
    values sum to ``perft(state, depth)``. Empty when ``depth`` is 0 or the
    deal is over. Comparing two divides finds the first move under which two
    move generators disagree.

    >>> from seep import new_deal, perft_divide
    >>> perft_divide(new_deal("standard", seed=10), 1)    # each bid is one leaf
    {'bid 10': 1, 'bid 11': 1, 'bid 12': 1}
    """
    _check_depth(depth)
    if depth == 0 or state.is_over:
        return {}
    return {
        format_move(move): perft(apply_move(state, move), depth - 1) for move in legal_moves(state)
    }

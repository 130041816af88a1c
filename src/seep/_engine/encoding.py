"""A move as one int, the form a history node keeps (:func:`encode_move`).

In the engine so that the compiled build encodes a play's move in
compiled code; :mod:`seep.history` decodes it.

>>> from seep._engine.encoding import encode_move
>>> from seep import Throw
>>> from seep._engine.encoding import SHARED_CODES
>>> encode_move(Throw("9S")) == SHARED_CODES[encode_move(Throw("9S"))]
True
"""

from __future__ import annotations

from typing import Final

from seep.moves import Bid, Build, Move, Raise, Take, Throw

#: Shared ints for small move codes (every throw): a node then holds no int of its own.
SHARED_CODES: Final[tuple[object, ...]] = tuple(range(8 * 128))

THROW: Final = 0
TAKE: Final = 1
BUILD: Final = 2
RAISE: Final = 3
BID: Final = 4


def encode_move(move: Move) -> int:
    """A move as one int: kind, card, value or house, loose cards (a node keeps only this)."""
    kind = type(move)
    if kind is Throw:
        assert isinstance(move, Throw)
        return THROW | move.card << 3
    if kind is Take:
        assert isinstance(move, Take)
        return TAKE | move.card << 3 | (move.house or 0) << 9 | move.loose.mask << 13
    if kind is Build:
        assert isinstance(move, Build)
        return BUILD | move.card << 3 | move.value << 9 | move.loose.mask << 13
    if kind is Raise:
        assert isinstance(move, Raise)
        return RAISE | move.card << 3 | move.house << 9
    assert isinstance(move, Bid)
    return BID | move.value << 9


def move_code(move: Move) -> object:
    """:func:`encode_move` as a node stores it: a throw's code is one of :data:`SHARED_CODES`."""
    if type(move) is Throw:
        return SHARED_CODES[move.card << 3]
    return encode_move(move)

"""The history node of the usual play, made in the engine (:func:`after_play`).

The transition adds one :class:`~seep.history.History` node per play; in
the compiled build it is made here in compiled code.
"""

from __future__ import annotations

from typing import Final

from seep._engine.encoding import move_code
from seep.history import History
from seep.moves import Build, Raise, Take, Throw

_new: Final = object.__new__


def after_play(history: History, move: Take | Build | Raise | Throw, seat: int) -> History:
    """``history`` after ``seat`` played ``move``, with nothing dealt and no seep.

    The usual play, so the node is filled in directly, without a call to
    ``__init__``: the same node as ``History(history, encode_move(move), seat)``.

    >>> from seep import Throw
    >>> from seep.history import History
    >>> from seep._engine.encoding import encode_move
    >>> from seep._engine.nodes import after_play
    >>> start = History.start()
    >>> after_play(start, Throw("9S"), 2).entries() == History(start, encode_move(Throw("9S")), 2).entries()
    True
    """
    node: History = _new(History)
    node._parent = history
    node._item = move_code(move)  # type: ignore[assignment]
    node._length = history._length + 1
    node._seat = seat
    return node

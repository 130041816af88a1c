"""The JSON objects of moves (the JSON documents' move objects), for states, views and histories.

Re-exported by :mod:`seep.serialization`, the public home of
:func:`move_to_dict` and :func:`move_from_dict`; kept apart so that
:mod:`seep.history` can write its moves without importing the state loader.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seep._documents.reader import Reader
from seep._util.excerpt import excerpt
from seep.cards import Card, CardSet
from seep.errors import InvalidStateError
from seep.moves import Bid, Build, Move, Raise, Take, Throw

__all__ = ["move_from_dict", "move_to_dict"]


def _cards(cards: CardSet | tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def move_to_dict(move: Move) -> dict[str, Any]:
    """The JSON object of ``move``.

    >>> from seep import move_to_dict
    >>> from seep.moves import Raise
    >>> move_to_dict(Raise(card="2C", house=9))
    {'kind': 'raise', 'card': '2C', 'house': 9}
    """
    if isinstance(move, Bid):
        return {"kind": "bid", "value": move.value}
    if isinstance(move, Throw):
        return {"kind": "throw", "card": str(move.card)}
    if isinstance(move, Take):
        return {
            "kind": "take",
            "card": str(move.card),
            "loose": _cards(move.loose),
            "house": move.house,
        }
    if isinstance(move, Build):
        return {
            "kind": "build",
            "card": str(move.card),
            "loose": _cards(move.loose),
            "value": move.value,
        }
    if isinstance(move, Raise):
        return {"kind": "raise", "card": str(move.card), "house": move.house}
    raise TypeError(f"not a move: {excerpt(move)}")


def move_from_dict(doc: Mapping[str, Any]) -> Move:
    """Load a JSON move object, naming the bad field on error.

    >>> from seep import move_from_dict
    >>> move_from_dict({"kind": "build", "card": "5H", "loose": ["6C"], "value": 11})
    Build(card=Card('5H'), loose=CardSet('6C'), value=11)
    >>> move_from_dict({"kind": "raise", "card": "2C", "house": 14})
    Traceback (most recent call last):
    ...
    seep.errors.InvalidStateError: house: expected an integer in 9..13, got 14
    """
    read = Reader()
    doc = read.mapping(doc, "move")
    kind = read.get(doc, "kind")
    if kind == "bid":
        return Bid(value=read.integer(read.get(doc, "value"), "value", 9, 13))
    if kind not in ("throw", "take", "build", "raise"):
        raise InvalidStateError(
            "kind", f"expected bid, throw, take, build or raise, got {excerpt(kind)}"
        )
    card = read.card(read.get(doc, "card"), "card")
    if kind == "throw":
        return Throw(card=card)
    if kind == "raise":
        return Raise(card=card, house=read.integer(read.get(doc, "house"), "house", 9, 13))
    loose = read.card_set(read.get(doc, "loose"), "loose")
    if kind == "take":
        house = read.integer(read.get(doc, "house"), "house", 9, 13, optional=True)
        return Take(card=card, loose=loose, house=house)
    return Build(card=card, loose=loose, value=read.integer(read.get(doc, "value"), "value", 9, 13))


# Their public home (for help(), the API reference and pickling by name), as
# NumPy's ``set_module`` does for functions defined in private modules.
move_to_dict.__module__ = move_from_dict.__module__ = "seep.serialization"

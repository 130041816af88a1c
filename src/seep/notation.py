"""Text notation for moves (move notation).

:func:`format_state` is re-exported from :mod:`seep.render`, the state printer.

>>> from seep.notation import format_move, parse_move
>>> move = parse_move("TAKE js  6h 5c 10d #11")
>>> format_move(move)
'take JS 5C 6H TD #11'
>>> parse_move(format_move(move)) == move
True
>>> parse_move("build 5♥ 6♣ =11")
Build(card=Card('5H'), loose=CardSet('6C'), value=11)
"""

from __future__ import annotations

from seep._excerpt import excerpt
from seep.cards import CARD_FORMS, Card, CardSet
from seep.errors import NotationError
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.render import format_state

__all__ = ["format_move", "format_state", "parse_move"]

_VERBS = ("bid", "throw", "take", "build", "raise")


def format_move(move: Move) -> str:
    """The canonical notation of ``move`` (same as ``str(move)``).

    >>> from seep import Raise, format_move
    >>> format_move(Raise(card="2C", house=9))
    'raise 2C #9'
    """
    return str(move)


def _is_value(token: str) -> bool:
    """True for a house value 9..13 in ASCII digits (``str.isdigit`` also accepts ``'¹'``).

    The length is checked before ``int``, which refuses text past Python's digit limit.
    """
    return token.isascii() and token.isdigit() and len(token) <= 2 and 9 <= int(token) <= 13


def _house_token(token: str, marker: str, text: str) -> int:
    digits = token[1:]
    if not _is_value(digits):
        raise NotationError(
            f"move notation: {excerpt(token)} in {excerpt(text)} is not {marker}9..{marker}13"
        )
    return int(digits)


def _card(token: str, text: str) -> Card:
    """The card ``token`` of the move ``text``."""
    try:
        return Card.parse(token)
    except NotationError:
        raise NotationError(
            f"move notation: {excerpt(token)} in {excerpt(text)} is not a card: {CARD_FORMS}"
        ) from None


def parse_move(text: str) -> Move:
    """Read a move in move notation (any case, any spacing, loose cards in any order).

    >>> from seep import parse_move
    >>> parse_move("bid 11"), parse_move("throw 7c")
    (Bid(value=11), Throw(card=Card('7C')))
    >>> parse_move("raise 2C")
    Traceback (most recent call last):
    ...
    seep.errors.NotationError: move notation: 'raise 2C' needs 'raise CARD #VALUE'
    >>> parse_move("throw 1S")
    Traceback (most recent call last):
    ...
    seep.errors.NotationError: move notation: '1S' in 'throw 1S' is not a card: a rank A 2-9 T J Q K (or 10) then a suit S H D C (or ♠ ♥ ♦ ♣), as in 'TD' or '10♦'
    """
    if not isinstance(text, str):
        raise TypeError(f"text: expected a str such as 'throw 7C', not {type(text).__name__}")
    tokens = text.split()
    if not tokens or not tokens[0].isascii() or tokens[0].lower() not in _VERBS:
        raise NotationError(
            f"move notation: {excerpt(text)} does not start with a verb ({', '.join(_VERBS)})"
        )
    verb, rest = tokens[0].lower(), tokens[1:]
    if verb == "bid":
        if len(rest) != 1 or not _is_value(rest[0]):
            raise NotationError(f"move notation: {excerpt(text)} needs 'bid N' with N in 9..13")
        return Bid(value=int(rest[0]))
    if not rest:
        raise NotationError(f"move notation: {excerpt(text)} names no played card")
    card = _card(rest[0], text)
    if verb == "throw":
        if len(rest) != 1:
            raise NotationError(f"move notation: {excerpt(text)} needs 'throw CARD'")
        return Throw(card=card)
    if verb == "raise":
        if len(rest) != 2 or not rest[1].startswith("#"):
            raise NotationError(f"move notation: {excerpt(text)} needs 'raise CARD #VALUE'")
        return Raise(card=card, house=_house_token(rest[1], "#", text))
    marker = "#" if verb == "take" else "="
    value: int | None = None
    loose: list[str] = []
    for token in rest[1:]:
        if token.startswith(("#", "=")):
            if token[0] != marker or value is not None:
                raise NotationError(
                    f"move notation: unexpected {excerpt(token)} in {excerpt(text)}"
                )
            value = _house_token(token, marker, text)
        elif value is not None:
            raise NotationError(
                f"move notation: {excerpt(token)} after the house value in {excerpt(text)}"
            )
        else:
            loose.append(token)
    mask = 0
    for token in loose:
        bit = 1 << _card(token, text)
        if mask & bit:
            raise NotationError(
                f"move notation: card {Card.parse(token)} is listed twice in {excerpt(text)}"
            )
        mask |= bit
    cards = CardSet(mask)
    if card in cards:
        raise NotationError(
            f"move notation: {card} is both played and on the floor in {excerpt(text)}"
        )
    if verb == "take":
        return Take(card=card, loose=cards, house=value)
    if value is None:
        raise NotationError(f"move notation: {excerpt(text)} needs the house value '=N'")
    return Build(card=card, loose=cards, value=value)

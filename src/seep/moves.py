"""The five kinds of move (R3.1) and their canonical order.

Moves are small frozen values; ``str(move)`` is the canonical move
notation and ``repr(move)`` types back. The played card (or a bid's value)
may be given by position, every other field by keyword; cards may be given
as :class:`~seep.cards.Card` values, notation strings or indices:

>>> from seep.moves import Bid, Build, Raise, Take, Throw
>>> Take("JS", loose="5C 6H TD", house=11)
Take(card=Card('JS'), loose=CardSet('5C 6H TD'), house=11)
>>> Throw("7C") == Throw(card="7C"), Bid(11) == Bid(value=11)
(True, True)
>>> str(Build(card="5H", loose="6C", value=11))
'build 5H 6C =11'
>>> str(Raise(card="2C", house=9)), Raise(card="2C", house=9).new_value
('raise 2C #9', 11)
>>> sorted([Throw(card="7C"), Take(card="7C", loose="7D"), Bid(value=10)])
[Bid(value=10), Take(card=Card('7C'), loose=CardSet('7D'), house=None), Throw(card=Card('7C'))]
"""

from __future__ import annotations

from typing import Any

import attrs

from seep._engine.bits import HOUSE_VALUES
from seep._util.excerpt import excerpt
from seep.cards import Card, CardSet, CardsLike
from seep.errors import InputError

__all__ = ["Bid", "Build", "Move", "Raise", "Take", "Throw"]


def _to_card(value: Card | int | str) -> Card:
    return value if isinstance(value, Card) else Card(value)


def _to_cards(value: CardsLike) -> CardSet:
    if isinstance(value, CardSet):
        return value
    try:
        return CardSet.of(value)
    except TypeError:
        raise TypeError(
            "loose: expected a CardSet, card notation such as '5C 6H', a mask or an iterable "
            f"of cards, not {type(value).__name__}"
        ) from None


def _check_house_value(instance: object, attribute: attrs.Attribute[Any], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{attribute.name}: expected an int in 9..13, not {type(value).__name__}")
    if value not in HOUSE_VALUES:
        raise InputError(
            f"a house value is 9..13, not {excerpt(value)}", field=attribute.name, rule="R5.1"
        )


def _check_optional_house(
    instance: object, attribute: attrs.Attribute[Any], value: int | None
) -> None:
    if value is not None:
        _check_house_value(instance, attribute, value)


class _Ordered:
    """Canonical order of moves (the order of :func:`seep.legal_moves`).

    Bids first by value; then by played card (canonical card order); then
    take, build, raise, throw; then by house value; then by the mask of the
    loose cards (so a set whose highest card is lower comes first).
    """

    __slots__ = ()

    def sort_key(self) -> tuple[int, int, int, int]:
        raise NotImplementedError

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, _Ordered):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, _Ordered):
            return NotImplemented
        return self.sort_key() <= other.sort_key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, _Ordered):
            return NotImplemented
        return self.sort_key() > other.sort_key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, _Ordered):
            return NotImplemented
        return self.sort_key() >= other.sort_key()


@attrs.frozen(order=False)
class Bid(_Ordered):
    """The bidder calls the value ``value`` (9..13) of a card they hold (R2.4).

    >>> from seep import Bid
    >>> str(Bid(11)), Bid(value=11)
    ('bid 11', Bid(value=11))
    """

    value: int = attrs.field(validator=_check_house_value)

    def sort_key(self) -> tuple[int, int, int, int]:
        return (-1, 0, self.value, 0)

    def __str__(self) -> str:
        return f"bid {self.value}"


@attrs.frozen(order=False)
class Take(_Ordered):
    """Play ``card`` and pick up the ``loose`` cards and/or the house of ``house`` (R4).

    ``card`` may be given by position, ``loose`` and ``house`` by keyword.

    >>> from seep import Take
    >>> str(Take("9D", loose="4S 5S", house=9))
    'take 9D 4S 5S #9'
    """

    card: Card = attrs.field(converter=_to_card)
    loose: CardSet = attrs.field(converter=_to_cards, factory=CardSet, kw_only=True)
    house: int | None = attrs.field(default=None, validator=_check_optional_house, kw_only=True)

    def sort_key(self) -> tuple[int, int, int, int]:
        return (int(self.card), 1, self.house or 0, self.loose.mask)

    def __str__(self) -> str:
        parts = ["take", str(self.card)]
        if self.loose:
            parts.append(str(self.loose))
        if self.house is not None:
            parts.append(f"#{self.house}")
        return " ".join(parts)


@attrs.frozen(order=False)
class Build(_Ordered):
    """Play ``card`` with the ``loose`` cards into the house of ``value`` (R5, R6).

    Builds a new house if none of that value stands, otherwise adds to it.
    ``card`` may be given by position, ``loose`` and ``value`` by keyword.

    >>> from seep import Build
    >>> str(Build("JD", value=11))
    'build JD =11'
    """

    card: Card = attrs.field(converter=_to_card)
    loose: CardSet = attrs.field(converter=_to_cards, factory=CardSet, kw_only=True)
    value: int = attrs.field(validator=_check_house_value, kw_only=True)

    def sort_key(self) -> tuple[int, int, int, int]:
        return (int(self.card), 2, self.value, self.loose.mask)

    def __str__(self) -> str:
        middle = f" {self.loose}" if self.loose else ""
        return f"build {self.card}{middle} ={self.value}"


@attrs.frozen(order=False)
class Raise(_Ordered):
    """Play ``card`` alone onto the open house of ``house`` to raise it (R7).

    ``card`` may be given by position, ``house`` by keyword.

    >>> from seep import Raise
    >>> Raise("3H", house=9).new_value
    12
    """

    card: Card = attrs.field(converter=_to_card)
    house: int = attrs.field(validator=_check_house_value, kw_only=True)

    @property
    def new_value(self) -> int:
        """The value of the house after the raise."""
        return self.house + self.card.value

    def sort_key(self) -> tuple[int, int, int, int]:
        return (int(self.card), 3, self.house, 0)

    def __str__(self) -> str:
        return f"raise {self.card} #{self.house}"


@attrs.frozen(order=False)
class Throw(_Ordered):
    """Put ``card`` face up on the floor as a loose card (R8).

    >>> from seep import Throw
    >>> str(Throw("10c")), Throw(card="TC")
    ('throw TC', Throw(card=Card('TC')))
    """

    card: Card = attrs.field(converter=_to_card)

    def sort_key(self) -> tuple[int, int, int, int]:
        return (int(self.card), 4, 0, 0)

    def __str__(self) -> str:
        return f"throw {self.card}"


Move = Bid | Take | Build | Raise | Throw
"""Any move: :class:`Bid`, :class:`Take`, :class:`Build`, :class:`Raise`, :class:`Throw`."""

MOVE_TYPES: tuple[type, ...] = (Bid, Take, Build, Raise, Throw)

"""Cards and sets of cards (R1.1, move notation).

A :class:`Card` is an ``int`` from 0 to 51, ordered as the rulebook lists
cards: by capture value, then by suit in the order spades, hearts, diamonds,
clubs. A :class:`CardSet` is an immutable set of cards held as a 52-bit mask,
so that set algebra is integer arithmetic and iteration runs in canonical
order.

>>> from seep.cards import Card, CardSet
>>> Card.parse("10♦")
Card('TD')
>>> Card.parse("TD").value
10
>>> hand = CardSet.parse("KS 9h 2C 9D")
>>> hand
CardSet('2C 9H 9D KS')
>>> len(hand), Card.parse("9H") in hand
(4, True)
>>> sum(card.value for card in hand)
33
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

from seep._card import CARD_FORMS as CARD_FORMS
from seep._card import CARDS, Card
from seep._card import RANKS as _RANKS
from seep._card import SUITS as _SUITS
from seep._card import card_index as card_index
from seep._card import not_a_card as not_a_card
from seep._engine.cardset import DOC, CardSet
from seep._engine.cardset import from_mask as from_mask

__all__ = [
    "ALL_CARDS",
    "RANKS",
    "SUITS",
    "Card",
    "CardSet",
    "CardsLike",
]

#: Rank characters in value order (A=1 ... K=13).
RANKS: Final = _RANKS
#: Suit characters in canonical order: spades, hearts, diamonds, clubs.
SUITS: Final = _SUITS
#: All 52 cards in canonical order.
ALL_CARDS: Final = CARDS

# The set is compiled in the compiled build, which keeps no docstring of a
# class; its public home is this module (pickles and the docs name it here).
CardSet.__doc__ = DOC
CardSet.__module__ = __name__

CardsLike: TypeAlias = CardSet | Iterable[Card | int | str] | str | int
"""Anything :meth:`CardSet.of` turns into a card set."""

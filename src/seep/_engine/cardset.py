"""The card set, :class:`seep.cards.CardSet`, kept here so that the compiled build compiles it.

Inside the engine package, the set is a native class of the opt-in compiled
build: compiled code reads its ``mask`` from the object itself instead of
through a generic attribute lookup, and makes a set with a compiled
constructor. :mod:`seep.cards` is its public home: it re-exports the class,
gives it its docstring (a compiled class keeps none) and its module name.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator
from typing import Any, Final, SupportsIndex

from seep._card import BY_TEXT, CARDS, TEXT, Card, card_index, not_a_card
from seep._engine.bits import FULL_MASK, VALUE_MASKS, mask_total
from seep._engine.bits import bits as _bits
from seep._util.excerpt import excerpt
from seep.errors import InputError, NotationError

#: The docstring of :class:`CardSet`, which :mod:`seep.cards` sets.
DOC: Final = """An immutable set of cards backed by a 52-bit integer mask.

Supports the set protocol (``in``, ``len``, iteration in canonical
order, ``| & - ^``, comparisons by inclusion) and hashes like its mask.

>>> from seep import Card, CardSet
>>> a = CardSet.parse("AS 2S 3S")
>>> b = CardSet.parse("3S 4S")
>>> a | b, a & b, a - b
(CardSet('AS 2S 3S 4S'), CardSet('3S'), CardSet('AS 2S'))
>>> CardSet.parse("3S") <= a, a.values()
(True, (1, 2, 3))
>>> CardSet.of(["KH", Card.parse("AS")])
CardSet('AS KH')

``CardSet("AS KH")`` reads card notation (as :meth:`CardSet.parse`, so
the ``repr`` types back), ``CardSet()`` is the empty set and
``CardSet(mask)`` the set of a 52-bit mask (bit ``i`` for ``Card(i)``);
:meth:`CardSet.of` takes any iterable of cards.

>>> CardSet("TD AS") == CardSet(0b1 | 1 << 38), CardSet()
(True, CardSet())
"""


class CardSet:  # its docstring is DOC, set by seep.cards (a compiled class keeps none)
    __slots__ = ("mask",)
    mask: int

    # A str or an integer; the compiled build does not check a union with a protocol
    # on entry, so the checks below name the parameter in both builds alike.
    def __init__(self, cards: str | SupportsIndex = 0, /) -> None:
        if type(cards) is not int:
            cards = _slow_mask(cards)
        elif not 0 <= cards <= FULL_MASK:
            raise InputError(
                f"a card-set mask is 0..2**52-1, not {excerpt(cards)}; "
                "card notation reads as CardSet('AS KH')",
                field="cards",
            )
        self.mask = cards

    @classmethod
    def parse(cls, text: object) -> CardSet:  # not str: the compiled build would check it first
        """Read cards separated by white space (a ``str``); an empty string is the empty set.

        Duplicates are refused, since a set cannot hold a card twice.

        >>> from seep import CardSet
        >>> CardSet.parse("  td  10♠ ")
        CardSet('TS TD')
        >>> CardSet.parse("AS AS")
        Traceback (most recent call last):
        ...
        seep.errors.NotationError: card notation: card AS is listed twice
        """
        if not isinstance(text, str):
            raise TypeError(
                f"text: expected a str of cards such as 'AS KH', not {type(text).__name__}"
            )
        return from_mask(_text_mask(text, "card notation"))

    @classmethod
    def of(cls, cards: CardSet | Iterable[Card | int | str] | str | int) -> CardSet:
        """Build a card set from a set, a mask, notation text, or an iterable of cards.

        Iterables may mix :class:`Card`, card indices and notation strings.

        >>> from seep import CardSet
        >>> CardSet.of("AS KH") == CardSet.of([0, "KH"]) == CardSet.of(CardSet.parse("KH AS"))
        True
        """
        if isinstance(cards, CardSet):
            return cards
        if isinstance(cards, str):
            return cls.parse(cards)
        if isinstance(cards, int) and not isinstance(cards, bool):
            return cls(cards)
        if isinstance(cards, (bytes, bytearray, bool)) or not hasattr(type(cards), "__iter__"):
            raise TypeError(
                "cards: expected a CardSet, notation text, a mask or an iterable of cards, "
                f"not {type(cards).__name__}"
            )
        mask = 0
        # Objects, not ints: the compiled build reads an item typed int as a plain
        # int, so a bool would pass as 0 or 1 (R1.1: a bool is no card).
        items: Iterable[object] = cards
        for item in items:
            if isinstance(item, str):
                card = Card.parse(item)
            elif isinstance(item, Card):
                card = item
            else:
                card = CARDS[card_index(item, "cards")]
            mask |= 1 << card
        return from_mask(mask)

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except NotationError:
                return False
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 52:
            return False
        return bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        cards = CARDS
        return (cards[i] for i in _bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __hash__(self) -> int:
        return hash(self.mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self.mask != other.mask and self.mask & ~other.mask == 0

    def __ge__(self, other: CardSet) -> bool:
        return other.mask & ~self.mask == 0

    def __gt__(self, other: CardSet) -> bool:
        return self.mask != other.mask and other.mask & ~self.mask == 0

    def __or__(self, other: CardSet) -> CardSet:
        return from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return from_mask(self.mask ^ other.mask)

    def __setattr__(self, name: str, value: object) -> None:
        # Immutable: only __init__ sets the mask, once (the engine's sets skip it, see from_mask).
        if name != "mask" or hasattr(self, "mask"):
            raise AttributeError("CardSet is immutable")
        object.__setattr__(self, name, value)

    def __copy__(self) -> CardSet:
        return self

    def __deepcopy__(self, memo: object) -> CardSet:
        return self

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        return (CardSet, (self.mask,))

    def isdisjoint(self, other: CardSet) -> bool:
        """True if the two sets share no card."""
        return self.mask & other.mask == 0

    def values(self) -> tuple[int, ...]:
        """Capture values of the cards, in canonical order."""
        return tuple(i // 4 + 1 for i in _bits(self.mask))

    def total(self) -> int:
        """Sum of the capture values (R1.1).

        >>> from seep import CardSet
        >>> CardSet.parse("9S 9H 4D 5C").total()
        27
        """
        return mask_total(self.mask)

    def of_value(self, value: int) -> CardSet:
        """The cards of one capture value.

        >>> from seep import CardSet
        >>> CardSet.parse("9S 9H KD").of_value(9)
        CardSet('9S 9H')
        """
        return from_mask(self.mask & VALUE_MASKS[value])

    def __str__(self) -> str:
        return " ".join(TEXT[i] for i in _bits(self.mask))

    def __repr__(self) -> str:
        return f"CardSet('{self}')" if self.mask else "CardSet()"


def _text_mask(text: str, notation: str) -> int:
    """The mask of the cards in ``text``; a card given twice is refused (in ``notation``)."""
    mask = 0
    for token in text.split():
        card = BY_TEXT.get(token)
        if card is None:
            raise NotationError(f"{notation}: {not_a_card(token)}")
        if mask >> card & 1:
            raise NotationError(f"{notation}: card {card} is listed twice")
        mask |= 1 << card
    return mask


def _slow_mask(cards: object) -> int:
    """The mask of ``CardSet(cards)`` for anything but a plain ``int``: notation, or refused."""
    if isinstance(cards, str):
        return _text_mask(cards, "card notation")
    if isinstance(cards, Card):
        raise TypeError(
            f"cards: a Card is not a mask; write CardSet('{cards}') or CardSet.of([card])"
        )
    if isinstance(cards, bool) or not hasattr(type(cards), "__index__"):
        raise TypeError(
            "cards: expected card notation such as CardSet('AS KH') or a mask (an int "
            f"in 0..2**52-1), not {type(cards).__name__}; CardSet.of takes an iterable of cards"
        )
    return CardSet(operator.index(cards)).mask  # type: ignore[arg-type]


#: The slot of the mask: a plain slot in the pure build, a compiled field in the compiled one.
_MASK: Final[Any] = vars(CardSet)["mask"]
#: True in the pure build, where :func:`from_mask` skips ``__init__`` and the guarding
#: ``__setattr__`` by setting the slot directly (a quarter of the cost of the constructor).
#: A compiled set is made by its compiled constructor, quicker still.
SLOT_SETTER: Final = type(_MASK).__name__ == "member_descriptor"
_set_mask: Final[Any] = _MASK.__set__
_new: Final[Any] = object.__new__


def from_mask(mask: int) -> CardSet:
    """The set of ``mask``, a mask already known to be valid (no checks).

    >>> from seep._engine.cardset import from_mask
    >>> from_mask(0b11)
    CardSet('AS AH')
    """
    if SLOT_SETTER:
        cards: CardSet = _new(CardSet)
        _set_mask(cards, mask)
        return cards
    return CardSet(mask)

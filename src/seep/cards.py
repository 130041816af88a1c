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

import operator
from collections.abc import Iterable, Iterator
from typing import Final

from seep._engine.bits import FULL_MASK, VALUE_MASKS, mask_total
from seep._engine.bits import bits as _bits
from seep._util.excerpt import excerpt
from seep.errors import InputError, NotationError

__all__ = [
    "ALL_CARDS",
    "RANKS",
    "SUITS",
    "Card",
    "CardSet",
    "CardsLike",
]

#: Rank characters in value order (A=1 ... K=13).
RANKS: Final = "A23456789TJQK"
#: Suit characters in canonical order: spades, hearts, diamonds, clubs.
SUITS: Final = "SHDC"
_SUIT_SYMBOLS: Final = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")


class Card(int):
    """One of the 52 cards, as an ``int`` in canonical order.

    ``Card("JS")`` reads card notation (as :meth:`Card.parse`, so the
    ``repr`` types back); ``Card(n)`` for ``n`` in ``0..51`` is the card of
    that index. Both return the shared instance.

    >>> from seep import Card
    >>> card = Card("qs")
    >>> card, card.value, card.suit, card.rank
    (Card('QS'), 12, 'S', 'Q')
    >>> str(card), int(card), Card(44) is card, eval(repr(card)) is card
    ('QS', 44, True, True)
    >>> sorted(Card.parse(t) for t in ["KS", "AC", "AS", "2H"])
    [Card('AS'), Card('AC'), Card('2H'), Card('KS')]
    """

    __slots__ = ()

    def __new__(cls, card: int | str) -> Card:
        if type(card) is not int or not 0 <= card < 52:
            if isinstance(card, str):
                return cls.parse(card)
            if isinstance(card, bool) or not hasattr(type(card), "__index__"):
                raise TypeError(
                    "card: expected card notation such as Card('JS') or a card index "
                    f"0..51 such as Card(40), not {type(card).__name__}"
                )
            card = card_index(card, "card")
        return _CARDS[card]

    @property
    def value(self) -> int:
        """Capture value: A=1, 2..10 face value, J=11, Q=12, K=13 (R1.1)."""
        return int(self) // 4 + 1

    @property
    def suit(self) -> str:
        """Suit letter: ``S``, ``H``, ``D`` or ``C``."""
        return SUITS[int(self) % 4]

    @property
    def rank(self) -> str:
        """Rank character: ``A 2 ... 9 T J Q K``."""
        return RANKS[int(self) // 4]

    @property
    def mask(self) -> int:
        """The single-bit mask of this card."""
        return 1 << int(self)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in card notation (``TD``, ``10d``, ``10♦``); ``Card(text)`` is the same.

        >>> from seep import Card
        >>> Card.parse("a♠")
        Card('AS')
        >>> Card.parse("1S")
        Traceback (most recent call last):
        ...
        seep.errors.NotationError: card notation: '1S' is not a card: a rank A 2-9 T J Q K (or 10) then a suit S H D C (or ♠ ♥ ♦ ♣), as in 'TD' or '10♦'

        Only the ASCII letters and digits and the suit symbols ``♠ ♥ ♦ ♣``
        spell a card; a letter that merely upper-cases to one does not.
        """
        if not isinstance(text, str):
            raise TypeError(f"text: expected a str such as 'TD', not {type(text).__name__}")
        card = _BY_TEXT.get(text.strip())
        if card is None:
            raise NotationError(f"card notation: {not_a_card(text)}")
        return card

    @classmethod
    def of(cls, value: int, suit: str) -> Card:
        """The card of capture value ``value`` (1..13) and suit letter ``suit``.

        >>> from seep import Card
        >>> Card.of(10, "D")
        Card('TD')
        """
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"value: expected an int in 1..13, not {type(value).__name__}")
        if not isinstance(suit, str):
            raise TypeError(f"suit: expected one of 'S', 'H', 'D', 'C', not {type(suit).__name__}")
        if not 1 <= value <= 13 or suit not in SUITS or len(suit) != 1:
            raise InputError(
                f"no card of value {excerpt(value)} and suit {excerpt(suit)}",
                field="value" if suit in SUITS and len(suit) == 1 else "suit",
                rule="R1.1",
            )
        return _CARDS[(value - 1) * 4 + SUITS.index(suit)]

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card('{_TEXT[self]}')"

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


#: What spells a card, for error messages.
CARD_FORMS: Final = (
    "a rank A 2-9 T J Q K (or 10) then a suit S H D C (or ♠ ♥ ♦ ♣), as in 'TD' or '10♦'"
)


def not_a_card(text: str) -> str:
    """Why ``text`` is no card, for the messages of card and move notation."""
    return f"{excerpt(text)} is not a card: {CARD_FORMS}"


_TEXT: Final[tuple[str, ...]] = tuple(r + s for r in RANKS for s in SUITS)
_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(52))
_BY_TEXT: Final[dict[str, Card]] = {}
for _card, _text in zip(_CARDS, _TEXT, strict=True):
    _rank, _suit = _text[0], _text[1]
    _ranks = {_rank, _rank.lower()} | ({"10"} if _rank == "T" else set())
    _suits = {_suit, _suit.lower()} | {
        sym for sym, letter in _SUIT_SYMBOLS.items() if letter == _suit
    }
    for _r in _ranks:
        for _s in _suits:
            _BY_TEXT[_r + _s] = _card


def card_index(value: object, field: str) -> int:
    """``value`` as a card index 0..51 (R1.1), for the parameter or place ``field``.

    ``TypeError`` unless it is an integer (a ``bool`` is not);
    :class:`~seep.errors.InputError` outside 0..51.
    """
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(
            f"{field}: expected a card index (an int in 0..51), not {type(value).__name__}"
        )
    index = operator.index(value)  # type: ignore[arg-type]
    if not 0 <= index < 52:
        raise InputError(f"a card index is 0..51, not {excerpt(index)}", field=field, rule="R1.1")
    return index


#: All 52 cards in canonical order.
ALL_CARDS: Final = _CARDS


class CardSet:
    """An immutable set of cards backed by a 52-bit integer mask.

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

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: str | int = 0, /) -> None:
        if type(cards) is not int:
            cards = _slow_mask(cards)
        elif not 0 <= cards <= FULL_MASK:
            raise InputError(
                f"a card-set mask is 0..2**52-1, not {excerpt(cards)}; "
                "card notation reads as CardSet('AS KH')",
                field="cards",
            )
        object.__setattr__(self, "mask", cards)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by white space; an empty string is the empty set.

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
        return _from_mask(_text_mask(text, "card notation"))

    @classmethod
    def of(cls, cards: CardsLike) -> CardSet:
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
        for item in cards:
            if isinstance(item, str):
                card = Card.parse(item)
            elif isinstance(item, Card):
                card = item
            else:
                card = _CARDS[card_index(item, "cards")]
            mask |= 1 << card
        return _from_mask(mask)

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
        cards = _CARDS
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
        return _from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return _from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return _from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return _from_mask(self.mask ^ other.mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

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
        return _from_mask(self.mask & VALUE_MASKS[value])

    def __str__(self) -> str:
        return " ".join(_TEXT[i] for i in _bits(self.mask))

    def __repr__(self) -> str:
        return f"CardSet('{self}')" if self.mask else "CardSet()"


CardsLike = CardSet | Iterable[Card | int | str] | str | int
"""Anything :meth:`CardSet.of` turns into a card set."""


_new = object.__new__
_set_mask = CardSet.__dict__["mask"].__set__


def _text_mask(text: str, notation: str) -> int:
    """The mask of the cards in ``text``; a card given twice is refused (in ``notation``)."""
    mask = 0
    for token in text.split():
        card = _BY_TEXT.get(token)
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


def _from_mask(mask: int) -> CardSet:
    """Build a set from a mask already known to be valid (no checks)."""
    result = _new(CardSet)
    _set_mask(result, mask)
    return result


from_mask = _from_mask

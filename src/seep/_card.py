"""One card: :class:`seep.cards.Card` and card notation (R1.1).

:mod:`seep.cards` is the public module; this one holds the card itself, below
:mod:`seep._engine.cardset`, so that the set can be compiled and the card
stays an ``int`` subclass.
"""

from __future__ import annotations

import operator
from typing import Final

from seep._util.excerpt import excerpt
from seep.errors import InputError, NotationError

#: Rank characters in value order (A=1 ... K=13).
RANKS: Final = "A23456789TJQK"
#: Suit characters in canonical order: spades, hearts, diamonds, clubs.
SUITS: Final = "SHDC"
_SUIT_SYMBOLS: Final = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


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
    __module__ = "seep.cards"  # its public home, for pickles and the docs

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
        return CARDS[card]

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
        card = BY_TEXT.get(text.strip())
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
        return CARDS[(value - 1) * 4 + SUITS.index(suit)]

    def __str__(self) -> str:
        return TEXT[self]

    def __repr__(self) -> str:
        return f"Card('{TEXT[self]}')"

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


TEXT: Final[tuple[str, ...]] = tuple(r + s for r in RANKS for s in SUITS)
CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(52))
BY_TEXT: Final[dict[str, Card]] = {}
for _card, _text in zip(CARDS, TEXT, strict=True):
    _rank, _suit = _text[0], _text[1]
    _ranks = {_rank, _rank.lower()} | ({"10"} if _rank == "T" else set())
    _suits = {_suit, _suit.lower()} | {
        sym for sym, letter in _SUIT_SYMBOLS.items() if letter == _suit
    }
    for _r in _ranks:
        for _s in _suits:
            BY_TEXT[_r + _s] = _card


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

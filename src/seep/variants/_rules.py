"""Rule objects: the pieces a :class:`~seep.variants.Variant` is made of.

Each object is a small frozen value that the engine asks a question; a new
house rule is a new value (or a new class with the same method), never a
change to the engine.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import attrs

from seep.cards import Card, CardSet

__all__ = [
    "CardPoints",
    "Opening",
    "Pickup",
    "SeepBonus",
    "SeepContext",
    "SeepRule",
    "ThrowRule",
]


class Opening(enum.Enum):
    """How a deal opens.

    ``BID``: R2, the bidder gets four cards, the floor lies face down, the
    bidder bids and makes the first play with the bid (R2.6).
    """

    BID = "bid"


class Pickup(enum.Enum):
    """What a pick-up must take.

    ``TAKE_EVERYTHING``: R4.3, the house of the value and a maximal set of groups.
    """

    TAKE_EVERYTHING = "take-everything"


class ThrowRule(enum.Enum):
    """When a card may be thrown.

    ``ONLY_IF_NO_PICKUP``: R8.2, only a card that cannot pick anything up.
    """

    ONLY_IF_NO_PICKUP = "only-if-no-pickup"


@attrs.frozen(kw_only=True)
class SeepContext:
    """What a seep bonus may depend on (R4.5).

    ``play`` is the play count right after the pick-up (1 for the first play
    of the deal); ``last_play`` means the last play of the whole deal;
    ``batch_end`` the last play of a two-player first batch.
    """

    card: Card
    play: int
    first_play: bool
    last_play: bool
    batch_end: bool


@runtime_checkable
class SeepRule(Protocol):
    """Anything that gives the bonus for a seep: ``rule(context) -> points``."""

    def __call__(self, context: SeepContext) -> int: ...


@attrs.frozen(kw_only=True)
class SeepBonus:
    """The seep bonus of R4.5 with adjustable amounts.

    >>> from seep.cards import Card
    >>> rule = SeepBonus()
    >>> ctx = SeepContext(card=Card.parse("9S"), play=1, first_play=True,
    ...                   last_play=False, batch_end=False)
    >>> rule(ctx), SeepBonus(first_play=50)(ctx)
    (25, 50)
    """

    normal: int = 50
    first_play: int = 25
    last_play: int = 0

    def __call__(self, context: SeepContext) -> int:
        if context.last_play:
            return self.last_play
        if context.first_play:
            return self.first_play
        return self.normal


def _spades_and_aces() -> tuple[int, ...]:
    points = [0] * 52
    for index in range(52):
        card = Card(index)
        if card.suit == "S":
            points[index] = card.value
        elif card.value == 1:
            points[index] = 1
    points[Card.parse("TD")] = 6
    return tuple(points)


@attrs.frozen(kw_only=True)
class CardPoints:
    """A card-point table (R1.2), with an optional bonus for the most cards.

    ``most_cards`` points go to the team whose pile holds the most cards
    (nobody on a tie), as family variants score it (R12).

    >>> from seep.cards import CardSet
    >>> STANDARD = CardPoints()
    >>> STANDARD.score([CardSet.parse("KS AH TD 2C"), CardSet.parse("5S")])
    (20, 5)
    >>> sum(STANDARD.points)
    100
    """

    points: tuple[int, ...] = attrs.field(factory=_spades_and_aces)
    most_cards: int = 0

    @points.validator
    def _check_points(self, attribute: attrs.Attribute[tuple[int, ...]], value: object) -> None:
        if not isinstance(value, tuple) or len(value) != 52:
            raise ValueError("CardPoints.points needs 52 ints, one per card in canonical order")

    def card_points(self, card: Card) -> int:
        """Points of a single card."""
        return self.points[card]

    def score(self, piles: Sequence[CardSet]) -> tuple[int, ...]:
        """Card points of each team's pile."""
        points = self.points
        scores = [sum(points[card] for card in pile) for pile in piles]
        if self.most_cards:
            sizes = [len(pile) for pile in piles]
            best = max(sizes)
            if sizes.count(best) == 1:
                scores[sizes.index(best)] += self.most_cards
        return tuple(scores)

    @property
    def total(self) -> int:
        """Points in play per deal (100 for the standard table)."""
        return sum(self.points) + self.most_cards

    def with_card(self, card: str | Card, points: int) -> CardPoints:
        """A copy of the table with one card's points changed.

        >>> CardPoints().with_card("TD", 2).card_points(Card.parse("TD"))
        2
        """
        index = Card.parse(card) if isinstance(card, str) else card
        table = list(self.points)
        table[index] = points
        return attrs.evolve(self, points=tuple(table))

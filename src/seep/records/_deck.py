"""The deck a deal was dealt from: :func:`deck_of` and its inverse, a deal from a deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from seep._engine.schedule import deck_order
from seep.cards import Card, CardSet
from seep.deal import new_deal
from seep.errors import InvalidStateError, MisdealError, RecordError
from seep.state import State
from seep.variants import Variant


def deck_of(start: State) -> tuple[Card, ...]:
    """A deck (first card dealt first) that deals the starting state ``start``.

    Standard (R2.2): the bidder's four cards, the four floor cards (both in
    canonical order: a hand is a set), then the stock. Taash (R11.1): the four
    floor cards, four cards for each player from the seat after the dealer,
    then the stock. ``new_deal(variant, dealer=d, deck=deck_of(start))``
    equals ``start`` except for ``redeals`` (R2.3), which a deck cannot carry.

    >>> from seep.records import deck_of
    >>> from seep import new_deal
    >>> start = new_deal("taash", seed=5, dealer=3)
    >>> new_deal("taash", dealer=3, deck=deck_of(start)) == start
    True
    >>> deck_of(new_deal("standard", seed=5))[:8]  # doctest: +ELLIPSIS
    (Card('...'), Card('...'), Card('...'), Card('...'), Card('...'), ...)
    """
    variant = start.variant
    if start.plays or start.houses or any(start.piles) or start.seeps:
        raise RecordError("the state is not the start of a deal: cards have been played")
    order = deck_order(variant, start.dealer, start.hands, start.loose)
    deck = (*order, *start.stock)
    try:
        rebuilt = new_deal(variant, dealer=start.dealer, deck=deck)
    except MisdealError as error:
        raise RecordError(str(error), rule="R2.3") from None
    except InvalidStateError as error:
        raise RecordError(f"the state is not the start of a deal: {error}") from None
    if attrs.evolve(rebuilt, redeals=start.redeals) != start:
        raise RecordError("the state is not the start of a deal that any deck deals")
    return deck


def start_from_deck(variant: Variant, dealer: int, deck: Sequence[Card], redeals: int) -> State:
    """The deal ``dealer`` deals from ``deck`` (R1.1: the 52 cards once each), ``redeals`` noted."""
    if len(deck) != 52 or len(CardSet.of(deck)) != 52:
        twice = sorted(card for card, count in Counter(deck).items() if count > 1)
        detail = f"; listed twice: {' '.join(map(str, twice))}" if twice else ""
        raise RecordError(
            f"R1.1: a deck is the 52 cards once each, not {len(deck)} cards{detail}", rule="R1.1"
        )
    try:
        start = new_deal(variant, dealer=dealer, deck=deck)
    except MisdealError as error:
        raise RecordError(str(error), rule="R2.3") from None
    except InvalidStateError as error:
        raise RecordError(str(error)) from None
    return attrs.evolve(start, redeals=redeals) if redeals else start

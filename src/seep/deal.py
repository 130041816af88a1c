"""Starting a deal: shuffling, dealing and the automatic redeal (R2.1 to R2.3).

>>> from seep import new_deal
>>> state = new_deal("standard", seed=3, dealer=2)
>>> state.dealer, state.bidder, state.to_move
(2, 3, 3)
>>> max(card.value for card in state.hands[3]) >= 9
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from seep._engine.schedule import PACKET, first_to_play, is_void, lay_out
from seep._util.excerpt import excerpt
from seep.cards import ALL_CARDS, Card, CardSet, from_mask
from seep.errors import InputError, InvalidStateError, MisdealError, NotationError
from seep.history import Dealt, History
from seep.state import Phase, State
from seep.variants import Variant, get_variant

__all__ = ["new_deal"]


def new_deal(
    variant: str | Variant = "standard",
    *,
    seed: int | str | bytes | None = None,
    dealer: int = 0,
    deck: Sequence[Card | str] | None = None,
) -> State:
    """A new deal, ready for its first move.

    With ``deck`` (52 cards, index 0 dealt first) the cards are dealt in that
    order (R2.2, or R11.1 for taash) and a void deal raises
    :class:`~seep.errors.MisdealError` (R2.3; taash has no redeal). Otherwise the deck is shuffled from ``seed`` (``None``: fresh
    randomness) and a void deal is redealt automatically; ``state.redeals``
    counts the redeals.

    >>> from seep import new_deal
    >>> from seep.cards import ALL_CARDS
    >>> deck = list(reversed(ALL_CARDS))          # kings first
    >>> state = new_deal(deck=deck)
    >>> state.hands[1], state.loose
    (CardSet('KS KH KD KC'), CardSet('QS QH QD QC'))
    >>> new_deal(deck=list(ALL_CARDS))            # aces first: no 9 or higher
    Traceback (most recent call last):
    ...
    seep.errors.MisdealError: R2.3: the bidder (seat 1) holds AS AH AD AC, no card of 9 or more: the deal is void
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str, bytes))):
        raise TypeError(f"seed: expected an int, str, bytes or None, not {type(seed).__name__}")
    rules = get_variant(variant)
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise TypeError(f"dealer: expected a seat (an int), not {type(dealer).__name__}")
    if not 0 <= dealer < rules.players:
        raise InvalidStateError(
            "dealer", f"a seat in 0..{rules.players - 1}, not {excerpt(dealer)}"
        )
    if deck is not None:
        return deal_from_order(rules, dealer, _read_deck(deck))
    rng = random.Random(seed)
    redeals = 0
    while True:
        order = list(ALL_CARDS)
        rng.shuffle(order)
        try:
            return _deal(rules, dealer, tuple(order), redeals=redeals)
        except MisdealError:
            redeals += 1  # R2.3: the same dealer shuffles and deals again


def _read_deck(deck: Sequence[Card | str]) -> tuple[Card, ...]:
    if isinstance(deck, (str, bytes, CardSet)) or not hasattr(type(deck), "__iter__"):
        raise TypeError(f"deck: expected a sequence of 52 cards, not {type(deck).__name__}")
    deck = list(deck)
    if len(deck) != 52:
        raise InvalidStateError("deck", f"a deck has 52 cards, not {len(deck)}")
    cards: list[Card] = []
    seen = 0
    for position, item in enumerate(deck):
        if isinstance(item, bool) or (
            not isinstance(item, str) and not hasattr(type(item), "__index__")
        ):
            raise TypeError(
                f"deck[{position}]: expected a card (a Card, an index or notation text), "
                f"not {type(item).__name__}"
            )
        try:
            card = Card.parse(item) if isinstance(item, str) else Card(item)
        except InputError as error:  # an index outside 0..51 (R1.1)
            raise InvalidStateError(f"deck[{position}]", f"R1.1: {error.reason}") from None
        except NotationError as error:
            raise InvalidStateError(f"deck[{position}]", str(error)) from None
        if seen >> card & 1:
            raise InvalidStateError(f"deck[{position}]", f"{card} appears twice")
        seen |= 1 << card
        cards.append(card)
    if len(cards) != 52:
        raise InvalidStateError("deck", f"a deck has 52 cards, not {len(cards)}")
    return tuple(cards)


def deal_from_order(variant: Variant, dealer: int, order: tuple[Card, ...]) -> State:
    """The deal of the 52 distinct cards ``order`` (not checked), as ``new_deal(deck=order)`` deals it."""
    return _deal(variant, dealer, order, redeals=0)


def _deal(variant: Variant, dealer: int, order: tuple[Card, ...], *, redeals: int) -> State:
    bidder = first_to_play(dealer, variant.players)
    hands, loose, stock, packets = lay_out(variant, dealer, order)  # R2.2, R11.1
    bids = variant.opening.bids
    if is_void(variant, hands[bidder].mask):
        raise MisdealError(
            f"R2.3: the bidder (seat {bidder}) holds {hands[bidder]}, no card of 9 or more: the deal is void"
        )
    # The history's first entries, in dealing order: a floor dealt face up without a bid (R11.1).
    dealt = [Dealt(to, PACKET, cards, to is None and not bids) for to, cards in packets]
    return State(
        variant=variant,
        dealer=dealer,
        phase=Phase.BID if bids else Phase.PLAY,  # R2.4: the bid comes first
        to_move=bidder,
        bid=None,
        hands=hands,
        stock=stock,
        face_up=not bids,  # R2.2: face down until the bid (R2.5)
        loose=loose,
        houses=(),
        piles=(from_mask(0),) * variant.teams,
        seeps=(),
        last_capture=None,
        plays=0,
        redeals=redeals,
        history=History.start(dealt),
    )

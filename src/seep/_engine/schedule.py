"""The schedule of a deal: who plays when, and who is dealt what, when (R2.1, R2.2, R2.7 to R2.9, R11.1, R11.2).

The dealing order of the deck is encoded once, in :func:`opening_packets`:
:func:`lay_out` deals a deck by it (for :func:`seep.new_deal`) and
:func:`deck_order` inverts it (for :func:`seep.records.deck_of`). The
transition deals the rest with :func:`deal_packets`; loaded documents
(the JSON documents) are checked against :func:`hand_sizes` and :func:`stock_size`.
The variant's opening rule (:class:`~seep.variants.OpeningRule`) decides
what the opening deals and how long it lasts.

>>> from seep._engine.schedule import opening_packets
>>> from seep.variants import STANDARD, TAASH
>>> opening_packets(STANDARD, dealer=0), opening_packets(TAASH, dealer=3)
((1, None), (None, 0, 1, 2, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from seep.cards import Card, CardSet
from seep.variants import Variant

#: Cards in a packet (R2.2, R2.7, R11.1), in an opening hand and on the opening floor.
PACKET: Final = 4
OPENING_HAND: Final = PACKET
FLOOR: Final = PACKET


def first_to_play(dealer: int, players: int) -> int:
    """The seat after the dealer: the bidder (R2.1), who makes play 1."""
    return (dealer + 1) % players


def seat_to_play(dealer: int, players: int, plays: int) -> int:
    """The seat that makes play ``plays + 1``: turns go round from the bidder (R2.8, R2.9)."""
    return (first_to_play(dealer, players) + plays) % players


def played_by(dealer: int, players: int, plays: int, seat: int) -> int:
    """How many of the first ``plays`` plays ``seat`` made."""
    offset = (seat - first_to_play(dealer, players)) % players
    return max(0, (plays - offset + players - 1) // players)


def opening_packets(variant: Variant, dealer: int) -> tuple[int | None, ...]:
    """Where the packets dealt before the first play go, in dealing order: a seat, or ``None`` for the floor."""
    players = variant.players
    bidder = first_to_play(dealer, players)
    return tuple(
        None if offset is None else (bidder + offset) % players
        for offset in variant.opening.first_packets(players)
    )


def lay_out(
    variant: Variant, dealer: int, order: Sequence[Card]
) -> tuple[tuple[CardSet, ...], CardSet, tuple[Card, ...]]:
    """The hands, the floor and the stock after the opening packets are dealt from ``order``."""
    hands = [0] * variant.players
    floor = 0
    position = 0
    for seat in opening_packets(variant, dealer):
        packet = CardSet.of(order[position : position + PACKET]).mask
        position += PACKET
        if seat is None:
            floor |= packet
        else:
            hands[seat] |= packet
    return tuple(CardSet(hand) for hand in hands), CardSet(floor), tuple(order[position:])


def deck_order(
    variant: Variant, dealer: int, hands: Sequence[CardSet], floor: CardSet
) -> list[Card]:
    """The first cards of a deck that :func:`lay_out` deals into ``hands`` and ``floor`` (each in canonical order)."""
    rest: dict[int | None, list[Card]] = {None: list(floor)}
    rest.update((seat, list(hand)) for seat, hand in enumerate(hands))
    order: list[Card] = []
    for seat in opening_packets(variant, dealer):
        order.extend(rest[seat][:PACKET])
        del rest[seat][:PACKET]
    return order


def opening_hand(variant: Variant, dealer: int, seat: int) -> int:
    """Cards dealt to ``seat`` before the first play (R2.2: the bidder's four; R11.1: four each)."""
    return PACKET * opening_packets(variant, dealer).count(seat)


def in_opening_round(variant: Variant, plays: int, bid: int | None) -> bool:
    """True while the opening lasts (R2.6: the bid and first play; R11.2: the taash house round)."""
    return variant.opening.in_opening(plays, bid, variant.players)


def deal_packets(
    stock: tuple[Card, ...], hands: list[int], start: int, quotas: list[int]
) -> tuple[Card, ...]:
    """Deal packets of four round from ``start``, skipping seats whose quota is met.

    ``hands`` (masks) and ``quotas`` (cards still to give each seat) are
    updated in place; returns the rest of the stock (R2.7, R2.9).
    """
    players = len(hands)
    position = 0
    seat = start
    while any(quotas):
        if quotas[seat]:
            count = min(PACKET, quotas[seat])
            for card in stock[position : position + count]:
                hands[seat] |= 1 << card
            position += count
            quotas[seat] -= count
        seat = (seat + 1) % players
    return stock[position:]


def dealt_to(variant: Variant, dealer: int, plays: int, seat: int, bid: int | None) -> int:
    """Cards ``seat`` has been dealt once ``plays`` plays are made (R2.2, R2.7, R2.9, R11.2)."""
    if plays == 0 or in_opening_round(variant, plays, bid):
        return opening_hand(variant, dealer, seat)
    per_batch = variant.cards_per_hand * variant.players
    batches = variant.plays_per_deal // per_batch
    return variant.cards_per_hand * min(batches, plays // per_batch + 1)


def hand_sizes(variant: Variant, dealer: int, plays: int, bid: int | None) -> tuple[int, ...]:
    """Expected number of cards in each hand after ``plays`` plays."""
    players = variant.players
    return tuple(
        dealt_to(variant, dealer, plays, seat, bid) - played_by(dealer, players, plays, seat)
        for seat in range(players)
    )


def stock_size(variant: Variant, dealer: int, plays: int, bid: int | None) -> int:
    """Expected number of undealt cards after ``plays`` plays."""
    dealt = sum(dealt_to(variant, dealer, plays, seat, bid) for seat in range(variant.players))
    floor = PACKET * opening_packets(variant, dealer).count(None)
    return 52 - floor - dealt

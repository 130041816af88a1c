"""The schedule of a deal: who plays when, and who is dealt what, when (R2.1, R2.2, R2.7 to R2.9, R11.1, R11.2).

Every layer asks these functions, one per decision, rather than
re-deriving them: the bidder and first to play (:func:`first_to_play`),
whose turn it is (:func:`seat_to_play`), who is dealt each deck position
before the first play (:func:`opening_packets`, :func:`opening_recipients`),
the positions of the bidder's opening cards that decide a void deal
(:func:`bidding_positions`, :func:`is_void`), the floor's size
(:func:`opening_floor`) and the order of the packets dealt later
(:func:`packet_order`). The variant's opening rule
(:class:`~seep.variants.OpeningRule`) decides what the opening deals and
how long it lasts; nothing here or elsewhere assumes the bidder's packet
comes first.

:func:`lay_out` deals a deck by :func:`opening_packets` (for
:func:`seep.new_deal`) and :func:`deck_order` inverts it (for
:func:`seep.records.deck_of`). The transition deals the rest with
:func:`deal_packets`; loaded documents (the JSON documents) are checked
against :func:`hand_sizes` and :func:`stock_size`.

>>> from seep._engine.schedule import opening_packets
>>> from seep.variants import STANDARD, TAASH
>>> opening_packets(STANDARD, dealer=0), opening_packets(TAASH, dealer=3)
((1, None), (None, 0, 1, 2, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from seep._engine.bits import HIGH_MASK
from seep._engine.cardset import from_mask as card_set
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


def opening_recipients(variant: Variant, dealer: int) -> tuple[int | None, ...]:
    """Who is dealt each deck position before the first play, in dealing order (``None``: the floor).

    >>> from seep._engine.schedule import opening_recipients
    >>> from seep.variants import STANDARD_2P
    >>> opening_recipients(STANDARD_2P, dealer=1)
    (0, 0, 0, 0, None, None, None, None)
    """
    return tuple(seat for seat in opening_packets(variant, dealer) for _ in range(PACKET))


def bidding_positions(variant: Variant, dealer: int) -> tuple[int, ...]:
    """The deck positions of the cards the bidder bids with: its opening packets (R2.2 to R2.4).

    Empty when the opening has no bid (nothing is void, R11.1). These are
    the cards :func:`is_void` reads and the bid's value is one of (R2.4),
    wherever the variant's opening deals them.

    >>> from seep._engine.schedule import bidding_positions
    >>> from seep.variants import STANDARD, TAASH
    >>> bidding_positions(STANDARD, dealer=0), bidding_positions(TAASH, dealer=0)
    ((0, 1, 2, 3), ())
    """
    if not variant.opening.bids:
        return ()
    bidder = first_to_play(dealer, variant.players)
    recipients = opening_recipients(variant, dealer)
    return tuple(position for position, seat in enumerate(recipients) if seat == bidder)


def is_void(variant: Variant, hand: int) -> bool:
    """R2.3: the bidder's opening ``hand`` (a mask) holds no card of 9 or more, so the deal is void.

    Never for an opening without a bid (R11.1).

    >>> from seep._engine.schedule import is_void
    >>> from seep.cards import CardSet
    >>> from seep.variants import STANDARD, TAASH
    >>> low = CardSet.parse("AS 2H 5D 8C").mask
    >>> is_void(STANDARD, low), is_void(STANDARD, low | CardSet.parse("9S").mask), is_void(TAASH, low)
    (True, False, False)
    """
    return variant.opening.bids and not hand & HIGH_MASK


def opening_floor(variant: Variant) -> int:
    """Cards on the floor before the first play (R2.2, R11.1): four per floor packet of the opening."""
    return PACKET * variant.opening.first_packets(variant.players).count(None)


def packet_order(start: int, quotas: Sequence[int]) -> list[tuple[int, int]]:
    """The packets dealt after the opening, in order: ``(seat, cards)`` (R2.7, R2.9, R11.2).

    Packets of four go round from ``start`` (the first to play), skipping a
    seat once it has its ``quotas[seat]`` cards.

    >>> from seep._engine.schedule import packet_order
    >>> packet_order(1, [8, 4, 0, 6])
    [(1, 4), (3, 4), (0, 4), (3, 2), (0, 4)]
    """
    players = len(quotas)
    left = list(quotas)
    packets: list[tuple[int, int]] = []
    seat = start
    while any(left):
        if left[seat]:
            count = min(PACKET, left[seat])
            packets.append((seat, count))
            left[seat] -= count
        seat = (seat + 1) % players
    return packets


def lay_out(
    variant: Variant, dealer: int, order: Sequence[Card]
) -> tuple[tuple[CardSet, ...], CardSet, tuple[Card, ...], tuple[tuple[int | None, CardSet], ...]]:
    """The hands, the floor and the stock after the opening packets are dealt from ``order``, then the packets.

    The packets are in dealing order, each with its recipient (a seat, or
    ``None`` for the floor) as :func:`opening_packets` gives them.

    >>> from seep._engine.schedule import lay_out
    >>> from seep.cards import ALL_CARDS
    >>> from seep.variants import STANDARD
    >>> hands, floor, stock, packets = lay_out(STANDARD, 0, ALL_CARDS)
    >>> hands[1], floor, len(stock), packets[1]
    (CardSet('AS AH AD AC'), CardSet('2S 2H 2D 2C'), 44, (None, CardSet('2S 2H 2D 2C')))
    """
    hands = [0] * variant.players
    floor = 0
    position = 0
    packets: list[tuple[int | None, CardSet]] = []
    for seat in opening_packets(variant, dealer):
        packet = 0
        for card in order[position : position + PACKET]:
            packet |= 1 << card
        position += PACKET
        packets.append((seat, card_set(packet)))
        if seat is None:
            floor |= packet
        else:
            hands[seat] |= packet
    return (
        tuple([card_set(hand) for hand in hands]),
        card_set(floor),
        tuple(order[position:]),
        tuple(packets),
    )


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


def in_house_round(variant: Variant, plays: int, bid: int | None) -> bool:
    """True while a house round lasts (R11.2): build a house if possible, else throw any card.

    >>> from seep._engine.schedule import in_house_round
    >>> from seep.variants import STANDARD, TAASH
    >>> in_house_round(TAASH, 1, None), in_house_round(TAASH, 1, 10), in_house_round(STANDARD, 0, 10)
    (True, False, False)
    """
    rule = variant.opening
    return rule.builds_first and rule.in_opening(plays, bid, variant.players)


def deal_packets(
    stock: tuple[Card, ...], hands: list[int], start: int, quotas: list[int]
) -> tuple[Card, ...]:
    """Deal the packets of :func:`packet_order` from the top of ``stock``.

    ``hands`` (masks) are updated in place; ``quotas`` are the cards still
    to give each seat. Returns the rest of the stock (R2.7, R2.9).
    """
    position = 0
    for seat, count in packet_order(start, quotas):
        for card in stock[position : position + count]:
            hands[seat] |= 1 << card
        position += count
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
    return 52 - opening_floor(variant) - dealt

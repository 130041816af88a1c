"""The shape of a deal at a given play count: who has been dealt and played what.

Used to validate loaded documents (Appendix B); the transition deals the
cards itself, and the property tests check that both agree.
"""

from __future__ import annotations

from typing import Final

from seep.variants import Opening, Variant

_HOUSE_ROUND: Final = Opening.HOUSE_ROUND  # read once: reading it off the class is slow
OPENING_HAND: Final = 4
FLOOR: Final = 4


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


def opening_hand(variant: Variant, dealer: int, seat: int) -> int:
    """Cards dealt to ``seat`` before the first play (R2.2: the bidder's four; R11.1: four each)."""
    if variant.opening is _HOUSE_ROUND or seat == first_to_play(dealer, variant.players):
        return OPENING_HAND
    return 0


def in_opening_round(variant: Variant, plays: int, bid: int | None) -> bool:
    """R11.2: the taash opening round lasts until a house is built or everyone has passed."""
    return variant.opening is _HOUSE_ROUND and bid is None and plays < variant.players


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
    return 52 - FLOOR - dealt

"""The check of a variant's opening: packets and an opening length that every deal can follow.

An opening (:class:`~seep.variants.OpeningRule`) is user code; what it
returns decides how a deal starts, so :class:`~seep.variants.Variant` asks
it once, when the variant is made, rather than letting a deal hang (every
deal void, R2.3) or run out of cards mid-way.

>>> import attrs
>>> from seep.variants import STANDARD
>>> @attrs.frozen
... class LongRound:
...     bids: bool = False
...     builds_first: bool = True
...     def first_packets(self, players):
...         return (None, 0, 1, 2, 3)
...     def in_opening(self, plays, bid, players):
...         return bid is None and plays < 2 * players   # two rounds on four cards each: fine
...
>>> attrs.evolve(STANDARD, name="long-round", opening=LongRound()).opening.in_opening(5, None, 4)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from seep._util.excerpt import excerpt
from seep.errors import VariantError

if TYPE_CHECKING:
    import attrs

    from seep.variants._rules import OpeningRule

_FIELD = "Variant.opening"
#: The cards a packet holds (R2.2, R2.7, R11.1).
_PACKET = 4
#: The packets a seat may be dealt before the first play: its hand of 12 (R2.7).
_MOST_PACKETS = 3
#: Plays in a deal (R2.8, R2.9): an opening lasts at most this long.
_PLAYS = 48
#: The values a bid, or the first house of a house round, can have (R2.4, R11.2).
_BID_VALUES = (9, 10, 11, 12, 13)


def check_opening(
    instance: Any, attribute: attrs.Attribute[OpeningRule], value: OpeningRule
) -> None:
    """Refuse an opening no deal can follow, with a :class:`~seep.errors.VariantError` naming the rule.

    ``first_packets(players)`` must be a tuple of seats counted from the
    bidder (``0..players-1``) and ``None`` for the floor, with exactly one
    floor packet (R2.2, R11.1: four cards, so that a deal has 48 plays,
    R2.8) and at most three packets to a seat (its hand of 12, R2.7). A bid
    opening deals the bidder a packet to bid with (R2.3, R2.4) and lasts
    its first play alone (R2.6, R2.7). ``in_opening`` is a ``bool``, true at
    the first play and, once false, false for the rest of the deal; while it
    is true, each seat that plays holds a card dealt before the first play
    (R3.3).
    """
    players: int = instance.players
    packets = _packets(value, players)
    bids = value.bids
    if bids and 0 not in packets:
        raise VariantError(
            _FIELD,
            "R2.3, R2.4: an opening with a bid deals the bidder (seat 0) a packet to bid with",
        )
    longest = opening_plays(value, players)
    for seat in range(players):
        plays = len(range(seat, longest, players))  # the seat's plays while the opening lasts
        dealt = _PACKET * packets.count(seat)
        if plays > dealt:
            raise VariantError(
                _FIELD,
                f"R3.3: seat {seat} (counted from the bidder) makes {plays} "
                f"play{'s' if plays > 1 else ''} while the opening can last ({longest} "
                f"play{'s' if longest > 1 else ''}) but is dealt {dealt} cards before the first play",
            )


def opening_plays(value: OpeningRule, players: int) -> int:
    """The plays after which the opening ``value`` is over whatever the bid (R2.6, R2.7, R11.2).

    ``in_opening`` is asked for every play of a deal and every bid that can
    stand while an opening lasts, and checked (see :func:`check_opening`).

    >>> from seep.variants import STANDARD, TAASH
    >>> from seep.variants._opening_checks import opening_plays
    >>> opening_plays(STANDARD.opening, 4), opening_plays(TAASH.opening, 4)
    (1, 4)
    """
    bids = value.bids
    # The bid while the opening lasts: a bid's value from the first play (R2.4);
    # none, or the first house's value, in a house round (R11.2); else none.
    bid_values: tuple[int | None, ...] = _BID_VALUES if bids else (None,)
    if value.builds_first and not bids:
        bid_values = (None, *_BID_VALUES)
    longest = 0
    for bid in bid_values:
        # A house round's bid stands only from the play after the house (R11.2).
        length = _opening_length(value, players, bid, first=bid is None or bids)
        if bids and length != 1:
            raise VariantError(
                _FIELD,
                f"R2.6, R2.7: an opening with a bid lasts the bidder's first play alone, "
                f"in_opening(1, {bid}, {players}) is true",
            )
        longest = max(longest, length)
    return longest


def _packets(value: OpeningRule, players: int) -> tuple[int | None, ...]:
    """``value.first_packets(players)``, checked: seats or ``None``, one floor packet, a hand at most per seat."""
    packets = value.first_packets(players)
    if not isinstance(packets, tuple):
        raise TypeError(
            f"{_FIELD}: first_packets({players}) must return a tuple, "
            f"got {excerpt(packets)} ({type(packets).__name__})"
        )
    for packet in packets:
        if packet is not None and (
            not isinstance(packet, int) or isinstance(packet, bool) or not 0 <= packet < players
        ):
            raise VariantError(
                _FIELD,
                f"first_packets({players}) gave {excerpt(packet)}: each packet goes to "
                f"a seat counted from the bidder, 0..{players - 1}, or to the floor (None)",
            )
    floor = packets.count(None)
    if floor != 1:
        raise VariantError(
            _FIELD,
            f"R2.2, R11.1: the opening deals exactly one packet of four to the floor, "
            f"first_packets({players}) gives {floor}",
        )
    for seat in range(players):
        count = packets.count(seat)
        if count > _MOST_PACKETS:
            raise VariantError(
                _FIELD,
                f"R2.7: seat {seat} (counted from the bidder) is dealt {_PACKET * count} "
                "cards before the first play, more than its hand of 12",
            )
    return packets


def _opening_length(value: OpeningRule, players: int, bid: int | None, *, first: bool) -> int:
    """The plays the opening lasts with ``bid`` standing: true at play 0 (if ``first``), then false for good.

    ``first``: ``bid`` can stand at the first play (else play 0 is not asked).
    """
    answers = []
    for plays in range(_PLAYS):
        answer = value.in_opening(plays, bid, players)
        if type(answer) is not bool:
            raise TypeError(
                f"{_FIELD}: in_opening({plays}, {bid}, {players}) must return a bool, "
                f"got {excerpt(answer)} ({type(answer).__name__})"
            )
        answers.append(answer)
    if first and not answers[0]:
        raise VariantError(
            _FIELD,
            f"R2.6, R11.2: the opening lasts at least the first play, "
            f"in_opening(0, {bid}, {players}) is false",
        )
    length = answers.index(False, 1) if False in answers[1:] else _PLAYS
    if any(answers[length:]):
        again = answers.index(True, length)
        raise VariantError(
            _FIELD,
            f"R2.7: once over, the opening stays over, but in_opening({again}, {bid}, {players}) "
            f"is true after in_opening({length}, {bid}, {players}) was false",
        )
    return length

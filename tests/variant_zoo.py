"""A zoo of custom variants, each built only from the public rule protocols of ``seep.variants``.

Every rule class here is what a user could write from the variants page:
openings (the floor dealt before the bidder, every hand before the floor,
a house round dealt hands first), a dealer rule, a seep rule, a card-point
table, a match rule, and a variant combining several of them. The tests
parametrize over :data:`ZOO` and run :func:`seep.testing.api_test` on each
(every layer: engine, sampling, chance, actions, observations, records,
pictures, adapters).
"""

from __future__ import annotations

import attrs

from seep import STANDARD, STANDARD_2P, TAASH, TAASH_2P, Variant
from seep.variants import CardPoints, SeepContext, Standing, register_variant

__all__ = [
    "ZOO",
    "FirstToTwoDeals",
    "FloorFirstBid",
    "HandsThenFloorBid",
    "HandsThenFloorRound",
    "PlayCountSeep",
    "WinnerDeals",
    "registered",
]


# --- Openings (OpeningRule) ---------------------------------------------------


@attrs.frozen
class FloorFirstBid:
    """Four face down to the floor, then four to the bidder, who bids (R2.2 to R2.6 in another order)."""

    bids: bool = True
    builds_first: bool = False

    def first_packets(self, players: int) -> tuple[int | None, ...]:
        return (None, 0)

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool:
        return plays == 0


@attrs.frozen
class HandsThenFloorBid:
    """Four to every seat from the bidder's, then the floor; the bidder bids on its four."""

    bids: bool = True
    builds_first: bool = False

    def first_packets(self, players: int) -> tuple[int | None, ...]:
        return (*range(players), None)

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool:
        return plays == 0


@attrs.frozen
class HandsThenFloorRound:
    """The taash house round (R11.2) with the hands dealt before the face-up floor."""

    bids: bool = False
    builds_first: bool = True

    def first_packets(self, players: int) -> tuple[int | None, ...]:
        return (*range(players), None)

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool:
        return bid is None and plays < players


@attrs.frozen
class OpenFloor:
    """Four to the bidder, four face up to the floor, no bid and no house round: play at once."""

    bids: bool = False
    builds_first: bool = False

    def first_packets(self, players: int) -> tuple[int | None, ...]:
        return (0, None)

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool:
        return plays == 0


# --- A dealer rule (DealingRule) ------------------------------------------------


@attrs.frozen
class WinnerDeals:
    """A dealer rule: the seat after the dealer deals while team 0 leads, else the dealer again."""

    rule: str = "R12"

    def next_dealer(self, dealer: int, lead: int, players: int) -> int:
        return (dealer + 1) % players if lead > 0 else dealer

    def first_dealer_of_next_match(self, dealer: int, lead: int, players: int) -> int:
        return (dealer + 1) % players


# --- A seep rule (SeepRule) -----------------------------------------------------


class PlayCountSeep:
    """A plain class: a seep is worth its play number, an ace's seep costs 5, the last play 0.

    Negative bonuses, bonuses that grow through the deal and a bonus that
    depends on the card: everything the bounds and the observation limits
    must read from the rule rather than assume.
    """

    def __call__(self, context: SeepContext) -> int:
        if context.last_play:
            return 0
        if context.card.value == 1:
            return -5
        return context.play

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self).__name__)

    def __repr__(self) -> str:
        return "PlayCountSeep()"


# --- A match rule (MatchRule) ---------------------------------------------------


@attrs.frozen
class FirstToTwoDeals:
    """The first team to win two deals wins the match; a tied deal counts for nobody."""

    def after_deal(self, standing: Standing, totals: tuple[int, int]) -> Standing:
        won = list(standing.banked)
        if totals[0] != totals[1]:
            won[0 if totals[0] > totals[1] else 1] += 1
        over = max(won) >= 2
        winner = won.index(max(won)) if over else None
        return Standing(
            deals=standing.deals + 1,
            lead=standing.lead + totals[0] - totals[1],
            banked=(won[0], won[1]),
            over=over,
            winner=winner,
            reason=f"team {winner} won two deals (R12)" if over else "",
        )


# --- A card-point table (a CardPoints value) ----------------------------------

#: Hearts score their value, the queen of spades costs 13, most cards scores 6 (R12).
HEARTS_POINTS = CardPoints(
    " ".join(
        f"{rank}H={points}" for rank, points in zip("A23456789TJQK", range(1, 14), strict=True)
    )
    + " QS=-13",
    most_cards=6,
)


# --- The zoo --------------------------------------------------------------------

FLOOR_FIRST = attrs.evolve(STANDARD, name="zoo-floor-first", opening=FloorFirstBid())
FLOOR_FIRST_2P = attrs.evolve(STANDARD_2P, name="zoo-floor-first-2p", opening=FloorFirstBid())
HANDS_THEN_FLOOR = attrs.evolve(STANDARD, name="zoo-hands-then-floor", opening=HandsThenFloorBid())
HANDS_THEN_FLOOR_2P = attrs.evolve(
    STANDARD_2P, name="zoo-hands-then-floor-2p", opening=HandsThenFloorBid()
)
HOUSE_ROUND_HANDS_FIRST = attrs.evolve(
    TAASH, name="zoo-house-round-hands-first", opening=HandsThenFloorRound()
)
FLOOR_FIRST_WINNER_DEALS = attrs.evolve(
    FLOOR_FIRST, name="zoo-floor-first-winner-deals", dealer_rule=WinnerDeals()
)
OPEN_FLOOR = attrs.evolve(STANDARD, name="zoo-open-floor", opening=OpenFloor())
PLAY_COUNT_SEEPS = attrs.evolve(STANDARD, name="zoo-play-count-seeps", seep_bonus=PlayCountSeep())
HEARTS = attrs.evolve(STANDARD_2P, name="zoo-hearts", card_points=HEARTS_POINTS)
FIRST_TO_TWO = attrs.evolve(TAASH, name="zoo-first-to-two", match=FirstToTwoDeals())
#: Several at once: a bid opening floor first, with taash's free pick-ups and
#: throws, the seep rule, the card points, the match and the dealer rule above.
COMBINED = attrs.evolve(
    TAASH_2P,
    name="zoo-combined-2p",
    opening=FloorFirstBid(),
    seep_bonus=PlayCountSeep(),
    card_points=HEARTS_POINTS,
    match=FirstToTwoDeals(),
    dealer_rule=WinnerDeals(),
)

#: Every variant of the zoo.
ZOO: tuple[Variant, ...] = (
    FLOOR_FIRST,
    FLOOR_FIRST_2P,
    HANDS_THEN_FLOOR,
    HANDS_THEN_FLOOR_2P,
    HOUSE_ROUND_HANDS_FIRST,
    FLOOR_FIRST_WINNER_DEALS,
    OPEN_FLOOR,
    PLAY_COUNT_SEEPS,
    HEARTS,
    FIRST_TO_TWO,
    COMBINED,
)


def registered(variant: Variant) -> Variant:
    """``variant`` registered under its name (records and the adapters find variants by name)."""
    return register_variant(variant, replace=True)

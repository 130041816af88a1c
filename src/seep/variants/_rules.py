"""Rule objects: the pieces a :class:`~seep.variants.Variant` is made of.

Each object is a small frozen value that the engine asks a question; a new
house rule is a new value (or a new class with the same method), never a
change to the engine.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final, Protocol, runtime_checkable

import attrs

from seep._util.excerpt import excerpt
from seep._util.limits import DEAL_SCORE_LIMIT, MATCH_LIMIT, POINTS_LIMIT
from seep.cards import Card, CardSet
from seep.errors import VariantError
from seep.variants._checks import bounded_int, check_int, field_name

__all__ = [
    "BankedMatch",
    "BidOpening",
    "CardPoints",
    "CardValueSeep",
    "DealerRule",
    "DealingRule",
    "HouseRound",
    "LeadMatch",
    "LoserDeals",
    "MatchRule",
    "Opening",
    "OpeningRule",
    "Pickup",
    "QuickMatch",
    "RotateDealer",
    "SeepBonus",
    "SeepContext",
    "SeepRule",
    "Standing",
    "ThrowRule",
]


@runtime_checkable
class OpeningRule(Protocol):
    """How a deal opens: what is dealt before the first play, and how long the opening lasts.

    ``bids``: the deal opens with a bid on a face-down floor (R2.3 to R2.6:
    a bidder without a card of 9 or more makes the deal void, and the
    bidder's first play must use the bid). ``builds_first``: while the
    opening lasts each player builds a house if they can, else throws, and
    the first house built is the bid (R11.2). ``first_packets(players)``:
    where the packets of four dealt before the first play go, in dealing
    order: a seat counted from the bidder (0 is the bidder), or ``None`` for
    the floor (R2.2, R11.1). ``in_opening(plays, bid, players)``: True while
    the opening lasts; the rest of the first batch is dealt once it ends
    (R2.7, R2.9, R11.2).

    >>> from seep.variants import STANDARD, TAASH, OpeningRule
    >>> isinstance(STANDARD.opening, OpeningRule), STANDARD.opening.bids, TAASH.opening.bids
    (True, True, False)
    >>> STANDARD.opening.first_packets(4), TAASH.opening.first_packets(4)
    ((0, None), (None, 0, 1, 2, 3))
    """

    @property
    def bids(self) -> bool: ...

    @property
    def builds_first(self) -> bool: ...

    def first_packets(self, players: int) -> tuple[int | None, ...]: ...

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool: ...


@attrs.frozen
class BidOpening:
    """R2: four cards to the bidder, four face down to the floor, the bid, then the first play.

    >>> from seep.variants import BidOpening
    >>> rule = BidOpening()
    >>> rule.first_packets(4), rule.in_opening(0, 11, 4), rule.in_opening(1, 11, 4)
    ((0, None), True, False)
    """

    bids: bool = attrs.field(default=True, init=False, repr=False)
    builds_first: bool = attrs.field(default=False, init=False, repr=False)

    def first_packets(self, players: int) -> tuple[int | None, ...]:
        return (0, None)

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool:
        return plays == 0


@attrs.frozen
class HouseRound:
    """R11.1, R11.2 (taash): four cards face up to the floor, four to everyone, then a round of houses.

    The round ends with the first house built (its value is the bid) or
    once everyone has thrown.

    >>> from seep.variants import HouseRound
    >>> rule = HouseRound()
    >>> rule.first_packets(2), rule.in_opening(1, None, 2), rule.in_opening(1, 10, 2)
    ((None, 0, 1), True, False)
    """

    bids: bool = attrs.field(default=False, init=False, repr=False)
    builds_first: bool = attrs.field(default=True, init=False, repr=False)

    def first_packets(self, players: int) -> tuple[int | None, ...]:
        return (None, *range(players))

    def in_opening(self, plays: int, bid: int | None, players: int) -> bool:
        return bid is None and plays < players


class Opening:
    """The built-in openings: ``Opening.BID`` (R2) and ``Opening.HOUSE_ROUND`` (R11.1, R11.2).

    >>> from seep.variants import Opening
    >>> Opening.BID, Opening.HOUSE_ROUND.builds_first
    (BidOpening(), True)
    """

    BID: Final[OpeningRule] = BidOpening()
    HOUSE_ROUND: Final[OpeningRule] = HouseRound()


class Pickup(enum.Enum):
    """What a pick-up must take.

    ``TAKE_EVERYTHING``: R4.3, the house of the value and a maximal set of groups.
    ``FREE_CHOICE``: R11.3 (taash), the groups and/or house the player names.

    >>> from seep.variants import STANDARD, TAASH, Pickup
    >>> STANDARD.pickup, TAASH.pickup is Pickup.FREE_CHOICE
    (Pickup.TAKE_EVERYTHING, True)
    """

    TAKE_EVERYTHING = "take-everything"
    FREE_CHOICE = "free-choice"

    def __repr__(self) -> str:
        return f"Pickup.{self.name}"


class ThrowRule(enum.Enum):
    """When a card may be thrown.

    ``ONLY_IF_NO_PICKUP``: R8.2, only a card that cannot pick anything up.
    ``ANY``: R11.3 (taash), any card at any time (the duty R3.2 still holds).

    >>> from seep.variants import STANDARD, TAASH, ThrowRule
    >>> STANDARD.throw_rule, TAASH.throw_rule is ThrowRule.ANY
    (ThrowRule.ONLY_IF_NO_PICKUP, True)
    """

    ONLY_IF_NO_PICKUP = "only-if-no-pickup"
    ANY = "any"

    def __repr__(self) -> str:
        return f"ThrowRule.{self.name}"


@runtime_checkable
class DealingRule(Protocol):
    """Who deals next: ``next_dealer(dealer, lead, players)`` after a deal of a match, given
    team 0's running ``lead``, and ``first_dealer_of_next_match(dealer, lead, players)``
    after its last deal; ``rule`` is the id of the rule it follows (for error messages).

    >>> from seep.variants import STANDARD, TAASH, DealingRule
    >>> isinstance(STANDARD.dealer_rule, DealingRule), STANDARD.dealer_rule.rule
    (True, 'R10.4')
    >>> STANDARD.dealer_rule.next_dealer(0, -28, 4), TAASH.dealer_rule.next_dealer(0, -28, 4)
    (0, 1)
    """

    @property
    def rule(self) -> str: ...

    def next_dealer(self, dealer: int, lead: int, players: int) -> int: ...

    def first_dealer_of_next_match(self, dealer: int, lead: int, players: int) -> int: ...


@attrs.frozen
class LoserDeals:
    """R10.4, R10.5: the dealer deals again while their team is behind or level on the running lead.

    The next match starts with the partner of the seat that would have dealt
    next (two players: that seat).

    >>> from seep.variants import LoserDeals
    >>> LoserDeals().next_dealer(1, lead=-5, players=4)  # team 1 ahead
    2
    >>> LoserDeals().next_dealer(1, lead=0, players=4)   # level: stays
    1
    >>> LoserDeals().first_dealer_of_next_match(1, lead=-5, players=4)
    0
    """

    rule: str = attrs.field(default="R10.4", init=False, repr=False)

    def next_dealer(self, dealer: int, lead: int, players: int) -> int:
        team_lead = lead if dealer % 2 == 0 else -lead
        return (dealer + 1) % players if team_lead > 0 else dealer

    def first_dealer_of_next_match(self, dealer: int, lead: int, players: int) -> int:
        following = self.next_dealer(dealer, lead, players)
        return (following + 2) % players if players == 4 else following


@attrs.frozen
class RotateDealer:
    """R11.6: the deal passes to the next seat after every deal, and on to the next match.

    >>> from seep.variants import RotateDealer
    >>> RotateDealer().next_dealer(3, lead=40, players=4)
    0
    """

    rule: str = attrs.field(default="R11.6", init=False, repr=False)

    def next_dealer(self, dealer: int, lead: int, players: int) -> int:
        return (dealer + 1) % players

    def first_dealer_of_next_match(self, dealer: int, lead: int, players: int) -> int:
        return self.next_dealer(dealer, lead, players)


class DealerRule:
    """The built-in dealing rules: ``DealerRule.LOSER_DEALS`` (R10.4, R10.5) and ``DealerRule.ROTATE`` (R11.6).

    >>> from seep.variants import DealerRule
    >>> DealerRule.LOSER_DEALS.next_dealer(1, lead=-5, players=4)
    2
    """

    LOSER_DEALS: Final[DealingRule] = LoserDeals()
    ROTATE: Final[DealingRule] = RotateDealer()


@attrs.frozen(kw_only=True)
class SeepContext:
    """What a seep bonus may depend on (R4.5).

    ``play`` is the play count right after the pick-up (1 for the first play
    of the deal); ``last_play`` means the last play of the whole deal;
    ``batch_end`` the last play of a two-player first batch.

    >>> from seep.cards import Card
    >>> from seep.variants import STANDARD, SeepContext
    >>> context = SeepContext(card=Card.parse("9S"), play=30, first_play=False,
    ...                       last_play=False, batch_end=False)
    >>> STANDARD.seep_bonus(context)
    50
    """

    card: Card
    play: int
    first_play: bool
    last_play: bool
    batch_end: bool


@runtime_checkable
class SeepRule(Protocol):
    """Anything that gives the bonus for a seep: ``rule(context) -> points``.

    >>> from seep.cards import Card
    >>> from seep.variants import SeepContext, SeepRule
    >>> def flat_30(context: SeepContext) -> int:
    ...     return 30
    ...
    >>> isinstance(flat_30, SeepRule)
    True
    >>> flat_30(SeepContext(card=Card.parse("KS"), play=7, first_play=False,
    ...                     last_play=False, batch_end=False))
    30
    """

    def __call__(self, context: SeepContext) -> int: ...


@attrs.frozen(kw_only=True)
class SeepBonus:
    """The seep bonus of R4.5 with adjustable amounts.

    >>> from seep.variants import SeepBonus, SeepContext
    >>> from seep.cards import Card
    >>> rule = SeepBonus()
    >>> ctx = SeepContext(card=Card.parse("9S"), play=1, first_play=True,
    ...                   last_play=False, batch_end=False)
    >>> rule(ctx), SeepBonus(first_play=50)(ctx)
    (25, 50)
    """

    normal: int = attrs.field(default=50, validator=bounded_int(-POINTS_LIMIT, POINTS_LIMIT))
    first_play: int = attrs.field(default=25, validator=bounded_int(-POINTS_LIMIT, POINTS_LIMIT))
    last_play: int = attrs.field(default=0, validator=bounded_int(-POINTS_LIMIT, POINTS_LIMIT))

    def __call__(self, context: SeepContext) -> int:
        if context.last_play:
            return self.last_play
        if context.first_play:
            return self.first_play
        return self.normal


@attrs.frozen(kw_only=True)
class CardValueSeep:
    """A seep bonus equal to the capture value of the card played (R12), ``last_play`` on the last play.

    >>> from seep.variants import CardValueSeep, SeepContext
    >>> from seep.cards import Card
    >>> ctx = SeepContext(card=Card.parse("QS"), play=9, first_play=False,
    ...                   last_play=False, batch_end=False)
    >>> CardValueSeep()(ctx)
    12
    """

    last_play: int = attrs.field(default=0, validator=bounded_int(-POINTS_LIMIT, POINTS_LIMIT))

    def __call__(self, context: SeepContext) -> int:
        return self.last_play if context.last_play else context.card.value


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


def _points_of(value: object) -> object:
    """The table of ``CardPoints("AS=1 TD=6")``: the cards named score their points, the rest 0."""
    if not isinstance(value, str):
        return value
    points = [0] * 52
    named: set[Card] = set()
    for token in value.split():
        card, equals, number = token.partition("=")
        digits = number.removeprefix("-")
        if not equals or not digits.isascii() or not digits.isdigit() or len(digits) > 9:
            raise VariantError(
                "CardPoints.points", f"expected 'CARD=POINTS' such as 'TD=6', got {excerpt(token)}"
            )
        index = Card.parse(card)
        if index in named:
            raise VariantError("CardPoints.points", f"{index} is given twice")
        named.add(index)
        points[index] = int(number)
    return tuple(points)


@attrs.frozen
class CardPoints:
    """A card-point table (R1.2), with an optional bonus for the most cards.

    ``points`` holds 52 ints, one per card in canonical order, or is text
    naming the cards that score (``"AS=1 TD=6"``, the others score 0), as
    the ``repr`` prints it. ``most_cards`` points go to the team whose pile
    holds the most cards (nobody on a tie), as family variants score it (R12).

    >>> from seep.variants import CardPoints
    >>> from seep.cards import CardSet
    >>> STANDARD = CardPoints()
    >>> STANDARD.score([CardSet.parse("KS AH TD 2C"), CardSet.parse("5S")])
    (20, 5)
    >>> sum(STANDARD.points)
    100
    >>> CardPoints("TD=2 2C=1", most_cards=3)
    CardPoints('2C=1 TD=2', most_cards=3)
    """

    points: tuple[int, ...] = attrs.field(factory=_spades_and_aces, converter=_points_of)
    most_cards: int = attrs.field(
        default=0, validator=bounded_int(-POINTS_LIMIT, POINTS_LIMIT), kw_only=True
    )

    @points.validator
    def _check_points(self, attribute: attrs.Attribute[tuple[int, ...]], value: object) -> None:
        field = field_name(self, attribute)
        if not isinstance(value, tuple):
            raise TypeError(
                f"{field}: expected a tuple of 52 ints, one per card in canonical order, "
                f"got {type(value).__name__}"
            )
        if len(value) != 52:
            raise VariantError(
                field, f"needs 52 ints, one per card in canonical order, got {len(value)}"
            )
        for index, points in enumerate(value):
            check_int(f"{field}[{index}] ({Card(index)})", points, -POINTS_LIMIT, POINTS_LIMIT)

    def __repr__(self) -> str:
        scoring = " ".join(f"{Card(i)}={p}" for i, p in enumerate(self.points) if p)
        return f"CardPoints('{scoring}', most_cards={self.most_cards})"

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

        >>> from seep import Card
        >>> from seep.variants import CardPoints
        >>> CardPoints().with_card("TD", 2).card_points(Card.parse("TD"))
        2
        """
        index = Card.parse(card) if isinstance(card, str) else card
        table = list(self.points)
        table[index] = points
        return attrs.evolve(self, points=tuple(table))


@attrs.frozen(kw_only=True)
class Standing:
    """Where a match stands after some deals.

    ``lead`` is team 0's running lead (R10.1); ``banked`` the points each
    team has banked (R11.6); ``winner`` the winning team, ``None`` while the
    match goes on or after a draw; ``reason`` says how it ended.

    >>> from seep.variants import STANDARD, Standing
    >>> standing = STANDARD.match.after_deal(Standing(), (64, 36))
    >>> standing.deals, standing.lead, standing.over
    (1, 28, False)
    >>> STANDARD.match.after_deal(standing, (90, 10))
    Standing(deals=2, lead=108, banked=(0, 0), over=True, winner=0, reason='team 0 leads by 108 (R10.2)')
    """

    deals: int = 0
    lead: int = 0
    banked: tuple[int, int] = (0, 0)
    over: bool = False
    winner: int | None = None
    reason: str = ""


@runtime_checkable
class MatchRule(Protocol):
    """Decides a match: ``rule.after_deal(standing, totals) -> Standing``.

    >>> from seep.variants import STANDARD, TAASH, MatchRule, Standing
    >>> isinstance(STANDARD.match, MatchRule)
    True
    >>> TAASH.match.after_deal(Standing(), (60, 40)).reason  # taash: one deal decides
    'one deal, 60 to 40: team 0 wins (R11.6)'
    """

    def after_deal(self, standing: Standing, totals: tuple[int, int]) -> Standing: ...


def _leader(lead: int) -> int | None:
    return 0 if lead > 0 else 1 if lead < 0 else None


@attrs.frozen(kw_only=True)
class LeadMatch:
    """The baazi (R10): deal differences add up to a running lead.

    A team leading by ``target`` or more wins (R10.2); a team whose deal
    score is below ``under`` loses at once (R10.3); with ``deals`` set the
    match ends after that many deals and the higher lead wins (R12). ``None``
    switches a clause off.

    >>> from seep.variants import LeadMatch, Standing
    >>> rule = LeadMatch()
    >>> after = rule.after_deal(Standing(), (64, 36))
    >>> after.lead, after.over
    (28, False)
    >>> rule.after_deal(after, (41, 59)).lead
    10
    >>> rule.after_deal(after, (95, 5)).reason
    'team 1 scored 5, under 9 (R10.3)'
    """

    target: int | None = attrs.field(
        default=100, validator=bounded_int(1, MATCH_LIMIT, optional=True)
    )
    under: int | None = attrs.field(
        default=9, validator=bounded_int(-DEAL_SCORE_LIMIT, DEAL_SCORE_LIMIT, optional=True)
    )
    deals: int | None = attrs.field(
        default=None, validator=bounded_int(1, MATCH_LIMIT, optional=True)
    )

    def __attrs_post_init__(self) -> None:
        if self.target is None and self.deals is None:
            raise VariantError(
                "LeadMatch.target", "R10.2, R12: a match needs a target lead or a number of deals"
            )

    def after_deal(self, standing: Standing, totals: tuple[int, int]) -> Standing:
        lead = standing.lead + totals[0] - totals[1]
        deals = standing.deals + 1
        result = attrs.evolve(standing, deals=deals, lead=lead)
        if self.under is not None:
            low = [team for team in (0, 1) if totals[team] < self.under]
            loser = None
            if len(low) == 1:
                loser = low[0]
            elif len(low) == 2 and totals[0] != totals[1]:
                loser = 0 if totals[0] < totals[1] else 1
            if loser is not None:
                return attrs.evolve(
                    result,
                    over=True,
                    winner=1 - loser,
                    reason=f"team {loser} scored {totals[loser]}, under {self.under} (R10.3)",
                )
        if self.target is not None and abs(lead) >= self.target:
            winner = _leader(lead)
            return attrs.evolve(
                result,
                over=True,
                winner=winner,
                reason=f"team {winner} leads by {abs(lead)} (R10.2)",
            )
        if self.deals is not None and deals >= self.deals:
            winner = _leader(lead)
            why = "level" if winner is None else f"team {winner} leads by {abs(lead)}"
            return attrs.evolve(
                result, over=True, winner=winner, reason=f"{deals} deals played, {why} (R12)"
            )
        return result


@attrs.frozen(kw_only=True)
class BankedMatch:
    """Taash short and full matches (R11.6): the deal winner banks the difference.

    >>> from seep.variants import BankedMatch, Standing
    >>> rule = BankedMatch(target=50)
    >>> first = rule.after_deal(Standing(), (70, 30))
    >>> first.banked, first.over, rule.after_deal(first, (50, 50)).banked
    ((40, 0), False, (40, 0))
    >>> rule.after_deal(first, (60, 40)).reason
    'team 0 banked 60 of 50 (R11.6)'
    """

    target: int = attrs.field(default=100, validator=bounded_int(1, MATCH_LIMIT))

    def after_deal(self, standing: Standing, totals: tuple[int, int]) -> Standing:
        difference = totals[0] - totals[1]
        banked = list(standing.banked)
        if difference:
            banked[0 if difference > 0 else 1] += abs(difference)
        result = attrs.evolve(
            standing,
            deals=standing.deals + 1,
            lead=standing.lead + difference,
            banked=(banked[0], banked[1]),
        )
        for team in (0, 1):
            if banked[team] >= self.target:
                return attrs.evolve(
                    result,
                    over=True,
                    winner=team,
                    reason=f"team {team} banked {banked[team]} of {self.target} (R11.6)",
                )
        return result


@attrs.frozen(kw_only=True)
class QuickMatch:
    """Taash quick match (R11.6): one deal, the higher total wins, equal is a draw.

    >>> from seep.variants import QuickMatch, Standing
    >>> QuickMatch().after_deal(Standing(), (50, 50)).reason
    'one deal, 50 to 50: a draw (R11.6)'
    """

    def after_deal(self, standing: Standing, totals: tuple[int, int]) -> Standing:
        difference = totals[0] - totals[1]
        winner = _leader(difference)
        outcome = "a draw" if winner is None else f"team {winner} wins"
        return attrs.evolve(
            standing,
            deals=standing.deals + 1,
            lead=standing.lead + difference,
            over=True,
            winner=winner,
            reason=f"one deal, {totals[0]} to {totals[1]}: {outcome} (R11.6)",
        )

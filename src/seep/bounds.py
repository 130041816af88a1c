"""Bounds of a deal, per variant: scores, utility, length in decisions, chance.

A team's **deal score** is its card points (R1.2, with the variant's table
and most-cards bonus, R12) plus its seep bonuses (R4.5, with the variant's
seep rule); the **utility** of a deal for a team is its deal score minus the
other team's (zero-sum, what R10.1 adds to the running lead).

The seep bounds rest on the turn order: the two teams alternate (R2.8, R2.9:
a two-player deal goes on after its first batch with the seat after the one
who played last), so one team makes the odd plays and the other the even
ones, and each play is at most one seep. A pick-up can only happen where the
rules allow one: any play of the bid opening (play 1 with a card of the bid
value, 9..13, R2.6), and no play of the taash opening round (R11.2), which
takes at least play 1. The seep rule is asked about every context that can
occur at each of those plays (``first_play`` is play 1, ``last_play`` play
48, ``batch_end`` the last play of a two-player first batch) and every card
that can make it. These bounds are attained in all built-in variants (the
tests play deals that reach them); for a seep rule whose bonus depends on the
card they are safe but may not be attained (only four cards have each value).

>>> from seep.bounds import variant_bounds, highest_deal_score, utility_range, POINTS_LIMIT
>>> variant_bounds("standard")
Bounds(variant='standard', lowest_deal_score=0, highest_deal_score=1275, \
utility=(-1275, 1275), most_seeps=24, longest_deal_moves=49, \
longest_deal_actions=196, longest_move_actions=54, most_chance_outcomes=52)
>>> highest_deal_score("taash"), utility_range("taash-2p")
(1250, (-1250, 1250))

Configs and documents share fixed limits (:data:`POINTS_LIMIT` for one
card's points, the most-cards bonus or one seep bonus, :data:`DEAL_SCORE_LIMIT`
for a deal score, :data:`MATCH_LIMIT` for a match target or length): a
variant config holding an amount beyond them is refused when it is made
(:class:`~seep.errors.VariantError`), and the loaders read amounts within
the same limits, so every state a config produces loads.

>>> from seep.variants import SeepBonus
>>> SeepBonus(normal=POINTS_LIMIT).normal == POINTS_LIMIT
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

import attrs

from seep._engine.bits import HIGH_MASK
from seep._util import limits as _limits
from seep._util.deprecation import renamed_names
from seep.cards import ALL_CARDS, Card
from seep.variants import SeepContext, Variant, get_variant

__all__ = [
    "DEAL_SCORE_LIMIT",
    "MATCH_LIMIT",
    "POINTS_LIMIT",
    "Bounds",
    "card_point_range",
    "highest_deal_score",
    "longest_deal_actions",
    "longest_deal_moves",
    "longest_move_actions",
    "lowest_deal_score",
    "most_chance_outcomes",
    "most_seeps",
    "seep_bonus_range",
    "utility_range",
    "variant_bounds",
]

#: The largest size of one amount of points in a config or a document: a
#: card's points, the most-cards bonus, one seep bonus (R1.2, R4.5, R12).
POINTS_LIMIT: Final = _limits.POINTS_LIMIT
#: The largest size of a team's deal score (R9.3) any config can produce.
DEAL_SCORE_LIMIT: Final = _limits.DEAL_SCORE_LIMIT
#: The largest target of a match (R10.2, R11.6) or number of deals (R12).
MATCH_LIMIT: Final = _limits.MATCH_LIMIT

_FLOOR: Final = 4  # R2.2, R11.1: four cards start on the floor
# The fixed ids of a play: the card, what it does, finish (the house and loose cards come on top).
_PLAY_IDS: Final = 3


def card_point_range(variant: str | Variant) -> tuple[int, int]:
    """The fewest and most card points one team can score in a deal (R1.2, R12).

    A team may capture nothing or, as last capturer (R9.2), every card, so
    the range runs from the sum of the negative entries of the table to the
    sum of the positive ones, the most-cards bonus added on its side. Both
    ends are attained whenever a deal can give one team every card and the
    other none (the tests play such deals).

    >>> from seep.bounds import card_point_range
    >>> card_point_range("standard")
    (0, 100)
    >>> import attrs
    >>> from seep.variants import STANDARD, CardPoints
    >>> family = attrs.evolve(STANDARD, name="family",
    ...     card_points=CardPoints(most_cards=4).with_card("TD", 2))
    >>> card_point_range(family)
    (0, 100)
    """
    table = get_variant(variant).card_points
    low = sum(p for p in table.points if p < 0) + min(table.most_cards, 0)
    high = sum(p for p in table.points if p > 0) + max(table.most_cards, 0)
    return low, high


def _pickup_plays(variant: Variant, first: int) -> Iterator[int]:
    """The plays ``first``, ``first + 2``, ... on which a pick-up (so a seep) can happen."""
    # R11.2: a house round has no pick-ups and lasts at least play 1.
    earliest = 2 if variant.opening.builds_first else 1
    return (play for play in range(first, variant.plays_per_deal + 1, 2) if play >= earliest)


def _bonuses(variant: Variant, play: int) -> list[int]:
    """The seep bonus of every card that can seep on ``play`` (R4.5, R2.6)."""
    rule: Callable[[SeepContext], object] = variant.seep_bonus
    per_batch = variant.cards_per_hand * variant.players
    cards: tuple[Card, ...] = ALL_CARDS
    if play == 1 and variant.opening.bids:  # R2.6: the first play uses the bid, a 9 or more
        cards = tuple(card for card in ALL_CARDS if HIGH_MASK >> card & 1)
    points = []
    for card in cards:
        bonus = rule(
            SeepContext(
                card=card,
                play=play,
                first_play=play == 1,
                last_play=play == variant.plays_per_deal,
                batch_end=play % per_batch == 0 and play < variant.plays_per_deal,
            )
        )
        if type(bonus) is not int:
            raise TypeError(
                f"the seep rule {variant.seep_bonus!r} of variant {variant.name!r} "
                f"gave {bonus!r} for a seep, not an int"
            )
        points.append(bonus)
    return points


def seep_bonus_range(variant: str | Variant) -> tuple[int, int]:
    """The lowest and highest total of seep bonuses one team can make in a deal (R4.5).

    The highest adds, over the plays of one team (the odd or the even ones),
    the best bonus each play can bring, or nothing where it brings nothing
    good; the lowest does the same with the worst bonus. Standard: the
    bidder's team seeps on every one of its plays, 25 on play 1 and 50 on
    the 23 others. Taash: 50 on 23 plays (play 1 is in the opening round,
    play 48 scores 0, R11.4).

    >>> from seep.bounds import seep_bonus_range
    >>> seep_bonus_range("standard"), seep_bonus_range("taash")
    ((0, 1175), (0, 1150))
    >>> import attrs
    >>> from seep.variants import STANDARD, SeepBonus
    >>> harsh = attrs.evolve(STANDARD, name="harsh",
    ...                      seep_bonus=SeepBonus(first_play=-10, last_play=-5))
    >>> seep_bonus_range(harsh)   # play 1 and play 48 are made by different teams
    (-10, 1150)
    """
    rules = get_variant(variant)
    lows, highs = [], []
    for first in (1, 2):
        low = high = 0
        for play in _pickup_plays(rules, first):
            points = _bonuses(rules, play)
            low += min(0, *points)
            high += max(0, *points)
        lows.append(low)
        highs.append(high)
    return min(lows), max(highs)


def most_seeps(variant: str | Variant) -> int:
    """The most seeps one team can make in a deal: one on each of its plays that can pick up.

    >>> from seep.bounds import most_seeps
    >>> most_seeps("standard"), most_seeps("taash")
    (24, 24)
    """
    rules = get_variant(variant)
    return max(sum(1 for _ in _pickup_plays(rules, first)) for first in (1, 2))


def lowest_deal_score(variant: str | Variant) -> int:
    """The lowest deal score (card points plus seeps, R9.3) one team can get.

    >>> from seep.bounds import lowest_deal_score
    >>> lowest_deal_score("standard")
    0
    """
    return card_point_range(variant)[0] + seep_bonus_range(variant)[0]


def highest_deal_score(variant: str | Variant) -> int:
    """The highest deal score (card points plus seeps, R9.3) one team can get.

    >>> from seep.bounds import highest_deal_score
    >>> highest_deal_score("standard"), highest_deal_score("standard-2p")
    (1275, 1275)
    """
    return card_point_range(variant)[1] + seep_bonus_range(variant)[1]


def utility_range(variant: str | Variant) -> tuple[int, int]:
    """The range of a team's utility: its deal score minus the other team's.

    Zero-sum: the two teams' utilities always add up to 0. The ends are
    attained where one team can reach the highest score while the other
    gets the lowest (every built-in variant).

    >>> from seep.bounds import utility_range
    >>> utility_range("standard")
    (-1275, 1275)
    """
    spread = highest_deal_score(variant) - lowest_deal_score(variant)
    return -spread, spread


def longest_deal_moves(variant: str | Variant) -> int:
    """The moves of a deal: 48 plays (R2.8, R2.9) and the bid where there is one (R2.4).

    Every deal has exactly this many; redeals (R2.3) are not moves.

    >>> from seep.bounds import longest_deal_moves
    >>> longest_deal_moves("standard"), longest_deal_moves("taash")
    (49, 48)
    """
    rules = get_variant(variant)
    return rules.plays_per_deal + (1 if rules.opening.bids else 0)


def longest_move_actions(variant: str | Variant) -> int:
    """The most action ids of one move: 3 fixed ones plus its loose cards and house.

    A bid is one id; a play is its card, what it does and finish, plus one
    id per loose card it takes or uses and one for a house it takes. At most
    51 loose cards lie on the floor when a card is played, and a take of a
    house (two cards at least) leaves room for 49: so 54. Attained in taash,
    where 47 throws (R11.3) can leave 51 cards for a king to take.

    >>> from seep.bounds import longest_move_actions
    >>> longest_move_actions("taash")
    54
    """
    return _PLAY_IDS + _most_named(get_variant(variant))


def longest_deal_actions(variant: str | Variant) -> int:
    """The most action ids of one deal, counted as :func:`longest_move_actions` counts a move.

    Every card that is ever loose (the four floor cards and each of the
    ``T`` thrown cards) is named as a loose card by at most one later move,
    since a take or a build moves it off the loose floor for good (R4.4,
    R5.2); a house is taken at most once per house built (R5.2; a raise
    moves a house, R7), so at most ``B`` times for ``B`` builds, and never
    without a take. With a take among the 48 plays, ``T + B <= 47``; with
    none, no house is taken and a build names the loose cards, so
    ``T <= 47``. Either way the loose cards and houses named in a deal
    number at most 4 + 47 = 51, on top of 3 ids per play and 1 per bid.
    Attained in taash (47 throws and a take of the 51 loose cards: the
    tests play it); a safe bound for the standard game, where R8.2 stops
    most throws.

    >>> from seep.bounds import longest_deal_actions
    >>> longest_deal_actions("standard"), longest_deal_actions("taash")
    (196, 195)
    """
    rules = get_variant(variant)
    bids = longest_deal_moves(rules) - rules.plays_per_deal
    return bids + _PLAY_IDS * rules.plays_per_deal + _most_named(rules)


def _most_named(rules: Variant) -> int:
    """Cards that can ever be loose, but the last card played: 4 + 48 - 1 (R2.2, R8.1)."""
    return _FLOOR + rules.plays_per_deal - 1


def most_chance_outcomes(variant: str | Variant) -> int:
    """The most outcomes of one chance event: dealing one card of an unseen deck, 52.

    >>> from seep.bounds import most_chance_outcomes
    >>> most_chance_outcomes("taash")
    52
    """
    get_variant(variant)
    return len(ALL_CARDS)


@attrs.frozen(kw_only=True)
class Bounds:
    """Every bound of a variant at once (see the functions of the same names).

    >>> from seep.bounds import variant_bounds
    >>> limits = variant_bounds("standard")
    >>> limits.highest_deal_score, limits.most_seeps, limits.longest_deal_moves
    (1275, 24, 49)
    """

    variant: str
    lowest_deal_score: int
    highest_deal_score: int
    utility: tuple[int, int]
    most_seeps: int
    longest_deal_moves: int
    longest_deal_actions: int
    longest_move_actions: int
    most_chance_outcomes: int


def variant_bounds(variant: str | Variant) -> Bounds:
    """The :class:`Bounds` of ``variant``: every bound of its deals at once.

    >>> from seep.bounds import variant_bounds
    >>> variant_bounds("taash").longest_deal_actions
    195
    """
    rules = get_variant(variant)
    return Bounds(
        variant=rules.name,
        lowest_deal_score=lowest_deal_score(rules),
        highest_deal_score=highest_deal_score(rules),
        utility=utility_range(rules),
        most_seeps=most_seeps(rules),
        longest_deal_moves=longest_deal_moves(rules),
        longest_deal_actions=longest_deal_actions(rules),
        longest_move_actions=longest_move_actions(rules),
        most_chance_outcomes=most_chance_outcomes(rules),
    )


__getattr__ = renamed_names(__name__, {"bounds": ("variant_bounds", lambda: variant_bounds)})

"""What a variant's card points, match and dealer rules answer, asked and checked in one place.

A card-points table (a subclass may score its own way), a match rule or a
dealer rule may be user code. Every caller (the match,
the records, ``api_test``) asks it through these functions, which refuse
an answer the rest of the library cannot use with a
:class:`~seep.errors.VariantError` naming the field, instead of an error
from deep inside (or a match sheet that counts deals wrongly).

>>> from seep.variants import STANDARD, Standing
>>> from seep.variants._answers import next_dealer, next_standing
>>> next_standing(STANDARD, Standing(), (70, 30)).lead, next_dealer(STANDARD, 0, 40)
(40, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from seep._util.excerpt import excerpt
from seep._util.limits import POINTS_LIMIT
from seep.cards import CardSet
from seep.errors import VariantError
from seep.variants._rules import Standing

if TYPE_CHECKING:
    from seep.variants import Variant


def card_points(variant: Variant, piles: Sequence[CardSet]) -> tuple[int, ...]:
    """``variant.card_points.score(piles)``, checked: an int per team (R9.1, R12).

    Each within the bounds documents are read with (a card-points table
    holds 52 values of at most a million each, and its most-cards bonus).
    """
    scores = variant.card_points.score(piles)
    field = "Variant.card_points"
    if not isinstance(scores, tuple) or any(type(score) is not int for score in scores):
        raise TypeError(
            f"{field}: score(piles) must return a tuple of ints, one per team, "
            f"got {excerpt(scores)} ({type(scores).__name__})"
        )
    if len(scores) != len(piles):
        raise VariantError(
            field, f"score(piles) gave {len(scores)} scores for {len(piles)} teams' piles"
        )
    limit = 53 * POINTS_LIMIT
    for score in scores:
        if not -limit <= score <= limit:
            raise VariantError(
                field, f"score(piles) gave {excerpt(score)}, beyond -{limit}..{limit}"
            )
    return scores


def next_standing(variant: Variant, before: Standing, totals: tuple[int, int]) -> Standing:
    """``variant.match.after_deal(before, totals)``, checked: the next :class:`Standing` (R10, R11.6).

    It counts the deal (``deals`` one more), and names a winner (team 0
    or 1) only once the match is over.
    """
    after = variant.match.after_deal(before, totals)
    field = "Variant.match"
    call = f"after_deal(deals={before.deals}, totals={totals})"
    if not isinstance(after, Standing):
        raise TypeError(
            f"{field}: {call} must return a Standing, got {excerpt(after)} ({type(after).__name__})"
        )
    if after.deals != before.deals + 1:
        raise VariantError(
            field, f"{call} gave deals={excerpt(after.deals)}: the next standing counts the deal"
        )
    if after.winner not in (None, 0, 1) or type(after.winner) is bool:
        raise VariantError(
            field, f"{call} named winner {excerpt(after.winner)}: a team, 0 or 1, or None"
        )
    if after.winner is not None and not after.over:
        raise VariantError(field, f"{call} named winner {after.winner} of a match not over")
    return after


def next_dealer(variant: Variant, dealer: int, lead: int) -> int:
    """``variant.dealer_rule.next_dealer(dealer, lead, players)``, checked: a seat (R10.4, R11.6)."""
    answer = variant.dealer_rule.next_dealer(dealer, lead, variant.players)
    return _seat(variant, f"next_dealer({dealer}, {lead}, {variant.players})", answer)


def first_dealer_of_next_match(variant: Variant, dealer: int, lead: int) -> int:
    """``variant.dealer_rule.first_dealer_of_next_match(...)``, checked: a seat (R10.5, R11.6)."""
    rule = variant.dealer_rule
    answer = rule.first_dealer_of_next_match(dealer, lead, variant.players)
    call = f"first_dealer_of_next_match({dealer}, {lead}, {variant.players})"
    return _seat(variant, call, answer)


def _seat(variant: Variant, call: str, answer: object) -> int:
    """``answer`` if it is a seat of ``variant``; else a ``TypeError`` or :class:`VariantError`."""
    field = "Variant.dealer_rule"
    if type(answer) is not int:
        raise TypeError(
            f"{field}: {call} must return a seat (an int), got {excerpt(answer)} "
            f"({type(answer).__name__})"
        )
    if not 0 <= answer < variant.players:
        raise VariantError(
            field,
            f"{variant.dealer_rule.rule}: {call} gave {excerpt(answer)}, "
            f"not a seat in 0..{variant.players - 1}",
        )
    return answer

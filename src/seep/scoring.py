"""Scoring a deal: card points and seep bonuses per team (R1.2, R4.5, R9.3).

>>> from seep import new_deal, deal_score
>>> score = deal_score(new_deal("standard", seed=7))
>>> score.totals, score.teams[0]
((0, 0), TeamScore(cards=0, seeps=0, total=0))
"""

from __future__ import annotations

import attrs

from seep._util.arguments import check_instance
from seep.state import State
from seep.variants._answers import card_points

__all__ = ["DealScore", "TeamScore", "deal_score"]


@attrs.frozen(kw_only=True)
class TeamScore:
    """One team's score for a deal: card points and seep bonuses kept apart (R9.3).

    >>> from seep import apply_move, deal_score, parse_move
    >>> from seep.testing import position
    >>> state = apply_move(position(hand="9S 4H", loose="4C 5D"), parse_move("take 9S 4C 5D"))
    >>> deal_score(state).teams[0]  # the 9S is worth 9 (R1.2); the seep 50 (R4.5)
    TeamScore(cards=9, seeps=50, total=59)
    """

    cards: int
    seeps: int
    total: int


@attrs.frozen(kw_only=True)
class DealScore:
    """The score of a deal, one :class:`TeamScore` per team.

    >>> import random
    >>> from seep import apply_move, deal_score, legal_moves, new_deal
    >>> state, rng = new_deal("standard", seed=1), random.Random(1)
    >>> while not state.is_over:
    ...     state = apply_move(state, rng.choice(legal_moves(state)))
    ...
    >>> score = deal_score(state)
    >>> score.totals, score.difference
    ((72, 28), 44)
    """

    teams: tuple[TeamScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each team's deal score (cards + seeps)."""
        return tuple(team.total for team in self.teams)

    @property
    def difference(self) -> int:
        """Team 0's score minus team 1's: what the deal adds to the running lead (R10.1)."""
        return self.teams[0].total - self.teams[1].total


def deal_score(state: State) -> DealScore:
    """The score so far of the deal in ``state``; final once ``state.is_over``.

    Card points come from the variant's table (R1.2: 100 per deal in the
    standard game), seep bonuses from the recorded seeps (R4.5).

    >>> from seep import deal_score, new_deal
    >>> deal_score(new_deal("standard", seed=1)).totals  # nothing captured yet
    (0, 0)
    >>> from seep import apply_move, parse_move
    >>> from seep.testing import position
    >>> state = apply_move(position(hand="KS 4H", loose="6S 7D"), parse_move("take KS 6S 7D"))
    >>> deal_score(state).teams[0]  # KS and 6S by their value (R1.2), a seep (R4.5)
    TeamScore(cards=19, seeps=50, total=69)
    """
    check_instance(state, State, "state")
    variant = state.variant
    cards = card_points(variant, state.piles)
    seeps = [0] * len(state.piles)
    for seep in state.seeps:
        seeps[variant.team_of(seep.seat)] += seep.points
    return DealScore(
        teams=tuple(
            TeamScore(cards=c, seeps=s, total=c + s) for c, s in zip(cards, seeps, strict=True)
        )
    )

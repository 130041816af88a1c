"""A deal or a whole match played one action id at a time (shared by the environments).

The framework environments (:mod:`seep.pettingzoo`, :mod:`seep.gymnasium`)
step through Seep with the fixed ids of :mod:`seep.actions`: a move is a
short sequence of ids, and the seat to move keeps the turn until its move is
complete. :class:`Stepper` holds the deal (or the match), the ids chosen so
far for the move in progress, and turns finished deals into rewards.

>>> from seep._players.stepper import Stepper
>>> stepper = Stepper("standard", seed=10)
>>> stepper.seat, stepper.legal()
(1, (53, 54, 55))
>>> stepper.step(53)
>>> stepper.state.bid, stepper.seat, stepper.prefix
(10, 1, ())
"""

from __future__ import annotations

import random
from typing import Any, Final

from seep._encoding.walk import Walk, walk_of
from seep._engine.transition import transition
from seep.actions import NUM_ACTIONS
from seep.baazi import Baazi, apply_baazi_move, new_baazi
from seep.deal import new_deal
from seep.errors import IllegalMoveError
from seep.moves import Move
from seep.observation import observation_bounds
from seep.rules import apply_move
from seep.scoring import deal_score
from seep.state import State
from seep.variants import Variant, get_variant

__all__ = ["Stepper", "observation_limits", "team_rewards"]


def team_rewards(state: State) -> tuple[int, ...]:
    """Each seat's reward for the finished deal ``state``: its team's deal score minus the other's.

    The rewards of the two teams sum to zero (the card points and seeps of
    R1.2, R4.5 and R9.3, as :func:`seep.deal_score` counts them).

    >>> from seep import apply_move, new_deal
    >>> from seep._players.stepper import team_rewards
    >>> import random
    >>> from seep import legal_moves
    >>> state = new_deal("standard", seed=3)
    >>> rng = random.Random(3)
    >>> while not state.is_over:
    ...     state = apply_move(state, rng.choice(legal_moves(state)))
    ...
    >>> rewards = team_rewards(state)
    >>> rewards[0] == -rewards[1] == rewards[2] == -rewards[3]
    True
    """
    difference = deal_score(state).difference
    variant = state.variant
    return tuple(
        difference if variant.team_of(seat) == 0 else -difference for seat in range(variant.players)
    )


class Stepper:
    """A seeded deal (or with ``baazi=True`` a whole match) driven by action ids.

    ``seed`` makes the sequence of deals reproducible; ``dealer`` deals the
    first deal (later deals of a match follow the variant's dealer rule).
    """

    # The cache (see _clear_caches): the move in progress.
    _walk: Walk | None

    def __init__(
        self,
        variant: str | Variant = "standard",
        *,
        seed: int | None = None,
        dealer: int = 0,
        baazi: bool = False,
    ) -> None:
        self.variant = get_variant(variant)
        self.match: Baazi | None = None
        if baazi:
            self.match = new_baazi(self.variant, seed=seed, first_dealer=dealer)
            self.state = self.match.state
        else:
            self.state = new_deal(self.variant, seed=seed, dealer=dealer)
        #: True when the deal (or, with ``baazi=True``, the match) is over.
        self.is_over = False
        #: The seat to act, ``None`` once everything is over.
        self.seat: int | None = None
        self._moved()
        self._clear_caches()
        #: The rewards of the deal that the last step finished, else ``None``.
        self.finished: tuple[int, ...] | None = None

    @classmethod
    def seeded(cls, variant: str | Variant, rng: random.Random, *, baazi: bool = False) -> Stepper:
        """A stepper whose deal seed and first dealer are drawn from ``rng``."""
        rules = get_variant(variant)
        return cls(
            rules,
            seed=rng.getrandbits(63),
            dealer=rng.randrange(rules.players),
            baazi=baazi,
        )

    def _moved(self) -> None:
        """Note whether everything is over and the seat to act, after the state or the match changed."""
        self.is_over = self.match.is_over if self.match is not None else self.state.is_over
        self.seat = None if self.is_over else self.state.to_move

    @property
    def walk(self) -> Walk:
        """The move in progress: the ids chosen so far and those legal next."""
        walk = self._walk
        if walk is None:
            walk = self._walk = walk_of(self.state)
        return walk

    @property
    def prefix(self) -> tuple[int, ...]:
        """The ids chosen so far in the move in progress."""
        walk = self._walk
        return () if walk is None else walk.prefix

    def legal(self) -> tuple[int, ...]:
        """The sorted ids legal now (empty once over)."""
        if self.is_over:
            return ()
        return self.walk.legal

    def step(self, action: int) -> None:
        """Choose ``action``; when it completes a move, the move is played.

        Raises :class:`~seep.errors.IllegalMoveError` for an id that is not
        legal now (nothing changes then). After the step, :attr:`finished`
        holds the seats' rewards if the move ended a deal.
        """
        if self.is_over:
            raise IllegalMoveError("R9.1", "the deal is over: every card has been played")
        walk = self._walk
        if walk is None:
            walk = self.walk
        after = walk.step(action)  # raises for an illegal id
        self.finished = None
        if isinstance(after, Walk):
            self._walk = after
            return
        self._play(after, legal=True)  # built from legal ids: legal by construction

    def play(self, move: Move) -> None:
        """Play a whole legal ``move`` for the seat to act (no move may be in progress).

        :attr:`finished` is set as by :meth:`step`.
        """
        if self.prefix:
            raise IllegalMoveError(
                "R3.1", f"seat {self.seat} is choosing a move id by id; finish it first"
            )
        self._play(move)

    def _play(self, move: Move, *, legal: bool = False) -> None:
        self.finished = None
        self._walk = None
        if self.match is None:
            self.state = transition(self.state, move) if legal else apply_move(self.state, move)
            self._moved()
            if self.is_over:
                self.finished = team_rewards(self.state)
            return
        index = len(self.match.deals) - 1
        self.match = apply_baazi_move(self.match, move)
        played = self.match.deals[index].state
        if played.is_over:
            self.finished = team_rewards(played)
        self.state = self.match.state
        self._moved()

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps: no move in progress (only its ids)."""
        kept = {name: value for name, value in self.__dict__.items() if name not in _CACHES}
        kept["prefix"] = self.prefix
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        prefix = kept.pop("prefix")
        self.__dict__.update(kept)
        self._clear_caches()
        if prefix:
            self._walk = walk_of(self.state, prefix)

    def _clear_caches(self) -> None:
        self._walk = None


#: The Stepper's attributes that are caches, left out of pickles.
_CACHES: Final = frozenset({"_walk"})


def observation_limits(variant: str | Variant) -> tuple[list[int], list[int]]:
    """The lowest and highest entries of an environment's observation.

    The view vector's entries (:func:`seep.observation.observation_bounds`),
    then 0..1 for each of the ``NUM_ACTIONS`` marks of the ids chosen so far.

    >>> from seep._players.stepper import observation_limits
    >>> low, high = observation_limits("standard")
    >>> len(high), max(high), high[-1]
    (1391, 1175, 1)
    """
    low, high = observation_bounds(variant)
    return [*low, *[0] * NUM_ACTIONS], [*high, *[1] * NUM_ACTIONS]

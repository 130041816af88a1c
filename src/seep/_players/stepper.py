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

import numpy as np

from seep._encoding.packing import Packing
from seep._encoding.walk import Walk, walk_of
from seep._engine.generate import Position
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

    # The caches (see _clear_caches): the move in progress, the mask of a step,
    # the observations of a state.
    _walk: Walk | None
    _mask_of: Walk | None
    _mask: np.ndarray
    _packed_of: State | None
    _packed: dict[int, np.ndarray]

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
        #: The seat to act, ``None`` once everything is over.
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

    def mask(self) -> np.ndarray:
        """``NUM_ACTIONS`` int8s, 1 for each legal id (all 0 once over): one read-only array per step.

        Everything that reads the mask in the same step shares it.
        """
        if self.is_over:
            return _NO_ACTIONS
        walk = self._walk
        if walk is None:
            walk = self.walk
        if self._mask_of is not walk:
            legal = walk.legal
            marks = _MASKS.get(legal)
            if marks is None:
                if len(_MASKS) >= _MASKS_KEPT:
                    _MASKS.clear()
                found = bytearray(NUM_ACTIONS)
                for action in legal:
                    found[action] = 1
                marks = _MASKS[legal] = np.frombuffer(bytes(found), dtype=np.int8)
            self._mask_of, self._mask = walk, marks
        return self._mask

    def observation(self, seat: int) -> np.ndarray:
        """``seat``'s view vector then ``NUM_ACTIONS`` marks of the ids chosen so far: a new int32 array.

        The view vector is made once per state and seat (a move takes several
        ids, and the state changes only when it is complete), straight from
        the state (:class:`~seep._encoding.packing.Packing`); each call
        copies it and marks the mover's ids.
        """
        state = self.state
        if self._packed_of is not state:
            self._packed_of = state
            self._packed = {}
        made = self._packed.get(seat)
        to_move = self.seat
        if made is None:
            # The mover's position is the walk's (its hand cards' options read it).
            position = self.walk.position if seat == to_move else None
            made = self._packed[seat] = _array(self._packing, state, seat, position)
        observation: np.ndarray = made.copy()
        if seat == to_move:
            walk = self._walk
            if walk is not None and walk.prefix:
                marks = self._packing.length
                for action in walk.prefix:
                    observation[marks + action] = 1
        return observation

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
        """What a pickle keeps: no cached vector, mask or move in progress (only its ids)."""
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
        self._packing = _packing(self.variant)
        self._walk = None
        self._mask_of = None
        self._mask = _NO_ACTIONS
        self._packed_of = None
        self._packed = {}


#: The Stepper's attributes that are caches, left out of pickles.
_CACHES: Final = frozenset({"_walk", "_mask_of", "_mask", "_packed_of", "_packed", "_packing"})
#: The mask once over: no id (read-only, shared).
_NO_ACTIONS: Final = np.zeros(NUM_ACTIONS, dtype=np.int8)
_NO_ACTIONS.flags.writeable = False
#: The read-only masks of the legal sets met lately, by legal set (shared: they never change).
_MASKS: dict[tuple[int, ...], np.ndarray] = {}
_MASKS_KEPT: Final = 4096
_PACKINGS: dict[Variant, Packing] = {}


def _packing(variant: Variant) -> Packing:
    """The :class:`~seep._encoding.packing.Packing` of ``variant``, made once."""
    found = _PACKINGS.get(variant)
    if found is None:
        found = _PACKINGS[variant] = Packing(variant)
    return found


def _array(packing: Packing, state: State, seat: int, position: Position | None) -> np.ndarray:
    """``seat``'s view vector of ``state`` and zeroed marks, as a read-only int32 array."""
    packed = packing.pack(state, seat, position)
    size = packing.length + NUM_ACTIONS
    found = np.frombuffer(packed.bits.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    out = np.unpackbits(found, count=size, bitorder="little").astype(np.int32)
    start = packing.counts_at
    out[start : start + len(packed.counts)] = packed.counts
    if packed.seeps is not None:
        start = packing.seeps_at
        out[start : start + len(packed.seeps)] = packed.seeps
    start = packing.points_at
    for card, most in packed.points.items():
        out[start + card] = most
    out.flags.writeable = False
    return out


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

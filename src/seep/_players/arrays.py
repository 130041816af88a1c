"""The environments' observations and action masks as numpy arrays, each made once.

:mod:`seep.pettingzoo` and :mod:`seep.gymnasium` read a
:class:`~seep._players.stepper.Stepper` through :class:`Arrays`: a seat's
view vector is made once per state (a move takes several ids, and the state
changes only when it is complete), packed straight from the state as the
bits of one int (:class:`~seep._encoding.packing.Packing`) and unpacked in
one call; each read copies it and marks the ids of the move in progress. A
mask is one read-only int8 array per set of legal ids, shared by every step
that offers the same ids (the first id of a move in normal play, a card in
hand, has its mask made from the hand: a hand is rarely met twice).

>>> from seep._players.arrays import Arrays
>>> from seep._players.stepper import Stepper
>>> from seep.observation import observation_vector
>>> from seep.views import observe
>>> stepper = Stepper("standard", seed=10)
>>> arrays = Arrays(stepper.variant)
>>> observation = arrays.observation(stepper, 1)
>>> tuple(observation[: len(observation) - 123]) == observation_vector(observe(stepper.state, 1))
True
>>> [int(i) for i in arrays.mask(stepper).nonzero()[0]], arrays.mask(stepper).flags.writeable
([53, 54, 55], False)
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from seep._encoding.packing import Packing
from seep._encoding.walk import Walk
from seep._engine.caches import cached, fixed
from seep._engine.generate import Position
from seep._players.stepper import Stepper
from seep.actions import NUM_ACTIONS
from seep.state import State
from seep.variants import Variant

__all__ = ["NO_ACTIONS", "Arrays"]

#: The mask of a seat that is not to act, or once over: no id (read-only, shared).
NO_ACTIONS: Final = np.zeros(NUM_ACTIONS, dtype=np.int8)
NO_ACTIONS.flags.writeable = False
#: ``_BYTE_ENTRIES[b]``: the bits of the byte ``b``, lowest first, as eight int32s.
_BYTE_ENTRIES: Final = np.unpackbits(
    np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little"
).astype(np.int32)


# The masks of the legal sets met lately are kept under the package's cache
# budget (see seep.caching): read-only, so every step with the same ids shares one.
@cached("arrays.masks", fixed(NUM_ACTIONS + 112))
def _mask_of(legal: tuple[int, ...]) -> np.ndarray:
    """The read-only mask of the ids ``legal``."""
    found = bytearray(NUM_ACTIONS)
    for action in legal:
        found[action] = 1
    return np.frombuffer(bytes(found), dtype=np.int8)


def _hand_mask(hand: int) -> np.ndarray:
    """The read-only mask of the ids of the cards of the mask ``hand``.

    Not kept: a hand is rarely met twice, and the masks of the ids that
    follow a card are the ones that steps share. Made from each byte's
    eight entries, as bytes (an array over bytes is read-only).
    """
    return np.frombuffer(
        b"".join([_BYTE_MASKS[byte] for byte in hand.to_bytes(7, "little")]) + _AFTER_CARDS,
        dtype=np.int8,
    )


#: ``_BYTE_MASKS[b]``: the bits of the byte ``b``, lowest first, as eight bytes 0 or 1.
_BYTE_MASKS: Final = tuple(bytes(b >> i & 1 for i in range(8)) for b in range(256))
#: The mask entries after those of the 56 bits of a hand's seven bytes (none of the ids 52..55 is a card).
_AFTER_CARDS: Final = bytes(NUM_ACTIONS - 56)


class Arrays:
    """The observation and mask arrays of one variant's steppers (see the module docstring).

    Its caches follow the stepper's state and move in progress, so one
    :class:`Arrays` serves every stepper of the variant, one after another;
    a pickle keeps only the variant.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._packing = Packing(variant)
        self._size = self._packing.length + NUM_ACTIONS
        self._bytes = (self._size + 7) // 8
        self._clear()

    def _clear(self) -> None:
        self._mask_of: Walk | None = None
        self._mask = NO_ACTIONS
        self._packed_of: State | None = None
        self._packed: dict[int, np.ndarray] = {}

    def mask(self, stepper: Stepper) -> np.ndarray:
        """``NUM_ACTIONS`` int8s, 1 for each id legal now (all 0 once over), read-only."""
        if stepper.is_over:
            return NO_ACTIONS
        walk = stepper._walk
        return self._walk_mask(stepper.walk if walk is None else walk)

    def _walk_mask(self, walk: Walk) -> np.ndarray:
        """The mask of the ids ``walk`` offers (kept for the walk's next readers)."""
        if self._mask_of is not walk:
            position = walk.position
            if walk.prefix or position is None or position.special:
                mask = _mask_of(walk.legal)
            else:  # the first id of a move in normal play: a card in hand (ids 0..51)
                mask = _hand_mask(position.hand)
            self._mask_of, self._mask = walk, mask
        return self._mask

    def observation(self, stepper: Stepper, seat: int) -> np.ndarray:
        """``seat``'s view vector then ``NUM_ACTIONS`` marks of the ids chosen so far: a new int32 array."""
        return self.read(stepper, seat)[0]

    def read(self, stepper: Stepper, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`observation` and the mask of ``seat``: :meth:`mask` if it is to act, else no id."""
        state = stepper.state
        if self._packed_of is not state:
            self._packed_of = state
            self._packed = {}
        made = self._packed.get(seat)
        if seat != stepper.seat:  # not to act, or everything is over
            if made is None:
                made = self._packed[seat] = self._array(state, seat, None)
            return made.copy(), NO_ACTIONS
        # The mover: its position is the walk's (its hand cards' options read it).
        walk = stepper._walk
        if walk is None:
            walk = stepper.walk
        if made is None:
            made = self._packed[seat] = self._array(state, seat, walk.position)
        observation = made.copy()
        prefix = walk.prefix
        if prefix:
            marks = self._packing.length
            for action in prefix:
                observation[marks + action] = 1
        return observation, self._mask if self._mask_of is walk else self._walk_mask(walk)

    def _array(self, state: State, seat: int, position: Position | None) -> np.ndarray:
        """``seat``'s view vector of ``state`` and zeroed marks, as a read-only int32 array."""
        packing = self._packing
        packed = packing.pack(state, seat, position)
        found = np.frombuffer(packed.bits.to_bytes(self._bytes, "little"), dtype=np.uint8)
        # Each byte's eight bits as eight int32s in one step (faster than unpacking
        # the bits, then widening them), the last byte's spare bits cut off.
        out = _BYTE_ENTRIES.take(found, axis=0).reshape(-1)[: self._size]
        start = packing.counts_at
        out[start : start + len(packed.counts)] = packed.counts
        if packed.seeps is not None:
            start = packing.seeps_at
            out[start : start + len(packed.seeps)] = packed.seeps
        start = packing.points_at
        for card, most in packed.points.items():
            out[start + card] = most
        out.setflags(write=False)
        return out

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps: the variant (no cached array)."""
        return {"variant": self.variant}

    def __setstate__(self, kept: dict[str, Any]) -> None:
        self.__init__(kept["variant"])  # type: ignore[misc]

"""The observation vector as the bits of one int and a few counts, read straight from the state.

Almost every entry of :func:`seep.observation.observation_vector` is a bit
(one-hot fields, card fields, flags, the hand cards' options), so the
environments, which build one observation per state and seat, make it as
one Python int holding every bit at its place in the vector, plus the few
entries that are counts (the plays, the stock, the floor, the hands, the
seeps, the best takes' points). The environments unpack the int into an
array in one call and write the counts over it.

A :class:`Packing` reads only what the seat's view holds (its own hand and
the public table, the floor only once face up); tests compare its vectors
with :func:`~seep.observation.observation_vector` over random deals of
every variant.

>>> from seep import new_deal
>>> from seep.views import observe
>>> from seep.observation import observation_vector
>>> from seep._encoding.packing import Packing
>>> state = new_deal("standard", seed=10)
>>> packing = Packing(state.variant)
>>> packing.vector(state, 2) == observation_vector(observe(state, 2))
True
"""

from __future__ import annotations

from typing import NamedTuple

from seep._encoding.options import hand_options_at
from seep._engine.generate import Position
from seep.observation import HOUSE_VALUES, observation_layout, observation_length
from seep.state import Phase, State
from seep.variants import Pickup, ThrowRule, Variant

__all__ = ["Packed", "Packing"]

_PHASE_INDEX = {Phase.BID: 0, Phase.PLAY: 1, Phase.OVER: 2}


class Packed(NamedTuple):
    """One observation: ``bits`` (bit ``i`` is entry ``i`` where that entry is a bit), then the counts.

    ``counts`` are the entries from ``plays`` to ``hand_counts`` (from
    :attr:`Packing.counts_at` on), ``seeps`` those of ``seep_counts`` and
    ``seep_points`` (from :attr:`Packing.seeps_at`, ``None`` before any
    seep: all 0), ``points`` the ``hand_take_points`` entries of the cards
    that can take, by card (the others are 0).
    """

    bits: int
    counts: tuple[int, ...]
    seeps: tuple[int, ...] | None
    points: dict[int, int]


class Packing:
    """Where each field of a variant's observation lies, and :meth:`pack` to fill them from a state."""

    __slots__ = (
        "_bid",
        "_dealer",
        "_face_up",
        "_hand",
        "_houses",
        "_last",
        "_loose",
        "_options",
        "_order",
        "_phase",
        "_piles",
        "_players",
        "_starts",
        "_teams",
        "_to_move",
        "_variant",
        "counts_at",
        "length",
        "points_at",
        "seeps_at",
    )

    def __init__(self, variant: Variant) -> None:
        layout = observation_layout(variant)
        players = variant.players
        self._variant = variant
        self._players = players
        self._teams = tuple(variant.team_of(seat) for seat in range(players))
        #: The length of the vector.
        self.length = observation_length(variant)
        self._dealer = layout["dealer"].start
        self._to_move = layout["to_move"].start
        self._last = layout["last_capture"].start
        self._phase = layout["phase"].start
        self._face_up = layout["face_up"].start
        self._bid = layout["bid"].start - HOUSE_VALUES[0]
        self._hand = layout["hand"].start
        self._loose = layout["loose"].start
        self._piles = layout["pile_own"].start, layout["pile_other"].start
        #: Each house value's first entry: its ``house_v`` bit, then locked, owners, cards.
        self._houses = {value: layout[f"house_{value}"].start for value in HOUSE_VALUES}
        self._options = layout["hand_options"].start, layout["hand_seeps"].start
        #: Where :attr:`Packed.counts`, :attr:`Packed.seeps` and the take points start.
        self.counts_at = layout["plays"].start
        self.seeps_at = layout["seep_counts"].start
        self.points_at = layout["hand_take_points"].start
        assert layout["hand_counts"].stop - self.counts_at == 3 + players
        assert layout["seep_points"].stop - self.seeps_at == players + 2
        flags = (
            players == 2,
            variant.opening.builds_first,
            variant.pickup is Pickup.FREE_CHOICE,
            variant.throw_rule is ThrowRule.ANY,
        )
        first = layout["two_players"].start
        flag_bits = sum(1 << (first + index) for index, flag in enumerate(flags) if flag)
        # The one-hot seat and the variant's flags, by seat: the start of every vector.
        self._starts = tuple(flag_bits | 1 << seat for seat in range(players))
        #: By seat: the seats from it on, in play order (the order of the hand counts).
        self._order = tuple(
            tuple((seat + k) % players for k in range(players)) for seat in range(players)
        )

    def pack(self, state: State, seat: int, position: Position | None = None) -> Packed:
        """``seat``'s observation of ``state``; ``position``: the mover's, where the caller has it."""
        players = self._players
        bits = self._starts[seat]
        bits |= 1 << (self._dealer + (state.dealer - seat) % players)
        to_move = state.to_move
        if to_move is not None:
            bits |= 1 << (self._to_move + (to_move - seat) % players)
        last = state.last_capture
        if last is not None:
            bits |= 1 << (self._last + (last - seat) % players)
        phase = state.phase
        bits |= 1 << (self._phase + _PHASE_INDEX[phase])
        bid = state.bid
        if bid is not None:
            bits |= 1 << (self._bid + bid)
        hands = state.hands
        hand = hands[seat].mask
        bits |= hand << self._hand
        loose = state.loose.mask
        face_up = state.face_up
        if face_up:
            bits |= 1 << self._face_up | loose << self._loose
        for house in state.houses:
            start = self._houses[house.value]
            owners = 0
            for owner in house.owners:
                owners |= 1 << ((owner - seat) % players)
            bits |= (
                1 | house.locked << 1 | owners << 2 | house.cards.mask << (2 + players)
            ) << start
        teams = self._teams
        team = teams[seat]
        piles = state.piles
        bits |= piles[team].mask << self._piles[0] | piles[1 - team].mask << self._piles[1]
        counts = (
            state.plays,
            len(state.stock),
            loose.bit_count(),
            *[hands[other].mask.bit_count() for other in self._order[seat]],
        )
        seeps: tuple[int, ...] | None = None
        if state.seeps:
            made = [0] * players
            points = [0, 0]
            for seep in state.seeps:
                made[(seep.seat - seat) % players] += 1
                points[teams[seep.seat] != team] += seep.points
            seeps = (*made, *points)
        taken: dict[int, int] = {}
        if phase is Phase.PLAY and to_move == seat and face_up and hand:
            options = hand_options_at(
                position if position is not None else Position(state),
                state.houses,
                self._variant,
            )
            follow_at, seeps_at = self._options
            bits |= options.follow << follow_at | options.seeps << seeps_at
            taken = options.points
        return Packed(bits, counts, seeps, taken)

    def vector(self, state: State, seat: int) -> tuple[int, ...]:
        """:meth:`pack` written out as the tuple :func:`~seep.observation.observation_vector` gives."""
        packed = self.pack(state, seat)
        bits = packed.bits
        out = [bits >> index & 1 for index in range(self.length)]
        out[self.counts_at : self.counts_at + len(packed.counts)] = packed.counts
        if packed.seeps is not None:
            out[self.seeps_at : self.seeps_at + len(packed.seeps)] = packed.seeps
        for card, most in packed.points.items():
            out[self.points_at + card] = most
        return tuple(out)

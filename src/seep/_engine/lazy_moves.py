"""The working part of :class:`seep.rules.MoveList`: its slots and every operation on them.

:class:`~seep.rules.MoveList` is this class with the docstring, the
constructor and the pickling of the public type, and
:class:`collections.abc.Sequence` as a second base (which gives it
``index``, ``count`` and ``reversed``). The work is here, in the engine, so
that the compiled build compiles it: there ``len(moves)`` and
``moves[i]`` (twice and once a play of ``random.choice``) run no
interpreted frame, and :func:`fill` sets the slots directly. An
interpreted class may only extend a compiled one that allows it, which
``mypyc_attr`` says to the compiler. The compiled build does not run the
decorator, and the pure build needs no ``mypy_extensions`` to run it (a
stand-in that returns the class unchanged).

>>> from seep import new_deal, legal_moves
>>> from seep._engine.lazy_moves import LazyMoves
>>> moves = legal_moves(new_deal("standard", seed=10))
>>> isinstance(moves, LazyMoves), len(moves), str(moves[-1])
(True, 3, 'bid 12')
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from typing import Final, SupportsIndex, TypeVar, overload

from seep._engine.generate import Plan, Position
from seep._engine.listing import (
    LISTED,
    Prepared,
    pick,
    plan_of,
    prepare,
    takes,
)
from seep._engine.verify import in_play
from seep.moves import Build, Move, Raise, Take, Throw
from seep.state import State

#: Shared empty values of a move list's slots until they are filled (never written to).
NO_SLOTS: Final[list[int]] = []
NO_PLANS: Final[list[Plan]] = []
NONE_LISTED: Final[dict[int, list[Move]]] = {}
#: A move list's last move given out before any is: a marker no argument can
#: be (not ``None``: ``apply_move(state, None)`` must not pass as one given out).
NOTHING_HANDED: Final[object] = object()

_Class = TypeVar("_Class")


def _unchanged(**_flags: object) -> Callable[[_Class], _Class]:
    """The pure build's ``mypyc_attr`` without ``mypy_extensions``: the class as it is."""

    def keep(cls: _Class) -> _Class:
        return cls

    return keep


try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the flags
    mypyc_attr = _unchanged  # type: ignore[assignment]


@mypyc_attr(allow_interpreted_subclasses=True)
class LazyMoves:
    """The legal moves of a state, counted up front and built when asked for (see :class:`~seep.rules.MoveList`)."""

    __slots__ = (
        "_by_card",
        "_cards",
        "_ends",
        "_handed",
        "_listed",
        "_planned",
        "_plans",
        "_position",
    )

    # _listed: every move, where they are few (else None); _position, _cards,
    # _plans, _ends: the mover's position, cards, plans and running move
    # counts in normal play; _by_card: the moves listed so far, by card
    # (shared and empty until a card's are listed); _planned: on a crowded
    # floor, the plans made so far by slot (else None: all in _plans);
    # _handed: the move the last index gave out, so that
    # apply_move(state, moves[i]) knows it at once.
    _listed: tuple[Move, ...] | None
    _position: Position | None
    _cards: list[int]
    _plans: list[Plan]
    _ends: list[int]
    _by_card: dict[int, list[Move]]
    _planned: dict[int, Plan] | None
    _handed: object

    def _plan(self, slot: int) -> Plan:
        """The plan of the card of ``slot`` (made on first use on a crowded floor)."""
        assert self._position is not None
        return plan_of(self._position, self._cards, self._plans, self._planned, slot)

    def _card_moves(self, slot: int) -> list[Move]:
        """The moves playing the card of ``slot``, built once."""
        card = self._cards[slot]
        moves = self._by_card.get(card)
        if moves is None:
            assert self._position is not None
            plan = self._plans[slot] if self._planned is None else self._plan(slot)
            moves = list(self._position.iter_for_card(card, plan))
            if self._by_card is NONE_LISTED:
                self._by_card = {}
            self._by_card[card] = moves
        return moves

    def __len__(self) -> int:
        if self._listed is not None:
            return len(self._listed)
        return self._ends[-1]  # the mover holds a card (R3.3), so there is an end

    @overload
    def __getitem__(self, index: SupportsIndex) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Move | tuple[Move, ...]:
        if self._listed is not None:
            return self._listed[index]
        if isinstance(index, slice):
            return tuple(self)[index]
        assert self._position is not None
        move = self._handed = pick(
            self._position,
            self._cards,
            self._plans,
            self._ends,
            self._planned,
            self._by_card,
            operator.index(index),  # any integer, such as a NumPy one
        )
        return move

    def __iter__(self) -> Iterator[Move]:
        if self._listed is not None:
            yield from self._listed
            return
        position = self._position
        assert position is not None
        start = 0
        for slot, (card, end) in enumerate(zip(self._cards, self._ends, strict=True)):
            size, start = end - start, end
            if card in self._by_card or size <= LISTED:
                yield from self._card_moves(slot)
            else:
                yield from position.iter_for_card(card, self._plan(slot))

    def _takes(self) -> list[Move]:
        """The pick-ups among the moves, in order, built without the other moves (for bots)."""
        if self._listed is not None or self._planned is not None:
            return [move for move in self if type(move) is Take]
        assert self._position is not None
        return takes(self._position, self._cards, self._plans, self._by_card)

    def __contains__(self, move: object) -> bool:
        if self._listed is not None:
            return move in self._listed
        if not isinstance(move, (Take, Build, Raise, Throw)):
            return False
        moves = self._by_card.get(move.card)
        if moves is not None:
            return move in moves
        card = int(move.card)
        if card not in self._cards:
            return False
        slot = self._cards.index(card)
        start = self._ends[slot - 1] if slot else 0
        if self._ends[slot] - start > LISTED:
            assert self._position is not None
            return in_play(self._position, move) is None
        return move in self._card_moves(slot)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LazyMoves, tuple)):
            return len(self) == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))


def fill(moves: LazyMoves, state: State | None, listed: tuple[Move, ...] | None = None) -> None:
    """Set up the slots of the move list ``moves``: of ``state``, or of ``listed``."""
    prepared: Prepared = (
        (listed, None, NO_SLOTS, NO_PLANS, NO_SLOTS, None) if state is None else prepare(state)
    )
    moves._listed, moves._position, moves._cards, moves._plans, moves._ends, moves._planned = (
        prepared
    )
    moves._by_card = NONE_LISTED
    moves._handed = NOTHING_HANDED

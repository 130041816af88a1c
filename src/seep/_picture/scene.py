"""What a picture of the table shows: a :class:`Scene`, read from a state or from a seat's view.

States and views are read through protocols (:class:`StateLike`,
:class:`ViewLike`), so this module imports neither :mod:`seep.state` nor
:mod:`seep.views` and both can draw themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from seep.cards import Card, CardSet
from seep.history import Entry, History, Played, SeepRecord, Unknown
from seep.variants import Variant


class HouseLike(Protocol):
    """What a picture reads of a house (:class:`seep.state.House`)."""

    @property
    def value(self) -> int: ...
    @property
    def cards(self) -> CardSet: ...
    @property
    def owners(self) -> tuple[int, ...]: ...
    @property
    def locked(self) -> bool: ...


class _Table(Protocol):
    """The fields states and views share."""

    @property
    def variant(self) -> Variant: ...
    @property
    def dealer(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def bid(self) -> int | None: ...
    @property
    def houses(self) -> Sequence[HouseLike]: ...
    @property
    def piles(self) -> tuple[CardSet, ...]: ...
    @property
    def seeps(self) -> tuple[SeepRecord, ...]: ...
    @property
    def plays(self) -> int: ...


class StateLike(_Table, Protocol):
    """What a picture reads of a :class:`seep.state.State`."""

    @property
    def hands(self) -> tuple[CardSet, ...]: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def face_up(self) -> bool: ...
    @property
    def loose(self) -> CardSet: ...
    @property
    def history(self) -> History: ...


class ViewLike(_Table, Protocol):
    """What a picture reads of a :class:`seep.views.View`."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> CardSet: ...
    @property
    def hand_counts(self) -> tuple[int, ...]: ...
    @property
    def stock_count(self) -> int: ...
    @property
    def loose(self) -> CardSet | None: ...
    @property
    def floor_count(self) -> int: ...
    @property
    def history(self) -> tuple[Entry, ...]: ...


@attrs.frozen(kw_only=True)
class Scene:
    """Everything one picture shows.

    A hand or the floor is a :class:`~seep.cards.CardSet` when its cards are
    seen and an ``int`` (how many cards lie face down) when they are not.
    ``viewer`` is the seat whose view this is (``None``: every card shown);
    ``last`` the last move of the deal, when the history knows it
    (``history_known``: false when the history starts unknown), and
    ``last_seep`` the seep that move made (R4.5).
    """

    variant: Variant
    viewer: int | None
    dealer: int
    phase: str
    to_move: int | None
    bid: int | None
    plays: int
    hands: tuple[CardSet | int, ...]
    stock: int
    loose: CardSet | int
    houses: tuple[HouseLike, ...]
    piles: tuple[CardSet, ...]
    seeps: tuple[SeepRecord, ...]
    last: Played | None
    last_seep: SeepRecord | None
    history_known: bool

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)


def _last_played(history: History | Sequence[Entry]) -> tuple[Played | None, SeepRecord | None]:
    """The last move in a history (walking back from its end) and the seep it made, if any."""
    seep: SeepRecord | None = None
    if isinstance(history, History):
        node: History | None = history
        while node is not None:
            entry = node.last
            if isinstance(entry, Played):
                return entry, seep
            if isinstance(entry, SeepRecord):
                seep = entry
            node = node.parent
        return None, None
    for entry in reversed(history):
        if isinstance(entry, Played):
            return entry, seep
        if isinstance(entry, SeepRecord):
            seep = entry
    return None, None


def scene_of_state(state: StateLike) -> Scene:
    """Every card of ``state`` shown (the floor face down while it is, R2.5)."""
    last, seep = _last_played(state.history)
    return Scene(
        variant=state.variant,
        viewer=None,
        dealer=state.dealer,
        phase=str(state.phase),
        to_move=state.to_move,
        bid=state.bid,
        plays=state.plays,
        hands=tuple(state.hands),
        stock=len(state.stock),
        loose=state.loose if state.face_up else len(state.loose),
        houses=tuple(state.houses),
        piles=state.piles,
        seeps=state.seeps,
        last=last,
        last_seep=seep,
        history_known=state.history.known,
    )


def scene_of_view(view: ViewLike) -> Scene:
    """What ``view.seat`` sees: its own hand, every other hand as a count of backs."""
    last, seep = _last_played(view.history)
    return Scene(
        variant=view.variant,
        viewer=view.seat,
        dealer=view.dealer,
        phase=str(view.phase),
        to_move=view.to_move,
        bid=view.bid,
        plays=view.plays,
        hands=tuple(
            view.hand if seat == view.seat else count for seat, count in enumerate(view.hand_counts)
        ),
        stock=view.stock_count,
        loose=view.floor_count if view.loose is None else view.loose,
        houses=tuple(view.houses),
        piles=view.piles,
        seeps=view.seeps,
        last=last,
        last_seep=seep,
        history_known=not view.history or not isinstance(view.history[0], Unknown),
    )

"""What one seat can know: per-seat views of a state, and their JSON.

A :class:`View` holds the seat's own hand and everything public: the floor
and houses (not while the floor is face down during the bid), both teams'
piles and seeps, how many cards every other hand and the stock hold, whose
turn it is, the bid, and the public facts that constrain hidden cards
(every house owner holds a card of the house's value, R3.2). It never holds
another seat's cards or the stock's order.

>>> from seep import new_deal, apply_move, parse_move
>>> from seep.views import observe, view_from_dict, view_to_dict
>>> state = new_deal("standard", seed=10)
>>> view = observe(state, 1)
>>> view.hand, view.loose, view.floor_count
(CardSet('6D TH JS QC'), None, 4)
>>> observe(state, 0).hand, observe(state, 0).hand_counts
(CardSet(), (0, 4, 0, 0))
>>> view_from_dict(view_to_dict(view)) == view
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from seep._checks.validate import check_view
from seep._documents.reader import Reader
from seep._engine.bits import VALUE_MASKS
from seep._util.arguments import check_instance, check_seat
from seep._util.excerpt import excerpt
from seep._util.limits import POINTS_LIMIT
from seep.cards import CardSet
from seep.errors import InvalidStateError
from seep.history import (
    Entry,
    History,
    Unknown,
    history_from_list,
    history_to_list,
    seen_by,
)
from seep.state import House, Phase, SeepRecord, State, _summary
from seep.variants import Variant, get_variant

__all__ = ["View", "observe", "view_from_dict", "view_to_dict"]

VIEW_FORMAT = "seep-view/1"


@attrs.frozen(kw_only=True)
class View:
    """One seat's knowledge of a state (see the module docstring).

    ``loose`` is ``None`` while the floor is face down; ``floor_count`` is
    always the number of loose cards. ``unseen`` is every card this seat
    cannot see (other hands, the stock, a face-down floor). ``history`` is
    the seat's action-observation history (:func:`seep.history.seen_by`);
    a view made without one has the unknown history ``(Unknown(plays),)``.
    Views are equal when all their fields are, history included.

    >>> from seep import apply_move, new_deal, parse_move
    >>> from seep.views import observe
    >>> view = observe(apply_move(new_deal("standard", seed=10), parse_move("bid 12")), 2)
    >>> view.seat, view.hand, view.loose, view.hand_counts, len(view.unseen)
    (2, CardSet(), CardSet('AH 5S 9S JD'), (0, 4, 0, 0), 48)
    """

    variant: Variant
    seat: int
    dealer: int
    phase: Phase
    to_move: int | None
    bid: int | None
    hand: CardSet
    hand_counts: tuple[int, ...]
    stock_count: int
    loose: CardSet | None
    floor_count: int
    houses: tuple[House, ...]
    piles: tuple[CardSet, ...]
    seeps: tuple[SeepRecord, ...]
    last_capture: int | None
    plays: int
    redeals: int
    history: tuple[Entry, ...] = attrs.field(
        default=attrs.Factory(lambda self: (Unknown(self.plays),), takes_self=True)
    )

    def __repr__(self) -> str:
        """One line: whose view, where the deal stands, the seat's hand and the floor.

        >>> from seep.views import observe
        >>> from seep import new_deal
        >>> observe(new_deal("standard", seed=10), 1)
        <View of seat 1: standard bidding, seat 1 to bid, floor 4 cards face down, hand 4 cards>
        """
        hand = f"hand {len(self.hand)} card{'s' if len(self.hand) != 1 else ''}"
        return (
            f"<View of seat {self.seat}: {_summary(self, self.face_up, self.floor_count)}, {hand}>"
        )

    def _repr_svg_(self) -> str:
        """The picture of what this seat sees (Jupyter shows it; :func:`seep.svg.view_svg`)."""
        from seep._picture.table import draw_view

        return draw_view(self)

    @property
    def history_known(self) -> bool:
        """False if the history starts with :class:`~seep.history.Unknown`."""
        return not self.history or not isinstance(self.history[0], Unknown)

    @property
    def face_up(self) -> bool:
        """True once the floor is face up (R2.5)."""
        return self.loose is not None

    @property
    def unseen(self) -> CardSet:
        """Every card this seat cannot see: other hands, the stock and a face-down floor."""
        seen = self.hand.mask
        if self.loose is not None:
            seen |= self.loose.mask
        for house in self.houses:
            seen |= house.cards.mask
        for pile in self.piles:
            seen |= pile.mask
        return CardSet(((1 << 52) - 1) & ~seen)

    def required_values(self, seat: int) -> tuple[int, ...]:
        """House values ``seat`` must hold a card of (R3.2): the public constraint on its hand."""
        return tuple(house.value for house in self.houses if seat in house.owners)

    @property
    def is_my_turn(self) -> bool:
        """True if this seat is to move."""
        return self.to_move == self.seat


def observe(state: State, seat: int) -> View:
    """The view of ``state`` from ``seat``.

    >>> from seep.views import observe
    >>> from seep import new_deal
    >>> observe(new_deal("taash", seed=1), 2).loose is not None   # taash floor is face up (R11.1)
    True
    """
    if not isinstance(state, State):
        raise TypeError(f"state: expected a State, not {type(state).__name__}")
    check_seat(seat, state.players)
    return _observed(state, seat, seen_by(state.history, seat))


def observe_table(state: State, seat: int) -> View:
    """The view of ``state`` from ``seat`` with its history unknown, for what reads only the table.

    Working out the seat's history replays the whole deal; an observation
    vector, for one, does not read it.

    >>> from seep.views import observe, observe_table
    >>> from seep import new_deal
    >>> state = new_deal("standard", seed=1)
    >>> view = observe_table(state, 2)
    >>> view.history_known, view.hand == observe(state, 2).hand
    (False, True)
    """
    return _observed(state, seat, (Unknown(state.plays),))


class Observer:
    """Views of the states of one game as :func:`observe` makes them, each seat's history extended from its last view.

    :func:`observe` works out a seat's history from the start of the deal;
    a player that looks at every state of a deal would do that once per
    move. An observer keeps each seat's last history and adds only the
    entries since (from the start again when the history does not continue
    it).

    >>> from seep import apply_move, legal_moves, new_deal
    >>> from seep.views import Observer, observe
    >>> state = new_deal("standard", seed=2)
    >>> observer = Observer()
    >>> for _ in range(5):
    ...     assert observer.observe(state, 1) == observe(state, 1)
    ...     state = apply_move(state, legal_moves(state)[0])
    ...
    """

    __slots__ = ("_entries", "_last", "_line")

    def __init__(self) -> None:
        # The entries of the last history met, each decoded once for all seats, and
        # its line: histories that continue one another share a line.
        self._entries: tuple[History | None, tuple[Entry, ...]] = (None, ())
        self._line = 0
        # Each seat's line, how many of the line's entries it has seen, and its history of them.
        self._last: dict[int, tuple[int, int, tuple[Entry, ...]]] = {}

    def observe(self, state: State, seat: int) -> View:
        """:func:`observe` of ``state`` from ``seat``."""
        history = state.history
        known, entries = self._entries
        if known is not history:
            added = None if known is None else history.entries_after(known)
            if added is None:  # a history that does not continue the last: a new line
                self._line += 1
                entries = history.entries()
            elif added:
                entries += added
            self._entries = (history, entries)
        last = self._last.get(seat)
        if last is None or last[0] != self._line or last[1] > len(entries):
            seen = seen_by(entries, seat)
        elif last[1] < len(entries):
            seen = last[2] + seen_by(entries[last[1] :], seat)
        else:
            seen = last[2]
        self._last[seat] = (self._line, len(entries), seen)
        return _observed(state, seat, seen)


def _observed(state: State, seat: int, history: tuple[Entry, ...]) -> View:
    """The view of ``state`` from ``seat``, with ``history`` given (:func:`observe` works it out)."""
    return View(
        variant=state.variant,
        seat=seat,
        dealer=state.dealer,
        phase=state.phase,
        to_move=state.to_move,
        bid=state.bid,
        hand=state.hands[seat],
        hand_counts=tuple(len(hand) for hand in state.hands),
        stock_count=len(state.stock),
        loose=state.loose if state.face_up else None,
        floor_count=len(state.loose),
        houses=state.houses,
        piles=state.piles,
        seeps=state.seeps,
        last_capture=state.last_capture,
        plays=state.plays,
        redeals=state.redeals,
        history=history,
    )


def view_to_dict(view: View) -> dict[str, Any]:
    """The JSON document of a view (what a game server sends to one seat).

    >>> from seep import new_deal
    >>> from seep.views import observe, view_to_dict
    >>> doc = view_to_dict(observe(new_deal("standard", seed=10), 1))
    >>> doc["format"], doc["hand"], doc["floor"]["loose"], doc["floor"]["count"]
    ('seep-view/1', ['6D', 'TH', 'JS', 'QC'], None, 4)
    """
    check_instance(view, View, "view")
    return {
        "format": VIEW_FORMAT,
        "variant": view.variant.name,
        "seat": view.seat,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "to_move": view.to_move,
        "bid": view.bid,
        "hand": [str(card) for card in view.hand],
        "hand_counts": list(view.hand_counts),
        "stock_count": view.stock_count,
        "floor": {
            "face_up": view.face_up,
            "loose": None if view.loose is None else [str(card) for card in view.loose],
            "count": view.floor_count,
            "houses": [
                {
                    "value": house.value,
                    "cards": [str(card) for card in house.cards],
                    "owners": list(house.owners),
                    "locked": house.locked,
                }
                for house in view.houses
            ],
        },
        "piles": [[str(card) for card in pile] for pile in view.piles],
        "seeps": [{"seat": s.seat, "play": s.play, "points": s.points} for s in view.seeps],
        "last_capture": view.last_capture,
        "plays": view.plays,
        "redeals": view.redeals,
        "history": history_to_list(view.history),
    }


def view_from_dict(doc: Mapping[str, Any], *, variant: Variant | None = None) -> View:
    """Load and validate a view document.

    A view loads only if it is the view of a state that
    :func:`seep.state_from_dict` loads: the same checks, on what the seat
    sees, and some deal of the unseen cards meets the constraints on the
    hidden hands (R3.2, R2.3, R2.4). Houses and owners are put in canonical
    order, as :func:`observe` gives them. ``history`` is optional: without
    it the view's history is unknown.

    >>> import json
    >>> from seep import new_deal
    >>> from seep.views import observe, view_from_dict, view_to_dict
    >>> view = observe(new_deal("standard", seed=10), 1)
    >>> view_from_dict(json.loads(json.dumps(view_to_dict(view)))) == view
    True
    >>> doc = view_to_dict(view)
    >>> del doc["history"]
    >>> list(view_from_dict(doc).history)
    [Unknown(plays=0)]

    >>> from seep import new_deal
    >>> doc = view_to_dict(observe(new_deal("standard", seed=10), 0))
    >>> doc["stock_count"] = 43
    >>> view_from_dict(doc)
    Traceback (most recent call last):
    ...
    seep.errors.InvalidStateError: stock_count: after 0 plays 44 cards are undealt, not 43
    """
    read = Reader()
    doc = read.mapping(doc, "document")
    if doc.get("format", VIEW_FORMAT) != VIEW_FORMAT:
        raise InvalidStateError("format", f"expected {VIEW_FORMAT!r}")
    for key in (
        "variant",
        "seat",
        "dealer",
        "phase",
        "to_move",
        "bid",
        "hand",
        "hand_counts",
        "stock_count",
        "floor",
        "piles",
        "seeps",
        "last_capture",
        "plays",
    ):
        read.get(doc, key)
    try:
        if variant is None and not isinstance(doc["variant"], str):
            raise TypeError
        rules = variant or get_variant(doc["variant"])
    except (KeyError, TypeError):
        raise InvalidStateError("variant", f"unknown variant {excerpt(doc['variant'])}") from None
    players = rules.players
    seat = read.integer(doc["seat"], "seat", 0, players - 1)
    phase = Phase(read.word(doc["phase"], "phase", tuple(phase.value for phase in Phase)))
    hand = read.card_set(doc["hand"], "hand")
    counts = tuple(
        read.integer(c, f"hand_counts[{i}]", 0, 24)
        for i, c in enumerate(read.sequence(doc["hand_counts"], "hand_counts", players))
    )
    if counts[seat] != len(hand):
        raise InvalidStateError("hand_counts", f"seat {seat} holds {len(hand)} cards")
    floor = read.mapping(doc["floor"], "floor")
    loose_doc = read.get(floor, "loose", "floor.")
    loose = None if loose_doc is None else read.card_set(loose_doc, "floor.loose")
    houses = []
    house_index: dict[int, int] = {}  # a house's place in the document, by value
    for index, item in enumerate(
        read.sequence(read.get(floor, "houses", "floor."), "floor.houses")
    ):
        field = f"floor.houses[{index}]"
        item = read.mapping(item, field)
        value = read.integer(read.get(item, "value", field + "."), field + ".value", 9, 13)
        cards = read.card_set(read.get(item, "cards", field + "."), field + ".cards")
        owners = tuple(
            read.integer(o, f"{field}.owners[{i}]", 0, players - 1)
            for i, o in enumerate(
                read.sequence(read.get(item, "owners", field + "."), field + ".owners")
            )
        )
        if seat in owners and not hand.mask & VALUE_MASKS[value]:
            raise InvalidStateError(
                field + ".owners", f"R3.2: seat {seat} holds no card of {value}"
            )
        if value in house_index:
            raise InvalidStateError(field + ".value", f"R5.1: two houses of {value}")
        house_index[value] = index
        houses.append(House(value=value, cards=cards, owners=tuple(sorted(owners))))
    piles = tuple(
        read.card_set(p, f"piles[{t}]")
        for t, p in enumerate(read.sequence(doc["piles"], "piles", rules.teams))
    )
    seeps = tuple(
        SeepRecord(
            seat=read.integer(
                read.get(s, "seat", f"seeps[{i}]."), f"seeps[{i}].seat", 0, players - 1
            ),
            play=read.integer(
                read.get(s, "play", f"seeps[{i}]."), f"seeps[{i}].play", 1, rules.plays_per_deal
            ),
            points=read.integer(
                read.get(s, "points", f"seeps[{i}]."),
                f"seeps[{i}].points",
                -POINTS_LIMIT,
                POINTS_LIMIT,
            ),
        )
        for i, s in (
            (i, read.mapping(item, f"seeps[{i}]"))
            for i, item in enumerate(read.sequence(doc["seeps"], "seeps"))
        )
    )
    if "face_up" in floor and floor["face_up"] is not (loose is not None):
        raise InvalidStateError(
            "floor.face_up", "true exactly when floor.loose lists the cards (null: face down)"
        )
    plays = read.integer(doc["plays"], "plays", 0, rules.plays_per_deal)
    floor_count = read.integer(
        read.get(floor, "count", "floor.") if loose is None else floor.get("count", len(loose)),
        "floor.count",
        0 if loose is None else len(loose),
        52 if loose is None else len(loose),
    )
    view = View(
        variant=rules,
        seat=seat,
        dealer=read.integer(doc["dealer"], "dealer", 0, players - 1),
        phase=phase,
        to_move=read.integer(doc["to_move"], "to_move", 0, players - 1, optional=True),
        bid=read.integer(doc["bid"], "bid", 9, 13, optional=True),
        hand=hand,
        hand_counts=counts,
        stock_count=read.integer(doc["stock_count"], "stock_count", 0, 52),
        loose=loose,
        floor_count=floor_count,
        houses=tuple(sorted(houses, key=lambda house: house.value)),  # as in states (R5.1)
        piles=piles,
        seeps=seeps,
        last_capture=read.integer(
            doc["last_capture"], "last_capture", 0, players - 1, optional=True
        ),
        plays=plays,
        redeals=read.integer(doc.get("redeals", 0), "redeals", 0, 1 << 62),
        history=(Unknown(plays),)
        if doc.get("history") is None
        else history_from_list(doc["history"], players),
    )
    check_view(view, house_index=house_index)
    from seep._checks.view_history import check_history  # it reads views: imported once they exist

    check_history(view)
    return view

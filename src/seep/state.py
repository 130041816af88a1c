"""The immutable state of one deal: hands, stock, floor, houses, piles (the JSON documents).

States are frozen, hashable values. They are made by :func:`seep.new_deal`,
:func:`seep.apply_move` and :func:`seep.state_from_dict`; building one by
hand is possible but unchecked (use :func:`seep.state_from_dict` to validate
a position).

>>> from seep import new_deal
>>> state = new_deal("standard", seed=7)
>>> state.phase, state.to_move, state.bidder, len(state.hands[state.bidder])
(Phase.BID, 1, 1, 4)
>>> state.face_up, len(state.loose), len(state.stock)
(False, 4, 44)
>>> import copy
>>> copy.deepcopy(state) is state
True
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from seep._engine.bits import VALUE_MASKS, mask_total
from seep._engine.schedule import first_to_play
from seep._picture.board import state_board, state_line
from seep._util.excerpt import excerpt
from seep.cards import Card, CardSet
from seep.errors import InputError
from seep.history import History, SeepRecord
from seep.variants import Variant

__all__ = ["House", "Phase", "SeepRecord", "State"]


class Phase(str, enum.Enum):
    """Where a deal stands: before the bid, in play, or over (the JSON field ``phase``).

    >>> from seep import Phase, apply_move, new_deal, parse_move
    >>> state = new_deal("standard", seed=10)
    >>> state.phase, apply_move(state, parse_move("bid 12")).phase
    (Phase.BID, Phase.PLAY)
    >>> str(Phase.OVER), Phase("over") is Phase.OVER
    ('over', True)
    """

    BID = "bid"
    PLAY = "play"
    OVER = "over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    def __str__(self) -> str:
        return self.value


# Reading a member off an enum class (Phase.OVER) takes about 165 ns on
# Python 3.11, a module global 12 ns. The members read on every play are read
# once into module globals (here, in seep.rules and in seep._engine.generate):
# together worth 3.6% of legal_moves/s and 2.5% of deals/s.
_OVER = Phase.OVER


@attrs.frozen(kw_only=True)
class House:
    """A house (*ghar*) of value 9..13 with its cards and owners (R5).

    Whether it is locked is derived from the cards (R5.5).

    >>> from seep import CardSet, House
    >>> open_house = House(value=9, cards=CardSet.parse("4S 5H"), owners=(1,))
    >>> open_house.locked, House(value=9, cards=CardSet.parse("4S 5H 9D"), owners=(1,)).locked
    (False, True)
    """

    value: int
    cards: CardSet
    owners: tuple[int, ...]

    @property
    def locked(self) -> bool:
        """True once the cards sum to two or more times the value (R5.5)."""
        return mask_total(self.cards.mask) != self.value

    def is_owned_by(self, seat: int) -> bool:
        """True if ``seat`` is one of the owners."""
        return seat in self.owners

    def __copy__(self) -> House:
        return self

    def __deepcopy__(self, memo: object) -> House:
        return self

    def __str__(self) -> str:
        """A compact form in card notation, for logs.

        >>> from seep import CardSet, House
        >>> print(House(value=9, cards=CardSet.parse("4S 5H 9D"), owners=(1, 3)))
        [9 locked: 4S 5H 9D owners 1,3]
        """
        locked = " locked" if self.locked else ""
        owners = ",".join(map(str, self.owners))
        return f"[{self.value}{locked}: {self.cards} owners {owners}]"


def _summary(position: Any, face_up: bool, floor_count: int) -> str:
    """Where a deal stands in a few words, for the ``repr`` of states and views.

    ``position`` is a state or a view (both have these fields).
    """
    phase = position.phase
    words = [position.variant.name]
    if phase is Phase.BID:
        words.append("bidding")
    elif phase is Phase.PLAY:
        words.append(f"play {position.plays}/{position.variant.plays_per_deal}")
    else:
        words.append("over")
    if position.bid is not None:
        words.append(f"bid {position.bid}")
    parts = [" ".join(words)]
    if position.to_move is not None:
        parts.append(f"seat {position.to_move} to {'bid' if phase is Phase.BID else 'play'}")
    cards = f"{floor_count} card{'s' if floor_count != 1 else ''}"
    parts.append(f"floor {cards}" + ("" if face_up else " face down"))
    houses = len(position.houses)
    if houses:
        parts.append(f"{houses} house{'s' if houses != 1 else ''}")
    return ", ".join(parts)


@attrs.frozen(kw_only=True, cache_hash=True, weakref_slot=False)
class State:
    """One moment of a deal. Field names follow the JSON documents.

    ``hands`` and ``piles`` are tuples of :class:`~seep.cards.CardSet` (one
    per seat, one per team), ``stock`` the undealt cards in dealing order,
    ``houses`` sorted by value, ``redeals`` the automatic redeals made before
    this deal (R2.3). ``history`` is the deal so far (:mod:`seep.history`);
    it takes no part in equality or hashing (states with the same position
    are equal whatever led to them), and a state made without one (loaded
    from a document) has an unknown history,
    :meth:`History.unknown(plays) <seep.history.History.unknown>`.

    >>> from seep import apply_move, new_deal, parse_move, state_from_dict, state_to_dict
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    >>> state.to_move, state.bid, state.hands[1], state.loose, len(state.stock)
    (1, 12, CardSet('6D TH JS QC'), CardSet('AH 5S 9S JD'), 44)
    >>> loaded = state_from_dict(state_to_dict(state))
    >>> loaded == state, list(loaded.history)
    (True, [Unknown(plays=0)])
    """

    variant: Variant
    dealer: int
    phase: Phase
    to_move: int | None
    bid: int | None
    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    face_up: bool
    loose: CardSet
    houses: tuple[House, ...]
    piles: tuple[CardSet, ...]
    seeps: tuple[SeepRecord, ...]
    last_capture: int | None
    plays: int
    redeals: int = 0
    history: History = attrs.field(
        default=attrs.Factory(lambda self: History.unknown(self.plays), takes_self=True),
        eq=False,
        repr=False,
    )
    _legal_cache: Any = attrs.field(default=None, init=False, eq=False, repr=False)

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    @property
    def bidder(self) -> int:
        """The seat after the dealer (R2.1); in taash, the first to play."""
        return first_to_play(self.dealer, len(self.hands))

    @property
    def is_over(self) -> bool:
        """True once every card has been played and the floor swept up (R9)."""
        return self.phase is _OVER

    @property
    def hand(self) -> CardSet:
        """The hand of the seat to move (empty when the deal is over)."""
        return self.hands[self.to_move] if self.to_move is not None else CardSet()

    def house(self, value: int) -> House | None:
        """The house of ``value``, or ``None`` (R5.1: at most one per value)."""
        for house in self.houses:
            if house.value == value:
                return house
        return None

    def team_of(self, seat: int) -> int:
        """The team of ``seat`` (R1.4)."""
        return self.variant.team_of(seat)

    @property
    def floor_cards(self) -> CardSet:
        """Every card on the floor: the loose cards and the houses' cards."""
        mask = self.loose.mask
        for house in self.houses:
            mask |= house.cards.mask
        return CardSet(mask)

    def owner_holds_value(self, seat: int, value: int) -> bool:
        """True if ``seat`` holds a card of capture ``value`` (the R3.2 test)."""
        return bool(self.hands[seat].mask & VALUE_MASKS[value])

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: object) -> State:
        return self

    def __getstate__(self) -> dict[str, Any]:
        # The fields only: a pickled state never carries what was cached on it.
        return {name: getattr(self, name) for name in _PICKLED}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        for name in _CACHED:
            object.__setattr__(self, name, None)

    def __repr__(self) -> str:
        """One line: the variant, where the deal stands, the floor (the fields: :func:`seep.state_to_dict`).

        >>> from seep import new_deal
        >>> new_deal("standard", seed=7)
        <State standard bidding, seat 1 to bid, floor 4 cards face down>
        """
        return "<State " + _summary(self, self.face_up, len(self.loose)) + ">"

    def _repr_svg_(self) -> str:
        """The picture of the table, every hand shown (Jupyter shows it; :func:`seep.svg.state_svg`)."""
        from seep._picture.table import draw_state

        return draw_state(self)

    def __str__(self) -> str:
        """The board, every hand shown: what ``seep show`` prints (:func:`seep.render.state_text`).

        >>> from seep import apply_move, new_deal, parse_move
        >>> print(apply_move(new_deal("standard", seed=10), parse_move("bid 12")))
        standard  play 0/48  dealer seat 0  bid 12  to move: seat 1  phase: play
        Floor: A♥ 5♠ 9♠ J♦
          seat 0 (team 0): -
          seat 1 (team 1): 6♦ 10♥ J♠ Q♣  <- to move
          seat 2 (team 0): -
          seat 3 (team 1): -
        Stock: 44 cards
        Score: team 0: 0 card pts + 0 seep pts (0 cards) | team 1: 0 card pts + 0 seep pts (0 cards)
        """
        return state_board(self)

    def __format__(self, spec: str) -> str:
        """``format(state)`` is the board (``str(state)``); ``format(state, "compact")`` one line.

        The compact form is the whole position in card notation, for logs:
        the variant and play count; dealer, bid and turn; the floor (houses
        in brackets); the hands seat by seat; the stock; the score so far.

        >>> from seep import apply_move, new_deal, parse_move
        >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
        >>> print(f"{state:compact}")
        standard play 0/48; dealer 0, bid 12, seat 1 to play; floor AH 5S 9S JD; hands - / 6D TH JS QC / - / -; stock 44; team 0: 0 card pts + 0 seep pts, team 1: 0 card pts + 0 seep pts
        """
        if spec == "compact":
            return state_line(self)
        if spec == "":
            return state_board(self)
        raise InputError(
            f"a state is formatted as '' (the board) or 'compact' (one line), not {excerpt(spec)}",
            field="format_spec",
        )


# What a pickled state holds: its fields. Left out, and None once unpickled: every
# other slot, the caches (the fields that are not arguments) and attrs' cached hash.
_PICKLED = tuple(field.name for field in attrs.fields(State) if field.init)
_CACHED = tuple(name for name in State.__slots__ if name not in _PICKLED)  # type: ignore[attr-defined]

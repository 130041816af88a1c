"""What happened in a deal so far: the public history and each seat's view of it.

Every :class:`~seep.state.State` carries its :attr:`~seep.state.State.history`:
a persistent :class:`History`, one linked node per entry with a pointer to
its parent, so that a move adds one node in constant time and every state of
a deal shares the nodes of the states before it. The entries are small
frozen values, in the order things happened:

* :class:`Dealt`: a packet of cards dealt to a seat or to the floor (R2.2,
  R2.7, R2.9, R11.1, R11.2), with its cards;
* :class:`Played`: a move (the bid, or a card played with what it took,
  built or raised: every move shows its cards);
* :class:`FloorTurned`: the face-down floor turned up after the bid (R2.5);
* :class:`~seep.state.SeepRecord`: a seep made by the move just before (R4.5);
* :class:`Unknown`: the history before this point is not known (a state
  loaded from a document, which holds no history, starts with one).

A state's history is complete: it names the cards of every packet. A seat's
*action-observation history* (:func:`seen_by`, and
:attr:`View.history <seep.views.View.history>`) is the same sequence with
what that seat did not see hidden: another seat's packets and a face-down
floor packet keep their count and lose their cards (``cards`` is ``None``).

Two states with the same position are equal whatever their histories
(``history`` does not take part in ``State.__eq__`` or ``hash``), as two
chess positions are equal whatever the moves that led to them; views compare
their histories.

>>> from seep import new_deal, apply_move, parse_move
>>> from seep.history import history_text, seen_by
>>> state = new_deal("standard", seed=10)
>>> state = apply_move(state, parse_move("bid 12"))
>>> len(state.history), state.history.known
(4, True)
>>> print(history_text(seen_by(state.history, 0)))
dealt 1: 4 cards
dealt floor: 4 cards face down
1: bid 12
floor turned: AH 5S 9S JD
>>> print(history_text(seen_by(state.history, 1)).splitlines()[0])
dealt 1: 6D TH JS QC
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TypeAlias

import attrs

from seep._documents.move_json import move_from_dict, move_to_dict
from seep._documents.reader import Reader
from seep._engine.encoding import BUILD as _BUILD
from seep._engine.encoding import RAISE as _RAISE
from seep._engine.encoding import TAKE as _TAKE
from seep._engine.encoding import THROW as _THROW
from seep._engine.encoding import move_code
from seep._engine.schedule import PACKET
from seep._util.deprecation import renamed_names
from seep._util.excerpt import excerpt
from seep._util.limits import POINTS_LIMIT
from seep.cards import Card, CardSet, from_mask
from seep.errors import InvalidStateError
from seep.moves import Bid, Build, Move, Raise, Take, Throw

__all__ = [
    "Dealt",
    "Entry",
    "FloorTurned",
    "History",
    "Played",
    "Unknown",
    "history_from_list",
    "history_text",
    "history_to_list",
    "seen_by",
]


@attrs.frozen(kw_only=True)
class SeepRecord:
    """A seep (R4.5): who made it, at which play count, for how many points.

    A state's ``seeps`` hold them, and a history holds each right after the
    move that made it (also importable from :mod:`seep.state`).

    >>> from seep import apply_move, parse_move
    >>> from seep.testing import position
    >>> state = apply_move(position(hand="9S 4H", loose="4C 5D"), parse_move("take 9S 4C 5D"))
    >>> state.seeps
    (SeepRecord(seat=0, play=41, points=50),)
    >>> list(state.history)[-1] == state.seeps[0]
    True
    """

    seat: int
    play: int
    points: int


@attrs.frozen
class Dealt:
    """A packet dealt: ``count`` cards to seat ``to`` (``None``: the floor).

    ``cards`` is ``None`` when the seat whose history this is did not see
    them (another seat's packet, a face-down floor). ``face_up`` is true for a
    floor dealt face up (R11.1).

    >>> from seep import new_deal
    >>> from seep.history import seen_by
    >>> state = new_deal("standard", seed=10)
    >>> list(state.history)[0]
    Dealt(to=1, count=4, cards=CardSet('6D TH JS QC'), face_up=False)
    >>> list(seen_by(state.history, 0))[0]  # seat 0 does not see seat 1's packet
    Dealt(to=1, count=4, cards=None, face_up=False)
    """

    to: int | None
    count: int
    cards: CardSet | None
    face_up: bool = False


@attrs.frozen
class Played:
    """Seat ``seat`` made ``move`` (a bid, or a card played).

    >>> from seep import apply_move, new_deal, parse_move
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    >>> list(state.history)[2]
    Played(seat=1, move=Bid(value=12))
    """

    seat: int
    move: Move


@attrs.frozen
class FloorTurned:
    """The floor cards turned face up after the bid (R2.5).

    >>> from seep import apply_move, new_deal, parse_move
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    >>> list(state.history)[-1]
    FloorTurned(cards=CardSet('AH 5S 9S JD'))
    """

    cards: CardSet


@attrs.frozen
class Unknown:
    """The history of the deal up to ``plays`` cards played is not known.

    >>> from seep import new_deal, state_from_dict, state_to_dict
    >>> loaded = state_from_dict(state_to_dict(new_deal("standard", seed=10)))
    >>> list(loaded.history)  # a document holds no history
    [Unknown(plays=0)]
    """

    plays: int


#: One entry of a history.
Entry: TypeAlias = Dealt | Played | FloorTurned | SeepRecord | Unknown


class _Dealing:
    """The packets dealt after one move, kept compactly: the stock before, how many, the hands after.

    Both tuples are the states' own (shared); the packets are made when read.
    """

    __slots__ = ("count", "hands", "stock")

    def __init__(self, stock: tuple[Card, ...], count: int, hands: tuple[CardSet, ...]) -> None:
        self.stock = stock
        self.count = count
        self.hands = hands

    def packets(self) -> list[Dealt]:
        """The packets in dealing order (R2.7, R2.9, R11.2: four cards each)."""
        masks = [hand.mask for hand in self.hands]
        found: list[Dealt] = []
        run: list[Card] = []
        to = -1
        for card in self.stock[: self.count]:
            seat = next(s for s, mask in enumerate(masks) if mask >> card & 1)
            if run and (seat != to or len(run) == PACKET):
                found.append(Dealt(to, len(run), CardSet.of(run)))
                run = []
            to = seat
            run.append(card)
        if run:
            found.append(Dealt(to, len(run), CardSet.of(run)))
        return found


def _decode(code: int) -> Move:
    kind = code & 7
    card = Card((code >> 3) & 63)
    value = (code >> 9) & 15
    if kind == _THROW:
        return Throw(card=card)
    if kind == _TAKE:
        return Take(card=card, loose=from_mask(code >> 13), house=value or None)
    if kind == _BUILD:
        return Build(card=card, loose=from_mask(code >> 13), value=value)
    if kind == _RAISE:
        return Raise(card=card, house=value)
    return Bid(value=value)


class History:
    """A persistent sequence of entries: a node with its last step and its parent.

    ``len`` (the number of entries) is constant time; iterating walks the
    parents (linear). Two histories are equal if their entries are. A node
    holds one step: an entry, or a move (read as :class:`Played`), or the
    packets dealt after a move (read as several :class:`Dealt` entries).

    >>> from seep import Bid, CardSet
    >>> from seep.history import Dealt, History, Played
    >>> start = History.start([Dealt(0, 4, CardSet.parse("AS 2S 3S 4S"))])
    >>> later = start.extend(Played(0, Bid(value=9)))
    >>> len(start), len(later), later.parent is start, later.last
    (1, 2, True, Played(seat=0, move=Bid(value=9)))
    """

    __slots__ = ("_item", "_length", "_parent", "_seat")

    #: The history without this node's step.
    _parent: History | None
    #: The step: an entry, a move's code (``seep._engine.encoding.encode_move``) or the packets dealt after a move.
    _item: Entry | int | _Dealing | None
    #: The number of entries up to this node (``len``).
    _length: int
    #: The seat that made the move of a move's code.
    _seat: int

    def __init__(
        self,
        parent: History | None,
        item: Entry | int | _Dealing | None,
        seat: int = 0,
        size: int = 1,
    ) -> None:
        self._parent = parent
        self._item = item
        self._length = 0 if parent is None else parent._length + size
        self._seat = seat

    @classmethod
    def start(cls, entries: Sequence[Entry] = ()) -> History:
        """A history holding ``entries`` in order."""
        return _EMPTY.extend(*entries)

    @classmethod
    def unknown(cls, plays: int) -> History:
        """The history of a state whose first ``plays`` cards are not known (one shared node).

        >>> from seep.history import History
        >>> History.unknown(5).entries(), History.unknown(5).known
        ((Unknown(plays=5),), False)
        """
        return _UNKNOWN[plays] if 0 <= plays < len(_UNKNOWN) else History(_EMPTY, Unknown(plays))

    def extend(self, *entries: Entry) -> History:
        """This history followed by ``entries`` (this one is unchanged)."""
        node = self
        for entry in entries:
            node = History(node, entry)
        return node

    @property
    def parent(self) -> History | None:
        """The history without its last step (``None`` for the empty history).

        A step is one entry, except the packets dealt after a move, which
        are one step.
        """
        return self._parent

    @property
    def last(self) -> Entry | None:
        """The last entry (``None`` for the empty history)."""
        return self._step()[-1] if self._parent is not None else None

    @property
    def known(self) -> bool:
        """False if the history starts with :class:`Unknown`."""
        return not self or not isinstance(self.entries()[0], Unknown)

    def _step(self) -> list[Entry]:
        item = self._item
        if isinstance(item, _Dealing):
            return [*item.packets()]
        if isinstance(item, (Dealt, Played, FloorTurned, SeepRecord, Unknown)):
            return [item]
        assert type(item) is int
        return [Played(self._seat, _decode(item))]

    def entries(self) -> tuple[Entry, ...]:
        """The entries, oldest first."""
        steps: list[list[Entry]] = []
        node: History | None = self
        while node is not None and node._parent is not None:
            steps.append(node._step())
            node = node._parent
        steps.reverse()
        return tuple(entry for step in steps for entry in step)

    def entries_after(self, earlier: History) -> tuple[Entry, ...] | None:
        """The entries added since ``earlier``, if this history continues it, else ``None``.

        >>> from seep import apply_move, legal_moves, new_deal
        >>> state = new_deal("standard", seed=1)
        >>> after = apply_move(state, legal_moves(state)[0])
        >>> after.history.entries_after(state.history)
        (Played(seat=1, move=Bid(value=10)), FloorTurned(cards=CardSet('AD 3C 5C TD')))
        >>> state.history.entries_after(after.history) is None
        True
        """
        steps: list[list[Entry]] = []
        node: History | None = self
        size = len(earlier)
        while node is not None and node is not earlier and len(node) > size:
            steps.append(node._step())
            node = node._parent
        if node is not earlier:
            return None
        steps.reverse()
        return tuple(entry for step in steps for entry in step)

    def moves(self) -> tuple[Move, ...]:
        """The moves in the history, in order."""
        return tuple(entry.move for entry in self.entries() if isinstance(entry, Played))

    def __len__(self) -> int:
        return self._length

    def __bool__(self) -> bool:
        return self._parent is not None

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return self is other or (len(self) == len(other) and self.entries() == other.entries())

    def __hash__(self) -> int:
        return hash(self.entries())

    def __repr__(self) -> str:
        return f"History.start({list(self.entries())!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # A module-level function, found by name: cloudpickle would copy a
        # classmethod's code by value, without this module's globals.
        return (_history_of, (self.entries(),))

    def __copy__(self) -> History:
        return self

    def __deepcopy__(self, memo: object) -> History:
        return self


_EMPTY = History(None, None)


_UNKNOWN = tuple(History(_EMPTY, Unknown(plays)) for plays in range(49))


def _history_of(entries: Sequence[Entry]) -> History:
    """The history of ``entries`` (what an unpickled history is rebuilt with)."""
    return History.start(entries)


def after_move(
    history: History,
    seat: int,
    move: Move,
    *,
    turned: CardSet | None = None,
    seep: SeepRecord | None = None,
    stock: tuple[Card, ...] = (),
    dealt: int = 0,
    hands: tuple[CardSet, ...] = (),
) -> History:
    """``history`` after ``seat`` made ``move``, and what followed it (for the transition).

    ``turned``: the floor turned up by the bid (R2.5); ``seep``: the seep the
    move made (R4.5); ``dealt``: how many cards of ``stock`` (the stock
    before the move) were then dealt into ``hands`` (the hands after it,
    R2.7, R2.9, R11.2). Constant time: a move is one node holding its code.
    """
    node = History(history, move_code(move), seat)  # type: ignore[arg-type]
    if turned is not None:
        node = History(node, FloorTurned(turned))
    elif seep is not None:
        node = History(node, seep)
    if dealt:
        node = History(node, _Dealing(stock, dealt, hands), size=_packet_count(stock, dealt, hands))
    return node


def _packet_count(stock: tuple[Card, ...], dealt: int, hands: tuple[CardSet, ...]) -> int:
    """How many packets dealing ``dealt`` cards of ``stock`` into ``hands`` made, without making them.

    Packets of four go round the seats (R2.7, R2.9), so each seat's cards
    make ``ceil(n / 4)`` of them; :meth:`_Dealing.packets` splits them alike.
    """
    mask = 0
    for card in stock[:dealt]:
        mask |= 1 << card
    return sum(((hand.mask & mask).bit_count() + 3) // 4 for hand in hands)


def seen_by(history: History | Sequence[Entry], seat: int | None) -> tuple[Entry, ...]:
    """The action-observation history of ``seat``: what it did not see loses its cards.

    ``seat=None`` gives the public history (what everyone saw: every hand's
    packets as counts).

    >>> from seep.history import seen_by
    >>> from seep import new_deal
    >>> history = new_deal("taash", seed=1).history
    >>> [entry.cards for entry in seen_by(history, 1)][:3]      # taash: the floor is face up
    [CardSet('3H 6D TH KH'), CardSet('AD 3C 5C TD'), None]
    >>> [entry.cards for entry in seen_by(history, None)][:3]
    [CardSet('3H 6D TH KH'), None, None]
    """
    entries = history.entries() if isinstance(history, History) else history
    return tuple(
        Dealt(entry.to, entry.count, None, entry.face_up)
        if type(entry) is Dealt
        and entry.cards is not None
        and (entry.to != seat if entry.to is not None else not entry.face_up)
        else entry
        for entry in entries
    )


# -- text and JSON ----------------------------------------------------------------


def _cards_text(entry: Dealt) -> str:
    if entry.cards is not None:
        return str(entry.cards)
    return f"{entry.count} cards" + (" face down" if entry.to is None and not entry.face_up else "")


def history_text(entries: History | Sequence[Entry]) -> str:
    """One line per entry: ``dealt 2: 4 cards``, ``3: take 9S 4H``, ``seep 3: 50``...

    >>> from seep import Bid
    >>> from seep.history import Played, Unknown, history_text
    >>> print(history_text([Unknown(3), Played(1, Bid(value=9))]))
    unknown until play 3
    1: bid 9
    """
    lines = []
    for entry in entries.entries() if isinstance(entries, History) else entries:
        if isinstance(entry, Dealt):
            to = "floor" if entry.to is None else str(entry.to)
            lines.append(f"dealt {to}: {_cards_text(entry)}")
        elif isinstance(entry, Played):
            lines.append(f"{entry.seat}: {entry.move}")
        elif isinstance(entry, FloorTurned):
            lines.append(f"floor turned: {entry.cards}")
        elif isinstance(entry, SeepRecord):
            lines.append(f"seep {entry.seat}: {entry.points} at play {entry.play}")
        else:
            lines.append(f"unknown until play {entry.plays}")
    return "\n".join(lines)


def _card_list(cards: CardSet) -> list[str]:
    return [str(card) for card in cards]


def history_to_list(entries: History | Sequence[Entry]) -> list[dict[str, Any]]:
    """The JSON form: one object per entry, with a ``kind``.

    >>> from seep import Bid
    >>> from seep.history import Dealt, Played, history_to_list
    >>> history_to_list([Dealt(None, 4, None), Played(1, Bid(value=9))])
    [{'kind': 'dealt', 'to': None, 'count': 4, 'cards': None, 'face_up': False}, {'kind': 'played', 'seat': 1, 'move': {'kind': 'bid', 'value': 9}}]
    """
    result: list[dict[str, Any]] = []
    for entry in entries.entries() if isinstance(entries, History) else entries:
        if isinstance(entry, Dealt):
            cards = None if entry.cards is None else _card_list(entry.cards)
            result.append(
                {
                    "kind": "dealt",
                    "to": entry.to,
                    "count": entry.count,
                    "cards": cards,
                    "face_up": entry.face_up,
                }
            )
        elif isinstance(entry, Played):
            result.append({"kind": "played", "seat": entry.seat, "move": move_to_dict(entry.move)})
        elif isinstance(entry, FloorTurned):
            result.append({"kind": "floor_turned", "cards": _card_list(entry.cards)})
        elif isinstance(entry, SeepRecord):
            result.append(
                {"kind": "seep", "seat": entry.seat, "play": entry.play, "points": entry.points}
            )
        else:
            result.append({"kind": "unknown", "plays": entry.plays})
    return result


def history_from_list(doc: object, players: int, field: str = "history") -> tuple[Entry, ...]:
    """Load the JSON form, naming the bad field (``history[3].seat``) on error.

    >>> from seep.history import history_from_list
    >>> history_from_list([{"kind": "unknown", "plays": 2}], 4)
    (Unknown(plays=2),)
    >>> history_from_list([{"kind": "played", "seat": 7, "move": {"kind": "bid", "value": 9}}], 4)
    Traceback (most recent call last):
    ...
    seep.errors.InvalidStateError: history[0].seat: expected an integer in 0..3, got 7
    """
    read = Reader()
    entries: list[Entry] = []
    for index, item in enumerate(read.sequence(doc, field)):
        name = f"{field}[{index}]"
        item = read.mapping(item, name)
        kind = read.get(item, "kind", name + ".")

        def get(key: str, item: Mapping[str, Any] = item, name: str = name) -> Any:
            return read.get(item, key, name + ".")

        if kind == "dealt":
            cards_doc = get("cards")
            cards = None if cards_doc is None else read.card_set(cards_doc, name + ".cards")
            count = read.integer(get("count"), name + ".count", 1, 52)
            face_up = get("face_up")
            if not isinstance(face_up, bool):
                raise InvalidStateError(
                    name + ".face_up", f"expected true or false, got {excerpt(face_up)}"
                )
            if cards is not None and len(cards) != count:
                raise InvalidStateError(name + ".count", f"{len(cards)} cards are listed")
            entries.append(
                Dealt(
                    read.integer(get("to"), name + ".to", 0, players - 1, optional=True),
                    count,
                    cards,
                    face_up,
                )
            )
        elif kind == "played":
            seat = read.integer(get("seat"), name + ".seat", 0, players - 1)
            try:
                move = move_from_dict(read.mapping(get("move"), name + ".move"))
            except InvalidStateError as error:
                raise InvalidStateError(f"{name}.move.{error.field}", error.reason) from None
            entries.append(Played(seat, move))
        elif kind == "floor_turned":
            entries.append(FloorTurned(read.card_set(get("cards"), name + ".cards")))
        elif kind == "seep":
            entries.append(
                SeepRecord(
                    seat=read.integer(get("seat"), name + ".seat", 0, players - 1),
                    play=read.integer(get("play"), name + ".play", 1, 48),
                    points=read.integer(
                        get("points"), name + ".points", -POINTS_LIMIT, POINTS_LIMIT
                    ),
                )
            )
        elif kind == "unknown":
            entries.append(Unknown(read.integer(get("plays"), name + ".plays", 0, 48)))
        else:
            raise InvalidStateError(
                name + ".kind",
                f"expected dealt, played, floor_turned, seep or unknown, not {excerpt(kind)}",
            )
    return tuple(entries)


__getattr__ = renamed_names(__name__, {"format_history": ("history_text", lambda: history_text)})

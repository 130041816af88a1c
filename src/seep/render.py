"""Text for people: cards with suit symbols, floors, hands, boards, score sheets.

Every function here is named for what it shows, then ``_text``: the same
pattern as the pictures of :mod:`seep.svg` (``state_text`` beside
``state_svg``). :func:`state_text` is the one state printer (with suit
symbols, as ``seep show`` and ``print(state)`` print it; ``symbols=False``
gives the same board in card notation); ``format(state, "compact")`` is the
state on one line, for logs. The ``str`` forms of the smaller values
(:class:`~seep.state.House`, the moves) are compact notation.

>>> from seep.cards import CardSet
>>> from seep.render import cards_text, move_text
>>> cards_text(CardSet.parse("AS TD KC"))
'A♠ 10♦ K♣'
>>> from seep import parse_move
>>> move_text(parse_move("take JS 5C 6H #11"))
'take J♠ 5♣ 6♥ #11'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import seep._picture.board as _board
from seep._util.arguments import check_instance
from seep._util.deprecation import renamed_names
from seep.cards import Card
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.state import House, State
from seep.views import View

__all__ = [
    "card_text",
    "cards_text",
    "house_text",
    "move_text",
    "seat_labels",
    "sheet_text",
    "state_text",
    "view_text",
]


def card_text(card: Card, *, symbols: bool = True) -> str:
    """``Card('TD')`` -> ``'10♦'`` (or ``'TD'`` without symbols).

    >>> from seep import Card
    >>> from seep.render import card_text
    >>> card_text(Card.parse("TD")), card_text(Card.parse("TD"), symbols=False)
    ('10♦', 'TD')
    """
    return _board.card_text(card, symbols)


def cards_text(cards: Iterable[Card], *, symbols: bool = True) -> str:
    """Cards separated by spaces, ``-`` for none.

    >>> from seep import CardSet
    >>> from seep.render import cards_text
    >>> cards_text(CardSet.parse("AS TD")), cards_text([])
    ('A♠ 10♦', '-')
    """
    return _board.cards_text(cards, symbols)


def move_text(move: Move, *, symbols: bool = True) -> str:
    """A move in notation, with suit symbols for people.

    >>> from seep import parse_move
    >>> from seep.render import move_text
    >>> move_text(parse_move("raise 2C #9")), move_text(parse_move("build 5H 6C =11"))
    ('raise 2♣ #9 (to 11)', 'build 5♥ 6♣ =11')
    >>> move_text(parse_move("throw TD"), symbols=False)
    'throw TD'
    """
    if isinstance(move, Bid) or not symbols:
        return str(move)
    card = card_text(move.card)
    if isinstance(move, Throw):
        return f"throw {card}"
    if isinstance(move, Raise):
        return f"raise {card} #{move.house} (to {move.new_value})"
    loose = f" {cards_text(move.loose)}" if move.loose else ""
    if isinstance(move, Take):
        house = f" #{move.house}" if move.house is not None else ""
        return f"take {card}{loose}{house}"
    assert isinstance(move, Build)
    return f"build {card}{loose} ={move.value}"


def house_text(
    house: House, *, seat_names: dict[int, str] | None = None, symbols: bool = True
) -> str:
    """``[9 open: 4♠ 5♥, owner seat 1]``; a locked house (R5.5) says ``locked``.

    >>> from seep.render import house_text
    >>> from seep.testing import position
    >>> houses = [(9, "4S 5H", [1]), (10, "TS TH", [1])]
    >>> state = position(hand="9S 4H", loose="5C", houses=houses)
    >>> house_text(state.houses[0])
    '[9 open: 4♠ 5♥, owner seat 1]'
    >>> house_text(state.houses[1], seat_names={1: "Bilal"}, symbols=False)
    '[10 locked: TS TH, owner Bilal]'
    """
    return _board.house_text(house, seat_names, symbols)


def seat_labels(view: View) -> dict[int, str]:
    """Every seat as the seat of ``view`` calls it: ``you``, ``partner``, ``opponent seat 1``.

    >>> from seep.render import seat_labels
    >>> from seep import new_deal
    >>> from seep.views import observe
    >>> seat_labels(observe(new_deal("standard", seed=1), 0))
    {0: 'you', 1: 'opponent seat 1', 2: 'partner', 3: 'opponent seat 3'}
    """
    team = view.variant.team_of(view.seat)
    return {
        seat: "you"
        if seat == view.seat
        else "partner"
        if view.variant.team_of(seat) == team
        else f"opponent seat {seat}"
        for seat in range(view.variant.players)
    }


def view_text(view: View, *, relative: bool = False) -> str:
    """What a seat sees, for a person sitting there.

    With ``relative`` the other seats are named from this seat's side
    (:func:`seat_labels`: house owners ``you``, ``partner``, ``opponent seat 1``)
    and a variant without a bid (taash, R11.2) shows none.

    >>> from seep import apply_move, new_deal, parse_move
    >>> from seep.render import view_text
    >>> from seep.views import observe
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    >>> print(view_text(observe(state, 1)))
    standard  play 0/48  dealer seat 0  bid 12  to move: you
    Floor: A♥ 5♠ 9♠ J♦
    Hands: seat 0: 0  seat 1 (you): 4  seat 2: 0  seat 3: 0  stock: 44
    Your hand: 6♦ 10♥ J♠ Q♣
    Score: team 0: 0 card pts + 0 seep pts (0 cards) | team 1: 0 card pts + 0 seep pts (0 cards)

    >>> print(view_text(observe(new_deal("taash", seed=2), 1), relative=True))
    taash  play 0/48  dealer seat 0  to move: you
    Floor: 3♥ 4♣ 6♥ 8♥
    Hands: seat 0 (opponent): 4  seat 1 (you): 4  seat 2 (opponent): 4  seat 3 (partner): 4  stock: 32
    Your hand: 2♠ 2♦ 7♦ K♣
    Score: team 0: 0 card pts + 0 seep pts (0 cards) | team 1: 0 card pts + 0 seep pts (0 cards)
    """
    check_instance(view, View, "view")
    bid = "-" if view.bid is None else str(view.bid)
    to_move = "you" if view.to_move == view.seat else f"seat {view.to_move}"
    names = seat_labels(view) if relative else None
    shows_bid = not relative or view.variant.opening.bids or view.bid is not None

    def hand_label(seat: int) -> str:
        if names is None:
            return f"seat {seat}{' (you)' if seat == view.seat else ''}"
        return f"seat {seat} ({names[seat].split(' seat ')[0]})"

    lines = [
        f"{view.variant.name}  play {view.plays}/{view.variant.plays_per_deal}  "
        f"dealer seat {view.dealer}  {f'bid {bid}  ' if shows_bid else ''}"
        f"to move: {to_move if view.to_move is not None else '-'}",
        *_board.floor_lines(view.loose, view.floor_count, view.houses, seat_names=names),
        "Hands: "
        + "  ".join(f"{hand_label(s)}: {n}" for s, n in enumerate(view.hand_counts))
        + f"  stock: {view.stock_count}",
        f"Your hand: {cards_text(view.hand)}",
        _board.score_line(view),
    ]
    return "\n".join(lines)


def state_text(state: State, *, symbols: bool = True) -> str:
    """Everything in a state, every hand shown: ``print(state)`` and ``seep show``.

    With ``symbols=False`` the cards are in card notation (``TD``, not
    ``10♦``): plain ASCII text.

    >>> from seep.render import state_text
    >>> from seep import new_deal
    >>> print(state_text(new_deal("standard", seed=7)))
    standard  play 0/48  dealer seat 0  bid -  to move: seat 1  phase: bid
    Floor: 4 cards face down
      seat 0 (team 0): -
      seat 1 (team 1): 3♦ 5♥ 8♣ 10♣  <- to move
      seat 2 (team 0): -
      seat 3 (team 1): -
    Stock: 44 cards
    Score: team 0: 0 card pts + 0 seep pts (0 cards) | team 1: 0 card pts + 0 seep pts (0 cards)
    >>> print(state_text(new_deal("standard", seed=7), symbols=False).splitlines()[3])
      seat 1 (team 1): 3D 5H 8C TC  <- to move
    """
    check_instance(state, State, "state")
    return _board.state_board(state, symbols)


def _format_state(state: State) -> str:
    """``state_text(state, symbols=False)``: the deprecated ``format_state``."""
    return state_text(state, symbols=False)


class _SheetLine(Protocol):
    """What :func:`sheet_text` reads of a row: the fields of :class:`seep.baazi.SheetRow`.

    Named by its fields, not imported, so that this module does not depend on :mod:`seep.baazi`.
    """

    @property
    def deal(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def bid(self) -> int | None: ...
    @property
    def cards(self) -> tuple[int, int]: ...
    @property
    def seeps(self) -> tuple[int, int]: ...
    @property
    def totals(self) -> tuple[int, int]: ...
    @property
    def lead(self) -> int: ...
    @property
    def banked(self) -> tuple[int, int]: ...


def sheet_text(rows: Iterable[_SheetLine]) -> str:
    """The score sheet (rows of :class:`seep.baazi.SheetRow`): cards and seeps in their own columns.

    The banked column appears only in matches that bank points (R11.6).

    >>> from seep import SheetRow
    >>> from seep.render import sheet_text
    >>> row = SheetRow(deal=1, dealer=0, bid=10, cards=(64, 36), seeps=(0, 0),
    ...                totals=(64, 36), lead=28, banked=(0, 0))
    >>> print(sheet_text([row]))
    deal dealer bid | team 0: cards seeps total | team 1: cards seeps total |  lead
       1      0  10 |             64     0    64 |             36     0    36 |    28
    """
    rows = list(rows)
    banking = any(row.banked != (0, 0) for row in rows)
    header = "deal dealer bid | team 0: cards seeps total | team 1: cards seeps total |  lead"
    lines = [header + ("  banked" if banking else "")]
    for row in rows:
        cards, seeps, totals = row.cards, row.seeps, row.totals
        bid = "-" if row.bid is None else str(row.bid)
        banked = f"  {row.banked[0]}-{row.banked[1]}" if banking else ""
        lines.append(
            f"{row.deal:>4} {row.dealer:>6} {bid:>3} |"
            f" {cards[0]:>14} {seeps[0]:>5} {totals[0]:>5} |"
            f" {cards[1]:>14} {seeps[1]:>5} {totals[1]:>5} |"
            f" {row.lead:>5}{banked}"
        )
    return "\n".join(lines)


__getattr__ = renamed_names(
    __name__,
    {
        "format_state": ("state_text(state, symbols=False)", lambda: _format_state),
        "render_sheet": ("sheet_text", lambda: sheet_text),
        "render_state": ("state_text", lambda: state_text),
        "render_view": ("view_text", lambda: view_text),
    },
)

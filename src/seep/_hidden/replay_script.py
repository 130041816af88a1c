"""Replaying one view's history on many deck orders: the table once, the hidden hands per deck.

:class:`seep.sampling.HistorySampler` replays the history's moves on every
deck order it proposes. The proposals fit the history's structure: the
viewer's cards and the turned floor are where the viewer saw them, every
other seat is dealt as many cards as it was, in the same packets. Once one
such deck got through every move, every other one that does reaches the
same table: the moves decide the floor, the houses (R5, R6, R7), the piles,
the seeps (R4.5) and whose turn it is. What changes from deck to deck is who
holds which hidden card, the order of the stock, and the cards of the
packets in the history.

A :class:`Script` keeps the states of that first replay and, for another
deck, works out the hands before each move from the deck's positions, asks
for the legality of each move on the first replay's table with the mover's
hand put in, and builds the final state (its history too) without running
the transition again. It is checked against the first replay when made: a
script that does not rebuild that replay's final state exactly is not used.

Before any replay got through, a :class:`Prefix` keeps the states of the
replay that went furthest, up to the move found illegal: another deck is
fully replayed only if every one of those moves is legal on it, asked the
same way (the moves before the first illegal one, on the same table, are
as far as any fitting deck's replay goes alike).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from seep._engine.bits import HIGH_MASK
from seep._engine.bypass import with_deal, with_hands
from seep._engine.generate import reads_house_values_only
from seep._engine.schedule import bidding_positions, first_to_play
from seep.cards import Card, CardSet, from_mask
from seep.history import Dealt, History, Played, _Dealing
from seep.moves import Bid, Move
from seep.rules import is_legal
from seep.state import State

# Masks that count the cards of each value in a hand, four bits per value.
_ODD_BITS = int("01" * 26, 2)
_PAIR_BITS = int("0011" * 13, 2)
# The most move legalities a sampler remembers.
REMEMBERED_MOVES = 50_000

# One node of the history as the script rebuilds it: what kind, its item, the deck
# position of an opening packet or the moves made before a dealing, seat, size.
_Step = tuple[int, object, int, int, int]
_SAME, _PACKET, _DEALING = range(3)


def value_key(index: int, hand: int, whole: bool = True) -> int:
    """The key of move ``index`` played from ``hand``: the index and how many cards of each value.

    Legality reads the played card (R3.1) and the values of the rest of the
    hand, not their suits (R1.1). With ``whole`` false, only the values of
    houses (9 to 13) count: where the engine's
    :func:`~seep._engine.generate.reads_house_values_only` says that is all
    the rules read (normal play); the bidder's first play (R2.6) and the
    taash opening round (R11.2) read every value.

    >>> from seep._hidden.replay_script import value_key
    >>> from seep.cards import CardSet
    >>> value_key(0, CardSet.parse("AS 5H").mask) == value_key(0, CardSet.parse("AD 5C").mask)
    True
    >>> value_key(0, CardSet.parse("AS 9H").mask, False) == value_key(0, CardSet.parse("5D 9C").mask, False)
    True
    """
    pairs = hand - (hand >> 1 & _ODD_BITS)
    counts = (pairs & _PAIR_BITS) + (pairs >> 2 & _PAIR_BITS)
    return index << 56 | (counts if whole else counts >> 32)


class Prefix:
    """The first moves of a view's history as one replay of them went: the legality of those
    moves on other fitting decks, without the transition.

    ``before``: the states before the first ``len(before)`` of the ``moves``,
    each with that move's seat to move (the replay may have found the last
    one illegal); ``dealt_to``: the seat dealt each dealt deck position
    (``-1``: the floor); ``viewer``: the seat whose view it is; ``legal``:
    the legalities remembered so far (by :func:`value_key`), shared.

    Once the moves before move ``k`` were legal, the table before move ``k``
    is the same in every fitting deck's replay, so a deck whose mover lacks
    the card, or holds values with which the move is not legal, at a move of
    the prefix is one the full replay would reject there.
    """

    def __init__(
        self,
        before: Sequence[State],
        moves: Sequence[Move],
        dealt_to: Sequence[int],
        viewer: int,
        legal: dict[int, bool] | None = None,
    ) -> None:
        self.legal: dict[int, bool] = {} if legal is None else legal
        self.length = len(before)
        first = before[0]
        players = len(first.hands)
        # R2.3: the bidder's opening cards, when hidden from the viewer (none without a bid).
        hidden = first_to_play(first.dealer, players) != viewer
        self._bid_positions = bidding_positions(first.variant, first.dealer) if hidden else ()
        # Per seat: its deck positions in dealing order.
        self._positions = [[p for p, to in enumerate(dealt_to) if to == s] for s in range(players)]
        # Per move of another seat: (index, seat, card bit, its positions dealt by then,
        # the cards it played before, whether every value counts, the move, the state before).
        self._checks: list[tuple[int, int, int, list[int], int, bool, Move, State]] = []
        played = [0] * players
        self._played_by: list[list[int]] = []  # per move count: the cards each seat had played
        for index, (move, state) in enumerate(zip(moves[: len(before)], before, strict=True)):
            seat = state.to_move
            assert seat is not None
            self._played_by.append(played[:])
            bit = 0 if isinstance(move, Bid) else 1 << move.card
            if seat != viewer:
                dealt = 52 - len(state.stock)
                spots = [p for p in self._positions[seat] if p < dealt]
                whole = not reads_house_values_only(state)
                self._checks.append((index, seat, bit, spots, played[seat], whole, move, state))
            played[seat] |= bit
        self._played_by.append(played[:])

    def holds(self, deck: Sequence[Card], *, legal: bool | None = None) -> bool:
        """Whether every move of the prefix is legal on a fitting ``deck`` (and R2.3 holds).

        ``legal``: the legality of a move not remembered yet (``None``: ask
        the rules).
        """
        if self._bid_positions and not any(HIGH_MASK >> deck[p] & 1 for p in self._bid_positions):
            return False  # R2.3: a void deal
        remembered = self.legal
        for index, seat, bit, spots, played, whole, move, state in self._checks:
            hand = 0
            for spot in spots:
                hand |= 1 << deck[spot]
            hand &= ~played
            if bit and not hand & bit:
                return False  # R3.1: the card was dealt to the seat too late
            key = value_key(index, hand, whole)
            allowed = remembered.get(key)
            if allowed is None:
                if legal is None:
                    hands = list(state.hands)
                    hands[seat] = from_mask(hand)
                    allowed = is_legal(with_hands(state, tuple(hands)), move)
                else:
                    allowed = legal
                if len(remembered) < REMEMBERED_MOVES:
                    remembered[key] = allowed
            if not allowed:
                return False
        return True


class Script(Prefix):
    """The first full replay of a view's history, to replay other fitting decks from.

    ``before``: the states before each of the ``moves``; ``final``: the
    state reached (with the view's redeals); ``deck``: the deck replayed;
    ``dealt_to``: the seat dealt each dealt deck position (``-1``: the
    floor); ``viewer``: the seat whose view it is; ``legal``: as for
    :class:`Prefix`.
    """

    def __init__(
        self,
        before: Sequence[State],
        final: State,
        moves: Sequence[Move],
        deck: Sequence[Card],
        dealt_to: Sequence[int],
        viewer: int,
        legal: dict[int, bool] | None = None,
    ) -> None:
        assert len(before) == len(moves)
        super().__init__(before, moves, dealt_to, viewer, legal)
        self.final = final
        self._steps = self._history_steps(final.history)
        # The first replay's moves were legal: remembered so, and its final state rebuilt.
        self.usable = self.replayed(deck, legal=True) == final

    @staticmethod
    def _history_steps(history: History) -> list[_Step]:
        """The nodes of ``history``, oldest first, as steps to rebuild them for another deck."""
        nodes: list[History] = []
        node: History | None = history
        while node is not None and node._parent is not None:
            nodes.append(node)
            node = node._parent
        steps: list[_Step] = []
        start = moves = 0
        for node in reversed(nodes):
            item = node._item
            parent = node._parent
            assert parent is not None
            size = node._length - parent._length
            if isinstance(item, Dealt):  # the opening packets, from the front of the deck
                steps.append((_PACKET, item, start, node._seat, size))
                start += item.count
            elif isinstance(item, _Dealing):  # packets dealt after move ``moves``
                steps.append((_DEALING, item, moves, node._seat, size))
            else:
                moves += type(item) is int or isinstance(item, Played)
                steps.append((_SAME, item, 0, node._seat, size))
        return steps

    def replayed(self, deck: Sequence[Card], *, legal: bool | None = None) -> State | None:
        """The final state of a fitting ``deck``, or ``None`` if a move is not legal on it.

        ``legal``: as for :meth:`Prefix.holds`.
        """
        if not self.holds(deck, legal=legal):
            return None
        final = self.final
        dealt = 52 - len(final.stock)
        return with_deal(
            final,
            hands=self._hands(deck, dealt, len(self._played_by) - 1),
            stock=tuple(deck[dealt:]),
            history=self._history(deck),
        )

    def _hands(self, deck: Sequence[Card], dealt: int, moves: int) -> tuple[CardSet, ...]:
        """Every hand once the first ``dealt`` deck positions are dealt and ``moves`` moves made."""
        hands: list[CardSet] = []
        for positions, played in zip(self._positions, self._played_by[moves], strict=True):
            mask = 0
            for spot in positions:
                if spot < dealt:
                    mask |= 1 << deck[spot]
            hands.append(from_mask(mask & ~played))
        return tuple(hands)

    def _history(self, deck: Sequence[Card]) -> History:
        """The history of the replay of ``deck``: the first replay's, with this deck's packets."""
        node = History.start()
        make: Callable[..., History] = History
        for kind, item, where, seat, size in self._steps:
            if kind == _PACKET:
                assert isinstance(item, Dealt)
                cards = CardSet.of(deck[where : where + item.count])
                item = Dealt(item.to, item.count, cards, item.face_up)
            elif kind == _DEALING:
                assert isinstance(item, _Dealing)
                before = 52 - len(item.stock)
                hands = self._hands(deck, before + item.count, where)
                item = _Dealing(tuple(deck[before:]), item.count, hands)
            node = make(node, item, seat, size)
        return node

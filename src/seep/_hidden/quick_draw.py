"""Consistent states for a search: the exact sampler's draw, each hidden hand checked as soon as it is dealt.

:meth:`seep.sampling.HistorySampler.deal` proposes a whole deck order (the
unseen cards shuffled, every other seat's played cards placed in its
packets), then checks it. A search wants many states of one view and no
deck: :class:`QuickDraw` draws from the same distribution, with less work:

* The other seats' hands are drawn one at a time (the last places of a
  Fisher-Yates shuffle of the unseen cards, the seat most likely to fail
  first), and a hand that breaks a fact it alone decides is turned away at
  once, before any other draw: every constraint the view shows (R3.2,
  R2.3, R2.4), and every ownership duty (R3.2) of a move made once the seat
  had all its cards (it held then the cards it holds now and those it
  played later).
* Once the sampler has a :class:`~seep._hidden.replay_script.Script` (after
  its first consistent sample), a seat's played cards are placed in its
  packets only where that placement is read: by the bidder's opening packet
  (R2.3, R2.4), by a duty of a move made before the seat had all its
  cards, or by the legality of such a move. Elsewhere no fact reads it, and
  every seat has as many placements whatever its hand, so leaving it out
  changes no probability. The legality of every other seat's move is asked
  as the script asks it (and remembered in the same table), on the hand
  the seat held then, and the stock is shuffled once the proposal is kept.
* Before there is a script, every seat is placed, and a proposal that
  passes the checks on the way is completed into a deck and replayed in
  full, as ``deal`` replays it.

A proposal is kept exactly when :meth:`~seep.sampling.HistorySampler.deal`
would keep the deck it stands for, and every part of it is drawn uniformly,
so the hands and the stock are distributed as in ``deal``: uniformly over
the consistent deals. Drawn from a script, the state carries no history of
its own (:meth:`History.unknown <seep.history.History.unknown>`): a search
plays from it and never reads one. Seeded draws differ from ``deal``'s.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from seep._engine.bypass import with_deal, with_hands
from seep._hidden.replay_script import _ODD_BITS, _PAIR_BITS, REMEMBERED_MOVES, Script
from seep.cards import Card, CardSet, from_mask
from seep.history import History
from seep.moves import Move
from seep.rules import is_legal
from seep.state import State

# One other seat's hand to draw: its index among the other seats, the bounds of the draws
# that pick its cards and their product (see _below), the masks it must meet (a card of
# each), and whether its cards' order is kept (its placement is drawn).
_Hand = tuple[int, tuple[int, ...], int, tuple[int, ...], bool]
# One move's legality to ask: (move index, seat index among the other seats, the played
# card's bit, how many of the seat's positions were dealt by then, the cards it had played,
# whether every value counts, the move, the state before it, the mover's seat).
_Check = tuple[int, int, int, int, int, bool, Move, State, int]


class HistorySampler(Protocol):
    """What a :class:`QuickDraw` reads of its :class:`seep.sampling.HistorySampler` (which
    imports this module)."""

    _others: list[int]
    _unseen: list[Card]
    _sizes: list[int]
    _places: list[tuple[list[int], list[tuple[Card, int]]]]
    _bidder_index: int
    _needs: list[tuple[int, int]]
    _group_ends: list[list[int]]
    _seat_duties: list[list[tuple[int, int, int]]]
    _played_mask: list[int]
    _draws: list[list[int]]
    _floor: list[int]
    _stock: list[int]
    _known: list[tuple[list[int], list[Card]]]

    def _bid_hand_holds(self, deck: Sequence[Card]) -> bool: ...

    def _seat_duties_hold(self, deck: Sequence[Card], index: int) -> bool: ...

    def _fitted(self, deck: list[Card]) -> State | None: ...


class QuickDraw:
    """The states of one view's consistent deals, drawn for a search (see the module docstring).

    ``sampler``: the view's exact sampler; ``script``: its first full replay, or
    ``None`` before there is one: then every seat is placed, and a proposal that
    passes the checks made on the way is completed into a deck and replayed in full
    (:meth:`~seep.sampling.HistorySampler._fitted`, which makes the script once a
    replay gets through); the state comes with its history.
    """

    def __init__(self, sampler: HistorySampler, script: Script | None) -> None:
        self._sampler = sampler
        self.script = script
        if script is not None:
            self._final = script.final
            self._history = History.unknown(script.final.plays)
        others = sampler._others
        self._others = others
        self._unseen: list[Card] = list(sampler._unseen)
        positions = [spots for spots, _ in sampler._places]
        self._positions = positions
        bidder = sampler._bidder_index
        # The legality checks of the script, by other seat index and dealt count.
        checks: list[_Check] = []
        counts: list[set[int]] = [set() for _ in others]
        for index, seat, bit, spots, played, whole, move, state in script._checks if script else ():
            other = others.index(seat)
            checks.append((index, other, bit, len(spots), played, whole, move, state, seat))
            counts[other].add(len(spots))
        self._checks = checks
        # Which seats' placements are read (see the module docstring).
        placed: list[int] = []
        masks: list[list[int]] = [[] for _ in others]
        for other, need in sampler._needs:
            masks[other].append(need)
        for other in range(len(others)):
            last = len(sampler._group_ends[other]) - 1
            early = False
            for group, played, value in sampler._seat_duties[other]:
                if group < last:
                    early = True
                elif not sampler._played_mask[other] & ~played & value:
                    masks[other].append(value)  # no card of it played since: one is held now
            every = len(positions[other])
            if (
                script is None
                or other == bidder
                or early
                or any(count < every for count in counts[other])
            ):
                placed.append(other)
        # The bidder placed first (R2.3, R2.4), as HistorySampler._place does.
        placed.sort(key=lambda other: other != bidder)
        self._placed = placed
        self._counts = [sorted(found) for found in counts]
        # The hands with masks to meet first: a proposal is turned away as early as it can be.
        hands: list[_Hand] = []
        unseen = sum(1 << card for card in self._unseen)
        left = len(self._unseen)  # the cards not dealt yet, in the shuffle from the end
        narrowest = [_fewest(found, unseen) for found in masks]
        chances = [
            _chance(len(self._unseen), size, narrowest[other])
            for other, size in enumerate(sampler._sizes[: len(others)])
        ]

        # Smith's rule: the fewest draws per chance of turning the proposal away first.
        def cost(other: int) -> float:
            failing = 1.0 - chances[other]
            return sampler._sizes[other] / failing if failing > 0 else math.inf

        for other in sorted(range(len(others)), key=cost):
            bounds = tuple(range(left, left - sampler._sizes[other], -1))
            left -= len(bounds)
            hands.append((other, bounds, math.prod(bounds), narrowest[other], other in placed))
        self._hands = hands
        self._no_hands = [0] * len(others)
        self._no_cards: list[list[Card]] = [[] for _ in others]
        self._left = left  # the stock's cards are the first ones of the shuffle's order
        # The bounds of the draws placing each seat's played cards (HistorySampler._draws).
        self._draws = [(tuple(bounds), math.prod(bounds)) for bounds in sampler._draws]

    def draw(self, rng: random.Random) -> State | None:
        """One proposal: the state of a consistent deal, or ``None`` if it is turned away."""
        getrandbits = rng.getrandbits
        order = self._unseen[:]
        hands = self._no_hands[:]
        held = self._no_cards[:]
        for other, bounds, product, masks, kept in self._hands:
            # One uniform draw for all the seat's picks (see _below), inline.
            digits = getrandbits(product.bit_length())
            while digits >= product:
                digits = getrandbits(product.bit_length())
            hand = 0
            for bound in bounds:
                # random.shuffle's step from the end: a uniform pick among the places left.
                digits, pick = divmod(digits, bound)
                card = order[pick]
                order[pick] = order[bound - 1]
                order[bound - 1] = card
                hand |= 1 << card
            for mask in masks:
                if not hand & mask:
                    return None
            hands[other] = hand
            if kept:
                held[other] = order[bounds[-1] - 1 : bounds[0]] if bounds else []
        deck: list[Card] = []
        if self._placed:
            deck = [Card(0)] * 52
            for other in self._placed:
                self._place(deck, other, held[other], getrandbits)
                if not self._placed_holds(deck, other):
                    return None
        if self.script is None:
            return self._replayed(deck, held, order[: self._left], rng)
        if not self._legal(self._dealt(hands, deck)):
            return None
        stock = order[: self._left]
        rng.shuffle(stock)
        final = self._final
        new_hands = list(final.hands)
        for other, seat in enumerate(self._others):
            new_hands[seat] = from_mask(hands[other])
        return with_deal(final, hands=tuple(new_hands), stock=tuple(stock), history=self._history)

    def _replayed(
        self, deck: list[Card], held: list[list[Card]], left: list[Card], rng: random.Random
    ) -> State | None:
        """The deck of a proposal whose every seat is placed, completed and replayed in full."""
        sampler = self._sampler
        rng.shuffle(left)  # the face-down floor, then the stock
        for spot, card in zip((*sampler._floor, *sampler._stock), left, strict=True):
            deck[spot] = card
        for spots, cards in sampler._known:
            for spot, card in zip(spots, cards, strict=True):
                deck[spot] = card
        return sampler._fitted(deck)

    def accepts(self, deck: Sequence[Card]) -> bool:
        """Whether :meth:`draw` keeps the proposal that ``deck`` stands for (a deck that fits
        the history's structure, as :meth:`~seep.sampling.HistorySampler.propose` makes them).

        The same checks as :meth:`draw`'s, on the hands and placements read off ``deck``.
        """
        played_masks = self._sampler._played_mask
        hands = [0] * len(self._others)
        for other, spots in enumerate(self._positions):
            for spot in spots:
                hands[other] |= 1 << deck[spot]
            hands[other] &= ~played_masks[other]
        for other, _, _, masks, _ in self._hands:
            if any(not hands[other] & mask for mask in masks):
                return False
        if any(not self._placed_holds(deck, other) for other in self._placed):
            return False
        return self._legal(self._dealt(hands, deck if self._placed else []))

    def _dealt(self, hands: Sequence[int], deck: Sequence[Card]) -> list[dict[int, int]]:
        """What each other seat had been dealt, by how many of its positions.

        All of them for every seat (the cards it holds and those it played), and
        for a seat that is placed, as many as a legality check asks, read off its
        placement in ``deck``.
        """
        played_masks = self._sampler._played_mask
        dealt = [
            {len(spots): hands[other] | played_masks[other]}
            for other, spots in enumerate(self._positions)
        ]
        for other in self._placed:
            spots = self._positions[other]
            found = dealt[other]
            mask = start = 0
            for count in self._counts[other]:
                for spot in spots[start:count]:
                    mask |= 1 << deck[spot]
                found[count] = mask
                start = count
        return dealt

    def _place(
        self, deck: list[Card], other: int, hand: list[Card], getrandbits: Callable[[int], int]
    ) -> None:
        """Place other seat ``other``'s cards in its packets in ``deck``, as
        :meth:`~seep.sampling.HistorySampler._place_seat` places them."""
        spots, deadlines = self._sampler._places[other]
        bounds, product = self._draws[other]
        digits = _below(getrandbits, product)
        free: list[int] = []
        opened = 0
        for (card, allowed), bound in zip(deadlines, bounds, strict=True):
            if allowed > opened:
                free.extend(spots[opened:allowed])
                opened = allowed
            digits, pick = divmod(digits, bound)  # bound: len(free) (see _draw_bounds)
            free[pick], free[-1] = free[-1], free[pick]
            deck[free.pop()] = card
        free.extend(spots[opened:])
        for spot, card in zip(free, hand, strict=True):
            deck[spot] = card

    def _placed_holds(self, deck: Sequence[Card], other: int) -> bool:
        """The facts that other seat ``other``'s placement in ``deck`` decides: the bidder's
        opening packet (R2.3, R2.4) and the seat's duties (R3.2)."""
        sampler = self._sampler
        if other == sampler._bidder_index and not sampler._bid_hand_holds(deck):
            return False
        return not sampler._seat_duties[other] or sampler._seat_duties_hold(deck, other)

    def _legal(self, dealt: Sequence[dict[int, int]]) -> bool:
        """Whether every other seat's move is legal on the hand it held then (as Script asks)."""
        assert self.script is not None
        remembered = self.script.legal
        for index, other, bit, count, played, whole, move, state, seat in self._checks:
            hand = dealt[other][count] & ~played
            if bit and not hand & bit:
                return False  # R3.1: the card was dealt to the seat too late
            pairs = hand - (hand >> 1 & _ODD_BITS)  # replay_script.value_key, inline
            counts = (pairs & _PAIR_BITS) + (pairs >> 2 & _PAIR_BITS)
            key = index << 56 | (counts if whole else counts >> 32)
            allowed = remembered.get(key)
            if allowed is None:
                hands: list[CardSet] = list(state.hands)
                hands[seat] = from_mask(hand)
                allowed = is_legal(with_hands(state, tuple(hands)), move)
                if len(remembered) < REMEMBERED_MOVES:
                    remembered[key] = allowed
            if not allowed:
                return False
        return True


def _below(getrandbits: Callable[[int], int], bound: int) -> int:
    """A uniform draw in ``range(bound)``, as ``random.Random`` makes one from its bits.

    Read as the digits of a number in a mixed radix (``divmod`` by each bound in
    turn), it gives one uniform draw per bound, independent of each other: one call
    of the generator for many draws.
    """
    if bound == 1:
        return 0
    width = bound.bit_length()
    drawn = getrandbits(width)
    while drawn >= bound:
        drawn = getrandbits(width)
    return drawn


def _chance(cards: int, size: int, masks: Sequence[int]) -> float:
    """About how likely a hand of ``size`` of ``cards`` cards is to meet ``masks`` (each alone)."""
    chance = 1.0
    for mask in masks:
        chance *= 1.0 - math.comb(cards - mask.bit_count(), size) / math.comb(cards, size)
    return chance


def _fewest(masks: Sequence[int], unseen: int) -> tuple[int, ...]:
    """``masks`` (a hand of unseen cards must hold a card of each) without those that
    another implies, the narrowest first."""
    narrowed = sorted({mask & unseen for mask in masks}, key=int.bit_count)
    kept: list[int] = []
    for mask in narrowed:
        if not any(inner & ~mask == 0 for inner in kept):  # a narrower one holds in it
            kept.append(mask)
    return tuple(kept)

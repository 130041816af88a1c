"""Full deals consistent with what one seat has seen: the hidden cards dealt at random.

A bot that searches (by determinization, or information-set Monte Carlo tree
search) needs complete states it may play out. Given what a seat saw (a
:class:`~seep.views.View` with its :attr:`~seep.views.View.history`),
:func:`sample_deal` draws a deck order under which dealing the deck and
playing the history's moves is legal at every step and leads to a state that
this seat sees exactly as ``view``; :func:`sample_state` returns that state.

**Exactly uniform.** A deck order is *consistent* with the view if
``new_deal(variant, deck=deck, dealer=view.dealer)`` deals it without a
misdeal (R2.3), every move of the history is legal in turn, and the final
state's view is ``view``. The sampler draws every consistent deck order with
the same probability, so it takes into account every fact the history
implies: the bidder's card of 9 or more and of the bid's value (R2.3,
R2.4), the first play (R2.6), the ownership duty at every move (R3.2), the
taash passes of players who could not build (R11.2), the packets and the
stock. It proposes deck orders uniformly among those that fit the history's
structure (each seat was dealt exactly the cards it played and holds, in
packets dealt before it played them; this seat's packets and the floor as
seen), then replays the moves with the engine's own legality check and keeps
the first order that passes. Proposals are uniform over a set that holds
every consistent order, and acceptance is exactly consistency, so the result
is uniform over the consistent orders (see the "Hidden information" page of
the documentation for the argument and the cost).

**Approximate, opt-in.** :func:`sample_states` with ``method="chain"``
starts from one exact sample and moves by random transpositions of the deck,
each kept only if the replay passes (a Metropolis chain whose stationary
distribution is uniform over the consistent orders it can reach). Every
sample is consistent; successive samples are correlated.

**Unknown history.** A view whose history starts with
:class:`~seep.history.Unknown` (a state loaded from a document) cannot be
replayed: :func:`sample_state` then deals the unseen cards from the view's
own constraints only (:func:`constraints`), and :func:`sample_deal` raises
:class:`~seep.errors.InvalidStateError` (a :class:`ValueError`).

>>> import random
>>> from seep import new_deal, apply_move, parse_move
>>> from seep.views import observe
>>> from seep.sampling import sample_deal
>>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
>>> view = observe(state, 0)
>>> deal = sample_deal(view, random.Random(5))
>>> deal.moves, deal.dealer, len(deal.deck)
((Bid(value=12),), 0, 52)
>>> observe(deal.state, 0) == view, deal.state.owner_holds_value(1, 12)
(True, True)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence

import attrs

from seep._checks.validate import check_view
from seep._checks.view_history import check_history
from seep._engine.bits import HIGH_MASK, VALUE_MASKS
from seep._engine.schedule import bidding_positions, first_to_play
from seep._engine.transition import transition
from seep._hidden.quick_draw import QuickDraw
from seep._hidden.replay_script import REMEMBERED_MOVES, Prefix, Script, value_key
from seep._hidden.view_sampling import DEFAULT_VIEW_ONLY_PROPOSALS, constraints
from seep._hidden.view_sampling import sample_state as _view_only_sample
from seep._util.arguments import as_rng, check_count
from seep._util.deprecation import renamed_keyword, renamed_names
from seep._util.excerpt import excerpt
from seep.cards import Card
from seep.deal import deal_from_order, new_deal
from seep.errors import InputError, InvalidStateError, MisdealError
from seep.history import Dealt, FloorTurned, Played, seen_by
from seep.moves import Bid, Move
from seep.rules import is_legal
from seep.state import House, State
from seep.views import View, _observed, observe

__all__ = [
    "DEFAULT_PROPOSALS",
    "DEFAULT_VIEW_ONLY_PROPOSALS",
    "HistorySampler",
    "SampledDeal",
    "constraints",
    "sample_deal",
    "sample_state",
    "sample_states",
    "search_sampler",
    "state_sampler",
]

#: How many deck orders an exact sample may propose before :class:`~seep.errors.InvalidStateError`.
DEFAULT_PROPOSALS = 100_000

__getattr__ = renamed_names(
    __name__,
    {"DEFAULT_TRIES": ("DEFAULT_VIEW_ONLY_PROPOSALS", lambda: DEFAULT_VIEW_ONLY_PROPOSALS)},
)

_NO_CARD = Card(0)


@attrs.frozen(kw_only=True)
class SampledDeal:
    """A deal consistent with a view: its dealer, deck order and moves, and the state reached.

    ``new_deal(state.variant, deck=deck, dealer=dealer)`` followed by
    ``moves`` reaches ``state`` (which also carries the view's ``redeals``:
    a deal from an explicit deck counts none). ``proposals`` is how many
    deck orders were drawn to find this one.

    >>> import random
    >>> from seep import apply_move, new_deal, parse_move
    >>> from seep.sampling import sample_deal
    >>> from seep.views import observe
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    >>> deal = sample_deal(observe(state, 0), random.Random(5))
    >>> deal.dealer, deal.moves
    (0, (Bid(value=12),))
    >>> apply_move(new_deal("standard", deck=deal.deck, dealer=deal.dealer), deal.moves[0]) == deal.state
    True
    """

    dealer: int
    deck: tuple[Card, ...]
    moves: tuple[Move, ...]
    state: State
    proposals: int


class HistorySampler:
    """The exact sampler for one view: the history's structure is read once, samples drawn often.

    ``proposals``, ``replays`` and ``accepted`` count the deck orders drawn,
    replayed (those that passed the pre-checks) and returned.

    >>> from seep.sampling import HistorySampler
    >>> import random
    >>> from seep import new_deal
    >>> from seep.views import observe
    >>> sampler = HistorySampler(observe(new_deal("taash", seed=4), 2))
    >>> deal = sampler.deal(random.Random(1))
    >>> sampler.accepted, sampler.proposals >= 1
    (1, True)
    """

    def __init__(self, view: View) -> None:
        if not view.history_known:
            raise InvalidStateError(
                "history", "the view's history is unknown: no deck order reproduces it"
            )
        check_view(view)
        self.view = view
        self.proposals = 0
        self.replays = 0
        self.accepted = 0
        players = len(view.hand_counts)
        seat = view.seat
        moves: list[tuple[int, Move]] = []
        # Deck positions per seat (in dealing order) and the move count when each was dealt.
        positions: list[list[int]] = [[] for _ in range(players)]
        dealt_at: list[list[int]] = [[] for _ in range(players)]
        played: list[list[tuple[Card, int]]] = [[] for _ in range(players)]
        known: list[tuple[list[int], list[Card]]] = []  # positions whose cards this seat knows
        floor: list[int] = []  # face-down floor positions not yet turned up
        position = 0
        self._dealt_to: list[int] = []  # the seat dealt each deck position (-1: the floor)
        for entry in view.history:
            if isinstance(entry, Dealt):
                span = list(range(position, position + entry.count))
                position += entry.count
                self._dealt_to.extend([-1 if entry.to is None else entry.to] * entry.count)
                if entry.to is None:
                    if entry.cards is None:
                        floor = span
                    else:
                        known.append((span, list(entry.cards)))
                elif entry.to == seat:
                    if entry.cards is None:
                        raise InvalidStateError(
                            "history", f"the history hides a packet of seat {seat} from it"
                        )
                    known.append((span, list(entry.cards)))
                else:
                    positions[entry.to].extend(span)
                    dealt_at[entry.to].extend([len(moves)] * entry.count)
            elif isinstance(entry, Played):
                move = entry.move
                if not isinstance(move, Bid) and entry.seat != seat:
                    played[entry.seat].append((move.card, len(moves)))
                moves.append((entry.seat, entry.move))
            elif isinstance(entry, FloorTurned) and floor:
                known.append((floor, list(entry.cards)))
                floor = []
        self.moves = tuple(move for _, move in moves)
        self._cards_played = tuple(0 if isinstance(m, Bid) else 1 << m.card for _, m in moves)
        self._seats = tuple(s for s, _ in moves)
        self._known = known
        self._floor = floor
        self._stock = list(range(position, 52))
        others = [s for s in range(players) if s != seat]
        self._others = others
        unseen = list(view.unseen)
        sizes = [view.hand_counts[s] for s in others] + [len(floor), len(self._stock)]
        if sum(sizes) != len(unseen) or len(self._stock) != view.stock_count:
            raise InvalidStateError(
                "history",
                f"the view hides {len(unseen)} cards but its history leaves "
                f"{sum(sizes)} hidden places",
            )
        self._unseen = unseen
        self._sizes = sizes
        # Per other seat: its positions, and each played card with how many of those
        # positions were dealt before it was played (it must lie in one of them).
        self._places: list[tuple[list[int], list[tuple[Card, int]]]] = []
        for s in others:
            deadlines = [(card, bisect_right(dealt_at[s], index)) for card, index in played[s]]
            deadlines.sort(key=lambda item: item[1])
            if len(deadlines) + view.hand_counts[s] != len(positions[s]):
                raise InvalidStateError(
                    f"hand_counts[{s}]",
                    f"seat {s} was dealt {len(positions[s])} cards but played "
                    f"{len(deadlines)} and holds {view.hand_counts[s]}",
                )
            self._places.append((positions[s], deadlines))
        # Packets of each other seat grouped by when they were dealt, and the cards it
        # played up to each move: what it held right after move k (the R3.2 pre-check).
        self._groups = [sorted(set(dealt_at[s])) for s in others]
        self._played_through = [_running_cards(played[s], len(moves)) for s in others]
        # R2.3, R2.4: the cards the bidder bid with (its opening packets, wherever the
        # variant's opening deals them) hold a card of 9 or more, and of the bid's value
        # once bid; checked here when they are hidden.
        bidder = first_to_play(view.dealer, players)
        self._bid_positions = bidding_positions(view.variant, view.dealer) if seat != bidder else ()
        self._opening_need = 0
        if self._bid_positions:
            bids = [move.value for move in self.moves if isinstance(move, Bid)]
            self._opening_need = VALUE_MASKS[bids[0]] if bids else HIGH_MASK
        self._played_mask = [sum(1 << card for card, _ in played[s]) for s in others]
        self._bidder_index = others.index(bidder) if self._opening_need else -1
        self._duties: list[tuple[int, int, int, int]] = []
        self._duty_set: set[tuple[int, int, int, int]] = set()
        # The same duties by other seat: (packet group, cards played by then, value mask).
        self._seat_duties: list[list[tuple[int, int, int]]] = [[] for _ in others]
        # How many of each other seat's positions its packet groups fill, group by group.
        self._group_ends = [
            [bisect_right(dealt_at[s], group) for group in self._groups[index]]
            for index, s in enumerate(others)
        ]
        # Whether a replay's moves were legal, by move index and the mover's hand (see _fitted).
        self._legal: dict[int, bool] = {}
        # Whether the replayed history looks as the view's (None: not compared yet).
        self._history_seen: bool | None = None
        # The first replay that got through, to replay fitting decks from, and before it
        # the moves of the replay that went furthest, with the legalities met (see _fitted).
        self._script: Script | None = None
        self._prefix: Prefix | None = None
        self._memo: dict[int, bool] = {}
        self._quick: QuickDraw | None = None  # made once the script is (see quick_state)
        self._needs = [(others.index(s), cards.mask) for s, cards in constraints(view) if s != seat]
        # Where each block of the shuffled unseen cards starts: the face-down floor and the
        # stock first, then the other hands, those with a constraint last (see _drawn).
        needy = {index for index, _ in self._needs}
        blocks = [len(others), *sorted(range(len(others)), key=lambda index: index in needy)]
        self._starts = [0] * (len(others) + 1)
        start = 0
        for block in blocks:
            self._starts[block] = start
            start += len(floor) + len(self._stock) if block == len(others) else sizes[block]
        self._checks = sorted(
            ((self._starts[index], sizes[index], need) for index, need in self._needs), reverse=True
        )
        if any(not view.hand.mask & cards.mask for s, cards in constraints(view) if s == seat):
            raise InvalidStateError(
                "hand", f"seat {seat}'s own hand breaks the constraints of its view"
            )
        # The houses after each move are public: every duty is known before the first replay.
        for index, houses in enumerate(check_history(view)):
            self._record(index, houses)
        # The order in which _place places the other seats (the bidder first), and the
        # bounds of the draws that place each seat's played cards (see _place_seat).
        self._placing_order = sorted(range(len(others)), key=lambda i: i != self._bidder_index)
        self._draws = [_draw_bounds(deadlines) for _, deadlines in self._places]

    def propose(self, rng: random.Random) -> list[Card]:
        """A deck order drawn uniformly among those that fit the history's structure.

        Structure: this seat's packets and the floor as seen (in random order
        within each packet), every other seat dealt exactly the cards it
        played and the unseen cards it holds, each played card in one of its
        packets dealt before it was played, the stock in random order.
        """
        deck = self._place(self._shuffled(rng), rng, checked=False)
        assert deck is not None
        return self._known_shuffled(deck, rng)

    def _shuffled(self, rng: random.Random) -> list[Card]:
        """The unseen cards in random order: face-down floor and stock, other hands."""
        self.proposals += 1
        order = self._unseen[:]
        rng.shuffle(order)
        return order

    def _drawn(self, rng: random.Random) -> list[Card] | None:
        """:meth:`_shuffled`, or ``None`` as soon as a hand breaks a constraint (the first pre-check).

        The shuffle is ``random.shuffle``'s (the same draws): it fixes the
        places from the last one down, and the hands with a constraint are
        last, so a hand is checked once its places are fixed, and a rejected
        proposal stops there.
        """
        self.proposals += 1
        order = self._unseen[:]
        randrange = _below(rng)
        place = len(order) - 1
        for start, size, need in self._checks:
            while place >= start and place > 0:
                other = randrange(place + 1)
                order[place], order[other] = order[other], order[place]
                place -= 1
            if not any(need >> card & 1 for card in order[start : start + size]):
                return None
        while place > 0:
            other = randrange(place + 1)
            order[place], order[other] = order[other], order[place]
            place -= 1
        return order

    def _place(self, order: list[Card], rng: random.Random, *, checked: bool) -> list[Card] | None:
        """The deck order for the shuffled unseen cards ``order`` (see :meth:`propose`).

        This seat's packets are left in the order seen
        (:meth:`_known_shuffled` shuffles them): nothing checked depends on
        the order within a packet. With ``checked``, ``None`` unless the
        deck passes :meth:`plausible` (but for the constraints, which
        :meth:`_drawn` checked on ``order``). The seats are placed one by
        one, the bidder first; opening packets without the bid's card end
        the placement there (R2.3, R2.4), and a seat that breaks its
        ownership duties (R3.2) ends it too, once the draws that would have
        placed the seats after it are made. These facts are known from the
        view, so a seed draws the same samples whatever the sampler did
        before.
        """
        deck: list[Card] = [_NO_CARD] * 52
        bidder = self._bidder_index
        placing = self._placing_order
        for position, index in enumerate(placing):
            self._place_seat(deck, index, order, rng)
            if checked:
                if index == bidder and not self._bid_hand_holds(deck):
                    return None  # R2.3, R2.4
                if self._seat_duties[index] and not self._seat_duties_hold(deck, index):
                    # R3.2. The draws the other seats' placement would make are made all
                    # the same, so that the next proposal starts where it always did.
                    randrange = _below(rng)
                    for later in placing[position + 1 :]:
                        for bound in self._draws[later]:
                            randrange(bound)
                    return None
        start = self._starts[-1]
        for spot in (*self._floor, *self._stock):
            deck[spot] = order[start]
            start += 1
        for spots, cards in self._known:
            for spot, card in zip(spots, cards, strict=True):
                deck[spot] = card
        return deck

    def _place_seat(
        self, deck: list[Card], index: int, order: list[Card], rng: random.Random
    ) -> None:
        """Place the cards of other seat ``index`` in its deck positions (see :meth:`propose`)."""
        spots, deadlines = self._places[index]
        start = self._starts[index]
        hand = order[start : start + self._sizes[index]]
        randrange = _below(rng)
        # Most constrained first: the number of free allowed positions at each step
        # does not depend on the earlier choices, so the placement is uniform.
        free: list[int] = []
        opened = 0
        for card, allowed in deadlines:
            if allowed > opened:
                free.extend(spots[opened:allowed])
                opened = allowed
            pick = randrange(len(free))  # never 0: _draw_bounds checked that
            free[pick], free[-1] = free[-1], free[pick]
            deck[free.pop()] = card
        # The held cards come in random order: they take the places left in turn.
        free.extend(spots[opened:])
        for spot, card in zip(free, hand, strict=True):
            deck[spot] = card

    def _known_shuffled(self, deck: list[Card], rng: random.Random) -> list[Card]:
        """``deck`` with the cards of each packet this seat saw in random order."""
        for spots, cards in self._known:
            cards = cards[:]
            rng.shuffle(cards)
            for spot, card in zip(spots, cards, strict=True):
                deck[spot] = card
        return deck

    def plausible(self, deck: list[Card]) -> bool:
        """False if ``deck`` breaks a fact that the replay would find broken (a cheap pre-check).

        The facts: the constraints the view shows (R3.2 now, R2.3, R2.4, see
        :func:`constraints`), the bidder's first packet (R2.3, R2.4), and the
        ownership duty right after every move (R3.2, on the hand the owner
        held then; the houses after each move are public). Each is a
        consequence of the replay's legality checks, so the pre-check never
        rejects a consistent deck.
        """
        if self._opening_need and not self._bid_hand_holds(deck):
            return False
        if self._needs:
            for index, need in self._needs:
                spots = self._places[index][0]
                held = 0
                for spot in spots:
                    held |= 1 << deck[spot]
                if not held & ~self._played_mask[index] & need:
                    return False
        return not self._duties or self._duties_hold(deck)

    def _bid_hand_holds(self, deck: Sequence[Card]) -> bool:
        """R2.3, R2.4: the bidder's opening cards in ``deck`` hold one of the cards it needs."""
        need = self._opening_need
        return any(need >> deck[spot] & 1 for spot in self._bid_positions)

    def _duties_hold(self, deck: list[Card]) -> bool:
        """R3.2 after every move: each other owner held a card of the value."""
        return all(
            self._seat_duties_hold(deck, index)
            for index, duties in enumerate(self._seat_duties)
            if duties
        )

    def _seat_duties_hold(self, deck: Sequence[Card], index: int) -> bool:
        """R3.2 after every move that other seat ``index`` owned a house: it held the value."""
        spots = self._places[index][0]
        held: list[int] = []  # the cards dealt to the seat up to each of its packet groups
        cards = place = 0
        for end in self._group_ends[index]:
            while place < end:
                cards |= 1 << deck[spots[place]]
                place += 1
            held.append(cards)
        for group, played, value in self._seat_duties[index]:
            if not held[group] & ~played & value:
                return False
        return True

    def _record(self, index: int, houses: tuple[House, ...]) -> None:
        """Note the duties that the (public) houses after move ``index`` give (R3.2)."""
        for house in houses:
            for owner in house.owners:
                if owner == self.view.seat:
                    continue
                seat = self._others.index(owner)
                groups = self._groups[seat]
                group = sum(1 for time in groups if time <= index) - 1
                duty = (seat, group, self._played_through[seat][index], VALUE_MASKS[house.value])
                if group >= 0 and duty not in self._duty_set:
                    self._duty_set.add(duty)
                    self._duties.append(duty)
                    self._seat_duties[seat].append(duty[1:])

    def replay(self, deck: list[Card]) -> State | None:
        """The final state if ``deck`` is consistent with the view, else ``None``."""
        self.replays += 1
        view = self.view
        try:
            state = new_deal(view.variant, deck=deck, dealer=view.dealer)
        except MisdealError:  # R2.3
            return None
        played = self._played_out(state, None)
        return played if played is not None and observe(played, view.seat) == view else None

    def _fitted(self, deck: list[Card]) -> State | None:
        """:meth:`replay` of a deck that fits the history's structure (a proposal, or a swap of one).

        In such a deck this seat's cards and the turned floor are where the
        view saw them, so once the moves before it were legal, the table
        before move ``k`` (everything but the hidden hands) is the same in
        every replay, and the legality of move ``k`` depends only on the
        mover's hand: on whether it holds the played card (R3.1) and on how
        many cards of each value it holds (suits have no rank, R1.1), by
        which it is remembered. For the same reason, the public part of the
        history is the same in every replay that gets through the moves,
        and is compared with the view's once; after the first such replay,
        later decks are replayed from it (:mod:`seep._hidden.replay_script`).
        Before that, a deck is replayed only if the moves up to the one that
        stopped the furthest replay so far are legal on it (its
        :class:`~seep._hidden.replay_script.Prefix`).
        """
        self.replays += 1
        if self._script is not None:
            return self._script.replayed(deck)
        prefix = self._prefix
        if prefix is not None and not prefix.holds(deck):
            return None
        view = self.view
        try:
            state = deal_from_order(view.variant, view.dealer, tuple(deck))
        except MisdealError:  # R2.3
            return None
        before: list[State] = []
        played = self._played_out(state, self._legal, before)
        if played is None:
            if before and (prefix is None or len(before) > prefix.length):
                self._prefix = Prefix(before, self.moves, self._dealt_to, view.seat, self._memo)
            return None
        seen = _observed(played, view.seat, view.history) == view
        if seen and self._history_seen is None:
            self._history_seen = seen_by(played.history, view.seat) == view.history
        if not (seen and self._history_seen):
            return None
        if before:
            script = Script(before, played, self.moves, deck, self._dealt_to, view.seat, self._memo)
            self._script = script if script.usable else None
        return played

    def _played_out(
        self, state: State, legal: dict[int, bool] | None, before: list[State] | None = None
    ) -> State | None:
        """``state`` after the history's moves, ``None`` at the first illegal one.

        ``legal``: remembered legalities (see :meth:`_fitted`); ``before``
        collects the states before each move whose seat is to move (the
        last one may be the illegal move).
        """
        for index, (seat, move, card) in enumerate(
            zip(self._seats, self.moves, self._cards_played, strict=True)
        ):
            if state.to_move != seat:
                return None
            if before is not None:
                before.append(state)
            if legal is None:
                allowed = is_legal(state, move)
            else:
                hand = state.hands[seat].mask
                if not hand & card and card:
                    return None  # R3.1: a swapped deck may deal the card too late
                key = value_key(index, hand)
                known = legal.get(key)
                if known is None:
                    allowed = is_legal(state, move)
                    if len(legal) < REMEMBERED_MOVES:
                        legal[key] = allowed
                else:
                    allowed = known
            if not allowed:
                return None
            state = transition(state, move)
        if self.view.redeals:
            state = attrs.evolve(state, redeals=self.view.redeals)
        return state

    def deal(self, rng: random.Random, *, max_proposals: int = DEFAULT_PROPOSALS) -> SampledDeal:
        """One deck order uniform among the consistent ones (see the module docstring)."""
        for tries in range(1, max_proposals + 1):
            order = self._drawn(rng)
            if order is None:
                continue
            deck = self._place(order, rng, checked=True)
            if deck is None:
                continue
            state = self._fitted(deck)
            if state is not None:
                self.accepted += 1
                return SampledDeal(
                    dealer=self.view.dealer,
                    deck=tuple(self._known_shuffled(deck, rng)),
                    moves=self.moves,
                    state=state,
                    proposals=tries,
                )
        raise InvalidStateError(
            "history", f"no deck order consistent with the view in {max_proposals} proposals"
        )

    def quick_state(self, rng: random.Random, *, max_proposals: int = DEFAULT_PROPOSALS) -> State:
        """The ``state`` of a :meth:`deal`, drawn from the same distribution, with less work.

        Each hidden hand is checked against the view as soon as it is drawn,
        the seat most likely to break a fact first, so a proposal that fails
        costs little; a seed draws other states than :meth:`deal`. Once a first one is found, the states are
        built from its replay and carry no history
        (:meth:`History.unknown <seep.history.History.unknown>`).

        >>> import random
        >>> from seep import apply_move, new_deal, parse_move
        >>> from seep.sampling import HistorySampler
        >>> from seep.views import observe
        >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
        >>> sampler, rng = HistorySampler(observe(state, 0)), random.Random(2)
        >>> first, second = sampler.quick_state(rng), sampler.quick_state(rng)
        >>> first.history.known, second.history.known, second.owner_holds_value(1, 12)
        (True, False, True)
        """
        script = None if self._floor else self._script  # (a face-down floor: no script)
        quick = self._quick
        if quick is None or quick.script is not script:
            quick = self._quick = QuickDraw(self, script)
        for _ in range(max_proposals):
            self.proposals += 1
            state = quick.draw(rng)
            if state is not None:
                self.accepted += 1
                return state
        raise InvalidStateError(
            "history", f"no deck order consistent with the view in {max_proposals} proposals"
        )

    def chain(
        self,
        rng: random.Random,
        n: int,
        *,
        steps: int = 8,
        max_proposals: int = DEFAULT_PROPOSALS,
    ) -> Iterator[SampledDeal]:
        """``n`` consistent deals from a Metropolis chain of deck transpositions (approximate).

        The first deal is exact (:meth:`deal`, with ``max_proposals``); each
        later one follows ``steps`` proposed swaps of two hidden deck
        positions, each kept only if the replay passes.
        """
        current = self.deal(rng, max_proposals=max_proposals)
        deck = list(current.deck)
        fixed = {spot for spots, _ in self._known for spot in spots}
        movable = [spot for spot in range(52) if spot not in fixed]
        for index in range(n):
            if index:
                for _ in range(steps):
                    i, j = rng.sample(movable, 2)
                    deck[i], deck[j] = deck[j], deck[i]
                    self.proposals += 1
                    state = self._fitted(deck)
                    if state is None:
                        deck[i], deck[j] = deck[j], deck[i]
                    else:
                        current = attrs.evolve(current, deck=tuple(deck), state=state)
            yield current


def _running_cards(played: list[tuple[Card, int]], moves: int) -> list[int]:
    """The cards of ``played`` (card, move index) played up to each of ``moves`` moves, as masks."""
    running: list[int] = []
    cards = 0
    by_move = sorted(played, key=lambda item: item[1])
    next_played = 0
    for k in range(moves):
        while next_played < len(by_move) and by_move[next_played][1] <= k:
            cards |= 1 << by_move[next_played][0]
            next_played += 1
        running.append(cards)
    return running


def _draw_bounds(deadlines: list[tuple[Card, int]]) -> list[int]:
    """The bound of each draw that :meth:`HistorySampler._place_seat` makes for a seat.

    ``deadlines`` as sorted there: the number of free allowed positions at
    each step does not depend on the earlier choices.
    """
    bounds: list[int] = []
    free = opened = 0
    for card, allowed in deadlines:
        if allowed > opened:
            free += allowed - opened
            opened = allowed
        if not free:
            raise InvalidStateError(
                "history", f"card {card} was played before any packet could hold it"
            )
        bounds.append(free)
        free -= 1
    return bounds


def _below(rng: random.Random) -> Callable[[int], int]:
    """``rng.randrange`` of one argument: the same draws, without its argument checks where it can."""
    # random.Random's own shuffle calls _randbelow, which randrange(n) calls in turn.
    below: Callable[[int], int] = getattr(rng, "_randbelow", rng.randrange)
    return below


def state_sampler(view: View) -> Callable[[random.Random], State]:
    """A function drawing states as :func:`sample_state` does, with the view read once.

    >>> from seep.sampling import state_sampler
    >>> import random
    >>> from seep import new_deal
    >>> from seep.views import observe
    >>> draw = state_sampler(observe(new_deal("standard", seed=2), 3))
    >>> draw(random.Random(1)).plays
    0
    """
    if not view.history_known:
        return lambda rng: _view_only_sample(view, rng)
    sampler = HistorySampler(view)
    return lambda rng: sampler.deal(rng).state


def search_sampler(view: View) -> Callable[[random.Random], State]:
    """A function drawing states as :func:`state_sampler`'s do, faster, without their history.

    For a search that plays from the states and reads nothing else: the
    hidden hands and the stock are distributed as :func:`sample_state`
    draws them (uniformly over the consistent deals), but a seed draws
    other samples, and each state's history is unknown
    (:meth:`History.unknown <seep.history.History.unknown>`). After the
    first sample, the draws are :class:`~seep._hidden.quick_draw.QuickDraw`'s.

    >>> from seep.sampling import search_sampler
    >>> import random
    >>> from seep import apply_move, new_deal, parse_move
    >>> from seep.views import observe
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    >>> draw = search_sampler(observe(state, 0))
    >>> [draw(random.Random(1)).owner_holds_value(1, 12) for _ in range(3)]
    [True, True, True]
    """
    if not view.history_known:
        return lambda rng: _view_only_sample(view, rng)
    sampler = HistorySampler(view)
    return sampler.quick_state


def sample_deal(
    view: View, rng: random.Random | int, *, max_proposals: int = DEFAULT_PROPOSALS
) -> SampledDeal:
    """A deal (dealer, deck, moves, final state) drawn uniformly among those consistent with ``view``.

    ``rng`` is a ``random.Random`` or a seed for one (an int, str or bytes:
    the same seed, the same deal). ``max_proposals`` is the most deck orders
    proposed (:data:`DEFAULT_PROPOSALS`), as for :func:`sample_state`.

    Raises :class:`~seep.errors.InvalidStateError` (a :class:`ValueError`) naming the
    field for a view whose history is unknown, or when
    ``max_proposals`` deck orders are drawn without a consistent one (an
    inconsistent view).

    >>> from seep.sampling import sample_deal
    >>> import random
    >>> from seep import new_deal, apply_move, legal_moves
    >>> from seep.views import observe
    >>> state = new_deal("standard-2p", seed=4)               # no redeal (R2.3)
    >>> rng = random.Random(2)
    >>> for _ in range(9):
    ...     state = apply_move(state, rng.choice(legal_moves(state)))
    ...
    >>> deal = sample_deal(observe(state, 1), random.Random(0))
    >>> replayed = new_deal("standard-2p", deck=deal.deck, dealer=deal.dealer)
    >>> for move in deal.moves:
    ...     replayed = apply_move(replayed, move)
    ...
    >>> observe(replayed, 1) == observe(state, 1)
    True
    """
    check_count(max_proposals, "max_proposals")
    return _sampler_of(view).deal(as_rng(rng), max_proposals=max_proposals)


# The samplers of the views sampled last, by the view's id (each kept with its view, so
# that the id stays its own): sampling one view again and again reads it once.
_RECENT_SAMPLERS: OrderedDict[int, tuple[View, HistorySampler]] = OrderedDict()
_RECENT_VIEWS = 16


def _sampler_of(view: View) -> HistorySampler:
    """The :class:`HistorySampler` of ``view``, made once for the views sampled last."""
    entry = _RECENT_SAMPLERS.get(id(view))
    if entry is not None and entry[0] is view:
        return entry[1]
    sampler = HistorySampler(view)
    _RECENT_SAMPLERS[id(view)] = (view, sampler)
    while len(_RECENT_SAMPLERS) > _RECENT_VIEWS:
        _RECENT_SAMPLERS.popitem(last=False)
    return sampler


def sample_state(
    view: View,
    rng: random.Random | int,
    *,
    max_proposals: int | None = None,
    max_tries: int | None = None,
) -> State:
    """A full state ``view`` could be the view of: the final state of :func:`sample_deal`.

    ``rng`` is a ``random.Random`` or a seed for one (an int, str or bytes).

    Exactly uniform over the consistent deals when the view's history is
    known; ``max_proposals`` is then the most deck orders proposed before
    :class:`~seep.errors.InvalidStateError`, as for :func:`sample_deal`
    (:data:`DEFAULT_PROPOSALS`). With an unknown history, the unseen cards
    are dealt from the view's own constraints (:func:`constraints`);
    ``max_proposals`` is then the number of uniform shuffles proposed before
    a consistent but not uniform fallback, as in version 0.1
    (:data:`DEFAULT_VIEW_ONLY_PROPOSALS`). ``max_tries`` is the deprecated
    name of ``max_proposals`` and keeps its old meaning: it counts the
    shuffles of an unknown history only.

    >>> from seep.sampling import sample_state
    >>> import random
    >>> from seep.testing import position
    >>> from seep.views import observe
    >>> state = position(hand="9S 4H", loose="5C", houses=[(9, "4S 5H", [1])])
    >>> view = observe(state, 0)          # loaded from a position: unknown history
    >>> view.history_known, sample_state(view, random.Random(3)).owner_holds_value(1, 9)
    (False, True)
    >>> sample_state(view, 3) == sample_state(view, random.Random(3))  # a seed
    True
    """
    budget = renamed_keyword(
        "seep.sampling.sample_state", "max_tries", "max_proposals", max_tries, max_proposals
    )
    if max_tries is not None and view.history_known:
        budget = None  # as before the rename: max_tries counted the view-only shuffles
    return _sample_state(view, as_rng(rng), budget)


def _sample_state(view: View, rng: random.Random, max_proposals: int | None) -> State:
    """:func:`sample_state`, its arguments read (``None``: the default budget)."""
    if not view.history_known:
        if max_proposals is None:
            max_proposals = DEFAULT_VIEW_ONLY_PROPOSALS
        check_count(max_proposals, "max_proposals")
        return _view_only_sample(view, rng, max_proposals=max_proposals)
    if max_proposals is None:
        max_proposals = DEFAULT_PROPOSALS
    return sample_deal(view, rng, max_proposals=max_proposals).state


def sample_states(
    view: View,
    rng: random.Random | int,
    n: int,
    *,
    max_proposals: int | None = None,
    method: str = "exact",
    steps: int = 8,
    max_tries: int | None = None,
) -> Iterator[State]:
    """``n`` samples of :func:`sample_state`, drawn lazily from ``rng`` (or a seed for one).

    ``method="exact"`` (the default) draws them independently;
    ``method="chain"`` (approximate, opt-in) draws them from one Metropolis
    chain with ``steps`` proposed transpositions between samples: every
    sample is consistent, but they are correlated. Views with an unknown
    history always use the view-only method. ``max_proposals`` is as for
    :func:`sample_state` (``max_tries`` its deprecated name, with its old
    meaning).

    >>> from seep.sampling import sample_states
    >>> import random
    >>> from seep import new_deal
    >>> from seep.views import observe
    >>> view = observe(new_deal("taash", seed=4), 0)
    >>> samples = list(sample_states(view, random.Random(8), 3, method="chain"))
    >>> len(samples), all(observe(s, 0) == view for s in samples)
    (3, True)
    """
    budget = renamed_keyword(
        "seep.sampling.sample_states", "max_tries", "max_proposals", max_tries, max_proposals
    )
    if max_tries is not None and view.history_known:
        budget = None  # as before the rename: max_tries counted the view-only shuffles
    return _sample_states(view, rng, n, budget, method, steps)


def _sample_states(
    view: View,
    rng: random.Random | int,
    n: int,
    max_proposals: int | None,
    method: str,
    steps: int,
) -> Iterator[State]:
    """:func:`sample_states` as a generator (the arguments checked at the first sample)."""
    check_count(n, "n")
    rng = as_rng(rng)
    if method not in ("exact", "chain"):
        raise InputError(f"method is 'exact' or 'chain', not {excerpt(method)}", field="method")
    if not view.history_known or method == "exact":
        for _ in range(n):
            yield _sample_state(view, rng, max_proposals)
        return
    if max_proposals is None:
        max_proposals = DEFAULT_PROPOSALS
    check_count(max_proposals, "max_proposals")
    for deal in HistorySampler(view).chain(rng, n, steps=steps, max_proposals=max_proposals):
        yield deal.state

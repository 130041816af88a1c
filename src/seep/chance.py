"""The deal as chance events: every card dealt is a chance outcome with its probability.

Search and learning frameworks model the shuffle as *chance nodes*. This
module plays a deal that way, one card at a time, and ends in exactly the
states the engine makes:

* :func:`start_deal` opens the **initial deal** (an :class:`InitialDeal`):
  the packets the variant's opening deals before the first play, in its
  order: the bidder's four cards then the four floor cards (R2.2), or in
  taash the four floor cards then four to every seat from the bidder's
  (R11.1), or whatever order a custom opening names. Its last card gives
  the :class:`~seep.state.State` that :func:`seep.new_deal` makes.
* :func:`play_move` applies a move. A move that deals nothing gives the next
  state; a move after which the engine deals (the rest of the batch after
  the first play, R2.7; the second batch of the two-player game, R2.9; the
  taash packets once the opening round ends, R11.2) gives a
  :class:`PacketDeal`, whose cards are chance outcomes in their turn. Its
  last card gives the state :func:`seep.apply_move` reaches with those cards
  on top of the stock. :func:`packet_recipients` tells beforehand how many
  cards a move deals and to whom.

Each chance node lists its :meth:`~InitialDeal.outcomes` (card,
probability) in card order, as exact :class:`~fractions.Fraction` values
that sum to 1, or as floats (:meth:`~InitialDeal.float_outcomes`).

**Redeals.** A void deal (R2.3: the bidder's four cards hold no 9 or higher)
is redealt by :func:`seep.new_deal`, so the deck it plays is uniform among
the decks that are not void. The chance nodes fold this into the
probabilities of the initial deal: every card's probability is in
proportion to the number of ways to deal the bidder's opening cards still
to come so that the deal is not void. A card that would complete a void
hand has probability 0 (it is not offered); while the bidder's cards are
still to come (a floor dealt first), a low card is a little likelier than
a high one. The product of the probabilities along a deal is then exactly
the probability :func:`seep.new_deal` gives it, and no void hand is ever
reached. Every later card is uniform over the cards not yet dealt.

**The stock.** A chance state's undealt cards are not decided yet, but a
:class:`~seep.state.State` keeps its stock in dealing order; they wait
there in a fixed order that no probability depends on: ascending card order,
or the ``order`` given to :func:`start_deal`. With ``order`` a deck and
every outcome taken in that deck's order, the chance states are exactly the
states of ``new_deal(variant, deck=order, dealer=...)`` and the moves
played on it.

>>> from seep import Card, legal_moves
>>> from seep.chance import InitialDeal, play_move, start_deal
>>> node = start_deal("standard", dealer=0)
>>> node.recipient, len(node.outcomes()), sum(p for _, p in node.outcomes())
(1, 52, Fraction(1, 1))
>>> for text in ("2S", "3H", "4D"):                      # three low cards to the bidder
...     node = node.deal(Card.parse(text))
...
>>> outcomes = node.outcomes()                            # the fourth must be 9 or higher (R2.3)
>>> len(outcomes), min(card.value for card, _ in outcomes), outcomes[0][1]
(20, 9, Fraction(1, 20))
>>> node = node.deal(Card.parse("KS"))
>>> while isinstance(node, InitialDeal):                  # the floor: uniform
...     node = node.deal(node.outcomes()[0][0])
...
>>> state = node
>>> state.hands[1], state.loose, len(state.stock)
(CardSet('2S 3H 4D KS'), CardSet('AS AH AD AC'), 44)
>>> bid = legal_moves(state)[0]
>>> play_move(state, bid).bid                             # the bid deals nothing
13
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import perm
from operator import itemgetter
from typing import Any, Final, TypeAlias, TypeVar

import attrs

from seep._engine.bits import FULL_MASK, HIGH_MASK
from seep._engine.bypass import with_deal
from seep._engine.caches import cached, footprint
from seep._engine.schedule import bidding_positions, first_to_play, opening_recipients
from seep._engine.transition import transition
from seep._util.arguments import check_int, check_seat
from seep._util.deprecation import renamed_names
from seep._util.excerpt import excerpt
from seep.cards import ALL_CARDS, Card, card_index
from seep.deal import deal_from_order, new_deal
from seep.errors import InvalidStateError
from seep.moves import Move
from seep.rules import apply_move
from seep.state import State
from seep.variants import Variant, get_variant

__all__ = [
    "ChanceNode",
    "InitialDeal",
    "PacketDeal",
    "initial_recipients",
    "packet_recipients",
    "play_move",
    "start_deal",
]


def initial_recipients(variant: str | Variant, dealer: int) -> tuple[int | None, ...]:
    """Who receives each card of the initial deal, in dealing order (``None``: the floor).

    >>> from seep.chance import initial_recipients
    >>> initial_recipients("standard", 0)
    (1, 1, 1, 1, None, None, None, None)
    >>> initial_recipients("taash-2p", 1)
    (None, None, None, None, 0, 0, 0, 0, 1, 1, 1, 1)
    """
    rules = get_variant(variant)
    check_seat(dealer, rules.players, "dealer")
    return _opening(rules, dealer)[0]


# The schedule of an opening and the outcome tables are kept under the package's cache
# budget (see seep.caching): every chance node of a deal asks for them.
@cached("chance.openings", footprint)
def _opening(variant: Variant, dealer: int) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """:func:`initial_recipients` of a checked dealer and the positions of the bidder's cards."""
    # R2.2, R11.1: the variant's opening; R2.3: the cards that decide a void deal.
    return opening_recipients(variant, dealer), bidding_positions(variant, dealer)


# The opening last asked about: every chance node of an initial deal asks several
# times for the same one, and a variant's hash reads all of its rules.
_last_opening: list[Any] = [None, -1, None]


def _opening_of(variant: Variant, dealer: int) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """:func:`_opening`, kept for the last variant (the same object) and dealer asked about."""
    last = _last_opening
    if last[0] is variant and last[1] == dealer:
        return last[2]  # type: ignore[no-any-return]
    found = _opening(variant, dealer)
    last[:] = [variant, dealer, found]
    return found


@cached("chance.uniform_outcomes", footprint)
def _uniform(count: int) -> tuple[tuple[tuple[Card, float], ...], tuple[tuple[int, float], ...]]:
    """Every card's outcome pair when ``count`` cards are equally likely: ``(card, 1 / count)``.

    As :class:`Card` and as int, indexed by card, so that the outcomes of a
    uniform chance node are looked up rather than made (at most 52 tables).
    """
    chance = 1 / count
    return (
        tuple((card, chance) for card in ALL_CARDS),
        tuple((int(card), chance) for card in ALL_CARDS),
    )


_T = TypeVar("_T")


def _picked(table: Sequence[_T], indices: Sequence[int]) -> tuple[_T, ...]:
    """``tuple(table[i] for i in indices)`` in one call (several times quicker for a deck)."""
    if len(indices) < 2:
        return tuple(table[i] for i in indices)  # itemgetter returns a lone item bare
    return itemgetter(*indices)(table)  # type: ignore[no-any-return]


def _uniform_ids(ids: Sequence[int]) -> list[tuple[int, float]]:
    """The outcome pairs ``(id, 1 / len(ids))`` of ``ids``, taken from the table of their count."""
    return list(_picked(_uniform(len(ids))[1], ids))


@attrs.frozen(kw_only=True)
class InitialDeal:
    """The initial deal in progress: the cards dealt so far, in order (a chance node).

    Make one with :func:`start_deal`. ``dealt[i]`` went to
    ``recipients[i]`` (a seat, or ``None`` for the floor).

    >>> from seep import Card
    >>> from seep.chance import start_deal
    >>> node = start_deal("standard", dealer=0).deal(Card.parse("KS"))
    >>> node.dealt, node.recipient, len(node.outcomes())  # the bidder's second card
    ((Card('KS'),), 1, 51)
    """

    variant: Variant
    dealer: int
    dealt: tuple[Card, ...] = ()
    order: tuple[Card, ...] = attrs.field(default=ALL_CARDS, repr=False)
    #: The indices of the undealt cards, ascending, once asked for (passed on to the next node).
    _left: tuple[int, ...] | None = attrs.field(default=None, repr=False, eq=False)

    @property
    def recipients(self) -> tuple[int | None, ...]:
        """Who receives each card of the initial deal (see :func:`initial_recipients`)."""
        return _opening_of(self.variant, self.dealer)[0]

    @property
    def recipient(self) -> int | None:
        """Who receives the next card: a seat, or ``None`` for the floor."""
        return self.recipients[len(self.dealt)]

    @property
    def bidder(self) -> int:
        """The seat after the dealer (R2.1)."""
        return first_to_play(self.dealer, self.variant.players)

    def outcomes(self) -> tuple[tuple[Card, Fraction], ...]:
        """The cards that may come next with their exact probabilities, in card order.

        Cards of probability 0 (already dealt, or completing a void hand,
        R2.3) are left out; the probabilities sum to 1.
        """
        cards, split = self._weights()
        if split is None:
            chance = Fraction(1, len(cards))
            return tuple((card, chance) for card in cards)
        weights = _card_weights(cards, split)
        total = sum(weights)
        return tuple(
            (card, Fraction(weight, total))
            for card, weight in zip(cards, weights, strict=True)
            if weight
        )

    def float_outcomes(self) -> tuple[tuple[Card, float], ...]:
        """:meth:`outcomes` with float probabilities (what most frameworks take)."""
        return tuple((ALL_CARDS[card], chance) for card, chance in self._id_outcomes())

    def _id_outcomes(self) -> list[tuple[int, float]]:
        """:meth:`float_outcomes` with the cards as ints (see :func:`outcome_ids`)."""
        left = self._left
        if left is None:
            left = self._undealt()
        split = self._split()
        if split is None:
            return _uniform_ids(left)
        return _weighted(left, split)

    def _undealt(self) -> tuple[int, ...]:
        left = self._left
        if left is None:
            left = tuple(_undealt_ids(self.dealt))
            object.__setattr__(self, "_left", left)
        return left

    def deal(self, card: Card) -> InitialDeal | State:
        """The deal after ``card``: the next chance node, or the state once the deal is made.

        Raises :class:`~seep.errors.InvalidStateError` (field ``card``) for a
        card that cannot come next.
        """
        if card in self.dealt or (type(card) is not Card and card not in ALL_CARDS):
            raise InvalidStateError("card", f"{Card(card)} is already dealt")
        split = self._split()
        if split is not None and not split[0 if HIGH_MASK >> card & 1 else 1]:
            raise InvalidStateError("card", f"{Card(card)} would make a void deal (R2.3)")
        dealt = (*self.dealt, card)
        left = self._left
        if left is None:
            left = self._undealt()
        index = bisect_left(left, card)  # the card is undealt: in ``left``
        left = left[:index] + left[index + 1 :]
        if len(dealt) < len(self.recipients):
            # The next node as InitialDeal(...) would make it, its fields set through their slots.
            node = _new_node(InitialDeal)
            _set_variant(node, self.variant)
            _set_dealer(node, self.dealer)
            _set_initial_dealt(node, dealt)
            _set_order(node, self.order)
            _set_initial_left(node, left)
            return node
        if self.order is ALL_CARDS and 0 <= self.dealer < self.variant.players:
            # The dealt cards were checked one by one and the rest are the other cards
            # of the deck, in card order: the deck needs no second reading.
            deck = _picked(ALL_CARDS, dealt) + _picked(ALL_CARDS, left)
            return deal_from_order(self.variant, self.dealer, deck)
        seen = set(dealt)
        deck = dealt + tuple(other for other in self.order if other not in seen)
        return new_deal(self.variant, deck=deck, dealer=self.dealer)

    def _weights(self) -> tuple[list[Card], tuple[int, int] | None]:
        """The undealt cards, and their weights as :meth:`_split` gives them."""
        return [ALL_CARDS[card] for card in _undealt_ids(self.dealt)], self._split()

    def _split(self) -> tuple[int, int] | None:
        """Integer weights of a high card (9 or more) and of a low card, proportional to their probabilities.

        ``None`` when every undealt card is equally likely.
        """
        # A node is asked for its outcomes, then deals: the split is worked out once.
        last = _last_split
        if last[0] is self.dealt and last[1] is self.variant and last[2] == self.dealer:
            return last[3]  # type: ignore[no-any-return]
        found = self._find_split()
        last[:] = [self.dealt, self.variant, self.dealer, found]
        return found

    def _find_split(self) -> tuple[int, int] | None:
        """:meth:`_split`, worked out."""
        if not self.variant.opening.bids:
            return None  # R11.1: no void deal without a bid
        position = len(self.dealt)
        bidding = _opening_of(self.variant, self.dealer)[1]
        if any(HIGH_MASK >> self.dealt[spot] & 1 for spot in bidding if spot < position):
            return None
        slots = sum(1 for spot in bidding if spot > position)
        if not slots and position not in bidding:
            return None  # the bidder's cards are dealt
        # R2.3: the bidder's cards dealt so far hold no 9 or more. A card's weight is the
        # number of ways to deal the bidder's ``slots`` cards still to come after it so
        # that the deal is not void (the other places take the rest in any order).
        others = len(ALL_CARDS) - position - 1
        low = _LOW_CARDS - sum(1 for card in self.dealt if not HIGH_MASK >> card & 1)
        all_orders = perm(others, slots)  # the ordered ways to pick ``slots`` of ``others``
        # With the bidder's card here a high card saves the deal; on another place it does not.
        high_weight = all_orders - (0 if position in bidding else perm(low, slots))
        low_weight = all_orders - (perm(low - 1, slots) if low else 0)
        return high_weight, low_weight


# The split last worked out, by the dealt cards (the same tuple: equal cards), variant and dealer.
_last_split: list[Any] = [None, None, -1, None]

#: The cards below 9 (R2.3: a bid needs a card of 9 or more).
_LOW_CARDS: Final = len(ALL_CARDS) - HIGH_MASK.bit_count()


def _card_weights(cards: list[Card], split: tuple[int, int]) -> list[int]:
    high_weight, low_weight = split
    return [high_weight if HIGH_MASK >> card & 1 else low_weight for card in cards]


#: The lowest card of 9 or more: the high cards are the top of the card order.
_FIRST_HIGH: Final = (HIGH_MASK & -HIGH_MASK).bit_length() - 1
assert HIGH_MASK == FULL_MASK ^ ((1 << _FIRST_HIGH) - 1)


_new_node: Final = object.__new__
# The slot setters of the initial deal's fields (quicker than object.__setattr__).
_set_variant, _set_dealer, _set_initial_dealt, _set_order, _set_initial_left = (
    InitialDeal.__dict__[name].__set__ for name in ("variant", "dealer", "dealt", "order", "_left")
)


def _undealt_ids(dealt: tuple[Card, ...]) -> list[int]:
    """The indices of the cards not in ``dealt``, ascending."""
    ids = list(range(len(ALL_CARDS)))
    for card in sorted(set(dealt), reverse=True):
        del ids[card]
    return ids


def _weighted(ids: Sequence[int], split: tuple[int, int]) -> list[tuple[int, float]]:
    """The ascending card indices ``ids`` of non-zero weight with their float probabilities."""
    high_weight, low_weight = split
    lows = bisect_left(ids, _FIRST_HIGH)
    total = (len(ids) - lows) * high_weight + lows * low_weight
    if not low_weight:
        ids = ids[lows:]
    elif not high_weight:
        ids = ids[:lows]
    return list(_picked(_weighted_pairs(high_weight, low_weight, total), ids))


@cached("chance.weighted_outcomes", footprint)
def _weighted_pairs(high_weight: int, low_weight: int, total: int) -> tuple[tuple[int, float], ...]:
    """Every card's outcome pair, indexed by card, when a high card weighs ``high_weight`` of ``total``.

    A deal meets a few such splits (a handful per opening), so that the
    pairs of a weighted node are looked up as a uniform node's are.
    """
    high, low = high_weight / total, low_weight / total
    return tuple((card, high if card >= _FIRST_HIGH else low) for card in range(len(ALL_CARDS)))


def start_deal(
    variant: str | Variant = "standard",
    *,
    dealer: int = 0,
    order: Sequence[Card] | None = None,
) -> InitialDeal:
    """The initial deal before its first card (the first chance node of a deal).

    ``order`` (a permutation of the 52 cards, default ascending) is the
    order in which the undealt cards wait in the stock; it changes no
    probability (see the module docstring).

    >>> from seep.chance import start_deal
    >>> from seep import new_deal
    >>> from seep.cards import ALL_CARDS
    >>> deck = list(reversed(ALL_CARDS))
    >>> node = start_deal("taash", dealer=3, order=deck)
    >>> for card in deck[:20]:
    ...     node = node.deal(card)
    ...
    >>> node == new_deal("taash", deck=deck, dealer=3)
    True
    """
    rules = get_variant(variant)
    check_int(dealer, "dealer")
    if not 0 <= dealer < rules.players:
        raise InvalidStateError(
            "dealer", f"a seat in 0..{rules.players - 1}, not {excerpt(dealer)}"
        )
    if order is None:
        return InitialDeal(variant=rules, dealer=dealer)
    if isinstance(order, (str, bytes)) or not hasattr(type(order), "__iter__"):
        raise TypeError(f"order: expected a sequence of the 52 cards, not {type(order).__name__}")
    stock_order = tuple(
        card if isinstance(card, Card) else ALL_CARDS[card_index(card, f"order[{index}]")]
        for index, card in enumerate(order)
    )
    if sorted(stock_order) != list(ALL_CARDS):
        raise InvalidStateError("order", "a permutation of the 52 cards")
    return InitialDeal(variant=rules, dealer=dealer, order=stock_order)


@attrs.frozen(kw_only=True)
class PacketDeal:
    """The packets a move deals, in progress (a chance node).

    Made by :func:`play_move`. ``state`` is the state before ``move``;
    ``recipients[i]`` is the seat that receives the ``i``-th card dealt,
    ``dealt`` the cards dealt so far.

    >>> from seep import apply_move, new_deal, parse_move
    >>> from seep.chance import play_move
    >>> state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    >>> node = play_move(state, parse_move("build 6D AH 5S =12"))  # then the first batch's rest
    >>> type(node).__name__, len(node.recipients), node.recipients[:5]
    ('PacketDeal', 44, (1, 1, 1, 1, 2))
    >>> node.outcomes()[0]
    (Card('AS'), Fraction(1, 44))
    """

    state: State
    move: Move
    recipients: tuple[int, ...]
    dealt: tuple[Card, ...] = ()
    #: True when ``move`` is known to be legal (a node made by :func:`play_move`, which
    #: checked it): the last card then plays it without checking it again.
    legal: bool = attrs.field(default=False, repr=False, eq=False)
    #: The undealt cards in card order, once asked for (passed on to the next node).
    _left: tuple[Card, ...] | None = attrs.field(default=None, repr=False, eq=False)

    @property
    def recipient(self) -> int:
        """The seat that receives the next card."""
        return self.recipients[len(self.dealt)]

    def _undealt(self) -> tuple[Card, ...]:
        left = self._left
        if left is None:
            rest = set(self.state.stock)
            rest.difference_update(self.dealt)
            left = tuple(sorted(rest))
            object.__setattr__(self, "_left", left)
        return left

    def outcomes(self) -> tuple[tuple[Card, Fraction], ...]:
        """The cards that may come next (every undealt card, equally likely), in card order."""
        cards = self._undealt()
        chance = Fraction(1, len(cards))
        return tuple((card, chance) for card in cards)

    def float_outcomes(self) -> tuple[tuple[Card, float], ...]:
        """:meth:`outcomes` with float probabilities."""
        cards = self._undealt()
        return tuple(map(_uniform(len(cards))[0].__getitem__, cards))

    def _id_outcomes(self) -> list[tuple[int, float]]:
        """:meth:`float_outcomes` with the cards as ints (see :func:`outcome_ids`)."""
        left = self._left
        return _uniform_ids(self._undealt() if left is None else left)

    def deal(self, card: Card) -> PacketDeal | State:
        """After ``card``: the next chance node, or the state after the move once all are dealt.

        Raises :class:`~seep.errors.InvalidStateError` (field ``card``) for a
        card that is not in the stock or is already dealt.
        """
        left = self._left
        if left is None:
            left = self._undealt()
        try:
            index = bisect_left(left, card)  # the undealt cards are in card order
        except TypeError:
            index = len(left)
        if index == len(left) or left[index] != card:
            raise InvalidStateError("card", f"{Card(card)} is not among the undealt cards")
        dealt = (*self.dealt, card)
        if len(dealt) < len(self.recipients):
            # The next node as PacketDeal(...) would make it, its fields set
            # through their slots: a card is dealt at every chance node of a deal.
            node = _new_node(PacketDeal)
            _set_state(node, self.state)
            _set_move(node, self.move)
            _set_recipients(node, self.recipients)
            _set_dealt(node, dealt)
            _set_legal(node, self.legal)
            _set_left(node, left[:index] + left[index + 1 :])
            return node
        stock = dealt + _without(self.state.stock, dealt)
        before = self.state
        # the order of the stock decides no move
        dealing = with_deal(before, hands=before.hands, stock=stock, history=before.history)
        return transition(dealing, self.move) if self.legal else apply_move(dealing, self.move)


# The slot setters of a packet's fields (quicker than object.__setattr__, which looks the slot up).
_set_state, _set_move, _set_recipients, _set_dealt, _set_legal, _set_left = (
    PacketDeal.__dict__[name].__set__
    for name in ("state", "move", "recipients", "dealt", "legal", "_left")
)

ChanceNode: TypeAlias = InitialDeal | PacketDeal
"""A point of the deal where chance deals the next card."""


def outcome_ids(node: ChanceNode) -> list[tuple[int, float]]:
    """``node.float_outcomes()`` with every card as its index: the form of OpenSpiel's chance outcomes.

    A new list at every call; a uniform node's pairs come from a table.

    >>> from seep.chance import outcome_ids, start_deal
    >>> node = start_deal("taash")
    >>> outcome_ids(node)[:2], len(outcome_ids(node))
    ([(0, 0.019230769230769232), (1, 0.019230769230769232)], 52)
    """
    return node._id_outcomes()


def _without(cards: tuple[Card, ...], removed: Iterable[Card]) -> tuple[Card, ...]:
    gone = set(removed)
    return tuple(card for card in cards if card not in gone)


def _recipients(before: State, after: State) -> tuple[int, ...]:
    """The seat each card taken from the stock went to, in dealing order."""
    count = len(before.stock) - len(after.stock)
    owners = [0] * len(ALL_CARDS)
    for seat, hand in enumerate(after.hands):
        mask = hand.mask
        while mask:  # each card of the hand (bits() without the generator's calls)
            low = mask & -mask
            owners[low.bit_length() - 1] = seat
            mask ^= low
    return _picked(owners, before.stock[:count])


def packet_recipients(state: State, move: Move) -> tuple[int, ...]:
    """The seat that receives each card ``move`` deals, in dealing order (``()``: none).

    Raises :class:`~seep.errors.IllegalMoveError` if ``move`` is illegal.

    >>> from seep.chance import packet_recipients
    >>> from seep import new_deal, legal_moves, apply_move
    >>> state = new_deal("standard", seed=4)
    >>> state = apply_move(state, legal_moves(state)[0])     # the bid deals nothing
    >>> seats = packet_recipients(state, legal_moves(state)[0])  # the rest of the batch (R2.7)
    >>> len(seats), seats[:8], seats.count(1), seats.count(0)
    (44, (1, 1, 1, 1, 2, 2, 2, 2), 8, 12)
    """
    return _recipients(state, apply_move(state, move))


def play_move(state: State, move: Move) -> State | PacketDeal:
    """``move`` applied: the next state, or the chance node of the cards it deals.

    Raises :class:`~seep.errors.IllegalMoveError` if ``move`` is illegal.

    >>> from seep import new_deal, parse_move
    >>> from seep.chance import play_move
    >>> play_move(new_deal("standard", seed=10), parse_move("bid 12")).bid  # the bid deals nothing
    12
    """
    return _dealing(state, move, apply_move(state, move))


def play_legal_move(state: State, move: Move) -> State | PacketDeal:
    """:func:`play_move` of a move known to be legal (one built from legal action ids): not checked again."""
    return _dealing(state, move, transition(state, move))


def _dealing(state: State, move: Move, after: State) -> State | PacketDeal:
    """``after``, or the chance node of the cards that ``move`` deals on the way to it."""
    if len(after.stock) == len(state.stock):
        return after
    return PacketDeal(state=state, move=move, recipients=_recipients(state, after), legal=True)


__getattr__ = renamed_names(__name__, {"play": ("play_move", lambda: play_move)})

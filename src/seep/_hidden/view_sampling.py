"""View-only sampling: the hidden cards dealt from what the current view shows.

This is the method :mod:`seep.sampling` uses for a view whose history is
unknown (:class:`~seep.history.Unknown`). It keeps every public fact and
the seat's own hand, and deals the unseen cards
(:attr:`View.unseen <seep.views.View.unseen>`) over the other hands, the
stock and, during the face-down bid (R2.2), the four floor cards, so that
the constraints the view itself shows hold:

* every house owner holds a card of the house's value (R3.2);
* during the bid (phase ``"bid"``), the bidder holds a card of 9 or more,
  since the deal would have been void otherwise (R2.3);
* after the bid and before the first play, the bidder holds a card of the
  bid's value (R2.4).

Nothing is inferred from the moves that led to the view. The sampled state
carries the view's history as it is.

>>> from seep._hidden.view_sampling import sample_state
>>> import random
>>> from seep import new_deal
>>> from seep.views import observe
>>> state = new_deal("standard", seed=10)
>>> view = observe(state, 1)                 # the bidder: 4 cards, the floor face down
>>> sample = sample_state(view, random.Random(5))
>>> sample.hands[1] == state.hands[1], len(sample.loose), len(sample.stock)
(True, 4, 44)
>>> observe(sample, 1) == view
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from seep._checks.validate import check_view, constraints, hidden_sizes, matchable
from seep._util.arguments import check_count
from seep.cards import Card, CardSet
from seep.errors import InvalidStateError
from seep.history import History, Unknown
from seep.state import House, State
from seep.views import View

__all__ = ["DEFAULT_VIEW_ONLY_PROPOSALS", "constraints", "sample_state", "sample_states"]

#: How many uniform shuffles :func:`sample_state` proposes before its fallback.
DEFAULT_VIEW_ONLY_PROPOSALS = 1000


def sample_state(
    view: View, rng: random.Random, *, max_proposals: int = DEFAULT_VIEW_ONLY_PROPOSALS
) -> State:
    """A full state that ``view`` could be the view of, with the hidden cards dealt by ``rng``.

    The state has the view's seat's hand exactly and copies every public
    field (variant, dealer, phase, to_move, bid, floor, houses, piles,
    seeps, last_capture, plays, redeals). The unseen cards go to the other
    hands (as many as ``view.hand_counts`` says), to the face-down floor
    during the bid, and to the stock (``view.stock_count`` cards, in random
    order), so that every public constraint holds (see :func:`constraints`).
    For a view of a valid state, ``observe(result, view.seat) == view`` and
    the result passes :func:`seep.state_from_dict` validation.

    **Guarantee.** Call a *consistent deal* any way of placing the unseen
    cards (which cards each other hand holds, which are on the face-down
    floor, and the stock order) that fits the sizes and meets the
    constraints. The function deals the unseen cards from a uniformly random
    permutation (drawn lazily: the constrained seats' hands first, the rest
    only if those hands meet the constraints), up to ``max_proposals`` times,
    and returns the first consistent deal: that part samples exactly
    uniformly among the consistent deals. If
    every try fails, it falls back: for each constraint in turn it places one
    card chosen uniformly among the cards that still leave the remaining
    constraints satisfiable, then deals the rest uniformly. The fallback is
    always consistent but not uniform (it favours deals where a seat holds
    several cards of a required value). So, with ``p`` the share of uniform
    deals that are consistent, the result is uniform with probability at
    least ``1 - (1 - p) ** max_proposals``: its total variation distance from the
    uniform distribution over consistent deals is at most
    ``(1 - p) ** max_proposals``. Without constraints (``p = 1``) it is exactly
    uniform and uses one shuffle. The same view and ``rng`` state give the
    same result.

    Raises :class:`~seep.errors.InvalidStateError` (a :class:`ValueError`)
    naming the field if the view is not the view of a state that
    :func:`seep.state_from_dict` loads: among others, the unseen cards do
    not fill the hidden places exactly, the seat's own hand breaks a
    constraint, or no deal meets the constraints.

    >>> from seep._hidden.view_sampling import sample_state
    >>> import random
    >>> from seep.testing import position
    >>> from seep.views import observe
    >>> from seep import state_from_dict, state_to_dict
    >>> state = position(hand="9S 4H", loose="5C", houses=[(9, "4S 5H", [1])])
    >>> view = observe(state, 0)
    >>> sample = sample_state(view, random.Random(3))
    >>> sample.hands[0], sample.owner_holds_value(1, 9)
    (CardSet('4H 9S'), True)
    >>> observe(sample, 0) == view, state_from_dict(state_to_dict(sample)) == sample
    (True, True)
    >>> sample_state(view, random.Random(3)) == sample                 # reproducible
    True
    >>> forced = sample_state(view, random.Random(3), max_proposals=0)     # the fallback alone
    >>> forced.owner_holds_value(1, 9), observe(forced, 0) == view
    (True, True)
    """
    check_count(max_proposals, "max_proposals")
    check_view(view)
    others = [seat for seat in range(len(view.hand_counts)) if seat != view.seat]
    sizes = hidden_sizes(view)
    unseen = list(view.unseen)
    needs = [(seat, cards.mask) for seat, cards in constraints(view) if seat != view.seat]

    # Rejection sampling. The hands of the constrained seats are dealt first, by a
    # partial Fisher-Yates shuffle (a uniform draw whatever the list's order); the
    # other cards are shuffled only once those hands meet the constraints.
    constrained = [(seat, view.hand_counts[seat]) for seat in sorted({s for s, _ in needs})]
    head = sum(size for _, size in constrained)
    order = list(unseen)
    for _ in range(max_proposals):
        for i in range(head):
            j = rng.randrange(i, len(order))
            order[i], order[j] = order[j], order[i]
        placed: dict[int, list[Card]] = {}
        start = 0
        for seat, size in constrained:
            placed[seat] = order[start : start + size]
            start += size
        if all(_mask(placed[seat]) & need for seat, need in needs):
            rest = order[head:]
            rng.shuffle(rest)
            return _build(view, others, _fill(others, sizes, placed, rest))
    return _build(view, others, _fallback(view, others, sizes, unseen, needs, rng))


def sample_states(
    view: View, rng: random.Random, n: int, *, max_proposals: int = DEFAULT_VIEW_ONLY_PROPOSALS
) -> Iterator[State]:
    """``n`` independent samples of :func:`sample_state`, drawn lazily from ``rng``.

    >>> from seep._hidden.view_sampling import sample_states
    >>> import random
    >>> from seep import new_deal
    >>> from seep.views import observe
    >>> view = observe(new_deal("taash", seed=4), 0)
    >>> samples = list(sample_states(view, random.Random(8), 3))
    >>> len(samples), all(observe(s, 0) == view for s in samples)
    (3, True)
    """
    check_count(n, "n")
    for _ in range(n):
        yield sample_state(view, rng, max_proposals=max_proposals)


def _mask(cards: list[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _fallback(
    view: View,
    others: list[int],
    sizes: list[int],
    unseen: list[Card],
    needs: list[tuple[int, int]],
    rng: random.Random,
) -> list[list[Card]]:
    """One card per need, chosen uniformly among those that keep the rest satisfiable; rest uniform."""
    capacity = dict(zip(others, sizes, strict=False))
    for seat, _ in needs:
        capacity[seat] -= 1
    free = _mask(unseen)
    if any(room < 0 for room in capacity.values()) or not matchable(needs, free):
        raise InvalidStateError(
            "view", f"no deal of the unseen cards {view.unseen} meets {constraints(view)}"
        )
    placed: dict[int, list[Card]] = {seat: [] for seat in others}
    for index, (seat, need) in enumerate(needs):
        rest = needs[index + 1 :]
        candidates = [
            card
            for card in unseen
            if need >> card & 1 and free >> card & 1 and matchable(rest, free & ~(1 << card))
        ]
        card = rng.choice(candidates)
        placed[seat].append(card)
        free &= ~(1 << card)
    remaining = [card for card in unseen if free >> card & 1]
    rng.shuffle(remaining)
    return _fill(others, sizes, placed, remaining)


def _fill(
    others: list[int], sizes: list[int], placed: dict[int, list[Card]], rest: list[Card]
) -> list[list[Card]]:
    """The hidden places in order (other hands, face-down floor, stock): ``placed`` cards
    first, then the next cards of ``rest``."""
    parts: list[list[Card]] = []
    start = 0
    for index, size in enumerate(sizes):
        fixed = placed.get(others[index], []) if index < len(others) else []
        take = size - len(fixed)
        parts.append(fixed + rest[start : start + take])
        start += take
    return parts


def _build(view: View, others: list[int], parts: list[list[Card]]) -> State:
    players = len(view.hand_counts)
    hands = [view.hand] * players
    for seat, part in zip(others, parts, strict=False):
        hands[seat] = CardSet(_mask(part))
    floor_part, stock_part = parts[len(others)], parts[len(others) + 1]
    loose = view.loose if view.loose is not None else CardSet(_mask(floor_part))
    houses = tuple(
        House(value=house.value, cards=house.cards, owners=tuple(sorted(house.owners)))
        for house in sorted(view.houses, key=lambda house: house.value)
    )
    return State(
        variant=view.variant,
        dealer=view.dealer,
        phase=view.phase,
        to_move=view.to_move,
        bid=view.bid,
        hands=tuple(hands),
        stock=tuple(stock_part),
        face_up=view.face_up,
        loose=loose,
        houses=houses,
        piles=view.piles,
        seeps=view.seeps,
        last_capture=view.last_capture,
        plays=view.plays,
        redeals=view.redeals,
        history=History.unknown(view.plays)
        if view.history == (Unknown(view.plays),)
        else History.start(view.history),
    )

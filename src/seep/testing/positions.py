"""Hand-made positions: give the cards that matter, :func:`position` fills in the rest.

The other hands, the stock, the piles, the dealer and the play count are
chosen so that the state is one a real deal can reach; it is validated like
a loaded document, so a position that breaks a rule is refused.

>>> from seep.testing import position
>>> state = position(hand="KS 5D", loose="8H", to_move=2)
>>> state.to_move, len(state.hands[2]), state.loose
(2, 2, CardSet('8H'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seep._engine.bits import VALUE_MASKS, bits
from seep._engine.schedule import hand_sizes, seat_to_play, stock_size
from seep.cards import ALL_CARDS, CardSet, CardsLike
from seep.errors import InvalidStateError
from seep.serialization import state_from_dict
from seep.state import State
from seep.variants import Variant, get_variant

__all__ = ["position"]

HouseSpec = tuple[int, CardsLike, Sequence[int]]


def position(
    variant: str | Variant = "standard",
    *,
    hand: CardsLike,
    to_move: int = 0,
    loose: CardsLike = "",
    houses: Sequence[HouseSpec] = (),
    hands: Mapping[int, CardsLike] | None = None,
    plays: int | None = None,
    dealer: int | None = None,
    bid: int | None = 9,
    piles: Sequence[CardsLike] | None = None,
    last_capture: int | None = -1,
) -> State:
    """A valid mid-deal state built from the cards that matter.

    ``hand`` is the hand of ``to_move``; ``loose`` the loose floor cards;
    ``houses`` a list of ``(value, cards, owners)``; ``hands`` optional
    other hands. Unless given, ``plays`` and ``dealer`` are chosen so that the
    hand sizes fit the deal (R2.7, R2.9), and the other hands, the stock and
    the piles are filled with the unused cards (each house owner gets a card
    of the house's value, R3.2). ``last_capture`` defaults to the seat before
    ``to_move`` when any card is in a pile. The result is validated like a
    loaded document.

    >>> from seep.testing import position
    >>> state = position(hand="9S 4H", loose="5C 5D", houses=[(9, "4S 5H", [1])])
    >>> state.to_move, state.hand, state.loose, state.houses[0].owners
    (0, CardSet('4H 9S'), CardSet('5D 5C'), (1,))
    >>> len(state.hands[0]), state.plays
    (2, 40)
    """
    rules = get_variant(variant)
    players = rules.players
    fixed = {seat: CardSet.of(cards) for seat, cards in (hands or {}).items()}
    fixed[to_move] = CardSet.of(hand)
    house_specs = [(value, CardSet.of(cards), sorted(owners)) for value, cards, owners in houses]
    loose_set = CardSet.of(loose)
    pile_sets = [CardSet.of(p) for p in piles] if piles is not None else [CardSet()] * rules.teams

    used = loose_set.mask
    for cards in [*fixed.values(), *(c for _, c, _ in house_specs), *pile_sets]:
        if used & cards.mask:
            raise InvalidStateError("position", f"{CardSet(used & cards.mask)} used twice")
        used |= cards.mask

    dealer, plays = _fit(rules, to_move, fixed, dealer, plays, bid)
    sizes = hand_sizes(rules, dealer, plays, bid)
    free = [card for card in reversed(ALL_CARDS) if not used >> card & 1]
    hand_masks = {seat: fixed[seat].mask for seat in fixed}
    for value, _, owners in house_specs:
        for owner in owners:
            if owner in fixed or hand_masks.get(owner, 0) & VALUE_MASKS[value]:
                continue
            card = next((c for c in free if c.value == value), None)
            if card is None:
                raise InvalidStateError("houses", f"no card of {value} left for owner {owner}")
            free.remove(card)
            hand_masks[owner] = hand_masks.get(owner, 0) | 1 << card
    for seat in range(players):
        if seat in fixed:
            continue
        mask = hand_masks.get(seat, 0)
        while mask.bit_count() < sizes[seat]:
            if not free:
                raise InvalidStateError("hands", "not enough cards left to fill the hands")
            mask |= 1 << free.pop()
        hand_masks[seat] = mask
    stock_count = stock_size(rules, dealer, plays, bid)
    if len(free) < stock_count:
        raise InvalidStateError("stock", "not enough cards left to fill the stock")
    stock = [free.pop() for _ in range(stock_count)]
    if last_capture == -1:
        last_capture = (to_move - 1) % players if free or any(pile_sets) else None
    if free:
        if last_capture is None:
            raise InvalidStateError("piles", f"{len(free)} cards left over and no last capturer")
        team = rules.team_of(last_capture)
        pile_sets[team] = pile_sets[team] | CardSet.of(free)
    doc: dict[str, Any] = {
        "variant": rules.name,
        "players": players,
        "dealer": dealer,
        "phase": "play",
        "to_move": to_move,
        "bid": bid,
        "hands": [[str(ALL_CARDS[i]) for i in bits(hand_masks[s])] for s in range(players)],
        "stock": [str(card) for card in stock],
        "floor": {
            "face_up": True,
            "loose": [str(card) for card in loose_set],
            "houses": [
                {"value": value, "cards": [str(c) for c in cards], "owners": owners}
                for value, cards, owners in house_specs
            ],
        },
        "piles": [[str(card) for card in pile] for pile in pile_sets],
        "seeps": [],
        "last_capture": last_capture,
        "plays": plays,
    }
    return state_from_dict(doc, variant=rules)


def _fit(
    rules: Variant,
    to_move: int,
    fixed: Mapping[int, CardSet],
    dealer: int | None,
    plays: int | None,
    bid: int | None,
) -> tuple[int, int]:
    players = rules.players
    dealers = (
        [dealer] if dealer is not None else [(to_move - 1 - k) % players for k in range(players)]
    )
    counts = [plays] if plays is not None else list(range(1, rules.plays_per_deal))
    for count in counts:
        for candidate in dealers:
            if seat_to_play(candidate, players, count) != to_move:
                continue
            sizes = hand_sizes(rules, candidate, count, bid)
            if all(sizes[seat] == len(cards) for seat, cards in fixed.items()):
                return candidate, count
    sizes_text = ", ".join(f"seat {s}: {len(c)}" for s, c in sorted(fixed.items()))
    raise InvalidStateError(
        "position", f"no dealer and play count give seat {to_move} the move with hands {sizes_text}"
    )

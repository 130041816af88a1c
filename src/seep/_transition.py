"""Applying a legal move: the pure transition (R2.5 to R2.9, R4 to R9).

:func:`transition` trusts that the move is legal; :func:`seep.apply_move`
checks first. Only the parts of the state that a move changes are rebuilt;
the new state shares the rest with the old one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from seep._structure import in_opening_round, opening_hand
from seep.cards import Card, CardSet, from_mask
from seep.history import after_move
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.state import House, Phase, SeepRecord, State
from seep.variants import Opening, SeepContext

PACKET: Final = 4
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_BID_OPENING: Final = Opening.BID
_new: Final = object.__new__
# The slots of a State, set directly: the transition makes many states, and
# the values are already known to be valid.
_STATE_SLOTS: Final = {
    name: getattr(State, name).__set__
    for name in State.__slots__  # type: ignore[attr-defined]
    if not name.startswith("__")
}
_set_variant: Final = _STATE_SLOTS["variant"]
_set_dealer: Final = _STATE_SLOTS["dealer"]
_set_phase: Final = _STATE_SLOTS["phase"]
_set_to_move: Final = _STATE_SLOTS["to_move"]
_set_bid: Final = _STATE_SLOTS["bid"]
_set_hands: Final = _STATE_SLOTS["hands"]
_set_stock: Final = _STATE_SLOTS["stock"]
_set_face_up: Final = _STATE_SLOTS["face_up"]
_set_loose: Final = _STATE_SLOTS["loose"]
_set_houses: Final = _STATE_SLOTS["houses"]
_set_piles: Final = _STATE_SLOTS["piles"]
_set_seeps: Final = _STATE_SLOTS["seeps"]
_set_last_capture: Final = _STATE_SLOTS["last_capture"]
_set_plays: Final = _STATE_SLOTS["plays"]
_set_redeals: Final = _STATE_SLOTS["redeals"]
_set_history: Final = _STATE_SLOTS["history"]
_set_legal_cache: Final = _STATE_SLOTS["_legal_cache"]
_set_cached_hash: Final = _STATE_SLOTS["_attrs_cached_hash"]


def deal_packets(
    stock: tuple[Card, ...], hands: list[int], start: int, quotas: list[int]
) -> tuple[Card, ...]:
    """Deal packets of four round from ``start``, skipping seats whose quota is met.

    ``hands`` (masks) and ``quotas`` (cards still to give each seat) are
    updated in place; returns the rest of the stock (R2.7, R2.9).
    """
    players = len(hands)
    position = 0
    seat = start
    while any(quotas):
        if quotas[seat]:
            count = min(PACKET, quotas[seat])
            for card in stock[position : position + count]:
                hands[seat] |= 1 << card
            position += count
            quotas[seat] -= count
        seat = (seat + 1) % players
    return stock[position:]


def _with_house(houses: tuple[House, ...], changed: House) -> tuple[House, ...]:
    """``houses`` with ``changed`` in place of the house of its value, sorted by value (R5.1)."""
    kept = [house for house in houses if house.value != changed.value]
    return tuple(sorted((*kept, changed), key=_house_value))


def _house_value(house: House) -> int:
    return house.value


def _without(houses: tuple[House, ...], value: int) -> tuple[House, ...]:
    """``houses`` without the house of ``value``."""
    return tuple(house for house in houses if house.value != value)


def _house(value: int, cards: int, owners: tuple[int, ...]) -> House:
    """A house from values the transition has already checked."""
    house = _new(House)
    object.__setattr__(house, "value", value)
    object.__setattr__(house, "cards", from_mask(cards))
    object.__setattr__(house, "owners", owners)
    return house


def _add_to_pile(piles: tuple[CardSet, ...], team: int, cards: int) -> tuple[CardSet, ...]:
    """``piles`` with ``cards`` added to the pile of ``team``."""
    return (*piles[:team], from_mask(piles[team].mask | cards), *piles[team + 1 :])


def transition(state: State, move: Move) -> State:
    """The state after the legal ``move``."""
    if type(move) is Bid:  # R2.4, R2.5: the bid is made and the floor turns face up
        return _bid_made(state, move.value)
    assert not isinstance(move, Bid)
    seat = state.to_move
    assert seat is not None
    variant = state.variant
    card = move.card
    bit = 1 << card
    old_loose = loose = state.loose.mask
    houses = state.houses
    piles = state.piles
    seeps = state.seeps
    last_capture = state.last_capture
    plays = state.plays + 1

    if type(move) is Throw:
        loose |= bit
    elif type(move) is Take:
        taken = move.loose.mask
        loose &= ~taken
        taken |= bit
        if move.house is not None:
            for house in houses:
                if house.value == move.house:
                    taken |= house.cards.mask
            houses = _without(houses, move.house)
        piles = _add_to_pile(piles, variant.team_of(seat), taken)
        last_capture = seat
        if not loose and not houses:  # R4.5: a seep
            context = SeepContext(
                card=card,
                play=plays,
                first_play=plays == 1,
                last_play=plays == variant.plays_per_deal,
                batch_end=_is_batch_end(state, plays),
            )
            # A user-defined rule may return anything: checked before it is recorded.
            rule: Callable[[SeepContext], object] = variant.seep_bonus
            points = rule(context)
            if type(points) is not int:
                raise TypeError(
                    f"the seep rule {variant.seep_bonus!r} of variant {variant.name!r} "
                    f"gave {points!r} for a seep, not an int"
                )
            seeps = (*seeps, SeepRecord(seat=seat, play=plays, points=points))
    elif type(move) is Build:
        added = move.loose.mask
        loose &= ~added
        added |= bit
        value = move.value
        existing = state.house(value)
        if existing is None:  # R5.2
            houses = _with_house(houses, _house(value, added, (seat,)))
        else:  # R6.1, R6.3
            owners = existing.owners
            if seat not in owners and variant.partner_of(seat) not in owners:
                owners = tuple(sorted((*owners, seat)))
            houses = _with_house(houses, _house(value, existing.cards.mask | added, owners))
    else:
        assert type(move) is Raise
        raised = state.house(move.house)
        assert raised is not None
        new_value = raised.value + card.value
        cards = raised.cards.mask | bit
        joined = state.house(new_value)
        houses = _without(houses, raised.value)
        if joined is None:  # R7.2
            houses = _with_house(houses, _house(new_value, cards, (seat,)))
        else:  # R7.4: merge into the standing house
            owners = tuple(sorted({*joined.owners, seat}))
            houses = _with_house(houses, _house(new_value, cards | joined.cards.mask, owners))

    hands = state.hands
    stock = state.stock
    phase = _PLAY
    bid = state.bid
    players = len(hands)
    to_move: int | None = seat + 1 if seat + 1 < players else 0
    if variant.opening is _BID_OPENING:
        deal_rest = plays == 1  # R2.7, R2.9: the rest of the batch after the first play
    else:
        deal_rest = in_opening_round(variant, state.plays, bid) and (
            type(move) is Build or plays == players
        )
        if type(move) is Build and deal_rest:
            bid = move.value  # R11.2: the first house built is the bid
    mover_hand = hands[seat].mask & ~bit
    if deal_rest or not mover_hand:
        masks = [hand.mask for hand in hands]
        masks[seat] = mover_hand
        if deal_rest:
            quotas = [
                variant.cards_per_hand - opening_hand(variant, state.dealer, s)
                for s in range(players)
            ]
            stock = deal_packets(stock, masks, state.bidder, quotas)
        if not any(masks):
            if stock:  # R2.9: the second batch of a two-player deal
                quotas = [min(variant.cards_per_hand, len(stock) // players)] * players
                stock = deal_packets(stock, masks, state.bidder, quotas)
            else:  # R9.1, R9.2: the deal is over, the floor goes to the last capturer
                to_move = None
                phase = _OVER
                if last_capture is not None:
                    rest = loose
                    for house in houses:
                        rest |= house.cards.mask
                    piles = _add_to_pile(piles, variant.team_of(last_capture), rest)
                    loose = 0
                    houses = ()
        hands = tuple(
            old if old.mask == mask else from_mask(mask)
            for old, mask in zip(hands, masks, strict=True)
        )
    else:
        hands = (*hands[:seat], from_mask(mover_hand), *hands[seat + 1 :])

    after = _new(State)
    _set_variant(after, variant)
    _set_dealer(after, state.dealer)
    _set_phase(after, phase)
    _set_to_move(after, to_move)
    _set_bid(after, bid)
    _set_hands(after, hands)
    _set_stock(after, stock)
    _set_face_up(after, True)
    _set_loose(after, state.loose if loose == old_loose else from_mask(loose))
    _set_houses(after, houses)
    _set_piles(after, piles)
    _set_seeps(after, seeps)
    _set_last_capture(after, last_capture)
    _set_plays(after, plays)
    _set_redeals(after, state.redeals)
    _set_legal_cache(after, None)
    _set_cached_hash(after, None)
    _set_history(after, after_move(state, move, after))
    return after


def _bid_made(state: State, bid: int) -> State:
    """``state`` in play after the bid ``bid`` (R2.5), the rest unchanged."""
    after = _new(State)
    for name, set_slot in _STATE_SLOTS.items():
        set_slot(after, getattr(state, name))
    _set_phase(after, _PLAY)
    _set_bid(after, bid)
    _set_face_up(after, True)
    _set_legal_cache(after, None)
    _set_cached_hash(after, None)
    _set_history(after, after_move(state, Bid(value=bid), after))
    return after


def _is_batch_end(state: State, plays: int) -> bool:
    """True if ``plays`` ends a batch that is not the last of the deal (R4.5, R2.9)."""
    per_batch = state.variant.cards_per_hand * len(state.hands)
    return plays % per_batch == 0 and plays < state.variant.plays_per_deal

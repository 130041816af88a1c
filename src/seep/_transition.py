"""Applying a legal move: the pure transition (R2.5 to R2.9, R4 to R9).

:func:`transition` trusts that the move is legal; :func:`seep.apply_move`
checks first.
"""

from __future__ import annotations

import attrs

from seep._structure import in_opening_round, opening_hand
from seep.cards import Card, from_mask
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.state import House, Phase, SeepRecord, State
from seep.variants import Opening, SeepContext

PACKET = 4


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


def _sorted_houses(houses: list[House]) -> tuple[House, ...]:
    houses.sort(key=lambda house: house.value)
    return tuple(houses)


def transition(state: State, move: Move) -> State:
    """The state after the legal ``move``."""
    if isinstance(move, Bid):  # R2.4, R2.5: the bid is made and the floor turns face up
        return attrs.evolve(state, phase=Phase.PLAY, bid=move.value, face_up=True)
    seat = state.to_move
    assert seat is not None
    variant = state.variant
    card = move.card
    bit = 1 << card
    hands = [hand.mask for hand in state.hands]
    hands[seat] &= ~bit
    loose = state.loose.mask
    houses = list(state.houses)
    piles = state.piles
    seeps = state.seeps
    last_capture = state.last_capture
    plays = state.plays + 1

    if isinstance(move, Take):
        taken = bit | move.loose.mask
        loose &= ~move.loose.mask
        if move.house is not None:
            house = next(h for h in houses if h.value == move.house)
            houses.remove(house)
            taken |= house.cards.mask
        team = variant.team_of(seat)
        piles = tuple(
            from_mask(pile.mask | taken) if index == team else pile
            for index, pile in enumerate(piles)
        )
        last_capture = seat
        if not loose and not houses:  # R4.5: a seep
            context = SeepContext(
                card=card,
                play=plays,
                first_play=plays == 1,
                last_play=plays == variant.plays_per_deal,
                batch_end=_is_batch_end(state, plays),
            )
            points = variant.seep_bonus(context)
            seeps = (*seeps, SeepRecord(seat=seat, play=plays, points=points))
    elif isinstance(move, Build):
        loose &= ~move.loose.mask
        added = bit | move.loose.mask
        existing = next((h for h in houses if h.value == move.value), None)
        if existing is None:  # R5.2
            houses.append(House(value=move.value, cards=from_mask(added), owners=(seat,)))
        else:  # R6.1, R6.3
            owners = existing.owners
            partner = variant.partner_of(seat)
            if seat not in owners and partner not in owners:
                owners = tuple(sorted((*owners, seat)))
            houses.remove(existing)
            houses.append(
                House(value=move.value, cards=from_mask(existing.cards.mask | added), owners=owners)
            )
    elif isinstance(move, Raise):
        raised = next(h for h in houses if h.value == move.house)
        houses.remove(raised)
        new_value = move.house + card.value
        cards = raised.cards.mask | bit
        joined = next((h for h in houses if h.value == new_value), None)
        if joined is None:  # R7.2
            houses.append(House(value=new_value, cards=from_mask(cards), owners=(seat,)))
        else:  # R7.4: merge into the standing house
            houses.remove(joined)
            owners = tuple(sorted({*joined.owners, seat}))
            houses.append(
                House(value=new_value, cards=from_mask(cards | joined.cards.mask), owners=owners)
            )
    elif isinstance(move, Throw):
        loose |= bit
    else:  # pragma: no cover
        raise TypeError(f"not a move: {move!r}")

    stock = state.stock
    phase = Phase.PLAY
    bid = state.bid
    to_move: int | None = (seat + 1) % len(hands)
    if variant.opening is Opening.BID:
        deal_rest = plays == 1  # R2.7, R2.9: the rest of the batch after the first play
    else:
        deal_rest = in_opening_round(variant, state.plays, bid) and (
            isinstance(move, Build) or plays == len(hands)
        )
        if isinstance(move, Build) and deal_rest:
            bid = move.value  # R11.2: the first house built is the bid
    if deal_rest:
        quotas = [
            variant.cards_per_hand - opening_hand(variant, state.dealer, s)
            for s in range(len(hands))
        ]
        stock = deal_packets(stock, hands, state.bidder, quotas)
    if not any(hands):
        if stock:  # R2.9: the second batch of a two-player deal
            quotas = [min(variant.cards_per_hand, len(stock) // len(hands))] * len(hands)
            stock = deal_packets(stock, hands, state.bidder, quotas)
        else:  # R9.1, R9.2: the deal is over, the floor goes to the last capturer
            to_move = None
            phase = Phase.OVER
            if last_capture is not None:
                rest = loose
                for house in houses:
                    rest |= house.cards.mask
                team = variant.team_of(last_capture)
                piles = tuple(
                    from_mask(pile.mask | rest) if index == team else pile
                    for index, pile in enumerate(piles)
                )
                loose = 0
                houses = []

    return State(
        variant=variant,
        dealer=state.dealer,
        phase=phase,
        to_move=to_move,
        bid=bid,
        hands=tuple(
            old if old.mask == hand else from_mask(hand)
            for old, hand in zip(state.hands, hands, strict=True)
        ),
        stock=stock,
        face_up=True,
        loose=from_mask(loose),
        houses=_sorted_houses(houses),
        piles=piles,
        seeps=seeps,
        last_capture=last_capture,
        plays=plays,
        redeals=state.redeals,
    )


def _is_batch_end(state: State, plays: int) -> bool:
    """True if ``plays`` ends a batch that is not the last of the deal (R4.5, R2.9)."""
    per_batch = state.variant.cards_per_hand * len(state.hands)
    return plays % per_batch == 0 and plays < state.variant.plays_per_deal

"""A view's history checked against the view: the public replay of its packets and moves.

Every move is public (the card played and every card it takes or builds
with), and so are the seat's own packets and a face-up floor. Replaying
them gives the seat's hand, the loose cards, the houses' cards, the piles
and the play count, which must be the view's (the JSON documents, views
as JSON). A history that contradicts its view would leave no deal for the
sampler to find.

>>> from seep import new_deal, apply_move, legal_moves
>>> from seep.views import observe
>>> state = new_deal("standard", seed=10)
>>> state = apply_move(state, legal_moves(state)[0])
>>> check_history(observe(state, 1))  # consistent: nothing raised
"""

from __future__ import annotations

from typing import Any

from seep.cards import CardSet
from seep.errors import InvalidStateError
from seep.history import Dealt, FloorTurned, Played, SeepRecord, Unknown
from seep.moves import Bid, Build, Raise, Take, Throw
from seep.state import Phase

# A view is read by its fields only, so that this module need not import seep.views.
View = Any

__all__ = ["check_history"]


def check_history(view: View) -> None:
    """Raise :class:`~seep.errors.InvalidStateError` naming ``history[i]`` unless it fits ``view``."""
    if not view.history_known:
        return
    variant = view.variant
    seen = 0  # every card the history names, each once
    hand = 0
    loose = 0
    hidden_floor = 0  # face-down floor cards not yet turned (R2.2, R2.5)
    houses: dict[int, int] = {}  # value -> mask of its cards
    piles = [0] * variant.teams
    dealt = [0] * variant.players
    played = [0] * variant.players
    on_floor = 0
    plays = 0
    seeps: list[SeepRecord] = []

    def fail(index: int, reason: str) -> InvalidStateError:
        return InvalidStateError(f"history[{index}]", reason)

    def name(index: int, cards: CardSet) -> None:
        nonlocal seen
        if seen & cards.mask:
            raise fail(index, f"{CardSet(seen & cards.mask)} already in the history (R1.1)")
        seen |= cards.mask

    for index, entry in enumerate(view.history):
        if isinstance(entry, Unknown):
            raise fail(index, "an unknown part is only the whole history")
        if isinstance(entry, SeepRecord):
            if loose or houses:
                raise fail(index, "R4.5: a seep, but the floor is not empty")
            seeps.append(entry)
            continue
        if isinstance(entry, Dealt):
            if entry.cards is not None:
                if len(entry.cards) != entry.count:
                    raise fail(index, f"{entry.count} cards dealt, {len(entry.cards)} named")
                name(index, entry.cards)
            if entry.to is None:
                on_floor += entry.count
                if entry.cards is None:
                    hidden_floor += entry.count
                else:
                    loose |= entry.cards.mask
            else:
                dealt[entry.to] += entry.count
                if entry.to == view.seat:
                    if entry.cards is None:
                        raise fail(index, "the seat's own packet is hidden from it")
                    hand |= entry.cards.mask
            continue
        if isinstance(entry, FloorTurned):
            if len(entry.cards) != hidden_floor:
                raise fail(index, f"{len(entry.cards)} cards turned, {hidden_floor} face down")
            name(index, entry.cards)
            loose |= entry.cards.mask
            hidden_floor = 0
            continue
        assert isinstance(entry, Played)
        move, seat = entry.move, entry.seat
        if isinstance(move, Bid):
            continue
        plays += 1
        played[seat] += 1
        card = move.card.mask
        if seat == view.seat:
            if not hand & card:
                raise fail(index, f"seat {seat} plays {move.card}, not in its hand")
            hand &= ~card
        else:
            name(index, CardSet(card))
        if isinstance(move, (Take, Build)) and move.loose.mask & ~loose:
            raise fail(index, f"{move} uses {CardSet(move.loose.mask & ~loose)}, not loose")
        broken = _broken_sum(move, houses)
        if broken:
            raise fail(index, f"{move}: {broken}")
        if isinstance(move, Throw):
            loose |= card
        elif isinstance(move, Take):
            taken = card | move.loose.mask
            if move.house is not None:
                if move.house not in houses:
                    raise fail(index, f"{move} takes a house of {move.house} that is not there")
                taken |= houses.pop(move.house)
            loose &= ~move.loose.mask
            piles[variant.team_of(seat)] |= taken
        elif isinstance(move, Build):
            loose &= ~move.loose.mask
            houses[move.value] = houses.get(move.value, 0) | card | move.loose.mask
        else:
            assert isinstance(move, Raise)
            if move.house not in houses:
                raise fail(index, f"{move} raises a house of {move.house} that is not there")
            cards = houses.pop(move.house) | card
            houses[move.new_value] = houses.get(move.new_value, 0) | cards
    _compare(view, hand, loose, houses, piles, dealt, played, plays, on_floor)
    if tuple(seeps) != view.seeps:
        raise InvalidStateError("seeps", "the history records other seeps (R4.5)")


def _sum(cards: CardSet) -> int:
    return sum(card.value for card in cards)


def _broken_sum(move: Take | Build | Raise | Throw, houses: dict[int, int]) -> str:
    """What makes ``move`` impossible by the sums alone (R4.1, R4.2, R5.2, R6.1, R7.1), or ``""``."""
    value = move.card.value
    if isinstance(move, Take):
        if not move.loose and move.house is None:
            return "a pick-up takes something (R4.1)"
        if _sum(move.loose) % value or (move.house is not None and move.house != value):
            return f"the cards taken are not groups of {value} (R4.1, R4.2)"
    elif isinstance(move, Build) and (value + _sum(move.loose)) % move.value:
        return f"the cards do not make groups of {move.value} (R5.2, R6.1)"
    elif isinstance(move, Raise):
        if move.new_value > 13:
            return "a house is raised to 13 at most (R7.1)"
        if move.house in houses and _sum(CardSet(houses[move.house])) != move.house:
            return "a locked house is never raised (R7.3)"
    return ""


def _compare(
    view: View,
    hand: int,
    loose: int,
    houses: dict[int, int],
    piles: list[int],
    dealt: list[int],
    played: list[int],
    plays: int,
    on_floor: int,
) -> None:
    """The replayed public facts against the view's fields."""
    if view.phase is Phase.OVER and view.last_capture is not None:  # R9.2: the floor is swept up
        team = view.variant.team_of(view.last_capture)
        for mask in houses.values():
            piles[team] |= mask
        piles[team] |= loose
        loose, houses = 0, {}
    if plays != view.plays:
        raise InvalidStateError("history", f"{plays} cards played, the view says {view.plays}")
    if hand != view.hand.mask:
        raise InvalidStateError("history", f"the seat's packets and plays leave {CardSet(hand)}")
    if view.loose is not None and loose != view.loose.mask:
        raise InvalidStateError("history", f"the moves leave {CardSet(loose)} loose")
    if {value: CardSet(mask) for value, mask in houses.items()} != {
        house.value: house.cards for house in view.houses
    }:
        raise InvalidStateError("history", "the moves leave other houses")
    if tuple(piles) != tuple(pile.mask for pile in view.piles):
        raise InvalidStateError("history", "the moves leave other piles")
    for seat, count in enumerate(view.hand_counts):
        if dealt[seat] - played[seat] != count:
            raise InvalidStateError(
                f"hand_counts[{seat}]",
                f"the history deals seat {seat} {dealt[seat]} cards and it played {played[seat]}",
            )
    if 52 - sum(dealt) - on_floor != view.stock_count:
        raise InvalidStateError("stock_count", "the history leaves another stock")

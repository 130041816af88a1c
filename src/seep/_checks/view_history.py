"""A view's history checked against the view: the public replay of its packets and moves.

Every move is public (the card played and every card it takes or builds
with), and so are the seat's own packets and a face-up floor. Replaying
them gives the seat's hand, the loose cards, the houses' cards and
owners (R5.2, R6.3, R7.2, R7.4), the piles, the play count, whose turn it
is (R2.8) and the last capturer (R4.4), which must be the view's (the JSON
documents, views as JSON). A history that contradicts its view would leave no deal for the
sampler to find.

>>> from seep import new_deal, apply_move, legal_moves
>>> from seep.views import observe
>>> from seep._checks.view_history import check_history
>>> state = new_deal("standard", seed=10)
>>> state = apply_move(state, legal_moves(state)[0])
>>> check_history(observe(state, 1))  # consistent: the houses after each move (here a bid)
[()]
"""

from __future__ import annotations

from typing import Any

from seep._engine.bits import mask_total
from seep._engine.effects import bid_after, finish_deal, play_card
from seep._engine.groups import groups
from seep._engine.schedule import (
    PACKET,
    first_to_play,
    in_house_round,
    opening_packets,
    packet_order,
)
from seep.cards import CardSet
from seep.errors import InvalidStateError
from seep.history import Dealt, FloorTurned, Played, SeepRecord, Unknown
from seep.moves import Bid, Build, Raise, Take, Throw
from seep.state import House, Phase
from seep.variants import ThrowRule

# A view is read by its fields only, so that this module need not import seep.views.
View = Any

__all__ = ["check_history"]


def check_history(view: View) -> list[tuple[House, ...]]:
    """Raise :class:`~seep.errors.InvalidStateError` naming ``history[i]`` unless it fits ``view``.

    Returns the houses standing right after each move of the history (a
    bid included), as the replay gives them (none for an unknown history).
    """
    houses_after: list[tuple[House, ...]] = []
    if not view.history_known:
        return houses_after
    variant = view.variant
    seen = 0  # every card the history names, each once
    hand = 0
    loose = 0
    hidden_floor = 0  # face-down floor cards not yet turned (R2.2, R2.5)
    houses: tuple[House, ...] = ()  # with their cards and owners
    piles = (CardSet(),) * variant.teams
    dealt = [0] * variant.players
    played = [0] * variant.players
    on_floor = 0
    plays = 0
    seeps: list[SeepRecord] = []
    turn = _Turn(variant.players, view.dealer)
    packets: list[tuple[int | None, int]] = []  # the packets dealt since the last play
    first_packet = 0  # where they start in the history
    opening = True  # no card played yet
    bid: int | None = None
    last_capture: int | None = None

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
            if not packets:
                first_packet = index
            packets.append((entry.to, entry.count))
            face_up = entry.to is None and not variant.opening.bids
            if entry.face_up != face_up or (entry.to is None and (entry.cards is None) == face_up):
                raise fail(
                    index,
                    "the floor is dealt face down with a bid (R2.2), face up without (R11.1), "
                    "a hand face down",
                )
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
        if packets and packets != _schedule(view, packets, opening):
            raise fail(first_packet, _OUT_OF_ORDER)
        packets, opening = [], False
        wrong_turn = turn.play(seat, isinstance(move, Bid))
        if wrong_turn:
            raise fail(index, wrong_turn)
        house_round = in_house_round(variant, plays, bid)  # R11.2: any card may be thrown
        bid = bid_after(variant, plays, bid, move)  # R2.5; R11.2: the first house built may be it
        if isinstance(move, Bid):
            houses_after.append(houses)
            continue
        if played[seat] >= dealt[seat]:
            raise fail(index, f"seat {seat} plays, but every card dealt to it is played (R3.1)")
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
        standing = {house.value: house.cards.mask for house in houses}
        broken = _broken_sum(move, standing)
        if broken:
            raise fail(index, f"{move}: {broken}")
        if isinstance(move, Throw) and variant.throw_rule is not ThrowRule.ANY and not house_round:
            # R8.2 needs only the card and the floor, which the seat has seen (R11.3: taash throws any)
            value = move.card.value
            if value in standing or groups(loose, value):
                raise fail(index, f"R8.2: {move.card} could pick up, so it may not be thrown")
        if isinstance(move, Take) and move.house is not None and move.house not in standing:
            raise fail(index, f"{move} takes a house of {move.house} that is not there")
        if isinstance(move, Raise) and move.house not in standing:
            raise fail(index, f"{move} raises a house of {move.house} that is not there")
        # What the move does: the transition's own effects (R4.4, R5.2, R6.3, R7.2, R7.4)
        loose, houses, piles, last_capture, _ = play_card(
            variant, loose, houses, piles, last_capture, seat, move
        )
        houses_after.append(houses)
    if packets and packets != _schedule(view, packets, opening):
        raise fail(first_packet, _OUT_OF_ORDER)
    _compare(view, hand, loose, houses, piles, dealt, played, plays, on_floor)
    _compare_owners(view, houses)
    _compare_turn(view, turn)
    if bid != view.bid:
        raise InvalidStateError(
            "bid", f"the history bids {bid}, the view says {view.bid} (R2.4, R11.2)"
        )
    if last_capture != view.last_capture:
        raise InvalidStateError(
            "last_capture",
            f"the history's last capture is by {_seat_name(last_capture)}, "
            f"the view says {_seat_name(view.last_capture)} (R4.4)",
        )
    if tuple(seeps) != view.seeps:
        raise InvalidStateError("seeps", "the history records other seeps (R4.5)")
    return houses_after


_OUT_OF_ORDER = "packets dealt out of order (R2.1, R2.2, R2.7, R2.9, R11.1, R11.2)"


def _schedule(
    view: View, packets: list[tuple[int | None, int]], opening: bool
) -> list[tuple[int | None, int]]:
    """The packets the rules deal, in order, for the cards ``packets`` gives each seat.

    Before the first play the variant's opening packets (R2.2, R11.1);
    later, packets of four round from the seat after the dealer, skipping a
    seat once it has its cards (R2.7, R2.9, R11.2).
    """
    if opening:
        return [(seat, PACKET) for seat in opening_packets(view.variant, view.dealer)]
    players = view.variant.players
    quotas = [0] * players
    for to, count in packets:
        if to is None:
            return []  # the floor is dealt only before the first play
        quotas[to] += count
    return list(packet_order(first_to_play(view.dealer, players), quotas))


class _Turn:
    """Whose turn it is, replayed: the seat after the dealer bids and plays first (R2.1, R2.6,
    R11.2), then each seat after the one that played last (R2.8, R2.9)."""

    def __init__(self, players: int, dealer: int) -> None:
        self.players = players
        self.first = first_to_play(dealer, players)
        self.bid = False
        self.last: int | None = None  # the seat of the last card played

    def play(self, seat: int, is_bid: bool) -> str:
        """Note a bid or a play by ``seat``; what is wrong with it, or ``""``."""
        expected = self.next_seat()
        if seat != expected:
            return f"seat {seat} plays, but it is seat {expected}'s turn (R2.1, R2.6, R2.8)"
        if is_bid:
            if self.bid or self.last is not None:
                return "a bid after the bid or the first play (R2.4)"
            self.bid = True
        else:
            self.last = seat
        return ""

    def next_seat(self) -> int:
        """The seat that plays next."""
        return self.first if self.last is None else (self.last + 1) % self.players


def _compare_owners(view: View, houses: tuple[House, ...]) -> None:
    """The replayed owners of each house against the view's (R5.2, R6.3, R7.2, R7.4)."""
    if view.phase is Phase.OVER:
        return  # R9.2: the floor is swept up, no house is left
    owners = {house.value: frozenset(house.owners) for house in houses}
    for house in view.houses:
        replayed = owners.get(house.value)
        if replayed is not None and replayed != frozenset(house.owners):
            raise InvalidStateError(
                "floor.houses",
                f"the house of {house.value} is owned by {list(house.owners)}, the history makes "
                f"{sorted(replayed)} its owners (R5.2, R6.3, R7.2, R7.4)",
            )


def _compare_turn(view: View, turn: _Turn) -> None:
    """The seat to move against the replayed turn (R2.1, R2.6, R2.8)."""
    if view.phase is Phase.OVER:
        return
    expected = turn.next_seat()
    if view.to_move != expected:
        raise InvalidStateError(
            "to_move",
            f"the history gives the turn to seat {expected}, the view to "
            f"{_seat_name(view.to_move)} (R2.1, R2.6, R2.8)",
        )


def _seat_name(seat: int | None) -> str:
    return "nobody" if seat is None else f"seat {seat}"


def _sum(cards: CardSet) -> int:
    return mask_total(cards.mask)


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
        if move.house in houses and mask_total(houses[move.house]) != move.house:
            return "a locked house is never raised (R7.3)"
    return ""


def _compare(
    view: View,
    hand: int,
    loose: int,
    houses: tuple[House, ...],
    piles: tuple[CardSet, ...],
    dealt: list[int],
    played: list[int],
    plays: int,
    on_floor: int,
) -> None:
    """The replayed public facts against the view's fields."""
    if view.phase is Phase.OVER:  # R9.2: the floor is swept up
        loose, houses, piles = finish_deal(view.variant, loose, houses, piles, view.last_capture)
    if plays != view.plays:
        raise InvalidStateError("history", f"{plays} cards played, the view says {view.plays}")
    if hand != view.hand.mask:
        raise InvalidStateError("history", f"the seat's packets and plays leave {CardSet(hand)}")
    if view.loose is not None and loose != view.loose.mask:
        raise InvalidStateError("history", f"the moves leave {CardSet(loose)} loose")
    if {house.value: house.cards for house in houses} != {
        house.value: house.cards for house in view.houses
    }:
        raise InvalidStateError("history", "the moves leave other houses")
    if piles != tuple(view.piles):
        raise InvalidStateError("history", "the moves leave other piles")
    for seat, count in enumerate(view.hand_counts):
        if dealt[seat] - played[seat] != count:
            raise InvalidStateError(
                f"hand_counts[{seat}]",
                f"the history deals seat {seat} {dealt[seat]} cards and it played {played[seat]}",
            )
    if 52 - sum(dealt) - on_floor != view.stock_count:
        raise InvalidStateError("stock_count", "the history leaves another stock")

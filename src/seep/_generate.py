"""Legal move generation (R2.4, R2.6, R3 to R8), one played card at a time.

The engine works on integer masks; :class:`~seep.moves.Move` objects are
built only for the moves it returns.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from seep._bits import VALUE_MASKS, bits, mask_total
from seep._groups import based_unions, groups, is_union_of_groups, maximal_packings, unions
from seep._structure import in_opening_round
from seep.cards import ALL_CARDS, from_mask
from seep.moves import (
    Bid,
    Build,
    Move,
    Raise,
    Take,
    Throw,
    make_build,
    make_raise,
    make_take,
    make_throw,
)
from seep.state import House, Phase, State
from seep.variants import Opening, Pickup, ThrowRule

HOUSE_VALUES = range(9, 14)
_SUMS = (1 << 14) - 1


class Position:
    """The facts about a state that move generation for its mover needs."""

    __slots__ = (
        "first_play_bid",
        "hand",
        "houses",
        "loose",
        "opening_round",
        "owned",
        "partner",
        "pickup",
        "raisable",
        "seat",
        "state",
        "sums",
        "throw_rule",
    )

    def __init__(self, state: State) -> None:
        seat = state.to_move
        assert seat is not None
        self.state = state
        self.seat = seat
        self.hand = state.hands[seat].mask
        self.loose = state.loose.mask
        # Bit s is set when some loose cards sum to s (s <= 13): a cheap test before any search.
        sums = 1
        for index in bits(self.loose):
            sums |= (sums << (index // 4 + 1)) & _SUMS
        self.sums = sums
        self.houses: dict[int, House] = {house.value: house for house in state.houses}
        self.owned = frozenset(h.value for h in state.houses if seat in h.owners)
        # R7.1, R7.3: only open houses the mover does not own can be raised.
        self.raisable = [
            h.value
            for h in state.houses
            if seat not in h.owners and mask_total(h.cards.mask) == h.value
        ]
        self.partner = state.variant.partner_of(seat)
        self.pickup = state.variant.pickup
        self.throw_rule = state.variant.throw_rule
        # R2.6: the bidder's first play must use the bid.
        self.first_play_bid = (
            state.bid if state.variant.opening is Opening.BID and state.plays == 0 else None
        )
        self.opening_round = in_opening_round(state.variant, state.plays, state.bid)

    def holds(self, value: int, without: int) -> bool:
        """True if the mover holds a card of ``value`` apart from card index ``without``."""
        return bool(self.hand & ~(1 << without) & VALUE_MASKS[value])

    def take_options(self, card: int) -> list[tuple[int, int | None]]:
        """Pick-ups with ``card`` as (loose mask, house value or None), in canonical order."""
        value = card // 4 + 1
        house_value = value if value in self.houses else None
        if self.pickup is Pickup.TAKE_EVERYTHING:
            # R4.3: the house of the value and a maximal set of disjoint groups.
            packings = maximal_packings(self.loose, value) if self.sums >> value & 1 else ()
            if packings:
                return [(packing, house_value) for packing in packings]
            return [(0, value)] if house_value is not None else []
        # R11.3: free choice, any union of disjoint groups and/or the house, at least one.
        options = sorted(unions(self.loose, value))
        found: list[tuple[int, int | None]] = []
        if not self.breaks_duty(card):  # R3.2: the owner's last card must take the house
            found = [(union, None) for union in options if union]
        if house_value is not None:
            found.extend((union, house_value) for union in options)
        return found

    def takes(self, card: int) -> list[Take]:
        """Pick-ups with ``card`` (R4)."""
        played = ALL_CARDS[card]
        return [
            make_take(played, from_mask(loose), house) for loose, house in self.take_options(card)
        ]

    def can_pick_up(self, value: int) -> bool:
        """True if a card of ``value`` could pick something up (R8.2)."""
        return value in self.houses or bool(self.sums >> value & 1)

    def build_targets(self, card: int) -> Iterator[int]:
        """House values ``card`` may go into as far as R3.2, R5.2 and R6.3 are concerned."""
        value = card // 4 + 1
        for target in HOUSE_VALUES:
            if target < value:
                continue
            if target > value and not self.sums >> (target - value) & 1:
                continue  # no loose cards make up the rest of the house
            house = self.houses.get(target)
            if house is None:
                if target == value or not self.holds(target, card):
                    continue  # R5.2: a single card is no house; R3.2: keep a card of it
            elif self._must_keep(house) and not self.holds(target, card):
                continue  # R3.2 / R6.3: an owner or new co-owner keeps a card of the value
            yield target

    def builds(self, card: int) -> Iterator[Build]:
        """New houses and additions to houses with ``card`` (R5, R6), R3.2 included."""
        value = card // 4 + 1
        played = ALL_CARDS[card]
        for target in self.build_targets(card):
            for cards in self.house_card_sets(value, target):
                yield make_build(played, from_mask(cards), target)

    def _must_keep(self, house: House) -> bool:
        """R6.3: does the mover own ``house`` after adding to it?"""
        owners = house.owners
        return self.seat in owners or self.partner not in owners

    def house_card_sets(self, value: int, target: int) -> tuple[int, ...]:
        """Loose card sets that join a card of ``value`` in a house of ``target``."""
        return house_card_sets(self.loose, value, target)

    def raise_targets(self, card: int) -> list[int]:
        """Values of the open houses the mover does not own that ``card`` may raise (R7)."""
        value = card // 4 + 1
        return [
            house
            for house in self.raisable
            if house + value <= 13 and self.holds(house + value, card)  # R7.1, R7.2
        ]

    def raises(self, card: int) -> list[Raise]:
        """Raises of open houses the mover does not own (R7)."""
        played = ALL_CARDS[card]
        return [make_raise(played, value) for value in self.raise_targets(card)]

    def may_throw(self, card: int) -> bool:
        """R8.2: the throw restriction (R3.2 is checked by the caller)."""
        if self.throw_rule is ThrowRule.ONLY_IF_NO_PICKUP:
            return not self.can_pick_up(card // 4 + 1)
        return True  # R11.3: any card may be thrown

    def breaks_duty(self, card: int) -> bool:
        """R3.2: playing ``card`` other than to take its house leaves an owned house uncovered."""
        value = card // 4 + 1
        return value in self.owned and not self.holds(value, card)

    def moves_for_card(self, card: int) -> list[Move]:
        """All legal moves playing ``card`` (which must be in the hand), in canonical order."""
        if self.first_play_bid is not None:
            return [move for move in self.first_play() if move.card == card]
        if self.opening_round:
            return [move for move in self.opening_moves() if move.card == card]
        return list(self.iter_for_card(card))

    def iter_for_card(self, card: int) -> Iterator[Move]:
        """The moves of :meth:`moves_for_card` in normal play, built one at a time."""
        played = ALL_CARDS[card]
        for loose, house in self.take_options(card):
            yield make_take(played, from_mask(loose), house)
        if self.breaks_duty(card):
            return  # R3.2: the last card of an owned house's value may only take it
        yield from self.builds(card)
        for house in self.raise_targets(card):
            yield make_raise(played, house)
        if self.may_throw(card):
            yield make_throw(played)

    def allows(self, move: Take | Build | Raise | Throw) -> bool:
        """Is ``move`` (whose card is in the hand) legal in normal play? Decided without listing moves."""
        card = int(move.card)
        value = card // 4 + 1
        if isinstance(move, Take):
            cards = move.loose.mask
            if cards & ~self.loose or not is_union_of_groups(cards, value):
                return False  # R4.1
            house = move.house
            if (house is not None and house != value) or (house is None and not cards):
                return False  # R4.1, R4.2
            if house is not None and house not in self.houses:
                return False
            if self.pickup is Pickup.TAKE_EVERYTHING:
                # R4.3: the house of the value and no group left behind.
                return (house is not None) == (value in self.houses) and not groups(
                    self.loose & ~cards, value
                )
            return house is not None or not self.breaks_duty(card)  # R11.3, R3.2
        if self.breaks_duty(card):
            return False  # R3.2
        if isinstance(move, Build):
            cards = move.loose.mask
            target = move.value
            if cards & ~self.loose or target not in self.build_targets(card):
                return False
            if value == target:
                return is_union_of_groups(cards, target)  # R6.1
            return bool(cards) and is_union_of_groups(cards, target, target - value)  # R5.2, R5.3
        if isinstance(move, Raise):
            return move.house in self.raise_targets(card)
        return self.may_throw(card)

    def count_for_card(self, card: int) -> int:
        """``len(self.moves_for_card(card))`` without building the moves."""
        if self.first_play_bid is not None or self.opening_round:
            return len(self.moves_for_card(card))
        count = len(self.take_options(card))
        if self.breaks_duty(card):
            return count
        value = card // 4 + 1
        for target in self.build_targets(card):
            count += len(self.house_card_sets(value, target))
        return count + len(self.raise_targets(card)) + self.may_throw(card)

    def first_play(self) -> list[Take | Build | Throw]:
        """R2.6: the bidder's first play uses the bid."""
        bid = self.first_play_bid
        assert bid is not None
        moves: list[Take | Build | Throw] = []
        for card in bits(self.hand):
            if card // 4 + 1 == bid:
                moves.extend(self.takes(card))
            moves.extend(build for build in self.builds(card) if build.value == bid)
        if moves:
            return sorted(moves)
        return [Throw(card=ALL_CARDS[c]) for c in bits(self.hand & VALUE_MASKS[bid])]

    def opening_moves(self) -> list[Build | Throw]:
        """R11.2: in the opening round, build a house if possible, else throw any card."""
        hand = self.hand
        moves: list[Build | Throw] = [b for card in bits(hand) for b in self.builds(card)]
        if moves:
            return moves
        return [Throw(card=ALL_CARDS[card]) for card in bits(hand)]

    def all_moves(self) -> list[Move]:
        """Every legal move, in canonical order."""
        if self.first_play_bid is not None:
            return list(self.first_play())
        if self.opening_round:
            return list(self.opening_moves())
        moves: list[Move] = []
        for card in bits(self.hand):
            moves.extend(self.iter_for_card(card))
        return moves


@lru_cache(maxsize=1 << 15)
def house_card_sets(loose: int, value: int, target: int) -> tuple[int, ...]:
    """Loose card sets (masks, sorted) that join a card of ``value`` in a house of ``target``."""
    if value == target:
        return tuple(sorted(unions(loose, target)))  # R6.1: the card alone, plus optional groups
    # R5.2: the card's own group (at least one loose card); R5.3: optional extra groups.
    return based_unions(loose, target - value, target)


def bids(state: State) -> list[Move]:
    """R2.4: a value 9..13 of a card the bidder holds."""
    assert state.to_move is not None
    hand = state.hands[state.to_move].mask
    return [Bid(value=v) for v in HOUSE_VALUES if hand & VALUE_MASKS[v]]


def generate(state: State) -> list[Move]:
    """All legal moves of ``state`` in canonical order."""
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.BID:
        return bids(state)
    return Position(state).all_moves()


def iterate(state: State) -> Iterator[Move]:
    """The moves of :func:`generate`, one card's moves at a time."""
    if state.phase is not Phase.PLAY:
        yield from generate(state)
        return
    position = Position(state)
    if position.first_play_bid is not None or position.opening_round:
        yield from position.all_moves()
        return
    for card in bits(position.hand):
        yield from position.iter_for_card(card)


def count(state: State) -> int:
    """``len(generate(state))`` without building the moves."""
    if state.phase is not Phase.PLAY:
        return len(generate(state))
    position = Position(state)
    if position.first_play_bid is not None or position.opening_round:
        return len(position.all_moves())
    return sum(position.count_for_card(card) for card in bits(position.hand))


def allows(state: State, move: Take | Build | Raise | Throw) -> bool:
    """Is ``move`` legal in ``state`` (in play)? Lists moves only in the phases with few moves."""
    if state.phase is not Phase.PLAY or state.to_move is None:
        return False
    if not state.hands[state.to_move].mask >> move.card & 1:
        return False
    position = Position(state)
    if position.first_play_bid is not None or position.opening_round:
        return move in position.all_moves()
    return position.allows(move)

"""The cross-checks of a loaded candidate: could a deal under the rules be in this state?

The loaders read a document field by field (:mod:`seep._documents.reader`) into a
candidate :class:`~seep.state.State` or :class:`~seep.views.View`; the
checks here refuse one that no deal can reach, with an
:class:`~seep.errors.InvalidStateError` naming the field and the rule. A
candidate that passes is a state the rules can have: it has a legal move
until the deal is over (R3.3), and it plays to the end.

No check lists legal moves (a crowded floor has millions, R3.4). That every
state that passes has a legal move rests on the rules: a card that can pick
something up has a pick-up, any other card can be thrown (R3.3, R8.2), the
owner's last card of a house's value can take that house (R3.2); in the
taash opening round any card can be thrown (R11.2). What is left to check
is the hand of the bidder: before the bid it holds a card of 9 or more, or
no bid is legal (R2.3), and after the bid a card of the bid's value, or no
first play is (R2.4, R2.6).

>>> from seep._checks.validate import check_state
>>> from seep import new_deal
>>> check_state(new_deal("standard", seed=7))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Protocol

from seep._engine.bits import HIGH_MASK, VALUE_MASKS
from seep._engine.groups import is_union_of_groups
from seep._engine.schedule import (
    first_to_play,
    hand_sizes,
    in_house_round,
    opening_floor,
    played_by,
    seat_to_play,
    stock_size,
)
from seep._engine.transition import seep_points
from seep._util.excerpt import excerpt
from seep.cards import ALL_CARDS, CardSet, from_mask
from seep.errors import InvalidStateError
from seep.state import House, Phase, SeepRecord, State
from seep.variants import Variant

__all__ = ["check_state", "check_view", "constraints"]


class Public(Protocol):
    """What every seat sees of a state: the fields that a state and a view share."""

    @property
    def variant(self) -> Variant: ...
    @property
    def dealer(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def bid(self) -> int | None: ...
    @property
    def plays(self) -> int: ...
    @property
    def face_up(self) -> bool: ...
    @property
    def loose(self) -> CardSet | None: ...
    @property
    def houses(self) -> tuple[House, ...]: ...
    @property
    def piles(self) -> tuple[CardSet, ...]: ...
    @property
    def seeps(self) -> tuple[SeepRecord, ...]: ...
    @property
    def last_capture(self) -> int | None: ...
    @property
    def redeals(self) -> int: ...


class Seen(Public, Protocol):
    """What one seat sees (a :class:`~seep.views.View`): its hand and the others' counts."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> CardSet: ...
    @property
    def hand_counts(self) -> tuple[int, ...]: ...
    @property
    def stock_count(self) -> int: ...
    @property
    def floor_count(self) -> int: ...
    @property
    def unseen(self) -> CardSet: ...


def check_state(state: State, *, house_index: Mapping[int, int] | None = None) -> None:
    """Refuse ``state`` unless a deal can reach it.

    ``house_index`` maps a house value to the house's place in the document,
    for the field names (by default the place in ``state.houses``).
    """
    sizes = tuple(len(hand) for hand in state.hands)
    check_public(state, sizes, len(state.stock), len(state.loose), house_index)
    fields = _house_fields(state, house_index)
    for house in state.houses:
        for seat in house.owners:
            if not state.hands[seat].mask & VALUE_MASKS[house.value]:
                raise InvalidStateError(
                    fields[house.value] + ".owners",
                    f"R3.2: owner seat {seat} holds no card of value {house.value}",
                )
    need = bidder_needs(state)
    if need is not None and not state.hands[state.bidder].mask & need[0]:
        raise InvalidStateError(f"hands[{state.bidder}]", need[1])


def check_view(view: Seen, *, house_index: Mapping[int, int] | None = None) -> None:
    """Refuse ``view`` unless it is the view of a state that :func:`check_state` accepts.

    Beyond the public facts, the unseen cards must fill the hidden places
    exactly, the seat's own hand must meet the constraints on it and some
    deal of the unseen cards must meet the others' (R3.2, R2.3, R2.4).
    """
    try:
        check_public(view, view.hand_counts, view.stock_count, view.floor_count, house_index)
    except InvalidStateError as error:  # named as the view document names the field
        raise InvalidStateError(_VIEW_FIELDS.get(error.field, error.field), error.reason) from None
    if view.hand_counts[view.seat] != len(view.hand):
        raise InvalidStateError("hand_counts", f"seat {view.seat} holds {len(view.hand)} cards")
    unseen = view.unseen
    sizes = hidden_sizes(view)
    if sum(sizes) != len(unseen):
        raise InvalidStateError(
            "stock_count",
            f"the view hides {len(unseen)} cards but has {sum(sizes)} hidden places "
            "(other hands, face-down floor, stock)",
        )
    needs = []
    for seat, cards in constraints(view):
        if seat == view.seat:
            if not view.hand.mask & cards.mask:
                raise InvalidStateError(
                    "hand", f"seat {seat} must hold one of {cards} but holds {view.hand} (R3.2)"
                )
        else:
            needs.append((seat, cards.mask))
    room = dict(enumerate(view.hand_counts))
    for seat, _ in needs:
        room[seat] -= 1
    if any(size < 0 for size in room.values()) or not matchable(needs, unseen.mask):
        raise InvalidStateError(
            "hand_counts",
            f"no deal of the unseen cards {unseen} meets {constraints(view)} (R3.2, R2.3, R2.4)",
        )


#: The fields of a state document that a view document holds as counts.
_VIEW_FIELDS: Final = {
    "stock": "stock_count",
    "floor.loose": "floor.count",
    **{f"hands[{seat}]": f"hand_counts[{seat}]" for seat in range(4)},
}


def constraints(view: Seen) -> tuple[tuple[int, CardSet], ...]:
    """The public constraints on hands: ``(seat, cards)`` pairs, "seat holds one of cards".

    One pair per house owner (R3.2, the cards of the house's value), one for
    the bidder during the bid (R2.3, any card of 9 or more) and one for the
    bidder after the bid and before the first play (R2.4, the bid's value).
    ``cards`` is cut down to the cards that seat could hold (the unseen cards
    for another seat, its hand for the view's own seat), so an empty set
    means the constraint cannot be met. Sorted by seat; the view's own seat
    is included (its hand meets them).

    >>> from seep.sampling import constraints
    >>> from seep.testing import position
    >>> from seep.views import observe
    >>> state = position(hand="9S 4H", loose="5C", houses=[(9, "4S 5H", [1])])
    >>> constraints(observe(state, 0))      # 9H and 9D are in the piles, 9S in seat 0's hand
    ((1, CardSet('9C')),)
    """
    found: list[tuple[int, CardSet]] = []
    for house in view.houses:
        for owner in house.owners:
            found.append((owner, from_mask(VALUE_MASKS[house.value])))
    need = bidder_needs(view)
    if need is not None:
        found.append((first_to_play(view.dealer, view.variant.players), from_mask(need[0])))
    result: list[tuple[int, CardSet]] = []
    for seat, cards in sorted(found, key=lambda item: (item[0], item[1].mask)):
        # Only the cards this seat could hold: its own hand, or the unseen cards for others.
        cards = cards & (view.hand if seat == view.seat else view.unseen)
        if (seat, cards) not in result:
            result.append((seat, cards))
    return tuple(result)


def hidden_sizes(view: Seen) -> list[int]:
    """The sizes of the hidden places, in dealing order: other hands, face-down floor, stock."""
    others = [view.hand_counts[seat] for seat in range(len(view.hand_counts)) if seat != view.seat]
    return [*others, view.floor_count if view.loose is None else 0, view.stock_count]


def matchable(needs: list[tuple[int, int]], free: int) -> bool:
    """Can each need get its own card from ``free`` (a bipartite matching, Kuhn's algorithm)?"""
    owner: dict[int, int] = {}  # card -> index of the need it serves

    def assign(index: int, tried: set[int]) -> bool:
        mask = needs[index][1] & free
        while mask:
            low = mask & -mask
            mask ^= low
            card = low.bit_length() - 1
            if card in tried:
                continue
            tried.add(card)
            if card not in owner or assign(owner[card], tried):
                owner[card] = index
                return True
        return False

    return all(assign(index, set()) for index in range(len(needs)))


def bidder_needs(subject: Public) -> tuple[int, str] | None:
    """The cards the bidder must hold one of, and why, if the deal is at the bid or the first play."""
    if not subject.variant.opening.bids:
        return None
    if subject.phase is Phase.BID:
        return HIGH_MASK, "R2.3: the bidder holds no card of 9 or more, so the deal is void"
    if subject.phase is Phase.PLAY and subject.plays == 0 and subject.bid is not None:
        return VALUE_MASKS[subject.bid], (
            f"R2.4, R2.6: the bidder bid {subject.bid} and holds no card of it for the first play"
        )
    return None


def _house_fields(subject: Public, house_index: Mapping[int, int] | None) -> dict[int, str]:
    """The field name of each house, by value."""
    return {
        house.value: f"floor.houses[{index if house_index is None else house_index[house.value]}]"
        for index, house in enumerate(subject.houses)
    }


def check_public(
    subject: Public,
    sizes: tuple[int, ...],
    stock_count: int,
    loose_count: int,
    house_index: Mapping[int, int] | None = None,
) -> None:
    """The checks on what every seat sees: the deal's shape, houses, piles, seeps."""
    variant = subject.variant
    plays = subject.plays
    # R11.2: a house round has no pick-ups, and its first house ends it; any
    # other opening lasting past the first play is normal play.
    opening = plays == 0 or in_house_round(variant, plays, subject.bid)
    if opening and (
        any(subject.piles) or subject.houses or subject.seeps or subject.last_capture is not None
    ):
        field = (
            "piles"
            if any(subject.piles)
            else "floor.houses"
            if subject.houses
            else "seeps"
            if subject.seeps
            else "last_capture"
        )
        raise InvalidStateError(
            field, "no captures or houses before the first play or in the opening round (R11.2)"
        )
    # After the check above, so that a capture or house in the opening is named as such
    # rather than as the hand or stock size it also upsets.
    _check_structure(subject, sizes, stock_count, loose_count)
    _check_captures(subject)
    _check_houses(subject, _house_fields(subject, house_index))
    floor_cards = loose_count + sum(len(house.cards) for house in subject.houses)
    _check_seeps(subject, floor_cards)
    if subject.redeals and not variant.opening.bids:
        raise InvalidStateError("redeals", "R11.1: a deal without a bid is never redealt")


def _check_structure(
    subject: Public, sizes: tuple[int, ...], stock_count: int, loose_count: int
) -> None:
    """Does the deal's shape fit ``phase`` and ``plays`` (the JSON documents)?"""
    variant = subject.variant
    phase, plays, bid, dealer = subject.phase, subject.plays, subject.bid, subject.dealer
    players = variant.players
    last = variant.plays_per_deal
    if phase is Phase.BID:
        if not variant.opening.bids:
            raise InvalidStateError("phase", f"variant {excerpt(variant.name)} has no bid phase")
        if plays != 0:
            raise InvalidStateError("phase", f"'bid' comes before the first play, plays is {plays}")
        if bid is not None:
            raise InvalidStateError("bid", "null until the bid is made (phase 'bid')")
        if subject.face_up:
            raise InvalidStateError("floor.face_up", "R2.2: the floor is face down during the bid")
        floor = opening_floor(variant)
        if loose_count != floor:
            raise InvalidStateError("floor.loose", f"R2.2: {floor} face-down floor cards")
    else:
        if not subject.face_up:
            raise InvalidStateError("floor.face_up", "R2.5: the floor is face up after the bid")
        if variant.opening.bids and bid is None:
            raise InvalidStateError("bid", "R2.4: play starts after the bid")
    if phase is Phase.PLAY:
        if plays >= last:
            raise InvalidStateError("phase", f"after {plays} plays the deal is over")
        if not variant.opening.bids and bid is not None and plays == 0:
            raise InvalidStateError("bid", "R11.2: the bid is the first house built, after a play")
        if plays == 0 and loose_count != opening_floor(variant):
            raise InvalidStateError(
                "floor.loose", f"R2.2: {opening_floor(variant)} floor cards before the first play"
            )
    elif phase is Phase.OVER and plays != last:
        raise InvalidStateError("phase", f"a deal is over after {last} plays, not {plays}")
    expected_to_move = None if phase is Phase.OVER else seat_to_play(dealer, players, plays)
    if subject.to_move != expected_to_move:
        raise InvalidStateError(
            "to_move", f"after {plays} plays with dealer {dealer}, expected {expected_to_move}"
        )
    for seat, (held, size) in enumerate(
        zip(sizes, hand_sizes(variant, dealer, plays, bid), strict=True)
    ):
        if held != size:
            raise InvalidStateError(
                f"hands[{seat}]", f"after {plays} plays seat {seat} holds {size} cards, not {held}"
            )
    expected_stock = stock_size(variant, dealer, plays, bid)
    if stock_count != expected_stock:
        raise InvalidStateError(
            "stock", f"after {plays} plays {expected_stock} cards are undealt, not {stock_count}"
        )
    if phase is not Phase.PLAY and subject.houses:
        raise InvalidStateError("floor.houses", "houses stand only during play (R3.2)")
    if phase is Phase.OVER and subject.last_capture is not None and loose_count:
        raise InvalidStateError("floor", "R9.2: the floor goes to the last capturer at the end")
    if subject.houses and plays and not plays % (variant.cards_per_hand * players):
        raise InvalidStateError(
            "floor.houses",
            f"R3.2: every hand ran out at play {plays}, before the deal, so no house stands",
        )
    if plays == 1 and bid is not None:
        _check_first_play(subject, bid)


def _check_first_play(subject: Public, bid: int) -> None:
    """R2.6, R11.2: right after the first play, what it did with the bid is to be seen.

    R2.6: the bidder picked up with, built or threw a card of the bid's value.
    R11.2: a bid made at play 1 is the house its player built then.
    """
    value_cards = VALUE_MASKS[bid]
    if subject.variant.opening.builds_first:
        if [house.value for house in subject.houses] != [bid]:
            raise InvalidStateError(
                "floor.houses", f"R11.2: the bid is the house of {bid} built at play 1"
            )
        return
    if any(subject.piles):
        team = subject.variant.team_of(first_to_play(subject.dealer, subject.variant.players))
        if not subject.piles[team].mask & value_cards:
            raise InvalidStateError(
                f"piles[{team}]", f"R2.6: the bidder's first play picks up with a card of {bid}"
            )
    elif subject.houses:
        if [house.value for house in subject.houses] != [bid]:
            raise InvalidStateError(
                "floor.houses", f"R2.6: the bidder's first play builds a house of {bid}, if any"
            )
    elif subject.loose is not None and not subject.loose.mask & value_cards:
        raise InvalidStateError(
            "floor.loose", f"R2.6: the bidder's first play, a throw, is a card of {bid}"
        )


def _check_captures(subject: Public) -> None:
    """R4.4: the piles, the last capturer and who has played agree."""
    variant = subject.variant
    players = variant.players
    played = [played_by(subject.dealer, players, subject.plays, seat) for seat in range(players)]
    last_capture = subject.last_capture
    captured = [team for team, pile in enumerate(subject.piles) if pile]
    if last_capture is None and captured:
        raise InvalidStateError("last_capture", "null, but a team pile holds captured cards")
    if last_capture is not None:
        if variant.team_of(last_capture) not in captured:
            raise InvalidStateError(
                "last_capture", f"seat {last_capture}'s team has captured nothing (R4.4)"
            )
        if not played[last_capture]:
            raise InvalidStateError(
                "last_capture", f"R4.4: seat {last_capture} has not played yet, so captured nothing"
            )
    for team in captured:
        if not any(played[seat] for seat in range(players) if variant.team_of(seat) == team):
            raise InvalidStateError(
                f"piles[{team}]",
                f"R4.4: nobody of team {team} has played yet, so it captured nothing",
            )
        if len(subject.piles[team]) == 1:
            raise InvalidStateError(
                f"piles[{team}]",
                "R4.1, R4.4: a pick-up takes the played card and at least one floor card",
            )


def _check_houses(subject: Public, fields: Mapping[int, str]) -> None:
    """R5.2, R5.3, R6.1, R7: a house is made of groups of its value, built by seats that played."""
    players = subject.variant.players
    values = [house.value for house in subject.houses]
    if len(set(values)) != len(values):
        raise InvalidStateError("floor.houses", f"R5.1: one house per value, not {values}")
    for house in subject.houses:
        field = fields[house.value]
        if not house.owners or len(set(house.owners)) != len(house.owners):
            raise InvalidStateError(field + ".owners", "one or more distinct seats (R5.1)")
        if len(house.cards) < 2:
            raise InvalidStateError(field + ".cards", "R5.2: a single card is never a house")
        # An open house is one group (R5.5); a locked one must split into groups.
        if house.locked and not is_union_of_groups(house.cards.mask, house.value):
            raise InvalidStateError(
                field + ".cards",
                f"R5.2, R5.3: a house of {house.value} is made of groups that each sum to "
                f"{house.value}; {house.cards} cannot be split so",
            )
        for seat in house.owners:
            if not played_by(subject.dealer, players, subject.plays, seat):
                raise InvalidStateError(
                    field + ".owners", f"R5.2: seat {seat} has not played yet, so owns no house"
                )


def _check_seeps(subject: Public, floor_cards: int) -> None:
    """R4.5: each seep was made by the seat to play, with points the variant's rule gives."""
    variant = subject.variant
    previous: SeepRecord | None = None
    for index, seep in enumerate(subject.seeps):
        field = f"seeps[{index}]"
        if not (previous.play if previous else 0) < seep.play <= subject.plays:
            raise InvalidStateError(
                field + ".play",
                f"seeps are listed in play order, one per play, up to {subject.plays}",
            )
        pile = subject.piles[variant.team_of(seep.seat)]
        if not pile:
            raise InvalidStateError(
                field + ".seat", "a seep is a capture; that team's pile is empty"
            )
        mover = seat_to_play(subject.dealer, variant.players, seep.play - 1)
        if seep.seat != mover:
            raise InvalidStateError(
                field + ".seat", f"R2.8: play {seep.play} is seat {mover}'s, not seat {seep.seat}'s"
            )
        if _in_house_round(variant, seep.play, subject.bid):
            raise InvalidStateError(
                field + ".play", f"R11.2: play {seep.play} is in the opening round: no pick-ups"
            )
        if previous is not None and seep.play == previous.play + 1:
            raise InvalidStateError(
                field + ".play",
                f"R4.5: the seep of play {previous.play} left nothing to pick up at play {seep.play}",
            )
        _check_points(subject, field, seep, pile.mask)
        previous = seep
    if previous is None:
        return
    since = subject.plays - previous.play
    if floor_cards > since:
        # Each play adds at most its one card to the floor (a pick-up takes it away).
        raise InvalidStateError(
            "floor",
            f"R4.5: the seep of play {previous.play} left the floor empty and {since} plays "
            f"since leave at most {since} cards on it, not {floor_cards}",
        )
    if not since and subject.last_capture != previous.seat:
        raise InvalidStateError(
            "last_capture", f"R4.4: the seep of the last play made seat {previous.seat} capture"
        )


def _in_house_round(variant: Variant, play: int, bid: int | None) -> bool:
    """R11.2: ``play`` is surely in a taash opening round (no pick-ups there).

    Play 1 always is; with no bid (everybody passed) every play of the round is.
    """
    opening = variant.opening
    if not opening.builds_first:
        return False
    return play == 1 or (bid is None and opening.in_opening(play - 1, None, variant.players))


def _check_points(subject: Public, field: str, seep: SeepRecord, pile: int) -> None:
    """R4.5, R12: some card in the seat's team pile makes ``seep.points`` under the seep rule."""
    variant = subject.variant
    if variant.opening.bids and seep.play == 1 and subject.bid is not None:
        pile &= VALUE_MASKS[subject.bid]  # R2.6: the first play picks up with a card of the bid
    given: set[int] = set()
    while pile:
        low = pile & -pile
        pile ^= low
        points = seep_points(variant, ALL_CARDS[low.bit_length() - 1], seep.play)
        if points == seep.points:
            return
        given.add(points)
    raise InvalidStateError(
        field + ".points",
        f"R4.5: the variant's seep rule gives {sorted(given)} for a seep at play {seep.play}, "
        f"not {seep.points}",
    )

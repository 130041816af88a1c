"""Legal move generation (R2.4, R2.6, R3 to R8), one played card at a time.

The engine works on integer masks. For each card it first works out a
*plan* (which pick-ups, which house values to build into, which houses to
raise, whether it may be thrown); counting needs nothing more, and
:class:`~seep.moves.Move` objects are built only for the moves asked for.

The plans of ordinary floors and the counts and ranks of crowded ones
(R3.4, R11.7) read the same facts of a :class:`Position` and must agree
move for move, so they stay in one class; that keeps the module at about
600 lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from seep._engine.bits import HOUSE_VALUES, VALUE_MASKS, bits, mask_total
from seep._engine.bypass import make_build, make_raise, make_take, make_throw
from seep._engine.cardset import from_mask as card_set
from seep._engine.facts import LAST, facts_of
from seep._engine.groups import (
    SMALL_FLOOR,
    based_unions,
    count_packings,
    count_unions,
    floor_masks,
    floor_table,
    loose_sums,
    mask_of,
    maximal_packings,
    packing_at,
    small_packings,
    small_unions,
    subset_masks,
    union_at,
)
from seep.cards import ALL_CARDS
from seep.moves import Bid, Build, Move, Take, Throw
from seep.state import House, Phase, State

#: Bit ``v`` for every house value ``v`` (R5.1).
_HOUSE_BITS: Final = sum(1 << value for value in HOUSE_VALUES)
#: Bit ``v`` for every capture value ``v`` (R1.1).
_ALL_VALUES: Final = sum(1 << value for value in range(1, 14))
_VALUE_OF: Final = tuple(card // 4 + 1 for card in range(52))
#: The moves that need no floor search, made once: ``_THROWS[card]``, ``_RAISES[card][house]``.
_THROWS: Final = tuple(make_throw(card) for card in ALL_CARDS)
_RAISES: Final = tuple(
    {house: make_raise(card, house) for house in HOUSE_VALUES} for card in ALL_CARDS
)


#: What one card may do in normal play: ``(plain, housed, targets, raises, throw)``,
#: each part at its index constant (``plan[PLAN_TARGETS]``), or unpacked in this order.
#:
#: ``plain`` and ``housed``: the loose sets it takes alone and with the
#: house of its value (as keys, see :class:`Position`); ``targets``: the
#: house values it may build into, ``raises``: the open houses it may raise
#: (both bit ``v`` for value ``v``); ``throw``: whether it may be thrown.
#: A plain tuple, not a NamedTuple: making a NamedTuple per card value cost
#: 8% of ``legal_moves/s`` (2.3M of 27M instructions over the play corpus).
Plan = tuple[tuple[int, ...], tuple[int, ...], int, int, bool]
#: The index of each part of a :data:`Plan`.
PLAN_PLAIN: Final = 0
PLAN_HOUSED: Final = 1
PLAN_TARGETS: Final = 2
PLAN_RAISES: Final = 3
PLAN_THROW: Final = 4
#: A :data:`Plan` with its pick-ups counted, not listed (crowded floors): the same parts at the same indices.
CountedPlan = tuple[int, int, int, int, bool]
Pickups = tuple[tuple[int, ...], tuple[int, ...]]

_NOTHING: Final[Plan] = ((), (), 0, 0, False)
#: The plan of a card that may only be thrown (R8.2), shared by every such card.
_THROW_ALONE: Final[Plan] = ((), (), 0, 0, True)
#: The pick-ups of a card with a house of its value and no group: the house alone (R4.1).
_HOUSE_ALONE: Final = (0,)
_NO_ANSWERS: Final[dict[int, tuple[int, ...]]] = {}
#: The houses by value of a position with none standing (never written to).
_NO_HOUSES: Final[dict[int, House]] = {}
#: ``_VALUES_OF_HOUSE_BITS[bits >> 9]``: the house values of a set of them (bit ``v`` for ``v``), lowest first.
_VALUES_OF_HOUSE_BITS: Final = tuple(
    tuple(value for value in HOUSE_VALUES if bits >> (value - 9) & 1) for bits in range(32)
)


def _held(cards: int, value: int) -> int:
    """For the cards of ``value`` and the values above it (four suits each, lowest first):
    bit ``v`` set if one is held, bit ``16 + v`` if two or more are."""
    found = 0
    while cards:
        count = (cards & 15).bit_count()
        found |= (count > 0) << value | (count > 1) << (16 + value)
        cards >>= 4
        value += 1
    return found


#: :func:`_held` of a byte of a hand from the nines, from the jacks, and of the kings' nibble.
_HELD_9_10: Final = tuple(_held(cards, 9) for cards in range(256))
_HELD_11_12: Final = tuple(_held(cards, 11) for cards in range(256))
_HELD_13: Final = tuple(_held(cards, 13) for cards in range(16))
_NO_PICKUPS: Final[Pickups] = ((), ())
#: ``_BUILD_KEYS[value][bits >> 9]``: for each house value of ``bits`` (as in
#: ``_VALUES_OF_HOUSE_BITS``) that a card of ``value`` builds into, the key of its
#: loose sets in a floor's answers: ``(target - value) << 4 | target`` (see small_unions).
_BUILD_KEYS: Final = tuple(
    tuple(
        tuple((target - value) << 4 | target for target in targets)
        for targets in _VALUES_OF_HOUSE_BITS
    )
    for value in range(14)
)
#: ``_BYTE_CARDS[k][byte]``: the cards of byte ``k`` of a mask (its bits ``8 * k`` on), lowest first.
_BYTE_CARDS: Final = tuple(
    tuple(tuple(8 * k + i for i in range(8) if byte >> i & 1) for byte in range(256))
    for k in range(7)
)
# Each its own global: one lookup a byte where listing a hand is hot (Position.plans).
_BYTE_CARDS_0: Final = _BYTE_CARDS[0]
_BYTE_CARDS_1: Final = _BYTE_CARDS[1]
_BYTE_CARDS_2: Final = _BYTE_CARDS[2]
_BYTE_CARDS_3: Final = _BYTE_CARDS[3]
_BYTE_CARDS_4: Final = _BYTE_CARDS[4]
_BYTE_CARDS_5: Final = _BYTE_CARDS[5]
_BYTE_CARDS_6: Final = _BYTE_CARDS[6]


def card_indices(mask: int) -> tuple[int, ...]:
    """The card indices of the 52-bit ``mask``, lowest first, a byte at a time (see ``_BYTE_CARDS``).

    >>> from seep._engine.generate import card_indices
    >>> card_indices(1 << 3 | 1 << 17 | 1 << 51)
    (3, 17, 51)
    """
    return (
        *_BYTE_CARDS_0[mask & 255],
        *_BYTE_CARDS_1[mask >> 8 & 255],
        *_BYTE_CARDS_2[mask >> 16 & 255],
        *_BYTE_CARDS_3[mask >> 24 & 255],
        *_BYTE_CARDS_4[mask >> 32 & 255],
        *_BYTE_CARDS_5[mask >> 40 & 255],
        *_BYTE_CARDS_6[mask >> 48],
    )


def _raise_or_throw(card: int, raises: int, throw: bool, index: int) -> Move:
    """Move ``index`` of the last parts of a card's moves: its raises, lowest house first, then its throw."""
    while raises:
        low = raises & -raises
        raises ^= low
        if not index:
            return _RAISES[card][low.bit_length() - 1]
        index -= 1
    if throw and not index:
        return _THROWS[card]
    raise IndexError("move index out of range")


class Position:
    """The facts about a state that move generation for its mover needs.

    Sets of values are int masks with bit ``v`` for value ``v``: the house
    values standing, those of the mover's houses whose last card it holds
    (R3.2), those a build must keep a card of (R3.2, R6.3) and the open
    houses the mover may raise (R7.1, R7.3).

    Sets of loose cards are *keys*: on a floor of a few cards, sets of
    positions in the list of the floor's values (so that searches are cached
    by values, whatever the suits), on a crowded floor the card masks
    themselves; ``mask_of(key, loose)`` turns a key into a mask on a small
    floor of the ``loose`` cards.
    """

    __slots__ = (
        "bound",
        "first_play_bid",
        "free",
        "hand",
        "held",
        "house_values",
        "houses",
        "into_other",
        "into_own",
        "loose",
        "masks",
        "opening_round",
        "pickable",
        "raisable",
        "seat",
        "special",
        "sums",
        "table",
        "throwable",
    )

    def __init__(self, state: State) -> None:
        seat = state.to_move
        assert seat is not None
        variant = state.variant
        facts = LAST.facts  # facts_of(variant), without the call on every play
        if facts.variant is not variant:
            facts = facts_of(variant)
        self.seat = seat
        hand = self.hand = state.hands[seat].mask
        # Bit v of ``held``: the mover holds a card of value v; of ``multiple``:
        # two or more. Only house values (9..13) are asked about: a build's
        # target (R3.2, R6.3), a raise's new value (R7.1), a house's owner (R3.2).
        top = hand >> 32  # the cards of values 9..13: a small int, cheap to work on
        found = _HELD_9_10[top & 255] | _HELD_11_12[top >> 8 & 255] | _HELD_13[top >> 16]
        held = self.held = found & 0xFFFF
        multiple = found >> 16
        loose = self.loose = state.loose.mask
        table = self.table = floor_table(loose)
        sums = self.sums = loose_sums(loose) if table is None else table.sums
        self.masks: tuple[int, ...] | None = None  # read when the moves are listed (iter_for_card)
        standing = state.houses
        if standing:
            houses: dict[int, House] = {}
            house_values = owned = raisable = partners = 0
            partner = facts.partners[seat]
            for house in standing:
                value = house.value
                bit = 1 << value
                houses[value] = house
                house_values |= bit
                owners = house.owners
                if seat in owners:
                    owned |= bit
                else:
                    if partner in owners:
                        partners |= bit
                    if mask_total(house.cards.mask) == value:
                        raisable |= bit  # R7.1, R7.3: open and not the mover's
            self.houses = houses
            self.house_values = house_values
            self.raisable = raisable
            self.bound, self.into_other, self.into_own = owner_duty(held, multiple, owned, partners)
        else:  # owner_duty with no house standing, without the call
            self.houses = _NO_HOUSES
            house_values = self.house_values = self.raisable = self.bound = 0
            self.into_other = held
            self.into_own = multiple
        self.free = facts.free
        # R4.1: the values that make a group of loose cards or have a house.
        pickable = self.pickable = sums | house_values
        self.throwable = throwable_values(pickable, facts.throw_any)
        bid = state.bid
        plays = state.plays
        if plays < facts.opening_plays and facts.opening.in_opening(plays, bid, facts.players):
            # R2.6: the bidder's first play must use the bid.
            self.first_play_bid = bid if facts.bids else None
            # R11.2: in the taash opening round a player builds a house if they can.
            self.opening_round = facts.builds_first
            self.special = self.first_play_bid is not None or self.opening_round
        else:
            self.first_play_bid = None
            self.opening_round = self.special = False

    def holds(self, value: int, without: int) -> bool:
        """True if the mover holds a card of ``value`` apart from card index ``without``."""
        return bool(self.hand & ~(1 << without) & VALUE_MASKS[value])

    def plan(self, card: int) -> Plan:
        """What ``card`` may do in normal play."""
        return self.plans(1 << card)[1][0]

    def plans(
        self, cards: int, takes_only: bool = False, counted: bool = True
    ) -> tuple[list[int], list[Plan], list[int]]:
        """The plans of the cards of the mask ``cards`` in normal play (see :class:`Plan`).

        Returns the cards, lowest first, their plans, and the running total
        of their numbers of moves. Each value goes through four steps, in
        this order: the pick-ups, then, unless R3.2 binds the card to its
        house, the builds, the raises and the throw.

        ``takes_only``: the first step alone (the plans list the pick-ups
        and nothing else, and the totals count only them), for a caller
        that reads only the takes (see :meth:`take_masks`). ``counted``:
        false for a caller that reads the plans alone, not the totals (the
        builds of each target are then not counted, and the totals count
        none).

        This is the hot path of play, so the steps are written out in one
        loop, each the one place of its rules: as methods called per value
        (with a NamedTuple per plan) they cost 20% of ``legal_moves/s``
        (about 31M instructions against 25M over the play corpus of
        ``benchmarks/run.py``).
        """
        plans: list[Plan] = []
        ends: list[int] = []
        bound_values = self.bound
        pickable = self.pickable
        raisable = self.raisable
        throwable = self.throwable
        sums = self.sums
        house_values = self.house_values
        held = self.held
        # R3.2, R6.3 (see owner_duty): the house values a card may build into
        # apart from its own, and whether into its own value's house.
        other_values = self.into_other
        own_value = self.into_own
        above = sums & ~1  # a group of at least one loose card (R5.2: one card is no house)
        free = self.free
        table = self.table
        answers = _NO_ANSWERS if table is None else table.answers
        loose = self.loose
        value_of = _VALUE_OF
        total = 0
        last_value = 0
        plan = _NOTHING
        count = 0
        # The cards, lowest first, byte by byte of the mask (see _BYTE_CARDS).
        listed = [
            *_BYTE_CARDS_0[cards & 255],
            *_BYTE_CARDS_1[cards >> 8 & 255],
            *_BYTE_CARDS_2[cards >> 16 & 255],
            *_BYTE_CARDS_3[cards >> 24 & 255],
            *_BYTE_CARDS_4[cards >> 32 & 255],
            *_BYTE_CARDS_5[cards >> 40 & 255],
            *_BYTE_CARDS_6[cards >> 48],
        ]
        for card in listed:
            value = value_of[card]
            if value == last_value:
                # Cards of one value are listed together and can do the same things:
                # each holds the other, so R3.2 and R6.3 treat them alike.
                plans.append(plan)
                total += count
                ends.append(total)
                continue
            last_value = value
            bit = 1 << value
            # 1. The pick-ups: nothing without a group or a house of the value (R4.1).
            if not pickable & bit:
                if takes_only:
                    plan = _NOTHING
                    count = 0
                    plans.append(plan)
                    ends.append(total)
                    continue
                # No house of the value either: R3.2 does not bind the card, and
                # its builds (step 2) are into higher values only.
                targets = (above << value) & other_values
                raises = raisable & held >> value
                if not targets | raises and throwable & bit:
                    # The commonest value: no pick-up, build or raise, the throw
                    # alone (R8.2: nothing picked up, so it may be thrown).
                    plan = _THROW_ALONE
                    count = 1
                    plans.append(plan)
                    total += 1
                    ends.append(total)
                    continue
                plain: tuple[int, ...] = ()
                housed: tuple[int, ...] = ()
                count = 0  # the number of moves so far, counted where they are found
            else:
                has_house = house_values & bit
                # R3.2: the owner's last card of a house's value (see owner_duty).
                bound = bound_values & bit
                plain = housed = ()
                if free:  # R11.3: any union of groups and/or the house, at least one
                    options = self.house_sets(value, value) if sums & bit else (0,)
                    if not bound:  # R3.2: the owner's last card takes the house
                        plain = options[1:]  # options[0] is the empty set
                    if has_house:
                        housed = options
                    count = len(plain) + len(housed)
                elif (
                    sums & bit
                ):  # R4.3 (must_take_house, leaves_no_group): the house and a maximal set
                    if table is None:
                        packings = maximal_packings(loose, value)
                    else:
                        packings = answers.get(256 | value) or small_packings(table, value)
                    if has_house:
                        housed = packings
                    else:
                        plain = packings
                    count = len(packings)
                else:
                    housed = _HOUSE_ALONE
                    count = 1
                if bound or takes_only:
                    # R3.2: the owner's last card of a house's value may only take it.
                    plan = (plain, housed, 0, 0, False)
                    plans.append(plan)
                    total += count
                    ends.append(total)
                    continue
                # 2. The builds. Targets above the card's value need loose cards
                # making up the rest; its own value needs a standing house (R5.2:
                # one card is no house). R3.2, R6.3: where the mover must keep a
                # card of the target, another card of it stays in hand.
                targets = (above << value) & other_values | has_house & own_value
                # 3. The raises (R7.1, R7.2, see raise_targets), inline.
                raises = raisable & held >> value
            # R5.3, R6.1: a target has len(self.house_sets(value, target)) builds.
            if targets and counted:
                if table is None:
                    for target in _VALUES_OF_HOUSE_BITS[targets >> 9]:
                        count += count_unions(loose, target - value, target)
                else:
                    for key in _BUILD_KEYS[value][targets >> 9]:
                        found = answers.get(key)
                        if found is None:
                            found = small_unions(table, key >> 4, key & 15)
                        count += len(found)
            if raises:
                count += raises.bit_count()
            # 4. The throw (R8.2, R11.3: see ``throwable``).
            throw = throwable & bit != 0
            count += throw
            plan = (plain, housed, targets, raises, throw)
            plans.append(plan)
            total += count
            ends.append(total)
        return listed, plans, ends

    def build_count(self, value: int, targets: int) -> int:
        """How many builds a card of ``value`` makes into the house values ``targets`` (bit ``v`` for ``v``)."""
        count = 0
        while targets:
            low = targets & -targets
            targets ^= low
            target = low.bit_length() - 1
            if self.table is None:
                count += count_unions(self.loose, target - value, target)
            else:
                count += len(small_unions(self.table, target - value, target))
        return count

    def take_masks(self, card: int, plan: Plan | None = None) -> tuple[list[int], list[int]]:
        """The loose cards of ``card``'s pick-ups in normal play, as card masks in canonical order.

        First the pick-ups without a house, then those with the house of
        the card's value (R4.1): the loose cards of the takes of
        :meth:`iter_for_card`, without building the moves. ``plan``: the
        card's plan if already known.
        """
        if plan is None:
            plan = self.plans(1 << card, True)[1][0]  # no build counted
        plain, housed = plan[:2]
        if self.table is None:
            return list(plain), list(housed)
        # A card has few takes: each key read alone (building the floor's table
        # of every subset would cost more on a floor not met before).
        loose = self.loose
        return [mask_of(key, loose) for key in plain], [mask_of(key, loose) for key in housed]

    def build_masks(self, card: int, target: int) -> list[int]:
        """The loose cards of ``card``'s builds of ``target`` (R5.2, R5.3, R6.1), as card masks in canonical order.

        Only where the build is allowed (the card's plan lists ``target``).
        """
        keys = self.house_sets(_VALUE_OF[card], target)
        if self.table is None:
            return list(keys)
        loose = self.loose
        return [mask_of(key, loose) for key in keys]

    def iter_for_card(self, card: int, plan: Plan | None = None) -> Iterator[Move]:
        """The legal moves playing ``card`` in normal play, in canonical order, one at a time.

        ``plan``: the card's plan if already known. On a crowded floor
        (R3.4, R11.7) a single target can have thousands of builds; this
        iterator never holds them all.
        """
        plain, housed, targets, raises, throw = plan or self.plan(card)
        played = ALL_CARDS[card]
        value = _VALUE_OF[card]
        # Keys are card masks on a crowded floor; listing every move of a small
        # floor reads each key's cards from the table of its subsets, kept by
        # floor (a search lists a floor again) unless the position has its own.
        masks = self.masks
        if masks is None and self.table is not None:
            masks = self.masks = floor_masks(self.loose)
        for key in plain:
            yield make_take(played, card_set(key if masks is None else masks[key]), None)
        for key in housed:
            yield make_take(played, card_set(key if masks is None else masks[key]), value)
        while targets:
            low = targets & -targets
            targets ^= low
            target = low.bit_length() - 1
            for key in self.house_sets(value, target):
                yield make_build(played, card_set(key if masks is None else masks[key]), target)
        while raises:
            low = raises & -raises
            raises ^= low
            yield _RAISES[card][low.bit_length() - 1]
        if throw:
            yield _THROWS[card]

    def planned_move(self, card: int, plan: Plan, index: int) -> Move:
        """``list(self.iter_for_card(card, plan))[index]``, building that move alone.

        The part holding the move (the pick-ups without or with the house,
        the builds of one value, the raises, the throw) is found from the
        sizes of the parts before it, as :meth:`move_at` does on a crowded
        floor; the loose sets of a build target are the cached ones that
        :meth:`plans` counted.
        """
        if plan is _THROW_ALONE and not index:  # the commonest plan, its one move
            return _THROWS[card]
        plain, housed, targets, raises, throw = plan
        # Keys are card masks on a crowded floor (no table), else sets of positions.
        loose = None if self.table is None else self.loose
        if index < len(plain):
            key = plain[index]
            taken = key if loose is None else mask_of(key, loose)
            return make_take(ALL_CARDS[card], card_set(taken), None)
        index -= len(plain)
        value = _VALUE_OF[card]
        if index < len(housed):
            key = housed[index]
            taken = key if loose is None else mask_of(key, loose)
            return make_take(ALL_CARDS[card], card_set(taken), value)
        index -= len(housed)
        while targets:
            low = targets & -targets
            targets ^= low
            target = low.bit_length() - 1
            keys = self.house_sets(value, target)
            if index < len(keys):
                key = keys[index]
                used = key if loose is None else mask_of(key, loose)
                return make_build(ALL_CARDS[card], card_set(used), target)
            index -= len(keys)
        return _raise_or_throw(card, raises, throw, index)

    # -- counting and unranking on crowded floors (R3.4, R11.7) --------------

    def is_crowded(self) -> bool:
        """True on a floor whose moves are counted by value (see :meth:`counts`): more than 12 loose cards."""
        return self.table is None and self.loose.bit_count() > SMALL_FLOOR

    def counts(self, cards: int) -> tuple[list[int], list[int]]:
        """The cards of the mask ``cards``, lowest first, and the running total of their numbers of moves.

        The same totals as :meth:`plans`, but no loose set is listed: on a
        crowded floor the pick-ups and builds are counted by the values of
        the loose cards (see :func:`~seep._engine.groups.count_unions`).
        """
        listed: list[int] = []
        ends: list[int] = []
        total = count = last_value = 0
        for card in bits(cards):
            listed.append(card)
            value = _VALUE_OF[card]
            if value != last_value:  # cards of one value have as many moves (see plans)
                last_value = value
                count = self.count_for_card(card)
            total += count
            ends.append(total)
        return listed, ends

    def crowded_plan(self, card: int) -> CountedPlan:
        """The plan of ``card`` (see :class:`Plan`) with its pick-ups counted, not listed.

        By the steps of :meth:`plans`: ``(plain, housed, targets, raises,
        throw)`` where ``plain`` and ``housed`` are numbers of pick-ups.
        """
        value = _VALUE_OF[card]
        bit = 1 << value
        has_house = self.house_values & bit
        bound = self.bound & bit  # R3.2 (see owner_duty)
        plain = housed = 0
        if not self.pickable & bit:
            pass
        elif not self.sums & bit:
            housed = 1  # only the house of the value (R4.1)
        elif self.free:  # R11.3: any non-empty union of groups, with or without the house
            options = count_unions(self.loose, 0, value)  # the empty set included
            plain = 0 if bound else options - 1
            housed = options if has_house else 0
        elif has_house:  # R4.3: the house and a maximal set of groups
            housed = count_packings(self.loose, value)
        else:
            plain = count_packings(self.loose, value)
        if bound:  # R3.2: the owner's last card of a house's value may only take it
            return plain, housed, 0, 0, False
        # The builds (R5.2, R5.3, R6.1; R3.2, R6.3: keep a card of the value)
        # and the raises (R7.1, R7.2), as in plans.
        targets = self.build_targets(value)
        raises = self.raise_targets(value)
        return plain, housed, targets, raises, self.throwable & bit != 0  # R8.2, R11.3

    def count_for_card(self, card: int) -> int:
        """The number of moves of :meth:`iter_for_card`, from :meth:`crowded_plan`, listing nothing."""
        plain, housed, targets, raises, throw = self.crowded_plan(card)
        return (
            plain + housed + raises.bit_count() + throw + self.build_count(_VALUE_OF[card], targets)
        )

    def move_at(self, card: int, index: int) -> Move:
        """``list(self.iter_for_card(card))[index]`` on a crowded floor, listing no loose set.

        The part holding the move (the pick-ups without or with the house,
        the builds of one value, the raises, the throw) is found from the
        counts of the parts before it, and the move within it by its rank.
        """
        plain, housed, targets, raises, throw = self.crowded_plan(card)
        played = ALL_CARDS[card]
        value = _VALUE_OF[card]
        loose = self.loose
        free = self.free
        if index < plain:
            taken = (
                union_at(loose, 0, value, index + 1) if free else packing_at(loose, value, index)
            )
            return make_take(played, card_set(taken), None)
        index -= plain
        if index < housed:
            if not self.sums >> value & 1:
                taken = 0
            elif free:
                taken = union_at(loose, 0, value, index)
            else:
                taken = packing_at(loose, value, index)
            return make_take(played, card_set(taken), value)
        index -= housed
        while targets:
            low = targets & -targets
            targets ^= low
            target = low.bit_length() - 1
            size = count_unions(loose, target - value, target)
            if index < size:
                used = union_at(loose, target - value, target, index)
                return make_build(played, card_set(used), target)
            index -= size
        return _raise_or_throw(card, raises, throw, index)

    def house_sets(self, value: int, target: int) -> tuple[int, ...]:
        """Keys of the loose sets that join a card of ``value`` in a house of ``target``, sorted.

        R5.2: the card's own group (at least one loose card) when ``value``
        is below ``target``; R5.3, R6.1: optional extra groups of ``target``.
        """
        table = self.table
        if table is None:
            return based_unions(self.loose, target - value, target)
        return small_unions(table, target - value, target)

    # -- the rules the generator and the verifier share ----------------------

    def is_bound_value(self, value: int) -> bool:
        """R3.2: the mover owns a house of ``value`` and holds a single card of it (see :func:`owner_duty`)."""
        return bool(self.bound >> value & 1)

    def is_bound(self, card: int) -> bool:
        """R3.2: ``card`` is the owner's last card of a house's value: it may only take the house."""
        return bool(self.bound >> _VALUE_OF[card] & 1)

    def keeps_card_for(self, target: int, card: int) -> bool:
        """R3.2, R6.3: playing ``card`` into a house of ``target`` leaves the mover a card of it if they need one (see :func:`owner_duty`)."""
        if _VALUE_OF[card] == target:
            return bool(self.into_own >> target & 1)
        return bool(self.into_other >> target & 1)

    def raise_targets(self, value: int) -> int:
        """R7.1, R7.2: the houses a card of ``value`` may raise (bit ``v`` for the house of ``v``).

        An open house of another seat (R7.3, see ``raisable``), to a value of
        at most 13 of which the mover holds another card (``held`` has only
        the house values). :meth:`plans` reads the same masks inline.
        """
        return self.raisable & self.held >> value

    def build_targets(self, value: int) -> int:
        """The house values a card of ``value`` may build into (bit ``v`` for ``v``), R3.2 aside.

        R5.2: above the card's value a group of loose cards makes up the
        rest; at its value a house must stand (one card is no house). R3.2,
        R6.3: where the mover must keep a card of the target, another stays
        in hand (see :func:`owner_duty`). :meth:`plans` reads the same masks
        inline.
        """
        bit = 1 << value
        return ((self.sums & ~1) << value) & self.into_other | (
            self.house_values & bit & self.into_own
        )

    def must_take_house(self, value: int) -> bool:
        """R4.3: a pick-up takes the house of its value with the rest (R11.3: by choice).

        With :func:`~seep._engine.groups.leaves_no_group` (the loose cards),
        the whole of R4.3; :meth:`plans` and :meth:`crowded_plan` put every
        pick-up of a card with a house of its value among the ``housed``.
        """
        return not self.free and value in self.houses

    def bid_is_usable(self) -> bool:
        """R2.6: some pick-up or build uses the bid (else a card of the bid is thrown)."""
        return any(type(move) is not Throw for move in self.first_play())

    def can_build(self) -> bool:
        """R11.2: some build is open to the mover in the opening round."""
        return any(self.builds(card) for card in bits(self.hand))

    def takes(self, card: int) -> list[Take]:
        """Pick-ups with ``card`` (R4)."""
        return [move for move in self.iter_for_card(card) if isinstance(move, Take)]

    def builds(self, card: int) -> list[Build]:
        """New houses and additions to houses with ``card`` (R5, R6), R3.2 included."""
        plan = self.plan(card)
        if not plan[PLAN_TARGETS]:  # no house value to build into: no move listed
            return []
        return [move for move in self.iter_for_card(card, plan) if isinstance(move, Build)]

    # -- the bidder's first play and the taash opening round ----------------

    def own_masks(self) -> None:
        """Give the position the subset masks of its small floor, made for it and not kept by floor.

        For the opening's lists (R2.6, R11.2): their floor is met once a deal,
        and would only take the kept masks' place in the caches' budget.
        """
        if self.masks is None and self.table is not None:
            self.masks = subset_masks(self.loose)

    def first_play(self) -> list[Take | Build | Throw]:
        """R2.6: the bidder's first play uses the bid."""
        bid = self.first_play_bid
        assert bid is not None
        self.own_masks()
        moves: list[Take | Build | Throw] = []
        cards, plans, _ = self.plans(self.hand, counted=False)  # one pass over the hand
        for card, plan in zip(cards, plans, strict=True):
            takes = card // 4 + 1 == bid  # a card of the bid: its pick-ups use it
            if not takes and not plan[PLAN_TARGETS] >> bid & 1:
                continue  # no pick-up with the bid, no build of it: none of its moves
            # Its pick-ups (if a card of the bid) and its builds of the bid, in order.
            for move in self.iter_for_card(card, plan):
                if isinstance(move, Take):
                    if takes:
                        moves.append(move)
                elif isinstance(move, Build) and move.value == bid:
                    moves.append(move)
        if moves:
            return sorted(moves)
        return [_THROWS[card] for card in bits(self.hand & VALUE_MASKS[bid])]

    def opening_moves(self) -> list[Build | Throw]:
        """R11.2: in the opening round, build a house if possible, else throw any card."""
        hand = self.hand
        self.own_masks()
        moves: list[Build | Throw] = [b for card in bits(hand) for b in self.builds(card)]
        if moves:
            return moves
        return [_THROWS[card] for card in bits(hand)]

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


def owner_duty(held: int, multiple: int, owned: int, partners: int) -> tuple[int, int, int]:
    """R3.2 and R6.3, the owner's duty: what it forbids, as masks of values (bit ``v`` for ``v``).

    ``held`` and ``multiple``: the house values of which the mover holds a
    card, two or more; ``owned``: the houses the mover owns; ``partners``:
    those its partner owns and it does not. Returns ``(bound, into_other,
    into_own)``: ``bound``, the values whose last card the owner holds,
    which may only take the house (R3.2); ``into_other``, the house values
    a card of another value may build into; ``into_own``, those a card may
    build into at its own value. A build keeps a card of the target in
    hand, except into a house of the partner's (R6.3: adding to it makes
    the mover no owner).

    This is the one place the duty is decided: the generator's plans, the
    crowded-floor counts, the action encoding and the verifier read these
    masks (or :meth:`Position.is_bound`, :meth:`Position.keeps_card_for`).

    >>> from seep._engine.generate import owner_duty
    >>> bound, other, own = owner_duty(1 << 9, 0, 1 << 9, 1 << 11)
    >>> bound == 1 << 9, other == (1 << 9 | 1 << 11), own == 1 << 11
    (True, True, True)
    """
    not_kept = partners  # R6.3: adding to the partner's house keeps no card
    return (
        owned & held & ~multiple,
        _HOUSE_BITS & (not_kept | held),
        _HOUSE_BITS & (not_kept | multiple),
    )


def throwable_values(pickable: int, throw_any: bool) -> int:
    """The values of the cards that may be thrown (bit ``v`` for ``v``), given the values that pick up.

    R8.2: a card that can pick nothing up (no group of loose cards, no
    house of its value) may be thrown; R11.3: with the taash throw rule,
    any card. The generator's plans and the verifier read this mask.
    """
    return _ALL_VALUES if throw_any else _ALL_VALUES & ~pickable


def reads_house_values_only(state: State) -> bool:
    """True if the legality of a move in ``state`` reads, of the rest of the mover's hand, only how many cards of each house value (9..13) it holds.

    The rest of the hand is read only by the owner's duty (R3.2, R6.3: a
    card of a house's value kept) and by raises (R7.2: another card of the
    new value), all house values; the played card, the floor and the houses
    decide everything else. So in normal play two hands that hold the
    played card and as many nines, tens, jacks, queens and kings allow the
    same moves of that card. Not so in the bidder's first play (R2.6: a
    card of the bid is thrown only if no pick-up or build of the bid
    exists, with any card) nor in the taash opening round (R11.2: a throw
    only if no card of the hand builds), and the bid (R2.4) is left out.
    A cache of legality by hand (the sampler's replay of a view's history)
    may rely on this; tests check it on seeded deals.
    """
    return state.phase is Phase.PLAY and not Position(state).special


def is_bid_allowed(state: State, value: int) -> bool:
    """R2.4: the bidder bids a value 9..13 of a card it holds."""
    assert state.to_move is not None
    return value in HOUSE_VALUES and bool(state.hands[state.to_move].mask & VALUE_MASKS[value])


def bids(state: State) -> list[Move]:
    """R2.4: every bid the bidder may make."""
    return [Bid(value=v) for v in HOUSE_VALUES if is_bid_allowed(state, v)]


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
    if position.special:
        yield from position.all_moves()
        return
    for card in bits(position.hand):
        yield from position.iter_for_card(card)

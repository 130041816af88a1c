"""Counting the loose sets of crowded floors by value, many multisets of values at once (R3.4, R11.7).

On a floor of more than 12 loose cards the moves are counted, not listed
(see :func:`seep._engine.groups.count_unions`). A set of loose cards
qualifies by how many cards of each value it holds, and the sets of one
such multiset of values number a product of binomials over the suits. This
module adds up those products without listing the multisets.

A group of ``target`` holds at most one card of a *high* value (above
``target // 2``): two of them sum past ``target``. So a multiset of values
splits into groups of ``target`` when its low values split into one group
of the *rest* ``target - h`` for each of its high cards ``h``, plus groups
of ``target`` made of low cards alone.

The multisets are bits of a Python int, a *box*: one bit for each multiset
within the floor's counts, in mixed radix (``prod(count + 1)`` bits), the
low values first. Adding one group of a total to every multiset of a set at
once is a mask and a shift for each way the low values make the total. The
box holds the low values and, while it stays small, some high values, whose
cards are added to every set at once one card at a time; the other high
values are chosen one state at a time (a few dozen states on a real floor).
At the end each multiset is weighed by its number of card sets, from bit
planes of the weights.

A crowded move list's loose set at an index is found from the same final
states, with the choices of the high values outside the box kept apart
(:func:`union_sets`, :func:`packing_sets`): its cards are decided from the
highest, and each value's cards from the numbers of card sets left for
each number of them taken (:func:`narrowed`).

Every function takes the floor as packed value counts: four bits per value
``v`` at bit ``4 * v``, only values below the target (see
:mod:`seep._engine.groups`).
"""

from __future__ import annotations

from math import comb
from typing import Final, NamedTuple

from seep._engine.bits import subset_sums
from seep._engine.caches import cached, nested_small, pairs, small

_MAX_VALUE: Final = 13
# The most bits of a box: beyond it, high values are chosen one state at a time.
BOX_BITS: Final = 1 << 12
_BINOMIALS: Final = tuple(tuple(comb(n, k) for k in range(5)) for n in range(5))


class Box(NamedTuple):
    """The multisets of some value counts as the bits of one int (see :func:`_box`).

    A multiset's weight, its number of card sets, has bit ``b`` set when
    the multiset is in plane ``b``.
    """

    #: The bit offset of one more card of each value (``strides[0]`` unused; 0 for a value without cards).
    strides: tuple[int, ...]
    #: The size of the box in bits.
    size: int
    #: The mask of every bit.
    full: int
    #: The bit planes of the weights.
    planes: tuple[int, ...]
    #: Each weight and the mask of its multisets.
    classes: tuple[tuple[int, int], ...]


# The ways to add a total to every multiset of a set: for each multiset of
# low values with that total, its offset and the mask of the multisets it fits.
Parts = tuple[tuple[int, int], ...]
# The final states of a count: the multisets of the box (never none), a tag
# (see _union_states) and the card sets of the high cards chosen.
Counted = list[tuple[int, int, int]]


def _box_bytes(box: Box) -> int:
    """The estimated bytes of a box (its big ints measured, each walk in C: see :func:`~seep._engine.caches.pairs`)."""
    return (
        small(box)
        + small(box.strides)
        + small(box.full)
        + nested_small(box.planes)
        + pairs(box.classes)
    )


def _parts_bytes(found: tuple[Parts, ...]) -> int:
    """The estimated bytes of :func:`_small_parts`'s tuple of :data:`Parts`."""
    return small(found) + sum(map(pairs, found))


def _field(counts: int, value: int) -> int:
    return counts >> (4 * value) & 15


@cached("counting._box", _box_bytes)
def _box(counts: int) -> Box:
    """The box of the packed ``counts``: that of its values but the highest, with a digit more."""
    if not counts:
        return Box((0,) * (_MAX_VALUE + 1), 1, 1, (1,), ((1, 1),))
    value = (counts.bit_length() - 1) // 4
    cards = _field(counts, value)
    strides, size, _, _, classes = _box(counts & ~(15 << (4 * value)))
    grown: dict[int, int] = {}
    for taken in range(cards + 1):
        ways = _BINOMIALS[cards][taken]
        for weight, mask in classes:
            key = weight * ways
            grown[key] = grown.get(key, 0) | mask << (taken * size)
    planes = [0] * max(grown).bit_length()
    for weight, mask in grown.items():
        for plane in range(weight.bit_length()):
            if weight >> plane & 1:
                planes[plane] |= mask
    larger = size * (cards + 1)
    placed = (*strides[:value], size, *strides[value + 1 :])
    return Box(placed, larger, (1 << larger) - 1, tuple(planes), tuple(grown.items()))


@cached("counting._within")
def _within(counts: int, value: int, most: int) -> int:
    """The multisets of the box of ``counts`` holding at most ``most`` cards of ``value``."""
    strides, size, full, _, _ = _box(counts)
    stride = strides[value]
    period = stride * (_field(counts, value) + 1)
    found = (1 << (stride * (most + 1))) - 1  # the first period
    while period < size:
        found |= found << period
        period <<= 1
    return found & full


def _low(counts: int, top: int) -> int:
    """The packed counts of the low values 1..``top`` of ``counts``."""
    return counts & ((1 << (4 * top + 4)) - 1)


def _low_parts(low: int, top: int, total: int) -> Parts:
    """The ways the values 1..``top`` of ``low`` make ``total``, in the box of ``low`` (0: one way, by nothing)."""
    if total <= top:
        return _small_parts(low, top)[total]
    return _large_parts(low, top, total)


@cached("counting._small_parts", _parts_bytes)
def _small_parts(low: int, top: int) -> tuple[Parts, ...]:
    """:func:`_low_parts` of each total 0..``top``, found together (the rests of the high cards)."""
    strides, _, full, _, _ = _box(low)
    partial = [(0, 0, full)]  # the multisets of the values so far: total, offset, fits
    for value in range(1, top + 1):
        cards = _field(low, value)
        if not cards:
            continue
        stride = strides[value]
        rooms = [_within(low, value, most) for most in range(cards)]
        grown: list[tuple[int, int, int]] = []
        for total, offset, fits in partial:
            grown.append((total, offset, fits))
            most = (top - total) // value
            for taken in range(1, (cards if most > cards else most) + 1):
                grown.append(
                    (total + taken * value, offset + taken * stride, fits & rooms[cards - taken])
                )
        partial = grown
    found: list[list[tuple[int, int]]] = [[] for _ in range(top + 1)]
    for total, offset, fits in partial:
        found[total].append((offset, fits))
    return tuple(tuple(ways) for ways in found)


@cached("counting._large_parts", pairs)
def _large_parts(low: int, top: int, total: int) -> Parts:
    """:func:`_low_parts` of a ``total`` above ``top``.

    The values are taken from the highest, and a way stops where the values
    left hold too little for the rest of the total.
    """
    strides, _, full, _, _ = _box(low)
    values: list[tuple[int, int, list[int]]] = []
    for value in range(top, 0, -1):
        cards = _field(low, value)
        if cards:
            values.append((value, cards, [_within(low, value, most) for most in range(cards + 1)]))
    most = [0] * (len(values) + 1)  # the sum of the cards of the values from each on
    for index in range(len(values) - 1, -1, -1):
        most[index] = most[index + 1] + values[index][0] * values[index][1]
    found: list[tuple[int, int]] = []
    if total > most[0]:
        return ()
    last = len(values) - 1
    stack = [(0, total, 0, full)]  # the next value, the rest of the total, offset, fits
    while stack:
        index, rest, offset, fits = stack.pop()
        value, cards, rooms = values[index]
        stride = strides[value]
        if index == last:  # the lowest value makes the whole rest, or nothing does
            taken = rest // value
            if taken * value == rest and taken <= cards:
                found.append((offset + taken * stride, fits & rooms[cards - taken]))
            continue
        following = most[index + 1]
        taken = rest // value
        if taken > cards:
            taken = cards
        while taken >= 0:
            left = rest - taken * value
            if left > following:
                break  # fewer cards of this value leave even more to the rest
            if not left:
                found.append((offset + taken * stride, fits & rooms[cards - taken]))
            else:
                stack.append(
                    (index + 1, left, offset + taken * stride, fits & rooms[cards - taken])
                )
            taken -= 1
    return tuple(found)


@cached("counting._parts", pairs)
def _parts(inside: int, top: int, total: int) -> Parts:
    """The ways the low values 1..``top`` make ``total``, in the box of ``inside``.

    The low values are the lowest digits of the box, so a mask of the low
    box repeats once for each choice of the high values of the box.
    """
    low = _low(inside, top)
    parts = _low_parts(low, top, total)
    period = _box(low).size
    box = _box(inside)
    size, full = box.size, box.full
    if period == size:
        return parts
    found: list[tuple[int, int]] = []
    for offset, fits in parts:
        length = period
        while length < size:
            fits |= fits << length
            length <<= 1
        found.append((offset, fits & full))
    return tuple(found)


def _plus(chosen: int, parts: Parts) -> int:
    """The multisets of ``chosen`` with one group of ``parts``'s total added, where they fit."""
    grown = 0
    for offset, fits in parts:
        grown |= (chosen & fits) << offset
    return grown


def _weighed(box: Box, chosen: int) -> int:
    """The number of card sets whose value counts are a multiset of ``chosen``."""
    total = 0
    for plane, mask in enumerate(box.planes):
        total += (chosen & mask).bit_count() << plane
    return total


@cached("counting._low_unions")
def _low_unions(low: int, top: int, target: int) -> int:
    """The multisets of the low values of ``low`` that split into groups of ``target`` (none included)."""
    parts = _low_parts(low, top, target)
    found = frontier = 1
    while frontier:
        frontier = _plus(frontier, parts) & ~found
        found |= frontier
    return found


def _layout(
    limit: int, target: int, box_bits: int
) -> tuple[int, int, int, list[tuple[int, int]], list[tuple[int, int]]]:
    """How a count runs: the highest low value, the packed counts of the low box and of the box, and the high values in and out of the box (with their cards)."""
    top = target // 2
    low = inside = _low(limit, top)
    size = _box(low).size
    boxed: list[tuple[int, int]] = []
    chosen: list[tuple[int, int]] = []
    for value in range(top + 1, target):
        cards = _field(limit, value)
        if not cards:
            continue
        if size * (cards + 1) <= box_bits:
            size *= cards + 1
            inside |= cards << (4 * value)
            boxed.append((value, cards))
        else:
            chosen.append((value, cards))
    return top, low, inside, boxed, chosen


def _with_card(inside: int, value: int, rests: Parts) -> Parts:
    """The ways to add a card of the high ``value``, a digit of the box, with low cards of ``rests``.

    No room is checked for the card: it is added, ``cards`` times, to the
    sets that got a card of its value the time before (see :func:`_added`).
    """
    stride = _box(inside).strides[value]
    return tuple((offset + stride, fits) for offset, fits in rests)


def _added(chosen: int, groups: Parts, cards: int) -> int:
    """``chosen`` with up to ``cards`` groups of ``groups`` added, one at a time."""
    found = chosen
    for _ in range(cards):
        chosen = _plus(chosen, groups)
        if not chosen:
            break
        found |= chosen
    return found


def union_count(limit: int, target: int, base: int, box_bits: int = BOX_BITS) -> int:
    """The card sets of ``limit`` that split into one group of ``base`` (none if 0) and groups of ``target``.

    ``base`` is below ``target``; no card of ``limit`` is of ``target`` or
    more (R5.2, R5.3, R6.1, R11.3). ``box_bits``: the most bits of a box
    (see :func:`_layout`); the count is the same for any.

    >>> from seep._engine.counting import union_count
    >>> union_count(3 << 4 | 2 << 8 | 1 << 12, 4, 0)  # three aces, two twos, a three
    16
    """
    inside, states = _union_states(limit, target, base, box_bits, False)
    return _total(_box(inside), states)


def _total(box: Box, states: Counted) -> int:
    """The card sets of ``states``: for each, its multisets of the box times the card sets of its high cards."""
    total = 0
    for found, _, weight in states:
        total += weight * _weighed(box, found)
    return total


def _union_states(
    limit: int, target: int, base: int, box_bits: int, apart: bool
) -> tuple[int, Counted]:
    """The packed counts of the box, and the final states of :func:`union_count`.

    A state holds the multisets of the box that go with some of the high
    cards chosen one at a time, a tag, and the card sets of those high
    cards. With ``apart`` the tag holds the packed counts of those high
    cards, so that no two choices share a state (see :func:`union_sets`);
    else it is 0 and choices of equal multisets are merged as they are made.
    """
    top, low, inside, boxed, chosen = _layout(limit, target, box_bits)
    # The sets without the base group, and with it; at first of low cards only.
    plain = _low_unions(low, top, target)
    based = _plus(plain, _low_parts(low, top, base)) if base else plain
    for value, cards in boxed:
        groups = _with_card(inside, value, _parts(inside, top, target - value))
        if value <= base:  # the card may be the base group's high card (R5.2)
            in_base = _with_card(inside, value, _parts(inside, top, base - value))
            fresh, extra = plain, based
            for _ in range(cards):
                fresh, extra = _plus(fresh, groups), _plus(extra, groups) | _plus(fresh, in_base)
                plain |= fresh
                based |= extra
        else:
            plain = _added(plain, groups, cards)
            based = _added(based, groups, cards) if base else plain
    if not base:
        each = [_parts(inside, top, target - value) for value, _ in chosen]
        found = _chosen_unions(plain, chosen, each, apart)
        return inside, [(plain, tag, weight) for (plain, tag), weight in found.items()]
    # Each state: the two sets for the high cards chosen so far, their tag,
    # and the card sets of those choices.
    states: dict[tuple[int, int, int], int] = {(plain, based, 0): 1}
    for value, cards in chosen:
        rests = _parts(inside, top, target - value)
        in_base_rests = _parts(inside, top, base - value) if value <= base else None
        ways = _BINOMIALS[cards]
        step = 1 << (4 * value) if apart else 0
        grown: dict[tuple[int, int, int], int] = {}
        for (plain, based, tag), weight in states.items():
            for taken in range(cards + 1):
                if taken:
                    extra = 0 if in_base_rests is None else _plus(plain, in_base_rests)
                    plain, based = _plus(plain, rests), _plus(based, rests) | extra
                    if not (plain or based):
                        break
                    tag += step
                key = (plain, based, tag)
                grown[key] = grown.get(key, 0) + weight * ways[taken]
        states = grown
    return inside, [(based, tag, weight) for (_, based, tag), weight in states.items() if based]


def _chosen_unions(
    plain: int, chosen: list[tuple[int, int]], rests: list[Parts], apart: bool
) -> dict[tuple[int, int], int]:
    """The states of :func:`_union_states` without a base group, from the sets ``plain`` of the box."""
    states = {(plain, 0): 1}
    for (value, cards), groups in zip(chosen, rests, strict=True):
        ways = _BINOMIALS[cards]
        step = 1 << (4 * value) if apart else 0
        grown: dict[tuple[int, int], int] = {}
        for (plain, tag), weight in states.items():
            for taken in range(cards + 1):
                if taken:
                    plain = _plus(plain, groups)
                    if not plain:
                        break
                    tag += step
                key = (plain, tag)
                grown[key] = grown.get(key, 0) + weight * ways[taken]
        states = grown
    return states


def packing_count(limit: int, target: int, singles: bool, box_bits: int = BOX_BITS) -> int:
    """The maximal unions of groups of ``target`` in ``limit``: the cards left make no group (R4.3).

    Counted by value, not listed (:func:`seep._engine.groups.leaves_no_group`
    is the definition): tests check the count against the listing.

    ``singles``: the floor also has cards of ``target``, always taken, so
    that taking nothing else is a pick-up too. No card of ``limit`` is of
    ``target`` or more. ``box_bits`` as for :func:`union_count`.

    >>> from seep._engine.counting import packing_count
    >>> packing_count(3 << 4 | 2 << 8 | 1 << 12, 4, False)  # three aces, two twos, a three
    5
    """
    inside, states = _packing_states(limit, target, box_bits, False)
    total = _total(_box(inside), states)
    if not singles and _no_group(limit, target):
        total -= 1  # the empty set is maximal, but a pick-up takes something
    return total


def _packing_states(limit: int, target: int, box_bits: int, apart: bool) -> tuple[int, Counted]:
    """The packed counts of the box, and the multisets of :func:`packing_count` (the empty one included).

    The states are those of :func:`_union_states`, for packings.
    """
    top, low, inside, boxed, chosen = _layout(limit, target, box_bits)
    full = _box(inside).full

    def leaving_no(total: int) -> int:
        """The sets whose low cards left have none summing to ``total``."""
        caught = 0
        for _, fits in _parts(inside, top, total):
            caught |= fits
        return full & ~caught

    taken = _low_unions(low, top, target)
    allowed = leaving_no(target)
    for value, cards in boxed:
        groups = _with_card(inside, value, _parts(inside, top, target - value))
        taken = _added(taken, groups, cards)
        # A card of the value left over makes a group with low cards left (R4.3).
        allowed &= full & ~_within(inside, value, cards - 1) | leaving_no(target - value)
    # Each state: the sets taken for the high cards chosen so far, those whose
    # cards left make no group with a high card left, their tag, and their
    # card sets.
    states: dict[tuple[int, int, int], int] = {(taken, allowed, 0): 1}
    for value, cards in chosen:
        rests = _parts(inside, top, target - value)
        unmatched = leaving_no(target - value)
        ways = _BINOMIALS[cards]
        step = 1 << (4 * value) if apart else 0
        grown: dict[tuple[int, int, int], int] = {}
        for (taken, allowed, tag), weight in states.items():
            for count in range(cards + 1):
                if count:
                    taken = _plus(taken, rests)
                    if not taken:
                        break
                    tag += step
                key = (taken, allowed if count == cards else allowed & unmatched, tag)
                grown[key] = grown.get(key, 0) + weight * ways[count]
        states = grown
    found: Counted = []
    for (taken, allowed, tag), weight in states.items():
        kept = taken & allowed
        if kept:
            found.append((kept, tag, weight))
    return inside, found


def _no_group(limit: int, target: int) -> bool:
    """True if no cards of ``limit`` below ``target`` sum to ``target`` (a bit of :func:`~seep._engine.bits.subset_sums`)."""
    return not subset_sums(limit & ((1 << (4 * target)) - 1)) >> target & 1


# -- ranking: the multisets kept apart by their high cards -------------------
#
# A move list is indexed by deciding its card mask card by card from the
# highest (see :func:`seep._engine.groups.union_at`). The multisets that
# qualify stay the same while cards are decided; only how many card sets go
# with each changes. So they are found once, as the final states of a count
# with every choice of the high values outside the box kept apart, and the
# cards are decided value by value, from the highest: deciding how many
# cards of a value of the box are taken keeps one slice of its digit, a box
# of the values below; for a value outside the box, the states with that
# many cards of it.

# A state of a ranking: the packed counts of its high cards outside the box,
# its multisets of the box (or of the values of the box still undecided),
# the card sets of its high cards outside the box still undecided, and its
# number of card sets (that times those of its multisets). Made in the inner
# loops of a ranking, so a plain tuple; its parts are read by these indices.
State = tuple[int, int, int, int]
STATE_TAG: Final = 0
STATE_SETS: Final = 1
STATE_WEIGHT: Final = 2
STATE_COUNT: Final = 3
# The packed counts of the box's values and the states (see union_sets).
Sets = tuple[int, tuple[State, ...]]


def _sets_bytes(sets: Sets) -> int:
    """The estimated bytes of a :data:`Sets` (its states' big ints measured in C: see :func:`_box_bytes`)."""
    return small(sets) + small(sets[0]) + pairs(sets[1])


@cached("counting.union_sets", _sets_bytes)
def union_sets(limit: int, target: int, base: int, box_bits: int = BOX_BITS) -> Sets:
    """The multisets counted by :func:`union_count`, one state for each choice of the high values outside the box.

    >>> from seep._engine.counting import ranked_total, union_count, union_sets
    >>> floor = 3 << 4 | 2 << 8 | 1 << 12  # three aces, two twos, a three
    >>> ranked_total(union_sets(floor, 4, 0)) == union_count(floor, 4, 0) == 16
    True
    """
    inside, states = _union_states(limit, target, base, box_bits, True)
    return _ranking(inside, states, True)


@cached("counting.packing_sets", _sets_bytes)
def packing_sets(limit: int, target: int, singles: bool, box_bits: int = BOX_BITS) -> Sets:
    """The multisets counted by :func:`packing_count`, as :func:`union_sets` gives them."""
    inside, states = _packing_states(limit, target, box_bits, True)
    return _ranking(inside, states, singles)


def _ranking(inside: int, states: Counted, empty: bool) -> Sets:
    """The :data:`Sets` of the states of a count whose choices are kept apart; the empty set kept if ``empty``."""
    box = _box(inside)
    kept: list[State] = []
    for found, tag, weight in states:
        if not (empty or tag):
            found &= ~1  # R4.3: a pick-up takes something
        if found:
            kept.append((tag, found, weight, weight * _weighed(box, found)))
    return inside, tuple(kept)


def ranked_total(sets: Sets) -> int:
    """The card sets of ``sets``, none decided yet."""
    return sum([state[STATE_COUNT] for state in sets[1]])


def narrowed(
    limit: int, inside: int, states: list[State], value: int
) -> list[tuple[int, list[State]]]:
    """For each number ``m`` of cards of ``value`` taken: the card sets of the values below, and the states left.

    The values above ``value`` are decided, and ``states`` are over the box
    of the values of ``inside`` up to ``value``; the states left are over
    the box of the values below it. ``limit``: the floor's packed counts.
    """
    cards = _field(limit, value)
    found: list[tuple[int, list[State]]] = [(0, []) for _ in range(cards + 1)]
    if not _field(inside, value):  # chosen one state at a time: the states of m cards of it
        shift = 4 * value
        ways = _BINOMIALS[cards]
        totals = [0] * (cards + 1)
        for tag, sets, weight, count in states:
            taken = tag >> shift & 15
            fewer = ways[taken]
            found[taken][1].append((tag, sets, weight // fewer, count // fewer))
            totals[taken] += count // fewer
        return [(total, kept) for total, (_, kept) in zip(totals, found, strict=True)]
    box = _box(inside & ((1 << (4 * value)) - 1))  # a digit of the box: a slice of it for each m
    stride = box.size
    window = (1 << stride) - 1
    for taken in range(cards + 1):
        shift = taken * stride
        kept: list[State] = []
        total = 0
        for tag, sets, weight, _ in states:
            part = sets >> shift & window
            if part:
                count = weight * _weighed(box, part)
                kept.append((tag, part, weight, count))
                total += count
        found[taken] = (total, kept)
    return found

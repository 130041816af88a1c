"""The id sequences of moves and the ids legal after a prefix (the engine of :mod:`seep.actions`).

Normal play is decided from the mover's hand and the floor, card by card
and then loose card by loose card, with the completion tests of
:mod:`seep._encoding.completion`: no move is listed. The bid, the bidder's first
play (R2.6) and the taash opening round (R11.2) have few moves, which are
listed and encoded.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Final, NamedTuple

from seep._encoding.completion import can_complete, has_sum
from seep._engine.bits import HOUSE_VALUES, packed_counts
from seep._engine.caches import cached, flat
from seep._engine.generate import Position, generate
from seep._engine.groups import groups
from seep._engine.verify import value_name, violation

# The engine names this module uses, in one place.
from seep.cards import ALL_CARDS, CardSet, from_mask
from seep.errors import IllegalMoveError
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.state import Phase, State

# -- the id table ---------------------------------------------------------------
# HOUSE_ID and FINISH_ID are ids; seep.HOUSE and seep.FINISH are MoveChoice's options.

CARD: Final = 0  # 0..51: the hand card to play
BID: Final = 52  # 52..56: bid 9..13
THROW: Final = 57
TAKE: Final = 58
BUILD: Final = 59  # 59..63: build (or add) to 9..13
RAISE: Final = 64  # 64..68: raise the house of 9..13
LOOSE: Final = 69  # 69..120: this loose card
HOUSE_ID: Final = 121  # the take takes the house of its card's value
FINISH_ID: Final = 122
NUM_ACTIONS: Final = 123

LAYOUT: Final = (
    "a move is [card, throw], [card, raise v], "
    "[card, take, (house), loose cards in ascending order, finish] "
    "or [card, build v, loose cards in ascending order, finish]"
)


def _explained(state: State, move: Move) -> IllegalMoveError:
    """The verifier's error for ``move``, which the prefix being refused stands for."""
    broken = violation(state, move)
    if broken is None:  # pragma: no cover - the prefix was refused because this move is illegal
        return IllegalMoveError("R3.1", f"{move} does not follow this prefix; {LAYOUT}")
    return IllegalMoveError(*broken)


def check_id(action: object) -> int:
    """``action`` as an int in 0..122, or an error."""
    try:
        if isinstance(action, bool):
            raise TypeError
        number = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"action: expected an action id (an int), not {type(action).__name__}"
        ) from None
    if not 0 <= number < NUM_ACTIONS:
        raise IllegalMoveError("R3.1", f"{number} is not an action id (0..{NUM_ACTIONS - 1})")
    return number


def describe(action: int) -> str:
    """The readable form of an action id."""
    number = check_id(action)
    if number < BID:
        return f"play {ALL_CARDS[number]}"
    if number < THROW:
        return f"bid {number - BID + 9}"
    if number == THROW:
        return "throw"
    if number == TAKE:
        return "take"
    if number < RAISE:
        return f"build ={number - BUILD + 9}"
    if number < LOOSE:
        return f"raise #{number - RAISE + 9}"
    if number < HOUSE_ID:
        return f"add {ALL_CARDS[number - LOOSE]}"
    return "house" if number == HOUSE_ID else "finish"


def encode(move: Move) -> tuple[int, ...]:
    """The id sequence of ``move`` (legal or not)."""
    if isinstance(move, Bid):
        return (BID + move.value - 9,)
    card = int(move.card)
    if isinstance(move, Throw):
        return (card, THROW)
    if isinstance(move, Raise):
        return (card, RAISE + move.house - 9)
    loose = tuple(LOOSE + int(c) for c in move.loose)
    if isinstance(move, Take):
        house = (HOUSE_ID,) if move.house is not None else ()
        return (card, TAKE, *house, *loose, FINISH_ID)
    return (card, BUILD + move.value - 9, *loose, FINISH_ID)


def decode(ids: Sequence[int]) -> Move | None:
    """The move whose sequence is exactly ``ids``, or ``None`` if ``ids`` is no move's sequence."""
    if len(ids) == 1 and BID <= ids[0] < THROW:
        return Bid(value=ids[0] - BID + 9)
    if len(ids) < 2 or not ids[0] < BID:
        return None
    card, kind = ALL_CARDS[ids[0]], ids[1]
    if kind == THROW or RAISE <= kind < LOOSE:
        if len(ids) != 2:
            return None
        return Throw(card=card) if kind == THROW else Raise(card=card, house=kind - RAISE + 9)
    if not TAKE <= kind < RAISE or ids[-1] != FINISH_ID:
        return None
    rest = list(ids[2:-1])
    house = kind == TAKE and rest[:1] == [HOUSE_ID]
    if house:
        del rest[0]
    if not all(LOOSE <= i < HOUSE_ID for i in rest) or rest != sorted(set(rest)):
        return None
    loose = from_mask(sum(1 << (i - LOOSE) for i in rest))
    if kind == TAKE:
        return Take(card=card, loose=loose, house=card.value if house else None)
    return Build(card=card, loose=loose, value=kind - BUILD + 9)


# -- what each card may do --------------------------------------------------------


class Abilities(NamedTuple):
    """What a card may do in normal play, decided without listing moves.

    ``targets`` and ``raises`` hold bit ``v`` for value ``v``. ``bound``:
    the owner's last card of a house's value, which may only take that
    house (R3.2).
    """

    take: bool
    house: bool
    bound: bool
    targets: int
    raises: int
    throw: bool


def abilities(position: Position, card: int) -> Abilities:
    """What ``card`` may do (the existence half of the generator's plan, R3.2 to R8)."""
    value = card // 4 + 1
    bit = 1 << value
    sums = position.sums
    house = bool(position.house_values & bit)
    bound = position.is_bound(card)  # R3.2
    # R4.3: a take exists wherever a group or the house does; R11.3: the same,
    # but the owner's last card of the value may only take the house (R3.2).
    take = house or (bool(sums & bit) and not (position.free and bound))
    if bound:
        return Abilities(take, house, bound, 0, 0, False)
    targets = position.build_targets(value)  # R5.2; R3.2, R6.3
    raises = position.raise_targets(value)  # R7.1, R7.2
    throw = bool(position.throwable & bit)  # R8.2, R11.3
    return Abilities(take, house, bound, targets, raises, throw)


@cached("sequences.action_ids", flat)
def action_ids(found: Abilities) -> tuple[int, ...]:
    """The sorted ids that may follow a card with these abilities (a few hundred kinds, so cached)."""
    ids = [THROW] if found.throw else []
    if found.take:
        ids.append(TAKE)
    ids.extend(BUILD + v - 9 for v in HOUSE_VALUES if found.targets >> v & 1)
    ids.extend(RAISE + v - 9 for v in HOUSE_VALUES if found.raises >> v & 1)
    return tuple(sorted(ids))


# -- the ids legal after a prefix --------------------------------------------------


# The Position of the last state asked about: a move is chosen id by id, so the
# same state is asked about once per id (states are immutable, so identity is enough).
_last_position: list[tuple[State, Position]] = []


def position_of(state: State) -> Position:
    """``Position(state)``, made once for a run of questions about the same state."""
    if _last_position and _last_position[0][0] is state:
        return _last_position[0][1]
    position = Position(state)
    _last_position[:] = [(state, position)]
    return position


def legal_after(state: State, prefix: Sequence[int]) -> tuple[int, ...]:
    """The sorted ids that may follow ``prefix`` (empty once it is a whole move)."""
    ids = [check_id(i) for i in prefix]
    if state.phase is Phase.OVER:
        if ids:
            raise IllegalMoveError("R9.1", "the deal is over: every card has been played")
        return ()
    if state.phase is Phase.BID:
        return _listed_after(state, generate(state), ids)
    position = position_of(state)
    if position.special:  # R2.6, R11.2: few moves, listed
        return _listed_after(state, position.all_moves(), ids)
    if not ids:
        hand = position.hand
        return tuple(c for c in range(52) if hand >> c & 1)
    card = ids[0]
    if card >= BID:
        raise IllegalMoveError("R3.1", f"a move starts with the card played (ids 0..51); {LAYOUT}")
    if not position.hand >> card & 1:
        raise _explained(state, Throw(card=ALL_CARDS[card]))
    found = abilities(position, card)
    allowed = action_ids(found)
    if len(ids) == 1:
        return allowed
    kind = ids[1]
    if kind not in allowed:
        raise _refused_action(state, position, card, kind)
    if kind == THROW or kind >= RAISE:
        if len(ids) > 2:
            raise IllegalMoveError("R3.1", f"{describe(kind)} completes the move; {LAYOUT}")
        return ()
    return LoosePart(state, position, card, kind, found).after(ids[2:])


def _refused_action(state: State, position: Position, card: int, kind: int) -> IllegalMoveError:
    """The error for an action id that the card may not take."""
    played = ALL_CARDS[card]
    if kind == THROW:
        return _explained(state, Throw(card=played))
    if kind == TAKE:
        return _explained(state, Take(card=played))
    if BUILD <= kind < RAISE:
        target = kind - BUILD + 9
        # A group making the card up to the target if there is one (then R3.2 or R6.3
        # is what fails), else the whole floor: the explanation names what is missing.
        found = groups(position.loose, target - played.value)
        cards = found[0] if found else position.loose
        return _explained(state, Build(card=played, loose=from_mask(cards), value=target))
    if RAISE <= kind < LOOSE:
        return _explained(state, Raise(card=played, house=kind - RAISE + 9))
    return IllegalMoveError("R3.1", f"{describe(kind)} cannot follow the card; {LAYOUT}")


class LoosePart:
    """The loose-card part of a take or build: which loose cards and ids may follow."""

    def __init__(
        self, state: State, position: Position, card: int, kind: int, found: Abilities
    ) -> None:
        self.state = state
        self.position = position
        self.card = card
        self.value = card // 4 + 1
        self.take = kind == TAKE
        self.found = found
        # R4.3 (the house of the value comes with the rest), R3.2: the house first.
        self.house_first = self.take and (position.must_take_house(self.value) or found.bound)
        if self.take:
            self.target, self.base = self.value, 0
            self.everything = not position.free  # R4.3: the leftover makes no group
        else:
            self.target = kind - BUILD + 9
            # R5.2: below the house's value the card needs a group making up the rest.
            self.base = self.target - self.value
            self.everything = False
        self.counts = packed_counts(position.loose)

    def _complete(self, fixed: int, free: int, passed: int) -> bool:
        return can_complete(
            fixed, free, self.target, self.base, passed if self.everything else None
        )

    def _above(self, card: int) -> int:
        """Counts of the loose cards above ``card``."""
        return packed_counts(self.position.loose & ~((2 << card) - 1))

    def after(self, rest: Sequence[int]) -> tuple[int, ...]:
        loose = self.position.loose
        house = bool(rest) and rest[0] == HOUSE_ID
        if house:
            if not self.take or not self.found.house:
                raise self._refused_house()
            rest = rest[1:]
        fixed = 0
        last = -1
        for index, action in enumerate(rest):
            if action == FINISH_ID:
                if index != len(rest) - 1:
                    raise IllegalMoveError("R3.1", f"finish completes the move; {LAYOUT}")
                if not self.finishes(fixed, house):
                    raise _explained(self.state, self._move(rest[:index], house))
                return ()
            if not LOOSE <= action < HOUSE_ID:
                raise IllegalMoveError("R3.1", f"{describe(action)} cannot come here; {LAYOUT}")
            card = action - LOOSE
            if not loose >> card & 1:
                raise IllegalMoveError(
                    "R4.1" if self.take else "R5.2", f"{ALL_CARDS[card]} is not loose on the floor"
                )
            if card <= last:
                raise IllegalMoveError(
                    "R3.1",
                    f"loose cards come in ascending order: {ALL_CARDS[card]} after "
                    f"{ALL_CARDS[last]}; {LAYOUT}",
                )
            self._check_header(house)
            fixed += 1 << (4 * (card // 4 + 1))
            if not self._complete(fixed, self._above(card), self._passed(fixed, card)):
                raise self._dead_end(rest[: index + 1], house)
            last = card
        return self.next_ids(fixed, last, house)

    def _passed(self, fixed: int, last: int) -> int:
        """Counts of the loose cards up to ``last`` that were not chosen."""
        return packed_counts(self.position.loose & ((2 << last) - 1)) - fixed

    def _check_header(self, house: bool) -> None:
        """Refuse loose cards where the house must come first."""
        if not house and self.house_first:
            if self.position.must_take_house(self.value):
                raise IllegalMoveError(
                    "R4.3",
                    f"the house of {self.value} must be taken with the rest (id {HOUSE_ID} first)",
                )
            if self.found.bound:
                raise IllegalMoveError(
                    "R3.2",
                    f"seat {self.position.seat} owns the house of {self.value} and would hold"
                    f" no {value_name(self.value)}: the take includes the house (id {HOUSE_ID} first)",
                )

    def finishes(self, fixed: int, house: bool) -> bool:
        if self.take and not house and not fixed:
            return False  # R4.1: at least one group or the house
        if not house and self.house_first:
            return False  # R4.3, R3.2: the house must be taken
        passed = self.counts - fixed
        return self._complete(fixed, 0, passed)

    def next_ids(self, fixed: int, last: int, house: bool) -> tuple[int, ...]:
        found: list[int] = []
        if self.take and not house and self.found.house:
            if not fixed:
                found.append(HOUSE_ID)
            if self.house_first:
                return tuple(found)  # R4.3, R3.2: the house comes first, and must
        loose = self.position.loose >> (last + 1) << (last + 1)
        free = packed_counts(loose)
        passed = self._passed(fixed, last) if last >= 0 else 0
        failed = 0  # a value whose lowest candidate failed
        target = self.target
        while loose:
            if self.everything and has_sum(passed, target):
                break  # R4.3: passed cards alone make a group, whatever comes next
            low = loose & -loose
            loose ^= low
            card = low.bit_length() - 1
            value = card // 4 + 1
            if value > target:
                break  # a card above the target is in no group, nor is any card after it
            step = 1 << (4 * value)
            free -= step
            # A higher card of a failed value has fewer cards to grow with (and, for
            # R4.3, one more left behind), so it fails too.
            if value != failed:
                if self._complete(fixed + step, free, passed):
                    found.append(LOOSE + card)
                else:
                    failed = value
            passed += step
        if self.finishes(fixed, house):
            found.append(FINISH_ID)
        return tuple(sorted(found))

    def _move(self, loose_ids: Sequence[int], house: bool) -> Move:
        played = ALL_CARDS[self.card]
        cards = from_mask(sum(1 << (i - LOOSE) for i in loose_ids))
        if self.take:
            return Take(card=played, loose=cards, house=self.value if house else None)
        return Build(card=played, loose=cards, value=self.target)

    def _refused_house(self) -> IllegalMoveError:
        if not self.take:
            return IllegalMoveError("R3.1", f"only a take includes the house; {LAYOUT}")
        return IllegalMoveError("R4.1", f"no house of {self.value} stands")

    def _dead_end(self, loose_ids: Sequence[int], house: bool) -> IllegalMoveError:
        chosen = CardSet(sum(1 << (i - LOOSE) for i in loose_ids))
        played = ALL_CARDS[self.card]
        if self.take:
            rule = "R4.3" if self.everything else "R11.3"
            what = f"pick-up with {played}"
        else:
            rule = "R5.3" if self.target not in self.position.houses else "R6.1"
            what = f"build of {self.target} with {played}"
        return IllegalMoveError(
            rule, f"no legal {what} uses exactly {chosen} among the loose cards up to {max(chosen)}"
        )


def _listed_after(state: State, moves: Sequence[Move], ids: Sequence[int]) -> tuple[int, ...]:
    """The ids after ``ids`` among the sequences of the listed ``moves``."""
    size = len(ids)
    prefix = tuple(ids)
    found: set[int] = set()
    complete = False
    for move in moves:
        sequence = encode(move)
        if sequence[:size] == prefix:
            if len(sequence) == size:
                complete = True
            else:
                found.add(sequence[size])
    if complete:
        return ()
    if not found:
        raise _refused_listed(state, moves, prefix)
    return tuple(sorted(found))


def _refused_listed(state: State, moves: Sequence[Move], ids: tuple[int, ...]) -> IllegalMoveError:
    """The error for a prefix that no listed move starts with."""
    move = decode(ids)
    if move is None and len(ids) == 1 and ids[0] < BID:
        move = Throw(card=ALL_CARDS[ids[0]])
    elif move is None and len(ids) >= 2 and ids[0] < BID and TAKE <= ids[1] < RAISE:
        loose = [i for i in ids[2:] if LOOSE <= i < HOUSE_ID]
        move = decode((*ids[:2], *([HOUSE_ID] if HOUSE_ID in ids else []), *loose, FINISH_ID))
    if move is not None and move not in moves:
        return _explained(state, move)
    if state.phase is Phase.BID:
        return IllegalMoveError("R2.4", "the bidder must bid first (ids 52..56)")
    rule = "R2.6" if state.variant.opening.bids else "R11.2"
    return IllegalMoveError(rule, f"no legal move starts with these ids; {LAYOUT}")

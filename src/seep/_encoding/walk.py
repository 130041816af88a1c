"""A move chosen one action id at a time, each step answered from the one before.

:func:`~seep._encoding.sequences.legal_after` answers for any prefix, so it
checks the whole prefix at every call. The environments send one id at a
time, each among the ids offered the step before, so a :class:`Walk`
keeps what the last step worked out (the mover's
:class:`~seep._engine.generate.Position`, the card's abilities, the loose
cards chosen so far) and answers the next step from it alone. On a small
floor the loose sets of a take or build come from the card's plan, as the
generator lists them (where the mover's observation was read first, from
the plans of the whole hand that its options were read from,
:func:`~seep._encoding.options.planned`), and each loose card chosen keeps
those that go on with it; on a crowded floor (R3.4, R11.7) the completion tests of
:mod:`~seep._encoding.sequences` answer without listing them. When the
last id of a move is sent, the move is built from what was chosen, the
way the generator builds its moves: it is legal by construction, so it
goes to the transition with no second check. The ids offered at each step
are those of :func:`~seep._encoding.sequences.legal_after` (tests compare
the two on random play of every variant).

>>> from seep._encoding.walk import walk_of
>>> from seep.testing import position
>>> walk = walk_of(position(hand="7S 9H", loose="AS 2S 3S 4S 5S 6S"))
>>> walk.legal
(24, 33)
>>> for action in (24, 58, 69, 73, 81):
...     walk = walk.step(action)
...
>>> walk.prefix, walk.legal
((24, 58, 69, 73, 81), (122,))
>>> walk.step(122)
Take(card=Card('7S'), loose=CardSet('AS 2S 4S'), house=None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from seep._encoding.options import plan_ids, planned
from seep._encoding.sequences import (
    BUILD,
    FINISH_ID,
    HOUSE_ID,
    LOOSE,
    RAISE,
    TAKE,
    THROW,
    Abilities,
    LoosePart,
    abilities,
    action_ids,
    check_id,
    encode,
    legal_after,
)
from seep._engine.bypass import make_build, make_raise, make_take, make_throw
from seep._engine.generate import Plan, Position, card_indices, generate
from seep.cards import ALL_CARDS, from_mask
from seep.errors import IllegalMoveError
from seep.moves import Move
from seep.state import Phase, State

__all__ = ["Walk", "walk_of"]

#: The moves listed with their sequences: the bid, R2.6 and R11.2.
Listed = tuple[tuple[tuple[int, ...], Move], ...]


class Walk:
    """The ids chosen so far in ``state`` (``prefix``) and the sorted ids legal next (``legal``).

    Immutable: :meth:`step` returns the next walk, or the move once it is
    complete. Copies share it, and a pickle holds only the state and the
    prefix.
    """

    __slots__ = (
        "_card",
        "_fixed",
        "_found",
        "_house",
        "_housed",
        "_legal",
        "_listed",
        "_part",
        "_plan",
        "_position",
        "_sets",
        "_taken",
        "prefix",
        "state",
    )

    state: State
    prefix: tuple[int, ...]
    _legal: tuple[int, ...] | None
    _position: Position | None
    _listed: Listed | None
    _card: int
    _part: LoosePart | None
    _plan: Plan | None
    _sets: list[int] | None
    _housed: list[int]
    _fixed: int
    _found: Abilities | None
    _taken: int
    _house: bool

    @property
    def legal(self) -> tuple[int, ...]:
        """The sorted ids legal next."""
        legal = self._legal
        if legal is None:  # the first id in normal play: the cards in hand, listed when asked
            assert self._position is not None
            legal = self._legal = card_indices(self._position.hand)
        return legal

    @property
    def position(self) -> Position | None:
        """The mover's :class:`~seep._engine.generate.Position` in the play phase (``None`` in the bid's)."""
        return self._position

    def _next(self, action: int, legal: tuple[int, ...]) -> Walk:
        """A copy of this walk one id further, offering ``legal``."""
        after = object.__new__(Walk)
        after.state = self.state
        after.prefix = (*self.prefix, action)
        after._legal = legal
        after._position = self._position
        after._listed = self._listed
        after._card = self._card
        after._part = self._part
        after._plan = self._plan
        after._sets = self._sets
        after._housed = self._housed
        after._fixed = self._fixed
        after._found = self._found
        after._taken = self._taken
        after._house = self._house
        return after

    def step(self, action: int) -> Walk | Move:
        """The walk after ``action``, or the legal move that it completes.

        An id not offered raises the error of
        :func:`~seep._encoding.sequences.legal_after` (naming the rule).
        """
        if type(action) is not int:
            action = check_id(action)
        legal = self._legal
        if legal is None:  # a card in hand (see legal)
            assert self._position is not None
            offered = 0 <= action < 52 and self._position.hand >> action & 1
        else:
            offered = action in legal
        if not offered:
            legal_after(self.state, (*self.prefix, action))  # raises, naming the rule
            raise IllegalMoveError("R3.1", f"no legal move continues with {action}")
        return self.advance(action)

    def advance(self, action: int) -> Walk | Move:
        """:meth:`step` for an int ``action`` the caller found in :attr:`legal`: not checked again."""
        listed = self._listed
        if listed is not None:
            return self._listed_step(listed, action)
        size = len(self.prefix)
        position = self._position
        assert position is not None
        if not size:  # the card played: what it may do
            plan = planned(position, action) if position.table is not None else None
            if plan is not None:  # the observation planned the hand already
                walk = self._next(action, plan_ids(plan))
                walk._card = action
                walk._plan = plan
                return walk
            found = abilities(position, action)
            walk = self._next(action, action_ids(found))
            walk._card = action
            walk._found = found
            return walk
        card = self._card
        if size == 1:
            if action == THROW:
                return make_throw(ALL_CARDS[card])
            if action >= RAISE:
                return make_raise(ALL_CARDS[card], action - RAISE + 9)
            if position.table is not None:
                # A small floor: the loose sets come from the card's plan, as the
                # generator lists them, and each id narrows them down.
                if action == TAKE:
                    plain, housed = position.take_masks(card, self._plan)
                else:
                    plain, housed = position.build_masks(card, action - BUILD + 9), []
                walk = self._next(action, _offered(plain, 0, -1, bool(housed)))
                walk._sets = plain
                walk._housed = housed
                return walk
            chosen = self._found
            assert chosen is not None
            started = LoosePart(self.state, position, card, action, chosen)
            walk = self._next(action, started.next_ids(0, -1, False))
            walk._part = started
            return walk
        if action == FINISH_ID:
            loose = from_mask(self._taken)
            kind = self.prefix[1]
            if kind == TAKE:
                return make_take(ALL_CARDS[card], loose, card // 4 + 1 if self._house else None)
            return make_build(ALL_CARDS[card], loose, kind - BUILD + 9)
        sets = self._sets
        if action == HOUSE_ID:
            if sets is None:
                part = self._part
                assert part is not None
                walk = self._next(action, part.next_ids(0, -1, True))
            else:
                walk = self._next(action, _offered(self._housed, 0, -1, False))
                walk._sets = self._housed
            walk._house = True
            return walk
        loose_card = action - LOOSE
        taken = self._taken | 1 << loose_card
        if sets is None:
            part = self._part
            assert part is not None
            fixed = self._fixed + (1 << (4 * (loose_card // 4 + 1)))
            walk = self._next(action, part.next_ids(fixed, loose_card, self._house))
            walk._fixed = fixed
        else:
            below = (2 << loose_card) - 1
            sets = [mask for mask in sets if mask & below == taken]
            walk = self._next(action, _offered(sets, taken, loose_card, False))
            walk._sets = sets
        walk._taken = taken
        return walk

    def _listed_step(self, listed: Listed, action: int) -> Walk | Move:
        size = len(self.prefix)
        kept = tuple(entry for entry in listed if entry[0][size] == action)
        for sequence, move in kept:
            if len(sequence) == size + 1:
                return move
        walk = self._next(action, tuple(sorted({sequence[size + 1] for sequence, _ in kept})))
        walk._listed = kept
        return walk

    def __copy__(self) -> Walk:
        return self

    def __deepcopy__(self, memo: Any) -> Walk:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return walk_of, (self.state, self.prefix)

    def __repr__(self) -> str:
        return f"Walk(prefix={self.prefix}, legal={self.legal})"


def _offered(sets: list[int], taken: int, last: int, house: bool) -> tuple[int, ...]:
    """The sorted ids after the loose cards ``taken`` (up to card ``last``), among the loose ``sets`` that start with them.

    Each set offers its next card, or finish once it is all taken;
    ``house``: the take may name the house first.
    """
    above = -1 << (last + 1)
    if len(sets) == 1 and not house:  # one set left: its next card, or finish
        rest = sets[0] & above
        return (LOOSE + (rest & -rest).bit_length() - 1 if rest else FINISH_ID,)
    found = set()
    for mask in sets:
        rest = mask & above
        found.add(LOOSE + (rest & -rest).bit_length() - 1 if rest else FINISH_ID)
    if house:
        found.add(HOUSE_ID)
    return tuple(sorted(found))


_NO_SETS: Final[list[int]] = []


def _listed(moves: Sequence[Move]) -> Listed:
    return tuple((encode(move), move) for move in moves)


def walk_of(state: State, prefix: Sequence[int] = ()) -> Walk:
    """The walk of ``state`` after the ids ``prefix``, each checked as :meth:`Walk.step` checks it.

    Raises :class:`~seep.errors.IllegalMoveError` for a prefix no legal
    move starts with, or one that is a whole move.
    """
    walk = object.__new__(Walk)
    walk.state = state
    walk.prefix = ()
    walk._listed = None
    walk._card = -1
    walk._part = None
    walk._plan = None
    walk._sets = None
    walk._housed = _NO_SETS
    walk._fixed = 0
    walk._found = None
    walk._taken = 0
    walk._house = False
    phase = state.phase
    if phase is Phase.PLAY:
        position = walk._position = Position(state)
        if not position.special:
            walk._legal = None  # the cards in hand, listed when asked (see Walk.legal)
        else:  # R2.6, R11.2: few moves, listed
            walk._listed = _listed(position.all_moves())
    else:
        walk._position = None
        if phase is Phase.OVER:
            walk._legal = ()
        else:
            walk._listed = _listed(generate(state))
    if walk._listed is not None:
        walk._legal = tuple(sorted({sequence[0] for sequence, _ in walk._listed}))
    for action in prefix:
        after = walk.step(action)
        if not isinstance(after, Walk):
            raise IllegalMoveError("R3.1", f"the ids {tuple(prefix)} are a whole move")
        walk = after
    return walk

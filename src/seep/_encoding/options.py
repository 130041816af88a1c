"""What each card in the mover's hand can do: the ids that may follow it, its best take, its seeps.

A move's first id is the card played, and every card in hand is offered
then; what the card can do shows only after it is chosen. A player sees it
at a glance, so the observation carries it for the seat to move
(:func:`seep.observation.observation_vector`): for each hand card the ids
that may follow it (throw, take, build 9..13, raise 9..13), the most card
points a take with it captures, and whether a take with it clears the floor
(a seep, R4.5).

Everything comes from the engine: the follow-up ids from the card's
abilities (as :class:`~seep._encoding.walk.Walk` offers them) or, in the
listed positions (R2.6, R11.2), from the listed moves; the takes' loose
cards from the generator's plan of the card
(:meth:`~seep._engine.generate.Position.take_masks`), each take played on the table by
:func:`~seep._engine.effects.take_effect` (the part of playing a card that
takes), which says what it captures and whether it sweeps the floor.

>>> from seep._encoding.options import FOLLOW_IDS, hand_options
>>> from seep.testing import position
>>> from seep.views import observe
>>> options = hand_options(observe(position(hand="7S 9H KD", loose="AS 2S 3S 4S 5S 6S"), 0))
>>> def follow(card):
...     return [a for a in FOLLOW_IDS if options.follow >> (12 * card + a - 57) & 1]
...
>>> follow(24), follow(33)     # 7S: take, build 9 or 13; 9H: take, build 13
([58, 59, 63], [58, 63])
>>> options.points[24], options.seeps >> 24 & 1   # 7S can take every loose card: 28 points, a seep
(28, 1)
>>> options.points[33], options.seeps >> 33 & 1   # 9H: at most 18 points (9H 3S 4S 5S 6S)
(18, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, cast

from seep._encoding.sequences import LOOSE, THROW, Abilities, action_ids, encode
from seep._engine.caches import cached
from seep._engine.effects import take_effect
from seep._engine.generate import Plan, Position
from seep._engine.groups import mask_of
from seep.cards import CardSet
from seep.moves import Take
from seep.state import House, Phase, State
from seep.variants import Variant
from seep.views import View

__all__ = ["FOLLOW_IDS", "HandOptions", "hand_options", "hand_options_at", "plan_ids", "planned"]

#: The ids that may follow a card, in the order of an options field: throw, take, build 9..13, raise 9..13.
FOLLOW_IDS = range(THROW, LOOSE)
_EMPTY = CardSet()


class HandOptions(NamedTuple):
    """What the cards in hand can do, as masks over card indices (0..51).

    ``follow``: bit ``12 * card + id - 57`` for each id that may follow the
    card (:data:`FOLLOW_IDS`); ``points``: the most card points a take with
    the card captures, for each card that can take; ``seeps``: bit ``card``
    for a card with a take that leaves the floor empty.
    """

    follow: int
    points: dict[int, int]
    seeps: int


class _Table(NamedTuple):
    """The parts of a state that :class:`~seep._engine.generate.Position` reads, all in the mover's view."""

    variant: object
    to_move: int
    hands: tuple[CardSet, ...]
    loose: CardSet
    houses: tuple[House, ...]
    plays: int
    bid: int | None


_NONE = HandOptions(0, {}, 0)
_WIDTH = len(FOLLOW_IDS)
_FIRST = FOLLOW_IDS.start


@cached("options.follow")
def _follow_bits(take: bool, targets: int, raises: int, throw: bool) -> int:
    """The ids that may follow a card with this plan's abilities, as bits ``id - 57``."""
    found = Abilities(take, False, False, targets, raises, throw)
    return sum(1 << (action - _FIRST) for action in action_ids(found))


# The card points last asked about and the mask of their cards worth points
# (a variant's points are one tuple, asked about once per observation).
_last_scoring: list[tuple[tuple[int, ...], int]] = [((), 0)]


def _scoring(card_points: tuple[int, ...]) -> int:
    """The mask of the cards worth points."""
    last = _last_scoring[0]
    if last[0] is card_points:
        return last[1]
    scoring = sum(1 << card for card, points in enumerate(card_points) if points)
    _last_scoring[0] = (card_points, scoring)
    return scoring


# The hand plans that the options of the last position were read from: the
# walk of that position reads the played card's plan from them, so a state
# whose observation was read is planned once (positions are never changed,
# so identity is enough).
_last_plans: list[tuple[Position | None, list[int], list[Plan]]] = [(None, [], [])]


def planned(position: Position, card: int) -> Plan | None:
    """The plan of ``card`` in hand if :func:`hand_options_at` of ``position`` was the last to plan, else ``None``."""
    last = _last_plans[0]
    if last[0] is not position:
        return None
    return last[2][last[1].index(card)]


def plan_ids(plan: Plan) -> tuple[int, ...]:
    """The sorted ids that may follow a card with the plan ``plan`` (as :func:`~seep._encoding.sequences.action_ids` of its abilities)."""
    plain, housed, targets, raises, throw = plan
    return action_ids(Abilities(bool(plain or housed), False, False, targets, raises, throw))


def hand_options(view: View, position: Position | None = None) -> HandOptions:
    """What each card of ``view.hand`` can do, if ``view.seat`` is to play now; nothing otherwise.

    Only the seat's own hand and the open table decide it, as the rules
    decide the mover's moves (nothing hidden from the seat is read).
    ``position``: the mover's :class:`~seep._engine.generate.Position` of
    the state seen, where the caller has it already.
    """
    seat = view.seat
    loose = view.loose
    if view.phase is not Phase.PLAY or view.to_move != seat or loose is None:
        return _NONE
    if not view.hand.mask:
        return _NONE
    if position is None:
        players = view.variant.players
        hands = tuple(view.hand if other == seat else _EMPTY for other in range(players))
        table = _Table(view.variant, seat, hands, loose, view.houses, view.plays, view.bid)
        position = Position(cast(State, table))
    return hand_options_at(position, view.houses, view.variant)


def hand_options_at(position: Position, houses: tuple[House, ...], variant: Variant) -> HandOptions:
    """:func:`hand_options` of the mover of ``position`` (in the play phase, the floor face up), ``houses`` standing."""
    card_points = variant.card_points.points
    scoring = _scoring(card_points)
    floor = position.loose
    follow = 0
    points: dict[int, int] = {}
    seeps = 0
    if position.special:  # R2.6, R11.2: few moves, listed
        # card -> the loose cards of its takes without and with the house
        takes: dict[int, tuple[list[int], list[int]]] = {}
        for move in position.all_moves():
            card, after = encode(move)[:2]
            follow |= 1 << (card * _WIDTH + after - _FIRST)
            if isinstance(move, Take):
                takes.setdefault(card, ([], []))[move.house is not None].append(move.loose.mask)
        for card, (loose, with_house) in takes.items():
            most, swept = _best_take(
                floor, houses, card, loose, with_house, None, card_points, scoring
            )
            points[card] = most + card_points[card]
            seeps |= swept << card
        return HandOptions(follow, points, seeps)
    # One planning pass over the hand, as the generator plans its moves: cards
    # of one value share their plan (each holds the other, R3.2, R6.3), so
    # each value is read once and its cards share the answer.
    cards, plans, _ = position.plans(position.hand, False, False)  # no build counted
    _last_plans[0] = (position, cards, plans)
    # A small floor's cards (keys are sets of positions among them), else None (see Position).
    cards_of_keys = None if position.table is None else position.loose
    last: Plan | None = None
    ids = most = 0
    can_take = swept = False
    for card, plan in zip(cards, plans, strict=True):
        if plan is not last:
            last = plan
            plain, housed, targets, raises, throw = plan
            can_take = bool(plain or housed)
            ids = _follow_bits(can_take, targets, raises, throw)
            if can_take:
                most, swept = _best_take(
                    floor, houses, card, plain, housed, cards_of_keys, card_points, scoring
                )
        follow |= ids << (card * _WIDTH)
        if can_take:
            points[card] = most + card_points[card]
            if swept:
                seeps |= 1 << card
    return HandOptions(follow, points, seeps)


def _best_take(
    floor: int,
    houses: tuple[House, ...],
    card: int,
    plain: Sequence[int],
    housed: Sequence[int],
    cards: int | None,
    card_points: tuple[int, ...],
    scoring: int,
) -> tuple[int, bool]:
    """The most card points ``card``'s takes capture besides the card itself, and whether one is a seep.

    ``plain`` and ``housed``: the loose cards of its takes without and with
    the house of its value, as keys of a small floor whose loose cards are
    the mask ``cards`` where it is given (see
    :class:`~seep._engine.generate.Position`), else as card masks.
    """
    most: int | None = None  # card points may be negative (custom tables, R12)
    swept = False
    own = scoring & ~(1 << card)
    for house, takes in ((None, plain), (card // 4 + 1, housed)):
        for key in takes:
            taken = key if cards is None else mask_of(key, cards)
            captured, left, standing = take_effect(floor, houses, card, taken, house)
            worth = captured & own
            total = 0
            while worth:
                low = worth & -worth
                total += card_points[low.bit_length() - 1]
                worth ^= low
            if most is None or total > most:
                most = total
            if not (left or standing):
                swept = True
    assert most is not None
    return most, swept

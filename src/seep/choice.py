"""Choosing a move step by step: the card, then the action, then the groups (R3.4, R11.7).

On a crowded floor the number of legal moves explodes (R3.4; in taash
every union of groups is a separate pick-up, R11.3), but each step of a
move stays small: which card, which action (take, build to a value, raise a
house, throw), then one group of loose cards at a time. A bot or a user
interface can walk these steps instead of listing every move; the moves
reachable this way are exactly :func:`seep.legal_moves`.

>>> from seep import FINISH, Action, Card, CardSet, MoveChoice
>>> from seep.testing import position
>>> state = position(hand="7S 9H", loose="AS 2S 3S 4S 5S 6S")
>>> choice = MoveChoice.start(state)
>>> choice.options()
(Card('7S'), Card('9H'))
>>> choice = choice.choose(Card.parse("7S"))
>>> choice.options()
(Action(kind='take', value=7), Action(kind='build', value=9))
>>> choice = choice.choose(Action(kind="take", value=7))
>>> choice.options()
(CardSet('AS 2S 4S'), CardSet('3S 4S'), CardSet('2S 5S'), CardSet('AS 6S'))
>>> choice = choice.choose(CardSet.parse("AS 2S 4S"))
>>> choice.options()
('finish',)
>>> choice.choose(FINISH).move
Take(card=Card('7S'), loose=CardSet('AS 2S 4S'), house=None)
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

from seep._engine.bits import bits
from seep._engine.bypass import make_build, make_take
from seep._engine.generate import Position
from seep._engine.groups import groups
from seep._engine.verify import in_play
from seep._util.arguments import check_instance
from seep._util.excerpt import excerpt
from seep.cards import Card, CardSet, from_mask
from seep.errors import InputError
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.rules import legal_moves
from seep.state import Phase, State

__all__ = ["FINISH", "HOUSE", "Action", "MoveChoice", "Option", "expand"]

#: Option that completes a take or build with the cards chosen so far.
FINISH: Final = "finish"
#: Option that adds the house of the card's value to a free-choice pick-up (R11.3).
HOUSE: Final = "house"

Kind = Literal["take", "build", "raise", "throw", "bid"]


@attrs.frozen(kw_only=True)
class Action:
    """What a card does: ``take`` (value = the card's), ``build`` or ``raise`` (value = the house), ``throw``.

    >>> from seep import Card, MoveChoice
    >>> from seep.testing import position
    >>> choice = MoveChoice.start(position(hand="7S 9H", loose="2S 5S"))
    >>> choice.choose(Card.parse("7S")).options()
    (Action(kind='take', value=7), Action(kind='build', value=9))
    """

    kind: Kind
    value: int | None = None


Option = Card | Action | CardSet | str | Move


def _action_of(move: Move) -> Action:
    if isinstance(move, Take):
        return Action(kind="take", value=move.card.value)
    if isinstance(move, Build):
        return Action(kind="build", value=move.value)
    if isinstance(move, Raise):
        return Action(kind="raise", value=move.house)
    if isinstance(move, Throw):
        return Action(kind="throw")
    return Action(kind="bid", value=move.value)


@attrs.frozen(kw_only=True)
class MoveChoice:
    """A move being chosen: ``options()`` lists the next choices, ``choose`` takes one.

    Once complete, ``move`` is the chosen legal move. In the bid, the
    bidder's first play (R2.6) and the taash opening round (R11.2), where
    moves are few, the options after the action are whole legal moves.

    >>> from seep import FINISH, Action, Card, CardSet, MoveChoice
    >>> from seep.testing import position
    >>> choice = MoveChoice.start(position(hand="7S 9H", loose="2S 5S"))
    >>> choice = choice.choose(Card.parse("7S")).choose(Action(kind="build", value=9))
    >>> choice.options()
    (CardSet('2S'),)
    >>> choice = choice.choose(CardSet.parse("2S"))
    >>> choice.is_complete, choice.choose(FINISH).move
    (False, Build(card=Card('7S'), loose=CardSet('2S'), value=9))
    """

    state: State
    card: Card | None = None
    action: Action | None = None
    loose: CardSet = attrs.field(factory=CardSet)
    house: bool = False
    based: bool = False
    move: Move | None = None

    @classmethod
    def start(cls, state: State) -> MoveChoice:
        """The first step: choose a card (or, before the bid, a bid)."""
        return cls(state=state)

    @property
    def is_complete(self) -> bool:
        """True once a whole move has been chosen."""
        return self.move is not None

    def _position(self) -> Position | None:
        """The move generator, or ``None`` in the phases with few moves."""
        state = self.state
        if state.phase is not Phase.PLAY:
            return None
        position = Position(state)
        return None if position.special else position

    def options(self) -> tuple[Option, ...]:
        """The choices at this step, in canonical order (empty once complete)."""
        if self.move is not None:
            return ()
        position = self._position()
        if position is None:
            return self._small_options()
        if self.card is None:
            cards, _, ends = position.plans(position.hand)
            return tuple(
                Card(card)
                for card, end, start in zip(cards, ends, [0, *ends], strict=False)
                if end > start
            )
        if self.action is None:
            return tuple(self._card_actions(position, self.card))
        return self._group_options(position)

    def choose(self, option: Option) -> MoveChoice:
        """The next step after choosing ``option`` (one of :meth:`options`)."""
        if option not in self.options():
            raise InputError(f"{excerpt(option)} is not one of the options here", field="option")
        if isinstance(option, (Bid, Take, Build, Raise, Throw)):
            return attrs.evolve(self, move=option)
        if isinstance(option, Card):
            return attrs.evolve(self, card=option)
        card = self.card
        assert card is not None
        if isinstance(option, Action):
            if option.kind == "throw":
                return attrs.evolve(self, action=option, move=Throw(card=card))
            if option.kind == "raise":
                assert option.value is not None
                return attrs.evolve(self, action=option, move=Raise(card=card, house=option.value))
            based = option.kind == "take" or option.value == card.value
            return attrs.evolve(self, action=option, based=based)
        action = self.action
        assert action is not None and action.value is not None
        if option == FINISH:
            if action.kind == "build":
                return attrs.evolve(
                    self, move=Build(card=card, loose=self.loose, value=action.value)
                )
            return attrs.evolve(self, move=self._finished())
        if option == HOUSE:
            return attrs.evolve(self, house=True)
        assert isinstance(option, CardSet)
        return attrs.evolve(self, loose=self.loose | option, based=True)

    # -- normal play -------------------------------------------------------

    @staticmethod
    def _card_actions(position: Position, card: int) -> list[Action]:
        value = card // 4 + 1
        plain, housed, targets, raises, throw = position.plan(card)
        actions: list[Action] = []
        if plain or housed:
            actions.append(Action(kind="take", value=value))
        # R3.2: the last card of an owned house's value may only take it (no targets then).
        actions.extend(Action(kind="build", value=target) for target in bits(targets))
        actions.extend(Action(kind="raise", value=house) for house in bits(raises))
        if throw:
            actions.append(Action(kind="throw"))
        return actions

    def _group_options(self, position: Position) -> tuple[Option, ...]:
        action = self.action
        card = self.card
        assert action is not None and action.value is not None and card is not None
        free = position.loose & ~self.loose.mask
        if not self.based:  # R5.2, R6.1: the played card's own group comes first
            return tuple(from_mask(g) for g in groups(free, action.value - card.value))
        found: list[Option] = [from_mask(g) for g in groups(free, action.value)]
        takes = action.kind == "take" and position.free and not self.house
        if takes and action.value in position.houses:
            found.append(HOUSE)  # R11.3: the house is taken by choice
        if in_play(position, self._finished(position)) is None:
            found.append(FINISH)  # the verifier decides when the move is whole
        return tuple(found)

    def _finished(self, position: Position | None = None) -> Take | Build:
        """The move made by finishing with the cards chosen so far."""
        card, action = self.card, self.action
        assert card is not None and action is not None and action.value is not None
        # The generator's constructors: the parts are already a Card, a CardSet and a value.
        if action.kind == "build":
            return make_build(card, self.loose, action.value)
        if position is None:
            position = self._position()
            assert position is not None
        takes_house = self.house or position.must_take_house(action.value)
        house = action.value if takes_house else None
        return make_take(card, self.loose, house)

    # -- the bid, the first play, the opening round --------------------------

    def _small_options(self) -> tuple[Option, ...]:
        moves = tuple(legal_moves(self.state))
        if self.state.phase is not Phase.PLAY:
            return moves
        if self.card is None:
            return tuple(dict.fromkeys(m.card for m in moves))  # type: ignore[union-attr]
        matching = [m for m in moves if getattr(m, "card", None) == self.card]
        if self.action is None:
            return tuple(dict.fromkeys(_action_of(m) for m in matching))
        return tuple(m for m in matching if _action_of(m) == self.action)


def expand(choice: MoveChoice) -> set[Move]:
    """Every move reachable from ``choice`` (for tests on small positions).

    >>> from seep.choice import expand
    >>> from seep import legal_moves, MoveChoice
    >>> from seep.testing import position
    >>> state = position(hand="7S 9H", loose="AS 2S 3S 4S 5S 6S")
    >>> expand(MoveChoice.start(state)) == set(legal_moves(state))
    True
    """
    check_instance(choice, MoveChoice, "choice")
    if choice.move is not None:
        return {choice.move}
    found: set[Move] = set()
    for option in choice.options():
        found |= expand(choice.choose(option))
    return found

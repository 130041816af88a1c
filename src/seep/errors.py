"""The exceptions of the library, all under :class:`SeepError`.

Errors about a value the caller passed in (a move, a notation string, a JSON
document, a deck) are also :class:`ValueError`, so generic handlers work.
Every error that comes from a rule carries the rule id in ``.rule``.

>>> from seep import new_deal, apply_move, parse_move
>>> from seep.errors import IllegalMoveError
>>> state = new_deal("standard", seed=1)
>>> try:
...     apply_move(state, parse_move("throw 2C"))
... except IllegalMoveError as error:
...     print(error.rule)
...
R2.4
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from seep._util.excerpt import excerpt

__all__ = [
    "AmbiguousMoveError",
    "IllegalMoveError",
    "InputError",
    "InvalidStateError",
    "MisdealError",
    "NotationError",
    "RecordError",
    "SeepError",
    "SolverBudgetError",
    "UnknownVariantError",
    "VariantError",
]


class SeepError(Exception):
    """Base class of every error raised by this library.

    >>> from seep import SeepError, parse_move
    >>> try:
    ...     parse_move("fold")
    ... except SeepError as error:
    ...     print(type(error).__name__)
    ...
    NotationError
    """


class IllegalMoveError(SeepError, ValueError):
    """A move that the rules do not allow in this state.

    ``rule`` is the id of the rule it breaks (``"R3.2"``), ``reason`` the
    explanation; ``str(error)`` is ``"R3.2: <reason>"``.

    >>> from seep import IllegalMoveError, apply_move, new_deal, parse_move
    >>> try:
    ...     apply_move(new_deal("standard", seed=10), parse_move("bid 13"))
    ... except IllegalMoveError as error:
    ...     print(error.rule, "|", error.reason)
    ...
    R2.4 | seat 1 holds no king and cannot bid 13
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalMoveError], tuple[str, str]]:
        return (type(self), (self.rule, self.reason))


class NotationError(SeepError, ValueError):
    """Text that is not valid card or move notation (the move notation).

    >>> from seep import Card, NotationError
    >>> try:
    ...     Card.parse("1S")
    ... except NotationError as error:
    ...     print(isinstance(error, ValueError))
    ...
    True
    """


class AmbiguousMoveError(NotationError):
    """Short move text that fits more than one legal move of the position.

    :func:`seep.notation.parse_move` with a state raises it; ``text`` is the
    text given, ``candidates`` the legal moves it fits, in canonical order
    (the order of :func:`seep.legal_moves`). Type one of them in full, or
    add the cards that tell them apart.

    >>> from seep import AmbiguousMoveError, parse_move
    >>> from seep.testing import position
    >>> state = position(hand="QC 5S 9D", loose="QH 3D 4C 5C 7H")
    >>> try:
    ...     parse_move("take QC", state)
    ... except AmbiguousMoveError as error:
    ...     print(error.candidates)
    ...
    (Take(card=Card('QC'), loose=CardSet('3D 4C 5C QH'), house=None), Take(card=Card('QC'), loose=CardSet('5C 7H QH'), house=None))
    """

    # The candidates are moves (Any here: seep.moves imports this module).
    def __init__(self, text: str, candidates: Sequence[Any]) -> None:
        self.text = text
        self.candidates = tuple(candidates)
        shown = ", ".join(str(move) for move in self.candidates[:_SHOWN])
        more = len(self.candidates) - _SHOWN
        tail = f" and {more} more" if more > 0 else ""
        super().__init__(
            f"{excerpt(text)} fits {len(self.candidates)} legal moves: {shown}{tail}; "
            "type one in full"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.text, self.candidates))


#: How many candidates the message of an :class:`AmbiguousMoveError` lists.
_SHOWN = 8


class InvalidStateError(SeepError, ValueError):
    """A state document or constructor input that no legal deal can reach.

    ``field`` names the offending field (``"floor.houses[0].owners"``).

    >>> from seep import InvalidStateError, new_deal, state_from_dict, state_to_dict
    >>> doc = state_to_dict(new_deal("standard", seed=10))
    >>> doc["bid"] = 15
    >>> try:
    ...     state_from_dict(doc)
    ... except InvalidStateError as error:
    ...     print(error.field)
    ...
    bid
    """

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason

    def __reduce__(self) -> tuple[type[InvalidStateError], tuple[str, str]]:
        return (type(self), (self.field, self.reason))


class InputError(SeepError, ValueError):
    """A value of the right type outside what it may be, or text that is no document at all.

    A card index outside 0..51, a house value outside 9..13, an integer
    with too many digits, JSON text that does not parse, holds ``NaN`` or
    ``Infinity``, nests too deep or passes a size bound. ``field`` names the
    parameter or the place in the document, ``line`` the line of the text,
    ``rule`` the rule that sets the range (each ``None`` where it does not
    apply); ``reason`` says what is wrong, and ``str(error)`` is
    ``"line: field: rule: reason"`` with the parts that apply.

    >>> from seep.errors import InputError
    >>> from seep.cards import Card
    >>> try:
    ...     Card(-1)
    ... except InputError as error:
    ...     print(error.field, error.rule, "|", error)
    ...
    card R1.1 | card: R1.1: a card index is 0..51, not -1
    """

    def __init__(
        self,
        reason: str,
        *,
        field: str | None = None,
        line: int | None = None,
        rule: str | None = None,
    ) -> None:
        places = [] if line is None else [f"line {line}"]
        if field is not None:
            places.append(field)
        text = reason if rule is None else f"{rule}: {reason}"
        super().__init__(": ".join([*places, text]))
        self.reason = reason
        self.field = field
        self.line = line
        self.rule = rule

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_input_error, (self.reason, self.field, self.line, self.rule))


def _rebuild_input_error(
    reason: str, field: str | None, line: int | None, rule: str | None
) -> InputError:
    return InputError(reason, field=field, line=line, rule=rule)


class VariantError(SeepError, ValueError):
    """A variant config holding a value its rules cannot use (a wrong type raises ``TypeError``).

    ``field`` names the config field (``"SeepBonus.normal"``).

    >>> from seep.variants import SeepBonus
    >>> SeepBonus(normal=2_000_000)
    Traceback (most recent call last):
    ...
    seep.errors.VariantError: SeepBonus.normal: expected an int in -1000000..1000000, got 2000000
    """

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason

    def __reduce__(self) -> tuple[type[VariantError], tuple[str, str]]:
        return (type(self), (self.field, self.reason))


class UnknownVariantError(SeepError, KeyError):
    """No variant is registered under ``name``; ``known`` lists the registered names.

    It is also a ``KeyError``, as a missing key of the registry.

    >>> from seep import get_variant, UnknownVariantError
    >>> try:
    ...     get_variant("stnadard")
    ... except UnknownVariantError as error:
    ...     print(error.name, "standard" in error.known, "|", str(error)[:34])
    ...
    stnadard True | unknown variant 'stnadard'; known:
    """

    def __init__(self, name: str, known: tuple[str, ...], shown: str | None = None) -> None:
        self.name = name
        self.known = known
        self.shown = repr(name) if shown is None else shown
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"unknown variant {self.shown}; known: {', '.join(self.known)}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.name, self.known, self.shown))


class MisdealError(SeepError, ValueError):
    """An explicit deck whose deal is void (R2.3: the bidder holds no 9 or higher).

    >>> from seep import MisdealError, new_deal
    >>> from seep.cards import ALL_CARDS
    >>> try:
    ...     new_deal(deck=ALL_CARDS)  # aces first: the bidder holds the four aces
    ... except MisdealError as error:
    ...     print(error)
    ...
    R2.3: the bidder (seat 1) holds AS AH AD AC, no card of 9 or more: the deal is void
    """


class SolverBudgetError(SeepError):
    """A position :func:`seep.solver.solve` could not solve within its node budget.

    ``budget`` is the node budget that was spent, ``cards_left`` the cards
    still to be played in the deal (hands and stock). Give a larger
    ``node_budget``, or solve a position nearer the end of the deal.

    >>> from seep import new_deal
    >>> from seep.errors import SolverBudgetError
    >>> from seep.solver import solve
    >>> try:
    ...     solve(new_deal("standard", seed=1), node_budget=1000)
    ... except SolverBudgetError as error:
    ...     print(error.budget, error.cards_left, "|", error)
    ...
    1000 48 | solve: the position was not solved within node_budget=1000 nodes (48 cards left to play); give a larger node_budget or a position nearer the end of the deal
    """

    def __init__(self, budget: int, cards_left: int) -> None:
        super().__init__(
            f"solve: the position was not solved within node_budget={budget} nodes "
            f"({cards_left} cards left to play); give a larger node_budget or a position "
            "nearer the end of the deal"
        )
        self.budget = budget
        self.cards_left = cards_left

    def __reduce__(self) -> tuple[type[SolverBudgetError], tuple[int, int]]:
        return (type(self), (self.budget, self.cards_left))


class RecordError(SeepError, ValueError):
    """A game record or a match document that cannot be loaded or does not replay.

    ``deal`` (1-based) and ``move_number`` (the number written on the move's
    line: 0 for the bid, else the play number) say where in the game;
    ``rule`` is the rule broken (``None`` for a format error), ``tag`` the
    part of the record at fault (``"Deck"``, ``"Score"``, ``"Result"``...) if
    any, ``reason`` what is wrong. Where in the document: ``line`` (text
    loaded by :func:`seep.records.parse_record`) or ``field`` (a JSON
    document, as in :class:`InvalidStateError`: ``"deals[1].moves[12]"``).
    The same fault gives the same ``reason`` in either form.

    >>> from seep.errors import RecordError
    >>> error = RecordError("R8.2: 7C can pick up", deal=2, move_number=13, rule="R8.2", line=40)
    >>> str(error)
    'line 40: deal 2, move 13: R8.2: 7C can pick up'
    >>> str(RecordError("R8.2: 7C can pick up", deal=2, move_number=13, field="deals[1].moves[13]"))
    'deals[1].moves[13]: deal 2, move 13: R8.2: 7C can pick up'
    >>> isinstance(error, ValueError), error.rule
    (True, 'R8.2')
    """

    def __init__(
        self,
        reason: str,
        *,
        deal: int | None = None,
        move_number: int | None = None,
        rule: str | None = None,
        tag: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        places = []
        if line is not None:
            places.append(f"line {line}")
        if field is not None:
            places.append(field)
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if move_number is not None:
            where.append(f"move {move_number}")
        if where:
            places.append(", ".join(where))
        super().__init__(": ".join([*places, reason]))
        self.reason = reason
        self.deal = deal
        self.move_number = move_number
        self.rule = rule
        self.tag = tag
        self.line = line
        self.field = field

    def at(
        self,
        *,
        deal: int | None = None,
        tag: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> RecordError:
        """A copy of this error with ``deal``, ``tag``, ``line`` or ``field`` set (those not ``None``)."""
        return RecordError(
            self.reason,
            deal=self.deal if deal is None else deal,
            move_number=self.move_number,
            rule=self.rule,
            tag=self.tag if tag is None else tag,
            line=self.line if line is None else line,
            field=self.field if field is None else field,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        places = (self.deal, self.move_number, self.rule, self.tag, self.line, self.field)
        return (_rebuild_record_error, (self.reason, *places))


def _rebuild_record_error(
    reason: str,
    deal: int | None,
    move_number: int | None,
    rule: str | None,
    tag: str | None,
    line: int | None,
    field: str | None,
) -> RecordError:
    return RecordError(
        reason, deal=deal, move_number=move_number, rule=rule, tag=tag, line=line, field=field
    )

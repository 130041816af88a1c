"""Text notation for moves (move notation): :func:`format_move` writes it, :func:`parse_move` reads it.

The state printer is :func:`seep.render.state_text`.

>>> from seep.notation import format_move, parse_move
>>> move = parse_move("TAKE js  6h 5c 10d #11")
>>> format_move(move)
'take JS 5C 6H TD #11'
>>> parse_move(format_move(move)) == move
True
>>> parse_move("build 5♥ 6♣ =11")
Build(card=Card('5H'), loose=CardSet('6C'), value=11)
"""

from __future__ import annotations

from seep._engine.bits import HOUSE_VALUES
from seep._util.arguments import check_instance
from seep._util.deprecation import renamed_names
from seep._util.excerpt import excerpt
from seep.cards import CARD_FORMS, Card, CardSet
from seep.errors import AmbiguousMoveError, IllegalMoveError, NotationError
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.rules import check_move, is_legal, iter_legal_moves
from seep.state import State

__all__ = ["format_move", "parse_move"]


_VERBS = ("bid", "throw", "take", "build", "raise")


def format_move(move: Move) -> str:
    """The canonical notation of ``move`` (same as ``str(move)``).

    >>> from seep import Raise, format_move
    >>> format_move(Raise(card="2C", house=9))
    'raise 2C #9'
    """
    return str(move)


def _is_value(token: str) -> bool:
    """True for a house value 9..13 in ASCII digits (``str.isdigit`` also accepts ``'¹'``).

    The length is checked before ``int``, which refuses text past Python's digit limit.
    """
    return token.isascii() and token.isdigit() and len(token) <= 2 and int(token) in HOUSE_VALUES


def _house_token(token: str, marker: str, text: str) -> int:
    digits = token[1:]
    if not _is_value(digits):
        raise NotationError(
            f"move notation: {excerpt(token)} in {excerpt(text)} is not {marker}9..{marker}13"
        )
    return int(digits)


def _card(token: str, text: str) -> Card:
    """The card ``token`` of the move ``text``."""
    try:
        return Card.parse(token)
    except NotationError:
        raise NotationError(
            f"move notation: {excerpt(token)} in {excerpt(text)} is not a card: {CARD_FORMS}"
        ) from None


def parse_move(text: str, state: State | None = None) -> Move:
    """Read a move in move notation (any case, any spacing, loose cards in any order).

    Without ``state`` the text must be a whole move, legal or not:

    >>> from seep import parse_move
    >>> parse_move("bid 11"), parse_move("throw 7c")
    (Bid(value=11), Throw(card=Card('7C')))
    >>> parse_move("raise 2C")
    Traceback (most recent call last):
    ...
    seep.errors.NotationError: move notation: 'raise 2C' needs 'raise CARD #VALUE'
    >>> parse_move("throw 1S")
    Traceback (most recent call last):
    ...
    seep.errors.NotationError: move notation: '1S' in 'throw 1S' is not a card: a rank A 2-9 T J Q K (or 10) then a suit S H D C (or ♠ ♥ ♦ ♣), as in 'TD' or '10♦'

    With ``state`` the text is read against the position and the answer is
    always a legal move. A whole legal move is that move; shorter text
    (cards, the house value or the verb left out) is completed when exactly
    one legal move fits it. A move fits when it has the verb, the played
    card and the house value given, and takes or builds with at least the
    loose cards given; a card alone (``7C``) fits every move of that card.
    Text that fits several moves raises
    :class:`~seep.errors.AmbiguousMoveError` listing them, text that fits
    none :class:`~seep.errors.IllegalMoveError` naming the rule, and text
    that is no notation at all :class:`~seep.errors.NotationError`.

    >>> from seep.testing import position
    >>> state = position(hand="QC 5S 9D", loose="QH 3D 4C 5C 7H")
    >>> parse_move("take qc 7h", state)              # the one take of the queen with the 7
    Take(card=Card('QC'), loose=CardSet('5C 7H QH'), house=None)
    >>> parse_move("build 5S =9", state)
    Build(card=Card('5S'), loose=CardSet('4C'), value=9)
    >>> parse_move("take QC", state)
    Traceback (most recent call last):
    ...
    seep.errors.AmbiguousMoveError: 'take QC' fits 2 legal moves: take QC 3D 4C 5C QH, take QC 5C 7H QH; type one in full
    >>> parse_move("raise 5S", state)
    Traceback (most recent call last):
    ...
    seep.errors.IllegalMoveError: R3.1: no legal move fits 'raise 5S'
    """
    if state is not None:
        return _resolve(text, state)
    if not isinstance(text, str):
        raise TypeError(f"text: expected a str such as 'throw 7C', not {type(text).__name__}")
    tokens = text.split()
    if not tokens or not tokens[0].isascii() or tokens[0].lower() not in _VERBS:
        raise NotationError(
            f"move notation: {excerpt(text)} does not start with a verb ({', '.join(_VERBS)})"
        )
    verb, rest = tokens[0].lower(), tokens[1:]
    if verb == "bid":
        if len(rest) != 1 or not _is_value(rest[0]):
            raise NotationError(f"move notation: {excerpt(text)} needs 'bid N' with N in 9..13")
        return Bid(value=int(rest[0]))
    if not rest:
        raise NotationError(f"move notation: {excerpt(text)} names no played card")
    card = _card(rest[0], text)
    if verb == "throw":
        if len(rest) != 1:
            raise NotationError(f"move notation: {excerpt(text)} needs 'throw CARD'")
        return Throw(card=card)
    if verb == "raise":
        if len(rest) != 2 or not rest[1].startswith("#"):
            raise NotationError(f"move notation: {excerpt(text)} needs 'raise CARD #VALUE'")
        return Raise(card=card, house=_house_token(rest[1], "#", text))
    marker = "#" if verb == "take" else "="
    value: int | None = None
    loose: list[str] = []
    for token in rest[1:]:
        if token.startswith(("#", "=")):
            if token[0] != marker or value is not None:
                raise NotationError(
                    f"move notation: unexpected {excerpt(token)} in {excerpt(text)}"
                )
            value = _house_token(token, marker, text)
        elif value is not None:
            raise NotationError(
                f"move notation: {excerpt(token)} after the house value in {excerpt(text)}"
            )
        else:
            loose.append(token)
    mask = 0
    for token in loose:
        bit = 1 << _card(token, text)
        if mask & bit:
            raise NotationError(
                f"move notation: card {Card.parse(token)} is listed twice in {excerpt(text)}"
            )
        mask |= bit
    cards = CardSet(mask)
    if card in cards:
        raise NotationError(
            f"move notation: {card} is both played and on the floor in {excerpt(text)}"
        )
    if verb == "take":
        return Take(card=card, loose=cards, house=value)
    if value is None:
        raise NotationError(f"move notation: {excerpt(text)} needs the house value '=N'")
    return Build(card=card, loose=cards, value=value)


def _resolve(text: str, state: State) -> Move:
    """The one legal move of ``state`` that ``text`` names in full or in part (see :func:`parse_move`)."""
    check_instance(state, State, "state")
    try:
        whole: Move | None = parse_move(text)
    except NotationError as error:
        whole, failure = None, error
    if whole is not None and is_legal(state, whole):
        return whole
    try:
        pattern = _Pattern.read(text)
    except NotationError:
        if whole is None:
            raise failure from None
        raise
    candidates = [move for move in iter_legal_moves(state) if pattern.fits(move)]
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        raise AmbiguousMoveError(text, candidates)
    if whole is not None:
        check_move(state, whole)  # raises: the rule the whole move breaks
    raise IllegalMoveError("R3.1", f"no legal move fits {excerpt(text)}")


_KINDS: dict[str, tuple[type[Move], ...]] = {
    "bid": (Bid,),
    "throw": (Throw,),
    "take": (Take,),
    "build": (Build,),
    "raise": (Raise,),
}


class _Pattern:
    """Move text with parts left out: the kinds of move it may be, the card, loose cards, value."""

    __slots__ = ("card", "kinds", "loose", "value")

    def __init__(
        self, kinds: tuple[type[Move], ...], card: Card | None, loose: int, value: int | None
    ) -> None:
        self.kinds = kinds
        self.card = card
        self.loose = loose
        self.value = value

    @classmethod
    def read(cls, text: str) -> _Pattern:
        """The pattern of ``text``: an optional verb, then cards and at most one ``#N`` or ``=N``."""
        tokens = text.split()
        if not tokens:
            raise NotationError("move notation: the text is empty")
        verb = tokens[0].lower() if tokens[0].isascii() else ""
        kinds = _KINDS.get(verb)
        rest = tokens[1:] if kinds is not None else tokens
        if kinds is None:
            kinds = (Take, Build, Raise, Throw)
        if kinds == (Bid,):
            if len(rest) > 1 or (rest and not _is_value(rest[0])):
                raise NotationError(f"move notation: {excerpt(text)} needs 'bid N' with N in 9..13")
            return cls(kinds, None, 0, int(rest[0]) if rest else None)
        card: Card | None = None
        loose = 0
        value: int | None = None
        for token in rest:
            if token.startswith(("#", "=")):
                if value is not None:
                    raise NotationError(f"move notation: two house values in {excerpt(text)}")
                value = _house_token(token, token[0], text)
                fitting = tuple(k for k in kinds if (k is Build) == (token[0] == "="))
                if not fitting:
                    raise NotationError(
                        f"move notation: unexpected {excerpt(token)} in {excerpt(text)}"
                    )
                kinds = fitting
            elif card is None:
                card = Card.parse(token)
            else:
                loose |= 1 << Card.parse(token)
        return cls(kinds, card, loose, value)

    def fits(self, move: Move) -> bool:
        """True when ``move`` has every part this pattern gives."""
        if not isinstance(move, self.kinds):
            return False
        if isinstance(move, Bid):
            return self.value is None or move.value == self.value
        if self.card is not None and move.card != self.card:
            return False
        if isinstance(move, (Take, Build)):
            if self.loose & ~move.loose.mask:
                return False
            value = move.house if isinstance(move, Take) else move.value
            return self.value is None or value == self.value
        if self.loose:
            return False
        if isinstance(move, Raise):
            return self.value is None or move.house == self.value
        return self.value is None


def _format_state() -> object:
    """The deprecated ``seep.notation.format_state`` (imported when asked for)."""
    from seep.render import _format_state

    return _format_state


__getattr__ = renamed_names(
    __name__, {"format_state": ("seep.render.state_text(state, symbols=False)", _format_state)}
)

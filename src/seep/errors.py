"""The exceptions of the library, all under :class:`SeepError`.

Errors about a value the caller passed in (a move, a notation string, a JSON
document, a deck) are also :class:`ValueError`, so generic handlers work.
Every error that comes from a rule carries the rule id in ``.rule``.

>>> from seep import new_deal, apply_move, parse_move
>>> state = new_deal("standard", seed=1)
>>> try:
...     apply_move(state, parse_move("throw 2C"))
... except IllegalMoveError as error:
...     print(error.rule)
R2.4
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "InvalidStateError",
    "MisdealError",
    "NotationError",
    "SeepError",
]


class SeepError(Exception):
    """Base class of every error raised by this library."""


class IllegalMoveError(SeepError, ValueError):
    """A move that the rules do not allow in this state.

    ``rule`` is the id of the rule it breaks (``"R3.2"``), ``reason`` the
    explanation; ``str(error)`` is ``"R3.2: <reason>"``.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalMoveError], tuple[str, str]]:
        return (type(self), (self.rule, self.reason))


class NotationError(SeepError, ValueError):
    """Text that is not valid card or move notation (RULES.md Appendix A)."""


class InvalidStateError(SeepError, ValueError):
    """A state document or constructor input that no legal deal can reach.

    ``field`` names the offending field (``"floor.houses[0].owners"``).
    """

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason

    def __reduce__(self) -> tuple[type[InvalidStateError], tuple[str, str]]:
        return (type(self), (self.field, self.reason))


class MisdealError(SeepError, ValueError):
    """An explicit deck whose deal is void (R2.3: the bidder holds no 9 or higher)."""

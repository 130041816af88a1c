"""Reading JSON documents field by field, naming the field in every error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seep._util.excerpt import excerpt
from seep.cards import Card, CardSet
from seep.errors import InvalidStateError, NotationError


class Reader:
    """Typed field access that names the field in every error."""

    def __init__(self) -> None:
        self.seen = 0
        self.where: dict[int, str] = {}

    @staticmethod
    def mapping(value: object, field: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise InvalidStateError(field, f"expected an object, got {type(value).__name__}")
        return value

    @staticmethod
    def get(doc: Mapping[str, Any], key: str, prefix: str = "") -> Any:
        if key not in doc:
            raise InvalidStateError(prefix + key, "required field is missing")
        return doc[key]

    @staticmethod
    def integer(value: object, field: str, low: int, high: int, *, optional: bool = False) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            kind = f"an integer in {low}..{high}" + (" or null" if optional else "")
            raise InvalidStateError(field, f"expected {kind}, got {excerpt(value)}")
        return value

    @staticmethod
    def word(value: object, field: str, options: tuple[str, ...]) -> str:
        """``value`` if it is one of the strings ``options``."""
        if not isinstance(value, str) or value not in options:
            expected = ", ".join(repr(option) for option in options)
            raise InvalidStateError(field, f"expected one of {expected}, got {excerpt(value)}")
        return value

    @staticmethod
    def sequence(value: object, field: str, length: int | None = None) -> list[Any]:
        if not isinstance(value, (list, tuple)):
            raise InvalidStateError(field, f"expected a list, got {type(value).__name__}")
        if length is not None and len(value) != length:
            raise InvalidStateError(field, f"expected {length} entries, got {len(value)}")
        return list(value)

    def card(self, value: object, field: str) -> Card:
        if isinstance(value, Card):
            card = value
        elif isinstance(value, str):
            try:
                card = Card.parse(value)
            except NotationError as error:
                raise InvalidStateError(field, str(error)) from None
        else:
            raise InvalidStateError(field, f"expected a card such as 'TD', got {excerpt(value)}")
        if self.seen >> card & 1:
            raise InvalidStateError(field, f"{card} is already in {self.where[card]} (R1.1)")
        self.seen |= 1 << card
        self.where[card] = field
        return card

    def cards(self, value: object, field: str) -> list[Card]:
        items = self.sequence(value, field)
        return [self.card(item, f"{field}[{i}]") for i, item in enumerate(items)]

    def card_set(self, value: object, field: str) -> CardSet:
        return CardSet.of(self.cards(value, field))

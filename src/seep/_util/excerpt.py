"""A bounded, recursion-safe excerpt of any value, for quoting bad input in error messages.

``repr`` of a document built in Python can recurse without end (lists nested
thousands deep), print megabytes, or fail outright (an integer past Python's
digit limit); an error message quotes :func:`excerpt` instead.

>>> from seep._util.excerpt import excerpt
>>> excerpt("QX")
"'QX'"
>>> excerpt([[[[[[1]]]]]])
'[[[[…]]]]'
>>> excerpt(10**5000)
'an integer of 5001 digits'
>>> len(excerpt("x" * 10_000)) <= 60
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

_T = TypeVar("_T")

#: Characters an excerpt may take.
LIMIT = 60
_DEPTH = 3
_ITEMS = 6
_DIGITS = 30


def excerpt(value: object, limit: int = LIMIT) -> str:
    """A short text showing ``value``: at most ``limit`` characters, never recursing deeply."""
    text = _show(value, 0, limit)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _show(value: object, depth: int, limit: int) -> str:
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        digits = decimal_digits(value)
        if digits > _DIGITS:
            return f"an integer of {digits} digits"
        return str(int(value)) if type(value).__repr__ is int.__repr__ else _guarded(value, limit)
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit])
    if isinstance(value, (list, tuple, Mapping)):
        return _container(value, depth, limit)
    return _guarded(value, limit)


def _guarded(value: object, limit: int) -> str:
    try:
        text = repr(value)
    except Exception:  # a repr that fails or recurses says nothing about the fault
        return f"<{type(value).__name__}>"
    return text[:limit]


def _container(
    value: list[object] | tuple[object, ...] | Mapping[object, object], depth: int, limit: int
) -> str:
    mapping = isinstance(value, Mapping)
    opening, closing = "{}" if mapping else "[]" if isinstance(value, list) else "()"
    if not value:
        return opening + closing
    if depth >= _DEPTH:
        return f"{opening}…{closing}"
    if isinstance(value, Mapping):
        pairs = _first(value.items())
        parts = [
            f"{_show(key, depth + 1, limit)}: {_show(item, depth + 1, limit)}"
            for key, item in pairs
        ]
    else:
        parts = [_show(item, depth + 1, limit) for item in _first(value)]
    if len(value) > len(parts):
        parts.append("…")
    return opening + ", ".join(parts)[:limit] + closing


def _first(items: Iterable[_T]) -> list[_T]:
    out: list[_T] = []
    for item in items:
        if len(out) == _ITEMS:
            break
        out.append(item)
    return out


def decimal_digits(value: int) -> int:
    """The number of decimal digits of ``value``, found without ``str`` (which refuses past 4,300).

    >>> from seep._util.excerpt import decimal_digits
    >>> decimal_digits(0), decimal_digits(-999), decimal_digits(10**5000)
    (1, 3, 5001)
    """
    magnitude = abs(int(value))
    if magnitude.bit_length() < 64:
        return len(str(magnitude))
    estimate = int(magnitude.bit_length() * 0.30102999566398120) + 1
    return estimate if magnitude >= 10 ** (estimate - 1) else estimate - 1

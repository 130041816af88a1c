"""Checks of the plain arguments of public functions: a wrong type is a ``TypeError``
naming the parameter, a value out of range an :class:`~seep.errors.InputError`.

>>> from seep._util.arguments import check_count, check_seat
>>> check_count(3, "n")
3
>>> check_count(-1, "n")
Traceback (most recent call last):
...
seep.errors.InputError: n: a count is 0 or more, not -1
>>> check_seat(True, 4)
Traceback (most recent call last):
...
TypeError: seat: expected an int, not bool
"""

from __future__ import annotations

import random

from seep._util.excerpt import excerpt
from seep.errors import InputError


def check_int(value: object, name: str) -> int:
    """``value`` if it is an ``int`` (a ``bool`` is not), else ``TypeError`` naming ``name``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name}: expected an int, not {type(value).__name__}")
    return value


def check_count(value: object, name: str) -> int:
    """``value`` if it is an ``int`` of 0 or more."""
    count = check_int(value, name)
    if count < 0:
        raise InputError(f"a count is 0 or more, not {excerpt(count)}", field=name)
    return count


def check_seat(value: object, players: int, name: str = "seat") -> int:
    """``value`` if it is a seat ``0..players-1`` (R1.2)."""
    seat = check_int(value, name)
    if not 0 <= seat < players:
        raise InputError(f"a seat is 0..{players - 1}, not {excerpt(seat)}", field=name)
    return seat


def check_instance(value: object, kind: type, name: str) -> None:
    """``TypeError`` naming ``name`` unless ``value`` is a ``kind``."""
    if not isinstance(value, kind):
        raise TypeError(f"{name}: expected a {kind.__name__}, not {type(value).__name__}")


def as_rng(value: object, name: str = "rng") -> random.Random:
    """``value`` if it is a ``random.Random``, else a new one seeded with ``value``.

    A seed is an int, a str or bytes; anything else is a ``TypeError`` naming ``name``.

    >>> import random
    >>> from seep._util.arguments import as_rng
    >>> as_rng(7).random() == random.Random(7).random()
    True
    """
    if isinstance(value, random.Random):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, str, bytes)):
        raise TypeError(
            f"{name}: expected a random.Random or a seed (an int, str or bytes), "
            f"not {type(value).__name__}"
        )
    return random.Random(value)

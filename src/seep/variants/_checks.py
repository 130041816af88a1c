"""Validators of the config fields: a wrong type raises ``TypeError``, a bad value :class:`~seep.errors.VariantError`.

Both name the field as ``Class.field``. The bounds come from
:mod:`seep._util.limits`, the same the loaders read with, so that a config can
only produce states the library itself loads.

>>> from seep.variants import SeepBonus
>>> SeepBonus(first_play="25")
Traceback (most recent call last):
...
TypeError: SeepBonus.first_play: expected an int, got '25' (str)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from seep._util.excerpt import excerpt
from seep.errors import VariantError

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def field_name(instance: object, attribute: attrs.Attribute[Any]) -> str:
    """``Class.field``, as errors name a config field."""
    return f"{type(instance).__name__}.{attribute.name}"


def check_int(field: str, value: object, low: int, high: int, *, optional: bool = False) -> None:
    """Refuse ``value`` unless it is an int (not a bool) in ``low..high`` (or ``None`` if ``optional``)."""
    if value is None and optional:
        return
    if not isinstance(value, int) or isinstance(value, bool):
        kind = "an int or None" if optional else "an int"
        raise TypeError(f"{field}: expected {kind}, got {excerpt(value)} ({type(value).__name__})")
    if not low <= value <= high:
        raise VariantError(field, f"expected an int in {low}..{high}, got {excerpt(value)}")


def bounded_int(low: int, high: int, *, optional: bool = False) -> Validator:
    """An attrs validator: an int in ``low..high`` (``None`` too if ``optional``)."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        check_int(field_name(instance, attribute), value, low, high, optional=optional)

    return check

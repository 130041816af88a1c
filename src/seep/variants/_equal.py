"""Rule objects compared by value, for :func:`seep.variants.register_variant`.

A rule object written as a plain class compares by identity, and so does an
``attrs`` class against the same class defined again. A notebook that runs
the cell defining a rule and registering its variant a second time makes a
new class with the same name, the same code and the same attribute values:
the same rule. :func:`same_rule` says so, where ``==`` says no.

Two objects are the same rule when they are equal, or when their classes
have the same module, qualified name and definition (every method's code,
every class attribute) and the objects hold the same values. Functions are
the same when their name, code, defaults and closed-over values are.

>>> from seep.variants._equal import same_rule
>>> def make():
...     class Bonus:
...         def __init__(self, points): self.points = points
...         def __call__(self, context): return self.points
...     return Bonus
...
>>> first, second = make(), make()
>>> first(50) == second(50), same_rule(first(50), second(50)), same_rule(first(50), second(40))
(False, True, False)
"""

from __future__ import annotations

import types
from typing import Any

import attrs

__all__ = ["same_rule"]

# Class attributes that every class has or that name the class itself.
_IGNORED = frozenset(
    {"__dict__", "__weakref__", "__module__", "__qualname__", "__doc__", "__annotations__"}
)


def same_rule(first: object, second: object) -> bool:
    """True if ``first`` and ``second`` are the same rule: equal, or equal by definition and value."""
    return _same(first, second, set())


def _same(first: object, second: object, seen: set[tuple[int, int]]) -> bool:
    if first is second:
        return True
    key = (id(first), id(second))
    if key in seen:  # a structure that refers to itself: the same so far
        return True
    seen.add(key)
    try:
        if first == second:
            return True
    except Exception:  # an __eq__ that fails on a foreign object says nothing
        pass
    if isinstance(first, (tuple, list)) and isinstance(second, (tuple, list)):
        return (
            type(first) is type(second)
            and len(first) == len(second)
            and all(_same(a, b, seen) for a, b in zip(first, second, strict=True))
        )
    if isinstance(first, dict) and isinstance(second, dict):
        return first.keys() == second.keys() and all(
            _same(first[k], second[k], seen) for k in first
        )
    if isinstance(first, types.FunctionType) and isinstance(second, types.FunctionType):
        return _same_function(first, second, seen)
    if isinstance(first, type) and isinstance(second, type):
        return _same_class(first, second, seen)
    if isinstance(first, (int, float, str, bytes, bool, complex, frozenset, set)):
        return False  # plain values: == has spoken
    cls, other = type(first), type(second)
    return _same_class(cls, other, seen) and _same(_state(first), _state(second), seen)


def _state(value: object) -> dict[str, Any]:
    """The values an object holds: its attrs fields, its ``__dict__`` and its slots."""
    state: dict[str, Any] = {}
    cls = type(value)
    if attrs.has(cls):
        state.update((f.name, getattr(value, f.name)) for f in attrs.fields(cls))
    state.update(getattr(value, "__dict__", {}))
    for cls in type(value).__mro__:
        for slot in cls.__dict__.get("__slots__", ()):
            if isinstance(slot, str) and hasattr(value, slot) and slot not in state:
                state[slot] = getattr(value, slot)
    return state


def _same_class(first: type, second: type, seen: set[tuple[int, int]]) -> bool:
    if first is second:
        return True
    if (first.__module__, first.__qualname__) != (second.__module__, second.__qualname__):
        return False
    if len(first.__mro__) != len(second.__mro__):
        return False
    for mine, theirs in zip(first.__mro__[1:], second.__mro__[1:], strict=True):
        if not _same_class(mine, theirs, seen):
            return False
    body = {k: v for k, v in vars(first).items() if k not in _IGNORED}
    other = {k: v for k, v in vars(second).items() if k not in _IGNORED}
    if body.keys() != other.keys():
        return False
    return all(_same_member(body[k], other[k], seen) for k in body)


def _same_member(first: object, second: object, seen: set[tuple[int, int]]) -> bool:
    if isinstance(first, (staticmethod, classmethod)) and type(first) is type(second):
        return _same(first.__func__, second.__func__, seen)
    if isinstance(first, property) and isinstance(second, property):
        return all(
            _same(getattr(first, part), getattr(second, part), seen)
            for part in ("fget", "fset", "fdel")
        )
    if type(first).__name__ in ("member_descriptor", "getset_descriptor"):
        return type(first) is type(second)  # a slot: its value is compared with the object
    return _same(first, second, seen)


def _same_function(
    first: types.FunctionType, second: types.FunctionType, seen: set[tuple[int, int]]
) -> bool:
    if first.__qualname__ != second.__qualname__ or not _same_code(first.__code__, second.__code__):
        return False
    if not _same(first.__defaults__, second.__defaults__, seen):
        return False
    if not _same(first.__kwdefaults__, second.__kwdefaults__, seen):
        return False
    cells = first.__closure__ or ()
    others = second.__closure__ or ()
    if len(cells) != len(others):
        return False
    for mine, theirs in zip(cells, others, strict=True):
        try:
            a, b = mine.cell_contents, theirs.cell_contents
        except ValueError:  # an empty cell
            return False
        if isinstance(a, type) and isinstance(b, type):
            # ``__class__`` (zero-argument super) closes over the class being compared
            if (a.__module__, a.__qualname__) != (b.__module__, b.__qualname__):
                return False
        elif not _same(a, b, seen):
            return False
    return True


def _same_code(first: types.CodeType, second: types.CodeType) -> bool:
    """The same instructions, names and constants (not the same file or line)."""
    if (first.co_code, first.co_names, first.co_varnames, first.co_freevars) != (
        second.co_code,
        second.co_names,
        second.co_varnames,
        second.co_freevars,
    ):
        return False
    if len(first.co_consts) != len(second.co_consts):
        return False
    for mine, theirs in zip(first.co_consts, second.co_consts, strict=True):
        if isinstance(mine, types.CodeType) and isinstance(theirs, types.CodeType):
            if not _same_code(mine, theirs):
                return False
        elif type(mine) is not type(theirs) or mine != theirs:
            return False
    return True

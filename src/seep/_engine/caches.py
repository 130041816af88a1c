"""Every cache of the package under one budget of bytes.

Each cache registers here under a name, with a way to count its entries
and to empty it. A cache is charged an estimate of each entry's size when
it stores the entry (on a miss, never on a hit), and when the estimates of
all caches together pass the budget, the largest caches are emptied (or,
for a cache that can, its older half dropped) until the total is back
under three quarters of it.

Function caches are made by :func:`cached`: a ``functools.lru_cache`` with
no bound on its entries (a hit is exactly as cheap as a plain cache's),
whose function reports the size of each result it computes. Other caches
(dicts) call :func:`register` and :meth:`Cache.charge` themselves.

The estimates are cheap rather than exact: :func:`flat` counts a
container of ints by its length, :func:`pairs` a tuple of pairs of ints
without a Python call per item, :func:`footprint` walks a nested value
(for caches whose entries are few and costly to make).

It lives in the engine so that the compiled build compiles it with the
searches it serves, but needs nothing of the game: it belongs to the
lowest layer. The public face is :mod:`seep.caching`. The default budget is read once
from the environment variable ``SEEP_CACHE_BUDGET`` (bytes, or with a
``K``, ``M`` or ``G`` suffix).
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable
from functools import lru_cache, update_wrapper
from itertools import chain, islice
from typing import Any, Final, TypeVar

from seep._util.excerpt import excerpt
from seep.errors import InputError

#: The environment variable that sets the default budget.
ENVIRONMENT: Final = "SEEP_CACHE_BUDGET"
#: The budget when the environment sets none: 32 MiB.
DEFAULT_BUDGET: Final = 32 << 20

# What a dict entry of a cache costs beyond its key's items and its value:
# its slot and index in the dict, and the tuple of the arguments.
_ENTRY: Final = 100
_ARGUMENT: Final = 16
# An int as big as a card mask (52 bits): smaller ones are often shared.
_INT: Final = 36

# A cache that can drop its older half is emptied instead below twice this.
_HALVED: Final = 64 << 10

_SUFFIXES: Final = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])


def parse_budget(text: str) -> int:
    """The bytes of a budget written as ``text``: digits, with an optional ``K``, ``M`` or ``G`` (powers of 1024).

    >>> from seep._engine.caches import parse_budget
    >>> parse_budget("64M"), parse_budget("1000")
    (67108864, 1000)
    """
    written = text.strip().upper().removesuffix("B").removesuffix("I")
    scale = _SUFFIXES.get(written[-1:], 1)
    digits = written[:-1] if scale != 1 else written
    if not digits.isdigit() or len(digits) > 18:
        raise InputError(
            f"a budget is a number of bytes such as 33554432 or 32M, not {excerpt(text)}",
            field=ENVIRONMENT,
        )
    return int(digits) * scale


def _default_budget() -> int:
    """The budget the environment sets, else :data:`DEFAULT_BUDGET` (with a warning if it sets one badly)."""
    written = os.environ.get(ENVIRONMENT, "").strip()
    if not written:
        return DEFAULT_BUDGET
    try:
        return parse_budget(written)
    except InputError as error:
        warnings.warn(f"{error}; using {DEFAULT_BUDGET} bytes", RuntimeWarning, stacklevel=2)
        return DEFAULT_BUDGET


class Cache:
    """One registered cache: its name, its entries, its estimated bytes, and how to empty it."""

    def __init__(
        self,
        name: str,
        count: Callable[[], int],
        clear: Callable[[], None],
        halve: Callable[[], None] | None = None,
    ) -> None:
        self.name = name
        self.count = count
        self.clear_entries = clear
        self.halve_entries = halve
        #: The estimated bytes of the entries stored since the cache was last emptied.
        self.size = 0

    def charge(self, size: int) -> None:
        """Count ``size`` more bytes against the budget, emptying the largest caches first if they would pass it."""
        ledger = _ledger
        if ledger.total + size > ledger.budget:
            _shrink(ledger.budget * 3 // 4 - size)
        self.size += size
        ledger.total += size

    def clear(self) -> None:
        """Empty the cache."""
        self.clear_entries()
        _ledger.total -= self.size
        self.size = 0

    def shrink(self) -> None:
        """Drop the older half of the entries if the cache can, else all of them."""
        if self.halve_entries is None or self.size < 2 * _HALVED:
            self.clear()
            return
        self.halve_entries()
        _ledger.total -= self.size // 2
        self.size -= self.size // 2


class _Ledger:
    """The budget, the estimated bytes of all the caches, and how many times one was emptied to keep under it.

    One object's attributes rather than module globals: every miss of
    every cache reads and adds to them, and in the compiled build a
    module global is a dict entry, an attribute of this class a field.
    """

    __slots__ = ("budget", "emptied", "total")

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.total = 0
        self.emptied = 0


_caches: Final[dict[str, Cache]] = {}
_ledger: Final = _Ledger(_default_budget())


def register(
    name: str,
    count: Callable[[], int],
    clear: Callable[[], None],
    halve: Callable[[], None] | None = None,
) -> Cache:
    """Register the cache ``name``, emptied by ``clear``, or halved by ``halve`` (its older half dropped) if given.

    A module registered again (reloaded) replaces its old caches.
    """
    old = _caches.pop(name, None)
    if old is not None:
        old.clear()
    cache = _caches[name] = Cache(name, count, clear, halve)
    return cache


def drop_older_half(table: dict[Any, Any]) -> None:
    """Remove the first half of the keys of ``table`` (the oldest, as a dict keeps its keys in order)."""
    for key in list(islice(table, len(table) // 2)):
        del table[key]


def _shrink(goal: int) -> None:
    """Shrink the largest cache, again and again, until their total is at most ``goal`` (see :meth:`Cache.shrink`).

    The largest is found anew each time: a cache that only halves may
    still be the largest after it did, and one pass over the caches could
    leave them above the goal.
    """
    ledger = _ledger
    while ledger.total > goal:
        cache = max(_caches.values(), key=_size_of)
        if not cache.size:
            break
        cache.shrink()
        ledger.emptied += 1


def _size_of(cache: Cache) -> int:
    return cache.size


#: The estimated bytes of an int, or of a tuple of small ints (shared by the
#: interpreter, so not counted): the object's own size, as ``__sizeof__``
#: gives it for a plain object. The default sizer, and a C function that
#: takes no keywords: no Python frame and no parsing of arguments on a miss
#: (``sys.getsizeof`` parses its arguments and looks the method up, about
#: eight times the instructions).
small: Final[Callable[[Any], int]] = object.__sizeof__


def flat(value: Any) -> int:
    """The estimated bytes of a tuple, frozenset or dict of card masks (or of an int): the container and its items, counted by length."""
    if isinstance(value, int):
        return small(value)
    return small(value) + _INT * len(value)


def nested_small(value: Any) -> int:
    """The estimated bytes of a tuple of tuples of small ints: the containers alone."""
    return small(value) + sum(map(small, value))


def pairs(value: Any) -> int:
    """The estimated bytes of a tuple of tuples of ints: the containers and every int, walked in C.

    For the large results of the crowded-floor counts (tuples of
    ``(offset, mask)`` pairs), where :func:`footprint`'s call per item cost
    a third of counting a floor never met before. The interpreter's shared
    small ints are counted too, which overstates a little.

    >>> from seep._engine.caches import footprint, pairs
    >>> pairs(((1, 1 << 600), (2, 1 << 900))) >= footprint(((1, 1 << 600), (2, 1 << 900)))
    True
    """
    return nested_small(value) + sum(map(small, chain.from_iterable(value)))


def footprint(value: Any) -> int:
    """The estimated bytes of a nested value of ints, tuples, lists, sets and dicts (walks all of it)."""
    if isinstance(value, (tuple, list, frozenset, set)):
        return sys.getsizeof(value) + sum([footprint(item) for item in value])
    if isinstance(value, dict):
        items = value.items()
        return sys.getsizeof(value) + sum([footprint(key) + footprint(item) for key, item in items])
    if isinstance(value, int) and -5 <= value <= 256:
        return 0  # the interpreter's shared small ints
    return sys.getsizeof(value)


def fixed(size: int) -> Callable[[Any], int]:
    """A sizer counting every result as ``size`` bytes."""
    return lambda _: size


def cached(name: str, size: Callable[[Any], int] = small) -> Callable[[F], F]:
    """Cache a function's results under the budget, as ``name``, each result estimated by ``size``.

    The function is called with positional arguments only (as the engine's
    searches are): taking keywords too would cost a dict on every miss.

    >>> from seep._engine.caches import cached, entries, forget
    >>> @cached("doctest.square")
    ... def square(n: int) -> int:
    ...     return n * n
    ...
    >>> square(12), square(12), entries("doctest.square")
    (144, 144, 1)
    >>> forget("doctest.square")
    """

    def decorate(function: F) -> F:
        code = getattr(function, "__code__", None)
        # The entry's cost beyond its result, fixed by the function's parameters.
        base = _ENTRY + _ARGUMENT * (code.co_argcount if code is not None else 2)

        def computed(*arguments: Any) -> Any:
            result = function(*arguments)
            cost = base + size(result)
            ledger = _ledger
            if ledger.total + cost > ledger.budget:
                _shrink(ledger.budget * 3 // 4 - cost)
            cache.size += cost  # as Cache.charge, without a call on every miss
            ledger.total += cost
            return result

        wrapper = lru_cache(maxsize=None)(computed)
        update_wrapper(wrapper, function)  # the name, docstring and module of the function
        cache = register(name, lambda: wrapper.cache_info().currsize, wrapper.cache_clear)
        return wrapper  # type: ignore[return-value]

    return decorate


def entries(name: str) -> int:
    """The number of entries the cache ``name`` holds."""
    return _caches[name].count()


def forget(name: str) -> None:
    """Empty the cache ``name`` and drop it from the registry."""
    _caches.pop(name).clear()


def usage() -> list[tuple[str, int, int]]:
    """Each registered cache's name, entries and estimated bytes, by name."""
    return [(cache.name, cache.count(), cache.size) for _, cache in sorted(_caches.items())]


def clear_all() -> None:
    """Empty every registered cache."""
    for cache in _caches.values():
        cache.clear()


def budget() -> int:
    """The budget in bytes."""
    return _ledger.budget


def total() -> int:
    """The estimated bytes of all the caches."""
    return _ledger.total


def emptied() -> int:
    """How many times a cache has been emptied to keep under the budget, since the process started."""
    return _ledger.emptied


def set_budget(size: int) -> int:
    """Set the budget to ``size`` bytes (emptying caches at once if they are over it); return the old budget."""
    ledger = _ledger
    old = ledger.budget
    ledger.budget = size
    if ledger.total > size:
        _shrink(size * 3 // 4)
    return old

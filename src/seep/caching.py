"""What the engine's caches hold, and the budget of bytes they share.

The engine caches the answers of its searches (the groups of loose cards
that sum to a value, the counts of crowded floors) because the same floors
recur from move to move and from deal to deal. Every cache of the package
is charged an estimate of each entry's size, and all of them together are
kept under one budget: when they would pass it, the largest are emptied
(the tables of small floors lose their older half) until they hold at
most three quarters of it. The default budget is
32 MiB; the environment variable ``SEEP_CACHE_BUDGET`` sets another when
the package is imported (bytes, or with a ``K``, ``M`` or ``G`` suffix:
``SEEP_CACHE_BUDGET=128M``), and :func:`set_cache_budget` at any time.

>>> import seep
>>> old = seep.set_cache_budget(8 << 20)
>>> state = seep.new_deal("standard", seed=7)
>>> report = seep.cache_report()
>>> report.budget, report.size <= report.budget
(8388608, True)
>>> "groups.value_unions" in [cache.name for cache in report.caches]
True
>>> seep.clear_caches()
>>> seep.cache_report().size
0
>>> seep.set_cache_budget(old)
8388608
"""

from __future__ import annotations

import attrs

from seep._engine import caches
from seep._util.arguments import check_count

__all__ = ["CacheReport", "CacheUsage", "cache_report", "clear_caches", "set_cache_budget"]


@attrs.frozen(kw_only=True)
class CacheUsage:
    """One cache: its name, how many entries it holds, and their estimated bytes.

    >>> import seep
    >>> state = seep.new_deal("standard", seed=3)
    >>> used = {cache.name: cache for cache in seep.cache_report().caches}
    >>> used["groups.value_unions"].entries >= 0
    True
    """

    #: The cache's name: the module and the search it remembers.
    name: str
    #: The entries it holds.
    entries: int
    #: The estimated bytes of those entries.
    size: int


@attrs.frozen(kw_only=True)
class CacheReport:
    """What the caches hold together, each cache's share, and the budget they are kept under.

    >>> import seep
    >>> seep.clear_caches()
    >>> report = seep.cache_report()
    >>> report.size, report.entries, len(report.caches) > 20
    (0, 0, True)
    """

    #: The budget in bytes.
    budget: int
    #: The estimated bytes of all the caches.
    size: int
    #: The entries of all the caches.
    entries: int
    #: Each cache, by name (the caches of modules not imported yet are not listed: they hold nothing).
    caches: tuple[CacheUsage, ...]

    def __str__(self) -> str:
        """A table of the caches holding something, largest first, and the totals.

        >>> import seep
        >>> seep.clear_caches()
        >>> print(seep.cache_report())  # doctest: +ELLIPSIS
        caches: 0 entries, 0.0 MiB of a budget of ... MiB
        """
        lines = [
            f"caches: {self.entries} entries, {self.size / 2**20:.1f} MiB "
            f"of a budget of {self.budget / 2**20:.1f} MiB"
        ]
        for cache in sorted(self.caches, key=lambda cache: cache.size, reverse=True):
            if cache.entries:
                lines.append(
                    f"  {cache.name:<28} {cache.entries:>9} entries {cache.size / 2**20:8.2f} MiB"
                )
        return "\n".join(lines)


def cache_report() -> CacheReport:
    """What the caches hold: each cache's entries and estimated bytes, their totals, and the budget.

    >>> import seep
    >>> report = seep.cache_report()
    >>> report.entries == sum(cache.entries for cache in report.caches)
    True
    """
    used = tuple(
        CacheUsage(name=name, entries=entries, size=size) for name, entries, size in caches.usage()
    )
    return CacheReport(
        budget=caches.budget(),
        size=sum(cache.size for cache in used),
        entries=sum(cache.entries for cache in used),
        caches=used,
    )


def clear_caches() -> None:
    """Empty every cache of the package (answers are found again when next asked for).

    >>> import seep
    >>> seep.clear_caches()
    >>> seep.cache_report().entries
    0
    """
    caches.clear_all()


def set_cache_budget(size: int) -> int:
    """Keep the caches under ``size`` bytes from now on (emptying the largest at once if they are over it); return the old budget.

    ``0`` turns the caches off in effect: each answer is dropped as soon as
    another is stored. A ``TypeError`` if ``size`` is not an int, an
    :class:`~seep.errors.InputError` if it is negative.

    >>> import seep
    >>> old = seep.set_cache_budget(64 << 20)
    >>> seep.set_cache_budget(old)
    67108864
    """
    return caches.set_budget(check_count(size, "size"))

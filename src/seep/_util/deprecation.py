"""Old public names that still work for one release, each with a ``DeprecationWarning``.

A module lists its renamed names in a table and answers for them in its
``__getattr__`` (which Python asks only for names the module does not
have), so ``module.old`` and ``from module import old`` both warn, at the
line that uses the old name:

>>> import warnings
>>> from seep._util.deprecation import renamed_names
>>> __getattr__ = renamed_names("seep.example", {"old": ("new", lambda: 42)})
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     value = __getattr__("old")
...
>>> value
42
>>> str(caught[0].message)
'seep.example.old is deprecated and will be removed in the next release: use seep.example.new'
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable, Mapping
from typing import TypeVar

T = TypeVar("T")

#: When the old names go.
REMOVAL = "will be removed in the next release"


def warn_renamed(old: str, new: str, *, stacklevel: int = 2) -> None:
    """A ``DeprecationWarning``: ``old`` is now ``new`` (``stacklevel`` counts from the caller)."""
    warnings.warn(
        f"{old} is deprecated and {REMOVAL}: use {new}",
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )


def renamed_names(
    module: str, renamed: Mapping[str, tuple[str, Callable[[], object]]]
) -> Callable[[str], object]:
    """A module ``__getattr__`` answering each old name of ``renamed`` with a warning.

    ``renamed`` maps an old name to its new name (``"other_module.name"`` when
    it moved, or a short description such as ``"NUM_ACTIONS"``) and a
    function giving the object to return (so that nothing is imported
    before it is asked for).
    """

    def __getattr__(name: str) -> object:
        entry = renamed.get(name)
        if entry is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new, value = entry
        # ``from package import old`` first asks hasattr from inside the import system
        # (is ``old`` a submodule?), then takes the name: only the second use warns.
        if sys._getframe(1).f_globals.get("__name__") != "importlib._bootstrap":
            target = new if new.startswith("seep.") else f"{module}.{new}"
            warn_renamed(f"{module}.{name}", target)
        return value()

    return __getattr__


def renamed_keyword(
    function: str, old: str, new: str, old_value: T | None, new_value: T | None
) -> T | None:
    """The value of keyword ``new``, or of the deprecated ``old`` (with a warning at the caller's caller).

    Giving both is a ``TypeError``, as for any argument given twice.
    """
    if old_value is None:
        return new_value
    if new_value is not None:
        raise TypeError(f"{function}() got both {old}= (deprecated) and {new}=")
    warn_renamed(f"{function}({old}=...)", f"{function}({new}=...)", stacklevel=3)
    return old_value

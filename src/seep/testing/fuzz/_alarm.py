"""Time limits for fuzz inputs: ``SIGALRM`` through :func:`signal.setitimer`, nestable."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class Hang(BaseException):
    """Raised inside a block that runs past its limit (a BaseException: no ``except Exception`` keeps it)."""


_deadlines: list[float] = []


def _on_alarm(signum: int, frame: Any) -> None:
    raise Hang


def available() -> bool:
    """True where the alarm works (POSIX main thread)."""
    return hasattr(signal, "setitimer")


def install() -> Any:
    """Install the alarm handler; returns the previous one for :func:`restore`."""
    return signal.signal(signal.SIGALRM, _on_alarm) if available() else None


def restore(previous: Any) -> None:
    """Put back the handler :func:`install` replaced."""
    if previous is not None:
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` inside the block after ``seconds``; an outer limit still holds.

    An inner limit that ends after the outer one is cut to the outer one,
    and the outer limit is set again when the inner block ends.
    """
    if seconds <= 0 or not available():
        yield
        return
    deadline = time.monotonic() + seconds
    if _deadlines:
        deadline = min(deadline, _deadlines[-1])
    _deadlines.append(deadline)
    signal.setitimer(signal.ITIMER_REAL, max(deadline - time.monotonic(), 1e-4))
    try:
        yield
    finally:
        _deadlines.pop()
        if _deadlines:
            signal.setitimer(signal.ITIMER_REAL, max(_deadlines[-1] - time.monotonic(), 1e-4))
        else:
            signal.setitimer(signal.ITIMER_REAL, 0)


def outer_expired() -> bool:
    """True if the outermost limit has passed (so a :class:`Hang` belongs to it)."""
    return bool(_deadlines) and time.monotonic() >= _deadlines[0]

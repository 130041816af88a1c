"""Tools for testing bots, house rules and the engine itself.

:func:`position` builds a valid hand-made state from the cards that matter.
Hypothesis strategies live here too (hypothesis is needed only when they
are used).
"""

from __future__ import annotations

from seep._position import position

__all__ = ["position"]

"""The bounds that configs and loaded documents share: one source, so that they agree.

A variant config (:mod:`seep.variants`) may only hold amounts within these
bounds, and the loaders (:func:`seep.state_from_dict`,
:func:`seep.views.view_from_dict`, the histories) read amounts within the
same bounds, so every state a config can produce loads. :mod:`seep.bounds`
publishes them.

>>> from seep.bounds import DEAL_SCORE_LIMIT, POINTS_LIMIT
>>> POINTS_LIMIT, DEAL_SCORE_LIMIT
(1000000, 77000000)
"""

from __future__ import annotations

from typing import Final

#: The largest size of one amount of points: a card's points, the most-cards
#: bonus, one seep bonus (R1.2, R4.5, R12), either sign.
POINTS_LIMIT: Final = 10**6
#: The largest size of a team's deal score (R9.3): 52 cards, the most-cards
#: bonus and at most 24 seeps of :data:`POINTS_LIMIT` each.
DEAL_SCORE_LIMIT: Final = (52 + 1 + 24) * POINTS_LIMIT
#: The largest target of a match (R10.2, R11.6) and the most deals of a
#: fixed-length one (R12).
MATCH_LIMIT: Final = 10**9

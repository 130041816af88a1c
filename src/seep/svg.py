"""Pictures of the table: SVG of a state or of one seat's view, and an HTML score sheet.

:func:`state_svg` draws a state from above: the seats round the floor (the
seat to move marked), every hand (face down where the viewing seat may not
see it), the loose cards, each house with its value, its owners and each
of its groups apart (a locked house, two or more groups of its value, says
"locked"), the stock, the score, the seeps and the last move (the card it
placed or the house it built outlined). :func:`view_svg` draws what a
:class:`~seep.views.View` holds: the seat's own hand, the other hands as
backs. :func:`baazi_html` is a match's score sheet with its current deal.

The documents are plain strings built with the standard library: valid XML,
every text escaped, every card a group whose ``<title>`` and
``aria-label`` name it (``A♠``, ``10♦``), a face-down card named
``face-down card``. States, views and matches show as these pictures in
Jupyter (``_repr_svg_``, ``_repr_html_``).

>>> from seep.svg import state_svg, view_svg
>>> from seep import new_deal
>>> from seep.views import observe
>>> state = new_deal("standard", seed=10)
>>> picture = state_svg(state)
>>> picture.startswith("<svg") and 'aria-label="J♠"' in picture
True
>>> import xml.etree.ElementTree as ET
>>> root = ET.fromstring(view_svg(observe(state, 0)))
>>> titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
>>> titles.count("face-down card"), "J♠" in titles     # seat 0 sees none of seat 1's cards
(11, False)

A house is a group of class ``house`` (and ``locked`` when it is) holding
one group of class ``group`` for each group of its value, under a line
such as ``4 + 8 = 12``:

>>> from seep.testing import position
>>> locked = position(hand="QS 2H", houses=[(12, "4S 8D 6D 6C", [1, 2])])
>>> house = ET.fromstring(state_svg(locked)).find(".//*[@data-value='12']")
>>> house.get("class"), house.get("aria-label")
('house locked', 'house of 12 · locked, owned by seat 1 (team 1), seat 2 (team 0)')
>>> [group.get("aria-label") for group in house if group.get("class") == "group"]
['group 4♠ + 8♦ = 12', 'group 6♦ + 6♣ = 12']
"""

from __future__ import annotations

from seep._picture.sheet import sheet_html
from seep._picture.table import DEFAULT_SIZE, draw_state, draw_view
from seep.baazi import Baazi
from seep.state import State
from seep.views import View, observe

__all__ = ["DEFAULT_SIZE", "baazi_html", "state_svg", "view_svg"]


def state_svg(state: State, *, seat: int | None = None, size: float = DEFAULT_SIZE) -> str:
    """The SVG document of ``state``; with ``seat``, only what that seat sees (:func:`view_svg`).

    Without ``seat`` every hand is face up and seat 0 sits at the bottom
    (the floor stays face down while it is, R2.5). ``size`` is the width
    in pixels; the height follows the layout.

    >>> from seep.svg import state_svg
    >>> from seep import new_deal
    >>> state = new_deal("taash", seed=1)
    >>> 'aria-label="10♥"' in state_svg(state), 'aria-label="10♥"' in state_svg(state, seat=1)
    (True, True)
    >>> 'aria-label="10♦"' in state_svg(state), 'aria-label="10♦"' in state_svg(state, seat=0)
    (True, False)
    >>> import xml.etree.ElementTree as ET
    >>> ET.fromstring(state_svg(state, size=400)).get("width")
    '400'
    """
    if seat is not None:
        return view_svg(observe(state, seat), size=size)
    return draw_state(state, _checked(size))


def view_svg(view: View, *, size: float = DEFAULT_SIZE) -> str:
    """The SVG document of what ``view.seat`` sees, that seat at the bottom.

    Other hands show only their counts, as backs; a face-down floor shows
    its count (R2.5).

    >>> from seep.svg import view_svg
    >>> from seep import new_deal
    >>> from seep.views import observe
    >>> picture = view_svg(observe(new_deal("standard", seed=10), 1))
    >>> [name in picture for name in ("6♦", "10♥", "J♠", "Q♣")]
    [True, True, True, True]
    >>> "Floor: 4 cards face down" in picture
    True
    """
    return draw_view(view, _checked(size))


def _checked(size: float) -> float:
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not size > 0:
        raise ValueError(f"a picture size is a positive number of pixels, not {size!r}")
    return float(size)


def baazi_html(baazi: Baazi, *, size: float = DEFAULT_SIZE) -> str:
    """The score sheet of a match as an HTML table (R9.3, R10.1), then its current deal's picture.

    >>> from seep.svg import baazi_html
    >>> from seep import new_baazi
    >>> page = baazi_html(new_baazi("standard", seed=4))
    >>> "no deal finished yet" in page, "<svg" in page
    (True, True)
    """
    return sheet_html(baazi, _checked(size))

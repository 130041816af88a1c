"""The drawing behind :mod:`seep.svg`: SVG elements, cards, the table, the score sheet.

Nothing here imports :mod:`seep.state` or :mod:`seep.views`: the table is
read through small protocols, so that :class:`~seep.state.State` and
:class:`~seep.views.View` can draw themselves (``_repr_svg_``) without an
import cycle.
"""

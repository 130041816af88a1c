"""The pictures of the table: the text board of ``str(state)`` and the SVG drawing behind :mod:`seep.svg`.

:mod:`.board` prints the board as text; :mod:`.elements`, :mod:`.scene`,
:mod:`.table` and :mod:`.sheet` draw SVG elements, cards, the table and the
score sheet. Nothing here imports :mod:`seep.state` or :mod:`seep.views`: the
table is read through small protocols, so that :class:`~seep.state.State`
and :class:`~seep.views.View` can print and draw themselves (``__str__``,
``_repr_svg_``) without an import cycle.
"""

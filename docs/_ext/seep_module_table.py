"""The ``module-table`` directive: a table of modules, each with the first line of its docstring.

The API index lists every public module this way, so that the summaries
are the modules' own and never go stale. (``autosummary`` would take
``seep.perft`` for the function :func:`seep.perft`, which the package
re-exports under the module's name.)
"""

from __future__ import annotations

import importlib

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

__all__ = ["ModuleTable", "summary"]


def summary(module_name: str) -> str:
    """The first line of a module's docstring.

    >>> summary("seep.cards")
    'Cards and sets of cards (R1.1, move notation).'
    """
    doc = importlib.import_module(module_name).__doc__ or ""
    return doc.strip().splitlines()[0].strip() if doc.strip() else ""


class ModuleTable(SphinxDirective):
    """``.. module-table::`` with one module name a line: a two-column table, module and summary."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        lines = [".. list-table::", "   :widths: 1 3", "   :width: 100%", "   :class: module-table", ""]
        for name in (line.strip() for line in self.content):
            if name:
                lines += [f"   * - :mod:`{name}`", f"     - {summary(name)}"]
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source=self.get_source_info()[0]), 0, container)
        return container.children

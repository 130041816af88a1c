"""Every example pastes at the Python prompt: a block statement ends with a bare ``...`` line.

At the interactive prompt a ``for``, ``with``, ``if``, ``try`` or ``def``
block ends only at an empty line; an example that goes straight from its
last indented line to the next ``>>>`` (or to its output) runs as a doctest
but fails when pasted. This is a static check of the ``>>>``/``...``
structure of every docs page and every docstring in the package, read the
way :mod:`doctest` reads them (a ``...`` line right after a ``>>>`` line
continues its statement).
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PACKAGE = ROOT / "src" / "seep"

_PROMPT = re.compile(r"^(?P<indent>[ ]*)>>>(?: |$)")
_BLOCKS = (
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.If,
    ast.With,
    ast.AsyncWith,
    ast.Try,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Match,
)


def unpasteable_examples(text: str) -> Iterator[tuple[int, str]]:
    """The examples in ``text`` that open a block and do not close it with a bare ``...``.

    Yields the line number (from 1) of each such example's ``>>>`` line and its first line.

    >>> good = ">>> for n in range(2):\\n...     print(n)\\n...\\n0\\n1\\n"
    >>> list(unpasteable_examples(good))
    []
    >>> bad = ">>> for n in range(2):\\n...     print(n)\\n0\\n1\\n"
    >>> list(unpasteable_examples(bad))
    [(1, 'for n in range(2):')]
    >>> list(unpasteable_examples(">>> total = sum(\\n...     [1, 2])\\n"))
    []
    """
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        prompt = _PROMPT.match(lines[number])
        if prompt is None:
            number += 1
            continue
        indent = prompt.group("indent")
        start = number
        source = [lines[number][len(indent) + 4 :]]
        number += 1
        while number < len(lines) and re.match(rf"^{indent}\.\.\.(?: |$)", lines[number]):
            source.append(lines[number][len(indent) + 4 :])
            number += 1
        try:
            tree = ast.parse(textwrap.dedent("\n".join(source)))
        except SyntaxError:
            continue  # not Python (an example of an error); doctest reports it if it runs
        closed = lines[number - 1].strip() == "..."
        if any(isinstance(node, _BLOCKS) for node in tree.body) and not closed:
            yield start + 1, source[0]


def _docstrings(path: Path) -> Iterator[tuple[int, str]]:
    """Every docstring in a module (its own, its classes' and functions', nested ones too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                value = body[0].value.value
                if isinstance(value, str):
                    yield body[0].lineno, value


PAGES = sorted(
    path
    for pattern in ("*.md", "*.rst")
    for path in DOCS.rglob(pattern)
    if "_build" not in path.parts
)
MODULES = sorted(PACKAGE.rglob("*.py"))


def test_the_pages_and_modules_are_found() -> None:
    assert {"rules.md", "quickstart.md", "index.rst"} <= {path.name for path in PAGES}
    assert PACKAGE / "rules.py" in MODULES and PACKAGE / "_engine" / "generate.py" in MODULES


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_every_block_example_on_a_docs_page_ends_with_a_bare_continuation_line(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    failures = [f"{page.name}:{line}: {first}" for line, first in unpasteable_examples(text)]
    assert not failures, "add a bare '...' line after each block:\n" + "\n".join(failures)


@pytest.mark.parametrize("module", MODULES, ids=[str(p.relative_to(PACKAGE)) for p in MODULES])
def test_every_block_example_in_a_docstring_ends_with_a_bare_continuation_line(
    module: Path,
) -> None:
    failures = [
        f"{module.relative_to(ROOT)}: docstring at line {docline}, example line {line}: {first}"
        for docline, doc in _docstrings(module)
        for line, first in unpasteable_examples(doc)
    ]
    assert not failures, "add a bare '...' line after each block:\n" + "\n".join(failures)

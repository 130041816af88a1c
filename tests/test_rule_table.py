"""The architecture page's rule table is true: each rule id maps to one function that exists and cites it."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parent.parent
_PAGE = _ROOT / "docs" / "architecture.md"
_ROW = re.compile(r"^\| (R\d+\.\d+) \| `([\w.]+)`", re.MULTILINE)


def _rows() -> list[tuple[str, str]]:
    return _ROW.findall(_PAGE.read_text(encoding="utf-8"))


def _resolve(path: str) -> object:
    """The object a dotted ``path`` names: the longest importable module, then attributes."""
    parts = path.split(".")
    for split in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:split]))
        except ModuleNotFoundError:
            continue
        for name in parts[split:]:
            found = getattr(found, name)
        return found
    raise AssertionError(f"{path}: no such module")


def test_each_rule_id_is_decided_by_exactly_one_function() -> None:
    ids = [rule for rule, _ in _rows()]
    assert len(ids) >= 25
    assert len(ids) == len(set(ids)), "a rule id listed twice"
    for needed in ("R3.2", "R4.3", "R5.2", "R6.3", "R7.4", "R11.2"):
        assert needed in ids


def _source_docstring(path: str) -> str:
    """The docstring of the function ``path`` names, read from its source file.

    From the source, not ``__doc__``: the compiled build (mypyc) keeps no
    docstrings, and the same tests run against it.
    """
    parts = path.split(".")
    for split in range(len(parts), 0, -1):
        file = _ROOT.joinpath("src", *parts[:split]).with_suffix(".py")
        if file.is_file():
            break
    else:
        raise AssertionError(f"{path}: no source file")
    body: list[ast.stmt] = ast.parse(file.read_text(encoding="utf-8")).body
    node: ast.AST | None = None
    for name in parts[split:]:
        node = next(
            child
            for child in body
            if isinstance(child, ast.FunctionDef | ast.ClassDef) and child.name == name
        )
        body = node.body
    assert isinstance(node, ast.FunctionDef | ast.ClassDef), path
    return ast.get_docstring(node) or ""


@pytest.mark.parametrize(("rule", "path"), _rows())
def test_the_function_named_for_a_rule_exists_and_cites_it(rule: str, path: str) -> None:
    _resolve(path)  # importable, in either build
    doc = _source_docstring(path)
    assert re.search(re.escape(rule) + r"(?!\d)", doc), f"{path} does not cite {rule}"

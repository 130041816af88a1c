"""Every docstring example runs as written: pasted into a fresh session, it imports what it uses.

The suite's ``--doctest-modules`` run gives each example its module's
globals, so an example that uses a name it never imports still passes
there. Here every docstring of every module of the package (public and
``_``-prefixed alike; ``__main__`` modules are left out as pytest leaves it
out, since importing it runs the command) runs in an empty namespace of
its own: the examples of one docstring share it, nothing comes from the
module. The option flags are the suite's (pytest's default, ``ELLIPSIS``).
An adapter module whose framework is not installed is skipped, as the
suite's collection skips its doctests.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
from collections.abc import Iterator

import pytest

import seep

# Adapter modules import their framework (an optional extra): checked when it is installed.
FRAMEWORKS = {
    "seep.openspiel": "pyspiel",
    "seep.pettingzoo": "pettingzoo",
    "seep.gymnasium": "gymnasium",
}
OPTION_FLAGS = doctest.ELLIPSIS


def _modules() -> Iterator[str]:
    yield "seep"
    for info in pkgutil.walk_packages(seep.__path__, "seep."):
        if not info.name.endswith(".__main__"):
            yield info.name


def _cases() -> Iterator[object]:
    """One case per docstring with examples; one skipped case per adapter without its framework."""
    finder = doctest.DocTestFinder()
    for name in _modules():
        framework = FRAMEWORKS.get(name)
        if framework is not None and importlib.util.find_spec(framework) is None:
            yield pytest.param(name, framework, id=name)
            continue
        module = importlib.import_module(name)
        for test in sorted(finder.find(module, globs={}), key=lambda test: test.name):
            if test.examples:
                yield pytest.param(test, None, id=test.name)


CASES = list(_cases())


def test_the_walk_finds_examples_of_public_and_private_modules() -> None:
    names = {case.id for case in CASES}
    assert {"seep.deal.new_deal", "seep.cards.CardSet", "seep.rules.legal_moves"} <= names
    assert any("._" in name for name in names)
    assert "seep.__main__" not in names


@pytest.mark.parametrize(("test", "framework"), CASES)
def test_example_runs_in_a_fresh_namespace(
    test: doctest.DocTest | str, framework: str | None
) -> None:
    if framework is not None:
        pytest.importorskip(framework)
    assert isinstance(test, doctest.DocTest)
    assert test.globs == {"__name__": "__main__"}  # a fresh session's, nothing from the module
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=OPTION_FLAGS)
    results = runner.run(test, out=report.append, clear_globs=True)
    assert results.failed == 0, "".join(report)

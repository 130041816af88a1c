"""Every public function and class shows how it is used: a doctest in its own docstring.

Public means named in a public module's ``__all__`` (a module whose dotted
name has no ``_``-prefixed part). The examples run with the suite
(``--doctest-modules``); this test keeps new names from arriving without one.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
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


def _public_modules() -> Iterator[str]:
    yield "seep"
    for info in pkgutil.walk_packages(seep.__path__, "seep."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        framework = FRAMEWORKS.get(info.name)
        if framework is None or importlib.util.find_spec(framework) is not None:
            yield info.name


def _public_callables() -> Iterator[tuple[str, object]]:
    seen: set[int] = set()
    for module_name in _public_modules():
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None)
        if names is None:
            names = [name for name in vars(module) if not name.startswith("_")]
        for name in names:
            value = getattr(module, name)
            if not (inspect.isfunction(value) or inspect.isclass(value)):
                continue
            if not getattr(value, "__module__", "").startswith("seep") or id(value) in seen:
                continue
            seen.add(id(value))
            yield f"{module_name}.{name}", value


PUBLIC = sorted(_public_callables())


def test_the_walk_finds_the_public_names() -> None:
    names = {name for name, _ in PUBLIC}
    assert {"seep.new_deal", "seep.deal_score", "seep.render.card_text"} <= names
    assert not any("._" in name for name in names)


@pytest.mark.parametrize(("name", "value"), PUBLIC, ids=[name for name, _ in PUBLIC])
def test_every_public_function_and_class_has_an_example(name: str, value: object) -> None:
    doc = value.__doc__  # its own: a class's docstring is not inherited
    assert doc and ">>>" in doc, f"{name} has no example (>>>) in its docstring"

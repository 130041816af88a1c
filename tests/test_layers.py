"""The package's layers import only downwards, and the frameworks only from their adapters.

The layers, lowest first, are :data:`LAYERS`; each module of ``seep`` belongs
to exactly one, named by its dotted name or the package it lives in. A module
may import modules of its own layer or of lower ones, never of a higher
layer, counting every import (inside functions and ``if TYPE_CHECKING:``
blocks too), as parsed by :mod:`tests.test_imports`. The same table is the
map on the architecture page, which names every source file.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from test_imports import PACKAGE, _graph, _modules

#: The layers, lowest first: (name, the modules and packages in it).
#: A package listed here holds all of its modules, unless a longer name
#: places one of them elsewhere.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("utilities", ("seep._util", "seep._version", "seep.errors", "seep._engine.caches")),
    (
        "values",
        (
            "seep._card",
            "seep._engine.bits",
            "seep._engine.cardset",
            "seep._engine.encoding",
            "seep.cards",
            "seep.moves",
            "seep.variants",
        ),
    ),
    ("reading", ("seep._documents",)),
    ("engine core", ("seep._engine.schedule", "seep._engine.groups", "seep._engine.counting")),
    ("table", ("seep.history", "seep._picture", "seep.state")),
    ("engine", ("seep._engine",)),
    ("play", ("seep.rules", "seep.deal", "seep.choice", "seep.scoring")),
    ("checks", ("seep._checks", "seep.serialization")),
    ("hidden information", ("seep.views", "seep._hidden", "seep.sampling", "seep.chance")),
    (
        "public API",
        (
            "seep",
            "seep.render",
            "seep.notation",
            "seep.perft",
            "seep.caching",
            "seep.svg",
            "seep.records",
            "seep.baazi",
            "seep.bounds",
            "seep.solver",
            "seep.observation",
            "seep._encoding",
            "seep.actions",
        ),
    ),
    (
        "players, adapters",
        (
            "seep._players",
            "seep.bots",
            "seep.pipe",
            "seep.sim",
            "seep.openspiel",
            "seep.pettingzoo",
            "seep.gymnasium",
            "seep.cli",
            "seep.__main__",
            "seep.examples",
        ),
    ),
    ("testing", ("seep.testing",)),
)

#: The frameworks each adapter may import; no other module imports one.
FRAMEWORKS: dict[str, frozenset[str]] = {
    "pyspiel": frozenset({"seep.openspiel", "seep.testing._adapters"}),
    "pettingzoo": frozenset({"seep.pettingzoo"}),
    # PettingZoo's spaces are Gymnasium's.
    "gymnasium": frozenset({"seep.gymnasium", "seep.pettingzoo", "seep.testing._adapters"}),
    "numpy": frozenset(
        {"seep.openspiel", "seep.pettingzoo", "seep.gymnasium", "seep._players.arrays"}
    ),
    "dask": frozenset({"seep.sim"}),
    "distributed": frozenset({"seep.sim"}),  # Dask's scheduler, imported by name
}


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of the layer ``module`` belongs to (its longest listed prefix)."""
    best: tuple[int, int] | None = None
    for index, (_, names) in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and (
                best is None or len(name) > best[0]
            ):
                best = (len(name), index)
    if best is None:
        raise AssertionError(f"{module}: in no layer of tests/test_layers.py")
    return best[1]


def test_every_module_is_in_exactly_one_listed_layer() -> None:
    listed = [name for _, names in LAYERS for name in names]
    assert len(listed) == len(set(listed)), "a name listed in two layers"
    modules = _modules()
    for name in listed:
        assert name in modules, f"{name} is listed but is no module"
    for module in modules:
        layer_of(module)


def test_the_layer_of_a_module_is_its_longest_listed_prefix() -> None:
    names = [name for name, _ in LAYERS]
    assert names[layer_of("seep._engine.generate")] == "engine"
    assert names[layer_of("seep._engine.bits")] == "values"
    assert names[layer_of("seep._engine.schedule")] == "engine core"
    assert names[layer_of("seep.testing.fuzz._check")] == "testing"
    assert names[layer_of("seep")] == "public API"


def _upward(graph: dict[str, set[str]]) -> list[str]:
    """Each import of ``graph`` from a module into a higher layer, as text."""
    names = [name for name, _ in LAYERS]
    return [
        f"{module} ({names[layer_of(module)]}) imports {target} ({names[layer_of(target)]})"
        for module, targets in sorted(graph.items())
        for target in sorted(targets)
        if layer_of(target) > layer_of(module)
    ]


def test_the_check_finds_an_import_into_a_higher_layer() -> None:
    """A hand-made graph: the cards importing the engine breaks the order."""
    assert _upward({"seep.cards": {"seep._engine.bits", "seep._util.excerpt"}}) == []
    assert _upward({"seep.cards": {"seep._engine.generate"}}) == [
        "seep.cards (values) imports seep._engine.generate (engine)"
    ]


def test_no_module_imports_a_higher_layer() -> None:
    upward = _upward(_graph())
    assert not upward, "imports against the layers:\n" + "\n".join(upward)


def _frameworks_imported(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.partition(".")[0])
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value.partition(".")[0])
    return found & set(FRAMEWORKS)


def test_frameworks_are_imported_only_by_their_adapters() -> None:
    for module, path in _modules().items():
        for framework in _frameworks_imported(path):
            assert module in FRAMEWORKS[framework], f"{module} imports {framework}"


def test_each_adapter_imports_a_framework_it_is_allowed() -> None:
    """The table above is not stale: every module it allows imports one of its frameworks."""
    modules = _modules()
    for module in {module for allowed in FRAMEWORKS.values() for module in allowed}:
        mine = {framework for framework, allowed in FRAMEWORKS.items() if module in allowed}
        assert _frameworks_imported(modules[module]) & mine, (module, mine)


_PAGE = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"


def _page_map() -> str:
    """The architecture page's map of the source tree (its first ``text`` block)."""
    match = re.search(r"```text\n(.*?)```", _PAGE.read_text(encoding="utf-8"), re.DOTALL)
    assert match, "docs/architecture.md has no map"
    return match.group(1)


_ENTRY = re.compile(r"([\w/]*?)\{([^}]*)\}|(\S+)")


def _page_layers() -> dict[str, int]:
    """Each file the page's map names (relative to ``src/seep``) and the layer number of its row.

    A row starts with the layer's number and name; a continuation row, with
    spaces. ``folder/{a b}`` names ``folder/a.py`` and ``folder/b.py``.
    """
    names = {name: number for number, (name, _) in enumerate(LAYERS)}
    found: dict[str, int] = {}
    layer = -1
    for line in _page_map().splitlines():
        row = re.match(r"\s*(\d+) ([A-Za-z, ]+?)\s{2,}(.*)", line)
        if row:
            layer = int(row.group(1))
            assert names.get(row.group(2)) == layer, line
            files = row.group(3)
        else:
            files = line
        for folder, inside, single in _ENTRY.findall(files):
            for stem in inside.split() if inside else [single]:
                path = f"{folder}{stem}.py"
                assert path not in found, f"{path} on the map twice"
                found[path] = layer
    return found


def test_the_map_reader_expands_folders_and_reads_layers() -> None:
    assert _page_layers()["_engine/bits.py"] == 1
    assert _page_layers()["testing/fuzz/_check.py"] == len(LAYERS) - 1


def test_the_architecture_page_maps_every_source_file_to_its_layer() -> None:
    """Every ``.py`` file under ``src/seep`` is on the map, in the row of its layer, and no other file is."""
    on_page = _page_layers()
    on_disk = {str(path.relative_to(PACKAGE)): layer_of(name) for name, path in _modules().items()}
    assert sorted(set(on_disk) - set(on_page)) == [], "files missing from docs/architecture.md"
    assert sorted(set(on_page) - set(on_disk)) == [], (
        "files on docs/architecture.md that do not exist"
    )
    wrong = {
        path: (on_page[path], layer) for path, layer in on_disk.items() if on_page[path] != layer
    }
    assert wrong == {}, "file: (layer on the page, layer in LAYERS)"

"""The package's import graph has no cycle, counting every import.

Every module of ``seep`` is parsed with :mod:`ast`; each ``import seep.x``,
``from seep.x import y`` and ``from seep import x`` (also relative forms, and
imports inside functions or ``if TYPE_CHECKING:`` blocks: a lazy import is
still an import) is an edge. Importing a name from a package means depending
on the package's ``__init__``; ``from seep import x`` where ``x`` is a
submodule is an edge to that submodule.
"""

from __future__ import annotations

import ast
from pathlib import Path

import seep

PACKAGE = Path(seep.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = ("seep", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that module ``name`` (at ``path``) imports."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [base]
            # ``from seep import cards`` imports the submodule seep.cards.
            targets += [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            # ``import seep.a.b`` also runs seep.a's __init__; the closest known
            # module is the one depended on.
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path ``[a, b, ..., a]``, or ``None``."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path = [start]
        pending = [sorted(graph[start])]
        while path:
            if not pending[-1]:
                done.add(path.pop())
                pending.pop()
                continue
            step = pending[-1].pop(0)
            if step in path:
                return [*path[path.index(step) :], step]
            if step not in done:
                path.append(step)
                pending.append(sorted(graph[step]))
    return None


def test_the_finder_sees_a_cycle_and_every_import_form(tmp_path: Path) -> None:
    """A hand-made package: a lazy import inside a function closes a cycle."""
    graph = {"seep.a": {"seep.b"}, "seep.b": {"seep.c"}, "seep.c": {"seep.a"}, "seep.d": set()}
    assert _cycle(graph) == ["seep.a", "seep.b", "seep.c", "seep.a"]
    assert _cycle({"seep.a": {"seep.b"}, "seep.b": set()}) is None
    source = tmp_path / "m.py"
    source.write_text(
        "import seep.a\n"
        "from seep import b\n"
        "from seep.c import thing\n"
        "from . import d\n"
        "def f():\n"
        "    from seep.e import other\n",
        encoding="utf-8",
    )
    known = {"seep", "seep.a", "seep.b", "seep.c", "seep.d", "seep.e", "seep.m"}
    assert _imports("seep.m", source, known) == {
        "seep",
        "seep.a",
        "seep.b",
        "seep.c",
        "seep.d",
        "seep.e",
    }


def test_the_graph_covers_every_module() -> None:
    """Every module of the package is a node, and the engine's layers import downwards."""
    graph = _graph()
    assert {"seep", "seep.state", "seep.notation", "seep.render", "seep.variants"} <= set(graph)
    assert "seep.cards" in graph["seep.state"]


def test_the_import_graph_has_no_cycle() -> None:
    """No module imports, directly or through others, a module that imports it."""
    cycle = _cycle(_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_state_printer_has_one_public_name_at_the_top_and_in_seep_render() -> None:
    """The state printer lives in seep.render; seep re-exports it (the old names: test_deprecated_names)."""
    import seep.notation
    import seep.render

    assert seep.state_text is seep.render.state_text
    assert "state_text" in seep.__all__ and "state_text" in seep.render.__all__
    assert "format_state" not in {*seep.__all__, *seep.notation.__all__, *seep.render.__all__}

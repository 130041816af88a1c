"""The documentation: every public name is in the API reference, every page is in the toctree."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import seep

DOCS = Path(__file__).resolve().parent.parent / "docs"
PUBLIC_MODULES = [
    "actions",
    "baazi",
    "bots",
    "bounds",
    "caching",
    "cards",
    "chance",
    "choice",
    "cli",
    "deal",
    "errors",
    "examples",
    "gymnasium",
    "history",
    "moves",
    "notation",
    "observation",
    "openspiel",
    "perft",
    "pettingzoo",
    "pipe",
    "records",
    "render",
    "rules",
    "sampling",
    "scoring",
    "serialization",
    "sim",
    "solver",
    "state",
    "svg",
    "testing",
    "variants",
    "views",
]
# Adapter modules import their framework (an optional extra): checked when it is installed.
FRAMEWORKS = {"openspiel": "pyspiel", "pettingzoo": "pettingzoo", "gymnasium": "gymnasium"}


def _importable(name: str) -> bool:
    framework = FRAMEWORKS.get(name)
    return framework is None or importlib.util.find_spec(framework) is not None


def test_every_public_module_has_an_api_page_that_documents_its_all() -> None:
    toctree = (DOCS / "api" / "index.rst").read_text(encoding="utf-8")
    for name in filter(_importable, PUBLIC_MODULES):
        module = importlib.import_module(f"seep.{name}")
        assert hasattr(module, "__all__"), name
        page = (DOCS / "api" / f"{name}.rst").read_text(encoding="utf-8")
        if f".. automodule:: seep.{name}\n   :members:" not in page:  # a page in sections
            entries = set(re.findall(r"^\.\. auto(?:function|class|data):: (\w+)$", page, re.M))
            assert entries == set(module.__all__), name
        assert re.search(rf"^   {name}$", toctree, re.MULTILINE), name


def test_the_api_index_lists_every_public_module_once_in_a_group_with_its_summary() -> None:
    """The index's module tables, one per layer under its heading, cover every public module."""
    index = (DOCS / "api" / "index.rst").read_text(encoding="utf-8")
    tables = re.findall(r"^\.\. module-table::\n\n((?:   \S+\n)+)", index, re.MULTILINE)
    listed = [line.strip() for table in tables for line in table.splitlines()]
    assert sorted(listed) == sorted(["seep", *(f"seep.{name}" for name in PUBLIC_MODULES)])
    headings = re.findall(r"^(.+)\n-+$", index, re.MULTILINE)
    assert len(tables) == len(headings) + 1  # the package first, then one table per layer
    assert "Game basics" in headings and "Hidden information" in headings


def test_every_public_module_is_listed() -> None:
    package = Path(seep.__file__).parent
    modules = {path.stem for path in package.glob("*.py")}
    packages = {path.parent.name for path in package.glob("*/__init__.py")}
    found = {name for name in modules | packages if not name.startswith("_")}
    assert found == set(PUBLIC_MODULES)


def test_public_modules_and_names_keep_their_docstrings_at_run_time() -> None:
    """``help()`` works in every build: no public module is compiled (mypyc drops docstrings)."""
    for name in filter(_importable, PUBLIC_MODULES):
        module = importlib.import_module(f"seep.{name}")
        assert module.__doc__, name
        for public in module.__all__:
            value = getattr(module, public)
            if callable(value) and getattr(value, "__module__", None) == module.__name__:
                assert value.__doc__, f"seep.{name}.{public}"


def test_every_top_level_name_is_on_the_seep_page() -> None:
    page = (DOCS / "api" / "seep.rst").read_text(encoding="utf-8")
    for name in seep.__all__:
        if name == "__version__":
            assert "seep.__version__" in page
            continue
        constants = {"FINISH": "seep.choice", "HOUSE": "seep.choice"}
        module = constants.get(name) or (
            getattr(seep, name).__module__ if not name.isupper() else "seep.variants"
        )
        module = ".".join(p for p in module.split(".") if not p.startswith("_"))
        if name == "Move":
            module = "seep.moves"
        assert f"~{module}.{name}`" in page, name


def test_every_page_is_in_the_toctree() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for page in DOCS.glob("*.md"):
        if page.stem != "index":
            assert re.search(rf"^{page.stem}$", index, re.MULTILINE), page.name


def _blocks(language: str) -> list[str]:
    return [
        match.group(1)
        for page in sorted(DOCS.glob("*.md"))
        for match in re.finditer(
            rf"^```{language}\n(.*?)^```$", page.read_text(encoding="utf-8"), re.M | re.S
        )
    ]


def test_the_records_and_notation_shown_in_the_docs_load() -> None:
    from seep.notation import parse_move
    from seep.records import parse_record

    records, notation = _blocks("seep-record"), _blocks("seep-notation")
    assert records and notation
    for text in records:
        parse_record(text)  # checked: every move legal in its deal
    for block in notation:
        for line in block.splitlines():
            assert str(parse_move(line)) == line, line


def test_r5_5_the_docs_say_locked_and_introduce_pakka_once_in_the_glossary() -> None:
    """R5.5: the API says ``House.locked``; the pages say *locked*, the Seep word appears once."""
    uses = {
        page.name: len(re.findall(r"\bpakk[ai]\b", page.read_text(encoding="utf-8")))
        for page in DOCS.glob("*.md")
    }
    uses = {name: count for name, count in uses.items() if count}
    glossary = re.search(
        r"^\*pakka\* \(\*pakki\*\)\n: a locked",
        (DOCS / "rules.md").read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    assert glossary is not None
    # rules.md: the glossary's term and its variant; index.md: the game's one-paragraph summary.
    assert uses == {"rules.md": 2, "index.md": 1}, uses

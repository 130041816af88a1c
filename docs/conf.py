"""Sphinx configuration for the seep documentation (``sphinx-build -W -b html docs docs/_build/html``)."""

from __future__ import annotations

import enum
import importlib
import inspect
import sys
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from seep_lexers import SeepNotationLexer, SeepRecordLexer  # noqa: E402
from seep_module_table import ModuleTable  # noqa: E402

import seep  # noqa: E402

project = "seep"
author = "The seep developers"
copyright = "The seep developers"
release = seep.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

# MyST: fenced ``pycon`` blocks hold doctest sessions; pytest runs them
# (``--doctest-glob=*.md``, see pyproject.toml).
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# autodoc: the docstrings are plain reST with doctest examples.
autodoc_typehints = "description"
autodoc_typehints_description_target = "all"
autodoc_member_order = "bysource"
autodoc_class_signature = "mixed"
autodoc_preserve_defaults = True
autodoc_default_options: dict[str, Any] = {"members": True}

# Copy buttons copy the code without the prompts (doctest and shell) or the output.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
add_module_names = False
python_display_short_literal_types = True

html_theme = "furo"
html_title = f"seep {release}"
html_static_path: list[str] = []
pygments_style = "sphinx"
pygments_dark_style = "monokai"


def _resolve_reexports(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve ``seep.NAME`` (a re-export in :data:`seep.__all__`) to where NAME is documented.

    The API reference documents every object once, in its own module
    (``seep.cards.Card``); docstrings and pages may still write ``seep.Card``.
    """
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    prefix, _, name = target.rpartition(".")
    if prefix != "seep" or name not in seep.__all__:
        return None
    obj = getattr(seep, name)
    module = getattr(obj, "__module__", None)
    if not isinstance(module, str) or not module.startswith("seep."):
        return None
    # Objects defined in private modules are documented where they are exported.
    public = ".".join(part for part in module.split(".") if not part.startswith("_"))
    for candidate in (public, module):
        if hasattr(importlib.import_module(candidate), name):
            node["reftarget"] = f"{candidate}.{name}"
            domain = env.get_domain("py")
            return domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], node["reftarget"], node, contnode
            )
    return None


def _attrs_default(field: Any) -> str:
    """How a field's default reads in a signature: its value, or the factory's call.

    Enum members read as ``Pickup.ANY``; long values and private factories as ``...``.
    """
    default = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        name = getattr(default.factory, "__name__", "")
        return f"{name}()" if name.isidentifier() and not name.startswith("_") else "..."
    if isinstance(default, enum.Enum):
        return f"{type(default).__name__}.{default.name}"
    text = repr(default)
    return text if len(text) <= 50 else "..."


def _attrs_signature(cls: type) -> str:
    """The constructor of an attrs class as a user calls it: ``(*, kind, value=None)``."""
    positional: list[str] = []
    keyword: list[str] = []
    for field in attrs.fields(cls):
        if not field.init:
            continue
        name = field.alias or field.name
        text = name if field.default is attrs.NOTHING else f"{name}={_attrs_default(field)}"
        (keyword if field.kw_only else positional).append(text)
    parts = positional + (["*", *keyword] if keyword else [])
    return f"({', '.join(parts)})"


def _clean_signature(
    app: Any, what: str, name: str, obj: Any, options: Any, signature: Any, return_annotation: Any
) -> Any:
    """attrs classes: the signature names each field once, with its real default.

    autodoc would show attrs' generated ``__init__`` (``attr_dict['value'].default``,
    ``NOTHING``) and list every field again as a parameter; the fields are
    documented once, as the class's attributes.
    """
    if what not in {"class", "exception"} or not inspect.isclass(obj):
        return None
    if attrs.has(obj):
        app.env.current_document.autodoc_annotations.pop(name, None)
        return _attrs_signature(obj), return_annotation
    if getattr(obj, "_is_protocol", False):  # a protocol is implemented, not called
        app.env.current_document.autodoc_annotations.pop(name, None)
        return "", return_annotation
    return None


def _trim_code_blocks(app: Any, doctree: Any) -> None:
    """Drop the blank lines that end a code block.

    A doctest session in Markdown ends with a blank line, so that the fence
    is not read as expected output; on the page it would be an empty line.
    """
    from docutils import nodes

    for block in doctree.findall(nodes.literal_block):
        if len(block.children) == 1 and isinstance(block.children[0], nodes.Text):
            text = block.astext()
            if text != text.rstrip("\n"):
                block.children = [nodes.Text(text.rstrip("\n"))]
                block.rawsource = text.rstrip("\n")


def setup(app: Any) -> None:
    app.connect("missing-reference", _resolve_reexports)
    app.connect("autodoc-process-signature", _clean_signature)
    app.connect("doctree-read", _trim_code_blocks)
    app.add_directive("module-table", ModuleTable)
    app.add_lexer("seep-notation", SeepNotationLexer)
    app.add_lexer("seep-record", SeepRecordLexer)

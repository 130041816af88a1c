"""Sphinx configuration for the seep documentation (``sphinx-build -W -b html docs docs/_build/html``)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

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
autodoc_default_options: dict[str, Any] = {
    "members": True,
    "show-inheritance": False,
}
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


def setup(app: Any) -> None:
    app.connect("missing-reference", _resolve_reexports)

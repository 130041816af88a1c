"""Collection: the adapters' doctests run only where their framework is installed."""

from __future__ import annotations

import importlib.util

# A module or page of an optional extra, and the framework it imports.
_NEEDS = {
    "src/seep/openspiel.py": "pyspiel",
    "docs/openspiel.md": "pyspiel",
}

collect_ignore = [
    path for path, module in _NEEDS.items() if importlib.util.find_spec(module) is None
]

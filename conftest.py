"""Collection rules for the whole suite (tests, the package's doctests, the docs pages).

The framework adapters and their pages need their optional extras
(``seep-rules[openspiel]``, ``[pettingzoo]``, ``[gymnasium]``); where an
extra is not installed, its module's doctests and its page are not
collected (their tests in ``tests/`` skip themselves). Likewise the Sphinx
extensions in ``docs/_ext`` need the ``docs`` extra. CI installs every
extra, so there nothing is left out, and it also runs the README's test
command with exactly the extras that line names.
"""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "pyspiel": ["src/seep/openspiel.py", "docs/openspiel.md"],
    "pettingzoo": ["src/seep/pettingzoo.py", "docs/pettingzoo.md"],
    "gymnasium": ["src/seep/gymnasium.py", "docs/gymnasium.md"],
    # The Sphinx extensions of the docs build come with the ``docs`` extra.
    "sphinx": ["docs/_ext"],
}

collect_ignore = [
    path
    for module, paths in _NEEDS.items()
    if importlib.util.find_spec(module) is None
    for path in paths
]

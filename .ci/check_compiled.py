"""Fail unless the installed seep is the compiled build (the mypyc wheel).

Run outside the work tree, so that only the installed package can be
imported: ``python .ci/check_compiled.py``.
"""

import pathlib

import seep
import seep._engine.generate as generate

assert "site-packages" in pathlib.Path(seep.__file__).parts, seep.__file__
assert not generate.__file__.endswith(".py"), f"not compiled: {generate.__file__}"
print("compiled:", generate.__file__)

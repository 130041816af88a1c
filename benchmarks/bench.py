"""The old entry point of the benchmarks, kept as a thin wrapper of ``benchmarks/run.py``.

Run ``python benchmarks/run.py --help`` for the options; ``bench.py`` takes the same.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import main

if __name__ == "__main__":
    sys.exit(main())

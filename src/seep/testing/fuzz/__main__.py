"""``python -m seep.testing.fuzz --inputs 200000 --seed 1``: the long fuzz run (see :mod:`seep.testing.fuzz`)."""

import sys

from seep.testing.fuzz._runner import main

sys.exit(main())

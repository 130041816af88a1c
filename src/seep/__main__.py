"""``python -m seep``: the ``seep`` command (:mod:`seep.cli`)."""

import sys

from seep.cli import main

sys.exit(main())

"""Hypothesis profiles for the test suite.

``ci`` (the default) is derandomized so that every run checks the same
examples; ``dev`` explores new random examples each run. Choose with the
``SEEP_HYPOTHESIS_PROFILE`` environment variable:

    SEEP_HYPOTHESIS_PROFILE=dev pytest tests
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Random games are generated step by step (one draw per play), which the
# too_slow and data_too_large checks can flag on a slow machine.
_SUPPRESSED = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile(
    "ci",
    deadline=None,
    max_examples=100,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=_SUPPRESSED,
)
settings.register_profile(
    "dev",
    deadline=None,
    max_examples=100,
    suppress_health_check=_SUPPRESSED,
)
settings.load_profile(os.environ.get("SEEP_HYPOTHESIS_PROFILE", "ci"))

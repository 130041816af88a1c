"""Golden playthroughs: one seeded deal per built-in variant, compared step by step.

Each file in ``tests/data/playthroughs`` is regenerated in memory by
``benchmarks/make_playthroughs.py`` and compared with the stored text. A
difference means the rules, the deal or the state printer changed; if that
was meant, regenerate with ``python benchmarks/make_playthroughs.py --write``
and review the diff.
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from seep.variants import variant_names

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
#: Lines of unified diff shown when a playthrough differs.
DIFF_LINES = 60


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "seep_benchmarks_make_playthroughs", BENCHMARKS / "make_playthroughs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GENERATOR = _generator()


def test_every_built_in_variant_has_a_playthrough() -> None:
    """One seed, and so one file, per variant registered when seep is imported."""
    assert sorted(GENERATOR.SEEDS) == sorted(variant_names())


@pytest.mark.parametrize("variant", sorted(GENERATOR.SEEDS))
def test_playthrough_matches_the_golden_file(variant: str) -> None:
    """The deal, replayed from its seed, prints exactly as stored."""
    path = GENERATOR.path_of(variant)
    stored = path.read_text(encoding="utf-8")
    fresh = GENERATOR.playthrough(variant, GENERATOR.SEEDS[variant])
    if fresh == stored:
        return
    diff = list(
        difflib.unified_diff(
            stored.splitlines(),
            fresh.splitlines(),
            fromfile=f"{path.name} (stored)",
            tofile=f"{path.name} (today's engine)",
            lineterm="",
        )
    )
    shown = "\n".join(diff[:DIFF_LINES])
    more = f"\n... {len(diff) - DIFF_LINES} more diff lines" if len(diff) > DIFF_LINES else ""
    pytest.fail(
        f"the playthrough of {variant} differs from {path}:\n{shown}{more}\n"
        "If the change of the rules or of the printer is deliberate, regenerate with\n"
        f"  python benchmarks/make_playthroughs.py --write {variant}\n"
        "and review the diff.",
        pytrace=False,
    )


def test_the_generator_shows_long_move_lists_by_their_ends() -> None:
    """A list longer than MAX_LISTED is cut to its count, first and last SHOWN moves."""
    notations = [f"throw {i}" for i in range(GENERATOR.MAX_LISTED + 1)]
    lines = GENERATOR._move_lines(notations)
    assert lines[0] == (f"legal moves ({len(notations)}, first and last {GENERATOR.SHOWN} shown):")
    cut = lines.index("  ...")
    shown = [", ".join(lines[1:cut]).split(", "), ", ".join(lines[cut + 1 :]).split(", ")]
    shown = [[move.strip().rstrip(",") for move in part] for part in shown]
    assert shown == [notations[: GENERATOR.SHOWN], notations[-GENERATOR.SHOWN :]]
    assert all(len(line) <= GENERATOR.WIDTH for line in lines)

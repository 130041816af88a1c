"""A smoke test of the benchmark suite: ``--quick`` with tiny durations, and the JSON's shape.

Nothing here is timed: the figures are never asserted, only their presence.
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType

import pytest

from seep.variants import BUILT_IN_NAMES

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        f"seep_benchmarks_{name}", BENCHMARKS / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_quick_suite_writes_and_compares_its_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = _load("run")
    out = tmp_path / "bench.json"
    assert run.main(["--quick", "--seconds", "0.001", "--json", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["format"] == "seep-bench/1"
    assert {"platform", "python", "cpu_count", "seep"} <= set(doc["machine"])
    assert doc["machine"]["build"] in {"pure", "compiled"}
    assert doc["quick"] is True
    results = doc["results"]
    for variant in ("standard", "standard-2p", "taash", "taash-2p"):
        assert f"deals/s {variant}" in results
    for name in (
        "baseline units/s",
        "legal_moves/s (play corpus)",
        "legal_moves listed/s (play corpus)",
        "apply_move/s (cached legality)",
        "hash/s (cache cleared)",
        "eq/s (equal copies)",
        "bytes/state (a deal's states)",
        "peak MB (random standard deals)",
        "peak MB (random taash deals)",
        "peak MB (crowded floors)",
        "count_legal_moves/s (crowded corpus)",
        "legal_moves listed/s (crowded corpus)",
        "MoveChoice walks/s (crowded corpus)",
        "legal_actions calls/s (20 loose, standard)",
        "legal_actions calls/s (20 loose, taash)",
        "random ids/s (seep.actions, standard)",
        "random ids/s (seep.actions, taash)",
        "id path ratio (seep.actions, standard)",
        "solves/s (standard, 4 plays left)",
        "solves/s (standard, 8 plays left)",
        "solves/s (standard, 12 plays left)",
    ):
        assert name in results
    for variant in BUILT_IN_NAMES:
        median, p99, largest = (
            results[f"sample_state {figure} ms ({variant})"] for figure in ("median", "p99", "max")
        )
        assert median["unit"] == p99["unit"] == largest["unit"] == "ms"
        assert median["value"] <= p99["value"] <= largest["value"]
    frameworks = {"OpenSpiel": "pyspiel", "PettingZoo": "pettingzoo", "Gymnasium": "gymnasium"}
    for path, module in frameworks.items():
        if importlib.util.find_spec(module) is not None:
            ratio = results[f"id path ratio ({path}, standard)"]
            assert ratio["unit"] == "ratio" and ratio["value"] == ratio["ratio"] > 0
    if importlib.util.find_spec("pyspiel") is not None:
        for variant in ("standard", "standard-2p", "taash", "taash-2p"):
            assert f"openspiel steps/s {variant}" in results
            assert f"openspiel deals/s {variant}" in results
    for result in results.values():
        assert set(result) == {"value", "unit", "ratio"}
        assert result["value"] > 0 and result["ratio"] > 0
    assert results["baseline units/s"]["ratio"] == 1.0
    printed = capsys.readouterr().out
    assert "x baseline" in printed and "deals/s taash-2p" in printed
    assert f"({doc['machine']['build']} build)" in printed

    assert run.main(["--compare", str(out), str(out)]) == 0
    compared = capsys.readouterr().out
    assert "new/old" in compared and "1.000" in compared


def test_strength_and_sampling_rate_report_their_figures() -> None:
    strength = _load("strength").run(
        "standard-2p", 2, "search", "greedy", {"iterations": 3}, {}, 0, 2
    )
    assert strength["deals"] == 2 and 0.0 <= strength["win share"] <= 1.0  # type: ignore[operator]
    low, high = strength["win share 95%"]  # type: ignore[misc]
    assert 0.0 <= low <= strength["win share"] <= high <= 1.0  # type: ignore[operator]
    rate = _load("sampling_rate").measure("taash", 1, 6)
    assert set(rate) == {"accepted/proposed", "worst view", "accepted/replayed", "samples/s"}
    assert 0.0 < rate["worst view"] <= rate["accepted/proposed"] <= rate["accepted/replayed"] <= 1.0
    seconds = _load("sampling_rate").latencies("standard-2p", 1)
    assert len(seconds) == 2 * 14  # plays 0 (before and after the bid), 4, ..., 48; two seats
    assert seconds == sorted(seconds) and seconds[0] > 0
    figures = _load("sampling_rate").distribution([0.001, 0.002, 0.004])
    assert figures == {"median ms": 2.0, "p99 ms": 4.0, "max ms": 4.0}


def test_the_strength_script_alternates_seats_and_reports_both_bots_cpu() -> None:
    report = _load("strength").run("standard-2p", 2, "best", "random", {"samples": 2.0}, {})
    wins, draws, losses = report["wins, draws, losses"]  # type: ignore[misc]
    assert wins + draws + losses == 2
    low, high = report["win share 95%"]  # type: ignore[misc]
    assert 0.0 <= low <= report["win share"] <= high <= 1.0  # type: ignore[operator]
    # Each bot plays one deal from each seat: both make decisions.
    assert report["first decisions"] > 0 and report["second decisions"] > 0  # type: ignore[operator]
    mean, most = report["first cpu s per decision (mean, max)"]  # type: ignore[misc]
    assert 0.0 <= mean <= most


def test_the_solver_script_reports_seconds_and_nodes_by_plays_left(
    capsys: pytest.CaptureFixture[str],
) -> None:
    solver = _load("solver")
    row = solver.measure("standard-2p", 2, 4)
    assert row["median s"] <= row["p90 s"] <= row["max s"]
    assert 1 <= row["median nodes"] <= row["max nodes"]
    assert solver.main(["--positions", "2", "--plays-left", "2,4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[2:]] == ["2", "4"]


def test_the_memory_script_reports_each_workload_s_peak_and_caches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    memory = _load("memory")
    assert memory.main(["--deals", "3", "--floors", "3", "--budget", "1M"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["standard", "taash", "crowded"]
    assert all("of 1 MB" in line for line in lines)  # the budget reached the fresh process


def test_the_search_rate_script_times_the_suites_search_workload() -> None:
    search = _load("search_rate")
    views = search.search_views(1)
    assert [view.plays for view, _ in views] == [3, 11, 23, 35]  # the bid is a ply, no play
    assert search.decide(views, 2) == 2 * sum(len(moves) > 1 for _, moves in views)
    assert search.best_rate(1, 2, 1) > 0
    assert search.main(["--deals", "1", "--iterations", "2", "--decisions", "1"]) == 0


def test_the_boundary_script_remakes_each_plays_public_objects() -> None:
    boundary = _load("boundary")
    plays = boundary.record(7)
    assert plays[-1][2].is_over
    rng = random.Random(0)
    for play in plays:
        _, made, made_after = boundary.remake(play, rng)
        move, after = play[1], play[2]
        # The same move and the same state after it, history and all.
        assert made == move
        assert made_after == after
        assert made_after.history.entries() == after.history.entries()
    assert boundary.main(["--deals", "1", "--rounds", "1", "--seconds", "0.01"]) == 0


def test_the_bytecode_count_adds_up_by_part_and_by_function() -> None:
    bytecodes = _load("bytecodes")
    if bytecodes.build() == "compiled":
        # The compiled engine runs no bytecode: the script says so and stops.
        assert bytecodes.main(["--warm", "0", "--deals", "1"]) == 2
        return
    counts = bytecodes.count("standard", range(5, 7))
    run = _load("run")
    assert counts.plays == sum(len(run.random_deal("standard", seed)) - 1 for seed in (5, 6))
    # Every part of a round runs some bytecode, and nothing is counted twice.
    assert set(counts.by_part) == set(bytecodes.PARTS.values())
    assert sum(counts.by_function.values()) == counts.total
    for part, total in counts.by_part.items():
        assert sum(n for (p, _, _), n in counts.by_function.items() if p == part) == total
    # The per-card plans run within the move list (Python 3.10 names no class).
    assert any(
        part.startswith("the move list") and file == "generate.py" and name.endswith("plans")
        for part, file, name in counts.by_function
    )
    assert bytecodes.main(["--warm", "1", "--deals", "1", "--top", "3"]) == 0

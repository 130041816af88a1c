"""Simulations on a Dask cluster give the same results as in-process (the ``dask`` extra).

A two-worker cluster of local processes is started on the loopback
interface only, with no dashboard.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

from seep.cli import main
from seep.sim import MatchSpec, compare, dask_executor, simulate

try:
    import distributed
except ImportError:  # pragma: no cover - CI installs the dask extra
    distributed = None

needs_dask = pytest.mark.skipif(
    distributed is None, reason="Dask is not installed: pip install -e '.[dask]' (CI installs it)"
)

SPEC = MatchSpec(variant="standard-2p", bots=("greedy", "random"))
SEEDS = range(6)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    assert distributed is not None
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as local:
        yield local


@needs_dask
def test_simulate_on_a_cluster_is_identical_to_in_process(cluster: Any) -> None:
    here = simulate(SPEC, SEEDS, alternate=True)
    with dask_executor(cluster.scheduler_address) as executor:
        there = simulate(SPEC, SEEDS, executor=executor, alternate=True)
        summary = compare("greedy", "random", games=4, seed=3, executor=executor)
    assert there == here
    assert summary == compare("greedy", "random", games=4, seed=3)


@needs_dask
def test_the_command_line_runs_on_a_cluster(cluster: Any) -> None:
    argv = ["simulate", "--variant", "standard-2p", "--games", "4", "--no-progress"]
    local, remote = io.StringIO(), io.StringIO()
    assert main(argv, stdout=local) == 0
    assert main([*argv, "--scheduler", cluster.scheduler_address], stdout=remote) == 0
    assert remote.getvalue() == local.getvalue()
    assert "4 deals of standard-2p" in remote.getvalue()


def test_scheduler_and_workers_are_exclusive() -> None:
    err = io.StringIO()
    argv = ["simulate", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"]
    assert main(argv, stderr=err) == 2
    assert "not allowed with argument --workers" in err.getvalue()


def test_without_dask_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    real = importlib.import_module

    def no_distributed(name: str, *args: Any) -> Any:
        if name == "distributed":
            raise ImportError("No module named 'distributed'")
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", no_distributed)
    with pytest.raises(ImportError, match=r"seep-rules\[dask\]"), dask_executor():
        pass  # pragma: no cover
    err = io.StringIO()
    argv = ["simulate", "--games", "1", "--no-progress", "--scheduler", "tcp://127.0.0.1:1"]
    assert main(argv, stdout=io.StringIO(), stderr=err) == 2
    assert "pip install 'seep-rules[dask]'" in err.getvalue()


@needs_dask
def test_an_unreachable_scheduler_is_reported() -> None:
    import dask

    err = io.StringIO()
    argv = ["simulate", "--games", "1", "--no-progress", "--scheduler", "tcp://127.0.0.1:1"]
    # Give up after a second instead of Dask's default of 30.
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        assert main(argv, stdout=io.StringIO(), stderr=err) == 1
    assert "no Dask scheduler at tcp://127.0.0.1:1" in err.getvalue()


@needs_dask
def test_a_round_robin_on_a_cluster_prints_the_same_ladder(cluster: Any) -> None:
    argv = ["simulate", "--bots", "greedy,random,seep.bots:RandomBot", "--games", "2"]
    local, remote = io.StringIO(), io.StringIO()
    assert main([*argv, "--no-progress"], stdout=local) == 0
    argv += ["--no-progress", "--scheduler", cluster.scheduler_address]
    assert main(argv, stdout=remote) == 0
    assert remote.getvalue() == local.getvalue()
    assert remote.getvalue().startswith("Round robin of 3 bots, standard: 2 deals a pair")

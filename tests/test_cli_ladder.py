"""``seep simulate`` with three bots or more: a round robin, its Elo ratings and win-share table."""

from __future__ import annotations

import io
import shlex
import sys
from pathlib import Path

import pytest

from seep.cli import main
from seep.sim import ladder

# The example bot that ships in the package, run as a module from any directory.
PIPE = f"cmd:{shlex.join([sys.executable, '-m', 'seep.examples.random_pipe_bot'])}"


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def _ratings(out: str) -> dict[str, tuple[int, str, float, int]]:
    """``{bot: (rank, elo text, score, games)}`` from the ratings table."""
    lines = out.splitlines()
    start = lines.index(next(line for line in lines if line.lstrip().startswith("rank")))
    rows = {}
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        rank, name, *elo, score, games = line.split()
        rows[name] = (int(rank), " ".join(elo), float(score), int(games))
    return rows


def _win_shares(out: str) -> dict[tuple[str, str], str]:
    """``{(row, column): share}`` from the win-share table."""
    lines = out.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("Win share"))
    columns = lines[start + 1].split()
    shares = {}
    for line in lines[start + 2 :]:
        if not line.strip():
            break
        row, *cells = line.split()
        shares.update({(row, column): cell for column, cell in zip(columns, cells, strict=True)})
    return shares


def test_three_built_in_bots_play_a_round_robin() -> None:
    code, out, err = run("simulate", "--bots", "random,greedy,seep.bots:RandomBot", "--games", "4")
    assert code == 0, err
    assert out.startswith(
        "Round robin of 3 bots, standard: 4 deals a pair, seats alternating, seeds 0..3 (12 deals)"
    )
    assert "12/12" in err  # the progress bar counts every game
    rows = _ratings(out)
    assert set(rows) == {"random", "greedy", "seep.bots:RandomBot"}
    assert rows["greedy"][0] == 1 and rows["greedy"][2] == 1.0  # it wins every deal
    assert all(games == 8 for *_, games in rows.values())
    shares = _win_shares(out)
    assert shares[("greedy", "greedy")] == "-"
    assert shares[("greedy", "random")] == "1.000" and shares[("random", "greedy")] == "0.000"
    pair = float(shares[("random", "seep.bots:RandomBot")])
    assert pair + float(shares[("seep.bots:RandomBot", "random")]) == 1
    assert "maximum-likelihood" in out and "mean 0" in out


def test_the_round_robin_prints_what_seep_sim_ladder_computes() -> None:
    bots = ["random", "greedy", "seep.bots:RandomBot"]
    code, out, _ = run("simulate", "--bots", ",".join(bots), "--games", "3", "--seed", "5")
    assert code == 0
    table = ladder(bots, games=3, seed=5)
    rows = _ratings(out)
    for rank, rating in enumerate(table.ratings, 1):
        low, high = rating.elo_ci
        assert rows[rating.name] == (
            rank,
            f"{rating.elo:+.0f} ({low:+.0f} to {high:+.0f})",
            round(rating.score, 3),
            rating.games,
        )


def test_a_round_robin_seats_import_path_and_pipe_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A user's bot joins by ``module:attr`` (this folder counts) and by ``--bot 'cmd:...'``."""
    (tmp_path / "my_ladder_bots.py").write_text(
        "from seep.bots import GreedyBot\nclass Eager(GreedyBot):\n    name = 'eager'\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    code, out, err = run(
        "simulate",
        "--bots",
        "greedy,my_ladder_bots:Eager",
        "--bot",
        PIPE,
        "--games",
        "2",
        "--no-progress",
    )
    assert code == 0, err
    assert err == ""
    rows = _ratings(out)
    assert set(rows) == {"greedy", "my_ladder_bots:Eager", "random-pipe"}  # named by its hello
    assert _win_shares(out)[("random-pipe", "greedy")] == "0.000"


def test_a_pipe_command_with_commas_comes_whole_by_bot() -> None:
    """``--bots`` splits on commas; each ``--bot`` is one bot, commas and spaces kept."""
    program = (
        "import runpy, sys; runpy.run_module('seep.examples.random_pipe_bot', run_name='__main__')"
    )
    spec = f"cmd:{shlex.join([sys.executable, '-c', program])}"
    code, out, err = run(
        "simulate", "--bot", "greedy", "--bot", spec, "--bot", "random", "--games", "1"
    )
    assert code == 0, err
    assert set(_ratings(out)) == {"greedy", "random-pipe", "random"}


def test_two_bots_by_bot_are_the_two_bot_table() -> None:
    by_list = run("simulate", "--bots", "greedy,random", "--games", "3", "--no-progress")
    by_bot = run("simulate", "--bot", "greedy", "--bot", "random", "--games", "3", "--no-progress")
    assert by_list == by_bot
    assert by_list[1].startswith("3 deals of standard, greedy vs random, seats alternating")


def test_two_pipe_bots_with_one_name_are_shown_by_their_commands() -> None:
    """Two programs that give the same name in their hello keep their commands as labels."""
    other = f"cmd:{shlex.join([sys.executable, '-m', 'seep.examples.random_pipe_bot', 'again'])}"
    code, out, err = run(
        "simulate", "--bots", "greedy", "--bot", PIPE, "--bot", other, "--games", "1"
    )
    assert code == 0, err
    assert f"  {PIPE} " in out and f"  {other} " in out and "random-pipe" not in out


def test_a_round_robin_with_worker_processes_matches_in_process() -> None:
    args = ("simulate", "--bots", "random,greedy,seep.bots:RandomBot", "--games", "2")
    assert run(*args, "--no-progress")[1] == run(*args, "--no-progress", "--workers", "2")[1]


def test_a_failing_pipe_bot_in_a_round_robin_is_one_line() -> None:
    code, out, err = run(
        "simulate", "--bots", f"greedy,random,cmd:{sys.executable} -c pass", "--games", "1"
    )
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("seep simulate: ") and "Traceback" not in err

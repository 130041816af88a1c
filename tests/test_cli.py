"""The ``seep`` command line: every command driven in-process, ``seep play`` by a script."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from seep import apply_move, legal_moves, new_deal, state_to_dict
from seep.baazi import apply_baazi_move, baazi_to_dict, new_baazi
from seep.cli import main


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_demo_plays_a_whole_baazi_and_reads_well() -> None:
    """R10: the demo plays deals until the baazi is decided, with bids, moves and sheets."""
    code, out, _ = run("demo", "--seed", "3")
    assert code == 0
    assert out.startswith("Seep baazi, variant standard, seed 3")
    assert "Deal 1: dealer seat 0, first to play seat 1" in out
    assert ": bid " in out and "the floor turns up" in out
    assert " 48. seat " in out
    assert "deal dealer bid | team 0: cards seeps total" in out
    assert out.rstrip().splitlines()[-1].startswith("Baazi over after ")


def test_demo_is_reproducible_with_a_seed() -> None:
    """Identical seeds give identical logs."""
    assert (
        run("demo", "--seed", "5", "--variant", "taash")[1]
        == run("demo", "--seed", "5", "--variant", "taash")[1]
    )


def test_demo_marks_seeps() -> None:
    """R4.5: a seep is flagged in the log with its points."""
    outputs = [run("demo", "--seed", str(seed))[1] for seed in range(4)]
    assert any("SEEP! +50" in out for out in outputs)


@pytest.mark.parametrize("variant", ["standard-2p", "taash-2p", "taash-short"])
def test_demo_runs_every_variant(variant: str) -> None:
    code, out, _ = run("demo", "--seed", "1", "--variant", variant, "--bots", "greedy,random")
    assert code == 0 and "Baazi over" in out


def test_scripted_play_session(tmp_path: Path) -> None:
    """``seep play``: numbers, notation, help, an illegal move explained, bad text, quit; record saved."""
    record = tmp_path / "game.txt"
    state = new_deal("standard", seed=10)  # seat 1 bids first: 6D TH JS QC
    script = "\n".join(["help", "bid 13", "bid 9x", "99", "bid 11", "quit"]) + "\n"
    code, out, _ = run(
        "play",
        "--seed",
        "10",
        "--seat",
        "1",
        "--bot",
        "random",
        "--record",
        str(record),
        stdin=script,
    )
    assert code == 0
    assert "You are seat 1, team 1; your partner is seat 3." in out
    assert "Your hand: 6♦ 10♥ J♠ Q♣" in out
    assert "1) bid 10" in out and "3) bid 12" in out
    assert "Illegal: R2.4: seat 1 holds no king and cannot bid 13" in out
    assert "Not understood" in out
    assert "There is no move 99" in out
    assert "seat 1 (you, team 1): bid 11" in out
    assert "Game stopped." in out
    assert record.exists() and "Record saved to" in out
    assert str(state.hands[1]) == "6D TH JS QC"


def test_play_by_number_to_the_end_of_a_deal(tmp_path: Path) -> None:
    """A person choosing move 1 every time finishes a deal; end of input never crashes."""
    code, out, _ = run(
        "play", "--seed", "2", "--deal", "--record", str(tmp_path / "r.txt"), stdin="1\n" * 60
    )
    assert code == 0
    assert "Final: team 0: cards" in out
    assert (tmp_path / "r.txt").read_text(encoding="utf-8").strip()


def test_play_survives_end_of_input(tmp_path: Path) -> None:
    code, out, _ = run("play", "--seed", "4", "--record", str(tmp_path / "r.txt"), stdin="")
    assert code == 0 and "Game stopped." in out


def test_simulate_prints_a_summary_table() -> None:
    code, out, err = run("simulate", "--bots", "greedy,random", "--games", "4", "--seed", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("4 deals of standard, greedy vs random")
    assert lines[2].split()[0] == "greedy" and lines[3].split()[0] == "random"
    assert "4/4" in err  # the progress bar
    wins = int(lines[2].split()[1]) + int(lines[3].split()[1])
    draws = int(lines[2].split()[2])
    assert wins + draws == 4


def test_simulate_needs_two_bot_kinds() -> None:
    code, _, err = run("simulate", "--bots", "greedy", "--games", "1")
    assert code == 2 and "--bots takes two bots" in err


def test_simulate_with_worker_processes_matches_in_process() -> None:
    """Same seeds, same results whatever runs them."""
    args = ("simulate", "--bots", "greedy,random", "--games", "4", "--no-progress")
    assert run(*args)[1] == run(*args, "--workers", "2")[1]


def test_show_renders_a_state_and_a_baazi(tmp_path: Path) -> None:
    state = new_deal("standard", seed=10)
    state = apply_move(state, legal_moves(state)[0])
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state_to_dict(state)), encoding="utf-8")
    code, out, _ = run("show", str(path))
    assert code == 0 and "bid 10" in out and "seat 1 (team 1):" in out

    match = new_baazi("standard", seed=1)
    match = apply_baazi_move(match, legal_moves(match.state)[0])
    path = tmp_path / "baazi.json"
    path.write_text(json.dumps(baazi_to_dict(match)), encoding="utf-8")
    code, out, _ = run("show", str(path))
    assert code == 0 and "deal dealer bid" in out


def test_show_reports_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"variant": "standard"}), encoding="utf-8")
    code, _, err = run("show", str(path))
    assert code == 1 and "required field is missing" in err


def test_console_script_entry_point() -> None:
    """``python -m seep.cli`` works as the installed ``seep`` command does."""
    result = subprocess.run(
        [sys.executable, "-m", "seep.cli", "demo", "--seed", "1", "--quiet"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr

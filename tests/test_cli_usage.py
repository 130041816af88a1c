"""The ``seep`` command as a user meets it: bad arguments, help, version, output that stops early."""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from seep import __version__
from seep.cli import _parser, main


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


BAD_ARGUMENTS = [
    (["demo", "--dealer", "7"], "argument --dealer: a seat 0..3 of standard, not 7"),
    (["demo", "--variant", "taash-2p", "--dealer", "2"], "a seat 0..1 of taash-2p, not 2"),
    (["demo", "--dealer", "-1"], "argument --dealer: a seat 0..3"),
    (["demo", "--seed", "x"], "argument --seed: expected a whole number, not 'x'"),
    (["demo", "--variant", "stnadard"], "argument --variant: invalid choice: 'stnadard'"),
    (["demo", "--iterations", "0"], "argument --iterations: must be 1 or more, not 0"),
    (["demo", "--timeout", "-1"], "argument --timeout: must be a number of seconds above 0"),
    (["demo", "--timeout", "nan"], "argument --timeout: must be a number of seconds above 0"),
    (["demo", "--bots", "nosuch"], "unknown bot 'nosuch'"),
    (["demo", "--frobnicate"], "seep demo: unrecognized arguments: --frobnicate"),
    (["play", "--seat", "9"], "argument --seat: a seat 0..3 of standard, not 9"),
    (["play", "--dealer", "4"], "argument --dealer: a seat 0..3"),
    (["play", "--bot", "greedy,nosuch"], "unknown bot 'nosuch'"),
    (["play", "--record", "/no/such/folder/game.txt"], "argument --record: no folder"),
    (["simulate", "--games", "0"], "argument --games: must be 1 or more, not 0"),
    (["simulate", "--games", "-5"], "argument --games: must be 1 or more, not -5"),
    (["simulate", "--games", "9" * 5000], "argument --games: expected a whole number"),
    (["simulate", "--workers", "0"], "argument --workers: must be 1 or more, not 0"),
    (["simulate", "--bots", "greedy"], "argument --bots: two bots"),
    (["simulate", "--bot", "greedy"], "argument --bots: two bots or more"),
    (["simulate", "--bots", "greedy,random,greedy"], "argument --bots: 'greedy' is given twice"),
    (["simulate", "--bots", "greedy,random", "--bot", "random"], "'random' is given twice"),
    (["simulate", "--bots", "greedy,random,fast"], "unknown bot 'fast'"),
    (["simulate", "--bots", "greedy,random,no_such_module:Bot"], "cannot import 'no_such_module'"),
    (["simulate", "--bots", "greedy,random", "--bot", "cmd:"], "give the command after 'cmd:'"),
    (
        ["simulate", "--bots", "greedy,random,os:system", "--games", "1"],
        "bot factory <built-in function system> cannot be called with ()",
    ),
    (["simulate", "--mode", "match"], "argument --mode: invalid choice: 'match'"),
    (["show"], "seep show: the following arguments are required: file"),
    ([], "seep: the following arguments are required: COMMAND"),
    (["deal"], "argument COMMAND: invalid choice: 'deal'"),
]


@pytest.mark.parametrize(("argv", "message"), BAD_ARGUMENTS, ids=lambda v: " ".join(v)[:40])
def test_a_bad_argument_is_one_line_and_status_2(argv: list[str], message: str) -> None:
    code, out, err = run(*argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert message in err
    assert "Traceback" not in err


def test_a_bad_argument_names_the_command_help() -> None:
    _, _, err = run("demo", "--dealer", "7")
    assert err.startswith("seep demo: ") and err.rstrip().endswith("(see 'seep demo --help')")


def test_r1_2_dealer_in_the_process_is_one_line_without_traceback() -> None:
    """The case of the report: ``seep demo --dealer 7`` printed a 25-line traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "seep", "demo", "--dealer", "7"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")},
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "seep demo: argument --dealer: a seat 0..3 of standard, not 7 (see 'seep demo --help')"
    ]


def test_version() -> None:
    code, out, err = run("--version")
    assert (code, out, err) == (0, f"seep {__version__}\n", "")


def test_help_goes_to_the_given_stream_and_exits_0() -> None:
    code, out, _ = run("simulate", "--help")
    assert code == 0 and "--games GAMES" in out and "how many games" in out


def _options(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.Action]]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += [(f"{name} {option}", a) for option, a in _options(sub)]
        else:
            found.append((action.dest, action))
    return found


def test_every_option_of_every_command_has_help() -> None:
    options = _options(_parser())
    assert len(options) > 30
    missing = [name for name, action in options if not action.help]
    assert missing == []


@pytest.mark.parametrize("command", ["demo", "play"])
def test_seed_and_dealer_are_explained(command: str) -> None:
    _, out, _ = run(command, "--help")
    flat = " ".join(out.split())
    assert "--seed SEED seed for the deals and the bots" in flat
    assert "--dealer SEAT the seat that deals first (default 0)" in flat


def test_quiet_prints_the_result_and_nothing_else() -> None:
    code, out, err = run("demo", "--seed", "3", "--quiet")
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "Baazi over after 4 deal(s): team 1 wins (team 1 leads by 120 (R10.2))."
    ]
    assert run("demo", "--seed", "3")[1].splitlines()[-1] == out.strip()


def test_r9_3_deal_lines_name_card_points_and_seep_points_apart() -> None:
    """'39 card pts + 50 seep pts' read as a count of seeps: the points and the count are both named."""
    out = run("demo", "--seed", "1")[1]
    assert (
        "Deal 1 over: team 0 72 points, team 1 128 points (28 for cards + 100 for 2 seeps)" in out
    )
    assert " seeps = " not in out


def test_r9_2_the_end_of_deal_sweep_is_shown_with_its_points() -> None:
    out = run("demo", "--seed", "3")[1].splitlines()
    at = out.index("Deal 1 over: team 0 42 points, team 1 58 points")
    assert out[at - 1] == (
        "  -  the floor left, A♦ 4♥ 7♦ J♦, goes to team 0 (seat 2 picked up last): +1 card point"
    )
    assert out[at - 2].startswith(" 48. ")


class _ClosedPipe(io.StringIO):
    """A stdout whose reader goes away after ``lines`` writes."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.left = lines

    def write(self, text: str) -> int:
        if self.left <= 0:
            raise BrokenPipeError(32, "Broken pipe")
        self.left -= 1
        return super().write(text)


def test_a_closed_output_ends_quietly_in_process() -> None:
    err = io.StringIO()
    assert main(["demo", "--seed", "3"], stdout=_ClosedPipe(5), stderr=err) == 1
    assert err.getvalue() == ""


def test_a_closed_pipe_ends_quietly() -> None:
    """``seep demo | head``: the reader is gone before the first line; no traceback."""
    read, write = os.pipe()
    os.close(read)  # nobody reads: the first write fails with EPIPE
    try:
        done = subprocess.run(
            [sys.executable, "-m", "seep", "demo", "--seed", "3"],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")},
            timeout=60,
            check=False,
        )
    finally:
        os.close(write)
    assert done.stderr == ""
    assert done.returncode == 1


def test_ctrl_c_outside_play_is_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr("seep.cli.play_baazi", interrupted)
    code, out, err = run("demo", "--seed", "3")
    assert code == 130 and err == "" and "Traceback" not in out

"""Bots over a pipe: real programs started with ``sys.executable``, good and misbehaving."""

from __future__ import annotations

import io
import os
import re
import shlex
import sys
import time
from pathlib import Path

import pytest

from seep import deal_score, legal_moves, new_deal
from seep.bots import GreedyBot, make_bot, play_deal
from seep.cli import main
from seep.pipe import (
    PROTOCOL,
    BotAnswerError,
    BotCrashedError,
    BotIllegalMoveError,
    BotTimeoutError,
    PipeBot,
    PipeBotError,
)
from seep.sim import MatchSpec, simulate
from seep.testing import position
from seep.views import observe

# The example bot that ships in the package, run as a module: it works from any directory.
EXAMPLE = "seep.examples.random_pipe_bot"
GOOD = [sys.executable, "-m", EXAMPLE]
GOOD_CMD = f"cmd:{shlex.join(GOOD)}"

# A bot that behaves as its first argument says; otherwise it plays the first legal move.
_ODD_BOT = r"""
import json, sys, time
mode = sys.argv[1]
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "quit":
        if mode == "ignore-quit":
            time.sleep(60)
        break
    if message["type"] == "hello":
        protocol = "seep-pipe/0" if mode == "old-protocol" else message["protocol"]
        if mode == "slow-hello":
            time.sleep(60)
        reply = {"type": "hello", "protocol": protocol, "name": "odd-" + mode}
    elif mode == "sleep":
        time.sleep(60)
        continue
    elif mode == "garbage":
        print("I play the ace of spades", flush=True)
        continue
    elif mode == "not-notation":
        reply = {"type": "move", "id": message["id"], "move": "fly 2C"}
    elif mode == "illegal":
        reply = {"type": "move", "id": message["id"], "move": "bid 13"}
    elif mode == "throw":
        reply = {"type": "move", "id": message["id"], "move": "throw 9S"}
    elif mode == "crash":
        print("something went wrong in the bot", file=sys.stderr, flush=True)
        sys.exit(3)
    elif mode == "error":
        reply = {"type": "error", "message": "cannot decide"}
    else:
        reply = {"type": "move", "id": message["id"], "move": message["moves"][0]}
    print(json.dumps(reply), flush=True)
"""


@pytest.fixture
def odd_bot(tmp_path: Path) -> list[str]:
    script = tmp_path / "odd_bot.py"
    script.write_text(_ODD_BOT, encoding="utf-8")
    return [sys.executable, str(script)]


def _reaped(pid: int | None) -> bool:
    """True once the process is gone and waited for (no zombie left)."""
    assert pid is not None
    if sys.platform.startswith("linux"):
        return not Path(f"/proc/{pid}").exists()
    try:  # pragma: no cover  (other systems)
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_the_example_bot_plays_a_whole_deal_and_is_reaped() -> None:
    """R9: the shipped example finishes a deal for every seat; closing reaps the program."""
    with PipeBot(GOOD, seed=1) as bot:
        assert bot.name == "random-pipe" and bot.running
        final = play_deal(new_deal("standard", seed=4), [bot] * 4)
        pid = bot.pid
    assert final.is_over and final.plays == 48
    assert not bot.running and bot.returncode == 0  # it obeyed quit
    assert _reaped(pid)


def test_the_example_bot_runs_as_a_module_from_any_directory(tmp_path: Path) -> None:
    """``python -m seep.examples.random_pipe_bot`` needs no checkout: it ships in the package."""
    import subprocess

    messages = '{"type": "hello", "protocol": "seep-pipe/1", "seed": 3}\n{"type": "quit"}\n'
    done = subprocess.run(
        GOOD, input=messages, capture_output=True, text=True, cwd=tmp_path, timeout=60, check=True
    )
    assert done.stdout == '{"type": "hello", "protocol": "seep-pipe/1", "name": "random-pipe"}\n'


def test_the_example_bot_needs_only_the_standard_library() -> None:
    """The example is a template for a bot in its own file: it imports nothing from seep."""
    import ast
    import importlib.util

    spec = importlib.util.find_spec(EXAMPLE)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    imported = {
        name.split(".")[0]
        for node in ast.walk(tree)
        for name in (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
    }
    assert imported and imported <= set(sys.stdlib_module_names), imported


def test_a_seeded_pipe_bot_replays_its_games() -> None:
    """The hello carries the seed: the same seeds give the same deal, move for move."""
    scores = []
    for _ in range(2):
        with PipeBot(GOOD, seed=7) as first, PipeBot(GOOD, seed=8) as second:
            final = play_deal(new_deal("taash", seed=2), [first, second, first, second])
        scores.append((deal_score(final).totals, final.plays))
    assert scores[0] == scores[1]


def test_r2_4_an_illegal_answer_names_the_seat_the_answer_and_the_rule(odd_bot: list[str]) -> None:
    state = new_deal("standard", seed=10)  # seat 1 bids with 6D TH JS QC: no king
    with PipeBot([*odd_bot, "illegal"]) as bot, pytest.raises(BotIllegalMoveError) as caught:
        bot.choose(observe(state, 1), legal_moves(state))
    error = caught.value
    assert (error.seat, error.rule) == (1, "R2.4")
    assert error.answer is not None and '"bid 13"' in error.answer
    assert "seat 1 bot" in str(error) and "holds no king" in str(error) and "(R2.4)" in str(error)


def test_r8_2_a_throw_that_could_take_is_refused_with_its_rule(odd_bot: list[str]) -> None:
    """R8.2: the standard game throws only a card that picks up nothing."""
    state = position(hand="9S 2D", loose="4H 5H")
    with PipeBot([*odd_bot, "throw"]) as bot, pytest.raises(BotIllegalMoveError) as caught:
        bot.choose(observe(state, state.to_move), legal_moves(state))
    assert caught.value.rule == "R8.2" and caught.value.seat == state.to_move


@pytest.mark.parametrize(
    ("mode", "words", "rule"),
    [
        ("garbage", "not a JSON object", f"{PROTOCOL} lines"),
        ("not-notation", "'fly 2C' is not move notation", "move notation"),
        ("error", "reports an error: 'cannot decide'", f"{PROTOCOL} error"),
    ],
)
def test_an_answer_that_is_no_move_is_a_typed_error(
    odd_bot: list[str], mode: str, words: str, rule: str
) -> None:
    state = new_deal("standard", seed=10)
    with PipeBot([*odd_bot, mode]) as bot:
        with pytest.raises(BotAnswerError) as caught:
            bot.choose(observe(state, 1), legal_moves(state))
        pid = bot.pid
    assert words in str(caught.value) and caught.value.rule == rule
    assert caught.value.seat == 1 and not isinstance(caught.value, BotIllegalMoveError)
    assert _reaped(pid)


def test_a_bot_that_does_not_answer_in_time_is_killed(odd_bot: list[str]) -> None:
    state = new_deal("standard", seed=10)
    bot = PipeBot([*odd_bot, "sleep"], timeout=0.5)
    with bot:
        started = time.monotonic()
        with pytest.raises(BotTimeoutError) as caught:
            bot.choose(observe(state, 1), legal_moves(state))
        assert time.monotonic() - started < 30
        assert not bot.running  # stopped at once, not at close
    assert "gave no move answer within 0.5 s" in str(caught.value)
    assert caught.value.seat == 1 and _reaped(bot.pid)


def test_a_slow_start_times_out_too(odd_bot: list[str]) -> None:
    bot = PipeBot([*odd_bot, "slow-hello"], start_timeout=0.5)
    with pytest.raises(BotTimeoutError, match="no hello answer"):
        bot.start()
    assert _reaped(bot.pid)
    bot.close()  # closing a stopped bot is harmless


def test_a_crashing_bot_is_reported_with_its_exit_status_and_last_words(
    odd_bot: list[str],
) -> None:
    state = new_deal("standard", seed=10)
    with PipeBot([*odd_bot, "crash"]) as bot:
        with pytest.raises(BotCrashedError) as caught:
            bot.choose(observe(state, 1), legal_moves(state))
        assert bot.returncode == 3
    message = str(caught.value)
    assert "exit status 3" in message and "something went wrong in the bot" in message
    assert _reaped(bot.pid)


def test_a_program_that_does_not_start_is_a_crash() -> None:
    with pytest.raises(BotCrashedError, match="could not start"):
        PipeBot(["/nonexistent/seep-bot"]).start()


def test_the_handshake_checks_the_protocol_version(odd_bot: list[str]) -> None:
    bot = PipeBot([*odd_bot, "old-protocol"])
    with pytest.raises(BotAnswerError, match="speaks 'seep-pipe/0', not 'seep-pipe/1'"):
        bot.start()
    bot.close()
    assert _reaped(bot.pid)


def test_a_bot_that_ignores_quit_is_killed_on_close(odd_bot: list[str]) -> None:
    bot = PipeBot([*odd_bot, "ignore-quit"], grace=0.3)
    bot.start()
    state = new_deal("standard", seed=10)
    assert bot.choose(observe(state, 1), legal_moves(state)) == legal_moves(state)[0]
    bot.close()
    assert bot.returncode is not None and bot.returncode < 0  # killed by a signal
    assert _reaped(bot.pid)


def test_a_forgotten_bot_is_stopped_when_collected() -> None:
    bot = PipeBot(GOOD).start()
    pid = bot.pid
    del bot
    import gc

    gc.collect()
    assert _reaped(pid)


def test_errors_survive_pickling_for_process_pools() -> None:
    import pickle

    error = BotIllegalMoveError("no", command="bot", seat=2, answer="x", rule="R4.3")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is BotIllegalMoveError and str(again) == str(error)
    assert (again.seat, again.rule, again.answer) == (2, "R4.3", "x")


def test_cmd_names_a_pipe_bot_in_make_bot_and_in_simulations() -> None:
    """``cmd:PROGRAM`` wherever a bot is named; simulations start and stop one per game."""
    bot = make_bot(GOOD_CMD, seed=3, timeout=5)
    assert isinstance(bot, PipeBot) and bot.timeout == 5 and not bot.running
    spec = MatchSpec(variant="standard-2p", bots=(GOOD_CMD, GreedyBot))
    results = simulate(spec, range(2))
    assert [r.deals for r in results] == [1, 1]
    assert results == simulate(spec, range(2))  # seeded through the hello


def test_seep_simulate_runs_a_pipe_bot_and_reports_a_bad_one(odd_bot: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    good = GOOD_CMD
    code = main(
        ["simulate", "--bots", f"greedy,{good}", "--games", "2", "--no-progress"],
        stdout=out,
        stderr=err,
    )
    assert code == 0, err.getvalue()
    lines = out.getvalue().splitlines()
    assert "greedy vs random-pipe" in lines[0]  # named by its hello, not its command
    assert lines[3].startswith("random-pipe ")
    out, err = io.StringIO(), io.StringIO()
    bad = f"cmd:{' '.join(odd_bot)} garbage"
    code = main(
        ["simulate", "--bots", f"{bad},greedy", "--games", "1", "--no-progress"],
        stdout=out,
        stderr=err,
    )
    assert code == 1
    assert re.search(r"seep simulate: seat [02] bot '.*odd_bot.py garbage'", err.getvalue())
    assert "'I play the ace of spades'" in err.getvalue()


def test_seep_play_seats_a_pipe_bot(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        [
            "play",
            "--variant",
            "taash-2p",
            "--seed",
            "3",
            "--deal",
            "--bot",
            GOOD_CMD,
            "--record",
            str(tmp_path / "game.txt"),
        ],
        stdin=io.StringIO("1\n" * 30),
        stdout=out,
        stderr=err,
    )
    assert code == 0, err.getvalue()
    assert "(random-pipe, opponent, team 1)" in out.getvalue()  # the name from its hello
    assert "Final: team 0" in out.getvalue()


def test_pipe_bot_errors_are_seep_errors() -> None:
    from seep.errors import SeepError

    assert issubclass(PipeBotError, SeepError) and issubclass(BotTimeoutError, TimeoutError)


def test_seep_play_starts_no_program_for_the_players_own_seat(tmp_path: Path) -> None:
    """Only the seats bots play start a program: two players, one program."""
    starts = tmp_path / "starts.txt"
    counting = tmp_path / "counting_bot.py"
    counting.write_text(
        "import os, runpy, sys\n"
        f"with open({str(starts)!r}, 'a') as file:\n"
        "    file.write(str(os.getpid()) + '\\n')\n"
        f"runpy.run_module({EXAMPLE!r}, run_name='__main__')\n",
        encoding="utf-8",
    )
    code = main(
        [
            "play",
            "--variant",
            "taash-2p",
            "--seed",
            "1",
            "--bot",
            f"cmd:{sys.executable} {counting}",
            "--record",
            str(tmp_path / "game.txt"),
        ],
        stdin=io.StringIO("1\nquit\n"),
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )
    assert code == 0
    pids = starts.read_text(encoding="utf-8").split()
    assert len(pids) == 1 and _reaped(int(pids[0]))

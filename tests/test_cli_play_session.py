"""``seep play`` as a person plays it: undo, Ctrl-C, short moves, the end-of-deal sweep."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from seep.cli import main
from seep.records import parse_record

# Seed 10, seat 1 against random bots: seat 1 bids, builds 6D 5S =11 (move 1), and then
# faces A♥ 2♥ 10♦ and a house of 11 with A♣ 3♥ 3♣ 4♠ 5♦ 7♥ 10♥ J♠ Q♥ Q♦ Q♣ in hand.
SESSION = ("play", "--seed", "10", "--seat", "1", "--bot", "random")


def play(record: Path, *lines: str, stdin: io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    given = stdin or io.StringIO("".join(line + "\n" for line in lines))
    code = main([*SESSION, "--record", str(record)], stdin=given, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def record_moves(path: Path) -> list[str]:
    return [
        str(move)
        for deal in parse_record(path.read_text(encoding="utf-8")).deals
        for move in deal.moves
    ]


def test_short_take_is_completed_and_shown_in_full(tmp_path: Path) -> None:
    """R4.1: 'take QC' names the one take of the queen: it is played, spelled out first."""
    code, out, _ = play(tmp_path / "g.txt", "bid 11", "1", "take QC", "quit")
    assert code == 0
    assert "That is: take Q♣ 2♥ 10♦\n  5. seat 1 (you, team 1): take Q♣ 2♥ 10♦" in out
    assert "R4.1" not in out
    assert "take QC 2H TD" in record_moves(tmp_path / "g.txt")


def test_short_text_that_fits_several_moves_lists_them_with_their_numbers(tmp_path: Path) -> None:
    code, out, _ = play(tmp_path / "g.txt", "bid 11", "1", "build 7H", "7h", "9", "quit")
    assert code == 0
    assert (
        "'build 7H' fits 2 moves:\n"
        "    8) build 7♥ A♥ 2♥ =10\n"
        "    9) build 7♥ A♥ 2♥ 10♦ =10\n"
        "Type a number, or more of the move.\n"
    ) in out
    assert "'7h' fits 3 moves:" in out and "   10) throw 7♥" in out
    assert "  5. seat 1 (you, team 1): build 7♥ A♥ 2♥ 10♦ =10" in out


def test_r3_1_text_no_legal_move_fits_is_refused_with_the_rule(tmp_path: Path) -> None:
    _, out, _ = play(tmp_path / "g.txt", "bid 11", "1", "raise 4S", "throw QC", "quit")
    assert "Illegal: R3.1: no legal move fits 'raise 4S'" in out
    assert "Illegal: R8." in out  # a whole move keeps the rule it breaks


def test_undo_takes_back_your_move_and_the_bots_replies(tmp_path: Path) -> None:
    record = tmp_path / "g.txt"
    code, out, _ = play(record, "bid 11", "1", "take QC", "undo", "take QD", "quit")
    assert code == 0
    assert (
        "Taken back: seat 1 (you) take Q♣ 2♥ 10♦; seat 2 (random, opponent) take J♥ #11; "
        "seat 3 (random, partner) throw Q♠; seat 0 (random, opponent) throw 8♦"
    ) in out
    moves = record_moves(record)
    assert "take QC 2H TD" not in moves and "take QD 2H TD" in moves


def test_undo_of_the_bid_and_with_nothing_to_undo(tmp_path: Path) -> None:
    _, out, _ = play(tmp_path / "g.txt", "undo", "bid 11", "undo", "bid 12", "quit")
    assert "Nothing to undo: you have not moved in this deal (a finished deal stands)." in out
    assert "Taken back: seat 1 (you) bid 11" in out
    assert record_moves(tmp_path / "g.txt") == ["bid 12"]


def test_undo_does_not_reach_into_a_finished_deal(tmp_path: Path) -> None:
    """A scored deal stands: at your first turn of the next deal there is nothing to undo."""
    code, out, _ = play(tmp_path / "g.txt", *(["1"] * 13), "undo", "quit")
    assert code == 0
    second = out.index("Deal 2: ")
    assert "Taken back" not in out
    assert "Nothing to undo: you have not moved in this deal" in out[second:]
    assert len(record_moves(tmp_path / "g.txt")) == 49  # deal 1 whole: the bid and 48 cards


class _InterruptedInput(io.StringIO):
    """Standard input where the person presses Ctrl-C after the given lines."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_saves_the_record_like_quit(tmp_path: Path) -> None:
    record = tmp_path / "g.txt"
    code, out, err = play(record, stdin=_InterruptedInput("bid 11\n1\n"))
    assert code == 0 and err == ""
    assert "Interrupted: game stopped." in out
    assert f"Record saved to {record}" in out
    assert record_moves(record)[:2] == ["bid 11", "build 6D 5S =11"]


def test_ctrl_c_before_any_move_saves_nothing(tmp_path: Path) -> None:
    code, out, _ = play(tmp_path / "g.txt", stdin=_InterruptedInput(""))
    assert code == 0 and "No move was played: no record saved." in out
    assert not (tmp_path / "g.txt").exists()


def test_r9_2_play_shows_the_end_of_deal_sweep(tmp_path: Path) -> None:
    code, out, _ = play(tmp_path / "g.txt", *(["1"] * 14), "quit")
    assert code == 0
    lines = out.splitlines()
    sweep = next(i for i, line in enumerate(lines) if "the floor left" in line)
    assert lines[sweep - 1].startswith(" 48. ")
    assert "picked up last): +" in lines[sweep]


def test_sigint_in_a_real_terminal_session_saves_and_shows_no_traceback(tmp_path: Path) -> None:
    """The process itself: a real SIGINT at the prompt, as Ctrl-C sends it."""
    record = tmp_path / "g.txt"
    process = subprocess.Popen(
        [sys.executable, "-m", "seep", *SESSION, "--record", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")},
    )
    assert process.stdin is not None and process.stdout is not None
    seen: list[str] = []
    reader = threading.Thread(target=lambda: seen.extend(iter(lambda: process.stdout.read(1), "")))  # type: ignore[union-attr]
    reader.start()
    process.stdin.write("bid 11\n")
    process.stdin.flush()
    deadline = time.monotonic() + 60
    while "".join(seen).count("Your move") < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)
    reader.join(timeout=10)
    assert process.stderr is not None
    err = process.stderr.read()
    process.stdin.close()
    process.stderr.close()
    process.stdout.close()
    assert "Traceback" not in err and err == ""
    assert process.returncode == 0
    assert "Interrupted: game stopped." in "".join(seen)
    assert record_moves(record) == ["bid 11"]

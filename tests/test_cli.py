"""The ``seep`` command line: every command driven in-process, ``seep play`` by a script."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from seep import apply_move, legal_moves, new_deal, parse_move, state_to_dict
from seep.baazi import apply_baazi_move, baazi_to_dict, new_baazi
from seep.cli import main
from seep.testing import position
from seep.views import observe


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
    assert "Final: team 0: card pts" in out
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
    assert code == 2 and "argument --bots: two bots" in err and err.count("\n") == 1


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


# seep show ---------------------------------------------------------------


def _played_record(tmp_path: Path, *args: str) -> Path:
    record = tmp_path / "deal.txt"
    code, _, _ = run(
        "play", "--seed", "2", "--deal", "--record", str(record), *args, stdin="1\n" * 60
    )
    assert code == 0
    return record


def test_play_one_deal_writes_a_deal_record(tmp_path: Path) -> None:
    """``--deal`` records one deal: ``[Kind "deal"]``, which loads and verifies."""
    from seep.records import load_record

    path = _played_record(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert '[Kind "deal"]' in text and '[Kind "baazi"]' not in text
    record = load_record(path)
    assert record.kind == "deal" and len(record.deals) == 1 and record.tag("Seed") == "2"


def test_play_records_who_played_each_seat_and_the_date(tmp_path: Path) -> None:
    """The record names the bots and the human seat (``Seats``) and the day (``Date``, YYYY.MM.DD)."""
    import datetime

    from seep.records import load_record

    record = load_record(_played_record(tmp_path, "--seat", "2", "--bot", "random,greedy"))
    assert record.tag("Seats") == "random, greedy, human, greedy"
    assert record.tag("Date") == datetime.date.today().strftime("%Y.%m.%d")


def test_show_lists_every_move_of_a_record(tmp_path: Path) -> None:
    """R9: a record is shown move by move, as ``seep demo`` prints them, then the final state."""
    code, out, _ = run("show", str(_played_record(tmp_path)))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Deal 1: dealer seat 0, first to play seat 1")
    assert lines[0].endswith("; 49 moves")
    assert lines[1].startswith("  -  seat 1 (greedy, team 1): bid ")  # named by the Seats tag
    assert lines[2].startswith("  1. seat 1 (greedy, team 1): ")
    assert any(line.startswith(" 48. seat 0 (human, team 0): ") for line in lines)
    assert "Final: team 0: card pts" in out and out.count("phase:") == 1
    assert "Result: " in out


def test_show_step_shows_the_state_after_each_move(tmp_path: Path) -> None:
    code, out, _ = run("show", "--step", str(_played_record(tmp_path)))
    assert code == 0
    assert out.count("     | standard  play ") == 49  # after the bid and each of the 48 plays
    after_bid = out.splitlines()[2]
    assert after_bid.startswith("     | standard  play 0/48") and "bid " in after_bid


def test_show_names_the_seats_of_a_record(tmp_path: Path) -> None:
    from seep.records import format_record, record_from_deal

    start = new_deal("standard", seed=10)
    record = record_from_deal(
        start, [legal_moves(start)[0]], tags={"Seats": "Asha, Bilal, Chandra, Dev"}
    )
    path = tmp_path / "named.txt"
    path.write_text(format_record(record), encoding="utf-8")
    code, out, _ = run("show", str(path))
    assert code == 0 and "  -  seat 1 (Bilal, team 1): bid 10" in out


# seep play: records never overwrite ----------------------------------------


def test_play_never_overwrites_the_default_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without ``--record`` the record goes to seep-game.txt, or the next free name."""
    monkeypatch.chdir(tmp_path)
    old = tmp_path / "seep-game.txt"
    old.write_text("an old game\n", encoding="utf-8")
    code, out, _ = run("play", "--seed", "4", stdin="1\n1\nquit\n")
    assert code == 0 and "Record saved to seep-game-2.txt" in out
    assert old.read_text(encoding="utf-8") == "an old game\n"
    code, out, _ = run("play", "--seed", "4", stdin="1\nquit\n")
    assert "Record saved to seep-game-3.txt" in out
    assert '[Kind "baazi"]' in (tmp_path / "seep-game-3.txt").read_text(encoding="utf-8")


def test_play_refuses_an_existing_record_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("keep me\n", encoding="utf-8")
    code, out, err = run("play", "--record", str(path), stdin="1\n")
    assert code == 2 and "exists" in err and "nothing is overwritten" in err and out == ""
    assert path.read_text(encoding="utf-8") == "keep me\n"


def test_play_quit_before_any_move_saves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("play", "--seed", "10", "--seat", "1", stdin="quit\n")
    assert code == 0 and "no record saved" in out and list(tmp_path.iterdir()) == []


# seep play: what a person sees ---------------------------------------------


def test_play_help_explains_build_values_and_houses(tmp_path: Path) -> None:
    _, out, _ = run(
        "play", "--seed", "10", "--seat", "1", "--record", str(tmp_path / "r.txt"), stdin="quit\n"
    )
    assert "'=9' is the value of the house a build makes" in out
    assert "'#9' names a house on the floor by its value" in out


def test_r11_2_taash_play_shows_no_bid_before_the_opening_house(tmp_path: Path) -> None:
    """R11.2: taash has no bid phase; the view shows no ``bid -``, seats named from your side."""
    code, out, _ = run(
        "play",
        "--variant",
        "taash",
        "--seed",
        "3",
        "--seat",
        "1",
        "--record",
        str(tmp_path / "r.txt"),
        stdin="quit\n",
    )
    assert code == 0
    first_view = out.split("\n\n")[2] if "\n\n" in out else out
    assert "bid -" not in out
    assert "taash  play 0/48  dealer seat 0  to move: you" in out
    assert "seat 1 (you): 4  seat 2 (opponent): 4  seat 3 (partner): 4" in out, first_view


def test_r1_4_house_owners_are_named_from_the_players_side() -> None:
    """R1.4: partners sit opposite; the view names owners you, partner, opponent seat N."""
    from seep.render import view_text

    state = position(hand="9S 4H", loose="5C", houses=[(9, "4S 5H", [1]), (10, "6S 4C", [2])])
    text = view_text(observe(state, 0), relative=True)
    assert "[9 open: 4♠ 5♥, owner opponent seat 1]" in text
    assert "[10 open: 4♣ 6♠, owner partner]" in text
    assert "owner seat 1" in view_text(observe(state, 0))  # the plain view is unchanged
    assert "[10 open: 4♣ 6♠, owner opponent seat 2]" in view_text(observe(state, 1), relative=True)


def test_r4_5_hints_warn_of_a_seep_left_for_the_next_player() -> None:
    """R4.5: throwing 2♦ leaves 4♥ 5♥ 2♦ = 11, which a jack the player has not seen sweeps."""
    from seep._players.terminal import _seep_warning

    state = position(hand="9S 2D", loose="4H 5H", hands={1: "JC 3C"})
    view = observe(state, 0)
    assert "JC" in str(view.unseen)  # seat 0 has not seen the jack
    throw, take = parse_move("throw 2D"), parse_move("take 9S 4H 5H")
    assert _seep_warning(state, throw, view) == "   (leaves a seep: a jack would sweep)"
    assert _seep_warning(state, take, view) == ""


def test_play_hints_mark_moves_in_the_list(tmp_path: Path) -> None:
    code, out, _ = run(
        "play",
        "--seed",
        "2",
        "--deal",
        "--hints",
        "--record",
        str(tmp_path / "r.txt"),
        stdin="1\n" * 60,
    )
    assert code == 0 and "(leaves a seep: " in out
    _, plain, _ = run(
        "play", "--seed", "2", "--deal", "--record", str(tmp_path / "s.txt"), stdin="1\n" * 60
    )
    assert "(leaves a seep: " not in plain


def test_play_labels_bots_as_partner_or_opponent(tmp_path: Path) -> None:
    _, out, _ = run(
        "play", "--seed", "2", "--deal", "--record", str(tmp_path / "r.txt"), stdin="1\n" * 60
    )
    assert "seat 2 (greedy, partner, team 0)" in out and "seat 1 (greedy, opponent, team 1)" in out


# any bot, by import path ---------------------------------------------------


def test_simulate_takes_a_bot_by_import_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``module:attr`` names a Bot class or factory in an importable module (the folder counts)."""
    (tmp_path / "my_seep_bots.py").write_text(
        "from seep.bots import GreedyBot\n"
        "class Eager(GreedyBot):\n"
        "    name = 'eager'\n"
        "def lazy(seed=None):\n"
        "    return Eager(seed=seed)\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    code, out, err = run(
        "simulate",
        "--bots",
        "my_seep_bots:Eager,my_seep_bots:lazy",
        "--games",
        "2",
        "--no-progress",
    )
    assert code == 0, err
    assert out.splitlines()[2].startswith("my_seep_bots:Eager ")
    code, _, err = run("simulate", "--bots", "my_seep_bots:Nothing,greedy", "--games", "1")
    assert code == 2 and "'my_seep_bots' has no 'Nothing'" in err
    code, _, err = run("demo", "--bots", "fast", "--quiet")
    assert code == 2 and "unknown bot 'fast'" in err


def test_simulate_takes_bot_factories_and_instances() -> None:
    """seep.sim: a MatchSpec seats classes, factories and bot instances as well as names."""
    from seep.bots import GreedyBot, RandomBot
    from seep.sim import MatchSpec, simulate

    by_name = simulate(MatchSpec(bots=("greedy", "random") * 2), range(3))
    by_class = simulate(MatchSpec(bots=(GreedyBot, RandomBot) * 2), range(3))
    by_factory = simulate(
        MatchSpec(bots=(lambda seed: GreedyBot(seed=seed), "random") * 2), range(3)
    )
    assert by_name == by_class == by_factory
    fixed = RandomBot(seed=1)
    results = simulate(MatchSpec(bots=("greedy", fixed, "greedy", fixed)), range(2))
    assert all(r.deals == 1 for r in results)

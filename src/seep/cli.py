"""The ``seep`` command line: ``demo``, ``play``, ``simulate`` and ``show``.

Standard library only (argparse); every command writes to the streams it is
given, so tests drive it in-process.

>>> main(["demo", "--seed", "3", "--quiet"])
0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import IO, Any

from seep._documents import load_json, read_text
from seep._excerpt import excerpt
from seep.baazi import Baazi, apply_baazi_move, baazi_from_dict, new_baazi
from seep.bots import Bot, make_bot, play_baazi
from seep.errors import IllegalMoveError, InputError, NotationError, SeepError
from seep.moves import Bid, Move, Take
from seep.notation import parse_move
from seep.render import cards_text, move_text, render_sheet, render_state, render_view
from seep.rules import check_move, legal_moves
from seep.serialization import state_from_dict
from seep.sim import GameResult, MatchSpec, simulate, summarize
from seep.state import State
from seep.variants import get_variant, variant_names
from seep.views import observe

__all__ = ["main"]


def _bots_for(kinds: str, players: int, seed: int | None, iterations: int) -> list[Bot]:
    names = [k.strip() for k in kinds.split(",") if k.strip()] or ["greedy"]
    bots = []
    for seat in range(players):
        kind = names[seat % len(names)]
        options: dict[str, float] = {"iterations": iterations} if kind == "search" else {}
        bots.append(make_bot(kind, seed=None if seed is None else seed * 16 + seat, **options))
    return bots


def _move_line(state: State, move: Move, after: State, names: Sequence[str]) -> str:
    seat = state.to_move
    assert seat is not None
    who = f"seat {seat} ({names[seat]}, team {state.team_of(seat)})"
    if isinstance(move, Bid):
        return f"  -  {who}: bid {move.value}; the floor turns up: {cards_text(after.loose)}"
    line = f"{after.plays:>3}. {who}: {move_text(move)}"
    if isinstance(move, Take) and len(after.seeps) > len(state.seeps):
        line += f"   SEEP! +{after.seeps[-1].points}"
    return line


def _deal_header(state: State) -> str:
    redeals = (
        f" (after {state.redeals} redeal{'s' if state.redeals != 1 else ''})"
        if state.redeals
        else ""
    )
    return f"dealer seat {state.dealer}, first to play seat {state.bidder}{redeals}"


def _demo(args: argparse.Namespace, out: IO[str]) -> int:
    variant = get_variant(args.variant)
    bots = _bots_for(args.bots, variant.players, args.seed, args.iterations)
    names = [bot.name for bot in bots]
    match = new_baazi(variant, seed=args.seed, first_dealer=args.dealer)

    def say(text: str = "") -> None:
        if not args.quiet:
            print(text, file=out)

    say(f"Seep baazi, variant {variant.name}, seed {args.seed}")
    say("Seats: " + ", ".join(f"{s}: {n} (team {variant.team_of(s)})" for s, n in enumerate(names)))
    say()
    say(f"Deal 1: {_deal_header(match.state)}")

    def on_move(state: State, move: Move, after: State) -> None:
        say(_move_line(state, move, after, names))

    def on_deal(done: Baazi) -> None:
        row = done.sheet[-1]
        say(
            f"Deal {row.deal} over: team 0 {row.cards[0]} + {row.seeps[0]} seeps = {row.totals[0]}, "
            f"team 1 {row.cards[1]} + {row.seeps[1]} seeps = {row.totals[1]}"
        )
        say(render_sheet(done.sheet))
        say()
        if not done.is_over:
            say(f"Deal {len(done.deals)}: {_deal_header(done.state)}")

    match = play_baazi(match, bots, on_move=on_move, on_deal=on_deal)
    winner = "a draw" if match.winner is None else f"team {match.winner} wins"
    say(f"Baazi over after {len(match.sheet)} deal(s): {winner} ({match.reason}).")
    return 0


def _prompt(inp: IO[str], out: IO[str], text: str) -> str | None:
    print(text, end="", file=out, flush=True)
    line = inp.readline()
    if not inp.isatty():
        print(line.rstrip("\n"), file=out)  # echo scripted input so the transcript reads well
    if not line:
        return None
    return line.strip()


_HELP = (
    "Enter a move number, or a move in notation (take 7S 3H 4D, build 5H 4C =9, "
    "raise 2C #9, throw 7C, bid 11).\n"
    "Commands: 'moves' lists every legal move, 'help' shows this, 'quit' stops the game."
)


def _choose_human(
    state: State, seat: int, inp: IO[str], out: IO[str], limit: int = 40
) -> Move | None:
    view = observe(state, seat)
    print(file=out)
    print(render_view(view), file=out)
    moves = legal_moves(state)
    shown = moves if len(moves) <= limit else moves[:limit]
    print("Legal moves:", file=out)
    for number, move in enumerate(shown, 1):
        print(f"  {number:>3}) {move_text(move)}", file=out)
    if len(moves) > limit:
        print(
            f"  ... {len(moves) - limit} more: type 'moves' to list all, or a move in notation",
            file=out,
        )
    while True:
        text = _prompt(inp, out, f"Your move (seat {seat}): ")
        if text is None or text.lower() in ("quit", "exit", "q"):
            return None
        if not text:
            continue
        if text.lower() in ("help", "?"):
            print(_HELP, file=out)
            continue
        if text.lower() in ("moves", "all"):
            for number, move in enumerate(moves, 1):
                print(f"  {number:>3}) {move_text(move)}", file=out)
            continue
        if text.isascii() and text.isdigit():  # not '¹', which int() refuses
            number = int(text) if len(text) <= 9 else 0
            if 1 <= number <= len(moves):
                return moves[number - 1]
            print(f"There is no move {number}: choose 1 to {len(moves)}.", file=out)
            continue
        try:
            move = parse_move(text)
        except NotationError as error:
            print(f"Not understood: {error}. Type 'help' for the notation.", file=out)
            continue
        if move in moves:
            return move
        try:
            check_move(state, move)
        except IllegalMoveError as error:
            print(f"Illegal: {error}", file=out)
            continue
        return move  # pragma: no cover  (check_move and legal_moves agree)


def _play(args: argparse.Namespace, inp: IO[str], out: IO[str]) -> int:
    variant = get_variant(args.variant)
    if not 0 <= args.seat < variant.players:
        print(f"--seat must be 0..{variant.players - 1}", file=out)
        return 2
    bots = _bots_for(args.bot, variant.players, args.seed, args.iterations)
    names = [bot.name for bot in bots]
    names[args.seat] = "you"
    match = new_baazi(variant, seed=args.seed, first_dealer=args.dealer)
    print(
        f"Seep, {variant.name}. You are seat {args.seat}, team {variant.team_of(args.seat)}.",
        file=out,
    )
    print(_HELP, file=out)
    deals_wanted = 1 if args.deal else None
    print(f"\nDeal 1: {_deal_header(match.state)}", file=out)
    while not match.is_over:
        state = match.state
        seat = state.to_move
        assert seat is not None
        if seat == args.seat:
            move = _choose_human(state, seat, inp, out)
            if move is None:
                print("Game stopped.", file=out)
                break
        else:
            move = bots[seat].choose(observe(state, seat), legal_moves(state))
        index = len(match.deals) - 1
        match = apply_baazi_move(match, move)
        print(_move_line(state, move, match.deals[index].state, names), file=out)
        if match.deals[index].state.is_over:
            print(render_state(match.deals[index].state), file=out)
            print(render_sheet(match.sheet), file=out)
            if deals_wanted is not None and len(match.sheet) >= deals_wanted:
                break
            if not match.is_over:
                print(f"\nDeal {len(match.deals)}: {_deal_header(match.state)}", file=out)
    if match.is_over:
        winner = "a draw" if match.winner is None else f"team {match.winner} wins"
        print(f"Baazi over: {winner} ({match.reason}).", file=out)
    path = Path(args.record)
    _save_match(match, path)
    print(f"Record saved to {path}", file=out)
    return 0


def _save_match(match: Baazi, path: Path) -> None:
    try:
        from seep.records import format_record, record_from_baazi
    except ImportError:  # pragma: no cover
        from seep.baazi import baazi_to_dict

        path.write_text(json.dumps(baazi_to_dict(match), indent=1), encoding="utf-8")
        return
    path.write_text(format_record(record_from_baazi(match)), encoding="utf-8")


class _Progress:
    """A text progress bar on a stream (standard error by default)."""

    def __init__(self, total: int, stream: IO[str], enabled: bool) -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.enabled = enabled

    def __call__(self, result: GameResult) -> None:
        self.done += 1
        if not self.enabled:
            return
        width = 30
        filled = width * self.done // max(self.total, 1)
        bar = "#" * filled + "." * (width - filled)
        end = "\n" if self.done == self.total else ""
        print(f"\r[{bar}] {self.done}/{self.total}", end=end, file=self.stream, flush=True)


def _simulate(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    variant = get_variant(args.variant)
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    if len(kinds) != 2:
        print("--bots takes two bot kinds, e.g. search,greedy", file=err)
        return 2
    seats = tuple(kinds[seat % 2] for seat in range(variant.players))
    options = tuple(
        (("iterations", float(args.iterations)),) if kind == "search" else () for kind in seats
    )
    spec = MatchSpec(variant=variant.name, bots=seats, options=options, mode=args.mode)
    progress = _Progress(args.games, err, not args.no_progress)
    with contextlib.ExitStack() as stack:
        executor: Executor | None = None
        if args.scheduler:
            from seep.sim import dask_executor

            try:
                executor = stack.enter_context(dask_executor(args.scheduler))
            except ImportError as error:
                print(f"seep simulate: {error}", file=err)
                return 2
            except OSError as error:
                print(f"seep simulate: no Dask scheduler at {args.scheduler}: {error}", file=err)
                return 1
        elif args.workers and args.workers > 1:
            from concurrent.futures import ProcessPoolExecutor

            executor = stack.enter_context(ProcessPoolExecutor(max_workers=args.workers))
        results = simulate(
            spec,
            range(args.seed, args.seed + args.games),
            executor=executor,
            alternate=True,
            progress=progress,
        )
    first = summarize(results)
    second = summarize(results, side_of=lambda r: 0 if r.swapped else 1)
    unit = "deal" if args.mode == "deal" else "baazi"
    print(
        f"{args.games} {unit}s of {variant.name}, {kinds[0]} vs {kinds[1]}, seats alternating, "
        f"seeds {args.seed}..{args.seed + args.games - 1}",
        file=out,
    )
    header = f"{'bot':<10}{'wins':>6}{'draws':>7}{'win rate (95% CI)':>26}{'pts/deal':>10}{'margin/deal (95% CI)':>28}{'seeps/deal':>12}"
    print(header, file=out)
    for kind, summary in zip(kinds, (first, second), strict=True):
        low, high = summary.win_rate_ci
        mlow, mhigh = summary.margin_ci
        print(
            f"{kind:<10}{summary.wins:>6}{summary.draws:>7}"
            f"{f'{summary.win_rate:.3f} ({low:.3f}-{high:.3f})':>26}"
            f"{summary.mean_points:>10.1f}"
            f"{f'{summary.mean_margin:+.1f} ({mlow:+.1f} to {mhigh:+.1f})':>28}"
            f"{summary.seeps_per_deal:>12.3f}",
            file=out,
        )
    return 0


def _load_any(path: Path) -> tuple[str, Any]:
    text = read_text(path)
    try:
        doc = load_json(text)
    except json.JSONDecodeError as error:
        if _looks_like_json(text):
            raise InputError(
                f"not JSON: {error.msg} (column {error.colno})", line=error.lineno
            ) from None
        from seep.records import parse_record

        return "record", parse_record(text)
    if not isinstance(doc, dict):
        raise InputError("not a seep document: a JSON document is an object", field="document")
    kind = doc.get("format", "seep-state/1")
    if not isinstance(kind, str):
        raise InputError(f"a format is a string, not {excerpt(kind)}", field="format")
    if kind.startswith("seep-baazi"):
        return "baazi", baazi_from_dict(doc)
    if kind.startswith("seep-record"):
        from seep.records import record_from_dict

        return "record", record_from_dict(doc)
    return "state", state_from_dict(doc)


def _looks_like_json(text: str) -> bool:
    """True when ``text`` opens as a JSON object or list would, not as a record (tags, comments)."""
    start = text.lstrip()
    opening, after = start[:1], start[1:].lstrip()[:1]
    if opening == "[":
        return not after.isalpha()  # a record opens with a tag: '[Format'
    return opening == "{" and after in ('"', "}")  # a record's comment rarely opens '{"'


def _show(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    try:
        kind, value = _load_any(Path(args.file))
    except (OSError, SeepError, ValueError) as error:  # ValueError: UnicodeError from the OS
        print(f"seep show: {args.file}: {_one_line(str(error))}", file=err)
        return 1
    if kind == "state":
        print(render_state(value), file=out)
    elif kind == "baazi":
        for record in value.deals:
            print(render_state(record.state), file=out)
            print(file=out)
        print(render_sheet(value.sheet), file=out)
        if value.is_over:
            print(f"Result: {value.reason}", file=out)
    else:
        from seep.records import replay

        for number, states in enumerate(replay(value), 1):
            print(f"Deal {number}: {len(states) - 1} moves", file=out)
            print(render_state(states[-1]), file=out)
            print(file=out)
    return 0


def _one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line of at most ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="seep", description="Seep rules engine: play, watch and simulate."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    variants = variant_names()

    demo = commands.add_parser("demo", help="bots play a full baazi, every move printed")
    demo.add_argument("--variant", default="standard", choices=variants)
    demo.add_argument("--seed", type=int, default=None, help="seed for the deals and the bots")
    demo.add_argument(
        "--bots", default="greedy", help="bot kinds by seat, comma-separated (cycled)"
    )
    demo.add_argument("--dealer", type=int, default=0, help="first dealer")
    demo.add_argument("--iterations", type=int, default=300, help="search bot iterations per move")
    demo.add_argument("--quiet", action="store_true", help="play without printing")

    play = commands.add_parser("play", help="play against bots in the terminal")
    play.add_argument("--variant", default="standard", choices=variants)
    play.add_argument("--seat", type=int, default=0, help="your seat")
    play.add_argument("--bot", default="greedy", help="bot kind(s) for the other seats")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--dealer", type=int, default=0)
    play.add_argument("--iterations", type=int, default=300, help="search bot iterations per move")
    play.add_argument("--deal", action="store_true", help="play one deal instead of a baazi")
    play.add_argument("--record", default="seep-game.txt", help="where to save the game record")

    sim = commands.add_parser("simulate", help="many games between two bot kinds")
    sim.add_argument("--variant", default="standard", choices=variants)
    sim.add_argument("--bots", default="greedy,random", help="two bot kinds, e.g. search,greedy")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--mode", choices=("deal", "baazi"), default="deal")
    sim.add_argument("--iterations", type=int, default=300, help="search bot iterations per move")
    where = sim.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, help="local processes")
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the games on a Dask cluster (tcp://host:8786); needs the dask extra",
    )
    sim.add_argument("--no-progress", action="store_true")

    show = commands.add_parser("show", help="render a state, baazi or record file")
    show.add_argument("file")
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run the command line; returns the exit status."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    args = _parser().parse_args(argv)
    if args.command == "demo":
        return _demo(args, out)
    if args.command == "play":
        return _play(args, inp, out)
    if args.command == "simulate":
        return _simulate(args, out, err)
    return _show(args, out, err)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""The ``seep`` command line: ``demo``, ``play``, ``simulate`` and ``show``.

Standard library only (argparse); every command writes to the streams it is
given, so tests drive it in-process.

>>> from seep.cli import main
>>> main(["demo", "--seed", "3", "--quiet"])
0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import IO, Any

from seep._cli_play import DEFAULT_RECORD, deal_header, move_line, play
from seep._documents import load_json, read_text
from seep._excerpt import excerpt
from seep.baazi import Baazi, baazi_from_dict, new_baazi
from seep.bots import Bot, make_bot, play_baazi
from seep.errors import InputError, SeepError
from seep.moves import Move
from seep.pipe import PipeBot, PipeBotError
from seep.records import Record
from seep.render import render_sheet, render_state
from seep.serialization import state_from_dict
from seep.sim import GameResult, MatchSpec, simulate, summarize
from seep.state import State
from seep.variants import Variant, get_variant, variant_names

__all__ = ["main"]


def _bot_specs(kinds: str) -> list[str]:
    """The comma-separated bot specs of ``--bots`` (a ``cmd:`` command holds no comma)."""
    return [k.strip() for k in kinds.split(",") if k.strip()]


def _bot_options(kind: str, args: argparse.Namespace) -> dict[str, float]:
    """The command-line options a bot of ``kind`` takes: search iterations, a pipe's time limit."""
    if kind == "search":
        return {"iterations": float(args.iterations)}
    if kind.startswith("cmd:"):
        return {"timeout": float(args.timeout)}
    return {}


def _bots_for(
    kinds: str,
    players: int,
    seed: int | None,
    args: argparse.Namespace,
    stack: contextlib.ExitStack,
    human: int | None = None,
) -> list[Bot]:
    """One bot per seat, the specs cycled; bots that hold a program are closed with ``stack``.

    The program of the ``human`` seat's bot is never started.
    """
    names = _bot_specs(kinds) or ["greedy"]
    here = os.getcwd()
    if here not in sys.path and any(":" in n and not n.startswith("cmd:") for n in names):
        sys.path.insert(0, here)  # module:attr in this folder, as ``python -m`` finds it
    bots = []
    for seat in range(players):
        kind = names[seat % len(names)]
        bot = make_bot(
            kind, seed=None if seed is None else seed * 16 + seat, **_bot_options(kind, args)
        )
        if isinstance(bot, PipeBot) and seat != human:
            stack.callback(bot.close)
            bot.start()  # now: its name is known, and a bad start shows at once
        bots.append(bot)
    return bots


def _with_bots(
    command: str,
    kinds: str,
    variant: Variant,
    args: argparse.Namespace,
    err: IO[str],
    run: Callable[[list[Bot]], int],
    human: int | None = None,
) -> int:
    """``run(bots)``, the bots made from ``kinds`` and stopped after; a failing bot ends it in one line."""
    with contextlib.ExitStack() as stack:
        try:
            bots = _bots_for(kinds, variant.players, args.seed, args, stack, human)
        except PipeBotError as error:
            print(f"seep {command}: {error}", file=err)
            return 1
        except (ValueError, TypeError) as error:  # an unknown bot, a bad import path
            print(f"seep {command}: {error}", file=err)
            return 2
        try:
            return run(bots)
        except PipeBotError as error:
            print(f"seep {command}: {error}", file=err)
            return 1


def _demo(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    variant = get_variant(args.variant)
    return _with_bots(
        "demo", args.bots, variant, args, err, lambda b: _watch(args, variant, b, out)
    )


def _watch(args: argparse.Namespace, variant: Variant, bots: Sequence[Bot], out: IO[str]) -> int:
    names = [bot.name for bot in bots]
    match = new_baazi(variant, seed=args.seed, first_dealer=args.dealer)

    def say(text: str = "") -> None:
        if not args.quiet:
            print(text, file=out)

    say(f"Seep baazi, variant {variant.name}, seed {args.seed}")
    say("Seats: " + ", ".join(f"{s}: {n} (team {variant.team_of(s)})" for s, n in enumerate(names)))
    say()
    say(f"Deal 1: {deal_header(match.state)}")

    def on_move(state: State, move: Move, after: State) -> None:
        say(move_line(state, move, after, names))

    def on_deal(done: Baazi) -> None:
        row = done.sheet[-1]
        say(
            f"Deal {row.deal} over: team 0 {row.cards[0]} + {row.seeps[0]} seeps = {row.totals[0]}, "
            f"team 1 {row.cards[1]} + {row.seeps[1]} seeps = {row.totals[1]}"
        )
        say(render_sheet(done.sheet))
        say()
        if not done.is_over:
            say(f"Deal {len(done.deals)}: {deal_header(done.state)}")

    match = play_baazi(match, bots, on_move=on_move, on_deal=on_deal)
    winner = "a draw" if match.winner is None else f"team {match.winner} wins"
    say(f"Baazi over after {len(match.sheet)} deal(s): {winner} ({match.reason}).")
    return 0


def _play(args: argparse.Namespace, inp: IO[str], out: IO[str], err: IO[str]) -> int:
    variant = get_variant(args.variant)
    if not 0 <= args.seat < variant.players:
        print(f"seep play: --seat must be 0..{variant.players - 1}", file=err)
        return 2
    if args.record and Path(args.record).exists():
        print(
            f"seep play: {args.record} exists; give another --record (nothing is overwritten)",
            file=err,
        )
        return 2
    return _with_bots(
        "play",
        args.bot,
        variant,
        args,
        err,
        lambda b: play(args, variant, b, inp, out),
        human=args.seat,
    )


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
    kinds = _bot_specs(args.bots)
    if len(kinds) != 2:
        print("seep simulate: --bots takes two bots, e.g. search,greedy", file=err)
        return 2
    try:
        for kind in kinds:
            if not kind.startswith("cmd:"):
                _bots_for(kind, 1, 0, args, contextlib.ExitStack())  # a bad name fails here
    except (ValueError, TypeError) as error:
        print(f"seep simulate: {error}", file=err)
        return 2
    seats = tuple(kinds[seat % 2] for seat in range(variant.players))
    options = tuple(tuple(sorted(_bot_options(kind, args).items())) for kind in seats)
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
        try:
            results = simulate(
                spec,
                range(args.seed, args.seed + args.games),
                executor=executor,
                alternate=True,
                progress=progress,
            )
        except PipeBotError as error:
            print(f"\nseep simulate: {error}", file=err)
            return 1
    first = summarize(results)
    second = summarize(results, side_of=lambda r: 0 if r.swapped else 1)
    unit = "deal" if args.mode == "deal" else "baazi"
    print(
        f"{args.games} {unit}s of {variant.name}, {kinds[0]} vs {kinds[1]}, seats alternating, "
        f"seeds {args.seed}..{args.seed + args.games - 1}",
        file=out,
    )
    width = max(10, *(len(kind) + 2 for kind in kinds))
    header = f"{'bot':<{width}}{'wins':>6}{'draws':>7}{'win rate (95% CI)':>26}{'pts/deal':>10}{'margin/deal (95% CI)':>28}{'seeps/deal':>12}"
    print(header, file=out)
    for kind, summary in zip(kinds, (first, second), strict=True):
        low, high = summary.win_rate_ci
        mlow, mhigh = summary.margin_ci
        print(
            f"{kind:<{width}}{summary.wins:>6}{summary.draws:>7}"
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


def _write_svg(path: Path, kind: str, value: Any) -> None:
    """``seep show --svg``: the picture of the state, or of a baazi's or record's last state."""
    from seep.svg import state_svg

    if kind == "baazi":
        value = value.state
    elif kind == "record":
        from seep.records import replay

        deals = replay(value)
        if not deals:
            raise SeepError("the record holds no deal to draw")
        value = deals[-1][-1]
    path.write_text(state_svg(value), encoding="utf-8")


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
        if args.svg:
            _write_svg(Path(args.svg), kind, value)
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
        _show_record(value, out, step=args.step)
    return 0


def _show_record(record: Record, out: IO[str], *, step: bool) -> None:
    """Every deal of a record: its moves as ``seep demo`` prints them, then the final state.

    With ``step`` the state after each move follows the move.
    """
    from seep.records import replay

    seats = record.tag("Seats")
    names = [name.strip() for name in seats.split(",")] if seats else None
    for number, (deal, states) in enumerate(zip(record.deals, replay(record), strict=True), 1):
        print(f"Deal {number}: {deal_header(states[0])}; {len(deal.moves)} moves", file=out)
        for before, move, after in zip(states, deal.moves, states[1:], strict=False):
            print(move_line(before, move, after, names), file=out)
            if step:
                print(_indented(render_state(after)), file=out)
        print(render_state(states[-1]), file=out)
        if deal.score is not None:
            print(
                f"Deal {number} score: {deal.score.totals[0]} to {deal.score.totals[1]}", file=out
            )
        print(file=out)
    if record.result and record.result != "*":
        print(f"Result: {record.result}", file=out)


def _indented(text: str) -> str:
    return "\n".join("     | " + line for line in text.splitlines())


_BOT_HELP = (
    "a bot is random, greedy, search, module:attr (a Bot class or factory to import) "
    "or 'cmd:PROGRAM ARGS' (a program speaking seep-pipe/1)"
)


def _timeout_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="time limit for each move of a cmd: bot (default 10)",
    )


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
        "--bots", default="greedy", help="bots by seat, comma-separated (cycled); " + _BOT_HELP
    )
    demo.add_argument("--dealer", type=int, default=0, help="first dealer")
    demo.add_argument("--iterations", type=int, default=300, help="search bot iterations per move")
    demo.add_argument("--quiet", action="store_true", help="play without printing")
    _timeout_option(demo)

    play = commands.add_parser("play", help="play against bots in the terminal")
    play.add_argument("--variant", default="standard", choices=variants)
    play.add_argument("--seat", type=int, default=0, help="your seat")
    play.add_argument(
        "--bot", default="greedy", help="bot(s) for the other seats, comma-separated; " + _BOT_HELP
    )
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--dealer", type=int, default=0)
    play.add_argument("--iterations", type=int, default=300, help="search bot iterations per move")
    play.add_argument("--deal", action="store_true", help="play one deal instead of a baazi")
    play.add_argument(
        "--record",
        default=None,
        help=f"where to save the game record (default {DEFAULT_RECORD}, or {DEFAULT_RECORD[:-4]}-2.txt "
        "and so on if taken); an existing file is never overwritten",
    )
    play.add_argument(
        "--hints", action="store_true", help="mark the moves that leave a seep for the next player"
    )
    _timeout_option(play)

    sim = commands.add_parser("simulate", help="many games between two bot kinds")
    sim.add_argument("--variant", default="standard", choices=variants)
    sim.add_argument(
        "--bots", default="greedy,random", help="two bots, e.g. search,greedy; " + _BOT_HELP
    )
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
    _timeout_option(sim)

    show = commands.add_parser("show", help="render a state, baazi or record file")
    show.add_argument("file")
    show.add_argument("--svg", metavar="FILE", help="also write the picture of the (last) state")
    show.add_argument("--step", action="store_true", help="show the state after every move")
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run the command line; returns the exit status.

    ``argv`` are the arguments after ``seep`` (default: ``sys.argv[1:]``);
    ``stdin``, ``stdout`` and ``stderr`` default to the process's own.

    >>> import io
    >>> from seep.cli import main
    >>> out = io.StringIO()
    >>> main(["demo", "--seed", "7"], stdout=out)  # the same as: seep demo --seed 7
    0
    >>> len(out.getvalue().splitlines()) > 10
    True
    """
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    args = _parser().parse_args(argv)
    if args.command == "demo":
        return _demo(args, out, err)
    if args.command == "play":
        return _play(args, inp, out, err)
    if args.command == "simulate":
        return _simulate(args, out, err)
    return _show(args, out, err)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

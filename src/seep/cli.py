"""The ``seep`` command line: ``demo``, ``play``, ``simulate`` and ``show``.

Standard library only (argparse); every command writes to the streams it is
given, so tests drive it in-process.

>>> from seep.cli import main
>>> main(["demo", "--seed", "3", "--quiet"])
Baazi over after 4 deal(s): team 1 wins (team 1 leads by 120 (R10.2)).
0

Bad arguments are one line on standard error and exit status 2:

>>> import io
>>> err = io.StringIO()
>>> main(["simulate", "--games", "0"], stderr=err)
2
>>> print(err.getvalue(), end="")
seep simulate: argument --games: must be 1 or more, not 0 (see 'seep simulate --help')
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import IO, Any, NoReturn

import attrs

from seep._documents.text import load_json, read_text
from seep._players.terminal import DEFAULT_RECORD, deal_header, move_line, play
from seep._util.excerpt import excerpt
from seep._version import __version__
from seep.baazi import Baazi, SheetRow, baazi_from_dict, new_baazi
from seep.bots import Bot, make_bot, play_baazi
from seep.errors import InputError, SeepError
from seep.moves import Move
from seep.pipe import PipeBot, PipeBotError
from seep.records import Record
from seep.render import sheet_text, state_text
from seep.serialization import state_from_dict
from seep.sim import GameResult, Ladder, MatchSpec, Summary, ladder, simulate, summarize
from seep.state import State
from seep.variants import Variant, get_variant, variant_names

__all__ = ["main"]


def _bot_specs(kinds: str) -> list[str]:
    """The comma-separated bot specs of ``--bots`` (a ``cmd:`` command with a comma comes by ``--bot``)."""
    return [k.strip() for k in kinds.split(",") if k.strip()]


def _bot_options(kind: str, args: argparse.Namespace) -> dict[str, float]:
    """The command-line options a bot of ``kind`` takes: search iterations, a pipe's time limit."""
    if kind == "search":
        return {"iterations": float(args.iterations)}
    if kind.startswith("cmd:"):
        return {"timeout": float(args.timeout)}
    return {}


def _bots_for(
    kinds: Sequence[str],
    players: int,
    seed: int | None,
    args: argparse.Namespace,
    stack: contextlib.ExitStack,
    human: int | None = None,
) -> list[Bot]:
    """One bot per seat, the specs cycled; bots that hold a program are closed with ``stack``.

    The program of the ``human`` seat's bot is never started.
    """
    names = list(kinds) or ["greedy"]
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
            bots = _bots_for(_bot_specs(kinds), variant.players, args.seed, args, stack, human)
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


def _usage_error(command: str, message: str, err: IO[str]) -> int:
    """A bad argument found after parsing: one line, as the parser's own errors, and status 2."""
    print(f"seep {command}: {message} (see 'seep {command} --help')", file=err)
    return 2


def _check_dealer(command: str, args: argparse.Namespace, variant: Variant, err: IO[str]) -> int:
    """0 when ``--dealer`` is a seat of ``variant``, else the usage error's status."""
    if 0 <= args.dealer < variant.players:
        return 0
    return _usage_error(
        command,
        f"argument --dealer: a seat 0..{variant.players - 1} of {variant.name}, not {args.dealer}",
        err,
    )


def _demo(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    variant = get_variant(args.variant)
    if _check_dealer("demo", args, variant, err):
        return 2
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
        final = done.deals[row.deal - 1].state
        teams = ", ".join(
            f"team {team} {_deal_points(final, row, team)}" for team in range(len(row.totals))
        )
        say(f"Deal {row.deal} over: {teams}")
        say(sheet_text(done.sheet))
        say()
        if not done.is_over:
            say(f"Deal {len(done.deals)}: {deal_header(done.state)}")

    match = play_baazi(match, bots, on_move=on_move, on_deal=on_deal)
    winner = "a draw" if match.winner is None else f"team {match.winner} wins"
    print(f"Baazi over after {len(match.sheet)} deal(s): {winner} ({match.reason}).", file=out)
    return 0


def _deal_points(final: State, row: SheetRow, team: int) -> str:
    """``89 points (39 for cards + 50 for 1 seep)``: a team's deal score in words (R9.3)."""
    cards, seeps, total = row.cards[team], row.seeps[team], row.totals[team]
    if not seeps:
        return f"{total} points"
    count = sum(1 for seep in final.seeps if final.team_of(seep.seat) == team and seep.points)
    return f"{total} points ({cards} for cards + {seeps} for {count} seep{'s' * (count != 1)})"


def _play(args: argparse.Namespace, inp: IO[str], out: IO[str], err: IO[str]) -> int:
    variant = get_variant(args.variant)
    if not 0 <= args.seat < variant.players:
        return _usage_error(
            "play",
            f"argument --seat: a seat 0..{variant.players - 1} of {variant.name}, not {args.seat}",
            err,
        )
    if _check_dealer("play", args, variant, err):
        return 2
    if args.record and Path(args.record).exists():
        return _usage_error(
            "play",
            f"argument --record: {args.record} exists; give another file (nothing is overwritten)",
            err,
        )
    if args.record and not Path(args.record).absolute().parent.is_dir():
        return _usage_error(
            "play", f"argument --record: no folder {Path(args.record).parent} to save in", err
        )
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
    kinds = _bot_specs(args.bots or "") + [k.strip() for k in args.bot or () if k.strip()]
    if args.bots is None and not args.bot:
        kinds = ["greedy", "random"]
    if len(kinds) < 2:
        return _usage_error(
            "simulate", "argument --bots: two bots or more, e.g. search,greedy", err
        )
    twice = next((kind for n, kind in enumerate(kinds) if kind in kinds[:n]), None)
    if len(kinds) > 2 and twice is not None:
        return _usage_error(
            "simulate",
            f"argument --bots: {excerpt(twice)} is given twice; a ladder plays each bot once",
            err,
        )
    bad_json = _json_path_problem(args.json)
    if bad_json:
        return _usage_error("simulate", f"argument --json: {bad_json}", err)
    try:
        labels = _labels(kinds, args)
    except (ValueError, TypeError) as error:
        print(f"seep simulate: {error}", file=err)
        return 2
    except PipeBotError as error:
        print(f"seep simulate: {error}", file=err)
        return 1
    with contextlib.ExitStack() as stack:
        try:
            executor = _executor(args, stack)
        except ImportError as error:
            print(f"seep simulate: {error}", file=err)
            return 2
        except OSError as error:
            print(f"seep simulate: no Dask scheduler at {args.scheduler}: {error}", file=err)
            return 1
        try:
            if len(kinds) > 2:
                return _round_robin(args, variant, kinds, labels, executor, out, err)
            return _match(args, variant, kinds, labels, executor, out, err)
        except PipeBotError as error:
            print(f"\nseep simulate: {error}", file=err)
            return 1


def _executor(args: argparse.Namespace, stack: contextlib.ExitStack) -> Executor | None:
    """Where the games run: a Dask cluster, local processes, or (``None``) this process."""
    if args.scheduler:
        from seep.sim import dask_executor

        return stack.enter_context(dask_executor(args.scheduler))
    if args.workers and args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        return stack.enter_context(ProcessPoolExecutor(max_workers=args.workers))
    return None


def _match(
    args: argparse.Namespace,
    variant: Variant,
    kinds: Sequence[str],
    labels: Sequence[str],
    executor: Executor | None,
    out: IO[str],
    err: IO[str],
) -> int:
    """``seep simulate`` with two bots: the results table from each bot's side."""
    seats = tuple(kinds[seat % 2] for seat in range(variant.players))
    options = tuple(tuple(sorted(_bot_options(kind, args).items())) for kind in seats)
    spec = MatchSpec(variant=variant.name, bots=seats, options=options, mode=args.mode)
    progress = _Progress(args.games, err, not args.no_progress)
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
    out, doc_out = (err, out) if args.json == "-" else (out, out)
    print(
        f"{args.games} {unit}s of {variant.name}, {labels[0]} vs {labels[1]}, seats alternating, "
        f"seeds {args.seed}..{args.seed + args.games - 1}",
        file=out,
    )
    width = max(10, *(len(label) + 2 for label in labels))
    header = f"{'bot':<{width}}{'wins':>6}{'draws':>7}{'win rate (95% CI)':>26}{'pts/deal':>10}{'margin/deal (95% CI)':>28}{'seeps/deal':>12}"
    print(header, file=out)
    for label, summary in zip(labels, (first, second), strict=True):
        low, high = summary.win_rate_ci
        mlow, mhigh = summary.margin_ci
        print(
            f"{label:<{width}}{summary.wins:>6}{summary.draws:>7}"
            f"{f'{summary.win_rate:.3f} ({low:.3f}-{high:.3f})':>26}"
            f"{summary.mean_points:>10.1f}"
            f"{f'{summary.mean_margin:+.1f} ({mlow:+.1f} to {mhigh:+.1f})':>28}"
            f"{summary.seeps_per_deal:>12.3f}",
            file=out,
        )
    results_doc = [
        {"name": label, **_summary_dict(summary)}
        for label, summary in zip(labels, (first, second), strict=True)
    ]
    doc = _simulation_doc(args, "match", kinds, labels, {"results": results_doc})
    return _write_json(args, doc, doc_out, err)


def _labels(kinds: Sequence[str], args: argparse.Namespace) -> list[str]:
    """How the results table names each bot: a program by the name of its hello, others by spec.

    Every bot is made once here, so a bad name or a program that does not
    start fails before any game; two programs that give the same name keep
    their commands.
    """
    labels = []
    for kind in kinds:
        with contextlib.ExitStack() as stack:
            (bot,) = _bots_for([kind], 1, 0, args, stack)
            labels.append(bot.name if isinstance(bot, PipeBot) else kind)
    return [
        kind if labels.count(label) > 1 and kinds.count(kind) == 1 else label
        for kind, label in zip(kinds, labels, strict=True)
    ]


def _round_robin(
    args: argparse.Namespace,
    variant: Variant,
    kinds: Sequence[str],
    labels: Sequence[str],
    executor: Executor | None,
    out: IO[str],
    err: IO[str],
) -> int:
    """``seep simulate`` with three bots or more: every pair plays; Elo ratings and win shares."""
    pairs = len(kinds) * (len(kinds) - 1) // 2
    progress = _Progress(pairs * args.games, err, not args.no_progress)
    table = ladder(
        kinds,
        names=labels,
        variant=variant.name,
        games=args.games,
        seed=args.seed,
        mode=args.mode,
        options={kind: _bot_options(kind, args) for kind in kinds},
        executor=executor,
        progress=progress,
    )
    unit = "deal" if args.mode == "deal" else "baazi"
    out, doc_out = (err, out) if args.json == "-" else (out, out)
    print(
        f"Round robin of {len(kinds)} bots, {variant.name}: {args.games} {unit}s a pair, "
        f"seats alternating, seeds {args.seed}..{args.seed + args.games - 1} "
        f"({pairs * args.games} {unit}s)",
        file=out,
    )
    width = max(8, *(len(label) + 2 for label in labels))
    print(f"{'rank':>4}  {'bot':<{width}}{'Elo (95% CI)':>22}{'score':>8}{'games':>7}", file=out)
    for rank, rating in enumerate(table.ratings, 1):
        low, high = rating.elo_ci
        elo = f"{rating.elo:+.0f} ({low:+.0f} to {high:+.0f})"
        print(
            f"{rank:>4}  {rating.name:<{width}}{elo:>22}{rating.score:>8.3f}{rating.games:>7}",
            file=out,
        )
    print(file=out)
    print(
        f"Win share, row bot against column bot ({args.games} {unit}s each, a draw counts half):",
        file=out,
    )
    order = [rating.name for rating in table.ratings]
    cells = [max(7, len(name) + 2) for name in order]
    print(" " * width + "".join(f"{n:>{c}}" for n, c in zip(order, cells, strict=True)), file=out)
    for row in order:
        shares = ("-" if row == col else f"{table.win_share(row, col):.3f}" for col in order)
        line = "".join(f"{share:>{c}}" for share, c in zip(shares, cells, strict=True))
        print(f"{row:<{width}}{line}", file=out)
    print(file=out)
    print(
        "Elo: the maximum-likelihood fit of all games (a draw half a point, one virtual draw\n"
        "a pair), mean 0; 95% intervals from the likelihood's curvature. A bot 100 Elo above\n"
        "another scores 0.64 against it on average, 200 Elo above 0.76.",
        file=out,
    )
    return _write_json(args, _ladder_doc(args, kinds, labels, table), doc_out, err)


_SIMULATION_FORMAT = "seep-simulation/1"


def _json_path_problem(path: str | None) -> str | None:
    """Why ``--json PATH`` cannot be written, found before any game is played (``None``: it can)."""
    if path is None or path == "-":
        return None
    target = Path(path)
    if target.is_dir():
        return f"{path} is a folder; give a file to write"
    if not target.absolute().parent.is_dir():
        return f"no folder {target.parent} to save in"
    return None


def _simulation_doc(
    args: argparse.Namespace,
    kind: str,
    kinds: Sequence[str],
    labels: Sequence[str],
    results: dict[str, Any],
) -> dict[str, Any]:
    """The ``--json`` document (``seep-simulation/1``): the settings, the bots, the ``results``."""
    return {
        "format": _SIMULATION_FORMAT,
        "kind": kind,
        "variant": get_variant(args.variant).name,
        "mode": args.mode,
        "games": args.games,
        "seed": args.seed,
        "bots": [
            {"spec": spec, "name": label, "options": _bot_options(spec, args)}
            for spec, label in zip(kinds, labels, strict=True)
        ],
        **results,
    }


def _summary_dict(summary: Summary) -> dict[str, Any]:
    """A :class:`~seep.sim.Summary` as JSON: its fields, each interval a ``[low, high]`` list."""
    return attrs.asdict(summary)


def _ladder_doc(
    args: argparse.Namespace, kinds: Sequence[str], labels: Sequence[str], table: Ladder
) -> dict[str, Any]:
    """The ``--json`` document of a round robin: the ratings best first, the win-share table."""
    results = {
        "ratings": [attrs.asdict(rating) for rating in table.ratings],
        "win_share": {
            row: {col: table.win_share(row, col) for col in table.names if col != row}
            for row in table.names
        },
    }
    return _simulation_doc(args, "ladder", kinds, labels, results)


def _write_json(args: argparse.Namespace, doc: dict[str, Any], out: IO[str], err: IO[str]) -> int:
    """Write ``doc`` where ``--json`` says (``-``: ``out``); 0, or 1 when the file cannot be written."""
    if args.json is None:
        return 0
    text = json.dumps(doc, indent=2) + "\n"
    if args.json == "-":
        out.write(text)
        return 0
    try:
        Path(args.json).write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"seep simulate: cannot write {args.json}: {_one_line(str(error))}", file=err)
        return 1
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
        from seep.records import replay_record

        deals = replay_record(value)
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
        print(state_text(value), file=out)
    elif kind == "baazi":
        for record in value.deals:
            print(state_text(record.state), file=out)
            print(file=out)
        print(sheet_text(value.sheet), file=out)
        if value.is_over:
            print(f"Result: {value.reason}", file=out)
    else:
        _show_record(value, out, step=args.step)
    return 0


def _show_record(record: Record, out: IO[str], *, step: bool) -> None:
    """Every deal of a record: its moves as ``seep demo`` prints them, then the final state.

    With ``step`` the state after each move follows the move.
    """
    from seep.records import replay_record

    seats = record.tag("Seats")
    names = [name.strip() for name in seats.split(",")] if seats else None
    for number, (deal, states) in enumerate(
        zip(record.deals, replay_record(record), strict=True), 1
    ):
        print(f"Deal {number}: {deal_header(states[0])}; {len(deal.moves)} moves", file=out)
        for before, move, after in zip(states, deal.moves, states[1:], strict=False):
            print(move_line(before, move, after, names), file=out)
            if step:
                print(_indented(state_text(after)), file=out)
        print(state_text(states[-1]), file=out)
        if deal.score is not None:
            print(
                f"Deal {number} score: {deal.score.totals[0]} to {deal.score.totals[1]}", file=out
            )
        print(file=out)
    if record.result and record.result != "*":
        print(f"Result: {record.result}", file=out)


def _indented(text: str) -> str:
    return "\n".join("     | " + line for line in text.splitlines())


class _Parser(argparse.ArgumentParser):
    """argparse with each error on one line (``seep demo: argument --dealer: ...``), status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _at_least_one(text: str) -> int:
    """An argument that counts something: a whole number, 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {excerpt(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _seconds(text: str) -> float:
    """A time limit: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds, not {excerpt(text)}"
        ) from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds above 0, not {excerpt(text)}"
        )
    return value


def _whole(text: str) -> int:
    """A whole number (a seed, a seat)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {excerpt(text)}") from None


_BOT_HELP = (
    "a bot is random, greedy, search, best, module:attr (a Bot class or factory to import) "
    "or 'cmd:PROGRAM ARGS' (a program speaking seep-pipe/1)"
)


def _common_options(parser: argparse.ArgumentParser, variants: Sequence[str]) -> None:
    """``--variant`` and ``--iterations``, which every command that plays takes."""
    parser.add_argument(
        "--variant",
        default="standard",
        choices=variants,
        help="the rules to play (default standard): " + ", ".join(variants),
        metavar="NAME",
    )
    parser.add_argument(
        "--iterations",
        type=_at_least_one,
        default=300,
        metavar="N",
        help="search bot: simulations per move (default 300; fewer is faster and weaker)",
    )
    parser.add_argument(
        "--timeout",
        type=_seconds,
        default=10.0,
        metavar="SECONDS",
        help="time limit for each move of a cmd: bot (default 10)",
    )


def _one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line of at most ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="seep", description="Seep rules engine: play, watch and simulate.")
    parser.add_argument(
        "--version", action="version", version=f"seep {__version__}", help="print the version"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    variants = variant_names()
    dealer_help = "the seat that deals first (default 0)"

    demo = commands.add_parser("demo", help="bots play a full baazi, every move printed")
    _common_options(demo, variants)
    demo.add_argument(
        "--seed",
        type=_whole,
        default=None,
        help="seed for the deals and the bots: the same seed, the same game (default: a new game)",
    )
    demo.add_argument(
        "--bots", default="greedy", help="bots by seat, comma-separated (cycled); " + _BOT_HELP
    )
    demo.add_argument("--dealer", type=_whole, default=0, metavar="SEAT", help=dealer_help)
    demo.add_argument(
        "--quiet", action="store_true", help="print only the result, not the moves and sheets"
    )

    play = commands.add_parser("play", help="play against bots in the terminal")
    _common_options(play, variants)
    play.add_argument("--seat", type=_whole, default=0, help="your seat (default 0)")
    play.add_argument(
        "--bot", default="greedy", help="bot(s) for the other seats, comma-separated; " + _BOT_HELP
    )
    play.add_argument(
        "--seed",
        type=_whole,
        default=None,
        help="seed for the deals and the bots: the same seed, the same cards (default: new ones)",
    )
    play.add_argument("--dealer", type=_whole, default=0, metavar="SEAT", help=dealer_help)
    play.add_argument("--deal", action="store_true", help="play one deal instead of a baazi")
    play.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help=f"where to save the game record (default {DEFAULT_RECORD}, or {DEFAULT_RECORD[:-4]}-2.txt "
        "and so on if taken); an existing file is never overwritten",
    )
    play.add_argument(
        "--hints", action="store_true", help="mark the moves that leave a seep for the next player"
    )

    sim = commands.add_parser(
        "simulate", help="many games between two bots, or a round robin between more"
    )
    _common_options(sim, variants)
    sim.add_argument(
        "--bots",
        default=None,
        help="bots, comma-separated: two play a match (default greedy,random), three or more "
        "a round robin with Elo ratings; " + _BOT_HELP,
    )
    sim.add_argument(
        "--bot",
        action="append",
        metavar="SPEC",
        help="one more bot, taken whole (a cmd: command may hold commas); repeat for each bot",
    )
    sim.add_argument(
        "--games",
        type=_at_least_one,
        default=100,
        help="how many games (of each pair, in a round robin; default 100)",
    )
    sim.add_argument(
        "--seed",
        type=_whole,
        default=0,
        help="seed of the first game; game i uses seed+i (default 0)",
    )
    sim.add_argument(
        "--mode",
        choices=("deal", "baazi"),
        default="deal",
        help="a game is one deal or a whole baazi (default deal)",
    )
    where = sim.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=_at_least_one, default=1, metavar="N", help="local processes (default 1)"
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the games on a Dask cluster (tcp://host:8786); needs the dask extra",
    )
    sim.add_argument("--no-progress", action="store_true", help="no progress bar on standard error")
    sim.add_argument(
        "--json",
        metavar="PATH",
        default=None,
        help="also write the results as one JSON document (seep-simulation/1) to PATH, "
        "replacing it; '-' writes it to standard output and the tables to standard error",
    )

    show = commands.add_parser("show", help="render a state, baazi or record file")
    show.add_argument("file", help="a state or baazi (JSON) or a game record")
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
    ``stdin``, ``stdout`` and ``stderr`` default to the process's own. The
    status is 0 on success, 2 for a bad argument (one line on ``stderr``),
    1 when a file or a bot fails, 130 after Ctrl-C (in ``seep play`` Ctrl-C
    is ``quit``: the record is saved, status 0). A closed output (``seep
    demo | head``) ends quietly.

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
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = _parse(argv)
    except SystemExit as stop:  # --help, --version, or a bad argument (already printed)
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2
    try:
        return _run(args, inp, out, err)
    except BrokenPipeError:
        _silence(out)
        return 1
    except KeyboardInterrupt:
        return 130


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments; an argument the command does not know is reported by that command."""
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        commands = next(
            action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
        )
        commands.choices[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _run(args: argparse.Namespace, inp: IO[str], out: IO[str], err: IO[str]) -> int:
    if args.command == "demo":
        return _demo(args, out, err)
    if args.command == "play":
        return _play(args, inp, out, err)
    if args.command == "simulate":
        return _simulate(args, out, err)
    return _show(args, out, err)


def _silence(out: IO[str]) -> None:
    """After the reader of ``out`` went away: point it at the null device, so the exit flush is quiet."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""The fuzz runner: many inputs per target, each cut at a time limit, counted by outcome."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs

from seep.errors import SeepError
from seep.testing.fuzz._alarm import Hang, install, restore, time_limit
from seep.testing.fuzz._corpus import corpus
from seep.testing.fuzz._targets import TARGETS, Input, ShownRefusal, Target, _excerpt

#: The outcome classes, in report order. The last three are failures.
OUTCOMES = ("accepted", "refused", "untyped", "hang", "accepted-invalid")


@attrs.frozen
class Failure:
    """One failing input, kept for the report: where it came from and what happened."""

    target: str
    outcome: str
    index: int
    made_by: tuple[str, ...]
    input: str
    error: str


@attrs.define
class TargetReport:
    """Counts of one target's outcomes."""

    name: str
    inputs: int = 0
    counts: dict[str, int] = attrs.field(factory=lambda: dict.fromkeys(OUTCOMES, 0))
    failures: list[Failure] = attrs.field(factory=list)
    seconds: float = 0.0
    #: Inputs the fuzz suite failed to make (a fault of the suite, not of the library).
    harness_errors: int = 0

    @property
    def failed(self) -> int:
        """Inputs in a failure class (untyped, hang, accepted-invalid)."""
        return self.counts["untyped"] + self.counts["hang"] + self.counts["accepted-invalid"]


@attrs.frozen
class FuzzReport:
    """The result of :func:`~seep.testing.fuzz.run_fuzz`: one ``TargetReport`` per target.

    Each target report has ``name``, ``inputs``, ``counts`` (inputs per
    outcome: ``accepted``, ``refused`` with a typed error, ``untyped``
    exceptions, ``hang`` over the time limit, ``accepted-invalid`` by the
    independent check), ``failures`` (the first failing inputs of each
    class, as bounded excerpts) and ``seconds``.

    >>> from seep.testing import run_fuzz
    >>> report = run_fuzz(20, seed=1, targets=["move-text"])
    >>> [(t.name, t.inputs) for t in report.targets]
    [('move-text', 20)]
    >>> print(report.table().splitlines()[0])
    target     inputs  accepted  refused  untyped  hangs  acc-invalid    s
    """

    seed: int
    targets: tuple[TargetReport, ...]

    @property
    def ok(self) -> bool:
        """True if no input was untyped, hung or accepted while invalid."""
        return not any(target.failed for target in self.targets)

    def table(self) -> str:
        """The per-target table: inputs and the count of each outcome."""
        head = ("target", "inputs", "accepted", "refused", "untyped", "hangs", "acc-invalid", "s")
        rows: list[tuple[str, ...]] = [head]
        for target in self.targets:
            counts = target.counts
            rows.append(
                (
                    target.name,
                    str(target.inputs),
                    *(str(counts[outcome]) for outcome in OUTCOMES),
                    f"{target.seconds:.1f}",
                )
            )
        totals = [sum(int(row[i]) for row in rows[1:]) for i in range(1, 7)]
        rows.append(("total", *map(str, totals), f"{sum(t.seconds for t in self.targets):.1f}"))
        widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
        return "\n".join(
            "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
            for row in rows
        )


def _typed(error: BaseException, made: Input) -> bool:
    if isinstance(error, (SeepError, ShownRefusal)):
        return True
    # A wrong Python type given to a public function may raise TypeError (the contract).
    return made.wrong_type and type(error) is TypeError


def run_input(target: Target, made: Input, rng: random.Random, timeout: float) -> tuple[str, str]:
    """Run one input; its outcome class and, for failures, what went wrong."""
    with time_limit(timeout):
        try:
            try:
                loaded = target.load(made.value)
            except Hang:
                raise
            except RecursionError as error:
                return "untyped", f"RecursionError: {_excerpt(str(error))}"
            except BaseException as error:
                if isinstance(error, KeyboardInterrupt):
                    raise
                if _typed(error, made):
                    return "refused", ""
                return "untyped", f"{type(error).__name__}: {_excerpt(str(error), 300)}"
            try:
                problems = target.check(loaded, rng)
            except Hang:
                raise
            except Exception as error:
                problems = [f"after loading: {type(error).__name__}: {_excerpt(str(error), 300)}"]
        except Hang:
            return "hang", f"over {timeout} s"
    if problems:
        return "accepted-invalid", "; ".join(_excerpt(p, 200) for p in problems[:3])
    return "accepted", ""


def input_rng(seed: int, target: str, index: int) -> random.Random:
    """The random source of input ``index`` of ``target``: each input can be made again alone."""
    return random.Random(f"{seed}/{target}/{index}")


def run_fuzz(
    inputs: int = 10_000,
    seed: int = 0,
    *,
    targets: Sequence[str] | None = None,
    timeout: float = 2.0,
    keep: int = 3,
    progress: Any = None,
) -> FuzzReport:
    """Fuzz ``inputs`` inputs shared between ``targets`` (default: all) by their weights.

    Input ``i`` of a target is made from its own random source (``seed``,
    target, ``i``), so a failure can be made again alone. Each input is
    cut after ``timeout`` seconds (``SIGALRM``; main thread on POSIX) and
    counted as a hang. ``keep`` failing inputs of each class are kept for
    the report. See :mod:`seep.testing.fuzz` for the targets.

    >>> from seep.testing import run_fuzz
    >>> report = run_fuzz(30, seed=2, targets=["record-text", "deck"])
    >>> sum(t.inputs for t in report.targets), sorted(report.targets[0].counts)
    (30, ['accepted', 'accepted-invalid', 'hang', 'refused', 'untyped'])
    """
    chosen = _select(targets)
    data = corpus()
    weights = sum(target.weight for target in chosen)
    previous = install()
    reports = []
    try:
        for target in chosen:
            report = TargetReport(target.name)
            start = time.perf_counter()
            for index in range(max(1, round(inputs * target.weight / weights))):
                rng = input_rng(seed, target.name, index)
                try:
                    made = target.make(rng, data)
                except Exception as fault:  # a fault of the fuzz suite itself: noted, not counted
                    report.harness_errors += 1
                    if report.harness_errors <= keep:
                        print(
                            f"{target.name} #{index}: making the input failed: {fault!r}",
                            file=sys.stderr,
                        )
                    continue
                outcome, error = run_input(target, made, rng, timeout)
                report.inputs += 1
                report.counts[outcome] += 1
                if error and sum(f.outcome == outcome for f in report.failures) < keep:
                    report.failures.append(
                        Failure(
                            target.name,
                            outcome,
                            index,
                            made.made_by,
                            _excerpt(made.value, 300),
                            error,
                        )
                    )
            report.seconds = time.perf_counter() - start
            reports.append(report)
            if progress is not None:
                print(
                    f"{target.name}: {report.inputs} inputs in {report.seconds:.1f} s",
                    file=progress,
                )
    finally:
        restore(previous)
    return FuzzReport(seed=seed, targets=tuple(reports))


def _select(names: Sequence[str] | None) -> list[Target]:
    if not names:
        return list(TARGETS)
    known = {target.name: target for target in TARGETS}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ValueError(f"unknown fuzz target(s) {', '.join(unknown)}; known: {', '.join(known)}")
    return [known[name] for name in names]


def _replay(which: str, seed: int) -> int:
    """Make input ``TARGET:INDEX`` again and run it, letting any exception through."""
    name, _, index = which.partition(":")
    (target,) = _select([name])
    rng = input_rng(seed, target.name, int(index))
    made = target.make(rng, corpus())
    print(f"made by {', '.join(made.made_by)} (wrong type: {made.wrong_type})")
    print(f"input: {_excerpt(made.value, 2000)}")
    # The checks limit their own slow parts (exact sampling) as in a fuzz run.
    previous = install()
    try:
        loaded = target.load(made.value)
        print(f"accepted; the check says: {target.check(loaded, rng)}")
    finally:
        restore(previous)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m seep.testing.fuzz``: run the fuzz suite and print the table; non-zero on failures."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m seep.testing.fuzz",
        description="Fuzz every input boundary of seep and count the outcomes per target.",
    )
    parser.add_argument(
        "--inputs", type=int, default=10_000, help="inputs in all, shared by the targets"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--target",
        action="append",
        metavar="NAME",
        help=f"a target to fuzz (repeat for more; default all): {', '.join(t.name for t in TARGETS)}",
    )
    parser.add_argument(
        "--examples",
        type=int,
        default=0,
        metavar="N",
        help="print the first N failing inputs of each class",
    )
    parser.add_argument(
        "--timeout", type=float, default=2.0, help="seconds before an input counts as a hang"
    )
    parser.add_argument(
        "--replay",
        metavar="TARGET:INDEX",
        help="make one input again (same --seed) and run it without catching, to see the traceback",
    )
    args = parser.parse_args(argv)
    names = [name for item in args.target or () for name in item.split(",")]
    if args.replay:
        return _replay(args.replay, args.seed)
    try:
        _select(names)
    except ValueError as error:
        parser.error(str(error))
    report = run_fuzz(
        args.inputs,
        args.seed,
        targets=names,
        timeout=args.timeout,
        keep=args.examples,
        progress=sys.stderr,
    )
    print(f"seed {args.seed}, {sum(t.inputs for t in report.targets)} inputs")
    print(report.table())
    for target in report.targets:
        if target.harness_errors:
            print(
                f"{target.name}: {target.harness_errors} inputs could not be made (a fault of the suite)"
            )
        for failure in target.failures:
            print(
                f"\n[{failure.target} #{failure.index} {failure.outcome}] made by {', '.join(failure.made_by)}\n"
                f"  input: {failure.input}\n  error: {failure.error}"
            )
    return 0 if report.ok else 1

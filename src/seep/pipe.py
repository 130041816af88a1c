"""Bots as external programs: line-delimited JSON over a pipe (protocol ``seep-pipe/1``).

A bot written in any language plays a seat, as chess engines do over UCI:
the engine starts the program, writes one JSON object per line to its
standard input and reads one JSON object per line from its standard
output. The program's standard error is kept and quoted when it fails.

The protocol (the "Bots over a pipe" documentation page has it in full):

1. ``{"type": "hello", "protocol": "seep-pipe/1", "engine": "seep 0.1.0", "seed": 7}``;
   the bot answers ``{"type": "hello", "protocol": "seep-pipe/1", "name": "my-bot"}``.
2. For each decision, ``{"type": "move", "id": 1, "view": {...}, "moves": ["bid 10", ...]}``:
   the seat's view (the ``seep-view/1`` document of :func:`seep.views.view_to_dict`)
   and its legal moves in move notation; the bot answers
   ``{"type": "move", "id": 1, "move": "bid 10"}`` (any notation of a legal move).
3. ``{"type": "quit"}``: the bot exits.

:class:`PipeBot` is a :class:`seep.bots.Bot`: give it to :func:`seep.bots.play_deal`,
:func:`seep.bots.play_baazi` or :mod:`seep.sim` like any other bot, or name it
``cmd:COMMAND`` wherever a bot is named (``seep play --bot 'cmd:python bot.py'``).
Every answer has a time limit; an answer that is late, not JSON, not a move
or not a legal move raises a :class:`PipeBotError` naming the seat, the
answer and the rule, and the program is always stopped when the bot is
closed (a context manager), when it times out, and at exit.

>>> import sys
>>> from seep import new_deal
>>> from seep.bots import play_deal
>>> from seep.pipe import PipeBot
>>> program = [sys.executable, "-c", '''
... import json, sys
... for line in sys.stdin:
...     message = json.loads(line)
...     if message["type"] == "hello":
...         print(json.dumps({"type": "hello", "protocol": "seep-pipe/1", "name": "first"}))
...     elif message["type"] == "move":
...         print(json.dumps({"type": "move", "id": message["id"], "move": message["moves"][0]}))
...     else:
...         break
...     sys.stdout.flush()
... ''']
>>> with PipeBot(program) as bot:
...     final = play_deal(new_deal("taash", seed=3), [bot] * 4)
...     bot.name
...
'first'
>>> final.is_over, bot.running
(True, False)
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import shlex
import signal
import subprocess
import tempfile
import threading
import weakref
from collections.abc import Sequence
from types import TracebackType
from typing import IO, Any

from seep._util.excerpt import excerpt
from seep._version import __version__
from seep.errors import IllegalMoveError, NotationError, SeepError
from seep.moves import Move
from seep.notation import format_move, parse_move
from seep.rules import check_move
from seep.sampling import sample_state
from seep.views import View, view_to_dict

__all__ = [
    "PROTOCOL",
    "BotAnswerError",
    "BotCrashedError",
    "BotIllegalMoveError",
    "BotTimeoutError",
    "PipeBot",
    "PipeBotError",
]

#: The protocol name and version, sent and expected in the hello messages.
PROTOCOL = "seep-pipe/1"

_KEEP_STDERR = 2000  # characters of the bot's standard error quoted in errors


class PipeBotError(SeepError):
    """An external bot failed: ``seat`` (or ``None`` before its first move), ``command``,
    ``answer`` (the line it wrote, or ``None``), ``rule`` (a rule id such as
    ``"R8.2"`` for an illegal move, else the protocol rule it broke) and ``reason``.

    >>> from seep.pipe import BotIllegalMoveError, PipeBotError
    >>> error = BotIllegalMoveError(
    ...     "R8.2: seat 1 holds no A♠", command="python bot.py", seat=1, answer="throw AS", rule="R8.2"
    ... )
    >>> isinstance(error, PipeBotError), error.seat, error.rule
    (True, 1, 'R8.2')
    >>> print(error)
    seat 1 bot 'python bot.py' answered 'throw AS': R8.2: seat 1 holds no A♠ (R8.2)
    """

    def __init__(
        self, reason: str, *, command: str, seat: int | None, answer: str | None, rule: str
    ) -> None:
        who = f"seat {seat} bot" if seat is not None else "bot"
        said = f" answered {excerpt(answer)}:" if answer is not None else ""
        super().__init__(f"{who} {command!r}{said} {reason} ({rule})")
        self.reason = reason
        self.command = command
        self.seat = seat
        self.answer = answer
        self.rule = rule

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild,
            (type(self), self.reason, self.command, self.seat, self.answer, self.rule),
        )


def _rebuild(
    cls: type[PipeBotError],
    reason: str,
    command: str,
    seat: int | None,
    answer: str | None,
    rule: str,
) -> PipeBotError:
    return cls(reason, command=command, seat=seat, answer=answer, rule=rule)


class BotTimeoutError(PipeBotError, TimeoutError):
    """The bot did not answer within its time limit; it has been stopped.

    >>> import sys
    >>> from seep.pipe import BotTimeoutError, PipeBot
    >>> sleeper = PipeBot([sys.executable, "-c", "import time; time.sleep(30)"], start_timeout=0.5)
    >>> try:
    ...     sleeper.start()
    ... except BotTimeoutError as error:
    ...     print(error.rule, sleeper.running)
    ...
    seep-pipe/1 timeout False
    """


class BotCrashedError(PipeBotError):
    """The bot's program could not start, exited, or closed its output before answering.

    >>> import sys
    >>> from seep.pipe import BotCrashedError, PipeBot
    >>> try:
    ...     PipeBot([sys.executable, "-c", "raise SystemExit(3)"]).start()
    ... except BotCrashedError as error:
    ...     print(type(error).__name__, error.seat)
    ...
    BotCrashedError None
    """


class BotAnswerError(PipeBotError, ValueError):
    """The answer is not a message of the protocol: not JSON, the wrong type, not move notation.

    >>> import sys
    >>> from seep.pipe import BotAnswerError, PipeBot
    >>> program = "import sys; sys.stdin.readline(); print('ready!')"  # reads the hello first
    >>> try:
    ...     PipeBot([sys.executable, "-c", program]).start()
    ... except BotAnswerError as error:
    ...     print(error.answer)
    ...
    ready!
    """


class BotIllegalMoveError(BotAnswerError):
    """The answer is a move, but not a legal one; ``rule`` is the rule it breaks.

    >>> from seep.pipe import BotAnswerError, BotIllegalMoveError
    >>> error = BotIllegalMoveError(
    ...     "R2.4: the bid is 9 to 13", command="bot", seat=1, answer="bid 5", rule="R2.4"
    ... )
    >>> isinstance(error, BotAnswerError), error.answer
    (True, 'bid 5')
    """


def _stop(process: subprocess.Popen[str], group: bool) -> None:
    """Kill ``process`` (and its process group, where it has its own) and reap it."""
    if process.poll() is None:
        try:
            if group:
                os.killpg(process.pid, signal.SIGKILL)
            else:
                process.kill()
        except (ProcessLookupError, PermissionError):  # pragma: no cover  (gone meanwhile)
            pass
    process.wait()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):  # a broken pipe on close
                stream.close()


_INTERPRETERS = (
    "python",
    "pypy",
    "node",
    "deno",
    "bun",
    "ruby",
    "perl",
    "java",
    "julia",
    "sh",
    "bash",
)


def _program_name(argv: Sequence[str]) -> str:
    """The file name of the program: the script an interpreter runs, else the command itself."""
    command = os.path.basename(argv[0])
    if command.lower().startswith(_INTERPRETERS):
        script = next((a for a in argv[1:] if not a.startswith("-")), None)
        if script is not None:
            return os.path.basename(script)
    return command


def _read_lines(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """The reader thread: every line the bot writes, then ``None`` at the end of its output."""
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):  # the pipe closed under the reader
        pass
    lines.put(None)


class PipeBot:
    """A bot played by an external program over the ``seep-pipe/1`` protocol.

    ``command`` is the program and its arguments, as a list or a shell-like
    string (split with :func:`shlex.split`, not run by a shell). ``seed`` is
    passed in the hello message, so a program that uses it replays games.
    ``timeout`` is the limit in seconds for each answer and
    ``start_timeout`` for the hello answer (by default the larger of
    ``timeout`` and 10 s, for slow starts). The program starts on
    :meth:`start` (or with ``with``, or at the first move) and is stopped by
    :meth:`close`: politely with ``quit``, killed if it does not exit within
    ``grace`` seconds. ``name`` is the name the program gives in its hello,
    until then ``name`` or the program's file name.

    >>> from seep.pipe import PipeBot
    >>> bot = PipeBot("python3 my_bot.py --level 2", seed=7, timeout=5)
    >>> bot.argv, bot.name, bot.running
    (['python3', 'my_bot.py', '--level', '2'], 'my_bot.py', False)
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        seed: int | None = None,
        timeout: float = 10.0,
        start_timeout: float | None = None,
        grace: float = 1.0,
        name: str | None = None,
        cwd: str | os.PathLike[str] | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else [str(a) for a in command]
        if not self.argv:
            raise ValueError("PipeBot: command is empty")
        if not timeout > 0:
            raise ValueError(f"PipeBot: timeout must be positive, not {timeout!r}")
        self.command = shlex.join(self.argv)
        self.seed = seed
        self.timeout = float(timeout)
        self.start_timeout = float(start_timeout) if start_timeout else max(self.timeout, 10.0)
        self.grace = grace
        self.name = name or _program_name(self.argv)
        self.cwd = cwd
        self.env = env
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader: threading.Thread | None = None
        self._stderr: IO[str] | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._requests = 0
        self._seat: int | None = None

    # Life cycle ---------------------------------------------------------

    def start(self) -> PipeBot:
        """Start the program and exchange hellos; returns the bot (started only once)."""
        if self._process is not None:
            return self
        # kept open while the program runs, closed by close()
        self._stderr = tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")  # noqa: SIM115
        group = os.name == "posix"
        try:
            self._process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                cwd=self.cwd,
                env=self.env,
                start_new_session=group,
            )
        except OSError as error:
            self._stderr.close()
            raise BotCrashedError(
                f"could not start: {error}",
                command=self.command,
                seat=None,
                answer=None,
                rule=f"{PROTOCOL} start",
            ) from error
        self._finalizer = weakref.finalize(self, _stop, self._process, group)
        assert self._process.stdout is not None
        self._reader = threading.Thread(
            target=_read_lines, args=(self._process.stdout, self._lines), daemon=True
        )
        self._reader.start()
        hello = {"type": "hello", "protocol": PROTOCOL, "engine": f"seep {__version__}"}
        self._send({**hello, "seed": self.seed})
        line = self._receive(self.start_timeout, "hello")
        answer = self._message(line, "hello")
        if answer.get("protocol") != PROTOCOL:
            raise self._error(
                BotAnswerError,
                f"speaks {answer.get('protocol')!r}, not {PROTOCOL!r}",
                line,
                f"{PROTOCOL} hello",
            )
        name = answer.get("name")
        if isinstance(name, str) and name.strip():
            self.name = name.strip()
        return self

    def close(self) -> None:
        """Send ``quit``, give the program ``grace`` seconds to exit, then kill it; reap it."""
        process = self._process
        if process is None or self._finalizer is None:
            return
        if self._finalizer.alive and process.poll() is None:
            try:
                self._send({"type": "quit"})
                assert process.stdin is not None
                process.stdin.close()
                process.wait(timeout=self.grace)
            except (OSError, ValueError, subprocess.TimeoutExpired, BotCrashedError):
                pass
        self._finalizer()  # kills what is left, reaps it, closes the pipes (once)
        if self._reader is not None:
            self._reader.join(timeout=self.grace)
        if self._stderr is not None and not self._stderr.closed:
            self._stderr.close()

    def __enter__(self) -> PipeBot:
        return self.start()

    def __reduce__(self) -> tuple[Any, ...]:
        raise TypeError(
            f"PipeBot {self.command!r} talks to a program of this process and does not pickle: "
            "make a PipeBot of the same command in the other process"
        )

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def running(self) -> bool:
        """True while the program runs."""
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        """The program's process id, once started."""
        return None if self._process is None else self._process.pid

    @property
    def returncode(self) -> int | None:
        """The program's exit status once it has ended (negative: killed by that signal)."""
        return None if self._process is None else self._process.poll()

    # Playing ------------------------------------------------------------

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Ask the program for a move of ``view``'s seat among ``moves``."""
        self._seat = view.seat
        self.start()
        self._requests += 1
        number = self._requests
        notations = [format_move(move) for move in moves]
        self._send({"type": "move", "id": number, "view": view_to_dict(view), "moves": notations})
        line = self._receive(self.timeout, "move")
        answer = self._message(line, "move")
        if answer.get("id", number) != number:
            raise self._error(
                BotAnswerError,
                f"answers request {answer.get('id')!r}, not {number}",
                line,
                f"{PROTOCOL} move",
            )
        text = answer.get("move")
        if not isinstance(text, str):
            raise self._error(BotAnswerError, 'has no "move" string', line, f"{PROTOCOL} move")
        try:
            move = parse_move(text)
        except NotationError as error:
            raise self._error(
                BotAnswerError, f"{text!r} is not move notation: {error}", line, "move notation"
            ) from None
        for legal in moves:
            if legal == move:
                return legal
        broken = _broken_rule(view, move)
        reason = f"{text!r} is not a legal move"
        if broken is not None:
            reason += f": {broken.reason}"
        raise self._error(
            BotIllegalMoveError, reason, line, broken.rule if broken is not None else "R3.1"
        )

    # The pipe -----------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._crashed(f"stopped reading before the {message['type']} message") from None

    def _receive(self, timeout: float, expected: str) -> str:
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            if self._finalizer is not None:
                self._finalizer()
            raise self._error(
                BotTimeoutError,
                f"gave no {expected} answer within {timeout:g} s and was stopped",
                None,
                f"{PROTOCOL} timeout",
            ) from None
        if line is None:
            raise self._crashed(f"ended its output before the {expected} answer")
        return line.rstrip("\r\n")

    def _message(self, line: str, expected: str) -> dict[str, Any]:
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            message = None
        if not isinstance(message, dict):
            raise self._error(
                BotAnswerError, "that is not a JSON object on one line", line, f"{PROTOCOL} lines"
            )
        kind = message.get("type")
        if kind == "error" and expected == "move":
            raise self._error(
                BotAnswerError,
                f"reports an error: {message.get('message')!r}",
                line,
                f"{PROTOCOL} error",
            )
        if kind != expected:
            raise self._error(
                BotAnswerError,
                f"a {expected!r} message was expected, not {kind!r}",
                line,
                f"{PROTOCOL} {expected}",
            )
        return message

    def _crashed(self, what: str) -> BotCrashedError:
        process = self._process
        status = ""
        if process is not None:
            try:
                code = process.wait(timeout=self.grace)
                status = f" (exit status {code})"
            except subprocess.TimeoutExpired:
                pass
            if self._finalizer is not None:
                self._finalizer()
        words = self._stderr_tail()
        reason = what + status + (f"; its standard error ends: {words!r}" if words else "")
        error = self._error(BotCrashedError, reason, None, f"{PROTOCOL} exit")
        assert isinstance(error, BotCrashedError)
        return error

    def _stderr_tail(self) -> str:
        if self._stderr is None or self._stderr.closed:
            return ""
        self._stderr.flush()
        self._stderr.seek(0)
        return self._stderr.read()[-_KEEP_STDERR:].strip()

    def _error(
        self, kind: type[PipeBotError], reason: str, answer: str | None, rule: str
    ) -> PipeBotError:
        return kind(reason, command=self.command, seat=self._seat, answer=answer, rule=rule)


def _broken_rule(view: View, move: Move) -> IllegalMoveError | None:
    """The rule ``move`` breaks, judged on a state consistent with ``view``.

    Whether a seat's move is legal depends only on what that seat sees (its
    hand, the floor, the houses, the bid), so any consistent state judges it.
    """
    try:
        check_move(sample_state(view, random.Random(0)), move)
    except IllegalMoveError as error:
        return error
    except SeepError:  # pragma: no cover  (a view with no consistent state)
        return None
    return None

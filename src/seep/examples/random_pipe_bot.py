"""A Seep bot over a pipe (protocol seep-pipe/1): it plays a random legal move.

Run it as a seat from any directory::

    seep play --bot 'cmd:python -m seep.examples.random_pipe_bot'

It needs only the standard library (copy this file to start a bot of your
own); logs go to standard error, never to standard output, which carries
the protocol.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable
from typing import Any, TextIO

__all__ = ["answer", "main"]

PROTOCOL = "seep-pipe/1"


def answer(message: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The reply to one message of the engine, or None for none.

    >>> import random
    >>> from seep.examples.random_pipe_bot import answer
    >>> answer({"type": "hello", "protocol": "seep-pipe/1", "seed": 7}, random.Random(7))
    {'type': 'hello', 'protocol': 'seep-pipe/1', 'name': 'random-pipe'}
    """
    if message["type"] == "hello":
        return {"type": "hello", "protocol": PROTOCOL, "name": "random-pipe"}
    if message["type"] == "move":
        view = message["view"]  # the seat's view: hand, floor, houses, scores, history
        print(f"seat {view['seat']}: {len(message['moves'])} moves", file=sys.stderr)
        return {"type": "move", "id": message["id"], "move": rng.choice(message["moves"])}
    return None


def main(lines: Iterable[str] | None = None, out: TextIO | None = None) -> None:
    """Answer the engine's messages, one JSON object a line, until ``quit``.

    ``lines`` and ``out`` are standard input and output unless given:

    >>> import sys
    >>> from seep.examples.random_pipe_bot import main
    >>> hello = '{"type": "hello", "protocol": "seep-pipe/1", "seed": 7}'
    >>> main([hello, '{"type": "quit"}'], sys.stdout)
    {"type": "hello", "protocol": "seep-pipe/1", "name": "random-pipe"}
    """
    rng = random.Random()
    for line in sys.stdin if lines is None else lines:
        message = json.loads(line)
        if message["type"] == "quit":
            break
        if message["type"] == "hello":
            rng.seed(message.get("seed"))  # the engine's seed: games replay
        reply = answer(message, rng)
        if reply is not None:
            print(json.dumps(reply), file=sys.stdout if out is None else out, flush=True)


if __name__ == "__main__":
    main()

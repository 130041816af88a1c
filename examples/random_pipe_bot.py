#!/usr/bin/env python3
"""A Seep bot over a pipe (protocol seep-pipe/1): it plays a random legal move.

Run it as a seat:  seep play --bot 'cmd:python examples/random_pipe_bot.py'
It needs only the standard library; logs go to standard error, never to
standard output, which carries the protocol.
"""

import json
import random
import sys

PROTOCOL = "seep-pipe/1"


def answer(message, rng):
    """The reply to one message of the engine, or None for none."""
    if message["type"] == "hello":
        return {"type": "hello", "protocol": PROTOCOL, "name": "random-pipe"}
    if message["type"] == "move":
        view = message["view"]  # the seat's view: hand, floor, houses, scores, history
        print(f"seat {view['seat']}: {len(message['moves'])} moves", file=sys.stderr)
        return {"type": "move", "id": message["id"], "move": rng.choice(message["moves"])}
    return None


def main():
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "quit":
            break
        if message["type"] == "hello":
            rng.seed(message.get("seed"))  # the engine's seed: games replay
        reply = answer(message, rng)
        if reply is not None:
            print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()

"""Example programs that ship with the package: run them with ``python -m``.

:mod:`seep.examples.random_pipe_bot` is a whole bot over a pipe
(protocol ``seep-pipe/1``) in the standard library alone; since it is
installed with the package, ``cmd:python -m seep.examples.random_pipe_bot``
names it as a seat from any directory:

>>> import shlex, sys
>>> from seep.bots import make_bot
>>> command = f"cmd:{shlex.quote(sys.executable)} -m seep.examples.random_pipe_bot"
>>> with make_bot(command, seed=1) as bot:
...     print(bot.name)
...
random-pipe
"""

from __future__ import annotations

__all__: list[str] = []

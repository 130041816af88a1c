"""The action encoding behind :mod:`seep.actions`: the id sequences of moves and which ids may follow a prefix."""

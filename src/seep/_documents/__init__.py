"""Reading documents: text and JSON read safely, fields read one by one, the JSON objects of moves.

Below :mod:`seep.history` and :mod:`seep.state`, so that both can read and
write their documents; the checks of what a document claims against the
rules are above the engine, in :mod:`seep._checks`.
"""

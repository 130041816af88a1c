"""Small utilities every layer may use: bounded excerpts of bad input, shared bounds, argument checks, old names.

The lowest layer of the package, with :mod:`seep.errors`: nothing here
imports a module of the game.
"""

"""The internals of hidden information: dealing the unseen cards from a view, replaying its history on deck orders.

Used by :mod:`seep.sampling`; beside :mod:`seep.views` and
:mod:`seep.chance` in the hidden-information layer.
"""

"""The rules' cross-checks of a loaded state or view, and the replay of a view's history against the view.

Above the engine (the checks ask it), below :mod:`seep.views`,
:mod:`seep.serialization` and :mod:`seep.sampling`, which refuse a
candidate that fails them.
"""

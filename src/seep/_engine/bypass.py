"""Values the engine builds from parts it has already checked, without their constructors.

The engine makes a state per play and many moves per move list from parts
it has checked (or made) itself, so it skips the constructors, which
convert and validate every field and, being frozen, set each one through
``object.__setattr__``. Every such bypass is here, and each is *generated*
at import from ``attrs.fields`` of its class: a field added to
:class:`~seep.state.State` or to a move is set here with no edit (a field
the transition changes is one more name in :data:`PLAY_CHANGES`), and a
slot the generator does not know (a new attrs internal) stops the import
with a message saying so. Two techniques, both generated:

* **slot setters** (the moves, a house): ``object.__new__``, then each field's slot
  descriptor ``__set__``, which skips the frozen ``__setattr__``;
* **a twin** (the state, sixteen slots): an object of ``_Twin``, a plain
  class with ``State``'s slots and no frozen ``__setattr__``, is filled by
  plain attribute stores and then becomes a ``State`` by ``__class__``
  assignment. Setting each slot through its descriptor (or attrs'
  ``__init__``) calls a method per field: 20,000 instructions a state
  against 2,000. ``State`` keeps no ``__weakref__`` slot, so the layouts
  match; its cached hash (``cache_hash=True``) lives in attrs' slot
  :data:`CACHED_HASH_SLOT`, set to ``None`` (not computed yet).

:class:`~seep.cards.CardSet` has its own bypass,
:func:`seep._engine.cardset.from_mask`, because the set's own operators use
it, as does the engine (as ``card_set``). In the pure build
it sets the one ``mask`` slot the same way (slot setter); in the compiled
build the set is a native class, made by its compiled constructor.

Tests check that each bypass builds a value that equals, hashes, pickles
and reads like the one its constructor builds, and pin the attrs internal
named here.

>>> from seep._engine.bypass import make_take
>>> from seep import Take
>>> from seep.cards import CardSet
>>> make_take(Take("7S").card, CardSet("2S 5D"), None) == Take("7S", loose="2S 5D")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol

import attrs

from seep.cards import Card, CardSet
from seep.history import History
from seep.moves import Build, Raise, Take, Throw
from seep.state import House, Phase, SeepRecord, State

#: The slot in which attrs keeps the hash of a class made with ``cache_hash=True``
#: (an attrs internal: a test pins it, and the import fails if a class has it not).
CACHED_HASH_SLOT: Final = "_attrs_cached_hash"

#: The fields of :class:`~seep.state.State` a play may change, in the order
#: :func:`build_state` takes them (by keyword). Every other field is copied
#: from the state before, but those of :data:`PLAY_SETS` and the caches.
PLAY_CHANGES: Final = (
    "phase",
    "to_move",
    "bid",
    "hands",
    "stock",
    "loose",
    "houses",
    "piles",
    "seeps",
    "last_capture",
    "plays",
    "history",
)
#: Fields every move sets to one value: the floor is face up after any move (R2.5).
PLAY_SETS: Final[dict[str, object]] = {"face_up": True}


class BuildState(Protocol):
    """The signature of :func:`build_state` (its keywords are :data:`PLAY_CHANGES`)."""

    def __call__(
        self,
        state: State,
        *,
        phase: Phase,
        to_move: int | None,
        bid: int | None,
        hands: tuple[CardSet, ...],
        stock: tuple[Card, ...],
        loose: CardSet,
        houses: tuple[House, ...],
        piles: tuple[CardSet, ...],
        seeps: tuple[SeepRecord, ...],
        last_capture: int | None,
        plays: int,
        history: History,
    ) -> State: ...


class WithDeal(Protocol):
    """The signature of :func:`with_deal`."""

    def __call__(
        self, state: State, *, hands: tuple[CardSet, ...], stock: tuple[Card, ...], history: History
    ) -> State: ...


def _slots(cls: type) -> set[str]:
    """Every slot of ``cls`` and its bases but ``__weakref__``."""
    found: set[str] = set()
    for klass in cls.__mro__:
        found.update(getattr(klass, "__slots__", ()))
    found.discard("__weakref__")
    return found


def _check_slots(cls: type, fields: tuple[attrs.Attribute[Any], ...]) -> bool:
    """Whether ``cls`` caches its hash; raises ``RuntimeError`` on a slot that is not a field."""
    slots = _slots(cls)
    unknown = slots - {field.name for field in fields} - {CACHED_HASH_SLOT}
    if unknown:
        raise RuntimeError(
            f"{cls.__name__} has slots {sorted(unknown)} that are not attrs fields, which "
            "seep._engine.bypass would leave unset: if attrs renamed its cached-hash slot, "
            f"update CACHED_HASH_SLOT (now {CACHED_HASH_SLOT!r})"
        )
    if hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        raise RuntimeError(f"{cls.__name__} runs code in __init__ that a bypass would skip")
    return CACHED_HASH_SLOT in slots


def _compiled(name: str, lines: list[str], namespace: dict[str, Any]) -> Any:
    """The function ``name`` defined by the source ``lines``, whose globals are ``namespace``."""
    exec(compile("\n".join(lines), f"<seep._engine.bypass {name}>", "exec"), namespace)
    return namespace[name]


def _slot_setter(cls: type, name: str) -> Any:
    """``name(*fields)``: a ``cls`` of its init fields, in order, set through their slots."""
    fields = attrs.fields(cls)
    cached = _check_slots(cls, fields)
    if any(not field.init for field in fields):
        raise RuntimeError(f"{cls.__name__} has fields made by __init__, which {name} cannot make")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = [f"def {name}({', '.join(field.alias for field in fields)}):", "    self = _new(_cls)"]
    for field in fields:
        namespace[f"_set_{field.name}"] = cls.__dict__[field.name].__set__
        lines.append(f"    _set_{field.name}(self, {field.alias})")
    if cached:
        namespace["_set_hash"] = cls.__dict__[CACHED_HASH_SLOT].__set__
        lines.append("    _set_hash(self, None)")
    lines.append("    return self")
    return _compiled(name, lines, namespace)


def _twin_copy(
    name: str, changes: tuple[str, ...], sets: dict[str, object], *, keywords: bool = True
) -> Any:
    """``name(state, *, <changes>)``: a copy of ``state`` with ``changes`` and ``sets``, nothing cached.

    Made through ``_Twin`` (see the module's docstring). A field that is
    not an ``__init__`` argument is a cache and gets its default.
    ``keywords``: the changes are keyword-only (else positional).
    """
    fields = attrs.fields(State)
    if not _check_slots(State, fields):
        raise RuntimeError(f"State no longer keeps its cached hash in {CACHED_HASH_SLOT!r}")
    unknown = (set(changes) | set(sets)) - {field.name for field in fields}
    if unknown:
        raise RuntimeError(f"{name}: {sorted(unknown)} are not fields of State")
    namespace: dict[str, Any] = {"_new": object.__new__, "_Twin": _Twin, "_State": State}
    star = "*, " if keywords else ""
    lines = [f"def {name}(state, {star}{', '.join(changes)}):", "    after = _new(_Twin)"]
    for field in fields:
        if field.name in changes:
            value = field.name
        elif field.name in sets:
            value = f"_set_{field.name}"
            namespace[value] = sets[field.name]
        elif not field.init:
            if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
                raise RuntimeError(f"{name}: the cache State.{field.name} needs a plain default")
            value = f"_default_{field.name}"
            namespace[value] = field.default
        else:
            value = f"state.{field.name}"
        lines.append(f"    after.{field.name} = {value}")
    lines += [
        f"    after.{CACHED_HASH_SLOT} = None",
        "    after.__class__ = _State",
        "    return after",
    ]
    return _compiled(name, lines, namespace)


# A State being filled in: its slots, settable. It is made at run time with
# type(), so that a compiled (mypyc) build leaves it a plain Python class with
# State's layout, whose instances may then become States by __class__ assignment.
_Twin: Final[Any] = type(
    "_Twin",
    (),
    {"__slots__": State.__slots__, "__doc__": "A State being filled in by a bypass."},  # type: ignore[attr-defined]
)


#: A :class:`~seep.moves.Take` of values known to be valid (the generator's moves).
make_take: Final[Callable[[Card, CardSet, int | None], Take]] = _slot_setter(Take, "make_take")
#: A :class:`~seep.moves.Build` of values known to be valid.
make_build: Final[Callable[[Card, CardSet, int], Build]] = _slot_setter(Build, "make_build")
#: A :class:`~seep.moves.Raise` of values known to be valid.
make_raise: Final[Callable[[Card, int], Raise]] = _slot_setter(Raise, "make_raise")
#: A :class:`~seep.moves.Throw` of a card known to be valid.
make_throw: Final[Callable[[Card], Throw]] = _slot_setter(Throw, "make_throw")
#: A :class:`~seep.state.House` of a value, cards and owners known to be valid (a build's or a raise's).
make_house: Final[Callable[[int, CardSet, tuple[int, ...]], House]] = _slot_setter(
    House, "make_house"
)

#: ``keep_legal_moves(state, moves)``: keep ``moves`` in the one mutable slot of a
#: frozen state, ``_legal_cache`` (its slot's setter: half the time of
#: ``object.__setattr__``, which looks the name up on every call).
keep_legal_moves: Final[Callable[[State, object], None]] = State.__dict__["_legal_cache"].__set__

#: The state after a play of ``state``: the one place the transition makes a
#: state. The fields of :data:`PLAY_CHANGES` are given, those of
#: :data:`PLAY_SETS` set, the rest copied from ``state``, nothing cached.
build_state: Final[BuildState] = _twin_copy("build_state", PLAY_CHANGES, PLAY_SETS)
#: ``state`` with other ``hands`` and nothing cached: a sampled deal's table,
#: asked about a move (the hands are not checked against the rest).
with_hands: Final[Callable[[State, tuple[CardSet, ...]], State]] = _twin_copy(
    "with_hands", ("hands",), {}, keywords=False
)
#: ``state`` with the hands, stock and history of another deck, nothing cached
#: (a view's history replayed on a sampled deck).
with_deal: Final[WithDeal] = _twin_copy("with_deal", ("hands", "stock", "history"), {})

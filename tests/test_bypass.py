"""The engine's constructor bypasses build the same values as the constructors.

The engine builds moves, card sets and states without their constructors
(:mod:`seep._engine.bypass`). Each bypass-built value must equal, hash,
pickle and read like the one its constructor builds, and the attrs
internals the bypasses touch are pinned here, so that an attrs release
that changes them fails these tests (and the import) with a message
naming the internal.
"""

from __future__ import annotations

import ast
import inspect
import pickle
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from seep import (
    Build,
    CardSet,
    House,
    Raise,
    State,
    Take,
    Throw,
    apply_move,
    legal_moves,
    new_deal,
)
from seep._engine import bypass
from seep._engine.bypass import (
    CACHED_HASH_SLOT,
    PLAY_CHANGES,
    PLAY_SETS,
    BuildState,
    build_state,
    keep_legal_moves,
    make_build,
    make_house,
    make_raise,
    make_take,
    make_throw,
    with_deal,
    with_hands,
)
from seep.cards import ALL_CARDS, from_mask
from seep.history import History
from seep.variants import STANDARD, Variant


def _same_value(fast: Any, made: Any) -> None:
    """``fast`` (bypass-built) and ``made`` (constructor-built) are the same value in every way."""
    assert type(fast) is type(made)
    assert fast == made and made == fast
    assert (fast != made) is False
    assert hash(fast) == hash(made)
    assert repr(fast) == repr(made)
    thawed = pickle.loads(pickle.dumps(fast))
    assert type(thawed) is type(made) and thawed == made and hash(thawed) == hash(made)
    assert pickle.loads(pickle.dumps(made)) == fast


def _played(seed: int, plies: int, variant: str = "standard") -> State:
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    for _ in range(plies):
        if state.is_over:
            break
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])
    return state


def _constructed(state: State, **changes: Any) -> State:
    """``state`` with ``changes``, built by ``State(...)`` (attrs' ``__init__``)."""
    fields = {
        field.alias: getattr(state, field.name) for field in attrs.fields(State) if field.init
    }
    return State(**{**fields, **changes})


@pytest.mark.parametrize("card", [ALL_CARDS[0], ALL_CARDS[25], ALL_CARDS[51]])
def test_bypass_moves_equal_hash_and_pickle_like_constructed_moves(card: Any) -> None:
    loose = CardSet("2S 5D")
    _same_value(make_take(card, loose, None), Take(card, loose=loose))
    _same_value(make_take(card, loose, 11), Take(card, loose=loose, house=11))
    _same_value(make_build(card, loose, 13), Build(card, loose=loose, value=13))
    _same_value(make_raise(card, 9), Raise(card, house=9))
    _same_value(make_house(9, loose, (0, 2)), House(value=9, cards=loose, owners=(0, 2)))
    _same_value(make_throw(card), Throw(card))


@pytest.mark.parametrize("mask", [0, 1, 0b1011 << 20, (1 << 52) - 1])
def test_card_set_bypass_equals_hashes_and_pickles_like_the_constructor(mask: int) -> None:
    _same_value(from_mask(mask), CardSet(mask))


@pytest.mark.parametrize(("seed", "plies"), [(1, 0), (2, 1), (3, 7), (4, 30), (5, 48)])
def test_build_state_equals_hashes_and_pickles_like_the_constructor(seed: int, plies: int) -> None:
    before = _played(seed, plies)
    after = _played(seed, plies + 1)
    fast = build_state(before, **{name: getattr(after, name) for name in PLAY_CHANGES})
    _same_value(fast, _constructed(after))
    assert fast.history is after.history and fast.history == after.history
    assert fast.face_up and fast._legal_cache is None
    assert legal_moves(fast) == legal_moves(after)


def test_build_state_copies_every_field_a_play_does_not_change() -> None:
    before = attrs.evolve(_played(6, 3), redeals=2)
    fast = build_state(before, **{name: getattr(before, name) for name in PLAY_CHANGES})
    for field in attrs.fields(State):
        if field.init and field.name not in PLAY_CHANGES and field.name not in PLAY_SETS:
            assert getattr(fast, field.name) is getattr(before, field.name), field.name
    assert fast.redeals == 2


def test_with_hands_and_with_deal_equal_the_constructed_states() -> None:
    state = _played(7, 9)
    hands = tuple(reversed(state.hands))
    _same_value(with_hands(state, hands), _constructed(state, hands=hands))
    other = _played(8, 9)
    fast = with_deal(state, hands=other.hands, stock=other.stock, history=other.history)
    made = _constructed(state, hands=other.hands, stock=other.stock, history=other.history)
    _same_value(fast, made)
    assert fast.history == other.history


def test_a_cached_state_hash_is_not_carried_by_the_bypass() -> None:
    state = _played(9, 5)
    hash(state)  # cached in attrs' slot
    changed = with_hands(state, tuple(reversed(state.hands)))
    assert getattr(changed, CACHED_HASH_SLOT) is None
    assert hash(changed) == hash(_constructed(state, hands=changed.hands))


def test_every_bypass_of_the_module_is_checked_here() -> None:
    """A bypass added to the module without a test here fails this test."""
    built = {
        name
        for name, value in vars(bypass).items()
        if callable(value) and name.startswith(("make_", "build_", "with_", "keep_"))
    }
    assert built == {
        "make_take",
        "make_build",
        "make_raise",
        "make_throw",
        "make_house",
        "build_state",
        "with_hands",
        "with_deal",
        "keep_legal_moves",
    }


def test_legal_moves_kept_on_a_state_leave_it_equal_and_are_found_again() -> None:
    state = new_deal("standard", seed=4)
    twin = attrs.evolve(state)  # nothing cached yet
    moves = legal_moves(state)
    keep_legal_moves(twin, moves)
    assert legal_moves(twin) is moves
    assert twin == state and hash(twin) == hash(state)  # the slot is no field of equality
    assert pickle.loads(pickle.dumps(twin)) == state


def test_build_state_signature_is_the_fields_a_play_changes() -> None:
    # Read from the source: a compiled build keeps no signature for the protocol.
    tree = ast.parse(Path(bypass.__file__).with_name("bypass.py").read_text(encoding="utf-8"))
    protocol = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and node.name == BuildState.__name__
    )
    call = next(node for node in protocol.body if isinstance(node, ast.FunctionDef))
    assert [argument.arg for argument in call.args.kwonlyargs] == list(PLAY_CHANGES)
    assert list(inspect.signature(build_state).parameters)[1:] == list(PLAY_CHANGES)


def test_attrs_keeps_a_cached_hash_in_the_pinned_slot() -> None:
    """The attrs internal the state bypass writes: where ``cache_hash=True`` keeps the hash.

    If this fails after an attrs upgrade, attrs renamed or removed that
    slot: update ``CACHED_HASH_SLOT`` in ``seep._engine.bypass``.
    """

    @attrs.frozen(cache_hash=True, weakref_slot=False)
    class Cached:
        a: int

    assert set(Cached.__slots__) == {"a", CACHED_HASH_SLOT}, (  # type: ignore[attr-defined]
        f"attrs no longer keeps a cached hash in {CACHED_HASH_SLOT!r}: "
        "update CACHED_HASH_SLOT in seep._engine.bypass"
    )
    assert CACHED_HASH_SLOT in State.__slots__  # type: ignore[attr-defined]
    assert "__weakref__" not in State.__slots__  # type: ignore[attr-defined]


def test_attrs_slots_take_a_value_through_their_descriptors() -> None:
    """The other attrs behaviour the move bypasses use: a frozen slotted class's fields are plain slots."""

    @attrs.frozen
    class Pair:
        a: int
        b: int = attrs.field(kw_only=True)

    pair = object.__new__(Pair)
    Pair.__dict__["a"].__set__(pair, 1)
    Pair.__dict__["b"].__set__(pair, 2)
    assert pair == Pair(1, b=2) and hash(pair) == hash(Pair(1, b=2))


def test_a_field_added_to_a_value_class_is_set_with_no_edit() -> None:
    @attrs.frozen
    class Grown:
        card: int
        loose: int = attrs.field(kw_only=True)
        added: str = attrs.field(kw_only=True)

    make = bypass._slot_setter(Grown, "make_grown")
    assert make(1, 2, "x") == Grown(1, loose=2, added="x")


def test_a_slot_the_bypass_does_not_know_stops_it_with_a_message() -> None:
    @attrs.frozen
    class Base:
        a: int

    class Extra(Base):
        __slots__ = ("hidden",)

    with pytest.raises(RuntimeError, match=r"\['hidden'\].*CACHED_HASH_SLOT"):
        bypass._slot_setter(Extra, "make_extra")


def test_a_value_whose_init_runs_code_is_refused() -> None:
    @attrs.frozen
    class Checked:
        a: int

        def __attrs_post_init__(self) -> None:
            pass

    with pytest.raises(RuntimeError, match="runs code in __init__"):
        bypass._slot_setter(Checked, "make_checked")


def test_variant_equality_is_written_in_the_class() -> None:
    assert "__eq__" in Variant.__dict__ and "__hash__" in Variant.__dict__
    source = inspect.getsource(Variant)
    assert "def __eq__" in source and "def __hash__" in source
    copy = attrs.evolve(STANDARD)
    assert copy is not STANDARD and copy == STANDARD and hash(copy) == hash(STANDARD)
    assert attrs.evolve(STANDARD, players=2) != STANDARD
    assert STANDARD != "standard" and STANDARD == STANDARD


def test_a_history_node_knows_its_length_and_seat() -> None:
    state = _played(10, 12)
    node: History | None = state.history
    while node is not None and node.parent is not None:
        assert len(node) == len(node.parent) + len(node.entries()) - len(node.parent.entries())
        node = node.parent
    assert len(state.history) == len(state.history.entries())

"""Renamed public names: the old ones still work for one release, each with a DeprecationWarning.

The warning points at the line that uses the old name (its ``filename`` is
this file), names the new name, and the old name gives what the new one does.
"""

from __future__ import annotations

import importlib
import inspect
import random
import re
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

import seep
from seep import apply_move, new_deal, parse_move
from seep.views import observe

ROOT = Path(__file__).resolve().parent.parent

# module, old name, new name (as the warning spells it), the new object
RENAMED: list[tuple[str, str, str, Callable[[], object]]] = [
    (
        "seep.records",
        "verify",
        "seep.records.verify_record",
        lambda: _get("records", "verify_record"),
    ),
    (
        "seep.records",
        "replay",
        "seep.records.replay_record",
        lambda: _get("records", "replay_record"),
    ),
    ("seep.chance", "play", "seep.chance.play_move", lambda: _get("chance", "play_move")),
    (
        "seep.bounds",
        "bounds",
        "seep.bounds.variant_bounds",
        lambda: _get("bounds", "variant_bounds"),
    ),
    ("seep.render", "render_state", "seep.render.state_text", lambda: _get("render", "state_text")),
    ("seep.render", "render_view", "seep.render.view_text", lambda: _get("render", "view_text")),
    ("seep.render", "render_sheet", "seep.render.sheet_text", lambda: _get("render", "sheet_text")),
    (
        "seep.history",
        "format_history",
        "seep.history.history_text",
        lambda: _get("history", "history_text"),
    ),
    (
        "seep.sampling",
        "DEFAULT_TRIES",
        "seep.sampling.DEFAULT_VIEW_ONLY_PROPOSALS",
        lambda: _get("sampling", "DEFAULT_VIEW_ONLY_PROPOSALS"),
    ),
]
# The old names that are not a plain rename: they give what the new name gives with an argument.
FORMAT_STATE = ["seep", "seep.notation", "seep.render"]


def _get(module: str, name: str) -> object:
    return getattr(importlib.import_module(f"seep.{module}"), name)


def _one_warning(caught: list[warnings.WarningMessage], old: str, new: str) -> None:
    assert len(caught) == 1, [str(w.message) for w in caught]
    warning = caught[0]
    assert warning.category is DeprecationWarning
    assert warning.filename == __file__  # stacklevel: the line that used the old name
    assert str(warning.message) == (
        f"{old} is deprecated and will be removed in the next release: use {new}"
    )


@pytest.mark.parametrize(
    ("module", "old", "new", "target"), RENAMED, ids=lambda x: x if isinstance(x, str) else None
)
def test_an_old_module_name_warns_at_the_caller_and_gives_the_new_object(
    module: str, old: str, new: str, target: Callable[[], object]
) -> None:
    namespace = importlib.import_module(module)
    assert old not in namespace.__all__ and new.rsplit(".", 1)[1] in namespace.__all__
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = getattr(namespace, old)
    _one_warning(caught, f"{module}.{old}", new)
    assert value is target()


@pytest.mark.parametrize(
    ("module", "old", "new", "target"), RENAMED, ids=lambda x: x if isinstance(x, str) else None
)
def test_importing_an_old_name_warns_at_the_import_line(
    module: str, old: str, new: str, target: Callable[[], object]
) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(f"from {module} import {old}", {"__file__": __file__}, {})
    assert len(caught) == 1 and caught[0].category is DeprecationWarning
    assert new in str(caught[0].message)


def test_old_names_still_do_what_they_did() -> None:
    start = new_deal("standard", seed=10)
    after = apply_move(start, parse_move("bid 12"))
    with pytest.warns(DeprecationWarning):
        from seep.records import record_from_deal, replay, verify
    record = record_from_deal(start, [parse_move("bid 12")])
    assert replay(record) == [[start, after]]
    assert verify(record) is None
    with pytest.warns(DeprecationWarning):
        from seep.chance import play
    assert play(start, parse_move("bid 12")) == after
    with pytest.warns(DeprecationWarning):
        from seep.bounds import bounds
    assert bounds("taash").longest_deal_actions == 195


@pytest.mark.parametrize("module", FORMAT_STATE)
def test_format_state_is_state_text_in_card_notation(module: str) -> None:
    from seep.render import state_text

    namespace = importlib.import_module(module)
    assert "format_state" not in namespace.__all__
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        format_state = namespace.format_state
    new = "seep.state_text" if module == "seep" else "seep.render.state_text"
    _one_warning(caught, f"{module}.format_state", f"{new}(state, symbols=False)")
    state = new_deal("taash", seed=3)
    assert format_state(state) == state_text(state, symbols=False)
    assert "3D 5H 8C TC" in format_state(new_deal("standard", seed=7))


def test_num_actions_gives_num_actions_for_every_variant() -> None:
    import seep.actions

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        num_actions = seep.actions.num_actions
    _one_warning(caught, "seep.actions.num_actions", "seep.actions.NUM_ACTIONS")
    assert "num_actions" not in seep.actions.__all__
    assert {num_actions(name) for name in seep.variant_names()} == {seep.actions.NUM_ACTIONS}
    with pytest.raises(KeyError):
        num_actions("no-such-game")


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    import seep.records

    with pytest.raises(AttributeError, match=r"'seep\.records' has no attribute 'verifyy'"):
        _ = seep.records.verifyy  # type: ignore[attr-defined]
    assert not hasattr(seep, "no_such_name")


# --- the sampling budget ------------------------------------------------------


def _known_view() -> seep.views.View:
    return observe(apply_move(new_deal("standard", seed=10), parse_move("bid 12")), 0)


def _unknown_view() -> seep.views.View:
    from seep.testing import position

    return observe(position(hand="9S 4H", loose="5C", houses=[(9, "4S 5H", [1])]), 0)


def test_sample_deal_and_sample_state_take_the_same_budget_and_seed_arguments() -> None:
    from seep.sampling import sample_deal, sample_state, sample_states

    for function in (sample_deal, sample_state, sample_states):
        parameters = inspect.signature(function).parameters
        assert parameters["rng"].annotation == "random.Random | int"
        assert parameters["max_proposals"].kind is inspect.Parameter.KEYWORD_ONLY
    view = _known_view()
    assert sample_deal(view, 5).state == sample_deal(view, random.Random(5)).state
    assert sample_state(view, 5) == sample_state(view, random.Random(5))
    assert sample_state(view, 5, max_proposals=50) == sample_deal(view, 5, max_proposals=50).state


@pytest.mark.parametrize("view", [_known_view, _unknown_view], ids=["known", "unknown"])
def test_max_tries_warns_at_the_caller_and_keeps_its_meaning(
    view: Callable[[], seep.views.View],
) -> None:
    """``max_tries`` counted the view-only shuffles only: a known history ignores it, as before."""
    from seep.sampling import sample_state, sample_states

    seen = view()
    same = {} if seen.history_known else {"max_proposals": 0}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = sample_state(seen, 4, max_tries=0)
    _one_warning(
        caught,
        "seep.sampling.sample_state(max_tries=...)",
        "seep.sampling.sample_state(max_proposals=...)",
    )
    assert old == sample_state(seen, 4, **same)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        samples = sample_states(seen, 4, 2, max_tries=0)  # warned when called, not when drawn
    _one_warning(
        caught,
        "seep.sampling.sample_states(max_tries=...)",
        "seep.sampling.sample_states(max_proposals=...)",
    )
    assert list(samples) == list(sample_states(seen, 4, 2, **same))
    with pytest.raises(TypeError, match=r"both max_tries= \(deprecated\) and max_proposals="):
        sample_state(seen, 4, max_tries=5, max_proposals=5)


def test_a_budget_of_no_proposals_finds_no_exact_sample() -> None:
    """The exact sampler proposes at most ``max_proposals`` deck orders, the view-only one falls back."""
    from seep.errors import InvalidStateError
    from seep.sampling import sample_deal, sample_state, sample_states

    with pytest.raises(InvalidStateError, match="in 0 proposals"):
        sample_state(_known_view(), 1, max_proposals=0)
    with pytest.raises(InvalidStateError, match="in 0 proposals"):
        sample_deal(_known_view(), 1, max_proposals=0)
    with pytest.raises(InvalidStateError, match="in 0 proposals"):
        next(sample_states(_known_view(), 1, 1, method="chain", max_proposals=0))
    assert observe(sample_state(_unknown_view(), 1, max_proposals=0), 0) == _unknown_view()


# --- no old name left in the project's own text -------------------------------

OLD_NAMES = re.compile(
    r"\b(render_state|render_view|render_sheet|format_state|format_history|num_actions"
    r"|DEFAULT_TRIES|max_tries)\b"
    r"|records\.(verify|replay)\b|chance\.play\b|bounds\.bounds\b"
    r"|(?<![\w.])(verify|replay)\(record|(?<![\w.])bounds\(\""
)


def test_the_docs_readme_tests_and_benchmarks_use_the_new_names() -> None:
    """Only the tables of old names (and this file and the changelog) still spell them."""
    allowed = {
        "src/seep/__init__.py",
        "src/seep/actions.py",
        "src/seep/history.py",
        "src/seep/notation.py",
        "src/seep/render.py",
        "src/seep/sampling.py",
        "tests/test_deprecated_names.py",
        "tests/test_imports.py",
    }
    found = []
    for folder, pattern in [
        ("src", "**/*.py"),
        ("tests", "**/*.py"),
        ("benchmarks", "**/*.py"),
        ("docs", "**/*.md"),
        ("docs", "**/*.rst"),
        (".", "README.md"),
    ]:
        for path in (ROOT / folder).glob(pattern):
            name = path.relative_to(ROOT).as_posix()
            if name in allowed:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if OLD_NAMES.search(line):
                    found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)

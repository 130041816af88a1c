"""The engine's caches: one byte budget over all of them, a report of what they hold, and a way to empty them.

The caches only remember answers of the searches, so the moves found
under any budget (even one that empties them all the time) must be the
same as with room to spare.
"""

from __future__ import annotations

import ast
import importlib
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import seep
from seep import apply_move, count_legal_moves, legal_moves, new_deal
from seep._engine import caches, groups
from seep.cards import ALL_CARDS
from seep.errors import InputError
from seep.testing import position

SOURCE = Path(seep.__file__).parent
FACILITY = SOURCE / "_engine" / "caches.py"
#: Module-level dicts written after import that are no caches, and why.
NOT_CACHES = {("variants/__init__.py", "_REGISTRY"): "the variants registered by name"}


@pytest.fixture
def budget() -> Iterator[None]:
    """Restore the budget and empty the caches after the test."""
    old = seep.set_cache_budget(seep.cache_report().budget)
    yield
    seep.set_cache_budget(old)
    seep.clear_caches()


def random_play(variant: str, seed: int, check: int | None = None) -> list[tuple[int, str]]:
    """A seeded random deal: the number of legal moves at each turn and the move played.

    With ``check``, the caches' reported total is checked against that many bytes after every move.
    """
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    played: list[tuple[int, str]] = []
    while not state.is_over:
        moves = legal_moves(state)
        move = rng.choice(moves)
        played.append((len(moves), str(move)))
        state = apply_move(state, move)
        if check is not None:
            assert seep.cache_report().size <= check
    return played


def crowded(seed: int) -> tuple[str, str]:
    """A seeded crowded floor (14 to 22 loose cards, R3.4) and 3 cards in hand."""
    rng = random.Random(f"caches/{seed}")
    deck = [str(card) for card in ALL_CARDS]
    rng.shuffle(deck)
    loose = rng.randint(14, 22)
    return " ".join(deck[:3]), " ".join(deck[3 : 3 + loose])


def crowded_answers(seed: int) -> tuple[int, list[str]]:
    """The number of legal moves of :func:`crowded` ``seed`` and a few of them, by index."""
    hand, loose = crowded(seed)
    state = position("standard" if seed % 2 else "taash", hand=hand, loose=loose)
    count = count_legal_moves(state)
    moves = legal_moves(state)
    rng = random.Random(seed)
    return count, [str(moves[rng.randrange(count)]) for _ in range(5)]


def test_a_small_budget_bounds_the_caches_and_changes_no_move(budget: None) -> None:
    seep.set_cache_budget(1 << 30)
    expected = [random_play(variant, seed) for variant in ("standard", "taash") for seed in (1, 2)]
    expected_crowded = [crowded_answers(seed) for seed in range(4)]
    seep.clear_caches()
    small = 96 << 10
    seep.set_cache_budget(small)
    emptied = caches.emptied()
    found = [
        random_play(variant, seed, check=small)
        for variant in ("standard", "taash")
        for seed in (1, 2)
    ]
    assert found == expected
    assert caches.emptied() > emptied  # the budget was reached and kept
    assert 0 < seep.cache_report().size <= small
    assert [crowded_answers(seed) for seed in range(4)] == expected_crowded


def _random_floors(rng: random.Random, count: int) -> Iterator[int]:
    """``count`` random small floors (1 to 8 loose cards) as card masks."""
    for _ in range(count):
        yield sum(1 << card for card in rng.sample(range(52), rng.randint(1, 8)))


def _index_holds_only_kept_tables() -> bool:
    kept = {id(table) for table in groups._tables.values()}
    return all(id(table) in kept for table in groups._by_mask.values())


def test_a_floor_met_again_finds_its_table_and_the_index_stays_small(budget: None) -> None:
    seep.set_cache_budget(1 << 30)
    seep.clear_caches()
    rng = random.Random(5)
    limit = groups._INDEX_LIMIT
    for loose in _random_floors(rng, limit + 1000):
        table = groups.floor_table(loose)
        assert table is not None and groups.floor_table(loose) is table
        # The table is of the floor's values, lowest card first, whatever the suits.
        assert table.values == tuple(card // 4 + 1 for card in range(52) if loose >> card & 1)
    assert limit // 2 <= len(groups._by_mask) <= limit  # its older half dropped at the limit
    assert _index_holds_only_kept_tables()
    # A small budget drops tables again and again: the index never keeps one alive.
    seep.set_cache_budget(64 << 10)
    for loose in _random_floors(rng, 3000):
        groups.floor_table(loose)
        assert seep.cache_report().size <= 64 << 10
    assert _index_holds_only_kept_tables()


def test_lowering_the_budget_empties_caches_at_once(budget: None) -> None:
    seep.set_cache_budget(1 << 30)
    random_play("taash", 3)
    held = seep.cache_report().size
    assert held > 1 << 15
    assert seep.set_cache_budget(held // 2) == 1 << 30
    report = seep.cache_report()
    assert report.budget == held // 2
    assert report.size <= held // 2
    # Far lower: the largest caches halve again and again until under it, at once.
    seep.set_cache_budget(held // 64)
    assert seep.cache_report().size <= held // 64


def test_a_budget_of_zero_keeps_nothing_and_still_plays_the_same(budget: None) -> None:
    seep.set_cache_budget(1 << 30)
    expected = random_play("standard", 5)
    seep.clear_caches()
    seep.set_cache_budget(0)
    assert random_play("standard", 5) == expected
    assert seep.cache_report().entries <= 3  # at most the answers of the last search


def test_a_cache_that_can_halve_keeps_its_newer_half(budget: None) -> None:
    table: dict[int, int] = {}
    cache = caches.register(
        "test.halving", table.__len__, table.clear, lambda: caches.drop_older_half(table)
    )
    try:
        seep.clear_caches()
        seep.set_cache_budget(1 << 20)
        table.update((number, number) for number in range(1000))
        cache.charge(1000 << 10)
        cache.charge(100 << 10)  # over the budget: this cache is the largest
        assert sorted(table) == list(range(500, 1000))
        assert cache.size == (500 + 100) << 10  # half of the first charge, and the second
        assert seep.cache_report().size <= 1 << 20
    finally:
        caches.forget("test.halving")


def test_clear_caches_empties_every_cache(budget: None) -> None:
    random_play("taash", 4)
    crowded_answers(1)
    assert seep.cache_report().entries > 0
    seep.clear_caches()
    report = seep.cache_report()
    assert report.size == report.entries == 0
    assert all(cache.entries == cache.size == 0 for cache in report.caches)
    assert caches.total() == 0


def test_the_report_adds_up_its_caches() -> None:
    random_play("standard", 6)
    report = seep.cache_report()
    assert report.entries == sum(cache.entries for cache in report.caches)
    assert report.size == sum(cache.size for cache in report.caches)
    assert [cache.name for cache in report.caches] == sorted(cache.name for cache in report.caches)
    assert "caches:" in str(report)


def test_the_budget_is_a_count_of_bytes() -> None:
    with pytest.raises(InputError, match="size: a count is 0 or more, not -1"):
        seep.set_cache_budget(-1)
    with pytest.raises(TypeError, match="size: expected an int, not str"):
        seep.set_cache_budget("32M")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "size"),
    [("33554432", 32 << 20), ("32M", 32 << 20), ("512k", 512 << 10), ("1GiB", 1 << 30)],
)
def test_the_environment_writes_a_budget_in_bytes_or_with_a_suffix(text: str, size: int) -> None:
    assert caches.parse_budget(text) == size


@pytest.mark.parametrize("text", ["lots", "-1", "32X", ""])
def test_a_bad_budget_in_the_environment_names_the_variable(text: str) -> None:
    with pytest.raises(InputError, match="SEEP_CACHE_BUDGET: a budget is a number of bytes"):
        caches.parse_budget(text)


def test_a_bad_budget_in_the_environment_warns_and_keeps_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SEEP_CACHE_BUDGET", "lots")
    with pytest.warns(RuntimeWarning, match="SEEP_CACHE_BUDGET"):
        assert caches._default_budget() == caches.DEFAULT_BUDGET
    monkeypatch.setenv("SEEP_CACHE_BUDGET", "64M")
    assert caches._default_budget() == 64 << 20


# -- every cache of the source is registered ----------------------------------


def sources() -> Iterator[tuple[str, str]]:
    """Each source file of the package but the cache facility: its path in the package, and its text."""
    for path in sorted(SOURCE.rglob("*.py")):
        if path != FACILITY:
            yield path.relative_to(SOURCE).as_posix(), path.read_text(encoding="utf-8")


def module_of(relative: str) -> str:
    """The dotted name of the module at ``relative`` in the package."""
    return "seep." + relative.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def registered_names(text: str) -> list[str]:
    """The names the file registers its caches under (``@cached("...")`` and ``register("...")``)."""
    return re.findall(r"""(?:@cached|\bregister)\(\s*["']([\w.]+)["']""", text)


def dict_caches(text: str) -> set[str]:
    """The module-level dicts the file's functions write to: caches unless shown otherwise."""
    tree = ast.parse(text)
    module_dicts = {
        target.id
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name) and not node.value.keys
    }
    written = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            targets = node.targets if isinstance(node, ast.Assign) else []
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Subscript) and isinstance(part.value, ast.Name):
                        written.add(part.value.id)
            called = node.func if isinstance(node, ast.Call) else None
            if (
                isinstance(called, ast.Attribute)
                and called.attr in {"setdefault", "update"}
                and isinstance(called.value, ast.Name)
            ):
                written.add(called.value.id)
    return module_dicts & written


def emptied_by_registration(text: str) -> set[str]:
    """The names the file's ``register(...)`` calls reach: in their arguments, or in the functions they pass."""
    tree = ast.parse(text)
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    reached: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "register":
            for argument in node.args:
                for part in ast.walk(argument):
                    if isinstance(part, ast.Name):
                        reached.add(part.id)
                        if part.id in functions:
                            reached |= {
                                name.id
                                for name in ast.walk(functions[part.id])
                                if isinstance(name, ast.Name)
                            }
    return reached


def test_no_cache_bypasses_the_budget() -> None:
    unbudgeted = [
        relative
        for relative, text in sources()
        if re.search(r"\blru_cache\b|functools\.cache\b|^\s*@cache\b", text, re.MULTILINE)
    ]
    assert unbudgeted == [], "cache through seep._engine.caches.cached, under the budget"


def test_every_module_level_dict_cache_is_registered() -> None:
    unregistered = [
        (relative, name)
        for relative, text in sources()
        for name in sorted(dict_caches(text) - emptied_by_registration(text))
        if (relative, name) not in NOT_CACHES
    ]
    assert unregistered == []


def test_the_report_lists_every_cache_of_the_source() -> None:
    expected: set[str] = set()
    for relative, text in sources():
        names = registered_names(text)
        if names:
            importlib.import_module(module_of(relative))
            expected |= set(names)
    assert len(expected) >= 27
    listed = {cache.name for cache in seep.cache_report().caches}
    assert expected <= listed
    assert {name for name in listed if not name.startswith("doctest.")} == expected


@pytest.mark.parametrize("seed", range(6))
def test_the_crowded_counts_results_are_sized_in_c_as_a_full_walk_sizes_them(seed: int) -> None:
    # The large results of crowded-floor counts are estimated without a
    # Python call per item (caches.pairs); on real results they must agree
    # with footprint, which walks every item, or the budget would drift
    # (footprint counts the collector's header of each tuple, the estimate
    # counts the shared small ints).
    from seep._engine import counting

    rng = random.Random(seed)
    values = [card.value for card in rng.sample(ALL_CARDS, 20)]
    counts = sum(values.count(value) << (4 * value) for value in set(values))
    top = rng.randrange(3, 8)
    low = counts & ((1 << (4 * top + 4)) - 1)
    results = [
        (counting._box_bytes, counting._box(counts)),
        (counting._parts_bytes, counting._small_parts(low, top)),
        *[
            (caches.pairs, found)
            for total in range(top + 1, 14)
            for found in (
                counting._large_parts(low, top, total),
                counting._parts(counts, top, total),
            )
        ],
        *[(counting._sets_bytes, counting.union_sets(counts, total, 0)) for total in range(9, 14)],
        *[(counting._sets_bytes, counting.packing_sets(counts, total, True)) for total in (4, 9)],
    ]
    for sizer, result in results:
        walked = caches.footprint(result)
        assert walked * 0.8 - 64 <= sizer(result) <= walked * 1.3 + 64, (sizer, result)

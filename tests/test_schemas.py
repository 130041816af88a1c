"""The JSON Schemas of the documents (``seep/schemas/*.json``, :func:`seep.serialization.json_schema`).

Every document the library writes in random play of every built-in variant
validates: states, each seat's views, moves, records, match documents and
the pipe protocol's messages. Typical bad documents do not. And the schemas
agree with the loaders: a document that a loader accepts always validates,
so a document the schema refuses is refused by the library too (the
loaders check more than a schema can say: each card once, the replay).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")
referencing = pytest.importorskip("referencing")

from seep import (  # noqa: E402
    Baazi,
    State,
    apply_baazi_move,
    apply_move,
    baazi_from_dict,
    baazi_to_dict,
    count_legal_moves,
    iter_legal_moves,
    new_baazi,
    new_deal,
    state_from_dict,
    state_to_dict,
)
from seep.bots import play_deal  # noqa: E402
from seep.errors import SeepError  # noqa: E402
from seep.moves import Move  # noqa: E402
from seep.pipe import PipeBot  # noqa: E402
from seep.records import (  # noqa: E402
    record_from_baazi,
    record_from_deal,
    record_from_dict,
    record_to_dict,
)
from seep.serialization import SCHEMAS, json_schema, move_from_dict, move_to_dict  # noqa: E402
from seep.testing import mutate_document  # noqa: E402
from seep.variants import BUILT_IN_NAMES  # noqa: E402
from seep.views import observe, view_from_dict, view_to_dict  # noqa: E402

Doc = dict[str, Any]


def _registry() -> Any:
    resources = [
        (json_schema(name)["$id"], referencing.Resource.from_contents(json_schema(name)))
        for name in SCHEMAS
    ]
    return referencing.Registry().with_resources(resources)


REGISTRY = _registry()


def validator(name: str, part: str | None = None) -> Any:
    """A validator of the schema ``name`` (or of its ``$defs`` entry ``part``)."""
    schema = json_schema(name)
    if part is not None:
        schema = {"$ref": f"{schema['$id']}#/$defs/{part}"}
    return jsonschema.Draft202012Validator(schema, registry=REGISTRY)


VALIDATORS = {name: validator(name) for name in SCHEMAS}


def valid(name: str, doc: object) -> bool:
    return bool(VALIDATORS[name].is_valid(doc))


def assert_valid(name: str, doc: object) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATORS[name].iter_errors(doc)]
    assert not errors, (name, errors[:3])


def as_json(doc: object) -> Any:
    """``doc`` as it reads back from JSON text."""
    return json.loads(json.dumps(doc))


def random_move(state: State, rng: random.Random) -> Move:
    index = rng.randrange(count_legal_moves(state))
    return next(islice(iter_legal_moves(state), index, None))


def played(variant: str, seed: int) -> Iterator[tuple[Baazi, Move | None]]:
    """Every position of a seeded match played by random moves, with the move made from it."""
    rng = random.Random(seed)
    match = new_baazi(variant, seed=seed)
    while not match.is_over:
        move = random_move(match.state, rng)
        yield match, move
        match = apply_baazi_move(match, move)
    yield match, None


# ---------------------------------------------------------------------------
# The schema files


def test_every_schema_is_a_draft_2020_12_schema_with_its_own_id() -> None:
    for name in SCHEMAS:
        schema = json_schema(name)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"].endswith(f"/schemas/{name}.json")


def test_the_schema_files_are_package_data_next_to_the_code() -> None:
    folder = Path(sys.modules["seep"].__file__ or "").parent / "schemas"
    assert sorted(path.stem for path in folder.glob("*.json")) == sorted(SCHEMAS)
    for name in SCHEMAS:
        assert json.loads((folder / f"{name}.json").read_text(encoding="utf-8")) == json_schema(
            name
        )


def test_an_unknown_schema_name_is_refused_naming_the_schemas() -> None:
    with pytest.raises(
        ValueError, match="the schemas are state, view, move, record, match, pipe, simulation"
    ):
        json_schema("game")


# ---------------------------------------------------------------------------
# Everything the library writes validates


@pytest.mark.parametrize("variant", BUILT_IN_NAMES)
def test_every_document_of_random_play_validates(variant: str) -> None:
    """States, every seat's views and moves along a whole match; its record and match document."""
    matches = []
    for step, (match, move) in enumerate(played(variant, 11)):
        state = match.state
        if move is not None:
            assert_valid("move", as_json(move_to_dict(move)))
        if step % 6 == 0 or move is None:
            assert_valid("state", as_json(state_to_dict(state)))
            for seat in range(state.players):
                assert_valid("view", as_json(view_to_dict(observe(state, seat))))
        if step % 60 == 0 or move is None:
            matches.append(match)
    for match in matches:
        assert_valid("match", as_json(baazi_to_dict(match)))
        assert_valid("record", as_json(record_to_dict(record_from_baazi(match))))
    first = matches[-1].deals[0]
    tags = {"Seats": ", ".join(["human"] * first.start.players), "Date": "2026.12.04"}
    assert_valid(
        "record", as_json(record_to_dict(record_from_deal(first.start, first.moves, tags=tags)))
    )


_LOGGER = """
import json, sys
log = open(sys.argv[1], "w", encoding="utf-8")
for line in sys.stdin:
    log.write(line)
    message = json.loads(line)
    if message["type"] == "hello":
        answer = {"type": "hello", "protocol": "seep-pipe/1", "name": "logger"}
    elif message["type"] == "move":
        answer = {"type": "move", "id": message["id"], "move": message["moves"][0]}
    else:
        break
    log.write(json.dumps(answer) + "\\n")
    print(json.dumps(answer), flush=True)
log.close()
"""


def test_every_pipe_message_of_a_deal_of_every_variant_validates(tmp_path: Path) -> None:
    """The engine's hello, move requests (with their views) and quit, and the bot's answers."""
    log = tmp_path / "messages.jsonl"
    with PipeBot([sys.executable, "-c", _LOGGER, str(log)], seed=4) as bot:
        for variant in BUILT_IN_NAMES:
            start = new_deal(variant, seed=4)
            play_deal(start, [bot] * start.players)
    messages = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    kinds = [message["type"] for message in messages]
    assert kinds[:2] == ["hello", "hello"] and kinds[-1] == "quit"
    assert kinds.count("move") > 2 * 48 * len(BUILT_IN_NAMES)
    # The engine speaks first, then each answer follows its request.
    parts = (
        ["hello", "hello_answer"] + ["move", "move_answer"] * (len(messages) // 2 - 1) + ["quit"]
    )
    checks = {part: validator("pipe", part) for part in set(parts)}
    for index, (message, part) in enumerate(zip(messages, parts, strict=True)):
        assert checks[part].is_valid(message), message
        if index % 50 == 0 or part != "move":  # any message of the protocol, a view now and then
            assert_valid("pipe", message)


# ---------------------------------------------------------------------------
# Typical bad documents do not validate


def a_state() -> Doc:
    return as_json(state_to_dict(new_deal("standard", seed=10)))


def a_record() -> Doc:
    start = new_deal("standard", seed=10)
    state = start
    moves = []
    rng = random.Random(2)
    for _ in range(6):
        moves.append(random_move(state, rng))
        state = apply_move(state, moves[-1])
    return as_json(record_to_dict(record_from_deal(start, moves)))


def a_match() -> Doc:
    return as_json(baazi_to_dict(next(m for m, _ in islice(played("standard", 3), 8, None))))


def _set(path: str, value: Any) -> Callable[[Doc], None]:
    """A change that puts ``value`` at ``path`` (keys and indexes split by '/')."""

    def change(doc: Doc) -> None:
        *parents, last = [int(part) if part.isdigit() else part for part in path.split("/")]
        for part in parents:
            doc = doc[part]
        doc[last] = value

    return change


def _drop(path: str) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        *parents, last = [int(part) if part.isdigit() else part for part in path.split("/")]
        for part in parents:
            doc = doc[part]
        del doc[last]

    return change


BAD: list[tuple[str, Callable[[], Doc], Callable[[Doc], None]]] = [
    ("state", a_state, _set("hands/1/0", "ZZ")),
    ("state", a_state, _set("stock/0", "1S")),
    ("state", a_state, _drop("plays")),
    ("state", a_state, _drop("floor/face_up")),
    ("state", a_state, _set("dealer", "0")),
    ("state", a_state, _set("bid", 14)),
    ("state", a_state, _set("phase", "deal")),
    ("state", a_state, _set("format", "seep-state/2")),
    ("state", a_state, _set("players", 3)),
    ("state", a_state, _set("hands/1/1", 7)),
    (
        "view",
        lambda: as_json(view_to_dict(observe(new_deal("standard", seed=10), 1))),
        _set("hand/0", "ZZ"),
    ),
    (
        "view",
        lambda: as_json(view_to_dict(observe(new_deal("standard", seed=10), 1))),
        _drop("seat"),
    ),
    (
        "view",
        lambda: as_json(view_to_dict(observe(new_deal("standard", seed=10), 1))),
        _drop("floor/count"),
    ),
    (
        "view",
        lambda: as_json(view_to_dict(observe(new_deal("standard", seed=10), 1))),
        _set("stock_count", "44"),
    ),
    (
        "view",
        lambda: as_json(view_to_dict(observe(new_deal("standard", seed=10), 1))),
        _set("history/0/kind", "shuffled"),
    ),
    ("move", lambda: {"kind": "throw", "card": "7C"}, _set("card", "ZZ")),
    ("move", lambda: {"kind": "bid", "value": 11}, _set("value", "11")),
    (
        "move",
        lambda: {"kind": "take", "card": "JS", "loose": ["5C"], "house": None},
        _drop("house"),
    ),
    ("move", lambda: {"kind": "raise", "card": "2C", "house": 9}, _set("kind", "pass")),
    ("record", a_record, _set("deals/0/deck/3", "ZZ")),
    ("record", a_record, _drop("kind")),
    ("record", a_record, _set("deals/0/number", "1")),
    ("record", a_record, _set("deals/0/seats/2", "s1")),
    ("record", a_record, _set("tags", {"Date": "2024-05-01"})),
    ("record", a_record, _set("tags", {"Result": "*"})),
    ("record", a_record, _drop("deals/0/deck/51")),
    ("record", a_record, _drop("deals/0/seats")),
    ("match", a_match, _set("deals/0/start/hands/1/0", "ZZ")),
    ("match", a_match, _drop("deals")),
    ("match", a_match, _set("first_dealer", "0")),
    ("match", a_match, _set("deals/0/moves", "bid 9")),
]


@pytest.mark.parametrize(("name", "make", "change"), BAD)
def test_a_typical_bad_document_does_not_validate_and_does_not_load(
    name: str, make: Callable[[], Doc], change: Callable[[Doc], None]
) -> None:
    doc = make()
    assert_valid(name, doc)
    change(doc)
    assert not valid(name, doc)
    with pytest.raises(SeepError):
        LOADERS[name](doc)


@pytest.mark.parametrize(
    ("part", "message"),
    [
        ("hello_answer", {"type": "hello", "protocol": "seep-pipe/2", "name": "bot"}),
        ("hello_answer", {"type": "hello", "name": "bot"}),
        ("move_answer", {"type": "move", "id": 1}),
        ("move_answer", {"type": "move", "id": "1", "move": "bid 9"}),
        ("move", {"type": "move", "id": 1, "view": {}, "moves": ["bid 9"]}),
        ("hello", {"type": "hello", "protocol": "seep-pipe/1", "engine": "seep", "seed": "7"}),
    ],
)
def test_a_bad_pipe_message_does_not_validate(part: str, message: Doc) -> None:
    assert not validator("pipe", part).is_valid(message)


def test_a_record_of_kind_deal_holds_one_deal_in_the_schema_too() -> None:
    doc = as_json(record_to_dict(record_from_baazi(a_finished_match())))
    assert len(doc["deals"]) > 1 and valid("record", doc)
    doc["kind"] = "deal"
    assert not valid("record", doc)


def a_finished_match() -> Baazi:
    """A finished standard match of more than one deal."""
    for seed in range(20):
        match = next(match for match, move in played("standard", seed) if move is None)
        if len(match.deals) > 1:
            return match
    raise AssertionError("no match of two deals")


# ---------------------------------------------------------------------------
# The schemas agree with the loaders


LOADERS: dict[str, Callable[[Any], object]] = {
    "state": state_from_dict,
    "view": view_from_dict,
    "move": move_from_dict,
    "record": record_from_dict,
    "match": baazi_from_dict,
}


def _documents(name: str) -> list[Any]:
    """Documents of kind ``name`` from a little random play of two variants."""
    docs: list[Any] = []
    for variant in ("standard", "taash-2p"):
        positions = list(played(variant, 5))
        for step, (match, move) in enumerate(positions):
            if step % 12:
                continue
            if name == "state":
                docs.append(state_to_dict(match.state))
            elif name == "view":
                docs.append(view_to_dict(observe(match.state, step % match.state.players)))
            elif name == "move" and move is not None:
                docs.append(move_to_dict(move))
        final = positions[-1][0]
        if name == "record":
            docs.append(record_to_dict(record_from_baazi(final)))
        if name == "match":
            docs.append(baazi_to_dict(final))
    return [as_json(doc) for doc in docs]


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_mutated_document_that_loads_validates(name: str) -> None:
    """Whatever a loader accepts validates; so a document the schema refuses never loads."""
    rng = random.Random(name)
    docs = _documents(name)
    outcomes = {"both accept": 0, "both refuse": 0, "only the loader refuses": 0}
    trials = 60 if name in ("record", "match") else 150
    for _ in range(trials):
        doc = as_json(rng.choice(docs))
        if "make_deep" in mutate_document(doc, rng):
            continue
        try:
            doc = as_json(doc)
        except (TypeError, ValueError):  # a value JSON cannot hold
            continue
        try:
            LOADERS[name](doc)
        except SeepError:
            loaded = False
        else:
            loaded = True
        validates = valid(name, doc)
        assert validates or not loaded, (name, doc)
        key = (
            "both accept"
            if loaded
            else "both refuse"
            if not validates
            else "only the loader refuses"
        )
        outcomes[key] += 1
    assert outcomes["both refuse"] > trials // 10, outcomes


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside ``doc`` (not the root), in document order."""
    items = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    )
    for key, value in items:
        yield (*prefix, key)
        yield from _paths(value, (*prefix, key))


def _replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = as_json(doc)
    place = copy
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return copy


def _small_documents() -> dict[str, Any]:
    """One document of each kind, small enough to change at every place."""
    start = new_deal("standard", seed=10)
    rng = random.Random(1)
    state, moves = start, []
    for _ in range(7):
        moves.append(random_move(state, rng))
        state = apply_move(state, moves[-1])
    match = next(m for m, _ in islice(played("taash-2p", 2), 5, None))
    return {
        "state": as_json(state_to_dict(state)),
        "view": as_json(view_to_dict(observe(state, 2))),
        "move": as_json(move_to_dict(moves[2])),
        "record": as_json(record_to_dict(record_from_deal(start, moves, tags={"Event": "x"}))),
        "match": as_json(baazi_to_dict(match)),
    }


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_any_value_of_a_wrong_type_that_loads_validates(name: str) -> None:
    """Each value in turn replaced by null, a string, a number, a list, an object, true:
    whenever the loader still accepts the document, it validates (long lists sampled)."""
    doc = _small_documents()[name]
    paths = [
        path
        for path in _paths(doc)
        if not (len(path) > 2 and path[-2] in ("deck", "stock"))
        and not (path[0] == "history" and len(path) > 1 and path[1] > 6)
    ]
    wrong: tuple[Any, ...] = (None, "x", 7, [], {}, True)
    refused_by_both = 0
    for path in paths:
        for value in wrong:
            changed = _replaced(doc, path, value)
            try:
                LOADERS[name](changed)
            except SeepError:
                refused_by_both += not valid(name, changed)
                continue
            assert valid(name, changed), (path, value)
    assert refused_by_both > len(paths)


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_field_of_its_own_is_allowed_by_the_loader_and_the_schema(name: str) -> None:
    """The formats allow fields beyond theirs (the library writes some of its own)."""
    doc = _small_documents()[name]
    doc["x_server_note"] = {"any": ["thing"]}
    LOADERS[name](doc)
    assert valid(name, doc)

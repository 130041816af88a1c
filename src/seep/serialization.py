"""JSON interchange for states and moves (the JSON documents).

The dictionaries hold only JSON types, so ``json.dumps`` takes them as they
are. Loading validates the whole document and raises
:class:`~seep.errors.InvalidStateError` naming the first bad field; it never
returns a state that no legal deal could reach in its structure.

>>> import json
>>> from seep import new_deal, state_from_dict, state_to_dict
>>> from seep.serialization import move_to_dict
>>> state = new_deal("standard", seed=7)
>>> text = json.dumps(state_to_dict(state))
>>> state_from_dict(json.loads(text)) == state
True
>>> from seep.moves import Take
>>> move_to_dict(Take(card="JS", loose="5C 6H", house=None))
{'kind': 'take', 'card': 'JS', 'loose': ['5C', '6H'], 'house': None}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from seep._checks.validate import check_state
from seep._documents.move_json import move_from_dict, move_to_dict
from seep._documents.reader import Reader
from seep._engine.bits import mask_total
from seep._util.arguments import check_instance
from seep._util.excerpt import excerpt
from seep._util.limits import POINTS_LIMIT
from seep.cards import Card, CardSet
from seep.errors import InvalidStateError
from seep.state import House, Phase, SeepRecord, State
from seep.variants import Variant, get_variant

__all__ = [
    "SCHEMAS",
    "json_schema",
    "move_from_dict",
    "move_to_dict",
    "state_from_dict",
    "state_to_dict",
]

#: The JSON Schemas shipped with the package (``seep/schemas/NAME.json``), by name.
SCHEMAS = ("state", "view", "move", "record", "match", "pipe", "simulation")

STATE_FORMAT = "seep-state/1"
#: The values of ``phase``.
PHASES = tuple(phase.value for phase in Phase)

_REQUIRED = (
    "variant",
    "players",
    "dealer",
    "phase",
    "to_move",
    "bid",
    "hands",
    "stock",
    "floor",
    "piles",
    "seeps",
    "last_capture",
    "plays",
)


def _cards(cards: CardSet | tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def state_to_dict(state: State) -> dict[str, Any]:
    """The JSON document of ``state`` (plus ``format`` and ``redeals``).

    >>> from seep import new_deal, state_to_dict
    >>> doc = state_to_dict(new_deal("standard", seed=7))
    >>> doc["phase"], doc["to_move"], doc["hands"][1], doc["floor"]["face_up"]
    ('bid', 1, ['3D', '5H', '8C', 'TC'], False)
    """
    check_instance(state, State, "state")
    return {
        "format": STATE_FORMAT,
        "variant": state.variant.name,
        "players": state.players,
        "dealer": state.dealer,
        "phase": state.phase.value,
        "to_move": state.to_move,
        "bid": state.bid,
        "hands": [_cards(hand) for hand in state.hands],
        "stock": _cards(state.stock),
        "floor": {
            "face_up": state.face_up,
            "loose": _cards(state.loose),
            "houses": [
                {
                    "value": house.value,
                    "cards": _cards(house.cards),
                    "owners": list(house.owners),
                    "locked": house.locked,
                }
                for house in state.houses
            ],
        },
        "piles": [_cards(pile) for pile in state.piles],
        "seeps": [
            {"seat": seep.seat, "play": seep.play, "points": seep.points} for seep in state.seeps
        ],
        "last_capture": state.last_capture,
        "plays": state.plays,
        "redeals": state.redeals,
    }


def state_from_dict(doc: Mapping[str, Any], *, variant: Variant | None = None) -> State:
    """Load and validate a JSON state document.

    ``variant`` overrides the registry lookup of ``doc["variant"]`` (for an
    unregistered custom variant with the same name).

    >>> from seep import new_deal, state_from_dict, state_to_dict
    >>> doc = state_to_dict(new_deal("standard", seed=7))
    >>> doc["hands"][1][0] = "8C"
    >>> state_from_dict(doc)
    Traceback (most recent call last):
    ...
    seep.errors.InvalidStateError: hands[1][2]: 8C is already in hands[1][0] (R1.1)
    """
    read = Reader()
    doc = read.mapping(doc, "document")
    fmt = doc.get("format", STATE_FORMAT)
    if fmt != STATE_FORMAT:
        raise InvalidStateError("format", f"expected {excerpt(STATE_FORMAT)}, got {excerpt(fmt)}")
    for key in _REQUIRED:
        read.get(doc, key)
    name = doc["variant"]
    if variant is None:
        if not isinstance(name, str):
            raise InvalidStateError("variant", f"expected a variant name, got {excerpt(name)}")
        try:
            variant = get_variant(name)
        except KeyError as error:
            raise InvalidStateError("variant", str(error.args[0])) from None
    elif name != variant.name:
        raise InvalidStateError(
            "variant", f"document says {excerpt(name)}, given {excerpt(variant.name)}"
        )
    players = variant.players
    if type(doc["players"]) is not int or doc["players"] != players:
        raise InvalidStateError(
            "players",
            f"variant {excerpt(variant.name)} has {players} players, got {excerpt(doc['players'])}",
        )
    seat_max = players - 1
    dealer = read.integer(doc["dealer"], "dealer", 0, seat_max)
    phase = Phase(read.word(doc["phase"], "phase", PHASES))
    to_move = read.integer(doc["to_move"], "to_move", 0, seat_max, optional=True)
    bid = read.integer(doc["bid"], "bid", 9, 13, optional=True)
    plays = read.integer(doc["plays"], "plays", 0, variant.plays_per_deal)
    redeals = read.integer(doc.get("redeals", 0), "redeals", 0, 1 << 62)

    hands = tuple(
        read.card_set(hand, f"hands[{seat}]")
        for seat, hand in enumerate(read.sequence(doc["hands"], "hands", players))
    )
    stock = tuple(read.cards(doc["stock"], "stock"))
    floor = read.mapping(doc["floor"], "floor")
    face_up = read.get(floor, "face_up", "floor.")
    if not isinstance(face_up, bool):
        raise InvalidStateError("floor.face_up", f"expected true or false, got {excerpt(face_up)}")
    loose = read.card_set(read.get(floor, "loose", "floor."), "floor.loose")
    houses, house_index = _read_houses(read, read.get(floor, "houses", "floor."), players)
    piles = tuple(
        read.card_set(pile, f"piles[{team}]")
        for team, pile in enumerate(read.sequence(doc["piles"], "piles", variant.teams))
    )
    if read.seen != (1 << 52) - 1:
        missing = CardSet(((1 << 52) - 1) & ~read.seen)
        raise InvalidStateError("cards", f"every card must appear once (R1.1); missing {missing}")
    seeps = _read_seeps(read, doc["seeps"], players, plays)
    last_capture = read.integer(doc["last_capture"], "last_capture", 0, seat_max, optional=True)
    state = State(
        variant=variant,
        dealer=dealer,
        phase=phase,
        to_move=to_move,
        bid=bid,
        hands=hands,
        stock=stock,
        face_up=face_up,
        loose=loose,
        houses=houses,
        piles=piles,
        seeps=seeps,
        last_capture=last_capture,
        plays=plays,
        redeals=redeals,
    )
    check_state(state, house_index=house_index)
    return state


def _read_houses(
    read: Reader, value: object, players: int
) -> tuple[tuple[House, ...], dict[int, int]]:
    """The houses by value (R5.1), and each value's place in the document."""
    houses: dict[int, House] = {}
    for index, item in enumerate(read.sequence(value, "floor.houses")):
        field = f"floor.houses[{index}]"
        item = read.mapping(item, field)
        house_value = read.integer(read.get(item, "value", field + "."), field + ".value", 9, 13)
        if house_value in houses:
            raise InvalidStateError(field + ".value", f"R5.1: two houses of {house_value}")
        cards = read.card_set(read.get(item, "cards", field + "."), field + ".cards")
        total = mask_total(cards.mask)
        if len(cards) < 2 or total % house_value:
            raise InvalidStateError(
                field + ".cards",
                f"R5.1: a house of {house_value} has two or more cards summing to a multiple "
                f"of {house_value}; {cards} sums to {total}",
            )
        owners_raw = read.sequence(read.get(item, "owners", field + "."), field + ".owners")
        owners = tuple(
            read.integer(o, f"{field}.owners[{i}]", 0, players - 1)
            for i, o in enumerate(owners_raw)
        )
        if not owners or len(set(owners)) != len(owners):
            raise InvalidStateError(field + ".owners", "one or more distinct seats (R5.1)")
        house = House(value=house_value, cards=cards, owners=tuple(sorted(owners)))
        if "locked" in item and item["locked"] is not house.locked:
            raise InvalidStateError(
                field + ".locked", f"R5.5: the cards say locked={str(house.locked).lower()}"
            )
        houses[house_value] = house
    return tuple(houses[v] for v in sorted(houses)), {v: i for i, v in enumerate(houses)}


def _read_seeps(read: Reader, value: object, players: int, plays: int) -> tuple[SeepRecord, ...]:
    seeps = []
    previous = 0
    for index, item in enumerate(read.sequence(value, "seeps")):
        field = f"seeps[{index}]"
        item = read.mapping(item, field)
        seat = read.integer(read.get(item, "seat", field + "."), field + ".seat", 0, players - 1)
        play = read.integer(read.get(item, "play", field + "."), field + ".play", 1, plays)
        if play <= previous:
            raise InvalidStateError(field + ".play", "seeps are listed in play order, one per play")
        previous = play
        points = read.integer(
            read.get(item, "points", field + "."), field + ".points", -POINTS_LIMIT, POINTS_LIMIT
        )
        seeps.append(SeepRecord(seat=seat, play=play, points=points))
    return tuple(seeps)


def json_schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the document ``name``, one of :data:`SCHEMAS`.

    The schemas describe the JSON documents for programs in any language:
    ``state``, ``view`` and ``move`` (the JSON documents), ``record`` (a game
    record's JSON form), ``match`` (a match document), ``pipe`` (the
    messages of the pipe protocol) and ``simulation`` (the results ``seep
    simulate --json`` writes). They are files of the package,
    ``seep/schemas/NAME.json``; each has an ``$id`` and refers to the others
    by file name (``"$ref": "state.json"``), so a validator needs them all.
    Every document the library writes validates; a document that does not
    validate is refused by the library's loaders too, which check more (each
    card once, the moves replayed).

    >>> from seep.serialization import SCHEMAS, json_schema
    >>> schema = json_schema("state")
    >>> schema["$schema"], schema["required"][:3]
    ('https://json-schema.org/draft/2020-12/schema', ['variant', 'players', 'dealer'])
    >>> sorted(json_schema(name)["$id"].rsplit("/", 1)[1] for name in SCHEMAS)
    ['match.json', 'move.json', 'pipe.json', 'record.json', 'simulation.json', 'state.json', 'view.json']
    >>> json_schema("chess")
    Traceback (most recent call last):
    ...
    ValueError: no JSON Schema 'chess': the schemas are state, view, move, record, match, pipe, simulation
    """
    if name not in SCHEMAS:
        raise ValueError(f"no JSON Schema {excerpt(name)}: the schemas are {', '.join(SCHEMAS)}")
    text = (
        resources.files("seep")
        .joinpath("schemas")
        .joinpath(f"{name}.json")
        .read_text(encoding="utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema

"""Mutation operators over JSON documents and text, driven by a :class:`random.Random`.

Structural operators work on any JSON document: drop a field or an entry,
add one, give a value the wrong type, make it huge or deeply nested, put
non-ASCII text in it, duplicate or swap entries, nudge a number. Semantic
operators know the state, view, match and record documents: they move
cards between zones, corrupt houses and their owners, make seeps and
counters inconsistent and change scores. Text operators truncate, cut,
repeat and garble lines and tokens. Each operator changes its argument in
place (documents) or returns the new text, and names itself, so a failing
input can say how it was made.

The operators are one catalogue drawn from by weight, which is why they
stay in one module of a little over 600 lines.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

Doc = Any
Path = tuple[Any, ...]

_CARDS = [r + s for r in "A23456789TJQK" for s in "SHDC"]

#: Values of the wrong type or shape for almost any field.
WRONG_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1.5,
    float("nan"),
    float("inf"),
    "",
    "x",
    "KS",
    "9",
    [],
    [None],
    {},
    {"value": 9},
    ["KS", "KS"],
    (1, 2),
)

#: Text that is not ASCII, or hides something in a string that looks right.
NON_ASCII: tuple[str, ...] = (
    "K♠",
    "ＫＳ",
    "Kş",
    "\u200bKS",
    "KS\x00",
    "١٠D",
    "¹S",
    "\ud800",
    "é",
    "K\u0301S",
    "ⅩD",
    "☃",
    "𝟗S",
    "standard\u00a0",
    "ｓｔａｎｄａｒｄ",
)


def huge_value(rng: random.Random) -> Any:
    """A value far outside any range: big integers, long strings and lists, extreme floats."""
    choice = rng.randrange(9)
    if choice == 0:
        return rng.choice((10**30, 2**63, -(2**63), 2**64 + 1, 10**18))
    if choice == 1:
        return 10**5000  # more digits than int -> str converts by default
    if choice == 2:
        return "A" * 100_000
    if choice == 3:
        return ["KS"] * 5_000
    if choice == 4:
        return [rng.choice(_CARDS) for _ in range(300)]
    if choice == 5:
        return rng.choice((1e308, -1e308, 1e-320))
    if choice == 6:
        return {f"k{i}": i for i in range(2_000)}
    if choice == 7:
        return -(10**30)
    return "♠" * 50_000


def deep_value(rng: random.Random) -> Any:
    """A list or object nested far deeper than the interpreter's recursion limit."""
    depth = rng.choice((50, 1_200, 5_000))
    value: Any = rng.choice(("KS", 9, None))
    for _ in range(depth):
        value = [value] if rng.random() < 0.7 else {"cards": value}
    return value


def _entries(doc: Doc, limit: int = 1500, depth: int = 10) -> list[tuple[Path, Any]]:
    """``(path, value)`` of the values inside ``doc`` (not the root), in document order.

    Bounded: at most ``limit`` values, ``depth`` levels and the first 120
    entries of a container, so that a document already made huge or deep
    stays cheap to mutate again.
    """
    found: list[tuple[Path, Any]] = []
    stack: list[tuple[Path, Doc]] = [((), doc)]
    while stack and len(found) < limit:
        path, value = stack.pop()
        if len(path) >= depth:
            continue
        if isinstance(value, dict):
            items = list(value.items())[:120]
        elif isinstance(value, list):
            items = list(enumerate(value[:120]))
        else:
            continue
        for key, child in reversed(items):
            found.append(((*path, key), child))
            stack.append(((*path, key), child))
    return found


def _paths(doc: Doc) -> list[Path]:
    return [path for path, _ in _entries(doc)]


def get_at(doc: Doc, path: Path) -> Any:
    """The value at ``path`` inside ``doc``."""
    for key in path:
        doc = doc[key]
    return doc


def set_at(doc: Doc, path: Path, value: Any) -> None:
    """Replace the value at ``path`` (not the root)."""
    get_at(doc, path[:-1])[path[-1]] = value


def _pick(doc: Doc, rng: random.Random, want: Callable[[Any], bool] | None = None) -> Path | None:
    paths = [path for path, value in _entries(doc) if want is None or want(value)]
    return rng.choice(paths) if paths else None


# --- structural operators: any document -------------------------------------------------


def _wrong_value(rng: random.Random, values: tuple[Any, ...]) -> Any:
    """One of ``values``, copied: a later mutation of the document must not change the shared value.

    A list or object of :data:`WRONG_VALUES` put into a document as it is
    would be changed by the next operator (an entry dropped, one added), and
    every later input, in this process, would be made from the changed one.
    """
    return _copy(rng.choice(values))


def drop(doc: Doc, rng: random.Random) -> None:
    """Remove a field of an object or an entry of a list."""
    path = _pick(doc, rng)
    if path is not None:
        del get_at(doc, path[:-1])[path[-1]]


def extra(doc: Doc, rng: random.Random) -> None:
    """Add a field no document has, or an entry to a list."""
    path = _pick(doc, rng, lambda v: isinstance(v, (dict, list)))
    target = doc if path is None or rng.random() < 0.3 else get_at(doc, path)
    value = _wrong_value(rng, (*WRONG_VALUES, "KS", 9, 0))
    if isinstance(target, dict):
        target[rng.choice(("extra", "Variant", "plays ", "ghar", "☃", ""))] = value
    elif isinstance(target, list):
        target.insert(rng.randrange(len(target) + 1), value)


def retype(doc: Doc, rng: random.Random) -> None:
    """Give a value the wrong type (or shape)."""
    path = _pick(doc, rng)
    if path is not None:
        set_at(doc, path, _wrong_value(rng, WRONG_VALUES))


def make_huge(doc: Doc, rng: random.Random) -> None:
    """Replace a value with a huge one."""
    path = _pick(doc, rng)
    if path is not None:
        set_at(doc, path, huge_value(rng))


def make_deep(doc: Doc, rng: random.Random) -> None:
    """Replace a value with a deeply nested one."""
    path = _pick(doc, rng)
    if path is not None:
        set_at(doc, path, deep_value(rng))


def non_ascii(doc: Doc, rng: random.Random) -> None:
    """Put non-ASCII text in a string value, or make one look right with a hidden character."""
    path = _pick(doc, rng, lambda v: isinstance(v, str))
    if path is None:
        path = _pick(doc, rng)
    if path is not None:
        value = get_at(doc, path)
        if isinstance(value, str) and rng.random() < 0.5:
            where = rng.randrange(len(value) + 1)
            value = value[:where] + rng.choice(NON_ASCII) + value[where:]
        else:
            value = rng.choice(NON_ASCII)
        set_at(doc, path, value)


def _copy(value: Any) -> Any:
    """A deep copy of JSON-like data, so that no mutation reaches two places at once."""
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def duplicate(doc: Doc, rng: random.Random) -> None:
    """Repeat an entry of a list (a card listed twice, a house or seep twice)."""
    path = _pick(doc, rng, lambda v: isinstance(v, list) and bool(v))
    if path is not None:
        items = get_at(doc, path)
        copy = rng.choice(items)
        with contextlib.suppress(RecursionError):  # a value made deep before: repeated as it is
            copy = _copy(copy)
        items.insert(rng.randrange(len(items) + 1), copy)


def swap(doc: Doc, rng: random.Random) -> None:
    """Exchange two values of the document."""
    first, second = _pick(doc, rng), _pick(doc, rng)
    if first is None or second is None or first[: len(second)] == second:
        return
    if second[: len(first)] == first:
        return
    a, b = get_at(doc, first), get_at(doc, second)
    set_at(doc, first, b)
    set_at(doc, second, a)


def nudge(doc: Doc, rng: random.Random) -> None:
    """Change a number or a flag a little: off by one, negative, a bool, a float, a string."""
    path = _pick(doc, rng, lambda v: isinstance(v, (int, float)) or v is None)
    if path is None:
        return
    value = get_at(doc, path)
    if isinstance(value, int) and value.bit_length() > 4000:
        set_at(doc, path, 0)
        return
    if isinstance(value, bool):
        set_at(doc, path, rng.choice((not value, int(value), None)))
    elif isinstance(value, int):
        near = (value + 1, value - 1, -value, value + 4, value * 2, str(value), True)
        as_float = (float(value),) if abs(value) < 2**53 else ()
        set_at(doc, path, rng.choice(near + as_float))
    else:
        set_at(doc, path, rng.choice((0, 1, 9, 13, 48, -1, True)))


STRUCTURAL: tuple[Callable[[Doc, random.Random], None], ...] = (
    drop,
    extra,
    retype,
    make_huge,
    make_deep,
    non_ascii,
    duplicate,
    swap,
    nudge,
)


# --- semantic operators: the fields of state, view, match and record documents ---------


def _card_lists(doc: Doc) -> list[Path]:
    """Paths of every list of cards in a state, view, record or match document."""
    found = []
    for path, value in _entries(doc):
        if isinstance(value, list) and all(
            isinstance(item, str) and item in _CARD_SET for item in value
        ):
            last = path[-1]
            if (isinstance(last, str) and last in ("hand", "stock", "loose", "cards", "deck")) or (
                len(path) >= 2 and path[-2] in ("hands", "piles")
            ):
                found.append(path)
    return found


_CARD_SET = frozenset(_CARDS)


def move_card(doc: Doc, rng: random.Random) -> None:
    """Move one card from one zone (hand, stock, floor, house, pile) to another."""
    zones = _card_lists(doc)
    sources = [path for path in zones if get_at(doc, path)]
    if not sources or len(zones) < 2:
        return
    source = rng.choice(sources)
    target = rng.choice([path for path in zones if path != source])
    cards = get_at(doc, source)
    card = cards.pop(rng.randrange(len(cards)))
    into = get_at(doc, target)
    into.insert(rng.randrange(len(into) + 1), card)


def exchange_cards(doc: Doc, rng: random.Random) -> None:
    """Exchange a card of one zone with a card of another: every count stays right."""
    zones = [path for path in _card_lists(doc) if get_at(doc, path)]
    if len(zones) < 2:
        return
    first, second = rng.sample(zones, 2)
    a, b = get_at(doc, first), get_at(doc, second)
    i, j = rng.randrange(len(a)), rng.randrange(len(b))
    a[i], b[j] = b[j], a[i]


def replace_card(doc: Doc, rng: random.Random) -> None:
    """Replace a card with another one (now listed twice, the old one missing)."""
    path = _pick(doc, rng, lambda v: isinstance(v, str) and v in _CARD_SET)
    if path is not None:
        set_at(doc, path, rng.choice(_CARDS))


def _sub_document(doc: Doc, rng: random.Random, key: str) -> Any:
    """The document itself or an object inside it (a match's start state) that has ``key``."""
    found = [value for _, value in _entries(doc) if isinstance(value, dict) and key in value]
    if isinstance(doc, dict) and key in doc:
        found.append(doc)
    return rng.choice(found) if found else None


def reorder(doc: Doc, rng: random.Random) -> None:
    """Swap two cards inside one list: a deck dealt in another order, moves in another order."""
    path = _pick(doc, rng, lambda v: isinstance(v, list) and len(v) >= 2)
    if path is not None:
        items = get_at(doc, path)
        i, j = rng.randrange(len(items)), rng.randrange(len(items))
        items[i], items[j] = items[j], items[i]


def corrupt_house(doc: Doc, rng: random.Random) -> None:
    """Change a house: its value, owners, cards or lock flag; or add a house."""
    state = _sub_document(doc, rng, "floor")
    floor = state.get("floor") if isinstance(state, dict) else None
    if not isinstance(floor, dict) or not isinstance(floor.get("houses"), list):
        return
    houses = floor["houses"]
    loose: list[Any] = floor["loose"] if isinstance(floor.get("loose"), list) else []
    if not houses or rng.random() < 0.25:
        if len(loose) >= 2:
            taken = [loose.pop(rng.randrange(len(loose))) for _ in range(2)]
            owners = [rng.randrange(4)]
            houses.append(
                {"value": rng.randrange(9, 14), "cards": taken, "owners": owners, "locked": False}
            )
        return
    house = rng.choice(houses)
    if not isinstance(house, dict):
        return
    what = rng.randrange(6)
    if what == 0:
        house["value"] = rng.choice((9, 10, 11, 12, 13, 8, 14, 0))
    elif what == 1 and isinstance(house.get("owners"), list):
        owners = house["owners"]
        change = rng.randrange(4)
        if change == 0:
            owners.append(rng.randrange(4))
        elif change == 1 and owners:
            owners.pop()
        elif change == 2:
            house["owners"] = [rng.randrange(4)]
        else:
            house["owners"] = [0, 1, 2, 3][: rng.randrange(1, 5)]
    elif what == 2 and loose and isinstance(house.get("cards"), list):
        house["cards"].append(loose.pop(rng.randrange(len(loose))))
    elif what == 3 and isinstance(house.get("cards"), list) and house["cards"]:
        loose.append(house["cards"].pop(rng.randrange(len(house["cards"]))))
    elif what == 4:
        house["locked"] = not house.get("locked")
    else:
        with contextlib.suppress(RecursionError):  # a house made deep before is not repeated
            houses.append(_copy(house))


def corrupt_seeps(doc: Doc, rng: random.Random) -> None:
    """Add, drop or change a seep record."""
    doc = _sub_document(doc, rng, "seeps")
    if not isinstance(doc, dict) or not isinstance(doc.get("seeps"), list):
        return
    seeps = doc["seeps"]
    plays: int = doc["plays"] if isinstance(doc.get("plays"), int) else 48
    if not seeps or rng.random() < 0.4:
        seeps.append(
            {
                "seat": rng.randrange(4),
                "play": rng.randrange(1, max(2, plays + 1)),
                "points": rng.choice((50, 25, 0, 13, -50)),
            }
        )
        return
    seep = rng.choice(seeps)
    if not isinstance(seep, dict):
        return
    key = rng.choice(("seat", "play", "points"))
    seep[key] = rng.choice((0, 1, 2, 3, 25, 50, 47, 48, plays, plays + 1))
    if rng.random() < 0.2:
        seeps.reverse()


def corrupt_counters(doc: Doc, rng: random.Random) -> None:
    """Change a counter or a flag of the deal: plays, turn, dealer, bid, phase, floor face, capturer."""
    doc = _sub_document(doc, rng, rng.choice(("plays", "dealer", "variant")))
    if not isinstance(doc, dict):
        return
    key = rng.choice(
        (
            "plays",
            "to_move",
            "dealer",
            "bid",
            "phase",
            "face_up",
            "last_capture",
            "redeals",
            "seat",
            "variant",
            "players",
            "stock_count",
        )
    )
    if key == "phase":
        doc["phase"] = rng.choice(("bid", "play", "over", "BID", "Play"))
    elif key == "variant":
        doc["variant"] = rng.choice(
            ("standard", "standard-2p", "taash", "taash-2p", "taash-short", "taash-full", "nope")
        )
    elif key == "face_up":
        floor = doc.get("floor")
        if isinstance(floor, dict):
            floor["face_up"] = not floor.get("face_up")
    elif key == "bid":
        doc["bid"] = rng.choice((None, 9, 10, 11, 12, 13))
    elif key in ("to_move", "last_capture"):
        doc[key] = rng.choice((None, 0, 1, 2, 3))
    else:
        value = doc.get(key)
        base = value if isinstance(value, int) and not isinstance(value, bool) else 0
        doc[key] = rng.choice((base + 1, base - 1, base + 2, base + 12, base + 24, 0, 48))


def corrupt_scores(doc: Doc, rng: random.Random) -> None:
    """Change a stated score: a record's score line or result, a match sheet or standing."""
    path = _pick(
        doc,
        rng,
        lambda v: isinstance(v, int) and not isinstance(v, bool),
    )
    targets = [
        p
        for p in _paths(doc)
        if any(
            isinstance(k, str)
            and k
            in ("score", "sheet", "standing", "result", "totals", "lead", "cards", "seeps", "total")
            for k in p
        )
    ]
    if targets:
        path = rng.choice(targets)
    if path is None:
        return
    value = get_at(doc, path)
    if isinstance(value, int) and not isinstance(value, bool):
        set_at(doc, path, value + rng.choice((1, -1, 10, -100)))
    elif isinstance(value, str):
        set_at(doc, path, rng.choice(("*", "64-36: team 0 wins the deal", "draw", value + "!")))


def corrupt_moves(doc: Doc, rng: random.Random) -> None:
    """Drop, repeat, swap or rewrite a move of a record or match document."""
    paths = [p for p, value in _entries(doc) if p[-1] == "moves" and isinstance(value, list)]
    if not paths:
        return
    moves = get_at(doc, rng.choice(paths))
    if not moves:
        moves.append(rng.choice(("bid 9", "throw KS", "take 9S 9H", "build 4H 5C =9")))
        return
    i = rng.randrange(len(moves))
    what = rng.randrange(5)
    if what == 0:
        del moves[i]
    elif what == 1:
        moves.insert(i, moves[i])
    elif what == 2:
        j = rng.randrange(len(moves))
        moves[i], moves[j] = moves[j], moves[i]
    elif what == 3:
        del moves[i:]
    else:
        move = moves[i]
        if isinstance(move, str):
            moves[i] = mutate_text(move, rng, count=1)


SEMANTIC: tuple[Callable[[Doc, random.Random], None], ...] = (
    move_card,
    exchange_cards,
    replace_card,
    corrupt_house,
    corrupt_seeps,
    corrupt_counters,
    corrupt_scores,
    corrupt_moves,
    reorder,
)


def mutate_document(doc: Doc, rng: random.Random, *, count: int | None = None) -> list[str]:
    """Apply ``count`` (default 1 to 3) random operators to ``doc`` in place; returns their names.

    Half the operators are semantic (cards, houses, seeps, counters, scores,
    moves), half structural; a semantic operator that finds nothing to
    change leaves the document as it is.

    >>> from seep.testing import mutate_document
    >>> import random
    >>> doc = {"kind": "take", "card": "JS", "loose": ["5C", "6H"], "house": None}
    >>> mutate_document(doc, random.Random(0), count=1), doc
    (['duplicate'], {'kind': 'take', 'card': 'JS', 'loose': ['5C', '6H', '6H'], 'house': None})
    """
    names = []
    for _ in range(count if count is not None else rng.choice((1, 1, 1, 2, 3))):
        operators = SEMANTIC if rng.random() < 0.5 else STRUCTURAL
        operator = rng.choice(operators)
        operator(doc, rng)
        names.append(operator.__name__)
    return names


# --- text ------------------------------------------------------------------------------

_TOKENS = (
    "bid",
    "take",
    "build",
    "raise",
    "throw",
    "#9",
    "=13",
    "#14",
    "=0",
    "KS",
    "10d",
    "♠",
    "[",
    "]",
    '"',
    "\\",
    "{",
    "}",
    "\n",
    "\r\n",
    "\x00",
    "\ufeff",
    "٣",
    "9999999999999999999999",
    '[Deal "2"]',
    '[Deck "KS"]',
    '[Score "team 0: cards 1"]',
    "1. s0",
    "s9",
)


def mutate_text(text: str, rng: random.Random, *, count: int | None = None) -> str:
    """Apply ``count`` (default 1 to 3) random text operators to ``text``.

    Truncate, cut a span, insert a token or a character, repeat, drop or
    swap lines, change a number or a card, change case or spacing.

    >>> import random
    >>> from seep.testing import mutate_text
    >>> mutate_text("take JS 5C 6H", random.Random(4), count=1)
    'take JS 5C 6H\\ntake JS 5C 6H'
    """
    for _ in range(count if count is not None else rng.choice((1, 1, 2, 3))):
        text = _text_operator(text, rng)
    return text


def _text_operator(text: str, rng: random.Random) -> str:
    what = rng.randrange(11)
    where = rng.randrange(len(text) + 1)
    if what == 0:
        return text[:where]
    if what == 1:
        return text[:where] + text[where + rng.randrange(1, 40) :]
    if what == 2:
        return text[:where] + rng.choice(_TOKENS + NON_ASCII) + text[where:]
    lines = text.split("\n")
    if what in (3, 4, 5) and lines:
        i = rng.randrange(len(lines))
        if what == 3:
            lines.insert(i, lines[i])
        elif what == 4:
            del lines[i]
        else:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    tokens = text.split(" ")
    i = rng.randrange(len(tokens))
    token = tokens[i]
    if what == 6:
        tokens[i] = rng.choice(("0", "1", "8", "14", "48", "49", "-1", "1" * 30, "9" * 5000))
    elif what == 7:
        tokens[i] = rng.choice(_CARDS)
    elif what == 8:
        tokens[i] = token.upper() if rng.random() < 0.5 else token.lower()
    elif what == 9:
        tokens[i] = token * rng.choice((2, 200))
    else:
        return text.replace(
            " ", rng.choice(("  ", "\t", "\u00a0", "\u3000", "")), rng.randrange(1, 4)
        )
    return " ".join(tokens)


def mutate_json_text(text: str, rng: random.Random) -> str:
    """Mutations of JSON text that no parsed document can show: duplicated keys, bad literals, deep nesting."""
    what = rng.randrange(7)
    if what == 0:  # a key repeated: the last one wins in json.loads
        keys = (
            '"plays": 3',
            '"to_move": 2',
            '"variant": "taash"',
            '"format": "seep-state/1"',
            '"deals": []',
        )
        return text.replace("{", "{" + rng.choice(keys) + ", ", 1) if "{" in text else text
    if what == 1:
        literal = rng.choice(("NaN", "Infinity", "-Infinity", "1e999", "1" * 5000, "-0", "1.0"))
        return text.replace(": 0", ": " + literal, 1) if ": 0" in text else literal
    if what == 2:
        depth = rng.choice((2_000, 100_000))
        return "[" * depth + "]" * depth
    if what == 3:
        return text + rng.choice(("}", " x", "\x00", "\n{}"))
    if what == 4:
        return "\ufeff" + text
    if what == 5:
        return rng.choice(
            ("[]", "null", "1", '"seep"', "{}", '{"format": 1}', '{"format": "seep-baazi/1"}')
        )
    return text[: rng.randrange(len(text) + 1)]


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """Bytes that are not UTF-8 text, or text in another encoding."""
    what = rng.randrange(4)
    where = rng.randrange(len(data) + 1)
    if what == 0:
        return (
            data[:where] + rng.choice((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80")) + data[where:]
        )
    if what == 1:
        return data.decode("utf-8", "replace").encode("utf-16")
    if what == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    return data.decode("utf-8", "replace").encode("latin-1", "replace")

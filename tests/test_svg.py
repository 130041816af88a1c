"""Pictures of the table (seep.svg): valid XML, every card seen named once, no hidden card named."""

from __future__ import annotations

import importlib.util
import io
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest

from seep import (
    STANDARD,
    Card,
    CardSet,
    SeepRecord,
    State,
    Throw,
    apply_move,
    legal_moves,
    new_deal,
    parse_move,
    state_to_dict,
)
from seep.baazi import apply_baazi_move, baazi_to_dict, new_baazi
from seep.cli import main
from seep.records import format_record, record_from_deal
from seep.svg import DEFAULT_SIZE, baazi_html, state_svg, view_svg
from seep.testing.positions import position
from seep.variants import BUILT_IN_NAMES
from seep.views import observe

SVG = "{http://www.w3.org/2000/svg}"
BACK = "face-down card"
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def name(card: Card) -> str:
    return ("10" if card.rank == "T" else card.rank) + SUIT[card.suit]


def cards_of(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter(f"{SVG}g") if "card" in el.get("class", "").split()]


def face_names(root: ET.Element) -> list[str]:
    """The names of the face-up cards, read from their titles and labels (checked to agree)."""
    names = []
    for el in cards_of(root):
        title = el.find(f"{SVG}title")
        assert title is not None and title.text == el.get("aria-label")
        if title.text != BACK:
            names.append(title.text)
    return names


def backs_in(root: ET.Element, klass: str, seat: int | None = None) -> int:
    for group in root.iter(f"{SVG}g"):
        if klass in group.get("class", "").split() and (
            seat is None or group.get("data-seat") == str(seat)
        ):
            return sum(1 for el in cards_of(group) if el.get("aria-label") == BACK)
    return 0


def all_text(document: str) -> str:
    """Every text node and attribute value of the document."""
    root = ET.fromstring(document)
    parts = []
    for el in root.iter():
        parts.extend([el.text or "", el.tail or "", *el.attrib.values()])
    return " ".join(parts)


def words(document: str) -> str:
    """The text of the document as one line, the way a reader reads it."""
    root = ET.fromstring(document)
    lines = [
        "".join(el.itertext()) for el in root.iter() if el.tag in (f"{SVG}text", f"{SVG}title")
    ]
    return " ".join(" ".join(lines).split())


def floor_seen(state: State) -> CardSet:
    mask = state.loose.mask if state.face_up else 0
    for house in state.houses:
        mask |= house.cards.mask
    return CardSet(mask)


def check_everything_shown(state: State) -> None:
    document = state_svg(state)
    root = ET.fromstring(document)
    names = face_names(root)
    expected = floor_seen(state)
    for hand in state.hands:
        expected |= hand
    assert sorted(names) == sorted(name(card) for card in expected)
    assert backs_in(root, "floor") == (0 if state.face_up else len(state.loose))
    assert document == state._repr_svg_()


def check_seat_sees_only_its_own(state: State, seat: int) -> None:
    view = observe(state, seat)
    document = view_svg(view)
    assert document == state_svg(state, seat=seat) == view._repr_svg_()
    root = ET.fromstring(document)
    expected = floor_seen(state) | state.hands[seat]
    assert sorted(face_names(root)) == sorted(name(card) for card in expected)
    hidden = CardSet(((1 << 52) - 1) & ~(expected.mask | piles_of(state).mask))
    text = all_text(document)
    for card in hidden:
        assert name(card) not in text, f"seat {seat} is shown {name(card)}"
    for other, hand in enumerate(state.hands):
        if other != seat:
            assert backs_in(root, "hand", other) == len(hand)
    assert backs_in(root, "floor") == (0 if state.face_up else len(state.loose))


def piles_of(state: State) -> CardSet:
    """The captured cards: public once taken (R1.5)."""
    mask = 0
    for pile in state.piles:
        mask |= pile.mask
    return CardSet(mask)


def random_states(variant: str, seed: int) -> list[State]:
    """Every state of a seeded random deal."""
    state, rng = new_deal(variant, seed=seed), random.Random(seed)
    states = [state]
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("variant", BUILT_IN_NAMES)
def test_every_variant_and_phase_shows_every_card_once_and_each_seat_only_its_own(
    variant: str,
) -> None:
    """R2.5, R11.1: the floor is face down while it is; hidden hands are backs only."""
    states = random_states(variant, seed=len(variant))
    phases = {state.phase.value for state in states}
    assert phases == {"bid", "play", "over"} or (variant.startswith("taash") and "over" in phases)
    for index, state in enumerate(states):
        if index % 7 and index != len(states) - 1 and state.phase.value == "play":
            continue
        check_everything_shown(state)
        for seat in range(state.players):
            check_seat_sees_only_its_own(state, seat)


def houses_in(root: ET.Element) -> dict[str, ET.Element]:
    """The houses of a picture by value."""
    return {
        el.get("data-value", ""): el
        for el in root.iter(f"{SVG}g")
        if "house" in el.get("class", "").split()
    }


def groups_in(house: ET.Element) -> list[ET.Element]:
    """The groups a house is drawn in, in drawing order."""
    return [el for el in house if el.tag == f"{SVG}g" and el.get("class") == "group"]


def test_r5_5_a_locked_house_is_labelled_locked_with_its_value_and_owners() -> None:
    state = position(
        hand="9S 4H",
        loose="5C 5D",
        houses=[(9, "4S 5H 9D", [1, 3]), (11, "5S 6H", [2])],
    )
    houses = houses_in(ET.fromstring(state_svg(state)))
    assert set(houses) == {"9", "11"}
    assert houses["9"].get("class", "").split() == ["house", "locked"]
    assert houses["11"].get("class", "").split() == ["house"]
    assert houses["9"].get("aria-label") == (
        "house of 9 · locked, owned by seat 1 (team 1), seat 3 (team 1)"
    )
    assert houses["11"].get("aria-label") == "house of 11 · open, owned by seat 2 (team 0)"
    assert sorted(face_names(houses["9"])) == sorted(["4♠", "5♥", "9♦"])
    texts = {value: words(ET.tostring(el, encoding="unicode")) for value, el in houses.items()}
    assert "House of 9 · locked" in texts["9"] and "House of 11 · open" in texts["11"]
    assert "locked" not in texts["11"]
    assert "pakka" not in words(state_svg(state))  # one word: the API's House.locked


def test_r5_5_each_group_of_a_locked_house_is_drawn_apart_with_its_sum() -> None:
    """A house of 12 built as 4♠ + 8♦ and locked with 6♦ + 6♣ shows both groups (R5.3, R6.1)."""
    state = position(hand="QS 2H", houses=[(12, "4S 8D 6D 6C", [1, 2])])
    house = houses_in(ET.fromstring(state_svg(state)))["12"]
    groups = groups_in(house)
    assert [sorted(face_names(group)) for group in groups] == [["4♠", "8♦"], ["6♣", "6♦"]]
    assert [group.get("aria-label") for group in groups] == [
        "group 4♠ + 8♦ = 12",
        "group 6♦ + 6♣ = 12",
    ]
    assert [words(ET.tostring(group, encoding="unicode")).split()[-5:] for group in groups] == [
        ["4", "+", "8", "=", "12"],
        ["6", "+", "6", "=", "12"],
    ]
    # every card of the house is in exactly one group, and the groups' tiles do not overlap
    assert sorted(face_names(house)) == sorted(n for g in groups for n in face_names(g))
    tiles = [group.find(f"{SVG}rect") for group in groups]
    boxes = [
        (float(t.get("x", 0)), float(t.get("y", 0)), float(t.get("width", 0)))
        for t in tiles
        if t is not None
    ]
    assert len(boxes) == 2
    (x1, y1, w1), (x2, y2, w2) = boxes
    assert y1 != y2 or x1 + w1 < x2 or x2 + w2 < x1


def test_r5_5_an_open_house_is_one_dashed_group_a_locked_one_several_in_a_solid_frame() -> None:
    open_state = position(hand="QS 2H", houses=[(12, "4S 8D", [1])])
    locked_state = position(hand="QS 2H", houses=[(12, "4S 8D 6D 6C", [1])])
    opened = houses_in(ET.fromstring(state_svg(open_state)))["12"]
    locked = houses_in(ET.fromstring(state_svg(locked_state)))["12"]
    assert len(groups_in(opened)) == 1 and len(groups_in(locked)) == 2
    assert face_names(groups_in(opened)[0]) == ["4♠", "8♦"]
    frames = [house.find(f"{SVG}rect") for house in (opened, locked)]
    assert [frame.get("stroke-dasharray") for frame in frames if frame is not None] == ["6 4", None]
    assert "open" in (opened.get("aria-label") or "") and "locked" in (
        locked.get("aria-label") or ""
    )


def test_r5_5_a_house_with_many_groups_wraps_them_inside_its_frame() -> None:
    """Nine groups of 13 (three kings alone) fill rows inside the house, which stays on the felt."""
    cards = "KS KH KC 6C 7S 5H 8H 4S 9D 3H TD 2C JD QD AH"
    state = position(hand="KD QC", loose="AS 6S", houses=[(13, cards, [0])])
    root = ET.fromstring(state_svg(state))
    house = houses_in(root)["13"]
    frame = house.find(f"{SVG}rect")
    assert frame is not None
    left, top = float(frame.get("x", 0)), float(frame.get("y", 0))
    right, bottom = left + float(frame.get("width", 0)), top + float(frame.get("height", 0))
    groups = groups_in(house)
    rows = {tile.get("y") for g in groups for tile in g.findall(f"{SVG}rect")[:1]}
    assert len(groups) == 9 and len(rows) == 2
    for card in cards_of(house):
        x, y = (float(v) for v in re.findall(r"[\d.]+", card.get("transform", "")))
        assert left <= x and x + 52 <= right and top <= y and y + 74 <= bottom
    assert right <= 780  # inside the felt (x 220..780)


@pytest.mark.parametrize("variant", BUILT_IN_NAMES)
def test_every_variant_draws_each_house_as_its_groups_of_its_value(variant: str) -> None:
    """Random deals of every built-in variant: valid XML, and each house's groups partition it (R5.5)."""
    seen_locked = 0
    for seed in range(3):
        for state in random_states(variant, seed=seed):
            root = ET.fromstring(state_svg(state))
            drawn = houses_in(root)
            assert sorted(drawn, key=int) == [str(house.value) for house in state.houses]
            for house in state.houses:
                groups = groups_in(drawn[str(house.value)])
                cards = [CardSet.parse(g.get("data-cards", "")) for g in groups]
                assert sum(len(c) for c in cards) == len(house.cards)
                assert CardSet(sum(c.mask for c in cards)) == house.cards
                assert all(c.total() == house.value for c in cards), cards
                assert (len(groups) > 1) == house.locked
                seen_locked += house.locked
    if not variant.startswith("taash"):
        assert seen_locked  # the seeds reach a locked house


def test_r11_two_player_houses_name_their_owner_by_seat_only() -> None:
    state = position("taash-2p", hand="9S 4H", houses=[(9, "4S 5H", [1])], to_move=0)
    root = ET.fromstring(state_svg(state))
    labels = [el.get("aria-label") for el in root.iter(f"{SVG}g") if el.get("data-value")]
    assert labels == ["house of 9 · open, owned by seat 1"]


def test_r4_3_the_last_move_is_outlined_the_card_thrown_or_the_house_built() -> None:
    state = position(hand="9S 4H", loose="5C 5D")
    built = apply_move(state, parse_move("build 4H 5C =9"))
    root = ET.fromstring(state_svg(built))
    outlined = [el for el in root.iter(f"{SVG}g") if "last-move" in el.get("class", "").split()]
    assert [el.get("data-value") or el.get("aria-label") for el in outlined] == ["9", "4♥"]
    assert "Seat 0 built 9 with 4♥" in words(state_svg(built))

    throw = next(move for move in legal_moves(built) if isinstance(move, Throw))
    root = ET.fromstring(state_svg(apply_move(built, throw)))
    outlined = [el for el in root.iter(f"{SVG}g") if "last-move" in el.get("class", "").split()]
    assert [el.get("aria-label") for el in outlined] == [name(throw.card)]

    no_history = ET.fromstring(state_svg(state))
    assert not [
        el for el in no_history.iter(f"{SVG}g") if "last-move" in el.get("class", "").split()
    ]
    assert "Last move not known" in words(state_svg(state))


def test_r4_5_seeps_are_listed_with_their_seat_play_and_points() -> None:
    state = attrs.evolve(
        position(hand="9S 4H", loose="5C"),
        seeps=(SeepRecord(seat=1, play=12, points=50), SeepRecord(seat=3, play=17, points=50)),
    )
    text = words(state_svg(state))
    assert "Seat 1, play 12: +50" in text and "Seat 3, play 17: +50" in text
    assert "2 seeps +100" in text  # team 1's line of the score
    seats = {
        el.get("data-seat"): " ".join(t.text or "" for t in el.iter(f"{SVG}text"))
        for el in ET.fromstring(state_svg(state)).iter(f"{SVG}g")
        if "seat" in el.get("class", "").split()
    }
    assert "seep" in seats["1"] and "seep" in seats["3"] and "seep" not in seats["0"]


def test_the_seat_to_move_is_marked_and_the_viewer_sits_at_the_bottom() -> None:
    state = new_deal("standard", seed=10)
    root = ET.fromstring(state_svg(state, seat=2))
    seats = [el for el in root.iter(f"{SVG}g") if "seat" in el.get("class", "").split()]
    marked = [el.get("data-seat") for el in seats if "to-move" in el.get("class", "")]
    viewer = [el.get("data-seat") for el in seats if "viewer" in el.get("class", "")]
    assert marked == ["1"] and viewer == ["2"]
    assert "Seat 1 to bid" in words(state_svg(state))


def test_every_card_lies_inside_the_picture_and_floor_cards_do_not_overlap() -> None:
    """A crowded floor (many loose cards, five houses) grows the picture instead of overlapping."""
    state = position(
        hand="KD QC",
        loose="AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 6S",
        houses=[
            (9, "4S 5H 9D 9C", [1]),
            (10, "4H 6H TD", [2]),
            (11, "4D 7S JD", [3]),
            (12, "5D 7H QD", [1]),
            (13, "6D 7D KH", [0]),
        ],
    )
    root = ET.fromstring(state_svg(state))
    width, height = (float(v) for v in root.get("viewBox", "").split()[2:])
    for el in cards_of(root):
        x, y = (float(v) for v in re.findall(r"[\d.]+", el.get("transform", "")))
        assert 0 <= x <= width - 52 and 0 <= y <= height - 74
    floor = next(el for el in root.iter(f"{SVG}g") if el.get("class") == "floor loose")
    loose = [tuple(map(float, re.findall(r"[\d.]+", el.get("transform", "")))) for el in floor]
    assert len(loose) == 13
    for i, (x1, y1) in enumerate(loose):
        for x2, y2 in loose[i + 1 :]:
            assert abs(x1 - x2) >= 52 or abs(y1 - y2) >= 74
    houses = [el for el in root.iter(f"{SVG}g") if el.get("data-value")]
    boxes = [
        (float(r.get("x", 0)), float(r.get("y", 0)), float(r.get("width", 0)))
        for h in houses
        for r in h.findall(f"{SVG}rect")[:1]
    ]
    for i, (x1, y1, w1) in enumerate(boxes):
        for x2, y2, w2 in boxes[i + 1 :]:
            assert y1 != y2 or x1 + w1 <= x2 or x2 + w2 <= x1


def test_text_is_escaped_and_the_size_sets_the_width() -> None:
    odd = attrs.evolve(STANDARD, name="<b>\"&'</b>")
    document = state_svg(new_deal(odd, seed=1), size=300)
    root = ET.fromstring(document)
    assert root.get("width") == "300"
    assert "<b>\"&'</b>" in (root.findtext(f"{SVG}title") or "")
    with pytest.raises(ValueError, match="positive number"):
        state_svg(new_deal("standard", seed=1), size=0)
    assert ET.fromstring(state_svg(new_deal("standard", seed=1))).get("width") == str(DEFAULT_SIZE)


def test_repr_of_a_state_and_a_view_is_one_short_line_and_equality_is_untouched() -> None:
    state = new_deal("standard", seed=7)
    assert repr(state) == "<State standard bidding, seat 1 to bid, floor 4 cards face down>"
    played = apply_move(state, legal_moves(state)[0])
    assert repr(played) == "<State standard play 0/48 bid 10, seat 1 to play, floor 4 cards>"
    houses = position(hand="9S 4H", houses=[(9, "4S 5H", [1])], plays=40)
    assert (
        repr(houses) == "<State standard play 40/48 bid 9, seat 0 to play, floor 0 cards, 1 house>"
    )
    over = random_states("standard", 3)[-1]
    assert repr(over) == f"<State standard over bid {over.bid}, floor 0 cards>"
    view = observe(played, 1)
    assert repr(view) == (
        "<View of seat 1: standard play 0/48 bid 10, seat 1 to play, floor 4 cards, hand 4 cards>"
    )
    again = new_deal("standard", seed=7)
    assert again == state and hash(again) == hash(state) and again is not state
    assert played != state


def test_a_baazi_shows_its_score_sheet_and_its_deal() -> None:
    match = new_baazi("standard", seed=4)
    rng = random.Random(4)
    while len(match.sheet) < 2:
        match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    page = match._repr_html_()
    assert page == baazi_html(match)
    root = ET.fromstring(page)  # the HTML is well-formed XML too
    rows = root.findall(".//tbody/tr")
    assert len(rows) == 2
    first = [cell.text for cell in rows[0]]
    sheet = match.sheet[0]
    assert first[:3] == ["1", str(sheet.dealer), str(sheet.bid)]
    assert first[3:9] == [
        str(v) for t in (0, 1) for v in (sheet.cards[t], sheet.seeps[t], sheet.totals[t])
    ]
    assert root.find(f".//{SVG}svg") is not None


def test_seep_show_svg_writes_a_picture_of_a_state_a_baazi_and_a_record(tmp_path: Path) -> None:
    state = new_deal("standard", seed=10)
    moves = [legal_moves(state)[0]]
    state = apply_move(state, moves[0])
    sources = {
        "state.json": json.dumps(state_to_dict(state)),
        "baazi.json": json.dumps(baazi_to_dict(new_baazi("taash", seed=2))),
        "record.txt": format_record(record_from_deal(new_deal("standard", seed=10), moves)),
    }
    for file, content in sources.items():
        path, picture = tmp_path / file, tmp_path / (file + ".svg")
        path.write_text(content, encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        assert main(["show", str(path), "--svg", str(picture)], stdout=out, stderr=err) == 0, err
        root = ET.fromstring(picture.read_text(encoding="utf-8"))
        assert root.tag == f"{SVG}svg" and face_names(root)
        assert "Floor:" in out.getvalue()


def test_the_pictures_on_the_documentation_pages_are_current() -> None:
    """The files in docs/_static/pictures are what docs/pictures.py draws today."""
    script = Path(__file__).resolve().parent.parent / "docs" / "pictures.py"
    spec = importlib.util.spec_from_file_location("docs_pictures", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    drawn = module.pictures()
    assert sorted(drawn) == sorted(path.name for path in module.FOLDER.glob("*.svg"))
    for name, document in drawn.items():
        stored = (module.FOLDER / name).read_text(encoding="utf-8")
        assert stored == document + "\n", f"{name} is stale: run python docs/pictures.py"
        ET.fromstring(stored)


def test_r4_5_a_take_that_sweeps_the_floor_shows_as_a_seep_and_the_last_move() -> None:
    state = position(hand="9S 5D", loose="4C 5H")
    after = apply_move(state, parse_move("take 9S 4C 5H"))
    text = words(state_svg(after))
    assert "Seat 0 took 4♣ 5♥ with 9♠" in text
    assert "Seat 0, play 41: +50" in text and "Floor: empty" in text
    assert "Seep! seat 0 swept the floor: +50" in text
    assert "Seep!" not in words(state_svg(state))
    crowded = position(hand="KS 2D", loose="AS 2S 3S 7H", houses=[(13, "4S 9D", [1])])
    swept = words(state_svg(apply_move(crowded, parse_move("take KS AS 2S 3S 7H #13"))))
    assert "Seat 0 took with K♠ A♠ 2♠ 3♠ 7♥ and house 13" in swept

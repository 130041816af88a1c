"""The table seen from above, as one SVG document: seats round the floor, the score in a corner.

The seat whose view it is (or seat 0) sits at the bottom; play runs
counter-clockwise (R1.3), so the next seat sits on the right, the partner
opposite. The layout grows downwards when the floor holds many cards or
houses, so nothing overlaps.
"""

from __future__ import annotations

import math

import attrs

from seep._engine.groups import split_into_groups
from seep._picture.elements import (
    CARD_H,
    CARD_W,
    FONT,
    HIGHLIGHT,
    card_back,
    card_face,
    card_name,
    card_spans,
    element,
    number,
    span,
    text,
    title,
)
from seep._picture.scene import HouseLike, Scene, StateLike, ViewLike, scene_of_state, scene_of_view
from seep.cards import Card, CardSet
from seep.history import Played
from seep.moves import Bid, Build, Raise, Take, Throw
from seep.variants._answers import card_points

WIDTH = 1000
#: The width in pixels of a picture unless ``size`` says otherwise.
DEFAULT_SIZE = 800
_MARGIN = 12
_SIDE_W = 196
_FELT_X = 220
_FELT_W = WIDTH - 2 * _FELT_X
_HEADER_H = 40
_BLOCK_H = 108  # a seat at the top or bottom: its label and one row of cards
_LABEL_H = 26
_PAD = 14
_HOUSE_MIN_W = 176
_HOUSE_HEAD_W = 196
_HOUSE_TOP = 32  # the house's title line
_HOUSE_PAD = 8
_HOUSE_STEP = 28  # a frame round the played card then clears the next card's corner
_GROUP_PAD = 5
_GROUP_GAP = 10
_GROUP_H = CARD_H + 2 * _GROUP_PAD
_CAPTION_H = 20  # the sum under a group
_SIDE_ROW = 6  # cards per row in a side seat's hand
TEAM_COLOURS = ("#1f5fa8", "#b4531a")
_FELT = "#2e6b4a"
_INK = "#1d1d1d"
_MUTED = "#5a5a5a"


def _team_colour(team: int) -> str:
    return TEAM_COLOURS[team % len(TEAM_COLOURS)]


def _place(scene: Scene, seat: int) -> str:
    """Where ``seat`` sits: ``bottom``, ``right``, ``top`` or ``left`` (R1.3: counter-clockwise)."""
    bottom = scene.viewer if scene.viewer is not None else 0
    turn = (seat - bottom) % scene.players
    if scene.players == 2:
        return ("bottom", "top")[turn]
    return ("bottom", "right", "top", "left")[turn]


def _seat_title(scene: Scene, seat: int) -> str:
    team = scene.variant.team_of(seat)
    words = [f"Seat {seat}"]
    if scene.players > 2:
        words.append(f"team {team}")
    if seat == scene.viewer:
        words.append("you")
    return " · ".join(words)


def _seat_label(
    scene: Scene, seat: int, x: float, y: float, width: float, *, stacked: bool = False
) -> str:
    """The seat's name plate: team colour, dealer chip, seeps, and the turn marker."""
    team_colour = _team_colour(scene.variant.team_of(seat))
    to_move = seat == scene.to_move
    seeps = sum(1 for record in scene.seeps if record.seat == seat)
    hand = scene.hands[seat]
    count = len(hand) if isinstance(hand, CardSet) else hand
    parts = [
        element(
            "rect",
            {
                "x": x,
                "y": y,
                "width": width,
                "height": 22,
                "rx": 11,
                "fill": HIGHLIGHT if to_move else "#f4f1ea",
                "stroke": team_colour,
                "stroke-width": 3 if to_move else 2,
            },
        ),
        text(
            x + 10,
            y + 16,
            [
                span(
                    _seat_title(scene, seat),
                    fill=_INK if to_move else team_colour,
                    font_weight="bold",
                ),
                span(f"  {count} card{'s' if count != 1 else ''}", fill=_INK),
            ],
            font_size=13,
        ),
    ]
    badges = []
    if to_move:
        badges.append("to bid" if scene.phase == "bid" else "to play")
    if seeps:
        badges.append("seep" if seeps == 1 else f"{seeps} seeps")
    if seat == scene.dealer:
        badges.append("dealer")
    if badges:
        # a side seat's plate is narrow: its badges go on a line below it
        parts.append(
            text(
                x + 10 if stacked else x + width - 10,
                y + 38 if stacked else y + 16,
                " · ".join(badges),
                font_size=12,
                font_weight="bold" if to_move else None,
                fill=_INK,
                text_anchor=None if stacked else "end",
            )
        )
    classes = "seat" + (" to-move" if to_move else "") + (" viewer" if seat == scene.viewer else "")
    return element("g", {"class": classes, "data-seat": seat}, *parts)


def _fan(cards: CardSet | int, x: float, y: float, step: float) -> list[str]:
    if isinstance(cards, CardSet):
        return [card_face(card, x + i * step, y) for i, card in enumerate(cards)]
    return [card_back(x + i * step, y) for i in range(cards)]


def _hand(scene: Scene, seat: int, x: float, y: float, width: float, rows: int) -> str:
    """A hand: face up when seen, else backs; in ``rows`` rows across ``width``."""
    hand = scene.hands[seat]
    count = len(hand) if isinstance(hand, CardSet) else hand
    cards = list(hand) if isinstance(hand, CardSet) else [None] * count
    per_row = max(1, math.ceil(count / rows))
    widest = 44 if isinstance(hand, CardSet) else 24
    step = min(widest, (width - CARD_W) / max(1, per_row - 1))
    parts = []
    for row in range(rows):
        chunk = cards[row * per_row : (row + 1) * per_row]
        if not chunk:
            break
        left = x + (width - CARD_W - step * (len(chunk) - 1)) / 2
        top = y + row * (CARD_H + 6)
        for i, card in enumerate(chunk):
            position = left + i * step
            parts.append(
                card_back(position, top) if card is None else card_face(card, position, top)
            )
    shown = "shown" if isinstance(hand, CardSet) else "face down"
    label = f"seat {seat}'s hand: {count} cards {shown}" if count else f"seat {seat}'s hand: empty"
    return element(
        "g", {"class": "hand", "data-seat": seat, "aria-label": label}, title(label), *parts
    )


def _house_groups(house: HouseLike) -> list[CardSet]:
    """The groups a house is drawn in: one when open, two or more when locked (R5.5).

    A house keeps only its cards, so the engine is asked for one way to split
    them (R5.3, R6.1); a house whose cards do not split is drawn as one group.
    """
    split = split_into_groups(house.cards.mask, house.value)
    return [CardSet(group) for group in split] if split else [house.cards]


def _group_width(group: CardSet) -> float:
    return 2 * _GROUP_PAD + CARD_W + _HOUSE_STEP * (len(group) - 1)


@attrs.frozen
class _HouseLayout:
    """Where a house's groups sit inside its frame (offsets from its top left), and its size."""

    width: float
    height: float
    groups: tuple[tuple[CardSet, float, float], ...]


def _house_layout(house: HouseLike, limit: float) -> _HouseLayout:
    """The groups in rows, left to right, a new row when one would pass ``limit`` pixels."""
    # the title and the locked mark take about 196 pixels, each owner's chip 22
    head = _HOUSE_HEAD_W + 22 * len(house.owners)
    placed: list[tuple[CardSet, float, float]] = []
    x: float = _HOUSE_PAD
    y: float = _HOUSE_TOP
    widest = 0.0
    for group in _house_groups(house):
        width = _group_width(group)
        if x > _HOUSE_PAD and x + width + _HOUSE_PAD > limit:
            x, y = _HOUSE_PAD, y + _GROUP_H + _CAPTION_H
        placed.append((group, x, y))
        x += width + _GROUP_GAP
        widest = max(widest, x - _GROUP_GAP + _HOUSE_PAD)
    return _HouseLayout(
        width=max(_HOUSE_MIN_W, head, widest),
        height=y + _GROUP_H + _CAPTION_H,
        groups=tuple(placed),
    )


def _box(x: float, y: float, width: float, height: float, **style: object) -> str:
    """A ``<rect>``; style names are written with ``_`` for ``-`` (``stroke_width``)."""
    attributes = {key.replace("_", "-"): value for key, value in style.items()}
    return element("rect", {"x": x, "y": y, "width": width, "height": height, **attributes})


def _house(scene: Scene, house: HouseLike, layout: _HouseLayout, x: float, y: float) -> str:
    """A house: its value, "locked" when it is (R5.5), its owners (R5.2, R6) and each group apart."""
    last = scene.last.move if scene.last is not None else None
    built = (isinstance(last, Build) and last.value == house.value) or (
        isinstance(last, Raise) and last.new_value == house.value
    )
    owners = ", ".join(
        f"seat {o}" + (f" (team {scene.variant.team_of(o)})" if scene.players > 2 else "")
        for o in house.owners
    )
    state = "locked" if house.locked else "open"
    label = f"house of {house.value} · {state}, owned by {owners}"
    parts = [
        title(label),
        _box(
            x,
            y,
            layout.width,
            layout.height,
            rx=8,
            fill="#24573c",
            stroke=HIGHLIGHT if built else "#b9d8c4",
            stroke_width=4 if built else 1.5,
            stroke_dasharray=None if house.locked else "6 4",
        ),
        text(
            x + 10,
            y + 22,
            [
                span(f"House of {house.value}", fill="#ffffff", font_weight="bold"),
                span(" · ", fill="#b9d8c4"),
                span(state, fill="#ffd27a" if house.locked else "#b9d8c4", font_weight="bold"),
            ],
            font_size=15,
        ),
    ]
    for i, owner in enumerate(reversed(house.owners)):
        cx = x + layout.width - 16 - i * 22
        parts.append(
            element(
                "circle",
                {
                    "cx": cx,
                    "cy": y + 17,
                    "r": 10,
                    "fill": _team_colour(scene.variant.team_of(owner)),
                    "stroke": "#ffffff",
                    "stroke-width": 1.5,
                },
            )
        )
        parts.append(
            text(
                cx,
                y + 21.5,
                str(owner),
                fill="#ffffff",
                font_size=12,
                font_weight="bold",
                text_anchor="middle",
            )
        )
    played = last.card if isinstance(last, (Build, Raise)) and built else None
    for group, dx, dy in layout.groups:
        parts.append(_group(group, house.value, x + dx, y + dy, played))
    classes = "house" + (" locked" if house.locked else "") + (" last-move" if built else "")
    return element(
        "g",
        {"class": classes, "data-value": house.value, "role": "group", "aria-label": label},
        *parts,
    )


def _group(group: CardSet, value: int, x: float, y: float, played: Card | None) -> str:
    """One group of a house: its cards fanned on a darker tile, the played card framed."""
    names = " + ".join(card_name(card) for card in group)
    label = f"group {names} = {value}"
    parts = [
        title(label),
        _box(x, y, _group_width(group), _GROUP_H, rx=6, fill="#173d29", stroke="#8fbfa0"),
    ]
    cards = list(group)
    for i, card in enumerate(cards):
        parts.append(
            card_face(
                card,
                x + _GROUP_PAD + i * _HOUSE_STEP,
                y + _GROUP_PAD,
                outlined=card == played,
            )
        )
    if played in cards:
        # the played card's frame again, above the cards that overlap it
        frame_x = x + _GROUP_PAD + cards.index(played) * _HOUSE_STEP
        parts.append(
            _box(
                frame_x,
                y + _GROUP_PAD,
                CARD_W,
                CARD_H,
                rx=5,
                fill="none",
                stroke=HIGHLIGHT,
                stroke_width=3,
            )
        )
    # what the group adds up to, under it: "4 + 8 = 12" (a card of the value is a group alone)
    values = " + ".join(str(card.value) for card in cards)
    parts.append(
        text(
            x + _group_width(group) / 2,
            y + _GROUP_H + 13,
            values if len(cards) == 1 else f"{values} = {value}",
            fill="#cfe6d7",
            font_size=11,
            text_anchor="middle",
        )
    )
    return element(
        "g",
        {"class": "group", "data-cards": str(group), "role": "group", "aria-label": label},
        *parts,
    )


def _floor(scene: Scene, top: float) -> tuple[list[str], float]:
    """The floor's loose cards and houses, from ``top``; returns the parts and the height used."""
    parts: list[str] = []
    x0: float = _FELT_X + _PAD
    inner = _FELT_W - 2 * _PAD
    y = top + 24
    loose = scene.loose
    last = scene.last.move if scene.last is not None else None
    if isinstance(loose, int):
        caption = f"Floor: {loose} cards face down" if loose else "Floor: empty"
        parts.append(text(x0, y, caption, fill="#e8f3ec", font_size=14, font_weight="bold"))
        backs = [card_back(x0 + i * 22, y + 10) for i in range(loose)]
        parts.append(element("g", {"class": "floor face-down"}, *backs) if backs else "")
        y += 10 + (CARD_H if loose else 0)
    else:
        count = len(loose)
        caption = (
            f"Floor: {count} loose card{'s' if count != 1 else ''}"
            if count
            else "Floor: no loose cards"
            if scene.houses
            else "Floor: empty"
        )
        parts.append(text(x0, y, caption, fill="#e8f3ec", font_size=14, font_weight="bold"))
        per_row = max(1, (inner + 8) // (CARD_W + 8))
        thrown = last.card if isinstance(last, Throw) else None
        cards = [
            card_face(
                card,
                x0 + (i % per_row) * (CARD_W + 8),
                y + 10 + (i // per_row) * (CARD_H + 8),
                outlined=card == thrown,
            )
            for i, card in enumerate(loose)
        ]
        parts.append(element("g", {"class": "floor loose"}, *cards) if cards else "")
        y += 10 + math.ceil(count / per_row) * (CARD_H + 8) - (8 if count else 0)
    x: float = x0
    row_top = y + 14
    row_height = 0.0
    for house in scene.houses:
        layout = _house_layout(house, inner)
        if x > x0 and x + layout.width > x0 + inner:
            x = x0
            row_top += row_height + 10
            row_height = 0.0
        parts.append(_house(scene, house, layout, x, row_top))
        x += layout.width + 10
        row_height = max(row_height, layout.height)
    bottom = row_top + row_height if scene.houses else y
    return parts, bottom - top + _PAD


def _panel(
    x: float,
    y: float,
    width: float,
    height: float,
    heading: str,
    lines: list[list[str]],
    klass: str,
    font_size: float = 12,
) -> str:
    parts = [
        element(
            "rect",
            {
                "x": x,
                "y": y,
                "width": width,
                "height": height,
                "rx": 8,
                "fill": "#f4f1ea",
                "stroke": "#c9c2b2",
            },
        ),
        text(x + 10, y + 19, heading, fill=_INK, font_size=13, font_weight="bold"),
    ]
    for i, line in enumerate(lines):
        parts.append(text(x + 10, y + 37 + 15 * i, line, fill=_INK, font_size=font_size))
    return element("g", {"class": klass}, *parts)


def _score_lines(scene: Scene) -> list[list[str]]:
    points = card_points(scene.variant, scene.piles)
    lines: list[list[str]] = []
    for team, pile in enumerate(scene.piles):
        seats = [s for s in range(scene.players) if scene.variant.team_of(s) == team]
        seeps = [s.points for s in scene.seeps if scene.variant.team_of(s.seat) == team]
        name = f"Team {team}" if scene.players > 2 else f"Seat {seats[0]}"
        who = f" (seats {' & '.join(map(str, seats))})" if scene.players > 2 else ""
        # the deal's total goes on the name line, to keep the points line short
        total = (
            [span(f"  total {points[team] + sum(seeps)}", font_weight="bold")]
            if scene.phase == "over"
            else []
        )
        lines.append([span(name, fill=_team_colour(team), font_weight="bold"), span(who), *total])
        seep_text = (
            f", {len(seeps)} seep{'s' if len(seeps) != 1 else ''} +{sum(seeps)}" if seeps else ""
        )
        lines.append([span(f"{points[team]} pts, {len(pile)} cards{seep_text}")])
    return lines


def _move_lines(played: Played) -> list[list[str]]:
    """The last move in words, its cards in their suit colours."""
    move = played.move
    who = [span(f"Seat {played.seat} ", font_weight="bold")]
    if isinstance(move, Bid):
        return [[*who, span(f"bid {move.value}")]]
    card = card_spans([move.card])
    if isinstance(move, Throw):
        return [[*who, span("threw "), *card]]
    if isinstance(move, Raise):
        return [
            [*who, span("raised house "), span(str(move.house))],
            [span("to "), span(str(move.new_value)), span(" with "), *card],
        ]
    if isinstance(move, Build):
        lines = [[*who, span(f"built {move.value} with "), *card]]
        if move.loose:
            lines.append([span("and "), *card_spans(move.loose)])
        return lines
    assert isinstance(move, Take)
    house = [span(f"house {move.house}")] if move.house is not None else []
    taken = list(move.loose)
    if len(taken) <= 2:
        what = card_spans(taken) + ([span(" and "), *house] if taken and house else house)
        return [[*who, span("took "), *what, span(" with "), *card]]
    lines = [[*who, span("took with "), *card]]
    for start in range(0, len(taken), 6):
        lines.append(card_spans(taken[start : start + 6]))
    if house:
        lines.append([span("and "), *house])
    return lines


def _heading(scene: Scene) -> str:
    bid = f" · bid {scene.bid}" if scene.bid is not None else ""
    view = f" · seen by seat {scene.viewer}" if scene.viewer is not None else ""
    return f"{scene.variant.name} · play {scene.plays} of {scene.variant.plays_per_deal}{bid}{view}"


def _turn(scene: Scene) -> str:
    if scene.to_move is None:
        return "Deal over"
    return f"Seat {scene.to_move} to {'bid' if scene.phase == 'bid' else 'play'}"


def draw_table(scene: Scene, size: float) -> str:
    """The SVG document of ``scene``, ``size`` pixels wide."""
    body: list[str] = []
    block = {seat: _place(scene, seat) for seat in range(scene.players)}
    felt_top = _HEADER_H + 8 + _BLOCK_H + 6
    floor_parts, floor_height = _floor(scene, felt_top)
    felt_height = max(320.0, floor_height)
    bottom_top = felt_top + felt_height + 10
    height = bottom_top + _BLOCK_H + _MARGIN
    # the table: a wooden rim round the felt
    body.append(
        element("rect", {"x": 0, "y": 0, "width": WIDTH, "height": height, "fill": "#ece6d9"})
    )
    body.append(
        element(
            "rect",
            {
                "x": _FELT_X - 8,
                "y": felt_top - 8,
                "width": _FELT_W + 16,
                "height": felt_height + 16,
                "rx": 26,
                "fill": "#6d4424",
            },
        )
    )
    body.append(
        element(
            "rect",
            {
                "x": _FELT_X,
                "y": felt_top,
                "width": _FELT_W,
                "height": felt_height,
                "rx": 20,
                "fill": _FELT,
            },
        )
    )
    body.extend(floor_parts)
    if scene.last_seep is not None and not scene.houses and not scene.loose:
        seep = scene.last_seep
        body.append(
            element(
                "g",
                {"class": "seep-made"},
                text(
                    WIDTH / 2,
                    felt_top + felt_height / 2,
                    "Seep!",
                    fill="#f6e7a8",
                    font_size=48,
                    font_weight="bold",
                    text_anchor="middle",
                ),
                text(
                    WIDTH / 2,
                    felt_top + felt_height / 2 + 34,
                    f"seat {seep.seat} swept the floor: +{seep.points}",
                    fill="#f6e7a8",
                    font_size=18,
                    text_anchor="middle",
                ),
            )
        )
    # the heading and the turn
    body.append(
        text(
            _MARGIN,
            27,
            [span("Seep", font_weight="bold"), span(" · " + _heading(scene))],
            fill=_INK,
            font_size=17,
        )
    )
    body.append(
        text(
            WIDTH - _MARGIN,
            27,
            _turn(scene),
            fill=_INK,
            font_size=17,
            font_weight="bold",
            text_anchor="end",
        )
    )
    for seat, place in block.items():
        if place in ("top", "bottom"):
            y = _HEADER_H + 8 if place == "top" else bottom_top
            body.append(_seat_label(scene, seat, _FELT_X, y, _FELT_W))
            body.append(_hand(scene, seat, _FELT_X, y + _LABEL_H + 4, _FELT_W, 1))
        else:
            x = _MARGIN if place == "left" else WIDTH - _MARGIN - _SIDE_W
            hand = scene.hands[seat]
            count = len(hand) if isinstance(hand, CardSet) else hand
            rows = max(1, math.ceil(count / _SIDE_ROW))
            y = felt_top + (felt_height - (_LABEL_H + 18 + rows * (CARD_H + 6))) / 2
            body.append(_seat_label(scene, seat, x, y, _SIDE_W, stacked=True))
            body.append(_hand(scene, seat, x, y + _LABEL_H + 22, _SIDE_W, rows))
    # the corners: stock, score, last move, seeps
    corner_h = _BLOCK_H - 8
    top = _HEADER_H + 8
    stock = [card_back(_MARGIN + 10 + 3 * i, top + 12 + 2 * i) for i in range(min(3, scene.stock))]
    stock_x = _MARGIN + (86 if stock else 10)
    body.append(
        element(
            "g",
            {"class": "stock"},
            *stock,
            text(stock_x, top + 40, "Stock", fill=_INK, font_size=13, font_weight="bold"),
            text(
                stock_x,
                top + 58,
                f"{scene.stock} cards" if scene.stock else "empty",
                fill=_INK,
                font_size=12,
            ),
        )
    )
    right = WIDTH - _MARGIN - _SIDE_W
    # a score line with seeps and a total is long: the score's lines are a size smaller
    body.append(
        _panel(right, top, _SIDE_W, corner_h, "Score", _score_lines(scene), "score", font_size=11)
    )
    none = "none yet" if scene.history_known else "not known (no history)"
    moved = _move_lines(scene.last) if scene.last is not None else [[span(none, fill=_MUTED)]]
    body.append(
        _panel(_MARGIN, bottom_top, _SIDE_W, corner_h, "Last move", moved[:4], "last-move-text")
    )
    seep_lines = [
        [span(f"Seat {s.seat}, play {s.play}: "), span(f"+{s.points}", font_weight="bold")]
        for s in scene.seeps
    ]
    if len(seep_lines) > 4:
        seep_lines = [*seep_lines[:3], [span(f"and {len(seep_lines) - 3} more")]]
    body.append(
        _panel(
            right,
            bottom_top,
            _SIDE_W,
            corner_h,
            "Seeps",
            seep_lines or [[span("none yet", fill=_MUTED)]],
            "seeps",
        )
    )
    label = f"Seep table: {_heading(scene)}; {_turn(scene).lower()}"
    return element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {WIDTH} {number(height)}",
            "width": number(size),
            "height": number(size * height / WIDTH),
            "role": "img",
            "aria-label": label,
            "font-family": FONT,
        },
        title(label),
        *body,
    )


def draw_state(state: StateLike, size: float = DEFAULT_SIZE) -> str:
    """The picture of a state, every hand shown (``State._repr_svg_``, :func:`seep.svg.state_svg`)."""
    return draw_table(scene_of_state(state), size)


def draw_view(view: ViewLike, size: float = DEFAULT_SIZE) -> str:
    """The picture of a seat's view (``View._repr_svg_``, :func:`seep.svg.view_svg`)."""
    return draw_table(scene_of_view(view), size)

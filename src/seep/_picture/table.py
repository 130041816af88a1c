"""The table seen from above, as one SVG document: seats round the floor, the score in a corner.

The seat whose view it is (or seat 0) sits at the bottom; play runs
counter-clockwise (R1.3), so the next seat sits on the right, the partner
opposite. The layout grows downwards when the floor holds many cards or
houses, so nothing overlaps.
"""

from __future__ import annotations

import math

from seep._picture.elements import (
    CARD_H,
    CARD_W,
    FONT,
    HIGHLIGHT,
    card_back,
    card_face,
    card_spans,
    element,
    number,
    span,
    text,
    title,
)
from seep._picture.scene import HouseLike, Scene, StateLike, ViewLike, scene_of_state, scene_of_view
from seep.cards import CardSet
from seep.history import Played
from seep.moves import Bid, Build, Raise, Take, Throw

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
_HOUSE_STEP = 28  # a frame round the played card then clears the next card's corner
_HOUSE_H = 34 + CARD_H + 10
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


def _house_width(house: HouseLike) -> float:
    # the title and the pakka mark take 156 units, each owner's chip 22
    return max(
        _HOUSE_MIN_W,
        156 + 22 * len(house.owners),
        16 + CARD_W + _HOUSE_STEP * (len(house.cards) - 1),
    )


def _house(scene: Scene, house: HouseLike, x: float, y: float) -> str:
    """A house: its value, *pakka* when locked (R5.5), its owners (R5.2, R6) and cards."""
    last = scene.last.move if scene.last is not None else None
    built = (isinstance(last, Build) and last.value == house.value) or (
        isinstance(last, Raise) and last.new_value == house.value
    )
    width = _house_width(house)
    owners = ", ".join(
        f"seat {o}" + (f" (team {scene.variant.team_of(o)})" if scene.players > 2 else "")
        for o in house.owners
    )
    label = f"house of {house.value}" + (", pakka" if house.locked else "") + f", owned by {owners}"
    parts = [
        title(label),
        element(
            "rect",
            {
                "x": x,
                "y": y,
                "width": width,
                "height": _HOUSE_H,
                "rx": 8,
                "fill": "#24573c",
                "stroke": HIGHLIGHT if built else "#b9d8c4",
                "stroke-width": 4 if built else 1.5,
                "stroke-dasharray": None if house.locked else "6 4",
            },
        ),
        text(
            x + 10, y + 22, f"House {house.value}", fill="#ffffff", font_size=15, font_weight="bold"
        ),
    ]
    if house.locked:
        parts.append(
            element(
                "rect",
                {"x": x + 96, "y": y + 8, "width": 46, "height": 18, "rx": 4, "fill": "#8c1d1d"},
            )
        )
        parts.append(
            text(
                x + 119,
                y + 21,
                "pakka",
                fill="#ffffff",
                font_size=11,
                font_weight="bold",
                text_anchor="middle",
            )
        )
    for i, owner in enumerate(reversed(house.owners)):
        cx = x + width - 16 - i * 22
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
    cards = list(house.cards)
    for i, card in enumerate(cards):
        parts.append(card_face(card, x + 8 + i * _HOUSE_STEP, y + 34, outlined=card == played))
    if played in cards:
        # the played card's frame again, above the cards that overlap it
        frame_x = x + 8 + cards.index(played) * _HOUSE_STEP
        parts.append(
            element(
                "rect",
                {
                    "x": frame_x,
                    "y": y + 34,
                    "width": CARD_W,
                    "height": CARD_H,
                    "rx": 5,
                    "fill": "none",
                    "stroke": HIGHLIGHT,
                    "stroke-width": 3,
                },
            )
        )
    classes = "house" + (" locked" if house.locked else "") + (" last-move" if built else "")
    return element(
        "g",
        {"class": classes, "data-value": house.value, "role": "group", "aria-label": label},
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
    for house in scene.houses:
        width = _house_width(house)
        if x > x0 and x + width > x0 + inner:
            x = x0
            row_top += _HOUSE_H + 10
        parts.append(_house(scene, house, x, row_top))
        x += width + 10
    bottom = row_top + _HOUSE_H if scene.houses else y
    return parts, bottom - top + _PAD


def _panel(
    x: float,
    y: float,
    width: float,
    height: float,
    heading: str,
    lines: list[list[str]],
    klass: str,
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
        parts.append(text(x + 10, y + 37 + 15 * i, line, fill=_INK, font_size=12))
    return element("g", {"class": klass}, *parts)


def _score_lines(scene: Scene) -> list[list[str]]:
    points = scene.variant.card_points.score(scene.piles)
    lines: list[list[str]] = []
    for team, pile in enumerate(scene.piles):
        seats = [s for s in range(scene.players) if scene.variant.team_of(s) == team]
        seeps = [s.points for s in scene.seeps if scene.variant.team_of(s.seat) == team]
        name = f"Team {team}" if scene.players > 2 else f"Seat {seats[0]}"
        who = f" (seats {' & '.join(map(str, seats))})" if scene.players > 2 else ""
        lines.append([span(name, fill=_team_colour(team), font_weight="bold"), span(who)])
        seep_text = (
            f", {len(seeps)} seep{'s' if len(seeps) != 1 else ''} +{sum(seeps)}" if seeps else ""
        )
        total = f" = {points[team] + sum(seeps)}" if scene.phase == "over" else ""
        lines.append([span(f"{points[team]} pts in {len(pile)} cards{seep_text}{total}")])
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
    body.append(_panel(right, top, _SIDE_W, corner_h, "Score", _score_lines(scene), "score"))
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

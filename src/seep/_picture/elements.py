"""SVG elements as escaped strings, and the cards drawn as card shapes.

Every card is a group with a ``<title>`` and an ``aria-label`` naming it
(``A♠``, ``10♦``); a face-down card is named ``face-down card``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from seep.cards import Card

CARD_W = 52
CARD_H = 74
#: Text colours of the suits: hearts and diamonds red, spades and clubs black.
SUIT_COLOURS = {"S": "#1b1b1b", "H": "#c62828", "D": "#c62828", "C": "#1b1b1b"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
HIGHLIGHT = "#f5b700"
FONT = "DejaVu Sans, Segoe UI, Helvetica, Arial, sans-serif"
BACK_NAME = "face-down card"


def number(value: float) -> str:
    """A coordinate as short text: ``12``, ``12.5``."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def element(name: str, attributes: Mapping[str, object], *children: str) -> str:
    """``<name a="v">children</name>``, attribute values escaped (children are markup already)."""
    parts = [name]
    for key, value in attributes.items():
        if value is None:
            continue
        shown = number(value) if isinstance(value, float) else str(value)
        parts.append(f'{key}="{escape(shown, quote=True)}"')
    head = " ".join(parts)
    if not children:
        return f"<{head}/>"
    return f"<{head}>{''.join(children)}</{name}>"


def text(x: float, y: float, content: str | Iterable[str], **attributes: object) -> str:
    """A ``<text>`` element; ``content`` is plain text (escaped) or spans made by :func:`span`."""
    body = escape(content, quote=False) if isinstance(content, str) else "".join(content)
    style = {key.replace("_", "-"): value for key, value in attributes.items()}
    return element("text", {"x": x, "y": y, **style}, body or "")


def span(content: str, **attributes: object) -> str:
    """A ``<tspan>`` of plain text, for a coloured part of a line."""
    style = {key.replace("_", "-"): value for key, value in attributes.items()}
    return element("tspan", style, escape(content, quote=False))


def title(content: str) -> str:
    """A ``<title>`` (the tooltip and the accessible name)."""
    return element("title", {}, escape(content, quote=False))


def card_name(card: Card) -> str:
    """``Card('TD')`` -> ``'10♦'``: what a card's title and label say."""
    return ("10" if card.rank == "T" else card.rank) + SUIT_SYMBOLS[card.suit]


def card_spans(cards: Iterable[Card]) -> list[str]:
    """Cards as coloured text spans separated by spaces, for a line of text."""
    spans: list[str] = []
    for card in cards:
        if spans:
            spans.append(span(" "))
        spans.append(span(card_name(card), fill=SUIT_COLOURS[card.suit], font_weight="bold"))
    return spans


def card_face(card: Card, x: float, y: float, *, outlined: bool = False) -> str:
    """A face-up card with its top left at ``(x, y)``: rank and suit in the corner, suit in the middle."""
    name = card_name(card)
    colour = SUIT_COLOURS[card.suit]
    rank = name[:-1]
    return element(
        "g",
        {
            "class": "card" + (" last-move" if outlined else ""),
            "data-card": str(card),
            "role": "img",
            "aria-label": name,
            "transform": f"translate({number(x)},{number(y)})",
        },
        title(name),
        element(
            "rect",
            {
                "width": CARD_W,
                "height": CARD_H,
                "rx": 5,
                "fill": "#fffdf8",
                "stroke": HIGHLIGHT if outlined else "#5f5f5f",
                "stroke-width": 4 if outlined else 1,
            },
        ),
        text(4, 17, rank, fill=colour, font_size=15, font_weight="bold"),
        text(5, 33, SUIT_SYMBOLS[card.suit], fill=colour, font_size=15),
        text(31, 62, SUIT_SYMBOLS[card.suit], fill=colour, font_size=30, text_anchor="middle"),
    )


def card_back(x: float, y: float) -> str:
    """A face-down card with its top left at ``(x, y)``."""
    return element(
        "g",
        {
            "class": "card back",
            "role": "img",
            "aria-label": BACK_NAME,
            "transform": f"translate({number(x)},{number(y)})",
        },
        title(BACK_NAME),
        element(
            "rect",
            {
                "width": CARD_W,
                "height": CARD_H,
                "rx": 5,
                "fill": "#27528c",
                "stroke": "#f2f2f2",
                "stroke-width": 1.5,
            },
        ),
        element(
            "rect",
            {
                "x": 5,
                "y": 5,
                "width": CARD_W - 10,
                "height": CARD_H - 10,
                "rx": 3,
                "fill": "none",
                "stroke": "#9cc0ea",
                "stroke-width": 1.5,
            },
        ),
        element(
            "path",
            {
                "d": f"M{CARD_W / 2} 18 L{CARD_W - 14} {CARD_H / 2} "
                f"L{CARD_W / 2} {CARD_H - 18} L14 {CARD_H / 2} Z",
                "fill": "#9cc0ea",
            },
        ),
    )

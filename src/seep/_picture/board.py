"""The board as text, built from cards and the fields of a state or view only.

Below :mod:`seep.state` in the import graph, so that ``str(state)`` is the
board that :func:`seep.render.state_text` (and ``seep show``) prints, with
no import of the printers above the values. ``position`` parameters are a
:class:`~seep.state.State` or a :class:`~seep.views.View` (both carry these
fields); the public entry points are in :mod:`seep.render`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from seep.cards import Card
from seep.variants._answers import card_points

_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: Card, symbols: bool = True) -> str:
    """``TD`` as ``10♦`` (or ``TD`` without symbols)."""
    if not symbols:
        return str(card)
    rank = "10" if card.rank == "T" else card.rank
    return rank + _SYMBOLS[card.suit]


def cards_text(cards: Iterable[Card], symbols: bool = True) -> str:
    """Cards separated by spaces, ``-`` for none."""
    return " ".join(card_text(card, symbols) for card in cards) or "-"


def house_text(house: Any, seat_names: dict[int, str] | None = None, symbols: bool = True) -> str:
    """``[9 open: 4♠ 5♥, owner seat 1]``; a locked house (R5.5) says so."""
    state = "locked" if house.locked else "open"
    names = seat_names or {}
    owners = ", ".join(names.get(o, f"seat {o}") for o in house.owners)
    label = "owners" if len(house.owners) > 1 else "owner"
    return f"[{house.value} {state}: {cards_text(house.cards, symbols)}, {label} {owners}]"


def floor_lines(
    loose: Iterable[Card] | None,
    count: int,
    houses: tuple[Any, ...],
    symbols: bool = True,
    seat_names: dict[int, str] | None = None,
) -> list[str]:
    """The floor's lines: the loose cards (``None``: face down), then a line per house."""
    if loose is None:
        return [f"Floor: {count} cards face down"]
    lines = [f"Floor: {cards_text(loose, symbols)}"]
    lines.extend(f"  House {house_text(h, seat_names, symbols)}" for h in houses)
    return lines


def team_points(position: Any) -> list[tuple[int, int]]:
    """Each team's card points (R1.2) and seep points (R4.5) so far."""
    variant = position.variant
    cards = card_points(variant, position.piles)
    seeps = [0] * len(cards)
    for seep in position.seeps:
        seeps[variant.team_of(seep.seat)] += seep.points
    return list(zip(cards, seeps, strict=True))


def score_line(position: Any) -> str:
    """``Score: team 0: 12 card pts + 50 seep pts (7 cards) | team 1: ...``."""
    teams = [
        f"team {team}: {cards} card pts + {seeps} seep pts ({len(pile)} cards)"
        for team, ((cards, seeps), pile) in enumerate(
            zip(team_points(position), position.piles, strict=True)
        )
    ]
    return "Score: " + " | ".join(teams)


def state_board(state: Any, symbols: bool = True) -> str:
    """Everything in a state, every hand shown: ``str(state)`` and ``seep show``."""
    bid = "-" if state.bid is None else str(state.bid)
    to_move = "-" if state.to_move is None else f"seat {state.to_move}"
    lines = [
        f"{state.variant.name}  play {state.plays}/{state.variant.plays_per_deal}  "
        f"dealer seat {state.dealer}  bid {bid}  to move: {to_move}  phase: {state.phase.value}",
        *floor_lines(
            state.loose if state.face_up else None, len(state.loose), state.houses, symbols
        ),
    ]
    for seat, hand in enumerate(state.hands):
        marker = "  <- to move" if seat == state.to_move else ""
        cards = cards_text(hand, symbols)
        lines.append(f"  seat {seat} (team {state.team_of(seat)}): {cards}{marker}")
    lines.append(f"Stock: {len(state.stock)} cards")
    lines.append(score_line(state))
    if state.is_over:
        lines.append(
            "Final: "
            + " | ".join(
                f"team {team}: card pts {cards} + seep pts {seeps} = {cards + seeps}"
                for team, (cards, seeps) in enumerate(team_points(state))
            )
        )
    return "\n".join(lines)


def state_line(state: Any) -> str:
    """The whole state on one line in card notation: ``format(state, "compact")``."""
    bid = "-" if state.bid is None else str(state.bid)
    if state.to_move is None:
        turn = "over"
    else:
        turn = f"seat {state.to_move} to {'bid' if state.phase.value == 'bid' else 'play'}"
    if state.face_up:
        floor = " ".join(
            [cards_text(state.loose, False)]
            + [house_text(house, symbols=False) for house in state.houses]
        )
    else:
        floor = f"{len(state.loose)} cards face down"
    hands = " / ".join(cards_text(hand, False) for hand in state.hands)
    score = ", ".join(
        f"team {team}: {cards} card pts + {seeps} seep pts"
        for team, (cards, seeps) in enumerate(team_points(state))
    )
    return (
        f"{state.variant.name} play {state.plays}/{state.variant.plays_per_deal}; "
        f"dealer {state.dealer}, bid {bid}, {turn}; floor {floor}; hands {hands}; "
        f"stock {len(state.stock)}; {score}"
    )

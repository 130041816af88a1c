"""A match's score sheet as an HTML table, followed by the picture of its current deal."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Protocol

from seep._picture.scene import StateLike
from seep._picture.table import DEFAULT_SIZE, TEAM_COLOURS, draw_state
from seep.variants import Variant


class SheetLine(Protocol):
    """What the sheet reads of a row: the fields of :class:`seep.baazi.SheetRow`."""

    @property
    def deal(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def bid(self) -> int | None: ...
    @property
    def cards(self) -> tuple[int, int]: ...
    @property
    def seeps(self) -> tuple[int, int]: ...
    @property
    def totals(self) -> tuple[int, int]: ...
    @property
    def lead(self) -> int: ...
    @property
    def banked(self) -> tuple[int, int]: ...


class MatchLike(Protocol):
    """What the sheet reads of a :class:`seep.baazi.Baazi`."""

    @property
    def variant(self) -> Variant: ...
    @property
    def sheet(self) -> Sequence[SheetLine]: ...
    @property
    def state(self) -> StateLike: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def reason(self) -> str: ...


def _cell(value: object, tag: str = "td", style: str = "") -> str:
    styled = f' style="{escape(style, quote=True)}"' if style else ""
    return f"<{tag}{styled}>{escape(str(value), quote=False)}</{tag}>"


def _lead(lead: int) -> str:
    """Team 0's running lead (R10.1) as who leads by how much."""
    if lead == 0:
        return "level"
    return f"team {0 if lead > 0 else 1} by {abs(lead)}"


def sheet_html(match: MatchLike, size: float = DEFAULT_SIZE) -> str:
    """The sheet (one row per finished deal, R9.3, R10.1), the result, then the deal in play."""
    banking = any(row.banked != (0, 0) for row in match.sheet)
    right = "text-align:right;padding:2px 8px;white-space:nowrap"
    head = [_cell(name, "th", right) for name in ("deal", "dealer", "bid")]
    for team in (0, 1):
        colour = f"color:{TEAM_COLOURS[team]};{right}"
        head += [_cell(f"team {team} {name}", "th", colour) for name in ("cards", "seeps", "total")]
    head.append(_cell("lead", "th", right))
    if banking:
        head.append(_cell("banked", "th", right))
    rows = []
    for row in match.sheet:
        cells = [_cell(row.deal, style=right), _cell(row.dealer, style=right)]
        cells.append(_cell("-" if row.bid is None else row.bid, style=right))
        for team in (0, 1):
            cells += [
                _cell(row.cards[team], style=right),
                _cell(row.seeps[team], style=right),
                _cell(row.totals[team], style=right + ";font-weight:bold"),
            ]
        cells.append(_cell(_lead(row.lead), style=right))
        if banking:
            cells.append(_cell(f"{row.banked[0]}-{row.banked[1]}", style=right))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    if not rows:
        span = len(head)
        rows.append(
            f'<tr><td colspan="{span}" style="padding:2px 8px">no deal finished yet</td></tr>'
        )
    deals = len(match.sheet)
    status = (
        f"Result: {match.reason}"
        if match.is_over
        else f"{deals} deal{'s' if deals != 1 else ''} finished; the match goes on"
    )
    return (
        f'<div class="seep-baazi"><p><b>Baazi of {escape(match.variant.name, quote=False)}</b>: '
        f"{escape(status, quote=False)}</p>"
        '<table class="seep-sheet" style="border-collapse:collapse">'
        f"<thead><tr>{''.join(head)}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"<div>{draw_state(match.state, size)}</div></div>"
    )

"""``seep play``: a person against bots in the terminal, and the move log the commands share.

Used by :mod:`seep.cli`; every function writes to the streams it is given.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from seep._sweeps import sweeping_values
from seep.baazi import Baazi, apply_baazi_move, new_baazi
from seep.bots import Bot
from seep.errors import IllegalMoveError, NotationError
from seep.moves import Bid, Move, Take
from seep.notation import parse_move
from seep.render import cards_text, move_text, render_sheet, render_state, render_view
from seep.rules import apply_move, check_move, legal_moves
from seep.state import State
from seep.variants import Variant
from seep.views import View, observe

__all__ = ["DEFAULT_RECORD", "HELP", "deal_header", "free_path", "move_line", "play"]

#: Where ``seep play`` saves its record unless told otherwise (or the next free name).
DEFAULT_RECORD = "seep-game.txt"

HELP = (
    "Enter a move number, or a move in notation:\n"
    "  bid 11               bid a value (standard game, first play of a deal)\n"
    "  throw 7C             throw a card loose on the floor\n"
    "  take 7S 3H 4D        take loose cards with a card of their value (3+4 = 7)\n"
    "  take 9S #9           '#9' names a house on the floor by its value: take the house of 9\n"
    "  build 5H 4C =9       '=9' is the value of the house a build makes: 5 + 4 = 9\n"
    "  raise 2C #9          add a card to the house of 9 (it becomes 11)\n"
    "Cards: rank A 2-9 T J Q K, suit S H D C (10♦ is TD). A house shows its value,\n"
    "its cards, 'open' or 'locked' and its owners: you, your partner or an opponent.\n"
    "Commands: 'moves' lists every legal move, 'help' shows this, 'quit' stops the game."
)


def move_line(
    state: State, move: Move, after: State, names: Sequence[str | None] | None = None
) -> str:
    """One line of a game log: ``  3. seat 1 (greedy, team 1): take 7♠ 3♥ 4♦``."""
    seat = state.to_move
    assert seat is not None
    name = names[seat] if names is not None else None
    who = f"seat {seat} ({name + ', ' if name else ''}team {state.team_of(seat)})"
    if isinstance(move, Bid):
        return f"  -  {who}: bid {move.value}; the floor turns up: {cards_text(after.loose)}"
    line = f"{after.plays:>3}. {who}: {move_text(move)}"
    if isinstance(move, Take) and len(after.seeps) > len(state.seeps):
        line += f"   SEEP! +{after.seeps[-1].points}"
    return line


def deal_header(state: State) -> str:
    """``dealer seat 0, first to play seat 1`` (and the redeals, R2.3)."""
    redeals = (
        f" (after {state.redeals} redeal{'s' if state.redeals != 1 else ''})"
        if state.redeals
        else ""
    )
    return f"dealer seat {state.dealer}, first to play seat {state.bidder}{redeals}"


def free_path(path: Path) -> Path:
    """``path`` if nothing is there, else the first free ``stem-2.suffix``, ``stem-3.suffix``..."""
    number = 1
    candidate = path
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def _prompt(inp: IO[str], out: IO[str], text: str) -> str | None:
    print(text, end="", file=out, flush=True)
    line = inp.readline()
    if not inp.isatty():
        print(line.rstrip("\n"), file=out)  # echo scripted input so the transcript reads well
    if not line:
        return None
    return line.strip()


def _seep_warning(state: State, move: Move, view: View) -> str:
    """`` (leaves a seep: a 9 would sweep)`` when ``move`` leaves a floor an opponent may sweep.

    Judged from what the seat sees: the floor after the move (public) and
    the cards it has not seen (R4.5); the next player's hand stays hidden.
    """
    if isinstance(move, Bid):
        return ""
    after = apply_move(state, move)
    if after.to_move is None or after.team_of(after.to_move) == state.team_of(view.seat):
        return ""
    unseen = view.unseen.mask & ~view.hand.mask
    values = sweeping_values(after, unseen)
    if not values:
        return ""
    named = " or ".join(_VALUE_NAMES.get(v, str(v)) for v in sorted(values))
    return f"   (leaves a seep: {named} would sweep)"


_VALUE_NAMES = {1: "an ace", 8: "an 8", 11: "a jack", 12: "a queen", 13: "a king"}


def _list_moves(
    moves: Sequence[Move], state: State, view: View, out: IO[str], hints: bool, limit: int | None
) -> None:
    shown = moves if limit is None or len(moves) <= limit else moves[:limit]
    for number, move in enumerate(shown, 1):
        warning = _seep_warning(state, move, view) if hints else ""
        print(f"  {number:>3}) {move_text(move)}{warning}", file=out)
    if len(shown) < len(moves):
        print(
            f"  ... {len(moves) - len(shown)} more: type 'moves' to list all, or a move in notation",
            file=out,
        )


def _choose_human(
    state: State, seat: int, inp: IO[str], out: IO[str], hints: bool, limit: int = 40
) -> Move | None:
    view = observe(state, seat)
    print(file=out)
    print(render_view(view, relative=True), file=out)
    moves = legal_moves(state)
    print("Legal moves:", file=out)
    _list_moves(moves, state, view, out, hints, limit)
    while True:
        text = _prompt(inp, out, f"Your move (seat {seat}): ")
        if text is None or text.lower() in ("quit", "exit", "q"):
            return None
        if not text:
            continue
        if text.lower() in ("help", "?"):
            print(HELP, file=out)
            continue
        if text.lower() in ("moves", "all"):
            _list_moves(moves, state, view, out, hints, None)
            continue
        if text.isascii() and text.isdigit():  # not '¹', which int() refuses
            number = int(text) if len(text) <= 9 else 0
            if 1 <= number <= len(moves):
                return moves[number - 1]
            print(f"There is no move {number}: choose 1 to {len(moves)}.", file=out)
            continue
        try:
            move = parse_move(text)
        except NotationError as error:
            print(f"Not understood: {error}. Type 'help' for the notation.", file=out)
            continue
        if move in moves:
            return move
        try:
            check_move(state, move)
        except IllegalMoveError as error:
            print(f"Illegal: {error}", file=out)
            continue
        return move  # pragma: no cover  (check_move and legal_moves agree)


def _names(bots: Sequence[Bot], variant: Variant, me: int) -> list[str]:
    """Each seat's player and side, as the log shows them: ``greedy, partner``."""
    names = []
    for seat, bot in enumerate(bots):
        if seat == me:
            names.append("you")
        elif variant.team_of(seat) == variant.team_of(me):
            names.append(f"{bot.name}, partner")
        else:
            names.append(f"{bot.name}, opponent")
    return names


def play(
    args: argparse.Namespace, variant: Variant, bots: Sequence[Bot], inp: IO[str], out: IO[str]
) -> int:
    """Play a baazi (or one deal with ``args.deal``), ``args.seat`` typed in, the others ``bots``."""
    names = _names(bots, variant, args.seat)
    match = new_baazi(variant, seed=args.seed, first_dealer=args.dealer)
    print(
        f"Seep, {variant.name}. You are seat {args.seat}, team {variant.team_of(args.seat)}"
        + (
            f"; your partner is seat {variant.partner_of(args.seat)}."
            if variant.partner_of(args.seat) is not None
            else "."
        ),
        file=out,
    )
    print(HELP, file=out)
    print(f"\nDeal 1: {deal_header(match.state)}", file=out)
    while not match.is_over:
        state = match.state
        seat = state.to_move
        assert seat is not None
        if seat == args.seat:
            move = _choose_human(state, seat, inp, out, args.hints)
            if move is None:
                print("Game stopped.", file=out)
                break
        else:
            move = bots[seat].choose(observe(state, seat), legal_moves(state))
        index = len(match.deals) - 1
        match = apply_baazi_move(match, move)
        print(move_line(state, move, match.deals[index].state, names), file=out)
        if match.deals[index].state.is_over:
            print(render_state(match.deals[index].state), file=out)
            print(render_sheet(match.sheet), file=out)
            if args.deal:
                break
            if not match.is_over:
                print(f"\nDeal {len(match.deals)}: {deal_header(match.state)}", file=out)
    if match.is_over:
        winner = "a draw" if match.winner is None else f"team {match.winner} wins"
        print(f"Baazi over: {winner} ({match.reason}).", file=out)
    if not any(deal.moves for deal in match.deals):
        print("No move was played: no record saved.", file=out)
        return 0
    path = _save(match, Path(args.record or DEFAULT_RECORD), one_deal=args.deal)
    print(f"Record saved to {path}", file=out)
    return 0


def _save(match: Baazi, path: Path, *, one_deal: bool) -> Path:
    """Write the record to ``path``, or to the next free name if a file appeared there meanwhile."""
    from seep.records import format_record, record_from_baazi, record_from_deal

    if one_deal:
        first = match.deals[0]
        tags = {"Seed": str(match.seed)} if match.seed is not None else None
        record = record_from_deal(first.start, first.moves, tags=tags)
    else:
        record = record_from_baazi(match)
    text = format_record(record)
    while True:
        path = free_path(path)
        try:
            with path.open("x", encoding="utf-8") as file:  # never replaces a file
                file.write(text)
        except FileExistsError:  # pragma: no cover  (created between the check and the write)
            continue
        return path

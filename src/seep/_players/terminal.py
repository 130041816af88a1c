"""``seep play``: a person against bots in the terminal, and the move log the commands share.

Used by :mod:`seep.cli`; every function writes to the streams it is given.
"""

from __future__ import annotations

import argparse
import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from seep._players.sweeps import sweeping_values
from seep._util.excerpt import excerpt
from seep.baazi import Baazi, apply_baazi_move, new_baazi
from seep.bots import Bot
from seep.cards import CardSet
from seep.errors import AmbiguousMoveError, IllegalMoveError, NotationError
from seep.moves import Bid, Move, Take
from seep.notation import parse_move
from seep.render import cards_text, move_text, sheet_text, state_text, view_text
from seep.rules import apply_move, legal_moves
from seep.state import State
from seep.variants import Variant
from seep.views import View, observe

__all__ = ["DEFAULT_RECORD", "HELP", "deal_header", "free_path", "move_line", "play"]

#: Where ``seep play`` saves its record unless told otherwise (or the next free name).
DEFAULT_RECORD = "seep-game.txt"

HELP = (
    "Enter a move number, or a move in notation (short is fine when only one move fits:\n"
    "'take QC' is completed if the queen has one take, else the moves that fit are listed):\n"
    "  bid 11               bid a value (standard game, first play of a deal)\n"
    "  throw 7C             throw a card loose on the floor\n"
    "  take 7S 3H 4D        take loose cards with a card of their value (3+4 = 7)\n"
    "  take 9S #9           '#9' names a house on the floor by its value: take the house of 9\n"
    "  build 5H 4C =9       '=9' is the value of the house a build makes: 5 + 4 = 9\n"
    "  raise 2C #9          add a card to the house of 9 (it becomes 11)\n"
    "Cards: rank A 2-9 T J Q K, suit S H D C (10♦ is TD). A house shows its value,\n"
    "its cards, 'open' or 'locked' and its owners: you, your partner or an opponent.\n"
    "Commands: 'moves' lists every legal move, 'undo' takes back your last move and the\n"
    "bots' replies (within the deal being played: a finished deal stands), 'help' shows\n"
    "this, 'quit' (or Ctrl-C) stops the game and saves the record."
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
    swept = _swept(state, move, after)
    if swept:
        taker = after.last_capture
        assert taker is not None
        points = sum(after.variant.card_points.card_points(card) for card in swept)
        line += (
            f"\n  -  the floor left, {cards_text(swept)}, goes to team {after.team_of(taker)} "
            f"(seat {taker} picked up last): +{points} card point{'s' * (points != 1)}"
        )
    return line


def _swept(state: State, move: Move, after: State) -> CardSet:
    """R9.2: the cards left on the floor that the last capturer's team gets when the deal ends."""
    if not after.is_over or after.last_capture is None or isinstance(move, Bid):
        return CardSet()
    floor = state.loose.mask | 1 << move.card
    for house in state.houses:
        if not (isinstance(move, Take) and house.value == move.house):
            floor |= house.cards.mask
    if isinstance(move, Take):
        floor &= ~(1 << move.card | move.loose.mask)
    return CardSet(floor)


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


#: What :func:`_choose_human` returns when the player asks to take back a move.
UNDO = "undo"


def _choose_human(
    state: State,
    seat: int,
    inp: IO[str],
    out: IO[str],
    hints: bool,
    *,
    can_undo: bool,
    limit: int = 40,
) -> Move | str | None:
    """The player's move, :data:`UNDO`, or ``None`` when they quit (or input ends)."""
    view = observe(state, seat)
    print(file=out)
    print(view_text(view, relative=True), file=out)
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
        if text.lower() == UNDO:
            if can_undo:
                return UNDO
            print(
                "Nothing to undo: you have not moved in this deal (a finished deal stands).",
                file=out,
            )
            continue
        if text.isascii() and text.isdigit():  # not '¹', which int() refuses
            number = int(text) if len(text) <= 9 else 0
            if 1 <= number <= len(moves):
                return moves[number - 1]
            print(f"There is no move {number}: choose 1 to {len(moves)}.", file=out)
            continue
        try:
            move = parse_move(text, state)
        except AmbiguousMoveError as error:
            _list_candidates(error, moves, out)
            continue
        except IllegalMoveError as error:
            print(f"Illegal: {error}", file=out)
            continue
        except NotationError as error:
            print(f"Not understood: {error}. Type 'help' for the notation.", file=out)
            continue
        if not _spelled_out(text, move):
            print(f"That is: {move_text(move)}", file=out)
        return move


def _spelled_out(text: str, move: Move) -> bool:
    """True when ``text`` is ``move`` in full notation (not completed from the position)."""
    try:
        return parse_move(text) == move
    except NotationError:
        return False


def _list_candidates(error: AmbiguousMoveError, moves: Sequence[Move], out: IO[str]) -> None:
    """The moves that short text fits, with their numbers in the list of legal moves."""
    shown = error.candidates[:20]
    print(f"{excerpt(error.text)} fits {len(error.candidates)} moves:", file=out)
    for move in shown:
        print(f"  {moves.index(move) + 1:>3}) {move_text(move)}", file=out)
    if len(shown) < len(error.candidates):
        print(f"  ... and {len(error.candidates) - len(shown)} more", file=out)
    print("Type a number, or more of the move.", file=out)


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


def _taken_back(back: Baazi, match: Baazi, names: Sequence[str]) -> str:
    """The moves between ``back`` and ``match`` (one deal), each with its seat: what undo takes back."""
    state = back.state
    parts = []
    for move in match.deals[-1].moves[len(back.deals[-1].moves) :]:
        seat = state.to_move
        assert seat is not None
        parts.append(f"seat {seat} ({names[seat]}) {move_text(move)}")
        state = apply_move(state, move)
    return "; ".join(parts)


class _Game:
    """The game in progress; ``match`` is replaced after each move, so Ctrl-C finds a whole position."""

    def __init__(self, match: Baazi) -> None:
        self.match = match


def _play_moves(
    args: argparse.Namespace,
    game: _Game,
    bots: Sequence[Bot],
    names: Sequence[str],
    inp: IO[str],
    out: IO[str],
) -> None:
    """Play until the baazi (or ``args.deal``'s one deal) ends or the player stops."""
    match = game.match
    undo: list[Baazi] = []  # the match before each of the player's moves in this deal
    while not match.is_over:
        state = match.state
        seat = state.to_move
        assert seat is not None
        if seat == args.seat:
            choice = _choose_human(state, seat, inp, out, args.hints, can_undo=bool(undo))
            if choice is None:
                print("Game stopped.", file=out)
                break
            if isinstance(choice, str):
                back = undo.pop()
                print(f"Taken back: {_taken_back(back, match, names)}", file=out)
                match = game.match = back
                continue
            undo.append(match)
            move = choice
        else:
            move = bots[seat].choose(observe(state, seat), legal_moves(state))
        index = len(match.deals) - 1
        match = game.match = apply_baazi_move(match, move)
        print(move_line(state, move, match.deals[index].state, names), file=out)
        if match.deals[index].state.is_over:
            undo.clear()
            print(state_text(match.deals[index].state), file=out)
            print(sheet_text(match.sheet), file=out)
            if args.deal:
                break
            if not match.is_over:
                print(f"\nDeal {len(match.deals)}: {deal_header(match.state)}", file=out)


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
    game = _Game(match)
    try:
        _play_moves(args, game, bots, names, inp, out)
    except KeyboardInterrupt:
        print("\nInterrupted: game stopped.", file=out)
    match = game.match
    if match.is_over:
        winner = "a draw" if match.winner is None else f"team {match.winner} wins"
        print(f"Baazi over: {winner} ({match.reason}).", file=out)
    if not any(deal.moves for deal in match.deals):
        print("No move was played: no record saved.", file=out)
        return 0
    tags = _record_tags(bots, args.seat)
    path = _save(match, Path(args.record or DEFAULT_RECORD), one_deal=args.deal, tags=tags)
    print(f"Record saved to {path}", file=out)
    return 0


def _record_tags(bots: Sequence[Bot], me: int) -> dict[str, str]:
    """The record's ``Seats`` (each bot's name, ``human`` for the player) and today's ``Date``."""
    names = [
        "human" if seat == me else " ".join(bot.name.replace(",", " ").split()) or f"seat {seat}"
        for seat, bot in enumerate(bots)
    ]
    return {"Seats": ", ".join(names), "Date": datetime.date.today().strftime("%Y.%m.%d")}


def _save(match: Baazi, path: Path, *, one_deal: bool, tags: dict[str, str]) -> Path:
    """Write the record to ``path``, or to the next free name if a file appeared there meanwhile."""
    from seep.records import format_record, record_from_baazi, record_from_deal

    if one_deal:
        first = match.deals[0]
        seed = {"Seed": str(match.seed)} if match.seed is not None else {}
        record = record_from_deal(first.start, first.moves, tags={**tags, **seed})
    else:
        record = record_from_baazi(match, tags=tags)
    text = format_record(record)
    while True:
        path = free_path(path)
        try:
            with path.open("x", encoding="utf-8") as file:  # never replaces a file
                file.write(text)
        except FileExistsError:  # pragma: no cover  (created between the check and the write)
            continue
        return path

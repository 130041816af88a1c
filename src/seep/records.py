r"""Game records: a whole deal or a whole baazi as readable, replayable text (like PGN).

A record is a text file that a person can read and the engine can load and
check. It holds, for every deal, the dealer and the **deck** (so it replays
without any seed) and every move in Appendix A notation; plus the scores and
the result, which :func:`verify` recomputes.

The format (``seep-record/1``)
------------------------------

* A **header** of tag lines ``[Key "value"]`` (values in double quotes; a
  ``"`` or ``\`` inside a value is written ``\"``, ``\\``)::

    [Format "seep-record/1"]   required
    [Kind "deal"]              "deal" (one deal) or "baazi" (a match, R10/R11.6)
    [Variant "standard"]       a registered variant name
    [Players "4"]              must agree with the variant
    [Dealer "0"]               the dealer of the first deal
    [Seats "Asha, Bilal, Chandra, Dev"]   optional: names of seats 0..n-1
    [Date "2024-05-01"]        optional; any other tag is kept as it is
    [Seed "3"]                 optional, informational only (the decks replay)
    [Result "..."]             optional on input; see below

* Then one **block per deal**: ``[Deal "n"]`` (n = 1, 2, ...) opens it, then
  ``[Dealer "d"]`` (deal 1 may leave it to the header), ``[Deck "..."]`` (the
  52 cards in Appendix A notation, any spacing, may span lines; the first dealt first:
  R2.2 for the standard game, R11.1 for taash), ``[Redeals "k"]`` only when
  the seeded shuffle was redealt (R2.3), then the **moves, one per line**::

    N. sS MOVE

  ``N`` is the play number (``state.plays`` right after the move, as in
  Appendix B: the bidder's first card is play 1, the last card play 48);
  the standard **bid is numbered 0** because it plays no card. ``sS`` is
  the seat that moves (checked), ``MOVE`` Appendix A notation. The numbers
  must run on without a gap. A finished deal ends with its score line
  ``[Score "team 0: cards 64 seeps 0 total 64; team 1: cards 36 seeps 0 total 36"]``.

* Tags may share a line; a move takes a line of its own. Other tags in a
  deal block are kept as they are.

* ``Result`` is ``"*"`` while unfinished. A deal record: ``"64-36: team 0 wins
  the deal"`` (or ``"50-50: level"``); a baazi: ``"team 1 wins: team 1 leads by
  116 (R10.2)"`` (the match rule's reason), or ``"draw: ..."``.

* **Comments** ``{...}`` may stand anywhere (outside tag values) and span
  lines; they are ignored on load. Blank lines are ignored. The writer adds
  comments for people (the running lead after each deal of a baazi).

:func:`parse_record` (and :func:`load_record`) check the record by default
(:func:`verify`): an illegal move, a bad card, a deck that is not the 52
cards, a wrong score or result, a dealer out of turn raise :class:`RecordError`,
which names the deal, the move number, the rule and the line.

>>> from seep import new_deal, parse_move
>>> start = new_deal("standard", seed=10)
>>> record = record_from_deal(start, [parse_move("bid 11")], tags={"Date": "2024-05-01"})
>>> text = format_record(record)
>>> print(text, end="")  # doctest: +ELLIPSIS
[Format "seep-record/1"]
[Kind "deal"]
[Variant "standard"]
[Players "4"]
[Dealer "0"]
[Date "2024-05-01"]
[Result "*"]
<BLANKLINE>
[Deal "1"]
[Dealer "0"]
[Deck "6D TH JS QC AH 5S 9S JD ... TS"]
0. s1 bid 11
>>> parse_record(text) == record
True
>>> [len(states) for states in replay(record)]
[2]
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from seep._engine.schedule import deck_order
from seep.baazi import Baazi
from seep.cards import Card, CardSet
from seep.deal import new_deal
from seep.errors import (
    IllegalMoveError,
    InvalidStateError,
    MisdealError,
    NotationError,
    SeepError,
)
from seep.moves import Move
from seep.notation import parse_move
from seep.rules import apply_move
from seep.scoring import DealScore, TeamScore, deal_score
from seep.state import State
from seep.variants import Standing, Variant, get_variant

__all__ = [
    "RECORD_FORMAT",
    "Record",
    "RecordError",
    "RecordedDeal",
    "deck_of",
    "format_record",
    "load_record",
    "parse_record",
    "record_from_baazi",
    "record_from_deal",
    "record_from_dict",
    "record_to_dict",
    "replay",
    "save_record",
    "verify",
]

RECORD_FORMAT = "seep-record/1"

#: Tags the format itself defines; they cannot be passed as extra tags.
_HEADER_TAGS = ("Format", "Kind", "Variant", "Players", "Dealer", "Result")
_DEAL_TAGS = ("Deal", "Dealer", "Deck", "Redeals", "Score")
_KINDS = ("deal", "baazi")
_UNFINISHED = "*"

Tags = tuple[tuple[str, str], ...]


class RecordError(SeepError, ValueError):
    """A game record that cannot be loaded or does not replay.

    ``deal`` (1-based) and ``move_number`` (the number written on the move's
    line: 0 for the bid, else the play number) say where; ``rule`` is the
    rule broken (``None`` for a format error), ``tag`` the tag at fault
    (``"Deck"``, ``"Score"``, ``"Result"``...) if any, ``line`` the line of
    the text (when loaded from text) and ``reason`` what is wrong.

    >>> error = RecordError("R8.2: 7C can pick up", deal=2, move_number=13, rule="R8.2", line=40)
    >>> str(error)
    'line 40: deal 2, move 13: R8.2: 7C can pick up'
    >>> isinstance(error, ValueError), error.rule
    (True, 'R8.2')
    """

    def __init__(
        self,
        reason: str,
        *,
        deal: int | None = None,
        move_number: int | None = None,
        rule: str | None = None,
        tag: str | None = None,
        line: int | None = None,
    ) -> None:
        places = []
        if line is not None:
            places.append(f"line {line}")
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if move_number is not None:
            where.append(f"move {move_number}")
        if where:
            places.append(", ".join(where))
        super().__init__(": ".join([*places, reason]))
        self.reason = reason
        self.deal = deal
        self.move_number = move_number
        self.rule = rule
        self.tag = tag
        self.line = line

    def at(
        self, *, deal: int | None = None, tag: str | None = None, line: int | None = None
    ) -> RecordError:
        """A copy of this error with ``deal``, ``tag`` or ``line`` set (those not ``None``)."""
        return RecordError(
            self.reason,
            deal=self.deal if deal is None else deal,
            move_number=self.move_number,
            rule=self.rule,
            tag=self.tag if tag is None else tag,
            line=self.line if line is None else line,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild_error,
            (self.reason, self.deal, self.move_number, self.rule, self.tag, self.line),
        )


def _rebuild_error(
    reason: str,
    deal: int | None,
    move_number: int | None,
    rule: str | None,
    tag: str | None,
    line: int | None,
) -> RecordError:
    return RecordError(reason, deal=deal, move_number=move_number, rule=rule, tag=tag, line=line)


@attrs.frozen(kw_only=True)
class RecordedDeal:
    """One deal of a record: its start, the moves with the seat that made each, its score.

    ``score`` is the score the record states for the deal (``None``: not
    stated, or the deal is unfinished); :func:`verify` recomputes it.
    ``tags`` are any extra tags of the deal block, in order.
    """

    number: int
    start: State
    moves: tuple[Move, ...]
    seats: tuple[int, ...]
    score: DealScore | None = None
    tags: Tags = ()

    @property
    def dealer(self) -> int:
        """The dealer of this deal."""
        return self.start.dealer

    @property
    def deck(self) -> tuple[Card, ...]:
        """A deck that deals :attr:`start` (:func:`deck_of`)."""
        return deck_of(self.start)

    def move_number(self, index: int) -> int:
        """The number written on the line of ``moves[index]`` (0 is the standard bid)."""
        return index + _first_number(self.start.variant)


@attrs.frozen(kw_only=True)
class Record:
    """A game record: a single deal (``kind="deal"``) or a match (``kind="baazi"``).

    ``tags`` are the header tags beyond those the format defines (``Seats``,
    ``Date``, ``Seed``, ...), in order. ``result`` is the stated result
    (``None``: not stated); :func:`verify` recomputes it.
    """

    variant: Variant
    kind: str
    deals: tuple[RecordedDeal, ...]
    result: str | None = None
    tags: Tags = ()

    @property
    def dealer(self) -> int:
        """The dealer of the first deal."""
        return self.deals[0].dealer

    def tag(self, name: str) -> str | None:
        """The value of the extra header tag ``name``, or ``None``."""
        for key, value in self.tags:
            if key == name:
                return value
        return None


# ---------------------------------------------------------------------------
# Decks


def deck_of(start: State) -> tuple[Card, ...]:
    """A deck (first card dealt first) that deals the starting state ``start``.

    Standard (R2.2): the bidder's four cards, the four floor cards (both in
    canonical order: a hand is a set), then the stock. Taash (R11.1): the four
    floor cards, four cards for each player from the seat after the dealer,
    then the stock. ``new_deal(variant, dealer=d, deck=deck_of(start))``
    equals ``start`` except for ``redeals`` (R2.3), which a deck cannot carry.

    >>> from seep import new_deal
    >>> start = new_deal("taash", seed=5, dealer=3)
    >>> new_deal("taash", dealer=3, deck=deck_of(start)) == start
    True
    >>> deck_of(new_deal("standard", seed=5))[:8]  # doctest: +ELLIPSIS
    (Card('...'), Card('...'), Card('...'), Card('...'), Card('...'), ...)
    """
    variant = start.variant
    if start.plays or start.houses or any(start.piles) or start.seeps:
        raise RecordError("the state is not the start of a deal: cards have been played")
    order = deck_order(variant, start.dealer, start.hands, start.loose)
    deck = (*order, *start.stock)
    try:
        rebuilt = new_deal(variant, dealer=start.dealer, deck=deck)
    except MisdealError as error:
        raise RecordError(str(error), rule="R2.3") from None
    except InvalidStateError as error:
        raise RecordError(f"the state is not the start of a deal: {error}") from None
    if attrs.evolve(rebuilt, redeals=start.redeals) != start:
        raise RecordError("the state is not the start of a deal that any deck deals")
    return deck


def _start_from_deck(
    variant: Variant, dealer: int, deck: Sequence[Card], redeals: int, deal: int
) -> State:
    if len(deck) != 52 or len(CardSet.of(deck)) != 52:
        twice = sorted(card for card, count in Counter(deck).items() if count > 1)
        detail = f"; listed twice: {' '.join(map(str, twice))}" if twice else ""
        raise RecordError(
            f"R1.1: a deck is the 52 cards once each, not {len(deck)} cards{detail}",
            deal=deal,
            rule="R1.1",
        )
    try:
        start = new_deal(variant, dealer=dealer, deck=deck)
    except MisdealError as error:
        raise RecordError(str(error), deal=deal, rule="R2.3") from None
    except InvalidStateError as error:
        raise RecordError(str(error), deal=deal) from None
    return attrs.evolve(start, redeals=redeals) if redeals else start


def _first_number(variant: Variant) -> int:
    """The number on the first move line: 0 for the standard bid, 1 in taash."""
    return 0 if variant.opening.bids else 1


# ---------------------------------------------------------------------------
# Results


def _team_score_text(score: DealScore) -> str:
    return "; ".join(
        f"team {team}: cards {s.cards} seeps {s.seeps} total {s.total}"
        for team, s in enumerate(score.teams)
    )


_SCORE_PART = re.compile(r"team\s+(\d+)\s*:\s*cards\s+(-?\d+)\s+seeps\s+(-?\d+)\s+total\s+(-?\d+)")


def _parse_score(text: str) -> DealScore:
    parts = [part.strip() for part in text.split(";")]
    teams: list[TeamScore] = []
    for number, part in enumerate(parts):
        found = _SCORE_PART.fullmatch(part)
        if not found or int(found.group(1)) != number:
            raise RecordError(
                f"bad score {text!r}: expected 'team {number}: cards C seeps S total T'"
            )
        cards, seeps, total = (int(found.group(i)) for i in (2, 3, 4))
        if cards + seeps != total:
            raise RecordError(f"bad score {text!r}: team {number}'s total is not cards + seeps")
        teams.append(TeamScore(cards=cards, seeps=seeps, total=total))
    if len(teams) != 2:
        raise RecordError(f"bad score {text!r}: expected two teams")
    return DealScore(teams=tuple(teams))


def _deal_result(final: State) -> str:
    if not final.is_over:
        return _UNFINISHED
    a, b = deal_score(final).totals
    if a == b:
        return f"{a}-{b}: level"
    return f"{a}-{b}: team {0 if a > b else 1} wins the deal"


def _match_result(standing: Standing) -> str:
    if not standing.over:
        return _UNFINISHED
    outcome = "draw" if standing.winner is None else f"team {standing.winner} wins"
    return f"{outcome}: {standing.reason}"


# ---------------------------------------------------------------------------
# Building records


def _extra_tags(tags: Mapping[str, str] | Iterable[tuple[str, str]] | None) -> Tags:
    if tags is None:
        return ()
    pairs = list(tags.items()) if isinstance(tags, Mapping) else list(tags)
    seen: set[str] = set()
    for key, value in pairs:
        if not isinstance(key, str) or not _TAG_NAME.fullmatch(key):
            raise RecordError(f"a tag name is a word of letters, digits and '_', not {key!r}")
        if key in _HEADER_TAGS or key in _DEAL_TAGS:
            raise RecordError(f"the tag {key!r} is written by the format itself")
        if key in seen:
            raise RecordError(f"the tag {key!r} is given twice")
        if not isinstance(value, str) or "\n" in value or "\r" in value:
            raise RecordError(f"the tag {key!r} needs a one-line string value, not {value!r}")
        seen.add(key)
    return tuple(pairs)


def _recorded(number: int, start: State, moves: Sequence[Move]) -> tuple[RecordedDeal, State]:
    state = start
    seats: list[int] = []
    first = _first_number(start.variant)
    for index, move in enumerate(moves):
        seat = state.to_move
        try:
            state = apply_move(state, move)
        except IllegalMoveError as error:
            raise RecordError(
                str(error), deal=number, move_number=index + first, rule=error.rule
            ) from None
        assert seat is not None
        seats.append(seat)
    deal = RecordedDeal(
        number=number,
        start=start,
        moves=tuple(moves),
        seats=tuple(seats),
        score=deal_score(state) if state.is_over else None,
    )
    return deal, state


def record_from_deal(
    start: State,
    moves: Iterable[Move] = (),
    *,
    tags: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
) -> Record:
    """The record of one deal from its starting state and the moves played (all or some).

    ``tags`` adds header tags (``Seats``, ``Date``, ``Seed``, ``Event``...).
    An illegal move raises :class:`RecordError`.

    >>> from seep import new_deal, iter_legal_moves, apply_move
    >>> state = start = new_deal("taash-2p", seed=4)
    >>> moves = []
    >>> while not state.is_over:
    ...     moves.append(next(iter_legal_moves(state)))  # the first legal move
    ...     state = apply_move(state, moves[-1])
    >>> record = record_from_deal(start, moves, tags={"Seats": "Asha, Bilal"})
    >>> len(record.deals[0].moves), record.deals[0].score == deal_score(state)
    (48, True)
    >>> record.tag("Seats")
    'Asha, Bilal'
    """
    deal, final = _recorded(1, start, tuple(moves))
    deck_of(start)  # a start that no deck deals cannot be recorded
    return Record(
        variant=start.variant,
        kind="deal",
        deals=(deal,),
        result=_deal_result(final),
        tags=_extra_tags(tags),
    )


def record_from_baazi(
    baazi: Baazi,
    *,
    tags: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
) -> Record:
    """The record of a match (a :class:`~seep.baazi.Baazi`), finished or in progress.

    The match seed, if any, is written as the ``Seed`` tag (information only:
    every deal's deck is written too).

    >>> import random
    >>> from seep import new_baazi, apply_baazi_move, legal_moves
    >>> match = new_baazi("standard", seed=3)
    >>> rng = random.Random(3)
    >>> while not match.is_over:
    ...     match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    >>> record = record_from_baazi(match)
    >>> record.result == f"team {match.winner} wins: {match.reason}"
    True
    >>> [deal.score.totals for deal in record.deals] == [row.totals for row in match.sheet]
    True
    >>> parse_record(format_record(record)) == record
    True
    """
    extra = list(_extra_tags(tags))
    if baazi.seed is not None and all(key != "Seed" for key, _ in extra):
        extra.append(("Seed", str(baazi.seed)))
    deals = tuple(
        _recorded(number, deal.start, deal.moves)[0]
        for number, deal in enumerate(baazi.deals, start=1)
    )
    return Record(
        variant=baazi.variant,
        kind="baazi",
        deals=deals,
        result=_match_result(baazi.standing),
        tags=_extra_tags(extra),
    )


# ---------------------------------------------------------------------------
# Replay and verification


def _replay_deal(deal: RecordedDeal) -> list[State]:
    if len(deal.seats) != len(deal.moves):
        raise RecordError("every move needs the seat that made it", deal=deal.number)
    state = deal.start
    states = [state]
    first = _first_number(state.variant)
    for index, (seat, move) in enumerate(zip(deal.seats, deal.moves, strict=True)):
        number = index + first
        if state.is_over:
            raise RecordError(
                "R9.1: the deal is over: every card has been played",
                deal=deal.number,
                move_number=number,
                rule="R9.1",
            )
        if seat != state.to_move:
            raise RecordError(
                f"R1.3: seat {state.to_move} is to move, not seat {seat}",
                deal=deal.number,
                move_number=number,
                rule="R1.3",
            )
        try:
            state = apply_move(state, move)
        except IllegalMoveError as error:
            raise RecordError(
                str(error), deal=deal.number, move_number=number, rule=error.rule
            ) from None
        states.append(state)
    return states


def replay(record: Record) -> list[list[State]]:
    """Every state of every deal: ``replay(record)[i]`` runs from deal ``i + 1``'s start to its last move.

    An illegal move, or a move by the wrong seat, raises :class:`RecordError`
    naming the deal, the move number and the rule.

    >>> from seep import new_deal, parse_move
    >>> record = record_from_deal(new_deal("standard", seed=10), [parse_move("bid 12")])
    >>> [state.bid for state in replay(record)[0]]
    [None, 12]
    """
    return [_replay_deal(deal) for deal in record.deals]


def verify(record: Record) -> None:
    """Check the whole record against the rules; raise :class:`RecordError` if it is wrong.

    Checks: every deal starts from a genuine deal of the variant (a deck of
    the 52 cards, R1.1, R2.2, R11.1); every move is legal and made by the seat
    to move; each stated deal score equals the replayed one (R9.3); the
    result equals the replayed result. For a baazi also: deals are numbered
    1, 2, ...; every deal but the last is finished; each dealer follows the
    dealer rule (R10.4, R11.6); no deal follows the end of the match.

    >>> from seep import new_deal, parse_move
    >>> record = record_from_deal(new_deal("standard", seed=10), [parse_move("bid 12")])
    >>> verify(record)
    >>> verify(attrs.evolve(record, result="64-36: team 0 wins the deal"))
    Traceback (most recent call last):
    ...
    seep.records.RecordError: the result says '64-36: team 0 wins the deal', the replay gives '*'
    """
    if record.kind not in _KINDS:
        raise RecordError(f"the kind is 'deal' or 'baazi', not {record.kind!r}")
    if not record.deals:
        raise RecordError("a record holds at least one deal")
    if record.kind == "deal" and len(record.deals) != 1:
        raise RecordError(f"a deal record holds one deal, not {len(record.deals)}")
    variant = record.variant
    standing = Standing()
    finals: list[State] = []
    for index, deal in enumerate(record.deals):
        if deal.number != index + 1:
            raise RecordError(
                f"deal {index + 1} is numbered {deal.number}", deal=deal.number, tag="Deal"
            )
        if deal.start.variant != variant:
            raise RecordError(
                f"the deal is played under {deal.start.variant.name!r}, the record under "
                f"{variant.name!r}",
                deal=deal.number,
                tag="Variant",
            )
        if record.kind == "baazi" and index:
            if standing.over:
                raise RecordError("the match was already over", deal=deal.number, tag="Deal")
            previous = finals[-1]
            expected = variant.dealer_rule.next_dealer(
                previous.dealer, standing.lead, variant.players
            )
            if deal.dealer != expected:
                rule = variant.dealer_rule.rule
                raise RecordError(
                    f"{rule}: seat {expected} deals this deal, not seat {deal.dealer}",
                    deal=deal.number,
                    rule=rule,
                    tag="Dealer",
                )
        try:
            deck_of(deal.start)
        except RecordError as error:
            raise error.at(deal=deal.number, tag="Deck") from None
        final = _replay_deal(deal)[-1]
        finals.append(final)
        if final.is_over:
            actual = deal_score(final)
            if deal.score is not None and deal.score != actual:
                raise RecordError(
                    f"R9.3: the score line says {_team_score_text(deal.score)!r}, "
                    f"the replay gives {_team_score_text(actual)!r}",
                    deal=deal.number,
                    rule="R9.3",
                    tag="Score",
                )
            if record.kind == "baazi":
                totals = actual.totals
                standing = variant.match.after_deal(standing, (totals[0], totals[1]))
        else:
            if deal.score is not None:
                raise RecordError(
                    "the deal has a score line but is not finished", deal=deal.number, tag="Score"
                )
            if record.kind == "baazi" and index != len(record.deals) - 1:
                raise RecordError(
                    f"the deal stops after {final.plays} of {variant.plays_per_deal} plays "
                    "and another deal follows",
                    deal=deal.number,
                )
    expected_result = _deal_result(finals[0]) if record.kind == "deal" else _match_result(standing)
    if record.result is not None and " ".join(record.result.split()) != expected_result:
        raise RecordError(
            f"the result says {record.result!r}, the replay gives {expected_result!r}",
            tag="Result",
        )


# ---------------------------------------------------------------------------
# Text


_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]', re.DOTALL)
_SPACE = re.compile(r"\s+")
_MOVE_LINE = re.compile(r"(\d+)\s*\.\s*[sS](\d+)\s+(\S.*)")


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _tag(key: str, value: str | int) -> str:
    return f"[{key} {_quote(str(value))}]"


def format_record(record: Record) -> str:
    """The text of ``record`` (see the module docstring for the format).

    The text ends with a newline; ``parse_record(format_record(r)) == r``.
    """
    lines = [
        _tag("Format", RECORD_FORMAT),
        _tag("Kind", record.kind),
        _tag("Variant", record.variant.name),
        _tag("Players", record.variant.players),
        _tag("Dealer", record.dealer),
        *(_tag(key, value) for key, value in record.tags),
    ]
    if record.result is not None:
        lines.append(_tag("Result", record.result))
    standing = Standing()
    for deal in record.deals:
        lines += ["", _tag("Deal", deal.number), _tag("Dealer", deal.dealer)]
        lines.append(_tag("Deck", " ".join(map(str, deal.deck))))
        if deal.start.redeals:
            lines.append(_tag("Redeals", deal.start.redeals))
        lines += [_tag(key, value) for key, value in deal.tags]
        for index, (seat, move) in enumerate(zip(deal.seats, deal.moves, strict=True)):
            lines.append(f"{deal.move_number(index)}. s{seat} {move}")
        if deal.score is not None:
            lines.append(_tag("Score", _team_score_text(deal.score)))
            if record.kind == "baazi":
                totals = deal.score.totals
                standing = record.variant.match.after_deal(standing, (totals[0], totals[1]))
                lead = standing.lead
                leader = "level" if lead == 0 else f"team {0 if lead > 0 else 1} by {abs(lead)}"
                banked = standing.banked
                if banked != (0, 0):
                    lines.append(f"{{after deal {deal.number}: banked {banked[0]}-{banked[1]}}}")
                else:
                    lines.append(f"{{after deal {deal.number}: lead {leader}}}")
    return "\n".join(lines) + "\n"


def _strip_comments(text: str) -> str:
    """``text`` with every ``{...}`` comment blanked to spaces, keeping newlines and tag values."""
    out: list[str] = []
    in_string = in_comment = escaped = False
    opened = 0
    line = 1
    for char in text:
        if char == "\n":
            line += 1
            out.append(char)
            escaped = False
            continue
        if in_comment:
            in_comment = char != "}"
            out.append(" ")
            continue
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            out.append(char)
            continue
        if char == "{":
            in_comment, opened = True, line
            out.append(" ")
            continue
        if char == '"':
            in_string, opened = True, line
        elif char == "}":
            raise RecordError("a '}' closes no comment", line=line)
        out.append(char)
    if in_comment:
        raise RecordError("a comment '{' is never closed", line=opened)
    if in_string:
        raise RecordError("a tag value '\"' is never closed", line=opened)
    return "".join(out)


@attrs.define
class _Block:
    line: int
    number: int
    tags: dict[str, tuple[str, int]] = attrs.field(factory=dict)
    extra: list[tuple[str, str]] = attrs.field(factory=list)
    moves: list[tuple[int, int, int, str]] = attrs.field(factory=list)  # line, number, seat, text


_Lines = dict[tuple[int | None, int | str | None], int]


def _int_tag(value: str, key: str, line: int, deal: int | None = None) -> int:
    if not (value.isascii() and value.isdigit()):
        raise RecordError(f"the {key} tag needs a number, not {value!r}", deal=deal, line=line)
    return int(value)


def parse_record(text: str, *, check: bool = True) -> Record:
    """Read a record written by :func:`format_record` or by hand; ``check`` runs :func:`verify`.

    Any error raises :class:`RecordError` with the line (and the deal, move
    number and rule when there is one).

    >>> text = '''
    ... [Format "seep-record/1"] [Kind "deal"] {tags may share a line}
    ... [Variant "standard"] [Players "4"] [Dealer "0"]
    ... [Deal "1"]
    ... [Deck "KS KH KD KC QS QH QD QC 3S 4S 5S 6S 7S 8S 9S TS JS AS 2S AH 2H 3H 4H 5H 6H
    ...        7H 8H 9H TH JH AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"]
    ... 0. s1 bid 13    {four kings: any bid from the kings}
    ... 1. s1 throw KS  {nothing to take or build with a king: throw one}
    ... '''
    >>> record = parse_record(text)
    >>> [str(m) for m in record.deals[0].moves], record.deals[0].seats
    (['bid 13', 'throw KS'], (1, 1))
    >>> parse_record(text.replace("throw KS", "throw QS"))
    Traceback (most recent call last):
    ...
    seep.records.RecordError: line 8: deal 1, move 1: R3.1: seat 1 does not hold QS
    """
    if not isinstance(text, str):
        raise RecordError(f"a record is text, not {type(text).__name__}")
    header: dict[str, tuple[str, int]] = {}
    header_extra: list[tuple[str, str]] = []
    blocks: list[_Block] = []
    clean = _strip_comments(text)
    position = 0
    while True:
        found_space = _SPACE.match(clean, position)
        position = found_space.end() if found_space else position
        if position >= len(clean):
            break
        line_number = clean.count("\n", 0, position) + 1
        if clean[position] == "[":
            found = _TAG.match(clean, position)
            if not found:
                bad = clean[position:].split("\n", 1)[0].strip()
                raise RecordError(f'bad tag {bad!r}: expected [Key "value"]', line=line_number)
            position = found.end()
            key, value = found.group(1), _unquote(found.group(2))
            if key == "Deal":
                number = _int_tag(value, key, line_number)
                blocks.append(_Block(line=line_number, number=number))
            elif blocks:
                block = blocks[-1]
                if key in _DEAL_TAGS:
                    if key in block.tags:
                        raise RecordError(
                            f"the tag {key!r} is given twice", deal=block.number, line=line_number
                        )
                    block.tags[key] = (value, line_number)
                elif key in _HEADER_TAGS:
                    raise RecordError(
                        f"the tag {key!r} belongs in the header",
                        deal=block.number,
                        line=line_number,
                    )
                else:
                    block.extra.append((key, value))
            else:
                if key in header or any(k == key for k, _ in header_extra):
                    raise RecordError(f"the tag {key!r} is given twice", line=line_number)
                if key in _DEAL_TAGS and key not in _HEADER_TAGS:
                    raise RecordError(
                        f'the tag {key!r} belongs in a deal block, after [Deal "n"]',
                        line=line_number,
                    )
                if key in _HEADER_TAGS:
                    header[key] = (value, line_number)
                else:
                    header_extra.append((key, value))
            continue
        end = clean.find("\n", position)
        end = len(clean) if end < 0 else end
        rest = clean[position:end].strip()
        position = end
        found = _MOVE_LINE.fullmatch(rest)
        if not found:
            raise RecordError(
                f"bad line {rest!r}: expected a tag or a move 'N. sS MOVE'", line=line_number
            )
        if not blocks:
            raise RecordError("a move before the first [Deal] tag", line=line_number)
        blocks[-1].moves.append(
            (line_number, int(found.group(1)), int(found.group(2)), found.group(3))
        )
    record, lines = _build(header, header_extra, blocks)
    if check:
        try:
            verify(record)
        except RecordError as error:
            place: int | str | None = error.move_number
            if place is None:
                place = error.tag or "Deal"
            line = lines.get((error.deal, place), lines.get((error.deal, "Deal")))
            raise error.at(line=line) from None
    return record


def _build(
    header: dict[str, tuple[str, int]],
    header_extra: list[tuple[str, str]],
    blocks: list[_Block],
) -> tuple[Record, _Lines]:
    def need(key: str) -> tuple[str, int]:
        if key not in header:
            raise RecordError(f"the header has no {key} tag")
        return header[key]

    form, line = need("Format")
    if form != RECORD_FORMAT:
        raise RecordError(f"the format is {RECORD_FORMAT!r}, not {form!r}", line=line)
    kind, line = header.get("Kind", ("deal", 0))
    if kind not in _KINDS:
        raise RecordError(f"the kind is 'deal' or 'baazi', not {kind!r}", line=line or None)
    name, line = need("Variant")
    try:
        variant = get_variant(name)
    except KeyError:
        raise RecordError(f"unknown variant {name!r}", line=line) from None
    if "Players" in header:
        value, line = header["Players"]
        if _int_tag(value, "Players", line) != variant.players:
            raise RecordError(
                f"the variant {name!r} has {variant.players} players, not {value}", line=line
            )
    for key, value in header_extra:
        if key == "Seats":
            names = [part.strip() for part in value.split(",")]
            if len(names) != variant.players or not all(names):
                raise RecordError(
                    f"Seats names {variant.players} players separated by commas, not {value!r}"
                )
    if not blocks:
        raise RecordError("the record has no [Deal] block")
    lines: _Lines = {(None, key): line for key, (_, line) in header.items()}
    deals: list[RecordedDeal] = []
    first = _first_number(variant)
    for block in blocks:
        number = block.number
        lines.update({(number, key): line for key, (_, line) in block.tags.items()})
        lines[(number, "Deal")] = block.line
        if "Dealer" in block.tags:
            value, line = block.tags["Dealer"]
        elif not deals and "Dealer" in header:
            value, line = header["Dealer"]  # the first deal may leave it to the header
        else:
            raise RecordError("the deal has no Dealer tag", deal=number, line=block.line)
        dealer = _int_tag(value, "Dealer", line, number)
        if not 0 <= dealer < variant.players:
            raise RecordError(
                f"the dealer is a seat in 0..{variant.players - 1}, not {dealer}",
                deal=number,
                line=line,
            )
        if "Deck" not in block.tags:
            raise RecordError("the deal has no Deck tag", deal=number, line=block.line)
        value, line = block.tags["Deck"]
        deck: list[Card] = []
        for token in value.split():
            try:
                deck.append(Card.parse(token))
            except NotationError as error:
                raise RecordError(
                    f"bad card {token!r} in the deck: {error}", deal=number, tag="Deck", line=line
                ) from None
        redeals = 0
        if "Redeals" in block.tags:
            text, redeal_line = block.tags["Redeals"]
            redeals = _int_tag(text, "Redeals", redeal_line, number)
        try:
            start = _start_from_deck(variant, dealer, deck, redeals, number)
        except RecordError as error:
            raise error.at(deal=number, tag="Deck", line=line) from None
        moves: list[Move] = []
        seats: list[int] = []
        for index, (move_line, written, seat, move_text) in enumerate(block.moves):
            expected = index + first
            lines[(number, written)] = move_line
            if written != expected:
                raise RecordError(
                    f"the move is numbered {written}, the next number is {expected}",
                    deal=number,
                    move_number=written,
                    line=move_line,
                )
            if not 0 <= seat < variant.players:
                raise RecordError(
                    f"s{seat} is no seat (seats are s0..s{variant.players - 1})",
                    deal=number,
                    move_number=written,
                    line=move_line,
                )
            try:
                moves.append(parse_move(move_text))
            except NotationError as error:
                raise RecordError(
                    str(error), deal=number, move_number=written, line=move_line
                ) from None
            seats.append(seat)
        score = None
        if "Score" in block.tags:
            text, score_line = block.tags["Score"]
            try:
                score = _parse_score(text)
            except RecordError as error:
                raise error.at(deal=number, tag="Score", line=score_line) from None
        deals.append(
            RecordedDeal(
                number=number,
                start=start,
                moves=tuple(moves),
                seats=tuple(seats),
                score=score,
                tags=tuple(block.extra),
            )
        )
    if "Dealer" in header:
        value, line = header["Dealer"]
        if _int_tag(value, "Dealer", line) != deals[0].dealer:
            raise RecordError(
                f"the header's Dealer {value} is not the first deal's dealer {deals[0].dealer}",
                line=line,
            )
    result = header.get("Result")
    record = Record(
        variant=variant,
        kind=kind,
        deals=tuple(deals),
        result=None if result is None else result[0],
        tags=tuple(header_extra),
    )
    return record, lines


def save_record(record: Record, path: str | os.PathLike[str]) -> None:
    """Write the text of ``record`` to ``path`` (UTF-8)."""
    with open(path, "w", encoding="utf-8") as file:
        file.write(format_record(record))


def load_record(path: str | os.PathLike[str], *, check: bool = True) -> Record:
    """Read a record file written by :func:`save_record` (or by hand); see :func:`parse_record`."""
    with open(path, encoding="utf-8") as file:
        return parse_record(file.read(), check=check)


# ---------------------------------------------------------------------------
# JSON


def record_to_dict(record: Record) -> dict[str, Any]:
    """A JSON document of ``record`` (the same content as the text, as JSON types).

    >>> from seep import new_deal, parse_move
    >>> record = record_from_deal(new_deal("standard", seed=10), [parse_move("bid 12")])
    >>> import json
    >>> doc = record_to_dict(record)
    >>> doc["format"], doc["kind"], doc["deals"][0]["moves"], doc["deals"][0]["seats"]
    ('seep-record/1', 'deal', ['bid 12'], [1])
    >>> record_from_dict(json.loads(json.dumps(doc))) == record
    True
    """
    return {
        "format": RECORD_FORMAT,
        "kind": record.kind,
        "variant": record.variant.name,
        "players": record.variant.players,
        "tags": dict(record.tags),
        "result": record.result,
        "deals": [
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "deck": [str(card) for card in deal.deck],
                "redeals": deal.start.redeals,
                "moves": [str(move) for move in deal.moves],
                "seats": list(deal.seats),
                "score": None
                if deal.score is None
                else [attrs.asdict(team) for team in deal.score.teams],
                "tags": dict(deal.tags),
            }
            for deal in record.deals
        ],
    }


def _field(doc: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in doc:
        raise RecordError(f"{where}{key}: required field is missing")
    value = doc[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"{where}{key}: unexpected value {value!r}")
    return value


def _dict_tags(value: object, where: str) -> Tags:
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        raise RecordError(f"{where}tags: expected an object of strings")
    try:
        return _extra_tags(value)
    except RecordError as error:
        raise RecordError(f"{where}tags: {error.reason}") from None


def record_from_dict(doc: Mapping[str, Any], *, check: bool = True) -> Record:
    """Load a document written by :func:`record_to_dict`; ``check`` runs :func:`verify`."""
    if not isinstance(doc, Mapping):
        raise RecordError("document: expected an object")
    if doc.get("format") != RECORD_FORMAT:
        raise RecordError(f"format: expected {RECORD_FORMAT!r}, not {doc.get('format')!r}")
    kind = _field(doc, "kind", str, "")
    name = _field(doc, "variant", str, "")
    try:
        variant = get_variant(name)
    except KeyError:
        raise RecordError(f"variant: unknown variant {name!r}") from None
    if doc.get("players", variant.players) != variant.players:
        raise RecordError(f"players: the variant {name!r} has {variant.players} players")
    result = doc.get("result")
    if result is not None and not isinstance(result, str):
        raise RecordError(f"result: expected a string or null, not {result!r}")
    raw_deals = _field(doc, "deals", list, "")
    deals: list[RecordedDeal] = []
    for index, raw in enumerate(raw_deals):
        where = f"deals[{index}]."
        if not isinstance(raw, Mapping):
            raise RecordError(f"deals[{index}]: expected an object")
        number = _field(raw, "number", int, where)
        dealer = _field(raw, "dealer", int, where)
        if not 0 <= dealer < variant.players:
            raise RecordError(f"{where}dealer: not a seat: {dealer}", deal=number)
        redeals = raw.get("redeals", 0)
        if not isinstance(redeals, int) or isinstance(redeals, bool) or redeals < 0:
            raise RecordError(f"{where}redeals: unexpected value {redeals!r}", deal=number)
        deck: list[Card] = []
        for position, text in enumerate(_field(raw, "deck", list, where)):
            try:
                deck.append(Card.parse(text))
            except (NotationError, TypeError, AttributeError):
                raise RecordError(
                    f"{where}deck[{position}]: bad card {text!r}", deal=number
                ) from None
        start = _start_from_deck(variant, dealer, deck, redeals, number)
        moves: list[Move] = []
        for position, text in enumerate(_field(raw, "moves", list, where)):
            try:
                moves.append(parse_move(text))
            except NotationError as error:
                raise RecordError(
                    f"{where}moves[{position}]: {error}",
                    deal=number,
                    move_number=position + _first_number(variant),
                ) from None
        seats = _field(raw, "seats", list, where)
        if len(seats) != len(moves) or not all(
            isinstance(seat, int) and not isinstance(seat, bool) for seat in seats
        ):
            raise RecordError(f"{where}seats: one seat number per move", deal=number)
        score = raw.get("score")
        deal_scored: DealScore | None = None
        if score is not None:
            try:
                teams = tuple(
                    TeamScore(cards=int(t["cards"]), seeps=int(t["seeps"]), total=int(t["total"]))
                    for t in score
                )
            except (KeyError, TypeError, ValueError):
                raise RecordError(f"{where}score: expected team scores", deal=number) from None
            deal_scored = DealScore(teams=teams)
        deals.append(
            RecordedDeal(
                number=number,
                start=start,
                moves=tuple(moves),
                seats=tuple(seats),
                score=deal_scored,
                tags=_dict_tags(raw.get("tags"), where),
            )
        )
    record = Record(
        variant=variant,
        kind=kind,
        deals=tuple(deals),
        result=result,
        tags=_dict_tags(doc.get("tags"), ""),
    )
    if check:
        verify(record)
    return record

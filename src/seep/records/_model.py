"""The record itself: :class:`Record` and :class:`RecordedDeal`, and records made from play.

Also the few facts of the format that every form shares: the format name,
the tags it writes itself, how a score and a result read as text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

import attrs

from seep._util.arguments import check_instance
from seep._util.excerpt import excerpt
from seep.cards import Card
from seep.errors import IllegalMoveError, RecordError
from seep.moves import Move
from seep.records._deck import deck_of
from seep.rules import apply_move
from seep.scoring import DealScore, deal_score
from seep.state import State
from seep.variants import Standing, Variant


class _PlayedDeal(Protocol):
    """What a record reads of one deal of a match: where it started and what was played."""

    @property
    def start(self) -> State: ...

    @property
    def moves(self) -> tuple[Move, ...]: ...


class _Match(Protocol):
    """What a record reads of a :class:`~seep.baazi.Baazi` (described here, so that
    :mod:`seep.baazi`, which loads match documents through this package, is not imported)."""

    @property
    def variant(self) -> Variant: ...

    @property
    def seed(self) -> object: ...

    @property
    def deals(self) -> Sequence[_PlayedDeal]: ...

    @property
    def standing(self) -> Standing: ...


RECORD_FORMAT = "seep-record/1"

#: Tags the format itself defines; they cannot be passed as extra tags.
HEADER_TAGS = ("Format", "Kind", "Variant", "Players", "Dealer", "Result")
DEAL_TAGS = ("Deal", "Dealer", "Deck", "Redeals", "Score")
KINDS = ("deal", "baazi")
UNFINISHED = "*"

Tags = tuple[tuple[str, str], ...]
TagsGiven = Mapping[str, str] | Iterable[tuple[str, str]] | None

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
#: A ``Date`` tag's value, as PGN writes dates: ``2024.05.01``, ``2024.??.??``.
_DATE = re.compile(
    r"(?:[0-9]{4}|\?{4})\.(?:0[1-9]|1[0-2]|\?\?)\.(?:0[1-9]|[12][0-9]|3[01]|\?\?)", re.ASCII
)


@attrs.frozen(kw_only=True)
class RecordedDeal:
    """One deal of a record: its start, the moves with the seat that made each, its score.

    ``score`` is the score the record states for the deal (``None``: not
    stated, or the deal is unfinished); :func:`verify_record` recomputes it.
    ``tags`` are any extra tags of the deal block, in order.

    >>> from seep import new_deal, parse_move
    >>> from seep.records import record_from_deal
    >>> record = record_from_deal(new_deal("standard", seed=10), [parse_move("bid 11"), parse_move("take JS JD")])
    >>> deal = record.deals[0]
    >>> deal.number, [str(move) for move in deal.moves], deal.seats, deal.score
    (1, ['bid 11', 'take JS JD'], (1, 1), None)
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
        return index + first_number(self.start.variant)


@attrs.frozen(kw_only=True)
class Record:
    """A game record: a single deal (``kind="deal"``) or a match (``kind="baazi"``).

    ``tags`` are the header tags beyond those the format defines (``Seats``,
    ``Date``, ``Seed``, ...), in order. ``result`` is the stated result
    (``None``: not stated); :func:`verify_record` recomputes it.

    >>> from seep import new_deal, parse_move
    >>> from seep.records import record_from_deal
    >>> record = record_from_deal(new_deal("standard", seed=10), [parse_move("bid 11")], tags={"Date": "2024.05.01"})
    >>> record.kind, record.variant.name, len(record.deals), record.result, record.tags
    ('deal', 'standard', 1, '*', (('Date', '2024.05.01'),))
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


def too_many_deals(count: int) -> RecordError:
    """The error of a record of kind ``deal`` that holds ``count`` deals (more than one)."""
    return RecordError(
        f"a record of kind 'deal' holds one deal, not {count} (a match is of kind 'baazi')",
        tag="Kind",
    )


def first_number(variant: Variant) -> int:
    """The number on the first move line: 0 for the standard bid, 1 in taash."""
    return 0 if variant.opening.bids else 1


def score_text(score: DealScore) -> str:
    """A deal score as the text of a ``Score`` tag."""
    return "; ".join(
        f"team {team}: cards {s.cards} seeps {s.seeps} total {s.total}"
        for team, s in enumerate(score.teams)
    )


def deal_result(final: State) -> str:
    """The result of a deal record whose deal stands at ``final``."""
    if not final.is_over:
        return UNFINISHED
    a, b = deal_score(final).totals
    if a == b:
        return f"{a}-{b}: level"
    return f"{a}-{b}: team {0 if a > b else 1} wins the deal"


def match_result(standing: Standing) -> str:
    """The result of a baazi record whose match stands at ``standing``."""
    if not standing.over:
        return UNFINISHED
    outcome = "draw" if standing.winner is None else f"team {standing.winner} wins"
    return f"{outcome}: {standing.reason}"


def extra_tags(tags: TagsGiven, variant: Variant) -> Tags:
    """``tags`` checked (:func:`check_tag`, :func:`check_header_tag`), as pairs in order."""
    if tags is None:
        return ()
    pairs = list(tags.items()) if isinstance(tags, Mapping) else list(tags)
    seen: set[str] = set()
    for key, value in pairs:
        check_tag(key, value, seen)
        check_header_tag(key, value, variant)
    return tuple(pairs)


def check_header_tag(key: str, value: str, variant: Variant) -> None:
    """The header tags with a form of their own: ``Seats`` names every seat, ``Date`` is ``YYYY.MM.DD``."""
    if key == "Seats":
        names = [name.strip() for name in value.split(",")]
        if len(names) != variant.players or not all(names):
            raise RecordError(
                f"Seats names {variant.players} players separated by commas, not {excerpt(value)}",
                tag=key,
            )
    elif key == "Date" and not _DATE.fullmatch(value):
        raise RecordError(
            f"Date is written YYYY.MM.DD, '??' for a part not known, not {excerpt(value)}",
            tag=key,
        )


def check_tag(key: object, value: object, seen: set[str]) -> None:
    """An extra tag: its name a word, not a tag of the format, not in ``seen``; its value one line.

    ``key`` joins ``seen``.
    """
    if not isinstance(key, str) or not _TAG_NAME.fullmatch(key):
        raise RecordError(f"a tag name is a word of letters, digits and '_', not {excerpt(key)}")
    if key in HEADER_TAGS or key in DEAL_TAGS:
        raise RecordError(f"the tag {excerpt(key)} is written by the format itself")
    if key in seen:
        raise RecordError(f"the tag {excerpt(key)} is given twice")
    if not isinstance(value, str) or "\n" in value or "\r" in value:
        raise RecordError(
            f"the tag {excerpt(key)} needs a one-line string value, not {excerpt(value)}"
        )
    seen.add(key)


def recorded(number: int, start: State, moves: Sequence[Move]) -> tuple[RecordedDeal, State]:
    """Deal ``number`` played from ``start`` by ``moves``, the seats and score filled in, and its end."""
    state = start
    seats: list[int] = []
    first = first_number(start.variant)
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


def record_from_deal(start: State, moves: Iterable[Move] = (), *, tags: TagsGiven = None) -> Record:
    """The record of one deal from its starting state and the moves played (all or some).

    ``tags`` adds header tags (``Seats``, ``Date``, ``Seed``, ``Event``...).
    An illegal move raises :class:`~seep.errors.RecordError`.

    >>> from seep.records import record_from_deal
    >>> from seep import new_deal, iter_legal_moves, apply_move, deal_score
    >>> state = start = new_deal("taash-2p", seed=4)
    >>> moves = []
    >>> while not state.is_over:
    ...     moves.append(next(iter_legal_moves(state)))  # the first legal move
    ...     state = apply_move(state, moves[-1])
    ...
    >>> record = record_from_deal(start, moves, tags={"Seats": "Asha, Bilal"})
    >>> len(record.deals[0].moves), record.deals[0].score == deal_score(state)
    (48, True)
    >>> record.tag("Seats")
    'Asha, Bilal'
    """
    check_instance(start, State, "start")
    deal, final = recorded(1, start, tuple(moves))
    deck_of(start)  # a start that no deck deals cannot be recorded
    return Record(
        variant=start.variant,
        kind="deal",
        deals=(deal,),
        result=deal_result(final),
        tags=extra_tags(tags, start.variant),
    )


def record_from_baazi(baazi: _Match, *, tags: TagsGiven = None) -> Record:
    """The record of a match (a :class:`~seep.baazi.Baazi`), finished or in progress.

    The match seed, if any, is written as the ``Seed`` tag (information only:
    every deal's deck is written too).

    >>> from seep.records import record_from_baazi
    >>> import random
    >>> from seep import new_baazi, apply_baazi_move, legal_moves
    >>> from seep.records import format_record, parse_record
    >>> match = new_baazi("standard", seed=3)
    >>> rng = random.Random(3)
    >>> while not match.is_over:
    ...     match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    ...
    >>> record = record_from_baazi(match)
    >>> record.result == f"team {match.winner} wins: {match.reason}"
    True
    >>> [deal.score.totals for deal in record.deals] == [row.totals for row in match.sheet]
    True
    >>> parse_record(format_record(record)) == record
    True
    """
    extra = list(extra_tags(tags, baazi.variant))
    if baazi.seed is not None and all(key != "Seed" for key, _ in extra):
        extra.append(("Seed", str(baazi.seed)))
    deals = tuple(
        recorded(number, deal.start, deal.moves)[0]
        for number, deal in enumerate(baazi.deals, start=1)
    )
    return Record(
        variant=baazi.variant,
        kind="baazi",
        deals=deals,
        result=match_result(baazi.standing),
        tags=extra_tags(extra, baazi.variant),
    )

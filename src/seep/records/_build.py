"""The one builder behind every loader: a draft of a record in, a checked :class:`Record` out.

Each document form (the text, the JSON record, the match document of
:func:`seep.baazi.baazi_from_dict`) only reads its own syntax into a
:class:`RecordDraft`: every value as the document gives it (:class:`Given`),
with the place it stands (:class:`Spot`: a line of text or a JSON field).
:func:`build` then makes every check of the content once, for all forms: the
format, the variant, the dealer, the deck (R1.1, R2.3), the move numbers and
seats, the moves' notation, the scores, the tags; and :func:`~seep.records.verify_record`
replays the rules. Any :class:`~seep.errors.RecordError` names the spot, so the
same fault reads the same in every form, only its place written in that form.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import cast

import attrs

from seep._util.excerpt import decimal_digits, excerpt
from seep.cards import Card
from seep.errors import InvalidStateError, NotationError, RecordError
from seep.moves import Move
from seep.notation import parse_move
from seep.records._deck import start_from_deck
from seep.records._model import (
    KINDS,
    RECORD_FORMAT,
    Record,
    RecordedDeal,
    Tags,
    check_header_tag,
    check_tag,
    first_number,
    recorded,
    too_many_deals,
)
from seep.records._verify import verify_record
from seep.scoring import DealScore, TeamScore
from seep.serialization import state_from_dict
from seep.state import State
from seep.variants import Variant, get_variant

#: The most digits a number in a record may have.
MAX_DIGITS = 9
#: The most deals one record may hold.
MAX_DEALS = 1_000
#: The most move lines one deal may hold.
MAX_MOVES = 200
#: The most extra tags the header, or one deal, may hold.
MAX_TAGS = 100


def check_count(count: int, bound: int, what: str, spot: Spot, deal: int | None = None) -> None:
    """Refuse a record holding more than ``bound`` of ``what`` (at ``spot``)."""
    if count > bound:
        raise _fault(f"a record holds at most {bound} {what}", spot, deal=deal)


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


#: The value of a :class:`Given` that the document leaves out.
MISSING = _Missing()


@attrs.frozen
class Spot:
    """Where a value stands in its document: a ``line`` of text or a JSON ``field``."""

    line: int | None = None
    field: str | None = None

    def inner(self, field: str) -> Spot:
        """The spot of ``field`` inside the JSON value at this spot."""
        return Spot(line=self.line, field=field if self.field is None else f"{self.field}.{field}")


@attrs.frozen
class Given:
    """A value as its document gives it (:data:`MISSING` if left out) and its :class:`Spot`."""

    value: object = MISSING
    spot: Spot = Spot()

    @property
    def missing(self) -> bool:
        """True when the document leaves this value out (or gives JSON null)."""
        return self.value is MISSING or self.value is None


@attrs.frozen(kw_only=True)
class MoveDraft:
    """A move line: its written ``number`` (``None``: not written), its seat and its notation.

    A seat that is :data:`MISSING` (a match document states none) is the seat to move.
    """

    number: int | None = None
    seat: Given = Given()
    move: Given


@attrs.frozen(kw_only=True)
class DealDraft:
    """A deal as a document gives it.

    ``deck`` holds a sequence of :class:`Given` cards; a match document gives
    a ``start`` state document instead (whose dealer and redeals it carries).
    ``score`` holds one ``(cards, seeps, total)`` per team, each of ``tags``
    a ``(name, value)`` pair.
    """

    spot: Spot
    number: Given
    dealer: Given = Given()
    deck: Given = Given()
    start: Given = Given()
    redeals: Given = Given()
    moves: tuple[MoveDraft, ...] = ()
    score: Given = Given()
    tags: tuple[Given, ...] = ()


@attrs.frozen(kw_only=True)
class RecordDraft:
    """A whole record as a document gives it; ``format`` ``None``: the loader checked its own."""

    spot: Spot = Spot()
    format: Given | None = None
    kind: Given = Given()
    variant: Given = Given()
    players: Given = Given()
    dealer: Given = Given()
    result: Given = Given()
    tags: tuple[Given, ...] = ()
    deals: tuple[DealDraft, ...] = ()


_NO_KIND = "the record states no kind: 'deal' (one deal) or 'baazi' (a match)"

#: Where each part of the record stands: ``(deal, move number or tag)`` to spot;
#: ``(deal, None)`` is the deal itself, ``(None, tag)`` the header.
_Spots = dict[tuple[int | None, int | str | None], Spot]


def _fault(
    reason: str,
    spot: Spot,
    *,
    deal: int | None = None,
    move_number: int | None = None,
    tag: str | None = None,
) -> RecordError:
    """An error of ``reason`` at ``spot``."""
    return RecordError(
        reason, deal=deal, move_number=move_number, tag=tag, line=spot.line, field=spot.field
    )


def _misspelt(name: str, tags: Sequence[Given]) -> Given | None:
    """The extra tag among ``tags`` whose name looks like a misspelling of ``name``, if any."""
    names = {str(given.value[0]).lower(): given for given in tags}  # type: ignore[index]
    close = difflib.get_close_matches(name.lower(), names, n=1, cutoff=0.7)
    return names[close[0]] if close else None


def absent(
    reason: str, spot: Spot, name: str, tags: Sequence[Given], deal: int | None = None
) -> RecordError:
    """The error of the tag ``name`` left out; where an extra tag looks like it misspelt, there."""
    given = _misspelt(name, tags)
    if given is None:
        return _fault(reason, spot, deal=deal, tag=name)
    key = excerpt(given.value[0])  # type: ignore[index]
    return _fault(
        f"{reason}: is the tag {key} meant to be {name!r}?", given.spot, deal=deal, tag=name
    )


def _located(error: RecordError, spots: _Spots) -> RecordError:
    """``error`` with the spot of the part it names (a move, a tag, else its deal)."""
    place = error.move_number if error.move_number is not None else error.tag
    spot = spots.get((error.deal, place)) or spots.get((error.deal, None)) or Spot()
    return error.at(line=spot.line, field=spot.field)


def _number(given: Given, what: str, deal: int | None = None) -> int:
    value = given.value
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fault(f"the {what} is a number, not {excerpt(value)}", given.spot, deal=deal)
    if decimal_digits(value) > MAX_DIGITS:
        raise _fault(
            f"the {what} has {decimal_digits(value)} digits, at most {MAX_DIGITS}",
            given.spot,
            deal=deal,
        )
    return value


def _variant(given: Given, tags: Sequence[Given]) -> Variant:
    if isinstance(given.value, Variant):
        return given.value
    if given.missing:
        raise absent("the record names no variant", given.spot, "Variant", tags)
    try:
        if not isinstance(given.value, str):
            raise TypeError
        return get_variant(given.value)
    except (KeyError, TypeError):
        raise _fault(f"unknown variant {excerpt(given.value)}", given.spot, tag="Variant") from None


def _tags(tags: Sequence[Given], variant: Variant, deal: int | None = None) -> Tags:
    """The extra tags, each ``(name, value)`` checked where it stands; ``Seats`` names every seat."""
    pairs: list[tuple[str, str]] = []
    seen: set[str] = set()
    for given in tags:
        key, value = cast("tuple[object, object]", given.value)
        try:
            check_tag(key, value, seen)
        except RecordError as error:
            raise _fault(error.reason, given.spot, deal=deal, tag=str(key)) from None
        assert isinstance(key, str) and isinstance(value, str)
        if deal is None:
            try:
                check_header_tag(key, value, variant)
            except RecordError as error:
                raise _fault(error.reason, given.spot, tag=key) from None
        pairs.append((key, value))
    return tuple(pairs)


def _card(given: Given, deal: int) -> Card:
    text = given.value
    try:
        return Card.parse(text)  # type: ignore[arg-type]
    except (NotationError, TypeError, AttributeError) as error:
        detail = str(error) if isinstance(error, NotationError) else "a card is text like 'TD'"
        raise _fault(
            f"bad card {excerpt(text)} in the deck: {detail}", given.spot, deal=deal, tag="Deck"
        ) from None


def _start(draft: DealDraft, variant: Variant, dealer: int, number: int) -> State:
    """The deal's start: dealt from its deck, or (a match document) its start state."""
    if not draft.start.missing:
        spot = draft.start.spot
        try:
            return state_from_dict(draft.start.value, variant=variant)  # type: ignore[arg-type]
        except InvalidStateError as error:
            raise _fault(error.reason, spot.inner(error.field), deal=number, tag="Deck") from None
    if draft.deck.missing:
        raise absent("the deal has no deck", draft.spot, "Deck", draft.tags, number)
    tokens: Sequence[Given] = draft.deck.value  # type: ignore[assignment]
    deck = [_card(token, number) for token in tokens]
    redeals = 0
    if not draft.redeals.missing:
        redeals = _number(draft.redeals, "number of redeals", number)
        if redeals < 0:
            raise _fault(f"the number of redeals is 0 or more, not {redeals}", draft.redeals.spot)
        if redeals and not variant.opening.bids:
            raise _fault(
                "R11.1: a deal without a bid is never redealt",
                draft.redeals.spot,
                deal=number,
                tag="Redeals",
            )
    try:
        return start_from_deck(variant, dealer, deck, redeals)
    except RecordError as error:
        spot = draft.deck.spot
        raise error.at(deal=number, tag="Deck", line=spot.line, field=spot.field) from None


def _dealer(draft: DealDraft, fallback: Given | None, variant: Variant, number: int) -> int | None:
    """The dealer the deal states (``None``: its start state carries it)."""
    given = draft.dealer
    if given.missing and fallback is not None and not fallback.missing:
        given = fallback  # the first deal may leave its dealer to the header
    if given.missing:
        if not draft.start.missing:
            return None
        raise absent("the deal has no dealer", draft.spot, "Dealer", draft.tags, number)
    dealer = _number(given, "dealer", number)
    if not 0 <= dealer < variant.players:
        raise _fault(
            f"the dealer is a seat in 0..{variant.players - 1}, not {dealer}",
            given.spot,
            deal=number,
            tag="Dealer",
        )
    return dealer


def _moves(
    draft: DealDraft, variant: Variant, number: int, spots: _Spots
) -> tuple[list[Move], list[int] | None]:
    """The deal's moves and their seats (``None``: not stated)."""
    first = first_number(variant)
    moves: list[Move] = []
    seats: list[int] = []
    unstated = [line.seat.missing for line in draft.moves]
    if any(unstated) and not all(unstated):
        raise _fault("every move needs the seat that made it", draft.spot, deal=number)
    for index, line in enumerate(draft.moves):
        expected = index + first
        written = expected if line.number is None else line.number
        spot = line.move.spot
        spots[(number, written)] = spot
        if written != expected:
            raise _fault(
                f"the move is numbered {written}, the next number is {expected}",
                spot,
                deal=number,
                move_number=written,
            )
        if not line.seat.missing:
            seat = line.seat.value
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise _fault(
                    f"a seat is a number, not {excerpt(seat)}",
                    line.seat.spot,
                    deal=number,
                    move_number=written,
                )
            if not 0 <= seat < variant.players:
                shown = f"s{seat}" if decimal_digits(seat) <= MAX_DIGITS else excerpt(seat)
                raise _fault(
                    f"{shown} is no seat (seats are s0..s{variant.players - 1})",
                    line.seat.spot,
                    deal=number,
                    move_number=written,
                )
            seats.append(seat)
        text = line.move.value
        if not isinstance(text, str):
            raise _fault(
                f"a move is text in move notation, not {excerpt(text)}",
                spot,
                deal=number,
                move_number=written,
            )
        try:
            moves.append(parse_move(text))
        except NotationError as error:
            raise _fault(str(error), spot, deal=number, move_number=written) from None
    return moves, None if unstated and all(unstated) else seats


def _score(given: Given, number: int) -> DealScore | None:
    if given.missing:
        return None
    teams: Sequence[tuple[int, int, int]] = given.value  # type: ignore[assignment]
    if len(teams) != 2:
        raise _fault(
            f"a score has two teams, not {len(teams)}", given.spot, deal=number, tag="Score"
        )
    for team, (cards, seeps, total) in enumerate(teams):
        if max(decimal_digits(cards), decimal_digits(seeps), decimal_digits(total)) > MAX_DIGITS:
            raise _fault(
                f"team {team}'s score has a number of more than {MAX_DIGITS} digits",
                given.spot,
                deal=number,
                tag="Score",
            )
        if cards + seeps != total:
            raise _fault(
                f"team {team}'s total {total} is not cards {cards} + seeps {seeps}",
                given.spot,
                deal=number,
                tag="Score",
            )
    return DealScore(teams=tuple(TeamScore(cards=c, seeps=s, total=t) for c, s, t in teams))


def _deal(
    draft: DealDraft, expected: int, variant: Variant, header_dealer: Given | None, spots: _Spots
) -> RecordedDeal:
    """Deal ``expected`` (1, 2, ...) of the record; a deal numbered otherwise is refused where it is."""
    number = _number(draft.number, "deal number")
    if number != expected:
        raise _fault(
            f"deal {expected} is numbered {number}", draft.number.spot, deal=number, tag="Deal"
        )
    spots[(number, None)] = draft.spot
    spots[(number, "Deal")] = draft.number.spot
    for tag, given in (("Deck", draft.deck), ("Redeals", draft.redeals), ("Score", draft.score)):
        spots[(number, tag)] = given.spot
    if not draft.start.missing:
        spots[(number, "Deck")] = draft.start.spot
    spots[(number, "Dealer")] = draft.dealer.spot
    dealer = _dealer(draft, header_dealer, variant, number)
    start = _start(draft, variant, 0 if dealer is None else dealer, number)
    moves, seats = _moves(draft, variant, number, spots)
    score = _score(draft.score, number)
    tags = _tags(draft.tags, variant, number)
    if seats is None:  # a match document: each move is made by the seat to move
        try:
            filled, _ = recorded(number, start, moves)
        except RecordError as error:
            raise _located(error, spots) from None
        seats = list(filled.seats)
    return RecordedDeal(
        number=number,
        start=start,
        moves=tuple(moves),
        seats=tuple(seats),
        score=score,
        tags=tags,
    )


def build(draft: RecordDraft, *, check: bool = True) -> Record:
    """The record ``draft`` describes, every part checked; ``check`` also runs :func:`verify_record`.

    >>> from seep.records._build import Given, RecordDraft, Spot, build
    >>> draft = RecordDraft(kind=Given("deal"), variant=Given("standard"), deals=())
    >>> build(draft)
    Traceback (most recent call last):
    ...
    seep.errors.RecordError: the record holds no deal
    >>> build(RecordDraft(kind=Given("deal"), variant=Given("chess", Spot(field="variant"))))
    Traceback (most recent call last):
    ...
    seep.errors.RecordError: variant: unknown variant 'chess'
    """
    check_count(len(draft.deals), MAX_DEALS, "deals", draft.spot)
    check_count(len(draft.tags), MAX_TAGS, "header tags", draft.spot)
    for deal in draft.deals:
        number = deal.number.value if isinstance(deal.number.value, int) else None
        check_count(len(deal.moves), MAX_MOVES, "moves in a deal", deal.spot, number)
        check_count(len(deal.tags), MAX_TAGS, "tags in a deal", deal.spot, number)
    spots: _Spots = {(None, None): draft.spot}
    for tag, given in (
        ("Kind", draft.kind),
        ("Variant", draft.variant),
        ("Players", draft.players),
        ("Dealer", draft.dealer),
        ("Result", draft.result),
    ):
        spots[(None, tag)] = given.spot
    if draft.format is not None:
        spots[(None, "Format")] = draft.format.spot
        if draft.format.value != RECORD_FORMAT:
            form = draft.format.value
            reason = (
                "the record has no format"
                if draft.format.missing
                else f"the format is {excerpt(RECORD_FORMAT)}, not {excerpt(form)}"
            )
            if draft.format.missing:
                raise absent(reason, draft.format.spot, "Format", draft.tags)
            raise _fault(reason, draft.format.spot, tag="Format")
    kind = draft.kind.value
    if draft.kind.missing:
        raise absent(_NO_KIND, draft.kind.spot, "Kind", draft.tags)
    if kind not in KINDS:
        raise _fault(
            f"the kind is 'deal' or 'baazi', not {excerpt(kind)}", draft.kind.spot, tag="Kind"
        )
    if kind == "deal" and len(draft.deals) > 1:
        spot = draft.kind.spot
        raise too_many_deals(len(draft.deals)).at(line=spot.line, field=spot.field)
    variant = _variant(draft.variant, draft.tags)
    if not draft.players.missing:
        players = _number(draft.players, "number of players")
        if players != variant.players:
            raise _fault(
                f"the variant {excerpt(variant.name)} has {variant.players} players, not {players}",
                draft.players.spot,
                tag="Players",
            )
    tags = _tags(draft.tags, variant)
    result = draft.result.value
    if draft.result.missing:
        result = None
    elif not isinstance(result, str):
        raise _fault(f"the result is text, not {excerpt(result)}", draft.result.spot, tag="Result")
    if not draft.deals:
        raise _fault("the record holds no deal", draft.spot)
    deals = [
        _deal(deal, index + 1, variant, None if index else draft.dealer, spots)
        for index, deal in enumerate(draft.deals)
    ]
    if not draft.dealer.missing:
        stated = _number(draft.dealer, "dealer")
        if stated != deals[0].dealer:
            raise _fault(
                f"the record's first dealer {stated} is not the first deal's dealer "
                f"{deals[0].dealer}",
                draft.dealer.spot,
                tag="Dealer",
            )
    record = Record(variant=variant, kind=str(kind), deals=tuple(deals), result=result, tags=tags)
    if check:
        try:
            verify_record(record)
        except RecordError as error:
            raise _located(error, spots) from None
    return record

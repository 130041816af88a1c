"""The JSON forms: the record as JSON (``seep-record/1``) and the match document (``seep-baazi/1``).

Both loaders read only the JSON structure (objects, lists, which key holds
what) into a :class:`~seep.records._build.RecordDraft`, each value with its
field; :func:`~seep.records._build.build` checks and builds the record, so a
fault reads the same as in the text form and names the field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from seep._util.excerpt import excerpt
from seep.errors import RecordError
from seep.records._build import MISSING, DealDraft, Given, MoveDraft, RecordDraft, Spot, build
from seep.records._model import RECORD_FORMAT, Record
from seep.variants import Variant


def record_to_dict(record: Record) -> dict[str, Any]:
    """A JSON document of ``record`` (the same content as the text, as JSON types).

    >>> from seep import new_deal, parse_move
    >>> from seep.records import record_from_deal, record_from_dict, record_to_dict
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


def _object(value: object, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(f"expected an object, not {excerpt(value)}", field=field)
    return value


def _list(value: object, field: str) -> Sequence[Any]:
    if value is MISSING:
        raise RecordError("required field is missing", field=field)
    if not isinstance(value, (list, tuple)):
        raise RecordError(f"expected a list, not {excerpt(value)}", field=field)
    return value


def _key(doc: Mapping[str, Any], key: str, where: str = "") -> Given:
    """The value at ``key`` (:data:`MISSING` if absent) and its field."""
    return Given(doc.get(key, MISSING), Spot(field=f"{where}{key}"))


def _tags(doc: Mapping[str, Any], where: str) -> tuple[Given, ...]:
    """Each extra tag as a ``(name, value)`` pair, at its field (``tags.Seats``)."""
    tags = doc.get("tags")
    if tags is None:
        return ()
    pairs = _object(tags, f"{where}tags").items()
    return tuple(Given((key, value), Spot(field=f"{where}tags.{key}")) for key, value in pairs)


def _score(doc: Mapping[str, Any], where: str, deal: int | None) -> Given:
    """The teams' ``(cards, seeps, total)`` of a deal's ``score`` list."""
    given = _key(doc, "score", where)
    if given.missing:
        return given
    teams = []
    for team in _list(given.value, f"{where}score"):
        parts = tuple(team.get(key) if isinstance(team, Mapping) else None for key in _TEAM)
        if not all(isinstance(part, int) and not isinstance(part, bool) for part in parts):
            raise RecordError(
                "expected team scores {cards, seeps, total}", deal=deal, field=given.spot.field
            )
        teams.append(parts)
    return Given(tuple(teams), given.spot)


_TEAM = ("cards", "seeps", "total")


def _deal_number(doc: Mapping[str, Any], where: str) -> tuple[Given, int | None]:
    number = _key(doc, "number", where)
    value = number.value
    return number, value if isinstance(value, int) and not isinstance(value, bool) else None


def _record_deal(raw: object, index: int) -> DealDraft:
    where = f"deals[{index}]."
    doc = _object(raw, f"deals[{index}]")
    number, deal = _deal_number(doc, where)
    deck = _key(doc, "deck", where)
    if not deck.missing:
        cards = _list(deck.value, f"{where}deck")
        field = f"{where}deck"
        deck = Given(
            tuple(Given(card, Spot(field=f"{field}[{i}]")) for i, card in enumerate(cards)),
            deck.spot,
        )
    moves = _list(doc.get("moves", []), f"{where}moves")
    seats = _list(doc.get("seats", MISSING if moves else []), f"{where}seats")
    if len(seats) != len(moves):
        raise RecordError(
            f"one seat number per move: {len(seats)} seats, {len(moves)} moves",
            deal=deal,
            field=f"{where}seats",
        )
    return DealDraft(
        spot=Spot(field=f"deals[{index}]"),
        number=number,
        dealer=_key(doc, "dealer", where),
        deck=deck,
        redeals=_key(doc, "redeals", where),
        moves=tuple(
            MoveDraft(
                seat=Given(seat, Spot(field=f"{where}seats[{i}]")),
                move=Given(move, Spot(field=f"{where}moves[{i}]")),
            )
            for i, (seat, move) in enumerate(zip(seats, moves, strict=True))
        ),
        score=_score(doc, where, deal),
        tags=_tags(doc, where),
    )


def record_from_dict(doc: Mapping[str, Any], *, check: bool = True) -> Record:
    """Load a document written by :func:`record_to_dict`; ``check`` runs :func:`verify_record`.

    A fault raises :class:`~seep.errors.RecordError` naming the field, with
    the same reason as the same fault in the text form:

    >>> from seep import new_deal
    >>> from seep.records import record_from_deal, record_from_dict, record_to_dict
    >>> doc = record_to_dict(record_from_deal(new_deal("standard", seed=10)))
    >>> doc["deals"][0]["deck"][3] = "QX"
    >>> record_from_dict(doc)
    Traceback (most recent call last):
    ...
    seep.errors.RecordError: deals[0].deck[3]: deal 1: bad card 'QX' in the deck: card notation: 'QX' is not a card: a rank A 2-9 T J Q K (or 10) then a suit S H D C (or ♠ ♥ ♦ ♣), as in 'TD' or '10♦'
    """
    doc = _object(doc, "document")
    deals = _list(doc.get("deals", []), "deals")
    draft = RecordDraft(
        spot=Spot(field="deals"),
        format=_key(doc, "format"),
        kind=_key(doc, "kind"),
        variant=_key(doc, "variant"),
        players=_key(doc, "players"),
        result=_key(doc, "result"),
        tags=_tags(doc, ""),
        deals=tuple(_record_deal(raw, index) for index, raw in enumerate(deals)),
    )
    return build(draft, check=check)


def _match_deal(raw: object, index: int) -> DealDraft:
    where = f"deals[{index}]."
    doc = _object(raw, f"deals[{index}]")
    start = _key(doc, "start", where)
    if start.missing:
        raise RecordError("required field is missing", field=f"{where}start")
    moves = _list(doc.get("moves", []), f"{where}moves")
    return DealDraft(
        spot=Spot(field=f"deals[{index}]"),
        number=Given(index + 1, Spot(field=f"deals[{index}]")),
        dealer=Given(MISSING, Spot(field=f"{where}start.dealer")),
        start=start,
        moves=tuple(
            MoveDraft(move=Given(move, Spot(field=f"{where}moves[{i}]")))
            for i, move in enumerate(moves)
        ),
    )


def record_of_match_document(doc: Mapping[str, Any], *, variant: Variant | None = None) -> Record:
    """The baazi record a match document (``seep-baazi/1``) describes, built and verified.

    The caller checks the document's ``format`` and ``seed``, which the
    record does not hold; ``variant`` stands for the variant the document names.
    """
    deals = _list(doc.get("deals", MISSING), "deals")
    name = _key(doc, "variant")
    draft = RecordDraft(
        spot=Spot(field="deals"),
        kind=Given("baazi"),
        variant=name if variant is None else Given(variant, name.spot),
        dealer=_key(doc, "first_dealer"),
        deals=tuple(_match_deal(raw, index) for index, raw in enumerate(deals)),
    )
    return build(draft)

"""One builder behind every document form: the same fault is refused alike in each.

A game record loads from its text (``parse_record``) or its JSON
(``record_from_dict``), and a match also from its match document
(``baazi_from_dict``). Each fault here is put into every form of the same
record; each form must refuse it with :class:`RecordError`, the same reason,
deal, move number, rule and tag, and name its place: the line of the text,
the field of the JSON.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from seep import (
    Baazi,
    Throw,
    apply_baazi_move,
    apply_move,
    baazi_from_dict,
    baazi_to_dict,
    legal_moves,
    new_baazi,
    new_deal,
    state_to_dict,
)
from seep.errors import RecordError, SeepError
from seep.records import (
    Record,
    deck_of,
    format_record,
    parse_record,
    record_from_baazi,
    record_from_deal,
    record_from_dict,
    record_to_dict,
)
from seep.scoring import DealScore, TeamScore

Doc = dict[str, Any]


def played_deal(seed: int = 10, plays: int = 12) -> Record:
    """A standard deal record of ``plays`` random legal moves (the bid is move 0)."""
    rng = random.Random(seed)
    state = start = new_deal("standard", seed=seed)
    moves = []
    while len(moves) < plays:
        moves.append(rng.choice(legal_moves(state)))
        state = apply_move(state, moves[-1])
    return record_from_deal(start, moves, tags={"Seats": "Asha, Bilal, Chandra, Dev"})


def finished_baazi() -> Baazi:
    """A finished standard match of two deals or more."""
    for seed in range(50):
        rng = random.Random(seed)
        match = new_baazi("standard", seed=seed)
        while not match.is_over:
            match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
        if len(match.deals) >= 2:
            return match
    raise AssertionError("no seeded match of two deals")


def refusals(text: str, doc: Doc) -> tuple[RecordError, RecordError]:
    """How the text and the JSON document are refused (both must be)."""
    with pytest.raises(RecordError) as from_text:
        parse_record(text)
    with pytest.raises(RecordError) as from_json:
        record_from_dict(json.loads(json.dumps(doc)))
    return from_text.value, from_json.value


def assert_alike(text_error: RecordError, json_error: RecordError) -> None:
    assert type(text_error) is type(json_error) is RecordError
    assert isinstance(text_error, SeepError) and isinstance(text_error, ValueError)
    assert (text_error.reason, text_error.deal, text_error.move_number) == (
        json_error.reason,
        json_error.deal,
        json_error.move_number,
    )
    assert (text_error.rule, text_error.tag) == (json_error.rule, json_error.tag)
    assert text_error.field is None and json_error.line is None
    assert str(json_error).startswith(f"{json_error.field}: ")
    assert str(text_error).startswith(f"line {text_error.line}: ")


def line_where(text: str, start: str, after: str | None = None) -> int:
    """The 1-based line of ``text`` that starts with ``start`` (after a line starting ``after``)."""
    seen = after is None
    for number, line in enumerate(text.split("\n"), start=1):
        seen = seen or (after is not None and line.startswith(after))
        if seen and line.startswith(start):
            return number
    raise AssertionError(f"no line starts with {start!r}")


# ---------------------------------------------------------------------------
# Faults in the record itself: write the tampered record in both forms


def _illegal_move(record: Record) -> Record:
    deal = record.deals[0]
    stock_card = deal.start.stock[-1]  # the last card dealt: nobody holds it yet (R3.1)
    moves = (*deal.moves[:3], Throw(card=stock_card), *deal.moves[4:])
    return attrs.evolve(record, deals=(attrs.evolve(deal, moves=moves),))


def _wrong_seat(record: Record) -> Record:
    deal = record.deals[0]
    seats = (*deal.seats[:5], (deal.seats[5] + 1) % 4, *deal.seats[6:])
    return attrs.evolve(record, deals=(attrs.evolve(deal, seats=seats),))


def _misnumbered(record: Record) -> Record:
    return attrs.evolve(record, deals=(attrs.evolve(record.deals[0], number=2),))


def _wrong_result(record: Record) -> Record:
    return attrs.evolve(record, result="64-36: team 0 wins the deal")


def _score_of_unfinished(record: Record) -> Record:
    score = DealScore(teams=(TeamScore(cards=64, seeps=0, total=64),) * 2)
    return attrs.evolve(record, deals=(attrs.evolve(record.deals[0], score=score),))


@pytest.mark.parametrize(
    ("tamper", "rule", "tag", "move_number", "field", "line_start"),
    [
        (_illegal_move, "R3.1", None, 3, "deals[0].moves[3]", "3. "),
        (_wrong_seat, "R1.3", None, 5, "deals[0].moves[5]", "5. "),
        (_misnumbered, None, "Deal", None, "deals[0].number", '[Deal "2"]'),
        (_wrong_result, None, "Result", None, "result", "[Result "),
        (_score_of_unfinished, None, "Score", None, "deals[0].score", "[Score "),
    ],
)
def test_a_tampered_record_is_refused_alike_in_text_and_json(
    tamper: Callable[[Record], Record],
    rule: str | None,
    tag: str | None,
    move_number: int | None,
    field: str,
    line_start: str,
) -> None:
    record = tamper(played_deal())
    text = format_record(record)
    text_error, json_error = refusals(text, record_to_dict(record))
    assert_alike(text_error, json_error)
    assert (text_error.rule, text_error.tag, text_error.move_number) == (rule, tag, move_number)
    assert json_error.field == field
    assert text_error.line == line_where(text, line_start)


def test_r10_4_a_dealer_out_of_turn_is_refused_alike_in_every_match_form() -> None:
    match = finished_baazi()
    record = record_from_baazi(match)
    second = record.deals[1]
    wrong = (second.dealer + 1) % 4
    deck = deck_of(second.start)
    moved = attrs.evolve(second, start=new_deal("standard", dealer=wrong, deck=deck))
    tampered = attrs.evolve(record, deals=(record.deals[0], moved, *record.deals[2:]))
    text = format_record(tampered)
    text_error, json_error = refusals(text, record_to_dict(tampered))
    assert_alike(text_error, json_error)
    assert (json_error.rule, json_error.tag, json_error.field) == (
        "R10.4",
        "Dealer",
        "deals[1].dealer",
    )
    assert text_error.line == line_where(text, '[Dealer "', after='[Deal "2"]')
    # The match document of the same match: the same error class and reason.
    doc = json.loads(json.dumps(baazi_to_dict(match)))
    doc["deals"][1]["start"] = state_to_dict(moved.start)
    with pytest.raises(RecordError) as from_match:
        baazi_from_dict(doc)
    assert from_match.value.field == "deals[1].start.dealer"
    assert (from_match.value.reason, from_match.value.rule) == (json_error.reason, "R10.4")


def test_an_illegal_move_is_refused_alike_by_the_record_and_the_match_document() -> None:
    match = finished_baazi()
    record = record_from_baazi(match)
    deal = record.deals[1]
    card = deal.start.stock[-1]  # nobody holds it at move 2 (R3.1)
    bad = attrs.evolve(deal, moves=(*deal.moves[:2], Throw(card=card), *deal.moves[3:]))
    tampered = attrs.evolve(record, deals=(record.deals[0], bad, *record.deals[2:]))
    text_error, json_error = refusals(format_record(tampered), record_to_dict(tampered))
    assert_alike(text_error, json_error)
    doc = json.loads(json.dumps(baazi_to_dict(match)))
    doc["deals"][1]["moves"][2] = f"throw {card}"
    with pytest.raises(RecordError) as from_match:
        baazi_from_dict(doc)
    error = from_match.value
    assert (error.reason, error.deal, error.move_number, error.rule) == (
        json_error.reason,
        2,
        2,
        "R3.1",
    )
    assert error.field == json_error.field == "deals[1].moves[2]"


# ---------------------------------------------------------------------------
# Faults in the document: the same edit made to the text and to the JSON


def _edit_text(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def _deck_card(index: int, new: str) -> Callable[[str, Doc], tuple[str, Doc]]:
    def edit(text: str, doc: Doc) -> tuple[str, Doc]:
        deck = doc["deals"][0]["deck"]
        old = " ".join(deck)
        deck[index] = new
        return _edit_text(text, old, " ".join(deck)), doc

    return edit


def _move_text(index: int, new: str) -> Callable[[str, Doc], tuple[str, Doc]]:
    def edit(text: str, doc: Doc) -> tuple[str, Doc]:
        deal = doc["deals"][0]
        old = f"{index}. s{deal['seats'][index]} {deal['moves'][index]}\n"
        deal["moves"][index] = new
        return _edit_text(text, old, f"{index}. s{deal['seats'][index]} {new}\n"), doc

    return edit


def _seat(index: int, new: int) -> Callable[[str, Doc], tuple[str, Doc]]:
    def edit(text: str, doc: Doc) -> tuple[str, Doc]:
        deal = doc["deals"][0]
        old = f"{index}. s{deal['seats'][index]} "
        deal["seats"][index] = new
        return _edit_text(text, old, f"{index}. s{new} "), doc

    return edit


def _header(tag: str, key: str, value: str | int) -> Callable[[str, Doc], tuple[str, Doc]]:
    def edit(text: str, doc: Doc) -> tuple[str, Doc]:
        old = f'[{tag} "{doc[key]}"]'
        doc[key] = value
        return _edit_text(text, old, f'[{tag} "{value}"]'), doc

    return edit


def _deal_dealer(value: int) -> Callable[[str, Doc], tuple[str, Doc]]:
    def edit(text: str, doc: Doc) -> tuple[str, Doc]:
        deal = doc["deals"][0]
        old = f'[Deal "1"]\n[Dealer "{deal["dealer"]}"]'
        deal["dealer"] = value
        return _edit_text(text, old, f'[Deal "1"]\n[Dealer "{value}"]'), doc

    return edit


def _seats_tag(text: str, doc: Doc) -> tuple[str, Doc]:
    doc["tags"]["Seats"] = "Asha, Bilal"
    return _edit_text(text, '[Seats "Asha, Bilal, Chandra, Dev"]', '[Seats "Asha, Bilal"]'), doc


def _redeals(text: str, doc: Doc) -> tuple[str, Doc]:
    doc["deals"][0]["redeals"] = -1
    return _edit_text(text, "[Deck ", '[Redeals "-1"]\n[Deck '), doc


@pytest.mark.parametrize(
    ("edit", "words", "rule", "field"),
    [
        (_deck_card(3, "QX"), "bad card 'QX' in the deck", None, "deals[0].deck[3]"),
        (_deck_card(7, "9S"), "the 52 cards once each", "R1.1", "deals[0].deck"),
        (_move_text(4, "smash 3S"), "does not start with a verb", None, "deals[0].moves[4]"),
        (_seat(2, 7), "s7 is no seat", None, "deals[0].seats[2]"),
        (_header("Variant", "variant", "chess"), "unknown variant 'chess'", None, "variant"),
        (_header("Players", "players", 2), "has 4 players, not 2", None, "players"),
        (_header("Format", "format", "seep-record/9"), "the format is", None, "format"),
        (_header("Kind", "kind", "game"), "the kind is 'deal' or 'baazi'", None, "kind"),
        (_deal_dealer(4), "the dealer is a seat in 0..3, not 4", None, "deals[0].dealer"),
        (_seats_tag, "Seats names 4 players", None, "tags.Seats"),
        (_redeals, "redeals is 0 or more", None, "deals[0].redeals"),
    ],
)
def test_a_faulty_document_is_refused_alike_in_text_and_json(
    edit: Callable[[str, Doc], tuple[str, Doc]], words: str, rule: str | None, field: str
) -> None:
    record = played_deal()
    text, doc = edit(format_record(record), json.loads(json.dumps(record_to_dict(record))))
    text_error, json_error = refusals(text, doc)
    assert_alike(text_error, json_error)
    assert words in text_error.reason and text_error.rule == rule
    assert json_error.field == field


def test_the_seats_tag_and_the_header_dealer_are_checked_in_json_too() -> None:
    """Checks the text loader used to make alone now hold for JSON documents as well."""
    doc = record_to_dict(played_deal())
    doc["tags"]["Seats"] = "Asha"
    with pytest.raises(RecordError, match="Seats names 4 players"):
        record_from_dict(doc)

"""Documents and files: each loads or is refused with a SeepError that says what and where.

JSON text (states, moves, views, matches, records), the text form of
records, and the files ``seep show`` reads: byte-order marks, non-finite
numbers, integers past Python's digit limit, deep nesting, size bounds,
the tags both record forms share, and the messages of a finished match.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seep import apply_move, legal_moves, new_deal, parse_move
from seep._documents.text import load_json
from seep.baazi import apply_baazi_move, baazi_from_dict, baazi_to_dict, new_baazi
from seep.bots import make_bot, play_baazi
from seep.cli import main
from seep.errors import IllegalMoveError, InputError, RecordError, SeepError
from seep.history import history_from_list
from seep.records import (
    Record,
    format_record,
    load_record,
    parse_record,
    record_from_deal,
    record_from_dict,
    record_to_dict,
)
from seep.serialization import move_from_dict, state_from_dict, state_to_dict
from seep.views import observe, view_from_dict, view_to_dict


@pytest.fixture(scope="module")
def record() -> Record:
    """A finished deal, played by always taking the first legal move."""
    start = state = new_deal("standard", seed=10)
    moves = []
    while not state.is_over:
        move = legal_moves(state)[0]
        moves.append(move)
        state = apply_move(state, move)
    return record_from_deal(start, moves)


@pytest.fixture(scope="module")
def match_doc() -> dict[str, Any]:
    bots = [make_bot("greedy", seed=seat) for seat in range(4)]
    return baazi_to_dict(play_baazi(new_baazi("standard", seed=3), bots))


def show(tmp_path: Path, content: str | bytes, name: str = "doc.json") -> tuple[int, str, str]:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = main(["show", str(path)], stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def refused(tmp_path: Path, content: str | bytes, name: str = "doc.json") -> str:
    """The one line ``seep show`` prints for a bad file (it exits 1)."""
    status, out, err = show(tmp_path, content, name)
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("seep show: ")
    assert "Traceback" not in err
    return err


# Class 3: non-finite numbers ---------------------------------------------------------


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e999"])
def test_records_format_non_finite_scores_are_refused(
    tmp_path: Path, record: Record, number: str
) -> None:
    text = json.dumps(record_to_dict(record), indent=1)
    text = text.replace('"cards": 12', f'"cards": {number}', 1)
    assert number in text
    err = refused(tmp_path, text)
    assert "finite" in err
    with pytest.raises(InputError) as raised:
        load_json(text)
    if number != "1e999":
        assert raised.value.line == text[: text.index(number)].count("\n") + 1


# Class 2: integers past Python's digit limit -----------------------------------------


def test_records_format_a_huge_dealer_tag_is_a_record_error(record: Record) -> None:
    text = format_record(record).replace('[Dealer "0"]', f'[Dealer "{"1" * 5000}"]', 1)
    with pytest.raises(RecordError) as raised:
        parse_record(text)
    assert raised.value.line == 5 and raised.value.tag == "Dealer"


def test_records_format_a_huge_move_number_is_a_record_error(record: Record) -> None:
    text = format_record(record).replace("\n1. s1", f"\n{'1' * 5000}. s1", 1)
    with pytest.raises(RecordError, match="digits"):
        parse_record(text)


def test_records_format_a_huge_score_is_a_record_error(record: Record) -> None:
    text = re.sub(r"cards \d+", "cards " + "9" * 5000, format_record(record), count=1)
    with pytest.raises(RecordError, match="digits") as raised:
        parse_record(text)
    assert raised.value.tag == "Score"


def test_records_format_unicode_digits_are_not_numbers(record: Record) -> None:
    text = format_record(record).replace("\n1. s1", "\n\u0661. s1", 1)  # ARABIC-INDIC ONE
    with pytest.raises(RecordError, match="bad line"):
        parse_record(text)


def test_matches_format_a_huge_seed_is_refused(match_doc: dict[str, Any]) -> None:
    doc = dict(match_doc, seed=10**5000)
    with pytest.raises(RecordError) as raised:
        baazi_from_dict(doc)
    assert raised.value.field == "seed"
    with pytest.raises(InputError):
        new_baazi("standard", seed=10**5000)
    assert baazi_from_dict(dict(match_doc, seed=10**99)).seed == 10**99


@pytest.mark.parametrize(
    ("place", "value"),
    [
        (("deals", 0, "dealer"), 10**5000),
        (("deals", 0, "number"), 10**5000),
        (("deals", 0, "seats", 0), 10**5000),
        (("deals", 0, "score", 0, "cards"), 10**5000),
        (("players",), 10**5000),
        (("deals", 0, "redeals"), -(10**5000)),
    ],
    ids=["dealer", "number", "seat", "score", "players", "redeals"],
)
def test_records_format_huge_integers_in_json_records_are_record_errors(
    record: Record, place: tuple[Any, ...], value: int
) -> None:
    doc = record_to_dict(record)
    inner: Any = doc
    for key in place[:-1]:
        inner = inner[key]
    inner[place[-1]] = value
    with pytest.raises(RecordError) as raised:
        record_from_dict(doc)
    assert len(str(raised.value)) < 300


def test_json_documents_a_huge_integer_in_a_file_is_one_line(tmp_path: Path) -> None:
    assert "digits" in refused(tmp_path, '{"format": "seep-baazi/1", "seed": ' + "1" * 5000 + "}")


# Class 4: deep nesting -------------------------------------------------------------


def test_json_documents_nested_100000_deep_are_one_line(tmp_path: Path) -> None:
    assert "nests too deep" in refused(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert "nests too deep" in refused(tmp_path, '{"a":' * 100_000 + "1" + "}" * 100_000)


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def test_appendix_b_a_nested_phase_or_variant_is_a_typed_error(record: Record) -> None:
    state = new_deal("standard", seed=1)
    with pytest.raises(SeepError, match="phase"):
        state_from_dict(dict(state_to_dict(state), phase=nested(3000)))
    view = view_to_dict(observe(state, 0))
    with pytest.raises(SeepError, match="phase"):
        view_from_dict(dict(view, phase=nested(3000)))
    with pytest.raises(SeepError, match="variant"):
        view_from_dict(dict(view, variant=nested(3000)))
    with pytest.raises(RecordError, match="unknown variant"):
        record_from_dict(dict(record_to_dict(record), variant=nested(3000)))
    with pytest.raises(SeepError) as raised:
        state_from_dict(dict(state_to_dict(state), variant="x" * 100_000))
    assert "x" * 100 not in str(raised.value)  # the name is quoted briefly


# Class 7: byte-order marks ----------------------------------------------------------


def test_json_documents_a_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    state = new_deal("standard", seed=1)
    status, out, err = show(tmp_path, "\ufeff" + json.dumps(state_to_dict(state)))
    assert (status, err) == (0, "") and "standard" in out


def test_records_format_a_byte_order_mark_is_dropped(tmp_path: Path, record: Record) -> None:
    text = "\ufeff" + format_record(record)
    assert parse_record(text) == record
    (tmp_path / "r.txt").write_text(text, encoding="utf-8")
    assert load_record(tmp_path / "r.txt") == record
    status, out, _ = show(tmp_path, text, "r.txt")
    assert status == 0 and out.startswith("Deal 1:")


def test_records_format_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    assert "UTF-8" in refused(tmp_path, b'[Format "seep-record/1"]\n\xff\xfe')
    (tmp_path / "bad.txt").write_bytes(b"\n\n\xff")
    with pytest.raises(InputError) as raised:
        load_record(tmp_path / "bad.txt")
    assert raised.value.line == 3


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ('{"a": }', "not JSON"),
        ("[1, 2]", "object"),
        ('{"format": 7}', "format"),
        ('{"format": "seep-state/1", "variant": "standard"}', "required"),
    ],
)
def test_json_documents_bad_json_files_say_what_is_wrong(
    tmp_path: Path, content: str, words: str
) -> None:
    assert words in refused(tmp_path, content)


# Class 8: bounds on records -------------------------------------------------------


def test_records_format_thousands_of_header_tags_are_refused(record: Record) -> None:
    tags = "".join(f'[T{index} "x"]\n' for index in range(16_000))
    with pytest.raises(RecordError, match="at most 100 header tags") as raised:
        parse_record(tags + format_record(record))
    assert raised.value.line == 101


def test_records_format_tags_up_to_the_bound_keep_their_lines(record: Record) -> None:
    tags = "".join(f'[T{index} "x"]\n' for index in range(99))
    text = tags + '[T0 "again"]\n' + format_record(record)
    with pytest.raises(RecordError, match="given twice") as raised:
        parse_record(text)
    assert raised.value.line == 100


def test_records_format_too_many_moves_in_a_deal_are_refused(record: Record) -> None:
    lines = "".join(f"{number}. s1 throw KS\n" for number in range(1, 300))
    first = format_record(record).split("\n0. ")[0]
    with pytest.raises(RecordError, match="at most 200 moves"):
        parse_record(first + "\n" + lines)


def test_records_format_a_line_too_long_is_refused(record: Record) -> None:
    text = format_record(record) + "{" + "x" * 20_000 + "}\n"
    with pytest.raises(RecordError, match="characters") as raised:
        parse_record(text)
    assert raised.value.line == text.count("\n")


def test_records_format_json_bounds_match_the_text(record: Record) -> None:
    doc = record_to_dict(record)
    doc["tags"] = {f"T{index}": "x" for index in range(101)}
    with pytest.raises(RecordError, match="at most 100 header tags"):
        record_from_dict(doc)
    doc = record_to_dict(record)
    doc["deals"] = [doc["deals"][0]] * 1001
    with pytest.raises(RecordError, match="at most 1000 deals"):
        record_from_dict(doc)


# Class 16: both record forms accept the same records ---------------------------------


def test_records_format_a_fractional_score_is_refused_in_both_forms(record: Record) -> None:
    doc = record_to_dict(record)
    doc["deals"][0]["score"][0]["cards"] += 0.5
    with pytest.raises(RecordError) as raised:
        record_from_dict(doc)
    assert raised.value.field == "deals[0].score"
    text = re.sub(r"cards (\d+)", r"cards \1.5", format_record(record), count=1)
    with pytest.raises(RecordError) as raised:
        parse_record(text)
    assert raised.value.tag == "Score"


_TAG_NAMES = st.one_of(
    st.sampled_from(["Seats", "Event", "Deck", "Dealer", "Result", "Kind", "x", "_a", "T1"]),
    st.text(alphabet='AZaz09_ -"', min_size=0, max_size=5),
)
_TAG_VALUES = st.text(alphabet=st.characters(codec="utf-8"), max_size=8)


@settings(max_examples=60)
@given(name=_TAG_NAMES, value=_TAG_VALUES, in_deal=st.booleans())
def test_records_format_tags_json_and_text_accept_the_same(
    record: Record, name: str, value: str, in_deal: bool
) -> None:
    doc = copy.deepcopy(record_to_dict(record))
    (doc["deals"][0] if in_deal else doc)["tags"] = {name: value}
    try:
        loaded = record_from_dict(doc)
    except RecordError:
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        tag = f'[{name} "{escaped}"]\n'
        text = format_record(record)
        if in_deal:
            text = text.replace('[Deck "', tag + '[Deck "', 1)
        else:
            text = text.replace("\n\n[Deal", "\n" + tag + "\n[Deal", 1)
        with pytest.raises(RecordError):
            parse_record(text)
    else:
        assert parse_record(format_record(loaded)) == loaded


# Class 19: each refusal names the real fault ---------------------------------------


def test_r10_2_a_move_after_the_match_is_over_names_the_rule(match_doc: dict[str, Any]) -> None:
    match = baazi_from_dict(match_doc)
    assert match.is_over
    with pytest.raises(IllegalMoveError) as raised:
        apply_baazi_move(match, parse_move("bid 9"))
    assert raised.value.rule in ("R10.2", "R10.3")
    assert "over" in raised.value.reason


def test_r9_1_a_match_whose_first_deal_stops_short_names_that_deal(
    match_doc: dict[str, Any],
) -> None:
    doc = copy.deepcopy(match_doc)
    doc["deals"][0]["moves"].pop()
    with pytest.raises(RecordError) as raised:
        baazi_from_dict(doc)
    assert raised.value.field == "deals[0]" and raised.value.deal == 1
    assert "stops after 47 of 48 plays" in raised.value.reason


# Hypothesis at the boundary -------------------------------------------------------

_JSONISH = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**40), max_value=10**40),
        st.floats(),
        st.text(max_size=4),
        st.sampled_from(["AS", "TD", "bid 9", "standard", "play", "seep-state/1"]),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(
            st.sampled_from(["kind", "card", "loose", "house", "value", "variant", "deals"]),
            children,
            max_size=4,
        ),
    ),
    max_leaves=12,
)


@settings(max_examples=150)
@given(_JSONISH)
def test_json_documents_any_object_loads_or_raises_seep_error(doc: object) -> None:
    state = new_deal("standard", seed=1)
    whole = state_to_dict(state)
    for load in (
        state_from_dict,
        move_from_dict,
        record_from_dict,
        baazi_from_dict,
        view_from_dict,
        lambda d: history_from_list(d, 4),
        lambda d: state_from_dict(dict(whole, hands=[d, *whole["hands"][1:]])),
        lambda d: view_from_dict(dict(view_to_dict(observe(state, 1)), hand=d)),
    ):
        with contextlib.suppress(SeepError):
            load(doc)


@settings(max_examples=150)
@given(st.text(alphabet='[]{}"\\ \n.#=sS0123456789ATKDCH-abc\ufeff\u212a', max_size=40))
def test_records_format_any_text_parses_or_raises_seep_error(text: str) -> None:
    with contextlib.suppress(SeepError):
        parse_record(text)


@settings(max_examples=150)
@given(st.text(alphabet='[]{}":,\\ \n.0123456789eE+-NaInfity\ufeff', max_size=30))
def test_json_documents_any_text_loads_or_is_refused_typed(text: str) -> None:
    with contextlib.suppress(InputError, json.JSONDecodeError):
        load_json(text)

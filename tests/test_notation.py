"""Move notation: the text notation of cards and moves."""

from __future__ import annotations

import pytest

from seep import (
    Bid,
    Build,
    Card,
    CardSet,
    NotationError,
    Raise,
    Take,
    Throw,
    format_move,
    legal_moves,
    parse_move,
)
from seep.cards import ALL_CARDS
from seep.testing import position

# --- cards ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("TD", "TD"),
        ("td", "TD"),
        ("10D", "TD"),
        ("10d", "TD"),
        ("10♦", "TD"),
        ("T♦", "TD"),
        ("a♠", "AS"),
        ("K♥", "KH"),
        ("q♣", "QC"),
        ("jS", "JS"),
        ("9c", "9C"),
        ("10♠", "TS"),
    ],
)
def test_appendix_a_card_input_forms(text: str, canonical: str) -> None:
    """Move notation: cards accept lower case, 10 for T and the suit symbols."""
    assert str(Card.parse(text)) == canonical


def test_appendix_a_canonical_card_output_is_two_upper_case_chars() -> None:
    """Move notation: canonical output is rank + suit, two upper-case characters."""
    for card in ALL_CARDS:
        text = str(card)
        assert len(text) == 2
        assert text[0] in "A23456789TJQK"
        assert text[1] in "SHDC"
        assert Card.parse(text) == card


@pytest.mark.parametrize("bad", ["", "1S", "11S", "TX", "ZS", "S9", "10", "♠", "AS AH", "0S"])
def test_appendix_a_bad_card_raises(bad: str) -> None:
    """Move notation: text that is not a card raises NotationError."""
    with pytest.raises(NotationError):
        Card.parse(bad)


def test_appendix_a_card_order_by_value_then_suit() -> None:
    """Move notation: canonical listings order by value, then suit S H D C."""
    assert str(CardSet.parse("KC AS 2D 2S AC TD TH 2H")) == "AS AC 2S 2H 2D TH TD KC"
    assert [str(c) for c in ALL_CARDS[:8]] == ["AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"]


# --- parsing moves ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("bid 11", Bid(value=11)),
        ("throw 7C", Throw(card="7C")),
        ("take JS 5C 6H TD #11", Take(card="JS", loose="5C 6H TD", house=11)),
        ("take 7S 3C 4D", Take(card="7S", loose="3C 4D")),
        ("take 9S #9", Take(card="9S", house=9)),
        ("build 5H 6C =11", Build(card="5H", loose="6C", value=11)),
        ("build JD =11", Build(card="JD", value=11)),
        ("raise 2C #9", Raise(card="2C", house=9)),
    ],
)
def test_appendix_a_parse_each_verb(text: str, move: object) -> None:
    """Move notation: the five verbs parse to the moves they name."""
    assert parse_move(text) == move


def test_appendix_a_raise_new_value() -> None:
    """Move notation: 'raise 2C #9' raises the house of 9 to 11."""
    move = parse_move("raise 2C #9")
    assert isinstance(move, Raise)
    assert move.new_value == 11


@pytest.mark.parametrize(
    "text",
    [
        "take js 5c 6h td #11",
        "TAKE JS 5C 6H TD #11",
        "Take Js 5c 6H tD #11",
        "take JS 5C 6H 10D #11",
        "take J♠ 5♣ 6♥ 10♦ #11",
        "take j♠ 5♣ 6♥ t♦ #11",
        "  take   JS\t5C  6H\nTD   #11  ",
        "take JS TD 6H 5C #11",
        "take JS 6H TD 5C #11",
        "take JS 10♦ 6H 5C #11",
    ],
)
def test_appendix_a_parse_is_lenient_and_format_canonical(text: str) -> None:
    """Move notation: any case, 10, suit symbols, any spacing and loose order; one canonical form."""
    move = parse_move(text)
    assert move == Take(card="JS", loose="5C 6H TD", house=11)
    assert format_move(move) == "take JS 5C 6H TD #11"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("BID 11", "bid 11"),
        ("Throw 10c", "throw TC"),
        ("throw 7♣", "throw 7C"),
        ("build 6c 5h =11", "build 6C 5H =11"),
        ("build 5h 6c =11", "build 5H 6C =11"),
        ("BUILD  j♦  =11", "build JD =11"),
        ("build 2C 9H 4S 5D 7S =9", "build 2C 4S 5D 7S 9H =9"),
        ("raise 2c #9", "raise 2C #9"),
        ("RAISE\t2♣ #9", "raise 2C #9"),
        ("take 9s #9", "take 9S #9"),
        ("take 9d 5c 4s 5s 4h #9", "take 9D 4S 4H 5S 5C #9"),
        ("take 7c 6s 5s 4s 3s 2s as", "take 7C AS 2S 3S 4S 5S 6S"),
    ],
)
def test_appendix_a_format_of_parse_is_canonical(text: str, canonical: str) -> None:
    """Move notation: format(parse(s)) is canonical: lower-case verb, canonical cards and order."""
    assert format_move(parse_move(text)) == canonical
    assert str(parse_move(text)) == canonical


@pytest.mark.parametrize(
    "canonical",
    [
        "bid 9",
        "bid 13",
        "throw 7C",
        "take JS 5C 6H TD #11",
        "take 9S #9",
        "build 5H 6C =11",
        "build JD =11",
        "build 3C 6C 9D =9",
        "raise 2C #9",
        "raise AH #12",
    ],
)
def test_appendix_a_round_trip_of_canonical_text(canonical: str) -> None:
    """Move notation: canonical text is a fixed point: format(parse(s)) == s."""
    assert format_move(parse_move(canonical)) == canonical
    assert parse_move(format_move(parse_move(canonical))) == parse_move(canonical)


def test_appendix_a_round_trip_of_every_legal_move() -> None:
    """Move notation: every legal move formats to text that parses back to the same move."""
    state = position(
        hand="2D 9S JC QH",
        loose="AS 2S 2H 3D 4C 5S 7D 8C",
        houses=[(10, "4H 6S", [1]), (11, "5H 6C 5D 6D", [0])],
    )
    listed = legal_moves(state)
    assert listed
    for move in listed:
        text = format_move(move)
        assert text == str(move)
        assert parse_move(text) == move
        assert parse_move(text.lower()) == move


def test_appendix_a_format_move_of_constructed_moves() -> None:
    """Move notation: moves built in any card order format with canonical card order."""
    assert format_move(Take(card="JS", loose="TD 6H 5C", house=11)) == "take JS 5C 6H TD #11"
    assert format_move(Build(card="5H", loose=["6C"], value=11)) == "build 5H 6C =11"
    assert format_move(Bid(value=11)) == "bid 11"
    assert format_move(Throw(card="10c")) == "throw TC"
    assert format_move(Raise(card="2C", house=9)) == "raise 2C #9"


# --- bad text ---------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "   ",
        "pass",
        "takes JS 5C",
        "bid",
        "bid 8",
        "bid 14",
        "bid eleven",
        "bid 11 12",
        "throw",
        "throw 7C 8C",
        "throw 7X",
        "take",
        "take 1S",
        "take JS 5C 5C #11",
        "take JS JS",
        "take JS 5C #8",
        "take JS 5C #14",
        "take JS 5C =11",
        "take JS #11 5C",
        "take JS #11 #11",
        "take JS 5C #",
        "take JS 5C 6H TD # 11",
        "build 5H 6C",
        "build 5H 6C #11",
        "build 5H 6C =8",
        "build 5H =11 6C",
        "raise 2C",
        "raise 2C 9",
        "raise 2C =9",
        "raise 2C #14",
        "raise 2C #9 3C",
        "raise #9 2C",
        "bid ¹¹",
        "take JS 5C 6H TD #¹¹",
        "raise 2C #⁹",
        "build 5H 6C =¹¹",
    ],
)
def test_appendix_a_bad_move_text_raises_notation_error(bad: str) -> None:
    """Move notation: text that is not a move in the notation raises NotationError."""
    with pytest.raises(NotationError):
        parse_move(bad)


def test_appendix_a_notation_error_is_a_value_error() -> None:
    """Move notation: NotationError is also a ValueError, so generic handlers catch it."""
    with pytest.raises(ValueError):
        parse_move("bid 99")

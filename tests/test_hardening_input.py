"""Values given in Python: a wrong type is a TypeError naming the parameter, a bad value a typed error.

Cards (R1.1), moves (R3.1, R5.1), move notation, decks and seeds (R2.2),
seats (R1.3), and the legality shortcut of :func:`seep.apply_move`. Bad
values are quoted by a bounded excerpt, so that no error message recurses
or grows with the value.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seep import (
    Bid,
    Build,
    Card,
    CardSet,
    Raise,
    Take,
    Throw,
    apply_move,
    check_move,
    is_legal,
    legal_moves,
    new_deal,
    parse_move,
)
from seep.actions import legal_actions, move_of
from seep.bots import make_bot
from seep.cards import ALL_CARDS
from seep.chance import initial_recipients, start_deal
from seep.choice import expand
from seep.errors import InputError, InvalidStateError, NotationError, SeepError
from seep.serialization import move_from_dict, state_from_dict, state_to_dict
from seep.testing import position
from seep.views import observe

KELVIN = "\u212a"  # the Kelvin sign: lower-cases to "k"
LONG_S = "\u017f"  # upper-cases to 'S'


def nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


# Class 1: the move list's shortcut -------------------------------------------


def test_r3_1_apply_move_none_after_legal_moves_is_a_type_error() -> None:
    """R3.1: a move is one of the five kinds; None is not, even once the moves are listed."""
    state = new_deal("standard", seed=1)
    legal_moves(state)
    with pytest.raises(TypeError, match="move: expected a Move"):
        apply_move(state, None)  # type: ignore[arg-type]


def test_r9_1_apply_move_none_on_a_finished_deal_is_a_type_error() -> None:
    """R9.1: a finished deal has no legal move; None is refused as a wrong type, not asserted on."""
    state = new_deal("standard", seed=1)
    while not state.is_over:
        state = apply_move(state, legal_moves(state)[0])
    assert len(legal_moves(state)) == 0
    with pytest.raises(TypeError, match="move"):
        apply_move(state, None)  # type: ignore[arg-type]


def test_r3_1_apply_move_still_takes_the_move_handed_out() -> None:
    state = new_deal("standard", seed=1)
    moves = legal_moves(state)
    assert apply_move(state, moves[0]).bid == moves[0].value  # type: ignore[union-attr]


@pytest.mark.parametrize("call", [legal_moves, lambda s: is_legal(s, Bid(value=9))])
def test_r3_1_rules_functions_name_a_state_of_the_wrong_type(call: object) -> None:
    with pytest.raises(TypeError, match="state: expected a State"):
        call(None)  # type: ignore[operator]


def test_r3_1_check_move_names_a_wrong_move_type() -> None:
    with pytest.raises(TypeError, match="move: expected a Move"):
        check_move(new_deal(seed=1), "bid 9")


# Class 2: integers past Python's digit limit in notation -------------------------


@pytest.mark.parametrize(
    "text", ["bid " + "9" * 5000, "raise 2C #" + "9" * 5000, "build 5H 6C =" + "1" * 5000]
)
def test_appendix_a_huge_numbers_in_notation_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse_move(text)
    assert len(str(raised.value)) < 300


# Class 4: messages quote a bounded excerpt ------------------------------------


def test_appendix_b_deeply_nested_card_value_is_quoted_briefly() -> None:
    doc = state_to_dict(new_deal("standard", seed=1))
    doc["hands"][0] = nested(2000)
    with pytest.raises(SeepError) as raised:
        state_from_dict(doc)
    assert "hands[0]" in str(raised.value) and len(str(raised.value)) < 200


@pytest.mark.parametrize(
    "doc",
    [
        {"kind": nested(2000)},
        {"kind": "throw", "card": nested(2000)},
        {"kind": "raise", "card": "2C", "house": nested(2000)},
        {"kind": "take", "card": "2C", "loose": nested(2000), "house": None},
        {"kind": "bid", "value": 10**5000},
    ],
)
def test_appendix_b_move_objects_quote_bad_values_briefly(doc: dict[str, object]) -> None:
    with pytest.raises(SeepError) as raised:
        move_from_dict(doc)
    assert len(str(raised.value)) < 200


def test_r1_1_card_set_of_a_huge_mask_is_quoted_briefly() -> None:
    with pytest.raises(InputError, match="mask") as raised:
        CardSet(10**5000)
    assert len(str(raised.value)) < 200


# Class 5: wrong Python types ----------------------------------------------------


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: CardSet.parse(5), "text"),
        (lambda: CardSet.of(None), "cards"),
        (lambda: CardSet(True), "cards"),
        (lambda: CardSet(1.0), "cards"),
        (lambda: Card.parse(None), "text"),
        (lambda: Card(None), "card"),
        (lambda: Card(2.0), "card"),
        (lambda: Card.of("10", "D"), "value"),
        (lambda: Take(card="5C", loose=None), "loose"),
        (lambda: Take(card=None, loose="5C"), "card"),
        (lambda: Throw(card=1.5), "card"),
        (lambda: Raise(card="2C", house="9"), "house"),
        (lambda: Bid(value=None), "value"),
        (lambda: new_deal(deck=5), "deck"),
        (lambda: new_deal(deck=[None] * 52), "deck[0]"),
        (lambda: new_deal(seed=[1]), "seed"),
        (lambda: new_deal(seed=1.5), "seed"),
        (lambda: new_deal(dealer="0"), "dealer"),
        (lambda: parse_move(None), "text"),
        (lambda: observe(None, 0), "state"),
        (lambda: observe(new_deal(seed=1), "0"), "seat"),
        (lambda: state_to_dict(None), "state"),
        (lambda: initial_recipients("standard", None), "dealer"),
        (lambda: start_deal("standard", dealer=None), "dealer"),
        (lambda: start_deal("standard", order=[None] * 52), "order[0]"),
        (lambda: legal_actions(new_deal(seed=1), None), "prefix"),
        (lambda: legal_actions(new_deal(seed=1), [True]), "action"),
        (lambda: move_of(new_deal(seed=1), None), "ids"),
        (lambda: expand(None), "choice"),
        (lambda: make_bot(5), "kind"),
    ],
)
def test_r1_1_wrong_types_are_type_errors_naming_the_parameter(
    call: object, parameter: str
) -> None:
    with pytest.raises(TypeError) as raised:
        call()  # type: ignore[operator]
    assert str(raised.value).startswith(parameter + ":"), raised.value


# Class 10: only ASCII letters and the suit symbols -------------------------------


@pytest.mark.parametrize("text", ["a" + LONG_S, "k" + LONG_S, KELVIN + "S", "ＡＳ", "A\u0455"])
def test_r1_1_card_parse_refuses_non_ascii_letters(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)
    with pytest.raises(NotationError):
        CardSet.parse(f"2C {text}")


def test_appendix_a_verbs_are_ascii_words() -> None:
    with pytest.raises(NotationError, match="verb"):
        parse_move(f"ta{KELVIN}e AD")
    assert parse_move("taKe AD") == Take(card="AD")


def test_appendix_a_lower_case_and_suit_symbols_still_read() -> None:
    assert Card.parse("a♠") == Card.parse("as") == Card.parse("AS")
    assert Card.parse("10♦") == Card.parse("td") == Card.parse("10d")


@given(st.text(max_size=4))
def test_r1_1_every_card_text_spells_the_card_it_prints(text: str) -> None:
    """A text reads as a card only if it is one of the documented spellings."""
    try:
        card = Card.parse(text)
    except NotationError:
        return
    spelled = text.strip().upper().replace("10", "T")
    for symbol, letter in zip("♠♥♦♣", "SHDC", strict=True):
        spelled = spelled.replace(symbol, letter)
    assert spelled == str(card)


# Class 11: cards are 0..51, never wrapped around ----------------------------


@pytest.mark.parametrize("index", [-1, -52, 52, 10**30])
def test_r1_1_card_indices_outside_0_to_51_are_refused(index: int) -> None:
    with pytest.raises(InputError) as raised:
        Card(index)
    assert raised.value.rule == "R1.1"
    with pytest.raises(InputError):
        Throw(card=index)
    with pytest.raises(InputError):
        CardSet.of([index])


def test_r1_1_a_bool_is_not_a_card() -> None:
    with pytest.raises(TypeError):
        Card(True)
    with pytest.raises(TypeError):
        Throw(card=True)
    with pytest.raises(TypeError):
        CardSet.of([False])
    assert True not in CardSet.parse("AS AH")


def test_r2_2_a_deck_of_negative_indices_is_refused() -> None:
    deck = [-1 - index for index in range(52)]
    with pytest.raises(InvalidStateError) as raised:
        new_deal(deck=deck)  # type: ignore[arg-type]
    assert str(raised.value) == "deck[0]: R1.1: a card index is 0..51, not -1"


def test_r2_2_a_deck_of_indices_still_deals() -> None:
    deck = list(reversed(range(52)))
    assert new_deal(deck=deck).hands[1] == CardSet.parse("KS KH KD KC")  # type: ignore[arg-type]


def test_r1_3_a_dealer_outside_the_seats_is_refused() -> None:
    with pytest.raises(InputError, match="dealer"):
        initial_recipients("standard", -1)


def test_r5_1_house_values_out_of_range_name_rule_and_field() -> None:
    with pytest.raises(InputError) as raised:
        Build(card="4H", loose="4C", value=8)
    assert (raised.value.rule, raised.value.field) == ("R5.1", "value")


# Class 9: a crowded floor is never enumerated by loading, rendering or views -----


def test_r3_4_a_crowded_floor_loads_renders_and_is_observed_without_listing_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from seep import rules
    from seep.render import state_text, view_text
    from seep.views import view_from_dict, view_to_dict

    hand = CardSet.parse("KD 2C 7D")
    loose = CardSet.of([card for card in ALL_CARDS if card.value <= 8 and card not in hand][:28])
    state = position("standard", hand=hand, loose=loose)

    def refuse(*args: object) -> None:
        raise AssertionError("the legal moves were listed")

    monkeypatch.setattr(rules.MoveList, "__init__", refuse)
    loaded = state_from_dict(state_to_dict(state))
    assert len(loaded.loose) == 28 and len(loaded.hand) == 3
    assert "seat 0" in state_text(loaded)
    view = observe(loaded, 0)
    assert view_from_dict(view_to_dict(view)) == view
    view_text(view)


# Hypothesis at the boundary -------------------------------------------------------


@settings(max_examples=200)
@given(st.text(max_size=30))
def test_appendix_a_any_text_parses_or_raises_notation_error(text: str) -> None:
    for parse in (parse_move, Card.parse, CardSet.parse):
        with contextlib.suppress(NotationError):
            parse(text)


_ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**60), max_value=10**60),
    st.floats(),
    st.text(max_size=4),
    st.lists(st.integers(-60, 60), max_size=3),
)


@given(_ANY, _ANY)
def test_r1_1_move_constructors_raise_only_type_or_seep_errors(card: object, other: object) -> None:
    for build in (
        lambda: Throw(card=card),
        lambda: Take(card=card, loose=other),
        lambda: Build(card="2C", loose=card, value=other),
        lambda: Raise(card=card, house=other),
        lambda: Bid(value=card),
        lambda: CardSet.of(card),
    ):
        with contextlib.suppress(TypeError, SeepError):
            build()

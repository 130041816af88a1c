"""Values type back: ``eval(repr(x)) == x``, the constructor forms the reprs print, their errors.

Also the two text forms of a state: ``print(state)`` (the board ``seep show``
prints) and ``format(state, "compact")`` (one line for logs).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import seep
import seep.history
import seep.variants
from seep import (
    Bid,
    Build,
    Card,
    CardSet,
    House,
    NotationError,
    Phase,
    Raise,
    Take,
    Throw,
    apply_move,
    deal_score,
    legal_moves,
    new_deal,
    parse_move,
    state_from_dict,
    state_to_dict,
)
from seep.errors import InputError, VariantError
from seep.render import state_text
from seep.testing import reachable_states
from seep.variants import CardPoints

#: What a user has after ``from seep import *`` and the same of seep.history and seep.variants.
NAMESPACE: dict[str, Any] = {
    name: getattr(module, name)
    for module in (seep, seep.history, seep.variants)
    for name in module.__all__
}

BUILT_IN = ("standard", "standard-2p", "taash", "taash-2p")


def typed_back(value: object) -> object:
    return eval(repr(value), dict(NAMESPACE))


def values_of(state: seep.State) -> list[object]:
    """Every public value a state holds or leads to: cards, sets, houses, moves, history."""
    found: list[object] = [state.phase, state.loose, *state.hands, *state.piles, *state.stock]
    found += [*state.houses, *state.seeps, *list(state.history), state.history]
    found += [legal_moves(state), *legal_moves(state), deal_score(state), state.variant]
    return found


@pytest.mark.parametrize("variant", BUILT_IN)
@given(data=st.data())
def test_every_value_of_random_play_types_back(variant: str, data: st.DataObject) -> None:
    state = data.draw(reachable_states(variant))
    for value in values_of(state):
        again = typed_back(value)
        assert again == value, repr(value)
        assert type(again) is type(value)


#: The variants the library registers (other tests register more in the same session).
REGISTERED = (*BUILT_IN, "taash-full", "taash-short", "taash-2p-full", "taash-2p-short")


@pytest.mark.parametrize("name", REGISTERED)
def test_every_registered_built_in_variant_types_back(name: str) -> None:
    variant = seep.get_variant(name)
    assert typed_back(variant) == variant


# --- cards ----------------------------------------------------------------------


def test_r1_1_card_reads_notation_and_indices_alike() -> None:
    assert Card("JS") is Card.parse("JS") is Card(40) is Card("j♠") is Card("  js ")
    assert Card("10d") is Card("TD") is Card(Card("TD"))


@pytest.mark.parametrize("text", ["1S", "JX", "", "J S", "10", "ſ S"])
def test_r1_1_card_of_bad_text_is_a_card_notation_error_naming_the_forms(text: str) -> None:
    with pytest.raises(NotationError) as raised:
        Card(text)
    message = str(raised.value)
    assert message.startswith("card notation: ")
    assert "move" not in message
    assert "'TD'" in message and "10♦" in message


def test_r1_1_card_parse_error_speaks_of_cards_not_moves() -> None:
    with pytest.raises(NotationError, match=r"^card notation: '1S' is not a card: a rank"):
        Card.parse("1S")


@pytest.mark.parametrize("bad", [1.5, None, [0], b"JS", True])
def test_r1_1_card_of_a_wrong_type_names_both_forms(bad: object) -> None:
    with pytest.raises(TypeError, match=r"^card: expected card notation such as Card\('JS'\)"):
        Card(bad)  # type: ignore[arg-type]


def test_r1_1_card_index_out_of_range_is_an_input_error() -> None:
    with pytest.raises(InputError) as raised:
        Card(52)
    assert raised.value.field == "card" and raised.value.rule == "R1.1"


# --- card sets ------------------------------------------------------------------


def test_card_set_reads_notation_masks_and_nothing() -> None:
    assert CardSet("AS KH TD") == CardSet.parse("td as kh") == CardSet.of(["AS", "KH", "TD"])
    assert CardSet() == CardSet("") == CardSet(0) == CardSet("  ")
    assert CardSet(0b11) == CardSet("AS AH")


def test_card_set_repr_of_the_empty_set_is_the_bare_constructor() -> None:
    assert repr(CardSet()) == "CardSet()"
    assert repr(CardSet("KH AS")) == "CardSet('AS KH')"


def test_card_set_of_bad_text_is_a_card_notation_error() -> None:
    with pytest.raises(NotationError, match=r"^card notation: 'ZZ' is not a card"):
        CardSet("AS ZZ")
    with pytest.raises(NotationError, match=r"^card notation: card AS is listed twice$"):
        CardSet("AS KH as")


@pytest.mark.parametrize("bad", [1.5, ["AS"], {"AS"}, None, True])
def test_card_set_of_a_wrong_type_points_at_card_set_of(bad: object) -> None:
    with pytest.raises(TypeError) as raised:
        CardSet(bad)  # type: ignore[arg-type]
    assert str(raised.value).startswith("cards: expected card notation such as CardSet('AS KH')")
    assert "CardSet.of" in str(raised.value)


def test_card_set_of_one_card_is_refused_rather_than_read_as_a_mask() -> None:
    with pytest.raises(TypeError, match=r"a Card is not a mask; write CardSet\('KS'\)"):
        CardSet(Card("KS"))


def test_card_set_mask_out_of_range_is_an_input_error() -> None:
    with pytest.raises(InputError) as raised:
        CardSet(1 << 52)
    assert raised.value.field == "cards"


# --- houses ---------------------------------------------------------------------


def test_r5_house_as_its_repr_prints_it() -> None:
    house = House(value=12, cards=CardSet("AH 5S 6D"), owners=(1,))
    assert repr(house) == "House(value=12, cards=CardSet('AH 5S 6D'), owners=(1,))"
    assert typed_back(house) == house and not house.locked


# --- moves ----------------------------------------------------------------------


def test_r3_1_moves_take_the_played_card_by_position_or_keyword() -> None:
    assert Throw("7C") == Throw(card="7C") == Throw(Card("7C")) == Throw(card=Card(27))
    assert Take("JS", loose="5C 6H", house=11) == Take(card="JS", loose="5C 6H", house=11)
    assert Build("5H", loose="6C", value=11) == Build(card="5H", loose="6C", value=11)
    assert Raise("2C", house=9) == Raise(card="2C", house=9)
    assert Bid(11) == Bid(value=11)


@pytest.mark.parametrize(
    "text",
    ["bid 12", "throw 7C", "take JS 5C 6H #11", "take 9D #9", "build 5H 6C =11", "raise 2C #9"],
)
def test_r3_1_every_kind_of_move_types_back(text: str) -> None:
    move = parse_move(text)
    assert typed_back(move) == move


def test_r3_1_fields_after_the_card_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        Take("JS", "5C 6H")  # type: ignore[misc]
    with pytest.raises(TypeError):
        Raise("2C", 9)  # type: ignore[misc]


def test_r3_1_a_move_of_a_bad_card_says_what_a_card_is() -> None:
    with pytest.raises(NotationError, match=r"^card notation: '1S' is not a card"):
        Throw("1S")
    with pytest.raises(TypeError, match=r"^card: expected card notation such as Card\('JS'\)"):
        Throw(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^loose: expected a CardSet, card notation"):
        Take("JS", loose=1.5)  # type: ignore[arg-type]


def test_move_notation_names_the_bad_card_and_the_move() -> None:
    with pytest.raises(NotationError, match=r"^move notation: '1S' in 'throw 1S' is not a card"):
        parse_move("throw 1S")
    with pytest.raises(NotationError, match=r"^move notation: 'ZZ' in 'take JS ZZ' is not a card"):
        parse_move("take JS ZZ")
    with pytest.raises(NotationError, match=r"^move notation: card 5C is listed twice in"):
        parse_move("take TS 5C 5c")


# --- enums and variants --------------------------------------------------------


def test_phases_print_as_typed() -> None:
    assert repr(Phase.PLAY) == "Phase.PLAY" and typed_back(Phase.OVER) is Phase.OVER


def test_r1_2_card_points_read_the_text_their_repr_prints() -> None:
    points = CardPoints("TD=6 AS=1", most_cards=2)
    assert repr(points) == "CardPoints('AS=1 TD=6', most_cards=2)"
    assert points.points[Card("TD")] == 6 and sum(points.points) == 7
    assert typed_back(CardPoints()) == CardPoints()


@pytest.mark.parametrize("text", ["AS", "AS=x", "AS=1 AS=0", "AS=--1"])
def test_r1_2_card_points_text_errors_are_variant_errors(text: str) -> None:
    with pytest.raises(VariantError) as raised:
        CardPoints(text)
    assert raised.value.field == "CardPoints.points"


# --- states: not evaluable; the document types back, print shows the board -----


def test_state_repr_is_a_summary_and_its_document_types_back() -> None:
    state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    assert repr(state).startswith("<State standard play 0/48")
    assert state_from_dict(state_to_dict(state)) == state


@pytest.mark.parametrize("variant", BUILT_IN)
@given(data=st.data())
def test_print_state_is_the_board_seep_show_prints(variant: str, data: st.DataObject) -> None:
    state = data.draw(reachable_states(variant))
    assert str(state) == format(state) == state_text(state)
    plain = state_text(state, symbols=False)
    assert plain.isascii() and plain.splitlines()[0] == str(state).splitlines()[0]


@pytest.mark.parametrize("variant", BUILT_IN)
@given(data=st.data())
def test_compact_state_is_one_line_holding_every_card_in_view(
    variant: str, data: st.DataObject
) -> None:
    state = data.draw(reachable_states(variant))
    line = format(state, "compact")
    assert "\n" not in line
    assert f"{state:compact}" == line
    shown = state.floor_cards if state.face_up else CardSet()
    for hand in state.hands:
        shown |= hand
    for card in shown:
        assert str(card) in re.findall(r"\b[A2-9TJQK][SHDC]\b", line), card
    totals = [
        f"{score.cards} card pts + {score.seeps} seep pts" for score in deal_score(state).teams
    ]
    assert all(total in line for total in totals)


def test_compact_state_reads_in_order() -> None:
    state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    assert format(state, "compact") == (
        "standard play 0/48; dealer 0, bid 12, seat 1 to play; floor AH 5S 9S JD; "
        "hands - / 6D TH JS QC / - / -; stock 44; "
        "team 0: 0 card pts + 0 seep pts, team 1: 0 card pts + 0 seep pts"
    )


def test_a_state_refuses_an_unknown_format() -> None:
    with pytest.raises(InputError, match="'' \\(the board\\) or 'compact'"):
        format(new_deal(seed=1), "short")

"""Hand-written tests of the JSON interchange format (the JSON documents).

The documents below are written out literally, not produced by the engine,
so they pin the field names and meanings of the JSON documents. Every validation
that the JSON documents section lists gets a bad document that must raise
:class:`~seep.errors.InvalidStateError` whose ``.field`` names the field.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from seep import (
    Bid,
    Build,
    Card,
    CardSet,
    InvalidStateError,
    Move,
    Phase,
    Raise,
    State,
    Take,
    Throw,
    move_from_dict,
    move_to_dict,
    state_from_dict,
    state_to_dict,
)

Doc = dict[str, Any]

# A four-player deal near its end: dealer 0, 44 plays made, so every seat holds
# one card (12 dealt, 11 played) and seat (0 + 1 + 44) % 4 = 1 is to move.
# Seat 0 owns an open house of 9 (and holds the 9S); seat 3 owns a locked
# house of 13 (6 + 7 + 13 = 26 = 2 x 13, and holds the KC).
# fmt: off
PLAY_DOC: Doc = {
    "variant": "standard",
    "players": 4,
    "dealer": 0,
    "phase": "play",
    "to_move": 1,
    "bid": 11,
    "hands": [["9S"], ["9H"], ["5D"], ["KC"]],
    "stock": [],
    "floor": {
        "face_up": True,
        "loose": ["2C", "3D"],
        "houses": [
            {"value": 9, "cards": ["4S", "5H"], "owners": [0], "locked": False},
            {"value": 13, "cards": ["6S", "7H", "KH"], "owners": [3], "locked": True},
        ],
    },
    "piles": [
        ["AS", "AH", "AD", "AC", "2S", "2H", "2D", "3S", "3H", "3C",
         "4H", "4D", "4C", "5S", "5C", "6H", "6D", "6C", "7S", "7D"],
        ["7C", "8S", "8H", "8D", "8C", "9D", "9C", "TS", "TH", "TD", "TC",
         "JS", "JH", "JD", "JC", "QS", "QH", "QD", "QC", "KS", "KD"],
    ],
    "seeps": [{"seat": 2, "play": 22, "points": 50}],
    "last_capture": 0,
    "plays": 44,
}

# The same game's structure before the bid: dealer 0, the bidder (seat 1)
# holds four cards, four cards lie face down, the other 44 are the stock.
BID_DOC: Doc = {
    "variant": "standard",
    "players": 4,
    "dealer": 0,
    "phase": "bid",
    "to_move": 1,
    "bid": None,
    "hands": [[], ["2H", "7D", "9C", "KS"], [], []],
    "stock": [
        "AH", "AD", "AC", "2S", "2D", "2C", "3S", "3H", "3D", "3C", "4S",
        "4H", "4D", "5S", "5H", "5D", "5C", "6S", "6H", "6D", "6C", "7S",
        "7H", "7C", "8S", "8H", "8C", "9S", "9H", "9D", "TS", "TH", "TD",
        "TC", "JS", "JD", "JC", "QS", "QH", "QD", "QC", "KH", "KD", "KC",
    ],
    "floor": {"face_up": False, "loose": ["AS", "4C", "8D", "JH"], "houses": []},
    "piles": [[], []],
    "seeps": [],
    "last_capture": None,
    "plays": 0,
}
# fmt: on

REQUIRED = (
    "variant",
    "players",
    "dealer",
    "phase",
    "to_move",
    "bid",
    "hands",
    "stock",
    "floor",
    "piles",
    "seeps",
    "last_capture",
    "plays",
)


def play_doc() -> Doc:
    return copy.deepcopy(PLAY_DOC)


def bid_doc() -> Doc:
    return copy.deepcopy(BID_DOC)


def card_lists(doc: Doc) -> list[list[str]]:
    """Every card list of a document (hands, stock, loose, house cards, piles)."""
    floor = doc["floor"]
    return [
        *doc["hands"],
        doc["stock"],
        floor["loose"],
        *(house["cards"] for house in floor["houses"]),
        *doc["piles"],
    ]


def relocate(doc: Doc, card: str, target: list[str]) -> None:
    """Move ``card`` from wherever it is in ``doc`` to the end of ``target``."""
    for cards in card_lists(doc):
        if card in cards:
            cards.remove(card)
            target.append(card)
            return
    raise AssertionError(f"{card} is not in the document")


def rejects(doc: object, field: str) -> InvalidStateError:
    """Loading ``doc`` raises InvalidStateError naming ``field``; returns the error."""
    with pytest.raises(InvalidStateError) as info:
        state_from_dict(doc)  # type: ignore[arg-type]
    assert info.value.field == field, str(info.value)
    assert str(info.value).startswith(f"{field}: ")
    return info.value


# --- documents that load ---------------------------------------------------------


def test_document_with_exactly_the_appendix_b_fields_loads() -> None:
    state = state_from_dict(play_doc())
    assert isinstance(state, State)
    assert state.variant.name == "standard" and state.players == 4
    assert (state.dealer, state.phase, state.to_move, state.bid) == (0, Phase.PLAY, 1, 11)
    assert state.hands == tuple(CardSet.parse(h) for h in ("9S", "9H", "5D", "KC"))
    assert state.stock == () and state.face_up
    assert state.loose == CardSet.parse("2C 3D")
    nine, king = state.houses
    assert (nine.value, nine.cards, nine.owners, nine.locked) == (
        9,
        CardSet.parse("4S 5H"),
        (0,),
        False,
    )
    assert (king.value, king.cards, king.owners, king.locked) == (
        13,
        CardSet.parse("6S 7H KH"),
        (3,),
        True,
    )
    assert len(state.piles[0]) == 20 and len(state.piles[1]) == 21
    assert [(s.seat, s.play, s.points) for s in state.seeps] == [(2, 22, 50)]
    assert (state.last_capture, state.plays, state.redeals) == (0, 44, 0)


def test_bid_phase_document_loads() -> None:
    state = state_from_dict(bid_doc())
    assert state.phase is Phase.BID and state.bidder == 1 and not state.face_up
    assert state.hand == CardSet.parse("2H 7D 9C KS")
    assert state.stock[0] == Card.parse("AH") and len(state.stock) == 44


def test_loaded_document_writes_back_the_same_fields() -> None:
    doc = play_doc()
    written = state_to_dict(state_from_dict(doc))
    assert {k: v for k, v in written.items() if k not in ("format", "redeals")} == doc
    assert written["format"] == "seep-state/1" and written["redeals"] == 0


def test_format_and_redeals_are_optional_and_read_when_present() -> None:
    doc = play_doc()
    plain = state_from_dict(doc)
    doc["format"] = "seep-state/1"
    doc["redeals"] = 3
    full = state_from_dict(doc)
    assert full.redeals == 3 and plain.redeals == 0
    assert full != plain  # redeals is part of the state


def test_json_text_loads() -> None:
    text = json.dumps(PLAY_DOC)
    assert state_from_dict(json.loads(text)) == state_from_dict(play_doc())


def test_extra_fields_are_ignored() -> None:
    doc = play_doc()
    doc["comment"] = "written by another program"
    doc["floor"]["houses"][0]["note"] = "kachcha"
    assert state_from_dict(doc) == state_from_dict(play_doc())


def test_locked_may_be_left_out_since_it_is_derived() -> None:
    doc = play_doc()
    for house in doc["floor"]["houses"]:
        del house["locked"]
    assert state_from_dict(doc) == state_from_dict(play_doc())


def test_houses_and_cards_may_be_listed_in_any_order() -> None:
    doc = play_doc()
    doc["floor"]["houses"].reverse()
    doc["piles"][0].reverse()
    doc["floor"]["loose"] = ["3d", "2c"]  # lower case is move notation too
    assert state_from_dict(doc) == state_from_dict(play_doc())


def test_loading_does_not_change_the_document() -> None:
    doc = play_doc()
    state_from_dict(doc)
    assert doc == PLAY_DOC


# --- each validation of a JSON document ------------------------------------------------------


def test_duplicate_card_is_refused_R1_1() -> None:
    doc = play_doc()
    doc["piles"][1][0] = "9S"  # seat 0 holds the 9S; 7C is now missing too
    error = rejects(doc, "piles[1][0]")
    assert "9S" in error.reason and "hands[0][0]" in error.reason


def test_duplicate_card_within_one_list_is_refused() -> None:
    doc = play_doc()
    doc["floor"]["loose"] = ["2C", "2C"]
    rejects(doc, "floor.loose[1]")


def test_missing_card_is_refused_R1_1() -> None:
    doc = play_doc()
    doc["piles"][1].remove("KD")
    error = rejects(doc, "cards")
    assert "KD" in error.reason


@pytest.mark.parametrize("bad", ["1S", "ZZ", "", "10", "KSS", 5, None, ["KC"]])
def test_bad_card_is_refused(bad: object) -> None:
    doc = play_doc()
    doc["hands"][3] = [bad]
    rejects(doc, "hands[3][0]")


def test_bad_card_in_stock_and_house_is_refused() -> None:
    doc = bid_doc()
    doc["stock"][5] = "XX"
    rejects(doc, "stock[5]")
    doc = play_doc()
    doc["floor"]["houses"][1]["cards"][2] = "K"
    rejects(doc, "floor.houses[1].cards[2]")


@pytest.mark.parametrize("value", [8, 14, 0, -9])
def test_house_value_out_of_range_is_refused_R5_1(value: int) -> None:
    doc = play_doc()
    doc["floor"]["houses"][0]["value"] = value
    rejects(doc, "floor.houses[0].value")


def test_house_with_one_card_is_refused_R5_2() -> None:
    doc = play_doc()
    house = doc["floor"]["houses"][0]
    relocate(doc, "4S", doc["piles"][0])
    relocate(doc, "5H", doc["piles"][0])
    relocate(doc, "9D", house["cards"])  # a lone 9 sums to 9, but is not a house
    rejects(doc, "floor.houses[0].cards")


def test_house_without_cards_is_refused_R5_1() -> None:
    doc = play_doc()
    house = doc["floor"]["houses"][0]
    for card in list(house["cards"]):
        relocate(doc, card, doc["piles"][0])
    rejects(doc, "floor.houses[0].cards")


def test_house_sum_not_a_multiple_is_refused_R5_5() -> None:
    doc = play_doc()
    house = doc["floor"]["houses"][0]
    relocate(doc, "5H", doc["piles"][0])
    relocate(doc, "6H", house["cards"])  # 4 + 6 = 10, not a multiple of 9
    rejects(doc, "floor.houses[0].cards")
    doc = play_doc()
    relocate(doc, "AS", doc["floor"]["houses"][1]["cards"])  # 27, not a multiple of 13
    rejects(doc, "floor.houses[1].cards")


@pytest.mark.parametrize("owner", [4, -1, 7])
def test_owner_that_is_not_a_seat_is_refused_R5_1(owner: int) -> None:
    doc = play_doc()
    doc["floor"]["houses"][0]["owners"] = [owner]
    rejects(doc, "floor.houses[0].owners[0]")


def test_house_without_owners_or_with_a_repeated_owner_is_refused_R5_1() -> None:
    doc = play_doc()
    doc["floor"]["houses"][0]["owners"] = []
    rejects(doc, "floor.houses[0].owners")
    doc["floor"]["houses"][0]["owners"] = [0, 0]
    rejects(doc, "floor.houses[0].owners")


def test_owner_holding_no_card_of_the_value_is_refused_R3_2() -> None:
    doc = play_doc()
    doc["floor"]["houses"][0]["owners"] = [2]  # seat 2 holds only the 5D
    error = rejects(doc, "floor.houses[0].owners")
    assert "R3.2" in error.reason
    doc = play_doc()
    doc["floor"]["houses"][1]["owners"] = [1, 3]  # seat 1 holds the 9H, no king
    rejects(doc, "floor.houses[1].owners")


def test_two_houses_of_one_value_are_refused_R5_1() -> None:
    doc = play_doc()
    second: Doc = {"value": 9, "cards": [], "owners": [1], "locked": False}
    doc["floor"]["houses"].append(second)
    relocate(doc, "2C", second["cards"])
    relocate(doc, "7C", second["cards"])
    error = rejects(doc, "floor.houses[2].value")
    assert "R5.1" in error.reason


@pytest.mark.parametrize(("index", "locked"), [(0, True), (1, False), (0, 0), (1, "yes")])
def test_wrong_locked_is_refused_R5_5(index: int, locked: object) -> None:
    doc = play_doc()
    doc["floor"]["houses"][index]["locked"] = locked
    rejects(doc, f"floor.houses[{index}].locked")


@pytest.mark.parametrize("to_move", [0, 2, 3, None])
def test_to_move_that_does_not_fit_the_plays_is_refused_R2_8(to_move: int | None) -> None:
    doc = play_doc()
    doc["to_move"] = to_move
    rejects(doc, "to_move")


def test_to_move_in_bid_phase_must_be_the_bidder_R2_1() -> None:
    doc = bid_doc()
    doc["to_move"] = 0
    rejects(doc, "to_move")


def test_to_move_when_over_must_be_null_R9_2() -> None:
    doc = play_doc()
    doc["phase"] = "over"
    doc["plays"] = 48
    doc["hands"] = [[], [], [], []]
    doc["floor"] = {"face_up": True, "loose": [], "houses": []}
    doc["piles"][0] += ["9S", "9H", "5D", "KC", "2C", "3D", "4S", "5H", "6S", "7H", "KH"]
    doc["to_move"] = None
    over = state_from_dict(copy.deepcopy(doc))  # a valid finished deal
    assert over.is_over and over.to_move is None
    doc["to_move"] = 1
    rejects(doc, "to_move")


def test_wrong_hand_size_is_refused_R2_7() -> None:
    doc = play_doc()
    relocate(doc, "9H", doc["piles"][1])  # seat 1 has played one card too many
    rejects(doc, "hands[1]")
    doc = play_doc()
    relocate(doc, "KD", doc["hands"][2])  # seat 2 holds two cards
    rejects(doc, "hands[2]")


def test_wrong_hand_size_in_bid_phase_is_refused_R2_2() -> None:
    doc = bid_doc()
    relocate(doc, "AH", doc["hands"][0])  # nobody but the bidder has cards yet
    rejects(doc, "hands[0]")


def test_wrong_stock_size_is_refused() -> None:
    doc = play_doc()
    relocate(doc, "KD", doc["stock"])  # after play 44 nothing is left to deal
    rejects(doc, "stock")
    doc = bid_doc()
    relocate(doc, "KC", doc["floor"]["loose"])
    relocate(doc, "JH", doc["stock"])
    doc["floor"]["loose"].sort()
    state_from_dict(copy.deepcopy(doc))  # a swap keeps the sizes: still fine
    relocate(doc, "QD", doc["floor"]["loose"])  # 43 in the stock, 5 on the floor
    rejects(doc, "floor.loose")


def test_face_up_floor_in_bid_phase_is_refused_R2_2() -> None:
    doc = bid_doc()
    doc["floor"]["face_up"] = True
    rejects(doc, "floor.face_up")


def test_face_down_floor_in_play_phase_is_refused_R2_5() -> None:
    doc = play_doc()
    doc["floor"]["face_up"] = False
    rejects(doc, "floor.face_up")


def test_bid_missing_in_play_phase_is_refused_R2_4() -> None:
    doc = play_doc()
    doc["bid"] = None
    rejects(doc, "bid")


def test_bid_made_in_bid_phase_is_refused_R2_4() -> None:
    doc = bid_doc()
    doc["bid"] = 13
    rejects(doc, "bid")


def test_captures_before_the_first_play_are_refused() -> None:
    for phase in ("bid", "play"):
        doc = bid_doc()
        doc["phase"] = phase
        if phase == "play":
            doc["bid"] = 13
            doc["floor"]["face_up"] = True
        state_from_dict(copy.deepcopy(doc))  # the document itself is fine
        relocate(doc, "AH", doc["piles"][1])
        rejects(doc, "piles")


def test_houses_before_the_first_play_are_refused() -> None:
    doc = bid_doc()
    doc["phase"] = "play"
    doc["bid"] = 13
    doc["floor"]["face_up"] = True
    house: Doc = {"value": 9, "cards": [], "owners": [1]}
    doc["floor"]["houses"].append(house)
    relocate(doc, "AH", house["cards"])
    relocate(doc, "8C", house["cards"])
    rejects(doc, "floor.houses")


def test_seeps_and_last_capture_before_the_first_play_are_refused() -> None:
    doc = bid_doc()
    doc["last_capture"] = 1
    rejects(doc, "last_capture")
    doc = bid_doc()
    doc["seeps"] = [{"seat": 1, "play": 1, "points": 25}]
    rejects(doc, "seeps[0].play")


def test_last_capture_null_with_captured_cards_is_refused_R4_4() -> None:
    doc = play_doc()
    doc["last_capture"] = None
    rejects(doc, "last_capture")


def test_last_capture_by_a_team_with_an_empty_pile_is_refused_R4_4() -> None:
    doc = play_doc()
    for card in list(doc["piles"][1]):
        relocate(doc, card, doc["piles"][0])
    state_from_dict(copy.deepcopy(doc))  # team 0 captured everything: fine
    doc["last_capture"] = 3
    rejects(doc, "last_capture")


def test_seep_by_a_team_with_an_empty_pile_is_refused_R4_5() -> None:
    doc = play_doc()
    for card in list(doc["piles"][0]):
        relocate(doc, card, doc["piles"][1])
    doc["last_capture"] = 1
    rejects(doc, "seeps[0].seat")  # seat 2 (team 0) made a seep but team 0 has nothing


@pytest.mark.parametrize(
    ("seeps", "field"),
    [
        ([{"seat": 2, "play": 45, "points": 50}], "seeps[0].play"),  # after the plays made
        ([{"seat": 2, "play": 0, "points": 50}], "seeps[0].play"),
        ([{"seat": 4, "play": 10, "points": 50}], "seeps[0].seat"),
        ([{"seat": 2, "play": 10, "points": True}], "seeps[0].points"),
        ([{"seat": 2, "play": 10}], "seeps[0].points"),
        ([{"play": 10, "points": 50}], "seeps[0].seat"),
        (
            [{"seat": 2, "play": 10, "points": 50}, {"seat": 0, "play": 10, "points": 50}],
            "seeps[1].play",
        ),
        ([["seat", 2]], "seeps[0]"),
        ({"seat": 2}, "seeps"),
    ],
)
def test_bad_seeps_are_refused(seeps: object, field: str) -> None:
    doc = play_doc()
    doc["seeps"] = seeps
    rejects(doc, field)


def test_over_with_cards_left_on_the_floor_is_refused_R9_2() -> None:
    doc = play_doc()
    doc["phase"] = "over"
    doc["to_move"] = None
    doc["plays"] = 48
    doc["floor"]["houses"] = []
    doc["hands"] = [[], [], [], []]
    doc["piles"][0] += ["9S", "9H", "5D", "KC", "4S", "5H", "6S", "7H", "KH"]
    rejects(doc, "floor")


@pytest.mark.parametrize(("phase", "plays"), [("bid", 44), ("play", 48), ("over", 44)])
def test_phase_that_does_not_fit_the_plays_is_refused(phase: str, plays: int) -> None:
    doc = play_doc()
    doc["phase"] = phase
    doc["plays"] = plays
    rejects(doc, "phase")


@pytest.mark.parametrize("field", REQUIRED)
def test_missing_required_field_is_refused(field: str) -> None:
    doc = play_doc()
    del doc[field]
    error = rejects(doc, field)
    assert "missing" in error.reason


@pytest.mark.parametrize("field", ["face_up", "loose", "houses"])
def test_missing_floor_field_is_refused(field: str) -> None:
    doc = play_doc()
    del doc["floor"][field]
    rejects(doc, f"floor.{field}")


@pytest.mark.parametrize("field", ["value", "cards", "owners"])
def test_missing_house_field_is_refused(field: str) -> None:
    doc = play_doc()
    del doc["floor"]["houses"][1][field]
    rejects(doc, f"floor.houses[1].{field}")


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("players",), True, "players"),
        (("players",), 4.0, "players"),
        (("players",), "4", "players"),
        (("dealer",), True, "dealer"),
        (("dealer",), 0.0, "dealer"),
        (("dealer",), "0", "dealer"),
        (("dealer",), 4, "dealer"),
        (("to_move",), True, "to_move"),
        (("to_move",), 1.0, "to_move"),
        (("bid",), True, "bid"),
        (("bid",), 11.0, "bid"),
        (("bid",), "11", "bid"),
        (("bid",), 8, "bid"),
        (("plays",), "44", "plays"),
        (("plays",), 44.0, "plays"),
        (("plays",), 49, "plays"),
        (("plays",), -1, "plays"),
        (("last_capture",), False, "last_capture"),
        (("last_capture",), 4, "last_capture"),
        (("phase",), "playing", "phase"),
        (("phase",), None, "phase"),
        (("phase",), ["play"], "phase"),
        (("hands",), {"0": ["9S"]}, "hands"),
        (("hands",), "9S 9H 5D KC", "hands"),
        (("hands", 0), "9S", "hands[0]"),
        (("stock",), None, "stock"),
        (("stock",), "", "stock"),
        (("floor",), [], "floor"),
        (("floor", "face_up"), 1, "floor.face_up"),
        (("floor", "face_up"), "true", "floor.face_up"),
        (("floor", "loose"), "2C 3D", "floor.loose"),
        (("floor", "houses"), {}, "floor.houses"),
        (("floor", "houses", 0), [9, ["4S", "5H"], [0]], "floor.houses[0]"),
        (("floor", "houses", 0, "value"), "9", "floor.houses[0].value"),
        (("floor", "houses", 0, "value"), 9.0, "floor.houses[0].value"),
        (("floor", "houses", 0, "value"), True, "floor.houses[0].value"),
        (("floor", "houses", 0, "owners"), 0, "floor.houses[0].owners"),
        (("floor", "houses", 0, "owners"), [True], "floor.houses[0].owners[0]"),
        (("floor", "houses", 0, "cards"), "4S 5H", "floor.houses[0].cards"),
        (("piles",), [[], [], []], "piles"),
        (("piles", 0), None, "piles[0]"),
        (("seeps",), None, "seeps"),
        (("format",), "seep-state/2", "format"),
        (("redeals",), -1, "redeals"),
        (("redeals",), True, "redeals"),
    ],
)
def test_wrong_type_or_value_is_refused(path: tuple[Any, ...], value: object, field: str) -> None:
    doc = play_doc()
    target: Any = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    rejects(doc, field)


@pytest.mark.parametrize("document", [None, [], "state", 4])
def test_document_that_is_not_an_object_is_refused(document: object) -> None:
    rejects(document, "document")


@pytest.mark.parametrize("variant", ["no-such-variant", "", "Standard", 4, None])
def test_unknown_variant_is_refused(variant: object) -> None:
    doc = play_doc()
    doc["variant"] = variant
    rejects(doc, "variant")


@pytest.mark.parametrize("players", [2, 3, 5, 0])
def test_players_that_do_not_match_the_variant_are_refused_R1_3(players: int) -> None:
    doc = play_doc()
    doc["players"] = players
    rejects(doc, "players")


def test_number_of_hands_must_match_the_players_R1_3() -> None:
    doc = play_doc()
    doc["hands"].append([])
    rejects(doc, "hands")
    doc = play_doc()
    doc["hands"].pop()
    rejects(doc, "hands")


def test_error_is_a_value_error_and_pickles_with_its_field() -> None:
    doc = play_doc()
    doc["to_move"] = 2
    error = rejects(doc, "to_move")
    assert isinstance(error, ValueError)
    copied = pickle.loads(pickle.dumps(error))
    assert (copied.field, copied.reason, str(copied)) == (error.field, error.reason, str(error))


def test_loading_never_returns_a_half_valid_state() -> None:
    """Every corruption of a good document raises; nothing partial is returned."""
    corruptions: list[Callable[[Doc], None]] = [
        lambda d: d["hands"][0].clear(),
        lambda d: d["floor"]["houses"][0]["owners"].append(2),
        lambda d: d.__setitem__("plays", 43),
        lambda d: d.__setitem__("dealer", 1),
        lambda d: d["piles"].reverse(),  # still valid: team 0 has a pile, seat 0 captured last
        lambda d: d.__setitem__("phase", "over"),
        lambda d: d["floor"].__setitem__("loose", []),
    ]
    good = state_from_dict(play_doc())
    outcomes = []
    for corrupt in corruptions:
        doc = play_doc()
        corrupt(doc)
        try:
            loaded = state_from_dict(doc)
        except InvalidStateError as error:
            assert error.field and error.reason
            outcomes.append("refused")
        else:
            # Whatever loads must be a faithful, complete reading of the document.
            assert state_to_dict(loaded) == {**doc, "format": "seep-state/1", "redeals": 0}
            outcomes.append("loaded")
    assert outcomes.count("refused") >= 6
    assert state_from_dict(play_doc()) == good  # failed loads leave no trace


# --- moves -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "move"),
    [
        ({"kind": "bid", "value": 11}, Bid(value=11)),
        ({"kind": "throw", "card": "7C"}, Throw(card="7C")),
        (
            {"kind": "take", "card": "JS", "loose": ["5C", "6H", "TD"], "house": 11},
            Take(card="JS", loose="5C 6H TD", house=11),
        ),
        ({"kind": "take", "card": "9D", "loose": [], "house": 9}, Take(card="9D", house=9)),
        (
            {"kind": "take", "card": "7D", "loose": ["7S"], "house": None},
            Take(card="7D", loose="7S"),
        ),
        (
            {"kind": "build", "card": "5H", "loose": ["6C"], "value": 11},
            Build(card="5H", loose="6C", value=11),
        ),
        ({"kind": "build", "card": "JD", "loose": [], "value": 11}, Build(card="JD", value=11)),
        ({"kind": "raise", "card": "2C", "house": 9}, Raise(card="2C", house=9)),
    ],
)
def test_appendix_b_moves_load_and_write_back(doc: Doc, move: Move) -> None:
    assert move_from_dict(doc) == move
    assert move_to_dict(move) == doc


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        (None, "move"),
        (["bid", 11], "move"),
        ({}, "kind"),
        ({"kind": "pass"}, "kind"),
        ({"kind": None}, "kind"),
        ({"kind": "bid"}, "value"),
        ({"kind": "bid", "value": 8}, "value"),
        ({"kind": "bid", "value": True}, "value"),
        ({"kind": "bid", "value": "11"}, "value"),
        ({"kind": "throw"}, "card"),
        ({"kind": "throw", "card": "1C"}, "card"),
        ({"kind": "throw", "card": 7}, "card"),
        ({"kind": "take", "card": "JS", "house": None}, "loose"),
        ({"kind": "take", "card": "JS", "loose": "5C 6H", "house": None}, "loose"),
        ({"kind": "take", "card": "JS", "loose": ["5C", "XX"], "house": None}, "loose[1]"),
        ({"kind": "take", "card": "JS", "loose": ["5C", "5C"], "house": None}, "loose[1]"),
        ({"kind": "take", "card": "JS", "loose": ["JS"], "house": None}, "loose[0]"),
        ({"kind": "take", "card": "JS", "loose": []}, "house"),
        ({"kind": "take", "card": "JS", "loose": [], "house": 14}, "house"),
        ({"kind": "take", "card": "JS", "loose": [], "house": "11"}, "house"),
        ({"kind": "build", "card": "5H", "loose": ["6C"]}, "value"),
        ({"kind": "build", "card": "5H", "loose": ["6C"], "value": None}, "value"),
        ({"kind": "build", "card": "5H", "loose": ["6C"], "value": 8}, "value"),
        ({"kind": "build", "loose": ["6C"], "value": 11}, "card"),
        ({"kind": "raise", "card": "2C"}, "house"),
        ({"kind": "raise", "card": "2C", "house": None}, "house"),
        ({"kind": "raise", "card": "2C", "house": 8.0}, "house"),
    ],
)
def test_bad_move_documents_name_the_field(doc: object, field: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        move_from_dict(doc)  # type: ignore[arg-type]
    assert info.value.field == field, str(info.value)


# --- two players ---------------------------------------------------------------------


def test_two_player_document_loads_and_checks_its_players_R1_4() -> None:
    doc = bid_doc()
    doc["variant"] = "standard-2p"
    doc["players"] = 2
    doc["hands"] = [[], ["2H", "7D", "9C", "KS"]]
    state = state_from_dict(copy.deepcopy(doc))
    assert state.players == 2 and state.bidder == 1 and len(state.piles) == 2
    doc["players"] = 4
    rejects(doc, "players")
    doc["players"] = 2
    doc["hands"].append([])
    rejects(doc, "hands")
    doc["hands"].pop()
    doc["dealer"] = 2
    rejects(doc, "dealer")

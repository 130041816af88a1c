"""Per-seat views (seep.views): what one seat may know, its JSON, and that nothing leaks.

Hidden information: the other hands (R2.7, R11.1), the stock, and the floor
while it is face down during the standard bid (R2.2, R2.5). Public: the
floor once face up, houses and their owners (R5), piles (R1.5), seeps
(R4.5), counts.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import islice
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seep import (
    CardSet,
    InvalidStateError,
    Phase,
    State,
    apply_move,
    count_legal_moves,
    iter_legal_moves,
    new_deal,
    parse_move,
    state_from_dict,
    state_to_dict,
)
from seep.cards import ALL_CARDS
from seep.history import seen_by
from seep.sampling import sample_state
from seep.testing import position, reachable_states
from seep.views import View, observe, view_from_dict, view_to_dict

VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")


def random_game(variant: str, seed: int) -> Iterator[State]:
    """Every state of one deal played with random legal moves (seeded)."""
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed, dealer=rng.randrange(state_players(variant)))
    yield state
    while not state.is_over:
        index = rng.randrange(count_legal_moves(state))
        state = apply_move(state, next(islice(iter_legal_moves(state), index, None)))
        yield state


def state_players(variant: str) -> int:
    return 2 if variant.endswith("2p") else 4


def hidden_from(state: State, seat: int) -> CardSet:
    """The cards ``seat`` must not see: other hands, the stock, a face-down floor."""
    mask = 0
    for other, hand in enumerate(state.hands):
        if other != seat:
            mask |= hand.mask
    for card in state.stock:
        mask |= 1 << card
    if not state.face_up:
        mask |= state.loose.mask
    return CardSet(mask)


def cards_in_json(doc: Any) -> set[str]:
    """Every string in a JSON document that is a card in canonical notation."""
    names = {str(card) for card in ALL_CARDS}
    found: set[str] = set()
    if isinstance(doc, str):
        if doc in names:
            found.add(doc)
    elif isinstance(doc, dict):
        for value in doc.values():
            found |= cards_in_json(value)
    elif isinstance(doc, list):
        for value in doc:
            found |= cards_in_json(value)
    return found


def permute_hidden(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with the cards hidden from ``seat`` shuffled among their places (sizes kept).

    The result may break R3.2 (it is not validated): ``observe`` must not care.
    """
    others = [s for s in range(state.players) if s != seat]
    places: list[list[Any]] = [list(state.hands[s]) for s in others]
    places.append(list(state.stock))
    if not state.face_up:
        places.append(list(state.loose))
    cards = [card for place in places for card in place]
    rng.shuffle(cards)
    start = 0
    new_places = []
    for place in places:
        new_places.append(cards[start : start + len(place)])
        start += len(place)
    hands = list(state.hands)
    for s, place in zip(others, new_places, strict=False):
        hands[s] = CardSet.of(place)
    loose = state.loose if state.face_up else CardSet.of(new_places[-1])
    return attrs.evolve(
        state, hands=tuple(hands), stock=tuple(new_places[len(others)]), loose=loose
    )


# --- observe: hand-written cases -------------------------------------------


def test_own_hand_only_and_other_hands_as_counts() -> None:
    state = new_deal("standard", seed=10)
    state = apply_move(state, parse_move("bid 11"))
    for seat in range(4):
        view = observe(state, seat)
        assert view.seat == seat
        assert view.hand == state.hands[seat]
        assert view.hand_counts == tuple(len(hand) for hand in state.hands)
        assert view.stock_count == len(state.stock)
        assert view.is_my_turn == (seat == state.to_move)
    assert observe(state, 2).hand == CardSet()  # nobody but the bidder has cards yet (R2.4)
    assert observe(state, 1).hand_counts == (0, 4, 0, 0)


def test_face_down_floor_is_hidden_during_the_bid_even_from_the_bidder() -> None:
    state = new_deal("standard", seed=10)
    assert state.phase is Phase.BID and not state.face_up
    for seat in range(4):
        view = observe(state, seat)
        assert view.loose is None and not view.face_up  # R2.2
        assert view.floor_count == 4
        assert state.loose <= view.unseen
        assert cards_in_json(view_to_dict(view)).isdisjoint(str(c) for c in state.loose)
    after = apply_move(state, parse_move("bid 11"))  # R2.5: the floor turns face up
    for seat in range(4):
        view = observe(after, seat)
        assert view.loose == after.loose and view.face_up
        assert view.loose.isdisjoint(view.unseen)


@pytest.mark.parametrize("variant", ["taash", "taash-2p"])
def test_taash_floor_is_face_up_from_the_start(variant: str) -> None:
    state = new_deal(variant, seed=3)
    for seat in range(state.players):
        view = observe(state, seat)
        assert view.loose == state.loose and view.floor_count == 4  # R11.1
        assert view.hand == state.hands[seat] and len(view.hand) == 4


def test_unseen_is_other_hands_and_stock() -> None:
    for variant in VARIANTS:
        for state in islice(random_game(variant, 5), 0, None, 7):
            for seat in range(state.players):
                view = observe(state, seat)
                assert view.unseen == hidden_from(state, seat)
                hidden = sum(view.hand_counts) - len(view.hand) + view.stock_count
                if not view.face_up:
                    hidden += view.floor_count
                assert len(view.unseen) == hidden


def test_houses_with_owners_are_public() -> None:
    state = position(
        hand="9S 4H KS", loose="5C 2D", houses=[(9, "4S 5H", [1]), (13, "6S 7S KH", [1, 3])]
    )
    for seat in range(4):
        view = observe(state, seat)
        assert view.houses == state.houses
        assert [(h.value, h.owners, h.locked) for h in view.houses] == [
            (9, (1,), False),
            (13, (1, 3), True),
        ]
        assert view.required_values(1) == (9, 13)
        assert view.required_values(3) == (13,)
        assert view.required_values(0) == ()
    doc = view_to_dict(observe(state, 0))
    assert doc["floor"]["houses"][1] == {
        "value": 13,
        "cards": ["6S", "7S", "KH"],
        "owners": [1, 3],
        "locked": True,
    }


def test_piles_and_seeps_are_public() -> None:
    state = position(hand="9S 4H", loose="5C", piles=["AS 2S", ""])
    doc = state_to_dict(state)
    doc["seeps"] = [{"seat": 2, "play": 3, "points": 50}]
    state = state_from_dict(doc)
    for seat in range(4):
        view = observe(state, seat)
        assert view.piles == state.piles
        assert CardSet.parse("AS 2S") <= view.piles[0]
        assert view.seeps == state.seeps and view.seeps[0].points == 50
        assert view.last_capture == state.last_capture
        assert view_to_dict(view)["seeps"] == [{"seat": 2, "play": 3, "points": 50}]


def test_observe_rejects_bad_seats() -> None:
    state = new_deal("standard-2p", seed=1)
    for seat in (-1, 2, 4):
        with pytest.raises(ValueError):
            observe(state, seat)
    for wrong in ("1", None, True, 1.0):
        with pytest.raises(TypeError, match="seat"):
            observe(state, wrong)  # type: ignore[arg-type]


def test_view_of_a_finished_deal() -> None:
    *_, last = random_game("standard", 2)
    assert last.is_over
    view = observe(last, 0)
    assert view.to_move is None and view.phase is Phase.OVER
    assert view.hand_counts == (0, 0, 0, 0) and view.stock_count == 0
    assert view.unseen == CardSet()


# --- JSON -------------------------------------------------------------------


def test_view_json_round_trip_on_random_games() -> None:
    for variant in VARIANTS:
        for state in islice(random_game(variant, 11), 0, None, 5):
            for seat in range(state.players):
                view = observe(state, seat)
                doc = view_to_dict(view)
                assert doc["format"] == "seep-view/1"
                assert view_from_dict(json.loads(json.dumps(doc))) == view


def test_view_json_fields() -> None:
    state = new_deal("standard", seed=10)
    doc = view_to_dict(observe(state, 1))
    assert doc["floor"] == {"face_up": False, "loose": None, "count": 4, "houses": []}
    assert doc["hand"] == ["6D", "TH", "JS", "QC"]
    assert doc["hand_counts"] == [0, 4, 0, 0]
    assert doc["stock_count"] == 44 and doc["phase"] == "bid" and doc["to_move"] == 1


def _doc() -> dict[str, Any]:
    state = position(hand="9S 4H", loose="5C", houses=[(9, "4S 5H", [0, 1])], piles=["AS 2S", ""])
    return view_to_dict(observe(state, 0))


def _broken(edit: Any) -> dict[str, Any]:
    doc = json.loads(json.dumps(_doc()))
    edit(doc)
    return doc


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d.pop("hand"), "hand"),
        (lambda d: d.pop("plays"), "plays"),
        (lambda d: d.update(format="seep-state/1"), "format"),
        (lambda d: d.update(variant="nope"), "variant"),
        (lambda d: d.update(seat=4), "seat"),
        (lambda d: d.update(phase="dealing"), "phase"),
        (lambda d: d.update(to_move="0"), "to_move"),
        (lambda d: d.update(bid=8), "bid"),
        (lambda d: d.update(hand=["9S", "XX"]), "hand[1]"),
        (lambda d: d.update(hand_counts=[2, 2, 2]), "hand_counts"),
        (lambda d: d.update(hand_counts=[3, 2, 2, 2]), "hand_counts"),
        (lambda d: d.update(stock_count=-1), "stock_count"),
        (lambda d: d.update(floor=[]), "floor"),
        (lambda d: d["floor"].pop("houses"), "floor.houses"),
        (lambda d: d["floor"].pop("loose"), "floor.loose"),
        (lambda d: d["floor"].update(face_up=False), "floor.face_up"),
        (lambda d: d["floor"].update(count=7), "floor.count"),
        (lambda d: d["floor"].update(loose=None, face_up=False, count=None), "floor.count"),
        (lambda d: d["floor"]["houses"][0].update(value=14), "floor.houses[0].value"),
        (lambda d: d["floor"]["houses"][0].update(owners=[5]), "floor.houses[0].owners[0]"),
        (lambda d: d.update(hand=["4H", "8S"]), "floor.houses[0].owners"),  # R3.2, own seat
        (lambda d: d.update(piles=[["AS"]]), "piles"),
        (lambda d: d.update(piles=[["9S"], []]), "piles[0][0]"),  # 9S is in the hand
        (lambda d: d.update(seeps=[{"seat": 0, "play": 0, "points": 50}]), "seeps[0].play"),
        (lambda d: d.update(seeps=[[0, 1, 50]]), "seeps[0]"),
        (lambda d: d.update(last_capture=9), "last_capture"),
        (lambda d: d.update(redeals=-1), "redeals"),
    ],
)
def test_view_json_errors_name_the_field(edit: Any, field: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        view_from_dict(_broken(edit))
    assert info.value.field == field


def test_view_json_needs_only_its_fields() -> None:
    doc = _doc()
    doc.pop("format")
    doc.pop("redeals")
    doc["floor"].pop("face_up")
    doc["floor"].pop("count")
    for house in doc["floor"]["houses"]:
        house.pop("locked")
    assert view_from_dict(doc) == view_from_dict(_doc())


# --- properties -------------------------------------------------------------


@st.composite
def states_and_seats(draw: st.DrawFn) -> tuple[State, int]:
    variant = draw(st.sampled_from(VARIANTS))
    state = draw(reachable_states(variant))
    seat = draw(st.integers(min_value=0, max_value=state.players - 1))
    return state, seat


@settings(max_examples=60)
@given(states_and_seats(), st.integers(min_value=0, max_value=2**32 - 1))
def test_no_leak_hidden_cards_do_not_change_the_view(
    state_and_seat: tuple[State, int], seed: int
) -> None:
    state, seat = state_and_seat
    view = observe(state, seat)
    doc = view_to_dict(view)
    # Directly: the document names no card that is hidden from the seat.
    assert cards_in_json(doc).isdisjoint(str(card) for card in hidden_from(state, seat))
    rng = random.Random(seed)
    # Any reshuffle of the hidden cards (valid or not) looks the same from the seat ...
    shuffled = permute_hidden(state, seat, rng)
    assert hidden_from(shuffled, seat) == hidden_from(state, seat)
    assert observe(shuffled, seat) == view
    assert view_to_dict(observe(shuffled, seat)) == doc
    # ... and so does a valid state with the hidden cards redealt.
    other = sample_state(view, rng)
    assert state_from_dict(state_to_dict(other)) == other
    assert other.hands[seat] == state.hands[seat]
    assert observe(other, seat) == view
    assert json.dumps(view_to_dict(observe(other, seat))) == json.dumps(doc)


_PUBLIC = [
    field.name for field in attrs.fields(View) if field.name not in ("seat", "hand", "history")
]


@settings(max_examples=40)
@given(states_and_seats())
def test_every_seat_sees_the_same_public_facts(state_and_seat: tuple[State, int]) -> None:
    state, _ = state_and_seat
    views = [observe(state, seat) for seat in range(state.players)]
    for view in views[1:]:
        for name in _PUBLIC:
            assert getattr(view, name) == getattr(views[0], name), name
        # The histories differ only in each seat's own packets.
        assert seen_by(view.history, None) == seen_by(views[0].history, None)
    # What nobody sees publicly is the same set for every seat: the hidden cards plus the hand.
    private = {(view.unseen | view.hand) for view in views}
    assert len(private) == 1
    docs = [view_to_dict(view) for view in views]
    for doc in docs:
        doc.pop("seat")
        doc.pop("hand")
        doc.pop("history")
    assert all(doc == docs[0] for doc in docs)

"""Perft: exact move-sequence counts, from the regression table and hand-made positions.

``tests/data/perft.json`` is written by ``benchmarks/make_perft_table.py``;
regenerate it only for a deliberate rule change.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from seep import (
    apply_move,
    legal_moves,
    new_deal,
    parse_move,
    perft,
    perft_divide,
    state_from_dict,
    state_to_dict,
)
from seep.state import State
from seep.testing import position

TABLE = Path(__file__).resolve().parent / "data" / "perft.json"
ENTRIES: list[dict[str, Any]] = json.loads(TABLE.read_text(encoding="utf-8"))["positions"]
VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")


def test_the_table_covers_every_variant_and_depths_one_to_three() -> None:
    assert {entry["variant"] for entry in ENTRIES} == set(VARIANTS)
    for entry in ENTRIES:
        assert {"1", "2", "3"} <= set(entry["perft"]), entry["id"]
    assert any("4" in entry["perft"] for entry in ENTRIES)
    kinds = {entry["id"].rsplit("/", 1)[1].split("-")[0] for entry in ENTRIES}
    assert kinds == {"new", "first", "mid"}


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry["id"] for entry in ENTRIES])
def test_perft_table(entry: dict[str, Any]) -> None:
    # The stored state is where the seeded deal and the stored path lead ...
    state = new_deal(entry["variant"], seed=entry["seed"])
    for text in entry["path"]:
        state = apply_move(state, parse_move(text))
    assert state_to_dict(state) == entry["state"]
    # ... and the counts below it are exact.
    stored = state_from_dict(entry["state"])
    assert stored == state
    got = {depth: perft(stored, int(depth)) for depth in entry["perft"]}
    assert got == entry["perft"]


# -- hand-made positions, counted by hand from the rules -------------------------


def test_take_everything_and_optional_build_groups() -> None:
    # 7♠ 9♥ over A♠..6♠ (standard).
    # 7♠ takes (R4.3, maximal choices): all six (A+6, 2+5, 3+4) or A+2+4 (3 5 6
    #   leave no 7): 2 moves. It builds 9 on the 2♠ (R5.2, the 9♥ is kept),
    #   with optional extra groups of 9 (R5.3) from A 3 4 5 6: none, 3+6, 4+5,
    #   A+3+5, or 3+6 and 4+5: 5 moves. No throw (R8.2).
    # 9♥ takes 3+6 and 4+5 (A 2 left), 4+5 and A+2+6 (3 left), A+3+5 (2 4 6
    #   left) or 2+3+4 (A 5 6 left): 4 moves. It builds nothing: 9 on loose
    #   cards is more than 9, and no other 9 is held.
    state = position(hand="7S 9H", loose="AS 2S 3S 4S 5S 6S")
    assert perft(state, 1) == 2 + 5 + 4 == 11
    assert list(perft_divide(state, 1)) == [
        "take 7S AS 2S 4S",
        "take 7S AS 2S 3S 4S 5S 6S",
        "build 7S 2S =9",
        "build 7S AS 2S 3S 5S =9",
        "build 7S 2S 4S 5S =9",
        "build 7S 2S 3S 6S =9",
        "build 7S 2S 3S 4S 5S 6S =9",
        "take 9H 2S 3S 4S",
        "take 9H AS 3S 5S",
        "take 9H AS 2S 4S 5S 6S",
        "take 9H 3S 4S 5S 6S",
    ]


def test_an_owned_house() -> None:
    # Seat 0 owns an open house of 9 (5♦ 4♠) and holds 9♠ 9♥ 4♣; loose 5♣ 4♥.
    # Each nine: take the house and, R4.3, the loose 4+5 (1); add to the
    #   house alone or with the loose 4+5 (R6.1, the other nine is kept): 2.
    # 4♣: take the 4♥ (1); add 4+5 to the house of 9 (R5.4, R6.1) (1); 4+5+4
    #   = 13 needs a king (R5.2). No raise of one's own house (R7.1), no throw.
    state = position(hand="9S 9H 4C", houses=[(9, "5D 4S", [0])], loose="5C 4H")
    assert perft(state, 1) == 3 + 3 + 2 == 8


def _end_of_two_player_deal() -> State:
    return position("standard-2p", hand="7S 5H", hands={1: "2D 9C"}, loose="3C 4D 2S", plays=44)


def test_the_last_four_plays_of_a_two_player_deal() -> None:
    state = _end_of_two_player_deal()
    # Ply 1: 7♠ takes 3+4 (2 left, no 7); 5♥ takes 3+2 (4 left). Neither
    # can be thrown (R8.2) and no build leaves a card of its value in hand.
    assert perft_divide(state, 1) == {"take 5H 2S 3C": 1, "take 7S 3C 4D": 1}
    # Ply 2: after either take, seat 1's 2♦ and 9♣ each have exactly one move
    # (2♦ takes the 2♠ or, over the 4♦, is thrown; 9♣ is thrown).
    assert perft_divide(state, 2) == {"take 5H 2S 3C": 2, "take 7S 3C 4D": 2}
    assert perft(state, 2) == 4
    # Plies 3 and 4: every remaining card has exactly one move; then the deal
    # is over (R9.1) and each finished deal is one leaf at any greater depth.
    assert [perft(state, depth) for depth in range(7)] == [1, 2, 4, 4, 4, 4, 4]


def test_taash_free_choice_and_throws() -> None:
    # taash-2p: 7♠ over 3♣ 4♦ 2♠ 5♥ takes 3+4, 2+5 or both (R11.3), or is
    # thrown (R11.3): 4 moves. Seat 1's 8♦ then has one move (a throw) after
    # each take, and after the throw takes 3+5 or is thrown: 1+1+1+2.
    state = position("taash-2p", hand="7S", hands={1: "8D"}, loose="3C 4D 2S 5H")
    assert perft(state, 1) == 4
    assert perft_divide(state, 2) == {
        "take 7S 3C 4D": 1,
        "take 7S 2S 5H": 1,
        "take 7S 2S 3C 4D 5H": 1,
        "throw 7S": 2,
    }
    assert perft(state, 2) == 5


def test_a_fresh_deal_counts_the_bids() -> None:
    state = new_deal("standard", seed=10)  # the bidder holds 6♦ 10♥ J♠ Q♣
    assert perft_divide(state, 1) == {"bid 10": 1, "bid 11": 1, "bid 12": 1}


# -- the convention --------------------------------------------------------------


def test_depth_zero_and_finished_deals() -> None:
    state = new_deal("standard", seed=3)
    assert perft(state, 0) == 1
    assert perft_divide(state, 0) == {}
    rng = random.Random(3)
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
    assert [perft(state, depth) for depth in range(4)] == [1, 1, 1, 1]
    assert perft_divide(state, 2) == {}


@pytest.mark.parametrize("depth", [-1, 1.0, True, "2"])
def test_a_bad_depth_is_refused(depth: Any) -> None:
    with pytest.raises(ValueError, match="depth"):
        perft(new_deal(seed=1), depth)
    with pytest.raises(ValueError, match="depth"):
        perft_divide(new_deal(seed=1), depth)


@pytest.mark.parametrize("variant", VARIANTS)
def test_divide_sums_to_perft_in_canonical_order(variant: str) -> None:
    state = new_deal(variant, seed=5)
    state = apply_move(state, legal_moves(state)[-1])
    divide = perft_divide(state, 2)
    assert list(divide) == [str(move) for move in legal_moves(state)]
    assert sum(divide.values()) == perft(state, 2)

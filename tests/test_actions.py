"""The action encoding: the tree of legal id sequences is exactly the legal moves."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from seep import (
    Build,
    IllegalMoveError,
    Take,
    Throw,
    apply_move,
    count_legal_moves,
    legal_moves,
    new_deal,
    parse_move,
)
from seep.actions import (
    NUM_ACTIONS,
    action_to_string,
    actions_of,
    legal_actions,
    move_of,
)
from seep.cards import ALL_CARDS, Card
from seep.errors import SeepError
from seep.moves import Move
from seep.state import State
from seep.testing import position

VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")
THROW, TAKE, HOUSE_ID, FINISH_ID = 57, 58, 121, 122


def card(text: str) -> int:
    return int(Card.parse(text))


def loose(text: str) -> int:
    return 69 + card(text)


def build(value: int) -> int:
    return 59 + value - 9


def sequences(state: State, prefix: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """Every complete id sequence below ``prefix``, walking ``legal_actions``."""
    following = legal_actions(state, prefix)
    assert list(following) == sorted(set(following))
    if not following:
        yield prefix
        return
    for action in following:
        assert 0 <= action < NUM_ACTIONS
        yield from sequences(state, (*prefix, action))


def assert_tree_is_the_legal_moves(state: State) -> None:
    found = list(sequences(state))
    moves = [move_of(state, ids) for ids in found]
    assert len(set(moves)) == len(moves) == count_legal_moves(state)
    assert set(moves) == set(legal_moves(state))
    complete = set(found)
    for ids in found:  # no complete sequence is a prefix of another
        assert not any(ids[:size] in complete for size in range(len(ids)))
    for ids, move in zip(found, moves, strict=True):
        assert actions_of(state, move) == ids


def random_states(variant: str, seed: int) -> Iterator[State]:
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    while not state.is_over:
        yield state
        state = apply_move(state, rng.choice(legal_moves(state)))


def crowded(variant: str, seed: int) -> State | None:
    """A seeded floor of 8 to 13 loose cards, 1 to 6 in hand, and up to three houses."""
    rng = random.Random(f"{variant}/{seed}")
    deck = [str(c) for c in ALL_CARDS]
    rng.shuffle(deck)
    houses: list[tuple[int, str, list[int]]] = []
    for value in sorted(rng.sample(range(9, 14), rng.randint(0, 3))):
        for first in deck:
            second = next(
                (
                    c
                    for c in deck
                    if c != first and Card.parse(c).value + Card.parse(first).value == value
                ),
                None,
            )
            if second is not None and Card.parse(first).value < value:
                deck.remove(first)
                deck.remove(second)
                owners = rng.sample(
                    range(4) if "2p" not in variant else range(2), rng.randint(1, 2)
                )
                houses.append((value, f"{first} {second}", owners))
                break
    size = rng.randint(1, 6)
    try:
        state = position(
            variant,
            hand=" ".join(deck[:size]),
            loose=" ".join(deck[size : size + rng.randint(8, 13)]),
            houses=houses,
        )
    except SeepError:
        return None
    return state if count_legal_moves(state) <= 1500 else None


# -- the bijection ----------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_tree_of_ids_is_the_legal_moves_in_random_deals(variant: str) -> None:
    for seed in range(3):
        for state in random_states(variant, seed):
            assert_tree_is_the_legal_moves(state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_tree_of_ids_is_the_legal_moves_on_crowded_floors_with_houses(variant: str) -> None:
    checked = 0
    for seed in range(24):
        state = crowded(variant, seed)
        if state is not None:
            assert_tree_is_the_legal_moves(state)
            checked += 1
    assert checked >= 8


def test_a_finished_deal_has_no_actions() -> None:
    state = new_deal("standard", seed=3)
    while not state.is_over:
        state = apply_move(state, legal_moves(state)[0])
    assert legal_actions(state) == ()
    with pytest.raises(IllegalMoveError) as error:
        legal_actions(state, [0])
    assert error.value.rule == "R9.1"


def test_the_bid_is_one_id() -> None:
    state = new_deal("standard", seed=10)
    assert legal_actions(state) == (53, 54, 55)  # bid 10, 11, 12
    assert legal_actions(state, [54]) == ()
    assert move_of(state, [54]) == parse_move("bid 11")
    with pytest.raises(IllegalMoveError) as error:
        legal_actions(state, [56])
    assert error.value.rule == "R2.4"


# -- the rules, hand-made ----------------------------------------------------------


def test_r2_6_the_bidders_first_play_offers_only_cards_that_use_the_bid() -> None:
    state = position("standard", hand="9S 4H 2C 7D", loose="5C AD 3S 8H", plays=0, bid=9, dealer=3)
    assert legal_actions(state) == (card("4H"), card("9S"))
    assert legal_actions(state, [card("4H")]) == (build(9),)
    assert legal_actions(state, [card("9S")]) == (TAKE,)
    with pytest.raises(IllegalMoveError) as error:
        legal_actions(state, [card("7D")])
    assert error.value.rule == "R2.6"
    assert_tree_is_the_legal_moves(state)


def test_r11_2_who_can_build_an_opening_house_must_build_one() -> None:
    state = position("taash", hand="9S 4H 2C 7D", loose="5C AD 3S 8H", plays=0, bid=None, dealer=3)
    assert legal_actions(state) == (card("4H"),)
    assert legal_actions(state, [card("4H")]) == (build(9),)
    with pytest.raises(IllegalMoveError) as error:
        legal_actions(state, [card("4H"), THROW])
    assert error.value.rule == "R11.2"
    assert_tree_is_the_legal_moves(state)


def test_r11_2_who_cannot_build_throws_any_card() -> None:
    state = position("taash", hand="2S 3H 4C 5D", loose="KC KD QS QH", plays=0, bid=None, dealer=3)
    assert legal_actions(state) == tuple(sorted(card(c) for c in ("2S", "3H", "4C", "5D")))
    assert all(legal_actions(state, [c]) == (THROW,) for c in legal_actions(state))


def test_r3_2_the_owners_last_card_of_the_value_may_only_take_the_house() -> None:
    state = position("standard", hand="9S 4H", loose="5C 4D", houses=[(9, "4S 5H", [0])])
    assert legal_actions(state, [card("9S")]) == (TAKE,)
    assert legal_actions(state, [card("9S"), TAKE]) == (HOUSE_ID,)
    assert legal_actions(state, [card("9S"), TAKE, HOUSE_ID]) == (loose("4D"),)  # 4D 5C: R4.3
    with pytest.raises(IllegalMoveError) as error:
        legal_actions(state, [card("9S"), THROW])
    assert error.value.rule == "R3.2"
    assert_tree_is_the_legal_moves(state)


def test_r3_2_in_taash_the_owners_last_card_must_take_the_house_first() -> None:
    state = position("taash", hand="9S 4H", loose="5C 4D", houses=[(9, "4S 5H", [0])])
    assert legal_actions(state, [card("9S"), TAKE]) == (HOUSE_ID,)
    with pytest.raises(IllegalMoveError) as error:
        legal_actions(state, [card("9S"), TAKE, loose("4D")])
    assert error.value.rule == "R3.2"
    # R11.3: the house alone, or the house and the 4D 5C group.
    assert legal_actions(state, [card("9S"), TAKE, HOUSE_ID]) == (loose("4D"), FINISH_ID)
    assert_tree_is_the_legal_moves(state)


def test_r4_3_seven_over_ace_to_six_has_two_choices() -> None:
    state = position("standard", hand="7S 9H", loose="AS 2S 3S 4S 5S 6S")
    takes = [ids for ids in sequences(state, (card("7S"), TAKE))]
    assert [move_of(state, ids) for ids in takes] == [
        Take(card="7S", loose="AS 2S 3S 4S 5S 6S"),
        Take(card="7S", loose="AS 2S 4S"),
    ]
    assert legal_actions(state, [card("7S"), TAKE]) == (loose("AS"),)  # both take the ace
    assert legal_actions(state, [card("7S"), TAKE, loose("AS"), loose("2S")]) == (
        loose("3S"),
        loose("4S"),
    )
    with pytest.raises(IllegalMoveError) as error:
        legal_actions(
            state, [card("7S"), TAKE, loose("2S")]
        )  # the ace left behind makes 7 with the 6
    assert error.value.rule == "R4.3"
    with pytest.raises(IllegalMoveError) as error:
        legal_actions(state, [card("7S"), TAKE, loose("AS"), loose("6S"), FINISH_ID])
    assert error.value.rule == "R4.3"


def test_r4_3_a_take_of_a_standing_houses_value_must_include_it() -> None:
    state = position("standard", hand="9S 9D", loose="4D 5C", houses=[(9, "4S 5H", [1])])
    assert legal_actions(state, [card("9S"), TAKE]) == (HOUSE_ID,)
    with pytest.raises(IllegalMoveError) as error:
        legal_actions(state, [card("9S"), TAKE, loose("4D")])
    assert error.value.rule == "R4.3"
    assert move_of(
        state, [card("9S"), TAKE, HOUSE_ID, loose("4D"), loose("5C"), FINISH_ID]
    ) == Take(card="9S", loose="4D 5C", house=9)


def test_r11_3_free_choice_takes_any_groups_and_the_house_is_optional() -> None:
    state = position("taash", hand="7S 9D", loose="AS 2S 3S 4S 5S 6S")
    assert legal_actions(state, [card("7S"), TAKE]) == tuple(loose(c) for c in ("AS", "2S", "3S"))
    assert FINISH_ID not in legal_actions(state, [card("7S"), TAKE, loose("AS")])
    assert FINISH_ID in legal_actions(state, [card("7S"), TAKE, loose("AS"), loose("6S")])
    assert move_of(state, [card("7S"), TAKE, loose("3S"), loose("4S"), FINISH_ID]) == Take(
        card="7S", loose="3S 4S"
    )
    housed = position("taash", hand="9S 9D", loose="4D 5C", houses=[(9, "4S 5H", [1])])
    assert legal_actions(housed, [card("9S"), TAKE]) == (loose("4D"), HOUSE_ID)
    assert legal_actions(housed, [card("9S"), TAKE, HOUSE_ID]) == (loose("4D"), FINISH_ID)
    assert_tree_is_the_legal_moves(state)
    assert_tree_is_the_legal_moves(housed)


def test_r5_6_one_card_and_set_into_two_values_are_two_sequences() -> None:
    # 3 + 3 6 6 9 9 = 36 = 4 x 9 = 3 x 12 (R5.6).
    state = position("standard", hand="3S 9D QD", loose="6S 6H 9C 9H 3H")
    nine = Build(card="3S", loose="3H 6S 6H 9H 9C", value=9)
    twelve = Build(card="3S", loose="3H 6S 6H 9H 9C", value=12)
    assert {nine, twelve} <= set(legal_moves(state))
    assert actions_of(state, nine)[1] == build(9) and actions_of(state, twelve)[1] == build(12)
    assert actions_of(state, nine)[2:] == actions_of(state, twelve)[2:]
    assert_tree_is_the_legal_moves(state)


# -- refusals ---------------------------------------------------------------------------


def test_invalid_prefixes_are_refused_with_typed_errors() -> None:
    state = position("standard", hand="7S 9H", loose="AS 2S 3S 4S 5S 6S")
    cases = {
        (NUM_ACTIONS,): "R3.1",  # no such id
        (loose("AS"),): "R3.1",  # a move starts with the card
        (card("KS"),): "R3.1",  # not in hand
        (card("7S"), THROW): "R8.2",  # the seven can pick up
        (card("7S"), build(12)): "R3.2",  # 7S 5S would make a 12, and no queen is held
        (card("9H"), build(9)): "R5.2",  # a single card is never a house
        (card("7S"), TAKE, HOUSE_ID): "R4.1",  # no house of 7
        (card("7S"), TAKE, loose("KD")): "R4.1",  # not on the floor
        (card("7S"), TAKE, loose("AS"), loose("2S"), loose("AS")): "R3.1",  # not ascending
        (card("7S"), TAKE, FINISH_ID): "R4.1",  # takes nothing
        (card("7S"), TAKE, loose("AS"), loose("2S"), loose("4S"), FINISH_ID, FINISH_ID): "R3.1",
        (card("7S"), build(9), loose("3S")): "R5.3",  # 7S needs the 2S, below the 3S
    }
    for prefix, rule in cases.items():
        with pytest.raises(IllegalMoveError) as error:
            legal_actions(state, prefix)
        assert error.value.rule == rule, (prefix, error.value)
    with pytest.raises(TypeError):
        legal_actions(state, ["take"])  # type: ignore[list-item]


def test_move_of_refuses_what_is_not_a_whole_legal_move() -> None:
    state = position("standard", hand="7S 9H", loose="AS 2S 3S 4S 5S 6S")
    with pytest.raises(IllegalMoveError) as error:
        move_of(state, [card("7S"), TAKE, loose("AS")])  # a prefix only
    assert error.value.rule == "R3.1"
    with pytest.raises(IllegalMoveError) as error:
        move_of(state, [card("7S"), TAKE, loose("AS"), loose("6S"), FINISH_ID])
    assert error.value.rule == "R4.3"
    with pytest.raises(IllegalMoveError):
        actions_of(state, Throw(card="7S"))


def test_there_are_123_ids_and_each_has_its_own_name() -> None:
    assert NUM_ACTIONS == 123
    names = [action_to_string(action) for action in range(NUM_ACTIONS)]
    assert len(set(names)) == NUM_ACTIONS
    assert names[card("5H")] == "play 5H" and names[loose("3C")] == "add 3C"
    with pytest.raises(IllegalMoveError):
        action_to_string(NUM_ACTIONS)


def test_a_move_as_ids_replays_through_apply_move() -> None:
    rng = random.Random(5)
    state = new_deal("taash", seed=5)
    while not state.is_over:
        ids: tuple[int, ...] = ()
        while following := legal_actions(state, ids):
            ids = (*ids, rng.choice(following))
        move: Move = move_of(state, ids)
        state = apply_move(state, move)
    assert state.is_over

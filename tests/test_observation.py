"""Observation and information-state encodings (seep.observation).

The vectors hold what a seat may know (its hand, the public floor once face
up R2.5, houses with owners R3.2 and locks R5.5, piles R1.5, seeps R4.5,
counts) and, for the information state, the moves and the seat's own dealt
cards (R2.7, R2.9, R11.2). Nothing hidden may reach them.
"""

from __future__ import annotations

import json
import random
import re
from itertools import islice
from pathlib import Path

import pytest

from seep import (
    CardSet,
    InvalidStateError,
    Move,
    State,
    apply_move,
    count_legal_moves,
    iter_legal_moves,
    legal_moves,
    new_deal,
    parse_move,
    state_from_dict,
    state_to_dict,
)
from seep.actions import legal_actions
from seep.cards import ALL_CARDS, Card
from seep.errors import IllegalMoveError
from seep.moves import Take
from seep.observation import (
    HOUSE_VALUES,
    LAYOUT_VERSION,
    MOVE_KINDS,
    dealing_rounds,
    dealt_by_round,
    history_slots,
    information_state_layout,
    information_state_length,
    information_state_string,
    information_state_vector,
    move_slot_layout,
    move_slot_width,
    observation_layout,
    observation_length,
    observation_vector,
)
from seep.state import Phase
from seep.testing import position
from seep.variants import Variant, get_variant
from seep.views import observe
from variant_zoo import ZOO

VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")
DOCS = Path(__file__).resolve().parent.parent / "docs" / "hidden-information.md"


def random_deal(variant: str | Variant, seed: int) -> tuple[State, list[Move], list[State]]:
    """One deal with random legal moves: the start, the moves, every state after the start."""
    rng = random.Random(seed)
    start = state = new_deal(variant, seed=seed, dealer=rng.randrange(get_variant(variant).players))
    moves: list[Move] = []
    states: list[State] = []
    while not state.is_over:
        index = rng.randrange(count_legal_moves(state))
        move = next(islice(iter_legal_moves(state), index, None))
        moves.append(move)
        state = apply_move(state, move)
        states.append(state)
    return start, moves, states


def cards_of(vector: tuple[int, ...], field: slice) -> CardSet:
    return CardSet.of(card for card, bit in zip(ALL_CARDS, vector[field], strict=True) if bit)


def swapped(state: State, first: str, second: str) -> State:
    """``state`` with two cards exchanged wherever they lie (hands, stock, floor)."""
    text = re.sub(
        rf"\b({first}|{second})\b",
        lambda m: second if m[1] == first else first,
        json.dumps(state_to_dict(state)),
    )
    return state_from_dict(json.loads(text))


def test_lengths_are_fixed_per_variant_and_layouts_cover_them() -> None:
    for variant in VARIANTS:
        layout = observation_layout(variant)
        ends = [field.stop for field in layout.values()]
        starts = [field.start for field in layout.values()]
        assert starts == [0, *ends[:-1]]
        assert ends[-1] == observation_length(variant)
        info = information_state_layout(variant)
        assert next(iter(info)) == "observation"
        assert info["observation"].stop == observation_length(variant)
        assert list(info.values())[-1].stop == information_state_length(variant)
        assert sum(1 for name in info if name.startswith("move_")) == history_slots(variant)
        assert sum(1 for name in info if name.startswith("dealt_")) == dealing_rounds(variant)
        assert list(move_slot_layout(variant).values())[-1].stop == move_slot_width(variant)
    assert observation_length("standard") == 1268
    assert observation_length("taash-2p") == 1246
    assert LAYOUT_VERSION == 2


def _expected_options(state: State, seat: int) -> tuple[list[int], list[int], list[int]]:
    """The hand fields worked out from the rules' own answers: the legal ids and moves, played out."""
    follow, points, seeps = [0] * 52 * 12, [0] * 52, [0] * 52
    if state.phase is not Phase.PLAY or state.to_move != seat:
        return follow, points, seeps
    table = state.variant.card_points.points
    for card in state.hands[seat]:
        try:
            after = legal_actions(state, [int(card)])
        except IllegalMoveError:  # R2.6: a card the bidder may not play first
            continue
        for action in after:
            follow[12 * int(card) + action - 57] = 1
    most: dict[int, int] = {}  # a take's points may be negative (custom tables, R12)
    for move in legal_moves(state):
        if not isinstance(move, Take):
            continue
        after_move = apply_move(state, move)
        captured = move.loose.mask | 1 << int(move.card)  # R4.1: the card and what it takes
        for house in state.houses:
            if house.value == move.house:
                captured |= house.cards.mask
        total = sum(table[index] for index in range(52) if captured >> index & 1)
        index = int(move.card)
        most[index] = max(most.get(index, total), total)
        points[index] = most[index]
        seeps[index] |= len(after_move.seeps) > len(state.seeps)  # R4.5
    return follow, points, seeps


@pytest.mark.parametrize(
    "variant", [*VARIANTS, *ZOO], ids=lambda v: v if isinstance(v, str) else v.name
)
def test_hand_fields_show_what_each_card_can_do_for_the_seat_to_move(
    variant: str | Variant,
) -> None:
    layout = observation_layout(variant)
    for seed in (3, 4):
        start, _, states = random_deal(variant, seed=seed)
        for state in [start, *states]:
            for seat in range(state.players):
                vector = observation_vector(observe(state, seat))
                follow, points, seeps = _expected_options(state, seat)
                assert list(vector[layout["hand_options"]]) == follow
                assert list(vector[layout["hand_take_points"]]) == points
                assert list(vector[layout["hand_seeps"]]) == seeps


def test_r4_5_hand_fields_name_the_card_that_sweeps_and_its_points() -> None:
    state = position(hand="7S 9H KD", loose="AS 2S 3S 4S 5S 6S")
    vector = observation_vector(observe(state, 0))
    layout = observation_layout(state.variant)
    seven, nine = int(Card("7S")), int(Card("9H"))
    options = vector[layout["hand_options"]]
    assert options[12 * seven : 12 * seven + 12] == (0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0)
    assert vector[layout["hand_take_points"]][seven] == 28  # 7S and every loose spade
    assert vector[layout["hand_seeps"]][seven] == 1
    assert vector[layout["hand_take_points"]][nine] == 18  # 9H 3S 4S 5S 6S
    assert vector[layout["hand_seeps"]][nine] == 0
    other = observation_vector(observe(state, 1))  # not seat 1's turn: nothing shown
    assert not any(other[layout["hand_options"].start :])


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_view_of_a_random_deal_has_the_fixed_lengths(variant: str) -> None:
    start, moves, states = random_deal(variant, seed=3)
    players = start.players
    for seat in range(players):
        dealt = dealt_by_round(start, moves, seat)
        assert sum(len(cards) for cards in dealt) == 48 // players  # R2.7, R2.9
        for count in (0, 1, len(moves) // 2, len(moves)):
            state = states[count - 1] if count else start
            view = observe(state, seat)
            vector = observation_vector(view)
            assert len(vector) == observation_length(variant)
            assert all(type(x) is int for x in vector)
            info = information_state_vector(
                view, moves[:count], dealt_by_round(start, moves[:count], seat)
            )
            assert len(info) == information_state_length(variant)
            assert info[: len(vector)] == vector


def test_r3_2_r5_5_houses_owners_and_locks_are_read_relative_to_the_seat() -> None:
    state = position(
        hand="9S 4H QD",
        to_move=1,
        loose="5C 5D",
        houses=[(9, "4S 5H", [3]), (12, "QS 7H 5S", [2])],
    )
    vector = observation_vector(observe(state, 1))
    layout = observation_layout("standard")
    assert cards_of(vector, layout["hand"]) == CardSet.parse("9S 4H QD")
    assert cards_of(vector, layout["loose"]) == CardSet.parse("5C 5D")
    assert vector[layout["house_9"]] == (1,)
    assert vector[layout["house_9_locked"]] == (0,)
    assert vector[layout["house_9_owners"]] == (0, 0, 1, 0)  # seat 3 is two seats on from 1
    assert cards_of(vector, layout["house_9_cards"]) == CardSet.parse("4S 5H")
    assert vector[layout["house_12_locked"]] == (1,)  # 24 = 2 x 12 (R5.5)
    assert vector[layout["house_12_owners"]] == (0, 1, 0, 0)
    assert vector[layout["house_10"]] + vector[layout["house_10_owners"]] == (0,) * 5
    assert vector[layout["to_move"]] == (1, 0, 0, 0)
    assert vector[layout["seat"]] == (0, 1, 0, 0)
    assert vector[layout["bid"]] == (1, 0, 0, 0, 0)


def test_r1_5_piles_are_own_team_first_and_r4_5_seeps_counted_per_seat() -> None:
    start = new_deal(
        "standard",
        deck=["9S", "2C", "3C", "4C", "4S", "5S", "4H", "5H", *_rest("9S 2C 3C 4C 4S 5S 4H 5H")],
        dealer=0,
    )
    after = apply_move(apply_move(start, parse_move("bid 9")), parse_move("take 9S 4S 5S 4H 5H"))
    assert after.seeps[0].points == 25  # R4.5: a seep on the first play
    for seat, own in ((1, True), (2, False)):
        vector = observation_vector(observe(after, seat))
        layout = observation_layout("standard")
        pile = cards_of(vector, layout["pile_own" if own else "pile_other"])
        assert pile == CardSet.parse("9S 4S 5S 4H 5H")
        assert vector[layout["seep_points"]] == ((25, 0) if own else (0, 25))
        counts = vector[layout["seep_counts"]]
        assert counts[(1 - seat) % 4] == 1 and sum(counts) == 1


def _rest(used: str) -> list[str]:
    taken = CardSet.parse(used)
    return [str(card) for card in ALL_CARDS if card not in taken]


def test_r2_2_a_face_down_floor_is_counted_but_not_shown() -> None:
    state = new_deal("standard", seed=10)
    layout = observation_layout("standard")
    for seat in range(4):
        vector = observation_vector(observe(state, seat))
        assert vector[layout["loose"]] == (0,) * 52
        assert vector[layout["floor_count"]] == (4,)
        assert vector[layout["face_up"]] == (0,)
    floor, stock = next(iter(state.loose)), state.stock[-1]
    other = swapped(state, str(floor), str(stock))
    assert other.loose != state.loose
    for seat in range(4):
        assert observation_vector(observe(other, seat)) == observation_vector(observe(state, seat))


@pytest.mark.parametrize("variant", VARIANTS)
def test_vectors_never_show_another_seats_hidden_cards(variant: str) -> None:
    _, _, states = random_deal(variant, seed=11)
    checked = 0
    for state in states[5:40:7]:
        players = state.players
        hidden = [card for seat in range(1, players) for card in state.hands[seat]]
        hidden += list(state.stock)
        if len(hidden) < 2:
            continue
        rng = random.Random(len(hidden))
        first, second = rng.sample(hidden, 2)
        other = swapped(state, str(first), str(second))
        view, other_view = observe(state, 0), observe(other, 0)
        assert observation_vector(view) == observation_vector(other_view)
        assert view.hand == other_view.hand
        checked += 1
    assert checked >= 3


def test_r2_7_the_information_state_hides_what_others_were_dealt() -> None:
    deck = list(new_deal("standard", seed=4).stock)
    start = new_deal("standard", seed=4)
    order = [*start.hands[1], *start.loose, *deck]
    # dealer 0, bidder 1: after the first play seat 2's first packet is
    # order[12:16], seat 3's order[16:20] (R2.7); exchange one card.
    other_order = list(order)
    other_order[12], other_order[16] = order[16], order[12]
    starts = [new_deal("standard", deck=o, dealer=0) for o in (order, other_order)]
    first = starts[0]
    moves = [parse_move(f"bid {max(c.value for c in first.hands[1] if c.value >= 9)}")]
    moves.append(next(iter(iter_legal_moves(apply_move(first, moves[0])))))
    vectors = {}
    for seat in (1, 2):
        for index, begin in enumerate(starts):
            state = apply_move(apply_move(begin, moves[0]), moves[1])
            vectors[seat, index] = information_state_vector(
                observe(state, seat), moves, dealt_by_round(begin, moves, seat)
            )
    assert vectors[1, 0] == vectors[1, 1]  # the bidder sees nothing of it
    assert vectors[2, 0] != vectors[2, 1]  # seat 2 sees its own new cards


def test_r2_7_perfect_recall_the_bidders_first_four_cards_stay_known() -> None:
    # Same hand and moves now, different opening hands: the seat can tell them apart.
    start = new_deal("standard", seed=10)
    moves = [parse_move("bid 10"), _first_play(10)]
    view = observe(apply_move(apply_move(start, moves[0]), moves[1]), 1)
    dealt = dealt_by_round(start, moves, 1)
    played = moves[1].card  # type: ignore[union-attr]
    keep = next(card for card in dealt[0] if card != played)
    later = next(iter(dealt[1]))
    other = (
        dealt[0] - CardSet.of([keep]) | CardSet.of([later]),
        dealt[1] - CardSet.of([later]) | CardSet.of([keep]),
    )
    one = information_state_vector(view, moves, dealt)
    two = information_state_vector(view, moves, other)
    assert one != two
    assert one[: observation_length("standard")] == two[: observation_length("standard")]
    assert information_state_string(view, moves, dealt) != information_state_string(
        view, moves, other
    )


def _first_play(bid: int) -> Move:
    state = apply_move(new_deal("standard", seed=10), parse_move(f"bid {bid}"))
    return next(iter(iter_legal_moves(state)))


def test_information_state_move_slots_spell_out_each_move() -> None:
    start = new_deal("standard", seed=10)
    moves = [parse_move("bid 10"), _first_play(10)]
    state = apply_move(apply_move(start, moves[0]), moves[1])
    vector = information_state_vector(observe(state, 3), moves, dealt_by_round(start, moves, 3))
    layout = information_state_layout("standard")
    slot_layout = move_slot_layout("standard")
    bid_slot = vector[layout["move_0"]]
    assert bid_slot[slot_layout["kind"]][MOVE_KINDS.index("bid")] == 1
    assert bid_slot[slot_layout["mover"]] == (0, 0, 1, 0)  # seat 1 is two on from seat 3
    assert bid_slot[slot_layout["value"]][HOUSE_VALUES.index(10)] == 1
    play = moves[1]
    play_slot = vector[layout["move_1"]]
    assert cards_of(play_slot, slot_layout["card"]) == CardSet.of([play.card])  # type: ignore[union-attr]
    assert play_slot[slot_layout["present"]] == (1,)
    assert vector[layout["move_2"]] == (0,) * move_slot_width("standard")


def test_a_history_that_does_not_fit_the_view_is_refused() -> None:
    start = new_deal("standard", seed=10)
    moves = [parse_move("bid 10")]
    view = observe(apply_move(start, moves[0]), 1)
    dealt = dealt_by_round(start, moves, 1)
    with pytest.raises(InvalidStateError, match="moves"):
        information_state_vector(view, [], dealt)
    with pytest.raises(InvalidStateError, match=r"R2\.4"):
        information_state_vector(view, [parse_move("bid 11")], dealt)
    with pytest.raises(InvalidStateError, match="dealt"):
        information_state_vector(view, moves, (CardSet.parse("AS"),))
    played = apply_move(apply_move(start, moves[0]), _first_play(10))
    with pytest.raises(InvalidStateError, match=r"R2\.4"):
        information_state_vector(observe(played, 1), [_first_play(10)], dealt)
    with pytest.raises(InvalidStateError, match="dealt"):
        information_state_vector(view, moves, (*dealt, CardSet(), CardSet()))
    with pytest.raises(InvalidStateError, match="start"):
        dealt_by_round(apply_move(apply_move(start, moves[0]), _first_play(10)), [], 1)


def _table_rows(text: str, heading: str) -> list[tuple[str, str]]:
    """The ``| `name` | width |`` rows of the first table after ``heading``."""
    table = text.split(heading, 1)[1].split("\n\n|", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^\| `([a-z_0-9]+)` \| (\w+) \|", "|" + table, flags=re.M)


def test_docs_table_lists_the_observation_fields_in_order() -> None:
    text = DOCS.read_text()
    rows = _table_rows(text, "### The observation vector")
    layout = observation_layout("standard")
    two = observation_layout("standard-2p")
    # The four house rows stand for each value 9..13 in turn.
    house = [row for row in rows if row[0].startswith("house_v")]
    first = rows.index(house[0])
    expanded = [
        *rows[:first],
        *(
            (name.replace("_v", f"_{value}"), width)
            for value in HOUSE_VALUES
            for name, width in house
        ),
        *rows[first + len(house) :],
    ]
    names = [name for name, _ in expanded]
    assert names == list(layout)
    for name, width in expanded:
        size = layout[name].stop - layout[name].start
        if width == "n":
            assert size == 4 and two[name].stop - two[name].start == 2
        else:
            assert size == int(width)
    slot = [
        (name, 4 if width == "n" else int(width))
        for name, width in _table_rows(text, "A move slot")
    ]
    assert slot == [(n, f.stop - f.start) for n, f in move_slot_layout("standard").items()]
    for variant in VARIANTS:
        assert f"| {variant} | {observation_length(variant)} |" in text
        assert f"{information_state_length(variant)} |" in text


def test_cards_are_in_canonical_order_in_every_card_field() -> None:
    state = position(hand="AS KC", to_move=0, loose="2H")
    vector = observation_vector(observe(state, 0))
    hand = vector[observation_layout("standard")["hand"]]
    assert [index for index, bit in enumerate(hand) if bit] == [Card.parse("AS"), Card.parse("KC")]


@pytest.mark.parametrize("variant", ["standard", "standard-2p", "taash", "taash-2p"])
def test_r2_7_r2_9_the_view_history_gives_the_same_information_state_as_a_replay(
    variant: str,
) -> None:
    """R2.7, R2.9, R11.2: the rounds read from View.history are those a replay deals."""
    import random

    from seep import apply_move, legal_moves, new_deal
    from seep.observation import dealt_by_round, history_inputs, information_state_vector
    from seep.views import observe

    for seed in range(3):
        rng = random.Random(seed)
        start = state = new_deal(variant, seed=seed)
        played = []
        while not state.is_over:
            for seat in range(state.players):
                view = observe(state, seat)
                moves, dealt = history_inputs(view)
                assert list(moves) == played
                assert dealt == dealt_by_round(start, played, seat)
                assert information_state_vector(view) == information_state_vector(
                    view, played, dealt
                )
            move = rng.choice(legal_moves(state))
            played.append(move)
            state = apply_move(state, move)


def test_an_unknown_history_has_no_information_state() -> None:
    """A state loaded from a JSON document carries no history to encode."""
    from seep import new_deal, state_from_dict, state_to_dict
    from seep.errors import InvalidStateError
    from seep.observation import information_state_vector
    from seep.views import observe

    loaded = state_from_dict(state_to_dict(new_deal("standard", seed=2)))
    with pytest.raises(InvalidStateError, match="history"):
        information_state_vector(observe(loaded, 1))

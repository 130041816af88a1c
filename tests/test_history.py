"""Histories: every state's deal so far, every seat's action-observation history (seep.history)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from seep import (
    CardSet,
    State,
    apply_move,
    legal_moves,
    new_deal,
    parse_move,
    state_from_dict,
    state_to_dict,
)
from seep.errors import InvalidStateError
from seep.history import (
    Dealt,
    FloorTurned,
    History,
    Played,
    Unknown,
    history_from_list,
    history_text,
    history_to_list,
    seen_by,
)
from seep.state import SeepRecord
from seep.views import observe, view_from_dict, view_to_dict

VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")


def random_deal(variant: str, seed: int) -> Iterator[State]:
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed, dealer=rng.randrange(2))
    yield state
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
        yield state


def test_r2_2_standard_deal_history_bidder_packet_then_floor_face_down() -> None:
    state = new_deal("standard", seed=10)
    assert state.history.entries() == (
        Dealt(1, 4, CardSet.parse("6D TH JS QC")),
        Dealt(None, 4, state.loose),
    )
    assert seen_by(state.history, 0) == (Dealt(1, 4, None), Dealt(None, 4, None))


def test_r2_5_the_bid_turns_the_floor_up_in_the_history() -> None:
    state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    assert state.history.entries()[2:] == (
        Played(1, parse_move("bid 12")),
        FloorTurned(CardSet.parse("AH 5S 9S JD")),
    )


def test_r11_1_taash_floor_face_up_then_packets_from_the_seat_after_the_dealer() -> None:
    state = new_deal("taash", seed=1, dealer=2)
    entries = state.history.entries()
    assert entries[0] == Dealt(None, 4, state.loose, face_up=True)
    assert [entry.to for entry in entries[1:] if isinstance(entry, Dealt)] == [3, 0, 1, 2]
    assert seen_by(entries, 1)[0] == entries[0]  # a face-up floor is seen by everyone


def test_r2_7_packets_after_the_first_play_go_round_from_the_bidder() -> None:
    state = new_deal("standard", seed=10)
    state = apply_move(state, parse_move("bid 12"))
    state = apply_move(state, legal_moves(state)[0])
    packets = [entry for entry in state.history.entries()[4:] if isinstance(entry, Dealt)]
    assert [(packet.to, packet.count) for packet in packets] == [
        (1, 4),
        (2, 4),
        (3, 4),
        (0, 4),
    ] * 2 + [
        (2, 4),
        (3, 4),
        (0, 4),
    ]
    for packet in packets:
        assert packet.cards is not None and packet.cards <= state.hands[packet.to]  # type: ignore[index]


@pytest.mark.parametrize("variant", VARIANTS)
def test_history_of_a_whole_deal_deals_every_card_once_and_lists_every_move(variant: str) -> None:
    for seed in range(3):
        states = list(random_deal(variant, seed))
        final = states[-1]
        entries = final.history.entries()
        dealt = [entry for entry in entries if isinstance(entry, Dealt)]
        assert sum(entry.count for entry in dealt) == 52
        cards = CardSet()
        for entry in dealt:
            assert entry.cards is not None and not entry.cards & cards
            cards |= entry.cards
        assert len(cards) == 52
        moves = final.history.moves()
        assert len(moves) == len(states) - 1
        replayed = states[0]
        for move in moves:
            replayed = apply_move(replayed, move)
        assert replayed == final
        assert [e for e in entries if isinstance(e, SeepRecord)] == list(final.seeps)  # R4.5


@pytest.mark.parametrize("variant", ("standard-2p", "taash-2p"))
def test_r2_9_two_player_second_batch_appears_after_the_last_play_of_the_first(
    variant: str,
) -> None:
    states = list(random_deal(variant, 4))
    after_batch = next(state for state in states if state.plays == 24)
    last = after_batch.history.entries()[-6:]
    assert [type(entry) for entry in last] == [Dealt] * 6
    assert sorted(entry.to for entry in last if isinstance(entry, Dealt)) == [0, 0, 0, 1, 1, 1]


def test_histories_are_shared_not_copied() -> None:
    state = new_deal("standard", seed=10)
    after = apply_move(state, parse_move("bid 12"))
    later = apply_move(after, legal_moves(after)[0])
    assert after.history.parent is not None and after.history.parent.parent is state.history
    node: History | None = later.history
    while node is not None and node is not after.history:
        node = node.parent
    assert node is after.history
    assert len(later.history) == len(later.history.entries())


def test_states_with_the_same_position_are_equal_whatever_their_history() -> None:
    state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    loaded = state_from_dict(state_to_dict(state))
    assert loaded == state and hash(loaded) == hash(state)
    assert loaded.history.entries() == (Unknown(0),) and not loaded.history.known
    assert state.history.known
    # The views differ: one seat knows how the deal went, the other does not.
    assert observe(loaded, 2) != observe(state, 2)
    assert observe(loaded, 2).history == (Unknown(0),)


def test_moves_after_an_unknown_start_are_recorded() -> None:
    state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    loaded = state_from_dict(state_to_dict(state))
    after = apply_move(loaded, legal_moves(loaded)[0])
    entries = after.history.entries()
    assert entries[0] == Unknown(0) and isinstance(entries[1], Played)
    assert not observe(after, 0).history_known


@pytest.mark.parametrize("variant", VARIANTS)
def test_view_history_json_and_text_round_trip(variant: str) -> None:
    for state in list(random_deal(variant, 7))[::5]:
        for seat in range(state.players):
            view = observe(state, seat)
            doc = json.loads(json.dumps(view_to_dict(view)))
            assert view_from_dict(doc) == view
            assert hash(view_from_dict(doc)) == hash(view)
            assert history_from_list(doc["history"], state.players) == view.history
            text = history_text(view.history)
            assert len(text.splitlines()) == len(view.history)
            for entry in view.history:  # no packet of another seat shows its cards
                if isinstance(entry, Dealt) and entry.to is not None and entry.to != seat:
                    assert entry.cards is None


def test_view_without_history_loads_with_an_unknown_history() -> None:
    view = observe(apply_move(new_deal("standard", seed=10), parse_move("bid 12")), 0)
    doc = view_to_dict(view)
    del doc["history"]
    loaded = view_from_dict(doc)
    assert loaded.history == (Unknown(0),) and not loaded.history_known
    assert loaded != view


def test_bad_history_documents_name_the_field() -> None:
    with pytest.raises(InvalidStateError, match=r"history\[0\]\.kind"):
        history_from_list([{"kind": "shuffled"}], 4)
    with pytest.raises(InvalidStateError, match=r"history\[1\]\.count"):
        history_from_list(
            [
                {"kind": "unknown", "plays": 0},
                {"kind": "dealt", "to": 1, "count": 3, "cards": ["AS"], "face_up": False},
            ],
            4,
        )
    with pytest.raises(InvalidStateError, match=r"history\[0\]\.move\.card"):
        history_from_list(
            [{"kind": "played", "seat": 0, "move": {"kind": "throw", "card": "ZZ"}}], 4
        )
    with pytest.raises(InvalidStateError, match="history"):
        history_from_list("dealt", 4)


def test_history_to_list_text_forms_for_every_entry_kind() -> None:
    entries = (
        Unknown(2),
        Dealt(0, 4, CardSet.parse("AS 2S 3S 4S")),
        Played(0, parse_move("take 4S #9")),
        SeepRecord(seat=0, play=3, points=50),
        FloorTurned(CardSet.parse("5H")),
    )
    assert history_from_list(history_to_list(entries), 4) == entries
    assert history_text(entries).splitlines() == [
        "unknown until play 2",
        "dealt 0: AS 2S 3S 4S",
        "0: take 4S #9",
        "seep 0: 50 at play 3",
        "floor turned: 5H",
    ]


def test_pickled_states_keep_their_history() -> None:
    import pickle

    state = list(random_deal("standard", 3))[20]
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.history == state.history

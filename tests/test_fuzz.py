"""The fuzz suite: a short deterministic run of every target, the independent check, the runner.

The long run is ``python -m seep.testing.fuzz --inputs 200000 --seed 1``
(see docs/testing.md); this module keeps a few seconds of it in the normal
test suite so that the classes of bad input found once stay fixed.
"""

from __future__ import annotations

import contextlib
import json
import random
import time

import attrs
import pytest
from hypothesis import given, settings

from seep import STANDARD, apply_move, legal_moves, new_deal, parse_move, state_from_dict
from seep.baazi import baazi_from_dict, baazi_to_dict, new_baazi
from seep.cards import CardSet
from seep.errors import InvalidStateError, RecordError, SeepError, VariantError
from seep.records import record_from_deal, record_from_dict, record_to_dict
from seep.serialization import state_to_dict
from seep.state import House, SeepRecord
from seep.testing import (
    fuzz_targets,
    mutated_move_texts,
    mutated_state_documents,
    position,
    run_fuzz,
    state_problems,
    view_problems,
)
from seep.testing.fuzz import _alarm
from seep.testing.fuzz._corpus import corpus
from seep.testing.fuzz._mutate import WRONG_VALUES, mutate_document
from seep.testing.fuzz._runner import input_rng, run_input
from seep.testing.fuzz._targets import TARGETS, Input, Target
from seep.variants import BUILT_IN_NAMES, CardPoints, SeepBonus
from seep.views import observe, view_from_dict, view_to_dict

# --- the short run ----------------------------------------------------------------------


@pytest.mark.parametrize("target", fuzz_targets())
def test_every_target_refuses_with_typed_errors_or_accepts_valid_input(target: str) -> None:
    report = run_fuzz(60, seed=20261201, targets=[target], keep=3)
    (result,) = report.targets
    assert result.inputs >= 60
    assert sum(result.counts.values()) == result.inputs
    assert result.counts["refused"], "the mutations never produced a bad input"
    failures = "\n".join(f"#{f.index} {f.outcome} {f.made_by}: {f.error}" for f in result.failures)
    assert report.ok, f"{target}:\n{failures}"


@settings(max_examples=40, derandomize=True, database=None, deadline=None)
@given(mutated_state_documents())
def test_a_mutated_state_document_loads_valid_or_is_refused_typed(doc: object) -> None:
    try:
        state = state_from_dict(doc)  # type: ignore[arg-type]
    except SeepError:
        return
    assert state_problems(state) == []


@settings(max_examples=40, derandomize=True, database=None, deadline=None)
@given(mutated_move_texts())
def test_mutated_move_notation_parses_or_is_refused_typed(text: str) -> None:
    with contextlib.suppress(SeepError):
        parse_move(text)


def _dumped(value: object) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def test_mutations_never_change_the_shared_wrong_values() -> None:
    # A list of WRONG_VALUES put into a document and then mutated again (an entry
    # dropped, one added) changed every later input of the process: Hypothesis saw
    # the same choices make different documents and stopped the test as flaky.
    before = _dumped(WRONG_VALUES)
    for seed in range(3_000):
        doc = {"hands": [["KS", "9H"], []], "floor": {"loose": ["2C"], "houses": []}}
        mutate_document(doc, random.Random(seed), count=3)
    assert _dumped(WRONG_VALUES) == before


def test_a_fuzz_run_leaves_the_corpus_documents_as_they_were() -> None:
    data = corpus()
    fields = ("state_docs", "view_docs", "match_docs", "record_docs", "record_texts")
    before = {field: _dumped(getattr(data, field)) for field in fields}
    run_fuzz(300, seed=7)
    assert {field: _dumped(getattr(data, field)) for field in fields} == before


# --- the independent check --------------------------------------------------------------


def _played(variant: str, plays: int, seed: int = 3) -> object:
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed)
    while state.plays < plays or state.phase.value == "bid":
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])
    return state


@pytest.mark.parametrize("variant", BUILT_IN_NAMES)
def test_states_of_real_games_pass_the_check_in_every_phase(variant: str) -> None:
    for plays in (0, 1, 5, 24, 25, 47):
        state = _played(variant, plays)
        assert state_problems(state, play_out=plays in (0, 25)) == [], (variant, plays)
    finished = _played(variant, 48)
    assert state_problems(finished) == []


def test_r1_1_a_card_in_two_places_is_found() -> None:
    state = new_deal("standard", seed=7)
    hands = list(state.hands)
    hands[0] = CardSet.of(list(state.loose)[:1])
    problems = state_problems(attrs.evolve(state, hands=tuple(hands)))
    assert problems and problems[0].startswith("R1.1")


def test_r3_2_an_owner_without_a_card_of_the_house_is_found() -> None:
    state = position(hand="9S 4H", loose="5C", houses=[(9, "4S 5H", [1])])
    assert state_problems(state, play_out=False) == []
    without_a_nine = next(
        seat for seat, hand in enumerate(state.hands) if not any(c.value == 9 for c in hand)
    )
    house = House(value=9, cards=CardSet.parse("4S 5H"), owners=(without_a_nine,))
    problems = state_problems(attrs.evolve(state, houses=(house,)), play_out=False)
    assert f"R3.2: owner {without_a_nine} holds no 9" in problems


def test_r4_5_a_seep_credited_to_a_seat_that_did_not_make_that_play_is_found() -> None:
    state = _played("standard", 10)
    assert state.piles[0] or state.piles[1]
    team = 0 if state.piles[0] else 1
    first = (state.dealer + 1) % 4
    wrong_seat = next(seat for seat in (team, team + 2) if (first + 4) % 4 != seat)
    seeped = attrs.evolve(state, seeps=(SeepRecord(seat=wrong_seat, play=5, points=50),))
    assert any("R4.5" in problem for problem in state_problems(seeped, play_out=False))


def test_r2_8_a_wrong_seat_to_move_is_found() -> None:
    state = new_deal("taash", seed=2)
    assert state_problems(attrs.evolve(state, to_move=(state.to_move + 1) % 4)) == [
        f"R2.8: seat {(state.to_move + 1) % 4} to move, expected {state.to_move}"
    ]


def test_r1_1_a_view_with_too_many_cards_is_found() -> None:
    view = observe(new_deal("standard-2p", seed=5), 0)
    assert view_problems(view) == []
    assert view_problems(attrs.evolve(view, stock_count=view.stock_count + 1))


# --- the runner -------------------------------------------------------------------------


def _target(load: object, check: object = lambda value, rng: []) -> Target:
    return Target("probe", lambda rng, data: Input(None, ()), load, check)  # type: ignore[arg-type]


def _outcome(target: Target, made: Input, timeout: float = 1.0) -> str:
    previous = _alarm.install()
    try:
        return run_input(target, made, random.Random(0), timeout)[0]
    finally:
        _alarm.restore(previous)


def _raise(error: BaseException) -> object:
    def load(value: object) -> object:
        raise error

    return load


def test_the_runner_classifies_each_outcome() -> None:
    plain = Input(None, ())
    wrong_type = Input(None, (), wrong_type=True)
    assert _outcome(_target(lambda value: value), plain) == "accepted"
    assert _outcome(_target(_raise(SeepError("bad"))), plain) == "refused"
    assert _outcome(_target(_raise(TypeError("bad"))), wrong_type) == "refused"
    assert _outcome(_target(_raise(TypeError("bad"))), plain) == "untyped"
    assert _outcome(_target(_raise(ValueError("bad"))), wrong_type) == "untyped"
    assert _outcome(_target(_raise(RecursionError())), plain) == "untyped"
    invalid = _target(lambda value: value, lambda value, rng: ["R1.1: broken"])
    assert _outcome(invalid, plain) == "accepted-invalid"
    crashing = _target(lambda value: value, lambda value, rng: 1 / 0)
    assert _outcome(crashing, plain) == "accepted-invalid"


def test_the_runner_cuts_an_input_at_its_time_limit_and_counts_a_hang() -> None:
    def spin(value: object) -> object:
        while True:
            time.sleep(0.01)

    start = time.monotonic()
    assert _outcome(_target(spin), Input(None, ()), timeout=0.2) == "hang"
    assert time.monotonic() - start < 2


def test_the_long_run_command_prints_the_table_and_fails_on_failures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from seep.testing.fuzz._runner import main

    status = main(["--inputs", "10", "--seed", "3", "--target", "move-text", "--examples", "2"])
    out = capsys.readouterr().out
    assert out.splitlines()[1].split()[:3] == ["target", "inputs", "accepted"]
    assert "move-text" in out
    assert status in (0, 1)


# --- regressions: inputs the fuzz suite found, each refused with a typed error now ------


def _deep(depth: int = 5_000) -> object:
    value: object = "play"
    for _ in range(depth):
        value = [value]
    return value


def test_states_as_json_a_phase_nested_deep_is_refused_naming_the_field() -> None:
    doc = state_to_dict(new_deal("standard", seed=7))
    doc["phase"] = _deep()
    with pytest.raises(InvalidStateError) as caught:
        state_from_dict(doc)
    assert caught.value.field == "phase"


def test_views_as_json_a_phase_nested_deep_is_refused_naming_the_field() -> None:
    doc = view_to_dict(observe(new_deal("taash", seed=3), 2))
    doc["phase"] = _deep()
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field == "phase"


@pytest.mark.parametrize("name", [10**5000, _deep()], ids=["huge", "deep"])
def test_json_documents_a_variant_name_too_big_to_quote_is_refused_typed(name: object) -> None:
    view = view_to_dict(observe(new_deal("standard", seed=7), 1))
    view["variant"] = name
    with pytest.raises(InvalidStateError):
        view_from_dict(view)
    match = baazi_to_dict(new_baazi("standard", seed=2))
    match["variant"] = name
    with pytest.raises(RecordError):
        baazi_from_dict(match)


def test_r12_config_values_too_big_to_quote_are_refused_typed() -> None:
    huge = 10**5000
    with pytest.raises(VariantError):
        SeepBonus(normal=huge)
    with pytest.raises(VariantError):
        CardPoints(points=(huge, *CardPoints().points[1:]))
    with pytest.raises(VariantError):
        attrs.evolve(STANDARD, players=huge)  # R1.3
    with pytest.raises(TypeError):
        attrs.evolve(STANDARD, name=_deep())


def _view_with_history(plays: int) -> tuple[object, dict[str, object]]:
    state = _played("standard", plays, seed=11)
    view = observe(state, 0)
    assert view.history_known
    return view, view_to_dict(view)


def test_views_as_json_a_history_naming_a_card_twice_is_refused_r1_1() -> None:
    _, doc = _view_with_history(20)
    history = doc["history"]
    packets = [i for i, entry in enumerate(history) if entry.get("cards")]
    first, second = packets[0], packets[1]
    history[second]["cards"][0] = history[first]["cards"][0]
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field.startswith(("history", "hand", "floor", "piles", "hand_counts"))


def test_views_as_json_a_hand_its_history_never_dealt_is_refused() -> None:
    _, doc = _view_with_history(20)
    pile = next(p for p in doc["piles"] if p)
    hand = doc["hand"]
    hand[0], pile[0] = pile[0], hand[0]  # every count stays right
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field.startswith("history")


def test_game_records_r11_1_a_taash_deal_with_redeals_is_refused() -> None:
    start = new_deal("taash", seed=4)
    doc = record_to_dict(record_from_deal(start, []))
    doc["deals"][0]["redeals"] = 3
    with pytest.raises(RecordError) as caught:
        record_from_dict(doc)
    assert caught.value.reason.startswith("R11.1") and caught.value.tag == "Redeals"


def test_views_as_json_r4_1_a_history_whose_take_is_no_group_is_refused() -> None:
    _, doc = _view_with_history(20)
    takes = [e for e in doc["history"] if e.get("kind") == "played" and e["move"]["kind"] == "take"]
    move = next(e["move"] for e in takes if len(e["move"]["loose"]) >= 2)
    move["loose"] = move["loose"][:-1]  # the played card no longer takes whole groups
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field.startswith("history")


def _view_doc_with_a_house(variant: str) -> dict[str, object]:
    """A view (with its history) of a deal in play where a house stands."""
    for seed in range(40):
        rng = random.Random(seed)
        state = new_deal(variant, seed=seed)
        while not state.is_over:
            if state.houses and state.plays > 4:
                return view_to_dict(observe(state, 0))
            moves = legal_moves(state)
            state = apply_move(state, moves[rng.randrange(len(moves))])
    raise AssertionError("no deal with a house")


@pytest.mark.parametrize("variant", ["standard", "taash-2p"])
def test_views_as_json_r5_2_r6_3_r7_2_house_owners_the_history_never_made_are_refused(
    variant: str,
) -> None:
    doc = _view_doc_with_a_house(variant)
    house = doc["floor"]["houses"][0]  # type: ignore[index]
    players = len(doc["hand_counts"])  # type: ignore[arg-type]
    house["owners"] = [next(s for s in range(1, players) if s not in house["owners"])]
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field == "floor.houses" and "R6.3" in caught.value.reason


def test_views_as_json_r2_1_a_dealer_whose_next_seat_did_not_play_first_is_refused() -> None:
    view, doc = _view_with_history(20)
    assert view.to_move is not None
    doc["dealer"] = (view.dealer + 1) % 4  # the turn moves along: the counters still agree
    doc["to_move"] = (view.to_move + 1) % 4
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field.startswith("history[") and "R2.1" in caught.value.reason


def test_views_as_json_r2_8_a_history_with_two_plays_swapped_is_refused() -> None:
    _, doc = _view_with_history(20)
    history = doc["history"]
    plays = [i for i, entry in enumerate(history) if entry.get("kind") == "played"]
    first, second = plays[5], plays[6]
    history[first], history[second] = history[second], history[first]
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field == f"history[{first}]" and "R2.8" in caught.value.reason


def test_views_as_json_r4_4_a_last_capturer_the_history_does_not_name_is_refused() -> None:
    view, doc = _view_with_history(20)
    assert view.last_capture is not None
    doc["last_capture"] = (view.last_capture + 2) % 4  # the partner: the same team's pile
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field == "last_capture" and "R4.4" in caught.value.reason


@pytest.mark.parametrize("variant", ["standard", "taash", "taash-2p"])
def test_views_as_json_r2_4_r11_2_a_bid_the_history_never_made_is_refused(variant: str) -> None:
    doc = view_to_dict(observe(_played(variant, 10, seed=5), 0))  # type: ignore[arg-type]
    assert doc["bid"] is not None
    doc["bid"] = 9 if doc["bid"] != 9 else 10
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field == "bid" and "R11.2" in caught.value.reason


def test_sampling_a_view_no_deck_order_reproduces_raises_a_typed_error() -> None:
    from seep.history import Unknown
    from seep.sampling import sample_deal

    view, _ = _view_with_history(20)
    unknown = attrs.evolve(view, history=(Unknown(view.plays),))
    with pytest.raises(InvalidStateError) as caught:
        sample_deal(unknown, random.Random(1))
    assert caught.value.field == "history"


def test_views_as_json_r2_2_a_packet_dealt_face_up_with_a_bid_is_refused() -> None:
    _, doc = _view_with_history(20)
    doc["history"][0]["face_up"] = True  # type: ignore[index]
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field == "history[0]" and "R2.2" in caught.value.reason


def test_views_as_json_r3_1_a_play_before_the_seat_was_dealt_a_card_is_refused() -> None:
    doc = view_to_dict(observe(_played("taash-2p", 3, seed=5), 0))  # type: ignore[arg-type]
    history = doc["history"]
    first_play = next(i for i, e in enumerate(history) if e["kind"] == "played")
    history.insert(0, history.pop(first_play))  # played before any packet was dealt
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field == "history[0]" and "R3.1" in caught.value.reason


@pytest.mark.parametrize("variant", ["taash", "standard"])
def test_views_as_json_r2_7_r11_1_packets_dealt_out_of_order_are_refused(variant: str) -> None:
    doc = view_to_dict(observe(_played(variant, 10, seed=5), 0))  # type: ignore[arg-type]
    history = doc["history"]
    first_play = next(i for i, e in enumerate(history) if e["kind"] == "played" and i > 2)
    run = [i for i in range(first_play + 1, len(history)) if history[i]["kind"] == "dealt"][:2]
    if variant == "taash":
        run = [1, 2]  # R11.1: the opening packets go round from the seat after the dealer
    first, second = run
    assert history[first]["to"] != history[second]["to"]
    history[first], history[second] = history[second], history[first]
    with pytest.raises(InvalidStateError) as caught:
        view_from_dict(doc)
    assert caught.value.field.startswith("history[") and "R2.7" in caught.value.reason


def test_r8_2_a_view_whose_history_throws_a_card_that_could_pick_up_is_refused() -> None:
    # Found by the long run (seed 7, view-json input 5956): the viewing seat's own
    # `build 8C AD =9` and `throw 6D` swapped, so 6D is thrown while 6C lies loose.
    (target,) = [t for t in TARGETS if t.name == "view-json"]
    made = target.make(input_rng(7, target.name, 5956), corpus())
    with pytest.raises(InvalidStateError, match=r"R8\.2: 6D could pick up"):
        target.load(made.value)


def test_a_replayed_input_is_checked_with_the_time_limits_of_a_fuzz_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A check that limits its slow part (exact sampling of a view) must get a Hang, not a
    # SIGALRM that ends the process, when one input is replayed (--replay TARGET:INDEX).
    import signal

    from seep.testing.fuzz import _runner

    handlers: list[object] = []

    def check(value: object, rng: random.Random) -> list[str]:
        handlers.append(signal.getsignal(signal.SIGALRM))
        return []

    fake = Target("fake", lambda rng, corpus: Input("x", ("fake",)), lambda value: value, check)
    monkeypatch.setattr(_runner, "_select", lambda names: [fake])
    before = signal.getsignal(signal.SIGALRM)
    assert _runner.main(["--replay", "fake:3"]) == 0
    assert handlers == [_alarm._on_alarm]
    assert signal.getsignal(signal.SIGALRM) is before
    assert "accepted; the check says: []" in capsys.readouterr().out

"""Every input loads into a state the rules can have, or is refused with a typed error.

Each class of bad input gets a hand-made position or document that the
loader refused before and must refuse now, naming the field and the rule;
the property tests check the other side: every state and view that random
play reaches, in every built-in variant, loads back equal (no false
refusals), and a view's samples load too.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Iterator
from itertools import islice
from typing import Any

import attrs
import pytest

from seep import (
    STANDARD,
    TAASH,
    CardSet,
    InvalidStateError,
    SeepError,
    State,
    Take,
    Variant,
    VariantError,
    apply_move,
    count_legal_moves,
    iter_legal_moves,
    legal_moves,
    new_deal,
    parse_move,
    state_from_dict,
    state_to_dict,
)
from seep._engine.groups import is_union_of_groups
from seep.bounds import POINTS_LIMIT
from seep.cards import ALL_CARDS
from seep.sampling import sample_state
from seep.state import SeepRecord
from seep.testing import position
from seep.variants import (
    BankedMatch,
    CardPoints,
    CardValueSeep,
    LeadMatch,
    SeepBonus,
    SeepContext,
    variant_names,
)
from seep.views import observe, view_from_dict, view_to_dict

Doc = dict[str, Any]


def refused(doc: Doc, field: str, rule: str, *, variant: Variant | None = None) -> None:
    """``doc`` is refused with an error naming ``field`` and citing ``rule``."""
    with pytest.raises(InvalidStateError) as info:
        state_from_dict(doc, variant=variant)
    assert info.value.field == field, str(info.value)
    assert rule in info.value.reason, str(info.value)


def swap(doc: Any, first: str, second: str) -> Any:
    """``doc`` with the cards ``first`` and ``second`` exchanged wherever they are."""
    if isinstance(doc, dict):
        return {key: swap(value, first, second) for key, value in doc.items()}
    if isinstance(doc, list):
        return [swap(item, first, second) for item in doc]
    return {first: second, second: first}.get(doc, doc) if isinstance(doc, str) else doc


def after(state: State, *moves: str) -> State:
    for move in moves:
        state = apply_move(state, parse_move(move))
    return state


# --- class 6: variant configs hold values of the right type ---------------------------


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: CardPoints(most_cards="x"), "CardPoints.most_cards"),
        (lambda: CardPoints(points=(1.5,) * 52), "CardPoints.points[0] (AS)"),
        (lambda: CardPoints(points=[0] * 52), "CardPoints.points"),
        (lambda: CardPoints().with_card("TD", True), "CardPoints.points[38] (TD)"),
        (lambda: LeadMatch(target="100"), "LeadMatch.target"),
        (lambda: LeadMatch(under=9.0), "LeadMatch.under"),
        (lambda: LeadMatch(target=None, deals="3"), "LeadMatch.deals"),
        (lambda: BankedMatch(target="50"), "BankedMatch.target"),
        (lambda: SeepBonus(normal=True), "SeepBonus.normal"),
        (lambda: SeepBonus(last_play=0.0), "SeepBonus.last_play"),
        (lambda: CardValueSeep(last_play="0"), "CardValueSeep.last_play"),
        (lambda: attrs.evolve(STANDARD, name="p", players=4.0), "Variant.players"),
        (lambda: attrs.evolve(STANDARD, name="p", players=True), "Variant.players"),
        (lambda: attrs.evolve(STANDARD, name=4), "Variant.name"),
    ],
)
def test_r12_config_of_a_wrong_type_is_refused_when_made(make: Any, field: str) -> None:
    with pytest.raises(TypeError) as info:
        make()
    assert str(info.value).startswith(f"{field}: expected ")


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: attrs.evolve(STANDARD, name="p", players=3), "Variant.players"),
        (lambda: attrs.evolve(STANDARD, name=" padded"), "Variant.name"),
        (lambda: CardPoints(points=(0,) * 51), "CardPoints.points"),
        (lambda: CardPoints(most_cards=-POINTS_LIMIT - 1), "CardPoints.most_cards"),
        (lambda: LeadMatch(target=0), "LeadMatch.target"),
        (lambda: LeadMatch(target=None, deals=None), "LeadMatch.target"),
        (lambda: LeadMatch(target=None, deals=0), "LeadMatch.deals"),
        (lambda: BankedMatch(target=-50), "BankedMatch.target"),
        (lambda: SeepBonus(normal=2_000_000), "SeepBonus.normal"),
        (lambda: CardValueSeep(last_play=-POINTS_LIMIT - 1), "CardValueSeep.last_play"),
    ],
)
def test_r12_config_with_a_bad_value_is_refused_when_made(make: Any, field: str) -> None:
    with pytest.raises(VariantError) as info:
        make()
    assert info.value.field == field
    assert isinstance(info.value, SeepError) and isinstance(info.value, ValueError)


def test_r12_config_error_pickles_with_its_field() -> None:
    error = pickle.loads(pickle.dumps(VariantError("SeepBonus.normal", "too big")))
    assert (error.field, error.reason, str(error)) == (
        "SeepBonus.normal",
        "too big",
        "SeepBonus.normal: too big",
    )


# --- class 18: config bounds and loader bounds agree ------------------------------------


def _seep_position(variant: Variant) -> State:
    """Seat 0 holds KS 2C, the floor is the KD alone: ``take KS KD`` is a seep (R4.5)."""
    return position(variant, hand="KS 2C", loose="KD")


def test_r4_5_the_largest_seep_bonus_a_config_may_give_loads() -> None:
    rich = attrs.evolve(STANDARD, name="rich-seeps", seep_bonus=SeepBonus(normal=POINTS_LIMIT))
    state = after(_seep_position(rich), "take KS KD")
    assert state.seeps[-1].points == POINTS_LIMIT
    assert state_from_dict(state_to_dict(state), variant=rich) == state


def test_r4_5_a_seep_rule_beyond_the_bounds_is_refused_at_the_seep() -> None:
    def huge(context: SeepContext) -> int:
        return POINTS_LIMIT + 1

    wild = attrs.evolve(STANDARD, name="wild-seeps", seep_bonus=huge)
    with pytest.raises(VariantError, match="beyond"):
        after(_seep_position(wild), "take KS KD")


# --- class 12: a finished deal; the last-play seep ---------------------------------------


def _last_play_seep() -> State:
    """Play 48: seat 0 takes the KD with the KS, the floor is empty: a seep worth 0 (R4.5)."""
    state = after(position(hand="KS", loose="KD", plays=47, piles=["AS 2S", ""]), "take KS KD")
    assert state.is_over and state.seeps[-1] == SeepRecord(seat=0, play=48, points=0)
    return state


def test_r2_5_a_finished_deal_with_the_floor_face_down_is_refused() -> None:
    doc = state_to_dict(_last_play_seep())
    assert state_from_dict(doc) == _last_play_seep()
    doc["floor"]["face_up"] = False
    refused(doc, "floor.face_up", "R2.5")


def test_r4_5_a_last_play_seep_with_points_is_refused() -> None:
    doc = state_to_dict(_last_play_seep())
    doc["seeps"][-1]["points"] = 50
    refused(doc, "seeps[0].points", "R4.5")


# --- class 13: seeps are cross-checked ---------------------------------------------------


def _seep_doc() -> tuple[State, Doc]:
    state = after(_seep_position(STANDARD), "take KS KD")
    assert state.seeps == (SeepRecord(seat=0, play=state.plays, points=50),)
    return state, state_to_dict(state)


def test_r4_5_a_seep_of_the_wrong_seat_is_refused() -> None:
    _, doc = _seep_doc()
    doc["seeps"][0]["seat"] = 2  # the partner: the team's pile holds the cards, but play is 0's
    refused(doc, "seeps[0].seat", "R2.8")


def test_r4_5_seep_points_other_than_the_rule_gives_are_refused() -> None:
    _, doc = _seep_doc()
    doc["seeps"][0]["points"] = 40
    refused(doc, "seeps[0].points", "R4.5")
    doc["seeps"][0]["points"] = 25  # the first-play bonus, on a later play
    refused(doc, "seeps[0].points", "R4.5")


def test_r4_5_first_play_seep_is_worth_25_and_made_with_a_card_of_the_bid() -> None:
    state = after(
        new_deal("standard", deck=_first_play_seep_deck()), "bid 13", "take KS KD QD AD KH"
    )
    assert state.seeps == (SeepRecord(seat=1, play=1, points=25),)
    doc = state_to_dict(state)
    assert state_from_dict(doc) == state
    doc["seeps"][0]["points"] = 50
    refused(doc, "seeps[0].points", "R4.5")


def _first_play_seep_deck() -> list[str]:
    """The bidder (seat 1) holds KS 2C 3C 4C, the floor is KD QD AD KH (R2.2).

    Bid 13 and take with the KS: KD, KH and QD + AD are the groups of 13, all taken.
    """
    bidder = ["KS", "2C", "3C", "4C"]
    floor = ["KD", "QD", "AD", "KH"]
    return bidder + floor + [str(c) for c in ALL_CARDS if str(c) not in bidder + floor]


def test_r4_5_a_seep_that_leaves_cards_on_the_floor_is_refused() -> None:
    state = position(hand="KS 2C", loose="KD 2H 3H", piles=["AS 2S", ""])
    doc = state_to_dict(state)
    previous = (state.to_move - 1) % 4  # type: ignore[operator]
    doc["seeps"] = [{"seat": previous, "play": state.plays, "points": 50}]
    refused(doc, "floor", "R4.5")  # the last play was a seep, yet three cards lie there
    # Two plays earlier: each play since adds at most one card, so three is still too many.
    doc["seeps"] = [{"seat": (previous - 2) % 4, "play": state.plays - 2, "points": 50}]
    refused(doc, "floor", "R4.5")
    doc["seeps"] = [{"seat": (previous - 2) % 4, "play": state.plays - 3, "points": 50}]
    refused(doc, "seeps[0].seat", "R2.8")
    doc["seeps"] = [{"seat": (previous - 3) % 4, "play": state.plays - 3, "points": 50}]
    assert state_from_dict(doc).seeps[0].play == state.plays - 3


def test_r4_5_seeps_on_two_plays_in_a_row_are_refused() -> None:
    state, doc = _seep_doc()
    # The play before was seat 3's (team 1, whose pile holds cards): a seep there left
    # nothing for seat 0 to take.
    doc["seeps"].insert(0, {"seat": 3, "play": state.plays - 1, "points": 50})
    refused(doc, "seeps[1].play", "R4.5")
    doc["seeps"][0] = {"seat": 2, "play": state.plays - 2, "points": 50}
    assert len(state_from_dict(doc).seeps) == 2


def test_r4_5_a_seep_of_the_last_play_makes_its_seat_the_last_capturer() -> None:
    _, doc = _seep_doc()
    doc["last_capture"] = 3
    refused(doc, "last_capture", "R4.4")


def test_r11_2_a_taash_seep_in_the_opening_round_is_refused() -> None:
    # Nobody built in the opening round (bid null): its plays picked nothing up.
    state = position("taash", hand="KS 2C", loose="KD", bid=None, piles=["AS 2S", "AH 2H"])
    doc = state_to_dict(state)
    second = (state.dealer + 2) % 4  # the seat of play 2
    doc["seeps"] = [{"seat": second, "play": 2, "points": 50}]
    refused(doc, "seeps[0].play", "R11.2")
    # With a bid, the round ended with the first house, at play 2 at the latest here.
    doc["bid"] = 11
    doc["seeps"] = [{"seat": (state.dealer + 1) % 4, "play": 1, "points": 50}]
    refused(doc, "seeps[0].play", "R11.2")
    doc["seeps"] = [{"seat": second, "play": 2, "points": 50}]
    assert state_from_dict(doc).seeps[0].play == 2


def test_r12_a_seep_rule_by_card_is_checked_against_the_cards_of_the_pile() -> None:
    by_card = attrs.evolve(STANDARD, name="by-card", seep_bonus=CardValueSeep())
    state = after(_seep_position(by_card), "take KS KD")
    assert state.seeps[-1].points == 13
    doc = state_to_dict(state)
    assert state_from_dict(doc, variant=by_card) == state
    doc["seeps"][0]["points"] = 1  # an ace could have made 1, but team 0's pile holds none
    assert not any(card.value == 1 for card in state.piles[0])
    refused(doc, "seeps[0].points", "R4.5", variant=by_card)


# --- class 14: houses are groups of their value ------------------------------------------


def test_r5_2_a_house_that_does_not_split_into_groups_of_its_value_is_refused() -> None:
    state = position(hand="9S 4H", loose="5C", houses=[(9, "4S 5H", [0])])
    doc = state_to_dict(state)
    assert state_from_dict(doc) == state
    # 6S QH sums to 18 = 2 x 9, but the queen is in no group of 9.
    broken = swap(swap(doc, "4S", "6S"), "5H", "QH")
    broken["floor"]["houses"][0]["locked"] = True  # as the sum says (R5.5)
    refused(broken, "floor.houses[0].cards", "R5.2")


def test_r5_3_a_locked_house_of_groups_loads() -> None:
    state = position(hand="QS 4H", houses=[(12, "6S 6H QH", [0])])
    assert state_from_dict(state_to_dict(state)).houses[0].locked


def test_r5_2_a_house_owned_by_a_seat_that_has_not_played_is_refused() -> None:
    hand = "9S 2C 3C 4C 5C 6C 7C 8C TC JC QC KC"
    state = position(hand=hand, to_move=3, dealer=0, plays=2, houses=[(9, "4S 5H", [1])])
    doc = state_to_dict(state)
    doc["floor"]["houses"][0]["owners"] = [3]  # seat 3 makes play 3: it has not played
    refused(doc, "floor.houses[0].owners", "R5.2")


def test_r4_4_a_last_capturer_that_has_not_played_is_refused() -> None:
    hand = "9S 2C 3C 4C 5C 6C 7C 8C TC JC QC KC"
    state = position(hand=hand, to_move=3, dealer=0, plays=2, loose="4S", last_capture=2)
    doc = state_to_dict(state)
    doc["last_capture"] = 0
    refused(doc, "last_capture", "R4.4")


def test_r4_1_a_pile_of_one_card_is_refused() -> None:
    state = position(hand="KS 2C", loose="KD", piles=["AS 2S", ""])
    doc = state_to_dict(state)
    doc["piles"][0].remove("2S")
    doc["floor"]["loose"].append("2S")
    refused(doc, "piles[0]", "R4.1")


# --- class 15: no loadable state lacks a legal move before the end ----------------------


def test_r2_4_after_the_bid_the_bidder_holds_a_card_of_the_bid() -> None:
    state = after(new_deal("standard", seed=10), "bid 12")  # the bidder holds JS QC TH 6D
    doc = state_to_dict(state)
    assert state_from_dict(doc) == state and legal_moves(state)
    broken = swap(doc, "QC", doc["stock"][0] if doc["stock"][0][0] != "Q" else doc["stock"][1])
    assert not any(card.startswith("Q") for card in broken["hands"][1])
    refused(broken, "hands[1]", "R2.4")


def test_r2_3_before_the_bid_the_bidder_holds_a_card_of_9_or_more() -> None:
    doc = state_to_dict(new_deal("standard", seed=10))  # the bidder holds 6D TH JS QC
    for high, low in (("TH", "2C"), ("JS", "3C"), ("QC", "4C")):
        doc = swap(doc, high, low)
    assert sorted(doc["hands"][1]) == ["2C", "3C", "4C", "6D"]
    refused(doc, "hands[1]", "R2.3")


def test_r2_6_right_after_the_first_play_the_bid_card_is_to_be_seen() -> None:
    hand = "2C 3C 4C 5C 6C 7C 8C TC JC QC KC AD"
    state = position(hand=hand, to_move=2, dealer=0, plays=1, bid=9, loose="9S 2H 3H 4H 5H")
    doc = state_to_dict(state)
    assert state_from_dict(doc) == state
    refused(swap(doc, "9S", "6H"), "floor.loose", "R2.6")  # no 9 was thrown


def test_r11_1_a_taash_deal_is_never_redealt() -> None:
    doc = state_to_dict(new_deal("taash", seed=3))
    doc["redeals"] = 1
    refused(doc, "redeals", "R11.1")


# --- class 17: views are canonical, and only consistent views are sampled ---------------


def _two_house_view_state() -> State:
    return position(hand="9S QH 2C", loose="5C", houses=[(9, "4S 5H", [0, 1]), (12, "7S 5D", [2])])


def test_r5_1_a_view_with_houses_and_owners_reordered_is_the_same_view() -> None:
    state = _two_house_view_state()
    view = observe(state, 0)
    doc = view_to_dict(view)
    doc["floor"]["houses"].reverse()
    doc["floor"]["houses"][1]["owners"].reverse()
    loaded = view_from_dict(doc)
    assert loaded == view
    assert view_to_dict(loaded) == view_to_dict(view)


def test_r5_1_a_state_with_houses_and_owners_reordered_is_the_same_state() -> None:
    state = _two_house_view_state()
    doc = state_to_dict(state)
    doc["floor"]["houses"].reverse()
    doc["floor"]["houses"][1]["owners"].reverse()
    assert state_from_dict(doc) == state


def test_r5_2_an_inconsistent_view_is_refused_not_sampled() -> None:
    state = position(hand="9S 4H", loose="5C", houses=[(9, "4S 5H", [1])], hands={2: "QH 6S"})
    view = observe(state, 0)
    # 6S QH (unseen: seat 2 holds them) sums to 18 = 2 x 9, but the queen is in no group
    # of 9. The house's cards go among the unseen in their place, so the counts still fit.
    bad_house = attrs.evolve(view.houses[0], cards=CardSet.parse("6S QH"))
    broken = attrs.evolve(view, houses=(bad_house,))
    with pytest.raises(InvalidStateError) as info:
        sample_state(broken, random.Random(0))
    assert info.value.field == "floor.houses[0].cards"
    with pytest.raises(InvalidStateError):
        view_from_dict(view_to_dict(broken))


def test_r4_5_a_view_with_a_seep_of_the_wrong_seat_is_refused_not_sampled() -> None:
    state, _ = _seep_doc()
    view = observe(state, 1)
    broken = attrs.evolve(view, seeps=(SeepRecord(seat=2, play=state.plays, points=50),))
    with pytest.raises(InvalidStateError, match=r"R2\.8"):
        sample_state(broken, random.Random(0))
    with pytest.raises(InvalidStateError, match=r"R2\.8"):
        view_from_dict(view_to_dict(broken))


# --- the other side: nothing that play reaches is refused --------------------------------


CUSTOM = (
    attrs.evolve(STANDARD, name="hs-by-card", seep_bonus=CardValueSeep(last_play=-3)),
    attrs.evolve(TAASH, name="hs-rich-2p", players=2, seep_bonus=SeepBonus(normal=POINTS_LIMIT)),
    attrs.evolve(
        STANDARD,
        name="hs-family",
        players=2,
        card_points=CardPoints(most_cards=4).with_card("TD", 2),
        seep_bonus=SeepBonus(first_play=-POINTS_LIMIT, last_play=POINTS_LIMIT),
    ),
)
ALL_VARIANTS = (*variant_names(), *CUSTOM)


def random_deal(variant: str | Variant, seed: int, *, greedy: bool = False) -> Iterator[State]:
    """Every state of one deal played with random legal moves (seeded), the end included.

    ``greedy``: mostly pick-ups, preferring those that clear the floor, so that
    the deal has many seeps (R4.5).
    """
    rng = random.Random(seed)
    state = new_deal(variant, seed=seed, dealer=seed % 2)
    yield state
    while not state.is_over:
        count = count_legal_moves(state)
        if greedy and count <= 64 and rng.random() < 0.9:
            moves = list(legal_moves(state))
            takes = [move for move in moves if isinstance(move, Take)]
            sweeps = [
                move
                for move in takes
                if move.loose == state.loose and len(state.houses) <= (move.house is not None)
            ]
            move = rng.choice(sweeps or takes or moves)
        else:
            move = next(islice(iter_legal_moves(state), rng.randrange(count), None))
        state = apply_move(state, move)
        yield state


def _variant_id(variant: str | Variant) -> str:
    return variant if isinstance(variant, str) else variant.name


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=_variant_id)
def test_r3_3_every_state_of_random_play_loads_back_equal(variant: str | Variant) -> None:
    rules = variant if isinstance(variant, Variant) else None
    seeps = 0
    for seed in range(4):
        for state in random_deal(variant, seed, greedy=seed >= 2):
            text = json.dumps(state_to_dict(state))
            loaded = state_from_dict(json.loads(text), variant=rules)
            assert loaded == state
            assert state_to_dict(loaded) == state_to_dict(state)
            assert loaded.is_over or count_legal_moves(loaded) > 0  # R3.3
        seeps += len(state.seeps)
    assert seeps  # the seep cross-checks were exercised


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=_variant_id)
def test_r3_3_every_view_of_random_play_loads_back_equal_and_samples_load(
    variant: str | Variant,
) -> None:
    rules = variant if isinstance(variant, Variant) else None
    rng = random.Random(_variant_id(variant))
    for state in islice(random_deal(variant, 7, greedy=True), 0, None, 5):
        # Loaded, the state's history is unknown: its views are sampled from the view alone.
        loaded = state_from_dict(state_to_dict(state), variant=rules)
        for seat in range(state.players):
            view = observe(loaded, seat)
            assert view_from_dict(copy.deepcopy(view_to_dict(view)), variant=rules) == view
            sample = sample_state(view, rng, max_proposals=3)
            assert state_from_dict(state_to_dict(sample), variant=rules) == sample
            assert observe(sample, seat) == view
        # With the history known, the views load too (the history is checked elsewhere).
        view = observe(state, state.plays % state.players)
        assert view_from_dict(view_to_dict(view), variant=rules) == view


def test_r4_4_a_pile_of_a_team_that_has_not_played_is_refused() -> None:
    # Play 1 was the bidder's (seat 1, team 1), taking 9H with the 9S; team 0 has not played.
    hand = "2C 3C 4C 5C 6C 7C 8C TC JC QC KC AD"
    state = position(
        hand=hand, to_move=2, dealer=0, plays=1, bid=9, loose="2H 3H 4H", piles=["", "9S 9H"]
    )
    doc = state_to_dict(state)
    assert state_from_dict(doc) == state
    doc["floor"]["loose"].remove("2H")
    doc["floor"]["loose"].remove("3H")
    doc["piles"][0] = ["2H", "3H"]
    refused(doc, "piles[0]", "R4.4")


def test_r2_7_a_view_error_names_the_field_of_the_view_document() -> None:
    doc = view_to_dict(observe(new_deal("standard", seed=10), 0))
    doc["hand_counts"][2] = 1
    with pytest.raises(InvalidStateError) as info:
        view_from_dict(doc)
    assert info.value.field == "hand_counts[2]"


def test_r3_2_no_house_stands_when_every_hand_ran_out_in_a_two_player_deal() -> None:
    # Play 24 emptied both hands before the second batch was dealt (R2.9).
    hand = "9S 2C 3C 4C 5C 6C 7C 8C TC JC QC"
    state = position("standard-2p", hand=hand, plays=26, dealer=1, houses=[(9, "4S 5H", [0])])
    doc = state_to_dict(state)
    assert state_from_dict(doc) == state
    # Two plays earlier: one card more in each hand, taken back from the pile.
    pile = doc["piles"][state.team_of(state.last_capture)]  # type: ignore[arg-type]
    doc["plays"] = 24
    doc["hands"][0].append(pile.pop())
    doc["hands"][1].append(pile.pop())
    refused(doc, "floor.houses", "R3.2")


def test_r11_2_right_after_play_1_a_taash_bid_is_the_house_built() -> None:
    state = after(new_deal("taash", deck=_taash_opening_deck(), dealer=3), "build 5S 4S =9")
    assert state.plays == 1 and state.bid == 9 and [h.value for h in state.houses] == [9]
    doc = state_to_dict(state)
    assert state_from_dict(doc) == state
    doc["bid"] = 10
    refused(doc, "floor.houses", "R11.2")


def _taash_opening_deck() -> list[str]:
    """Dealer 3: the floor gets 4S 2H 3H 6D, seat 0 (first to play) 5S 9H KC QC (R11.1)."""
    first = ["4S", "2H", "3H", "6D", "5S", "9H", "KC", "QC"]
    return first + [str(c) for c in ALL_CARDS if str(c) not in first]


def test_r5_3_a_house_of_many_groups_is_checked_quickly_and_exactly() -> None:
    # Every spade and heart: 182 = 14 x 13 (each value pairs with its complement, K alone).
    every = CardSet.parse(" ".join(f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "SH"))
    assert is_union_of_groups(every.mask, 13)
    # 7 7 7 2 2 4 5 sums to 36 = 4 x 9, but each seven needs a two and there are two.
    assert not is_union_of_groups(CardSet.parse("7S 7H 7D 2S 2H 4S 5S").mask, 9)
    assert is_union_of_groups(CardSet.parse("7S 7H 2S 2H 4S 5S").mask, 9)

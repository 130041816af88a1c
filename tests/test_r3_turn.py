"""R3: a turn, the ownership duty, the existence of a move and completeness."""

from __future__ import annotations

import random
import time
from functools import cache

import pytest

from rulebook import moves, play, rule_of
from seep import (
    CardSet,
    State,
    apply_move,
    is_legal,
    legal_moves,
    new_deal,
    parse_move,
)
from seep.testing import position

# --- R3.1 -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["take 7S 3C 4D 7H", "build 2H 7H =9", "raise 2H #10", "throw KD"],
)
def test_r3_1_every_move_plays_exactly_one_hand_card(text: str) -> None:
    """R3.1: a take, build, raise or throw removes exactly the played card from the hand."""
    state = position(
        hand="7S 2H KD QC 9D",
        loose="3C 4D 7H",
        houses=[(10, "4S 6H", [1])],
    )
    after = play(state, text)
    played = parse_move(text).card  # type: ignore[union-attr]
    assert after.hands[0] == state.hands[0] - CardSet.of([played])
    for seat in (1, 2, 3):
        assert after.hands[seat] == state.hands[seat]
    assert after.plays == state.plays + 1


def test_r3_1_card_not_in_hand_is_refused() -> None:
    """R3.1: the card played must come from the player's hand."""
    state = position(hand="7S 2H", loose="3C 4D")
    assert rule_of(state, "take 7H 3C 4D") == "R3.1"
    assert rule_of(state, "throw KD") == "R3.1"


def test_r3_1_one_move_per_turn_then_next_seat() -> None:
    """R3.1: one card per turn; after it the next seat is to move."""
    state = position(hand="7S 2H", loose="3C 4D", to_move=1)
    after = play(state, "take 7S 3C 4D")
    assert after.to_move == 2
    assert len(after.hands[1]) == 1


# --- R3.2 -------------------------------------------------------------------


def owner_of_nine() -> State:
    """Seat 0 owns an open house of 9 and holds a single nine (9S) and a king."""
    return position(hand="9S KD", loose="4D 6C", houses=[(9, "4S 5H", [0])])


def test_r3_2_owners_last_card_of_value_may_only_take_the_house() -> None:
    """R3.2: the owner's last nine has exactly one use: taking the house of 9."""
    assert moves(owner_of_nine()) == {"take 9S #9", "throw KD"}


def test_r3_2_building_with_owners_last_card_refused() -> None:
    """R3.2: building a new house of 13 with the last nine is refused, though a king is kept."""
    assert rule_of(owner_of_nine(), "build 9S 4D =13") == "R3.2"


def test_r3_2_adding_owners_last_card_to_own_house_refused() -> None:
    """R3.2: adding the last nine to one's own house of 9 is refused."""
    assert rule_of(owner_of_nine(), "build 9S =9") == "R3.2"


def test_r3_2_throwing_owners_last_card_refused() -> None:
    """R3.2: throwing the owner's last nine is refused."""
    assert rule_of(owner_of_nine(), "throw 9S") == "R3.2"


def test_r3_2_owner_with_a_second_card_may_add() -> None:
    """R3.2: an owner holding two nines may add one of them and stays an owner."""
    state = position(hand="9S 9H 2C", loose="4D 5C", houses=[(9, "4S 5H", [0])])
    assert moves(state) == {
        "take 9S 4D 5C #9",
        "build 9S =9",
        "build 9S 4D 5C =9",
        "take 9H 4D 5C #9",
        "build 9H =9",
        "build 9H 4D 5C =9",
        "throw 2C",
    }
    after = play(state, "build 9S =9")
    assert after.house(9) is not None
    assert after.house(9).owners == (0,)  # type: ignore[union-attr]
    assert "9H" in after.hands[0]


def test_r3_2_new_house_needs_another_card_of_its_value() -> None:
    """R3.2 (R5.2): building a new house of 9 without keeping a nine is refused."""
    state = position(hand="4C 2H", loose="5D KC")
    assert "build 4C 5D =9" not in moves(state)
    assert rule_of(state, "build 4C 5D =9") == "R3.2"
    kept = position(hand="4C 9H", loose="5D KC")
    assert "build 4C 5D =9" in moves(kept)


def test_r3_2_opponent_adding_becomes_coowner_with_the_duty() -> None:
    """R3.2/R6.3: an opponent who adds becomes a co-owner and must still hold a nine."""
    state = position(hand="4C 9S", loose="5D KC", houses=[(9, "4S 5H", [1])])
    after = play(state, "build 4C 5D =9")
    assert after.house(9).owners == (0, 1)  # type: ignore[union-attr]
    assert after.house(9).locked  # type: ignore[union-attr]
    without = position(hand="4C 2H", loose="5D KC", houses=[(9, "4S 5H", [1])])
    assert "build 4C 5D =9" not in moves(without)
    assert rule_of(without, "build 4C 5D =9") == "R6.3"  # R6.3 applies R3.2 to a new co-owner


def test_r3_2_opponent_may_not_add_its_last_card_of_the_value() -> None:
    """R3.2/R6.3: adding one's only nine to an opponent's house of 9 would leave no nine."""
    state = position(hand="9S 2H", loose="KC", houses=[(9, "4S 5H", [1])])
    assert moves(state) == {"take 9S #9", "throw 2H"}
    assert rule_of(state, "build 9S =9") == "R6.3"  # R6.3 applies R3.2 to a new co-owner


def test_r3_2_coowners_last_card_may_only_take_the_house() -> None:
    """R3.2: a co-owner has the same duty: the last nine may only take the house."""
    state = position(hand="9S 3C", loose="KD 2D", houses=[(9, "4S 5H 4C 5D", [0, 1])])
    assert moves(state) == {"take 9S #9", "throw 3C"}
    assert rule_of(state, "build 9S =9") == "R3.2"


def test_r3_2_partner_exemption_adding_to_partners_house() -> None:
    """R3.2/R6.3: adding to the partner's house needs no card of its value; owners unchanged."""
    state = position(hand="4C 3H", loose="5D KC", houses=[(9, "4S 5H", [2])])
    assert "build 4C 5D =9" in moves(state)
    after = play(state, "build 4C 5D =9")
    assert after.house(9).owners == (2,)  # type: ignore[union-attr]
    assert not after.hands[0].of_value(9)


def test_r3_2_partner_exemption_adding_the_only_nine() -> None:
    """R3.2/R6.3: a player may add their only nine to the partner's house of 9."""
    state = position(hand="9S 3H", loose="KC", houses=[(9, "4S 5H", [2])])
    assert "build 9S =9" in moves(state)
    after = play(state, "build 9S =9")
    assert after.house(9).owners == (2,)  # type: ignore[union-attr]


def test_r3_2_pickup_of_the_house_ends_the_duty() -> None:
    """R3.2: taking the house ends the duty; the house is gone."""
    after = play(owner_of_nine(), "take 9S #9")
    assert after.houses == ()
    assert not after.hands[0].of_value(9)


def test_r3_2_other_cards_are_free() -> None:
    """R3.2: the duty binds only cards of the house's value; other cards play freely."""
    state = position(hand="9S 5C 2D", loose="5H 3S", houses=[(9, "4S 5D", [0])])
    assert "take 5C 5H" in moves(state)
    assert "throw 2D" in moves(state)


def random_playout(seed: int) -> list[State]:
    rng = random.Random(seed)
    state = new_deal("standard", seed=seed, dealer=seed % 4)
    states = [state]
    while not state.is_over:
        options = legal_moves(state)
        state = apply_move(state, options[rng.randrange(len(options))])
        states.append(state)
    return states


@pytest.fixture(scope="module")
def playouts() -> list[list[State]]:
    return [random_playout(seed) for seed in range(12)]


def test_r3_2_every_owner_always_holds_a_card_of_the_value(
    playouts: list[list[State]],
) -> None:
    """R3.2: after every move each owner of each standing house holds a card of its value."""
    for states in playouts:
        for state in states:
            for house in state.houses:
                for owner in house.owners:
                    assert state.hands[owner].of_value(house.value), (state.plays, house)


def test_r3_2_no_house_stands_when_a_hand_is_empty(playouts: list[list[State]]) -> None:
    """R3.2: no house stands owned by a player whose hand has run out; none is left at the end."""
    for states in playouts:
        for state in states:
            for house in state.houses:
                assert all(len(state.hands[o]) > 0 for o in house.owners)
        before_last = states[-2]
        assert before_last.plays == 47
        (last_card,) = before_last.hand
        # At most one house can stand: the last player's, of the last card's value,
        # and the last card must take it.
        assert all(h.value == last_card.value for h in before_last.houses)
        if before_last.houses:
            for move in legal_moves(before_last):
                assert str(move).startswith("take") and str(move).endswith(f"#{last_card.value}")
        assert states[-1].houses == ()


# --- R3.3 -------------------------------------------------------------------


def test_r3_3_a_card_that_cannot_pick_up_can_be_thrown() -> None:
    """R3.3: a lone 5 that can pick nothing up, build or raise can still be thrown."""
    state = position(hand="5C", loose="KD", houses=[(9, "4S 5H", [1])], plays=44)
    assert moves(state) == {"throw 5C"}


def test_r3_3_owners_last_card_can_always_take() -> None:
    """R3.3: a card bound by R3.2 cannot be thrown but can always take its house."""
    state = position(hand="TC", loose="", houses=[(10, "4S 6H", [0])], plays=44)
    assert moves(state) == {"take TC #10"}


def test_r3_3_always_a_legal_move_while_cards_are_held(playouts: list[list[State]]) -> None:
    """R3.3: in every reached state the player to move, holding cards, has a legal move."""
    for states in playouts:
        for state in states[:-1]:
            assert len(state.hand) > 0
            assert legal_moves(state)
        assert legal_moves(states[-1]) == ()


# --- R3.4 -------------------------------------------------------------------


def subsets(n: int) -> range:
    return range(1 << n)


def brute_force_moves(state: State) -> set[str]:
    """Every legal move of a mid-deal standard position, by exhaustive search over R4 to R8."""
    loose = list(state.loose)
    n = len(loose)
    values = [c.value for c in loose]
    total = [sum(values[i] for i in range(n) if m >> i & 1) for m in subsets(n)]

    @cache
    def splits(mask: int, target: int) -> bool:
        if mask == 0:
            return True
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        while True:
            group = sub | low
            if total[group] == target and splits(mask ^ group, target):
                return True
            if sub == 0:
                return False
            sub = (sub - 1) & rest

    def has_group(mask: int, target: int) -> bool:
        sub = mask
        while sub:
            if total[sub] == target:
                return True
            sub = (sub - 1) & mask
        return False

    def text(mask: int) -> str:
        return " ".join(str(loose[i]) for i in range(n) if mask >> i & 1)

    seat = state.to_move
    assert seat is not None
    partner = (seat + 2) % 4
    hand = state.hand
    houses = {h.value: h for h in state.houses}
    full = (1 << n) - 1
    found: set[str] = set()
    for card in hand:
        v = card.value
        keeps = {t: any(c.value == t and c != card for c in hand) for t in range(9, 14)}
        house_v = houses.get(v)
        # R4: pick-ups (take everything).
        for s in subsets(n):
            if not splits(s, v) or has_group(full & ~s, v):
                continue
            if s == 0 and house_v is None:
                continue
            parts = ["take", str(card)] + ([text(s)] if s else [])
            if house_v is not None:
                parts.append(f"#{v}")
            found.add(" ".join(parts))
        if house_v is not None and seat in house_v.owners and not keeps[v]:
            continue  # R3.2: the last card of an owned house's value may only take it
        # R5, R6: builds and additions.
        for t in range(max(v, 9), 14):
            house = houses.get(t)
            if house is None and not keeps[t]:
                continue
            owner_after = house is not None and (
                seat in house.owners or partner not in house.owners
            )
            if owner_after and not keeps[t]:
                continue  # R6.3: an owner or new co-owner keeps a card of the value
            for s in subsets(n):
                ok = False
                if v == t:
                    ok = house is not None and splits(s, t)
                else:
                    sub = s
                    while sub:
                        if total[sub] + v == t and splits(s & ~sub, t):
                            ok = True
                            break
                        sub = (sub - 1) & s
                if ok:
                    middle = f" {text(s)}" if s else ""
                    found.add(f"build {card}{middle} ={t}")
        # R7: raises.
        for h in state.houses:
            new = h.value + v
            if (
                new <= 13
                and seat not in h.owners
                and h.cards.total() == h.value
                and keeps.get(new, False)
            ):
                found.add(f"raise {card} #{h.value}")
        # R8.2: throws.
        if house_v is None and not has_group(full, v):
            found.add(f"throw {card}")
    return found


@pytest.mark.parametrize(
    "state_args",
    [
        {
            "hand": "2D 9S JC QH",
            "loose": "AS 2S 2H 3D 4C 5S 7D 8C",
            "houses": [(10, "4H 6S", [1]), (11, "5H 6C 5D 6D", [0])],
        },
        {
            "hand": "3C 9S TD",
            "loose": "AS AH 2S 3H 4D 5C 6S 7H 8D",
            "houses": [(9, "4S 5H", [2])],
        },
        {
            "hand": "AC 2C QS",
            "loose": "AS 2S 3S 4S 5S 6S 7S 8S 9S",
            "houses": [(10, "4H 6H", [3]), (11, "5D 6D", [1, 2])],
        },
        {
            "hand": "6C 7C 9H KH",
            "loose": "AD 2D 3D 3C 4H 5H 6D 7D",
        },
    ],
)
def test_r3_4_legal_moves_complete_against_exhaustive_search(state_args: dict[str, object]) -> None:
    """R3.4: legal_moves is complete: it equals an exhaustive search over the rules."""
    state = position(**state_args)  # type: ignore[arg-type]
    listed = legal_moves(state)
    assert len(listed) == len(set(listed))
    assert {str(m) for m in listed} == brute_force_moves(state)


def test_r3_4_crowded_floor_stays_usable_and_canonical() -> None:
    """R3.4: with 16 loose cards and 3 in hand the full list comes back quickly, sorted, unique."""
    state = position(hand="9S TH QD", loose="AS AH 2S 2H 2D 3S 3H 3D 4S 4H 4D 5S 5H 6S 6H 7S")
    start = time.perf_counter()
    listed = legal_moves(state)
    elapsed = time.perf_counter() - start
    assert len(listed) > 1000
    assert len(set(listed)) == len(listed)
    assert list(listed) == sorted(listed)
    assert elapsed < 30
    sample = random.Random(0).sample(list(listed), 50)
    for move in sample:
        assert is_legal(state, move)
        assert parse_move(str(move)) == move


def test_r3_4_combinatorial_growth_with_loose_cards() -> None:
    """R3.4: the number of moves grows with the loose cards (optional extra groups in builds)."""
    counts = []
    for loose in ("AS 2S 3S 4S", "AS 2S 3S 4S 5S 6S 7S 8S", "AS AH 2S 2H 3S 3H 4S 4H 5S 5H 6S 6H"):
        counts.append(len(legal_moves(position(hand="9D TD QD", loose=loose))))
    assert counts[0] < counts[1] < counts[2]


def test_r3_4_every_listed_move_applies() -> None:
    """R3.4: every listed move on a busy floor is legal and uses only loose floor cards."""
    state = position(hand="9S TH", loose="AS 2S 3S 4S 5S 6S 7S 8S")
    for move in legal_moves(state):
        assert getattr(move, "loose", CardSet()) <= state.loose
        apply_move(state, move)


def test_r3_4_legal_moves_complete_in_played_out_deals(playouts: list[list[State]]) -> None:
    """R3.4: along random deals, legal_moves equals the exhaustive search in every state."""
    checked = 0
    for states in playouts:
        for state in states:
            if state.is_over or state.plays == 0 or len(state.loose) > 11:
                continue
            assert {str(m) for m in legal_moves(state)} == brute_force_moves(state), state
            checked += 1
    assert checked > 300

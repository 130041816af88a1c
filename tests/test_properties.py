"""Property tests over random seeded deals (R1 to R9, the move notation and the JSON documents).

Games are played with the strategies of :mod:`seep.testing`: a seeded deal,
then legal moves picked by Hypothesis draws, so a failure shrinks to a short
game. Each test names the rule or invariant it checks.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from seep import (
    Bid,
    Build,
    Card,
    CardSet,
    IllegalMoveError,
    Move,
    Raise,
    State,
    Take,
    Throw,
    apply_move,
    check_move,
    deal_score,
    is_legal,
    legal_moves,
    move_from_dict,
    move_to_dict,
    new_deal,
    parse_move,
    state_from_dict,
    state_to_dict,
)
from seep.cards import ALL_CARDS
from seep.errors import MisdealError
from seep.state import Phase
from seep.testing import (
    card_sets,
    cards,
    deals,
    decks,
    legal_moves_of,
    random_moves,
    reachable_states,
    seeds,
    states_with_houses,
)
from seep.variants import variant_names

ALL_MASK = (1 << 52) - 1

#: The built-in deal variants (R2 standard, R11 taash; four and two players) that are
#: registered; the match-length variants (taash-short, ...) play the same deals.
VARIANTS = [
    name for name in ("standard", "standard-2p", "taash", "taash-2p") if name in variant_names()
]
#: Any of those variants (shrinks to the standard game).
ANY_VARIANT = st.sampled_from(VARIANTS)


@st.composite
def games(draw: st.DrawFn, variant: str) -> list[State]:
    """Every state of one whole deal of ``variant``, moves picked by index draws.

    Stops early only if a state that is not over has no legal move (R3.3),
    which the tests then report.
    """
    state = draw(deals(variant))
    states = [state]
    while not state.is_over:
        moves = legal_moves(state)
        if not moves:
            break
        state = apply_move(state, moves[draw(st.integers(0, len(moves) - 1))])
        states.append(state)
    return states


def fresh(state: State) -> State:
    """An equal state without the cached legal moves (exercises the uncached paths)."""
    return state_from_dict(state_to_dict(state))


def check_cards_accounted(state: State) -> None:
    """R1.1: hands, stock, loose floor, houses and piles are disjoint and hold all 52."""
    parts: list[tuple[str, int]] = [
        *((f"hands[{seat}]", hand.mask) for seat, hand in enumerate(state.hands)),
        ("stock", CardSet.of(state.stock).mask),
        ("loose", state.loose.mask),
        *((f"house {h.value}", h.cards.mask) for h in state.houses),
        *((f"piles[{team}]", pile.mask) for team, pile in enumerate(state.piles)),
    ]
    assert len(set(state.stock)) == len(state.stock), "a card is twice in the stock"
    seen = 0
    for name, mask in parts:
        assert not seen & mask, f"{CardSet(seen & mask)} in {name} and elsewhere"
        seen |= mask
    assert seen == ALL_MASK, f"missing {CardSet(ALL_MASK & ~seen)}"


def check_houses(state: State) -> None:
    """R5.1, R5.5, R3.2 and R7.2 on the houses of ``state``."""
    values = [house.value for house in state.houses]
    assert len(values) == len(set(values)), "R5.1: two houses of one value"
    assert values == sorted(values), "houses are listed by value"
    for house in state.houses:
        assert 9 <= house.value <= 13, "R5.1: house value 9..13"
        assert len(house.cards) >= 2, "R5.2: a single card is never a house"
        total = house.cards.total()
        assert total > 0 and total % house.value == 0, "R5.5: the cards sum to a multiple"
        assert house.locked == (total != house.value), "R5.5: locked is derived"
        assert house.owners, "R5.1: every house has an owner"
        assert len(set(house.owners)) == len(house.owners)
        for owner in house.owners:
            assert 0 <= owner < state.players
            assert state.owner_holds_value(owner, house.value), (
                f"R3.2: owner {owner} holds no card of {house.value}"
            )
        if not house.locked:
            assert len(house.owners) == 1, "an open house has exactly one owner (R5.2, R7.2)"
    if state.phase is not Phase.PLAY:
        assert not state.houses, "houses stand only during play (R3.2, R9.2)"


# --- whole deals -------------------------------------------------------------


@settings(max_examples=80)
@given(ANY_VARIANT.flatmap(games))
def test_every_deal_ends_after_exactly_48_plays_R2_8_R3_3(states: list[State]) -> None:
    """R2.8/R2.9: a deal is 48 plays; R3.3: a legal move exists exactly until the end."""
    start = states[0]
    bids = 0
    previous = state = start
    for state in states:
        if state is not previous:
            # A bid (R2.4) is not a play; every other move plays exactly one card.
            bids += previous.phase is Phase.BID
            assert state.plays == previous.plays + (previous.phase is not Phase.BID)
        assert state.is_over == (state.plays == 48)
        assert bool(legal_moves(state)) == (not state.is_over)
        previous = state
    assert state.plays == 48 and bids == (start.phase is Phase.BID)
    assert state.to_move is None and legal_moves(state) == ()
    assert not any(state.hands) and not state.stock


@settings(max_examples=60)
@given(ANY_VARIANT.flatmap(games))
def test_all_52_cards_accounted_for_at_every_step_R1_1(states: list[State]) -> None:
    """R1.1: every state of a deal holds each card exactly once (and R5 houses stay valid)."""
    for state in states:
        check_cards_accounted(state)
        check_houses(state)


@settings(max_examples=80)
@given(ANY_VARIANT.flatmap(games))
def test_finished_deal_scores_100_card_points_R1_2_R9_2(states: list[State]) -> None:
    """R9.2: the floor goes to the last capturer, so the card points total 100 (R1.2)."""
    final = states[-1]
    assert final.is_over
    score = deal_score(final)
    if final.last_capture is None:  # R9.2 Decision: nothing captured, nothing scored
        assert sum(team.cards for team in score.teams) == 0
        assert not any(final.piles) and len(final.loose) == 52
    else:
        assert sum(team.cards for team in score.teams) == 100
        assert not final.loose and not final.houses
        assert len(final.piles[final.team_of(final.last_capture)]) > 0
    assert not final.houses, "R3.2: no house outlives the deal"
    for team, total in enumerate(score.totals):
        seeps = sum(s.points for s in final.seeps if final.team_of(s.seat) == team)
        assert total == score.teams[team].cards + seeps  # R9.3


@settings(max_examples=60)
@given(deals())
def test_new_deal_bidder_holds_a_high_card_R2_2_R2_3(state: State) -> None:
    """R2.2: 4 cards to the bidder, 4 face down; R2.3: the bidder holds a 9 or more."""
    assert state.phase is Phase.BID and state.to_move == state.bidder
    assert len(state.hand) == 4 and len(state.loose) == 4 and not state.face_up
    assert max(card.value for card in state.hand) >= 9
    assert legal_moves(state) == tuple(
        Bid(value=v) for v in range(9, 14) if state.hand.of_value(v)
    )  # R2.4


@settings(max_examples=60)
@given(decks())
def test_explicit_deck_is_dealt_in_order_or_misdealt_R2_2_R2_3(deck: tuple[Card, ...]) -> None:
    """R2.2: index 0 is dealt first; R2.3: an explicit void deal raises MisdealError."""
    if max(card.value for card in deck[:4]) < 9:
        with pytest.raises(MisdealError):
            new_deal(deck=deck)
        return
    state = new_deal(deck=deck)
    assert state.hand == CardSet.of(deck[:4]) and state.loose == CardSet.of(deck[4:8])
    assert state.stock == deck[8:] and state.redeals == 0


# --- single states -----------------------------------------------------------


@settings(max_examples=80)
@given(ANY_VARIANT.flatmap(reachable_states))
def test_legal_moves_exist_exactly_until_the_end_R3_3(state: State) -> None:
    """R3.3: a player with cards always has a legal move; none once the deal is over."""
    assert bool(legal_moves(state)) == (not state.is_over)
    if not state.is_over:
        assert state.hand, "the player to move holds cards"
        assert all(
            move.card in state.hand for move in legal_moves(state) if not isinstance(move, Bid)
        )


@settings(max_examples=60)
@given(ANY_VARIANT.flatmap(reachable_states))
def test_reachable_states_keep_card_and_house_invariants_R1_1_R5(state: State) -> None:
    """R1.1 and the house invariants (R5.1, R5.5, R3.2) on any reachable state."""
    check_cards_accounted(state)
    check_houses(state)


@settings(max_examples=60)
@given(ANY_VARIANT.flatmap(states_with_houses))
def test_house_invariants_R5_1_R5_5_R3_2(state: State) -> None:
    """At most one house per value, 9..13, a positive multiple, owners hold the value."""
    assert state.houses
    check_houses(state)
    check_cards_accounted(state)


@settings(max_examples=40)
@given(reachable_states(max_plays=30))
def test_every_legal_move_applies(state: State) -> None:
    """Every move of legal_moves is accepted by apply_move and plays one card (R3.1)."""
    for move in legal_moves(state):
        assert is_legal(state, move)
        check_move(state, move)
        after = apply_move(state, move)
        if isinstance(move, Bid):
            assert after.bid == move.value and after.face_up  # R2.5
        else:
            assert state.to_move is not None and after.plays == state.plays + 1
            assert move.card in state.hand and move.card not in after.hands[state.to_move]
        check_cards_accounted(after)
        check_houses(after)


@settings(max_examples=60)
@given(reachable_states(), st.data())
def test_apply_move_never_mutates_its_input(state: State, data: st.DataObject) -> None:
    """apply_move returns a new state; the old one is unchanged (value semantics)."""
    assume(not state.is_over)
    before_doc = state_to_dict(state)
    before_hash = hash(state)
    twin = fresh(state)
    move = data.draw(legal_moves_of(state), label="move")
    after = apply_move(state, move)
    assert after is not state
    assert state_to_dict(state) == before_doc
    assert hash(state) == before_hash and state == twin
    assert after != state


@settings(max_examples=80)
@given(ANY_VARIANT.flatmap(lambda v: reachable_states(v, max_plays=40)), random_moves())
def test_random_moves_are_refused_unless_legal(state: State, move: Move) -> None:
    """is_legal agrees with legal_moves; anything else raises IllegalMoveError with a rule."""
    legal = move in legal_moves(state)
    assert is_legal(fresh(state), move) == legal  # the uncached path
    assert is_legal(state, move) == legal  # the cached path
    if legal:
        apply_move(state, move)
        return
    with pytest.raises(IllegalMoveError) as error:
        apply_move(state, move)
    assert error.value.rule.startswith("R")
    with pytest.raises(IllegalMoveError):
        check_move(state, move)


def _other_value(data: st.DataObject, value: int | None, *, optional: bool) -> int | None:
    choices: list[int | None] = [v for v in range(9, 14) if v != value]
    if optional and value is not None:
        choices.append(None)
    return data.draw(st.sampled_from(choices), label="value")


def mutate(data: st.DataObject, move: Move) -> Move:
    """A nearby move: change or drop a loose card, swap the played card, change the value."""
    if isinstance(move, Bid):
        value = _other_value(data, move.value, optional=False)
        assert value is not None
        return Bid(value=value)
    kinds = ["card", "value"] if not isinstance(move, Throw) else ["card"]
    loose = getattr(move, "loose", None)
    if loose is not None:
        kinds += ["add"] + (["change", "drop"] if loose else [])
    kind = data.draw(st.sampled_from(kinds), label="mutation")
    used = move.card.mask | (loose.mask if loose is not None else 0)
    unused = [card for card in ALL_CARDS if not used >> card & 1]
    if kind == "card":
        return _with(move, card=data.draw(st.sampled_from(unused), label="card"))
    if kind == "value":
        if isinstance(move, Take):
            return _with(move, house=_other_value(data, move.house, optional=True))
        if isinstance(move, Build):
            return _with(move, value=_other_value(data, move.value, optional=False))
        assert isinstance(move, Raise)
        return _with(move, house=_other_value(data, move.house, optional=False))
    assert loose is not None
    if kind == "add":
        extra = data.draw(st.sampled_from(unused), label="added")
        return _with(move, loose=loose | CardSet.of([extra]))
    gone = data.draw(st.sampled_from(list(loose)), label="removed")
    rest = loose - CardSet.of([gone])
    if kind == "drop":
        return _with(move, loose=rest)
    return _with(move, loose=rest | CardSet.of([data.draw(st.sampled_from(unused), label="new")]))


def _with(move: Move, **changes: Any) -> Move:
    """``move`` with some fields replaced (the constructors convert and check them)."""
    return attrs.evolve(move, **changes)


@settings(max_examples=100)
@given(
    ANY_VARIANT.flatmap(
        lambda v: st.one_of(reachable_states(v, max_plays=40), states_with_houses(v, max_plays=40))
    ),
    st.data(),
)
def test_mutated_legal_moves_are_refused_unless_legal(state: State, data: st.DataObject) -> None:
    """A legal move with one card or value changed is refused unless it is itself legal."""
    assume(not state.is_over)
    move = mutate(data, data.draw(legal_moves_of(state), label="move"))
    legal = move in legal_moves(state)
    assert is_legal(fresh(state), move) == legal
    assert is_legal(state, move) == legal
    if legal:
        apply_move(state, move)
    else:
        with pytest.raises(IllegalMoveError):
            apply_move(state, move)


@settings(max_examples=60)
@given(ANY_VARIANT.flatmap(reachable_states))
def test_legal_moves_are_sorted_without_duplicates_R4_3_R5_6(state: State) -> None:
    """legal_moves is in canonical order and lists each distinct move once."""
    moves = list(legal_moves(state))
    assert moves == sorted(moves)
    assert len(set(moves)) == len(moves)
    assert list(legal_moves(fresh(state))) == moves  # the cache changes nothing


@settings(max_examples=40)
@given(states_with_houses())
def test_legal_moves_with_houses_are_sorted_and_keep_the_duty_R3_2(state: State) -> None:
    """With houses standing: canonical order, no duplicates, R3.2 kept after every move."""
    moves = list(legal_moves(state))
    assert moves == sorted(moves) and len(set(moves)) == len(moves)
    for move in moves:
        check_houses(apply_move(state, move))


# --- notation and JSON ---------------------------------------------------------


@settings(max_examples=60)
@given(reachable_states(max_plays=40))
def test_notation_round_trips_every_legal_move_appendix_A(state: State) -> None:
    """Move notation: parse_move(str(move)) == move, and the text is canonical."""
    for move in legal_moves(state):
        text = str(move)
        assert parse_move(text) == move
        assert str(parse_move(text.lower())) == text
        assert str(parse_move("  ".join(text.split()))) == text


@settings(max_examples=100)
@given(ANY_VARIANT.flatmap(reachable_states))
def test_json_round_trips_every_state_appendix_B(state: State) -> None:
    """JSON documents: state_from_dict(state_to_dict(s)) == s, also through json text."""
    doc = state_to_dict(state)
    assert state_from_dict(doc) == state
    loaded = state_from_dict(json.loads(json.dumps(doc)))
    assert loaded == state and hash(loaded) == hash(state)
    assert state_to_dict(loaded) == doc
    minimal = {k: v for k, v in doc.items() if k not in ("format", "redeals")}
    assert state_from_dict(minimal).plays == state.plays


@settings(max_examples=60)
@given(reachable_states(max_plays=40))
def test_json_round_trips_every_legal_move_appendix_B(state: State) -> None:
    """JSON documents: move_from_dict(move_to_dict(m)) == m, also through json text."""
    for move in legal_moves(state):
        doc = move_to_dict(move)
        assert move_from_dict(doc) == move
        assert move_from_dict(json.loads(json.dumps(doc))) == move


@settings(max_examples=100)
@given(random_moves())
def test_notation_and_json_round_trip_any_move(move: Move) -> None:
    """Move notation and JSON round trips hold for any well-formed move, legal or not."""
    assert parse_move(str(move)) == move
    assert move_from_dict(json.loads(json.dumps(move_to_dict(move)))) == move


# --- determinism and value semantics -------------------------------------------


@settings(max_examples=30)
@given(seeds(), st.lists(st.integers(min_value=0, max_value=10**6), max_size=60))
def test_identical_seeds_give_identical_games(seed: int, picks: list[int]) -> None:
    """The same seed and the same move choices (by index) give equal states at every step."""

    def game() -> list[State]:
        state = new_deal("standard", seed=seed)
        states = [state]
        for pick in picks:
            moves = legal_moves(state)
            if not moves:
                break
            state = apply_move(state, moves[pick % len(moves)])
            states.append(state)
        return states

    first, second = game(), game()
    assert first == second
    assert [hash(s) for s in first] == [hash(s) for s in second]
    assert [state_to_dict(s) for s in first] == [state_to_dict(s) for s in second]


@settings(max_examples=40)
@given(reachable_states())
def test_copy_and_deepcopy_return_the_same_object(state: State) -> None:
    """States are immutable values: copying returns the object itself."""
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    assert copy.deepcopy([state])[0] is state
    for house in state.houses:
        assert copy.deepcopy(house) is house


@settings(max_examples=40)
@given(reachable_states(), reachable_states())
def test_states_are_hashable_and_equal_states_hash_equal(a: State, b: State) -> None:
    """Equal states hash equal; states work as dict keys and set members."""
    twin = fresh(a)
    assert twin == a and hash(twin) == hash(a)
    assert {a: 1}[twin] == 1
    assert len({a, twin, b}) == (1 if a == b else 2)
    if a == b:
        assert hash(a) == hash(b)
        assert state_to_dict(a) == state_to_dict(b)
    else:
        assert state_to_dict(a) != state_to_dict(b)


# --- strategies themselves -------------------------------------------------------


@settings(max_examples=60)
@given(card_sets(min_size=1, max_size=5), cards())
def test_card_set_strategy_sizes(cards_: CardSet, card: Card) -> None:
    """card_sets respects its size bounds and cards() yields real cards."""
    assert 1 <= len(cards_) <= 5
    assert card in ALL_CARDS


@settings(max_examples=30)
@given(reachable_states(max_plays=3))
def test_reachable_states_respect_max_plays(state: State) -> None:
    """reachable_states(max_plays=n) plays at most n cards."""
    assert state.plays <= 3

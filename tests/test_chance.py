"""The deal as chance events (seep.chance): exact states, exact probabilities."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import attrs
import pytest

from seep import Build, Card, Move, apply_move, legal_moves, new_deal, parse_move
from seep.cards import ALL_CARDS
from seep.chance import (
    InitialDeal,
    PacketDeal,
    initial_recipients,
    outcome_ids,
    packet_recipients,
    play_move,
    start_deal,
)
from seep.errors import IllegalMoveError, InvalidStateError
from seep.state import State
from seep.testing import position
from seep.variants import variant_names

BUILT_IN = ("standard", "standard-2p", "taash", "taash-2p")


def _valid_deck(variant: str, rng: random.Random) -> list[Card]:
    """A uniformly shuffled deck whose deal is not void (R2.3)."""
    while True:
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        if variant.startswith("taash") or max(card.value for card in deck[:4]) >= 9:
            return deck


def _check_sums_to_one(node: InitialDeal | PacketDeal) -> None:
    exact = node.outcomes()
    assert sum(p for _, p in exact) == 1
    assert all(p > 0 for _, p in exact)
    cards = [card for card, _ in exact]
    assert cards == sorted(cards)
    floats = node.float_outcomes()
    assert [card for card, _ in floats] == cards
    # each float is the exact probability correctly rounded, in every form
    assert [p for _, p in floats] == [float(q) for _, q in exact]
    ids = outcome_ids(node)  # OpenSpiel's form: the same pairs, each card as its index
    assert ids == [(int(card), p) for card, p in floats]
    assert all(type(card) is int for card, _ in ids)


@pytest.mark.parametrize("variant", BUILT_IN)
@pytest.mark.parametrize("seed", range(3))
def test_r2_2_r11_1_initial_deal_in_deck_order_is_new_deal(variant: str, seed: int) -> None:
    rng = random.Random(seed)
    deck = _valid_deck(variant, rng)
    dealer = seed % (2 if variant.endswith("2p") else 4)
    node: InitialDeal | State = start_deal(variant, dealer=dealer, order=deck)
    for card in deck:
        if not isinstance(node, InitialDeal):
            break
        node = node.deal(card)
    assert node == new_deal(variant, deck=deck, dealer=dealer)


@pytest.mark.parametrize("variant", BUILT_IN)
@pytest.mark.parametrize("seed", range(3))
def test_deck_order_outcomes_reach_the_states_apply_move_reaches(variant: str, seed: int) -> None:
    rng = random.Random(100 + seed)
    deck = _valid_deck(variant, rng)
    engine = new_deal(variant, deck=deck, dealer=0)
    node: InitialDeal | PacketDeal | State = start_deal(variant, order=deck)
    position_in_deck = 0
    while isinstance(node, InitialDeal):
        _check_sums_to_one(node)
        node = node.deal(deck[position_in_deck])
        position_in_deck += 1
    assert node == engine
    packets = 0
    while not engine.is_over:
        assert isinstance(node, State)
        move = rng.choice(legal_moves(engine))
        after = apply_move(engine, move)
        node = play_move(node, move)
        if isinstance(node, PacketDeal):
            packets += 1
            assert len(node.recipients) == len(engine.stock) - len(after.stock)
            while isinstance(node, PacketDeal):
                _check_sums_to_one(node)
                node = node.deal(deck[position_in_deck])
                position_in_deck += 1
        assert node == after
        engine = after
    assert position_in_deck == 52  # every card was dealt as a chance outcome
    assert packets == (2 if variant.endswith("2p") else 1)


@pytest.mark.parametrize("variant", BUILT_IN)
def test_random_outcomes_give_the_state_with_those_cards_on_top_of_the_stock(
    variant: str,
) -> None:
    rng = random.Random(7)
    for _ in range(3):
        node: InitialDeal | PacketDeal | State = start_deal(variant, dealer=rng.randrange(2))
        while not (isinstance(node, State) and node.is_over):
            if isinstance(node, State):
                node = play_move(node, rng.choice(legal_moves(node)))
                continue
            _check_sums_to_one(node)
            if isinstance(node, PacketDeal) and len(node.dealt) == len(node.recipients) - 1:
                before, chosen = node, [*node.dealt]
                card = rng.choice(node.outcomes())[0]
                chosen.append(card)
                node = node.deal(card)
                rest = tuple(c for c in before.state.stock if c not in chosen)
                top = attrs.evolve(before.state, stock=(*chosen, *rest))
                assert node == apply_move(top, before.move)
                for seat, dealt in zip(before.recipients, chosen, strict=True):
                    assert dealt in node.hands[seat]
            else:
                node = node.deal(rng.choice(node.outcomes())[0])


def test_r2_7_first_play_deals_the_rest_of_the_batch_round_from_the_bidder() -> None:
    state = apply_move(new_deal("standard", seed=4, dealer=2), parse_move("bid 10"))
    assert state.bidder == 3
    seats = packet_recipients(state, legal_moves(state)[0])
    packets = [seats[i] for i in range(0, len(seats), 4)]
    assert all(len(set(seats[i : i + 4])) == 1 for i in range(0, len(seats), 4))
    # The bidder holds 4 and gets 8 more, the others 12 each, in packets of four.
    assert packets == [3, 0, 1, 2, 3, 0, 1, 2, 0, 1, 2]


def test_r2_9_second_batch_of_the_two_player_game() -> None:
    state = position("standard-2p", hand="5S", loose="3H", plays=23)
    bidder, other = state.bidder, 1 - state.bidder
    move = parse_move("throw 5S")
    seats = packet_recipients(state, move)
    # Twelve each, in packets of four round from the bidder.
    assert (
        seats
        == (bidder,) * 4
        + (other,) * 4
        + (bidder,) * 4
        + (other,) * 4
        + (bidder,) * 4
        + (other,) * 4
    )
    node = play_move(state, move)
    assert isinstance(node, PacketDeal)
    assert len(node.outcomes()) == 24 and node.outcomes()[0][1] == Fraction(1, 24)


def _opening(seed: int) -> tuple[State, list[Move]]:
    state = new_deal("taash", seed=seed)
    return state, [m for m in legal_moves(state) if isinstance(m, Build)]


def test_r11_2_taash_build_in_the_opening_round_deals_eight_to_each() -> None:
    state, builds = next(o for o in map(_opening, range(200)) if o[1])
    seats = packet_recipients(state, builds[0])
    packets = [seats[i] for i in range(0, len(seats), 4)]
    assert packets == [(state.bidder + k) % 4 for k in range(4)] * 2


def test_r11_2_taash_passes_deal_only_when_everyone_has_passed() -> None:
    rng = random.Random(2)
    for seed in range(300):
        state = new_deal("taash", seed=seed)
        seats: tuple[int, ...] = ()
        for _ in range(4):
            moves = legal_moves(state)
            if any(isinstance(m, Build) for m in moves):
                break
            move = rng.choice(moves)  # a pass: a throw (R11.2)
            seats = packet_recipients(state, move)
            if state.plays < 3:
                assert seats == () and isinstance(play_move(state, move), State)
            state = apply_move(state, move)
        else:
            assert state.bid is None and len(seats) == 32
            return
    pytest.fail("no taash deal in which everyone passes")


def test_r2_3_probabilities_of_the_second_card_match_an_exact_count() -> None:
    # After one low card to the bidder, count by enumeration the ordered ways
    # to finish the bidder's four cards that are not void, by second card.
    node = start_deal("standard").deal(Card.parse("2S"))
    assert isinstance(node, InitialDeal)
    rest = [card for card in ALL_CARDS if card != Card.parse("2S")]
    counts = dict.fromkeys(rest, 0)
    for second, third, fourth in itertools.permutations(rest, 3):
        if max(second.value, third.value, fourth.value) >= 9:
            counts[second] += 1
    total = sum(counts.values())
    assert dict(node.outcomes()) == {card: Fraction(n, total) for card, n in counts.items()}


def test_r2_3_a_deal_is_exactly_uniform_over_the_hands_that_are_not_void() -> None:
    # new_deal redeals a void deal, so every non-void ordered hand of four has
    # probability 1 / (52*51*50*49 - 32*31*30*29): the chance nodes multiply to it.
    non_void = 52 * 51 * 50 * 49 - 32 * 31 * 30 * 29
    rng = random.Random(11)
    for _ in range(30):
        node = start_deal("standard-2p", dealer=1)
        product = Fraction(1)
        for _ in range(4):
            card, chance = rng.choice(node.outcomes())
            product *= chance
            next_node = node.deal(card)
            assert isinstance(next_node, InitialDeal)
            node = next_node
        assert product == Fraction(1, non_void)
        assert max(card.value for card in node.dealt) >= 9


def test_r2_3_no_void_hand_is_reachable() -> None:
    rng = random.Random(5)
    low = [card for card in ALL_CARDS if card.value < 9]
    for _ in range(50):
        node: InitialDeal | State = start_deal("standard")
        for card in rng.sample(low, 3):
            assert isinstance(node, InitialDeal)
            node = node.deal(card)
        assert isinstance(node, InitialDeal)
        assert all(card.value >= 9 for card, _ in node.outcomes())
        assert len(node.outcomes()) == 20
        with pytest.raises(InvalidStateError, match=r"R2\.3"):
            node.deal(rng.choice([card for card in low if card not in node.dealt]))


def test_r11_1_taash_has_no_redeal_every_card_is_uniform() -> None:
    node: InitialDeal | State = start_deal("taash")
    for card in (Card.parse(text) for text in ("2S", "3H", "4D")):
        assert isinstance(node, InitialDeal)
        node = node.deal(card)
    assert isinstance(node, InitialDeal)
    assert {p for _, p in node.outcomes()} == {Fraction(1, 49)}


def test_recipients_follow_the_dealing_order() -> None:
    assert initial_recipients("standard", 3) == (0,) * 4 + (None,) * 4
    node = start_deal("taash", dealer=1)
    assert node.recipient is None and node.bidder == 2
    assert initial_recipients("taash", 1)[4:] == (2,) * 4 + (3,) * 4 + (0,) * 4 + (1,) * 4


def test_bad_input_is_a_typed_error() -> None:
    with pytest.raises(InvalidStateError, match="dealer"):
        start_deal("standard", dealer=4)
    with pytest.raises(InvalidStateError, match="order"):
        start_deal("standard", order=list(ALL_CARDS[:51]))
    node = start_deal("standard").deal(Card.parse("KS"))
    assert isinstance(node, InitialDeal)
    with pytest.raises(InvalidStateError, match="already dealt"):
        node.deal(Card.parse("KS"))
    state = position(hand="5S", loose="3H")
    with pytest.raises(IllegalMoveError):
        play_move(state, parse_move("throw 6S"))
    packet = PacketDeal(state=state, move=parse_move("throw 5S"), recipients=(0,))
    with pytest.raises(InvalidStateError, match="undealt"):
        packet.deal(Card.parse("5S"))


def test_r3_1_a_packet_deal_made_by_hand_checks_its_move_at_the_last_card() -> None:
    state = apply_move(new_deal("standard", seed=10), parse_move("bid 12"))
    made = play_move(state, parse_move("build 6D AH 5S =12"))
    assert isinstance(made, PacketDeal) and made.legal  # play_move checked the move
    # The bidder holds no 2C: a node made by hand with that throw is refused when it is played.
    node: PacketDeal | State = PacketDeal(
        state=state, move=parse_move("throw 2C"), recipients=made.recipients
    )
    with pytest.raises(IllegalMoveError):
        while isinstance(node, PacketDeal):
            node = node.deal(node.outcomes()[0][0])


def test_every_registered_variant_deals_as_chance() -> None:
    for name in variant_names():
        node: InitialDeal | State = start_deal(name, dealer=1)
        dealt: list[Card] = []
        while isinstance(node, InitialDeal):
            card = node.outcomes()[-1][0]  # the highest card left
            dealt.append(card)
            node = node.deal(card)
        assert len(dealt) == len(initial_recipients(name, 1))
        # The undealt cards wait in the stock in ascending order.
        deck = dealt + [card for card in ALL_CARDS if card not in dealt]
        assert node == new_deal(name, deck=deck, dealer=1)

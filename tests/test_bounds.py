"""Bounds of a deal (seep.bounds): scores R1.2, R4.5, R9.3, R12; utility; length; chance.

Each bound is checked three ways: random deals of every built-in variant
never pass it; the facts of the rules it rests on hold in hand-made
positions; and where it is attained, a deal built for it reaches it.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from itertools import islice
from pathlib import Path

import attrs
import pytest

from seep import (
    Bid,
    Build,
    Move,
    State,
    Take,
    Throw,
    apply_move,
    count_legal_moves,
    deal_score,
    iter_legal_moves,
    legal_moves,
    new_deal,
    parse_move,
    state_from_dict,
    state_to_dict,
)
from seep._engine.transition import transition
from seep.bounds import (
    card_point_range,
    highest_deal_score,
    longest_deal_actions,
    longest_deal_moves,
    longest_move_actions,
    lowest_deal_score,
    most_chance_outcomes,
    most_seeps,
    seep_bonus_range,
    utility_range,
    variant_bounds,
)
from seep.cards import ALL_CARDS, Card, CardSet
from seep.testing import position
from seep.variants import STANDARD, CardPoints, CardValueSeep, Opening, SeepBonus, get_variant

VARIANTS = ("standard", "standard-2p", "taash", "taash-2p")
PACKET = 4
EXPECTED = {
    # variant: (highest deal score, longest deal in moves, in action ids)
    "standard": (1275, 49, 196),
    "standard-2p": (1275, 49, 196),
    "taash": (1250, 48, 195),
    "taash-2p": (1250, 48, 195),
}


def template_ids(move: Move) -> int:
    """Ids of a move in the fixed action encoding: a bid is one id; a play is
    card + kind + include-house (when it takes one) + one per loose card + finish."""
    if isinstance(move, Bid):
        return 1
    loose = len(move.loose) if isinstance(move, (Take, Build)) else 0
    house = 1 if isinstance(move, Take) and move.house is not None else 0
    return 3 + house + loose


def same_value_pairs(used: str) -> list[tuple[str, str]]:
    """The cards not in ``used``, paired by value (each value must be left an even number of times)."""
    by_value: dict[int, list[str]] = defaultdict(list)
    for card in ALL_CARDS:
        if card not in CardSet.parse(used):
            by_value[card.value].append(str(card))
    pairs = []
    for cards in by_value.values():
        assert len(cards) % 2 == 0
        pairs += list(zip(cards[::2], cards[1::2], strict=True))
    return pairs


def packets(hands: dict[int, list[str]], start: int, players: int) -> list[str]:
    """Deal order of one dealing round: packets of 4 round from ``start`` (R2.7, R2.9)."""
    queues = {seat: list(cards) for seat, cards in hands.items()}
    order: list[str] = []
    seat = start
    while any(queues.values()):
        order += queues[seat][:PACKET]
        del queues[seat][:PACKET]
        seat = (seat + 1) % players
    return order


def deck_for(variant: str, dealer: int, floor: str, plays: dict[int, list[str]]) -> list[str]:
    """The deck that gives each seat the cards it will play, in playing order.

    The opening hands are the first four of ``plays[seat]`` (R2.2: the
    bidder only; R11.1: everyone), then each batch of 12 (R2.7, R2.9, R11.2).
    """
    rules = get_variant(variant)
    players = rules.players
    first = (dealer + 1) % players
    everyone = rules.opening is Opening.HOUSE_ROUND
    opening = {s: plays[s][:4] if everyone or s == first else [] for s in range(players)}
    if everyone:
        deck = floor.split() + [c for k in range(players) for c in opening[(first + k) % players]]
    else:
        deck = opening[first] + floor.split()
    for batch in range(48 // players // 12):
        cards = {s: plays[s][12 * batch : 12 * (batch + 1)] for s in range(players)}
        if batch == 0:
            cards = {s: c[len(opening[s]) :] for s, c in cards.items()}
        deck += packets(cards, first, players)
    assert sorted(deck) == sorted(str(card) for card in ALL_CARDS)
    return deck


def seep_every_turn(
    variant: str, dealer: int, floor: str, plays: dict[int, list[str]], opening: list[Move]
) -> tuple[State, list[Move]]:
    """Play ``opening``, then each seat its cards in order: a seat takes the one
    loose card when its team made the last capture, else throws."""
    state = new_deal(variant, deck=deck_for(variant, dealer, floor, plays), dealer=dealer)
    moves: list[Move] = []
    next_card = dict.fromkeys(plays, 0)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if len(moves) < len(opening):
            move = opening[len(moves)]
        else:
            card = Card.parse(plays[seat][next_card[seat]])
            seepers = state.team_of(state.last_capture) if state.last_capture is not None else -1
            if state.team_of(seat) == seepers and state.loose:
                move = Take(card=card, loose=state.loose)
            else:
                move = Throw(card=card)
        if not isinstance(move, Bid):
            assert str(move.card) == plays[seat][next_card[seat]]
            next_card[seat] += 1
        state = apply_move(state, move)
        moves.append(move)
    return state, moves


def highest_standard(variant: str) -> tuple[State, list[Move]]:
    """The bidder's team seeps on all its 24 plays: 25 on play 1 (R2.6, R4.5), then 50 x 23.

    Play 1: 9S takes 4S 5S 4H 5H. After each seep the next seat can only
    throw (empty floor), and the next seat of the bidder's team takes that
    card with its pair. The last play throws 9H, which the last capturer's
    team gets (R9.2): all 100 card points.
    """
    pairs = same_value_pairs("9S 4S 5S 4H 5H 9H")
    if get_variant(variant).players == 4:
        # dealer 3: seat 0 bids; seat 1 throws for seat 2, seat 3 for seat 0.
        to_two, to_zero = pairs[:12], pairs[12:]
        plays = {
            0: ["9S", *(b for _, b in to_zero)],
            1: [a for a, _ in to_two],
            2: [b for _, b in to_two],
            3: [*(a for a, _ in to_zero), "9H"],
        }
        dealer = 3
    else:
        plays = {0: ["9S", *(b for _, b in pairs)], 1: [*(a for a, _ in pairs), "9H"]}
        dealer = 1
    opening: list[Move] = [Bid(value=9), parse_move("take 9S 4S 5S 4H 5H")]
    return seep_every_turn(variant, dealer, "4S 5S 4H 5H", plays, opening)


def highest_taash(variant: str) -> tuple[State, list[Move]]:
    """The second seat's team seeps on all its 24 plays: 50 x 23 and 0 on play 48 (R11.4).

    Play 1 (the opening round, R11.2) builds every floor card into a house
    of 9: 4S on 5S, with 4H 5H and 9S (R5.3); the builder keeps 9H (R3.2).
    Play 2 takes the house with 9D: a seep. Then every play of the first
    team throws and the next seat takes the card with its pair.
    """
    pairs = [("9H", "9C"), *same_value_pairs("4S 5S 4H 5H 9S 9D 9H 9C")]
    if get_variant(variant).players == 4:
        # dealer 3: seat 0 builds, seat 1 takes; seat 0 throws for 1, seat 2 for 3.
        to_one, to_three = pairs[:11], pairs[11:]
        plays = {
            0: ["4S", *(a for a, _ in to_one)],
            1: ["9D", *(b for _, b in to_one)],
            2: [a for a, _ in to_three],
            3: [b for _, b in to_three],
        }
        dealer = 3
    else:
        plays = {0: ["4S", *(a for a, _ in pairs)], 1: ["9D", *(b for _, b in pairs)]}
        dealer = 1
    opening: list[Move] = [parse_move("build 4S 5S 4H 5H 9S =9"), parse_move("take 9D #9")]
    return seep_every_turn(variant, dealer, "5S 4H 5H 9S", plays, opening)


HIGHEST = {
    "standard": highest_standard,
    "standard-2p": highest_standard,
    "taash": highest_taash,
    "taash-2p": highest_taash,
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_r4_5_r9_3_the_highest_and_lowest_deal_scores_are_attained(variant: str) -> None:
    final, moves = HIGHEST[variant](variant)
    score = deal_score(final)
    winner = final.team_of(final.seeps[0].seat)
    assert len(final.seeps) == most_seeps(variant) == 24
    assert all(final.team_of(seep.seat) == winner for seep in final.seeps)
    assert score.teams[winner].cards == card_point_range(variant)[1] == 100
    assert score.totals[winner] == highest_deal_score(variant) == EXPECTED[variant][0]
    assert score.totals[1 - winner] == lowest_deal_score(variant) == 0
    difference = score.totals[winner] - score.totals[1 - winner]
    assert utility_range(variant) == (-difference, difference)
    assert len(moves) == longest_deal_moves(variant) == EXPECTED[variant][1]


def test_r4_5_the_first_play_seep_is_worth_25_and_the_last_play_seep_0() -> None:
    final, _ = highest_standard("standard")
    assert final.seeps[0].play == 1 and final.seeps[0].points == 25
    final, _ = highest_taash("taash")
    assert final.seeps[0].play == 2
    assert final.seeps[-1].play == 48 and final.seeps[-1].points == 0  # R11.4


def test_r2_9_a_seep_on_the_first_play_of_the_second_batch_is_worth_50() -> None:
    final, _ = highest_standard("standard-2p")
    by_play = {seep.play: seep.points for seep in final.seeps}
    assert 24 not in by_play  # the dealer throws the batch's last card
    assert by_play[25] == 50
    final, _ = highest_taash("taash-2p")
    assert {seep.play: seep.points for seep in final.seeps}[24] == 50  # R11.4: batch end


def test_r4_5_after_a_seep_the_next_player_can_only_throw() -> None:
    # Why no team seeps twice in a row and the plays in between are throws.
    for variant in VARIANTS:
        state = position(variant, hand="9S KD 4C", to_move=1, loose="", bid=9)
        assert state.loose == CardSet() and not state.houses
        assert all(isinstance(move, Throw) for move in legal_moves(state))


def test_r11_2_the_taash_opening_round_has_no_pick_up() -> None:
    # A seven in hand over a seven on the floor may not take it on play 1.
    order = ["7S", "2H", "3D", "AC", "7H", "4S", "6D", "8C"]
    deck = order + [str(c) for c in ALL_CARDS if str(c) not in order]
    state = new_deal("taash", deck=deck, dealer=3)
    assert Card.parse("7H") in state.hand and Card.parse("7S") in state.loose
    assert not any(isinstance(move, Take) for move in legal_moves(state))


def test_r2_8_r2_9_the_teams_alternate_so_a_team_makes_24_plays() -> None:
    for variant in VARIANTS:
        rng = random.Random(5)
        state = new_deal(variant, seed=5)
        first_team = state.team_of(state.bidder)
        while not state.is_over:
            if state.plays:  # the bid is not a play
                assert state.team_of(state.to_move) == (first_team + state.plays) % 2  # type: ignore[arg-type]
            index = rng.randrange(count_legal_moves(state))
            state = apply_move(state, next(islice(iter_legal_moves(state), index, None)))


def test_r4_5_seep_bounds_follow_the_seep_rule_and_the_team_parity() -> None:
    harsh = attrs.evolve(
        STANDARD, name="harsh-seeps", seep_bonus=SeepBonus(first_play=-10, last_play=-5)
    )
    # Play 1 is the bidder's team's, play 48 the other's: they never add up.
    assert seep_bonus_range(harsh) == (-10, 23 * 50)
    assert lowest_deal_score(harsh) == -10
    assert utility_range(harsh) == (-(100 + 1150 + 10), 100 + 1150 + 10)
    # R12: a bonus equal to the card's value; play 1 uses a card of the bid (9..13).
    by_card = attrs.evolve(STANDARD, name="card-seeps", seep_bonus=CardValueSeep())
    assert seep_bonus_range(by_card) == (0, 24 * 13)
    by_card_2p = attrs.evolve(STANDARD, name="card-seeps-2p", seep_bonus=CardValueSeep(), players=2)
    assert seep_bonus_range(by_card_2p)[1] == 13 * 24  # a safe bound: only four kings exist


def test_r12_card_points_bounds_count_negative_cards_and_the_most_cards_bonus() -> None:
    table = CardPoints(most_cards=4).with_card("TD", 2).with_card("2C", -3)
    family = attrs.evolve(STANDARD, name="family-bounds", card_points=table)
    assert card_point_range(family) == (-3, 91 + 4 + 3 + 2)
    assert card_point_range("standard") == (0, 100)


def test_a_seep_rule_that_gives_no_int_is_refused() -> None:
    odd = attrs.evolve(STANDARD, name="odd-seeps", seep_bonus=lambda context: 2.5)
    with pytest.raises(TypeError, match="not an int"):
        seep_bonus_range(odd)


def test_longest_deal_in_action_ids_is_attained_in_taash() -> None:
    """47 throws (R11.3: any card, no house so R3.2 holds), then KC takes the 51 loose cards.

    The deck in canonical order gives every opening hand cards of 2 to 5, so
    nobody can build in the opening round (R5.2 needs another card of 9 or
    more, R3.2) and all pass (R11.2). On such a crowded floor the engine's
    legality check is too slow for a test, so each move is checked against
    its rule here and applied with the transition.
    """
    state = new_deal("taash", deck=list(ALL_CARDS), dealer=3)
    ids = 0
    while state.plays < 47:
        move = Throw(card=min(state.hand))
        if state.plays < 8:
            assert legal_moves(state) and move in legal_moves(state)
        assert not state.houses  # R3.2 holds for any throw
        ids += template_ids(move)
        state = transition(state, move)
    assert state.to_move == 3 and state.hand == CardSet.parse("KC")
    take = Take(card="KC", loose=state.loose)
    # R4.1: the 51 loose cards are 27 groups of 13.
    groups = [CardSet.of([k]) for k in state.loose if k.value == 13]
    for low in range(1, 7):
        lows = sorted(c for c in state.loose if c.value == low)
        highs = sorted(c for c in state.loose if c.value == 13 - low)
        groups += [CardSet.of(pair) for pair in zip(lows, highs, strict=True)]
    assert len(groups) == 27 and all(g.total() == 13 for g in groups)
    assert CardSet(sum(g.mask for g in groups)) == state.loose
    ids += template_ids(take)
    assert template_ids(take) == longest_move_actions("taash") == 54
    final = transition(state, take)
    assert final.is_over and state_from_dict(state_to_dict(final)) == final
    assert ids == longest_deal_actions("taash") == EXPECTED["taash"][2]


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_deals_never_pass_the_bounds(variant: str) -> None:
    limits = variant_bounds(variant)
    for seed in range(4):
        rng = random.Random(seed)
        state = new_deal(variant, seed=seed, dealer=rng.randrange(get_variant(variant).players))
        moves = ids = 0
        while not state.is_over:
            assert count_legal_moves(state) >= 1
            index = rng.randrange(count_legal_moves(state))
            move = next(islice(iter_legal_moves(state), index, None))
            assert template_ids(move) <= limits.longest_move_actions
            moves += 1
            ids += template_ids(move)
            state = apply_move(state, move)
        totals = deal_score(state).totals
        assert all(limits.lowest_deal_score <= t <= limits.highest_deal_score for t in totals)
        assert limits.utility[0] <= totals[0] - totals[1] <= limits.utility[1]
        for team in (0, 1):
            assert sum(1 for s in state.seeps if state.team_of(s.seat) == team) <= limits.most_seeps
        assert moves == limits.longest_deal_moves
        assert ids <= limits.longest_deal_actions


def test_the_bounds_record_and_the_chance_bound() -> None:
    for variant in VARIANTS:
        record = variant_bounds(variant)
        assert record.variant == variant
        assert record.highest_deal_score == EXPECTED[variant][0]
        assert record.longest_deal_actions == EXPECTED[variant][2]
        assert record.most_chance_outcomes == most_chance_outcomes(variant) == 52
    # R11.1: any of the 52 cards can be the first one dealt (taash has no redeal),
    # and no deck has more.
    for card in ALL_CARDS:
        deck = [card, *(other for other in ALL_CARDS if other != card)]
        assert card in new_deal("taash", deck=deck).loose


def test_the_fixed_action_encoding_stays_within_the_bounds() -> None:
    actions = pytest.importorskip("seep.actions")
    for variant in VARIANTS:
        rng = random.Random(9)
        state = new_deal(variant, seed=9)
        total = 0
        while not state.is_over:
            index = rng.randrange(count_legal_moves(state))
            move = next(islice(iter_legal_moves(state), index, None))
            ids = actions.actions_of(state, move)
            assert len(ids) <= template_ids(move) <= longest_move_actions(variant)
            total += len(ids)
            state = apply_move(state, move)
        assert total <= longest_deal_actions(variant)


def test_the_docs_table_shows_the_published_bounds() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "hidden-information.md"
    rows = {
        cells[0]: cells[1:]
        for line in page.read_text().split("## Bounds", 1)[1].splitlines()
        if line.startswith("| ") and (cells := [c.strip() for c in line.strip("|").split("|")])
    }
    for variant in VARIANTS:
        record = variant_bounds(variant)
        low, high = record.utility
        cards, seeps = card_point_range(variant), seep_bonus_range(variant)
        assert [re.sub(r" \(safe\)", "", cell) for cell in rows[variant]] == [
            str(record.lowest_deal_score),
            str(record.highest_deal_score),
            f"−{-low} to {high}",
            str(record.most_seeps),
            f"{cards[0]} to {cards[1]}",
            f"{seeps[0]} to {seeps[1]}",
            str(record.longest_deal_moves),
            str(record.longest_deal_actions),
            str(record.longest_move_actions),
            str(record.most_chance_outcomes),
        ]

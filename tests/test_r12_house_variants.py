"""R12: house variations defined as configs, played end to end without touching the engine."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from seep import (
    STANDARD,
    Baazi,
    CardSet,
    SeepRecord,
    State,
    Take,
    Variant,
    apply_baazi_move,
    apply_move,
    baazi_from_dict,
    baazi_to_dict,
    deal_score,
    legal_moves,
    new_baazi,
    new_deal,
    parse_move,
    register_variant,
    state_from_dict,
    state_to_dict,
)
from seep.cards import ALL_CARDS, Card
from seep.testing import position
from seep.variants import (
    CardPoints,
    CardValueSeep,
    LeadMatch,
    MatchRule,
    SeepBonus,
    SeepContext,
    SeepRule,
    Standing,
)
from variant_zoo import FirstToTwoDeals


class FaceCardSeep:
    """A user-made seep rule: 100 with a jack, queen or king, 50 otherwise, 0 on the last play."""

    def __call__(self, context: SeepContext) -> int:
        if context.last_play:
            return 0
        return 100 if context.card.value >= 11 else 50


FIXED_DEALS = register_variant(
    attrs.evolve(STANDARD, name="r12-three-deals", match=LeadMatch(target=None, deals=3))
)
LEAD_200 = register_variant(
    attrs.evolve(STANDARD, name="r12-lead-200", match=LeadMatch(target=200))
)
NO_UNDER_9 = register_variant(
    attrs.evolve(STANDARD, name="r12-no-under-9", match=LeadMatch(under=None))
)
FAMILY = register_variant(
    attrs.evolve(
        STANDARD,
        name="r12-family",
        card_points=attrs.evolve(CardPoints().with_card("TD", 2), most_cards=4),
    )
)
CARD_VALUE = register_variant(
    attrs.evolve(STANDARD, name="r12-card-value-seep", seep_bonus=CardValueSeep())
)
OTHER_BONUSES = register_variant(
    attrs.evolve(
        STANDARD,
        name="r12-other-seep-bonuses",
        seep_bonus=SeepBonus(normal=40, first_play=10, last_play=20),
    )
)
CUSTOM = register_variant(
    attrs.evolve(
        STANDARD, name="r12-custom-rules", seep_bonus=FaceCardSeep(), match=FirstToTwoDeals()
    )
)

ALL_HOUSE_VARIANTS = [FIXED_DEALS, LEAD_200, NO_UNDER_9, FAMILY, CARD_VALUE, OTHER_BONUSES, CUSTOM]


def play_out(variant: Variant, seed: int) -> Baazi:
    rng = random.Random(seed)
    match = new_baazi(variant.name, seed=seed)
    while not match.is_over:
        match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    return match


def first_under_9(match: Baazi) -> int | None:
    """Index of the first sheet row where a team scored below 9 (R10.3), if any."""
    return next((i for i, row in enumerate(match.sheet) if min(row.totals) < 9), None)


@pytest.mark.parametrize("variant", ALL_HOUSE_VARIANTS, ids=lambda v: v.name)
def test_r12_house_variant_plays_end_to_end_and_round_trips(variant: Variant) -> None:
    """R12: each house variant deals, plays, scores and survives JSON through the unchanged API."""
    match = play_out(variant, seed=21)
    assert match.variant is variant
    assert all(record.start.variant is variant for record in match.deals)
    loaded = baazi_from_dict(json.loads(json.dumps(baazi_to_dict(match))))
    assert loaded == match
    middle = list(match.deals[0].replay())[20]
    assert state_from_dict(json.loads(json.dumps(state_to_dict(middle)))) == middle


def test_r12_fixed_number_of_deals_highest_lead_wins() -> None:
    """R12: LeadMatch(target=None, deals=3) plays three deals (unless R10.3 ends it) and the higher lead wins."""
    rule = FIXED_DEALS.match
    standing = rule.after_deal(Standing(), (110, 10))  # lead 100: no target, goes on
    assert standing.lead == 100 and not standing.over
    standing = rule.after_deal(standing, (30, 70))
    assert not standing.over
    standing = rule.after_deal(standing, (40, 60))
    assert standing.over and standing.lead == 40 and standing.winner == 0
    level = rule.after_deal(
        rule.after_deal(rule.after_deal(Standing(), (60, 40)), (40, 60)), (50, 50)
    )
    assert level.over and level.winner is None
    for seed in (21, 22):
        match = play_out(FIXED_DEALS, seed)
        low = first_under_9(match)
        if low is None:
            assert len(match.sheet) == 3
            lead = match.sheet[-1].lead
            assert match.winner == (0 if lead > 0 else 1 if lead < 0 else None)
        else:
            assert len(match.sheet) == low + 1


def test_r12_target_lead_of_200() -> None:
    """R12: LeadMatch(target=200): a lead of 100 or 199 goes on, 200 wins."""
    rule = LEAD_200.match
    assert not rule.after_deal(Standing(lead=60), (70, 30)).over  # lead 100
    assert not rule.after_deal(Standing(lead=159), (70, 30)).over  # lead 199
    won = rule.after_deal(Standing(lead=-160), (30, 70))
    assert won.over and won.winner == 1 and won.lead == -200
    match = play_out(LEAD_200, seed=21)
    if first_under_9(match) is None:
        assert abs(match.sheet[-1].lead) >= 200
        assert all(abs(row.lead) < 200 for row in match.sheet[:-1])


def test_r12_no_under_9_rule() -> None:
    """R12: LeadMatch(under=None): a deal score below 9 loses nothing; only the lead decides."""
    rule = NO_UNDER_9.match
    after = rule.after_deal(Standing(), (95, 5))
    assert not after.over and after.lead == 90
    after = rule.after_deal(Standing(lead=30), (3, 97))
    assert not after.over and after.lead == -64
    match = play_out(NO_UNDER_9, seed=22)
    assert abs(match.sheet[-1].lead) >= 100
    assert all(abs(row.lead) < 100 for row in match.sheet[:-1])


def family_points(card: Card) -> int:
    """The family table by hand: spades their value, other aces 1, the ten of diamonds 2."""
    if card == Card.parse("TD"):
        return 2
    if card.suit == "S":
        return card.value
    return 1 if card.value == 1 else 0


def test_r12_family_card_points_total_100() -> None:
    """R12: 10♦ = 2 and 4 points for more cards: 100 - 6 + 2 + 4 = 100 points per deal."""
    table = FAMILY.card_points
    assert sum(table.points) == 96
    assert table.total == 100
    assert table.card_points(Card.parse("TD")) == 2
    assert table.card_points(Card.parse("KS")) == 13
    more = CardSet.parse("KS TD 2H 3H")
    fewer = CardSet.parse("AH 5C 6C")
    assert table.score([more, fewer]) == (13 + 2 + 4, 1)
    assert table.score([fewer, more]) == (1, 13 + 2 + 4)
    tie = CardSet.parse("AH 5C 6C 7C")
    assert table.score([more, tie]) == (15, 1)  # four cards each: nobody gets the 4


def test_r12_family_scoring_of_a_played_deal() -> None:
    """R12: a finished family deal scores by the new table, the 4 going to the team with more cards."""
    match = play_out(FAMILY, seed=21)
    state: State = match.deals[0].state
    assert state.is_over
    piles = state.piles
    expected = [sum(family_points(card) for card in pile) for pile in piles]
    if len(piles[0]) != len(piles[1]):
        expected[0 if len(piles[0]) > len(piles[1]) else 1] += 4
    score = deal_score(state)
    assert (score.teams[0].cards, score.teams[1].cards) == tuple(expected)
    captured = len(piles[0]) + len(piles[1])
    if captured == 52:
        assert sum(expected) == (100 if len(piles[0]) != len(piles[1]) else 96)
    assert match.sheet[0].cards == tuple(expected)


def test_r12_seep_bonus_equal_to_card_value() -> None:
    """R12: CardValueSeep: a seep with a queen is worth 12, with a nine 9, and 0 on the last play."""
    state = position(CARD_VALUE, hand="QS 2D", loose="5H 7H")
    after = apply_move(state, Take(card="QS", loose="5H 7H"))
    assert after.seeps[-1].points == 12
    state = position(CARD_VALUE, hand="9C 2D", loose="4H 5H")
    assert apply_move(state, Take(card="9C", loose="4H 5H")).seeps[-1].points == 9
    last = position(CARD_VALUE, hand="QS", loose="5H 7H", plays=47)
    assert apply_move(last, Take(card="QS", loose="5H 7H")).seeps[-1].points == 0


def test_r12_other_first_and_last_play_bonuses() -> None:
    """R12: SeepBonus(normal=40, first_play=10, last_play=20) scores each kind of seep accordingly."""
    head = "KS 2H 3H 4H 6C 7C 8D 5D"  # the bidder's four, then the floor (6+7 and 8+5 make 13)
    deck = head.split() + [str(c) for c in ALL_CARDS if str(c) not in head.split()]
    state = apply_move(new_deal(OTHER_BONUSES, deck=deck), parse_move("bid 13"))
    first = apply_move(state, Take(card="KS", loose="6C 7C 8D 5D"))
    assert first.seeps == (SeepRecord(seat=1, play=1, points=10),)
    middle = position(OTHER_BONUSES, hand="9S 2D", loose="4H 5H")
    assert apply_move(middle, Take(card="9S", loose="4H 5H")).seeps[-1].points == 40
    last = position(OTHER_BONUSES, hand="9S", loose="4H 5H", plays=47)
    assert apply_move(last, Take(card="9S", loose="4H 5H")).seeps[-1].points == 20


def test_r12_a_seep_rule_must_score_whole_points() -> None:
    """R12: a user seep rule that returns something other than an int is refused at the seep."""

    def half_points(context: SeepContext) -> int:
        return 12.5  # type: ignore[return-value]

    broken = attrs.evolve(STANDARD, name="r12-half-seeps", seep_bonus=half_points)
    state = position(broken, hand="QS 2D", loose="5H 7H")
    with pytest.raises(TypeError, match=r"seep rule .* 'r12-half-seeps' gave 12.5 for a seep"):
        apply_move(state, Take(card="QS", loose="5H 7H"))
    assert state.seeps == ()  # the state given is untouched


def test_r12_user_defined_rule_objects_need_no_engine_change() -> None:
    """R12: classes written from scratch satisfy the SeepRule and MatchRule protocols and drive the game."""
    assert isinstance(FaceCardSeep(), SeepRule)
    assert isinstance(FirstToTwoDeals(), MatchRule)
    face = position(CUSTOM, hand="QS 2D", loose="5H 7H")
    assert apply_move(face, Take(card="QS", loose="5H 7H")).seeps[-1].points == 100
    plain = position(CUSTOM, hand="9S 2D", loose="4H 5H")
    assert apply_move(plain, Take(card="9S", loose="4H 5H")).seeps[-1].points == 50
    match = play_out(CUSTOM, seed=23)
    wins = [0, 0]
    for row in match.sheet:
        if row.totals[0] != row.totals[1]:
            wins[0 if row.totals[0] > row.totals[1] else 1] += 1
    assert max(wins) == 2
    assert match.winner == wins.index(2)
    for record in match.deals:
        for seep in record.state.seeps:
            move = record.moves[seep.play]  # moves[0] is the bid
            worth = 0 if seep.play == 48 else 100 if move.card.value >= 11 else 50
            assert seep.points == worth

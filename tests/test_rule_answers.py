"""A user's match and dealer rules are asked through one checked place (R10.4, R10.5, R11.6, R12).

A match rule that returned ``None`` used to fail inside the match with an
``AttributeError``, one that forgot to count the deal went unnoticed, and a
dealer rule naming seat 7 was refused by ``new_deal`` as a bad ``dealer``
argument the user never gave.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from seep import (
    STANDARD,
    STANDARD_2P,
    State,
    apply_baazi_move,
    apply_move,
    deal_score,
    legal_moves,
    new_baazi,
    new_deal,
    next_baazi,
)
from seep.baazi import Baazi
from seep.cards import CardSet
from seep.errors import VariantError
from seep.svg import state_svg
from seep.testing import api_test
from seep.testing.fuzz._rule_objects import FuzzDealer
from seep.variants import CardPoints, LeadMatch, Standing, Variant
from seep.variants._answers import first_dealer_of_next_match, next_dealer, next_standing


@attrs.frozen
class FixedStanding:
    """A match rule answering ``answer`` after every deal."""

    answer: object

    def after_deal(self, standing: Standing, totals: tuple[int, int]) -> object:
        return self.answer


def _finish_deal(match: Baazi, seed: int = 1) -> Baazi:
    """``match`` after random moves to the end of its first deal."""
    rng = random.Random(seed)
    deals = len(match.deals)
    while len(match.deals) == deals and not match.is_over:
        match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    return match


def _with(base: Variant, **rules: object) -> Variant:
    return attrs.evolve(base, name="answers", **rules)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [4, -1])
def test_a_dealer_rule_naming_no_seat_is_refused_naming_its_rule_r12(seat: int) -> None:
    variant = _with(STANDARD, dealer_rule=FuzzDealer(seat))
    with pytest.raises(
        VariantError, match=rf"R12: next_dealer\(0, -?\d+, 4\) gave {seat}, not a seat in 0\.\.3"
    ) as raised:
        _finish_deal(new_baazi(variant, seed=1))
    assert raised.value.field == "Variant.dealer_rule"


@pytest.mark.parametrize("answer", ["1", True, None, 1.0])
def test_a_dealer_rule_answering_no_int_is_a_type_error(answer: object) -> None:
    with pytest.raises(
        TypeError, match=r"Variant\.dealer_rule: next_dealer\(.*\) must return a seat"
    ):
        next_dealer(_with(STANDARD, dealer_rule=FuzzDealer(answer)), 0, 0)


def test_the_first_dealer_of_the_next_match_is_checked_too_r10_5() -> None:
    variant = _with(STANDARD_2P, dealer_rule=FuzzDealer(2))
    with pytest.raises(
        VariantError, match=r"first_dealer_of_next_match\(1, 30, 2\) gave 2, not a seat in 0\.\.1"
    ):
        first_dealer_of_next_match(variant, 1, 30)


def test_a_good_dealer_rule_answers_as_it_says() -> None:
    variant = _with(STANDARD, dealer_rule=FuzzDealer(2))
    assert next_dealer(variant, 0, 10) == 2
    assert _finish_deal(new_baazi(variant, seed=3)).state.dealer == 2


def test_a_match_rule_returning_no_standing_is_a_type_error_r10() -> None:
    variant = _with(STANDARD, match=FixedStanding(None))
    with pytest.raises(
        TypeError,
        match=r"Variant\.match: after_deal\(deals=0, totals=\(\d+, \d+\)\) must return a Standing, got None",
    ):
        _finish_deal(new_baazi(variant, seed=1))


@pytest.mark.parametrize("deals", [0, 2, 5])
def test_a_match_rule_must_count_the_deal_r10(deals: int) -> None:
    variant = _with(STANDARD, match=FixedStanding(Standing(deals=deals)))
    with pytest.raises(
        VariantError, match=rf"gave deals={deals}: the next standing counts the deal"
    ):
        next_standing(variant, Standing(), (60, 40))


@pytest.mark.parametrize(
    ("standing", "message"),
    [
        (Standing(deals=1, over=True, winner=2), "named winner 2: a team"),
        (Standing(deals=1, over=True, winner=True), "named winner True: a team"),
        (Standing(deals=1, over=False, winner=0), "named winner 0 of a match not over"),
    ],
)
def test_a_match_rule_names_a_team_as_winner_only_when_over(
    standing: Standing, message: str
) -> None:
    variant = _with(STANDARD, match=FixedStanding(standing))
    with pytest.raises(VariantError, match=message):
        next_standing(variant, Standing(), (60, 40))


def test_the_built_in_rules_pass_and_a_match_still_plays_to_its_end_r10_2() -> None:
    variant = _with(STANDARD, match=LeadMatch(target=30))
    match = new_baazi(variant, seed=2)
    rng = random.Random(2)
    while not match.is_over:
        match = apply_baazi_move(match, rng.choice(legal_moves(match.state)))
    assert [row.deal for row in match.sheet] == list(range(1, len(match.sheet) + 1))
    assert next_baazi(match, seed=3).state.dealer in range(4)


def test_api_test_reports_a_bad_match_rule_with_the_same_words() -> None:
    variant = _with(STANDARD, match=FixedStanding(Standing(deals=7)))
    with pytest.raises(
        AssertionError, match=r"the match or dealer rule: Variant\.match: .* gave deals=7"
    ):
        api_test(variant, deals=1, adapters=False, moves_per_state=2)


def test_a_huge_seat_is_named_in_short() -> None:
    # An int too long to print in full (Python refuses str() beyond 4300 digits).
    with pytest.raises(VariantError, match=r"gave an integer of 5001 digits, not a seat"):
        next_dealer(_with(STANDARD, dealer_rule=FuzzDealer(10**5000)), 0, 0)


class OddPoints(CardPoints):
    """A card-points table whose ``score`` answers ``ODD_SCORE`` (set per test)."""

    def score(self, piles: Sequence[CardSet]) -> tuple[int, ...]:
        return ODD_SCORE["score"]  # type: ignore[return-value]


ODD_SCORE: dict[str, object] = {"score": (0, 0)}


def _finished(variant: Variant) -> State:
    state = new_deal(variant, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state


@pytest.mark.parametrize(
    ("score", "error", "message"),
    [
        (None, TypeError, r"score\(piles\) must return a tuple of ints, one per team, got None"),
        ((1.5, 2), TypeError, r"score\(piles\) must return a tuple of ints"),
        ((1,), VariantError, r"score\(piles\) gave 1 scores for 2 teams' piles"),
        ((1, 2, 3), VariantError, r"score\(piles\) gave 3 scores for 2 teams' piles"),
        ((10**9, 0), VariantError, r"score\(piles\) gave 1000000000, beyond -53000000\.\.53000000"),
    ],
)
def test_a_card_points_table_scoring_its_own_way_is_checked_r9_1(
    score: object, error: type[Exception], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = _with(STANDARD, card_points=OddPoints())
    final = _finished(variant)
    monkeypatch.setitem(ODD_SCORE, "score", score)
    with pytest.raises(error, match=r"Variant\.card_points: " + message):
        deal_score(final)
    with pytest.raises(error, match=message):
        state_svg(final)  # the picture's score lines ask the same place


def test_a_card_points_table_scoring_its_own_way_is_used_when_sound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    variant = _with(STANDARD, card_points=OddPoints())
    monkeypatch.setitem(ODD_SCORE, "score", (7, 93))
    final = _finished(variant)
    assert [team.cards for team in deal_score(final).teams] == [7, 93]

"""seep.testing.api_test: the engine's contracts on built-in and custom variants."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import seep.observation
import seep.records
import seep.testing._adapters
import seep.testing.api
from seep import STANDARD, STANDARD_2P, TAASH, Variant
from seep.cards import CardSet
from seep.testing import ApiTestReport, api_test
from seep.variants import (
    CardPoints,
    CardValueSeep,
    LeadMatch,
    SeepBonus,
    SeepContext,
    Standing,
    register_variant,
)


@pytest.mark.parametrize("name", ["standard", "standard-2p", "taash", "taash-2p", "taash-full"])
def test_builtin_variants_pass(name: str) -> None:
    report = api_test(name, deals=2, seed=0)
    assert report.variant == name
    assert report.deals == 2 and report.plays == 96
    assert report.states >= 96 and report.moves >= report.plays
    players = 4 if not name.endswith("2p") else 2
    assert report.views == report.states * players
    assert report.records == 2  # each deal's game record was written, read back and replayed


def test_report_counts_seeps_and_runs_are_reproducible() -> None:
    first = api_test("standard", deals=1, seed=0)
    assert first.seeps == 2  # seed 0 plays a deal with two seeps
    assert api_test("standard", deals=1, seed=0) == first
    # The deals played do not depend on how many moves per state are checked.
    assert api_test("standard", deals=1, seed=0, moves_per_state=1).seeps == 2


def test_zero_deals_check_nothing() -> None:
    assert api_test(deals=0) == ApiTestReport(
        variant="standard",
        deals=0,
        plays=0,
        states=0,
        moves=0,
        views=0,
        samples=0,
        chance=0,
        seeps=0,
        records=0,
        skipped=("adapters: not asked for (adapters=False or no deals)",),
    )


def test_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="deals"):
        api_test(deals=-1)
    with pytest.raises(ValueError, match="moves_per_state"):
        api_test(moves_per_state=0)


# -- custom variants (R12) ----------------------------------------------------


def test_custom_variants_pass_unregistered() -> None:
    family = CardPoints().with_card("TD", 2)
    customs = [
        attrs.evolve(
            STANDARD, name="api-big-seeps", seep_bonus=SeepBonus(normal=100, last_play=10)
        ),
        attrs.evolve(STANDARD, name="api-card-seeps", seep_bonus=CardValueSeep()),
        attrs.evolve(
            STANDARD_2P, name="api-family-2p", card_points=attrs.evolve(family, most_cards=4)
        ),
        attrs.evolve(TAASH, name="api-taash-lead", match=LeadMatch(target=200, under=None)),
    ]
    for variant in customs:
        report = api_test(variant, deals=2, seed=3)
        assert report.variant == variant.name and report.plays == 96


def _seep_variant(rule: Any) -> Variant:
    return attrs.evolve(STANDARD, name="api-broken", seep_bonus=rule)


def test_a_seep_rule_returning_a_float_is_caught() -> None:
    def half_points(context: SeepContext) -> int:
        return 12.5  # type: ignore[return-value]

    with pytest.raises(
        AssertionError,
        match=r"api_test\(.api-broken.\): deal 1 .*the seep rule .* gave 12.5 for a seep, not an int",
    ):
        api_test(_seep_variant(half_points), deals=1, seed=0)


def test_a_seep_rule_returning_text_is_caught() -> None:
    def text_points(context: SeepContext) -> int:
        return "50"  # type: ignore[return-value]

    with pytest.raises(AssertionError, match="api-broken"):
        api_test(_seep_variant(text_points), deals=1, seed=0)


def test_a_seep_rule_that_raises_is_caught() -> None:
    def broken(context: SeepContext) -> int:
        raise ZeroDivisionError("oops")

    # The observation bounds ask the seep rule of every play before any move is made.
    with pytest.raises(AssertionError, match=r"seat 0: ZeroDivisionError\('oops'\)"):
        api_test(_seep_variant(broken), deals=1, seed=0)


@attrs.frozen(kw_only=True)
class _ForgetfulPoints(CardPoints):
    """A card-point table whose scoring loses the last team's points."""

    def score(self, piles: Any) -> tuple[int, ...]:
        scores = list(super().score(piles))
        scores[-1] = 0
        return tuple(scores)


def test_card_points_that_do_not_add_up_are_caught() -> None:
    variant = attrs.evolve(STANDARD, name="api-forgetful", card_points=_ForgetfulPoints())
    with pytest.raises(AssertionError, match="card points add up to"):
        api_test(variant, deals=1, seed=0)


def test_a_leaking_view_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = seep.testing.api.view_to_dict

    def leaky(view: Any) -> dict[str, Any]:
        doc = real(view)
        doc["debug"] = [str(card) for card in CardSet(view.unseen.mask)]
        return doc

    monkeypatch.setattr(seep.testing.api, "view_to_dict", leaky)
    with pytest.raises(AssertionError, match="shows hidden cards"):
        api_test(deals=1)


def test_a_mutating_apply_move_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = seep.testing.api.apply_move

    def mutating(state: Any, move: Any) -> Any:
        after = real(state, move)
        object.__setattr__(state, "plays", state.plays + 5)
        return after

    monkeypatch.setattr(seep.testing.api, "apply_move", mutating)
    with pytest.raises(AssertionError, match="changed the state it was given"):
        api_test(deals=1)


def test_records_are_checked_for_registered_variants_only() -> None:
    unregistered = attrs.evolve(STANDARD, name="api-unregistered-records")
    assert api_test(unregistered, deals=1, seed=1).records == 0
    registered = register_variant(attrs.evolve(STANDARD_2P, name="api-registered-records"))
    assert api_test(registered, deals=2, seed=1).records == 2


def test_a_record_that_does_not_read_back_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = seep.records.format_record

    def forgetful(record: Any) -> str:
        lines = real(record).splitlines(keepends=True)
        last_move = max(i for i, line in enumerate(lines) if line[:1].isdigit())
        return "".join(lines[:last_move] + lines[last_move + 1 :])

    monkeypatch.setattr(seep.records, "format_record", forgetful)
    with pytest.raises(AssertionError, match="game record does not round-trip"):
        api_test(deals=1)


def test_the_action_ids_of_every_legal_move_are_checked_both_ways() -> None:
    report = api_test("standard-2p", deals=1, seed=2, moves_per_state=None, adapters=False)
    assert report.actions == report.moves - report.plays - 1  # every move listed, not played
    assert report.encodings == report.states - 1  # the whole id tree of every state in play


def test_an_action_id_left_out_of_legal_actions_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = seep.testing.api.legal_actions

    def forgetful(state: Any, prefix: Any = ()) -> tuple[int, ...]:
        offered = real(state, prefix)
        return offered[:-1] if prefix and len(offered) > 1 else offered

    monkeypatch.setattr(seep.testing.api, "legal_actions", forgetful)
    with pytest.raises(AssertionError, match="does not offer"):
        api_test("taash", deals=1, adapters=False)


def test_an_id_tree_with_a_path_that_is_no_move_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = seep.testing.api.legal_actions

    def extra(state: Any, prefix: Any = ()) -> tuple[int, ...]:
        # A lone "finish" offered first, as if it were a whole move.
        if tuple(prefix) == (122,):
            return ()
        offered = real(state, prefix)
        return (*offered, 122) if not prefix and offered else offered

    monkeypatch.setattr(seep.testing.api, "legal_actions", extra)
    with pytest.raises(AssertionError, match="not the legal moves' ids"):
        api_test("standard", deals=1, moves_per_state=None, adapters=False)


def test_an_observation_outside_its_bounds_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = seep.testing.api.observation_vector
    plays = seep.observation.observation_layout("standard")["plays"].start

    def too_many(view: Any) -> tuple[int, ...]:
        vector = list(real(view))
        vector[plays] += 49
        return tuple(vector)

    monkeypatch.setattr(seep.testing.api, "observation_vector", too_many)
    with pytest.raises(AssertionError, match=r"plays is 49, outside observation_bounds 0\.\.48"):
        api_test(deals=1, adapters=False)


def test_a_picture_that_is_not_xml_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seep.testing.api, "state_svg", lambda state: "<svg><g></svg>")
    with pytest.raises(AssertionError, match="state_svg does not draw valid XML"):
        api_test(deals=1, adapters=False)


class _NoCountMatch:
    """A match rule that forgets to count the deal."""

    def after_deal(self, standing: Standing, totals: tuple[int, int]) -> Standing:
        return attrs.evolve(standing, lead=standing.lead + totals[0] - totals[1])


@attrs.frozen
class _SeatFour:
    rule: str = "R12"

    def next_dealer(self, dealer: int, lead: int, players: int) -> int:
        return 4

    def first_dealer_of_next_match(self, dealer: int, lead: int, players: int) -> int:
        return 0


def test_a_match_rule_that_does_not_count_the_deal_is_caught() -> None:
    variant = attrs.evolve(STANDARD, name="api-no-count", match=_NoCountMatch())
    with pytest.raises(
        AssertionError,
        match=r"the match or dealer rule: Variant\.match: after_deal\(.*\) gave deals=.*counts the deal",
    ):
        api_test(variant, deals=1, moves_per_state=1)


def test_a_dealer_rule_that_names_no_seat_is_caught() -> None:
    variant = attrs.evolve(STANDARD, name="api-seat-four", dealer_rule=_SeatFour())
    with pytest.raises(
        AssertionError,
        match=r"the match or dealer rule: Variant\.dealer_rule: R12: next_dealer\(.*\) gave 4, not a seat",
    ):
        api_test(variant, deals=1, moves_per_state=1)


def test_the_adapters_load_a_registered_variant_by_name_and_skip_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for framework in ("pyspiel", "pettingzoo", "gymnasium"):
        pytest.importorskip(framework)
    variant = register_variant(attrs.evolve(STANDARD_2P, name="api-adapters"), replace=True)
    report = api_test(variant, deals=1, moves_per_state=1)
    assert report.adapters == ("openspiel", "pettingzoo", "gymnasium")
    assert report.skipped == ()
    unregistered = attrs.evolve(STANDARD_2P, name="api-adapters-unregistered")
    assert api_test(unregistered, deals=1, moves_per_state=1).skipped == (
        "adapters: 'api-adapters-unregistered' is not registered "
        "(the adapters load variants by name)",
    )

    def absent(*arguments: Any) -> None:
        raise ModuleNotFoundError("No module named 'pyspiel'", name="pyspiel")

    adapters = dict(seep.testing._adapters.ADAPTERS)
    monkeypatch.setattr(
        seep.testing.api, "ADAPTERS", (("openspiel", absent), ("gymnasium", adapters["gymnasium"]))
    )
    report = api_test(variant, deals=1, moves_per_state=1)
    assert report.adapters == ("gymnasium",)
    assert report.skipped == ("openspiel: not installed (pyspiel)",)


def test_an_adapter_that_breaks_names_the_adapter(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*arguments: Any) -> None:
        raise ValueError("no such game")

    monkeypatch.setattr(seep.testing.api, "ADAPTERS", (("openspiel", broken),))
    with pytest.raises(AssertionError, match="the openspiel adapter, variant 'standard'"):
        api_test(deals=1, moves_per_state=1)

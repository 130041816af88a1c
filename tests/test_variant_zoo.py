"""The zoo of custom variants, built from the public protocols only, passes every layer (R12).

Each variant of ``variant_zoo`` (custom openings, a dealer rule, a seep
rule, a card-point table, a match rule and a combination) is registered and
checked by ``api_test``: the engine, consistent sampling for every seat,
the chance deal, the action encoding, observations, records, pictures, and
the OpenSpiel, PettingZoo and Gymnasium adapters loading it by name.
"""

from __future__ import annotations

import attrs
import pytest

from seep import Variant, apply_move, new_deal, parse_move
from seep.bounds import seep_bonus_range
from seep.cards import ALL_CARDS, CardSet
from seep.observation import observation_bounds, observation_layout, observation_vector
from seep.testing import api_test
from seep.variants import OpeningRule, SeepBonus, SeepRule
from seep.views import observe
from variant_zoo import OPEN_FLOOR, ZOO, registered

_ADAPTERS = ("openspiel", "pettingzoo", "gymnasium")


@pytest.mark.zoo
@pytest.mark.parametrize("variant", ZOO, ids=lambda variant: variant.name)
def test_r12_every_zoo_variant_passes_api_test_in_every_layer(variant: Variant) -> None:
    report = api_test(registered(variant), deals=2, seed=7, moves_per_state=16)
    assert report.plays == 96 and report.records == 2 and report.chance == 2
    assert report.samples >= 2 * 4 * variant.players  # every seat, several points a deal
    assert report.actions >= report.plays and report.encodings > 0
    assert report.observations == report.views and report.pictures > 0
    assert report.standings == 2
    # Each adapter installed here played a deal of the variant by its name.
    skipped = {note.partition(":")[0] for note in report.skipped}
    assert set(report.adapters) | skipped == set(_ADAPTERS)


def test_r12_the_zoo_rules_meet_the_public_protocols() -> None:
    names = [variant.name for variant in ZOO]
    assert len(set(names)) == len(names)
    for variant in ZOO:
        assert isinstance(variant.opening, OpeningRule)
        assert isinstance(variant.seep_bonus, SeepRule)


def test_r4_5_an_opening_without_bid_or_house_round_can_seep_on_play_1_within_the_bounds() -> None:
    # An open floor: no bid (R2.6 does not apply) and no house round (R11.2), so the
    # first play may seep with any card, and the bounds must count its bonus.
    variant = attrs.evolve(
        OPEN_FLOOR, name="zoo-open-floor-first-seep-costs", seep_bonus=SeepBonus(first_play=-30)
    )
    packets = list(CardSet.parse("5S 6D 7D 8D")) + list(CardSet.parse("AH 2H 3H 4H"))
    deck = [*packets, *(card for card in ALL_CARDS if card not in packets)]
    state = new_deal(variant, deck=deck, dealer=3)
    after = apply_move(state, parse_move("take 5S AH 2H 3H 4H"))
    assert [seep.points for seep in after.seeps] == [-30]
    assert seep_bonus_range(variant)[0] <= -30
    low, high = observation_bounds(variant)
    vector = observation_vector(observe(after, 0))
    field = observation_layout(variant)["seep_points"]
    assert all(low[i] <= vector[i] <= high[i] for i in range(field.start, field.stop))


def test_r11_2_the_house_round_flag_of_an_observation_is_the_openings_builds_first() -> None:
    layout = observation_layout(OPEN_FLOOR)["house_round_opening"]
    vector = observation_vector(observe(new_deal(OPEN_FLOOR, seed=1), 0))
    assert vector[layout] == (0,)  # no bid, but no house round either
    taash = observation_vector(observe(new_deal("taash", seed=1), 0))
    assert taash[observation_layout("taash")["house_round_opening"]] == (1,)

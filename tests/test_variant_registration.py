"""Registering variants: equal variants again are a no-op, rule objects compare by value."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import attrs
import pytest

from seep import STANDARD, get_variant, new_deal, register_variant
from seep.variants import LeadMatch, SeepBonus, SeepContext, Standing
from seep.variants._equal import same_rule

VARIANTS_PAGE = Path(__file__).resolve().parents[1] / "docs" / "variants.md"


def _section(text: str, heading: str) -> str:
    """The part of a docs page from ``heading`` to the next heading of the same level."""
    level = heading.split(" ")[0] + " "
    start = text.index(heading + "\n")
    rest = text[start + len(heading) :]
    ends = [i for i in (rest.find("\n" + level),) if i >= 0]
    return text[start : start + len(heading) + (ends[0] if ends else len(rest))]


def _run_examples(text: str) -> doctest.TestResults:
    """Run the doctest examples in ``text`` in a fresh namespace, as a notebook re-run does."""
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {"__name__": "__main__"}, "variants.md", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=lambda _: None)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("heading", ["## House variations (R12)", "## Openings and dealer rules"])
def test_the_docs_patterns_for_house_rules_run_twice(heading: str) -> None:
    """The variants page's examples, user rule classes included, pass when run again."""
    section = _section(VARIANTS_PAGE.read_text(encoding="utf-8"), heading)
    assert "class " in section  # the section defines rule classes of its own
    first = _run_examples(section)
    second = _run_examples(section)
    assert first.attempted > 5 and first.failed == 0
    assert second.attempted == first.attempted and second.failed == 0


_USER_RULES = """
import attrs
from seep import STANDARD, register_variant
from seep.variants import SeepContext, Standing

class FaceCardSeep:
    def __init__(self, face=100):
        self.face = face
    def __call__(self, context: SeepContext) -> int:
        return 0 if context.last_play else (self.face if context.card.value >= 11 else 50)

@attrs.frozen
class KeepDealer:
    rule: str = "R12"
    def next_dealer(self, dealer, lead, players):
        return dealer
    def first_dealer_of_next_match(self, dealer, lead, players):
        return dealer

variant = attrs.evolve(STANDARD, name=NAME, seep_bonus=FaceCardSeep(FACE), dealer_rule=KeepDealer())
registered = register_variant(variant)
"""


def _define(name: str, face: int = 100, source: str = _USER_RULES) -> dict[str, Any]:
    namespace: dict[str, Any] = {"NAME": name, "FACE": face}
    exec(source, namespace)
    return namespace


def test_r12_a_cell_run_twice_registers_the_same_variant_once() -> None:
    """Fresh classes with the same code and values: the second registration is no error."""
    first = _define("reg-cell-twice")
    second = _define("reg-cell-twice")
    assert first["FaceCardSeep"] is not second["FaceCardSeep"]
    assert first["variant"] != second["variant"]  # plain classes compare by identity ...
    # ... the registry by value: the newer definition takes the name, quietly
    assert second["registered"] is second["variant"]
    assert get_variant("reg-cell-twice") is second["variant"]
    assert new_deal("reg-cell-twice", seed=1).variant is second["variant"]


def test_r12_a_changed_rule_under_a_taken_name_needs_replace() -> None:
    """Other values, or other code, make a different variant: refused unless replaced."""
    _define("reg-changed")
    with pytest.raises(ValueError, match=r"already registered as 'reg-changed'.*replace=True"):
        _define("reg-changed", face=80)
    edited = _USER_RULES.replace("else 50", "else 40")
    with pytest.raises(ValueError, match="already registered as 'reg-changed'"):
        _define("reg-changed", source=edited)
    replaced = _define(
        "reg-changed",
        face=80,
        source=_USER_RULES.replace(
            "register_variant(variant)", "register_variant(variant, replace=True)"
        ),
    )
    assert get_variant("reg-changed") is replaced["variant"]


def test_r12_an_equal_builtin_config_registers_as_the_same_object() -> None:
    """attrs rule objects already compare by value: ``register_variant`` returns the registered one."""
    lead = register_variant(
        attrs.evolve(STANDARD, name="reg-lead-150", match=LeadMatch(target=150))
    )
    again = register_variant(
        attrs.evolve(STANDARD, name="reg-lead-150", match=LeadMatch(target=150))
    )
    assert again is lead
    with pytest.raises(ValueError, match="reg-lead-150"):
        register_variant(attrs.evolve(STANDARD, name="reg-lead-150", match=LeadMatch(target=200)))


@pytest.mark.parametrize("wrong", [None, "standard", 3, STANDARD.match])
def test_register_variant_refuses_what_is_not_a_variant(wrong: object) -> None:
    with pytest.raises(
        TypeError, match=r"register_variant: variant must be a seep\.variants\.Variant"
    ):
        register_variant(wrong)  # type: ignore[arg-type]


def test_register_variant_refuses_a_replace_that_is_not_a_bool() -> None:
    with pytest.raises(TypeError, match="register_variant: replace must be True or False"):
        register_variant(STANDARD, replace="yes")  # type: ignore[arg-type]


def test_same_rule_compares_functions_and_closures_by_value() -> None:
    """Lambdas and closures: the same code and the same captured values."""

    def bonus(points: int) -> Any:
        return lambda context: points

    assert same_rule(bonus(50), bonus(50))
    assert not same_rule(bonus(50), bonus(40))
    assert not same_rule(lambda c: 50, lambda c: 40)
    assert same_rule(SeepBonus(normal=40), SeepBonus(normal=40))
    assert not same_rule(SeepBonus(normal=40), SeepBonus(normal=30))
    assert not same_rule(Standing(), SeepContext)


def test_errors_page_unknown_variant_is_a_seep_error_and_a_key_error() -> None:
    import pickle

    from seep.errors import SeepError, UnknownVariantError

    with pytest.raises(SeepError) as caught:
        get_variant("no-such-game")
    error = caught.value
    assert isinstance(error, KeyError) and isinstance(error, UnknownVariantError)
    assert error.name == "no-such-game" and "standard" in error.known
    assert str(error).startswith("unknown variant 'no-such-game'; known: ")
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) and again.known == error.known


@pytest.mark.parametrize("name", [5, None, ["standard"], b"standard"])
def test_errors_page_get_variant_refuses_a_name_that_is_no_string(name: object) -> None:
    with pytest.raises(TypeError, match="get_variant: name must be a str or a Variant"):
        get_variant(name)  # type: ignore[arg-type]

"""seep.testing: its public names, where they live, and that it works without Hypothesis."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import seep.testing
import seep.testing.api
import seep.testing.fuzz
import seep.testing.positions
import seep.testing.strategies

# The public surface of seep.testing; a change here is a change of the API.
PUBLIC = [
    "ApiTestReport",
    "FuzzReport",
    "api_test",
    "card_sets",
    "cards",
    "deals",
    "decks",
    "fuzz_targets",
    "legal_moves_of",
    "mutate_document",
    "mutate_text",
    "mutated_decks",
    "mutated_documents",
    "mutated_match_documents",
    "mutated_move_documents",
    "mutated_move_texts",
    "mutated_record_documents",
    "mutated_record_texts",
    "mutated_state_documents",
    "mutated_texts",
    "mutated_view_documents",
    "position",
    "random_moves",
    "reachable_states",
    "run_fuzz",
    "seeds",
    "state_problems",
    "states_with_houses",
    "view_problems",
]

MODULES = [seep.testing.api, seep.testing.fuzz, seep.testing.positions, seep.testing.strategies]


def test_all_is_exactly_the_public_surface() -> None:
    assert sorted(seep.testing.__all__) == PUBLIC
    assert len(set(seep.testing.__all__)) == len(seep.testing.__all__)


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_name_has_a_docstring_with_an_example(name: str) -> None:
    doc = getattr(seep.testing, name).__doc__
    assert doc is not None and ">>> " in doc, name


def test_each_name_is_defined_in_exactly_one_module_and_re_exported() -> None:
    owners: dict[str, str] = {}
    for module in MODULES:
        assert module.__doc__ is not None and ">>> " in module.__doc__, module.__name__
        for name in module.__all__:
            assert name not in owners, f"{name} in {owners.get(name)} and {module.__name__}"
            owners[name] = module.__name__
            assert getattr(seep.testing, name) is getattr(module, name)
            assert getattr(module, name).__module__ == module.__name__
    assert sorted(owners) == PUBLIC


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_importing_seep_testing_does_not_import_hypothesis() -> None:
    result = _run(
        """
        import sys
        import seep.testing
        assert not any(name.split(".")[0] == "hypothesis" for name in sys.modules), "imported"
        """
    )
    assert result.returncode == 0, result.stderr


def test_position_and_api_test_work_without_hypothesis() -> None:
    result = _run(
        """
        import sys
        sys.modules["hypothesis"] = None  # import hypothesis now raises ImportError
        from seep.testing import api_test, cards, position
        from seep.testing.api import api_test as same
        assert same is api_test
        assert position(hand="9S 4H", loose="5C 4D").hand.mask
        assert api_test("standard-2p", deals=1, seed=0, moves_per_state=2).plays == 48
        try:
            cards()
        except ImportError as error:
            print(error)
        else:
            raise AssertionError("a strategy without Hypothesis did not raise ImportError")
        """
    )
    assert result.returncode == 0, result.stderr
    assert "need Hypothesis" in result.stdout

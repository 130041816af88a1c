"""Fuzzing seep's input boundaries: mutation strategies, an independent validity check, a runner.

Every document and text the library reads (states, moves, move notation,
views, match documents, game records in text and JSON, decks, variant
configs, files given to ``seep show``) must either load into a valid state
or be refused with a :class:`~seep.errors.SeepError`; a wrong Python type
given to a public function raises ``TypeError``. This package checks that
promise by mutation: it takes documents, texts and moves from real games of
every built-in variant and every phase (before the bid, the opening, the
middle, the last plays, a finished deal, a match over), mutates them
(structurally: fields missing, extra, wrong-typed, huge, deep, non-ASCII,
duplicated, truncated; semantically: cards moved between zones, houses and
owners corrupted, seeps, counters and scores made inconsistent) and hands
them to the library.

Whatever loads is checked by :func:`state_problems` (or
:func:`view_problems`), written from the rules and independent of the
loaders' own validation: the 52 cards once each, the deal's shape at its
play count, houses (R3.2, R5), seeps (R4.5), captures and scores (R4.4,
R9), a JSON round trip, a legal move while cards are held (R3.3) and a
random play-out to the end.

The same operators are public, as Hypothesis strategies and as plain
functions, so that a game server can fuzz its own boundary:

>>> from seep.testing import mutate_document, state_problems
>>> import random
>>> from seep import new_deal, state_to_dict
>>> doc = state_to_dict(new_deal("standard", seed=7))
>>> mutate_document(doc, random.Random(3), count=2)
['reorder', 'exchange_cards']
>>> state_problems(new_deal("taash", seed=1))
[]

The long run is one command; it prints a table of outcomes per target and
exits non-zero if any input escaped untyped, hung (over 2 s) or was accepted
while invalid::

    python -m seep.testing.fuzz --inputs 200000 --seed 1 --examples 3
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from seep.testing.fuzz._check import state_problems, view_problems
from seep.testing.fuzz._corpus import copy_doc, corpus
from seep.testing.fuzz._mutate import mutate_document, mutate_text
from seep.testing.fuzz._runner import FuzzReport, run_fuzz
from seep.testing.fuzz._targets import TARGETS
from seep.testing.strategies import _strategies

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = [
    "FuzzReport",
    "fuzz_targets",
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
    "run_fuzz",
    "state_problems",
    "view_problems",
]


def fuzz_targets() -> tuple[str, ...]:
    """The names of the fuzz targets, in the order the runner reports them.

    >>> from seep.testing import fuzz_targets
    >>> fuzz_targets()[:3]
    ('state-json', 'move-json', 'move-text')
    """
    return tuple(target.name for target in TARGETS)


def _mutated(doc: Any, rng: random.Random, count: int) -> Any:
    copy = copy_doc(doc)
    mutate_document(copy, rng, count=count)
    return copy


def mutated_documents(doc: Any, *, max_mutations: int = 3) -> SearchStrategy[Any]:
    """Copies of the JSON document ``doc`` with 1 to ``max_mutations`` mutations each.

    ``doc`` itself is never changed. Use it on your own documents, for
    example the messages your server accepts:

    >>> from seep.testing import mutated_documents
    >>> from hypothesis import find
    >>> from seep.errors import SeepError
    >>> from seep.serialization import move_from_dict
    >>> def refused(doc):  # True if the loader refuses doc with a typed error
    ...     try:
    ...         move_from_dict(doc)
    ...     except SeepError:
    ...         return True
    ...     except Exception:
    ...         return False
    ...     return False
    ...
    >>> original = {"kind": "throw", "card": "7C"}
    >>> bad = find(mutated_documents(original), refused)
    >>> bad != original, original
    (True, {'kind': 'throw', 'card': '7C'})
    """
    if max_mutations < 1:
        raise ValueError(f"max_mutations must be at least 1, not {max_mutations}")
    st = _strategies()
    result: SearchStrategy[Any] = st.builds(
        _mutated,
        st.just(doc),
        st.randoms(use_true_random=False),
        st.integers(min_value=1, max_value=max_mutations),
    )
    return result


def mutated_texts(text: str, *, max_mutations: int = 3) -> SearchStrategy[str]:
    """``text`` with 1 to ``max_mutations`` text mutations: truncated, cut, lines repeated or swapped, tokens garbled.

    >>> from seep.testing import mutated_texts
    >>> from hypothesis import find
    >>> len(find(mutated_texts("take JS 5C 6H"), lambda text: len(text) < 5)) < 5
    True
    """
    st = _strategies()
    result: SearchStrategy[str] = st.builds(
        lambda rng, count: mutate_text(text, rng, count=count),
        st.randoms(use_true_random=False),
        st.integers(min_value=1, max_value=max_mutations),
    )
    return result


def _from_corpus(
    pick: Callable[[], tuple[Any, ...]], mutate: Callable[[Any], SearchStrategy[Any]]
) -> SearchStrategy[Any]:
    st = _strategies()
    result: SearchStrategy[Any] = st.deferred(lambda: st.sampled_from(pick()).flatmap(mutate))
    return result


def mutated_state_documents(variant: str | None = None) -> SearchStrategy[Any]:
    """Mutated state documents (``seep-state/1``) of real games, every phase, one variant or all.

    >>> from seep.testing import mutated_state_documents
    >>> from hypothesis import given, settings
    >>> from seep.errors import SeepError
    >>> from seep.serialization import state_from_dict
    >>> @settings(max_examples=20, derandomize=True, database=None, deadline=None)
    ... @given(mutated_state_documents("standard"))
    ... def test_load(doc):
    ...     try:
    ...         state = state_from_dict(doc)
    ...     except SeepError:
    ...         return
    ...     assert state.plays <= 48
    ...
    >>> test_load()
    """
    return _from_corpus(
        lambda: tuple(
            doc for doc in corpus().state_docs if variant is None or doc["variant"] == variant
        ),
        mutated_documents,
    )


def mutated_move_documents() -> SearchStrategy[Any]:
    """Mutated move objects of the JSON documents, from legal moves of real games.

    >>> from seep.testing import mutated_move_documents
    >>> from hypothesis import find
    >>> isinstance(find(mutated_move_documents(), lambda doc: isinstance(doc, dict)), dict)
    True
    """
    return _from_corpus(
        lambda: tuple(_move_doc(move) for _, move in corpus().moves), mutated_documents
    )


def _move_doc(move: Any) -> dict[str, Any]:
    from seep.serialization import move_to_dict

    return move_to_dict(move)


def mutated_move_texts() -> SearchStrategy[str]:
    """Mutated move notation, from legal moves of real games.

    >>> from seep.testing import mutated_move_texts
    >>> from hypothesis import find
    >>> find(mutated_move_texts(), lambda text: text.startswith("bid")).startswith("bid")
    True
    """
    return _from_corpus(lambda: tuple(str(move) for _, move in corpus().moves), mutated_texts)


def mutated_view_documents() -> SearchStrategy[Any]:
    """Mutated view documents (``seep-view/1``), with and without their history.

    >>> from seep.testing import mutated_view_documents
    >>> from hypothesis import find
    >>> "seat" in find(mutated_view_documents(), lambda doc: isinstance(doc, dict) and "seat" in doc)
    True
    """
    return _from_corpus(lambda: corpus().view_docs, mutated_documents)


def mutated_match_documents() -> SearchStrategy[Any]:
    """Mutated match documents (``seep-baazi/1``): matches under way and matches over.

    >>> from seep.testing import mutated_match_documents
    >>> from hypothesis import find
    >>> isinstance(find(mutated_match_documents(), lambda doc: isinstance(doc, dict)), dict)
    True
    """
    return _from_corpus(lambda: corpus().match_docs, mutated_documents)


def mutated_record_texts() -> SearchStrategy[str]:
    """Mutated game records (``seep-record/1`` text) of whole and partial deals and matches.

    >>> from seep.testing import mutated_record_texts
    >>> from hypothesis import find
    >>> find(mutated_record_texts(), lambda text: "[Format" in text).count("[Format") >= 1
    True
    """
    return _from_corpus(lambda: corpus().record_texts, mutated_texts)


def mutated_record_documents() -> SearchStrategy[Any]:
    """Mutated game records in their JSON form.

    >>> from seep.testing import mutated_record_documents
    >>> from hypothesis import find
    >>> isinstance(find(mutated_record_documents(), lambda doc: isinstance(doc, dict)), dict)
    True
    """
    return _from_corpus(lambda: corpus().record_docs, mutated_documents)


def mutated_decks() -> SearchStrategy[Any]:
    """Decks for :func:`seep.new_deal` with cards missing, repeated, garbled or of the wrong type.

    >>> from seep.testing import mutated_decks
    >>> from hypothesis import given, settings
    >>> from seep import new_deal
    >>> from seep.errors import SeepError
    >>> @settings(max_examples=20, derandomize=True, database=None, deadline=None)
    ... @given(mutated_decks())
    ... def test_decks(deck):
    ...     try:
    ...         new_deal("standard", deck=deck)
    ...     except (SeepError, TypeError):
    ...         pass
    ...
    >>> test_decks()
    """
    from seep.cards import ALL_CARDS

    st = _strategies()
    result: SearchStrategy[Any] = st.permutations([str(card) for card in ALL_CARDS]).flatmap(
        lambda deck: mutated_documents({"deck": deck}).map(lambda doc: doc.get("deck"))
    )
    return result


# Their public home (for help(), the API reference and the docs), as seep.serialization
# does for the move JSON functions defined in a private module.
for _name in (
    "FuzzReport",
    "mutate_document",
    "mutate_text",
    "run_fuzz",
    "state_problems",
    "view_problems",
):
    globals()[_name].__module__ = __name__

"""Hypothesis strategies for property-based tests of bots, house rules and the engine.

Cards, card sets, decks, seeds, new deals, states reached by random legal
play, states with houses on the floor, legal moves of a state, and arbitrary
(usually illegal) moves.

Hypothesis is a development dependency, not a dependency of ``seep``:
importing this module does not import it. Each strategy function imports
Hypothesis when it is called and raises :class:`ImportError` if it is not
installed (``pip install hypothesis``, or the ``dev`` extra).

Random play is driven by Hypothesis draws (one move index per play), so a
failing example shrinks towards fewer plays and earlier moves in canonical
order:

>>> from hypothesis import given, settings, strategies as st
>>> from seep import Bid, apply_move
>>> from seep.testing import legal_moves_of, reachable_states
>>> @settings(max_examples=10, derandomize=True, database=None)
... @given(st.data(), reachable_states(max_plays=6))
... def test_a_card_played_is_one_play(data, state):
...     move = data.draw(legal_moves_of(state))
...     after = apply_move(state, move)
...     assert after.plays == state.plays + (0 if isinstance(move, Bid) else 1)
...
>>> test_a_card_played_is_one_play()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from seep.cards import ALL_CARDS, Card, CardSet
from seep.deal import new_deal
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.rules import apply_move, legal_moves
from seep.state import Phase, State
from seep.variants import Variant, get_variant

if TYPE_CHECKING:
    from types import ModuleType

    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = [
    "card_sets",
    "cards",
    "deals",
    "decks",
    "legal_moves_of",
    "random_moves",
    "reachable_states",
    "seeds",
    "states_with_houses",
]


def _strategies() -> ModuleType:
    """``hypothesis.strategies``, imported on first use."""
    try:
        from hypothesis import strategies
    except ImportError as error:  # pragma: no cover - hypothesis is installed in dev
        raise ImportError(
            "seep.testing strategies need Hypothesis: pip install hypothesis"
        ) from error
    return strategies


def cards() -> SearchStrategy[Card]:
    """Any one of the 52 cards; shrinks towards the ace of spades.

    >>> from seep.testing import cards
    >>> from hypothesis import find
    >>> find(cards(), lambda card: card.value == 13)
    Card('KS')
    """
    st = _strategies()
    result: SearchStrategy[Card] = st.sampled_from(ALL_CARDS)
    return result


def card_sets(min_size: int = 0, max_size: int = 52) -> SearchStrategy[CardSet]:
    """Sets of ``min_size`` to ``max_size`` distinct cards.

    >>> from seep.testing import card_sets
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, derandomize=True, database=None)
    ... @given(card_sets(min_size=2, max_size=5))
    ... def test_sizes(cards):
    ...     assert 2 <= len(cards) <= 5
    ...
    >>> test_sizes()
    """
    if not 0 <= min_size <= max_size <= 52:
        raise ValueError(f"need 0 <= min_size <= max_size <= 52, got {min_size}, {max_size}")
    st = _strategies()
    result: SearchStrategy[CardSet] = st.lists(
        cards(), min_size=min_size, max_size=max_size, unique=True
    ).map(CardSet.of)
    return result


def decks() -> SearchStrategy[tuple[Card, ...]]:
    """Orders of the whole deck (permutations of the 52 cards, index 0 dealt first).

    An explicit deck may be a void deal (R2.3): :func:`seep.new_deal` then
    raises :class:`~seep.errors.MisdealError`.

    >>> from seep.cards import ALL_CARDS
    >>> from seep.testing import decks
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5, derandomize=True, database=None)
    ... @given(decks())
    ... def test_every_card_once(deck):
    ...     assert sorted(deck) == list(ALL_CARDS)
    ...
    >>> test_every_card_once()
    """
    st = _strategies()
    result: SearchStrategy[tuple[Card, ...]] = st.permutations(ALL_CARDS).map(tuple)
    return result


def seeds() -> SearchStrategy[int]:
    """Seeds for :func:`seep.new_deal` (non-negative integers below 2**32).

    >>> from seep.testing import seeds
    >>> from hypothesis import find
    >>> find(seeds(), lambda seed: seed >= 10)
    10
    """
    st = _strategies()
    result: SearchStrategy[int] = st.integers(min_value=0, max_value=2**32 - 1)
    return result


def deals(variant: str | Variant = "standard") -> SearchStrategy[State]:
    """New deals of ``variant`` from :func:`seeds`, with any dealer.

    >>> from seep.testing import deals
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, derandomize=True, database=None)
    ... @given(deals())
    ... def test_the_bidder_moves_first(state):
    ...     assert state.to_move == state.bidder and state.plays == 0  # R2.1
    ...
    >>> test_the_bidder_moves_first()
    """
    st = _strategies()
    rules = get_variant(variant)
    result: SearchStrategy[State] = st.builds(
        lambda seed, dealer: new_deal(rules, seed=seed, dealer=dealer),
        seeds(),
        st.integers(min_value=0, max_value=rules.players - 1),
    )
    return result


def _walk(draw: DrawFn, variant: Variant, max_plays: int | None, prefer_builds: bool) -> State:
    """A new deal, then legal moves chosen by draws (see :func:`reachable_states`)."""
    st = _strategies()
    state: State = draw(deals(variant))
    last = variant.plays_per_deal
    if max_plays is None:
        # One time in eight play the deal out, so finished states appear too.
        finish = draw(st.integers(min_value=0, max_value=7)) == 7
        target = last if finish else draw(st.integers(min_value=0, max_value=last - 1))
    else:
        target = draw(st.integers(min_value=0, max_value=min(max_plays, last)))

    def step() -> None:
        nonlocal state
        moves: Sequence[Move] = legal_moves(state)
        if prefer_builds:
            builds = [move for move in moves if isinstance(move, (Build, Raise))]
            # Three times in four, build when a build exists (shrinks to building).
            if builds and draw(st.integers(min_value=0, max_value=3)) != 3:
                moves = tuple(builds)
        state = apply_move(state, moves[draw(st.integers(min_value=0, max_value=len(moves) - 1))])

    while not state.is_over and state.plays < target:
        step()
    if state.phase is Phase.BID and draw(st.booleans()):
        step()  # sometimes stop right after the bid, before play 1
    if prefer_builds:
        while not state.is_over and not state.houses:
            step()
        if not state.houses:  # a deal without any build: rare, so filtering is cheap
            from hypothesis import reject

            reject()
    return state


def reachable_states(
    variant: str | Variant = "standard", max_plays: int | None = None
) -> SearchStrategy[State]:
    """States reached from a new deal by random legal moves.

    Each move is picked by a Hypothesis draw of its index in
    :func:`seep.legal_moves`, so failures shrink to short games and to the
    first moves in canonical order. With ``max_plays=None`` the number of
    plays is anything from 0 to a finished deal (about one state in eight is
    finished); otherwise at most ``max_plays`` cards are played. A state with
    0 plays may be before or after the bid.

    >>> from seep.testing import reachable_states
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, derandomize=True, database=None)
    ... @given(reachable_states(max_plays=5))
    ... def test_few_plays(state):
    ...     assert state.plays <= 5
    ...
    >>> test_few_plays()
    """
    return _walks(variant, max_plays, prefer_builds=False)


def states_with_houses(
    variant: str | Variant = "standard", max_plays: int | None = None
) -> SearchStrategy[State]:
    """Reachable states with at least one house on the floor (R5).

    The random play prefers builds and raises whenever there are any, and
    after ``max_plays`` plays (default: a random count) it keeps playing,
    still preferring builds, until a house stands; so examples rarely need
    to be filtered out. Such states are always in play: no house outlives a
    deal (R3.2, R9.2).

    >>> from seep.testing import states_with_houses
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, derandomize=True, database=None)
    ... @given(states_with_houses(max_plays=8))
    ... def test_houses_have_owners(state):
    ...     assert state.houses and all(house.owners for house in state.houses)
    ...
    >>> test_houses_have_owners()
    """
    return _walks(variant, max_plays, prefer_builds=True)


def _walks(
    variant: str | Variant, max_plays: int | None, *, prefer_builds: bool
) -> SearchStrategy[State]:
    """The strategy of :func:`reachable_states` and :func:`states_with_houses`."""
    rules = get_variant(variant)
    if max_plays is not None and max_plays < 0:
        raise ValueError(f"max_plays must be >= 0, not {max_plays}")
    result: SearchStrategy[State] = _strategies().composite(_walk)(rules, max_plays, prefer_builds)
    return result


def legal_moves_of(state: State) -> SearchStrategy[Move]:
    """One of the legal moves of ``state`` (nothing when the deal is over).

    Combine with a state strategy through ``flatmap`` or ``st.data()``.

    >>> from seep.testing import legal_moves_of
    >>> from hypothesis import find
    >>> from seep import new_deal
    >>> state = new_deal("standard", seed=10)
    >>> find(legal_moves_of(state), lambda move: move.value >= 11)
    Bid(value=11)
    """
    moves = legal_moves(state)
    st = _strategies()
    if not moves:
        nothing: SearchStrategy[Move] = st.nothing()
        return nothing
    result: SearchStrategy[Move] = st.sampled_from(moves)
    return result


def random_moves() -> SearchStrategy[Move]:
    """Arbitrary well-formed moves, legal or not: for tests that moves are refused.

    Any card, any set of up to six other loose cards, house values 9..13.

    >>> from seep.testing import random_moves
    >>> from hypothesis import given, settings
    >>> from seep import is_legal, new_deal, Bid
    >>> fresh = new_deal("standard", seed=1)  # nothing but a bid is legal here
    >>> @settings(max_examples=20, derandomize=True, database=None)
    ... @given(random_moves())
    ... def test_only_bids(move):
    ...     assert not is_legal(fresh, move) or isinstance(move, Bid)
    ...
    >>> test_only_bids()
    """
    st = _strategies()
    values = st.integers(min_value=9, max_value=13)

    def loose_without(card: Card) -> SearchStrategy[CardSet]:
        others: SearchStrategy[CardSet] = card_sets(max_size=6).map(
            lambda cards: cards - CardSet.of([card])
        )
        return others

    def with_card(make: Callable[[Card], SearchStrategy[Move]]) -> SearchStrategy[Move]:
        built: SearchStrategy[Move] = cards().flatmap(make)
        return built

    result: SearchStrategy[Move] = st.one_of(
        st.builds(Throw, card=cards()),
        with_card(
            lambda card: st.builds(
                Take, card=st.just(card), loose=loose_without(card), house=st.none() | values
            )
        ),
        with_card(
            lambda card: st.builds(
                Build, card=st.just(card), loose=loose_without(card), value=values
            )
        ),
        st.builds(Raise, card=cards(), house=values),
        st.builds(Bid, value=values),
    )
    return result

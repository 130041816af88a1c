"""Tools for testing bots, house rules and the engine itself.

:func:`position` builds a valid hand-made state from the cards that matter.
:func:`api_test` plays random deals of a variant (a custom one too) and
checks the engine's contracts at every step, like the API tests that game
libraries ship for their users' environments.

The other functions are `Hypothesis <https://hypothesis.readthedocs.io>`_
strategies for property-based tests: cards, card sets, decks, seeds, new
deals, states reached by random legal play, states with houses on the floor,
legal moves of a state, and arbitrary (usually illegal) moves.

Hypothesis is a development dependency, not a dependency of ``seep``:
``import seep`` and ``import seep.testing`` never import it, and
:func:`position` works without it. Each strategy function imports Hypothesis
when it is called and raises :class:`ImportError` if it is not installed
(``pip install hypothesis``, or the ``dev`` extra).

Random play is driven by Hypothesis draws (one move index per play), so a
failing example shrinks towards fewer plays and earlier moves in canonical
order:

>>> from hypothesis import given, settings
>>> from seep import apply_move, legal_moves
>>> @settings(max_examples=10, derandomize=True, database=None)
... @given(reachable_states(max_plays=6))
... def test_a_mover_always_has_a_move(state):
...     assert state.is_over or legal_moves(state)  # R3.3
>>> test_a_mover_always_has_a_move()
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from seep._position import position
from seep.cards import ALL_CARDS, Card, CardSet
from seep.deal import new_deal
from seep.moves import Bid, Build, Move, Raise, Take, Throw
from seep.notation import format_move, parse_move
from seep.rules import apply_move, check_move, count_legal_moves, is_legal, legal_moves
from seep.sampling import sample_state
from seep.scoring import deal_score
from seep.serialization import move_from_dict, move_to_dict, state_from_dict, state_to_dict
from seep.state import Phase, State
from seep.variants import Variant, get_variant, variant_names
from seep.views import observe, view_from_dict, view_to_dict

if TYPE_CHECKING:
    from types import ModuleType

    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = [
    "ApiTestReport",
    "api_test",
    "card_sets",
    "cards",
    "deals",
    "decks",
    "legal_moves_of",
    "position",
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

    >>> from hypothesis import find
    >>> find(cards(), lambda card: card.value == 13)
    Card('KS')
    """
    st = _strategies()
    result: SearchStrategy[Card] = st.sampled_from(ALL_CARDS)
    return result


def card_sets(min_size: int = 0, max_size: int = 52) -> SearchStrategy[CardSet]:
    """Sets of ``min_size`` to ``max_size`` distinct cards.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, derandomize=True, database=None)
    ... @given(card_sets(min_size=2, max_size=5))
    ... def test_sizes(cards):
    ...     assert 2 <= len(cards) <= 5
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

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5, derandomize=True, database=None)
    ... @given(decks())
    ... def test_every_card_once(deck):
    ...     assert sorted(deck) == list(ALL_CARDS)
    >>> test_every_card_once()
    """
    st = _strategies()
    result: SearchStrategy[tuple[Card, ...]] = st.permutations(ALL_CARDS).map(tuple)
    return result


def seeds() -> SearchStrategy[int]:
    """Seeds for :func:`seep.new_deal` (non-negative integers below 2**32).

    >>> from hypothesis import find
    >>> find(seeds(), lambda seed: seed >= 10)
    10
    """
    st = _strategies()
    result: SearchStrategy[int] = st.integers(min_value=0, max_value=2**32 - 1)
    return result


def deals(variant: str | Variant = "standard") -> SearchStrategy[State]:
    """New deals of ``variant`` from :func:`seeds`, with any dealer.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, derandomize=True, database=None)
    ... @given(deals())
    ... def test_the_bidder_moves_first(state):
    ...     assert state.to_move == state.bidder and state.plays == 0  # R2.1
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

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, derandomize=True, database=None)
    ... @given(reachable_states(max_plays=5))
    ... def test_few_plays(state):
    ...     assert state.plays <= 5
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

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, derandomize=True, database=None)
    ... @given(states_with_houses(max_plays=8))
    ... def test_houses_have_owners(state):
    ...     assert state.houses and all(house.owners for house in state.houses)
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

    >>> from hypothesis import given, settings
    >>> from seep import is_legal, new_deal
    >>> fresh = new_deal("standard", seed=1)  # nothing but a bid is legal here
    >>> @settings(max_examples=20, derandomize=True, database=None)
    ... @given(random_moves())
    ... def test_only_bids(move):
    ...     assert not is_legal(fresh, move) or isinstance(move, Bid)
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


# -- api_test ---------------------------------------------------------------

_ALL = (1 << 52) - 1


@attrs.frozen(kw_only=True)
class ApiTestReport:
    """What :func:`api_test` checked: counts, for a glance at how much was covered.

    ``deals`` deals were played to the end (``plays`` cards in all);
    ``states`` states were checked (every state on the way, start and end
    included); ``moves`` legal moves were applied and round-tripped;
    ``views`` seat views were checked for leaks; ``seeps`` seeps were made;
    ``records`` game records were written, read back and replayed (none for
    a variant that is not registered, since a record names its variant).
    """

    variant: str
    deals: int
    plays: int
    states: int
    moves: int
    views: int
    seeps: int
    records: int


class _Checker:
    """The checks of :func:`api_test` on one state; failures raise ``AssertionError``."""

    def __init__(self, variant: Variant, rng: random.Random, moves_per_state: int | None) -> None:
        self.variant = variant
        self.rng = rng
        self.moves_per_state = moves_per_state
        self.where = ""
        self.states = self.moves = self.views = self.records = 0

    def fail(self, what: str) -> AssertionError:
        return AssertionError(f"api_test({self.variant.name!r}): {self.where}: {what}")

    def cards(self, state: State) -> None:
        """R1.1: the 52 cards, each exactly once, across hands, stock, floor and piles."""
        parts = [
            *(hand.mask for hand in state.hands),
            *(pile.mask for pile in state.piles),
            state.loose.mask,
            *(house.cards.mask for house in state.houses),
        ]
        stock = 0
        for card in state.stock:
            stock |= 1 << card
        union = stock
        count = len(state.stock)
        for mask in parts:
            union |= mask
            count += mask.bit_count()
        if union != _ALL or count != 52:
            missing = CardSet(_ALL & ~union)
            raise self.fail(
                f"{count} cards in the state, the 52 cards needed each once (R1.1); "
                f"missing: {missing or '-'}"
            )

    def json(self, state: State) -> None:
        """Appendix B: the state survives ``state_to_dict`` / ``state_from_dict``."""
        doc = state_to_dict(state)
        try:
            back = state_from_dict(doc, variant=self.variant)
        except Exception as error:
            raise self.fail(
                f"state_from_dict refuses state_to_dict's document: {error!r}"
            ) from None
        if back != state:
            raise self.fail("state_from_dict(state_to_dict(state)) != state")

    def move(self, state: State, move: Move) -> State:
        """The move round-trips, is legal, applies, and leaves ``state`` unchanged."""
        text = format_move(move)
        try:
            parsed = parse_move(text)
        except Exception as error:
            raise self.fail(f"parse_move({text!r}) failed: {error!r}") from None
        if parsed != move or format_move(parsed) != text:
            raise self.fail(f"notation round trip of {move!r}: {text!r} reads as {parsed!r}")
        doc = move_to_dict(move)
        if move_from_dict(doc) != move:
            raise self.fail(f"move_from_dict(move_to_dict(m)) != m for {text!r}")
        if not is_legal(state, move):
            raise self.fail(f"legal_moves lists {text!r} but is_legal says no")
        before = state_to_dict(state)
        try:
            check_move(state, move)
            after = apply_move(state, move)
        except Exception as error:
            raise self.fail(f"the legal move {text!r} does not apply: {error!r}") from None
        if state_to_dict(state) != before:
            raise self.fail(f"apply_move changed the state it was given ({text!r})")
        expected = state.plays + (0 if isinstance(move, Bid) else 1)
        if after.plays != expected:
            raise self.fail(f"{text!r}: plays went from {state.plays} to {after.plays}")
        self.cards(after)
        self.moves += 1
        return after

    def views_of(self, state: State) -> None:
        """No view leaks: it names no hidden card, round-trips, and survives resampling."""
        stock = 0
        for card in state.stock:
            stock |= 1 << card
        for seat in range(state.players):
            view = observe(state, seat)
            hidden = stock | (0 if state.face_up else state.loose.mask)
            for other, hand in enumerate(state.hands):
                if other != seat:
                    hidden |= hand.mask
            doc = view_to_dict(view)
            shown = CardSet.of(_card_strings(doc))
            if shown.mask & hidden:
                leaked = CardSet(shown.mask & hidden)
                raise self.fail(f"the view of seat {seat} shows hidden cards {leaked}")
            if view_from_dict(doc, variant=self.variant) != view:
                raise self.fail(f"view_from_dict(view_to_dict(v)) != v for seat {seat}")
            try:
                sample = sample_state(view, self.rng)
            except Exception as error:
                raise self.fail(f"sample_state for seat {seat} failed: {error!r}") from None
            if observe(sample, seat) != view:
                raise self.fail(
                    f"seat {seat} sees something else in a state resampled from its view: "
                    "observe() depends on hidden cards"
                )
            self.views += 1

    def state(self, state: State) -> Sequence[Move]:
        """Check one state of a deal; return its legal moves."""
        self.states += 1
        self.cards(state)
        self.json(state)
        self.views_of(state)
        try:
            moves = legal_moves(state)
        except Exception as error:
            raise self.fail(f"legal_moves raised {error!r}") from None
        if state.is_over:
            if moves:
                raise self.fail("the deal is over but legal_moves is not empty")
            return moves
        if not moves:
            raise self.fail("no legal move before the end of the deal (R3.3)")
        listed = tuple(moves)
        if count_legal_moves(state) != len(listed) or len(set(listed)) != len(listed):
            raise self.fail("count_legal_moves or duplicates disagree with legal_moves")
        if list(moves) != sorted(moves):
            raise self.fail("legal_moves is not in canonical order")
        checked: Sequence[Move] = listed
        limit = self.moves_per_state
        if limit is not None and len(moves) > limit:
            checked = tuple(self.rng.sample(moves, limit))
        for move in checked:
            self.move(state, move)
        return moves

    def final(self, state: State) -> None:
        """R9: every card played; the floor swept to the last capturer; scores add up."""
        variant = self.variant
        if state.plays != variant.plays_per_deal:
            raise self.fail(f"the deal ended after {state.plays} plays")
        if state.to_move is not None or any(state.hands) or state.stock or state.houses:
            raise self.fail("a finished deal has no mover, no hands, no stock and no houses")
        score = deal_score(state)
        for team in score.teams:
            values = (team.cards, team.seeps, team.total)
            if any(type(value) is not int for value in values):
                raise self.fail(f"deal_score gave non-int points {team!r}")
            if team.cards + team.seeps != team.total:
                raise self.fail(f"deal_score total is not cards + seeps: {team!r}")
        if state.last_capture is None:
            if any(state.piles) or score.totals != (0,) * len(score.totals):
                raise self.fail("nobody captured, yet something was scored (R9.2)")
            return
        if state.loose:
            raise self.fail("the floor was not swept to the last capturer (R9.2)")
        table = variant.card_points
        sizes = [len(pile) for pile in state.piles]
        expected = sum(table.points)
        if table.most_cards and sizes.count(max(sizes)) == 1:
            expected += table.most_cards
        cards = sum(team.cards for team in score.teams)
        if cards != expected:
            raise self.fail(
                f"the teams' card points add up to {cards}, the variant's table to {expected}"
            )

    def record(self, start: State, moves: Sequence[Move], final: State) -> None:
        """The deal's game record replays to its final state, through text and JSON."""
        name = self.variant.name
        if name not in variant_names() or get_variant(name) != self.variant:
            return  # a record names its variant, so only a registered one can be read back
        from seep.records import (
            format_record,
            parse_record,
            record_from_deal,
            record_from_dict,
            record_to_dict,
            replay,
        )

        try:
            record = record_from_deal(start, moves)
            text = format_record(record)
            read = parse_record(text)  # also verifies every move and the score
            loaded = record_from_dict(record_to_dict(record))
        except Exception as error:
            raise self.fail(f"the deal's game record does not round-trip: {error!r}") from None
        if read != record or loaded != record:
            raise self.fail("the deal's game record reads back different")
        if replay(read)[0][-1] != final:
            raise self.fail("the deal's game record replays to another final state")
        self.records += 1


def _card_strings(doc: Any) -> Iterator[str]:
    """Every two-character card string inside a JSON document."""
    if isinstance(doc, str):
        if len(doc) == 2 and doc[0] in "A23456789TJQK" and doc[1] in "SHDC":
            yield doc
    elif isinstance(doc, dict):
        for value in doc.values():
            yield from _card_strings(value)
    elif isinstance(doc, list):
        for item in doc:
            yield from _card_strings(item)


def api_test(
    variant: str | Variant = "standard",
    *,
    deals: int = 5,
    seed: int = 0,
    moves_per_state: int | None = 64,
) -> ApiTestReport:
    """Play ``deals`` random deals of ``variant`` and check the engine's contracts.

    Use it on a custom variant (a house rule, a new seep or match rule) to
    see that the engine and the new rule objects work together. Deal ``i``
    is shuffled from ``seed + i`` with dealer ``i % players``; moves are
    chosen at random from ``random.Random(seed)``, so a run is reproducible
    (and the deals played do not depend on ``moves_per_state``).
    At every state of every deal it checks:

    * the 52 cards are all there, each once (R1.1), before and after every
      move;
    * there is a legal move until the deal ends (R3.3), none after;
      :func:`seep.count_legal_moves` agrees, no move is listed twice and the
      order is canonical;
    * every legal move (at most ``moves_per_state`` of them, a random
      sample on crowded floors; ``None`` for all) round-trips through
      notation and JSON, is accepted by :func:`seep.is_legal` and
      :func:`seep.check_move`, applies, adds one play (none for a bid), and
      leaves the state it was applied to unchanged;
    * the state round-trips through JSON (Appendix B);
    * no view leaks: the JSON of each seat's view names none of the cards
      that seat cannot see, round-trips, and a state resampled from the
      view (:func:`seep.sampling.sample_state`) gives the same view;
    * the deal ends after 48 plays with no hands, stock or houses left; the
      floor went to the last capturer (R9.2); every seep bonus is an
      ``int``; and the teams' card points add up to the variant's
      card-point table (plus its most-cards bonus unless tied) when anyone
      captured, to nothing when nobody did;
    * for a registered variant, the deal's game record
      (:mod:`seep.records`) survives text and JSON, passes
      :func:`seep.records.verify` and replays to the same final state.

    A failure raises :class:`AssertionError` saying which deal, play and
    move; anything the engine raises on the way is turned into one. Returns
    an :class:`ApiTestReport`.

    >>> import attrs
    >>> from seep import STANDARD
    >>> from seep.variants import SeepBonus
    >>> house_rule = attrs.evolve(STANDARD, name="big-seeps", seep_bonus=SeepBonus(normal=100))
    >>> report = api_test(house_rule, deals=1, seed=3, moves_per_state=8)
    >>> report.deals, report.plays
    (1, 48)
    """
    rules = get_variant(variant)
    if not isinstance(deals, int) or deals < 0:
        raise ValueError(f"deals is a non-negative int, not {deals!r}")
    if moves_per_state is not None and moves_per_state < 1:
        raise ValueError(f"moves_per_state is None or at least 1, not {moves_per_state!r}")
    rng = random.Random(seed)  # the moves played; the checks draw from their own generator
    checker = _Checker(rules, random.Random(f"api_test/{seed}"), moves_per_state)
    plays = seeps = 0
    limit = rules.plays_per_deal + 2  # the cards, a bid, one spare
    for number in range(deals):
        dealer = number % rules.players
        checker.where = f"deal {number + 1} (seed {seed + number}, dealer {dealer}), start"
        try:
            state = new_deal(rules, seed=seed + number, dealer=dealer)
        except Exception as error:
            raise checker.fail(f"new_deal raised {error!r}") from None
        start = state
        played: list[Move] = []
        for _ in range(limit):
            moves = checker.state(state)
            if state.is_over:
                break
            move = moves[rng.randrange(len(moves))]
            played.append(move)
            state = checker.move(state, move)
            checker.where = (
                f"deal {number + 1} (seed {seed + number}, dealer {dealer}), "
                f"play {state.plays}, after {format_move(move)!r}"
            )
        else:
            raise checker.fail(f"the deal did not end within {limit} moves")
        checker.final(state)
        checker.record(start, played, state)
        plays += state.plays
        seeps += len(state.seeps)
    return ApiTestReport(
        variant=rules.name,
        deals=deals,
        plays=plays,
        states=checker.states,
        moves=checker.moves,
        views=checker.views,
        seeps=seeps,
        records=checker.records,
    )
